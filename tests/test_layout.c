/* Unit tests of the layout: regions shared by priority, a board and its panels, no
 * terminal. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tui/layout.h"

#define R(mn, pf, pr) ((struct layout_region){.min = (mn), .pref = (pf), .prio = (pr)})

/* Each region in turn gets its minimum, by priority; one that does not fit gets none. */
static void test_minimum_by_priority(void **state)
{
	struct layout_region r[] = {R(4, 4, 2), R(5, 5, 0), R(3, 3, 1), R(1, 1, 3)};

	(void)state;
	layout_share(r, 4, 0, 9);
	assert_true(r[1].shown);
	assert_int_equal(r[1].size, 5);
	assert_true(r[2].shown);
	assert_int_equal(r[2].size, 3);
	/* 4 lines no longer fit: that region is left out whole, not cut to 1. */
	assert_false(r[0].shown);
	assert_int_equal(r[0].size, 0);
	assert_int_equal(r[0].at, -1);
	/* A later region that fits still gets its line. */
	assert_true(r[3].shown);
	assert_int_equal(r[3].size, 1);
	/* Placed in the order given, whatever the priorities. */
	assert_int_equal(r[1].at, 0);
	assert_int_equal(r[2].at, 5);
	assert_int_equal(r[3].at, 8);
}

/* Every minimum comes before any preferred size, and those go by priority too. */
static void test_preferred_after_minimums(void **state)
{
	struct layout_region r[] = {R(2, 10, 0), R(2, 6, 1), R(2, 2, 2)};

	(void)state;
	layout_share(r, 3, 0, 12);
	assert_true(r[0].shown && r[1].shown && r[2].shown);
	/* 6 lines left after the minimums: the first wants 8 more and gets them all. */
	assert_int_equal(r[0].size, 8);
	assert_int_equal(r[1].size, 2);
	assert_int_equal(r[2].size, 2);
	layout_share(r, 3, 0, 20);
	assert_int_equal(r[0].size, 10);
	assert_int_equal(r[1].size, 6);
	assert_int_equal(r[2].size, 2);
}

/* Gaps go between shown regions once every region has what it wants, not before the
 * first. */
static void test_gaps(void **state)
{
	struct layout_region r[] = {R(2, 3, 0), R(2, 3, 1), R(2, 3, 2)};

	(void)state;
	for (int i = 0; i < 3; i++)
		r[i].gap = 1;
	layout_share(r, 3, 10, 9);
	assert_int_equal(r[0].gapped + r[1].gapped + r[2].gapped, 0);
	/* Wanted but not given: the first shown wants none. */
	assert_int_equal(r[0].missed, 0);
	assert_int_equal(r[1].missed, 1);
	assert_int_equal(r[2].missed, 1);
	assert_int_equal(r[0].at, 10);
	assert_int_equal(r[1].at, 13);
	assert_int_equal(r[2].at, 16);
	layout_share(r, 3, 10, 10);
	/* One line spare: the gap of the region served first. */
	assert_int_equal(r[0].gapped, 0);
	assert_int_equal(r[1].gapped, 1);
	assert_int_equal(r[2].gapped, 0);
	assert_int_equal(r[2].at, 17);
	/* A region not shown leaves no gap behind it. */
	r[0].min = 50;
	layout_share(r, 3, 0, 12);
	assert_false(r[0].shown);
	assert_int_equal(r[1].gapped, 0);
	assert_int_equal(r[1].at, 0);
	assert_int_equal(r[2].gapped, 1);
}

/* What is left after every preference goes to the regions that grow, by weight. */
static void test_grow(void **state)
{
	struct layout_region r[] = {R(1, 2, 0), R(1, 2, 1), R(1, 2, 2)};

	(void)state;
	r[0].grow = 1;
	r[2].grow = 2;
	layout_share(r, 3, 0, 16);
	/* 10 left: a third and two thirds, the odd line to the first by priority. */
	assert_int_equal(r[0].size, 2 + 4);
	assert_int_equal(r[1].size, 2);
	assert_int_equal(r[2].size, 2 + 6);
	assert_int_equal(r[0].size + r[1].size + r[2].size, 16);
	/* Nothing grows: the rest stays empty at the end. */
	r[0].grow = r[2].grow = 0;
	layout_share(r, 3, 0, 16);
	assert_int_equal(r[2].at + r[2].size, 6);
}

