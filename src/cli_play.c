/* The commands that open the full-screen program: play, watch, browse, lesson, the menu.
 */
#include "config.h"

#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tui/app.h"
#include "tui/browse.h"
#include "engine/code.h"
#include "engine/daily.h"
#include "datadir.h"
#include "engine/fileio.h"
#include "engine/lesson.h"
#include "engine/puzzle.h"
#include "engine/search.h"
#include "engine/settings.h"
#include "tui/watch.h"

static const struct cli_optdef defs[OPT_COUNT] = {
        [OPT_PUZZLE] = {"puzzle", 'p', true}, [OPT_DAILY] = {"daily", 0, false},
        [OPT_ASCII] = {"ascii", 'a', false},  [OPT_NO_COLOR] = {"no-color", 0, false},
        [OPT_QUIET] = {"quiet", 0, false},    [OPT_THEME] = {"theme", 0, true},
        [OPT_HELP] = {"help", 'h', false},
};

/* Reads --theme (NULL: the config file's) into *theme, or says what is allowed. */
static int parse_theme(const char *cmd, const char *name, int *theme)
{
	*theme = name ? settings_theme_from_name(name) : -1;
	if (name && *theme < 0)
		return cli_usage_error(cmd, "--theme must be %s, not '%s'",
		                       settings_theme_names(), name);
	return CLI_OK;
}

/* Reads the options both commands share into o; returns CLI_OK or CLI_USAGE. */
static int parse(const char *cmd, const char *synopsis, int argc, char **argv,
                 struct app_opts *o, bool puzzles, const char **puzzle_path, bool *daily)
{
	const char *val[OPT_COUNT];
	char *pos[1];
	int npos;

	if (cli_parse_options(cmd, synopsis, argc, argv, defs, val, pos, puzzles ? 1 : 0,
	                      &npos))
		return CLI_USAGE;
	if (val[OPT_HELP]) {
		cli_help();
		exit(cli_finish_output(CLI_OK));
	}
	if ((val[OPT_PUZZLE] || val[OPT_DAILY]) && !puzzles)
		return cli_usage_error(cmd, "--%s goes with the play command; usage: %s",
		                       val[OPT_PUZZLE] ? "puzzle" : "daily", synopsis);
	if (val[OPT_PUZZLE] && val[OPT_DAILY])
		return cli_usage_error(cmd, "--daily is today's puzzle: give it or "
		                            "--puzzle, not both");
	*puzzle_path = val[OPT_PUZZLE];
	*daily = val[OPT_DAILY] != NULL;
	o->ascii = val[OPT_ASCII] != NULL;
	o->no_color = val[OPT_NO_COLOR] != NULL;
	o->quiet = val[OPT_QUIET] != NULL;
	if (parse_theme(cmd, val[OPT_THEME], &o->theme))
		return CLI_USAGE;
	o->start.n = 8;
	/* play --daily DATE: that date's puzzle. */
	if (npos == 1 && *daily && strspn(pos[0], "0123456789") != strlen(pos[0])) {
		*puzzle_path = pos[0];
		return CLI_OK;
	}
	if (npos == 1) {
		uint64_t v;

		if (*puzzle_path || *daily)
			return cli_usage_error(cmd,
			                       "a puzzle has its own size; give N or "
			                       "--%s, not both",
			                       *daily ? "daily" : "puzzle");
		if (cli_parse_number(cmd, "N", pos[0], PLAY_MIN_N, PLAY_MAX_N, &v))
			return CLI_USAGE;
		o->start.n = (int)v;
	}
	return CLI_OK;
}

/* The puzzle's name for its best time: its file name without .txt. */
static void puzzle_id(const char *path, char *id, size_t len)
{
	const char *base = strrchr(path, '/');
	size_t n;

	base = base ? base + 1 : path;
	n = strlen(base);
	if (n > 4 && strcmp(base + n - 4, ".txt") == 0)
		n -= 4;
	snprintf(id, len, "%.*s", (int)n, base);
}

