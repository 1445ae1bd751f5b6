/* Completion puzzles: parse, format, count completions, generate, grade, hint. */
#ifndef NQ_PUZZLE_H
#define NQ_PUZZLE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board.h"

/* Largest n a puzzle or a position in play may have: masks are 64 bits. */
#define PUZZLE_MAX_N 32

/* The board sizes the generator makes puzzles for. */
#define PUZZLE_GEN_MIN_N 5
#define PUZZLE_GEN_MAX_N 20

#define PUZZLE_TITLE_MAX 128

/*
 * The work limit: the searches one call makes (one measure, one status, one
 * hint) share this many steps, a step being one file's free ranks worked out.
 * That is well under a second's work; past it the call says it stopped
 * rather than answer.  Counting the same steps everywhere keeps the
 * generator's puzzles the same on every machine.
 */
#define PUZZLE_WORK_LIMIT UINT64_C(50000000)

/* How hard a puzzle is, as puzzle_measure grades it. */
enum puzzle_grade { PUZZLE_EASY, PUZZLE_MEDIUM, PUZZLE_HARD, PUZZLE_GRADES };

/*
 * A completion puzzle: an n×n board with locked queens given on some files,
 * none attacking another; the player places the rest.
 */
struct puzzle {
	int n;
	int ngiven;
	int given[PUZZLE_MAX_N]; /* 0-based rank of the given queen by file; -1: none */
	enum puzzle_grade grade;
	char title[PUZZLE_TITLE_MAX];
};

/*
 * What a plain search says about a puzzle, and the grade that follows.  The
 * plain search fills the empty files from a upward, trying ranks from 1 up,
 * and runs to the end to show that no other completion exists, or until it
 * finds a second one.  When the work limit runs out first, judged is false
 * and grade is PUZZLE_GRADES.
 */
struct puzzle_measure {
	bool judged;          /* the searches ended within the work limit */
	uint64_t completions; /* counted up to 2: 1 means unique */
	uint64_t nodes;       /* queens the plain search places */
	uint64_t steps;       /* the work all the searches took together */
	int empty;            /* files without a given queen: n - k */
	bool minimal;         /* unique, and unique with no given left out */
	enum puzzle_grade grade;
};

/* "easy", "medium", "hard"; and back, PUZZLE_GRADES for anything else. */
const char *puzzle_grade_name(enum puzzle_grade g);
enum puzzle_grade puzzle_grade_from_name(const char *name);

/*
 * Parses a puzzle file's text; name (the file name) starts every error, which
 * reads "NAME:LINE: what is wrong" ("NAME: empty: ..." for no line at all).
 * Returns 0, or -1 with the reason in err.  Puzzles without a completion are
 * refused; several completions are allowed, and the grade is the file's
 * (puzzle_measure says what it measures).  When the work limit runs out
 * before a completion is found or ruled out, the puzzle is accepted: what
 * measures or plays it says that it could not judge it.  A byte-order mark
 * before the first line is read past.
 */
int puzzle_parse(const char *text, const char *name, struct puzzle *out, char *err,
                 size_t errlen);

/* Reads and parses the file at path; errors name the path. */
int puzzle_load(const char *path, struct puzzle *out, char *err, size_t errlen);

/* A puzzle file of a directory, loaded, or with the reason it could not be. */
struct puzzle_entry {
	char id[128]; /* the file's name without .txt, which names its best time */
	bool ok;
	struct puzzle pz;
	char err[256];
};

/*
 * Reads every NAME.txt of dir into a malloc'd array (*out NULL and *count 0
 * when dir is NULL or cannot be read), in the order a player goes through
 * them: by size, then grade (easy, medium, hard), then name; a bad file is
 * listed with its error, after the others, not left out.
 */
void puzzle_list(const char *dir, struct puzzle_entry **out, size_t *count);

/* Writes the puzzle in the file format; returns the length needed, as snprintf. */
size_t puzzle_format(const struct puzzle *pz, char *buf, size_t len);

/*
 * Counts the completions of the given queens to solutions, stopping at limit
 * (0: no limit) or after budget steps (0: no bound; see PUZZLE_WORK_LIMIT).
 * cancel, if not NULL, is polled: when it becomes non-zero the count stops
 * and -1 is returned.  Returns 0 with the count in *count; 1 when the budget
 * ran out first, with the completions found so far in *count.
 */
int puzzle_completions(const struct puzzle *pz, uint64_t limit, uint64_t budget,
                       const atomic_int *cancel, uint64_t *count);

