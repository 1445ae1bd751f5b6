/* Unit tests of predict mode's questions: when they come, their truth, their words. */
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

#include "engine/board.h"
#include "engine/quiz.h"
#include "engine/search.h"

static struct search *make(enum search_algo a, int n)
{
	char err[128];
	struct search *s = search_new(a, n, SEARCH_ALL, 1, err, sizeof err);

	assert_non_null(s);
	return s;
}

/* The answer the engine's own next events give, found without quiz_ask. */
static struct quiz_answer truth(struct search *s, enum quiz_kind kind, bool *refused)
{
	struct quiz_answer a = {.none = true, .sq = {-1, -1}};
	uint64_t at = search_counters(s)->events;
	int depth = search_stack(s, NULL);
	const struct search_frame *fr;

	*refused = false;
	switch (kind) {
	case QUIZ_WHERE:
		/* Only tries and refusals come before the call's placement or return. */
		while (search_step(s)) {
			const struct search_event *ev = search_last(s);

			if (ev->kind == SEARCH_EV_PLACE) {
				a = (struct quiz_answer){.sq = ev->sq};
				break;
			}
			assert_true(ev->kind == SEARCH_EV_TRY ||
			            ev->kind == SEARCH_EV_REJECT ||
			            ev->kind == SEARCH_EV_RETURN);
			if (ev->kind == SEARCH_EV_RETURN)
				break;
		}
		break;
	case QUIZ_REJECT:
		assert_true(search_step(s));
		*refused = search_last(s)->kind == SEARCH_EV_REJECT;
		a = (struct quiz_answer){.yes = *refused, .sq = search_last(s)->attacker};
		break;
	case QUIZ_RETURN:
		assert_true(search_step(s));
		assert_int_equal(search_last(s)->kind, SEARCH_EV_RETURN);
		assert_int_equal(search_stack(s, &fr), depth - 1);
		if (depth > 1)
			a = (struct quiz_answer){.sq = {fr[depth - 2].file, 0}};
		break;
	default:
		fail();
	}
	assert_true(search_seek(s, at));
	return a;
}

/*
 * Every question of a whole search in each mode: its kind fits the mode,
 * the search is left where it was, the engine's own answer is right and
 * another is wrong, each explained in words.
 */
static void test_whole_searches(void **state)
{
	static const struct {
		enum search_algo a;
		int n;
	} cases[] = {{SEARCH_BACKTRACK, 5},
	             {SEARCH_SCAN, 5},
	             {SEARCH_PERMUTE, 5},
	             {SEARCH_BACKTRACK, 4},
	             {SEARCH_PERMUTE, 6}};

	(void)state;
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		for (int w = 0; w < QUIZ_WHEN_COUNT; w++) {
			struct search *s = make(cases[c].a, cases[c].n);
			unsigned asked[4] = {0};

			while (search_step(s)) {
				struct quiz_question q;
				struct quiz_answer a, b;
				uint64_t at = search_counters(s)->events;
				char why[512], prompt[160];
				bool refused;

				if (!quiz_ask(s, (enum quiz_when)w, &q)) {
					assert_false(quiz_due(s, (enum quiz_when)w));
					continue;
				}
				assert_true(quiz_due(s, (enum quiz_when)w));
				assert_int_equal(search_counters(s)->events, at);
				assert_int_equal(q.event, at);
				asked[q.kind]++;
				assert_true(q.kind != QUIZ_WHERE ||
				            w == QUIZ_EVERY_PLACEMENT);
				assert_true(q.kind != QUIZ_REJECT ||
				            w == QUIZ_EVERY_DECISION);
				assert_true(q.kind != QUIZ_RETURN ||
				            w != QUIZ_EVERY_PLACEMENT);
				assert_true(quiz_prompt(&q, 0, prompt, sizeof prompt) >
				            0);
				assert_non_null(strchr(prompt, '?'));
				a = truth(s, q.kind, &refused);
				if (q.kind == QUIZ_REJECT) {
					assert_int_equal(q.yes, refused);
					if (refused) {
						assert_int_equal(q.answer.file,
						                 a.sq.file);
						assert_int_equal(q.answer.rank,
						                 a.sq.rank);
					}
				}
				assert_true(quiz_check(&q, &a, why, sizeof why));
				assert_true(strncmp(why, "Right", 5) == 0);
				quiz_truth(&q, &b);
				assert_true(quiz_check(&q, &b, why, sizeof why));
				/* The other answer of a yes-or-no, or none for a square.
				 */
				b = a;
				if (q.kind == QUIZ_REJECT)
					b.yes = !a.yes;
				else
					b.none = !a.none;
				if (q.kind == QUIZ_RETURN && a.none)
					b.sq = (struct square){0, 0};
				if (q.kind == QUIZ_WHERE && a.none)
					b.sq = (struct square){q.file, cases[c].n - 1};
				assert_false(quiz_check(&q, &b, why, sizeof why));
				assert_true(strlen(why) > 20);
			}
			/* Each mode asks its own questions, and asks some. */
			if (w == QUIZ_EVERY_DECISION)
				assert_true(asked[QUIZ_REJECT] > 0 &&
				            asked[QUIZ_RETURN] > 0);
			else if (w == QUIZ_EVERY_PLACEMENT)
				assert_true(asked[QUIZ_WHERE] > 0);
			else
				assert_true(asked[QUIZ_RETURN] > 0 &&
				            asked[QUIZ_REJECT] == 0);
			search_free(s);
		}
	}
}

