/* The start menu: pick a screen and the board size, or a shipped puzzle. */
#include "config.h"

#include "tui/menu.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/boardview.h"
#include "engine/daily.h"
#include "engine/regions.h"
#include "engine/enumerate.h"
#include "tui/input.h"
#include "tui/keymap.h"
#include "tui/layout.h"
#include "engine/lesson.h"
#include "engine/puzzle.h"
#include "engine/store.h"
#include "tui/text.h"
#include "tui/theme.h"

struct menu {
	int n;
	int min_n, max_n;  /* the sizes offered: Play's */
	int sel;           /* the item under the cursor on the main page */
	bool puzzles_page; /* the list of puzzles is showing */
	int psel, ptop;    /* its cursor and first line shown */
	struct puzzle_entry *entries;
	size_t nentries;
	bool lessons_page; /* the list of lessons is showing */
	int lsel, ltop;
	struct lesson_entry *lessons;
	size_t nlessons;
	struct lesson chosen; /* the lesson opened last, until its screen has a copy */
	struct puzzle daily;  /* today's puzzle, until Play has a copy */
	char daily_id[DAILY_ID_MAX];
	enum puzzle_grade grade;      /* of a new puzzle (New) */
	struct puzzle made;           /* the new puzzle, until Play has a copy */
	struct regions_board regions; /* a regions puzzle, until its screen has a copy */
	char regions_id[64];
	char made_id[64];
	struct store *store;
	char message[600];
};

enum item {
	ITEM_PLAY,
	ITEM_PUZZLES,
	ITEM_DAILY,
	ITEM_REGIONS,
	ITEM_DAILY_REGIONS,
	ITEM_WATCH,
	ITEM_PREDICT,
	ITEM_RACE,
	ITEM_BROWSE,
	ITEM_LESSONS,
	ITEM_NEW,
	ITEM_STATS,
	ITEM_QUIT,
	ITEM_COUNT
};

/* An item's name ends at two spaces: "Daily regions" is one name. */
static const char *const item_text[ITEM_COUNT] = {
        "Play           place queens by hand",
        "Puzzles        complete given boards",
        "Daily          today's puzzle, the same for everyone",
        "Regions        a queen in each coloured region",
        "Daily regions  today's regions puzzle",
        "Watch          the search, step by step",
        "Predict        the search: you say what comes next",
        "Race           the algorithms side by side",
        "Browse         every solution and class",
        "Lessons        a class, step by step",
        "New            a puzzle made now (g: grade)",
        "Stats          your days, streak, best times",
        "Quit",
};

/* What the keys do, on the main page and on the list of puzzles. */
enum menu_action {
	MENU_UP,
	MENU_DOWN,
	MENU_OPEN,
	MENU_SMALLER,
	MENU_LARGER,
	MENU_PUZZLES,
	MENU_GRADE,
	MENU_PAGE_UP,
	MENU_PAGE_DOWN,
	MENU_FIRST,
	MENU_LAST,
	MENU_BACK,
	MENU_QUIT,
};

static const struct keymap_row main_rows[] = {
        {MENU_UP,
         {KEY(UP), KCHAR('k'), KMOUSE(WHEEL_UP)},
         "choose",
         {{KEYMAP_MORE, "Up/Down choose"}}},
        {MENU_DOWN, {KEY(DOWN), KCHAR('j'), KMOUSE(WHEEL_DOWN)}, NULL, {}},
        {MENU_OPEN, {KEY(ENTER), KCHAR(' ')}, "open", {{0, "Enter open"}}},
        {MENU_SMALLER,
         {KEY(LEFT), KCHAR('['), KCHAR('-')},
         "board size",
         {{0, "Left/Right size"}}},
        {MENU_LARGER, {KEY(RIGHT), KCHAR(']'), KCHAR('+'), KCHAR('=')}, NULL, {}},
        {MENU_PUZZLES, {KCHAR('p')}, "the puzzles", {{0, "p puzzles"}}},
        {MENU_GRADE, {KCHAR('g')}, "the grade of New's puzzle: easy, medium, hard", {}},
        {MENU_QUIT, {KCHAR('q')}, "quit", {}},
};
static const struct keymap main_keys = KEYMAP(main_rows);

