/* The start menu: pick a screen and the board size, or a shipped puzzle. */
#include "config.h"

#include "menu.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "keymap.h"
#include "puzzle.h"
#include "store.h"
#include "text.h"
#include "theme.h"

struct menu {
	int n;
	int sel;           /* the item under the cursor on the main page */
	bool puzzles_page; /* the list of puzzles is showing */
	int psel, ptop;    /* its cursor and first line shown */
	struct puzzle_entry *entries;
	size_t nentries;
	struct store *store;
	char message[600];
};

enum item { ITEM_PLAY, ITEM_PUZZLES, ITEM_WATCH, ITEM_BROWSE, ITEM_QUIT, ITEM_COUNT };

static const char *const item_text[ITEM_COUNT] = {
        "Play        place queens by hand",
        "Puzzles     complete a board with given queens",
        "Watch       the search, step by step",
        "Browse      every solution, and the classes",
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
	MENU_PAGE_UP,
	MENU_PAGE_DOWN,
	MENU_FIRST,
	MENU_LAST,
	MENU_BACK,
	MENU_QUIT,
};

static const struct keymap_row main_rows[] = {
        {MENU_UP, {KEY(UP), KCHAR('k'), KMOUSE(WHEEL_UP)}, "choose", {}},
        {MENU_DOWN, {KEY(DOWN), KCHAR('j'), KMOUSE(WHEEL_DOWN)}, NULL, {}},
        {MENU_OPEN, {KEY(ENTER), KCHAR(' ')}, "open", {{0, "Enter open"}}},
        {MENU_SMALLER,
         {KEY(LEFT), KCHAR('['), KCHAR('-')},
         "board size",
         {{0, "Left/Right size"}}},
        {MENU_LARGER, {KEY(RIGHT), KCHAR(']'), KCHAR('+'), KCHAR('=')}, NULL, {}},
        {MENU_PUZZLES, {KCHAR('p')}, "the puzzles", {{0, "p puzzles"}}},
        {MENU_QUIT, {KCHAR('q')}, "quit", {}},
};
static const struct keymap main_keys = KEYMAP(main_rows);

