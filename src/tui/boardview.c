/* The one board renderer: any board, with highlight layers, in a rectangle. */
#include "config.h"

#include "tui/boardview.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/search.h"
#include "tui/theme.h"

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
	bv->grid = false;
	/*
	 * Regions are drawn with lines between the squares when a square of
	 * 4x2 or more fits: a square then takes its size less one line and
	 * one column, the lines it shares, and the board one of each more.
	 */
	for (i = 0; bv->region && sizes[i].h >= 2; i++)
		if (n * sizes[i].w + 1 <= avail_w && n * sizes[i].h + 1 <= avail_h) {
			bv->grid = true;
			bv->cw = sizes[i].w;
			bv->ch = sizes[i].h;
			bv->files = bv->ranks = n;
			bv->first_file = bv->first_rank = 0;
			bv->org_x =
			        bv->left + bv->label_w + (avail_w - n * bv->cw - 1) / 2;
			bv->org_y = bv->top + (avail_h - n * bv->ch - 1) / 2;
			return 0;
		}
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
	*height = bv->ranks * bv->ch + 1 + bv->grid; /* the file letters take a line */
	*width = bv->label_w + bv->files * bv->cw + bv->grid;
}

int boardview_fit(const struct boardview *bv, int height, int width, int *h, int *w)
{
	struct boardview probe = *bv;

	probe.height = height;
	probe.width = width;
	if (boardview_layout(&probe) < 0)
		return -1;
	*h = probe.ranks * probe.ch + 1 + probe.grid;
	*w = probe.label_w + probe.files * probe.cw + probe.grid;
	return probe.files == probe.n && probe.ranks == probe.n;
}

/*
 * The ground of a square, from its most important layer.  A conflict
 * outranks the cursor, so that the queen just placed shows its conflict
 * at once; the cursor's frame still says where the cursor is.
 */
static enum theme_ground square_ground(uint16_t f, bool cursor)
{
	if (f & (BV_CONFLICT | BV_REJECT | BV_ATTACKER))
		return THEME_GROUND_CONFLICT;
	if (cursor)
		return THEME_GROUND_CURSOR;
	if (f & BV_SOLVED)
		return THEME_GROUND_LIT;
	if (f & BV_TRACKED)
		return THEME_GROUND_TRACKED;
	if (f & BV_TRY)
		return THEME_GROUND_CURSOR;
	return THEME_GROUND_PLAIN;
}

/* What stands on a square: a queen, a queen tried but not placed, or a mark. */
enum content {
	C_NONE,
	C_QUEEN,
	C_TRIED,
	C_REJECTED,
	C_HINT,
	C_LEFT,
	C_ATTACKED,
	C_MARKED
};

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
 * The queen figures, one for each square of 3 lines or more, drawn as
 * pixels four to a character cell (the quadrant blocks), each half a cell
 * wide and half a line tall: points fanning out to balls, a band, a waist
 * narrowing and a base, so that even at 6x3 the crown is not taken for a
 * rook's straight tower and flat battlements (doc/figures.png).  The
 * corner cells stay clear for the frames, and (from 8x4 up) a margin too.  A tried queen
 * is the same figure with its full cells in a shade; a refused square gets a cross in the
 * same pixels, its full cells in a darker shade, so that neither reads as a queen.  An
 * ASCII terminal gets the drawings after them, '#' for a placed queen and ':' for a tried
 * one.
 */
struct figure {
	int w, h;               /* the square's size in character cells */
	const char *queen[16];  /* h * 2 rows of w * 2 pixels, X for ink */
	const char *cross[16];  /* the same for a refused square */
	const char *ascii[8];   /* h rows of w characters */
	const char *ascii_x[8]; /* the cross in ASCII */
};

