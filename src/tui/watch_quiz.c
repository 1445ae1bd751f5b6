/* Watch's predict mode: the search stops before a decision and the student answers. */
#include "config.h"

#include "tui/watch_view.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "tui/input.h"
#include "tui/keymap.h"
#include "engine/quiz.h"
#include "tui/text.h"
#include "tui/theme.h"

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
         "type a square (c4), a rank alone for the call's file (beside a "
         "program, from 0 as it counts), or a file for a call (beside a "
         "program, its number)",
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
         "skip the question: its answer shows, counted as skipped",
         {{0, "Esc skip"}}},
        {QA_WHEN,
         {KCHAR('W')},
         "ask at every decision, placement or return",
         {{KEYMAP_MORE, "W how often"}}},
        {QA_OFF,
         {KCHAR('Q')},
         "leave predict mode: the summary of its questions",
         {{KEYMAP_MORE, "Q quiz off"}}},
        {QA_BIG,
         {KCHAR('z')},
         "projector mode, and back (never typed into the answer)",
         {}},
};
const struct keymap watch_quiz_keymap = KEYMAP(quiz_rows);

bool watch_view_quiz_key(struct watch_model *w, const struct input_event *ev)
{
	int action;

	if (!watch_model_asking(w))
		return false;
	action = keymap_action(&watch_quiz_keymap, ev);
	if (action >= 0 && action != QA_TYPE)
		return watch_model_quiz_act(w, (enum watch_quiz_act)action, 0);
	/* Letters and digits are typed into the answer. */
	if (ev->kind != INPUT_KEY || ev->key != INPUT_KEY_CHAR || ev->mods)
		return false;
	return watch_model_quiz_act(w, QA_TYPE, ev->codepoint);
}

/* The key line's mode for the question asked. */
unsigned watch_view_quiz_mode(const struct watch_model *w)
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
static void title_text(const struct watch_model *w, int width, char *buf, size_t len)
{
	const struct watch_quiz *z = &w->quiz;
	const struct quiz_score *sc = &z->log.score;
	char score[96];

	quiz_score_text(sc, score, sizeof score);
	/* In fewer words for a narrow window: the score stays. */
	if (snprintf(buf, len, "Predict, %s (W): %s", quiz_when_name(z->when), score) >
	            width &&
	    snprintf(buf, len, "Predict, %s: %s", quiz_when_name(z->when), score) >
	            width &&
	    snprintf(buf, len, "Predict: %s", score) > width) {
		if (sc->skipped)
			snprintf(buf, len, "Predict: %u of %u, %u skipped, streak %u",
			         sc->right, sc->asked, sc->skipped, sc->streak);
		else
			snprintf(buf, len, "Predict: %u of %u, streak %u", sc->right,
			         sc->asked, sc->streak);
	}
	text_cut(buf, width);
}

/* What the band says under its title, as one paragraph. */
static void body_text(const struct watch_model *w, char *buf, size_t len)
{
	const struct watch_quiz *z = &w->quiz;
	char prompt[200];

	if (!search_is_tree(w->algo)) {
		snprintf(buf, len,
		         "Predict mode asks about the tree searches: backtrack, scan, "
		         "permute and bits (a changes the algorithm).");
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
		snprintf(buf, len, "%s%s%s Space plays on to the next question.",
		         z->verdict == QUIZ_SKIPPED ? ""
		         : z->verdict == QUIZ_RIGHT ? "Right! "
		                                    : "Wrong. ",
		         /* The engine's own "Right" says it once. */
		         z->verdict == QUIZ_RIGHT && strncmp(z->why, "Right", 5) == 0
		                 ? z->why + 7
		                 : z->why,
		         z->again ? " (Asked before: the first answer stands, this "
		                    "one is not counted.)"
		                  : "");
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

int watch_quiz_lines(const struct watch_model *w, int width)
{
	char body[800];

	if (!w->quiz.on)
		return 0;
	body_text(w, body, sizeof body);
	return 1 + text_wrap_height(width, 0, body);
}

void watch_quiz_draw(const struct watch_model *w, struct layout_rect r)
{
	char title[160], body[800];
	int y = r.y;

	if (r.h < 1)
		return;
	title_text(w, r.w, title, sizeof title);
	text_line(&y, r.x, r.w, theme_attr(THEME_TITLE), "%s", title);
	body_text(w, body, sizeof body);
	text_wrap_head(&y, r.y + r.h - 1, r.x, r.w, theme_role(watch_model_quiz_role(w)),
	               "", body);
}

void watch_quiz_cursor(const struct watch_model *w, struct boardview *bv)
{
	const struct watch_quiz *z = &w->quiz;

	if (!z->on || z->state != WQ_ASKING || z->part + (z->q.kind != QUIZ_REJECT) == 0)
		return;
	bv->show_cursor = true;
	bv->cursor = z->cursor;
}
