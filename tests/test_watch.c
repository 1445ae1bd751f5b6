/* Unit tests of the Watch model without a terminal: stepping, jumps, breakpoints,
 * the animation's clock, predict mode, the tree and the profile. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/code.h"
#include "engine/quiz.h"
#include "engine/search.h"
#include "tui/watch_model.h"

/* The tests' clock: it moves only when a test says so. */
static long long fake_now;

static long long fake_clock(void)
{
	return fake_now;
}

static struct watch_model *watch(int n, enum search_algo a, enum search_goal goal)
{
	char err[256];
	struct watch_model *w =
	        watch_model_new(n, a, goal, NULL, fake_clock, err, sizeof err);

	assert_non_null(w);
	return w;
}

static uint64_t at(const struct watch_model *w)
{
	return search_counters(w->s)->events;
}

static enum search_kind last(const struct watch_model *w)
{
	return search_last(w->s)->kind;
}

/* The first solution of 8 is event 2076 (trace's line), and its folded tree is its path.
 */
static void test_first_solution(void **state)
{
	static const int ranks[8] = {0, 4, 7, 5, 2, 6, 1, 3};
	struct watch_model *w = watch(8, SEARCH_BACKTRACK, SEARCH_ALL);
	struct search_level lv[WATCH_MAX_N];
	int depth;

	(void)state;
	assert_int_equal(w->total, 37519);
	assert_int_equal(w->nodes_top, 568);
	watch_model_next_solution(w);
	assert_int_equal(at(w), 2076);
	assert_int_equal(last(w), SEARCH_EV_SOLUTION);
	assert_int_equal(search_last(w->s)->solution, 1);
	depth = search_levels(w->s, lv, WATCH_MAX_N);
	assert_int_equal(depth, 8);
	for (int d = 0; d < 8; d++) {
		assert_int_equal(lv[d].file, d);
		assert_int_equal(lv[d].rank, ranks[d]);
	}
	/* a1 is the first rank of file a: seven left to try, none dead yet. */
	assert_int_equal(lv[0].unexplored, 7);
	assert_int_equal(lv[0].dead, 0);
	assert_int_equal(lv[7].solutions, 0);
	/* No tree of its own above 6: the folded tree is the search's. */
	assert_int_equal(w->ntree, 0);
	watch_model_free(w);
}

/* Step over runs a call whole; step out runs to its return; N goes back a solution. */
static void test_steps(void **state)
{
	struct watch_model *w = watch(8, SEARCH_BACKTRACK, SEARCH_ALL);

	(void)state;
	watch_model_seek(w, 3, false); /* place a1 */
	assert_int_equal(last(w), SEARCH_EV_PLACE);
	watch_model_step_over(w); /* enter solve(b), run whole */
	assert_int_equal(last(w), SEARCH_EV_RETURN);
	assert_int_equal(search_last(w->s)->file, 1);
	assert_int_equal(search_stack(w->s, NULL), 1);
	/* The four solutions with a1. */
	assert_int_equal(search_counters(w->s)->solutions, 4);
	watch_model_seek(w, 2076, false);
	watch_model_step_out(w);
	assert_int_equal(last(w), SEARCH_EV_RETURN);
	assert_int_equal(search_stack(w->s, NULL), 7);
	watch_model_next_solution(w);
	assert_int_equal(at(w), 2705);
	watch_model_prev_solution(w);
	assert_int_equal(at(w), 2076);
	watch_model_prev_solution(w);
	assert_string_equal(w->message, "No solution before this one.");
	watch_model_restart(w);
	assert_int_equal(at(w), 0);
	watch_model_back(w);
	assert_string_equal(w->message, "This is the start.");
	watch_model_step_out(w);
	assert_string_equal(w->message, "No call is under way: u steps out of one.");
	watch_model_free(w);
}

