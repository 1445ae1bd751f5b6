/* The one board renderer: any board, with highlight layers, in a rectangle. */
#include "config.h"

#include "boardview.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "theme.h"

/*
 * Square sizes from largest to smallest: twice as wide as tall, so that on
 * a terminal's cells (about twice as tall as wide) a square looks square.
 */
static const struct {
	int w, h;
} sizes[] = {
        {16, 8}, {14, 7}, {12, 6}, {10, 5}, {8, 4}, {6, 3}, {4, 2}, {2, 1},
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
	*width = digits(n) + 1 + 2 * n;
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
	if (i < sizeof sizes / sizeof sizes[0] ||
	    (bv->thin && n <= avail_w && n <= avail_h)) {
		bool fits = i < sizeof sizes / sizeof sizes[0];

		/* A thin square is a column wide: the race's four boards on 60 columns.
		 */
		bv->cw = fits ? sizes[i].w : 1;
		bv->ch = fits ? sizes[i].h : 1;
		bv->files = bv->ranks = n;
		bv->first_file = bv->first_rank = 0;
	} else {
		/* Too big to show whole: a window on it that follows the cursor. */
		bv->cw = 2;
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

int boardview_fit(const struct boardview *bv, int height, int width, int *h, int *w)
{
	struct boardview probe = *bv;

	probe.height = height;
	probe.width = width;
	if (boardview_layout(&probe) < 0)
		return -1;
	*h = probe.ranks * probe.ch + 1;
	*w = probe.label_w + probe.files * probe.cw;
	return probe.files == probe.n && probe.ranks == probe.n;
}

/* The tint of a square, from its most important layer. */
static enum theme_tint square_tint(uint16_t f, bool cursor)
{
	if (cursor)
		return THEME_TINT_CURSOR;
	if (f & BV_SOLVED)
		return THEME_TINT_SOLVED;
	if (f & (BV_CONFLICT | BV_REJECT | BV_ATTACKER))
		return THEME_TINT_CONFLICT;
	if (f & BV_TRY)
		return THEME_TINT_CURSOR;
	if (f & BV_LOCKED)
		return THEME_TINT_LOCKED;
	if (f & BV_HINT)
		return THEME_TINT_HINT;
	if (f & BV_LEFT)
		return THEME_TINT_LEFT;
	if (f & BV_CONFLICT_LINE)
		return THEME_TINT_LINE;
	if (f & BV_PREVIEW)
		return THEME_TINT_PREVIEW;
	if (f & BV_ATTACKED)
		return THEME_TINT_ATTACKED;
	return THEME_TINT_PLAIN;
}

/* What stands on a square: a queen, a queen tried but not placed, or a mark. */
enum content { C_NONE, C_QUEEN, C_TRIED, C_REJECTED, C_HINT, C_LEFT, C_ATTACKED };

static enum content square_content(uint16_t f)
{
	if (f & BV_QUEEN)
		return C_QUEEN;
	if (f & BV_TRY)
		return C_TRIED;
	if (f & BV_REJECT)
		return C_REJECTED;
	if (f & BV_HINT)
		return C_HINT;
	if (f & BV_LEFT)
		return C_LEFT;
	if (f & BV_ATTACKED)
		return C_ATTACKED;
	return C_NONE;
}

/*
 * The queen figures, drawn where a square has 3 lines or more, as pixels
 * two to a character cell, one above the other (the upper and lower half
 * blocks), so that a pixel is about as wide as it is tall.  A tried queen
 * is the same figure in a shade.  An ASCII terminal gets the drawings
 * after them, '#' for a placed queen and ':' for a tried one.  A refused
 * square gets a cross as large, in a dark shade (in ASCII, of X).
 */
struct figure {
	int w, h;               /* in character cells */
	const char *pixels[16]; /* h * 2 rows of w pixels, X for ink */
	const char *ascii[8];   /* h rows of w characters */
	const char *cross[8];   /* a refused square's cross: h rows, X for ink */
};

static const struct figure figures[] = {
        {4,
         3,
         {"X..X", "XXXX", ".XX.", ".XX.", "XXXX", "...."},
         {"\\/\\/", " ## ", "/##\\"},
         {"X  X", " XX ", "X  X"}},
        {6,
         4,
         {"..XX..", "X.XX.X", "XXXXXX", ".XXXX.", "..XX..", ".XXXX.", "XXXXXX", "......"},
         {" o  o ", "\\\\##//", " )##( ", "/####\\"},
         {"XX  XX", " XXXX ", " XXXX ", "XX  XX"}},
        {8,
         5,
         {"...XX...", "X..XX..X", "XX.XX.XX", "XXXXXXXX", ".XXXXXX.", "..XXXX..",
          "..XXXX..", ".XXXXXX.", "XXXXXXXX", "........"},
         {"   ()   ", "\\\\ ## //", " \\####/ ", "  )##(  ", " /####\\ "},
         {"XX    XX", " XX  XX ", "   XX   ", " XX  XX ", "XX    XX"}},
        {10,
         6,
         {"....XX....", "X...XX...X", "X..XXXX..X", "XX.XXXX.XX", "XXXXXXXXXX",
          ".XXXXXXXX.", "..XXXXXX..", "...XXXX...", "...XXXX...", "..XXXXXX..",
          ".XXXXXXXX.", "XXXXXXXXXX"},
         {"    ()    ", " o  ##  o ", " \\\\####// ", "  \\####/  ", "   )##(   ",
          "  /####\\  "},
         {"XX      XX", " XX    XX ", "   XXXX   ", "   XXXX   ", " XX    XX ",
          "XX      XX"}},
};

/* The figure for a square of ch lines, or NULL for one glyph. */
static const struct figure *figure_for(int ch)
{
	return ch >= 7   ? &figures[3]
	       : ch >= 5 ? &figures[2]
	       : ch == 4 ? &figures[1]
	       : ch == 3 ? &figures[0]
	                 : NULL;
}

static void draw_figure(const struct figure *fig, int y0, int x0, bool tried)
{
	for (int r = 0; r < fig->h; r++) {
		move(y0 + r, x0);
		for (int c = 0; c < fig->w; c++) {
			if (theme_is_ascii()) {
				char ch = fig->ascii[r][c];

				addch((chtype)(tried && ch == '#' ? ':' : ch));
				continue;
			}
			bool up = fig->pixels[2 * r][c] == 'X',
			     down = fig->pixels[2 * r + 1][c] == 'X';

			if (!up && !down)
				addch(' ');
			else if (tried)
				addstr("\u2592"); /* a medium shade over the whole cell */
			else
				addstr(up && down ? "\u2588" : up ? "\u2580" : "\u2584");
		}
	}
}

static void draw_cross(const struct figure *fig, int y0, int x0)
{
	for (int r = 0; r < fig->h; r++)
		for (int c = 0; c < fig->w; c++)
			if (fig->cross[r][c] == 'X')
				mvaddstr(y0 + r, x0 + c,
				         theme_is_ascii() ? "X" : "\u2593");
}

/* How a square is framed: the cursor, a conflict, a given queen. */
enum frame { F_NONE, F_CURSOR, F_CONFLICT, F_LOCKED };

/*
 * Draws the frame: on a square of 3 lines or more in its four corners (with
 * arms along the edges on large squares), on a smaller one as a pair of
 * marks at the ends of its middle line, "[ ]", "! !" or "( )".
 */
static void draw_frame(const struct boardview *bv, enum frame fr, int y0, int x0,
                       bool empty)
{
	static const char *const utf8[][4] = {
	        [F_CURSOR] = {"\u250f", "\u2513", "\u2517", "\u251b"},
	        [F_CONFLICT] = {"!", "!", "!", "!"},
	        [F_LOCKED] = {"\u256d", "\u256e", "\u2570", "\u256f"},
	};
	static const char *const ascii[][4] = {
	        [F_CURSOR] = {"[", "]", "[", "]"},
	        [F_CONFLICT] = {"!", "!", "!", "!"},
	        [F_LOCKED] = {"(", ")", "(", ")"},
	};
	const char *const *c = theme_is_ascii() ? ascii[fr] : utf8[fr];
	int x1 = x0 + bv->cw - 1, y1 = y0 + bv->ch - 1;

	/* A thin square has no room for a frame: its tint says it. */
	if (fr == F_NONE || bv->cw < 2)
		return;
	/*
	 * A square of two columns has room for the closing mark only, after
	 * what stands on it ("Q!", "q]"); on an empty one, both ("[]").
	 */
	if (bv->cw < 3) {
		if (empty)
			mvaddstr(y0, x0, ascii[fr][0]);
		mvaddstr(y0, x1, ascii[fr][1]);
		return;
	}
	if (bv->ch < 3) {
		int y = y0 + (bv->ch - 1) / 2;

		mvaddstr(y, x0, ascii[fr][0]);
		mvaddstr(y, x1, ascii[fr][1]);
		return;
	}
	mvaddstr(y0, x0, c[0]);
	mvaddstr(y0, x1, c[1]);
	mvaddstr(y1, x0, c[2]);
	mvaddstr(y1, x1, c[3]);
	/* The cursor's corners grow arms on large squares, to be seen from afar. */
	if (fr == F_CURSOR && bv->cw >= 10 && !theme_is_ascii()) {
		mvaddstr(y0, x0 + 1, "\u2501");
		mvaddstr(y0, x1 - 1, "\u2501");
		mvaddstr(y1, x0 + 1, "\u2501");
		mvaddstr(y1, x1 - 1, "\u2501");
		mvaddstr(y0 + 1, x0, "\u2503");
		mvaddstr(y0 + 1, x1, "\u2503");
		mvaddstr(y1 - 1, x0, "\u2503");
		mvaddstr(y1 - 1, x1, "\u2503");
	}
}

static void draw_mark(enum content what, int cy, int cx)
{
	const struct theme_glyphs *g = theme_glyphs();

	switch (what) {
	case C_QUEEN:
		mvaddstr(cy, cx, g->queen);
		break;
	case C_TRIED:
		mvaddstr(cy, cx, g->tried);
		break;
	case C_REJECTED:
		mvaddstr(cy, cx, g->rejected);
		break;
	case C_HINT:
		mvaddstr(cy, cx, g->hint);
		break;
	case C_LEFT:
		mvaddstr(cy, cx, g->left);
		break;
	case C_ATTACKED:
		mvaddstr(cy, cx, g->attacked);
		break;
	default:
		break;
	}
}

static void draw_square(const struct boardview *bv, int file, int rank)
{
	uint16_t f = bv->cells[file * bv->n + rank];
	bool cursor =
	        bv->show_cursor && bv->cursor.file == file && bv->cursor.rank == rank;
	int y0 = bv->org_y + (bv->first_rank + bv->ranks - 1 - rank) * bv->ch;
	int x0 = bv->org_x + (file - bv->first_file) * bv->cw;
	int cy = y0 + (bv->ch - 1) / 2, cx = x0 + (bv->cw - 1) / 2;
	enum content what = square_content(f);
	const struct figure *fig = figure_for(bv->ch);
	enum frame fr = F_NONE;

	/* a1 is a dark square. */
	attrset(theme_square(square_tint(f, cursor), (file + rank) % 2 == 0,
	                     what == C_QUEEN   ? THEME_INK_QUEEN
	                     : what == C_TRIED ? THEME_INK_GHOST
	                                       : THEME_INK_MARK));
	for (int y = y0; y < y0 + bv->ch; y++)
		mvhline(y, x0, ' ', bv->cw);
	if (fig && (what == C_QUEEN || what == C_TRIED || what == C_REJECTED)) {
		/* Centred, a half line low where it cannot be centred. */
		int fy = y0 + (bv->ch - fig->h + 1) / 2, fx = x0 + (bv->cw - fig->w) / 2;

		if (what == C_REJECTED)
			draw_cross(fig, fy, fx);
		else
			draw_figure(fig, fy, fx, what == C_TRIED);
	} else {
		draw_mark(what, cy, cx);
	}
	/*
	 * The frame says without colour, too, where the cursor is, which queens
	 * are in conflict and which were given; the search's tried square is
	 * its cursor, its attacker a conflict.
	 */
	if (cursor || (f & BV_TRY))
		fr = F_CURSOR;
	else if (f & (BV_CONFLICT | BV_ATTACKER))
		fr = F_CONFLICT;
	else if (f & BV_LOCKED)
		fr = F_LOCKED;
	draw_frame(bv, fr, y0, x0, what == C_NONE);
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
		/* Squares narrower than the name have room for its last letter. */
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
