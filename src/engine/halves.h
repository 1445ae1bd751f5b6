/* Counting all n-queens solutions by joining half boards (meet in the middle). */
#ifndef NQ_HALVES_H
#define NQ_HALVES_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The sizes the half-board counter takes: its table of quadrant placements
 * grows ninefold with each two rows (66.8 million placements, 534 MB, for
 * n = 22 and 23), so larger boards are left to the backtracking counter. */
#define HALVES_MIN_N 4
#define HALVES_MAX_N 23

/*
 * Called from the worker threads, never concurrently, as the work goes on:
 * done is the fraction finished, in [0, 1].  Keep it short.
 */
typedef void (*halves_progress_fn)(void *ctx, double done);

/* What a count tells while it runs: how the memory budget is spent. */
struct halves_stats {
	size_t budget;              /* bytes the count keeps under */
	size_t chunk;               /* tops sieved at a time, for the budget */
	atomic_size_t extra_passes; /* passes the budget added so far */
};

/* How odd n's sieve is cut for the bottoms to skip what they cannot join
 * (where the join does not go a block at a time, halves_blocked). */
enum halves_segments {
	HALVES_SEGMENTS_BY_SIZE, /* where the segments are large enough to pay */
	HALVES_SEGMENTS_NEVER,
	/* For tests, on boards of any size: */
	HALVES_SEGMENTS_ALWAYS, /* segments as large as by size */
	HALVES_SEGMENTS_EACH,   /* a segment for each pair of middle queens */
};

/* Where the join works on its sieve a block at a time (AVX-512 only): by
 * size (every sieve of odd n, those of even n where a split's kill vectors
 * pass the first level cache, the tops sorted on the longest); never (odd
 * n then cut into segments); or, for tests, always (boards of any size,
 * every sieve sorted). */
enum halves_blocked {
	HALVES_BLOCKED_BY_SIZE,
	HALVES_BLOCKED_NEVER,
	HALVES_BLOCKED_ALWAYS,
};

/* How to count: all zero but nparts = 1 is the whole count in the default
 * budget. */
struct count_pieces;
struct table_cache_opts;
struct halves_opts {
	size_t memory;    /* the budget in bytes; 0: halves_default_memory(threads) */
	int nparts, part; /* count part `part` (0-based) of nparts */
	struct halves_stats *stats; /* filled in as the count goes, or NULL */
	enum halves_segments segments;
	/* A journal (count.h): the units, in order, are cut into at most
	 * HALVES_PIECES pieces of as many units each (to one).  Or NULL. */
	const struct count_pieces *pieces;
	enum halves_blocked blocked;
	/* The table cache (table_cache.h): the table mapped from its file, or
	 * built and written there; NULL: built in memory. */
	struct table_cache_opts *cache;
};

/* The most pieces a count's units are cut into, for the threads to take
 * and a journal to remember. */
#define HALVES_PIECES 4096

/*
 * Counts the solutions for HALVES_MIN_N <= n <= HALVES_MAX_N with `threads`
 * POSIX threads (at least 1), keeping its memory under opt->memory: when a
 * unit has more tops than the budget sieves at once, its bottoms are joined
 * to them a chunk at a time.  With nparts > 1 only every nparts-th unit is
 * counted, from the part-th on: the parts' counts add up to the whole.
 * Stores the count in *total and, if bytes is not NULL, the memory the table
 * and the threads' buffers took at most.  cancel, when not NULL, is looked
 * at between handfuls of units: once it is non-zero the count stops.
 * Returns 0, or -1 with errno set (EINVAL, ENOMEM when the budget is below
 * halves_memory_floor() or memory runs out, ECANCELED, or what
 * pthread_create said).
 */
int halves_count(int n, int threads, const struct halves_opts *opt,
                 halves_progress_fn progress, void *ctx, const atomic_int *cancel,
                 uint64_t *total, size_t *bytes);

/* The least budget n can be counted in with `threads` threads (the table, the
 * lists and the smallest chunk of tops); 0 for an n it does not count. */
size_t halves_memory_floor(int n, int threads);

/* The same for a count whose table is mapped from the cache (mapped):
 * without the table, which the page cache holds for all the counts of n. */
size_t halves_memory_floor_of(int n, int threads, bool mapped);

/* The budget when none is given for a count on `threads` threads: half of
 * the physical memory, or less where a hard limit leaves less room
 * (halves_memory_room). */
size_t halves_default_memory(int threads);

/* The largest budget that the tightest hard limit of m (memlimit.h) leaves
 * a count on `threads` threads, with a margin; SIZE_MAX when there is none. */
struct memlimit;
size_t halves_memory_room(const struct memlimit *m, int threads);

/* The instruction set the join runs on: "avx512", "avx2", "popcnt" or
 * "generic" (x86 has all four, built side by side), the fastest this
 * processor runs unless NQUEENS_HALVES_KERNEL names another it runs. */
const char *halves_kernel(void);

#endif