/* The first questions of backtracking four queens, word for word. */
static void test_four_queens(void **state)
{
	struct search *s = make(SEARCH_BACKTRACK, 4);
	struct quiz_question q;
	struct quiz_answer a;
	char text[512];

	(void)state;
	/* Event 1: solve(a) is entered; its queen goes on a1. */
	assert_true(search_step(s));
	assert_true(quiz_ask(s, QUIZ_EVERY_PLACEMENT, &q));
	assert_int_equal(q.kind, QUIZ_WHERE);
	quiz_prompt(&q, 0, text, sizeof text);
	assert_string_equal(text, "solve(a): where will the next queen go?");
	a = (struct quiz_answer){.sq = {0, 0}};
	assert_true(quiz_check(&q, &a, text, sizeof text));
	assert_string_equal(text, "Right. a1 is free, and the loop tries the ranks in "
	                          "order, from 1 up, so the queen goes on a1.");
	/* Events 2-4: try a1, place a1, enter solve(b); b1 and b2 are attacked. */
	search_run(s, 0, 3);
	assert_true(quiz_ask(s, QUIZ_EVERY_PLACEMENT, &q));
	assert_true(q.yes);
	assert_int_equal(q.answer.file, 1);
	assert_int_equal(q.answer.rank, 2);
	a = (struct quiz_answer){.sq = {1, 1}};
	assert_false(quiz_check(&q, &a, text, sizeof text));
	assert_string_equal(text,
	                    "Not b2: the queen on a1 attacks it along a diagonal. b1 is "
	                    "attacked by a1 along the rank; b2 is "
	                    "attacked by a1 along a diagonal. b3 is free, and the "
	                    "loop tries the ranks in order, from 1 up, so the queen "
	                    "goes on b3.");
	a = (struct quiz_answer){.sq = {1, 3}};
	assert_false(quiz_check(&q, &a, text, sizeof text));
	assert_non_null(strstr(text, "so the queen goes on b3 before b4 comes up."));
	a = (struct quiz_answer){.sq = {2, 2}};
	assert_false(quiz_check(&q, &a, text, sizeof text));
	assert_non_null(strstr(text, "Not c3: solve(b) places the queen of file b."));
	/* Beside a program, the call as the program names it. */
	q.numbered = true;
	quiz_prompt(&q, 0, text, sizeof text);
	assert_string_equal(text, "solve(1): where will the next queen go?");
	assert_false(quiz_check(&q, &a, text, sizeof text));
	assert_non_null(strstr(text, "Not c3: solve(1) places the queen of file b."));
	/* and the ranks counted as it counts them, from 0. */
	assert_non_null(strstr(text, "the loop tries the ranks in order, from 0 up, so "
	                             "the queen goes on b3."));
	q.numbered = false;
	/* Event 5: try b1, which a1 attacks along the rank. */
	search_step(s);
	assert_false(quiz_ask(s, QUIZ_EVERY_PLACEMENT, &q));
	assert_true(quiz_ask(s, QUIZ_EVERY_DECISION, &q));
	assert_int_equal(q.kind, QUIZ_REJECT);
	quiz_prompt(&q, 0, text, sizeof text);
	assert_string_equal(text, "solve(b) tries b1: will b1 be rejected?");
	quiz_prompt(&q, 1, text, sizeof text);
	assert_string_equal(text, "b1 will be rejected, you say: by which queen?");
	a = (struct quiz_answer){.yes = true, .sq = {0, 0}};
	assert_true(quiz_check(&q, &a, text, sizeof text));
	assert_string_equal(text, "Right: b1 is attacked by the queen on a1 along the "
	                          "rank, so it is rejected and solve(b) goes on with its "
	                          "next rank.");
	a = (struct quiz_answer){.yes = false};
	assert_false(quiz_check(&q, &a, text, sizeof text));
	assert_true(strncmp(text, "No: b1 is attacked by the queen on a1", 37) == 0);
	a = (struct quiz_answer){.yes = true, .sq = {2, 0}};
	assert_false(quiz_check(&q, &a, text, sizeof text));
	assert_string_equal(text, "Rejected, yes, but not by c1: no queen stands there. "
	                          "b1 is attacked by a1 along the rank.");
	search_free(s);
}

