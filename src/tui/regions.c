/* The Queens with regions screen: play a regions puzzle, with hints that teach. */
#include "config.h"

#include "tui/regions.h"

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
#include "tui/regions_model.h"
#include "tui/terminal.h"
#include "tui/text.h"
#include "tui/theme.h"

/* The status column beside the board: its width at least and at most. */
#define STATUS_MIN_W 22
#define STATUS_MAX_W 44

struct regions_screen {
	struct regions_model m;
	uint8_t region[REGIONS_MAX_N * REGIONS_MAX_N]; /* file * n + rank, for the view */
	/* Each region's colour, and whether each has its own (else named by letter). */
	uint8_t colour[REGIONS_MAX_N];
	bool own_colours;
	bool bell;
	bool was_solved;
	long long due_ms;
};

enum regions_action {
	RG_UP,
	RG_DOWN,
	RG_LEFT,
	RG_RIGHT,
	RG_FIRST_FILE,
	RG_LAST_FILE,
	RG_TOP_RANK,
	RG_BOTTOM_RANK,
	RG_TOGGLE,
	RG_CLICK,
	RG_MARK,
	RG_MARK_CLICK,
	RG_HINT,
	RG_HIDE_HINT,
	RG_UNDO,
	RG_REDO,
	RG_CLEAR,
	RG_ASSIST,
	RG_WATCH,
	RG_LEAVE,
	RG_CONFIRM,
};

static const struct keymap_row key_rows[] = {
        {RG_UP,
         {KEY(UP), KCHAR('k')},
         "move the cursor",
         {{0, "arrows move"}, KEYMAP_GROUP("Moving")}},
        {RG_DOWN, {KEY(DOWN), KCHAR('j')}, NULL, {}},
        {RG_LEFT, {KEY(LEFT), KCHAR('h')}, NULL, {}},
        {RG_RIGHT, {KEY(RIGHT), KCHAR('l')}, NULL, {}},
        {RG_UP, {KMOUSE(WHEEL_UP)}, "up or down a row", {}},
        {RG_DOWN, {KMOUSE(WHEEL_DOWN)}, NULL, {}},
        {RG_FIRST_FILE, {KEY(HOME)}, "first or last column", {}},
        {RG_LAST_FILE, {KEY(END)}, NULL, {}},
        {RG_TOP_RANK, {KEY(PAGEUP)}, "top or bottom row", {}},
        {RG_BOTTOM_RANK, {KEY(PAGEDOWN)}, NULL, {}},
        {RG_TOGGLE,
         {KCHAR(' '), KEY(ENTER)},
         "place or remove a queen",
         {{0, "Space place"}, KEYMAP_GROUP("Placing")}},
        {RG_CLICK, {KMOUSE(BUTTON_LEFT)}, "place or remove there", {}},
        {RG_MARK, {KCHAR('x')}, "mark \"no queen here\", or unmark", {{0, "x mark"}}},
        {RG_MARK_CLICK, {KMOUSE(BUTTON_RIGHT)}, "the same, where clicked", {}},
        {RG_HINT,
         {KCHAR('t')},
         "hint: the next deduction in words; t again makes it",
         {{0, "t hint"}}},
        {RG_HIDE_HINT, {KEY(ESCAPE)}, "hide the hint", {}},
        {RG_UNDO, {KCHAR('u')}, "undo", {{0, "u undo"}, KEYMAP_GROUP("Undoing")}},
        {RG_REDO, {KCTRL('r'), KCHAR('U')}, "redo", {{KEYMAP_MORE, "^R redo"}}},
        {RG_CLEAR,
         {KCHAR('c')},
         "clear the board (given queens stay)",
         {{KEYMAP_MORE, "c clear"}}},
        {RG_ASSIST,
         {KCHAR('a')},
         "assists: hints and dots on or off",
         {{KEYMAP_MORE, "a assists"}, KEYMAP_GROUP("Assists and leaving")}},
        {RG_WATCH,
         {KCHAR('w')},
         "watch it reasoned: the puzzle solved (a hint)",
         {{KEYMAP_MORE, "w watch"}}},
        {RG_LEAVE, {KCHAR('q')}, "leave (asks before an unsolved one)", {}},
};
static const struct keymap keys = KEYMAP(key_rows);

static const struct keymap_row confirm_rows[] = {
        {RG_CONFIRM, {KCHAR('y'), KCHAR('Y')}, "yes, leave the puzzle", {}},
};
static const struct keymap confirm_keys = KEYMAP(confirm_rows);

/* Where the parts go: the board, and the status beside it or under it. */
struct place {
	struct boardview bv;
	struct layout_rect status;
};

