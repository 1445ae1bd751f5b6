/* The Watch screen's drawing: the board, the pseudocode, the stack, the counters, the
 * tree. */
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
#include "input.h"
#include "keymap.h"
#include "text.h"
#include "theme.h"
#include "watch_impl.h"

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
	/* The square of the event is where a board too large to show scrolls to. */
	switch (ev->kind) {
	case SEARCH_EV_TRY:
	case SEARCH_EV_PLACE:
	case SEARCH_EV_REJECT:
	case SEARCH_EV_REMOVE:
	case SEARCH_EV_MOVE:
		w->bv.cursor = ev->sq;
		break;
	case SEARCH_EV_ENTER:
	case SEARCH_EV_RETURN:
		w->bv.cursor.file = ev->file;
		break;
	default:
		break;
	}
	switch (ev->kind) {
	case SEARCH_EV_TRY:
	case SEARCH_EV_PLACE:
		w->cells[ev->sq.file * n + ev->sq.rank] |= BV_TRY;
		break;
	case SEARCH_EV_REJECT: {
		struct square between[CELLS_MAX_N];
		int k = board_between(ev->attacker, ev->sq, between, CELLS_MAX_N);

		w->cells[ev->sq.file * n + ev->sq.rank] |= BV_REJECT;
		w->cells[ev->attacker.file * n + ev->attacker.rank] |= BV_ATTACKER;
		/* The squares between them show the line of the attack. */
		for (int i = 0; i < k; i++)
			w->cells[between[i].file * n + between[i].rank] |=
			        BV_CONFLICT_LINE;
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
		break;
	}
}

/* A figure of a panel, drawn whole or not at all. */
struct item {
	char text[48];
	int attr;
};

static void item_add(struct item *it, int *count, int attr, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));

static void item_add(struct item *it, int *count, int attr, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(it[*count].text, sizeof it[*count].text, fmt, ap);
	va_end(ap);
	it[(*count)++].attr = attr;
}

/*
 * Packs items two spaces apart into lines of width columns, never cutting
 * one (a cut figure would read as another number); draws them from line y
 * when draw is set, down to bottom.  Returns the number of lines they take.
 */
static int items_pack(const struct item *it, int count, int y, int x, int width,
                      int bottom, bool draw)
{
	int lines = count > 0, len = 0;

	for (int i = 0; i < count; i++) {
		int w = text_width(it[i].text);

		if (len > 0 && len + 2 + w > width) {
			lines++;
			len = 0;
		} else if (len > 0) {
			len += 2;
		}
		if (draw && y + lines - 1 <= bottom) {
			int at = y + lines - 1;

			text_line(&at, x + len, width - len, it[i].attr, "%s",
			          it[i].text);
		}
		len += w;
	}
	return lines;
}

/* The counters of trace --stats, and the depth for the tree searches. */
static int counter_items(struct watch *w, struct item *it)
{
	const struct search_counters *c = search_counters(w->s);
	int k = 0;

	item_add(it, &k, A_NORMAL, "tested: %" PRIu64, c->tested);
	if (w->algo == SEARCH_SCAN)
		item_add(it, &k, A_NORMAL, "examined: %" PRIu64, c->examined);
	item_add(it, &k, A_NORMAL, "placed: %" PRIu64, c->placed);
	item_add(it, &k, A_NORMAL, "removed: %" PRIu64, c->removed);
	if (w->algo == SEARCH_REPAIR)
		item_add(it, &k, A_NORMAL, "moves: %" PRIu64, c->moves);
	item_add(it, &k, c->solutions ? theme_attr(THEME_GOOD) : (int)A_NORMAL,
	         "solutions: %" PRIu64, c->solutions);
	item_add(it, &k, A_NORMAL, "events: %" PRIu64, c->events);
	/* Repair and construct make no calls: their depth would always be 0. */
	if (search_nodes(w->s))
		item_add(it, &k, A_NORMAL, "depth: %d", search_stack(w->s, NULL));
	return k;
}

/* How a column shows the counters. */
enum counters_form { COUNTERS_NONE, COUNTERS_PACKED, COUNTERS_LONG };

/*
 * The counters under their title from line y to bottom: one a line, or
 * packed.  Returns the lines taken.
 */
