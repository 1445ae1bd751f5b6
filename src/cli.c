/* What every command shares (usage, options, numbers, formats), and the list command. */
#include "config.h"

#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board.h"
#include "engine/classes.h"
#include "engine/enumerate.h"
#include "engine/known.h"
#include "engine/sheet.h"
#include "engine/symmetry.h"

static const char usage_text[] =
        "Usage: nqueens [--assist LEVEL] [--ascii] [--no-color] [--quiet]\n"
        "               [--theme NAME]\n"
        "       nqueens COMMAND [ARGUMENTS]\n"
        "The n-queens puzzle: place n queens on an n×n board, none attacking another.\n"
        "With no command, the full-screen program starts at its menu.\n"
        "\n"
        "Commands:\n"
        "  play [N] [--puzzle FILE | --daily [DATE]] [--assist LEVEL]\n"
        "       [--ascii] [--no-color] [--quiet] [--theme NAME]\n"
        "      place queens by hand on an N×N board (1 <= N <= 18, default 8),\n"
        "      or complete a puzzle file, or with --daily the puzzle of the day\n"
        "      (the same for everyone on a date; solving it clean each day keeps\n"
        "      a streak), or of a past DATE (YYYY-MM-DD), timed late: no day of\n"
        "      the streak; --assist none (conflicts only), some (attacked squares\n"
        "      dotted, hints: the default for puzzles) or all (the verdict and\n"
        "      its completions too: the default for a free game); a hint or the\n"
        "      verdict makes a solve assisted, timed apart; ? there lists the keys\n"
        "  play --regions [N | FILE] [--grade G] [--seed S] [--daily [DATE]]\n"
        "      Queens with regions: N regions (5 <= N <= 12, default 8), a queen\n"
        "      in each row, column and region, none touching; a puzzle made now\n"
        "      (grade G easy, medium or hard, default medium; seed S from the\n"
        "      clock), a regions FILE, or with --daily the regions puzzle of the\n"
        "      day, on the classic daily's streak; t names the next deduction in\n"
        "      words, t again makes it (the solve is then assisted)\n"
        "  stats [--month YYYY-MM]\n"
        "      print your record from the progress file: this month's (or that\n"
        "      month's) daily puzzles as a calendar, the streak, best times by\n"
        "      size and grade, and the solutions and classes found of each size\n"
        "  watch [N] [--algorithm NAME] [--first] [--from POSITION] [--big]\n"
        "        [--quiz] [--code LANG] [--ascii] [--no-color] [--quiet]\n"
        "        [--theme NAME]\n"
        "      watch the search step by step on an N×N board (default 8), forward\n"
        "      and back; NAME as for trace (N up to 20; 10000 for repair and\n"
        "      construct, drawn as an overview); --big starts in projector mode\n"
        "      (the board, pseudocode and stack, large, in high contrast); --quiz:\n"
        "      predict mode, the search asks you first what it will decide\n"
        "      (backtrack, scan, permute and bits), and sums up your answers when\n"
        "      it ends; --code LANG shows the search as the pseudocode (the\n"
        "      default) or a python, c or java program, with the variables it\n"
        "      keeps (c there cycles them, and the config file keeps the last);\n"
        "      ? there lists the keys\n"
        "  watch N --replay FILE [--algorithm NAME]\n"
        "      a student's search, the events of FILE as compare reads them\n"
        "      (1 <= N <= 11), on a board beside the reference's: both stepped\n"
        "      in lockstep to the first event where they part, stopped there\n"
        "      with it lit and compare's reason under the boards, then the\n"
        "      student's events alone; a file compare refuses, or one that\n"
        "      ends in the middle of the search, is refused before the screen\n"
        "  watch --regions [N | FILE] [--grade G] [--seed S]\n"
        "      Watch it reasoned: a Queens-with-regions puzzle (a FILE, or made\n"
        "      as puzzle --regions makes it: 5 <= N <= 12, default 8, grade\n"
        "      medium, seed from the clock) solved deduction by deduction, the\n"
        "      squares and regions each uses lit, then by the plain backtracking\n"
        "      search (place, refuse with the reason, back), with the counters\n"
        "      of both side by side; Tab switches between them\n"
        "  count N [--unique] [--threads K] [--method halves|backtrack]\n"
        "        [--memory SIZE] [--journal FILE] [--table-cache DIR|none]\n"
        "        [--tasks T [--task I | --list]]\n"
        "      print the number of solutions for 1 <= N <= 29, or with --unique\n"
        "      the number of symmetry classes; K threads (default: one per CPU);\n"
        "      halves (4 <= N <= 23; the default up to N = 22, as far as it is\n"
        "      checked against OEIS A000170) joins half boards, backtrack (the\n"
        "      default elsewhere) searches each border constellation; --memory\n"
        "      SIZE (bytes, or 512M, 2G) bounds the join's memory (default: half\n"
        "      the physical memory, less where a cgroup or ulimit leaves less),\n"
        "      sieving in more passes when it must; --journal FILE records each\n"
        "      finished piece of the count, and the same command run again\n"
        "      resumes from it; --table-cache DIR keeps the join's table in DIR\n"
        "      (default $NQUEENS_TABLE_CACHE, else $XDG_CACHE_HOME/nqueens; none:\n"
        "      no cache), built once and mapped by every later count of N;\n"
        "      --tasks T --task I counts only task I of T, the join's units\n"
        "      where it counts N (with --unique, or by backtracking: the\n"
        "      constellations), and prints a line for sum; --list lists the\n"
        "      constellation tasks and weights\n"
        "  sum [FILE...]\n"
        "      add up the lines of count --tasks T --task I from the FILEs (or\n"
        "      standard input): the total once all T tasks are there, each once,\n"
        "      of one count, none cut off, and OEIS A000170 agrees where it has N\n"
        "  list N [--unique [--variants]] [--format rows|algebraic|board|svg|pdf]\n"
        "        [--paper a4|letter] [--output FILE]\n"
        "      print every solution for 1 <= N <= 32 in lexicographic order, one a\n"
        "      line; --unique prints one representative per symmetry class, and\n"
        "      --variants after it each member of the class, named by its transform;\n"
        "      svg: a sheet of captioned boards on pages of A4 or Letter (--paper;\n"
        "      default: the locale's), 15 mm margins, \"page K of M\" on each;\n"
        "      one page to stdout, several to FILE-1.svg, FILE-2.svg, ... with\n"
        "      --output FILE.svg; pdf: every page in one PDF (rsvg-convert)\n"
        "  solve N [--method lex|construct|repair] [--index K] [--seed S]\n"
        "        [--format rows|algebraic|board|svg|pdf] [--paper a4|letter]\n"
        "        [--output FILE]\n"
        "      print the lexicographically first solution, or solution #K (for\n"
        "      N <= 18, as far as the table of prefix counts goes); with\n"
        "      construct or repair, one solution for 4 <= N <= 10000000 (repair\n"
        "      follows the seed, default 1)\n"
        "  check [POSITION... | --file FILE] [--format svg|pdf [--paper a4|letter]\n"
        "        [--output FILE]]\n"
        "      say whether a position is a solution, or name what is wrong; with\n"
        "      no POSITION (or -), check one position per line of FILE or standard\n"
        "      input; svg, pdf: a sheet of the boards (as for list), each with its\n"
        "      verdict; a heading\n"
        "      or a lone count (a number above 1) is named on stderr and skipped\n"
        "  check --all N [FILE | -]\n"
        "      whether FILE or standard input holds every solution of N (up to 14)\n"
        "      once, in any order: the missing, repeated and wrong ones named\n"
        "  puzzle N [--seed S] [--grade easy|medium|hard]\n"
        "      print a new completion puzzle for 5 <= N <= 20 with exactly one\n"
        "      completion (default grade medium, seed from the clock)\n"
        "  puzzle --regions N [--seed S] [--grade easy|medium|hard]\n"
        "      print a new Queens-with-regions puzzle for 5 <= N <= 12: N regions,\n"
        "      a queen in each row, column and region, none touching; one\n"
        "      solution, graded by the deductions it needs\n"
        "  puzzle --check FILE...\n"
        "      check puzzle files, classic or regions: one completion (or\n"
        "      solution), and the grade they declare; one line a file, 'not\n"
        "      judged' when the search passes its work limit\n"
        "  browse [N] [--ascii] [--no-color] [--quiet] [--theme NAME]\n"
        "      page through every solution of an N×N board (default 8, N up to\n"
        "      20), as a gallery, and by symmetry class; ? there lists the keys\n"
        "  lesson [FILE | NAME [--step K] | --list] [--big] [--ascii] [--no-color]\n"
        "         [--quiet] [--theme NAME]\n"
        "      run a lesson script step by step: a lesson by NAME, or a\n"
        "      FILE (a path with a '/' or ending in .txt); --step K opens it at\n"
        "      its step K, to rehearse; --big in projector mode (z on any step);\n"
        "      --list lists the lessons (name, minutes, title), the shipped ones\n"
        "      and yours, $XDG_DATA_HOME/nqueens/lessons/NAME.txt (yours win by\n"
        "      name); the format is in nqueens(6), LESSON FILES; ? there lists\n"
        "      the keys; at the end, a summary of its questions\n"
        "  lesson --check FILE|NAME...\n"
        "      check lessons without running them: every error on a line of\n"
        "      stderr (FILE:LINE: why), such as an event past the end of a step's\n"
        "      search, a lesson past its budget (its Watch steps' searches run\n"
        "      50,000,000 events in all), words naming a panel --big hides\n"
        "      (keep: keeps it) or a question's answer; a line for each good one\n"
        "      with its measured minutes, and a warning when its minutes: line\n"
        "      is more than half off them\n"
        "  trace N [--algorithm NAME] [--first] [--stats] [--explain [--width W]]\n"
        "        [--events KIND,...] [--code python|c|java [--vars]] [--seed S]\n"
        "        [--from POSITION]\n"
        "      print the search as events, one a line (try, reject, place, ...),\n"
        "      or with --stats its counters; NAME is backtrack (default), scan,\n"
        "      permute or bits (1 <= N <= 20), repair or construct\n"
        "      (4 <= N <= 10000); --explain follows each event with what it\n"
        "      means, in plain words, broken into lines of W columns (20 to 1000)\n"
        "      with --width; --events prints only the kinds named (try, reject,\n"
        "      place, enter, solution, remove, return, move, done); --code\n"
        "      follows each event with the line it runs in the program of\n"
        "      data/code/ in that language, and --vars with its variables after\n"
        "      that line on one line (as Watch's variables panel has them); the\n"
        "      counters are what those programs do: tested the loop passes that\n"
        "      run the first test (bits: the picks), calls the calls of solve;\n"
        "      --from keeps the queens of POSITION and fills the empty files\n"
        "  compare N FILE|- [--algorithm NAME]\n"
        "      compare a search a student's program prints, one event a line\n"
        "      (enter a, try a1, reject a1, place a1, solution, remove a1,\n"
        "      return a, as trace writes them), with the reference's (NAME:\n"
        "      backtrack, the default, scan, permute or bits; 1 <= N <= 11):\n"
        "      'same search', or the first event where they part, what each\n"
        "      did, why in plain words and the board then; and a summary of\n"
        "      the solutions found, missing and duplicated; reads 1,000,000\n"
        "      events at most; data/code/ has programs that print them\n"
        "  race N [ALGORITHM...] [--first] [--format text] [--ascii]\n"
        "       [--no-color] [--quiet] [--theme NAME]\n"
        "      race two to four algorithms (default backtrack scan permute bits)\n"
        "      on one board, to every solution or the first: panels side by side,\n"
        "      stepped in lockstep by events (the fewest events win), and at the\n"
        "      end the winner, a chart of the counters and what they show about\n"
        "      pruning; ? there lists the keys; --format text prints the same:\n"
        "      squares tested, queens placed, events, and times (this program's\n"
        "      stepping, the mean of runs to 50 ms, not the listings' speed)\n"
        "\n"
        "A position is written as ranks by file (2 4 6 8 3 1 7 5 is a2 b4 c6 d8\n"
        "e3 f1 g7 h5; 0, '.' or '-' leaves a file empty) or as squares (a2 b4 c6).\n"
        "\n"
        "Options:\n"
        "  -h, --help     print this help and exit\n"
        "  -V, --version  print the version and exit\n"
        "  -a, --ascii    draw with ASCII only (also in a non-UTF-8 locale)\n"
        "  --no-color     draw without colours (also when NO_COLOR is set)\n"
        "  --quiet        no bell when a board is solved\n"
        "  --theme NAME   the colours of every screen: calm (the default), wood,\n"
        "                 night, or contrast for a projector; T cycles them on every\n"
        "                 screen and the choice is kept in\n"
        "                 $XDG_CONFIG_HOME/nqueens/config, where the line\n"
        "                 background = terminal keeps the terminal's own\n"
        "                 background (the theme paints its own)\n"
        "\n"
        "Exit status: 0 done (check: all valid), 1 no solution (check: a position\n"
        "is not one; puzzle --check: a puzzle fails or is not judged; sum: a task\n"
        "is missing, or the total is not A000170's; compare: the searches\n"
        "differ), 2 a bad argument or malformed input.\n"
        "See nqueens(6) for the output formats.\n";

