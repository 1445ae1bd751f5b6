/* Each theme's rules at each colour depth, read back from curses as the program draws. */
#include "config.h"

#include <curses.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/regions.h"
#include "engine/settings.h"
#include "tui/theme.h"

/*
 * For every theme at 256, 16 and 8 colours, on its own background and on
 * the terminal's, the colours theme_attr and theme_square give are read
 * back from curses and turned into what xterm shows (tests/xterm-colours.txt,
 * the table tests/contrast.sh reads) to check:
 *
 *   - good and bad news differ: bad is red, good is not, and their hues
 *     stand far apart;
 *   - every word's ink reads at 3:1 or more (WCAG 2's contrast ratio) on
 *     what it is drawn on (tests/contrast.sh measures whole screens; this
 *     measures each role, the ones no screen of its shows too);
 *   - a given queen of a puzzle is far from the red of a conflict, so that
 *     it is never taken for one, and apart from the ink of the cursor's
 *     lines on the same square.
 *
 * Without colours, good and bad news are bold and never faint.
 */

/* The terminals of each depth: the colours theme_init finds there. */
static const struct depth {
	const char *term;
	int colors;
} depths[] = {{"xterm-256color", 256}, {"xterm-16color", 16}, {"xterm", 8}};

static const char *const theme_names[SETTINGS_THEMES] = {
        [SETTINGS_THEME_CALM] = "calm",
        [SETTINGS_THEME_WOOD] = "wood",
        [SETTINGS_THEME_NIGHT] = "night",
        [SETTINGS_THEME_CONTRAST] = "contrast",
};

/* An RGB colour, 0..255 each. */
struct rgb {
	double r, g, b;
};

static struct rgb base[16];
static double levels[6];

/* Reads tests/xterm-colours.txt: colours 0..15, then the cube's levels. */
static void colours_load(void)
{
	const char *dir = getenv("srcdir");
	char path[4096], line[256];
	int k = 0, nlev = 0;
	FILE *f;

	snprintf(path, sizeof path, "%s/tests/xterm-colours.txt", dir ? dir : ".");
	f = fopen(path, "r");
	if (!f)
		fail_msg("cannot read %s", path);
	while (fgets(line, sizeof line, f)) {
		int r, g, b;

		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (strncmp(line, "levels", 6) == 0) {
			char *p = line + 6, *end;

			for (nlev = 0; nlev < 6; nlev++, p = end) {
				levels[nlev] = strtod(p, &end);
				if (end == p)
					break;
			}
		} else if (k < 16 && sscanf(line, "%d %d %d", &r, &g, &b) == 3) {
			base[k++] = (struct rgb){r, g, b};
		}
	}
	fclose(f);
	if (k != 16 || nlev != 6)
		fail_msg("%s: %d colours and %d levels, not 16 and 6", path, k, nlev);
}

/* What xterm shows for colour i (0..255). */
static struct rgb shown(int i)
{
	if (i < 16)
		return base[i];
	if (i < 232) {
		i -= 16;
		return (struct rgb){levels[i / 36], levels[i / 6 % 6], levels[i % 6]};
	}
	double v = 8 + 10 * (i - 232);
	return (struct rgb){v, v, v};
}