/* A region with no minimum is shown even when nothing is left. */
static void test_optional(void **state)
{
	struct layout_region r[] = {R(5, 5, 0), R(0, 1, 1)};

	(void)state;
	layout_share(r, 2, 0, 5);
	assert_true(r[1].shown);
	assert_int_equal(r[1].size, 0);
	layout_share(r, 2, 0, 6);
	assert_int_equal(r[1].size, 1);
	/* Too little room even for the first: nothing but what needs none. */
	layout_share(r, 2, 0, 3);
	assert_false(r[0].shown);
	assert_true(r[1].shown);
	assert_int_equal(r[1].size, 1);
}

static void test_compare(void **state)
{
	struct layout_region a[] = {R(2, 4, 0), R(2, 4, 1)}, b[2];

	(void)state;
	layout_share(a, 2, 0, 8);
	memcpy(b, a, sizeof b);
	assert_int_equal(layout_compare(a, b, 2), 0);
	/* The region served first decides: shown beats hidden, whatever comes after. */
	b[0].shown = false;
	b[1].size = 4;
	assert_true(layout_compare(a, b, 2) < 0);
	assert_true(layout_compare(b, a, 2) > 0);
	/* Both shown: nearer its preferred size. */
	memcpy(b, a, sizeof b);
	b[1].size = 3;
	assert_true(layout_compare(a, b, 2) < 0);
	/* A region narrower than it wants is as far from it as a line short. */
	memcpy(b, a, sizeof b);
	b[1].narrow = 1;
	assert_true(layout_compare(a, b, 2) < 0);
	b[1].narrow = 0;
	b[1].size = 3;
	a[1].narrow = 1;
	assert_int_equal(layout_compare(a, b, 2), 0);
	a[1].narrow = 0;
	/* Then the fewer gaps missed, then room to what grows. */
	memcpy(b, a, sizeof b);
	a[1].missed = 1;
	assert_true(layout_compare(b, a, 2) < 0);
	a[1].missed = 0;
	a[0].grow = b[0].grow = 1;
	memcpy(b, a, sizeof b);
	b[0].size = 9;
	assert_true(layout_compare(b, a, 2) < 0);
}

/*
 * A fake Watch: an 8x8 board at the sizes of squares 1x1 to 14x7, a listing
 * of 12 lines up to 50 columns wide that wraps when narrower, six counters
 * of 13 columns, a stack of 9 lines.
 */
enum { P_LISTING, P_COUNTERS, P_STACK, NP };

static void listing_measure(const void *ctx, int width, int *min, int *pref)
{
	static const int lens[12] = {22, 24, 49, 50, 20, 38, 10, 21, 49, 10, 0, 9};
	int lines = 1;

	(void)ctx;
	for (int i = 0; i < 12; i++)
		lines += lens[i] <= width ? 1 : 1 + (lens[i] - 1) / width;
	*pref = lines;
	*min = lines - 1; /* without its blank line */
}

static void counters_measure(const void *ctx, int width, int *min, int *pref)
{
	int per = (width + 2) / 15;

	(void)ctx;
	if (per < 1)
		per = 1;
	*min = (6 + per - 1) / per;
	*pref = 7;
}

static void stack_measure(const void *ctx, int width, int *min, int *pref)
{
	(void)ctx;
	(void)width;
	*min = 2;
	*pref = 9;
}

static void fake_board(struct layout_board *b, int colw)
{
	static const int sq[][2] = {{1, 1}, {2, 1},  {3, 1},  {4, 2}, {6, 3},
	                            {8, 4}, {10, 5}, {12, 6}, {14, 7}};

	memset(b, 0, sizeof *b);
	for (int i = 0; i < 9; i++) {
		if (sq[i][0] < colw)
			continue;
		b->sizes[b->nsizes].h = 8 * sq[i][1] + 1;
		b->sizes[b->nsizes].w = 2 + 8 * sq[i][0];
		if (sq[i][1] == 2 && !b->readable)
			b->readable = b->nsizes;
		b->nsizes++;
	}
}

