/* Boards drawn on an SVG sheet, ready for slides and handouts. */
#ifndef NQ_SHEET_H
#define NQ_SHEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "board.h"

/* The largest board a sheet draws, and the most boards on one sheet. */
#define SHEET_MAX_N 64
#define SHEET_MAX_BOARDS 10000

/*
 * A sheet of boards in rows of `cols`, written as the boards come: the
 * number of boards must be known at the start, since SVG names its size
 * first.  Written by the program itself as SVG 1.1.
 */
struct sheet {
	FILE *out;
	int n, cols, count, drawn;
	int cell; /* the side of one square, in user units */
	int top;  /* where the first row of boards starts, under the title */
	int board_w, board_h;
};

/*
 * Starts a sheet of count boards of size n, titled title (may be NULL).
 * Returns 0, or -1 when n or count is past the limits above.
 */
int sheet_begin(struct sheet *sh, FILE *out, int n, int count, const char *title);

/*
 * Draws the next board: count queens on their squares, the squares marked
 * (may be NULL: n * n flags, file major) in the conflict colour, and a
 * caption under it (text, escaped here).
 */
void sheet_board(struct sheet *sh, const struct square *queens, size_t count,
                 const bool *marked, const char *caption);

/* The same for a board given as 0-based ranks by file (-1: an empty file). */
void sheet_ranks(struct sheet *sh, const int *ranks, const char *caption);

/* Ends the sheet; returns 0, or -1 when writing failed. */
int sheet_end(struct sheet *sh);

#endif
