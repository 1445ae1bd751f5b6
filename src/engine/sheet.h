/* Boards drawn on an SVG sheet, ready for slides and handouts. */
#ifndef NQ_SHEET_H
#define NQ_SHEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/board.h"
#include "engine/classes.h"
#include "engine/search.h"

/* The largest board a sheet draws, and the most boards on one sheet. */
#define SHEET_MAX_N 64
#define SHEET_MAX_BOARDS 10000

/*
 * A sheet of boards in rows of `cols`, written as the boards come: the
 * number of boards must be known at the start, since SVG names its size
 * first.  Written by the program itself as SVG 1.1, legible printed in
 * black and white: what colour says, a mark says too.
 */
struct sheet {
	FILE *out;
	int n, cols, count, drawn;
	int cell; /* the side of one square, in user units */
	int top;  /* where the first row of boards starts, under the title */
	int board_w, board_h;
};

/* What a board shows besides its queens; a zeroed one shows nothing more. */
struct sheet_marks {
	/* Pairs of queens that attack each other: a cross on each, the line between. */
	const struct board_conflict *conflicts;
	size_t nconflicts;
	/* A queen to follow from board to board: tinted and ringed the same on each. */
	bool tracked_on;
	struct square tracked;
	/* A square the search tries: a queen in outline (not placed). */
	bool tried_on;
	struct square tried;
	/* The square tried is refused by the queen on by: a cross, the line from by. */
	bool refused;
	struct square by;
};

/*
 * Starts a sheet of count boards of size n, titled title (may be NULL).
 * Returns 0, or -1 when n or count is past the limits above.
 */
int sheet_begin(struct sheet *sh, FILE *out, int n, int count, const char *title);

/*
 * Draws the next board: count queens on their squares, what marks says
 * (may be NULL), and a caption under it (text, escaped here).
 */
void sheet_board(struct sheet *sh, const struct square *queens, size_t count,
                 const struct sheet_marks *marks, const char *caption);

/* The same for a board given as 0-based ranks by file (-1: an empty file). */
void sheet_ranks(struct sheet *sh, const int *ranks, const char *caption);

/* Ends the sheet; returns 0, or -1 when writing failed. */
int sheet_end(struct sheet *sh);

/*
 * The sheet of the symmetry classes of n (total solutions in `classes`
 * classes, for the title): each representative under "class 10: 4 members,
 * own 180° turn; 3 5 2 8 1 7 4 6".  Browse's X on the classes and `list N
 * --unique --format svg` both write it.  Returns 0, or -1 when n or the
 * count is past the limits or writing failed.
 */
int sheet_classes(FILE *out, int n, uint64_t total, uint64_t classes);

/*
 * One member of class class_no (1-based) on a sheet begun for it: v[i] of
 * the nvar that classes_variants made (v[0] the representative), captioned
 * with every transform that makes it ("class 10: id = rot180, #14"; index
 * 0 leaves the number out), the representative's queen on file a tracked.
 */
void sheet_member(struct sheet *sh, uint64_t class_no, const struct class_variant *v,
                  int i, uint64_t index);

/*
 * A sheet of one class's members (index[i] the solution number of v[i], 0
 * or a NULL index when not known), titled with the class, its members and
 * its symmetry.  Returns 0, or -1 as sheet_classes.
 */
int sheet_class(FILE *out, int n, uint64_t class_no, const struct class_variant *v,
                int nvar, const uint64_t *index);

/*
 * A frame of the Watch screen as a handout: the board (queens placed, the
 * square tried, a refusal's cross and attack line), the call stack, the
 * listing with the line the last event runs lit (listing: the text of
 * data/pseudocode/NAME.txt, or NULL to leave it out), the counters and the
 * narration in full, all from the search s as it stands.  title may be
 * NULL.  Returns 0, or -1 when writing failed.
 */
int sheet_watch(FILE *out, const struct search *s, const char *listing,
                const char *title);

#endif
