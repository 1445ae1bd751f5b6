/* Unit tests of the race screen's model without a terminal: lockstep by events, by
 * equal time, first or all, the animation's clock, the final table. */
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

#include "race.h"
#include "race_model.h"
#include "search.h"

/* The animation's clock: it moves only when a test says so. */
static long long fake_now;

static long long fake_clock(void)
{
	return fake_now;
}

/*
 * The runners' clock of a test: each event of runner i costs cost[i] ns,
 * so that equal time is a known number of events.  Only one runner steps
 * at a time, so the clock's sum moves by the events of the one stepping.
 */
struct costs {
	const struct race_model *m;
	uint64_t cost[RACE_MAX];
};

static uint64_t cost_clock(void *ctx)
{
	const struct costs *c = ctx;
	uint64_t t = 0;

	for (int i = 0; i < c->m->count; i++)
		t += search_counters(race_model_search(c->m, i))->events * c->cost[i];
	return t;
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

	(void)state;
	assert_int_equal(m->pacing, RACE_BY_EVENTS);
	assert_false(m->playing);
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
	/* bits ends first (10191 events), then permute, backtrack and scan together. */
	assert_string_equal(race_model_place(m, 3), "1st");
	assert_string_equal(race_model_place(m, 2), "2nd");
	assert_string_equal(race_model_place(m, 0), "2nd");
	assert_string_equal(race_model_place(m, 1), "2nd");
	assert_int_equal(steps, 37519);
	race_model_free(m);
}

/*
 * By equal time, each runner is given the same time a step: one whose
 * events cost half as much takes twice as many, and pulls ahead.
 */
static void test_equal_time(void **state)
{
	static const enum search_algo two[] = {SEARCH_BACKTRACK, SEARCH_PERMUTE};
	struct race_model *m = model(8, two, 2, SEARCH_ALL);
	struct costs c = {m, {20, 40}};

	(void)state;
	race_model_set_clock(m, cost_clock, &c);
	race_model_toggle_pacing(m);
	assert_int_equal(m->pacing, RACE_BY_TIME);
	assert_string_equal(m->message, "Now by equal time.");
	for (int k = 0; k < 100; k++)
		race_model_step(m);
	/* 100 steps of RACE_NS_PER_EVENT ns each: 2000 ns, 100 and 50 events. */
	assert_int_equal(events(m, 0), 100 * RACE_NS_PER_EVENT / 20);
	assert_int_equal(events(m, 1), 100 * RACE_NS_PER_EVENT / 40);
	assert_int_equal(race_runner(m->race, 0)->ns, race_runner(m->race, 1)->ns);
	/* Back to events: level steps again from where each is. */
	race_model_toggle_pacing(m);
	race_model_step(m);
	assert_int_equal(events(m, 0), 101);
	assert_int_equal(events(m, 1), 51);
	race_model_free(m);
}

/*
 * By equal time on the real clock: backtrack's 37519 events cost more in
 * all than permute's 17095, so permute ends first, and each runner's time
 * stays within a few steps of the others' while both run.
 */
static void test_equal_time_real(void **state)
{
	static const enum search_algo two[] = {SEARCH_BACKTRACK, SEARCH_PERMUTE};
	struct race_model *m = model(8, two, 2, SEARCH_ALL);

	(void)state;
	race_model_toggle_pacing(m);
	race_model_to_end(m);
	assert_true(race_model_done(m));
	assert_int_equal(counters(m, 0)->solutions, 92);
	assert_int_equal(counters(m, 1)->solutions, 92);
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
	assert_true(race_model_verdict(m, verdict, sizeof verdict));
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

/* The table of n = 8, all: the figures of the literature, and the agreement. */
static void test_table(void **state)
{
	static const enum search_algo two[] = {SEARCH_BACKTRACK, SEARCH_PERMUTE};
	struct race_model *m = model(8, two, 2, SEARCH_ALL);
	char lines[RACE_MAX + 1][RACE_TABLE_LINE], verdict[512], want[256];
	int w;

	(void)state;
	race_model_to_end(m);
	assert_true(race_model_done(m));
	assert_false(m->playing);
	w = race_model_table(m, 200, lines);
	assert_true(w > 0);
	assert_int_equal(strncmp(lines[0],
	                         "place  algorithm  tested  placed  events  "
	                         "solutions",
	                         51),
	                 0);
	snprintf(want, sizeof want,
	         "1st    backtrack   15720    2056   37519         92");
	assert_int_equal(strncmp(lines[1], want, strlen(want)), 0);
	snprintf(want, sizeof want,
	         "1st    permute     15720    2056   37519         92");
	assert_int_equal(strncmp(lines[2], want, strlen(want)), 0);
	assert_true(race_model_verdict(m, verdict, sizeof verdict));
	assert_string_equal(verdict, "The 2 algorithms agree: 92 solutions, the same "
	                             "ones in the same order.");
	/* Narrower: solutions go, then place; never a line wider than asked. */
	assert_true(race_model_table(m, w - 1, lines) <= w - 1);
	assert_null(strstr(lines[0], "solutions"));
	assert_int_equal(strncmp(lines[0], "place  algorithm", 16), 0);
	w = race_model_table(m, 45, lines);
	assert_true(w > 0 && w <= 45);
	assert_int_equal(strncmp(lines[0], "algorithm  tested", 17), 0);
	assert_int_equal(strncmp(lines[1], "backtrack   15720", 17), 0);
	assert_int_equal(race_model_table(m, 20, lines), 0);
	race_model_free(m);

	/* The default four on n = 8: the same 92 solutions each. */
	m = model(8, race_default_algos, RACE_DEFAULT_COUNT, SEARCH_ALL);
	race_model_to_end(m);
	assert_int_equal(counters(m, 0)->tested, 15720);
	assert_int_equal(counters(m, 0)->placed, 2056);
	assert_int_equal(counters(m, 2)->tested, 15720);
	for (int i = 0; i < 4; i++)
		assert_int_equal(counters(m, i)->solutions, 92);
	assert_true(race_model_verdict(m, verdict, sizeof verdict));
	race_model_free(m);
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

/* The words of the pacing and the speed. */
static void test_words(void **state)
{
	struct race_model *m = model(6, race_default_algos, 2, SEARCH_ALL);
	char buf[64];

	(void)state;
	race_model_speed_text(m, false, buf, sizeof buf);
	assert_string_equal(buf, "200 events/s");
	race_model_toggle_pacing(m);
	race_model_speed_text(m, false, buf, sizeof buf);
	assert_string_equal(buf, "4 \xc2\xb5s/s");
	race_model_speed_text(m, true, buf, sizeof buf);
	assert_string_equal(buf, "4 us/s");
	for (int k = 0; k < RACE_SPEEDS; k++)
		race_model_speed(m, -1);
	race_model_speed_text(m, false, buf, sizeof buf);
	assert_string_equal(buf, "20 ns/s");
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
	        cmocka_unit_test(test_equal_time),
	        cmocka_unit_test(test_equal_time_real),
	        cmocka_unit_test(test_first_and_all),
	        cmocka_unit_test(test_table),
	        cmocka_unit_test(test_animation),
	        cmocka_unit_test(test_words),
	        cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
