/* Lesson scripts: plain text, one step a paragraph, parsed with line-numbered errors. */
#include "config.h"

#include "engine/lesson.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/board.h"
#include "engine/errmsg.h"
#include "engine/fileio.h"
#include "engine/known.h"
#include "engine/race.h"

/* The board sizes the screens take (Play to 18, Watch and Browse to 20). */
#define PLAY_MAX 18
#define TREE_MAX 20

/* Where blanks at the ends of s..e stop. */
static void trim(const char **s, const char **e)
{
	while (*s < *e && isspace((unsigned char)**s))
		(*s)++;
	while (*e > *s && isspace((unsigned char)(*e)[-1]))
		(*e)--;
}

/* Reads a whole number from lo to hi from the word w (len bytes); false if not one. */
static bool number(const char *w, size_t len, long lo, long hi, long *out)
{
	long v = 0;

	if (len == 0 || len > 18)
		return false;
	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)w[i]))
			return false;
		v = v * 10 + (w[i] - '0');
	}
	if (v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

/* The next blank-separated word of s..e, moving s past it. */
static bool word(const char **s, const char *e, const char **w, size_t *len)
{
	while (*s < e && isspace((unsigned char)**s))
		(*s)++;
	if (*s == e)
		return false;
	*w = *s;
	while (*s < e && !isspace((unsigned char)**s))
		(*s)++;
	*len = (size_t)(*s - *w);
	return true;
}

static bool is(const char *w, size_t len, const char *name)
{
	return strlen(name) == len && memcmp(w, name, len) == 0;
}

/*
 * A race's runners, checked as the race command checks them: two to four,
 * each once, repair and construct to the first solution, N in their range.
 */
static int check_race(struct lesson_step *st, char *why, size_t whylen)
{
	const enum search_algo *a = st->nrace ? st->race : race_default_algos;
	int count = st->nrace ? st->nrace : RACE_DEFAULT_COUNT;
	char err[256];
	struct race *r;

	for (int i = 0; i < count; i++)
		if (st->n < search_min_n(a[i]) || st->n > search_max_n(a[i])) {
			errmsg_set(why, whylen, "%s races boards from %d to %d, not %d",
			           search_algo_name(a[i]), search_min_n(a[i]),
			           search_max_n(a[i]), st->n);
			return -1;
		}
	r = race_new(st->n, a, count, st->first ? SEARCH_FIRST : SEARCH_ALL, err,
	             sizeof err);
	if (!r) {
		errmsg_set(why, whylen, "%s", err);
		return -1;
	}
	race_free(r);
	return 0;
}

/* show: watch N from POSITION: the position from s to e, where the search can start. */
static int parse_from(struct lesson_step *st, const char *s, const char *e, char *why,
                      size_t whylen)
{
	struct position pos;
	char text[256], perr[256];

	trim(&s, &e);
	snprintf(text, sizeof text, "%.*s", (int)(e - s), s);
	/* Ranks for fewer files than N: the files after them are empty. */
	if (isdigit((unsigned char)text[0]) || text[0] == '.' || text[0] == '-') {
		int tokens = 0;
		const char *t = text;
		const char *w2;
		size_t l2;

		while (word(&t, text + strlen(text), &w2, &l2))
			tokens++;
		for (; tokens < st->n && strlen(text) + 3 < sizeof text; tokens++)
			strcat(text, " -");
	}
	if (board_parse(text, &pos, perr, sizeof perr) < 0) {
		errmsg_set(why, whylen, "from: %s", perr);
		return -1;
	}
	if (pos.n > st->n || !board_ranks(&pos, st->from, NULL)) {
		errmsg_set(why, whylen,
		           "from: a position of the %dx%d board, one queen a file "
		           "at most",
		           st->n, st->n);
		board_free(&pos);
		return -1;
	}
	for (int f = pos.n; f < st->n; f++)
		st->from[f] = -1;
	board_free(&pos);
	st->has_from = true;
	/* The search says whether it can start there, and why not. */
	struct search *probe = search_new_from(st->algo, st->n, SEARCH_ALL, 1, st->from,
	                                       perr, sizeof perr);

	if (!probe) {
		errmsg_set(why, whylen, "from: %s", perr);
		return -1;
	}
	search_free(probe);
	return 0;
}

/* "show:" play N | watch N [ALGORITHM] [first] [from POSITION] | browse N [K] [classes] |
 * race N [ALGORITHM...] [first] | text */
static int parse_show(struct lesson_step *st, const char *s, const char *e, char *why,
                      size_t whylen)
{
	const char *w;
	size_t len;
	long v;

	if (!word(&s, e, &w, &len) || is(w, len, "text")) {
		st->screen = LESSON_TEXT;
		return 0;
	}
	if (is(w, len, "play"))
		st->screen = LESSON_PLAY;
	else if (is(w, len, "watch"))
		st->screen = LESSON_WATCH;
	else if (is(w, len, "browse"))
		st->screen = LESSON_BROWSE;
	else if (is(w, len, "race"))
		st->screen = LESSON_RACE;
	else {
		errmsg_set(why, whylen,
		           "'%.*s' is not a screen (show: play N, watch N, browse N, "
		           "race N or text)",
		           (int)len, w);
		return -1;
	}
	st->algo = SEARCH_BACKTRACK;
	if (!word(&s, e, &w, &len) ||
	    !number(w, len, 1, st->screen == LESSON_PLAY ? PLAY_MAX : TREE_MAX, &v)) {
		errmsg_set(why, whylen, "the board size must follow, from 1 to %d",
		           st->screen == LESSON_PLAY ? PLAY_MAX : TREE_MAX);
		return -1;
	}
	st->n = (int)v;
	while (word(&s, e, &w, &len)) {
		char name[32];
		enum search_algo a;

		snprintf(name, sizeof name, "%.*s", (int)(len < 31 ? len : 31), w);
		if (st->screen == LESSON_WATCH &&
		    (a = search_algo_from_name(name)) != SEARCH_ALGO_COUNT &&
		    search_is_tree(a)) {
			st->algo = a;
		} else if (st->screen == LESSON_RACE &&
		           (a = search_algo_from_name(name)) != SEARCH_ALGO_COUNT) {
			if (st->nrace == RACE_MAX) {
				errmsg_set(why, whylen,
				           "a race has %d to %d algorithms, not more",
				           RACE_MIN, RACE_MAX);
				return -1;
			}
			st->race[st->nrace++] = a;
		} else if ((st->screen == LESSON_WATCH || st->screen == LESSON_RACE) &&
		           is(w, len, "first")) {
			st->first = true;
		} else if (st->screen == LESSON_WATCH && is(w, len, "from")) {
			/* The rest of the line is the position. */
			if (parse_from(st, s, e, why, whylen) < 0)
				return -1;
			s = e;
		} else if (st->screen == LESSON_BROWSE && is(w, len, "classes")) {
			st->classes = true;
		} else if (st->screen == LESSON_BROWSE && len > 1 && w[0] == '#' &&
		           number(w + 1, len - 1, 1, INT64_MAX / 2, &v)) {
			st->index = (uint64_t)v;
		} else {
			errmsg_set(why, whylen, "'%.*s' is not a word of show: %s",
			           (int)len, w,
			           st->screen == LESSON_WATCH
			                   ? "watch N [backtrack|scan|permute|bits] "
			                     "[first] [from POSITION]"
			           : st->screen == LESSON_BROWSE
			                   ? "browse N [#K] [classes]"
			           : st->screen == LESSON_RACE
			                   ? "race N [ALGORITHM...] [first], ALGORITHM "
			                     "backtrack, scan, permute, bits, repair or "
			                     "construct"
			                   : "play N");
			return -1;
		}
	}
	return st->screen == LESSON_RACE ? check_race(st, why, whylen) : 0;
}

/* "run:" N events | solution | end */
static int parse_run(struct lesson_step *st, const char *s, const char *e, char *why,
                     size_t whylen)
{
	const char *w = "";
	size_t len = 0;
	long v;

	word(&s, e, &w, &len);
	if (is(w, len, "solution"))
		st->run = LESSON_RUN_SOLUTION;
	else if (is(w, len, "end"))
		st->run = LESSON_RUN_END;
	else if (number(w, len, 1, 100000000, &v) && !word(&s, e, &w, &len)) {
		st->run = LESSON_RUN_EVENTS;
		st->events = (uint64_t)v;
	} else {
		errmsg_set(why, whylen,
		           "run: takes a number of events (1 to 100000000), solution or "
		           "end");
		return -1;
	}
	return 0;
}

/* "until:" return | solution | event K | line L */
static int parse_until(struct lesson_step *st, const char *s, const char *e, char *why,
                       size_t whylen)
{
	const char *w = "", *w2 = "";
	size_t len = 0, len2 = 0;
	long v;
	bool two;

	word(&s, e, &w, &len);
	two = word(&s, e, &w2, &len2);
	if (is(w, len, "return") && !two) {
		st->until = LESSON_UNTIL_RETURN;
	} else if (is(w, len, "solution") && !two) {
		st->until = LESSON_UNTIL_SOLUTION;
	} else if (is(w, len, "event") && two && number(w2, len2, 1, 100000000, &v) &&
	           !word(&s, e, &w, &len)) {
		st->until = LESSON_UNTIL_EVENT;
		st->until_arg = (uint64_t)v;
	} else if (is(w, len, "line") && two && number(w2, len2, 1, 99, &v) &&
	           !word(&s, e, &w, &len)) {
		st->until = LESSON_UNTIL_LINE;
		st->until_arg = (uint64_t)v;
	} else {
		errmsg_set(why, whylen,
		           "until: takes return, solution, event K (1 to 100000000) or "
		           "line L (1 to 99)");
		return -1;
	}
	return 0;
}

static const char *const code_names[LESSON_CODE_COUNT] = {
        [LESSON_CODE_DEFAULT] = "",      [LESSON_CODE_PSEUDOCODE] = "pseudocode",
        [LESSON_CODE_PYTHON] = "python", [LESSON_CODE_C] = "c",
        [LESSON_CODE_JAVA] = "java",
};

const char *lesson_code_name(enum lesson_code c)
{
	return c < LESSON_CODE_COUNT ? code_names[c] : "";
}

/* The panels projector mode hides, by the names a step's words give them. */
static const struct {
	unsigned panel;
	const char *name;     /* as keep: takes it, and as the check tells it */
	const char *words[3]; /* the words that name it in a step's text */
} panels[] = {
        {LESSON_PANEL_COUNTERS, "counters", {"counters", "counter"}},
        {LESSON_PANEL_TREE, "tree", {"tree", "nodes per level"}},
        {LESSON_PANEL_NARRATION, "narration", {"narration"}},
};

/* "keep:" counters | tree | narration, one or more */
static int parse_keep(struct lesson_step *st, const char *s, const char *e, char *why,
                      size_t whylen)
{
	const char *w;
	size_t len;

	while (word(&s, e, &w, &len)) {
		size_t i = 0;

		while (i < sizeof panels / sizeof *panels && !is(w, len, panels[i].name))
			i++;
		if (i == sizeof panels / sizeof *panels) {
			errmsg_set(why, whylen,
			           "keep: takes counters, tree or narration, the panels "
			           "projector mode hides, not '%.*s'",
			           (int)(len < 40 ? len : 40), w);
			return -1;
		}
		st->keep |= panels[i].panel;
	}
	if (!st->keep) {
		errmsg_set(why, whylen,
		           "keep: takes counters, tree or narration, the panels "
		           "projector mode hides");
		return -1;
	}
	return 0;
}

/* "code:" pseudocode | python | c | java */
static int parse_code(struct lesson_step *st, const char *s, const char *e, char *why,
                      size_t whylen)
{
	for (int c = LESSON_CODE_PSEUDOCODE; c < LESSON_CODE_COUNT; c++)
		if (is(s, (size_t)(e - s), code_names[c])) {
			st->code = (enum lesson_code)c;
			return 0;
		}
	errmsg_set(why, whylen, "code: takes pseudocode, python, c or java");
	return -1;
}

/* Checks a finished step: it has words to say, and Watch's lines go with Watch. */
static int step_done(const struct lesson_step *st, char *why, size_t whylen)
{
	if (!st->text[0]) {
		errmsg_set(why, whylen,
		           "a step needs a say: line (what to tell the class)");
		return -1;
	}
	if (st->screen != LESSON_WATCH &&
	    (st->run || st->until || st->ask || st->code || st->keep)) {
		errmsg_set(why, whylen,
		           "run:, until:, ask:, code: and keep: go with show: watch");
		return -1;
	}
	if (st->screen != LESSON_WATCH && st->screen != LESSON_RACE &&
	    (st->speed || st->play)) {
		errmsg_set(why, whylen, "speed: and play go with show: watch or race");
		return -1;
	}
	/* A step either plays to a point, or asks, or plays on: one at a time. */
	if (st->until && (st->ask || st->play)) {
		errmsg_set(why, whylen,
		           "until: goes in a step of its own, without %s (the step "
		           "plays from run: to the point until: names)",
		           st->ask ? "ask:" : "play");
		return -1;
	}
	return 0;
}

/* The keys a step has once, and where each was seen. */
enum {
	LESSON_KEY_SHOW,
	LESSON_KEY_SPEED,
	LESSON_KEY_RUN,
	LESSON_KEY_UNTIL,
	LESSON_KEY_ASK,
	LESSON_KEY_CODE,
	LESSON_KEY_BIG,
	LESSON_KEY_PLAY,
	LESSON_KEY_KEEP,
	LESSON_KEY_ONCE
};
static const char *const once[LESSON_KEY_ONCE] = {"show", "speed", "run",  "until", "ask",
                                                  "code", "big",   "play", "keep"};

/* The parser's state: where it is, and whom it tells. */
struct parser {
	const char *name;
	lesson_report report;
	void *ctx;
	int errors;
};

static void tell(struct parser *ps, int line, const char *why)
{
	char msg[1024];

	if (line)
		errmsg_set(msg, sizeof msg, "%s:%d: %s", ps->name, line, why);
	else
		errmsg_set(msg, sizeof msg, "%s: %s", ps->name, why);
	ps->errors++;
	if (ps->report)
		ps->report(ps->ctx, line, msg);
}

/*
 * One line of a step (key klen bytes at s, value v..e): 0, or -1 with the
 * reason in why.
 */
static int step_line(struct lesson_step *st, int line, const char *s, size_t klen,
                     bool colon, const char *v, const char *e, int seen[LESSON_KEY_ONCE],
                     char *why, size_t whylen)
{
	for (int k = 0; k < LESSON_KEY_ONCE; k++) {
		if (!is(s, klen, once[k]))
			continue;
		if (seen[k]) {
			errmsg_set(why, whylen,
			           "a step has one %s%s line (the first is line %d)",
			           once[k],
			           k == LESSON_KEY_PLAY || k == LESSON_KEY_BIG ? "" : ":",
			           seen[k]);
			return -1;
		}
		seen[k] = line;
	}
	if (is(s, klen, "say") && colon) {
		size_t have = strlen(st->text), add = (size_t)(e - v);

		if (have + add + 2 > sizeof st->text) {
			errmsg_set(why, whylen, "a step says more than %d characters",
			           LESSON_TEXT_MAX - 1);
			return -1;
		}
		/* Where each line's words start in the text, for the check's messages. */
		if (st->nsays < LESSON_SAYS_MAX) {
			st->say_at[st->nsays] = (int)(have ? have + 1 : 0);
			st->say_line[st->nsays++] = line;
		}
		snprintf(st->text + have, sizeof st->text - have, "%s%.*s",
		         have ? " " : "", (int)add, v);
		return 0;
	}
	if (is(s, klen, "show") && colon) {
		st->show_line = line;
		return parse_show(st, v, e, why, whylen);
	}
	if (is(s, klen, "speed") && colon) {
		long sp;

		if (!number(v, (size_t)(e - v), 1, 1000, &sp)) {
			errmsg_set(why, whylen,
			           "speed: must be events a second, from 1 to 1000");
			return -1;
		}
		st->speed = (int)sp;
		return 0;
	}
	if (is(s, klen, "run") && colon) {
		st->run_line = line;
		return parse_run(st, v, e, why, whylen);
	}
	if (is(s, klen, "until") && colon) {
		st->until_line = line;
		return parse_until(st, v, e, why, whylen);
	}
	if (is(s, klen, "ask") && colon) {
		long k;

		if (!number(v, (size_t)(e - v), 1, 100, &k)) {
			errmsg_set(why, whylen,
			           "ask: must be a number of questions, from 1 to 100");
			return -1;
		}
		st->ask = (int)k;
		st->ask_line = line;
		return 0;
	}
	if (is(s, klen, "code") && colon)
		return parse_code(st, v, e, why, whylen);
	if (is(s, klen, "keep") && colon)
		return parse_keep(st, v, e, why, whylen);
	if (is(s, klen, "big")) {
		if (!colon || is(v, (size_t)(e - v), "on")) {
			st->big_said = 1;
		} else if (is(v, (size_t)(e - v), "off")) {
			st->big_said = -1;
		} else {
			errmsg_set(why, whylen,
			           "big: takes on or off (or big alone, on)");
			return -1;
		}
		return 0;
	}
	if (is(s, klen, "play") && !colon) {
		st->play = true;
		return 0;
	}
	errmsg_set(why, whylen,
	           "unknown line '%.*s' (a lesson's lines are title:, minutes:, say:, "
	           "show:, speed:, run:, until:, ask:, code:, keep:, big and play)",
	           (int)(klen < 40 ? klen : 40), s);
	return -1;
}

int lesson_parse_all(const char *text, const char *name, struct lesson *out,
                     lesson_report report, void *ctx)
{
	struct parser ps = {.name = name, .report = report, .ctx = ctx};
	/* A byte-order mark (as Notepad writes) is not part of the first key. */
	const char *p = text + fileio_bom(text, strlen(text));
	char why[512];
	int line = 0, cap = 0;
	/* in_step: lines belong to a step; skip: to the one that had an error. */
	bool in_step = false, skip = false, big = false;
	struct lesson_step *st = NULL;
	int seen[LESSON_KEY_ONCE] = {0};

	memset(out, 0, sizeof *out);
	while (*p) {
		const char *end = strchr(p, '\n'), *s = p, *e, *colon, *v;
		size_t klen;

		if (!end)
			end = p + strlen(p);
		line++;
		p = *end ? end + 1 : end;
		e = end;
		trim(&s, &e);
		if (s < e && *s == '#')
			continue;
		if (s == e) {
			/* A blank line ends the step. */
			if (in_step && !skip && step_done(st, why, sizeof why) < 0) {
				/* A step's own fault is told where it starts. */
				tell(&ps, st->line, why);
				out->nsteps--;
			}
			in_step = skip = false;
			continue;
		}
		if (skip)
			continue;
		colon = memchr(s, ':', (size_t)(e - s));
		klen = colon ? (size_t)(colon - s) : (size_t)(e - s);
		v = colon ? colon + 1 : e;
		trim(&v, &e);
		if (!in_step && (is(s, klen, "title") || is(s, klen, "minutes"))) {
			long m;

			if (out->steps) {
				errmsg_set(why, sizeof why,
				           "'%.*s:' belongs before the first step",
				           (int)klen, s);
				tell(&ps, line, why);
			} else if (is(s, klen, "title")) {
				snprintf(out->title, sizeof out->title, "%.*s",
				         (int)(e - v), v);
			} else if (!number(v, (size_t)(e - v), 1, 600, &m)) {
				tell(&ps, line,
				     "minutes: must be a whole number from 1 to 600");
			} else {
				out->minutes = (int)m;
			}
			continue;
		}
		if (!in_step) {
			if (out->nsteps == LESSON_STEPS_MAX) {
				errmsg_set(why, sizeof why, "more than %d steps",
				           LESSON_STEPS_MAX);
				tell(&ps, line, why);
				break;
			}
			if (out->nsteps == cap) {
				struct lesson_step *grown;

				cap = cap ? 2 * cap : 8;
				grown = realloc(out->steps, (size_t)cap * sizeof *grown);
				if (!grown) {
					tell(&ps, line, "out of memory");
					break;
				}
				out->steps = grown;
			}
			st = &out->steps[out->nsteps++];
			memset(st, 0, sizeof *st);
			st->line = line;
			in_step = true;
			memset(seen, 0, sizeof seen);
		}
		if (step_line(st, line, s, klen, colon != NULL, v, e, seen, why,
		              sizeof why) < 0) {
			tell(&ps, line, why);
			out->nsteps--;
			skip = true;
		}
	}
	if (in_step && !skip && step_done(st, why, sizeof why) < 0) {
		tell(&ps, st->line, why);
		out->nsteps--;
	}
	if (out->nsteps == 0 && ps.errors == 0)
		tell(&ps, 0, "no step: a lesson needs a say: line at least");
	if (!out->title[0])
		snprintf(out->title, sizeof out->title, "%s", name);
	/* Projector mode holds from the step that says it until one says otherwise. */
	for (int i = 0; i < out->nsteps; i++) {
		if (out->steps[i].big_said)
			big = out->steps[i].big_said > 0;
		out->steps[i].big = big;
	}
	return ps.errors;
}

/* Keeps the first error told, for the callers that want one. */
struct first_error {
	char *err;
	size_t errlen;
	bool told;
};

static void keep_first(void *ctx, int line, const char *error)
{
	struct first_error *fe = ctx;

	(void)line;
	if (!fe->told)
		errmsg_set(fe->err, fe->errlen, "%s", error);
	fe->told = true;
}

int lesson_parse(const char *text, const char *name, struct lesson *out, char *err,
                 size_t errlen)
{
	struct first_error fe = {err, errlen, false};

	if (lesson_parse_all(text, name, out, keep_first, &fe) > 0) {
		lesson_free(out);
		return -1;
	}
	return 0;
}

int lesson_load(const char *path, struct lesson *out, char *err, size_t errlen)
{
	return lesson_load_shown(path, out, err, errlen, NULL, NULL);
}

int lesson_load_shown(const char *path, struct lesson *out, char *err, size_t errlen,
                      lesson_progress progress, void *pctx)
{
	/* A lesson is a page or two: a megabyte is not one. */
	char *text = fileio_load_text(path, (size_t)1 << 20, "a lesson", err, errlen);
	struct first_error fe = {err, errlen, false};
	int rc;

	if (!text)
		return -1;
	rc = lesson_parse(text, path, out, err, errlen);
	free(text);
	if (rc == 0 &&
	    lesson_check_shown(out, path, keep_first, &fe, progress, pctx) > 0) {
		lesson_free(out);
		rc = -1;
	}
	return rc;
}

/* Events between two words to the progress callback while a search runs. */
#define TICK_EVENTS ((uint64_t)1 << 20)

/* The check's state: the search of the step before, kept when the next is the same. */
struct checker {
	struct parser ps;
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
		tell(&ck->ps, st->show_line ? st->show_line : st->line, why);
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
	tell(&ck->ps, line ? line : st->line, why);
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
		tell(&ck->ps, st->run_line, why);
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
		tell(&ck->ps, st->until_line, why);
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

	for (size_t i = 0; i < sizeof panels / sizeof *panels; i++) {
		long at = -1;

		if (st->keep & panels[i].panel)
			continue;
		for (int k = 0; k < 3 && panels[i].words[k] && at < 0; k++)
			at = find_words(st->text, panels[i].words[k]);
		if (at < 0)
			continue;
		errmsg_set(why, sizeof why,
		           "the words name the %s, which --big hides (keep: %s keeps "
		           "%s in projector mode)",
		           panels[i].name, panels[i].name,
		           panels[i].panel == LESSON_PANEL_COUNTERS ? "them" : "it");
		tell(&ck->ps, say_line_of(st, at), why);
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
		tell(&ck->ps, say_line_of(st, (long)(p - st->text)), why);
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
	tell(&ck->ps, say_line_of(st, at), why);
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
	tell(&ck->ps, st->ask_line, why);
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
		tell(&ck->ps, st->show_line, why);
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
	tell(&ck->ps, st->show_line, why);
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

void lesson_free(struct lesson *l)
{
	free(l->steps);
	l->steps = NULL;
	l->nsteps = 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct lesson_entry *)a)->name,
	              ((const struct lesson_entry *)b)->name);
}

