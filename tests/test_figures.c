/* The board renderer: its figures and marks drawn to text at each size, and compared. */
#include "config.h"

#include <curses.h>
#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include <cmocka.h>

#include "tui/boardview.h"
#include "engine/settings.h"
#include "tui/theme.h"

/*
 * Each square size draws one 8x8 board whose two lowest ranks hold a sample
 * of everything a square can show, the cursor on c1:
 *
 *   rank 2  a2 attacked, b2 attacked on the cursor's falling diagonal, c2 on
 *           its file, d2 on its rising diagonal, e2 between two queens in
 *           conflict, f2 a hint, g2 just left by the search, h2 on a
 *           rank and a file between queens in conflict;
 *   rank 1  a1 and b1 queens (a dark and a light square), c1 a queen in
 *           conflict under the cursor, d1 a queen in conflict beside it,
 *           e1 a queen the search tries, f1 a square it refuses, g1 a given
 *           queen, h1 a solved board's.
 *
 * The drawing (those two ranks, their numbers and the file letters) is
 * written as text: its glyphs in UTF-8 and in ASCII, then for each palette
 * (every theme with 256 colours, calm with 16 and 8, monochrome) a letter a
 * cell standing for its colours and attributes, told below the grid.  It is
 * compared with tests/figures/WxH.txt; GOLDEN_WRITE=1 (make golden) writes
 * the files afresh instead.
 */

static const struct {
	int w, h;
} sizes[] = {{2, 1}, {4, 2}, {6, 3}, {8, 4}, {10, 5}, {12, 6}, {14, 7}, {16, 8}};

/* The terminals of each palette; monochrome is xterm-256color without colours. */
struct palette {
	const char *name, *term;
	int theme;
	bool no_color;
};

static const struct palette palettes[] = {
        {"calm, 256 colours", "xterm-256color", SETTINGS_THEME_CALM, false},
        {"wood, 256 colours", "xterm-256color", SETTINGS_THEME_WOOD, false},
        {"night, 256 colours", "xterm-256color", SETTINGS_THEME_NIGHT, false},
        {"contrast, 256 colours", "xterm-256color", SETTINGS_THEME_CONTRAST, false},
        {"calm, 16 colours", "xterm-16color", SETTINGS_THEME_CALM, false},
        {"calm, 8 colours", "xterm", SETTINGS_THEME_CALM, false},
        {"monochrome", "xterm-256color", SETTINGS_THEME_CALM, true},
};

#define N 8
#define COLS_MAX 160
#define LINES_MAX 80

/* The text being made, grown as it is written. */
struct text {
	char *s;
	size_t len, cap;
};

