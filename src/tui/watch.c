/* The Watch screen: the search animated event by event, forward and back. */
#include "config.h"

#include "watch.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datadir.h"
#include "fileio.h"
#include "input.h"
#include "keymap.h"
#include "settings.h"
#include "terminal.h"
#include "text.h"
#include "theme.h"
#include "watch_impl.h"

/* Up to this n a tree search for all solutions is run once ahead to learn its length. */
#define TOTAL_MAX_N 12
#define REPAIR_AHEAD_MAX_N 2000

/* End runs at most this many events at once, so a large board never freezes. */
#define END_CHUNK 50000000u

/* Animation frames come no closer than this; fast speeds step several events. */
#define FRAME_MS 20

/*
 * A changed search is compared with the old one over this many events at
 * most (a fraction of a second): searches that agree that far agree on
 * (backtrack and scan), or end sooner (first and all).
 */
#define KEEP_MAX 2000000u

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
	WATCH_PREV_SOLUTION,
	WATCH_STEP_OVER,
	WATCH_STEP_OUT,
	WATCH_TO_DEPTH,
	WATCH_BREAK,
	WATCH_BREAKS_CLEAR,
	WATCH_NARRATION,
	WATCH_BIG,
	WATCH_HANDOUT,
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
        {WATCH_PREV_SOLUTION,
         {KCHAR('N')},
         "back to the solution before",
         {{KEYMAP_MORE, "N previous"}}},
        {WATCH_END, {KEY(END), KCHAR('e')}, "run to the end", {{0, "e end"}}},
        {WATCH_STEP_OVER,
         {KCHAR('o')},
         "step over: one event, a call it makes run whole",
         {{KEYMAP_MORE, "o over"}}},
        {WATCH_STEP_OUT,
         {KCHAR('u')},
         "step out: run until the current call returns",
         {{KEYMAP_MORE, "u out"}}},
        {WATCH_TO_DEPTH,
         {KCHAR('d')},
         "run until a call makes the stack that deep: type it, then Enter",
         {{KEYMAP_MORE, "d depth"}}},
        {WATCH_BREAK,
         {KCHAR('b')},
         "set or clear a breakpoint: Enter for the square shown, or type a "
         "square (c4), a depth (3) or s (a solution), then Enter",
         {{KEYMAP_MORE, "b break"}}},
        {WATCH_BREAKS_CLEAR, {KCHAR('B')}, "clear every breakpoint", {}},
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
        {WATCH_NARRATION,
         {KCHAR('v')},
         "the narration short (a sentence) or full (two to four)",
         {{KEYMAP_MORE, "v narration"}}},
        {WATCH_BIG,
         {KCHAR('z')},
         "projector mode: the board, pseudocode and stack, large, in high "
         "contrast",
         {{KEYMAP_MORE, "z projector"}}},
        {WATCH_HANDOUT,
         {KCHAR('x')},
         "write a handout: the trace so far and this frame, to a new file",
         {{KEYMAP_MORE, "x handout"}}},
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