/* Each breakpoint stops the run at its event and says which it is. */
static void test_breakpoints(void **state)
{
	struct watch_model *w = watch(8, SEARCH_BACKTRACK, SEARCH_ALL);

	(void)state;
	watch_model_toggle_break(w, "c4");
	assert_string_equal(w->message, "Breakpoint: stop when c4 is tried.");
	watch_model_to_end(w);
	assert_int_equal(last(w), SEARCH_EV_TRY);
	assert_int_equal(search_last(w->s)->sq.file, 2);
	assert_int_equal(search_last(w->s)->sq.rank, 3);
	assert_string_equal(w->message, "Breakpoint: c4 is tried.");
	watch_model_toggle_break(w, "c4");
	assert_string_equal(w->message, "Breakpoint at c4 cleared.");
	watch_model_toggle_break(w, "s");
	watch_model_restart(w);
	watch_model_to_end(w);
	assert_int_equal(at(w), 2076);
	assert_string_equal(w->message, "Breakpoint: solution 1 is found.");
	watch_model_toggle_break(w, "9");
	assert_string_equal(w->message, "A depth is a number from 1 to 8, not '9'.");
	watch_model_toggle_break(w, "3");
	assert_true(watch_model_breaks_set(w));
	watch_model_clear_breaks(w);
	assert_string_equal(w->message, "Every breakpoint cleared.");
	assert_false(watch_model_breaks_set(w));
	watch_model_toggle_break(w, "z9");
	assert_non_null(strstr(w->message, "Not a breakpoint"));
	watch_model_to_depth(w, "8");
	assert_int_equal(search_stack(w->s, NULL), 8);
	watch_model_free(w);
}

/* The profile at the end: OEIS A319284's row for n = 8, and its largest level. */
static void test_profile(void **state)
{
	static const uint64_t row[9] = {1, 8, 42, 140, 344, 568, 550, 312, 92};
	struct watch_model *w = watch(8, SEARCH_BACKTRACK, SEARCH_ALL);

	(void)state;
	watch_model_to_end(w);
	assert_true(search_done(w->s));
	for (int k = 0; k <= 8; k++)
		assert_int_equal(search_nodes(w->s)[k], row[k]);
	assert_int_equal(search_counters(w->s)->tested, 15720);
	watch_model_free(w);
}

/* The whole tree of 6, recorded once: the nodes by the event shown, solved and closed. */
static void test_small_tree(void **state)
{
	struct watch_model *w = watch(6, SEARCH_BACKTRACK, SEARCH_ALL);
	struct watch_model *twin = watch(6, SEARCH_BACKTRACK, SEARCH_ALL);
	const struct watch_tree_node *t;
	int k;

	(void)state;
	/* One node per queen placed in the whole search: its nodes but the root. */
	assert_int_equal(w->ntree, 152);
	assert_true(w->tree_lines > 0);
	assert_int_equal(watch_model_tree_at(w, 0), 0);
	watch_model_next_solution(w);
	k = watch_model_tree_at(w, at(w));
	t = &w->tree[k - 1];
	/* 2 4 6 1 3 5: f5 is the last queen placed, solved now. */
	assert_int_equal(t->depth, 6);
	assert_int_equal(t->sq.file, 5);
	assert_int_equal(t->sq.rank, 4);
	assert_true(t->solved_at == at(w));
	assert_true(t->closed_at > at(w));
	/* Two models at once keep their own trees and places. */
	assert_int_equal(at(twin), 0);
	assert_int_equal(twin->ntree, 152);
	watch_model_back(w);
	assert_int_equal(watch_model_tree_at(w, at(w)), k);
	watch_model_free(twin);
	watch_model_free(w);
}

/* Playing runs the events the clock has reached at the speed chosen. */
static void test_clock(void **state)
{
	struct watch_model *w = watch(8, SEARCH_BACKTRACK, SEARCH_ALL);

	(void)state;
	fake_now = 10000;
	assert_int_equal(watch_speeds[w->speed], 20);
	assert_int_equal(watch_model_timer_ms(w), -1);
	watch_model_play(w);
	assert_true(w->playing);
	assert_int_equal(watch_model_timer_ms(w), 50);
	fake_now += 1000;
	watch_model_tick(w);
	assert_int_equal(at(w), 20);
	watch_model_speed(w, 1);
	assert_int_equal(watch_speeds[w->speed], 50);
	fake_now += 1000;
	watch_model_tick(w);
	assert_int_equal(at(w), 70);
	watch_model_play(w);
	assert_false(w->playing);
	for (int i = 0; i < 20; i++)
		watch_model_speed(w, 1);
	assert_int_equal(watch_speeds[w->speed], 1000);
	watch_model_free(w);
}

