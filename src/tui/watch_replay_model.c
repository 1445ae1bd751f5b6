/* Watch --replay without a terminal: a student's events beside the reference's, in
 * lockstep to where they part. */
#include "config.h"

#include "tui/watch_replay_model.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/boardview.h"

const int replay_speeds[REPLAY_SPEEDS] = {1, 2, 5, 10, 20, 50, 100};

/* The reference's event shown with the student's event k. */
static uint64_t ref_event(const struct replay_model *m, uint64_t k)
{
	/* Where the student's events end too soon, their end shows what comes next. */
	if (m->parted && (k >= m->parted || (m->parted > m->nev && k == m->nev)))
		return m->parted;
	return k;
}

bool replay_model_at_divergence(const struct replay_model *m)
{
	return m->parted &&
	       (m->at == m->parted || (m->parted > m->nev && m->at == m->nev));
}

bool replay_model_alone(const struct replay_model *m)
{
	return m->parted && m->at > m->parted;
}

/* The student's board and solutions after event k, from their start. */
static void student_seek(struct replay_model *m, uint64_t k)
{
	if (k < m->at) {
		for (int f = 0; f < m->n; f++)
			m->ranks[f] = -1;
		m->solutions = 0;
		m->at = 0;
	}
	for (; m->at < k; m->at++) {
		const struct compare_event *e = &m->ev[m->at];

		if (e->kind == SEARCH_EV_PLACE)
			m->ranks[e->sq.file] = e->sq.rank;
		else if (e->kind == SEARCH_EV_REMOVE &&
		         m->ranks[e->sq.file] == e->sq.rank)
			m->ranks[e->sq.file] = -1;
		else if (e->kind == SEARCH_EV_SOLUTION)
			m->solutions++;
	}
}

/* Shows the student's event k and the reference's beside it. */
static void seek(struct replay_model *m, uint64_t k)
{
	if (k > m->nev)
		k = m->nev;
	student_seek(m, k);
	search_seek(m->ref, ref_event(m, k));
}

static const char *const kind_words[] = {
        [SEARCH_EV_TRY] = "try",           [SEARCH_EV_REJECT] = "reject",
        [SEARCH_EV_PLACE] = "place",       [SEARCH_EV_ENTER] = "enter",
        [SEARCH_EV_SOLUTION] = "solution", [SEARCH_EV_REMOVE] = "remove",
        [SEARCH_EV_RETURN] = "return",     [SEARCH_EV_DONE] = "done",
};

/* A student's event as their program writes it: "place c2", "enter b". */
static void event_words(const struct compare_event *e, char *buf, size_t len)
{
	const char *w = (size_t)e->kind < sizeof kind_words / sizeof *kind_words &&
	                                kind_words[e->kind]
	                        ? kind_words[e->kind]
	                        : "?";
	char sq[16];

	if (e->kind == SEARCH_EV_ENTER || e->kind == SEARCH_EV_RETURN) {
		snprintf(buf, len, "%s %c", w, 'a' + e->file);
	} else if (e->kind == SEARCH_EV_SOLUTION || e->kind == SEARCH_EV_DONE) {
		snprintf(buf, len, "%s", w);
	} else {
		board_square_name(e->sq, sq, sizeof sq);
		snprintf(buf, len, "%s %s", w, sq);
	}
}

struct replay_model *replay_model_new(int n, enum search_algo a,
                                      const struct compare_event *ev, uint64_t count,
                                      long long (*now_ms)(void), char *err, size_t errlen)
{
	struct replay_model *m = calloc(1, sizeof *m);
	struct compare *c = NULL;
	const char *ours, *why;

	if (!m || count == 0 || count > COMPARE_MAX_EVENTS) {
		snprintf(err, errlen, m ? "no events to replay" : "out of memory");
		free(m);
		return NULL;
	}
	m->n = n;
	m->algo = a;
	m->nev = count;
	m->now_ms = now_ms;
	m->speed = 3;
	m->ev = malloc(count * sizeof *m->ev);
	if (m->ev)
		memcpy(m->ev, ev, count * sizeof *m->ev);
	else
		snprintf(err, errlen, "out of memory");
	/* compare's verdict, from the whole of the events: where they part, and why. */
	if (m->ev)
		c = compare_new(a, n, err, errlen);
	if (c) {
		for (uint64_t i = 0; i < count && compare_reading(c); i++)
			compare_feed(c, &m->ev[i], "");
		if (compare_reading(c) && compare_parted(c, NULL, NULL, NULL) == 0)
			compare_end(c);
		m->parted = compare_parted(c, &ours, NULL, &why);
		snprintf(m->ours, sizeof m->ours, "%s", ours);
		snprintf(m->why, sizeof m->why, "%s", why);
		compare_free(c);
		m->ref = search_new(a, n, SEARCH_ALL, 1, err, errlen);
	}
	if (!m->ref) {
		replay_model_free(m);
		return NULL;
	}
	/* The student's line there, as their program wrote it (or its end). */
	if (m->parted && m->parted <= m->nev)
		event_words(&m->ev[m->parted - 1], m->theirs, sizeof m->theirs);
	else if (m->parted)
		snprintf(m->theirs, sizeof m->theirs, "(nothing: the events end)");
	for (int f = 0; f < n; f++)
		m->ranks[f] = -1;
	return m;
}

