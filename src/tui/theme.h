/* Colours with a monochrome fallback, and UTF-8 glyphs with an ASCII set. */
#ifndef NQ_THEME_H
#define NQ_THEME_H

#include <stdbool.h>

/*
 * Every coloured thing on screen, with its colour pair and the attribute
 * that stands for it on a terminal without colours (or under NO_COLOR).
 *      name          foreground      background     monochrome
 */
#define THEME_ITEMS(X)                                                                   \
	X(NORMAL, COLOR_WHITE, -1, A_NORMAL)                                             \
	X(LIGHT, COLOR_BLACK, COLOR_WHITE, A_NORMAL)                                     \
	X(DARK, COLOR_WHITE, COLOR_BLUE, A_REVERSE)                                      \
	X(QUEEN_LIGHT, COLOR_BLACK, COLOR_WHITE, A_BOLD)                                 \
	X(QUEEN_DARK, COLOR_YELLOW, COLOR_BLUE, A_BOLD | A_REVERSE)                      \
	X(ATTACKED, COLOR_BLACK, COLOR_CYAN, A_DIM)                                      \
	X(PREVIEW, COLOR_BLACK, COLOR_GREEN, A_UNDERLINE)                                \
	X(CONFLICT, COLOR_WHITE, COLOR_RED, A_BOLD | A_UNDERLINE)                        \
	X(CONFLICT_LINE, COLOR_RED, COLOR_YELLOW, A_UNDERLINE | A_DIM)                   \
	X(CURSOR, COLOR_BLACK, COLOR_YELLOW, A_BOLD)                                     \
	X(SOLVED, COLOR_BLACK, COLOR_GREEN, A_BOLD | A_STANDOUT)                         \
	X(HINT, COLOR_BLACK, COLOR_MAGENTA, A_STANDOUT)                                  \
	X(LOCKED, COLOR_WHITE, COLOR_BLACK, A_BOLD | A_UNDERLINE)                        \
	X(TRY, COLOR_BLACK, COLOR_GREEN, A_REVERSE)                                      \
	X(REJECT, COLOR_WHITE, COLOR_RED, A_REVERSE)                                     \
	X(LEFT, COLOR_BLACK, COLOR_MAGENTA, A_DIM)                                       \
	X(LABEL, COLOR_CYAN, -1, A_NORMAL)                                               \
	X(TITLE, COLOR_YELLOW, -1, A_BOLD)                                               \
	X(STATUS, COLOR_BLACK, COLOR_CYAN, A_REVERSE)                                    \
	X(GOOD, COLOR_GREEN, -1, A_BOLD)                                                 \
	X(BAD, COLOR_RED, -1, A_BOLD)                                                    \
	X(DIMMED, COLOR_WHITE, -1, A_DIM)                                                \
	X(SELECTED, COLOR_BLACK, COLOR_YELLOW, A_REVERSE)                                \
	X(KEY, COLOR_YELLOW, -1, A_BOLD)

enum theme_item {
#define X(name, fg, bg, mono) THEME_##name,
	THEME_ITEMS(X)
#undef X
	        THEME_COUNT
};

/* The glyphs that differ between a UTF-8 terminal and a plain ASCII one. */
struct theme_glyphs {
	const char *queen;    /* a queen */
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
 * Sets up colours (after initscr): none when no_color is set, NO_COLOR is in
 * the environment or the terminal has none; ASCII glyphs when ascii is set or
 * the locale's character set is not UTF-8.
 */
void theme_init(bool no_color, bool ascii);

/* The curses attribute (colour pair or monochrome attribute) of an item. */
int theme_attr(enum theme_item item);

bool theme_has_color(void);
bool theme_is_ascii(void);
const struct theme_glyphs *theme_glyphs(void);

#endif
