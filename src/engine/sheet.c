/* Boards drawn on an SVG sheet, ready for slides and handouts. */
#include "config.h"

#include "engine/sheet.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/board.h"
#include "engine/classes.h"
#include "engine/enumerate.h"
#include "engine/search.h"
#include "engine/symmetry.h"
#include "engine/wrap.h"

/* Sizes in user units: a board is n squares of CELL with its labels round it. */
#define LABEL 14
#define CAPTION_LINES 3
#define LINE_H 14
/* The narrowest column of boards: room for a caption of a few words a line. */
#define COLUMN_MIN_W 168
#define CAPTION (CAPTION_LINES * LINE_H + 6)
#define GAP 24
/* Between columns of boards: four columns of 8x8 boards fit A4's 180 mm. */
#define COL_GAP 16
/* A caption's character at 12 px takes about this many units, on average. */
#define CHAR_W 7

/*
 * The room left of a board for its rank numbers (11 units, right-aligned 3
 * before the board): two digits from the tenth rank on take about 14.
 */
static int label_w(int n)
{
	return n >= 10 ? 20 : LABEL;
}

/*
 * The colours, and for each a mark that says the same without it: a
 * conflict is a cross and a dashed line with a white edge, the queen
 * followed is ringed, the square tried is an outline, the line run is
 * marked with an arrow as well as lit.
 */
static const char style[] =
        "<style>.l{fill:#f0d9b5}.d{fill:#b58863}"
        ".q{fill:#202020;stroke:#f8f8f8;stroke-width:0.05}"
        ".k{fill:#2a62c9;stroke:#f8f8f8;stroke-width:0.05}"
        ".r{fill:none;stroke:#2a62c9;stroke-width:0.09}"
        ".o{fill:#f8f8f8;fill-opacity:0.6;stroke:#202020;stroke-width:0.06;"
        "stroke-dasharray:0.12 0.08}"
        ".e{fill:none;stroke:#ffffff;stroke-width:0.26;stroke-linecap:round}"
        ".a{fill:none;stroke:#b00000;stroke-width:0.12;stroke-dasharray:0.3 0.18}"
        ".b{fill:#ffffff;stroke:#b00000;stroke-width:0.05}"
        ".x{fill:none;stroke:#b00000;stroke-width:0.08;stroke-linecap:round}"
        ".t{font-size:11px;fill:#404040}.c{font-size:12px;fill:#202020}"
        ".h{font-size:18px;font-weight:bold;fill:#202020}"
        ".s{font-size:13px;font-weight:bold;fill:#202020}"
        ".p{font-family:monospace;font-size:12px;fill:#202020}"
        ".lit{fill:#f3e2a0;stroke:#202020;stroke-width:1}"
        ".n{font-size:12px;fill:#202020}</style>\n";

/* Writes text with the five characters XML reserves escaped. */
static void put_text(FILE *out, const char *s, size_t len)
{
	for (size_t i = 0; i < len && s[i]; i++) {
		switch (s[i]) {
		case '&':
			fputs("&amp;", out);
			break;
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		case '\'':
			fputs("&apos;", out);
			break;
		default:
			/* Control characters are not allowed in XML 1.0. */
			if ((unsigned char)s[i] >= 0x20 || s[i] == '\t')
				fputc(s[i], out);
			break;
		}
	}
}

/*
 * A paragraph from (x, y) in lines of per characters, broken between
 * words; what does not fit in max lines ends with an ellipsis.  Returns
 * the lines written.
 */
static int put_lines_h(FILE *out, const char *cls, int x, int y, const char *text,
                       size_t per, int max, int lh)
{
	int k = 0;

	fprintf(out, "<text class=\"%s\" x=\"%d\" y=\"%d\">", cls, x, y);
	while (*text && k < max) {
		size_t cut = wrap_cut(text, per);
		bool last = k == max - 1 && text[cut + strspn(text + cut, " ")];

		fprintf(out, "<tspan x=\"%d\" dy=\"%d\">", x, k ? lh : 0);
		if (last) {
			/* Room for the ellipsis, at a blank when there is one. */
			size_t keep = cut > 3 ? cut - 3 : 0;

			while (keep > 0 && text[keep] != ' ')
				keep--;
			put_text(out, text, keep ? keep : (cut > 3 ? cut - 3 : 0));
			fputs("...", out);
		} else {
			put_text(out, text, cut);
		}
		fputs("</tspan>", out);
		text += cut;
		text += strspn(text, " ");
		k++;
	}
	fputs("</text>\n", out);
	return k;
}