static void fake_panels(struct layout_panel *p)
{
	p[P_LISTING] = (struct layout_panel){.present = true,
	                                     .prio = 2,
	                                     .gap = 1,
	                                     .min_w = 30,
	                                     .pref_w = 50,
	                                     .measure = listing_measure};
	p[P_COUNTERS] = (struct layout_panel){.present = true,
	                                      .prio = 1,
	                                      .gap = 1,
	                                      .min_w = 13,
	                                      .pref_w = 13,
	                                      .measure = counters_measure};
	p[P_STACK] = (struct layout_panel){.present = true,
	                                   .prio = 3,
	                                   .gap = 1,
	                                   .min_w = 17,
	                                   .pref_w = 17,
	                                   .measure = stack_measure};
}

static const struct layout_arrangement arrangements[] = {
        {{1, 1, 1}}, {{1, 1, 0}}, {{1, 0, 1}}, {{2, 1, 2}}, {{1, 2, 0}},
};
#define NARR ((int)(sizeof arrangements / sizeof arrangements[0]))

static bool overlap(struct layout_rect a, struct layout_rect b)
{
	return a.y < b.y + b.h && b.y < a.y + a.h && a.x < b.x + b.w && b.x < a.x + a.w;
}

static bool inside(struct layout_rect a, struct layout_rect area)
{
	return a.y >= area.y && a.x >= area.x && a.y + a.h <= area.y + area.h &&
	       a.x + a.w <= area.x + area.w;
}

/* At 60x20 (16 lines for the body) the listing shows whole beside the board. */
static void test_board_small(void **state)
{
	struct layout_board b;
	struct layout_panel p[NP];
	struct layout_rect area = {2, 0, 16, 60};
	int mn, pf;

	(void)state;
	for (int colw = 1; colw <= 2; colw++) {
		fake_board(&b, colw);
		fake_panels(p);
		assert_true(layout_board(&b, p, NP, arrangements, NARR, area, 1) >= 0);
		assert_int_equal(b.at.h, 9); /* the smallest board */
		assert_true(p[P_LISTING].shown);
		listing_measure(NULL, p[P_LISTING].at.w, &mn, &pf);
		assert_true(p[P_LISTING].at.h >= mn);
		assert_true(p[P_COUNTERS].shown);
		assert_true(inside(p[P_LISTING].at, area));
		assert_false(overlap(p[P_LISTING].at, b.at));
		assert_false(overlap(p[P_COUNTERS].at, b.at));
		assert_false(overlap(p[P_LISTING].at, p[P_COUNTERS].at));
	}
}

/* At 200x60 everything is shown as it wants, and the board takes the rest. */
static void test_board_large(void **state)
{
	struct layout_board b;
	struct layout_panel p[NP];
	struct layout_rect area = {2, 0, 56, 200};
	int mn, pf;

	(void)state;
	fake_board(&b, 1);
	fake_panels(p);
	assert_true(layout_board(&b, p, NP, arrangements, NARR, area, 2) >= 0);
	for (int i = 0; i < NP; i++) {
		assert_true(p[i].shown);
		p[i].measure(NULL, p[i].at.w, &mn, &pf);
		assert_int_equal(p[i].at.h, pf);
		assert_true(p[i].at.w >= p[i].pref_w);
	}
	/* Squares of 12x6: the largest that fit 56 lines; the listing not squeezed. */
	assert_true(p[P_LISTING].at.w >= 50);
	assert_int_equal(b.at.h, 49);
	assert_int_equal(b.at.w, 98);
}

