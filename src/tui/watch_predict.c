/* Predict mode of the Watch model, without a terminal: the question due, the answer
 * typed or pointed at, its verdict, the score and the session's log. */
#include "config.h"

#include "tui/watch_model.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "engine/quiz.h"

/* The key of the model's search in the log: its questions are told apart by event. */
static unsigned log_key(const struct watch_model *w)
{
	return (unsigned)w->algo << 8 | (unsigned)w->n;
}

static long long quiz_now(const struct watch_model *w)
{
	return w->clock_ms ? w->clock_ms() : w->now_ms();
}

/* The cursor where a question's answer is looked for first. */
static void cursor_start(struct watch_model *w)
{
	struct watch_quiz *z = &w->quiz;
	const int *ranks = search_ranks(w->s);

	switch (z->q.kind) {
	case QUIZ_WHERE:
		z->cursor = (struct square){z->q.file, z->q.from < w->n ? z->q.from : 0};
		break;
	case QUIZ_RETURN:
		/* On the returning call's file: the answer is a file to the left. */
		z->cursor = (struct square){z->q.file,
		                            ranks[z->q.file] >= 0 ? ranks[z->q.file] : 0};
		break;
	default:
		z->cursor = z->q.sq;
		break;
	}
}

/* Asks the question due now, if one is and it was not just answered. */
static bool pose(struct watch_model *w)
{
	struct watch_quiz *z = &w->quiz;
	uint64_t at = search_counters(w->s)->events;

	if (!z->on || z->state == WQ_ASKING || (z->done_here && z->answered == at))
		return false;
	if (!quiz_ask(w->s, z->when, &z->q))
		return false;
	/* Beside a program the calls are named as it names them: solve(1). */
	z->q.numbered = watch_model_code_shown(w);
	z->state = WQ_ASKING;
	z->part = 0;
	z->typed[0] = '\0';
	z->again = quiz_log_has(&z->log, z->q.event, log_key(w), z->q.kind);
	z->asked_ms = quiz_now(w);
	w->playing = false;
	cursor_start(w);
	return true;
}

/*
 * The question asked ends with verdict v (a the answer given, NULL when
 * skipped): in the log and the score, unless it was asked before, when the
 * first answer stands.
 */
static void record(struct watch_model *w, enum quiz_verdict v,
                   const struct quiz_answer *a)
{
	struct watch_quiz *z = &w->quiz;
	struct quiz_entry e = {.from = z->q.event,
	                       .to = z->q.event,
	                       .key = log_key(w),
	                       .kind = z->q.kind,
	                       .count = 1,
	                       .verdict = v,
	                       .ms = quiz_now(w) - z->asked_ms};
	struct quiz_answer truth;

	z->verdict = v;
	z->state = WQ_ANSWERED;
	z->done_here = true;
	z->answered = z->q.event;
	if (z->again)
		return;
	quiz_prompt(&z->q, 0, e.question, sizeof e.question);
	if (a)
		quiz_answer_text(&z->q, a, e.answer, sizeof e.answer);
	quiz_truth(&z->q, &truth);
	quiz_answer_text(&z->q, &truth, e.truth, sizeof e.truth);
	quiz_log_add(&z->log, &e);
}

/* A question asked and left unanswered (by a move, or predict mode ending): skipped. */
static void leave_question(struct watch_model *w)
{
	struct watch_quiz *z = &w->quiz;

	if (z->state != WQ_ASKING)
		return;
	record(w, QUIZ_SKIPPED, NULL);
	z->state = WQ_WAITING;
	z->done_here = false;
}

void watch_model_quiz(struct watch_model *w, bool on)
{
	struct watch_quiz *z = &w->quiz;

	if (on && !z->on) {
		quiz_log_free(&z->log);
		quiz_log_init(&z->log, quiz_now(w));
	} else if (!on && z->on) {
		leave_question(w);
		z->log.end_ms = quiz_now(w);
		z->summary_due = z->log.score.asked > 0;
	}
	z->on = on;
	z->state = WQ_WAITING;
	z->done_here = false;
	if (on)
		pose(w);
}

void watch_model_quiz_cycle(struct watch_model *w)
{
	struct watch_quiz *z = &w->quiz;
	struct quiz_question asked = z->q;
	bool asking = z->state == WQ_ASKING;

	z->when = (enum quiz_when)((z->when + 1) % QUIZ_WHEN_COUNT);
	if (!asking) {
		pose(w);
		return;
	}
	/*
	 * The question asked stays when the new mode asks it too (a return is
	 * a decision); else it is left, skipped, for the new mode's.
	 */
	if (quiz_due_kind(w->s, z->when) == asked.kind)
		return;
	leave_question(w);
	pose(w);
}