static const struct keymap_row puzzle_rows[] = {
        {MENU_UP,
         {KEY(UP), KCHAR('k'), KMOUSE(WHEEL_UP)},
         "choose",
         {{KEYMAP_MORE, "Up/Down choose"}}},
        {MENU_DOWN, {KEY(DOWN), KCHAR('j'), KMOUSE(WHEEL_DOWN)}, NULL, {}},
        {MENU_PAGE_UP, {KEY(PAGEUP)}, NULL, {}},
        {MENU_PAGE_DOWN, {KEY(PAGEDOWN)}, NULL, {}},
        {MENU_FIRST, {KEY(HOME)}, NULL, {}},
        {MENU_LAST, {KEY(END)}, NULL, {}},
        {MENU_OPEN, {KEY(ENTER), KCHAR(' ')}, "play the puzzle", {{0, "Enter play"}}},
        {MENU_BACK,
         {KEY(ESCAPE), KEY(BACKSPACE)},
         "back to the menu",
         {{0, "Escape back"}}},
        {MENU_QUIT, {KCHAR('q')}, "quit", {}},
};
static const struct keymap puzzle_keys = KEYMAP(puzzle_rows);

static const struct keymap_row lesson_rows[] = {
        {MENU_UP,
         {KEY(UP), KCHAR('k'), KMOUSE(WHEEL_UP)},
         "choose",
         {{KEYMAP_MORE, "Up/Down choose"}}},
        {MENU_DOWN, {KEY(DOWN), KCHAR('j'), KMOUSE(WHEEL_DOWN)}, NULL, {}},
        {MENU_FIRST, {KEY(HOME)}, NULL, {}},
        {MENU_LAST, {KEY(END)}, NULL, {}},
        {MENU_OPEN, {KEY(ENTER), KCHAR(' ')}, "run the lesson", {{0, "Enter run"}}},
        {MENU_BACK,
         {KEY(ESCAPE), KEY(BACKSPACE)},
         "back to the menu",
         {{0, "Escape back"}}},
        {MENU_QUIT, {KCHAR('q')}, "quit", {}},
};
static const struct keymap lesson_keys = KEYMAP(lesson_rows);

static void menu_free(void *self)
{
	struct menu *m = self;

	free(m->entries);
	free(m->lessons);
	lesson_free(&m->chosen);
	free(m);
}

static void menu_min_size(const void *self, int *lines, int *cols)
{
	(void)self;
	/* The name, a blank line, the size, a blank line, the items, the key line. */
	*lines = 4 + ITEM_COUNT + 1;
	*cols = 40;
}

static const struct keymap *menu_keys(const void *self)
{
	const struct menu *m = self;

	return m->lessons_page   ? &lesson_keys
	       : m->puzzles_page ? &puzzle_keys
	                         : &main_keys;
}

/*
 * A puzzle's line on the list: its size, grade, its number among those of
 * that size and grade, the queens given, the best time, and its title when
 * it says more than those (the shipped ones' titles do not).
 */
static void puzzle_line(const struct menu *m, int i, char *line, size_t len)
{
	const struct puzzle_entry *e = &m->entries[i];
	char best[32] = "", size[16], plain[2][PUZZLE_TITLE_MAX + 32];
	const char *grade;
	int k = 1;
	uint64_t ms;

	if (!e->ok) {
		snprintf(line, len, " %-14s %s ", e->id, e->err);
		return;
	}
	for (int j = 0; j < i; j++)
		k += m->entries[j].ok && m->entries[j].pz.n == e->pz.n &&
		     m->entries[j].pz.grade == e->pz.grade;
	grade = puzzle_grade_name(e->pz.grade);
	if (m->store && store_best_time(m->store, e->id, &ms))
		snprintf(best, sizeof best, "best %lu:%02lu", (unsigned long)(ms / 60000),
		         (unsigned long)(ms / 1000 % 60));
	snprintf(size, sizeof size, "%dx%d", e->pz.n, e->pz.n);
	/* The titles nqueens puzzle gives say only the size and grade. */
	snprintf(plain[0], sizeof plain[0], "%d queens, %s", e->pz.n, grade);
	snprintf(plain[1], sizeof plain[1], "%d queens, %s, no. %d", e->pz.n, grade, k);
	snprintf(line, len, " %5s  %-6s  no. %-2d  %2d given  %-10s %s ", size, grade, k,
	         e->pz.ngiven, best,
	         strcmp(e->pz.title, plain[0]) == 0 || strcmp(e->pz.title, plain[1]) == 0
	                 ? ""
	                 : e->pz.title);
}

