/* The Lesson screen: a lesson script run step by step over the other screens. */
#include "config.h"

#include "lesson_screen.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "keymap.h"
#include "lesson.h"
#include "text.h"
#include "theme.h"

/* run: end stops here at the most, as Watch's e does, so that no step freezes. */
#define RUN_MAX 50000000u

/* The panel's text takes at most this many lines; the screen above it the rest. */
#define PANEL_TEXT_MAX 8

/* After the answer typed so far, what to type. */
#define ANSWER_LINE "  (a square such as c2, then Enter)"

/* The rows of the step's keys: the lesson's own, then the screen's not shadowed. */
#define ROWS_MAX 64

enum lesson_action {
	LESSON_NEXT,
	LESSON_PREV,
	LESSON_LEAVE,
	LESSON_SPACE, /* the screen's own Space or Enter */
	LESSON_SKIP,
};

/* The lesson's keys, and o for what Space or Enter does on each screen. */
#define LESSON_ROWS(space_what, space_hint)                                              \
	{LESSON_NEXT,                                                                    \
	 {KCHAR(' '), KEY(ENTER)},                                                       \
	 "the next step (the next question, after an answer)",                           \
	 {{0, "Space next"}}},                                                           \
	        {LESSON_PREV,                                                            \
	         {KEY(BACKSPACE), KCHAR('p')},                                           \
	         "the step before",                                                      \
	         {{0, "p back"}}},                                                       \
	        {LESSON_SPACE, {KCHAR('o')}, space_what, {{0, space_hint}}},             \
	{                                                                                \
		LESSON_LEAVE, {KCHAR('q')}, "leave the lesson",                          \
		{                                                                        \
		}                                                                        \
	}

static const struct keymap_row text_rows[] = {
        {LESSON_NEXT, {KCHAR(' '), KEY(ENTER)}, "the next step", {{0, "Space next"}}},
        {LESSON_PREV, {KEY(BACKSPACE), KCHAR('p')}, "the step before", {{0, "p back"}}},
        {LESSON_LEAVE, {KCHAR('q')}, "leave the lesson", {}},
};
static const struct keymap_row play_rows[] = {
        LESSON_ROWS("place or remove a queen at the cursor", "o queen")};
static const struct keymap_row watch_rows[] = {
        LESSON_ROWS("play or pause the search", "o play"),
        {LESSON_SKIP,
         {KEY(ESCAPE)},
         "while a question is asked: skip it (the answer is shown)",
         {}},
};
static const struct keymap_row browse_rows[] = {
        LESSON_ROWS("open the board, class or member chosen", "o open")};

static const struct keymap own_keys[] = {
        [LESSON_TEXT] = KEYMAP(text_rows),
        [LESSON_PLAY] = KEYMAP(play_rows),
        [LESSON_WATCH] = KEYMAP(watch_rows),
        [LESSON_BROWSE] = KEYMAP(browse_rows),
};

struct runner {
	struct lesson l;
	const struct screen_env *env;
	int at;              /* the step shown, 0-based */
	struct screen child; /* the step's screen; ops NULL for text alone */
	char message[600];   /* the step's screen could not open, and why */

	/* The step's keys: the lesson's, then the screen's that they leave. */
	struct keymap_row rows[ROWS_MAX];
	struct keymap keys;

	/* The step's questions: how many are left, the one asked, the answer typed. */
	int left;
	bool asking;
	struct lesson_question q;
	char typed[16];
	char verdict[1200];
	int asked, right; /* over the whole lesson */
};

static bool same_key(const struct keymap_key *a, const struct keymap_key *b)
{
	return a->kind == b->kind && a->key == b->key && a->ch == b->ch &&
	       a->mods == b->mods && a->button == b->button;
}

/* Whether the lesson's own keys take k from the screen. */
static bool shadowed(const struct keymap *own, const struct keymap_key *k)
{
	for (size_t i = 0; i < own->count; i++)
		for (int j = 0; j < KEYMAP_KEYS_MAX && own->rows[i].keys[j].kind; j++)
			if (same_key(&own->rows[i].keys[j], k))
				return true;
	return false;
}

/*
 * The step's keys for the help and the key line: the lesson's, then each
 * of the screen's with the keys the lesson takes left out (a row that
 * loses them all goes, and its help line passes to the next).
 */
