/* Drawing the Browse screen: one board, the gallery, the classes, a class's members. */
#include "config.h"

#include "tui/browse_view.h"

#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "engine/board.h"
#include "tui/boardview.h"
#include "engine/classes.h"
#include "engine/symmetry.h"
#include "tui/text.h"
#include "tui/theme.h"

/* No square: a board with no queen followed. */
#define NO_SQUARE ((struct square){-1, -1})

/* A page of boards shows at least this many when the window has the room. */
#define GRID_WANT 12

/* Beside the one board, the panel keeps this many columns; the board takes the rest. */
#define PANEL_MIN_W 24

static void fill(uint16_t *cells, int n, const int *p)
{
	memset(cells, 0, (size_t)n * (size_t)n * sizeof *cells);
	for (int f = 0; f < n; f++)
		cells[f * n + p[f]] = BV_QUEEN;
}

/*
 * The size of an n×n board at the largest squares that show it whole within
 * h × w, labels included; false when none does.
 */
static bool board_fit(int n, int h, int w, int *bh, int *bw)
{
	struct boardview bv = {0};

	bv.n = n;
	bv.height = h;
	bv.width = w;
	if (h < 1 || w < 1 || boardview_layout(&bv) != 0 || bv.files < n || bv.ranks < n)
		return false;
	boardview_extent(&bv, bh, bw);
	return true;
}

/* ---- one board ---- */

/* A line of the panel beside the board: a head, then text wrapped under it. */
struct panel_line {
	int attr;
	const char *head;
	char text[600];
	int blank_before;
};

/*
 * Whether a line whose head and text do not fit side by side is better
 * drawn as the head, then the text under it: when the text fits whole.
 */
static bool panel_split(const struct panel_line *p, int width)
{
	return p->head[0] && text_width(p->head) + text_width(p->text) > width &&
	       text_width(p->text) + 2 <= width;
}

static int panel_height(const struct panel_line *p, int width)
{
	int hw = text_width(p->head);

	if (panel_split(p, width))
		return 2;
	return text_wrap_height(width - hw > 0 ? width - hw : 1, 0, p->text);
}

static void panel_draw(int *y, int last, int x, int width, const struct panel_line *p)
{
	if (*y > last)
		return;
	if (panel_split(p, width) && *y + 1 <= last) {
		text_line(y, x, width, p->attr, "%s", p->head);
		text_line(y, x + 2, width - 2, p->attr, "%s", p->text);
	} else {
		text_wrap_head(y, last, x, width, p->attr, p->head, p->text);
	}
}

/* The model's lines of the panel, each in its role's colours; returns how many. */
static int panel_lines(const struct browse_model *m, struct panel_line *pl)
{
	struct browse_line l[BROWSE_PANEL_MAX];
	int count = browse_model_panel(m, l);

	for (int i = 0; i < count; i++) {
		pl[i].attr = theme_role(l[i].role);
		pl[i].head = l[i].head;
		pl[i].blank_before = l[i].gap;
		snprintf(pl[i].text, sizeof pl[i].text, "%s", l[i].text);
	}
	return count;
}