/* A lesson's line on the list: its name, minutes and title, and whose it is. */
static void lesson_line(const struct menu *m, int i, char *line, size_t len)
{
	const struct lesson_entry *e = &m->lessons[i];
	char min[16] = "";

	const char *yours = e->mine ? " (yours)" : "";

	if (!e->ok) {
		snprintf(line, len, " %-14s %s%s ", e->name, e->err, yours);
		return;
	}
	if (e->minutes)
		snprintf(min, sizeof min, "%d min", e->minutes);
	snprintf(line, len, " %-14s %-7s %s%s ", e->name, min, e->title, yours);
}

/* Says on line y how many lines of a list are out of sight that way, if any. */
static void list_more(struct layout_rect r, int y, int more, const char *arrow,
                      const char *way)
{
	char t[64];

	if (more <= 0 || r.h < 5)
		return;
	snprintf(t, sizeof t, "%s %d more %s", arrow, more, way);
	text_cut(t, r.w - 2);
	text_put_in(y, r.x + 2, r.w - 2, theme_attr(THEME_DIMMED), t);
}

/*
 * A page that lists files to choose from (the puzzles, the lessons): its
 * title, then a line each, scrolled so that the one chosen shows; what a
 * line has no room for ends in an ellipsis, not mid-word.
 */
static void draw_list(const struct menu *m, struct layout_rect r, const char *title,
                      const char *none, int count, int sel, int top,
                      void (*line_of)(const struct menu *, int, char *, size_t))
{
	int rows = r.h - 4;
	char full[64];

	snprintf(full, sizeof full, "nqueens - %s", title);
	text_put_in(r.y, r.x, r.w, theme_attr(THEME_TITLE), r.w >= 24 ? full : title);
	if (count == 0) {
		int y = r.y + 2;

		text_wrap(&y, r.x + 2, r.w - 3, 2, A_NORMAL, "%s", none);
		return;
	}
	for (int i = 0; i < rows && top + i < count; i++) {
		char line[900];

		line_of(m, top + i, line, sizeof line);
		text_cut(line, r.w - 2);
		text_put_in(r.y + 2 + i, r.x + 1, r.w - 1,
		            top + i == sel ? theme_attr(THEME_SELECTED) : (int)A_NORMAL,
		            line);
	}
	/* A list longer than the window says so, on the blank lines round it. */
	list_more(r, r.y + 1, top, theme_is_ascii() ? "^" : "\u2191", "above");
	list_more(r, r.y + r.h - 2, count - top - rows, theme_is_ascii() ? "v" : "\u2193",
	          "below");
}

/* A list scrolled so that the one chosen shows in the rows it has. */
static void scroll_to(int sel, int rows, int *top)
{
	if (sel < *top)
		*top = sel;
	if (sel >= *top + rows)
		*top = sel - rows + 1;
	if (*top < 0)
		*top = 0;
}

static void menu_resize(void *self, struct layout_rect r)
{
	struct menu *m = self;

	int rows = r.h - 4 > 1 ? r.h - 4 : 1;

	scroll_to(m->psel, rows, &m->ptop);
	scroll_to(m->lsel, rows, &m->ltop);
}

static void draw_puzzles(const struct menu *m, struct layout_rect r)
{
	draw_list(m, r, "Puzzles",
	          "No puzzles found (see NQUEENS_DATADIR in nqueens(6)).",
	          (int)m->nentries, m->psel, m->ptop, puzzle_line);
}

static void draw_lessons(const struct menu *m, struct layout_rect r)
{
	draw_list(m, r, "Lessons",
	          "No lessons found (see NQUEENS_DATADIR in nqueens(6)).",
	          (int)m->nlessons, m->lsel, m->ltop, lesson_line);
}

/*
 * The program's name in block letters, five dots high, for the menu.  A
 * letter is five rows of five dots, '#' a dot.
 */