int cli_play(int argc, char **argv)
{
	struct app_opts o = {0};
	struct puzzle pz;
	const char *path = NULL;
	char err[512], id[256];
	bool daily = false;
	long today;

	if (parse("play",
	          "nqueens play [N] [--puzzle FILE | --daily [DATE]] [--ascii] "
	          "[--no-color] "
	          "[--quiet] [--theme NAME]",
	          argc, argv, &o, true, &path, &daily))
		return CLI_USAGE;
	o.start.kind = SCREEN_PLAY;
	if (daily) {
		long day;

		/* Today where the player is; the tests say which day it is. */
		if (daily_today(&today, err, sizeof err) < 0)
			return cli_usage_error("play", "%s", err);
		day = today;
		/* With a date (in path), a past day's puzzle, timed late. */
		if (path && (!daily_parse_date(path, &day) || day > today)) {
			daily_format_date(today, err, sizeof err);
			return cli_usage_error("play",
			                       "--daily takes a date written YYYY-MM-DD "
			                       "from 1970-01-01 to today, %s, not '%s'",
			                       err, path);
		}
		if (daily_puzzle(day, &pz, id, sizeof id) < 0) {
			fprintf(stderr, "nqueens: no daily puzzle could be made: %s\n",
			        strerror(errno));
			return CLI_NO;
		}
		o.start.n = pz.n;
		o.start.puzzle = &pz;
		o.start.puzzle_id = id;
	} else if (path) {
		if (puzzle_load(path, &pz, err, sizeof err) < 0) {
			fprintf(stderr, "nqueens: %s\n", err);
			return CLI_USAGE;
		}
		puzzle_id(path, id, sizeof id);
		o.start.n = pz.n;
		o.start.puzzle = &pz;
		o.start.puzzle_id = id;
	}
	return app_run(&o);
}

int cli_menu(int argc, char **argv)
{
	struct app_opts o = {0};
	const char *path;
	bool daily;

	if (parse(NULL,
	          "nqueens [--ascii] [--no-color] [--quiet] [--theme NAME] [COMMAND ...]",
	          argc, argv, &o, false, &path, &daily))
		return CLI_USAGE;
	o.start.kind = SCREEN_MENU;
	return app_run(&o);
}

int cli_watch(int argc, char **argv)
{
	static const char synopsis[] =
	        "nqueens watch [N] [--algorithm NAME] [--first] "
	        "[--from POSITION] [--big] [--quiz] [--code LANG] [--ascii] "
	        "[--no-color] [--quiet] [--theme NAME]";
	static const struct cli_optdef wdefs[OPT_COUNT] = {
	        [OPT_ALGORITHM] = {"algorithm", 0, true},
	        [OPT_FIRST] = {"first", 'f', false},
	        [OPT_ASCII] = {"ascii", 'a', false},
	        [OPT_NO_COLOR] = {"no-color", 0, false},
	        [OPT_QUIET] = {"quiet", 0, false},
	        [OPT_THEME] = {"theme", 0, true},
	        [OPT_HELP] = {"help", 'h', false},
	        [OPT_FROM] = {"from", 0, true},
	        [OPT_BIG] = {"big", 0, false},
	        [OPT_QUIZ] = {"quiz", 0, false},
	        [OPT_CODE] = {"code", 0, true},
	};
	struct app_opts o = {0};
	const char *val[OPT_COUNT];
	char *pos[1], err[256];
	int npos, hi, *given = NULL, status;
	struct search *s;

	if (cli_parse_options("watch", synopsis, argc, argv, wdefs, val, pos, 1, &npos))
		return CLI_USAGE;
	if (val[OPT_HELP]) {
		cli_help();
		return cli_finish_output(CLI_OK);
	}
	o.start.kind = SCREEN_WATCH;
	o.start.algo = SEARCH_BACKTRACK;
	if (val[OPT_ALGORITHM])
		o.start.algo = search_algo_from_name(val[OPT_ALGORITHM]);
	if (o.start.algo == SEARCH_ALGO_COUNT)
		return cli_usage_error(
		        "watch",
		        "--algorithm must be backtrack, scan, permute, bits, "
		        "repair or construct, not '%s'",
		        val[OPT_ALGORITHM]);
	/* Predict mode asks about the decisions of a tree. */
	if (val[OPT_QUIZ] && !search_is_tree(o.start.algo))
		return cli_usage_error("watch",
		                       "--quiz asks about the tree searches: backtrack, "
		                       "scan, permute or bits, not %s",
		                       search_algo_name(o.start.algo));
	o.start.quiz = val[OPT_QUIZ] != NULL;
	/* The listing: any language, even for an algorithm without one (it says so). */
	if (val[OPT_CODE] && strcmp(val[OPT_CODE], "pseudocode") != 0 &&
	    code_lang_from_name(val[OPT_CODE]) == CODE_LANG_COUNT)
		return cli_usage_error(
		        "watch", "--code must be pseudocode, python, c or java, not '%s'",
		        val[OPT_CODE]);
	o.start.listing = val[OPT_CODE];
	o.start.goal = val[OPT_FIRST] ? SEARCH_FIRST : SEARCH_ALL;
	o.start.big = val[OPT_BIG] != NULL;
	o.ascii = val[OPT_ASCII] != NULL;
	o.no_color = val[OPT_NO_COLOR] != NULL;
	o.quiet = val[OPT_QUIET] != NULL;
	if (parse_theme("watch", val[OPT_THEME], &o.theme))
		return CLI_USAGE;
	o.start.n = val[OPT_FROM] ? 0 : 8;
	hi = watch_max_n(o.start.algo);
	if (npos == 1) {
		uint64_t v;

		if (cli_parse_number("watch", "N", pos[0],
		                     (uint64_t)search_min_n(o.start.algo), (uint64_t)hi,
		                     &v))
			return CLI_USAGE;
		o.start.n = (int)v;
	}
	if (val[OPT_FROM]) {
		if (cli_parse_from("watch", val[OPT_FROM], &o.start.n, &given))
			return CLI_USAGE;
		if (o.start.n < search_min_n(o.start.algo) || o.start.n > hi) {
			free(given);
			return cli_usage_error("watch",
			                       "--from names a %dx%d board; %s watches "
			                       "boards from %d to %d",
			                       o.start.n, o.start.n,
			                       search_algo_name(o.start.algo),
			                       search_min_n(o.start.algo), hi);
		}
		/* Refused here, before the screen opens, with the reason. */
		s = search_new_from(o.start.algo, o.start.n, SEARCH_ALL, 1, given, err,
		                    sizeof err);
		if (!s) {
			free(given);
			return cli_usage_error("watch", "--from: %s", err);
		}
		search_free(s);
		o.start.given = given;
	}
	status = app_run(&o);
	free(given);
	return status;
}

