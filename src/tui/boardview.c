/* The one board renderer: any board, with highlight layers, in a rectangle. */
#include "config.h"

#include "boardview.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "theme.h"

/* Square sizes from largest to smallest; about twice as wide as tall. */
static const struct {
	int w, h;
} sizes[] = {
        {16, 8}, {14, 7}, {12, 6}, {10, 5}, {8, 4},
        {6, 3},  {4, 2},  {3, 1},  {2, 1},  {1, 1},
};

static int digits(int v)
{
	int d = 1;

	while (v >= 10) {
		v /= 10;
		d++;
	}
	return d;
}

void boardview_min_size(int n, int *height, int *width)
{
	*height = n + 1;
	*width = digits(n) + 1 + n;
}

/* Moves first so that [first, first + shown) holds want and stays on the board. */
static int scroll_to(int first, int shown, int want, int n)
{
	if (want < first)
		first = want;
	if (want >= first + shown)
		first = want - shown + 1;
	if (first > n - shown)
		first = n - shown;
	return first < 0 ? 0 : first;
}

int boardview_layout(struct boardview *bv)
{
	int n = bv->n, avail_w, avail_h;
	size_t i;

	bv->label_w = digits(n) + 1;
	avail_w = bv->width - bv->label_w;
	avail_h = bv->height - 1; /* the file letters take a line */
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
		if (n * sizes[i].w <= avail_w && n * sizes[i].h <= avail_h)
			break;
	if (i < sizeof sizes / sizeof sizes[0]) {
		bv->cw = sizes[i].w;
		bv->ch = sizes[i].h;
		bv->files = bv->ranks = n;
		bv->first_file = bv->first_rank = 0;
	} else {
		/* Too big to show whole: a window on it that follows the cursor. */
		/* Every file in view if one-character squares allow it. */
		bv->cw = avail_w >= 2 * n   ? 2
		         : avail_w >= n     ? 1
		         : avail_w >= 2 * 2 ? 2
		                            : 1;
		bv->ch = 1;
		bv->files = avail_w / bv->cw < n ? avail_w / bv->cw : n;
		bv->ranks = avail_h < n ? avail_h : n;
		if (bv->files < 1 || bv->ranks < 1)
			return -1;
		bv->first_file = scroll_to(bv->first_file, bv->files, bv->cursor.file, n);
		bv->first_rank = scroll_to(bv->first_rank, bv->ranks, bv->cursor.rank, n);
	}
	bv->org_x = bv->left + bv->label_w + (avail_w - bv->files * bv->cw) / 2;
	bv->org_y = bv->top + (avail_h - bv->ranks * bv->ch) / 2;
	return 0;
}

void boardview_extent(const struct boardview *bv, int *height, int *width)
{
	*height = bv->ranks * bv->ch + 1; /* the file letters take a line */
	*width = bv->label_w + bv->files * bv->cw;
}

/* The colour of a square's background, from its most important layer. */
static enum theme_item square_item(uint16_t f, bool dark, bool cursor)
{
	if (cursor)
		return THEME_CURSOR;
	if (f & BV_CONFLICT)
		return THEME_CONFLICT;
	if (f & BV_LOCKED)
		return THEME_LOCKED;
	if (f & BV_REJECT)
		return THEME_REJECT;
	if (f & BV_ATTACKER)
		return THEME_CONFLICT;
	if (f & BV_TRY)
		return THEME_TRY;
	if (f & BV_HINT)
		return THEME_HINT;
	if (f & BV_LEFT)
		return THEME_LEFT;
	if (f & BV_CONFLICT_LINE)
		return THEME_CONFLICT_LINE;
	if (f & BV_PREVIEW)
		return THEME_PREVIEW;
	if (f & BV_QUEEN)
		return dark ? THEME_QUEEN_DARK : THEME_QUEEN_LIGHT;
	return dark ? THEME_DARK : THEME_LIGHT;
}

static const char *square_glyph(uint16_t f)
{
	const struct theme_glyphs *g = theme_glyphs();

	if (f & BV_QUEEN)
		return g->queen;
	if (f & BV_REJECT)
		return g->rejected;
	if (f & BV_HINT)
		return g->hint;
	if (f & BV_TRY)
		return g->queen;
	if (f & BV_LEFT)
		return g->left;
	if (f & BV_ATTACKED)
		return g->attacked;
	return " ";
}

static void draw_square(const struct boardview *bv, int file, int rank)
{
	uint16_t f = bv->cells[file * bv->n + rank];
	bool cursor =
	        bv->show_cursor && bv->cursor.file == file && bv->cursor.rank == rank;
	int y0 = bv->org_y + (bv->first_rank + bv->ranks - 1 - rank) * bv->ch;
	int x0 = bv->org_x + (file - bv->first_file) * bv->cw;
	int cy = y0 + (bv->ch - 1) / 2, cx = x0 + (bv->cw - 1) / 2;
	enum theme_item item = square_item(f, (file + rank) % 2 == 0, cursor);

	attrset(theme_attr(item));
	for (int y = y0; y < y0 + bv->ch; y++)
		mvhline(y, x0, ' ', bv->cw);
	mvaddstr(cy, cx, square_glyph(f));
	/*
	 * Brackets show the cursor, conflicts and given queens without colour,
	 * too; the search's tried square is its cursor, its attacker a conflict.
	 */
	if (bv->cw >= 3 &&
	    (cursor || (f & (BV_CONFLICT | BV_ATTACKER | BV_TRY | BV_LOCKED)))) {
		const char *pair = cursor                              ? "[]"
		                   : (f & (BV_CONFLICT | BV_ATTACKER)) ? "!!"
		                   : (f & BV_TRY)                      ? "[]"
		                                                       : "()";

		mvaddch(cy, x0, (chtype)pair[0]);
		mvaddch(cy, x0 + bv->cw - 1, (chtype)pair[1]);
	}
	attrset(A_NORMAL);
}