static const char *const font[][5] = {
        ['n' - 'a'] = {"#   #", "##  #", "# # #", "#  ##", "#   #"},
        ['q' - 'a'] = {" ### ", "#   #", "# # #", "#  # ", " ## #"},
        ['u' - 'a'] = {"#   #", "#   #", "#   #", "#   #", " ### "},
        ['e' - 'a'] = {"#####", "#    ", "#### ", "#    ", "#####"},
        ['s' - 'a'] = {" ####", "#    ", " ### ", "    #", "#### "},
};
static const char banner_word[] = "nqueens";
#define FONT_W 5
#define FONT_H 5

/*
 * How the name is drawn: in plain words; two dots a cell, one above the
 * other (UTF-8 only); or each dot a block of cells, w columns by h lines.
 */
struct banner {
	bool plain, half;
	int dot_w, dot_h;
};

/* From the largest: the sizes the name is tried at. */
static const struct banner banners[] = {
        {false, false, 4, 2}, {false, false, 2, 1}, {false, false, 1, 1},
        {false, true, 1, 1},  {true, false, 0, 0},
};
#define NBANNERS ((int)(sizeof banners / sizeof banners[0]))

static int banner_height(const struct banner *b)
{
	return b->plain ? 1 : b->half ? (FONT_H + 1) / 2 : FONT_H * b->dot_h;
}

static int banner_width(const struct banner *b)
{
	if (b->plain)
		return text_width("nqueens - the n-queens puzzle");
	return (int)strlen(banner_word) * (FONT_W + 1) * b->dot_w - b->dot_w;
}

/* The largest name that fits the lines and columns given. */
static const struct banner *banner_fit(int lines, int cols)
{
	for (int i = 0; i < NBANNERS - 1; i++)
		if (banner_height(&banners[i]) <= lines &&
		    banner_width(&banners[i]) <= cols &&
		    !(banners[i].half && theme_is_ascii()))
			return &banners[i];
	return &banners[NBANNERS - 1];
}

static bool font_dot(int letter, int row, int col)
{
	return row < FONT_H && font[banner_word[letter] - 'a'][row][col] == '#';
}

/* Draws the name from (y, x): block characters, or '#' in ASCII. */
static void draw_banner(const struct banner *b, int y, int x)
{
	const char *full = theme_is_ascii() ? "#" : "\u2588";

	if (b->plain) {
		text_put(y, x, theme_attr(THEME_TITLE), "nqueens - the n-queens puzzle");
		return;
	}
	attrset(theme_attr(THEME_TITLE));
	for (int line = 0; line < banner_height(b); line++) {
		for (int l = 0; l < (int)strlen(banner_word); l++) {
			for (int c = 0; c < FONT_W; c++) {
				const char *glyph = " ";

				if (!b->half) {
					if (font_dot(l, line / b->dot_h, c))
						glyph = full;
				} else {
					bool top = font_dot(l, 2 * line, c),
					     low = font_dot(l, 2 * line + 1, c);

					glyph = top && low ? "\u2588"
					        : top      ? "\u2580"
					        : low      ? "\u2584"
					                   : " ";
				}
				for (int k = 0; k < b->dot_w; k++)
					mvaddstr(y + line,
					         x + (l * (FONT_W + 1) + c) * b->dot_w +
					                 k,
					         glyph);
			}
		}
	}
	attrset(A_NORMAL);
}

static int regions_size(const struct menu *m);
static enum regions_grade regions_grade_of(enum puzzle_grade g);

/* An item's line: its name, and what it opens when the column has room. */
static void item_line(const struct menu *m, int i, bool full, char *buf, size_t len)
{
	struct daily_streak st;
	long today;
	char err[256];

	snprintf(buf, len, "%s", item_text[i]);
	/* The daily puzzle's item says how the streak stands. */
	if (i == ITEM_DAILY && m->store && daily_today(&today, err, sizeof err) == 0) {
		daily_streak(m->store, today, &st);
		if (st.current > 0)
			snprintf(buf, len,
			         "Daily          today's puzzle: %s%d day%s in a row%s",
			         st.done_today ? "solved, " : "", st.current,
			         st.current == 1 ? "" : "s",
			         st.done_today ? "" : " so far");
	}
	/* New says what it makes: the menu's size and the grade g chose. */
	if (i == ITEM_NEW)
		snprintf(buf, len, "New            a puzzle made now: %dx%d %s (g grade)",
		         m->n, m->n, puzzle_grade_name(m->grade));
	/* Regions says what it makes too: the menu's size within the generator's. */
	if (i == ITEM_REGIONS)
		snprintf(buf, len, "Regions        coloured regions: %dx%d %s",
		         regions_size(m), regions_size(m),
		         regions_grade_name(regions_grade_of(m->grade)));
	if (!full && strstr(buf, "  "))
		*strstr(buf, "  ") = '\0';
}

