/* Unit tests of the engine: counting, symmetry, classes, ranks, parsing, huge boards. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine/board.h"
#include "engine/catalog.h"
#include "engine/classes.h"
#include "engine/construct.h"
#include "engine/count.h"
#include "engine/halves.h"
#include "engine/enumerate.h"
#include "engine/known.h"
#include "engine/lines.h"
#include "engine/search.h"
#include "engine/symmetry.h"

/* OEIS A000170 (solutions) and A002562 (symmetry classes). */
static const uint64_t a000170[] = {
        0,   1,    0,     0,     2,      10,      4,        40,       92,        352,
        724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104, 666090624,
};
static const uint64_t a002562[] = {
        0,  1,   0,    0,    1,     2,      1,       6,        12,       46,
        92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939, 83263591,
};

/* Loads data/prefix-counts.tsv from $NQUEENS_DATADIR (or ../data). */
static void load_table(struct enum_table *t)
{
	const char *dir = getenv("NQUEENS_DATADIR");
	char path[4096], err[512];

	snprintf(path, sizeof path, "%s/prefix-counts.tsv", dir ? dir : "data");
	if (enum_table_load(t, path, err, sizeof err) != 0)
		fail_msg("cannot load the prefix table: %s", err);
}

static void test_count_totals(void **state)
{
	(void)state;
	for (int n = 1; n <= 15; n++) {
		struct count_result r;

		assert_int_equal(count_solutions(n, 0, NULL, NULL, NULL, &r), 0);
		assert_int_equal(r.total, a000170[n]);
		if (n <= 14)
			assert_int_equal(r.unique, a002562[n]);
	}
}

static void test_count_threads_agree(void **state)
{
	(void)state;
	for (int n = 8; n <= 13; n++) {
		struct count_result one, two, many;

		assert_int_equal(count_solutions(n, 1, NULL, NULL, NULL, &one), 0);
		assert_int_equal(count_solutions(n, 2, NULL, NULL, NULL, &two), 0);
		assert_int_equal(count_solutions(n, 7, NULL, NULL, NULL, &many), 0);
		assert_int_equal(one.total, two.total);
		assert_int_equal(one.total, many.total);
		assert_int_equal(one.unique, two.unique);
		assert_int_equal(one.unique, many.unique);
	}
}

/* The counter against the plain search that rank and unrank rely on. */
static void test_count_matches_reference(void **state)
{
	(void)state;
	for (int n = 1; n <= 12; n++) {
		struct count_result r;

		assert_int_equal(count_solutions(n, 2, NULL, NULL, NULL, &r), 0);
		assert_int_equal(r.total, enum_completions(n, NULL, 0, NULL));
	}
}

/* The half-board counter against the backtracking one, the reference:
 * every size it takes up to 15, both totals, odd and even boards. */
static void test_halves_match_backtrack(void **state)
{
	(void)state;
	assert_false(count_method_works(COUNT_HALVES, HALVES_MIN_N - 1));
	assert_false(count_method_works(COUNT_HALVES, HALVES_MAX_N + 1));
	/* The default takes the join only as far as it has been checked. */
	assert_true(count_uses_halves(COUNT_AUTO, COUNT_AUTO_HALVES_MAX_N));
	assert_false(count_uses_halves(COUNT_AUTO, COUNT_AUTO_HALVES_MAX_N + 1));
	assert_true(count_uses_halves(COUNT_HALVES, HALVES_MAX_N));
	assert_false(count_uses_halves(COUNT_BACKTRACK, 16));
	assert_false(count_uses_halves(COUNT_AUTO, HALVES_MIN_N - 1));
	for (int n = HALVES_MIN_N; n <= 15; n++) {
		struct count_result h, b;

		assert_true(count_method_works(COUNT_HALVES, n));
		assert_int_equal(
		        count_solutions_by(n, COUNT_HALVES, 1, NULL, NULL, NULL, &h), 0);
		assert_int_equal(
		        count_solutions_by(n, COUNT_BACKTRACK, 2, NULL, NULL, NULL, &b),
		        0);
		assert_int_equal(h.total, b.total);
		assert_int_equal(h.unique, b.unique);
		assert_int_equal(h.total, a000170[n]);
		assert_int_equal(h.unique, a002562[n]);
	}
	/* 16 by the halves alone: the backtracking would take a second. */
	uint64_t total;
	size_t bytes;
	assert_int_equal(halves_count(16, 2, NULL, NULL, NULL, NULL, &total, &bytes), 0);
	assert_int_equal(total, a000170[16]);
	assert_true(bytes > 0 && bytes < 64u << 20);
}

/* Threads split the units differently; the sums must not change. */
static void test_halves_threads_agree(void **state)
{
	(void)state;
	for (int n = 9; n <= 14; n++) {
		uint64_t one, two, many;

		assert_int_equal(halves_count(n, 1, NULL, NULL, NULL, NULL, &one, NULL),
		                 0);
		assert_int_equal(halves_count(n, 2, NULL, NULL, NULL, NULL, &two, NULL),
		                 0);
		assert_int_equal(halves_count(n, 5, NULL, NULL, NULL, NULL, &many, NULL),
		                 0);
		assert_int_equal(one, a000170[n]);
		assert_int_equal(two, one);
		assert_int_equal(many, one);
	}
	errno = 0;
	assert_int_equal(halves_count(HALVES_MAX_N + 1, 1, NULL, NULL, NULL, NULL,
	                              &(uint64_t){0}, NULL),
	                 -1);
	assert_int_equal(errno, EINVAL);
	assert_int_equal(halves_count(8, 0, NULL, NULL, NULL, NULL, &(uint64_t){0}, NULL),
	                 -1);
	errno = 0;
	assert_int_equal(count_solutions_by(24, COUNT_HALVES, 1, NULL, NULL, NULL,
	                                    &(struct count_result){0, 0}),
	                 -1);
	assert_int_equal(errno, EINVAL);
}

/* Odd n's sieve cut into segments that the bottoms skip: on the small
 * boards, where the size alone would not cut it, never cut, cut as by size
 * (a segment for each middle-row queen), a segment for each pair of middle
 * queens, and cut in a budget whose chunks of tops end inside segments. */
static void test_halves_segments(void **state)
{
	(void)state;
	for (int n = 5; n <= 15; n += 2) {
		for (int how = 0; how < 4; how++) {
			struct halves_opts opt = {.nparts = 1,
			                          .segments = (enum halves_segments)how};
			uint64_t total;

			assert_int_equal(
			        halves_count(n, 2, &opt, NULL, NULL, NULL, &total, NULL),
			        0);
			assert_int_equal(total, a000170[n]);
		}
		struct halves_opts tight = {.memory = halves_memory_floor(n, 1),
		                            .nparts = 1,
		                            .segments = HALVES_SEGMENTS_ALWAYS};
		uint64_t total;

		assert_int_equal(
		        halves_count(n, 1, &tight, NULL, NULL, NULL, &total, NULL), 0);
		assert_int_equal(total, a000170[n]);
	}
	/* A part of n = 17, whose units have more tops than the least budget
	 * sieves at once: the chunks then end inside segments. */
	struct halves_opts part = {
	        .nparts = 16, .part = 3, .segments = HALVES_SEGMENTS_ALWAYS};
	struct halves_stats stats = {0, 0, 0};
	uint64_t whole, chunked;

	assert_int_equal(halves_count(17, 2, &part, NULL, NULL, NULL, &whole, NULL), 0);
	part.memory = halves_memory_floor(17, 2);
	part.stats = &stats;
	assert_int_equal(halves_count(17, 2, &part, NULL, NULL, NULL, &chunked, NULL), 0);
	assert_true(atomic_load(&stats.extra_passes) > 0);
	assert_int_equal(chunked, whole);
}

/* Odd n's join: a block at a time where the processor has AVX-512 (by
 * size: every sieve, the longest sorted), with the sort on every sieve
 * (always), and grouped into segments where the blocked join is off; each
 * odd board to 15 on one and two threads, n = 17 whole and in three parts
 * that add up. */
