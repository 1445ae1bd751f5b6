/* The full-screen program: the menu and the screens around one main loop. */
#ifndef NQ_APP_H
#define NQ_APP_H

#include <stdbool.h>

#include "search.h"

struct app_opts {
	bool no_color, ascii;
	bool menu;               /* start at the menu rather than on a board */
	int n;                   /* the board size to start with */
	const char *puzzle_path; /* a puzzle file to play, or NULL */
	bool watch;              /* start on the Watch screen */
	bool browse;             /* start on the Browse screen */
	enum search_algo algorithm;
	bool first;       /* watch the search for the first solution only */
	const int *given; /* watch: queens to start from (ranks by file, -1 empty) */
};

/* Runs the program; returns the exit status (2 when the terminal will not do). */
int app_run(const struct app_opts *o);

#endif