/* A square two queens attack: naming either is right; the check meets one first. */
static void test_two_attackers(void **state)
{
	/* a1 and b3 stand: c3 is on b3's rank and on a1's diagonal. */
	int given[5] = {0, 2, -1, -1, -1};
	char err[128], text[512];
	struct search *s = search_new_from(SEARCH_BACKTRACK, 5, SEARCH_ALL, 1, given, err,
	                                   sizeof err);
	struct quiz_question q;
	struct quiz_answer a;

	(void)state;
	assert_non_null(s);
	/* Enter solve(c); try c1, reject it; try c2, reject it; try c3. */
	search_run(s, 0, 6);
	assert_int_equal(search_last(s)->kind, SEARCH_EV_TRY);
	assert_int_equal(search_last(s)->sq.rank, 2);
	assert_true(quiz_ask(s, QUIZ_EVERY_DECISION, &q));
	/* The array check looks along the rank first: b3. */
	assert_true(q.yes);
	assert_int_equal(q.answer.file, 1);
	assert_int_equal(q.line, BOARD_LINE_RANK);
	a = (struct quiz_answer){.yes = true, .sq = q.answer};
	assert_true(quiz_check(&q, &a, text, sizeof text));
	/* a1 attacks it too, along a diagonal. */
	a.sq = (struct square){0, 0};
	assert_true(quiz_check(&q, &a, text, sizeof text));
	assert_non_null(strstr(text, "The check meets the queen on"));
	search_free(s);
}

/* The last return ends the search; the permutation method never tries a used rank. */
static void test_returns_and_permute(void **state)
{
	struct search *s = make(SEARCH_BACKTRACK, 4);
	struct quiz_question q = {0};
	struct quiz_answer a;
	char text[512];
	bool last = false;

	(void)state;
	while (search_step(s))
		if (quiz_ask(s, QUIZ_EVERY_RETURN, &q) && q.file == 0)
			last = true;
	assert_true(last);
	assert_false(q.yes);
	a = (struct quiz_answer){.none = true};
	assert_true(quiz_check(&q, &a, text, sizeof text));
	assert_string_equal(text,
	                    "Right. solve(a) was the first call, so when it returns "
	                    "nothing called it and the search is over.");
	search_free(s);

	s = make(SEARCH_PERMUTE, 4);
	/* Enter solve(a), try a1, place a1, enter solve(b). */
	search_run(s, 0, 4);
	assert_true(quiz_ask(s, QUIZ_EVERY_PLACEMENT, &q));
	a = (struct quiz_answer){.sq = {1, 0}};
	assert_false(quiz_check(&q, &a, text, sizeof text));
	/* permute's loop tries b1 too, and its first test refuses it. */
	assert_true(strncmp(text, "Not b1: the queen on a1 attacks it along the rank.",
	                    50) == 0);
	assert_non_null(strstr(text, "the loop tries the ranks in order, from 1 up"));
	search_free(s);

	/* Repair and construct are not asked about. */
	s = make(SEARCH_REPAIR, 8);
	while (search_step(s))
		for (int w = 0; w < QUIZ_WHEN_COUNT; w++)
			assert_false(quiz_due(s, (enum quiz_when)w));
	search_free(s);
}

