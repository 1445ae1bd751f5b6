/* The Watch screen: the search animated event by event, forward and back. */
#ifndef NQ_WATCH_H
#define NQ_WATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "help.h"
#include "search.h"

struct input_event;

/* Tree searches of larger boards would take hours to run to the end. */
#define WATCH_MAX_N 20

/* The largest board the screen watches algorithm a on. */
int watch_max_n(enum search_algo a);

struct watch;

/*
 * A Watch screen of algorithm a on an n×n board, from the queens of given
 * (ranks by file, -1 for an empty file; NULL: an empty board).  NULL with the
 * reason in err when the search cannot start there or memory is short.
 */
struct watch *watch_new(int n, enum search_algo a, enum search_goal goal,
                        const int *given, char *err, size_t errlen);
void watch_free(struct watch *w);

void watch_draw(struct watch *w);

enum watch_result { WATCH_STAY, WATCH_LEAVE };
enum watch_result watch_key(struct watch *w, const struct input_event *ev);

/* While playing, the next events are due after this many ms. */
long watch_timer_ms(struct watch *w);
void watch_tick(struct watch *w);

void watch_min_size(const struct watch *w, int *lines, int *cols);
const struct help_entry *watch_help(size_t *count);

#endif
