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
#include <unistd.h>

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

/* Where a quadrant's lines begin on the board. */
struct quad {
	int abase, dbase;
};

/*
 * The placements of the north-west quadrant in its own coordinates, filed by
 * key (rows << h | columns), each as the column of each queen, 4 bits each,
 * from the top row down: 8 bytes a placement.  The other three quadrants are
 * its mirror images, made from it a set of columns at a time (struct lists).
 */
struct table {
	uint32_t *start; /* 2^(2h) + 1 offsets into e */
	uint64_t *e;
	size_t len;
};

/* One quadrant's placements on one set of its columns, for every set of its
 * rows, turned and put on the board, without those a start's queens attack. */
struct lists {
	uint32_t cols; /* the quadrant's local columns; UINT32_MAX: none yet */
	int start;     /* the start they were filtered for */
	uint32_t lo[1 << HALVES_MAX_H], hi[1 << HALVES_MAX_H]; /* by local rows */
	struct place *e;
	size_t cap;
	/* When the budget holds the whole quadrant (struct full), its view:
	 * then lo, hi and e are not used. */
	const uint32_t *full_start;
	const struct place *full_e;
	int h;
};

/* A whole quadrant turned and filtered for one start, filed by key (rows << h
 * | columns): 16 bytes a placement, kept when the budget has room, which
 * saves turning the table's lists unit by unit. */
