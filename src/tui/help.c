/* The help overlay, a screen of its own: the keys of the screen below, in groups. */
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
/* The most lines a help holds: its keys' lines and their groups' headings. */
#define HELP_LINES_MAX 96

/*
 * One line of the help: a group's heading, or the keys and what they do,
 * the keys as wide as the widest of their group (keyw), so that a group
 * reads as a table of its own.
 */
struct line {
	const char *heading; /* NULL for a line of keys */
	char keys[128];
	const char *what;
	int keyw;
};

/*
 * The lines of the tables, in order: the screen's, then everyone's; a
 * heading before each binding that starts a group, and the screen's name
 * (own) over its keys when it names no group first.
 */
static size_t help_lines(const struct keymap *const tables[2], const char *own,
                         struct line *out, size_t max)
{
	size_t count = 0, group = 0;
	int widest;

	for (int t = 0; t < 2; t++) {
		if (!tables[t])
			continue;
		group = count;
		for (size_t i = 0; i < tables[t]->count && count + 1 < max; i++) {
			const char *heading = keymap_group(tables[t], i);
			char keys[128];

			if (t == 0 && i == 0 && !heading)
				heading = own;
			if (keymap_line_keys(tables[t], i, keys, sizeof keys) == 0)
				continue;
			if (heading) {
				out[count] = (struct line){.heading = heading};
				group = ++count;
			}
			out[count] = (struct line){.what = tables[t]->rows[i].what};
			snprintf(out[count].keys, sizeof out[count].keys, "%s", keys);
			count++;
			/* The group's keys as wide as its widest. */
			widest = group < count - 1 && out[group].keyw > text_width(keys)
			                 ? out[group].keyw
			                 : text_width(keys);
			for (size_t k = group; k < count; k++)
				out[k].keyw = widest;
		}
	}
	return count;
}

/* The columns a line wants: its keys, two blanks and what they do unwrapped. */
static int line_width(const struct line *e)
{
	return e->heading ? text_width(e->heading) : e->keyw + 2 + text_width(e->what);
}

/*
 * How a line goes in a column w wide: a heading on a line; keys, then what
 * they do wrapped at words beside them, or, in a column too narrow for
 * that, under them.  The lines it takes.
 */
static int entry_height(const struct line *e, int w)
{
	if (e->heading)
		return 1;
	if (e->keyw + 2 + HELP_WHAT_MIN <= w)
		return text_wrap_height(w - e->keyw - 2, 0, e->what);
	return 1 + text_wrap_height(w - 2, 0, e->what);
}

/* Draws a line from line y of a column at x, w wide. */
static void entry_draw(const struct line *e, int y, int x, int w)
{
	int at = y;

	if (e->heading) {
		char h[128];

		snprintf(h, sizeof h, "%s", e->heading);
		text_cut(h, w);
		text_put_in(y, x, w, theme_attr(THEME_TITLE), h);
		return;
	}
	text_put_in(y, x, e->keyw < w ? e->keyw : w, theme_attr(THEME_KEY), e->keys);
	if (e->keyw + 2 + HELP_WHAT_MIN <= w)
		text_wrap(&at, x + e->keyw + 2, w - e->keyw - 2, 0, A_NORMAL, "%s",
		          e->what);
	else
		text_wrap(&(int){y + 1}, x + 2, w - 2, 0, A_NORMAL, "%s", e->what);
}

/*
 * The lines dealt into at most cols columns no taller than tall, in order:
 * a column ends before a heading where it can (groups whole), and never
 * with a heading (it goes with its first line).  Fills first[] with the
 * first line of each column; returns how many columns it took, or 0 when
 * they do not fit.
 */
static int columns_deal(const struct line *e, size_t count, int w, int cols, int tall,
                        bool whole, int gap, size_t *first)
{
	int col = 0, used = 0;

	first[0] = 0;
	for (size_t i = 0; i < count;) {
		size_t end = i + 1;
		int h = entry_height(&e[i], w) + (e[i].heading && used > 0 ? gap : 0);

		/* A heading goes with its first line; whole, with its group. */
		while (end < count &&
		       (whole ? e[end].heading == NULL : e[end - 1].heading != NULL)) {
			h += entry_height(&e[end], w);
			end++;
		}
		if (used > 0 && used + h > tall) {
			if (++col == cols)
				return 0;
			first[col] = i;
			used = 0;
			h -= e[i].heading ? gap : 0;
		}
		if (h > tall)
			return 0;
		used += h;
		i = end;
	}
	for (int c = col + 1; c <= cols; c++)
		first[c] = count;
	return col + 1;
}

