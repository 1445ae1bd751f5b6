/* Counting n-queens solutions by joining quadrants into half boards. */
#include "config.h"

#include "halves.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * The board is cut into four quadrants of h x h squares, h = n / 2; for odd
 * n the middle row and column lie between them and get their queens first.
 * Every placement of queens in a quadrant that leaves one another alone is
 * listed once, filed under the rows and columns it uses.  Two queens on
 * different rows and columns attack each other exactly when they share an
 * anti-diagonal (r + c) or a diagonal (r - c), so a placement is summed up
 * by two masks of lines, and two placements are compatible when both pairs
 * of masks are disjoint.
 *
 * A unit of work is the set C of columns that the top half uses.  Its tops
 * are the compatible pairs of placements in the two top quadrants with
 * complementary rows.  Only the lines that cross the middle can join a top
 * queen to a bottom one; each of them becomes a sieve row with one bit per
 * top.  A bottom, built the same way from the bottom quadrants on the other
 * columns, strikes out the tops on its lines, and the survivors are counted
 * 64 at a time.  Most of the time goes there, in code built for several
 * instruction sets and chosen when the count starts.
 *
 * Symmetry.  Mirroring the columns maps the solutions with top columns C to
 * those with mirror(C), and turning the board upside down to those with the
 * complement of C, so one C of each such group is counted.  For even n the
 * two long diagonals give another factor near 2: reflecting in the main
 * diagonal moves a queen on the anti-diagonal between the north-east and
 * south-west quadrants, and reflecting in the anti-diagonal moves a queen on
 * the main diagonal between the north-west and south-east ones, each leaving
 * the other long diagonal as it was.  So the solutions whose top has no queen
 * on a long diagonal, each weighted 2 for every long-diagonal queen of its
 * bottom, add up to all of them; turned upside down the same holds with top
 * and bottom exchanged, and a unit counts both sums at once, where the tops
 * with a long-diagonal queen only meet the bottoms without one.  For odd n
 * the queens of the middle row and column are placed first, one pair of
 * squares of each orbit of the eight symmetries, which already divides the
 * work by 8 (the lone centre queen is fixed by all of them, and its units
 * use the flips instead).
 */

#define HALVES_MAX_H (HALVES_MAX_N / 2)

/* One placement in a quadrant.  Its lines are counted from the quadrant's
 * first ones (abase, dbase), which keeps each mask to 2h - 1 bits. */
struct place {
	uint32_t a;    /* anti-diagonals r + c - abase in use */
	uint32_t d;    /* diagonals r - c + n - 1 - dbase in use */
	uint64_t cols; /* the board column of each queen, 5 bits each, top row first */
};

/* The placements of one quadrant, filed by key (rows << h | columns) in
 * local bits. */
struct quad {
	uint32_t *start; /* 2^(2h) + 1 offsets into e */
	struct place *e;
	size_t len;
	int abase, dbase;
};

/* A placement's lines on the whole board. */
#define LINES_A(q, p) ((uint64_t)(p).a << (q)->abase)
#define LINES_D(q, p) ((uint64_t)(p).d << (q)->dbase)

/* Queens fixed on the middle lines (odd n), and what they leave free. */
struct start {
	uint64_t a, d;    /* the lines they hold */
	uint32_t toprows; /* local rows of the top quadrants still free */
	uint32_t botrows; /* and of the bottom ones */
	uint32_t cols;    /* board columns still free */
	int orbit;        /* how many starts this one stands for */
	bool flips;       /* the flips fix it, so C is reduced by them */
};

/* A set of top columns and what its count is multiplied by. */
struct unit {
	uint32_t cols;
	uint16_t start;
	uint16_t weight;
};

struct work;
typedef uint64_t (*unit_fn)(struct work *w, const struct quad *q, const struct start *s,
                            uint32_t cols);

/* What all threads read. */
struct shared {
	int n, h;
	int wlo, win;     /* the lines crossing the middle: wlo .. wlo + win - 1 */
	bool diagonals;   /* even n: the long-diagonal weighting */
	struct quad q[4]; /* north-west, north-east, south-west, south-east */
	size_t maxlist;
	struct start *starts;
	int nstarts;
	struct unit *units;
	size_t nunits;
	unit_fn run;
	atomic_size_t next; /* the next unit to hand out */
	size_t grab;        /* units handed out at a time */
	atomic_size_t done;
	pthread_mutex_t lock; /* guards err, reported and the progress calls */
	size_t reported;
	int err;
	halves_progress_fn progress;
	void *ctx;
	const atomic_int *cancel; /* the caller's: stop when non-zero */
};

/* One thread's buffers. */
struct work {
	const struct shared *sh;
	struct quad f[4]; /* the tables without what the start's queens attack */
	int fstart;       /* the start f was made for, or -1 */
	uint64_t *tops, *sorted;
	size_t topcap;
	uint64_t *rows, *qk, *alive0, *alive, *zero; /* sieve rows, kill vectors */
	size_t wcap;                                 /* words each can hold */
	uint64_t *kv; /* a south-east list's kill vectors */
	uint32_t *jl;
	uint64_t *packed; /* a north-east list's crossings */
	uint64_t sum;
	size_t bytes;
	int err;
	pthread_t thread;
};

/* ---- The quadrant tables ---- */

struct lister {
	int n, h, r0, c0, abase, dbase;
	struct place *v;
	uint32_t *key;
	size_t len, cap;
};