/* The widest of the items and the board size's line above them. */
static int items_width(const struct menu *m, bool full)
{
	char line[128];
	int w = text_width("Board size:  < 18 >");

	for (int i = 0; i < ITEM_COUNT; i++) {
		item_line(m, i, full, line, sizeof line);
		if (text_width(line) > w)
			w = text_width(line);
	}
	return w;
}

/* The board beside the items: n's first solution, or an empty board. */
static void fill_board(const struct menu *m, struct boardview *bv, uint16_t *cells)
{
	int ranks[ENUM_MAX_N];
	bool solved = m->n <= m->max_n && enum_first(m->n, ranks);

	memset(cells, 0, (size_t)(m->n * m->n) * sizeof *cells);
	for (int f = 0; solved && f < m->n; f++)
		cells[f * m->n + ranks[f]] = BV_QUEEN;
	*bv = (struct boardview){.n = m->n, .cells = cells, .show_cursor = false};
}

static int board_fit(void *ctx, int h, int w, struct layout_size *got)
{
	return boardview_fit(ctx, h, w, &got->h, &got->w);
}

/*
 * The main page, centred: the name as large as the window lets it be, then
 * the board size and the items, and beside them a board of that size with
 * its first solution, as large as the lines left allow.  The items keep
 * their words when the board has no room, and the board goes first.
 */
static void draw_main(const struct menu *m, struct layout_rect r)
{
	uint16_t cells[ENUM_MAX_N * ENUM_MAX_N];
	struct boardview bv;
	/* The body (size, items, board) takes up to half the window: a small board. */
	struct layout_region rows[] = {
	        {.min = 1, .pref = 1, .prio = 1}, /* the name, and a line under it */
	        {.min = 2 + ITEM_COUNT, .pref = r.h / 2, .prio = 0, .gap = 1},
	        {.min = 0, .pref = 1, .prio = 2}, /* room for a message */
	};
	const struct banner *banner;
	struct layout_board b;
	char line[128];
	bool full = items_width(m, true) + 2 <= r.w;
	int iw = items_width(m, full), bw = 0, bh = 0, top, left, y;

	rows[0].pref = banner_height(banner_fit(r.h, r.w)) + 1;
	layout_share(rows, 3, r.y, r.h - 1);
	banner = banner_fit(rows[0].size - (rows[0].size > 1), r.w);
	/* The board: the largest beside the items in the lines the body got. */
	fill_board(m, &bv, cells);
	layout_board_sizes(&b, rows[1].size, r.w - iw - 6, board_fit, &bv);
	if (b.whole < b.nsizes) {
		bh = b.sizes[b.nsizes - 1].h;
		bw = b.sizes[b.nsizes - 1].w;
	}
	/* The name and the body under it, each centred, the two centred as one. */
	int block_w = bw > 0 ? iw + 4 + bw : iw;
	int body_h = 2 + ITEM_COUNT > bh ? 2 + ITEM_COUNT : bh;
	int name_h, block_h, gap;

	/* A smaller name where the body and this one would not both fit. */
	while (banner < &banners[NBANNERS - 1] &&
	       banner_height(banner) + !banner->plain + 1 + body_h > r.h - 1)
		banner = banner_fit(banner_height(banner) - 1, r.w);
	name_h = banner_height(banner) + (!banner->plain && rows[0].size > 1);
	/* The blank line under the name goes first when lines are short. */
	gap = name_h + 1 + body_h <= r.h - 1 ? 1 : 0;
	block_h = name_h + gap + body_h;

	top = r.y + (r.h - 1 - block_h) / 2;
	left = r.x + (r.w - block_w) / 2;
	if (top < r.y)
		top = r.y;
	if (left < r.x)
		left = r.x;
	draw_banner(banner, top, r.x + (r.w - banner_width(banner)) / 2);
	if (name_h > banner_height(banner))
		text_put(top + banner_height(banner), r.x + (r.w - 19) / 2,
		         theme_attr(THEME_DIMMED), "the n-queens puzzle");
	y = top + name_h + gap + (body_h - 2 - ITEM_COUNT) / 2;
	/* A line free for a message above the keys, unless the name needs it. */
	if (y > r.y + r.h - 2 - 2 - ITEM_COUNT)
		y = r.y + r.h - 2 - 2 - ITEM_COUNT;
	if (y < top + name_h && top + name_h <= r.y + r.h - 1 - 2 - ITEM_COUNT)
		y = top + name_h;
	snprintf(line, sizeof line, "Board size:  < %d >", m->n);
	text_put(y, left, A_NORMAL, line);
	y += 2;
	for (int i = 0; i < ITEM_COUNT; i++) {
		int attr = i == m->sel ? theme_attr(THEME_SELECTED) : (int)A_NORMAL;
		char pad[160];

		item_line(m, i, full, line, sizeof line);
		text_put(y + i, left, attr, text_pad(pad, sizeof pad, line, iw));
	}
	if (bw > 0) {
		bv.top = top + name_h + gap + (body_h - bh) / 2;
		bv.left = left + block_w - bw;
		bv.height = bh;
		bv.width = bw;
		if (boardview_layout(&bv) == 0)
			boardview_draw(&bv);
	}
}

