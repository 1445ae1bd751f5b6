/* The stepping engine's events in words: trace's lines, and the narration for students.
 */
#include "config.h"

#include "engine/search.h"
#include "engine/errmsg.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* The name of solve's call on a file: "solve(c)", or "solve(2)" as a program names it. */
static const char *call_name(const struct search_words *how, int file, char *buf,
                             size_t len);

size_t search_describe(const struct search *s, char *buf, size_t len)
{
	return search_describe_as(s, NULL, buf, len);
}

size_t search_describe_as(const struct search *s, const struct search_words *how,
                          char *buf, size_t len)
{
	static const struct search_words pseudocode = {0};
	const struct search_event *ev = search_last(s);
	char a[32], b[32];
	size_t at = 0;

	if (len)
		buf[0] = '\0';
	board_square_name(ev->sq, a, sizeof a);
	switch (ev->kind) {
	case SEARCH_EV_TRY:
		errmsg_add(buf, len, &at, "try %s", a);
		break;
	case SEARCH_EV_REJECT:
		board_square_name(ev->attacker, b, sizeof b);
		errmsg_add(buf, len, &at, "reject %s: attacked by %s along %s", a, b,
		           board_line_phrase(ev->line));
		break;
	case SEARCH_EV_PLACE:
		errmsg_add(buf, len, &at, "place %s", a);
		break;
	case SEARCH_EV_ENTER:
	case SEARCH_EV_RETURN:
		call_name(how ? how : &pseudocode, ev->file, b, sizeof b);
		errmsg_add(buf, len, &at, "%s%s",
		           ev->kind == SEARCH_EV_ENTER ? "enter " : "return from ", b);
		break;
	case SEARCH_EV_SOLUTION:
		errmsg_add(buf, len, &at, "solution %" PRIu64 ": ", ev->solution);
		at += board_format_ranks(search_n(s), search_ranks(s),
		                         at < len ? buf + at : NULL,
		                         at < len ? len - at : 0);
		break;
	case SEARCH_EV_REMOVE:
		errmsg_add(buf, len, &at, "remove %s", a);
		break;
	case SEARCH_EV_MOVE:
		board_square_name(ev->from, b, sizeof b);
		errmsg_add(buf, len, &at, "move %s to %s: %" PRIu64 " conflict%s", b, a,
		           ev->conflicts, ev->conflicts == 1 ? "" : "s");
		break;
	case SEARCH_EV_DONE: {
		uint64_t found = search_counters(s)->solutions;

		errmsg_add(buf, len, &at, "done: %" PRIu64 " solution%s", found,
		           found == 1 ? "" : "s");
		break;
	}
	default:
		break;
	}
	return at;
}

static const char *call_name(const struct search_words *how, int file, char *buf,
                             size_t len)
{
	char f[16];

	if (how->numbered)
		snprintf(f, sizeof f, "%d", file);
	else
		board_file_name(file, f, sizeof f);
	snprintf(buf, len, "solve(%s)", f);
	return buf;
}

/* A rank's number as the listing counts: from 1, or from 0 in a program. */
static int rank_number(const struct search_words *how, int rank)
{
	return how->numbered ? rank : rank + 1;
}

/* The queens on the files before file, as a phrase: "the queens on a1 and b3". */
static void queens_before(const struct search *s, int file, char *buf, size_t len)
{
	const int *ranks = search_ranks(s);
	int count = 0, shown = 0;
	size_t at = 0;

	for (int f = 0; f < search_n(s); f++)
		count += f != file && ranks[f] >= 0;
	if (count == 0) {
		snprintf(buf, len, "no queen yet");
		return;
	}
	if (count > 3) {
		snprintf(buf, len, "the %d queens placed", count);
		return;
	}
	errmsg_add(buf, len, &at, "the queen%s on", count > 1 ? "s" : "");
	for (int f = 0; f < search_n(s); f++) {
		char sq[32];

		if (f == file || ranks[f] < 0)
			continue;
		board_square_name((struct square){f, ranks[f]}, sq, sizeof sq);
		errmsg_add(buf, len, &at, "%s %s",
		           shown == 0           ? ""
		           : shown + 1 == count ? " and"
		                                : ",",
		           sq);
		shown++;
	}
}