/* Predict mode asks before a decision and scores the answer. */
static void test_predict(void **state)
{
	struct watch_model *w = watch(4, SEARCH_BACKTRACK, SEARCH_ALL);

	(void)state;
	watch_model_quiz(w, true);
	watch_model_forward(w);
	while (!watch_model_asking(w) && !search_done(w->s))
		watch_model_forward(w);
	assert_true(watch_model_asking(w));
	watch_model_play(w);
	assert_string_equal(w->message, "Answer first, or Escape skips the question.");
	assert_true(watch_model_quiz_act(w, QA_SKIP, 0));
	assert_int_equal(w->quiz.state, WQ_ANSWERED);
	assert_int_equal(w->quiz.verdict, QUIZ_SKIPPED);
	assert_int_equal(w->quiz.log.score.asked, 1);
	assert_int_equal(w->quiz.log.score.skipped, 1);
	watch_model_quiz(w, false);
	assert_false(watch_model_asking(w));
	watch_model_free(w);
}

/* Steps on to the next question of predict mode; asserts one comes. */
static void to_question(struct watch_model *w)
{
	do
		watch_model_forward(w);
	while (!watch_model_asking(w) && !search_done(w->s));
	assert_true(watch_model_asking(w));
}

/* The questions every decision asks from event a (itself too) to before b. */
static unsigned due_between(uint64_t a, uint64_t b)
{
	char err[128];
	struct search *s =
	        search_new(SEARCH_BACKTRACK, 4, SEARCH_ALL, 1, err, sizeof err);
	unsigned k = 0;

	assert_non_null(s);
	search_seek(s, a);
	while (search_counters(s)->events < b) {
		k += quiz_due(s, QUIZ_EVERY_DECISION);
		if (!search_step(s))
			break;
	}
	search_free(s);
	return k;
}

/*
 * Predict mode counts honestly: a skip is a skip and ends the streak; a
 * first answer stands (a wrong yes is judged at once, a question asked
 * again is not counted again); a jump counts the questions it passes as
 * skipped; predict mode off sums the session up.
 */
static void test_predict_honest(void **state)
{
	struct watch_model *w = watch(4, SEARCH_BACKTRACK, SEARCH_ALL);
	const struct quiz_score *sc = &w->quiz.log.score;
	unsigned skipped;
	uint64_t from;

	(void)state;
	fake_now = 5000;
	watch_model_quiz(w, true);
	to_question(w);
	/* Event 2: try a1 on an empty board; n is right. */
	assert_int_equal(at(w), 2);
	assert_true(watch_model_quiz_act(w, QA_NO, 0));
	assert_int_equal(w->quiz.verdict, QUIZ_RIGHT);
	assert_int_equal(sc->streak, 1);
	/* Event 5: b1, which a1 attacks; yes, then Escape: a skip ends the streak. */
	to_question(w);
	assert_int_equal(at(w), 5);
	assert_true(watch_model_quiz_act(w, QA_YES, 0));
	assert_int_equal(w->quiz.part, 1);
	fake_now += 3000;
	assert_true(watch_model_quiz_act(w, QA_SKIP, 0));
	assert_int_equal(sc->asked, 2);
	assert_int_equal(sc->skipped, 1);
	assert_int_equal(sc->streak, 0);
	assert_int_equal(w->quiz.log.count, 2);
	assert_int_equal(w->quiz.log.v[1].ms, 3000);
	/* Event 7: b2; yes, by a1 typed. */
	to_question(w);
	assert_int_equal(at(w), 7);
	watch_model_quiz_act(w, QA_YES, 0);
	watch_model_quiz_act(w, QA_TYPE, 'a');
	watch_model_quiz_act(w, QA_TYPE, '1');
	watch_model_quiz_act(w, QA_ENTER, 0);
	assert_int_equal(w->quiz.verdict, QUIZ_RIGHT);
	assert_int_equal(sc->right, 2);
	/* Back and on again: asked again, the first answer stands. */
	watch_model_back(w);
	watch_model_forward(w);
	assert_true(watch_model_asking(w));
	assert_true(w->quiz.again);
	watch_model_quiz_act(w, QA_NO, 0);
	assert_int_equal(w->quiz.verdict, QUIZ_WRONG);
	assert_int_equal(sc->asked, 3);
	assert_int_equal(sc->right, 2);
	assert_int_equal(sc->streak, 1);
	/* Event 9: b3 is free; a yes is the answer, wrong, judged at once: no
	 * "by which queen?" where no queen attacks it. */
	to_question(w);
	assert_int_equal(at(w), 9);
	watch_model_quiz_act(w, QA_YES, 0);
	assert_int_equal(w->quiz.state, WQ_ANSWERED);
	assert_int_equal(w->quiz.verdict, QUIZ_WRONG);
	assert_true(strncmp(w->quiz.why, "No: b3 is free", 14) == 0);
	assert_false(watch_model_quiz_act(w, QA_SKIP, 0));
	assert_int_equal(sc->asked, 4);
	assert_int_equal(sc->skipped, 1);
	/* n jumps to the first solution: every question on the way is skipped. */
	from = at(w);
	watch_model_next_solution(w);
	assert_int_equal(last(w), SEARCH_EV_SOLUTION);
	skipped = due_between(from + 1, at(w));
	assert_true(skipped > 10);
	assert_int_equal(sc->skipped, 1 + skipped);
	assert_int_equal(sc->asked, 4 + skipped);
	assert_int_equal(sc->streak, 0);
	assert_int_equal(w->quiz.log.v[w->quiz.log.count - 1].kind, QUIZ_NONE);
	assert_int_equal(w->quiz.log.v[w->quiz.log.count - 1].count, skipped);
	/* N back and n again: nothing new is passed. */
	watch_model_prev_solution(w);
	watch_model_restart(w);
	watch_model_next_solution(w);
	assert_int_equal(sc->asked, 4 + skipped);
	/* A click on the bar to the end: the rest. */
	from = at(w);
	watch_model_seek(w, w->total, false);
	assert_int_equal(sc->asked, 4 + skipped + due_between(from + 1, w->total));
	/* Predict mode off: the session ends, with a summary to show. */
	assert_false(w->quiz.summary_due);
	watch_model_quiz(w, false);
	assert_true(w->quiz.summary_due);
	assert_int_equal(w->quiz.log.end_ms, fake_now);
	watch_model_free(w);
}

