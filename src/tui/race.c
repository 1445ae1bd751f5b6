/* The race screen: algorithms side by side on one board size, stepped together. */
#include "config.h"

#include "tui/race.h"

#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board.h"
#include "tui/boardview.h"
#include "tui/input.h"
#include "tui/keymap.h"
#include "tui/layout.h"
#include "tui/race_model.h"
#include "tui/terminal.h"
#include "tui/text.h"
#include "tui/theme.h"

/* What the keys do. */
enum race_action {
	RACE_PLAY,
	RACE_STEP,
	RACE_FASTER,
	RACE_SLOWER,
	RACE_GOAL,
	RACE_END,
	RACE_RESTART,
	RACE_LEAVE,
};

static const struct keymap_row key_rows[] = {
        {RACE_PLAY, {KCHAR(' ')}, "run or pause", {{0, "Space run"}}},
        {RACE_STEP, {KEY(RIGHT), KCHAR('.')}, "one step: an event each", {{0, ". step"}}},
        {RACE_FASTER, {KCHAR('+'), KCHAR('=')}, "faster or slower", {{0, "+/- speed"}}},
        {RACE_SLOWER, {KCHAR('-')}, NULL, {}},
        {RACE_GOAL,
         {KCHAR('f')},
         "to the first solution or to every one, from the start",
         {{KEYMAP_MORE, "f first/all"}}},
        {RACE_END,
         {KEY(END), KCHAR('e')},
         "run every algorithm to its end",
         {{KEYMAP_MORE, "e end"}}},
        {RACE_RESTART,
         {KEY(HOME), KCHAR('r')},
         "back to the start",
         {{KEYMAP_MORE, "r restart"}}},
        {RACE_LEAVE, {KCHAR('q')}, "leave", {}},
};
static const struct keymap keys = KEYMAP(key_rows);

/* Above this n a board is drawn as an overview, and has no cells. */
#define RACE_CELLS_MAX BOARDVIEW_EVENT_MAX_N

/*
 * The counters of a panel, a line each.  No time while it runs: stepping a
 * few events a frame between draws, a search's time is mostly noise; the
 * end's chart has the time measured.
 */
#define COUNTERS 4
static const char *const counter_names[COUNTERS] = {"tested", "placed", "solutions",
                                                    "events"};

static void counter_value(const struct race_model *m, int i, int k, char *buf, size_t len)
{
	const struct search_counters *c = search_counters(race_model_search(m, i));
	const uint64_t v[COUNTERS] = {c->tested, c->placed, c->solutions, c->events};

	snprintf(buf, len, "%" PRIu64, v[k]);
}

/* The columns the counters take: the widest of "name value" over every panel. */
static int counters_width(const struct race_model *m)
{
	int w = 0;

	for (int i = 0; i < m->count; i++)
		for (int k = 0; k < COUNTERS; k++) {
			char v[32];
			int cw;

			counter_value(m, i, k, v, sizeof v);
			cw = (int)strlen(counter_names[k]) + 1 + text_width(v);
			if (cw > w)
				w = cw;
		}
	return w;
}

/*
 * The cells an overview of an n × n board takes in h lines and w columns,
 * as boardview_overview_draw draws it: braille cells of 2 by 4 dots, each
 * dot a block of the smallest side that fits.
 */
static void overview_size(int n, int *h, int *w)
{
	int scale = (n + 2 * *w - 1) / (2 * *w), tall = (n + 4 * *h - 1) / (4 * *h);

	if (tall > scale)
		scale = tall;
	*h = (n + 4 * scale - 1) / (4 * scale);
	*w = (n + 2 * scale - 1) / (2 * scale);
}

/* Where the counters go in a panel: under the board, beside it, or nowhere. */
enum counters_at { AT_BELOW, AT_BESIDE, AT_NONE };

/* Where everything goes. */
struct place {
	int cols, rows;
	enum counters_at at;
	bool boards;   /* the boards are drawn */
	bool overview; /* as overviews, too large for their squares */
	int sq;        /* the area of a square, in cells */
	struct layout_rect panel[RACE_MAX], board[RACE_MAX], counters[RACE_MAX];
	struct layout_rect status;
	/* Once the race is over: its end under the boards (or in their place). */
	bool has_end;
	struct layout_rect end;
	struct race_chart chart;
	bool verdict, note; /* the verdict, and the time with what it means */
	bool spaced;        /* a blank line between the end's parts */
};

