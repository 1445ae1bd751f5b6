/* The stepping engine: each search algorithm as a reversible stream of events. */
#ifndef NQ_SEARCH_H
#define NQ_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board.h"

enum search_algo {
	SEARCH_BACKTRACK, /* array checks of ranks and diagonals (Dijkstra, Wirth) */
	SEARCH_SCAN,      /* the same search, checking by scanning the board */
	SEARCH_PERMUTE,   /* permutations of the ranks, pruned on diagonals */
	SEARCH_BITS,   /* the same tree as backtrack, the free ranks kept as bitmasks */
	SEARCH_REPAIR, /* min-conflicts repair from a random permutation */
	SEARCH_CONSTRUCT, /* the explicit construction by n mod 6 */
	SEARCH_ALGO_COUNT
};

/* Goal of the tree searches; repair and construct stop at their one solution. */
enum search_goal { SEARCH_ALL, SEARCH_FIRST };

enum search_kind {
	SEARCH_EV_NONE,     /* nothing has happened yet */
	SEARCH_EV_TRY,      /* sq is tested */
	SEARCH_EV_REJECT,   /* sq is attacked by the queen on attacker along line */
	SEARCH_EV_PLACE,    /* a queen is put on sq */
	SEARCH_EV_ENTER,    /* solve(file) is called */
	SEARCH_EV_SOLUTION, /* the board holds solution number `solution` */
	SEARCH_EV_REMOVE,   /* the queen on sq is taken off (backtracking) */
	SEARCH_EV_RETURN,   /* solve(file) returns */
	SEARCH_EV_MOVE,     /* repair: the queen on from goes to sq */
	SEARCH_EV_DONE      /* the search is over */
};

struct search_event {
	enum search_kind kind;
	struct square sq;
	struct square attacker; /* REJECT */
	enum board_line line;   /* REJECT: BOARD_LINE_RANK, _DIAGONAL or _ANTI */
	struct square from;     /* MOVE */
	int file;               /* ENTER, RETURN: the argument of solve, 0-based */
	uint64_t conflicts;     /* MOVE: attacking pairs after the move */
	uint64_t solution;      /* SOLUTION: its number, from 1 */
};

/* One active call solve(file) and its loop variable (-1 before the loop). */
struct search_frame {
	int file;
	int rank;
};

/*
 * Each counter of a tree search is what the listings of data/code/ do, in
 * every language (tests/oracle.sh checks it against the Python ones).
 */
struct search_counters {
	uint64_t events; /* events so far; the last one is event #events */
	/*
	 * Squares tested: TRY events, the loop passes that run the first test
	 * (backtrack's and permute's rank_used, scan's safe), and repair's
	 * candidates.  bits never tests an attacked square (its free set
	 * leaves them out), so each of its tests is the pick of a free rank,
	 * followed by a placement.
	 */
	uint64_t tested;
	uint64_t examined;  /* scan: squares looked at by seen(), board[f][r] */
	uint64_t placed;    /* queens placed: the tree's nodes but the root (A319284) */
	uint64_t removed;   /* queens removed when backtracking */
	uint64_t solutions; /* solutions found */
	uint64_t moves;     /* repair: queens moved */
	uint64_t calls;     /* tree searches: calls of solve, the outermost too */
};

struct search;

/* "backtrack", "scan", "permute", "bits", "repair", "construct". */
const char *search_algo_name(enum search_algo a);

/* Parses a name as search_algo_name writes it; SEARCH_ALGO_COUNT when none. */
enum search_algo search_algo_from_name(const char *name);

/*
 * Whether an algorithm searches a tree of partial boards (backtrack, scan,
 * permute, bits), stepping back from dead ends; repair and construct instead
 * follow a plan to one solution.
 */
bool search_is_tree(enum search_algo a);

/* The board sizes an algorithm accepts. */
int search_min_n(enum search_algo a);
int search_max_n(enum search_algo a);

/*
 * A search for n queens, before its first event.  seed drives repair's random
 * choices (the same seed gives the same events).  NULL with a one-line reason
 * in err when n is out of range or memory is short.
 */
struct search *search_new(enum search_algo a, int n, enum search_goal goal, uint64_t seed,
                          char *err, size_t errlen);

/*
 * The same, continuing from queens a person placed: given[f] is the 0-based
 * rank of the queen on file f, -1 for an empty file.  The tree searches keep
 * the given queens and fill the empty files in order (the given queens must
 * not attack each other, and one file at least must be empty); repair starts
 * from them and fills the empty files at random; construct refuses.
 */