static void put(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (t->len + (size_t)n + 1 > t->cap) {
		t->cap = (t->len + (size_t)n + 1) * 2;
		t->s = realloc(t->s, t->cap);
		assert_non_null(t->s);
	}
	va_start(ap, fmt);
	vsnprintf(t->s + t->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	t->len += (size_t)n;
}

static void sample(uint16_t *cells)
{
	memset(cells, 0, N * N * sizeof *cells);
#define AT(f, r) cells[(f)*N + (r)]
	AT(0, 1) = BV_ATTACKED;
	AT(1, 1) = BV_ATTACKED | BV_PREVIEW;
	AT(2, 1) = BV_PREVIEW;
	AT(3, 1) = BV_PREVIEW;
	AT(4, 1) = BV_CLASH_RISING | BV_ATTACKED;
	AT(5, 1) = BV_HINT;
	AT(6, 1) = BV_LEFT;
	AT(7, 1) = BV_CLASH_RANK | BV_CLASH_FILE;
	AT(0, 0) = BV_QUEEN;
	AT(1, 0) = BV_QUEEN;
	AT(2, 0) = BV_QUEEN | BV_CONFLICT;
	AT(3, 0) = BV_QUEEN | BV_CONFLICT;
	AT(4, 0) = BV_TRY;
	AT(5, 0) = BV_REJECT;
	AT(6, 0) = BV_QUEEN | BV_LOCKED;
	AT(7, 0) = BV_QUEEN | BV_SOLVED;
#undef AT
}

/* One cell as read back: its glyph, and its colours and attributes as words. */
struct cell {
	char glyph[16];
	char look[48];
};

/*
 * Draws the sample at size k in palette p and reads back the rows of ranks
 * 2 and 1 and the file letters into out; returns the number of rows (-1
 * when the palette's terminal has no terminfo entry), their width in cols.
 */
static int draw(size_t k, const struct palette *p, bool ascii,
                struct cell out[][COLS_MAX], int *cols)
{
	uint16_t cells[N * N];
	struct boardview bv = {0};
	FILE *sink = fopen("/dev/null", "w"), *source = fopen("/dev/null", "r");
	SCREEN *scr;
	int top, rows = 0;

	assert_non_null(sink);
	assert_non_null(source);
	scr = newterm(p->term, sink, source);
	if (!scr) {
		fclose(sink);
		fclose(source);
		return -1;
	}
	theme_init(p->no_color, ascii);
	theme_set(p->theme);
	theme_set_background(SETTINGS_BACKGROUND_THEME);
	erase();
	sample(cells);
	bv.n = N;
	bv.cells = cells;
	bv.cursor = (struct square){2, 0};
	bv.show_cursor = true;
	bv.top = 0;
	bv.left = 0;
	bv.height = N * sizes[k].h + 1;
	bv.width = 2 + N * sizes[k].w;
	assert_int_equal(boardview_layout(&bv), 0);
	assert_int_equal(bv.cw, sizes[k].w);
	assert_int_equal(bv.ch, sizes[k].h);
	boardview_draw(&bv);
	/* Ranks 2 and 1, then the letters. */
	top = bv.org_y + (N - 2) * bv.ch;
	*cols = bv.width;
	for (int y = top; y <= bv.org_y + N * bv.ch; y++, rows++) {
		for (int x = 0; x < *cols; x++) {
			cchar_t cc;
			wchar_t wch[CCHARW_MAX + 1] = {0};
			attr_t attrs = 0;
			short pair = 0, fg, bg;
			mbstate_t ps = {0};
			struct cell *c = &out[rows][x];
			char colours[24] = "terminal's";
			size_t len;

			mvin_wch(y, x, &cc);
			getcchar(&cc, wch, &attrs, &pair, NULL);
			len = wch[0] ? wcrtomb(c->glyph, wch[0], &ps) : (size_t)-1;
			if (len == (size_t)-1)
				strcpy(c->glyph, "?");
			else
				c->glyph[len] = '\0';
			if (pair > 0 && pair_content(pair, &fg, &bg) == OK)
				snprintf(colours, sizeof colours, "%d on %d", fg, bg);
			snprintf(c->look, sizeof c->look, "%s%s%s%s%s", colours,
			         attrs & A_BOLD ? " bold" : "",
			         attrs & A_DIM ? " dim" : "",
			         attrs & A_UNDERLINE ? " underline" : "",
			         attrs & A_REVERSE ? " reverse" : "");
		}
	}
	endwin();
	delscreen(scr);
	fclose(sink);
	fclose(source);
	return rows;
}

/* The glyphs of the drawing, each row without its trailing blanks. */
static void put_glyphs(struct text *t, struct cell rows[][COLS_MAX], int n, int cols)
{
	for (int y = 0; y < n; y++) {
		int end = cols;

		while (end > 0 && strcmp(rows[y][end - 1].glyph, " ") == 0)
			end--;
		for (int x = 0; x < end; x++)
			put(t, "%s", rows[y][x].glyph);
		put(t, "\n");
	}
}

/* A letter a cell for its look, the looks told after the grid in order. */
static void put_looks(struct text *t, struct cell rows[][COLS_MAX], int n, int cols)
{
	static const char letters[] =
	        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
	char looks[sizeof letters][48];
	int nlooks = 0;

	for (int y = 0; y < n; y++) {
		for (int x = 0; x < cols; x++) {
			int i = 0;

			while (i < nlooks && strcmp(looks[i], rows[y][x].look) != 0)
				i++;
			if (i == nlooks) {
				assert_true(nlooks < (int)sizeof letters - 1);
				strcpy(looks[nlooks++], rows[y][x].look);
			}
			put(t, "%c", letters[i]);
		}
		put(t, "\n");
	}
	for (int i = 0; i < nlooks; i++)
		put(t, "  %c %s\n", letters[i], looks[i]);
}

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *s;
	long len;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	s = malloc((size_t)len + 1);
	assert_non_null(s);
	assert_int_equal(fread(s, 1, (size_t)len, f), (size_t)len);
	s[len] = '\0';
	fclose(f);
	return s;
}

static void test_size(void **state)
{
	size_t k = *(size_t *)*state;
	static struct cell rows[LINES_MAX][COLS_MAX];
	struct text t = {0};
	char path[4096], *want;
	const char *dir = getenv("srcdir");
	int n, cols = 0;

	snprintf(path, sizeof path, "%s/tests/figures/%dx%d.txt", dir ? dir : ".",
	         sizes[k].w, sizes[k].h);
	put(&t,
	    "# Squares of %dx%d: ranks 2 and 1 of the sample in tests/test_figures.c.\n",
	    sizes[k].w, sizes[k].h);
	for (int ascii = 0; ascii < 2; ascii++) {
		n = draw(k, &palettes[0], ascii, rows, &cols);
		assert_true(n > 0);
		put(&t, "== %s\n", ascii ? "ASCII" : "UTF-8");
		put_glyphs(&t, rows, n, cols);
	}
	for (size_t i = 0; i < sizeof palettes / sizeof palettes[0]; i++) {
		n = draw(k, &palettes[i], false, rows, &cols);
		if (n < 0) {
			/* xterm-16color comes with ncurses-term. */
			free(t.s);
			skip();
		}
		put(&t, "== %s\n", palettes[i].name);
		put_looks(&t, rows, n, cols);
	}
	if (getenv("GOLDEN_WRITE")) {
		FILE *f = fopen(path, "w");

		assert_non_null(f);
		fputs(t.s, f);
		assert_int_equal(fclose(f), 0);
	} else {
		want = read_file(path);
		if (!want)
			fail_msg("no %s: make golden writes it", path);
		if (strcmp(want, t.s) != 0) {
			/* The first line that differs, to say where. */
			const char *a = want, *b = t.s;
			int line = 1;

			while (*a && *a == *b) {
				if (*a == '\n')
					line++;
				a++;
				b++;
			}
			fail_msg("%s differs from line %d:\n%s\nnow reads:\n%s", path,
			         line, want, t.s);
		}
		free(want);
	}
	free(t.s);
}

