/* The help overlay: every key of the current screen, in a box. */
#include "config.h"

#include "help.h"

#include <curses.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "theme.h"

/* The number of screen columns the first len bytes of text take (UTF-8 aware). */
static int text_cols(const char *s, size_t len)
{
	const char *end = s + len;
	mbstate_t st;
	int w = 0;

	memset(&st, 0, sizeof st);
	while (s < end && *s) {
		wchar_t wc;
		size_t n = mbrtowc(&wc, s, (size_t)(end - s), &st);

		if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
			memset(&st, 0, sizeof st);
			n = 1;
			w++;
		} else {
			int cw = wcwidth(wc);

			w += cw > 0 ? cw : 0;
		}
		s += n;
	}
	return w;
}

static int text_width(const char *s)
{
	return text_cols(s, strlen(s));
}

/* Draws text from x, cut to whole characters within room columns. */
static void put_cut(int y, int x, int room, int attr, const char *text)
{
	char buf[512];
	size_t i = 0;
	int w = 0;

	if (y < 0 || y >= LINES || room <= 0)
		return;
	/* Copy whole characters while they fit the room left on the line. */
	while (text[i] && i < sizeof buf - 8) {
		size_t len = 1;
		char one[8];

		while ((text[i + len] & 0xC0) == 0x80 && len < 4)
			len++;
		memcpy(one, text + i, len);
		one[len] = '\0';
		if (w + text_width(one) > room)
			break;
		w += text_width(one);
		i += len;
	}
	memcpy(buf, text, i);
	buf[i] = '\0';
	attrset(attr);
	mvaddstr(y, x, buf);
	attrset(A_NORMAL);
}

void help_put(int y, int x, int attr, const char *text)
{
	put_cut(y, x, COLS - x, attr, text);
}

/*
 * How much of text goes on a line of room columns: the longest run of whole
 * words that fits; a word longer than the line is broken where it ends.
 */
static size_t wrap_cut(const char *text, int room)
{
	size_t cut = 0, len = strlen(text), i = 0;

	if (text_cols(text, len) <= room)
		return len;
	for (size_t k = 0; k < len; k++)
		if (text[k] == ' ' && text_cols(text, k) <= room)
			cut = k;
	if (cut)
		return cut;
	/* Whole characters up to the edge, one at least. */
	do {
		size_t next = i + 1;

		while (next < len && (text[next] & 0xC0) == 0x80)
			next++;
		if (i > 0 && text_cols(text, next) > room)
			break;
		i = next;
	} while (i < len);
	return i;
}

/* The lines after the first are indented, unless that leaves too little room. */
static int wrap_indent(int width, int indent)
{
	return width - indent < 12 ? 0 : indent;
}

/*
 * The one wrapping loop: head then text from (*y, x), between words within
 * width columns, the later lines indented, down to line last at most.
 */
static void wrap_lines(int *y, int last, int x, int width, int indent, int attr,
                       const char *head, const char *text)
{
	const char *rest = text;
	bool first = true;
	char line[600];

	if (width > COLS - x)
		width = COLS - x;
	indent = wrap_indent(width, indent);
	while (*y <= last) {
		int room = width - (first ? text_width(head) : indent);
		size_t cut = wrap_cut(rest, room);

		snprintf(line, sizeof line, "%*s%s%.*s", first ? 0 : indent, "",
		         first ? head : "", (int)cut, rest);
		help_line(y, x, width, attr, "%s", line);
		rest += cut;
		rest += strspn(rest, " ");
		first = false;
		if (!*rest)
			break;
	}
}

void help_wrap_head(int *y, int last, int x, int width, int attr, const char *head,
                    const char *text)
{
	wrap_lines(y, last, x, width, text_width(head), attr, head, text);
}

void help_wrap(int *y, int x, int width, int indent, int attr, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	wrap_lines(y, LINES, x, width, indent, attr, "", buf);
}

int help_wrap_height(int width, int indent, const char *text)
{
	int lines = 0;

	indent = wrap_indent(width, indent);
	while (*text) {
		text += wrap_cut(text, width - (lines ? indent : 0));
		text += strspn(text, " ");
		lines++;
	}
	return lines;
}

void help_message(const char *text, int attr, int max_lines)
{
	int lines = help_wrap_height(COLS - 1, 0, text), y;

	if (max_lines > LINES - 2)
		max_lines = LINES - 2;
	lines = lines < 1 ? 1 : lines > max_lines ? max_lines : lines;
	y = LINES - 1 - lines;
	for (int i = y; i < LINES - 1; i++) {
		move(i, 0);
		clrtoeol();
	}
	wrap_lines(&y, LINES - 2, 0, COLS - 1, 0, attr, "", text);
}

void help_keys(const char *const hints[], size_t count, const char *tail)
{
	char line[256] = "";
	size_t at = 0;

	for (size_t i = 0; i < count; i++) {
		if ((int)(at + 1 + strlen(hints[i]) + 2 + strlen(tail)) > COLS - 1 ||
		    at + strlen(hints[i]) + 3 >= sizeof line)
			break;
		at += (size_t)snprintf(line + at, sizeof line - at, " %s ", hints[i]);
	}
	snprintf(line + at, sizeof line - at, " %s", tail);
	attrset(theme_attr(THEME_STATUS));
	mvhline(LINES - 1, 0, ' ', COLS);
	help_put(LINES - 1, 0, theme_attr(THEME_STATUS), line);
}

void help_line(int *y, int x, int width, int attr, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	put_cut((*y)++, x, width < COLS - x ? width : COLS - x, attr, buf);
}

void help_draw(const char *title, const struct help_entry *e, size_t count)
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
	help_put(y0, x0 + 2, theme_attr(THEME_TITLE), title);
	/* Text stays inside the box; a list too long says what it leaves out. */
	int rows = h - 3, room = w - 6 - keyw;

	for (int i = 0; i < (int)count && i < rows; i++) {
		int y = y0 + 2 + i;

		if (i == rows - 1 && (int)count > rows) {
			char more[64];

			snprintf(more, sizeof more, "(%d more in a taller window)",
			         (int)count - i);
			put_cut(y, x0 + 2, w - 4, theme_attr(THEME_DIMMED), more);
			break;
		}
		put_cut(y, x0 + 2, keyw, theme_attr(THEME_KEY), e[i].keys);
		put_cut(y, x0 + 4 + keyw, room, A_NORMAL, e[i].what);
	}
	help_put(y0 + h - 1, x0 + 2, theme_attr(THEME_DIMMED), " any key closes this ");
}

void help_draw_too_small(int need_lines, int need_cols)
{
	char line[128];

	snprintf(line, sizeof line, "need %dx%d, have %dx%d", need_cols, need_lines, COLS,
	         LINES);
	help_put(LINES / 2 - 1, 0, theme_attr(THEME_BAD), "Terminal too small");
	help_put(LINES / 2, 0, A_NORMAL, line);
	help_put(LINES / 2 + 1, 0, A_NORMAL, "Enlarge it, or press q to quit");
}