/* The board and its status in area of r; false when the board has no room. */
static bool place_in(const struct regions_screen *s, struct layout_rect r,
                     struct layout_rect area, struct place *pl)
{
	const struct regions_model *m = &s->m;
	int gap = r.w <= 60 ? 1 : 2, sw = STATUS_MIN_W, bh, bw, shift;

	pl->bv = (struct boardview){.n = m->board.n,
	                            .cursor = m->cursor,
	                            .show_cursor = !m->solved_ms,
	                            .top = area.y,
	                            .left = area.x,
	                            .height = area.h,
	                            .width = area.w - sw - gap,
	                            .region = s->region};
	/*
	 * Beside, when the board shows whole there with the narrowest status
	 * (which then takes what the board leaves); else the status under it.
	 */
	if (pl->bv.width > 0 && boardview_layout(&pl->bv) == 0 &&
	    pl->bv.files == m->board.n && pl->bv.ranks == m->board.n) {
		boardview_extent(&pl->bv, &bh, &bw);
		sw = area.w - bw - gap < STATUS_MAX_W ? area.w - bw - gap : STATUS_MAX_W;
		shift = (area.w - (bw + gap + sw)) / 2;
		pl->bv.left += shift > 0 ? shift : 0;
		pl->bv.width = bw;
		boardview_layout(&pl->bv);
		pl->status = (struct layout_rect){area.y + (area.h - bh) / 2,
		                                  pl->bv.left + bw + gap, bh, sw};
		return true;
	}
	pl->bv.width = area.w;
	pl->bv.height = area.h - 3;
	if (pl->bv.height < 2 || boardview_layout(&pl->bv) < 0)
		return false;
	boardview_extent(&pl->bv, &bh, &bw);
	shift = (area.w - bw) / 2;
	pl->bv.left += shift > 0 ? shift : 0;
	pl->bv.width = bw;
	pl->bv.height = bh;
	boardview_layout(&pl->bv);
	pl->status = (struct layout_rect){area.y + bh, area.x, area.h - bh, area.w};
	return true;
}

/*
 * The board and its status in r; false when the board has no room.  A
 * tall window keeps the line above the key line for messages, unless the
 * board needs it for its lines between squares (10x10 at 80x24): then a
 * message covers the file letters for its moment.
 */
static bool place(const struct regions_screen *s, struct layout_rect r, struct place *pl)
{
	struct layout_rect area = {r.y + 1, r.x, r.h - 2 - (r.h >= 24), r.w};

	if (place_in(s, r, area, pl) && (pl->bv.grid || r.h < 24))
		return true;
	area.h++;
	return place_in(s, r, area, pl);
}

/* What each square is, for the renderer, from the model. */
static void fill(const struct regions_model *m, uint16_t *cells, bool *marked,
                 uint8_t *lit)
{
	int n = m->board.n;

	for (int f = 0; f < n; f++)
		for (int r = 0; r < n; r++) {
			struct square sq = {f, r};
			int i = f * n + r;
			uint16_t c = 0;

			if (regions_model_queen(m, sq))
				c |= BV_QUEEN;
			if (regions_model_conflict(m, sq))
				c |= BV_CONFLICT;
			if (regions_model_given(m, sq))
				c |= BV_LOCKED;
			if (regions_model_attacked(m, sq))
				c |= BV_ATTACKED;
			if (m->solved_ms && regions_model_queen(m, sq))
				c |= BV_SOLVED;
			cells[i] = c;
			marked[i] = !m->solved_ms && regions_model_marked(m, sq);
			lit[i] = regions_model_hint_strikes(m, sq)
			                 ? (m->hint.places ? BV_LIT_PLACES
			                                   : BV_LIT_STRIKES)
			         : regions_model_hint_uses(m, sq) ? BV_LIT_USES
			                                          : BV_LIT_NONE;
		}
	/* Queens in conflict on a row or a column: the line between them, as in Play. */
	for (int a = 0; a < n * n; a++)
		for (int b = a + 1; b < n * n; b++) {
			struct square qa = {a / n, a % n}, qb = {b / n, b % n};

			if ((cells[a] & cells[b] & BV_QUEEN) &&
			    (qa.file == qb.file || qa.rank == qb.rank))
				boardview_mark_between(cells, n, qa, qb);
		}
}

static void draw_title(const struct regions_model *m, struct layout_rect r)
{
	char title[200], what[160];

	if (m->is_daily) {
		snprintf(what, sizeof what, "daily regions puzzle");
	} else {
		const char *seed = strstr(m->board.title, "seed ");

		snprintf(what, sizeof what, "regions%s%s", seed ? ", " : "",
		         seed ? seed : "");
	}
	snprintf(title, sizeof title, "nqueens - Queens %dx%d, %s", m->board.n,
	         m->board.n, what);
	if (text_width(title) > r.w)
		snprintf(title, sizeof title, "Queens %dx%d, %s", m->board.n, m->board.n,
		         what);
	text_cut(title, r.w);
	text_put_in(r.y, r.x, r.w, theme_attr(THEME_TITLE), title);
}

