/* Algorithms side by side: searches of one board stepped in lockstep, each timed. */
#include "config.h"

#include "race.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "errmsg.h"

struct race {
	int n, count, finished;
	enum search_goal goal;
	struct race_runner run[RACE_MAX];
};

static uint64_t now_ns(void)
{
	struct timespec ts;

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

bool race_step(struct race *r, uint64_t events)
{
	int ended[RACE_MAX], nended = 0;

	for (int i = 0; i < r->count; i++) {
		struct race_runner *u = &r->run[i];
		uint64_t start, done = 0;

		if (u->place)
			continue;
		start = now_ns();
		while ((events == 0 || done < events) && search_step(u->s)) {
			done++;
			if (search_last(u->s)->kind == SEARCH_EV_SOLUTION)
				digest_solution(u, r->n);
		}
		u->ns += now_ns() - start;
		if (search_done(u->s))
			ended[nended++] = i;
	}
	/* Those ending in this round place by their events; equal events tie. */
	for (int k = 0; k < nended; k++) {
		struct race_runner *u = &r->run[ended[k]];
		uint64_t mine = search_counters(u->s)->events;
		int before = 0;

		for (int j = 0; j < nended; j++)
			before += search_counters(r->run[ended[j]].s)->events < mine;
		u->place = r->finished + 1 + before;
	}
	r->finished += nended;
	return r->finished < r->count;
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
