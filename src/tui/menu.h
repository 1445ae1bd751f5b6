/* The start menu: pick a screen and the board size, or a shipped puzzle. */
#ifndef NQ_MENU_H
#define NQ_MENU_H

#include <stddef.h>

#include "help.h"
#include "puzzle.h"

struct input_event;
struct store;
struct menu;

enum menu_action {
	MENU_NONE,
	MENU_PLAY,   /* play on an empty board of menu_size() */
	MENU_PUZZLE, /* play the puzzle menu_puzzle() */
	MENU_WATCH,  /* watch the search on a board of menu_size() */
	MENU_BROWSE, /* browse the solutions of menu_size() */
	MENU_QUIT,
};

/* A menu starting at size n; puzzles are listed from the directory dir. */
struct menu *menu_new(int n, const char *dir, struct store *store);
void menu_free(struct menu *m);

void menu_draw(struct menu *m);
enum menu_action menu_key(struct menu *m, const struct input_event *ev);

int menu_size(const struct menu *m);
/* The chosen puzzle and its name (the file's name without .txt). */
const struct puzzle *menu_puzzle(const struct menu *m, const char **id);

void menu_min_size(int *lines, int *cols);
const struct help_entry *menu_help(size_t *count);

#endif
