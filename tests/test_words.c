/* Unit tests of the narration: what trace --explain says comes next is what comes next.
 */
#include "config.h"

#include <inttypes.h>
#include <regex.h>
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
#include "engine/search.h"

/* The event after the one narrated, or kind SEARCH_EV_NONE when the search was over. */
struct next {
	struct search_event ev;
	bool any;
};

/* What the walk knows besides the search: solutions found since each file's queen. */
struct walk {
	const struct search *s;
	uint64_t since[32];
	char where[400]; /* the search and the event, for messages */
};

/* A claim of the narration, by the words that make it, and its check. */
struct rule {
	const char *pattern; /* POSIX extended; its groups are handed to check */
	const char
	        *word; /* a word every match holds: the text is searched for it first */
	bool (*check)(const struct walk *w, const struct next *nx, const char *text,
	              const regmatch_t *m, char *why, size_t whylen);
	regex_t re;
};

/* The 0-based file of the letters at m in text ("c" of "solve(c)"). */
static int file_of(const char *text, const regmatch_t *m)
{
	char name[8];
	struct position pos;
	char sq[16], err[128];
	int f = -1;

	snprintf(name, sizeof name, "%.*s", (int)(m->rm_eo - m->rm_so), text + m->rm_so);
	snprintf(sq, sizeof sq, "%s1", name);
	if (board_parse(sq, &pos, err, sizeof err) == 0) {
		f = pos.sq[0].file;
		board_free(&pos);
	}
	return f;
}

/* The square at m in text ("b3"). */
static struct square square_of(const char *text, const regmatch_t *m)
{
	char name[16], err[128];
	struct position pos;
	struct square sq = {-1, -1};

	snprintf(name, sizeof name, "%.*s", (int)(m->rm_eo - m->rm_so), text + m->rm_so);
	if (board_parse(name, &pos, err, sizeof err) == 0) {
		sq = pos.sq[0];
		board_free(&pos);
	}
	return sq;
}

static bool is_try_of(const struct next *nx, int file)
{
	return nx->any && nx->ev.kind == SEARCH_EV_TRY && nx->ev.sq.file == file;
}

/* "solve(c) goes on with its next rank", "solve(b) tries its next rank". */
static bool next_rank(const struct walk *w, const struct next *nx, const char *text,
                      const regmatch_t *m, char *why, size_t whylen)
{
	(void)w;
	if (is_try_of(nx, file_of(text, &m[1])))
		return true;
	snprintf(why, whylen, "the next event is no try on that file");
	return false;
}

/* "solve(c) will return". */
static bool returns_next(const struct walk *w, const struct next *nx, const char *text,
                         const regmatch_t *m, char *why, size_t whylen)
{
	(void)w;
	if (nx->any && nx->ev.kind == SEARCH_EV_RETURN &&
	    nx->ev.file == file_of(text, &m[1]))
		return true;
	snprintf(why, whylen, "the next event is not that call's return");
	return false;
}

/* "solve(b) will try the ranks of file b one by one, from 1 up": b1 comes next. */
static bool from_one_up(const struct walk *w, const struct next *nx, const char *text,
                        const regmatch_t *m, char *why, size_t whylen)
{
	int f = file_of(text, &m[2]);

	(void)w;
	if (is_try_of(nx, f) && nx->ev.sq.rank == 0)
		return true;
	snprintf(why, whylen, "the next event is no try of rank 1 on that file");
	return false;
}

/* "its loop will try the ranks one by one, from 1 up" of the call just entered. */
static bool loop_from_one(const struct walk *w, const struct next *nx, const char *text,
                          const regmatch_t *m, char *why, size_t whylen)
{
	const struct search_event *ev = search_last(w->s);

	(void)text;
	(void)m;
	if (ev->kind == SEARCH_EV_ENTER && is_try_of(nx, ev->file) && nx->ev.sq.rank == 0)
		return true;
	snprintf(why, whylen, "the next event is no try of rank 1 by the call entered");
	return false;
}