static void regions_draw(const void *self, struct layout_rect r)
{
	const struct regions_screen *s = self;
	const struct regions_model *m = &s->m;
	uint16_t cells[REGIONS_MAX_N * REGIONS_MAX_N] = {0};
	uint8_t lit[REGIONS_MAX_N * REGIONS_MAX_N] = {0};
	bool marked[REGIONS_MAX_N * REGIONS_MAX_N] = {0};
	struct regions_status st;
	const char *hints[32];
	struct place pl;

	fill(m, cells, marked, lit);
	draw_title(m, r);
	if (place(s, r, &pl)) {
		int y = pl.status.y, last = pl.status.y + pl.status.h;

		pl.bv.cells = cells;
		pl.bv.marked = marked;
		pl.bv.lit = lit;
		/* Without a colour each, the regions are told by their letters too. */
		pl.bv.colour = s->colour;
		pl.bv.letters = !s->own_colours || theme_is_ascii();
		boardview_draw(&pl.bv);
		regions_model_status(m, &st);
		for (int i = 0; i < st.count && y < last; i++) {
			if (st.line[i].gap)
				y++;
			if (y + text_wrap_height(pl.status.w, 2, st.line[i].text) > last)
				break;
			text_wrap(&y, pl.status.x, pl.status.w, 2,
			          theme_role(st.line[i].role), "%s", st.line[i].text);
		}
	}
	if (m->message[0])
		text_message(r, m->message,
		             theme_role(m->confirm_leave ? THEME_BAD : THEME_NORMAL), 3);
	text_keys(r, hints, keymap_hints(&keys, 0, hints, 32), "? help  q quit");
}

static void regions_free(void *self)
{
	struct regions_screen *s = self;
	char err[1100];

	if (!s)
		return;
	/* Leaving, by q or a signal that ends the program: the game is kept. */
	regions_model_keep(&s->m, err, sizeof err);
	free(s);
}

/* After a move: a solve rings, and the daily's line goes to the clipboard. */
static void follow(struct regions_screen *s)
{
	char share[256];

	s->due_ms = 0;
	if (!s->m.solved_ms || s->was_solved)
		return;
	s->was_solved = true;
	if (s->bell)
		beep();
	if (regions_model_share(&s->m, share, sizeof share)) {
		term_clipboard(share);
		term_farewell(share);
	}
}

/*
 * Watch it reasoned on the puzzle as given (its board and given queens,
 * not the player's), over this screen: its cover stops the clock, and q
 * there comes back to the game as it was.
 */
static enum screen_reply watch(struct regions_screen *s, struct screen_open *open)
{
	if (!open || !regions_model_watch(&s->m))
		return SCREEN_STAY;
	*open = (struct screen_open){.kind = SCREEN_WATCH_REGIONS,
	                             .watch_regions = {.board = &s->m.board}};
	return SCREEN_OPEN;
}

static enum screen_reply act(struct regions_screen *s, int action,
                             const struct input_event *ev, const struct layout_rect *r,
                             struct screen_open *open)
{
	struct regions_model *m = &s->m;
	struct place pl;
	struct square sq;

	switch (action) {
	case RG_UP:
		regions_model_move(m, 0, 1);
		break;
	case RG_DOWN:
		regions_model_move(m, 0, -1);
		break;
	case RG_LEFT:
		regions_model_move(m, -1, 0);
		break;
	case RG_RIGHT:
		regions_model_move(m, 1, 0);
		break;
	case RG_FIRST_FILE:
		regions_model_cursor(m, 0, -1);
		break;
	case RG_LAST_FILE:
		regions_model_cursor(m, m->board.n - 1, -1);
		break;
	case RG_TOP_RANK:
		regions_model_cursor(m, -1, m->board.n - 1);
		break;
	case RG_BOTTOM_RANK:
		regions_model_cursor(m, -1, 0);
		break;
	case RG_TOGGLE:
		regions_model_toggle(m, m->cursor);
		break;
	case RG_MARK:
		regions_model_mark(m, m->cursor);
		break;
	case RG_CLICK:
	case RG_MARK_CLICK:
		if (r && place(s, *r, &pl) &&
		    boardview_hit(&pl.bv, ev->line, ev->col, &sq)) {
			m->cursor = sq;
			if (action == RG_CLICK)
				regions_model_toggle(m, sq);
			else
				regions_model_mark(m, sq);
		}
		break;
	case RG_HINT:
		regions_model_hint(m);
		break;
	case RG_HIDE_HINT:
		regions_model_hint_hide(m);
		break;
	case RG_UNDO:
	case RG_REDO:
		regions_model_undo(m, action == RG_UNDO ? -1 : 1);
		break;
	case RG_CLEAR:
		regions_model_clear(m);
		break;
	case RG_ASSIST:
		regions_model_assist_next(m);
		break;
	case RG_WATCH:
		return watch(s, open);
	case RG_LEAVE:
		if (!regions_model_unfinished(m))
			return SCREEN_CLOSE;
		m->confirm_leave = true;
		snprintf(m->message, sizeof m->message, "%s",
		         m->env.store && m->game_id[0]
		                 ? "Leave this puzzle for now? It is kept to resume. y "
		                   "leaves, any other key stays."
		                 : "Leave this puzzle unsolved? y leaves, any other key "
		                   "stays.");
		break;
	default:
		break;
	}
	return SCREEN_STAY;
}

