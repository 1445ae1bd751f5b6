/* The Watch screen's drawing: the board and its panels, laid out by priority. */
#include "config.h"

#include "tui/watch_view.h"

#include <curses.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board.h"
#include "tui/boardview.h"
#include "tui/input.h"
#include "tui/keymap.h"
#include "tui/layout.h"
#include "tui/text.h"
#include "tui/prompt.h"
#include "tui/theme.h"
#include "tui/watch_model.h"

/*
 * The square a board too large to show scrolls to: the last event's, or
 * for a call its file (the rank stays); else the one followed before.
 */
static struct square follow_square(const struct watch_model *w, struct square before)
{
	const struct search_event *ev = search_last(w->s);
	struct square sq;

	if (watch_model_event_square(w, &sq))
		return sq;
	if (ev->kind == SEARCH_EV_ENTER || ev->kind == SEARCH_EV_RETURN)
		return (struct square){ev->file, before.rank};
	return before;
}

/* Marks the squares: queens, and what the last event did. */
_Static_assert(CELLS_MAX_N <= BOARDVIEW_EVENT_MAX_N,
               "boardview marks the boards Watch draws");

static void fill_cells(const struct watch_model *w, uint16_t *cells)
{
	const struct search_event *ev = search_last(w->s);
	const int *ranks = search_ranks(w->s);
	int n = w->n;

	if (n > CELLS_MAX_N)
		return;
	memset(cells, 0, (size_t)n * (size_t)n * sizeof *cells);
	for (int f = 0; f < n; f++)
		if (ranks[f] >= 0)
			cells[f * n + ranks[f]] |= BV_QUEEN;
	/* The tree searches never move the given queens: show them fixed. */
	for (int f = 0; w->given && w->algo != SEARCH_REPAIR && f < n; f++)
		if (w->given[f] >= 0)
			cells[f * n + w->given[f]] |= BV_LOCKED;
	boardview_mark_event(cells, n, ev);
}

/*
 * The progress line's words, into line: its length, and where the bar goes
 * in a window cols wide (*bar 0 when it has no room for one).
 */
static int progress_text(const struct watch_model *w, int cols, char *line, size_t len,
                         char *pct, size_t pctlen, int *bar)
{
	const struct search_counters *c = search_counters(w->s);
	const char *state = w->playing          ? "playing"
	                    : search_done(w->s) ? "done"
	                                        : "paused";
	char of[32] = "";
	int at;

	pct[0] = '\0';
	if (w->total) {
		snprintf(of, sizeof of, " of %" PRIu64, w->total);
		snprintf(pct, pctlen, "%3d%%", (int)(c->events * 100 / w->total));
	}
	at = snprintf(line, len, " %s  speed %d/s  event %" PRIu64 "%s", state,
	              watch_speeds[w->speed], c->events, of);
	/* The same figures in fewer words for a narrow window. */
	if (at + text_width(pct) + 1 > cols)
		at = snprintf(line, len, " %s  %d/s  %" PRIu64 "%s", state,
		              watch_speeds[w->speed], c->events, of);
	/* The bar takes the width the figures leave, up to half the window. */
	*bar = cols - at - 8;
	if (*bar > cols / 2)
		*bar = cols / 2;
	if (!w->total || *bar < 5)
		*bar = 0;
	return at;
}

bool watch_view_bar_hit(const struct watch_model *w, struct layout_rect r, int line,
                        int col, uint64_t *k)
{
	char text[160], pct[8];
	int bar, x = r.x +
	             progress_text(w, r.w, text, sizeof text, pct, sizeof pct, &bar) + 2;

	if (bar == 0 || line != r.y + 1 || col < x || col >= x + bar)
		return false;
	/* The first cell is the start and the last the end. */
	if (col == x)
		*k = 0;
	else if (col == x + bar - 1)
		*k = w->total;
	else
		*k = (uint64_t)((col - x + 0.5) * (double)w->total / bar);
	return true;
}

