/* The Queens with regions screen: play a regions puzzle, with hints that teach. */
#ifndef NQ_REGIONS_SCREEN_H
#define NQ_REGIONS_SCREEN_H

#include "tui/screen.h"

/*
 * A Queens with regions screen for o->regions.board (copied); its id
 * names it in the best times, and daily with day makes it the regions
 * puzzle of that day (its streak and its line to share).
 */
screen_open_fn regions_open;

#endif