static void test_parse_and_score(void **state)
{
	struct square sq;
	struct quiz_score sc = {0};
	char text[128];

	(void)state;
	assert_true(quiz_parse_square("c4", 8, -1, &sq));
	assert_int_equal(sq.file, 2);
	assert_int_equal(sq.rank, 3);
	assert_true(quiz_parse_square("7", 8, 4, &sq));
	assert_int_equal(sq.file, 4);
	assert_int_equal(sq.rank, 6);
	assert_true(quiz_parse_square("b12", 12, -1, &sq));
	assert_int_equal(sq.rank, 11);
	assert_false(quiz_parse_square("i1", 8, -1, &sq));
	assert_false(quiz_parse_square("c9", 8, -1, &sq));
	assert_false(quiz_parse_square("0", 8, 2, &sq));
	assert_false(quiz_parse_square("9", 8, 2, &sq));
	assert_false(quiz_parse_square("7", 8, -1, &sq));
	assert_false(quiz_parse_square("", 8, 2, &sq));
	assert_false(quiz_parse_square("c4 d5", 8, -1, &sq));
	quiz_score_add(&sc, QUIZ_RIGHT);
	quiz_score_add(&sc, QUIZ_RIGHT);
	quiz_score_add(&sc, QUIZ_WRONG);
	quiz_score_add(&sc, QUIZ_RIGHT);
	assert_int_equal(sc.asked, 4);
	assert_int_equal(sc.right, 3);
	assert_int_equal(sc.streak, 1);
	assert_int_equal(sc.best, 2);
	/* A skip is asked and not right: it ends the streak as a wrong answer does. */
	quiz_score_add(&sc, QUIZ_RIGHT);
	quiz_score_add(&sc, QUIZ_SKIPPED);
	assert_int_equal(sc.asked, 6);
	assert_int_equal(sc.right, 4);
	assert_int_equal(sc.skipped, 1);
	assert_int_equal(sc.streak, 0);
	assert_int_equal(sc.best, 2);
	quiz_score_text(&sc, text, sizeof text);
	assert_string_equal(text, "4 of 6 right, 1 skipped, streak 0");
	assert_string_equal(quiz_when_name(QUIZ_EVERY_PLACEMENT), "every placement");
}

