/* Watch's variables panel, in the stack's place beside a program: the listing's arrays,
 * each call's locals, bits' masks; measured for the layout and drawn. */
#include "config.h"

#include "tui/watch_view.h"

#include <curses.h>
#include <inttypes.h>
#include <stdio.h>

#include "tui/layout.h"
#include "tui/text.h"
#include "tui/theme.h"
#include "tui/watch_model.h"

/* bits: the name of mask k, as the listing has it. */
static const char *mask_name(const struct watch_vars *v, int k)
{
	return k < 3 ? v->names->taken[k] : k == 3 ? v->names->free : v->names->bit;
}

/* The columns a name takes with the blank after it. */
static int vars_label_width(const struct watch_vars *v)
{
	int wd = 0;

	for (int i = 0; i < v->nrows; i++)
		if (text_width(v->rows[i].name) > wd)
			wd = text_width(v->rows[i].name);
	for (int k = 0; v->bits && k < 5; k++)
		if (text_width(mask_name(v, k)) > wd)
			wd = text_width(mask_name(v, k));
	return wd + 1;
}

/* A cell of x: wide enough for the largest rank and a blank. */
static int vars_cell_width(const struct watch_vars *v)
{
	return v->n > 10 ? 3 : 2;
}

/*
 * The arrays' rows: x and the ranks taken (both by rank) in cells as wide
 * as x's, and the diagonals too when wide, else a column each.
 */
static int vars_rows_width(const struct watch_vars *v, bool wide)
{
	int widest = 0, cw = vars_cell_width(v);

	for (int i = 0; i < v->nrows; i++) {
		int wd = i < 2 || wide ? v->rows[i].ncells * cw : v->rows[i].ncells;

		if (wd > widest)
			widest = wd;
	}
	return v->nrows ? vars_label_width(v) + widest : 0;
}

/*
 * bits: the columns mask k's binary digits take at most: the board's n,
 * and for up the bits past it, apart after a blank.
 */
static int mask_bin_width(const struct watch_vars *v, int k)
{
	return v->n + (k == 1 && v->past_max > 0 ? v->past_max + 1 : 0);
}

/* bits: a mask's column in the table: its digits, a blank, its decimal; or its name. */
static int mask_col(const struct watch_vars *v, int k)
{
	int w = mask_bin_width(v, k) + 1 + v->dec_max[k];

	return text_width(mask_name(v, k)) > w ? text_width(mask_name(v, k)) : w;
}

/* bits: the blanks between two masks in the table, so that a decimal stands apart. */
#define MASK_GAP 2

/* bits: every call's masks on a line of its own under their names. */
static int vars_table_width(const struct watch_vars *v)
{
	int w = 4;

	for (int k = 0; k < 5; k++)
		w += MASK_GAP + mask_col(v, k);
	return w;
}

/* bits: a mask on a line of its own after its name, all its digits and its decimal. */
static int vars_mask_width(const struct watch_vars *v, bool whole)
{
	int w = 0;

	for (int k = 0; k < 5; k++) {
		int bin = whole ? mask_bin_width(v, k) : v->n;

		if (bin + 1 + v->dec_max[k] > w)
			w = bin + 1 + v->dec_max[k];
	}
	return vars_label_width(v) + w;
}

/* The widest call's line in a form: the largest values the board has. */
static int vars_frame_width(const struct watch_vars *v, int form)
{
	struct watch_vars big = *v;
	char text[96];

	big.depth = 1;
	big.frames[0].file = big.frames[0].rank = v->n - 1;
	big.frames[0].index[0] = big.frames[0].index[1] = 2 * v->n - 2;
	return watch_vars_frame_text(&big, 0, form, text, sizeof text);
}

/* The first form of the calls' lines that fits width; 2 when none does. */
static int vars_form(const struct watch_vars *v, int width)
{
	for (int form = 0; form < 2; form++)
		if (vars_frame_width(v, form) <= width)
			return form;
	return 2;
}