static double linear(double v)
{
	v /= 255;
	return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

static double luminance(struct rgb c)
{
	return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

/* WCAG 2's contrast ratio. */
static double ratio(struct rgb a, struct rgb b)
{
	double la = luminance(a), lb = luminance(b);

	return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

/* Hue in degrees (0 is red) and chroma (0..255, 0 for a grey). */
static double hue(struct rgb c, double *chroma)
{
	double max = fmax(c.r, fmax(c.g, c.b)), min = fmin(c.r, fmin(c.g, c.b));
	double d = max - min, h;

	*chroma = d;
	if (d == 0)
		return 0;
	if (max == c.r)
		h = fmod((c.g - c.b) / d, 6);
	else if (max == c.g)
		h = (c.b - c.r) / d + 2;
	else
		h = (c.r - c.g) / d + 4;
	h *= 60;
	return h < 0 ? h + 360 : h;
}

static double hue_apart(double a, double b)
{
	double d = fabs(a - b);

	return d > 180 ? 360 - d : d;
}

/* Red: a colour, not a grey, within 30 degrees of red's hue. */
#define RED_HUE 30
#define GREY_CHROMA 60

static bool reddish(struct rgb c)
{
	double chroma, h = hue(c, &chroma);

	return chroma >= GREY_CHROMA && hue_apart(h, 0) <= RED_HUE;
}

/* CIE 1976 L*a*b* (D65) of a colour, for how far apart two look. */
static void lab(struct rgb c, double out[3])
{
	double r = linear(c.r), g = linear(c.g), b = linear(c.b);
	double xyz[3] = {(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
	                 0.2126 * r + 0.7152 * g + 0.0722 * b,
	                 (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883};

	for (int i = 0; i < 3; i++)
		xyz[i] = xyz[i] > 216.0 / 24389 ? cbrt(xyz[i])
		                                : (24389.0 / 27 * xyz[i] + 16) / 116;
	out[0] = 116 * xyz[1] - 16;
	out[1] = 500 * (xyz[0] - xyz[1]);
	out[2] = 200 * (xyz[1] - xyz[2]);
}

static double delta_e(struct rgb a, struct rgb b)
{
	double p[3], q[3];

	lab(a, p);
	lab(b, q);
	return sqrt((p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1]) +
	            (p[2] - q[2]) * (p[2] - q[2]));
}

/*
 * What an attribute shows: its colours as numbers (-1 the terminal's own),
 * and the colours each may be (the terminal's own is black or white, a
 * bold colour of 0..7 may be its bright one), faint already mixed in.
 */
struct look {
	short fg, bg;
	bool bold, dim;
	int nfg, nbg;
	struct rgb fgs[2], bgs[2];
};

static const struct rgb black = {0, 0, 0}, white = {255, 255, 255};

static struct look look_of(int attr)
{
	struct look l = {0};
	short pair = (short)PAIR_NUMBER((chtype)attr);

	l.fg = l.bg = -1;
	if (pair > 0)
		assert_int_equal(pair_content(pair, &l.fg, &l.bg), OK);
	l.bold = attr & A_BOLD;
	l.dim = attr & A_DIM;
	if (l.fg < 0) {
		l.nfg = 2;
		l.fgs[0] = white;
		l.fgs[1] = black;
	} else {
		l.nfg = l.bold && l.fg < 8 ? 2 : 1;
		l.fgs[0] = shown(l.fg);
		l.fgs[1] = shown(l.fg + 8 * (l.nfg - 1));
	}
	if (l.bg < 0) {
		l.nbg = 2;
		l.bgs[0] = black;
		l.bgs[1] = white;
	} else {
		l.nbg = 1;
		l.bgs[0] = shown(l.bg);
	}
	return l;
}

/*
 * The lowest contrast an attribute's ink may show at on its ground; the
 * terminal's own pair is the terminal's choice (white on black or black on
 * white).  Faint is halfway between ink and ground, as xterm draws it.
 */
static double lowest(const struct look *l)
{
	double lo = 99;

	for (int i = 0; i < l->nfg; i++) {
		for (int j = 0; j < l->nbg; j++) {
			struct rgb f = l->fgs[i], b = l->bgs[j];

			if (l->fg < 0 && l->bg < 0 && i != j)
				continue;
			if (l->dim)
				f = (struct rgb){floor((f.r + b.r) / 2),
				                 floor((f.g + b.g) / 2),
				                 floor((f.b + b.b) / 2)};
			lo = fmin(lo, ratio(f, b));
		}
	}
	return lo;
}

/* Each rule broken is said, and the test fails once all are. */
static int broken;

#define complain(...) (print_error(__VA_ARGS__), print_error("\n"), broken++)

/* One palette under test, for the messages. */
struct where {
	const struct depth *d;
	int theme;
	int background;
};

static void say(const struct where *w, char *buf, size_t len)
{
	snprintf(buf, len, "%s, %d colours, on %s background", theme_names[w->theme],
	         w->d->colors,
	         w->background == SETTINGS_BACKGROUND_THEME ? "its own"
	                                                    : "the terminal's");
}

/* The items whose words a user reads, with what each is called. */
static const struct {
	enum theme_item item;
	const char *name;
} words[] = {
        {THEME_NORMAL, "text"},
        {THEME_TITLE, "title"},
        {THEME_LABEL, "label"},
        {THEME_GOOD, "good"},
        {THEME_BAD, "bad"},
        {THEME_DIMMED, "dimmed"},
        {THEME_KEY, "key"},
        {THEME_STATUS, "key line"},
        {THEME_SELECTED, "selection"},
        {THEME_BANNER, "banner"},
};

/* Good and bad news: both in a colour, bad red, good not, far apart. */
static void check_news(const char *at)
{
	struct look good = look_of(theme_attr(THEME_GOOD));
	struct look bad = look_of(theme_attr(THEME_BAD));
	double gc, bc, gh, bh;

	if (good.fg == bad.fg)
		complain("%s: good and bad news in one colour, %d", at, good.fg);
	if (bad.fg < 0 || !reddish(bad.fgs[0]))
		complain("%s: bad news is not red (colour %d)", at, bad.fg);
	if (good.fg < 0)
		return; /* the terminal's own, black or white: no red */
	for (int i = 0; i < good.nfg; i++)
		if (reddish(good.fgs[i]))
			complain("%s: good news is red (colour %d)", at, good.fg);
	gh = hue(good.fgs[0], &gc);
	bh = hue(bad.fgs[0], &bc);
	if (gc >= GREY_CHROMA && hue_apart(gh, bh) < 60)
		complain("%s: good news (colour %d, hue %.0f) is %.0f degrees from bad "
		         "news (colour %d, hue %.0f), not 60",
		         at, good.fg, gh, hue_apart(gh, bh), bad.fg, bh);
}

/* Every word's ink at 3:1 or more on what it is drawn on. */
static void check_words(const char *at)
{
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		struct look l = look_of(theme_attr(words[i].item));
		double r = lowest(&l);

		if (r < 3)
			complain("%s: %s (colour %d on %d%s) reads at %.2f:1, under 3:1",
			         at, words[i].name, l.fg, l.bg, l.dim ? ", faint" : "",
			         r);
	}
}

/*
 * A given queen, on a light and a dark square: it reads there, it is not
 * red, and it is far (CIE76 distance 20 or more, where 2.3 is just
 * noticeable) from each red of a conflict: the line between two queens in
 * conflict on that square, and a conflict's ground; and it stands apart
 * (as far) from the ink of a line through the cursor on that square,
 * so that a given queen is not taken for a line either.
 */
#define FAR_APART 20

static void check_given(const char *at)
{
	struct look conflict =
	        look_of(theme_square(THEME_GROUND_CONFLICT, false, THEME_INK_QUEEN));

	for (int dark = 0; dark < 2; dark++) {
		struct look given =
		        look_of(theme_square(THEME_GROUND_PLAIN, dark, THEME_INK_GIVEN));
		struct look clash =
		        look_of(theme_square(THEME_GROUND_PLAIN, dark, THEME_INK_CLASH));
		struct look line =
		        look_of(theme_square(THEME_GROUND_PLAIN, dark, THEME_INK_LINE));
		const char *square = dark ? "dark" : "light";
		struct rgb reds[2];
		short red[2];
		int nred = 0;
		double r = lowest(&given);

		assert_true(given.fg >= 0 && clash.fg >= 0 && conflict.bg >= 0);
		if (r < 3)
			complain("%s: a given queen on a %s square (colour %d on %d) "
			         "reads "
			         "at %.2f:1",
			         at, square, given.fg, given.bg, r);
		if (reddish(given.fgs[0]))
			complain("%s: a given queen on a %s square is red (colour %d)",
			         at, square, given.fg);
		if (delta_e(given.fgs[0], line.fgs[0]) < FAR_APART)
			complain("%s: a given queen on a %s square (colour %d) is "
			         "%.1f from the cursor's lines (%d), not %d",
			         at, square, given.fg, delta_e(given.fgs[0], line.fgs[0]),
			         line.fg, FAR_APART);
		if (reddish(clash.fgs[0]))
			red[nred] = clash.fg, reds[nred++] = clash.fgs[0];
		if (reddish(conflict.bgs[0]))
			red[nred] = conflict.bg, reds[nred++] = conflict.bgs[0];
		for (int i = 0; i < nred; i++) {
			double far = delta_e(given.fgs[0], reds[i]);

			if (far < FAR_APART)
				complain(
				        "%s: a given queen on a %s square (colour %d) is "
				        "%.1f from a conflict's red (%d), not %d",
				        at, square, given.fg, far, red[i], FAR_APART);
		}
	}
}

/*
 * Queens with regions: on every region's colour the queen, a mark, a
 * letter, a given queen and a conflict's line read at 3:1 or more; each
 * colour has a name, none twice, so that the hints' words tell regions
 * apart (theme_region_name gives letters where colours repeat).
 */
static void check_regions(const char *at)
{
	static const enum theme_ink inks[] = {THEME_INK_QUEEN, THEME_INK_MARK,
	                                      THEME_INK_GIVEN, THEME_INK_CLASH};
	static const char *const ink_names[] = {"queen", "mark", "given queen",
	                                        "conflict's line"};
	int k = theme_region_colours();

	if (k < 6)
		complain("%s: %d region colours, fewer than 6", at, k);
	for (int g = 0; g < k; g++) {
		for (size_t i = 0; i < sizeof inks / sizeof inks[0]; i++) {
			struct look l = look_of(theme_region(g, inks[i]));
			double r = lowest(&l);

			if (r < 3)
				complain("%s: a %s on region colour %d (%d on %d) reads "
				         "at "
				         "%.2f:1, under 3:1",
				         at, ink_names[i], g, l.fg, l.bg, r);
		}
		if (!theme_region_name(g, k))
			complain("%s: region colour %d has no name", at, g);
		for (int h = 0; h < g; h++)
			if (theme_region_name(g, k) && theme_region_name(h, k) &&
			    strcmp(theme_region_name(g, k), theme_region_name(h, k)) == 0)
				complain("%s: region colours %d and %d are both %s", at,
				         h, g, theme_region_name(g, k));
	}
	/* More regions than colours: no names, the letters say them. */
	if (theme_region_name(0, k + 1))
		complain("%s: a board of %d regions named by %d colours", at, k + 1, k);
}

/*
 * The regions' colouring: on generated boards of every size, two regions
 * that share a side never take one colour (with 8 colours, six go round
 * twelve regions), and each region has its own where there are enough.
 */
static void check_colouring(const char *at)
{
	for (int n = REGIONS_GEN_MIN_N; n <= REGIONS_GEN_MAX_N; n++) {
		for (uint64_t seed = 1; seed <= 6; seed++) {
			struct regions_board b;
			unsigned char colour[REGIONS_MAX_N];
			bool own;

			if (regions_generate(n, REGIONS_MEDIUM, seed, &b) < 0)
				continue;
			own = theme_region_colouring(n, b.region, colour);
			if (own != (n <= theme_region_colours()))
				complain("%s: %d regions said %s their own colours", at,
				         n, own ? "to have" : "not to have");
			for (int r = 0; r < n; r++)
				for (int f = 0; f < n; f++) {
					int g = b.region[r * n + f];
					int right =
					        f + 1 < n ? b.region[r * n + f + 1] : g;
					int up =
					        r + 1 < n ? b.region[(r + 1) * n + f] : g;

					if ((right != g && colour[right] == colour[g]) ||
					    (up != g && colour[up] == colour[g]))
						complain("%s: n = %d, seed %d: regions "
						         "side by "
						         "side in one colour",
						         at, n, (int)seed);
				}
		}
	}
}

/* Opens a screen on the depth's terminal; NULL when it has no terminfo entry. */
static SCREEN *open_screen(const struct depth *d, FILE **sink, FILE **source)
{
	SCREEN *scr;

	*sink = fopen("/dev/null", "w");
	*source = fopen("/dev/null", "r");
	assert_non_null(*sink);
	assert_non_null(*source);
	scr = newterm(d->term, *sink, *source);
	if (!scr) {
		fclose(*sink);
		fclose(*source);
	}
	return scr;
}

static void close_screen(SCREEN *scr, FILE *sink, FILE *source)
{
	endwin();
	delscreen(scr);
	fclose(sink);
	fclose(source);
}

static void test_depth(void **state)
{
	const struct depth *d = *state;
	FILE *sink, *source;
	SCREEN *scr = open_screen(d, &sink, &source);

	if (!scr)
		skip(); /* xterm-16color comes with ncurses-term */
	theme_init(false, false);
	assert_int_equal(theme_colors(), d->colors);
	broken = 0;
	check_colouring(d->term);
	for (int t = 0; t < SETTINGS_THEMES; t++) {
		for (int bg = 0; bg < 2; bg++) {
			struct where w = {d, t,
			                  bg ? SETTINGS_BACKGROUND_TERMINAL
			                     : SETTINGS_BACKGROUND_THEME};
			char at[128];

			theme_set(t);
			theme_set_background(w.background);
			say(&w, at, sizeof at);
			check_news(at);
			check_words(at);
			if (!bg) {
				check_given(at); /* the board is the same on both */
				check_regions(at);
			}
		}
	}
	close_screen(scr, sink, source);
	if (broken)
		fail_msg("%d rules broken at %d colours", broken, d->colors);
}

/* Without colours: good and bad news stand out (bold), never faint. */
static void test_monochrome(void **state)
{
	FILE *sink, *source;
	SCREEN *scr = open_screen(&depths[0], &sink, &source);

	(void)state;
	assert_non_null(scr);
	theme_init(true, false);
	assert_false(theme_has_color());
	for (int t = 0; t < SETTINGS_THEMES; t++) {
		theme_set(t);
		assert_true(theme_attr(THEME_GOOD) & A_BOLD);
		assert_true(theme_attr(THEME_BAD) & A_BOLD);
		assert_false(theme_attr(THEME_GOOD) & A_DIM);
		assert_false(theme_attr(THEME_BAD) & A_DIM);
		assert_true(theme_attr(THEME_DIMMED) & A_DIM);
	}
	close_screen(scr, sink, source);
}

int main(void)
{
	struct CMUnitTest tests[sizeof depths / sizeof depths[0] + 1];
	static char names[sizeof depths / sizeof depths[0]][48];
	size_t k;

	colours_load();
	/* A small screen is enough: nothing is drawn. */
	setenv("LINES", "24", 1);
	setenv("COLUMNS", "80", 1);
	for (k = 0; k < sizeof depths / sizeof depths[0]; k++) {
		snprintf(names[k], sizeof names[k], "every theme with %d colours",
		         depths[k].colors);
		tests[k] = (struct CMUnitTest){names[k], test_depth, NULL, NULL,
		                               (void *)&depths[k]};
	}
	tests[k] = (struct CMUnitTest){"no colours", test_monochrome, NULL, NULL, NULL};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
