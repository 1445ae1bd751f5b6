/* Watch it reasoned: a regions puzzle solved deduction by deduction, then by the plain
 * backtracking search, on the regions board with the counters of both side by side. */
#include "config.h"

#include "tui/watch_regions.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board.h"
#include "engine/regions.h"
#include "tui/boardview.h"
#include "tui/input.h"
#include "tui/keymap.h"
#include "tui/layout.h"
#include "tui/terminal.h"
#include "tui/text.h"
#include "tui/theme.h"
#include "tui/watch_regions_model.h"

/* The panel beside the board: its width at least (the counters' table) and at most. */
#define PANEL_MIN_W 32
#define PANEL_MAX_W 48

struct watch_regions {
	struct watch_regions_model m;
	uint8_t region[REGIONS_MAX_N * REGIONS_MAX_N]; /* file * n + rank, for the view */
	/* Each region's colour, and whether each has its own (else named by letter). */
	uint8_t colour[REGIONS_MAX_N];
	bool own_colours;
};

enum wr_action {
	WR_PLAY,
	WR_FORWARD,
	WR_BACK,
	WR_END,
	WR_START,
	WR_FASTER,
	WR_SLOWER,
	WR_SWITCH,
	WR_LEAVE,
};

static const struct keymap_row key_rows[] = {
        {WR_PLAY,
         {KCHAR(' ')},
         "play or pause",
         {{0, "Space play"}, KEYMAP_GROUP("Stepping")}},
        {WR_FORWARD,
         {KEY(RIGHT), KCHAR('.')},
         "one step forward (past the reasoning's end, the search)",
         {{0, "Left/Right step"}}},
        {WR_BACK, {KEY(LEFT), KCHAR(',')}, "one step back", {}},
        {WR_FORWARD, {KMOUSE(WHEEL_DOWN)}, "one step back or forward", {}},
        {WR_BACK, {KMOUSE(WHEEL_UP)}, NULL, {}},
        {WR_END,
         {KEY(END), KCHAR('e')},
         "to the end of the phase shown",
         {{KEYMAP_MORE, "e end"}}},
        {WR_START,
         {KEY(HOME), KCHAR('r')},
         "back to the start",
         {{KEYMAP_MORE, "r restart"}}},
        {WR_FASTER,
         {KCHAR('+'), KCHAR('=')},
         "faster or slower, 1 to 1000000 steps a second",
         {{0, "+/- speed"}, KEYMAP_GROUP("The phases")}},
        {WR_SLOWER, {KCHAR('-')}, NULL, {}},
        {WR_SWITCH,
         {KEY(TAB), KCHAR('s')},
         "the reasoning or the search, each where it was left",
         {{0, "Tab search/reasoning"}}},
        {WR_LEAVE, {KCHAR('q')}, "leave", {KEYMAP_GROUP("Leaving")}},
};
static const struct keymap keys = KEYMAP(key_rows);

/* Where the parts go: the board, and the panel beside it or under it. */
struct place {
	struct boardview bv;
	struct layout_rect panel;
};

static bool place_in(const struct watch_regions *s, struct layout_rect r,
                     struct layout_rect area, struct place *pl)
{
	int n = s->m.board.n, gap = r.w <= 60 ? 1 : 2, pw = PANEL_MIN_W, bh, bw, shift;

