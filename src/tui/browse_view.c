/* Drawing the Browse screen: one board, the gallery, the classes, a class's members. */
#include "config.h"

#include "browse_view.h"

#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "boardview.h"
#include "classes.h"
#include "symmetry.h"
#include "text.h"
#include "theme.h"

/* A panel's text, above the message line. */
static void panel_wrap(int *y, int x, int width, int attr, const char *head,
                       const char *text)
{
	text_wrap_head(y, LINES - 3, x, width, attr, head, text);
}

static void fill(struct browse_drawing *v, int n, const int *p)
{
	memset(v->cells, 0, sizeof v->cells);
	for (int f = 0; f < n; f++)
		v->cells[f * n + p[f]] = BV_QUEEN;
}

static void draw_one(struct browse_drawing *v, struct browse_model *m)
{
	char line[600], text[600], note[128];
	int x, y, width, min_w, min_h;
	struct boardview bv = {0};

	fill(v, m->n, m->ranks);
	boardview_min_size(m->n, &min_h, &min_w);
	bv.n = m->n;
	bv.cells = v->cells;
	bv.top = 1;
	bv.left = 0;
	bv.height = LINES - 3;
	/* Room for the panel's longer lines when the window is wide enough. */
	bv.width = COLS - 54 > min_w ? COLS - 54 : min_w;
	if (boardview_layout(&bv) == 0)
		boardview_draw(&bv);
	x = bv.org_x + bv.files * bv.cw + 3;
	width = COLS - x - 1;
	y = 1;
	snprintf(line, sizeof line, "Solution %" PRIu64 " / %" PRIu64, m->index,
	         m->total);
	panel_wrap(&y, x, width, theme_attr(THEME_TITLE), "", line);
	browse_model_totals_note(m, note, sizeof note);
	if (note[0]) {
		snprintf(line, sizeof line, "(%s)", note);
		panel_wrap(&y, x, width, theme_attr(THEME_DIMMED), "", line);
	}
	board_format_ranks(m->n, m->ranks, text, sizeof text);
	panel_wrap(&y, x, width, A_NORMAL, "ranks:   ", text);
	board_format_squares(m->n, m->ranks, text, sizeof text);
	panel_wrap(&y, x, width, A_NORMAL, "squares: ", text);
	y++;
	if (m->class_index)
		snprintf(line, sizeof line,
		         "class %" PRIu64 " of %" PRIu64 ", %s of the representative",
		         m->class_index, m->nclasses, sym_name(m->from_rep));
	else
		snprintf(line, sizeof line,
		         "class ? of %" PRIu64 ", %s of the representative", m->nclasses,
		         sym_name(m->from_rep));
	panel_wrap(&y, x, width, theme_attr(THEME_KEY), "", line);
	if (!m->class_index) {
		browse_model_class_note(m, note, sizeof note);
		snprintf(line, sizeof line, "(finding its number: %s)", note);
		panel_wrap(&y, x, width, theme_attr(THEME_DIMMED), "", line);
	}
	board_format_ranks(m->n, m->rep, text, sizeof text);
	panel_wrap(&y, x, width, A_NORMAL, "representative: ", text);
	snprintf(line, sizeof line, "%d, symmetry: %s", m->orbit,
	         classes_symmetry(m->orbit));
	panel_wrap(&y, x, width, A_NORMAL, "members: ", line);
}

/* A board at its smallest, with a caption where its file letters would be. */
static void draw_small(struct browse_drawing *v, int n, const int *p, int y, int x,
                       int width, const char *caption, bool chosen)
{
	struct boardview bv = {0};
	int h, w;

	fill(v, n, p);
	boardview_min_size(n, &h, &w);
	bv.n = n;
	bv.cells = v->cells;
	bv.top = y;
	bv.left = x;
	bv.width = w;
	bv.height = h;
	if (boardview_layout(&bv) != 0)
		return;
	boardview_draw(&bv);
	y += h - 1;
	attrset(A_NORMAL);
	mvhline(y, x, ' ', width);
	text_line(&y, x, width,
	          chosen ? theme_attr(THEME_SELECTED) : theme_attr(THEME_LABEL), "%s",
	          caption);
}

