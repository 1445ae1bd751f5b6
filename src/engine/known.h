/* The counts the literature knows, so that nothing waits to count them again. */
#ifndef NQ_KNOWN_H
#define NQ_KNOWN_H

#include <stdbool.h>
#include <stdint.h>

/* The largest n whose counts are known (OEIS A000170 and A002562). */
#define KNOWN_MAX_N 27

/*
 * The number of solutions and of symmetry classes of the n-queens puzzle;
 * false when n is beyond what has been counted.  The tests check these
 * against the counter for the n it can do quickly.
 */
bool known_counts(int n, uint64_t *total, uint64_t *unique);

#endif
