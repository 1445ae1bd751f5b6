/* Watch's handout: the trace so far and the frame shown, written to a new text file. */
#include "config.h"

#include "watch_model.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "store.h"

/* A handout's trace stops here: a longer one would not be read on paper. */
#define HANDOUT_MAX_EVENTS 500000u

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

/* The events up to the one shown, one a line as trace prints them. */
static int add_trace(const struct watch_model *w, struct sheet_text *t, uint64_t upto)
{
	char err[256], line[512], *buf;
	struct search *r =
	        search_new_from(w->algo, w->n, w->goal, 1, w->given, err, sizeof err);

	if (!r)
		return -1;
	while (search_counters(r)->events < upto && search_step(r)) {
		size_t need = search_describe(r, line, sizeof line);

		/* A solution of a large board lists every rank. */
		buf = need < sizeof line ? line : malloc(need + 1);
		if (!buf) {
			search_free(r);
			return -1;
		}
		if (buf != line)
			search_describe(r, buf, need + 1);
		add(t, "%s\n", buf);
		if (buf != line)
			free(buf);
	}
	search_free(r);
	return 0;
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

void watch_handout(struct watch_model *w)
{
	uint64_t at = search_counters(w->s)->events;
	struct sheet_text t = {0};
	char stem[128];

	if (at > HANDOUT_MAX_EVENTS) {
		snprintf(w->message, sizeof w->message,
		         "Not written: a handout holds up to %u events, and this is "
		         "event %" PRIu64 ".",
		         HANDOUT_MAX_EVENTS, at);
		return;
	}
	snprintf(stem, sizeof stem, "nqueens-watch-%dx%d-%s-event-%" PRIu64, w->n, w->n,
	         search_algo_name(w->algo), at);
	add(&t, "nqueens: Watch %dx%d, %s, %s%s, event %" PRIu64, w->n, w->n,
	    search_algo_name(w->algo),
	    !search_is_tree(w->algo) ? "one solution"
	    : w->goal == SEARCH_ALL  ? "all solutions"
	                             : "first solution",
	    w->given ? ", from the queens given" : "", at);
	if (w->total)
		add(&t, " of %" PRIu64, w->total);
	add(&t, "\n\nThe trace so far, as `");
	trace_command(w, &t);
	add(&t, "` prints its first %" PRIu64 " line%s:\n", at, at == 1 ? "" : "s");
	if (add_trace(w, &t, at) < 0 && t.text) {
		free(t.text);
		t.text = NULL;
	}
	add_frame(w, &t, at);
	if (!t.text) {
		snprintf(w->message, sizeof w->message, "Not written: out of memory.");
		return;
	}
	store_export_told(stem, ".txt", t.text, w->message, sizeof w->message);
	free(t.text);
}
