/* The puzzle of the day: the same for everyone on a date, and the streak of days solved.
 */
#include "config.h"

#include "engine/daily.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/errmsg.h"
#include "engine/rng.h"
#include "engine/store.h"

/*
 * Day numbers from dates and back, in the proleptic Gregorian calendar.
 * The year is counted from March, so that the leap day ends it and each
 * month's first day is a linear function of the month (the method of
 * H. Hinnant, "chrono-Compatible Low-Level Date Algorithms").  A cycle of
 * 400 years has 146097 days; day 0 of the March-based count is 0000-03-01,
 * 719468 days before 1970-01-01.
 */
#define DAYS_400_YEARS 146097L
#define MARCH_0_TO_1970 719468L

long daily_day(int year, int month, int day)
{
	long y = year - (month <= 2);
	long era = (y >= 0 ? y : y - 399) / 400;
	long yoe = y - era * 400; /* 0 to 399 */
	long doy = (153L * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
	long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy; /* 0 to 146096 */

	return era * DAYS_400_YEARS + doe - MARCH_0_TO_1970;
}

void daily_date(long day, int *year, int *month, int *mday)
{
	long z = day + MARCH_0_TO_1970;
	long era = (z >= 0 ? z : z - DAYS_400_YEARS + 1) / DAYS_400_YEARS;
	long doe = z - era * DAYS_400_YEARS;
	long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	long mp = (5 * doy + 2) / 153;

	*mday = (int)(doy - (153 * mp + 2) / 5 + 1);
	*month = (int)(mp < 10 ? mp + 3 : mp - 9);
	*year = (int)(yoe + era * 400 + (*month <= 2));
}

static bool leap(int y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

bool daily_parse_date(const char *s, long *day)
{
	static const int month_days[12] = {31, 28, 31, 30, 31, 30,
	                                   31, 31, 30, 31, 30, 31};
	int v[3] = {0, 0, 0}, widths[3] = {4, 2, 2};

	for (int part = 0; part < 3; part++) {
		for (int k = 0; k < widths[part]; k++, s++) {
			if (*s < '0' || *s > '9')
				return false;
			v[part] = v[part] * 10 + (*s - '0');
		}
		if (*s != (part < 2 ? '-' : '\0'))
			return false;
		s++;
	}
	if (v[0] < DAILY_FIRST_YEAR || v[0] > DAILY_LAST_YEAR || v[1] < 1 || v[1] > 12 ||
	    v[2] < 1 || v[2] > month_days[v[1] - 1] + (v[1] == 2 && leap(v[0])))
		return false;
	*day = daily_day(v[0], v[1], v[2]);
	return true;
}

void daily_format_date(long day, char *buf, size_t len)
{
	int y, m, d;

	daily_date(day, &y, &m, &d);
	snprintf(buf, len, "%04d-%02d-%02d", y, m, d);
}

int daily_weekday(long day)
{
	/* 1970-01-01, day 0, was a Thursday: 3 days after a Monday. */
	return (int)(((day % 7) + 7 + 3) % 7);
}

const char *daily_weekday_name(int weekday)
{
	static const char *const names[7] = {"Monday",   "Tuesday", "Wednesday",
	                                     "Thursday", "Friday",  "Saturday",
	                                     "Sunday"};

	return weekday >= 0 && weekday < 7 ? names[weekday] : "?";
}

int daily_today(long *day, char *err, size_t errlen)
{
	const char *test = getenv(DAILY_TEST_DATE);
	time_t now;

	if (test) {
		if (daily_parse_date(test, day))
			return 0;
		errmsg_set(err, errlen, "%s must be a date written YYYY-MM-DD, not '%s'",
		           DAILY_TEST_DATE, test);
		return -1;
	}
	errno = 0;
	now = time(NULL);
	/* (time_t)-1 is also 1969-12-31 23:59:59: an error only with errno. */
	if (now == (time_t)-1 && errno) {
		errmsg_set(err, errlen, "the clock cannot be read: %s", strerror(errno));
		return -1;
	}
	return daily_of_time(now, day, err, errlen);
}

int daily_of_time(time_t t, long *day, char *err, size_t errlen)
{
	long first = daily_day(DAILY_FIRST_YEAR, 1, 1);
	long last = daily_day(DAILY_LAST_YEAR, 12, 31);
	char date[16], bound[16];
	struct tm tm;
	long d;

	if (!localtime_r(&t, &tm)) {
		errmsg_set(err, errlen, "the clock cannot be read: %s", strerror(errno));
		return -1;
	}
	d = daily_day(tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
	/* A clock set wrong is said as such, not as a puzzle that failed. */
	if (d < first || d > last) {
		daily_format_date(d, date, sizeof date);
		daily_format_date(d < first ? first : last, bound, sizeof bound);
		errmsg_set(err, errlen,
		           "the clock says %s, %s %s, the %s day of the daily "
		           "puzzles; set the clock right",
		           date, d < first ? "before" : "after", bound,
		           d < first ? "first" : "last");
		return -1;
	}
	*day = d;
	return 0;
}

void daily_rule(int weekday, int *n, enum puzzle_grade *grade)
{
	/* As a newspaper's puzzles go: gentle on Monday, hardest on Saturday. */
	static const struct {
		int n;
		enum puzzle_grade grade;
	} week[7] = {
	        {6, PUZZLE_EASY},    {8, PUZZLE_EASY}, {8, PUZZLE_MEDIUM},
	        {10, PUZZLE_MEDIUM}, {8, PUZZLE_HARD}, {10, PUZZLE_HARD},
	        {12, PUZZLE_MEDIUM},
	};
	int w = weekday >= 0 && weekday < 7 ? weekday : 0;

	*n = week[w].n;
	*grade = week[w].grade;
}

int daily_puzzle(long day, struct puzzle *out, char *id, size_t idlen)
{
	/* The seed: the day number, mixed with "nqueens" in ASCII, stirred once. */
	uint64_t x = (uint64_t)day ^ UINT64_C(0x6e7175656e73), seed;
	enum puzzle_grade grade;
	char date[16];
	int n;

	if (day < daily_day(DAILY_FIRST_YEAR, 1, 1) ||
	    day > daily_day(DAILY_LAST_YEAR, 12, 31)) {
		errno = EINVAL;
		return -1;
	}
	seed = rng_next(&x);
	daily_rule(daily_weekday(day), &n, &grade);
	if (puzzle_generate(n, seed, grade, out) < 0)
		return -1;
	daily_format_date(day, date, sizeof date);
	snprintf(out->title, sizeof out->title, "Daily puzzle, %s %s",
	         daily_weekday_name(daily_weekday(day)), date);
	snprintf(id, idlen, "%s%s", DAILY_PREFIX, date);
	return 0;
}

bool daily_parse_id(const char *id, long *day)
{
	size_t len = strlen(DAILY_PREFIX), rl = strlen(DAILY_REGIONS_SUFFIX);
	char date[16];

	if (strncmp(id, DAILY_PREFIX, len) != 0)
		return false;
	id += len;
	/* The regions puzzle of a day counts for its streak as the classic one does. */
	if (strlen(id) == 10 + rl && strcmp(id + 10, DAILY_REGIONS_SUFFIX) == 0) {
		snprintf(date, sizeof date, "%.10s", id);
		id = date;
	}
	return daily_parse_date(id, day);
}

void daily_regions_rule(int weekday, int *n, enum regions_grade *grade)
{
	/* Smaller boards than the classic's: a region's deductions take longer. */
	static const struct {
		int n;
		enum regions_grade grade;
	} week[7] = {
	        {6, REGIONS_EASY},    {7, REGIONS_EASY}, {8, REGIONS_MEDIUM},
	        {8, REGIONS_MEDIUM},  {8, REGIONS_HARD}, {9, REGIONS_HARD},
	        {10, REGIONS_MEDIUM},
	};
	int w = weekday >= 0 && weekday < 7 ? weekday : 0;

	*n = week[w].n;
	*grade = week[w].grade;
}

int daily_regions(long day, struct regions_board *out, char *id, size_t idlen)
{
	/* Its own seed, "regions" in ASCII mixed in: the classic daily's stays as it was.
	 */
	uint64_t x = (uint64_t)day ^ UINT64_C(0x726567696f6e73), seed;
	enum regions_grade grade;
	char date[16];
	int n;

	if (day < daily_day(DAILY_FIRST_YEAR, 1, 1) ||
	    day > daily_day(DAILY_LAST_YEAR, 12, 31)) {
		errno = EINVAL;
		return -1;
	}
	seed = rng_next(&x);
	daily_regions_rule(daily_weekday(day), &n, &grade);
	if (regions_generate(n, grade, seed, out) < 0)
		return -1;
	daily_format_date(day, date, sizeof date);
	snprintf(out->title, sizeof out->title, "Daily regions puzzle, %s %s",
	         daily_weekday_name(daily_weekday(day)), date);
	snprintf(id, idlen, "%s%s%s", DAILY_PREFIX, date, DAILY_REGIONS_SUFFIX);
	return 0;
}

void daily_streak(const struct store *st, long today, struct daily_streak *out)
{
	long prev = 0, run = 0;
	bool any = false;

	*out = (struct daily_streak){0};
	/* The names sort by date, since dates are written year first. */
	for (size_t i = 0; i < st->nbest; i++) {
		long day;

		if (!daily_parse_id(st->best[i].puzzle, &day) || day > today ||
		    (any && day <= prev))
			continue;
		run = any && day == prev + 1 ? run + 1 : 1;
		any = true;
		prev = day;
		out->days++;
		if (run > out->longest)
			out->longest = (int)run;
	}
	out->done_today = any && prev == today;
	/* Yesterday's run still counts until today is over. */
	if (any && prev >= today - 1)
		out->current = (int)run;
}
