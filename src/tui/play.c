/* The Play screen: place queens by hand, see attacks, solve, and do puzzles. */
#include "config.h"

#include "tui/play.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board.h"
#include "tui/input.h"
#include "tui/keymap.h"
#include "tui/layout.h"
#include "tui/play_model.h"
#include "tui/play_view.h"
#include "engine/puzzle.h"
#include "tui/terminal.h"

/* Up to this n the position is judged at once; above, in a thread. */
#define PLAY_SYNC_MAX_N 10

/* What the keys do. */
enum play_action {
	PLAY_UP,
	PLAY_DOWN,
	PLAY_LEFT,
	PLAY_RIGHT,
	PLAY_FIRST_FILE,
	PLAY_LAST_FILE,
	PLAY_TOP_RANK,
	PLAY_BOTTOM_RANK,
	PLAY_TOGGLE,
	PLAY_CLICK,
	PLAY_UNDO,
	PLAY_REDO,
	PLAY_CLEAR,
	PLAY_SMALLER,
	PLAY_LARGER,
	PLAY_HINT,
	PLAY_MARK,
	PLAY_MARK_CLICK,
	PLAY_ASSIST,
	PLAY_WATCH,
	PLAY_BROWSE,
	PLAY_HIDE_HINT,
	PLAY_GIVE_UP,
	PLAY_NEXT_PUZZLE,
	PLAY_LEAVE,
	PLAY_CONFIRM,
};

static const struct keymap_row key_rows[] = {
        {PLAY_UP,
         {KEY(UP), KCHAR('k')},
         "move the cursor",
         {{0, "arrows move"}, KEYMAP_GROUP("Moving")}},
        {PLAY_DOWN, {KEY(DOWN), KCHAR('j')}, NULL, {}},
        {PLAY_LEFT, {KEY(LEFT), KCHAR('h')}, NULL, {}},
        {PLAY_RIGHT, {KEY(RIGHT), KCHAR('l')}, NULL, {}},
        {PLAY_UP, {KMOUSE(WHEEL_UP)}, "up or down a rank", {}},
        {PLAY_DOWN, {KMOUSE(WHEEL_DOWN)}, NULL, {}},
        {PLAY_FIRST_FILE, {KEY(HOME)}, "first or last file", {}},
        {PLAY_LAST_FILE, {KEY(END)}, NULL, {}},
        {PLAY_TOP_RANK, {KEY(PAGEUP)}, "top or bottom rank", {}},
        {PLAY_BOTTOM_RANK, {KEY(PAGEDOWN)}, NULL, {}},
        {PLAY_TOGGLE,
         {KCHAR(' '), KEY(ENTER)},
         "place or remove a queen",
         {{0, "Space place"}, KEYMAP_GROUP("Placing")}},
        {PLAY_CLICK, {KMOUSE(BUTTON_LEFT)}, "place or remove there", {}},
        {PLAY_HINT,
         {KCHAR('t')},
         "hint: a square that keeps it solvable",
         {{0, "t hint"}}},
        {PLAY_HIDE_HINT, {KEY(ESCAPE)}, "hide the hint", {}},
        {PLAY_MARK,
         {KCHAR('x')},
         "mark \"no queen here\", or unmark",
         {{KEYMAP_MORE, "x mark"}}},
        {PLAY_MARK_CLICK, {KMOUSE(BUTTON_RIGHT)}, "the same, where clicked", {}},
        {PLAY_GIVE_UP, {KCHAR('s')}, "give up: show a solution (not counted)", {}},
        {PLAY_UNDO, {KCHAR('u')}, "undo", {{0, "u undo"}, KEYMAP_GROUP("Undoing")}},
        {PLAY_REDO, {KCTRL('r'), KCHAR('U')}, "redo", {{KEYMAP_MORE, "^R redo"}}},
        {PLAY_CLEAR,
         {KCHAR('c')},
         "clear the board (given queens stay)",
         {{KEYMAP_MORE, "c clear"}}},
        {PLAY_SMALLER,
         {KCHAR('['), KCHAR('-')},
         "smaller or larger board",
         {{KEYMAP_MORE, "[/] size"}, KEYMAP_GROUP("Viewing")}},
        {PLAY_LARGER, {KCHAR(']'), KCHAR('+'), KCHAR('=')}, NULL, {}},
        {PLAY_ASSIST,
         {KCHAR('a')},
         "cycle assists: none, some, all (the verdict)",
         {{KEYMAP_MORE, "a assists"}}},
        {PLAY_WATCH,
         {KCHAR('w')},
         "watch the search go on from this position",
         {{KEYMAP_MORE, "w watch"}}},
        {PLAY_BROWSE,
         {KCHAR('b')},
         "when solved: browse the solutions, at this one",
         {{KEYMAP_MORE, "b browse"}}},
        {PLAY_NEXT_PUZZLE,
         {KCHAR('n')},
         "after a puzzle: the next one",
         {KEYMAP_GROUP("Puzzles and leaving")}},
        {PLAY_LEAVE, {KCHAR('q')}, "leave (asks during a puzzle)", {}},
};
static const struct keymap keys = KEYMAP(key_rows);

