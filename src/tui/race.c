/* The race screen: algorithms side by side on one board size, stepped together. */
#include "config.h"

#include "race_screen.h"

#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "boardview.h"
#include "input.h"
#include "keymap.h"
#include "layout.h"
#include "race_model.h"
#include "terminal.h"
#include "text.h"
#include "theme.h"

/* What the keys do. */
enum race_action {
	RACE_PLAY,
	RACE_STEP,
	RACE_FASTER,
	RACE_SLOWER,
	RACE_PACING,
	RACE_GOAL,
	RACE_END,
	RACE_RESTART,
	RACE_LEAVE,
};

static const struct keymap_row key_rows[] = {
        {RACE_PLAY, {KCHAR(' ')}, "run or pause", {{0, "Space run"}}},
        {RACE_STEP,
         {KEY(RIGHT), KCHAR('.')},
         "one step: an event each, or by equal time the same slice of time each",
         {{0, ". step"}}},
        {RACE_FASTER, {KCHAR('+'), KCHAR('=')}, "faster or slower", {{0, "+/- speed"}}},
        {RACE_SLOWER, {KCHAR('-')}, NULL, {}},
        {RACE_PACING,
         {KCHAR('p')},
         "pacing: in lockstep by events, or by equal time (the faster algorithm "
         "pulls ahead)",
         {{0, "p pacing"}}},
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

/* The counters of a panel, a line each. */
#define COUNTERS 5
static const char *const counter_names[COUNTERS] = {"tested", "placed", "solutions",
                                                    "events", "time"};

static void counter_value(const struct race_model *m, int i, int k, char *buf, size_t len)
{
	const struct search_counters *c = search_counters(race_model_search(m, i));
	const uint64_t v[COUNTERS - 1] = {c->tested, c->placed, c->solutions, c->events};

	if (k < COUNTERS - 1)
		snprintf(buf, len, "%" PRIu64, v[k]);
	else
		race_format_time(race_runner(m->race, i)->ns, buf, len);
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
	struct layout_rect status, table;
	bool has_table;
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
 * Lays the screen out in r: the title, the status line, the panels in the
 * grid that serves them best, and once the race is over the table under
 * them (the panels then without counters, which the table has).
 */
static void place_with(const struct race_model *m, struct layout_rect r, struct place *pl,
                       int table_gap)
{
	static const int grids[][2] = {{4, 1}, {3, 1}, {2, 1}, {2, 2},
	                               {1, 2}, {1, 3}, {1, 4}};
	struct layout_rect body = {r.y + 2, r.x, r.h - 3, r.w};
	bool done = race_model_done(m);
	int cw = counters_width(m);
	struct place best, tryit;
	bool found = false;

	memset(pl, 0, sizeof *pl);
	pl->status = (struct layout_rect){r.y + 1, r.x, 1, r.w};
	if (done) {
		char lines[RACE_MAX + 1][RACE_TABLE_LINE], said[640];
		int tw = race_model_table(m, r.w, lines);
		int th;

		race_model_verdict(m, said, sizeof said);
		th = m->count + 1 + text_wrap_height(r.w, 0, said);

		if (tw > 0 && th <= body.h) {
			pl->has_table = true;
			pl->table = (struct layout_rect){0, r.x, th, r.w};
			body.h -= th + table_gap;
		}
	}
	for (size_t g = 0; g < sizeof grids / sizeof *grids; g++) {
		int cols = grids[g][0], rows = grids[g][1];

		if (cols * rows < m->count || (cols - 1) * rows >= m->count ||
		    cols * (rows - 1) >= m->count)
			continue;
		/* Two columns between panels, or one where that makes the squares larger.
		 */
		for (int at = done ? AT_NONE : AT_BELOW; at <= AT_NONE; at++)
			for (int gx = body.w >= 80 ? 2 : 1; gx >= 1; gx--) {
				if (!try_grid(m, body, cols, rows, gx,
				              (enum counters_at)at, cw, &tryit))
					continue;
				if (!found || better(&tryit, &best, !done)) {
					best = tryit;
					found = true;
				}
			}
	}
	if (found) {
		best.status = pl->status;
		best.table = pl->table;
		best.has_table = pl->has_table;
		*pl = best;
	}
	/* Once over, the boards of a small window give way to the table. */
	if (found && done && pl->overview)
		pl->boards = false;
	if (pl->has_table) {
		int bottom = body.y;

		for (int i = 0; found && i < m->count; i++) {
			int end = pl->boards ? pl->board[i].y + pl->board[i].h
			                     : pl->panel[i].y + 1;

			if (end > bottom)
				bottom = end;
		}
		pl->table.y = bottom + table_gap;
	}
}

/* The table a blank line under the boards, or right under them when that shows them. */
static void place(const struct race_model *m, struct layout_rect r, struct place *pl)
{
	place_with(m, r, pl, 1);
	if (pl->has_table && !pl->boards)
		place_with(m, r, pl, 0);
}

/* Marks the squares of runner i's board: its queens, and what its last event did. */
static void fill_cells(const struct search *s, int n, uint16_t *cells)
{
	const struct search_event *ev = search_last(s);
	const int *ranks = search_ranks(s);

	memset(cells, 0, (size_t)n * (size_t)n * sizeof *cells);
	for (int f = 0; f < n; f++)
		if (ranks[f] >= 0)
			cells[f * n + ranks[f]] |=
			        BV_QUEEN |
			        (ev->kind == SEARCH_EV_SOLUTION ? BV_SOLVED : 0);
	boardview_mark_event(cells, n, ev);
}

static void draw_board(const struct race_model *m, int i, const struct place *pl)
{
	const struct search *s = race_model_search(m, i);
	struct layout_rect b = pl->board[i];

	if (pl->overview) {
		struct boardview_overview ov = {
		        .n = m->n,
		        .ranks = search_ranks(s),
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

	fill_cells(s, m->n, cells);
	if (boardview_layout(&bv) == 0)
		boardview_draw(&bv);
}

/* A panel: the algorithm's name and its place, its board, its counters. */
static void draw_panel(const struct race_model *m, int i, const struct place *pl)
{
	struct layout_rect p = pl->panel[i], c = pl->counters[i];
	const char *name = search_algo_name(m->algos[i]);
	const char *state = race_model_place(m, i);
	int nw = text_width(name);

	text_put_in(p.y, p.x, p.w, theme_attr(THEME_TITLE), name);
	if (!state[0] && search_done(race_model_search(m, i)))
		state = "done";
	/* A column spare at the end, so that it never runs into the next panel's name. */
	if (state[0] && nw + 1 + text_width(state) < p.w)
		text_put_in(p.y, p.x + nw + 1, p.w - nw - 1,
		            strcmp(state, "1st") == 0 ? theme_attr(THEME_GOOD)
		                                      : (int)A_NORMAL,
		            state);
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
 * The state, pacing and speed; a message after them where it fits, else
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

	race_model_speed_text(m, theme_is_ascii(), speed, sizeof speed);
	snprintf(line, sizeof line, "%s  %s  %s", state,
	         race_model_pacing_name(m->pacing), speed);
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

static void draw_table(const struct race_model *m, const struct place *pl)
{
	char lines[RACE_MAX + 1][RACE_TABLE_LINE], said[640];
	struct layout_rect t = pl->table;
	bool agree;
	int y;

	race_model_table(m, t.w, lines);
	text_put_in(t.y, t.x, t.w, theme_attr(THEME_LABEL), lines[0]);
	for (int i = 0; i < m->count; i++)
		text_put_in(t.y + 1 + i, t.x, t.w, A_NORMAL, lines[1 + i]);
	agree = race_model_verdict(m, said, sizeof said);
	y = t.y + 1 + m->count;
	text_wrap(&y, t.x, t.w, 0, theme_attr(agree ? THEME_GOOD : THEME_BAD), "%s",
	          said);
}

/* The screen: the model. */
struct race_screen {
	struct race_model *m;
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
	if (pl.has_table)
		draw_table(m, &pl);
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
	case RACE_PACING:
		race_model_toggle_pacing(m);
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
 * The tests' clock (NQUEENS_TEST_CLOCK): a microsecond an event, so that
 * the times drawn are the same at every run.
 */
static uint64_t counted_clock(void *ctx)
{
	const struct race_model *m = ctx;
	uint64_t t = 0;

	for (int i = 0; i < m->count; i++)
		t += search_counters(race_model_search(m, i))->events * 1000;
	return t;
}

int race_open(struct screen *out, const struct screen_open *o,
              const struct screen_env *env, char *err, size_t errlen)
{
	char why[256];
	struct race_screen *v = calloc(1, sizeof *v);

	(void)env;
	if (v)
		v->m = race_model_new(o->n, o->algos ? o->algos : race_default_algos,
		                      o->algos ? o->nalgos : RACE_DEFAULT_COUNT, o->goal,
		                      term_now_ms, why, sizeof why);
	else
		snprintf(why, sizeof why, "out of memory");
	if (!v || !v->m) {
		free(v);
		snprintf(err, errlen, "Cannot race: %s.", why);
		return -1;
	}
	if (getenv("NQUEENS_TEST_CLOCK"))
		race_model_set_clock(v->m, counted_clock, v->m);
	/* A lesson's speed: the fastest of the screen's speeds not above it. */
	if (o->speed > 0)
		for (v->m->speed = 0; v->m->speed + 1 < RACE_SPEEDS &&
		                      race_speeds[v->m->speed + 1] <= o->speed;)
			v->m->speed++;
	if (o->play)
		race_model_play(v->m);
	*out = (struct screen){&race_ops, v};
	return 0;
}