static void build_keys(struct runner *r, const struct keymap *theirs)
{
	const struct keymap *own = &own_keys[r->l.steps[r->at].screen];
	size_t n = 0;
	const char *what = NULL;
	bool head_kept = false;

	for (size_t i = 0; i < own->count && n < ROWS_MAX; i++)
		r->rows[n++] = own->rows[i];
	for (size_t i = 0; theirs && i < theirs->count && n < ROWS_MAX; i++) {
		struct keymap_row row = theirs->rows[i];
		int k = 0;

		if (row.what) {
			what = row.what;
			head_kept = false;
		}
		for (int j = 0; j < KEYMAP_KEYS_MAX && theirs->rows[i].keys[j].kind; j++)
			if (!shadowed(own, &theirs->rows[i].keys[j]))
				row.keys[k++] = theirs->rows[i].keys[j];
		if (k == 0)
			continue;
		for (; k < KEYMAP_KEYS_MAX; k++)
			row.keys[k] = (struct keymap_key){0};
		/* A row after a head that lost all its keys takes its help line. */
		if (!head_kept)
			row.what = what;
		head_kept = true;
		r->rows[n++] = row;
	}
	r->keys = (struct keymap){r->rows, n};
}

static void close_child(struct runner *r)
{
	if (r->child.ops && r->child.ops->free)
		r->child.ops->free(r->child.self);
	r->child = (struct screen){0};
}

/* Where run: puts the search of step st: the number of its event. */
static uint64_t run_to(const struct lesson_step *st)
{
	char err[256];
	struct search *s;
	uint64_t at;

	if (st->run == LESSON_RUN_NONE)
		return 0;
	s = search_new_from(st->algo, st->n, st->first ? SEARCH_FIRST : SEARCH_ALL, 1,
	                    st->has_from ? st->from : NULL, err, sizeof err);
	if (!s)
		return 0;
	switch (st->run) {
	case LESSON_RUN_EVENTS:
		search_run(s, 0, st->events);
		break;
	case LESSON_RUN_SOLUTION:
		search_run(s, 1u << SEARCH_EV_SOLUTION, RUN_MAX);
		break;
	default:
		search_run(s, 0, RUN_MAX);
		break;
	}
	at = search_counters(s)->events;
	search_free(s);
	return at;
}

/* Poses the next question of the step, or says there is none left to ask. */
static void ask(struct runner *r)
{
	const struct search *s = r->child.ops->search(r->child.self);

	r->typed[0] = '\0';
	r->verdict[0] = '\0';
	if (r->left <= 0)
		return;
	if (!lesson_question(s, &r->q)) {
		snprintf(r->verdict, sizeof r->verdict,
		         "The search places no more queens: nothing left to ask.");
		r->left = 0;
		return;
	}
	/* The board stays still while the class thinks. */
	r->child.ops->seek(r->child.self, search_counters(s)->events, false);
	r->asking = true;
	r->left--;
}

/* Shows step k: its screen opened afresh with the step's arguments. */
static void open_step(struct runner *r, int k)
{
	const struct lesson_step *st = &r->l.steps[k];
	struct screen_open o = {.n = st->n};
	bool opens = true;

	close_child(r);
	r->at = k;
	r->message[0] = '\0';
	r->asking = false;
	r->left = 0;
	r->verdict[0] = '\0';
	switch (st->screen) {
	case LESSON_PLAY:
		o.kind = SCREEN_PLAY;
		break;
	case LESSON_WATCH:
		o.kind = SCREEN_WATCH;
		o.algo = st->algo;
		o.goal = st->first ? SEARCH_FIRST : SEARCH_ALL;
		o.given = st->has_from ? st->from : NULL;
		o.event = run_to(st);
		o.speed = st->speed;
		/* The listing the step names, or the last one an earlier step named. */
		for (int j = k; j >= 0 && o.code == LESSON_CODE_DEFAULT; j--)
			o.code = r->l.steps[j].code;
		/* Questions first: the search plays on once they are answered. */
		o.play = st->play && !st->ask;
		break;
	case LESSON_BROWSE:
		o.kind = SCREEN_BROWSE;
		o.index = st->index;
		o.classes = st->classes;
		break;
	default:
		opens = false;
		break;
	}
	if (opens && r->env->openers[o.kind](&r->child, &o, r->env, r->message,
	                                     sizeof r->message) < 0)
		r->child = (struct screen){0};
	build_keys(r, r->child.ops ? r->child.ops->keys(r->child.self) : NULL);
	if (st->screen == LESSON_WATCH && r->child.ops && r->child.ops->search) {
		r->left = st->ask;
		ask(r);
	}
}

