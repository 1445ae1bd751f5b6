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
#define PSEUDO_MIN_W 24
#define PSEUDO_W 36 /* what the listing asks for before the board grows */
#define PSEUDO_MAX_LINES 64

static const int speeds[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};
#define NSPEEDS ((int)(sizeof speeds / sizeof speeds[0]))

struct watch {
	int n;
	enum search_algo algo;
	enum search_goal goal;
	struct search *s;
	uint64_t total; /* events of the whole search; 0 when not known */
	uint16_t *cells;
	struct boardview bv;

	bool playing;
	int speed;              /* index into speeds */
	long long anchor_ms;    /* when playing started at this speed */
	long long frame_ms;     /* when the last frame of the animation came */
	uint64_t anchor_events; /* and the event it started from */
	bool show_pseudo, show_stack;

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
}

/* Starts the search afresh with the current algorithm, goal and size. */
static int restart(struct watch *w)
{
	char err[128];
	struct search *s = search_new(w->algo, w->n, w->goal, 1, err, sizeof err);
	uint16_t *cells;

	if (!s) {
		say(w, "%s", err);
		return -1;
	}
	cells = calloc((size_t)w->n * (size_t)w->n, sizeof *cells);
	if (!cells) {
		search_free(s);
		say(w, "out of memory");
		return -1;
	}
	search_free(w->s);
	free(w->cells);
	w->s = s;
	w->cells = cells;
	w->total = 0;
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

struct watch *watch_new(int n, enum search_algo a, enum search_goal goal)
{
	struct watch *w = calloc(1, sizeof *w);

	if (!w)
		return NULL;
	w->n = n;
	w->algo = a;
	w->goal = goal;
	w->speed = 4;
	w->show_pseudo = w->show_stack = true;
	if (restart(w) < 0) {
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
	free(w);
}

void watch_min_size(const struct watch *w, int *lines, int *cols)
{
	(void)w;
	/* Title, progress, a few ranks, the narration, a message, the key line. */
	*lines = 12;
	*cols = 50;
}

static void set_playing(struct watch *w, bool on)
{
	w->playing = on && !search_done(w->s);
	w->anchor_ms = term_now_ms();
	w->anchor_events = search_counters(w->s)->events;
}

static void change_size(struct watch *w, int d)
{
	int n = w->n + d, lo = search_min_n(w->algo);
	int hi =
	        search_max_n(w->algo) < WATCH_MAX_N ? search_max_n(w->algo) : WATCH_MAX_N;

	if (n < lo || n > hi) {
		say(w, "%s works on boards from %d to %d.", search_algo_name(w->algo), lo,
		    hi);
		return;
	}
	w->n = n;
	restart(w);
}

static void next_algo(struct watch *w)
{
	w->algo = (enum search_algo)((w->algo + 1) % SEARCH_ALGO_COUNT);
	if (w->n < search_min_n(w->algo)) {
		say(w, "%s needs at least %d queens: the board grows to %d.",
		    search_algo_name(w->algo), search_min_n(w->algo),
		    search_min_n(w->algo));
		w->n = search_min_n(w->algo);
	}
	restart(w);
}

static void run_to_end(struct watch *w)
{
	search_run(w->s, 0, END_CHUNK);
	if (!search_done(w->s))
		say(w, "Stopped after %u million events; e runs on.",
		    END_CHUNK / 1000000);
}

enum watch_result watch_key(struct watch *w, const struct input_event *ev)
{
	uint32_t c = ev->codepoint;

	w->message[0] = '\0';
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
		if (!search_step(w->s))
			say(w, "The search is over.");
		break;
	case ',':
		set_playing(w, false);
		if (!search_back(w->s))
			say(w, "This is the start.");
		break;
	case 'n':
		set_playing(w, false);
		search_run(w->s, 1u << SEARCH_EV_SOLUTION, END_CHUNK);
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
		restart(w);
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
		search_run(w->s, 0, due - now_at);
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

	memset(w->cells, 0, (size_t)n * (size_t)n * sizeof *w->cells);
	for (int f = 0; f < n; f++)
		if (ranks[f] >= 0)
			w->cells[f * n + ranks[f]] |= BV_QUEEN;
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

/* The counters and the nodes per level; returns the next free line. */
static int draw_counters(struct watch *w, int y, int x, int bottom)
{
	const struct search_counters *c = search_counters(w->s);
	const uint64_t *nodes = search_nodes(w->s);
	const struct search_frame *frames;
	int depth = search_stack(w->s, &frames), width = COUNTERS_W;
	int lines = 7 + (w->algo == SEARCH_SCAN) + (w->algo == SEARCH_REPAIR);

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
	if (!nodes || y + 2 > bottom + 1)
		return y;
	help_line(&y, x, width, theme_attr(THEME_TITLE), "Nodes per level");
	/* Two levels a line keeps the panel short. */
	for (int k = 0; k <= w->n && y <= bottom; k += 2) {
		char a[16], b[16] = "";

		snprintf(a, sizeof a, "%d:%" PRIu64, k, nodes[k]);
		if (k + 1 <= w->n)
			snprintf(b, sizeof b, "%d:%" PRIu64, k + 1, nodes[k + 1]);
		help_line(&y, x, width, A_NORMAL, "%-11s %s", a, b);
	}
	return y;
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

/* The listing, scrolled so that the lit line shows. */
static void draw_pseudo(struct watch *w, int y, int x, int width, int bottom)
{
	int lit = search_line(w->s), rows = bottom - y, first = 0;

	if (rows < 2 || width < 8)
		return;
	help_line(&y, x, width, theme_attr(THEME_TITLE), "Pseudocode: %s",
	          search_algo_name(w->algo));
	if (lit > rows)
		first = lit - rows;
	for (int i = first; i < w->npseudo && y <= bottom; i++) {
		bool on = i + 1 == lit;

		help_line(&y, x, width, on ? theme_attr(THEME_SELECTED) : (int)A_NORMAL,
		          "%s%-*s", on ? ">" : " ", on ? width - 1 : 0, w->pseudo[i]);
	}
}

static void draw_progress(struct watch *w)
{
	const struct search_counters *c = search_counters(w->s);
	char line[256];
	int len;

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

void watch_draw(struct watch *w)
{
	char title[128], said[512];
	int bottom = LINES - 4, x, y, rest;
	int reserve = COUNTERS_W + 2 + (w->show_pseudo ? PSEUDO_W : 0);

	fill_cells(w);
	snprintf(title, sizeof title, "nqueens - Watch %dx%d, %s, %s", w->n, w->n,
	         search_algo_name(w->algo),
	         w->goal == SEARCH_ALL ? "all solutions" : "first solution");
	help_put(0, 0, theme_attr(THEME_TITLE), title);
	draw_progress(w);

	/* The board takes what the panels leave, but always its smallest size. */
	boardview_min_size(w->n, &w->bv.height, &w->bv.width);
	w->bv.n = w->n;
	w->bv.cells = w->cells;
	w->bv.show_cursor = false;
	w->bv.top = 2;
	w->bv.left = 0;
	w->bv.height = bottom - 1;
	if (COLS - reserve > w->bv.width)
		w->bv.width = COLS - reserve;
	if (w->bv.width > COLS - COUNTERS_W - 2)
		w->bv.width = COLS - COUNTERS_W - 2;
	if (boardview_layout(&w->bv) == 0)
		boardview_draw(&w->bv);

	/* Beside the board: counters and stack in one column, the listing next. */
	x = w->bv.org_x + w->bv.files * w->bv.cw + 2;
	if (x < w->bv.left + 4)
		x = w->bv.left + 4;
	y = draw_counters(w, 2, x, bottom);
	if (w->show_stack)
		y = draw_stack(w, y + 1, x, COUNTERS_W, bottom);
	rest = COLS - (x + COUNTERS_W + 1);
	if (w->show_pseudo) {
		if (rest >= PSEUDO_MIN_W)
			draw_pseudo(w, 2, x + COUNTERS_W + 1, rest - 1, bottom);
		else
			draw_pseudo(w, y + 1, x, COLS - x - 1, bottom);
	}

	search_describe(w->s, said, sizeof said);
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
