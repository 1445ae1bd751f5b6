/* The trace command: the stepping engine's events, or its counters, as text. */
#include "config.h"

#include "cli.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board.h"
#include "engine/code.h"
#include "datadir.h"
#include "engine/search.h"
#include "engine/wrap.h"

static const char synopsis[] =
        "nqueens trace N [--algorithm backtrack|scan|permute|bits|repair|construct] "
        "[--first] [--stats] [--explain [--width W]] [--events KIND,...] "
        "[--code python|c|java [--vars]] [--seed S] [--from POSITION]";

/* The first word of each kind's line, as --events names them. */
static const char *const kind_names[] = {
        [SEARCH_EV_TRY] = "try",           [SEARCH_EV_REJECT] = "reject",
        [SEARCH_EV_PLACE] = "place",       [SEARCH_EV_ENTER] = "enter",
        [SEARCH_EV_SOLUTION] = "solution", [SEARCH_EV_REMOVE] = "remove",
        [SEARCH_EV_RETURN] = "return",     [SEARCH_EV_MOVE] = "move",
        [SEARCH_EV_DONE] = "done",
};

/* Reads --events: kinds separated by commas, into a mask of 1u << kind. */
static int parse_events(const char *text, unsigned *mask)
{
	const char *p = text;

	*mask = 0;
	do {
		size_t len = strcspn(p, ",");
		unsigned was = *mask;

		for (size_t k = SEARCH_EV_TRY; k < sizeof kind_names / sizeof *kind_names;
		     k++)
			if (len == strlen(kind_names[k]) &&
			    strncmp(p, kind_names[k], len) == 0)
				*mask |= 1u << k;
		if (*mask == was)
			return cli_usage_error(
			        "trace",
			        "--events takes kinds of events separated "
			        "by commas, from try, reject, place, enter, "
			        "solution, remove, return, move and done, "
			        "not '%.*s'",
			        (int)len, p);
		p += len;
	} while (*p++ == ',');
	return CLI_OK;
}

int cli_parse_from(const char *cmd, const char *text, int *n, int **ranks)
{
	struct position pos;
	struct square twice;
	char err[256], *padded = NULL;
	int *r, tokens = 0, rc;

	/* Ranks by file for fewer files than N: the rest are empty. */
	for (const char *t = text; *t;) {
		t += strspn(t, " \t,");
		if (*t)
			tokens++;
		t += strcspn(t, " \t,");
	}
	text += strspn(text, " \t,");
	if (*n > tokens && (strchr("0123456789.-", *text) != NULL) && *text &&
	    (padded = malloc(strlen(text) + 2 * (size_t)(*n - tokens) + 1))) {
		strcpy(padded, text);
		for (int i = tokens; i < *n; i++)
			strcat(padded, " -");
		text = padded;
	}
	rc = board_parse(text, &pos, err, sizeof err);
	free(padded);
	if (rc < 0)
		return cli_usage_error(cmd, "--from: %s", err);
	/* A shorter position leaves the last files empty. */
	if (*n == 0)
		*n = pos.n;
	if (pos.n > *n) {
		int big = pos.n;

		board_free(&pos);
		return cli_usage_error(cmd,
		                       "--from names a %dx%d board, larger than N = %d",
		                       big, big, *n);
	}
	r = malloc((size_t)*n * sizeof *r);
	if (!r) {
		board_free(&pos);
		return cli_usage_error(cmd, "out of memory");
	}
	for (int f = pos.n; f < *n; f++)
		r[f] = -1;
	if (!board_ranks(&pos, r, &twice)) {
		char a[32], b[32];

		board_square_name((struct square){twice.file, r[twice.file]}, a,
		                  sizeof a);
		board_square_name(twice, b, sizeof b);
		free(r);
		board_free(&pos);
		return cli_usage_error(cmd,
		                       "--from has two queens on one file (%s and "
		                       "%s); the search keeps one a file",
		                       a, b);
	}
	board_free(&pos);
	*ranks = r;
	return CLI_OK;
}

/* One event in plain words, as nqueens(6) lists them. */
static void print_event(const struct search *s)
{
	char stack[256], *buf = stack;
	size_t need = search_describe(s, buf, sizeof stack);

	if (need >= sizeof stack) {
		buf = malloc(need + 1);
		if (!buf)
			cli_out_of_memory();
		search_describe(s, buf, need + 1);
	}
	if (buf[0])
		puts(buf);
	if (buf != stack)
		free(buf);
}

/*
 * The narration of the event, indented under it, as the Watch screen says
 * it in full (beside a program, in its names: numbered): on one line, or
 * broken between words into lines of width columns at most (0: no limit).
 */
static void print_explained(const struct search *s, bool numbered, size_t width)
{
	const struct search_words how = {.numbered = numbered};
	char stack[1024], *buf = stack;
	size_t need = search_explain_as(s, &how, true, stack, sizeof stack);
	const char *rest;

	if (need >= sizeof stack) {
		buf = malloc(need + 1);
		if (!buf)
			cli_out_of_memory();
		search_explain_as(s, &how, true, buf, need + 1);
	}
	for (rest = buf; *rest;) {
		size_t cut = width ? wrap_cut(rest, width - 2) : strlen(rest);

		printf("  %.*s\n", (int)cut, rest);
		rest += cut;
		rest += strspn(rest, " ");
	}
	if (buf != stack)
		free(buf);
}