/* Whether a is a better place than b: counters, whole boards, large squares, one row. */
static bool better(const struct place *a, const struct place *b, bool want_counters)
{
	bool ca = a->at != AT_NONE, cb = b->at != AT_NONE;

	if (want_counters && ca != cb)
		return ca;
	if (a->boards != b->boards)
		return a->boards;
	if (a->overview != b->overview)
		return !a->overview;
	if (a->sq != b->sq)
		return a->sq > b->sq;
	return a->rows < b->rows;
}

/*
 * Tries the panels in a grid of cols × rows in body, gx columns apart,
 * their counters at at; false when they do not fit.  The boards show
 * whole, with the largest squares their rectangles allow, or as overviews.
 */
static bool try_grid(const struct race_model *m, struct layout_rect body, int cols,
                     int rows, int gx, enum counters_at at, int cw, struct place *pl)
{
	int pw = (body.w - (cols - 1) * gx) / cols, ph = (body.h - (rows - 1)) / rows,
	    bh = ph - 1, bw = pw;
	struct boardview bv = {.n = m->n, .thin = true};

	/* A place of its own: what a grid does not set (the end) starts empty. */
	memset(pl, 0, sizeof *pl);
	if (pw < 8 || ph < 2)
		return false;
	if (at == AT_BELOW) {
		bh -= COUNTERS;
		if (pw < cw)
			return false;
	} else if (at == AT_BESIDE) {
		bw -= cw + 2;
		if (ph - 1 < COUNTERS)
			return false;
	}
	if (bh < 1 || bw < 4)
		return false;
	pl->cols = cols;
	pl->rows = rows;
	pl->at = at;
	bv.height = bh;
	bv.width = bw;
	pl->boards = true;
	pl->overview = m->n > RACE_CELLS_MAX || boardview_layout(&bv) < 0 ||
	               bv.files < m->n || bv.ranks < m->n;
	pl->sq = pl->overview ? 0 : bv.cw * bv.ch;
	if (!pl->overview)
		boardview_extent(&bv, &bh, &bw);
	else
		overview_size(m->n, &bh, &bw);
	/* Each panel's board and counters stand in the middle of its width. */
	int used = at == AT_BESIDE             ? bw + 2 + cw
	           : at == AT_BELOW && cw > bw ? cw
	                                       : bw,
	    shift = pw > used ? (pw - used) / 2 : 0;

	for (int i = 0; i < m->count; i++) {
		int y = body.y + (i / cols) * (ph + 1),
		    x = body.x + (i % cols) * (pw + gx) + shift;

		pl->panel[i] = (struct layout_rect){y, x, ph, pw - shift};
		pl->board[i] = (struct layout_rect){y + 1, x, bh, bw};
		pl->counters[i] = (struct layout_rect){0, 0, 0, 0};
		/* The counters as wide as their widest line: each figure near its name.
		 */
		if (at == AT_BELOW)
			pl->counters[i] = (struct layout_rect){
			        y + 1 + bh + (ph - 1 - bh > COUNTERS), x, COUNTERS, cw};
		else if (at == AT_BESIDE)
			pl->counters[i] =
			        (struct layout_rect){y + 1, x + bw + 2, COUNTERS, cw};
	}
	return true;
}

/*
 * The panels in the grid that serves them best in body, their counters
 * beside or under the boards while the race runs, and none once it is
 * over (the chart has them): false when none fits.
 */
static bool place_panels(const struct race_model *m, struct layout_rect body,
                         bool counters, struct place *pl)
{
	static const int grids[][2] = {{4, 1}, {3, 1}, {2, 1}, {2, 2},
	                               {1, 2}, {1, 3}, {1, 4}};
	int cw = counters_width(m);
	struct place best, tryit;
	bool found = false;

	for (size_t g = 0; g < sizeof grids / sizeof *grids; g++) {
		int cols = grids[g][0], rows = grids[g][1];

		if (cols * rows < m->count || (cols - 1) * rows >= m->count ||
		    cols * (rows - 1) >= m->count)
			continue;
		/* Two columns between panels, or one where that makes the squares larger.
		 */
		for (int at = counters ? AT_BELOW : AT_NONE; at <= AT_NONE; at++)
			for (int gx = body.w >= 80 ? 2 : 1; gx >= 1; gx--) {
				if (!try_grid(m, body, cols, rows, gx,
				              (enum counters_at)at, cw, &tryit))
					continue;
				if (!found || better(&tryit, &best, counters)) {
					best = tryit;
					found = true;
				}
			}
	}
	if (found) {
		best.status = pl->status;
		*pl = best;
	}
	return found;
}