void lesson_list(const char *dir, struct lesson_entry **out, size_t *count)
{
	DIR *d = dir ? opendir(dir) : NULL;
	struct lesson_entry *v = NULL;
	struct dirent *de;
	size_t n = 0, cap = 0;

	*out = NULL;
	*count = 0;
	if (!d)
		return;
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);
		char path[4096];
		struct lesson_entry *e;
		struct lesson l;

		if (len < 5 || strcmp(de->d_name + len - 4, ".txt") != 0 ||
		    len - 4 >= sizeof e->name || de->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 8;
			e = realloc(v, cap * sizeof *e);
			if (!e)
				break;
			v = e;
		}
		e = &v[n++];
		memset(e, 0, sizeof *e);
		memcpy(e->name, de->d_name, len - 4);
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		e->ok = lesson_load(path, &l, e->err, sizeof e->err) == 0;
		if (e->ok) {
			snprintf(e->title, sizeof e->title, "%s", l.title);
			e->minutes = l.minutes;
			lesson_free(&l);
		}
	}
	closedir(d);
	if (n > 1)
		qsort(v, n, sizeof *v, by_name);
	*out = v;
	*count = n;
}

/* solve's argument for a file: its letter, or its number as a program counts (c: 2). */
static void call_arg(bool numbered, int file, char *buf, size_t len)
{
	if (numbered)
		snprintf(buf, len, "%d", file);
	else
		board_file_name(file, buf, len);
}

