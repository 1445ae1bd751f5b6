/* The eight symmetries of the square acting on solutions; canonical forms. */
#include "config.h"

#include "engine/symmetry.h"

#include <stdbool.h>
#include <string.h>

#include "engine/enumerate.h"

static const char *const names[SYM_COUNT] = {
        "id", "rot90", "rot180", "rot270", "flip-x", "flip-y", "flip-diag", "flip-anti",
};

const char *sym_name(enum sym s)
{
	return s < SYM_COUNT ? names[s] : "?";
}

const char *sym_words(enum sym s)
{
	static const char *const words[SYM_COUNT] = {
	        [SYM_ID] = "itself",
	        [SYM_ROT90] = "turned a quarter clockwise",
	        [SYM_ROT180] = "turned half round",
	        [SYM_ROT270] = "turned a quarter anticlockwise",
	        [SYM_FLIP_X] = "mirrored left to right",
	        [SYM_FLIP_Y] = "mirrored top to bottom",
	        [SYM_FLIP_DIAG] = "mirrored in the rising diagonal",
	        [SYM_FLIP_ANTI] = "mirrored in the falling diagonal",
	};

	return s < SYM_COUNT ? words[s] : "?";
}

enum sym sym_from_name(const char *name)
{
	for (int s = 0; s < SYM_COUNT; s++)
		if (strcmp(name, names[s]) == 0)
			return (enum sym)s;
	return SYM_COUNT;
}

void sym_apply_square(enum sym s, int n, int *file, int *rank)
{
	int x = *file, y = *rank, m = n - 1;

	switch (s) {
	case SYM_ID:
		break;
	case SYM_ROT90: /* clockwise: the a-file becomes the top rank */
		*file = y, *rank = m - x;
		break;
	case SYM_ROT180:
		*file = m - x, *rank = m - y;
		break;
	case SYM_ROT270:
		*file = m - y, *rank = x;
		break;
	case SYM_FLIP_X:
		*file = m - x;
		break;
	case SYM_FLIP_Y:
		*rank = m - y;
		break;
	case SYM_FLIP_DIAG:
		*file = y, *rank = x;
		break;
	case SYM_FLIP_ANTI:
		*file = m - y, *rank = m - x;
		break;
	default:
		break;
	}
}

void sym_apply(enum sym s, int n, const int *in, int *out)
{
	for (int f = 0; f < n; f++) {
		int x = f, y = in[f];

		sym_apply_square(s, n, &x, &y);
		out[x] = y;
	}
}

/*
 * Composition is read off the image of b1 on a 4×4 board: that square lies
 * on no axis of symmetry, so its eight images are all different.
 */
enum sym sym_compose(enum sym a, enum sym b)
{
	int x = 1, y = 0;

	sym_apply_square(a, 4, &x, &y);
	sym_apply_square(b, 4, &x, &y);
	for (int s = 0; s < SYM_COUNT; s++) {
		int u = 1, v = 0;

		sym_apply_square((enum sym)s, 4, &u, &v);
		if (u == x && v == y)
			return (enum sym)s;
	}
	return SYM_COUNT;
}

enum sym sym_inverse(enum sym s)
{
	for (int t = 0; t < SYM_COUNT; t++)
		if (sym_compose(s, (enum sym)t) == SYM_ID)
			return (enum sym)t;
	return SYM_COUNT;
}

int sym_canonical(int n, const int *p, int *canon, enum sym *from_canon)
{
	/* The images on the stack: no memory to run short of. */
	int img[(SYM_COUNT + 1) * ENUM_MAX_N];
	int *best = img + (size_t)n * SYM_COUNT, distinct = 0, best_s = 0;

	if (n < 1 || n > ENUM_MAX_N)
		return 0;
	for (int s = 0; s < SYM_COUNT; s++) {
		int *cur = img + (size_t)n * s;
		bool seen = false;

		sym_apply((enum sym)s, n, p, cur);
		for (int t = 0; t < s && !seen; t++)
			seen = enum_compare(n, img + (size_t)n * t, cur) == 0;
		if (!seen)
			distinct++;
		if (s == 0 || enum_compare(n, cur, img + (size_t)n * best_s) < 0)
			best_s = s;
	}
	/*
	 * img[best_s] = T(p) is the representative r, so p = T⁻¹(r).  The
	 * transforms that map r to p form a coset; report the first in order.
	 */
	memcpy(best, img + (size_t)n * best_s, sizeof *best * (size_t)n);
	if (from_canon) {
		int *tmp = img; /* reuse: the images are no longer needed */

		*from_canon = SYM_ID;
		for (int s = 0; s < SYM_COUNT; s++) {
			sym_apply((enum sym)s, n, best, tmp);
			if (enum_compare(n, tmp, p) == 0) {
				*from_canon = (enum sym)s;
				break;
			}
		}
	}
	if (canon)
		memcpy(canon, best, sizeof *canon * (size_t)n);
	return distinct;
}
