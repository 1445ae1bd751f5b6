/* Unit tests of the race screen's model without a terminal: lockstep by events, first
 * or all, the animation's clock, the time measured, the end: boards, winner, chart,
 * what it shows. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/race.h"
#include "tui/race_model.h"
#include "engine/search.h"

/* The animation's clock: it moves only when a test says so. */
static long long fake_now;

static long long fake_clock(void)
{
	return fake_now;
}

static struct race_model *model(int n, const enum search_algo *a, int count,
                                enum search_goal goal)
{
	char err[256];
	struct race_model *m =
	        race_model_new(n, a, count, goal, fake_clock, err, sizeof err);

	assert_non_null(m);
	return m;
}

static uint64_t events(const struct race_model *m, int i)
{
	return search_counters(race_model_search(m, i))->events;
}

static const struct search_counters *counters(const struct race_model *m, int i)
{
	return search_counters(race_model_search(m, i));
}

/* By events, every runner still running has taken as many events as the others. */
static void test_lockstep_events(void **state)
{
	struct race_model *m =
	        model(8, race_default_algos, RACE_DEFAULT_COUNT, SEARCH_ALL);
	int steps = 0;
	enum theme_item role;

	(void)state;
	assert_false(m->playing);
	/* A runner under way has no place to say. */
	assert_string_equal(race_model_standing(m, 3, &role), "");
	assert_int_equal(role, THEME_NORMAL);
	while (!race_model_done(m)) {
		uint64_t most = 0;

		race_model_step(m);
		steps++;
		for (int i = 0; i < m->count; i++)
			if (events(m, i) > most)
				most = events(m, i);
		/* Those still running are level with the leader; the others have ended.
		 */
		for (int i = 0; i < m->count; i++) {
			if (search_done(race_model_search(m, i)))
				assert_true(events(m, i) <= most);
			else
				assert_int_equal(events(m, i), (uint64_t)steps);
		}
	}
	/*
	 * bits ends first (10191 events), then permute, then backtrack and scan
	 * together; permute with them where it takes as many events.
	 */
	bool level = events(m, 2) == events(m, 0);

	assert_string_equal(race_model_place(m, 3), "1st");
	assert_string_equal(race_model_place(m, 2), "2nd");
	assert_string_equal(race_model_place(m, 0), level ? "2nd" : "3rd");
	assert_string_equal(race_model_place(m, 1), level ? "2nd" : "3rd");
	assert_int_equal(steps, 37519);
	/* The winner's place and bars are good news, the others' are not. */
	assert_string_equal(race_model_standing(m, 3, &role), "1st");
	assert_int_equal(role, THEME_GOOD);
	assert_string_equal(race_model_standing(m, 2, &role), "2nd");
	assert_int_equal(role, THEME_NORMAL);
	assert_int_equal(race_model_cell_role(m, 3, RACE_COL_PLACE), THEME_GOOD);
	assert_int_equal(race_model_cell_role(m, 3, RACE_COL_ALGO), THEME_NORMAL);
	assert_int_equal(race_model_cell_role(m, 2, RACE_COL_PLACE), THEME_NORMAL);
	assert_int_equal(race_model_bar_role(m, 3), THEME_GOOD);
	assert_int_equal(race_model_bar_role(m, 2), THEME_LABEL);
	race_model_free(m);
}

/* f switches to the first solution and back, each time from the start. */
static void test_first_and_all(void **state)
{
	static const enum search_algo three[] = {SEARCH_BACKTRACK, SEARCH_PERMUTE,
	                                         SEARCH_BITS};
	static const enum search_algo plans[] = {SEARCH_BITS, SEARCH_REPAIR};
	struct race_model *m = model(8, three, 3, SEARCH_ALL);
	char verdict[512];

	(void)state;
	for (int k = 0; k < 10; k++)
		race_model_step(m);
	race_model_toggle_goal(m);
	assert_int_equal(m->goal, SEARCH_FIRST);
	assert_int_equal(events(m, 0), 0);
	assert_string_equal(m->message, "Started again, to the first solution.");
	race_model_to_end(m);
	for (int i = 0; i < 3; i++)
		assert_int_equal(counters(m, i)->solutions, 1);
	/* Backtrack finds 1 5 8 6 3 7 2 4 after 876 squares tested. */
	assert_int_equal(counters(m, 0)->tested, 876);
	assert_int_equal(race_model_verdict(m, verdict, sizeof verdict), THEME_GOOD);
	assert_string_equal(verdict, "The 3 algorithms agree on the first solution: "
	                             "1 5 8 6 3 7 2 4.");
	race_model_toggle_goal(m);
	assert_int_equal(m->goal, SEARCH_ALL);
	assert_false(race_model_done(m));
	race_model_free(m);

	/* Repair finds one solution: to every one is refused, the race kept. */
	m = model(8, plans, 2, SEARCH_FIRST);
	race_model_step(m);
	race_model_toggle_goal(m);
	assert_int_equal(m->goal, SEARCH_FIRST);
	assert_int_equal(events(m, 0), 1);
	assert_string_equal(m->message, "Cannot race to every solution: repair finds one "
	                                "solution, not every one: race it to the first.");
	race_model_free(m);
}

