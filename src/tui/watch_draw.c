/* The Watch screen's drawing: the board and its panels, laid out by priority. */
#include "config.h"

#include "watch_view.h"

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
#include "layout.h"
#include "text.h"
#include "prompt.h"
#include "theme.h"
#include "watch_model.h"

/* Marks the squares: queens, and what the last event did. */
static void fill_cells(const struct watch_model *w, uint16_t *cells, struct boardview *bv)
{
	const struct search_event *ev = search_last(w->s);
	const int *ranks = search_ranks(w->s);
	int n = w->n;

	if (n > CELLS_MAX_N)
		return;
	memset(cells, 0, (size_t)n * (size_t)n * sizeof *cells);
	for (int f = 0; f < n; f++)
		if (ranks[f] >= 0)
			cells[f * n + ranks[f]] |= BV_QUEEN;
	/* The tree searches never move the given queens: show them fixed. */
	for (int f = 0; w->given && w->algo != SEARCH_REPAIR && f < n; f++)
		if (w->given[f] >= 0)
			cells[f * n + w->given[f]] |= BV_LOCKED;
	/* The square of the event is where a board too large to show scrolls to. */
	switch (ev->kind) {
	case SEARCH_EV_TRY:
	case SEARCH_EV_PLACE:
	case SEARCH_EV_REJECT:
	case SEARCH_EV_REMOVE:
	case SEARCH_EV_MOVE:
		bv->cursor = ev->sq;
		break;
	case SEARCH_EV_ENTER:
	case SEARCH_EV_RETURN:
		bv->cursor.file = ev->file;
		break;
	default:
		break;
	}
	switch (ev->kind) {
	case SEARCH_EV_TRY:
	case SEARCH_EV_PLACE:
		cells[ev->sq.file * n + ev->sq.rank] |= BV_TRY;
		break;
	case SEARCH_EV_REJECT: {
		struct square between[CELLS_MAX_N];
		int k = board_between(ev->attacker, ev->sq, between, CELLS_MAX_N);

		cells[ev->sq.file * n + ev->sq.rank] |= BV_REJECT;
		cells[ev->attacker.file * n + ev->attacker.rank] |= BV_ATTACKER;
		/* The squares between them show the line of the attack. */
		for (int i = 0; i < k; i++)
			cells[between[i].file * n + between[i].rank] |= BV_CONFLICT_LINE;
		break;
	}
	case SEARCH_EV_REMOVE:
		cells[ev->sq.file * n + ev->sq.rank] |= BV_LEFT;
		break;
	case SEARCH_EV_MOVE:
		cells[ev->from.file * n + ev->from.rank] |= BV_LEFT;
		cells[ev->sq.file * n + ev->sq.rank] |= BV_TRY;
		break;
	default:
		break;
	}
}

/* A figure of a panel, drawn whole or not at all. */
struct item {
	char text[48];
	int attr;
	int w; /* the columns it is given: as wide as its largest value will be */
};

/* The digits a figure is measured with, so that the layout holds still as it grows. */
static int figure_digits(const struct watch_model *w)
{
	int d = 1;

	if (!w->total)
		return 12;
	for (uint64_t v = w->total; v >= 10; v /= 10)
		d++;
	return d;
}

static void item_add(struct item *it, int *count, int attr, int digits, const char *fmt,
                     ...) __attribute__((format(printf, 5, 6)));

/* An item "label: value" (or "level:value"), its column width from digits. */
static void item_add(struct item *it, int *count, int attr, int digits, const char *fmt,
                     ...)
{
	struct item *i = &it[(*count)++];
	const char *value;
	va_list ap;
	int vw;

	va_start(ap, fmt);
	vsnprintf(i->text, sizeof i->text, fmt, ap);
	va_end(ap);
	i->attr = attr;
	value = strrchr(i->text, ' ') ? strrchr(i->text, ' ') + 1 : i->text;
	if (strchr(value, ':'))
		value = strchr(value, ':') + 1;
	vw = text_width(value);
	i->w = text_width(i->text) + (vw < digits ? digits - vw : 0);
}

/*
 * Packs items two spaces apart into lines of width columns, each in a slot
 * of its own width so that the columns hold still, never cutting one (a cut
 * figure would read as another number); draws them from line y when draw
 * is set, down to bottom.  Returns the number of lines they take.
 */
