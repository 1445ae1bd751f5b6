/* The commands that open the full-screen program: play, watch, browse, lesson, the menu.
 */
#include "config.h"

#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "tui/app.h"
#include "tui/browse.h"
#include "tui/play_model.h"
#include "engine/code.h"
#include "engine/compare.h"
#include "engine/daily.h"
#include "datadir.h"
#include "engine/fileio.h"
#include "engine/lesson.h"
#include "engine/puzzle.h"
#include "engine/regions.h"
#include "tui/regions_model.h"
#include "engine/search.h"
#include "engine/settings.h"
#include "engine/stats.h"
#include "tui/watch.h"

static const struct cli_optdef defs[OPT_COUNT] = {
        [OPT_PUZZLE] = {"puzzle", 'p', true}, [OPT_DAILY] = {"daily", 0, false},
        [OPT_ASCII] = {"ascii", 'a', false},  [OPT_NO_COLOR] = {"no-color", 0, false},
        [OPT_QUIET] = {"quiet", 0, false},    [OPT_THEME] = {"theme", 0, true},
        [OPT_ASSIST] = {"assist", 0, true},   [OPT_REGIONS] = {"regions", 'r', false},
        [OPT_GRADE] = {"grade", 'g', true},   [OPT_SEED] = {"seed", 's', true},
};

int cli_display_options(const char *cmd, const char *const val[OPT_COUNT],
                        struct app_opts *o)
{
	o->ascii = val[OPT_ASCII] != NULL;
	o->no_color = val[OPT_NO_COLOR] != NULL;
	o->quiet = val[OPT_QUIET] != NULL;
	o->theme = val[OPT_THEME] ? settings_theme_from_name(val[OPT_THEME]) : -1;
	if (val[OPT_THEME] && o->theme < 0)
		return cli_usage_error(cmd, "--theme must be %s, not '%s'",
		                       settings_theme_names(), val[OPT_THEME]);
	return CLI_OK;
}

/*
 * Reads the options play and the menu share into o, and the board size
 * into *n; returns -1 to go on, or the status to end with.
 */