static void draw_one(const struct browse_model *m, struct layout_rect r)
{
	struct panel_line pl[BROWSE_PANEL_MAX];
	int count, x, y, width, bh, bw, lines = 0, area = r.h - 3, bottom = r.y + r.h;
	uint16_t cells[ENUM_MAX_N * ENUM_MAX_N];
	struct boardview bv = {0};

	/* The board as large as the window's height allows, the panel beside it. */
	if (!board_fit(m->n, area, r.w - 2 - PANEL_MIN_W, &bh, &bw))
		boardview_min_size(m->n, &bh, &bw);
	fill(cells, m->n, m->ranks);
	bv.n = m->n;
	bv.cells = cells;
	bv.top = r.y + 1 + (area > bh ? (area - bh) / 2 : 0);
	bv.height = bh < area ? bh : area;
	bv.width = bw;
	/* The board and the panel as one block in the middle of the width. */
	count = panel_lines(m, pl);
	width = r.w - bw - 2;
	{
		int widest = 0, shift;

		for (int i = 0; i < count; i++) {
			int lw = text_width(pl[i].head) + text_width(pl[i].text);

			widest = lw > widest ? lw : widest;
		}
		widest = widest < width ? widest : width;
		shift = (r.w - (bw + 2 + widest)) / 2;
		bv.left = r.x + (shift > 0 ? shift : 0);
	}
	if (boardview_layout(&bv) == 0)
		boardview_draw(&bv);
	x = bv.left + bw + 2;
	width = r.x + r.w - x;

	for (int i = 0; i < count; i++)
		lines += pl[i].blank_before + panel_height(&pl[i], width);
	/* Short of rows, the blank lines go first. */
	for (int i = 0; i < count && lines > area; i++) {
		lines -= pl[i].blank_before;
		pl[i].blank_before = 0;
	}
	/* Level with the board's top, unless the panel needs the rows above. */
	y = bv.top;
	if (y + lines > bottom - 2)
		y = bottom - 2 - lines > r.y + 1 ? bottom - 2 - lines : r.y + 1;
	for (int i = 0; i < count; i++) {
		y += pl[i].blank_before;
		panel_draw(&y, bottom - 3, x, width, &pl[i]);
	}
}

/* ---- small boards in a grid ---- */

/* Small boards with captions under them, in rows and columns. */

/* How many of the boards wanted a layout shows. */
static int grid_shown(const struct browse_grid *g)
{
	return g->cols * g->rows < g->want ? g->cols * g->rows : g->want;
}

/*
 * Whether layout a beats b: more of the boards wanted, then larger boards,
 * then the file letters kept, then whole captions, then room between the
 * boards.
 */
static bool grid_better(const struct browse_grid *a, const struct browse_grid *b)
{
	if (grid_shown(a) != grid_shown(b))
		return grid_shown(a) > grid_shown(b);
	if (a->bw * a->bh != b->bw * b->bh)
		return a->bw * a->bh > b->bw * b->bh;
	if (a->over != b->over)
		return !a->over;
	if (a->lines != b->lines)
		return a->lines > b->lines;
	if (a->gap_y != b->gap_y)
		return a->gap_y > b->gap_y;
	return a->gap_x > b->gap_x;
}

/* Tries one layout: boards of bh × bw, the gaps, the captions; keeps it in best if
 * better. */
static void grid_try(const struct browse_grid *g, struct browse_grid *best, bool *found,
                     int bh, int bw, int lines, bool over)
{
	for (int gy = 1; gy >= 0; gy--) {
		for (int gx = 2; gx >= 1; gx--) {
			struct browse_grid t = *g;

			t.over = over;
			t.lines = lines;
			t.bh = bh;
			t.bw = bw;
			t.gap_y = gy;
			t.gap_x = gx;
			/* A caption wider than the area is cut to it. */
			t.cell_w = bw > g->caption_w ? bw : g->caption_w;
			t.cell_w = t.cell_w > g->width && bw <= g->width ? g->width
			                                                 : t.cell_w;
			t.cell_h = bh + lines - over;
			t.cols = (g->width + gx) / (t.cell_w + gx);
			t.rows = (g->height + gy) / (t.cell_h + gy);
			if (g->want_cols > 0) {
				int down = (g->want + g->want_cols - 1) / g->want_cols;

				t.cols = t.cols < g->want_cols ? t.cols : g->want_cols;
				t.rows = t.rows < down ? t.rows : down;
			}
			if (t.cols < 1 || t.rows < 1)
				continue;
			if (!*found || grid_better(&t, best)) {
				*best = t;
				*found = true;
			}
		}
	}
}

/*
 * Shares the area among the boards: every square size that fits, with
 * the file letters or a caption in their place, whole captions or short
 * ones, each gap; the best layout by grid_better.  False when not one
 * board fits.
 */