/* Every form an answer takes, read by the one function Watch and the lessons share. */
static void test_read(void **state)
{
	struct quiz_answer a;
	char why[256];

	(void)state;
	assert_true(quiz_read(QUIZ_WHERE, 8, 2, false, "c4", &a, why, sizeof why));
	assert_false(a.none);
	assert_int_equal(a.sq.file, 2);
	assert_int_equal(a.sq.rank, 3);
	/* A rank alone goes on the call's file. */
	assert_true(quiz_read(QUIZ_WHERE, 8, 4, false, "7", &a, why, sizeof why));
	assert_int_equal(a.sq.file, 4);
	assert_int_equal(a.sq.rank, 6);
	assert_true(quiz_read(QUIZ_WHERE, 8, 4, false, "-", &a, why, sizeof why));
	assert_true(a.none);
	/* A square off the call's file is read, and judged wrong by quiz_check. */
	assert_true(quiz_read(QUIZ_WHERE, 8, 4, false, "a1", &a, why, sizeof why));
	assert_false(quiz_read(QUIZ_WHERE, 8, 4, false, "z9", &a, why, sizeof why));
	assert_string_equal(why, "'z9' is no square of the 8x8 board: its files are a "
	                         "to h, its ranks 1 to 8.");
	assert_false(quiz_read(QUIZ_WHERE, 8, 4, false, "9", &a, why, sizeof why));
	assert_string_equal(why, "'9' is no rank of the 8x8 board: its files are a to "
	                         "h, its ranks 1 to 8.");
	assert_false(quiz_read(QUIZ_WHERE, 8, -1, false, "3", &a, why, sizeof why));
	assert_string_equal(why,
	                    "'3' is a rank alone: type the whole square, such as c3.");
	assert_false(quiz_read(QUIZ_WHERE, 8, 2, false, "", &a, why, sizeof why));
	assert_string_equal(why, "Type a square, such as c4, then Enter.");
	/* The queen named after yes: a whole square, never none. */
	assert_true(quiz_read(QUIZ_REJECT, 8, 1, false, "a1", &a, why, sizeof why));
	assert_true(a.yes);
	assert_int_equal(a.sq.file, 0);
	assert_false(quiz_read(QUIZ_REJECT, 8, 1, false, "-", &a, why, sizeof why));
	assert_string_equal(why, "Name the queen that attacks it: a square, such as a1.");
	assert_false(quiz_read(QUIZ_REJECT, 8, 1, false, "1", &a, why, sizeof why));
	/* A call by its file, or a square of it; - when the search ends. */
	assert_true(quiz_read(QUIZ_RETURN, 8, 3, false, "b", &a, why, sizeof why));
	assert_int_equal(a.sq.file, 1);
	assert_true(quiz_read(QUIZ_RETURN, 8, 3, false, "c5", &a, why, sizeof why));
	assert_int_equal(a.sq.file, 2);
	assert_true(quiz_read(QUIZ_RETURN, 8, 3, false, "-", &a, why, sizeof why));
	assert_true(a.none);
	assert_false(quiz_read(QUIZ_RETURN, 4, 3, false, "k", &a, why, sizeof why));
	assert_string_equal(why, "'k' names no file of the 4x4 board: its files are a "
	                         "to d, its ranks 1 to 4; type a letter from a to d, "
	                         "or - for none.");
	/* Beside a program a call is its number too, as solve(1) names file b;
	 * never in the pseudocode's words, where calls are letters. */
	assert_false(quiz_read(QUIZ_RETURN, 8, 3, false, "1", &a, why, sizeof why));
	assert_true(quiz_read(QUIZ_RETURN, 8, 3, true, "1", &a, why, sizeof why));
	assert_int_equal(a.sq.file, 1);
	assert_true(quiz_read(QUIZ_RETURN, 8, 3, true, "b", &a, why, sizeof why));
	assert_int_equal(a.sq.file, 1);
	assert_false(quiz_read(QUIZ_RETURN, 4, 3, true, "4", &a, why, sizeof why));
	assert_string_equal(why, "'4' names no call of the 4x4 board: its files are a "
	                         "to d, its ranks 1 to 4; type a number from 0 to 3, "
	                         "or - for none.");
	assert_false(quiz_read(QUIZ_RETURN, 4, 3, true, "", &a, why, sizeof why));
	assert_string_equal(why, "Type a call's number, such as 1, then Enter.");
	/* Beside a program a rank alone is rank's value, from 0: 3 is b4. */
	assert_true(quiz_read(QUIZ_WHERE, 4, 1, true, "3", &a, why, sizeof why));
	assert_int_equal(a.sq.file, 1);
	assert_int_equal(a.sq.rank, 3);
	assert_true(quiz_read(QUIZ_WHERE, 4, 1, true, "0", &a, why, sizeof why));
	assert_int_equal(a.sq.rank, 0);
	assert_false(quiz_read(QUIZ_WHERE, 4, 1, true, "4", &a, why, sizeof why));
	assert_string_equal(why, "'4' is no rank: the program counts the ranks of the "
	                         "4x4 board from 0 to 3.");
	assert_true(quiz_read(QUIZ_WHERE, 4, 1, true, "b4", &a, why, sizeof why));
	assert_int_equal(a.sq.rank, 3);
}

