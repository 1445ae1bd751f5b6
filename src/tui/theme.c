/* Colours by named theme with a monochrome fallback, and UTF-8 glyphs with an ASCII set.
 */
#include "config.h"

#include "theme.h"

#include <curses.h>
#include <langinfo.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	short fg, bg;
	int mono;
} items[THEME_COUNT] = {
#define X(name, f, b, m) [THEME_##name] = {f, b, m},
        THEME_ITEMS(X)
#undef X
};

/*
 * A board palette: the background of each tint on a light and on a dark
 * square, and the ink drawn on it (queens, marks, the cursor's corners).
 * Colours are xterm's 256: 16 + 36r + 6g + b with r, g, b in 0..5 for the
 * cube (levels 0, 95, 135, 175, 215, 255), 232..255 the greys.  Every tint
 * of a light square is lighter than the same tint of a dark one, and the
 * ink stands out on all of them (a contrast ratio of 3 or more, mostly 5).
 */
struct palette {
	short bg[THEME_TINTS][2];
	short ink[THEME_TINTS];
};

#define INKS(c)                                                                          \
	{                                                                                \
		c, c, c, c, c, c, c, c, c, c, c                                          \
	}

static const struct palette palettes[SETTINGS_THEMES] =
        {
                /* Cream and sage; attacked squares greyed, the cursor's lines blue. */
                [SETTINGS_THEME_CALM] =
                        {
                                .bg =
                                        {
                                                [THEME_TINT_PLAIN] = {187, 108},
                                                [THEME_TINT_ATTACKED] = {188, 102},
                                                [THEME_TINT_PREVIEW] = {189, 110},
                                                [THEME_TINT_LINE] = {181, 138},
                                                [THEME_TINT_CONFLICT] = {210, 167},
                                                [THEME_TINT_HINT] = {157, 72},
                                                [THEME_TINT_LEFT] = {182, 139},
                                                [THEME_TINT_CURSOR] = {222, 179},
                                                [THEME_TINT_LOCKED] = {230, 144},
                                                [THEME_TINT_SOLVED] = {120, 71},
                                                [THEME_TINT_TRACKED] = {219, 176},
                                        },
                                .ink = INKS(235),
                        },
                /* The wooden board: beige and brown. */
                [SETTINGS_THEME_WOOD] =
                        {
                                .bg =
                                        {
                                                [THEME_TINT_PLAIN] = {223, 137},
                                                [THEME_TINT_ATTACKED] = {180, 95},
                                                [THEME_TINT_PREVIEW] = {189, 103},
                                                [THEME_TINT_LINE] = {217, 131},
                                                [THEME_TINT_CONFLICT] = {210, 167},
                                                [THEME_TINT_HINT] = {193, 107},
                                                [THEME_TINT_LEFT] = {225, 139},
                                                [THEME_TINT_CURSOR] = {221, 178},
                                                [THEME_TINT_LOCKED] = {230, 144},
                                                [THEME_TINT_SOLVED] = {150, 65},
                                                [THEME_TINT_TRACKED] = {153, 74},
                                        },
                                .ink = INKS(234),
                        },
                /* Greys for a dark room, cream queens. */
                [SETTINGS_THEME_NIGHT] =
                        {
                                .bg =
                                        {
                                                [THEME_TINT_PLAIN] = {242, 237},
                                                [THEME_TINT_ATTACKED] = {240, 235},
                                                [THEME_TINT_PREVIEW] = {103, 60},
                                                [THEME_TINT_LINE] = {131, 52},
                                                [THEME_TINT_CONFLICT] = {124, 88},
                                                [THEME_TINT_HINT] = {65, 22},
                                                [THEME_TINT_LEFT] = {96, 53},
                                                [THEME_TINT_CURSOR] = {136, 58},
                                                [THEME_TINT_LOCKED] = {243, 238},
                                                [THEME_TINT_SOLVED] = {28, 22},
                                                [THEME_TINT_TRACKED] = {97, 54},
                                        },
                                .ink = INKS(230),
                        },
                /* For a projector: white and mid grey, black queens, strong tints. */
                [SETTINGS_THEME_CONTRAST] =
                        {
                                .bg =
                                        {
                                                [THEME_TINT_PLAIN] = {231, 244},
                                                [THEME_TINT_ATTACKED] = {254, 242},
                                                [THEME_TINT_PREVIEW] = {153, 67},
                                                [THEME_TINT_LINE] = {217, 131},
                                                [THEME_TINT_CONFLICT] = {203, 160},
                                                [THEME_TINT_HINT] = {121, 35},
                                                [THEME_TINT_LEFT] = {219, 134},
                                                [THEME_TINT_CURSOR] = {226, 178},
                                                [THEME_TINT_LOCKED] = {230, 143},
                                                [THEME_TINT_SOLVED] = {84, 34},
                                                [THEME_TINT_TRACKED] = {213, 165},
                                        },
                                .ink = INKS(16),
                        },
};