static bool grid_choose(struct browse_grid *g)
{
	struct browse_grid best = *g;
	bool found = false;

	for (int lines = g->caption_lines; lines >= g->min_lines; lines--) {
		for (int over = 0; over <= (lines > 0); over++) {
			int h = g->height - lines + over, w = g->width, bh, bw;

			while (board_fit(g->n, h, w, &bh, &bw)) {
				grid_try(g, &best, &found, bh, bw, lines, over);
				w = bw - 1; /* the next smaller squares */
			}
		}
	}
	if (!found)
		return false;
	if (best.cols > BROWSE_PAGE_MAX)
		best.cols = BROWSE_PAGE_MAX;
	if (best.cols * best.rows > BROWSE_PAGE_MAX)
		best.rows = BROWSE_PAGE_MAX / best.cols;
	/* All on one page: rows as even as they go (12 as 4 × 3, not 5 + 5 + 2). */
	if (best.all > 0 && best.all <= (uint64_t)(best.cols * best.rows)) {
		best.rows =
		        (int)((best.all + (uint64_t)best.cols - 1) / (uint64_t)best.cols);
		best.cols =
		        (int)((best.all + (uint64_t)best.rows - 1) / (uint64_t)best.rows);
	}
	best.x0 = best.left +
	          (best.width - best.cols * (best.cell_w + best.gap_x) + best.gap_x) / 2;
	/* Level in the middle of the area too, rather than leaving its foot empty. */
	best.top +=
	        (best.height - best.rows * (best.cell_h + best.gap_y) + best.gap_y) / 2;
	*g = best;
	return true;
}

/* The row under the grid's last: where a status line may go when it is free. */
static int grid_bottom(const struct browse_grid *g)
{
	return g->top + g->rows * (g->cell_h + g->gap_y) - g->gap_y;
}

/*
 * Draws board p in place i of the grid, its caption lines under it: as many
 * as the grid has room for, of the nlines given.
 */
static void grid_cell(const struct browse_grid *g, int i, const int *p,
                      struct square tracked, char caption[][200], const int *attr,
                      int nlines)
{
	int x = g->x0 + i % g->cols * (g->cell_w + g->gap_x);
	int y = g->top + i / g->cols * (g->cell_h + g->gap_y);
	int block = g->bw > g->caption_w ? g->bw : g->caption_w, bx, cy;
	struct boardview bv = {0};
	uint16_t cells[ENUM_MAX_N * ENUM_MAX_N];

	/* The same place in every cell, whatever each caption's width. */
	block = block > g->cell_w ? g->cell_w : block;
	bx = x + (g->cell_w - block) / 2;
	fill(cells, g->n, p);
	if (tracked.file >= 0)
		cells[tracked.file * g->n + tracked.rank] |= BV_TRACKED;
	bv.n = g->n;
	bv.cells = cells;
	bv.top = y;
	bv.left = bx;
	bv.height = g->bh;
	bv.width = g->bw;
	if (boardview_layout(&bv) == 0)
		boardview_draw(&bv);
	cy = y + g->bh - g->over;
	attrset(A_NORMAL);
	if (g->over)
		mvhline(cy, bx, ' ', g->bw);
	for (int k = 0; k < g->lines && k < nlines; k++) {
		char line[200];

		/* Padded to the block: a chosen board's caption is one bar. */
		text_cut(caption[k], x + g->cell_w - bx);
		text_put_in(cy + k, bx, x + g->cell_w - bx, attr[k],
		            text_pad(line, sizeof line, caption[k], block));
	}
}

/* ---- the gallery of solutions ---- */

/*
 * Where a page of boards is among all: a line to show above the keys when
 * the boards leave that line free, else a shorter tail for the title.
 */
/* The mark after a solution or class the player found in Play. */
#define FOUND_MARK "*"

