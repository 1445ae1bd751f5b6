/* The Browse screen: every solution in order, and the classes by symmetry. */
#ifndef NQ_BROWSE_H
#define NQ_BROWSE_H

#include "tui/screen.h"

/* The board sizes the screen pages through: the first solution comes at once. */
#define BROWSE_MIN_N 1
#define BROWSE_MAX_N 20

/*
 * Every solution of o->browse.n, at solution #o->browse.index (1 when 0),
 * or its classes (o->browse.classes).  env->table may
 * be NULL: far jumps above n = 12 are then walked to in the background.
 */
screen_open_fn browse_open;

#endif
