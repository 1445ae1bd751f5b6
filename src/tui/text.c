/* Text on the screen: display width, cutting, wrapping at words, panel and key lines. */
#include "config.h"

#include "tui/text.h"

#include <curses.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>
#include <wchar.h>

#include "tui/theme.h"

/* The number of screen columns the first len bytes of text take (UTF-8 aware). */
int text_width_n(const char *s, size_t len)
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

int text_width(const char *s)
{
	return text_width_n(s, strlen(s));
}

/* Draws text from x, cut to whole characters within room columns. */
void text_put_in(int y, int x, int room, int attr, const char *text)
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

void text_cut(char *s, int cols)
{
	size_t len = strlen(s), i = 0;

	if (text_width_n(s, len) <= cols)
		return;
	/* Whole characters while they leave room for the three dots. */
	while (i < len) {
		size_t next = i + 1;

		while (next < len && ((unsigned char)s[next] & 0xC0) == 0x80)
			next++;
		if (text_width_n(s, next) > cols - 3)
			break;
		i = next;
	}
	snprintf(s + i, 4, "%s", cols >= 3 ? "..." : "");
}

const char *text_pad(char *buf, size_t len, const char *text, int width)
{
	int w = text_width(text);

	snprintf(buf, len, "%s%*s", text, w < width ? width - w : 0, "");
	return buf;
}

void text_put(int y, int x, int attr, const char *text)
{
	text_put_in(y, x, COLS - x, attr, text);
}

/*
 * How much of text goes on a line of room columns: the longest run of whole
 * words that fits; a word longer than the line is broken where it ends.
 */
size_t text_wrap_cut(const char *text, int room)
{
	size_t cut = 0, len = strlen(text), i = 0;

	if (text_width_n(text, len) <= room)
		return len;
	/* Not inside a sequence of numbers ("1 5 8 6 3 7 2 4", a solution's
	 * ranks) while another space will do. */
	for (int pass = 0; pass < 2 && !cut; pass++)
		for (size_t k = 0; k < len; k++)
			if (text[k] == ' ' && text_width_n(text, k) <= room &&
			    (pass || k == 0 || !isdigit((unsigned char)text[k - 1]) ||
			     !isdigit((unsigned char)text[k + 1])))
				cut = k;
	if (cut)
		return cut;
	/* Whole characters up to the edge, one at least. */
	do {
		size_t next = i + 1;

		while (next < len && (text[next] & 0xC0) == 0x80)
			next++;
		if (i > 0 && text_width_n(text, next) > room)
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
		size_t cut = text_wrap_cut(rest, room);

		snprintf(line, sizeof line, "%*s%s%.*s", first ? 0 : indent, "",
		         first ? head : "", (int)cut, rest);
		text_line(y, x, width, attr, "%s", line);
		rest += cut;
		rest += strspn(rest, " ");
		first = false;
		if (!*rest)
			break;
	}
}

void text_wrap_head(int *y, int last, int x, int width, int attr, const char *head,
                    const char *text)
{
	wrap_lines(y, last, x, width, text_width(head), attr, head, text);
}

void text_wrap(int *y, int x, int width, int indent, int attr, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	wrap_lines(y, LINES, x, width, indent, attr, "", buf);
}

int text_wrap_height(int width, int indent, const char *text)
{
	int lines = 0;

	indent = wrap_indent(width, indent);
	while (*text) {
		text += text_wrap_cut(text, width - (lines ? indent : 0));
		text += strspn(text, " ");
		lines++;
	}
	return lines;
}

void text_message(struct layout_rect r, const char *text, int attr, int max_lines)
{
	int lines = text_wrap_height(r.w - 1, 0, text), y, bottom = r.y + r.h;

	if (max_lines > r.h - 2)
		max_lines = r.h - 2;
	lines = lines < 1 ? 1 : lines > max_lines ? max_lines : lines;
	y = bottom - 1 - lines;
	attrset(A_NORMAL);
	for (int i = y; i < bottom - 1; i++)
		mvhline(i, r.x, ' ', r.w);
	wrap_lines(&y, bottom - 2, r.x, r.w - 1, 0, attr, "", text);
}

void text_keys(struct layout_rect r, const char *const hints[], size_t count,
               const char *tail)
{
	char line[1024] = "";
	size_t at = 0;

	for (size_t i = 0; i < count; i++) {
		if ((int)(at + 1 + strlen(hints[i]) + 2 + strlen(tail)) > r.w - 1 ||
		    at + strlen(hints[i]) + 3 >= sizeof line)
			break;
		at += (size_t)snprintf(line + at, sizeof line - at, " %s ", hints[i]);
	}
	snprintf(line + at, sizeof line - at, " %s", tail);
	attrset(theme_attr(THEME_STATUS));
	mvhline(r.y + r.h - 1, r.x, ' ', r.w);
	text_put_in(r.y + r.h - 1, r.x, r.w, theme_attr(THEME_STATUS), line);
}

void text_line(int *y, int x, int width, int attr, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	text_put_in((*y)++, x, width < COLS - x ? width : COLS - x, attr, buf);
}

void text_frame(struct layout_rect r, int attr)
{
	WINDOW *win;

	if (r.w < 2 || r.h < 2)
		return;
	/* Line-drawing characters, unless only ASCII will do. */
	win = subwin(stdscr, r.h, r.w, r.y, r.x);
	if (!win)
		return;
	wattrset(win, attr);
	if (theme_is_ascii())
		wborder(win, '|', '|', '-', '-', '+', '+', '+', '+');
	else
		box(win, 0, 0);
	delwin(win);
}
