/* The check command: whether positions are solutions, and what is wrong. */
#include "config.h"

#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine/board.h"
#include "engine/enumerate.h"
#include "engine/fileio.h"
#include "engine/lines.h"
#include "engine/sheet.h"
#include "engine/errmsg.h"

/* How many conflicting pairs a verdict names before it says "and N more". */
#define CHECK_SHOWN 10

/* The verdict on one position into buf: "valid", or what is wrong; true when valid. */
static bool verdict(const struct board_scan *pos, char *buf, size_t len)
{
	struct board_conflict c[CHECK_SHOWN];
	size_t found = board_scan_conflicts(pos, c, CHECK_SHOWN), at = 0;
	const char *sep = "";

	if (found == (size_t)-1) {
		fprintf(stderr, "nqueens check: out of memory\n");
		exit(CLI_NO);
	}
	buf[0] = '\0';
	if (found == 0 && pos->count == (size_t)pos->n) {
		errmsg_add(buf, len, &at, "valid");
		return true;
	}
	for (size_t i = 0; i < found && i < CHECK_SHOWN; i++) {
		char a[32], b[32];

		board_square_name(c[i].a, a, sizeof a);
		board_square_name(c[i].b, b, sizeof b);
		errmsg_add(buf, len, &at, "%s%s and %s share a %s", sep, a, b,
		           board_line_name(c[i].line));
		sep = "; ";
	}
	if (found > CHECK_SHOWN)
		errmsg_add(buf, len, &at, "; and %zu more conflicts",
		           found - CHECK_SHOWN);
	if (pos->count < (size_t)pos->n) {
		if (pos->count == 0)
			errmsg_add(buf, len, &at, "%sno queens on %d file%s", sep, pos->n,
			           pos->n == 1 ? "" : "s");
		else
			errmsg_add(buf, len, &at, "%sonly %zu queen%s on %d files", sep,
			           pos->count, pos->count == 1 ? "" : "s", pos->n);
	}
	return false;
}

/*
 * Where verdicts go: a line each on stdout, or with --format svg, kept with
 * their boards for one sheet at the end.
 */
struct verdicts {
	bool svg;             /* --format svg or pdf */
	struct cli_handout h; /* the paper and where the sheet goes */
	int n;                /* the size of the boards of the sheet */
	struct drawn {
		struct square *sq;
		size_t count;
		struct board_conflict *conflicts; /* the pairs that attack each other */
		size_t nconflicts;
		char text[512];
	} * v;
	size_t len, cap;
	struct all *all; /* check --all: the set the positions are held against */
};

/*
 * check --all: the largest n whose solutions are held (14: 365596 of them, a
 * few megabytes), each with the line that gave it first.
 */
#define CHECK_ALL_MAX_N 14
/* How many missing solutions the report names. */
#define CHECK_ALL_NAMED 5

struct all {
	int n;
	size_t total;         /* solutions of n */
	unsigned char *ranks; /* each solution's 0-based ranks, in order */
	unsigned long *line;  /* the line that gave each first, 0 for none yet */
	size_t found, repeats, wrong;
};

/* Holds every solution of n, in order (the engine's walk), none seen yet. */
static void all_start(struct all *a, int n)
{
	struct enum_iter it;
	int p[ENUM_MAX_N];
	size_t cap = 1024;

	*a = (struct all){.n = n, .ranks = malloc(cap * n)};
	if (!a->ranks)
		cli_out_of_memory();
	enum_start(&it, n);
	while (enum_next(&it, p)) {
		if (a->total == cap) {
			unsigned char *r = realloc(a->ranks, 2 * cap * n);

			if (!r)
				cli_out_of_memory();
			a->ranks = r;
			cap *= 2;
		}
		for (int f = 0; f < n; f++)
			a->ranks[a->total * n + f] = (unsigned char)p[f];
		a->total++;
	}
	a->line = calloc(a->total + 1, sizeof *a->line);
	if (!a->line)
		cli_out_of_memory();
}