	pl->bv = (struct boardview){.n = n,
	                            .top = area.y,
	                            .left = area.x,
	                            .height = area.h,
	                            .width = area.w - pw - gap,
	                            .region = s->region};
	/* Beside, when the board shows whole there; else the panel under it. */
	if (pl->bv.width > 0 && boardview_layout(&pl->bv) == 0 && pl->bv.files == n &&
	    pl->bv.ranks == n) {
		boardview_extent(&pl->bv, &bh, &bw);
		pw = area.w - bw - gap < PANEL_MAX_W ? area.w - bw - gap : PANEL_MAX_W;
		shift = (area.w - (bw + gap + pw)) / 2;
		pl->bv.left += shift > 0 ? shift : 0;
		pl->bv.width = bw;
		boardview_layout(&pl->bv);
		pl->panel =
		        (struct layout_rect){area.y, pl->bv.left + bw + gap, area.h, pw};
		return true;
	}
	pl->bv.width = area.w;
	pl->bv.height = area.h - 4;
	if (pl->bv.height < 2 || boardview_layout(&pl->bv) < 0)
		return false;
	boardview_extent(&pl->bv, &bh, &bw);
	shift = (area.w - bw) / 2;
	pl->bv.left += shift > 0 ? shift : 0;
	pl->bv.width = bw;
	pl->bv.height = bh;
	boardview_layout(&pl->bv);
	pl->panel = (struct layout_rect){area.y + bh, area.x, area.h - bh, area.w};
	return true;
}

/* The board and its panel under the title, over the message and key lines. */
static bool place(const struct watch_regions *s, struct layout_rect r, struct place *pl)
{
	struct layout_rect area = {r.y + 1, r.x, r.h - 3, r.w};

	return place_in(s, r, area, pl);
}

static void draw_title(const struct watch_regions *s, struct layout_rect r)
{
	const struct regions_board *b = &s->m.board;
	char title[300];

	if (b->title[0])
		snprintf(title, sizeof title, "nqueens - Watch it reasoned: %s",
		         b->title);
	else
		snprintf(title, sizeof title,
		         "nqueens - Watch it reasoned: %dx%d queens with regions", b->n,
		         b->n);
	if (text_width(title) > r.w)
		snprintf(title, sizeof title, "Watch it reasoned, %dx%d", b->n, b->n);
	text_cut(title, r.w);
	text_put_in(r.y, r.x, r.w, theme_attr(THEME_TITLE), title);
}

/* The panel's lines as far as they fit; the words wrap, the table's lines are cut. */
static void draw_panel(const struct watch_regions_model *m, struct layout_rect pr)
{
	struct wr_panel p;
	int y = pr.y, last = pr.y + pr.h;

	watch_regions_model_panel(m, &p);
	for (int i = 0; i < p.count && y < last; i++) {
		char line[sizeof p.line[i].text];

		if (p.line[i].gap && y > pr.y)
			y++;
		if (p.line[i].wrap) {
			if (y + text_wrap_height(pr.w, 0, p.line[i].text) > last)
				break;
			text_wrap(&y, pr.x, pr.w, 0, theme_role(p.line[i].role), "%s",
			          p.line[i].text);
		} else if (y < last) {
			snprintf(line, sizeof line, "%s", p.line[i].text);
			text_cut(line, pr.w);
			text_put_in(y++, pr.x, pr.w, theme_role(p.line[i].role), line);
		}
	}
}

static void wr_draw(const void *self, struct layout_rect r)
{
	const struct watch_regions *s = self;
	const struct watch_regions_model *m = &s->m;
	uint16_t cells[REGIONS_MAX_N * REGIONS_MAX_N];
	uint8_t lit[REGIONS_MAX_N * REGIONS_MAX_N];
	bool marked[REGIONS_MAX_N * REGIONS_MAX_N];
	const char *hints[32];
	struct place pl;

	watch_regions_model_cells(m, cells, marked, lit);
	draw_title(s, r);
	if (place(s, r, &pl)) {
		pl.bv.cells = cells;
		pl.bv.marked = marked;
		pl.bv.lit = lit;
		/* Without a colour each, the regions are told by their letters too. */
		pl.bv.colour = s->colour;
		pl.bv.letters = !s->own_colours || theme_is_ascii();
		boardview_draw(&pl.bv);
		draw_panel(m, pl.panel);
	}
	if (m->message[0])
		text_message(r, m->message, theme_role(THEME_NORMAL), 2);
	text_keys(r, hints, keymap_hints(&keys, 0, hints, 32), "? help  q quit");
}

