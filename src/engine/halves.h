/* Counting all n-queens solutions by joining half boards (meet in the middle). */
#ifndef NQ_HALVES_H
#define NQ_HALVES_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* The sizes the half-board counter takes: its tables grow fivefold with
 * each two rows, so larger boards are left to the backtracking counter. */
#define HALVES_MIN_N 4
#define HALVES_MAX_N 19

/*
 * Called from the worker threads, never concurrently, as the work goes on:
 * done is the fraction finished, in [0, 1].  Keep it short.
 */
typedef void (*halves_progress_fn)(void *ctx, double done);

/*
 * Counts the solutions for HALVES_MIN_N <= n <= HALVES_MAX_N with `threads`
 * POSIX threads (at least 1).  Stores the count in *total and, if bytes is
 * not NULL, the memory the tables and the threads' buffers took at most.
 * cancel, when not NULL, is looked at between handfuls of units: once it
 * is non-zero the count stops.  Returns 0, or -1 with errno set (EINVAL,
 * ENOMEM, ECANCELED, or what pthread_create said).
 */
int halves_count(int n, int threads, halves_progress_fn progress, void *ctx,
                 const atomic_int *cancel, uint64_t *total, size_t *bytes);

/* The instruction set the join runs on: "avx512", "avx2", "popcnt" or
 * "generic" (x86 has all four, built side by side), the fastest this
 * processor runs unless NQUEENS_HALVES_KERNEL names another it runs. */
const char *halves_kernel(void);

#endif