/* The lowest rank no queen on the board holds. */
static int lowest_free_rank(const struct search *s)
{
	const int *ranks = search_ranks(s);
	int n = search_n(s);

	for (int r = 0; r < n; r++) {
		bool used = false;

		for (int f = 0; f < n; f++)
			used = used || ranks[f] == r;
		if (!used)
			return r;
	}
	return -1;
}

/* "solve(c) will try the ranks no queen holds, the lowest first". */
static bool lowest_first(const struct walk *w, const struct next *nx, const char *text,
                         const regmatch_t *m, char *why, size_t whylen)
{
	int f = file_of(text, &m[1]);

	if (is_try_of(nx, f) && nx->ev.sq.rank == lowest_free_rank(w->s))
		return true;
	snprintf(why, whylen, "the next event is no try of the lowest free rank");
	return false;
}

/* "Next, solve(c) places the queen of ...": solve(c) is entered next. */
static bool next_enter(const struct walk *w, const struct next *nx, const char *text,
                       const regmatch_t *m, char *why, size_t whylen)
{
	(void)w;
	if (nx->any && nx->ev.kind == SEARCH_EV_ENTER &&
	    nx->ev.file == file_of(text, &m[1]))
		return true;
	snprintf(why, whylen, "the next event does not enter that call");
	return false;
}

/* "the board is full": a solution comes next. */
static bool board_full(const struct walk *w, const struct next *nx, const char *text,
                       const regmatch_t *m, char *why, size_t whylen)
{
	(void)text;
	(void)m;
	for (int f = 0; f < search_n(w->s); f++)
		if (search_ranks(w->s)[f] < 0) {
			snprintf(why, whylen, "the board has an empty file");
			return false;
		}
	if (nx->any && nx->ev.kind == SEARCH_EV_SOLUTION)
		return true;
	snprintf(why, whylen, "no solution comes next");
	return false;
}

/* "the search stops here", "the search is over": nothing but the end comes next. */
static bool over(const struct walk *w, const struct next *nx, const char *text,
                 const regmatch_t *m, char *why, size_t whylen)
{
	(void)w;
	(void)text;
	(void)m;
	if (!nx->any || nx->ev.kind == SEARCH_EV_DONE)
		return true;
	snprintf(why, whylen, "the search goes on");
	return false;
}

/* "next the queen on d3 comes off". */
static bool next_off(const struct walk *w, const struct next *nx, const char *text,
                     const regmatch_t *m, char *why, size_t whylen)
{
	struct square sq = square_of(text, &m[1]);

	(void)w;
	if (nx->any && nx->ev.kind == SEARCH_EV_REMOVE && nx->ev.sq.file == sq.file &&
	    nx->ev.sq.rank == sq.rank)
		return true;
	snprintf(why, whylen, "that queen does not come off next");
	return false;
}

/* "safe() will look along ...": the square tried is judged next. */
static bool judged(const struct walk *w, const struct next *nx, const char *text,
                   const regmatch_t *m, char *why, size_t whylen)
{
	const struct search_event *ev = search_last(w->s);

	(void)text;
	(void)m;
	if (nx->any &&
	    (nx->ev.kind == SEARCH_EV_REJECT || nx->ev.kind == SEARCH_EV_PLACE) &&
	    nx->ev.sq.file == ev->sq.file && nx->ev.sq.rank == ev->sq.rank)
		return true;
	snprintf(why, whylen, "the square tried is not judged next");
	return false;
}

/* "3 solutions held it", "1 solution held it", "no solution holds it": since its placing.
 */
static bool held(const struct walk *w, const struct next *nx, const char *text,
                 const regmatch_t *m, char *why, size_t whylen)
{
	const struct search_event *ev = search_last(w->s);
	uint64_t said = 0, found;
	char num[24];

	(void)nx;
	if (text[m[1].rm_so] != 'n') {
		snprintf(num, sizeof num, "%.*s", (int)(m[1].rm_eo - m[1].rm_so),
		         text + m[1].rm_so);
		said = strtoull(num, NULL, 10);
		if ((said == 1) !=
		    (m[2].rm_eo - m[2].rm_so == (regoff_t)strlen("solution"))) {
			snprintf(why, whylen,
			         "the plural does not agree with its number");
			return false;
		}
	}
	found = search_counters(w->s)->solutions - w->since[ev->sq.file];
	if (said == found)
		return true;
	snprintf(why, whylen, "%" PRIu64 " solutions were found under that queen", found);
	return false;
}