int cli_browse(int argc, char **argv)
{
	static const char synopsis[] =
	        "nqueens browse [N] [--ascii] [--no-color] [--quiet] [--theme NAME]";
	static const struct cli_optdef bdefs[OPT_COUNT] = {
	        [OPT_ASCII] = {"ascii", 'a', false},
	        [OPT_NO_COLOR] = {"no-color", 0, false},
	        [OPT_QUIET] = {"quiet", 0, false},
	        [OPT_THEME] = {"theme", 0, true},
	        [OPT_HELP] = {"help", 'h', false},
	};
	struct app_opts o = {0};
	const char *val[OPT_COUNT];
	char *pos[1];
	int npos;

	if (cli_parse_options("browse", synopsis, argc, argv, bdefs, val, pos, 1, &npos))
		return CLI_USAGE;
	if (val[OPT_HELP]) {
		cli_help();
		return cli_finish_output(CLI_OK);
	}
	o.ascii = val[OPT_ASCII] != NULL;
	o.no_color = val[OPT_NO_COLOR] != NULL;
	o.quiet = val[OPT_QUIET] != NULL;
	if (parse_theme("browse", val[OPT_THEME], &o.theme))
		return CLI_USAGE;
	o.start.kind = SCREEN_BROWSE;
	o.start.index = 1;
	o.start.n = 8;
	if (npos == 1) {
		uint64_t v;

		if (cli_parse_number("browse", "N", pos[0], BROWSE_MIN_N, BROWSE_MAX_N,
		                     &v))
			return CLI_USAGE;
		o.start.n = (int)v;
	}
	return app_run(&o);
}

/* The shipped lessons' names, "four-queens, symmetry", or "none" when there are none. */
static void lesson_names(const struct lesson_entry *e, size_t count, char *buf,
                         size_t len)
{
	size_t at = 0;

	snprintf(buf, len, "none");
	for (size_t i = 0; i < count && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? ", " : "",
		                       e[i].name);
}

/* lesson --list: name, minutes and title of each shipped lesson, one a line. */
static int list_lessons(const struct lesson_entry *e, size_t count)
{
	int w = 0;

	for (size_t i = 0; i < count; i++)
		if ((int)strlen(e[i].name) > w)
			w = (int)strlen(e[i].name);
	for (size_t i = 0; i < count; i++) {
		if (!e[i].ok)
			printf("%-*s  cannot be read: %s\n", w, e[i].name, e[i].err);
		else if (e[i].minutes)
			printf("%-*s  %3d min  %s\n", w, e[i].name, e[i].minutes,
			       e[i].title);
		else
			printf("%-*s  %3s min  %s\n", w, e[i].name, "?", e[i].title);
	}
	return cli_finish_output(CLI_OK);
}

/* A lesson named by a path (with a '/' or ending in .txt), not by a shipped lesson's
 * name. */
static bool is_path(const char *arg)
{
	size_t len = strlen(arg);

	return strchr(arg, '/') || (len > 4 && strcmp(arg + len - 4, ".txt") == 0);
}

