/* The Lesson screen: a lesson script run step by step over the other screens. */
#include "config.h"

#include "tui/lesson.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/lesson_model.h"
#include "tui/text.h"
#include "tui/theme.h"

/* The panel's text takes at most this many lines; the screen above it the rest. */
#define PANEL_TEXT_MAX 8

/* The curses attribute of a role: plain text keeps the window's own. */
static int role_attr(enum theme_item role)
{
	return role == THEME_NORMAL ? (int)A_NORMAL : theme_attr(role);
}

/* The lines the panel's text takes in a window cols wide. */
static int text_lines(const struct lesson_view *v, int cols)
{
	int lines = 0;

	for (int i = 0; i < v->count; i++)
		lines += v->line[i].gap + text_wrap_height(cols - 2, 0, v->line[i].text);
	return lines;
}

/* The panel's lines: a rule with the title and the step, the text, the key line. */
static int panel_lines(const struct lesson_view *v, int cols)
{
	int lines = text_lines(v, cols);

	return 2 + (lines > PANEL_TEXT_MAX ? PANEL_TEXT_MAX : lines);
}

/*
 * The rectangle of the step's screen: the lines above the panel, and the
 * panel's first line, where the screen's key line goes (the lesson's keys
 * rule there).
 */
static struct layout_rect child_rect(const struct lesson_view *v, struct layout_rect win)
{
	return (struct layout_rect){win.y, win.x, win.h - panel_lines(v, win.w) + 1,
	                            win.w};
}

static void lesson_resize(void *self, struct layout_rect w)
{
	struct lesson_model *m = self;
	struct lesson_view v;

	lesson_model_view(m, &v);
	if (m->child.ops && m->child.ops->resize)
		m->child.ops->resize(m->child.self, child_rect(&v, w));
}

/* The panel's text under its rule from line y: a page of its own for text alone. */
static void draw_lines(const struct lesson_view *v, struct layout_rect w, int y)
{
	int last = w.y + w.h - 2;

	for (int i = 0; i < v->count; i++) {
		const struct lesson_line *l = &v->line[i];

		y += l->gap;
		if (i == 0 && v->page) {
			int width = w.w - 4 < 72 ? w.w - 4 : 72,
			    h = text_wrap_height(width, 0, l->text);

			/* A page of text sits in the middle of the window, as a slide
			 * does. */
			if (y + h < last)
				y += (last - y - h) / 2;
			text_wrap_head(&y, last, w.x + (w.w - width) / 2, width,
			               role_attr(l->role), "", l->text);
		} else {
			text_wrap_head(&y, last, w.x + 1, w.w - 2, role_attr(l->role), "",
			               l->text);
		}
	}
}

static void lesson_draw(const void *self, struct layout_rect w)
{
	const struct lesson_model *m = self;
	struct lesson_view v;
	const char *hints[24];
	int top;

	lesson_model_view(m, &v);
	if (m->child.ops) {
		struct layout_rect c = child_rect(&v, w);

		m->child.ops->draw(m->child.self, c);
		top = c.y + c.h - 1;
		attrset(A_NORMAL);
		for (int i = top; i < w.y + w.h; i++)
			mvhline(i, w.x, ' ', w.w);
	} else {
		/* Text alone: a page of its own, the text in a readable column. */
		attrset(A_NORMAL);
		for (int i = w.y; i < w.y + w.h; i++)
			mvhline(i, w.x, ' ', w.w);
		top = w.y;
	}
	text_cut(v.head.text, w.w - 1);
	attrset(role_attr(v.head.role));
	mvhline(top, w.x, ' ', w.w);
	text_put_in(top, w.x + 1, w.w - 1, role_attr(v.head.role), v.head.text);
	attrset(A_NORMAL);
	draw_lines(&v, w, top + 1 + (v.page ? 1 : 0));
	text_keys(w, hints, keymap_hints(lesson_model_keys(m), 0, hints, 24), v.more);
}

static enum screen_reply lesson_key(void *self, const struct input_event *ev,
                                    struct screen_open *open)
{
	return lesson_model_event(self, ev, NULL, open);
}

static enum screen_reply lesson_mouse(void *self, const struct input_event *ev,
                                      struct layout_rect win, struct screen_open *open)
{
	struct lesson_view v;
	struct layout_rect c;

	lesson_model_view(self, &v);
	c = child_rect(&v, win);
	return lesson_model_event(self, ev, &c, open);
}

static void lesson_wake(void *self)
{
	struct lesson_model *m = self;

	if (m->child.ops && m->child.ops->wake)
		m->child.ops->wake(m->child.self);
}

static long lesson_timer_ms(void *self)
{
	struct lesson_model *m = self;

	return m->child.ops && m->child.ops->timer_ms
	               ? m->child.ops->timer_ms(m->child.self)
	               : -1;
}

static void lesson_tick(void *self)
{
	struct lesson_model *m = self;

	if (m->child.ops && m->child.ops->tick)
		m->child.ops->tick(m->child.self);
}

/* The help over a lesson covers its step's screen too: a game's clock stands. */
static void lesson_cover(void *self, bool covered)
{
	lesson_model_cover(self, covered);
}

static void lesson_min_size(const void *self, int *lines, int *cols)
{
	const struct lesson_model *m = self;

	*lines = 12;
	*cols = 40;
	if (m->child.ops) {
		m->child.ops->min_size(m->child.self, lines, cols);
		/* The panel with three lines of text, less the key line it covers. */
		*lines += 2 + 3 - 1;
	}
}

static const struct keymap *lesson_keys(const void *self)
{
	return lesson_model_keys(self);
}

static void run_free(void *self)
{
	if (!self)
		return;
	lesson_model_free(self);
	free(self);
}

static const struct screen_ops lesson_ops = {
        .title = "Lesson",
        .free = run_free,
        .resize = lesson_resize,
        .draw = lesson_draw,
        .key = lesson_key,
        .mouse = lesson_mouse,
        .wake = lesson_wake,
        .timer_ms = lesson_timer_ms,
        .tick = lesson_tick,
        .cover = lesson_cover,
        .min_size = lesson_min_size,
        .keys = lesson_keys,
};

int lesson_open(struct screen *out, const struct screen_open *o,
                const struct screen_env *env, char *err, size_t errlen)
{
	static const struct lesson_theme theme = {theme_current, theme_set};
	struct lesson_model *m = malloc(sizeof *m);

	if (!m) {
		snprintf(err, errlen, "Out of memory.");
		return -1;
	}
	if (lesson_model_init(m, o->lesson.lesson, o->lesson.big, o->lesson.step, env,
	                      &theme, err, errlen) < 0) {
		free(m);
		return -1;
	}
	*out = (struct screen){&lesson_ops, m};
	return 0;
}
