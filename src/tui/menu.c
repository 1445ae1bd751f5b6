/* The start menu: pick a screen and the board size, or a shipped puzzle. */
#include "config.h"

#include "menu.h"

#include <curses.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "play.h"
#include "store.h"
#include "text.h"
#include "theme.h"

/* One shipped puzzle file, loaded or with the reason it could not be. */
struct entry {
	char id[128];
	bool ok;
	struct puzzle pz;
	char err[256];
};

struct menu {
	int n;
	int sel;           /* the item under the cursor on the main page */
	bool puzzles_page; /* the list of puzzles is showing */
	int psel, ptop;    /* its cursor and first line shown */
	struct entry *entries;
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

static const struct help_entry keys[] = {
        {"Up Down, k j", "choose"},
        {"Enter, Space", "open"},
        {"Left Right, [ ]", "board size"},
        {"p", "the puzzles"},
        {"Escape", "back from the puzzles"},
        {"?", "this help"},
        {"q", "quit"},
};

const struct help_entry *menu_help(size_t *count)
{
	*count = sizeof keys / sizeof keys[0];
	return keys;
}

void menu_min_size(int *lines, int *cols)
{
	*lines = 12;
	*cols = 40;
}

static int by_id(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->id, ((const struct entry *)b)->id);
}

/* Reads every *.txt of dir; a bad file is listed with its error, not hidden. */
static void load_puzzles(struct menu *m, const char *dir)
{
	DIR *d = dir ? opendir(dir) : NULL;
	struct dirent *de;
	size_t cap = 0;

	if (!d)
		return;
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);
		char path[4096];
		struct entry *e;

		if (len < 5 || strcmp(de->d_name + len - 4, ".txt") != 0 ||
		    len - 4 >= sizeof e->id)
			continue;
		if (m->nentries == cap) {
			cap = cap ? cap * 2 : 32;
			e = realloc(m->entries, cap * sizeof *e);
			if (!e)
				break;
			m->entries = e;
		}
		e = &m->entries[m->nentries++];
		memset(e, 0, sizeof *e);
		memcpy(e->id, de->d_name, len - 4);
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		e->ok = puzzle_load(path, &e->pz, e->err, sizeof e->err) == 0;
	}
	closedir(d);
	qsort(m->entries, m->nentries, sizeof *m->entries, by_id);
}

struct menu *menu_new(int n, const char *dir, struct store *store)
{
	struct menu *m = calloc(1, sizeof *m);

	if (!m)
		return NULL;
	m->n = n;
	m->store = store;
	load_puzzles(m, dir);
	return m;
}

void menu_free(struct menu *m)
{
	if (!m)
		return;
	free(m->entries);
	free(m);
}

int menu_size(const struct menu *m)
{
	return m->n;
}

