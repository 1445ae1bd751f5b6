/* Watch's panels beside the board: the listing, the counters, the call stack, the levels
 * and the narration, each measured for the layout and drawn in the rectangle it gets. */
#include "config.h"

#include "tui/watch_view.h"

#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board.h"
#include "tui/layout.h"
#include "engine/lesson.h"
#include "tui/text.h"
#include "tui/theme.h"
#include "tui/watch_model.h"

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

/*
 * An item "label: value" (or "level:value") in the engine's words, its
 * column width from digits.
 */
static void item_add(struct item *it, int *count, int attr, int digits, const char *text)
{
	struct item *i = &it[(*count)++];
	const char *value;
	int vw;

	snprintf(i->text, sizeof i->text, "%s", text);
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

/*
 * The counters of trace --stats in its words (search_figure), the events
 * after the others, and the depth for the tree searches.
 */
static int counter_items(const struct watch_model *w, struct item *it)
{
	static const enum search_figure order[] = {
	        SEARCH_FIG_TESTED,  SEARCH_FIG_EXAMINED, SEARCH_FIG_PLACED,
	        SEARCH_FIG_REMOVED, SEARCH_FIG_MOVES,    SEARCH_FIG_SOLUTIONS,
	        SEARCH_FIG_EVENTS,  SEARCH_FIG_DEPTH,
	};
	int k = 0, d = figure_digits(w);
	char text[48];

	for (size_t i = 0; i < sizeof order / sizeof *order; i++) {
		if (!search_figure(w->s, order[i], text, sizeof text))
			continue;
		item_add(it, &k, theme_role(watch_model_figure_role(w, order[i])),
		         order[i] == SEARCH_FIG_DEPTH ? (w->n >= 10 ? 2 : 1) : d, text);
	}
	return k;
}

/* Nodes per level as "level:count" items; 0 for repair and construct. */
static int node_items(const struct watch_model *w, struct item *it)
{
	int k = 0, d = figure_digits(w);
	char text[48];

	for (int level = 0; search_figure_nodes(w->s, level, true, text, sizeof text);
	     level++)
		item_add(it, &k, A_NORMAL, d, text);
	return k;
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

		attrset(theme_role(watch_model_conflicts_role(v)));
		if (theme_is_ascii())
			mvaddch(y, x + c, (chtype)ascii_bars[level]);
		else
			mvaddstr(y, x + c, bars[level]);
	}
	attrset(A_NORMAL);
}

static enum watch_levels levels_kind(const struct watch_model *w)
{
	if (w->algo == SEARCH_REPAIR)
		return watch_model_sparkline(w) ? LEVELS_SPARK : LEVELS_NONE;
	if (!search_nodes(w->s))
		return LEVELS_NONE;
	if (!w->show_tree)
		return LEVELS_NODES;
	return w->n <= TREE_MAX_N ? LEVELS_TREE : LEVELS_FOLDED;
}

/* The fewest lines of a listing too long for the window: the title and a few. */
#define PSEUDO_PART_LINES 6

/*
 * The columns of a program's line numbers, the file's own, and the space
 * after them; the pseudocode has none.
 */
static int number_width(const struct watch_model *w, bool code)
{
	int d = 1;

	if (!code || !w->listing)
		return 0;
	for (int k = code_count(w->listing); k >= 10; k /= 10)
		d++;
	return d + 1;
}

/* The most display lines one line of a listing is broken into. */
#define BREAKS_MAX 8

/*
 * A display line of the listing: which line, which part of it, which
 * bytes; cont: a continued part, drawn after the continuation marker (and
 * the comment's own leader when it goes on inside a comment); cut: a part
 * that ends inside a token too long for the column, drawn with a mark.
 */
struct display_line {
	int line, part, from, to;
	const char *leader;
	bool cut;
};

/*
 * Where the comment of a line of the program in language code starts (its
 * byte offset, len when it has none), and the leader a continued part of
 * it repeats; the string literals are skipped, so that a '#' in one is
 * not a comment.
 */