/*
 * The lines in cols columns w wide, in rows lines at most: the shortest
 * columns they go in, a blank line before each heading and groups whole if
 * they can be, into first[] and *gap; the lines of the tallest, or -1 when
 * they do not fit.
 */
static int columns_fit(const struct line *e, size_t count, int w, int cols, int rows,
                       size_t *first, int *gap)
{
	for (*gap = 1; *gap >= 0; (*gap)--)
		for (int whole = 1; whole >= 0; whole--)
			for (int tall = 1; tall <= rows; tall++)
				if (columns_deal(e, count, w, cols, tall, whole, *gap,
				                 first) > 0)
					return tall;
	return -1;
}

/* The lines from skip on that fill rows lines: the first one left out, or count. */
static size_t shown_until(const struct line *e, size_t count, size_t skip, int w,
                          int rows)
{
	int used = 0;

	while (skip < count && used + entry_height(&e[skip], w) <= rows)
		used += entry_height(&e[skip++], w);
	return skip;
}

/*
 * Where the help's box goes in r and what it shows: its columns, each colw
 * wide, the first line of each; in a window too short for every line, one
 * column scrolled to skip (kept in range: never past the line that puts
 * the last at the bottom).
 */
struct box {
	int y, x, h, w, cols, colw, rows;
	int gap; /* the blank line before a heading that does not start a column */
	size_t first[HELP_COLS_MAX + 1];
	size_t skip, last_skip; /* a scrolled list: its first line, and the last one */
	bool scrolls;
};

static void help_layout(const struct line *e, size_t count, size_t skip,
                        struct layout_rect r, struct box *b)
{
	int natural = 0, rows = -1;

	*b = (struct box){0};
	for (size_t i = 0; i < count; i++)
		natural = line_width(&e[i]) > natural ? line_width(&e[i]) : natural;
	/* One column if it fits, else side by side; the what wraps when narrow. */
	for (b->cols = 1; b->cols <= HELP_COLS_MAX && rows < 0; b->cols++) {
		b->colw = (r.w - 4 - 3 * (b->cols - 1)) / b->cols;
		b->colw = natural < b->colw ? natural : b->colw;
		if (b->colw < 8)
			break;
		rows = columns_fit(e, count, b->colw, b->cols, r.h - 3, b->first,
		                   &b->gap);
	}
	b->cols--;
	if (rows < 0) {
		/* Too many even so: one column, scrolled, the last line at the bottom. */
		b->cols = 1;
		b->gap = 0;
		b->colw = natural < r.w - 4 ? natural : r.w - 4;
		rows = r.h - 3;
		b->scrolls = true;
		b->last_skip = count;
		while (b->last_skip > 0 &&
		       shown_until(e, count, b->last_skip - 1, b->colw, rows) == count)
			b->last_skip--;
		b->skip = skip < b->last_skip ? skip : b->last_skip;
		b->first[0] = b->skip;
		b->first[1] = count;
	}
	b->rows = rows > 0 ? rows : 0;
	b->w = b->cols * b->colw + 3 * (b->cols - 1) + 4;
	b->h = b->rows + 3;
	b->w = b->w > r.w ? r.w : b->w;
	b->h = b->h > r.h ? r.h : b->h;
	b->y = r.y + (r.h - b->h) / 2;
	b->x = r.x + (r.w - b->w) / 2;
}

/*
 * Draws the box: its title, its columns of lines, and in a list that
 * scrolls what is above and below and the keys that scroll it, the same
 * keys help_screen_key scrolls with.
 */