/* "It tested 15 squares and placed 4 queens": the counters, and plurals that agree. */
static bool totals(const struct walk *w, const struct next *nx, const char *text,
                   const regmatch_t *m, char *why, size_t whylen)
{
	const struct search_counters *c = search_counters(w->s);
	char a[24], b[24];

	(void)nx;
	snprintf(a, sizeof a, "%.*s", (int)(m[1].rm_eo - m[1].rm_so), text + m[1].rm_so);
	snprintf(b, sizeof b, "%.*s", (int)(m[3].rm_eo - m[3].rm_so), text + m[3].rm_so);
	if (strtoull(a, NULL, 10) != c->tested || strtoull(b, NULL, 10) != c->placed) {
		snprintf(why, whylen, "the counters are %" PRIu64 " and %" PRIu64,
		         c->tested, c->placed);
		return false;
	}
	if ((c->tested == 1) != (m[2].rm_so == m[2].rm_eo) ||
	    (c->placed == 1) != (m[4].rm_so == m[4].rm_eo)) {
		snprintf(why, whylen, "a plural does not agree with its number");
		return false;
	}
	return true;
}

/* "All 8 queens stand": the board is full, and one queen is no plural. */
static bool all_stand(const struct walk *w, const struct next *nx, const char *text,
                      const regmatch_t *m, char *why, size_t whylen)
{
	char num[24];

	(void)nx;
	snprintf(num, sizeof num, "%.*s", (int)(m[1].rm_eo - m[1].rm_so),
	         text + m[1].rm_so);
	if (atoi(num) == search_n(w->s) && atoi(num) > 1)
		return true;
	snprintf(why, whylen, "not %s queens on the board, or one queen in the plural",
	         num);
	return false;
}

#define CALL "solve\\(([a-z]+)\\)"

static struct rule rules[] = {
        {.pattern = CALL " (goes on with|tries) its next rank",
         .check = next_rank,
         .word = "next rank"},
        {.pattern = CALL " will return", .check = returns_next, .word = " will return"},
        {.pattern = CALL " will try the ranks of file ([a-z]+) one by one, from 1 up",
         .check = from_one_up,
         .word = "from 1 up"},
        {.pattern = "[Ii]ts loop will try the ranks one by one, from 1 up",
         .check = loop_from_one,
         .word = "from 1 up"},
        {.pattern = CALL " will try the ranks no queen holds, the lowest first",
         .check = lowest_first,
         .word = "lowest first"},
        {.pattern =
                 "Next, " CALL
                 " places the queen of (the next file|file [a-z]+, the next empty one)",
         .check = next_enter,
         .word = "Next, "},
        {.pattern = "the board is full", .check = board_full, .word = "board is full"},
        {.pattern = "the search (stops here|is over)",
         .check = over,
         .word = "the search "},
        {.pattern = "next the queen on ([a-z]+[0-9]+) comes off",
         .check = next_off,
         .word = "comes off"},
        {.pattern = "safe\\(\\) will look", .check = judged, .word = "safe()"},
        {.pattern = "(no) solution holds it", .check = held, .word = " holds it"},
        {.pattern = "([0-9]+) (solutions?) held it", .check = held, .word = " held it"},
        {.pattern = "tested ([0-9]+) square(s?) and placed ([0-9]+) queen(s?)",
         .check = totals,
         .word = "tested "},
        {.pattern = "All ([0-9]+) queens", .check = all_stand, .word = "All "},
};

/* Words that say what comes next: each must lie inside a claim a rule checks. */
static const char *const future[] = {" will ", "next", "Next"};

