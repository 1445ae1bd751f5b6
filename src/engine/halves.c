/* Counting n-queens solutions by joining quadrants into half boards. */
/*
 * This file stays whole, at about 2,600 lines, because the join is one
 * body: unit_count and every helper it calls are inlined (ALWAYS_INLINE)
 * into five kernels, each compiled for its own instruction set (plain C,
 * POPCNT, AVX2, and AVX-512 twice, for even and odd n) by a target
 * attribute, and that only works inside one translation unit.  Split
 * into files, the kernels would call the body
 * rather than hold a copy built with their instructions, and the table,
 * the quadrants, the sieves and the units that the body shares with the
 * code building them would be opened to every file in a header.  Its
 * parts are marked "---- ... ----": the table, buffers, the word kernels,
 * quadrants, the join of one unit, units, threads.
 */
#include "config.h"

#include "engine/halves.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/count.h"
#include "engine/memlimit.h"
#include "engine/table_cache.h"

/*
 * The board is cut into four quadrants of h x h squares, h = n / 2; for odd
 * n the middle row and column lie between them.  Every placement of queens
 * in a quadrant that leaves one another alone is listed once, filed under
 * the rows and columns it uses.  Two queens on different rows and columns
 * attack each other exactly when they share an anti-diagonal (r + c) or a
 * diagonal (r - c).  The lines that the top half and the bottom half can
 * share, those crossing the middle, are few (about 2n), and every line that
 * two quadrants of one half share is among them; so a placement is summed
 * up by one word of crossing lines, and two placements are compatible when
 * their words share no line.
 *
 * A unit of work is a set of columns for the bottom half (its complement for
 * the top).  Its tops are the compatible pairs of placements in the two top
 * quadrants with complementary rows.  Each crossing line becomes a sieve row
 * with one bit per top.  A bottom, built the same way from the bottom
 * quadrants, strikes out the tops on its lines, and the survivors are
 * counted 64 at a time.  Most of the time goes there, in code built for
 * several instruction sets and chosen when the count starts.  On long
 * sieves of even n, and on all of odd n's, the AVX-512 code goes through a
 * block of 64 words at a time with all the bottoms of a unit: that block of
 * every bottom square's kill vector stays in the cache, a split's south-east
 * kill vectors for it in the first level, and a south-west placement's
 * survivors in registers.  Where the sieve is longer still (n = 22; odd n
 * from half that length, n = 21's largest), the tops are sorted by the
 * lines that most of them hold, so that those of a block hold some lines
 * in common, and the bottoms on one of them pass the block by.
 *
 * Symmetry.  For even n, mirroring the columns maps the solutions with top
 * columns C to those with mirror(C), and turning the board upside down to
 * those with the complement of C, so one C of each such group is counted.
 * The two long diagonals give another factor near 2: reflecting in the main
 * diagonal moves a queen on the anti-diagonal between the north-east and
 * south-west quadrants, and reflecting in the anti-diagonal moves a queen on
 * the main diagonal between the north-west and south-east ones, each leaving
 * the other long diagonal as it was.  So the solutions whose top has no
 * queen on a long diagonal, each weighted 2 for every long-diagonal queen of
 * its bottom, add up to all of them; turned upside down the same holds with
 * top and bottom exchanged, and a unit counts both sums at once, where the
 * tops with a long-diagonal queen only meet the bottoms without one.
 *
 * For odd n the middle row and column each hold a queen, at column m + a and
 * row m + b (m = h, the middle).  Unless both are the centre, |a| != |b|
 * (else they would attack), and the eight symmetries act on (a, b) by
 * changing signs and swapping, so each solution has exactly one image with
 * a < 0, b < 0 and |a| > |b|: the middle-column queen in the top half, the
 * middle-row queen west of it and further from the middle.  A unit's tops
 * are those of every such pair at once, the two middle queens counted with
 * the top's lines, each weighted 8; the solutions through the centre join
 * them as a class of their own, weighted by the mirror and the upside-down
 * turn of the unit's columns.  One sieve for all the middle queens keeps a
 * unit large enough that the work per bottom, not its bookkeeping, is what
 * the count costs.  Where the join goes a block at a time, the bottoms on
 * a line that all the tops of a block hold pass it by (the tops of one
 * pair of middle queens, listed together, hold that pair's lines; the
 * longest sieves are sorted by the lines most tops hold); elsewhere a
 * large sieve is cut into segments by the middle-row queen: a bottom on a
 * line of a segment's middle queens would strike out all its tops, so it
 * skips the segment.
 */

#define HALVES_MAX_H (HALVES_MAX_N / 2)

/* The class of a top or bottom, in the two high bits of its crossing word:
 * for even n how many of its queens stand on a long diagonal, for odd n
 * whether it goes through the centre. */
#define CLASS_SHIFT 62
#define LINES_MASK (~(3ull << CLASS_SHIFT))

/* The most segments a sieve is cut into (odd n: one pair of middle queens
 * each at most, 55 for n = 23, and the centre). */
#define MAX_SEGS 64

/* The largest weight a unit of odd n gives its centre class. */
#define ODD_WEIGHT 8

/*
 * The placements of the north-west quadrant in its own coordinates, filed by
 * key (rows << h | columns), each as the column of each queen, 4 bits each,
 * from the top row down: 8 bytes a placement.  The other three quadrants are
 * its mirror images, made from it a set of columns at a time (struct lists)
 * or read through the north-west one's crossing words (struct full).
 */
struct table {
	uint32_t *start; /* 2^(2h) + 1 offsets into e */
	uint64_t *e;
	size_t len;
};

/*
 * The north-west quadrant's placements put on the board: the crossing word
 * of each, in the table's order; the table's entries say where the queens
 * stand.  The other three quadrants' words are these turned as they are
 * read: a key's placements are where the table has those of the key they
 * are turned from, and the window of crossing lines is symmetric (a mirror
 * left to right exchanges a square's two lines, crossing_swap; top to bottom
 * reads each from the window's far end).
 */
struct full {
	uint64_t *x;
};

/* A quadrant's placements on one set of its columns, for every set of as
 * many of its rows: the whole quadrant's view, or lists made for the unit
 * when the budget has no room for whole quadrants. */
struct lists {
	uint32_t cset;  /* the quadrant's local columns; UINT32_MAX: none yet */
	uint32_t tcols; /* the table's columns they are turned from */
	uint32_t lo[1 << HALVES_MAX_H], hi[1 << HALVES_MAX_H]; /* by local rows */
	uint64_t *x, *e; /* crossing words and the table's entries */
	size_t cap;
	const struct full *full; /* the whole north-west quadrant, or NULL */
	int h;
	int turn;  /* the quadrant (0 to 3) that full's words are turned to */
	bool down; /* the quadrant is the table turned upside down */
};

/* The placements of one set of rows of a quadrant: their crossing words
 * (the north-west placements' words, to be turned to quadrant `turn`, or 0
 * when they are the quadrant's own), and the table's
 * entries they are turned from (the column of each queen, 4 bits each,
 * from the table's first row). */
struct span {
	const uint64_t *x, *e;
	size_t len;
	int turn;
};

/* A set of columns (for odd n the bottom's, for even n the top's) and what
 * its count is multiplied by (for odd n: the centre class's weight). */
struct unit {
	uint32_t cols;
	uint32_t weight;
};

struct work;
typedef uint64_t (*unit_fn)(struct work *w, const struct unit *u);

/* What all threads read. */
struct shared {
	int n, h;
	int wlo, win; /* the lines crossing the middle: wlo .. wlo + win - 1 */
	bool odd;     /* the middle row and column (odd n) */
	struct table t;
	/* Quadrant j's queen on the table's square (row tr, column tc), at
	 * sq[j][tr * HALVES_MAX_H + tc]: its crossing word. */
	uint64_t sq[4][HALVES_MAX_H * HALVES_MAX_H];
	/* The lines of a bottom square (local row i, column c, at i * n + c),
	 * as the blocked join numbers them: those of its kill vector. */
	uint64_t bsq[HALVES_MAX_H * HALVES_MAX_N];
	uint16_t rev[1 << HALVES_MAX_H]; /* rev[x]: x's h bits in reverse order */
	struct full full; /* the whole north-west quadrant, when the budget has room */
	bool use_full;
	struct table_cache cache; /* the file the table and full are mapped from */
	bool mapped_t, mapped_x;  /* t's arrays, full's, are the file's */
	size_t maxlist;
	size_t maxcols;             /* the most placements of one set of columns */
	size_t chunk;               /* tops sieved at a time, for the memory budget */
	struct halves_stats *stats; /* the caller's, or NULL */
	enum halves_segments segments;
	enum halves_blocked blocked;
	struct unit *units;
	size_t nunits;
	unit_fn run;
	atomic_size_t next; /* the next piece to hand out */
	size_t piece;       /* units a piece */
	size_t npieces;
	const struct count_pieces *pieces; /* the caller's journal, or NULL */
	atomic_size_t done;
	pthread_mutex_t lock; /* guards err, reported and the progress calls */
	size_t reported;
	int err;
	halves_progress_fn progress;
	void *ctx;
	const atomic_int *cancel; /* the caller's: stop when non-zero */
};

/* A south-west placement with partners, for the blocked join: the squares
 * of its queens (local row * n + column), whether it has a queen on a long
 * diagonal, and its partners in w->plist, those of class 0 first (each the
 * index of a south-east placement of its split). */
struct swp {
	uint64_t lines; /* the crossing lines its queens stand on */
	uint32_t p, n0, n1;
	uint8_t q[HALVES_MAX_H]; /* fewer than 256 squares */
	bool c1;
};

/* A split of the bottom rows for the blocked join: its south-east
 * placements (nse from w->sq2 + se * HALVES_MAX_H, those of class 0 first),
 * and its south-west placements with partners (nsw from w->swp + sw). */
struct splitplan {
	uint32_t se, nse, n0, sw, nsw;
	int nr1, nr2;
};

/* One thread's buffers. */
struct work {
	const struct shared *sh;
	struct lists l[4]; /* the quadrants' lists for the unit at hand */
	uint64_t *tops, *sorted;
	size_t topcap;
	uint64_t *rows, *qk, *alive0, *alive, *zero; /* sieve rows, kill vectors */
	uint64_t *common; /* the lines that all the tops of a word of the sieve hold */
	size_t wcap;      /* words each can hold */
	uint64_t *kv;     /* a south-east list's kill vectors */
	uint32_t *jl;     /* the partners of a south-west placement */
	uint32_t *order;  /* a south-east list by class */
	uint64_t *ordx;   /* and its crossing words; while tops are listed, the
	                   * north-west placements the middle queens leave */
	uint64_t *packed; /* a north-east list's words, with the middle queens' */
	uint64_t *elig;   /* the segments each south-east placement may join */
	/* The blocked join (units_blocked): every split's plan, its south-east
	 * placements' squares, its south-west placements with partners and
	 * their partners; a block of the squares' kill vectors, and of a
	 * split's south-east placements'. */
	struct splitplan *plans;
	uint8_t *sq2;
	struct swp *swp;
	uint32_t *plist;
	uint64_t *selines; /* the lines of each south-east placement in sq2 */
	uint8_t *dead;     /* a split's south-east placements a block is shut to */
	uint32_t *open;    /* a south-west placement's partners the block is not */
	size_t plancap, sq2cap, swpcap, pcap, selcap;
	size_t nplans, nsq2, nswp, np; /* how many of each the unit's plans take */
	uint64_t *qkb, *kvb;
	/* Odd n: the tops of each pair of middle queens as listed (where they
	 * end, and the lines they all hold), then merged into segments. */
	int ncombos;
	size_t comboend[MAX_SEGS];
	uint64_t combolines[MAX_SEGS];
	int combocm[MAX_SEGS];   /* the middle-row queen's column, or -1 */
	size_t segend[MAX_SEGS]; /* where each segment's tops end */
	uint64_t sum;
	size_t bytes;
	int err;
	pthread_t thread;
};

/* ---- The table ---- */

/* The placements in local rows r .. h - 1 after those of key, counted by key
 * (pos NULL) or written where pos says.  ld and rd are the columns of row r
 * that the queens above attack along the two diagonals, shifted a column
 * for each row down, as bitboard searches keep them. */
