/* The one board renderer: any board, with highlight layers, in a rectangle. */
#ifndef NQ_BOARDVIEW_H
#define NQ_BOARDVIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/board.h"

/* What a square is; a screen sets these, the renderer decides the look. */
enum boardview_flag {
	BV_QUEEN = 1 << 0,          /* a queen stands here */
	BV_ATTACKED = 1 << 1,       /* a placed queen attacks this square */
	BV_PREVIEW = 1 << 2,        /* on a line through the cursor */
	BV_CONFLICT = 1 << 3,       /* a queen attacked by another queen */
	BV_CLASH_RANK = 1 << 4,     /* between two queens in conflict on a rank */
	BV_HINT = 1 << 5,           /* a suggested square */
	BV_LOCKED = 1 << 6,         /* a given queen of a puzzle */
	BV_TRY = 1 << 7,            /* the search is trying this square */
	BV_REJECT = 1 << 8,         /* the search refused this square */
	BV_ATTACKER = 1 << 9,       /* the queen that refuses the tried square */
	BV_LEFT = 1 << 10,          /* the square the search just backtracked from */
	BV_SOLVED = 1 << 11,        /* a queen of a solved board, lit */
	BV_TRACKED = 1 << 12,       /* the queen followed from board to board */
	BV_CLASH_FILE = 1 << 13,    /* ... on a file */
	BV_CLASH_RISING = 1 << 14,  /* ... on a diagonal rising to the right */
	BV_CLASH_FALLING = 1 << 15, /* ... on one falling to the right */
	/* Between two queens in conflict, on any line: a square may be on
	 * several, each drawn in its own direction. */
	BV_CONFLICT_LINE =
	        BV_CLASH_RANK | BV_CLASH_FILE | BV_CLASH_RISING | BV_CLASH_FALLING,
};

/*
 * What a hint of Queens with regions does to a square: reasons on it, strikes it, or
 * puts its queen there.
 */
enum boardview_lit { BV_LIT_NONE, BV_LIT_USES, BV_LIT_STRIKES, BV_LIT_PLACES };

struct boardview {
	/* Set by the screen. */
	int n;
	const uint16_t *cells; /* n*n flags, index file * n + rank */
	/*
	 * Queens with regions: n*n regions (0..n-1, file * n + rank) drawn as
	 * their colours and as lines between the squares, heavy where two
	 * regions meet; or NULL for a checkerboard.  letters puts a region's
	 * letter in each empty square (no colours, or ASCII); lit says what
	 * the hint shown does to each square (enum boardview_lit), or NULL.
	 */
	const uint8_t *region;
	const uint8_t
	        *colour; /* by region: its colour (theme_region's g), or NULL: its own */
	bool letters;
	const uint8_t *lit;
	/* n*n squares the player marked "no queen here" (Play), or NULL. */
	const bool *marked;
	struct square cursor;
	bool show_cursor;
	bool thin; /* squares one column wide may be chosen, when no other fits */
	int top, left, height, width; /* the rectangle to draw in */

	/* Set by boardview_layout. */
	int cw, ch;  /* the size of one square in cells */
	bool grid;   /* regions with lines between squares: cw, ch count one */
	int label_w; /* the width of the rank numbers */
	int first_file, first_rank; /* the lowest file and rank shown */
	int files, ranks;           /* how many are shown */
	int org_y, org_x;           /* the screen cell of the top-left square */
};

/*
 * Picks the largest square size that fits the rectangle, or scrolls so that
 * the cursor stays in view when even the smallest does not.  Returns -1 when
 * the rectangle cannot hold a single square with its labels.
 */
int boardview_layout(struct boardview *bv);

/*
 * The rectangle the board as laid out takes, its rank numbers and file
 * letters included (call boardview_layout first).
 */
void boardview_extent(const struct boardview *bv, int *height, int *width);

/* Draws the board as laid out (call boardview_layout first). */
void boardview_draw(const struct boardview *bv);

/* The square under a screen cell, if any. */
bool boardview_hit(const struct boardview *bv, int line, int col, struct square *sq);

/*
 * A board too large for a square a cell, drawn whole in a rectangle: each
 * character holds a block of squares as Unicode braille dots (2 by 4 dots,
 * a dot lit when a queen stands in its block), or in ASCII as a density
 * mark.  Queens are given by file (ranks[f], -1 for none); attacked[f] draws
 * the queen of file f in the conflict colour.  Returns the side of the block
 * of squares a dot (in ASCII, a half character) stands for, and sets cols and
 * rows to the size drawn.
 */
struct boardview_overview {
	int n;
	const int *ranks;
	const bool *attacked; /* may be NULL */
	int top, left, height, width;
	int cols, rows; /* set by boardview_overview_draw */
};
int boardview_overview_draw(struct boardview_overview *ov);

/* The smallest rectangle that shows an n×n board without scrolling. */
void boardview_min_size(int n, int *height, int *width);

/*
 * What the board takes when laid out in a rectangle of height lines and
 * width columns (its squares, labels and file letters), for a layout to
 * compare sizes: 1 when it shows whole, 0 when it scrolls, -1 when it
 * cannot be drawn there.  Draws nothing; bv itself is not changed.
 */
int boardview_fit(const struct boardview *bv, int height, int width, int *h, int *w);

struct search_event;

/*
 * Marks on cells (n x n, file * n + rank, n at most BOARDVIEW_EVENT_MAX_N) what a
 * search's last event did: the square tried or placed, a refusal with its
 * attacker and the squares between them, the square just left.  Watch and
 * the race draw a search's board with it.
 */
#define BOARDVIEW_EVENT_MAX_N 32
void boardview_mark_event(uint16_t *cells, int n, const struct search_event *ev);

/*
 * Marks on cells (n x n, n at most BOARDVIEW_EVENT_MAX_N) the squares between
 * a and b, two queens in conflict, with the line they share: BV_CLASH_RANK,
 * _FILE, _RISING or _FALLING.
 */
void boardview_mark_between(uint16_t *cells, int n, struct square a, struct square b);

#endif