/* The index of the solution with these ranks, by bisection; total if none. */
static size_t all_find(const struct all *a, const unsigned char *r)
{
	size_t lo = 0, hi = a->total;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = memcmp(a->ranks + mid * a->n, r, a->n);

		if (c == 0)
			return mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return a->total;
}

/* Writes solution i as ranks by file, 1-based, as list does. */
static void all_print(const struct all *a, size_t i)
{
	for (int f = 0; f < a->n; f++)
		printf("%s%d", f ? " " : "", a->ranks[i * a->n + f] + 1);
}

/* One position of check --all, from line lineno: found, repeated or wrong. */
static void all_one(struct all *a, const struct board_scan *scan, unsigned long lineno)
{
	char text[4096];
	unsigned char r[CHECK_ALL_MAX_N];
	struct position pos;

	if (scan->n != a->n) {
		a->wrong++;
		printf("line %lu: a board of %d file%s, not %d\n", lineno, scan->n,
		       scan->n == 1 ? "" : "s", a->n);
		return;
	}
	if (!verdict(scan, text, sizeof text)) {
		a->wrong++;
		printf("line %lu: not a solution: %s\n", lineno, text);
		return;
	}
	if (board_scan_position(scan, &pos) < 0)
		cli_out_of_memory();
	/* A solution has a queen on each file. */
	for (size_t q = 0; q < pos.count; q++)
		r[pos.sq[q].file] = (unsigned char)pos.sq[q].rank;
	board_free(&pos);
	size_t i = all_find(a, r);

	if (i == a->total) {
		fprintf(stderr, "nqueens check: a solution the engine does not list\n");
		exit(CLI_NO);
	}
	if (a->line[i]) {
		a->repeats++;
		printf("line %lu: ", lineno);
		all_print(a, i);
		printf(" repeats line %lu\n", a->line[i]);
		return;
	}
	a->line[i] = lineno;
	a->found++;
}

/* The report's end: the missing named, then one line of totals; a status. */
static int all_end(struct all *a)
{
	size_t missing = a->total - a->found, named = 0;
	int status;

	for (size_t i = 0; i < a->total && named < CHECK_ALL_NAMED; i++)
		if (!a->line[i]) {
			printf("missing: ");
			all_print(a, i);
			printf(" (solution #%zu)\n", i + 1);
			named++;
		}
	if (missing > named)
		printf("and %zu more missing\n", missing - named);
	if (!missing && !a->repeats && !a->wrong) {
		printf("all %zu solutions of %d: none missing, none repeated\n", a->total,
		       a->n);
		status = CLI_OK;
	} else {
		printf("%zu of the %zu solutions of %d: %zu missing, %zu repeated, "
		       "%zu not solution%s\n",
		       a->found, a->total, a->n, missing, a->repeats, a->wrong,
		       a->wrong == 1 ? "" : "s");
		status = CLI_NO;
	}
	free(a->ranks);
	free(a->line);
	return status;
}

