/* The variables the listing keeps, for Watch's variables panel: its arrays, calls and
 * masks.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "engine/code.h"
#include "engine/search.h"
#include "tui/watch_model.h"

/* A row of n cells named name, each cell empty. */
static void row_start(struct watch_var_row *r, const char *name, int n)
{
	memset(r, 0, sizeof *r);
	snprintf(r->name, sizeof r->name, "%s", name);
	r->ncells = n < VARS_CELLS_MAX ? n : VARS_CELLS_MAX;
}

/* The digits of a value in decimal. */
static int dec_width(int64_t value)
{
	char text[24];

	return snprintf(text, sizeof text, "%lld", (long long)value);
}

/*
 * A mask as a binary number is written, the highest bit first: the board's
 * n bits, after them the bits past the board up to the highest set one
 * (Python's up keeps them; C's and Java's to bit 31), and its value as the
 * listing's type holds it.  A mask the listing holds no value in has "-"s.
 */
static void mask_row(struct watch_var_row *r, const char *name, uint64_t m, int n,
                     const struct code_vars *cv, bool unset)
{
	int high = -1;

	for (int b = 0; b < 64; b++)
		if (m >> b & 1)
			high = b;
	row_start(r, name, n);
	r->unset = unset;
	if (unset) {
		for (int c = 0; c < r->ncells; c++)
			snprintf(r->cell[c], sizeof r->cell[c], "-");
		return;
	}
	r->past = high >= n ? high - n + 1 : 0;
	if (n + r->past > VARS_CELLS_MAX)
		r->past = VARS_CELLS_MAX - n;
	r->ncells = n + r->past;
	for (int c = 0; c < r->ncells; c++) {
		int bit = r->ncells - 1 - c;

		r->set[c] = (m >> bit) & 1;
		snprintf(r->cell[c], sizeof r->cell[c], "%d", r->set[c] ? 1 : 0);
	}
	snprintf(r->dec, sizeof r->dec, "%lld", (long long)code_mask_value(cv, m));
}

/* bits: how wide each mask can be, past the board and in decimal, at this n. */
static void mask_limits(struct watch_vars *v, const struct code_vars *cv)
{
	int n = v->n, top = 2 * n - 1; /* up's bits: the board's and n - 1 past it */
	uint64_t board = (UINT64_C(1) << n) - 1;

	if (cv->mask_bits && top > cv->mask_bits)
		top = cv->mask_bits;
	v->past_max = top - n;
	for (int k = 0; k < 5; k++)
		v->dec_max[k] = dec_width((int64_t)board);
	v->dec_max[1] = dec_width(code_mask_value(cv, (UINT64_C(1) << top) - 1));
	/* Java's int: bit 31 set makes the most digits, with a minus. */
	if (cv->mask_signed && top == 32)
		v->dec_max[1] = dec_width(INT32_MIN);
}

/*
 * The cells the line lit reads or writes: the operands the last test
 * evaluated (or stops at the first true one), x[file] that a placement
 * writes, the three lines that a removal frees.
 */
static void mark_read(struct watch_vars *v, const struct code_vars *cv,
                      const struct search_event *ev)
{
	int n = v->n, at[3] = {ev->sq.rank, ev->sq.file - ev->sq.rank + n - 1,
	                       ev->sq.file + ev->sq.rank};

	if (v->nrows < 4)
		return;
	for (int k = 0; k < 3; k++)
		if (cv->read[k] >= 0 && cv->read[k] < v->rows[1 + k].ncells)
			v->rows[1 + k].read[cv->read[k]] = true;
	if (ev->kind == SEARCH_EV_PLACE && ev->sq.file >= 0 && ev->sq.file < n)
		v->rows[0].read[ev->sq.file] = true;
	if (ev->kind != SEARCH_EV_REMOVE)
		return;
	for (int k = 0; k < 3; k++)
		if (at[k] >= 0 && at[k] < v->rows[1 + k].ncells)
			v->rows[1 + k].read[at[k]] = true;
}

