/* The commands count, list, solve and check, and what every command shares. */
#include "config.h"

#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "board.h"
#include "classes.h"
#include "construct.h"
#include "datadir.h"
#include "count.h"
#include "enumerate.h"
#include "halves.h"
#include "known.h"
#include "lines.h"
#include "symmetry.h"
#include "task.h"

#define MAX_THREADS 256

static const char usage_text[] =
        "Usage: nqueens [--ascii] [--no-color]\n"
        "       nqueens COMMAND [ARGUMENTS]\n"
        "The n-queens puzzle: place n queens on an n×n board, none attacking another.\n"
        "With no command, the full-screen program starts at its menu.\n"
        "\n"
        "Commands:\n"
        "  play [N] [--puzzle FILE] [--ascii] [--no-color]\n"
        "      place queens by hand on an N×N board (1 <= N <= 18, default 8),\n"
        "      or complete a puzzle file; ? there lists the keys\n"
        "  watch [N] [--algorithm NAME] [--first] [--from POSITION] [--ascii]\n"
        "        [--no-color]\n"
        "      watch the search step by step on an N×N board (default 8), forward\n"
        "      and back; NAME as for trace (N up to 20; 10000 for repair and\n"
        "      construct, drawn as an overview); ? there lists the keys\n"
        "  count N [--unique] [--threads K] [--method halves|backtrack]\n"
        "        [--tasks T [--task I | --list]]\n"
        "      print the number of solutions for 1 <= N <= 29, or with --unique\n"
        "      the number of symmetry classes; K threads (default: one per CPU);\n"
        "      halves (the default for 4 <= N <= 19) joins half boards, backtrack\n"
        "      searches each border constellation; --tasks T --task I counts only\n"
        "      task I of T (the counts of the T tasks add up to the whole), --list\n"
        "      lists the tasks and weights\n"
        "  list N [--unique [--variants]] [--format rows|algebraic|board]\n"
        "      print every solution for 1 <= N <= 32 in lexicographic order, one a\n"
        "      line; --unique prints one representative per symmetry class, and\n"
        "      --variants after it each member of the class, named by its transform\n"
        "  solve N [--method lex|construct|repair] [--index K] [--seed S]\n"
        "        [--format rows|algebraic|board]\n"
        "      print the lexicographically first solution, or solution #K (for\n"
        "      N <= 18, as far as the table of prefix counts goes); with\n"
        "      construct or repair, one solution for 4 <= N <= 10000000 (repair\n"
        "      follows the seed, default 1)\n"
        "  check [POSITION... | --file FILE]\n"
        "      say whether a position is a solution, or name what is wrong; with\n"
        "      no POSITION (or -), check one position per line of FILE or standard\n"
        "      input\n"
        "  puzzle N [--seed S] [--grade easy|medium|hard]\n"
        "      print a new completion puzzle for 5 <= N <= 20 with exactly one\n"
        "      completion (default grade medium, seed from the clock)\n"
        "  puzzle --check FILE...\n"
        "      check puzzle files: one completion, and the grade they declare;\n"
        "      one line a file, 'not judged' when the search passes its work limit\n"
        "  browse [N] [--ascii] [--no-color]\n"
        "      page through every solution of an N×N board (default 8, N up to\n"
        "      20), as a gallery, and by symmetry class; ? there lists the keys\n"
        "  trace N [--algorithm NAME] [--first] [--stats] [--seed S]\n"
        "        [--from POSITION]\n"
        "      print the search as events, one a line (try, reject, place, ...),\n"
        "      or with --stats its counters; NAME is backtrack (default), scan or\n"
        "      permute (1 <= N <= 20), repair or construct (4 <= N <= 10000);\n"
        "      --from keeps the queens of POSITION and fills the empty files\n"
        "\n"
        "A position is written as ranks by file (2 4 6 8 3 1 7 5 is a2 b4 c6 d8\n"
        "e3 f1 g7 h5; 0, '.' or '-' leaves a file empty) or as squares (a2 b4 c6).\n"
        "\n"
        "Options:\n"
        "  -h, --help     print this help and exit\n"
        "  -V, --version  print the version and exit\n"
        "  -a, --ascii    draw with ASCII only (also in a non-UTF-8 locale)\n"
        "  --no-color     draw without colours (also when NO_COLOR is set)\n"
        "\n"
        "Exit status: 0 done (check: all valid), 1 no solution (check: a position\n"
        "is not one; puzzle --check: a puzzle fails or is not judged), 2 a bad\n"
        "argument or malformed input.\n"
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
int cli_parse_options(const char *cmd, const char *synopsis, int argc, char **argv,
                      const struct cli_optdef defs[OPT_COUNT], const char *val[OPT_COUNT],
                      char **pos, int maxpos, int *npos)
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
	uint64_t v;

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