static void menu_draw(const void *self, struct layout_rect r)
{
	const struct menu *m = self;
	const char *hints[16];

	if (m->lessons_page)
		draw_lessons(m, r);
	else if (m->puzzles_page)
		draw_puzzles(m, r);
	else
		draw_main(m, r);
	if (m->message[0])
		text_message(r, m->message, A_NORMAL, 2);
	text_keys(r, hints, keymap_hints(menu_keys(m), 0, hints, 16), "? help  q quit");
}

/* The list of puzzles: choose one and play it. */
static enum screen_reply puzzles_key(struct menu *m, int action, struct screen_open *open)
{
	int last = (int)m->nentries - 1;

	switch (action) {
	case MENU_UP:
		if (m->psel > 0)
			m->psel--;
		break;
	case MENU_DOWN:
		if (m->psel < last)
			m->psel++;
		break;
	case MENU_PAGE_UP:
		m->psel = m->psel > 10 ? m->psel - 10 : 0;
		break;
	case MENU_PAGE_DOWN:
		m->psel = m->psel + 10 < last ? m->psel + 10 : last;
		break;
	case MENU_FIRST:
		m->psel = 0;
		break;
	case MENU_LAST:
		m->psel = last > 0 ? last : 0;
		break;
	case MENU_BACK:
		m->puzzles_page = false;
		break;
	case MENU_OPEN:
		if (m->nentries == 0)
			break;
		if (!m->entries[m->psel].ok) {
			snprintf(m->message, sizeof m->message, "%s",
			         m->entries[m->psel].err);
			break;
		}
		*open = (struct screen_open){
		        .kind = SCREEN_PLAY,
		        .play = {.n = m->entries[m->psel].pz.n,
		                 .puzzle = &m->entries[m->psel].pz,
		                 .puzzle_id = m->entries[m->psel].id}};
		return SCREEN_OPEN;
	case MENU_QUIT:
		return SCREEN_QUIT;
	default:
		break;
	}
	return SCREEN_STAY;
}

/* The list of lessons: choose one and run it. */
static enum screen_reply lessons_key(struct menu *m, int action, struct screen_open *open)
{
	int last = (int)m->nlessons - 1;

	switch (action) {
	case MENU_UP:
		if (m->lsel > 0)
			m->lsel--;
		break;
	case MENU_DOWN:
		if (m->lsel < last)
			m->lsel++;
		break;
	case MENU_FIRST:
		m->lsel = 0;
		break;
	case MENU_LAST:
		m->lsel = last > 0 ? last : 0;
		break;
	case MENU_BACK:
		m->lessons_page = false;
		break;
	case MENU_OPEN:
		if (m->nlessons == 0)
			break;
		lesson_free(&m->chosen);
		if (lesson_load(m->lessons[m->lsel].path, &m->chosen, m->message,
		                sizeof m->message) < 0)
			break;
		*open = (struct screen_open){.kind = SCREEN_LESSON,
		                             .lesson = {.lesson = &m->chosen}};
		return SCREEN_OPEN;
	case MENU_QUIT:
		return SCREEN_QUIT;
	default:
		break;
	}
	return SCREEN_STAY;
}