/* A search's own counters, run apart from any race: what the race must show. */
static struct search_counters alone(enum search_algo a, int n, enum search_goal goal)
{
	struct search *s = search_new(a, n, goal, 1, NULL, 0);
	struct search_counters c;

	assert_non_null(s);
	search_run(s, 0, 0);
	c = *search_counters(s);
	search_free(s);
	return c;
}

static bool same_counts(struct search_counters a, struct search_counters b)
{
	return a.tested == b.tested && a.placed == b.placed && a.events == b.events &&
	       a.solutions == b.solutions;
}

/* The chart of n = 8, all: its columns, its figures, its bars scaled to the largest. */
static void test_chart(void **state)
{
	static const enum search_algo two[] = {SEARCH_BACKTRACK, SEARCH_BITS};
	struct race_model *m = model(8, two, 2, SEARCH_ALL);
	struct race_chart c;
	char buf[64], verdict[512];

	(void)state;
	race_model_to_end(m);
	assert_true(race_model_done(m));
	assert_false(m->playing);
	assert_true(race_model_chart(m, 200, true, &c));
	for (int col = 0; col < RACE_COLS; col++)
		assert_true(c.w[col] > 0);
	assert_string_equal(race_model_col_head(RACE_COL_TESTED), "tested");
	race_model_cell(m, 0, RACE_COL_TESTED, buf, sizeof buf);
	assert_string_equal(buf, "15720");
	race_model_cell(m, 1, RACE_COL_TESTED, buf, sizeof buf);
	assert_string_equal(buf, "2056");
	race_model_cell(m, 0, RACE_COL_EVENTS, buf, sizeof buf);
	assert_string_equal(buf, "37519");
	race_model_cell(m, 1, RACE_COL_PLACE, buf, sizeof buf);
	assert_string_equal(buf, "1st");
	/* Scaled to the largest of each counter: 2056 of 15720 is 13% of the bar. */
	assert_int_equal(race_model_bar(m, 0, RACE_BAR_TESTED, 20), 20);
	assert_int_equal(race_model_bar(m, 1, RACE_BAR_TESTED, 20), 3);
	assert_int_equal(race_model_bar(m, 0, RACE_BAR_PLACED, 20), 20);
	assert_int_equal(race_model_bar(m, 1, RACE_BAR_PLACED, 20), 20);
	assert_int_equal(race_model_bar(m, 1, RACE_BAR_EVENTS, 20), 5);
	/* Never none for a count above 0. */
	assert_int_equal(race_model_bar(m, 1, RACE_BAR_TESTED, 1), 1);
	/* Each column after the last, two apart, and no wider than asked. */
	for (int w = 200; w >= 30; w--) {
		if (!race_model_chart(m, w, true, &c))
			break;
		assert_true(c.width <= w);
		assert_true(c.bar >= 4);
		for (int col = 1, prev = 0; col < RACE_COLS; col++)
			if (c.w[col]) {
				assert_true(c.x[col] >= c.x[prev] + c.w[prev] + 2 ||
				            c.w[prev] == 0);
				prev = col;
			}
	}
	/* Narrower: the solutions go, then the place; the time only where asked. */
	assert_true(race_model_chart(m, 60, true, &c));
	assert_int_equal(c.w[RACE_COL_SOLUTIONS], 0);
	assert_true(c.w[RACE_COL_TIME] > 0);
	assert_true(race_model_chart(m, 60, false, &c));
	assert_int_equal(c.w[RACE_COL_TIME], 0);
	assert_true(c.w[RACE_COL_PLACE] > 0);
	assert_false(race_model_chart(m, 20, false, &c));
	assert_int_equal(race_model_verdict(m, verdict, sizeof verdict), THEME_GOOD);
	assert_string_equal(verdict, "The 2 algorithms agree: 92 solutions, the same "
	                             "ones in the same order.");
	race_model_free(m);

	/* The default four on n = 8: the counts of each search run alone. */
	m = model(8, race_default_algos, RACE_DEFAULT_COUNT, SEARCH_ALL);
	race_model_to_end(m);
	assert_int_equal(counters(m, 0)->tested, 15720);
	assert_int_equal(counters(m, 0)->placed, 2056);
	for (int i = 0; i < 4; i++) {
		assert_true(
		        same_counts(*counters(m, i), alone(m->algos[i], 8, SEARCH_ALL)));
		assert_int_equal(counters(m, i)->solutions, 92);
	}
	assert_int_equal(race_model_verdict(m, verdict, sizeof verdict), THEME_GOOD);
	race_model_free(m);
}

