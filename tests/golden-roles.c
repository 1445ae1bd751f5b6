/* The golden frames' colour roles, read from the theme itself (tests/golden.sh). */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/settings.h"
#include "tui/theme.h"

/*
 * A role is what a cell's colours say: an item of the theme's frame, or
 * a board's ground with the ink drawn on it.  Each has one letter: the
 * frames' role layer writes a cell as the letter of the role whose
 * colours and attributes it has, so that a diff says "this word turned
 * from good to bad news", not which colour number changed.  On the board
 * a lower-case letter is on a light square and its capital on a dark one.
 *
 *   golden-roles legend THEME...  the legend (tests/golden/ROLES), with
 *                               the roles that share colours in each THEME
 *   golden-roles states THEME   letter, SGR state as golden.sh writes it
 *                               (";1;38;5;186;48;5;236"), role: one a line
 *   golden-roles colours THEME [terminal]
 *                               letter, fg, bg (xterm numbers, -1 the
 *                               terminal's), bold, dim, reverse, underline
 *
 * The states are those of a 256-colour terminal (tmux-256color), on the
 * theme's own background unless "terminal" is given.
 */
struct role {
	char letter;
	const char *name;
	bool board;
	enum theme_item item;     /* a frame's item */
	enum theme_ground ground; /* or a ground, */
	bool dark;                /* its parity, */
	enum theme_ink ink;       /* and the ink on it */
	int region; /* or a region's colour (Queens with regions), 1-based */
};

#define ITEM(l, it, n)                                                                   \
	{                                                                                \
		l, n, false, THEME_##it, 0, false, 0, 0                                  \
	}
#define SQUARE(l, g, d, i, n)                                                            \
	{                                                                                \
		l, n, true, 0, THEME_GROUND_##g, d, THEME_INK_##i, 0                     \
	}

/*
 * In this order a role claims its colours: when two roles have the same,
 * the first keeps the letter and the legend says which others share it.
 * The window's text and the board's plain squares come first, since most
 * cells are one of them.
 */
#define REGION(l, g)                                                                     \
	{                                                                                \
		l, "a region's colour (Queens with regions), " #g, true, 0, 0, false, 0, \
		        g + 1                                                            \
	}

static const struct role roles[] = {
        ITEM('.', NORMAL, "text on the window's background"),
        SQUARE('q', PLAIN, false, QUEEN, "a light square, or a queen on it"),
        SQUARE('Q', PLAIN, true, QUEEN, "a dark square, or a queen on it"),
        SQUARE('a', PLAIN, false, MARK, "the mark of an attacked light square"),
        SQUARE('A', PLAIN, true, MARK, "the mark of an attacked dark square"),
        SQUARE('p', PLAIN, false, LINE, "a line through the cursor, light square"),
        SQUARE('P', PLAIN, true, LINE, "a line through the cursor, dark square"),
        SQUARE('x', PLAIN, false, CLASH,
               "the line between two queens in conflict, light"),
        SQUARE('X', PLAIN, true, CLASH, "the line between two queens in conflict, dark"),
        SQUARE('h', PLAIN, false, HINT, "a hinted light square"),
        SQUARE('H', PLAIN, true, HINT, "a hinted dark square"),
        SQUARE('o', PLAIN, false, LEFT, "the light square the search just left"),
        SQUARE('O', PLAIN, true, LEFT, "the dark square the search just left"),
        SQUARE('g', PLAIN, false, GIVEN, "a given queen of a puzzle, light square"),
        SQUARE('G', PLAIN, true, GIVEN, "a given queen of a puzzle, dark square"),
        SQUARE('c', CURSOR, false, QUEEN, "the cursor, or the square the search tries"),
        SQUARE('u', CURSOR, false, GHOST, "the queen the search tries, on the cursor"),
        SQUARE('r', CONFLICT, false, QUEEN, "a queen in conflict, a refused square"),
        SQUARE('i', LIT, false, QUEEN, "a queen of a solved board, lit"),
        SQUARE('f', TRACKED, false, QUEEN, "the queen a class's members follow"),
        ITEM('t', TITLE, "a screen's title, a panel's heading"),
        ITEM('l', LABEL, "a board's rank numbers and file letters"),
        ITEM('s', STATUS, "the key line"),
        ITEM('y', GOOD, "a verdict that is good news"),
        ITEM('n', BAD, "one that is not, an error"),
        ITEM('d', DIMMED, "what matters less: notes, faded parts"),
        ITEM('e', SELECTED, "the chosen entry, the line being run"),
        ITEM('k', KEY, "a key, a prompt, what is current"),
        ITEM('b', BANNER, "the banner of a solved board"),
        /* Queens with regions: each region's colour, with its queen, mark or letter. */
        REGION('0', 0),
        REGION('1', 1),
        REGION('2', 2),
        REGION('3', 3),
        REGION('4', 4),
        REGION('5', 5),
        REGION('6', 6),
        REGION('7', 7),
        REGION('8', 8),
        REGION('9', 9),
        REGION('v', 10),
        REGION('w', 11),
};
#define NROLES (sizeof roles / sizeof roles[0])

