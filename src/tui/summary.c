/* The summary of a session of questions (predict mode, a lesson): each, how it ended. */
#include "config.h"

#include "tui/summary.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/input.h"
#include "tui/keymap.h"
#include "engine/quiz.h"
#include "engine/store.h"
#include "tui/text.h"
#include "tui/theme.h"

/* The screen's title, before what is summed up. */
#define HEAD "nqueens - Summary: "

/* The export's lines, as the other handouts' are. */
#define EXPORT_WIDTH 72

enum summary_action {
	SUMMARY_UP,
	SUMMARY_DOWN,
	SUMMARY_PAGE_UP,
	SUMMARY_PAGE_DOWN,
	SUMMARY_TOP,
	SUMMARY_BOTTOM,
	SUMMARY_EXPORT,
	SUMMARY_CLOSE,
};

static const struct keymap_row key_rows[] = {
        {SUMMARY_UP,
         {KEY(UP), KCHAR('k'), KMOUSE(WHEEL_UP)},
         "scroll the questions",
         {{0, "Up/Down scroll"}}},
        {SUMMARY_DOWN, {KEY(DOWN), KCHAR('j'), KMOUSE(WHEEL_DOWN)}, NULL, {}},
        {SUMMARY_PAGE_UP, {KEY(PAGEUP)}, "a page up or down", {}},
        {SUMMARY_PAGE_DOWN, {KEY(PAGEDOWN)}, NULL, {}},
        {SUMMARY_TOP, {KEY(HOME)}, "the first or the last question", {}},
        {SUMMARY_BOTTOM, {KEY(END)}, NULL, {}},
        {SUMMARY_EXPORT,
         {KCHAR('x')},
         "write the summary to a new text file in the current directory",
         {{0, "x export"}}},
        {SUMMARY_CLOSE,
         {KCHAR('q'), KEY(ESCAPE), KCHAR(' '), KEY(ENTER)},
         "close the summary",
         {}},
};
static const struct keymap keys = KEYMAP(key_rows);

struct summary {
	struct quiz_log log;
	char title[200];
	char message[600];
	size_t first; /* the first question shown */
	size_t last;  /* the most first can be: from it every question fits */
	size_t shown; /* how many questions the window shows from first */
};

/* The rectangle of the questions: under the title, the head and a blank line. */
static int head_lines(const struct summary *s, int width)
{
	char head[400];

	quiz_log_head(&s->log, head, sizeof head);
	return text_wrap_height(width - text_width(HEAD), 0, s->title) + 1 +
	       text_wrap_height(width, 0, head) + (s->log.short_of_memory ? 1 : 0) + 1;
}

/* The width the text takes: the window's, less a margin, at most 100 columns. */
static struct layout_rect body(struct layout_rect r)
{
	int w = r.w - 2 > 100 ? 100 : r.w - 2;

	return (struct layout_rect){r.y, r.x + 1, r.h - 1, w < 10 ? 10 : w};
}

/* Question i's number, "12. ", which its text hangs from. */
static const char *number(size_t i, char *buf, size_t len)
{
	snprintf(buf, len, "%zu. ", i + 1);
	return buf;
}

static int entry_lines(const struct summary *s, size_t i, int width)
{
	char line[640], head[32];
	int k = text_width(number(i, head, sizeof head));

	quiz_log_line(&s->log, i, line, sizeof line);
	return text_wrap_height(width - k, 0, line);
}

static void summary_resize(void *self, struct layout_rect r)
{
	struct summary *s = self;
	struct layout_rect b = body(r);
	/* The message's line is kept free under them. */
	int page = b.h - head_lines(s, b.w) - 2, used = 0;

	s->last = s->log.count;
	while (s->last > 0 && used + entry_lines(s, s->last - 1, b.w) <= page)
		used += entry_lines(s, --s->last, b.w);
	if (s->last == s->log.count && s->last > 0)
		s->last--; /* not even one fits whole: it shows cut */
	if (s->first > s->last)
		s->first = s->last;
	used = 0;
	for (s->shown = 0; s->first + s->shown < s->log.count; s->shown++) {
		used += entry_lines(s, s->first + s->shown, b.w);
		if (used > page)
			break;
	}
	if (s->shown == 0 && s->first < s->log.count)
		s->shown = 1;
}

static int verdict_attr(const struct quiz_entry *e)
{
	switch (e->verdict) {
	case QUIZ_RIGHT:
		return theme_attr(THEME_GOOD);
	case QUIZ_WRONG:
		return theme_attr(THEME_BAD);
	default:
		return theme_attr(THEME_DIMMED);
	}
}