/* clang-format off */
static const struct figure figures[] = {
	{6, 3,
	 {"..X......X..",
	  "...X.XX.X...",
	  "...XXXXXX...",
	  "....XXXX....",
	  ".....XX.....",
	  "...XXXXXX..."},
	 {"..XX....XX..",
	  "...XX..XX...",
	  "....XXXX....",
	  "....XXXX....",
	  "...XX..XX...",
	  "..XX....XX.."},
	 {" \\()/ ",
	  " \\##/ ",
	  " /##\\ "},
	 {" \\  / ",
	  "  XX  ",
	  " /  \\ "}},
	{8, 4,
	 {"................",
	  "..X....XX....X..",
	  "..X..X.XX.X..X..",
	  "...X.X....X.X...",
	  "...XXXXXXXXXX...",
	  "....XXXXXXXX....",
	  "......XXXX......",
	  "....XXXXXXXX...."},
	 {"................",
	  "..XX........XX..",
	  "....XX....XX....",
	  "......XXXX......",
	  "......XXXX......",
	  "....XX....XX....",
	  "..XX........XX..",
	  "................"},
	 {" \\ () / ",
	  "  \\##/  ",
	  "  )##(  ",
	  "  /##\\  "},
	 {"  \\  /  ",
	  "   XX   ",
	  "   XX   ",
	  "  /  \\  "}},
	{10, 5,
	 {"....................",
	  ".........XX.........",
	  ".....X...XX...X.....",
	  ".....XX.XXXX.XX.....",
	  "......XXXXXXXX......",
	  ".......XXXXXX.......",
	  "........XXXX........",
	  ".......XXXXXX.......",
	  "......XXXXXXXX......",
	  "...................."},
	 {"....................",
	  "....XX........XX....",
	  ".....XX......XX.....",
	  ".......XX..XX.......",
	  "........XXXX........",
	  "........XXXX........",
	  ".......XX..XX.......",
	  ".....XX......XX.....",
	  "....XX........XX....",
	  "...................."},
	 {"    ()    ",
	  "  \\ ## /  ",
	  "  \\####/  ",
	  "   )##(   ",
	  "  /####\\  "},
	 {"  \\    /  ",
	  "   \\  /   ",
	  "    XX    ",
	  "   /  \\   ",
	  "  /    \\  "}},
	{12, 6,
	 {"........................",
	  "..........XXXX..........",
	  "......XX...XX...XX......",
	  ".......X.X.XX.X.X.......",
	  ".......XXXXXXXXXX.......",
	  "........XXXXXXXX........",
	  ".........XXXXXX.........",
	  "..........XXXX..........",
	  "..........XXXX..........",
	  ".........XXXXXX.........",
	  "........XXXXXXXX........",
	  "........................"},
	 {"........................",
	  "........................",
	  "......XX........XX......",
	  ".......XXX....XXX.......",
	  "........XXX..XXX........",
	  "..........XXXX..........",
	  "..........XXXX..........",
	  "........XXX..XXX........",
	  ".......XXX....XXX.......",
	  "......XX........XX......",
	  "........................",
	  "........................"},
	 {"     ()     ",
	  "  o  ##  o  ",
	  "  \\\\####//  ",
	  "   \\####/   ",
	  "    )##(    ",
	  "   /####\\   "},
	 {"  \\      /  ",
	  "   \\    /   ",
	  "    \\XX/    ",
	  "    /XX\\    ",
	  "   /    \\   ",
	  "  /      \\  "}},
	{14, 7,
	 {"............................",
	  "............XXXX............",
	  "......XX....XXXX....XX......",
	  ".......X.X...XX...X.X.......",
	  ".......XX.X..XX..X.XX.......",
	  ".......XXXXX.XX.XXXXX.......",
	  "........XXXXXXXXXXXX........",
	  ".........XXXXXXXXXX.........",
	  "..........XXXXXXXX..........",
	  "...........XXXXXX...........",
	  "...........XXXXXX...........",
	  "..........XXXXXXXX..........",
	  "........XXXXXXXXXXXX........",
	  "............................"},
	 {"............................",
	  "............................",
	  "......XX............XX......",
	  ".......XXX........XXX.......",
	  "........XXXX....XXXX........",
	  "..........XXX..XXX..........",
	  "............XXXX............",
	  "............XXXX............",
	  "..........XXX..XXX..........",
	  "........XXXX....XXXX........",
	  ".......XXX........XXX.......",
	  "......XX............XX......",
	  "............................",
	  "............................"},
	 {"      ()      ",
	  "   o  ##  o   ",
	  "   \\\\####//   ",
	  "    \\####/    ",
	  "     )##(     ",
	  "    /####\\    ",
	  "   /######\\   "},
	 {"              ",
	  "   \\      /   ",
	  "    \\    /    ",
	  "      XX      ",
	  "    /    \\    ",
	  "   /      \\   ",
	  "              "}},
	{16, 8,
	 {"................................",
	  "..............XXXX..............",
	  "..............XXXX..............",
	  "........XX.....XX.....XX........",
	  ".........X..X..XX..X..X.........",
	  ".........XX.XX.XX.XX.XX.........",
	  ".........XXXXXXXXXXXXXX.........",
	  "..........XXXXXXXXXXXX..........",
	  "...........XXXXXXXXXX...........",
	  "............XXXXXXXX............",
	  ".............XXXXXX.............",
	  ".............XXXXXX.............",
	  "............XXXXXXXX............",
	  "..........XXXXXXXXXXXX..........",
	  ".........XXXXXXXXXXXXXX.........",
	  "................................"},
	 {"................................",
	  "................................",
	  "................................",
	  "........XX............XX........",
	  ".........XXX........XXX.........",
	  "..........XXXX....XXXX..........",
	  "............XXX..XXX............",
	  "..............XXXX..............",
	  "..............XXXX..............",
	  "............XXX..XXX............",
	  "..........XXXX....XXXX..........",
	  ".........XXX........XXX.........",
	  "........XX............XX........",
	  "................................",
	  "................................",
	  "................................"},
	 {"                ",
	  "       ()       ",
	  "    o  ##  o    ",
	  "    \\\\####//    ",
	  "     \\####/     ",
	  "      )##(      ",
	  "     /####\\     ",
	  "    /######\\    "},
	 {"                ",
	  "   \\        /   ",
	  "     \\    /     ",
	  "       XX       ",
	  "       XX       ",
	  "     /    \\     ",
	  "   /        \\   ",
	  "                "}},
};
/* clang-format on */