/* ", 3 found (*)" after a page's line, when the player found any. */
static const char *found_note(const struct browse_model *m)
{
	static char buf[64];
	size_t k = browse_model_found_count(m);

	if (k == 0)
		return "";
	snprintf(buf, sizeof buf, ", %zu found (%s)", k, FOUND_MARK);
	return buf;
}

struct page_note {
	char line[400], tail[200];
	bool free_line;
};

/* The gallery's grid in r; false when not one board fits. */
static bool gallery_grid(const struct browse_model *m, struct layout_rect r,
                         struct browse_grid *g)
{
	char caption[200];

	/* Room for the mark of a solution found, once there is one. */
	snprintf(caption, sizeof caption, "#%" PRIu64 "%s", m->total,
	         browse_model_found_any(m) ? FOUND_MARK : "");
	*g = (struct browse_grid){0};
	g->n = m->n;
	g->want = m->total < GRID_WANT ? (int)m->total : GRID_WANT;
	g->all = m->total;
	g->caption_lines = g->min_lines = 1;
	g->caption_w = text_width(caption);
	g->top = r.y + 1;
	g->left = r.x;
	g->height = r.h - 2;
	g->width = r.w;
	return grid_choose(g);
}

static void draw_gallery(const struct browse_drawing *v, const struct browse_model *m,
                         struct page_note *pn)
{
	const struct browse_grid *g = &v->g;
	char caption[1][200], note[128];
	enum theme_item role[2];
	int attr[1];

	if (g->cols == 0)
		return;
	for (int i = 0; i < m->gcount; i++) {
		uint64_t k = m->gfirst + (uint64_t)i;

		snprintf(caption[0], sizeof caption[0], "#%" PRIu64 "%s", k,
		         browse_model_found(m, k) ? FOUND_MARK : "");
		browse_model_caption_roles(m, k, 0, role);
		attr[0] = theme_role(role[0]);
		grid_cell(g, i, m->page[i], NO_SQUARE, caption, attr, 1);
	}
	browse_model_totals_note(m, note, sizeof note);
	snprintf(pn->line, sizeof pn->line,
	         "Solutions %" PRIu64 "-%" PRIu64 " of %" PRIu64 "%s%s%s%s", m->gfirst,
	         m->gfirst + (uint64_t)m->gcount - 1, m->total, note[0] ? " (" : "", note,
	         note[0] ? ")" : "", found_note(m));
	snprintf(pn->tail, sizeof pn->tail, " %" PRIu64 "-%" PRIu64 " of %" PRIu64,
	         m->gfirst, m->gfirst + (uint64_t)m->gcount - 1, m->total);
	pn->free_line = grid_bottom(g) < v->r.y + v->r.h - 2;
}

/* ---- the classes ---- */

static void class_caption(char caption[][200], uint64_t c, int orbit, bool found)
{
	snprintf(caption[0], sizeof caption[0], "class %" PRIu64 "%s, %d member%s", c,
	         found ? FOUND_MARK : "", orbit, orbit == 1 ? "" : "s");
	snprintf(caption[1], sizeof caption[1], "%s", browse_symmetry_words(orbit));
}

/* The classes' grid in r; false when not one board fits (the table is drawn then). */
static bool class_grid(const struct browse_model *m, struct layout_rect r,
                       struct browse_grid *g)
{
	char caption[2][200];
	uint64_t known = m->nclasses;
	int w;

	/* The widest captions: the last class's number, the longest symmetry. */
	class_caption(caption, known ? known : 1, 8, browse_model_found_any(m));
	w = text_width(caption[0]);
	for (int o = 1; o <= 8; o *= 2)
		w = text_width(browse_symmetry_words(o)) > w
		            ? text_width(browse_symmetry_words(o))
		            : w;
	*g = (struct browse_grid){0};
	g->n = m->n;
	g->want = known && known < GRID_WANT ? (int)known : GRID_WANT;
	g->all = known;
	g->caption_lines = 2;
	g->min_lines =
	        1; /* the class and its members: its colour tells a symmetric one */
	g->caption_w = w;
	g->top = r.y + 1;
	g->left = r.x;
	g->height = r.h - 2;
	g->width = r.w;
	return grid_choose(g);
}

