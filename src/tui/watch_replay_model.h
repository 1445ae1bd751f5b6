/* Watch --replay without a terminal: a student's events beside the reference's, in
 * lockstep to where they part. */
#ifndef NQ_WATCH_REPLAY_MODEL_H
#define NQ_WATCH_REPLAY_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board.h"
#include "engine/compare.h"
#include "engine/search.h"
#include "tui/theme.h"

/* The speeds of the animation, events a second. */
#define REPLAY_SPEEDS 7
extern const int replay_speeds[REPLAY_SPEEDS];

/* The two boards: the student's program and the reference search. */
enum replay_side { REPLAY_STUDENT, REPLAY_REFERENCE };

struct replay_model {
	int n;
	enum search_algo algo;
	struct compare_event *ev; /* the student's events, nev of them */
	uint64_t nev;
	struct search *ref; /* the reference, at min(at, parted) */
	uint64_t at;        /* the student's events shown */
	/*
	 * compare's verdict on the whole trace: the event where the searches
	 * part (one past the last when the student's events end too soon), 0
	 * for the same search; what each did there and why they differ.
	 */
	uint64_t parted;
	char ours[256], theirs[COMPARE_MAX_LINE + 1], why[512];
	int ranks[COMPARE_MAX_N]; /* the student's board after event at */
	uint64_t solutions;       /* the student's "solution" events up to at */
	bool playing;
	int speed;                 /* index into replay_speeds */
	long long anchor_ms;       /* when playing started, on now_ms */
	uint64_t anchor_at;        /* and the event it started from */
	long long (*now_ms)(void); /* the clock of the animation */
	char message[300];
};

/*
 * A replay of the student's events ev (count of them, copied) against the
 * reference search of algorithm a on n queens, on the clock now_ms; NULL
 * with the reason in err.
 */
struct replay_model *replay_model_new(int n, enum search_algo a,
                                      const struct compare_event *ev, uint64_t count,
                                      long long (*now_ms)(void), char *err,
                                      size_t errlen);
void replay_model_free(struct replay_model *m);

/*
 * The moves, as Watch's keys make them.  Play runs both in lockstep and
 * pauses where they part; past there it runs the student's events alone.
 * Each says in the message what stopped it, or why it does not apply.
 */
void replay_model_play(struct replay_model *m);
void replay_model_forward(struct replay_model *m);
void replay_model_back(struct replay_model *m);
void replay_model_to_end(struct replay_model *m); /* to the divergence, then the end */
void replay_model_restart(struct replay_model *m);
void replay_model_seek(struct replay_model *m, uint64_t k);
void replay_model_speed(struct replay_model *m, int d);

/* The animation: ms until the next frame is due (-1 while paused), and the frame. */
long replay_model_timer_ms(const struct replay_model *m);
void replay_model_tick(struct replay_model *m);

/* Whether the student's events shown have reached where the searches part. */
bool replay_model_at_divergence(const struct replay_model *m);

/* Whether the events shown are past the divergence: the student's alone. */
bool replay_model_alone(const struct replay_model *m);

/*
 * The square the divergence is about, the student's (the square of their
 * event there; false for an event without one, as a return or the end),
 * lit once it is shown; and the queen of the student's board that attacks
 * it, when one does.
 */
bool replay_model_lit(const struct replay_model *m, struct square *sq);
bool replay_model_lit_attacker(const struct replay_model *m, struct square *q);

/*
 * What each square of a side's board is, as boardview's flags (n × n,
 * file * n + rank): its queens, what its last event did (tried, placed,
 * refused and by whom, left), and on the student's board at the
 * divergence the square lit (BV_CONFLICT) with its attacker.
 */
void replay_model_cells(const struct replay_model *m, enum replay_side side,
                        uint16_t *cells);

/* A side's last event in words ("place c2", "(the start)"), and its number. */
uint64_t replay_model_said(const struct replay_model *m, enum replay_side side, char *buf,
                           size_t len);

/*
 * The verdict line while stepping, with its role: "the same so far" KEY,
 * "differs at event K" BAD once there, "same search" GOOD at the end of a
 * search that is the same.
 */
enum theme_item replay_model_verdict(const struct replay_model *m, char *buf, size_t len);

#endif
