/* The engine's random numbers: splitmix64, small, fast and repeatable by seed. */
#ifndef NQ_RNG_H
#define NQ_RNG_H

#include <stdint.h>

/*
 * Every seeded output (a puzzle, the daily puzzle, repair's search in trace,
 * watch and solve) is published by its seed, so each way of reducing a draw
 * to a range below keeps the exact numbers it has always drawn: changing one
 * would change what a seed names.
 */

/* The next number of the sequence that *x holds (its whole state). */
static inline uint64_t rng_next(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/*
 * A number in [0, bound) for bound > 0, without the bias of a plain modulo:
 * a draw past the last whole multiple of bound is drawn again.  Puzzles and
 * the daily puzzle use it.
 */
static inline int rng_below(uint64_t *x, int bound)
{
	uint64_t b = (uint64_t)bound, limit = UINT64_MAX - UINT64_MAX % b, v;

	do
		v = rng_next(x);
	while (v >= limit);
	return (int)(v % b);
}

/*
 * A number in [0, bound) as the plain remainder, 0 when bound is 0.  Its bias
 * (under bound / 2^64) is harmless; it stays for the stepping repair of trace
 * and watch, whose moves are named by seed.
 */
static inline int rng_below_mod(uint64_t *x, int bound)
{
	return bound > 0 ? (int)(rng_next(x) % (uint64_t)bound) : 0;
}

/*
 * A number in [0, bound) from the draw's top 32 bits scaled by bound: a
 * multiply for a division, in the inner loop of repair on ten million queens.
 * It stays for solve --method repair, whose solution is named by seed.
 */
static inline uint32_t rng_below_scaled(uint64_t *x, uint32_t bound)
{
	return (uint32_t)(((rng_next(x) >> 32) * (uint64_t)bound) >> 32);
}

/* Shuffles v[0..len) (Fisher and Yates, from the end) with rng_below. */
static inline void rng_shuffle(uint64_t *x, int *v, int len)
{
	for (int i = len - 1; i > 0; i--) {
		int j = rng_below(x, i + 1), t = v[i];

		v[i] = v[j];
		v[j] = t;
	}
}

/* The same shuffle with rng_below_mod, for the stepping repair's plan. */
static inline void rng_shuffle_mod(uint64_t *x, int *v, int len)
{
	for (int i = len - 1; i > 0; i--) {
		int j = rng_below_mod(x, i + 1), t = v[i];

		v[i] = v[j];
		v[j] = t;
	}
}

#endif
