/* Unit tests of Watch --replay's model: lockstep to compare's divergence, lit there. */
#include "config.h"

#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tui/boardview.h"
#include "tui/watch_replay_model.h"

static long long fake_now;

static long long fake_clock(void)
{
	return fake_now;
}

/*
 * A student's program, written here as a class would: backtracking file by
 * file, ranks from 1 up, printing its events; diagonal false leaves the
 * diagonal test out, stop_first returns at its first solution.
 */
struct student {
	int n;
	bool diagonal, stop_first, stopped;
	int ranks[COMPARE_MAX_N];
	struct compare_event ev[200000];
	size_t count;
};

static void emit(struct student *s, enum search_kind k, int file, int rank)
{
	assert_true(s->count < sizeof s->ev / sizeof *s->ev);
	s->ev[s->count++] =
	        (struct compare_event){.kind = k, .sq = {file, rank}, .file = file};
}

static bool free_square(const struct student *s, int file, int rank)
{
	for (int f = 0; f < file; f++) {
		int d = s->ranks[f] - rank;

		if (d == 0 || (s->diagonal && (d == file - f || d == f - file)))
			return false;
	}
	return true;
}

static void solve(struct student *s, int file)
{
	emit(s, SEARCH_EV_ENTER, file, 0);
	for (int rank = 0; rank < s->n && !s->stopped; rank++) {
		emit(s, SEARCH_EV_TRY, file, rank);
		if (!free_square(s, file, rank)) {
			emit(s, SEARCH_EV_REJECT, file, rank);
			continue;
		}
		emit(s, SEARCH_EV_PLACE, file, rank);
		s->ranks[file] = rank;
		if (file == s->n - 1) {
			emit(s, SEARCH_EV_SOLUTION, 0, 0);
			if (s->stop_first) {
				s->stopped = true;
				return;
			}
		} else {
			solve(s, file + 1);
			if (s->stopped)
				return;
		}
		emit(s, SEARCH_EV_REMOVE, file, rank);
	}
	emit(s, SEARCH_EV_RETURN, file, 0);
}

static struct student *student_run(int n, bool diagonal, bool stop_first)
{
	struct student *s = calloc(1, sizeof *s);

	assert_non_null(s);
	s->n = n;
	s->diagonal = diagonal;
	s->stop_first = stop_first;
	solve(s, 0);
	return s;
}

/* compare's own report on the same events: the number of "differs at event K", or 0. */
static uint64_t compare_says(const struct student *s, char *report, size_t len)
{
	char err[256];
	struct compare *c = compare_new(SEARCH_BACKTRACK, s->n, err, sizeof err);
	const char *at;

	assert_non_null(c);
	for (size_t i = 0; i < s->count && compare_reading(c); i++)
		compare_feed(c, &s->ev[i], "");
	if (compare_reading(c) && compare_parted(c, NULL, NULL, NULL) == 0)
		compare_end(c);
	compare_report(c, report, len);
	compare_free(c);
	at = strstr(report, "differs at event ");
	return at ? strtoull(at + strlen("differs at event "), NULL, 10) : 0;
}

static struct replay_model *model_of(const struct student *s)
{
	char err[256] = "";
	struct replay_model *m = replay_model_new(s->n, SEARCH_BACKTRACK, s->ev, s->count,
	                                          fake_clock, err, sizeof err);

	assert_non_null(m);
	return m;
}

/* Both boards hold the same queens. */
static bool same_boards(const struct replay_model *m)
{
	const int *r = search_ranks(m->ref);

	for (int f = 0; f < m->n; f++)
		if (r[f] != m->ranks[f])
			return false;
	return true;
}

/*
 * The diagonal test left out, n = 6: playing runs both boards in lockstep
 * and pauses at compare's divergence, the student's square lit there and
 * the reference's not; past it the student's events go on alone.
 */
