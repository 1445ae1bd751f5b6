/* The race command: algorithms side by side on one board, their counters and times. */
#include "config.h"

#include "cli.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "tui/app.h"
#include "engine/race.h"
#include "engine/search.h"

static const char synopsis[] = "nqueens race N [ALGORITHM...] [--first] [--format text] "
                               "[--ascii] [--no-color] [--quiet] [--theme NAME]";

/* Events each runner takes a round: small enough to keep them side by side. */
#define ROUND_EVENTS 1024

static const char *goal_words(enum search_goal g)
{
	return g == SEARCH_FIRST ? "to the first solution" : "to every solution";
}

static void print_table(const struct race *r)
{
	printf("race %d, %s, in lockstep by events: the fewest events wins\n", race_n(r),
	       goal_words(race_goal(r)));
	printf("%s\n", race_time_means);
	printf("%-5s  %-9s  %10s  %10s  %10s  %10s  %9s\n", "place", "algorithm",
	       "tested", "placed", "events", "solutions", "time");
	for (int i = 0; i < race_count(r); i++) {
		const struct race_runner *u = race_runner(r, i);
		const struct search_counters *c = search_counters(u->s);
		char t[32];

		race_format_time(u->ns, t, sizeof t);
		printf("%-5d  %-9s  %10" PRIu64 "  %10" PRIu64 "  %10" PRIu64
		       "  %10" PRIu64 "  %9s\n",
		       u->place, search_algo_name(u->algo), c->tested, c->placed,
		       c->events, c->solutions, t);
	}
}

/* The race on the screen: the display options as the other screens take them. */
static int race_screen(int n, const enum search_algo *algos, int count,
                       enum search_goal goal, const char *const val[OPT_COUNT])
{
	struct app_opts o = {
	        .start = {
	                .kind = SCREEN_RACE,
	                .race = {.n = n, .algos = algos, .nalgos = count, .goal = goal}}};

	if (cli_display_options("race", val, &o))
		return CLI_USAGE;
	return app_run(&o);
}

int cli_race(int argc, char **argv)
{
	static const struct cli_optdef defs[OPT_COUNT] = {
	        [OPT_FIRST] = {"first", 'f', false},
	        [OPT_FORMAT] = {"format", 0, true},
	        [OPT_ASCII] = {"ascii", 'a', false},
	        [OPT_NO_COLOR] = {"no-color", 0, false},
	        [OPT_QUIET] = {"quiet", 0, false},
	        [OPT_THEME] = {"theme", 0, true},
	};
	struct cli_args args;
	char err[256], line[640];
	enum search_algo algos[SEARCH_ALGO_COUNT];
	int count = 0, lo = 1, hi = 1 << 30, rc;
	enum search_goal goal;
	struct race *r;
	uint64_t v;
	bool agree;

	if ((rc = cli_begin("race", synopsis, argc, argv, defs, 1 + SEARCH_ALGO_COUNT,
	                    &args)) >= 0)
		return rc;
	if (args.val[OPT_FORMAT] && strcmp(args.val[OPT_FORMAT], "text") != 0)
		return cli_usage_error("race",
		                       "--format must be text (the only one so far), "
		                       "not '%s'",
		                       args.val[OPT_FORMAT]);
	for (int i = 1; i < args.npos; i++) {
		enum search_algo a = search_algo_from_name(args.pos[i]);

		if (a == SEARCH_ALGO_COUNT)
			return cli_usage_error(
			        "race",
			        "unknown algorithm '%s'; race backtrack, scan, "
			        "permute, bits, repair or construct",
			        args.pos[i]);
		algos[count++] = a;
	}
	if (count == 0) {
		count = RACE_DEFAULT_COUNT;
		memcpy(algos, race_default_algos, sizeof race_default_algos);
	}
	if (count < RACE_MIN || count > RACE_MAX)
		return cli_usage_error("race", "a race has %d to %d algorithms, not %d",
		                       RACE_MIN, RACE_MAX, count);
	for (int i = 0; i < count; i++) {
		if (search_min_n(algos[i]) > lo)
			lo = search_min_n(algos[i]);
		if (search_max_n(algos[i]) < hi)
			hi = search_max_n(algos[i]);
	}
	if (args.npos == 0)
		return cli_usage_error("race",
		                       "missing N, the board size (%d to %d for these "
		                       "algorithms); usage: %s",
		                       lo, hi, synopsis);
	if (cli_parse_number("race", "N", args.pos[0], (uint64_t)lo, (uint64_t)hi, &v))
		return CLI_USAGE;
	goal = args.val[OPT_FIRST] ? SEARCH_FIRST : SEARCH_ALL;
	r = race_new((int)v, algos, count, goal, err, sizeof err);
	if (!r)
		return cli_usage_error("race", "%s", err);
	if (!args.val[OPT_FORMAT]) {
		race_free(r);
		return race_screen((int)v, algos, count, goal, args.val);
	}
	if (args.val[OPT_ASCII] || args.val[OPT_NO_COLOR] || args.val[OPT_QUIET] ||
	    args.val[OPT_THEME]) {
		race_free(r);
		return cli_usage_error("race",
		                       "--ascii, --no-color, --quiet and --theme go with "
		                       "the screen, not with --format text");
	}
	while (race_step(r, ROUND_EVENTS))
		;
	race_measure(r, RACE_MEASURE_NS);
	print_table(r);
	race_winner(r, line, sizeof line);
	printf("%s\n", line);
	race_lesson(r, line, sizeof line);
	printf("%s\n", line);
	agree = race_verdict(r, line, sizeof line);
	printf("%s\n", line);
	race_free(r);
	return cli_finish_output(agree ? CLI_OK : CLI_NO);
}
