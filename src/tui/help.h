/* The help overlay: every key of the current screen, in a box. */
#ifndef NQ_HELP_H
#define NQ_HELP_H

#include <stddef.h>

struct help_entry {
	const char *keys; /* as typed: "Left h", "Ctrl-R U" */
	const char *what;
};

/* Draws the keys over the screen, centred; a longer list than fits is cut. */
void help_draw(const char *title, const struct help_entry *e, size_t count);

/* Draws the "terminal too small" screen. */
void help_draw_too_small(int need_lines, int need_cols);

#endif