static void change_size(struct menu *m, int d)
{
	if (m->n + d >= m->min_n && m->n + d <= m->max_n)
		m->n += d;
	else
		snprintf(m->message, sizeof m->message, "Boards go from %d to %d.",
		         m->min_n, m->max_n);
}

/* Today's puzzle, in Play. */
static enum screen_reply open_daily(struct menu *m, struct screen_open *open)
{
	char err[256];
	long today;

	if (daily_today(&today, err, sizeof err) < 0) {
		snprintf(m->message, sizeof m->message, "No daily puzzle: %s.", err);
		return SCREEN_STAY;
	}
	if (daily_puzzle(today, &m->daily, m->daily_id, sizeof m->daily_id) < 0) {
		snprintf(m->message, sizeof m->message,
		         "No daily puzzle could be made for today.");
		return SCREEN_STAY;
	}
	*open = (struct screen_open){
	        .kind = SCREEN_PLAY,
	        .play = {.n = m->daily.n, .puzzle = &m->daily, .puzzle_id = m->daily_id}};
	return SCREEN_OPEN;
}

/* A new puzzle of the menu's size and grade, in Play; its seed in its title. */
static enum screen_reply open_new(struct menu *m, struct screen_open *open)
{
	if (m->n < PUZZLE_GEN_MIN_N) {
		snprintf(m->message, sizeof m->message,
		         "New puzzles are made for boards of %d to %d.", PUZZLE_GEN_MIN_N,
		         m->max_n);
		return SCREEN_STAY;
	}
	/* Six digits: short enough to read out, and to type into puzzle --seed. */
	if (puzzle_made(m->n, puzzle_clock_seed() % 1000000, m->grade, &m->made,
	                m->made_id, sizeof m->made_id) < 0) {
		snprintf(m->message, sizeof m->message, "No puzzle could be made.");
		return SCREEN_STAY;
	}
	*open = (struct screen_open){
	        .kind = SCREEN_PLAY,
	        .play = {.n = m->made.n, .puzzle = &m->made, .puzzle_id = m->made_id}};
	return SCREEN_OPEN;
}

/* The grade g chose, for a regions puzzle. */
static enum regions_grade regions_grade_of(enum puzzle_grade g)
{
	return g == PUZZLE_EASY   ? REGIONS_EASY
	       : g == PUZZLE_HARD ? REGIONS_HARD
	                          : REGIONS_MEDIUM;
}

/* The size of a regions puzzle from the menu's: within what the generator makes. */
static int regions_size(const struct menu *m)
{
	return m->n < REGIONS_GEN_MIN_N   ? REGIONS_GEN_MIN_N
	       : m->n > REGIONS_GEN_MAX_N ? REGIONS_GEN_MAX_N
	                                  : m->n;
}

/* A Queens with regions puzzle made now, or today's, in its screen. */
static enum screen_reply open_regions(struct menu *m, bool daily,
                                      struct screen_open *open)
{
	char err[256];
	long today = 0;

	if (daily) {
		if (daily_today(&today, err, sizeof err) < 0) {
			snprintf(m->message, sizeof m->message, "No daily puzzle: %s.",
			         err);
			return SCREEN_STAY;
		}
		if (daily_regions(today, &m->regions, m->regions_id,
		                  sizeof m->regions_id) < 0) {
			snprintf(m->message, sizeof m->message,
			         "No daily regions puzzle could be made for today.");
			return SCREEN_STAY;
		}
	} else {
		enum regions_grade g = regions_grade_of(m->grade);

		if (regions_generate(regions_size(m), g, puzzle_clock_seed() % 1000000,
		                     &m->regions) < 0) {
			snprintf(m->message, sizeof m->message,
			         "No puzzle could be made.");
			return SCREEN_STAY;
		}
		snprintf(m->regions_id, sizeof m->regions_id, "regions-%d-%s",
		         regions_size(m), regions_grade_name(g));
	}
	*open = (struct screen_open){.kind = SCREEN_REGIONS,
	                             .regions = {.board = &m->regions,
	                                         .id = m->regions_id,
	                                         .daily = daily,
	                                         .day = today}};
	return SCREEN_OPEN;
}