/*
 * With 8 colours, one palette for every theme: white and cyan squares, each
 * layer a colour of its own where two can tell light from dark.
 */
static const struct palette palette8 = {
        .bg =
                {
                        [THEME_TINT_PLAIN] = {COLOR_WHITE, COLOR_CYAN},
                        [THEME_TINT_ATTACKED] = {COLOR_WHITE, COLOR_CYAN},
                        [THEME_TINT_PREVIEW] = {COLOR_YELLOW, COLOR_GREEN},
                        [THEME_TINT_LINE] = {COLOR_MAGENTA, COLOR_MAGENTA},
                        [THEME_TINT_CONFLICT] = {COLOR_RED, COLOR_RED},
                        [THEME_TINT_HINT] = {COLOR_GREEN, COLOR_GREEN},
                        [THEME_TINT_LEFT] = {COLOR_BLUE, COLOR_BLUE},
                        [THEME_TINT_CURSOR] = {COLOR_BLACK, COLOR_BLACK},
                        [THEME_TINT_LOCKED] = {COLOR_WHITE, COLOR_CYAN},
                        [THEME_TINT_SOLVED] = {COLOR_GREEN, COLOR_GREEN},
                        [THEME_TINT_TRACKED] = {COLOR_MAGENTA, COLOR_MAGENTA},
                },
        .ink =
                {
                        [THEME_TINT_PLAIN] = COLOR_BLACK,
                        [THEME_TINT_ATTACKED] = COLOR_BLACK,
                        [THEME_TINT_PREVIEW] = COLOR_BLACK,
                        [THEME_TINT_LINE] = COLOR_BLACK,
                        [THEME_TINT_CONFLICT] = COLOR_BLACK,
                        [THEME_TINT_HINT] = COLOR_BLACK,
                        [THEME_TINT_LEFT] = COLOR_WHITE,
                        [THEME_TINT_CURSOR] = COLOR_WHITE,
                        [THEME_TINT_LOCKED] = COLOR_BLACK,
                        [THEME_TINT_SOLVED] = COLOR_BLACK,
                        [THEME_TINT_TRACKED] = COLOR_BLACK,
                },
};

/* In monochrome, what each tint adds to the square's own attribute. */
static const int mono_tint[THEME_TINTS] = {
        [THEME_TINT_PLAIN] = A_NORMAL,
        [THEME_TINT_ATTACKED] = A_NORMAL,
        [THEME_TINT_PREVIEW] = A_UNDERLINE,
        [THEME_TINT_LINE] = A_UNDERLINE | A_DIM,
        [THEME_TINT_CONFLICT] = A_BOLD | A_UNDERLINE,
        [THEME_TINT_HINT] = A_BOLD,
        [THEME_TINT_LEFT] = A_DIM,
        [THEME_TINT_CURSOR] = A_BOLD,
        [THEME_TINT_LOCKED] = A_BOLD,
        [THEME_TINT_SOLVED] = A_BOLD | A_STANDOUT,
        [THEME_TINT_TRACKED] = A_UNDERLINE | A_STANDOUT,
};

/* The board's items of THEME_ITEMS as squares of the palette. */
static const struct {
	bool board;
	enum theme_tint tint;
	bool dark;
	enum theme_ink ink;
} board_items[THEME_COUNT] = {
        [THEME_LIGHT] = {true, THEME_TINT_PLAIN, false, THEME_INK_MARK},
        [THEME_DARK] = {true, THEME_TINT_PLAIN, true, THEME_INK_MARK},
        [THEME_QUEEN_LIGHT] = {true, THEME_TINT_PLAIN, false, THEME_INK_QUEEN},
        [THEME_QUEEN_DARK] = {true, THEME_TINT_PLAIN, true, THEME_INK_QUEEN},
        [THEME_ATTACKED] = {true, THEME_TINT_ATTACKED, false, THEME_INK_MARK},
        [THEME_PREVIEW] = {true, THEME_TINT_PREVIEW, false, THEME_INK_MARK},
        [THEME_CONFLICT] = {true, THEME_TINT_CONFLICT, true, THEME_INK_QUEEN},
        [THEME_CONFLICT_LINE] = {true, THEME_TINT_LINE, false, THEME_INK_MARK},
        [THEME_CURSOR] = {true, THEME_TINT_CURSOR, false, THEME_INK_MARK},
        [THEME_HINT] = {true, THEME_TINT_HINT, false, THEME_INK_MARK},
        [THEME_LOCKED] = {true, THEME_TINT_LOCKED, false, THEME_INK_QUEEN},
        [THEME_SOLVED] = {true, THEME_TINT_SOLVED, false, THEME_INK_QUEEN},
        [THEME_TRY] = {true, THEME_TINT_CURSOR, true, THEME_INK_MARK},
        [THEME_REJECT] = {true, THEME_TINT_CONFLICT, false, THEME_INK_MARK},
        [THEME_LEFT] = {true, THEME_TINT_LEFT, false, THEME_INK_MARK},
};

