/* Watch's state without a terminal: the search, its stepping, breakpoints, speed; predict
 * mode is in watch_predict, the listings in watch_listing. */
#include "config.h"

#include "tui/watch_model.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static uint64_t run(struct watch_model *w, unsigned stop, uint64_t max);

static void say(struct watch_model *w, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

static void say(struct watch_model *w, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(w->message, sizeof w->message, fmt, ap);
	va_end(ap);
}

static void say_more(struct watch_model *w, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

/* Adds a sentence to what the screen says already. */
static void say_more(struct watch_model *w, const char *fmt, ...)
{
	size_t at = strlen(w->message);
	va_list ap;

	if (at > 0 && at + 1 < sizeof w->message)
		w->message[at++] = ' ';
	va_start(ap, fmt);
	vsnprintf(w->message + at, sizeof w->message - at, fmt, ap);
	va_end(ap);
}

/*
 * Whether the whole search takes a fraction of a second: the tree searches
 * of small boards or to their first solution, the construction, and repair
 * (whose random choices follow its seed) on boards it mends in milliseconds.
 */
static bool ahead_quick(const struct watch_model *w)
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

/*
 * The whole tree of a small board, node by node as the search runs once
 * ahead: a node per queen placed, a later child on a line of its own.
 */
static void record_tree(struct watch_model *w)
{
	int open[TREE_MAX_N + 1] = {0};
	struct watch_tree_node *t = w->tree;

	while (search_step(w->s)) {
		const struct search_event *ev = search_last(w->s);
		uint64_t at = search_counters(w->s)->events;
		int d = search_stack(w->s, NULL);

		if (ev->kind == SEARCH_EV_PLACE && w->ntree < TREE_MAX_NODES &&
		    d <= TREE_MAX_N) {
			t[w->ntree] = (struct watch_tree_node){
			        .depth = d, .sq = ev->sq, .placed_at = at};
			open[d] = w->ntree++;
		} else if (ev->kind == SEARCH_EV_SOLUTION && w->ntree > 0) {
			t[open[d]].solved_at = at;
		} else if (ev->kind == SEARCH_EV_REMOVE && w->ntree > 0) {
			t[open[d]].closed_at = at;
		}
	}
	/* A node starts a line unless it is the first child of the one before. */
	for (int i = 0; i < w->ntree; i++)
		w->tree_lines += i == 0 || t[i].depth != t[i - 1].depth + 1;
}

int watch_model_tree_at(const struct watch_model *w, uint64_t k)
{
	int lo = 0, hi = w->ntree;

	/* The nodes are in the order they were placed. */
	while (lo < hi) {
		int mid = (lo + hi) / 2;

		if (w->tree[mid].placed_at <= k)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

enum theme_item watch_model_node_role(const struct watch_model *w, int i, uint64_t k)
{
	const struct watch_tree_node *t = &w->tree[i];

	if (!t->closed_at || t->closed_at > k)
		return i + 1 == watch_model_tree_at(w, k) ? THEME_TRY : THEME_KEY;
	return t->solved_at && t->solved_at <= k ? THEME_GOOD : THEME_NORMAL;
}

/* Starts the search afresh with the current algorithm, goal, size and queens. */
static int restart(struct watch_model *w, char *err, size_t errlen)
{
	struct search *s =
	        search_new_from(w->algo, w->n, w->goal, 1, w->given, err, errlen);

	if (!s) {
		say(w, "%s.", err);
		return -1;
	}
	search_free(w->s);
	w->s = s;
	w->total = 0;
	w->nodes_top = 0;
	w->nconf = 0;
	w->ntree = w->tree_lines = 0;
	w->playing = false;
	/* A search quick to run once ahead shows how far through it the viewer is. */
	if (ahead_quick(w)) {
		if (w->n <= TREE_MAX_N && search_nodes(s))
			record_tree(w);
		else
			run(w, 0, 0);
		w->total = search_counters(s)->events;
		/* The folded tree's profile measures its figures by the largest. */
		for (int k = 0; search_nodes(s) && k <= w->n; k++)
			if (search_nodes(s)[k] > w->nodes_top)
				w->nodes_top = search_nodes(s)[k];
		search_restart(s);
	}
	watch_listing_load(w);
	return 0;
}

struct watch_model *watch_model_new(int n, enum search_algo a, enum search_goal goal,
                                    const int *given, long long (*now_ms)(void),
                                    char *err, size_t errlen)
{
	struct watch_model *w = calloc(1, sizeof *w);

	if (!w || !(w->tree = malloc(TREE_MAX_NODES * sizeof *w->tree)) ||
	    (given && !(w->given = malloc((size_t)n * sizeof *given)))) {
		snprintf(err, errlen, "out of memory");
		watch_model_free(w);
		return NULL;
	}
	w->now_ms = now_ms;
	if (given)
		memcpy(w->given, given, (size_t)n * sizeof *given);
	w->n = n;
	w->algo = a;
	w->goal = goal;
	w->speed = 4;
	w->show_pseudo = w->show_stack = w->show_tree = w->show_vars = true;
	w->lang = CODE_LANG_COUNT;
	w->break_square.file = -1;
	w->narrate_full = true;
	w->quiz.when = QUIZ_EVERY_DECISION;
	if (restart(w, err, errlen) < 0) {
		watch_model_free(w);
		return NULL;
	}
	return w;
}

void watch_model_free(struct watch_model *w)
{
	if (!w)
		return;
	search_free(w->s);
	code_free(w->listing);
	quiz_log_free(&w->quiz.log);
	free(w->given);
	free(w->conf);
	free(w->tree);
	free(w);
}

/* Repair: keeps the number of conflicts after each move for the sparkline. */
static void note_conflicts(struct watch_model *w)
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
static uint64_t run_to(struct watch_model *w, const struct search_break *b, uint64_t max)
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
static uint64_t run(struct watch_model *w, unsigned stop, uint64_t max)
{
	struct search_break b = {stop, {-1, 0}, -1};

	return run_to(w, &b, max);
}

bool watch_model_breaks_set(const struct watch_model *w)
{
	return w->break_solution || w->break_square.file >= 0 || w->break_depth > 0;
}

/* The breakpoints set, and the kinds of event in stop. */
static struct search_break breaks(const struct watch_model *w, unsigned stop)
{
	struct search_break b = {stop, w->break_square,
	                         w->break_depth > 0 ? w->break_depth : -1};

	if (w->break_solution)
		b.kinds |= 1u << SEARCH_EV_SOLUTION;
	return b;
}

/* After a run: whether it stopped at a breakpoint; the screen says which. */
static bool at_break(struct watch_model *w)
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
static void restart_here(struct watch_model *w)
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
static uint64_t step_on(struct watch_model *w, uint64_t max)
{
	/* Repair keeps its conflicts through run; it is never asked about. */
	return w->quiz.on && search_is_tree(w->algo) ? watch_predict_run(w, max)
	                                             : run(w, 0, max);
}

static void set_playing(struct watch_model *w, bool on)
{
	w->playing = on && !search_done(w->s);
	w->anchor_ms = w->now_ms();
	w->anchor_events = search_counters(w->s)->events;
}

int watch_max_n(enum search_algo a)
{
	/* Repair and construct are quick on any board they accept. */
	if (!search_is_tree(a))
		return search_max_n(a);
	return search_max_n(a) < WATCH_MAX_N ? search_max_n(a) : WATCH_MAX_N;
}

static void change_size(struct watch_model *w, int d)
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

static void next_algo(struct watch_model *w)
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

static void run_to_end(struct watch_model *w)
{
	struct search_break b = breaks(w, 0);

	run_to(w, &b, END_CHUNK);
	if (!search_done(w->s) && !at_break(w))
		say(w, "Stopped after %u million events; e runs on.",
		    END_CHUNK / 1000000);
}

/* d: on until a call makes the stack as deep as typed. */
static void run_to_depth(struct watch_model *w, const char *text)
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

bool watch_model_event_square(const struct watch_model *w, struct square *sq)
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
static void toggle_break(struct watch_model *w, const char *text)
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
		if (!watch_model_event_square(w, &sq)) {
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

static void change_speed(struct watch_model *w, int d)
{
	if (d < 0 ? w->speed > 0 : w->speed < NSPEEDS - 1)
		w->speed += d;
	set_playing(w, w->playing);
}

/* The event number the clock has reached at the current speed. */
static uint64_t due_events(const struct watch_model *w, long long now)
{
	return w->anchor_events +
	       (uint64_t)(now - w->anchor_ms) * (uint64_t)watch_speeds[w->speed] / 1000;
}

long watch_model_timer_ms(const struct watch_model *w)
{
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
	wait = at - w->now_ms();
	return wait > 0 ? (long)wait : 0;
}

void watch_model_tick(struct watch_model *w)
{
	uint64_t due, now_at;
	bool stops;

	if (!w->playing)
		return;
	w->frame_ms = w->now_ms();
	due = due_events(w, w->frame_ms);
	now_at = search_counters(w->s)->events;
	/* A lesson's step plays to where its words end, and stops there. */
	stops = w->stop_at > now_at;
	if (stops && due >= w->stop_at)
		due = w->stop_at;
	if (due > now_at) {
		if (w->quiz.on) {
			watch_predict_run(w, due - now_at);
		} else {
			struct search_break b = breaks(w, 0);

			run_to(w, &b, due - now_at);
			/* A breakpoint pauses the animation and says which it is. */
			if (watch_model_breaks_set(w) && at_break(w))
				w->playing = false;
		}
	}
	if (search_done(w->s))
		w->playing = false;
	/* Once there (or when another move went past it) it stops no more. */
	if (stops && search_counters(w->s)->events >= w->stop_at)
		w->playing = false;
	if (!stops || !w->playing)
		w->stop_at = 0;
}

/* ---- the moves, as the keys ask for them ---- */

/* The event shown: where a move starts, for predict mode's count of what it passes. */
static uint64_t here(const struct watch_model *w)
{
	return search_counters(w->s)->events;
}

void watch_model_play(struct watch_model *w)
{
	/* A question waits for its answer before the search goes on. */
	if (watch_model_asking(w)) {
		say(w, "Answer first, or Escape skips the question.");
		return;
	}
	set_playing(w, !w->playing);
	if (!w->playing && search_done(w->s))
		say(w, "The search is over: r starts it again.");
}

void watch_model_forward(struct watch_model *w)
{
	uint64_t from = here(w);

	set_playing(w, false);
	if (!step_on(w, 1))
		say(w, "The search is over.");
	watch_predict_moved(w, from, true);
}

void watch_model_back(struct watch_model *w)
{
	uint64_t from = here(w);

	set_playing(w, false);
	if (!search_back(w->s))
		say(w, "This is the start.");
	watch_predict_moved(w, from, true);
}

void watch_model_next_solution(struct watch_model *w)
{
	uint64_t from = here(w);
	struct search_break b = breaks(w, 1u << SEARCH_EV_SOLUTION);

	set_playing(w, false);
	run_to(w, &b, END_CHUNK);
	if (search_done(w->s))
		say(w, "No more solutions.");
	else if (search_last(w->s)->kind != SEARCH_EV_SOLUTION)
		at_break(w);
	watch_predict_moved(w, from, true);
}

void watch_model_prev_solution(struct watch_model *w)
{
	uint64_t from = here(w);

	set_playing(w, false);
	if (!search_prev_solution(w->s))
		say(w, "No solution before this one.");
	watch_predict_moved(w, from, true);
}

void watch_model_step_over(struct watch_model *w)
{
	uint64_t from = here(w);

	set_playing(w, false);
	if (!(w->algo == SEARCH_REPAIR ? run(w, 0, 1)
	                               : search_step_over(w->s, END_CHUNK)))
		say(w, "The search is over.");
	watch_predict_moved(w, from, true);
}

void watch_model_step_out(struct watch_model *w)
{
	uint64_t from = here(w);

	set_playing(w, false);
	if (!search_nodes(w->s))
		say(w, "%s makes no calls: u does not apply.", search_algo_name(w->algo));
	else if (search_stack(w->s, NULL) == 0)
		say(w, "No call is under way: u steps out of one.");
	else
		search_step_out(w->s, END_CHUNK);
	watch_predict_moved(w, from, true);
}

void watch_model_to_end(struct watch_model *w)
{
	uint64_t from = here(w);

	set_playing(w, false);
	run_to_end(w);
	watch_predict_moved(w, from, true);
}

void watch_model_restart(struct watch_model *w)
{
	uint64_t from = here(w);

	set_playing(w, false);
	search_restart(w->s);
	watch_predict_moved(w, from, true);
}

void watch_model_to_depth(struct watch_model *w, const char *typed)
{
	uint64_t from = here(w);

	set_playing(w, false);
	run_to_depth(w, typed);
	watch_predict_moved(w, from, true);
}

void watch_model_seek(struct watch_model *w, uint64_t k, bool play)
{
	uint64_t from = here(w);

	search_seek(w->s, k);
	set_playing(w, play);
	w->stop_at = 0;
	watch_predict_moved(w, from, true);
}

void watch_model_play_until(struct watch_model *w, uint64_t k)
{
	set_playing(w, here(w) < k);
	w->stop_at = w->playing ? k : 0;
}

void watch_model_toggle_break(struct watch_model *w, const char *typed)
{
	set_playing(w, false);
	toggle_break(w, typed);
}

void watch_model_clear_breaks(struct watch_model *w)
{
	say(w, watch_model_breaks_set(w) ? "Every breakpoint cleared."
	                                 : "No breakpoint is set.");
	w->break_solution = false;
	w->break_square.file = -1;
	w->break_depth = 0;
}

void watch_model_speed(struct watch_model *w, int d)
{
	change_speed(w, d);
}

void watch_model_size(struct watch_model *w, int d)
{
	uint64_t from = here(w);

	change_size(w, d);
	watch_predict_moved(w, from, false);
}

void watch_model_next_algo(struct watch_model *w)
{
	uint64_t from = here(w);

	next_algo(w);
	watch_predict_moved(w, from, false);
}

void watch_model_toggle_goal(struct watch_model *w)
{
	uint64_t from = here(w);

	/* Repair and construct stop at their one solution anyway. */
	if (!search_is_tree(w->algo)) {
		say(w, "%s finds one solution: f does not apply.",
		    search_algo_name(w->algo));
		return;
	}
	w->goal = w->goal == SEARCH_ALL ? SEARCH_FIRST : SEARCH_ALL;
	restart_here(w);
	watch_predict_moved(w, from, false);
}

void watch_model_toggle_tree(struct watch_model *w)
{
	w->show_tree = !w->show_tree;
	if (w->show_tree && (w->n > TREE_MAX_N || !search_nodes(w->s)))
		say(w, "The tree is drawn for tree searches up to %dx%d.", TREE_MAX_N,
		    TREE_MAX_N);
}

bool watch_model_sparkline(const struct watch_model *w)
{
	int ngiven = 0;

	for (int f = 0; w->given && f < w->n; f++)
		ngiven += w->given[f] >= 0;
	return w->algo == SEARCH_REPAIR && w->nconf > 0 &&
	       search_counters(w->s)->placed >= (uint64_t)(w->n - ngiven);
}

int watch_model_calls(const struct watch_model *w)
{
	int ngiven = 0;

	for (int f = 0; w->given && f < w->n; f++)
		ngiven += w->given[f] >= 0;
	return w->n - ngiven > 0 ? w->n - ngiven : 1;
}

enum theme_item watch_model_figure_role(const struct watch_model *w, enum search_figure f)
{
	bool found = search_counters(w->s)->solutions > 0;

	return f == SEARCH_FIG_SOLUTIONS && found ? THEME_GOOD : THEME_NORMAL;
}

enum theme_item watch_model_conflicts_role(uint32_t c)
{
	return c == 0 ? THEME_GOOD : THEME_NORMAL;
}

enum theme_item watch_model_call_role(int d, int depth)
{
	return d == depth - 1 ? THEME_KEY : THEME_NORMAL;
}

enum theme_item watch_model_path_role(int d, int depth)
{
	return d == depth - 1 ? THEME_TRY : THEME_NORMAL;
}

void watch_frame_text(const struct search_frame *f, char *buf, size_t len)
{
	char file[16];

	board_file_name(f->file, file, sizeof file);
	if (f->rank >= 0)
		snprintf(buf, len, "solve(%s) rank = %d", file, f->rank + 1);
	else
		snprintf(buf, len, "solve(%s) rank = -", file);
}
