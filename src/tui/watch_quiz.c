/* Watch's predict mode: the search stops before a decision and the student answers. */
#include "config.h"

#include "watch.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "input.h"
#include "keymap.h"
#include "quiz.h"
#include "text.h"
#include "theme.h"
#include "watch_impl.h"

/* What the keys do while a question is asked. */
enum quiz_action {
	QA_UP,
	QA_DOWN,
	QA_LEFT,
	QA_RIGHT,
	QA_ENTER,
	QA_TYPE,
	QA_YES,
	QA_NO,
	QA_NONE,
	QA_ERASE,
	QA_SKIP,
	QA_OFF,
	QA_WHEN,
};

/* The key line's modes: which question, and which part of it. */
enum {
	QM_WHERE = 1u << 0,
	QM_YESNO = 1u << 1,
	QM_QUEEN = 1u << 2,
	QM_RETURN = 1u << 3,
	QM_SQUARE = QM_WHERE | QM_QUEEN | QM_RETURN,
};

static const struct keymap_row quiz_rows[] = {
        {QA_UP,
         {KEY(UP)},
         "move the answer's cursor on the board",
         {{QM_SQUARE | KEYMAP_MORE, "arrows move"}}},
        {QA_DOWN, {KEY(DOWN)}, NULL, {}},
        {QA_LEFT, {KEY(LEFT)}, NULL, {}},
        {QA_RIGHT, {KEY(RIGHT)}, NULL, {}},
        {QA_ENTER,
         {KEY(ENTER)},
         "answer: the square typed, else the cursor's",
         {{QM_SQUARE, "Enter answer"}}},
        {QA_TYPE,
         {KCHAR('c'), KCHAR('4')},
         "type a square (c4), a rank alone for the call's file, or a file for a "
         "call",
         {{QM_SQUARE, "type c4"}}},
        {QA_YES,
         {KCHAR('y')},
         "will it be rejected: yes or no",
         {{QM_YESNO, "y yes  n no"}}},
        {QA_NO, {KCHAR('n')}, NULL, {}},
        {QA_NONE,
         {KCHAR('-')},
         "none: the call places no queen, or no call runs (the search ends)",
         {{QM_WHERE | QM_RETURN, "- none"}}},
        {QA_ERASE, {KEY(BACKSPACE)}, "erase what was typed", {}},
        {QA_SKIP,
         {KEY(ESCAPE)},
         "skip the question: its answer shows, not counted",
         {{0, "Esc skip"}}},
        {QA_WHEN,
         {KCHAR('W')},
         "ask at every decision, placement or return",
         {{KEYMAP_MORE, "W how often"}}},
        {QA_OFF, {KCHAR('Q')}, "leave predict mode", {{KEYMAP_MORE, "Q quiz off"}}},
};
const struct keymap watch_quiz_keymap = KEYMAP(quiz_rows);

/* The cursor where a question's answer is looked for first. */
static void cursor_start(struct watch *w)
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
static bool pose(struct watch *w)
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

void watch_quiz_set(struct watch *w, bool on)
{
	struct watch_quiz *z = &w->quiz;

	z->on = on;
	z->state = WQ_WAITING;
	z->done_here = false;
	if (on)
		pose(w);
}

void watch_quiz_cycle(struct watch *w)
{
	struct watch_quiz *z = &w->quiz;

	z->when = (enum quiz_when)((z->when + 1) % QUIZ_WHEN_COUNT);
	/* The question asked may not be one of the new kind. */
	if (z->state == WQ_ASKING)
		z->state = WQ_WAITING;
	pose(w);
}

uint64_t watch_quiz_run(struct watch *w, uint64_t max)
{
	uint64_t done = 0;

	while (done < max && search_step(w->s)) {
		done++;
		if (pose(w))
			break;
	}
	return done;
}

void watch_quiz_sync(struct watch *w)
{
	struct watch_quiz *z = &w->quiz;

	if (z->state == WQ_ASKING && (z->q.event != search_counters(w->s)->events ||
	                              z->q.n != w->n || z->q.algo != w->algo))
		z->state = WQ_WAITING;
}

/* Records the answer, its verdict and the reason. */
static void answer(struct watch *w, const struct quiz_answer *a)
{
	struct watch_quiz *z = &w->quiz;

	z->right = quiz_check(&z->q, a, z->why, sizeof z->why);
	quiz_score_add(&z->score, z->right);
	z->state = WQ_ANSWERED;
	z->done_here = true;
	z->answered = z->q.event;
}

/* The question skipped: its answer told, not counted. */
static void skip(struct watch *w)
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
static bool typed_file(const struct watch *w, const char *t, int *file)
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
static void enter(struct watch *w)
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

