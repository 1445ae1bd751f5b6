/* Colours by theme and by what the terminal has; UTF-8 glyphs and an ASCII set. */
#include "config.h"

#include "tui/theme.h"

#include <curses.h>
#include <langinfo.h>
#include <stdlib.h>
#include <string.h>

static const int mono[THEME_COUNT] = {
#define X(name, m) [THEME_##name] = (m),
        THEME_ITEMS(X)
#undef X
};

/*
 * The palettes.  Colours are xterm's numbers: with 256, 16 + 36r + 6g + b
 * (r, g, b in 0..5 for the levels 0, 95, 135, 175, 215, 255) and 232..255
 * the greys; with 16 and 8, the terminal's own, which xterm shows as
 * 0 black, 1 red, 2 green, 3 yellow, 4 blue, 5 magenta, 6 cyan, 7 white
 * (light grey) and 8..15 brighter.  -1 is the terminal's own colour.
 *
 * Every ink reads on what it is drawn on at a contrast ratio of 3 or more
 * (WCAG's, from relative luminance; tests/contrast.sh measures the screens),
 * text mostly 4.5 or more; a colour on the terminal's background reads on
 * black and on white alike, which leaves the middle greys and tints.  No
 * ink with 8 or 16 colours is bold (xterm shows bold 0..7 as 8..15).
 * Good news is never red and bad news always is; a given queen is never
 * red, so that it is not taken for a conflict, nor the colour of the
 * cursor's lines on its square (tests/test_theme.c).
 */
enum depth { DEPTH_256, DEPTH_16, DEPTH_8, DEPTHS };

/* The text colour made faint (A_DIM), where no colour between is left. */
#define FAINT (-2)

/* Everything but the board: on the window's background, and two bars. */
struct frame {
	short bg, text;                          /* the window's */
	short title, label, dim, key, good, bad; /* inks on bg */
	short bar[2], sel[2];                    /* the key line, a selection: fg, bg */
};

/* A board: its grounds, and the inks of what is drawn on them. */
struct board {
	short light, dark, cursor, conflict, lit, tracked;
	/* On a light and a dark square: queen, mark, line, clash, hint, left, given. */
	short ink[THEME_INKS - 1][2];
	/* On the cursor (and the tried queen there), a conflict, a lit queen. */
	short on_cursor, ghost, on_conflict, on_lit;
};

struct palette {
	struct frame own;  /* with the theme's own background */
	struct frame term; /* on the terminal's: colours that read on black and white */
	struct board board;
};