/* The sentences of the end, a line of text each: what it says. */
enum end_text { END_WINNER, END_LESSON, END_VERDICT, END_NOTE, END_TEXTS };

static void end_text(const struct race_model *m, enum end_text t, char *buf, size_t len)
{
	if (t == END_WINNER)
		race_model_winner(m, buf, len);
	else if (t == END_LESSON)
		race_model_lesson(m, buf, len);
	else if (t == END_VERDICT)
		race_model_verdict(m, buf, len);
	else
		snprintf(buf, len, "%s.", race_time_means);
}

static int end_height(const struct race_model *m, enum end_text t, int w)
{
	char buf[640];

	end_text(m, t, buf, sizeof buf);
	return text_wrap_height(w, 0, buf);
}

/* The lines of the end: its first three parts alone, or all of it. */
static int end_lines(const struct race_model *m, int w, bool all)
{
	int h = end_height(m, END_WINNER, w) + m->count + 1 +
	        end_height(m, END_LESSON, w);

	if (all)
		h += end_height(m, END_VERDICT, w) + end_height(m, END_NOTE, w);
	return h;
}

/* The lowest line under the boards. */
static int boards_bottom(const struct race_model *m, const struct place *pl, int top)
{
	int bottom = top;

	for (int i = 0; i < m->count; i++)
		if (pl->board[i].y + pl->board[i].h > bottom)
			bottom = pl->board[i].y + pl->board[i].h;
	return bottom;
}

/*
 * The end of a race, in h lines of width w: the winner, the chart and what
 * it shows come first; then the verdict; then the time with what it means
 * (the chart has no time column without it).  False when the first three
 * do not fit.
 */
static bool place_end(const struct race_model *m, int w, int h, struct place *pl)
{
	int need = end_height(m, END_WINNER, w) + m->count + 1 +
	           end_height(m, END_LESSON, w);

	if (!race_model_chart(m, w, false, &pl->chart) || need > h)
		return false;
	pl->verdict = need + end_height(m, END_VERDICT, w) <= h;
	if (pl->verdict)
		need += end_height(m, END_VERDICT, w);
	pl->note = need + end_height(m, END_NOTE, w) <= h &&
	           race_model_chart(m, w, true, &pl->chart) &&
	           pl->chart.w[RACE_COL_TIME] > 0;
	if (!pl->note)
		race_model_chart(m, w, false, &pl->chart);
	else
		need += end_height(m, END_NOTE, w);
	/* Lines to spare: the parts apart, easier to tell at a glance. */
	pl->spaced = need + 2 + pl->verdict + pl->note <= h;
	return true;
}

/*
 * Lays the screen out in r: the title, the status line, the panels in the
 * grid that serves them best.  Once the race is over the boards stay as
 * they were, the end in the lines their counters had and under them; when
 * it does not fit there, the end takes the boards' place.
 */
static void place(const struct race_model *m, struct layout_rect r, struct place *pl)
{
	struct layout_rect body = {r.y + 2, r.x, r.h - 3, r.w};
	bool found;

	memset(pl, 0, sizeof *pl);
	pl->status = (struct layout_rect){r.y + 1, r.x, 1, r.w};
	found = place_panels(m, body, true, pl);
	if (!race_model_done(m))
		return;
	/* The boards as they were, the end under them (a blank line between where
	 * it fits). */
	if (found) {
		int bottom = boards_bottom(m, pl, body.y), h = body.y + body.h - bottom;

		for (int gap = 1; gap >= 0; gap--)
			if (place_end(m, r.w, h - gap, pl)) {
				for (int i = 0; i < m->count; i++)
					pl->counters[i].h = 0;
				pl->has_end = true;
				pl->end = (struct layout_rect){bottom + gap, r.x, h - gap,
				                               r.w};
				return;
			}
	}
	/* Else smaller boards, above the whole end or its first parts. */
	for (int all = 1; all >= 0; all--) {
		struct layout_rect above = body;

		above.h -= end_lines(m, r.w, all) + 1;
		/* Not as overviews where the race had squares: too small to read. */
		if (above.h < 3 || !place_panels(m, above, false, pl) || !pl->boards ||
		    (pl->overview && m->n <= RACE_CELLS_MAX))
			continue;
		int bottom = boards_bottom(m, pl, body.y),
		    h = body.y + body.h - bottom - 1;

		if (place_end(m, r.w, h, pl)) {
			pl->has_end = true;
			pl->end = (struct layout_rect){bottom + 1, r.x, h, r.w};
			return;
		}
	}
	/* Else the chart, which names each runner with its place, takes their place. */
	for (int i = 0; i < m->count; i++)
		pl->panel[i].w = 0;
	pl->boards = false;
	pl->has_end = place_end(m, r.w, body.h, pl);
	pl->end = body;
}

