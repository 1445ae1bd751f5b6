/* Unit tests of the SVG sheets: a Watch frame, a class's members, conflicts, the page
 * mark. */
#include "config.h"

#include <setjmp.h>
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
#include "engine/classes.h"
#include "engine/search.h"
#include "engine/sheet.h"

/* The backtracking pseudocode as data/pseudocode/backtrack.txt has it. */
static char *listing;

static int setup(void **state)
{
	const char *data = getenv("NQUEENS_DATADIR");
	char path[4096];
	FILE *f;
	long len;

	(void)state;
	snprintf(path, sizeof path, "%s/pseudocode/backtrack.txt",
	         data && *data ? data : "data");
	f = fopen(path, "r");
	if (!f || fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0)
		return -1;
	rewind(f);
	listing = calloc((size_t)len + 1, 1);
	if (!listing || fread(listing, 1, (size_t)len, f) != (size_t)len)
		return -1;
	fclose(f);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(listing);
	return 0;
}

/* How many times needle is in text. */
static int count(const char *text, const char *needle)
{
	int k = 0;

	for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
		k++;
	return k;
}

/*
 * The sheet is well-formed XML: xmllint says so (the tests of the command
 * line need it too; Debian: libxml2-utils).
 */
static void assert_xml(const char *text)
{
	char path[] = "/tmp/nqueens-sheet-XXXXXX", cmd[128];
	int fd = mkstemp(path);
	FILE *f;

	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	snprintf(cmd, sizeof cmd, "xmllint --noout %s", path);
	if (system(cmd) != 0) {
		unlink(path);
		fail_msg("xmllint refuses the sheet (or is missing)");
	}
	unlink(path);
}

/* The text a sheet function writes, made in memory. */
struct written {
	char *text;
	size_t len;
	FILE *out;
};

/* The pseudocode as Watch shows it, with the line the search s lights. */
static const struct sheet_listing *pseudo(const struct search *s)
{
	static struct sheet_listing l;

	l = (struct sheet_listing){listing, "Pseudocode", search_line(s)};
	return &l;
}

/* A sheet's pages one after the other, as one text to free. */
static char *pages_text(const struct sheet *sh)
{
	size_t len = 1;
	char *text;

	for (int i = 0; i < sh->npages; i++)
		len += strlen(sh->page[i]);
	text = calloc(len, 1);
	assert_non_null(text);
	for (int i = 0; i < sh->npages; i++)
		strcat(text, sh->page[i]);
	return text;
}

static FILE *open_text(struct written *w)
{
	w->out = open_memstream(&w->text, &w->len);
	assert_non_null(w->out);
	return w->out;
}

static void close_text(struct written *w)
{
	assert_int_equal(fclose(w->out), 0);
}

/* The Watch frame at a square refused: the board, the outline, the cross and line. */
static void test_watch_refusal(void **state)
{
	char err[128];
	struct search *s =
	        search_new(SEARCH_BACKTRACK, 8, SEARCH_ALL, 1, err, sizeof err);
	struct written w;

	(void)state;
	/* nqueens trace 8: event 19 is "reject c4: attacked by b3 along a diagonal". */
	search_seek(s, 19);
	assert_int_equal(sheet_watch(open_text(&w), SHEET_A4, s, pseudo(s), NULL), 0);
	close_text(&w);
	assert_xml(w.text);
	assert_non_null(strstr(w.text, ">nqueens watch 8, backtrack: event 19<"));
	/* The two queens placed, and c4 in outline, crossed, b3's line to it. */
	assert_int_equal(count(w.text, "class=\"q\""), 2);
	assert_int_equal(count(w.text, "class=\"o\""), 1);
	assert_int_equal(count(w.text, "class=\"x\""), 1);
	assert_int_equal(count(w.text, "class=\"a\""), 1);
	/*
	 * On A4 in mm, inside the margins; squares of 36 from (14, 36), under
	 * the title's line: c4 at x 14 + 2 * 36 = 86, y 36 + 4 * 36 = 180.
	 */
	assert_non_null(strstr(w.text, "width=\"210mm\" height=\"297mm\" viewBox=\"0 0 "
	                               "840 1188\""));
	assert_non_null(strstr(w.text, "<g transform=\"translate(60 60) scale(1)\">"));
	assert_non_null(strstr(w.text, ">page 1 of 1<"));
	assert_non_null(
	        strstr(w.text, "class=\"o\" transform=\"translate(86 180) scale(36)\""));
	/* The line from b3 runs one file right and one rank up. */
	assert_non_null(strstr(w.text, "translate(50 216) scale(36)\"><path class=\"e\" "
	                               "d=\"M0.5 0.5 L1.5 -0.5\""));
	/* The listing named by its language, beside the board. */
	assert_non_null(strstr(w.text, ">Pseudocode: backtrack<"));
	/* The stack, and line 3 of the pseudocode lit and marked. */
	assert_non_null(strstr(w.text, ">solve(a) rank = 1<"));
	assert_non_null(strstr(w.text, ">solve(b) rank = 3<"));
	assert_non_null(strstr(w.text, ">solve(c) rank = 4<"));
	assert_int_equal(count(w.text, "class=\"lit\""), 1);
	assert_int_equal(count(w.text, "font-weight=\"bold\""), 1);
	assert_non_null(strstr(w.text, "font-weight=\"bold\">    if the rank and both "
	                               "diagonals are free then<"));
	/* The event and the narration in full. */
	assert_non_null(
	        strstr(w.text, ">Last: reject c4: attacked by b3 along a diagonal<"));
	assert_non_null(
	        strstr(w.text, "c4 is attacked by the queen on b3, along a diagonal."));
	assert_non_null(
	        strstr(w.text, "events 19, tested 8, placed 2, removed 0, solutions 0"));
	free(w.text);
	search_free(s);
}