enum format { FORMAT_ROWS, FORMAT_ALGEBRAIC, FORMAT_BOARD };

static int parse_format(const char *cmd, const char *s, enum format *f)
{
	if (!s || strcmp(s, "rows") == 0)
		*f = FORMAT_ROWS;
	else if (strcmp(s, "algebraic") == 0)
		*f = FORMAT_ALGEBRAIC;
	else if (strcmp(s, "board") == 0)
		*f = FORMAT_BOARD;
	else
		return cli_usage_error(cmd,
		                       "--format must be rows, algebraic or "
		                       "board, not '%s'",
		                       s);
	return CLI_OK;
}

/* Prints one solution; a picture is followed by a blank line. */
static void print_solution(int n, const int *p, enum format f)
{
	char stack[512], *buf = stack;
	size_t need;

	switch (f) {
	case FORMAT_ALGEBRAIC:
		need = board_format_squares(n, p, buf, sizeof stack);
		break;
	case FORMAT_BOARD:
		need = board_format_picture(n, p, buf, sizeof stack);
		break;
	default:
		need = board_format_ranks(n, p, buf, sizeof stack);
		break;
	}
	if (need >= sizeof stack) {
		buf = malloc(need + 1);
		if (!buf)
			abort();
		if (f == FORMAT_BOARD)
			board_format_picture(n, p, buf, need + 1);
		else if (f == FORMAT_ALGEBRAIC)
			board_format_squares(n, p, buf, need + 1);
		else
			board_format_ranks(n, p, buf, need + 1);
	}
	fputs(buf, stdout);
	putchar('\n'); /* ends the line, or leaves a blank one after a picture */
	if (buf != stack)
		free(buf);
}

/* Progress of a long count, drawn on stderr by the waiting thread. */
/* A long count on a task of its own, while this thread draws its bar. */
struct counting {
	atomic_int permille; /* how far it is, for the bar */
	int n, threads, rc, err;
	int nparts, part; /* --tasks T --task I: part I - 1 of T */
	enum count_method method;
	struct count_result result;
};

/* A whole count by the chosen method, or one part of a split count. */
static int count_run(int n, enum count_method method, int nparts, int part, int threads,
                     count_progress_fn progress, void *ctx, struct count_result *res)
{
	if (nparts > 1)
		return count_solutions_part(n, nparts, part, threads, progress, ctx, NULL,
		                            res);
	return count_solutions_by(n, method, threads, progress, ctx, NULL, res);
}

static void progress_update(void *ctx, double done)
{
	struct counting *c = ctx;

	atomic_store(&c->permille, (int)(done * 1000));
}