void replay_model_free(struct replay_model *m)
{
	if (!m)
		return;
	search_free(m->ref);
	free(m->ev);
	free(m);
}

/* Says where the searches part, when the event shown is there. */
static void say_parted(struct replay_model *m)
{
	if (replay_model_at_divergence(m) && m->at < m->nev)
		snprintf(m->message, sizeof m->message,
		         "They part at event %" PRIu64 ": Right steps your events alone.",
		         m->parted);
	else if (replay_model_at_divergence(m))
		snprintf(m->message, sizeof m->message,
		         "They part at event %" PRIu64 ": your events end there.",
		         m->parted);
}

static void pause_anim(struct replay_model *m)
{
	m->playing = false;
	m->message[0] = '\0';
}

void replay_model_forward(struct replay_model *m)
{
	pause_anim(m);
	if (m->at >= m->nev) {
		snprintf(m->message, sizeof m->message, "Your events end here.");
		return;
	}
	seek(m, m->at + 1);
	say_parted(m);
}

void replay_model_back(struct replay_model *m)
{
	pause_anim(m);
	if (m->at == 0) {
		snprintf(m->message, sizeof m->message, "At the start.");
		return;
	}
	seek(m, m->at - 1);
	say_parted(m);
}

void replay_model_restart(struct replay_model *m)
{
	pause_anim(m);
	seek(m, 0);
}

void replay_model_seek(struct replay_model *m, uint64_t k)
{
	pause_anim(m);
	seek(m, k);
	say_parted(m);
}

/* The event a run from here stops at: the divergence ahead, else the end. */
static uint64_t run_stop(const struct replay_model *m)
{
	uint64_t stop = m->parted && m->parted <= m->nev ? m->parted : m->nev;

	return m->at < stop ? stop : m->nev;
}

void replay_model_to_end(struct replay_model *m)
{
	pause_anim(m);
	seek(m, run_stop(m));
	say_parted(m);
}

void replay_model_play(struct replay_model *m)
{
	if (m->playing) {
		pause_anim(m);
		return;
	}
	m->message[0] = '\0';
	if (m->at >= m->nev) {
		snprintf(m->message, sizeof m->message,
		         "Your events end here: r goes back to the start.");
		return;
	}
	m->playing = true;
	m->anchor_ms = m->now_ms();
	m->anchor_at = m->at;
}

void replay_model_speed(struct replay_model *m, int d)
{
	int s = m->speed + d;

	if (s < 0 || s >= REPLAY_SPEEDS)
		return;
	m->speed = s;
	m->anchor_ms = m->now_ms();
	m->anchor_at = m->at;
}

long replay_model_timer_ms(const struct replay_model *m)
{
	if (!m->playing)
		return -1;
	long long per = 1000 / replay_speeds[m->speed],
	          next = m->anchor_ms + (long long)(m->at - m->anchor_at + 1) * per -
	                 m->now_ms();

	return next < 0 ? 0 : (long)next;
}

void replay_model_tick(struct replay_model *m)
{
	if (!m->playing)
		return;
	long long el = m->now_ms() - m->anchor_ms;
	uint64_t due = m->anchor_at + (uint64_t)(el < 0 ? 0 : el) *
	                                      (uint64_t)replay_speeds[m->speed] / 1000,
	         stop = run_stop(m);

	if (due <= m->at)
		return;
	if (due >= stop) {
		seek(m, stop);
		m->playing = false;
		if (!replay_model_at_divergence(m))
			snprintf(m->message, sizeof m->message, "Your events end here.");
		say_parted(m);
		return;
	}
	seek(m, due);
}

