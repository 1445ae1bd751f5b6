/* Sharing a window among a screen's regions by priority: a widget that draws nothing. */
#include "config.h"

#include "tui/layout.h"

#include <limits.h>
#include <string.h>

/* More regions than any screen has: a board and its panels, or a column's lines. */
#define REGIONS_MAX 32

/* The regions' indices by priority, ties in the order given. */
static int by_prio(const struct layout_region *r, int count, int *order)
{
	if (count > REGIONS_MAX)
		count = REGIONS_MAX;
	for (int i = 0; i < count; i++) {
		int j = i;

		while (j > 0 && r[order[j - 1]].prio > r[i].prio) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = i;
	}
	return count;
}

void layout_share(struct layout_region *r, int count, int start, int span)
{
	int order[REGIONS_MAX], left = span, weight = 0;

	count = by_prio(r, count, order);
	for (int i = 0; i < count; i++) {
		r[i].shown = false;
		r[i].size = r[i].gapped = r[i].missed = 0;
		r[i].at = -1;
	}
	/* Each its minimum, or nothing: a region is never shown cut. */
	for (int k = 0; k < count; k++) {
		struct layout_region *g = &r[order[k]];

		if (g->min >= 0 && g->min <= left) {
			g->shown = true;
			g->size = g->min;
			left -= g->min;
		}
	}
	for (int k = 0; k < count && left > 0; k++) {
		struct layout_region *g = &r[order[k]];
		int add = g->pref - g->size;

		if (!g->shown || add <= 0)
			continue;
		if (add > left)
			add = left;
		g->size += add;
		left -= add;
	}
	/* A gap goes before a region only when something shows above it. */
	for (int k = 0; k < count; k++) {
		struct layout_region *g = &r[order[k]];
		bool above = false;

		for (int i = 0; i < order[k] && !above; i++)
			above = r[i].size > 0;
		if (g->size <= 0 || !above || g->gap <= 0)
			continue;
		if (g->gap <= left) {
			g->gapped = g->gap;
			left -= g->gap;
		} else {
			g->missed = g->gap;
		}
	}
	for (int i = 0; i < count; i++)
		if (r[i].shown && r[i].grow > 0)
			weight += r[i].grow;
	if (weight > 0 && left > 0) {
		int rest = left;

		for (int k = 0; k < count; k++) {
			struct layout_region *g = &r[order[k]];

			if (g->shown && g->grow > 0) {
				int add = (int)((long long)left * g->grow / weight);

				g->size += add;
				rest -= add;
			}
		}
		/* What the division left over, one each in order of priority. */
		for (int k = 0; rest > 0; k = (k + 1) % count) {
			struct layout_region *g = &r[order[k]];

			if (g->shown && g->grow > 0) {
				g->size++;
				rest--;
			}
		}
	}
	for (int i = 0, at = start; i < count; i++) {
		if (!r[i].shown)
			continue;
		at += r[i].gapped;
		r[i].at = at;
		at += r[i].size;
	}
}

/* How far a region is from its preferred size. */
static int deficit(const struct layout_region *g)
{
	if (!g->shown)
		return 0;
	return (g->pref > g->size ? g->pref - g->size : 0) + g->narrow;
}

int layout_compare(const struct layout_region *a, const struct layout_region *b,
                   int count)
{
	int order[REGIONS_MAX];
	long long ga = 0, gb = 0, wa = 0, wb = 0;

	count = by_prio(a, count, order);
	for (int k = 0; k < count; k++)
		if (a[order[k]].shown != b[order[k]].shown)
			return a[order[k]].shown ? -1 : 1;
	for (int k = 0; k < count; k++) {
		int da = deficit(&a[order[k]]), db = deficit(&b[order[k]]);

		if (da != db)
			return da < db ? -1 : 1;
	}
	for (int i = 0; i < count; i++) {
		ga += a[i].missed;
		gb += b[i].missed;
		wa += a[i].shown ? (long long)a[i].size * a[i].grow : 0;
		wb += b[i].shown ? (long long)b[i].size * b[i].grow : 0;
	}
	if (ga != gb)
		return ga < gb ? -1 : 1;
	if (wa != wb)
		return wa > wb ? -1 : 1;
	return 0;
}