/* Checks the narration of the search's last event against the event after it. */
static void check_event(struct walk *w, const char *text, const struct next *nx)
{
	bool covered[4096] = {false};
	size_t len = strlen(text);

	assert_true(len < sizeof covered);
	for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
		regmatch_t m[6];
		const char *at = text;

		if (!strstr(text, rules[i].word))
			continue;
		while (regexec(&rules[i].re, at, 6, m, at == text ? 0 : REG_NOTBOL) ==
		       0) {
			char why[200] = "";

			/* The groups as offsets into text, for the checks. */
			for (int g = 0; g < 6; g++)
				if (m[g].rm_so >= 0) {
					m[g].rm_so += at - text;
					m[g].rm_eo += at - text;
				}
			if (!rules[i].check(w, nx, text, m, why, sizeof why))
				fail_msg("%s\n  says: %s\n  wrong: '%.*s': %s", w->where,
				         text, (int)(m[0].rm_eo - m[0].rm_so),
				         text + m[0].rm_so, why);
			for (regoff_t k = m[0].rm_so; k < m[0].rm_eo; k++)
				covered[k] = true;
			at = text + m[0].rm_eo;
			if (m[0].rm_eo == m[0].rm_so)
				break;
		}
	}
	for (size_t i = 0; i < sizeof future / sizeof future[0]; i++)
		for (const char *p = strstr(text, future[i]); p;
		     p = strstr(p + 1, future[i]))
			if (!covered[p - text + (*p == ' ')])
				fail_msg("%s\n  says: %s\n  a claim about what comes "
				         "next that no "
				         "rule checks, at '%.40s'",
				         w->where, text, p);
}

/*
 * Walks every event of one search, each narration checked against what
 * comes next: a second search runs one event ahead.
 */
static uint64_t walk(enum search_algo a, int n, enum search_goal g, const int *given)
{
	char err[256], text[4096], brief[1024], said[256];
	struct search *s = search_new_from(a, n, g, 1, given, err, sizeof err);
	struct search *ahead = search_new_from(a, n, g, 1, given, err, sizeof err);
	struct walk w = {.s = s};
	uint64_t events = 0;

	if (!s || !ahead)
		fail_msg("search_new_from: %s", err);
	search_step(ahead);
	while (search_step(s)) {
		const struct search_event *ev = search_last(s);
		struct next nx = {0};

		if (search_step(ahead)) {
			nx.any = true;
			nx.ev = *search_last(ahead);
		}
		if (ev->kind == SEARCH_EV_PLACE)
			w.since[ev->sq.file] = search_counters(s)->solutions;
		assert_true(search_explain(s, true, text, sizeof text) < sizeof text);
		search_describe(s, said, sizeof said);
		snprintf(w.where, sizeof w.where,
		         "trace %d --algorithm %s%s, event %" PRIu64 " (%s)", n,
		         search_algo_name(a), g == SEARCH_FIRST ? " --first" : "",
		         search_counters(s)->events, said);
		/* The short narration is the full one's first sentence. */
		search_explain(s, false, brief, sizeof brief);
		assert_true(strncmp(brief, text, strlen(brief)) == 0);
		check_event(&w, text, &nx);
		events++;
	}
	search_free(ahead);
	search_free(s);
	return events;
}

static int setup(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
		if (regcomp(&rules[i].re, rules[i].pattern, REG_EXTENDED) != 0)
			return -1;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
		regfree(&rules[i].re);
	return 0;
}

/* Every event of n = 4..8 for each tree search, all solutions and the first. */
static void test_claims(void **state)
{
	uint64_t events = 0;

	(void)state;
	for (int a = 0; a < SEARCH_ALGO_COUNT; a++) {
		if (!search_is_tree((enum search_algo)a))
			continue;
		for (int n = 4; n <= 8; n++) {
			events += walk((enum search_algo)a, n, SEARCH_ALL, NULL);
			events += walk((enum search_algo)a, n, SEARCH_FIRST, NULL);
		}
	}
	/* backtrack and scan 2 x 37,519 for n = 8 alone: the walk went everywhere. */
	assert_true(events > 100000);
}