/* The same in lines of LINE_H. */
static int put_lines(FILE *out, const char *cls, int x, int y, const char *text,
                     size_t per, int max)
{
	return put_lines_h(out, cls, x, y, text, per, max, LINE_H);
}

/* The top left corner of square (file, rank) of a board at x0, y0. */
static void corner(int n, int cell, int x0, int y0, struct square sq, double *x,
                   double *y)
{
	*x = x0 + sq.file * cell;
	*y = y0 + (n - 1 - sq.rank) * cell;
}

/* One queen of the given class on its square. */
static void put_queen(FILE *out, int n, int cell, int x0, int y0, struct square sq,
                      const char *cls)
{
	double x, y;

	corner(n, cell, x0, y0, sq, &x, &y);
	fprintf(out,
	        "<use xlink:href=\"#queen\" class=\"%s\" transform=\"translate(%g %g) "
	        "scale(%d)\"/>\n",
	        cls, x, y, cell);
}

/* A cross in a white disc at the top right of a square: a queen in conflict. */
static void put_cross(FILE *out, int n, int cell, int x0, int y0, struct square sq)
{
	double x, y;

	corner(n, cell, x0, y0, sq, &x, &y);
	fprintf(out,
	        "<g transform=\"translate(%g %g) scale(%d)\"><circle class=\"b\" "
	        "cx=\"0.76\" cy=\"0.24\" r=\"0.23\"/><path class=\"x\" d=\"M0.65 0.13 "
	        "L0.87 0.35 M0.87 0.13 L0.65 0.35\"/></g>\n",
	        x, y, cell);
}

/* The line between two squares' centres, dashed on a white edge: an attack. */
static void put_attack(FILE *out, int n, int cell, int x0, int y0, struct square a,
                       struct square b)
{
	double ax, ay, bx, by;

	corner(n, cell, x0, y0, a, &ax, &ay);
	corner(n, cell, x0, y0, b, &bx, &by);
	fprintf(out,
	        "<g transform=\"translate(%g %g) scale(%d)\"><path class=\"e\" "
	        "d=\"M%g %g L%g %g\"/><path class=\"a\" d=\"M%g %g L%g %g\"/></g>\n",
	        ax, ay, cell, 0.5, 0.5, (bx - ax) / cell + 0.5, (by - ay) / cell + 0.5,
	        0.5, 0.5, (bx - ax) / cell + 0.5, (by - ay) / cell + 0.5);
}

/*
 * A board at x0, y0 (its squares; the labels to the left and under it):
 * squares, attack lines, queens, then the crosses and the ring on top.
 */
