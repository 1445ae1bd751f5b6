/* Predict mode: what to ask before a tree search's decision, its answer, and why. */
#include "config.h"

#include "engine/quiz.h"
#include "engine/errmsg.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const when_names[QUIZ_WHEN_COUNT] = {
        [QUIZ_EVERY_DECISION] = "every decision",
        [QUIZ_EVERY_PLACEMENT] = "every placement",
        [QUIZ_EVERY_RETURN] = "every return",
};

const char *quiz_when_name(enum quiz_when w)
{
	return w < QUIZ_WHEN_COUNT ? when_names[w] : "?";
}

/* "solve(c)", or "solve(2)" as a program names it, in a buffer of the caller's. */
static const char *call(const struct quiz_question *q, int file, char *buf, size_t len)
{
	char f[16];

	if (q->numbered)
		snprintf(f, sizeof f, "%d", file);
	else
		board_file_name(file, f, sizeof f);
	snprintf(buf, len, "solve(%s)", f);
	return buf;
}

static const char *sqname(struct square sq, char *buf, size_t len)
{
	board_square_name(sq, buf, len);
	return buf;
}

/* The top call's ranks left to try: 0 means its next event is its return. */
static int left_to_try(const struct search *s)
{
	struct search_level lv[QUIZ_MAX_N];
	int depth = search_levels(s, lv, QUIZ_MAX_N);

	return depth > 0 ? lv[depth - 1].unexplored : 0;
}

bool quiz_due(const struct search *s, enum quiz_when when)
{
	enum search_kind k = search_last(s)->kind;
	int depth = search_stack(s, NULL);

	if (!search_is_tree(search_algo(s)) || search_done(s) || depth == 0 ||
	    search_n(s) > QUIZ_MAX_N)
		return false;
	switch (when) {
	case QUIZ_EVERY_PLACEMENT:
		return k == SEARCH_EV_ENTER || k == SEARCH_EV_REMOVE;
	case QUIZ_EVERY_DECISION:
	case QUIZ_EVERY_RETURN:
		/*
		 * A return is a decision too; a tried square only in every
		 * decision, and never in bits, whose picks are all free.
		 */
		if (k == SEARCH_EV_TRY)
			return when == QUIZ_EVERY_DECISION &&
			       search_algo(s) != SEARCH_BITS;
		return (k == SEARCH_EV_REJECT || k == SEARCH_EV_REMOVE ||
		        k == SEARCH_EV_ENTER) &&
		       left_to_try(s) == 0;
	default:
		return false;
	}
}

enum quiz_kind quiz_due_kind(const struct search *s, enum quiz_when when)
{
	enum search_kind k = search_last(s)->kind;

	if (!quiz_due(s, when))
		return QUIZ_NONE;
	if (when == QUIZ_EVERY_PLACEMENT)
		return QUIZ_WHERE;
	return k == SEARCH_EV_TRY ? QUIZ_REJECT : QUIZ_RETURN;
}

bool quiz_ask(struct search *s, enum quiz_when when, struct quiz_question *q)
{
	const struct search_frame *fr;
	const struct search_event *ev;
	int depth = search_stack(s, &fr), n = search_n(s);
	uint64_t at = search_counters(s)->events;
	enum quiz_kind kind = quiz_due_kind(s, when);

	if (kind == QUIZ_NONE)
		return false;
	memset(q, 0, sizeof *q);
	q->kind = kind;
	q->algo = search_algo(s);
	q->n = n;
	q->event = at;
	q->file = fr[depth - 1].file;
	q->from = fr[depth - 1].rank + 1;
	q->caller = -1;
	for (int f = 0; f < n; f++)
		q->ranks[f] = search_ranks(s)[f];
	/* The engine has the truth: step on to the decision, then come back. */
	switch (q->kind) {
	case QUIZ_WHERE:
		while (search_step(s)) {
			ev = search_last(s);
			if (ev->kind == SEARCH_EV_REJECT && q->nrefused < QUIZ_MAX_N) {
				q->refused[q->nrefused++] = (struct quiz_refusal){
				        ev->sq, ev->attacker, ev->line};
			} else if (ev->kind == SEARCH_EV_PLACE) {
				q->yes = true;
				q->answer = ev->sq;
				break;
			} else if (ev->kind != SEARCH_EV_TRY) {
				break; /* its return */
			}
		}
		break;
	case QUIZ_REJECT:
		q->sq = search_last(s)->sq;
		if (search_step(s) && search_last(s)->kind == SEARCH_EV_REJECT) {
			q->yes = true;
			q->answer = search_last(s)->attacker;
			q->line = search_last(s)->line;
		}
		break;
	case QUIZ_RETURN:
		search_step(s);
		depth = search_stack(s, &fr);
		if (depth > 0) {
			q->yes = true;
			q->caller = fr[depth - 1].file;
			q->answer =
			        (struct square){fr[depth - 1].file, fr[depth - 1].rank};
		}
		break;
	default:
		break;
	}
	search_seek(s, at);
	return true;
}