static int parse(const char *cmd, const char *synopsis, int argc, char **argv,
                 struct app_opts *o, int *n, bool puzzles, const char **puzzle_path,
                 bool *daily, struct cli_args *argsp)
{
	struct cli_args local, *pa = argsp ? argsp : &local;
#define args (*pa)
	const char *const *val = args.val;
	int rc;
	uint64_t v;

	rc = cli_begin(cmd, synopsis, argc, argv, defs, puzzles ? 1 : 0, &args);
	if (rc >= 0)
		return rc;
	if ((val[OPT_PUZZLE] || val[OPT_DAILY]) && !puzzles)
		return cli_usage_error(cmd, "--%s goes with the play command; usage: %s",
		                       val[OPT_PUZZLE] ? "puzzle" : "daily", synopsis);
	if (val[OPT_PUZZLE] && val[OPT_DAILY])
		return cli_usage_error(cmd, "--daily is today's puzzle: give it or "
		                            "--puzzle, not both");
	if ((val[OPT_REGIONS] || val[OPT_GRADE] || val[OPT_SEED]) && !puzzles)
		return cli_usage_error(cmd, "--%s goes with the play command; usage: %s",
		                       val[OPT_REGIONS] ? "regions"
		                       : val[OPT_GRADE] ? "grade"
		                                        : "seed",
		                       synopsis);
	if ((val[OPT_GRADE] || val[OPT_SEED]) && !val[OPT_REGIONS])
		return cli_usage_error(cmd,
		                       "--%s makes a regions puzzle: it goes with "
		                       "--regions; usage: %s",
		                       val[OPT_GRADE] ? "grade" : "seed", synopsis);
	*puzzle_path = val[OPT_PUZZLE];
	*daily = val[OPT_DAILY] != NULL;
	/* Queens with regions reads its own size and puzzle: play_regions. */
	if (val[OPT_REGIONS])
		return -1;
	if (cli_display_options(cmd, val, o))
		return CLI_USAGE;
	if (val[OPT_ASSIST]) {
		int a = settings_assist_from_name(val[OPT_ASSIST]);

		if (a < 0)
			return cli_usage_error(
			        cmd, "--assist must be none, some or all, not '%s'",
			        val[OPT_ASSIST]);
		o->assist = a + 1;
	}
	*n = 8;
	/* play --daily DATE: that date's puzzle. */
	if (args.npos == 1 && *daily &&
	    strspn(args.pos[0], "0123456789") != strlen(args.pos[0])) {
		*puzzle_path = args.pos[0];
		return -1;
	}
	if (args.npos == 1) {
		if (*puzzle_path || *daily)
			return cli_usage_error(cmd,
			                       "a puzzle has its own size; give N or "
			                       "--%s, not both",
			                       *daily ? "daily" : "puzzle");
		if (cli_parse_number(cmd, "N", args.pos[0], PLAY_MIN_N, PLAY_MAX_N, &v))
			return CLI_USAGE;
		*n = (int)v;
	}
	return -1;
#undef args
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

/*
 * play --regions [N | FILE] [--grade G] [--seed S] [--puzzle FILE] [--daily
 * [DATE]]: a Queens with regions puzzle made now, read from a file, or the
 * regions puzzle of a day.
 */
static int play_regions(const struct cli_args *pa, struct app_opts *o)
{
	static const char cmd[] = "play";
	const struct cli_args args = *pa;
	const char *const *val = args.val;
	static struct regions_board b;
	static char id[700], game[760];
	const char *path;
	enum regions_grade grade = REGIONS_MEDIUM;
	uint64_t v = 8, seed;
	char err[600];

	path = val[OPT_PUZZLE];
	if (args.npos == 1 && args.pos[0][strspn(args.pos[0], "0123456789")] != '\0') {
		if (path)
			return cli_usage_error(cmd,
			                       "give one regions file, not '%s' and "
			                       "--puzzle",
			                       args.pos[0]);
		path = args.pos[0];
	}
	if (val[OPT_DAILY] && (path || val[OPT_GRADE] || val[OPT_SEED]) &&
	    !(path && !val[OPT_PUZZLE] && daily_parse_date(path, &(long){0})))
		return cli_usage_error(cmd,
		                       "--daily is the day's regions puzzle: give it "
		                       "or N, FILE, --grade or --seed, not both");
	if (path && !val[OPT_DAILY] && (val[OPT_GRADE] || val[OPT_SEED]))
		return cli_usage_error(cmd, "a regions file has its own grade: give "
		                            "FILE or --grade and --seed, not both");
	if (cli_display_options(cmd, val, o))
		return CLI_USAGE;
	if (val[OPT_ASSIST]) {
		int a = settings_assist_from_name(val[OPT_ASSIST]);

		if (a < 0)
			return cli_usage_error(
			        cmd, "--assist must be none, some or all, not '%s'",
			        val[OPT_ASSIST]);
		o->assist = a + 1;
	}
	if (val[OPT_GRADE]) {
		grade = regions_grade_from_name(val[OPT_GRADE]);
		if (grade == REGIONS_UNGRADED)
			return cli_usage_error(
			        cmd, "--grade must be easy, medium or hard, not '%s'",
			        val[OPT_GRADE]);
	}
	o->start = (struct screen_open){.kind = SCREEN_REGIONS};
	if (val[OPT_DAILY]) {
		long today, day;

		if (daily_today(&today, err, sizeof err) < 0)
			return cli_usage_error(cmd, "%s", err);
		day = today;
		if (args.npos == 1 &&
		    (!daily_parse_date(args.pos[0], &day) || day > today)) {
			daily_format_date(today, err, sizeof err);
			return cli_usage_error(cmd,
			                       "--daily takes a date written YYYY-MM-DD "
			                       "from 1970-01-01 to today, %s, not '%s'",
			                       err, args.pos[0]);
		}
		if (daily_regions(day, &b, id, sizeof id) < 0) {
			fprintf(stderr,
			        "nqueens: no daily regions puzzle could be made\n");
			return CLI_NO;
		}
		/* A past day's puzzle is timed apart, as the classic's: no day of the
		 * streak. */
		if (day < today) {
			daily_format_date(day, err, sizeof err);
			snprintf(id, sizeof id, "%s%s%s", STATS_LATE_PREFIX, err,
			         DAILY_REGIONS_SUFFIX);
		}
		o->start.regions = (struct regions_opts){
		        .board = &b, .id = id, .game_id = id, .daily = true, .day = day};
		return -1;
	}
	if (path) {
		const char *base = strrchr(path, '/');

		if (regions_load(path, &b, err, sizeof err) < 0) {
			fprintf(stderr, "nqueens: %s\n", err);
			return CLI_USAGE;
		}
		puzzle_id(base ? base + 1 : path, err, sizeof err);
		snprintf(id, sizeof id, "regions-%s", err);
	} else {
		if (args.npos == 1 &&
		    cli_parse_number(cmd, "N of --regions", args.pos[0],
		                     REGIONS_PLAY_MIN_N, REGIONS_PLAY_MAX_N, &v))
			return CLI_USAGE;
		seed = puzzle_clock_seed();
		if (val[OPT_SEED] && cli_parse_number(cmd, "the seed", val[OPT_SEED], 0,
		                                      UINT64_MAX, &seed))
			return CLI_USAGE;
		if (regions_generate((int)v, grade, seed, &b) < 0) {
			fprintf(stderr,
			        "nqueens play: no %s regions puzzle for n = %d from seed "
			        "%" PRIu64 "; try another seed\n",
			        regions_grade_name(grade), (int)v, seed);
			return CLI_NO;
		}
		/* The best time of a size and grade, whatever the seed. */
		snprintf(id, sizeof id, "regions-%d-%s", (int)v,
		         regions_grade_name(grade));
	}
	o->start.regions = (struct regions_opts){.board = &b, .id = id, .game_id = id};
	/* A puzzle made now is kept, to resume, under its seed too. */
	if (!path) {
		snprintf(game, sizeof game, "%s-seed-%" PRIu64, id, seed);
		o->start.regions.game_id = game;
	}
	return -1;
}

int cli_play(int argc, char **argv)
{
	struct app_opts o = {.start.kind = SCREEN_PLAY};
	struct play_opts *p = &o.start.play;
	struct puzzle pz;
	const char *path = NULL;
	char err[512], id[256];
	bool daily = false;
	long today;
	int rc;

	static const char synopsis[] =
	        "nqueens play [N] [--puzzle FILE | --daily [DATE]] "
	        "[--regions [N | FILE] [--grade G] [--seed S]] "
	        "[--assist LEVEL] [--ascii] [--no-color] [--quiet] [--theme NAME]";

	struct cli_args args;

	if ((rc = parse("play", synopsis, argc, argv, &o, &p->n, true, &path, &daily,
	                &args)) >= 0)
		return rc;
	if (args.val[OPT_REGIONS]) {
		o = (struct app_opts){0};
		if ((rc = play_regions(&args, &o)) >= 0)
			return rc;
		return app_run(&o);
	}
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
	} else if (path) {
		if (puzzle_load(path, &pz, err, sizeof err) < 0) {
			fprintf(stderr, "nqueens: %s\n", err);
			return CLI_USAGE;
		}
		puzzle_id(path, id, sizeof id);
	}
	if (daily || path)
		*p = (struct play_opts){.n = pz.n, .puzzle = &pz, .puzzle_id = id};
	return app_run(&o);
}