/* Adds a size unless it is there already; keeps the list smallest first. */
static void add_size(struct layout_board *b, struct layout_size got)
{
	int i = b->nsizes;

	if (b->nsizes == LAYOUT_SIZES_MAX)
		return;
	for (int k = 0; k < b->nsizes; k++)
		if (b->sizes[k].h == got.h && b->sizes[k].w == got.w)
			return;
	while (i > 0 && (b->sizes[i - 1].h > got.h ||
	                 (b->sizes[i - 1].h == got.h && b->sizes[i - 1].w > got.w))) {
		b->sizes[i] = b->sizes[i - 1];
		i--;
	}
	b->sizes[i] = got;
	b->nsizes++;
}

void layout_board_sizes(struct layout_board *b, int maxh, int maxw, layout_fit_fn *fit,
                        void *ctx)
{
	const int widths[] = {12,       16,        24,        32,        48,        64,
	                      maxw / 2, maxw - 52, maxw - 30, maxw - 25, maxw - 18, maxw};
	struct layout_size got;

	memset(b, 0, sizeof *b);
	/* From the tallest down; at each height, narrower until it is shorter. */
	for (int h = maxh; h >= 1;) {
		int w = maxw, top = 0;

		while (w >= 1 && fit(ctx, h, w, &got) == 1 && got.h <= h && got.w <= w &&
		       (!top || got.h == top)) {
			top = got.h;
			add_size(b, got);
			w = got.w - 1;
		}
		if (!top)
			break;
		h = top - 1;
	}
	if (b->nsizes > 0)
		return;
	for (size_t i = 0; i < sizeof widths / sizeof *widths; i++)
		if (widths[i] >= 1 && widths[i] <= maxw && maxh >= 1 &&
		    fit(ctx, maxh, widths[i], &got) >= 0 && got.h <= maxh &&
		    got.w <= widths[i])
			add_size(b, got);
	b->whole = b->readable = b->nsizes;
}

/* What a panel measured at a width, kept for the other arrangements. */
struct measured {
	int width, min, pref;
};

#define CACHE 16

struct cache {
	struct measured m[LAYOUT_PANELS_MAX][CACHE];
	int count[LAYOUT_PANELS_MAX];
};

static void measure(struct cache *c, const struct layout_panel *p, int i, int width,
                    int *min, int *pref)
{
	struct measured *m = c->m[i];

	for (int k = 0; k < c->count[i]; k++) {
		if (m[k].width == width) {
			*min = m[k].min;
			*pref = m[k].pref;
			return;
		}
	}
	p[i].measure(p[i].ctx, width, min, pref);
	if (*pref < *min)
		*pref = *min;
	/* The oldest goes when the cache is full. */
	if (c->count[i] == CACHE) {
		memmove(m, m + 1, (CACHE - 1) * sizeof *m);
		c->count[i]--;
	}
	m[c->count[i]++] = (struct measured){width, *min, *pref};
}

/* One way of laying the panels out: their rectangles and how well it serves. */
struct trial {
	struct layout_region score[1 + LAYOUT_PANELS_MAX];
	struct layout_rect at[LAYOUT_PANELS_MAX];
	struct layout_rect board;
};

/* Shares a column of width w from (y, x) among the panels placed in it. */
static void column(struct trial *t, struct cache *c, const struct layout_panel *p, int np,
                   const struct layout_arrangement *a, int col, int y, int x, int h,
                   int w, int above)
{
	struct layout_region r[1 + LAYOUT_PANELS_MAX];
	int idx[1 + LAYOUT_PANELS_MAX], k = 0;

	/* What stands above the panels (the board, in column 0) is served first. */
	if (above > 0) {
		r[k] = (struct layout_region){
		        .min = above, .pref = above, .prio = INT_MIN};
		idx[k++] = -1;
	}
	for (int i = 0; i < np; i++) {
		int mn, pf;

		if (!p[i].present || a->column[i] != col)
			continue;
		if (w < p[i].min_w) {
			/* Too narrow: never shown here. */
			mn = pf = h + 1;
		} else {
			measure(c, p, i, w, &mn, &pf);
		}
		r[k] = (struct layout_region){
		        .min = mn, .pref = pf, .prio = p[i].prio, .gap = p[i].gap};
		idx[k++] = i;
	}
	layout_share(r, k, y, h);
	for (int j = 0; j < k; j++) {
		if (idx[j] < 0)
			continue;
		t->score[1 + idx[j]] = r[j];
		if (w < p[idx[j]].pref_w)
			t->score[1 + idx[j]].narrow = p[idx[j]].pref_w - w;
		if (r[j].shown)
			t->at[idx[j]] = (struct layout_rect){r[j].at, x, r[j].size, w};
	}
}