/*
 * The boards at the end: each runner's last solution (the tree searches
 * end on an empty board), or where it stopped when it found none.
 */
static void test_end_boards(void **state)
{
	static const int last8[8] = {7, 3, 0, 2, 5, 1, 6, 4}; /* 8 4 1 3 6 2 7 5 */
	static const int first8[8] = {0, 4, 7, 5, 2, 6, 1, 3};
	static const enum search_algo two[] = {SEARCH_SCAN, SEARCH_BITS};
	struct race_model *m =
	        model(8, race_default_algos, RACE_DEFAULT_COUNT, SEARCH_ALL);

	(void)state;
	race_model_to_end(m);
	for (int i = 0; i < 4; i++) {
		for (int f = 0; f < 8; f++)
			assert_int_equal(search_ranks(race_model_search(m, i))[f], -1);
		assert_memory_equal(race_final_ranks(m->race, i), last8, sizeof last8);
	}
	race_model_toggle_goal(m);
	race_model_to_end(m);
	for (int i = 0; i < 4; i++)
		assert_memory_equal(race_final_ranks(m->race, i), first8, sizeof first8);
	race_model_free(m);

	/* No solution for 3: the board where each stopped, empty. */
	m = model(3, two, 2, SEARCH_ALL);
	race_model_to_end(m);
	for (int i = 0; i < 2; i++)
		for (int f = 0; f < 3; f++)
			assert_int_equal(race_final_ranks(m->race, i)[f], -1);
	race_model_free(m);
}

/* The winner: the fewest events, ties said as ties. */
static void test_winner(void **state)
{
	static const enum search_algo two[] = {SEARCH_BACKTRACK, SEARCH_SCAN};
	static const enum search_algo tp[] = {SEARCH_BACKTRACK, SEARCH_PERMUTE};
	struct race_model *m =
	        model(8, race_default_algos, RACE_DEFAULT_COUNT, SEARCH_ALL);
	struct search_counters b, p;
	char buf[256], want[256];
	enum theme_item role;

	(void)state;
	race_model_to_end(m);
	race_model_winner(m, buf, sizeof buf);
	assert_string_equal(buf, "bits wins with 10,191 events, the fewest.");
	race_model_free(m);

	m = model(6, two, 2, SEARCH_ALL);
	race_model_to_end(m);
	assert_string_equal(race_model_place(m, 0), "1st");
	assert_string_equal(race_model_place(m, 1), "1st");
	/* A tie: both are winners, in good news's colours. */
	for (int i = 0; i < 2; i++) {
		assert_string_equal(race_model_standing(m, i, &role), "1st");
		assert_int_equal(role, THEME_GOOD);
		assert_int_equal(race_model_bar_role(m, i), THEME_GOOD);
	}
	race_model_winner(m, buf, sizeof buf);
	assert_string_equal(buf, "backtrack and scan tie with 2,243 events each.");
	race_model_free(m);

	/* permute against backtrack: a tie when they take the same events. */
	b = alone(SEARCH_BACKTRACK, 7, SEARCH_FIRST);
	p = alone(SEARCH_PERMUTE, 7, SEARCH_FIRST);
	m = model(7, tp, 2, SEARCH_FIRST);
	race_model_to_end(m);
	race_model_winner(m, buf, sizeof buf);
	if (b.events == p.events)
		snprintf(want, sizeof want, "backtrack and permute tie with");
	else
		snprintf(want, sizeof want, "%s wins with",
		         b.events < p.events ? "backtrack" : "permute");
	assert_int_equal(strncmp(buf, want, strlen(want)), 0);
	race_model_free(m);
}

/* The lesson of a race of algos on n to goal: race_lesson's sentence. */
static void lesson_of(int n, const enum search_algo *algos, int count,
                      enum search_goal goal, char *buf, size_t len)
{
	struct race_model *m = model(n, algos, count, goal);

	race_model_to_end(m);
	race_model_lesson(m, buf, len);
	race_model_free(m);
}