static int queens_placed(const struct search *s)
{
	int count = 0;

	for (int f = 0; f < search_n(s); f++)
		count += search_ranks(s)[f] >= 0;
	return count;
}

/* What a tree search's event is told from, gathered once for every kind. */
struct tree_told {
	const struct search *s;
	const struct search_words *how;
	const struct search_event *ev;
	const struct search_frame *fr; /* the calls on the stack, depth of them */
	struct search_level lv[64];
	enum search_algo a;
	int depth, n;
	bool full;   /* false: the first sentence alone */
	char sq[32]; /* the event's square */
};

static void tree_enter(const struct tree_told *t, char *buf, size_t len, size_t *at)
{
	char me[32], by[32], other[32];

	call_name(t->how, t->ev->file, me, sizeof me);
	board_file_name(t->ev->file, by, sizeof by);
	if (t->depth < 2) {
		errmsg_add(buf, len, at,
		           "The search begins: %s places the queen of its file.", me);
		if (t->full)
			errmsg_add(buf, len, at,
			           " Its loop will try the ranks one by one, "
			           "from %d up.",
			           rank_number(t->how, 0));
		return;
	}
	call_name(t->how, t->fr[t->depth - 2].file, other, sizeof other);
	errmsg_add(buf, len, at, "%s calls %s to place the queen of file %s.", other, me,
	           by);
	if (t->full && t->a == SEARCH_PERMUTE)
		errmsg_add(buf, len, at,
		           " %s will try the ranks of file %s one by one, from "
		           "%d up, refusing first those an earlier file uses, "
		           "and return to %s when it has tried them all.",
		           me, by, rank_number(t->how, 0), other);
	else if (t->full)
		errmsg_add(buf, len, at,
		           " %s will try the ranks of file %s one by one, from "
		           "%d up, "
		           "and return to %s when it has tried them all.",
		           me, by, rank_number(t->how, 0), other);
}

static void tree_try(const struct tree_told *t, char *buf, size_t len, size_t *at)
{
	char me[32], around[128];

	call_name(t->how, t->ev->sq.file, me, sizeof me);
	queens_before(t->s, t->ev->sq.file, around, sizeof around);
	errmsg_add(buf, len, at, "%s tries %s.", me, t->sq);
	if (!t->full)
		return;
	/* Asked whether it is refused, the class is not told it is not. */
	if (strcmp(around, "no queen yet") == 0 && t->how->asking)
		errmsg_add(buf, len, at,
		           " Its rank and both diagonals must be free of every "
		           "queen on the board.");
	else if (strcmp(around, "no queen yet") == 0)
		errmsg_add(buf, len, at,
		           " No queen stands yet, so nothing can attack it.");
	else if (t->a == SEARCH_PERMUTE)
		errmsg_add(buf, len, at,
		           " First: does an earlier file use rank %d? If not, "
		           "does a queen there share a diagonal with %s?",
		           rank_number(t->how, t->ev->sq.rank), around);
	else if (t->a == SEARCH_SCAN)
		errmsg_add(buf, len, at,
		           " safe() will look along its rank and both diagonals, "
		           "square by square, for %s.",
		           around);
	else
		errmsg_add(buf, len, at,
		           " Its rank and both diagonals must be free of %s.", around);
}

static void tree_reject(const struct tree_told *t, char *buf, size_t len, size_t *at)
{
	const struct search_event *ev = t->ev;
	char me[32], by[32];

	call_name(t->how, ev->sq.file, me, sizeof me);
	board_square_name(ev->attacker, by, sizeof by);
	errmsg_add(buf, len, at, "%s is attacked by the queen on %s, along %s.", t->sq,
	           by, board_line_phrase(ev->line));
	if (!t->full)
		return;
	if (t->a == SEARCH_SCAN)
		errmsg_add(buf, len, at,
		           " Looking square by square along %s, safe() met that "
		           "queen, so a queen on %s would be taken.",
		           board_line_phrase(ev->line), t->sq);
	else if (t->a == SEARCH_PERMUTE && ev->line == BOARD_LINE_RANK)
		errmsg_add(buf, len, at,
		           " An earlier file uses rank %d, so %s passes over "
		           "it without looking at the diagonals.",
		           ev->sq.rank + 1, me);
	else
		errmsg_add(buf, len, at,
		           " A queen there would be taken, so %s is skipped.", t->sq);
	if (t->depth > 0 && t->lv[t->depth - 1].unexplored > 0)
		errmsg_add(buf, len, at, " %s goes on with its next rank.", me);
	else
		errmsg_add(buf, len, at, " That was the last rank left: %s will return.",
		           me);
}