size_t quiz_prompt(const struct quiz_question *q, int part, char *buf, size_t len)
{
	char me[32], sq[32];
	size_t at = 0;

	if (len)
		buf[0] = '\0';
	call(q, q->file, me, sizeof me);
	switch (q->kind) {
	case QUIZ_WHERE:
		errmsg_add(buf, len, &at, "%s: where will the next queen go?", me);
		break;
	case QUIZ_REJECT:
		sqname(q->sq, sq, sizeof sq);
		if (part == 0)
			errmsg_add(buf, len, &at, "%s tries %s: will %s be rejected?", me,
			           sq, sq);
		else
			errmsg_add(buf, len, &at,
			           "%s will be rejected, you say: by which queen?", sq);
		break;
	case QUIZ_RETURN:
		errmsg_add(
		        buf, len, &at,
		        "%s has no rank left to try and returns: which call runs after "
		        "this return?",
		        me);
		break;
	default:
		break;
	}
	return at;
}

/* Whether the queens of q attack sq (from another file); the line into *line. */
static bool attacked_by(const struct quiz_question *q, struct square sq, struct square by,
                        enum board_line *line)
{
	return by.file != sq.file && by.file >= 0 && by.file < q->n &&
	       q->ranks[by.file] == by.rank && board_same_line(by, sq, line);
}

/* The squares refused on the way, the first two named, the others counted. */
static void tell_refusals(const struct quiz_question *q, char *buf, size_t len,
                          size_t *at)
{
	char a[32], b[32];

	for (int i = 0; i < q->nrefused && i < 2; i++)
		errmsg_add(buf, len, at, "%s%s is attacked by %s along %s", i ? "; " : "",
		           sqname(q->refused[i].sq, a, sizeof a),
		           sqname(q->refused[i].by, b, sizeof b),
		           board_line_phrase(q->refused[i].line));
	if (q->nrefused == 3)
		errmsg_add(buf, len, at, "; 1 more square is attacked");
	else if (q->nrefused > 3)
		errmsg_add(buf, len, at, "; %d more squares are attacked",
		           q->nrefused - 2);
	if (q->nrefused > 0)
		errmsg_add(buf, len, at, ". ");
}

/* The loop's order in the words of the listing: ranks from 1, or from 0 in a program. */
static const char *loop_order(const struct quiz_question *q)
{
	/* permute's loop passes every rank too, its first test refusing a used one. */
	return q->algo == SEARCH_BITS ? "the loop picks the lowest rank left in free"
	       : q->numbered          ? "the loop tries the ranks in order, from 0 up"
	                              : "the loop tries the ranks in order, from 1 up";
}