/* clang-format off */
static const struct palette palettes[DEPTHS][SETTINGS_THEMES] = {
[DEPTH_256] = {
	/* Calm: a slate window, a cream and sage board, a blue cursor. */
	[SETTINGS_THEME_CALM] = {
		/*  bg text title label dim  key good bad   key line    selection */
		{  236, 252, 186, 108, 246, 180, 114, 210, {252, 238}, {235, 108}},
		{   -1,  -1,  67,  66, 244, 136,  29, 167, {235, 108}, {235, 187}},
		/* light dark cursor conflict lit tracked */
		{187, 108, 110, 174, 221, 219,
		 /* queen      mark        line      clash      hint      left      given */
		 {{235, 235}, {241, 238}, {25, 19}, {124, 88}, {22, 22}, {53, 53}, {18, 17}},
		 /* on cursor, ghost, on conflict, on lit */
		 235, 240, 235, 235}},
	/* Wood: a paper window, a beige and brown board. */
	[SETTINGS_THEME_WOOD] = {
		{  230, 236,  94, 130, 243, 130,  22, 124, { 16, 137}, { 52, 223}},
		{   -1,  -1, 130, 137, 101, 130,  28, 160, { 16, 137}, { 52, 223}},
		{223, 137, 110, 167, 150, 153,
		 {{235, 235}, {240, 236}, {25, 19}, {124, 88}, {22, 235}, {53, 53}, {18, 17}},
		 235, 240, 16, 235}},
	/* Night: a black window, a grey board, cream queens, nothing bright. */
	[SETTINGS_THEME_NIGHT] = {
		{  234, 250, 137, 102, 244, 137,  71, 167, {246, 236}, {251, 238}},
		{   -1,  -1, 137,  66, 243, 137,  65, 131, {246, 236}, {251, 238}},
		{242, 237, 94, 88, 28, 97,
		 {{230, 230}, {252, 246}, {153, 110}, {224, 174}, {157, 114}, {225, 182},
		  {222, 179}},
		 230, 187, 230, 230}},
	/* Contrast, for a projector: black on white, a yellow cursor, black marks. */
	[SETTINGS_THEME_CONTRAST] = {
		{  231,  16,  18,  24, 242,  88,  22, 124, {231,  16}, {231,  18}},
		{   -1,  -1,  25,  25, 244, 160,  28, 160, {231,  16}, {231,  18}},
		{231, 244, 226, 160, 34, 213,
		 {{16, 16}, {16, 16}, {21, 19}, {160, 52}, {22, 16}, {90, 53}, {18, 17}},
		 16, 241, 231, 16}},
},
/* With 16 colours the themes share a grey board; the window differs. */
[DEPTH_16] = {
	[SETTINGS_THEME_CALM] = {
		{0, 7, 11, 14, 8, 11, 10, 9, {0, 6}, {0, 7}},
		{-1, -1, 12, 8, 8, 5, -1, 9, {0, 6}, {0, 7}},
		{7, 8, 11, 1, 2, 13,
		 {{0, 0}, {8, 7}, {4, 14}, {1, 0}, {0, 15}, {5, 0}, {0, 0}},
		 0, 8, 15, 0}},
	[SETTINGS_THEME_WOOD] = {
		{15, 0, 1, 8, 8, 4, 4, 1, {0, 3}, {0, 7}},
		{-1, -1, 12, 8, 8, 5, -1, 9, {0, 3}, {0, 7}},
		{7, 8, 11, 1, 2, 13,
		 {{0, 0}, {8, 7}, {4, 14}, {1, 0}, {0, 15}, {5, 0}, {0, 0}},
		 0, 8, 15, 0}},
	[SETTINGS_THEME_NIGHT] = {
		{0, 7, 3, 6, 8, 3, 2, 1, {7, 8}, {15, 8}},
		{-1, -1, 12, 8, 8, 5, -1, 9, {7, 8}, {15, 8}},
		{7, 8, 11, 1, 2, 13,
		 {{0, 0}, {8, 7}, {4, 14}, {1, 0}, {0, 15}, {5, 0}, {0, 0}},
		 0, 8, 15, 0}},
	[SETTINGS_THEME_CONTRAST] = {
		{15, 0, 4, 4, 8, 5, 4, 1, {15, 0}, {15, 4}},
		{-1, -1, 12, 8, 8, 5, -1, 9, {15, 0}, {15, 4}},
		{7, 8, 11, 1, 2, 13,
		 {{0, 0}, {8, 7}, {4, 14}, {1, 0}, {0, 15}, {5, 0}, {0, 0}},
		 0, 8, 15, 0}},
},
/*
 * With 8, a calm two-colour board, red for conflicts only: attacked squares
 * and the cursor's lines are glyphs.  On the terminal's background the text
 * keeps its colour and takes attributes, since only red and magenta read on
 * both black and white.
 */
[DEPTH_8] = {
	[SETTINGS_THEME_CALM] = {
		{0, 7, 3, 6, FAINT, 3, 2, 1, {0, 6}, {0, 7}},
		{-1, -1, -1, -1, FAINT, 5, -1, 1, {0, 6}, {0, 7}},
		{7, 6, 3, 1, 2, 5,
		 {{0, 0}, {0, 0}, {4, 4}, {1, 0}, {0, 0}, {5, 0}, {0, 0}},
		 0, 4, 7, 0}},
	[SETTINGS_THEME_WOOD] = {
		{7, 0, 1, 4, FAINT, 4, 4, 1, {0, 3}, {7, 4}},
		{-1, -1, -1, -1, FAINT, 5, -1, 1, {0, 3}, {7, 4}},
		{7, 6, 3, 1, 2, 5,
		 {{0, 0}, {0, 0}, {4, 4}, {1, 0}, {0, 0}, {5, 0}, {0, 0}},
		 0, 4, 7, 0}},
	[SETTINGS_THEME_NIGHT] = {
		{0, 7, 3, 6, FAINT, 3, 2, 1, {7, 4}, {0, 6}},
		{-1, -1, -1, -1, FAINT, 5, -1, 1, {7, 4}, {0, 6}},
		{7, 6, 3, 1, 2, 5,
		 {{0, 0}, {0, 0}, {4, 4}, {1, 0}, {0, 0}, {5, 0}, {0, 0}},
		 0, 4, 7, 0}},
	[SETTINGS_THEME_CONTRAST] = {
		{7, 0, 4, 4, FAINT, 1, 0, 1, {7, 0}, {7, 4}},
		{-1, -1, -1, -1, FAINT, 5, -1, 1, {7, 0}, {7, 4}},
		{7, 6, 3, 1, 2, 5,
		 {{0, 0}, {0, 0}, {4, 4}, {1, 0}, {0, 0}, {5, 0}, {0, 0}},
		 0, 4, 7, 0}},
},
};
/* clang-format on */

