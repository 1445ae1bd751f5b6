/* Watch's search tree: whole for small boards; for any n the current path with its
 * siblings folded, and the profile. */
#include "config.h"

#include "tui/watch_view.h"

#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "engine/board.h"
#include "engine/known.h"
#include "tui/text.h"
#include "tui/theme.h"

/* The fewest lines of the path worth showing with the profile under it. */
#define PATH_MIN_LINES 3

/* Boards up to this size indent each call under its caller. */
#define INDENT_MAX_N 12

/* The digits the width makes room for in a count of solutions. */
#define SOLUTION_DIGITS_MAX 6

static int digits(uint64_t v)
{
	int d = 1;

	for (; v >= 10; v /= 10)
		d++;
	return d;
}

/* The digits of the most solutions a line counts: all of n's, when known. */
static int solution_digits(const struct watch_model *w)
{
	uint64_t total = 0, unique;

	if (!known_counts(w->n, &total, &unique))
		total = search_counters(w->s)->solutions;
	return digits(total);
}

/* The digits of the most nodes a level holds: in the whole search, when known. */
static int node_digits(const struct watch_model *w)
{
	const uint64_t *nodes = search_nodes(w->s);
	uint64_t top = w->nodes_top;

	for (int k = 0; nodes && k <= w->n; k++)
		if (nodes[k] > top)
			top = nodes[k];
	return digits(top);
}

/* The calls the search makes: one a file it fills. */
static int path_max(const struct watch_model *w)
{
	int k = 0;

	for (int f = 0; f < w->n; f++)
		k += !w->given || w->given[f] < 0;
	return k > 0 ? k : 1;
}

/*
 * A call's line starts this many columns right of its caller's: one, so
 * that the path reads as a tree; none on a board so deep that its last
 * calls would stand too far right, the branch glyph still marking a child.
 */
static int indent_step(const struct watch_model *w)
{
	return w->n <= INDENT_MAX_N;
}

/* Where the line of the call at depth d starts, its branch glyph before it. */
static int path_col(const struct watch_model *w, int d)
{
	return d == 0 ? 0 : 1 + indent_step(w) * (d - 1);
}

int watch_tree_width(const struct watch_model *w)
{
	/* The square, then " ×kk ★dd +kk": a sum too long is left out, never cut. */
	int sd = solution_digits(w) < SOLUTION_DIGITS_MAX ? solution_digits(w)
	                                                  : SOLUTION_DIGITS_MAX;
	int path = path_col(w, path_max(w) - 1) + 1 + digits((uint64_t)w->n) +
	           2 * (2 + digits((uint64_t)w->n)) + 2 + sd;
	/* A level's number, its count and a bar of ten at least. */
	int profile = 2 + 1 + node_digits(w) + 1 + 10;
	int title = (int)strlen("Search tree, folded");

	if (profile > path)
		path = profile;
	return path > title ? path : title;
}

/* The folded tree's title with what its marks mean, as drawn where it fits. */
static void legend_title(char *buf, size_t len)
{
	snprintf(buf, len, "Search tree, folded (%s dead, %s solved, + to try)",
	         theme_glyphs()->rejected, theme_glyphs()->solution);
}

int watch_tree_pref_width(const struct watch_model *w)
{
	char title[80];
	int path = watch_tree_width(w);

	legend_title(title, sizeof title);
	return text_width(title) > path ? text_width(title) : path;
}

/* The profile: a title and one line a level, all or none. */
static int profile_lines(const struct watch_model *w)
{
	return 1 + w->n + 1;
}

void watch_tree_measure(const struct watch_model *w, int *min, int *pref)
{
	int path = path_max(w);

	*pref = 1 + path + profile_lines(w);
	*min = 1 + (path < PATH_MIN_LINES ? path : PATH_MIN_LINES) + profile_lines(w);
}

bool watch_tree_fits(const struct watch_model *w, struct layout_rect r)
{
	int min, pref;

	watch_tree_measure(w, &min, &pref);
	return r.w >= watch_tree_width(w) && r.h >= min;
}

/* One call's line: its square, then its finished siblings and those left. */
static void path_line(const struct watch_model *w, const struct search_level *lv, int d,
                      enum theme_item role, int y, int x, int width)
{
	const struct theme_glyphs *g = theme_glyphs();
	char sq[16], part[48];
	int col = x + path_col(w, d);