static void test_halves_odd(void **state)
{
	static const enum halves_blocked ways[] = {
	        HALVES_BLOCKED_BY_SIZE, HALVES_BLOCKED_ALWAYS, HALVES_BLOCKED_NEVER};
	(void)state;
	for (int n = 5; n <= 15; n += 2)
		for (size_t i = 0; i < sizeof ways / sizeof ways[0]; i++)
			for (int threads = 1; threads <= 2; threads++) {
				struct halves_opts opt = {.nparts = 1,
				                          .blocked = ways[i]};
				uint64_t total;

				assert_int_equal(halves_count(n, threads, &opt, NULL,
				                              NULL, NULL, &total, NULL),
				                 0);
				assert_int_equal(total, a000170[n]);
			}
	/* The grouped join cut as by size and for each pair of middle
	 * queens, where no kernel goes a block at a time. */
	for (int n = 5; n <= 15; n += 2)
		for (int how = HALVES_SEGMENTS_ALWAYS; how <= HALVES_SEGMENTS_EACH;
		     how++) {
			struct halves_opts opt = {.nparts = 1,
			                          .segments = (enum halves_segments)how,
			                          .blocked = HALVES_BLOCKED_NEVER};
			uint64_t total;

			assert_int_equal(
			        halves_count(n, 2, &opt, NULL, NULL, NULL, &total, NULL),
			        0);
			assert_int_equal(total, a000170[n]);
		}
	uint64_t whole, sum = 0;

	assert_int_equal(halves_count(17, 2, NULL, NULL, NULL, NULL, &whole, NULL), 0);
	assert_int_equal(whole, a000170[17]);
	for (int part = 0; part < 3; part++) {
		struct halves_opts opt = {.nparts = 3, .part = part};
		uint64_t total;

		assert_int_equal(
		        halves_count(17, 2, &opt, NULL, NULL, NULL, &total, NULL), 0);
		assert_true(total > 0 && total < whole);
		sum += total;
	}
	assert_int_equal(sum, a000170[17]);
}

/* Every build of the join that this processor runs counts the same, the
 * AVX-512 one also a block of the sieve at a time on every board (by size
 * it does so on large boards only), in a budget of several passes too. */
static void test_halves_kernels(void **state)
{
	static const char *const names[] = {"generic", "popcnt", "avx2", "avx512"};
	int tested = 0;

	(void)state;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		setenv("NQUEENS_HALVES_KERNEL", names[i], 1);
		if (strcmp(halves_kernel(), names[i]) != 0)
			continue; /* not on this processor */
		tested++;
		for (int n = 13; n <= 15; n++) {
			struct halves_opts cut = {.nparts = 1,
			                          .segments = HALVES_SEGMENTS_ALWAYS};
			uint64_t total;

			assert_int_equal(
			        halves_count(n, 2, NULL, NULL, NULL, NULL, &total, NULL),
			        0);
			assert_int_equal(total, a000170[n]);
			assert_int_equal(
			        halves_count(n, 2, &cut, NULL, NULL, NULL, &total, NULL),
			        0);
			assert_int_equal(total, a000170[n]);
		}
		for (int n = 4; n <= 16; n++) {
			struct halves_opts blocked = {.nparts = 1,
			                              .blocked = HALVES_BLOCKED_ALWAYS};
			uint64_t total;

			assert_int_equal(halves_count(n, 2, &blocked, NULL, NULL, NULL,
			                              &total, NULL),
			                 0);
			assert_int_equal(total, a000170[n]);
			blocked.memory = halves_memory_floor(n, 1);
			assert_int_equal(halves_count(n, 1, &blocked, NULL, NULL, NULL,
			                              &total, NULL),
			                 0);
			assert_int_equal(total, a000170[n]);
		}
	}
	setenv("NQUEENS_HALVES_KERNEL", "no-such-kernel", 1);
	const char *best = halves_kernel();
	unsetenv("NQUEENS_HALVES_KERNEL");
	assert_string_equal(best, halves_kernel());
	assert_true(tested >= 1);
	print_message("join kernels tested: %d, best here: %s\n", tested, best);
}

/* The solutions the rotations fix: 8 queens has one class that is its own
 * half turn (four solutions) and no quarter-turn solution; for the other
 * sizes Burnside's count must give the published number of classes. */
static void test_rotational(void **state)
{
	uint64_t quarter, half;

	(void)state;
	assert_int_equal(count_rotational(8, &quarter, &half), 0);
	assert_int_equal(quarter, 0);
	assert_int_equal(half, 4);
	assert_int_equal(count_rotational(1, &quarter, &half), 0);
	assert_int_equal(quarter, 1);
	assert_int_equal(half, 1);
	for (int n = 2; n <= 14; n++) {
		assert_int_equal(count_rotational(n, &quarter, &half), 0);
		/* A quarter turn needs n = 0 or 1 mod 4; its solutions are also
		 * half-turn solutions. */
		if (n % 4 >= 2)
			assert_int_equal(quarter, 0);
		assert_true(half >= quarter);
		assert_int_equal((a000170[n] + half + 2 * quarter) % 8, 0);
		assert_int_equal((a000170[n] + half + 2 * quarter) / 8, a002562[n]);
	}
}

static void test_known_counts(void **state)
{
	uint64_t total, unique;

	(void)state;
	for (int n = 1; n <= 18; n++) {
		assert_true(known_counts(n, &total, &unique));
		assert_int_equal(total, a000170[n]);
		assert_int_equal(unique, a002562[n]);
	}
	assert_true(known_counts(27, &total, &unique));
	assert_int_equal(total, UINT64_C(234907967154122528));
	assert_int_equal(unique, UINT64_C(29363495934315694));
	assert_false(known_counts(0, &total, &unique));
	assert_false(known_counts(28, &total, &unique));
}

/* A count asked to stop stops: a flag set before it starts, or during it. */
struct stopper {
	atomic_int cancel;
	int rc, err;
	enum count_method m;
};

static void *count_to_stop(void *arg)
{
	struct stopper *s = arg;
	struct count_result r;

	s->rc = count_solutions_by(17, s->m, 1, NULL, NULL, &s->cancel, &r);
	s->err = errno;
	return NULL;
}

static void test_count_cancel(void **state)
{
	struct count_result r;
	atomic_int stop;

	(void)state;
	atomic_init(&stop, 1);
	errno = 0;
	assert_int_equal(count_solutions_by(17, COUNT_HALVES, 2, NULL, NULL, &stop, &r),
	                 -1);
	assert_int_equal(errno, ECANCELED);
	errno = 0;
	assert_int_equal(
	        count_solutions_by(17, COUNT_BACKTRACK, 2, NULL, NULL, &stop, &r), -1);
	assert_int_equal(errno, ECANCELED);
	/* Under way: both counts take seconds at n = 17 on one thread. */
	for (int m = COUNT_HALVES; m <= COUNT_BACKTRACK; m++) {
		struct stopper s = {.m = (enum count_method)m};
		pthread_t tid;

		atomic_init(&s.cancel, 0);
		assert_int_equal(pthread_create(&tid, NULL, count_to_stop, &s), 0);
		usleep(200 * 1000);
		atomic_store(&s.cancel, 1);
		pthread_join(tid, NULL);
		assert_int_equal(s.rc, -1);
		assert_int_equal(s.err, ECANCELED);
	}
}

static void test_count_bad_n(void **state)
{
	struct count_result r;

	(void)state;
	errno = 0;
	assert_int_equal(count_solutions(0, 1, NULL, NULL, NULL, &r), -1);
	assert_int_equal(errno, EINVAL);
	errno = 0;
	assert_int_equal(count_solutions(COUNT_MAX_N + 1, 1, NULL, NULL, NULL, &r), -1);
	assert_int_equal(errno, EINVAL);
}

struct seen_progress {
	int calls;
	double last;
	int backwards;
};

