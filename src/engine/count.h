/* Fast counting of all n-queens solutions and of their symmetry classes. */
#ifndef NQ_COUNT_H
#define NQ_COUNT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
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
 * `threads` POSIX threads (0 means the number of online CPUs), by the
 * fastest method for n.  cancel, when not NULL, is looked at between small
 * units of work: once it is non-zero the count stops within milliseconds
 * and returns -1 with errno ECANCELED.  Returns 0, or -1 with errno set
 * (EINVAL for a bad n, ENOMEM, ECANCELED, or what pthread_create said).
 */
int count_solutions(int n, int threads, count_progress_fn progress, void *ctx,
                    const atomic_int *cancel, struct count_result *out);

/*
 * The ways to count.  COUNT_HALVES joins half boards (halves.h, for
 * HALVES_MIN_N <= n <= HALVES_MAX_N) and finds the classes from the
 * solutions that the rotations fix; COUNT_BACKTRACK searches the interior of
 * each border constellation and is the reference the tests compare with.
 * COUNT_AUTO takes the halves up to COUNT_AUTO_HALVES_MAX_N.
 */
enum count_method { COUNT_AUTO, COUNT_HALVES, COUNT_BACKTRACK };

/* The largest n that COUNT_AUTO counts by the join: as far as its totals
 * have been checked against OEIS A000170.  Beyond, the join is only taken
 * when asked for. */
#define COUNT_AUTO_HALVES_MAX_N 21

/* Whether method m counts boards of size n. */
bool count_method_works(enum count_method m, int n);

/* Whether method m counts n by the half-board join. */
bool count_uses_halves(enum count_method m, int n);

/* count_solutions by a given method; EINVAL where it does not work. */
int count_solutions_by(int n, enum count_method m, int threads,
                       count_progress_fn progress, void *ctx, const atomic_int *cancel,
                       struct count_result *out);

/*
 * The solutions that a quarter turn maps to themselves (OEIS A033148), and
 * those a half turn does (A032522); with the total they give the classes:
 * (total + half + 2 * quarter) / 8.  Fast: these searches fix a quarter or
 * a half of the board at once.
 */
int count_rotational(int n, uint64_t *quarter, uint64_t *half);

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
                         count_progress_fn progress, void *ctx, const atomic_int *cancel,
                         struct count_result *out);

/*
 * Part `which` of nparts of the half-board join (halves.h), made from n and
 * nparts alone, within `memory` bytes (0: the default budget); stats, when
 * not NULL, tells how the budget is spent as the count goes.  The parts'
 * totals add up to the whole; out->unique is the class count when nparts is
 * 1, and 0 for a part (the classes come from the whole total).
 */
struct halves_stats;
int count_join_part(int n, int nparts, int which, int threads, size_t memory,
                    struct halves_stats *stats, count_progress_fn progress, void *ctx,
                    const atomic_int *cancel, struct count_result *out);

/* Each part's estimated weight and number of constellations; -1 with errno. */
struct count_part {
	uint64_t weight;
	uint64_t constellations;
};
int count_parts(int n, int nparts, struct count_part *parts);

/* The number of online CPUs, at least 1. */
int count_default_threads(void);

#endif