/* Lays out the grid of small boards for a caption width; returns its columns and rows. */
static void grid(struct browse_drawing *v, int n, int caption_w, int *cols, int *rows)
{
	int h, w;

	boardview_min_size(n, &h, &w);
	v->gw = (w > caption_w ? w : caption_w) + 2;
	v->gh = h + 1; /* a blank line between rows, where there is room */
	v->gx0 = 0;
	v->gy0 = 1;
	*cols = (COLS + 2) / v->gw;
	*rows = (LINES - 3 + 1) / v->gh;
	if (*rows < 1 && LINES - 3 >= h)
		*rows = 1;
	*cols = *cols < 1 ? 1 : *cols;
	*rows = *rows < 1 ? 1 : *rows;
}

static void draw_gallery(struct browse_drawing *v, struct browse_model *m)
{
	char caption[64];
	int cols, rows;

	snprintf(caption, sizeof caption, "#%" PRIu64, m->total);
	grid(v, m->n, text_width(caption), &cols, &rows);
	browse_model_gallery_page(m, cols, rows);
	for (int i = 0; i < m->gcount; i++) {
		uint64_t k = m->gfirst + (uint64_t)i;

		snprintf(caption, sizeof caption, "#%" PRIu64, k);
		draw_small(v, m->n, m->page[i], v->gy0 + (i / cols) * v->gh,
		           v->gx0 + (i % cols) * v->gw, v->gw - 2, caption,
		           k == m->index);
	}
}

static void draw_classes(struct browse_model *m)
{
	int rows = LINES - 5, y = 3, count, cw = 5, sw = 8;
	int reps[BROWSE_PAGE_MAX][ENUM_MAX_N], orbits[BROWSE_PAGE_MAX];
	char text[600], ranks[256], sym[64];
	uint64_t first;
	bool more;

	if (rows < 1)
		return;
	count = browse_model_classes_page(m, rows, reps, orbits, &first, &more);
	rows = m->crows;
	browse_model_classes_head(m, text, sizeof text);
	text_cut(text, COLS);
	text_put(1, 0, A_NORMAL, text);
	for (int i = 0; i < count; i++) {
		int w = text_width(classes_symmetry(orbits[i]));

		sw = w > sw ? w : sw;
	}
	snprintf(text, sizeof text, "%" PRIu64, first + (uint64_t)count);
	cw = text_width(text) > cw ? text_width(text) : cw;
	snprintf(text, sizeof text, " %*s  %7s  %s  %s", cw, "class", "members",
	         text_pad(sym, sizeof sym, "symmetry", sw), "representative");
	text_line(&(int){2}, 0, COLS, theme_attr(THEME_LABEL), "%s", text);
	for (int i = 0; i < count; i++) {
		uint64_t c = first + (uint64_t)i;

		board_format_ranks(m->n, reps[i], ranks, sizeof ranks);
		snprintf(text, sizeof text, " %*" PRIu64 "  %7d  %s  %s", cw, c + 1,
		         orbits[i],
		         text_pad(sym, sizeof sym, classes_symmetry(orbits[i]), sw),
		         ranks);
		text_cut(text, COLS);
		text_line(&y, 0, COLS,
		          c == m->csel ? theme_attr(THEME_SELECTED) : (int)A_NORMAL, "%s",
		          text);
	}
	if (count < rows && more)
		text_line(&y, 0, COLS, theme_attr(THEME_DIMMED), " (finding more)");
}

/* The widest caption of the members: a transform's name and a number. */
static int members_caption_w(const struct browse_model *m)
{
	char caption[64];
	int w = 0;

	for (int i = 0; i < m->nvar; i++) {
		int k = snprintf(caption, sizeof caption, "%s #%" PRIu64,
		                 sym_name(m->var[i].from_rep),
		                 m->varidx[i] ? m->varidx[i] : m->total);
		w = k > w ? k : w;
	}
	return w;
}

