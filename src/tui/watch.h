/* The Watch screen: the search animated event by event, forward and back. */
#ifndef NQ_WATCH_H
#define NQ_WATCH_H

#include "tui/screen.h"
#include "engine/search.h"
#include "tui/watch_model.h"

/*
 * The search (o->watch: w) of w.algo on a w.n × w.n board to w.goal, from
 * the queens of w.given (ranks by file, -1 for an empty file; NULL: an
 * empty board).  Refused, with the reason, when the search cannot start
 * there.
 */
screen_open_fn watch_open;

#endif