/*
 * One solution that keeps the queens of ranks (0-based by file, -1 for an
 * empty file; on distinct files) into out: the first the search finds, or
 * with no queen given the first in order.  Returns 1, 0 when no solution
 * keeps them, or -1 when the budget (0: none) ran out first.
 */
int puzzle_complete(int n, const int *ranks, uint64_t budget, int *out);

/*
 * Measures a puzzle and grades it.  With k given queens and e = n - k empty
 * files: easy when 2k >= n and nodes <= 2e; hard when 2k < n, the givens are
 * minimal and 4 nodes >= n e (the plain search places at least n/4 queens
 * per empty file); medium otherwise.  The searches share budget steps (0: no
 * bound); when it runs out, m->judged is false.  Returns 0, or -1 for a bad n.
 */
int puzzle_measure(const struct puzzle *pz, uint64_t budget, struct puzzle_measure *m);

/*
 * Makes a puzzle with exactly one completion at the given grade for
 * PUZZLE_GEN_MIN_N <= n <= PUZZLE_GEN_MAX_N.  The same n, seed and grade give
 * the same puzzle on every machine.  A candidate that the work limit cannot
 * judge is skipped.  Returns 0, or -1 (a bad n or grade, or no puzzle found,
 * which the tests rule out for the shipped range).
 */
int puzzle_generate(int n, uint64_t seed, enum puzzle_grade grade, struct puzzle *out);

/*
 * A new puzzle for a player, as puzzle_generate makes it, its seed in its
 * title ("8 queens, medium, seed 42": nqueens puzzle 8 --grade medium
 * --seed 42 makes it again) and its name for the best times in id
 * ("08-medium-seed-42", so that it counts with its size and grade).
 */
int puzzle_made(int n, uint64_t seed, enum puzzle_grade grade, struct puzzle *out,
                char *id, size_t idlen);

/* A seed nobody chose: the clock to the nanosecond, to be shown so it can be reused. */
uint64_t puzzle_clock_seed(void);

/* Places the given queens on b, which it initialises. */
int puzzle_to_board(const struct puzzle *pz, struct board *b);

/* Places the given queens on b, an n×n board already set up (a no-op where they stand).
 */
void puzzle_place_givens(const struct puzzle *pz, struct board *b);

/* True when sq holds one of the puzzle's given (locked) queens. */
bool puzzle_is_given(const struct puzzle *pz, struct square sq);

/* What the Play screen shows about a position in play. */
struct puzzle_status {
	bool completable;     /* some solution contains every queen on the board */
	bool solved;          /* the board is a solution */
	uint64_t completions; /* how many solutions contain them, up to the limit */
	bool at_limit;        /* the count stopped at the limit: there may be more */
	/*
	 * The budget ran out first: completions is how many were found, and
	 * with none found, whether there is any is not known.
	 */
	bool unfinished;
};

/*
 * Judges a position with queens on any squares: two queens on one file or
 * attacking each other leave no completion.  Counts up to limit (0: all) in
 * at most budget steps (0: no bound).  Returns 0; -1 when cancelled (see
 * puzzle_completions) or n > PUZZLE_MAX_N.
 */
int puzzle_status(const struct board *b, uint64_t limit, uint64_t budget,
                  const atomic_int *cancel, struct puzzle_status *out);

enum puzzle_hint_kind {
	PUZZLE_HINT_NONE,    /* solved, or stuck with only given queens */
	PUZZLE_HINT_PLACE,   /* a queen on sq keeps the position completable */
	PUZZLE_HINT_REMOVE,  /* the position has no completion: take sq away */
	PUZZLE_HINT_UNKNOWN, /* the budget ran out before any hint was found */
};

struct puzzle_hint {
	enum puzzle_hint_kind kind;
	struct square sq;
	/*
	 * PLACE: the squares of sq's file that keep the position completable
	 * (the hint's file is one with the fewest, of the files looked at
	 * before the budget ran out).  REMOVE: 1 when removing sq alone makes
	 * the position completable, 0 when more must go.
	 */
	int choices;
};

/*
 * A hint for the position on b, found in at most budget steps (0: no bound).
 * Queens given by pz (may be NULL) are never suggested for removal.  Returns
 * 0; -1 when cancelled or n > PUZZLE_MAX_N.
 */
int puzzle_hint(const struct board *b, const struct puzzle *pz, uint64_t budget,
                const atomic_int *cancel, struct puzzle_hint *out);

#endif