static void count_task(struct task *t, void *arg)
{
	struct counting *c = arg;

	(void)t;
	c->rc = count_run(c->n, c->method, c->nparts, c->part, c->threads,
	                  progress_update, c, &c->result);
	c->err = errno;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The terminal's width on stderr; 80 when it cannot be told. */
static int stderr_cols(void)
{
	struct winsize ws;

	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	return 80;
}

/*
 * Draws the bar on one line that never reaches the last column: a line that
 * wrapped could not be erased by the next \r.  The bar shrinks first, then
 * the time left goes, then the bar: the percentage stays.
 */
static void draw_bar(double done, double elapsed)
{
	char bar[31], left[64] = "estimating the time left";
	int fill, room = stderr_cols() - 1, width = 30;

	if (done > 0.01) {
		long secs = (long)(elapsed * (1 - done) / done + 0.5);

		if (secs >= 3600)
			snprintf(left, sizeof left, "about %ld h %02ld min left",
			         secs / 3600, secs % 3600 / 60);
		else if (secs >= 60)
			snprintf(left, sizeof left, "about %ld min %02ld s left",
			         secs / 60, secs % 60);
		else
			snprintf(left, sizeof left, "about %ld s left", secs);
	}
	/* "[bar] 100%  left": brackets, a blank, the percentage, two blanks. */
	if (width + 9 + (int)strlen(left) > room)
		width = room - 9 - (int)strlen(left);
	if (width < 10) {
		left[0] = '\0';
		width = room - 7 < 30 ? room - 7 : 30;
	}
	if (width < 5)
		width = 0;
	fill = (int)(done * width + 0.5);
	if (fill > width)
		fill = width;
	if (fill < 0)
		fill = 0;
	memset(bar, '#', (size_t)fill);
	memset(bar + fill, '-', (size_t)(width - fill));
	bar[width] = '\0';
	/* Erase to the end of the line: the text may be shorter than last time. */
	if (width > 0)
		fprintf(stderr, "\r[%s] %3.0f%%%s%s\033[K", bar, done * 100,
		        left[0] ? "  " : "", left);
	else
		fprintf(stderr, "\r%3.0f%%\033[K", done * 100);
	fflush(stderr);
}

/* Set while a bar is on the screen, so that a signal can take it away. */
static volatile sig_atomic_t bar_shown;

/* Ctrl-C, a hang-up or a kill during a count: erase the bar, then die of it. */
static void on_bar_signal(int sig)
{
	static const char erase[] = "\r\033[K";

	if (bar_shown && write(STDERR_FILENO, erase, sizeof erase - 1) < 0)
		bar_shown = 0;
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Runs the count in a thread while this one draws a bar after half a second. */
/* Runs the count on a task while this thread draws a bar after half a second. */
static int count_with_bar(int n, enum count_method method, int nparts, int part,
                          int threads, struct count_result *res)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
	struct counting c = {.n = n,
	                     .threads = threads,
	                     .nparts = nparts,
	                     .part = part,
	                     .method = method};
	struct sigaction sa, old[4];
	sigset_t block, saved;
	struct task t;
	double start = now();
	bool drawn = false;
	int rc;

	/* The count's threads leave the signals to this one, which draws. */
	sigemptyset(&block);
	for (int i = 0; i < 4; i++)
		sigaddset(&block, sigs[i]);
	task_init(&t);
	pthread_sigmask(SIG_BLOCK, &block, &saved);
	rc = task_start(&t, count_task, &c, NULL, NULL);
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
	if (rc != 0) {
		task_destroy(&t);
		errno = rc;
		return -1;
	}
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_bar_signal;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < 4; i++)
		sigaction(sigs[i], &sa, &old[i]);
	while (!task_wait(&t, 200)) {
		if (now() - start > 0.5) {
			draw_bar(atomic_load(&c.permille) / 1000.0, now() - start);
			drawn = true;
			bar_shown = 1;
		}
	}
	task_join(&t);
	task_destroy(&t);
	if (drawn)
		fputs("\r\033[K", stderr);
	bar_shown = 0;
	for (int i = 0; i < 4; i++)
		sigaction(sigs[i], &old[i], NULL);
	*res = c.result;
	errno = c.err;
	return c.rc;
}

