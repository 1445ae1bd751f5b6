/* Browse's exports without a terminal: the solution, the class opened or every class (the
 * handout) as text, or as an SVG sheet of boards. */
#include "config.h"

#include "tui/browse_model.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board.h"
#include "engine/catalog.h"
#include "engine/classes.h"
#include "engine/sheet.h"
#include "engine/symmetry.h"

static size_t text_add(char *buf, size_t len, size_t at, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));

static size_t text_add(char *buf, size_t len, size_t at, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (at >= len)
		return at;
	va_start(ap, fmt);
	k = vsnprintf(buf + at, len - at, fmt, ap);
	va_end(ap);
	return k > 0 ? at + (size_t)k : at;
}

/* A board diagram, its ranks and its squares. */
static size_t text_board(char *buf, size_t len, size_t at, int n, const int *p)
{
	char pic[4096], ranks[256], squares[512];

	board_format_picture(n, p, pic, sizeof pic);
	board_format_ranks(n, p, ranks, sizeof ranks);
	board_format_squares(n, p, squares, sizeof squares);
	return text_add(buf, len, at, "%s\nranks:   %s\nsquares: %s\n", pic, ranks,
	                squares);
}

/* The class chosen with every member, each with its transforms and its number. */
static size_t text_class(struct browse_model *m, char *stem, size_t stemlen, char *text,
                         size_t len)
{
	size_t at = 0;

	snprintf(stem, stemlen, "nqueens-%dx%d-class-%" PRIu64, m->n, m->n, m->var_class);
	at = text_add(text, len, at,
	              "nqueens: class %" PRIu64
	              " of the %dx%d board, %d member%s, symmetry: %s\n\n",
	              m->var_class, m->n, m->n, m->nvar, m->nvar == 1 ? "" : "s",
	              classes_symmetry(m->nvar));
	for (int i = 0; i < m->nvar; i++) {
		at = text_add(text, len, at, "%s", sym_name(m->var[i].from_rep));
		if (m->varidx[i])
			at = text_add(text, len, at, ", solution #%" PRIu64,
			              m->varidx[i]);
		at = text_add(text, len, at, "%s:\n",
		              i == 0 ? " (the representative)" : "");
		at = text_board(text, len, at, m->n, m->var[i].ranks);
		at = text_add(text, len, at, "\n");
	}
	return at;
}

/* The columns text takes: every character the handout writes is one wide. */
static int columns(const char *s)
{
	int k = 0;

	for (; *s; s++)
		k += ((unsigned char)*s & 0xc0) != 0x80;
	return k;
}

const char *browse_symmetry_words(int orbit)
{
	return orbit == 8 ? "no symmetry" : classes_symmetry(orbit);
}

/* A handout line is at most this wide; the boards stand this far apart. */
#define HANDOUT_WIDTH 79
#define HANDOUT_GAP 3

/* The lines above a class's board in the handout. */
#define HANDOUT_HEAD 4

/* Line k of the handout's block for class c (1-based) with representative rep. */
static void handout_line(int n, uint64_t c, const int *rep, int k, char *buf, size_t len)
{
	char pic[4096], *line = pic, *end;
	int orbit = sym_canonical(n, rep, NULL, NULL);

	switch (k) {
	case 0:
		snprintf(buf, len, "class %" PRIu64, c);
		return;
	case 1:
		snprintf(buf, len, "%d member%s", orbit, orbit == 1 ? "" : "s");
		return;
	case 2:
		snprintf(buf, len, "%s", browse_symmetry_words(orbit));
		return;
	case 3:
		board_format_ranks(n, rep, buf, len);
		return;
	}
	/* The board's picture, one line of it. */
	board_format_picture(n, rep, pic, sizeof pic);
	for (k -= HANDOUT_HEAD; k > 0 && (end = strchr(line, '\n')); k--)
		line = end + 1;
	end = strchr(line, '\n');
	snprintf(buf, len, "%.*s", end ? (int)(end - line) : (int)strlen(line), line);
}

/*
 * Line k of the classes c0 to c1 (0-based, c1 excluded) side by side, each
 * in a column of width, no blanks at the end.
 */
static void handout_row(int n, int (*reps)[ENUM_MAX_N], uint64_t c0, uint64_t c1, int k,
                        int width, char *line, size_t len)
{
	char cell[1024];
	size_t used = 0;

	line[0] = '\0';
	for (uint64_t c = c0; c < c1 && used < len; c++) {
		int pad;

		handout_line(n, c + 1, reps[c], k, cell, sizeof cell);
		/* Padded to the next column, but for the last on the line. */
		pad = c + 1 < c1 ? width - columns(cell) + HANDOUT_GAP : 0;
		used += (size_t)snprintf(line + used, len - used, "%s%*s", cell, pad, "");
	}
	used = strlen(line);
	while (used > 0 && line[used - 1] == ' ')
		line[--used] = '\0';
}

/*
 * Every class as a board, side by side as many as a line holds, each under
 * its number, its members, its symmetry and its representative's ranks.
 */