/* What a race shows about pruning, made from its counters, for several races. */
static void test_lesson(void **state)
{
	static const enum search_algo bs[] = {SEARCH_BACKTRACK, SEARCH_SCAN};
	static const enum search_algo bsb[] = {SEARCH_BACKTRACK, SEARCH_SCAN,
	                                       SEARCH_BITS};
	static const enum search_algo sb[] = {SEARCH_SCAN, SEARCH_BITS};
	static const enum search_algo bb[] = {SEARCH_BACKTRACK, SEARCH_BITS};
	static const enum search_algo plans[] = {SEARCH_REPAIR, SEARCH_CONSTRUCT,
	                                         SEARCH_BITS};
	static const enum search_algo bp[] = {SEARCH_BACKTRACK, SEARCH_PERMUTE};
	struct search_counters b, p;
	char buf[512], want[512];

	(void)state;
	lesson_of(6, bs, 2, SEARCH_ALL, buf, sizeof buf);
	/* scan tests what backtrack tests, looking along the board for each. */
	assert_string_equal(buf, "The 2 algorithms test the same 894 squares each; scan "
	                         "looks at 3,441 squares along the board to test them.");
	lesson_of(4, sb, 2, SEARCH_ALL, buf, sizeof buf);
	assert_string_equal(buf, "bits tests 16 squares, 27% of scan's 60: it picks only "
	                         "free ranks, so it never tests an attacked one.");
	lesson_of(5, bsb, 3, SEARCH_ALL, buf, sizeof buf);
	assert_string_equal(buf,
	                    "bits tests 53 squares, 24% of backtrack's 220: it picks "
	                    "only free ranks, so it never tests an attacked one.");
	lesson_of(8, bb, 2, SEARCH_FIRST, buf, sizeof buf);
	assert_string_equal(buf, "bits tests 113 squares, 13% of backtrack's 876: it "
	                         "picks only free ranks, so it never tests an attacked "
	                         "one.");
	b = alone(SEARCH_REPAIR, 8, SEARCH_FIRST);
	lesson_of(8, plans, 3, SEARCH_FIRST, buf, sizeof buf);
	snprintf(want, sizeof want,
	         "construct tests no square, where repair tests %" PRIu64
	         ": it places 8 queens without testing one.",
	         b.tested);
	assert_string_equal(buf, want);

	/*
	 * permute against backtrack, n = 7 and 8: the same work when their
	 * counters are the same, else the squares it saves, from the counts of
	 * each search run alone.
	 */
	for (int n = 7; n <= 8; n++) {
		b = alone(SEARCH_BACKTRACK, n, SEARCH_ALL);
		p = alone(SEARCH_PERMUTE, n, SEARCH_ALL);
		lesson_of(n, bp, 2, SEARCH_ALL, buf, sizeof buf);
		if (same_counts(b, p))
			snprintf(want, sizeof want,
			         "backtrack and permute do the same work: each tests");
		else if (p.tested < b.tested)
			snprintf(want, sizeof want, "permute tests ");
		else
			snprintf(want, sizeof want, "backtrack tests ");
		assert_int_equal(strncmp(buf, want, strlen(want)), 0);
	}
	b = alone(SEARCH_BACKTRACK, 8, SEARCH_ALL);
	p = alone(SEARCH_PERMUTE, 8, SEARCH_ALL);
	lesson_of(8, race_default_algos, RACE_DEFAULT_COUNT, SEARCH_ALL, buf, sizeof buf);
	assert_string_equal(
	        buf, same_counts(b, p) ? "bits tests 2,056 squares, 13% of the 15,720 "
	                                 "of backtrack and permute, which do the same "
	                                 "work: it picks only free ranks, so it never "
	                                 "tests an attacked one."
	                               : "bits tests 2,056 squares, 13% of backtrack's "
	                                 "15,720: it picks only free ranks, so it never "
	                                 "tests an attacked one.");
}

/* A clock of the tests: step ns a reading. */
static uint64_t stepping_clock(void *ctx)
{
	uint64_t *c = ctx;

	c[0] += c[1];
	return c[0];
}

/*
 * The time: measured only once the race is over, each runner's search run
 * again until the runs took 50 ms in all, the mean of a run.
 */
