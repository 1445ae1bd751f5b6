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
#define COUNT_AUTO_HALVES_MAX_N 22

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
 * A count split into parts for several machines.  The half-board join
 * (halves.h) splits its own units; the backtracking search deals the
 * constellations (the symmetry-reduced border placements, as
 * count_solutions searches them), heaviest first, each to the part lighter
 * so far.  Either split depends only on n, the method and the number of
 * parts, and the counts of parts 0 .. nparts - 1 add up to the whole.
 */
#define COUNT_MAX_PARTS 1000000

/*
 * A count remembered piece by piece (a journal).  The counter cuts its work
 * into pieces, as n, the method and the split alone decide, says how many
 * (begin), skips the pieces that `done` says were finished before (their
 * counts in *part), and hands over each piece it finishes (finished).
 * Called from the worker threads, begin and finished one at a time; a
 * non-zero return from either (an errno value) stops the count with it.
 */
struct count_pieces {
	int (*begin)(void *ctx, size_t npieces);
	bool (*done)(void *ctx, size_t piece, struct count_result *part);
	int (*finished)(void *ctx, size_t piece, const struct count_result *part);
	void *ctx;
};

/* One count as the command line asks for it. */
struct halves_stats;
struct table_cache_opts;
struct count_job {
	int n;
	enum count_method method;
	int threads;      /* 0: one per online CPU */
	int nparts, part; /* part `part` (0-based) of nparts; 1 and 0: the whole */
	size_t memory;    /* the join's budget in bytes; 0: the default */
	struct halves_stats *stats;        /* how the join spends it, or NULL */
	const struct count_pieces *pieces; /* a journal, or NULL */
	struct table_cache_opts *cache;    /* the join's table cache, or NULL */
};

/* The way job counts: COUNT_HALVES or COUNT_BACKTRACK. */
enum count_method count_job_method(const struct count_job *job);

/*
 * Counts as job says, like count_solutions.  out->unique is the class count
 * when the whole is counted; for a part of the join it is 0 (the join finds
 * the classes from the whole total only), and a part of the backtracking
 * search gives its share of the classes.
 */
int count_job_run(const struct count_job *job, count_progress_fn progress, void *ctx,
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