int cli_menu(int argc, char **argv)
{
	struct app_opts o = {.start.kind = SCREEN_MENU};
	const char *path;
	bool daily;
	int rc;

	if ((rc = parse(NULL,
	                "nqueens [--assist LEVEL] [--ascii] [--no-color] [--quiet] "
	                "[--theme NAME] "
	                "[COMMAND ...]",
	                argc, argv, &o, &o.start.menu.n, false, &path, &daily, NULL)) >=
	    0)
		return rc;
	return app_run(&o);
}

/*
 * watch --from: the queens of the position, on its board or one of n
 * files, into *given (malloc'd); refused here, before the screen opens,
 * with the reason, when the search cannot start from them.
 */
static int watch_given(const char *from, struct watch_opts *w, int **given)
{
	char err[256];
	int hi = watch_max_n(w->algo);
	struct search *s;

	if (cli_parse_from("watch", from, &w->n, given))
		return CLI_USAGE;
	if (w->n < search_min_n(w->algo) || w->n > hi)
		return cli_usage_error("watch",
		                       "--from names a %dx%d board; %s watches "
		                       "boards from %d to %d",
		                       w->n, w->n, search_algo_name(w->algo),
		                       search_min_n(w->algo), hi);
	s = search_new_from(w->algo, w->n, SEARCH_ALL, 1, *given, err, sizeof err);
	if (!s)
		return cli_usage_error("watch", "--from: %s", err);
	search_free(s);
	w->given = *given;
	return CLI_OK;
}