static int lister_emit(struct lister *l, struct place p, uint32_t key)
{
	if (l->len == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 1024;
		struct place *v = realloc(l->v, cap * sizeof *v);
		uint32_t *k = v ? realloc(l->key, cap * sizeof *k) : NULL;
		if (v)
			l->v = v;
		if (!k)
			return -1;
		l->key = k;
		l->cap = cap;
	}
	l->v[l->len] = p;
	l->key[l->len++] = key;
	return 0;
}

/*
 * Lists every placement in local rows lr .. h - 1, each row empty or not,
 * after the queens of p (nq of them, on the local rows and columns of key).
 */
static int lister_rows(struct lister *l, int lr, struct place p, int nq, uint32_t key)
{
	if (lr == l->h)
		return lister_emit(l, p, key);
	if (lister_rows(l, lr + 1, p, nq, key))
		return -1;
	int r = l->r0 + lr;
	for (int lc = 0; lc < l->h; lc++) {
		int c = l->c0 + lc;
		uint32_t ab = 1u << (r + c - l->abase);
		uint32_t db = 1u << (r - c + l->n - 1 - l->dbase);
		if ((key >> lc & 1) || (p.a & ab) || (p.d & db))
			continue;
		struct place next = {p.a | ab, p.d | db,
		                     p.cols | (uint64_t)c << (5 * nq)};
		if (lister_rows(l, lr + 1, next, nq + 1,
		                key | 1u << (l->h + lr) | 1u << lc))
			return -1;
	}
	return 0;
}

static void quad_free(struct quad *q)
{
	free(q->start);
	free(q->e);
	*q = (struct quad){NULL, NULL, 0, 0, 0};
}

/* Lists the quadrant whose top-left square is (r0, c0), filed by key. */
static int quad_build(struct quad *q, int n, int h, int r0, int c0, size_t *bytes)
{
	struct lister l = {.n = n, .h = h, .r0 = r0, .c0 = c0};
	size_t nkeys = (size_t)1 << (2 * h);
	uint32_t *pos = NULL;
	l.abase = r0 + c0;
	l.dbase = r0 - (c0 + h - 1) + n - 1;
	*q = (struct quad){NULL, NULL, 0, l.abase, l.dbase};
	if (lister_rows(&l, 0, (struct place){0, 0, 0}, 0, 0))
		goto fail;
	q->start = calloc(nkeys + 1, sizeof *q->start);
	q->e = malloc(l.len * sizeof *q->e);
	pos = malloc(nkeys * sizeof *pos);
	if (!q->start || !q->e || !pos)
		goto fail;
	q->len = l.len;
	for (size_t i = 0; i < l.len; i++)
		q->start[l.key[i] + 1]++;
	for (size_t k = 0; k < nkeys; k++)
		q->start[k + 1] += q->start[k];
	memcpy(pos, q->start, nkeys * sizeof *pos);
	for (size_t i = 0; i < l.len; i++)
		q->e[pos[l.key[i]]++] = l.v[i];
	*bytes += (nkeys + 1) * sizeof *q->start + l.len * sizeof *q->e;
	free(pos);
	free(l.v);
	free(l.key);
	return 0;
fail:
	free(pos);
	free(l.v);
	free(l.key);
	quad_free(q);
	return -1;
}

/* Keeps the placements of q that leave the start's queens alone. */
static int quad_filter(const struct quad *q, struct quad *f, int h, const struct start *s)
{
	size_t nkeys = (size_t)1 << (2 * h);
	f->abase = q->abase;
	f->dbase = q->dbase;
	if (!f->start) {
		f->start = malloc((nkeys + 1) * sizeof *f->start);
		f->e = malloc((q->len ? q->len : 1) * sizeof *f->e);
		if (!f->start || !f->e) {
			quad_free(f);
			return -1;
		}
	}
	size_t k = 0;
	for (size_t key = 0; key < nkeys; key++) {
		f->start[key] = (uint32_t)k;
		for (uint32_t i = q->start[key]; i < q->start[key + 1]; i++) {
			f->e[k] = q->e[i];
			k += !((LINES_A(q, q->e[i]) & s->a) |
			       (LINES_D(q, q->e[i]) & s->d));
		}
	}
	f->start[nkeys] = (uint32_t)k;
	f->len = k;
	return 0;
}

/* ---- Buffers ---- */

static void *aligned_grow(void *old, size_t bytes)
{
	void *p = NULL;
	free(old);
	if (posix_memalign(&p, 64, bytes ? bytes : 64))
		return NULL;
	return p;
}

/* Makes room for k tops; -1 when out of memory. */
static int work_tops(struct work *w, size_t k)
{
	if (k <= w->topcap)
		return 0;
	size_t cap = k + k / 2 + 64;
	uint64_t *t = realloc(w->tops, cap * sizeof *t);
	if (t)
		w->tops = t;
	uint64_t *s = t ? realloc(w->sorted, cap * sizeof *s) : NULL;
	if (!s)
		return -1;
	w->sorted = s;
	w->bytes += 2 * (cap - w->topcap) * sizeof *t;
	w->topcap = cap;
	return 0;
}