/*
 * In monochrome a ground keeps the square's parity (a dark square in
 * reverse video) and adds to it; a lit queen's square is inverted.
 */
static const int mono_ground[THEME_GROUNDS] = {
        [THEME_GROUND_PLAIN] = A_NORMAL,
        [THEME_GROUND_CURSOR] = A_BOLD,
        [THEME_GROUND_CONFLICT] = A_BOLD | A_UNDERLINE,
        [THEME_GROUND_LIT] = A_BOLD,
        [THEME_GROUND_TRACKED] = A_BOLD | A_UNDERLINE,
};

static const int mono_ink[THEME_INKS] = {
        [THEME_INK_QUEEN] = A_BOLD,  [THEME_INK_GHOST] = A_DIM,
        [THEME_INK_MARK] = A_NORMAL, [THEME_INK_LINE] = A_BOLD,
        [THEME_INK_CLASH] = A_BOLD,  [THEME_INK_HINT] = A_BOLD,
        [THEME_INK_LEFT] = A_DIM,    [THEME_INK_GIVEN] = A_BOLD,
};

/* The board's items of THEME_ITEMS as marks on squares. */
static const struct {
	bool board;
	enum theme_ground ground;
	bool dark;
	enum theme_ink ink;
} board_items[THEME_COUNT] = {
        [THEME_LIGHT] = {true, THEME_GROUND_PLAIN, false, THEME_INK_QUEEN},
        [THEME_DARK] = {true, THEME_GROUND_PLAIN, true, THEME_INK_QUEEN},
        [THEME_QUEEN_LIGHT] = {true, THEME_GROUND_PLAIN, false, THEME_INK_QUEEN},
        [THEME_QUEEN_DARK] = {true, THEME_GROUND_PLAIN, true, THEME_INK_QUEEN},
        [THEME_ATTACKED] = {true, THEME_GROUND_PLAIN, false, THEME_INK_MARK},
        [THEME_PREVIEW] = {true, THEME_GROUND_PLAIN, false, THEME_INK_LINE},
        [THEME_CONFLICT] = {true, THEME_GROUND_CONFLICT, false, THEME_INK_QUEEN},
        [THEME_CONFLICT_LINE] = {true, THEME_GROUND_PLAIN, false, THEME_INK_CLASH},
        [THEME_CURSOR] = {true, THEME_GROUND_CURSOR, false, THEME_INK_QUEEN},
        [THEME_SOLVED] = {true, THEME_GROUND_LIT, false, THEME_INK_QUEEN},
        [THEME_HINT] = {true, THEME_GROUND_PLAIN, false, THEME_INK_HINT},
        [THEME_LOCKED] = {true, THEME_GROUND_PLAIN, false, THEME_INK_GIVEN},
        [THEME_TRY] = {true, THEME_GROUND_CURSOR, false, THEME_INK_QUEEN},
        [THEME_REJECT] = {true, THEME_GROUND_CONFLICT, false, THEME_INK_QUEEN},
        [THEME_LEFT] = {true, THEME_GROUND_PLAIN, false, THEME_INK_LEFT},
};

