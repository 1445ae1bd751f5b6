/* The Watch screen: the search animated event by event, forward and back. */
#ifndef NQ_WATCH_H
#define NQ_WATCH_H

#include "tui/screen.h"
#include "engine/search.h"
#include "tui/watch_model.h"

/*
 * The search of o->algo on an o->n × o->n board to o->goal, from the queens
 * of o->given (ranks by file, -1 for an empty file; NULL: an empty board).
 * Refused, with the reason, when the search cannot start there.
 */
screen_open_fn watch_open;

#endif
