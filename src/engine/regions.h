/*
 * Queens with regions: the board, its file format, the exact solver, the
 * logical solver that grades and hints, and the seeded generator.
 */
#ifndef NQ_REGIONS_H
#define NQ_REGIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board.h"

/*
 * The rules: an n×n board cut into n regions, each connected through the
 * sides of its squares; n queens go one in each row (rank), one in each
 * column (file) and one in each region, no two touching, diagonally
 * included.  Queens do not attack along long diagonals here: only the eight
 * neighbours of a queen are barred beyond its row, column and region.
 *
 * Squares are struct square as everywhere: file 0 is column a, rank 0 is
 * row 1 (the bottom row as drawn).  "Row 3" in the words below is rank 3.
 * Row masks (uint16_t) hold a bit per file, bit f for file f.
 */

/* The board sizes a file may have (masks are 16 bits), and those generated. */
#define REGIONS_MIN_N 4
#define REGIONS_MAX_N 16
#define REGIONS_GEN_MIN_N 5
#define REGIONS_GEN_MAX_N 12

#define REGIONS_TITLE_MAX 128
#define REGIONS_TEXT_MAX 400

/*
 * How hard a puzzle is: the hardest kind of deduction the logical solver
 * needs (see enum regions_kind), or that it gets stuck and a player would
 * have to guess.  REGIONS_UNGRADED: a file that declares no grade.
 */
enum regions_grade {
	REGIONS_EASY,
	REGIONS_MEDIUM,
	REGIONS_HARD,
	REGIONS_GUESSING,
	REGIONS_UNGRADED,
};

/*
 * A regions puzzle, as a file holds it.  region[] gives each square its
 * region 0..n-1 (written as the letters a, b, ...), indexed rank * n + file.
 * Given queens are locked, as in a completion puzzle; marks are squares a
 * player crossed out (a saved game): the solvers and checks ignore them.
 */
struct regions_board {
	int n;
	uint8_t region[REGIONS_MAX_N * REGIONS_MAX_N];
	int given[REGIONS_MAX_N]; /* the rank of the given queen by file, -1: none */
	int ngiven;
	uint16_t marks[REGIONS_MAX_N]; /* by rank: the marked files */
	enum regions_grade grade;      /* declared in the file; REGIONS_UNGRADED: none */
	char title[REGIONS_TITLE_MAX]; /* "" when the file has none */
	int regions_line; /* the line of "regions:" in the file read, 0 for one made */
};

/*
 * The file format (documented in man/nqueens.6, FILES), for example:
 *
 *     # made with: nqueens puzzle --regions 5 --grade easy --seed 7
 *     title: 5 queens with regions, easy, seed 7
 *     size: 5
 *     grade: easy
 *     regions:
 *     aabbb
 *     aabcc
 *     ddbcc
 *     ddeec
 *     deeee
 *     queens: a5
 *     marks: b4 c1
 *
 * Lines starting with '#' and blank lines are skipped.  The "regions:" line
 * is what makes a regions file: it is followed by exactly size lines, the
 * top row (rank n) first, one letter a square, the letters a to the n-th
 * letter each naming one connected region.  size and regions are needed;
 * title, grade (easy, medium, hard), queens (given queens, squares as c4)
 * and marks (squares) are optional.  A classic puzzle file has no
 * "regions:" line; each reader names the other's file as such.
 */

/* "easy", "medium", "hard", "needs guessing", "ungraded"; and back from the first three
 * (REGIONS_UNGRADED for anything else). */
const char *regions_grade_name(enum regions_grade g);
enum regions_grade regions_grade_from_name(const char *name);

/* Whether text is a regions file: it has a "regions:" line (comments skipped). */
bool regions_is_regions_text(const char *text);

/*
 * Parses a regions file's text; name starts every error: "NAME:LINE: what is
 * wrong" (wrong row lengths, letters outside the board's, a count of regions
 * other than n, a region in two parts, given queens that attack each other,
 * a puzzle with no solution, a classic puzzle file).  Two solutions are not
 * refused here: regions_check says so.  Returns 0, or -1 with the reason in err.
 */
int regions_parse(const char *text, const char *name, struct regions_board *out,
                  char *err, size_t errlen);

/* Reads and parses the file at path; errors name the path. */
int regions_load(const char *path, struct regions_board *out, char *err, size_t errlen);

/* Writes the board in the file format; returns the length needed, as snprintf. */
size_t regions_format(const struct regions_board *b, char *buf, size_t len);

/* The region (0..n-1) of a square, and its letter ('a' + region). */
int regions_region(const struct regions_board *b, struct square sq);
char regions_letter(int region);

/* Whether two distinct squares touch: they are among each other's eight neighbours. */
bool regions_touch(struct square a, struct square b);

/* Whether queens on a and b (distinct) break a rule: same row, column or region, or
 * touching. */
bool regions_conflict(const struct regions_board *b, struct square a, struct square c);