static const struct theme_glyphs utf8_glyphs = {
        .queen = "\u265b",
        .tried = "\u2655",
        .attacked = "\u2022",
        .attacked_large = "\u25cf",
        .hint = "\u2726",
        .rejected = "\u00d7",
        .left = "\u25cb",
        .horiz = "\u2500",
        .vert = "\u2502",
        .bullet = "\u2022",
        .branch = "\u2514",
        .solution = "\u2605",
        .line = {"\u2500", "\u2502", "\u2571", "\u2572"},
        .heavy = {"\u2501", "\u2503", "\u259e", "\u259a"},
};

static const struct theme_glyphs ascii_glyphs = {
        .queen = "Q",
        .tried = "q",
        .attacked = ".",
        .attacked_large = ".",
        .hint = "+",
        .rejected = "x",
        .left = "o",
        .horiz = "-",
        .vert = "|",
        .bullet = "*",
        .branch = "\\",
        .solution = "*",
        .line = {"-", "|", "/", "\\"},
        .heavy = {"=", "H", "/", "\\"},
};

static bool use_color;
static bool use_ascii;
static bool own_background = true;
static enum depth depth;
static int ncolors;
static int current;

/*
 * The colour pairs, made as they are asked for and made again in the new
 * colours when the theme changes: a theme takes a few dozen.
 */
#define PAIRS 128
static struct {
	short fg, bg;
} made[PAIRS];
static int nmade;

static const struct frame *frame(void)
{
	const struct palette *p = &palettes[depth][current];

	return own_background ? &p->own : &p->term;
}

/* The colour pair of fg on bg, made if it is new; 0 when none is left. */
static int pair_of(short fg, short bg)
{
	for (int i = 0; i < nmade; i++)
		if (made[i].fg == fg && made[i].bg == bg)
			return i + 1;
	if (nmade == PAIRS || nmade + 1 >= COLOR_PAIRS)
		return 0;
	made[nmade].fg = fg;
	made[nmade].bg = bg;
	init_pair((short)(nmade + 1), fg, bg);
	return ++nmade;
}

/* fg on bg, bold where bold cannot change the colour (see above). */
static int colored(short fg, short bg, bool bold)
{
	bool can_bold = ncolors >= 256 || fg < 0 || fg >= 8;

	return (int)COLOR_PAIR(pair_of(fg, bg)) | (bold && can_bold ? A_BOLD : 0);
}

/* The whole window takes the frame's background (or the terminal's). */
static void paint_window(void)
{
	if (use_color)
		bkgd((chtype)theme_attr(THEME_NORMAL) | ' ');
	else
		bkgd(' ');
}

void theme_init(bool no_color, bool ascii)
{
	const char *nc = getenv("NO_COLOR");
	const char *codeset = nl_langinfo(CODESET);

	/* NO_COLOR counts when it is set to anything but the empty string. */
	use_color = !no_color && !(nc && *nc) && has_colors();
	use_ascii = ascii || !codeset || strcmp(codeset, "UTF-8") != 0;
	ncolors = 0;
	nmade = 0;
	if (use_color) {
		start_color();
		use_default_colors();
		ncolors = COLORS >= 256 ? 256 : COLORS >= 16 ? 16 : 8;
		depth = ncolors == 256 ? DEPTH_256 : ncolors == 16 ? DEPTH_16 : DEPTH_8;
	}
	paint_window();
}

