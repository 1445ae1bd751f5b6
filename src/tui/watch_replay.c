/* Watch --replay: a student's search on one board, the reference's on the other, in
 * lockstep to where they part. */
#include "config.h"

#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/boardview.h"
#include "tui/input.h"
#include "tui/keymap.h"
#include "tui/layout.h"
#include "tui/screen.h"
#include "tui/terminal.h"
#include "tui/text.h"
#include "tui/theme.h"
#include "tui/watch_replay_model.h"
#include "tui/watch_view.h"

/* What the keys do: Watch's keys for stepping. */
enum replay_action {
	REPLAY_PLAY,
	REPLAY_FORWARD,
	REPLAY_BACK,
	REPLAY_END,
	REPLAY_START,
	REPLAY_FASTER,
	REPLAY_SLOWER,
	REPLAY_LEAVE,
};

/*
 * The key line's modes: before the searches part (or the same search),
 * after it with the student's events to step alone, and at their end.
 */
#define MODE_LOCKSTEP 1u
#define MODE_ALONE 2u
#define MODE_END 4u

static const struct keymap_row key_rows[] = {
        {REPLAY_PLAY,
         {KCHAR(' ')},
         "play or pause: both searches in lockstep, pausing where they part; "
         "past there your events alone",
         {{0, "Space play"}, KEYMAP_GROUP("Stepping")}},
        {REPLAY_FORWARD,
         {KEY(RIGHT), KCHAR('.')},
         "one event forward (past the divergence, your events alone)",
         {{MODE_LOCKSTEP, "Left/Right step"}, {MODE_ALONE, "Right your events alone"}}},
        {REPLAY_BACK,
         {KEY(LEFT), KCHAR(',')},
         "one event back",
         {{MODE_ALONE | MODE_END, "Left back"}}},
        {REPLAY_FORWARD, {KMOUSE(WHEEL_DOWN)}, "one event back or forward", {}},
        {REPLAY_BACK, {KMOUSE(WHEEL_UP)}, NULL, {}},
        {REPLAY_END,
         {KEY(END), KCHAR('e')},
         "run to where the searches part, then to the end of your events",
         {{0, "e divergence/end"}}},
        {REPLAY_START, {KEY(HOME), KCHAR('r')}, "back to the start", {{0, "r restart"}}},
        {REPLAY_FASTER,
         {KCHAR('+'), KCHAR('=')},
         "faster or slower, 1 to 100/s",
         {{KEYMAP_MORE, "+/- speed"}}},
        {REPLAY_SLOWER, {KCHAR('-')}, NULL, {}},
        {REPLAY_LEAVE, {KCHAR('q')}, "leave", {}},
};
static const struct keymap keys = KEYMAP(key_rows);

struct replay_screen {
	struct replay_model *m;
	char name[256]; /* the file of the student's events */
	bool cut;       /* it holds more than those read */
};

/* The largest board the replay shows: compare's. */
#define CELLS_MAX COMPARE_MAX_N

/* The title in as many words as the width has room for. */
static void draw_title(const struct replay_screen *v, struct layout_rect r)
{
	const struct replay_model *m = v->m;
	const char *algo = search_algo_name(m->algo);
	char title[400];

	snprintf(title, sizeof title, "nqueens - Watch %dx%d: %s beside %s", m->n, m->n,
	         v->name, algo);
	if (text_width(title) > r.w)
		snprintf(title, sizeof title, "Watch %dx%d: %s beside %s", m->n, m->n,
		         v->name, algo);
	if (text_width(title) > r.w)
		snprintf(title, sizeof title, "Watch %dx%d: replay", m->n, m->n);
	text_cut(title, r.w);
	text_put_in(r.y, r.x, r.w, theme_attr(THEME_TITLE), title);
}

/* The verdict so far in its role, then the event, the state and the speed. */
static void draw_status(const struct replay_screen *v, struct layout_rect r)
{
	const struct replay_model *m = v->m;
	char line[160], verdict[160];
	enum theme_item role = replay_model_verdict(m, verdict, sizeof verdict);
	int w = text_width(verdict);

	snprintf(line, sizeof line, "  event %" PRIu64 " of %" PRIu64 "%s  %s  %d/s",
	         m->at, m->nev, v->cut ? " read (the most)" : "",
	         m->playing ? "playing" : "paused", replay_speeds[m->speed]);
	text_put_in(r.y, r.x, r.w, theme_role(role), verdict);
	if (w < r.w)
		text_put_in(r.y, r.x + w, r.w - w, theme_role(THEME_NORMAL), line);
}

