/* Unit tests of the puzzle of the day: dates, the puzzle of each, the streak and its
 * merge. */
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

#define SCRATCH_NAME "nq-daily"
#include "scratch.h"

#include "engine/daily.h"
#include "engine/puzzle.h"
#include "engine/store.h"

/* The queens given on 2024-05-17, as the first release made them. */
#define PINNED_QUEENS "queens: a4 e7 h3"

/* Dates and day numbers, both ways, against dates whose numbers are known. */
static void test_dates(void **state)
{
	char buf[32];
	long day, prev;
	int y, m, d;

	(void)state;
	assert_int_equal(daily_day(1970, 1, 1), 0);
	assert_int_equal(daily_day(2000, 3, 1), 11017);
	assert_int_equal(daily_day(2024, 2, 29), 19782);
	assert_int_equal(daily_day(2024, 3, 1), 19783);
	/* 1970-01-01 was a Thursday, 2024-05-17 a Friday, 2000-01-03 a Monday. */
	assert_string_equal(daily_weekday_name(daily_weekday(0)), "Thursday");
	assert_string_equal(daily_weekday_name(daily_weekday(daily_day(2024, 5, 17))),
	                    "Friday");
	assert_int_equal(daily_weekday(daily_day(2000, 1, 3)), 0);
	/* Every day from 1970 to 2200 goes to its date and back, each the next. */
	prev = -1;
	for (day = 0; day < daily_day(2200, 1, 1); day++) {
		long again;

		daily_format_date(day, buf, sizeof buf);
		assert_true(daily_parse_date(buf, &again));
		assert_int_equal(again, day);
		daily_date(day, &y, &m, &d);
		assert_int_equal(daily_day(y, m, d), day);
		assert_true(day == prev + 1);
		prev = day;
	}
	daily_format_date(daily_day(9999, 12, 31), buf, sizeof buf);
	assert_string_equal(buf, "9999-12-31");
	/* Only a real date, written exactly so, is read. */
	assert_true(daily_parse_date("2024-02-29", &day));
	assert_false(daily_parse_date("2023-02-29", &day));
	assert_false(daily_parse_date("1900-02-29", &day));
	assert_true(daily_parse_date("2000-02-29", &day));
	assert_false(daily_parse_date("2024-04-31", &day));
	assert_false(daily_parse_date("2024-13-01", &day));
	assert_false(daily_parse_date("2024-00-10", &day));
	assert_false(daily_parse_date("2024-5-17", &day));
	assert_false(daily_parse_date("2024-05-17 ", &day));
	assert_false(daily_parse_date("2024/05/17", &day));
	assert_false(daily_parse_date("1969-12-31", &day));
	assert_false(daily_parse_date("", &day));
	assert_true(daily_parse_id("daily-2024-05-17", &day));
	assert_int_equal(day, daily_day(2024, 5, 17));
	assert_false(daily_parse_id("08-easy-01", &day));
	assert_false(daily_parse_id("daily-tomorrow", &day));
}

/* NQUEENS_TEST_DATE says what today is, for the tests; a bad one is said. */
static void test_today(void **state)
{
	char err[256];
	long day;

	(void)state;
	setenv(DAILY_TEST_DATE, "2024-05-17", 1);
	assert_int_equal(daily_today(&day, err, sizeof err), 0);
	assert_int_equal(day, daily_day(2024, 5, 17));
	setenv(DAILY_TEST_DATE, "17/05/2024", 1);
	assert_int_equal(daily_today(&day, err, sizeof err), -1);
	assert_string_equal(err, "NQUEENS_TEST_DATE must be a date written YYYY-MM-DD, "
	                         "not '17/05/2024'");
	unsetenv(DAILY_TEST_DATE);
	assert_int_equal(daily_today(&day, err, sizeof err), 0);
	assert_true(day > daily_day(2024, 1, 1));
}

/*
 * A clock before 1970 (or past 9999) is said as a clock set wrong, where
 * the puzzle's refusal said "Invalid argument".
 */
