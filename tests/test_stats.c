/* Unit tests of the stats: the calendar, the streak across months and years and
 * a clock set back, best times by size and grade, what was found per n. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/daily.h"
#include "engine/stats.h"
#include "engine/store.h"
#include "tui/stats_model.h"

/* Times the daily of day as the program would on the day today. */
static bool solve_on(struct store *st, long day, long today, uint64_t ms)
{
	char id[64];
	bool counts = stats_daily_id(st, day, today, id, sizeof id);

	assert_true(store_record_time(st, id, ms) >= 0);
	return counts;
}

static void init(struct store *st)
{
	char err[256];

	assert_int_equal(store_init(st, "/nonexistent-nq-stats", err, sizeof err), 0);
}

/* The streak runs across a month's and a year's end, and a leap day. */
static void test_streak_across_ends(void **state)
{
	long dec30 = daily_day(2026, 12, 30), feb28 = daily_day(2028, 2, 28);
	struct daily_streak s;
	struct store st;

	(void)state;
	init(&st);
	for (long d = dec30; d <= dec30 + 4; d++)
		assert_true(solve_on(&st, d, d, 1000));
	stats_streak(&st, dec30 + 4, &s);
	assert_int_equal(s.current, 5);
	assert_int_equal(s.longest, 5);
	for (long d = feb28; d <= feb28 + 2; d++)
		assert_true(solve_on(&st, d, d, 1000));
	stats_streak(&st, feb28 + 2, &s);
	assert_int_equal(s.current, 3); /* 28, 29 and March 1st */
	assert_int_equal(s.longest, 5);
	store_free(&st);
}

/*
 * A past daily is timed late and gains no streak; so is today's when the
 * clock was set back behind a day already solved on its day.
 */
static void test_no_streak_from_the_clock(void **state)
{
	long today = daily_day(2026, 11, 29);
	struct daily_streak s;
	struct stats_month m;
	struct store st;

	(void)state;
	init(&st);
	assert_true(solve_on(&st, today - 2, today - 2, 5000));
	assert_true(solve_on(&st, today, today, 4000));
	/* Yesterday's, played today, fills no gap. */
	assert_false(solve_on(&st, today - 1, today, 3000));
	stats_streak(&st, today, &s);
	assert_int_equal(s.current, 1);
	assert_int_equal(stats_late_days(&st, today), 1);
	/* The clock set back to yesterday: yesterday's, solved "on its day", is late. */
	store_free(&st);
	init(&st);
	assert_true(solve_on(&st, today - 2, today - 2, 5000));
	assert_true(solve_on(&st, today, today, 4000));
	assert_false(solve_on(&st, today - 1, today - 1, 3000));
	stats_streak(&st, today, &s);
	assert_int_equal(s.current, 1);
	assert_int_equal(s.longest, 1);
	/* The calendar tells on-day and late apart. */
	stats_month(&st, 2026, 11, today, &m);
	assert_int_equal(m.mark[26], STATS_SOLVED);
	assert_int_equal(m.mark[27], STATS_LATE);
	assert_int_equal(m.ms[27], 3000);
	assert_int_equal(m.mark[28], STATS_SOLVED);
	assert_int_equal(m.mark[25], STATS_MISSED);
	/* Seen from a clock set back, the days after it are to come. */
	stats_month(&st, 2026, 11, today - 2, &m);
	assert_int_equal(m.mark[28], STATS_FUTURE);
	assert_int_equal(m.mark[27], STATS_FUTURE); /* tomorrow, solved "before" */
	store_free(&st);
}

/* Months before 1970 and after 2100 are whole months with no puzzle solved. */
static void test_calendar_far_dates(void **state)
{
	struct stats_month m;
	struct store st;
	int y = 1970, mo = 1;

	(void)state;
	init(&st);
	stats_month(&st, 1969, 12, daily_day(2026, 11, 29), &m);
	assert_int_equal(m.days, 31);
	assert_int_equal(m.lead, 0); /* 1969-12-01 was a Monday */
	assert_int_equal(m.mark[30], STATS_MISSED);
	stats_month(&st, 2100, 2, daily_day(2026, 11, 29), &m);
	assert_int_equal(m.days, 28); /* 2100 is no leap year */
	assert_int_equal(m.lead, 0);  /* 2100-02-01 is a Monday */
	assert_int_equal(m.mark[0], STATS_FUTURE);
	stats_month(&st, 2000, 2, daily_day(2026, 11, 29), &m);
	assert_int_equal(m.days, 29);
	stats_month(&st, 2026, 11, daily_day(2026, 11, 29), &m);
	assert_int_equal(m.days, 30);
	assert_int_equal(m.lead, 6); /* a Sunday */
	assert_int_equal(m.mark[28], STATS_OPEN);
	assert_int_equal(m.mark[29], STATS_FUTURE); /* tomorrow is not missed yet */
	/* Paging stops at the first and last months of the dailies. */
	stats_month_add(&y, &mo, -1);
	assert_int_equal(y, 1970);
	assert_int_equal(mo, 1);
	stats_month_add(&y, &mo, 23);
	assert_int_equal(y, 1971);
	assert_int_equal(mo, 12);
	stats_month_add(&y, &mo, 1);
	assert_int_equal(y, 1972);
	assert_int_equal(mo, 1);
	y = 9999, mo = 12;
	stats_month_add(&y, &mo, 1);
	assert_int_equal(y, 9999);
	assert_int_equal(mo, 12);
	store_free(&st);
}

