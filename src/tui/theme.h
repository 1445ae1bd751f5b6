/* Colours by theme and by what the terminal has; UTF-8 glyphs and an ASCII set. */
#ifndef NQ_THEME_H
#define NQ_THEME_H

#include <stdbool.h>

#include "engine/settings.h"

/*
 * Every coloured thing on the screen but the squares of a board, by what it
 * is; the theme gives each its colours, and the attribute that stands for
 * it without colours (or under NO_COLOR).  The items from LIGHT to LEFT are
 * a board's squares and marks as text (theme_square draws the board), so
 * that a screen that marks words with them matches the board.
 *      name          monochrome
 */
#define THEME_ITEMS(X)                                                                   \
	X(NORMAL, A_NORMAL)               /* text on the window's background */          \
	X(LIGHT, A_NORMAL)                /* a light square */                           \
	X(DARK, A_REVERSE)                /* a dark square */                            \
	X(QUEEN_LIGHT, A_BOLD)            /* a queen on a light square */                \
	X(QUEEN_DARK, A_BOLD | A_REVERSE) /* a queen on a dark square */                 \
	X(ATTACKED, A_NORMAL)             /* the mark of an attacked square */           \
	X(PREVIEW, A_BOLD)                /* a line through the cursor */                \
	X(CONFLICT, A_BOLD | A_UNDERLINE) /* a queen in conflict */                      \
	X(CONFLICT_LINE, A_BOLD)          /* the line between two of them */             \
	X(CURSOR, A_BOLD)                 /* the cursor */                               \
	X(SOLVED, A_BOLD | A_REVERSE)     /* a queen of a solved board, lit */           \
	X(HINT, A_BOLD)                   /* a hinted square */                          \
	X(LOCKED, A_BOLD)                 /* a given queen */                            \
	X(TRY, A_REVERSE)                 /* the square the search tries */              \
	X(REJECT, A_BOLD | A_UNDERLINE)   /* a square it refuses */                      \
	X(LEFT, A_DIM)                    /* the square it just left */                  \
	X(LABEL, A_NORMAL)                /* a board's rank numbers and file letters */  \
	X(TITLE, A_BOLD)                  /* a screen's title, a panel's heading */      \
	X(STATUS, A_REVERSE)              /* the key line */                             \
	X(GOOD, A_BOLD)                   /* a verdict that is good news */              \
	X(BAD, A_BOLD)                    /* one that is not, an error */                \
	X(DIMMED, A_DIM)                  /* what matters less: notes, faded parts */    \
	X(SELECTED, A_REVERSE)            /* the chosen entry, the line being run */     \
	X(KEY, A_BOLD)                    /* a key, a prompt, what is current */         \
	X(BANNER, A_BOLD | A_REVERSE)     /* the banner of a solved board */

enum theme_item {
#define X(name, mono) THEME_##name,
	THEME_ITEMS(X)
#undef X
	        THEME_COUNT
};

/*
 * The background of a square: the checkerboard's two colours, and three
 * that stand out from it.  A board shows at most four at once (a solved
 * board has no conflict); every other layer is a mark drawn on the square.
 */
enum theme_ground {
	THEME_GROUND_PLAIN,    /* light or dark, as the square is */
	THEME_GROUND_CURSOR,   /* the cursor, or the square the search tries */
	THEME_GROUND_CONFLICT, /* a queen in conflict, a refused square, its attacker */
	THEME_GROUND_LIT,      /* a queen of a solved board, lit */
	THEME_GROUND_TRACKED,  /* the queen a class's members let the eye follow */
	THEME_GROUNDS
};