static void summary_draw(const void *self, struct layout_rect r)
{
	const struct summary *s = self;
	struct layout_rect b = body(r);
	int y = b.y, last = b.y + b.h - 2;
	char line[640];
	const char *hints[8];

	attrset(A_NORMAL);
	for (int i = r.y; i < r.y + r.h; i++)
		mvhline(i, r.x, ' ', r.w);
	text_wrap_head(&y, last, b.x, b.w, theme_attr(THEME_TITLE), HEAD, s->title);
	y++;
	quiz_log_head(&s->log, line, sizeof line);
	text_wrap_head(&y, last, b.x, b.w, A_NORMAL, "", line);
	if (s->log.short_of_memory)
		text_line(&y, b.x, b.w, theme_attr(THEME_BAD), "%s",
		          "Memory ran short: some questions are missing.");
	y++;
	/* Each question whole, from the first the scroll shows. */
	for (size_t i = s->first; i < s->first + s->shown && y <= last; i++) {
		char head[32];

		quiz_log_line(&s->log, i, line, sizeof line);
		text_wrap_head(&y, last, b.x, b.w, verdict_attr(&s->log.v[i]),
		               number(i, head, sizeof head), line);
	}
	if (s->first + s->shown < s->log.count)
		text_put_in(r.y + r.h - 2, r.x + r.w - 12, 12, theme_attr(THEME_DIMMED),
		            "(more: Down)");
	if (s->message[0])
		text_message(r, s->message, A_NORMAL, 2);
	text_keys(r, hints, keymap_hints(&keys, 0, hints, 8), "? help  q close");
}

static void export(struct summary *s)
{
	char title[sizeof s->title + 32], *text;

	snprintf(title, sizeof title, "nqueens: summary of %s", s->title);
	text = quiz_log_text(&s->log, title, EXPORT_WIDTH);

	if (!text) {
		snprintf(s->message, sizeof s->message, "Not exported: out of memory.");
		return;
	}
	store_export_told("nqueens-summary", ".txt", text, s->message, sizeof s->message);
	free(text);
}

static enum screen_reply summary_key(void *self, const struct input_event *ev,
                                     struct screen_open *open)
{
	struct summary *s = self;

	(void)open;
	s->message[0] = '\0';
	switch (keymap_action(&keys, ev)) {
	case SUMMARY_UP:
		s->first -= s->first > 0;
		break;
	case SUMMARY_DOWN:
		s->first += s->first < s->last;
		break;
	case SUMMARY_PAGE_UP:
		s->first = s->first > s->shown ? s->first - s->shown : 0;
		break;
	case SUMMARY_PAGE_DOWN:
		s->first = s->first + s->shown < s->last ? s->first + s->shown : s->last;
		break;
	case SUMMARY_TOP:
		s->first = 0;
		break;
	case SUMMARY_BOTTOM:
		s->first = s->last;
		break;
	case SUMMARY_EXPORT:
		export(s);
		break;
	case SUMMARY_CLOSE:
		return SCREEN_CLOSE;
	default:
		break;
	}
	return SCREEN_STAY;
}

static enum screen_reply summary_mouse(void *self, const struct input_event *ev,
                                       struct layout_rect r, struct screen_open *open)
{
	(void)r;
	return summary_key(self, ev, open);
}

static void summary_min_size(const void *self, int *lines, int *cols)
{
	(void)self;
	*lines = 10;
	*cols = 40;
}

static const struct keymap *summary_keys(const void *self)
{
	(void)self;
	return &keys;
}

static void summary_free(void *self)
{
	struct summary *s = self;

	if (!s)
		return;
	quiz_log_free(&s->log);
	free(s);
}

static const struct screen_ops summary_ops = {
        .title = "Summary",
        .free = summary_free,
        .resize = summary_resize,
        .draw = summary_draw,
        .key = summary_key,
        .mouse = summary_mouse,
        .min_size = summary_min_size,
        .keys = summary_keys,
};

int summary_open(struct screen *out, const struct screen_open *o,
                 const struct screen_env *env, char *err, size_t errlen)
{
	struct summary *s = calloc(1, sizeof *s);

	(void)env;
	if (!s) {
		snprintf(err, errlen, "Out of memory.");
		return -1;
	}
	quiz_log_copy(&s->log, o->summary.log);
	snprintf(s->title, sizeof s->title, "%s",
	         o->summary.title ? o->summary.title : "Summary");
	*out = (struct screen){&summary_ops, s};
	return 0;
}