/* The figure for a square of ch lines, or NULL for one glyph. */
static const struct figure *figure_for(int ch)
{
	for (size_t i = 0; i < sizeof figures / sizeof figures[0]; i++)
		if (figures[i].h == ch)
			return &figures[i];
	return NULL;
}

/* The quadrant block of four pixels: upper left 8, upper right 4, lower left 2, lower
 * right 1. */
static const char *const quadrants[16] = {
        " ",      "\u2597", "\u2596", "\u2584", "\u259d", "\u2590", "\u259e", "\u259f",
        "\u2598", "\u259a", "\u258c", "\u2599", "\u2580", "\u259c", "\u259b", "\u2588",
};

/* How a figure's full cells are drawn: whole, in a medium shade, in a dark one. */
enum shade { S_NONE, S_TRIED, S_REFUSED };

/* Draws pixel rows px (or the ASCII rows) over the square at y0, x0, blanks left as they
 * are. */
static void draw_pixels(const struct figure *fig, const char *const *px,
                        const char *const *ascii, int y0, int x0, enum shade shade)
{
	static const char *const full[] = {"\u2588", "\u2592", "\u2593"};

	for (int r = 0; r < fig->h; r++) {
		for (int c = 0; c < fig->w; c++) {
			if (theme_is_ascii()) {
				char ch[2] = {ascii[r][c], '\0'};

				if (ch[0] == '#' && shade == S_TRIED)
					ch[0] = ':';
				if (ch[0] != ' ')
					mvaddstr(y0 + r, x0 + c, ch);
				continue;
			}
			const char *up = px[2 * r] + 2 * c, *down = px[2 * r + 1] + 2 * c;
			int q = (up[0] == 'X') << 3 | (up[1] == 'X') << 2 |
			        (down[0] == 'X') << 1 | (down[1] == 'X');

			if (q)
				mvaddstr(y0 + r, x0 + c,
				         q == 15 ? full[shade] : quadrants[q]);
		}
	}
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

/* The lines a square can show: along its rank, its file, and the two diagonals. */
enum line { L_NONE = -1, L_RANK, L_FILE, L_RISING, L_FALLING };

/* Which line through the cursor a square is on. */
static enum line cursor_line(const struct boardview *bv, int file, int rank)
{
	int df = file - bv->cursor.file, dr = rank - bv->cursor.rank;

	return dr == 0                ? L_RANK
	       : df == 0              ? L_FILE
	       : (df > 0) == (dr > 0) ? L_RISING
	                              : L_FALLING;
}

/* The flag of each line, in enum line's order. */
static const uint16_t clash_flag[4] = {BV_CLASH_RANK, BV_CLASH_FILE, BV_CLASH_RISING,
                                       BV_CLASH_FALLING};

/*
 * Draws a line across the square at y0, x0, through its middle: a rank the
 * whole width of its middle line, a file the whole height of its middle
 * column, a diagonal one glyph a line, two columns apart (as a square is
 * twice as wide as tall), so that the lines of neighbouring squares meet.
 */
static void draw_line(const struct boardview *bv, enum line l, bool heavy, int y0, int x0)
{
	const struct theme_glyphs *g = theme_glyphs();
	const char *glyph = heavy ? g->heavy[l] : g->line[l];
	int cy = y0 + (bv->ch - 1) / 2, cx = x0 + (bv->cw - 1) / 2;
	/* ASCII has no heavier slash: a conflict's diagonal is drawn twice as wide. */
	int wide = heavy && theme_is_ascii() ? 2 : 1;

	for (int i = 0; l == L_RANK && i < bv->cw; i++)
		mvaddstr(cy, x0 + i, glyph);
	for (int i = 0; l == L_FILE && i < bv->ch; i++)
		mvaddstr(y0 + i, cx, glyph);
	/* Through the middle cell; only on the lines where both diagonals have
	 * room, so that the two look alike though the middle is off centre. */
	for (int y = y0; (l == L_RISING || l == L_FALLING) && y < y0 + bv->ch; y++) {
		int d = 2 * (cy - y);

		if (cx - abs(d) < x0 || cx + abs(d) >= x0 + bv->cw)
			continue;
		for (int i = 0; i < wide && cx + abs(d) + i < x0 + bv->cw; i++)
			mvaddstr(y, (l == L_RISING ? cx + d : cx - d) + i, glyph);
	}
}

static void draw_mark(const struct boardview *bv, enum content what, int cy, int cx)
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
	case C_MARKED:
		mvaddstr(cy, cx, g->rejected);
		break;
	case C_ATTACKED:
		/* A larger dot on a square of 4 lines or more, to be seen from afar. */
		mvaddstr(cy, cx, bv->ch >= 4 ? g->attacked_large : g->attacked);
		break;
	default:
		break;
	}
}