/* The answer to q's question; any other key stays.  The help lists q, which asks. */
static const struct keymap_row confirm_rows[] = {
        {PLAY_CONFIRM, {KCHAR('y'), KCHAR('Y')}, "yes, leave the puzzle", {}},
};
static const struct keymap confirm_keys = KEYMAP(confirm_rows);

/* After the model moved: a new solve is told by a banner, and rings once. */
static void follow_model(struct play *p)
{
	const struct play_model *m = &p->m;

	p->due_ms = 0;
	if (!m->solved_shown) {
		p->banner = p->cursor_hidden = false;
	} else if (m->solved_events != p->solved_seen) {
		char share[256];

		p->banner = p->cursor_hidden = true;
		p->banner_ms = m->env.clock_ms();
		if (p->bell)
			beep();
		/* The daily's result: on the clipboard now, on stdout at the end. */
		if (play_model_share(m, share, sizeof share)) {
			term_clipboard(share);
			term_farewell(share);
		}
	}
	p->solved_seen = m->solved_events;
}

static void play_wake(void *self)
{
	struct play *p = self;

	if (play_model_wake(&p->m)) {
		follow_model(p);
		term_dirty();
	}
}

static void judge_notify(void *ctx)
{
	(void)ctx;
	term_post();
}

static void play_free(void *self)
{
	struct play *p = self;
	char err[1100];

	if (!p)
		return;
	/* Leaving, by q or a signal that ends the program: the game is kept. */
	play_model_keep(&p->m, err, sizeof err);
	play_model_free(&p->m);
	free(p);
}

/* The queens by file for Watch to start from; false when two share a file. */
static bool watch_from(struct play *p, struct screen_open *open)
{
	if (!play_model_ranks(&p->m, p->from))
		return false;
	/* An empty board is the search from the start. */
	*open = (struct screen_open){
	        .kind = SCREEN_WATCH,
	        .watch = {.n = p->m.n,
	                  .algo = SEARCH_BACKTRACK,
	                  .goal = SEARCH_ALL,
	                  .given = p->m.b.pos.count ? p->from : NULL}};
	return true;
}

static enum screen_reply browse_here(struct play *p, struct screen_open *open)
{
	struct play_model *m = &p->m;

	if (m->judged && m->st.solved && m->index) {
		*open = (struct screen_open){.kind = SCREEN_BROWSE,
		                             .browse = {.n = m->n, .index = m->index}};
		return SCREEN_OPEN;
	}
	snprintf(m->message, sizeof m->message,
	         m->judged && m->st.solved ? "Still finding its number; b again soon."
	                                   : "b browses from a solved board.");
	return SCREEN_STAY;
}

static enum screen_reply next_puzzle(struct play *p, struct screen_open *open)
{
	struct play_model *m = &p->m;

	if (m->is_puzzle && m->solved_ms && m->next_id[0]) {
		*open = (struct screen_open){.kind = SCREEN_PLAY,
		                             .play = {.n = m->next.n,
		                                      .puzzle = &m->next,
		                                      .puzzle_id = m->next_id}};
		return SCREEN_REPLACE;
	}
	snprintf(m->message, sizeof m->message,
	         m->is_puzzle && m->solved_ms
	                 ? "That was the last puzzle."
	                 : "n opens the next puzzle once this one is "
	                   "solved.");
	return SCREEN_STAY;
}