static void put_board(FILE *out, int n, int cell, int x0, int y0,
                      const struct square *queens, size_t count,
                      const struct sheet_marks *marks)
{
	char name[16];

	for (int f = 0; f < n; f++)
		for (int r = 0; r < n; r++)
			/* a1 is a dark square, as on a chessboard. */
			fprintf(out,
			        "<rect class=\"%s\" x=\"%d\" y=\"%d\" width=\"%d\" "
			        "height=\"%d\"/>\n",
			        (f + r) % 2 == 0 ? "d" : "l", x0 + f * cell,
			        y0 + (n - 1 - r) * cell, cell, cell);
	for (size_t i = 0; marks && i < marks->nconflicts; i++)
		put_attack(out, n, cell, x0, y0, marks->conflicts[i].a,
		           marks->conflicts[i].b);
	if (marks && marks->tried_on && marks->refused)
		put_attack(out, n, cell, x0, y0, marks->by, marks->tried);
	for (size_t i = 0; i < count; i++) {
		bool tracked = marks && marks->tracked_on &&
		               queens[i].file == marks->tracked.file &&
		               queens[i].rank == marks->tracked.rank;

		if (queens[i].file >= 0 && queens[i].file < n && queens[i].rank >= 0 &&
		    queens[i].rank < n)
			put_queen(out, n, cell, x0, y0, queens[i], tracked ? "k" : "q");
	}
	if (marks && marks->tried_on)
		put_queen(out, n, cell, x0, y0, marks->tried, "o");
	if (marks && marks->tried_on && marks->refused)
		put_cross(out, n, cell, x0, y0, marks->tried);
	if (marks && marks->tracked_on) {
		double x, y;

		corner(n, cell, x0, y0, marks->tracked, &x, &y);
		fprintf(out,
		        "<circle class=\"r\" transform=\"translate(%g %g) scale(%d)\" "
		        "cx=\"0.5\" cy=\"0.5\" r=\"0.44\"/>\n",
		        x, y, cell);
	}
	/* Each queen of a pair gets its cross once, however many pairs it is in. */
	for (size_t i = 0; marks && i < marks->nconflicts; i++) {
		const struct board_conflict *c = &marks->conflicts[i];
		bool a_seen = false, b_seen = false;

		for (size_t j = 0; j < i; j++) {
			const struct board_conflict *d = &marks->conflicts[j];

			a_seen = a_seen ||
			         (d->a.file == c->a.file && d->a.rank == c->a.rank) ||
			         (d->b.file == c->a.file && d->b.rank == c->a.rank);
			b_seen = b_seen ||
			         (d->a.file == c->b.file && d->a.rank == c->b.rank) ||
			         (d->b.file == c->b.file && d->b.rank == c->b.rank);
		}
		if (!a_seen)
			put_cross(out, n, cell, x0, y0, c->a);
		if (!b_seen)
			put_cross(out, n, cell, x0, y0, c->b);
	}
	/* Rank numbers on the left, file letters below. */
	for (int r = 0; r < n; r++)
		fprintf(out,
		        "<text class=\"t\" x=\"%d\" y=\"%d\" "
		        "text-anchor=\"end\">%d</text>\n",
		        x0 - 3, y0 + (n - 1 - r) * cell + cell / 2 + 4, r + 1);
	for (int f = 0; f < n; f++) {
		board_file_name(f, name, sizeof name);
		fprintf(out,
		        "<text class=\"t\" x=\"%d\" y=\"%d\" "
		        "text-anchor=\"middle\">%s</text>\n",
		        x0 + f * cell + cell / 2, y0 + n * cell + LABEL - 2, name);
	}
}

/* The papers' sizes in mm, and their names. */
static const struct {
	const char *name;
	double w, h;
} papers[SHEET_PAPER_COUNT] = {
        [SHEET_A4] = {"a4", 210.0, 297.0},
        [SHEET_LETTER] = {"letter", 215.9, 279.4},
};

const char *sheet_paper_name(enum sheet_paper p)
{
	return papers[p].name;
}

void sheet_paper_mm(enum sheet_paper p, double *w, double *h)
{
	*w = papers[p].w;
	*h = papers[p].h;
}

int sheet_paper_parse(const char *s, enum sheet_paper *p)
{
	for (int i = 0; s && i < SHEET_PAPER_COUNT; i++)
		if (strcasecmp(s, papers[i].name) == 0) {
			*p = (enum sheet_paper)i;
			return 0;
		}
	return -1;
}

enum sheet_paper sheet_paper_default(void)
{
	/* The territories whose glibc locales print on Letter. */
	static const char *const letter[] = {"US", "CA", "MX", "PH", "CL", "CO", "VE",
	                                     "CR", "GT", "NI", "PA", "PR", "SV", "DO"};
	static const char *const vars[] = {"LC_ALL", "LC_PAPER", "LANG"};
	const char *loc = NULL, *t;

	/* The first of them set and not empty decides, as setlocale() reads them. */
	for (size_t i = 0; i < sizeof vars / sizeof vars[0] && !loc; i++) {
		const char *v = getenv(vars[i]);

		if (v && *v)
			loc = v;
	}
	t = loc ? strchr(loc, '_') : NULL;
	if (!t)
		return SHEET_A4;
	t++;
	for (size_t i = 0; i < sizeof letter / sizeof letter[0]; i++)
		if (strncmp(t, letter[i], 2) == 0 &&
		    (t[2] == '\0' || t[2] == '.' || t[2] == '@'))
			return SHEET_LETTER;
	return SHEET_A4;
}

/* The page's size and its printable area's, in user units. */
#define MARGIN ((int)(SHEET_MARGIN_MM / SHEET_UNIT_MM))
static void page_units(enum sheet_paper p, double *w, double *h, int *aw, int *ah)
{
	*w = papers[p].w / SHEET_UNIT_MM;
	*h = papers[p].h / SHEET_UNIT_MM;
	*aw = (int)*w - 2 * MARGIN;
	*ah = (int)*h - 2 * MARGIN;
}