/* The item under the cursor, opened. */
static enum screen_reply open_item(struct menu *m, struct screen_open *open)
{
	static const enum screen_kind kinds[ITEM_COUNT] = {
	        [ITEM_PLAY] = SCREEN_PLAY,     [ITEM_WATCH] = SCREEN_WATCH,
	        [ITEM_PREDICT] = SCREEN_WATCH, [ITEM_RACE] = SCREEN_RACE,
	        [ITEM_BROWSE] = SCREEN_BROWSE, [ITEM_STATS] = SCREEN_STATS,
	};

	if (m->sel == ITEM_PUZZLES) {
		m->puzzles_page = true;
		return SCREEN_STAY;
	}
	if (m->sel == ITEM_LESSONS) {
		m->lessons_page = true;
		return SCREEN_STAY;
	}
	if (m->sel == ITEM_DAILY)
		return open_daily(m, open);
	if (m->sel == ITEM_NEW)
		return open_new(m, open);
	if (m->sel == ITEM_REGIONS || m->sel == ITEM_DAILY_REGIONS)
		return open_regions(m, m->sel == ITEM_DAILY_REGIONS, open);
	if (m->sel == ITEM_QUIT)
		return SCREEN_QUIT;
	*open = (struct screen_open){.kind = kinds[m->sel]};
	switch (open->kind) {
	case SCREEN_WATCH:
		open->watch = (struct watch_opts){.n = m->n,
		                                  .algo = SEARCH_BACKTRACK,
		                                  .goal = SEARCH_ALL,
		                                  .quiz = m->sel == ITEM_PREDICT};
		break;
	case SCREEN_RACE:
		open->race = (struct race_opts){.n = m->n, .goal = SEARCH_ALL};
		break;
	case SCREEN_BROWSE:
		open->browse = (struct browse_opts){.n = m->n, .index = 1};
		break;
	case SCREEN_PLAY:
		open->play.n = m->n;
		break;
	default:
		break;
	}
	return SCREEN_OPEN;
}

static enum screen_reply menu_key(void *self, const struct input_event *ev,
                                  struct screen_open *open)
{
	struct menu *m = self;
	int action = keymap_action(menu_keys(m), ev);

	m->message[0] = '\0';
	if (m->lessons_page)
		return lessons_key(m, action, open);
	if (m->puzzles_page)
		return puzzles_key(m, action, open);
	switch (action) {
	case MENU_UP:
		m->sel = (m->sel + ITEM_COUNT - 1) % ITEM_COUNT;
		break;
	case MENU_DOWN:
		m->sel = (m->sel + 1) % ITEM_COUNT;
		break;
	case MENU_GRADE:
		m->grade = (m->grade + 1) % PUZZLE_GRADES;
		break;
	case MENU_SMALLER:
	case MENU_LARGER:
		change_size(m, action == MENU_SMALLER ? -1 : 1);
		break;
	case MENU_PUZZLES:
		m->puzzles_page = true;
		break;
	case MENU_OPEN:
		return open_item(m, open);
	case MENU_QUIT:
		return SCREEN_QUIT;
	default:
		break;
	}
	return SCREEN_STAY;
}

static enum screen_reply menu_mouse(void *self, const struct input_event *ev,
                                    struct layout_rect r, struct screen_open *open)
{
	(void)r;
	return menu_key(self, ev, open);
}

static const struct screen_ops menu_ops = {
        .title = "Menu",
        .free = menu_free,
        .resize = menu_resize,
        .draw = menu_draw,
        .key = menu_key,
        .mouse = menu_mouse,
        .min_size = menu_min_size,
        .keys = menu_keys,
};

int menu_open(struct screen *out, const struct screen_open *o,
              const struct screen_env *env, char *err, size_t errlen)
{
	struct menu *m = calloc(1, sizeof *m);
	char mine[4096];

	if (!m) {
		snprintf(err, errlen, "Out of memory.");
		return -1;
	}
	m->n = o->menu.n;
	m->min_n = env->play_min_n;
	m->max_n = env->play_max_n;
	m->grade = PUZZLE_MEDIUM;
	m->store = env->store;
	puzzle_list(env->puzzle_dir, &m->entries, &m->nentries);
	/* The user's own lessons beside the shipped ones. */
	lesson_list_all(env->lesson_dir, lesson_user_dir(mine, sizeof mine), &m->lessons,
	                &m->nlessons);
	m->lessons_page = o->menu.lessons;
	*out = (struct screen){&menu_ops, m};
	return 0;
}
