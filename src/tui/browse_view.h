/* Drawing the Browse screen: one board, the gallery, the classes, a class's members. */
#ifndef NQ_BROWSE_VIEW_H
#define NQ_BROWSE_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "browse_model.h"
#include "enumerate.h"

/* What drawing keeps: the squares of a board, and where the small boards went. */
struct browse_drawing {
	uint16_t cells[ENUM_MAX_N * ENUM_MAX_N];
	/* The grid of small boards, for the mouse: its corner, a cell, the step. */
	int gx0, gy0, cell_w, cell_h, step_x, step_y, cols, rows;
	bool boards; /* the classes are drawn as boards, not as the table */
};

/*
 * Draws the model but for the key line; prompt, when not NULL, is the line
 * being typed, shown in place of the message.
 */
void browse_view_draw(struct browse_drawing *v, struct browse_model *m,
                      const char *prompt);

/* The place on the page of the small board under a screen cell, or -1. */
int browse_view_hit(const struct browse_drawing *v, const struct browse_model *m,
                    int line, int col);

#endif