static void record_progress(void *ctx, double done)
{
	struct seen_progress *s = ctx;

	if (done < s->last || done < 0 || done > 1.0000001)
		s->backwards++;
	s->last = done;
	s->calls++;
}

static void test_count_progress(void **state)
{
	struct seen_progress s = {0};
	struct count_result r;

	(void)state;
	assert_int_equal(count_solutions(12, 2, record_progress, &s, NULL, &r), 0);
	assert_true(s.calls > 1);
	assert_int_equal(s.backwards, 0);
	assert_true(s.last > 0.999);
}

static void test_eight_queens_classes(void **state)
{
	int p[8], canon[8], img[8], reps[92][8], nreps = 0, orbit8 = 0, orbit4 = 0;
	struct enum_iter it;

	(void)state;
	enum_start(&it, 8);
	while (enum_next(&it, p)) {
		enum sym from;
		int size = sym_canonical(8, p, canon, &from);

		/* The transform named maps the representative onto the solution. */
		sym_apply(from, 8, canon, img);
		assert_memory_equal(img, p, sizeof p);
		if (memcmp(canon, p, sizeof p) == 0) {
			assert_int_equal(from, SYM_ID);
			memcpy(reps[nreps++], p, sizeof p);
			if (size == 8)
				orbit8++;
			else if (size == 4)
				orbit4++;
			if (size == 4) {
				/* The one class of four is its own half turn. */
				sym_apply(SYM_ROT180, 8, p, img);
				assert_memory_equal(img, p, sizeof p);
			}
		}
	}
	assert_int_equal(nreps, 12);
	assert_int_equal(orbit8, 11);
	assert_int_equal(orbit4, 1);
	/* The first class representative is the first solution. */
	static const int first[8] = {0, 4, 7, 5, 2, 6, 1, 3};
	assert_memory_equal(reps[0], first, sizeof first);
}

static void test_orbit_sizes(void **state)
{
	int p[5] = {1, 4, 2, 0, 3}, q[5] = {0, 2, 4, 1, 3}, one = 0;

	(void)state;
	/* 5-queens: 2 5 3 1 4 is its own quarter turn, so its orbit has 2. */
	assert_int_equal(sym_canonical(5, p, NULL, NULL), 2);
	assert_int_equal(sym_canonical(5, q, NULL, NULL), 8);
	assert_int_equal(sym_canonical(1, &one, NULL, NULL), 1);
}

static void test_symmetry_group_laws(void **state)
{
	(void)state;
	for (int a = 0; a < SYM_COUNT; a++) {
		assert_int_equal(sym_compose(SYM_ID, a), a);
		assert_int_equal(sym_compose(a, SYM_ID), a);
		assert_int_equal(sym_compose(a, sym_inverse(a)), SYM_ID);
		assert_int_equal(sym_from_name(sym_name(a)), a);
		for (int b = 0; b < SYM_COUNT; b++) {
			assert_true(sym_compose(a, b) < SYM_COUNT);
			for (int c = 0; c < SYM_COUNT; c++)
				assert_int_equal(sym_compose(sym_compose(a, b), c),
				                 sym_compose(a, sym_compose(b, c)));
		}
	}
	assert_int_equal(sym_compose(SYM_ROT90, SYM_ROT90), SYM_ROT180);
	assert_int_equal(sym_compose(SYM_ROT180, SYM_ROT90), SYM_ROT270);
	assert_int_equal(sym_compose(SYM_FLIP_X, SYM_FLIP_Y), SYM_ROT180);
	assert_int_equal(sym_from_name("spin"), SYM_COUNT);

	/* The action agrees with composition on real solutions of 9 and 10. */
	for (int n = 9; n <= 10; n++) {
		int p[10], x[10], y[10], z[10];
		struct enum_iter it;

		enum_start(&it, n);
		for (int k = 0; k < 20 && enum_next(&it, p); k++) {
			for (int a = 0; a < SYM_COUNT; a++) {
				for (int b = 0; b < SYM_COUNT; b++) {
					sym_apply(a, n, p, x);
					sym_apply(b, n, x, y);
					sym_apply(sym_compose(a, b), n, p, z);
					assert_memory_equal(y, z, sizeof *y * (size_t)n);
				}
			}
		}
	}
}

static void test_rotation_direction(void **state)
{
	int f = 0, r = 0;

	(void)state;
	/* A quarter turn clockwise takes a1 to a8 and a8 to h8. */
	sym_apply_square(SYM_ROT90, 8, &f, &r);
	assert_int_equal(f, 0);
	assert_int_equal(r, 7);
	sym_apply_square(SYM_ROT90, 8, &f, &r);
	assert_int_equal(f, 7);
	assert_int_equal(r, 7);
	f = 1, r = 0; /* b1 */
	sym_apply_square(SYM_FLIP_DIAG, 8, &f, &r);
	assert_int_equal(f, 0);
	assert_int_equal(r, 1);
}

static void test_unique_counts_by_canonical_form(void **state)
{
	(void)state;
	for (int n = 1; n <= 10; n++) {
		int p[10], canon[10];
		uint64_t total = 0, classes = 0, weighted = 0;
		struct enum_iter it;

		enum_start(&it, n);
		while (enum_next(&it, p)) {
			int size = sym_canonical(n, p, canon, NULL);

			total++;
			if (memcmp(canon, p, sizeof *p * (size_t)n) == 0) {
				classes++;
				weighted += (uint64_t)size;
			}
		}
		assert_int_equal(total, a000170[n]);
		assert_int_equal(classes, a002562[n]);
		assert_int_equal(weighted, total);
	}
}

static void test_enumeration_order(void **state)
{
	int prev[12], p[12];

	(void)state;
	for (int n = 4; n <= 12; n++) {
		struct enum_iter it;
		uint64_t count = 0;

		enum_start(&it, n);
		while (enum_next(&it, p)) {
			struct position pos;

			if (count > 0) {
				int f = 0;

				while (f < n && prev[f] == p[f])
					f++;
				assert_true(f < n && prev[f] < p[f]);
			}
			assert_int_equal(board_from_ranks(&pos, n, p), 0);
			assert_true(board_is_solution(&pos));
			board_free(&pos);
			memcpy(prev, p, sizeof p);
			count++;
		}
		assert_int_equal(count, a000170[n]);
	}
	struct enum_iter it;
	enum_start(&it, 3);
	assert_false(enum_next(&it, p));
}

static void test_rank_unrank_roundtrip(void **state)
{
	(void)state;
	for (int n = 1; n <= 10; n++) {
		int p[10], q[10];
		uint64_t k = 0, idx;
		struct enum_iter it;

		enum_start(&it, n);
		while (enum_next(&it, p)) {
			k++;
			assert_true(enum_unrank(n, k, NULL, q));
			assert_memory_equal(p, q, sizeof *p * (size_t)n);
			assert_true(enum_rank(n, p, NULL, &idx));
			assert_int_equal(idx, k);
		}
		assert_false(enum_unrank(n, k + 1, NULL, q));
		assert_false(enum_unrank(n, 0, NULL, q));
	}
	int bad[4] = {0, 1, 2, 3};
	uint64_t idx;
	assert_false(enum_rank(4, bad, NULL, &idx));
}

static void test_seek_continues(void **state)
{
	int p[9], q[9], r[9];
	struct enum_iter it, jt;

	(void)state;
	enum_start(&it, 9);
	for (int k = 0; k < 100; k++)
		assert_true(enum_next(&it, p));
	assert_true(enum_next(&it, q));
	enum_seek(&jt, 9, p);
	assert_true(enum_next(&jt, r));
	assert_memory_equal(q, r, sizeof q);
}

static void test_table_agrees(void **state)
{
	struct enum_table t;

	(void)state;
	load_table(&t);
	for (int n = 1; n <= 18; n++)
		if (t.first[n])
			assert_int_equal(enum_total(n, &t), a000170[n]);
	assert_non_null(t.first[16]);
	assert_non_null(t.second[16]);
	/* The table against a search, where a search is quick. */
	for (int n = 9; n <= 12; n++) {
		for (int a = 0; a < n; a++) {
			assert_int_equal(enum_completions(n, &a, 1, &t),
			                 enum_completions(n, &a, 1, NULL));
			for (int b = 0; b < n && t.second[n]; b++) {
				int p[2] = {a, b};

				assert_int_equal(enum_completions(n, p, 2, &t),
				                 enum_completions(n, p, 2, NULL));
			}
		}
	}
	enum_table_free(&t);
}

