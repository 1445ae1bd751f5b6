/* Symmetry classes: their representatives in order, and their variants. */
#include "config.h"

#include "engine/classes.h"

#include <errno.h>
#include <string.h>

#include "engine/board.h"

/*
 * A cheap test that rules out most solutions as representatives: the first
 * rank of every image of p under the eight symmetries is one of p's border
 * queens read from a corner, and a representative's own first rank is the
 * smallest of them.
 */
static bool may_be_rep(int n, const int *p)
{
	int first_file = -1, last_file = -1, m = n - 1;
	int v[7];

	for (int f = 0; f < n; f++) {
		if (p[f] == 0)
			first_file = f;
		if (p[f] == m)
			last_file = f;
	}
	v[0] = m - p[0];
	v[1] = p[m];
	v[2] = m - p[m];
	v[3] = first_file;
	v[4] = m - first_file;
	v[5] = last_file;
	v[6] = m - last_file;
	for (int i = 0; i < 7; i++)
		if (v[i] < p[0])
			return false;
	return true;
}

bool classes_is_rep(int n, const int *p)
{
	int canon[ENUM_MAX_N];

	if (!may_be_rep(n, p))
		return false;
	sym_canonical(n, p, canon, NULL);
	return memcmp(canon, p, sizeof *p * (size_t)n) == 0;
}

int classes_variants(int n, const int *rep, struct class_variant out[SYM_COUNT])
{
	int count = 0;

	for (int s = 0; s < SYM_COUNT; s++) {
		int img[ENUM_MAX_N];
		bool seen = false;

		sym_apply((enum sym)s, n, rep, img);
		for (int i = 0; i < count && !seen; i++) {
			seen = memcmp(out[i].ranks, img, sizeof *img * (size_t)n) == 0;
			if (seen)
				out[i].syms |= 1u << s;
		}
		if (seen)
			continue;
		out[count].from_rep = (enum sym)s;
		out[count].syms = 1u << s;
		memcpy(out[count].ranks, img, sizeof *img * (size_t)n);
		count++;
	}
	return count;
}

const char *classes_symmetry(int orbit)
{
	switch (orbit) {
	case 8:
		return "none";
	case 4:
		return "own 180\u00b0 turn";
	case 2:
		return "own quarter turn";
	default:
		return "every symmetry";
	}
}

void classes_start(struct class_iter *ci, int n)
{
	enum_start(&ci->it, n);
}

void classes_seek(struct class_iter *ci, int n, const int *p)
{
	enum_seek(&ci->it, n, p);
}

bool classes_next(struct class_iter *ci, int *rep)
{
	while (enum_next(&ci->it, rep))
		if (classes_is_rep(ci->it.n, rep))
			return true;
	return false;
}

int classes_count_to(int n, const int *from, uint64_t at, const int *rep,
                     const atomic_int *cancel, uint64_t *index)
{
	struct class_iter ci;
	int q[ENUM_MAX_N], cmp;

	if (from)
		classes_seek(&ci, n, from);
	else
		classes_start(&ci, n);
	do {
		if (!classes_next(&ci, q))
			return 0;
		at++;
		if (at % 256 == 0 && cancel &&
		    atomic_load_explicit(cancel, memory_order_relaxed)) {
			errno = ECANCELED;
			return -1;
		}
	} while ((cmp = enum_compare(n, q, rep)) < 0);
	if (cmp != 0)
		return 0;
	*index = at;
	return 1;
}

int classes_index(int n, const int *p, const atomic_int *cancel, uint64_t *index)
{
	int canon[ENUM_MAX_N];
	struct position pos;
	bool ok;

	if (n < 1 || n > ENUM_MAX_N) {
		errno = EINVAL;
		return -1;
	}
	for (int f = 0; f < n; f++) {
		if (p[f] < 0 || p[f] >= n) {
			errno = EINVAL;
			return -1;
		}
	}
	if (board_from_ranks(&pos, n, p) < 0)
		return -1;
	ok = board_is_solution(&pos);
	board_free(&pos);
	if (!ok) {
		errno = EINVAL;
		return -1;
	}
	/* Representatives are the smallest members of their classes. */
	sym_canonical(n, p, canon, NULL);
	if (classes_count_to(n, NULL, 0, canon, cancel, index) < 0)
		return -1;
	return 0;
}