uint64_t watch_predict_run(struct watch_model *w, uint64_t max)
{
	uint64_t done = 0;

	while (done < max && search_step(w->s)) {
		done++;
		if (pose(w))
			break;
	}
	return done;
}

/*
 * Counts the questions due at the events from (when from_too) and after it
 * up to before to that were never asked, going over them again, and logs
 * them as skipped: one entry for the jump.
 */
static void pass_over(struct watch_model *w, uint64_t from, bool from_too, uint64_t to)
{
	struct watch_quiz *z = &w->quiz;
	struct quiz_entry e = {
	        .key = log_key(w), .kind = QUIZ_NONE, .verdict = QUIZ_SKIPPED};
	uint64_t at;

	if (!search_seek(w->s, from))
		return;
	for (;;) {
		enum quiz_kind k = quiz_due_kind(w->s, z->when);

		at = search_counters(w->s)->events;
		if (k != QUIZ_NONE && (at > from || from_too) &&
		    !quiz_log_has(&z->log, at, e.key, k)) {
			if (e.count++ == 0)
				e.from = at;
			e.to = at;
		}
		if (at + 1 >= to || !search_step(w->s))
			break;
	}
	search_seek(w->s, to);
	if (e.count == 0)
		return;
	if (e.count == 1)
		snprintf(e.question, sizeof e.question,
		         "the question of event %" PRIu64 ", passed by a jump", e.from);
	else
		snprintf(e.question, sizeof e.question,
		         "%u questions from event %" PRIu64 " to %" PRIu64
		         ", passed by a jump",
		         e.count, e.from, e.to);
	quiz_log_add(&z->log, &e);
	snprintf(w->message + strlen(w->message), sizeof w->message - strlen(w->message),
	         "%s%u question%s passed: counted as skipped.", w->message[0] ? " " : "",
	         e.count, e.count == 1 ? "" : "s");
}

void watch_predict_moved(struct watch_model *w, uint64_t from, bool same)
{
	struct watch_quiz *z = &w->quiz;
	uint64_t to = search_counters(w->s)->events;
	bool answered_at_from = z->done_here && z->answered == from,
	     asked_at_from = z->state == WQ_ASKING && z->q.event == from;

	if (!z->on || !search_is_tree(w->algo))
		return;
	/* Away from the question answered, it may be asked again on the way back. */
	if (z->answered != to)
		z->done_here = false;
	/* A question left where it was asked is skipped. */
	if (z->state == WQ_ASKING &&
	    (!same || z->q.event != to || z->q.n != w->n || z->q.algo != w->algo))
		leave_question(w);
	if (!same || to <= from)
		return;
	if (to > from + 1 || (!answered_at_from && !asked_at_from))
		pass_over(w, from, !answered_at_from && !asked_at_from, to);
	pose(w);
}

/* Records the answer, its verdict and the reason. */
static void answer(struct watch_model *w, const struct quiz_answer *a)
{
	struct watch_quiz *z = &w->quiz;

	record(w, quiz_check(&z->q, a, z->why, sizeof z->why) ? QUIZ_RIGHT : QUIZ_WRONG,
	       a);
}

/* The question skipped: its answer told, counted as a skip. */
static void skip(struct watch_model *w)
{
	struct watch_quiz *z = &w->quiz;
	struct quiz_answer a;
	char why[sizeof z->why - 32];
	const char *rest = why;

	quiz_truth(&z->q, &a);
	quiz_check(&z->q, &a, why, sizeof why);
	/* The engine's words start "Right"; a skipped question is not. */
	if (strncmp(rest, "Right", 5) == 0)
		rest += 7;
	snprintf(z->why, sizeof z->why, "Skipped. %s", rest);
	record(w, QUIZ_SKIPPED, NULL);
}

/* Enter: the answer typed, else the cursor's square (or its file). */
static void enter(struct watch_model *w)
{
	struct watch_quiz *z = &w->quiz;
	struct quiz_answer a = {.yes = z->q.kind == QUIZ_REJECT, .sq = z->cursor};

	if (z->q.kind == QUIZ_REJECT && z->part == 0) {
		snprintf(w->message, sizeof w->message,
		         "Answer y (rejected) or n (not).");
		return;
	}
	if (z->typed[0] && !quiz_read(z->q.kind, w->n, z->q.file, z->q.numbered, z->typed,
	                              &a, w->message, sizeof w->message))
		return;
	answer(w, &a);
}