/*
 * watch --replay FILE: the student's events read as compare reads them,
 * kept in *r for the screen, before it opens; CLI_USAGE after one line on
 * stderr when they cannot be replayed (bad lines, none, more than compare
 * reads of the same search, a trace that stops in the middle of it).
 */
static int watch_replay(const char *file, struct watch_opts *w, struct cli_events *r)
{
	char err[256];
	struct compare *c;
	FILE *in;
	int rc;

	/* The screen reads the keyboard on standard input. */
	if (strcmp(file, "-") == 0)
		return cli_usage_error("watch",
		                       "--replay reads a file, not standard input (the "
		                       "screen reads the keys there): save the events "
		                       "to a file first");
	if (w->n > COMPARE_MAX_N)
		return cli_usage_error("watch", "--replay takes N from 1 to %d, not %d",
		                       COMPARE_MAX_N, w->n);
	if (!search_is_tree(w->algo))
		return cli_usage_error("watch",
		                       "--replay compares with a tree search "
		                       "(backtrack, scan, permute or bits), not %s",
		                       search_algo_name(w->algo));
	in = fopen(file, "r");
	if (!in) {
		fprintf(stderr, "nqueens watch: cannot read %s: %s\n", file,
		        strerror(errno));
		return CLI_USAGE;
	}
	c = compare_new(w->algo, w->n, err, sizeof err);
	if (!c) {
		fclose(in);
		return cli_usage_error("watch", "%s", err);
	}
	r->keep = true;
	rc = cli_compare_read("watch", c, in, file, w->n, r);
	if (rc < 0 && r->state == COMPARE_GOING)
		r->state = compare_end(c);
	/* As compare does, past a divergence the first events, the most it reads. */
	w->replay_cut = rc < 0 && r->state == COMPARE_DIFFERS && !compare_reading(c);
	if (rc < 0 && compare_cut_short(c))
		rc = cli_usage_error("watch",
		                     "%s ends after line %lu, in the middle of the "
		                     "search",
		                     file, r->line);
	compare_free(c);
	fclose(in);
	if (rc >= 0)
		return rc;
	w->replay = r->ev;
	w->nreplay = r->count;
	w->replay_name = file;
	return CLI_OK;
}

/*
 * watch --regions [N | FILE] [--grade G] [--seed S]: a regions puzzle read
 * from a file, or made as puzzle --regions makes it, watched reasoned.
 */
