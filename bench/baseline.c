/* The yardstick for bench/count.sh: the classic mirror-symmetry bitboard counter. */
#include "config.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/*
 * Places one queen per row; cols, ld and rd hold the squares of the current
 * row attacked along columns and the two diagonals.
 */
static uint64_t baseline_solve(uint32_t all, uint32_t cols, uint32_t ld, uint32_t rd)
{
	if (cols == all)
		return 1;
	uint64_t count = 0;
	uint32_t avail = all & ~(cols | ld | rd);
	while (avail) {
		uint32_t bit = avail & -avail;
		avail ^= bit;
		count +=
		        baseline_solve(all, cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
	}
	return count;
}

/* Searches the left half of the first row and doubles it (mirror symmetry). */
static uint64_t baseline_count(int n)
{
	uint32_t all = ((uint32_t)1 << n) - 1;
	uint64_t count = 0;
	for (int c = 0; c < n / 2; c++) {
		uint32_t bit = (uint32_t)1 << c;
		count += baseline_solve(all, bit, bit << 1, bit >> 1);
	}
	count *= 2;
	if (n % 2 == 1) {
		uint32_t bit = (uint32_t)1 << (n / 2);
		count += baseline_solve(all, bit, bit << 1, bit >> 1);
	}
	return count;
}

int main(int argc, char **argv)
{
	char *end;
	long n = argc == 2 ? strtol(argv[1], &end, 10) : 0;
	if (argc != 2 || *end != '\0' || n < 1 || n > 29) {
		fprintf(stderr, "usage: baseline N (1 <= N <= 29)\n");
		return 2;
	}
	printf("%" PRIu64 "\n", baseline_count((int)n));
	return 0;
}