/*
 * Marks the squares of runner i's board: its queens, and what its last
 * event did; once the race is over, its last solution, lit (the tree
 * searches end on an empty board), or where it stopped when it found none.
 */
static void fill_cells(const struct race_model *m, int i, uint16_t *cells)
{
	const struct search *s = race_model_search(m, i);
	const struct search_event *ev = search_last(s);
	int n = m->n;
	bool over = race_model_done(m);
	const int *ranks = over ? race_final_ranks(m->race, i) : search_ranks(s);
	bool solved =
	        over ? search_counters(s)->solutions > 0 : ev->kind == SEARCH_EV_SOLUTION;

	memset(cells, 0, (size_t)n * (size_t)n * sizeof *cells);
	for (int f = 0; f < n; f++)
		if (ranks[f] >= 0)
			cells[f * n + ranks[f]] |= BV_QUEEN | (solved ? BV_SOLVED : 0);
	if (!over)
		boardview_mark_event(cells, n, ev);
}

static void draw_board(const struct race_model *m, int i, const struct place *pl)
{
	const struct search *s = race_model_search(m, i);
	struct layout_rect b = pl->board[i];
	const int *ranks =
	        race_model_done(m) ? race_final_ranks(m->race, i) : search_ranks(s);

	if (pl->overview) {
		struct boardview_overview ov = {
		        .n = m->n,
		        .ranks = ranks,
		        .top = b.y,
		        .left = b.x,
		        .height = b.h,
		        .width = b.w,
		};

		boardview_overview_draw(&ov);
		return;
	}
	uint16_t cells[RACE_CELLS_MAX * RACE_CELLS_MAX];
	struct boardview bv = {
	        .n = m->n,
	        .cells = cells,
	        .thin = true,
	        .top = b.y,
	        .left = b.x,
	        .height = b.h,
	        .width = b.w,
	};

	fill_cells(m, i, cells);
	if (boardview_layout(&bv) == 0)
		boardview_draw(&bv);
}

/* A panel: the algorithm's name and its place, its board, its counters. */
static void draw_panel(const struct race_model *m, int i, const struct place *pl)
{
	struct layout_rect p = pl->panel[i], c = pl->counters[i];
	const char *name = search_algo_name(m->algos[i]);
	enum theme_item role;
	const char *state = race_model_standing(m, i, &role);
	int nw = text_width(name);

	text_put_in(p.y, p.x, p.w, theme_attr(THEME_TITLE), name);
	/* Within the panel: the columns between panels keep it off the next name. */
	if (state[0] && nw + 1 + text_width(state) <= p.w)
		text_put_in(p.y, p.x + nw + 1, p.w - nw - 1, theme_role(role), state);
	if (pl->boards)
		draw_board(m, i, pl);
	if (c.h == 0)
		return;
	for (int k = 0; k < COUNTERS; k++) {
		char v[32];
		int vw;

		counter_value(m, i, k, v, sizeof v);
		vw = text_width(v);
		text_put_in(c.y + k, c.x, c.w, theme_attr(THEME_LABEL), counter_names[k]);
		text_put_in(c.y + k, c.x + c.w - vw, vw, A_NORMAL, v);
	}
}