	if (col + 3 > x + width)
		return;
	if (d > 0) {
		attrset(theme_attr(THEME_DIMMED));
		mvaddstr(y, col - 1, g->branch);
		attrset(A_NORMAL);
	}
	if (lv->rank >= 0)
		board_square_name((struct square){lv->file, lv->rank}, sq, sizeof sq);
	else
		board_file_name(lv->file, sq, sizeof sq);
	text_put_in(y, col, x + width - col, theme_role(role), sq);
	col += text_width(sq);
	/* Dead ends, the solutions below the others, the ranks left: none shown as 0. */
	if (lv->dead) {
		snprintf(part, sizeof part, " %s%" PRIu64, g->rejected, lv->dead);
		if (col + text_width(part) <= x + width)
			text_put_in(y, col, text_width(part), A_NORMAL, part);
		col += text_width(part);
	}
	if (lv->solutions) {
		snprintf(part, sizeof part, " %s%" PRIu64, g->solution, lv->solutions);
		if (col + text_width(part) <= x + width)
			text_put_in(y, col, text_width(part), theme_attr(THEME_GOOD),
			            part);
		col += text_width(part);
	}
	if (lv->unexplored) {
		snprintf(part, sizeof part, " +%d", lv->unexplored);
		if (col + text_width(part) <= x + width)
			text_put_in(y, col, text_width(part), theme_attr(THEME_DIMMED),
			            part);
	}
}

/* Nodes per level as bars, each with its level and count (OEIS A319284 for n = 8). */
static void draw_profile(const struct watch_model *w, int y, int x, int width)
{
	const uint64_t *nodes = search_nodes(w->s);
	/* The last column stays blank: a column beside may come with no gap. */
	int d = node_digits(w), room = width - 2 - 1 - d - 1 - 1;
	uint64_t top = 0;

	text_line(&y, x, width, theme_attr(THEME_TITLE), "Nodes per level");
	for (int k = 0; k <= w->n; k++)
		if (nodes[k] > top)
			top = nodes[k];
	for (int k = 0; k <= w->n; k++) {
		int len = top && room > 0
		                  ? (int)((nodes[k] * (uint64_t)room + top - 1) / top)
		                  : 0;
		char label[48];

		snprintf(label, sizeof label, "%2d %*" PRIu64 " ", k, d, nodes[k]);
		text_put_in(y, x, width, A_NORMAL, label);
		attrset(theme_attr(THEME_LABEL));
		for (int i = 0; i < len; i++)
			mvaddstr(y, x + text_width(label) + i,
			         theme_is_ascii() ? "#" : "\u2588");
		attrset(A_NORMAL);
		y++;
	}
}

void watch_tree_draw(const struct watch_model *w, struct layout_rect r)
{
	struct search_level lv[WATCH_MAX_N];
	int depth = search_levels(w->s, lv, WATCH_MAX_N), y = r.y, path, first;
	int avail = r.h - 1, prof = profile_lines(w), max = path_max(w);
	char title[80];

	/* The path whole and the profile; else a part of the path and the profile. */
	if (avail >= max + prof)
		path = max;
	else
		path = avail - prof;
	/* Scrolled to keep the innermost call in view, or up by PageUp. */
	first = depth > path ? depth - path : 0;
	first -= w->tree_scroll < first ? w->tree_scroll : first;
	legend_title(title, sizeof title);
	if (text_width(title) > r.w)
		snprintf(title, sizeof title, "Search tree, folded");
	/* A part of the path: which calls, in as many words as there is room for. */
	if (depth > path) {
		static const char *const forms[] = {"Search tree: calls %d-%d of %d",
		                                    "Tree: calls %d-%d of %d",
		                                    "calls %d-%d of %d"};
		int last = first + path < depth ? first + path : depth;

		for (size_t i = 0; i < sizeof forms / sizeof *forms; i++)
			if (snprintf(title, sizeof title, forms[i], first + 1, last,
			             depth) <= r.w)
				break;
	}
	text_line(&y, r.x, r.w, theme_attr(THEME_TITLE), "%s", title);
	if (depth == 0)
		text_line(&y, r.x, r.w, theme_attr(THEME_DIMMED),
		          search_done(w->s) ? "(search over)" : "(no call yet)");
	for (int d = first; d < depth && d < first + path; d++)
		path_line(w, &lv[d], d, watch_model_path_role(d, depth), y + d - first,
		          r.x, r.w);
	if (prof && search_nodes(w->s))
		draw_profile(w, r.y + 1 + path, r.x, r.w);
}

/*
 * The search tree so far, drawn sideways: one node per queen the search
 * placed, a child right of its parent ("a1-b3-c5"), a later child on a line
 * of its own under the first.  The model keeps the whole tree of the small
 * boards it is drawn for; the nodes placed by the event shown are drawn:
 * the title, then the last lines.
 */
void watch_tree_draw_whole(const struct watch_model *w, struct layout_rect r)
{
	int y = r.y, x = r.x, width = r.w, bottom = r.y + r.h - 1;
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
		text_put(at, col, theme_role(watch_model_node_role(w, i, at_event)),
		         name);
	}
}