/* Best times by size and grade, dailies apart; found per n with the totals. */
static void test_bests_and_found(void **state)
{
	struct stats_grade g[8];
	struct stats_found f[4];
	struct store st;
	uint64_t ms;
	long day;

	(void)state;
	init(&st);
	assert_int_equal(store_record_time(&st, "08-hard-01", 9000), 1);
	assert_int_equal(store_record_time(&st, "08-hard-seed-77", 7000), 1);
	assert_int_equal(store_record_time(&st, "08-easy-02", 3000), 1);
	assert_int_equal(store_record_time(&st, "10-medium-01", 20000), 1);
	assert_int_equal(store_record_time(&st, "my-own", 1), 1);
	assert_int_equal(store_record_time(&st, "daily-2026-11-20", 60000), 1);
	assert_int_equal(store_record_time(&st, "daily-late-2026-11-21", 50000), 1);
	assert_int_equal(store_record_time(&st, "free-8x8", 42000), 1);
	/* Assisted solves are no record: not a best, not a size solved. */
	assert_int_equal(store_record_best(&st, "08-hard-02", false, 1000), 1);
	assert_int_equal(store_record_best(&st, "12-easy-01", false, 1000), 1);
	assert_int_equal(store_record_best(&st, "daily-2026-11-19", false, 1000), 1);
	assert_int_equal(stats_grades(&st, g, 8), 3);
	assert_int_equal(g[0].n, 8);
	assert_int_equal(g[0].grade, PUZZLE_EASY);
	assert_int_equal(g[1].grade, PUZZLE_HARD);
	assert_int_equal(g[1].solved, 2);
	assert_int_equal(g[1].ms, 7000);
	assert_int_equal(g[2].n, 10);
	assert_true(stats_daily_best(&st, &ms, &day));
	assert_int_equal(ms, 50000);
	assert_int_equal(day, daily_day(2026, 11, 21));
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 37), 1);
	assert_int_equal(store_add(&st, STORE_CLASSES, 8, 4), 1);
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 5, 1), 1);
	assert_int_equal(stats_found(&st, f, 4), 2);
	assert_int_equal(f[0].n, 5);
	assert_int_equal(f[0].total, 10);
	assert_int_equal(f[1].n, 8);
	assert_int_equal(f[1].solutions, 1);
	assert_int_equal(f[1].classes, 1);
	assert_int_equal(f[1].total, 92);
	assert_int_equal(f[1].unique, 12);
	assert_true(f[1].has_free);
	assert_int_equal(f[1].free_ms, 42000);
	store_free(&st);
}

/* The screen's model: each day's role, and paging from today's month. */
static void test_model_roles(void **state)
{
	long today = daily_day(2026, 11, 29), day;
	struct stats_model m;
	struct store st;

	(void)state;
	init(&st);
	assert_true(solve_on(&st, today - 1, today - 1, 1000));
	assert_false(solve_on(&st, today - 3, today, 1000));
	stats_model_init(&m, &st, today, true);
	assert_int_equal(m.month.month, 11);
	assert_int_equal(m.chosen, 28);
	assert_int_equal(stats_model_day_role(&m, 28), THEME_SELECTED);
	assert_int_equal(stats_model_day_role(&m, 27), THEME_GOOD);
	assert_int_equal(stats_model_day_role(&m, 25), THEME_LABEL);
	assert_int_equal(stats_model_day_role(&m, 24), THEME_NORMAL);
	assert_string_equal(stats_model_day_mark(&m, 27), "*");
	assert_string_equal(stats_model_day_mark(&m, 25), "+");
	assert_string_equal(stats_model_day_mark(&m, 28), "?");
	stats_model_choose(&m, -1);
	assert_int_equal(stats_model_day_role(&m, 28), THEME_KEY);
	assert_true(stats_model_playable(&m, &day));
	assert_int_equal(day, today - 1);
	stats_model_choose(&m, 5);
	assert_int_equal(m.chosen, 29);
	assert_false(stats_model_playable(&m, &day));
	stats_model_move(&m, 1);
	assert_int_equal(m.month.month, 12);
	assert_int_equal(stats_model_day_role(&m, 0), THEME_DIMMED);
	stats_model_move(&m, -12);
	assert_int_equal(m.month.year, 2025);
	stats_model_today(&m);
	assert_int_equal(m.month.month, 11);
	assert_int_equal(m.month.year, 2026);
	assert_int_equal(m.chosen, 28);
	/* A clock that cannot say today: nothing to play, no day marked today. */
	stats_model_init(&m, &st, 0, false);
	assert_int_equal(m.month.year, 1970);
	assert_false(stats_model_playable(&m, &day));
	store_free(&st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_streak_across_ends),
	        cmocka_unit_test(test_no_streak_from_the_clock),
	        cmocka_unit_test(test_calendar_far_dates),
	        cmocka_unit_test(test_bests_and_found),
	        cmocka_unit_test(test_model_roles),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