/* The title in as many words as the width has room for. */
static void draw_title(const struct race_model *m, struct layout_rect r)
{
	bool all = m->goal == SEARCH_ALL;
	const char *forms[] = {
	        all ? "nqueens - Race %dx%d, to every solution"
	            : "nqueens - Race %dx%d, to the first solution",
	        all ? "Race %dx%d, to every solution"
	            : "Race %dx%d, to the first solution",
	        all ? "Race %dx%d, all" : "Race %dx%d, first",
	        "Race %dx%d",
	};
	char title[160];

	for (size_t form = 0; form < sizeof forms / sizeof *forms; form++) {
		snprintf(title, sizeof title, forms[form], m->n, m->n);
		if (text_width(title) <= r.w)
			break;
	}
	text_cut(title, r.w);
	text_put_in(r.y, r.x, r.w, theme_attr(THEME_TITLE), title);
}

/*
 * The state, the pacing and the speed; a message after them where it fits, else
 * over the foot of the screen, wrapped at words.
 */
static void draw_status(const struct race_model *m, struct layout_rect r,
                        struct layout_rect whole)
{
	const char *state = m->playing           ? "running"
	                    : race_model_done(m) ? "over"
	                                         : "paused";
	char speed[32], line[160];
	int w;

	race_model_speed_text(m, speed, sizeof speed);
	snprintf(line, sizeof line, "%s  in lockstep by events  %s", state, speed);
	text_put_in(r.y, r.x, r.w, A_NORMAL, line);
	if (!m->message[0])
		return;
	w = text_width(line);
	if (w + 2 + text_width(m->message) <= r.w)
		text_put_in(r.y, r.x + w + 2, r.w - w - 2, theme_attr(THEME_KEY),
		            m->message);
	else
		text_message(whole, m->message, theme_attr(THEME_KEY), 3);
}

/* One row of the chart: runner i's (-1: the head's) cells and bars from line y. */
static void draw_chart_row(const struct race_model *m, int i, const struct race_chart *c,
                           struct layout_rect e, int y)
{
	for (int col = 0; col < RACE_COLS; col++) {
		bool bar = col >= RACE_COL_TESTED && col <= RACE_COL_EVENTS;
		int x = e.x + c->x[col], w = c->w[col], fw = bar ? c->figure : w, len;
		char buf[64];

		if (w == 0)
			continue;
		if (i < 0) {
			snprintf(buf, sizeof buf, "%s",
			         race_model_col_head((enum race_col)col));
			/* A bar column's head over its figures, the bars under its tail.
			 */
			text_put_in(y, x, w, theme_attr(THEME_LABEL), buf);
			continue;
		}
		race_model_cell(m, i, (enum race_col)col, buf, sizeof buf);
		len = text_width(buf);
		if (col == RACE_COL_PLACE || col == RACE_COL_ALGO)
			text_put_in(y, x, w,
			            theme_role(race_model_cell_role(m, i,
			                                            (enum race_col)col)),
			            buf);
		else
			text_put_in(y, x + fw - len, len, A_NORMAL, buf);
		if (!bar)
			continue;
		int cells = race_model_bar(m, i, (enum race_bar)(col - RACE_COL_TESTED),
		                           c->bar);
		int attr = theme_role(race_model_bar_role(m, i));

		for (int k = 0; k < cells; k++)
			text_put_in(y, x + fw + 1 + k, 1, attr,
			            theme_is_ascii() ? "#" : "\xe2\x96\x88");
	}
}

/* The end of the race: the winner, the chart, what it shows, the verdict, the time. */
static void draw_end(const struct race_model *m, const struct place *pl)
{
	struct layout_rect e = pl->end;
	char said[640];
	int y = e.y, last = e.y + e.h;

	end_text(m, END_WINNER, said, sizeof said);
	text_wrap(&y, e.x, e.w, 0, theme_attr(THEME_TITLE), "%s", said);
	y += pl->spaced;
	for (int i = -1; i < m->count && y < last; i++)
		draw_chart_row(m, i, &pl->chart, e, y++);
	y += pl->spaced;
	end_text(m, END_LESSON, said, sizeof said);
	text_wrap(&y, e.x, e.w, 0, A_NORMAL, "%s", said);
	if (pl->verdict) {
		enum theme_item role = race_model_verdict(m, said, sizeof said);

		y += pl->spaced;
		text_wrap(&y, e.x, e.w, 0, theme_role(role), "%s", said);
	}
	if (pl->note) {
		y += pl->spaced;
		end_text(m, END_NOTE, said, sizeof said);
		text_wrap(&y, e.x, e.w, 0, theme_attr(THEME_DIMMED), "%s", said);
	}
}