struct search *search_new_from(enum search_algo a, int n, enum search_goal goal,
                               uint64_t seed, const int *given, char *err, size_t errlen);
void search_free(struct search *s);

/* Produces the next event; false when the search was already over. */
bool search_step(struct search *s);

/*
 * Steps until an event whose kind is in stop (a mask of 1u << kind) has been
 * produced, the search is over, or max events have passed (0: no limit).
 * Returns the number of events produced.
 */
uint64_t search_run(struct search *s, unsigned stop, uint64_t max);

/* Undoes the last event; false at the start. */
bool search_back(struct search *s);

/* Goes to the state just after event #k (0: the start); false past the end. */
bool search_seek(struct search *s, uint64_t k);

/* Back to the start, keeping what was learnt for going back. */
void search_restart(struct search *s);

/*
 * What going back keeps: snapshots of the search and the events of the
 * first solutions, SEARCH_SNAPSHOT_BYTES at most, so that a search of
 * billions of events takes no more memory than one of millions; past the
 * bound the snapshots are thinned and a step back replays more events, and
 * a solution not noted is found again from them.  search_set_snapshot_bytes
 * sets another bound (four snapshots at the least); search_snapshot_bytes
 * is what they take now.
 */
#define SEARCH_SNAPSHOT_BYTES ((size_t)24 << 20)
void search_set_snapshot_bytes(struct search *s, size_t bytes);
size_t search_snapshot_bytes(const struct search *s);

/*
 * Where search_run_to stops, after the first event that meets any of these:
 * a kind in kinds (a mask of 1u << kind), a try of the square tried (file -1
 * for none), a call that makes the stack depth frames deep (-1 for none).
 */
struct search_break {
	unsigned kinds;
	struct square tried;
	int depth;
};

/* Whether the last event meets the break: a viewer says which of its breaks did. */
bool search_break_hit(const struct search *s, const struct search_break *b);

/* Runs to a break, the end, or max events (0: no limit); returns the events run. */
uint64_t search_run_to(struct search *s, const struct search_break *b, uint64_t max);

/* Step over: one event, and when it calls solve, on until that call returns. */
uint64_t search_step_over(struct search *s, uint64_t max);

/* Step out: on until the call under way returns (its RETURN event, or the end). */
uint64_t search_step_out(struct search *s, uint64_t max);

/*
 * Back to the event of the solution before the one shown (or of the last
 * solution met, when not on one); false when there is none.
 */
bool search_prev_solution(struct search *s);

/*
 * One call on the path of the tree searches, as the folded tree shows it:
 * of the ranks its loop has finished, how many were dead ends (refused, or
 * tried with no solution below) and how many held solutions (and how many),
 * its rank now (-1 before the loop), and how many ranks it has left to try.
 */
struct search_level {
	int file, rank;
	uint64_t dead, live, solutions;
	uint64_t below; /* solutions found so far below its queen (or the one just taken
	                   off) */
	int unexplored;
};

/* The active calls, outermost first, into out (at most max); their number. */
int search_levels(const struct search *s, struct search_level *out, int max);

/* What a viewer reads. */
enum search_algo search_algo(const struct search *s);
int search_n(const struct search *s);
enum search_goal search_goal(const struct search *s);
bool search_done(const struct search *s);
const struct search_event *search_last(const struct search *s);
const struct search_counters *search_counters(const struct search *s);

/* The queens as 0-based ranks by file, -1 for an empty file. */
const int *search_ranks(const struct search *s);

/*
 * The listings' x: for each file the rank of the last queen placed on it,
 * kept when the queen is taken off (a given queen's rank; 0 where no queen
 * has stood yet, as the listings' x starts).  For the tree searches.
 */
const int *search_x(const struct search *s);

/* Repair: the pairs of queens that attack each other now; 0 for the others. */
uint64_t search_conflicts(const struct search *s);

/* The queens the search started from, as given to search_new_from, or NULL. */
const int *search_given(const struct search *s);

/* The active frames, outermost first; returns how many there are (the depth). */
int search_stack(const struct search *s, const struct search_frame **frames);

/*
 * Nodes of the search tree by level: [k] is the number of positions with k
 * queens reached (k = 0..n; given queens count); NULL for repair and construct.
 */
const uint64_t *search_nodes(const struct search *s);

