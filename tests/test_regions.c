/* Unit tests of Queens with regions: the file, the exact and logical solvers, the
 * generator. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "engine/puzzle.h"
#include "engine/regions.h"
#include "engine/rng.h"

/* A board from its rows of letters, the top row first, as a file writes them. */
static void board_of(struct regions_board *b, int n, const char *const *rows)
{
	memset(b, 0, sizeof *b);
	b->n = n;
	for (int f = 0; f < REGIONS_MAX_N; f++)
		b->given[f] = -1;
	b->grade = REGIONS_UNGRADED;
	for (int i = 0; i < n; i++)
		for (int f = 0; f < n; f++)
			b->region[(n - 1 - i) * n + f] = (uint8_t)(rows[i][f] - 'a');
}

/* A set of squares by rank from their names ("c4 d5"). */
static void squares_of(const char *names, uint16_t *set)
{
	memset(set, 0, sizeof(uint16_t) * REGIONS_MAX_N);
	for (const char *p = names; *p;) {
		if (*p == ' ') {
			p++;
			continue;
		}
		set[atoi(p + 1) - 1] |= (uint16_t)(1u << (*p - 'a'));
		p++;
		while (*p >= '0' && *p <= '9')
			p++;
	}
}

static void assert_set(const uint16_t *got, const char *names)
{
	uint16_t want[REGIONS_MAX_N];

	squares_of(names, want);
	for (int r = 0; r < REGIONS_MAX_N; r++)
		if (got[r] != want[r])
			fail_msg("rank %d: got files %#x, want %#x (%s)", r + 1, got[r],
			         want[r], names);
}

/* Every solution counted the slow way: all permutations, every rule checked. */
static int brute_count(const struct regions_board *b)
{
	int n = b->n, p[REGIONS_MAX_N], c[REGIONS_MAX_N] = {0}, count = 0, i = 0;

	/* Heap's algorithm over the ranks by file. */
	for (int f = 0; f < n; f++)
		p[f] = f;
	for (;;) {
		bool ok = true;

		for (int f = 0; f < n && ok; f++) {
			if (b->given[f] >= 0 && p[f] != b->given[f])
				ok = false;
			for (int g = f + 1; g < n && ok; g++)
				ok = !regions_conflict(b, (struct square){f, p[f]},
				                       (struct square){g, p[g]});
		}
		count += ok;
		while (i < n && c[i] >= i) {
			c[i] = 0;
			i++;
		}
		if (i >= n)
			break;
		{
			int j = i % 2 ? c[i] : 0, t = p[j];

			p[j] = p[i];
			p[i] = t;
		}
		c[i]++;
		i = 0;
	}
	return count;
}

/* The example of nqueens(6), REGIONS PUZZLE FILES. */
static const char full_file[] = "# one given queen, and two squares crossed out\n"
                                "title: Hand made\n"
                                "size: 5\n"
                                "grade: easy\n"
                                "regions:\n"
                                "aabbb\n"
                                "abbbb\n"
                                "acbbb\n"
                                "aabbd\n"
                                "aaebd\n"
                                "queens: b3\n"
                                "marks: a1 e5\n";

static void test_round_trip(void **state)
{
	struct regions_board b, c;
	char err[256], buf[1024], again[1024];

	(void)state;
	assert_int_equal(regions_parse(full_file, "f.txt", &b, err, sizeof err), 0);
	assert_int_equal(b.n, 5);
	assert_string_equal(b.title, "Hand made");
	assert_int_equal(b.grade, REGIONS_EASY);
	assert_int_equal(b.regions_line, 5);
	assert_int_equal(b.ngiven, 1);
	assert_int_equal(b.given[1], 2);
	assert_int_equal(regions_region(&b, (struct square){1, 2}), 2);
	assert_int_equal(regions_region(&b, (struct square){4, 0}), 3);
	assert_int_equal(b.marks[0], 1);
	assert_int_equal(b.marks[4], 1 << 4);
	regions_format(&b, buf, sizeof buf);
	assert_string_equal(buf, strchr(full_file, '\n') + 1);
	assert_int_equal(regions_parse(buf, "g.txt", &c, err, sizeof err), 0);
	regions_format(&c, again, sizeof again);
	assert_string_equal(buf, again);
	assert_true(regions_is_regions_text(full_file));
	assert_false(regions_is_regions_text("size: 5\n# regions:\nqueens: a1\n"));
	/* The length needed, as snprintf, when the buffer is short. */
	assert_int_equal(regions_format(&b, buf, 10), strlen(again));
	assert_int_equal(strlen(buf), 9);
}