/* The frame at the first solution: eight queens, no outline, print x lit. */
static void test_watch_solution(void **state)
{
	char err[128];
	struct search *s =
	        search_new(SEARCH_BACKTRACK, 8, SEARCH_ALL, 1, err, sizeof err);
	struct written w;

	(void)state;
	search_run(s, 1u << SEARCH_EV_SOLUTION, 0);
	assert_int_equal(search_counters(s)->events, 2076);
	assert_int_equal(sheet_watch(open_text(&w), SHEET_A4, s, pseudo(s),
	                             "Eight queens, solution 1"),
	                 0);
	close_text(&w);
	assert_xml(w.text);
	assert_non_null(strstr(w.text, ">Eight queens, solution 1<"));
	assert_int_equal(count(w.text, "class=\"q\""), 8);
	assert_int_equal(count(w.text, "class=\"o\""), 0);
	assert_int_equal(count(w.text, "class=\"x\""), 0);
	assert_non_null(strstr(w.text, "font-weight=\"bold\">        print x; stop if"));
	assert_non_null(strstr(w.text, ">solve(h) rank = 4<"));
	assert_non_null(strstr(w.text, "search goes on: next the queen on h4"));
	free(w.text);
	/* Without a listing, the rest is still there; before the first event too. */
	search_seek(s, 0);
	assert_int_equal(sheet_watch(open_text(&w), SHEET_LETTER, s, NULL, NULL), 0);
	close_text(&w);
	assert_xml(w.text);
	assert_null(strstr(w.text, "Pseudocode"));
	assert_non_null(strstr(w.text, ">(empty)<"));
	assert_non_null(strstr(w.text, ">Last: (nothing yet)<"));
	free(w.text);
	search_free(s);
}

/* A board too large to draw is said, and repair's frame has no stack. */
static void test_watch_large(void **state)
{
	char err[128];
	struct search *s = search_new(SEARCH_REPAIR, 100, SEARCH_ALL, 1, err, sizeof err);
	struct written w;

	(void)state;
	search_seek(s, 5);
	assert_int_equal(sheet_watch(open_text(&w), SHEET_LETTER, s, NULL, NULL), 0);
	close_text(&w);
	assert_xml(w.text);
	assert_non_null(strstr(w.text, "The 100x100 board is too large to draw here."));
	assert_null(strstr(w.text, "Call stack"));
	free(w.text);
	search_free(s);
}

/*
 * Class 10 of eight queens: four members, each captioned with every
 * transform that makes it, and the queen on a3 followed, on the square its
 * transform takes it to, on a queen of the member.
 */
