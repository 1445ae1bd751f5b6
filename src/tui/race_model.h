/* The race screen's state without a terminal: the runners, their speed, the end's chart.
 */
#ifndef NQ_RACE_MODEL_H
#define NQ_RACE_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/race.h"
#include "engine/search.h"
#include "tui/theme.h"

/* The speeds of the animation: events a second each runner takes, in lockstep. */
extern const int race_speeds[];
#define RACE_SPEEDS 15

struct race_model {
	int n;
	enum search_algo algos[RACE_MAX];
	int count;
	enum search_goal goal;
	struct race *race;
	long long (*now_ms)(void); /* the clock of the animation */
	race_clock_fn *clock;      /* race_measure's clock (NULL: the monotonic one) */
	void *clock_ctx;

	bool playing;
	int speed;           /* index into race_speeds */
	long long anchor_ms; /* when playing started at this speed */
	long long frame_ms;  /* when the last frame came */
	uint64_t anchor_due; /* events each runner has taken since */
	char message[300];
};

/*
 * A race of count algorithms on an n × n board to goal, paused at the
 * start, on the clock now_ms; NULL with the reason in err (race_new's).
 */
struct race_model *race_model_new(int n, const enum search_algo *algos, int count,
                                  enum search_goal goal, long long (*now_ms)(void),
                                  char *err, size_t errlen);
void race_model_free(struct race_model *m);

/* The clock of the end's measure, kept across restarts (a test's own; NULL: the
 * monotonic one). */
void race_model_set_clock(struct race_model *m, race_clock_fn *clock, void *ctx);

/*
 * The moves.  Each says in m->message what it did when that is not seen.
 * The one that ends the race measures each runner's time (race_measure).
 */
void race_model_play(struct race_model *m);         /* play or pause */
void race_model_step(struct race_model *m);         /* one tick's step, paused */
void race_model_to_end(struct race_model *m);       /* every runner to its end */
void race_model_restart(struct race_model *m);      /* back to the start, paused */
void race_model_speed(struct race_model *m, int d); /* one speed faster or slower */
void race_model_toggle_goal(struct race_model *m);  /* first or all, restarting */

/*
 * The animation: ms until the next frame is due (-1 while paused), and
 * the frame, which runs what the clock has reached.
 */
long race_model_timer_ms(const struct race_model *m);
void race_model_tick(struct race_model *m);

bool race_model_done(const struct race_model *m);
const struct search *race_model_search(const struct race_model *m, int i);

/* The speed's words: "200 events/s". */
void race_model_speed_text(const struct race_model *m, char *buf, size_t len);

/* A runner's place as the panels say it ("1st", "2nd", "3rd", "4th"), or "". */
const char *race_model_place(const struct race_model *m, int i);

/*
 * What runner i's panel says after its name, and its role (theme.h's
 * item): its place, a winner's (every one of a tie) GOOD; "done" for a
 * runner at its end without one; "" while it runs.
 */
const char *race_model_standing(const struct race_model *m, int i, enum theme_item *role);

/* The counters the end's chart draws as bars, side by side. */
enum race_bar { RACE_BAR_TESTED, RACE_BAR_PLACED, RACE_BAR_EVENTS, RACE_BARS };
extern const char *const race_bar_names[RACE_BARS];

/*
 * The end's chart in width columns: a head line, then a line a runner with
 * its place, name, a bar for each counter (its figure, then the bar) and,
 * where they fit, its solutions and time.  A narrow chart leaves out the
 * time, then the solutions, then the place.  Where each column starts and
 * how wide it is; 0 for a column left out.  x[] and w[] of a bar column
 * cover its figure and its bar; bar is the longest bar's cells.
 */
enum race_col {
	RACE_COL_PLACE,
	RACE_COL_ALGO,
	RACE_COL_TESTED,
	RACE_COL_PLACED,
	RACE_COL_EVENTS,
	RACE_COL_SOLUTIONS,
	RACE_COL_TIME,
	RACE_COLS
};
struct race_chart {
	int x[RACE_COLS], w[RACE_COLS];
	int figure; /* the columns of the widest figure of a bar column */
	int bar;    /* the cells of a full bar */
	int width;  /* of its lines */
};

/*
 * The chart in width columns, with the time column where with_time and it
 * fits; false when even the narrowest does not fit.
 */
bool race_model_chart(const struct race_model *m, int width, bool with_time,
                      struct race_chart *c);

/* The head of column col, and runner i's cell of it (a bar column: its figure). */
const char *race_model_col_head(enum race_col col);
void race_model_cell(const struct race_model *m, int i, enum race_col col, char *buf,
                     size_t len);

/*
 * The cells of runner i's bar for counter k in a chart whose full bar is
 * cells long: scaled to the largest of that counter among the runners, at
 * least one for a count above 0.
 */
int race_model_bar(const struct race_model *m, int i, enum race_bar k, int cells);

/*
 * The roles of runner i's row of the chart: a winner's place and bars are
 * GOOD (every one of a tie); the other places NORMAL, the other bars LABEL.
 */
enum theme_item race_model_cell_role(const struct race_model *m, int i,
                                     enum race_col col);
enum theme_item race_model_bar_role(const struct race_model *m, int i);

/*
 * The sentence that says whether the finished runners agree (race_agree):
 * "The 4 algorithms agree: 92 solutions, the same ones in the same
 * order."; its role is GOOD when they agree, else BAD.
 */
enum theme_item race_model_verdict(const struct race_model *m, char *buf, size_t len);

/* race_winner and race_lesson as sentences: a capital and a full stop. */
void race_model_winner(const struct race_model *m, char *buf, size_t len);
void race_model_lesson(const struct race_model *m, char *buf, size_t len);

#endif
