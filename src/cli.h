/* The commands of the command line, and the parsing and messages they share. */
#ifndef NQ_CLI_H
#define NQ_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/sheet.h"

/* Exit statuses shared by every subcommand. */
enum {
	CLI_OK = 0,    /* done; for check, every position is a solution */
	CLI_NO = 1,    /* no solution exists, or a position is not one */
	CLI_USAGE = 2, /* a bad argument or malformed input */
};

/* Each takes the arguments after its own name and returns an exit status. */
int cli_count(int argc, char **argv);
int cli_list(int argc, char **argv);
int cli_solve(int argc, char **argv);
int cli_check(int argc, char **argv);
int cli_puzzle(int argc, char **argv);
int cli_trace(int argc, char **argv);
int cli_compare(int argc, char **argv);
int cli_race(int argc, char **argv);
int cli_sum(int argc, char **argv);
int cli_stats(int argc, char **argv);

/* The full-screen program: on a board, or (with no command) at the menu. */
int cli_play(int argc, char **argv);
int cli_menu(int argc, char **argv);
/* The Watch screen, from the command line. */
int cli_watch(int argc, char **argv);
/* The Browse screen, from the command line. */
int cli_browse(int argc, char **argv);
/* A lesson script run in the full-screen program, or the list of the shipped ones. */
int cli_lesson(int argc, char **argv);

/* Every option of every command, the index of its definition and its value. */
enum cli_opt {
	OPT_ALGORITHM,
	OPT_ALL,
	OPT_ASCII,
	OPT_ASSIST,
	OPT_BIG,
	OPT_CHECK,
	OPT_EVENTS,
	OPT_CODE,
	OPT_DAILY,
	OPT_EXPLAIN,
	OPT_FILE,
	OPT_FIRST,
	OPT_FORMAT,
	OPT_FROM,
	OPT_GRADE,
	OPT_HELP,
	OPT_INDEX,
	OPT_JOURNAL,
	OPT_LIST,
	OPT_MEMORY,
	OPT_METHOD,
	OPT_MONTH,
	OPT_NO_COLOR,
	OPT_OUTPUT,
	OPT_PAPER,
	OPT_PUZZLE,
	OPT_QUIET,
	OPT_QUIZ,
	OPT_REGIONS,
	OPT_REPLAY,
	OPT_SEED,
	OPT_STATS,
	OPT_STEP,
	OPT_TABLE_CACHE,
	OPT_TASK,
	OPT_TASKS,
	OPT_THEME,
	OPT_THREADS,
	OPT_UNIQUE,
	OPT_VARIANTS,
	OPT_VARS,
	OPT_WIDTH,
	OPT_COUNT
};

/*
 * One option as a command accepts it; value options take the next argument.
 * A command's table is indexed by enum cli_opt, and an option it leaves out
 * (no name) is unknown to it.
 */
struct cli_optdef {
	const char *name; /* long name without the dashes */
	char letter;      /* short form, or 0 */
	bool value;
};

/*
 * What a command's prologue leaves it: each option's value ("" for a flag,
 * NULL when not given) and the positional arguments, in argv's order.
 */
struct cli_args {
	const char *val[OPT_COUNT];
	char **pos; /* argv itself: its positional arguments moved to the front */
	int npos;
};

/*
 * The prologue every command starts with: splits argv by the command's
 * table (--help, -h is every command's; defs need not name it) into *a,
 * with at most maxpos positional arguments, and prints the usage for
 * --help.  Returns -1 for the command to go on, else the status to end it
 * with: CLI_OK after the usage, CLI_USAGE after a usage error on stderr.
 */
int cli_begin(const char *cmd, const char *synopsis, int argc, char **argv,
              const struct cli_optdef defs[OPT_COUNT], int maxpos, struct cli_args *a);

struct app_opts;

/*
 * The options of how the full-screen program draws (--ascii, --no-color,
 * --quiet, --theme), from a command's values val into *o; CLI_USAGE, said
 * on stderr, for an unknown theme.
 */
int cli_display_options(const char *cmd, const char *const val[OPT_COUNT],
                        struct app_opts *o);