static void draw_class_boards(const struct browse_drawing *v,
                              const struct browse_model *m, struct page_note *pn)
{
	int reps[BROWSE_PAGE_MAX][ENUM_MAX_N], orbits[BROWSE_PAGE_MAX], attr[2], count;
	enum theme_item role[2];
	char caption[2][200], head[300];
	const struct browse_grid *g = &v->g;
	uint64_t first;
	bool more;

	count = browse_model_classes_page(m, reps, orbits, &first, &more);
	for (int i = 0; i < count; i++) {
		uint64_t c = first + (uint64_t)i;

		class_caption(caption, c + 1, orbits[i],
		              browse_model_class_found(m, c + 1));
		browse_model_caption_roles(m, c, orbits[i], role);
		attr[0] = theme_role(role[0]);
		attr[1] = theme_role(role[1]);
		grid_cell(g, i, reps[i], NO_SQUARE, caption, attr, 2);
	}
	/* " 12 classes: 11 of 8 members, 1 of 4 members", or how far the finding is. */
	browse_model_classes_head(m, head, sizeof head);
	if (count > 0 && (first > 0 || more || (uint64_t)count < m->nclasses)) {
		snprintf(pn->line, sizeof pn->line, "%" PRIu64 "-%" PRIu64 " of%s%s",
		         first + 1, first + (uint64_t)count, head, found_note(m));
		snprintf(pn->tail, sizeof pn->tail,
		         " %" PRIu64 "-%" PRIu64 " of %" PRIu64, first + 1,
		         first + (uint64_t)count, m->nclasses);
	} else {
		snprintf(pn->line, sizeof pn->line, "%s%s", head + (head[0] == ' '),
		         found_note(m));
	}
	pn->free_line = grid_bottom(g) < v->r.y + v->r.h - 2;
}

static void draw_class_table(const struct browse_model *m, struct layout_rect r)
{
	int rows = r.h - 5, y = r.y + 3, count, cw = 5, sw = 8;
	int reps[BROWSE_PAGE_MAX][ENUM_MAX_N], orbits[BROWSE_PAGE_MAX];
	char text[600], ranks[256], sym[64];
	uint64_t first;
	bool more;

	if (rows < 1)
		return;
	count = browse_model_classes_page(m, reps, orbits, &first, &more);
	rows = m->crows;
	browse_model_classes_head(m, text, sizeof text);
	text_cut(text, r.w);
	text_put_in(r.y + 1, r.x, r.w, A_NORMAL, text);
	for (int i = 0; i < count; i++) {
		int w = text_width(classes_symmetry(orbits[i]));

		sw = w > sw ? w : sw;
	}
	snprintf(text, sizeof text, "%" PRIu64, first + (uint64_t)count);
	cw = text_width(text) > cw ? text_width(text) : cw;
	snprintf(text, sizeof text, " %*s  %7s  %s  %s", cw, "class", "members",
	         text_pad(sym, sizeof sym, "symmetry", sw), "representative");
	text_line(&(int){r.y + 2}, r.x, r.w, theme_attr(THEME_LABEL), "%s", text);
	for (int i = 0; i < count; i++) {
		uint64_t c = first + (uint64_t)i;

		board_format_ranks(m->n, reps[i], ranks, sizeof ranks);
		/* A class found is marked in the row's first column. */
		snprintf(text, sizeof text, "%s%*" PRIu64 "  %7d  %s  %s",
		         browse_model_class_found(m, c + 1) ? FOUND_MARK : " ", cw, c + 1,
		         orbits[i],
		         text_pad(sym, sizeof sym, classes_symmetry(orbits[i]), sw),
		         ranks);
		text_cut(text, r.w);
		text_line(&y, r.x, r.w, theme_role(browse_model_row_role(m, c)), "%s",
		          text);
	}
	if (count < rows && more)
		text_line(&y, r.x, r.w, theme_attr(THEME_DIMMED), " (finding more)");
}