/* From 40x12 to 250x80: nothing overlaps, nothing leaves the area, minimums kept. */
static void test_board_every_size(void **state)
{
	(void)state;
	for (int w = 40; w <= 250; w += 7) {
		for (int h = 12; h <= 80; h += 3) {
			struct layout_board b;
			struct layout_panel p[NP];
			struct layout_rect area = {2, 0, h - 4, w};

			fake_board(&b, 1);
			fake_panels(p);
			if (layout_board(&b, p, NP, arrangements, NARR, area, 2) < 0) {
				/* Only when not even the smallest board fits. */
				assert_true(h - 4 < 9);
				continue;
			}
			assert_true(inside(b.at, area));
			for (int i = 0; i < NP; i++) {
				int mn, pf;

				if (!p[i].shown)
					continue;
				assert_true(inside(p[i].at, area));
				assert_false(overlap(p[i].at, b.at));
				for (int j = 0; j < i; j++)
					assert_false(p[j].shown &&
					             overlap(p[i].at, p[j].at));
				p[i].measure(NULL, p[i].at.w, &mn, &pf);
				assert_true(p[i].at.h >= mn);
				assert_true(p[i].at.w >= p[i].min_w);
			}
			/* Where the counters fit beside the smallest board, they show. */
			if (w - 10 - 2 >= 13 && h - 4 >= 9)
				assert_true(p[P_COUNTERS].shown);
		}
	}
}

/* A panel the screen does not show takes no room. */
static void test_board_absent(void **state)
{
	struct layout_board b;
	struct layout_panel p[NP];
	struct layout_rect area = {0, 0, 30, 100};

	(void)state;
	fake_board(&b, 1);
	fake_panels(p);
	p[P_LISTING].present = false;
	assert_true(layout_board(&b, p, NP, arrangements, NARR, area, 2) >= 0);
	assert_false(p[P_LISTING].shown);
	assert_true(p[P_COUNTERS].shown && p[P_STACK].shown);
}

/* A fake board of n squares a side, squares from 1x1 to 14x7, labels 2 wide. */
static int fake_fit(void *ctx, int h, int w, struct layout_size *got)
{
	static const int sq[][2] = {{14, 7}, {12, 6}, {10, 5}, {8, 4}, {6, 3},
	                            {4, 2},  {3, 1},  {2, 1},  {1, 1}};
	int n = *(int *)ctx;

	for (int i = 0; i < 9; i++) {
		if (n * sq[i][0] + 2 <= w && n * sq[i][1] + 1 <= h) {
			got->h = n * sq[i][1] + 1;
			got->w = n * sq[i][0] + 2;
			return 1;
		}
	}
	/* Scrolls: one-column squares, as many ranks and files as fit. */
	if (w < 3 || h < 2)
		return -1;
	got->h = h;
	got->w = w - 2 < n ? w : n + 2;
	return 0;
}

static void test_board_sizes(void **state)
{
	struct layout_board b;
	int n = 8;

	(void)state;
	layout_board_sizes(&b, 56, 200, fake_fit, &n);
	/* Every square size that fits, the narrow ones at 9 lines too. */
	assert_int_equal(b.nsizes, 8);
	assert_int_equal(b.whole, 0);
	assert_int_equal(b.readable, 0);
	assert_int_equal(b.sizes[0].h, 9);
	assert_int_equal(b.sizes[0].w, 10);
	assert_int_equal(b.sizes[1].w, 18);
	assert_int_equal(b.sizes[2].w, 26);
	assert_int_equal(b.sizes[3].h, 17);
	assert_int_equal(b.sizes[7].h, 49);
	assert_int_equal(b.sizes[7].w, 98);
	for (int i = 1; i < b.nsizes; i++)
		assert_true(b.sizes[i].h > b.sizes[i - 1].h ||
		            (b.sizes[i].h == b.sizes[i - 1].h &&
		             b.sizes[i].w > b.sizes[i - 1].w));
	/* Too short to show whole: the widths it scrolls in, none whole. */
	n = 20;
	layout_board_sizes(&b, 8, 40, fake_fit, &n);
	assert_true(b.nsizes > 1);
	assert_int_equal(b.whole, b.nsizes);
	for (int i = 0; i < b.nsizes; i++)
		assert_true(b.sizes[i].h == 8 && b.sizes[i].w <= 22);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_minimum_by_priority),
	        cmocka_unit_test(test_preferred_after_minimums),
	        cmocka_unit_test(test_gaps),
	        cmocka_unit_test(test_grow),
	        cmocka_unit_test(test_optional),
	        cmocka_unit_test(test_compare),
	        cmocka_unit_test(test_board_small),
	        cmocka_unit_test(test_board_large),
	        cmocka_unit_test(test_board_every_size),
	        cmocka_unit_test(test_board_absent),
	        cmocka_unit_test(test_board_sizes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
