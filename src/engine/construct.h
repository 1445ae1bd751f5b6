/* Solutions of huge boards: the explicit construction and min-conflicts repair. */
#ifndef NQ_CONSTRUCT_H
#define NQ_CONSTRUCT_H

#include <stddef.h>
#include <stdint.h>

/* The largest board solve builds or repairs. */
#define CONSTRUCT_MAX_N 10000000

/*
 * The rank (0-based) of the queen on file f (0-based) in the explicit
 * construction of the Wikipedia article "Eight queens puzzle": the even
 * ranks, then the odd ones, with the two exceptions for n mod 6 = 2 and 3.
 * A solution for every n >= 4; in constant time and memory, so a solution of
 * any size can be streamed.
 */
int construct_rank(int n, int f);

/* The whole construction into p[0..n-1]. */
void construct_ranks(int n, int *p);

/* What a repair did. */
struct repair_stats {
	uint64_t greedy_conflicts; /* attacking pairs after the greedy start */
	uint64_t swaps;            /* swaps made by the repair */
	uint64_t tries;            /* swaps tried */
	int restarts;              /* fresh starts after a stall */
};

/*
 * A solution for n >= 4 into p[0..n-1] (0-based ranks by file), by
 * min-conflicts repair: a greedy start puts each file's queen on a rank no
 * queen uses yet, choosing among a few random ranks one that no placed
 * queen attacks (or the least attacked); then every queen still attacked
 * trades ranks with a random other queen whenever that lowers the number of
 * attacking pairs, until there are none.  The same seed gives the same
 * solution.  Memory: about 24 bytes per queen besides p.  Returns 0, or -1
 * when memory is short or n is out of range.
 */
int repair_solve(int n, uint64_t seed, int *p, struct repair_stats *st);

#endif