/* The background of a cell's look, "on N" of "F on N ...". */
static const char *ground_of(const struct cell *c)
{
	const char *on = strstr(c->look, " on ");

	return on ? on + 4 : c->look;
}

static bool same_ground(const struct cell *a, const struct cell *b)
{
	return strcspn(ground_of(a), " ") == strcspn(ground_of(b), " ") &&
	       strncmp(ground_of(a), ground_of(b), strcspn(ground_of(a), " ")) == 0;
}

/*
 * Conflicts at a glance, at 6x3 (the figures' file pins every look; this
 * says which rule broke): c1, a queen in conflict under the cursor, keeps
 * the conflict's ground, as d1 beside it; the two keep their edge columns
 * in the board's ground, as a1 (a dark square, as c1) has it, so that they
 * do not merge; the line between queens in conflict is not the cursor's
 * glyph in either direction.
 */
static void test_conflict_reads(void **state)
{
	static struct cell rows[LINES_MAX][COLS_MAX];
	size_t k = 2; /* 6x3 */
	int cols, w = sizes[k].w, h = sizes[k].h, mid = h + (h - 1) / 2;
	int a1 = 2, c1 = 2 + 2 * w, d1 = 2 + 3 * w;

	(void)state;
	assert_int_equal(w, 6);
	for (int ascii = 0; ascii < 2; ascii++) {
		assert_true(draw(k, &palettes[0], ascii, rows, &cols) > 0);
		if (!same_ground(&rows[mid][c1 + w / 2], &rows[mid][d1 + w / 2]))
			fail_msg("the queen in conflict under the cursor is on %s, "
			         "one not under it on %s",
			         rows[mid][c1 + w / 2].look, rows[mid][d1 + w / 2].look);
		if (same_ground(&rows[mid][c1 + w / 2], &rows[mid][a1 + w / 2]))
			fail_msg("a queen in conflict on the ground of a calm one");
		/* c1 is a dark square as a1 is, d1 a light one as b1. */
		for (int i = 0; i < 4; i++) {
			int x = (i < 2 ? c1 : d1) + (i % 2 ? w - 1 : 0);
			int like = i < 2 ? a1 : a1 + w;

			if (!same_ground(&rows[mid][x], &rows[mid][like]))
				fail_msg("the edge of a conflict's square, column %d, is "
				         "on %s, not the board's %s",
				         x, rows[mid][x].look, rows[mid][like].look);
		}
		/*
		 * e2 holds the line between queens in conflict, d2 the cursor's,
		 * both rising, on the top line of the square two columns right of
		 * the middle: the two cells from there differ (in ASCII the
		 * conflict's is two characters wide).
		 */
		int d2 = 2 + 3 * w + (w - 1) / 2 + 2, e2 = d2 + w;
		char dl[40], el[40];

		snprintf(dl, sizeof dl, "%s%s", rows[0][d2].glyph, rows[0][d2 + 1].glyph);
		snprintf(el, sizeof el, "%s%s", rows[0][e2].glyph, rows[0][e2 + 1].glyph);
		if (strcmp(dl, el) == 0 || strcmp(rows[0][e2].glyph, " ") == 0)
			fail_msg("the conflict's diagonal drawn '%s', the cursor's '%s'",
			         el, dl);
	}
}

int main(void)
{
	static size_t index[sizeof sizes / sizeof sizes[0]];
	struct CMUnitTest tests[sizeof sizes / sizeof sizes[0] + 1];
	static char names[sizeof sizes / sizeof sizes[0]][32];

	setlocale(LC_ALL, "C.UTF-8");
	/* A screen larger than any of the boards. */
	setenv("LINES", "80", 1);
	setenv("COLUMNS", "160", 1);
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		index[k] = k;
		snprintf(names[k], sizeof names[k], "squares of %dx%d", sizes[k].w,
		         sizes[k].h);
		tests[k] =
		        (struct CMUnitTest){names[k], test_size, NULL, NULL, &index[k]};
	}
	tests[sizeof sizes / sizeof sizes[0]] = (struct CMUnitTest){
	        "conflicts at a glance", test_conflict_reads, NULL, NULL, NULL};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