/* The events a question explains one by one; more are summed up. */
#define WHY_EVENTS 3

bool lesson_question(const struct search *s, bool numbered, struct lesson_question *q)
{
	const struct search_frame *frames;
	int depth = search_stack(s, &frames);
	char err[256], sq[16], by[16], said[WHY_EVENTS][128];
	int nsaid = 0;
	uint64_t refused = 0, removed = 0;
	/* A search of its own to look ahead in: the viewer's stays where it is. */
	struct search *ahead =
	        search_new_from(search_algo(s), search_n(s), search_goal(s), 1,
	                        search_given(s), err, sizeof err);
	const struct search_event *ev;

	memset(q, 0, sizeof *q);
	q->numbered = numbered;
	if (!ahead)
		return false;
	search_seek(ahead, search_counters(s)->events);
	while (search_step(ahead)) {
		char *line = said[nsaid % WHY_EVENTS];

		ev = search_last(ahead);
		board_square_name(ev->sq, sq, sizeof sq);
		if (ev->kind == SEARCH_EV_PLACE)
			break;
		if (ev->kind == SEARCH_EV_REJECT) {
			refused++;
			board_square_name(ev->attacker, by, sizeof by);
			snprintf(line, 128, "%s is attacked by %s along %s", sq, by,
			         board_line_phrase(ev->line));
		} else if (ev->kind == SEARCH_EV_REMOVE) {
			removed++;
			snprintf(line, 128, "the queen on %s is taken off", sq);
		} else {
			continue;
		}
		nsaid++;
	}
	ev = search_last(ahead);
	if (ev->kind != SEARCH_EV_PLACE) {
		search_free(ahead);
		return false;
	}
	q->answer = ev->sq;
	q->event = search_counters(ahead)->events;
	/*
	 * The call under way is named only when it is the one that places the
	 * queen: after b4 is placed, solve(b) is running but c2 is solve(c)'s.
	 */
	if (depth > 0 && frames[depth - 1].file == ev->sq.file) {
		char f[16];

		call_arg(numbered, frames[depth - 1].file, f, sizeof f);
		snprintf(q->call, sizeof q->call, "solve(%s)", f);
	}
	board_square_name(ev->sq, sq, sizeof sq);
	call_arg(numbered, ev->sq.file, by, sizeof by);
	size_t at = 0;

	if (nsaid > WHY_EVENTS) {
		/* Only what happened is counted: no "0 queens taken off". */
		at = (size_t)snprintf(q->why, sizeof q->why, "On the way ");
		if (refused)
			at += (size_t)snprintf(q->why + at, sizeof q->why - at,
			                       "%" PRIu64 " square%s %s refused%s",
			                       refused, refused == 1 ? "" : "s",
			                       refused == 1 ? "is" : "are",
			                       removed ? " and " : "");
		if (removed)
			at += (size_t)snprintf(q->why + at, sizeof q->why - at,
			                       "%" PRIu64 " queen%s %staken off", removed,
			                       removed == 1 ? "" : "s",
			                       refused        ? ""
			                       : removed == 1 ? "is "
			                                      : "are ");
		at += (size_t)snprintf(q->why + at, sizeof q->why - at, "; the last: ");
	} else if (nsaid > 0)
		at = (size_t)snprintf(q->why, sizeof q->why, "First ");
	for (int k = nsaid > WHY_EVENTS ? nsaid - WHY_EVENTS : 0; k < nsaid; k++)
		if (at < sizeof q->why)
			at += (size_t)snprintf(q->why + at, sizeof q->why - at, "%s%s",
			                       k > 0 && k > nsaid - WHY_EVENTS ? ", then "
			                                                       : "",
			                       said[k % WHY_EVENTS]);
	if (at < sizeof q->why)
		snprintf(q->why + at, sizeof q->why - at,
		         "%s%s is free, so solve(%s) puts its queen there.",
		         at ? ". " : "", sq, by);
	search_free(ahead);
	return true;
}

int lesson_answer(const struct lesson_question *q, int n, const char *typed,
                  struct quiz_answer *got, char *buf, size_t len)
{
	struct quiz_answer a;
	char right[16], said[16];
	bool ok;

	/* Watch's predict mode reads the same: a rank alone on the call's file. */
	if (!quiz_read(QUIZ_WHERE, n, q->call[0] ? q->answer.file : -1, q->numbered,
	               typed, &a, buf, len))
		return -1;
	if (got)
		*got = a;
	board_square_name(q->answer, right, sizeof right);
	if (a.none) {
		snprintf(buf, len, "Not none: the queen goes to %s. %s", right, q->why);
		return 0;
	}
	ok = a.sq.file == q->answer.file && a.sq.rank == q->answer.rank;
	board_square_name(a.sq, said, sizeof said);
	if (ok)
		snprintf(buf, len, "Right: %s. %s", right, q->why);
	else
		snprintf(buf, len, "Not %s: the queen goes to %s. %s", said, right,
		         q->why);
	return ok;
}