static void tree_place(const struct tree_told *t, char *buf, size_t len, size_t *at)
{
	const struct search_event *ev = t->ev;
	char me[32], by[32], other[32];
	int n = t->n;

	call_name(t->how, ev->sq.file, me, sizeof me);
	errmsg_add(buf, len, at, "%s is free: the queen of its file goes there.", t->sq);
	if (!t->full)
		return;
	errmsg_add(buf, len, at,
	           " %s marks its rank and both diagonals taken, so that no later "
	           "file may use them.",
	           me);
	if (queens_placed(t->s) == n) {
		errmsg_add(buf, len, at, " No file is left empty: the board is full.");
	} else {
		int f = ev->sq.file + 1;

		/* Given queens are passed over: the next call is the next
		 * empty file's. */
		while (f < n && search_ranks(t->s)[f] >= 0)
			f++;
		board_file_name(f, by, sizeof by);
		errmsg_add(buf, len, at, " Next, %s places the queen of ",
		           call_name(t->how, f, other, sizeof other));
		if (f == ev->sq.file + 1)
			errmsg_add(buf, len, at, "the next file.");
		else
			errmsg_add(buf, len, at, "file %s, the next empty one.", by);
	}
}

static void tree_solution(const struct tree_told *t, char *buf, size_t len, size_t *at)
{
	char ranks[256], other[32];
	int n = t->n, depth = t->depth;

	board_format_ranks(n, search_ranks(t->s), ranks, sizeof ranks);
	if (n == 1)
		errmsg_add(buf, len, at,
		           "The one queen stands, and nothing attacks it: "
		           "solution %" PRIu64 ", %s.",
		           t->ev->solution, ranks);
	else
		errmsg_add(buf, len, at,
		           "All %d queens stand and none attacks another: "
		           "solution %" PRIu64 ", %s.",
		           n, t->ev->solution, ranks);
	if (!t->full)
		return;
	if (search_goal(t->s) == SEARCH_FIRST || depth == 0) {
		errmsg_add(buf, len, at,
		           " Only one was wanted, so the search stops here.");
	} else {
		/* The innermost call placed the last queen; it comes off first. */
		board_square_name(
		        (struct square){t->fr[depth - 1].file, t->fr[depth - 1].rank},
		        other, sizeof other);
		errmsg_add(buf, len, at,
		           " It is printed, and the search goes on: next the "
		           "queen on %s comes off.",
		           other);
	}
}

static void tree_remove(const struct tree_told *t, char *buf, size_t len, size_t *at)
{
	int depth = t->depth;
	uint64_t below = depth > 0 ? t->lv[depth - 1].below : 0;
	char me[32], by[32];

	call_name(t->how, t->ev->sq.file, me, sizeof me);
	errmsg_add(buf, len, at, "The queen on %s comes off.", t->sq);
	if (!t->full)
		return;
	if (below)
		errmsg_add(buf, len, at,
		           " Every way on from %s has been tried: %" PRIu64
		           " solution%s held it.",
		           t->sq, below, below == 1 ? "" : "s");
	else
		errmsg_add(buf, len, at,
		           " Every way on from %s has been tried: a dead end, no "
		           "solution holds it.",
		           t->sq);
	if (depth > 0 && t->lv[depth - 1].unexplored > 0) {
		errmsg_add(buf, len, at,
		           " Its lines are freed, and %s tries its next rank.", me);
	} else {
		board_file_name(t->ev->sq.file, by, sizeof by);
		errmsg_add(buf, len, at,
		           " Its lines are freed; that was the last rank of file "
		           "%s, so %s will return.",
		           by, me);
	}
}

