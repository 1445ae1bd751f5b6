/* The puzzle of the day: the same for everyone on a date, and the streak of days solved.
 */
#ifndef NQ_DAILY_H
#define NQ_DAILY_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "engine/puzzle.h"
#include "engine/regions.h"

struct store;

/*
 * A date is a day number: days since 1970-01-01 (a Thursday), so that the
 * day after is one more whatever the month.  Dates from 1970-01-01 to
 * 9999-12-31 are read and written.
 */
#define DAILY_FIRST_YEAR 1970
#define DAILY_LAST_YEAR 9999

/* The daily puzzle's name in the best times: "daily-" and its date. */
#define DAILY_PREFIX "daily-"
#define DAILY_ID_MAX 32

/*
 * The environment variable that sets the date for the tests (YYYY-MM-DD),
 * as NQUEENS_TEST_CLOCK stops the clock: not for play.
 */
#define DAILY_TEST_DATE "NQUEENS_TEST_DATE"

/* The day number of a date; the date is not checked (see daily_parse_date). */
long daily_day(int year, int month, int day);

/* The date of a day number. */
void daily_date(long day, int *year, int *month, int *mday);

/* Reads a date written YYYY-MM-DD exactly, a real date of the years above. */
bool daily_parse_date(const char *s, long *day);

/* "2024-05-17". */
void daily_format_date(long day, char *buf, size_t len);

/* The day of the week, 0 for Monday to 6 for Sunday, and its English name. */
int daily_weekday(long day);
const char *daily_weekday_name(int weekday);

/*
 * Today's date where the player is (the local time zone); DAILY_TEST_DATE,
 * when set, says it instead.  Returns 0, or -1 with why in err when that
 * variable is not a date or the clock cannot be read.
 */
int daily_today(long *day, char *err, size_t errlen);

/*
 * The local date at time t, as daily_today reads it; -1 with why in err
 * when t is before the first day of the puzzles or after the last (a clock
 * set before 1970).
 */
int daily_of_time(time_t t, long *day, char *err, size_t errlen);

/*
 * The rule each date's puzzle follows, by the day of the week: a board size
 * and a grade, easy on Monday and harder as the week goes on.
 */
void daily_rule(int weekday, int *n, enum puzzle_grade *grade);

/*
 * The puzzle of a date, made by puzzle_generate from a seed that is the
 * date's day number stirred by splitmix64 (no libc random numbers), so that
 * it is the same on every machine; its size and grade by daily_rule; it has
 * exactly one completion.  Its name in the best times goes to id
 * ("daily-2024-05-17").  Returns 0, or -1 when the date is out of range or
 * no puzzle could be made (the tests rule that out for years of dates).
 */
int daily_puzzle(long day, struct puzzle *out, char *id, size_t idlen);

/*
 * The Queens with regions puzzle of a date, beside the classic one: made by
 * regions_generate from the day number stirred with a seed of its own,
 * its size and grade by daily_regions_rule; named in the best times
 * "daily-2024-05-17-regions", which counts for the same streak.  Returns
 * 0, or -1 as daily_puzzle.
 */
#define DAILY_REGIONS_SUFFIX "-regions"
void daily_regions_rule(int weekday, int *n, enum regions_grade *grade);
int daily_regions(long day, struct regions_board *out, char *id, size_t idlen);

/* Whether id names a daily puzzle (classic or regions), and of which date. */
bool daily_parse_id(const char *id, long *day);

/*
 * The days a player solved each day's puzzle, from the best times of the
 * store (a daily puzzle solved has one): the streak is the days in a row up
 * to today, or up to yesterday while today's is still to do (a day missed
 * ends it); the longest is the longest run ever.  Days after today (a
 * clock set wrong) count for neither.
 */
struct daily_streak {
	int current;
	int longest;
	int days;        /* daily puzzles solved in all, up to today */
	bool done_today; /* today's is solved */
};
void daily_streak(const struct store *st, long today, struct daily_streak *out);

#endif