/*
 * The SVG's head: the page's size in mm with a viewBox of user units of
 * SHEET_UNIT_MM, the mark of page k of m (SHEET_MARK), the style, a white
 * page, the queen's shape.
 */
static void put_head(FILE *out, enum sheet_paper paper, int k, int m)
{
	double w, h;
	int aw, ah;

	page_units(paper, &w, &h, &aw, &ah);
	fprintf(out,
	        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	        "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	        "xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" "
	        "width=\"%gmm\" height=\"%gmm\" viewBox=\"0 0 %g %g\" "
	        "font-family=\"sans-serif\">\n",
	        papers[paper].w, papers[paper].h, w, h);
	/* On the third line, so that the page's size stays the second. */
	fprintf(out, SHEET_MARK "%d of %d -->\n", k, m);
	fputs(style, out);
	fprintf(out,
	        "<rect class=\"page\" width=\"%g\" height=\"%g\" fill=\"#ffffff\"/>\n", w,
	        h);
	/* One queen shape, drawn in a square of side 1 and scaled to each. */
	fputs("<defs><path id=\"queen\" d=\"M0.2 0.82 L0.8 0.82 L0.76 0.7 L0.86 0.28 "
	      "L0.66 0.52 L0.5 0.18 L0.34 0.52 L0.14 0.28 L0.24 0.7 Z\"/></defs>\n",
	      out);
}

/* The title's lines at most, and its line height: 18 units, bold. */
#define TITLE_LINES 3
#define TITLE_H 22
/* A title's character takes about this many units, a little over the average. */
#define TITLE_CHAR_W 11
/* The footer's room under the boards. */
#define FOOTER 20

/* The title's lines broken between words to the printable width; how many. */
static int title_lines(const char *title, int aw)
{
	int k = 0;

	for (const char *p = title; p && *p && k < TITLE_LINES; k++) {
		p += wrap_cut(p, (size_t)(aw / TITLE_CHAR_W));
		p += strspn(p, " ");
	}
	return k;
}

/* The page's foot: "page K of M" at the bottom right of the printable area. */
static void put_foot(FILE *out, enum sheet_paper paper, int k, int m)
{
	double w, h;
	int aw, ah;

	page_units(paper, &w, &h, &aw, &ah);
	fprintf(out,
	        "<text class=\"t\" x=\"%d\" y=\"%d\" text-anchor=\"end\">page %d of "
	        "%d</text>\n",
	        MARGIN + aw, MARGIN + ah - 4, k, m);
}

/* Opens the next page: its head and the title over its boards. */
static int page_open(struct sheet *sh)
{
	double w, h;
	int aw, ah;

	page_units(sh->paper, &w, &h, &aw, &ah);
	sh->buf = NULL;
	sh->size = 0;
	sh->out = open_memstream(&sh->buf, &sh->size);
	if (!sh->out) {
		sh->failed = true;
		return -1;
	}
	put_head(sh->out, sh->paper, sh->done + 1, sh->npages);
	if (sh->title[0])
		put_lines_h(sh->out, "h", MARGIN, MARGIN + 18, sh->title,
		            (size_t)(aw / TITLE_CHAR_W), TITLE_LINES, TITLE_H);
	return 0;
}

/* Closes the page being written: its foot, the end, its text kept. */
static void page_close(struct sheet *sh)
{
	if (!sh->out)
		return;
	put_foot(sh->out, sh->paper, sh->done + 1, sh->npages);
	fputs("</svg>\n", sh->out);
	if (ferror(sh->out))
		sh->failed = true;
	if (fclose(sh->out) != 0)
		sh->failed = true;
	sh->out = NULL;
	sh->page[sh->done++] = sh->buf;
	sh->buf = NULL;
}