static enum screen_reply leave(struct play *p)
{
	struct play_model *m = &p->m;

	if (!play_model_unfinished(m))
		return SCREEN_CLOSE;
	m->confirm_leave = true;
	/* With a progress file the game is kept (play_saved.c): say so. */
	snprintf(m->message, sizeof m->message, "%s",
	         m->env.store ? "Leave this puzzle for now? It is kept to resume. "
	                        "y leaves, any other key stays."
	                      : "Leave this puzzle unsolved? y leaves, any other "
	                        "key stays.");
	return SCREEN_STAY;
}

/* Out of memory ends the program, with the reason and the terminal given back. */
static enum screen_reply failed(struct screen_open *open)
{
	open->error = "out of memory";
	return SCREEN_FAIL;
}

static enum screen_reply act(struct play *p, int action, const struct input_event *ev,
                             const struct layout_rect *r, struct screen_open *open)
{
	struct play_model *m = &p->m;
	struct square sq;
	int rc = 0;

	switch (action) {
	case PLAY_UP:
		play_model_move(m, 0, 1);
		break;
	case PLAY_DOWN:
		play_model_move(m, 0, -1);
		break;
	case PLAY_LEFT:
		play_model_move(m, -1, 0);
		break;
	case PLAY_RIGHT:
		play_model_move(m, 1, 0);
		break;
	case PLAY_FIRST_FILE:
		play_model_cursor(m, 0, -1);
		break;
	case PLAY_LAST_FILE:
		play_model_cursor(m, m->n - 1, -1);
		break;
	case PLAY_TOP_RANK:
		play_model_cursor(m, -1, m->n - 1);
		break;
	case PLAY_BOTTOM_RANK:
		play_model_cursor(m, -1, 0);
		break;
	case PLAY_TOGGLE:
		rc = play_model_toggle(m, m->cursor);
		break;
	case PLAY_CLICK:
		if (r && play_view_board_at(p, *r, ev->line, ev->col, &sq)) {
			m->cursor = sq;
			rc = play_model_toggle(m, sq);
		}
		break;
	case PLAY_UNDO:
	case PLAY_REDO:
		rc = play_model_undo(m, action == PLAY_UNDO ? -1 : 1);
		break;
	case PLAY_CLEAR:
		rc = play_model_clear(m);
		break;
	case PLAY_SMALLER:
	case PLAY_LARGER:
		rc = play_model_resize(m, action == PLAY_SMALLER ? -1 : 1);
		break;
	case PLAY_HINT:
		play_model_hint(m);
		break;
	case PLAY_MARK:
		rc = play_model_mark(m, m->cursor);
		break;
	case PLAY_MARK_CLICK:
		if (r && play_view_board_at(p, *r, ev->line, ev->col, &sq)) {
			m->cursor = sq;
			rc = play_model_mark(m, sq);
		}
		break;
	case PLAY_ASSIST:
		play_model_assist_next(m);
		break;
	case PLAY_WATCH:
		return watch_from(p, open) ? SCREEN_OPEN : SCREEN_STAY;
	case PLAY_BROWSE:
		return browse_here(p, open);
	case PLAY_HIDE_HINT:
		m->hint_shown = false;
		break;
	case PLAY_GIVE_UP:
		rc = play_model_give_up(m);
		break;
	case PLAY_NEXT_PUZZLE:
		return next_puzzle(p, open);
	case PLAY_LEAVE:
		return leave(p);
	default:
		break;
	}
	return rc < 0 ? failed(open) : SCREEN_STAY;
}