static void tree_return(const struct tree_told *t, char *buf, size_t len, size_t *at)
{
	int depth = t->depth;
	char me[32], other[32], sq[32];

	call_name(t->how, t->ev->file, me, sizeof me);
	if (depth == 0) {
		errmsg_add(buf, len, at,
		           "%s has tried every rank of its file: the search is "
		           "over.",
		           me);
		return;
	}
	call_name(t->how, t->fr[depth - 1].file, other, sizeof other);
	errmsg_add(buf, len, at, "%s has tried every rank: it returns to %s.", me, other);
	if (t->full) {
		board_square_name(
		        (struct square){t->fr[depth - 1].file, t->fr[depth - 1].rank}, sq,
		        sizeof sq);
		errmsg_add(buf, len, at,
		           " %s carries on just after its call: next the queen on "
		           "%s comes off.",
		           other, sq);
	}
}

static void tree_done(const struct tree_told *t, char *buf, size_t len, size_t *at)
{
	const struct search_counters *c = search_counters(t->s);

	errmsg_add(buf, len, at, "The search is over: %" PRIu64 " solution%s.",
	           c->solutions, c->solutions == 1 ? "" : "s");
	if (t->full)
		errmsg_add(buf, len, at,
		           " It tested %" PRIu64 " square%s and placed %" PRIu64
		           " queen%s on the way.",
		           c->tested, c->tested == 1 ? "" : "s", c->placed,
		           c->placed == 1 ? "" : "s");
}

/* What a tree search's event means; short is the first sentence alone. */
static size_t explain_tree(const struct search *s, const struct search_words *how,
                           bool full, char *buf, size_t len)
{
	/* Each kind's words, indexed by the event's kind. */
	static void (*const tell[SEARCH_EV_DONE + 1])(const struct tree_told *, char *,
	                                              size_t, size_t *) = {
	        [SEARCH_EV_ENTER] = tree_enter,       [SEARCH_EV_TRY] = tree_try,
	        [SEARCH_EV_REJECT] = tree_reject,     [SEARCH_EV_PLACE] = tree_place,
	        [SEARCH_EV_SOLUTION] = tree_solution, [SEARCH_EV_REMOVE] = tree_remove,
	        [SEARCH_EV_RETURN] = tree_return,     [SEARCH_EV_DONE] = tree_done,
	};
	struct tree_told t = {.s = s, .how = how, .ev = search_last(s), .full = full};
	size_t at = 0;

	t.a = search_algo(s);
	t.depth = search_stack(s, &t.fr);
	t.n = search_n(s);
	search_levels(s, t.lv, 64);
	board_square_name(t.ev->sq, t.sq, sizeof t.sq);
	if ((unsigned)t.ev->kind <= SEARCH_EV_DONE && tell[t.ev->kind])
		tell[t.ev->kind](&t, buf, len, &at);
	return at;
}

/* The ranks of a mask within the board, as "1, 3 and 4" ("none" when empty). */
static void mask_ranks(const struct search_words *how, uint64_t mask, int n, char *buf,
                       size_t len)
{
	int count = 0, shown = 0;
	size_t at = 0;

	for (int r = 0; r < n; r++)
		count += (int)(mask >> r & 1);
	if (len)
		buf[0] = '\0';
	if (count == 0)
		errmsg_add(buf, len, &at, "none");
	for (int r = 0; r < n; r++)
		if (mask >> r & 1)
			errmsg_add(buf, len, &at, "%s%d",
			           shown++ == 0     ? ""
			           : shown == count ? " and "
			                            : ", ",
			           rank_number(how, r));
}

/*
 * The bitmask search says what its masks do; its other events read as
 * backtrack's.  It never tests an attacked square, so it has no refusals.
 */
