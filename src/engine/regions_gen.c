/* Queens with regions: the seeded generator. */
#include "config.h"

#include "engine/regions.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "engine/rng.h"

#define SQ(n, file, rank) ((rank) * (n) + (file))

/* How many boards the generator grows before it gives up. */
#define GEN_ATTEMPTS 2000

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
 * region, beside one that is, joins a region beside it.  Plainly (rich
 * false) the square is drawn first, then one of its neighbours' regions;
 * rich draws a region first, with a chance by its size, so that the large
 * grow larger and some stay small, as easy puzzles have them.
 */
static void grow(uint64_t *x, int n, const int *file, uint8_t *region, bool rich)
{
	int left = n * n - n, size[REGIONS_MAX_N] = {0};
	int cand[REGIONS_MAX_N * REGIONS_MAX_N];

	memset(region, 0xff, (size_t)(n * n));
	for (int r = 0; r < n; r++) {
		region[SQ(n, file[r], r)] = (uint8_t)r;
		size[r] = 1;
	}
	while (left > 0) {
		int nc = 0, s, f, r, nb[4], nn = 0, g = -1;

		if (rich) {
			/* A region by size; one with no free neighbour draws again. */
			int pick = rng_below(x, n * n - left);

			for (g = 0; g < n - 1 && pick >= size[g]; g++)
				pick -= size[g];
		}
		for (int t = 0; t < n * n; t++) {
			int tf = t % n, tr = t / n;

			if (region[t] != 0xff)
				continue;
			if ((tf > 0 && region[t - 1] != 0xff &&
			     (g < 0 || region[t - 1] == g)) ||
			    (tf < n - 1 && region[t + 1] != 0xff &&
			     (g < 0 || region[t + 1] == g)) ||
			    (tr > 0 && region[t - n] != 0xff &&
			     (g < 0 || region[t - n] == g)) ||
			    (tr < n - 1 && region[t + n] != 0xff &&
			     (g < 0 || region[t + n] == g)))
				cand[nc++] = t;
		}
		if (nc == 0)
			continue;
		s = cand[rng_below(x, nc)];
		f = s % n;
		r = s / n;
		if (g < 0) {
			if (f > 0 && region[s - 1] != 0xff)
				nb[nn++] = region[s - 1];
			if (f < n - 1 && region[s + 1] != 0xff)
				nb[nn++] = region[s + 1];
			if (r > 0 && region[s - n] != 0xff)
				nb[nn++] = region[s - n];
			if (r < n - 1 && region[s + n] != 0xff)
				nb[nn++] = region[s + n];
			g = nb[rng_below(x, nn)];
		}
		region[s] = (uint8_t)g;
		size[g]++;
		left--;
	}
}

/* Whether region g stays connected (and not empty) without square q. */
static bool joined_without(int n, const uint8_t *region, int g, int q)
{
	int stack[REGIONS_MAX_N * REGIONS_MAX_N], top = 0, size = 0, reached = 0;
	uint8_t seen[REGIONS_MAX_N * REGIONS_MAX_N] = {0};

	for (int t = 0; t < n * n; t++)
		if (region[t] == g && t != q) {
			if (size++ == 0) {
				stack[top++] = t;
				seen[t] = 1;
			}
		}
	while (top > 0) {
		int t = stack[--top], f = t % n, r = t / n;
		int nb[4] = {f > 0 ? t - 1 : -1, f < n - 1 ? t + 1 : -1,
		             r > 0 ? t - n : -1, r < n - 1 ? t + n : -1};

		reached++;
		for (int i = 0; i < 4; i++)
			if (nb[i] >= 0 && nb[i] != q && !seen[nb[i]] &&
			    region[nb[i]] == g) {
				seen[nb[i]] = 1;
				stack[top++] = nb[i];
			}
	}
	return size > 0 && reached == size;
}

/*
 * Makes the planted solution the only one: while the exact solver finds
 * another, one of that one's queens off the planted solution moves its
 * square to a neighbouring region (its own staying connected), which breaks
 * it, as the square's new region then holds two of its queens.  The
 * planted solution keeps every square of its own.  True when one is left.
 */
static bool repair(uint64_t *x, struct regions_board *b, const int *file)
{
	int n = b->n, sols[2][REGIONS_MAX_N];

	for (int round = 0; round < 4 * n * n; round++) {
		int found = regions_solutions(b, 2, sols), *other,
		    moves[REGIONS_MAX_N * 4][2], nm = 0;

		if (found < 2)
			return found == 1;
		other = sols[0];
		for (int f = 0; f < n; f++)
			if (file[sols[0][f]] != f)
				break;
			else if (f == n - 1)
				other = sols[1];
		for (int f = 0; f < n; f++) {
			int r = other[f], q = SQ(n, f, r), g = b->region[q];
			int nb[4] = {f > 0 ? q - 1 : -1, f < n - 1 ? q + 1 : -1,
			             r > 0 ? q - n : -1, r < n - 1 ? q + n : -1};

			if (file[r] == f || !joined_without(n, b->region, g, q))
				continue;
			for (int i = 0; i < 4; i++)
				if (nb[i] >= 0 && b->region[nb[i]] != g) {
					moves[nm][0] = q;
					moves[nm++][1] = b->region[nb[i]];
				}
		}
		if (nm == 0)
			return false;
		nm = rng_below(x, nm);
		b->region[moves[nm][0]] = (uint8_t)moves[nm][1];
	}
	return false;
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
		grow(&x, n, file, out->region, grade == REGIONS_EASY);
		out->grade = REGIONS_UNGRADED;
		if (!repair(&x, out, file))
			continue;
		relabel(n, out->region);
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