/* ---- a class's members ---- */

/*
 * What each transform does, shown beside its name: the turn clockwise, or
 * which way the mirror swaps the squares (its axis across that way).
 */
static const char *const sym_mark[SYM_COUNT][2] = {
        /* UTF-8, ASCII */
        [SYM_ID] = {"", ""},
        [SYM_ROT90] = {"\u21bb90\u00b0", "90cw"},
        [SYM_ROT180] = {"\u21bb180\u00b0", "180cw"},
        [SYM_ROT270] = {"\u21bb270\u00b0", "270cw"},
        [SYM_FLIP_X] = {"\u2194", "<->"},
        [SYM_FLIP_Y] = {"\u2195", "^v"},
        [SYM_FLIP_DIAG] = {"\u2196\u2198", "\\"},
        [SYM_FLIP_ANTI] = {"\u2199\u2197", "/"},
};

/*
 * What each transform does, in a few words under a member's caption: a
 * turn and its way, or a mirror and its axis (as a line).
 */
static const char *const sym_short[SYM_COUNT][2] = {
        /* UTF-8, ASCII */
        [SYM_ID] = {"the representative", "the representative"},
        [SYM_ROT90] = {"quarter turn \u21bb", "quarter turn cw"},
        [SYM_ROT180] = {"half turn", "half turn"},
        [SYM_ROT270] = {"quarter turn \u21ba", "quarter turn ccw"},
        [SYM_FLIP_X] = {"mirror in \u2502", "mirror in |"},
        [SYM_FLIP_Y] = {"mirror in \u2500", "mirror in -"},
        [SYM_FLIP_DIAG] = {"mirror in \u2571", "mirror in /"},
        [SYM_FLIP_ANTI] = {"mirror in \u2572", "mirror in \\"},
};

/*
 * A member's caption: every transform that makes it, with its mark unless
 * terse, and its number.
 */
static void member_caption(const struct browse_model *m, int i, bool terse, char *buf,
                           size_t len)
{
	const char *mark;
	size_t at = 0;

	buf[0] = '\0';
	for (int s = 0; s < SYM_COUNT && at < len; s++) {
		if (!(m->var[i].syms & (1u << s)))
			continue;
		mark = terse ? "" : sym_mark[s][theme_is_ascii()];
		at += (size_t)snprintf(buf + at, len - at, "%s%s%s%s", at ? " = " : "",
		                       sym_name((enum sym)s), mark[0] ? " " : "", mark);
	}
	if (at >= len)
		return;
	if (m->varidx[i])
		snprintf(buf + at, len - at, " #%" PRIu64, m->varidx[i]);
	else
		snprintf(buf + at, len - at, " #?");
}

/* The words of every transform that makes member i, into buf. */
static void member_words(const struct browse_model *m, int i, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (int s = 0; s < SYM_COUNT && at < len; s++)
		if (m->var[i].syms & (1u << s))
			at += (size_t)snprintf(buf + at, len - at, "%s%s",
			                       at ? " = " : "",
			                       sym_short[s][theme_is_ascii()]);
}

/* The members' grid in r with captions terse or not, on lines lines at most. */
static bool member_grid_as(const struct browse_model *m, struct layout_rect r, bool terse,
                           int lines, struct browse_grid *g)
{
	char caption[200];

	*g = (struct browse_grid){0};
	for (int i = 0; i < m->nvar; i++) {
		member_caption(m, i, terse, caption, sizeof caption);
		/* Room for the longest number the member may get. */
		g->caption_w = text_width(caption) > g->caption_w ? text_width(caption)
		                                                  : g->caption_w;
		member_words(m, i, caption, sizeof caption);
		if (lines > 1 && text_width(caption) > g->caption_w)
			g->caption_w = text_width(caption);
	}
	g->caption_w += m->varidx[0] ? 0 : snprintf(NULL, 0, "%" PRIu64, m->total);
	g->n = m->n;
	g->want = m->nvar;
	g->want_cols = m->mcols;
	g->caption_lines = lines;
	g->min_lines = 1;
	g->terse = terse;
	g->top = r.y + 1;
	g->left = r.x;
	g->height = r.h - 2;
	g->width = r.w;
	return grid_choose(g);
}