/*
 * The arrays when the column holds them (bits: the table of masks, else
 * the innermost call's five), and every call the board can make.
 */
void watch_vars_measure(const void *ctx, int width, int *min, int *pref)
{
	const struct watch_panels *p = ctx;
	const struct watch_vars *v = &p->vars;
	int rows = v->nrows && width >= vars_rows_width(v, false) ? v->nrows : 0;

	*min = 2;
	if (!v->bits) {
		/* Where the arrays fit across, they and the call under way at least. */
		*min = 1 + rows + 1;
		*pref = 1 + rows + watch_model_calls(p->w);
	} else if (width >= vars_table_width(v)) {
		/* The masks' names and the innermost call's, at least. */
		*min = 3;
		*pref = 1 + rows + 1 + watch_model_calls(p->w);
	} else {
		/* The call's five masks under its name, all or none. */
		*min = 6;
		*pref = 6 + rows;
	}
}

/* A cell's look: read or written by the line lit, set, or neither. */
static int cell_attr(const struct watch_var_row *row, int c)
{
	return theme_role(watch_var_cell_role(row, c));
}

/*
 * A row of cells after its name, each value right-aligned in a cell of cw
 * columns (a blank after it when cw > 1): the set ones lit, the ones the
 * lit line reads or writes reversed.
 */
static void draw_row(const struct watch_var_row *row, int y, int x, int label, int cw,
                     int width)
{
	int vw = cw > 1 ? cw - 1 : 1;

	text_put_in(y, x, label, A_NORMAL, row->name);
	for (int c = 0; c < row->ncells && label + (c + 1) * cw <= width; c++) {
		char text[8];

		snprintf(text, sizeof text, "%*s", vw, row->cell[c]);
		text_put_in(y, x + label + c * cw, vw, cell_attr(row, c), text);
	}
}

/*
 * bits: a mask from x, its binary digits right-aligned in bin columns (the
 * board's n last; the bits past the board dimmed before them after a
 * blank, or as many as fit after ".." where they do not all fit), then its
 * decimal right-aligned in dec columns.
 */
static void draw_mask(const struct watch_var_row *row, int y, int x, int bin, int dec)
{
	int n = row->ncells - row->past, start = x + bin - n, room = bin - n,
	    shown = row->past;
	int dim = theme_attr(THEME_DIMMED);

	for (int c = 0; c < n; c++)
		text_put_in(y, start + c, 1, cell_attr(row, row->past + c),
		            row->cell[row->past + c]);
	if (shown > 0 && shown + 1 > room) {
		/* Cut: "..", the lowest that fit, a blank when there is room. */
		shown = room - 3 > 0 ? room - 3 : 0;
		if (room >= 2)
			text_put_in(y, start - room, 2, dim, "..");
	}
	for (int c = 0; c < shown; c++)
		text_put_in(y, start - 1 - shown + c, 1, dim,
		            row->cell[row->past - shown + c]);
	if (row->dec[0]) {
		char text[32];

		snprintf(text, sizeof text, "%*s", dec, row->dec);
		text_put_in(y, x + bin + 1, dec, A_NORMAL, text);
	}
}

/* "+3 more calls": the outer calls a panel has no room for. */
static void more_calls(int *y, int x, int width, int hidden)
{
	char text[48];

	snprintf(text, sizeof text, "+%d more call%s", hidden, hidden == 1 ? "" : "s");
	if (text_width(text) > width)
		snprintf(text, sizeof text, "+%d", hidden);
	text_line(y, x, width, theme_attr(THEME_DIMMED), "%s", text);
}