static int items_pack(const struct item *it, int count, int y, int x, int width,
                      int bottom, bool draw)
{
	int lines = count > 0, len = 0;

	for (int i = 0; i < count; i++) {
		if (len > 0 && len + 2 + it[i].w > width) {
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
		len += it[i].w;
	}
	return lines;
}

/* The widest item: the narrowest column that shows every one whole. */
static int items_width(const struct item *it, int count)
{
	int w = 0;

	for (int i = 0; i < count; i++)
		if (it[i].w > w)
			w = it[i].w;
	return w;
}

/* The counters of trace --stats, and the depth for the tree searches. */
static int counter_items(const struct watch_model *w, struct item *it)
{
	const struct search_counters *c = search_counters(w->s);
	int k = 0, d = figure_digits(w);

	item_add(it, &k, A_NORMAL, d, "tested: %" PRIu64, c->tested);
	if (w->algo == SEARCH_SCAN)
		item_add(it, &k, A_NORMAL, d, "examined: %" PRIu64, c->examined);
	item_add(it, &k, A_NORMAL, d, "placed: %" PRIu64, c->placed);
	item_add(it, &k, A_NORMAL, d, "removed: %" PRIu64, c->removed);
	if (w->algo == SEARCH_REPAIR)
		item_add(it, &k, A_NORMAL, d, "moves: %" PRIu64, c->moves);
	item_add(it, &k, c->solutions ? theme_attr(THEME_GOOD) : (int)A_NORMAL, d,
	         "solutions: %" PRIu64, c->solutions);
	item_add(it, &k, A_NORMAL, d, "events: %" PRIu64, c->events);
	/* Repair and construct make no calls: their depth would always be 0. */
	if (search_nodes(w->s))
		item_add(it, &k, A_NORMAL, w->n >= 10 ? 2 : 1, "depth: %d",
		         search_stack(w->s, NULL));
	return k;
}

/* Nodes per level as "level:count" items; 0 for repair and construct. */
static int node_items(const struct watch_model *w, struct item *it)
{
	const uint64_t *nodes = search_nodes(w->s);
	int k = 0, d = figure_digits(w);

	for (int level = 0; nodes && level <= w->n; level++)
		item_add(it, &k, A_NORMAL, d, "%d:%" PRIu64, level, nodes[level]);
	return k;
}

/*
 * The search tree so far, drawn sideways: one node per queen the search
 * placed, a child right of its parent ("a1-b3-c5"), a later child on a line
 * of its own under the first.  The model keeps the whole tree of the small
 * boards it is drawn for; the nodes placed by the event shown are drawn.
 */
/* The tree from line y to bottom: its title, then its last lines. */
static void draw_tree(const struct watch_model *w, int y, int x, int width, int bottom)
{
	const struct theme_glyphs *g = theme_glyphs();
	const struct watch_tree_node *t = w->tree;
	uint64_t at_event = search_counters(w->s)->events;
	int first, rows = bottom - y, line = -1, count = watch_model_tree_at(w, at_event),
	           lines = 0;

	if (rows < 1)
		return;
	for (int i = 0; i < count; i++)
		lines += i == 0 || t[i].depth != t[i - 1].depth + 1;
	text_line(&y, x, width, theme_attr(THEME_TITLE), "Search tree");
	if (count == 0) {
		text_line(&y, x, width, theme_attr(THEME_DIMMED), "(no queen yet)");
		return;
	}
	/* The last lines, where the search is. */
	first = lines > rows ? lines - rows : 0;
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
		bool solution = t[i].solved_at && t[i].solved_at <= at_event,
		     closed = t[i].closed_at && t[i].closed_at <= at_event;

		if (solution)
			snprintf(name + strlen(name), sizeof name - strlen(name), "%s",
			         g->solution);
		else if (closed && (i + 1 == count || t[i + 1].depth <= t[i].depth))
			snprintf(name + strlen(name), sizeof name - strlen(name), "%s",
			         g->rejected);
		text_put(at, col,
		         !closed    ? theme_attr(i + 1 == count ? THEME_TRY : THEME_KEY)
		         : solution ? theme_attr(THEME_GOOD)
		                    : (int)A_NORMAL,
		         name);
	}
}

/* Repair: the conflicts after each move so far, as a sparkline, in two lines. */
static void draw_sparkline(const struct watch_model *w, int y, int x, int width)
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

/*
 * What goes with the counters: the whole tree for small boards, the folded
 * tree and the profile beyond, the nodes per level without the tree.
 */
enum levels { LEVELS_NONE, LEVELS_TREE, LEVELS_FOLDED, LEVELS_NODES, LEVELS_SPARK };

static enum levels levels_kind(const struct watch_model *w)
{
	if (w->algo == SEARCH_REPAIR)
		return watch_model_sparkline(w) ? LEVELS_SPARK : LEVELS_NONE;
	if (!search_nodes(w->s))
		return LEVELS_NONE;
	if (!w->show_tree)
		return LEVELS_NODES;
	return w->n <= TREE_MAX_N ? LEVELS_TREE : LEVELS_FOLDED;
}

/* The widths a narration's heights are kept for: the layout asks each many times. */
#define NARRATE_WIDTHS 512

/* The narration of the event shown: its words as trace has them, and what it means. */
struct narration {
	char said[600], told[1024];
	short lines[NARRATE_WIDTHS]; /* its height at each width, 0 until measured */
};

/* What the panels are drawn from, for the layout's measures. */
struct view {
	const struct watch_model *w;
	struct boardview *bv; /* the board, as the layout sizes it */
	enum levels kind;
	bool pseudo_whole; /* the listing fits the body whole in its widest column */
	struct narration *narration;
};

/* The fewest lines of a listing too long for the window: the title and a few. */
#define PSEUDO_PART_LINES 6

/* The panels, in the order a column stacks them. */
enum panel {
	PANEL_PSEUDO,
	PANEL_COUNTERS,
	PANEL_STACK,
	PANEL_LEVELS,
	PANEL_NARRATE,
	PANELS
};

/*
 * How the listing's line is broken in a column of width columns (the first
 * for the lit line's marker): the byte offsets where its display lines
 * start, at most max; returns how many.  A line too long goes on under
 * itself, two columns further in, broken between words.
 */
static int pseudo_breaks(const char *line, int width, int *starts, int max)
{
	int indent = (int)strspn(line, " "), k = 0;
	size_t at = (size_t)indent, len = strlen(line);

	if (at >= len) {
		starts[0] = 0;
		return 1;
	}
	while (k < max) {
		int room = width - 1 - indent - (k > 0 ? 2 : 0);

		starts[k++] = (int)at;
		at += text_wrap_cut(line + at, room > 1 ? room : 1);
		at += strspn(line + at, " ");
		if (at >= len)
			break;
	}
	return k;
}