static void test_clock_out_of_range(void **state)
{
	char err[256];
	long day = 7;

	(void)state;
	setenv("TZ", "UTC", 1);
	tzset();
	assert_int_equal(daily_of_time(0, &day, err, sizeof err), 0);
	assert_int_equal(day, 0);
	assert_int_equal(daily_of_time(-1, &day, err, sizeof err), -1);
	assert_string_equal(err, "the clock says 1969-12-31, before 1970-01-01, the "
	                         "first day of the daily puzzles; set the clock right");
	assert_int_equal(daily_of_time(-86400L * 365 * 30, &day, err, sizeof err), -1);
	assert_non_null(strstr(err, "the clock says 1940-"));
	assert_int_equal(daily_of_time((time_t)253402300800LL, &day, err, sizeof err),
	                 -1);
	assert_string_equal(err, "the clock says 10000-01-01, after 9999-12-31, the "
	                         "last day of the daily puzzles; set the clock right");
	assert_int_equal(day, 0);
	unsetenv("TZ");
	tzset();
}

/*
 * The puzzle of a date: the same at every call, another the next day, one
 * completion, the size and grade of its day of the week as measured.  Two
 * years of dates, and one pinned, so that the puzzle stays what it was on
 * every machine and in every release.
 */
static void test_puzzle_of_the_day(void **state)
{
	long first = daily_day(2024, 1, 1);
	struct puzzle a, b, prev = {0};
	char id[DAILY_ID_MAX], id2[DAILY_ID_MAX];

	(void)state;
	for (long day = first; day < first + 731; day++) {
		struct puzzle_measure m;
		enum puzzle_grade grade;
		uint64_t count;
		int n;

		assert_int_equal(daily_puzzle(day, &a, id, sizeof id), 0);
		assert_int_equal(daily_puzzle(day, &b, id2, sizeof id2), 0);
		assert_memory_equal(&a, &b, sizeof a);
		assert_string_equal(id, id2);
		daily_rule(daily_weekday(day), &n, &grade);
		assert_int_equal(a.n, n);
		assert_int_equal(a.grade, grade);
		assert_int_equal(puzzle_completions(&a, 2, 0, NULL, &count), 0);
		assert_int_equal(count, 1);
		assert_int_equal(puzzle_measure(&a, PUZZLE_WORK_LIMIT, &m), 0);
		assert_true(m.judged);
		assert_int_equal(m.grade, grade);
		if (day > first && prev.n == a.n)
			assert_memory_not_equal(prev.given, a.given, sizeof a.given);
		prev = a;
	}
	/* Friday 2024-05-17: eight queens, hard. */
	assert_int_equal(daily_puzzle(daily_day(2024, 5, 17), &a, id, sizeof id), 0);
	assert_string_equal(id, "daily-2024-05-17");
	assert_string_equal(a.title, "Daily puzzle, Friday 2024-05-17");
	assert_int_equal(a.n, 8);
	assert_int_equal(a.grade, PUZZLE_HARD);
	{
		char text[512];

		puzzle_format(&a, text, sizeof text);
		assert_non_null(strstr(text, PINNED_QUEENS));
	}
	/* The week's rule, as the manual gives it. */
	{
		static const int sizes[7] = {6, 8, 8, 10, 8, 10, 12};
		static const enum puzzle_grade grades[7] = {
		        PUZZLE_EASY, PUZZLE_EASY, PUZZLE_MEDIUM, PUZZLE_MEDIUM,
		        PUZZLE_HARD, PUZZLE_HARD, PUZZLE_MEDIUM};

		for (int w = 0; w < 7; w++) {
			enum puzzle_grade g;
			int n;

			daily_rule(w, &n, &g);
			assert_int_equal(n, sizes[w]);
			assert_int_equal(g, grades[w]);
		}
	}
	assert_int_equal(daily_puzzle(-1, &a, id, sizeof id), -1);
}

/* A store whose daily puzzles of the days given (as offsets from base) are solved. */
static void solved_days(struct store *st, long base, const int *offsets, int count,
                        uint64_t ms)
{
	for (int i = 0; i < count; i++) {
		char date[16], id[DAILY_ID_MAX];

		daily_format_date(base + offsets[i], date, sizeof date);
		snprintf(id, sizeof id, "%s%s", DAILY_PREFIX, date);
		assert_true(store_record_time(st, id, ms) >= 0);
	}
}

