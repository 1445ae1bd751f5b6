/* The race screen: algorithms side by side on one board size, stepped together. */
#ifndef NQ_RACE_SCREEN_H
#define NQ_RACE_SCREEN_H

#include "tui/screen.h"

/*
 * The race of o->algos (o->nalgos of them; NULL: backtrack, scan, permute
 * and bits) on an o->n × o->n board to o->goal, paused at the start unless
 * o->play.  Refused, with the engine's reason, when the race cannot be.
 */
screen_open_fn race_open;

#endif