int sheet_begin(struct sheet *sh, enum sheet_paper paper, int n, int count,
                const char *title)
{
	double w, h;
	int aw, ah, room, pref;

	memset(sh, 0, sizeof *sh);
	if (n < 1 || n > SHEET_MAX_N || count < 1 || count > SHEET_MAX_BOARDS ||
	    paper < 0 || paper >= SHEET_PAPER_COUNT)
		return -1;
	page_units(paper, &w, &h, &aw, &ah);
	sh->paper = paper;
	sh->n = n;
	sh->count = count;
	if (title)
		snprintf(sh->title, sizeof sh->title, "%s", title);
	sh->top = title ? title_lines(title, aw) * TITLE_H + 14 : 0;
	room = ah - sh->top - FOOTER;
	/*
	 * Squares as large as a column of caption words makes room for, 6 mm
	 * at most and SHEET_CELL_MM at least; smaller only where the board
	 * would not fit the printable area otherwise: never past the page.
	 */
	pref = (COLUMN_MIN_W - label_w(n)) / n;
	if (pref > 24)
		pref = 24;
	if (pref < (int)(SHEET_CELL_MM / SHEET_UNIT_MM))
		pref = (int)(SHEET_CELL_MM / SHEET_UNIT_MM);
	sh->cell = pref;
	if (label_w(n) + n * sh->cell > aw)
		sh->cell = (aw - label_w(n)) / n;
	if (n * sh->cell + LABEL + CAPTION > room)
		sh->cell = (room - LABEL - CAPTION) / n;
	/* A small board's column is wider than it, for its caption's words. */
	sh->board_w = label_w(n) + n * sh->cell < COLUMN_MIN_W
	                      ? COLUMN_MIN_W
	                      : label_w(n) + n * sh->cell;
	sh->board_h = n * sh->cell + LABEL + CAPTION;
	sh->cols = (aw + COL_GAP) / (sh->board_w + COL_GAP);
	sh->rows = (room + GAP) / (sh->board_h + GAP);
	if (sh->cols < 1)
		sh->cols = 1;
	if (sh->rows < 1)
		sh->rows = 1;
	if (sh->cols > count)
		sh->cols = count;
	sh->npages = (count + sh->cols * sh->rows - 1) / (sh->cols * sh->rows);
	sh->page = calloc((size_t)sh->npages, sizeof *sh->page);
	if (!sh->page || page_open(sh) < 0) {
		sheet_free(sh);
		return -1;
	}
	return 0;
}

void sheet_board(struct sheet *sh, const struct square *queens, size_t count,
                 const struct sheet_marks *marks, const char *caption)
{
	int per = sh->cols * sh->rows, at, col, row, x0, y0;

	if (sh->drawn >= sh->count || sh->failed)
		return;
	/* A page full: the next one, headed again. */
	if (sh->drawn > 0 && sh->drawn % per == 0) {
		page_close(sh);
		if (page_open(sh) < 0)
			return;
	}
	at = sh->drawn % per;
	col = at % sh->cols;
	row = at / sh->cols;
	x0 = MARGIN + col * (sh->board_w + COL_GAP) + label_w(sh->n);
	y0 = MARGIN + sh->top + row * (sh->board_h + GAP);
	sh->drawn++;
	fprintf(sh->out, "<g>\n");
	put_board(sh->out, sh->n, sh->cell, x0, y0, queens, count, marks);
	if (caption && *caption)
		put_lines(sh->out, "c", x0 - label_w(sh->n),
		          y0 + sh->n * sh->cell + LABEL + LINE_H + 2, caption,
		          (size_t)(sh->board_w / CHAR_W), CAPTION_LINES);
	fputs("</g>\n", sh->out);
}

int sheet_end(struct sheet *sh)
{
	page_close(sh);
	/* Every page is there, even for a sheet given fewer boards than it said. */
	while (!sh->failed && sh->done < sh->npages)
		if (page_open(sh) == 0)
			page_close(sh);
	return sh->failed ? -1 : 0;
}

void sheet_free(struct sheet *sh)
{
	if (sh->out) {
		fclose(sh->out);
		free(sh->buf);
		sh->out = NULL;
		sh->buf = NULL;
	}
	for (int i = 0; sh->page && i < sh->npages; i++)
		free(sh->page[i]);
	free(sh->page);
	sh->page = NULL;
	sh->done = 0;
}

/* The queens of ranks by file as squares; how many there are. */
static size_t squares_of(int n, const int *ranks, struct square *q)
{
	size_t count = 0;

	for (int f = 0; f < n; f++)
		if (ranks[f] >= 0)
			q[count++] = (struct square){f, ranks[f]};
	return count;
}

void sheet_ranks(struct sheet *sh, const int *ranks, const char *caption)
{
	struct square q[SHEET_MAX_N];

	sheet_board(sh, q, squares_of(sh->n, ranks, q), NULL, caption);
}