/* Makes room for sieves of `words` words; -1 when out of memory. */
static int work_words(struct work *w, size_t words)
{
	const struct shared *sh = w->sh;
	if (words <= w->wcap)
		return 0;
	size_t cap = words + words / 2 + 8;
	size_t nqk = (size_t)sh->h * (size_t)sh->n;
	w->rows = aligned_grow(w->rows, 64 * cap * 8);
	w->qk = aligned_grow(w->qk, nqk * cap * 8);
	w->alive0 = aligned_grow(w->alive0, cap * 8);
	w->alive = aligned_grow(w->alive, cap * 8);
	w->zero = aligned_grow(w->zero, cap * 8);
	w->kv = aligned_grow(w->kv, sh->maxlist * cap * 8);
	if (!w->rows || !w->qk || !w->alive0 || !w->alive || !w->zero || !w->kv)
		return -1;
	memset(w->zero, 0, cap * 8);
	w->bytes += (64 + nqk + 3 + sh->maxlist) * (cap - w->wcap) * 8;
	w->wcap = cap;
	return 0;
}

static void work_free(struct work *w)
{
	for (int i = 0; i < 4; i++)
		quad_free(&w->f[i]);
	free(w->tops);
	free(w->sorted);
	free(w->rows);
	free(w->qk);
	free(w->alive0);
	free(w->alive);
	free(w->zero);
	free(w->kv);
	free(w->jl);
	free(w->packed);
}

/* ---- The join, one unit ---- */

#define ALWAYS_INLINE inline __attribute__((always_inline))

/* Transposes a 64 x 64 bit matrix: bit j of m[i] trades with bit i of m[j]. */
static ALWAYS_INLINE void transpose64(uint64_t m[64])
{
	uint64_t mask = 0x00000000ffffffffull;
	for (int j = 32; j; j >>= 1, mask ^= mask << j)
		for (int k = 0; k < 64; k = (k + j + 1) & ~j) {
			uint64_t t = (m[k] >> j ^ m[k + j]) & mask;
			m[k] ^= t << j;
			m[k + j] ^= t;
		}
}

/* The word loops run over whole blocks of 4 so that the compiler turns each
 * block into vector instructions without a scalar tail. */
#define BLOCK 4

static ALWAYS_INLINE uint64_t popcount_andnot(const uint64_t *restrict a,
                                              const uint64_t *restrict b, size_t words)
{
	uint64_t c = 0;
	for (size_t x = 0; x < words; x += BLOCK)
		for (int k = 0; k < BLOCK; k++)
			c += (uint64_t)__builtin_popcountll(a[x + k] & ~b[x + k]);
	return c;
}

/* dst |= src */
static ALWAYS_INLINE void words_or(uint64_t *restrict dst, const uint64_t *restrict src,
                                   size_t words)
{
	for (size_t x = 0; x < words; x += BLOCK)
		for (int k = 0; k < BLOCK; k++)
			dst[x + k] |= src[x + k];
}

/* dst |= a | b */
static ALWAYS_INLINE void words_or_2(uint64_t *restrict dst, const uint64_t *restrict a,
                                     const uint64_t *restrict b, size_t words)
{
	for (size_t x = 0; x < words; x += BLOCK)
		for (int k = 0; k < BLOCK; k++)
			dst[x + k] |= a[x + k] | b[x + k];
}

/* dst &= ~(a | b) */
static ALWAYS_INLINE void words_andnot_2(uint64_t *restrict dst,
                                         const uint64_t *restrict a,
                                         const uint64_t *restrict b, size_t words)
{
	for (size_t x = 0; x < words; x += BLOCK)
		for (int k = 0; k < BLOCK; k++)
			dst[x + k] &= ~(a[x + k] | b[x + k]);
}

/* dst = base & ~(a | b) */
static ALWAYS_INLINE void words_andnot3(uint64_t *restrict dst,
                                        const uint64_t *restrict base,
                                        const uint64_t *restrict a,
                                        const uint64_t *restrict b, size_t words)
{
	for (size_t x = 0; x < words; x += BLOCK)
		for (int k = 0; k < BLOCK; k++)
			dst[x + k] = base[x + k] & ~(a[x + k] | b[x + k]);
}

/* dst = a | b */
static ALWAYS_INLINE void words_or2(uint64_t *restrict dst, const uint64_t *restrict a,
                                    const uint64_t *restrict b, size_t words)
{
	for (size_t x = 0; x < words; x += BLOCK)
		for (int k = 0; k < BLOCK; k++)
			dst[x + k] = a[x + k] | b[x + k];
}

/* dst &= ~b */
static ALWAYS_INLINE void words_andnot(uint64_t *restrict dst, const uint64_t *restrict b,
                                       size_t words)
{
	for (size_t x = 0; x < words; x += BLOCK)
		for (int k = 0; k < BLOCK; k++)
			dst[x + k] &= ~b[x + k];
}

/* The quadrant's list under key. */
static ALWAYS_INLINE const struct place *key_list(const struct quad *q, uint32_t key,
                                                  size_t *len)
{
	*len = q->start[key + 1] - q->start[key];
	return q->e + q->start[key];
}

/* The local rows of rows, in order; returns how many. */
static ALWAYS_INLINE int rows_list(uint32_t rows, int out[HALVES_MAX_H])
{
	int k = 0;
	for (; rows; rows &= rows - 1)
		out[k++] = __builtin_ctz(rows);
	return k;
}

/* The geometry of one unit, shared by its steps. */
struct geom {
	int n, h, wlo, win;
	bool diag;
	size_t words;   /* the sieve's length */
	size_t w0, w01; /* where the tops with one and with two long-diagonal
	                 * queens begin */
};