static bool check_where(const struct quiz_question *q, const struct quiz_answer *a,
                        char *buf, size_t len, size_t *at)
{
	char me[32], t[32], s[32], x[32];
	bool right = q->yes ? !a->none && a->sq.file == q->answer.file &&
	                              a->sq.rank == q->answer.rank
	                    : a->none;

	call(q, q->file, me, sizeof me);
	if (q->yes)
		sqname(q->answer, t, sizeof t);
	if (!a->none)
		sqname(a->sq, s, sizeof s);
	if (right) {
		errmsg_add(buf, len, at, "Right. ");
	} else if (a->none) {
		errmsg_add(buf, len, at,
		           "Not none: %s places a queen before it returns. ", me);
	} else if (a->sq.file != q->file) {
		board_file_name(q->file, x, sizeof x);
		errmsg_add(buf, len, at, "Not %s: %s places the queen of file %s. ", s,
		           me, x);
	} else if (a->sq.rank < q->from) {
		sqname((struct square){q->file, q->from - 1}, x, sizeof x);
		errmsg_add(buf, len, at,
		           "Not %s: %s has tried the ranks up to %s already. ", s, me, x);
	} else {
		const struct quiz_refusal *why = NULL;

		for (int i = 0; i < q->nrefused; i++)
			if (q->refused[i].sq.rank == a->sq.rank)
				why = &q->refused[i];
		if (why)
			errmsg_add(buf, len, at,
			           "Not %s: the queen on %s attacks it along %s. ", s,
			           sqname(why->by, x, sizeof x),
			           board_line_phrase(why->line));
		else
			errmsg_add(buf, len, at, "Not %s. ", s);
	}
	tell_refusals(q, buf, len, at);
	if (!q->yes) {
		errmsg_add(buf, len, at,
		           "%s: %s returns without placing a queen, and the queen of the "
		           "call before it comes off.",
		           q->nrefused ? "No rank is left" : "It has no rank left to try",
		           me);
		return right;
	}
	errmsg_add(buf, len, at, "%s is free, and %s, so the queen goes on %s", t,
	           loop_order(q), t);
	if (!right && !a->none && a->sq.file == q->file && a->sq.rank > q->answer.rank)
		errmsg_add(buf, len, at, " before %s comes up", s);
	errmsg_add(buf, len, at, ".");
	return right;
}

static bool check_reject(const struct quiz_question *q, const struct quiz_answer *a,
                         char *buf, size_t len, size_t *at)
{
	char me[32], sq[32], by[32], named[32];
	enum board_line line;

	call(q, q->file, me, sizeof me);
	sqname(q->sq, sq, sizeof sq);
	sqname(q->answer, by, sizeof by);
	if (!q->yes) {
		errmsg_add(buf, len, at,
		           "%s: %s is free, no queen attacks it along its rank or either "
		           "diagonal, so %s puts its queen there.",
		           a->yes ? "No" : "Right", sq, me);
		return !a->yes;
	}
	if (!a->yes) {
		errmsg_add(buf, len, at,
		           "No: %s is attacked by the queen on %s along %s, so it is "
		           "rejected "
		           "and %s goes on with its next rank.",
		           sq, by, board_line_phrase(q->line), me);
		return false;
	}
	sqname(a->sq, named, sizeof named);
	if (a->sq.file == q->answer.file && a->sq.rank == q->answer.rank) {
		errmsg_add(buf, len, at,
		           "Right: %s is attacked by the queen on %s along %s, so it is "
		           "rejected and %s goes on with its next rank.",
		           sq, by, board_line_phrase(q->line), me);
		return true;
	}
	if (attacked_by(q, q->sq, a->sq, &line)) {
		errmsg_add(
		        buf, len, at,
		        "Right: the queen on %s attacks %s along %s. The check meets the "
		        "queen on %s first, along %s.",
		        named, sq, board_line_phrase(line), by,
		        board_line_phrase(q->line));
		return true;
	}
	errmsg_add(
	        buf, len, at,
	        "Rejected, yes, but not by %s: %s. %s is attacked by %s along %s.", named,
	        a->sq.file >= 0 && a->sq.file < q->n && q->ranks[a->sq.file] == a->sq.rank
	                ? "that queen shares no line with it"
	                : "no queen stands there",
	        sq, by, board_line_phrase(q->line));
	return false;
}