#define BREAKS_MAX 8

/* A display line of the listing: which line, which part of it, which bytes. */
struct display_line {
	int line, part, from, to;
};

/* The listing's display lines in a column of that width, and its blank lines. */
static int pseudo_lines(const struct watch_model *w, int width, int *blank)
{
	int starts[BREAKS_MAX], lines = 0;

	*blank = 0;
	for (int i = 0; i < w->npseudo; i++) {
		lines += pseudo_breaks(w->pseudo[i], width, starts, BREAKS_MAX);
		*blank += w->pseudo[i][strspn(w->pseudo[i], " ")] == '\0';
	}
	return lines;
}

/*
 * The listing whole, its title first: blank lines are what it can do
 * without.  A listing longer than the window can show whole beside the
 * smallest board makes do with a few lines round the lit one.
 */
static void pseudo_measure(const void *ctx, int width, int *min, int *pref)
{
	const struct view *v = ctx;
	int blank, lines = pseudo_lines(v->w, width, &blank);

	*pref = 1 + lines;
	*min = 1 + lines - blank;
	if (!v->pseudo_whole)
		*min = PSEUDO_PART_LINES < *min ? PSEUDO_PART_LINES : *min;
}

/*
 * The listing in its rectangle, the lit line marked and lit on all its
 * display lines: without its blank lines when it has not the room for
 * them, and scrolled round the lit line when it has not the room at all.
 */
static void draw_pseudo(const struct watch_model *w, struct layout_rect r)
{
	struct display_line d[PSEUDO_MAX_LINES * BREAKS_MAX];
	int lit = search_line(w->s), blank, count = 0, first = 0, y = r.y, rows = r.h - 1;
	bool skip_blank = 1 + pseudo_lines(w, r.w, &blank) > r.h;

	text_line(&y, r.x, r.w, theme_attr(THEME_TITLE), "Pseudocode: %s",
	          search_algo_name(w->algo));
	for (int i = 0; i < w->npseudo; i++) {
		int starts[BREAKS_MAX], k;
		const char *line = w->pseudo[i];

		k = pseudo_breaks(line, r.w, starts, BREAKS_MAX);
		if (skip_blank && line[strspn(line, " ")] == '\0')
			continue;
		for (int j = 0; j < k; j++)
			d[count++] = (struct display_line){i, j, starts[j],
			                                   j + 1 < k ? starts[j + 1]
			                                             : (int)strlen(line)};
	}
	/* Scrolled only when even that is too long: the lit line's first part in view. */
	if (count > rows) {
		for (int k = 0; k < count; k++)
			if (d[k].line + 1 == lit && d[k].part == 0)
				first = k - rows / 2;
		if (first > count - rows)
			first = count - rows;
		if (first < 0)
			first = 0;
	}
	for (int k = first; k < count && k < first + rows; k++) {
		const char *line = w->pseudo[d[k].line];
		bool on = d[k].line + 1 == lit;
		int len = d[k].to - d[k].from, indent = (int)strspn(line, " ");
		char text[160];

		while (len > 0 && line[d[k].from + len - 1] == ' ')
			len--;
		/* The first part keeps the line's own indentation; the rest go two
		 * further. */
		snprintf(text, sizeof text, "%s%*s%.*s", d[k].part == 0 && on ? ">" : " ",
		         d[k].part == 0 ? d[k].from : indent + 2, "", len,
		         line + d[k].from);
		text_line(&y, r.x, r.w, on ? theme_attr(THEME_SELECTED) : (int)A_NORMAL,
		          "%-*s", on ? r.w : 0, text);
	}
}

static void counters_measure(const void *ctx, int width, int *min, int *pref)
{
	const struct view *v = ctx;
	struct item it[10];
	int k = counter_items(v->w, it),
	    packed = items_pack(it, k, 0, 0, width, 0, false);

	/* Packed, their title too when there is room: each says what it counts. */
	*min = packed;
	*pref = 1 + packed;
}

static void draw_counters(const struct watch_model *w, struct layout_rect r)
{
	struct item it[10];
	int k = counter_items(w, it), y = r.y;

	if (r.h > items_pack(it, k, 0, 0, r.w, 0, false))
		text_line(&y, r.x, r.w, theme_attr(THEME_TITLE), "Counters");
	items_pack(it, k, y, r.x, r.w, r.y + r.h - 1, true);
}

/* The levels: the whole tree, every level's nodes whole, or the sparkline. */
static void levels_measure(const void *ctx, int width, int *min, int *pref)
{
	const struct view *v = ctx;
	struct item it[WATCH_MAX_N + 1];

	switch (v->kind) {
	case LEVELS_TREE:
		/* The whole search's tree, so that the layout holds still as it grows. */
		*pref = 1 + (v->w->tree_lines > 0 ? v->w->tree_lines : 1);
		*min = *pref < 3 ? *pref : 3; /* the title and the last two lines */
		break;
	case LEVELS_FOLDED: {
		/* The nodes per level at least, packed; the folded tree when it fits. */
		int tmin, tpref;

		*min = 1 + items_pack(it, node_items(v->w, it), 0, 0, width, 0, false);
		watch_tree_measure(v->w, &tmin, &tpref);
		*pref = width >= watch_tree_width(v->w) && tpref > *min ? tpref : *min;
		break;
	}
	case LEVELS_NODES:
		/* All the levels or none: a level left out would read as none. */
		*min = *pref =
		        1 + items_pack(it, node_items(v->w, it), 0, 0, width, 0, false);
		break;
	default:
		*min = *pref = 2;
		break;
	}
}

