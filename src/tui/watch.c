/* The Watch screen: the search animated event by event, forward and back. */
#include "config.h"

#include "watch.h"

#include <curses.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "boardview.h"
#include "datadir.h"
#include "input.h"
#include "terminal.h"
#include "theme.h"

/* Up to this n a tree search is run once ahead to learn its length. */
#define TOTAL_MAX_N 12

/* End runs at most this many events at once, so a large board never freezes. */
#define END_CHUNK 50000000u

/* Animation frames come no closer than this; fast speeds step several events. */
#define FRAME_MS 20

#define COUNTERS_W 24
#define PSEUDO_MAX_LINES 64

/* The search tree is drawn for boards up to this size, nodes per level above. */
#define TREE_MAX_N 6
#define TREE_MAX_NODES 1024

/* Above this n the board is drawn as an overview, and has no cells. */
#define CELLS_MAX_N 32

static const int speeds[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};
#define NSPEEDS ((int)(sizeof speeds / sizeof speeds[0]))

struct watch {
	int n;
	enum search_algo algo;
	enum search_goal goal;
	struct search *s;
	int *given;     /* the queens the search starts from, or NULL */
	uint64_t total; /* events of the whole search; 0 when not known */
	uint16_t *cells;
	struct boardview bv;

	bool playing;
	int speed;              /* index into speeds */
	long long anchor_ms;    /* when playing started at this speed */
	long long frame_ms;     /* when the last frame of the animation came */
	uint64_t anchor_events; /* and the event it started from */
	bool show_pseudo, show_stack, show_tree;
	int pseudo_w;     /* the widest line of the listing, with its marker */
	int bar_x, bar_w; /* where the progress bar was drawn, for the mouse */
	uint32_t *conf;   /* repair: the conflicts after move m, for m < nconf */
	size_t nconf, capconf;

	char pseudo[PSEUDO_MAX_LINES][128];
	int npseudo;
	char message[300];
};

static const struct help_entry keys[] = {
        {"Space", "play or pause"},
        {"Right, .", "one event forward"},
        {"Left, ,", "one event back"},
        {"n", "run to the next solution"},
        {"End, e", "run to the end"},
        {"Home, r", "back to the start"},
        {"+ -", "faster or slower (1 to 1000 events a second)"},
        {"a", "the next algorithm"},
        {"f", "first solution only, or all"},
        {"[ ]", "smaller or larger board"},
        {"p", "show or hide the pseudocode"},
        {"s", "show or hide the call stack"},
        {"t", "show or hide the search tree (n up to 6)"},
        {"wheel", "one event back or forward"},
        {"click the bar", "go to that point of the search"},
        {"?", "this help"},
        {"q", "leave"},
        {"Ctrl-C", "quit at once"},
        {"Ctrl-Z", "suspend"},
        {"Ctrl-L", "redraw the screen"},
};

const struct help_entry *watch_help(size_t *count)
{
	*count = sizeof keys / sizeof keys[0];
	return keys;
}

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
		if ((int)strlen(w->pseudo[i]) + 2 > w->pseudo_w)
			w->pseudo_w = (int)strlen(w->pseudo[i]) + 2;
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
	w->nconf = 0;
	w->playing = false;
	/* The tree searches of small boards are quick to run once ahead. */
	if (w->n <= TOTAL_MAX_N && w->algo != SEARCH_REPAIR &&
	    w->algo != SEARCH_CONSTRUCT) {
		search_run(s, 0, 0);
		w->total = search_counters(s)->events;
		search_restart(s);
	}
	load_pseudo(w);
	return 0;
}

struct watch *watch_new(int n, enum search_algo a, enum search_goal goal,
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
	if (restart(w, err, errlen) < 0) {
		watch_free(w);
		return NULL;
	}
	return w;
}

void watch_free(struct watch *w)
{
	if (!w)
		return;
	search_free(w->s);
	free(w->cells);
	free(w->given);
	free(w->conf);
	free(w);
}

