/* The race screen's state without a terminal: the runners, their pacing, speed and table.
 */
#include "config.h"

#include "race_model.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"

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

/* Runs k steps of the pacing: k events each, or k × RACE_NS_PER_EVENT ns each. */
static void run_steps(struct race_model *m, uint64_t k)
{
	if (m->pacing == RACE_BY_EVENTS)
		race_step(m->race, k);
	else
		race_step_time(m->race, k * RACE_NS_PER_EVENT);
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

void race_model_toggle_pacing(struct race_model *m)
{
	m->pacing = m->pacing == RACE_BY_EVENTS ? RACE_BY_TIME : RACE_BY_EVENTS;
	set_playing(m, m->playing);
	say(m, "Now %s.", race_model_pacing_name(m->pacing));
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

const char *race_model_pacing_name(enum race_pacing p)
{
	return p == RACE_BY_EVENTS ? "by events" : "by equal time";
}

void race_model_speed_text(const struct race_model *m, bool ascii, char *buf, size_t len)
{
	uint64_t ns = (uint64_t)race_speeds[m->speed] * RACE_NS_PER_EVENT;

	if (m->pacing == RACE_BY_EVENTS)
		snprintf(buf, len, "%d events/s", race_speeds[m->speed]);
	else if (ns < 1000)
		snprintf(buf, len, "%" PRIu64 " ns/s", ns);
	else
		snprintf(buf, len, "%" PRIu64 " %ss/s", ns / 1000,
		         ascii ? "u" : "\xc2\xb5");
}

const char *race_model_place(const struct race_model *m, int i)
{
	static const char *const words[RACE_MAX + 1] = {"", "1st", "2nd", "3rd", "4th"};
	const struct race_runner *u = race_runner(m->race, i);

	return u && u->place >= 1 && u->place <= RACE_MAX ? words[u->place] : "";
}

/* The columns of the table, and which a narrow one leaves out first. */
enum column {
	COL_PLACE,
	COL_ALGO,
	COL_TESTED,
	COL_PLACED,
	COL_EVENTS,
	COL_SOLUTIONS,
	COL_TIME,
	COLS
};

static const struct {
	const char *head;
	bool left; /* the words, left-aligned; the figures go right */
} columns[COLS] = {
        [COL_PLACE] = {"place", true},    [COL_ALGO] = {"algorithm", true},
        [COL_TESTED] = {"tested", false}, [COL_PLACED] = {"placed", false},
        [COL_EVENTS] = {"events", false}, [COL_SOLUTIONS] = {"solutions", false},
        [COL_TIME] = {"time", false},
};

/* One cell of runner u's row, into buf. */
static void cell(const struct race_model *m, int i, enum column c, char *buf, size_t len)
{
	const struct race_runner *u = race_runner(m->race, i);
	const struct search_counters *k = search_counters(u->s);

	switch (c) {
	case COL_PLACE:
		snprintf(buf, len, "%s", race_model_place(m, i));
		break;
	case COL_ALGO:
		snprintf(buf, len, "%s", search_algo_name(u->algo));
		break;
	case COL_TESTED:
		snprintf(buf, len, "%" PRIu64, k->tested);
		break;
	case COL_PLACED:
		snprintf(buf, len, "%" PRIu64, k->placed);
		break;
	case COL_EVENTS:
		snprintf(buf, len, "%" PRIu64, k->events);
		break;
	case COL_SOLUTIONS:
		snprintf(buf, len, "%" PRIu64, k->solutions);
		break;
	default:
		race_format_time(u->ns, buf, len);
		break;
	}
}

int race_model_table(const struct race_model *m, int width, char lines[][RACE_TABLE_LINE])
{
	/* Each set of columns, from the whole table to the narrowest. */
	static const bool shown[3][COLS] = {
	        {true, true, true, true, true, true, true},
	        {true, true, true, true, true, false, true},
	        {false, true, true, true, true, false, true},
	};

	for (int form = 0; form < 3; form++) {
		int w[COLS], total = 0;

		/* Each column as wide as its widest cell or its head. */
		for (int c = 0; c < COLS; c++) {
			w[c] = 0;
			if (!shown[form][c])
				continue;
			w[c] = (int)strlen(columns[c].head);
			for (int i = 0; i < m->count; i++) {
				char buf[64];

				cell(m, i, (enum column)c, buf, sizeof buf);
				if ((int)strlen(buf) > w[c])
					w[c] = (int)strlen(buf);
			}
			total += w[c] + (total ? 2 : 0);
		}
		if (total > width || total >= RACE_TABLE_LINE)
			continue;
		for (int row = 0; row <= m->count; row++) {
			size_t at = 0;

			lines[row][0] = '\0';
			for (int c = 0; c < COLS; c++) {
				char buf[64];

				if (!shown[form][c])
					continue;
				if (row == 0)
					snprintf(buf, sizeof buf, "%s", columns[c].head);
				else
					cell(m, row - 1, (enum column)c, buf, sizeof buf);
				at += (size_t)snprintf(
				        lines[row] + at, RACE_TABLE_LINE - at, "%s%*s%s",
				        at ? "  " : "",
				        columns[c].left ? 0 : w[c] - (int)strlen(buf), "",
				        buf);
				if (columns[c].left)
					at += (size_t)snprintf(
					        lines[row] + at, RACE_TABLE_LINE - at,
					        "%*s", w[c] - (int)strlen(buf), "");
			}
		}
		return total;
	}
	return 0;
}

bool race_model_verdict(const struct race_model *m, char *buf, size_t len)
{
	bool agree = race_verdict(m->race, buf, len);

	/* A sentence on the screen: a capital and a full stop. */
	if (buf[0] >= 'a' && buf[0] <= 'z')
		buf[0] = (char)(buf[0] - 'a' + 'A');
	if (strlen(buf) + 1 < len)
		strcat(buf, ".");
	return agree;
}