static void draw_levels(const struct watch_model *w, const struct view *v,
                        struct layout_rect r)
{
	struct item it[WATCH_MAX_N + 1];
	int y = r.y;

	if (v->kind == LEVELS_TREE) {
		draw_tree(w, r.y, r.x, r.w, r.y + r.h - 1);
	} else if (v->kind == LEVELS_FOLDED && watch_tree_fits(w, r)) {
		watch_tree_draw(w, r);
	} else if (v->kind == LEVELS_NODES || v->kind == LEVELS_FOLDED) {
		text_line(&y, r.x, r.w, theme_attr(THEME_TITLE), "Nodes per level");
		items_pack(it, node_items(w, it), y, r.x, r.w, r.y + r.h - 1, true);
	} else if (v->kind == LEVELS_SPARK) {
		draw_sparkline(w, r.y, r.x, r.w);
	}
}

/* The widest line a call of this board can take, so that the layout holds still. */
static int stack_width(const struct watch_model *w)
{
	struct search_frame widest = {w->n - 1, w->n - 1};
	char text[64];

	watch_frame_text(&widest, text, sizeof text);
	return text_width(text) > 14 ? text_width(text) : 14;
}

/* Every call when there is room, else its title and the innermost. */
static void stack_measure(const void *ctx, int width, int *min, int *pref)
{
	const struct view *v = ctx;

	(void)width;
	*min = 2;
	*pref = 1 + watch_model_calls(v->w);
}

/*
 * One line per active call, innermost last; when they do not all fit, the
 * title says how many of them the innermost lines are, in as many words
 * as the column has room for.
 */
static void draw_stack(const struct watch_model *w, struct layout_rect r)
{
	const struct search_frame *frames;
	int depth = search_stack(w->s, &frames), room = r.h - 1, first, y = r.y;
	char text[64];

	first = depth > room ? depth - room : 0;
	snprintf(text, sizeof text, "Call stack");
	if (first > 0) {
		static const char *const forms[] = {"Call stack: last %d of %d",
		                                    "Stack: last %d of %d",
		                                    "last %d of %d"};

		for (size_t i = 0; i < sizeof forms / sizeof *forms; i++)
			if (snprintf(text, sizeof text, forms[i], room, depth) <= r.w)
				break;
		text_cut(text, r.w);
	}
	text_line(&y, r.x, r.w, theme_attr(THEME_TITLE), "%s", text);
	if (depth == 0)
		text_line(&y, r.x, r.w, theme_attr(THEME_DIMMED), "(empty)");
	for (int i = first; i < depth; i++) {
		watch_frame_text(&frames[i], text, sizeof text);
		text_line(&y, r.x, r.w,
		          i == depth - 1 ? theme_attr(THEME_KEY) : (int)A_NORMAL, "%s",
		          text);
	}
}

/*
 * The progress line's words, into line: its length, and where the bar goes
 * in a window cols wide (*bar 0 when it has no room for one).
 */
static int progress_text(const struct watch_model *w, int cols, char *line, size_t len,
                         char *pct, size_t pctlen, int *bar)
{
	const struct search_counters *c = search_counters(w->s);
	const char *state = w->playing          ? "playing"
	                    : search_done(w->s) ? "done"
	                                        : "paused";
	char of[32] = "";
	int at;

	pct[0] = '\0';
	if (w->total) {
		snprintf(of, sizeof of, " of %" PRIu64, w->total);
		snprintf(pct, pctlen, "%3d%%", (int)(c->events * 100 / w->total));
	}
	at = snprintf(line, len, " %s  speed %d/s  event %" PRIu64 "%s", state,
	              watch_speeds[w->speed], c->events, of);
	/* The same figures in fewer words for a narrow window. */
	if (at + text_width(pct) + 1 > cols)
		at = snprintf(line, len, " %s  %d/s  %" PRIu64 "%s", state,
		              watch_speeds[w->speed], c->events, of);
	/* The bar takes the width the figures leave, up to half the window. */
	*bar = cols - at - 8;
	if (*bar > cols / 2)
		*bar = cols / 2;
	if (!w->total || *bar < 5)
		*bar = 0;
	return at;
}

bool watch_view_bar_hit(const struct watch_model *w, struct layout_rect r, int line,
                        int col, uint64_t *k)
{
	char text[160], pct[8];
	int bar, x = r.x +
	             progress_text(w, r.w, text, sizeof text, pct, sizeof pct, &bar) + 2;

	if (bar == 0 || line != r.y + 1 || col < x || col >= x + bar)
		return false;
	/* The first cell is the start and the last the end. */
	if (col == x)
		*k = 0;
	else if (col == x + bar - 1)
		*k = w->total;
	else
		*k = (uint64_t)((col - x + 0.5) * (double)w->total / bar);
	return true;
}

static void draw_progress(const struct watch_model *w, struct layout_rect r)
{
	char line[160], pct[8];
	int bar, len = progress_text(w, r.w, line, sizeof line, pct, sizeof pct, &bar),
	         y = r.y + 1, x = r.x;

	text_put_in(y, x, r.w, A_NORMAL, line);
	if (!w->total)
		return;
	if (bar == 0) {
		text_put_in(y, x + len + 1, r.w - len - 1, A_NORMAL, pct);
		return;
	}
	int fill = (int)((double)search_counters(w->s)->events * bar / (double)w->total);

	attrset(theme_attr(THEME_TRY));
	mvhline(y, x + len + 2, ' ', fill);
	attrset(theme_attr(THEME_DIMMED));
	mvhline(y, x + len + 2 + fill, theme_is_ascii() ? '.' : ACS_HLINE, bar - fill);
	attrset(A_NORMAL);
	text_put_in(y, x + len + 3 + bar, r.w - (len + 3 + bar), A_NORMAL, pct);
}