static const struct keymap_row puzzle_rows[] = {
        {MENU_UP, {KEY(UP), KCHAR('k'), KMOUSE(WHEEL_UP)}, "choose", {}},
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

static void menu_free(void *self)
{
	struct menu *m = self;

	free(m->entries);
	free(m);
}

static void menu_min_size(const void *self, int *lines, int *cols)
{
	(void)self;
	*lines = 12;
	*cols = 40;
}

static const struct keymap *menu_keys(const void *self)
{
	return ((const struct menu *)self)->puzzles_page ? &puzzle_keys : &main_keys;
}

static void draw_puzzles(struct menu *m)
{
	int rows = LINES - 4;

	text_put(0, 0, theme_attr(THEME_TITLE), "nqueens - Puzzles");
	if (m->nentries == 0) {
		text_put(2, 2, A_NORMAL,
		         "No puzzles found (see NQUEENS_DATADIR in nqueens(6)).");
		return;
	}
	if (m->psel < m->ptop)
		m->ptop = m->psel;
	if (m->psel >= m->ptop + rows)
		m->ptop = m->psel - rows + 1;
	for (int i = 0; i < rows && m->ptop + i < (int)m->nentries; i++) {
		const struct puzzle_entry *e = &m->entries[m->ptop + i];
		int attr = m->ptop + i == m->psel ? theme_attr(THEME_SELECTED)
		                                  : (int)A_NORMAL;
		char line[600], best[32] = "";

		if (e->ok) {
			uint64_t ms;

			if (m->store && store_best_time(m->store, e->id, &ms))
				snprintf(best, sizeof best, "best %lu:%02lu",
				         (unsigned long)(ms / 60000),
				         (unsigned long)(ms / 1000 % 60));
			snprintf(line, sizeof line, " %-14s %2dx%-2d %-6s %-10s %s ",
			         e->id, e->pz.n, e->pz.n, puzzle_grade_name(e->pz.grade),
			         best, e->pz.title);
		} else {
			snprintf(line, sizeof line, " %-14s %s ", e->id, e->err);
		}
		text_put(2 + i, 1, attr, line);
	}
}

static void menu_draw(void *self)
{
	struct menu *m = self;
	const char *hints[8];
	char size[64];
	int y = 2;

	if (m->puzzles_page) {
		draw_puzzles(m);
	} else {
		text_put(0, 0, theme_attr(THEME_TITLE), "nqueens - the n-queens puzzle");
		snprintf(size, sizeof size,
		         "Board size:  < %d >  (Left and Right change it)", m->n);
		text_put(y, 2, A_NORMAL, size);
		y += 2;
		for (int i = 0; i < ITEM_COUNT; i++) {
			int attr =
			        i == m->sel ? theme_attr(THEME_SELECTED) : (int)A_NORMAL;

			text_put(y + i, 2, attr, item_text[i]);
		}
	}
	if (m->message[0])
		text_put(LINES - 2, 0, A_NORMAL, m->message);
	text_keys(hints, keymap_hints(menu_keys(m), 0, hints, 8), "? help  q quit");
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
		*open = (struct screen_open){.kind = SCREEN_PLAY,
		                             .n = m->entries[m->psel].pz.n,
		                             .puzzle = &m->entries[m->psel].pz,
		                             .puzzle_id = m->entries[m->psel].id};
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
	if (m->n + d >= PLAY_MIN_N && m->n + d <= PLAY_MAX_N)
		m->n += d;
	else
		snprintf(m->message, sizeof m->message, "Boards go from %d to %d.",
		         PLAY_MIN_N, PLAY_MAX_N);
}

/* The item under the cursor, opened. */
static enum screen_reply open_item(struct menu *m, struct screen_open *open)
{
	static const enum screen_kind kinds[ITEM_COUNT] = {
	        [ITEM_PLAY] = SCREEN_PLAY,
	        [ITEM_WATCH] = SCREEN_WATCH,
	        [ITEM_BROWSE] = SCREEN_BROWSE,
	};

	if (m->sel == ITEM_PUZZLES) {
		m->puzzles_page = true;
		return SCREEN_STAY;
	}
	if (m->sel == ITEM_QUIT)
		return SCREEN_QUIT;
	*open = (struct screen_open){.kind = kinds[m->sel],
	                             .n = m->n,
	                             .algo = SEARCH_BACKTRACK,
	                             .goal = SEARCH_ALL,
	                             .index = 1};
	return SCREEN_OPEN;
}

static enum screen_reply menu_key(void *self, const struct input_event *ev,
                                  struct screen_open *open)
{
	struct menu *m = self;
	int action = keymap_action(menu_keys(m), ev);

	m->message[0] = '\0';
	if (m->puzzles_page)
		return puzzles_key(m, action, open);
	switch (action) {
	case MENU_UP:
		m->sel = (m->sel + ITEM_COUNT - 1) % ITEM_COUNT;
		break;
	case MENU_DOWN:
		m->sel = (m->sel + 1) % ITEM_COUNT;
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

static const struct screen_ops menu_ops = {
        .title = "Menu",
        .free = menu_free,
        .draw = menu_draw,
        .key = menu_key,
        .mouse = menu_key,
        .min_size = menu_min_size,
        .keys = menu_keys,
};

int menu_open(struct screen *out, const struct screen_open *o,
              const struct screen_env *env, char *err, size_t errlen)
{
	struct menu *m = calloc(1, sizeof *m);

	if (!m) {
		snprintf(err, errlen, "Out of memory.");
		return -1;
	}
	m->n = o->n;
	m->store = env->store;
	puzzle_list(env->puzzle_dir, &m->entries, &m->nentries);
	*out = (struct screen){&menu_ops, m};
	return 0;
}
