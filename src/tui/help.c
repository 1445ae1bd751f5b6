/* The help overlay, a screen of its own: every key of the screen below, in a box. */
#include "config.h"

#include "tui/help.h"

#include <curses.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/text.h"
#include "tui/theme.h"

/* The fewest columns what a key does is wrapped in, beside the keys. */
#define HELP_WHAT_MIN 12
/* The most columns of keys side by side in a wide window. */
#define HELP_COLS_MAX 3

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

/*
 * How the help's lines go in columns of width w: a line's keys, then what
 * they do wrapped at words beside them, or, in a column too narrow for
 * that, under them.  The lines each entry takes.
 */
static int entry_height(const struct line *e, int keyw, int w)
{
	if (keyw + 2 + HELP_WHAT_MIN <= w)
		return text_wrap_height(w - keyw - 2, 0, e->what);
	return 1 + text_wrap_height(w - 2, 0, e->what);
}

/* Draws an entry from line y of a column at x, w wide; returns the lines taken. */
static int entry_draw(const struct line *e, int keyw, int y, int x, int w)
{
	int at = y;

	text_put_in(y, x, keyw < w ? keyw : w, theme_attr(THEME_KEY), e->keys);
	if (keyw + 2 + HELP_WHAT_MIN <= w)
		text_wrap(&at, x + keyw + 2, w - keyw - 2, 0, A_NORMAL, "%s", e->what);
	else
		text_wrap(&(int){y + 1}, x + 2, w - 2, 0, A_NORMAL, "%s", e->what);
	return entry_height(e, keyw, w);
}

/*
 * The entries in as few columns as show them all in rows lines, each
 * column w wide: fills first[] with the first entry of each column and
 * returns the lines of the tallest, or -1 when they do not fit.
 */
static int columns_fit(const struct line *e, size_t count, int keyw, int w, int cols,
                       int rows, size_t *first)
{
	int total = 0, tallest = 0, col = 0, used = 0;

	for (size_t i = 0; i < count; i++)
		total += entry_height(&e[i], keyw, w);
	/* Columns about as tall as each other, an entry never split. */
	int target = (total + cols - 1) / cols;

	first[0] = 0;
	for (size_t i = 0; i < count; i++) {
		int h = entry_height(&e[i], keyw, w);

		if (used > 0 && used + h > target && col + 1 < cols) {
			tallest = used > tallest ? used : tallest;
			first[++col] = i;
			used = 0;
		}
		used += h;
	}
	tallest = used > tallest ? used : tallest;
	for (int c = col + 1; c < cols; c++)
		first[c] = count;
	return tallest <= rows ? tallest : -1;
}

/*
 * Draws the box in r, or only lays it out when paint is false; a list too
 * long for the window in one column starts at entry *skip (kept in range)
 * and says what is above and below.  Returns whether something is left
 * out below.
 */
static bool help_draw_box(const char *title, const struct line *e, size_t count,
                          size_t *skip, struct layout_rect r, bool paint)
{
	bool below = false;

	size_t first[HELP_COLS_MAX + 1];
	int keyw = 0, whatw = 0, cols = 1, colw, rows = -1, w, h, y0, x0;

	for (size_t i = 0; i < count; i++) {
		if (text_width(e[i].keys) > keyw)
			keyw = text_width(e[i].keys);
		if (text_width(e[i].what) > whatw)
			whatw = text_width(e[i].what);
	}
	/* One column if it fits, else side by side; the what wraps when narrow. */
	for (cols = 1; cols <= HELP_COLS_MAX && rows < 0; cols++) {
		colw = keyw + 2 + whatw;
		if (colw > (r.w - 4 - 3 * (cols - 1)) / cols)
			colw = (r.w - 4 - 3 * (cols - 1)) / cols;
		if (colw < 8)
			break;
		rows = columns_fit(e, count, keyw, colw, cols, r.h - 4, first);
	}
	cols--;
	if (rows < 0) {
		/* Too many even so: one column, and what it leaves out said. */
		cols = 1;
		colw = keyw + 2 + whatw < r.w - 4 ? keyw + 2 + whatw : r.w - 4;
		rows = r.h - 4;
		if (*skip >= count)
			*skip = count ? count - 1 : 0;
		first[0] = *skip;
		first[1] = count;
	} else {
		*skip = 0;
	}
	first[cols] = count;
	w = cols * colw + 3 * (cols - 1) + 4;
	h = rows + 4;
	if (w > r.w)
		w = r.w;
	if (h > r.h)
		h = r.h;
	y0 = r.y + (r.h - h) / 2;
	x0 = r.x + (r.w - w) / 2;
	if (paint) {
		attrset(theme_attr(THEME_NORMAL));
		for (int y = y0; y < y0 + h; y++)
			mvhline(y, x0, ' ', w);
		attrset(A_NORMAL);
	}
	if (paint)
		text_frame((struct layout_rect){y0, x0, h, w}, A_NORMAL);
	if (paint) {
		char t[128];

		snprintf(t, sizeof t, "%s", title);
		text_cut(t, w - 4);
		text_put(y0, x0 + 2, theme_attr(THEME_TITLE), t);
	}
	/* Text stays inside the box; a list too long says what it leaves out. */
	for (int c = 0; c < cols; c++) {
		int x = x0 + 2 + c * (colw + 3), y = y0 + 2;

		for (size_t i = first[c]; i < first[c + 1]; i++) {
			int eh = entry_height(&e[i], keyw, colw);

			if (y + eh > y0 + 2 + rows ||
			    (y + eh == y0 + 2 + rows && i + 1 < count && cols == 1 &&
			     rows == r.h - 4)) {
				char more[64];

				snprintf(more, sizeof more, "(%d more: Down or PgDn)",
				         (int)(count - i));
				text_cut(more, colw);
				if (paint)
					text_put_in(y, x, colw, theme_attr(THEME_DIMMED),
					            more);
				below = true;
				break;
			}
			y += paint ? entry_draw(&e[i], keyw, y, x, colw)
			           : entry_height(&e[i], keyw, colw);
		}
	}
	if (!paint)
		return below;
	if (*skip > 0 && h > 2) {
		char above[64];

		snprintf(above, sizeof above, "(%d above: Up or PgUp)", (int)*skip);
		text_cut(above, w - 4);
		text_put_in(y0 + 1, x0 + 2, w - 4, theme_attr(THEME_DIMMED), above);
	}
	if (w >= 25)
		text_put(y0 + h - 1, x0 + 2, theme_attr(THEME_DIMMED),
		         " any key closes this ");
	return below;
}