static void help_draw_box(const char *title, const struct line *e, size_t count,
                          const struct box *b)
{
	char t[128];
	bool ascii = theme_is_ascii();

	attrset(theme_attr(THEME_NORMAL));
	for (int y = b->y; y < b->y + b->h; y++)
		mvhline(y, b->x, ' ', b->w);
	attrset(A_NORMAL);
	text_frame((struct layout_rect){b->y, b->x, b->h, b->w}, A_NORMAL);
	snprintf(t, sizeof t, "%s", title);
	text_cut(t, b->w - 4);
	text_put(b->y, b->x + 2, theme_attr(THEME_TITLE), t);
	for (int c = 0; c < b->cols; c++) {
		int x = b->x + 2 + c * (b->colw + 3), y = b->y + 2;
		size_t end = b->first[c + 1];

		/* A list that scrolls keeps its last line for what is below. */
		if (b->scrolls && b->skip < b->last_skip)
			end = shown_until(e, count, b->skip, b->colw, b->rows - 1);
		for (size_t i = b->first[c]; i < end; i++) {
			y += e[i].heading && i > b->first[c] ? b->gap : 0;
			entry_draw(&e[i], y, x, b->colw);
			y += entry_height(&e[i], b->colw);
		}
		if (end < count && b->scrolls) {
			snprintf(t, sizeof t, "%s %d more below", ascii ? "v" : "\u2193",
			         (int)(count - end));
			text_cut(t, b->colw);
			text_put_in(b->y + 2 + b->rows - 1, x, b->colw,
			            theme_attr(THEME_DIMMED), t);
		}
	}
	if (b->scrolls && b->skip > 0) {
		snprintf(t, sizeof t, "%s %d more above", ascii ? "^" : "\u2191",
		         (int)b->skip);
		text_cut(t, b->w - 4);
		text_put_in(b->y + 1, b->x + 2, b->w - 4, theme_attr(THEME_DIMMED), t);
	}
	/* The widest wording of the keys that fits the bottom border. */
	const char *foot[] = {" Up/Down/PgUp/PgDn scroll, any other key closes ",
	                      " arrows, PgUp/PgDn scroll; others close ",
	                      " any key closes this "};
	for (int k = b->scrolls ? 0 : 2; k < 3; k++) {
		if (text_width(foot[k]) <= b->w - 4) {
			text_put(b->y + b->h - 1, b->x + 2, theme_attr(THEME_DIMMED),
			         foot[k]);
			break;
		}
	}
}

/* The help as a screen over the one whose keys it lists. */
struct help {
	char title[64], own[64]; /* the box's title, the screen's name */
	const struct keymap *tables[2];
	size_t skip;      /* the lines scrolled past, in a window too short */
	size_t last_skip; /* the most it scrolls: the last line at the bottom */
	bool scrolls;     /* the window is too short for every line */
	size_t page;      /* the lines PgDn scrolls by: a box's worth */
};

/* Keeps the scrolling in range for the window's size, before a draw. */
static void help_screen_resize(void *self, struct layout_rect r)
{
	struct help *h = self;
	struct line lines[HELP_LINES_MAX];
	struct box b;

	help_layout(lines, help_lines(h->tables, h->own, lines, HELP_LINES_MAX), h->skip,
	            r, &b);
	h->skip = b.skip;
	h->last_skip = b.last_skip;
	h->scrolls = b.scrolls;
	h->page = b.rows > 2 ? (size_t)(b.rows - 2) : 1;
}

static void help_screen_draw(const void *self, struct layout_rect r)
{
	const struct help *h = self;
	struct line lines[HELP_LINES_MAX];
	size_t count = help_lines(h->tables, h->own, lines, HELP_LINES_MAX);
	struct box b;

	help_layout(lines, count, h->skip, r, &b);
	help_draw_box(h->title, lines, count, &b);
}

/*
 * Any key closes the help, and is not passed on; but where the list is too
 * long for the window, the arrows and the page keys scroll it (as its
 * bottom line says), never past the point where its last line is at the
 * bottom of the box.
 */
static enum screen_reply help_screen_key(void *self, const struct input_event *ev,
                                         struct screen_open *open)
{
	struct help *h = self;

	(void)open;
	if (h->scrolls && ev->kind == INPUT_KEY) {
		switch (ev->key) {
		case INPUT_KEY_DOWN:
		case INPUT_KEY_PAGEDOWN:
			h->skip += ev->key == INPUT_KEY_DOWN ? 1 : h->page;
			h->skip = h->skip < h->last_skip ? h->skip : h->last_skip;
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
	snprintf(h->own, sizeof h->own, "%s", o->help.title);
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