static size_t comment_at(const char *line, bool code, const char **leader)
{
	size_t len = strlen(line), i = strspn(line, " ");
	char quote = 0;

	*leader = "";
	if (!code)
		return len;
	/* The lines inside a block comment start with its star. */
	if (line[i] == '*') {
		*leader = "* ";
		return i;
	}
	for (; i < len; i++) {
		if (quote) {
			if (line[i] == '\\' && line[i + 1])
				i++;
			else if (line[i] == quote)
				quote = 0;
		} else if (line[i] == '"' || line[i] == '\'') {
			quote = line[i];
		} else if (line[i] == '#') {
			*leader = "# ";
			return i;
		} else if (line[i] == '/' && (line[i + 1] == '/' || line[i + 1] == '*')) {
			*leader = line[i + 1] == '/' ? "// " : "* ";
			return i;
		}
	}
	return len;
}

/*
 * Whether a line may break at byte k, a space: between two tokens of the
 * program, never inside a string literal (Java's StringJoiner(" ")).
 */
static bool break_ok(const char *line, size_t k)
{
	char quote = 0;

	for (size_t i = 0; i < k; i++) {
		if (quote) {
			if (line[i] == '\\' && line[i + 1])
				i++;
			else if (line[i] == quote)
				quote = 0;
		} else if (line[i] == '"' || line[i] == '\'') {
			quote = line[i];
		}
	}
	return !quote && line[k] == ' ';
}

/*
 * How a line of the listing is broken in a column of width columns (the
 * first for the lit line's marker, then the line number's): its display
 * lines, at most BREAKS_MAX; returns how many.  A line too long goes on
 * under itself after a continuation marker, two columns further in,
 * broken at a space between tokens, never inside a string literal; a part
 * that goes on inside a comment repeats the comment's leader, so that no
 * fragment of a comment looks like code.  A token longer than the column
 * is cut, with a mark, and the line goes on after it.
 */
static int pseudo_breaks(const struct watch_model *w, bool code, int i, int width,
                         struct display_line *d)
{
	const char *line = code ? code_text(w->listing, i + 1) : w->pseudo[i], *leader;
	int indent = (int)strspn(line, " "), k = 0, numw = number_width(w, code);
	size_t at = (size_t)indent, len = strlen(line),
	       comment = comment_at(line, code, &leader);

	if (at >= len) {
		d[0] = (struct display_line){i, 0, 0, (int)len, "", false};
		return 1;
	}
	while (k < BREAKS_MAX) {
		const char *lead = k > 0 && at > comment ? leader : "";
		int room = width - 1 - numw - indent - (k > 0 ? 2 : 0) - text_width(lead);
		size_t cut = 0;
		bool whole = text_width(line + at) <= room, last = k + 1 == BREAKS_MAX;

		if (room < 1)
			room = 1;
		for (size_t c = at + 1; !whole && c < len; c++) {
			if (text_width_n(line + at, c - at) > room)
				break;
			if (break_ok(line, c))
				cut = c;
		}
		if (whole) {
			d[k] = (struct display_line){i,        k,    (int)at,
			                             (int)len, lead, false};
			k++;
			break;
		}
		if (!cut || last) {
			/* The token is cut at the column's edge, the mark in its last
			 * column. */
			size_t edge = at;

			while (edge < len &&
			       text_width_n(line + at, edge + 1 - at) <= room - 1)
				edge++;
			while (edge > at && (line[edge] & 0xC0) == 0x80)
				edge--;
			if (edge == at)
				for (edge = at + 1;
				     edge < len && (line[edge] & 0xC0) == 0x80;)
					edge++;
			d[k] = (struct display_line){i,         k,    (int)at,
			                             (int)edge, lead, true};
			k++;
			if (last)
				break;
			/* On after the token, at the next space the line may break at. */
			for (at = edge; at < len && !break_ok(line, at); at++)
				;
		} else {
			d[k] = (struct display_line){i,        k,    (int)at,
			                             (int)cut, lead, false};
			k++;
			at = cut;
		}
		at += strspn(line + at, " ");
		if (at >= len)
			break;
	}
	return k;
}

