/* The help overlay, a screen of its own: every key of the screen below, in a box. */
#include "config.h"

#include "help.h"

#include <curses.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "theme.h"

/* One line of the help: the keys and what they do. */
struct line {
	char keys[128];
	const char *what;
};

/* The lines of the tables, in order: the screen's, then everyone's. */
static size_t help_lines(const struct keymap *const tables[2], struct line *out,
                         size_t max)
{
	size_t count = 0;

	for (int t = 0; t < 2; t++) {
		if (!tables[t])
			continue;
		for (size_t i = 0; i < tables[t]->count && count < max; i++) {
			if (keymap_line_keys(tables[t], i, out[count].keys,
			                     sizeof out[count].keys) == 0)
				continue;
			out[count++].what = tables[t]->rows[i].what;
		}
	}
	return count;
}

static void help_draw_box(const char *title, const struct line *e, size_t count)
{
	int keyw = 0, whatw = 0, w, h, y0, x0;

	for (size_t i = 0; i < count; i++) {
		if (text_width(e[i].keys) > keyw)
			keyw = text_width(e[i].keys);
		if (text_width(e[i].what) > whatw)
			whatw = text_width(e[i].what);
	}
	w = keyw + whatw + 7;
	h = (int)count + 4;
	if (w > COLS)
		w = COLS;
	if (h > LINES)
		h = LINES;
	y0 = (LINES - h) / 2;
	x0 = (COLS - w) / 2;
	attrset(theme_attr(THEME_NORMAL));
	for (int y = y0; y < y0 + h; y++)
		mvhline(y, x0, ' ', w);
	attrset(A_NORMAL);
	if (w >= 2 && h >= 2) {
		/* Line-drawing characters, unless only ASCII will do. */
		WINDOW *box_win = subwin(stdscr, h, w, y0, x0);

		if (box_win) {
			if (theme_is_ascii())
				wborder(box_win, '|', '|', '-', '-', '+', '+', '+', '+');
			else
				box(box_win, 0, 0);
			delwin(box_win);
		}
	}
	text_put(y0, x0 + 2, theme_attr(THEME_TITLE), title);
	/* Text stays inside the box; a list too long says what it leaves out. */
	int rows = h - 3, room = w - 6 - keyw;

	for (int i = 0; i < (int)count && i < rows; i++) {
		int y = y0 + 2 + i;

		if (i == rows - 1 && (int)count > rows) {
			char more[64];

			snprintf(more, sizeof more, "(%d more in a taller window)",
			         (int)count - i);
			text_put_in(y, x0 + 2, w - 4, theme_attr(THEME_DIMMED), more);
			break;
		}
		text_put_in(y, x0 + 2, keyw, theme_attr(THEME_KEY), e[i].keys);
		text_put_in(y, x0 + 4 + keyw, room, A_NORMAL, e[i].what);
	}
	text_put(y0 + h - 1, x0 + 2, theme_attr(THEME_DIMMED), " any key closes this ");
}

/* The help as a screen over the one whose keys it lists. */
struct help {
	char title[64];
	const struct keymap *tables[2];
};

static void help_screen_draw(void *self)
{
	struct help *h = self;
	struct line lines[64];

	help_draw_box(h->title, lines, help_lines(h->tables, lines, 64));
}

/* Any key closes the help, and is not passed on. */
static enum screen_reply help_screen_key(void *self, const struct input_event *ev,
                                         struct screen_open *open)
{
	(void)self;
	(void)ev;
	(void)open;
	return SCREEN_CLOSE;
}

static void help_screen_min_size(const void *self, int *lines, int *cols)
{
	(void)self;
	*lines = 1;
	*cols = 1;
}

static const struct keymap *help_screen_keys(const void *self)
{
	return ((const struct help *)self)->tables[0];
}

static const struct screen_ops help_ops = {
        .title = "Help",
        .overlay = true,
        .free = free,
        .draw = help_screen_draw,
        .key = help_screen_key,
        .min_size = help_screen_min_size,
        .keys = help_screen_keys,
};

int help_open(struct screen *out, const struct screen_open *o,
              const struct screen_env *env, char *err, size_t errlen)
{
	struct help *h = calloc(1, sizeof *h);

	(void)env;
	if (!h) {
		snprintf(err, errlen, "Out of memory.");
		return -1;
	}
	snprintf(h->title, sizeof h->title, "%s: keys", o->title);
	h->tables[0] = o->keys;
	h->tables[1] = o->also_keys;
	*out = (struct screen){&help_ops, h};
	return 0;
}

void help_draw_too_small(int need_lines, int need_cols)
{
	char line[128];

	snprintf(line, sizeof line, "need %dx%d, have %dx%d", need_cols, need_lines, COLS,
	         LINES);
	text_put(LINES / 2 - 1, 0, theme_attr(THEME_BAD), "Terminal too small");
	text_put(LINES / 2, 0, A_NORMAL, line);
	text_put(LINES / 2 + 1, 0, A_NORMAL, "Enlarge it, or press q to quit");
}