/* Checks one position; where says which line, for a refusal.  Returns a status. */
static int check_one(struct verdicts *out, const struct board_scan *scan,
                     const char *where)
{
	char text[4096];
	bool ok;

	if (!out->svg) {
		ok = verdict(scan, text, sizeof text);
		puts(text);
		return ok ? CLI_OK : CLI_NO;
	}
	if (scan->n > SHEET_MAX_N || (out->len && scan->n != out->n) ||
	    out->len == SHEET_MAX_BOARDS)
		return cli_usage_error(
		        "check",
		        out->len == SHEET_MAX_BOARDS
		                ? "%s--format svg draws at most 10000 boards"
		        : scan->n > SHEET_MAX_N
		                ? "%s--format svg draws boards of up to 64 files"
		                : "%s--format svg draws boards of one size on a sheet",
		        where);
	if (out->len == out->cap) {
		size_t cap = out->cap ? 2 * out->cap : 16;
		struct drawn *v = realloc(out->v, cap * sizeof *v);

		if (!v)
			cli_out_of_memory();
		out->v = v;
		out->cap = cap;
	}
	struct drawn *d = &out->v[out->len++];
	struct position board, *pos = &board;

	if (board_scan_position(scan, pos) < 0)
		cli_out_of_memory();
	/* Each queen meets at most one queen before it on each of its four lines. */
	struct board_conflict *c = malloc((pos->count + 1) * 4 * sizeof *c);

	out->n = pos->n;
	d->sq = malloc((pos->count + 1) * sizeof *d->sq);
	if (!d->sq || !c)
		cli_out_of_memory();
	memcpy(d->sq, pos->sq, pos->count * sizeof *d->sq);
	d->count = pos->count;
	/* Every pair in conflict: the sheet crosses both queens and draws their line. */
	size_t found = board_conflicts(pos, c, pos->count * 4);

	if (found == (size_t)-1)
		cli_out_of_memory();
	d->conflicts = c;
	d->nconflicts = found < pos->count * 4 ? found : pos->count * 4;
	board_free(pos);
	ok = verdict(scan, d->text, sizeof d->text);
	return ok ? CLI_OK : CLI_NO;
}

static void verdicts_free(struct verdicts *out)
{
	for (size_t i = 0; i < out->len; i++) {
		free(out->v[i].sq);
		free(out->v[i].conflicts);
	}
	free(out->v);
}

/*
 * Writes the sheet of a --format svg or pdf check, then frees what was
 * kept; the status of the writing (cli_handout_write).
 */
static int verdicts_end(struct verdicts *out)
{
	struct sheet sh;
	int rc = CLI_OK;

	if (out->svg && out->len) {
		if (sheet_begin(&sh, out->h.paper, out->n, (int)out->len,
		                "Positions checked") < 0)
			cli_out_of_memory();
		for (size_t i = 0; i < out->len; i++) {
			struct sheet_marks marks = {.conflicts = out->v[i].conflicts,
			                            .nconflicts = out->v[i].nconflicts};

			sheet_board(&sh, out->v[i].sq, out->v[i].count, &marks,
			            out->v[i].text);
		}
		if (sheet_end(&sh) < 0)
			cli_out_of_memory();
		rc = cli_handout_write("check", &sh, &out->h);
		sheet_free(&sh);
	}
	verdicts_free(out);
	return rc;
}

/* Opens what check reads: FILE, or standard input for none or "-". */
static FILE *check_open(const char *file, const char **name)
{
	struct stat sb;
	FILE *in = stdin;

	*name = NULL;
	if (file && strcmp(file, "-") != 0) {
		char why[128];

		/* Never waits on a FIFO: what is not a file comes on standard input. */
		in = fileio_open_regular(file, why, sizeof why);
		if (!in && errno == EISDIR)
			cli_usage_error("check",
			                "%s is a directory, not a file of positions",
			                file);
		else if (!in && errno == EINVAL)
			cli_usage_error("check",
			                "cannot read %s: %s; give it on standard input "
			                "instead (nqueens check < %s)",
			                file, why, file);
		else if (!in)
			cli_usage_error("check", "cannot read %s: %s", file, why);
		if (!in)
			return NULL;
		*name = file;
	}
	/* A directory opens, then fails at the first read with a vaguer word. */
	if (fstat(fileno(in), &sb) == 0 && S_ISDIR(sb.st_mode)) {
		cli_usage_error("check", "%s is a directory, not a file of positions",
		                *name ? *name : "standard input");
		if (in != stdin)
			fclose(in);
		return NULL;
	}
	return in;
}

/* A word of a line, kept across the pieces the line comes in. */
struct word {
	char *text;
	size_t len, cap;
};

static void word_add(struct word *w, const char *from, size_t len)
{
	if (w->len + len > w->cap) {
		size_t cap = w->cap ? w->cap : 64;
		char *t;

		while (cap < w->len + len)
			cap *= 2;
		t = realloc(w->text, cap);
		if (!t)
			cli_out_of_memory();
		w->text = t;
		w->cap = cap;
	}
	memcpy(w->text + w->len, from, len);
	w->len += len;
}

