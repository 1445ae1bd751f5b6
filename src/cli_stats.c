/* The stats command: the daily puzzles' calendar, the streak, best times, what was
 * found, as text from the progress file. */
#include "config.h"

#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/daily.h"
#include "engine/known.h"
#include "engine/stats.h"
#include "engine/store.h"

static const char synopsis[] = "nqueens stats [--month YYYY-MM]";

/* A month written YYYY-MM, within the months of the dailies. */
static bool parse_month(const char *s, int *year, int *month)
{
	char date[16];
	long day;
	int d;

	if (strlen(s) != 7 || snprintf(date, sizeof date, "%s-01", s) != 10 ||
	    !daily_parse_date(date, &day))
		return false;
	daily_date(day, year, month, &d);
	return true;
}

/* Prints line without the blanks at its end, and starts it again. */
static void flush_line(char *line, size_t *len)
{
	while (*len > 0 && line[*len - 1] == ' ')
		(*len)--;
	printf("%.*s\n", (int)*len, line);
	*len = 0;
}

/* The calendar: a week a line from Monday, each day its number and mark. */
static void print_month(const struct stats_month *m)
{
	static const char marks[STATS_MARKS] = {
	        [STATS_MISSED] = ' ', [STATS_SOLVED] = '*', [STATS_LATE] = '+',
	        [STATS_OPEN] = '?',   [STATS_FUTURE] = ' ',
	};
	char name[32], line[64];
	size_t len;
	int col = m->lead;

	stats_month_name(m->year, m->month, name, sizeof name);
	printf("daily puzzles, %s (* solved on its day, + later, ? today, to do)\n",
	       name);
	printf(" Mo  Tu  We  Th  Fr  Sa  Su\n");
	len = (size_t)snprintf(line, sizeof line, "%*s", col * 4, "");
	for (int d = 0; d < m->days; d++) {
		len += (size_t)snprintf(line + len, sizeof line - len, "%3d%c", d + 1,
		                        marks[m->mark[d]]);
		if (++col == 7 || d + 1 == m->days) {
			flush_line(line, &len);
			col = 0;
		}
	}
}

static void print_daily(const struct store *st, bool has_today, long today)
{
	struct daily_streak s;
	char t[32], date[16];
	uint64_t ms;
	long day;

	if (has_today) {
		stats_streak(st, today, &s);
		printf("streak: %d day%s, longest %d; %d solved on the day, %d later\n",
		       s.current, s.current == 1 ? "" : "s", s.longest, s.days,
		       stats_late_days(st, today));
		printf("today: %s\n", s.done_today ? "solved" : "to do");
	}
	if (stats_daily_best(st, &ms, &day)) {
		stats_format_ms(ms, t, sizeof t);
		daily_format_date(day, date, sizeof date);
		printf("best daily: %s (%s)\n", t, date);
	}
}

static void print_bests(const struct store *st)
{
	struct stats_grade g[PUZZLE_MAX_N * PUZZLE_GRADES];
	size_t count = stats_grades(st, g, sizeof g / sizeof g[0]);
	char t[32];

	if (count == 0)
		return;
	printf("best times by size and grade:\n");
	for (size_t i = 0; i < count; i++) {
		stats_format_ms(g[i].ms, t, sizeof t);
		printf("  %2d %-6s %9s  (%d solved)\n", g[i].n,
		       puzzle_grade_name(g[i].grade), t, g[i].solved);
	}
}

static void print_found(const struct store *st)
{
	struct stats_found f[STORE_MAX_N];
	size_t count = stats_found(st, f, STORE_MAX_N);
	char sol[48], cls[48], t[32];

	if (count == 0) {
		printf("found: nothing yet\n");
		return;
	}
	printf("found:\n   n  solutions          classes        best free game\n");
	for (size_t i = 0; i < count; i++) {
		if (f[i].total)
			snprintf(sol, sizeof sol, "%zu of %llu", f[i].solutions,
			         (unsigned long long)f[i].total);
		else
			snprintf(sol, sizeof sol, "%zu", f[i].solutions);
		if (f[i].unique)
			snprintf(cls, sizeof cls, "%zu of %llu", f[i].classes,
			         (unsigned long long)f[i].unique);
		else
			snprintf(cls, sizeof cls, "%zu", f[i].classes);
		if (f[i].has_free)
			stats_format_ms(f[i].free_ms, t, sizeof t);
		else
			snprintf(t, sizeof t, "-");
		printf("  %2d  %-18s %-14s %s\n", f[i].n, sol, cls, t);
	}
}

int cli_stats(int argc, char **argv)
{
	static const struct cli_optdef defs[OPT_COUNT] = {
	        [OPT_MONTH] = {"month", 'm', true},
	};
	struct cli_args args;
	const char *const *val = args.val;
	char err[1100];
	struct stats_month m;
	struct store st;
	int rc, year = DAILY_FIRST_YEAR, month = 1, mday;
	bool has_today;
	long today = 0;

	if ((rc = cli_begin("stats", synopsis, argc, argv, defs, 0, &args)) >= 0)
		return rc;
	if (val[OPT_MONTH] && !parse_month(val[OPT_MONTH], &year, &month))
		return cli_usage_error("stats",
		                       "--month must be a month written YYYY-MM, from "
		                       "%d-01 to %d-12, not '%s'",
		                       DAILY_FIRST_YEAR, DAILY_LAST_YEAR, val[OPT_MONTH]);
	has_today = daily_today(&today, err, sizeof err) == 0;
	if (!has_today && getenv(DAILY_TEST_DATE))
		return cli_usage_error("stats", "%s", err);
	/* A clock out of range still leaves what was found to say. */
	if (!has_today)
		fprintf(stderr, "nqueens stats: no streak: %s\n", err);
	if (store_init(&st, NULL, err, sizeof err) < 0) {
		fprintf(stderr, "nqueens stats: %s\n", err);
		return CLI_NO;
	}
	/* A damaged line is said once; the rest is shown all the same. */
	if (store_load(&st, err, sizeof err) != 0)
		fprintf(stderr, "nqueens stats: %s\n", err);
	if (!val[OPT_MONTH] && has_today)
		daily_date(today, &year, &month, &mday);
	stats_month(&st, year, month,
	            has_today ? today : daily_day(DAILY_LAST_YEAR, 12, 31), &m);
	print_month(&m);
	print_daily(&st, has_today, today);
	print_bests(&st);
	print_found(&st);
	store_free(&st);
	return cli_finish_output(CLI_OK);
}