int cli_count(int argc, char **argv)
{
	static const char synopsis[] = "nqueens count N [--unique] [--threads K] "
	                               "[--method halves|backtrack] "
	                               "[--tasks T [--task I | --list]]";
	static const struct cli_optdef defs[OPT_COUNT] = {
	        [OPT_UNIQUE] = {"unique", 'u', false},
	        [OPT_THREADS] = {"threads", 't', true},
	        [OPT_HELP] = {"help", 'h', false},
	        [OPT_TASKS] = {"tasks", 0, true},
	        [OPT_TASK] = {"task", 0, true},
	        [OPT_LIST] = {"list", 0, false},
	        [OPT_METHOD] = {"method", 'm', true},
	};
	const char *val[OPT_COUNT];
	char *pos[1];
	int npos, n = 0, threads = 0, rc, nparts = 1, part = 0;
	enum count_method method = COUNT_AUTO;
	struct count_result res;

	if (cli_parse_options("count", synopsis, argc, argv, defs, val, pos, 1, &npos))
		return CLI_USAGE;
	if (val[OPT_HELP]) {
		cli_help();
		return cli_finish_output(CLI_OK);
	}
	if (cli_parse_n("count", synopsis, npos, pos, COUNT_MAX_N, &n))
		return CLI_USAGE;
	if (val[OPT_METHOD]) {
		if (strcmp(val[OPT_METHOD], "halves") == 0)
			method = COUNT_HALVES;
		else if (strcmp(val[OPT_METHOD], "backtrack") == 0)
			method = COUNT_BACKTRACK;
		else
			return cli_usage_error(
			        "count", "--method must be halves or backtrack, not '%s'",
			        val[OPT_METHOD]);
		if (val[OPT_TASKS])
			return cli_usage_error(
			        "count", "--method and --tasks go apart: the tasks are "
			                 "the backtracking search's constellations");
		if (!count_method_works(method, n))
			return cli_usage_error("count",
			                       "--method halves counts %d <= N <= %d",
			                       HALVES_MIN_N, HALVES_MAX_N);
	}
	if (val[OPT_THREADS]) {
		uint64_t k;

		if (cli_parse_number("count", "the number of threads", val[OPT_THREADS],
		                     1, MAX_THREADS, &k))
			return CLI_USAGE;
		threads = (int)k;
	}
	if ((val[OPT_TASK] || val[OPT_LIST]) && !val[OPT_TASKS])
		return cli_usage_error("count", "--%s goes with --tasks T; usage: %s",
		                       val[OPT_TASK] ? "task" : "list", synopsis);
	if (val[OPT_TASKS]) {
		uint64_t k;

		if (cli_parse_number("count", "T, the number of tasks", val[OPT_TASKS], 1,
		                     COUNT_MAX_PARTS, &k))
			return CLI_USAGE;
		nparts = (int)k;
		if (val[OPT_TASK] && val[OPT_LIST])
			return cli_usage_error("count",
			                       "--task and --list go apart: "
			                       "--task I counts one task, --list "
			                       "lists them");
		if (!val[OPT_TASK] && !val[OPT_LIST])
			return cli_usage_error("count",
			                       "--tasks T needs --task I (1 to %d) or "
			                       "--list",
			                       nparts);
		if (val[OPT_TASK]) {
			if (cli_parse_number("count", "I, the task", val[OPT_TASK], 1,
			                     (uint64_t)nparts, &k))
				return CLI_USAGE;
			part = (int)k - 1;
		}
	}
	if (val[OPT_LIST]) {
		struct count_part *parts = calloc((size_t)nparts, sizeof *parts);

		if (!parts || count_parts(n, nparts, parts) < 0) {
			free(parts);
			fprintf(stderr, "nqueens count: %s\n", strerror(errno));
			return CLI_NO;
		}
		/* Task, estimated weight, constellations. */
		for (int i = 0; i < nparts && !ferror(stdout); i++)
			printf("%d %" PRIu64 " %" PRIu64 "\n", i + 1, parts[i].weight,
			       parts[i].constellations);
		free(parts);
		return cli_finish_output(CLI_OK);
	}
	if (isatty(STDERR_FILENO))
		rc = count_with_bar(n, method, nparts, part, threads, &res);
	else
		rc = count_run(n, method, nparts, part, threads, NULL, NULL, &res);
	if (rc < 0) {
		fprintf(stderr, "nqueens count: %s\n", strerror(errno));
		return CLI_NO;
	}
	printf("%" PRIu64 "\n", val[OPT_UNIQUE] ? res.unique : res.total);
	return cli_finish_output(CLI_OK);
}

