/* Queens with regions: the seeded generator. */
#include "config.h"

#include "engine/regions.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "engine/rng.h"

#define SQ(n, file, rank) ((rank) * (n) + (file))

/* How many boards the generator grows before it gives up. */
#define GEN_ATTEMPTS 20000

/*
 * A random solution of the rows, columns and touching rules alone: a file
 * for each rank, no two alike, neighbouring ranks two files apart or more.
 * Depth first, the files of each rank tried in a shuffled order.
 */
static bool random_solution(uint64_t *x, int n, int r, uint16_t used, int *file)
{
	int order[REGIONS_MAX_N];

	if (r == n)
		return true;
	for (int f = 0; f < n; f++)
		order[f] = f;
	rng_shuffle(x, order, n);
	for (int i = 0; i < n; i++) {
		int f = order[i];

		if (used & (1u << f))
			continue;
		if (r > 0 && (f - file[r - 1] <= 1 && file[r - 1] - f <= 1))
			continue;
		file[r] = f;
		if (random_solution(x, n, r + 1, (uint16_t)(used | (1u << f)), file))
			return true;
	}
	return false;
}

/*
 * Grows n regions from the queens: again and again a square not yet in a
 * region, beside one that is, joins the region of one such neighbour, both
 * drawn at random.
 */
static void grow(uint64_t *x, int n, const int *file, uint8_t *region)
{
	int left = n * n - n;
	int cand[REGIONS_MAX_N * REGIONS_MAX_N];

	memset(region, 0xff, (size_t)(n * n));
	for (int r = 0; r < n; r++)
		region[SQ(n, file[r], r)] = (uint8_t)r;
	while (left > 0) {
		int nc = 0, s, f, r, nb[4], nn = 0;

		for (int t = 0; t < n * n; t++) {
			int tf = t % n, tr = t / n;

			if (region[t] != 0xff)
				continue;
			if ((tf > 0 && region[t - 1] != 0xff) ||
			    (tf < n - 1 && region[t + 1] != 0xff) ||
			    (tr > 0 && region[t - n] != 0xff) ||
			    (tr < n - 1 && region[t + n] != 0xff))
				cand[nc++] = t;
		}
		s = cand[rng_below(x, nc)];
		f = s % n;
		r = s / n;
		if (f > 0 && region[s - 1] != 0xff)
			nb[nn++] = region[s - 1];
		if (f < n - 1 && region[s + 1] != 0xff)
			nb[nn++] = region[s + 1];
		if (r > 0 && region[s - n] != 0xff)
			nb[nn++] = region[s - n];
		if (r < n - 1 && region[s + n] != 0xff)
			nb[nn++] = region[s + n];
		region[s] = (uint8_t)nb[rng_below(x, nn)];
		left--;
	}
}

/* Renames the regions in the order the file is read: top row first, left to right. */
static void relabel(int n, uint8_t *region)
{
	uint8_t to[REGIONS_MAX_N];
	int next = 0;

	memset(to, 0xff, sizeof to);
	for (int r = n - 1; r >= 0; r--)
		for (int f = 0; f < n; f++)
			if (to[region[SQ(n, f, r)]] == 0xff)
				to[region[SQ(n, f, r)]] = (uint8_t)next++;
	for (int s = 0; s < n * n; s++)
		region[s] = to[region[s]];
}

int regions_generate(int n, enum regions_grade grade, uint64_t seed,
                     struct regions_board *out)
{
	uint64_t x = seed;

	if (n < REGIONS_GEN_MIN_N || n > REGIONS_GEN_MAX_N || grade > REGIONS_HARD)
		return -1;
	for (int attempt = 0; attempt < GEN_ATTEMPTS; attempt++) {
		int file[REGIONS_MAX_N];

		memset(out, 0, sizeof *out);
		out->n = n;
		for (int f = 0; f < REGIONS_MAX_N; f++)
			out->given[f] = -1;
		if (!random_solution(&x, n, 0, 0, file))
			return -1;
		grow(&x, n, file, out->region);
		relabel(n, out->region);
		out->grade = REGIONS_UNGRADED;
		if (regions_count(out, 2, NULL, NULL) != 1)
			continue;
		if (regions_grade(out, NULL) != grade)
			continue;
		out->grade = grade;
		snprintf(out->title, sizeof out->title,
		         "%d queens with regions, %s, seed %" PRIu64, n,
		         regions_grade_name(grade), seed);
		return 0;
	}
	return -1;
}
