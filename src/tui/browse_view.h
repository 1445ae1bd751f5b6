/* Drawing the Browse screen: one board, the gallery, the classes, a class's members. */
#ifndef NQ_BROWSE_VIEW_H
#define NQ_BROWSE_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "tui/browse_model.h"
#include "engine/enumerate.h"

#include "tui/layout.h"

/* A page of small boards laid out in a rectangle. */
struct browse_grid {
	/*
	 * Asked: the boards wanted on a page (in want_cols columns when > 0)
	 * of how many there are in all (when a page may hold them all),
	 */
	int n, want, want_cols;
	uint64_t all;
	/*
	 * the lines under each board (as few as min_lines where room is short)
	 * and the widest of them, and the area.
	 */
	int caption_lines, min_lines, caption_w;
	int top, left, height, width;

	/* Chosen: boards across and down, a board and its cell, the gaps. */
	int cols, rows, bh, bw, cell_h, cell_w, gap_y, gap_x, x0;
	int lines;  /* the caption lines shown */
	bool over;  /* the first caption line where the file letters would be */
	bool terse; /* a class's members: their captions without marks */
};

/* What the layout keeps for drawing and the mouse: the rectangle, the grid. */
struct browse_drawing {
	struct layout_rect r;
	struct browse_grid g; /* the small boards' grid; g.cols 0 when none */
	bool boards;          /* the classes are drawn as boards, not as the table */
};

/*
 * Lays the view out in r: the grid of the page, and the page the model
 * then holds (its boards are found here, never while drawing).
 */
void browse_view_place(struct browse_drawing *v, struct browse_model *m,
                       struct layout_rect r);

/*
 * Draws the model as laid out, but for the key line; prompt, when not
 * NULL, is the line being typed, shown in place of the message.
 */
void browse_view_draw(const struct browse_drawing *v, const struct browse_model *m,
                      const char *prompt);

/* The place on the page of the small board under a screen cell, or -1. */
int browse_view_hit(const struct browse_drawing *v, const struct browse_model *m,
                    int line, int col);

#endif
