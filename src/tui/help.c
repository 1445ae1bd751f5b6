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

#include "text.h"
#include "theme.h"

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

void help_draw_too_small(int need_lines, int need_cols)
{
	char line[128];

	snprintf(line, sizeof line, "need %dx%d, have %dx%d", need_cols, need_lines, COLS,
	         LINES);
	text_put(LINES / 2 - 1, 0, theme_attr(THEME_BAD), "Terminal too small");
	text_put(LINES / 2, 0, A_NORMAL, line);
	text_put(LINES / 2 + 1, 0, A_NORMAL, "Enlarge it, or press q to quit");
}
