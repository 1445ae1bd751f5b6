/* A lesson's questions: where the next queen goes, asked of the search and checked. */
#include "config.h"

#include "engine/lesson.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board.h"

/* solve's argument for a file: its letter, or its number as a program counts (c: 2). */
static void call_arg(bool numbered, int file, char *buf, size_t len)
{
	if (numbered)
		snprintf(buf, len, "%d", file);
	else
		board_file_name(file, buf, len);
}

/* The events a question explains one by one; more are summed up. */
#define WHY_EVENTS 3

bool lesson_question(const struct search *s, bool numbered, struct lesson_question *q)
{
	const struct search_frame *frames;
	int depth = search_stack(s, &frames);
	char err[256], sq[16], by[16], said[WHY_EVENTS][128];
	int nsaid = 0;
	uint64_t refused = 0, removed = 0;
	/* A search of its own to look ahead in: the viewer's stays where it is. */
	struct search *ahead =
	        search_new_from(search_algo(s), search_n(s), search_goal(s), 1,
	                        search_given(s), err, sizeof err);
	const struct search_event *ev;

	memset(q, 0, sizeof *q);
	q->numbered = numbered;
	if (!ahead)
		return false;
	search_seek(ahead, search_counters(s)->events);
	while (search_step(ahead)) {
		char *line = said[nsaid % WHY_EVENTS];

		ev = search_last(ahead);
		board_square_name(ev->sq, sq, sizeof sq);
		if (ev->kind == SEARCH_EV_PLACE)
			break;
		if (ev->kind == SEARCH_EV_REJECT) {
			refused++;
			board_square_name(ev->attacker, by, sizeof by);
			snprintf(line, 128, "%s is attacked by %s along %s", sq, by,
			         board_line_phrase(ev->line));
		} else if (ev->kind == SEARCH_EV_REMOVE) {
			removed++;
			snprintf(line, 128, "the queen on %s is taken off", sq);
		} else {
			continue;
		}
		nsaid++;
	}
	ev = search_last(ahead);
	if (ev->kind != SEARCH_EV_PLACE) {
		search_free(ahead);
		return false;
	}
	q->answer = ev->sq;
	q->event = search_counters(ahead)->events;
	/*
	 * The call under way is named only when it is the one that places the
	 * queen: after b4 is placed, solve(b) is running but c2 is solve(c)'s.
	 */
	if (depth > 0 && frames[depth - 1].file == ev->sq.file) {
		char f[16];

		call_arg(numbered, frames[depth - 1].file, f, sizeof f);
		snprintf(q->call, sizeof q->call, "solve(%s)", f);
	}
	board_square_name(ev->sq, sq, sizeof sq);
	call_arg(numbered, ev->sq.file, by, sizeof by);
	size_t at = 0;

	if (nsaid > WHY_EVENTS) {
		/* Only what happened is counted: no "0 queens taken off". */
		at = (size_t)snprintf(q->why, sizeof q->why, "On the way ");
		if (refused)
			at += (size_t)snprintf(q->why + at, sizeof q->why - at,
			                       "%" PRIu64 " square%s %s refused%s",
			                       refused, refused == 1 ? "" : "s",
			                       refused == 1 ? "is" : "are",
			                       removed ? " and " : "");
		if (removed)
			at += (size_t)snprintf(q->why + at, sizeof q->why - at,
			                       "%" PRIu64 " queen%s %staken off", removed,
			                       removed == 1 ? "" : "s",
			                       refused        ? ""
			                       : removed == 1 ? "is "
			                                      : "are ");
		at += (size_t)snprintf(q->why + at, sizeof q->why - at, "; the last: ");
	} else if (nsaid > 0)
		at = (size_t)snprintf(q->why, sizeof q->why, "First ");
	for (int k = nsaid > WHY_EVENTS ? nsaid - WHY_EVENTS : 0; k < nsaid; k++)
		if (at < sizeof q->why)
			at += (size_t)snprintf(q->why + at, sizeof q->why - at, "%s%s",
			                       k > 0 && k > nsaid - WHY_EVENTS ? ", then "
			                                                       : "",
			                       said[k % WHY_EVENTS]);
	if (at < sizeof q->why)
		snprintf(q->why + at, sizeof q->why - at,
		         "%s%s is free, so solve(%s) puts its queen there.",
		         at ? ". " : "", sq, by);
	search_free(ahead);
	return true;
}

int lesson_answer(const struct lesson_question *q, int n, const char *typed,
                  struct quiz_answer *got, char *buf, size_t len)
{
	struct quiz_answer a;
	char right[16], said[16];
	bool ok;

	/* Watch's predict mode reads the same: a rank alone on the call's file. */
	if (!quiz_read(QUIZ_WHERE, n, q->call[0] ? q->answer.file : -1, q->numbered,
	               typed, &a, buf, len))
		return -1;
	if (got)
		*got = a;
	board_square_name(q->answer, right, sizeof right);
	if (a.none) {
		snprintf(buf, len, "Not none: the queen goes to %s. %s", right, q->why);
		return 0;
	}
	ok = a.sq.file == q->answer.file && a.sq.rank == q->answer.rank;
	board_square_name(a.sq, said, sizeof said);
	if (ok)
		snprintf(buf, len, "Right: %s. %s", right, q->why);
	else
		snprintf(buf, len, "Not %s: the queen goes to %s. %s", said, right,
		         q->why);
	return ok;
}
