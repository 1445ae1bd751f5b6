/* Unit tests of compare: the events read, the lockstep walk, the verdict. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/compare.h"

static struct compare_event parse_ok(const char *line, int n)
{
	struct compare_event ev;
	char err[256] = "";

	assert_true(compare_parse(line, strlen(line), n, &ev, err, sizeof err));
	return ev;
}

static void parse_bad(const char *line, int n, const char *why)
{
	struct compare_event ev;
	char err[256] = "";

	assert_false(compare_parse(line, strlen(line), n, &ev, err, sizeof err));
	assert_non_null(strstr(err, why));
}

static void test_parse(void **state)
{
	(void)state;
	struct compare_event e = parse_ok("try c2", 8);

	assert_int_equal(e.kind, SEARCH_EV_TRY);
	assert_int_equal(e.sq.file, 2);
	assert_int_equal(e.sq.rank, 1);
	e = parse_ok("reject b2: attacked by a1 along a diagonal", 8);
	assert_int_equal(e.kind, SEARCH_EV_REJECT);
	assert_int_equal(e.sq.file, 1);
	assert_int_equal(parse_ok("enter solve(c)", 8).file, 2);
	assert_int_equal(parse_ok("enter c", 8).file, 2);
	assert_int_equal(parse_ok("return from solve(d)", 8).file, 3);
	assert_int_equal(parse_ok("return d\r", 8).kind, SEARCH_EV_RETURN);
	assert_int_equal(parse_ok("solution 1: 2 4 1 3", 4).kind, SEARCH_EV_SOLUTION);
	assert_int_equal(parse_ok("# a note", 4).kind, SEARCH_EV_NONE);
	assert_int_equal(parse_ok("   ", 4).kind, SEARCH_EV_NONE);
	assert_int_equal(parse_ok("place h10", 10).sq.rank, 9);
	parse_bad("jump a1", 8, "unknown event 'jump'");
	parse_bad("place a9", 8, "square a9 is off a board of 8 files");
	parse_bad("place i1", 8, "square i1 is off a board of 8 files");
	parse_bad("place a0", 8, "off a board");
	parse_bad("place a", 8, "place takes a square");
	parse_bad("place a1 b2", 8, "place takes a square");
	parse_bad("enter solve(c", 8, "enter takes a file");
	parse_bad("enter z", 8, "file z is off a board of 8 files");
	parse_bad("try a1\x01", 8, "not text");
	parse_bad("try a\xe9", 8, "outside ASCII");
}

/*
 * An independent search that writes its events as a student's program
 * would: Wirth's backtracking, with the diagonal test when diagonals.
 */
struct events {
	char (*line)[16];
	size_t count, cap;
};

static void emit(struct events *ev, const char *fmt, int a, int b)
{
	if (ev->count == ev->cap) {
		ev->cap = ev->cap * 2 + 256;
		ev->line = realloc(ev->line, ev->cap * sizeof *ev->line);
		assert_non_null(ev->line);
	}
	snprintf(ev->line[ev->count++], sizeof *ev->line, fmt, a, b);
}

static void student(int n, int file, int *x, bool diagonals, struct events *ev)
{
	emit(ev, "enter %c", 'a' + file, 0);
	for (int r = 0; r < n; r++) {
		bool ok = true;

		emit(ev, "try %c%d", 'a' + file, r + 1);
		for (int f = 0; f < file && ok; f++)
			ok = x[f] != r && (!diagonals || abs(x[f] - r) != file - f);
		if (!ok) {
			emit(ev, "reject %c%d", 'a' + file, r + 1);
			continue;
		}
		emit(ev, "place %c%d", 'a' + file, r + 1);
		x[file] = r;
		if (file == n - 1)
			emit(ev, "solution", 0, 0);
		else
			student(n, file + 1, x, diagonals, ev);
		emit(ev, "remove %c%d", 'a' + file, r + 1);
	}
	emit(ev, "return %c", 'a' + file, 0);
}

/* Feeds the first count events; the state after them and the end. */
static enum compare_state feed(struct compare *c, const struct events *ev, size_t count,
                               int n)
{
	enum compare_state st = COMPARE_GOING;

	for (size_t i = 0; i < count && compare_reading(c); i++) {
		struct compare_event e = parse_ok(ev->line[i], n);

		st = compare_feed(c, &e, ev->line[i]);
	}
	return st == COMPARE_GOING ? compare_end(c) : st;
}

static char *report(const struct compare *c)
{
	size_t need = compare_report(c, NULL, 0);
	char *text = malloc(need + 1);

	assert_non_null(text);
	assert_int_equal(compare_report(c, text, need + 1), need);
	return text;
}

static void test_same(void **state)
{
	(void)state;
	for (int n = 1; n <= 8; n++) {
		int x[8];
		struct events ev = {0};
		char err[128];
		struct compare *c = compare_new(SEARCH_BACKTRACK, n, err, sizeof err);

		assert_non_null(c);
		student(n, 0, x, true, &ev);
		assert_int_equal(feed(c, &ev, ev.count, n), COMPARE_SAME);
		assert_int_equal(compare_events(c), ev.count);
		char *text = report(c);

		assert_non_null(strstr(text, "same search\n"));
		free(text);
		compare_free(c);
		free(ev.line);
	}
}

static void test_no_diagonal(void **state)
{
	(void)state;
	int x[6];
	struct events good = {0}, bad = {0};
	char err[128];
	struct compare *c = compare_new(SEARCH_BACKTRACK, 6, err, sizeof err);
	size_t first = 0;

	student(6, 0, x, true, &good);
	student(6, 0, x, false, &bad);
	while (strcmp(good.line[first], bad.line[first]) == 0)
		first++;
	assert_int_equal(feed(c, &bad, bad.count, 6), COMPARE_DIFFERS);
	char *text = report(c), want[64];

	snprintf(want, sizeof want, "differs at event %zu\n", first + 1);
	assert_non_null(strstr(text, want));
	assert_non_null(strstr(text, "the diagonal test is missing"));
	/* The board then: a1 alone. */
	assert_non_null(strstr(text, " 1 Q . . . . .\n"));
	free(text);
	compare_free(c);
	free(good.line);
	free(bad.line);
}

static void test_cut(void **state)
{
	(void)state;
	int x[5];
	struct events ev = {0};
	char err[128];
	struct compare *c = compare_new(SEARCH_BACKTRACK, 5, err, sizeof err);
	size_t at = 0;

	student(5, 0, x, true, &ev);
	while (strcmp(ev.line[at], "solution") != 0)
		at++;
	assert_int_equal(feed(c, &ev, at + 1, 5), COMPARE_DIFFERS);
	char *text = report(c);

	assert_non_null(strstr(text, "stops at its first solution"));
	assert_non_null(strstr(text, "solutions: 1 found of 10, 9 missing"));
	free(text);
	compare_free(c);
	free(ev.line);
}

static void test_refuses(void **state)
{
	(void)state;
	char err[128];

	assert_null(compare_new(SEARCH_REPAIR, 6, err, sizeof err));
	assert_non_null(strstr(err, "tree search"));
	assert_null(compare_new(SEARCH_BACKTRACK, COMPARE_MAX_N + 1, err, sizeof err));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_parse),       cmocka_unit_test(test_same),
	        cmocka_unit_test(test_no_diagonal), cmocka_unit_test(test_cut),
	        cmocka_unit_test(test_refuses),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
