/* All solutions in lexicographic order, and solution #k without the others. */
#ifndef NQ_ENUMERATE_H
#define NQ_ENUMERATE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Largest n that solutions are listed, ranked or unranked for. */
#define ENUM_MAX_N 32

/*
 * Walks the solutions of one n in lexicographic order of their ranks by file:
 * the search places file a, b, ... and tries ranks from 1 upward.
 */
struct enum_iter {
	int n;
	int depth; /* the file being filled; -1 when the walk is over */
	uint64_t full;
	uint64_t cols[ENUM_MAX_N], up[ENUM_MAX_N], down[ENUM_MAX_N];
	uint64_t avail[ENUM_MAX_N]; /* ranks still to try on each file */
	int rank[ENUM_MAX_N];
};

/*
 * The order of solutions (and of any positions as ranks by file, n of
 * them): lexicographic, file a first.  Negative, zero or positive as a
 * comes before, is, or comes after b.
 */
int enum_compare(int n, const int *a, const int *b);

/*
 * The first solution of n, and the last: the mirror image of the first
 * (mirroring the ranks reverses the order).  False when n has none.
 */
bool enum_first(int n, int *p);
bool enum_last(int n, int *p);

/* Starts before the first solution; 1 <= n <= ENUM_MAX_N. */
void enum_start(struct enum_iter *it, int n);

/* Starts just after the solution p (0-based ranks by file). */
void enum_seek(struct enum_iter *it, int n, const int *p);

/* Writes the next solution to ranks (0-based); false when there is none. */
bool enum_next(struct enum_iter *it, int *ranks);

/*
 * Counts of solutions by their first one or two ranks, read from a data file
 * so that rank and unrank need not search the largest subtrees.  A missing
 * entry is counted when it is needed.
 */
struct enum_table {
	uint64_t *first[ENUM_MAX_N + 1];  /* [r1]: solutions with a-file rank r1 */
	uint64_t *second[ENUM_MAX_N + 1]; /* [r1 * n + r2] */
};

/*
 * Reads a table of prefix counts.  Lines are "n r1 count" or "n r1 r2 count"
 * with 1-based ranks; '#' starts a comment.  Returns 0, or -1 with "FILE:LINE:
 * what is wrong" in err.
 */
int enum_table_load(struct enum_table *t, const char *path, char *err, size_t errlen);
void enum_table_free(struct enum_table *t);

/* The largest n the table has counts by the first rank for; 0 for none. */
int enum_table_max_n(const struct enum_table *t);

/*
 * The number of completions of the first len files of p (0-based ranks) to a
 * solution, 0 if those queens already attack each other.  t may be NULL.
 */
uint64_t enum_completions(int n, const int *p, int len, const struct enum_table *t);

/* The number of solutions for n (from the table where it has them). */
uint64_t enum_total(int n, const struct enum_table *t);

/* The 1-based index of solution p in lexicographic order; false if p is none. */
bool enum_rank(int n, const int *p, const struct enum_table *t, uint64_t *index);

/* Solution #k (1-based) into p; false when k is 0 or past the last. */
bool enum_unrank(int n, uint64_t k, const struct enum_table *t, int *p);

/*
 * As enum_rank and enum_unrank, for a caller on another thread that may
 * lose interest: 1 done, 0 no such solution, -1 when *cancel turned non-zero
 * before the answer (cancel may be NULL).
 */
int enum_rank_cancel(int n, const int *p, const struct enum_table *t, uint64_t *index,
                     const atomic_int *cancel);
int enum_unrank_cancel(int n, uint64_t k, const struct enum_table *t, int *p,
                       const atomic_int *cancel);

/*
 * From the solution p, d solutions on (d > 0) or back (d < 0) in order,
 * stopping at the first or the last: writes the solution reached to out and
 * returns how many steps were taken.  A step costs what enum_next costs.
 */
uint64_t enum_step(int n, const int *p, int64_t d, int *out);

#endif