/* A placement's lines across the middle, packed as a top is (see below). */
static ALWAYS_INLINE uint64_t crossings(const struct geom *g, uint64_t a, uint64_t d)
{
	const uint64_t wmask = (1ull << g->win) - 1;
	uint64_t longq = (a >> (g->n - 1) & 1) + (d >> (g->n - 1) & 1);
	return (a >> g->wlo & wmask) | (d >> g->wlo & wmask) << 32 | longq << 62;
}

/*
 * Lists the tops of the columns tw (west) and te (east): each compatible
 * pair of top placements as its crossing lines a | d << 32, with at bit 62
 * how many of its queens stand on a long diagonal.  Returns how many, or
 * (size_t)-1 when out of memory.
 */
static ALWAYS_INLINE size_t tops_list(struct work *w, const struct quad *q,
                                      const struct start *s, const struct geom *g,
                                      uint32_t tw, uint32_t te)
{
	const int h = g->h, ta = __builtin_popcount(tw);
	size_t bound = 0, k = 0;
	for (uint32_t r = s->toprows;; r = (r - 1) & s->toprows) {
		size_t l1, l2;
		if (__builtin_popcount(r) == ta) {
			key_list(&q[0], r << h | tw, &l1);
			key_list(&q[1], (s->toprows & ~r) << h | te, &l2);
			bound += l1 * l2;
		}
		if (!r)
			break;
	}
	if (!bound)
		return 0;
	if (work_tops(w, bound))
		return (size_t)-1;
	uint64_t *tv = w->tops, *packed = w->packed;
	for (uint32_t r = s->toprows;; r = (r - 1) & s->toprows) {
		size_t l1, l2;
		if (__builtin_popcount(r) != ta)
			goto next;
		const struct place *x = key_list(&q[0], r << h | tw, &l1);
		const struct place *y = key_list(&q[1], (s->toprows & ~r) << h | te, &l2);
		if (!l1 || !l2)
			goto next;
		for (size_t j = 0; j < l2; j++)
			packed[j] =
			        crossings(g, LINES_A(&q[1], y[j]), LINES_D(&q[1], y[j]));
		for (size_t i = 0; i < l1; i++) {
			uint64_t xa = LINES_A(&q[0], x[i]), xd = LINES_D(&q[0], x[i]);
			uint64_t xp = crossings(g, xa, xd);
			/* x's lines counted as y's are, for the test. */
			uint64_t ya = xa >> q[1].abase, yd = xd >> q[1].dbase;
			for (size_t j = 0; j < l2; j++) {
				/* The two share no line when kept, so adding is or-ing,
				 * and the long-diagonal queens add up. */
				tv[k] = xp + packed[j];
				/* Written always, kept when compatible: no branch. */
				k += !((ya & y[j].a) | (yd & y[j].d));
			}
		}
	next:
		if (!r)
			break;
	}
	return k;
}

/*
 * Turns the k tops into the sieve: sorted by long-diagonal queens (each
 * class padded to whole blocks), row x of w->rows holds the tops on
 * crossing anti-diagonal x, row 32 + x those on diagonal x, and w->alive0
 * the tops that exist.  Returns -1 when out of memory.
 */
static ALWAYS_INLINE int sieve_build(struct work *w, struct geom *g, size_t k)
{
	size_t kt[3] = {k, 0, 0};
	const uint64_t *tops = w->tops;
	if (g->diag) {
		kt[0] = 0;
		for (size_t i = 0; i < k; i++)
			kt[w->tops[i] >> 62]++;
		size_t pos[3] = {0, kt[0], kt[0] + kt[1]};
		for (size_t i = 0; i < k; i++)
			w->sorted[pos[w->tops[i] >> 62]++] = w->tops[i];
		tops = w->sorted;
	}
	size_t nw[3];
	g->words = 0;
	for (int c = 0; c < 3; c++) {
		nw[c] = (kt[c] + 64 * BLOCK - 1) / (64 * BLOCK) * BLOCK;
		g->words += nw[c];
	}
	g->w0 = nw[0];
	g->w01 = nw[0] + nw[1];
	if (work_words(w, g->words))
		return -1;
	const size_t words = g->words;
	size_t wi = 0, ti = 0;
	for (int c = 0; c < 3; c++)
		for (size_t blk = 0; blk < nw[c]; blk++, wi++) {
			uint64_t m[64];
			size_t left = blk * 64 < kt[c] ? kt[c] - blk * 64 : 0;
			size_t cnt = left < 64 ? left : 64;
			for (size_t i = 0; i < cnt; i++)
				m[i] = tops[ti + i] & ~(3ull << 62);
			for (size_t i = cnt; i < 64; i++)
				m[i] = 0;
			ti += cnt;
			transpose64(m);
			w->alive0[wi] = cnt == 64 ? ~0ull : (1ull << cnt) - 1;
			for (int x = 0; x < g->win; x++) {
				w->rows[(size_t)x * words + wi] = m[x];
				w->rows[(size_t)(32 + x) * words + wi] = m[32 + x];
			}
		}
	return 0;
}