int cli_list(int argc, char **argv)
{
	static const char synopsis[] =
	        "nqueens list N [--unique [--variants]] [--format rows|algebraic|board]";
	static const struct cli_optdef defs[OPT_COUNT] = {
	        [OPT_UNIQUE] = {"unique", 'u', false},
	        [OPT_FORMAT] = {"format", 'f', true},
	        [OPT_HELP] = {"help", 'h', false},
	        [OPT_VARIANTS] = {"variants", 0, false},
	};
	const char *val[OPT_COUNT];
	char *pos[1];
	int npos, n = 0, p[ENUM_MAX_N];
	enum format fmt;
	struct enum_iter it;

	if (cli_parse_options("list", synopsis, argc, argv, defs, val, pos, 1, &npos))
		return CLI_USAGE;
	if (val[OPT_VARIANTS] && !val[OPT_UNIQUE])
		return cli_usage_error("list", "--variants goes with --unique; usage: %s",
		                       synopsis);
	if (val[OPT_HELP]) {
		cli_help();
		return cli_finish_output(CLI_OK);
	}
	if (cli_parse_n("list", synopsis, npos, pos, ENUM_MAX_N, &n) ||
	    parse_format("list", val[OPT_FORMAT], &fmt))
		return CLI_USAGE;
	enum_start(&it, n);
	while (enum_next(&it, p)) {
		/* A class is listed where its smallest member comes. */
		if (val[OPT_UNIQUE] && !classes_is_rep(n, p))
			continue;
		print_solution(n, p, fmt);
		if (val[OPT_VARIANTS]) {
			struct class_variant v[SYM_COUNT];
			int count = classes_variants(n, p, v);

			/* Each member, the representative too, after its transform. */
			for (int i = 0; i < count; i++) {
				printf("  %s%s", sym_name(v[i].from_rep),
				       fmt == FORMAT_BOARD ? "\n" : " ");
				print_solution(n, v[i].ranks, fmt);
			}
		}
		if (ferror(stdout))
			break;
	}
	return cli_finish_output(CLI_OK);
}