static void draw_progress(const struct watch_model *w, struct layout_rect r)
{
	char line[160], pct[8];
	int bar, len = progress_text(w, r.w, line, sizeof line, pct, sizeof pct, &bar),
	         y = r.y + 1, x = r.x;

	text_put_in(y, x, r.w, A_NORMAL, line);
	if (!w->total)
		return;
	if (bar == 0) {
		text_put_in(y, x + len + 1, r.w - len - 1, A_NORMAL, pct);
		return;
	}
	int fill = (int)((double)search_counters(w->s)->events * bar / (double)w->total);

	attrset(theme_attr(THEME_TRY));
	mvhline(y, x + len + 2, ' ', fill);
	attrset(theme_attr(THEME_DIMMED));
	mvhline(y, x + len + 2 + fill, theme_is_ascii() ? '.' : ACS_HLINE, bar - fill);
	attrset(A_NORMAL);
	text_put_in(y, x + len + 3 + bar, r.w - (len + 3 + bar), A_NORMAL, pct);
}

/*
 * The breakpoints set, right of the title when any is: in as many words as
 * the line has room for after the title's cols columns.
 */
static void draw_breaks(const struct watch_model *w, struct layout_rect r, int cols)
{
	static const char *const heads[] = {"Breakpoints:", "Breaks:", "Break:"};
	char text[128], name[16] = "";

	if (!watch_model_breaks_set(w))
		return;
	if (w->break_square.file >= 0)
		board_square_name(w->break_square, name, sizeof name);
	for (int form = 0; form < 3; form++) {
		size_t at = (size_t)snprintf(text, sizeof text, "%s", heads[form]);
		const char *sep = " ";

		if (w->break_solution) {
			at += (size_t)snprintf(text + at, sizeof text - at, "%s%s", sep,
			                       form == 0   ? "a solution"
			                       : form == 1 ? "solution"
			                                   : "s");
			sep = form < 2 ? ", " : " ";
		}
		if (name[0]) {
			at += (size_t)snprintf(text + at, sizeof text - at, "%s%s%s", sep,
			                       name, form == 0 ? " tried" : "");
			sep = form < 2 ? ", " : " ";
		}
		if (w->break_depth > 0)
			snprintf(text + at, sizeof text - at, "%s%s%d", sep,
			         form < 2 ? "depth " : "", w->break_depth);
		if (cols + 2 + text_width(text) <= r.w || form == 2)
			break;
	}
	if (cols + 2 + text_width(text) <= r.w)
		text_put_in(r.y, r.x + r.w - text_width(text), text_width(text),
		            theme_attr(THEME_KEY), text);
}

#define ARRANGEMENTS_MAX 128

/*
 * The arrangements, each with the narration under the board or in one of
 * the columns it has beside it.
 */
static int arrangements_mine(const struct layout_arrangement *base, int nbase,
                             struct layout_arrangement *out)
{
	int k = 0;

	for (int a = 0; a < nbase; a++) {
		for (int col = 0; col <= 3 && k < ARRANGEMENTS_MAX; col++) {
			bool used = col == 0;

			for (int i = 0; i < PANEL_NARRATE; i++)
				used |= base[a].column[i] == col;
			if (!used)
				continue;
			out[k] = base[a];
			out[k].column[PANEL_NARRATE] = (signed char)col;
			k++;
		}
	}
	return k;
}

/*
 * Predict mode's question goes beside the board, in the first column of
 * the panels, or under it: each arrangement in both ways.
 */
static int arrangements_quiz(struct layout_arrangement *arr, int narr)
{
	int k = narr;

	for (int a = 0; a < narr; a++) {
		bool beside = false;

		for (int i = 0; i < PANEL_QUIZ; i++)
			beside |= arr[a].column[i] == 1;
		arr[a].column[PANEL_QUIZ] = 0;
		if (beside && k < ARRANGEMENTS_MAX) {
			arr[k] = arr[a];
			arr[k++].column[PANEL_QUIZ] = 1;
		}
	}
	return k;
}