/* Reads a whole decimal number in [min, max] strictly, or reports why not. */
int cli_parse_number(const char *cmd, const char *what, const char *s, uint64_t min,
                     uint64_t max, uint64_t *out);

/* Reads the board size N from the first positional argument. */
int cli_parse_n(const char *cmd, const char *synopsis, int npos, char **pos, int max,
                int *n);

/*
 * Reads the position of --from: one queen a file at most, on a board of n
 * files (n = 0 takes the position's own size).  Sets *ranks to a malloc'd
 * array of 0-based ranks by file, -1 for an empty file; or reports why not
 * and returns CLI_USAGE.
 */
int cli_parse_from(const char *cmd, const char *text, int *n, int **ranks);

/* How a solution is written: ranks by file, squares, or a picture. */
enum cli_format {
	CLI_FORMAT_ROWS,
	CLI_FORMAT_ALGEBRAIC,
	CLI_FORMAT_BOARD,
	CLI_FORMAT_SVG,
	CLI_FORMAT_PDF
};

/* Reads --format (NULL: rows), or reports what is allowed. */
int cli_parse_format(const char *cmd, const char *s, enum cli_format *f);

/* Prints one solution; a picture is followed by a blank line (not SVG nor PDF). */
void cli_print_solution(int n, const int *p, enum cli_format f);

/*
 * Where a handout (a sheet of boards: --format svg or pdf) goes and on what
 * paper: --paper a4|letter (the locale's paper when left out, see
 * sheet_paper_default), --output FILE (standard output when left out).
 */
struct cli_handout {
	enum sheet_paper paper;
	bool pdf;
	const char *output;
};

/*
 * Reads --paper and --output for a command writing format fmt into *h:
 * CLI_USAGE, said on stderr, for a paper not known, --paper or --output
 * without a sheet to write, an empty --output, or --format pdf where
 * rsvg-convert is not on PATH ("install librsvg2-bin") or with no --output
 * to a terminal; else CLI_OK.
 */
int cli_handout_options(const char *cmd, const char *const val[OPT_COUNT],
                        enum cli_format fmt, struct cli_handout *h);

/*
 * Writes the pages of sh, ended, as h says (cli_handout.c): one page to
 * standard output or to --output as it is named; several to NAME-1.svg,
 * NAME-2.svg, ... for --output NAME.svg, and refused on standard output
 * (CLI_USAGE: "give --output"); PDF, every page, through rsvg-convert.
 * Each file is written whole under a temporary name, then renamed.
 * Returns CLI_OK, CLI_USAGE, or CLI_NO with the reason on stderr.
 */
int cli_handout_write(const char *cmd, const struct sheet *sh,
                      const struct cli_handout *h);

/* A sheet of one board, solution p of n, captioned with its ranks, written as h says. */
int cli_print_sheet(const char *cmd, int n, const int *p, const struct cli_handout *h);

/* The usage's words for the handout options. */
#define CLI_HANDOUT_SYNOPSIS "[--paper a4|letter] [--output FILE]"

/* Flushes stdout; a failed write turns status into CLI_NO with a message. */
int cli_finish_output(int status);

/*
 * Out of memory in a command: says so on stderr and ends the program with
 * status 1 (the command line holds no terminal to give back).
 */
_Noreturn void cli_out_of_memory(void);

/* Prints the full usage to stdout. */
void cli_help(void);

struct compare;
struct compare_event;

/*
 * A student's events as compare reads them: the lines read, the line where
 * the searches parted (0: none), the state after the last; with keep, each
 * event kept in ev (malloc'd, count of them) for watch --replay.
 */
struct cli_events {
	bool keep;
	struct compare_event *ev;
	size_t count, cap;
	unsigned long line, at_line;
	int state; /* enum compare_state */
};

/*
 * Reads the events of in (name in messages: a file's, or "standard input")
 * into c on a board of n files, for the command cmd: -1 when read (to the
 * end, or to the limit after a divergence), else CLI_USAGE after one line
 * on stderr (a line that is no event, nothing to read, the limit reached
 * with the searches still the same).
 */
int cli_compare_read(const char *cmd, struct compare *c, FILE *in, const char *name,
                     int n, struct cli_events *r);

/* Reports a usage error on one line of stderr and returns CLI_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

#endif