static enum screen_reply play_event(void *self, const struct input_event *ev,
                                    const struct layout_rect *r, struct screen_open *open)
{
	struct play *p = self;
	struct play_model *m = &p->m;
	enum screen_reply reply;

	m->message[0] = '\0';
	/*
	 * A key ends an idle spell (the clock counted a minute of it at most),
	 * and says the player is here even if the terminal never said the
	 * focus came back.
	 */
	play_model_cover(m, false);
	play_model_key(m);
	/* A key after a solve ends its moment: the banner goes, the cursor is back. */
	p->banner = p->cursor_hidden = false;
	p->due_ms = 0;
	if (m->confirm_leave) {
		m->confirm_leave = false;
		return keymap_action(&confirm_keys, ev) == PLAY_CONFIRM ? SCREEN_CLOSE
		                                                        : SCREEN_STAY;
	}
	reply = act(p, keymap_action(&keys, ev), ev, r, open);
	follow_model(p);
	return reply;
}

static enum screen_reply play_key(void *self, const struct input_event *ev,
                                  struct screen_open *open)
{
	return play_event(self, ev, NULL, open);
}

static enum screen_reply play_mouse(void *self, const struct input_event *ev,
                                    struct layout_rect r, struct screen_open *open)
{
	return play_event(self, ev, &r, open);
}

/*
 * Milliseconds until the screen next changes by itself: the banner's end,
 * else the clock's next second; -1 for never.
 */
static long long next_change_ms(const struct play *p)
{
	const struct play_model *m = &p->m;
	long long left = p->banner_ms + PLAY_BANNER_MS - m->env.clock_ms();

	if (play_view_banner_up(p) &&
	    (m->solved_ms || left < 1000 - play_model_elapsed_ms(m) % 1000))
		return left;
	if (m->solved_ms)
		return -1;
	return 1000 - play_model_elapsed_ms(m) % 1000;
}

/* Zero once the change drawn last is due, so that the loop ticks. */
static long play_timer_ms(void *self)
{
	struct play *p = self;
	long long at;

	if (!p->due_ms) {
		at = next_change_ms(p);
		p->due_ms = at < 0 ? -1 : term_now_ms() + at;
	}
	if (p->due_ms < 0)
		return -1;
	at = p->due_ms - term_now_ms();
	return at > 0 ? (long)at : 0;
}

static void play_tick(void *self)
{
	struct play *p = self;

	p->due_ms = 0;
	term_dirty();
}

/* Covered by the help or another screen, the clock stands. */
static void play_cover(void *self, bool covered)
{
	struct play *p = self;

	play_model_cover(&p->m, covered);
	p->due_ms = 0;
}

static void play_min_size(const void *self, int *lines, int *cols)
{
	(void)self;
	/* Title, a few ranks of board, five status lines and the key line. */
	*lines = 12;
	*cols = 40;
}

/* Before a draw: a board that scrolls follows the cursor from where it was. */
static void play_resize(void *self, struct layout_rect r)
{
	play_view_follow(self, r);
}

static void play_draw(const void *self, struct layout_rect r)
{
	play_view_draw(self, r, &keys);
}

static const struct keymap *play_keys(const void *self)
{
	(void)self;
	return &keys;
}

static const struct screen_ops play_ops = {
        .title = "Play",
        .free = play_free,
        .resize = play_resize,
        .draw = play_draw,
        .key = play_key,
        .mouse = play_mouse,
        .wake = play_wake,
        .timer_ms = play_timer_ms,
        .tick = play_tick,
        .cover = play_cover,
        .min_size = play_min_size,
        .keys = play_keys,
};

int play_open(struct screen *out, const struct screen_open *o,
              const struct screen_env *env, char *err, size_t errlen)
{
	struct play *p = calloc(1, sizeof *p);
	struct play_env pe = {.store = env->store,
	                      .table = env->table,
	                      .puzzle_dir = env->puzzle_dir,
	                      .clock_ms = env->clock_ms,
	                      .notify = judge_notify,
	                      .sync_max_n = PLAY_SYNC_MAX_N,
	                      .assist = env->assist};

	if (!p || play_model_init(&p->m, o->play.n, o->play.puzzle, o->play.puzzle_id,
	                          &pe) < 0) {
		free(p);
		snprintf(err, errlen, "Out of memory.");
		return -1;
	}
	p->bell = env->bell;
	follow_model(p);
	*out = (struct screen){&play_ops, p};
	return 0;
}
