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

/* The number of screen columns text takes (UTF-8 aware). */
static int text_width(const char *s)
{
	mbstate_t st;
	int w = 0;

	memset(&st, 0, sizeof st);
	while (*s) {
		wchar_t wc;
		size_t len = mbrtowc(&wc, s, MB_CUR_MAX, &st);

		if (len == (size_t)-1 || len == (size_t)-2 || len == 0) {
			memset(&st, 0, sizeof st);
			len = 1;
			w++;
		} else {
			int cw = wcwidth(wc);

			w += cw > 0 ? cw : 0;
		}
		s += len;
	}
	return w;
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

/* The number of columns the first len bytes of s take. */
static int prefix_width(const char *s, size_t len)
{
	char buf[512];

	if (len >= sizeof buf)
		len = sizeof buf - 1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	return text_width(buf);
}

/*
 * How many bytes of text go on a line of room columns: the longest run of
 * whole words that fits, else as much of a word too long for any line as
 * fits (one character at least, so that wrapping always moves on).
 */
static size_t wrap_cut(const char *text, int room)
{
	size_t len = strlen(text), cut = 0;

	if (prefix_width(text, len) <= room)
		return len;
	for (size_t i = 1; i < len; i++)
		if (text[i] == ' ' && prefix_width(text, i) <= room)
			cut = i;
	if (cut)
		return cut;
	cut = 1;
	for (size_t i = 1; i < len; i++)
		if ((text[i] & 0xC0) != 0x80 && prefix_width(text, i) <= room)
			cut = i;
	return cut;
}

/* The lines after the first are indented, unless that leaves too little room. */
static int wrap_indent(int width, int indent)
{
	return width - indent < 12 ? 0 : indent;
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

void help_wrap(int *y, int x, int width, int indent, int attr, const char *fmt, ...)
{
	char buf[512];
	const char *rest = buf;
	bool first = true;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (width > COLS - x)
		width = COLS - x;
	indent = wrap_indent(width, indent);
	do {
		int at = first ? 0 : indent;
		size_t cut = wrap_cut(rest, width - at);
		char line[512];

		memcpy(line, rest, cut);
		line[cut] = '\0';
		put_cut((*y)++, x + at, width - at, attr, line);
		rest += cut;
		rest += strspn(rest, " ");
		first = false;
	} while (*rest);
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
