/* The race screen: algorithms side by side on one board size, stepped together. */
#ifndef NQ_RACE_SCREEN_H
#define NQ_RACE_SCREEN_H

#include "tui/screen.h"

/*
 * The race (o->race: r) of r.algos (r.nalgos of them; NULL: backtrack,
 * scan, permute and bits) on an r.n × r.n board to r.goal, paused at the
 * start unless r.play.  Refused, with the engine's reason, when the race
 * cannot be.
 */
screen_open_fn race_open;

#endif