static size_t explain_bits(const struct search *s, const struct search_words *how,
                           bool full, char *buf, size_t len)
{
	const struct search_event *ev = search_last(s);
	struct search_bits b[64];
	int depth = search_bits(s, b, 64), n = search_n(s);
	char sq[32], me[32], ranks[128];
	size_t at = 0;

	board_square_name(ev->sq, sq, sizeof sq);
	switch (ev->kind) {
	case SEARCH_EV_ENTER:
		call_name(how, ev->file, me, sizeof me);
		mask_ranks(how, b[depth - 1].free, n, ranks, sizeof ranks);
		/* Asked where its queen goes, the class is not told: the lowest. */
		if (how->asking)
			errmsg_add(buf, len, &at, "%s is called.", me);
		else
			errmsg_add(buf, len, &at,
			           "%s is called; the ranks its masks leave free: %s.",
			           me, ranks);
		if (full)
			errmsg_add(
			        buf, len, &at,
			        " Its first line computes free: every rank but those in "
			        "ranks, up and down, the rank and the two diagonals "
			        "of the queens before it: an attacked square is never "
			        "tried.");
		break;
	case SEARCH_EV_TRY:
		call_name(how, ev->sq.file, me, sizeof me);
		errmsg_add(buf, len, &at, "%s picks %s, the lowest rank left in free.",
		           me, sq);
		if (full)
			errmsg_add(buf, len, &at,
			           " free & -free keeps only the lowest set bit; the bit "
			           "is taken out of free, so the loop never picks it "
			           "again.");
		break;
	case SEARCH_EV_PLACE:
		call_name(how, ev->sq.file, me, sizeof me);
		errmsg_add(buf, len, &at, "%s is free: the queen of its file goes there.",
		           sq);
		if (full && ev->sq.file == n - 1) {
			errmsg_add(buf, len, &at,
			           " It is the last file: every file holds a queen.");
		} else if (full) {
			char callee[32];

			call_name(how, ev->sq.file + 1, callee, sizeof callee);
			errmsg_add(buf, len, &at,
			           " %s hands its bit to %s in the masks it passes: "
			           "ranks | bit, and up and down with the bit, "
			           "shifted a rank up and down for the file after.",
			           me, callee);
		}
		break;
	case SEARCH_EV_REMOVE:
		call_name(how, ev->sq.file, me, sizeof me);
		errmsg_add(buf, len, &at, "The queen on %s comes off.", sq);
		if (full)
			errmsg_add(buf, len, &at,
			           " There is nothing to undo: only the calls below "
			           "were given its bit, and %s's own masks never held "
			           "it. The loop goes on with what is left in free.",
			           me);
		break;
	case SEARCH_EV_RETURN: {
		const struct search_frame *fr;
		char other[32];
		int d = search_stack(s, &fr);

		call_name(how, ev->file, me, sizeof me);
		if (d == 0) {
			errmsg_add(buf, len, &at,
			           "free is empty: %s returns, and the search is over.",
			           me);
			break;
		}
		call_name(how, fr[d - 1].file, other, sizeof other);
		errmsg_add(buf, len, &at, "free is empty: %s returns to %s.", me, other);
		if (full)
			errmsg_add(buf, len, &at,
			           " %s goes on with what is left in its own free set.",
			           other);
		break;
	}
	default:
		return explain_tree(s, how, full, buf, len);
	}
	return at;
}

/* Repair and the construction, which follow a plan instead of a tree. */
static size_t explain_plan(const struct search *s, bool full, char *buf, size_t len)
{
	const struct search_event *ev = search_last(s);
	bool repair = search_algo(s) == SEARCH_REPAIR;
	char sq[32], from[32];
	size_t at = 0;

	board_square_name(ev->sq, sq, sizeof sq);
	switch (ev->kind) {
	case SEARCH_EV_PLACE:
		errmsg_add(buf, len, &at, "A queen goes on %s.", sq);
		if (full)
			errmsg_add(
			        buf, len, &at, "%s",
			        repair ? " Repair starts from one queen on each file, on "
			                 "ranks in random order; some may attack each "
			                 "other."
			               : " The construction puts each file's queen on "
			                 "the "
			                 "next rank of its list, the evens, then the "
			                 "odds.");
		break;
	case SEARCH_EV_MOVE:
		board_square_name(ev->from, from, sizeof from);
		errmsg_add(
		        buf, len, &at,
		        "The queen on %s is attacked: it moves to %s, the least attacked "
		        "rank of its file.",
		        from, sq);
		if (full && ev->conflicts)
			errmsg_add(buf, len, &at,
			           " %" PRIu64
			           " pair%s of queens still attack each other.",
			           ev->conflicts, ev->conflicts == 1 ? "" : "s");
		else if (full)
			errmsg_add(buf, len, &at,
			           " No two queens attack each other any more.");
		break;
	case SEARCH_EV_SOLUTION:
		errmsg_add(buf, len, &at,
		           "No queen is attacked: the board is a solution.");
		break;
	case SEARCH_EV_DONE:
		errmsg_add(buf, len, &at, "%s",
		           search_counters(s)->solutions
		                   ? "The search is over."
		                   : "Repair gave up after its moves.");
		break;
	default:
		break;
	}
	return at;
}