static void test_unrank_16(void **state)
{
	struct enum_table t;
	int p[16], q[16];
	uint64_t ks[] = {1, 2, 7386256, 14772511, 14772512, 1234567, 9999999};

	(void)state;
	load_table(&t);
	for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
		struct position pos;
		uint64_t idx;

		assert_true(enum_unrank(16, ks[i], &t, p));
		assert_int_equal(board_from_ranks(&pos, 16, p), 0);
		assert_true(board_is_solution(&pos));
		board_free(&pos);
		assert_true(enum_rank(16, p, &t, &idx));
		assert_int_equal(idx, ks[i]);
	}
	/* #1 and #2 are the first two in order; the last is the mirror of #1. */
	struct enum_iter it;
	enum_start(&it, 16);
	assert_true(enum_next(&it, q));
	assert_true(enum_unrank(16, 1, &t, p));
	assert_memory_equal(p, q, sizeof p);
	assert_true(enum_unrank(16, 14772512, &t, p));
	for (int f = 0; f < 16; f++)
		assert_int_equal(p[f], 15 - q[f]);
	assert_false(enum_unrank(16, 14772513, &t, p));
	enum_table_free(&t);
}

/* Writes text to a temporary file and tries to load it as a prefix table. */
static int load_text(const char *text, char *err, size_t errlen)
{
	char path[] = "/tmp/nq-table-XXXXXX";
	int fd = mkstemp(path), rc;
	struct enum_table t;

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	rc = enum_table_load(&t, path, err, errlen);
	if (rc == 0)
		enum_table_free(&t);
	/* Report the error without the random part of the name. */
	if (rc != 0 && strncmp(err, path, strlen(path)) == 0)
		memmove(err, err + strlen(path), strlen(err + strlen(path)) + 1);
	unlink(path);
	return rc;
}

static void test_table_errors(void **state)
{
	char err[256];

	(void)state;
	assert_int_equal(
	        load_text("# fine\n4 1 0\n4 2 1\n4 3 1\n4 4 0\n", err, sizeof err), 0);
	assert_int_equal(load_text("4 1 0\n4 2 x\n", err, sizeof err), -1);
	assert_string_equal(err, ":2: 'x' is not a whole number");
	assert_int_equal(load_text("\n\n4 1 2 3 4\n", err, sizeof err), -1);
	assert_string_equal(
	        err,
	        ":3: expected 'n rank count' or 'n rank rank count', found 5 fields");
	assert_int_equal(load_text("4 5 0\n", err, sizeof err), -1);
	assert_string_equal(err, ":1: rank 5 is outside 1..4");
	assert_int_equal(load_text("40 1 0\n", err, sizeof err), -1);
	assert_string_equal(err, ":1: n 40 is outside 1..32");
	assert_int_equal(load_text("4 1 0\n4 1 0\n", err, sizeof err), -1);
	assert_string_equal(err, ":2: this entry was given before");
	assert_int_equal(load_text("4 1 0\n4 2 1\n", err, sizeof err), -1);
	assert_string_equal(err, ": n 4 lacks the count for rank 3");
	assert_int_equal(load_text("4 1 99999999999999999999\n", err, sizeof err), -1);
	assert_string_equal(err, ":1: '99999999999999999999' is not a whole number");
	assert_int_equal(load_text("2 1 1\n2 2 0\n2 1 1 0\n2 1 2 0\n2 2 1 0\n2 2 2 0\n",
	                           err, sizeof err),
	                 -1);
	assert_string_equal(err,
	                    ": n 2, rank 1: the counts by two ranks add up to 0, not 1");
	struct enum_table t;
	assert_int_equal(enum_table_load(&t, "/nonexistent/x.tsv", err, sizeof err), -1);
	assert_string_equal(err, "/nonexistent/x.tsv: No such file or directory");
}

static void test_parse_ranks(void **state)
{
	struct position p;
	char err[256];

	(void)state;
	assert_int_equal(board_parse("1 5 8 6 3 7 2 4", &p, err, sizeof err), 0);
	assert_int_equal(p.n, 8);
	assert_int_equal(p.count, 8);
	assert_int_equal(p.sq[2].file, 2);
	assert_int_equal(p.sq[2].rank, 7);
	assert_true(board_is_solution(&p));
	board_free(&p);

	assert_int_equal(board_parse("  2,4, 1 3\n", &p, err, sizeof err), 0);
	assert_int_equal(p.n, 4);
	assert_true(board_is_solution(&p));
	board_free(&p);

	assert_int_equal(board_parse("2 0 . - 5", &p, err, sizeof err), 0);
	assert_int_equal(p.n, 5);
	assert_int_equal(p.count, 2);
	assert_false(board_is_solution(&p));
	board_free(&p);

	assert_int_equal(board_parse("", &p, err, sizeof err), -1);
	assert_int_equal(board_parse(" , ", &p, err, sizeof err), -1);
	assert_int_equal(board_parse("1 2 x", &p, err, sizeof err), -1);
	assert_string_equal(err,
	                    "'x': ranks and squares are mixed; write either ranks by "
	                    "file (2 4 6 ...) or squares (a2 b4 c6 ...)");
	assert_int_equal(board_parse("x", &p, err, sizeof err), -1);
	assert_string_equal(
	        err, "'x' is not a square (a file letter and a rank number, such as c6)");
	assert_int_equal(board_parse("1 2 3x", &p, err, sizeof err), -1);
	assert_int_equal(board_parse("1 -2 3", &p, err, sizeof err), -1);
	assert_int_equal(board_parse("1 +2 3", &p, err, sizeof err), -1);
	assert_int_equal(board_parse("1 9 3", &p, err, sizeof err), -1);
	assert_string_equal(err,
	                    "file b: rank 9 is off a board of 3 files (ranks 1 to 3)");
	assert_int_equal(board_parse("1 99999999999999999999999", &p, err, sizeof err),
	                 -1);
	assert_int_equal(board_parse("1 a2", &p, err, sizeof err), -1);
	assert_int_equal(board_parse("a2 1", &p, err, sizeof err), -1);
}

/* A position read a word at a time, with empty files between its queens: the
 * same position and conflicts as board_parse and board_conflicts give. */
static void test_scan_words(void **state)
{
	static const char *words[] = {"3", ".", "1", "-", "0", "3", "7", "2"};
	struct board_scan s;
	struct board_conflict c[4], d[4];
	struct position p, q;
	char err[256];

	(void)state;
	board_scan_start(&s);
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		assert_int_equal(
		        board_scan_word(&s, words[i], strlen(words[i]), err, sizeof err),
		        0);
	/* Files past the first 64 land in the next word of bits. */
	for (int i = 0; i < 70; i++)
		assert_int_equal(board_scan_word(&s, ".", 1, err, sizeof err), 0);
	assert_int_equal(board_scan_word(&s, "78", 2, err, sizeof err), 0);
	assert_int_equal(board_scan_end(&s, err, sizeof err), 0);
	assert_int_equal(s.n, 79);
	assert_int_equal(s.count, 6);
	assert_int_equal(board_scan_position(&s, &p), 0);
	assert_int_equal(p.sq[5].file, 78);
	assert_int_equal(p.sq[5].rank, 77);
	assert_int_equal(p.sq[3].file, 6);
	/* a3 c1 f3 g7 h2 ...: a3-c1 share a diagonal, a3-f3 a rank. */
	assert_int_equal(board_scan_conflicts(&s, c, 4), board_conflicts(&p, d, 4));
	assert_int_equal(board_scan_conflicts(&s, c, 4), 2);
	assert_memory_equal(c, d, 2 * sizeof c[0]);
	assert_int_equal(c[0].line, BOARD_LINE_ANTI);
	assert_int_equal(c[0].a.file, 0);
	assert_int_equal(c[0].b.file, 2);
	assert_int_equal(c[1].line, BOARD_LINE_RANK);
	assert_int_equal(c[1].b.file, 5);
	assert_int_equal(board_parse("3 . 1 - 0 3 7 2", &q, err, sizeof err), 0);
	assert_int_equal(board_conflicts(&q, NULL, 0), 2);
	board_free(&q);
	board_free(&p);
	board_scan_free(&s);

	board_scan_start(&s);
	assert_int_equal(board_scan_text(&s, "a1, b3 a1", err, sizeof err), 0);
	assert_int_equal(board_scan_end(&s, err, sizeof err), -1);
	assert_string_equal(err, "a1 is given twice");
	board_scan_free(&s);
}

