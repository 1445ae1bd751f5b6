/* The search in real code: the listings of data/code/, their lit lines and variables. */
#include "config.h"

#include "engine/code.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/errmsg.h"
#include "engine/fileio.h"

/* A listing is short: anything larger is not one. */
#define CODE_MAX_BYTES 65536

/* Where the three reasons of a refusal are; which a refusal lights goes by its line. */
enum { WHY_RANK, WHY_DIAGONAL, WHY_ANTI, WHY_COUNT };

/*
 * The lines each event lights, named by a piece of their text that no other
 * line of the listing holds: editing a listing so that a piece goes
 * missing, or turns up twice, stops it loading rather than lighting the
 * wrong line.  A refusal lights the line of its reason where the reasons
 * have lines of their own (why), the line of its test where they share
 * one; the outermost call lights its own line (NULL: the same as the
 * others).
 */
struct code_spec {
	const char *file;
	const char *kind[SEARCH_EV_DONE + 1];
	const char *why[WHY_COUNT];
	const char *outermost;
	struct code_names names;
};

/* One fragment a line reads best. */
/* clang-format off */
static const struct code_spec specs[SEARCH_ALGO_COUNT][CODE_LANG_COUNT] = {
	[SEARCH_BACKTRACK] = {
		[CODE_PYTHON] =
		{"backtrack.py",
		 {[SEARCH_EV_TRY] = "for rank in range(n):",
		  [SEARCH_EV_REJECT] = "if rank_used[rank] or up_used[up] or",
		  [SEARCH_EV_PLACE] = "x[file] = rank",
		  [SEARCH_EV_ENTER] = "solve(file + 1)",
		  [SEARCH_EV_SOLUTION] = "count += 1",
		  [SEARCH_EV_REMOVE] = "down_used[down] = False",
		  [SEARCH_EV_RETURN] = "for rank in range(n):",
		  [SEARCH_EV_DONE] = "print(count)"},
		 {NULL, NULL, NULL},
		 "solve(0)",
		 {"solve", "x", NULL, {"rank_used", "up_used", "down_used"}, "file", "rank",
		  {"up", "down"}, NULL, NULL, "count"}},
		[CODE_C] =
		{"backtrack.c",
		 {[SEARCH_EV_TRY] = "for (int rank = 0; rank < n; rank++)",
		  [SEARCH_EV_REJECT] = "if (rank_used[rank] || up_used[up] ||",
		  [SEARCH_EV_PLACE] = "x[file] = rank;",
		  [SEARCH_EV_ENTER] = "solve(file + 1);",
		  [SEARCH_EV_SOLUTION] = "count++;",
		  [SEARCH_EV_REMOVE] = "down_used[down] = false;",
		  [SEARCH_EV_RETURN] = "for (int rank = 0; rank < n; rank++)",
		  [SEARCH_EV_DONE] = "printf(\"%ld\\n\", count);"},
		 {NULL, NULL, NULL},
		 "solve(0);",
		 {"solve", "x", NULL, {"rank_used", "up_used", "down_used"}, "file", "rank",
		  {"up", "down"}, NULL, NULL, "count"}},
		[CODE_JAVA] =
		{"Backtrack.java",
		 {[SEARCH_EV_TRY] = "for (int rank = 0; rank < n; rank++)",
		  [SEARCH_EV_REJECT] = "if (rankUsed[rank] || upUsed[up] ||",
		  [SEARCH_EV_PLACE] = "x[file] = rank;",
		  [SEARCH_EV_ENTER] = "solve(file + 1);",
		  [SEARCH_EV_SOLUTION] = "count++;",
		  [SEARCH_EV_REMOVE] = "downUsed[down] = false;",
		  [SEARCH_EV_RETURN] = "for (int rank = 0; rank < n; rank++)",
		  [SEARCH_EV_DONE] = "System.out.println(count);"},
		 {NULL, NULL, NULL},
		 "solve(0);",
		 {"solve", "x", NULL, {"rankUsed", "upUsed", "downUsed"}, "file", "rank",
		  {"up", "down"}, NULL, NULL, "count"}},
	},
	[SEARCH_SCAN] = {
		[CODE_PYTHON] =
		{"scan.py",
		 {[SEARCH_EV_TRY] = "for rank in range(n):",
		  [SEARCH_EV_PLACE] = "board[file][rank] = True",
		  [SEARCH_EV_ENTER] = "solve(file + 1)",
		  [SEARCH_EV_SOLUTION] = "count += 1",
		  [SEARCH_EV_REMOVE] = "board[file][rank] = False",
		  [SEARCH_EV_RETURN] = "for rank in range(n):",
		  [SEARCH_EV_DONE] = "print(count)"},
		 {"seen(file, rank, 0)", "seen(file, rank, -1)", "seen(file, rank, 1)"},
		 "solve(0)",
		 {"solve", NULL, "board", {NULL, NULL, NULL}, "file", "rank",
		  {NULL, NULL}, NULL, NULL, "count"}},
		[CODE_C] =
		{"scan.c",
		 {[SEARCH_EV_TRY] = "for (int rank = 0; rank < n; rank++)",
		  [SEARCH_EV_PLACE] = "board[file][rank] = true;",
		  [SEARCH_EV_ENTER] = "solve(file + 1);",
		  [SEARCH_EV_SOLUTION] = "count++;",
		  [SEARCH_EV_REMOVE] = "board[file][rank] = false;",
		  [SEARCH_EV_RETURN] = "for (int rank = 0; rank < n; rank++)",
		  [SEARCH_EV_DONE] = "printf(\"%ld\\n\", count);"},
		 {"!seen(file, rank, 0)", "!seen(file, rank, -1)", "!seen(file, rank, 1)"},
		 "solve(0);",
		 {"solve", NULL, "board", {NULL, NULL, NULL}, "file", "rank",
		  {NULL, NULL}, NULL, NULL, "count"}},
		[CODE_JAVA] =
		{"Scan.java",
		 {[SEARCH_EV_TRY] = "for (int rank = 0; rank < n; rank++)",
		  [SEARCH_EV_PLACE] = "board[file][rank] = true;",
		  [SEARCH_EV_ENTER] = "solve(file + 1);",
		  [SEARCH_EV_SOLUTION] = "count++;",
		  [SEARCH_EV_REMOVE] = "board[file][rank] = false;",
		  [SEARCH_EV_RETURN] = "for (int rank = 0; rank < n; rank++)",
		  [SEARCH_EV_DONE] = "System.out.println(count);"},
		 {"!seen(file, rank, 0)", "!seen(file, rank, -1)", "!seen(file, rank, 1)"},
		 "solve(0);",
		 {"solve", NULL, "board", {NULL, NULL, NULL}, "file", "rank",
		  {NULL, NULL}, NULL, NULL, "count"}},
	},
	[SEARCH_PERMUTE] = {
		[CODE_PYTHON] =
		{"permute.py",
		 {[SEARCH_EV_TRY] = "for rank in range(n):",
		  [SEARCH_EV_REJECT] = "if up_used[up] or down_used[down]:",
		  [SEARCH_EV_PLACE] = "x[file] = rank",
		  [SEARCH_EV_ENTER] = "solve(file + 1)",
		  [SEARCH_EV_SOLUTION] = "count += 1",
		  [SEARCH_EV_REMOVE] = "down_used[down] = False",
		  [SEARCH_EV_RETURN] = "for rank in range(n):",
		  [SEARCH_EV_DONE] = "print(count)"},
		 {"if rank_used[rank]:", "if up_used[up] or down_used[down]:",
		  "if up_used[up] or down_used[down]:"},
		 "solve(0)",
		 {"solve", "x", NULL, {"rank_used", "up_used", "down_used"}, "file", "rank",
		  {"up", "down"}, NULL, NULL, "count"}},
		[CODE_C] =
		{"permute.c",
		 {[SEARCH_EV_TRY] = "for (int rank = 0; rank < n; rank++)",
		  [SEARCH_EV_REJECT] = "if (up_used[up] || down_used[down])",
		  [SEARCH_EV_PLACE] = "x[file] = rank;",
		  [SEARCH_EV_ENTER] = "solve(file + 1);",
		  [SEARCH_EV_SOLUTION] = "count++;",
		  [SEARCH_EV_REMOVE] = "down_used[down] = false;",
		  [SEARCH_EV_RETURN] = "for (int rank = 0; rank < n; rank++)",
		  [SEARCH_EV_DONE] = "printf(\"%ld\\n\", count);"},
		 {"if (rank_used[rank])", "if (up_used[up] || down_used[down])",
		  "if (up_used[up] || down_used[down])"},
		 "solve(0);",
		 {"solve", "x", NULL, {"rank_used", "up_used", "down_used"}, "file", "rank",
		  {"up", "down"}, NULL, NULL, "count"}},
		[CODE_JAVA] =
		{"Permute.java",
		 {[SEARCH_EV_TRY] = "for (int rank = 0; rank < n; rank++)",
		  [SEARCH_EV_REJECT] = "if (upUsed[up] || downUsed[down])",
		  [SEARCH_EV_PLACE] = "x[file] = rank;",
		  [SEARCH_EV_ENTER] = "solve(file + 1);",
		  [SEARCH_EV_SOLUTION] = "count++;",
		  [SEARCH_EV_REMOVE] = "downUsed[down] = false;",
		  [SEARCH_EV_RETURN] = "for (int rank = 0; rank < n; rank++)",
		  [SEARCH_EV_DONE] = "System.out.println(count);"},
		 {"if (rankUsed[rank])", "if (upUsed[up] || downUsed[down])",
		  "if (upUsed[up] || downUsed[down])"},
		 "solve(0);",
		 {"solve", "x", NULL, {"rankUsed", "upUsed", "downUsed"}, "file", "rank",
		  {"up", "down"}, NULL, NULL, "count"}},
	},
	/*
	 * A call lights its call, as in the others; the loop's head takes a
	 * queen's bit back, undoing nothing, and ends the call.
	 */
	[SEARCH_BITS] = {
		[CODE_PYTHON] =
		{"bits.py",
		 {[SEARCH_EV_TRY] = "bit = free & -free",
		  [SEARCH_EV_PLACE] = "x[file] = bit.bit_length() - 1",
		  [SEARCH_EV_ENTER] = "solve(file + 1, ranks | bit, (up | bit) << 1,",
		  [SEARCH_EV_SOLUTION] = "count += 1",
		  [SEARCH_EV_REMOVE] = "while free:",
		  [SEARCH_EV_RETURN] = "while free:",
		  [SEARCH_EV_DONE] = "print(count)"},
		 {NULL, NULL, NULL},
		 "solve(0, 0, 0, 0)",
		 {"solve", "x", NULL, {"ranks", "up", "down"}, "file", NULL,
		  {NULL, NULL}, "free", "bit", "count"}},
		[CODE_C] =
		{"bits.c",
		 {[SEARCH_EV_TRY] = "unsigned bit = free & -free;",
		  [SEARCH_EV_PLACE] = "x[file] = __builtin_ctz(bit);",
		  [SEARCH_EV_ENTER] = "solve(file + 1, ranks | bit, (up | bit) << 1,",
		  [SEARCH_EV_SOLUTION] = "count++;",
		  [SEARCH_EV_REMOVE] = "while (free) {",
		  [SEARCH_EV_RETURN] = "while (free) {",
		  [SEARCH_EV_DONE] = "printf(\"%ld\\n\", count);"},
		 {NULL, NULL, NULL},
		 "solve(0, 0, 0, 0);",
		 {"solve", "x", NULL, {"ranks", "up", "down"}, "file", NULL,
		  {NULL, NULL}, "free", "bit", "count"}},
		[CODE_JAVA] =
		{"Bits.java",
		 {[SEARCH_EV_TRY] = "int bit = free & -free;",
		  [SEARCH_EV_PLACE] = "x[file] = Integer.numberOfTrailingZeros(bit);",
		  [SEARCH_EV_ENTER] = "solve(file + 1, ranks | bit, (up | bit) << 1,",
		  [SEARCH_EV_SOLUTION] = "count++;",
		  [SEARCH_EV_REMOVE] = "while (free != 0) {",
		  [SEARCH_EV_RETURN] = "while (free != 0) {",
		  [SEARCH_EV_DONE] = "System.out.println(count);"},
		 {NULL, NULL, NULL},
		 "solve(0, 0, 0, 0);",
		 {"solve", "x", NULL, {"ranks", "up", "down"}, "file", NULL,
		  {NULL, NULL}, "free", "bit", "count"}},
	},
};
/* clang-format on */