/*
 * The narration panel: the event in trace's words as its title, then what
 * it means in the pseudocode's words (search_explain), short or full.
 */
static void narration_make(const struct watch_model *w, struct narration *n)
{
	char words[512];

	search_describe(w->s, words, sizeof words);
	/* A large board's solution lists every rank: its start is enough here. */
	text_cut(words, 160);
	snprintf(n->said, sizeof n->said, "Last: %s", words[0] ? words : "(nothing yet)");
	search_explain(w->s, w->narrate_full, n->told, sizeof n->told);
	memset(n->lines, 0, sizeof n->lines);
}

/* Room for as long a narration as most events have, so that the panel holds still. */
#define NARRATE_SHORT_CHARS 110
#define NARRATE_FULL_CHARS 200

/* More lines than any window has: the panel is not shown. */
#define NARRATE_NEVER 100000

/* The lines of a long narration at a width: words of five letters, as many. */
static int narrate_typical(bool full, int width)
{
	char typ[NARRATE_FULL_CHARS + 1];
	int len = full ? NARRATE_FULL_CHARS : NARRATE_SHORT_CHARS;

	for (int i = 0; i < len; i++)
		typ[i] = i % 6 == 5 ? ' ' : 'x';
	typ[len] = '\0';
	return text_wrap_height(width, 2, typ);
}

static void narrate_measure(const void *ctx, int width, int *min, int *pref)
{
	const struct view *v = ctx;
	struct narration *n = v->narration;
	int typical = 1 + narrate_typical(v->w->narrate_full, width);

	/* The event's words on one line, as "Last:" has them, or not at all. */
	if (text_width(n->said) > width) {
		*min = *pref = NARRATE_NEVER;
		return;
	}
	if (width >= NARRATE_WIDTHS)
		*min = 1 + text_wrap_height(width, 2, n->told);
	else if (n->lines[width])
		*min = n->lines[width];
	else
		*min = n->lines[width] = (short)(1 + text_wrap_height(width, 2, n->told));
	*pref = *min > typical ? *min : typical;
}

static void draw_narration(const struct narration *n, struct layout_rect r)
{
	int y = r.y;

	text_wrap(&y, r.x, r.w, 2, theme_attr(THEME_TITLE), "%s", n->said);
	if (y + text_wrap_height(r.w, 2, n->told) <= r.y + r.h)
		text_wrap(&y, r.x, r.w, 2, A_NORMAL, "%s", n->told);
}

/*
 * The breakpoints set, right of the title when any is: in as many words as
 * the line has room for after the title's cols columns.
 */
static void draw_breaks(const struct watch_model *w, struct layout_rect r, int cols)
{
	static const char *const heads[] = {"Breakpoints:", "Breaks:", "Break:"};
	char text[128], name[16] = "";

	if (!watch_model_breaks_set(w))
		return;
	if (w->break_square.file >= 0)
		board_square_name(w->break_square, name, sizeof name);
	for (int form = 0; form < 3; form++) {
		size_t at = (size_t)snprintf(text, sizeof text, "%s", heads[form]);
		const char *sep = " ";

		if (w->break_solution) {
			at += (size_t)snprintf(text + at, sizeof text - at, "%s%s", sep,
			                       form == 0   ? "a solution"
			                       : form == 1 ? "solution"
			                                   : "s");
			sep = form < 2 ? ", " : " ";
		}
		if (name[0]) {
			at += (size_t)snprintf(text + at, sizeof text - at, "%s%s%s", sep,
			                       name, form == 0 ? " tried" : "");
			sep = form < 2 ? ", " : " ";
		}
		if (w->break_depth > 0)
			snprintf(text + at, sizeof text - at, "%s%s%d", sep,
			         form < 2 ? "depth " : "", w->break_depth);
		if (cols + 2 + text_width(text) <= r.w || form == 2)
			break;
	}
	if (cols + 2 + text_width(text) <= r.w)
		text_put_in(r.y, r.x + r.w - text_width(text), text_width(text),
		            theme_attr(THEME_KEY), text);
}

/* The narration as a panel, or only what projector mode shows. */
static void panels_mine(const struct watch_model *w, struct layout_panel *p)
{
	p[PANEL_NARRATE] = (struct layout_panel){.present = true,
	                                         .prio = 5,
	                                         .min_w = 24,
	                                         .pref_w = 44,
	                                         .measure = narrate_measure};
	if (w->big)
		for (int i = 0; i < PANELS; i++)
			if (i != PANEL_PSEUDO && i != PANEL_STACK)
				p[i].present = false;
}

#define ARRANGEMENTS_MAX 128

/*
 * The arrangements, each with the narration under the board or in one of
 * the columns it has beside it.
 */
static int arrangements_mine(const struct layout_arrangement *base, int nbase,
                             struct layout_arrangement *out)
{
	int k = 0;

	for (int a = 0; a < nbase; a++) {
		for (int col = 0; col <= 3 && k < ARRANGEMENTS_MAX; col++) {
			bool used = col == 0;

			for (int i = 0; i < PANEL_NARRATE; i++)
				used |= base[a].column[i] == col;
			if (!used)
				continue;
			out[k] = base[a];
			out[k].column[PANEL_NARRATE] = (signed char)col;
			k++;
		}
	}
	return k;
}

