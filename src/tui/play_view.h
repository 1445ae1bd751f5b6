/* Drawing the Play screen from its model: the board, the status, the framed column, the
 * banner. */
#ifndef NQ_PLAY_VIEW_H
#define NQ_PLAY_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board.h"
#include "tui/keymap.h"
#include "tui/layout.h"
#include "tui/play_model.h"
#include "engine/puzzle.h"

/*
 * A window this tall, with room beside the board, frames the status in a
 * column with the classes found under it as small boards: up to FOUND_MAX
 * of them, for boards up to FOUND_MAX_N (whose classes are listed at once).
 */
#define FRAME_MIN_LINES 30
#define FOUND_MAX 24
#define FOUND_MAX_N 12

/* How long the banner across a solved board stays, by the game's clock. */
#define PLAY_BANNER_MS 4000

/* The screen: the model, and how its solved board is told. */
struct play {
	struct play_model m;
	bool bell;            /* ring when a board is solved */
	unsigned solved_seen; /* the model's solved-board events told so far */
	/*
	 * A solve just made: the banner across the board since banner_ms (by
	 * the game's clock, which the tests stop), the cursor hidden, both
	 * until a key.
	 */
	bool banner, cursor_hidden;
	long long banner_ms;
	long long due_ms; /* when the screen changes by itself next; 0: to work out */
	int from[PUZZLE_MAX_N]; /* the queens Watch is asked to start from */
	/*
	 * A board too large to show whole: the first file and rank shown, kept
	 * from one frame to the next so that the view moves only when the
	 * cursor leaves it; scroll_n is the size they are for.
	 */
	int first_file, first_rank, scroll_n;
	/*
	 * The classes found of this size, for the framed column of a large
	 * window: their representatives, the one just solved first; found
	 * again when the size, the count or the class solved changes.
	 */
	struct found {
		int n, count;
		size_t known;
		uint64_t current;
		uint64_t index[FOUND_MAX];
		int ranks[FOUND_MAX][FOUND_MAX_N];
	} found;
};

/* Whether the banner shows now: for its moment after a solve, by the game's clock. */
bool play_view_banner_up(const struct play *p);

/*
 * Before a draw in r: a board that scrolls follows the cursor from where
 * it was, and the classes found are listed again when the framed column
 * shows them.
 */
void play_view_follow(struct play *p, struct layout_rect r);

/* Draws the screen in r: the title, the board, its status, the banner, the message, keys'
 * hints. */
void play_view_draw(const struct play *p, struct layout_rect r,
                    const struct keymap *keys);

/* The square under a click at (line, col), where play_view_draw put the board in r. */
bool play_view_board_at(const struct play *p, struct layout_rect r, int line, int col,
                        struct square *sq);

#endif
