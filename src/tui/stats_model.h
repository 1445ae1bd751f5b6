/* The Stats screen's state, no curses: the month shown and the role of each day. */
#ifndef NQ_STATS_MODEL_H
#define NQ_STATS_MODEL_H

#include <stdbool.h>

#include "engine/stats.h"
#include "tui/theme.h"

struct store;

struct stats_model {
	const struct store *store; /* may be NULL: nothing saved */
	long today;
	bool has_today; /* false: the clock could not say (set before 1970) */
	struct stats_month month;
};

/* Opens on today's month (or January 1970 without a today). */
void stats_model_init(struct stats_model *m, const struct store *st, long today,
                      bool has_today);

/* Pages delta months, kept within the months of the dailies. */
void stats_model_move(struct stats_model *m, int delta);

/* Back to today's month. */
void stats_model_today(struct stats_model *m);

/*
 * The role of day d (from 0) of the month shown: solved on its day GOOD,
 * solved late KEY, today still to do SELECTED, a day missed DIMMED, a day
 * to come NORMAL.
 */
enum theme_item stats_model_day_role(const struct stats_model *m, int d);

/* The mark after a day's number: "*" solved, "+" late, " " otherwise. */
const char *stats_model_day_mark(const struct stats_model *m, int d);

#endif