/* What each event kind does, for a message about a line that is not found. */
static const char *const kind_does[SEARCH_EV_DONE + 1] = {
        [SEARCH_EV_TRY] = "a try",           [SEARCH_EV_REJECT] = "a refusal",
        [SEARCH_EV_PLACE] = "a placement",   [SEARCH_EV_ENTER] = "a call",
        [SEARCH_EV_SOLUTION] = "a solution", [SEARCH_EV_REMOVE] = "a removal",
        [SEARCH_EV_RETURN] = "a return",     [SEARCH_EV_DONE] = "the end",
};

static const char *const lang_names[CODE_LANG_COUNT] = {"python", "c", "java"};

struct code_listing {
	enum search_algo algo;
	enum code_lang lang;
	char *text;   /* the lines, each ended by a NUL */
	char **lines; /* [count] */
	int count;
	int kind[SEARCH_EV_DONE + 1];
	int why[WHY_COUNT];
	int outermost;
};

const char *code_lang_name(enum code_lang l)
{
	return l < CODE_LANG_COUNT ? lang_names[l] : "?";
}

enum code_lang code_lang_from_name(const char *name)
{
	for (int l = 0; l < CODE_LANG_COUNT; l++)
		if (strcmp(name, lang_names[l]) == 0)
			return (enum code_lang)l;
	return CODE_LANG_COUNT;
}