/* A listing: the program in the language chosen (code), or the pseudocode. */
static int listing_count(const struct watch_model *w, bool code)
{
	return code ? code_count(w->listing) : w->npseudo;
}

/* Its line i, from 0. */
static const char *listing_text(const struct watch_model *w, bool code, int i)
{
	return code ? code_text(w->listing, i + 1) : w->pseudo[i];
}

/* The listing's display lines in a column of that width, and its blank lines. */
static int pseudo_lines(const struct watch_model *w, bool code, int width, int *blank)
{
	struct display_line d[BREAKS_MAX];
	int lines = 0;

	*blank = 0;
	for (int i = 0; i < listing_count(w, code); i++) {
		const char *line = listing_text(w, code, i);

		lines += pseudo_breaks(w, code, i, width, d);
		*blank += line[strspn(line, " ")] == '\0';
	}
	return lines;
}

/* The widest line of a listing, with its marker and its number. */
static int pseudo_width(const struct watch_model *w, bool code)
{
	int width = 0;

	for (int i = 0; i < listing_count(w, code); i++)
		if (text_width(listing_text(w, code, i)) + 2 > width)
			width = text_width(listing_text(w, code, i)) + 2;
	return width + number_width(w, code);
}

/*
 * The pseudocode's columns when it stands beside the program, in a panel
 * that wide; 0 when the program shows alone (both want their lines whole).
 */
static int beside_width(const struct watch_model *w, int width)
{
	int pw = pseudo_width(w, false);

	if (!watch_model_code_shown(w) || width < pw + 2 + pseudo_width(w, true))
		return 0;
	return pw;
}

/* The display lines of what the panel shows at that width, as pseudo_lines. */
static int panel_lines(const struct watch_model *w, int width, int *blank)
{
	int pw = beside_width(w, width), pb, lines, plines;

	if (!pw)
		return pseudo_lines(w, watch_model_code_shown(w), width, blank);
	lines = pseudo_lines(w, true, width - pw - 2, blank);
	plines = pseudo_lines(w, false, pw, &pb);
	return lines > plines ? lines : plines;
}

/*
 * The listing whole, its title first: blank lines are what it can do
 * without.  A listing longer than the window can show whole beside the
 * smallest board makes do with a few lines round the lit one.
 */
/*
 * The display lines from the first line a lesson step's words name to the
 * last, blank lines left out, in a column that wide: what the listing
 * needs to show them all at once (0: none named).
 */
static int named_span(const struct watch_model *w, bool code, int width)
{
	struct display_line d[BREAKS_MAX];
	int at = 0, lo = -1, hi = -1;

	for (int i = 0; i < listing_count(w, code); i++) {
		const char *line = listing_text(w, code, i);
		int k;

		if (line[strspn(line, " ")] == '\0')
			continue;
		k = pseudo_breaks(w, code, i, width, d);
		if (watch_model_line_named(w, code, i)) {
			lo = lo < 0 ? at : lo;
			hi = at + k - 1;
		}
		at += k;
	}
	return lo < 0 ? 0 : hi - lo + 1;
}

static void pseudo_measure(const void *ctx, int width, int *min, int *pref)
{
	const struct watch_panels *v = ctx;
	int blank, lines = panel_lines(v->w, width, &blank),
	           span = beside_width(v->w, width)
	                          ? 0
	                          : named_span(v->w, watch_model_code_shown(v->w), width);

	*pref = 1 + lines;
	*min = 1 + lines - blank;
	/* A part of it, but the lines a lesson step's words name all together. */
	if (!v->pseudo_whole) {
		int part = PSEUDO_PART_LINES > 1 + span ? PSEUDO_PART_LINES : 1 + span;

		*min = part < *min ? part : *min;
	}
}

/*
 * The listing in its rectangle, the lit line marked and lit on all its
 * display lines: without its blank lines when it has not the room for
 * them, and scrolled round the lit line when it has not the room at all.
 */
