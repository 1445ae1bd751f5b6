/* Algorithms side by side: searches of one board stepped in lockstep by events. */
#ifndef NQ_RACE_H
#define NQ_RACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/search.h"

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
	uint64_t ns;     /* once measured (race_measure): the mean time of one run */
	uint64_t runs;   /* the runs that mean is of; 0 until measured */
	uint64_t digest; /* of its solutions, in the order met */
	int place;       /* 1 for the fewest events (ties share), 0 while it runs */
	int *last;       /* the ranks of its last solution, when it has found one */
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
 * events events (0: runs to its end).  Those that end in the same round
 * place by their events, equal ones sharing a place: in lockstep the
 * fewest events finish first.  Returns whether any
 * runner is still running.
 */
bool race_step(struct race *r, uint64_t events);

/*
 * The clock race_measure reads, in nanoseconds: the processor time of the
 * thread, unless a test sets its own (clock(ctx)); NULL puts it back.
 */
typedef uint64_t race_clock_fn(void *ctx);
void race_set_clock(struct race *r, race_clock_fn *clock, void *ctx);

/*
 * The least time the runs of one runner's measure take in all: less than a
 * millisecond a run varies threefold from run to run.
 */
#define RACE_MEASURE_NS UINT64_C(50000000)

/*
 * Times each runner of a finished race: its search run again from the
 * start to its end, without drawing, again and again until the runs have
 * taken min_ns in all (one run at the least); its ns is then the mean of
 * a run and runs their number.  This is the program's own stepping of the
 * search on this machine, not the running time of a listing.
 */
void race_measure(struct race *r, uint64_t min_ns);
bool race_measured(const struct race *r);

/* What race_measure's time is, in one sentence without its full stop. */
extern const char race_time_means[];

/* A runner's time as the table says it: "850 ns", "47.2 us", "0.42 ms", "12.3 ms", "4.56
 * s". */
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

/*
 * The winner of a finished race, without a full stop: "bits wins with
 * 10,191 events, the fewest", or the runners tied on the fewest ("backtrack
 * and scan tie with 37,519 events each").
 */
void race_winner(const struct race *r, char *buf, size_t len);

/*
 * What a finished race shows about pruning, in one sentence made from its
 * counters (and a full stop): the runner that tests the fewest squares
 * against the one that tests the most, and why when the counters say it
 * ("bits tests 2,056 squares, 13% of backtrack's 15,720: it picks only free
 * ranks, so it never tests an attacked one"); runners whose counters are
 * all equal are said to do the same work.
 */
void race_lesson(const struct race *r, char *buf, size_t len);

/*
 * The queens a runner's board shows once the race is over: its last
 * solution, or where its search stopped when it found none.
 */
const int *race_final_ranks(const struct race *r, int i);

#endif
