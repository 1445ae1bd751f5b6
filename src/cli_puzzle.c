/* The puzzle command: make completion and regions puzzles, and check puzzle files. */
#include "config.h"

#include "cli.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/fileio.h"
#include "engine/puzzle.h"
#include "engine/regions.h"

static const char synopsis[] = "nqueens puzzle N [--seed S] [--grade easy|medium|hard] "
                               "| --regions N [--seed S] [--grade G] | --check FILE...";

static int print_puzzle(const struct puzzle *pz)
{
	char buf[1024];
	size_t need = puzzle_format(pz, buf, sizeof buf);

	if (need >= sizeof buf) {
		char *big = malloc(need + 1);

		if (!big)
			cli_out_of_memory();
		puzzle_format(pz, big, need + 1);
		fputs(big, stdout);
		free(big);
	} else {
		fputs(buf, stdout);
	}
	return CLI_OK;
}

/* A number with a comma between groups of three digits, for prose. */
static const char *grouped(uint64_t v, char *buf, size_t len)
{
	char digits[32];
	int nd = snprintf(digits, sizeof digits, "%" PRIu64, v);
	size_t at = 0;

	for (int i = 0; i < nd && at + 2 < len; i++) {
		if (i > 0 && (nd - i) % 3 == 0)
			buf[at++] = ',';
		buf[at++] = digits[i];
	}
	buf[at] = '\0';
	return buf;
}

/* Whether the file at path is a regions puzzle (one that cannot be read is not). */
static bool is_regions_file(const char *path)
{
	char err[512];
	char *text = fileio_load_text(path, (size_t)1 << 16, "a regions puzzle file", err,
	                              sizeof err);
	bool yes = text && regions_is_regions_text(text);

	free(text);
	return yes;
}

/* Checks one regions file: one solution, and the grade it declares. */
static int check_regions(const char *path)
{
	struct regions_board b;
	enum regions_grade measured;
	char err[512];

	if (regions_load(path, &b, err, sizeof err) < 0) {
		fflush(stdout);
		return cli_usage_error("puzzle", "%s", err);
	}
	if (regions_check(&b, path, &measured, err, sizeof err) != 0) {
		printf("%s\n", err);
		return CLI_NO;
	}
	printf("%s: 1 solution; grade %s, measured %s (%d×%d with regions, %d given)\n",
	       path, regions_grade_name(b.grade), regions_grade_name(measured), b.n, b.n,
	       b.ngiven);
	return CLI_OK;
}

/* Makes a regions puzzle and prints it in the file format. */
static int make_regions(const struct cli_args *args, enum puzzle_grade pg)
{
	struct regions_board b;
	enum regions_grade grade = regions_grade_from_name(puzzle_grade_name(pg));
	uint64_t v, seed;
	char buf[2048];

	if (args->npos > 0)
		return cli_usage_error(
		        "puzzle",
		        "--regions takes N as its value, not '%s' as well; "
		        "usage: %s",
		        args->pos[0], synopsis);
	if (cli_parse_number("puzzle", "N of --regions", args->val[OPT_REGIONS],
	                     REGIONS_GEN_MIN_N, REGIONS_GEN_MAX_N, &v))
		return CLI_USAGE;
	if (args->val[OPT_SEED]) {
		if (cli_parse_number("puzzle", "the seed", args->val[OPT_SEED], 0,
		                     UINT64_MAX, &seed))
			return CLI_USAGE;
	} else {
		seed = puzzle_clock_seed();
	}
	if (regions_generate((int)v, grade, seed, &b) < 0) {
		fprintf(stderr,
		        "nqueens puzzle: no %s regions puzzle for n = %d from seed "
		        "%" PRIu64 "; try another seed\n",
		        regions_grade_name(grade), (int)v, seed);
		return CLI_NO;
	}
	printf("# made with: nqueens puzzle --regions %d --grade %s --seed %" PRIu64 "\n",
	       (int)v, regions_grade_name(grade), seed);
	regions_format(&b, buf, sizeof buf);
	fputs(buf, stdout);
	return cli_finish_output(CLI_OK);
}

/*
 * Checks puzzle files: each must parse, have exactly one completion and the
 * grade it declares.  Each file gets one line, on standard output when it
 * could be read and on standard error when not; the worst result is the
 * exit status.
 */
