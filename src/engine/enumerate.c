/* All solutions in lexicographic order, and solution #k without the others. */
#include "config.h"

#include "engine/enumerate.h"

#include <errno.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/errmsg.h"
#include "engine/fileio.h"

static uint64_t full_mask(int n)
{
	return n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
}

static int lowest_rank(uint64_t bits)
{
	return __builtin_ctzll(bits);
}

/* Sets up file f's lines from file f-1's queen, and what is left to try. */
static void enter_file(struct enum_iter *it, int f)
{
	if (f == 0) {
		it->cols[0] = it->up[0] = it->down[0] = 0;
	} else {
		uint64_t bit = (uint64_t)1 << it->rank[f - 1];

		it->cols[f] = it->cols[f - 1] | bit;
		it->up[f] = ((it->up[f - 1] | bit) << 1) & it->full;
		it->down[f] = (it->down[f - 1] | bit) >> 1;
	}
	it->avail[f] = it->full & ~(it->cols[f] | it->up[f] | it->down[f]);
}

void enum_start(struct enum_iter *it, int n)
{
	/* Outside 1 to ENUM_MAX_N there is nothing to walk, and no array to overrun. */
	bool fits = n >= 1 && n <= ENUM_MAX_N;

	it->n = fits ? n : 1;
	it->full = full_mask(it->n);
	it->depth = 0;
	enter_file(it, 0);
	if (!fits)
		it->depth = -1;
}

void enum_seek(struct enum_iter *it, int n, const int *p)
{
	enum_start(it, n);
	if (it->depth < 0)
		return;
	for (int f = 0; f < n; f++) {
		if (f > 0)
			enter_file(it, f);
		it->rank[f] = p[f];
		/* Only the ranks above p[f] remain to be tried on this file. */
		it->avail[f] &= ~full_mask(p[f] + 1);
	}
	it->depth = n - 1;
}

bool enum_next(struct enum_iter *it, int *ranks)
{
	int d = it->depth;

	while (d >= 0) {
		uint64_t bits = it->avail[d];

		if (!bits) {
			d--;
			continue;
		}
		it->rank[d] = lowest_rank(bits);
		it->avail[d] = bits & (bits - 1);
		if (d == it->n - 1) {
			it->depth = d;
			memcpy(ranks, it->rank, sizeof *ranks * (size_t)it->n);
			return true;
		}
		enter_file(it, ++d);
	}
	it->depth = -1;
	return false;
}

/* What a count may be stopped by, and whether it was. */
struct stop {
	const atomic_int *cancel; /* NULL: never */
	uint64_t nodes;
	bool stopped;
};

static uint64_t count_from(struct stop *st, uint64_t full, uint64_t cols, uint64_t up,
                           uint64_t down)
{
	uint64_t avail, total = 0;

	if (cols == full)
		return 1;
	/* Looking now and then keeps the check off the hot path. */
	if (st->cancel && (++st->nodes & 0xffff) == 0 &&
	    atomic_load_explicit(st->cancel, memory_order_relaxed))
		st->stopped = true;
	if (st->stopped)
		return 0;
	avail = full & ~(cols | up | down);
	while (avail) {
		uint64_t bit = avail & -avail;

		avail ^= bit;
		total += count_from(st, full, cols | bit, (up | bit) << 1,
		                    (down | bit) >> 1);
	}
	return total;
}

static uint64_t completions(struct stop *st, int n, const int *p, int len,
                            const struct enum_table *t)
{
	uint64_t full = full_mask(n), cols = 0, up = 0, down = 0;

	if (t && len == 1 && t->first[n])
		return t->first[n][p[0]];
	if (t && len == 2 && t->second[n])
		return t->second[n][p[0] * n + p[1]];
	for (int f = 0; f < len; f++) {
		uint64_t bit = (uint64_t)1 << p[f];

		if ((cols | up | down) & bit)
			return 0;
		cols |= bit;
		up = ((up | bit) << 1) & full;
		down = (down | bit) >> 1;
	}
	return count_from(st, full, cols, up, down);
}

uint64_t enum_completions(int n, const int *p, int len, const struct enum_table *t)
{
	struct stop st = {NULL, 0, false};

	return completions(&st, n, p, len, t);
}

uint64_t enum_total(int n, const struct enum_table *t)
{
	uint64_t total = 0;
	int r;

	for (r = 0; r < n; r++)
		total += enum_completions(n, &r, 1, t);
	return total;
}

/* Whether rank r is free on file len after the queens p[0..len-1]. */
static bool is_free(const int *p, int len, int r)
{
	for (int f = 0; f < len; f++) {
		int d = len - f;

		if (p[f] == r || p[f] == r + d || p[f] == r - d)
			return false;
	}
	return true;
}