static void test_time(void **state)
{
	static const enum search_algo two[] = {SEARCH_BACKTRACK, SEARCH_BITS};
	struct race_model *m = model(6, two, 2, SEARCH_ALL);
	uint64_t clock[2] = {0, 7000000}; /* 7 ms a run */
	char buf[64];

	(void)state;
	race_model_set_clock(m, stepping_clock, clock);
	for (int k = 0; k < 100; k++)
		race_model_step(m);
	assert_false(race_measured(m->race));
	assert_int_equal(race_runner(m->race, 0)->runs, 0);
	race_model_cell(m, 0, RACE_COL_TIME, buf, sizeof buf);
	assert_string_equal(buf, "-");
	race_model_to_end(m);
	assert_true(race_measured(m->race));
	for (int i = 0; i < 2; i++) {
		/* 8 runs of 7 ms: 56 ms, the first past 50. */
		assert_int_equal(race_runner(m->race, i)->runs, 8);
		assert_int_equal(race_runner(m->race, i)->ns, 7000000);
	}
	race_model_cell(m, 0, RACE_COL_TIME, buf, sizeof buf);
	assert_string_equal(buf, "7.0 ms");
	/* A run past 50 ms is measured once; the clock survives a restart. */
	clock[1] = 60000000;
	race_model_restart(m);
	race_model_to_end(m);
	assert_int_equal(race_runner(m->race, 1)->runs, 1);
	assert_int_equal(race_runner(m->race, 1)->ns, 60000000);
	race_model_free(m);

	race_format_time(850, buf, sizeof buf);
	assert_string_equal(buf, "850 ns");
	race_format_time(47200, buf, sizeof buf);
	assert_string_equal(buf, "47.2 us");
	race_format_time(420000, buf, sizeof buf);
	assert_string_equal(buf, "0.42 ms");
	race_format_time(4560000000u, buf, sizeof buf);
	assert_string_equal(buf, "4.56 s");
	assert_true(strstr(race_time_means, "this program's stepping") != NULL);
	assert_true(strstr(race_time_means, "not the listings' speed") != NULL);
}

/* The animation: nothing while paused; at 200 events/s, 40 ms brings 8 events. */
static void test_animation(void **state)
{
	struct race_model *m =
	        model(8, race_default_algos, RACE_DEFAULT_COUNT, SEARCH_ALL);

	(void)state;
	fake_now = 1000;
	assert_int_equal(race_model_timer_ms(m), -1);
	race_model_tick(m);
	assert_int_equal(events(m, 0), 0);
	race_model_play(m);
	assert_true(m->playing);
	assert_true(race_model_timer_ms(m) > 0);
	fake_now += 40;
	race_model_tick(m);
	assert_int_equal(events(m, 0), (uint64_t)race_speeds[m->speed] * 40 / 1000);
	for (int i = 1; i < 4; i++)
		assert_int_equal(events(m, i), events(m, 0));
	race_model_speed(m, 1);
	race_model_speed(m, -1);
	/* Played to the end, the animation stops by itself. */
	for (int k = 0; k < RACE_SPEEDS; k++)
		race_model_speed(m, 1);
	assert_int_equal(m->speed, RACE_SPEEDS - 1);
	while (m->playing) {
		fake_now += 1000;
		race_model_tick(m);
	}
	assert_true(race_model_done(m));
	race_model_play(m);
	assert_false(m->playing);
	assert_string_equal(m->message, "The race is over: r starts it again.");
	race_model_restart(m);
	assert_int_equal(events(m, 0), 0);
	assert_false(race_model_done(m));
	race_model_free(m);
}

/* The words of the speed. */
static void test_words(void **state)
{
	struct race_model *m = model(6, race_default_algos, 2, SEARCH_ALL);
	char buf[64];

	(void)state;
	race_model_speed_text(m, buf, sizeof buf);
	assert_string_equal(buf, "200 events/s");
	for (int k = 0; k < RACE_SPEEDS; k++)
		race_model_speed(m, -1);
	race_model_speed_text(m, buf, sizeof buf);
	assert_string_equal(buf, "1 events/s");
	assert_string_equal(race_model_place(m, 0), "");
	race_model_free(m);
}

/* A race that cannot be: the engine's reason. */
static void test_refused(void **state)
{
	static const enum search_algo twice[] = {SEARCH_BITS, SEARCH_BITS};
	char err[256];

	(void)state;
	assert_null(race_model_new(8, twice, 2, SEARCH_ALL, fake_clock, err, sizeof err));
	assert_string_equal(err, "bits is named twice; each algorithm runs once");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_lockstep_events),
	        cmocka_unit_test(test_first_and_all),
	        cmocka_unit_test(test_chart),
	        cmocka_unit_test(test_end_boards),
	        cmocka_unit_test(test_winner),
	        cmocka_unit_test(test_lesson),
	        cmocka_unit_test(test_time),
	        cmocka_unit_test(test_animation),
	        cmocka_unit_test(test_words),
	        cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