/* A file made in pieces around one bad line. */
struct bad {
	const char *text;
	const char *want; /* in the error, from the name and line on */
};

static void test_bad_files(void **state)
{
	static const struct bad bad[] = {
	        /* wrong shape */
	        {"size: 5\nregions:\naabbb\nabbbb\nacbb\naabbd\naaebd\n",
	         "b.txt:5: 4 squares in this row of regions, not 5"},
	        {"size: 5\nregions:\naabbb\nabbbb\nacbbb\naabbd\n",
	         "b.txt:2: 4 rows of regions follow 'regions:', not 5"},
	        {"size: 5\nregions:\naabbb\nabbbb\nacbbb\naabbd\naaebd\naaaaa\n",
	         "b.txt:2: 6 rows of regions follow 'regions:', not 5"},
	        /* letters outside the board's */
	        {"size: 5\nregions:\naabbb\nabbbb\nacbfb\naabbd\naaebd\n",
	         "b.txt:5: 'f' is not a region of a 5×5 board: its 5 regions are the "
	         "letters a to e"},
	        {"size: 5\nregions:\naabbb\nabbbb\nacBbb\naabbd\naaebd\n",
	         "b.txt:5: 'B' is not a region"},
	        /* regions not n */
	        {"size: 5\nregions:\naabbb\nabbbb\nabbbb\naabbd\naaabd\n",
	         "b.txt:2: region 'c' is missing: a 5×5 board has 5 regions"},
	        /* a region in two parts */
	        {"size: 5\nregions:\naabbb\nabbbb\nacbbb\naabbd\ndaebd\n",
	         "b.txt:7: region 'd' is in two parts (a1 is not joined to e2"},
	        {"size: 5\nregions:\naabbb\nabbbb\nacbbb\naabbd\naaebd\nqueens: c3 d2\n",
	         "b.txt:8: the given queens on d2 and c3 touch"},
	        {"size: 5\nregions:\naabbb\nabbbb\nacbbb\naabbd\naaebd\nqueens: z9\n",
	         "b.txt:8: z9 is off the 5×5 board"},
	        {"size: 5\nregions:\naabbb\nabbbb\nacbbb\naabbd\naaebd\nmarks: c3 c3\n",
	         "b.txt:8: c3 is named twice"},
	        /* no solution */
	        {"size: 5\nregions:\naabbb\nabbbb\nacbbb\naabbd\naaebd\nqueens: c3\n",
	         "b.txt:2: no solution: no way to place 5 queens"},
	        /* the reader of the other kind of file */
	        {"title: classic\nsize: 8\nqueens: a1\n",
	         "b.txt: a classic puzzle file, not a regions puzzle"},
	        {"size: 17\nregions:\n",
	         "b.txt:1: the size must be a number from 4 to 16"},
	        {"size: 5\ngrade: fiendish\n",
	         "b.txt:2: the grade must be easy, medium or hard"},
	        {"size: 5\nregions: aabbb\n",
	         "b.txt:2: 'regions:' stands alone on its line"},
	        {"size: 5\ncolour: red\n", "b.txt:2: unknown key 'colour'"},
	        {"size: 5\naabbb\n", "b.txt:2: 'aabbb' is not 'key: value'"},
	        {"regions:\naabbb\n", "b.txt: no 'size:' line"},
	};

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct regions_board b;
		char err[512];

		if (regions_parse(bad[i].text, "b.txt", &b, err, sizeof err) == 0)
			fail_msg("accepted: %s", bad[i].text);
		if (!strstr(err, bad[i].want))
			fail_msg("got '%s', want '%s'", err, bad[i].want);
	}
}