/* The line of the listing the event lights, indented under it: "  17: x[file] = rank". */
static void print_code_line(const struct search *s, const struct code_listing *c)
{
	int line = code_line(c, s);
	const char *text = code_text(c, line);

	if (line > 0)
		printf("  %d: %s\n", line, text + strspn(text, " \t"));
}

/*
 * The listing's variables after the line lit, as the Watch screen's panel
 * has them, on one line for a test to compare with the program's own:
 * "  vars: x=0,2,0,0 rank_used=T.T. up_used=... down_used=... read=0,3,- count=0
 * solve(file=0,rank=0,up=3,down=0) solve(file=1)".  x is as the program
 * keeps it (scan's board: the rank of each file's queen, '.' for none);
 * read is the index of each array the last test read ('-': not read); a
 * local the listing has not set is left out; masks are decimal, as the
 * listing's type holds them.
 */
static void print_vars(const struct search *s, const struct code_listing *c)
{
	const struct code_names *nm = code_names(c);
	struct code_vars v;
	bool bits = search_algo(s) == SEARCH_BITS;

	if (!code_vars(c, s, &v))
		return;
	printf("  vars: %s=", nm->x ? nm->x : nm->board);
	for (int f = 0; f < v.n; f++) {
		if (nm->x || v.held[f])
			printf("%s%d", f ? "," : "", nm->x ? v.x[f] : search_ranks(s)[f]);
		else
			printf("%s.", f ? "," : "");
	}
	for (int k = 0; k < 3 && !bits && nm->taken[k]; k++) {
		printf(" %s=", nm->taken[k]);
		for (int i = 0; i < v.len[k]; i++)
			putchar(v.taken[k][i] ? 'T' : '.');
	}
	if (!bits && nm->taken[0]) {
		printf(" read=");
		for (int k = 0; k < 3; k++)
			v.read[k] >= 0 ? printf("%s%d", k ? "," : "", v.read[k])
			               : printf("%s-", k ? "," : "");
	}
	printf(" %s=%" PRIu64, nm->count, v.count);
	for (int d = 0; d < v.depth; d++) {
		const struct code_frame *f = &v.frames[d];

		printf(" %s(%s=%d", nm->call, nm->file, f->file);
		if (bits) {
			printf(",%s=%" PRId64 ",%s=%" PRId64 ",%s=%" PRId64, nm->taken[0],
			       code_mask_value(&v, f->b.ranks), nm->taken[1],
			       code_mask_value(&v, f->b.up), nm->taken[2],
			       code_mask_value(&v, f->b.down));
			if (f->has_free)
				printf(",%s=%" PRId64, nm->free,
				       code_mask_value(&v, f->b.free));
			/* bit holds a pick once the call has made one, in its scope. */
			if (f->b.bit)
				printf(",%s=%" PRId64, nm->bit,
				       code_mask_value(&v, f->b.bit));
			putchar(')');
			continue;
		}
		if (f->rank >= 0)
			printf(",%s=%d", nm->rank, f->rank);
		for (int k = 0; k < 2; k++)
			if (nm->index[k] && f->index[k] >= 0)
				printf(",%s=%d", nm->index[k], f->index[k]);
		putchar(')');
	}
	putchar('\n');
}

/*
 * The listing of algorithm a in the language named by name, for --code;
 * NULL with the reason told (*status: how trace ends).
 */
static struct code_listing *open_listing(enum search_algo a, const char *name,
                                         const char *const val[OPT_COUNT], int *status)
{
	enum code_lang l = code_lang_from_name(name);
	char file[64], path[4096], err[512];
	struct code_listing *c;

	*status = CLI_USAGE;
	if (l == CODE_LANG_COUNT) {
		cli_usage_error("trace", "--code must be python, c or java, not '%s'",
		                name);
		return NULL;
	}
	if (!code_has(a)) {
		cli_usage_error(
		        "trace",
		        "--code has listings of backtrack, scan, permute and bits, "
		        "not of %s",
		        search_algo_name(a));
		return NULL;
	}
	if (val[OPT_STATS]) {
		cli_usage_error("trace", "--code shows the events' lines, not --stats");
		return NULL;
	}
	if (val[OPT_FROM]) {
		cli_usage_error("trace",
		                "--code follows the listings, which start from an empty "
		                "board, not --from");
		return NULL;
	}
	*status = CLI_NO;
	if (!datadir_find(code_file(a, l, file, sizeof file), path, sizeof path)) {
		fprintf(stderr,
		        "nqueens trace: cannot find the listing %s (looked at %s)\n",
		        file, path);
		return NULL;
	}
	c = code_load(path, a, l, err, sizeof err);
	if (!c)
		fprintf(stderr, "nqueens trace: %s\n", err);
	return c;
}

