/* The Play screen: place queens by hand, see attacks, solve, and do puzzles. */
#ifndef NQ_PLAY_H
#define NQ_PLAY_H

#include "tui/screen.h"

/*
 * A Play screen (o->play: p) for an empty p.n × p.n board, or for the
 * puzzle p.puzzle (copied; p.puzzle_id names it in the saved best times).
 * Solutions found are kept in env->store; env->table numbers them.
 */
screen_open_fn play_open;

#endif