/* The answer typed is checked against the search, which then moves to it. */
static void answer(struct runner *r, bool skip)
{
	const struct lesson_step *st = &r->l.steps[r->at];
	int n = search_n(r->child.ops->search(r->child.self));
	char sq[16];

	if (skip) {
		board_square_name(r->q.answer, sq, sizeof sq);
		snprintf(r->verdict, sizeof r->verdict, "The queen goes to %s. %s", sq,
		         r->q.why);
	} else {
		int ok = lesson_answer(&r->q, n, r->typed, r->verdict, sizeof r->verdict);

		if (ok < 0) {
			r->typed[0] = '\0';
			return;
		}
		r->asked++;
		r->right += ok;
	}
	r->asking = false;
	r->typed[0] = '\0';
	r->child.ops->seek(r->child.self, r->q.event, r->left == 0 && st->play);
}

/* A key while a question is asked: the square typed, Enter, Backspace, Escape. */
static void question_key(struct runner *r, const struct input_event *ev)
{
	size_t len = strlen(r->typed);

	if (ev->kind != INPUT_KEY)
		return;
	if (ev->key == INPUT_KEY_ENTER) {
		if (len)
			answer(r, false);
	} else if (ev->key == INPUT_KEY_ESCAPE) {
		answer(r, true);
	} else if (ev->key == INPUT_KEY_BACKSPACE) {
		if (len)
			r->typed[len - 1] = '\0';
	} else if (ev->key == INPUT_KEY_CHAR && !(ev->mods & INPUT_MOD_CTRL) &&
	           ((ev->codepoint >= 'a' && ev->codepoint <= 'z') ||
	            (ev->codepoint >= '0' && ev->codepoint <= '9')) &&
	           len + 1 < sizeof r->typed) {
		r->typed[len] = (char)ev->codepoint;
		r->typed[len + 1] = '\0';
	}
}

/* The question asked, in the words of the pseudocode when a call is under way. */
static void question(const struct runner *r, char *buf, size_t len)
{
	if (r->q.call[0])
		snprintf(buf, len, "%s is running: where will the next queen go?",
		         r->q.call);
	else
		snprintf(buf, len, "Where will the next queen go?");
}

/* The lines the panel's text takes in a window cols wide. */
static int text_lines(const struct runner *r, int cols)
{
	int lines = text_wrap_height(cols - 2, 0, r->l.steps[r->at].text);
	char line[256];

	question(r, line, sizeof line);
	if (r->asking || r->verdict[0])
		lines += 1 + text_wrap_height(cols - 2, 0, r->asking ? line : r->verdict);
	if (r->asking)
		lines += text_wrap_height(cols - 2, 0, "Your answer: ____" ANSWER_LINE);
	if (r->message[0])
		lines += text_wrap_height(cols - 2, 0, r->message);
	return lines;
}

/* The panel's lines: a rule with the title and the step, the text, the key line. */
static int panel_lines(const struct runner *r, int cols)
{
	int lines = text_lines(r, cols);

	return 2 + (lines > PANEL_TEXT_MAX ? PANEL_TEXT_MAX : lines);
}

/*
 * The rectangle of the step's screen: the lines above the panel, and the
 * panel's first line, where the screen's key line goes (the lesson's keys
 * rule there).
 */
static struct layout_rect child_rect(const struct runner *r, struct layout_rect win)
{
	return (struct layout_rect){win.y, win.x, win.h - panel_lines(r, win.w) + 1,
	                            win.w};
}

/* What a question or its verdict says, under the step's text. */
static void draw_question(const struct runner *r, struct layout_rect w, int *y, int last)
{
	char line[256];

	if (r->asking) {
		question(r, line, sizeof line);
		(*y)++;
		text_wrap_head(y, last, w.x + 1, w.w - 2, theme_attr(THEME_KEY), "",
		               line);
		snprintf(line, sizeof line, "Your answer: %s_" ANSWER_LINE, r->typed);
		text_wrap_head(y, last, w.x + 1, w.w - 2, A_NORMAL, "", line);
	} else if (r->verdict[0]) {
		(*y)++;
		text_wrap_head(y, last, w.x + 1, w.w - 2,
		               strncmp(r->verdict, "Right", 5) == 0
		                       ? theme_attr(THEME_GOOD)
		                       : (int)A_NORMAL,
		               "", r->verdict);
	}
}