static void move_cursor(struct watch_model *w, int df, int dr)
{
	struct watch_quiz *z = &w->quiz;
	int f = z->cursor.file + df, r = z->cursor.rank + dr;

	/* The queen of a call goes on its own file. */
	if (z->q.kind == QUIZ_WHERE)
		f = z->q.file;
	if (f >= 0 && f < w->n)
		z->cursor.file = f;
	if (r >= 0 && r < w->n)
		z->cursor.rank = r;
}

/* A character typed into the answer: letters and digits of a square. */
static bool type_char(struct watch_model *w, uint32_t c)
{
	struct watch_quiz *z = &w->quiz;
	size_t len = strlen(z->typed);

	if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
		return false;
	if (z->q.kind == QUIZ_REJECT && z->part == 0) {
		snprintf(w->message, sizeof w->message,
		         "Answer y (rejected) or n (not).");
		return true;
	}
	if (len + 1 < sizeof z->typed) {
		z->typed[len] = (char)c;
		z->typed[len + 1] = '\0';
	}
	return true;
}

enum theme_item watch_model_quiz_role(const struct watch_model *w)
{
	const struct watch_quiz *z = &w->quiz;

	if (z->state == WQ_ASKING)
		return THEME_KEY;
	if (z->state != WQ_ANSWERED || z->verdict == QUIZ_SKIPPED)
		return THEME_NORMAL;
	return z->verdict == QUIZ_RIGHT ? THEME_GOOD : THEME_BAD;
}

bool watch_model_asking(const struct watch_model *w)
{
	return w->quiz.on && w->quiz.state == WQ_ASKING;
}

/* y: it will be rejected.  Said of a free square, that is the answer, and wrong. */
static void say_yes(struct watch_model *w)
{
	struct watch_quiz *z = &w->quiz;

	if (!z->q.yes) {
		answer(w, &(struct quiz_answer){.yes = true, .sq = {-1, -1}});
		return;
	}
	z->part = 1;
	/* The attackers stand to the left: start on the nearest queen's file. */
	if (z->cursor.file > 0)
		move_cursor(w, -1, 0);
}

bool watch_model_quiz_act(struct watch_model *w, enum watch_quiz_act a, uint32_t ch)
{
	struct watch_quiz *z = &w->quiz;
	bool yesno = z->q.kind == QUIZ_REJECT && z->part == 0;

	if (!watch_model_asking(w) || a == QA_BIG)
		return false;
	/* Outside the yes-or-no, y and n are letters of a square. */
	if ((a == QA_YES || a == QA_NO) && !yesno)
		return type_char(w, a == QA_YES ? 'y' : 'n');
	switch (a) {
	case QA_UP:
	case QA_DOWN:
	case QA_LEFT:
	case QA_RIGHT:
		/* Arrows mean what the board shows: Up is the next rank. */
		move_cursor(w,
		            a == QA_RIGHT  ? 1
		            : a == QA_LEFT ? -1
		                           : 0,
		            a == QA_UP     ? 1
		            : a == QA_DOWN ? -1
		                           : 0);
		z->typed[0] = '\0';
		return true;
	case QA_ENTER:
		enter(w);
		return true;
	case QA_YES:
		say_yes(w);
		return true;
	case QA_NO:
		answer(w, &(struct quiz_answer){.yes = false});
		return true;
	case QA_NONE:
		if (z->q.kind == QUIZ_REJECT)
			snprintf(w->message, sizeof w->message,
			         z->part ? "Name the queen: a square, like a1."
			                 : "Answer y (rejected) or n (not).");
		else
			answer(w, &(struct quiz_answer){.none = true});
		return true;
	case QA_ERASE:
		if (z->typed[0])
			z->typed[strlen(z->typed) - 1] = '\0';
		return true;
	case QA_SKIP:
		skip(w);
		return true;
	case QA_OFF:
		watch_model_quiz(w, false);
		snprintf(w->message, sizeof w->message, "Predict mode is off.");
		return true;
	case QA_WHEN:
		watch_model_quiz_cycle(w);
		return true;
	default:
		return type_char(w, ch);
	}
}
