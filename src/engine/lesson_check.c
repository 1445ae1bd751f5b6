/* Lesson scripts checked: each step's search run to where its keys say, and measured. */
#include "config.h"

#include "engine/lesson.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/board.h"
#include "engine/errmsg.h"
#include "engine/known.h"
#include "engine/lesson_parts.h"

/* Events between two words to the progress callback while a search runs. */
#define TICK_EVENTS ((uint64_t)1 << 20)

/* The check's state: the search of the step before, kept when the next is the same. */
struct checker {
	struct lesson_teller ps;
	struct search *s;
	const struct lesson_step *made_for;
	char what[128]; /* the search in the lesson's words: "watch 4 first" */
	lesson_progress progress;
	void *pctx;
	int step, nsteps; /* the step checked (from 1), of how many */
	/* The budget: what the Watch steps before this one ran (each from its
	 * search's start), how far this step's search may go, how far it went. */
	uint64_t used, limit, reach;
	uint64_t ticked; /* events since the progress was last told */
	bool over;       /* the budget ran out: the Watch steps after are not checked */
	enum lesson_code code; /* the listing the step shows, as the steps say it */
};

static void tick(struct checker *ck)
{
	ck->ticked = 0;
	if (ck->progress)
		ck->progress(ck->pctx, ck->step, ck->nsteps);
}

/* How a walk of the search ended. */
enum walk {
	WALK_HIT,   /* at what it looked for */
	WALK_END,   /* the search was over first */
	WALK_LIMIT, /* the step's limit came first */
};

/* What a walk looks for. */
enum walk_to {
	WALK_TO_EVENT, /* event arg */
	WALK_TO_KINDS, /* an event of a kind in the mask arg */
	WALK_TO_DEPTH, /* a stack less than arg frames deep: the call under way returns */
	WALK_TO_LINE,  /* an event that lights pseudocode line arg */
	WALK_TO_END,   /* the end */
};

static bool walk_hit(const struct search *s, enum walk_to to, uint64_t arg)
{
	switch (to) {
	case WALK_TO_EVENT:
		return search_counters(s)->events == arg;
	case WALK_TO_KINDS:
		return (arg & (1u << search_last(s)->kind)) != 0;
	case WALK_TO_DEPTH:
		return (uint64_t)search_stack(s, NULL) < arg;
	case WALK_TO_LINE:
		return (uint64_t)search_line(s) == arg;
	default:
		return false;
	}
}

/*
 * Runs the step's search on from where it is to what to names, to its end,
 * or to event limit (or the step's own limit, the budget left), whichever
 * comes first, telling the progress on the way.  Every search the check
 * runs goes through here, so that the budget bounds them all.
 */
static enum walk walk(struct checker *ck, enum walk_to to, uint64_t arg, uint64_t limit)
{
	struct search *s = ck->s;
	uint64_t at = search_counters(s)->events;

	if (limit > ck->limit)
		limit = ck->limit;
	/* Back (to where the step opens) is a snapshot away, not a replay. */
	if (to == WALK_TO_EVENT && arg <= at) {
		search_seek(s, arg);
		return WALK_HIT;
	}
	for (;;) {
		if (at >= limit)
			return WALK_LIMIT;
		if (!search_step(s))
			return WALK_END;
		at++;
		if (at > ck->reach)
			ck->reach = at;
		if (++ck->ticked == TICK_EVENTS)
			tick(ck);
		if (walk_hit(s, to, arg))
			return WALK_HIT;
	}
}

static bool same_search(const struct lesson_step *a, const struct lesson_step *b)
{
	return a->n == b->n && a->algo == b->algo && a->first == b->first &&
	       a->has_from == b->has_from &&
	       (!a->has_from ||
	        memcmp(a->from, b->from, (size_t)a->n * sizeof *a->from) == 0);
}

/* The step's search at its start; NULL (told) when it cannot be made. */
static struct search *step_search(struct checker *ck, const struct lesson_step *st)
{
	char err[256];