/* The errors of one lesson, kept to be told in the order of their lines. */
struct told {
	struct told_error {
		int line, order;
		char *text;
	} * v;
	size_t count, cap;
};

static void keep_error(void *ctx, int line, const char *error)
{
	struct told *t = ctx;
	struct told_error *grown;

	if (t->count == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 16;
		grown = realloc(t->v, t->cap * sizeof *grown);
		if (!grown)
			cli_out_of_memory();
		t->v = grown;
	}
	t->v[t->count] = (struct told_error){line, (int)t->count, strdup(error)};
	if (!t->v[t->count].text)
		cli_out_of_memory();
	t->count++;
}

static int by_line(const void *a, const void *b)
{
	const struct told_error *x = a, *y = b;

	return x->line != y->line ? (x->line > y->line) - (x->line < y->line)
	                          : x->order - y->order;
}

/* Tells the errors kept, line by line, on stderr, and forgets them. */
static void tell_errors(struct told *t)
{
	if (t->count == 0)
		return;
	qsort(t->v, t->count, sizeof *t->v, by_line);
	for (size_t i = 0; i < t->count; i++) {
		fprintf(stderr, "nqueens lesson: %s\n", t->v[i].text);
		free(t->v[i].text);
	}
	free(t->v);
	*t = (struct told){0};
}

/* The check of lessons, shown on a terminal's stderr once it has taken a second. */
struct check_shown {
	struct timespec start; /* on CLOCK_MONOTONIC: the wall clock may jump */
	bool tty, shown;
};

static void check_shown_start(struct check_shown *c)
{
	clock_gettime(CLOCK_MONOTONIC, &c->start);
	c->tty = isatty(STDERR_FILENO);
	c->shown = false;
}

static void show_check(void *ctx, int step, int nsteps)
{
	struct check_shown *c = ctx;
	struct timespec now;

	if (!c->tty)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if ((now.tv_sec - c->start.tv_sec) * 1000 +
	            (now.tv_nsec - c->start.tv_nsec) / 1000000 <
	    1000)
		return;
	/* Erased to the end: the line may be shorter than the last one. */
	fprintf(stderr, "\rChecking lesson: step %d of %d\033[K", step, nsteps);
	fflush(stderr);
	c->shown = true;
}

/* Takes the progress line away before anything else is written. */
static void check_shown_end(struct check_shown *c)
{
	if (c->shown)
		fputs("\r\033[K", stderr);
	c->shown = false;
}

/*
 * lesson --check: each lesson (a path, or a shipped lesson's name) parsed and
 * checked, every error on a line of stderr, a line on stdout for each good
 * one with its measured length; CLI_USAGE when any had an error.
 */
static int check_lessons(int count, char **names, const char *dir)
{
	int status = CLI_OK;
	struct check_shown shown;

	check_shown_start(&shown);
	for (int i = 0; i < count; i++) {
		char path[8400], err[1024];
		char *text;
		struct lesson l;
		struct told told = {0};
		int errors;

		if (is_path(names[i]))
			snprintf(path, sizeof path, "%s", names[i]);
		else
			snprintf(path, sizeof path, "%s/%s.txt", dir ? dir : ".",
			         names[i]);
		text = fileio_load_text(path, (size_t)1 << 20, "a lesson", err,
		                        sizeof err);
		if (!text && !is_path(names[i]))
			snprintf(err, sizeof err,
			         "unknown lesson '%s' (give a lesson file's path, with a "
			         "/ "
			         "or ending in .txt)",
			         names[i]);
		if (!text) {
			fprintf(stderr, "nqueens lesson: %s\n", err);
			status = CLI_USAGE;
			continue;
		}
		errors = lesson_parse_all(text, path, &l, keep_error, &told);
		free(text);
		/* The searches of the steps parsed well are checked all the same. */
		errors += lesson_check_shown(&l, path, keep_error, &told, show_check,
		                             &shown);
		check_shown_end(&shown);
		tell_errors(&told);
		if (errors == 0) {
			unsigned measured = (lesson_measure(&l) + 30) / 60;

			printf("%s: good: %d step%s, ", path, l.nsteps,
			       l.nsteps == 1 ? "" : "s");
			if (l.minutes)
				printf("minutes: %d, measured %u\n", l.minutes, measured);
			else
				printf("minutes: not said, measured %u\n", measured);
		} else {
			status = CLI_USAGE;
		}
		lesson_free(&l);
	}
	return cli_finish_output(status);
}