/* words into buf with its blanks made no-break spaces: a caption breaks around them. */
static const char *unbreakable(const char *words, char *buf, size_t len)
{
	size_t at = 0;

	for (; *words && at + 3 < len; words++) {
		if (*words == ' ') {
			memcpy(buf + at, "\u00a0", 2);
			at += 2;
		} else {
			buf[at++] = *words;
		}
	}
	buf[at] = '\0';
	return buf;
}

/*
 * A class's symmetry as its captions say it, "no symmetry", "own 180°
 * turn", into buf with no-break spaces, so that a caption breaks around it.
 */
static const char *symmetry_words(int orbit, char *buf, size_t len)
{
	return unbreakable(orbit == 8 ? "no symmetry" : classes_symmetry(orbit), buf,
	                   len);
}

int sheet_classes(struct sheet *sh, enum sheet_paper paper, int n, uint64_t total,
                  uint64_t classes)
{
	struct class_iter ci;
	int rep[ENUM_MAX_N];
	char title[256], caption[768], ranks[512], sym[64];

	snprintf(title, sizeof title,
	         "The %dx%d board's %" PRIu64 " solution%s in %" PRIu64 " class%s", n, n,
	         total, total == 1 ? "" : "s", classes, classes == 1 ? "" : "es");
	memset(sh, 0, sizeof *sh);
	if (classes > SHEET_MAX_BOARDS ||
	    sheet_begin(sh, paper, n, (int)classes, title) < 0)
		return -1;
	classes_start(&ci, n);
	for (uint64_t c = 0; c < classes && classes_next(&ci, rep); c++) {
		int orbit = sym_canonical(n, rep, NULL, NULL);

		board_format_ranks(n, rep, caption, sizeof caption);
		/* The ranks kept on one line, as they are read. */
		unbreakable(caption, ranks, sizeof ranks);
		snprintf(caption, sizeof caption,
		         "class %" PRIu64 ": %d member%s, %s; %s", c + 1, orbit,
		         orbit == 1 ? "" : "s", symmetry_words(orbit, sym, sizeof sym),
		         ranks);
		sheet_ranks(sh, rep, caption);
	}
	return sheet_end(sh);
}

void sheet_member(struct sheet *sh, uint64_t class_no, const struct class_variant *v,
                  int i, uint64_t index)
{
	struct square q[SHEET_MAX_N];
	struct sheet_marks marks = {.tracked_on = true};
	char caption[256];
	size_t at;
	int f = 0, r = v[0].ranks[0];

	/* The representative's queen on file a, where this member's transform takes it.
	 */
	sym_apply_square(v[i].from_rep, sh->n, &f, &r);
	marks.tracked = (struct square){f, r};
	at = (size_t)snprintf(caption, sizeof caption, "class %" PRIu64 ": ", class_no);
	/* Every transform that makes the member: the coincidences are the symmetry. */
	for (int s = 0, k = 0; s < SYM_COUNT && at < sizeof caption; s++)
		if (v[i].syms & (1u << s))
			/* No-break spaces: "rot90 = rot270" stays on one line. */
			at += (size_t)snprintf(caption + at, sizeof caption - at, "%s%s",
			                       k++ ? "\u00a0=\u00a0" : "",
			                       sym_name((enum sym)s));
	if (index && at < sizeof caption)
		snprintf(caption + at, sizeof caption - at, ", #%" PRIu64, index);
	sheet_board(sh, q, squares_of(sh->n, v[i].ranks, q), &marks, caption);
}

int sheet_class(struct sheet *sh, enum sheet_paper paper, int n, uint64_t class_no,
                const struct class_variant *v, int nvar, const uint64_t *index)
{
	char title[256], sq[16], sym[64];

	board_square_name((struct square){0, v[0].ranks[0]}, sq, sizeof sq);
	snprintf(title, sizeof title,
	         "Class %" PRIu64 " of the %dx%d board: %d member%s, %s; the queen on %s "
	         "ringed",
	         class_no, n, n, nvar, nvar == 1 ? "" : "s",
	         symmetry_words(nvar, sym, sizeof sym), sq);
	if (sheet_begin(sh, paper, n, nvar, title) < 0)
		return -1;
	for (int i = 0; i < nvar; i++)
		sheet_member(sh, class_no, v, i, index ? index[i] : 0);
	return sheet_end(sh);
}