static void test_parse_squares(void **state)
{
	struct position p;
	char err[256];

	(void)state;
	assert_int_equal(board_parse("a2 b4 c6 d8 e3 f1 g7 h5", &p, err, sizeof err), 0);
	assert_int_equal(p.n, 8);
	assert_true(board_is_solution(&p));
	board_free(&p);

	assert_int_equal(board_parse("C6 a1", &p, err, sizeof err), 0);
	assert_int_equal(p.n, 6);
	assert_int_equal(p.sq[0].file, 2);
	assert_int_equal(p.sq[0].rank, 5);
	board_free(&p);

	assert_int_equal(board_parse("aa1", &p, err, sizeof err), 0);
	assert_int_equal(p.n, 27);
	assert_int_equal(p.sq[0].file, 26);
	board_free(&p);

	assert_int_equal(board_parse("a1 a1", &p, err, sizeof err), -1);
	assert_string_equal(err, "a1 is given twice");
	assert_int_equal(board_parse("a0", &p, err, sizeof err), -1);
	assert_int_equal(board_parse("a", &p, err, sizeof err), -1);
	assert_int_equal(board_parse("a1b", &p, err, sizeof err), -1);
	assert_int_equal(board_parse("é1", &p, err, sizeof err), -1);
}

/* A stream of its text, then a read error as a failing disk gives; or endless x. */
struct stream {
	const char *text;
	size_t at, len;
	bool endless;
};

static ssize_t stream_read(void *cookie, char *buf, size_t size)
{
	struct stream *f = cookie;
	size_t n = f->len - f->at < size ? f->len - f->at : size;

	if (f->endless) {
		memset(buf, 'x', size);
		f->at += size;
		return (ssize_t)size;
	}
	if (n == 0) {
		errno = EIO;
		return -1;
	}
	memcpy(buf, f->text + f->at, n);
	f->at += n;
	return (ssize_t)n;
}

static FILE *stream_open(struct stream *f)
{
	cookie_io_functions_t io = {.read = stream_read};

	return fopencookie(f, "r", io);
}

static void test_lines_reader(void **state)
{
	static const char text[] = "one\n\ntwo\r\nlast";
	struct stream bad = {"1 5 8\n2 4", 0, 9, false}, zeros = {"", 0, 0, true};
	struct lines rd;
	char *line, why[64];
	size_t len;
	FILE *fp = fmemopen((void *)text, sizeof text - 1, "r");

	(void)state;
	assert_non_null(fp);
	lines_start(&rd, fp, 16);
	assert_int_equal(lines_next(&rd, &line, &len), LINES_OK);
	assert_string_equal(line, "one");
	assert_int_equal(lines_next(&rd, &line, &len), LINES_OK);
	assert_int_equal(len, 0);
	assert_int_equal(lines_next(&rd, &line, &len), LINES_OK);
	assert_string_equal(line, "two\r");
	/* A last line without a newline is a line; then the end, still line 4. */
	assert_int_equal(lines_next(&rd, &line, &len), LINES_OK);
	assert_string_equal(line, "last");
	assert_int_equal(rd.lineno, 4);
	assert_int_equal(lines_next(&rd, &line, &len), LINES_END);
	assert_int_equal(rd.lineno, 4);
	lines_free(&rd);
	fclose(fp);

	/* A NUL byte is not taken for the end of the line. */
	fp = fmemopen((void *)"1 2\n1 5 8\0 junk\n", 17, "r");
	lines_start(&rd, fp, 100);
	assert_int_equal(lines_next(&rd, &line, &len), LINES_OK);
	assert_int_equal(lines_next(&rd, &line, &len), LINES_NUL);
	assert_int_equal(rd.lineno, 2);
	assert_string_equal(lines_why(&rd, LINES_NUL, why, sizeof why),
	                    "a NUL byte: not a text file");
	lines_free(&rd);
	fclose(fp);

	/* A read error part-way is an error, not the end of the file. */
	fp = stream_open(&bad);
	lines_start(&rd, fp, 100);
	assert_int_equal(lines_next(&rd, &line, &len), LINES_OK);
	assert_string_equal(line, "1 5 8");
	assert_int_equal(lines_next(&rd, &line, &len), LINES_ERROR);
	assert_int_equal(rd.lineno, 2);
	assert_string_equal(lines_why(&rd, LINES_ERROR, why, sizeof why),
	                    "cannot read: Input/output error");
	lines_free(&rd);
	fclose(fp);

	/* A line past the limit is refused after little more than the limit. */
	fp = stream_open(&zeros);
	lines_start(&rd, fp, 1000000);
	assert_int_equal(lines_next(&rd, &line, &len), LINES_TOO_LONG);
	assert_true(zeros.at < 1000000 + (1 << 17));
	assert_string_equal(lines_why(&rd, LINES_TOO_LONG, why, sizeof why),
	                    "longer than 1000000 bytes");
	lines_free(&rd);
	fclose(fp);
}

static void test_parse_limits(void **state)
{
	struct position p;
	char err[256];
	size_t files = BOARD_MAX_N + (size_t)1;
	char *dots = malloc(2 * files + 1);

	(void)state;
	assert_non_null(dots);
	/* Empty files count toward the limit as ranks do. */
	for (size_t i = 0; i < files; i++) {
		dots[2 * i] = '.';
		dots[2 * i + 1] = ' ';
	}
	dots[2 * files] = '\0';
	assert_int_equal(board_parse(dots, &p, err, sizeof err), -1);
	assert_string_equal(err, "more than 100000000 files");
	dots[2 * (files - 1)] = '\0';
	assert_int_equal(board_parse(dots, &p, err, sizeof err), 0);
	assert_int_equal(p.n, BOARD_MAX_N);
	assert_int_equal(p.count, 0);
	board_free(&p);
	free(dots);
}