void boardview_draw(const struct boardview *bv)
{
	char label[16];
	int bottom = bv->org_y + bv->ranks * bv->ch;

	for (int r = bv->first_rank; r < bv->first_rank + bv->ranks; r++) {
		int y = bv->org_y + (bv->first_rank + bv->ranks - 1 - r) * bv->ch +
		        (bv->ch - 1) / 2;

		attrset(theme_attr(THEME_LABEL));
		mvprintw(y, bv->org_x - bv->label_w, "%*d", bv->label_w - 1, r + 1);
		for (int f = bv->first_file; f < bv->first_file + bv->files; f++)
			draw_square(bv, f, r);
	}
	attrset(theme_attr(THEME_LABEL));
	for (int f = bv->first_file; f < bv->first_file + bv->files; f++) {
		int x = bv->org_x + (f - bv->first_file) * bv->cw + (bv->cw - 1) / 2;

		board_file_name(f, label, sizeof label);
		/* One-character squares have room for one letter: the last one. */
		if (bv->cw < (int)strlen(label))
			mvaddstr(bottom, x, label + strlen(label) - 1);
		else
			mvaddstr(bottom, x, label);
	}
	attrset(A_NORMAL);
}

bool boardview_hit(const struct boardview *bv, int line, int col, struct square *sq)
{
	int dx = col - bv->org_x, dy = line - bv->org_y;

	if (dx < 0 || dy < 0 || dx >= bv->files * bv->cw || dy >= bv->ranks * bv->ch)
		return false;
	sq->file = bv->first_file + dx / bv->cw;
	sq->rank = bv->first_rank + bv->ranks - 1 - dy / bv->ch;
	return true;
}

/* The bit of each braille dot, by column (0, 1) and row (0 at the top) in a cell. */
static const unsigned braille_bit[2][4] = {{0x01, 0x02, 0x04, 0x40},
                                           {0x08, 0x10, 0x20, 0x80}};

int boardview_overview_draw(struct boardview_overview *ov)
{
	bool ascii = theme_is_ascii();
	/* ASCII keeps the aspect with one mark for 2 by 4 blocks, like a braille cell. */
	int dx = 2, dy = 4, scale, cols, rows;

	ov->cols = ov->rows = 0;
	if (ov->width < 1 || ov->height < 1 || ov->n < 1)
		return 0;
	/* The smallest block size that fits the whole board. */
	scale = (ov->n + dx * ov->width - 1) / (dx * ov->width);
	if (scale < (ov->n + dy * ov->height - 1) / (dy * ov->height))
		scale = (ov->n + dy * ov->height - 1) / (dy * ov->height);
	cols = (ov->n + dx * scale - 1) / (dx * scale);
	rows = (ov->n + dy * scale - 1) / (dy * scale);

	size_t cells = (size_t)cols * (size_t)rows;
	unsigned *dots = calloc(cells, sizeof *dots); /* braille bits, or a count */
	unsigned char *bad = calloc(cells, sizeof *bad);

	if (!dots || !bad) {
		free(dots);
		free(bad);
		return 0;
	}
	for (int f = 0; f < ov->n; f++) {
		int r = ov->ranks[f], x, y;

		if (r < 0)
			continue;
		x = f / scale;
		y = (ov->n - 1 - r) / scale; /* rank n at the top */
		size_t c = (size_t)(y / dy) * (size_t)cols + (size_t)(x / dx);

		if (ascii)
			dots[c]++;
		else
			dots[c] |= braille_bit[x % dx][y % dy];
		if (ov->attacked && ov->attacked[f])
			bad[c] = 1;
	}
	for (int y = 0; y < rows; y++) {
		for (int x = 0; x < cols; x++) {
			size_t c = (size_t)y * (size_t)cols + (size_t)x;
			char ch[8];
			unsigned v = dots[c];

			if (ascii) {
				static const char marks[] = " .:+*#";

				ch[0] = marks[v < 5 ? v : 5];
				ch[1] = '\0';
			} else {
				/* U+2800 + v, in UTF-8. */
				unsigned cp = 0x2800 + v;

				ch[0] = (char)(0xe0 | (cp >> 12));
				ch[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
				ch[2] = (char)(0x80 | (cp & 0x3f));
				ch[3] = '\0';
			}
			attrset(bad[c] ? theme_attr(THEME_BAD)
			               : theme_attr(THEME_NORMAL));
			mvaddstr(ov->top + y, ov->left + x, ch);
		}
	}
	attrset(A_NORMAL);
	free(dots);
	free(bad);
	ov->cols = cols;
	ov->rows = rows;
	return scale;
}
