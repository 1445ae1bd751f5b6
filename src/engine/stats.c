/* A player's record, gathered from the progress store: the calendar of daily
 * puzzles, the streak, best times by size and grade, what was found per n. */
#include "config.h"

#include "engine/stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/known.h"
#include "engine/store.h"

/*
 * The record counts clean solves: an assisted one's time, kept under its
 * name followed by STORE_ASSISTED, is neither a best nor a day solved.
 */
bool stats_best(const struct store *st, const char *id, uint64_t *ms)
{
	size_t len = strlen(id), tail = strlen(STORE_ASSISTED);

	if (len >= tail && strcmp(id + len - tail, STORE_ASSISTED) == 0)
		return false;
	return store_best(st, id, true, ms);
}

void stats_streak(const struct store *st, long today, struct daily_streak *out)
{
	daily_streak(st, today, out);
}

/* The day of a late daily's name, "daily-late-2026-11-20". */
static bool parse_late(const char *id, long *day)
{
	size_t len = strlen(STATS_LATE_PREFIX);

	return strncmp(id, STATS_LATE_PREFIX, len) == 0 &&
	       daily_parse_date(id + len, day);
}

bool stats_daily_id(const struct store *st, long day, long today, char *id, size_t len)
{
	bool on_day = day == today;
	char date[16];

	/* A day after today already solved on its day: the clock went back. */
	for (size_t i = 0; on_day && i < st->nbest; i++) {
		long d;

		if (daily_parse_id(st->best[i].puzzle, &d) && d > today)
			on_day = false;
	}
	daily_format_date(day, date, sizeof date);
	snprintf(id, len, "%s%s", on_day ? DAILY_PREFIX : STATS_LATE_PREFIX, date);
	return on_day;
}

void stats_month_add(int *year, int *month, int delta)
{
	long m = (long)*year * 12 + (*month - 1) + delta;
	long lo = (long)STATS_FIRST_YEAR * 12, hi = (long)STATS_LAST_YEAR * 12 + 11;

	if (m < lo)
		m = lo;
	if (m > hi)
		m = hi;
	*year = (int)(m / 12);
	*month = (int)(m % 12) + 1;
}

void stats_month(const struct store *st, int year, int month, long today,
                 struct stats_month *out)
{
	int ny = year, nm = month;
	char date[16], id[DAILY_ID_MAX + 8];

	memset(out, 0, sizeof *out);
	out->year = year;
	out->month = month;
	out->first = daily_day(year, month, 1);
	/* The next month's first day, by the same arithmetic, with no clamp. */
	nm = month == 12 ? 1 : month + 1;
	ny = month == 12 ? year + 1 : year;
	out->days = (int)(daily_day(ny, nm, 1) - out->first);
	out->lead = daily_weekday(out->first);
	for (int d = 0; d < out->days; d++) {
		long day = out->first + d;
		uint64_t ms, late;
		bool on = false, was_late;

		daily_format_date(day, date, sizeof date);
		snprintf(id, sizeof id, "%s%s", DAILY_PREFIX, date);
		on = stats_best(st, id, &ms);
		/* The day's regions puzzle counts for it too (the classic's time first).
		 */
		snprintf(id, sizeof id, "%s%s%s", DAILY_PREFIX, date,
		         DAILY_REGIONS_SUFFIX);
		on = on || stats_best(st, id, &ms);
		snprintf(id, sizeof id, "%s%s", STATS_LATE_PREFIX, date);
		was_late = stats_best(st, id, &late);
		snprintf(id, sizeof id, "%s%s%s", STATS_LATE_PREFIX, date,
		         DAILY_REGIONS_SUFFIX);
		was_late = was_late || stats_best(st, id, &late);
		if (day > today)
			out->mark[d] = STATS_FUTURE;
		else if (on)
			out->mark[d] = STATS_SOLVED;
		else if (was_late)
			out->mark[d] = STATS_LATE;
		else
			out->mark[d] = day == today ? STATS_OPEN : STATS_MISSED;
		if (out->mark[d] == STATS_SOLVED || out->mark[d] == STATS_LATE)
			out->ms[d] = on && (!was_late || ms < late) ? ms : late;
	}
}