/* The kill vector of every free bottom square: the tops on its two lines. */
static ALWAYS_INLINE void squares_kill(struct work *w, const struct start *s,
                                       const struct geom *g, uint32_t bcols)
{
	const int n = g->n, rb = n - g->h;
	const size_t words = g->words;
	for (uint32_t rr = s->botrows; rr; rr &= rr - 1) {
		int r = rb + __builtin_ctz(rr);
		for (uint32_t cc = bcols; cc; cc &= cc - 1) {
			int c = __builtin_ctz(cc);
			int ai = r + c - g->wlo, di = r - c + n - 1 - g->wlo;
			const uint64_t *ra = ai >= 0 && ai < g->win
			                             ? w->rows + (size_t)ai * words
			                             : w->zero;
			const uint64_t *rd = di >= 0 && di < g->win
			                             ? w->rows + (size_t)(32 + di) * words
			                             : w->zero;
			words_or2(w->qk + ((size_t)(r - rb) * n + c) * words, ra, rd,
			          words);
		}
	}
}

/* The kill vector of the queens of one placement, local rows `rows`. */
static ALWAYS_INLINE const uint64_t *placement_kill(const struct work *w,
                                                    const struct geom *g,
                                                    const int rows[], int i,
                                                    uint64_t cols)
{
	return w->qk + ((size_t)rows[i] * g->n + (cols >> (5 * i) & 31)) * g->words;
}

/* dst = the union of the kill vectors of a placement's nq queens. */
static ALWAYS_INLINE void placement_union(const struct work *w, const struct geom *g,
                                          const int rows[], int nq, uint64_t cols,
                                          uint64_t *dst, size_t len)
{
	words_or2(dst, nq > 0 ? placement_kill(w, g, rows, 0, cols) : w->zero,
	          nq > 1 ? placement_kill(w, g, rows, 1, cols) : w->zero, len);
	int i = 2;
	for (; i + 1 < nq; i += 2)
		words_or_2(dst, placement_kill(w, g, rows, i, cols),
		           placement_kill(w, g, rows, i + 1, cols), len);
	if (i < nq)
		words_or(dst, placement_kill(w, g, rows, i, cols), len);
}

/* dst = the tops that a placement's nq queens leave alive. */
static ALWAYS_INLINE void placement_spare(const struct work *w, const struct geom *g,
                                          const int rows[], int nq, uint64_t cols,
                                          uint64_t *dst, size_t len)
{
	words_andnot3(dst, w->alive0,
	              nq > 0 ? placement_kill(w, g, rows, 0, cols) : w->zero,
	              nq > 1 ? placement_kill(w, g, rows, 1, cols) : w->zero, len);
	int i = 2;
	for (; i + 1 < nq; i += 2)
		words_andnot_2(dst, placement_kill(w, g, rows, i, cols),
		               placement_kill(w, g, rows, i + 1, cols), len);
	if (i < nq)
		words_andnot(dst, placement_kill(w, g, rows, i, cols), len);
}

/*
 * Counts the bottoms of one split of the bottom rows, the south-west
 * placements x (rows r) against the south-east ones y, through the sieve.
 */
static ALWAYS_INLINE uint64_t bottoms_count(struct work *w, const struct quad *q,
                                            const struct geom *g, uint32_t r,
                                            uint32_t rest, const struct place *x,
                                            size_t l1, const struct place *y, size_t l2)
{
	const int n = g->n;
	const size_t words = g->words, w0 = g->w0, w01 = g->w01;
	const uint64_t longd = 1ull << (n - 1);
	int rows1[HALVES_MAX_H], rows2[HALVES_MAX_H];
	int nr1 = rows_list(r, rows1), nr2 = rows_list(rest, rows2);
	uint64_t sum = 0;

	/* Each south-east placement's kill vector; one with a queen on a long
	 * diagonal only ever meets the diagonal-free tops. */
	for (size_t j = 0; j < l2; j++) {
		uint64_t *kv = w->kv + j * words;
		bool longq = (LINES_A(&q[3], y[j]) | LINES_D(&q[3], y[j])) & longd;
		size_t len = g->diag && longq ? w0 : words;
		placement_union(w, g, rows2, nr2, y[j].cols, kv, len);
	}
	for (size_t i = 0; i < l1; i++) {
		uint64_t a1 = LINES_A(&q[2], x[i]), d1 = LINES_D(&q[2], x[i]);
		int c1 =
		        g->diag ? (int)(a1 >> (n - 1) & 1) + (int)(d1 >> (n - 1) & 1) : 0;
		size_t len = c1 ? w0 : words;
		if (!len)
			continue;
		/* The compatible partners, listed without a branch. */
		uint64_t ya = a1 >> q[3].abase, yd = d1 >> q[3].dbase;
		size_t nj = 0;
		for (size_t j = 0; j < l2; j++) {
			w->jl[nj] = (uint32_t)j;
			nj += !((ya & y[j].a) | (yd & y[j].d));
		}
		if (!nj)
			continue;
		uint64_t *al = w->alive;
		placement_spare(w, g, rows1, nr1, x[i].cols, al, len);
		if (!g->diag) {
			for (size_t t = 0; t < nj; t++)
				sum += popcount_andnot(al, w->kv + w->jl[t] * words,
				                       words);
			continue;
		}
		for (size_t t = 0; t < nj; t++) {
			size_t j = w->jl[t];
			const uint64_t *kv = w->kv + j * words;
			uint64_t a2 = LINES_A(&q[3], y[j]), d2 = LINES_D(&q[3], y[j]);
			int c = c1 + (int)(a2 >> (n - 1) & 1) + (int)(d2 >> (n - 1) & 1);
			if (c)
				sum += popcount_andnot(al, kv, w0) << c;
			else
				sum += 2 * popcount_andnot(al, kv, w01) +
				       4 * popcount_andnot(al + w01, kv + w01,
				                           words - w01);
		}
	}
	return sum;
}