bool replay_model_lit(const struct replay_model *m, struct square *sq)
{
	const struct compare_event *e;

	if (!replay_model_at_divergence(m) || m->parted > m->nev)
		return false;
	e = &m->ev[m->parted - 1];
	if (e->kind != SEARCH_EV_TRY && e->kind != SEARCH_EV_REJECT &&
	    e->kind != SEARCH_EV_PLACE && e->kind != SEARCH_EV_REMOVE)
		return false;
	*sq = e->sq;
	return true;
}

/* A queen of the student's board, on another file, that attacks sq. */
static bool attacker(const struct replay_model *m, struct square sq, struct square *q)
{
	for (int f = 0; f < m->n; f++) {
		struct square at = {f, m->ranks[f]};

		if (m->ranks[f] >= 0 && f != sq.file && board_same_line(at, sq, NULL)) {
			*q = at;
			return true;
		}
	}
	return false;
}

bool replay_model_lit_attacker(const struct replay_model *m, struct square *q)
{
	struct square sq;

	return replay_model_lit(m, &sq) && attacker(m, sq, q);
}

void replay_model_cells(const struct replay_model *m, enum replay_side side,
                        uint16_t *cells)
{
	int n = m->n;
	const int *ranks = side == REPLAY_STUDENT ? m->ranks : search_ranks(m->ref);
	struct search_event ev = {.kind = SEARCH_EV_NONE};
	struct square lit, q;

	memset(cells, 0, (size_t)n * (size_t)n * sizeof *cells);
	if (side == REPLAY_REFERENCE) {
		ev = *search_last(m->ref);
	} else if (m->at > 0) {
		ev.kind = m->ev[m->at - 1].kind;
		ev.sq = m->ev[m->at - 1].sq;
		if (ev.kind == SEARCH_EV_REJECT && !attacker(m, ev.sq, &ev.attacker))
			ev.attacker = ev.sq;
	}
	for (int f = 0; f < n; f++)
		if (ranks[f] >= 0)
			cells[f * n + ranks[f]] |=
			        BV_QUEEN |
			        (ev.kind == SEARCH_EV_SOLUTION ? BV_SOLVED : 0);
	if (side == REPLAY_STUDENT && replay_model_lit(m, &lit)) {
		/*
		 * The divergence, lit: the student's square, with what their
		 * event did there (a queen tried shows its ghost), and what
		 * attacks it.
		 */
		cells[lit.file * n + lit.rank] |=
		        BV_CONFLICT | (ev.kind == SEARCH_EV_TRY ? BV_TRY : 0);
		if (attacker(m, lit, &q))
			cells[q.file * n + q.rank] |= BV_ATTACKER;
		return;
	}
	switch (ev.kind) {
	case SEARCH_EV_TRY:
	case SEARCH_EV_PLACE:
		cells[ev.sq.file * n + ev.sq.rank] |= BV_TRY;
		break;
	case SEARCH_EV_REJECT:
		cells[ev.sq.file * n + ev.sq.rank] |= BV_REJECT;
		if (ev.attacker.file != ev.sq.file || ev.attacker.rank != ev.sq.rank)
			cells[ev.attacker.file * n + ev.attacker.rank] |= BV_ATTACKER;
		break;
	case SEARCH_EV_REMOVE:
		cells[ev.sq.file * n + ev.sq.rank] |= BV_LEFT;
		break;
	default:
		break;
	}
}

uint64_t replay_model_said(const struct replay_model *m, enum replay_side side, char *buf,
                           size_t len)
{
	if (side == REPLAY_REFERENCE) {
		uint64_t k = search_counters(m->ref)->events;

		if (k == 0)
			snprintf(buf, len, "(the start)");
		else if (m->parted && k >= m->parted && m->ours[0] == '(')
			snprintf(buf, len, "%s", m->ours);
		else
			search_describe(m->ref, buf, len);
		return k;
	}
	if (m->at == 0) {
		snprintf(buf, len, "(the start)");
		return 0;
	}
	event_words(&m->ev[m->at - 1], buf, len);
	return m->at;
}

enum theme_item replay_model_verdict(const struct replay_model *m, char *buf, size_t len)
{
	if (m->parted && (replay_model_at_divergence(m) || replay_model_alone(m))) {
		snprintf(buf, len, "differs at event %" PRIu64 "%s", m->parted,
		         replay_model_alone(m) ? "; your events alone from there" : "");
		return THEME_BAD;
	}
	if (!m->parted && m->at == m->nev) {
		snprintf(buf, len, "same search");
		return THEME_GOOD;
	}
	snprintf(buf, len, "the same so far");
	return THEME_KEY;
}