/* The rules the screens once wrote out for themselves, one by one. */
static void test_lines_and_between(void **state)
{
	struct square c3 = {2, 2}, between[8];
	enum board_line line;
	struct position p;
	int ranks[8];
	struct square twice;
	char err[128];

	(void)state;
	/* The four lines through c3, and a knight's move off them all. */
	assert_true(board_same_line(c3, (struct square){2, 7}, &line));
	assert_int_equal(line, BOARD_LINE_FILE);
	assert_true(board_same_line(c3, (struct square){6, 2}, &line));
	assert_int_equal(line, BOARD_LINE_RANK);
	assert_true(board_same_line(c3, (struct square){5, 5}, &line));
	assert_int_equal(line, BOARD_LINE_DIAGONAL);
	assert_true(board_same_line(c3, (struct square){0, 4}, &line));
	assert_int_equal(line, BOARD_LINE_ANTI);
	assert_false(board_same_line(c3, (struct square){3, 4}, &line));
	assert_false(board_same_line(c3, c3, &line));
	assert_string_equal(board_line_phrase(BOARD_LINE_ANTI), "a diagonal");
	assert_string_equal(board_line_phrase(BOARD_LINE_RANK), "the rank");

	/* Between a1 and e5: b2 c3 d4, from a1's side; none for neighbours. */
	assert_int_equal(
	        board_between((struct square){0, 0}, (struct square){4, 4}, between, 8),
	        3);
	assert_int_equal(between[0].file, 1);
	assert_int_equal(between[2].rank, 3);
	assert_int_equal(
	        board_between((struct square){4, 0}, (struct square){0, 4}, between, 8),
	        3);
	assert_int_equal(between[0].file, 3);
	assert_int_equal(between[0].rank, 1);
	assert_int_equal(board_between(c3, (struct square){3, 3}, between, 8), 0);
	assert_int_equal(board_between(c3, (struct square){3, 4}, between, 8), 0);
	assert_int_equal(
	        board_between((struct square){0, 1}, (struct square){0, 6}, between, 2),
	        4);

	/* Ranks by file, and the second queen on a file named. */
	assert_int_equal(board_parse("c5 a2", &p, err, sizeof err), 0);
	assert_true(board_ranks(&p, ranks, NULL));
	assert_int_equal(ranks[0], 1);
	assert_int_equal(ranks[1], -1);
	assert_int_equal(ranks[2], 4);
	board_free(&p);
	assert_int_equal(board_parse("a1 b4 a3", &p, err, sizeof err), 0);
	assert_false(board_ranks(&p, ranks, &twice));
	assert_int_equal(twice.file, 0);
	assert_int_equal(twice.rank, 2);
	assert_int_equal(ranks[0], 0);
	board_free(&p);
}

static void test_order_and_ends(void **state)
{
	int first[ENUM_MAX_N], last[ENUM_MAX_N], q[ENUM_MAX_N];

	(void)state;
	assert_true(enum_compare(3, (int[]){0, 2, 1}, (int[]){0, 2, 2}) < 0);
	assert_true(enum_compare(3, (int[]){1, 0, 0}, (int[]){0, 2, 2}) > 0);
	assert_int_equal(enum_compare(3, (int[]){1, 0, 2}, (int[]){1, 0, 2}), 0);
	assert_false(enum_first(3, first));
	assert_false(enum_last(2, last));
	/* The last solution is the one unrank gives for the total, n = 4..12. */
	for (int n = 4; n <= 12; n++) {
		uint64_t total;

		known_counts(n, &total, NULL);
		assert_true(enum_first(n, first));
		assert_true(enum_unrank(n, 1, NULL, q));
		assert_int_equal(enum_compare(n, first, q), 0);
		assert_true(enum_last(n, last));
		assert_true(enum_unrank(n, total, NULL, q));
		assert_int_equal(enum_compare(n, last, q), 0);
	}
	/* Which algorithms search a tree. */
	assert_true(search_is_tree(SEARCH_BACKTRACK));
	assert_true(search_is_tree(SEARCH_SCAN));
	assert_true(search_is_tree(SEARCH_PERMUTE));
	assert_false(search_is_tree(SEARCH_REPAIR));
	assert_false(search_is_tree(SEARCH_CONSTRUCT));
}

/* One class number: the walk from the start and the catalog's agree, n = 1..10. */
static void test_class_index_agrees(void **state)
{
	(void)state;
	for (int n = 1; n <= 10; n++) {
		struct catalog *c = catalog_new(n);
		struct enum_iter it;
		int p[ENUM_MAX_N], rep[ENUM_MAX_N];

		assert_non_null(c);
		while (catalog_walk(c, UINT64_MAX))
			;
		enum_start(&it, n);
		while (enum_next(&it, p)) {
			uint64_t a, b;

			assert_int_equal(classes_index(n, p, NULL, &a), 0);
			sym_canonical(n, p, rep, NULL);
			assert_int_equal(catalog_class_index(c, rep, &b), CATALOG_FOUND);
			assert_int_equal(a, b);
		}
		catalog_free(c);
	}
}

static void test_conflicts(void **state)
{
	struct position p;
	struct board_conflict c[8];
	char err[256];

	(void)state;
	assert_int_equal(board_parse("a2 b5 d7", &p, err, sizeof err), 0);
	/* Only b5 and d7 meet, two files and two ranks apart. */
	assert_int_equal(board_conflicts(&p, c, 8), 1);
	assert_int_equal(c[0].a.file, 1);
	assert_int_equal(c[0].b.file, 3);
	assert_int_equal(c[0].line, BOARD_LINE_DIAGONAL);
	board_free(&p);

	assert_int_equal(board_parse("a1 a3 c3", &p, err, sizeof err), 0);
	assert_int_equal(board_conflicts(&p, c, 8), 3);
	assert_int_equal(c[0].line, BOARD_LINE_FILE);
	assert_int_equal(c[1].line, BOARD_LINE_RANK);
	assert_int_equal(c[2].line, BOARD_LINE_DIAGONAL);
	assert_int_equal(c[2].a.file, 0);
	assert_int_equal(c[2].a.rank, 0);
	board_free(&p);

	/* Counting works past the room given. */
	assert_int_equal(board_parse("1 1 1 1", &p, err, sizeof err), 0);
	assert_int_equal(board_conflicts(&p, c, 1), 3);
	board_free(&p);
}

static void test_board_edit(void **state)
{
	struct board b;
	static const int sol[8] = {0, 4, 7, 5, 2, 6, 1, 3};

	(void)state;
	assert_int_equal(board_init(&b, 0), -1);
	assert_int_equal(board_init(&b, 8), 0);
	assert_false(board_is_solution(&b.pos));
	for (int f = 0; f < 8; f++)
		assert_true(board_place(&b, (struct square){f, sol[f]}));
	assert_false(board_place(&b, (struct square){0, 0}));
	assert_false(board_place(&b, (struct square){8, 0}));
	assert_true(board_is_solution(&b.pos));
	for (int f = 0; f < 8; f++)
		assert_int_equal(board_attackers(&b, (struct square){f, sol[f]}), 0);
	/* a2 is attacked by a1 (file), g2 (rank) and f7 (diagonal). */
	assert_int_equal(board_attackers(&b, (struct square){0, 1}), 3);

	/* A queen on an attacked square is allowed, and shows as a conflict. */
	assert_true(board_place(&b, (struct square){1, 1}));
	assert_false(board_is_solution(&b.pos));
	assert_true(board_conflicts(&b.pos, NULL, 0) > 0);
	assert_true(board_attackers(&b, (struct square){1, 1}) >= 2);
	assert_true(board_remove(&b, (struct square){1, 1}));
	assert_false(board_remove(&b, (struct square){1, 1}));
	assert_true(board_is_solution(&b.pos));

	/* Removing keeps the order in which the others were placed. */
	assert_true(board_remove(&b, (struct square){3, 5}));
	assert_int_equal(b.pos.count, 7);
	assert_int_equal(b.pos.sq[3].file, 4);
	assert_int_equal(board_attackers(&b, (struct square){3, 5}), 0);
	board_clear(&b);
	assert_int_equal(b.pos.count, 0);
	assert_false(board_has(&b, (struct square){0, 0}));
	assert_int_equal(board_attackers(&b, (struct square){4, 4}), 0);
	board_destroy(&b);
}

static void test_format(void **state)
{
	int p[4] = {1, 3, 0, 2}, e[4] = {1, -1, 0, 2};
	char buf[128];

	(void)state;
	assert_int_equal(board_format_ranks(4, p, buf, sizeof buf), 7);
	assert_string_equal(buf, "2 4 1 3");
	board_format_ranks(4, e, buf, sizeof buf);
	assert_string_equal(buf, "2 . 1 3");
	board_format_squares(4, p, buf, sizeof buf);
	assert_string_equal(buf, "a2 b4 c1 d3");
	board_format_picture(4, p, buf, sizeof buf);
	assert_string_equal(buf, "4 . Q . .\n"
	                         "3 . . . Q\n"
	                         "2 Q . . .\n"
	                         "1 . . Q .\n"
	                         "  a b c d\n");
	/* A short buffer is cut but the needed length is still told. */
	assert_int_equal(board_format_squares(4, p, buf, 4), 11);
	assert_string_equal(buf, "a2 ");
	board_file_name(25, buf, sizeof buf);
	assert_string_equal(buf, "z");
	board_file_name(26, buf, sizeof buf);
	assert_string_equal(buf, "aa");
	board_file_name(701, buf, sizeof buf);
	assert_string_equal(buf, "zz");
}