/* The screen: the model. */
struct race_screen {
	struct race_model *m;
	uint64_t test_now; /* the tests' clock */
};

static void race_draw(const void *self, struct layout_rect r)
{
	const struct race_screen *v = self;
	const struct race_model *m = v->m;
	const char *hints[16];
	struct place pl;

	place(m, r, &pl);
	draw_title(m, r);
	for (int i = 0; i < m->count && pl.panel[i].w > 0; i++)
		draw_panel(m, i, &pl);
	if (pl.has_end)
		draw_end(m, &pl);
	/* Last: a long message goes over the foot of the panels. */
	draw_status(m, pl.status, r);
	text_keys(r, hints, keymap_hints(&keys, 0, hints, 16), "? help  q quit");
}

static enum screen_reply race_key(void *self, const struct input_event *ev,
                                  struct screen_open *open)
{
	struct race_model *m = ((struct race_screen *)self)->m;

	(void)open;
	m->message[0] = '\0';
	switch (keymap_action(&keys, ev)) {
	case RACE_PLAY:
		race_model_play(m);
		break;
	case RACE_STEP:
		race_model_step(m);
		break;
	case RACE_FASTER:
		race_model_speed(m, 1);
		break;
	case RACE_SLOWER:
		race_model_speed(m, -1);
		break;
	case RACE_GOAL:
		race_model_toggle_goal(m);
		break;
	case RACE_END:
		race_model_to_end(m);
		break;
	case RACE_RESTART:
		race_model_restart(m);
		break;
	case RACE_LEAVE:
		return SCREEN_CLOSE;
	default:
		break;
	}
	return SCREEN_STAY;
}

static long race_timer_ms(void *self)
{
	return race_model_timer_ms(((struct race_screen *)self)->m);
}

static void race_tick(void *self)
{
	race_model_tick(((struct race_screen *)self)->m);
	term_dirty();
}

static void race_min_size(const void *self, int *lines, int *cols)
{
	(void)self;
	/* Four 8x8 boards of thin squares side by side, their counters under them. */
	*lines = 16;
	*cols = 56;
}

static const struct keymap *race_keys(const void *self)
{
	(void)self;
	return &keys;
}

static void race_free_screen(void *self)
{
	struct race_screen *v = self;

	if (!v)
		return;
	race_model_free(v->m);
	free(v);
}

static const struct screen_ops race_ops = {
        .title = "Race",
        .free = race_free_screen,
        .draw = race_draw,
        .key = race_key,
        .timer_ms = race_timer_ms,
        .tick = race_tick,
        .min_size = race_min_size,
        .keys = race_keys,
};

/*
 * The tests' clock (NQUEENS_TEST_CLOCK): 10 ms a reading, so that each run
 * measured takes 10 ms and the times drawn are the same at every run.
 */
static uint64_t counted_clock(void *ctx)
{
	uint64_t *now = ctx;

	return *now += 10000000;
}

int race_open(struct screen *out, const struct screen_open *o,
              const struct screen_env *env, char *err, size_t errlen)
{
	char why[256];
	struct race_screen *v = calloc(1, sizeof *v);

	(void)env;
	if (v)
		v->m = race_model_new(o->race.n,
		                      o->race.algos ? o->race.algos : race_default_algos,
		                      o->race.algos ? o->race.nalgos : RACE_DEFAULT_COUNT,
		                      o->race.goal, term_now_ms, why, sizeof why);
	else
		snprintf(why, sizeof why, "out of memory");
	if (!v || !v->m) {
		free(v);
		snprintf(err, errlen, "Cannot race: %s.", why);
		return -1;
	}
	if (getenv("NQUEENS_TEST_CLOCK"))
		race_model_set_clock(v->m, counted_clock, &v->test_now);
	/* A lesson's speed: the fastest of the screen's speeds not above it. */
	if (o->race.speed > 0)
		for (v->m->speed = 0; v->m->speed + 1 < RACE_SPEEDS &&
		                      race_speeds[v->m->speed + 1] <= o->race.speed;)
			v->m->speed++;
	if (o->race.play)
		race_model_play(v->m);
	*out = (struct screen){&race_ops, v};
	return 0;
}