/* The classic reader names a regions file as such. */
static void test_classic_reads_regions(void **state)
{
	struct puzzle pz;
	char err[512];

	(void)state;
	assert_int_equal(puzzle_parse(full_file, "r.txt", &pz, err, sizeof err), -1);
	assert_non_null(strstr(err,
	                       "r.txt:5: a regions puzzle (Queens with regions), not a "
	                       "classic puzzle"));
}

/* Two solutions and a wrong grade are what --check finds. */
static void test_check(void **state)
{
	struct regions_board b;
	enum regions_grade m;
	char err[512];

	(void)state;
	assert_int_equal(regions_parse("size: 5\nregions:\naabbb\naabcc\nddbcc\nddeec\n"
	                               "deeee\n",
	                               "two.txt", &b, err, sizeof err),
	                 0);
	assert_int_equal(regions_check(&b, "two.txt", &m, err, sizeof err), 1);
	assert_non_null(strstr(err,
	                       "two.txt:2: two solutions or more (a4 b2 c5 d1 e3, and "
	                       "a4 b2 c5 d3 e1)"));
	assert_int_equal(regions_parse(full_file, "one.txt", &b, err, sizeof err), 0);
	assert_int_equal(regions_check(&b, "one.txt", &m, err, sizeof err), 0);
	assert_int_equal(m, REGIONS_EASY);
	b.grade = REGIONS_HARD;
	assert_int_equal(regions_check(&b, "one.txt", &m, err, sizeof err), 1);
	assert_non_null(strstr(
	        err, "one.txt: declared hard, but the logical solver measures it easy"));
}

/* The rules themselves: touching includes the diagonals, and nothing further. */
static void test_rules(void **state)
{
	static const char *const rows[] = {"aabbb", "aabcc", "ddbcc", "ddeec", "deeee"};
	struct regions_board b;

	(void)state;
	board_of(&b, 5, rows);
	assert_true(regions_touch((struct square){1, 1}, (struct square){2, 2}));
	assert_true(regions_touch((struct square){1, 1}, (struct square){0, 2}));
	assert_false(regions_touch((struct square){1, 1}, (struct square){3, 3}));
	assert_false(regions_touch((struct square){1, 1}, (struct square){1, 1}));
	/* A long diagonal is no attack here; the same region is. */
	assert_false(regions_conflict(&b, (struct square){0, 0}, (struct square){3, 3}));
	assert_true(regions_conflict(&b, (struct square){0, 4}, (struct square){1, 3}));
	assert_true(regions_conflict(&b, (struct square){2, 4}, (struct square){2, 2}));
	assert_true(regions_conflict(&b, (struct square){3, 3}, (struct square){4, 2}));
	/* What a queen rules out is what conflicts with it, square by square. */
	for (int q = 0; q < 25; q++) {
		uint16_t att[REGIONS_MAX_N];
		struct square qs = {q % 5, q / 5};

		regions_attacked(&b, qs, att);
		for (int s = 0; s < 25; s++) {
			struct square ss = {s % 5, s / 5};

			assert_int_equal((att[ss.rank] >> ss.file) & 1,
			                 s == q || regions_conflict(&b, qs, ss));
		}
		assert_int_equal(att[5], 0);
	}
	/* a touches b and d; c touches b and e. */
	assert_int_equal(regions_adjacent(&b, 0), (1 << 1) | (1 << 3));
	assert_int_equal(regions_adjacent(&b, 2), (1 << 1) | (1 << 4));
}