/* The words that would answer a question of each kind. */
static const char *const tells[][6] = {
        [QUIZ_REJECT] = {"nothing can attack", "is free", "is attacked", "rejected",
                         "skipped"},
        [QUIZ_WHERE] = {"free ranks: ", "leave free: "},
        [QUIZ_RETURN] = {"returns to", "carries on"},
};

/* Every question of a search asked when, its narration checked; how many. */
static unsigned keeps_answers(enum search_algo a, int n, enum quiz_when when,
                              bool numbered)
{
	struct search *s = make(a, n);
	const struct search_words how = {.numbered = numbered, .asking = true};
	struct quiz_question q;
	char text[1024], sq[16];
	unsigned asked = 0;

	while (search_step(s)) {
		const char *told = NULL;

		if (!quiz_ask(s, when, &q))
			continue;
		asked++;
		search_explain_as(s, &how, true, text, sizeof text);
		for (int i = 0; i < 6 && tells[q.kind][i] && !told; i++)
			if (strstr(text, tells[q.kind][i]))
				told = tells[q.kind][i];
		board_square_name(q.answer, sq, sizeof sq);
		if (q.kind == QUIZ_WHERE && q.yes && strstr(text, sq))
			told = sq;
		if (told)
			fail_msg("%s %d, %s, event %llu: '%s' in: %s",
			         search_algo_name(a), n, quiz_when_name(when),
			         (unsigned long long)q.event, told, text);
	}
	search_free(s);
	return asked;
}

/*
 * While a question is asked the narration (search_explain_as, asking)
 * does not state its answer: every question of every tree search, n = 4
 * to 6, in each mode, beside the pseudocode and a program.  The words
 * that would: whether the square is refused (REJECT), the answer's
 * square or the free ranks it is the lowest of (WHERE), the call that
 * goes on (RETURN).
 */
static void test_narration_keeps_answers(void **state)
{
	unsigned asked = 0;

	(void)state;
	for (int a = 0; a < SEARCH_ALGO_COUNT; a++)
		for (int n = 4; n <= 6 && search_is_tree((enum search_algo)a); n++)
			for (int when = 0; when < QUIZ_WHEN_COUNT; when++)
				for (int numbered = 0; numbered < 2; numbered++)
					asked += keeps_answers((enum search_algo)a, n,
					                       (enum quiz_when)when,
					                       numbered);
	assert_true(asked > 1000);
}