static void say_more(struct watch *w, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

/* Adds a sentence to what the screen says already. */
static void say_more(struct watch *w, const char *fmt, ...)
{
	size_t at = strlen(w->message);
	va_list ap;

	if (at > 0 && at + 1 < sizeof w->message)
		w->message[at++] = ' ';
	va_start(ap, fmt);
	vsnprintf(w->message + at, sizeof w->message - at, fmt, ap);
	va_end(ap);
}

/* Reads data/pseudocode/NAME.txt; a missing file leaves a line saying so. */
static void load_pseudo(struct watch *w)
{
	char name[64], path[4096];
	FILE *f;

	w->npseudo = 0;
	snprintf(name, sizeof name, "pseudocode/%s.txt", search_algo_name(w->algo));
	f = datadir_find(name, path, sizeof path) ? fileio_open_regular(path, NULL, 0)
	                                          : NULL;
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
 * The listing's outside call, "solve(a)", names the file the search starts
 * in, which given queens move on (the engine's first event says which).
 */
static void name_first_call(struct watch *w)
{
	const struct search_event *ev;
	char file[16];

	if (!search_is_tree(w->algo) || !search_step(w->s))
		return;
	ev = search_last(w->s);
	if (ev->kind == SEARCH_EV_ENTER) {
		board_file_name(ev->file, file, sizeof file);
		for (int i = 0; i < w->npseudo; i++)
			if (strcmp(w->pseudo[i], "solve(a)") == 0)
				snprintf(w->pseudo[i], sizeof w->pseudo[i], "solve(%s)",
				         file);
	}
	search_restart(w->s);
}

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
	name_first_call(w);
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
	w->break_square.file = -1;
	w->narrate_full = true;
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
	/* Projector mode's theme is the screen's own: the viewer's comes back. */
	if (w->big)
		theme_set(w->theme_before);
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

/* search_run_to, noting repair's conflicts on the way. */
static uint64_t run_to(struct watch *w, const struct search_break *b, uint64_t max)
{
	uint64_t done = 0;

	if (w->algo != SEARCH_REPAIR)
		return search_run_to(w->s, b, max);
	while ((max == 0 || done < max) && search_step(w->s)) {
		done++;
		note_conflicts(w);
		if (search_break_hit(w->s, b))
			break;
	}
	return done;
}

/* Runs until an event of a kind in stop (a mask of 1u << kind). */
static uint64_t run(struct watch *w, unsigned stop, uint64_t max)
{
	struct search_break b = {stop, {-1, 0}, -1};

	return run_to(w, &b, max);
}

bool watch_breaks_set(const struct watch *w)
{
	return w->break_solution || w->break_square.file >= 0 || w->break_depth > 0;
}

/* The breakpoints set, and the kinds of event in stop. */
static struct search_break breaks(const struct watch *w, unsigned stop)
{
	struct search_break b = {stop, w->break_square,
	                         w->break_depth > 0 ? w->break_depth : -1};

	if (w->break_solution)
		b.kinds |= 1u << SEARCH_EV_SOLUTION;
	return b;
}

/* After a run: whether it stopped at a breakpoint; the screen says which. */
static bool at_break(struct watch *w)
{
	const struct search_event *ev = search_last(w->s);
	struct search_break sol = {1u << SEARCH_EV_SOLUTION, {-1, 0}, -1},
	                    sq = {0, w->break_square, -1},
	                    deep = {0, {-1, 0}, w->break_depth};
	char name[16];

	if (w->break_solution && search_break_hit(w->s, &sol)) {
		say(w, "Breakpoint: solution %" PRIu64 " is found.", ev->solution);
	} else if (w->break_square.file >= 0 && search_break_hit(w->s, &sq)) {
		board_square_name(ev->sq, name, sizeof name);
		say(w, "Breakpoint: %s is tried.", name);
	} else if (w->break_depth > 0 && search_break_hit(w->s, &deep)) {
		board_file_name(ev->file, name, sizeof name);
		say(w, "Breakpoint: solve(%s) makes the stack %d calls deep.", name,
		    w->break_depth);
	} else {
		return false;
	}
	return true;
}

static bool same_square(struct square a, struct square b)
{
	return a.file == b.file && a.rank == b.rank;
}

/* Whether two events say the same, as trace would write them. */
static bool same_event(const struct search *a, const struct search *b)
{
	const struct search_event *x = search_last(a), *y = search_last(b);

	if (x->kind != y->kind)
		return false;
	switch (x->kind) {
	case SEARCH_EV_TRY:
	case SEARCH_EV_PLACE:
	case SEARCH_EV_REMOVE:
		return same_square(x->sq, y->sq);
	case SEARCH_EV_REJECT:
		return same_square(x->sq, y->sq) &&
		       same_square(x->attacker, y->attacker) && x->line == y->line;
	case SEARCH_EV_ENTER:
	case SEARCH_EV_RETURN:
		return x->file == y->file;
	case SEARCH_EV_MOVE:
		return same_square(x->sq, y->sq) && same_square(x->from, y->from) &&
		       x->conflicts == y->conflicts;
	case SEARCH_EV_SOLUTION:
		return x->solution == y->solution && search_n(a) == search_n(b) &&
		       memcmp(search_ranks(a), search_ranks(b),
		              (size_t)search_n(a) * sizeof(int)) == 0;
	case SEARCH_EV_DONE:
		return search_counters(a)->solutions == search_counters(b)->solutions;
	default:
		return true;
	}
}

/*
 * restart, for keys, keeping the place: the new search goes to the event
 * the old one was at when the two are the same up to there (first or all
 * up to the first solution, backtrack or scan), else to the last event
 * they share, and says so.  A failure is said on the screen.
 */
static void restart_here(struct watch *w)
{
	struct search *old = w->s;
	uint64_t k = search_counters(old)->events, same = 0;
	char err[256];

	w->s = NULL;
	if (restart(w, err, sizeof err) < 0) {
		w->s = old;
		return;
	}
	search_restart(old);
	while (same < k && same < KEEP_MAX) {
		bool stepped = search_step(old), moved = stepped && run(w, 0, 1) == 1;

		if (!moved || !same_event(old, w->s)) {
			if (moved)
				search_back(w->s);
			break;
		}
		same++;
	}
	search_free(old);
	if (same == KEEP_MAX && same < k) {
		if (search_seek(w->s, k))
			return;
		same = search_counters(w->s)->events;
		say_more(w, "This search ends at event %" PRIu64 " (it was %" PRIu64 ").",
		         same, k);
		return;
	}
	if (same < k && same == 0)
		say_more(w,
		         "This search differs from the first event: it starts at "
		         "event 0 (it was %" PRIu64 ").",
		         k);
	else if (same < k)
		say_more(w,
		         "This search is the same only up to event %" PRIu64
		         ": it stays there (it was %" PRIu64 ").",
		         same, k);
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
	struct search_break b = breaks(w, 0);

	run_to(w, &b, END_CHUNK);
	if (!search_done(w->s) && !at_break(w))
		say(w, "Stopped after %u million events; e runs on.",
		    END_CHUNK / 1000000);
}

/* d: on until a call makes the stack as deep as typed. */
static void run_to_depth(struct watch *w, const char *text)
{
	char *end;
	long d = strtol(text, &end, 10);
	struct search_break b = {0, {-1, 0}, -1};

	if (!search_nodes(w->s)) {
		say(w, "%s makes no calls: d does not apply.", search_algo_name(w->algo));
		return;
	}
	if (!*text || *end || d < 1 || d > w->n) {
		say(w, "A depth is a number from 1 to %d, not '%s'.", w->n, text);
		return;
	}
	b.depth = (int)d;
	run_to(w, &b, END_CHUNK);
	if (search_done(w->s))
		say(w, "No call made the stack %ld deep: this is the end.", d);
	else if (!search_break_hit(w->s, &b))
		say(w, "Stopped after %u million events; d runs on.",
		    END_CHUNK / 1000000);
}

/* The square the last event is about, if any. */
static bool event_square(const struct watch *w, struct square *sq)
{
	const struct search_event *ev = search_last(w->s);

	switch (ev->kind) {
	case SEARCH_EV_TRY:
	case SEARCH_EV_REJECT:
	case SEARCH_EV_PLACE:
	case SEARCH_EV_REMOVE:
	case SEARCH_EV_MOVE:
		*sq = ev->sq;
		return true;
	default:
		return false;
	}
}

/* b: sets the breakpoint typed, or clears it when it is set already. */
static void toggle_break(struct watch *w, const char *text)
{
	struct square sq;
	struct position pos;
	char err[256], name[16];

	text += strspn(text, " ");
	if (strcmp(text, "s") == 0) {
		w->break_solution = !w->break_solution;
		say(w, w->break_solution ? "Breakpoint: stop at each solution."
		                         : "Breakpoint at each solution cleared.");
		return;
	}
	if (*text >= '0' && *text <= '9') {
		char *end;
		long d = strtol(text, &end, 10);

		if (*end || d < 1 || d > w->n) {
			say(w, "A depth is a number from 1 to %d, not '%s'.", w->n, text);
		} else if (w->break_depth == d) {
			w->break_depth = 0;
			say(w, "Breakpoint at depth %ld cleared.", d);
		} else {
			w->break_depth = (int)d;
			say(w, "Breakpoint: stop when the stack is %ld calls deep.", d);
		}
		return;
	}
	if (!*text) {
		if (!event_square(w, &sq)) {
			say(w, "No square is shown now: b, then type one, such as c4.");
			return;
		}
	} else if (board_parse(text, &pos, err, sizeof err) < 0) {
		say(w, "Not a breakpoint: %s.", err);
		return;
	} else {
		bool one = pos.count == 1;

		if (one)
			sq = pos.sq[0];
		board_free(&pos);
		if (!one || sq.file >= w->n || sq.rank >= w->n) {
			say(w,
			    "Not a breakpoint: '%s' is not one square of the %dx%d "
			    "board.",
			    text, w->n, w->n);
			return;
		}
	}
	board_square_name(sq, name, sizeof name);
	if (same_square(sq, w->break_square)) {
		w->break_square.file = -1;
		say(w, "Breakpoint at %s cleared.", name);
	} else {
		w->break_square = sq;
		say(w, "Breakpoint: stop when %s is tried.", name);
	}
}

/* A key while a depth or a breakpoint is typed: Enter answers, Escape gives up. */
static void prompt_key(struct watch *w, const struct input_event *ev)
{
	if (ev->key == INPUT_KEY_ESCAPE) {
		w->prompt = 0;
	} else if (ev->key == INPUT_KEY_ENTER) {
		int kind = w->prompt;

		w->prompt = 0;
		w->input[w->ilen] = '\0';
		set_playing(w, false);
		if (kind == 'd')
			run_to_depth(w, w->input);
		else
			toggle_break(w, w->input);
	} else if (ev->key == INPUT_KEY_BACKSPACE) {
		if (w->ilen > 0)
			w->ilen--;
	} else if (ev->key == INPUT_KEY_CHAR && !(ev->mods & INPUT_MOD_CTRL) &&
	           ev->codepoint > ' ' && ev->codepoint < 127 &&
	           w->ilen + 1 < sizeof w->input) {
		w->input[w->ilen++] = (char)ev->codepoint;
	}
}

/* Projector mode in the high-contrast theme; the theme before it comes back after. */
static void set_big(struct watch *w, bool on)
{
	if (on == w->big)
		return;
	if (on) {
		w->theme_before = theme_current();
		theme_set(SETTINGS_THEME_CONTRAST);
	} else {
		theme_set(w->theme_before);
	}
	w->big = on;
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
	if (w->prompt && ev->kind == INPUT_KEY) {
		prompt_key(w, ev);
		return SCREEN_STAY;
	}
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
	case WATCH_NEXT_SOLUTION: {
		struct search_break b = breaks(w, 1u << SEARCH_EV_SOLUTION);

		set_playing(w, false);
		run_to(w, &b, END_CHUNK);
		if (search_done(w->s))
			say(w, "No more solutions.");
		else if (search_last(w->s)->kind != SEARCH_EV_SOLUTION)
			at_break(w);
		break;
	}
	case WATCH_PREV_SOLUTION:
		set_playing(w, false);
		if (!search_prev_solution(w->s))
			say(w, "No solution before this one.");
		break;
	case WATCH_STEP_OVER:
		set_playing(w, false);
		if (!(w->algo == SEARCH_REPAIR ? run(w, 0, 1)
		                               : search_step_over(w->s, END_CHUNK)))
			say(w, "The search is over.");
		break;
	case WATCH_STEP_OUT:
		set_playing(w, false);
		if (!search_nodes(w->s))
			say(w, "%s makes no calls: u does not apply.",
			    search_algo_name(w->algo));
		else if (search_stack(w->s, NULL) == 0)
			say(w, "No call is under way: u steps out of one.");
		else
			search_step_out(w->s, END_CHUNK);
		break;
	case WATCH_TO_DEPTH:
	case WATCH_BREAK:
		w->prompt = (int)ev->codepoint;
		w->ilen = 0;
		break;
	case WATCH_BREAKS_CLEAR:
		say(w, watch_breaks_set(w) ? "Every breakpoint cleared."
		                           : "No breakpoint is set.");
		w->break_solution = false;
		w->break_square.file = -1;
		w->break_depth = 0;
		break;
	case WATCH_NARRATION:
		w->narrate_full = !w->narrate_full;
		break;
	case WATCH_BIG:
		set_big(w, !w->big);
		break;
	case WATCH_HANDOUT:
		watch_handout(w);
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
	if (due > now_at) {
		if (w->quiz.on) {
			watch_quiz_run(w, due - now_at);
		} else {
			struct search_break b = breaks(w, 0);

			run_to(w, &b, due - now_at);
			/* A breakpoint pauses the animation and says which it is. */
			if (watch_breaks_set(w) && at_break(w))
				w->playing = false;
		}
	}
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

static const struct search *watch_search(const void *self);
static void watch_go(void *self, uint64_t k, bool play);

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
        .search = watch_search,
        .seek = watch_go,
};

int watch_open(struct screen *out, const struct screen_open *o,
               const struct screen_env *env, char *err, size_t errlen)
{
	char why[256];
	struct watch *w = watch_new(o->n, o->algo, o->goal, o->given, why, sizeof why);

	(void)env;
	if (w && o->big)
		set_big(w, true);
	if (!w) {
		/* From Play's queens, the reason is in them. */
		snprintf(err, errlen, "Cannot watch %s: %s.",
		         o->given ? "from here" : "this", why);
		return -1;
	}
	/* A lesson's speed: the fastest of the screen's speeds not above it. */
	if (o->speed > 0)
		for (w->speed = 0;
		     w->speed + 1 < NSPEEDS && watch_speeds[w->speed + 1] <= o->speed;)
			w->speed++;
	if (o->event)
		search_seek(w->s, o->event);
	set_playing(w, o->play);
	*out = (struct screen){&watch_ops, w};
	if (o->quiz)
		watch_quiz_set(w, true);
	return 0;
}

static const struct search *watch_search(const void *self)
{
	return ((const struct watch *)self)->s;
}

static void watch_go(void *self, uint64_t k, bool play)
{
	struct watch *w = self;

	search_seek(w->s, k);
	set_playing(w, play);
}