static enum screen_reply regions_event(void *self, const struct input_event *ev,
                                       const struct layout_rect *r,
                                       struct screen_open *open)
{
	struct regions_screen *s = self;
	struct regions_model *m = &s->m;
	enum screen_reply reply;

	m->message[0] = '\0';
	regions_model_cover(m, false);
	regions_model_key(m);
	/* The hints call the regions by their colours, as drawn. */
	for (int g = 0; g < m->board.n; g++)
		m->names[g] = s->own_colours ? theme_region_name(g, m->board.n) : NULL;
	if (m->confirm_leave) {
		m->confirm_leave = false;
		return keymap_action(&confirm_keys, ev) == RG_CONFIRM ? SCREEN_CLOSE
		                                                      : SCREEN_STAY;
	}
	reply = act(s, keymap_action(&keys, ev), ev, r, open);
	follow(s);
	return reply;
}

static enum screen_reply regions_key(void *self, const struct input_event *ev,
                                     struct screen_open *open)
{
	return regions_event(self, ev, NULL, open);
}

static enum screen_reply regions_mouse(void *self, const struct input_event *ev,
                                       struct layout_rect r, struct screen_open *open)
{
	return regions_event(self, ev, &r, open);
}

/* The clock's next second, while it runs. */
static long regions_timer_ms(void *self)
{
	struct regions_screen *s = self;

	if (s->m.solved_ms || s->m.paused_at)
		return -1;
	return (long)(1000 - regions_model_elapsed_ms(&s->m) % 1000);
}

static void regions_tick(void *self)
{
	(void)self;
	term_dirty();
}

static void regions_cover(void *self, bool covered)
{
	struct regions_screen *s = self;

	regions_model_cover(&s->m, covered);
}

static void regions_min_size(const void *self, int *lines, int *cols)
{
	const struct regions_screen *s = self;

	/* The board a column a square, the title, three status lines and the key line. */
	*lines = s->m.board.n + 7;
	*cols = 2 * s->m.board.n + 4 > 40 ? 2 * s->m.board.n + 4 : 40;
}

static const struct keymap *regions_keys(const void *self)
{
	(void)self;
	return &keys;
}

static const struct screen_ops regions_ops = {
        .title = "Queens with regions",
        .free = regions_free,
        .draw = regions_draw,
        .key = regions_key,
        .mouse = regions_mouse,
        .timer_ms = regions_timer_ms,
        .tick = regions_tick,
        .cover = regions_cover,
        .min_size = regions_min_size,
        .keys = regions_keys,
};

int regions_open(struct screen *out, const struct screen_open *o,
                 const struct screen_env *env, char *err, size_t errlen)
{
	struct regions_screen *s = calloc(1, sizeof *s);
	struct regions_env re = {
	        .store = env->store, .clock_ms = env->clock_ms, .assist = env->assist};

	if (!s) {
		snprintf(err, errlen, "Out of memory.");
		return -1;
	}
	if (!o->regions.board) {
		free(s);
		snprintf(err, errlen, "No regions puzzle to play.");
		return -1;
	}
	regions_model_init(&s->m, o->regions.board, o->regions.id, &re);
	s->m.is_daily = o->regions.daily;
	s->m.daily_day = o->regions.day;
	snprintf(s->m.game_id, sizeof s->m.game_id, "%s",
	         o->regions.game_id ? o->regions.game_id : "");
	regions_model_resume(&s->m);
	s->bell = env->bell;
	for (int f = 0; f < s->m.board.n; f++)
		for (int r = 0; r < s->m.board.n; r++)
			s->region[f * s->m.board.n + r] = (uint8_t)regions_region(
			        &s->m.board, (struct square){f, r});
	/* The terminal's colours are known by now (theme_init). */
	s->own_colours =
	        theme_region_colouring(s->m.board.n, s->m.board.region, s->colour) &&
	        !theme_is_ascii();
	*out = (struct screen){&regions_ops, s};
	return 0;
}