/* The exact solver against every permutation, on hand-made and random maps. */
static void test_exact(void **state)
{
	static const char *const two[] = {"aabbb", "aabcc", "ddbcc", "ddeec", "deeee"};
	static const char *const one[] = {"aabbb", "abbbb", "acbbb", "aabbd", "aaebd"};
	struct regions_board b;
	int first[REGIONS_MAX_N], c, total = 0;
	uint64_t x = 36, nodes;

	(void)state;
	board_of(&b, 5, two);
	assert_int_equal(regions_count(&b, 0, NULL, NULL), 7);
	assert_int_equal(brute_count(&b), 7);
	assert_int_equal(regions_count(&b, 2, NULL, NULL), 2);
	board_of(&b, 5, one);
	assert_int_equal(regions_count(&b, 2, first, &nodes), 1);
	assert_true(nodes > 0);
	/* a5 b3 c1 d4 e2, the one solution. */
	assert_int_equal(first[0], 4);
	assert_int_equal(first[1], 2);
	assert_int_equal(first[2], 0);
	assert_int_equal(first[3], 3);
	assert_int_equal(first[4], 1);
	for (int f = 0; f < 5; f++)
		for (int g = f + 1; g < 5; g++)
			assert_false(regions_conflict(&b, (struct square){f, first[f]},
			                              (struct square){g, first[g]}));
	b.given[0] = first[0] == 0 ? 1 : 0;
	assert_int_equal(regions_count(&b, 2, NULL, NULL), 0);
	/*
	 * Maps of n regions cut at random (not always connected), n 4 to 7:
	 * most squares take the region of the square below or beside, some a
	 * new one; every region is then put on one square at least.
	 */
	for (int t = 0; t < 400; t++) {
		int n = 4 + t % 4, order[REGIONS_MAX_N * REGIONS_MAX_N];

		memset(&b, 0, sizeof b);
		b.n = n;
		for (int f = 0; f < REGIONS_MAX_N; f++)
			b.given[f] = -1;
		for (int s = 0; s < n * n; s++) {
			int k = rng_below(&x, 4);

			b.region[s] = (uint8_t)(k == 0 && s >= n      ? b.region[s - n]
			                        : k == 1 && s % n > 0 ? b.region[s - 1]
			                                              : rng_below(&x, n));
			order[s] = s;
		}
		rng_shuffle(&x, order, n * n);
		for (int g = 0; g < n; g++)
			b.region[order[g]] = (uint8_t)g;
		if (t % 5 == 0)
			b.given[rng_below(&x, n)] = rng_below(&x, n);
		c = brute_count(&b);
		total += c;
		assert_int_equal(regions_count(&b, 0, NULL, NULL), c);
	}
	assert_true(total > 100);
}

/*
 * A 16×16 map with no solution that a search row by row would take hours to
 * rule out: a16 and b16 are regions of one square each, in one row.  The
 * solver branches on the region with the fewest free squares and sees it at
 * once.
 */
static void test_exact_fast(void **state)
{
	struct regions_board b;
	uint64_t nodes;

	(void)state;
	memset(&b, 0, sizeof b);
	b.n = 16;
	for (int f = 0; f < REGIONS_MAX_N; f++)
		b.given[f] = -1;
	for (int r = 0; r < 16; r++)
		for (int f = 0; f < 16; f++)
			b.region[r * 16 + f] = (uint8_t)(r == 15 || f >= 3 ? f : 2);
	assert_int_equal(regions_count(&b, 2, NULL, &nodes), 0);
	assert_true(nodes < 100);
}