/* What leaves a question asked counts it as skipped; z is never typed. */
static void test_predict_leave(void **state)
{
	struct watch_model *w = watch(4, SEARCH_BACKTRACK, SEARCH_ALL);
	const struct quiz_score *sc = &w->quiz.log.score;

	(void)state;
	watch_model_quiz(w, true);
	to_question(w);
	/* z is the screen's (projector mode), never a letter of the answer. */
	assert_false(watch_model_quiz_act(w, QA_BIG, 'z'));
	assert_string_equal(w->quiz.typed, "");
	/* W: every placement asks nothing at a try; the question is left, skipped. */
	watch_model_quiz_act(w, QA_WHEN, 0);
	assert_int_equal(w->quiz.when, QUIZ_EVERY_PLACEMENT);
	assert_false(watch_model_asking(w));
	assert_int_equal(sc->skipped, 1);
	/* A return is a question in two modes: W keeps it. */
	watch_model_quiz_cycle(w); /* every return */
	to_question(w);
	assert_int_equal(w->quiz.q.kind, QUIZ_RETURN);
	watch_model_quiz_cycle(w); /* every decision */
	assert_true(watch_model_asking(w));
	assert_int_equal(w->quiz.q.kind, QUIZ_RETURN);
	assert_int_equal(sc->asked, 1);
	/* A question left by a jump back; predict mode off with none answered. */
	watch_model_restart(w);
	assert_false(watch_model_asking(w));
	assert_int_equal(sc->asked, 2);
	assert_int_equal(sc->skipped, 2);
	watch_model_quiz(w, false);
	assert_true(w->quiz.summary_due);
	/* On again: a new session. */
	w->quiz.summary_due = false;
	watch_model_quiz(w, true);
	assert_int_equal(w->quiz.log.score.asked, 0);
	assert_int_equal(w->quiz.log.count, 0);
	watch_model_quiz(w, false);
	assert_false(w->quiz.summary_due);
	watch_model_free(w);
}

/* A lesson's step plays to its until: event at its speed, and pauses there. */
static void test_play_until(void **state)
{
	struct watch_model *w = watch(4, SEARCH_BACKTRACK, SEARCH_ALL);

	(void)state;
	fake_now = 20000;
	watch_model_seek(w, 10, false);
	watch_model_play_until(w, 21);
	assert_true(w->playing);
	fake_now += 500; /* 10 events at 20 a second */
	watch_model_tick(w);
	assert_int_equal(at(w), 20);
	assert_true(w->playing);
	fake_now += 5000;
	watch_model_tick(w);
	assert_int_equal(at(w), 21);
	assert_false(w->playing);
	/* Played on by hand from there, it stops no more. */
	watch_model_play(w);
	fake_now += 1000;
	watch_model_tick(w);
	assert_int_equal(at(w), 41);
	/* Not played when already there. */
	watch_model_play_until(w, 41);
	assert_false(w->playing);
	watch_model_free(w);
}