/* The small boards and searches from given queens, where the words bend. */
static void test_claims_edges(void **state)
{
	int given[6] = {-1, 2, -1, -1, -1, -1};

	(void)state;
	for (int a = 0; a < SEARCH_ALGO_COUNT; a++) {
		if (!search_is_tree((enum search_algo)a))
			continue;
		for (int n = 1; n <= 3; n++)
			walk((enum search_algo)a, n, SEARCH_ALL, NULL);
		walk((enum search_algo)a, 6, SEARCH_ALL, given);
		walk((enum search_algo)a, 6, SEARCH_FIRST, given);
	}
}

/* The narration of event k of a search of n, in the words how says. */
static void told_at(enum search_algo a, int n, uint64_t k, const struct search_words *how,
                    char *buf, size_t len)
{
	char err[256];
	struct search *s = search_new(a, n, SEARCH_ALL, 1, err, sizeof err);

	if (!s)
		fail_msg("search_new: %s", err);
	assert_true(search_seek(s, k));
	assert_true(search_explain_as(s, how, true, buf, len) < len);
	search_free(s);
}

/*
 * Beside a program the narration names the calls and counts the ranks as
 * the program does (solve(1), rank from 0), squares as the board names
 * them; every event of every tree search names no call by its letter.
 */
static void test_names(void **state)
{
	const struct search_words program = {.numbered = true};
	char text[1024], err[256];
	regex_t letter, number;

	(void)state;
	told_at(SEARCH_BACKTRACK, 4, 4, &program, text, sizeof text);
	assert_string_equal(text, "solve(0) calls solve(1) to place the queen of file b. "
	                          "solve(1) will try the ranks of file b one by one, "
	                          "from 0 up, and return to solve(0) when it has tried "
	                          "them all.");
	told_at(SEARCH_BACKTRACK, 4, 1, &program, text, sizeof text);
	assert_string_equal(text, "The search begins: solve(0) places the queen of its "
	                          "file. Its loop will try the ranks one by one, from 0 "
	                          "up.");
	/* The pseudocode's own words are as they were. */
	told_at(SEARCH_BACKTRACK, 4, 4, NULL, text, sizeof text);
	assert_true(strncmp(text, "solve(a) calls solve(b) to place", 32) == 0);
	assert_non_null(strstr(text, "from 1 up"));
	/* bits at its start: every rank free, counted from 0. */
	told_at(SEARCH_BITS, 4, 1, &program, text, sizeof text);
	assert_true(strncmp(text,
	                    "solve(0) is called; the ranks its masks leave free: "
	                    "0, 1, 2 and 3.",
	                    66) == 0);
	assert_int_equal(regcomp(&letter, "solve\\([a-t]\\)", REG_EXTENDED | REG_NOSUB),
	                 0);
	assert_int_equal(regcomp(&number, "solve\\([0-9]+\\)", REG_EXTENDED | REG_NOSUB),
	                 0);
	for (int a = 0; a < SEARCH_ALGO_COUNT; a++) {
		struct search *s;

		if (!search_is_tree((enum search_algo)a))
			continue;
		s = search_new((enum search_algo)a, 5, SEARCH_ALL, 1, err, sizeof err);
		assert_non_null(s);
		while (search_step(s)) {
			search_explain_as(s, &program, true, text, sizeof text);
			if (regexec(&letter, text, 0, NULL, 0) == 0)
				fail_msg("%s, event %" PRIu64 ": %s", search_algo_name(a),
				         search_counters(s)->events, text);
			search_explain(s, true, text, sizeof text);
			if (regexec(&number, text, 0, NULL, 0) == 0)
				fail_msg("%s, event %" PRIu64 ": %s", search_algo_name(a),
				         search_counters(s)->events, text);
		}
		search_free(s);
	}
	regfree(&letter);
	regfree(&number);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_claims),
	        cmocka_unit_test(test_claims_edges),
	        cmocka_unit_test(test_names),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