	if (ck->s && ck->made_for && same_search(ck->made_for, st)) {
		search_seek(ck->s, 0);
		ck->made_for = st;
		return ck->s;
	}
	search_free(ck->s);
	ck->made_for = NULL;
	ck->s = search_new_from(st->algo, st->n, st->first ? SEARCH_FIRST : SEARCH_ALL, 1,
	                        st->has_from ? st->from : NULL, err, sizeof err);
	if (!ck->s) {
		char why[400];

		errmsg_set(why, sizeof why, "show: %s", err);
		lesson_tell(&ck->ps, st->show_line ? st->show_line : st->line, why);
		return NULL;
	}
	ck->made_for = st;
	snprintf(ck->what, sizeof ck->what, "watch %d%s%s%s%s", st->n,
	         st->algo == SEARCH_BACKTRACK ? "" : " ",
	         st->algo == SEARCH_BACKTRACK ? "" : search_algo_name(st->algo),
	         st->first ? " first" : "", st->has_from ? " from ..." : "");
	return ck->s;
}

/*
 * "the search of watch 4 ends at event 169", or that it runs past the
 * budget; the search is left at its end.
 */
static void say_end(struct checker *ck, char *buf, size_t len)
{
	if (walk(ck, WALK_TO_END, 0, UINT64_MAX) == WALK_END)
		snprintf(buf, len, "the search of %s ends at event %" PRIu64, ck->what,
		         search_counters(ck->s)->events);
	else
		snprintf(buf, len,
		         "the search of %s runs past the %u events a lesson runs",
		         ck->what, LESSON_BUDGET);
}

/* The keys of a step the budget can run out at. */
enum budget_key { LESSON_BUDGET_RUN, LESSON_BUDGET_UNTIL, LESSON_BUDGET_ASK };

/* The key as the lesson writes it: "run: 500", "until: solution", "ask: 2". */
static void key_words(const struct lesson_step *st, enum budget_key k, char *buf,
                      size_t len)
{
	static const char *const until[] = {
	        [LESSON_UNTIL_RETURN] = "return",
	        [LESSON_UNTIL_SOLUTION] = "solution",
	        [LESSON_UNTIL_EVENT] = "event",
	        [LESSON_UNTIL_LINE] = "line",
	};

	if (k == LESSON_BUDGET_RUN && st->run == LESSON_RUN_EVENTS)
		snprintf(buf, len, "run: %" PRIu64, st->events);
	else if (k == LESSON_BUDGET_RUN)
		snprintf(buf, len, "run: %s",
		         st->run == LESSON_RUN_SOLUTION ? "solution" : "end");
	else if (k == LESSON_BUDGET_UNTIL && st->until >= LESSON_UNTIL_EVENT)
		snprintf(buf, len, "until: %s %" PRIu64, until[st->until], st->until_arg);
	else if (k == LESSON_BUDGET_UNTIL)
		snprintf(buf, len, "until: %s", until[st->until]);
	else
		snprintf(buf, len, "ask: %d", st->ask);
}

/*
 * The budget runs out at step ck->step, at its key k (on line): told once,
 * with what the steps before it ran (at least, when only the events run:
 * and until: name are counted) and what k needs more (need, or 0 when it
 * is more than what is left); the Watch steps after it are not checked.
 */
static void over_budget(struct checker *ck, const struct lesson_step *st,
                        enum budget_key k, uint64_t need, bool at_least)
{
	char why[600], key[64], more[96];
	int line = k == LESSON_BUDGET_RUN     ? st->run_line
	           : k == LESSON_BUDGET_UNTIL ? st->until_line
	                                      : st->ask_line;

	key_words(st, k, key, sizeof key);
	if (need)
		snprintf(more, sizeof more, "%" PRIu64 " more", need);
	else
		snprintf(more, sizeof more, "more than the %" PRIu64 " left",
		         LESSON_BUDGET - ck->used);
	errmsg_set(why, sizeof why,
	           "step %d passes the lesson's budget of %u events (its Watch "
	           "steps' searches together, each from its start): the steps "
	           "before it run %s%" PRIu64 ", its %s needs %s%s",
	           ck->step, LESSON_BUDGET, at_least ? "at least " : "", ck->used, key,
	           more,
	           at_least                ? "; no search is run"
	           : ck->step < ck->nsteps ? "; the steps after it are not checked"
	                                   : "");
	lesson_tell(&ck->ps, line ? line : st->line, why);
	ck->over = true;
}

/*
 * What a step needs of the budget before its search runs: the furthest of
 * the events its run: and until: name, and which of them it is.
 */
static uint64_t step_need(const struct lesson_step *st, enum budget_key *k)
{
	uint64_t need = 0;

	*k = LESSON_BUDGET_RUN;
	if (st->run == LESSON_RUN_EVENTS)
		need = st->events;
	if (st->until == LESSON_UNTIL_EVENT && st->until_arg > need) {
		need = st->until_arg;
		*k = LESSON_BUDGET_UNTIL;
	}
	return need;
}