/* The Watch frame's layout, in user units. */
#define FRAME_BOARD 288 /* the board's side at most: 72 mm */
#define FRAME_TEXT 12   /* the side column's line height */
/* A listing's character (12 units, monospace) takes 0.6 of its size. */
#define MONO_W 7.2

/* The lines of a listing, each with the one lit marked; returns where it ended. */
static int put_listing(FILE *out, int x, int y, int right, const char *listing, int lit)
{
	const char *p = listing;
	int line = 0;

	while (*p) {
		size_t len = strcspn(p, "\n");

		line++;
		y += FRAME_TEXT + 3;
		if (line == lit)
			fprintf(out,
			        "<rect class=\"lit\" x=\"%d\" y=\"%d\" width=\"%d\" "
			        "height=\"%d\"/>\n<text class=\"s\" x=\"%d\" "
			        "y=\"%d\">&#x25B6;"
			        "</text>\n",
			        x + 14, y - FRAME_TEXT + 1, right - x - 14,
			        FRAME_TEXT + 3, x, y);
		/* Blanks kept: the listing's indentation is its structure. */
		fprintf(out,
		        "<text class=\"p\" xml:space=\"preserve\" x=\"%d\" y=\"%d\"%s>",
		        x + 18, y, line == lit ? " font-weight=\"bold\"" : "");
		put_text(out, p, len);
		fputs("</text>\n", out);
		p += len;
		if (*p == '\n')
			p++;
	}
	return y;
}

/* The widest line of a listing in user units, and its number of lines. */
static int listing_size(const char *text, int *lines)
{
	size_t widest = 0;

	*lines = 0;
	for (const char *p = text; p && *p;) {
		size_t len = strcspn(p, "\n"), chars = 0;

		for (size_t i = 0; i < len; i++)
			chars += ((unsigned char)p[i] & 0xc0) != 0x80;
		if (chars > widest)
			widest = chars;
		(*lines)++;
		p += len;
		if (*p == '\n')
			p++;
	}
	return 18 + (int)(widest * MONO_W + 0.999);
}

/* The call stack from (x, y): a line a call; returns where it ended. */
static int put_stack(FILE *out, const struct search *s, int x, int y)
{
	const struct search_frame *fr;
	int depth = search_stack(s, &fr);

	fprintf(out, "<text class=\"s\" x=\"%d\" y=\"%d\">Call stack</text>\n", x, y);
	for (int d = 0; d < depth; d++) {
		char f[16];

		board_file_name(fr[d].file, f, sizeof f);
		y += FRAME_TEXT + 3;
		if (fr[d].rank >= 0)
			fprintf(out,
			        "<text class=\"p\" x=\"%d\" y=\"%d\">solve(%s) rank = "
			        "%d</text>\n",
			        x + 18, y, f, fr[d].rank + 1);
		else
			fprintf(out,
			        "<text class=\"p\" x=\"%d\" y=\"%d\">solve(%s)</text>\n",
			        x + 18, y, f);
	}
	if (depth == 0) {
		y += FRAME_TEXT + 3;
		fprintf(out, "<text class=\"p\" x=\"%d\" y=\"%d\">(empty)</text>\n",
		        x + 18, y);
	}
	return y;
}

