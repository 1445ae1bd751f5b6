/* The solve command: the first solution, solution #K, or one for a huge board. */
#include "config.h"

#include "cli.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board.h"
#include "engine/construct.h"
#include "datadir.h"
#include "engine/enumerate.h"
#include "engine/known.h"
#include "engine/sheet.h"

/*
 * Loads the prefix table; without it rank and unrank count, slower for large
 * n.  False with why it could not be had in why.
 */
static bool load_table(struct enum_table *t, char *why, size_t whylen)
{
	char path[4096];

	if (!datadir_find("prefix-counts.tsv", path, sizeof path)) {
		snprintf(why, whylen, "%s not found (set NQUEENS_DATADIR)", path);
		return false;
	}
	return enum_table_load(t, path, why, whylen) == 0;
}

/* Boards larger than this are not drawn as a picture. */
#define PICTURE_MAX_N 100

/* Writes a huge solution with a buffer of its own: printf would take seconds. */
struct out {
	char buf[1 << 16];
	size_t len;
};

static void out_flush(struct out *o)
{
	fwrite(o->buf, 1, o->len, stdout);
	o->len = 0;
}

static void out_rank(struct out *o, int f, int r, enum cli_format fmt)
{
	char tmp[32];
	int k = 0;

	if (o->len + 64 > sizeof o->buf)
		out_flush(o);
	if (f > 0)
		o->buf[o->len++] = ' ';
	if (fmt == CLI_FORMAT_ALGEBRAIC) {
		char name[16];

		board_file_name(f, name, sizeof name);
		for (char *c = name; *c; c++)
			o->buf[o->len++] = *c;
	}
	for (unsigned v = (unsigned)r + 1; v > 0; v /= 10)
		tmp[k++] = (char)('0' + v % 10);
	while (k > 0)
		o->buf[o->len++] = tmp[--k];
}

/* solve --method construct or repair: any size, streamed or from one array. */
static int solve_large(int n, bool repair, uint64_t seed, enum cli_format fmt,
                       const struct cli_handout *h)
{
	struct out *o;
	int *p = NULL;

	if (n < 4) {
		fprintf(stderr,
		        "nqueens solve: %s needs N >= 4 (n = 2 and 3 have no solution)\n",
		        repair ? "repair" : "construct");
		return CLI_NO;
	}
	if (repair) {
		struct repair_stats st;

		p = malloc((size_t)n * sizeof *p);
		if (!p || repair_solve(n, seed, p, &st) < 0) {
			free(p);
			fprintf(stderr, "nqueens solve: out of memory for %d queens\n",
			        n);
			return CLI_NO;
		}
	}
	if (fmt == CLI_FORMAT_BOARD || fmt == CLI_FORMAT_SVG || fmt == CLI_FORMAT_PDF) {
		int *q = p ? p : malloc((size_t)n * sizeof *q), rc = CLI_OK;

		if (!q)
			cli_out_of_memory();
		if (!p)
			construct_ranks(n, q);
		if (fmt == CLI_FORMAT_BOARD)
			cli_print_solution(n, q, fmt);
		else
			rc = cli_print_sheet("solve", n, q, h);
		free(q);
		return cli_finish_output(rc);
	}
	o = malloc(sizeof *o);
	if (!o)
		cli_out_of_memory();
	o->len = 0;
	/* The construction needs no array: each rank comes from its file. */
	for (int f = 0; f < n; f++)
		out_rank(o, f, p ? p[f] : construct_rank(n, f), fmt);
	o->buf[o->len++] = '\n';
	out_flush(o);
	free(o);
	free(p);
	return cli_finish_output(CLI_OK);
}

/*
 * Without the prefix table, solution #K is found by counting whole subtrees:
 * within a second or two up to this n.
 */
#define RANK_UNTABLED_MAX_N 15