void theme_set(int t)
{
	if (t < 0 || t >= SETTINGS_THEMES)
		return;
	current = t;
	/* The pairs are made again, in the new colours, as the screen is drawn. */
	nmade = 0;
	paint_window();
}

int theme_current(void)
{
	return current;
}

void theme_set_background(int b)
{
	own_background = b != SETTINGS_BACKGROUND_TERMINAL;
	nmade = 0;
	paint_window();
}

int theme_colors(void)
{
	return ncolors;
}

int theme_square(enum theme_ground ground, bool dark, enum theme_ink ink)
{
	const struct board *b = &palettes[depth][current].board;
	short bg, fg;

	if (!use_color) {
		bool reverse = dark != (ground == THEME_GROUND_LIT ||
		                        ground == THEME_GROUND_TRACKED);

		return (reverse ? A_REVERSE : 0) | mono_ground[ground] | mono_ink[ink];
	}
	switch (ground) {
	case THEME_GROUND_CURSOR:
		bg = b->cursor;
		fg = ink == THEME_INK_GHOST ? b->ghost : b->on_cursor;
		break;
	case THEME_GROUND_CONFLICT:
		bg = b->conflict;
		fg = b->on_conflict;
		break;
	case THEME_GROUND_LIT:
		bg = b->lit;
		fg = b->on_lit;
		break;
	case THEME_GROUND_TRACKED:
		bg = b->tracked;
		fg = b->on_lit;
		break;
	default:
		bg = dark ? b->dark : b->light;
		/* A tried queen stands on the cursor's ground; elsewhere it is a queen.
		 */
		fg = b->ink[ink == THEME_INK_GHOST  ? THEME_INK_QUEEN
		            : ink > THEME_INK_GHOST ? ink - 1
		                                    : ink][dark];
		break;
	}
	return colored(fg, bg, false);
}

int theme_role(enum theme_item role)
{
	return role == THEME_NORMAL ? (int)A_NORMAL : theme_attr(role);
}

int theme_attr(enum theme_item item)
{
	const struct frame *f = frame();

	if (!use_color)
		return mono[item];
	if (board_items[item].board)
		return theme_square(board_items[item].ground, board_items[item].dark,
		                    board_items[item].ink);
	switch (item) {
	case THEME_TITLE:
		return colored(f->title, f->bg, true);
	case THEME_LABEL:
		return colored(f->label, f->bg, false);
	case THEME_STATUS:
		return colored(f->bar[0], f->bar[1], false);
	case THEME_GOOD:
		return colored(f->good, f->bg, true);
	case THEME_BAD:
		return colored(f->bad, f->bg, true);
	case THEME_DIMMED:
		return f->dim == FAINT ? colored(f->text, f->bg, false) | (int)A_DIM
		                       : colored(f->dim, f->bg, false);
	case THEME_SELECTED:
		return colored(f->sel[0], f->sel[1], false);
	case THEME_KEY:
		return colored(f->key, f->bg, true);
	case THEME_BANNER: {
		/* The solve's one accent, as its queens are lit. */
		const struct board *b = &palettes[depth][current].board;

		return colored(b->on_lit, b->lit, true);
	}
	default:
		return colored(f->text, f->bg, false);
	}
}

/*
 * The regions' colours by depth, and the ink on each: light tints with
 * black ink, the same in every theme (a region's colour is what the
 * puzzle says, not a mood); with 8 colours blue takes white ink, and red
 * is left to conflicts.  The names are what the hints call them.
 */
