/* The start menu: pick a screen and the board size, or a shipped puzzle. */
#ifndef NQ_MENU_H
#define NQ_MENU_H

#include "tui/screen.h"

/*
 * The menu at board size o->menu.n, offering env->play_min_n to
 * env->play_max_n; its puzzles come from env->puzzle_dir.
 */
screen_open_fn menu_open;

#endif