/* c cycles pseudocode, Python, C, Java; repair has no listing, and says why. */
static void test_languages(void **state)
{
	static const enum code_lang order[] = {CODE_PYTHON, CODE_C, CODE_JAVA,
	                                       CODE_LANG_COUNT};
	struct watch_model *w = watch(8, SEARCH_BACKTRACK, SEARCH_ALL);

	(void)state;
	assert_int_equal(w->lang, CODE_LANG_COUNT);
	assert_false(watch_model_code_shown(w));
	for (size_t i = 0; i < sizeof order / sizeof *order; i++) {
		watch_model_next_lang(w);
		assert_int_equal(w->lang, order[i]);
		assert_int_equal(watch_model_code_shown(w), order[i] != CODE_LANG_COUNT);
	}
	assert_string_equal(w->message,
	                    "The listing in pseudocode (c for the next language).");
	/* The language stays when the algorithm changes: the next one's listing. */
	watch_model_set_lang(w, CODE_JAVA);
	watch_model_next_algo(w);
	assert_int_equal(w->algo, SEARCH_SCAN);
	assert_true(watch_model_code_shown(w));
	assert_int_equal(code_algo(w->listing), SEARCH_SCAN);
	watch_model_free(w);
	w = watch(8, SEARCH_REPAIR, SEARCH_ALL);
	watch_model_next_lang(w);
	assert_false(watch_model_code_shown(w));
	assert_string_equal(w->message,
	                    "Python: repair has no Python listing: it is not a "
	                    "tree search; the pseudocode shows.");
	watch_model_forward(w);
	assert_int_equal(watch_model_lit(w), search_line(w->s));
	watch_model_free(w);
}

/* Whether text holds any of the words (NULL-terminated). */
static bool holds(const char *text, const char *const *words)
{
	for (; *words; words++)
		if (strstr(text, *words))
			return true;
	return false;
}

/*
 * What the lit line of each event kind does, in any of the languages:
 * patterns of their own, not the table code.c lights lines by.
 */
static bool lit_does(enum search_algo a, const struct search_event *ev, const char *text)
{
	static const char *const loop[] = {"for (int rank = 0", "for rank in range",
	                                   NULL};
	static const char *const pick[] = {"free & -free", NULL};
	static const char *const place[] = {"x[file] =", NULL};
	static const char *const mark[] = {"[file][rank] = true", "[file][rank] = True",
	                                   NULL};
	static const char *const unmark[] = {"[file][rank] = false",
	                                     "[file][rank] = False", NULL};
	static const char *const freed[] = {"[down] = false", "[down] = False", NULL};
	static const char *const call[] = {"solve(file + 1", NULL};
	static const char *const counted[] = {"count += 1", "count++", NULL};
	static const char *const printed[] = {"print", NULL};
	static const char *const whiles[] = {"while", NULL};
	static const char *const seen[] = {"seen(file, rank, 0)", "seen(file, rank, -1)",
	                                   "seen(file, rank, 1)"};
	bool bits = a == SEARCH_BITS;

	switch (ev->kind) {
	case SEARCH_EV_TRY:
		return holds(text, bits ? pick : loop);
	case SEARCH_EV_REJECT:
		/* scan: the look along the line that met the queen; else the test. */
		if (a == SEARCH_SCAN)
			return strstr(text,
			              seen[ev->line == BOARD_LINE_RANK       ? 0
			                   : ev->line == BOARD_LINE_DIAGONAL ? 1
			                                                     : 2]) !=
			       NULL;
		/* permute tests the rank first, on a line of its own. */
		if (a == SEARCH_PERMUTE && ev->line == BOARD_LINE_RANK)
			return strstr(text, "if") && strstr(text, "ank") &&
			       !strstr(text, "up") && !strstr(text, "Up");
		return strstr(text, "if") && (strstr(text, "up") || strstr(text, "Up")) &&
		       (a == SEARCH_PERMUTE || strstr(text, "ank"));
	case SEARCH_EV_PLACE:
		return holds(text, a == SEARCH_SCAN ? mark : place);
	case SEARCH_EV_ENTER:
		/* bits lights its call as the others do. */
		return holds(text, call) || strstr(text, "solve(0");
	case SEARCH_EV_SOLUTION:
		return holds(text, counted);
	case SEARCH_EV_REMOVE:
		return holds(text, bits ? whiles : a == SEARCH_SCAN ? unmark : freed);
	case SEARCH_EV_RETURN:
		return holds(text, bits ? whiles : loop);
	case SEARCH_EV_DONE:
		return holds(text, printed);
	default:
		return false;
	}
}