static bool check_return(const struct quiz_question *q, const struct quiz_answer *a,
                         char *buf, size_t len, size_t *at)
{
	char me[32], named[32], other[32], queen[32];
	bool right = q->yes ? !a->none && a->sq.file == q->caller : a->none;

	call(q, q->file, me, sizeof me);
	if (right)
		errmsg_add(buf, len, at, "Right. ");
	else if (a->none)
		errmsg_add(buf, len, at, "Not the end. ");
	else
		errmsg_add(buf, len, at, "Not %s. ",
		           call(q, a->sq.file, named, sizeof named));
	if (!q->yes) {
		errmsg_add(
		        buf, len, at,
		        "%s was the first call, so when it returns nothing called it and "
		        "the search is over.",
		        me);
		return right;
	}
	call(q, q->caller, other, sizeof other);
	errmsg_add(buf, len, at,
	           "A call returns to the one that called it, %s, just under it on the "
	           "stack. %s goes on after its call: its queen on %s comes off.",
	           other, other, sqname(q->answer, queen, sizeof queen));
	return right;
}

void quiz_truth(const struct quiz_question *q, struct quiz_answer *a)
{
	*a = (struct quiz_answer){.none = !q->yes, .yes = q->yes, .sq = q->answer};
	if (q->kind == QUIZ_RETURN)
		a->sq.file = q->caller;
}

bool quiz_check(const struct quiz_question *q, const struct quiz_answer *a, char *buf,
                size_t len)
{
	size_t at = 0;

	if (len)
		buf[0] = '\0';
	switch (q->kind) {
	case QUIZ_WHERE:
		return check_where(q, a, buf, len, &at);
	case QUIZ_REJECT:
		return check_reject(q, a, buf, len, &at);
	case QUIZ_RETURN:
		return check_return(q, a, buf, len, &at);
	default:
		return false;
	}
}

bool quiz_parse_square(const char *text, int n, int file, struct square *out)
{
	struct position pos;
	size_t digits = strspn(text, "0123456789");
	bool ok;

	/* A rank alone is on the file asked about. */
	if (digits > 0 && text[digits] == '\0' && file >= 0) {
		int r = 0;

		for (size_t i = 0; i < digits && r <= n; i++)
			r = 10 * r + (text[i] - '0');
		if (r < 1 || r > n)
			return false;
		*out = (struct square){file, r - 1};
		return true;
	}
	if (digits > 0 || board_parse(text, &pos, NULL, 0) != 0)
		return false;
	ok = pos.count == 1 && pos.sq[0].file < n && pos.sq[0].rank < n;
	if (ok)
		*out = pos.sq[0];
	board_free(&pos);
	return ok;
}

/* "the 8x8 board: its files are a to h, its ranks 1 to 8" */
static void board_words(int n, char *buf, size_t len)
{
	char last[16];

	board_file_name(n - 1, last, sizeof last);
	snprintf(buf, len, "the %dx%d board: its files are a to %s, its ranks 1 to %d", n,
	         n, last, n);
}

bool quiz_read(enum quiz_kind kind, int n, int file, bool numbered, const char *typed,
               struct quiz_answer *a, char *why, size_t len)
{
	char board[128], last[16];
	bool digits = typed[0] && strspn(typed, "0123456789") == strlen(typed);

