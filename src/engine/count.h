/* Fast counting of all n-queens solutions and of their symmetry classes. */
#ifndef NQ_COUNT_H
#define NQ_COUNT_H

#include <stdbool.h>
#include <stdint.h>

/* Largest n the counter accepts: the totals still fit in 64 bits. */
#define COUNT_MAX_N 29

struct count_result {
	uint64_t total;  /* all solutions (OEIS A000170) */
	uint64_t unique; /* symmetry classes (OEIS A002562) */
};

/*
 * Called from worker threads, never concurrently, after each finished task:
 * done is the work finished so far as a fraction in [0, 1], estimated from
 * task weights.  Keep it short; the count waits for it.
 */
typedef void (*count_progress_fn)(void *ctx, double done);

/*
 * Counts the solutions of the n-queens puzzle for 1 <= n <= COUNT_MAX_N with
 * `threads` POSIX threads (0 means the number of online CPUs).  Both totals
 * come out of one search.  Returns 0, or -1 with errno set (EINVAL for a bad
 * n, or what pthread_create said).
 */
int count_solutions(int n, int threads, count_progress_fn progress, void *ctx,
                    struct count_result *out);

/*
 * A count split into parts for several machines: the constellations (the
 * symmetry-reduced border placements, as count_solutions searches them) are
 * dealt, heaviest first, each to the part lighter so far, which depends only
 * on n and the number of parts.  The counts of parts 0 .. nparts - 1 add up
 * to count_solutions' totals.
 */
#define COUNT_MAX_PARTS 1000000

/* Counts part `which` (0-based) of nparts, like count_solutions. */
int count_solutions_part(int n, int nparts, int which, int threads,
                         count_progress_fn progress, void *ctx, struct count_result *out);

/* Each part's estimated weight and number of constellations; -1 with errno. */
struct count_part {
	uint64_t weight;
	uint64_t constellations;
};
int count_parts(int n, int nparts, struct count_part *parts);

/* The number of online CPUs, at least 1. */
int count_default_threads(void);

#endif