int sheet_watch(FILE *out, enum sheet_paper paper, const struct search *s,
                const struct sheet_listing *listing, const char *title)
{
	const struct search_event *ev = search_last(s);
	const struct search_counters *c = search_counters(s);
	const struct search_frame *fr;
	const int *ranks = search_ranks(s);
	const char *text = listing ? listing->text : NULL;
	int n = search_n(s), depth = search_stack(s, &fr);
	int cell = n <= SHEET_MAX_N ? FRAME_BOARD / n : 0;
	int board, side, top, y, height, list_lines = 0, said_lines = 0, list_w, aw, ah;
	int stack_h, left, right, tl;
	bool tree = search_is_tree(search_algo(s)), beside;
	char buf[1024], *said = buf, head[256];
	size_t need, per;
	double pw, ph, scale = 1;

	page_units(paper, &pw, &ph, &aw, &ah);
	per = (size_t)(aw / CHAR_W);
	if (cell > 36)
		cell = 36;
	board = cell ? n * cell + LABEL : 0;
	side = label_w(n) + (cell ? n * cell : 0) + GAP;
	list_w = text ? listing_size(text, &list_lines) : 0;
	/* The listing beside the board where its widest line fits, else under it. */
	beside = side + list_w <= aw;
	need = search_explain(s, true, buf, sizeof buf);
	if (need >= sizeof buf) {
		said = malloc(need + 1);
		if (!said)
			return -1;
		search_explain(s, true, said, need + 1);
	}
	for (const char *p = said; *p; said_lines++) {
		p += wrap_cut(p, per);
		p += strspn(p, " ");
	}
	if (said_lines > 8)
		said_lines = 8;
	if (!title) {
		snprintf(head, sizeof head, "nqueens watch %d, %s: event %" PRIu64, n,
		         search_algo_name(search_algo(s)), c->events);
		title = head;
	}
	tl = title_lines(title, aw);
	top = tl * TITLE_H + 14;
	/* The columns' heights: the board, and beside it the listing then the stack. */
	stack_h = tree ? (depth + 2) * (FRAME_TEXT + 3) : 0;
	left = (cell ? board : 2 * LINE_H) +
	       (text && !beside ? GAP + (list_lines + 1) * (FRAME_TEXT + 3) : 0);
	right = (text && beside ? (list_lines + 2) * (FRAME_TEXT + 3) : 0) + stack_h;
	y = top + (left > right ? left : right);
	height = y + GAP + 2 * LINE_H + 12 + said_lines * LINE_H;
	/* Drawn smaller where it is taller than the page: never past its margins. */
	if (height > ah)
		scale = (double)ah / height;
	put_head(out, paper, 1, 1);
	fprintf(out, "<g transform=\"translate(%d %d) scale(%g)\">\n", MARGIN, MARGIN,
	        scale);
	put_lines_h(out, "h", 0, 18, title, (size_t)(aw / TITLE_CHAR_W), TITLE_LINES,
	            TITLE_H);
	/* The board: the queens placed, the square tried, a refusal marked. */
	if (cell) {
		struct square q[SHEET_MAX_N];
		struct sheet_marks marks = {
		        .tried_on =
		                ev->kind == SEARCH_EV_TRY || ev->kind == SEARCH_EV_REJECT,
		        .tried = ev->sq,
		        .refused = ev->kind == SEARCH_EV_REJECT,
		        .by = ev->attacker,
		};

		put_board(out, n, cell, label_w(n), top, q, squares_of(n, ranks, q),
		          &marks);
	} else {
		snprintf(head, sizeof head, "The %dx%d board is too large to draw here.",
		         n, n);
		put_lines(out, "c", 0, top + LINE_H, head, 80, 2);
	}
	/* Beside it: the listing with its line lit (or under the board), the stack. */
	y = top + FRAME_TEXT;
	if (text) {
		int x = beside ? side : 0, ly = beside ? y : top + board + GAP;

		fprintf(out, "<text class=\"s\" x=\"%d\" y=\"%d\">", x, ly);
		snprintf(head, sizeof head, "%s: %s",
		         listing->lang ? listing->lang : "Listing",
		         search_algo_name(search_algo(s)));
		put_text(out, head, strlen(head));
		fputs("</text>\n", out);
		ly = put_listing(out, x, ly, aw, text, listing->lit);
		if (beside)
			y = ly + 2 * FRAME_TEXT + 6;
	}
	if (tree)
		put_stack(out, s, side, y);
	/* Under both: the last event, the counters, then the narration. */
	y = top + (left > right ? left : right) + GAP;
	search_describe(s, head, sizeof head);
	fprintf(out, "<text class=\"s\" x=\"0\" y=\"%d\">Last: ", y);
	put_text(out, head[0] ? head : "(nothing yet)",
	         strlen(head[0] ? head : "(nothing yet)"));
	fputs("</text>\n", out);
	y += LINE_H + 4;
	fprintf(out,
	        "<text class=\"n\" x=\"0\" y=\"%d\">events %" PRIu64 ", tested %" PRIu64
	        ", placed %" PRIu64 ", removed %" PRIu64 ", solutions %" PRIu64
	        "</text>\n",
	        y, c->events, c->tested, c->placed, c->removed, c->solutions);
	y += LINE_H + 8;
	if (said[0])
		put_lines(out, "n", 0, y, said, per, 8);
	if (said != buf)
		free(said);
	fputs("</g>\n", out);
	put_foot(out, paper, 1, 1);
	fputs("</svg>\n", out);
	return ferror(out) ? -1 : 0;
}