static void move_cursor(struct watch *w, int df, int dr)
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
static bool type_char(struct watch *w, const struct input_event *ev)
{
	struct watch_quiz *z = &w->quiz;
	size_t len = strlen(z->typed);
	uint32_t c = ev->codepoint;

	if (ev->kind != INPUT_KEY || ev->key != INPUT_KEY_CHAR || ev->mods ||
	    !((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
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

bool watch_quiz_key(struct watch *w, const struct input_event *ev)
{
	struct watch_quiz *z = &w->quiz;
	bool yesno = z->q.kind == QUIZ_REJECT && z->part == 0;
	int action;

	if (!z->on || z->state != WQ_ASKING)
		return false;
	action = keymap_action(&watch_quiz_keymap, ev);
	/* Outside the yes-or-no, y and n are letters of a square. */
	if ((action == QA_YES || action == QA_NO) && !yesno)
		action = -1;
	switch (action) {
	case QA_UP:
	case QA_DOWN:
	case QA_LEFT:
	case QA_RIGHT:
		/* Arrows mean what the board shows: Up is the next rank. */
		move_cursor(w,
		            ev->key == INPUT_KEY_RIGHT  ? 1
		            : ev->key == INPUT_KEY_LEFT ? -1
		                                        : 0,
		            ev->key == INPUT_KEY_UP     ? 1
		            : ev->key == INPUT_KEY_DOWN ? -1
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
		watch_quiz_set(w, false);
		snprintf(w->message, sizeof w->message, "Predict mode is off.");
		return true;
	case QA_WHEN:
		watch_quiz_cycle(w);
		return true;
	default:
		return type_char(w, ev);
	}
}

/* The key line's mode for the question asked. */
unsigned watch_quiz_mode(const struct watch *w)
{
	const struct watch_quiz *z = &w->quiz;

	switch (z->q.kind) {
	case QUIZ_WHERE:
		return QM_WHERE;
	case QUIZ_REJECT:
		return z->part ? QM_QUEEN : QM_YESNO;
	default:
		return QM_RETURN;
	}
}

/* The band's title line: the mode, how often, the score. */
static void title_text(const struct watch *w, int width, char *buf, size_t len)
{
	const struct watch_quiz *z = &w->quiz;
	const unsigned right = z->score.right, asked = z->score.asked,
	               streak = z->score.streak;

	/* In fewer words for a narrow window: the score stays. */
	if (snprintf(buf, len, "Predict, %s (W): %u of %u right, streak %u",
	             quiz_when_name(z->when), right, asked, streak) > width &&
	    snprintf(buf, len, "Predict, %s: %u of %u, streak %u",
	             quiz_when_name(z->when), right, asked, streak) > width &&
	    snprintf(buf, len, "Predict: %u of %u right, streak %u", right, asked,
	             streak) > width)
		snprintf(buf, len, "Predict: %u of %u, streak %u", right, asked, streak);
	text_cut(buf, width);
}

/* What the band says under its title, as one paragraph. */
static void body_text(const struct watch *w, char *buf, size_t len)
{
	const struct watch_quiz *z = &w->quiz;
	char prompt[200];

	if (!search_is_tree(w->algo)) {
		snprintf(buf, len,
		         "Predict mode asks about the tree searches: backtrack, scan and "
		         "permute (a changes the algorithm).");
		return;
	}
	switch (z->state) {
	case WQ_ASKING:
		quiz_prompt(&z->q, z->part, prompt, sizeof prompt);
		if (z->q.kind == QUIZ_REJECT && z->part == 0)
			snprintf(buf, len, "%s Answer y or n.", prompt);
		else
			snprintf(buf, len, "%s Your answer: %s_", prompt, z->typed);
		break;
	case WQ_ANSWERED:
		snprintf(buf, len, "%s%s Space plays on to the next question.",
		         z->skipped ? ""
		         : z->right ? "Right! "
		                    : "Wrong. ",
		         /* The engine's own "Right" says it once. */
		         z->right && strncmp(z->why, "Right", 5) == 0 ? z->why + 7
		                                                      : z->why);
		break;
	default:
		snprintf(buf, len,
		         "Step (Right) or play (Space): the search stops before its next "
		         "%s and asks you first.",
		         z->when == QUIZ_EVERY_DECISION    ? "decision"
		         : z->when == QUIZ_EVERY_PLACEMENT ? "placement"
		                                           : "return");
		break;
	}
}

int watch_quiz_lines(const struct watch *w, int width)
{
	char body[800];

	if (!w->quiz.on)
		return 0;
	body_text(w, body, sizeof body);
	return 1 + text_wrap_height(width, 0, body);
}

void watch_quiz_draw(const struct watch *w, struct layout_rect r)
{
	const struct watch_quiz *z = &w->quiz;
	char title[160], body[800];
	int y = r.y, attr = A_NORMAL;

	if (r.h < 1)
		return;
	title_text(w, r.w, title, sizeof title);
	text_line(&y, r.x, r.w, theme_attr(THEME_TITLE), "%s", title);
	body_text(w, body, sizeof body);
	if (z->state == WQ_ASKING)
		attr = theme_attr(THEME_KEY);
	else if (z->state == WQ_ANSWERED && !z->skipped)
		attr = theme_attr(z->right ? THEME_GOOD : THEME_BAD);
	text_wrap_head(&y, r.y + r.h - 1, r.x, r.w, attr, "", body);
}

void watch_quiz_board(struct watch *w)
{
	const struct watch_quiz *z = &w->quiz;

	if (!z->on || z->state != WQ_ASKING || z->part + (z->q.kind != QUIZ_REJECT) == 0)
		return;
	w->bv.show_cursor = true;
	w->bv.cursor = z->cursor;
}