static void lesson_resize(void *self, struct layout_rect w)
{
	struct runner *r = self;

	if (r->child.ops && r->child.ops->resize)
		r->child.ops->resize(r->child.self, child_rect(r, w));
}

static void lesson_draw(const void *self, struct layout_rect w)
{
	const struct runner *r = self;
	const struct lesson_step *st = &r->l.steps[r->at];
	int top, y, last = w.y + w.h - 2;
	const char *hints[24];
	char head[400], score[64] = "";

	if (r->child.ops) {
		struct layout_rect c = child_rect(r, w);

		r->child.ops->draw(r->child.self, c);
		top = c.y + c.h - 1;
		attrset(A_NORMAL);
		for (int i = top; i < w.y + w.h; i++)
			mvhline(i, w.x, ' ', w.w);
	} else {
		/* Text alone: a page of its own, the text in a readable column. */
		attrset(A_NORMAL);
		for (int i = w.y; i < w.y + w.h; i++)
			mvhline(i, w.x, ' ', w.w);
		top = w.y;
	}
	if (r->asked)
		snprintf(score, sizeof score, "  %d of %d right", r->right, r->asked);
	snprintf(head, sizeof head, "%s - step %d of %d%s", r->l.title, r->at + 1,
	         r->l.nsteps, score);
	text_cut(head, w.w - 1);
	attrset(theme_attr(THEME_STATUS));
	mvhline(top, w.x, ' ', w.w);
	text_put_in(top, w.x + 1, w.w - 1, theme_attr(THEME_STATUS), head);
	attrset(A_NORMAL);
	y = top + 1 + (r->child.ops ? 0 : 1);
	if (!r->child.ops) {
		int width = w.w - 4 < 72 ? w.w - 4 : 72,
		    h = text_wrap_height(width, 0, st->text);

		/* A page of text sits in the middle of the window, as a slide does. */
		if (y + h < last)
			y += (last - y - h) / 2;
		text_wrap_head(&y, last, w.x + (w.w - width) / 2, width, A_NORMAL, "",
		               st->text);
	} else {
		text_wrap_head(&y, last, w.x + 1, w.w - 2, A_NORMAL, "", st->text);
	}
	if (r->message[0])
		text_wrap_head(&y, last, w.x + 1, w.w - 2, theme_attr(THEME_BAD), "",
		               r->message);
	draw_question(r, w, &y, last);
	if (r->asking)
		text_keys(w, NULL, 0, "Enter check  Backspace erase  Esc skip  ? help");
	else
		text_keys(w, hints, keymap_hints(&r->keys, 0, hints, 24),
		          "? help  q leave");
}

/* The step's screen closed: its text stays. */
static void child_close(void *ctx)
{
	struct runner *r = ctx;

	close_child(r);
	build_keys(r, NULL);
}

/* The step's screen opened another in its place (Play's next puzzle). */
static void child_replace(void *ctx, const struct screen_open *o)
{
	struct runner *r = ctx;
	struct screen next;
	char err[600];

	/* A lesson inside a lesson would be one screen too many. */
	if (o->kind == SCREEN_LESSON || o->kind == SCREEN_HELP ||
	    r->env->openers[o->kind](&next, o, r->env, err, sizeof err) < 0)
		return;
	close_child(r);
	r->child = next;
	r->left = 0;
	r->verdict[0] = '\0';
	build_keys(r, r->child.ops->keys(r->child.self));
}

/*
 * Hands an event to the step's screen (a click with the step's rectangle,
 * win the lesson's), and follows what it answers: a close or a replace
 * here, the rest by the app.
 */
static enum screen_reply to_child(struct runner *r, const struct input_event *ev,
                                  const struct layout_rect *win, struct screen_open *open)
{
	const struct screen_host host = {
	        .close = child_close, .replace = child_replace, .ctx = r};
	enum screen_reply reply;

	if (ev->kind == INPUT_MOUSE)
		reply = r->child.ops->mouse && win
		                ? r->child.ops->mouse(r->child.self, ev,
		                                      child_rect(r, *win), open)
		                : SCREEN_STAY;
	else
		reply = r->child.ops->key(r->child.self, ev, open);
	return screen_follow(&host, reply, open);
}