bool watch_vars_make(const struct watch_model *w, struct watch_vars *v)
{
	struct code_vars cv;
	const struct code_names *nm;

	memset(v, 0, sizeof *v);
	if (!w->listing || code_algo(w->listing) != w->algo ||
	    !code_vars(w->listing, w->s, &cv))
		return false;
	nm = code_names(w->listing);
	v->names = nm;
	v->n = cv.n;
	v->bits = w->algo == SEARCH_BITS;
	v->depth = cv.depth;
	v->when = cv.when;
	v->count = cv.count;
	if (v->bits)
		mask_limits(v, &cv);
	for (int d = 0; d < cv.depth; d++) {
		const struct code_frame *cf = &cv.frames[d];
		struct watch_var_frame *f = &v->frames[d];

		f->file = cf->file;
		f->rank = cf->rank;
		f->index[0] = cf->index[0];
		f->index[1] = cf->index[1];
		if (!v->bits)
			continue;
		mask_row(&f->masks[0], nm->taken[0], cf->b.ranks, cv.n, &cv, false);
		mask_row(&f->masks[1], nm->taken[1], cf->b.up, cv.n, &cv, false);
		mask_row(&f->masks[2], nm->taken[2], cf->b.down, cv.n, &cv, false);
		mask_row(&f->masks[3], nm->free, cf->b.free, cv.n, &cv, !cf->has_free);
		mask_row(&f->masks[4], nm->bit, cf->b.bit, cv.n, &cv, cf->b.bit == 0);
	}
	/*
	 * x by file (bits keeps it too), each rank as the listing last wrote
	 * it: lit where a queen stands, dimmed where it stays from one taken
	 * off (or is the 0 it started with).  scan keeps its board, which is
	 * drawn.
	 */
	if (!nm->x)
		return true;
	row_start(&v->rows[0], nm->x, cv.n);
	for (int f = 0; f < cv.n; f++) {
		v->rows[0].set[f] = cv.held[f];
		snprintf(v->rows[0].cell[f], sizeof v->rows[0].cell[f], "%d",
		         (unsigned char)cv.x[f]); /* a rank below CODE_MAX_N */
	}
	v->nrows = 1;
	if (v->bits)
		return true;
	for (int k = 0; k < 3; k++) {
		struct watch_var_row *r = &v->rows[1 + k];

		row_start(r, nm->taken[k], cv.len[k]);
		for (int i = 0; i < r->ncells; i++) {
			r->set[i] = cv.taken[k][i];
			snprintf(r->cell[i], sizeof r->cell[i], "%s",
			         r->set[i] ? "T" : ".");
		}
	}
	v->nrows = 4;
	mark_read(v, &cv, search_last(w->s));
	return true;
}

enum theme_item watch_var_cell_role(const struct watch_var_row *row, int c)
{
	return row->read[c] ? THEME_SELECTED : row->set[c] ? THEME_KEY : THEME_DIMMED;
}

int watch_vars_frame_text(const struct watch_vars *v, int d, int form, char *buf,
                          size_t len)
{
	const struct watch_var_frame *f = &v->frames[d];
	const struct code_names *nm = v->names;
	size_t at = 0;

	buf[0] = '\0';
	if (form == 0)
		at += (size_t)snprintf(buf, len, "%s(%s=%d)", nm->call, nm->file,
		                       f->file);
	else
		at += (size_t)snprintf(buf, len, "%s=%d", nm->file, f->file);
	/* A local is shown once the listing has set it: before the loop, none. */
	if (nm->rank && f->rank >= 0 && at < len)
		at += (size_t)snprintf(buf + at, len - at, " %s=%d", nm->rank, f->rank);
	for (int k = 0; form < 2 && k < 2 && nm->index[k] && f->index[k] >= 0 && at < len;
	     k++)
		at += (size_t)snprintf(buf + at, len - at, " %s=%d", nm->index[k],
		                       f->index[k]);
	return (int)strlen(buf);
}
