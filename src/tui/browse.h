/* The Browse screen: every solution in order, and the classes by symmetry. */
#ifndef NQ_BROWSE_H
#define NQ_BROWSE_H

#include <stddef.h>
#include <stdint.h>

#include "help.h"

struct input_event;
struct enum_table;

/* The board sizes the screen pages through: the first solution comes at once. */
#define BROWSE_MIN_N 1
#define BROWSE_MAX_N 20

struct browse;

/*
 * A Browse screen for n, at solution #index (1 when 0).  table may be NULL:
 * far jumps above n = 12 are then walked to in the background.  NULL when
 * memory is short.
 */
struct browse *browse_new(int n, uint64_t index, const struct enum_table *table);
void browse_free(struct browse *b);

void browse_draw(struct browse *b);

enum browse_result { BROWSE_STAY, BROWSE_LEAVE };
enum browse_result browse_key(struct browse *b, const struct input_event *ev);

/* Background work (a count, a walk, a jump) has news: call on term_post. */
void browse_wake(struct browse *b);

void browse_min_size(const struct browse *b, int *lines, int *cols);
const struct help_entry *browse_help(size_t *count);

#endif