struct region_colour {
	short bg, ink, clash; /* clash: a conflict's line, red where red reads at 3:1 */
	const char *name;
};
#define REGION_COLOURS_MAX 12
static const struct region_colour region_colours[DEPTHS][REGION_COLOURS_MAX] = {
        [DEPTH_256] = {{183, 16, 88, "purple"},
                       {215, 16, 88, "orange"},
                       {117, 16, 88, "blue"},
                       {114, 16, 88, "green"},
                       {228, 16, 88, "yellow"},
                       {218, 16, 88, "pink"},
                       {248, 16, 88, "grey"},
                       {80, 16, 88, "teal"},
                       {173, 16, 88, "brown"},
                       {191, 16, 88, "lime"},
                       {147, 16, 88, "lavender"},
                       {255, 16, 88, "white"}},
        [DEPTH_16] = {{13, 0, 0, "magenta"},
                      {11, 0, 1, "yellow"},
                      {14, 0, 1, "cyan"},
                      {10, 0, 1, "green"},
                      {8, 0, 0, "dark grey"},
                      {12, 0, 0, "blue"},
                      {7, 0, 1, "grey"},
                      {15, 0, 1, "white"},
                      {3, 0, 1, "olive"},
                      {6, 0, 0, "teal"},
                      {2, 0, 0, "dark green"},
                      {5, 0, 0, "purple"}},
        [DEPTH_8] = {{5, 0, 0, "magenta"},
                     {3, 0, 1, "yellow"},
                     {6, 0, 0, "cyan"},
                     {2, 0, 0, "green"},
                     {7, 0, 1, "white"},
                     {4, 7, 7, "blue"}},
};

int theme_region_colours(void)
{
	if (!use_color)
		return 0;
	return depth == DEPTH_8 ? 6 : REGION_COLOURS_MAX;
}

int theme_region(int g, enum theme_ink ink)
{
	const struct region_colour *c;

	if (!use_color)
		return mono_ink[ink];
	c = &region_colours[depth][g % theme_region_colours()];
	return colored(ink == THEME_INK_CLASH ? c->clash : c->ink, c->bg, false);
}

bool theme_region_colouring(int n, const unsigned char *region, unsigned char *colour)
{
	int k = theme_region_colours(), order[16], deg[16] = {0};
	unsigned adj[16] = {0};

	for (int g = 0; g < n && g < 16; g++)
		colour[g] = (unsigned char)g;
	if (k == 0 || n <= k || n > 16)
		return k != 0 && n <= 16;
	for (int r = 0; r < n; r++)
		for (int f = 0; f < n; f++) {
			int a = region[r * n + f];

			if (f + 1 < n && region[r * n + f + 1] != a) {
				adj[a] |= 1u << region[r * n + f + 1];
				adj[region[r * n + f + 1]] |= 1u << a;
			}
			if (r + 1 < n && region[(r + 1) * n + f] != a) {
				adj[a] |= 1u << region[(r + 1) * n + f];
				adj[region[(r + 1) * n + f]] |= 1u << a;
			}
		}
	for (int g = 0; g < n; g++) {
		deg[g] = __builtin_popcount(adj[g]);
		order[g] = g;
	}
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && deg[order[j]] > deg[order[j - 1]]; j--) {
			int t = order[j];

			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	for (int g = 0; g < n; g++)
		colour[g] = 0xff;
	for (int i = 0; i < n; i++) {
		int g = order[i], c;
		unsigned used = 0;

		for (int h = 0; h < n; h++)
			if ((adj[g] >> h & 1) && colour[h] != 0xff)
				used |= 1u << colour[h];
		/* Its own colour when free, else the first free (else round again). */
		c = g % k;
		for (int t = 0; t < k && (used >> c & 1); t++)
			c = (g + t + 1) % k;
		colour[g] = (unsigned char)c;
	}
	return false;
}

const char *theme_region_name(int g, int n)
{
	if (n > theme_region_colours() || g < 0 || g >= n)
		return NULL;
	return region_colours[depth][g].name;
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