static int watch_regions(const struct cli_args *pa, struct app_opts *o)
{
	static const char cmd[] = "watch";
	const char *const *val = pa->val;
	static const enum cli_opt classic[] = {OPT_ALGORITHM, OPT_FIRST, OPT_FROM,
	                                       OPT_BIG,       OPT_QUIZ,  OPT_CODE};
	static const char *const classic_names[] = {"algorithm", "first", "from",
	                                            "big",       "quiz",  "code"};
	static struct regions_board b;
	enum regions_grade grade = REGIONS_MEDIUM;
	uint64_t v = 8, seed;
	char err[600];

	for (size_t i = 0; i < sizeof classic / sizeof classic[0]; i++)
		if (val[classic[i]])
			return cli_usage_error(cmd,
			                       "--%s goes with the classic search, not "
			                       "with --regions",
			                       classic_names[i]);
	if (pa->npos == 1 && pa->pos[0][strspn(pa->pos[0], "0123456789")] != '\0') {
		if (val[OPT_GRADE] || val[OPT_SEED])
			return cli_usage_error(cmd,
			                       "a regions file has its own grade: give "
			                       "FILE or --grade and --seed, not both");
		if (regions_load(pa->pos[0], &b, err, sizeof err) < 0) {
			fprintf(stderr, "nqueens: %s\n", err);
			return CLI_USAGE;
		}
	} else {
		if (val[OPT_GRADE]) {
			grade = regions_grade_from_name(val[OPT_GRADE]);
			if (grade == REGIONS_UNGRADED)
				return cli_usage_error(
				        cmd,
				        "--grade must be easy, medium or hard, not '%s'",
				        val[OPT_GRADE]);
		}
		if (pa->npos == 1 &&
		    cli_parse_number(cmd, "N of --regions", pa->pos[0], REGIONS_GEN_MIN_N,
		                     REGIONS_GEN_MAX_N, &v))
			return CLI_USAGE;
		seed = puzzle_clock_seed();
		if (val[OPT_SEED] && cli_parse_number(cmd, "the seed", val[OPT_SEED], 0,
		                                      UINT64_MAX, &seed))
			return CLI_USAGE;
		if (regions_generate((int)v, grade, seed, &b) < 0) {
			fprintf(stderr,
			        "nqueens watch: no %s regions puzzle for n = %d from "
			        "seed "
			        "%" PRIu64 "; try another seed\n",
			        regions_grade_name(grade), (int)v, seed);
			return CLI_NO;
		}
	}
	if (cli_display_options(cmd, val, o))
		return CLI_USAGE;
	o->start = (struct screen_open){.kind = SCREEN_WATCH_REGIONS,
	                                .watch_regions = {.board = &b}};
	return -1;
}

