/* Algorithms side by side: searches of one board stepped in lockstep by events. */
#include "config.h"

#include "engine/race.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/board.h"
#include "engine/errmsg.h"

const enum search_algo race_default_algos[RACE_DEFAULT_COUNT] = {
        SEARCH_BACKTRACK, SEARCH_SCAN, SEARCH_PERMUTE, SEARCH_BITS};

struct race {
	int n, count, finished;
	bool measured;
	enum search_goal goal;
	struct race_runner run[RACE_MAX];
	race_clock_fn *clock;
	void *clock_ctx;
};

/*
 * The processor time of this thread: on a machine busy with other work
 * the wall clock counts their turns too (a mean of 0.3 ms read 0.9 ms
 * under a build), this one only the search's own.
 */
static uint64_t cpu_ns(void *ctx)
{
	struct timespec ts;

	(void)ctx;
	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
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
	r->clock = cpu_ns;
	r->goal = goal;
	for (int i = 0; i < count; i++) {
		r->run[i].algo = algos[i];
		/* FNV-1a's offset basis: the digest of no solution. */
		r->run[i].digest = UINT64_C(14695981039346656037);
		r->run[i].s = search_new(algos[i], n, goal, 1, err, errlen);
		r->run[i].last = calloc((size_t)n, sizeof *r->run[i].last);
		if (!r->run[i].s || !r->run[i].last) {
			if (r->run[i].s)
				errmsg_set(err, errlen, "out of memory");
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
	for (int i = 0; i < r->count; i++) {
		search_free(r->run[i].s);
		free(r->run[i].last);
	}
	free(r);
}

/*
 * Folds the solution on the board into the runner's digest (FNV-1a of its
 * ranks), and keeps it: the tree searches take it off again on the way out.
 */
static void digest_solution(struct race_runner *u, int n)
{
	const int *ranks = search_ranks(u->s);

	memcpy(u->last, ranks, (size_t)n * sizeof *ranks);
	for (int f = 0; f < n; f++) {
		u->digest ^= (uint64_t)(ranks[f] + 1);
		u->digest *= UINT64_C(1099511628211);
	}
	u->digest ^= UINT64_C(0xff);
	u->digest *= UINT64_C(1099511628211);
}

void race_set_clock(struct race *r, race_clock_fn *clock, void *ctx)
{
	r->clock = clock ? clock : cpu_ns;
	r->clock_ctx = ctx;
}

/* Runs u up to events events (0: to its end); returns whether it ended. */
static bool run_events(struct race *r, struct race_runner *u, uint64_t events)
{
	uint64_t done = 0;

	while ((events == 0 || done < events) && search_step(u->s)) {
		done++;
		if (search_last(u->s)->kind == SEARCH_EV_SOLUTION)
			digest_solution(u, r->n);
	}
	return search_done(u->s);
}

bool race_step(struct race *r, uint64_t events)
{
	int ended[RACE_MAX], nended = 0;

	for (int i = 0; i < r->count; i++) {
		struct race_runner *u = &r->run[i];

		if (!u->place && run_events(r, u, events))
			ended[nended++] = i;
	}
	/* Those ending together place by their events, equal ones tied. */
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

void race_measure(struct race *r, uint64_t min_ns)
{
	for (int i = 0; i < r->count; i++) {
		struct race_runner *u = &r->run[i];
		uint64_t spent = 0;
		bool warm = false;

		u->runs = 0;
		do {
			struct search *s = search_new(u->algo, r->n, r->goal, 1, NULL, 0);
			uint64_t start;

			if (!s)
				break;
			start = r->clock(r->clock_ctx);
			search_run(s, 0, 0);
			spent += r->clock(r->clock_ctx) - start;
			search_free(s);
			u->runs++;
			/*
			 * A short first run does not count: it reads memory no cache
			 * holds yet.  One that takes min_ns alone is the measure, so
			 * that a big board's end waits one run, not two.
			 */
			if (!warm && spent < min_ns)
				spent = 0, u->runs = 0;
			warm = true;
		} while (spent < min_ns);
		u->ns = u->runs ? spent / u->runs : 0;
	}
	r->measured = true;
}

bool race_measured(const struct race *r)
{
	return r->measured;
}

const char race_time_means[] =
        "time: this program's stepping of each search on this machine, "
        "without drawing: the mean processor time of runs repeated to 50 ms; "
        "not the listings' speed";

void race_format_time(uint64_t ns, char *buf, size_t len)
{
	double ms = (double)ns / 1e6;

	/* Three figures at most: a mean of many runs is good to about that. */
	if (ns < 1000)
		snprintf(buf, len, "%" PRIu64 " ns", ns);
	else if (ns < 100000)
		snprintf(buf, len, "%.1f us", (double)ns / 1e3);
	else if (ms < 1)
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

/* A count as the sentences say it, its thousands apart: "15,720". */
static void group_digits(uint64_t v, char *buf, size_t len)
{
	char raw[32];
	size_t k = 0, digits;

	digits = (size_t)snprintf(raw, sizeof raw, "%" PRIu64, v);
	for (size_t i = 0; i < digits && k + 2 < len; i++) {
		if (i > 0 && (digits - i) % 3 == 0)
			buf[k++] = ',';
		buf[k++] = raw[i];
	}
	buf[k] = '\0';
}

/*
 * Whether runners i and j did the same work: every counter the same, scan's
 * squares looked at included (scan tests the squares backtrack tests, but
 * looks along the board for each, the work that makes its listings slower).
 */
static bool same_work(const struct race *r, int i, int j)
{
	const struct search_counters *a = search_counters(r->run[i].s),
	                             *b = search_counters(r->run[j].s);

	return a->tested == b->tested && a->placed == b->placed &&
	       a->events == b->events && a->solutions == b->solutions &&
	       a->examined == b->examined;
}

/* The names of the runners doing runner i's work: "backtrack and scan"; how many. */
static int names_of(const struct race *r, int i, char *buf, size_t len)
{
	int idx[RACE_MAX], k = 0;
	size_t at = 0;

	for (int j = 0; j < r->count; j++)
		if (same_work(r, i, j))
			idx[k++] = j;
	buf[0] = '\0';
	for (int m = 0; m < k && at < len; m++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s",
		                       m == 0       ? ""
		                       : m == k - 1 ? " and "
		                                    : ", ",
		                       search_algo_name(r->run[idx[m]].algo));
	return k;
}

/* Whether runner j is the first of those doing its work, which the sentence names. */
static bool first_of_its_work(const struct race *r, int j)
{
	for (int i = 0; i < j; i++)
		if (same_work(r, i, j))
			return false;
	return true;
}

void race_winner(const struct race *r, char *buf, size_t len)
{
	char names[128], ev[32];
	int first = -1, tied = 0;
	size_t at = 0;

	for (int i = 0; i < r->count; i++)
		if (r->run[i].place == 1) {
			if (first < 0)
				first = i;
			tied++;
		}
	if (first < 0) {
		errmsg_set(buf, len, "the race is not over");
		return;
	}
	names[0] = '\0';
	for (int i = 0, k = 0; i < r->count; i++)
		if (r->run[i].place == 1)
			at += (size_t)snprintf(names + at, sizeof names - at, "%s%s",
			                       k++ == 0    ? ""
			                       : k == tied ? " and "
			                                   : ", ",
			                       search_algo_name(r->run[i].algo));
	group_digits(search_counters(r->run[first].s)->events, ev, sizeof ev);
	if (tied == 1)
		errmsg_set(buf, len, "%s wins with %s events, the fewest", names, ev);
	else if (tied == r->count)
		errmsg_set(buf, len, "%s tie with %s events each", names, ev);
	else
		errmsg_set(buf, len, "%s tie with %s events each, the fewest", names, ev);
}

/* "13%" of part in whole, or "under 1%", or "99.9%" where it rounds to all. */
static void percent(uint64_t part, uint64_t whole, char *buf, size_t len)
{
	uint64_t p = (part * 200 + whole) / (2 * whole);

	if (p == 0)
		snprintf(buf, len, "under 1%%");
	else if (p >= 100)
		snprintf(buf, len, "%.1f%%", (double)part * 100 / (double)whole);
	else
		snprintf(buf, len, "%" PRIu64 "%%", p);
}

void race_lesson(const struct race *r, char *buf, size_t len)
{
	const struct search_counters *lo_c, *hi_c;
	char lo_names[128], hi_names[128], t_lo[32], t_hi[32], p_lo[32], p_hi[32],
	        pct[32], others[256] = "";
	int lo = 0, hi = 0, nlo, nhi;
	bool one = true;
	size_t at = 0;

	for (int i = 1; i < r->count; i++) {
		const struct search_counters *c = search_counters(r->run[i].s);

		if (c->tested < search_counters(r->run[lo].s)->tested)
			lo = i;
		if (c->tested > search_counters(r->run[hi].s)->tested)
			hi = i;
		one = one && same_work(r, 0, i);
	}
	lo_c = search_counters(r->run[lo].s);
	hi_c = search_counters(r->run[hi].s);
	nlo = names_of(r, lo, lo_names, sizeof lo_names);
	nhi = names_of(r, hi, hi_names, sizeof hi_names);
	group_digits(lo_c->tested, t_lo, sizeof t_lo);
	group_digits(hi_c->tested, t_hi, sizeof t_hi);
	group_digits(lo_c->placed, p_lo, sizeof p_lo);
	group_digits(hi_c->placed, p_hi, sizeof p_hi);
	if (one) {
		char ev[32];

		group_digits(lo_c->events, ev, sizeof ev);
		errmsg_set(buf, len,
		           "%s do the same work: each tests %s squares and places %s "
		           "queens in %s events.",
		           lo_names, t_lo, p_lo, ev);
		return;
	}
	/* Runners doing the same work, other than the two the sentence compares. */
	for (int j = 0; j < r->count; j++) {
		char names[128];

		if (!first_of_its_work(r, j) || same_work(r, j, lo) ||
		    same_work(r, j, hi))
			continue;
		if (names_of(r, j, names, sizeof names) > 1)
			at += (size_t)snprintf(others + at, sizeof others - at,
			                       "; %s do the same work", names);
	}
	if (lo_c->tested == hi_c->tested) {
		/* What differs where the tests do not: scan's looks along the board. */
		char looks[128] = "";

		for (int j = 0; j < r->count; j++) {
			const struct search_counters *c = search_counters(r->run[j].s);
			char ex[32];

			if (c->examined == 0)
				continue;
			group_digits(c->examined, ex, sizeof ex);
			snprintf(looks, sizeof looks,
			         "; %s looks at %s squares along the board to test them",
			         search_algo_name(r->run[j].algo), ex);
			break;
		}
		errmsg_set(
		        buf, len, "The %d algorithms test the same %s squares each%s%s.",
		        r->count, t_lo,
		        looks[0] ? looks : ", and differ in the other counters", others);
		return;
	}
	percent(lo_c->tested, hi_c->tested, pct, sizeof pct);
	const char *why_lo = nlo > 1 ? ", which do the same work," : "";
	char whose[192];

	if (nhi > 1)
		snprintf(whose, sizeof whose, "the %s of %s, which do the same work",
		         t_hi, hi_names);
	else
		snprintf(whose, sizeof whose, "%s'%s %s", hi_names,
		         hi_names[strlen(hi_names) - 1] == 's' ? "" : "s", t_hi);

	const char *it = nlo > 1 ? "they" : "it";
	char why[256];

	if (lo_c->tested == 0) {
		errmsg_set(buf, len,
		           "%s%s test%s no square, where %s test%s %s: %s place%s %s "
		           "queens without testing one%s.",
		           lo_names, why_lo, nlo > 1 ? "" : "s", hi_names,
		           nhi > 1 ? "" : "s", t_hi, it, nlo > 1 ? "" : "s", p_lo,
		           others);
		return;
	} else if (search_is_tree(r->run[lo].algo) && lo_c->tested == lo_c->placed)
		snprintf(why, sizeof why, ": %s%s, so %s never test%s an attacked one",
		         it,
		         r->run[lo].algo == SEARCH_BITS
		                 ? (nlo > 1 ? " pick only free ranks"
		                            : " picks only free ranks")
		                 : (nlo > 1 ? " place a queen on every square they test"
		                            : " places a queen on every square it tests"),
		         it, nlo > 1 ? "" : "s");
	else if (lo_c->placed == hi_c->placed)
		snprintf(why, sizeof why,
		         ", yet place%s the same %s queens: the same tree, pruned with "
		         "fewer tests",
		         nlo > 1 ? "" : "s", p_lo);
	else
		snprintf(why, sizeof why, ", and places %s queens to %s", p_lo, p_hi);
	errmsg_set(buf, len, "%s%s test%s %s squares%s, %s of %s%s%s.", lo_names, why_lo,
	           nlo > 1 ? "" : "s", t_lo, nlo > 1 ? " each" : "", pct, whose, why,
	           others);
}

const int *race_final_ranks(const struct race *r, int i)
{
	const struct race_runner *u = &r->run[i];

	return search_counters(u->s)->solutions ? u->last : search_ranks(u->s);
}