/*
 * The listing's title: the language and the file, or the pseudocode's
 * algorithm, and why it shows when a language was chosen that has no
 * listing of it.
 */
static void listing_title(const struct watch_model *w, bool code, char *buf, size_t len,
                          int width)
{
	char file[64];

	if (code) {
		code_file(w->algo, w->lang, file, sizeof file);
		snprintf(buf, len, "%s: %s", watch_lang_title(w->lang),
		         strchr(file, '/') ? strchr(file, '/') + 1 : file);
		return;
	}
	snprintf(buf, len, "Pseudocode: %s (no %s listing)", search_algo_name(w->algo),
	         watch_lang_title(w->lang));
	if (w->lang == CODE_LANG_COUNT || watch_model_code_shown(w) ||
	    text_width(buf) > width)
		snprintf(buf, len, "Pseudocode: %s", search_algo_name(w->algo));
}

/* Widens [*lo, *hi] to line k's display lines when the whole still fits in rows. */
static void window_take(const struct display_line *d, int count, int k, int rows, int *lo,
                        int *hi)
{
	int a = k, b = k;

	while (a > 0 && d[a - 1].line == d[k].line)
		a--;
	while (b + 1 < count && d[b + 1].line == d[k].line)
		b++;
	if (*lo < 0) {
		*lo = a;
		*hi = b;
	} else if ((b > *hi ? b : *hi) - (a < *lo ? a : *lo) < rows) {
		*lo = a < *lo ? a : *lo;
		*hi = b > *hi ? b : *hi;
	}
}

/*
 * The window of rows from first moved to start with a line's start, never
 * with its tail (a stray "+ rank" on top): back while [lo, hi] stays in
 * view, else on, up to lo.
 */
static int line_start(const struct display_line *d, int first, int lo, int hi, int rows)
{
	while (first > 0 && d[first].part > 0 && hi < first - 1 + rows)
		first--;
	while (d[first].part > 0 && first < lo)
		first++;
	return first;
}

/*
 * The first of count display lines a window of rows shows: the lines the
 * step's words name, as many as fit from the first, then the lit line
 * when it fits with them (the title says where it is when not), the
 * window centred on them; it starts with a line's start, never with its
 * tail when that costs nothing in view.
 */
static int listing_first(const struct watch_model *w, bool code,
                         const struct display_line *d, int count, int rows)
{
	int lo = -1, hi = -1, first;

	if (rows < 1)
		return 0;
	for (int k = 0; k < count; k++)
		if (d[k].part == 0 && watch_model_line_named(w, code, d[k].line))
			window_take(d, count, k, rows, &lo, &hi);
	for (int k = 0; k < count; k++)
		if (d[k].part == 0 &&
		    watch_model_line_role(w, code, d[k].line) != THEME_NORMAL)
			window_take(d, count, k, rows, &lo, &hi);
	if (lo < 0)
		return 0;
	first = hi - lo + 1 >= rows ? lo : lo - (rows - (hi - lo + 1)) / 2;
	if (first > count - rows)
		first = count - rows;
	if (first < 0)
		first = 0;
	return line_start(d, first, lo, hi, rows);
}

/*
 * Where the lit line is when the window [first, first + rows) leaves it
 * out: "lit: 30 below" for the title (empty when it is in view).
 */
static void lit_outside(const struct watch_model *w, bool code,
                        const struct display_line *d, int count, int first, int rows,
                        char *buf, size_t len)
{
	*buf = '\0';
	for (int k = 0; k < count; k++)
		if (d[k].part == 0 &&
		    watch_model_line_role(w, code, d[k].line) != THEME_NORMAL &&
		    (k < first || k >= first + rows)) {
			if (code)
				snprintf(buf, len, "lit: %d %s", d[k].line + 1,
				         k < first ? "above" : "below");
			else
				snprintf(buf, len, "lit: %s",
				         k < first ? "above" : "below");
		}
}

