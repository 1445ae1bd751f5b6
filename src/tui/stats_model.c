/* The Stats screen's state, no curses: the month shown and the role of each day. */
#include "config.h"

#include "tui/stats_model.h"

#include <string.h>

#include "engine/store.h"

/* A store with nothing in it, for a player whose progress could not be read. */
static const struct store empty;

static void load(struct stats_model *m, int year, int month)
{
	stats_month(m->store ? m->store : &empty, year, month,
	            m->has_today ? m->today : daily_day(STATS_LAST_YEAR, 12, 31),
	            &m->month);
}

void stats_model_init(struct stats_model *m, const struct store *st, long today,
                      bool has_today)
{
	memset(m, 0, sizeof *m);
	m->store = st;
	m->today = today;
	m->has_today = has_today;
	stats_model_today(m);
}

void stats_model_move(struct stats_model *m, int delta)
{
	int year = m->month.year, month = m->month.month;

	stats_month_add(&year, &month, delta);
	load(m, year, month);
}

void stats_model_today(struct stats_model *m)
{
	int year = STATS_FIRST_YEAR, month = 1, day;

	if (m->has_today)
		daily_date(m->today, &year, &month, &day);
	load(m, year, month);
}

enum theme_item stats_model_day_role(const struct stats_model *m, int d)
{
	if (d < 0 || d >= m->month.days)
		return THEME_NORMAL;
	switch (m->month.mark[d]) {
	case STATS_SOLVED:
		return THEME_GOOD;
	case STATS_LATE:
		return THEME_KEY;
	case STATS_OPEN:
		return THEME_SELECTED;
	case STATS_MISSED:
		return THEME_DIMMED;
	default:
		return THEME_NORMAL;
	}
}

const char *stats_model_day_mark(const struct stats_model *m, int d)
{
	if (d < 0 || d >= m->month.days)
		return " ";
	return m->month.mark[d] == STATS_SOLVED ? "*"
	       : m->month.mark[d] == STATS_LATE ? "+"
	                                        : " ";
}