static int cmp_solution(const void *a, const void *b)
{
	return memcmp(a, b, ENUM_MAX_N * sizeof(int));
}

/* Every solution falls in exactly one class; the orbits add up to the total. */
static void test_class_grouping(void **state)
{
	(void)state;
	for (int n = 1; n <= 12; n++) {
		uint64_t total, unique, reps = 0, members = 0;
		struct class_iter ci;
		struct enum_iter it;
		int rep[ENUM_MAX_N], prev[ENUM_MAX_N], p[ENUM_MAX_N];
		/* For n <= 10, the variants of all classes are the solutions, once. */
		int(*all)[ENUM_MAX_N] = n <= 10 ? calloc(800, sizeof *all) : NULL;
		int(*got)[ENUM_MAX_N] = n <= 10 ? calloc(800, sizeof *got) : NULL;
		size_t nall = 0, ngot = 0;

		assert_true(known_counts(n, &total, &unique));
		classes_start(&ci, n);
		while (classes_next(&ci, rep)) {
			struct class_variant v[SYM_COUNT];
			int orbit = classes_variants(n, rep, v);

			/* Representatives come in order, each the smallest of its class.
			 */
			if (reps)
				assert_true(memcmp(prev, rep, sizeof *rep * (size_t)n) <
				            0);
			memcpy(prev, rep, sizeof *rep * (size_t)n);
			assert_true(orbit == 8 || orbit == 4 || orbit == 2 || n == 1);
			assert_int_equal(v[0].from_rep, SYM_ID);
			for (int i = 0; i < orbit; i++) {
				struct position pos;

				assert_int_equal(board_from_ranks(&pos, n, v[i].ranks),
				                 0);
				assert_true(board_is_solution(&pos));
				board_free(&pos);
				assert_true(memcmp(rep, v[i].ranks,
				                   sizeof *rep * (size_t)n) <= 0);
				if (got)
					memcpy(got[ngot++], v[i].ranks,
					       sizeof *rep * (size_t)n);
			}
			/* Every transform makes one member, and is listed with it. */
			for (int t = 0; t < SYM_COUNT; t++) {
				int img[ENUM_MAX_N], k = 0;
				size_t size = sizeof *img * (size_t)n;

				sym_apply((enum sym)t, n, rep, img);
				for (int i = 0; i < orbit; i++)
					if (v[i].syms & (1u << t)) {
						k++;
						assert_memory_equal(img, v[i].ranks,
						                    size);
					}
				assert_int_equal(k, 1);
			}
			members += (uint64_t)orbit;
			reps++;
		}
		assert_int_equal(reps, unique);
		assert_int_equal(members, total);
		if (all) {
			enum_start(&it, n);
			while (enum_next(&it, p))
				memcpy(all[nall++], p, sizeof *p * (size_t)n);
			qsort(got, ngot, sizeof *got, cmp_solution);
			assert_int_equal(nall, ngot);
			assert_memory_equal(all, got, nall * sizeof *all);
		}
		free(all);
		free(got);
	}
}

/* Steps on and back land where unrank says, and stop at the ends. */
static void test_step_both_ways(void **state)
{
	static const int64_t steps[] = {1, -1, 3, -3, 10, -10, 100, -100};

	(void)state;
	for (int n = 1; n <= 9; n++) {
		uint64_t total = enum_total(n, NULL);

		for (uint64_t k = 1; k <= total; k++) {
			int p[9], q[9], r[9];

			assert_true(enum_unrank(n, k, NULL, p));
			for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
				int64_t d = steps[i];
				uint64_t to = d > 0 ? k + (uint64_t)d > total
				                              ? total
				                              : k + (uint64_t)d
				              : k <= (uint64_t)-d ? 1
				                                  : k - (uint64_t)-d;
				uint64_t moved = enum_step(n, p, d, q);

				assert_int_equal(moved, to > k ? to - k : k - to);
				assert_true(enum_unrank(n, to, NULL, r));
				assert_memory_equal(q, r, sizeof *q * (size_t)n);
			}
		}
	}
}

/* A rank or unrank another thread lost interest in gives up; else it answers. */
static void test_rank_cancel(void **state)
{
	atomic_int stop = 1, go = 0;
	int p[13], q[13];
	uint64_t k;

	(void)state;
	assert_int_equal(enum_unrank_cancel(13, 60000, NULL, p, &stop), -1);
	assert_int_equal(enum_unrank_cancel(13, 60000, NULL, p, &go), 1);
	assert_true(enum_unrank(13, 60000, NULL, q));
	assert_memory_equal(p, q, sizeof p);
	assert_int_equal(enum_rank_cancel(13, p, NULL, &k, &stop), -1);
	assert_int_equal(enum_rank_cancel(13, p, NULL, &k, &go), 1);
	assert_int_equal(k, 60000);
	p[12] = p[11];
	assert_int_equal(enum_rank_cancel(13, p, NULL, &k, &go), 0);
}

/* A catalog answers what it has walked past, later for the rest, then all of it. */
static void test_catalog_lookups(void **state)
{
	(void)state;
	for (int n = 1; n <= 12; n++) {
		struct catalog *c = catalog_new(n);
		struct catalog_state st;
		struct enum_iter it;
		struct class_iter ci;
		int p[ENUM_MAX_N], q[ENUM_MAX_N];
		uint64_t k = 0, i = 0, got, members = 0;

		assert_non_null(c);
		/* Nothing walked yet: everything is for later. */
		catalog_state(c, &st);
		assert_int_equal(st.solutions, 0);
		if (a000170[n]) {
			assert_true(enum_unrank(n, 1, NULL, p));
			assert_int_equal(catalog_solution(c, 1, q), CATALOG_LATER);
			assert_int_equal(catalog_index(c, p, &got), CATALOG_LATER);
			assert_int_equal(catalog_class_index(c, p, &got), CATALOG_LATER);
		}
		/* Walked in uneven steps, the counts only grow. */
		while (catalog_walk(c, 777)) {
			struct catalog_state now;

			catalog_state(c, &now);
			assert_true(now.solutions >= st.solutions);
			assert_true(now.classes >= st.classes);
			st = now;
		}
		assert_false(catalog_walk(c, 1));
		catalog_state(c, &st);
		assert_true(st.done && st.classes_done);
		assert_int_equal(st.solutions, a000170[n]);
		assert_int_equal(st.classes, a002562[n]);
		for (int o = 1; o <= 8; o++)
			members += st.by_orbit[o] * (uint64_t)o;
		assert_int_equal(members, a000170[n]);

		enum_start(&it, n);
		while (enum_next(&it, p)) {
			k++;
			if (n > 10 && k % 97 != 1)
				continue;
			assert_int_equal(catalog_solution(c, k, q), CATALOG_FOUND);
			assert_memory_equal(p, q, sizeof *p * (size_t)n);
			assert_int_equal(catalog_index(c, p, &got), CATALOG_FOUND);
			assert_int_equal(got, k);
			/* A solution that is no representative has no class number. */
			if (!classes_is_rep(n, p))
				assert_int_equal(catalog_class_index(c, p, &got),
				                 CATALOG_NONE);
		}
		assert_int_equal(catalog_solution(c, k + 1, q), CATALOG_NONE);
		assert_int_equal(catalog_solution(c, 0, q), CATALOG_NONE);
		classes_start(&ci, n);
		while (classes_next(&ci, p)) {
			i++;
			if (n > 10 && i % 13 != 1)
				continue;
			assert_int_equal(catalog_class(c, i, q), CATALOG_FOUND);
			assert_memory_equal(p, q, sizeof *p * (size_t)n);
			assert_int_equal(catalog_class_index(c, p, &got), CATALOG_FOUND);
			assert_int_equal(got, i);
		}
		assert_int_equal(catalog_class(c, i + 1, q), CATALOG_NONE);
		/* A position that is no solution is none of either. */
		if (n >= 4) {
			for (int f = 0; f < n; f++)
				p[f] = f;
			assert_int_equal(catalog_index(c, p, &got), CATALOG_NONE);
			assert_int_equal(catalog_class_index(c, p, &got), CATALOG_NONE);
		}
		catalog_free(c);
	}
}

