/* Sharing a window among a screen's regions by priority: a widget that draws nothing. */
#ifndef NQ_LAYOUT_H
#define NQ_LAYOUT_H

#include <stdbool.h>

/*
 * One region along one axis: the lines of a column, or the columns of a
 * row.  A screen says what each region needs and wants; layout_share says
 * what each gets.
 */
struct layout_region {
	int min;    /* the least it can be shown in; 0: it may be empty */
	int pref;   /* the size it wants, at least min */
	int prio;   /* the order regions are served in, 0 first */
	int grow;   /* its weight in what is left once every region has its pref */
	int gap;    /* blank lines before it when a region is shown before it */
	int narrow; /* how many columns short of its preferred width it is, for
	               layout_compare: each counts as a line short of its pref */

	/* Set by layout_share. */
	bool shown; /* it got its minimum */
	int size;   /* what it got, from min up; 0 when not shown */
	int gapped; /* the blank lines it got before it */
	int missed; /* and those of its gap it did not get */
	int at;     /* where it starts, after its gap; -1 when not shown */
};

/*
 * Shares span lines (or columns) from start among count regions, in four
 * rounds: each region in order of priority gets its minimum, if that still
 * fits, else nothing at all; then each in the same order grows toward its
 * preferred size; then the gaps between the shown regions, in the same
 * order; what is left then goes to the regions that grow, by weight.  The
 * regions are placed in the order given, whatever their priorities.
 */
void layout_share(struct layout_region *r, int count, int start, int span);

/*
 * Which of two sharings of the same regions (the same count, in the same
 * order) serves them better, by the rounds of layout_share: in order of
 * priority, a region shown beats one not shown; then, in the same order,
 * the one nearer its preferred size (and width); then the more gaps given; then the
 * more room to the regions that grow.  Negative when a is better, positive
 * when b is, 0 when they are as good.
 */
int layout_compare(const struct layout_region *a, const struct layout_region *b,
                   int count);

/* A rectangle of the window: top line, left column, lines, columns. */
struct layout_rect {
	int y, x, h, w;
};

#define LAYOUT_PANELS_MAX 8
#define LAYOUT_SIZES_MAX 24

/*
 * A board, or anything else drawn at one of a few fixed sizes: a screen
 * lists them, and says which of them show it whole and which read well.
 */
struct layout_board {
	int nsizes;
	struct layout_size {
		int h, w;
	} sizes[LAYOUT_SIZES_MAX]; /* smallest first */
	int whole;    /* the first size that shows all of it (before: it scrolls) */
	int readable; /* the first size that reads well */
	int prio;     /* of its minimum (whole) and its preferred size (readable) */

	/* Set by layout_board. */
	int size; /* the index of the size chosen */
	struct layout_rect at;
};

/*
 * What something drawn at fixed sizes takes in a rectangle of h lines and
 * w columns, into *got: 1 when all of it shows, 0 when a part of it does
 * (it scrolls), -1 when none.
 */
typedef int layout_fit_fn(void *ctx, int h, int w, struct layout_size *got);

/*
 * Lists the sizes fit gives within maxh lines and maxw columns: every size
 * that shows it whole (each height, and at each height the narrower ones),
 * smallest first; when none does, the sizes it scrolls in at widths from a
 * dozen columns to maxw.  Sets whole; readable is the first size, for the
 * screen to change.
 */
void layout_board_sizes(struct layout_board *b, int maxh, int maxw, layout_fit_fn *fit,
                        void *ctx);

/*
 * A panel: text whose lines depend on the width of its column, which
 * measure tells, with how many it needs at least and how many it wants.
 */
struct layout_panel {
	bool present; /* false: the screen does not show it now */
	int prio, gap;
	int min_w, pref_w; /* columns */
	void (*measure)(const void *ctx, int width, int *min, int *pref);
	const void *ctx;

	/* Set by layout_board. */
	bool shown;
	struct layout_rect at;
};

/*
 * Where each panel goes in one arrangement: column 0 is under the board (as
 * wide as the board when a column is beside it, else as the area), columns
 * 1 to 3 stand beside it from left to right; -1 leaves a panel out.
 */
struct layout_arrangement {
	signed char column[LAYOUT_PANELS_MAX];
};

/*
 * Lays out a board at the top left of area and the panels round it, gap
 * columns apart: every size of the board in every arrangement is tried,
 * the columns beside the board shared by layout_share across, the panels
 * of each column down it, and the best by layout_compare is kept (the
 * board counting as a region that grows, served at its priority).  Sets
 * the board's and the panels' places; returns the arrangement chosen, or
 * -1 when the board has no size.
 */
int layout_board(struct layout_board *b, struct layout_panel *p, int np,
                 const struct layout_arrangement *arr, int narr, struct layout_rect area,
                 int gap);

#endif