/* A walk stopped short at the limit: over the budget when steps before spent some. */
static bool budget_spent(struct checker *ck, enum walk w)
{
	return w == WALK_LIMIT && ck->used > 0;
}

/* Where run: opens the step; false (told) when it cannot. */
static bool check_run(struct checker *ck, struct lesson_step *st)
{
	struct search *s = ck->s;
	char why[512], end[256];
	enum walk w;

	switch (st->run) {
	case LESSON_RUN_NONE:
		st->at = 0;
		return true;
	case LESSON_RUN_EVENTS:
		w = walk(ck, WALK_TO_EVENT, st->events, UINT64_MAX);
		if (w == WALK_HIT) {
			st->at = st->events;
			return true;
		}
		if (budget_spent(ck, w))
			break;
		say_end(ck, end, sizeof end);
		errmsg_set(why, sizeof why, "run: %" PRIu64 " is past the end: %s",
		           st->events, end);
		break;
	case LESSON_RUN_SOLUTION:
		w = walk(ck, WALK_TO_KINDS, 1u << SEARCH_EV_SOLUTION, UINT64_MAX);
		if (w == WALK_HIT) {
			st->at = search_counters(s)->events;
			return true;
		}
		if (budget_spent(ck, w))
			break;
		say_end(ck, end, sizeof end);
		errmsg_set(why, sizeof why, "run: solution, but no solution comes: %s",
		           end);
		break;
	default:
		w = walk(ck, WALK_TO_END, 0, UINT64_MAX);
		if (w == WALK_END) {
			st->at = search_counters(s)->events;
			return true;
		}
		if (budget_spent(ck, w))
			break;
		say_end(ck, end, sizeof end);
		errmsg_set(why, sizeof why, "run: end: %s", end);
		break;
	}
	if (budget_spent(ck, w))
		over_budget(ck, st, LESSON_BUDGET_RUN, 0, false);
	else
		lesson_tell(&ck->ps, st->run_line, why);
	return false;
}

/* Where until: stops the step, played from st->at; false (told) when it cannot. */
static bool check_until(struct checker *ck, struct lesson_step *st)
{
	struct search *s = ck->s;
	char why[600], end[256];
	const struct search_frame *fr;
	int depth;
	enum walk w = WALK_END;

	walk(ck, WALK_TO_EVENT, st->at, UINT64_MAX);
	switch (st->until) {
	case LESSON_UNTIL_NONE:
		return true;
	case LESSON_UNTIL_EVENT:
		if (st->until_arg <= st->at) {
			errmsg_set(why, sizeof why,
			           "until: event %" PRIu64 " is not after event %" PRIu64
			           ", where the step opens",
			           st->until_arg, st->at);
			break;
		}
		w = walk(ck, WALK_TO_EVENT, st->until_arg, UINT64_MAX);
		if (w == WALK_HIT) {
			st->until_at = st->until_arg;
			return true;
		}
		if (budget_spent(ck, w))
			break;
		say_end(ck, end, sizeof end);
		errmsg_set(why, sizeof why,
		           "until: event %" PRIu64 " is past the end: %s", st->until_arg,
		           end);
		break;
	case LESSON_UNTIL_SOLUTION:
		w = walk(ck, WALK_TO_KINDS, 1u << SEARCH_EV_SOLUTION, UINT64_MAX);
		if (w == WALK_HIT) {
			st->until_at = search_counters(s)->events;
			return true;
		}
		if (budget_spent(ck, w))
			break;
		say_end(ck, end, sizeof end);
		errmsg_set(why, sizeof why,
		           "until: solution, but no solution comes after event %" PRIu64
		           ": %s",
		           st->at, end);
		break;
	case LESSON_UNTIL_RETURN: {
		char call[16];

		depth = search_stack(s, &fr);
		if (depth == 0) {
			errmsg_set(why, sizeof why,
			           "until: return, but no call is under way at event "
			           "%" PRIu64 ", where the step opens",
			           st->at);
			break;
		}
		board_file_name(fr[depth - 1].file, call, sizeof call);
		w = walk(ck, WALK_TO_DEPTH, (uint64_t)depth, UINT64_MAX);
		if (w == WALK_HIT && search_last(s)->kind == SEARCH_EV_RETURN) {
			st->until_at = search_counters(s)->events;
			return true;
		}
		if (budget_spent(ck, w))
			break;
		say_end(ck, end, sizeof end);
		errmsg_set(why, sizeof why,
		           "until: return, but solve(%s), under way at event %" PRIu64
		           ", never returns: %s",
		           call, st->at, end);
		break;
	}
	default:
		w = walk(ck, WALK_TO_LINE, st->until_arg, UINT64_MAX);
		if (w == WALK_HIT) {
			st->until_at = search_counters(s)->events;
			return true;
		}
		if (budget_spent(ck, w))
			break;
		say_end(ck, end, sizeof end);
		errmsg_set(why, sizeof why,
		           "until: line %" PRIu64 ": no event after event %" PRIu64
		           " lights line %" PRIu64 " of the %s pseudocode (%s)",
		           st->until_arg, st->at, st->until_arg,
		           search_algo_name(st->algo), end);
		break;
	}
	if (budget_spent(ck, w))
		over_budget(ck, st, LESSON_BUDGET_UNTIL, 0, false);
	else
		lesson_tell(&ck->ps, st->until_line, why);
	return false;
}