/*
 * The members' grid in r: each caption with its marks and the words of its
 * transform under it where they fit, else on one line, else without the
 * marks, so that the members a symmetry makes twice show with their boards
 * at every size; the first that shows them all, else the one that shows
 * the most.  False when not one board fits.
 */
static bool member_grid(const struct browse_model *m, struct layout_rect r,
                        struct browse_grid *g)
{
	static const struct {
		bool terse;
		int lines;
	} tries[] = {{false, 2}, {false, 1}, {true, 1}};
	struct browse_grid t;
	bool any = false;

	for (size_t k = 0; k < sizeof tries / sizeof *tries; k++) {
		if (!member_grid_as(m, r, tries[k].terse, tries[k].lines, &t))
			continue;
		if (!any || grid_shown(&t) > grid_shown(g)) {
			*g = t;
			any = true;
		}
		if (grid_shown(g) == g->want)
			break;
	}
	return any;
}

static void draw_members(const struct browse_drawing *v, const struct browse_model *m,
                         struct page_note *pn)
{
	const struct browse_grid *g = &v->g;
	char caption[2][200], sq[16];
	enum theme_item role[2];
	int attr[2];

	if (g->cols == 0)
		return;
	for (int i = 0; i < m->nvar; i++) {
		int place = browse_model_member_place(m, i);

		if (place < 0)
			continue;
		member_caption(m, i, g->terse, caption[0], sizeof caption[0]);
		member_words(m, i, caption[1], sizeof caption[1]);
		browse_model_caption_roles(m, (uint64_t)i, 0, role);
		attr[0] = theme_role(role[0]);
		attr[1] = theme_role(role[1]);
		grid_cell(g, place, m->var[i].ranks, browse_model_tracked(m, i), caption,
		          attr, 2);
	}
	board_square_name(browse_model_tracked(m, 0), sq, sizeof sq);
	if (m->vper < m->nvar) {
		snprintf(pn->line, sizeof pn->line,
		         "%d of the %d members shown; PgDn and PgUp show the others.",
		         m->vper, m->nvar);
		snprintf(pn->tail, sizeof pn->tail, " - %d of %d, PgDn more", m->vper,
		         m->nvar);
	} else {
		snprintf(pn->line, sizeof pn->line,
		         "The queen on %s is tinted in every member: follow it through "
		         "each turn and mirror.",
		         sq);
	}
	pn->free_line = grid_bottom(g) < v->r.y + v->r.h - 2;
}

void browse_view_place(struct browse_drawing *v, struct browse_model *m,
                       struct layout_rect r)
{
	struct browse_grid *g = &v->g;

	v->r = r;
	v->boards = false;
	*g = (struct browse_grid){0};
	if (m->index == 0)
		return;
	switch (m->view) {
	case BROWSE_VIEW_GALLERY:
		if (gallery_grid(m, r, g))
			browse_model_gallery_page(m, g->cols, g->rows);
		else
			g->cols = 0;
		break;
	case BROWSE_VIEW_CLASSES:
		v->boards = !m->ctable && class_grid(m, r, g);
		if (v->boards) {
			browse_model_classes_grid(m, g->cols, g->rows);
		} else {
			g->cols = 0;
			browse_model_classes_grid(m, 1, r.h - 5 > 1 ? r.h - 5 : 1);
		}
		break;
	case BROWSE_VIEW_MEMBERS:
		if (member_grid(m, r, g))
			browse_model_members_page(m, g->cols, g->rows);
		else
			g->cols = 0;
		break;
	default:
		break;
	}
}

