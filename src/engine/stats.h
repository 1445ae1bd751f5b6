/* A player's record, gathered from the progress store: the calendar of daily
 * puzzles, the streak, best times by size and grade, what was found per n. */
#ifndef NQ_STATS_H
#define NQ_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/daily.h"
#include "engine/puzzle.h"

struct store;

/*
 * A daily puzzle solved after its day (play --daily DATE, or with the clock
 * set back behind a day already played) is timed under this prefix and its
 * date: it shows on the calendar but is no day of the streak, which
 * daily_streak reads from DAILY_PREFIX's names alone.
 */
#define STATS_LATE_PREFIX "daily-late-"

/* The months the calendar pages through: those the daily puzzles have. */
#define STATS_FIRST_YEAR DAILY_FIRST_YEAR
#define STATS_LAST_YEAR DAILY_LAST_YEAR

/* What one day of the calendar shows. */
enum stats_mark {
	STATS_MISSED, /* a past day whose puzzle was not solved */
	STATS_SOLVED, /* solved on its day: a day of the streak */
	STATS_LATE,   /* solved on a later day */
	STATS_OPEN,   /* today, not solved yet */
	STATS_FUTURE, /* after today */
	STATS_MARKS,
};

/* One month of the calendar. */
struct stats_month {
	int year, month; /* month 1 to 12 */
	long first;      /* the day number of its first day */
	int days;        /* 28 to 31 */
	int lead;        /* the weekday of its first day, 0 for Monday */
	enum stats_mark mark[31];
	uint64_t ms[31]; /* the best time of a day solved, on its day or later */
};

/*
 * The one reader of best times and of the streak for the stats: a time
 * recorded for id, and the streak up to today.  (Where clean and assisted
 * solves are told apart, these two are the places to read the clean ones.)
 */
bool stats_best(const struct store *st, const char *id, uint64_t *ms);
void stats_streak(const struct store *st, long today, struct daily_streak *out);

/*
 * The name a daily of day is timed under when solved today: DAILY_PREFIX's
 * when today is its day and no daily of a later day was solved on its day
 * (so the clock has not gone back behind one), else STATS_LATE_PREFIX's.
 * Returns whether it counts for the streak.
 */
bool stats_daily_id(const struct store *st, long day, long today, char *id, size_t len);

/* month moved by delta months (any sign), the year carried; kept within the years. */
void stats_month_add(int *year, int *month, int delta);

/* The month of year and month as the store has it, seen on today. */
void stats_month(const struct store *st, int year, int month, long today,
                 struct stats_month *out);

/* The daily puzzles solved late in all (each date once), up to today. */
int stats_late_days(const struct store *st, long today);

/* The best time of a board size and grade over the puzzles named NN-GRADE-...
 */
struct stats_grade {
	int n;
	enum puzzle_grade grade;
	int solved;  /* puzzles of this size and grade with a time */
	uint64_t ms; /* the best of them */
};

/*
 * The sizes and grades with a puzzle solved, by size then grade, at most max;
 * returns how many.  Dailies are not among them (see stats_daily_best).
 */
size_t stats_grades(const struct store *st, struct stats_grade *out, size_t max);

/* The best time of any daily puzzle, on its day or late, and its day. */
bool stats_daily_best(const struct store *st, uint64_t *ms, long *day);

/* What was found of one n. */
struct stats_found {
	int n;
	size_t solutions, classes;
	uint64_t total, unique; /* how many there are (0: not known) */
	bool has_free;          /* a free game of this size was timed */
	uint64_t free_ms;       /* and its best time */
};

/* The sizes with anything found or timed, in order, at most max; how many. */
size_t stats_found(const struct store *st, struct stats_found *out, size_t max);

/* "1:05.3", "12:00.0", "2:03:04": a time for the stats. */
void stats_format_ms(uint64_t ms, char *buf, size_t len);

/* "November 2026". */
void stats_month_name(int year, int month, char *buf, size_t len);

#endif