static void table_rows(struct table *t, uint32_t *pos, int h, int r, uint32_t ld,
                       uint32_t rd, uint64_t packed, int nq, uint32_t key)
{
	if (r == h) {
		if (pos)
			t->e[pos[key]++] = packed;
		else
			t->start[key + 1]++;
		return;
	}
	const uint32_t hmask = (1u << h) - 1;
	table_rows(t, pos, h, r + 1, ld << 1 & hmask, rd >> 1, packed, nq, key);
	for (uint32_t free = hmask & ~(key | ld | rd); free; free &= free - 1) {
		const uint32_t bit = free & -free;
		table_rows(t, pos, h, r + 1, (ld | bit) << 1 & hmask, (rd | bit) >> 1,
		           packed | (uint64_t)__builtin_ctz(free) << (4 * nq), nq + 1,
		           key | 1u << (h + r) | bit);
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
	free(f->x);
	f->x = NULL;
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

/* The crossing word of a queen on the board's square (r, c): its lines that
 * cross the middle, anti-diagonal r + c - wlo in the low 32 bits and
 * diagonal r - c + n - 1 - wlo in the high ones, and for even n a count in
 * the class bits if it stands on a long diagonal. */
static uint64_t square_crossing(const struct shared *sh, int r, int c)
{
	const int a = r + c - sh->wlo, d = r - c + sh->n - 1 - sh->wlo;
	uint64_t x = 0;
	if (a >= 0 && a < sh->win)
		x |= 1ull << a;
	if (d >= 0 && d < sh->win)
		x |= 1ull << (32 + d);
	if (!sh->odd)
		x += (uint64_t)((r + c == sh->n - 1) + (r == c)) << CLASS_SHIFT;
	return x;
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

/* Makes room for k tops, keeping those listed; -1 when out of memory. */
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
	w->common = aligned_grow(w->common, cap * 8);
	/* units_blocked reads a whole block of zeros, 64 words, however short
	 * the sieve. */
	const size_t zcap = cap > 64 ? cap : 64;
	w->zero = aligned_grow(w->zero, zcap * 8);
	w->kv = aligned_grow(w->kv, sh->maxlist * cap * 8);
	if (!w->rows || !w->qk || !w->alive0 || !w->alive || !w->common || !w->zero ||
	    !w->kv)
		return -1;
	memset(w->zero, 0, zcap * 8);
	w->bytes += (64 + nqk + 4 + sh->maxlist) * (cap - w->wcap) * 8;
	w->wcap = cap;
	return 0;
}

static void work_free(struct work *w)
{
	for (int i = 0; i < 4; i++) {
		free(w->l[i].x);
		free(w->l[i].e);
	}
	free(w->tops);
	free(w->sorted);
	free(w->rows);
	free(w->qk);
	free(w->alive0);
	free(w->alive);
	free(w->common);
	free(w->zero);
	free(w->kv);
	free(w->jl);
	free(w->order);
	free(w->ordx);
	free(w->packed);
	free(w->elig);
	free(w->plans);
	free(w->sq2);
	free(w->swp);
	free(w->plist);
	free(w->selines);
	free(w->dead);
	free(w->open);
	free(w->qkb);
	free(w->kvb);
}

/* ---- The word kernels ---- */

#define ALWAYS_INLINE inline __attribute__((always_inline))

/* Takes the first run of consecutive bits out of *e (not 0, and not all
 * ones): bits s .. s + len - 1. */
static ALWAYS_INLINE void run_take(uint64_t *e, int *s, int *len)
{
	*s = __builtin_ctzll(*e);
	*len = __builtin_ctzll(~(*e >> *s));
	*e &= ~((((uint64_t)1 << *len) - 1) << *s);
}

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

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>

/* transpose64 with AVX-512 and GFNI, up to an order of the columns: bit q of
 * the new m[r] is bit r of the old m[q ^ 7].  The bytes of each group of
 * eight words are gathered by byte index (vpermb), each 8 x 8 bit block is
 * transposed by an affine transform (gf2p8affineqb), the blocks are moved
 * between the groups (vpermt2q) and gathered again. */
__attribute__((target("avx512f,avx512bw,avx512vbmi,gfni"))) static inline void
transpose64_gfni(uint64_t m[64])
{
	/* Byte 8p + i of the output is byte 8i + p of the input. */
	static const uint8_t bytes[64] = {
	        0, 8,  16, 24, 32, 40, 48, 56, 1, 9,  17, 25, 33, 41, 49, 57,
	        2, 10, 18, 26, 34, 42, 50, 58, 3, 11, 19, 27, 35, 43, 51, 59,
	        4, 12, 20, 28, 36, 44, 52, 60, 5, 13, 21, 29, 37, 45, 53, 61,
	        6, 14, 22, 30, 38, 46, 54, 62, 7, 15, 23, 31, 39, 47, 55, 63};
	const __m512i perm = _mm512_loadu_si512(bytes);
	/* Byte b holds 1 << b: the affine transform then gives column b. */
	const __m512i unit = _mm512_set1_epi64(0x8040201008040201ll);
	__m512i z[8];
	for (int g = 0; g < 8; g++)
		z[g] = _mm512_gf2p8affine_epi64_epi8(
		        unit,
		        _mm512_permutexvar_epi8(perm, _mm512_loadu_si512(m + 8 * g)), 0);
	/* Word p of group g trades with word g of group p: halves, then
	 * quarters, then words. */
	static const int64_t swap[3][2][8] = {
	        {{0, 1, 2, 3, 8, 9, 10, 11}, {4, 5, 6, 7, 12, 13, 14, 15}},
	        {{0, 1, 8, 9, 4, 5, 12, 13}, {2, 3, 10, 11, 6, 7, 14, 15}},
	        {{0, 8, 2, 10, 4, 12, 6, 14}, {1, 9, 3, 11, 5, 13, 7, 15}}};
	for (int st = 0, d = 4; st < 3; st++, d >>= 1) {
		const __m512i lo = _mm512_loadu_si512(swap[st][0]);
		const __m512i hi = _mm512_loadu_si512(swap[st][1]);
		for (int g = 0; g < 8; g++)
			if (!(g & d)) {
				const __m512i a = z[g], b = z[g + d];
				z[g] = _mm512_permutex2var_epi64(a, lo, b);
				z[g + d] = _mm512_permutex2var_epi64(a, hi, b);
			}
	}
	for (int p = 0; p < 8; p++)
		_mm512_storeu_si512(m + 8 * p, _mm512_permutexvar_epi8(perm, z[p]));
}
#endif

/* The word loops run over whole blocks of 4 so that the compiler turns each
 * block into vector instructions without a scalar tail. */
#define BLOCK 4

/* The blocked join's blocks: 64 words of the sieve, in eight registers.  It
 * takes over where the sieve has BLOCKED_MIN words or more (measured: n = 18,
 * whose sieves are shorter, the same either way; n = 20 12 to 16% faster;
 * a slice of n = 22 twice as fast). */
#define BLK_VECS 8
#define BLK (8 * BLK_VECS)
#define BLOCKED_MIN 128

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define HALVES_DISPATCH 1

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

/* Adds to *acc and *tail the bits of a clear in b, words lo .. hi - 1 (a
 * whole number of blocks): eight at a time with AVX-512's own population
 * count, and a last block of four. */
__attribute__((target("avx512f,avx512vl,avx512vpopcntdq"))) static inline void
popcount_andnot_range_avx512(const uint64_t *restrict a, const uint64_t *restrict b,
                             size_t lo, size_t hi, __m512i *acc, __m256i *tail)
{
	size_t x = lo;
	for (; x + 8 <= hi; x += 8) {
		__m512i v = _mm512_andnot_si512(_mm512_loadu_si512(b + x),
		                                _mm512_loadu_si512(a + x));
		*acc = _mm512_add_epi64(*acc, _mm512_popcnt_epi64(v));
	}
	if (x < hi) {
		__m256i v =
		        _mm256_andnot_si256(_mm256_loadu_si256((const __m256i *)(b + x)),
		                            _mm256_loadu_si256((const __m256i *)(a + x)));
		*tail = _mm256_add_epi64(*tail, _mm256_popcnt_epi64(v));
	}
}

/* The sum of the two, once at the end. */
__attribute__((target("avx512f,avx512vl"))) static inline uint64_t
popcount_sum_avx512(__m512i acc, __m256i tail)
{
	acc = _mm512_add_epi64(acc, _mm512_zextsi256_si512(tail));
	return (uint64_t)_mm512_reduce_add_epi64(acc);
}

/* popcount_andnot_many with AVX-512. */
__attribute__((target("avx512f,avx512vl,avx512vpopcntdq"))) static inline uint64_t
popcount_andnot_many_avx512(const uint64_t *restrict a, const uint64_t *restrict bs,
                            const uint32_t *jl, size_t nb, size_t stride, size_t words)
{
	__m512i acc = _mm512_setzero_si512();
	__m256i tail = _mm256_setzero_si256();
	for (size_t t = 0; t < nb; t++)
		popcount_andnot_range_avx512(a, bs + (jl ? jl[t] : t) * stride, 0, words,
		                             &acc, &tail);
	return popcount_sum_avx512(acc, tail);
}

/* popcount_andnot_segs with AVX-512: one sum in a register for all the
 * partners and runs. */
__attribute__((target("avx512f,avx512vl,avx512vpopcntdq"))) static inline uint64_t
popcount_andnot_segs_avx512(const uint64_t *restrict a, const uint64_t *restrict kv,
                            size_t stride, const uint32_t *jl, size_t nb,
                            const uint64_t *elig, uint64_t mask, const size_t *segw)
{
	__m512i acc = _mm512_setzero_si512();
	__m256i tail = _mm256_setzero_si256();
	for (size_t t = 0; t < nb; t++)
		for (uint64_t e = mask & elig[jl[t]]; e;) {
			int s, len;
			run_take(&e, &s, &len);
			popcount_andnot_range_avx512(a, kv + jl[t] * stride, segw[s],
			                             segw[s + len], &acc, &tail);
		}
	return popcount_sum_avx512(acc, tail);
}

/* Which of the words ys[t .. t + 7] (those below ny) share no line with
 * the test's; the words in *y. */
__attribute__((target("avx512f,avx512vl"))) static inline __mmask8
keep_test_avx512(__m512i test, const uint64_t *ys, size_t t, size_t ny, __m512i *y)
{
	const __mmask8 in = ny - t >= 8 ? 0xff : (__mmask8)((1u << (ny - t)) - 1);
	*y = _mm512_maskz_loadu_epi64(in, ys + t);
	return _mm512_mask_testn_epi64_mask(in, *y, test);
}

/* tops_keep with AVX-512: eight words tested at once, the kept ones
 * compressed in a register and stored whole (the buffer has room for
 * eight more; compressing to memory is slow on some processors). */
__attribute__((target("avx512f,avx512vl"))) static inline size_t
tops_keep_avx512(uint64_t cx, const uint64_t *ys, size_t ny, uint64_t *out)
{
	const __m512i add = _mm512_set1_epi64((long long)cx);
	const __m512i test = _mm512_set1_epi64((long long)(cx & LINES_MASK));
	size_t k = 0;
	for (size_t t = 0; t < ny; t += 8) {
		__m512i y;
		const __mmask8 ok = keep_test_avx512(test, ys, t, ny, &y);
		_mm512_storeu_si512(out + k, _mm512_maskz_compress_epi64(
		                                     ok, _mm512_add_epi64(y, add)));
		k += (size_t)__builtin_popcount(ok);
	}
	return k;
}

/* Writes to out add + ys[t] (each first turned by crossing_swap when swap)
 * for each of the ny words ys[t] that share no line with test, in order;
 * returns how many.  out has room for ny + 8. */
__attribute__((target("avx512f,avx512vl"))) static inline size_t
words_keep_avx512(const uint64_t *ys, size_t ny, uint64_t test, uint64_t add, bool swap,
                  uint64_t *out)
{
	const __m512i vtest = _mm512_set1_epi64((long long)(test & LINES_MASK));
	const __m512i vadd = _mm512_set1_epi64((long long)add);
	/* crossing_swap: the halves exchanged by a rotation, the class bits
	 * (which the low half's top two bits, never a line, receive) kept. */
	const __m512i lines = _mm512_set1_epi64((long long)(LINES_MASK & ~(3ull << 30)));
	size_t k = 0;
	for (size_t t = 0; t < ny; t += 8) {
		const __mmask8 in = ny - t >= 8 ? 0xff : (__mmask8)((1u << (ny - t)) - 1);
		__m512i y = _mm512_maskz_loadu_epi64(in, ys + t);
		if (swap)
			y = _mm512_ternarylogic_epi64(_mm512_ror_epi64(y, 32), lines, y,
			                              0xe2); /* lines ? rot : y */
		const __mmask8 ok = _mm512_mask_testn_epi64_mask(in, y, vtest);
		_mm512_storeu_si512(out + k, _mm512_maskz_compress_epi64(
		                                     ok, _mm512_add_epi64(y, vadd)));
		k += (size_t)__builtin_popcount(ok);
	}
	return k;
}

/* partners_keep with AVX-512, in the same way. */
__attribute__((target("avx512f,avx512vl"))) static inline size_t
partners_keep_avx512(uint64_t cx, const uint64_t *ys, const uint32_t *js, size_t ny,
                     uint32_t *out)
{
	const __m512i test = _mm512_set1_epi64((long long)(cx & LINES_MASK));
	size_t k = 0;
	for (size_t t = 0; t < ny; t += 8) {
		__m512i y;
		const __mmask8 ok = keep_test_avx512(test, ys, t, ny, &y);
		const __m256i j = _mm256_maskz_loadu_epi32(ok, js + t);
		_mm256_storeu_si256((__m256i *)(out + k),
		                    _mm256_maskz_compress_epi32(ok, j));
		k += (size_t)__builtin_popcount(ok);
	}
	return k;
}
#endif

/* The kernels' instruction sets, passed down as a constant so that each
 * kernel keeps only its own code. */
enum isa { ISA_GENERIC, ISA_AVX2, ISA_AVX512 };

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
	if (isa == ISA_AVX512)
		return popcount_andnot_many_avx512(a, bs, jl, nb, stride, words);
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

/* Writes to out cx + ys[t] for each of the ny words ys[t] that share no
 * line with cx, in order; returns how many.  out has room for ny + 8. */
static ALWAYS_INLINE size_t tops_keep(enum isa isa, uint64_t cx, const uint64_t *ys,
                                      size_t ny, uint64_t *out)
{
#ifdef HALVES_DISPATCH
	if (isa == ISA_AVX512)
		return tops_keep_avx512(cx, ys, ny, out);
#else
	(void)isa;
#endif
	size_t k = 0;
	for (size_t t = 0; t < ny; t++) {
		/* Written always, kept when compatible: no branch.  The two
		 * share no line when kept, so adding is or-ing, and the classes
		 * add up. */
		out[k] = cx + ys[t];
		k += !(cx & ys[t] & LINES_MASK);
	}
	return k;
}

/* A crossing word with its anti-diagonals and diagonals exchanged: the
 * lines of the mirror image left to right. */
static ALWAYS_INLINE uint64_t crossing_swap(uint64_t x)
{
	return (x >> 32 & 0x3fffffff) | (x & 0xffffffff) << 32 | (x & ~LINES_MASK);
}

/* Writes to out add + ys[t] (each first turned by crossing_swap when swap)
 * for each of the ny words ys[t] that share no line with test, in order;
 * returns how many.  out has room for ny + 8. */
static ALWAYS_INLINE size_t words_keep(enum isa isa, const uint64_t *ys, size_t ny,
                                       uint64_t test, uint64_t add, bool swap,
                                       uint64_t *out)
{
#ifdef HALVES_DISPATCH
	/* Eight at a time where some are left out (odd n's middle queens);
	 * a plain copy is faster in this loop (measured: n = 18 3% slower
	 * with the vectors: each store is read back by the next ones). */
	if (isa == ISA_AVX512 && (test & LINES_MASK))
		return words_keep_avx512(ys, ny, test, add, swap, out);
#else
	(void)isa;
#endif
	size_t k = 0;
	for (size_t t = 0; t < ny; t++) {
		/* Written always, kept when it leaves test alone. */
		const uint64_t y = swap ? crossing_swap(ys[t]) : ys[t];
		out[k] = y + add;
		k += !(y & test & LINES_MASK);
	}
	return k;
}

/* Writes to out js[t] for each of the ny words ys[t] that share no line
 * with cx, in order; returns how many.  out has room for ny + 8. */
static ALWAYS_INLINE size_t partners_keep(enum isa isa, uint64_t cx, const uint64_t *ys,
                                          const uint32_t *js, size_t ny, uint32_t *out)
{
#ifdef HALVES_DISPATCH
	if (isa == ISA_AVX512)
		return partners_keep_avx512(cx, ys, js, ny, out);
#else
	(void)isa;
#endif
	size_t k = 0;
	for (size_t t = 0; t < ny; t++) {
		out[k] = js[t];
		k += !(cx & ys[t] & LINES_MASK);
	}
	return k;
}

/* popcount_andnot_many for partners that each join only some segments of
 * the sieve: the bits of a clear in kv + jl[t] * stride, over the words of
 * the segments in mask & elig[jl[t]] (segment s: words segw[s] .. segw[s +
 * 1] - 1), summed. */
static ALWAYS_INLINE uint64_t popcount_andnot_segs(enum isa isa,
                                                   const uint64_t *restrict a,
                                                   const uint64_t *restrict kv,
                                                   size_t stride, const uint32_t *jl,
                                                   size_t nb, const uint64_t *elig,
                                                   uint64_t mask, const size_t *segw)
{
#ifdef HALVES_DISPATCH
	if (isa == ISA_AVX512)
		return popcount_andnot_segs_avx512(a, kv, stride, jl, nb, elig, mask,
		                                   segw);
#endif
	uint64_t c = 0;
	for (size_t t = 0; t < nb; t++) {
		const uint64_t *restrict b = kv + jl[t] * stride;
		for (uint64_t e = mask & elig[jl[t]]; e;) {
			int s, len;
			run_take(&e, &s, &len);
			c += popcount_andnot_many(isa, a + segw[s], b + segw[s], NULL, 1,
			                          0, segw[s + len] - segw[s]);
		}
	}
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

/* ---- Quadrants ---- */

/* The placements of a quadrant's local rows `rows`, on the columns its
 * lists were made for. */
static ALWAYS_INLINE struct span list_at(const struct shared *sh, const struct lists *l,
                                         uint32_t rows)
{
	if (l->full) {
		const uint32_t tkey = (l->down ? sh->rev[rows] : rows) << l->h | l->tcols;
		const uint32_t lo = sh->t.start[tkey], hi = sh->t.start[tkey + 1];
		return (struct span){l->full->x + lo, sh->t.e + lo, hi - lo, l->turn};
	}
	return (struct span){l->x + l->lo[rows], l->e + l->lo[rows],
	                     l->hi[rows] - l->lo[rows], 0};
}

/* Asks the cache for where list_at will look for the rows `rows` of l. */
static ALWAYS_INLINE void list_prefetch_key(const struct shared *sh,
                                            const struct lists *l, uint32_t rows)
{
	if (l->full)
		__builtin_prefetch(sh->t.start +
		                   ((l->down ? sh->rev[rows] : rows) << l->h | l->tcols));
}

/* And for the first placements of the list it will find there. */
static ALWAYS_INLINE void list_prefetch(const struct shared *sh, const struct lists *l,
                                        uint32_t rows)
{
	const struct span s = list_at(sh, l, rows);
	if (s.len) {
		__builtin_prefetch(s.x);
		__builtin_prefetch(s.e);
	}
}

/* The lists of the bottom quadrants' splits (south-west rows with ba
 * queens) fetched ahead: the table's offsets of all of them, then their
 * first placements, so that the misses overlap rather than follow one
 * another. */
static ALWAYS_INLINE void splits_prefetch(const struct shared *sh, const struct work *w,
                                          uint32_t hmask, int ba)
{
	for (uint32_t r = hmask;; r = (r - 1) & hmask) {
		if (__builtin_popcount(r) == ba) {
			list_prefetch_key(sh, &w->l[2], r);
			list_prefetch_key(sh, &w->l[3], hmask & ~r);
		}
		if (!r)
			break;
	}
	for (uint32_t r = hmask;; r = (r - 1) & hmask) {
		if (__builtin_popcount(r) == ba) {
			list_prefetch(sh, &w->l[2], r);
			list_prefetch(sh, &w->l[3], hmask & ~r);
		}
		if (!r)
			break;
	}
}

/* The squares on which a key's table entries put quadrant j's queens,
 * worked out once for all the entries. */
struct keyturn {
	int nr;                           /* queens */
	const uint64_t *sq[HALVES_MAX_H]; /* the row of squares of each */
};

static ALWAYS_INLINE void keyturn_make(const struct shared *sh, int j, uint32_t trows,
                                       struct keyturn *kt)
{
	int nr = 0;
	for (uint32_t x = trows; x; x &= x - 1)
		kt->sq[nr++] = sh->sq[j] + __builtin_ctz(x) * HALVES_MAX_H;
	kt->nr = nr;
}

/* The crossing word of the placement that the table's entry `packed` turns
 * into. */
static ALWAYS_INLINE uint64_t keyturn_place(const struct keyturn *kt, uint64_t packed)
{
	uint64_t x = 0;
	for (int qi = 0; qi < kt->nr; qi++)
		x += kt->sq[qi][packed >> (4 * qi) & 15];
	return x;
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
		const bool down = j >= 2, right = j & 1;
		const int r0 = down ? n - h : 0, c0 = right ? n - h : 0;
		for (int tr = 0; tr < h; tr++)
			for (int tc = 0; tc < h; tc++) {
				int rr = r0 + (down ? h - 1 - tr : tr);
				int cc = c0 + (right ? h - 1 - tc : tc);
				sh->sq[j][tr * HALVES_MAX_H + tc] =
				        square_crossing(sh, rr, cc);
			}
	}
	for (int i = 0; i < h; i++)
		for (int c = 0; c < n; c++)
			sh->bsq[i * n + c] =
			        square_crossing(sh, n - h + i, c) & LINES_MASK;
}

/*
 * The word of a bottom span's i-th placement for the tests of the two
 * bottom quadrants' placements against each other, and for its class: its
 * crossing word as far as they need it turned.  Both quadrants' words are
 * read backwards in the window (turned upside down), and two words share a line
 * exactly when they do read forwards: so the south-east placements keep
 * the north-west image's word, and the south-west ones only exchange its
 * two halves.
 */
static ALWAYS_INLINE uint64_t span_test(struct span s, size_t i)
{
	return s.turn == 2 ? crossing_swap(s.x[i]) : s.x[i];
}

/*
 * Makes the north-west quadrant whole, its crossing words looked up square
 * by square in one pass over the table; -1 when out of memory.
 */
static int quadrants_build(struct shared *sh)
{
	const struct table *t = &sh->t;
	const int h = sh->h;
	const size_t nkeys = (size_t)1 << (2 * h), len = t->len ? t->len : 1;
	uint64_t *x0 = sh->full.x = malloc(len * sizeof *x0);
	if (!x0)
		return -1;
	for (size_t key = 0; key < nkeys; key++) {
		if (t->start[key] == t->start[key + 1])
			continue;
		struct keyturn kt;
		keyturn_make(sh, 0, (uint32_t)(key >> h), &kt);
		for (uint32_t i = t->start[key]; i < t->start[key + 1]; i++)
			x0[i] = keyturn_place(&kt, t->e[i]);
	}
	return 0;
}

/*
 * Makes quadrant j's lists for its local columns `cols`, every set of as
 * many of its rows: a view of the whole quadrant when it is kept, else
 * lists turned from the north-west table (the north-east quadrant is its
 * mirror image left to right, the south-west one top to bottom, the
 * south-east one both).  -1 when out of memory.
 */
static int lists_make(struct work *w, int j, uint32_t cols)
{
	struct lists *l = &w->l[j];
	const struct shared *sh = w->sh;
	const int h = sh->h, k = __builtin_popcount(cols);
	const bool down = j >= 2, right = j & 1;
	const uint32_t tcols = right ? sh->rev[cols] : cols, hmask = (1u << h) - 1;
	l->h = h;
	l->down = down;
	if (sh->use_full) {
		l->full = &sh->full;
		l->turn = j;
		l->cset = cols;
		l->tcols = tcols;
		return 0;
	}
	if (l->cset == cols)
		return 0;
	const struct table *t = &sh->t;
	size_t need = 0;
	for (uint32_t r = hmask;; r = (r - 1) & hmask) {
		if (__builtin_popcount(r) == k) {
			uint32_t key = (down ? sh->rev[r] : r) << h | tcols;
			need += t->start[key + 1] - t->start[key];
		}
		if (!r)
			break;
	}
	if (need > l->cap) {
		size_t cap = need + need / 2 + 64;
		uint64_t *x = realloc(l->x, cap * sizeof *x);
		if (x)
			l->x = x;
		uint64_t *e = x ? realloc(l->e, cap * sizeof *e) : NULL;
		if (!e)
			return -1;
		l->e = e;
		l->cap = cap;
	}
	size_t at = 0;
	for (uint32_t r = hmask;; r = (r - 1) & hmask) {
		if (__builtin_popcount(r) != k)
			goto next;
		uint32_t trows = down ? sh->rev[r] : r;
		uint32_t key = trows << h | tcols;
		struct keyturn kt;
		keyturn_make(sh, j, trows, &kt);
		l->lo[r] = (uint32_t)at;
		for (uint32_t i = t->start[key]; i < t->start[key + 1]; i++, at++) {
			l->x[at] = keyturn_place(&kt, t->e[i]);
			l->e[at] = t->e[i];
		}
		l->hi[r] = (uint32_t)at;
	next:
		if (!r)
			break;
	}
	l->cset = cols;
	return 0;
}

/* ---- The join, one unit ---- */

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
	int n, h;
	bool odd;
	size_t words;   /* the sieve's length */
	size_t w0, w01; /* where the tops of class 1 and of class 2 begin */
	/* The sieve's segments, each padded to whole blocks: for even n the
	 * classes, for odd n groups of pairs of middle queens and the centre. */
	int nseg;
	size_t segw[MAX_SEGS + 1]; /* where each begins, and the end */
	/* Odd n, when grouped: for each crossing line, the segments whose
	 * every top holds it, which a bottom on that line skips; the segments
	 * of class 0; the lines any of them holds. */
	bool grouped;
	bool held; /* w->common is made (for tops_order's sieves) */
	uint64_t seglines[64];
	uint64_t segs0, anylines;
};

/*
 * Appends to w->tops, from the k-th on, the tops on the top quadrants' rows
 * `rows`: the north-west placements on the lists' columns with the
 * north-east ones on the complementary rows, each leaving alone the queens
 * whose crossing word is xs (0: none), which is added to every top.  Returns
 * the new number of tops, or (size_t)-1 when out of memory.
 */
static ALWAYS_INLINE size_t tops_add(enum isa isa, struct work *w, uint32_t rows, int ta,
                                     uint64_t xs, size_t k)
{
	uint64_t *packed = w->packed;
	for (uint32_t r = rows;; r = (r - 1) & rows) {
		if (__builtin_popcount(r) != ta)
			goto next;
		const struct span x = list_at(w->sh, &w->l[0], r);
		const struct span y = list_at(w->sh, &w->l[1], rows & ~r);
		if (!x.len || !y.len)
			goto next;
		const size_t ny = words_keep(isa, y.x, y.len, xs, xs, y.turn, packed);
		if (!ny)
			goto next;
		/* The north-west placements that leave xs alone (the north-west
		 * quadrant: not turned), all of them without middle queens. */
		const uint64_t *xk = x.x;
		size_t nx = x.len;
		if (xs & LINES_MASK) {
			nx = words_keep(isa, x.x, x.len, xs, 0, false, w->ordx);
			xk = w->ordx;
		}
		if (nx * ny <= ((size_t)1 << 16)) {
			/* Room for all the pairs at once when that is not much. */
			if (work_tops(w, k + nx * ny + 8))
				return (size_t)-1;
			for (size_t i = 0; i < nx; i++)
				k += tops_keep(isa, xk[i], packed, ny, w->tops + k);
		} else
			for (size_t i = 0; i < nx; i++) {
				if (work_tops(w, k + ny + 8))
					return (size_t)-1;
				k += tops_keep(isa, xk[i], packed, ny, w->tops + k);
			}
	next:
		if (!r)
			break;
	}
	return k;
}

/*
 * Lists the tops of unit u, whose bottom uses the board columns bcols, in
 * w->tops: for even n the whole top; for odd n each pair of middle queens
 * of the chosen orbit representatives (class 0), and, when the unit has a
 * weight for it, the centre (class 1).  Returns how many, or (size_t)-1
 * when out of memory.
 */
static ALWAYS_INLINE size_t tops_list(enum isa isa, struct work *w, const struct unit *u,
                                      uint32_t bcols, bool odd)
{
	const struct shared *sh = w->sh;
	const int n = sh->n, h = sh->h, east = n - h, m = h;
	const uint32_t hmask = (1u << h) - 1, full = (1u << n) - 1;
	const uint32_t top = full & ~bcols & ~(odd ? 1u << m : 0);
	const uint32_t tw = top & hmask, te = top >> east & hmask;
	if (lists_make(w, 1, te))
		return (size_t)-1;
	if (!odd) {
		if (lists_make(w, 0, tw))
			return (size_t)-1;
		return tops_add(isa, w, hmask, __builtin_popcount(tw), 0, 0);
	}
	/* The middle-row queen at column cm, west of the middle; the middle
	 * column's at row rm, nearer the middle than cm (cm < rm < m).  Each
	 * pair's tops are kept apart for the segments of the sieve. */
	size_t k = 0;
	w->ncombos = 0;
	for (uint32_t cc = tw & (hmask >> 1); cc && k != (size_t)-1; cc &= cc - 1) {
		const int cm = __builtin_ctz(cc);
		const uint32_t tcm = tw & ~(1u << cm);
		if (lists_make(w, 0, tcm))
			return (size_t)-1;
		for (int rm = cm + 1; rm < m && k != (size_t)-1; rm++) {
			uint64_t xs =
			        square_crossing(sh, rm, m) + square_crossing(sh, m, cm);
			k = tops_add(isa, w, hmask & ~(1u << rm), __builtin_popcount(tcm),
			             xs, k);
			w->comboend[w->ncombos] = k;
			w->combocm[w->ncombos] = cm;
			w->combolines[w->ncombos++] = xs;
		}
	}
	/* The centre last: the tops are then in order of class. */
	if (u->weight && k != (size_t)-1) {
		const uint64_t centre =
		        square_crossing(sh, m, m) | (uint64_t)1 << CLASS_SHIFT;
		if (lists_make(w, 0, tw))
			return (size_t)-1;
		k = tops_add(isa, w, hmask, __builtin_popcount(tw), centre, k);
		w->comboend[w->ncombos] = k;
		w->combocm[w->ncombos] = -1;
		w->combolines[w->ncombos++] = centre;
	}
	return k;
}

/* A segment of the sieve holds at least this many tops of one middle-row
 * queen, or all of them; the bottoms skip segments only when they hold
 * SEG_GROUPED_TOPS on average, so that skipping one saves more than it
 * costs (measured: n = 17 is slower when grouped, 19 the same, 21 1.4 times
 * faster). */
#define SEG_MIN_TOPS (64 * 64)
#define SEG_GROUPED_TOPS (16 * 64)

/*
 * Odd n: merges the unit's pairs of middle queens, in the order listed,
 * into segments of at least SEG_MIN_TOPS tops with the same middle-row
 * queen, or all those with it (the centre one of its own),
 * each with the lines that all its tops hold, and tells g whether there are
 * enough of them for the bottoms to skip those they cannot join.
 */
static ALWAYS_INLINE void segments_plan(struct work *w, struct geom *g)
{
	const enum halves_segments how = w->sh->segments;
	const size_t least = how == HALVES_SEGMENTS_EACH ? 1 : SEG_MIN_TOPS;
	int nseg = 0;
	uint64_t lines = ~0ull;
	memset(g->seglines, 0, sizeof g->seglines);
	g->segs0 = 0;
	g->anylines = 0;
	for (int c = 0; c < w->ncombos; c++) {
		const bool centre = w->combolines[c] >> CLASS_SHIFT;
		const size_t from = nseg ? w->segend[nseg - 1] : 0;
		lines &= w->combolines[c];
		/* A segment keeps to one middle-row queen, whose lines all its
		 * tops then hold; the last pair of each closes a short one. */
		const bool last =
		        c + 1 == w->ncombos || w->combocm[c + 1] != w->combocm[c];
		if (!centre && !last && w->comboend[c] - from < least)
			continue;
		w->segend[nseg] = w->comboend[c];
		lines &= LINES_MASK;
		for (uint64_t b = lines; b; b &= b - 1)
			g->seglines[__builtin_ctzll(b)] |= 1ull << nseg;
		g->anylines |= lines;
		if (!centre)
			g->segs0 |= 1ull << nseg;
		nseg++;
		lines = ~0ull;
	}
	g->nseg = nseg;
	/* The bottoms' words are read as span_test gives them, each half
	 * backwards in the window when the quadrants are whole. */
	if (w->sh->use_full) {
		uint64_t turned[64] = {0}, any = 0;
		const int win = w->sh->win;
		for (uint64_t b = g->anylines; b; b &= b - 1) {
			const int L = __builtin_ctzll(b);
			const int M = L < 32 ? win - 1 - L : 32 + win - 1 - (L - 32);
			turned[M] = g->seglines[L];
			any |= 1ull << M;
		}
		memcpy(g->seglines, turned, sizeof turned);
		g->anylines = any;
	}
	const int n0 = __builtin_popcountll(g->segs0);
	const size_t tops0 = n0 ? w->segend[n0 - 1] : 0;
	g->grouped = how == HALVES_SEGMENTS_ALWAYS || how == HALVES_SEGMENTS_EACH ||
	             (how == HALVES_SEGMENTS_BY_SIZE && n0 >= 3 &&
	              tops0 >= (size_t)n0 * SEG_GROUPED_TOPS);
}

#ifdef HALVES_DISPATCH
/* The lines tops_order sorts by: about as many as a sieve of n = 22 has
 * blocks to tell apart (measured there: 6, 8 and 11 lines take the same
 * time). */
#define ORDER_LINES 8

/* The tops are sorted where a sieve has this many words or more (measured:
 * n = 20, whose sieves have about 500, 4% slower with the sort; a slice of
 * n = 22, about 2,500, a fifth faster). */
#define ORDER_MIN 1024

/* For odd n, whose tops hold their middle queens' lines in large groups,
 * from half as many (measured: a slice of n = 21, whose largest sieves
 * pass it, 1.12 times faster with the sort; n = 19, whose sieves have
 * about 125 words, 1.15 times slower sorted throughout, as fast with
 * this). */
#define ORDER_MIN_ODD 512

/*
 * Even n, for the blocked join: the k tops into w->sorted by class and,
 * within a class, by the ORDER_LINES lines that most of them hold (counted
 * in a sample) times the bottom squares on the line (hit), those first.
 * The tops of a block of the sieve then hold some lines in common, and a
 * bottom on one of them passes the block by (block_avx512): at n = 22, 43%
 * of the south-west placements and 41% of the south-east ones do, and a
 * piece takes a sixth less time (sorted by how many tops hold a line
 * alone, without the bottoms' squares: a twelfth).
 */
__attribute__((target("bmi2"))) static void
tops_order(struct work *w, const uint64_t *tops, size_t k, const size_t hit[64])
{
	size_t worth[64] = {0};
	const size_t step = k / 4096 + 1;
	for (size_t i = 0; i < k; i += step)
		for (uint64_t b = tops[i] & LINES_MASK; b; b &= b - 1)
			worth[__builtin_ctzll(b)]++;
	for (int b = 0; b < 64; b++)
		worth[b] *= hit[b];
	int line[ORDER_LINES], nl = 0;
	uint64_t mask = 0;
	for (; nl < ORDER_LINES; nl++) {
		int best = -1;
		for (int b = 0; b < 64; b++)
			if (!(mask >> b & 1) && worth[b] &&
			    (best < 0 || worth[b] > worth[best]))
				best = b;
		if (best < 0)
			break;
		mask |= 1ull << best;
		line[nl] = best;
	}
	/* From the lines as _pext_u64 gathers them (in the order of their
	 * bits) to the key, the first line its highest bit. */
	uint16_t key[1 << ORDER_LINES];
	for (uint32_t x = 0; x < 1u << nl; x++) {
		uint32_t y = 0;
		for (int d = 0; d < nl; d++) {
			const int at =
			        __builtin_popcountll(mask & ((1ull << line[d]) - 1));
			y |= (x >> at & 1) << (nl - 1 - d);
		}
		key[x] = (uint16_t)y;
	}
	size_t pos[3 << ORDER_LINES] = {0};
	for (size_t i = 0; i < k; i++)
		pos[(tops[i] >> CLASS_SHIFT) << nl | key[_pext_u64(tops[i], mask)]]++;
	for (size_t b = 0, sum = 0; b < (size_t)3 << nl; b++) {
		const size_t c = pos[b];
		pos[b] = sum;
		sum += c;
	}
	for (size_t i = 0; i < k; i++)
		w->sorted[pos[(tops[i] >> CLASS_SHIFT) << nl |
		              key[_pext_u64(tops[i], mask)]]++] = tops[i];
}
#endif

/*
 * Turns the tops at .. at + k - 1 of the unit into the sieve: sorted by
 * class for even n (and by tops_order's lines when hit is not NULL), cut into
 * the planned segments for odd n, each padded to whole blocks; row x of
 * w->rows holds the tops on crossing anti-diagonal x, row 32 + x those on
 * diagonal x, w->alive0 the tops that exist and, with hit, w->common the
 * lines that all those of a word hold.  Returns -1 when out of memory.
 */
static ALWAYS_INLINE int sieve_build(enum isa isa, struct work *w, struct geom *g,
                                     size_t at, size_t k, const size_t *hit, bool held)
{
	const int win = w->sh->win;
	const uint64_t *tops = w->tops + at;
	size_t cnt[MAX_SEGS];
	if (g->odd && !held) {
		/* The segments' shares of this chunk. */
		size_t lo = 0;
		for (int sg = 0; sg < g->nseg; sg++) {
			size_t hi = w->segend[sg];
			size_t a = lo < at ? at : lo > at + k ? at + k : lo;
			size_t b = hi < at ? at : hi > at + k ? at + k : hi;
			cnt[sg] = b - a;
			lo = hi;
		}
	} else {
		cnt[0] = cnt[1] = cnt[2] = 0;
		uint64_t prev = 0, down = 0;
		for (size_t i = 0; i < k; i++) {
			uint64_t c = tops[i] >> CLASS_SHIFT;
			cnt[c]++;
			down |= prev > c;
			prev = c;
		}
		if (hit) {
#ifdef HALVES_DISPATCH
			tops_order(w, tops, k, hit);
			tops = w->sorted;
#endif
		} else if (down) {
			size_t pos[3] = {0, cnt[0], cnt[0] + cnt[1]};
			for (size_t i = 0; i < k; i++)
				w->sorted[pos[tops[i] >> CLASS_SHIFT]++] = tops[i];
			tops = w->sorted;
		}
		g->nseg = 3;
		if (g->odd) {
			/* For the blocked join, not cut into segments (those are
			 * the grouped join's): the tops of class 0, then the
			 * centre's. */
			g->nseg = 2;
			g->segs0 = 1;
		}
	}
	/* The lines all the tops of each word hold, for the blocked join:
	 * tops_order's sieves, and all of odd n's, whose tops of one pair of
	 * middle queens, listed together, hold those queens' lines. */
	g->held = hit || (g->odd && held);
	g->words = 0;
	for (int sg = 0; sg < g->nseg; sg++) {
		g->segw[sg] = g->words;
		g->words += (cnt[sg] + 64 * BLOCK - 1) / (64 * BLOCK) * BLOCK;
	}
	g->segw[g->nseg] = g->words;
	if (g->odd) {
		/* The centre's segment, when there is one, is the last. */
		bool centre = g->nseg && !(g->segs0 >> (g->nseg - 1) & 1);
		g->w0 = g->w01 = centre ? g->segw[g->nseg - 1] : g->words;
	} else {
		g->w0 = g->segw[1];
		g->w01 = g->segw[2];
	}
	if (work_words(w, g->words))
		return -1;
	const size_t words = g->words;
	size_t ti = 0;
	for (int sg = 0; sg < g->nseg; sg++)
		for (size_t wi = g->segw[sg], i = 0; wi < g->segw[sg + 1];
		     wi++, i += 64) {
			uint64_t m[64];
			size_t c = i < cnt[sg] ? cnt[sg] - i : 0;
			c = c < 64 ? c : 64;
			/* Bit 63, which no line uses, says that a top is there:
			 * row 63 is then the tops that exist. */
			for (size_t j = 0; j < c; j++)
				m[j] = (tops[ti + j] & LINES_MASK) | 1ull << 63;
			for (size_t j = c; j < 64; j++)
				m[j] = 0;
			if (g->held) {
				uint64_t lines = LINES_MASK;
				for (size_t j = 0; j < c; j++)
					lines &= m[j];
				w->common[wi] = lines;
			}
			ti += c;
#ifdef HALVES_DISPATCH
			if (isa == ISA_AVX512)
				transpose64_gfni(m);
			else
#endif
				transpose64(m);
			w->alive0[wi] = m[63];
			for (int x = 0; x < win; x++) {
				w->rows[(size_t)x * words + wi] = m[x];
				w->rows[(size_t)(32 + x) * words + wi] = m[32 + x];
			}
		}
	return 0;
}

/* The kill vector of every bottom square on the columns bcols, words b0 ..
 * b0 + len - 1 (whole blocks): the tops on its two lines, at dst + (local
 * row * n + column) * stride. */
static ALWAYS_INLINE void squares_kill(struct work *w, const struct geom *g,
                                       uint32_t bcols, size_t b0, size_t len,
                                       uint64_t *dst, size_t stride)
{
	const struct shared *sh = w->sh;
	const int n = g->n, rb = n - g->h;
	const size_t words = g->words;
	for (int i = 0; i < g->h; i++) {
		const int r = rb + i;
		for (uint32_t cc = bcols; cc; cc &= cc - 1) {
			int c = __builtin_ctz(cc);
			int ai = r + c - sh->wlo, di = r - c + n - 1 - sh->wlo;
			const uint64_t *ra = ai >= 0 && ai < sh->win
			                             ? w->rows + (size_t)ai * words + b0
			                             : w->zero;
			const uint64_t *rd =
			        di >= 0 && di < sh->win
			                ? w->rows + (size_t)(32 + di) * words + b0
			                : w->zero;
			words_or2(dst + ((size_t)i * n + c) * stride, ra, rd, len);
		}
	}
}

/*
 * Points base[] at the kill vectors of column 0 (south-west quadrant) or
 * column n - 1 (south-east) on the local rows rows[0 .. nr - 1], in the order
 * of the table's entries, which list the queens from the table's first row,
 * the quadrant's last; returns the step from one column to the next (back
 * in the east, which is the table mirrored).
 */
static ALWAYS_INLINE ptrdiff_t bases_make(const struct work *w, const struct geom *g,
                                          const int rows[], int nr, bool east,
                                          const uint64_t *base[])
{
	for (int qi = 0; qi < nr; qi++)
		base[qi] = w->qk + ((size_t)rows[nr - 1 - qi] * (size_t)g->n +
		                    (east ? g->n - 1 : 0)) *
		                           g->words;
	return east ? -(ptrdiff_t)g->words : (ptrdiff_t)g->words;
}

/* The kill vector of the qi-th queen of the table's entry e. */
static ALWAYS_INLINE const uint64_t *queen_kill(const uint64_t *const base[],
                                                ptrdiff_t step, int qi, uint64_t e)
{
	return base[qi] + step * (ptrdiff_t)(e >> (4 * qi) & 15);
}

/* dst = the union of the kill vectors of a placement's nq queens (the
 * table's entry e), words off .. off + len - 1. */
static ALWAYS_INLINE void placement_union(const struct work *w,
                                          const uint64_t *const base[], ptrdiff_t step,
                                          int nq, uint64_t e, uint64_t *dst, size_t off,
                                          size_t len)
{
	words_or2(dst + off, (nq > 0 ? queen_kill(base, step, 0, e) : w->zero) + off,
	          (nq > 1 ? queen_kill(base, step, 1, e) : w->zero) + off, len);
	int i = 2;
	for (; i + 1 < nq; i += 2)
		words_or_2(dst + off, queen_kill(base, step, i, e) + off,
		           queen_kill(base, step, i + 1, e) + off, len);
	if (i < nq)
		words_or(dst + off, queen_kill(base, step, i, e) + off, len);
}

/* dst = the tops that a placement's nq queens leave alive, words off ..
 * off + len - 1. */
static ALWAYS_INLINE void placement_spare(const struct work *w,
                                          const uint64_t *const base[], ptrdiff_t step,
                                          int nq, uint64_t e, uint64_t *dst, size_t off,
                                          size_t len)
{
	words_andnot3(dst + off, w->alive0 + off,
	              (nq > 0 ? queen_kill(base, step, 0, e) : w->zero) + off,
	              (nq > 1 ? queen_kill(base, step, 1, e) : w->zero) + off, len);
	int i = 2;
	for (; i + 1 < nq; i += 2)
		words_andnot_2(dst + off, queen_kill(base, step, i, e) + off,
		               queen_kill(base, step, i + 1, e) + off, len);
	if (i < nq)
		words_andnot(dst + off, queen_kill(base, step, i, e) + off, len);
}

/* The segments of g that a placement with crossing word x can join: those
 * with no line that all their tops hold and x holds too. */
static ALWAYS_INLINE uint64_t segs_open(const struct geom *g, uint64_t x)
{
	uint64_t shut = 0;
	for (uint64_t b = x & g->anylines; b; b &= b - 1)
		shut |= g->seglines[__builtin_ctzll(b)];
	return ~shut & (((uint64_t)1 << g->nseg) - 1);
}

/* Takes the first run of consecutive segments out of the set *e (not
 * empty): the words lo .. hi - 1. */
static ALWAYS_INLINE void segs_run(const struct geom *g, uint64_t *e, size_t *lo,
                                   size_t *hi)
{
	int s, len; /* nseg < 64: a zero follows every run */
	run_take(e, &s, &len);
	*lo = g->segw[s];
	*hi = g->segw[s + len];
}

/*
 * bottoms_count for odd n when the sieve is grouped: each placement skips
 * the segments of tops that hold one of its lines, for its kill vector,
 * for its survivors and for each pair.
 */
static ALWAYS_INLINE uint64_t bottoms_grouped(enum isa isa, struct work *w,
                                              const struct geom *g, const int rows1[],
                                              int nr1, const int rows2[], int nr2,
                                              struct span x, struct span y, uint64_t cw)
{
	const size_t words = g->words;
	const uint64_t *base1[HALVES_MAX_H], *base2[HALVES_MAX_H];
	const ptrdiff_t step1 = bases_make(w, g, rows1, nr1, false, base1);
	const ptrdiff_t step2 = bases_make(w, g, rows2, nr2, true, base2);
	for (size_t j = 0; j < y.len; j++) {
		const uint64_t yx = w->ordx[j] = span_test(y, j);
		uint64_t e = w->elig[j] = segs_open(g, yx);
		while (e) {
			size_t lo, hi;
			segs_run(g, &e, &lo, &hi);
			placement_union(w, base2, step2, nr2, y.e[j], w->kv + j * words,
			                lo, hi - lo);
		}
		w->order[j] = (uint32_t)j;
	}
	uint64_t sum0 = 0, sumc = 0;
	for (size_t i = 0; i < x.len; i++) {
		const uint64_t cx = span_test(x, i), ex = segs_open(g, cx);
		if (!ex)
			continue;
		const size_t nj = partners_keep(isa, cx, w->ordx, w->order, y.len, w->jl);
		if (!nj)
			continue;
		uint64_t *al = w->alive;
		for (uint64_t e = ex; e;) {
			size_t lo, hi;
			segs_run(g, &e, &lo, &hi);
			placement_spare(w, base1, step1, nr1, x.e[i], al, lo, hi - lo);
		}
		sum0 += popcount_andnot_segs(isa, al, w->kv, words, w->jl, nj, w->elig,
		                             ex & g->segs0, g->segw);
		if (ex & ~g->segs0)
			sumc += popcount_andnot_segs(isa, al, w->kv, words, w->jl, nj,
			                             w->elig, ex & ~g->segs0, g->segw);
	}
	return ODD_WEIGHT * sum0 + cw * sumc;
}

/* Makes room for `need` elements of `size` bytes at *p; -1 when out of memory. */
static int buffer_grow(void **p, size_t *cap, size_t need, size_t size, size_t *bytes)
{
	if (need <= *cap)
		return 0;
	const size_t c = need + need / 2 + 64;
	void *q = realloc(*p, c * size);
	if (!q)
		return -1;
	*bytes += (c - *cap) * size;
	*p = q;
	*cap = c;
	return 0;
}

#ifdef HALVES_DISPATCH
/*
 * Plans one split of the bottom rows for the blocked join (units_blocked):
 * the squares of its south-east placements' queens, by class, and its
 * south-west placements with their partners, found once for all the
 * blocks.  -1 when out of memory.
 */
__attribute__((target("avx512f,avx512vl"))) static inline int
split_plan(struct work *w, const struct geom *g, uint32_t r, uint32_t rest, struct span x,
           struct span y)
{
	int rows1[HALVES_MAX_H], rows2[HALVES_MAX_H];
	const int nr1 = rows_list(r, rows1), nr2 = rows_list(rest, rows2);
	/* The square of the qi-th queen of a table entry e: base[qi] plus
	 * its column (back from column n - 1 in the east), as bases_make
	 * points at its kill vector, without a division. */
	int sq1[HALVES_MAX_H], sq2[HALVES_MAX_H];
	for (int qi = 0; qi < nr1; qi++)
		sq1[qi] = rows1[nr1 - 1 - qi] * g->n;
	for (int qi = 0; qi < nr2; qi++)
		sq2[qi] = rows2[nr2 - 1 - qi] * g->n + g->n - 1;
	struct splitplan *pl;
	if (buffer_grow((void **)&w->plans, &w->plancap, w->nplans + 1, sizeof *w->plans,
	                &w->bytes) ||
	    buffer_grow((void **)&w->sq2, &w->sq2cap, (w->nsq2 + y.len) * HALVES_MAX_H,
	                sizeof *w->sq2, &w->bytes) ||
	    buffer_grow((void **)&w->selines, &w->selcap, w->nsq2 + y.len,
	                sizeof *w->selines, &w->bytes) ||
	    buffer_grow((void **)&w->swp, &w->swpcap, w->nswp + x.len, sizeof *w->swp,
	                &w->bytes))
		return -1;
	pl = &w->plans[w->nplans];
	uint32_t *order = w->order;
	uint64_t *ordx = w->ordx;
	size_t n0 = 0;
	for (size_t j = 0; j < y.len; j++)
		n0 += !(y.x[j] >> CLASS_SHIFT);
	*pl = (struct splitplan){(uint32_t)w->nsq2,
	                         (uint32_t)y.len,
	                         (uint32_t)n0,
	                         (uint32_t)w->nswp,
	                         0,
	                         nr1,
	                         nr2};
	/* The south-east placements by class, as bottoms_count lists them. */
	for (size_t j = 0, a = 0, b = n0; j < y.len; j++) {
		const bool c2 = y.x[j] >> CLASS_SHIFT;
		const size_t t = c2 ? b++ : a++;
		uint8_t *sq = w->sq2 + (w->nsq2 + t) * HALVES_MAX_H;
		order[t] = (uint32_t)t;
		ordx[t] = span_test(y, j);
		for (int q = 0; q < nr2; q++)
			sq[q] = (uint8_t)(sq2[q] - (int)(y.e[j] >> (4 * q) & 15));
		/* Its lines, for the blocks whose tops hold some in common. */
		if (g->held) {
			uint64_t lines = 0;
			for (int q = 0; q < nr2; q++)
				lines |= w->sh->bsq[sq[q]];
			w->selines[w->nsq2 + t] = lines;
		}
	}
	const size_t w0 = g->w0;
	for (size_t i = 0; i < x.len; i++) {
		const uint64_t cx = span_test(x, i);
		const bool c1 = cx >> CLASS_SHIFT;
		if (c1 && !w0)
			continue;
		if (buffer_grow((void **)&w->plist, &w->pcap, w->np + y.len + 8,
		                sizeof *w->plist, &w->bytes))
			return -1;
		const size_t nj0 =
		        partners_keep(ISA_AVX512, cx, ordx, order, n0, w->plist + w->np);
		const size_t nj1 = partners_keep(ISA_AVX512, cx, ordx + n0, order + n0,
		                                 y.len - n0, w->plist + w->np + nj0);
		if (!nj0 && !nj1)
			continue;
		struct swp *sp = &w->swp[w->nswp + pl->nsw++];
		*sp = (struct swp){.p = (uint32_t)w->np,
		                   .n0 = (uint32_t)nj0,
		                   .n1 = (uint32_t)nj1,
		                   .c1 = c1};
		for (int q = 0; q < nr1; q++)
			sp->q[q] = (uint8_t)(sq1[q] + (int)(x.e[i] >> (4 * q) & 15));
		for (int q = 0; g->held && q < nr1; q++)
			sp->lines |= w->sh->bsq[sp->q[q]];
		w->np += nj0 + nj1;
	}
	w->nsq2 += y.len;
	w->nswp += pl->nsw;
	w->nplans += pl->nsw > 0;
	return 0;
}

/*
 * One block of the blocked join with AVX-512, one split: nv vectors of the
 * sieve from word b0 (the last vector's words under `last`), whose squares'
 * kill vectors are in w->qkb, and whose tops all hold the lines `common`.
 * The kill vectors of the first nse south-east placements are worked out
 * into w->kvb, but for those on a common line, which kill every top; then
 * each south-west placement off the common lines has its survivors, in nv
 * registers, meet each such partner's there, and the counts go to acc[0] or
 * acc[1] as `to` says: to[0] for the partners of class 0, to[1] and to[2]
 * for those of class 1 of a placement of class 0 and 1 (-1: not counted).
 * A placement of class 1 is passed over when `c1` is false.
 */
__attribute__((target("avx512f,avx512vl,avx512vpopcntdq"))) static ALWAYS_INLINE void
block_avx512(const int nv, const bool shut, const struct work *w,
             const struct splitplan *pl, size_t b0, __mmask8 last, uint64_t common,
             size_t nse, bool c1, const int to[3], __m512i acc[2])
{
	const uint64_t *qkb = w->qkb;
	const int nr1 = pl->nr1, nr2 = pl->nr2;
	for (size_t t = 0; t < nse; t++) {
		const uint8_t *o = w->sq2 + (pl->se + t) * HALVES_MAX_H;
		if (shut) {
			w->dead[t] = (w->selines[pl->se + t] & common) != 0;
			if (w->dead[t])
				continue;
		}
		__m512i v[BLK_VECS];
		_Pragma("GCC unroll 8") for (int k = 0; k < nv; k++) v[k] =
		        _mm512_setzero_si512();
		for (int q = 0; q < nr2; q++)
			_Pragma("GCC unroll 8") for (int k = 0; k < nv; k++) v[k] =
			        _mm512_or_si512(
			                v[k], _mm512_load_si512(qkb + (size_t)o[q] * BLK +
			                                        8 * k));
		_Pragma("GCC unroll 8") for (int k = 0; k < nv; k++)
		        _mm512_store_si512(w->kvb + t * BLK + 8 * k, v[k]);
	}
	for (size_t i = 0; i < pl->nsw; i++) {
		const struct swp *sp = &w->swp[pl->sw + i];
		if ((sp->c1 && !c1) || (shut && (sp->lines & common)))
			continue;
		__m512i a[BLK_VECS];
		_Pragma("GCC unroll 8") for (int k = 0; k < nv; k++) a[k] =
		        _mm512_maskz_loadu_epi64(k == nv - 1 ? last : 0xff,
		                                 w->alive0 + b0 + 8 * k);
		for (int q = 0; q < nr1; q++)
			_Pragma("GCC unroll 8") for (int k = 0; k < nv; k++) a[k] =
			        _mm512_andnot_si512(
			                _mm512_load_si512(qkb + (size_t)sp->q[q] * BLK +
			                                  8 * k),
			                a[k]);
		const uint32_t *pp = w->plist + sp->p;
		for (int l = 0; l < 2; l++) {
			const int into = l ? to[1 + sp->c1] : to[0];
			size_t np = l ? sp->n1 : sp->n0;
			const uint32_t *open = pp;
			pp += np;
			if (into < 0)
				continue;
			if (shut) {
				size_t no = 0;
				for (size_t t = 0; t < np; t++) {
					w->open[no] = open[t];
					no += !w->dead[open[t]];
				}
				open = w->open;
				np = no;
			}
			if (!np)
				continue;
			__m512i sum = _mm512_setzero_si512();
			for (size_t t = 0; t < np; t++) {
				const uint64_t *b = w->kvb + (size_t)open[t] * BLK;
				_Pragma("GCC unroll 8") for (int k = 0; k < nv; k++) sum =
				        _mm512_add_epi64(
				                sum,
				                _mm512_popcnt_epi64(_mm512_andnot_si512(
				                        _mm512_load_si512(b + 8 * k),
				                        a[k])));
			}
			acc[into] = _mm512_add_epi64(acc[into], sum);
		}
	}
}

/* block_avx512 for a block of nv vectors, each size its own code. */
__attribute__((target("avx512f,avx512vl,avx512vpopcntdq"))) static inline void
block_any_avx512(int nv, const struct work *w, const struct splitplan *pl, size_t b0,
                 __mmask8 last, uint64_t common, size_t nse, bool c1, const int to[3],
                 __m512i acc[2])
{
	switch (nv) {
#define BLOCK_CASE(k)                                                                    \
	case k:                                                                          \
		if (common)                                                              \
			block_avx512(k, true, w, pl, b0, last, common, nse, c1, to,      \
			             acc);                                               \
		else                                                                     \
			block_avx512(k, false, w, pl, b0, last, 0, nse, c1, to, acc);    \
		break;
		BLOCK_CASE(1)
		BLOCK_CASE(2)
		BLOCK_CASE(3)
		BLOCK_CASE(4)
		BLOCK_CASE(5)
		BLOCK_CASE(6)
		BLOCK_CASE(7)
		BLOCK_CASE(8)
#undef BLOCK_CASE
	}
}

/*
 * The bottoms of a unit joined to the sieve of g with AVX-512, a block of
 * the sieve at a time for all the splits of the bottom rows: the block of
 * every square's kill vector stays in the cache while all the splits are
 * joined to it, and a split's south-east kill vectors for the block in the
 * first level, a south-west placement's survivors in registers.  The
 * splits are planned once (split_plan).  Weighted as bottoms_count says.
 */
__attribute__((target("avx512f,avx512vl,avx512vpopcntdq"))) static inline uint64_t
units_blocked(struct work *w, const struct geom *g, uint32_t bcols, uint64_t cw)
{
	const size_t words = g->words, w0 = g->w0, w01 = g->w01;
	/* The regions of the sieve that the weights tell apart: for even n
	 * the tops of class 0 (all the bottoms), 1 and 2 (only the bottoms of
	 * class 0, counted 2 and 4 times); for odd n those with the middle
	 * queens placed apart (8 times) and through the centre (cw times). */
	static const int even_to[3][3] = {{0, 0, 1}, {0, -1, -1}, {1, -1, -1}};
	static const int odd_to[2][3] = {{0, -1, -1}, {1, -1, -1}};
	const size_t lo[3] = {0, w0, w01}, hi[3] = {w0, g->odd ? words : w01, words};
	__m512i acc[2] = {_mm512_setzero_si512(), _mm512_setzero_si512()};
	for (int r = 0; r < (g->odd ? 2 : 3); r++)
		for (size_t b0 = lo[r]; b0 < hi[r]; b0 += BLK) {
			const size_t len = hi[r] - b0 < BLK ? hi[r] - b0 : BLK;
			const int nv = (int)((len + 7) / 8);
			const __mmask8 last =
			        len % 8 ? (__mmask8)((1u << (len % 8)) - 1) : 0xff;
			squares_kill(w, g, bcols, b0, 8 * (size_t)nv, w->qkb, BLK);
			uint64_t common = g->held ? LINES_MASK : 0;
			for (size_t i = b0; g->held && i < b0 + len; i++)
				common &= w->common[i];
			for (size_t p = 0; p < w->nplans; p++) {
				/* Past the tops of class 0 for even n, only the
				 * bottoms of class 0. */
				const struct splitplan *pl = &w->plans[p];
				block_any_avx512(nv, w, pl, b0, last, common,
				                 g->odd || !r ? pl->nse : pl->n0,
				                 g->odd || !r,
				                 g->odd ? odd_to[r] : even_to[r], acc);
			}
		}
	const uint64_t a = (uint64_t)_mm512_reduce_add_epi64(acc[0]),
	               b = (uint64_t)_mm512_reduce_add_epi64(acc[1]);
	return g->odd ? ODD_WEIGHT * a + cw * b : 2 * a + 4 * b;
}
#endif

/*
 * Counts the bottoms of one split of the bottom rows, the south-west
 * placements x (local rows r) against the south-east ones y (rows rest),
 * through the sieve, weighted by class: for odd n ODD_WEIGHT for the tops of
 * class 0 and cw for the centre's; for even n as the long diagonals say.
 */
static ALWAYS_INLINE uint64_t bottoms_count(enum isa isa, struct work *w,
                                            const struct geom *g, uint32_t r,
                                            uint32_t rest, struct span x, struct span y,
                                            uint64_t cw)
{
	const size_t words = g->words, w0 = g->w0, w01 = g->w01;
	const uint64_t *base1[HALVES_MAX_H], *base2[HALVES_MAX_H];
	int rows1[HALVES_MAX_H], rows2[HALVES_MAX_H];
	const int nr1 = rows_list(r, rows1), nr2 = rows_list(rest, rows2);
	if (g->grouped)
		return bottoms_grouped(isa, w, g, rows1, nr1, rows2, nr2, x, y, cw);
	const ptrdiff_t step1 = bases_make(w, g, rows1, nr1, false, base1);
	const ptrdiff_t step2 = bases_make(w, g, rows2, nr2, true, base2);
	uint64_t sum = 0;

	/* Each south-east placement's kill vector, and its crossing word and
	 * index listed by class: one with a queen on a long diagonal only ever
	 * meets the tops of class 0. */
	uint32_t *order = w->order;
	uint64_t *ordx = w->ordx;
	size_t n0 = 0;
	for (size_t j = 0; j < y.len; j++)
		n0 += !(y.x[j] >> CLASS_SHIFT);
	for (size_t j = 0, a = 0, b = n0; j < y.len; j++) {
		const bool c2 = y.x[j] >> CLASS_SHIFT;
		const size_t t = c2 ? b++ : a++;
		order[t] = (uint32_t)j;
		ordx[t] = span_test(y, j);
		placement_union(w, base2, step2, nr2, y.e[j], w->kv + j * words, 0,
		                c2 ? w0 : words);
	}
	for (size_t i = 0; i < x.len; i++) {
		const uint64_t cx = span_test(x, i);
		const bool c1 = cx >> CLASS_SHIFT;
		const size_t len = c1 ? w0 : words;
		if (!len)
			continue;
		/* The compatible partners, those of class 0 first. */
		const size_t nj0 = partners_keep(isa, cx, ordx, order, n0, w->jl);
		const size_t nj = nj0 + partners_keep(isa, cx, ordx + n0, order + n0,
		                                      y.len - n0, w->jl + nj0);
		if (!nj)
			continue;
		uint64_t *al = w->alive;
		placement_spare(w, base1, step1, nr1, x.e[i], al, 0, len);
		const uint64_t *kv = w->kv;
		if (g->odd) {
			sum += ODD_WEIGHT *
			       popcount_andnot_many(isa, al, kv, w->jl, nj, words, w0);
			if (w0 < words)
				sum += cw * popcount_andnot_many(isa, al + w0, kv + w0,
				                                 w->jl, nj, words,
				                                 words - w0);
			continue;
		}
		/* Even n: the tops of class 0 count 2 for each long-diagonal
		 * queen of the bottom; a bottom with none counts every top, 2 or
		 * 4 as the top's long-diagonal queens say. */
		const uint32_t *jl1 = w->jl + nj0;
		const size_t nj1 = nj - nj0;
		if (c1) {
			sum += 2 *
			       popcount_andnot_many(isa, al, kv, w->jl, nj0, words, w0);
			sum += 4 * popcount_andnot_many(isa, al, kv, jl1, nj1, words, w0);
			continue;
		}
		sum += 2 * popcount_andnot_many(isa, al, kv, w->jl, nj0, words, w01);
		if (w01 < words)
			sum += 4 * popcount_andnot_many(isa, al + w01, kv + w01, w->jl,
			                                nj0, words, words - w01);
		sum += 2 * popcount_andnot_many(isa, al, kv, jl1, nj1, words, w0);
	}
	return sum;
}

/*
 * Counts unit u: for even n the solutions whose top half uses the columns
 * u->cols, with the long-diagonal weighting (those with the diagonal-free
 * tops plus, turned upside down, those with the diagonal-free bottoms, as
 * explained at the top), times the unit's weight; for odd n the solutions
 * whose bottom half uses the columns u->cols, weighted by class.  On
 * running out of memory it sets w->err and returns 0.
 */
static ALWAYS_INLINE uint64_t unit_count(enum isa isa, int parity, struct work *w,
                                         const struct unit *u)
{
	const struct shared *sh = w->sh;
	/* parity: 0 or 1 for a kernel built for even or odd n alone, -1 for
	 * one that asks. */
	const bool odd = parity < 0 ? sh->odd : parity == 1;
	struct geom g = {.n = sh->n, .h = sh->h, .odd = odd};
	const int h = g.h, east = g.n - h; /* the first column of the east */
	const uint32_t hmask = (1u << h) - 1, full = (1u << g.n) - 1;
	const uint32_t bcols = odd ? u->cols : full & ~u->cols;
	const uint32_t bw = bcols & hmask, be = bcols >> east & hmask;
	const int ba = __builtin_popcount(bw);

	size_t k = tops_list(isa, w, u, bcols, odd);
	if (k == (size_t)-1 || (k && (lists_make(w, 2, bw) || lists_make(w, 3, be)))) {
		w->err = ENOMEM;
		return 0;
	}
	if (g.odd)
		segments_plan(w, &g);
	/* The tops a chunk at a time when there are more than the memory
	 * budget sieves at once: the bottoms are joined to each chunk. */
	uint64_t sum = 0;
	size_t passes = 0;
	/* How many of the bottom's squares stand on each line, for
	 * tops_order. */
	size_t hit[64] = {0};
	if (isa == ISA_AVX512 && w->qkb)
		for (int i = 0; i < h; i++)
			for (uint32_t cc = bcols; cc; cc &= cc - 1)
				for (uint64_t b = sh->bsq[i * g.n + __builtin_ctz(cc)]; b;
				     b &= b - 1)
					hit[__builtin_ctzll(b)]++;
	for (size_t at = 0; at < k; at += sh->chunk, passes++) {
		size_t m = k - at < sh->chunk ? k - at : sh->chunk;
		/* A block at a time with AVX-512, unless told never: even n's
		 * long sieves and all of odd n's, the tops in tops_order's
		 * order where there are many. */
		const enum halves_blocked how = sh->blocked;
		const bool blockable =
		        isa == ISA_AVX512 && w->qkb && how != HALVES_BLOCKED_NEVER;
		const bool order =
		        blockable && (how == HALVES_BLOCKED_ALWAYS ||
		                      m >= 64 * (g.odd ? ORDER_MIN_ODD : ORDER_MIN));
		if (sieve_build(isa, w, &g, at, m, order ? hit : NULL, blockable)) {
			w->err = ENOMEM;
			return 0;
		}
		/* Odd n a block at a time on sieves of every size (measured
		 * against the grouped join, one thread: n = 17 as fast, an
		 * eighth of n = 19 1.2 times faster, a slice of n = 21 1.25
		 * times, 1.5 times with the sort above). */
		const bool blocked = blockable && (how == HALVES_BLOCKED_ALWAYS ||
		                                   g.odd || g.words >= BLOCKED_MIN);
		if (!blocked)
			squares_kill(w, &g, bcols, 0, g.words, w->qk, g.words);
		w->nplans = w->nsq2 = w->nswp = w->np = 0;
		if (blocked)
			splits_prefetch(sh, w, hmask, ba);
		for (uint32_t r = hmask;; r = (r - 1) & hmask) {
			if (__builtin_popcount(r) == ba) {
				const uint32_t rest = hmask & ~r;
				const struct span x = list_at(sh, &w->l[2], r);
				const struct span y = list_at(sh, &w->l[3], rest);
				if (x.len && y.len && !blocked)
					sum += bottoms_count(isa, w, &g, r, rest, x, y,
					                     u->weight);
#ifdef HALVES_DISPATCH
				if (x.len && y.len && blocked &&
				    split_plan(w, &g, r, rest, x, y)) {
					w->err = ENOMEM;
					return 0;
				}
#endif
			}
			if (!r)
				break;
		}
#ifdef HALVES_DISPATCH
		if (blocked)
			sum += units_blocked(w, &g, bcols, u->weight);
#endif
	}
	if (passes > 1 && sh->stats)
		atomic_fetch_add(&sh->stats->extra_passes, passes - 1);
	return odd ? sum : sum * u->weight;
}

/* The same join built for the instruction sets worth having. */
static uint64_t unit_generic(struct work *w, const struct unit *u)
{
	return unit_count(ISA_GENERIC, -1, w, u);
}

#ifdef HALVES_DISPATCH
__attribute__((target("popcnt"))) static uint64_t unit_popcnt(struct work *w,
                                                              const struct unit *u)
{
	return unit_count(ISA_GENERIC, -1, w, u);
}

__attribute__((target("avx2,popcnt,bmi,bmi2"))) static uint64_t
unit_avx2(struct work *w, const struct unit *u)
{
	return unit_count(ISA_AVX2, -1, w, u);
}

/* AVX-512 built twice, for even and odd n, so that each keeps only its own
 * code (measured: n = 18 4% slower with both in one). */
__attribute__((target("avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512vbmi,gfni,avx2,"
                      "popcnt,bmi,bmi2"))) static uint64_t
unit_avx512(struct work *w, const struct unit *u)
{
	return unit_count(ISA_AVX512, 0, w, u);
}

__attribute__((target("avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512vbmi,gfni,avx2,"
                      "popcnt,bmi,bmi2"))) static uint64_t
unit_avx512_odd(struct work *w, const struct unit *u)
{
	return unit_count(ISA_AVX512, 1, w, u);
}
#endif

/* The fastest join this processor runs, or the one NQUEENS_HALVES_KERNEL
 * names if it runs that one, for odd n or even. */
static unit_fn kernel_pick(const char **name, bool odd)
{
	static const struct {
		const char *name;
		unit_fn fn, fn_odd;
	} kernels[] = {
#ifdef HALVES_DISPATCH
	        {"avx512", unit_avx512, unit_avx512_odd},
	        {"avx2", unit_avx2, unit_avx2},
	        {"popcnt", unit_popcnt, unit_popcnt},
#endif
	        {"generic", unit_generic, unit_generic},
	};
	const size_t count = sizeof kernels / sizeof kernels[0];
	bool runs[sizeof kernels / sizeof kernels[0]];
	for (size_t i = 0; i < count; i++)
		runs[i] = true;
#ifdef HALVES_DISPATCH
	__builtin_cpu_init();
	runs[0] = __builtin_cpu_supports("avx512vpopcntdq") &&
	          __builtin_cpu_supports("avx512bw") &&
	          __builtin_cpu_supports("avx512vbmi") &&
	          __builtin_cpu_supports("gfni") && __builtin_cpu_supports("avx512vl") &&
	          __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") &&
	          __builtin_cpu_supports("bmi2");
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
	return odd ? kernels[pick].fn_odd : kernels[pick].fn;
}

const char *halves_kernel(void)
{
	const char *name;
	kernel_pick(&name, false);
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

/* The slices of the units each part takes (--tasks): a part takes several
 * slices far apart, which keeps the parts about even. */
#define PART_SLICES 4

/*
 * Lists the units: every set of h columns (for even n the top's, reduced by
 * the mirror and the upside-down turn; for odd n the bottom's, of the
 * columns but the middle one, all of them).  With the symmetries of the
 * units (the mirror and the upside-down turn map each to one of as many
 * solutions), a unit's weight is how many it stands for: for even n halved
 * by the diagonal weighting, which counts C and its complement at once;
 * for odd n the weight of its centre class, whose solutions are fixed by
 * the symmetries that choose the middle queens.  -1 when out of memory.
 */
static int units_build(struct shared *sh, int nparts, int part)
{
	const int n = sh->n, h = sh->h;
	const uint32_t full = (1u << n) - 1;
	const uint32_t all = sh->odd ? full & ~(1u << h) : full;
	size_t cap = 1024, len = 0;
	struct unit *u = malloc(cap * sizeof *u);
	if (!u)
		return -1;
	for (uint32_t c = all;; c = (c - 1) & all) {
		if (__builtin_popcount(c) != h)
			goto next;
		uint32_t m = mirror(n, c), o = all & ~c, mo = mirror(n, o);
		bool least = c <= m && c <= o && c <= mo;
		uint32_t size = 1 + (m != c) + (o != c && o != m) +
		                (mo != c && mo != m && mo != o);
		if (!sh->odd && !least)
			goto next;
		if (len == cap) {
			struct unit *v = realloc(u, 2 * cap * sizeof *u);
			if (!v) {
				free(u);
				return -1;
			}
			u = v;
			cap *= 2;
		}
		u[len++] = (struct unit){c, sh->odd ? (least ? size : 0) : size / 2};
	next:
		if (!c)
			break;
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
	const struct count_pieces *pc = sh->pieces;
	for (;;) {
		const size_t p = atomic_fetch_add(&sh->next, 1);
		if (p >= sh->npieces)
			break;
		const size_t i0 = p * sh->piece, i1 = i0 + sh->piece < sh->nunits
		                                              ? i0 + sh->piece
		                                              : sh->nunits;
		if (sh->cancel && atomic_load_explicit(sh->cancel, memory_order_relaxed))
			w->err = ECANCELED;
		/* A piece finished before (a journal's) is not counted again. */
		struct count_result part = {0, 0};
		const bool known = pc && !w->err && pc->done(pc->ctx, p, &part);
		for (size_t i = i0; i < i1 && !known && !w->err; i++)
			part.total += sh->run(w, &sh->units[i]);
		if (!w->err)
			w->sum += part.total;
		const size_t done = atomic_fetch_add(&sh->done, i1 - i0) + (i1 - i0);
		/* The lock only when there is news: an error, a piece for the
		 * journal, or another thousandth done. */
		const bool step = done * 1000 / sh->nunits !=
		                  (done - (i1 - i0)) * 1000 / sh->nunits;
		const bool record = pc && !known && !w->err;
		if (!w->err && !record && !(sh->progress && step))
			continue;
		pthread_mutex_lock(&sh->lock);
		if (record && !sh->err)
			w->err = pc->finished(pc->ctx, p, &part);
		if (w->err && !sh->err)
			sh->err = w->err;
		if (sh->err)
			atomic_store(&sh->next, sh->npieces);
		else if (sh->progress && done > sh->reported) {
			sh->reported = done;
			sh->progress(sh->ctx, (double)done / (double)sh->nunits);
		}
		pthread_mutex_unlock(&sh->lock);
	}
	return NULL;
}

static void shared_free(struct shared *sh)
{
	if (!sh->mapped_x)
		full_free(&sh->full);
	if (!sh->mapped_t)
		table_free(&sh->t);
	table_cache_close(&sh->cache);
	free(sh->units);
}

/* The placements of the north-west table for h = 1 .. HALVES_MAX_H, as
 * table_count counts them: what the budget is checked against before the
 * table is made. */
static const size_t table_sizes[HALVES_MAX_H + 1] = {
        1, 2, 5, 18, 87, 462, 2635, 16870, 118969, 915442, 7535369, 66807234};

/* What table_maxima finds in the table for each h, the largest list of one
 * key and the most placements of one set of columns: so that the floor
 * asked before a count (a task of a split asks it too) need not count the
 * table, 0.3 s at n = 22 when the count maps it from its cache. */
static const uint32_t table_maxlist[HALVES_MAX_H + 1] = {1,  1,  1,  2,   2,   10,
                                                         10, 40, 92, 352, 946, 3571};
static const uint32_t table_maxcols[HALVES_MAX_H + 1] = {
        1, 1, 2, 4, 10, 26, 92, 296, 1174, 5366, 26548, 143140};

/* What a count takes besides the tops it sieves, and what each top costs. */
struct budget {
	size_t fixed, per_thread, per_top;
};

static struct budget budget_of(int n, size_t maxlist, size_t maxcols, bool blocked)
{
	const int h = n / 2;
	size_t nkeys = (size_t)1 << (2 * h);
	struct budget b;
	/* The table, its offsets and, while it is filled, a copy of them. */
	b.fixed = table_sizes[h] * 8 + (2 * nkeys + 1) * 4 + ((size_t)1 << 20);
	/* Four quadrants' lists (a crossing word and columns a placement),
	 * grown by half; the partners, their order and crossing words, and a list
	 * of crossings. */
	b.per_thread = sizeof(struct work) + 4 * maxcols * 16 * 3 / 2 + maxlist * 32 + 32;
	/* The blocked join's, where it may work: a block of the squares' and of
	 * a split's kill vectors, which of a split's are shut and open, and the
	 * plans of a unit's splits (a bottom quadrant's placements, each with
	 * its queens' squares and lines or partners), grown by half. */
	if (blocked)
		b.per_thread +=
		        maxlist * (BLK * 8 + 5) + (size_t)h * (size_t)n * BLK * 8 +
		        maxcols * (HALVES_MAX_H + 8 + sizeof(struct swp) + 32) * 3 / 2;
	/* A top's bit in 64 sieve rows, h x n square kill vectors, four masks
	 * and a kill vector per south-east placement, grown by half; and the
	 * top itself, listed and sorted. */
	b.per_top = (64 + (size_t)h * (size_t)n + 4 + maxlist) * 3 / 2 / 8 + 16;
	return b;
}

/* The whole north-west quadrant: a crossing word a placement. */
static size_t full_size(int h)
{
	return table_sizes[h] * 8;
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

/* Whether the join on this processor may go a block at a time (odd n
 * on every sieve, even n on long ones). */
static bool blocked_here(void)
{
	const char *name;
	kernel_pick(&name, false);
	return strcmp(name, "avx512") == 0;
}

/* The table's offsets and entries: what a count that maps them from the
 * cache does not hold in memory of its own. */
static size_t table_bytes(int h)
{
	return table_sizes[h] * 8 + (((size_t)1 << (2 * h)) + 1) * 4;
}

size_t halves_memory_floor_of(int n, int threads, bool mapped)
{
	if (n < HALVES_MIN_N || n > HALVES_MAX_N || threads < 1)
		return 0;
	/* The lists' true sizes, as the table holds them for each h. */
	size_t maxlist = table_maxlist[n / 2], maxcols = table_maxcols[n / 2];
	struct budget b = budget_of(n, maxlist, maxcols, blocked_here());
	if (mapped)
		b.fixed -= table_bytes(n / 2);
	return b.fixed + (size_t)threads * (b.per_thread + CHUNK_MIN * b.per_top);
}

size_t halves_memory_floor(int n, int threads)
{
	return halves_memory_floor_of(n, threads, false);
}

size_t halves_memory_room(const struct memlimit *m, int threads)
{
	if (m->kind == MEMLIMIT_NONE)
		return SIZE_MAX;
	/* Each thread but the caller has a stack of its own. */
	size_t reserve = (size_t)(threads > 1 ? threads - 1 : 0) * ((size_t)8 << 20);
	size_t room = m->room > reserve ? m->room - reserve : 0;
	/* A quarter left for what the budget does not count (the program, the
	 * allocator's own, a cgroup's page cache). */
	return room / 4 * 3;
}

size_t halves_default_memory(int threads)
{
	struct memlimit m;
	memlimit_read(&m);
	/* Half of the physical memory: room for the rest of the machine. */
	size_t half = m.physical ? m.physical / 2 : (size_t)1 << 30;
	size_t room = halves_memory_room(&m, threads);
	return room < half ? room : half;
}

/*
 * The table just built written to the cache, and this count's copy given
 * up for the file's pages, which the next counts of n share; 0, or EACCES
 * when the cache was asked for strictly and could not be written.
 */
static int table_share(struct shared *sh)
{
	/* This count's own copies, held in locals across the call, which
	 * writes sh->cache only. */
	const struct table t = sh->t;
	uint64_t *const x = sh->use_full ? sh->full.x : NULL;
	if (!sh->cache.o || t.len != sh->cache.k.len)
		return 0;
	const int rc = table_cache_save(&sh->cache, t.start, t.e, x);
	sh->t = t;
	if (x)
		sh->full.x = x;
	if (rc) {
		if (!sh->cache.o->strict)
			return 0;
		shared_free(sh);
		return EACCES;
	}
	free(x);
	free(t.start);
	free(t.e);
	if (x) {
		sh->full = (struct full){(uint64_t *)sh->cache.x};
		sh->mapped_x = true;
	}
	sh->t = (struct table){(uint32_t *)sh->cache.start, (uint64_t *)sh->cache.e,
	                       sh->cache.k.len};
	sh->mapped_t = true;
	return 0;
}

/*
 * What every worker shares: the lines, the kernel, the tables, the chunk of
 * tops the memory leaves each thread, this part's units and, when they fit,
 * the whole quadrants; what they take is added to *used.  0, or an errno
 * value with sh freed as far as it was made.
 */
static int shared_setup(struct shared *sh, int threads, const struct halves_opts *opt,
                        size_t *used)
{
	const char *name;
	const int n = sh->n, h = sh->h;
	const size_t memory = opt->memory ? opt->memory : halves_default_memory(threads);

	/* The lines the two halves share, and for odd n those of the middle
	 * queens and of every line the quadrants of one half share. */
	sh->wlo = h;
	sh->win = sh->odd ? 2 * h + 1 : 2 * h - 1;
	sh->run = kernel_pick(&name, sh->odd);
	sq_init(sh);
	/* The table from the cache when a count of n wrote it, else built
	 * (and written for the next, while the others wait). */
	const struct table_cache_key key = {n, h, (uint64_t)1 << (2 * h), table_sizes[h]};
	const int cached = table_cache_open(&sh->cache, opt->cache, &key, true);
	if (cached < 0)
		return EACCES;
	if (cached) {
		sh->t = (struct table){(uint32_t *)sh->cache.start,
		                       (uint64_t *)sh->cache.e, key.len};
		sh->mapped_t = true;
	} else if (table_count(&sh->t, h)) {
		table_cache_close(&sh->cache);
		return ENOMEM;
	}
	table_maxima(&sh->t, h, &sh->maxlist, &sh->maxcols);
	/* The blocked join's buffers are budgeted as by size, so that
	 * halves_memory_floor holds in every mode. */
	struct budget b = budget_of(n, sh->maxlist, sh->maxcols, blocked_here());
	/* A table mapped from the cache is the page cache's, shared by the
	 * counts of n and dropped and read again under pressure: not held in
	 * this count's budget, nor are the lines of the whole quadrant there. */
	if (cached)
		b.fixed -= table_bytes(h);
	size_t base = b.fixed + (size_t)threads * b.per_thread;
	/* Whole quadrants when they leave room for large chunks of tops. */
	const size_t full = cached && sh->cache.x ? 0 : full_size(h);
	sh->use_full =
	        memory >= base + full + (size_t)threads * 64 * CHUNK_MIN * b.per_top;
	if (sh->use_full)
		base += full;
	if (memory < base + (size_t)threads * CHUNK_MIN * b.per_top) {
		shared_free(sh);
		return ENOMEM;
	}
	sh->chunk = (memory - base) / ((size_t)threads * b.per_top) / (64 * BLOCK) *
	            (64 * BLOCK);
	if (opt->stats) {
		opt->stats->chunk = sh->chunk;
		opt->stats->budget = memory;
	}
	if ((!cached && table_fill(&sh->t, h)) ||
	    units_build(sh, opt->nparts, opt->part)) {
		shared_free(sh);
		return ENOMEM;
	}
	*used += sh->t.len * sizeof *sh->t.e + (((size_t)1 << (2 * h)) + 1) * 4;
	if (sh->use_full) {
		if (cached && sh->cache.x) {
			sh->full = (struct full){(uint64_t *)sh->cache.x};
			sh->mapped_x = true;
		} else if (quadrants_build(sh)) {
			shared_free(sh);
			return ENOMEM;
		}
		*used += full;
	}
	return cached ? 0 : table_share(sh);
}

/*
 * Units by the handful, in pieces that depend on the units alone (a
 * journal remembers them): with a few thousand of them the end is still
 * even and the counters are seldom shared.  0, or the journal's errno value.
 */
static int pieces_plan(struct shared *sh, const struct count_pieces *pieces)
{
	sh->pieces = pieces;
	sh->piece = (sh->nunits + HALVES_PIECES - 1) / HALVES_PIECES;
	sh->piece = sh->piece ? sh->piece : 1;
	sh->npieces = (sh->nunits + sh->piece - 1) / sh->piece;
	return sh->pieces ? sh->pieces->begin(sh->pieces->ctx, sh->npieces) : 0;
}

/*
 * The workers and their buffers, sized by the longest list; NULL when there
 * is no room for the workers, ENOMEM in *err when there is none for a buffer
 * (work_free frees what was had).
 */
static struct work *workers_new(struct shared *sh, int threads, bool blocked, int *err)
{
	const int n = sh->n, h = sh->h;
	const size_t maxlist = sh->maxlist ? sh->maxlist : 1;
	struct work *w = calloc((size_t)threads, sizeof *w);

	for (int i = 0; w && i < threads; i++) {
		w[i].sh = sh;
		for (int j = 0; j < 4; j++)
			w[i].l[j].cset = UINT32_MAX;
		/* The partners are written eight at a time. */
		w[i].jl = malloc((maxlist + 8) * sizeof *w[i].jl);
		w[i].order = malloc(maxlist * sizeof *w[i].order);
		/* Both written eight at a time too, while tops are listed. */
		w[i].ordx = malloc((maxlist + 8) * sizeof *w[i].ordx);
		w[i].packed = malloc((maxlist + 8) * sizeof *w[i].packed);
		w[i].elig = malloc(maxlist * sizeof *w[i].elig);
		if (blocked) {
			w[i].kvb = aligned_grow(NULL, maxlist * BLK * sizeof *w[i].kvb);
			w[i].qkb = aligned_grow(NULL, (size_t)h * (size_t)n * BLK *
			                                      sizeof *w[i].qkb);
			w[i].dead = malloc(maxlist * sizeof *w[i].dead);
			w[i].open = malloc(maxlist * sizeof *w[i].open);
			if (!w[i].kvb || !w[i].qkb || !w[i].dead || !w[i].open)
				*err = ENOMEM;
		}
		if (!w[i].jl || !w[i].order || !w[i].ordx || !w[i].packed || !w[i].elig)
			*err = ENOMEM;
	}
	return w;
}

/*
 * Runs the workers (none when err, an errno value, is set already), the
 * calling thread as worker 0, then adds up their counts in *sum and their
 * memory in *used and frees their buffers.  0, or an errno value.
 */
static int workers_run(struct shared *sh, struct work *w, int threads, int err,
                       uint64_t *sum, size_t *used)
{
	int started = 1;

	if (sh->nunits == 0 && sh->progress)
		sh->progress(sh->ctx, 1.0);
	for (; !err && started < threads; started++)
		if ((err = pthread_create(&w[started].thread, NULL, work_run,
		                          &w[started])) != 0) {
			atomic_store(&sh->next, sh->npieces); /* stop the others soon */
			break; /* w[started] has no thread to join */
		}
	if (!err)
		work_run(&w[0]);
	*sum = 0;
	for (int i = 0; i < threads; i++) {
		if (i > 0 && i < started)
			pthread_join(w[i].thread, NULL);
		*sum += w[i].sum;
		*used += w[i].bytes + sizeof w[i];
		for (int j = 0; j < 4; j++)
			*used += w[i].l[j].cap * 2 * sizeof(uint64_t);
		work_free(&w[i]);
	}
	return err ? err : sh->err;
}

int halves_count(int n, int threads, const struct halves_opts *opt,
                 halves_progress_fn progress, void *ctx, const atomic_int *cancel,
                 uint64_t *total, size_t *bytes)
{
	struct halves_opts none = {
	        0,   1, 0, NULL, HALVES_SEGMENTS_BY_SIZE, NULL, HALVES_BLOCKED_BY_SIZE,
	        NULL};
	if (!opt)
		opt = &none;
	if (n < HALVES_MIN_N || n > HALVES_MAX_N || threads < 1 || !total ||
	    opt->nparts < 1 || opt->part < 0 || opt->part >= opt->nparts) {
		errno = EINVAL;
		return -1;
	}
	struct shared sh = {.n = n,
	                    .h = n / 2,
	                    .odd = n % 2 == 1,
	                    .progress = progress,
	                    .ctx = ctx,
	                    .cancel = cancel,
	                    .stats = opt->stats,
	                    .segments = opt->segments,
	                    .blocked = opt->blocked};
	const bool blocked = opt->blocked == HALVES_BLOCKED_ALWAYS ||
	                     (opt->blocked == HALVES_BLOCKED_BY_SIZE && blocked_here());
	struct work *w;
	size_t used = 0;
	uint64_t sum;
	int err = shared_setup(&sh, threads, opt, &used);

	if (err) {
		errno = err;
		return -1;
	}
	atomic_init(&sh.next, 0);
	atomic_init(&sh.done, 0);
	err = pieces_plan(&sh, opt->pieces);
	if (err) {
		shared_free(&sh);
		errno = err;
		return -1;
	}
	err = pthread_mutex_init(&sh.lock, NULL);
	w = err ? NULL : workers_new(&sh, threads, blocked, &err);
	if (!w) {
		if (!err)
			pthread_mutex_destroy(&sh.lock);
		shared_free(&sh);
		errno = err ? err : ENOMEM;
		return -1;
	}
	err = workers_run(&sh, w, threads, err, &sum, &used);
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