/*
 * Every event of the searches of 5 (and of 6 to the first solution, where
 * given queens are not), in every language: the lit line does what the
 * event says, and the pseudocode comes back when c comes round.
 */
static void test_lit_lines(void **state)
{
	static const enum search_algo algos[] = {SEARCH_BACKTRACK, SEARCH_SCAN,
	                                         SEARCH_PERMUTE, SEARCH_BITS};

	(void)state;
	for (size_t i = 0; i < sizeof algos / sizeof *algos; i++) {
		for (int l = 0; l < CODE_LANG_COUNT; l++) {
			struct watch_model *w = watch(5, algos[i], SEARCH_ALL);
			unsigned kinds = 0;

			watch_model_set_lang(w, (enum code_lang)l);
			assert_true(watch_model_code_shown(w));
			while (!search_done(w->s)) {
				const struct search_event *ev;
				const char *text;

				watch_model_forward(w);
				ev = search_last(w->s);
				text = code_text(w->listing, watch_model_lit(w));
				kinds |= 1u << ev->kind;
				if (!lit_does(algos[i], ev, text))
					fail_msg("%s in %s, event %llu (%d): lit '%s'",
					         search_algo_name(algos[i]),
					         code_lang_name((enum code_lang)l),
					         (unsigned long long)at(w), ev->kind,
					         text);
			}
			/* Every kind the algorithm has came by. */
			assert_true(kinds & 1u << SEARCH_EV_TRY);
			assert_true(kinds & 1u << SEARCH_EV_SOLUTION);
			assert_true(kinds & 1u << SEARCH_EV_RETURN);
			assert_true(kinds & 1u << SEARCH_EV_DONE);
			assert_int_equal(!!(kinds & 1u << SEARCH_EV_REJECT),
			                 algos[i] != SEARCH_BITS);
			watch_model_set_lang(w, CODE_LANG_COUNT);
			assert_int_equal(watch_model_lit(w), search_line(w->s));
			watch_model_free(w);
		}
	}
}

/* A row's cells as one string: "0 2 . ." read as "02..". */
static void row_text(const struct watch_var_row *r, char *buf)
{
	int k = 0;

	for (int c = 0; c < r->ncells; c++)
		k += sprintf(buf + k, "%s", r->cell[c]);
}