/* The panel under the boards: where the searches part and why, or the verdict. */
enum { TOLD_OURS, TOLD_THEIRS, TOLD_WHY, TOLD_LINES };

static enum theme_item told(const struct replay_model *m, int i, char *buf, size_t len)
{
	buf[0] = '\0';
	if (replay_model_at_divergence(m) || replay_model_alone(m)) {
		if (i == TOLD_OURS)
			snprintf(buf, len, "Event %" PRIu64 ", the reference: %s",
			         m->parted, m->ours);
		else if (i == TOLD_THEIRS)
			snprintf(buf, len, "your program: %s", m->theirs);
		else
			snprintf(buf, len, "Why: %s", m->why);
		return i == TOLD_WHY ? THEME_BAD : THEME_NORMAL;
	}
	if (i != TOLD_OURS)
		return THEME_NORMAL;
	if (!m->parted && m->at == m->nev) {
		snprintf(buf, len,
		         "same search: your %" PRIu64 " events are the reference's, "
		         "event for event.",
		         m->nev);
		return THEME_GOOD;
	}
	snprintf(buf, len,
	         "Space plays both searches in lockstep and pauses where they part; e "
	         "goes there at once.");
	return THEME_DIMMED;
}

static int told_height(const struct replay_model *m, int w)
{
	char buf[1024];
	int h = 0;

	for (int i = 0; i < TOLD_LINES; i++)
		if (told(m, i, buf, sizeof buf), buf[0])
			h += text_wrap_height(w, 2, buf);
	return h;
}

static void draw_told(const struct replay_model *m, struct layout_rect r)
{
	char buf[1024];
	int y = r.y;

	for (int i = 0; i < TOLD_LINES && y < r.y + r.h; i++) {
		enum theme_item role = told(m, i, buf, sizeof buf);

		if (buf[0])
			text_wrap(&y, r.x, r.w, 2, theme_role(role), "%s", buf);
	}
}

/* One side: its heading, its last event, its board. */
static void draw_side(const struct replay_screen *v, enum replay_side side,
                      struct layout_rect r)
{
	const struct replay_model *m = v->m;
	uint16_t cells[CELLS_MAX * CELLS_MAX];
	char said[300], line[400];
	uint64_t k = replay_model_said(m, side, said, sizeof said);
	struct boardview bv = {
	        .n = m->n,
	        .cells = cells,
	        .thin = true,
	        .top = r.y + 2,
	        .left = r.x,
	        .height = r.h - 2,
	        .width = r.w,
	};
	struct square a, b;
	int bh, bw;

	if (side == REPLAY_STUDENT)
		snprintf(line, sizeof line, "Your program");
	else
		snprintf(line, sizeof line, "The reference, %s",
		         search_algo_name(m->algo));
	text_put_in(r.y, r.x, r.w, theme_attr(THEME_TITLE), line);
	snprintf(line, sizeof line, "%" PRIu64 ": %s", k, said);
	text_cut(line, r.w);
	/* The student's event where they part, in the role of the reason. */
	text_put_in(r.y + 1, r.x, r.w,
	            theme_role(side == REPLAY_STUDENT && replay_model_at_divergence(m)
	                               ? THEME_BAD
	                               : THEME_NORMAL),
	            line);
	replay_model_cells(m, side, cells);
	/* The line of an attack, between the queen and the square it attacks. */
	const struct search_event *ev = search_last(m->ref);

	if (side == REPLAY_STUDENT && replay_model_lit(m, &b) &&
	    replay_model_lit_attacker(m, &a))
		boardview_mark_between(cells, m->n, a, b);
	else if (side == REPLAY_REFERENCE && ev->kind == SEARCH_EV_REJECT)
		boardview_mark_between(cells, m->n, ev->attacker, ev->sq);
	if (boardview_layout(&bv) < 0)
		return;
	/* The board in the middle of its half. */
	boardview_extent(&bv, &bh, &bw);
	if (bw < r.w) {
		bv.left += (r.w - bw) / 2;
		boardview_layout(&bv);
	}
	boardview_draw(&bv);
}

