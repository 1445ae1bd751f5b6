/* The Watch screen: the search animated event by event, forward and back. */
#include "config.h"

#include "watch.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datadir.h"
#include "input.h"
#include "keymap.h"
#include "terminal.h"
#include "text.h"
#include "watch_impl.h"

/* Up to this n a tree search for all solutions is run once ahead to learn its length. */
#define TOTAL_MAX_N 12
#define REPAIR_AHEAD_MAX_N 2000

/* End runs at most this many events at once, so a large board never freezes. */
#define END_CHUNK 50000000u

/* Animation frames come no closer than this; fast speeds step several events. */
#define FRAME_MS 20

const int watch_speeds[NSPEEDS] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};

/* What the keys do. */
enum watch_action {
	WATCH_PLAY,
	WATCH_FORWARD,
	WATCH_BACK,
	WATCH_NEXT_SOLUTION,
	WATCH_END,
	WATCH_START,
	WATCH_FASTER,
	WATCH_SLOWER,
	WATCH_ALGORITHM,
	WATCH_GOAL,
	WATCH_SMALLER,
	WATCH_LARGER,
	WATCH_PSEUDO,
	WATCH_STACK,
	WATCH_TREE,
	WATCH_CLICK,
	WATCH_QUIZ,
	WATCH_QUIZ_WHEN,
	WATCH_TREE_UP,
	WATCH_TREE_DOWN,
	WATCH_LEAVE,
};

static const struct keymap_row key_rows[] = {
        {WATCH_PLAY, {KCHAR(' ')}, "play or pause", {{0, "Space play"}}},
        {WATCH_FORWARD,
         {KEY(RIGHT), KCHAR('.')},
         "one event forward",
         {{0, "Left/Right step"}}},
        {WATCH_BACK, {KEY(LEFT), KCHAR(',')}, "one event back", {}},
        {WATCH_FORWARD, {KMOUSE(WHEEL_DOWN)}, "one event back or forward", {}},
        {WATCH_BACK, {KMOUSE(WHEEL_UP)}, NULL, {}},
        {WATCH_NEXT_SOLUTION, {KCHAR('n')}, "run to the next solution", {{0, "n next"}}},
        {WATCH_END, {KEY(END), KCHAR('e')}, "run to the end", {{0, "e end"}}},
        {WATCH_START,
         {KEY(HOME), KCHAR('r')},
         "back to the start",
         {{KEYMAP_MORE, "r restart"}}},
        {WATCH_FASTER,
         {KCHAR('+'), KCHAR('=')},
         "faster or slower, 1 to 1000/s",
         {{0, "+/- speed"}}},
        {WATCH_SLOWER, {KCHAR('-')}, NULL, {}},
        {WATCH_ALGORITHM,
         {KCHAR('a')},
         "the next algorithm",
         {{KEYMAP_MORE, "a algorithm"}}},
        {WATCH_GOAL,
         {KCHAR('f')},
         "first solution only, or all",
         {{KEYMAP_MORE, "f first/all"}}},
        {WATCH_SMALLER,
         {KCHAR('[')},
         "smaller or larger board",
         {{KEYMAP_MORE, "[/] size"}}},
        {WATCH_LARGER, {KCHAR(']')}, NULL, {}},
        {WATCH_PSEUDO,
         {KCHAR('p')},
         "show or hide the pseudocode",
         {{KEYMAP_MORE, "p pseudocode"}}},
        {WATCH_STACK,
         {KCHAR('s')},
         "show or hide the call stack",
         {{KEYMAP_MORE, "s stack"}}},
        {WATCH_TREE,
         {KCHAR('t')},
         "show or hide the tree (whole up to 6x6, folded beyond)",
         {{KEYMAP_MORE, "t tree"}}},
        {WATCH_TREE_UP, {KEY(PAGEUP)}, "scroll the folded tree up or down", {}},
        {WATCH_TREE_DOWN, {KEY(PAGEDOWN)}, NULL, {}},
        {WATCH_QUIZ,
         {KCHAR('Q')},
         "predict mode: the search stops and asks before it decides",
         {{KEYMAP_MORE, "Q predict"}}},
        {WATCH_QUIZ_WHEN,
         {KCHAR('W')},
         "predict mode asks at every decision, placement or return",
         {}},
        {WATCH_CLICK,
         {KMOUSE(BUTTON_LEFT)},
         "on the bar: go to that point of the search",
         {}},
        {WATCH_LEAVE, {KCHAR('q')}, "leave", {}},
};
const struct keymap watch_keymap = KEYMAP(key_rows);