/* Loads the prefix table; without it rank and unrank count, slower for large n. */
static bool load_table(struct enum_table *t, int n)
{
	char path[4096], err[512];

	if (!datadir_find("prefix-counts.tsv", path, sizeof path)) {
		if (n > 12)
			fprintf(stderr,
			        "nqueens: %s not found (set NQUEENS_DATADIR); "
			        "counting instead, which is slower\n",
			        path);
		return false;
	}
	if (enum_table_load(t, path, err, sizeof err) == 0)
		return true;
	fprintf(stderr, "nqueens: %s; counting instead, which is slower\n", err);
	return false;
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

static void out_rank(struct out *o, int f, int r, enum format fmt)
{
	char tmp[32];
	int k = 0;

	if (o->len + 64 > sizeof o->buf)
		out_flush(o);
	if (f > 0)
		o->buf[o->len++] = ' ';
	if (fmt == FORMAT_ALGEBRAIC) {
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
static int solve_large(int n, bool repair, uint64_t seed, enum format fmt)
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
	if (fmt == FORMAT_BOARD) {
		int *q = p ? p : malloc((size_t)n * sizeof *q);

		if (!q)
			abort();
		if (!p)
			construct_ranks(n, q);
		print_solution(n, q, fmt);
		free(q);
		return cli_finish_output(CLI_OK);
	}
	o = malloc(sizeof *o);
	if (!o)
		abort();
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
static int solve_index(int n, const char *kstr, enum format fmt)
{
	struct enum_table t;
	uint64_t k, total;
	bool known = known_counts(n, &total, NULL), have;
	int p[ENUM_MAX_N], reach, rc = CLI_OK;

	/* What K is not is said at once, before any work. */
	if (cli_parse_number("solve", "K", kstr, 1, known && total ? total : UINT64_MAX,
	                     &k))
		return CLI_USAGE;
	if (known && total == 0) {
		fprintf(stderr, "nqueens solve: there is no solution for n = %d\n", n);
		return CLI_NO;
	}
	have = load_table(&t, n);
	reach = have ? enum_table_max_n(&t) : 0;
	if (reach < RANK_UNTABLED_MAX_N)
		reach = RANK_UNTABLED_MAX_N;
	if (n > reach) {
		if (have)
			enum_table_free(&t);
		return cli_usage_error("solve",
		                       "--index finds solution #K for N up to %d, as "
		                       "far as the table of prefix counts goes; N = %d "
		                       "would take hours",
		                       reach, n);
	}
	if (!enum_unrank(n, k, have ? &t : NULL, p)) {
		fprintf(stderr, "nqueens solve: no solution #%" PRIu64 "\n", k);
		rc = CLI_NO;
	} else {
		print_solution(n, p, fmt);
	}
	if (have)
		enum_table_free(&t);
	return cli_finish_output(rc);
}

int cli_solve(int argc, char **argv)
{
	static const char synopsis[] =
	        "nqueens solve N [--method lex|construct|repair] [--index K] [--seed S] "
	        "[--format rows|algebraic|board]";
	static const struct cli_optdef defs[OPT_COUNT] = {
	        [OPT_INDEX] = {"index", 'i', true}, [OPT_FORMAT] = {"format", 'f', true},
	        [OPT_HELP] = {"help", 'h', false},  [OPT_METHOD] = {"method", 'm', true},
	        [OPT_SEED] = {"seed", 0, true},
	};
	const char *val[OPT_COUNT];
	char *pos[1];
	int npos, n = 0, p[ENUM_MAX_N];
	enum format fmt;
	bool large = false, repair = false;
	uint64_t seed = 1;

	if (cli_parse_options("solve", synopsis, argc, argv, defs, val, pos, 1, &npos))
		return CLI_USAGE;
	if (val[OPT_HELP]) {
		cli_help();
		return cli_finish_output(CLI_OK);
	}
	if (val[OPT_METHOD]) {
		if (strcmp(val[OPT_METHOD], "construct") == 0)
			large = true;
		else if (strcmp(val[OPT_METHOD], "repair") == 0)
			large = repair = true;
		else if (strcmp(val[OPT_METHOD], "lex") != 0)
			return cli_usage_error(
			        "solve",
			        "--method must be lex, construct or repair, "
			        "not '%s'",
			        val[OPT_METHOD]);
	}
	if (val[OPT_SEED] && !repair)
		return cli_usage_error("solve", "--seed goes with --method repair");
	if (val[OPT_INDEX] && large)
		return cli_usage_error("solve",
		                       "--index goes with --method lex: construct and "
		                       "repair make one solution each");
	if (val[OPT_SEED] &&
	    cli_parse_number("solve", "the seed", val[OPT_SEED], 0, UINT64_MAX, &seed))
		return CLI_USAGE;
	if (cli_parse_n("solve", synopsis, npos, pos,
	                large ? CONSTRUCT_MAX_N : ENUM_MAX_N, &n) ||
	    parse_format("solve", val[OPT_FORMAT], &fmt))
		return CLI_USAGE;
	if (large && fmt == FORMAT_BOARD && n > PICTURE_MAX_N)
		return cli_usage_error(
		        "solve",
		        "--format board draws boards up to %d; use rows or "
		        "algebraic for N = %d",
		        PICTURE_MAX_N, n);
	if (large)
		return solve_large(n, repair, seed, fmt);
	if (val[OPT_INDEX])
		return solve_index(n, val[OPT_INDEX], fmt);
	struct enum_iter it;

	enum_start(&it, n);
	if (!enum_next(&it, p)) {
		fprintf(stderr,
		        "nqueens solve: there is no solution for n = %d "
		        "(only n = 2 and n = 3 have none)\n",
		        n);
		return cli_finish_output(CLI_NO);
	}
	print_solution(n, p, fmt);
	return cli_finish_output(CLI_OK);
}

/* How many conflicting pairs a verdict names before it says "and N more". */
#define CHECK_SHOWN 10

/* Prints the verdict on one position; returns CLI_OK or CLI_NO. */
static int check_position(const struct position *pos)
{
	struct board_conflict c[CHECK_SHOWN];
	size_t found = board_conflicts(pos, c, CHECK_SHOWN);
	const char *sep = "";

	if (found == (size_t)-1) {
		fprintf(stderr, "nqueens check: out of memory\n");
		exit(CLI_NO);
	}
	if (found == 0 && pos->count == (size_t)pos->n) {
		puts("valid");
		return CLI_OK;
	}
	for (size_t i = 0; i < found && i < CHECK_SHOWN; i++) {
		char a[32], b[32];

		board_square_name(c[i].a, a, sizeof a);
		board_square_name(c[i].b, b, sizeof b);
		printf("%s%s and %s share a %s", sep, a, b, board_line_name(c[i].line));
		sep = "; ";
	}
	if (found > CHECK_SHOWN)
		printf("; and %zu more conflicts", found - CHECK_SHOWN);
	if (pos->count < (size_t)pos->n) {
		if (pos->count == 0)
			printf("%sno queens on %d file%s", sep, pos->n,
			       pos->n == 1 ? "" : "s");
		else
			printf("%sonly %zu queen%s on %d files", sep, pos->count,
			       pos->count == 1 ? "" : "s", pos->n);
	}
	putchar('\n');
	return CLI_NO;
}

/* Opens what check reads: FILE, or standard input for none or "-". */
static FILE *check_open(const char *file, const char **name)
{
	struct stat sb;
	FILE *in = stdin;

	*name = NULL;
	if (file && strcmp(file, "-") != 0) {
		in = fopen(file, "r");
		if (!in) {
			cli_usage_error("check", "cannot read %s: %s", file,
			                strerror(errno));
			return NULL;
		}
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

/* Checks one position a line; blank lines and '#' comments are skipped. */
static int check_lines(FILE *in, const char *name)
{
	struct lines rd;
	enum lines_status st;
	char *line, err[256], why[64];
	size_t len;
	unsigned long checked = 0;
	int status = CLI_OK;
	struct position p;

	/* Room for a carriage return after the longest position. */
	lines_start(&rd, in, BOARD_LINE_MAX + 1);
	while ((st = lines_next(&rd, &line, &len)) == LINES_OK) {
		const char *s = line;

		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0' || *s == '#' || *s == '\r')
			continue;
		if (board_parse(line, &p, err, sizeof err) < 0)
			break;
		checked++;
		if (check_position(&p) != CLI_OK)
			status = CLI_NO;
		board_free(&p);
	}
	if (st != LINES_END) {
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
	lines_free(&rd);
	return status;
}

int cli_check(int argc, char **argv)
{
	static const char synopsis[] = "nqueens check [POSITION... | --file FILE]";
	static const struct cli_optdef defs[OPT_COUNT] = {
	        [OPT_HELP] = {"help", 'h', false},
	        [OPT_FILE] = {"file", 0, true},
	};
	const char *val[OPT_COUNT], *name;
	char **pos = calloc((size_t)argc + 1, sizeof *pos);
	char err[256];
	int npos, status;
	FILE *in;
	struct position p;

	if (!pos)
		return CLI_NO;
	if (cli_parse_options("check", synopsis, argc, argv, defs, val, pos, argc,
	                      &npos)) {
		free(pos);
		return CLI_USAGE;
	}
	if (val[OPT_HELP]) {
		free(pos);
		cli_help();
		return cli_finish_output(CLI_OK);
	}
	if (val[OPT_FILE] && npos > 0) {
		free(pos);
		return cli_usage_error("check", "give positions or --file, not both");
	}
	/* A lone "-" is standard input, as for --file; it is no 1-file board. */
	if (npos == 1 && strcmp(pos[0], "-") == 0)
		npos = 0;
	if (npos > 0) {
		/* The words on the command line make one position. */
		size_t len = 1;
		char *text;

		for (int i = 0; i < npos; i++)
			len += strlen(pos[i]) + 1;
		text = malloc(len);
		if (!text)
			abort();
		text[0] = '\0';
		for (int i = 0; i < npos; i++) {
			strcat(text, pos[i]);
			strcat(text, " ");
		}
		free(pos);
		if (board_parse(text, &p, err, sizeof err) < 0) {
			free(text);
			return cli_usage_error("check", "%s", err);
		}
		free(text);
		status = check_position(&p);
		board_free(&p);
		return cli_finish_output(status);
	}
	free(pos);
	in = check_open(val[OPT_FILE], &name);
	if (!in)
		return CLI_USAGE;
	status = check_lines(in, name);
	if (in != stdin)
		fclose(in);
	return status == CLI_USAGE ? status : cli_finish_output(status);
}
