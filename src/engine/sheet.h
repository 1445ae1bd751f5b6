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
 * The paper a sheet is printed on.  A page is drawn in user units of
 * SHEET_UNIT_MM (0.25 mm), sized in mm, with margins of SHEET_MARGIN_MM
 * all round: printed at 100% it fits the paper with nothing cut.
 */
enum sheet_paper { SHEET_A4, SHEET_LETTER, SHEET_PAPER_COUNT };
#define SHEET_UNIT_MM 0.25
#define SHEET_MARGIN_MM 15

/* "a4", "letter". */
const char *sheet_paper_name(enum sheet_paper p);

/* The paper's width and height in mm (A4 210 x 297, Letter 215.9 x 279.4). */
void sheet_paper_mm(enum sheet_paper p, double *w, double *h);

/* Parses a4 or letter (any case); -1 for anything else. */
int sheet_paper_parse(const char *s, enum sheet_paper *p);

/*
 * The paper the locale prints on: Letter where the territory of LC_ALL,
 * else LC_PAPER, else LANG (as POSIX orders them, "en_US.UTF-8") is one
 * whose glibc locale says Letter (US, CA, MX, PH, CL, CO, VE, CR, GT, NI,
 * PA, PR, SV, DO), else A4.
 */
enum sheet_paper sheet_paper_default(void);

/*
 * A sheet of boards in rows of `cols` on pages of paper, written as the
 * boards come into one SVG text per page (the number of boards is known at
 * the start, so the pages' count is too): each page headed by the title,
 * footed with "page K of M", its boards as large as fit the printable
 * area (a square SHEET_CELL_MM at least, for boards of up to 43 files), and
 * no board split between pages.  Written by the program itself as SVG 1.1,
 * legible printed in black and white: what colour says, a mark says too.
 */
struct sheet {
	enum sheet_paper paper;
	int n, cols, rows, count, drawn;
	int cell; /* the side of one square, in user units */
	int top;  /* where the first row of boards starts, under the title */
	int board_w, board_h;
	int npages;  /* the pages the count takes */
	char **page; /* each page's SVG text, the last one once sheet_end wrote it */
	int done;    /* the pages written whole */
	FILE *out;   /* the page being written */
	char *buf;
	size_t size;
	bool failed;
	char title[256];
};

/*
 * What each page carries on its third line, within its first
 * SHEET_MARK_WITHIN bytes, then "K of M -->": how the program knows a page
 * it wrote from another file of the name.
 */
#define SHEET_MARK "<!-- nqueens handout page "
#define SHEET_MARK_WITHIN 1024

/* The smallest square a sheet draws when the board fits at that size. */
#define SHEET_CELL_MM 4

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
 * Starts a sheet of count boards of size n on paper, titled title (may be
 * NULL).  Returns 0, or -1 when n or count is past the limits above or
 * memory is short (then sheet_free is all there is to do).
 */
int sheet_begin(struct sheet *sh, enum sheet_paper paper, int n, int count,
                const char *title);

/*
 * Draws the next board: count queens on their squares, what marks says
 * (may be NULL), and a caption under it (text, escaped here).
 */
void sheet_board(struct sheet *sh, const struct square *queens, size_t count,
                 const struct sheet_marks *marks, const char *caption);

/* The same for a board given as 0-based ranks by file (-1: an empty file). */
void sheet_ranks(struct sheet *sh, const int *ranks, const char *caption);

/*
 * Ends the sheet: its pages are page[0 .. npages).  Returns 0, or -1 when
 * writing failed (memory).
 */
int sheet_end(struct sheet *sh);

/* Frees the pages (a sheet zeroed, or begun, ended or not). */
void sheet_free(struct sheet *sh);

/*
 * The sheet of the symmetry classes of n (total solutions in `classes`
 * classes, for the title): each representative under "class 10: 4 members,
 * own 180° turn; 3 5 2 8 1 7 4 6".  Browse's X on the classes and `list N
 * --unique --format svg` both write it, into sh (begun and ended here; to
 * sheet_free).  Returns 0, or -1 when n or the count is past the limits or
 * writing failed.
 */
int sheet_classes(struct sheet *sh, enum sheet_paper paper, int n, uint64_t total,
                  uint64_t classes);

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
int sheet_class(struct sheet *sh, enum sheet_paper paper, int n, uint64_t class_no,
                const struct class_variant *v, int nvar, const uint64_t *index);

/*
 * The listing a Watch frame shows: its text (lines ended by newlines), what
 * it is ("Pseudocode", "Python", "C", "Java") and the line lit (from 1; 0
 * for none).
 */
struct sheet_listing {
	const char *text;
	const char *lang;
	int lit;
};

/*
 * A frame of the Watch screen as a handout on one page of paper: the board
 * (queens placed, the square tried, a refusal's cross and attack line), the
 * call stack, the listing with its line lit (NULL to leave it out), the
 * counters and the narration in full, all from the search s as it stands.
 * title may be NULL.  A frame taller than the page is drawn smaller to fit
 * it.  Returns 0, or -1 when writing failed.
 */
int sheet_watch(FILE *out, enum sheet_paper paper, const struct search *s,
                const struct sheet_listing *listing, const char *title);

#endif