/* "Last:" and the event when the narration is not shown, the message, a prompt. */
static void draw_footer(const struct watch_model *w, struct layout_rect r, bool last,
                        const struct prompt *prompt, bool depth)
{
	char said[512], question[80];

	search_describe(w->s, said, sizeof said);
	/* A long solution is cut where it shows, not silently. */
	text_cut(said, r.w - 6);
	if (last) {
		text_put_in(r.y + r.h - 2, r.x, r.w, A_NORMAL, "Last: ");
		text_put_in(r.y + r.h - 2, r.x + 6, r.w - 6, theme_attr(THEME_KEY),
		            said[0] ? said : "(nothing yet)");
	}
	if (w->message[0])
		text_message(r, w->message, A_NORMAL, 3);
	if (!prompt)
		return;
	if (depth)
		snprintf(question, sizeof question, "Run to the depth (1 to %d): ", w->n);
	else
		snprintf(question, sizeof question,
		         "Breakpoint (Enter: the square shown; c4, 3 or s): ");
	prompt_draw(prompt, r, question);
}

/* The board in a rectangle, for the layout. */
static int board_fit(void *ctx, int h, int w, struct layout_size *got)
{
	return boardview_fit(ctx, h, w, &got->h, &got->w);
}

/*
 * The sizes the board can be drawn at in the body, smallest first; a board
 * too large for squares is an overview, about twice as wide as tall.  It
 * reads well from squares two columns wide, and grows beyond that only
 * once every panel has what it wants.
 */
static void board_sizes(const struct watch_model *w, struct layout_board *b,
                        struct layout_rect area, struct boardview *bv)
{
	if (w->n <= CELLS_MAX_N) {
		bv->n = w->n;
		bv->show_cursor = false;
		bv->top = area.y;
		bv->left = area.x;
		layout_board_sizes(b, area.h, area.w, board_fit, bv);
		b->readable = b->nsizes;
		/* Predict mode answers on the board: squares of two columns at least. */
		int per = w->quiz.on ? 4 : 2;

		for (int i = b->whole; i < b->nsizes; i++) {
			if (b->sizes[i].w >= per * w->n + 1) {
				b->readable = i;
				break;
			}
		}
		return;
	}
	memset(b, 0, sizeof *b);
	for (int bw = 12;
	     bw <= area.w && bw <= 2 * area.h + 2 && b->nsizes < LAYOUT_SIZES_MAX;
	     bw += bw / 4) {
		b->sizes[b->nsizes].h = area.h;
		b->sizes[b->nsizes++].w = bw;
	}
	b->whole = b->readable = b->nsizes;
}

/*
 * A board too large for its squares: the overview, the queens under attack
 * in the conflict colour, and a line under it that gives the scale.
 */