static void draw_members(struct browse_drawing *v, struct browse_model *m)
{
	char caption[64];
	int cols, rows, per, first;

	grid(v, m->n, members_caption_w(m), &cols, &rows);
	per = browse_model_members_page(m, cols, rows);
	if (per < 1)
		return;
	first = m->vsel / per * per;
	for (int i = first; i < m->nvar && i < first + per; i++) {
		if (m->varidx[i])
			snprintf(caption, sizeof caption, "%s #%" PRIu64,
			         sym_name(m->var[i].from_rep), m->varidx[i]);
		else
			snprintf(caption, sizeof caption, "%s #?",
			         sym_name(m->var[i].from_rep));
		draw_small(v, m->n, m->var[i].ranks,
		           v->gy0 + ((i - first) / cols) * v->gh,
		           v->gx0 + ((i - first) % cols) * v->gw, v->gw - 2, caption,
		           i == m->vsel);
	}
}

/* The line above the keys: what is being found, or where the page is. */
static void draw_status(struct browse_model *m)
{
	char line[600], note[128];

	browse_model_pending_note(m, line, sizeof line);
	if (!line[0] && m->view == BROWSE_VIEW_GALLERY) {
		browse_model_totals_note(m, note, sizeof note);
		snprintf(line, sizeof line,
		         "Solutions %" PRIu64 "-%" PRIu64 " of %" PRIu64 "%s%s%s",
		         m->gfirst, m->gfirst + (uint64_t)m->gcount - 1, m->total,
		         note[0] ? " (" : "", note, note[0] ? ")" : "");
	}
	if (!line[0] && m->view == BROWSE_VIEW_MEMBERS && m->vper > 0 &&
	    m->vper < m->nvar) {
		int first = m->vsel / m->vper * m->vper;

		snprintf(line, sizeof line,
		         "Members %d-%d of %d; PgDn and PgUp show the others.", first + 1,
		         first + m->vper < m->nvar ? first + m->vper : m->nvar, m->nvar);
	}
	text_message(line, theme_attr(THEME_DIMMED), 3);
}

void browse_view_draw(struct browse_drawing *v, struct browse_model *m,
                      const char *prompt)
{
	char title[400];

	if (m->index == 0) {
		int y = 2;

		snprintf(title, sizeof title, "nqueens - Browse %dx%d", m->n, m->n);
		text_put(0, 0, theme_attr(THEME_TITLE), title);
		text_wrap_head(&y, LINES - 2, 0, COLS - 1, A_NORMAL, "", m->message);
		return;
	}
	switch (m->view) {
	case BROWSE_VIEW_ONE:
		snprintf(title, sizeof title, "nqueens - Browse %dx%d: all solutions",
		         m->n, m->n);
		break;
	case BROWSE_VIEW_GALLERY:
		draw_gallery(v, m);
		snprintf(title, sizeof title, "nqueens - Browse %dx%d: gallery", m->n,
		         m->n);
		break;
	case BROWSE_VIEW_CLASSES:
		snprintf(title, sizeof title, "nqueens - Browse %dx%d: classes", m->n,
		         m->n);
		break;
	case BROWSE_VIEW_MEMBERS:
		snprintf(title, sizeof title,
		         "nqueens - Browse %dx%d: class %" PRIu64 " of %" PRIu64
		         ", %d member%s, symmetry: %s",
		         m->n, m->n, m->var_class, m->nclasses, m->nvar,
		         m->nvar == 1 ? "" : "s", classes_symmetry(m->nvar));
		break;
	}
	text_cut(title, COLS);
	text_put(0, 0, theme_attr(THEME_TITLE), title);
	if (m->view == BROWSE_VIEW_ONE)
		draw_one(v, m);
	else if (m->view == BROWSE_VIEW_CLASSES)
		draw_classes(m);
	else if (m->view == BROWSE_VIEW_MEMBERS)
		draw_members(v, m);
	if (prompt)
		text_put(LINES - 2, 0, theme_attr(THEME_KEY), prompt);
	else if (m->message[0])
		text_message(m->message, A_NORMAL, 3);
	else
		draw_status(m);
}

int browse_view_hit(const struct browse_drawing *v, const struct browse_model *m,
                    int line, int col)
{
	int c, r;

	if ((m->view != BROWSE_VIEW_GALLERY && m->view != BROWSE_VIEW_MEMBERS) ||
	    v->gw <= 0 || col < v->gx0 || line < v->gy0)
		return -1;
	c = (col - v->gx0) / v->gw;
	r = (line - v->gy0) / v->gh;
	if (c >= m->gcols || r >= m->grows)
		return -1;
	return r * m->gcols + c;
}