/* The variables panel at the first placement of 4, and bits' masks a call later. */
static void test_vars(void **state)
{
	struct watch_model *w = watch(4, SEARCH_BACKTRACK, SEARCH_ALL);
	struct watch_vars v;
	char text[128];

	(void)state;
	watch_model_set_lang(w, CODE_JAVA);
	assert_true(watch_vars_make(w, &v));
	assert_int_equal(v.depth, 0);
	/* solve(0), try a1, place a1. */
	watch_model_forward(w);
	watch_model_forward(w);
	watch_model_forward(w);
	assert_int_equal(last(w), SEARCH_EV_PLACE);
	assert_true(watch_vars_make(w, &v));
	assert_int_equal(v.nrows, 4);
	assert_string_equal(v.rows[0].name, "x");
	assert_string_equal(v.rows[1].name, "rankUsed");
	assert_string_equal(v.rows[2].name, "upUsed");
	assert_string_equal(v.rows[3].name, "downUsed");
	/* x as Java's new int[n] starts it, x[0] written; the arrays are marked
	 * on the next line. */
	row_text(&v.rows[0], text);
	assert_string_equal(text, "0000");
	assert_true(v.rows[0].set[0]);
	assert_false(v.rows[0].set[1]);
	row_text(&v.rows[1], text);
	assert_string_equal(text, "....");
	assert_int_equal(v.rows[2].ncells, 7);
	row_text(&v.rows[2], text);
	assert_string_equal(text, ".......");
	/* The placement writes x[0]; its test read the three lines of a1. */
	assert_true(v.rows[0].read[0] && v.rows[1].read[0] && v.rows[2].read[3] &&
	            v.rows[3].read[0]);
	assert_false(v.rows[0].read[1] || v.rows[2].read[0]);
	/* The next line has marked them. */
	watch_model_forward(w); /* solve(1) */
	assert_true(watch_vars_make(w, &v));
	row_text(&v.rows[1], text);
	assert_string_equal(text, "T...");
	row_text(&v.rows[2], text);
	assert_string_equal(text, "...T...");
	row_text(&v.rows[3], text);
	assert_string_equal(text, "T......");
	assert_false(v.rows[1].read[0]);
	watch_model_back(w);
	assert_true(watch_vars_make(w, &v));
	assert_int_equal(v.depth, 1);
	watch_vars_frame_text(&v, 0, 0, text, sizeof text);
	assert_string_equal(text, "solve(file=0) rank=0 up=3 down=0");
	watch_vars_frame_text(&v, 0, 2, text, sizeof text);
	assert_string_equal(text, "file=0 rank=0");
	/* Python names them its way. */
	watch_model_set_lang(w, CODE_PYTHON);
	assert_true(watch_vars_make(w, &v));
	assert_string_equal(v.rows[1].name, "rank_used");
	/* Taken off again: the lines are free. */
	watch_model_forward(w); /* solve(1) */
	while (last(w) != SEARCH_EV_REMOVE)
		watch_model_forward(w);
	assert_true(watch_vars_make(w, &v));
	assert_int_equal(v.depth, 2);
	row_text(&v.rows[1], text);
	assert_string_equal(text, "T...");
	watch_model_free(w);

	/* scan keeps its board, which is drawn: calls only. */
	w = watch(4, SEARCH_SCAN, SEARCH_ALL);
	watch_model_set_lang(w, CODE_C);
	watch_model_forward(w);
	watch_model_forward(w);
	assert_true(watch_vars_make(w, &v));
	assert_int_equal(v.nrows, 0);
	assert_int_equal(v.depth, 1);
	watch_model_free(w);

	/* bits: a1 picked and placed, then solve(1) with the masks shifted picks b3. */
	w = watch(4, SEARCH_BITS, SEARCH_ALL);
	watch_model_set_lang(w, CODE_PYTHON);
	for (int i = 0; i < 5; i++)
		watch_model_forward(w);
	assert_int_equal(last(w), SEARCH_EV_TRY);
	assert_true(watch_vars_make(w, &v));
	assert_true(v.bits);
	assert_int_equal(v.nrows, 1);
	assert_int_equal(v.depth, 2);
	row_text(&v.frames[0].masks[4], text);
	assert_string_equal(text, "0001");
	assert_string_equal(v.frames[1].masks[0].name, "ranks");
	row_text(&v.frames[1].masks[0], text);
	assert_string_equal(text, "0001");
	row_text(&v.frames[1].masks[1], text);
	assert_string_equal(text, "0010");
	row_text(&v.frames[1].masks[2], text);
	assert_string_equal(text, "0000");
	assert_string_equal(v.frames[1].masks[3].name, "free");
	row_text(&v.frames[1].masks[3], text);
	assert_string_equal(text, "1100");
	assert_string_equal(v.frames[1].masks[3].dec, "12");
	row_text(&v.frames[1].masks[4], text);
	assert_string_equal(text, "0100");
	/* From b4 on to c: up (0b10 | 0b1000) << 1 carries a bit past the board. */
	while (!(last(w) == SEARCH_EV_ENTER && search_ranks(w->s)[1] == 3))
		watch_model_forward(w);
	assert_true(watch_vars_make(w, &v));
	row_text(&v.frames[2].masks[1], text);
	assert_string_equal(text, "10100");
	assert_int_equal(v.frames[2].masks[1].past, 1);
	assert_string_equal(v.frames[2].masks[1].dec, "20");
	/* Python's int keeps up to bit 2n - 2: seven digits in all, 127 at most. */
	assert_int_equal(v.past_max, 3);
	assert_int_equal(v.dec_max[1], 3);
	watch_model_free(w);

	/* The pseudocode: nothing for the panel but the calls. */
	w = watch(4, SEARCH_REPAIR, SEARCH_ALL);
	assert_false(watch_vars_make(w, &v));
	watch_model_free(w);
}

/*
 * The colours of the panels as roles the model decides: each role stands
 * for what the state means, so that a swapped one fails here, not only in
 * a golden frame.
 */