int stats_late_days(const struct store *st, long today)
{
	int count = 0;

	for (size_t i = 0; i < st->nbest; i++) {
		long d;
		char id[DAILY_ID_MAX + 8], date[16];

		if (!parse_late(st->best[i].puzzle, &d) || d > today)
			continue;
		/* A day solved on its day too is that day's, not a late one. */
		daily_format_date(d, date, sizeof date);
		snprintf(id, sizeof id, "%s%s", DAILY_PREFIX, date);
		count += !stats_best(st, id, NULL);
	}
	return count;
}

/* The size and grade of a puzzle named "08-hard-01" or "08-hard-seed-5". */
static bool parse_graded(const char *id, int *n, enum puzzle_grade *grade)
{
	char word[16];
	const char *dash;
	char *end;
	long v = strtol(id, &end, 10);

	if (end == id || *end != '-' || v < 1 || v > PUZZLE_MAX_N || id[0] == '-' ||
	    id[0] == '+')
		return false;
	dash = strchr(end + 1, '-');
	if (!dash || (size_t)(dash - end - 1) >= sizeof word)
		return false;
	memcpy(word, end + 1, (size_t)(dash - end - 1));
	word[dash - end - 1] = '\0';
	*grade = puzzle_grade_from_name(word);
	*n = (int)v;
	return *grade != PUZZLE_GRADES;
}

size_t stats_grades(const struct store *st, struct stats_grade *out, size_t max)
{
	struct stats_grade all[PUZZLE_MAX_N + 1][PUZZLE_GRADES];
	size_t count = 0;

	memset(all, 0, sizeof all);
	for (size_t i = 0; i < st->nbest; i++) {
		enum puzzle_grade g;
		uint64_t ms;
		int n;

		if (!parse_graded(st->best[i].puzzle, &n, &g) ||
		    !stats_best(st, st->best[i].puzzle, &ms))
			continue;
		if (all[n][g].solved == 0 || ms < all[n][g].ms)
			all[n][g].ms = ms;
		all[n][g].solved++;
	}
	for (int n = 1; n <= PUZZLE_MAX_N; n++)
		for (int g = 0; g < PUZZLE_GRADES; g++)
			if (all[n][g].solved && count < max) {
				out[count] = all[n][g];
				out[count].n = n;
				out[count].grade = (enum puzzle_grade)g;
				count++;
			}
	return count;
}

bool stats_daily_best(const struct store *st, uint64_t *ms, long *day)
{
	bool any = false;

	for (size_t i = 0; i < st->nbest; i++) {
		const char *id = st->best[i].puzzle;
		uint64_t t;
		long d;

		if ((!daily_parse_id(id, &d) && !parse_late(id, &d)) ||
		    !stats_best(st, id, &t))
			continue;
		if (!any || t < *ms) {
			*ms = t;
			*day = d;
		}
		any = true;
	}
	return any;
}

size_t stats_found(const struct store *st, struct stats_found *out, size_t max)
{
	size_t count = 0;

	for (int n = 1; n <= STORE_MAX_N && count < max; n++) {
		struct stats_found f = {.n = n};
		char id[32];

		f.solutions = store_found(st, STORE_SOLUTIONS, n);
		f.classes = store_found(st, STORE_CLASSES, n);
		snprintf(id, sizeof id, "free-%dx%d", n, n);
		f.has_free = stats_best(st, id, &f.free_ms);
		if (!f.solutions && !f.classes && !f.has_free)
			continue;
		if (!known_counts(n, &f.total, &f.unique))
			f.total = f.unique = 0;
		out[count++] = f;
	}
	return count;
}

void stats_format_ms(uint64_t ms, char *buf, size_t len)
{
	uint64_t s = ms / 1000, tenths = ms % 1000 / 100;

	if (s >= 3600)
		snprintf(buf, len, "%llu:%02llu:%02llu", (unsigned long long)(s / 3600),
		         (unsigned long long)(s / 60 % 60), (unsigned long long)(s % 60));
	else
		snprintf(buf, len, "%llu:%02llu.%llu", (unsigned long long)(s / 60),
		         (unsigned long long)(s % 60), (unsigned long long)tenths);
}

void stats_month_name(int year, int month, char *buf, size_t len)
{
	static const char *const names[12] = {
	        "January", "February", "March",     "April",   "May",      "June",
	        "July",    "August",   "September", "October", "November", "December"};

	snprintf(buf, len, "%s %d", month >= 1 && month <= 12 ? names[month - 1] : "?",
	         year);
}