/* The ink of what stands on a square. */
static enum theme_ink content_ink(enum content what, bool on_line)
{
	switch (what) {
	case C_QUEEN:
	case C_REJECTED:
	case C_MARKED:
		return THEME_INK_QUEEN;
	case C_TRIED:
		return THEME_INK_GHOST;
	case C_HINT:
		return THEME_INK_HINT;
	case C_LEFT:
		return THEME_INK_LEFT;
	default:
		/* An attacked square on a line through the cursor takes the line's ink.
		 */
		return on_line ? THEME_INK_LINE : THEME_INK_MARK;
	}
}

/* The colour of region g. */
static int region_colour(const struct boardview *bv, int g)
{
	return bv->colour ? bv->colour[g] : g;
}

/* The attribute of ink on a square's ground: its region's colour where it is plain. */
static int square_attr(const struct boardview *bv, int file, int rank,
                       enum theme_ground ground, bool dark, enum theme_ink ink)
{
	int i = file * bv->n + rank;

	/* The squares a hint reasons on turn dark in their region's colour. */
	if (bv->region && ground == THEME_GROUND_PLAIN)
		return theme_region(region_colour(bv, bv->region[i]), ink) |
		       (bv->lit && bv->lit[i] == BV_LIT_USES ? (int)A_REVERSE : 0);
	return theme_square(ground, dark, ink);
}

/* A hint of Queens with regions: the squares it reasons on, and those it strikes or
 * fills, each on a ground of its own where nothing weightier is shown. */
static enum theme_ground lit_ground(const struct boardview *bv, int file, int rank,
                                    enum theme_ground ground)
{
	int lit = bv->lit ? bv->lit[file * bv->n + rank] : BV_LIT_NONE;

	if (ground != THEME_GROUND_PLAIN || lit == BV_LIT_NONE || lit == BV_LIT_USES)
		return ground;
	return THEME_GROUND_LIT;
}