/* solve --index K: solution #K by the prefix counts, never by listing. */
static int solve_index(int n, const char *kstr, enum cli_format fmt,
                       const struct cli_handout *h)
{
	struct enum_table t;
	uint64_t k, total;
	bool known = known_counts(n, &total, NULL), have;
	int p[ENUM_MAX_N], reach, rc = CLI_OK;
	char why[4700];

	/* What K is not is said at once, before any work. */
	if (cli_parse_number("solve", "K", kstr, 1, known && total ? total : UINT64_MAX,
	                     &k))
		return CLI_USAGE;
	if (known && total == 0) {
		fprintf(stderr, "nqueens solve: there is no solution for n = %d\n", n);
		return CLI_NO;
	}
	have = load_table(&t, why, sizeof why);
	reach = have ? enum_table_max_n(&t) : 0;
	if (reach < RANK_UNTABLED_MAX_N)
		reach = RANK_UNTABLED_MAX_N;
	/* One line on stderr either way: the refusal says why there is no table. */
	if (n > reach && have) {
		enum_table_free(&t);
		return cli_usage_error("solve",
		                       "--index finds solution #K for N up to %d, as "
		                       "far as the table of prefix counts goes; N = %d "
		                       "would take hours",
		                       reach, n);
	}
	if (n > reach)
		return cli_usage_error("solve",
		                       "--index finds solution #K for N up to %d without "
		                       "the table of prefix counts (%s); N = %d would "
		                       "take hours",
		                       reach, why, n);
	if (!have && n > 12)
		fprintf(stderr, "nqueens: %s; counting instead, which is slower\n", why);
	if (!enum_unrank(n, k, have ? &t : NULL, p)) {
		fprintf(stderr, "nqueens solve: no solution #%" PRIu64 "\n", k);
		rc = CLI_NO;
	} else if (fmt == CLI_FORMAT_SVG || fmt == CLI_FORMAT_PDF) {
		rc = cli_print_sheet("solve", n, p, h);
	} else {
		cli_print_solution(n, p, fmt);
	}
	if (have)
		enum_table_free(&t);
	return cli_finish_output(rc);
}

int cli_solve(int argc, char **argv)
{
	static const char synopsis[] =
	        "nqueens solve N [--method lex|construct|repair] [--index K] [--seed S] "
	        "[--format rows|algebraic|board|svg|pdf] " CLI_HANDOUT_SYNOPSIS;
	static const struct cli_optdef defs[OPT_COUNT] = {
	        [OPT_INDEX] = {"index", 'i', true},
	        [OPT_FORMAT] = {"format", 'f', true},
	        [OPT_METHOD] = {"method", 'm', true},
	        [OPT_SEED] = {"seed", 0, true},
	        [OPT_PAPER] = {"paper", 0, true},
	        [OPT_OUTPUT] = {"output", 'o', true},
	};
	struct cli_handout h;
	struct cli_args args;
	int n = 0, p[ENUM_MAX_N], rc;
	enum cli_format fmt;
	bool large = false, repair = false;
	uint64_t seed = 1;

	if ((rc = cli_begin("solve", synopsis, argc, argv, defs, 1, &args)) >= 0)
		return rc;
	if (args.val[OPT_METHOD]) {
		if (strcmp(args.val[OPT_METHOD], "construct") == 0)
			large = true;
		else if (strcmp(args.val[OPT_METHOD], "repair") == 0)
			large = repair = true;
		else if (strcmp(args.val[OPT_METHOD], "lex") != 0)
			return cli_usage_error(
			        "solve",
			        "--method must be lex, construct or repair, "
			        "not '%s'",
			        args.val[OPT_METHOD]);
	}
	if (args.val[OPT_SEED] && !repair)
		return cli_usage_error("solve", "--seed goes with --method repair");
	if (args.val[OPT_INDEX] && large)
		return cli_usage_error("solve",
		                       "--index goes with --method lex: construct and "
		                       "repair make one solution each");
	if (args.val[OPT_SEED] &&
	    cli_parse_number("solve", "the seed", args.val[OPT_SEED], 0, UINT64_MAX,
	                     &seed))
		return CLI_USAGE;
	if (cli_parse_n("solve", synopsis, args.npos, args.pos,
	                large ? CONSTRUCT_MAX_N : ENUM_MAX_N, &n) ||
	    cli_parse_format("solve", args.val[OPT_FORMAT], &fmt) ||
	    cli_handout_options("solve", args.val, fmt, &h))
		return CLI_USAGE;
	if ((fmt == CLI_FORMAT_SVG || fmt == CLI_FORMAT_PDF) && n > SHEET_MAX_N)
		return cli_usage_error("solve",
		                       "--format %s draws boards up to %d; use rows "
		                       "or algebraic for N = %d",
		                       fmt == CLI_FORMAT_PDF ? "pdf" : "svg", SHEET_MAX_N,
		                       n);
	if (large && fmt == CLI_FORMAT_BOARD && n > PICTURE_MAX_N)
		return cli_usage_error(
		        "solve",
		        "--format board draws boards up to %d; use rows or "
		        "algebraic for N = %d",
		        PICTURE_MAX_N, n);
	if (large)
		return solve_large(n, repair, seed, fmt, &h);
	if (args.val[OPT_INDEX])
		return solve_index(n, args.val[OPT_INDEX], fmt, &h);
	struct enum_iter it;

	enum_start(&it, n);
	if (!enum_next(&it, p)) {
		fprintf(stderr,
		        "nqueens solve: there is no solution for n = %d "
		        "(only n = 2 and n = 3 have none)\n",
		        n);
		return cli_finish_output(CLI_NO);
	}
	if (fmt == CLI_FORMAT_SVG || fmt == CLI_FORMAT_PDF)
		return cli_print_sheet("solve", n, p, &h);
	cli_print_solution(n, p, fmt);
	return cli_finish_output(CLI_OK);
}