/* What is drawn on a square, each in an ink of its own that reads on it. */
enum theme_ink {
	THEME_INK_QUEEN, /* a placed queen; the cursor's and a conflict's frame */
	THEME_INK_GHOST, /* a queen the search tries, not placed */
	THEME_INK_MARK,  /* the mark of an attacked square */
	THEME_INK_LINE,  /* a line through the cursor */
	THEME_INK_CLASH, /* the line between two queens in conflict */
	THEME_INK_HINT,  /* a hinted square */
	THEME_INK_LEFT,  /* the square the search just left */
	THEME_INK_GIVEN, /* a given queen of a puzzle, and its frame */
	THEME_INKS
};

/* The glyphs that differ between a UTF-8 terminal and a plain ASCII one. */
struct theme_glyphs {
	const char *queen;          /* a queen */
	const char *tried;          /* a queen the search tries, not placed */
	const char *attacked;       /* the mark on an attacked empty square */
	const char *attacked_large; /* the same on a square of 4 lines or more */
	const char *hint;           /* the mark of a hinted square */
	const char *rejected;       /* a square tried and refused */
	const char *left;           /* the square the search just took a queen from */
	const char *horiz;          /* box drawing */
	const char *vert;
	const char *bullet;
	const char *branch;   /* a later child in the drawn search tree */
	const char *solution; /* the mark of a solution in that tree */
	/* A line through a square: along a rank, a file, and the two diagonals
	 * (rising to the right, falling to the right); heavy for a conflict. */
	const char *line[4], *heavy[4];
};

/*
 * Sets up colours (after initscr), in the first theme: none when no_color
 * is set, NO_COLOR is in the environment or the terminal has none; ASCII
 * glyphs when ascii is set or the locale's character set is not UTF-8.
 */
void theme_init(bool no_color, bool ascii);

/*
 * Draws in theme t (enum settings_theme) from the next frame on.  Each
 * theme has a palette for 256 colours or more, one for 16 and one for 8;
 * without colours the choice changes nothing.
 */
void theme_set(int t);
int theme_current(void);

/*
 * Whether the theme paints its own background over the whole window (the
 * default) or keeps the terminal's (enum settings_background); with the
 * terminal's, every colour is one that reads on black and on white.
 */
void theme_set_background(int b);

/* How many colours the palettes use: 256, 16, 8, or 0 (monochrome). */
int theme_colors(void);

/* The curses attribute (colour pair or monochrome attribute) of an item. */
int theme_attr(enum theme_item item);

/*
 * The attribute of a role a model gives its words: theme_attr's, but plain
 * text (THEME_NORMAL) takes the window's own, as the frame's words do.
 */
int theme_role(enum theme_item role);

/*
 * The attribute of what is drawn on a square: ink on ground, on a light or
 * a dark square (a ground of its own colour keeps the square's parity in
 * monochrome, where a dark square is drawn in reverse video).
 */
int theme_square(enum theme_ground ground, bool dark, enum theme_ink ink);

/*
 * Queens with regions: the ground of region g (0..15) and what is drawn
 * on it in ink (a queen, a mark, a letter: each reads on every region's
 * colour at 3:1 or more, tests/test_theme.c).  The colours go round again
 * after theme_region_colours() of them (12 with 256 or 16 colours, 6 with
 * 8, none in monochrome, where the attribute is the ink's alone).
 */
int theme_region(int g, enum theme_ink ink);
int theme_region_colours(void);
/*
 * The name of region g's colour for the hints' words ("purple"), or NULL
 * when the regions of a board of n are not each their own colour (no
 * colours, or too few): then they are named by letter.
 */
const char *theme_region_name(int g, int n);

/*
 * The colours of the regions of a board of n (region[] as the engine's,
 * rank * n + file) into colour[g]: each its own when there are enough,
 * else chosen so that regions side by side differ (greedily, the regions
 * with most neighbours first).  Returns whether each region has a colour
 * of its own, so that names can tell them apart.
 */
bool theme_region_colouring(int n, const unsigned char *region, unsigned char *colour);

bool theme_has_color(void);
bool theme_is_ascii(void);
const struct theme_glyphs *theme_glyphs(void);

#endif