bool code_has(enum search_algo a)
{
	return a < SEARCH_ALGO_COUNT && specs[a][CODE_PYTHON].file != NULL;
}

const char *code_file(enum search_algo a, enum code_lang l, char *buf, size_t len)
{
	snprintf(buf, len, "code/%s",
	         code_has(a) && l < CODE_LANG_COUNT ? specs[a][l].file : "?");
	return buf;
}

/* The one line (from 1) that holds piece; 0 when none, -1 when two or more (*other:
 * which). */
static int find_line(const struct code_listing *c, const char *piece, int *first)
{
	int at = 0;

	for (int i = 0; i < c->count; i++) {
		if (!strstr(c->lines[i], piece))
			continue;
		if (at) {
			*first = at;
			return -(i + 1);
		}
		at = i + 1;
	}
	return at;
}

/* Whether name stands in the listing as a word of its own. */
static bool has_word(const struct code_listing *c, const char *name)
{
	size_t len = strlen(name);

	for (int i = 0; i < c->count; i++)
		for (const char *p = c->lines[i]; (p = strstr(p, name)) != NULL; p++) {
			bool before = p > c->lines[i] &&
			              (isalnum((unsigned char)p[-1]) || p[-1] == '_');
			bool after = isalnum((unsigned char)p[len]) || p[len] == '_';

			if (!before && !after)
				return true;
		}
	return false;
}