/* What a hint puts on an empty square: a cross where it strikes, a queen's mark where
 * it places one. */
static enum content lit_content(const struct boardview *bv, int file, int rank,
                                enum content what)
{
	int lit = bv->lit ? bv->lit[file * bv->n + rank] : BV_LIT_NONE;

	if (what != C_NONE && what != C_ATTACKED)
		return what;
	return lit == BV_LIT_STRIKES ? C_MARKED : lit == BV_LIT_PLACES ? C_HINT : what;
}

/* The player's own mark says more than a dot: it is drawn over one. */
static enum content marked_content(const struct boardview *bv, int file, int rank,
                                   enum content what)
{
	if (bv->marked && bv->marked[file * bv->n + rank] &&
	    (what == C_NONE || what == C_ATTACKED))
		return C_MARKED;
	return what;
}

/* The ink of a square's content: a given queen's its own, so it reads as locked. */
static enum theme_ink square_ink(enum content what, uint16_t f, bool on_line)
{
	return what == C_QUEEN && (f & BV_LOCKED) ? THEME_INK_GIVEN
	                                          : content_ink(what, on_line);
}

static void draw_region_square(const struct boardview *bv, int file, int rank);

static void draw_square(const struct boardview *bv, int file, int rank)
{
	uint16_t f = bv->cells[file * bv->n + rank];
	bool cursor;
	/* a1 is a dark square. */
	bool dark;

	if (bv->grid) {
		draw_region_square(bv, file, rank);
		return;
	}
	cursor = bv->show_cursor && bv->cursor.file == file && bv->cursor.rank == rank;
	dark = (file + rank) % 2 == 0 && !bv->region;
	int y0 = bv->org_y + (bv->first_rank + bv->ranks - 1 - rank) * bv->ch;
	int x0 = bv->org_x + (file - bv->first_file) * bv->cw;
	int cy = y0 + (bv->ch - 1) / 2, cx = x0 + (bv->cw - 1) / 2;
	enum content what = square_content(f);
	enum theme_ground ground = lit_ground(bv, file, rank, square_ground(f, cursor));
	const struct figure *fig = figure_for(bv->ch);
	/* The lines are drawn on the plain squares a queen leaves free. */
	bool lines = ground == THEME_GROUND_PLAIN && what != C_QUEEN;
	bool clash = lines && (f & BV_CONFLICT_LINE);
	bool preview = lines && !clash && (f & BV_PREVIEW) && bv->show_cursor;
	enum frame fr = F_NONE;
	/*
	 * A conflict's ground leaves the square's edge columns to its own, so
	 * that conflicts side by side stay two squares, not one band of red;
	 * the frame stands on that edge.
	 */
	bool inset = ground == THEME_GROUND_CONFLICT && bv->ch >= 3;
	enum theme_ground edge = inset ? THEME_GROUND_PLAIN : ground;

	what = lit_content(bv, file, rank, marked_content(bv, file, rank, what));
	attrset(square_attr(bv, file, rank, edge, dark, THEME_INK_MARK));
	for (int y = y0; y < y0 + bv->ch; y++)
		mvhline(y, x0, ' ', bv->cw);
	attrset(square_attr(bv, file, rank, ground, dark, THEME_INK_MARK));
	for (int y = y0; inset && y < y0 + bv->ch; y++)
		mvhline(y, x0 + 1, ' ', bv->cw - 2);
	/*
	 * The other layers are marks in inks of their own, never a colour of
	 * the square: the line between two queens in conflict heavy, a line
	 * through the cursor light, an attacked square a dot.
	 */
	if (clash) {
		attrset(square_attr(bv, file, rank, ground, dark, THEME_INK_CLASH));
		/* Every line between queens in conflict through it, each its own way. */
		for (int l = 0; l < 4; l++)
			if (f & clash_flag[l])
				draw_line(bv, (enum line)l, true, y0, x0);
		if (what == C_ATTACKED)
			what = C_NONE;
	} else if (preview) {
		attrset(square_attr(bv, file, rank, ground, dark, THEME_INK_LINE));
		draw_line(bv, cursor_line(bv, file, rank), false, y0, x0);
	}
	attrset(square_attr(bv, file, rank, ground, dark, square_ink(what, f, preview)));
	if (fig && (what == C_QUEEN || what == C_TRIED || what == C_REJECTED)) {
		if (what == C_REJECTED)
			draw_pixels(fig, fig->cross, fig->ascii_x, y0, x0, S_REFUSED);
		else
			draw_pixels(fig, fig->queen, fig->ascii, y0, x0,
			            what == C_TRIED ? S_TRIED : S_NONE);
	} else if (fig && what == C_HINT) {
		/* Where a queen would go: one in a shade, the hint's mark on it. */
		draw_pixels(fig, fig->queen, fig->ascii, y0, x0, S_TRIED);
		draw_mark(bv, what, cy, cx);
	} else if (what == C_NONE && bv->region && bv->letters && !clash && !preview) {
		char letter[2] = {(char)('a' + bv->region[file * bv->n + rank]), '\0'};

		mvaddstr(cy, cx, letter);
	} else {
		draw_mark(bv, what, cy, cx);
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
	attrset(square_attr(bv, file, rank, edge, dark,
	                    fr == F_LOCKED              ? THEME_INK_GIVEN
	                    : fr == F_CONFLICT && inset ? THEME_INK_CLASH
	                                                : THEME_INK_QUEEN));
	draw_frame(bv, fr, y0, x0, what == C_NONE && !clash && !preview);
	attrset(A_NORMAL);
}

/* The region of the square at display row y (0 at the top) and column x, or -1 off the
 * board. */
static int region_at(const struct boardview *bv, int y, int x)
{
	if (y < 0 || x < 0 || y >= bv->n || x >= bv->n)
		return -1;
	return bv->region[x * bv->n + (bv->n - 1 - y)];
}

/* A line between two squares (-1 off the board): none, light inside a region, heavy
 * between two or on the edge. */
static int seam(int a, int b)
{
	return a < 0 && b < 0 ? 0 : a == b ? 1 : 2;
}

/*
 * The box-drawing character with arms up, down, left and right, each 0
 * none, 1 light or 2 heavy, indexed up * 27 + down * 9 + left * 3 + right
 * (Unicode's box drawing block has every one).
 */
static const char *const box_glyph[81] = {
        " ",      "\u2576", "\u257a", "\u2574", "\u2500", "\u257c", "\u2578", "\u257e",
        "\u2501", "\u2577", "\u250c", "\u250d", "\u2510", "\u252c", "\u252e", "\u2511",
        "\u252d", "\u252f", "\u257b", "\u250e", "\u250f", "\u2512", "\u2530", "\u2532",
        "\u2513", "\u2531", "\u2533", "\u2575", "\u2514", "\u2515", "\u2518", "\u2534",
        "\u2536", "\u2519", "\u2535", "\u2537", "\u2502", "\u251c", "\u251d", "\u2524",
        "\u253c", "\u253e", "\u2525", "\u253d", "\u253f", "\u257d", "\u251f", "\u2522",
        "\u2527", "\u2541", "\u2546", "\u252a", "\u2545", "\u2548", "\u2579", "\u2516",
        "\u2517", "\u251a", "\u2538", "\u253a", "\u251b", "\u2539", "\u253b", "\u257f",
        "\u251e", "\u2521", "\u2526", "\u2540", "\u2544", "\u2529", "\u2543", "\u2547",
        "\u2503", "\u2520", "\u2523", "\u2528", "\u2542", "\u254a", "\u252b", "\u2549",
        "\u254b",
};

/* The same in ASCII: heavy lines as | - +, light ones left blank but a dot where they
 * cross. */
static const char *ascii_box(int up, int down, int left, int right)
{
	bool v = up == 2 || down == 2, h = left == 2 || right == 2;

	if (v && h)
		return "+";
	if (v)
		return up == 2 && down == 2 ? "|" : "+";
	if (h)
		return left == 2 && right == 2 ? "-" : "+";
	return up || down || left || right ? "." : " ";
}

/*
 * The lines between the squares of a board of regions: heavy where two
 * regions meet and round the board, light inside a region.  A light line
 * stands on its region's colour, so that a region reads as one patch; a
 * heavy one on the window's ground.
 */
static void draw_grid(const struct boardview *bv)
{
	int n = bv->n;
	bool ascii = theme_is_ascii();
	const struct theme_glyphs *g = theme_glyphs();

	for (int i = 0; i <= n; i++) {
		for (int j = 0; j <= n; j++) {
			int y = bv->org_y + i * bv->ch, x = bv->org_x + j * bv->cw;
			int ul = region_at(bv, i - 1, j - 1),
			    ur = region_at(bv, i - 1, j);
			int dl = region_at(bv, i, j - 1), dr = region_at(bv, i, j);
			int up = seam(ul, ur), down = seam(dl, dr);
			int left = seam(ul, dl), right = seam(ur, dr);
			bool one = ul >= 0 && ul == ur && ul == dl && ul == dr;

			/* The point where four lines meet. */
			attrset(one ? theme_region(region_colour(bv, ul), THEME_INK_MARK)
			            : theme_attr(THEME_NORMAL));
			mvaddstr(
			        y, x,
			        ascii ? ascii_box(up, down, left, right)
			              : box_glyph[up * 27 + down * 9 + left * 3 + right]);
			/* The line to its right, along the top of the square below it. */
			if (j < n && right) {
				attrset(right == 1 ? theme_region(region_colour(bv, ur),
				                                  THEME_INK_MARK)
				                   : theme_attr(THEME_NORMAL));
				for (int k = 1; k < bv->cw; k++)
					mvaddstr(y, x + k,
					         ascii        ? (right == 2 ? "-" : " ")
					         : right == 2 ? g->heavy[0]
					                      : g->line[0]);
			}
			/* The line below it, along the left of the square to its right.
			 */
			if (i < n && down) {
				attrset(down == 1 ? theme_region(region_colour(bv, dl),
				                                 THEME_INK_MARK)
				                  : theme_attr(THEME_NORMAL));
				for (int k = 1; k < bv->ch; k++)
					mvaddstr(y + k, x,
					         ascii       ? (down == 2 ? "|" : " ")
					         : down == 2 ? g->heavy[1]
					                     : g->line[1]);
			}
		}
	}
}

/*
 * A square of a board of regions drawn with its lines: what stands on it
 * inside the lines, on its region's colour (or the cursor's, a conflict's,
 * a hint's), a figure where one fits, else a glyph; its frame inside.
 */
static void draw_region_square(const struct boardview *bv, int file, int rank)
{
	uint16_t f = bv->cells[file * bv->n + rank];
	bool cursor =
	        bv->show_cursor && bv->cursor.file == file && bv->cursor.rank == rank;
	int g = bv->region[file * bv->n + rank];
	int x0 = bv->org_x + file * bv->cw + 1,
	    y0 = bv->org_y + (bv->n - 1 - rank) * bv->ch + 1;
	int iw = bv->cw - 1, ih = bv->ch - 1;
	int cy = y0 + (ih - 1) / 2, cx = x0 + (iw - 1) / 2;
	enum theme_ground ground = lit_ground(bv, file, rank, square_ground(f, cursor));
	enum content what = square_content(f);
	const struct figure *fig = figure_for(ih);
	struct boardview inner = *bv;
	enum frame fr = F_NONE;

	what = lit_content(bv, file, rank, marked_content(bv, file, rank, what));
	/*
	 * The line between two queens in conflict says more than a dot; where
	 * letters say the regions, an attacked square keeps its letter, underlined.
	 */
	if (what == C_ATTACKED && (bv->letters || (f & BV_CONFLICT_LINE)))
		what = C_NONE;
	if (fig && fig->w > iw)
		fig = NULL;
	attrset(square_attr(bv, file, rank, ground, false, THEME_INK_MARK));
	for (int y = y0; y < y0 + ih; y++)
		mvhline(y, x0, ' ', iw);
	inner.cw = iw;
	inner.ch = ih;
	/* Between two queens in conflict on a row or a column: the line, as in Play. */
	if (what == C_NONE && (f & BV_CONFLICT_LINE)) {
		attrset(square_attr(bv, file, rank, ground, false, THEME_INK_CLASH));
		for (int l = 0; l < 4; l++)
			if (f & clash_flag[l])
				draw_line(&inner, (enum line)l, true, y0, x0);
	}
	attrset(square_attr(bv, file, rank, ground, false, square_ink(what, f, false)));
	if (fig && what == C_QUEEN)
		draw_pixels(fig, fig->queen, fig->ascii, y0, x0, S_NONE);
	else if (fig && what == C_HINT)
		draw_pixels(fig, fig->queen, fig->ascii, y0, x0, S_TRIED);
	else if (what == C_NONE && bv->letters && !(f & BV_CONFLICT_LINE)) {
		char letter[2] = {(char)('a' + g), '\0'};

		if (f & BV_ATTACKED)
			attron(A_UNDERLINE);
		mvaddstr(cy, cx, letter);
	} else
		draw_mark(bv, what, cy, cx);
	if (cursor)
		fr = F_CURSOR;
	else if (f & BV_CONFLICT)
		fr = F_CONFLICT;
	else if (f & BV_LOCKED)
		fr = F_LOCKED;
	attrset(square_attr(bv, file, rank, ground, false,
	                    fr == F_LOCKED ? THEME_INK_GIVEN : THEME_INK_QUEEN));
	draw_frame(&inner, fr, y0, x0, what == C_NONE && !bv->letters);
	attrset(A_NORMAL);
}

void boardview_draw(const struct boardview *bv)
{
	char label[16];
	int bottom = bv->org_y + bv->ranks * bv->ch;

	for (int r = bv->first_rank; r < bv->first_rank + bv->ranks; r++) {
		int y = bv->org_y + (bv->first_rank + bv->ranks - 1 - r) * bv->ch +
		        (bv->grid ? 1 + (bv->ch - 2) / 2 : (bv->ch - 1) / 2);

		attrset(theme_attr(THEME_LABEL));
		mvprintw(y, bv->org_x - bv->label_w, "%*d", bv->label_w - 1, r + 1);
		for (int f = bv->first_file; f < bv->first_file + bv->files; f++)
			draw_square(bv, f, r);
	}
	if (bv->grid) {
		draw_grid(bv);
		bottom++;
	}
	attrset(theme_attr(THEME_LABEL));
	for (int f = bv->first_file; f < bv->first_file + bv->files; f++) {
		int x = bv->org_x + (f - bv->first_file) * bv->cw +
		        (bv->grid ? 1 + (bv->cw - 2) / 2 : (bv->cw - 1) / 2);

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

	/* On lines between squares, a click goes to the square right of or below it. */
	if (bv->grid && (dx == bv->files * bv->cw || dy == bv->ranks * bv->ch))
		return false;
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

void boardview_mark_between(uint16_t *cells, int n, struct square a, struct square b)
{
	struct square between[BOARDVIEW_EVENT_MAX_N];
	int k = board_between(a, b, between, BOARDVIEW_EVENT_MAX_N);
	int df = b.file - a.file, dr = b.rank - a.rank;
	uint16_t line = dr == 0                ? BV_CLASH_RANK
	                : df == 0              ? BV_CLASH_FILE
	                : (df > 0) == (dr > 0) ? BV_CLASH_RISING
	                                       : BV_CLASH_FALLING;

	for (int i = 0; i < k; i++)
		cells[between[i].file * n + between[i].rank] |= line;
}

void boardview_mark_event(uint16_t *cells, int n, const struct search_event *ev)
{
	switch (ev->kind) {
	case SEARCH_EV_TRY:
	case SEARCH_EV_PLACE:
		cells[ev->sq.file * n + ev->sq.rank] |= BV_TRY;
		break;
	case SEARCH_EV_REJECT: {
		cells[ev->sq.file * n + ev->sq.rank] |= BV_REJECT;
		cells[ev->attacker.file * n + ev->attacker.rank] |= BV_ATTACKER;
		/* The squares between them show the line of the attack. */
		boardview_mark_between(cells, n, ev->attacker, ev->sq);
		break;
	}
	case SEARCH_EV_REMOVE:
		cells[ev->sq.file * n + ev->sq.rank] |= BV_LEFT;
		break;
	case SEARCH_EV_MOVE:
		cells[ev->from.file * n + ev->from.rank] |= BV_LEFT;
		cells[ev->sq.file * n + ev->sq.rank] |= BV_TRY;
		break;
	default:
		break;
	}
}