static bool is_sep(char c)
{
	return c == ',' || isspace((unsigned char)c);
}

/*
 * What a line's first word says of the line.  A word with no digit that is
 * not an empty file ('.', '-') is no rank and no square: the line is a
 * heading.  A whole number above 1 could only be a rank off a board of one
 * file: alone on its line it is a count, as the listings print.  "1" and "0"
 * stay positions (the 1x1 board, solved and empty).
 */
enum first_word { FIRST_POSITION, FIRST_HEADING, FIRST_COUNT };

static enum first_word first_word(const char *t, size_t len)
{
	bool digit = false, digits = true;
	size_t lead = 0;

	for (size_t i = 0; i < len; i++) {
		bool d = isdigit((unsigned char)t[i]);

		digit |= d;
		digits &= d;
	}
	if (!digit)
		return len == 1 && (t[0] == '.' || t[0] == '-') ? FIRST_POSITION
		                                                : FIRST_HEADING;
	while (lead < len && t[lead] == '0')
		lead++;
	/* Longer words are left to the scan, which says they are too large. */
	if (!digits || len > 20 || lead == len || (len - lead == 1 && t[lead] == '1'))
		return FIRST_POSITION;
	return FIRST_COUNT;
}

/* Says on stderr that a line was passed over, and why. */
static void skipped(const char *name, unsigned long lineno, const char *word, size_t len,
                    enum first_word why)
{
	fflush(stdout);
	fprintf(stderr, "nqueens check: %s%s%lu: skipped '%.*s': not a position (%s)\n",
	        name ? name : "line", name ? ":" : " ", lineno,
	        (int)(len > 40 ? 40 : len), word,
	        why == FIRST_COUNT ? "a lone number above 1 is a count"
	                           : "a heading: its first word is no rank or square");
}

/* A line's words so far: its first held back while it may be a count. */
struct line_words {
	size_t nwords;
	enum first_word first;
	char held[24];
	size_t heldlen;
};

/*
 * Takes one word of a line: 0, 1 when the line is a heading (the rest of
 * it unread), -1 with a reason in err.
 */
static int take_word(struct line_words *lw, struct board_scan *scan, const char *t,
                     size_t len, char *err, size_t errlen)
{
	if (lw->nwords++ == 0) {
		lw->first = first_word(t, len);
		if (lw->first == FIRST_HEADING) {
			lw->heldlen = len < sizeof lw->held ? len : sizeof lw->held;
			memcpy(lw->held, t, lw->heldlen);
			return 1;
		}
		if (lw->first == FIRST_COUNT) {
			memcpy(lw->held, t, len);
			lw->heldlen = len;
			return 0;
		}
	} else if (lw->nwords == 2 && lw->first == FIRST_COUNT) {
		/* A second word: the first was a rank after all. */
		lw->first = FIRST_POSITION;
		if (board_scan_word(scan, lw->held, lw->heldlen, err, errlen) < 0)
			return -1;
	}
	return board_scan_word(scan, t, len, err, errlen) < 0 ? -1 : 0;
}

/*
 * Checks one position a line; blank lines and '#' comments are skipped.  A
 * line is read in pieces and its words taken as they come, so that a line of
 * millions of queens takes a few bytes a queen, never its whole text.
 */