static void try_one(struct trial *t, struct cache *c, const struct layout_board *b,
                    const struct layout_panel *p, int np,
                    const struct layout_arrangement *a, int s, struct layout_rect area,
                    int gap)
{
	struct layout_region cols[3];
	int bh = b->sizes[s].h, bw = b->sizes[s].w, used[3] = {0}, beside = 0;

	memset(t, 0, sizeof *t);
	t->board = (struct layout_rect){area.y, area.x, bh, bw};
	t->score[0] = (struct layout_region){
	        .min = b->sizes[b->whole < b->nsizes ? b->whole : b->nsizes - 1].h,
	        .pref = b->sizes[b->readable < b->nsizes ? b->readable : b->nsizes - 1].h,
	        .prio = b->prio,
	        .grow = 1,
	        /* Where no size shows it whole, every one that scrolls counts as shown.
	         */
	        .shown = s >= b->whole || b->whole == b->nsizes,
	        .size = bh,
	};
	/* Narrower than readable counts against it as a panel too narrow does. */
	if (s < b->readable && b->readable < b->nsizes && b->sizes[b->readable].w > bw)
		t->score[0].narrow = b->sizes[b->readable].w - bw;
	for (int i = 0; i < np; i++)
		t->score[1 + i] = (struct layout_region){.prio = p[i].prio};
	/* The columns beside the board, across: the last takes what is left. */
	for (int col = 1; col <= 3; col++) {
		struct layout_region *g = &cols[col - 1];

		*g = (struct layout_region){.min = -1, .prio = INT_MAX, .gap = gap};
		for (int i = 0; i < np; i++) {
			if (!p[i].present || a->column[i] != col)
				continue;
			used[col - 1] = 1;
			if (p[i].min_w > g->min)
				g->min = p[i].min_w;
			if (p[i].pref_w > g->pref)
				g->pref = p[i].pref_w;
			if (p[i].prio < g->prio)
				g->prio = p[i].prio;
		}
	}
	for (int col = 3; col >= 1; col--) {
		if (used[col - 1]) {
			cols[col - 1].grow = 1;
			break;
		}
	}
	layout_share(cols, 3, area.x + bw + gap, area.w - bw - gap);
	for (int col = 1; col <= 3; col++) {
		const struct layout_region *g = &cols[col - 1];

		if (!used[col - 1] || !g->shown)
			continue;
		beside = 1;
		column(t, c, p, np, a, col, area.y, g->at, area.h, g->size, 0);
	}
	column(t, c, p, np, a, 0, area.y, area.x, area.h, beside ? bw : area.w, bh);
}

int layout_board(struct layout_board *b, struct layout_panel *p, int np,
                 const struct layout_arrangement *arr, int narr, struct layout_rect area,
                 int gap)
{
	struct cache c;
	struct trial best, t;
	int best_a = -1, best_s = -1;

	memset(&c, 0, sizeof c);
	if (np > LAYOUT_PANELS_MAX)
		np = LAYOUT_PANELS_MAX;
	if (b->nsizes > LAYOUT_SIZES_MAX)
		b->nsizes = LAYOUT_SIZES_MAX;
	for (int i = 0; i < np; i++)
		p[i].shown = false;
	for (int a = 0; a < narr; a++) {
		for (int s = 0; s < b->nsizes; s++) {
			int cmp;

			if (b->sizes[s].h > area.h || b->sizes[s].w > area.w ||
			    b->sizes[s].h < 1 || b->sizes[s].w < 1)
				continue;
			try_one(&t, &c, b, p, np, &arr[a], s, area, gap);
			cmp = best_a < 0 ? -1
			                 : layout_compare(t.score, best.score, 1 + np);
			/* Equal: the wider board, else the arrangement listed first. */
			if (cmp < 0 || (cmp == 0 && t.board.w > best.board.w)) {
				best = t;
				best_a = a;
				best_s = s;
			}
		}
	}
	if (best_a < 0)
		return -1;
	b->size = best_s;
	b->at = best.board;
	for (int i = 0; i < np; i++) {
		p[i].shown = best.score[1 + i].shown;
		p[i].at = best.at[i];
	}
	return best_a;
}
