/* The race screen's state without a terminal: the runners, their speed, the end's chart.
 */
#include "config.h"

#include "tui/race_model.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/errmsg.h"

/* Animation frames come no closer than this; fast speeds step several events. */
#define FRAME_MS 33

const int race_speeds[RACE_SPEEDS] = {1,   2,    5,    10,   20,    50,    100,  200,
                                      500, 1000, 2000, 5000, 10000, 20000, 50000};

/* 200 events a second: an 8x8 race shows its first solutions within seconds. */
#define SPEED_START 7

static void say(struct race_model *m, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

static void say(struct race_model *m, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(m->message, sizeof m->message, fmt, ap);
	va_end(ap);
}

struct race_model *race_model_new(int n, const enum search_algo *algos, int count,
                                  enum search_goal goal, long long (*now_ms)(void),
                                  char *err, size_t errlen)
{
	struct race_model *m;
	struct race *r = race_new(n, algos, count, goal, err, errlen);

	if (!r)
		return NULL;
	m = calloc(1, sizeof *m);
	if (!m) {
		race_free(r);
		errmsg_set(err, errlen, "out of memory");
		return NULL;
	}
	m->n = n;
	m->count = count;
	memcpy(m->algos, algos, (size_t)count * sizeof *algos);
	m->goal = goal;
	m->race = r;
	m->now_ms = now_ms;
	m->speed = SPEED_START;
	return m;
}

void race_model_free(struct race_model *m)
{
	if (!m)
		return;
	race_free(m->race);
	free(m);
}

void race_model_set_clock(struct race_model *m, race_clock_fn *clock, void *ctx)
{
	m->clock = clock;
	m->clock_ctx = ctx;
	race_set_clock(m->race, clock, ctx);
}

/* Starts or stops the animation; either way its clock starts again from now. */
static void set_playing(struct race_model *m, bool on)
{
	m->playing = on && !race_done(m->race);
	m->anchor_ms = m->frame_ms = m->now_ms();
	m->anchor_due = 0;
}

/* Runs k events each, in lockstep; the race that ends has its times measured. */
static void run_steps(struct race_model *m, uint64_t k)
{
	if (!race_step(m->race, k) && !race_measured(m->race))
		race_measure(m->race, RACE_MEASURE_NS);
}

/* A new race of the same runners to goal; false (the old one kept) when it cannot be. */
static bool start_over(struct race_model *m, enum search_goal goal)
{
	char err[256];
	struct race *r = race_new(m->n, m->algos, m->count, goal, err, sizeof err);

	if (!r) {
		say(m, "Cannot race %s: %s.",
		    goal == SEARCH_ALL ? "to every solution" : "to the first", err);
		return false;
	}
	race_free(m->race);
	m->race = r;
	m->goal = goal;
	race_set_clock(r, m->clock, m->clock_ctx);
	set_playing(m, false);
	return true;
}

void race_model_play(struct race_model *m)
{
	set_playing(m, !m->playing);
	if (!m->playing && race_done(m->race))
		say(m, "The race is over: r starts it again.");
}

void race_model_step(struct race_model *m)
{
	set_playing(m, false);
	if (race_done(m->race))
		say(m, "The race is over: r starts it again.");
	else
		run_steps(m, 1);
}

void race_model_to_end(struct race_model *m)
{
	set_playing(m, false);
	/* In rounds, as the command does, so that the places are the same. */
	while (!race_done(m->race))
		run_steps(m, 1024);
}

void race_model_restart(struct race_model *m)
{
	start_over(m, m->goal);
}

void race_model_speed(struct race_model *m, int d)
{
	m->speed += d;
	if (m->speed < 0)
		m->speed = 0;
	if (m->speed > RACE_SPEEDS - 1)
		m->speed = RACE_SPEEDS - 1;
	set_playing(m, m->playing);
}

void race_model_toggle_goal(struct race_model *m)
{
	if (start_over(m, m->goal == SEARCH_ALL ? SEARCH_FIRST : SEARCH_ALL))
		say(m, "Started again, %s.",
		    m->goal == SEARCH_ALL ? "to every solution"
		                          : "to the first solution");
}

/* The steps the clock has reached since playing started at this speed. */
static uint64_t due_steps(const struct race_model *m, long long now)
{
	return (uint64_t)(now - m->anchor_ms) * (uint64_t)race_speeds[m->speed] / 1000;
}

long race_model_timer_ms(const struct race_model *m)
{
	long long at, wait;

	if (!m->playing)
		return -1;
	at = m->anchor_ms + (long long)(((m->anchor_due + 1) * 1000 +
	                                 (uint64_t)race_speeds[m->speed] - 1) /
	                                (uint64_t)race_speeds[m->speed]);
	if (at < m->frame_ms + FRAME_MS)
		at = m->frame_ms + FRAME_MS;
	wait = at - m->now_ms();
	return wait > 0 ? (long)wait : 0;
}

void race_model_tick(struct race_model *m)
{
	uint64_t due;

	if (!m->playing)
		return;
	m->frame_ms = m->now_ms();
	due = due_steps(m, m->frame_ms);
	if (due > m->anchor_due) {
		run_steps(m, due - m->anchor_due);
		m->anchor_due = due;
	}
	if (race_done(m->race))
		m->playing = false;
}

bool race_model_done(const struct race_model *m)
{
	return race_done(m->race);
}

const struct search *race_model_search(const struct race_model *m, int i)
{
	const struct race_runner *u = race_runner(m->race, i);

	return u ? u->s : NULL;
}

void race_model_speed_text(const struct race_model *m, char *buf, size_t len)
{
	snprintf(buf, len, "%d events/s", race_speeds[m->speed]);
}

const char *race_model_place(const struct race_model *m, int i)
{
	static const char *const words[RACE_MAX + 1] = {"", "1st", "2nd", "3rd", "4th"};
	const struct race_runner *u = race_runner(m->race, i);

	return u && u->place >= 1 && u->place <= RACE_MAX ? words[u->place] : "";
}

/* A winner: the first place, which the runners of a tie share. */
static bool won(const struct race_model *m, int i)
{
	const struct race_runner *u = race_runner(m->race, i);

	return u && u->place == 1;
}

const char *race_model_standing(const struct race_model *m, int i, enum theme_item *role)
{
	const char *place = race_model_place(m, i);

	*role = won(m, i) ? THEME_GOOD : THEME_NORMAL;
	return !place[0] && search_done(race_model_search(m, i)) ? "done" : place;
}

enum theme_item race_model_cell_role(const struct race_model *m, int i, enum race_col col)
{
	return col == RACE_COL_PLACE && won(m, i) ? THEME_GOOD : THEME_NORMAL;
}

enum theme_item race_model_bar_role(const struct race_model *m, int i)
{
	return won(m, i) ? THEME_GOOD : THEME_LABEL;
}

const char *const race_bar_names[RACE_BARS] = {"tested", "placed", "events"};

static const struct {
	const char *head;
	bool left; /* the words, left-aligned; the figures go right */
} columns[RACE_COLS] = {
        [RACE_COL_PLACE] = {"place", true},
        [RACE_COL_ALGO] = {"algorithm", true},
        [RACE_COL_TESTED] = {"tested", false},
        [RACE_COL_PLACED] = {"placed", false},
        [RACE_COL_EVENTS] = {"events", false},
        [RACE_COL_SOLUTIONS] = {"solutions", false},
        [RACE_COL_TIME] = {"time", false},
};

const char *race_model_col_head(enum race_col col)
{
	return columns[col].head;
}

static uint64_t bar_count(const struct race_model *m, int i, enum race_bar k)
{
	const struct search_counters *c = search_counters(race_model_search(m, i));

	return k == RACE_BAR_TESTED   ? c->tested
	       : k == RACE_BAR_PLACED ? c->placed
	                              : c->events;
}

void race_model_cell(const struct race_model *m, int i, enum race_col col, char *buf,
                     size_t len)
{
	const struct race_runner *u = race_runner(m->race, i);

	switch (col) {
	case RACE_COL_PLACE:
		snprintf(buf, len, "%s", race_model_place(m, i));
		break;
	case RACE_COL_ALGO:
		snprintf(buf, len, "%s", search_algo_name(u->algo));
		break;
	case RACE_COL_TESTED:
	case RACE_COL_PLACED:
	case RACE_COL_EVENTS:
		snprintf(buf, len, "%" PRIu64,
		         bar_count(m, i, (enum race_bar)(col - RACE_COL_TESTED)));
		break;
	case RACE_COL_SOLUTIONS:
		snprintf(buf, len, "%" PRIu64, search_counters(u->s)->solutions);
		break;
	default:
		if (u->runs)
			race_format_time(u->ns, buf, len);
		else
			snprintf(buf, len, "-");
		break;
	}
}

int race_model_bar(const struct race_model *m, int i, enum race_bar k, int cells)
{
	uint64_t most = 0, v = bar_count(m, i, k);

	for (int j = 0; j < m->count; j++)
		if (bar_count(m, j, k) > most)
			most = bar_count(m, j, k);
	if (v == 0 || most == 0)
		return 0;
	/* Rounded to the nearest cell, and a count above 0 never drawn as none. */
	uint64_t b = (v * (uint64_t)cells * 2 + most) / (2 * most);

	return b < 1 ? 1 : (int)b;
}

/* The widest of column col's head and cells. */
static int col_width(const struct race_model *m, enum race_col col)
{
	int w = (int)strlen(columns[col].head);

	for (int i = 0; i < m->count; i++) {
		char buf[64];

		race_model_cell(m, i, col, buf, sizeof buf);
		if ((int)strlen(buf) > w)
			w = (int)strlen(buf);
	}
	return w;
}

/* A bar's cells are no fewer than this; a chart that cannot give them drops a column. */
#define BAR_MIN 4
/* Nor more: wider bars say no more, and leave the line to read across. */
#define BAR_MAX 24

bool race_model_chart(const struct race_model *m, int width, bool with_time,
                      struct race_chart *c)
{
	/* Each set of columns, from the whole chart to the narrowest. */
	static const bool shown[6][RACE_COLS] = {
	        {true, true, true, true, true, true, true},
	        {true, true, true, true, true, false, true},
	        {false, true, true, true, true, false, true},
	        {true, true, true, true, true, true, false},
	        {true, true, true, true, true, false, false},
	        {false, true, true, true, true, false, false},
	};
	int figure = 0;

	for (int k = 0; k < RACE_BARS; k++)
		if (col_width(m, (enum race_col)(RACE_COL_TESTED + k)) > figure)
			figure = col_width(m, (enum race_col)(RACE_COL_TESTED + k));
	for (int form = with_time ? 0 : 3; form < 6; form++) {
		int fixed = 0, cols = 0, bar;

		for (int col = 0; col < RACE_COLS; col++) {
			if (!shown[form][col])
				continue;
			cols++;
			if (col < RACE_COL_TESTED || col > RACE_COL_EVENTS)
				fixed += col_width(m, (enum race_col)col);
		}
		/* Two columns between columns; a figure, a space and a bar each. */
		bar = (width - fixed - 2 * (cols - 1)) / RACE_BARS - figure - 1;
		if (bar < BAR_MIN)
			continue;
		if (bar > BAR_MAX)
			bar = BAR_MAX;
		memset(c, 0, sizeof *c);
		c->figure = figure;
		c->bar = bar;
		for (int col = 0, x = 0; col < RACE_COLS; col++) {
			if (!shown[form][col])
				continue;
			c->x[col] = x;
			c->w[col] = col >= RACE_COL_TESTED && col <= RACE_COL_EVENTS
			                    ? figure + 1 + bar
			                    : col_width(m, (enum race_col)col);
			x += c->w[col] + 2;
			c->width = x - 2;
		}
		return true;
	}
	return false;
}

enum theme_item race_model_verdict(const struct race_model *m, char *buf, size_t len)
{
	bool agree = race_verdict(m->race, buf, len);

	/* A sentence on the screen: a capital and a full stop. */
	if (buf[0] >= 'a' && buf[0] <= 'z')
		buf[0] = (char)(buf[0] - 'a' + 'A');
	if (strlen(buf) + 1 < len)
		strcat(buf, ".");
	return agree ? THEME_GOOD : THEME_BAD;
}

void race_model_winner(const struct race_model *m, char *buf, size_t len)
{
	race_winner(m->race, buf, len);
	if (strlen(buf) + 1 < len)
		strcat(buf, ".");
}

void race_model_lesson(const struct race_model *m, char *buf, size_t len)
{
	race_lesson(m->race, buf, len);
}
