/* The race command: algorithms side by side on one board, their counters and times. */
#include "config.h"

#include "cli.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "race.h"
#include "search.h"

static const char synopsis[] = "nqueens race N [ALGORITHM...] [--first] [--format text]";

/* Events each runner takes a round: small enough to keep them side by side. */
#define ROUND_EVENTS 1024

/* "0.42 ms", "12.3 ms", "4.56 s". */
static void format_time(uint64_t ns, char *buf, size_t len)
{
	double ms = (double)ns / 1e6;

	if (ms < 1)
		snprintf(buf, len, "%.2f ms", ms);
	else if (ms < 1000)
		snprintf(buf, len, "%.1f ms", ms);
	else
		snprintf(buf, len, "%.2f s", ms / 1000);
}

static const char *goal_words(enum search_goal g)
{
	return g == SEARCH_FIRST ? "to the first solution" : "to every solution";
}

static void print_table(const struct race *r)
{
	printf("race %d, %s, in lockstep by events\n", race_n(r),
	       goal_words(race_goal(r)));
	printf("%-5s  %-9s  %10s  %10s  %10s  %10s  %9s\n", "place", "algorithm",
	       "tested", "placed", "events", "solutions", "time");
	for (int i = 0; i < race_count(r); i++) {
		const struct race_runner *u = race_runner(r, i);
		const struct search_counters *c = search_counters(u->s);
		char t[32];

		format_time(u->ns, t, sizeof t);
		printf("%-5d  %-9s  %10" PRIu64 "  %10" PRIu64 "  %10" PRIu64
		       "  %10" PRIu64 "  %9s\n",
		       u->place, search_algo_name(u->algo), c->tested, c->placed,
		       c->events, c->solutions, t);
	}
}

/* The closing line: what the runners agree on. */
static void print_verdict(const struct race *r)
{
	const struct race_runner *first = NULL;
	int k = race_count(r), trees = 0;
	char ranks[512];

	for (int i = 0; i < k; i++)
		if (search_is_tree(race_runner(r, i)->algo) && trees++ == 0)
			first = race_runner(r, i);
	if (first && search_counters(first->s)->solutions == 0) {
		printf("the %d algorithms agree: no solution for n = %d\n", k, race_n(r));
		return;
	}
	/* Only repair and construct, which race to the first solution alone. */
	if (!first) {
		printf("the %d algorithms each found a solution\n", k);
		return;
	}
	if (race_goal(r) == SEARCH_ALL) {
		uint64_t found = search_counters(first->s)->solutions;

		printf("the %d algorithms agree: %" PRIu64
		       " solution%s, the same ones in the "
		       "same order\n",
		       k, found, found == 1 ? "" : "s");
		return;
	}
	board_format_ranks(race_n(r), search_ranks(first->s), ranks, sizeof ranks);
	if (trees == k)
		printf("the %d algorithms agree on the first solution: %s\n", k, ranks);
	else
		printf("the %d algorithms each found a solution; the tree searches the "
		       "first "
		       "one, %s\n",
		       k, ranks);
}

int cli_race(int argc, char **argv)
{
	static const struct cli_optdef defs[OPT_COUNT] = {
	        [OPT_FIRST] = {"first", 'f', false},
	        [OPT_FORMAT] = {"format", 0, true},
	        [OPT_HELP] = {"help", 'h', false},
	};
	static const enum search_algo fallback[] = {SEARCH_BACKTRACK, SEARCH_SCAN,
	                                            SEARCH_PERMUTE, SEARCH_BITS};
	const char *val[OPT_COUNT];
	char *pos[2 + SEARCH_ALGO_COUNT], err[256];
	enum search_algo algos[SEARCH_ALGO_COUNT];
	int npos, count = 0, lo = 1, hi = 1 << 30;
	enum search_goal goal;
	struct race *r;
	uint64_t v;
	bool agree;

	if (cli_parse_options("race", synopsis, argc, argv, defs, val, pos,
	                      1 + SEARCH_ALGO_COUNT, &npos))
		return CLI_USAGE;
	if (val[OPT_HELP]) {
		cli_help();
		return cli_finish_output(CLI_OK);
	}
	if (val[OPT_FORMAT] && strcmp(val[OPT_FORMAT], "text") != 0)
		return cli_usage_error("race",
		                       "--format must be text (the only one so far), "
		                       "not '%s'",
		                       val[OPT_FORMAT]);
	for (int i = 1; i < npos; i++) {
		enum search_algo a = search_algo_from_name(pos[i]);

		if (a == SEARCH_ALGO_COUNT)
			return cli_usage_error(
			        "race",
			        "unknown algorithm '%s'; race backtrack, scan, "
			        "permute, bits, repair or construct",
			        pos[i]);
		algos[count++] = a;
	}
	if (count == 0) {
		count = (int)(sizeof fallback / sizeof fallback[0]);
		memcpy(algos, fallback, sizeof fallback);
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
	if (npos == 0)
		return cli_usage_error("race",
		                       "missing N, the board size (%d to %d for these "
		                       "algorithms); usage: %s",
		                       lo, hi, synopsis);
	if (cli_parse_number("race", "N", pos[0], (uint64_t)lo, (uint64_t)hi, &v))
		return CLI_USAGE;
	goal = val[OPT_FIRST] ? SEARCH_FIRST : SEARCH_ALL;
	r = race_new((int)v, algos, count, goal, err, sizeof err);
	if (!r)
		return cli_usage_error("race", "%s", err);
	while (race_step(r, ROUND_EVENTS))
		;
	print_table(r);
	agree = race_agree(r, err, sizeof err);
	if (agree)
		print_verdict(r);
	else
		printf("the algorithms disagree: %s\n", err);
	race_free(r);
	return cli_finish_output(agree ? CLI_OK : CLI_NO);
}
