/* The engine's random numbers: splitmix64, small, fast and repeatable by seed. */
#ifndef NQ_RNG_H
#define NQ_RNG_H

#include <stdint.h>

/* The next number of the sequence that *x holds (its whole state). */
static inline uint64_t rng_next(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

#endif