const struct puzzle *menu_puzzle(const struct menu *m, const char **id)
{
	const struct entry *e = &m->entries[m->psel];

	*id = e->id;
	return &e->pz;
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
		const struct entry *e = &m->entries[m->ptop + i];
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

void menu_draw(struct menu *m)
{
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
	static const char *const puzzles[] = {"Enter play", "Escape back"};
	static const char *const main_page[] = {"Enter open", "Left/Right size",
	                                        "p puzzles"};
	if (m->puzzles_page)
		text_keys(puzzles, 2, "? help  q quit");
	else
		text_keys(main_page, 3, "? help  q quit");
}

static enum menu_action puzzles_key(struct menu *m, const struct input_event *ev)
{
	int last = (int)m->nentries - 1;

	if (ev->key == INPUT_KEY_UP ||
	    (ev->key == INPUT_KEY_CHAR && ev->codepoint == 'k')) {
		if (m->psel > 0)
			m->psel--;
	} else if (ev->key == INPUT_KEY_DOWN ||
	           (ev->key == INPUT_KEY_CHAR && ev->codepoint == 'j')) {
		if (m->psel < last)
			m->psel++;
	} else if (ev->key == INPUT_KEY_PAGEUP) {
		m->psel = m->psel > 10 ? m->psel - 10 : 0;
	} else if (ev->key == INPUT_KEY_PAGEDOWN) {
		m->psel = m->psel + 10 < last ? m->psel + 10 : last;
	} else if (ev->key == INPUT_KEY_HOME) {
		m->psel = 0;
	} else if (ev->key == INPUT_KEY_END) {
		m->psel = last > 0 ? last : 0;
	} else if (ev->key == INPUT_KEY_ESCAPE || ev->key == INPUT_KEY_BACKSPACE) {
		m->puzzles_page = false;
	} else if (ev->key == INPUT_KEY_ENTER ||
	           (ev->key == INPUT_KEY_CHAR && ev->codepoint == ' ')) {
		if (m->nentries == 0)
			return MENU_NONE;
		if (!m->entries[m->psel].ok) {
			snprintf(m->message, sizeof m->message, "%s",
			         m->entries[m->psel].err);
			return MENU_NONE;
		}
		return MENU_PUZZLE;
	} else if (ev->key == INPUT_KEY_CHAR && ev->codepoint == 'q') {
		return MENU_QUIT;
	}
	return MENU_NONE;
}

static void change_size(struct menu *m, int d)
{
	if (m->n + d >= PLAY_MIN_N && m->n + d <= PLAY_MAX_N)
		m->n += d;
	else
		snprintf(m->message, sizeof m->message, "Boards go from %d to %d.",
		         PLAY_MIN_N, PLAY_MAX_N);
}

enum menu_action menu_key(struct menu *m, const struct input_event *ev)
{
	m->message[0] = '\0';
	if (ev->kind == INPUT_MOUSE) {
		if (ev->button == INPUT_WHEEL_UP || ev->button == INPUT_WHEEL_DOWN) {
			struct input_event k = *ev;

			k.kind = INPUT_KEY;
			k.key = ev->button == INPUT_WHEEL_UP ? INPUT_KEY_UP
			                                     : INPUT_KEY_DOWN;
			return menu_key(m, &k);
		}
		return MENU_NONE;
	}
	if (ev->kind != INPUT_KEY)
		return MENU_NONE;
	if (m->puzzles_page)
		return puzzles_key(m, ev);
	switch (ev->key) {
	case INPUT_KEY_UP:
		m->sel = (m->sel + ITEM_COUNT - 1) % ITEM_COUNT;
		return MENU_NONE;
	case INPUT_KEY_DOWN:
		m->sel = (m->sel + 1) % ITEM_COUNT;
		return MENU_NONE;
	case INPUT_KEY_LEFT:
		change_size(m, -1);
		return MENU_NONE;
	case INPUT_KEY_RIGHT:
		change_size(m, 1);
		return MENU_NONE;
	case INPUT_KEY_ENTER:
		break;
	case INPUT_KEY_CHAR:
		switch (ev->codepoint) {
		case 'k':
			m->sel = (m->sel + ITEM_COUNT - 1) % ITEM_COUNT;
			return MENU_NONE;
		case 'j':
			m->sel = (m->sel + 1) % ITEM_COUNT;
			return MENU_NONE;
		case '[':
		case '-':
			change_size(m, -1);
			return MENU_NONE;
		case ']':
		case '+':
		case '=':
			change_size(m, 1);
			return MENU_NONE;
		case 'p':
			m->puzzles_page = true;
			return MENU_NONE;
		case 'q':
			return MENU_QUIT;
		case ' ':
			break;
		default:
			return MENU_NONE;
		}
		break;
	default:
		return MENU_NONE;
	}
	switch (m->sel) {
	case ITEM_PLAY:
		return MENU_PLAY;
	case ITEM_PUZZLES:
		m->puzzles_page = true;
		return MENU_NONE;
	case ITEM_WATCH:
		return MENU_WATCH;
	case ITEM_BROWSE:
		return MENU_BROWSE;
	default:
		return MENU_QUIT;
	}
}
