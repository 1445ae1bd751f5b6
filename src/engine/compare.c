/* A student's search, as events one a line, walked in lockstep with the reference. */
#include "config.h"

#include "engine/compare.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board.h"
#include "engine/errmsg.h"

struct compare {
	struct search *ref;
	int n;
	enum compare_state state;
	enum search_kind last; /* the student's last event, the same as the reference's */
	uint64_t events, placed;
	uint64_t at;              /* the event where the searches part */
	bool cut;                 /* past the divergence, the limit stopped the reading */
	bool short_end;           /* the events end mid-search, no more said of it */
	int ranks[COMPARE_MAX_N]; /* the student's board, -1 for an empty file */
	int before[COMPARE_MAX_N]; /* the board when they parted */
	/* The student's solutions as packed boards, in the order found. */
	uint64_t *found;
	size_t nfound, capfound;
	uint64_t *all; /* the reference's, sorted */
	size_t nall;
	uint64_t all_events, all_placed;
	char theirs[COMPARE_MAX_LINE + 1], ours[256], why[512];
};

static const char *const kind_words[] = {
        [SEARCH_EV_TRY] = "try",           [SEARCH_EV_REJECT] = "reject",
        [SEARCH_EV_PLACE] = "place",       [SEARCH_EV_ENTER] = "enter",
        [SEARCH_EV_SOLUTION] = "solution", [SEARCH_EV_REMOVE] = "remove",
        [SEARCH_EV_RETURN] = "return",     [SEARCH_EV_DONE] = "done",
};

/* Reads a file letter at *p, on a board of n files; -1 when none. */
static int read_file_letter(const char **p, int n)
{
	int f = **p - 'a';

	if (**p < 'a' || **p > 'z')
		return -1;
	++*p;
	return f < n ? f : -2;
}

static bool fail(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return false;
}

bool compare_parse(const char *line, size_t len, int n, struct compare_event *ev,
                   char *err, size_t errlen)
{
	char text[COMPARE_MAX_LINE + 1];
	const char *p = text;
	size_t word;

	for (size_t i = 0; i < len; i++)
		if ((unsigned char)line[i] < 0x20 && line[i] != '\t' && line[i] != '\r')
			return fail(err, errlen, "not text (a control byte, 0x%02x)",
			            (unsigned char)line[i]);
		else if ((unsigned char)line[i] >= 0x7f)
			return fail(err, errlen,
			            "not an event: a byte 0x%02x outside ASCII",
			            (unsigned char)line[i]);
	if (len > COMPARE_MAX_LINE)
		return fail(err, errlen, "longer than %d characters: no event",
		            COMPARE_MAX_LINE);
	memcpy(text, line, len);
	text[len] = '\0';
	memset(ev, 0, sizeof *ev);
	p += strspn(p, " \t\r");
	if (*p == '\0' || *p == '#')
		return true;
	word = strcspn(p, " \t\r:(");
	for (size_t k = SEARCH_EV_TRY; k < sizeof kind_words / sizeof *kind_words; k++)
		if (kind_words[k] && word == strlen(kind_words[k]) &&
		    strncmp(p, kind_words[k], word) == 0)
			ev->kind = (enum search_kind)k;
	if (ev->kind == SEARCH_EV_NONE)
		return fail(err, errlen,
		            "unknown event '%.*s'; events are enter, try, reject, place, "
		            "solution, remove, return and done",
		            (int)(word > 20 ? 20 : word), p);
	p += word;
	p += strspn(p, " \t");
	if (ev->kind == SEARCH_EV_SOLUTION || ev->kind == SEARCH_EV_DONE)
		return true;
	if (ev->kind == SEARCH_EV_ENTER || ev->kind == SEARCH_EV_RETURN) {
		const char *at = p;

		if (ev->kind == SEARCH_EV_RETURN && strncmp(p, "from ", 5) == 0)
			p += 5;
		bool call = strncmp(p, "solve(", 6) == 0;

		p += call ? 6 : 0;
		ev->file = read_file_letter(&p, n);
		if (ev->file == -2)
			return fail(err, errlen, "file %c is off a board of %d files",
			            p[-1], n);
		if (ev->file < 0 || (call && *p++ != ')') ||
		    p[strspn(p, " \t\r")] != '\0')
			return fail(err, errlen,
			            "%s takes a file, as '%s c' or '%s solve(c)', not "
			            "'%.20s'",
			            kind_words[ev->kind], kind_words[ev->kind],
			            kind_words[ev->kind], at);
		return true;
	}
	const char *at = p;
	int f = read_file_letter(&p, n);
	long r = 0;

	while (*p >= '0' && *p <= '9' && r < 1000)
		r = r * 10 + (*p++ - '0');
	if (f == -1 || p == at + 1 || (*p && strchr(" \t\r:", *p) == NULL) ||
	    (ev->kind != SEARCH_EV_REJECT && p[strspn(p, " \t\r")] != '\0'))
		return fail(err, errlen, "%s takes a square, as '%s c2', not '%.20s'",
		            kind_words[ev->kind], kind_words[ev->kind], at);
	if (f < 0 || r < 1 || r > n)
		return fail(err, errlen, "square %.*s is off a board of %d files",
		            (int)(p - at), at, n);
	ev->sq = (struct square){f, (int)r - 1};
	return true;
}