static void test_no_diagonal(void **state)
{
	(void)state;
	struct student *s = student_run(6, false, false);
	char report[4096], buf[600];
	uint64_t want = compare_says(s, report, sizeof report);
	struct replay_model *m = model_of(s);
	uint16_t cells[COMPARE_MAX_N * COMPARE_MAX_N];
	struct square lit, q;

	assert_true(want > 0);
	assert_int_equal(m->parted, want);
	assert_non_null(strstr(report, m->why));
	assert_non_null(strstr(m->why, "the diagonal test is missing"));
	assert_false(replay_model_at_divergence(m));
	assert_int_equal(replay_model_verdict(m, buf, sizeof buf), THEME_KEY);
	replay_model_play(m);
	assert_true(m->playing);
	/* Ten events a second: every tenth of a second one more, both boards alike. */
	for (int i = 0; i < 10000 && m->playing; i++) {
		fake_now += 100;
		replay_model_tick(m);
		assert_true(m->at <= want);
		if (m->at < want) {
			assert_true(same_boards(m));
			assert_int_equal(search_counters(m->ref)->events, m->at);
		}
	}
	assert_false(m->playing);
	assert_int_equal(m->at, want);
	assert_true(replay_model_at_divergence(m));
	assert_non_null(strstr(m->message, "They part at event"));
	assert_int_equal(replay_model_verdict(m, buf, sizeof buf), THEME_BAD);
	snprintf(report, sizeof report, "differs at event %" PRIu64, want);
	assert_string_equal(buf, report);
	/* The lit square is the student's event's, and it is lit on their board only. */
	assert_true(replay_model_lit(m, &lit));
	assert_int_equal(lit.file, s->ev[want - 1].sq.file);
	assert_int_equal(lit.rank, s->ev[want - 1].sq.rank);
	replay_model_cells(m, REPLAY_STUDENT, cells);
	assert_true(cells[lit.file * 6 + lit.rank] & BV_CONFLICT);
	assert_true(replay_model_lit_attacker(m, &q));
	assert_true(cells[q.file * 6 + q.rank] & BV_ATTACKER);
	assert_true(cells[q.file * 6 + q.rank] & BV_QUEEN);
	replay_model_cells(m, REPLAY_REFERENCE, cells);
	assert_false(cells[lit.file * 6 + lit.rank] & BV_CONFLICT);
	/* The reference refuses the square the student took. */
	assert_int_equal(search_last(m->ref)->kind, SEARCH_EV_REJECT);
	assert_true(cells[lit.file * 6 + lit.rank] & BV_REJECT);
	/* The events the student printed there, and the reference's. */
	replay_model_said(m, REPLAY_STUDENT, buf, sizeof buf);
	assert_string_equal(buf, m->theirs);
	replay_model_said(m, REPLAY_REFERENCE, buf, sizeof buf);
	assert_string_equal(buf, m->ours);
	/* Past the divergence the student's events alone: the reference stands. */
	replay_model_forward(m);
	assert_int_equal(m->at, want + 1);
	assert_true(replay_model_alone(m));
	assert_int_equal(search_counters(m->ref)->events, want);
	assert_false(replay_model_lit(m, &lit));
	replay_model_play(m);
	for (int i = 0; i < 100000 && m->playing; i++) {
		fake_now += 100;
		replay_model_tick(m);
	}
	assert_int_equal(m->at, s->count);
	assert_int_equal(search_counters(m->ref)->events, want);
	/* And back: lockstep again before the divergence. */
	replay_model_seek(m, want - 1);
	assert_true(same_boards(m));
	assert_false(replay_model_at_divergence(m));
	replay_model_to_end(m);
	assert_int_equal(m->at, want);
	replay_model_to_end(m);
	assert_int_equal(m->at, s->count);
	replay_model_free(m);
	free(s);
}

/* The same search: no divergence, "same search" at the end. */
static void test_same(void **state)
{
	(void)state;
	struct student *s = student_run(6, true, false);
	char report[4096], buf[600];
	struct replay_model *m = model_of(s);
	struct square lit;

	assert_int_equal(compare_says(s, report, sizeof report), 0);
	assert_non_null(strstr(report, "same search"));
	assert_int_equal(m->parted, 0);
	replay_model_to_end(m);
	assert_int_equal(m->at, s->count);
	assert_true(same_boards(m));
	assert_false(replay_model_lit(m, &lit));
	assert_int_equal(replay_model_verdict(m, buf, sizeof buf), THEME_GOOD);
	assert_string_equal(buf, "same search");
	replay_model_restart(m);
	assert_int_equal(m->at, 0);
	assert_int_equal(replay_model_verdict(m, buf, sizeof buf), THEME_KEY);
	replay_model_free(m);
	free(s);
}

/*
 * A program that stops at its first solution: its events end before the
 * reference's, so the divergence is their end, shown with what the
 * reference does next, and no square lit.
 */
static void test_stops_first(void **state)
{
	(void)state;
	struct student *s = student_run(6, true, true);
	char report[4096];
	uint64_t want = compare_says(s, report, sizeof report);
	struct replay_model *m = model_of(s);
	struct square lit;

	assert_int_equal(want, s->count + 1);
	assert_int_equal(m->parted, want);
	assert_non_null(strstr(m->why, "stops at its first solution"));
	replay_model_to_end(m);
	assert_int_equal(m->at, s->count);
	assert_true(replay_model_at_divergence(m));
	assert_int_equal(search_counters(m->ref)->events, want);
	assert_false(replay_model_lit(m, &lit));
	/* Nothing of theirs to step past it: the message does not offer it. */
	assert_non_null(strstr(m->message, "your events end there"));
	replay_model_free(m);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_no_diagonal),
	        cmocka_unit_test(test_same),
	        cmocka_unit_test(test_stops_first),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