static const struct theme_glyphs utf8_glyphs = {
        .queen = "\u265b",
        .tried = "\u2655",
        .attacked = "\u2022",
        .hint = "\u2726",
        .rejected = "\u00d7",
        .left = "\u25cb",
        .horiz = "\u2500",
        .vert = "\u2502",
        .bullet = "\u2022",
        .branch = "\u2514",
        .solution = "\u2605",
};

static const struct theme_glyphs ascii_glyphs = {
        .queen = "Q",
        .tried = "q",
        .attacked = ".",
        .hint = "+",
        .rejected = "x",
        .left = "o",
        .horiz = "-",
        .vert = "|",
        .bullet = "*",
        .branch = "\\",
        .solution = "*",
};

static bool use_color;
static bool use_ascii;
static int ncolors;
static int current;

/*
 * The board's colour pairs, made as the squares ask for them, after the
 * items' own: a theme takes a few dozen.
 */
#define BOARD_PAIRS 128
static struct {
	short fg, bg;
} made[BOARD_PAIRS];
static int nmade;

void theme_init(bool no_color, bool ascii)
{
	const char *nc = getenv("NO_COLOR");
	const char *codeset = nl_langinfo(CODESET);

	/* NO_COLOR counts when it is set to anything but the empty string. */
	use_color = !no_color && !(nc && *nc) && has_colors();
	use_ascii = ascii || !codeset || strcmp(codeset, "UTF-8") != 0;
	ncolors = 0;
	nmade = 0;
	if (!use_color)
		return;
	start_color();
	use_default_colors();
	ncolors = COLORS >= 256 ? 256 : 8;
	for (int i = 0; i < THEME_COUNT; i++)
		if (!board_items[i].board)
			init_pair((short)(i + 1), items[i].fg, items[i].bg);
}

void theme_set(int t)
{
	if (t < 0 || t >= SETTINGS_THEMES)
		return;
	current = t;
	/* The pairs are made again, in the new colours, as the board is drawn. */
	nmade = 0;
}

int theme_current(void)
{
	return current;
}

int theme_colors(void)
{
	return ncolors;
}

/* The colour pair of fg on bg, made if it is new; 0 when none is left. */
static int pair_of(short fg, short bg)
{
	for (int i = 0; i < nmade; i++)
		if (made[i].fg == fg && made[i].bg == bg)
			return THEME_COUNT + 1 + i;
	if (nmade == BOARD_PAIRS || THEME_COUNT + 1 + nmade >= COLOR_PAIRS)
		return 0;
	made[nmade].fg = fg;
	made[nmade].bg = bg;
	init_pair((short)(THEME_COUNT + 1 + nmade), fg, bg);
	return THEME_COUNT + 1 + nmade++;
}

int theme_square(enum theme_tint tint, bool dark, enum theme_ink ink)
{
	const struct palette *p = ncolors >= 256 ? &palettes[current] : &palette8;

	if (!use_color)
		return (dark ? A_REVERSE : 0) | mono_tint[tint] |
		       (ink == THEME_INK_QUEEN   ? A_BOLD
		        : ink == THEME_INK_GHOST ? A_DIM
		                                 : 0);
	return (int)COLOR_PAIR(pair_of(p->ink[tint], p->bg[tint][dark]));
}

int theme_attr(enum theme_item item)
{
	if (!use_color)
		return items[item].mono;
	if (board_items[item].board)
		return theme_square(board_items[item].tint, board_items[item].dark,
		                    board_items[item].ink);
	/* Titles, keys and verdicts stand out in colour too. */
	return (int)COLOR_PAIR(item + 1) |
	       (item == THEME_TITLE || item == THEME_KEY || item == THEME_GOOD ||
	                        item == THEME_BAD
	                ? A_BOLD
	                : 0);
}

bool theme_has_color(void)
{
	return use_color;
}

bool theme_is_ascii(void)
{
	return use_ascii;
}

const struct theme_glyphs *theme_glyphs(void)
{
	return use_ascii ? &ascii_glyphs : &utf8_glyphs;
}