static void test_roles(void **state)
{
	struct watch_model *w = watch(6, SEARCH_BACKTRACK, SEARCH_ALL);
	struct watch_var_row row = {.ncells = 3};
	int k, lit;

	(void)state;
	/* The count of solutions is good news once there is one, not before. */
	assert_int_equal(watch_model_figure_role(w, SEARCH_FIG_SOLUTIONS), THEME_NORMAL);
	watch_model_next_solution(w);
	assert_int_equal(watch_model_figure_role(w, SEARCH_FIG_SOLUTIONS), THEME_GOOD);
	assert_int_equal(watch_model_figure_role(w, SEARCH_FIG_TESTED), THEME_NORMAL);
	/*
	 * The whole tree at 2 4 6 1 3 5: f5 just placed is tried, its open
	 * ancestors lit, a1 closed without a solution plain.
	 */
	k = watch_model_tree_at(w, at(w));
	assert_int_equal(watch_model_node_role(w, k - 1, at(w)), THEME_TRY);
	assert_int_equal(watch_model_node_role(w, k - 2, at(w)), THEME_KEY);
	assert_int_equal(w->tree[0].sq.rank, 0);
	assert_int_equal(watch_model_node_role(w, 0, at(w)), THEME_NORMAL);
	/* Taken off again, f5 is good news: a solution lies under it. */
	while (last(w) != SEARCH_EV_REMOVE)
		watch_model_forward(w);
	assert_int_equal(watch_model_node_role(w, k - 1, at(w)), THEME_GOOD);
	assert_int_equal(watch_model_node_role(w, k - 2, at(w)), THEME_KEY);
	/* The line the event lights, in the pseudocode and beside it in Python. */
	lit = search_line(w->s);
	assert_int_equal(watch_model_line_role(w, false, lit - 1), THEME_SELECTED);
	assert_int_equal(watch_model_line_role(w, false, lit), THEME_NORMAL);
	watch_model_set_lang(w, CODE_PYTHON);
	assert_true(watch_model_lit(w) != lit);
	assert_int_equal(watch_model_line_role(w, true, watch_model_lit(w) - 1),
	                 THEME_SELECTED);
	assert_int_equal(watch_model_line_role(w, true, lit - 1), THEME_NORMAL);
	assert_int_equal(watch_model_line_role(w, false, lit - 1), THEME_SELECTED);
	watch_model_free(w);
	/* The call running, and its square in the folded tree. */
	assert_int_equal(watch_model_call_role(2, 3), THEME_KEY);
	assert_int_equal(watch_model_call_role(1, 3), THEME_NORMAL);
	assert_int_equal(watch_model_path_role(2, 3), THEME_TRY);
	assert_int_equal(watch_model_path_role(0, 3), THEME_NORMAL);
	/* Repair's sparkline: no conflict left is good news. */
	assert_int_equal(watch_model_conflicts_role(0), THEME_GOOD);
	assert_int_equal(watch_model_conflicts_role(2), THEME_NORMAL);
	/* A variable's cell: free dimmed, set lit, read by the line lit reversed. */
	row.set[1] = row.set[2] = row.read[2] = true;
	assert_int_equal(watch_var_cell_role(&row, 0), THEME_DIMMED);
	assert_int_equal(watch_var_cell_role(&row, 1), THEME_KEY);
	assert_int_equal(watch_var_cell_role(&row, 2), THEME_SELECTED);
	row.set[2] = false;
	assert_int_equal(watch_var_cell_role(&row, 2), THEME_SELECTED);

	/* Predict mode: the question asked, a right, a wrong and a skipped answer. */
	w = watch(4, SEARCH_BACKTRACK, SEARCH_ALL);
	watch_model_quiz(w, true);
	assert_int_equal(watch_model_quiz_role(w), THEME_NORMAL);
	to_question(w);
	assert_int_equal(watch_model_quiz_role(w), THEME_KEY);
	watch_model_quiz_act(w, QA_NO, 0); /* a1 on an empty board: right */
	assert_int_equal(w->quiz.verdict, QUIZ_RIGHT);
	assert_int_equal(watch_model_quiz_role(w), THEME_GOOD);
	to_question(w);
	watch_model_quiz_act(w, QA_NO, 0); /* b1, which a1 attacks: wrong */
	assert_int_equal(w->quiz.verdict, QUIZ_WRONG);
	assert_int_equal(watch_model_quiz_role(w), THEME_BAD);
	to_question(w);
	watch_model_quiz_act(w, QA_SKIP, 0);
	assert_int_equal(watch_model_quiz_role(w), THEME_NORMAL);
	watch_model_free(w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_first_solution),
	        cmocka_unit_test(test_steps),
	        cmocka_unit_test(test_breakpoints),
	        cmocka_unit_test(test_profile),
	        cmocka_unit_test(test_small_tree),
	        cmocka_unit_test(test_clock),
	        cmocka_unit_test(test_predict),
	        cmocka_unit_test(test_predict_honest),
	        cmocka_unit_test(test_predict_leave),
	        cmocka_unit_test(test_play_until),
	        cmocka_unit_test(test_languages),
	        cmocka_unit_test(test_lit_lines),
	        cmocka_unit_test(test_vars),
	        cmocka_unit_test(test_roles),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