static int check_files(int nfiles, char **files)
{
	int status = CLI_OK;
	char limit[32];

	if (nfiles == 0)
		return cli_usage_error("puzzle", "--check needs a FILE; usage: %s",
		                       synopsis);
	grouped(PUZZLE_WORK_LIMIT, limit, sizeof limit);
	for (int i = 0; i < nfiles; i++) {
		struct puzzle pz;
		struct puzzle_measure m;
		char err[512];

		if (is_regions_file(files[i])) {
			int rc = check_regions(files[i]);

			if (rc != CLI_OK && (status == CLI_OK || rc == CLI_USAGE))
				status = rc;
			continue;
		}
		if (puzzle_load(files[i], &pz, err, sizeof err) < 0) {
			fflush(stdout);
			status = cli_usage_error("puzzle", "%s", err);
			continue;
		}
		/*
		 * No completion is possible only when the file's own check for
		 * one passed the work limit and the plain search did not.
		 */
		puzzle_measure(&pz, PUZZLE_WORK_LIMIT, &m);
		if (!m.judged)
			printf("%s: not judged: the search needs more than %s steps (%d "
			       "given)\n",
			       files[i], limit, pz.ngiven);
		else
			printf("%s: %s; grade %s, measured %s (%d given, %" PRIu64
			       " nodes)\n",
			       files[i],
			       m.completions == 0   ? "no completion"
			       : m.completions == 1 ? "1 completion"
			                            : "several completions",
			       puzzle_grade_name(pz.grade), puzzle_grade_name(m.grade),
			       pz.ngiven, m.nodes);
		if ((!m.judged || m.completions != 1 || m.grade != pz.grade) &&
		    status == CLI_OK)
			status = CLI_NO;
	}
	return cli_finish_output(status);
}

int cli_puzzle(int argc, char **argv)
{
	static const struct cli_optdef defs[OPT_COUNT] = {
	        [OPT_SEED] = {"seed", 's', true},
	        [OPT_GRADE] = {"grade", 'g', true},
	        [OPT_CHECK] = {"check", 'c', false},
	        [OPT_REGIONS] = {"regions", 'r', true},
	};
	struct cli_args args;
	int n = 0, rc;
	uint64_t seed, v = 0;
	enum puzzle_grade grade = PUZZLE_MEDIUM;
	struct puzzle pz;

	if ((rc = cli_begin("puzzle", synopsis, argc, argv, defs, argc, &args)) >= 0)
		return rc;
	if (args.val[OPT_CHECK]) {
		if (args.val[OPT_SEED] || args.val[OPT_GRADE] || args.val[OPT_REGIONS])
			return cli_usage_error(
			        "puzzle",
			        "--check takes no --seed, --grade or --regions; "
			        "usage: %s",
			        synopsis);
		/* A board size before the files is a mix of the two usages. */
		if (args.npos > 0 && args.pos[0][0] &&
		    args.pos[0][strspn(args.pos[0], "0123456789")] == '\0')
			return cli_usage_error(
			        "puzzle",
			        "--check takes puzzle files, not N ('%s'); "
			        "usage: %s",
			        args.pos[0], synopsis);
		return check_files(args.npos, args.pos);
	}
	if (args.val[OPT_GRADE]) {
		grade = puzzle_grade_from_name(args.val[OPT_GRADE]);
		if (grade == PUZZLE_GRADES)
			return cli_usage_error("puzzle",
			                       "--grade must be easy, medium or hard, "
			                       "not '%s'",
			                       args.val[OPT_GRADE]);
	}
	if (args.val[OPT_REGIONS])
		return make_regions(&args, grade);
	if (args.npos > 1)
		return cli_usage_error("puzzle", "unexpected argument '%s'; usage: %s",
		                       args.pos[1], synopsis);
	/* cli_parse_n says what is missing; the range starts above 1 here. */
	if (args.npos == 0 ? cli_parse_n("puzzle", synopsis, args.npos, args.pos,
	                                 PUZZLE_GEN_MAX_N, &n)
	                   : cli_parse_number("puzzle", "N", args.pos[0],
	                                      PUZZLE_GEN_MIN_N, PUZZLE_GEN_MAX_N, &v))
		return CLI_USAGE;
	n = (int)v;
	if (args.val[OPT_SEED]) {
		if (cli_parse_number("puzzle", "the seed", args.val[OPT_SEED], 0,
		                     UINT64_MAX, &seed))
			return CLI_USAGE;
	} else {
		seed = puzzle_clock_seed();
	}
	if (puzzle_generate(n, seed, grade, &pz) < 0) {
		fprintf(stderr,
		        "nqueens puzzle: no %s puzzle for n = %d from seed %" PRIu64
		        "; try another seed\n",
		        puzzle_grade_name(grade), n, seed);
		return CLI_NO;
	}
	printf("# seed: %" PRIu64 "\n", seed);
	print_puzzle(&pz);
	return cli_finish_output(CLI_OK);
}
