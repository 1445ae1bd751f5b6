/* The Stats screen: the daily puzzles' calendar, the streak, best times, what was found.
 */
#ifndef NQ_TUI_STATS_H
#define NQ_TUI_STATS_H

#include "tui/screen.h"

/*
 * Shows the player's record from env->store: a month of the daily puzzles
 * (Left/Right other months, Up/Down another day, Enter plays the day
 * chosen), the streak, best times by size and grade, and the solutions and
 * classes found per n.
 */
screen_open_fn stats_open;

#endif
