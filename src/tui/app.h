/* The full-screen program: a stack of screens around one main loop. */
#ifndef NQ_APP_H
#define NQ_APP_H

#include <stdbool.h>

#include "tui/screen.h"

struct app_opts {
	bool no_color, ascii;
	bool quiet; /* no bell when a board is solved */
	int theme;  /* enum settings_theme, or -1 for the config file's */
	/* Play's assists: 1 + enum settings_assist, or 0 for the config file's */
	int assist;
	struct screen_open start; /* the screen the program starts on */
};

/*
 * Runs the program; returns the exit status: 2 when the terminal will not
 * do or the start screen cannot open (said on stderr), else 0.  A quit
 * signal (INT, TERM, HUP, QUIT) ends the program of that signal once all
 * is given back; 128 + the signal is returned only if it does not.
 */
int app_run(const struct app_opts *o);

#endif