/* The help as a screen over the one whose keys it lists. */
struct help {
	char title[64];
	const struct keymap *tables[2];
	size_t skip; /* the entries scrolled past, in a window too short */
	bool below;  /* some left out below, as laid out */
	size_t page; /* the entries PgDn scrolls by: half the window */
};

/* Keeps the scrolling in range for the window's size, before a draw. */
static void help_screen_resize(void *self, struct layout_rect r)
{
	struct help *h = self;
	struct line lines[64];

	h->below = help_draw_box(h->title, lines, help_lines(h->tables, lines, 64),
	                         &h->skip, r, false);
	h->page = r.h / 2 > 1 ? (size_t)(r.h / 2) : 1;
}

static void help_screen_draw(const void *self, struct layout_rect r)
{
	const struct help *h = self;
	struct line lines[64];
	size_t skip = h->skip;

	help_draw_box(h->title, lines, help_lines(h->tables, lines, 64), &skip, r, true);
}

/*
 * Any key closes the help, and is not passed on; but where the list is too
 * long for the window, the arrows and the page keys scroll it.
 */
static enum screen_reply help_screen_key(void *self, const struct input_event *ev,
                                         struct screen_open *open)
{
	struct help *h = self;
	bool scrolls = h->below || h->skip > 0;

	(void)open;
	if (scrolls && ev->kind == INPUT_KEY) {
		switch (ev->key) {
		case INPUT_KEY_DOWN:
		case INPUT_KEY_PAGEDOWN:
			if (h->below)
				h->skip += ev->key == INPUT_KEY_DOWN ? 1 : h->page;
			return SCREEN_STAY;
		case INPUT_KEY_UP:
		case INPUT_KEY_PAGEUP: {
			size_t by = ev->key == INPUT_KEY_UP ? 1 : h->page;

			h->skip = h->skip > by ? h->skip - by : 0;
			return SCREEN_STAY;
		}
		default:
			break;
		}
	}
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
        .resize = help_screen_resize,
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
	snprintf(h->title, sizeof h->title, "%s: keys", o->help.title);
	h->tables[0] = o->help.keys;
	h->tables[1] = o->help.also_keys;
	*out = (struct screen){&help_ops, h};
	return 0;
}

/*
 * Says the window (r) is too small, and how small: centred, each line
 * wrapped at words to the width there is, as many as the lines there are.
 */
void help_draw_too_small(struct layout_rect r, int need_lines, int need_cols)
{
	char need[128];
	const char *text[3] = {"Terminal too small", need,
	                       "Enlarge it, or press q to quit"};
	int lines = 0, y, bottom = r.y + r.h;

	snprintf(need, sizeof need, "need %dx%d, have %dx%d", need_cols, need_lines, r.w,
	         r.h);
	for (int i = 0; i < 3; i++)
		lines += text_wrap_height(r.w, 0, text[i]);
	y = r.y + (r.h > lines ? (r.h - lines) / 2 : 0);
	for (int i = 0; i < 3 && y < bottom; i++) {
		const char *rest = text[i];

		while (*rest && y < bottom) {
			size_t cut = text_wrap_cut(rest, r.w);
			char part[128];
			int pw;

			snprintf(part, sizeof part, "%.*s", (int)cut, rest);
			pw = text_width(part);
			text_put(y++, r.x + (pw < r.w ? (r.w - pw) / 2 : 0),
			         i == 0 ? theme_attr(THEME_BAD) : (int)A_NORMAL, part);
			rest += cut;
			rest += strspn(rest, " ");
		}
	}
}