/* The streak's rules: days in a row up to today or yesterday; a day missed ends it. */
static void test_streak_rules(void **state)
{
	long today = daily_day(2024, 3, 1);
	struct daily_streak s;
	struct store st;
	char err[256];

	(void)state;
	assert_int_equal(store_init(&st, scratch, err, sizeof err), 0);
	daily_streak(&st, today, &s);
	assert_int_equal(s.current, 0);
	assert_int_equal(s.longest, 0);
	assert_false(s.done_today);
	/* Three days to today, across February's leap day. */
	solved_days(&st, today, (const int[]){-2, -1, 0}, 3, 60000);
	/* Other puzzles' times are no days. */
	assert_int_equal(store_record_time(&st, "08-easy-01", 1000), 1);
	assert_int_equal(store_record_time(&st, "daily-someday", 1000), 1);
	daily_streak(&st, today, &s);
	assert_int_equal(s.current, 3);
	assert_int_equal(s.longest, 3);
	assert_int_equal(s.days, 3);
	assert_true(s.done_today);
	/* The next day, before its puzzle is solved: still 3. */
	daily_streak(&st, today + 1, &s);
	assert_int_equal(s.current, 3);
	assert_false(s.done_today);
	/* A day missed ends it; the longest run stays. */
	daily_streak(&st, today + 2, &s);
	assert_int_equal(s.current, 0);
	assert_int_equal(s.longest, 3);
	solved_days(&st, today, (const int[]){2}, 1, 60000);
	daily_streak(&st, today + 2, &s);
	assert_int_equal(s.current, 1);
	assert_int_equal(s.longest, 3);
	assert_int_equal(s.days, 4);
	/* Earlier runs, and a day after today (a clock set wrong), do not count. */
	solved_days(&st, today, (const int[]){-10, -9, -8, -7, 5}, 5, 60000);
	daily_streak(&st, today + 2, &s);
	assert_int_equal(s.current, 1);
	assert_int_equal(s.longest, 4);
	assert_int_equal(s.days, 8);
	store_free(&st);
}

/*
 * Two copies of the program, each solving its own days, save one after the
 * other under the lock: the file holds every day, so the streak is whole;
 * a day both solved counts once, at the better time.
 */
static void test_streak_merge(void **state)
{
	long today = daily_day(2024, 5, 17);
	char dir[4200], err[1024], id[DAILY_ID_MAX], date[16];
	struct store a, b, c;
	struct daily_streak s;
	uint64_t ms;

	(void)state;
	snprintf(dir, sizeof dir, "%s/merge", scratch);
	assert_int_equal(store_init(&a, dir, err, sizeof err), 0);
	assert_int_equal(store_init(&b, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&a, err, sizeof err), 0);
	assert_int_equal(store_load(&b, err, sizeof err), 0);
	solved_days(&a, today, (const int[]){-3, -2, 0}, 3, 50000);
	solved_days(&b, today, (const int[]){-1, 0}, 2, 40000);
	daily_streak(&a, today, &s);
	assert_int_equal(s.current, 1);
	assert_int_equal(store_save(&a, err, sizeof err), 0);
	assert_int_equal(store_save(&b, err, sizeof err), 0);
	/* B took A's days in its save. */
	daily_streak(&b, today, &s);
	assert_int_equal(s.current, 4);
	assert_int_equal(s.days, 4);
	assert_int_equal(store_init(&c, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&c, err, sizeof err), 0);
	daily_streak(&c, today, &s);
	assert_int_equal(s.current, 4);
	assert_int_equal(s.longest, 4);
	assert_true(s.done_today);
	daily_format_date(today, date, sizeof date);
	snprintf(id, sizeof id, "%s%s", DAILY_PREFIX, date);
	assert_true(store_best_time(&c, id, &ms));
	assert_int_equal(ms, 40000);
	/* store_merge alone follows the same rule. */
	store_clear(&a);
	solved_days(&a, today, (const int[]){-5, -4}, 2, 1000);
	assert_int_equal(store_merge(&a, &c), 0);
	daily_streak(&a, today, &s);
	assert_int_equal(s.current, 6);
	assert_int_equal(s.longest, 6);
	store_free(&a);
	store_free(&b);
	store_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_dates),
	        cmocka_unit_test(test_today),
	        cmocka_unit_test(test_clock_out_of_range),
	        cmocka_unit_test(test_puzzle_of_the_day),
	        cmocka_unit_test(test_streak_rules),
	        cmocka_unit_test(test_streak_merge),
	};

	return cmocka_run_group_tests(tests, make_scratch, drop_scratch);
}