static void say(struct watch *w, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

static void say(struct watch *w, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(w->message, sizeof w->message, fmt, ap);
	va_end(ap);
}

/* Reads data/pseudocode/NAME.txt; a missing file leaves a line saying so. */
static void load_pseudo(struct watch *w)
{
	char name[64], path[4096];
	FILE *f;

	w->npseudo = 0;
	snprintf(name, sizeof name, "pseudocode/%s.txt", search_algo_name(w->algo));
	f = datadir_find(name, path, sizeof path) ? fopen(path, "r") : NULL;
	if (!f) {
		snprintf(w->pseudo[0], sizeof w->pseudo[0], "(%s not found)", name);
		w->npseudo = 1;
		return;
	}
	while (w->npseudo < PSEUDO_MAX_LINES &&
	       fgets(w->pseudo[w->npseudo], sizeof w->pseudo[0], f)) {
		char *line = w->pseudo[w->npseudo];

		line[strcspn(line, "\n")] = '\0';
		w->npseudo++;
	}
	fclose(f);
	/* Blank lines at the end would only take room. */
	while (w->npseudo > 0 && w->pseudo[w->npseudo - 1][0] == '\0')
		w->npseudo--;
	w->pseudo_w = 0;
	for (int i = 0; i < w->npseudo; i++)
		if (text_width(w->pseudo[i]) + 2 > w->pseudo_w)
			w->pseudo_w = text_width(w->pseudo[i]) + 2;
}

static uint64_t run(struct watch *w, unsigned stop, uint64_t max);

/*
 * Whether the whole search takes a fraction of a second: the tree searches
 * of small boards or to their first solution, the construction, and repair
 * (whose random choices follow its seed) on boards it mends in milliseconds.
 */
static bool ahead_quick(const struct watch *w)
{
	switch (w->algo) {
	case SEARCH_CONSTRUCT:
		return true;
	case SEARCH_REPAIR:
		return w->n <= REPAIR_AHEAD_MAX_N;
	default:
		return w->n <= TOTAL_MAX_N || w->goal == SEARCH_FIRST;
	}
}

/* Starts the search afresh with the current algorithm, goal, size and queens. */
static int restart(struct watch *w, char *err, size_t errlen)
{
	struct search *s =
	        search_new_from(w->algo, w->n, w->goal, 1, w->given, err, errlen);
	uint16_t *cells;

	if (!s) {
		say(w, "%s.", err);
		return -1;
	}
	cells = calloc(w->n <= CELLS_MAX_N ? (size_t)w->n * (size_t)w->n : 1,
	               sizeof *cells);
	if (!cells) {
		search_free(s);
		snprintf(err, errlen, "out of memory");
		say(w, "Out of memory.");
		return -1;
	}
	search_free(w->s);
	free(w->cells);
	w->s = s;
	w->cells = cells;
	w->total = 0;
	w->nodes_top = 0;
	w->nconf = 0;
	w->tree_lines = -1;
	w->playing = false;
	/* A search quick to run once ahead shows how far through it the viewer is. */
	if (ahead_quick(w)) {
		run(w, 0, 0);
		w->total = search_counters(s)->events;
		/* The folded tree's profile measures its figures by the largest. */
		for (int k = 0; search_nodes(s) && k <= w->n; k++)
			if (search_nodes(s)[k] > w->nodes_top)
				w->nodes_top = search_nodes(s)[k];
		search_restart(s);
	}
	load_pseudo(w);
	return 0;
}

static void watch_free(void *self);

static struct watch *watch_new(int n, enum search_algo a, enum search_goal goal,
                               const int *given, char *err, size_t errlen)
{
	struct watch *w = calloc(1, sizeof *w);

	if (!w || (given && !(w->given = malloc((size_t)n * sizeof *given)))) {
		snprintf(err, errlen, "out of memory");
		free(w);
		return NULL;
	}
	if (given)
		memcpy(w->given, given, (size_t)n * sizeof *given);
	w->n = n;
	w->algo = a;
	w->goal = goal;
	w->speed = 4;
	w->show_pseudo = w->show_stack = w->show_tree = true;
	w->quiz.when = QUIZ_EVERY_DECISION;
	if (restart(w, err, errlen) < 0) {
		watch_free(w);
		return NULL;
	}
	return w;
}

static void watch_free(void *self)
{
	struct watch *w = self;

	if (!w)
		return;
	search_free(w->s);
	free(w->cells);
	free(w->given);
	free(w->conf);
	free(w);
}

static void watch_min_size(const void *self, int *lines, int *cols)
{
	(void)self;
	/*
	 * Title, progress, a few ranks, the narration, a message, the key line;
	 * beside an 8x8 board of one-character squares, the packed counters.
	 */
	*lines = 12;
	*cols = 40;
}

/* Repair: keeps the number of conflicts after each move for the sparkline. */
static void note_conflicts(struct watch *w)
{
	size_t m = (size_t)search_counters(w->s)->moves;

	if (m + 1 < w->nconf)
		return; /* known already: the search goes the same way again */
	if (m >= w->capconf) {
		size_t cap = w->capconf ? 2 * w->capconf : 1024;
		uint32_t *p = realloc(w->conf, cap * sizeof *p);

		if (!p)
			return;
		w->conf = p;
		w->capconf = cap;
	}
	uint64_t c = search_conflicts(w->s);

	w->conf[m] = c > UINT32_MAX ? UINT32_MAX : (uint32_t)c;
	w->nconf = m + 1;
}

/* search_run, noting repair's conflicts on the way. */
static uint64_t run(struct watch *w, unsigned stop, uint64_t max)
{
	uint64_t done = 0;

	if (w->algo != SEARCH_REPAIR)
		return search_run(w->s, stop, max);
	while ((max == 0 || done < max) && search_step(w->s)) {
		done++;
		note_conflicts(w);
		if (stop & (1u << search_last(w->s)->kind))
			break;
	}
	return done;
}

/* restart, for keys: a failure is said on the screen. */
static void restart_here(struct watch *w)
{
	char err[256];

	restart(w, err, sizeof err);
}

/* Forward by up to max events; predict mode stops where it asks. */
static uint64_t step_on(struct watch *w, uint64_t max)
{
	/* Repair keeps its conflicts through run; it is never asked about. */
	return w->quiz.on && search_is_tree(w->algo) ? watch_quiz_run(w, max)
	                                             : run(w, 0, max);
}

static void set_playing(struct watch *w, bool on)
{
	w->playing = on && !search_done(w->s);
	w->anchor_ms = term_now_ms();
	w->anchor_events = search_counters(w->s)->events;
}

int watch_max_n(enum search_algo a)
{
	/* Repair and construct are quick on any board they accept. */
	if (!search_is_tree(a))
		return search_max_n(a);
	return search_max_n(a) < WATCH_MAX_N ? search_max_n(a) : WATCH_MAX_N;
}

static void change_size(struct watch *w, int d)
{
	int n, lo = search_min_n(w->algo), hi = watch_max_n(w->algo);

	/* One at a time on small boards, doubling or halving on large ones. */
	if (d > 0)
		n = w->n < WATCH_MAX_N ? w->n + 1 : 2 * w->n;
	else
		n = w->n <= WATCH_MAX_N      ? w->n - 1
		    : w->n / 2 < WATCH_MAX_N ? WATCH_MAX_N
		                             : w->n / 2;
	if (n > hi && w->n < hi)
		n = hi;
	if (n < lo || n > hi) {
		say(w, "%s works on boards from %d to %d.", search_algo_name(w->algo), lo,
		    hi);
		return;
	}
	w->n = n;
	/* The given queens belong to the old board. */
	if (w->given) {
		free(w->given);
		w->given = NULL;
		say(w, "A new board: the search starts from no queens.");
	}
	restart_here(w);
}

static void next_algo(struct watch *w)
{
	w->algo = (enum search_algo)((w->algo + 1) % SEARCH_ALGO_COUNT);
	/* The construction cannot start from given queens. */
	if (w->given && w->algo == SEARCH_CONSTRUCT)
		w->algo = (enum search_algo)((w->algo + 1) % SEARCH_ALGO_COUNT);
	if (w->n < search_min_n(w->algo)) {
		say(w, "%s needs n >= %d: the board is now %dx%d.",
		    search_algo_name(w->algo), search_min_n(w->algo),
		    search_min_n(w->algo), search_min_n(w->algo));
		w->n = search_min_n(w->algo);
		free(w->given);
		w->given = NULL;
	}
	if (w->n > watch_max_n(w->algo)) {
		say(w, "%s goes up to %dx%d: the board is now 8x8.",
		    search_algo_name(w->algo), watch_max_n(w->algo),
		    watch_max_n(w->algo));
		w->n = 8;
		free(w->given);
		w->given = NULL;
	}
	restart_here(w);
}

static void run_to_end(struct watch *w)
{
	run(w, 0, END_CHUNK);
	if (!search_done(w->s))
		say(w, "Stopped after %u million events; e runs on.",
		    END_CHUNK / 1000000);
}

/* A click on the progress bar goes to that point of the search. */
static void click(struct watch *w, const struct input_event *ev)
{
	if (w->bar_w > 0 && ev->line == 1 && ev->col >= w->bar_x &&
	    ev->col < w->bar_x + w->bar_w) {
		int at = ev->col - w->bar_x;
		uint64_t k = (uint64_t)((at + 0.5) * (double)w->total / w->bar_w);

		/* The first cell is the start and the last the end. */
		set_playing(w, false);
		search_seek(w->s, at == 0 ? 0 : at == w->bar_w - 1 ? w->total : k);
	}
}

static void change_speed(struct watch *w, int d)
{
	if (d < 0 ? w->speed > 0 : w->speed < NSPEEDS - 1)
		w->speed += d;
	set_playing(w, w->playing);
}

static enum screen_reply watch_event(void *self, const struct input_event *ev,
                                     struct screen_open *open)
{
	struct watch *w = self;

	(void)open;
	w->message[0] = '\0';
	if (watch_quiz_key(w, ev))
		return SCREEN_STAY;
	/* A question waits for its answer before the search goes on. */
	if (w->quiz.on && w->quiz.state == WQ_ASKING &&
	    keymap_action(&watch_keymap, ev) == WATCH_PLAY) {
		say(w, "Answer first, or Escape skips the question.");
		return SCREEN_STAY;
	}
	switch (keymap_action(&watch_keymap, ev)) {
	case WATCH_PLAY:
		set_playing(w, !w->playing);
		if (!w->playing && search_done(w->s))
			say(w, "The search is over: r starts it again.");
		break;
	case WATCH_FORWARD:
		set_playing(w, false);
		if (!step_on(w, 1))
			say(w, "The search is over.");
		break;
	case WATCH_BACK:
		set_playing(w, false);
		if (!search_back(w->s))
			say(w, "This is the start.");
		break;
	case WATCH_NEXT_SOLUTION:
		set_playing(w, false);
		run(w, 1u << SEARCH_EV_SOLUTION, END_CHUNK);
		if (search_done(w->s))
			say(w, "No more solutions.");
		break;
	case WATCH_END:
		set_playing(w, false);
		run_to_end(w);
		break;
	case WATCH_START:
		set_playing(w, false);
		search_restart(w->s);
		break;
	case WATCH_FASTER:
	case WATCH_SLOWER:
		change_speed(w, ev->codepoint == '-' ? -1 : 1);
		break;
	case WATCH_ALGORITHM:
		next_algo(w);
		break;
	case WATCH_GOAL:
		/* Repair and construct stop at their one solution anyway. */
		if (!search_is_tree(w->algo)) {
			say(w, "%s finds one solution: f does not apply.",
			    search_algo_name(w->algo));
			break;
		}
		w->goal = w->goal == SEARCH_ALL ? SEARCH_FIRST : SEARCH_ALL;
		restart_here(w);
		break;
	case WATCH_SMALLER:
	case WATCH_LARGER:
		change_size(w, ev->codepoint == '[' ? -1 : 1);
		break;
	case WATCH_PSEUDO:
		w->show_pseudo = !w->show_pseudo;
		break;
	case WATCH_STACK:
		w->show_stack = !w->show_stack;
		break;
	case WATCH_TREE:
		w->show_tree = !w->show_tree;
		if (w->show_tree && (w->n > TREE_MAX_N || !search_nodes(w->s)))
			say(w, "The tree is drawn for tree searches up to %dx%d.",
			    TREE_MAX_N, TREE_MAX_N);
		break;
	case WATCH_CLICK:
		click(w, ev);
		break;
	case WATCH_QUIZ:
		watch_quiz_set(w, !w->quiz.on);
		set_playing(w, false);
		say(w, "Predict mode is %s.", w->quiz.on ? "on" : "off");
		break;
	case WATCH_QUIZ_WHEN:
		if (!w->quiz.on)
			watch_quiz_set(w, true);
		else
			watch_quiz_cycle(w);
		say(w, "Predict mode asks at %s.", quiz_when_name(w->quiz.when));
		break;
	case WATCH_TREE_UP:
		w->tree_scroll++;
		break;
	case WATCH_TREE_DOWN:
		if (w->tree_scroll > 0)
			w->tree_scroll--;
		break;
	case WATCH_LEAVE:
		return SCREEN_CLOSE;
	default:
		break;
	}
	watch_quiz_sync(w);
	return SCREEN_STAY;
}

/* The event number the clock has reached at the current speed. */
static uint64_t due_events(const struct watch *w, long long now)
{
	return w->anchor_events +
	       (uint64_t)(now - w->anchor_ms) * (uint64_t)watch_speeds[w->speed] / 1000;
}

static long watch_timer_ms(void *self)
{
	struct watch *w = self;
	uint64_t next;
	long long at, wait;

	if (!w->playing)
		return -1;
	next = search_counters(w->s)->events + 1 - w->anchor_events;
	at = w->anchor_ms +
	     (long long)((next * 1000 + (uint64_t)watch_speeds[w->speed] - 1) /
	                 (uint64_t)watch_speeds[w->speed]);
	/* Fast speeds step several events a frame rather than redraw each. */
	if (at < w->frame_ms + FRAME_MS)
		at = w->frame_ms + FRAME_MS;
	wait = at - term_now_ms();
	return wait > 0 ? (long)wait : 0;
}

static void watch_tick(void *self)
{
	struct watch *w = self;
	uint64_t due, now_at;

	if (!w->playing)
		return;
	w->frame_ms = term_now_ms();
	due = due_events(w, w->frame_ms);
	now_at = search_counters(w->s)->events;
	if (due > now_at)
		step_on(w, due - now_at);
	if (search_done(w->s))
		w->playing = false;
	term_dirty();
}

const struct keymap *watch_current_keys(const struct watch *w)
{
	return w->quiz.on && w->quiz.state == WQ_ASKING ? &watch_quiz_keymap
	                                                : &watch_keymap;
}

static const struct keymap *watch_keys(const void *self)
{
	return watch_current_keys(self);
}

static const struct screen_ops watch_ops = {
        .title = "Watch",
        .free = watch_free,
        .draw = watch_draw,
        .key = watch_event,
        .mouse = watch_event,
        .timer_ms = watch_timer_ms,
        .tick = watch_tick,
        .min_size = watch_min_size,
        .keys = watch_keys,
};

int watch_open(struct screen *out, const struct screen_open *o,
               const struct screen_env *env, char *err, size_t errlen)
{
	char why[256];
	struct watch *w = watch_new(o->n, o->algo, o->goal, o->given, why, sizeof why);

	(void)env;
	if (!w) {
		/* From Play's queens, the reason is in them. */
		snprintf(err, errlen, "Cannot watch %s: %s.",
		         o->given ? "from here" : "this", why);
		return -1;
	}
	*out = (struct screen){&watch_ops, w};
	if (o->quiz)
		watch_quiz_set(w, true);
	return 0;
}