void cli_help(void)
{
	fputs(usage_text, stdout);
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "nqueens%s%s: ", cmd ? " " : "", cmd ? cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return CLI_USAGE;
}

/* Flushes stdout and reports a failed write (a full disk, a closed pipe). */
void cli_out_of_memory(void)
{
	fputs("nqueens: out of memory\n", stderr);
	exit(CLI_NO);
}

int cli_finish_output(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "nqueens: cannot write the output: %s\n",
		        strerror(errno));
		return CLI_NO;
	}
	return status;
}

/*
 * Splits argv into options (their values land in val[o], "" for a flag) and
 * positional arguments.  "--name=value", "--name value", "-x value" and "--"
 * are understood; a word that looks like a negative number is positional, so
 * the number check can say what is allowed.
 */
static int parse_options(const char *cmd, const char *synopsis, int argc, char **argv,
                         const struct cli_optdef defs[OPT_COUNT],
                         const char *val[OPT_COUNT], char **pos, int maxpos, int *npos)
{
	bool only_pos = false;

	*npos = 0;
	for (int i = 0; i < OPT_COUNT; i++)
		val[i] = NULL;
	for (int i = 0; i < argc; i++) {
		char *a = argv[i];
		int which = -1;
		const char *inline_val = NULL;

		if (only_pos || a[0] != '-' || a[1] == '\0' ||
		    (a[1] >= '0' && a[1] <= '9')) {
			if (*npos == maxpos)
				return cli_usage_error(cmd,
				                       "unexpected argument '%s'; "
				                       "usage: %s",
				                       a, synopsis);
			pos[(*npos)++] = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			only_pos = true;
			continue;
		}
		for (int d = 0; d < OPT_COUNT && which < 0; d++) {
			size_t len;

			/* An option the command leaves out of its table. */
			if (!defs[d].name)
				continue;
			len = strlen(defs[d].name);
			if (a[1] == '-' && strncmp(a + 2, defs[d].name, len) == 0 &&
			    (a[2 + len] == '\0' ||
			     (a[2 + len] == '=' && defs[d].value))) {
				which = d;
				if (a[2 + len] == '=')
					inline_val = a + 3 + len;
			} else if (a[1] != '-' && defs[d].letter &&
			           a[1] == defs[d].letter && a[2] == '\0') {
				which = d;
			}
		}
		if (which < 0)
			return cli_usage_error(cmd, "unknown option '%s'; usage: %s", a,
			                       synopsis);
		/* The last of two would win silently: say which is meant. */
		if (val[which])
			return cli_usage_error(cmd, "--%s is given twice; give it once",
			                       defs[which].name);
		if (!defs[which].value) {
			val[which] = "";
		} else if (inline_val) {
			val[which] = inline_val;
		} else if (i + 1 < argc) {
			val[which] = argv[++i];
		} else {
			return cli_usage_error(cmd, "--%s needs a value; usage: %s",
			                       defs[which].name, synopsis);
		}
	}
	return CLI_OK;
}