int cli_lesson(int argc, char **argv)
{
	static const char synopsis[] = "nqueens lesson [FILE | NAME | --list | --check "
	                               "FILE...] [--big] [--ascii] [--no-color] "
	                               "[--quiet] [--theme NAME]";
	static const struct cli_optdef ldefs[OPT_COUNT] = {
	        [OPT_CHECK] = {"check", 'c', false},
	        [OPT_LIST] = {"list", 'l', false},
	        [OPT_BIG] = {"big", 0, false},
	        [OPT_ASCII] = {"ascii", 'a', false},
	        [OPT_NO_COLOR] = {"no-color", 0, false},
	        [OPT_QUIET] = {"quiet", 0, false},
	        [OPT_THEME] = {"theme", 0, true},
	        [OPT_HELP] = {"help", 'h', false},
	};
	struct app_opts o = {0};
	const char *val[OPT_COUNT];
	char **pos = calloc((size_t)argc + 1, sizeof *pos);
	char dir[4096], path[8400], err[1024], names[1024];
	struct lesson_entry *entries;
	size_t count;
	struct lesson l;
	struct check_shown shown;
	int npos, status, rc;

	if (!pos)
		return CLI_NO;
	/* Many files for --check; one lesson to run. */
	if (cli_parse_options("lesson", synopsis, argc, argv, ldefs, val, pos, argc,
	                      &npos)) {
		free(pos);
		return CLI_USAGE;
	}
	if (val[OPT_HELP]) {
		free(pos);
		cli_help();
		return cli_finish_output(CLI_OK);
	}
	if (val[OPT_BIG] && (val[OPT_CHECK] || val[OPT_LIST] || npos == 0)) {
		free(pos);
		return cli_usage_error("lesson", "--big runs a lesson in projector mode: "
		                                 "name the lesson (--list lists them)");
	}
	if (val[OPT_CHECK]) {
		if (val[OPT_LIST])
			status =
			        cli_usage_error("lesson", "--check and --list are one or "
			                                  "the other");
		else if (npos == 0)
			status = cli_usage_error("lesson",
			                         "--check needs a FILE (or a lesson's "
			                         "NAME); usage: %s",
			                         synopsis);
		else
			status = check_lessons(npos, pos,
			                       datadir_find("lessons", dir, sizeof dir));
		free(pos);
		return status;
	}
	status = npos > 1 ? cli_usage_error("lesson",
	                                    "unexpected argument '%s'; usage: %s", pos[1],
	                                    synopsis)
	         : val[OPT_LIST] && npos
	                 ? cli_usage_error("lesson", "--list lists the lessons: give it "
	                                             "or a lesson, not both")
	                 : CLI_OK;
	/* The argument stays in argv: the array of them can go. */
	const char *arg = npos ? pos[0] : NULL;

	free(pos);
	if (status != CLI_OK)
		return status;
	o.ascii = val[OPT_ASCII] != NULL;
	o.no_color = val[OPT_NO_COLOR] != NULL;
	o.quiet = val[OPT_QUIET] != NULL;
	if (parse_theme("lesson", val[OPT_THEME], &o.theme))
		return CLI_USAGE;
	lesson_list(datadir_find("lessons", dir, sizeof dir), &entries, &count);
	if (val[OPT_LIST]) {
		status = list_lessons(entries, count);
		free(entries);
		return status;
	}
	if (!arg) {
		/* No lesson named: the menu's list of them to choose from. */
		free(entries);
		o.start = (struct screen_open){
		        .kind = SCREEN_MENU, .n = 8, .lessons = true};
		return app_run(&o);
	}
	/* A path names a file; a bare word, a shipped lesson. */
	if (is_path(arg)) {
		snprintf(path, sizeof path, "%s", arg);
	} else {
		bool known = false;

		for (size_t i = 0; i < count; i++)
			known = known || strcmp(entries[i].name, arg) == 0;
		lesson_names(entries, count, names, sizeof names);
		free(entries);
		if (!known)
			return cli_usage_error(
			        "lesson",
			        "unknown lesson '%s'; the lessons are %s (or "
			        "give a lesson file's path)",
			        arg, names);
		snprintf(path, sizeof path, "%s/%s.txt", dir, arg);
		entries = NULL;
	}
	free(entries);
	/* A malformed lesson is told before the screen opens, with its line;
	 * a check that takes a while says so meanwhile. */
	check_shown_start(&shown);
	rc = lesson_load_shown(path, &l, err, sizeof err, show_check, &shown);
	check_shown_end(&shown);
	if (rc < 0) {
		fprintf(stderr, "nqueens lesson: %s\n", err);
		return CLI_USAGE;
	}
	o.start = (struct screen_open){
	        .kind = SCREEN_LESSON, .lesson = &l, .big = val[OPT_BIG] != NULL};
	status = app_run(&o);
	lesson_free(&l);
	return status;
}