/* bits: the masks of each call, a line each, under the masks' names. */
static int draw_mask_table(const struct watch_vars *v, int y, int x, int first,
                           int bottom)
{
	char text[64];
	int at;

	snprintf(text, sizeof text, "%s", v->names->file);
	text_put_in(y, x, 4, theme_attr(THEME_TITLE), text);
	at = x + 4 + MASK_GAP;
	for (int k = 0; k < 5; at += mask_col(v, k) + MASK_GAP, k++)
		text_put_in(y, at, mask_col(v, k), theme_attr(THEME_TITLE),
		            mask_name(v, k));
	y++;
	for (int d = first; d < v->depth && y <= bottom; d++, y++) {
		snprintf(text, sizeof text, "%d", v->frames[d].file);
		text_put_in(y, x, 4, theme_role(watch_model_call_role(d, v->depth)),
		            text);
		at = x + 4 + MASK_GAP;
		for (int k = 0; k < 5; at += mask_col(v, k) + MASK_GAP, k++)
			draw_mask(&v->frames[d].masks[k], y,
			          at + mask_col(v, k) -
			                  (mask_bin_width(v, k) + 1 + v->dec_max[k]),
			          mask_bin_width(v, k), v->dec_max[k]);
	}
	return y;
}

/*
 * bits, narrow: the call under way names its masks in the title's place
 * (and how many calls are outside it), then x, then its five masks a line
 * each, every digit when they fit, else the board's and the decimal.
 */
static void draw_mask_rows(const struct watch_vars *v, struct layout_rect r, int form)
{
	const struct watch_var_frame *f = &v->frames[v->depth - 1];
	int y = r.y, bottom = r.y + r.h - 1, label = vars_label_width(v), dec = 0, bin;
	char text[128];
	int len = watch_vars_frame_text(v, v->depth - 1, form, text, sizeof text);

	if (v->depth > 1) {
		int hidden = v->depth - 1;

		snprintf(text + len, sizeof text - (size_t)len, "  +%d more call%s",
		         hidden, hidden == 1 ? "" : "s");
		if (text_width(text) > r.w)
			snprintf(text + len, sizeof text - (size_t)len, " +%d", hidden);
		if (text_width(text) > r.w) {
			more_calls(&y, r.x, r.w, hidden);
			text[len] = '\0';
		}
	}
	text_line(&y, r.x, r.w, theme_attr(THEME_TITLE), "%s", text);
	/* x when the five masks still have their lines under it. */
	for (int i = 0;
	     i < v->nrows && r.w >= vars_rows_width(v, false) && bottom - y + 1 > 5;
	     i++, y++)
		draw_row(&v->rows[i], y, r.x, label, vars_cell_width(v), r.w);
	/*
	 * One column for the digits and one for the decimals, so that the
	 * board's bits stand under each other: the widest the masks can be,
	 * else the decimals as wide as they are now and the bits past the
	 * board cut (the decimal keeps them).
	 */
	for (int k = 0; k < 5; k++)
		dec = v->dec_max[k] > dec ? v->dec_max[k] : dec;
	bin = mask_bin_width(v, 1);
	if (label + bin + 1 + dec > r.w) {
		dec = 0;
		for (int k = 0; k < 5; k++)
			if (text_width(f->masks[k].dec) > dec)
				dec = text_width(f->masks[k].dec);
		bin = r.w - label - 1 - dec;
		bin = bin > mask_bin_width(v, 1) ? mask_bin_width(v, 1) : bin;
		bin = bin < v->n ? v->n : bin;
	}
	for (int k = 0; k < 5 && y <= bottom; k++, y++) {
		text_put_in(y, r.x, label, A_NORMAL, f->masks[k].name);
		draw_mask(&f->masks[k], y, r.x + label, bin, dec);
	}
}

/*
 * The panel's title: the language when the width has room for it, and how
 * many outer calls the panel has no room for, in as many words as fit,
 * never a word cut.
 */
