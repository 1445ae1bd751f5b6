/* The check command: whether positions are solutions, and what is wrong. */
#include "config.h"

#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine/board.h"
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
	bool svg;
	int n; /* the size of the boards of the sheet */
	struct drawn {
		struct square *sq;
		size_t count;
		struct board_conflict *conflicts; /* the pairs that attack each other */
		size_t nconflicts;
		char text[512];
	} * v;
	size_t len, cap;
};

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

/* Writes the sheet of a --format svg check, then frees what was kept. */
static int verdicts_end(struct verdicts *out)
{
	struct sheet sh;
	int rc = 0;

	if (out->svg && out->len) {
		sheet_begin(&sh, stdout, out->n, (int)out->len, "Positions checked");
		for (size_t i = 0; i < out->len; i++) {
			struct sheet_marks marks = {.conflicts = out->v[i].conflicts,
			                            .nconflicts = out->v[i].nconflicts};

			sheet_board(&sh, out->v[i].sq, out->v[i].count, &marks,
			            out->v[i].text);
		}
		rc = sheet_end(&sh);
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
	 * in a position ('p'). */
	char state = '^';
	struct word w = {0};
	struct board_scan scan;

	/* Room for a carriage return after the longest position. */
	lines_start(&rd, in, BOARD_LINE_MAX + 1);
	board_scan_start(&scan);
	while ((st = lines_piece(&rd, &piece, &len, &more)) == LINES_OK) {
		for (size_t i = 0; i < len && state != '#' && !bad; i++) {
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
			if (w.len &&
			    board_scan_word(&scan, w.text, w.len, err, sizeof err) < 0)
				bad = true;
			w.len = 0;
		}
		if (more)
			continue;
		/* The end of the line: its last word, then the verdict. */
		if (!bad && w.len &&
		    board_scan_word(&scan, w.text, w.len, err, sizeof err) < 0)
			bad = true;
		w.len = 0;
		if (bad || (state == 'p' && board_scan_end(&scan, err, sizeof err) < 0)) {
			bad = true;
			break;
		}
		if (state == 'p') {
			checked++;
			snprintf(where, sizeof where,
			         name ? "%s:%lu: " : "line %.0s%lu: ", name ? name : "",
			         rd.lineno);
			rc = check_one(out, &scan, where);
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

int cli_check(int argc, char **argv)
{
	static const char synopsis[] =
	        "nqueens check [POSITION... | --file FILE] [--format svg]";
	static const struct cli_optdef defs[OPT_COUNT] = {
	        [OPT_FILE] = {"file", 0, true},
	        [OPT_FORMAT] = {"format", 'f', true},
	};
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
		if (strcmp(args.val[OPT_FORMAT], "svg") != 0)
			return cli_usage_error(
			        "check",
			        "--format must be svg (a sheet of the boards "
			        "with their verdicts), not '%s'",
			        args.val[OPT_FORMAT]);
		out.svg = true;
	}
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
		verdicts_end(&out);
		return cli_finish_output(status);
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
	verdicts_end(&out);
	return cli_finish_output(status);
}
