/* Colours with a monochrome fallback, and UTF-8 glyphs with an ASCII set. */
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

static const struct theme_glyphs utf8_glyphs = {
        .queen = "\u265b",
        .attacked = "\u00b7",
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

void theme_init(bool no_color, bool ascii)
{
	const char *nc = getenv("NO_COLOR");
	const char *codeset = nl_langinfo(CODESET);

	/* NO_COLOR counts when it is set to anything but the empty string. */
	use_color = !no_color && !(nc && *nc) && has_colors();
	use_ascii = ascii || !codeset || strcmp(codeset, "UTF-8") != 0;
	if (!use_color)
		return;
	start_color();
	use_default_colors();
	for (int i = 0; i < THEME_COUNT; i++)
		init_pair((short)(i + 1), items[i].fg, items[i].bg);
}

int theme_attr(enum theme_item item)
{
	if (!use_color)
		return items[item].mono;
	/* Queens and conflicts stand out in colour too. */
	return (int)COLOR_PAIR(item + 1) |
	       (item == THEME_QUEEN_LIGHT || item == THEME_QUEEN_DARK ||
	                        item == THEME_CONFLICT || item == THEME_TITLE ||
	                        item == THEME_KEY || item == THEME_GOOD ||
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