static void wr_free(void *self)
{
	struct watch_regions *s = self;

	watch_regions_model_free(&s->m);
	free(s);
}

static enum screen_reply wr_act(struct watch_regions *s, int action)
{
	struct watch_regions_model *m = &s->m;

	switch (action) {
	case WR_PLAY:
		watch_regions_model_play(m);
		break;
	case WR_FORWARD:
		m->playing = false;
		watch_regions_model_forward(m);
		break;
	case WR_BACK:
		watch_regions_model_back(m);
		break;
	case WR_END:
		watch_regions_model_end(m);
		break;
	case WR_START:
		watch_regions_model_restart(m);
		break;
	case WR_FASTER:
		watch_regions_model_speed(m, 1);
		break;
	case WR_SLOWER:
		watch_regions_model_speed(m, -1);
		break;
	case WR_SWITCH:
		watch_regions_model_switch(m);
		break;
	case WR_LEAVE:
		return SCREEN_CLOSE;
	default:
		break;
	}
	return SCREEN_STAY;
}

static enum screen_reply wr_key(void *self, const struct input_event *ev,
                                struct screen_open *open)
{
	(void)open;
	return wr_act(self, keymap_action(&keys, ev));
}

static enum screen_reply wr_mouse(void *self, const struct input_event *ev,
                                  struct layout_rect r, struct screen_open *open)
{
	(void)r;
	(void)open;
	return wr_act(self, keymap_action(&keys, ev));
}

static long wr_timer_ms(void *self)
{
	return watch_regions_model_timer_ms(&((struct watch_regions *)self)->m);
}

static void wr_tick(void *self)
{
	watch_regions_model_tick(&((struct watch_regions *)self)->m);
	term_dirty();
}

static void wr_min_size(const void *self, int *lines, int *cols)
{
	const struct watch_regions *s = self;

	/* The board a column a square, the title, four panel lines and the key line. */
	*lines = s->m.board.n + 8;
	*cols = 2 * s->m.board.n + 4 > 40 ? 2 * s->m.board.n + 4 : 40;
}

static const struct keymap *wr_keys(const void *self)
{
	(void)self;
	return &keys;
}

static const struct screen_ops wr_ops = {
        .title = "Watch it reasoned",
        .free = wr_free,
        .draw = wr_draw,
        .key = wr_key,
        .mouse = wr_mouse,
        .timer_ms = wr_timer_ms,
        .tick = wr_tick,
        .min_size = wr_min_size,
        .keys = wr_keys,
};

int watch_regions_open(struct screen *out, const struct screen_open *o,
                       const struct screen_env *env, char *err, size_t errlen)
{
	struct watch_regions *s;
	int n;

	/* The animation runs on the terminal's clock, as Watch's. */
	(void)env;
	if (!o->watch_regions.board) {
		snprintf(err, errlen, "No regions puzzle to watch.");
		return -1;
	}
	s = calloc(1, sizeof *s);
	if (!s ||
	    watch_regions_model_init(&s->m, o->watch_regions.board, term_now_ms) < 0) {
		free(s);
		snprintf(err, errlen, "Out of memory.");
		return -1;
	}
	n = s->m.board.n;
	for (int f = 0; f < n; f++)
		for (int r = 0; r < n; r++)
			s->region[f * n + r] = (uint8_t)regions_region(
			        &s->m.board, (struct square){f, r});
	/* The terminal's colours are known by now (theme_init). */
	s->own_colours = theme_region_colouring(n, s->m.board.region, s->colour) &&
	                 !theme_is_ascii();
	/* The deductions call the regions by their colours, as drawn (as Play's hints).
	 */
	for (int g = 0; g < n; g++)
		s->m.names[g] = s->own_colours ? theme_region_name(g, n) : NULL;
	*out = (struct screen){&wr_ops, s};
	return 0;
}