	*a = (struct quiz_answer){.yes = kind == QUIZ_REJECT};
	if (len)
		why[0] = '\0';
	board_words(n, board, sizeof board);
	board_file_name(n - 1, last, sizeof last);
	if (!typed[0]) {
		snprintf(why, len, "Type %s, then Enter.",
		         kind == QUIZ_RETURN && numbered ? "a call's number, such as 1"
		         : kind == QUIZ_RETURN           ? "a file, such as b"
		         : kind == QUIZ_REJECT ? "the square of a queen, such as a1"
		                               : "a square, such as c4");
		return false;
	}
	if (strcmp(typed, "-") == 0) {
		if (kind == QUIZ_REJECT) {
			snprintf(why, len,
			         "Name the queen that attacks it: a square, such as a1.");
			return false;
		}
		a->none = true;
		return true;
	}
	if (kind == QUIZ_RETURN) {
		int f = typed[0] - 'a';

		/* A file letter alone, or any square of it; beside a program,
		 * the call's number too, as solve(1) names file b. */
		if (typed[1] == '\0' && f >= 0 && f < n) {
			a->sq = (struct square){f, 0};
			return true;
		}
		if (numbered && digits) {
			if (strlen(typed) <= 2 && atoi(typed) < n) {
				a->sq = (struct square){atoi(typed), 0};
				return true;
			}
			snprintf(why, len,
			         "'%s' names no call of %s; type a number from 0 to %d, "
			         "or - for none.",
			         typed, board, n - 1);
			return false;
		}
		if (quiz_parse_square(typed, n, -1, &a->sq))
			return true;
		snprintf(why, len,
		         "'%s' names no file of %s; type a letter from a to %s, or - for "
		         "none.",
		         typed, board, last);
		return false;
	}
	/* Beside a program a rank alone is rank's value, from 0: 3 is b4 on file b. */
	if (kind == QUIZ_WHERE && numbered && digits && file >= 0) {
		if (strlen(typed) <= 2 && atoi(typed) < n) {
			a->sq = (struct square){file, atoi(typed)};
			return true;
		}
		snprintf(why, len,
		         "'%s' is no rank: the program counts the ranks of the %dx%d "
		         "board from 0 to %d.",
		         typed, n, n, n - 1);
		return false;
	}
	if (quiz_parse_square(typed, n, kind == QUIZ_WHERE ? file : -1, &a->sq))
		return true;
	if (!digits)
		snprintf(why, len, "'%s' is no square of %s.", typed, board);
	else if (strlen(typed) > 2 || atoi(typed) < 1 || atoi(typed) > n)
		snprintf(why, len, "'%s' is no rank of %s.", typed, board);
	else
		/* A rank alone says nothing of the file where no call is asked about. */
		snprintf(why, len,
		         "'%s' is a rank alone: type the whole square, such as %s%s.",
		         typed, n >= 3 ? "c" : "a", typed);
	return false;
}

void quiz_answer_text(const struct quiz_question *q, const struct quiz_answer *a,
                      char *buf, size_t len)
{
	char sq[32];

	switch (q->kind) {
	case QUIZ_WHERE:
		if (a->none)
			snprintf(buf, len, "none");
		else
			snprintf(buf, len, "%s", sqname(a->sq, sq, sizeof sq));
		break;
	case QUIZ_REJECT:
		if (!a->yes)
			snprintf(buf, len, "no");
		else if (a->sq.file < 0)
			snprintf(buf, len, "yes");
		else
			snprintf(buf, len, "yes, by %s", sqname(a->sq, sq, sizeof sq));
		break;
	case QUIZ_RETURN:
		if (a->none)
			snprintf(buf, len, "none: the search ends");
		else
			snprintf(buf, len, "%s", call(q, a->sq.file, sq, sizeof sq));
		break;
	default:
		snprintf(buf, len, "-");
		break;
	}
}

void quiz_score_add(struct quiz_score *sc, enum quiz_verdict v)
{
	sc->asked++;
	if (v == QUIZ_RIGHT) {
		sc->right++;
		if (++sc->streak > sc->best)
			sc->best = sc->streak;
		return;
	}
	/* A skip ends a streak as a wrong answer does: it is no right answer. */
	sc->skipped += v == QUIZ_SKIPPED;
	sc->streak = 0;
}

void quiz_score_text(const struct quiz_score *sc, char *buf, size_t len)
{
	if (sc->skipped)
		snprintf(buf, len, "%u of %u right, %u skipped, streak %u", sc->right,
		         sc->asked, sc->skipped, sc->streak);
	else
		snprintf(buf, len, "%u of %u right, streak %u", sc->right, sc->asked,
		         sc->streak);
}
