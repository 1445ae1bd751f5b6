/* A session of questions as they ended, for the summary a screen shows and exports. */
#include "config.h"

#include "engine/quiz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/wrap.h"

void quiz_log_init(struct quiz_log *l, long long now_ms)
{
	*l = (struct quiz_log){.start_ms = now_ms, .end_ms = now_ms};
}

void quiz_log_free(struct quiz_log *l)
{
	free(l->v);
	l->v = NULL;
	l->count = l->cap = 0;
}

void quiz_log_copy(struct quiz_log *dst, const struct quiz_log *src)
{
	*dst = *src;
	dst->v = NULL;
	dst->cap = 0;
	if (!src->count)
		return;
	dst->v = malloc(src->count * sizeof *dst->v);
	if (!dst->v) {
		dst->count = 0;
		dst->short_of_memory = true;
		return;
	}
	memcpy(dst->v, src->v, src->count * sizeof *dst->v);
	dst->cap = src->count;
}

bool quiz_log_has(const struct quiz_log *l, uint64_t place, unsigned key,
                  enum quiz_kind kind)
{
	for (size_t i = 0; i < l->count; i++) {
		const struct quiz_entry *e = &l->v[i];

		if (e->key == key && e->from <= place && place <= e->to &&
		    (e->kind == QUIZ_NONE || e->kind == kind))
			return true;
	}
	return false;
}

void quiz_log_add(struct quiz_log *l, const struct quiz_entry *e)
{
	for (unsigned i = 0; i < e->count; i++)
		quiz_score_add(&l->score, e->verdict);
	if (l->count == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 32;
		struct quiz_entry *v = realloc(l->v, cap * sizeof *v);

		/* The score counts it all the same: the summary says entries are missing.
		 */
		if (!v) {
			l->short_of_memory = true;
			return;
		}
		l->v = v;
		l->cap = cap;
	}
	l->v[l->count++] = *e;
}

/* "0:07", "4:12", "1:02:03" */
static void duration(long long ms, char *buf, size_t len)
{
	long long s = ms > 0 ? (ms + 500) / 1000 : 0;

	if (s >= 3600)
		snprintf(buf, len, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
	else
		snprintf(buf, len, "%lld:%02lld", s / 60, s % 60);
}

void quiz_log_head(const struct quiz_log *l, char *buf, size_t len)
{
	const struct quiz_score *sc = &l->score;
	char time[32];

	duration(l->end_ms - l->start_ms, time, sizeof time);
	if (sc->asked == 0) {
		snprintf(buf, len, "No question was asked; %s.", time);
		return;
	}
	snprintf(buf, len,
	         "%u question%s: %u right, %u wrong, %u skipped; best streak %u, "
	         "streak at the end %u; %s.",
	         sc->asked, sc->asked == 1 ? "" : "s", sc->right,
	         sc->asked - sc->right - sc->skipped, sc->skipped, sc->best, sc->streak,
	         time);
}

void quiz_log_line(const struct quiz_log *l, size_t i, char *buf, size_t len)
{
	const struct quiz_entry *e = &l->v[i];
	char time[32];

	if (e->kind == QUIZ_NONE) {
		snprintf(buf, len, "Skipped: %s.", e->question);
		return;
	}
	duration(e->ms, time, sizeof time);
	if (e->verdict == QUIZ_SKIPPED)
		snprintf(buf, len, "Skipped, after %s. %s The answer: %s.", time,
		         e->question, e->truth);
	else if (e->verdict == QUIZ_RIGHT)
		snprintf(buf, len, "Right, in %s. %s You said: %s.", time, e->question,
		         e->answer);
	else
		snprintf(buf, len, "Wrong, in %s. %s You said: %s. The answer: %s.", time,
		         e->question, e->answer, e->truth);
}

/* Text that grows as it is written; NULL text once memory ran short. */
struct grow {
	char *text;
	size_t len, cap;
	bool failed;
};

static void put(struct grow *g, const char *s, size_t n)
{
	if (g->failed)
		return;
	if (!g->text || g->len + n + 1 > g->cap) {
		size_t cap = g->cap ? g->cap : 1024;
		char *p;

		while (g->len + n + 1 > cap)
			cap *= 2;
		p = realloc(g->text, cap);
		if (!p) {
			g->failed = true;
			return;
		}
		g->text = p;
		g->cap = cap;
	}
	memcpy(g->text + g->len, s, n);
	g->len += n;
	g->text[g->len] = '\0';
}

/* A paragraph broken between words into lines of width, those after the first indented.
 */
static void put_para(struct grow *g, const char *text, int width, int indent)
{
	static const char blanks[] = "                ";
	bool first = true;

	if (indent > (int)sizeof blanks - 1)
		indent = (int)sizeof blanks - 1;
	while (*text) {
		size_t cut = wrap_cut(text, width > 10 ? (size_t)width : 10);

		if (!first)
			put(g, blanks, (size_t)indent);
		put(g, text, cut);
		put(g, "\n", 1);
		text += cut;
		text += strspn(text, " ");
		first = false;
	}
}

char *quiz_log_text(const struct quiz_log *l, const char *title, int width)
{
	struct grow g = {0};
	char line[640];

	put_para(&g, title, width, 0);
	put(&g, "\n", 1);
	quiz_log_head(l, line, sizeof line);
	put_para(&g, line, width, 0);
	if (l->short_of_memory)
		put_para(&g, "Memory ran short: some questions are missing below.", width,
		         0);
	if (l->count)
		put(&g, "\n", 1);
	for (size_t i = 0; i < l->count; i++) {
		char head[32];
		int k = snprintf(head, sizeof head, "%zu. ", i + 1);

		/* The number hangs out: the lines after it start under its text. */
		quiz_log_line(l, i, line, sizeof line);
		put(&g, head, (size_t)k);
		put_para(&g, line, width - k, k);
	}
	if (g.failed) {
		free(g.text);
		return NULL;
	}
	return g.text;
}
