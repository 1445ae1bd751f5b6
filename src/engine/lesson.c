/* Lesson scripts: plain text, one step a paragraph, parsed with line-numbered errors. */
#include "config.h"

#include "engine/lesson.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/board.h"
#include "engine/errmsg.h"
#include "engine/fileio.h"
#include "engine/lesson_parts.h"
#include "engine/race.h"
#include "engine/store.h"

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

/* "from" POSITION of show: watch, s..e the position: the queens the search starts from.
 */
static int parse_from(struct lesson_step *st, const char *s, const char *e, char *why,
                      size_t whylen)
{
	struct position pos;
	char text[256], perr[256];
	struct search *probe;

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
		errmsg_set(
		        why, whylen,
		        "from: a position of the %dx%d board, one queen a file at most",
		        st->n, st->n);
		board_free(&pos);
		return -1;
	}
	for (int f = pos.n; f < st->n; f++)
		st->from[f] = -1;
	board_free(&pos);
	st->has_from = true;
	/* The search says whether it can start there, and why not. */
	probe = search_new_from(st->algo, st->n, SEARCH_ALL, 1, st->from, perr,
	                        sizeof perr);
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
			/* The position takes the rest of the line. */
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

const struct lesson_panel_name lesson_panel_names[LESSON_PANEL_NAMES] = {
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

		while (i < LESSON_PANEL_NAMES && !is(w, len, lesson_panel_names[i].name))
			i++;
		if (i == LESSON_PANEL_NAMES) {
			errmsg_set(why, whylen,
			           "keep: takes counters, tree or narration, the panels "
			           "projector mode hides, not '%.*s'",
			           (int)(len < 40 ? len : 40), w);
			return -1;
		}
		st->keep |= lesson_panel_names[i].panel;
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

void lesson_tell(struct lesson_teller *ps, int line, const char *why)
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
	struct lesson_teller ps = {.name = name, .report = report, .ctx = ctx};
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
				lesson_tell(&ps, st->line, why);
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
				lesson_tell(&ps, line, why);
			} else if (is(s, klen, "title")) {
				snprintf(out->title, sizeof out->title, "%.*s",
				         (int)(e - v), v);
			} else if (!number(v, (size_t)(e - v), 1, 600, &m)) {
				lesson_tell(
				        &ps, line,
				        "minutes: must be a whole number from 1 to 600");
			} else {
				out->minutes = (int)m;
				out->minutes_line = line;
			}
			continue;
		}
		if (!in_step) {
			if (out->nsteps == LESSON_STEPS_MAX) {
				errmsg_set(why, sizeof why, "more than %d steps",
				           LESSON_STEPS_MAX);
				lesson_tell(&ps, line, why);
				break;
			}
			if (out->nsteps == cap) {
				struct lesson_step *grown;

				cap = cap ? 2 * cap : 8;
				grown = realloc(out->steps, (size_t)cap * sizeof *grown);
				if (!grown) {
					lesson_tell(&ps, line, "out of memory");
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
			lesson_tell(&ps, line, why);
			out->nsteps--;
			skip = true;
		}
	}
	if (in_step && !skip && step_done(st, why, sizeof why) < 0) {
		lesson_tell(&ps, st->line, why);
		out->nsteps--;
	}
	if (out->nsteps == 0 && ps.errors == 0)
		lesson_tell(&ps, 0, "no step: a lesson needs a say: line at least");
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
		snprintf(e->path, sizeof e->path, "%s", path);
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

const char *lesson_user_dir(char *buf, size_t len)
{
	char err[256];
	size_t at;

	if (store_default_dir(buf, len, err, sizeof err) != 0)
		return NULL;
	at = strlen(buf);
	if ((size_t)snprintf(buf + at, len - at, "/lessons") >= len - at)
		return NULL;
	return buf;
}

void lesson_list_all(const char *shipped, const char *mine, struct lesson_entry **out,
                     size_t *count)
{
	struct lesson_entry *s, *m, *all;
	size_t ns, nm, n = 0;

	lesson_list(shipped, &s, &ns);
	lesson_list(mine, &m, &nm);
	*out = NULL;
	*count = 0;
	all = malloc((ns + nm + 1) * sizeof *all);
	if (!all) {
		free(s);
		free(m);
		return;
	}
	for (size_t i = 0; i < nm; i++) {
		all[n] = m[i];
		all[n++].mine = true;
	}
	for (size_t i = 0; i < ns; i++) {
		bool hidden = false;

		for (size_t j = 0; j < nm && !hidden; j++)
			hidden = strcmp(m[j].name, s[i].name) == 0;
		if (!hidden)
			all[n++] = s[i];
	}
	free(s);
	free(m);
	if (n > 1)
		qsort(all, n, sizeof *all, by_name);
	*out = all;
	*count = n;
}