static void replay_draw(const void *self, struct layout_rect r)
{
	const struct replay_screen *v = self;
	const struct replay_model *m = v->m;
	const char *hints[16];
	unsigned mode = !replay_model_at_divergence(m) && !replay_model_alone(m)
	                        ? MODE_LOCKSTEP
	                : m->at < m->nev ? MODE_ALONE
	                                 : MODE_END;
	/*
	 * The message under the panel, over the key line, and a blank line
	 * above the panel, where the boards show whole without them.
	 */
	int bh, bw;

	boardview_min_size(m->n, &bh, &bw);
	int mh = m->message[0] ? text_wrap_height(r.w, 0, m->message) : 0, top = r.y + 2,
	    foot = r.y + r.h - 1, th = told_height(m, r.w), gap = 1;

	if (foot - th - mh - gap - top - 2 < bh)
		mh = 0;
	if (foot - th - mh - gap - top - 2 < bh)
		gap = 0;
	th += mh;

	int bottom = foot - th - gap; /* the boards' last line + 1 */
	int half = (r.w - 2) / 2;

	draw_title(v, r);
	draw_status(v, (struct layout_rect){r.y + 1, r.x, 1, r.w});
	if (bottom - top >= 3) {
		draw_side(v, REPLAY_STUDENT,
		          (struct layout_rect){top, r.x, bottom - top, half});
		draw_side(v, REPLAY_REFERENCE,
		          (struct layout_rect){top, r.x + half + 2, bottom - top,
		                               r.w - half - 2});
	}
	draw_told(m, (struct layout_rect){foot - th, r.x, th - mh, r.w});
	if (mh) {
		int y = foot - mh;

		text_wrap(&y, r.x, r.w, 0, theme_attr(THEME_KEY), "%s", m->message);
	}
	text_keys(r, hints, keymap_hints(&keys, mode, hints, 16), "? help  q quit");
}

static enum screen_reply replay_key(void *self, const struct input_event *ev,
                                    struct screen_open *open)
{
	struct replay_model *m = ((struct replay_screen *)self)->m;

	(void)open;
	switch (keymap_action(&keys, ev)) {
	case REPLAY_PLAY:
		replay_model_play(m);
		break;
	case REPLAY_FORWARD:
		replay_model_forward(m);
		break;
	case REPLAY_BACK:
		replay_model_back(m);
		break;
	case REPLAY_END:
		replay_model_to_end(m);
		break;
	case REPLAY_START:
		replay_model_restart(m);
		break;
	case REPLAY_FASTER:
		replay_model_speed(m, 1);
		break;
	case REPLAY_SLOWER:
		replay_model_speed(m, -1);
		break;
	case REPLAY_LEAVE:
		return SCREEN_CLOSE;
	default:
		break;
	}
	return SCREEN_STAY;
}

static enum screen_reply replay_mouse(void *self, const struct input_event *ev,
                                      struct layout_rect r, struct screen_open *open)
{
	(void)r;
	return replay_key(self, ev, open);
}

static long replay_timer_ms(void *self)
{
	return replay_model_timer_ms(((struct replay_screen *)self)->m);
}

static void replay_tick(void *self)
{
	replay_model_tick(((struct replay_screen *)self)->m);
	term_dirty();
}

static void replay_min_size(const void *self, int *lines, int *cols)
{
	const struct replay_screen *v = self;
	int h, w;

	/* Two boards side by side, their headings, two lines of why, the key line. */
	boardview_min_size(v->m->n, &h, &w);
	*lines = 2 + 2 + h + 1 + 3 + 1;
	*cols = 2 * w + 2 > 40 ? 2 * w + 2 : 40;
}

static const struct keymap *replay_keys(const void *self)
{
	(void)self;
	return &keys;
}

static void replay_free_screen(void *self)
{
	struct replay_screen *v = self;

	if (!v)
		return;
	replay_model_free(v->m);
	free(v);
}

static const struct screen_ops replay_ops = {
        .title = "Watch: replay",
        .free = replay_free_screen,
        .draw = replay_draw,
        .key = replay_key,
        .mouse = replay_mouse,
        .timer_ms = replay_timer_ms,
        .tick = replay_tick,
        .min_size = replay_min_size,
        .keys = replay_keys,
};

int watch_replay_open(struct screen *out, const struct screen_open *o,
                      const struct screen_env *env, char *err, size_t errlen)
{
	char why[256];
	struct replay_screen *v = calloc(1, sizeof *v);

	(void)env;
	if (v)
		v->m = replay_model_new(o->watch.n, o->watch.algo, o->watch.replay,
		                        o->watch.nreplay, term_now_ms, why, sizeof why);
	else
		snprintf(why, sizeof why, "out of memory");
	if (!v || !v->m) {
		free(v);
		snprintf(err, errlen, "Cannot replay: %s.", why);
		return -1;
	}
	snprintf(v->name, sizeof v->name, "%s",
	         o->watch.replay_name ? o->watch.replay_name : "your events");
	v->cut = o->watch.replay_cut;
	*out = (struct screen){&replay_ops, v};
	return 0;
}