/* The line of the say: that holds byte at of the step's text. */
static int say_line_of(const struct lesson_step *st, long at)
{
	int line = st->nsays ? st->say_line[0] : st->line;

	for (int i = 0; i < st->nsays; i++)
		if (st->say_at[i] <= at)
			line = st->say_line[i];
	return line;
}

/* Where phrase stands in text as whole words, in any case: its offset, or -1. */
static long find_words(const char *text, const char *phrase)
{
	size_t len = strlen(phrase);

	for (const char *p = text; *p; p++)
		if (strncasecmp(p, phrase, len) == 0 &&
		    (p == text || !isalnum((unsigned char)p[-1])) &&
		    !isalnum((unsigned char)p[len]))
			return (long)(p - text);
	return -1;
}

/*
 * A Watch step's words that name a panel projector mode hides, unless
 * its keep: line keeps it there: the class would look for what is not
 * on the screen.
 */
static void check_panels(struct checker *ck, const struct lesson_step *st)
{
	char why[256];

	for (size_t i = 0; i < LESSON_PANEL_NAMES; i++) {
		long at = -1;

		if (st->keep & lesson_panel_names[i].panel)
			continue;
		for (int k = 0; k < 3 && lesson_panel_names[i].words[k] && at < 0; k++)
			at = find_words(st->text, lesson_panel_names[i].words[k]);
		if (at < 0)
			continue;
		errmsg_set(why, sizeof why,
		           "the words name the %s, which --big hides (keep: %s keeps "
		           "%s in projector mode)",
		           lesson_panel_names[i].name, lesson_panel_names[i].name,
		           lesson_panel_names[i].panel == LESSON_PANEL_COUNTERS ? "them"
		                                                                : "it");
		lesson_tell(&ck->ps, say_line_of(st, at), why);
	}
}

/*
 * A Watch step's words name the calls as the step's listing does: the
 * pseudocode by file letter (solve(b)), the programs by number from 0
 * (solve(1)).  Words naming solve(b) beside Python send the class looking
 * for a call the screen does not show.
 */
static void check_calls(struct checker *ck, const struct lesson_step *st)
{
	bool program = ck->code > LESSON_CODE_PSEUDOCODE;
	char why[256];

	for (const char *p = st->text; (p = strstr(p, "solve(")) != NULL; p++) {
		const char *arg = p + strlen("solve("), *end = arg;
		bool letter = false, digits = false;

		if (isalpha((unsigned char)*end) && end[1] == ')') {
			letter = true;
			end++;
		} else {
			while (isdigit((unsigned char)*end))
				end++;
			digits = end > arg && *end == ')';
		}
		if (!(program ? letter : digits))
			continue;
		if (program)
			errmsg_set(why, sizeof why,
			           "the words say solve(%.*s), but the step shows the %s "
			           "program, which numbers its calls from 0 (solve(0), "
			           "solve(1))",
			           (int)(end - arg), arg, lesson_code_name(ck->code));
		else
			errmsg_set(why, sizeof why,
			           "the words say solve(%.*s), but the step shows the "
			           "pseudocode, which names its calls by file (solve(a), "
			           "solve(b))",
			           (int)(end - arg), arg);
		lesson_tell(&ck->ps, say_line_of(st, (long)(p - st->text)), why);
		return;
	}
}

