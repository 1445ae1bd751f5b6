/* Predict mode of the Watch model, without a terminal: the question due, the answer
 * typed or pointed at, its verdict, the score. */
#include "config.h"

#include "watch_model.h"

#include <stdio.h>
#include <string.h>

#include "quiz.h"

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
	z->state = WQ_ASKING;
	z->part = 0;
	z->typed[0] = '\0';
	z->skipped = false;
	w->playing = false;
	cursor_start(w);
	return true;
}

void watch_model_quiz(struct watch_model *w, bool on)
{
	struct watch_quiz *z = &w->quiz;

	z->on = on;
	z->state = WQ_WAITING;
	z->done_here = false;
	if (on)
		pose(w);
}

void watch_model_quiz_cycle(struct watch_model *w)
{
	struct watch_quiz *z = &w->quiz;

	z->when = (enum quiz_when)((z->when + 1) % QUIZ_WHEN_COUNT);
	/* The question asked may not be one of the new kind. */
	if (z->state == WQ_ASKING)
		z->state = WQ_WAITING;
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

void watch_predict_sync(struct watch_model *w)
{
	struct watch_quiz *z = &w->quiz;

	if (z->state == WQ_ASKING && (z->q.event != search_counters(w->s)->events ||
	                              z->q.n != w->n || z->q.algo != w->algo))
		z->state = WQ_WAITING;
}

/* Records the answer, its verdict and the reason. */
static void answer(struct watch_model *w, const struct quiz_answer *a)
{
	struct watch_quiz *z = &w->quiz;

	z->right = quiz_check(&z->q, a, z->why, sizeof z->why);
	quiz_score_add(&z->score, z->right);
	z->state = WQ_ANSWERED;
	z->done_here = true;
	z->answered = z->q.event;
}

/* The question skipped: its answer told, not counted. */
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
	snprintf(z->why, sizeof z->why, "Skipped, not counted. %s", rest);
	z->skipped = true;
	z->state = WQ_ANSWERED;
	z->done_here = true;
	z->answered = z->q.event;
}

/* The file named by what was typed: a letter alone, or a square's file. */
static bool typed_file(const struct watch_model *w, const char *t, int *file)
{
	struct square sq;

	if (t[0] >= 'a' && t[0] < 'a' + w->n && t[1] == '\0') {
		*file = t[0] - 'a';
		return true;
	}
	if (quiz_parse_square(t, w->n, -1, &sq)) {
		*file = sq.file;
		return true;
	}
	return false;
}

/* Enter: the square typed, else the cursor's. */
static void enter(struct watch_model *w)
{
	struct watch_quiz *z = &w->quiz;
	struct quiz_answer a = {0};
	bool typed = z->typed[0] != '\0';

	if (z->q.kind == QUIZ_REJECT && z->part == 0) {
		snprintf(w->message, sizeof w->message,
		         "Answer y (rejected) or n (not).");
		return;
	}
	a.yes = z->q.kind == QUIZ_REJECT;
	a.sq = z->cursor;
	if (typed && z->q.kind == QUIZ_RETURN) {
		if (!typed_file(w, z->typed, &a.sq.file)) {
			snprintf(w->message, sizeof w->message,
			         "'%s' names no file: type a letter from a to %c.",
			         z->typed, 'a' + w->n - 1);
			return;
		}
	} else if (typed &&
	           !quiz_parse_square(z->typed, w->n,
	                              z->q.kind == QUIZ_WHERE ? z->q.file : -1, &a.sq)) {
		snprintf(w->message, sizeof w->message,
		         "'%s' is no square of this board: type a file and a rank, like "
		         "c4.",
		         z->typed);
		return;
	}
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

bool watch_model_asking(const struct watch_model *w)
{
	return w->quiz.on && w->quiz.state == WQ_ASKING;
}

bool watch_model_quiz_act(struct watch_model *w, enum watch_quiz_act a, uint32_t ch)
{
	struct watch_quiz *z = &w->quiz;
	bool yesno = z->q.kind == QUIZ_REJECT && z->part == 0;

	if (!watch_model_asking(w))
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
		z->part = 1;
		/* The attackers stand to the left: start on the nearest queen's file. */
		if (z->cursor.file > 0)
			move_cursor(w, -1, 0);
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
