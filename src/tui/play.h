/* The Play screen: place queens by hand, see attacks, solve, and do puzzles. */
#ifndef NQ_PLAY_H
#define NQ_PLAY_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#include "help.h"

struct input_event;
struct puzzle;
struct store;
struct enum_table;

#define PLAY_MIN_N 1
#define PLAY_MAX_N 18

struct play;

/*
 * A Play screen for an empty n×n board, or for a puzzle (pz not NULL, copied;
 * puzzle_id names it in the saved best times).  store and table may be NULL.
 */
struct play *play_new(int n, const struct puzzle *pz, const char *puzzle_id,
                      struct store *store, const struct enum_table *table);
void play_free(struct play *p);

void play_draw(struct play *p);

/* What the screen asks of the program after a key. */
enum play_result { PLAY_STAY, PLAY_LEAVE, PLAY_WATCH, PLAY_BROWSE };

/* The board size, and the number of the solution on it (0 when none). */
int play_size(const struct play *p);
uint64_t play_solution_index(const struct play *p);
enum play_result play_key(struct play *p, const struct input_event *ev);

/*
 * Opens *w, the Watch screen of the search going on from the queens on the
 * board; when it cannot start, leaves *w alone and says why on the screen.
 */
struct watch;
void play_open_watch(struct play *p, struct watch **w);

/* Background work finished: pick up its result. */
void play_wake(struct play *p);

/* The stopwatch of a puzzle ticks once a second. */
long play_timer_ms(struct play *p);
void play_tick(struct play *p);

/* The smallest window the screen can be drawn in. */
void play_min_size(const struct play *p, int *lines, int *cols);

/* The keys, for the help overlay and the manual. */
const struct help_entry *play_help(size_t *count);

#endif
