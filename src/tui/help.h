/* The help overlay, a screen of its own: every key of the screen below, in a box. */
#ifndef NQ_HELP_H
#define NQ_HELP_H

#include "tui/screen.h"

/* Opens the help of o->help.title's keys, its keys then also_keys, over it. */
screen_open_fn help_open;

/* Draws the "terminal too small" screen. */
void help_draw_too_small(struct layout_rect r, int need_lines, int need_cols);

#endif
