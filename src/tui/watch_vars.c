/* The variables the listing keeps, for Watch's variables panel: its arrays, calls and
 * masks.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "code.h"
#include "search.h"
#include "watch_model.h"

/* A row of n cells named name, each cell empty. */
static void row_start(struct watch_var_row *r, const char *name, int n)
{
	memset(r, 0, sizeof *r);
	snprintf(r->name, sizeof r->name, "%s", name);
	r->ncells = n < VARS_CELLS_MAX ? n : VARS_CELLS_MAX;
}

/* A mask as n bits, the highest first, as a binary number is written. */
static void mask_row(struct watch_var_row *r, const char *name, uint64_t m, int n)
{
	row_start(r, name, n);
	for (int c = 0; c < r->ncells; c++) {
		int bit = r->ncells - 1 - c;

		r->set[c] = (m >> bit) & 1;
		snprintf(r->cell[c], sizeof r->cell[c], "%d", r->set[c] ? 1 : 0);
	}
}

/*
 * The cells the line lit reads or writes: a try's or a refusal's test reads
 * the three arrays at the innermost call's rank and diagonals, a placement
 * and a removal write them, and x[file].
 */
static void mark_read(struct watch_vars *v, const struct search_event *ev)
{
	const struct watch_var_frame *f;

	if (v->depth == 0 || v->nrows < 4)
		return;
	f = &v->frames[v->depth - 1];
	switch (ev->kind) {
	case SEARCH_EV_TRY:
	case SEARCH_EV_REJECT:
	case SEARCH_EV_PLACE:
	case SEARCH_EV_REMOVE:
		break;
	default:
		return;
	}
	if (ev->kind == SEARCH_EV_PLACE && f->file >= 0)
		v->rows[0].read[f->file] = true;
	if (f->rank < 0)
		return;
	v->rows[1].read[f->rank] = true;
	for (int k = 0; k < 2; k++)
		if (f->index[k] >= 0 && f->index[k] < v->rows[2 + k].ncells)
			v->rows[2 + k].read[f->index[k]] = true;
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
	for (int d = 0; d < cv.depth; d++) {
		const struct code_frame *cf = &cv.frames[d];
		struct watch_var_frame *f = &v->frames[d];

		f->file = cf->file;
		f->rank = cf->rank;
		f->index[0] = cf->index[0];
		f->index[1] = cf->index[1];
		if (!v->bits)
			continue;
		mask_row(&f->masks[0], nm->taken[0], cf->b.ranks, cv.n);
		mask_row(&f->masks[1], nm->taken[1], cf->b.up, cv.n);
		mask_row(&f->masks[2], nm->taken[2], cf->b.down, cv.n);
		mask_row(&f->masks[3], nm->free, cf->b.free, cv.n);
		mask_row(&f->masks[4], nm->bit, cf->b.bit, cv.n);
	}
	/* x by file (bits keeps it too); scan keeps its board, which is drawn. */
	if (!nm->x)
		return true;
	row_start(&v->rows[0], nm->x, cv.n);
	for (int f = 0; f < cv.n; f++) {
		v->rows[0].set[f] = cv.x[f] >= 0;
		snprintf(v->rows[0].cell[f], sizeof v->rows[0].cell[f], "%s", ".");
		if (cv.x[f] >= 0)
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
	mark_read(v, search_last(w->s));
	return true;
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
