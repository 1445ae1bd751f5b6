/* Lesson scripts: plain text, one step a paragraph, parsed with line-numbered errors. */
#include "config.h"

#include "lesson.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "errmsg.h"
#include "fileio.h"

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

/* "show:" play N | watch N [ALGORITHM] [first] [from POSITION] | browse N [K] [classes] |
 * text */
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
	else {
		errmsg_set(why, whylen,
		           "'%.*s' is not a screen (show: play N, watch N, browse N or "
		           "text)",
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
		} else if (st->screen == LESSON_WATCH && is(w, len, "first")) {
			st->first = true;
		} else if (st->screen == LESSON_WATCH && is(w, len, "from")) {
			struct position pos;
			char text[256], perr[256];

			trim(&s, &e);
			snprintf(text, sizeof text, "%.*s", (int)(e - s), s);
			s = e;
			/* Ranks for fewer files than N: the files after them are empty.
			 */
			if (isdigit((unsigned char)text[0]) || text[0] == '.' ||
			    text[0] == '-') {
				int tokens = 0;
				const char *t = text;
				const char *w2;
				size_t l2;

				while (word(&t, text + strlen(text), &w2, &l2))
					tokens++;
				for (; tokens < st->n && strlen(text) + 3 < sizeof text;
				     tokens++)
					strcat(text, " -");
			}
			if (board_parse(text, &pos, perr, sizeof perr) < 0) {
				errmsg_set(why, whylen, "from: %s", perr);
				return -1;
			}
			if (pos.n > st->n || !board_ranks(&pos, st->from, NULL)) {
				errmsg_set(why, whylen,
				           "from: a position of the %dx%d board, one "
				           "queen a "
				           "file at most",
				           st->n, st->n);
				board_free(&pos);
				return -1;
			}
			for (int f = pos.n; f < st->n; f++)
				st->from[f] = -1;
			board_free(&pos);
			st->has_from = true;
			/* The search says whether it can start there, and why not. */
			struct search *probe =
			        search_new_from(st->algo, st->n, SEARCH_ALL, 1, st->from,
			                        perr, sizeof perr);

			if (!probe) {
				errmsg_set(why, whylen, "from: %s", perr);
				return -1;
			}
			search_free(probe);
		} else if (st->screen == LESSON_BROWSE && is(w, len, "classes")) {
			st->classes = true;
		} else if (st->screen == LESSON_BROWSE && len > 1 && w[0] == '#' &&
		           number(w + 1, len - 1, 1, INT64_MAX / 2, &v)) {
			st->index = (uint64_t)v;
		} else {
			errmsg_set(why, whylen, "'%.*s' is not a word of show: %s",
			           (int)len, w,
			           st->screen == LESSON_WATCH
			                   ? "watch N [backtrack|scan|permute] [first] "
			                     "[from POSITION]"
			           : st->screen == LESSON_BROWSE
			                   ? "browse N [#K] [classes]"
			                   : "play N");
			return -1;
		}
	}
	return 0;
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
	else if (number(w, len, 1, 100000000, &v)) {
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

/* Checks a finished step: it has words to say, and Watch's lines go with Watch. */
static int step_done(const struct lesson_step *st, char *why, size_t whylen)
{
	if (!st->text[0]) {
		errmsg_set(why, whylen,
		           "a step needs a say: line (what to tell the class)");
		return -1;
	}
	if (st->screen != LESSON_WATCH && (st->speed || st->run || st->ask || st->play)) {
		errmsg_set(why, whylen,
		           "speed:, run:, ask: and play go with show: watch");
		return -1;
	}
	return 0;
}

int lesson_parse(const char *text, const char *name, struct lesson *out, char *err,
                 size_t errlen)
{
	/* A byte-order mark (as Notepad writes) is not part of the first key. */
	const char *p = text + fileio_bom(text, strlen(text));
	char why[512];
	int line = 0, cap = 0;
	bool in_step = false;
	struct lesson_step *st = NULL;
	/* The line of each of a step's one-time keys, 0 when not seen yet. */
	static const char *const once[] = {"show", "speed", "run", "ask", "play"};
	int seen[5] = {0};

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
			if (in_step && step_done(st, why, sizeof why) < 0)
				goto fail_step;
			in_step = false;
			continue;
		}
		colon = memchr(s, ':', (size_t)(e - s));
		klen = colon ? (size_t)(colon - s) : (size_t)(e - s);
		v = colon ? colon + 1 : e;
		trim(&v, &e);
		if (!in_step && (is(s, klen, "title") || is(s, klen, "minutes"))) {
			long m;

			if (out->nsteps > 0) {
				errmsg_set(why, sizeof why,
				           "'%.*s:' belongs before the first step",
				           (int)klen, s);
				goto fail;
			}
			if (is(s, klen, "title")) {
				snprintf(out->title, sizeof out->title, "%.*s",
				         (int)(e - v), v);
			} else if (!number(v, (size_t)(e - v), 1, 600, &m)) {
				errmsg_set(
				        why, sizeof why,
				        "minutes: must be a whole number from 1 to 600");
				goto fail;
			} else {
				out->minutes = (int)m;
			}
			continue;
		}
		if (!in_step) {
			if (out->nsteps == LESSON_STEPS_MAX) {
				errmsg_set(why, sizeof why, "more than %d steps",
				           LESSON_STEPS_MAX);
				goto fail;
			}
			if (out->nsteps == cap) {
				cap = cap ? 2 * cap : 8;
				st = realloc(out->steps, (size_t)cap * sizeof *st);
				if (!st) {
					errmsg_set(why, sizeof why, "out of memory");
					goto fail;
				}
				out->steps = st;
			}
			st = &out->steps[out->nsteps++];
			memset(st, 0, sizeof *st);
			st->line = line;
			in_step = true;
			memset(seen, 0, sizeof seen);
		}
		for (int k = 0; k < 5; k++) {
			if (!is(s, klen, once[k]))
				continue;
			if (seen[k]) {
				errmsg_set(
				        why, sizeof why,
				        "a step has one %s%s line (the first is line %d)",
				        once[k], k == 4 ? "" : ":", seen[k]);
				goto fail;
			}
			seen[k] = line;
		}
		if (is(s, klen, "say") && colon) {
			size_t have = strlen(st->text), add = (size_t)(e - v);

			if (have + add + 2 > sizeof st->text) {
				errmsg_set(why, sizeof why,
				           "a step says more than %d characters",
				           LESSON_TEXT_MAX - 1);
				goto fail;
			}
			snprintf(st->text + have, sizeof st->text - have, "%s%.*s",
			         have ? " " : "", (int)add, v);
		} else if (is(s, klen, "show") && colon) {
			if (parse_show(st, v, e, why, sizeof why) < 0)
				goto fail;
		} else if (is(s, klen, "speed") && colon) {
			long sp;

			if (!number(v, (size_t)(e - v), 1, 1000, &sp)) {
				errmsg_set(
				        why, sizeof why,
				        "speed: must be events a second, from 1 to 1000");
				goto fail;
			}
			st->speed = (int)sp;
		} else if (is(s, klen, "run") && colon) {
			if (parse_run(st, v, e, why, sizeof why) < 0)
				goto fail;
		} else if (is(s, klen, "ask") && colon) {
			long k;

			if (!number(v, (size_t)(e - v), 1, 100, &k)) {
				errmsg_set(why, sizeof why,
				           "ask: must be a number of questions, from 1 "
				           "to 100");
				goto fail;
			}
			st->ask = (int)k;
		} else if (is(s, klen, "play") && !colon) {
			st->play = true;
		} else {
			errmsg_set(why, sizeof why,
			           "unknown line '%.*s' (a lesson's lines are title:, "
			           "minutes:, say:, show:, speed:, run:, ask: and play)",
			           (int)(klen < 40 ? klen : 40), s);
			goto fail;
		}
	}
	if (in_step && step_done(st, why, sizeof why) < 0)
		goto fail_step;
	if (out->nsteps == 0) {
		errmsg_set(err, errlen,
		           "%s: no step: a lesson needs a say: line at least", name);
		lesson_free(out);
		return -1;
	}
	if (!out->title[0])
		snprintf(out->title, sizeof out->title, "%s", name);
	return 0;