int enum_rank_cancel(int n, const int *p, const struct enum_table *t, uint64_t *index,
                     const atomic_int *cancel)
{
	struct stop st = {cancel, 0, false};
	int q[ENUM_MAX_N];
	uint64_t before = 0;

	if (n < 1 || n > ENUM_MAX_N)
		return 0;
	for (int f = 0; f < n; f++) {
		if (p[f] < 0 || p[f] >= n || !is_free(p, f, p[f]))
			return 0;
		memcpy(q, p, sizeof *q * (size_t)f);
		/* Every solution that branches off lower on this file comes first. */
		for (int r = 0; r < p[f]; r++) {
			if (!is_free(p, f, r))
				continue;
			q[f] = r;
			before += completions(&st, n, q, f + 1, t);
			if (st.stopped)
				return -1;
		}
	}
	*index = before + 1;
	return 1;
}

bool enum_rank(int n, const int *p, const struct enum_table *t, uint64_t *index)
{
	return enum_rank_cancel(n, p, t, index, NULL) == 1;
}

int enum_unrank_cancel(int n, uint64_t k, const struct enum_table *t, int *p,
                       const atomic_int *cancel)
{
	struct stop st = {cancel, 0, false};

	if (n < 1 || n > ENUM_MAX_N || k == 0)
		return 0;
	for (int f = 0; f < n; f++) {
		int r;

		for (r = 0; r < n; r++) {
			uint64_t c;

			if (!is_free(p, f, r))
				continue;
			p[f] = r;
			c = completions(&st, n, p, f + 1, t);
			if (st.stopped)
				return -1;
			if (k <= c)
				break;
			k -= c;
		}
		if (r == n)
			return 0;
	}
	return 1;
}

bool enum_unrank(int n, uint64_t k, const struct enum_table *t, int *p)
{
	return enum_unrank_cancel(n, k, t, p, NULL) == 1;
}

/* Mirroring the ranks reverses the order of solutions: back is forward there. */
static void mirror(int n, const int *in, int *out)
{
	for (int f = 0; f < n; f++)
		out[f] = n - 1 - in[f];
}