int cli_watch(int argc, char **argv)
{
	static const char synopsis[] =
	        "nqueens watch [N] [--algorithm NAME] [--first] "
	        "[--from POSITION] [--big] [--quiz] [--code LANG] [--replay FILE] "
	        "[--regions [N | FILE] [--grade G] [--seed S]] [--ascii] "
	        "[--no-color] [--quiet] [--theme NAME]";
	static const struct cli_optdef wdefs[OPT_COUNT] = {
	        [OPT_ALGORITHM] = {"algorithm", 0, true},
	        [OPT_FIRST] = {"first", 'f', false},
	        [OPT_ASCII] = {"ascii", 'a', false},
	        [OPT_NO_COLOR] = {"no-color", 0, false},
	        [OPT_QUIET] = {"quiet", 0, false},
	        [OPT_THEME] = {"theme", 0, true},
	        [OPT_FROM] = {"from", 0, true},
	        [OPT_BIG] = {"big", 0, false},
	        [OPT_QUIZ] = {"quiz", 0, false},
	        [OPT_CODE] = {"code", 0, true},
	        [OPT_REPLAY] = {"replay", 0, true},
	        [OPT_REGIONS] = {"regions", 'r', false},
	        [OPT_GRADE] = {"grade", 'g', true},
	        [OPT_SEED] = {"seed", 's', true},
	};
	struct app_opts o = {.start.kind = SCREEN_WATCH};
	struct cli_events replay = {.keep = true};
	struct watch_opts *w = &o.start.watch;
	struct cli_args args;
	const char *const *val = args.val;
	int *given = NULL, rc;
	uint64_t v;

	if ((rc = cli_begin("watch", synopsis, argc, argv, wdefs, 1, &args)) >= 0)
		return rc;
	if (val[OPT_REGIONS]) {
		if ((rc = watch_regions(&args, &o)) >= 0)
			return rc;
		return app_run(&o);
	}
	if (val[OPT_GRADE] || val[OPT_SEED])
		return cli_usage_error("watch",
		                       "--%s makes a regions puzzle: it goes with "
		                       "--regions; usage: %s",
		                       val[OPT_GRADE] ? "grade" : "seed", synopsis);
	w->algo = SEARCH_BACKTRACK;
	if (val[OPT_ALGORITHM])
		w->algo = search_algo_from_name(val[OPT_ALGORITHM]);
	if (w->algo == SEARCH_ALGO_COUNT)
		return cli_usage_error(
		        "watch",
		        "--algorithm must be backtrack, scan, permute, bits, "
		        "repair or construct, not '%s'",
		        val[OPT_ALGORITHM]);
	/* Predict mode asks about the decisions of a tree. */
	if (val[OPT_QUIZ] && !search_is_tree(w->algo))
		return cli_usage_error("watch",
		                       "--quiz asks about the tree searches: backtrack, "
		                       "scan, permute or bits, not %s",
		                       search_algo_name(w->algo));
	w->quiz = val[OPT_QUIZ] != NULL;
	/* The listing: any language, even for an algorithm without one (it says so). */
	if (val[OPT_CODE] && strcmp(val[OPT_CODE], "pseudocode") != 0 &&
	    code_lang_from_name(val[OPT_CODE]) == CODE_LANG_COUNT)
		return cli_usage_error(
		        "watch", "--code must be pseudocode, python, c or java, not '%s'",
		        val[OPT_CODE]);
	w->listing = val[OPT_CODE];
	w->goal = val[OPT_FIRST] ? SEARCH_FIRST : SEARCH_ALL;
	w->big = val[OPT_BIG] != NULL;
	if (cli_display_options("watch", val, &o))
		return CLI_USAGE;
	w->n = val[OPT_FROM] ? 0 : 8;
	if (args.npos == 1) {
		if (cli_parse_number("watch", "N", args.pos[0],
		                     (uint64_t)search_min_n(w->algo),
		                     (uint64_t)watch_max_n(w->algo), &v))
			return CLI_USAGE;
		w->n = (int)v;
	}
	/* A replay is the student's search from its start, beside the reference's. */
	static const enum cli_opt alone[] = {OPT_FROM, OPT_QUIZ, OPT_FIRST, OPT_BIG,
	                                     OPT_CODE};
	static const char *const alone_names[] = {"--from", "--quiz", "--first", "--big",
	                                          "--code"};

	if (val[OPT_REPLAY])
		for (size_t i = 0; i < sizeof alone / sizeof *alone; i++)
			if (val[alone[i]])
				return cli_usage_error("watch",
				                       "--replay and %s cannot be used "
				                       "together",
				                       alone_names[i]);
	if (val[OPT_FROM] && watch_given(val[OPT_FROM], w, &given))
		rc = CLI_USAGE;
	else if (val[OPT_REPLAY] && watch_replay(val[OPT_REPLAY], w, &replay))
		rc = CLI_USAGE;
	else
		rc = app_run(&o);
	free(given);
	free(replay.ev);
	return rc;
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
	};
	struct app_opts o = {
	        .start = {.kind = SCREEN_BROWSE, .browse = {.n = 8, .index = 1}}};
	struct cli_args args;
	int rc;
	uint64_t v;

	if ((rc = cli_begin("browse", synopsis, argc, argv, bdefs, 1, &args)) >= 0)
		return rc;
	if (cli_display_options("browse", args.val, &o))
		return CLI_USAGE;
	if (args.npos == 1) {
		if (cli_parse_number("browse", "N", args.pos[0], BROWSE_MIN_N,
		                     BROWSE_MAX_N, &v))
			return CLI_USAGE;
		o.start.browse.n = (int)v;
	}
	return app_run(&o);
}

/* The lessons' names, "four-queens, symmetry", or "none" when there are none. */
static void lesson_names(const struct lesson_entry *e, size_t count, char *buf,
                         size_t len)
{
	size_t at = 0;

	snprintf(buf, len, "none");
	for (size_t i = 0; i < count && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? ", " : "",
		                       e[i].name);
}

