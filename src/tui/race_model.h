/* The race screen's state without a terminal: the runners, their pacing, speed and table.
 */
#ifndef NQ_RACE_MODEL_H
#define NQ_RACE_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "race.h"
#include "search.h"

/* The speeds of the animation: events a second each runner takes, by events. */
extern const int race_speeds[];
#define RACE_SPEEDS 15

/*
 * By equal time, a speed of s gives each runner s times this many
 * nanoseconds of the processor a second: about what one event costs, so
 * that a speed reads alike in both pacings.
 */
#define RACE_NS_PER_EVENT 20

/* How the runners are kept together. */
enum race_pacing {
	RACE_BY_EVENTS, /* each takes the same number of events a tick */
	RACE_BY_TIME,   /* each is given the same time a tick */
};

struct race_model {
	int n;
	enum search_algo algos[RACE_MAX];
	int count;
	enum search_goal goal;
	enum race_pacing pacing;
	struct race *race;
	long long (*now_ms)(void); /* the clock of the animation */
	race_clock_fn *clock;      /* the runners' clock (NULL: the monotonic one) */
	void *clock_ctx;

	bool playing;
	int speed;           /* index into race_speeds */
	long long anchor_ms; /* when playing started at this speed and pacing */
	long long frame_ms;  /* when the last frame came */
	uint64_t anchor_due; /* steps (events, or RACE_NS_PER_EVENT ns) run since */
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

/* The runners' clock, kept across restarts (a test's own; NULL: the monotonic one). */
void race_model_set_clock(struct race_model *m, race_clock_fn *clock, void *ctx);

/* The moves.  Each says in m->message what it did when that is not seen. */
void race_model_play(struct race_model *m);          /* play or pause */
void race_model_step(struct race_model *m);          /* one tick's step, paused */
void race_model_to_end(struct race_model *m);        /* every runner to its end */
void race_model_restart(struct race_model *m);       /* back to the start, paused */
void race_model_speed(struct race_model *m, int d);  /* one speed faster or slower */
void race_model_toggle_pacing(struct race_model *m); /* by events, by equal time */
void race_model_toggle_goal(struct race_model *m);   /* first or all, restarting */

/*
 * The animation: ms until the next frame is due (-1 while paused), and
 * the frame, which runs what the clock has reached.
 */
long race_model_timer_ms(const struct race_model *m);
void race_model_tick(struct race_model *m);

bool race_model_done(const struct race_model *m);
const struct search *race_model_search(const struct race_model *m, int i);

/*
 * "by events" or "by equal time"; the speed's words, "200 events/s" or
 * "4 µs/s" ("4 us/s" in ASCII).
 */
const char *race_model_pacing_name(enum race_pacing p);
void race_model_speed_text(const struct race_model *m, bool ascii, char *buf, size_t len);

/* A runner's place as the panels say it ("1st", "2nd", "3rd", "4th"), or "". */
const char *race_model_place(const struct race_model *m, int i);

/*
 * The final table in width columns, a line each into lines (as many as
 * count + 1: its head, then a runner each): place, algorithm, tested,
 * placed, events, solutions and time, the columns leaving out first
 * solutions and then place when the width is short.  Returns the width
 * of its lines, or 0 when even the narrowest table does not fit.
 */
#define RACE_TABLE_LINE 128
int race_model_table(const struct race_model *m, int width,
                     char lines[][RACE_TABLE_LINE]);

/*
 * Whether the finished runners agree (race_agree), and the sentence that
 * says so: "The 4 algorithms agree: 92 solutions, the same ones in the
 * same order."
 */
bool race_model_verdict(const struct race_model *m, char *buf, size_t len);

#endif