/* The first deduction of a position: its kind, and what it strikes or places. */
static void first_deduction(const struct regions_state *st, enum regions_kind kind,
                            const char *strikes, const char *queen, const char *words)
{
	struct regions_deduction d;
	enum regions_grade want;

	assert_int_equal(regions_next_deduction(st, &d), 1);
	if (d.kind != kind)
		fail_msg("got %s (%s), want %s", regions_kind_name(d.kind), d.text,
		         regions_kind_name(kind));
	/* The grades of the issue, written out here. */
	want = kind <= REGIONS_LAST_IN_REGION ? REGIONS_EASY
	       : kind <= REGIONS_WOULD_EMPTY  ? REGIONS_MEDIUM
	                                      : REGIONS_HARD;
	assert_int_equal(d.grade, want);
	assert_int_equal(regions_kind_grade(kind), want);
	if (queen) {
		char name[16];

		assert_true(d.places);
		snprintf(name, sizeof name, "%c%d", 'a' + d.queen.file, d.queen.rank + 1);
		assert_string_equal(name, queen);
		assert_int_equal(d.nstrikes, 0);
	} else {
		assert_false(d.places);
		assert_set(d.strikes, strikes);
	}
	if (!strstr(d.text, words))
		fail_msg("'%s' does not say '%s'", d.text, words);
}

static void test_easy_deductions(void **state)
{
	static const char *const map[] = {"aabbb", "aabcc", "ddbcc", "ddeec", "deeee"};
	static const char *const single[] = {"abbbb", "ccbdd", "ccbdd", "eeedd", "eeeee"};
	struct regions_board b;
	struct regions_state st;
	struct regions_deduction d;

	(void)state;
	board_of(&b, 5, map);
	/* A queen strikes its row, column, region and the squares touching it. */
	regions_state_init(&st, &b);
	regions_state_place(&st, (struct square){0, 4});
	first_deduction(&st, REGIONS_QUEEN_STRIKES, "b5 c5 d5 e5 a4 a3 a2 a1 b4", NULL,
	                "The queen on a5 rules out the rest of row 5, column a and the a "
	                "region, and the squares touching it: strike 9 squares.");
	regions_next_deduction(&st, &d);
	regions_apply(&st, &d);
	assert_int_equal(st.free[4], 0);
	/* A row with one free square left. */
	regions_state_init(&st, &b);
	for (int f = 0; f < 4; f++)
		regions_state_strike(&st, (struct square){f, 0});
	first_deduction(&st, REGIONS_LAST_IN_ROW, NULL, "e1",
	                "Row 1 has one free square left, e1: its queen goes there.");
	regions_next_deduction(&st, &d);
	regions_apply(&st, &d);
	assert_int_equal(st.queen[0], 4);
	assert_int_equal(st.queens, 1);
	/* A column. */
	regions_state_init(&st, &b);
	for (int r = 0; r < 4; r++)
		regions_state_strike(&st, (struct square){0, r});
	first_deduction(&st, REGIONS_LAST_IN_COLUMN, NULL, "a5",
	                "Column a has one free square left, a5");
	/* A region of one square. */
	board_of(&b, 5, single);
	regions_state_init(&st, &b);
	first_deduction(&st, REGIONS_LAST_IN_REGION, NULL, "a5",
	                "The a region has one free square left, a5");
}

static void test_medium_deductions(void **state)
{
	static const char *const in_row[] = {"aabbb", "cccbb", "cdddb", "cddee", "ceeee"};
	static const char *const row_in[] = {"aaaaa", "abbcc", "bbbcc", "ddbee", "ddeee"};
	static const char *const empty[] = {"aabbb", "accbb", "cccdb", "eeddd", "eeedd"};
	struct regions_board b;
	struct regions_state st;

	(void)state;
	board_of(&b, 5, in_row);
	regions_state_init(&st, &b);
	first_deduction(
	        &st, REGIONS_REGION_IN_LINE, "c5 d5 e5", NULL,
	        "The a region lies only in row 5: its queen is there, so no other "
	        "region can have its queen in row 5: strike c5, d5 and e5.");
	board_of(&b, 5, row_in);
	regions_state_init(&st, &b);
	first_deduction(&st, REGIONS_LINE_IN_REGION, "a4", NULL,
	                "The free squares of row 5 all lie in the a region: the queen of "
	                "row 5 is that region's, so the rest of the a region can have "
	                "none: strike a4.");
	board_of(&b, 5, empty);
	regions_state_init(&st, &b);
	first_deduction(&st, REGIONS_WOULD_EMPTY, "b4", NULL,
	                "A queen on b4 would rule out every free square of the a region, "
	                "which would be left without a queen: strike it.");
}