/* The shipped lessons (dir) and the user's own, a user's first by a name both have. */
static void lessons_all(const char *dir, struct lesson_entry **e, size_t *count)
{
	char mine[4096];

	lesson_list_all(dir, lesson_user_dir(mine, sizeof mine), e, count);
}

/*
 * lesson --list: name, minutes and title of each lesson, one a line, the
 * user's own marked; one that cannot be read says why, with its line.
 */
static int list_lessons(const char *dir)
{
	struct lesson_entry *e;
	size_t count;
	int w = 0;

	lessons_all(dir, &e, &count);
	for (size_t i = 0; i < count; i++)
		if ((int)strlen(e[i].name) > w)
			w = (int)strlen(e[i].name);
	for (size_t i = 0; i < count; i++) {
		const char *yours = e[i].mine ? " (yours)" : "";

		if (!e[i].ok)
			printf("%-*s  cannot be read: %s%s\n", w, e[i].name, e[i].err,
			       yours);
		else if (e[i].minutes)
			printf("%-*s  %3d min  %s%s\n", w, e[i].name, e[i].minutes,
			       e[i].title, yours);
		else
			printf("%-*s  %3s min  %s%s\n", w, e[i].name, "?", e[i].title,
			       yours);
	}
	free(e);
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

/* The file of the lesson named name: the user's own, else the shipped one. */
static void named_path(const char *name, const char *dir, char *path, size_t len)
{
	char mine[4096];
	const char *d = lesson_user_dir(mine, sizeof mine);
	struct stat sb;

	snprintf(path, len, "%s/%s.txt", d ? d : "", name);
	if (d && stat(path, &sb) == 0)
		return;
	snprintf(path, len, "%s/%s.txt", dir ? dir : ".", name);
}

/*
 * Warns, at the minutes: line of the lesson at path, when what it says
 * and what the lesson measures (seconds) are more than half apart: a
 * teacher plans the class by it.
 */
static void warn_minutes(const struct lesson *l, const char *path, unsigned measured)
{
	unsigned said = 60u * (unsigned)l->minutes;
	unsigned off = measured > said ? measured - said : said - measured;

	if (l->minutes && 2 * off > said)
		fprintf(stderr,
		        "nqueens lesson: %s:%d: warning: minutes: %d, but the lesson "
		        "measures %u (more than half off)\n",
		        path, l->minutes_line, l->minutes, (measured + 30) / 60);
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
			named_path(names[i], dir, path, sizeof path);
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
			unsigned seconds = lesson_measure(&l),
			         measured = (seconds + 30) / 60;

			warn_minutes(&l, path, seconds);
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

static const char lesson_synopsis[] = "nqueens lesson [FILE | NAME [--step K] | --list | "
                                      "--check FILE...] [--big] [--ascii] "
                                      "[--no-color] [--quiet] [--theme NAME]";

/* What lesson's options cannot go with: CLI_USAGE, said on stderr, or CLI_OK. */
static int lesson_refused(const struct cli_args *a)
{
	const char *const *val = a->val;

	if (val[OPT_BIG] && (val[OPT_CHECK] || val[OPT_LIST] || a->npos == 0))
		return cli_usage_error("lesson", "--big runs a lesson in projector mode: "
		                                 "name the lesson (--list lists them)");
	if (val[OPT_STEP] && (val[OPT_CHECK] || val[OPT_LIST] || a->npos == 0))
		return cli_usage_error("lesson", "--step K opens a lesson at its step K: "
		                                 "name the lesson (--list lists them)");
	if (val[OPT_CHECK] && val[OPT_LIST])
		return cli_usage_error("lesson", "--check and --list are one or "
		                                 "the other");
	if (val[OPT_CHECK] && a->npos == 0)
		return cli_usage_error("lesson",
		                       "--check needs a FILE (or a lesson's "
		                       "NAME); usage: %s",
		                       lesson_synopsis);
	if (val[OPT_CHECK])
		return CLI_OK;
	if (a->npos > 1)
		return cli_usage_error("lesson", "unexpected argument '%s'; usage: %s",
		                       a->pos[1], lesson_synopsis);
	if (val[OPT_LIST] && a->npos)
		return cli_usage_error("lesson", "--list lists the lessons: give it "
		                                 "or a lesson, not both");
	return CLI_OK;
}

/*
 * The file of the lesson arg names: the path given, or the user's own
 * lesson of that name, or the shipped one in dir (NULL: none shipped); or
 * CLI_USAGE with the names.
 */
static int lesson_path(const char *arg, const char *dir, char *path, size_t len)
{
	struct lesson_entry *entries;
	size_t count;
	char names[1024];
	bool known = false;

	if (is_path(arg)) {
		snprintf(path, len, "%s", arg);
		return CLI_OK;
	}
	lessons_all(dir, &entries, &count);
	for (size_t i = 0; i < count && !known; i++)
		if (strcmp(entries[i].name, arg) == 0) {
			snprintf(path, len, "%s", entries[i].path);
			known = true;
		}
	lesson_names(entries, count, names, sizeof names);
	free(entries);
	if (!known)
		return cli_usage_error("lesson",
		                       "unknown lesson '%s'; the lessons are %s (or "
		                       "give a lesson file's path)",
		                       arg, names);
	return CLI_OK;
}

/*
 * Runs the lesson at path on the screen.  A malformed lesson is told
 * before the screen opens, with its line; a check that takes a while says
 * so meanwhile.  step: --step's K, or NULL for the first.
 */
static int run_lesson(struct app_opts *o, const char *path, bool big, const char *step)
{
	uint64_t k = 1;
	struct check_shown shown;
	struct lesson l;
	char err[1024];
	int rc;

	check_shown_start(&shown);
	rc = lesson_load_shown(path, &l, err, sizeof err, show_check, &shown);
	check_shown_end(&shown);
	if (rc < 0) {
		fprintf(stderr, "nqueens lesson: %s\n", err);
		return CLI_USAGE;
	}
	/* Its range is the lesson's steps, known once it is read. */
	if (step &&
	    cli_parse_number("lesson", "--step", step, 1, (uint64_t)l.nsteps, &k)) {
		lesson_free(&l);
		return CLI_USAGE;
	}
	o->start = (struct screen_open){
	        .kind = SCREEN_LESSON,
	        .lesson = {.lesson = &l, .big = big, .step = (int)k - 1}};
	rc = app_run(o);
	lesson_free(&l);
	return rc;
}

int cli_lesson(int argc, char **argv)
{
	static const struct cli_optdef ldefs[OPT_COUNT] = {
	        [OPT_CHECK] = {"check", 'c', false},
	        [OPT_LIST] = {"list", 'l', false},
	        [OPT_BIG] = {"big", 0, false},
	        [OPT_STEP] = {"step", 0, true},
	        [OPT_ASCII] = {"ascii", 'a', false},
	        [OPT_NO_COLOR] = {"no-color", 0, false},
	        [OPT_QUIET] = {"quiet", 0, false},
	        [OPT_THEME] = {"theme", 0, true},
	};
	struct app_opts o = {0};
	struct cli_args args;
	char buf[4096], path[8400];
	const char *dir;
	int rc;

	/* Many files for --check; one lesson to run. */
	rc = cli_begin("lesson", lesson_synopsis, argc, argv, ldefs, argc, &args);
	if (rc >= 0)
		return rc;
	if (lesson_refused(&args))
		return CLI_USAGE;
	dir = datadir_find("lessons", buf, sizeof buf);
	if (args.val[OPT_CHECK])
		return check_lessons(args.npos, args.pos, dir);
	if (cli_display_options("lesson", args.val, &o))
		return CLI_USAGE;
	if (args.val[OPT_LIST])
		return list_lessons(dir);
	if (args.npos == 0) {
		/* No lesson named: the menu's list of them to choose from. */
		o.start = (struct screen_open){.kind = SCREEN_MENU,
		                               .menu = {.n = 8, .lessons = true}};
		return app_run(&o);
	}
	if (lesson_path(args.pos[0], dir, path, sizeof path))
		return CLI_USAGE;
	return run_lesson(&o, path, args.val[OPT_BIG] != NULL, args.val[OPT_STEP]);
}