static int check_lines(FILE *in, const char *name, struct verdicts *out)
{
	struct lines rd;
	enum lines_status st;
	const char *piece;
	char err[256], why[64], where[4200];
	size_t len;
	unsigned long checked = 0;
	int status = CLI_OK, rc;
	bool more, bad = false;
	/* Where the line is: before its first word ('^'), in a comment ('#'),
	 * in a heading ('h'), in a position ('p'). */
	char state = '^';
	struct word w = {0};
	struct board_scan scan;
	struct line_words lw = {0};

	/* Room for a carriage return after the longest position. */
	lines_start(&rd, in, BOARD_LINE_MAX + 1);
	board_scan_start(&scan);
	while ((st = lines_piece(&rd, &piece, &len, &more)) == LINES_OK) {
		for (size_t i = 0; i < len && state != '#' && state != 'h' && !bad; i++) {
			char c = piece[i];

			if (state == '^') {
				if (c == ' ' || c == '\t')
					continue;
				if (c == '#' || c == '\r') {
					state = '#';
					break;
				}
				state = 'p';
			}
			if (!is_sep(c)) {
				word_add(&w, piece + i, 1);
				continue;
			}
			if (w.len && (rc = take_word(&lw, &scan, w.text, w.len, err,
			                             sizeof err)) != 0) {
				bad = rc < 0;
				state = rc > 0 ? 'h' : state;
			}
			w.len = 0;
		}
		if (more)
			continue;
		/* The end of the line: its last word, then the verdict. */
		if (!bad && state == 'p' && w.len &&
		    (rc = take_word(&lw, &scan, w.text, w.len, err, sizeof err)) != 0) {
			bad = rc < 0;
			state = rc > 0 ? 'h' : state;
		}
		w.len = 0;
		if (state == 'h' || (state == 'p' && lw.first == FIRST_COUNT)) {
			skipped(name, rd.lineno, lw.held, lw.heldlen, lw.first);
			state = '^';
		}
		lw = (struct line_words){0};
		if (bad || (state == 'p' && board_scan_end(&scan, err, sizeof err) < 0)) {
			bad = true;
			break;
		}
		if (state == 'p') {
			checked++;
			snprintf(where, sizeof where,
			         name ? "%s:%lu: " : "line %.0s%lu: ", name ? name : "",
			         rd.lineno);
			rc = out->all ? (all_one(out->all, &scan, rd.lineno), CLI_OK)
			              : check_one(out, &scan, where);
			if (rc == CLI_USAGE) {
				board_scan_free(&scan);
				lines_free(&rd);
				free(w.text);
				return rc;
			}
			if (rc != CLI_OK)
				status = CLI_NO;
		}
		board_scan_free(&scan);
		state = '^';
	}
	if (st != LINES_END || bad) {
		const char *what =
		        st == LINES_OK ? err : lines_why(&rd, st, why, sizeof why);

		fflush(stdout);
		if (name)
			status = cli_usage_error("check", "%s:%lu: %s", name, rd.lineno,
			                         what);
		else
			status =
			        cli_usage_error("check", "line %lu: %s", rd.lineno, what);
	} else if (checked == 0) {
		status = cli_usage_error("check",
		                         "no position given: write one as arguments "
		                         "or one per line on standard input");
	}
	board_scan_free(&scan);
	lines_free(&rd);
	free(w.text);
	return status;
}

/* check --all N: whether FILE or standard input holds every solution of N once. */
static int check_all(struct cli_args *args)
{
	struct verdicts out = {0};
	struct all all;
	const char *file = args->val[OPT_FILE], *name;
	uint64_t n;
	int status;
	FILE *in;

	if (cli_parse_number("check", "--all", args->val[OPT_ALL], 1, UINT64_MAX, &n) !=
	    CLI_OK)
		return CLI_USAGE;
	/* Past 14 the solutions held would take tens of megabytes and more. */
	if (n > CHECK_ALL_MAX_N)
		return cli_usage_error("check",
		                       "--all holds every solution of N for N up to %d "
		                       "(365596 of them), not %s",
		                       CHECK_ALL_MAX_N, args->val[OPT_ALL]);
	if (args->val[OPT_FORMAT] || args->val[OPT_PAPER] || args->val[OPT_OUTPUT])
		return cli_usage_error("check",
		                       "--all writes a report, not a sheet: "
		                       "leave out --%s",
		                       args->val[OPT_FORMAT]  ? "format"
		                       : args->val[OPT_PAPER] ? "paper"
		                                              : "output");
	if (args->npos > 1 || (args->npos == 1 && file))
		return cli_usage_error("check",
		                       "--all reads one answer, from FILE, - or "
		                       "--file FILE, not positions as arguments");
	if (args->npos == 1)
		file = args->pos[0];
	in = check_open(file, &name);
	if (!in)
		return CLI_USAGE;
	all_start(&all, (int)n);
	out.all = &all;
	status = check_lines(in, name, &out);
	if (in != stdin)
		fclose(in);
	if (status == CLI_USAGE) {
		free(all.ranks);
		free(all.line);
		return status;
	}
	return cli_finish_output(all_end(&all));
}