static int attr_of(const struct role *r)
{
	if (r->region)
		return theme_region(r->region - 1, THEME_INK_QUEEN);
	return r->board ? theme_square(r->ground, r->dark, r->ink) : theme_attr(r->item);
}

static void colours_of(int attr, short *fg, short *bg)
{
	short pair = (short)PAIR_NUMBER((chtype)attr);

	*fg = *bg = -1;
	if (pair > 0 && pair_content(pair, fg, bg) != OK)
		*fg = *bg = -1;
}

/* The state as golden.sh's capture writes it: attributes, then fg, bg. */
static void state_of(int attr, char *buf, size_t len)
{
	short fg, bg;
	size_t n = 0;

	colours_of(attr, &fg, &bg);
	buf[0] = '\0';
	if (attr & A_BOLD)
		n += (size_t)snprintf(buf + n, len - n, ";1");
	if (attr & A_DIM)
		n += (size_t)snprintf(buf + n, len - n, ";2");
	if (attr & A_UNDERLINE)
		n += (size_t)snprintf(buf + n, len - n, ";4");
	if (attr & A_REVERSE)
		n += (size_t)snprintf(buf + n, len - n, ";7");
	if (fg >= 0)
		n += (size_t)snprintf(buf + n, len - n, ";38;5;%d", fg);
	if (bg >= 0)
		snprintf(buf + n, len - n, ";48;5;%d", bg);
}

/* The first role before r with r's colours, or r itself. */
static const struct role *owner_of(const struct role *r)
{
	int attr = attr_of(r);

	for (const struct role *o = roles; o < r; o++)
		if (attr_of(o) == attr)
			return o;
	return r;
}

static void print_legend(char **themes, int n)
{
	printf("# The roles of the golden frames' colour layer (tests/golden/*.roles):\n"
	       "# a letter a cell, for what its colours say, read from the theme at\n"
	       "# 256 colours by tests/golden-roles.  On the board a lower-case letter\n"
	       "# is on a light square, its capital on a dark one; '?' is a cell in\n"
	       "# colours that no role has.\n");
	for (size_t i = 0; i < NROLES; i++)
		printf("%c  %s\n", roles[i].letter, roles[i].name);
	printf("# Where a theme gives two roles the same colours, the first above\n"
	       "# keeps its letter:\n");
	for (int t = 0; t < n; t++) {
		theme_set(settings_theme_from_name(themes[t]));
		for (size_t i = 0; i < NROLES; i++) {
			const struct role *o = owner_of(&roles[i]);

			if (o != &roles[i])
				printf("# in %s, %c has the colours of %c and is written "
				       "%c\n",
				       themes[t], roles[i].letter, o->letter, o->letter);
		}
	}
}

static void print_states(void)
{
	char state[128];

	for (size_t i = 0; i < NROLES; i++) {
		if (owner_of(&roles[i]) != &roles[i])
			continue;
		state_of(attr_of(&roles[i]), state, sizeof state);
		printf("%c\t%s\t%s\n", roles[i].letter, state, roles[i].name);
	}
}

static void print_colours(void)
{
	for (size_t i = 0; i < NROLES; i++) {
		int attr = attr_of(&roles[i]);
		short fg, bg;

		colours_of(attr, &fg, &bg);
		printf("%c %d %d %d %d %d %d\n", roles[i].letter, fg, bg,
		       !!(attr & A_BOLD), !!(attr & A_DIM), !!(attr & A_REVERSE),
		       !!(attr & A_UNDERLINE));
	}
}

int main(int argc, char **argv)
{
	FILE *sink = fopen("/dev/null", "w"), *source = fopen("/dev/null", "r");
	SCREEN *scr;
	int theme;

	for (int i = 2; i < argc && strcmp(argv[1], "legend") == 0; i++)
		if (settings_theme_from_name(argv[i]) < 0)
			argc = 0;
	if (argc < 3 || (theme = settings_theme_from_name(argv[2])) < 0) {
		fprintf(stderr,
		        "usage: golden-roles legend|states|colours THEME [terminal]\n");
		return 2;
	}
	if (!sink || !source || !(scr = newterm("xterm-256color", sink, source))) {
		fprintf(stderr, "golden-roles: no xterm-256color terminal to read "
		                "colours from\n");
		return 1;
	}
	theme_init(false, false);
	theme_set(theme);
	theme_set_background(argc > 3 && strcmp(argv[argc - 1], "terminal") == 0
	                             ? SETTINGS_BACKGROUND_TERMINAL
	                             : SETTINGS_BACKGROUND_THEME);
	if (strcmp(argv[1], "legend") == 0)
		print_legend(argv + 2, argc - 2);
	else if (strcmp(argv[1], "states") == 0)
		print_states();
	else
		print_colours();
	endwin();
	delscreen(scr);
	fclose(sink);
	fclose(source);
	return 0;
}
