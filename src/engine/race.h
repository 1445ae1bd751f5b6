/* Algorithms side by side: searches of one board stepped in lockstep, each timed. */
#ifndef NQ_RACE_H
#define NQ_RACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search.h"

/* A race has two to four runners. */
#define RACE_MIN 2
#define RACE_MAX 4

/* The algorithms a race has when none is named: the four tree searches. */
#define RACE_DEFAULT_COUNT 4
extern const enum search_algo race_default_algos[RACE_DEFAULT_COUNT];

/* One algorithm in the race, and what it has done so far. */
struct race_runner {
	enum search_algo algo;
	struct search *s;
	uint64_t ns;     /* nanoseconds spent stepping it */
	uint64_t budget; /* by equal time: the nanoseconds it has been given */
	uint64_t digest; /* of its solutions, in the order met */
	int place;       /* 1 for the first to finish (ties share), 0 while it runs */
};

struct race;

/*
 * A race of the count algorithms on an n × n board to goal, none of them
 * stepped yet.  NULL with a one-line reason in err when count is out of
 * range, an algorithm is named twice, n is outside an algorithm's range,
 * repair or construct is asked for every solution (each finds one), or
 * memory is short.
 */
struct race *race_new(int n, const enum search_algo *algos, int count,
                      enum search_goal goal, char *err, size_t errlen);
void race_free(struct race *r);

/*
 * One round in lockstep by events: each runner still running produces up to
 * events events (0: runs to its end), timed.  Runners that end in the same
 * round after the same number of events share a place.  Returns whether any
 * runner is still running.
 */
bool race_step(struct race *r, uint64_t events);

/*
 * One round by equal time: each runner still running is given ns more of
 * the clock and steps until it has used all it was given, so that the
 * algorithm with the cheaper events takes more of them.  Runners that end
 * in the same round place by the time they took.  Returns as race_step.
 */
bool race_step_time(struct race *r, uint64_t ns);

/*
 * The clock the runners are timed by, in nanoseconds: a monotonic clock,
 * unless a test sets its own (clock(ctx)); NULL puts the monotonic one back.
 */
typedef uint64_t race_clock_fn(void *ctx);
void race_set_clock(struct race *r, race_clock_fn *clock, void *ctx);

/* A runner's time as the table says it: "0.42 ms", "12.3 ms", "4.56 s". */
void race_format_time(uint64_t ns, char *buf, size_t len);

bool race_done(const struct race *r);
int race_n(const struct race *r);
enum search_goal race_goal(const struct race *r);
int race_count(const struct race *r);
const struct race_runner *race_runner(const struct race *r, int i);

/*
 * Whether the finished runners agree: to every solution, the same solutions
 * in the same order; to the first, the tree searches on the same one (the
 * first in order) and every one on a solution.  When they do not, why says
 * which differ.
 */
bool race_agree(const struct race *r, char *why, size_t len);

/*
 * The closing line of a finished race, in buf: what the runners agree on
 * ("the 4 algorithms agree: 92 solutions, the same ones in the same
 * order"), or why they disagree ("the algorithms disagree: ...").
 * Returns race_agree's answer.
 */
bool race_verdict(const struct race *r, char *buf, size_t len);

#endif
