/* Watch it reasoned: a regions puzzle solved by deduction, then by plain search. */
#ifndef NQ_WATCH_REGIONS_H
#define NQ_WATCH_REGIONS_H

#include "tui/screen.h"

/* A Watch it reasoned screen for o->watch_regions.board (copied). */
screen_open_fn watch_regions_open;

#endif