/*
 * Counts the solutions of start s whose top half uses the columns `cols`.
 * With the long-diagonal weighting (even n) the result is that count with
 * the diagonal-free tops plus the count, turned upside down, with the
 * diagonal-free bottoms, as explained at the top.  On running out of memory
 * it sets w->err and returns 0.
 */
static ALWAYS_INLINE uint64_t unit_count(struct work *w, const struct quad *q,
                                         const struct start *s, uint32_t cols)
{
	const struct shared *sh = w->sh;
	struct geom g = {sh->n, sh->h, sh->wlo, sh->win, sh->diagonals, 0, 0, 0};
	const int h = g.h, east = g.n - h; /* the first column of the east */
	const uint32_t hmask = (1u << h) - 1, bcols = s->cols & ~cols;
	const uint32_t bw = bcols & hmask, be = bcols >> east & hmask;
	const int ba = __builtin_popcount(bw);

	size_t k = tops_list(w, q, s, &g, cols & hmask, cols >> east & hmask);
	if (k == (size_t)-1 || (k && sieve_build(w, &g, k))) {
		w->err = ENOMEM;
		return 0;
	}
	if (!k)
		return 0;
	squares_kill(w, s, &g, bcols);
	uint64_t sum = 0;
	for (uint32_t r = s->botrows;; r = (r - 1) & s->botrows) {
		if (__builtin_popcount(r) == ba) {
			size_t l1, l2;
			uint32_t rest = s->botrows & ~r;
			const struct place *x = key_list(&q[2], r << h | bw, &l1);
			const struct place *y = key_list(&q[3], rest << h | be, &l2);
			if (l1 && l2)
				sum += bottoms_count(w, q, &g, r, rest, x, l1, y, l2);
		}
		if (!r)
			break;
	}
	return sum;
}