void watch_min_size(const struct watch *w, int *lines, int *cols)
{
	(void)w;
	/* Title, progress, a few ranks, the narration, a message, the key line. */
	*lines = 12;
	*cols = 50;
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

static void set_playing(struct watch *w, bool on)
{
	w->playing = on && !search_done(w->s);
	w->anchor_ms = term_now_ms();
	w->anchor_events = search_counters(w->s)->events;
}

int watch_max_n(enum search_algo a)
{
	/* Repair and construct are quick on any board they accept. */
	if (a == SEARCH_REPAIR || a == SEARCH_CONSTRUCT)
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
		say(w, "%s needs at least %d queens: the board grows to %d.",
		    search_algo_name(w->algo), search_min_n(w->algo),
		    search_min_n(w->algo));
		w->n = search_min_n(w->algo);
		free(w->given);
		w->given = NULL;
	}
	if (w->n > watch_max_n(w->algo)) {
		say(w, "%s watches boards up to %d: the board is now 8x8.",
		    search_algo_name(w->algo), watch_max_n(w->algo));
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

/* The wheel steps; a click on the progress bar goes to that point. */
static enum watch_result mouse(struct watch *w, const struct input_event *ev)
{
	if (ev->button == INPUT_WHEEL_UP || ev->button == INPUT_WHEEL_DOWN) {
		set_playing(w, false);
		if (ev->button == INPUT_WHEEL_UP ? !search_back(w->s) : !run(w, 0, 1))
			say(w, ev->button == INPUT_WHEEL_UP ? "This is the start."
			                                    : "The search is over.");
	} else if (ev->button == INPUT_BUTTON_LEFT && ev->action == INPUT_PRESS &&
	           w->bar_w > 0 && ev->line == 1 && ev->col >= w->bar_x &&
	           ev->col < w->bar_x + w->bar_w) {
		int at = ev->col - w->bar_x;
		uint64_t k = (uint64_t)((at + 0.5) * (double)w->total / w->bar_w);

		/* The first cell is the start and the last the end. */
		set_playing(w, false);
		search_seek(w->s, at == 0 ? 0 : at == w->bar_w - 1 ? w->total : k);
	}
	return WATCH_STAY;
}

enum watch_result watch_key(struct watch *w, const struct input_event *ev)
{
	uint32_t c = ev->codepoint;

	w->message[0] = '\0';
	if (ev->kind == INPUT_MOUSE)
		return mouse(w, ev);
	if (ev->kind != INPUT_KEY)
		return WATCH_STAY;
	if (ev->key == INPUT_KEY_RIGHT)
		c = '.';
	else if (ev->key == INPUT_KEY_LEFT)
		c = ',';
	else if (ev->key == INPUT_KEY_END)
		c = 'e';
	else if (ev->key == INPUT_KEY_HOME)
		c = 'r';
	else if (ev->key != INPUT_KEY_CHAR || (ev->mods & INPUT_MOD_CTRL))
		return WATCH_STAY;
	switch (c) {
	case ' ':
		set_playing(w, !w->playing);
		if (!w->playing && search_done(w->s))
			say(w, "The search is over: r starts it again.");
		break;
	case '.':
		set_playing(w, false);
		if (!run(w, 0, 1))
			say(w, "The search is over.");
		break;
	case ',':
		set_playing(w, false);
		if (!search_back(w->s))
			say(w, "This is the start.");
		break;
	case 'n':
		set_playing(w, false);
		run(w, 1u << SEARCH_EV_SOLUTION, END_CHUNK);
		if (search_done(w->s))
			say(w, "No more solutions.");
		break;
	case 'e':
		set_playing(w, false);
		run_to_end(w);
		break;
	case 'r':
		set_playing(w, false);
		search_restart(w->s);
		break;
	case '+':
	case '=':
	case '-':
		if (c == '-' ? w->speed > 0 : w->speed < NSPEEDS - 1)
			w->speed += c == '-' ? -1 : 1;
		set_playing(w, w->playing);
		break;
	case 'a':
		next_algo(w);
		break;
	case 'f':
		w->goal = w->goal == SEARCH_ALL ? SEARCH_FIRST : SEARCH_ALL;
		restart_here(w);
		break;
	case '[':
	case ']':
		change_size(w, c == '[' ? -1 : 1);
		break;
	case 'p':
		w->show_pseudo = !w->show_pseudo;
		break;
	case 's':
		w->show_stack = !w->show_stack;
		break;
	case 't':
		w->show_tree = !w->show_tree;
		if (w->show_tree && (w->n > TREE_MAX_N || !search_nodes(w->s)))
			say(w, "The tree is drawn for the tree searches up to %dx%d.",
			    TREE_MAX_N, TREE_MAX_N);
		break;
	case 'q':
		return WATCH_LEAVE;
	default:
		break;
	}
	return WATCH_STAY;
}

/* The event number the clock has reached at the current speed. */
static uint64_t due_events(const struct watch *w, long long now)
{
	return w->anchor_events +
	       (uint64_t)(now - w->anchor_ms) * (uint64_t)speeds[w->speed] / 1000;
}

long watch_timer_ms(struct watch *w)
{
	uint64_t next;
	long long at, wait;

	if (!w->playing)
		return -1;
	next = search_counters(w->s)->events + 1 - w->anchor_events;
	at = w->anchor_ms + (long long)((next * 1000 + (uint64_t)speeds[w->speed] - 1) /
	                                (uint64_t)speeds[w->speed]);
	/* Fast speeds step several events a frame rather than redraw each. */
	if (at < w->frame_ms + FRAME_MS)
		at = w->frame_ms + FRAME_MS;
	wait = at - term_now_ms();
	return wait > 0 ? (long)wait : 0;
}

void watch_tick(struct watch *w)
{
	uint64_t due, now_at;

	if (!w->playing)
		return;
	w->frame_ms = term_now_ms();
	due = due_events(w, w->frame_ms);
	now_at = search_counters(w->s)->events;
	if (due > now_at)
		run(w, 0, due - now_at);
	if (search_done(w->s))
		w->playing = false;
	term_dirty();
}

/* Marks the squares: queens, and what the last event did. */
static void fill_cells(struct watch *w)
{
	const struct search_event *ev = search_last(w->s);
	const int *ranks = search_ranks(w->s);
	int n = w->n;

	if (n > CELLS_MAX_N)
		return;
	memset(w->cells, 0, (size_t)n * (size_t)n * sizeof *w->cells);
	for (int f = 0; f < n; f++)
		if (ranks[f] >= 0)
			w->cells[f * n + ranks[f]] |= BV_QUEEN;
	/* The tree searches never move the given queens: show them fixed. */
	for (int f = 0; w->given && w->algo != SEARCH_REPAIR && f < n; f++)
		if (w->given[f] >= 0)
			w->cells[f * n + w->given[f]] |= BV_LOCKED;
	w->bv.cursor = ev->sq;
	switch (ev->kind) {
	case SEARCH_EV_TRY:
	case SEARCH_EV_PLACE:
		w->cells[ev->sq.file * n + ev->sq.rank] |= BV_TRY;
		break;
	case SEARCH_EV_REJECT: {
		struct square a = ev->attacker, b = ev->sq;
		int df = (b.file > a.file) - (b.file < a.file);
		int dr = (b.rank > a.rank) - (b.rank < a.rank);

		w->cells[b.file * n + b.rank] |= BV_REJECT;
		w->cells[a.file * n + a.rank] |= BV_ATTACKER;
		/* The squares between them show the line of the attack. */
		for (a.file += df, a.rank += dr; a.file != b.file || a.rank != b.rank;
		     a.file += df, a.rank += dr)
			w->cells[a.file * n + a.rank] |= BV_CONFLICT_LINE;
		break;
	}
	case SEARCH_EV_REMOVE:
		w->cells[ev->sq.file * n + ev->sq.rank] |= BV_LEFT;
		break;
	case SEARCH_EV_MOVE:
		w->cells[ev->from.file * n + ev->from.rank] |= BV_LEFT;
		w->cells[ev->sq.file * n + ev->sq.rank] |= BV_TRY;
		break;
	default:
		w->bv.cursor = (struct square){0, 0};
		break;
	}
}

/* The counters, one a line; returns the next free line. */
static int draw_counters(struct watch *w, int y, int x, int width, int bottom)
{
	const struct search_counters *c = search_counters(w->s);
	int depth = search_stack(w->s, NULL);
	int lines = 8 + (w->algo == SEARCH_SCAN) + (w->algo == SEARCH_REPAIR);

	if (y + lines > bottom + 1)
		return y;
	help_line(&y, x, width, theme_attr(THEME_TITLE), "Counters");
	help_line(&y, x, width, A_NORMAL, "tested: %" PRIu64, c->tested);
	if (w->algo == SEARCH_SCAN)
		help_line(&y, x, width, A_NORMAL, "examined: %" PRIu64, c->examined);
	help_line(&y, x, width, A_NORMAL, "placed: %" PRIu64, c->placed);
	help_line(&y, x, width, A_NORMAL, "removed: %" PRIu64, c->removed);
	if (w->algo == SEARCH_REPAIR)
		help_line(&y, x, width, A_NORMAL, "moves: %" PRIu64, c->moves);
	help_line(&y, x, width, c->solutions ? theme_attr(THEME_GOOD) : (int)A_NORMAL,
	          "solutions: %" PRIu64, c->solutions);
	help_line(&y, x, width, A_NORMAL, "events: %" PRIu64, c->events);
	help_line(&y, x, width, A_NORMAL, "depth: %d", depth);
	return y;
}

/* The same figures in a few lines, for a narrow column under the listing. */
static int draw_counters_short(struct watch *w, int y, int x, int width, int bottom)
{
	const struct search_counters *c = search_counters(w->s);
	char extra[64] = "";

	if (y + 3 > bottom + 1)
		return y;
	if (w->algo == SEARCH_SCAN)
		snprintf(extra, sizeof extra, "  examined: %" PRIu64, c->examined);
	else if (w->algo == SEARCH_REPAIR)
		snprintf(extra, sizeof extra, "  moves: %" PRIu64, c->moves);
	help_line(&y, x, width, theme_attr(THEME_TITLE), "Counters");
	help_line(&y, x, width, A_NORMAL,
	          "tested: %" PRIu64 "  placed: %" PRIu64 "  removed: %" PRIu64,
	          c->tested, c->placed, c->removed);
	help_line(&y, x, width, c->solutions ? theme_attr(THEME_GOOD) : (int)A_NORMAL,
	          "solutions: %" PRIu64 "  events: %" PRIu64 "  depth: %d%s",
	          c->solutions, c->events, search_stack(w->s, NULL), extra);
	return y;
}

/* Nodes per level, as many "level:count" as a line holds. */
static int draw_nodes(struct watch *w, int y, int x, int width, int bottom)
{
	const uint64_t *nodes = search_nodes(w->s);
	char line[256];
	int len = 0;

	if (!nodes || y + 2 > bottom + 1)
		return y;
	help_line(&y, x, width, theme_attr(THEME_TITLE), "Nodes per level");
	for (int k = 0; k <= w->n && y <= bottom; k++) {
		char item[32];
		int m = snprintf(item, sizeof item, "%d:%-7" PRIu64, k, nodes[k]);

		/* Columns of 11 keep the levels under each other. */
		if (len > 0 && len + 11 > width) {
			help_line(&y, x, width, A_NORMAL, "%s", line);
			len = 0;
		}
		len += snprintf(line + len, sizeof line - (size_t)len, "%-11s", item);
		(void)m;
	}
	if (len > 0 && y <= bottom)
		help_line(&y, x, width, A_NORMAL, "%s", line);
	return y;
}

/*
 * The search tree so far, drawn sideways: one node per queen the search
 * placed, a child right of its parent ("a1-b3-c5"), a later child on a line
 * of its own under the first.  It is rebuilt by replaying the search up to
 * the event shown, which is quick for the small boards it is drawn for.
 */
struct tree_node {
	int depth; /* 1 for the first file the search fills */
	struct square sq;
	bool solution, closed; /* closed: removed again */
};

static int tree_build(struct watch *w, struct tree_node *t, int max)
{
	char err[128];
	struct search *r =
	        search_new_from(w->algo, w->n, w->goal, 1, w->given, err, sizeof err);
	uint64_t upto = search_counters(w->s)->events;
	int count = 0, open[TREE_MAX_N + 1] = {0};

	if (!r)
		return 0;
	while (search_counters(r)->events < upto && search_step(r)) {
		const struct search_event *ev = search_last(r);
		int d = search_stack(r, NULL);

		if (ev->kind == SEARCH_EV_PLACE && count < max && d <= TREE_MAX_N) {
			t[count] = (struct tree_node){.depth = d, .sq = ev->sq};
			open[d] = count++;
		} else if (ev->kind == SEARCH_EV_SOLUTION && count > 0) {
			t[open[d]].solution = true;
		} else if (ev->kind == SEARCH_EV_REMOVE && count > 0) {
			t[open[d]].closed = true;
		}
	}
	search_free(r);
	return count;
}

static int draw_tree(struct watch *w, int y, int x, int width, int bottom)
{
	static struct tree_node t[TREE_MAX_NODES];
	const struct theme_glyphs *g = theme_glyphs();
	int count, lines = 0, first, rows = bottom - y;

	if (rows < 2)
		return y;
	count = tree_build(w, t, TREE_MAX_NODES);
	/* A node starts a line unless it is the first child of the one before. */
	for (int i = 0; i < count; i++)
		lines += i == 0 || t[i].depth != t[i - 1].depth + 1;
	help_line(&y, x, width, theme_attr(THEME_TITLE), "Search tree");
	if (count == 0) {
		help_line(&y, x, width, theme_attr(THEME_DIMMED),
		          "(no queen placed yet)");
		return y;
	}
	/* The last lines, where the search is. */
	first = lines > rows ? lines - rows : 0;
	int line = -1;

	for (int i = 0; i < count; i++) {
		bool starts = i == 0 || t[i].depth != t[i - 1].depth + 1;
		int col = x + 3 * (t[i].depth - 1);
		char name[16];

		line += starts;
		if (line < first)
			continue;
		int at = y + line - first;

		if (col + 4 > x + width || at > bottom)
			continue;
		if (t[i].depth > 1) {
			attrset(theme_attr(THEME_DIMMED));
			mvaddstr(at, col - 1, starts ? g->branch : g->horiz);
			attrset(A_NORMAL);
		}
		board_square_name(t[i].sq, name, sizeof name);
		if (t[i].solution)
			snprintf(name + strlen(name), sizeof name - strlen(name), "%s",
			         g->solution);
		else if (t[i].closed && (i + 1 == count || t[i + 1].depth <= t[i].depth))
			snprintf(name + strlen(name), sizeof name - strlen(name), "%s",
			         g->rejected);
		help_put(at, col,
		         !t[i].closed ? theme_attr(i + 1 == count ? THEME_TRY : THEME_KEY)
		         : t[i].solution ? theme_attr(THEME_GOOD)
		                         : (int)A_NORMAL,
		         name);
	}
	return y + (lines - first < rows ? lines - first : rows);
}

/* Repair: the conflicts after each move so far, as a sparkline. */
static int draw_sparkline(struct watch *w, int y, int x, int width, int bottom)
{
	static const char *const bars[] = {"\u2581", "\u2582", "\u2583", "\u2584",
	                                   "\u2585", "\u2586", "\u2587", "\u2588"};
	static const char ascii_bars[] = "_.-=+*#@";
	size_t m = (size_t)search_counters(w->s)->moves + 1;
	uint32_t top = 0;

	int ngiven = 0;

	for (int f = 0; w->given && f < w->n; f++)
		ngiven += w->given[f] >= 0;
	/* Nothing to show until every queen stands. */
	if (search_counters(w->s)->placed < (uint64_t)(w->n - ngiven) ||
	    y + 2 > bottom + 1 || w->nconf == 0 || width < 8)
		return y;
	if (m > w->nconf)
		m = w->nconf;
	for (size_t i = 0; i < m; i++)
		if (w->conf[i] > top)
			top = w->conf[i];
	help_line(&y, x, width, theme_attr(THEME_TITLE),
	          "Conflicts: %" PRIu32 " at the start, %" PRIu32 " now", w->conf[0],
	          w->conf[m - 1]);
	/* Each column is the largest count of its share of the moves. */
	int cols = (int)m < width ? (int)m : width;

	for (int c = 0; c < cols; c++) {
		size_t a = (size_t)c * m / (size_t)cols,
		       b = (size_t)(c + 1) * m / (size_t)cols;
		uint32_t v = 0;

		for (size_t i = a; i < b; i++)
			if (w->conf[i] > v)
				v = w->conf[i];
		int level = top ? (int)((uint64_t)v * 7 / top) : 0;

		attrset(v == 0 ? theme_attr(THEME_GOOD) : (int)A_NORMAL);
		if (theme_is_ascii())
			mvaddch(y, x + c, (chtype)ascii_bars[level]);
		else
			mvaddstr(y, x + c, bars[level]);
	}
	attrset(A_NORMAL);
	return y + 1;
}

/* Under the counters: the tree for small boards, else the nodes per level. */
static int draw_levels(struct watch *w, int y, int x, int width, int bottom)
{
	if (w->algo == SEARCH_REPAIR)
		return draw_sparkline(w, y, x, width, bottom);
	if (w->show_tree && search_nodes(w->s) && w->n <= TREE_MAX_N)
		return draw_tree(w, y, x, width, bottom);
	return draw_nodes(w, y, x, width, bottom);
}

/* One line per active call, innermost last; the outer ones go when short. */
static int draw_stack(struct watch *w, int y, int x, int width, int bottom)
{
	const struct search_frame *frames;
	int depth = search_stack(w->s, &frames), first = 0;

	if (y + 1 > bottom)
		return y;
	help_line(&y, x, width, theme_attr(THEME_TITLE), "Call stack");
	if (depth == 0) {
		help_line(&y, x, width, theme_attr(THEME_DIMMED), "(empty)");
		return y;
	}
	if (depth > bottom - y + 1)
		first = depth - (bottom - y);
	if (first > 0)
		help_line(&y, x, width, theme_attr(THEME_DIMMED), "(%d more)", first);
	for (int i = first; i < depth && y <= bottom; i++) {
		char file[16], rank[32] = "before the loop";

		board_file_name(frames[i].file, file, sizeof file);
		if (frames[i].rank >= 0)
			snprintf(rank, sizeof rank, "rank = %d", frames[i].rank + 1);
		help_line(&y, x, width,
		          i == depth - 1 ? theme_attr(THEME_KEY) : (int)A_NORMAL,
		          "solve(%s)  %s", file, rank);
	}
	return y;
}

/* The listing, scrolled so that the lit line shows; returns the next line. */
static int draw_pseudo(struct watch *w, int y, int x, int width, int bottom)
{
	int lit = search_line(w->s), rows = bottom - y, first = 0;

	if (rows < 2 || width < 8)
		return y;
	help_line(&y, x, width, theme_attr(THEME_TITLE), "Pseudocode: %s",
	          search_algo_name(w->algo));
	if (lit > rows)
		first = lit - rows;
	for (int i = first; i < w->npseudo && y <= bottom; i++) {
		bool on = i + 1 == lit;

		help_line(&y, x, width, on ? theme_attr(THEME_SELECTED) : (int)A_NORMAL,
		          "%s%-*s", on ? ">" : " ", on ? width - 1 : 0, w->pseudo[i]);
	}
	return y;
}

static void draw_progress(struct watch *w)
{
	const struct search_counters *c = search_counters(w->s);
	char line[256];
	int len;

	w->bar_w = 0;
	len = snprintf(line, sizeof line, " %s  speed %d/s  event %" PRIu64,
	               w->playing          ? "playing"
	               : search_done(w->s) ? "done"
	                                   : "paused",
	               speeds[w->speed], c->events);
	if (w->total) {
		int bar = COLS - len - 20, fill;

		len += snprintf(line + len, sizeof line - (size_t)len, " of %" PRIu64,
		                w->total);
		help_put(1, 0, A_NORMAL, line);
		if (bar > 40)
			bar = 40;
		if (bar < 5)
			return;
		w->bar_x = len + 2;
		w->bar_w = bar;
		fill = (int)((double)c->events * bar / (double)w->total);
		attrset(theme_attr(THEME_TRY));
		mvhline(1, len + 2, ' ', fill);
		attrset(theme_attr(THEME_DIMMED));
		mvhline(1, len + 2 + fill, theme_is_ascii() ? '.' : ACS_HLINE,
		        bar - fill);
		attrset(A_NORMAL);
		snprintf(line, sizeof line, "%3d%%", (int)(c->events * 100 / w->total));
		help_put(1, len + 3 + bar, A_NORMAL, line);
	} else {
		help_put(1, 0, A_NORMAL, line);
	}
}

/* The narration, the message and the key line. */
static void draw_footer(struct watch *w, char *said, size_t len)
{
	search_describe(w->s, said, len);
	help_put(LINES - 3, 0, A_NORMAL, "Last: ");
	help_put(LINES - 3, 6, theme_attr(THEME_KEY), said[0] ? said : "(nothing yet)");
	if (w->message[0])
		help_put(LINES - 2, 0, A_NORMAL, w->message);
	attrset(theme_attr(THEME_STATUS));
	mvhline(LINES - 1, 0, ' ', COLS);
	help_put(
	        LINES - 1, 0, theme_attr(THEME_STATUS),
	        " Space play  Left/Right step  n next  e end  +/- speed  ? help  q quit");
}

/* Lays the board out in a rectangle of the given width, flush left. */
static void place_board(struct watch *w, int width, int height)
{
	int h, minw;

	boardview_min_size(w->n, &h, &minw);
	w->bv.n = w->n;
	w->bv.cells = w->cells;
	w->bv.show_cursor = false;
	w->bv.top = 2;
	w->bv.left = 0;
	w->bv.width = width > minw ? width : minw;
	w->bv.height = height;
	if (boardview_layout(&w->bv) < 0)
		return;
	w->bv.width = w->bv.label_w + w->bv.files * w->bv.cw;
	w->bv.height = w->bv.ranks * w->bv.ch + 1;
	boardview_layout(&w->bv);
}

/*
 * A board too large for its squares: the overview, the queens under attack
 * in the conflict colour, and a line that gives the scale.  Sets bv.width to
 * the width taken; returns the first line under it.
 */
static int draw_overview(struct watch *w, int width, int height)
{
	const int *ranks = search_ranks(w->s);
	bool *attacked = calloc((size_t)w->n, sizeof *attacked);
	struct position pos;
	struct boardview_overview ov = {
	        .n = w->n,
	        .ranks = ranks,
	        .top = 2,
	        .left = 0,
	        .width = width,
	        .height = height - 1,
	};
	int scale;

	/* The engine's conflict pairs name the queens under attack. */
	if (attacked && board_from_ranks(&pos, w->n, ranks) == 0) {
		size_t k = board_conflicts(&pos, NULL, 0);
		struct board_conflict *c = malloc((k ? k : 1) * sizeof *c);

		if (c) {
			board_conflicts(&pos, c, k);
			for (size_t i = 0; i < k; i++)
				attacked[c[i].a.file] = attacked[c[i].b.file] = true;
			free(c);
		}
		board_free(&pos);
	}
	ov.attacked = attacked;
	scale = boardview_overview_draw(&ov);
	free(attacked);
	w->bv.width = ov.cols > 24 ? ov.cols : 24;
	/* An ASCII mark stands for a block of 2 by 4 dots' squares. */
	if (scale > 0 && theme_is_ascii())
		help_line(&(int){2 + ov.rows}, 0, w->bv.width, theme_attr(THEME_DIMMED),
		          "a mark: %dx%d squares", 2 * scale, 4 * scale);
	else if (scale > 0)
		help_line(&(int){2 + ov.rows}, 0, w->bv.width, theme_attr(THEME_DIMMED),
		          "a dot: %dx%d squares", scale, scale);
	return 2 + ov.rows + 2;
}

void watch_draw(struct watch *w)
{
	char title[128], said[512];
	int bottom = LINES - 4, rows = bottom - 1, x, y, width, under, ngiven = 0;
	int pw = w->show_pseudo ? w->pseudo_w : COUNTERS_W;
	bool tree = w->show_tree && search_nodes(w->s) && w->n <= TREE_MAX_N;
	bool two, stack = w->show_stack && search_nodes(w->s); /* no calls in repair */

	fill_cells(w);
	for (int f = 0; w->given && f < w->n; f++)
		ngiven += w->given[f] >= 0;
	snprintf(title, sizeof title, "nqueens - Watch %dx%d, %s, %s%s", w->n, w->n,
	         search_algo_name(w->algo),
	         !search_nodes(w->s)     ? "one solution"
	         : w->goal == SEARCH_ALL ? "all solutions"
	                                 : "first solution",
	         ngiven ? ", from the queens given" : "");
	help_put(0, 0, theme_attr(THEME_TITLE), title);
	draw_progress(w);

	/*
	 * Two columns beside the board (counters and tree; listing and stack)
	 * when the board keeps squares of 4 by 2 or more; else one column as
	 * wide as the listing, and the board takes the rest.  On a short window
	 * with a tree to draw, the board leaves half the height under it.
	 */
	if (w->n > CELLS_MAX_N) {
		under = draw_overview(w, COLS - pw - 2, rows);
		x = w->bv.width + 2;
		two = false;
	} else {
		place_board(w, COLS - pw - COUNTERS_W - 4, rows);
		two = w->bv.cw >= 4 && w->bv.files == w->n;
		if (!two)
			place_board(w, COLS - pw - 2,
			            tree && rows < 30 ? rows / 2 : rows);
		if (w->bv.files > 0)
			boardview_draw(&w->bv);
		x = w->bv.label_w + w->bv.files * w->bv.cw + 2;
		under = w->bv.top + w->bv.height + 1;
	}
	width = COLS - x - 1;

	/* Under the board: the call stack, then the tree where there is room. */
	bool stack_under = stack && bottom - under >= 3;
	bool tree_under = false;

	y = under;
	if (stack_under)
		y = draw_stack(w, y, 0, x - 2, bottom) + 1;
	if (tree && !two && bottom - y >= 2) {
		draw_tree(w, y, 0, x - 2, bottom);
		tree_under = true;
	}

	if (two) {
		int x2 = x + COUNTERS_W + 2, rest = COLS - x2 - 1;

		y = draw_counters(w, 2, x, COUNTERS_W, bottom);
		draw_levels(w, y + 1, x, COUNTERS_W, bottom);
		y = w->show_pseudo ? draw_pseudo(w, 2, x2, rest, bottom) + 1 : 2;
		if (stack && !stack_under)
			draw_stack(w, y, x2, rest, bottom);
		draw_footer(w, said, sizeof said);
		return;
	}
	y = 2;
	if (w->show_pseudo) {
		/* The listing leaves the counters their lines. */
		int cap = bottom - 5 - (stack && !stack_under ? 3 : 0);

		if (cap > y + w->npseudo)
			cap = y + w->npseudo;
		y = draw_pseudo(w, y, x, width, cap) + 1;
	}
	y = draw_counters_short(w, y, x, width, bottom);
	if (stack && !stack_under)
		y = draw_stack(w, y + 1, x, width, bottom);
	if (!tree_under)
		draw_levels(w, y, x, width, bottom);
	draw_footer(w, said, sizeof said);
}