int enum_compare(int n, const int *a, const int *b)
{
	for (int i = 0; i < n; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

bool enum_first(int n, int *p)
{
	struct enum_iter it;

	enum_start(&it, n);
	return enum_next(&it, p);
}

bool enum_last(int n, int *p)
{
	int first[ENUM_MAX_N];

	if (!enum_first(n, first))
		return false;
	mirror(n, first, p);
	return true;
}

uint64_t enum_step(int n, const int *p, int64_t d, int *out)
{
	struct enum_iter it;
	int q[ENUM_MAX_N], r[ENUM_MAX_N];
	uint64_t want = d < 0 ? (uint64_t)0 - (uint64_t)d : (uint64_t)d, moved = 0;

	if (d < 0)
		mirror(n, p, q);
	else
		memcpy(q, p, sizeof *q * (size_t)n);
	memcpy(r, q, sizeof *r * (size_t)n);
	enum_seek(&it, n, q);
	while (moved < want && enum_next(&it, r))
		moved++;
	if (d < 0)
		mirror(n, r, out);
	else
		memcpy(out, r, sizeof *out * (size_t)n);
	return moved;
}

void enum_table_free(struct enum_table *t)
{
	for (int n = 0; n <= ENUM_MAX_N; n++) {
		free(t->first[n]);
		free(t->second[n]);
		t->first[n] = t->second[n] = NULL;
	}
}

int enum_table_max_n(const struct enum_table *t)
{
	for (int n = ENUM_MAX_N; n > 0; n--)
		if (t->first[n])
			return n;
	return 0;
}

/* Reads one unsigned decimal field strictly; false on anything else. */
static bool parse_u64(const char *s, uint64_t *v)
{
	uint64_t x = 0;

	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		if (x > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			return false;
		x = x * 10 + (uint64_t)(*s - '0');
	}
	*v = x;
	return true;
}

/* Checks that the table agrees with itself: second-level rows sum to first. */
static int table_check(const struct enum_table *t, const char *path, char *err,
                       size_t errlen)
{
	for (int n = 1; n <= ENUM_MAX_N; n++) {
		if (!t->first[n] || !t->second[n])
			continue;
		for (int r = 0; r < n; r++) {
			uint64_t sum = 0;

			for (int s = 0; s < n; s++)
				sum += t->second[n][r * n + s];
			if (sum != t->first[n][r]) {
				errmsg_set(err, errlen,
				           "%s: n %d, rank %d: the counts by two "
				           "ranks add up to %" PRIu64 ", not %" PRIu64,
				           path, n, r + 1, sum, t->first[n][r]);
				return -1;
			}
		}
	}
	return 0;
}

/* Cuts line (its comment off) into at most five blank-separated fields. */
static int table_fields(char *line, char **field)
{
	char *save = NULL, *hash;
	int nf = 0;

	if ((hash = strchr(line, '#')))
		*hash = '\0';
	for (char *tok = strtok_r(line, " \t\r\n", &save); tok;
	     tok = strtok_r(NULL, " \t\r\n", &save)) {
		if (nf == 5)
			break;
		field[nf++] = tok;
	}
	return nf;
}

/* The nf fields of a line as numbers in v: n from 1 to ENUM_MAX_N, ranks 1 to n. */
static int table_numbers(char **field, int nf, uint64_t *v, const char *path,
                         unsigned lineno, char *err, size_t errlen)
{
	if (nf != 3 && nf != 4) {
		errmsg_set(err, errlen,
		           "%s:%u: expected 'n rank count' or 'n rank "
		           "rank count', found %d fields",
		           path, lineno, nf);
		return -1;
	}
	for (int i = 0; i < nf; i++) {
		if (!parse_u64(field[i], &v[i])) {
			errmsg_set(err, errlen, "%s:%u: '%s' is not a whole number", path,
			           lineno, field[i]);
			return -1;
		}
	}
	if (v[0] < 1 || v[0] > ENUM_MAX_N) {
		errmsg_set(err, errlen, "%s:%u: n %" PRIu64 " is outside 1..%d", path,
		           lineno, v[0], ENUM_MAX_N);
		return -1;
	}
	for (int i = 1; i <= nf - 2; i++) {
		if (v[i] < 1 || v[i] > v[0]) {
			errmsg_set(err, errlen,
			           "%s:%u: rank %" PRIu64 " is outside 1..%d", path,
			           lineno, v[i], (int)v[0]);
			return -1;
		}
	}
	return 0;
}

/*
 * Puts the count of a line's nf numbers v into t; seen marks the entries
 * given, so that a repeated one is refused.
 */
static int table_put(struct enum_table *t, uint8_t *seen[2][ENUM_MAX_N + 1],
                     const uint64_t *v, int nf, const char *path, unsigned lineno,
                     char *err, size_t errlen)
{
	int n = (int)v[0], level = nf - 3;
	uint64_t **slot = level ? &t->second[n] : &t->first[n];
	size_t size = level ? (size_t)n * (size_t)n : (size_t)n, at;

	if (!*slot) {
		*slot = calloc(size, sizeof **slot);
		seen[level][n] = calloc(size, 1);
		if (!*slot || !seen[level][n]) {
			errmsg_set(err, errlen, "%s: out of memory", path);
			return -1;
		}
	}
	at = level ? (size_t)(v[1] - 1) * (size_t)n + (size_t)(v[2] - 1)
	           : (size_t)(v[1] - 1);
	if (seen[level][n][at]) {
		errmsg_set(err, errlen, "%s:%u: this entry was given before", path,
		           lineno);
		return -1;
	}
	seen[level][n][at] = 1;
	(*slot)[at] = v[nf - 1];
	return 0;
}

/* Every n the file names has all its entries, at each level it has. */
static int table_whole(uint8_t *seen[2][ENUM_MAX_N + 1], const char *path, char *err,
                       size_t errlen)
{
	for (int level = 0; level < 2; level++) {
		for (int n = 1; n <= ENUM_MAX_N; n++) {
			size_t size = level ? (size_t)n * (size_t)n : (size_t)n;

			if (!seen[level][n])
				continue;
			for (size_t i = 0; i < size; i++) {
				if (seen[level][n][i])
					continue;
				if (level)
					errmsg_set(err, errlen,
					           "%s: n %d lacks the count for "
					           "ranks %zu %zu",
					           path, n, i / (size_t)n + 1,
					           i % (size_t)n + 1);
				else
					errmsg_set(err, errlen,
					           "%s: n %d lacks the count for "
					           "rank %zu",
					           path, n, i + 1);
				return -1;
			}
		}
	}
	return 0;
}

int enum_table_load(struct enum_table *t, const char *path, char *err, size_t errlen)
{
	/* Which entries a line has given, so a missing or repeated one is caught. */
	uint8_t *seen[2][ENUM_MAX_N + 1] = {{0}};
	char line[256];
	unsigned lineno = 0;
	int rc = -1;
	FILE *fp;

	memset(t, 0, sizeof *t);
	fp = fileio_open_regular(path, line, sizeof line);
	if (!fp) {
		errmsg_set(err, errlen, "%s: %s", path, line);
		return -1;
	}
	while (fgets(line, sizeof line, fp)) {
		char *field[5];
		uint64_t v[4];
		size_t len = strlen(line);
		int nf;

		lineno++;
		if (len == sizeof line - 1 && line[len - 1] != '\n') {
			errmsg_set(err, errlen, "%s:%u: line too long", path, lineno);
			goto out;
		}
		nf = table_fields(line, field);
		if (nf == 0)
			continue;
		if (table_numbers(field, nf, v, path, lineno, err, errlen) < 0 ||
		    table_put(t, seen, v, nf, path, lineno, err, errlen) < 0)
			goto out;
	}
	if (ferror(fp)) {
		errmsg_set(err, errlen, "%s: %s", path, strerror(errno));
		goto out;
	}
	if (table_whole(seen, path, err, errlen) == 0)
		rc = table_check(t, path, err, errlen);
out:
	for (int level = 0; level < 2; level++)
		for (int n = 0; n <= ENUM_MAX_N; n++)
			free(seen[level][n]);
	fclose(fp);
	if (rc < 0)
		enum_table_free(t);
	return rc;
}
