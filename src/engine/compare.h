/* A student's search, as events one a line, walked in lockstep with the reference. */
#ifndef NQ_COMPARE_H
#define NQ_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/search.h"

/* The boards compare takes: its reference searches run to the end for the summary. */
#define COMPARE_MAX_N 11
/* Events read at most: past them compare stops and says so. */
#define COMPARE_MAX_EVENTS 1000000u
/* The longest line of events read: a longer one is no event. */
#define COMPARE_MAX_LINE 200

/* One event of the student's, as read from a line. */
struct compare_event {
	enum search_kind kind; /* SEARCH_EV_NONE: a blank or # line, no event */
	struct square sq;      /* TRY, REJECT, PLACE, REMOVE */
	int file;              /* ENTER, RETURN */
};

/*
 * Reads one line of events (without its newline) on a board of n files:
 * "enter a" or trace's "enter solve(a)", "try c2", "reject c2" (anything
 * after the square is a comment), "place c2", "remove c2", "solution"
 * (anything after), "return a" or "return from solve(a)", "done" (anything
 * after).  false with the reason in err.
 */
bool compare_parse(const char *line, size_t len, int n, struct compare_event *ev,
                   char *err, size_t errlen);

enum compare_state {
	COMPARE_GOING, /* the same so far */
	COMPARE_SAME,  /* ended: the same search */
	COMPARE_DIFFERS,
	COMPARE_LIMIT, /* COMPARE_MAX_EVENTS read, the same so far */
};

struct compare;

/* A comparison with the reference algorithm a on n queens; NULL with a reason. */
struct compare *compare_new(enum search_algo a, int n, char *err, size_t errlen);
void compare_free(struct compare *c);

/*
 * The student's next event, given with its text; the state after it.  Past
 * a divergence the events are counted for the summary (solutions found,
 * duplicated, placements) and compared no more.
 */
enum compare_state compare_feed(struct compare *c, const struct compare_event *ev,
                                const char *text);

/* The student's events have ended; the state after that. */
enum compare_state compare_end(struct compare *c);

/*
 * The verdict, several lines: "same search", or the first divergence (its
 * event, what the reference did, what the student did, why in plain words,
 * the board then), and a summary.  As snprintf does.
 */
size_t compare_report(const struct compare *c, char *buf, size_t len);

/*
 * Where the searches part: the student's event number (from 1; one past
 * their last when their events end too soon), and in *ours what the
 * reference did there, in *theirs the student's line, in *why the reason
 * in plain words ("your program placed c2 while b1 still attacks it ...");
 * 0 (and "" each) while they are the same.  Any pointer may be NULL.
 */
uint64_t compare_parted(const struct compare *c, const char **ours, const char **theirs,
                        const char **why);

/*
 * Whether the student's events end in the middle of the search with no
 * more to say of it than that (a trace cut short, not a program that stops
 * after a solution).
 */
bool compare_cut_short(const struct compare *c);

/* The student's events read so far. */
uint64_t compare_events(const struct compare *c);

/*
 * Whether more of the student's events are wanted: until the end, the
 * limit, or past a divergence (read on for the summary) the limit.
 */
bool compare_reading(const struct compare *c);

#endif
