/* A puzzle left unfinished, kept in the progress file to be resumed. */
#ifndef NQ_SAVED_H
#define NQ_SAVED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct store;

/* The largest board a saved game holds: its squares fit a progress line. */
#define SAVED_MAX_N 18

/*
 * A game as it was left: the clock, the assists used, and the squares of
 * the player's queens and marks (file * n + rank; the puzzle's givens are
 * not among them).
 */
struct saved_game {
	int n;
	uint64_t ms;
	unsigned hints;
	bool verdict;
	bool queen[SAVED_MAX_N * SAVED_MAX_N];
	bool marked[SAVED_MAX_N * SAVED_MAX_N];
};

/*
 * The progress file's line for a puzzle's game is a setting of the store,
 * "set game.ID = t MS h HINTS v 0|1 q HEX x HEX" (each HEX the squares as
 * bits, square 0 the lowest bit of the last digit), so that two copies
 * saving at once keep each other's games (store_merge takes a setting a
 * session did not set from the file) and release 0.1.0 reads the file as
 * before.  A game solved or cleared away is "set game.ID =", empty.
 */
#define SAVED_PREFIX "game."

/*
 * Keeps g as the game of puzzle id in st (not saved yet: store_save).
 * Returns 0, or -1 for a name the store cannot hold or no memory.
 */
int saved_put(struct store *st, const char *id, const struct saved_game *g);

/* Forgets the game of puzzle id: 1 when there was one, 0 when not, -1 out of memory. */
int saved_drop(struct store *st, const char *id);

/*
 * The game of puzzle id for an n × n board, in g.  Returns 1 when there is
 * one, 0 when there is none, -1 when its line is damaged or of another size,
 * with what is wrong in why ("the time is not a number").
 */
int saved_get(const struct store *st, const char *id, int n, struct saved_game *g,
              char *why, size_t whylen);

/* The setting's text for g, in buf (len bytes; 256 hold any). */
void saved_format(const struct saved_game *g, char *buf, size_t len);

/* Reads text (saved_format's) for an n × n board into g; as saved_get. */
int saved_parse(const char *text, int n, struct saved_game *g, char *why, size_t whylen);

#endif