/*
 * The arrays the listings of data/code/ keep for the tree searches: which
 * ranks hold a queen (line BOARD_LINE_RANK, indexed by rank), which rising
 * diagonals (BOARD_LINE_DIAGONAL, indexed by file - rank + n - 1) and which
 * falling ones (BOARD_LINE_ANTI, indexed by file + rank).  Writes into out,
 * for each index, the file of the queen on that line (-1 for none) and
 * returns the array's length (n, or 2n - 1); 0 for repair and construct.
 */
int search_taken(const struct search *s, enum board_line line, int *out);

/*
 * The variables of one call of the bitmask search, bit r standing for rank
 * r + 1: the masks it was called with (the ranks taken, and the ranks of its
 * file that the rising and the falling diagonals of the queens before it
 * reach), the free set its loop has left to pick, and the bit it picked
 * (0 before its first pick).  up keeps the bits its shifts carried past the
 * board, as the listings' masks do (C's and Java's 32-bit masks drop those
 * past bit 31, all off the board); free is within the board.
 */
struct search_bits {
	uint64_t ranks, up, down, free, bit;
};

/*
 * The bitmask search's active calls, outermost first, into out (at most
 * max); their number.  0 for the other algorithms.  The free set is the one
 * the listing holds after the line the last event lights: a pick's TRY
 * leaves its bit in free, its PLACE has taken it out.
 */
int search_bits(const struct search *s, struct search_bits *out, int max);

/*
 * The 1-based line of data/pseudocode/NAME.txt (NAME from search_algo_name)
 * that the last event executes; 0 before the first event.
 */
int search_line(const struct search *s);

/*
 * The last event in plain words, as `nqueens trace` prints it ("reject b2:
 * attacked by a1 along a diagonal"); "" before the first event.  Returns the
 * length the whole text needs, as snprintf does: a solution lists its ranks.
 */
size_t search_describe(const struct search *s, char *buf, size_t len);

/*
 * The counters as `trace --stats` prints them, one "name: value" a line
 * (the tree searches' nodes per level last).  Returns the length the whole
 * text needs, as snprintf does.
 */
size_t search_format_stats(const struct search *s, char *buf, size_t len);

/*
 * The figures a search counts, each written by search_figure the same way
 * for trace --stats, the Watch screen's counters and its handouts.
 */
enum search_figure {
	SEARCH_FIG_EVENTS,
	SEARCH_FIG_TESTED,
	SEARCH_FIG_EXAMINED, /* scan only */
	SEARCH_FIG_PLACED,
	SEARCH_FIG_REMOVED,
	SEARCH_FIG_MOVES, /* repair only */
	SEARCH_FIG_SOLUTIONS,
	SEARCH_FIG_CALLS, /* the tree searches only; not in Watch's counters */
	SEARCH_FIG_DEPTH, /* the calls under way: the tree searches only, not in --stats
	                   */
	SEARCH_FIG_COUNT
};

/*
 * One figure as "name: value" ("tested: 876") into buf; false, with buf
 * "", when the search has no such figure.
 */
bool search_figure(const struct search *s, enum search_figure f, char *buf, size_t len);

/*
 * The nodes of level k (0 to n) as trace --stats has them ("nodes 3: 140"),
 * or packed as the panels have them under their title ("3:140"); false,
 * with buf "", for repair and construct, which have no tree.
 */
bool search_figure_nodes(const struct search *s, int k, bool packed, char *buf,
                         size_t len);

/*
 * The last event told to a student, in the words of the pseudocode: what
 * happens and why.  Short: one sentence; full: two to four.  Returns the
 * length the whole text needs, as snprintf does.
 */
size_t search_explain(const struct search *s, bool full, char *buf, size_t len);

/* How the narration names what it tells, and what it may tell. */
struct search_words {
	/*
	 * Beside a program of data/code/: the calls by number and the ranks
	 * from 0, as the program counts them (solve(1), rank 3); squares stay
	 * as the board names them (b4).
	 */
	bool numbered;
	/* A question about the next event is asked: its outcome is not told. */
	bool asking;
};

/* The same, in the words how says (NULL: the pseudocode's, nothing asked). */
size_t search_explain_as(const struct search *s, const struct search_words *how,
                         bool full, char *buf, size_t len);

/* search_describe with the calls named as how says ("enter solve(1)"). */
size_t search_describe_as(const struct search *s, const struct search_words *how,
                          char *buf, size_t len);

#endif