fail_step:
	/* A step is faulted where it starts. */
	errmsg_set(err, errlen, "%s:%d: %s", name, st->line, why);
	lesson_free(out);
	return -1;
fail:
	errmsg_set(err, errlen, "%s:%d: %s", name, line, why);
	lesson_free(out);
	return -1;
}

int lesson_load(const char *path, struct lesson *out, char *err, size_t errlen)
{
	/* A lesson is a page or two: a megabyte is not one. */
	char *text = fileio_load_text(path, (size_t)1 << 20, "a lesson", err, errlen);
	int rc;

	if (!text)
		return -1;
	rc = lesson_parse(text, path, out, err, errlen);
	free(text);
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

/* The events a question explains one by one; more are summed up. */
#define WHY_EVENTS 3

bool lesson_question(const struct search *s, struct lesson_question *q)
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
	if (!ahead)
		return false;
	if (depth > 0) {
		char f[16];

		board_file_name(frames[depth - 1].file, f, sizeof f);
		snprintf(q->call, sizeof q->call, "solve(%s)", f);
	}
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
	board_square_name(ev->sq, sq, sizeof sq);
	board_file_name(ev->sq.file, by, sizeof by);
	size_t at = 0;

	if (nsaid > WHY_EVENTS)
		at = (size_t)snprintf(
		        q->why, sizeof q->why,
		        "On the way %" PRIu64 " square%s %s refused and %" PRIu64
		        " queen%s taken off; the last: ",
		        refused, refused == 1 ? "" : "s", refused == 1 ? "is" : "are",
		        removed, removed == 1 ? "" : "s");
	else if (nsaid > 0)
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

int lesson_answer(const struct lesson_question *q, int n, const char *typed, char *buf,
                  size_t len)
{
	struct position pos;
	char perr[256], right[16], got[16];
	bool ok;

	/* A square by its name: ranks alone ("3") would be a position. */
	bool parsed = isalpha((unsigned char)typed[0]) &&
	              board_parse(typed, &pos, perr, sizeof perr) == 0;

	if (!parsed || pos.count != 1 || pos.sq[0].file >= n || pos.sq[0].rank >= n) {
		char last[16];

		if (parsed)
			board_free(&pos);
		board_square_name((struct square){n - 1, n - 1}, last, sizeof last);
		snprintf(buf, len, "Type a square from a1 to %s, such as %s, then Enter.",
		         last, n > 2 ? "c2" : "a1");
		return -1;
	}
	ok = pos.sq[0].file == q->answer.file && pos.sq[0].rank == q->answer.rank;
	board_square_name(pos.sq[0], got, sizeof got);
	board_square_name(q->answer, right, sizeof right);
	board_free(&pos);
	if (ok)
		snprintf(buf, len, "Right: %s. %s", right, q->why);
	else
		snprintf(buf, len, "Not %s: the queen goes to %s. %s", got, right,
		         q->why);
	return ok;
}