/* Part of a walk: what lies before its end is there, what lies after is later. */
static void test_catalog_partial(void **state)
{
	struct catalog *c = catalog_new(14);
	struct catalog_state st;
	struct class_iter ci;
	int p[14], q[14], rep[14];
	uint64_t got, i = 0, want = 0;

	(void)state;
	assert_non_null(c);
	assert_true(catalog_walk(c, 10000));
	catalog_state(c, &st);
	assert_int_equal(st.solutions, 10000);
	assert_false(st.done);
	assert_true(enum_unrank(14, 9999, NULL, p));
	assert_int_equal(catalog_solution(c, 9999, q), CATALOG_FOUND);
	assert_memory_equal(p, q, sizeof p);
	assert_int_equal(catalog_solution(c, 10001, q), CATALOG_LATER);
	assert_true(enum_unrank(14, 10001, NULL, p));
	assert_int_equal(catalog_index(c, p, &got), CATALOG_LATER);
	/* The class number of a representative past the walk comes later. */
	classes_start(&ci, 14);
	while (classes_next(&ci, rep)) {
		i++;
		if (memcmp(rep, st.last, sizeof rep) > 0)
			break;
	}
	assert_int_equal(catalog_class_index(c, rep, &got), CATALOG_LATER);
	want = i;
	/* The whole walk of n = 14 keeps a few kilobytes, not 5 MB of solutions. */
	while (catalog_walk(c, 100000))
		;
	assert_int_equal(catalog_class_index(c, rep, &got), CATALOG_FOUND);
	assert_int_equal(got, want);
	assert_true(catalog_memory(c) < 20000);
	catalog_free(c);
}

/* Eight queens: 12 classes, 11 of eight members and one of four, its own 180° turn. */
static void test_eight_queens_symmetric_class(void **state)
{
	struct class_iter ci;
	int rep[ENUM_MAX_N], fours = 0, eights = 0;

	(void)state;
	classes_start(&ci, 8);
	while (classes_next(&ci, rep)) {
		struct class_variant v[SYM_COUNT];
		int orbit = classes_variants(8, rep, v), turned[ENUM_MAX_N];

		if (orbit == 4) {
			static const int want[8] = {2, 4, 1, 7,
			                            0, 6, 3, 5}; /* 3 5 2 8 1 7 4 6 */

			fours++;
			assert_memory_equal(rep, want, sizeof want);
			sym_apply(SYM_ROT180, 8, rep, turned);
			assert_memory_equal(rep, turned, sizeof want);
			assert_string_equal(classes_symmetry(orbit),
			                    "own 180\u00b0 turn");
			/* Its members coincide in pairs, a half turn apart. */
			assert_int_equal(v[0].syms, 1u << SYM_ID | 1u << SYM_ROT180);
			assert_int_equal(v[1].syms, 1u << SYM_ROT90 | 1u << SYM_ROT270);
			assert_int_equal(v[2].syms, 1u << SYM_FLIP_X | 1u << SYM_FLIP_Y);
			assert_int_equal(v[3].syms,
			                 1u << SYM_FLIP_DIAG | 1u << SYM_FLIP_ANTI);
		} else {
			assert_int_equal(orbit, 8);
			eights++;
		}
	}
	assert_int_equal(fours, 1);
	assert_int_equal(eights, 11);
}

static bool valid_large(int n, const int *p)
{
	struct position pos;
	bool ok;

	if (board_from_ranks(&pos, n, p) < 0)
		return false;
	ok = board_is_solution(&pos);
	board_free(&pos);
	return ok;
}

/* The construction is a solution for every n >= 4, in each of its three cases. */
static void test_construct_every_n(void **state)
{
	int *p = malloc(100003 * sizeof *p);

	(void)state;
	assert_non_null(p);
	for (int n = 4; n <= 3000; n++) {
		construct_ranks(n, p);
		assert_true(valid_large(n, p));
	}
	for (int n = 100000; n <= 100003; n++) {
		construct_ranks(n, p);
		assert_true(valid_large(n, p));
	}
	/* 2 4 6 8 3 1 7 5 for eight queens, as the Wikipedia article shows it. */
	construct_ranks(8, p);
	assert_int_equal(p[0], 1);
	assert_int_equal(p[4], 2);
	assert_int_equal(p[7], 4);
	free(p);
}

/* Repair: a solution for every n >= 4; the same seed, the same solution. */
static void test_repair(void **state)
{
	int *p = malloc(200000 * sizeof *p), *q = malloc(200000 * sizeof *q);
	struct repair_stats st;

	(void)state;
	assert_non_null(p);
	assert_non_null(q);
	for (int n = 4; n <= 300; n++) {
		assert_int_equal(repair_solve(n, (uint64_t)n, p, &st), 0);
		assert_true(valid_large(n, p));
	}
	assert_int_equal(repair_solve(200000, 7, p, &st), 0);
	assert_true(valid_large(200000, p));
	assert_int_equal(repair_solve(200000, 7, q, &st), 0);
	assert_memory_equal(p, q, 200000 * sizeof *p);
	assert_int_equal(repair_solve(200000, 8, q, &st), 0);
	assert_true(memcmp(p, q, 200000 * sizeof *p) != 0);
	assert_int_equal(repair_solve(3, 1, p, &st), -1);
	free(p);
	free(q);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_count_totals),
	        cmocka_unit_test(test_count_threads_agree),
	        cmocka_unit_test(test_count_matches_reference),
	        cmocka_unit_test(test_halves_match_backtrack),
	        cmocka_unit_test(test_halves_threads_agree),
	        cmocka_unit_test(test_halves_segments),
	        cmocka_unit_test(test_halves_kernels),
	        cmocka_unit_test(test_halves_odd),
	        cmocka_unit_test(test_rotational),
	        cmocka_unit_test(test_known_counts),
	        cmocka_unit_test(test_count_cancel),
	        cmocka_unit_test(test_count_bad_n),
	        cmocka_unit_test(test_count_progress),
	        cmocka_unit_test(test_eight_queens_classes),
	        cmocka_unit_test(test_orbit_sizes),
	        cmocka_unit_test(test_symmetry_group_laws),
	        cmocka_unit_test(test_rotation_direction),
	        cmocka_unit_test(test_unique_counts_by_canonical_form),
	        cmocka_unit_test(test_enumeration_order),
	        cmocka_unit_test(test_rank_unrank_roundtrip),
	        cmocka_unit_test(test_seek_continues),
	        cmocka_unit_test(test_table_agrees),
	        cmocka_unit_test(test_unrank_16),
	        cmocka_unit_test(test_table_errors),
	        cmocka_unit_test(test_parse_ranks),
	        cmocka_unit_test(test_parse_squares),
	        cmocka_unit_test(test_scan_words),
	        cmocka_unit_test(test_lines_reader),
	        cmocka_unit_test(test_parse_limits),
	        cmocka_unit_test(test_lines_and_between),
	        cmocka_unit_test(test_order_and_ends),
	        cmocka_unit_test(test_class_index_agrees),
	        cmocka_unit_test(test_conflicts),
	        cmocka_unit_test(test_board_edit),
	        cmocka_unit_test(test_format),
	        cmocka_unit_test(test_class_grouping),
	        cmocka_unit_test(test_construct_every_n),
	        cmocka_unit_test(test_repair),
	        cmocka_unit_test(test_eight_queens_symmetric_class),
	        cmocka_unit_test(test_step_both_ways),
	        cmocka_unit_test(test_rank_cancel),
	        cmocka_unit_test(test_catalog_lookups),
	        cmocka_unit_test(test_catalog_partial),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