static void vars_title(const struct watch_panels *p, int *y, struct layout_rect r,
                       int hidden)
{
	const char *lang = watch_lang_title(p->w->lang);
	char text[96];

	if (hidden == 0) {
		snprintf(text, sizeof text, "Variables (%s)", lang);
		if (text_width(text) > r.w)
			snprintf(text, sizeof text, "Variables");
	} else {
		snprintf(text, sizeof text, "Variables (%s)  +%d more call%s", lang,
		         hidden, hidden == 1 ? "" : "s");
		if (text_width(text) > r.w)
			snprintf(text, sizeof text, "Variables  +%d more call%s", hidden,
			         hidden == 1 ? "" : "s");
		if (text_width(text) > r.w)
			snprintf(text, sizeof text, "Variables +%d", hidden);
	}
	text_line(y, r.x, r.w, theme_attr(THEME_TITLE), "%s", text);
}

void watch_vars_draw(const struct watch_panels *p, struct layout_rect r)
{
	const struct watch_vars *v = &p->vars;
	int y = r.y, bottom = r.y + r.h - 1, label = vars_label_width(v),
	    form = vars_form(v, r.w), nrows = 0, room, hidden;
	bool wide = r.w >= vars_rows_width(v, true),
	     rows = v->nrows && r.w >= vars_rows_width(v, false),
	     table = v->bits && r.w >= vars_table_width(v);
	char text[96];

	if (v->bits && !table && v->depth > 0) {
		draw_mask_rows(v, r, form);
		return;
	}
	/* The arrays, when a call's line (and the masks' names) is left under them. */
	while (rows && nrows < v->nrows && r.y + 1 + nrows < bottom - (table ? 1 : 0))
		nrows++;
	/* The calls that fit, innermost last; the title says how many do not. */
	room = bottom - (r.y + 1 + nrows) + (table ? 0 : 1);
	hidden = v->depth > room ? v->depth - room : 0;
	vars_title(p, &y, r, hidden);
	for (int i = 0; i < nrows; i++, y++)
		draw_row(&v->rows[i], y, r.x, label,
		         i < 2 || wide ? vars_cell_width(v) : 1, r.w);
	if (table && v->depth > 0) {
		draw_mask_table(v, y, r.x, hidden, bottom);
		return;
	}
	/* After the last return the memory is still there, count too; no call is. */
	if (v->depth == 0 && y <= bottom && v->names->count) {
		snprintf(text, sizeof text, "%" PRIu64, v->count);
		text_put_in(y, r.x, label, A_NORMAL, v->names->count);
		text_put_in(y++, r.x + label, r.w - label, theme_attr(THEME_KEY), text);
	}
	if (v->depth == 0 && y <= bottom) {
		static const char *const returned[] = {
		        "(the outermost call has returned)",
		        "(the outermost call returned)", "(every call has returned)",
		        "(returned)"};
		const char *said = "(no call yet)";

		for (size_t i = 0;
		     v->when == CODE_RETURNED && i < sizeof returned / sizeof *returned;
		     i++)
			if (text_width(said = returned[i]) <= r.w)
				break;
		text_line(&y, r.x, r.w, theme_attr(THEME_DIMMED), "%s", said);
	}
	for (int d = hidden; d < v->depth && y <= bottom; d++) {
		watch_vars_frame_text(v, d, form, text, sizeof text);
		text_line(&y, r.x, r.w, theme_role(watch_model_call_role(d, v->depth)),
		          "%s", text);
	}
}

void watch_vars_widths(const struct watch_vars *v, struct layout_panel *p)
{
	int full = vars_frame_width(v, 0);

	p->min_w = vars_frame_width(v, 2) > 14 ? vars_frame_width(v, 2) : 14;
	if (v->bits && vars_mask_width(v, false) > p->min_w)
		p->min_w = vars_mask_width(v, false);
	p->pref_w = full > vars_rows_width(v, true) ? full : vars_rows_width(v, true);
	if (v->bits && vars_table_width(v) > p->pref_w)
		p->pref_w = vars_table_width(v);
}