static enum screen_reply lesson_event(void *self, const struct input_event *ev,
                                      const struct layout_rect *win,
                                      struct screen_open *open)
{
	struct runner *r = self;
	int action = keymap_action(&own_keys[r->l.steps[r->at].screen], ev);

	if (r->asking) {
		question_key(r, ev);
		return SCREEN_STAY;
	}
	switch (action) {
	case LESSON_NEXT:
		if (r->left > 0 && r->child.ops && r->child.ops->search)
			ask(r);
		else if (r->at + 1 < r->l.nsteps)
			open_step(r, r->at + 1);
		else
			return SCREEN_CLOSE;
		return SCREEN_STAY;
	case LESSON_PREV:
		if (r->at > 0)
			open_step(r, r->at - 1);
		return SCREEN_STAY;
	case LESSON_LEAVE:
		return SCREEN_CLOSE;
	case LESSON_SPACE:
		if (r->child.ops) {
			struct input_event space = {.kind = INPUT_KEY};

			/* Space is Watch's play; Enter is Play's queen and Browse's open.
			 */
			if (r->l.steps[r->at].screen == LESSON_WATCH) {
				space.key = INPUT_KEY_CHAR;
				space.codepoint = ' ';
			} else {
				space.key = INPUT_KEY_ENTER;
			}
			return to_child(r, &space, win, open);
		}
		return SCREEN_STAY;
	case LESSON_SKIP:
	default:
		break;
	}
	return r->child.ops ? to_child(r, ev, win, open) : SCREEN_STAY;
}

static enum screen_reply lesson_key(void *self, const struct input_event *ev,
                                    struct screen_open *open)
{
	return lesson_event(self, ev, NULL, open);
}

static enum screen_reply lesson_mouse(void *self, const struct input_event *ev,
                                      struct layout_rect win, struct screen_open *open)
{
	return lesson_event(self, ev, &win, open);
}

static void lesson_wake(void *self)
{
	struct runner *r = self;

	if (r->child.ops && r->child.ops->wake)
		r->child.ops->wake(r->child.self);
}

static long lesson_timer_ms(void *self)
{
	struct runner *r = self;

	return r->child.ops && r->child.ops->timer_ms
	               ? r->child.ops->timer_ms(r->child.self)
	               : -1;
}

static void lesson_tick(void *self)
{
	struct runner *r = self;

	if (r->child.ops && r->child.ops->tick)
		r->child.ops->tick(r->child.self);
}

static void lesson_min_size(const void *self, int *lines, int *cols)
{
	const struct runner *r = self;

	*lines = 12;
	*cols = 40;
	if (r->child.ops) {
		r->child.ops->min_size(r->child.self, lines, cols);
		/* The panel with three lines of text, less the key line it covers. */
		*lines += 2 + 3 - 1;
	}
}

static const struct keymap *lesson_keys(const void *self)
{
	return &((const struct runner *)self)->keys;
}

static void run_free(void *self)
{
	struct runner *r = self;

	if (!r)
		return;
	close_child(r);
	free(r->l.steps);
	free(r);
}

static const struct screen_ops lesson_ops = {
        .title = "Lesson",
        .free = run_free,
        .resize = lesson_resize,
        .draw = lesson_draw,
        .key = lesson_key,
        .mouse = lesson_mouse,
        .wake = lesson_wake,
        .timer_ms = lesson_timer_ms,
        .tick = lesson_tick,
        .min_size = lesson_min_size,
        .keys = lesson_keys,
};

int lesson_open(struct screen *out, const struct screen_open *o,
                const struct screen_env *env, char *err, size_t errlen)
{
	struct runner *r = calloc(1, sizeof *r);

	if (r) {
		r->l = *o->lesson;
		r->l.steps = malloc((size_t)o->lesson->nsteps * sizeof *r->l.steps);
	}
	if (!r || !r->l.steps) {
		free(r);
		snprintf(err, errlen, "Out of memory.");
		return -1;
	}
	memcpy(r->l.steps, o->lesson->steps,
	       (size_t)o->lesson->nsteps * sizeof *r->l.steps);
	r->env = env;
	open_step(r, 0);
	*out = (struct screen){&lesson_ops, r};
	return 0;
}