static void test_hard_deductions(void **state)
{
	static const char *const in_rows[] = {"aabbcc", "aabbcc", "dddccf",
	                                      "deeeff", "deefff", "ddeeff"};
	static const char *const rows_in[] = {"aaabbb", "aaabbb", "ddaccb",
	                                      "dddcff", "eeccff", "eeccff"};
	static const char *const names[] = {"purple", "orange", "blue",
	                                    "green",  "red",    "grey"};
	struct regions_board b;
	struct regions_state st;
	struct regions_deduction d;
	char words[REGIONS_TEXT_MAX];

	(void)state;
	board_of(&b, 6, in_rows);
	regions_state_init(&st, &b);
	first_deduction(
	        &st, REGIONS_REGIONS_IN_LINES, "e5 f5 e6 f6", NULL,
	        "The a and b regions lie only in rows 5 and 6: their 2 queens fill "
	        "those rows, so no other region can have its queen in rows 5 or 6: "
	        "strike e5, f5, e6 and f6.");
	regions_next_deduction(&st, &d);
	assert_int_equal(d.k, 2);
	assert_int_equal(d.regions, 3);
	assert_int_equal(d.rows, 3 << 4);
	assert_set(d.uses, "a5 b5 c5 d5 a6 b6 c6 d6");
	/* The screens name the regions by colour. */
	regions_describe(&b, &d, names, words, sizeof words);
	assert_string_equal(words,
	                    "The purple and orange regions lie only in rows 5 and 6: "
	                    "their 2 queens fill those rows, so no other region can "
	                    "have its queen in rows 5 or 6: strike e5, f5, e6 and f6.");
	board_of(&b, 6, rows_in);
	regions_state_init(&st, &b);
	first_deduction(
	        &st, REGIONS_LINES_IN_REGIONS, "c4 f4", NULL,
	        "The free squares of rows 5 and 6 lie only in the a and b regions: "
	        "those 2 rows take the queens of these 2 regions, so the rest of the "
	        "a and b regions can have none: strike c4 and f4.");
}

/* A player's wrong queen or marks: the solver says what is broken. */
static void test_broken(void **state)
{
	static const char *const map[] = {"aabbb", "aabcc", "ddbcc", "ddeec", "deeee"};
	struct regions_board b;
	struct regions_state st;
	struct regions_deduction d;

	(void)state;
	board_of(&b, 5, map);
	regions_state_init(&st, &b);
	regions_state_place(&st, (struct square){0, 0});
	regions_state_place(&st, (struct square){1, 1});
	assert_int_equal(regions_next_deduction(&st, &d), -1);
	assert_string_equal(d.text,
	                    "The queens on a1 and b2 touch: one of them is wrong.");
	regions_state_init(&st, &b);
	for (int f = 0; f < 5; f++)
		regions_state_strike(&st, (struct square){f, 2});
	assert_int_equal(regions_next_deduction(&st, &d), -1);
	assert_string_equal(d.text,
	                    "Row 3 has no queen and no free square left: a queen or "
	                    "a mark is wrong.");
}

/*
 * The generator: over sizes 5 to 12 and the three grades, each puzzle has
 * one solution by the exact solver and its grade by the logical solver,
 * which solves it to the end.
 */