static int draw_counters(struct watch *w, int y, int x, int width, int bottom, bool one)
{
	struct item it[10];
	int k = counter_items(w, it), lines = 1;

	if (y > bottom)
		return 0;
	text_line(&y, x, width, theme_attr(THEME_TITLE), "Counters");
	if (!one)
		return lines + items_pack(it, k, y, x, width, bottom, true);
	for (int i = 0; i < k && y <= bottom; i++, lines++)
		text_line(&y, x, width, it[i].attr, "%s", it[i].text);
	return lines;
}

static int counters_height(struct watch *w, int width, bool one)
{
	struct item it[10];
	int k = counter_items(w, it);

	return 1 + (one ? k : items_pack(it, k, 0, 0, width, 0, false));
}

/* Nodes per level as "level:count" items; 0 for repair and construct. */
static int node_items(struct watch *w, struct item *it)
{
	const uint64_t *nodes = search_nodes(w->s);
	int k = 0;

	for (int level = 0; nodes && level <= w->n; level++)
		item_add(it, &k, A_NORMAL, "%d:%" PRIu64, level, nodes[level]);
	return k;
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

struct tree {
	struct tree_node t[TREE_MAX_NODES];
	int count, lines;
};

static void tree_build(struct watch *w, struct tree *tr)
{
	char err[128];
	struct search *r =
	        search_new_from(w->algo, w->n, w->goal, 1, w->given, err, sizeof err);
	uint64_t upto = search_counters(w->s)->events;
	int open[TREE_MAX_N + 1] = {0};
	struct tree_node *t = tr->t;

	tr->count = tr->lines = 0;
	if (!r)
		return;
	while (search_counters(r)->events < upto && search_step(r)) {
		const struct search_event *ev = search_last(r);
		int d = search_stack(r, NULL);

		if (ev->kind == SEARCH_EV_PLACE && tr->count < TREE_MAX_NODES &&
		    d <= TREE_MAX_N) {
			t[tr->count] = (struct tree_node){.depth = d, .sq = ev->sq};
			open[d] = tr->count++;
		} else if (ev->kind == SEARCH_EV_SOLUTION && tr->count > 0) {
			t[open[d]].solution = true;
		} else if (ev->kind == SEARCH_EV_REMOVE && tr->count > 0) {
			t[open[d]].closed = true;
		}
	}
	search_free(r);
	/* A node starts a line unless it is the first child of the one before. */
	for (int i = 0; i < tr->count; i++)
		tr->lines += i == 0 || t[i].depth != t[i - 1].depth + 1;
}

/* The tree from line y to bottom: its title, then its last lines. */
static void draw_tree(const struct tree *tr, int y, int x, int width, int bottom)
{
	const struct theme_glyphs *g = theme_glyphs();
	const struct tree_node *t = tr->t;
	int first, rows = bottom - y, line = -1;

	if (rows < 1)
		return;
	text_line(&y, x, width, theme_attr(THEME_TITLE), "Search tree");
	if (tr->count == 0) {
		text_line(&y, x, width, theme_attr(THEME_DIMMED), "(no queen yet)");
		return;
	}
	/* The last lines, where the search is. */
	first = tr->lines > rows ? tr->lines - rows : 0;
	for (int i = 0; i < tr->count; i++) {
		bool starts = i == 0 || t[i].depth != t[i - 1].depth + 1;
		int col = x + 3 * (t[i].depth - 1);
		char name[16];

		line += starts;
		if (line < first)
			continue;
		int at = y + line - first;

		if (col + 4 > x + width || at > bottom)
			continue;
		/* The top line of a scrolled tree shows its node's ancestors, dimmed. */
		bool context = line == first && first > 0 && starts;

		for (int k = t[i].depth - 1, j = i; context && k >= 1; k--) {
			while (j > 0 && t[j].depth != k)
				j--;
			board_square_name(t[j].sq, name, sizeof name);
			attrset(theme_attr(THEME_DIMMED));
			if (k > 1)
				mvaddstr(at, x + 3 * (k - 1) - 1, g->horiz);
			text_put(at, x + 3 * (k - 1), theme_attr(THEME_DIMMED), name);
		}
		if (t[i].depth > 1) {
			attrset(theme_attr(THEME_DIMMED));
			mvaddstr(at, col - 1, starts && !context ? g->branch : g->horiz);
			attrset(A_NORMAL);
		}
		board_square_name(t[i].sq, name, sizeof name);
		if (t[i].solution)
			snprintf(name + strlen(name), sizeof name - strlen(name), "%s",
			         g->solution);
		else if (t[i].closed &&
		         (i + 1 == tr->count || t[i + 1].depth <= t[i].depth))
			snprintf(name + strlen(name), sizeof name - strlen(name), "%s",
			         g->rejected);
		text_put(at, col,
		         !t[i].closed
		                 ? theme_attr(i + 1 == tr->count ? THEME_TRY : THEME_KEY)
		         : t[i].solution ? theme_attr(THEME_GOOD)
		                         : (int)A_NORMAL,
		         name);
	}
}

/* Repair's sparkline waits until every queen stands. */
static bool sparkline_shown(struct watch *w)
{
	int ngiven = 0;

	for (int f = 0; w->given && f < w->n; f++)
		ngiven += w->given[f] >= 0;
	return w->algo == SEARCH_REPAIR && w->nconf > 0 &&
	       search_counters(w->s)->placed >= (uint64_t)(w->n - ngiven);
}

/* Repair: the conflicts after each move so far, as a sparkline, in two lines. */
static void draw_sparkline(struct watch *w, int y, int x, int width)
{
	static const char *const bars[] = {"\u2581", "\u2582", "\u2583", "\u2584",
	                                   "\u2585", "\u2586", "\u2587", "\u2588"};
	static const char ascii_bars[] = "_.-=+*#@";
	size_t m = (size_t)search_counters(w->s)->moves + 1;
	uint32_t top = 0;
	char title[80];

	if (m > w->nconf)
		m = w->nconf;
	for (size_t i = 0; i < m; i++)
		if (w->conf[i] > top)
			top = w->conf[i];
	/* Fewer words in a narrow column, so that both figures show. */
	if (snprintf(title, sizeof title,
	             "Conflicts: %" PRIu32 " at the start, %" PRIu32 " now", w->conf[0],
	             w->conf[m - 1]) > width)
		snprintf(title, sizeof title, "Conflicts: %" PRIu32 ", now %" PRIu32,
		         w->conf[0], w->conf[m - 1]);
	text_line(&y, x, width, theme_attr(THEME_TITLE), "%s", title);
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
}

/* What goes under the counters: the tree for small boards, else the nodes per level. */
enum levels { LEVELS_NONE, LEVELS_TREE, LEVELS_NODES, LEVELS_SPARK };

static enum levels levels_kind(struct watch *w)
{
	if (w->algo == SEARCH_REPAIR)
		return sparkline_shown(w) ? LEVELS_SPARK : LEVELS_NONE;
	if (!search_nodes(w->s))
		return LEVELS_NONE;
	return w->show_tree && w->n <= TREE_MAX_N ? LEVELS_TREE : LEVELS_NODES;
}

/* The lines the levels want in a column of that width, and the fewest they take. */
static int levels_height(struct watch *w, enum levels kind, const struct tree *tr,
                         int width, int *least)
{
	struct item it[TREE_MAX_N > WATCH_MAX_N ? TREE_MAX_N + 1 : WATCH_MAX_N + 1];
	int h;

	switch (kind) {
	case LEVELS_TREE:
		h = 1 + (tr->lines > 0 ? tr->lines : 1);
		*least = h < 3 ? h : 3; /* the title and the last two lines */
		return h;
	case LEVELS_NODES:
		/* All the levels or none: a level left out would read as none. */
		h = 1 + items_pack(it, node_items(w, it), 0, 0, width, 0, false);
		*least = h;
		return h;
	case LEVELS_SPARK:
		*least = 2;
		return width >= 8 ? 2 : 0;
	default:
		*least = 0;
		return 0;
	}
}

static void draw_levels(struct watch *w, enum levels kind, const struct tree *tr, int y,
                        int x, int width, int bottom)
{
	struct item it[WATCH_MAX_N + 1];

	if (y >= bottom)
		return;
	if (kind == LEVELS_TREE) {
		draw_tree(tr, y, x, width, bottom);
	} else if (kind == LEVELS_NODES) {
		text_line(&y, x, width, theme_attr(THEME_TITLE), "Nodes per level");
		items_pack(it, node_items(w, it), y, x, width, bottom, true);
	} else if (kind == LEVELS_SPARK) {
		draw_sparkline(w, y, x, width);
	}
}

/* One active call and its loop variable; "-" before its loop starts. */
static void frame_text(const struct search_frame *f, char *buf, size_t len)
{
	char file[16];

	board_file_name(f->file, file, sizeof file);
	if (f->rank >= 0)
		snprintf(buf, len, "solve(%s) rank = %d", file, f->rank + 1);
	else
		snprintf(buf, len, "solve(%s) rank = -", file);
}

/*
 * One line per active call from line y to bottom, innermost last; when they
 * do not all fit, the title says how many of them the innermost lines are.
 */
static void draw_stack(struct watch *w, int y, int x, int width, int bottom)
{
	const struct search_frame *frames;
	int depth = search_stack(w->s, &frames), room = bottom - y, first;
	char text[64];

	if (room < 1)
		return;
	first = depth > room ? depth - room : 0;
	if (first > 0 &&
	    snprintf(text, sizeof text, "Call stack: last %d of %d", room, depth) > width)
		snprintf(text, sizeof text, "Stack: last %d of %d", room, depth);
	text_line(&y, x, width, theme_attr(THEME_TITLE), "%s",
	          first > 0 ? text : "Call stack");
	if (depth == 0)
		text_line(&y, x, width, theme_attr(THEME_DIMMED), "(empty)");
	for (int i = first; i < depth; i++) {
		frame_text(&frames[i], text, sizeof text);
		text_line(&y, x, width,
		          i == depth - 1 ? theme_attr(THEME_KEY) : (int)A_NORMAL, "%s",
		          text);
	}
}

static int stack_height(struct watch *w)
{
	int depth = search_stack(w->s, NULL);

	return 1 + (depth > 0 ? depth : 1);
}

/* The widest line a call of this board can take, so that the layout holds still. */
static int stack_width(struct watch *w)
{
	struct search_frame widest = {w->n - 1, w->n - 1};
	char text[64];

	frame_text(&widest, text, sizeof text);
	return text_width(text) > 10 ? text_width(text) : 10;
}

/* The listing from line y to bottom, scrolled so that the lit line shows. */
static void draw_pseudo(struct watch *w, int y, int x, int width, int bottom)
{
	int lit = search_line(w->s), rows = bottom - y, first = 0;

	if (rows < 1 || width < 8)
		return;
	text_line(&y, x, width, theme_attr(THEME_TITLE), "Pseudocode: %s",
	          search_algo_name(w->algo));
	if (lit > rows)
		first = lit - rows;
	for (int i = first; i < w->npseudo && y <= bottom; i++) {
		bool on = i + 1 == lit;

		text_line(&y, x, width, on ? theme_attr(THEME_SELECTED) : (int)A_NORMAL,
		          "%s%-*s", on ? ">" : " ", on ? width - 1 : 0, w->pseudo[i]);
	}
}

/* Cuts *h down toward floor by what is over; returns what is still over. */
static int cut(int *h, int floor, int over)
{
	int c = *h - floor;

	if (over <= 0 || c <= 0)
		return over;
	if (c > over)
		c = over;
	*h -= c;
	return over - c;
}

/*
 * The panels of a column from line y to bottom: the listing, the counters,
 * the call stack and the levels, each given the lines it wants when they
 * fit.  When they do not, the levels shrink first, then the stack to its
 * innermost call and the listing to a few lines round the lit one; then the
 * levels go, and at last the stack and the listing.  The counters stay.
 */
static void draw_column(struct watch *w, int y, int x, int width, int bottom, bool pseudo,
                        enum counters_form counters, bool stack, enum levels kind,
                        const struct tree *tr)
{
	/* A listing narrower than this would be cut in most of its lines. */
	int least, p = pseudo && width >= 30 ? 1 + w->npseudo : 0;
	int s = stack ? stack_height(w) : 0;
	int c = counters == COUNTERS_NONE
	                ? 0
	                : counters_height(w, width, counters == COUNTERS_LONG);
	int want = levels_height(w, kind, tr, width, &least), l = want;
	int rest = bottom - y + 1 - c, over = p + s + l - rest, spare;

	over = cut(&l, least, over);
	over = cut(&s, 2, over);
	over = cut(&p, 6, over);
	if (over > 0) {
		over -= l;
		l = 0;
	}
	over = cut(&p, 3, over);
	over = cut(&s, 0, over);
	cut(&p, 0, over);
	if (p < 2)
		p = 0;
	if (s < 2)
		s = 0;
	spare = rest - p - s - l;
	if (p) {
		draw_pseudo(w, y, x, width, y + p - 1);
		y += p + (spare-- > 0);
	}
	if (c) {
		y += draw_counters(w, y, x, width, bottom, counters == COUNTERS_LONG);
		y += (s || l) && spare-- > 0;
	}
	if (s) {
		draw_stack(w, y, x, width, y + s - 1);
		y += s + (l && spare-- > 0);
	}
	if (l)
		draw_levels(w, kind, tr, y, x, width, y + l - 1);
}

static void draw_progress(struct watch *w)
{
	const struct search_counters *c = search_counters(w->s);
	const char *state = w->playing          ? "playing"
	                    : search_done(w->s) ? "done"
	                                        : "paused";
	char line[160], of[32] = "", pct[8] = "";
	int len, bar;

	w->bar_w = 0;
	if (w->total) {
		snprintf(of, sizeof of, " of %" PRIu64, w->total);
		snprintf(pct, sizeof pct, "%3d%%", (int)(c->events * 100 / w->total));
	}
	len = snprintf(line, sizeof line, " %s  speed %d/s  event %" PRIu64 "%s", state,
	               watch_speeds[w->speed], c->events, of);
	/* The same figures in fewer words for a narrow window. */
	if (len + text_width(pct) + 1 > COLS)
		len = snprintf(line, sizeof line, " %s  %d/s  %" PRIu64 "%s", state,
		               watch_speeds[w->speed], c->events, of);
	text_put(1, 0, A_NORMAL, line);
	if (!w->total)
		return;
	bar = COLS - len - 8;
	if (bar > 40)
		bar = 40;
	if (bar < 5) {
		text_put(1, len + 1, A_NORMAL, pct);
		return;
	}
	int fill = (int)((double)c->events * bar / (double)w->total);

	w->bar_x = len + 2;
	w->bar_w = bar;
	attrset(theme_attr(THEME_TRY));
	mvhline(1, len + 2, ' ', fill);
	attrset(theme_attr(THEME_DIMMED));
	mvhline(1, len + 2 + fill, theme_is_ascii() ? '.' : ACS_HLINE, bar - fill);
	attrset(A_NORMAL);
	text_put(1, len + 3 + bar, A_NORMAL, pct);
}

/* The narration, the message and the key line. */
static void draw_footer(struct watch *w, char *said, size_t len)
{
	const char *hints[8];
	int room = COLS - 6;

	search_describe(w->s, said, len);
	/* A long solution is cut where it shows, not silently. */
	text_cut(said, room);
	text_put(LINES - 3, 0, A_NORMAL, "Last: ");
	text_put(LINES - 3, 6, theme_attr(THEME_KEY), said[0] ? said : "(nothing yet)");
	if (w->message[0])
		text_put(LINES - 2, 0, A_NORMAL, w->message);
	text_keys(hints, keymap_hints(&watch_keymap, 0, hints, 8), "? help  q quit");
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
	w->bv.width = width;
	w->bv.height = height;
	/* Too narrow even to scroll: no board rather than a stale one. */
	if (boardview_layout(&w->bv) < 0) {
		w->bv.files = w->bv.ranks = 0;
		w->bv.width = width > 0 ? width : 0;
		return;
	}
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
	w->bv.width = ov.cols > 24 || width < 24 ? ov.cols : 24;
	/* An ASCII mark stands for a block of 2 by 4 dots' squares. */
	if (scale > 0) {
		bool ascii = theme_is_ascii();
		int sw = ascii ? 2 * scale : scale, sh = ascii ? 4 * scale : scale;
		char label[64];
		int y = 2 + ov.rows;

		if (snprintf(label, sizeof label, "a %s: %dx%d squares",
		             ascii ? "mark" : "dot", sw, sh) > w->bv.width)
			snprintf(label, sizeof label, "%s: %dx%d", ascii ? "mark" : "dot",
			         sw, sh);
		text_line(&y, 0, w->bv.width, theme_attr(THEME_DIMMED), "%s", label);
	}
	return 2 + ov.rows + 2;
}

void watch_draw(void *self)
{
	struct watch *w = self;
	static struct tree tree;
	char title[128], said[512];
	int bottom = LINES - 4, rows = bottom - 1, x, under, ngiven = 0;
	int pw = w->show_pseudo ? w->pseudo_w : COUNTERS_W;
	enum levels kind = levels_kind(w);
	bool two, stack = w->show_stack && search_nodes(w->s); /* no calls in repair */
	bool tree_under = false;

	fill_cells(w);
	if (kind == LEVELS_TREE)
		tree_build(w, &tree);
	for (int f = 0; w->given && f < w->n; f++)
		ngiven += w->given[f] >= 0;
	/* A narrow window drops the program's name rather than the search's. */
	snprintf(title, sizeof title, "%sWatch %dx%d, %s, %s%s",
	         COLS >= 60 ? "nqueens - " : "", w->n, w->n, search_algo_name(w->algo),
	         !search_nodes(w->s)     ? "one solution"
	         : w->goal == SEARCH_ALL ? "all solutions"
	                                 : "first solution",
	         ngiven ? ", from the queens given" : "");
	text_put(0, 0, theme_attr(THEME_TITLE), title);
	draw_progress(w);

	/*
	 * Two columns beside the board (counters and levels; listing and stack)
	 * when the board keeps squares of 4 by 2 or more; else one column as
	 * wide as the listing, and the board takes the rest.  On a short window
	 * with a tree to draw, the board leaves room under it for the tree, as
	 * long as it still shows whole.
	 */
	if (w->n > CELLS_MAX_N) {
		int ow = COLS - pw - 2;

		/* A narrow window cuts the listing rather than lose the board. */
		if (ow < COUNTERS_W)
			ow = COLS - SIDE_MIN_W - 3;
		under = draw_overview(w, ow, rows);
		x = w->bv.width + 2;
		two = false;
	} else {
		place_board(w, COLS - pw - COUNTERS_W - 4, rows);
		two = w->bv.cw >= 4 && w->bv.files == w->n;
		if (!two) {
			int h = rows, bw = COLS - pw - 2, minw;

			if (kind == LEVELS_TREE && rows < 30)
				h = rows / 2 > w->n + 1 ? rows / 2 : w->n + 1;
			/*
			 * Without room for the listing the board shows whole, if
			 * the counters keep their column; else it scrolls.
			 */
			boardview_min_size(w->n, &(int){0}, &minw);
			if (bw < minw)
				bw = minw < COLS - SIDE_MIN_W - 3 ? minw
				                                  : COLS - SIDE_MIN_W - 3;
			place_board(w, bw, h < rows ? h : rows);
		}
		if (w->bv.files > 0)
			boardview_draw(&w->bv);
		x = w->bv.label_w + w->bv.files * w->bv.cw + 2;
		under = w->bv.top + w->bv.height + 1;
	}

	/*
	 * Under the board: the call stack, then the tree, where they fit.  The
	 * stack keeps the room of its deepest call, so that the tree does not
	 * move as the search goes up and down.
	 */
	int uw = x - 2, y = under;

	if (stack && uw >= stack_width(w) && bottom - y >= 2) {
		int s = 1 + w->n - ngiven;

		if (s > bottom - y + 1)
			s = bottom - y + 1;
		draw_stack(w, y, 0, uw, y + s - 1);
		y += s + 1;
		stack = false;
	}
	if (kind == LEVELS_TREE && !two && uw >= 3 * w->n + 2 && bottom - y >= 3) {
		draw_tree(&tree, y, 0, uw, bottom);
		tree_under = true;
	}

	if (two) {
		int x2 = x + COUNTERS_W + 2;

		draw_column(w, 2, x, COUNTERS_W, bottom, false, COUNTERS_LONG, false,
		            kind, &tree);
		draw_column(w, 2, x2, COLS - x2 - 1, bottom, w->show_pseudo,
		            COUNTERS_NONE, stack, LEVELS_NONE, &tree);
	} else {
		draw_column(w, 2, x, COLS - x - 1, bottom, w->show_pseudo,
		            COUNTERS_PACKED, stack, tree_under ? LEVELS_NONE : kind,
		            &tree);
	}
	draw_footer(w, said, sizeof said);
}