static void print_stats(const struct search *s)
{
	char stack[2048], *buf = stack;
	size_t need = search_format_stats(s, stack, sizeof stack);

	if (need >= sizeof stack) {
		buf = malloc(need + 1);
		if (!buf)
			cli_out_of_memory();
		search_format_stats(s, buf, need + 1);
	}
	fputs(buf, stdout);
	if (buf != stack)
		free(buf);
}

int cli_trace(int argc, char **argv)
{
	static const struct cli_optdef defs[OPT_COUNT] = {
	        [OPT_ALGORITHM] = {"algorithm", 'a', true},
	        [OPT_FIRST] = {"first", 'f', false},
	        [OPT_STATS] = {"stats", 's', false},
	        [OPT_SEED] = {"seed", 0, true},
	        [OPT_FROM] = {"from", 0, true},
	        [OPT_EXPLAIN] = {"explain", 'e', false},
	        [OPT_EVENTS] = {"events", 0, true},
	        [OPT_WIDTH] = {"width", 'w', true},
	        [OPT_CODE] = {"code", 0, true},
	        [OPT_VARS] = {"vars", 0, false},
	};
	struct cli_args args;
	char err[128];
	int n, *given = NULL;
	enum search_algo a = SEARCH_BACKTRACK;
	uint64_t seed = 1, width = 0;
	unsigned shown = ~0u;
	struct search *s;
	struct code_listing *code = NULL;
	int status;

	if ((status = cli_begin("trace", synopsis, argc, argv, defs, 1, &args)) >= 0)
		return status;
	if (args.val[OPT_ALGORITHM])
		a = search_algo_from_name(args.val[OPT_ALGORITHM]);
	if (a == SEARCH_ALGO_COUNT)
		return cli_usage_error(
		        "trace",
		        "--algorithm must be backtrack, scan, permute, bits, "
		        "repair or construct, not '%s'",
		        args.val[OPT_ALGORITHM]);
	if (args.npos == 0)
		return cli_usage_error("trace",
		                       "missing N, the board size (%d to %d for %s); "
		                       "usage: %s",
		                       search_min_n(a), search_max_n(a),
		                       search_algo_name(a), synopsis);
	uint64_t v;

	if (cli_parse_number("trace", "N", args.pos[0], (uint64_t)search_min_n(a),
	                     (uint64_t)search_max_n(a), &v))
		return CLI_USAGE;
	n = (int)v;
	if (args.val[OPT_SEED] &&
	    cli_parse_number("trace", "the seed", args.val[OPT_SEED], 0, UINT64_MAX,
	                     &seed))
		return CLI_USAGE;
	if (args.val[OPT_EVENTS] && args.val[OPT_STATS])
		return cli_usage_error("trace",
		                       "--events chooses the lines of the trace; "
		                       "--stats prints the counters alone");
	if (args.val[OPT_EVENTS] && parse_events(args.val[OPT_EVENTS], &shown))
		return CLI_USAGE;
	if (args.val[OPT_WIDTH] && !args.val[OPT_EXPLAIN])
		return cli_usage_error("trace", "--width wraps the words of --explain: "
		                                "give both");
	/* Room for the indent and a word or two a line. */
	if (args.val[OPT_WIDTH] &&
	    cli_parse_number("trace", "--width", args.val[OPT_WIDTH], 20, 1000, &width))
		return CLI_USAGE;
	if (args.val[OPT_VARS] && !args.val[OPT_CODE])
		return cli_usage_error("trace", "--vars prints the variables of the "
		                                "listing of --code: give both");
	if (args.val[OPT_FROM] && cli_parse_from("trace", args.val[OPT_FROM], &n, &given))
		return CLI_USAGE;
	if (args.val[OPT_CODE] &&
	    !(code = open_listing(a, args.val[OPT_CODE], args.val, &status))) {
		free(given);
		return status;
	}
	s = search_new_from(a, n, args.val[OPT_FIRST] ? SEARCH_FIRST : SEARCH_ALL, seed,
	                    given, err, sizeof err);
	free(given);
	if (!s) {
		/* A position no search can start from is a bad argument. */
		code_free(code);
		if (args.val[OPT_FROM])
			return cli_usage_error("trace", "--from: %s", err);
		fprintf(stderr, "nqueens trace: %s\n", err);
		return CLI_NO;
	}
	if (args.val[OPT_STATS]) {
		search_run(s, 0, 0);
		print_stats(s);
	} else {
		/* Stops early when the reader has gone (head, a closed pipe). */
		while (search_step(s) && !ferror(stdout)) {
			if (!(shown & (1u << search_last(s)->kind)))
				continue;
			print_event(s);
			if (code)
				print_code_line(s, code);
			if (code && args.val[OPT_VARS])
				print_vars(s, code);
			if (args.val[OPT_EXPLAIN])
				print_explained(s, code != NULL, (size_t)width);
		}
	}
	search_free(s);
	code_free(code);
	return cli_finish_output(CLI_OK);
}