struct full {
	uint32_t *start;
	struct place *e;
	int si; /* the start it was made for, or -1 */
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
	struct table t;
	/* Quadrant j's queen on the table's square (row tr, column tc), at
	 * sq[j][tr * HALVES_MAX_H + tc]: its lines and its board column. */
	struct sq {
		uint32_t a, d, col;
	} sq[4][HALVES_MAX_H * HALVES_MAX_H];
	uint16_t rev[1 << HALVES_MAX_H]; /* rev[x]: x's h bits in reverse order */
	/* In a full budget: the whole quadrants, for all threads (odd n: before
	 * any start's filter, which each thread applies to a copy). */
	struct full full[4];
	bool use_full; /* whole quadrants, not lists unit by unit */
	size_t maxlist;
	size_t maxcols;             /* the most placements of one set of columns */
	size_t chunk;               /* tops sieved at a time, for the memory budget */
	struct halves_stats *stats; /* the caller's, or NULL */
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
	struct lists l[4];   /* the quadrants' lists for the unit at hand */
	struct full full[4]; /* odd n in a full budget: this thread's */
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

/* ---- The table ---- */

/* The placements in local rows r .. h - 1 after those of key, counted by key
 * (fill false) or written where pos says. */
static void table_rows(struct table *t, uint32_t *pos, int h, int r, uint32_t a,
                       uint32_t d, uint64_t packed, int nq, uint32_t key)
{
	if (r == h) {
		if (pos)
			t->e[pos[key]++] = packed;
		else
			t->start[key + 1]++;
		return;
	}
	table_rows(t, pos, h, r + 1, a, d, packed, nq, key);
	for (int c = 0; c < h; c++) {
		uint32_t ab = 1u << (r + c), db = 1u << (r - c + h - 1);
		if ((key >> c & 1) || (a & ab) || (d & db))
			continue;
		table_rows(t, pos, h, r + 1, a | ab, d | db,
		           packed | (uint64_t)c << (4 * nq), nq + 1,
		           key | 1u << (h + r) | 1u << c);
	}
}

static void table_free(struct table *t)
{
	free(t->start);
	free(t->e);
	*t = (struct table){NULL, NULL, 0};
}

static void full_free(struct full *f)
{
	free(f->start);
	free(f->e);
	*f = (struct full){NULL, NULL, -1};
}

/* Counts the placements by key: the table's size before it is made. */
static int table_count(struct table *t, int h)
{
	size_t nkeys = (size_t)1 << (2 * h);
	*t = (struct table){calloc(nkeys + 1, sizeof *t->start), NULL, 0};
	if (!t->start)
		return -1;
	table_rows(t, NULL, h, 0, 0, 0, 0, 0, 0);
	for (size_t k = 0; k < nkeys; k++)
		t->start[k + 1] += t->start[k];
	t->len = t->start[nkeys];
	return 0;
}

/* Lists the placements, once table_count has counted them. */
static int table_fill(struct table *t, int h)
{
	size_t nkeys = (size_t)1 << (2 * h);
	uint32_t *pos = malloc(nkeys * sizeof *pos);
	t->e = malloc((t->len ? t->len : 1) * sizeof *t->e);
	if (!pos || !t->e) {
		free(pos);
		return -1;
	}
	memcpy(pos, t->start, nkeys * sizeof *pos);
	table_rows(t, pos, h, 0, 0, 0, 0, 0, 0);
	free(pos);
	return 0;
}

/* The h low bits of x in reverse order. */
static uint32_t reverse_bits(uint32_t x, int h)
{
	uint32_t r = 0;
	for (int i = 0; i < h; i++)
		r |= (x >> i & 1) << (h - 1 - i);
	return r;
}

/* ---- Buffers ---- */ /* ---- Buffers ---- */

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
	for (int i = 0; i < 4; i++) {
		free(w->l[i].e);
		full_free(&w->full[i]);
	}
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

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define HALVES_DISPATCH 1
#include <immintrin.h>

/* popcount_andnot_many with AVX2, which has no population count of its
 * own: each half byte looked up in a table of 16, the bytes summed by
 * vpsadbw, the sums kept in a vector until the end. */
__attribute__((target("avx2"))) static inline uint64_t
popcount_andnot_many_avx2(const uint64_t *restrict a, const uint64_t *restrict bs,
                          const uint32_t *jl, size_t nb, size_t stride, size_t words)
{
	const __m256i lut =
	        _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1,
	                         2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
	const __m256i nib = _mm256_set1_epi8(0x0f), zero = _mm256_setzero_si256();
	__m256i acc = zero;
	for (size_t t = 0; t < nb; t++) {
		const uint64_t *restrict b = bs + (jl ? jl[t] : t) * stride;
		for (size_t x = 0; x < words; x += BLOCK) {
			__m256i v = _mm256_andnot_si256(
			        _mm256_loadu_si256((const __m256i *)(b + x)),
			        _mm256_loadu_si256((const __m256i *)(a + x)));
			__m256i lo = _mm256_and_si256(v, nib);
			__m256i hi = _mm256_and_si256(_mm256_srli_epi16(v, 4), nib);
			__m256i c = _mm256_add_epi8(_mm256_shuffle_epi8(lut, lo),
			                            _mm256_shuffle_epi8(lut, hi));
			acc = _mm256_add_epi64(acc, _mm256_sad_epu8(c, zero));
		}
	}
	uint64_t lanes[4]; /* through memory: 32-bit x86 has no 64-bit extract */
	_mm256_storeu_si256((__m256i *)lanes, acc);
	return lanes[0] + lanes[1] + lanes[2] + lanes[3];
}
#endif

/* The kernels' instruction sets, passed down as a constant so that each
 * kernel keeps only its own code. */
enum isa { ISA_GENERIC, ISA_AVX2 };

/* The bits of a that are clear in the vectors b of nb given (the ones at
 * bs + jl[t] * stride, or bs + t * stride without jl), summed. */
static ALWAYS_INLINE uint64_t popcount_andnot_many(enum isa isa,
                                                   const uint64_t *restrict a,
                                                   const uint64_t *restrict bs,
                                                   const uint32_t *jl, size_t nb,
                                                   size_t stride, size_t words)
{
#ifdef HALVES_DISPATCH
	if (isa == ISA_AVX2)
		return popcount_andnot_many_avx2(a, bs, jl, nb, stride, words);
#else
	(void)isa;
#endif
	uint64_t c = 0;
	for (size_t t = 0; t < nb; t++) {
		const uint64_t *restrict b = bs + (jl ? jl[t] : t) * stride;
		for (size_t x = 0; x < words; x += BLOCK)
			for (int k = 0; k < BLOCK; k++)
				c += (uint64_t)__builtin_popcountll(a[x + k] & ~b[x + k]);
	}
	return c;
}

static ALWAYS_INLINE uint64_t popcount_andnot(enum isa isa, const uint64_t *restrict a,
                                              const uint64_t *restrict b, size_t words)
{
	return popcount_andnot_many(isa, a, b, NULL, 1, 0, words);
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

/* The list of a quadrant's local rows `rows`, made by lists_make. */
static ALWAYS_INLINE const struct place *list_at(const struct lists *l, uint32_t rows,
                                                 size_t *len)
{
	if (l->full_start) {
		uint32_t key = rows << l->h | l->cols;
		*len = l->full_start[key + 1] - l->full_start[key];
		return l->full_e + l->full_start[key];
	}
	*len = l->hi[rows] - l->lo[rows];
	return l->e + l->lo[rows];
}

/* The squares and the order in which a key's table entries turn into
 * quadrant j's placements, worked out once for all the entries. */
struct keyturn {
	int nr;                            /* queens */
	const struct sq *sq[HALVES_MAX_H]; /* the row of squares of each */
	int shift[HALVES_MAX_H];           /* where its column goes in place.cols */
};

static ALWAYS_INLINE void keyturn_make(const struct shared *sh, int j, uint32_t trows,
                                       struct keyturn *kt)
{
	int nr = 0;
	for (uint32_t x = trows; x; x &= x - 1)
		kt->sq[nr++] = sh->sq[j] + __builtin_ctz(x) * HALVES_MAX_H;
	/* Top row first: turned upside down, the table's last row is. */
	for (int qi = 0; qi < nr; qi++)
		kt->shift[qi] = 5 * (j >= 2 ? nr - 1 - qi : qi);
	kt->nr = nr;
}

/* The placement that the table's entry `packed` turns into. */
static ALWAYS_INLINE struct place keyturn_place(const struct keyturn *kt, uint64_t packed)
{
	struct place p = {0, 0, 0};
	for (int qi = 0; qi < kt->nr; qi++) {
		const struct sq *q = &kt->sq[qi][packed >> (4 * qi) & 15];
		p.a |= q->a;
		p.d |= q->d;
		p.cols |= (uint64_t)q->col << kt->shift[qi];
	}
	return p;
}

/* Fills sh->sq and sh->rev: where each quadrant's queens stand on the
 * board.  The north-east quadrant is the table mirrored left to right, the
 * south-west one top to bottom, the south-east one both. */
static void sq_init(struct shared *sh)
{
	const int h = sh->h, n = sh->n;
	for (uint32_t x = 0; x < (1u << h); x++)
		sh->rev[x] = (uint16_t)reverse_bits(x, h);
	for (int j = 0; j < 4; j++) {
		const struct quad *q = &sh->q[j];
		const bool down = j >= 2, right = j & 1;
		const int r0 = down ? n - h : 0, c0 = right ? n - h : 0;
		for (int tr = 0; tr < h; tr++)
			for (int tc = 0; tc < h; tc++) {
				int rr = r0 + (down ? h - 1 - tr : tr);
				int cc = c0 + (right ? h - 1 - tc : tc);
				sh->sq[j][tr * HALVES_MAX_H + tc] = (struct sq){
				        1u << (rr + cc - q->abase),
				        1u << (rr - cc + n - 1 - q->dbase), (uint32_t)cc};
			}
	}
}

/* Makes quadrant j whole for start si; -1 when out of memory. */
static int full_build(const struct shared *sh, int j, const struct start *s, int si,
                      struct full *f)
{
	const struct table *t = &sh->t;
	const struct quad *q = &sh->q[j];
	const int h = sh->h;
	const size_t nkeys = (size_t)1 << (2 * h), hmask = ((size_t)1 << h) - 1;
	const bool down = j >= 2, right = j & 1;
	if (f->si == si)
		return 0;
	if (!f->start) {
		f->start = malloc((nkeys + 1) * sizeof *f->start);
		f->e = malloc((t->len ? t->len : 1) * sizeof *f->e);
		if (!f->start || !f->e)
			return -1;
	}
	uint32_t k = 0;
	for (size_t key = 0; key < nkeys; key++) {
		uint32_t rows = (uint32_t)(key >> h), cols = (uint32_t)(key & hmask);
		uint32_t trows = down ? sh->rev[rows] : rows;
		uint32_t tkey = trows << h | (right ? sh->rev[cols] : cols);
		f->start[key] = k;
		if (t->start[tkey] == t->start[tkey + 1])
			continue;
		struct keyturn kt;
		keyturn_make(sh, j, trows, &kt);
		for (uint32_t i = t->start[tkey]; i < t->start[tkey + 1]; i++) {
			struct place p = keyturn_place(&kt, t->e[i]);
			f->e[k] = p;
			k += !((LINES_A(q, p) & s->a) | (LINES_D(q, p) & s->d));
		}
	}
	f->start[nkeys] = k;
	f->si = si;
	return 0;
}

/* Copies the placements of the whole quadrant j in `from` that leave start
 * si alone into f: a pass over memory, far cheaper than turning the table
 * again for each start of odd n.  -1 when out of memory. */
static int full_filter(const struct shared *sh, int j, const struct full *from,
                       const struct start *s, int si, struct full *f)
{
	const struct quad *q = &sh->q[j];
	const size_t nkeys = (size_t)1 << (2 * sh->h);
	if (f->si == si)
		return 0;
	if (!f->start) {
		f->start = malloc((nkeys + 1) * sizeof *f->start);
		f->e = malloc((sh->t.len ? sh->t.len : 1) * sizeof *f->e);
		if (!f->start || !f->e)
			return -1;
	}
	/* The keys on the start's rows or columns are never looked up: left
	 * empty, which saves most of the pass. */
	const int h = sh->h, c0 = j & 1 ? sh->n - h : 0;
	const uint32_t hmask = (1u << h) - 1;
	const uint32_t used_rows = hmask & ~(j < 2 ? s->toprows : s->botrows);
	const uint32_t used_cols = hmask & ~(s->cols >> c0);
	uint32_t k = 0;
	for (size_t key = 0; key < nkeys; key++) {
		f->start[key] = k;
		if ((key >> h & used_rows) || (key & used_cols))
			continue;
		for (uint32_t i = from->start[key]; i < from->start[key + 1]; i++) {
			struct place p = from->e[i];
			f->e[k] = p;
			k += !((LINES_A(q, p) & s->a) | (LINES_D(q, p) & s->d));
		}
	}
	f->start[nkeys] = k;
	f->si = si;
	return 0;
}

/* Points the lists of w at whole quadrants. */
static void lists_full(struct work *w, const struct full f[4])
{
	for (int j = 0; j < 4; j++) {
		w->l[j].full_start = f[j].start;
		w->l[j].full_e = f[j].e;
		w->l[j].h = w->sh->h;
	}
}

/*
 * Makes quadrant j's lists for its local columns `cols`, every set of as many
 * of its free rows `free`, from the north-west table turned: the north-east
 * quadrant is its mirror image left to right, the south-west one top to
 * bottom, the south-east one both.  Keeps the placements that leave start
 * si alone.  -1 when out of memory.
 */
static ALWAYS_INLINE int lists_make(struct work *w, int j, uint32_t cols,
                                    uint32_t free_rows, const struct start *s, int si)
{
	struct lists *l = &w->l[j];
	if (l->full_start || (l->cols == cols && l->start == si)) {
		l->cols = cols;
		return 0;
	}
	const struct shared *sh = w->sh;
	const struct table *t = &sh->t;
	const struct quad *q = &sh->q[j];
	const int h = sh->h, k = __builtin_popcount(cols);
	const bool down = j >= 2, right = j & 1;
	const uint32_t tcols = right ? sh->rev[cols] : cols;
	size_t need = 0;
	for (uint32_t r = free_rows;; r = (r - 1) & free_rows) {
		if (__builtin_popcount(r) == k) {
			uint32_t key = (down ? sh->rev[r] : r) << h | tcols;
			need += t->start[key + 1] - t->start[key];
		}
		if (!r)
			break;
	}
	if (need > l->cap) {
		size_t cap = need + need / 2 + 64;
		struct place *e = realloc(l->e, cap * sizeof *e);
		if (!e)
			return -1;
		l->e = e;
		l->cap = cap;
	}
	size_t at = 0;
	for (uint32_t r = free_rows;; r = (r - 1) & free_rows) {
		if (__builtin_popcount(r) != k)
			goto next;
		uint32_t trows = down ? sh->rev[r] : r;
		uint32_t key = trows << h | tcols;
		struct keyturn kt;
		keyturn_make(sh, j, trows, &kt);
		l->lo[r] = (uint32_t)at;
		for (uint32_t i = t->start[key]; i < t->start[key + 1]; i++) {
			struct place p = keyturn_place(&kt, t->e[i]);
			l->e[at] = p;
			at += !((LINES_A(q, p) & s->a) | (LINES_D(q, p) & s->d));
		}
		l->hi[r] = (uint32_t)at;
	next:
		if (!r)
			break;
	}
	l->cols = cols;
	l->start = si;
	return 0;
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
 * Lists the tops of the unit, ta queens in the west: each compatible pair of
 * top placements as its crossing lines a | d << 32, with at bit 62
 * how many of its queens stand on a long diagonal.  Returns how many, or
 * (size_t)-1 when out of memory.
 */
static ALWAYS_INLINE size_t tops_list(struct work *w, const struct quad *q,
                                      const struct start *s, const struct geom *g, int ta)
{
	size_t bound = 0, k = 0;
	for (uint32_t r = s->toprows;; r = (r - 1) & s->toprows) {
		size_t l1, l2;
		if (__builtin_popcount(r) == ta) {
			list_at(&w->l[0], r, &l1);
			list_at(&w->l[1], s->toprows & ~r, &l2);
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
		const struct place *x = list_at(&w->l[0], r, &l1);
		const struct place *y = list_at(&w->l[1], s->toprows & ~r, &l2);
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
 * Turns k tops into the sieve: sorted by long-diagonal queens (each
 * class padded to whole blocks), row x of w->rows holds the tops on
 * crossing anti-diagonal x, row 32 + x those on diagonal x, and w->alive0
 * the tops that exist.  Returns -1 when out of memory.
 */
static ALWAYS_INLINE int sieve_build(struct work *w, struct geom *g, const uint64_t *tops,
                                     size_t k)
{
	size_t kt[3] = {k, 0, 0};
	if (g->diag) {
		const uint64_t *from = tops;
		kt[0] = 0;
		for (size_t i = 0; i < k; i++)
			kt[from[i] >> 62]++;
		size_t pos[3] = {0, kt[0], kt[0] + kt[1]};
		for (size_t i = 0; i < k; i++)
			w->sorted[pos[from[i] >> 62]++] = from[i];
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
static ALWAYS_INLINE uint64_t bottoms_count(enum isa isa, struct work *w,
                                            const struct quad *q, const struct geom *g,
                                            uint32_t r, uint32_t rest,
                                            const struct place *x, size_t l1,
                                            const struct place *y, size_t l2)
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
			sum += popcount_andnot_many(isa, al, w->kv, w->jl, nj, words,
			                            words);
			continue;
		}
		for (size_t t = 0; t < nj; t++) {
			size_t j = w->jl[t];
			const uint64_t *kv = w->kv + j * words;
			uint64_t a2 = LINES_A(&q[3], y[j]), d2 = LINES_D(&q[3], y[j]);
			int c = c1 + (int)(a2 >> (n - 1) & 1) + (int)(d2 >> (n - 1) & 1);
			if (c)
				sum += popcount_andnot(isa, al, kv, w0) << c;
			else
				sum += 2 * popcount_andnot(isa, al, kv, w01) +
				       4 * popcount_andnot(isa, al + w01, kv + w01,
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
static ALWAYS_INLINE uint64_t unit_count(enum isa isa, struct work *w,
                                         const struct quad *q, const struct start *s,
                                         uint32_t cols)
{
	const struct shared *sh = w->sh;
	struct geom g = {sh->n, sh->h, sh->wlo, sh->win, sh->diagonals, 0, 0, 0};
	const int h = g.h, east = g.n - h; /* the first column of the east */
	const uint32_t hmask = (1u << h) - 1, bcols = s->cols & ~cols;
	const uint32_t bw = bcols & hmask, be = bcols >> east & hmask;
	const int ba = __builtin_popcount(bw), si = (int)(s - sh->starts);
	const uint32_t tw = cols & hmask, te = cols >> east & hmask;

	if (lists_make(w, 0, tw, s->toprows, s, si) ||
	    lists_make(w, 1, te, s->toprows, s, si)) {
		w->err = ENOMEM;
		return 0;
	}
	size_t k = tops_list(w, q, s, &g, __builtin_popcount(tw));
	if (k == (size_t)-1 || (k && (lists_make(w, 2, bw, s->botrows, s, si) ||
	                              lists_make(w, 3, be, s->botrows, s, si)))) {
		w->err = ENOMEM;
		return 0;
	}
	/* The tops a chunk at a time when there are more than the memory
	 * budget sieves at once: the bottoms are joined to each chunk. */
	uint64_t sum = 0;
	size_t passes = 0;
	for (size_t at = 0; at < k; at += sh->chunk, passes++) {
		size_t m = k - at < sh->chunk ? k - at : sh->chunk;
		if (sieve_build(w, &g, w->tops + at, m)) {
			w->err = ENOMEM;
			return 0;
		}
		squares_kill(w, s, &g, bcols);
		for (uint32_t r = s->botrows;; r = (r - 1) & s->botrows) {
			if (__builtin_popcount(r) == ba) {
				size_t l1, l2;
				uint32_t rest = s->botrows & ~r;
				const struct place *x = list_at(&w->l[2], r, &l1);
				const struct place *y = list_at(&w->l[3], rest, &l2);
				if (l1 && l2)
					sum += bottoms_count(isa, w, q, &g, r, rest, x,
					                     l1, y, l2);
			}
			if (!r)
				break;
		}
	}
	if (passes > 1 && sh->stats)
		atomic_fetch_add(&sh->stats->extra_passes, passes - 1);
	return sum;
}

/* The same join built for the instruction sets worth having. */
static uint64_t unit_generic(struct work *w, const struct quad *q, const struct start *s,
                             uint32_t cols)
{
	return unit_count(ISA_GENERIC, w, q, s, cols);
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
__attribute__((target("popcnt"))) static uint64_t
unit_popcnt(struct work *w, const struct quad *q, const struct start *s, uint32_t cols)
{
	return unit_count(ISA_GENERIC, w, q, s, cols);
}

__attribute__((target("avx2,popcnt,bmi,bmi2"))) static uint64_t
unit_avx2(struct work *w, const struct quad *q, const struct start *s, uint32_t cols)
{
	return unit_count(ISA_AVX2, w, q, s, cols);
}

__attribute__((target("avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx2,popcnt,bmi,"
                      "bmi2"))) static uint64_t
unit_avx512(struct work *w, const struct quad *q, const struct start *s, uint32_t cols)
{
	return unit_count(ISA_GENERIC, w, q, s, cols);
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

/* The slices of the units each part takes (--tasks).  A part pays for every
 * start of odd n its units belong to (the quadrants filtered for it, a pass
 * over the whole table), so a part takes a few long slices, each a start or
 * two, rather than a short run of units of every start; several slices far
 * apart keep the parts about even. */
#define PART_SLICES 4

/* Lists the units: every set of top columns of every start, reduced by the
 * flips where they fix the start.  -1 when out of memory. */
static int units_build(struct shared *sh, int nparts, int part)
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
	/* Part `part` of nparts: slices part, part + nparts, part + 2 nparts
	 * ... of nparts * PART_SLICES slices of as many units each (to one).
	 * Neighbouring slices weigh about the same, so the parts do too. */
	if (nparts > 1) {
		size_t kept = 0, slices = (size_t)nparts * PART_SLICES;
		for (size_t i = (size_t)part; i < slices; i += (size_t)nparts)
			for (size_t j = i * len / slices; j < (i + 1) * len / slices; j++)
				u[kept++] = u[j];
		len = kept;
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
			if (sh->use_full && !sh->diagonals && w->full[0].si != u->start) {
				for (int j = 0; j < 4 && !w->err; j++)
					if (full_filter(sh, j, &sh->full[j], s, u->start,
					                &w->full[j]))
						w->err = ENOMEM;
				lists_full(w, w->full);
			}
			if (!w->err)
				w->sum += u->weight * sh->run(w, sh->q, s, u->cols);
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

static void shared_free(struct shared *sh)
{
	for (int j = 0; j < 4; j++)
		full_free(&sh->full[j]);
	table_free(&sh->t);
	free(sh->starts);
	free(sh->units);
}

/* The placements of the north-west table for h = 1 .. HALVES_MAX_H, as
 * table_count counts them: what the budget is checked against before the
 * table is made. */
static const size_t table_sizes[HALVES_MAX_H + 1] = {
        1, 2, 5, 18, 87, 462, 2635, 16870, 118969, 915442, 7535369, 66807234};

/* What a count takes besides the tops it sieves, and what each top costs. */
struct budget {
	size_t fixed, per_thread, per_top;
};

static struct budget budget_of(int n, int threads, size_t maxlist, size_t maxcols)
{
	const int h = n / 2;
	size_t nkeys = (size_t)1 << (2 * h);
	struct budget b;
	/* The table, its offsets and, while it is filled, a copy of them. */
	b.fixed = table_sizes[h] * 8 + (2 * nkeys + 1) * 4 + ((size_t)1 << 20);
	/* Four quadrants' lists, grown by half; the partners and crossings. */
	b.per_thread = sizeof(struct work) + 4 * maxcols * sizeof(struct place) * 3 / 2 +
	               maxlist * 12;
	/* A top's bit in 64 sieve rows, h x n square kill vectors, three masks
	 * and a kill vector per south-east placement, grown by half; and the
	 * top itself, listed and sorted. */
	b.per_top = (64 + (size_t)h * (size_t)n + 3 + maxlist) * 3 / 2 / 8 + 16;
	(void)threads;
	return b;
}

/* The largest list of one key, and the most placements of one set of
 * columns over all sets of rows, from the table's offsets, or from bounds
 * when t is NULL (before it is made). */
static void table_maxima(const struct table *t, int h, size_t *maxlist, size_t *maxcols)
{
	size_t ncols = (size_t)1 << h, nkeys = ncols << h;
	size_t *bycols = calloc(ncols, sizeof *bycols);
	*maxlist = *maxcols = 0;
	if (!t || !bycols) {
		/* h! placements at most share a key; a set of columns has its
		 * share of the whole table at most. */
		size_t f = 1;
		for (int i = 2; i <= h; i++)
			f *= (size_t)i;
		*maxlist = f;
		*maxcols = table_sizes[h];
		free(bycols);
		return;
	}
	for (size_t key = 0; key < nkeys; key++) {
		size_t len = t->start[key + 1] - t->start[key];
		if (len > *maxlist)
			*maxlist = len;
		bycols[key & (ncols - 1)] += len;
	}
	for (size_t c = 0; c < ncols; c++)
		if (bycols[c] > *maxcols)
			*maxcols = bycols[c];
	free(bycols);
}

/* The smallest chunk of tops worth a pass: four blocks of the sieve. */
#define CHUNK_MIN (4 * 64 * BLOCK)

size_t halves_memory_floor(int n, int threads)
{
	if (n < HALVES_MIN_N || n > HALVES_MAX_N || threads < 1)
		return 0;
	/* The lists' true sizes are known only once the table is counted; the
	 * floor uses what the table holds for each h, measured, and a bound. */
	size_t maxlist, maxcols;
	struct table t;
	if (table_count(&t, n / 2) == 0) {
		table_maxima(&t, n / 2, &maxlist, &maxcols);
		table_free(&t);
	} else
		table_maxima(NULL, n / 2, &maxlist, &maxcols);
	struct budget b = budget_of(n, threads, maxlist, maxcols);
	return b.fixed + (size_t)threads * (b.per_thread + CHUNK_MIN * b.per_top);
}

size_t halves_default_memory(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	if (pages <= 0 || size <= 0)
		return (size_t)1 << 30;
	/* Half of the physical memory: room for the rest of the machine. */
	return (size_t)pages / 2 * (size_t)size;
}

int halves_count(int n, int threads, const struct halves_opts *opt,
                 halves_progress_fn progress, void *ctx, const atomic_int *cancel,
                 uint64_t *total, size_t *bytes)
{
	struct halves_opts none = {0, 1, 0, NULL};
	if (!opt)
		opt = &none;
	if (n < HALVES_MIN_N || n > HALVES_MAX_N || threads < 1 || !total ||
	    opt->nparts < 1 || opt->part < 0 || opt->part >= opt->nparts) {
		errno = EINVAL;
		return -1;
	}
	struct shared sh = {.n = n,
	                    .h = n / 2,
	                    .progress = progress,
	                    .ctx = ctx,
	                    .cancel = cancel,
	                    .stats = opt->stats};
	const char *name;
	const int h = sh.h;
	size_t used = 0, memory = opt->memory ? opt->memory : halves_default_memory();
	sh.wlo = n - h;
	sh.win = 2 * h - 1;
	sh.diagonals = n % 2 == 0;
	sh.run = kernel_pick(&name);
	for (int j = 0; j < 4; j++) {
		int r0 = j >= 2 ? n - h : 0, c0 = j & 1 ? n - h : 0;
		sh.q[j].abase = r0 + c0;
		sh.q[j].dbase = r0 - (c0 + h - 1) + n - 1;
	}
	sq_init(&sh);
	if (table_count(&sh.t, h)) {
		errno = ENOMEM;
		return -1;
	}
	table_maxima(&sh.t, h, &sh.maxlist, &sh.maxcols);
	struct budget b = budget_of(n, threads, sh.maxlist, sh.maxcols);
	size_t base = b.fixed + (size_t)threads * b.per_thread;
	/* Whole quadrants (one set for even n; for odd n one unfiltered and a
	 * set a thread filtered for its start) when they leave room for large
	 * chunks of tops. */
	const size_t one_full = 4 * ((((size_t)1 << (2 * h)) + 1) * 4 +
	                             table_sizes[h] * sizeof(struct place));
	size_t full = one_full * (sh.diagonals ? 1 : 1 + (size_t)threads);
	sh.use_full =
	        memory >= base + full + (size_t)threads * 64 * CHUNK_MIN * b.per_top;
	if (sh.use_full)
		base += full;
	if (memory < base + (size_t)threads * CHUNK_MIN * b.per_top) {
		shared_free(&sh);
		errno = ENOMEM;
		return -1;
	}
	sh.chunk = (memory - base) / ((size_t)threads * b.per_top) / (64 * BLOCK) *
	           (64 * BLOCK);
	if (opt->stats) {
		opt->stats->chunk = sh.chunk;
		opt->stats->budget = memory;
	}
	if (table_fill(&sh.t, h) || starts_build(&sh) < 0 ||
	    units_build(&sh, opt->nparts, opt->part)) {
		shared_free(&sh);
		errno = ENOMEM;
		return -1;
	}
	used += sh.t.len * sizeof *sh.t.e + (((size_t)1 << (2 * h)) + 1) * 4;
	for (int j = 0; j < 4; j++)
		sh.full[j] = (struct full){NULL, NULL, -1};
	if (sh.use_full) {
		/* Unfiltered: even n has one start, which holds no line. */
		const struct start clear = {0, 0, 0, 0, 0, 0, false};
		for (int j = 0; j < 4; j++)
			if (full_build(&sh, j, &clear, sh.diagonals ? 0 : -2,
			               &sh.full[j])) {
				shared_free(&sh);
				errno = ENOMEM;
				return -1;
			}
		used += one_full;
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
		for (int j = 0; j < 4; j++) {
			w[i].l[j].cols = UINT32_MAX;
			w[i].full[j] = (struct full){NULL, NULL, -1};
		}
		if (sh.use_full && sh.diagonals)
			lists_full(&w[i], sh.full);
		w[i].jl = malloc((sh.maxlist ? sh.maxlist : 1) * sizeof *w[i].jl);
		w[i].packed = malloc((sh.maxlist ? sh.maxlist : 1) * sizeof *w[i].packed);
		if (!w[i].jl || !w[i].packed)
			err = ENOMEM;
	}
	/* The calling thread is worker 0. */
	int started = 1;
	if (sh.nunits == 0 && progress)
		progress(ctx, 1.0);
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
		used += w[i].bytes + sizeof w[i];
		for (int j = 0; j < 4; j++)
			used += w[i].l[j].cap * sizeof(struct place) +
			        (w[i].full[j].start ? one_full / 4 : 0);
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
