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
	if (m->chosen >= m->month.days)
		m->chosen = m->month.days - 1;
}

void stats_model_choose(struct stats_model *m, int delta)
{
	int d = m->chosen + delta;

	m->chosen = d < 0 ? 0 : d >= m->month.days ? m->month.days - 1 : d;
}

void stats_model_today(struct stats_model *m)
{
	int year = STATS_FIRST_YEAR, month = 1, day = 1;

	if (m->has_today)
		daily_date(m->today, &year, &month, &day);
	load(m, year, month);
	m->chosen = day - 1;
}

void stats_model_refresh(struct stats_model *m)
{
	load(m, m->month.year, m->month.month);
}

bool stats_model_playable(const struct stats_model *m, long *day)
{
	long d = m->month.first + m->chosen;

	if (!m->has_today || d > m->today || d < daily_day(STATS_FIRST_YEAR, 1, 1))
		return false;
	*day = d;
	return true;
}

enum theme_item stats_model_day_role(const struct stats_model *m, int d)
{
	if (d < 0 || d >= m->month.days)
		return THEME_NORMAL;
	if (d == m->chosen)
		return THEME_SELECTED;
	switch (m->month.mark[d]) {
	case STATS_SOLVED:
		return THEME_GOOD;
	case STATS_LATE:
		return THEME_LABEL;
	case STATS_OPEN:
		return THEME_KEY;
	case STATS_MISSED:
		return THEME_NORMAL;
	default:
		return THEME_DIMMED;
	}
}

const char *stats_model_day_mark(const struct stats_model *m, int d)
{
	if (d < 0 || d >= m->month.days)
		return " ";
	return m->month.mark[d] == STATS_SOLVED ? "*"
	       : m->month.mark[d] == STATS_LATE ? "+"
	       : m->month.mark[d] == STATS_OPEN ? "?"
	                                        : " ";
}