/* The text of display line k: the line's own indentation, or its continuation. */
static void display_text(const struct watch_model *w, bool code,
                         const struct display_line *k, bool on, char *text, size_t len)
{
	const char *line = listing_text(w, code, k->line);
	int n = k->to - k->from, indent = (int)strspn(line, " "),
	    numw = number_width(w, code);
	char num[24] = "";

	while (n > 0 && line[k->from + n - 1] == ' ')
		n--;
	if (numw && k->part == 0)
		snprintf(num, sizeof num, "%*d ", numw - 1 < 8 ? numw - 1 : 8,
		         k->line + 1 < 100000000 ? k->line + 1 : 0);
	else if (numw)
		snprintf(num, sizeof num, "%*s", numw, "");
	/* The first part keeps the line's indentation; the rest go two further,
	 * after the continuation marker. */
	if (k->part == 0)
		snprintf(text, len, "%s%s%*s%.*s%s", on ? ">" : " ", num, k->from, "", n,
		         line + k->from, k->cut ? (theme_is_ascii() ? "~" : "…") : "");
	else
		snprintf(text, len, " %s%*s%s %s%.*s%s", num, indent, "",
		         theme_is_ascii() ? ">" : "↪", k->leader, n, line + k->from,
		         k->cut ? (theme_is_ascii() ? "~" : "…") : "");
}

/*
 * The listing in its rectangle, the lit line marked and lit on all its
 * display lines: without its blank lines when it has not the room for
 * them (a program's numbers, the file's, show where they were), and
 * scrolled to the lit line and the lines the step's words name when it
 * has not the room at all.
 */
static void draw_listing(const struct watch_model *w, bool code, struct layout_rect r)
{
	struct display_line d[PSEUDO_MAX_LINES * BREAKS_MAX];
	int blank, count = 0, first = 0, y = r.y, rows = r.h - 1, bar = 0;
	bool skip_blank = 1 + pseudo_lines(w, code, r.w, &blank) > r.h;
	char title[160], lit[32];

	for (int i = 0; i < listing_count(w, code) &&
	                count < PSEUDO_MAX_LINES * BREAKS_MAX - BREAKS_MAX;
	     i++) {
		const char *line = listing_text(w, code, i);

		if (skip_blank && line[strspn(line, " ")] == '\0')
			continue;
		count += pseudo_breaks(w, code, i, r.w, d + count);
	}
	if (count > rows)
		first = listing_first(w, code, d, count, rows);
	lit_outside(w, code, d, count, first, rows, lit, sizeof lit);
	listing_title(w, code, title, sizeof title,
	              r.w - (*lit ? text_width(lit) + 2 : 0));
	/* Where the lit line is goes with the title, or not at all: never cut. */
	if (text_width(title) + 2 + text_width(lit) > r.w - 1)
		*lit = '\0';
	text_line(&y, r.x, r.w, theme_attr(THEME_TITLE), "%s%s%s", title,
	          *lit ? "  " : "", lit);
	/* The lit line's bar ends with the listing's longest line, not the window. */
	for (int pass = 0; pass < 2; pass++) {
		for (int k = first; k < count && k < first + rows; k++) {
			enum theme_item role = watch_model_line_role(w, code, d[k].line);
			bool on = role != THEME_NORMAL;
			char text[200];

			display_text(w, code, &d[k], on, text, sizeof text);
			if (pass == 0) {
				if (text_width(text) + 1 > bar)
					bar = text_width(text) + 1;
				continue;
			}
			text_line(&y, r.x, r.w, theme_role(role), "%s%*s", text,
			          on && bar > text_width(text)
			                  ? (bar < r.w ? bar : r.w) - text_width(text)
			                  : 0,
			          "");
		}
	}
}

/* The program alone, or the pseudocode beside it when the panel has the room. */
static void draw_listings(const struct watch_model *w, struct layout_rect r)
{
	int pw = beside_width(w, r.w);

	if (!pw) {
		draw_listing(w, watch_model_code_shown(w), r);
		return;
	}
	draw_listing(w, false, (struct layout_rect){r.y, r.x, r.h, pw});
	draw_listing(w, true, (struct layout_rect){r.y, r.x + pw + 2, r.h, r.w - pw - 2});
}