size_t search_explain(const struct search *s, bool full, char *buf, size_t len)
{
	return search_explain_as(s, NULL, full, buf, len);
}

size_t search_explain_as(const struct search *s, const struct search_words *how,
                         bool full, char *buf, size_t len)
{
	static const struct search_words pseudocode = {0};

	if (!how)
		how = &pseudocode;
	if (len)
		buf[0] = '\0';
	if (search_algo(s) == SEARCH_BITS)
		return explain_bits(s, how, full, buf, len);
	return search_is_tree(search_algo(s)) ? explain_tree(s, how, full, buf, len)
	                                      : explain_plan(s, full, buf, len);
}

size_t search_format_stats(const struct search *s, char *buf, size_t len)
{
	char line[64];
	size_t at = 0;

	if (len)
		buf[0] = '\0';
	for (int f = 0; f < SEARCH_FIG_COUNT; f++)
		if (f != SEARCH_FIG_DEPTH &&
		    search_figure(s, (enum search_figure)f, line, sizeof line))
			errmsg_add(buf, len, &at, "%s\n", line);
	for (int k = 0; search_figure_nodes(s, k, false, line, sizeof line); k++)
		errmsg_add(buf, len, &at, "%s\n", line);
	return at;
}

bool search_figure(const struct search *s, enum search_figure f, char *buf, size_t len)
{
	static const char *const names[SEARCH_FIG_COUNT] = {
	        [SEARCH_FIG_EVENTS] = "events",       [SEARCH_FIG_TESTED] = "tested",
	        [SEARCH_FIG_EXAMINED] = "examined",   [SEARCH_FIG_PLACED] = "placed",
	        [SEARCH_FIG_REMOVED] = "removed",     [SEARCH_FIG_MOVES] = "moves",
	        [SEARCH_FIG_SOLUTIONS] = "solutions", [SEARCH_FIG_CALLS] = "calls",
	        [SEARCH_FIG_DEPTH] = "depth",
	};
	const struct search_counters *c = search_counters(s);
	enum search_algo a = search_algo(s);
	uint64_t v;

	if (len)
		buf[0] = '\0';
	switch (f) {
	case SEARCH_FIG_EVENTS:
		v = c->events;
		break;
	case SEARCH_FIG_TESTED:
		v = c->tested;
		break;
	case SEARCH_FIG_EXAMINED:
		if (a != SEARCH_SCAN)
			return false;
		v = c->examined;
		break;
	case SEARCH_FIG_PLACED:
		v = c->placed;
		break;
	case SEARCH_FIG_REMOVED:
		v = c->removed;
		break;
	case SEARCH_FIG_MOVES:
		if (a != SEARCH_REPAIR)
			return false;
		v = c->moves;
		break;
	case SEARCH_FIG_SOLUTIONS:
		v = c->solutions;
		break;
	case SEARCH_FIG_CALLS:
		if (!search_nodes(s))
			return false;
		v = c->calls;
		break;
	case SEARCH_FIG_DEPTH:
		/* Repair and construct make no calls: their depth would always be 0. */
		if (!search_nodes(s))
			return false;
		v = (uint64_t)search_stack(s, NULL);
		break;
	default:
		return false;
	}
	snprintf(buf, len, "%s: %" PRIu64, names[f], v);
	return true;
}

bool search_figure_nodes(const struct search *s, int k, bool packed, char *buf,
                         size_t len)
{
	const uint64_t *nodes = search_nodes(s);

	if (len)
		buf[0] = '\0';
	if (!nodes || k < 0 || k > search_n(s))
		return false;
	snprintf(buf, len, packed ? "%d:%" PRIu64 : "nodes %d: %" PRIu64, k, nodes[k]);
	return true;
}