static size_t text_handout(struct browse_model *m, char *stem, size_t stemlen, char *text,
                           size_t len)
{
	struct catalog_state st;
	struct class_iter ci;
	int n = m->n, width = 0, per_line, lines = HANDOUT_HEAD + n + 1;
	int(*reps)[ENUM_MAX_N];
	char line[4096], cell[1024], *orbits;
	size_t at = 0;

	catalog_state(m->cat, &st);
	snprintf(stem, stemlen, "nqueens-%dx%d-classes", n, n);
	reps = calloc(st.classes ? st.classes : 1, sizeof *reps);
	if (!reps)
		return len;
	classes_start(&ci, n);
	for (uint64_t c = 0; c < st.classes && classes_next(&ci, reps[c]); c++) {
		for (int k = 0; k < lines; k++) {
			handout_line(n, c + 1, reps[c], k, cell, sizeof cell);
			width = columns(cell) > width ? columns(cell) : width;
		}
	}
	per_line = (HANDOUT_WIDTH + HANDOUT_GAP) / (width + HANDOUT_GAP);
	per_line = per_line < 1 ? 1 : per_line;
	/* " 12 classes: 11 of 8 members, 1 of 4 members": its tail. */
	browse_model_classes_head(m, line, sizeof line);
	orbits = strstr(line, ": ");
	at = text_add(text, len, at,
	              "nqueens: the %dx%d board's %" PRIu64 " solution%s in %" PRIu64
	              " class%s:\n%s.\n\n"
	              "Each board is a class's representative, the first of its members\n"
	              "in the order of the solutions; above it, the class's number, its\n"
	              "members, its symmetry and the representative's ranks by file.\n",
	              n, n, m->total, m->total == 1 ? "" : "s", st.classes,
	              st.classes == 1 ? "" : "es", orbits ? orbits + 2 : "");
	for (uint64_t c0 = 0; c0 < st.classes; c0 += (uint64_t)per_line) {
		uint64_t c1 = c0 + (uint64_t)per_line < st.classes
		                      ? c0 + (uint64_t)per_line
		                      : st.classes;

		at = text_add(text, len, at, "\n");
		for (int k = 0; k < lines; k++) {
			handout_row(n, reps, c0, c1, k, width, line, sizeof line);
			at = text_add(text, len, at, "%s\n", line);
		}
	}
	free(reps);
	return at;
}

/* Whether every class can be written: up to BROWSE_HANDOUT_MAX_N, once all are found. */
static bool handout_ready(struct browse_model *m)
{
	struct catalog_state st;

	catalog_state(m->cat, &st);
	if (m->n > BROWSE_HANDOUT_MAX_N) {
		snprintf(m->message, sizeof m->message,
		         "Not exported: a handout of every class is made up to "
		         "%dx%d; Enter on a class, then x, writes that class.",
		         BROWSE_HANDOUT_MAX_N, BROWSE_HANDOUT_MAX_N);
		return false;
	}
	if (!st.classes_done) {
		snprintf(m->message, sizeof m->message,
		         "Not exported: the classes are still being found.");
		return false;
	}
	return true;
}

int browse_model_export_text(struct browse_model *m, char *stem, size_t stemlen,
                             char *text, size_t len)
{
	size_t at = 0;

	if (len)
		text[0] = '\0';
	if (m->view == BROWSE_VIEW_CLASSES) {
		if (!handout_ready(m))
			return -1;
		at = text_handout(m, stem, stemlen, text, len);
	} else if (m->view == BROWSE_VIEW_MEMBERS) {
		at = text_class(m, stem, stemlen, text, len);
	} else {
		snprintf(stem, stemlen, "nqueens-%dx%d-solution-%" PRIu64, m->n, m->n,
		         m->index);
		at = text_add(text, len, at,
		              "nqueens: solution #%" PRIu64 " of %" PRIu64
		              " on the %dx%d board\n\n",
		              m->index, m->total, m->n, m->n);
		at = text_board(text, len, at, m->n, m->ranks);
	}
	if (at >= len) {
		snprintf(m->message, sizeof m->message,
		         "Not exported: the text is too long.");
		return -1;
	}
	return 0;
}

/*
 * The export as an SVG sheet on the locale's paper, its pages in sh (to
 * sheet_free): the handout, the class or the solution; -1 with the reason
 * in the message.
 */
int browse_export_svg(struct browse_model *m, struct sheet *sh, char *stem,
                      size_t stemlen)
{
	enum sheet_paper paper = sheet_paper_default();
	char ranks[256], caption[300];
	int rc;

	memset(sh, 0, sizeof *sh);
	if (m->view == BROWSE_VIEW_CLASSES && !handout_ready(m))
		return -1;
	if (m->view == BROWSE_VIEW_CLASSES) {
		struct catalog_state st;

		/* The engine's sheet of the classes, list --unique's too. */
		catalog_state(m->cat, &st);
		snprintf(stem, stemlen, "nqueens-%dx%d-classes", m->n, m->n);
		rc = sheet_classes(sh, paper, m->n, m->total, st.classes);
	} else if (m->view == BROWSE_VIEW_MEMBERS) {
		/* The class opened: each member under its transforms and number. */
		snprintf(stem, stemlen, "nqueens-%dx%d-class-%" PRIu64, m->n, m->n,
		         m->var_class);
		rc = sheet_class(sh, paper, m->n, m->var_class, m->var, m->nvar,
		                 m->varidx);
	} else {
		snprintf(stem, stemlen, "nqueens-%dx%d-solution-%" PRIu64, m->n, m->n,
		         m->index);
		board_format_ranks(m->n, m->ranks, ranks, sizeof ranks);
		snprintf(caption, sizeof caption, "#%" PRIu64 " of %" PRIu64 ": %s",
		         m->index, m->total, ranks);
		rc = sheet_begin(sh, paper, m->n, 1, NULL);
		if (rc == 0) {
			sheet_ranks(sh, m->ranks, caption);
			rc = sheet_end(sh);
		}
	}
	if (rc < 0) {
		snprintf(m->message, sizeof m->message,
		         "Not exported: the sheet could not be made.");
		sheet_free(sh);
		return -1;
	}
	return 0;
}