static uint64_t pack(const int *ranks, int n)
{
	uint64_t v = 0;

	for (int f = 0; f < n; f++)
		v = v << 4 | (uint64_t)(ranks[f] + 1);
	return v;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* The reference run to its end once, for the summary: its solutions and counters. */
static bool run_whole(struct compare *c, enum search_algo a, char *err, size_t errlen)
{
	struct search *s = search_new(a, c->n, SEARCH_ALL, 1, err, errlen);
	size_t cap = 0;

	if (!s)
		return false;
	while (search_step(s)) {
		if (search_last(s)->kind != SEARCH_EV_SOLUTION)
			continue;
		if (c->nall == cap) {
			uint64_t *m = realloc(c->all, (cap = cap * 2 + 64) * sizeof *m);

			if (!m) {
				search_free(s);
				return fail(err, errlen, "out of memory");
			}
			c->all = m;
		}
		c->all[c->nall++] = pack(search_ranks(s), c->n);
	}
	c->all_events = search_counters(s)->events;
	c->all_placed = search_counters(s)->placed;
	search_free(s);
	if (c->nall) /* none at n = 2 and 3: c->all is NULL */
		qsort(c->all, c->nall, sizeof *c->all, cmp_u64);
	return true;
}

struct compare *compare_new(enum search_algo a, int n, char *err, size_t errlen)
{
	struct compare *c;

	if (!search_is_tree(a)) {
		fail(err, errlen,
		     "the reference must be a tree search (backtrack, scan, permute "
		     "or bits), not %s",
		     search_algo_name(a));
		return NULL;
	}
	if (n < 1 || n > COMPARE_MAX_N) {
		fail(err, errlen, "N must be from 1 to %d", COMPARE_MAX_N);
		return NULL;
	}
	c = calloc(1, sizeof *c);
	if (!c) {
		fail(err, errlen, "out of memory");
		return NULL;
	}
	c->n = n;
	for (int f = 0; f < n; f++)
		c->ranks[f] = -1;
	c->ref = search_new(a, n, SEARCH_ALL, 1, err, errlen);
	if (!c->ref || !run_whole(c, a, err, errlen)) {
		compare_free(c);
		return NULL;
	}
	return c;
}

void compare_free(struct compare *c)
{
	if (!c)
		return;
	search_free(c->ref);
	free(c->found);
	free(c->all);
	free(c);
}

static bool same_event(const struct search_event *r, const struct compare_event *e)
{
	if (r->kind != e->kind)
		return false;
	switch (e->kind) {
	case SEARCH_EV_ENTER:
	case SEARCH_EV_RETURN:
		return r->file == e->file;
	case SEARCH_EV_SOLUTION:
	case SEARCH_EV_DONE:
		return true;
	default:
		return r->sq.file == e->sq.file && r->sq.rank == e->sq.rank;
	}
}

/* A queen of the board before the step that attacks sq; false when none does. */
static bool attacker_of(const struct compare *c, struct square sq, struct square *q,
                        enum board_line *line)
{
	for (int f = 0; f < c->n; f++) {
		struct square at = {f, c->before[f]};

		if (c->before[f] >= 0 && f != sq.file && board_same_line(at, sq, line)) {
			*q = at;
			return true;
		}
	}
	return false;
}

/* Why the two searches part, in plain words, for the common mistakes. */
static void explain(struct compare *c, const struct search_event *r,
                    const struct compare_event *e)
{
	char a[16], b[16];
	struct square q;
	enum board_line line;

	board_square_name(e->sq, a, sizeof a);
	/* A try of a square the reference refuses is a placement to come. */
	bool placing = e->kind == SEARCH_EV_PLACE ||
	               (e->kind == SEARCH_EV_TRY && r && r->kind == SEARCH_EV_REJECT &&
	                r->sq.file == e->sq.file && r->sq.rank == e->sq.rank);

	/* A program that returns at once after a solution, or ends there. */
	bool stopping = c->nfound > 0 && c->nfound < c->nall &&
	                (e->kind == SEARCH_EV_NONE ||
	                 ((e->kind == SEARCH_EV_RETURN || e->kind == SEARCH_EV_DONE) &&
	                  c->last == SEARCH_EV_SOLUTION));

	if (stopping && c->nfound == 1) {
		snprintf(c->why, sizeof c->why,
		         "your program stops at its first solution; the reference "
		         "goes on to find all %zu.",
		         c->nall);
	} else if (stopping) {
		snprintf(c->why, sizeof c->why,
		         "your program stops after %zu solutions; the reference goes on "
		         "to find all %zu.",
		         c->nfound, c->nall);
	} else if (e->kind == SEARCH_EV_SOLUTION && c->last == SEARCH_EV_SOLUTION) {
		snprintf(c->why, sizeof c->why,
		         "your program reports the same solution twice: it is counted "
		         "twice.");
	} else if (e->kind == SEARCH_EV_NONE) {
		c->short_end = true;
		snprintf(c->why, sizeof c->why,
		         "your program's events end in the middle of the search.");
	} else if (placing && attacker_of(c, e->sq, &q, &line)) {
		board_square_name(q, b, sizeof b);
		snprintf(c->why, sizeof c->why,
		         "your program placed %s while %s still attacks it along %s: "
		         "the %s test is missing.",
		         a, b, board_line_phrase(line),
		         line == BOARD_LINE_RANK ? "rank" : "diagonal");
	} else if (r && r->kind == SEARCH_EV_REMOVE) {
		board_square_name(r->sq, b, sizeof b);
		snprintf(c->why, sizeof c->why,
		         "the reference takes the queen on %s off on the way back; your "
		         "program did not: removing the queen when a call returns is "
		         "missing.",
		         b);
	} else if (e->kind == SEARCH_EV_REJECT && !attacker_of(c, e->sq, &q, &line)) {
		snprintf(c->why, sizeof c->why,
		         "your program rejected %s though no queen attacks it: a line "
		         "stays marked after its queen was taken off (the marks are not "
		         "cleared on the way back).",
		         a);
	} else if (r && e->kind == SEARCH_EV_TRY && r->kind == SEARCH_EV_TRY &&
	           r->sq.file == e->sq.file) {
		board_square_name(r->sq, b, sizeof b);
		snprintf(c->why, sizeof c->why,
		         "your program tried %s where the reference tries %s: it tries "
		         "the ranks in another order (the reference from 1 upward).",
		         a, b);
	} else if (!r) {
		snprintf(c->why, sizeof c->why,
		         "your program goes on after the reference's search is over.");
	} else {
		snprintf(c->why, sizeof c->why,
		         "the reference does one thing and your program another here.");
	}
}

/* Records the student's event on their board. */
static void apply(struct compare *c, const struct compare_event *e)
{
	if (e->kind == SEARCH_EV_PLACE) {
		c->ranks[e->sq.file] = e->sq.rank;
		c->placed++;
	} else if (e->kind == SEARCH_EV_REMOVE) {
		c->ranks[e->sq.file] = -1;
	} else if (e->kind == SEARCH_EV_SOLUTION) {
		if (c->nfound == c->capfound) {
			size_t cap = c->capfound * 2 + 64;
			uint64_t *m = realloc(c->found, cap * sizeof *m);

			if (!m)
				return;
			c->found = m;
			c->capfound = cap;
		}
		c->found[c->nfound++] = pack(c->ranks, c->n);
	}
}

/* The student's event that parts from the reference's (NULL: the reference is over). */
static enum compare_state part(struct compare *c, const struct compare_event *e,
                               const char *text)
{
	const struct search_event *r = NULL;

	c->at = e->kind == SEARCH_EV_NONE ? c->events + 1 : c->events;
	memcpy(c->before, c->ranks, sizeof c->before);
	snprintf(c->theirs, sizeof c->theirs, "%s", text);
	if (!search_done(c->ref) || search_last(c->ref)->kind != SEARCH_EV_DONE) {
		r = search_last(c->ref);
		search_describe(c->ref, c->ours, sizeof c->ours);
	} else {
		snprintf(c->ours, sizeof c->ours, "(nothing: the search is over)");
	}
	explain(c, r, e);
	return c->state = COMPARE_DIFFERS;
}

enum compare_state compare_feed(struct compare *c, const struct compare_event *ev,
                                const char *text)
{
	if (ev->kind == SEARCH_EV_NONE || !compare_reading(c))
		return c->state;
	/* Past the divergence the student's events count for the summary alone. */
	if (c->state == COMPARE_DIFFERS) {
		if (c->events == COMPARE_MAX_EVENTS)
			c->cut = true;
		else
			c->events++, apply(c, ev);
		return c->state;
	}
	if (c->events == COMPARE_MAX_EVENTS)
		return c->state = COMPARE_LIMIT;
	c->events++;
	bool over = search_done(c->ref);

	if (over || !search_step(c->ref)) {
		/* trace ends with done, which a student may leave out. */
		if (ev->kind == SEARCH_EV_DONE &&
		    search_last(c->ref)->kind == SEARCH_EV_DONE && !over)
			return c->state;
		return part(c, ev, text);
	}
	if (!same_event(search_last(c->ref), ev))
		return part(c, ev, text);
	apply(c, ev);
	c->last = ev->kind;
	return c->state;
}

enum compare_state compare_end(struct compare *c)
{
	if (c->state != COMPARE_GOING)
		return c->state;
	/* The reference's last event, done, is one the student need not print. */
	if (search_done(c->ref) ||
	    (search_step(c->ref) && search_last(c->ref)->kind == SEARCH_EV_DONE))
		return c->state = COMPARE_SAME;
	return part(c, &(struct compare_event){SEARCH_EV_NONE, {0, 0}, 0},
	            "(nothing: the events end)");
}

uint64_t compare_parted(const struct compare *c, const char **ours, const char **theirs,
                        const char **why)
{
	bool parted = c->state == COMPARE_DIFFERS;

	if (ours)
		*ours = parted ? c->ours : "";
	if (theirs)
		*theirs = parted ? c->theirs : "";
	if (why)
		*why = parted ? c->why : "";
	return parted ? c->at : 0;
}

bool compare_cut_short(const struct compare *c)
{
	return c->state == COMPARE_DIFFERS && c->short_end;
}

uint64_t compare_events(const struct compare *c)
{
	return c->events;
}

bool compare_reading(const struct compare *c)
{
	return c->state == COMPARE_GOING || (c->state == COMPARE_DIFFERS && !c->cut);
}

size_t compare_report(const struct compare *c, char *buf, size_t len)
{
	size_t at = 0, distinct = 0, dup = 0, wrong = 0;

	if (len)
		buf[0] = '\0';
	if (c->state == COMPARE_SAME)
		errmsg_add(buf, len, &at, "same search\n");
	else if (c->state == COMPARE_LIMIT)
		errmsg_add(buf, len, &at,
		           "the same for the first %u events; stopped reading there (the "
		           "limit)\n",
		           COMPARE_MAX_EVENTS);
	if (c->state == COMPARE_DIFFERS) {
		errmsg_add(buf, len, &at,
		           "differs at event %" PRIu64
		           "\n  the reference: %s\n  your program:  %s\n"
		           "%s\nthe board then:\n",
		           c->at, c->ours, c->theirs, c->why);
		for (int r = c->n - 1; r >= 0; r--) {
			errmsg_add(buf, len, &at, "%2d", r + 1);
			for (int f = 0; f < c->n; f++)
				errmsg_add(buf, len, &at, " %c",
				           c->before[f] == r ? 'Q' : '.');
			errmsg_add(buf, len, &at, "\n");
		}
		errmsg_add(buf, len, &at, "  ");
		for (int f = 0; f < c->n; f++)
			errmsg_add(buf, len, &at, " %c", 'a' + f);
		errmsg_add(buf, len, &at, "\n");
	}
	/* Sorted, the student's solutions show their repeats side by side. */
	uint64_t *sorted = malloc((c->nfound + 1) * sizeof *sorted);

	/* No solution reported: c->found is NULL, which memcpy may not be given. */
	if (sorted && c->nfound) {
		memcpy(sorted, c->found, c->nfound * sizeof *sorted);
		qsort(sorted, c->nfound, sizeof *sorted, cmp_u64);
		for (size_t i = 0; i < c->nfound; i++)
			if (i > 0 && sorted[i] == sorted[i - 1])
				dup++;
			else if (c->nall && bsearch(&sorted[i], c->all, c->nall,
			                            sizeof *c->all, cmp_u64))
				distinct++;
			else
				wrong++;
	}
	free(sorted);
	if (c->cut)
		errmsg_add(buf, len, &at,
		           "(the summary counts the first %u events, the most compare "
		           "reads)\n",
		           COMPARE_MAX_EVENTS);
	errmsg_add(buf, len, &at,
	           "events: %" PRIu64 " read, of the reference's %" PRIu64 "\n"
	           "placements: %" PRIu64 ", of the reference's %" PRIu64 "\n"
	           "solutions: %zu found of %zu, %zu missing, %zu duplicated, %zu not "
	           "solutions\n",
	           c->events, c->all_events, c->placed, c->all_placed, distinct, c->nall,
	           c->nall - distinct, dup, wrong);
	return at;
}