/*
 * Question k of a step, whose answer is sq (named: the question names
 * the call, so that a rank alone answers it), must not be answered by
 * the step's own words: its square, or "rank K" as the listing shown
 * counts (from 1 in the pseudocode, which a step naming none shows).
 */
static void check_answer(struct checker *ck, const struct lesson_step *st, int k,
                         struct square sq, bool named)
{
	char said[32], why[400];
	long at;

	board_square_name(sq, said, sizeof said);
	at = find_words(st->text, said);
	for (int from = 0; named && at < 0 && from < 2; from++) {
		/* from: 0 counts ranks from 0, as the programs; 1 from 1. */
		if ((from == 0 && ck->code <= LESSON_CODE_PSEUDOCODE) ||
		    (from == 1 && ck->code > LESSON_CODE_PSEUDOCODE))
			continue;
		snprintf(said, sizeof said, "rank %d", sq.rank + from);
		at = find_words(st->text, said);
	}
	if (at < 0)
		return;
	if (st->ask > 1)
		errmsg_set(why, sizeof why,
		           "the words say %s, the answer to question %d of ask: %d (a "
		           "question's own words must not give its answer away)",
		           said, k, st->ask);
	else
		errmsg_set(why, sizeof why,
		           "the words say %s, the answer to the step's question (a "
		           "question's own words must not give its answer away)",
		           said);
	lesson_tell(&ck->ps, say_line_of(st, at), why);
}

/*
 * Each question needs a queen still to place: ask: Q takes Q placements
 * after st->at, each asked where the one before it was placed (as the
 * Lesson screen asks them), and none answered by the step's words.
 * False when the budget ran out (the rest is not checked).
 */
static bool check_ask(struct checker *ck, struct lesson_step *st)
{
	char why[512];
	int placed = 0;
	enum walk w = WALK_HIT;

	walk(ck, WALK_TO_EVENT, st->at, UINT64_MAX);
	while (placed < st->ask) {
		const struct search_frame *fr;
		int depth = search_stack(ck->s, &fr),
		    top = depth > 0 ? fr[depth - 1].file : -1;
		struct square sq;

		w = walk(ck, WALK_TO_KINDS, 1u << SEARCH_EV_PLACE, UINT64_MAX);
		if (w != WALK_HIT)
			break;
		sq = search_last(ck->s)->sq;
		placed++;
		check_answer(ck, st, placed, sq, top == sq.file);
	}
	if (placed == st->ask)
		return true;
	if (budget_spent(ck, w)) {
		over_budget(ck, st, LESSON_BUDGET_ASK, 0, false);
		return false;
	}
	if (placed == 0)
		errmsg_set(why, sizeof why,
		           "ask: %d, but after event %" PRIu64
		           " the search places no more queens",
		           st->ask, st->at);
	else
		errmsg_set(why, sizeof why,
		           "ask: %d, but after event %" PRIu64
		           " the search places only %d more queen%s",
		           st->ask, st->at, placed, placed == 1 ? "" : "s");
	lesson_tell(&ck->ps, st->ask_line, why);
	return true;
}

static void check_watch(struct checker *ck, struct lesson_step *st)
{
	char why[256];
	enum budget_key k;
	uint64_t need = step_need(st, &k);

	ck->reach = 0;
	if (st->n < search_min_n(st->algo) || st->n > search_max_n(st->algo)) {
		errmsg_set(why, sizeof why, "show: %s takes boards from %d to %d",
		           search_algo_name(st->algo), search_min_n(st->algo),
		           search_max_n(st->algo));
		lesson_tell(&ck->ps, st->show_line, why);
		return;
	}
	/* What run: and until: name is refused before the search runs to it. */
	if (ck->used > 0 && need > LESSON_BUDGET - ck->used) {
		over_budget(ck, st, k, need, false);
		return;
	}
	ck->limit = LESSON_BUDGET - ck->used;
	tick(ck);
	if (!step_search(ck, st) || !check_run(ck, st))
		return;
	if (st->until && !check_until(ck, st))
		return;
	if (st->ask && !check_ask(ck, st))
		return;
	if (st->play) {
		/* The end is looked for as far as a class would watch, not further. */
		walk(ck, WALK_TO_EVENT, st->at, UINT64_MAX);
		walk(ck, WALK_TO_END, 0, st->at + LESSON_PLAY_AHEAD);
		st->end = search_counters(ck->s)->events;
	}
}