static void test_generate(void **state)
{
	static const char *const two[] = {"aabbb", "aabcc", "ddbcc", "ddeec", "deeee"};
	struct regions_board b;
	int made = 0;
	clock_t t0 = clock();

	(void)state;
	/* A broken exact solver would have the generator try for hours: not that. */
	board_of(&b, 5, two);
	if (regions_count(&b, 0, NULL, NULL) != 7)
		fail_msg("the exact solver counts %d solutions of a board with 7",
		         regions_count(&b, 0, NULL, NULL));
	for (int i = 0; i < 500; i++) {
		int n = REGIONS_GEN_MIN_N +
		        i % (REGIONS_GEN_MAX_N - REGIONS_GEN_MIN_N + 1);
		enum regions_grade g = (enum regions_grade)(i / 8 % 3);
		struct regions_solve s;
		int sol[REGIONS_MAX_N];
		char err[256];

		if (regions_generate(n, g, (uint64_t)i, &b) != 0)
			fail_msg("no %s puzzle for n = %d, seed %d",
			         regions_grade_name(g), n, i);
		assert_int_equal(regions_check_map(&b, err, sizeof err), 0);
		assert_int_equal(regions_count(&b, 2, sol, NULL), 1);
		assert_int_equal(b.grade, g);
		assert_int_equal(regions_grade(&b, &s), g);
		assert_true(s.solved);
		/* Every fifth: each deduction strikes no square of the solution. */
		if (i % 5 == 0) {
			struct regions_state st;
			struct regions_deduction d;

			regions_state_init(&st, &b);
			while (regions_next_deduction(&st, &d) == 1) {
				for (int f = 0; f < n; f++)
					assert_false(d.strikes[sol[f]] & (1u << f));
				if (d.places)
					assert_int_equal(sol[d.queen.file], d.queen.rank);
				regions_apply(&st, &d);
			}
		}
		made++;
	}
	assert_int_equal(made, 500);
	printf("# 500 puzzles made and checked in %.1f s\n",
	       (double)(clock() - t0) / CLOCKS_PER_SEC);
}

/* The same seed makes the same puzzle, here and on every machine. */
static void test_generate_pinned(void **state)
{
	struct regions_board b, c;
	char buf[1024], again[1024];

	(void)state;
	assert_int_equal(regions_generate(8, REGIONS_HARD, 1, &b), 0);
	regions_format(&b, buf, sizeof buf);
	assert_string_equal(buf, "title: 8 queens with regions, hard, seed 1\n"
	                         "size: 8\n"
	                         "grade: hard\n"
	                         "regions:\n"
	                         "aaaabbbb\n"
	                         "aaacccbb\n"
	                         "aacccccd\n"
	                         "eeccdccd\n"
	                         "eeccdddd\n"
	                         "effgdddh\n"
	                         "eefffddh\n"
	                         "eeeffhhh\n");
	assert_int_equal(regions_generate(8, REGIONS_HARD, 1, &c), 0);
	regions_format(&c, again, sizeof again);
	assert_string_equal(buf, again);
	assert_int_equal(regions_generate(4, REGIONS_EASY, 1, &b), -1);
	assert_int_equal(regions_generate(13, REGIONS_EASY, 1, &b), -1);
	assert_int_equal(regions_generate(8, REGIONS_GUESSING, 1, &b), -1);
}

/*
 * The stepping search: every solution once (as the exact solver counts),
 * each placed queen free of those below it, each rejection true, and at the
 * end every queen lifted again.
 */