/*
 * The question first in its column: right under the board, or at the top
 * beside it; the panels it was under move down by its lines, in their
 * order, with the same blank lines between them.
 */
static void quiz_first(struct layout_panel *p)
{
	int order[PANELS], count = 0, gaps[PANELS], y;
	struct layout_rect *q = &p[PANEL_QUIZ].at;

	if (!p[PANEL_QUIZ].shown)
		return;
	for (int i = 0; i < PANELS; i++)
		if (p[i].shown && p[i].at.x == q->x && p[i].at.y <= q->y)
			order[count++] = i;
	/* In the order they stand, top down; the quiz is the last of them. */
	for (int i = 1; i < count; i++)
		for (int j = i; j > 0 && p[order[j - 1]].at.y > p[order[j]].at.y; j--) {
			int t = order[j];

			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	for (int i = 1; i < count; i++)
		gaps[i] =
		        p[order[i]].at.y - (p[order[i - 1]].at.y + p[order[i - 1]].at.h);
	y = p[order[0]].at.y;
	q->y = y;
	y += q->h;
	for (int i = 0; i < count - 1; i++) {
		y += gaps[i + 1];
		p[order[i]].at.y = y;
		y += p[order[i]].at.h;
	}
}

/* "Last:" and the event when the narration is not shown, the message, a prompt. */
static void draw_footer(const struct watch_model *w, struct layout_rect r, bool last,
                        const struct prompt *prompt, bool depth)
{
	char said[512], question[80];

	/* In the listing's names: "enter solve(1)" beside a program. */
	search_describe_as(w->s,
	                   &(struct search_words){.numbered = watch_model_code_shown(w)},
	                   said, sizeof said);
	/* A long solution is cut where it shows, not silently. */
	text_cut(said, r.w - 6);
	if (last) {
		text_put_in(r.y + r.h - 2, r.x, r.w, A_NORMAL, "Last: ");
		text_put_in(r.y + r.h - 2, r.x + 6, r.w - 6, theme_attr(THEME_KEY),
		            said[0] ? said : "(nothing yet)");
	}
	if (w->message[0])
		text_message(r, w->message, A_NORMAL, 3);
	if (!prompt)
		return;
	if (depth)
		snprintf(question, sizeof question, "Run to the depth (1 to %d): ", w->n);
	else
		snprintf(question, sizeof question,
		         "Breakpoint (Enter: the square shown; c4, 3 or s): ");
	prompt_draw(prompt, r, question);
}

/* The board in a rectangle, for the layout. */
static int board_fit(void *ctx, int h, int w, struct layout_size *got)
{
	return boardview_fit(ctx, h, w, &got->h, &got->w);
}

/*
 * The sizes the board can be drawn at in the body, smallest first; a board
 * too large for squares is an overview, about twice as wide as tall.  It
 * reads well from squares two columns wide, and grows beyond that only
 * once every panel has what it wants.
 */
static void sizes_from(struct layout_board *b, const struct layout_size *least);

static void board_sizes(const struct watch_model *w, struct layout_board *b,
                        struct layout_rect area, struct boardview *bv)
{
	if (w->n <= CELLS_MAX_N) {
		bv->n = w->n;
		bv->show_cursor = false;
		bv->top = area.y;
		bv->left = area.x;
		layout_board_sizes(b, area.h, area.w, board_fit, bv);
		/*
		 * A question is answered on the board: squares of the renderer's
		 * smallest proper size (two lines a rank), never one line a rank,
		 * while one fits; the panels make do with less.
		 */
		if (w->asked) {
			struct layout_size least = {2 * w->n + 1, 0};

			for (int i = 0; i < b->nsizes; i++)
				if (b->sizes[i].h >= least.h) {
					sizes_from(b, &least);
					break;
				}
		}
		b->readable = b->nsizes;
		/*
		 * Predict mode answers on the board: squares of two columns at
		 * least.  The board is what the screen is about: it reads well
		 * once it takes half the body's height, whatever the panels want.
		 */
		int per = w->quiz.on ? 4 : 2;

		for (int i = b->whole; i < b->nsizes; i++) {
			if (b->sizes[i].w >= per * w->n + 1 &&
			    (b->sizes[i].h >= area.h / 2 || i == b->nsizes - 1)) {
				b->readable = i;
				break;
			}
		}
		return;
	}
	memset(b, 0, sizeof *b);
	for (int bw = 12;
	     bw <= area.w && bw <= 2 * area.h + 2 && b->nsizes < LAYOUT_SIZES_MAX;
	     bw += bw / 4) {
		b->sizes[b->nsizes].h = area.h;
		b->sizes[b->nsizes++].w = bw;
	}
	b->whole = b->readable = b->nsizes;
}

/*
 * A board too large for its squares: the overview, the queens under attack
 * in the conflict colour, and a line under it that gives the scale.
 */
static void draw_overview(const struct watch_model *w, struct layout_rect r)
{
	const int *ranks = search_ranks(w->s);
	bool *attacked = calloc((size_t)w->n, sizeof *attacked);
	struct position pos;
	struct boardview_overview ov = {
	        .n = w->n,
	        .ranks = ranks,
	        .top = r.y,
	        .left = r.x,
	        .width = r.w,
	        .height = r.h - 1,
	};
	int scale;

	/* The engine's conflict pairs name the queens under attack. */
	if (attacked && board_from_ranks(&pos, w->n, ranks) == 0) {
		size_t k = board_conflicts(&pos, NULL, 0);
		struct board_conflict *c = malloc((k ? k : 1) * sizeof *c);

		if (c) {
			board_conflicts(&pos, c, k);
			for (size_t i = 0; i < k; i++)
				attacked[c[i].a.file] = attacked[c[i].b.file] = true;
			free(c);
		}
		board_free(&pos);
	}
	ov.attacked = attacked;
	scale = boardview_overview_draw(&ov);
	free(attacked);
	/* An ASCII mark stands for a block of 2 by 4 dots' squares. */
	if (scale > 0) {
		bool ascii = theme_is_ascii();
		int sw = ascii ? 2 * scale : scale, sh = ascii ? 4 * scale : scale;
		char label[64];
		int y = r.y + ov.rows;

		if (snprintf(label, sizeof label, "a %s: %dx%d squares",
		             ascii ? "mark" : "dot", sw, sh) > r.w)
			snprintf(label, sizeof label, "%s: %dx%d", ascii ? "mark" : "dot",
			         sw, sh);
		text_cut(label, r.w);
		text_line(&y, r.x, r.w, theme_attr(THEME_DIMMED), "%s", label);
	}
}

/*
 * Where the panels may go (see layout_board): one column beside the board;
 * the stack or the counters under it; two columns, the counters and the
 * levels by the board and the listing and the stack beyond, or the other
 * way; everything under the board for a tall narrow window.
 */
static const struct layout_arrangement arrangements[] = {
        /* pseudo counters stack levels */
        {{2, 1, 2, 1}}, {{1, 1, 1, 1}}, {{1, 1, 0, 1}}, {{1, 0, 1, 1}}, {{1, 0, 0, 1}},
        {{1, 1, 0, 0}}, {{1, 0, 1, 0}}, {{2, 1, 0, 1}}, {{1, 2, 1, 2}}, {{1, 1, 2, 2}},
        {{1, 1, 1, 2}}, {{0, 1, 0, 1}}, {{0, 0, 0, 0}},
};

/* Leaves out the board's sizes smaller than least. */
static void sizes_from(struct layout_board *b, const struct layout_size *least)
{
	int k = 0, whole = -1, readable = -1;

	for (int i = 0; i < b->nsizes; i++) {
		if (b->sizes[i].h < least->h || b->sizes[i].w < least->w)
			continue;
		if (whole < 0 && i >= b->whole)
			whole = k;
		if (readable < 0 && i >= b->readable)
			readable = k;
		b->sizes[k++] = b->sizes[i];
	}
	b->nsizes = k;
	b->whole = whole < 0 ? k : whole;
	b->readable = readable < 0 ? k : readable;
}

/* How far a shown panel is from the lines and columns it wants. */
static int panel_deficit(const struct layout_panel *p)
{
	int min, pref;

	p->measure(p->ctx, p->at.w, &min, &pref);
	return (pref > p->at.h ? pref - p->at.h : 0) +
	       (p->pref_w > p->at.w ? p->pref_w - p->at.w : 0);
}

/* The lines of its own (its blank lines aside) that the shown listing lacks. */
static int listing_short(const struct watch_model *w, const struct layout_panel *p)
{
	int blank, want = 1 + watch_panels_listing_lines(w, p->at.w, &blank);

	want -= blank;
	return want > p->at.h ? want - p->at.h : 0;
}

/*
 * layout_board, then the pseudocode before the profile and the counts
 * where they come after it: while the pseudocode is cut short, the least
 * wanted of those is left out when that gives it lines and costs the board
 * and every other panel nothing (at 60x20 in predict mode, "Nodes per
 * level" took the lines that cut the listing to five).
 */
static int listing_first(const struct watch_model *w, struct layout_board *b,
                         struct layout_panel *p, const struct layout_arrangement *arr,
                         int narr, struct layout_rect area, int gap)
{
	int placed = layout_board(b, p, PANELS, arr, narr, area, gap);

	/* A program scrolls round its lit line; the pseudocode is short enough
	 * to be read whole. */
	while (placed >= 0 && !watch_model_code_shown(w) && p[PANEL_PSEUDO].shown &&
	       listing_short(w, &p[PANEL_PSEUDO])) {
		struct layout_panel q[PANELS];
		struct layout_board bb = *b;
		int drop = -1, alt;
		bool kept = true;

		for (int i = 0; i < PANELS; i++)
			if ((i == PANEL_COUNTERS || i == PANEL_LEVELS) && p[i].shown &&
			    p[i].prio > p[PANEL_PSEUDO].prio &&
			    (drop < 0 || p[i].prio > p[drop].prio))
				drop = i;
		if (drop < 0)
			break;
		memcpy(q, p, sizeof q);
		q[drop].present = false;
		alt = layout_board(&bb, q, PANELS, arr, narr, area, gap);
		for (int i = 0; alt >= 0 && i < PANELS; i++)
			if (i != drop && i != PANEL_PSEUDO && p[i].shown)
				kept &= q[i].shown &&
				        panel_deficit(&q[i]) <= panel_deficit(&p[i]);
		if (alt < 0 || !kept || !q[PANEL_PSEUDO].shown ||
		    listing_short(w, &q[PANEL_PSEUDO]) >=
		            listing_short(w, &p[PANEL_PSEUDO]) ||
		    bb.at.h * bb.at.w < b->at.h * b->at.w)
			break;
		memcpy(p, q, sizeof q);
		*b = bb;
		placed = alt;
	}
	return placed;
}

/*
 * Lays the board and the panels out in area; the listing counts as whole
 * when it fits beside the smallest board.  Returns as layout_board.
 */
static int lay_out(const struct watch_model *w, struct watch_panels *v,
                   struct boardview *bv, struct layout_board *b, struct layout_panel *p,
                   struct layout_rect area, const struct layout_size *least)
{
	struct layout_arrangement arr[ARRANGEMENTS_MAX];
	int blank, widest, narr;

	board_sizes(w, b, area, bv);
	if (least)
		sizes_from(b, least);
	/* Projector mode wants the board as large as the listing and the stack allow. */
	if (w->big && b->nsizes > 0)
		b->readable = b->nsizes - 1;
	widest = area.w - (b->nsizes ? b->sizes[0].w : 0) - 1;
	/* The pseudocode beside the program, when a board that reads well leaves room. */
	int both = watch_panels_both_width(w),
	    readable = b->nsizes ? b->sizes[b->readable < b->nsizes ? b->readable
	                                                            : b->nsizes - 1]
	                                   .w
	                         : 0;

	if (both && area.w >= readable + 2 + both)
		p[PANEL_PSEUDO].pref_w = both;
	v->pseudo_whole =
	        1 + watch_panels_listing_lines(w, widest, &blank) - blank <= area.h;
	narr = (int)(sizeof arrangements / sizeof *arrangements);
	if (p[PANEL_NARRATE].present)
		narr = arrangements_mine(arrangements, narr, arr);
	else
		memcpy(arr, arrangements, sizeof arrangements);
	if (p[PANEL_QUIZ].present)
		narr = arrangements_quiz(arr, narr);
	/* A narrow window spares a column between the board and the panels. */
	return listing_first(w, b, p, arr, narr, area, area.w < 80 ? 1 : 2);
}

/* How far the board is from the size that reads well. */
static int board_deficit(const struct layout_board *b)
{
	const struct layout_size *r =
	        &b->sizes[b->readable < b->nsizes ? b->readable : b->nsizes - 1];

	return (r->h > b->at.h ? r->h - b->at.h : 0) +
	       (r->w > b->at.w ? r->w - b->at.w : 0);
}

/*
 * Whether a layout with the narration serves the board and the other
 * panels as well as the one without it (base, its board deficit bd): it
 * comes after all of them, and takes only what is left once those have
 * what they want.
 */
static bool serves_as_well(const struct layout_board *b, const struct layout_panel *p,
                           int placed, const struct layout_panel *base, int bd)
{
	if (placed < 0 || !p[PANEL_NARRATE].shown || board_deficit(b) > bd)
		return false;
	for (int i = 0; i < PANELS; i++)
		if (i != PANEL_NARRATE && base[i].shown &&
		    (!p[i].shown || panel_deficit(&p[i]) > panel_deficit(&base[i])))
			return false;
	return true;
}

/*
 * The layout: first without the narration, then with it (taking the line
 * of "Last:" too) when that serves the rest as well and leaves the board
 * two thirds of its size at least.  Projector mode shows no narration, and
 * has the line of "Last:".
 */
static int lay_out_mine(const struct watch_model *w, struct watch_panels *v,
                        struct boardview *bv, struct layout_board *b,
                        struct layout_panel *p, struct layout_rect area)
{
	struct layout_panel base[PANELS];
	struct layout_board bb;
	struct layout_size least;
	bool whole;
	int placed, base_placed, bd;

	if (w->big) {
		/*
		 * The board shrinks before the stack is cut: every call shows
		 * where any size of the board leaves room for them all.  The
		 * line of "Last:" is the board's, unless a message takes it.
		 */
		if (!w->message[0])
			area.h++;
		v->stack_whole = true;
		placed = lay_out(w, v, bv, b, p, area, NULL);
		if (placed >= 0 && (p[PANEL_STACK].shown || !p[PANEL_STACK].present))
			return placed;
		v->stack_whole = false;
		return lay_out(w, v, bv, b, p, area, NULL);
	}
	p[PANEL_NARRATE].present = false;
	base_placed = lay_out(w, v, bv, b, p, area, NULL);
	if (base_placed < 0)
		return base_placed;
	memcpy(base, p, sizeof base);
	bb = *b;
	whole = v->pseudo_whole;
	bd = board_deficit(b);
	least = (struct layout_size){(2 * b->at.h) / 3, (2 * b->at.w) / 3};
	p[PANEL_NARRATE].present = true;
	area.h++;
	placed = lay_out(w, v, bv, b, p, area, &least);
	if (serves_as_well(b, p, placed, base, bd))
		return placed;
	memcpy(p, base, sizeof base);
	*b = bb;
	v->pseudo_whole = whole;
	return base_placed;
}

/* A narrow window titles the search in fewer words; the algorithm stays. */
static int draw_title(const struct watch_model *w, struct layout_rect r)
{
	const char *goal = !search_nodes(w->s)     ? "one solution"
	                   : w->goal == SEARCH_ALL ? "all solutions"
	                                           : "first solution";
	bool given = false;
	char title[160];

	for (int f = 0; w->given && f < w->n; f++)
		given |= w->given[f] >= 0;
	for (int form = 0; form < 4; form++) {
		snprintf(title, sizeof title, "%sWatch %dx%d, %s%s%s%s",
		         form == 0 ? "nqueens - " : "", w->n, w->n,
		         search_algo_name(w->algo), form < 3 ? ", " : "",
		         form < 3 ? goal : "",
		         given && form < 2 ? ", from the queens given" : "");
		if (text_width(title) <= r.w)
			break;
	}
	text_cut(title, r.w);
	text_put_in(r.y, r.x, r.w, theme_attr(THEME_TITLE), title);
	return text_width(title);
}

/* Predict mode's band under the body, the width of the window: the board above. */
static struct layout_rect quiz_band(const struct watch_model *w, struct layout_rect *area)
{
	int want = watch_quiz_lines(w, area->w);
	/* The body wants the rest, so that the blank line before the band comes too. */
	struct layout_region rg[2] = {
	        {.min = 6, .pref = area->h - want - 1, .prio = 1, .grow = 1},
	        {.min = 2, .pref = want, .prio = 0, .gap = 1},
	};

	if (rg[0].pref < rg[0].min)
		rg[0].pref = rg[0].min;
	layout_share(rg, 2, area->y, area->h);
	area->h = rg[0].size;
	return (struct layout_rect){rg[1].at, area->x, rg[1].size, area->w};
}

/* Where everything goes in r: the board, the panels, predict mode's band. */
struct place {
	struct watch_panels v;
	struct watch_narration told;
	struct layout_panel p[PANELS];
	struct boardview bv;
	struct layout_board b;
	struct layout_rect band;
	bool board; /* the board has a place: bv (or b.at, for an overview) */
};

/*
 * Whether predict mode's question beside the board (laid out in pl) costs
 * the listing and the board nothing against the band across the foot: the
 * listing as whole, the board as large.
 */
static bool quiz_beside(const struct watch_model *w, const struct place *pl,
                        struct layout_rect area)
{
	struct place foot = *pl;

	if (!pl->board || !pl->p[PANEL_QUIZ].shown)
		return false;
	quiz_band(w, &area);
	for (int i = 0; i < PANELS; i++)
		foot.p[i].ctx = &foot.v;
	foot.p[PANEL_QUIZ].present = false;
	if (lay_out_mine(w, &foot.v, &foot.bv, &foot.b, foot.p, area) < 0)
		return true;
	if (foot.p[PANEL_PSEUDO].shown &&
	    (!pl->p[PANEL_PSEUDO].shown ||
	     panel_deficit(&pl->p[PANEL_PSEUDO]) > panel_deficit(&foot.p[PANEL_PSEUDO])))
		return false;
	return pl->b.at.h * pl->b.at.w >= foot.b.at.h * foot.b.at.w;
}

/*
 * Predict mode's band, laid out across the foot, lifted to right under the
 * board when its column has the room: the panels under the board move
 * down by the question's lines and a blank one, the board and the listing
 * stay as the band left them.
 */
static void quiz_lift(const struct watch_model *w, struct place *pl,
                      struct layout_rect area)
{
	int under = pl->b.at.y + pl->b.at.h, top = area.y + area.h, bottom = under,
	    width = pl->b.at.w, lines, shift;

	/* A panel ends where its lines do, short of the lines it was given. */
	for (int i = 0; i < PANELS; i++) {
		const struct layout_rect *a = &pl->p[i].at;
		int min, pref;

		if (!pl->p[i].shown || a->x != pl->b.at.x || a->y < under)
			continue;
		pl->p[i].measure(pl->p[i].ctx, a->w, &min, &pref);
		pref = pref < a->h ? pref : a->h;
		bottom = a->y + pref > bottom ? a->y + pref : bottom;
		top = a->y < top ? a->y : top;
		width = a->w > width ? a->w : width;
	}
	top = top > under ? under + 1 : under;
	lines = watch_quiz_lines(w, width);
	shift = lines + 1;
	if (bottom + shift > area.y + area.h)
		return;
	for (int i = 0; i < PANELS; i++) {
		struct layout_rect *a = &pl->p[i].at;

		if (!pl->p[i].shown || a->x != pl->b.at.x || a->y < under)
			continue;
		a->y += shift;
		if (a->y + a->h > area.y + area.h)
			a->h = area.y + area.h - a->y;
	}
	pl->band = (struct layout_rect){top, pl->b.at.x, lines, width};
}

/*
 * Lays the model out in r, the board scrolled from where s has it (the
 * cells are the caller's, the layout measures the board without them).
 */
static void place(const struct watch_model *w, struct layout_rect r,
                  const struct watch_scroll *s, struct place *pl)
{
	struct layout_rect area = {r.y + 2, r.x, r.h - 4, r.w};

	pl->bv = (struct boardview){.first_file = s->first_file,
	                            .first_rank = s->first_rank,
	                            .cursor = s->at};
	watch_panels_make(&pl->v, &pl->told, w, pl->p);
	pl->board = lay_out_mine(w, &pl->v, &pl->bv, &pl->b, pl->p, area) >= 0;
	pl->band = (struct layout_rect){0, 0, 0, 0};
	if (w->quiz.on && !quiz_beside(w, pl, area)) {
		pl->band = quiz_band(w, &area);
		pl->p[PANEL_QUIZ].present = false;
		pl->board = lay_out_mine(w, &pl->v, &pl->bv, &pl->b, pl->p, area) >= 0;
		if (pl->board)
			quiz_lift(w, pl, area);
	}
	quiz_first(pl->p);
	if (pl->p[PANEL_QUIZ].shown)
		pl->band = pl->p[PANEL_QUIZ].at;
	/* After the layout, which sizes the board with no cursor. */
	watch_quiz_cursor(w, &pl->bv);
	if (!pl->board || w->n > CELLS_MAX_N)
		return;
	pl->bv.top = pl->b.at.y;
	pl->bv.left = pl->b.at.x;
	pl->bv.height = pl->b.at.h;
	pl->bv.width = pl->b.at.w;
	pl->board = boardview_layout(&pl->bv) == 0;
}

void watch_view_follow(const struct watch_model *w, struct layout_rect r,
                       struct watch_scroll *s)
{
	struct place pl;

	s->at = follow_square(w, s->at);
	place(w, r, s, &pl);
	if (pl.board && w->n <= CELLS_MAX_N) {
		s->first_file = pl.bv.first_file;
		s->first_rank = pl.bv.first_rank;
		s->at = pl.bv.cursor;
	}
}

void watch_view_draw(const struct watch_model *w, struct layout_rect r,
                     const struct watch_scroll *s, const struct prompt *prompt,
                     bool depth)
{
	uint16_t cells[CELLS_MAX_N * CELLS_MAX_N];
	struct place pl;

	draw_breaks(w, r, draw_title(w, r));
	draw_progress(w, r);
	place(w, r, s, &pl);
	if (pl.board && w->n > CELLS_MAX_N) {
		draw_overview(w, pl.b.at);
	} else if (pl.board) {
		fill_cells(w, cells);
		pl.bv.cells = cells;
		boardview_draw(&pl.bv);
	}
	watch_panels_draw(&pl.v, pl.p);
	if (pl.band.h > 0)
		watch_quiz_draw(w, pl.band);
	draw_footer(w, r, !w->big && !pl.p[PANEL_NARRATE].shown, prompt, depth);
}
