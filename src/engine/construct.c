/* Solutions of huge boards: the explicit construction and min-conflicts repair. */
#include "config.h"

#include "engine/construct.h"

#include <stdbool.h>
#include <stdlib.h>

#include "engine/rng.h"

int construct_rank(int n, int f)
{
	int r = n % 6, half = n / 2, k = f + 1; /* 1-based file */

	if (r == 3) {
		/* Evens 4, 6, ..., then 2; odds 5, 7, ..., then 1, 3. */
		int evens = (n - 1) / 2; /* how many even ranks there are */

		if (k < evens)
			return 2 * k + 2 - 1;
		if (k == evens)
			return 2 - 1;
		int o = k - evens; /* 1-based among the odds */
		int odds = n - evens;

		if (o <= odds - 2)
			return 2 * o + 3 - 1;
		return o == odds - 1 ? 1 - 1 : 3 - 1;
	}
	if (k <= half)
		return 2 * k - 1; /* the even ranks 2, 4, ... */
	int o = k - half;         /* 1-based among the odds */

	if (r == 2) {
		/* Odds 3, 1, 7, 9, ..., then 5. */
		int odds = n - half;

		if (o == 1)
			return 3 - 1;
		if (o == 2)
			return 1 - 1;
		if (o == odds)
			return 5 - 1;
		return 2 * o + 1 - 1; /* o = 3 is rank 7 */
	}
	return 2 * o - 1 - 1; /* 1, 3, 5, ... */
}

void construct_ranks(int n, int *p)
{
	for (int f = 0; f < n; f++)
		p[f] = construct_rank(n, f);
}

struct repair {
	int n;
	int *p;
	int32_t *up, *down; /* queens on each diagonal: f + r, f - r + n - 1 */
	uint64_t pairs;     /* attacking pairs */
};

static void take(struct repair *s, int f)
{
	int r = s->p[f];

	s->pairs -= (uint64_t)--s->up[f + r];
	s->pairs -= (uint64_t)--s->down[f - r + s->n - 1];
}

static void put(struct repair *s, int f)
{
	int r = s->p[f];

	s->pairs += (uint64_t)s->up[f + r]++;
	s->pairs += (uint64_t)s->down[f - r + s->n - 1]++;
}

static bool attacked(const struct repair *s, int f)
{
	int r = s->p[f];

	return s->up[f + r] > 1 || s->down[f - r + s->n - 1] > 1;
}

static void swap_ranks(struct repair *s, int i, int j)
{
	int t = s->p[i];

	take(s, i);
	take(s, j);
	s->p[i] = s->p[j];
	s->p[j] = t;
	put(s, i);
	put(s, j);
}

/* Random free ranks a file tries before it settles for the least attacked. */
#define GREEDY_TRIES 64

/* The greedy start: each file takes a free rank that no placed queen attacks. */
static void greedy(struct repair *s, int *pool, uint64_t *rng)
{
	int n = s->n, left = n;

	for (int r = 0; r < n; r++)
		pool[r] = r;
	for (int f = 0; f < n; f++) {
		uint32_t best = 0;
		int fewest = -1;

		/* Random tries find a safe rank quickly while many are free. */
		for (int t = 0; t < GREEDY_TRIES; t++) {
			uint32_t i = rng_below_scaled(rng, (uint32_t)left);
			int r = pool[i];
			int a = s->up[f + r] + s->down[f - r + n - 1];

			if (fewest < 0 || a < fewest) {
				fewest = a;
				best = i;
			}
			if (a == 0)
				break;
		}
		s->p[f] = pool[best];
		pool[best] = pool[--left];
		put(s, f);
	}
}

int repair_solve(int n, uint64_t seed, int *p, struct repair_stats *st)
{
	struct repair s = {.n = n, .p = p};
	uint64_t rng = seed;
	size_t diags = 2 * (size_t)n - 1;
	int *pool, *hot;
	int rc = -1;

	*st = (struct repair_stats){0};
	if (n < 4 || n > CONSTRUCT_MAX_N)
		return -1;
	s.up = calloc(diags, sizeof *s.up);
	s.down = calloc(diags, sizeof *s.down);
	pool = malloc((size_t)n * sizeof *pool);
	hot = malloc((size_t)n * sizeof *hot);
	if (!s.up || !s.down || !pool || !hot)
		goto out;
	greedy(&s, pool, &rng);
	st->greedy_conflicts = s.pairs;
	int stalls = 0;

	while (s.pairs > 0) {
		/* The queens under attack, found once a round; few after the start. */
		int nhot = 0;
		uint64_t before = s.pairs;
		/* Rounds that mend nothing try harder, and at last start afresh. */
		int tries = 64 << (stalls < 10 ? stalls : 10);

		for (int f = 0; f < n; f++)
			if (attacked(&s, f))
				hot[nhot++] = f;
		for (int h = 0; h < nhot && s.pairs > 0; h++) {
			int i = hot[h];

			for (int t = 0; t < tries && attacked(&s, i); t++) {
				int j = (int)rng_below_scaled(&rng, (uint32_t)n);
				uint64_t was = s.pairs;

				if (j == i)
					continue;
				st->tries++;
				swap_ranks(&s, i, j);
				if (s.pairs < was)
					st->swaps++;
				else
					swap_ranks(&s, i, j); /* no better: back */
			}
		}
		stalls = s.pairs < before ? 0 : stalls + 1;
		if (stalls > 12) {
			st->restarts++;
			stalls = 0;
			for (size_t d = 0; d < diags; d++)
				s.up[d] = s.down[d] = 0;
			s.pairs = 0;
			greedy(&s, pool, &rng);
		}
	}
	rc = 0;
out:
	free(s.up);
	free(s.down);
	free(pool);
	free(hot);
	return rc;
}