/* Resolves piece to its line into *line, or says in err why it cannot. */
static int resolve(const struct code_listing *c, const char *path, const char *piece,
                   const char *does, int *line, char *err, size_t errlen)
{
	int first = 0, at = find_line(c, piece, &first);

	if (at == 0) {
		errmsg_set(err, errlen, "%s: no line holds '%s', which %s lights", path,
		           piece, does);
		return -1;
	}
	if (at < 0) {
		errmsg_set(err, errlen,
		           "%s:%d: '%s' is on line %d too; %s lights one line alone",
		           path, -at, piece, first, does);
		return -1;
	}
	*line = at;
	return 0;
}

static int code_resolve(struct code_listing *c, const char *path, char *err,
                        size_t errlen)
{
	const struct code_spec *sp = &specs[c->algo][c->lang];
	const struct code_names *nm = &sp->names;
	const char *names[] = {nm->call,     nm->x,        nm->board, nm->taken[0],
	                       nm->taken[1], nm->taken[2], nm->file,  nm->rank,
	                       nm->index[0], nm->index[1], nm->free,  nm->bit,
	                       nm->count};

	for (int k = 0; k <= SEARCH_EV_DONE; k++)
		if (sp->kind[k] &&
		    resolve(c, path, sp->kind[k], kind_does[k], &c->kind[k], err, errlen))
			return -1;
	for (int w = 0; w < WHY_COUNT; w++)
		if (sp->why[w] &&
		    resolve(c, path, sp->why[w], kind_does[SEARCH_EV_REJECT], &c->why[w],
		            err, errlen))
			return -1;
	if (sp->outermost && resolve(c, path, sp->outermost, "the outermost call",
	                             &c->outermost, err, errlen))
		return -1;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i] && !has_word(c, names[i])) {
			errmsg_set(err, errlen, "%s: no variable '%s' in it", path,
			           names[i]);
			return -1;
		}
	return 0;
}

struct code_listing *code_parse(const char *text, const char *path, enum search_algo a,
                                enum code_lang l, char *err, size_t errlen)
{
	struct code_listing *c;
	size_t len = strlen(text);
	int lines = 1;