int cli_check(int argc, char **argv)
{
	static const char synopsis[] =
	        "nqueens check [POSITION... | --file FILE] [--format svg|pdf "
	        "[--paper a4|letter] [--output FILE]] | --all N [FILE | -]";
	static const struct cli_optdef defs[OPT_COUNT] = {
	        [OPT_ALL] = {"all", 'a', true},       [OPT_FILE] = {"file", 0, true},
	        [OPT_FORMAT] = {"format", 'f', true}, [OPT_PAPER] = {"paper", 0, true},
	        [OPT_OUTPUT] = {"output", 'o', true},
	};
	enum cli_format fmt = CLI_FORMAT_ROWS;
	struct verdicts out = {0};
	struct cli_args args;
	const char *name;
	char err[256];
	int status, rc;
	FILE *in;
	struct board_scan scan;

	if ((rc = cli_begin("check", synopsis, argc, argv, defs, argc, &args)) >= 0)
		return rc;
	if (args.val[OPT_FILE] && args.npos > 0)
		return cli_usage_error("check", "give positions or --file, not both");
	if (args.val[OPT_FORMAT]) {
		if (strcmp(args.val[OPT_FORMAT], "svg") == 0)
			fmt = CLI_FORMAT_SVG;
		else if (strcmp(args.val[OPT_FORMAT], "pdf") == 0)
			fmt = CLI_FORMAT_PDF;
		else
			return cli_usage_error(
			        "check",
			        "--format must be svg or pdf (a sheet of the "
			        "boards with their verdicts), not '%s'",
			        args.val[OPT_FORMAT]);
		out.svg = true;
	}
	if (args.val[OPT_ALL])
		return check_all(&args);
	if (cli_handout_options("check", args.val, fmt, &out.h) != CLI_OK)
		return CLI_USAGE;
	/* A lone "-" is standard input, as for --file; it is no 1-file board. */
	if (args.npos == 1 && strcmp(args.pos[0], "-") == 0)
		args.npos = 0;
	if (args.npos > 0) {
		/* The words on the command line make one position. */
		size_t len = 1;
		char *text;

		for (int i = 0; i < args.npos; i++)
			len += strlen(args.pos[i]) + 1;
		text = malloc(len);
		if (!text)
			cli_out_of_memory();
		text[0] = '\0';
		for (int i = 0; i < args.npos; i++) {
			strcat(text, args.pos[i]);
			strcat(text, " ");
		}
		board_scan_start(&scan);
		if (board_scan_text(&scan, text, err, sizeof err) < 0 ||
		    board_scan_end(&scan, err, sizeof err) < 0) {
			free(text);
			board_scan_free(&scan);
			return cli_usage_error("check", "%s", err);
		}
		free(text);
		status = check_one(&out, &scan, "");
		board_scan_free(&scan);
		if (status == CLI_USAGE) {
			verdicts_free(&out);
			return status;
		}
		rc = verdicts_end(&out);
		return cli_finish_output(rc != CLI_OK ? rc : status);
	}
	in = check_open(args.val[OPT_FILE], &name);
	if (!in)
		return CLI_USAGE;
	status = check_lines(in, name, &out);
	if (in != stdin)
		fclose(in);
	if (status == CLI_USAGE) {
		verdicts_free(&out);
		return status;
	}
	rc = verdicts_end(&out);
	return cli_finish_output(rc != CLI_OK ? rc : status);
}