/* A solution or class number past the last is refused, not shown as the last. */
static void check_browse(struct checker *ck, const struct lesson_step *st)
{
	uint64_t total, classes, have;
	char why[256];

	if (!st->index || !known_counts(st->n, &total, &classes))
		return;
	have = st->classes ? classes : total;
	if (st->index <= have)
		return;
	if (have == 0)
		errmsg_set(why, sizeof why,
		           "show: browse %d #%" PRIu64
		           ": the %dx%d board has no solution",
		           st->n, st->index, st->n, st->n);
	else
		errmsg_set(why, sizeof why,
		           "show: browse %d #%" PRIu64
		           "%s: the %dx%d board has only %" PRIu64 " %s%s",
		           st->n, st->index, st->classes ? " classes" : "", st->n, st->n,
		           have, st->classes ? "class" : "solution",
		           have == 1     ? ""
		           : st->classes ? "es"
		                         : "s");
	lesson_tell(&ck->ps, st->show_line, why);
}

/*
 * The events run: and until: name, summed over the Watch steps before any
 * search runs: a lesson past its budget on these alone is refused at
 * once, at the step that passes it, and none of its searches is run.
 */
static bool budget_known(struct checker *ck, const struct lesson *l)
{
	uint64_t used = 0;

	for (int i = 0; i < l->nsteps; i++) {
		const struct lesson_step *st = &l->steps[i];
		enum budget_key k;
		uint64_t need;

		if (st->screen != LESSON_WATCH)
			continue;
		need = step_need(st, &k);
		if (used > 0 && need > LESSON_BUDGET - used) {
			ck->step = i + 1;
			ck->used = used;
			over_budget(ck, st, k, need, true);
			return false;
		}
		used = need < LESSON_BUDGET - used ? used + need : LESSON_BUDGET;
	}
	return true;
}

int lesson_check(struct lesson *l, const char *name, lesson_report report, void *ctx)
{
	return lesson_check_shown(l, name, report, ctx, NULL, NULL);
}

int lesson_check_shown(struct lesson *l, const char *name, lesson_report report,
                       void *ctx, lesson_progress progress, void *pctx)
{
	struct checker ck = {.ps = {.name = name, .report = report, .ctx = ctx},
	                     .progress = progress,
	                     .pctx = pctx,
	                     .nsteps = l->nsteps};

	budget_known(&ck, l);
	ck.used = 0;
	for (int i = 0; i < l->nsteps; i++) {
		struct lesson_step *st = &l->steps[i];

		st->at = st->until_at = st->end = 0;
		ck.step = i + 1;
		if (st->code != LESSON_CODE_DEFAULT)
			ck.code = st->code;
		if (st->screen == LESSON_WATCH) {
			check_panels(&ck, st);
			check_calls(&ck, st);
		}
		if (st->screen == LESSON_WATCH && !ck.over) {
			check_watch(&ck, st);
			ck.used += ck.reach;
		} else if (st->screen == LESSON_BROWSE) {
			check_browse(&ck, st);
		}
	}
	search_free(ck.s);
	return ck.ps.errors;
}

/* Words in a text: runs of characters between blanks. */
static unsigned words(const char *s)
{
	unsigned k = 0;

	for (; *s; s++)
		k += !isspace((unsigned char)*s) &&
		     (s[1] == '\0' || isspace((unsigned char)s[1]));
	return k;
}

unsigned lesson_measure(const struct lesson *l)
{
	/* Seconds: read aloud at 100 words a minute, as lesson.h says. */
	unsigned words_said = 0, seconds = 0;

	for (int i = 0; i < l->nsteps; i++) {
		const struct lesson_step *st = &l->steps[i];
		uint64_t speed = st->speed ? (uint64_t)st->speed : 20, played = 0;

		words_said += words(st->text);
		seconds += 60u * (unsigned)st->ask;
		if (st->screen == LESSON_PLAY)
			seconds += 180;
		else if (st->screen == LESSON_BROWSE)
			seconds += 20;
		else if (st->screen == LESSON_RACE)
			seconds += 60;
		if (st->until_at > st->at)
			played = st->until_at - st->at;
		else if (st->play && st->end > st->at)
			played = st->end - st->at;
		seconds += (unsigned)((played + speed - 1) / speed);
	}
	return seconds + (words_said * 60 + 99) / 100;
}