	if (!code_has(a) || l >= CODE_LANG_COUNT) {
		errmsg_set(err, errlen, "%s: no listing of %s in %s", path,
		           search_algo_name(a), code_lang_name(l));
		return NULL;
	}
	for (const char *p = text; *p; p++)
		lines += *p == '\n';
	c = calloc(1, sizeof *c);
	if (c) {
		c->text = malloc(len + 1);
		c->lines = calloc((size_t)lines, sizeof *c->lines);
	}
	if (!c || !c->text || !c->lines) {
		code_free(c);
		errmsg_set(err, errlen, "out of memory");
		return NULL;
	}
	c->algo = a;
	c->lang = l;
	memcpy(c->text, text, len + 1);
	for (char *p = c->text; *p || c->count == 0;) {
		char *end = p + strcspn(p, "\n");
		bool last = *end == '\0';

		c->lines[c->count++] = p;
		*end = '\0';
		if (last)
			break;
		p = end + 1;
	}
	/* A final newline ends the last line; it starts none. */
	if (c->count > 1 && c->lines[c->count - 1][0] == '\0' && len &&
	    text[len - 1] == '\n')
		c->count--;
	if (code_resolve(c, path, err, errlen)) {
		code_free(c);
		return NULL;
	}
	return c;
}

struct code_listing *code_load(const char *path, enum search_algo a, enum code_lang l,
                               char *err, size_t errlen)
{
	char *text = fileio_load_text(path, CODE_MAX_BYTES, "a listing", err, errlen);
	struct code_listing *c;

	if (!text)
		return NULL;
	c = code_parse(text, path, a, l, err, errlen);
	free(text);
	return c;
}

void code_free(struct code_listing *c)
{
	if (!c)
		return;
	free(c->lines);
	free(c->text);
	free(c);
}

enum search_algo code_algo(const struct code_listing *c)
{
	return c->algo;
}

enum code_lang code_lang(const struct code_listing *c)
{
	return c->lang;
}

int code_count(const struct code_listing *c)
{
	return c->count;
}

const char *code_text(const struct code_listing *c, int line)
{
	return line >= 1 && line <= c->count ? c->lines[line - 1] : "";
}

int code_kind_line(const struct code_listing *c, enum search_kind kind,
                   enum board_line reason, bool outermost)
{
	if (kind > SEARCH_EV_DONE)
		return 0;
	if (kind == SEARCH_EV_REJECT) {
		int w = reason == BOARD_LINE_DIAGONAL ? WHY_DIAGONAL
		        : reason == BOARD_LINE_ANTI   ? WHY_ANTI
		                                      : WHY_RANK;

		if (c->why[w])
			return c->why[w];
	}
	if (kind == SEARCH_EV_ENTER && outermost && c->outermost)
		return c->outermost;
	return c->kind[kind];
}

int code_line(const struct code_listing *c, const struct search *s)
{
	const struct search_event *ev = search_last(s);

	return code_kind_line(c, ev->kind, ev->line,
	                      ev->kind == SEARCH_EV_ENTER && search_stack(s, NULL) == 1);
}

const struct code_names *code_names(const struct code_listing *c)
{
	return &specs[c->algo][c->lang].names;
}

/* Whether a queen of the calls above call d, or a given one, stands on rank r. */
static bool rank_held_above(const struct search *s, const struct search_frame *fr, int d,
                            int r)
{
	const int *given = search_given(s);

	for (int j = 0; j < d; j++)
		if (fr[j].rank == r)
			return true;
	for (int f = 0; given && f < search_n(s); f++)
		if (given[f] == r)
			return true;
	return false;
}

/*
 * The rank whose loop pass last set up and down in the innermost call d,
 * its loop at rank r before its pass sets them: -1 when none has (C and
 * Java declare them in the loop's body, so there they are none; Python's
 * keep the last pass's, and permute's passes set them only past the rank's
 * test).
 */
static int index_rank(const struct code_listing *c, const struct search *s,
                      const struct search_frame *fr, int d, int r)
{
	if (c->lang != CODE_PYTHON)
		return -1;
	while (--r >= 0)
		if (c->algo != SEARCH_PERMUTE || !rank_held_above(s, fr, d, r))
			return r;
	return -1;
}

/* Whether the line lit has not yet set the innermost call's up and down this pass. */
static bool before_index(const struct code_listing *c, const struct search_event *ev)
{
	/* backtrack sets them first in the body; permute after the rank's test. */
	return ev->kind == SEARCH_EV_TRY ||
	       (c->algo == SEARCH_PERMUTE && ev->kind == SEARCH_EV_REJECT &&
	        ev->line == BOARD_LINE_RANK);
}