static void counters_measure(const void *ctx, int width, int *min, int *pref)
{
	const struct watch_panels *v = ctx;
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
	const struct watch_panels *v = ctx;
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

static void draw_levels(const struct watch_model *w, const struct watch_panels *v,
                        struct layout_rect r)
{
	struct item it[WATCH_MAX_N + 1];
	int y = r.y;

	if (v->kind == LEVELS_TREE) {
		watch_tree_draw_whole(w, r);
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
	const struct watch_panels *v = ctx;

	(void)width;
	*pref = 1 + watch_model_calls(v->w);
	*min = v->stack_whole ? *pref : 2;
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
		text_line(&y, r.x, r.w, theme_role(watch_model_call_role(i, depth)), "%s",
		          text);
	}
}

/*
 * The narration panel: the event in trace's words as its title, then what
 * it means (search_explain), short or full, in the words of the listing
 * shown (solve(1) beside a program).
 */
static void narration_make(const struct watch_model *w, struct watch_narration *n)
{
	/* While a question is asked, the narration does not answer it. */
	const struct search_words how = {.numbered = watch_model_code_shown(w),
	                                 .asking = watch_model_asking(w) || w->asked};
	char words[512];

	search_describe_as(w->s, &how, words, sizeof words);
	/* A large board's solution lists every rank: its start is enough here. */
	text_cut(words, 160);
	snprintf(n->said, sizeof n->said, "Last: %s", words[0] ? words : "(nothing yet)");
	search_explain_as(w->s, &how, w->narrate_full, n->told, sizeof n->told);
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
	const struct watch_panels *v = ctx;
	struct watch_narration *n = v->told;
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

/*
 * Predict mode's question, or its answer explained: whole, at the top of
 * the column it goes in; room kept for an explanation, so that answering
 * does not move the board.
 */
static void quiz_measure(const void *ctx, int width, int *min, int *pref)
{
	const struct watch_panels *v = ctx;

	*min = watch_quiz_lines(v->w, width);
	*pref = *min > 4 ? *min : 4;
}

static void draw_narration(const struct watch_narration *n, struct layout_rect r)
{
	int y = r.y;

	text_wrap(&y, r.x, r.w, 2, theme_attr(THEME_TITLE), "%s", n->said);
	if (y + text_wrap_height(r.w, 2, n->told) <= r.y + r.h)
		text_wrap(&y, r.x, r.w, 2, A_NORMAL, "%s", n->told);
}

/* The panels' widths, which the layout keeps to. */
static void panel_widths(const struct watch_model *w, enum watch_levels kind,
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
		p[PANEL_LEVELS].pref_w = watch_tree_pref_width(w);
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

/* Whether projector mode keeps panel i: a lesson step's words name it (keep:). */
static bool big_keeps(const struct watch_model *w, int i)
{
	return (i == PANEL_COUNTERS && (w->big_keep & LESSON_PANEL_COUNTERS)) ||
	       (i == PANEL_LEVELS && (w->big_keep & LESSON_PANEL_TREE)) ||
	       (i == PANEL_NARRATE && (w->big_keep & LESSON_PANEL_NARRATION));
}

void watch_panels_make(struct watch_panels *v, struct watch_narration *told,
                       const struct watch_model *w, struct layout_panel p[PANELS])
{
	*v = (struct watch_panels){.w = w, .kind = levels_kind(w), .told = told};
	/* The listing's names and 0-based values: with a program on screen only. */
	v->has_vars =
	        w->show_vars && watch_model_code_shown(w) && watch_vars_make(w, &v->vars);
	narration_make(w, told);
	p[PANEL_PSEUDO] = (struct layout_panel){
	        .present = w->show_pseudo,
	        .prio = 2,
	        .min_w = 24,
	        .pref_w = pseudo_width(w, watch_model_code_shown(w)),
	        .measure = pseudo_measure};
	/* In predict mode, and while a lesson asks, the listing's words matter more
	 * than the counts. */
	p[PANEL_COUNTERS] = (struct layout_panel){.present = true,
	                                          .prio = w->quiz.on || w->asked ? 5 : 1,
	                                          .measure = counters_measure};
	p[PANEL_STACK] =
	        (struct layout_panel){.present = w->show_stack && search_nodes(w->s),
	                              .prio = 3,
	                              .min_w = stack_width(w),
	                              .pref_w = stack_width(w),
	                              .measure = stack_measure};
	p[PANEL_LEVELS] = (struct layout_panel){
	        .present = v->kind != LEVELS_NONE, .prio = 4, .measure = levels_measure};
	p[PANEL_NARRATE] = (struct layout_panel){.present = true,
	                                         .prio = 5,
	                                         .min_w = 24,
	                                         .pref_w = 44,
	                                         .measure = narrate_measure};
	p[PANEL_QUIZ] = (struct layout_panel){.present = w->quiz.on,
	                                      .prio = 0,
	                                      .min_w = 28,
	                                      .pref_w = 60,
	                                      .measure = quiz_measure};
	panel_widths(w, v->kind, p);
	if (v->has_vars) {
		p[PANEL_STACK].measure = watch_vars_measure;
		watch_vars_widths(&v->vars, &p[PANEL_STACK]);
	}
	/* Projector mode shows the board, the listing and the stack alone (and a
	 * question), and what a lesson's step keeps for its words. */
	for (int i = 0; w->big && i < PANELS; i++)
		if (i != PANEL_PSEUDO && i != PANEL_STACK && i != PANEL_QUIZ &&
		    !big_keeps(w, i))
			p[i].present = false;
	for (int i = 0; i < PANELS; i++) {
		p[i].gap = 1;
		p[i].ctx = v;
		if (p[i].pref_w < p[i].min_w)
			p[i].pref_w = p[i].min_w;
	}
}

int watch_panels_both_width(const struct watch_model *w)
{
	return watch_model_code_shown(w)
	               ? pseudo_width(w, false) + 2 + pseudo_width(w, true)
	               : 0;
}

int watch_panels_listing_lines(const struct watch_model *w, int width, int *blank)
{
	return panel_lines(w, width, blank);
}

/*
 * Where the variables go: where the layout put them, or, when they come
 * under the program and the pseudocode side by side, up under the
 * pseudocode, which is the shorter, so that no hole opens between them.
 */
static struct layout_rect vars_place(const struct watch_model *w,
                                     const struct layout_panel p[PANELS])
{
	struct layout_rect r = p[PANEL_STACK].at, l = p[PANEL_PSEUDO].at;
	int pw = p[PANEL_PSEUDO].shown ? beside_width(w, l.w) : 0, blank, top;

	if (!pw || r.x != l.x || r.y <= l.y)
		return r;
	top = l.y + 1 + pseudo_lines(w, false, pw, &blank) + 1;
	if (top < r.y) {
		r.y = top;
		r.w = r.w < pw ? r.w : pw;
	}
	return r;
}

void watch_panels_draw(const struct watch_panels *v, const struct layout_panel p[PANELS])
{
	const struct watch_model *w = v->w;

	if (p[PANEL_PSEUDO].shown)
		draw_listings(w, p[PANEL_PSEUDO].at);
	if (p[PANEL_COUNTERS].shown)
		draw_counters(w, p[PANEL_COUNTERS].at);
	if (p[PANEL_STACK].shown && v->has_vars)
		watch_vars_draw(v, vars_place(w, p));
	else if (p[PANEL_STACK].shown)
		draw_stack(w, p[PANEL_STACK].at);
	if (p[PANEL_LEVELS].shown)
		draw_levels(w, v, p[PANEL_LEVELS].at);
	if (p[PANEL_NARRATE].shown)
		draw_narration(v->told, p[PANEL_NARRATE].at);
}