/*
 * The squares a queen on q rules out, by rank (bit f for file f): its row,
 * its column, its region and its eight neighbours, q itself included.  For
 * the attack display.
 */
void regions_attacked(const struct regions_board *b, struct square q,
                      uint16_t out[REGIONS_MAX_N]);

/* The regions that share a side with region g, as a mask (bit h for region h). */
uint16_t regions_adjacent(const struct regions_board *b, int g);

/*
 * Whether the region map of b (n and region[]) is a board: n regions, each
 * connected.  0, or -1 with why in err (no file name or line).
 */
int regions_check_map(const struct regions_board *b, char *err, size_t errlen);

/*
 * The exact solver: counts the solutions that keep the given queens, up to
 * limit (2 tells one from several; 0: all), with bitmasks, branching on the
 * row, column or region with the fewest free squares.  The
 * first solution found goes to first (the rank of the queen by file) when
 * it is not NULL; the queens the search placed go to *nodes when not NULL.
 */
int regions_count(const struct regions_board *b, int limit, int *first, uint64_t *nodes);

/*
 * The same search keeping the first min(limit, 2) solutions found in
 * sols[0], sols[1] (the rank of the queen by file).  Returns the count, up
 * to limit.
 */
int regions_solutions(const struct regions_board *b, int limit,
                      int sols[2][REGIONS_MAX_N]);

/*
 * Checks a board as puzzle --check does: one solution, and the grade the
 * logical solver measures.  Returns 0 when it has one solution and (when the
 * file declares one) the declared grade, else 1 with the reason in why
 * ("NAME:LINE: two solutions, ..."); *measured is the measured grade.
 */
int regions_check(const struct regions_board *b, const char *name,
                  enum regions_grade *measured, char *why, size_t whylen);

/* A regions file of a directory, loaded, or with the reason it could not be. */
struct regions_entry {
	char id[128]; /* the file's name without .txt */
	bool ok;
	struct regions_board b;
	char err[256];
};

/*
 * Reads every NAME.txt of dir into a malloc'd array (*out NULL and *count 0
 * when dir is NULL or cannot be read): by size, then grade, then name; a bad
 * file is listed with its error, after the others.
 */
void regions_list(const char *dir, struct regions_entry **out, size_t *count);

/*
 * The plain backtracking search, a step at a time, for Watch: rows from 1
 * up, in each the columns from a on; a square is tried against the queens
 * placed below it and the given queens.  Each step is one event:
 *
 * PLACE    a queen goes on sq (the row's given queen goes without a try)
 * REJECT   sq breaks a rule against the queen on by, for reason
 * SOLVED   every row has its queen: a solution (the board is s->queen)
 * BACK     the row above ran out of columns: the queen on sq is lifted
 * DONE     every column of the first row was tried: the search is over
 *
 * A caller that wants the first solution only stops at SOLVED; going on
 * shows that there is no other.  The counters are those Watch shows.
 */
enum regions_event_kind {
	REGIONS_EV_PLACE,
	REGIONS_EV_REJECT,
	REGIONS_EV_SOLVED,
	REGIONS_EV_BACK,
	REGIONS_EV_DONE,
};

enum regions_reason {
	REGIONS_OK,
	REGIONS_SAME_COLUMN,
	REGIONS_SAME_REGION,
	REGIONS_TOUCHING,
};

struct regions_event {
	enum regions_event_kind kind;
	struct square sq;
	enum regions_reason reason; /* REJECT: why */
	struct square by;           /* REJECT: the queen it breaks the rule against */
};

struct regions_search {
	struct regions_board board;
	int queen[REGIONS_MAX_N]; /* by rank: the file of its queen, -1: none */
	int next[REGIONS_MAX_N];  /* by rank: the next column to try */
	int row;                  /* the row being filled; n once solved */
	bool solved_told;         /* SOLVED was the last event */
	bool done;
	uint64_t steps, placed, rejected, backtracks, solutions;
};

void regions_search_start(struct regions_search *s, const struct regions_board *b);

/* The next event into *ev; returns 0 once DONE has been returned, else 1. */
int regions_search_step(struct regions_search *s, struct regions_event *ev);

/* "the same column as", "the same region as", "touching": for an event's words. */
const char *regions_reason_words(enum regions_reason reason);

/*
 * The logical solver's position: the queens placed and the squares still
 * free (neither struck out nor holding a queen).
 */
struct regions_state {
	struct regions_board board;
	uint16_t free[REGIONS_MAX_N]; /* by rank: the files still free */
	int queen[REGIONS_MAX_N];     /* by rank: the file of its queen, -1: none */
	int queens;
};

/* The given queens placed, every other square free (marks are not struck). */
void regions_state_init(struct regions_state *st, const struct regions_board *b);

/* A queen put on sq (a free square), as a player does; nothing is struck with it. */
void regions_state_place(struct regions_state *st, struct square sq);

/* sq struck out, as a player's mark does. */
void regions_state_strike(struct regions_state *st, struct square sq);

/* Whether every row has its queen. */
bool regions_state_solved(const struct regions_state *st);