int cli_begin(const char *cmd, const char *synopsis, int argc, char **argv,
              const struct cli_optdef defs[OPT_COUNT], int maxpos, struct cli_args *a)
{
	struct cli_optdef all[OPT_COUNT];

	memcpy(all, defs, sizeof all);
	all[OPT_HELP] = (struct cli_optdef){"help", 'h', false};
	/*
	 * A positional argument is written over a word already read (there
	 * are never more of them than words), so argv can hold them.
	 */
	if (parse_options(cmd, synopsis, argc, argv, all, a->val, argv, maxpos, &a->npos))
		return CLI_USAGE;
	a->pos = argv;
	if (a->val[OPT_HELP]) {
		cli_help();
		return cli_finish_output(CLI_OK);
	}
	return -1;
}

/*
 * Reads a whole decimal number in [min, max] and nothing else: no sign, no
 * blanks, no trailing letters, no overflow.
 */
int cli_parse_number(const char *cmd, const char *what, const char *s, uint64_t min,
                     uint64_t max, uint64_t *out)
{
	uint64_t v = 0;
	bool ok = *s != '\0';

	for (const char *p = s; ok && *p; p++) {
		if (*p < '0' || *p > '9' || v > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
			ok = false;
		else
			v = v * 10 + (uint64_t)(*p - '0');
	}
	/* No bound is worth printing when it is only the width of the type. */
	if ((!ok || v < min) && max == UINT64_MAX)
		return cli_usage_error(cmd,
		                       "%s must be a whole number from %" PRIu64
		                       " up, less than 2^64, not '%s'",
		                       what, min, s);
	if (!ok || v < min || v > max)
		return cli_usage_error(cmd,
		                       "%s must be a whole number from %" PRIu64
		                       " to %" PRIu64 ", not '%s'",
		                       what, min, max, s);
	*out = v;
	return CLI_OK;
}

/* Reads the board size, the one positional argument of most commands. */
int cli_parse_n(const char *cmd, const char *synopsis, int npos, char **pos, int max,
                int *n)
{
	uint64_t v = 0;

	if (npos == 0)
		return cli_usage_error(cmd,
		                       "missing N, the board size (1 to %d); "
		                       "usage: %s",
		                       max, synopsis);
	if (cli_parse_number(cmd, "N", pos[0], 1, (uint64_t)max, &v) != CLI_OK)
		return CLI_USAGE;
	*n = (int)v;
	return CLI_OK;
}

int cli_parse_format(const char *cmd, const char *s, enum cli_format *f)
{
	if (!s || strcmp(s, "rows") == 0)
		*f = CLI_FORMAT_ROWS;
	else if (strcmp(s, "algebraic") == 0)
		*f = CLI_FORMAT_ALGEBRAIC;
	else if (strcmp(s, "board") == 0)
		*f = CLI_FORMAT_BOARD;
	else if (strcmp(s, "svg") == 0)
		*f = CLI_FORMAT_SVG;
	else if (strcmp(s, "pdf") == 0)
		*f = CLI_FORMAT_PDF;
	else
		return cli_usage_error(cmd,
		                       "--format must be rows, algebraic, board, svg "
		                       "or pdf, not '%s'",
		                       s);
	return CLI_OK;
}

int cli_print_sheet(const char *cmd, int n, const int *p, const struct cli_handout *h)
{
	char ranks[512];
	struct sheet sh;
	int rc;

	board_format_ranks(n, p, ranks, sizeof ranks);
	if (sheet_begin(&sh, h->paper, n, 1, NULL) < 0)
		cli_out_of_memory();
	sheet_ranks(&sh, p, ranks);
	if (sheet_end(&sh) < 0)
		cli_out_of_memory();
	rc = cli_handout_write(cmd, &sh, h);
	sheet_free(&sh);
	return rc;
}

/* Prints one solution; a picture is followed by a blank line. */
void cli_print_solution(int n, const int *p, enum cli_format f)
{
	char stack[512], *buf = stack;
	size_t need;

	switch (f) {
	case CLI_FORMAT_ALGEBRAIC:
		need = board_format_squares(n, p, buf, sizeof stack);
		break;
	case CLI_FORMAT_BOARD:
		need = board_format_picture(n, p, buf, sizeof stack);
		break;
	default:
		need = board_format_ranks(n, p, buf, sizeof stack);
		break;
	}
	if (need >= sizeof stack) {
		buf = malloc(need + 1);
		if (!buf)
			cli_out_of_memory();
		if (f == CLI_FORMAT_BOARD)
			board_format_picture(n, p, buf, need + 1);
		else if (f == CLI_FORMAT_ALGEBRAIC)
			board_format_squares(n, p, buf, need + 1);
		else
			board_format_ranks(n, p, buf, need + 1);
	}
	fputs(buf, stdout);
	putchar('\n'); /* ends the line, or leaves a blank one after a picture */
	if (buf != stack)
		free(buf);
}

/*
 * list --format svg: every board of the listing on one sheet, captioned;
 * with --unique the sheet of the classes that Browse's X writes, and with
 * --variants every member of each class as Browse draws a class's members.
 */
static int list_svg(int n, bool unique, bool variants, const struct cli_handout *h)
{
	struct enum_iter it;
	struct sheet sh;
	uint64_t total, classes, count, k = 0, c = 0;
	int p[ENUM_MAX_N], rc;
	char caption[256], ranks[200];

	if (!known_counts(n, &total, &classes))
		total = classes = UINT64_MAX;
	count = unique && !variants ? classes : total;
	if (n > SHEET_MAX_N || count == 0 || count > SHEET_MAX_BOARDS)
		return cli_usage_error("list",
		                       count == 0
		                               ? "there is no board to draw for N = %d"
		                               : "--format svg draws a sheet of at most "
		                                 "10000 boards; N = %d has more",
		                       n);
	if (unique && !variants) {
		if (sheet_classes(&sh, h->paper, n, total, classes) < 0)
			cli_out_of_memory();
		rc = cli_handout_write("list", &sh, h);
		sheet_free(&sh);
		return rc;
	}
	if (sheet_begin(&sh, h->paper, n, (int)count,
	                unique ? "The symmetry classes and their members, the "
	                         "representative's queen on file a ringed in each"
	                       : "Every solution, in order") < 0)
		cli_out_of_memory();
	enum_start(&it, n);
	while (enum_next(&it, p)) {
		k++;
		if (unique && !classes_is_rep(n, p))
			continue;
		c++;
		if (!unique) {
			board_format_ranks(n, p, ranks, sizeof ranks);
			snprintf(caption, sizeof caption, "#%" PRIu64 ": %s", k, ranks);
			sheet_ranks(&sh, p, caption);
			continue;
		}
		struct class_variant v[SYM_COUNT];
		int members = classes_variants(n, p, v);

		/* Each member, labelled with its class and every transform that makes it.
		 */
		for (int i = 0; i < members; i++)
			sheet_member(&sh, c, v, i, 0);
	}
	if (sheet_end(&sh) < 0)
		cli_out_of_memory();
	rc = cli_handout_write("list", &sh, h);
	sheet_free(&sh);
	return rc;
}

int cli_list(int argc, char **argv)
{
	static const char synopsis[] =
	        "nqueens list N [--unique [--variants]] [--format "
	        "rows|algebraic|board|svg|pdf] " CLI_HANDOUT_SYNOPSIS;
	static const struct cli_optdef defs[OPT_COUNT] = {
	        [OPT_UNIQUE] = {"unique", 'u', false},
	        [OPT_FORMAT] = {"format", 'f', true},
	        [OPT_VARIANTS] = {"variants", 0, false},
	        [OPT_PAPER] = {"paper", 0, true},
	        [OPT_OUTPUT] = {"output", 'o', true},
	};
	struct cli_handout h;
	struct cli_args args;
	int n = 0, p[ENUM_MAX_N], rc;
	enum cli_format fmt = CLI_FORMAT_ROWS;
	struct enum_iter it;

	if ((rc = cli_begin("list", synopsis, argc, argv, defs, 1, &args)) >= 0)
		return rc;
	if (args.val[OPT_VARIANTS] && !args.val[OPT_UNIQUE])
		return cli_usage_error("list", "--variants goes with --unique; usage: %s",
		                       synopsis);
	if (cli_parse_n("list", synopsis, args.npos, args.pos, ENUM_MAX_N, &n) ||
	    cli_parse_format("list", args.val[OPT_FORMAT], &fmt) ||
	    cli_handout_options("list", args.val, fmt, &h))
		return CLI_USAGE;
	if (fmt == CLI_FORMAT_SVG || fmt == CLI_FORMAT_PDF)
		return list_svg(n, args.val[OPT_UNIQUE] != NULL,
		                args.val[OPT_VARIANTS] != NULL, &h);
	enum_start(&it, n);
	while (enum_next(&it, p)) {
		/* A class is listed where its smallest member comes. */
		if (args.val[OPT_UNIQUE] && !classes_is_rep(n, p))
			continue;
		cli_print_solution(n, p, fmt);
		if (args.val[OPT_VARIANTS]) {
			struct class_variant v[SYM_COUNT];
			int count = classes_variants(n, p, v);

			/* Each member, the representative too, after its transform. */
			for (int i = 0; i < count; i++) {
				printf("  %s%s", sym_name(v[i].from_rep),
				       fmt == CLI_FORMAT_BOARD ? "\n" : " ");
				cli_print_solution(n, v[i].ranks, fmt);
			}
		}
		if (ferror(stdout))
			break;
	}
	return cli_finish_output(CLI_OK);
}