/* Whether line calls the listing's function: its callee has run no line yet. */
static bool line_calls(const struct code_listing *c, int line)
{
	const char *call = specs[c->algo][c->lang].names.call, *t = code_text(c, line);
	size_t len = strlen(call);

	for (const char *p = t; (p = strstr(p, call)) != NULL; p++)
		if (p[len] == '(' &&
		    (p == t || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')))
			return true;
	return false;
}

/* The arrays' indexes the last event's test read (see struct code_vars). */
static void vars_read(const struct code_listing *c, const struct search_event *ev, int n,
                      int read[3])
{
	int upto = -1, at[3] = {ev->sq.rank, ev->sq.file - ev->sq.rank + n - 1,
	                        ev->sq.file + ev->sq.rank};

	if (c->algo == SEARCH_BACKTRACK || c->algo == SEARCH_PERMUTE) {
		if (ev->kind == SEARCH_EV_PLACE)
			upto = 2;
		else if (ev->kind == SEARCH_EV_REJECT)
			upto = ev->line == BOARD_LINE_RANK       ? 0
			       : ev->line == BOARD_LINE_DIAGONAL ? 1
			                                         : 2;
	}
	for (int k = 0; k < 3; k++)
		read[k] = k <= upto ? at[k] : -1;
}

bool code_vars(const struct code_listing *c, const struct search *s, struct code_vars *v)
{
	const struct search_frame *fr;
	const struct search_event *ev = search_last(s);
	struct search_bits b[CODE_MAX_N];
	int holder[2 * CODE_MAX_N - 1], n = search_n(s);
	static const enum board_line lines[3] = {BOARD_LINE_RANK, BOARD_LINE_DIAGONAL,
	                                         BOARD_LINE_ANTI};
	bool arrays = c->algo == SEARCH_BACKTRACK || c->algo == SEARCH_PERMUTE;

	if (!search_is_tree(search_algo(s)) || search_algo(s) != c->algo ||
	    n > CODE_MAX_N)
		return false;
	memset(v, 0, sizeof *v);
	v->n = n;
	for (int f = 0; f < n; f++) {
		v->x[f] = search_x(s)[f];
		v->held[f] = search_ranks(s)[f] >= 0;
	}
	for (int k = 0; k < 3; k++) {
		v->len[k] = search_taken(s, lines[k], holder);
		for (int i = 0; i < v->len[k]; i++)
			v->taken[k][i] = holder[i] >= 0;
	}
	vars_read(c, ev, n, v->read);
	/* A placement lights x's line: the arrays are marked on the next. */
	if (arrays && ev->kind == SEARCH_EV_PLACE)
		for (int k = 0; k < 3; k++)
			v->taken[k][v->read[k]] = false;
	v->depth = search_stack(s, &fr);
	v->when = ev->kind == SEARCH_EV_NONE ? CODE_BEFORE
	          : v->depth == 0            ? CODE_RETURNED
	                                     : CODE_RUNNING;
	search_bits(s, b, CODE_MAX_N);
	v->mask_bits = c->lang == CODE_PYTHON ? 0 : 32;
	v->mask_signed = c->lang == CODE_JAVA;
	for (int d = 0; d < v->depth; d++) {
		struct code_frame *f = &v->frames[d];
		bool inner = d == v->depth - 1;
		int r;

		f->file = fr[d].file;
		f->rank = r = fr[d].rank;
		if (inner && arrays && r >= 0 && before_index(c, ev))
			r = index_rank(c, s, fr, d, r);
		f->index[0] = r < 0 ? -1 : f->file - r + n - 1;
		f->index[1] = r < 0 ? -1 : f->file + r;
		if (c->algo != SEARCH_BITS)
			continue;
		f->b = b[d];
		if (v->mask_bits)
			f->b.up &= (UINT64_C(1) << v->mask_bits) - 1;
		/* A call's line lit: the callee has not computed its free set. */
		f->has_free = !(inner && ev->kind == SEARCH_EV_ENTER &&
		                line_calls(c, code_line(c, s)));
		if (!f->has_free)
			f->b.free = 0;
		/* The loop's head, where C's and Java's bit is out of scope. */
		if (inner && ev->kind == SEARCH_EV_REMOVE && c->lang != CODE_PYTHON)
			f->b.bit = 0;
	}
	v->count = search_counters(s)->solutions;
	return true;
}

int64_t code_mask_value(const struct code_vars *v, uint64_t m)
{
	if (v->mask_bits == 32)
		return v->mask_signed ? (int64_t)(int32_t)(uint32_t)m
		                      : (int64_t)(uint32_t)m;
	return (int64_t)m;
}
