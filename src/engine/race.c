/* Algorithms side by side: searches of one board stepped in lockstep, each timed. */
#include "config.h"

#include "race.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "errmsg.h"

const enum search_algo race_default_algos[RACE_DEFAULT_COUNT] = {
        SEARCH_BACKTRACK, SEARCH_SCAN, SEARCH_PERMUTE, SEARCH_BITS};

struct race {
	int n, count, finished;
	enum search_goal goal;
	struct race_runner run[RACE_MAX];
	race_clock_fn *clock;
	void *clock_ctx;
};

static uint64_t monotonic_ns(void *ctx)
{
	struct timespec ts;

	(void)ctx;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

struct race *race_new(int n, const enum search_algo *algos, int count,
                      enum search_goal goal, char *err, size_t errlen)
{
	struct race *r;

	if (count < RACE_MIN || count > RACE_MAX) {
		errmsg_set(err, errlen, "a race has %d to %d algorithms, not %d",
		           RACE_MIN, RACE_MAX, count);
		return NULL;
	}
	for (int i = 0; i < count; i++) {
		enum search_algo a = algos[i];

		for (int j = 0; j < i; j++)
			if (algos[j] == a) {
				errmsg_set(err, errlen,
				           "%s is named twice; each algorithm runs once",
				           search_algo_name(a));
				return NULL;
			}
		if (goal == SEARCH_ALL && !search_is_tree(a)) {
			errmsg_set(err, errlen,
			           "%s finds one solution, not every one: race it to the "
			           "first",
			           search_algo_name(a));
			return NULL;
		}
	}
	r = calloc(1, sizeof *r);
	if (!r) {
		errmsg_set(err, errlen, "out of memory");
		return NULL;
	}
	r->n = n;
	r->count = count;
	r->clock = monotonic_ns;
	r->goal = goal;
	for (int i = 0; i < count; i++) {
		r->run[i].algo = algos[i];
		/* FNV-1a's offset basis: the digest of no solution. */
		r->run[i].digest = UINT64_C(14695981039346656037);
		r->run[i].s = search_new(algos[i], n, goal, 1, err, errlen);
		if (!r->run[i].s) {
			race_free(r);
			return NULL;
		}
	}
	return r;
}

void race_free(struct race *r)
{
	if (!r)
		return;
	for (int i = 0; i < r->count; i++)
		search_free(r->run[i].s);
	free(r);
}

/* Folds the solution on the board into the runner's digest (FNV-1a of its ranks). */
static void digest_solution(struct race_runner *u, int n)
{
	const int *ranks = search_ranks(u->s);

	for (int f = 0; f < n; f++) {
		u->digest ^= (uint64_t)(ranks[f] + 1);
		u->digest *= UINT64_C(1099511628211);
	}
	u->digest ^= UINT64_C(0xff);
	u->digest *= UINT64_C(1099511628211);
}

void race_set_clock(struct race *r, race_clock_fn *clock, void *ctx)
{
	r->clock = clock ? clock : monotonic_ns;
	r->clock_ctx = ctx;
}

/* Runs u up to events events (0: to its end), timed; returns whether it ended. */
static bool run_events(struct race *r, struct race_runner *u, uint64_t events)
{
	uint64_t start = r->clock(r->clock_ctx), done = 0;

	while ((events == 0 || done < events) && search_step(u->s)) {
		done++;
		if (search_last(u->s)->kind == SEARCH_EV_SOLUTION)
			digest_solution(u, r->n);
	}
	u->ns += r->clock(r->clock_ctx) - start;
	return search_done(u->s);
}

/*
 * Runs u until it has used its budget, in runs sized by what its events
 * have cost so far, so that the clock is read a few times a round rather
 * than at every event.
 */
static bool run_budget(struct race *r, struct race_runner *u)
{
	while (u->ns < u->budget) {
		uint64_t events = search_counters(u->s)->events;
		/* Until it has a rate of its own, a guess: 50 ns an event. */
		uint64_t each = events && u->ns ? (u->ns + events - 1) / events : 50;
		uint64_t chunk = (u->budget - u->ns) / (each ? each : 1);

		if (run_events(r, u, chunk < 1 ? 1 : chunk > 65536 ? 65536 : chunk))
			return true;
	}
	return false;
}

/*
 * A round: each runner still running runs by events or by its budget;
 * those ending in it place by their events, or by their time, equal ones
 * tied.
 */
static bool race_round(struct race *r, bool by_time, uint64_t events)
{
	int ended[RACE_MAX], nended = 0;

	for (int i = 0; i < r->count; i++) {
		struct race_runner *u = &r->run[i];

		if (u->place)
			continue;
		if (by_time ? run_budget(r, u) : run_events(r, u, events))
			ended[nended++] = i;
	}
	for (int k = 0; k < nended; k++) {
		struct race_runner *u = &r->run[ended[k]];
		uint64_t mine = by_time ? u->ns : search_counters(u->s)->events;
		int before = 0;

		for (int j = 0; j < nended; j++) {
			const struct race_runner *o = &r->run[ended[j]];

			before +=
			        (by_time ? o->ns : search_counters(o->s)->events) < mine;
		}
		u->place = r->finished + 1 + before;
	}
	r->finished += nended;
	return r->finished < r->count;
}

bool race_step(struct race *r, uint64_t events)
{
	bool on = race_round(r, false, events);

	/* By equal time from here on, each starts from what it has taken. */
	for (int i = 0; i < r->count; i++)
		r->run[i].budget = r->run[i].ns;
	return on;
}

bool race_step_time(struct race *r, uint64_t ns)
{
	/* What a runner took past its budget last round is owed from this one. */
	for (int i = 0; i < r->count; i++)
		if (!r->run[i].place)
			r->run[i].budget += ns;
	return race_round(r, true, 0);
}

void race_format_time(uint64_t ns, char *buf, size_t len)
{
	double ms = (double)ns / 1e6;

	if (ms < 1)
		snprintf(buf, len, "%.2f ms", ms);
	else if (ms < 1000)
		snprintf(buf, len, "%.1f ms", ms);
	else
		snprintf(buf, len, "%.2f s", ms / 1000);
}

bool race_done(const struct race *r)
{
	return r->finished == r->count;
}

int race_n(const struct race *r)
{
	return r->n;
}

enum search_goal race_goal(const struct race *r)
{
	return r->goal;
}

int race_count(const struct race *r)
{
	return r->count;
}

const struct race_runner *race_runner(const struct race *r, int i)
{
	return i >= 0 && i < r->count ? &r->run[i] : NULL;
}

bool race_agree(const struct race *r, char *why, size_t len)
{
	const struct race_runner *tree = NULL;

	if (len)
		why[0] = '\0';
	for (int i = 0; i < r->count; i++) {
		const struct race_runner *u = &r->run[i];
		const struct search_counters *c = search_counters(u->s);
		struct position pos;
		bool valid = false;

		if (r->goal == SEARCH_FIRST && c->solutions == 1 &&
		    board_from_ranks(&pos, r->n, search_ranks(u->s)) == 0) {
			valid = board_is_solution(&pos);
			board_free(&pos);
		}
		if (r->goal == SEARCH_FIRST && c->solutions == 1 && !valid) {
			errmsg_set(why, len,
			           "%s stopped on a board that is not a solution",
			           search_algo_name(u->algo));
			return false;
		}
		/* Repair and construct may find any solution; the trees, the same. */
		if (!search_is_tree(u->algo))
			continue;
		if (!tree) {
			tree = u;
			continue;
		}
		if (search_counters(tree->s)->solutions != c->solutions ||
		    tree->digest != u->digest) {
			errmsg_set(why, len, "%s and %s found different solutions",
			           search_algo_name(tree->algo),
			           search_algo_name(u->algo));
			return false;
		}
	}
	return true;
}

bool race_verdict(const struct race *r, char *buf, size_t len)
{
	const struct race_runner *first = NULL;
	int k = r->count, trees = 0;
	char ranks[512];

	if (!race_agree(r, ranks, sizeof ranks)) {
		errmsg_set(buf, len, "the algorithms disagree: %s", ranks);
		return false;
	}
	for (int i = 0; i < k; i++)
		if (search_is_tree(r->run[i].algo) && trees++ == 0)
			first = &r->run[i];
	/* Only repair and construct, which race to the first solution alone. */
	if (!first) {
		errmsg_set(buf, len, "the %d algorithms each found a solution", k);
	} else if (search_counters(first->s)->solutions == 0) {
		errmsg_set(buf, len, "the %d algorithms agree: no solution for n = %d", k,
		           r->n);
	} else if (r->goal == SEARCH_ALL) {
		uint64_t found = search_counters(first->s)->solutions;

		errmsg_set(buf, len,
		           "the %d algorithms agree: %" PRIu64
		           " solution%s, the same ones in the same order",
		           k, found, found == 1 ? "" : "s");
	} else {
		board_format_ranks(r->n, search_ranks(first->s), ranks, sizeof ranks);
		if (trees == k)
			errmsg_set(buf, len,
			           "the %d algorithms agree on the first solution: %s", k,
			           ranks);
		else
			errmsg_set(buf, len,
			           "the %d algorithms each found a solution; the tree "
			           "searches the first one, %s",
			           k, ranks);
	}
	return true;
}