void browse_view_draw(const struct browse_drawing *v, const struct browse_model *m,
                      const char *prompt)
{
	struct layout_rect r = v->r;
	char title[400] = "", info[200] = "", line[600];
	struct page_note pn = {.free_line = true};

	if (m->index == 0) {
		int y = r.y + 2;

		snprintf(title, sizeof title, "nqueens - Browse %dx%d", m->n, m->n);
		text_put_in(r.y, r.x, r.w, theme_attr(THEME_TITLE), title);
		text_wrap_head(&y, r.y + r.h - 2, r.x, r.w - 1, A_NORMAL, "", m->message);
		return;
	}
	switch (m->view) {
	case BROWSE_VIEW_ONE:
		snprintf(title, sizeof title, "nqueens - Browse %dx%d: all solutions",
		         m->n, m->n);
		draw_one(m, r);
		break;
	case BROWSE_VIEW_GALLERY:
		snprintf(title, sizeof title, "nqueens - Browse %dx%d: gallery", m->n,
		         m->n);
		draw_gallery(v, m, &pn);
		break;
	case BROWSE_VIEW_CLASSES:
		snprintf(title, sizeof title, "nqueens - Browse %dx%d: classes", m->n,
		         m->n);
		if (v->boards)
			draw_class_boards(v, m, &pn);
		else
			draw_class_table(m, r);
		break;
	case BROWSE_VIEW_MEMBERS:
		snprintf(title, sizeof title, "nqueens - Browse %dx%d: class %" PRIu64,
		         m->n, m->n, m->var_class);
		snprintf(info, sizeof info, " of %" PRIu64 ", %d member%s, symmetry: %s",
		         m->nclasses, m->nvar, m->nvar == 1 ? "" : "s",
		         classes_symmetry(m->nvar));
		draw_members(v, m, &pn);
		break;
	}
	/* The page's place goes in the title when the boards take its line. */
	if (!pn.free_line) {
		size_t at = strlen(title);

		snprintf(title + at, sizeof title - at, "%s",
		         pn.tail[0] ? pn.tail : info);
		pn.line[0] = '\0';
	} else {
		size_t at = strlen(title);

		snprintf(title + at, sizeof title - at, "%s", info);
	}
	text_cut(title, r.w);
	text_put_in(r.y, r.x, r.w, theme_attr(THEME_TITLE), title);
	browse_model_pending_note(m, line, sizeof line);
	if (prompt) {
		attrset(A_NORMAL);
		mvhline(r.y + r.h - 2, r.x, ' ', r.w);
		text_put_in(r.y + r.h - 2, r.x, r.w, theme_attr(THEME_KEY), prompt);
	} else if (m->message[0])
		text_message(r, m->message, A_NORMAL, 3);
	else if (line[0])
		text_message(r, line, theme_attr(THEME_DIMMED), 3);
	else if (pn.line[0])
		text_message(r, pn.line, theme_attr(THEME_DIMMED), 1);
}

int browse_view_hit(const struct browse_drawing *v, const struct browse_model *m,
                    int line, int col)
{
	const struct browse_grid *g = &v->g;
	int c, r, step_x = g->cell_w + g->gap_x, step_y = g->cell_h + g->gap_y;

	if (m->view != BROWSE_VIEW_GALLERY && m->view != BROWSE_VIEW_MEMBERS &&
	    !(m->view == BROWSE_VIEW_CLASSES && v->boards))
		return -1;
	if (g->cols == 0 || step_x <= 0 || step_y <= 0 || col < g->x0 || line < g->top)
		return -1;
	c = (col - g->x0) / step_x;
	r = (line - g->top) / step_y;
	/* Between two boards is neither. */
	if (c >= g->cols || r >= g->rows || (col - g->x0) % step_x >= g->cell_w ||
	    (line - g->top) % step_y >= g->cell_h)
		return -1;
	return r * g->cols + c;
}
