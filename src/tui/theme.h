/* Colours by named theme with a monochrome fallback, and UTF-8 glyphs with an ASCII set.
 */
#ifndef NQ_THEME_H
#define NQ_THEME_H

#include <stdbool.h>

#include "settings.h"

/*
 * Every coloured thing on screen but the squares of a board, with its colour
 * pair on a terminal of 8 colours or more and the attribute that stands for
 * it on one without colours (or under NO_COLOR).  The board's items (LIGHT
 * to LEFT) take their colours from the theme's board palette, as
 * theme_square gives them, so that a screen that marks text with them
 * matches the board; the board itself is drawn with theme_square.
 *      name          foreground      background     monochrome
 */
#define THEME_ITEMS(X)                                                                   \
	X(NORMAL, COLOR_WHITE, -1, A_NORMAL)                                             \
	X(LIGHT, -1, -1, A_NORMAL)                                                       \
	X(DARK, -1, -1, A_REVERSE)                                                       \
	X(QUEEN_LIGHT, -1, -1, A_BOLD)                                                   \
	X(QUEEN_DARK, -1, -1, A_BOLD | A_REVERSE)                                        \
	X(ATTACKED, -1, -1, A_DIM)                                                       \
	X(PREVIEW, -1, -1, A_UNDERLINE)                                                  \
	X(CONFLICT, -1, -1, A_BOLD | A_UNDERLINE)                                        \
	X(CONFLICT_LINE, -1, -1, A_UNDERLINE | A_DIM)                                    \
	X(CURSOR, -1, -1, A_BOLD)                                                        \
	X(SOLVED, -1, -1, A_BOLD | A_STANDOUT)                                           \
	X(HINT, -1, -1, A_STANDOUT)                                                      \
	X(LOCKED, -1, -1, A_BOLD | A_UNDERLINE)                                          \
	X(TRY, -1, -1, A_REVERSE)                                                        \
	X(REJECT, -1, -1, A_REVERSE)                                                     \
	X(LEFT, -1, -1, A_DIM)                                                           \
	X(LABEL, COLOR_CYAN, -1, A_NORMAL)                                               \
	X(TITLE, COLOR_YELLOW, -1, A_BOLD)                                               \
	X(STATUS, COLOR_BLACK, COLOR_CYAN, A_REVERSE)                                    \
	X(GOOD, COLOR_GREEN, -1, A_BOLD)                                                 \
	X(BAD, COLOR_RED, -1, A_BOLD)                                                    \
	X(DIMMED, COLOR_WHITE, -1, A_DIM)                                                \
	X(SELECTED, COLOR_BLACK, COLOR_YELLOW, A_REVERSE)                                \
	X(KEY, COLOR_YELLOW, -1, A_BOLD)                                                 \
	X(BANNER, COLOR_BLACK, COLOR_GREEN, A_REVERSE | A_BOLD)

enum theme_item {
#define X(name, fg, bg, mono) THEME_##name,
	THEME_ITEMS(X)
#undef X
	        THEME_COUNT
};

/*
 * The tints of a board's squares, from none to the strongest layer.  Each
 * theme has a light and a dark tint of each, so that the checkerboard stays
 * visible under them; in monochrome a tint is an attribute added to the
 * square's own (a dark square is drawn in reverse).
 */
enum theme_tint {
	THEME_TINT_PLAIN,
	THEME_TINT_ATTACKED, /* an empty square a queen attacks: greyed */
	THEME_TINT_PREVIEW,  /* on a line through the cursor */
	THEME_TINT_LINE,     /* between two queens in conflict, or an attack */
	THEME_TINT_CONFLICT, /* a queen in conflict, a refused square, its attacker */
	THEME_TINT_HINT,
	THEME_TINT_LEFT,   /* the square the search just backtracked from */
	THEME_TINT_CURSOR, /* the cursor, or the square the search tries */
	THEME_TINT_LOCKED, /* a given queen of a puzzle */
	THEME_TINT_SOLVED, /* a queen of a solved board, lit */
	THEME_TINT_TRACKED, /* the queen a class's members let the eye follow */
	THEME_TINTS
};

/* What is drawn on a square: a placed queen, a tried one, or a mark. */
enum theme_ink { THEME_INK_QUEEN, THEME_INK_GHOST, THEME_INK_MARK };

/* The glyphs that differ between a UTF-8 terminal and a plain ASCII one. */
struct theme_glyphs {
	const char *queen;    /* a queen */
	const char *tried;    /* a queen the search tries, not placed */
	const char *attacked; /* the mark on an attacked empty square */
	const char *hint;     /* the mark of a hinted square */
	const char *rejected; /* a square tried and refused */
	const char *left;     /* the square the search just took a queen from */
	const char *horiz;    /* box drawing */
	const char *vert;
	const char *bullet;
	const char *branch;   /* a later child in the drawn search tree */
	const char *solution; /* the mark of a solution in that tree */
};

/*
 * Sets up colours (after initscr), in the first theme: none when no_color
 * is set, NO_COLOR is in the environment or the terminal has none; ASCII
 * glyphs when ascii is set or the locale's character set is not UTF-8.
 */
void theme_init(bool no_color, bool ascii);

/*
 * Draws in theme t (enum settings_theme) from the next frame on.  With 256
 * colours or more each theme has its own palette; with fewer, one 8-colour
 * palette serves them all; without colours the choice changes nothing.
 */
void theme_set(int t);
int theme_current(void);

/* How many colours the themes use: 256, 8, or 0 (monochrome). */
int theme_colors(void);

/* The curses attribute (colour pair or monochrome attribute) of an item. */
int theme_attr(enum theme_item item);

/* The attribute of a board square: its colour in tint, light or dark, inked for what. */
int theme_square(enum theme_tint tint, bool dark, enum theme_ink ink);

bool theme_has_color(void);
bool theme_is_ascii(void);
const struct theme_glyphs *theme_glyphs(void);

#endif