/* The same join built for the instruction sets worth having. */
static uint64_t unit_generic(struct work *w, const struct quad *q, const struct start *s,
                             uint32_t cols)
{
	return unit_count(w, q, s, cols);
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define HALVES_DISPATCH 1
__attribute__((target("popcnt"))) static uint64_t
unit_popcnt(struct work *w, const struct quad *q, const struct start *s, uint32_t cols)
{
	return unit_count(w, q, s, cols);
}

__attribute__((target("avx2,popcnt,bmi,bmi2"))) static uint64_t
unit_avx2(struct work *w, const struct quad *q, const struct start *s, uint32_t cols)
{
	return unit_count(w, q, s, cols);
}

__attribute__((target("avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx2,popcnt,bmi,"
                      "bmi2"))) static uint64_t
unit_avx512(struct work *w, const struct quad *q, const struct start *s, uint32_t cols)
{
	return unit_count(w, q, s, cols);
}
#endif

/* The fastest join this processor runs, or the one NQUEENS_HALVES_KERNEL
 * names if it runs that one. */
static unit_fn kernel_pick(const char **name)
{
	static const struct {
		const char *name;
		unit_fn fn;
	} kernels[] = {
#ifdef HALVES_DISPATCH
	        {"avx512", unit_avx512},
	        {"avx2", unit_avx2},
	        {"popcnt", unit_popcnt},
#endif
	        {"generic", unit_generic},
	};
	const size_t count = sizeof kernels / sizeof kernels[0];
	bool runs[sizeof kernels / sizeof kernels[0]];
	for (size_t i = 0; i < count; i++)
		runs[i] = true;
#ifdef HALVES_DISPATCH
	__builtin_cpu_init();
	runs[0] = __builtin_cpu_supports("avx512vpopcntdq") &&
	          __builtin_cpu_supports("avx512bw") &&
	          __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx2") &&
	          __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2");
	runs[1] = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") &&
	          __builtin_cpu_supports("bmi2");
	runs[2] = __builtin_cpu_supports("popcnt");
#endif
	const char *want = getenv("NQUEENS_HALVES_KERNEL");
	size_t pick = count - 1;
	for (size_t i = count; i-- > 0;)
		if (runs[i] && (!want || strcmp(want, kernels[i].name) == 0))
			pick = i;
	if (want && strcmp(want, kernels[pick].name) != 0) {
		/* Not one this processor runs: the best it does. */
		for (pick = 0; !runs[pick]; pick++)
			;
	}
	*name = kernels[pick].name;
	return kernels[pick].fn;
}

const char *halves_kernel(void)
{
	const char *name;
	kernel_pick(&name);
	return name;
}

/* ---- Units ---- */

static uint32_t mirror(int n, uint32_t cols)
{
	uint32_t m = 0;
	for (; cols; cols &= cols - 1)
		m |= 1u << (n - 1 - __builtin_ctz(cols));
	return m;
}

/* Where symmetry g (0 to 7) takes the square (r, c). */
static void square_map(int g, int n, int r, int c, int *pr, int *pc)
{
	int x = g & 1 ? c : r, y = g & 1 ? r : c; /* transpose */
	if (g & 2)
		x = n - 1 - x;
	if (g & 4)
		y = n - 1 - y;
	*pr = x;
	*pc = y;
}

/* The starts of odd n: a queen on the middle row at column cm and one on
 * the middle column at row rm (the same queen when both are the centre).
 * Keeps one of each orbit; returns how many, or -1. */
static int starts_build(struct shared *sh)
{
	int n = sh->n, h = sh->h, m = h;
	uint32_t hmask = (1u << h) - 1, full = (n == 32 ? ~0u : (1u << n) - 1);
	if (n % 2 == 0) {
		sh->starts = malloc(sizeof *sh->starts);
		if (!sh->starts)
			return -1;
		sh->starts[0] = (struct start){0, 0, hmask, hmask, full, 1, true};
		return sh->nstarts = 1;
	}
	sh->starts = malloc((size_t)n * (size_t)n * sizeof *sh->starts);
	if (!sh->starts)
		return -1;
	int k = 0;
	for (int cm = 0; cm < n; cm++)
		for (int rm = 0; rm < n; rm++) {
			if ((cm == m) != (rm == m))
				continue;
			if (cm != m && abs(m - rm) == abs(cm - m))
				continue; /* the two attack each other */
			int key = cm * n + rm, fixed = 0;
			bool smallest = true;
			for (int g = 0; g < 8 && smallest; g++) {
				int r1, c1, r2, c2, ncm = m, nrm = m;
				square_map(g, n, m, cm, &r1, &c1);
				square_map(g, n, rm, m, &r2, &c2);
				if (cm != m) {
					/* One image lies on the middle row, one on the
					 * column. */
					ncm = r1 == m ? c1 : c2;
					nrm = r1 == m ? r2 : r1;
				}
				int img = ncm * n + nrm;
				smallest = img >= key;
				fixed += img == key;
			}
			if (!smallest)
				continue;
			struct start *s = &sh->starts[k++];
			s->a = 1ull << (m + cm) | 1ull << (rm + m);
			s->d = 1ull << (m - cm + n - 1) | 1ull << (rm - m + n - 1);
			s->toprows = hmask & ~(rm < m ? 1u << rm : 0);
			s->botrows = hmask & ~(rm > m ? 1u << (rm - m - 1) : 0);
			s->cols = full & ~(1u << m) & ~(1u << cm);
			s->orbit = 8 / fixed;
			s->flips = cm == m;
		}
	return sh->nstarts = k;
}

/* Lists the units: every set of top columns of every start, reduced by the
 * flips where they fix the start.  -1 when out of memory. */
static int units_build(struct shared *sh)
{
	size_t cap = 1024, len = 0;
	struct unit *u = malloc(cap * sizeof *u);
	if (!u)
		return -1;
	for (int si = 0; si < sh->nstarts; si++) {
		const struct start *s = &sh->starts[si];
		int top = __builtin_popcount(s->toprows);
		for (uint32_t c = s->cols;; c = (c - 1) & s->cols) {
			if (__builtin_popcount(c) != top)
				goto next;
			int weight = s->orbit;
			if (s->flips) {
				uint32_t m = mirror(sh->n, c), o = s->cols & ~c,
				         mo = mirror(sh->n, o);
				if (m < c || o < c || mo < c)
					goto next;
				int size = 1 + (m != c) + (o != c && o != m) +
				           (mo != c && mo != m && mo != o);
				/* The diagonal weighting counts C and its complement at
				 * once. */
				weight = sh->diagonals ? size / 2 : size;
			}
			if (len == cap) {
				struct unit *v = realloc(u, 2 * cap * sizeof *u);
				if (!v) {
					free(u);
					return -1;
				}
				u = v;
				cap *= 2;
			}
			u[len++] = (struct unit){c, (uint16_t)si, (uint16_t)weight};
		next:
			if (!c)
				break;
		}
	}
	sh->units = u;
	sh->nunits = len;
	return 0;
}

/* ---- Threads ---- */

static void *work_run(void *arg)
{
	struct work *w = arg;
	struct shared *sh = (struct shared *)w->sh;
	for (;;) {
		size_t i0 = atomic_fetch_add(&sh->next, sh->grab);
		if (i0 >= sh->nunits)
			break;
		size_t i1 = i0 + sh->grab < sh->nunits ? i0 + sh->grab : sh->nunits;
		if (sh->cancel && atomic_load_explicit(sh->cancel, memory_order_relaxed))
			w->err = ECANCELED;
		for (size_t i = i0; i < i1 && !w->err; i++) {
			const struct unit *u = &sh->units[i];
			const struct start *s = &sh->starts[u->start];
			const struct quad *q = sh->q;
			if (s->a) {
				if (w->fstart != u->start) {
					for (int j = 0; j < 4 && !w->err; j++)
						if (quad_filter(&sh->q[j], &w->f[j],
						                sh->h, s))
							w->err = ENOMEM;
					w->fstart = u->start;
				}
				q = w->f;
			}
			if (!w->err)
				w->sum += u->weight * sh->run(w, q, s, u->cols);
		}
		size_t done = atomic_fetch_add(&sh->done, i1 - i0) + (i1 - i0);
		/* The lock only when there is news: an error, or another
		 * thousandth done. */
		bool step = done * 1000 / sh->nunits !=
		            (done - (i1 - i0)) * 1000 / sh->nunits;
		if (!w->err && !(sh->progress && step))
			continue;
		pthread_mutex_lock(&sh->lock);
		if (w->err && !sh->err)
			sh->err = w->err;
		if (sh->err)
			atomic_store(&sh->next, sh->nunits);
		else if (done > sh->reported) {
			sh->reported = done;
			sh->progress(sh->ctx, (double)done / (double)sh->nunits);
		}
		pthread_mutex_unlock(&sh->lock);
	}
	return NULL;
}

/* One quadrant to list, for the threads that share the lists out. */
struct build_job {
	struct quad *q;
	int n, h, r0, c0;
	size_t bytes;
	int rc;
};

struct builders {
	struct build_job job[4];
	atomic_int next;
};

static void *build_run(void *arg)
{
	struct builders *b = arg;
	for (int i; (i = atomic_fetch_add(&b->next, 1)) < 4;) {
		struct build_job *j = &b->job[i];
		j->rc = quad_build(j->q, j->n, j->h, j->r0, j->c0, &j->bytes);
	}
	return NULL;
}

/* Lists the four quadrants on up to four threads; -1 when out of memory. */
static int quads_build(struct shared *sh, int threads, size_t *used)
{
	int n = sh->n, h = sh->h, rb = n - h;
	struct builders b = {.job = {{&sh->q[0], n, h, 0, 0, 0, 0},
	                             {&sh->q[1], n, h, 0, rb, 0, 0},
	                             {&sh->q[2], n, h, rb, 0, 0, 0},
	                             {&sh->q[3], n, h, rb, rb, 0, 0}}};
	pthread_t helper[3];
	int helpers = 0, rc = 0;
	atomic_init(&b.next, 0);
	while (helpers < 3 && helpers + 1 < threads &&
	       pthread_create(&helper[helpers], NULL, build_run, &b) == 0)
		helpers++;
	build_run(&b);
	while (helpers > 0)
		pthread_join(helper[--helpers], NULL);
	for (int i = 0; i < 4; i++) {
		rc |= b.job[i].rc;
		*used += b.job[i].bytes;
	}
	return rc;
}

static void shared_free(struct shared *sh)
{
	for (int i = 0; i < 4; i++)
		quad_free(&sh->q[i]);
	free(sh->starts);
	free(sh->units);
}

int halves_count(int n, int threads, halves_progress_fn progress, void *ctx,
                 const atomic_int *cancel, uint64_t *total, size_t *bytes)
{
	if (n < HALVES_MIN_N || n > HALVES_MAX_N || threads < 1 || !total) {
		errno = EINVAL;
		return -1;
	}
	struct shared sh = {
	        .n = n, .h = n / 2, .progress = progress, .ctx = ctx, .cancel = cancel};
	const char *name;
	size_t used = 0;
	sh.wlo = n - sh.h;
	sh.win = 2 * sh.h - 1;
	sh.diagonals = n % 2 == 0;
	sh.run = kernel_pick(&name);
	int h = sh.h;
	if (quads_build(&sh, threads, &used) || starts_build(&sh) < 0 ||
	    units_build(&sh)) {
		shared_free(&sh);
		errno = ENOMEM;
		return -1;
	}
	for (int i = 0; i < 4; i++)
		for (size_t key = 0; key < (size_t)1 << (2 * h); key++) {
			size_t len = sh.q[i].start[key + 1] - sh.q[i].start[key];
			if (len > sh.maxlist)
				sh.maxlist = len;
		}
	atomic_init(&sh.next, 0);
	atomic_init(&sh.done, 0);
	/* Units by the handful, a few hundred grabs per thread: the end is
	 * still even and the counters are seldom shared. */
	sh.grab = sh.nunits / ((size_t)threads * 1024);
	sh.grab = sh.grab < 1 ? 1 : sh.grab > 64 ? 64 : sh.grab;
	int err = pthread_mutex_init(&sh.lock, NULL);
	struct work *w = err ? NULL : calloc((size_t)threads, sizeof *w);
	if (!w) {
		if (!err)
			pthread_mutex_destroy(&sh.lock);
		shared_free(&sh);
		errno = err ? err : ENOMEM;
		return -1;
	}
	for (int i = 0; i < threads; i++) {
		w[i].sh = &sh;
		w[i].fstart = -1;
		w[i].jl = malloc((sh.maxlist ? sh.maxlist : 1) * sizeof *w[i].jl);
		w[i].packed = malloc((sh.maxlist ? sh.maxlist : 1) * sizeof *w[i].packed);
		if (!w[i].jl || !w[i].packed)
			err = ENOMEM;
	}
	/* The calling thread is worker 0. */
	int started = 1;
	for (; !err && started < threads; started++)
		if ((err = pthread_create(&w[started].thread, NULL, work_run,
		                          &w[started])) != 0)
			atomic_store(&sh.next, sh.nunits); /* stop the others soon */
	if (!err)
		work_run(&w[0]);
	uint64_t sum = 0;
	for (int i = 0; i < threads; i++) {
		if (i > 0 && i < started)
			pthread_join(w[i].thread, NULL);
		sum += w[i].sum;
		used += w[i].bytes;
		for (int j = 0; j < 4; j++)
			used += w[i].f[j].start
			                ? (((size_t)1 << (2 * h)) + 1) * 4 +
			                          sh.q[j].len * sizeof(struct place)
			                : 0;
		work_free(&w[i]);
	}
	if (!err)
		err = sh.err;
	free(w);
	pthread_mutex_destroy(&sh.lock);
	shared_free(&sh);
	if (err) {
		errno = err;
		return -1;
	}
	*total = sum;
	if (bytes)
		*bytes = used;
	return 0;
}