static void draw_overview(const struct watch_model *w, struct layout_rect r)
{
	const int *ranks = search_ranks(w->s);
	bool *attacked = calloc((size_t)w->n, sizeof *attacked);
	struct position pos;
	struct boardview_overview ov = {
	        .n = w->n,
	        .ranks = ranks,
	        .top = r.y,
	        .left = r.x,
	        .width = r.w,
	        .height = r.h - 1,
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
	/* An ASCII mark stands for a block of 2 by 4 dots' squares. */
	if (scale > 0) {
		bool ascii = theme_is_ascii();
		int sw = ascii ? 2 * scale : scale, sh = ascii ? 4 * scale : scale;
		char label[64];
		int y = r.y + ov.rows;

		if (snprintf(label, sizeof label, "a %s: %dx%d squares",
		             ascii ? "mark" : "dot", sw, sh) > r.w)
			snprintf(label, sizeof label, "%s: %dx%d", ascii ? "mark" : "dot",
			         sw, sh);
		text_cut(label, r.w);
		text_line(&y, r.x, r.w, theme_attr(THEME_DIMMED), "%s", label);
	}
}

/*
 * Where the panels may go (see layout_board): one column beside the board;
 * the stack or the counters under it; two columns, the counters and the
 * levels by the board and the listing and the stack beyond, or the other
 * way; everything under the board for a tall narrow window.
 */
static const struct layout_arrangement arrangements[] = {
        /* pseudo counters stack levels */
        {{2, 1, 2, 1}}, {{1, 1, 1, 1}}, {{1, 1, 0, 1}}, {{1, 0, 1, 1}}, {{1, 0, 0, 1}},
        {{1, 1, 0, 0}}, {{1, 0, 1, 0}}, {{2, 1, 0, 1}}, {{1, 2, 1, 2}}, {{1, 1, 2, 2}},
        {{1, 1, 1, 2}}, {{0, 1, 0, 1}}, {{0, 0, 0, 0}},
};

/* Leaves out the board's sizes smaller than least. */
static void sizes_from(struct layout_board *b, const struct layout_size *least)
{
	int k = 0, whole = -1, readable = -1;

	for (int i = 0; i < b->nsizes; i++) {
		if (b->sizes[i].h < least->h || b->sizes[i].w < least->w)
			continue;
		if (whole < 0 && i >= b->whole)
			whole = k;
		if (readable < 0 && i >= b->readable)
			readable = k;
		b->sizes[k++] = b->sizes[i];
	}
	b->nsizes = k;
	b->whole = whole < 0 ? k : whole;
	b->readable = readable < 0 ? k : readable;
}

/*
 * Lays the board and the panels out in area; the listing counts as whole
 * when it fits beside the smallest board.  Returns as layout_board.
 */
static int lay_out(const struct watch_model *w, struct view *v, struct layout_board *b,
                   struct layout_panel *p, struct layout_rect area,
                   const struct layout_size *least)
{
	struct layout_arrangement arr[ARRANGEMENTS_MAX];
	int blank, widest, narr;

	board_sizes(w, b, area, v->bv);
	if (least)
		sizes_from(b, least);
	/* Projector mode wants the board as large as the listing and the stack allow. */
	if (w->big && b->nsizes > 0)
		b->readable = b->nsizes - 1;
	widest = area.w - (b->nsizes ? b->sizes[0].w : 0) - 1;
	v->pseudo_whole = 1 + pseudo_lines(w, widest, &blank) - blank <= area.h;
	narr = (int)(sizeof arrangements / sizeof *arrangements);
	if (p[PANEL_NARRATE].present)
		narr = arrangements_mine(arrangements, narr, arr);
	else
		memcpy(arr, arrangements, sizeof arrangements);
	/* A narrow window spares a column between the board and the panels. */
	return layout_board(b, p, PANELS, arr, narr, area, area.w < 80 ? 1 : 2);
}

/* How far a shown panel is from the lines and columns it wants. */
static int panel_deficit(const struct layout_panel *p)
{
	int min, pref;

	p->measure(p->ctx, p->at.w, &min, &pref);
	return (pref > p->at.h ? pref - p->at.h : 0) +
	       (p->pref_w > p->at.w ? p->pref_w - p->at.w : 0);
}

/* How far the board is from the size that reads well. */
static int board_deficit(const struct layout_board *b)
{
	const struct layout_size *r =
	        &b->sizes[b->readable < b->nsizes ? b->readable : b->nsizes - 1];

	return (r->h > b->at.h ? r->h - b->at.h : 0) +
	       (r->w > b->at.w ? r->w - b->at.w : 0);
}

/*
 * Whether a layout with the narration serves the board and the other
 * panels as well as the one without it (base, its board deficit bd): it
 * comes after all of them, and takes only what is left once those have
 * what they want.
 */
static bool serves_as_well(const struct layout_board *b, const struct layout_panel *p,
                           int placed, const struct layout_panel *base, int bd)
{
	if (placed < 0 || !p[PANEL_NARRATE].shown || board_deficit(b) > bd)
		return false;
	for (int i = 0; i < PANEL_NARRATE; i++)
		if (base[i].shown &&
		    (!p[i].shown || panel_deficit(&p[i]) > panel_deficit(&base[i])))
			return false;
	return true;
}

/*
 * The layout: first without the narration, then with it (taking the line
 * of "Last:" too) when that serves the rest as well and leaves the board
 * two thirds of its size at least.  Projector mode shows no narration, and
 * has the line of "Last:".
 */
static int lay_out_mine(const struct watch_model *w, struct view *v,
                        struct layout_board *b, struct layout_panel *p,
                        struct layout_rect area)
{
	struct layout_panel base[PANELS];
	struct layout_board bb;
	struct layout_size least;
	bool whole;
	int placed, base_placed, bd;

	if (w->big) {
		area.h++;
		return lay_out(w, v, b, p, area, NULL);
	}
	p[PANEL_NARRATE].present = false;
	base_placed = lay_out(w, v, b, p, area, NULL);
	if (base_placed < 0)
		return base_placed;
	memcpy(base, p, sizeof base);
	bb = *b;
	whole = v->pseudo_whole;
	bd = board_deficit(b);
	least = (struct layout_size){(2 * b->at.h) / 3, (2 * b->at.w) / 3};
	p[PANEL_NARRATE].present = true;
	area.h++;
	placed = lay_out(w, v, b, p, area, &least);
	if (serves_as_well(b, p, placed, base, bd))
		return placed;
	memcpy(p, base, sizeof base);
	*b = bb;
	v->pseudo_whole = whole;
	return base_placed;
}

/* A narrow window titles the search in fewer words; the algorithm stays. */
static int draw_title(const struct watch_model *w, struct layout_rect r)
{
	const char *goal = !search_nodes(w->s)     ? "one solution"
	                   : w->goal == SEARCH_ALL ? "all solutions"
	                                           : "first solution";
	bool given = false;
	char title[160];

	for (int f = 0; w->given && f < w->n; f++)
		given |= w->given[f] >= 0;
	for (int form = 0; form < 4; form++) {
		snprintf(title, sizeof title, "%sWatch %dx%d, %s%s%s%s",
		         form == 0 ? "nqueens - " : "", w->n, w->n,
		         search_algo_name(w->algo), form < 3 ? ", " : "",
		         form < 3 ? goal : "",
		         given && form < 2 ? ", from the queens given" : "");
		if (text_width(title) <= r.w)
			break;
	}
	text_cut(title, r.w);
	text_put_in(r.y, r.x, r.w, theme_attr(THEME_TITLE), title);
	return text_width(title);
}

/* The widest line of the listing, with its marker: what the panel wants. */
static int pseudo_width(const struct watch_model *w)
{
	int width = 0;

	for (int i = 0; i < w->npseudo; i++)
		if (text_width(w->pseudo[i]) + 2 > width)
			width = text_width(w->pseudo[i]) + 2;
	return width;
}

/* The panels' widths, which the layout keeps to. */
static void panel_widths(const struct watch_model *w, enum levels kind,
                         struct layout_panel *p)
{
	struct item it[WATCH_MAX_N + 1];

	p[PANEL_COUNTERS].min_w = p[PANEL_COUNTERS].pref_w =
	        items_width(it, counter_items(w, it));
	if (p[PANEL_COUNTERS].min_w < 8)
		p[PANEL_COUNTERS].min_w = p[PANEL_COUNTERS].pref_w = 8;
	switch (kind) {
	case LEVELS_TREE:
		p[PANEL_LEVELS].min_w = p[PANEL_LEVELS].pref_w = 3 * w->n + 2;
		break;
	case LEVELS_FOLDED:
		/* The packed nodes under their title whole, at the least. */
		p[PANEL_LEVELS].min_w = items_width(it, node_items(w, it));
		if (p[PANEL_LEVELS].min_w < text_width("Nodes per level"))
			p[PANEL_LEVELS].min_w = text_width("Nodes per level");
		p[PANEL_LEVELS].pref_w = watch_tree_width(w);
		break;
	case LEVELS_NODES:
		p[PANEL_LEVELS].min_w = items_width(it, node_items(w, it));
		break;
	default: {
		/* The conflicts at the start, and now: as many digits at most. */
		int d = snprintf(NULL, 0, "%" PRIu32, w->nconf ? w->conf[0] : 0);

		p[PANEL_LEVELS].min_w = (int)strlen("Conflicts: , now ") + 2 * d;
		p[PANEL_LEVELS].pref_w =
		        (int)strlen("Conflicts:  at the start,  now") + 2 * d;
		break;
	}
	}
}

/* Predict mode's band under the body: the question whole, the board above. */
static struct layout_rect quiz_band(const struct watch_model *w, struct layout_rect *area)
{
	int want = watch_quiz_lines(w, area->w);
	/* The body wants the rest, so that the blank line before the band comes too. */
	struct layout_region rg[2] = {
	        {.min = 6, .pref = area->h - want - 1, .prio = 1, .grow = 1},
	        {.min = 2, .pref = want, .prio = 0, .gap = 1},
	};

	if (rg[0].pref < rg[0].min)
		rg[0].pref = rg[0].min;
	layout_share(rg, 2, area->y, area->h);
	area->h = rg[0].size;
	return (struct layout_rect){rg[1].at, area->x, rg[1].size, area->w};
}

/* The panels in the places the layout gave them. */
static void draw_panels(const struct watch_model *w, const struct view *v,
                        const struct layout_panel *p, const struct narration *told)
{
	if (p[PANEL_PSEUDO].shown)
		draw_pseudo(w, p[PANEL_PSEUDO].at);
	if (p[PANEL_COUNTERS].shown)
		draw_counters(w, p[PANEL_COUNTERS].at);
	if (p[PANEL_STACK].shown)
		draw_stack(w, p[PANEL_STACK].at);
	if (p[PANEL_LEVELS].shown)
		draw_levels(w, v, p[PANEL_LEVELS].at);
	if (p[PANEL_NARRATE].shown)
		draw_narration(told, p[PANEL_NARRATE].at);
}

void watch_view_draw(const struct watch_model *w, struct layout_rect r,
                     const struct prompt *prompt, bool depth)
{
	uint16_t cells[CELLS_MAX_N * CELLS_MAX_N];
	struct boardview bv = {.cells = cells};
	struct layout_rect area = {r.y + 2, r.x, r.h - 4, r.w};
	struct view v = {w, &bv, levels_kind(w), false, NULL};
	struct layout_board b;
	struct layout_panel p[PANELS] = {
	        [PANEL_PSEUDO] = {.present = w->show_pseudo,
	                          .prio = 2,
	                          .min_w = 24,
	                          .pref_w = pseudo_width(w),
	                          .measure = pseudo_measure},
	        /* In predict mode the listing's words matter more than the counts. */
	        [PANEL_COUNTERS] = {.present = true,
	                            .prio = w->quiz.on ? 5 : 1,
	                            .measure = counters_measure},
	        [PANEL_STACK] = {.present = w->show_stack && search_nodes(w->s),
	                         .prio = 3,
	                         .min_w = stack_width(w),
	                         .pref_w = stack_width(w),
	                         .measure = stack_measure},
	        [PANEL_LEVELS] = {.present = v.kind != LEVELS_NONE,
	                          .prio = 4,
	                          .measure = levels_measure},
	};
	struct layout_rect band = {0, 0, 0, 0};
	struct narration told;
	int placed;

	if (w->quiz.on)
		band = quiz_band(w, &area);
	fill_cells(w, cells, &bv);
	narration_make(w, &told);
	v.narration = &told;
	draw_breaks(w, r, draw_title(w, r));
	draw_progress(w, r);
	panel_widths(w, v.kind, p);
	panels_mine(w, p);
	for (int i = 0; i < PANELS; i++) {
		p[i].gap = 1;
		p[i].ctx = &v;
		if (p[i].pref_w < p[i].min_w)
			p[i].pref_w = p[i].min_w;
	}
	placed = lay_out_mine(w, &v, &b, p, area);
	/* After the layout, which sizes the board with no cursor. */
	watch_quiz_cursor(w, &bv);
	if (placed >= 0) {
		if (w->n > CELLS_MAX_N) {
			draw_overview(w, b.at);
		} else {
			bv.top = b.at.y;
			bv.left = b.at.x;
			bv.height = b.at.h;
			bv.width = b.at.w;
			if (boardview_layout(&bv) == 0)
				boardview_draw(&bv);
		}
	}
	draw_panels(w, &v, p, &told);
	if (band.h > 0)
		watch_quiz_draw(w, band);
	draw_footer(w, r, !w->big && !p[PANEL_NARRATE].shown, prompt, depth);
}