static void test_class_members(void **state)
{
	static const int rep[8] = {2, 4, 1, 7, 0, 6, 3, 5}; /* 3 5 2 8 1 7 4 6 */
	static const uint64_t index[4] = {14, 38, 79, 55};
	struct class_variant v[SYM_COUNT];
	int nvar = classes_variants(8, rep, v);
	struct written w;
	struct sheet sh;

	(void)state;
	assert_int_equal(nvar, 4);
	assert_int_equal(sheet_class(&sh, SHEET_A4, 8, 10, v, nvar, index), 0);
	assert_int_equal(sh.npages, 1);
	w.text = pages_text(&sh);
	sheet_free(&sh);
	assert_xml(w.text);
	/* Too long for one line under the board: broken at a blank, not at "=". */
	assert_non_null(strstr(w.text, ">class 10: id\u00a0=\u00a0rot180,</tspan><tspan "
	                               "x=\"60\" dy=\"14\">#14<"));
	assert_non_null(strstr(w.text, ">rot90\u00a0=\u00a0rot270, #38<"));
	assert_non_null(strstr(w.text, ">class 10:</tspan><tspan x=\"428\" "
	                               "dy=\"14\">flip-x\u00a0=\u00a0flip-y, #79<"));
	/* A queen tinted in each member: the ring is on a queen every time. */
	assert_int_equal(count(w.text, "class=\"k\""), 4);
	assert_int_equal(count(w.text, "class=\"r\""), 4);
	assert_int_equal(count(w.text, "class=\"q\""), 28);
	/*
	 * Squares of 19 in columns of 168 and 16 apart, from the margin of 60
	 * under the title's two lines (58): a3 in the first (x 60 + 14, y 118 +
	 * 5 * 19); rot90 takes it to c8 (x 60 + 184 + 14 + 2 * 19, y 118).
	 */
	assert_non_null(strstr(w.text, "class=\"k\" transform=\"translate(74 213)"));
	assert_non_null(strstr(w.text, "class=\"k\" transform=\"translate(296 118)"));
	free(w.text);
}

/* A conflict without colour: a cross on each queen once, a line for each pair. */
static void test_conflicts(void **state)
{
	struct square q[3] = {{0, 0}, {1, 0}, {2, 2}}; /* a1 b1 c3 */
	struct board_conflict c[2] = {{{0, 0}, {1, 0}, BOARD_LINE_RANK},
	                              {{0, 0}, {2, 2}, BOARD_LINE_DIAGONAL}};
	struct sheet_marks marks = {.conflicts = c, .nconflicts = 2};
	struct written w;
	struct sheet sh;

	(void)state;
	assert_int_equal(sheet_begin(&sh, SHEET_LETTER, 3, 1, NULL), 0);
	sheet_board(&sh, q, 3, &marks,
	            "a1 and b1 share a rank; a1 and c3 share a diagonal");
	assert_int_equal(sheet_end(&sh), 0);
	w.text = pages_text(&sh);
	sheet_free(&sh);
	assert_xml(w.text);
	assert_int_equal(count(w.text, "class=\"x\""), 3);
	assert_int_equal(count(w.text, "class=\"a\""), 2);
	assert_int_equal(count(w.text, "class=\"q\""), 3);
	free(w.text);
}

/*
 * Each page marked on its third line, within the bytes the command reads
 * before it removes a page of an earlier run: "page K of M", K its place.
 */
static void test_page_mark(void **state)
{
	static const int ranks[8] = {0, 4, 7, 5, 2, 6, 1, 3}; /* 1 5 8 6 3 7 2 4 */
	struct sheet sh;
	char want[64];

	(void)state;
	/* 40 boards of 8: 16 an A4 page (four columns of four rows), 3 pages. */
	assert_int_equal(sheet_begin(&sh, SHEET_A4, 8, 40, "Marked"), 0);
	for (int i = 0; i < 40; i++)
		sheet_ranks(&sh, ranks, "1 5 8 6 3 7 2 4");
	assert_int_equal(sheet_end(&sh), 0);
	assert_int_equal(sh.npages, 3);
	for (int k = 1; k <= sh.npages; k++) {
		const char *page = sh.page[k - 1], *line3 = page;

		for (int i = 0; i < 2 && line3; i++)
			line3 = strchr(line3, '\n') ? strchr(line3, '\n') + 1 : NULL;
		assert_non_null(line3);
		snprintf(want, sizeof want, SHEET_MARK "%d of 3 -->\n", k);
		assert_int_equal(strncmp(line3, want, strlen(want)), 0);
		assert_true((size_t)(line3 - page) + strlen(want) <= SHEET_MARK_WITHIN);
		assert_int_equal(count(page, SHEET_MARK), 1);
	}
	sheet_free(&sh);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_watch_refusal),
	        cmocka_unit_test(test_watch_solution),
	        cmocka_unit_test(test_watch_large),
	        cmocka_unit_test(test_class_members),
	        cmocka_unit_test(test_conflicts),
	        cmocka_unit_test(test_page_mark),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