/*
 * The kinds of deduction, easiest first, with their grades:
 *
 * easy   QUEEN_STRIKES     a queen strikes the free squares of its row,
 *                          column and region and its eight neighbours
 *        LAST_IN_ROW, _COLUMN, _REGION
 *                          a row, column or region with one free square
 *                          and no queen: the queen goes there
 * medium REGION_IN_LINE    a region whose free squares lie in one row (or
 *                          column): the rest of that line is struck
 *        LINE_IN_REGION    a row (or column) whose free squares lie in one
 *                          region: the rest of that region is struck
 *        WOULD_EMPTY       squares whose queen would strike every free
 *                          square of a row, column or region are struck
 * hard   REGIONS_IN_LINES  k >= 2 regions whose free squares lie in k rows
 *                          (or columns): those lines are theirs, the
 *                          other regions' squares on them are struck
 *        LINES_IN_REGIONS  k >= 2 rows (or columns) whose free squares lie
 *                          in k regions: those regions' other squares are
 *                          struck
 *
 * k lines in k regions is the same fact as the other m - k regions in the
 * other m - k lines (m: the regions, and lines, still without a queen): of
 * the two hard kinds the one with the smaller k is named, regions in lines
 * when they are equal.  Chains of hard deductions are found one after the
 * other.
 */
enum regions_kind {
	REGIONS_QUEEN_STRIKES,
	REGIONS_LAST_IN_ROW,
	REGIONS_LAST_IN_COLUMN,
	REGIONS_LAST_IN_REGION,
	REGIONS_REGION_IN_LINE,
	REGIONS_LINE_IN_REGION,
	REGIONS_WOULD_EMPTY,
	REGIONS_REGIONS_IN_LINES,
	REGIONS_LINES_IN_REGIONS,
	REGIONS_KINDS
};

/* The grade of a kind of deduction. */
enum regions_grade regions_kind_grade(enum regions_kind kind);

/* A short name of a kind: "queen strikes", "last in row", ... (for tests and traces). */
const char *regions_kind_name(enum regions_kind kind);

/*
 * One deduction: what it uses and what it does.  Regions are named in text
 * by letter ("the c region"); regions_describe words it with other names
 * (the screens' colour names: "the purple region").
 */
struct regions_deduction {
	enum regions_kind kind;
	enum regions_grade grade;
	int k;                           /* lines or regions in the set it reasons on */
	uint16_t rows;                   /* the rows it uses, bit r for rank r */
	uint16_t cols;                   /* the columns it uses, bit f for file f */
	uint16_t regions;                /* the regions it uses, bit g for region g */
	uint16_t uses[REGIONS_MAX_N];    /* by rank: the squares it uses */
	uint16_t strikes[REGIONS_MAX_N]; /* by rank: the squares it strikes */
	int nstrikes;
	bool places; /* it places a queen, on queen */
	struct square queen;
	char text[REGIONS_TEXT_MAX]; /* in plain words, regions by letter */
};

/*
 * The easiest deduction that applies to st (by kind in the order above, the
 * hard kinds by smallest k, then the first line, region or square).  Returns 1 with it in
 * *d; 0 when there is none (solved, or stuck: a guess is needed); -1 when st breaks a
 * rule or leaves a row, column or region without a square (a player's wrong
 * queen or mark), with what is wrong in d->text.
 */
int regions_next_deduction(const struct regions_state *st, struct regions_deduction *d);

/* Applies d to st: strikes its squares, or places its queen. */
void regions_apply(struct regions_state *st, const struct regions_deduction *d);

/*
 * Words d with names[g] for region g ("purple": "the purple region"); names
 * NULL, or a NULL name, gives the letter.  Returns the length needed, as
 * snprintf.
 */
size_t regions_describe(const struct regions_board *b, const struct regions_deduction *d,
                        const char *const *names, char *buf, size_t len);

/*
 * What the logical solver did on a board from its given queens: the grade
 * (the hardest deduction used; REGIONS_GUESSING when it got stuck) and how
 * many deductions of each kind it made.
 */
struct regions_solve {
	enum regions_grade grade;
	bool solved;
	int steps;
	int by_kind[REGIONS_KINDS];
};

/* Runs the logical solver on b to its end; returns the grade (also in *out if not NULL).
 */
enum regions_grade regions_grade(const struct regions_board *b,
                                 struct regions_solve *out);

/*
 * Makes a puzzle with exactly one solution and the given grade (easy,
 * medium or hard) for REGIONS_GEN_MIN_N <= n <= REGIONS_GEN_MAX_N: a
 * random solution, n regions grown from its queens, kept when the exact
 * solver finds one solution and the logical solver the grade, else tried
 * again.  The same n, grade and seed give the same puzzle on every machine
 * (rng.h).  The title names the seed.  Returns 0, or -1 (bad n or grade, or
 * no puzzle within the tries).
 */
int regions_generate(int n, enum regions_grade grade, uint64_t seed,
                     struct regions_board *out);

#endif
