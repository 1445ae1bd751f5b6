/* Watch's handout: the last events told and the frame shown, as a text file and an SVG.
 */
#include "config.h"

#include "tui/watch_model.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "engine/board.h"
#include "engine/code.h"
#include "engine/sheet.h"
#include "engine/store.h"
#include "engine/wrap.h"

/* The events the handout tells, the last before the frame: what a page holds. */
#define HANDOUT_EVENTS 10

/* The columns of the narration, as `trace --explain --width 72` breaks it. */
#define HANDOUT_WIDTH 72

/* Text that grows as it is written; NULL text once memory ran short. */
struct sheet_text {
	char *text;
	size_t len, cap;
};

static void add(struct sheet_text *t, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

static void add(struct sheet_text *t, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (!t->text && t->cap)
		return;
	va_start(ap, fmt);
	k = vsnprintf(t->text ? t->text + t->len : NULL, t->text ? t->cap - t->len : 0,
	              fmt, ap);
	va_end(ap);
	if (k < 0)
		return;
	if (t->len + (size_t)k + 1 > t->cap) {
		size_t cap = t->cap ? t->cap : 4096;
		char *p;

		while (t->len + (size_t)k + 1 > cap)
			cap *= 2;
		p = realloc(t->text, cap);
		if (!p) {
			free(t->text);
			t->text = NULL;
			t->cap = 1;
			return;
		}
		t->text = p;
		t->cap = cap;
		va_start(ap, fmt);
		vsnprintf(t->text + t->len, t->cap - t->len, fmt, ap);
		va_end(ap);
	}
	t->len += (size_t)k;
}

/* The command that prints the same trace, so that a reader can make it again. */
static void trace_command(const struct watch_model *w, struct sheet_text *t)
{
	add(t, "nqueens trace %d", w->n);
	if (w->algo != SEARCH_BACKTRACK)
		add(t, " --algorithm %s", search_algo_name(w->algo));
	if (w->goal == SEARCH_FIRST && search_is_tree(w->algo))
		add(t, " --first");
	if (w->given) {
		char ranks[4096];

		board_format_ranks(w->n, w->given, ranks, sizeof ranks);
		add(t, " --from '%s'", ranks);
	}
}

/* A paragraph broken between words into lines of the handout's width. */
static void add_para(struct sheet_text *t, const char *text)
{
	if (!text) {
		add(t, "(out of memory)\n");
		return;
	}
	while (*text) {
		size_t cut = wrap_cut(text, HANDOUT_WIDTH);

		add(t, "%.*s\n", (int)cut, text);
		text += cut;
		text += strspn(text, " ");
	}
}

/* The event just run in trace's words, and what it means broken into lines. */
static int add_told(const struct search *s, struct sheet_text *t)
{
	char line[512], *buf = line;
	size_t need = search_describe(s, line, sizeof line);

	/* A solution of a large board lists every rank. */
	if (need >= sizeof line && !(buf = malloc(need + 1)))
		return -1;
	if (buf != line)
		search_describe(s, buf, need + 1);
	add(t, "%s\n", buf);
	if (buf != line)
		free(buf);
	buf = line;
	need = search_explain(s, true, line, sizeof line);
	if (need >= sizeof line && !(buf = malloc(need + 1)))
		return -1;
	if (buf != line)
		search_explain(s, true, buf, need + 1);
	for (const char *rest = buf; *rest;) {
		size_t cut = wrap_cut(rest, HANDOUT_WIDTH - 2);

		add(t, "  %.*s\n", (int)cut, rest);
		rest += cut;
		rest += strspn(rest, " ");
	}
	if (buf != line)
		free(buf);
	return 0;
}

/*
 * The last events up to the one shown, each followed by what it means, as
 * trace --explain --width 72 prints them: the search is taken back over
 * them and run on again to where it was.
 */
static int add_last(struct watch_model *w, struct sheet_text *t, uint64_t at)
{
	uint64_t back = 0;
	int rc = 0;

	while (back < HANDOUT_EVENTS && search_back(w->s))
		back++;
	for (uint64_t i = 0; i < back && search_step(w->s); i++)
		if (rc == 0)
			rc = add_told(w->s, t);
	/* Wherever the telling stopped, the search is back at the event shown. */
	if (search_counters(w->s)->events != at)
		search_seek(w->s, at);
	return rc;
}

/* The board, the stack and the counters of the event shown. */
static void add_frame(const struct watch_model *w, struct sheet_text *t, uint64_t at)
{
	const struct search_frame *frames;
	int depth = search_stack(w->s, &frames);
	size_t need;
	char line[64], *buf;

	add(t, "\nThe board after event %" PRIu64 ":\n", at);
	/* A board beyond the screen's squares would be pages of dots: its ranks say it.
	 */
	if (w->n <= CELLS_MAX_N) {
		need = board_format_picture(w->n, search_ranks(w->s), NULL, 0);
		buf = malloc(need + 1);
		if (buf) {
			board_format_picture(w->n, search_ranks(w->s), buf, need + 1);
			add(t, "%s", buf);
			free(buf);
		}
	}
	need = board_format_ranks(w->n, search_ranks(w->s), NULL, 0);
	buf = malloc(need + 1);
	if (buf) {
		board_format_ranks(w->n, search_ranks(w->s), buf, need + 1);
		add(t, "ranks: %s\n", buf);
		free(buf);
	}
	if (search_nodes(w->s)) {
		add(t, "\nThe call stack, the innermost last:\n");
		if (depth == 0)
			add(t, "(empty)\n");
		for (int i = 0; i < depth; i++) {
			watch_frame_text(&frames[i], line, sizeof line);
			add(t, "%s\n", line);
		}
	}
	add(t, "\nThe counters:\n");
	need = search_format_stats(w->s, NULL, 0);
	buf = malloc(need + 1);
	if (buf) {
		search_format_stats(w->s, buf, need + 1);
		add(t, "%s", buf);
		free(buf);
	}
	if (search_figure(w->s, SEARCH_FIG_DEPTH, line, sizeof line))
		add(t, "%s\n", line);
}

static void tell(struct watch_model *w, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

/* What became of the handout, in the message line. */
static void tell(struct watch_model *w, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(w->message, sizeof w->message, fmt, ap);
	va_end(ap);
}

/* The handout as text: the title, the last events told, the frame. */
static char *text_handout(struct watch_model *w, uint64_t at, const char *title)
{
	struct sheet_text t = {0}, intro = {0};
	uint64_t first = at > HANDOUT_EVENTS ? at - HANDOUT_EVENTS + 1 : 1;

	add(&t, "%s\n\n", title);
	if (at > 0) {
		add(&intro, "`");
		trace_command(w, &intro);
		add(&intro,
		    "` prints the whole trace; its first %" PRIu64
		    " line%s are the search so far. ",
		    at, at == 1 ? "" : "s");
		if (first == at)
			add(&intro, "Event %" PRIu64 ", and what it means, as `", at);
		else
			add(&intro,
			    "Events %" PRIu64 " to %" PRIu64
			    ", and what each means, as `",
			    first, at);
		trace_command(w, &intro);
		add(&intro, " --explain --width %d` tells them:", HANDOUT_WIDTH);
		add_para(&t, intro.text);
		add(&t, "\n");
		if (add_last(w, &t, at) < 0 && t.text) {
			free(t.text);
			t.text = NULL;
		}
	} else {
		add(&intro, "The search has not started: `");
		trace_command(w, &intro);
		add(&intro, "` prints its events.");
		add_para(&t, intro.text);
	}
	free(intro.text);
	add_frame(w, &t, at);
	return t.text;
}

/*
 * The frame as an SVG page on the locale's paper (sheet_watch), with the
 * listing the screen shows: the program in Python, C or Java with the line
 * it lights, or the pseudocode.
 */
static char *svg_handout(const struct watch_model *w, const char *title)
{
	struct sheet_text listing = {0};
	struct sheet_listing shown = {0};
	char *text = NULL;
	size_t size = 0;
	FILE *out;
	int rc;

	if (watch_model_code_shown(w)) {
		for (int i = 1; i <= code_count(w->listing); i++)
			add(&listing, "%s\n", code_text(w->listing, i));
		shown.lang = watch_lang_title(w->lang);
		shown.lit = watch_model_lit(w);
	} else {
		for (int i = 0; i < w->npseudo; i++)
			add(&listing, "%s\n", w->pseudo[i]);
		shown.lang = watch_lang_title(CODE_LANG_COUNT);
		shown.lit = search_line(w->s);
	}
	shown.text = listing.text;
	out = open_memstream(&text, &size);
	if (!out) {
		free(listing.text);
		return NULL;
	}
	rc = sheet_watch(out, sheet_paper_default(), w->s, shown.text ? &shown : NULL,
	                 title);
	if (fclose(out) != 0 || rc < 0) {
		free(text);
		text = NULL;
	}
	free(listing.text);
	return text;
}

void watch_handout(struct watch_model *w)
{
	uint64_t at = search_counters(w->s)->events;
	char stem[128], title[256], txt[256], svg[256], err[512], dir[4096];
	char *text, *sheet;

	snprintf(stem, sizeof stem, "nqueens-watch-%dx%d-%s-event-%" PRIu64, w->n, w->n,
	         search_algo_name(w->algo), at);
	snprintf(title, sizeof title, "nqueens: Watch %dx%d, %s, %s%s, event %" PRIu64,
	         w->n, w->n, search_algo_name(w->algo),
	         !search_is_tree(w->algo) ? "one solution"
	         : w->goal == SEARCH_ALL  ? "all solutions"
	                                  : "first solution",
	         w->given ? ", from the queens given" : "", at);
	if (w->total)
		snprintf(title + strlen(title), sizeof title - strlen(title),
		         " of %" PRIu64, w->total);
	text = text_handout(w, at, title);
	sheet = svg_handout(w, title);
	if (!text || !sheet) {
		snprintf(w->message, sizeof w->message, "Not written: out of memory.");
		free(text);
		free(sheet);
		return;
	}
	if (!getcwd(dir, sizeof dir))
		snprintf(dir, sizeof dir, "the current directory");
	/* The text and the sheet, each under a name of its own that no file has. */
	if (store_export_as(stem, ".txt", text, txt, sizeof txt, err, sizeof err) < 0)
		tell(w, "Not exported to %s: %s.", dir, err);
	else if (store_export_as(stem, ".svg", sheet, svg, sizeof svg, err, sizeof err) <
	         0)
		tell(w, "Written to %s in %s, but not the sheet: %s.", txt, dir, err);
	else
		tell(w, "Written to %s and %s in %s.", txt, svg, dir);
	free(text);
	free(sheet);
}