/* A session's log: the score counts each question once; a jump, its questions. */
static void test_log(void **state)
{
	struct quiz_log l, copy;
	struct quiz_entry e = {.from = 5,
	                       .to = 5,
	                       .key = 7,
	                       .kind = QUIZ_REJECT,
	                       .count = 1,
	                       .verdict = QUIZ_WRONG,
	                       .ms = 7000};
	char line[640], *text;

	(void)state;
	quiz_log_init(&l, 1000);
	snprintf(e.question, sizeof e.question,
	         "solve(b) tries b1: will b1 be rejected?");
	snprintf(e.answer, sizeof e.answer, "no");
	snprintf(e.truth, sizeof e.truth, "yes, by a1");
	quiz_log_add(&l, &e);
	assert_true(quiz_log_has(&l, 5, 7, QUIZ_REJECT));
	assert_false(quiz_log_has(&l, 5, 7, QUIZ_RETURN));
	assert_false(quiz_log_has(&l, 5, 8, QUIZ_REJECT));
	assert_false(quiz_log_has(&l, 6, 7, QUIZ_REJECT));
	/* Twelve questions passed by a jump from event 8 to 2076. */
	e = (struct quiz_entry){.from = 8,
	                        .to = 2076,
	                        .key = 7,
	                        .kind = QUIZ_NONE,
	                        .count = 12,
	                        .verdict = QUIZ_SKIPPED};
	snprintf(e.question, sizeof e.question,
	         "12 questions from event 8 to 2076, passed by a jump");
	quiz_log_add(&l, &e);
	assert_true(quiz_log_has(&l, 100, 7, QUIZ_WHERE));
	assert_true(quiz_log_has(&l, 2076, 7, QUIZ_RETURN));
	assert_false(quiz_log_has(&l, 2077, 7, QUIZ_RETURN));
	e = (struct quiz_entry){.from = 3000,
	                        .to = 3000,
	                        .key = 7,
	                        .kind = QUIZ_WHERE,
	                        .count = 1,
	                        .verdict = QUIZ_RIGHT,
	                        .ms = 64000};
	snprintf(e.question, sizeof e.question,
	         "solve(c): where will the next queen go?");
	snprintf(e.answer, sizeof e.answer, "c2");
	snprintf(e.truth, sizeof e.truth, "c2");
	quiz_log_add(&l, &e);
	assert_int_equal(l.score.asked, 14);
	assert_int_equal(l.score.right, 1);
	assert_int_equal(l.score.skipped, 12);
	assert_int_equal(l.score.streak, 1);
	l.end_ms = 1000 + 252000;
	quiz_log_head(&l, line, sizeof line);
	assert_string_equal(line,
	                    "14 questions: 1 right, 1 wrong, 12 skipped; best streak "
	                    "1, streak at the end 1; 4:12.");
	quiz_log_line(&l, 0, line, sizeof line);
	assert_string_equal(line, "Wrong, in 0:07. solve(b) tries b1: will b1 be "
	                          "rejected? You said: no. The answer: yes, by a1.");
	quiz_log_line(&l, 1, line, sizeof line);
	assert_string_equal(line, "Skipped: 12 questions from event 8 to 2076, passed by "
	                          "a jump.");
	quiz_log_line(&l, 2, line, sizeof line);
	assert_string_equal(line, "Right, in 1:04. solve(c): where will the next queen "
	                          "go? You said: c2.");
	quiz_log_copy(&copy, &l);
	quiz_log_free(&l);
	text = quiz_log_text(&copy, "Predict mode: Watch 4x4, backtrack", 40);
	assert_non_null(text);
	assert_string_equal(text, "Predict mode: Watch 4x4, backtrack\n"
	                          "\n"
	                          "14 questions: 1 right, 1 wrong, 12\n"
	                          "skipped; best streak 1, streak at the\n"
	                          "end 1; 4:12.\n"
	                          "\n"
	                          "1. Wrong, in 0:07. solve(b) tries b1:\n"
	                          "   will b1 be rejected? You said: no.\n"
	                          "   The answer: yes, by a1.\n"
	                          "2. Skipped: 12 questions from event 8 to\n"
	                          "   2076, passed by a jump.\n"
	                          "3. Right, in 1:04. solve(c): where will\n"
	                          "   the next queen go? You said: c2.\n");
	free(text);
	quiz_log_free(&copy);
	quiz_log_init(&l, 0);
	quiz_log_head(&l, line, sizeof line);
	assert_string_equal(line, "No question was asked; 0:00.");
}

/* The answers in a few words, for the summary. */
static void test_answer_text(void **state)
{
	struct search *s = make(SEARCH_BACKTRACK, 4);
	struct quiz_question q;
	struct quiz_answer a;
	char text[64];

	(void)state;
	search_run(s, 0, 5); /* try b1 */
	assert_true(quiz_ask(s, QUIZ_EVERY_DECISION, &q));
	quiz_truth(&q, &a);
	quiz_answer_text(&q, &a, text, sizeof text);
	assert_string_equal(text, "yes, by a1");
	a = (struct quiz_answer){.yes = true, .sq = {-1, -1}};
	quiz_answer_text(&q, &a, text, sizeof text);
	assert_string_equal(text, "yes");
	a = (struct quiz_answer){.yes = false};
	quiz_answer_text(&q, &a, text, sizeof text);
	assert_string_equal(text, "no");
	search_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_whole_searches),
	        cmocka_unit_test(test_four_queens),
	        cmocka_unit_test(test_two_attackers),
	        cmocka_unit_test(test_returns_and_permute),
	        cmocka_unit_test(test_parse_and_score),
	        cmocka_unit_test(test_read),
	        cmocka_unit_test(test_narration_keeps_answers),
	        cmocka_unit_test(test_log),
	        cmocka_unit_test(test_answer_text),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
