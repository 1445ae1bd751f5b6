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
	int chosen; /* the day of the month chosen (from 0), whose daily Enter plays */
};

/* Opens on today's month (or January 1970 without a today). */
void stats_model_init(struct stats_model *m, const struct store *st, long today,
                      bool has_today);

/* Pages delta months, kept within the months of the dailies; the day chosen kept. */
void stats_model_move(struct stats_model *m, int delta);

/* Chooses the day delta days on, kept within the month shown. */
void stats_model_choose(struct stats_model *m, int delta);

/* Back to today's month, today chosen. */
void stats_model_today(struct stats_model *m);

/* The month read again from the store (after a game). */
void stats_model_refresh(struct stats_model *m);

/*
 * The day number of the day chosen, when its daily can be played (today or
 * before, within the dailies' dates); false otherwise.
 */
bool stats_model_playable(const struct stats_model *m, long *day);

/*
 * The role of day d (from 0) of the month shown: the day chosen SELECTED;
 * else solved on its day GOOD, solved late LABEL, today still to do KEY, a
 * day missed NORMAL, a day to come DIMMED.
 */
enum theme_item stats_model_day_role(const struct stats_model *m, int d);

/* The mark after a day's number: "*" solved, "+" late, "?" today to do, " ". */
const char *stats_model_day_mark(const struct stats_model *m, int d);

#endif