static void test_search(void **state)
{
	static const char *const two[] = {"aabbb", "aabcc", "ddbcc", "ddeec", "deeee"};
	static const char *const one[] = {"aabbb", "abbbb", "acbbb", "aabbd", "aaebd"};
	struct regions_board b;
	struct regions_search s;
	struct regions_event ev;
	int first[REGIONS_MAX_N];

	(void)state;
	board_of(&b, 5, two);
	regions_search_start(&s, &b);
	while (regions_search_step(&s, &ev) == 1) {
		if (ev.kind == REGIONS_EV_PLACE)
			for (int r = 0; r < ev.sq.rank; r++)
				assert_false(regions_conflict(
				        &b, (struct square){s.queen[r], r}, ev.sq));
		if (ev.kind == REGIONS_EV_REJECT) {
			assert_true(regions_conflict(&b, ev.by, ev.sq));
			assert_true(ev.by.rank < ev.sq.rank);
		}
	}
	assert_int_equal(ev.kind, REGIONS_EV_DONE);
	assert_int_equal(s.solutions, 7);
	assert_int_equal(s.placed, s.backtracks);
	assert_int_equal(regions_search_step(&s, &ev), 0);
	/* The first events of the one-solution board, and the first solution. */
	board_of(&b, 5, one);
	regions_search_start(&s, &b);
	regions_search_step(&s, &ev);
	assert_int_equal(ev.kind, REGIONS_EV_PLACE);
	assert_int_equal(ev.sq.file, 0);
	assert_int_equal(ev.sq.rank, 0);
	regions_search_step(&s, &ev);
	assert_int_equal(ev.kind, REGIONS_EV_REJECT);
	assert_int_equal(ev.reason, REGIONS_SAME_COLUMN);
	assert_string_equal(regions_reason_words(ev.reason), "the same column as");
	regions_search_step(&s, &ev);
	assert_int_equal(ev.reason, REGIONS_SAME_REGION); /* b2 and a1: region a */
	regions_search_step(&s, &ev);
	assert_int_equal(ev.kind, REGIONS_EV_PLACE); /* c2: the b region, apart */
	assert_int_equal(ev.sq.file, 2);
	assert_int_equal(ev.sq.rank, 1);
	assert_int_equal(s.placed, 2);
	assert_int_equal(s.rejected, 2);
	while (regions_search_step(&s, &ev) == 1 && ev.kind != REGIONS_EV_SOLVED)
		;
	assert_int_equal(ev.kind, REGIONS_EV_SOLVED);
	assert_int_equal(regions_count(&b, 1, first, NULL), 1);
	for (int f = 0; f < 5; f++)
		assert_int_equal(s.queen[first[f]], f);
	/* A given queen: its row tries only its square. */
	b.given[1] = 2;
	regions_search_start(&s, &b);
	while (regions_search_step(&s, &ev) == 1)
		if (ev.kind != REGIONS_EV_BACK && ev.sq.rank == 2)
			assert_int_equal(ev.sq.file, 1);
	assert_int_equal(s.solutions, 1);
}

/* The shipped puzzles, listed in order: by size, then grade. */
static void test_list(void **state)
{
	const char *data = getenv("NQUEENS_DATADIR");
	char dir[4096];
	struct regions_entry *v;
	size_t count;

	(void)state;
	snprintf(dir, sizeof dir, "%s/puzzles/regions", data ? data : "data");
	regions_list(dir, &v, &count);
	assert_int_equal(count, 30);
	for (size_t i = 0; i < count; i++) {
		assert_true(v[i].ok);
		if (i > 0)
			assert_true(v[i - 1].b.n < v[i].b.n ||
			            (v[i - 1].b.n == v[i].b.n &&
			             v[i - 1].b.grade <= v[i].b.grade));
	}
	assert_string_equal(v[0].id, "05-easy-01");
	free(v);
	regions_list(NULL, &v, &count);
	assert_null(v);
	assert_int_equal(count, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_round_trip),
	        cmocka_unit_test(test_bad_files),
	        cmocka_unit_test(test_classic_reads_regions),
	        cmocka_unit_test(test_check),
	        cmocka_unit_test(test_rules),
	        cmocka_unit_test(test_exact),
	        cmocka_unit_test(test_exact_fast),
	        cmocka_unit_test(test_easy_deductions),
	        cmocka_unit_test(test_medium_deductions),
	        cmocka_unit_test(test_hard_deductions),
	        cmocka_unit_test(test_broken),
	        cmocka_unit_test(test_generate),
	        cmocka_unit_test(test_generate_pinned),
	        cmocka_unit_test(test_search),
	        cmocka_unit_test(test_list),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
