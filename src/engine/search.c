/*
 * The stepping engine: a search made and freed, its snapshots and going back,
 * and what the screens read of it (the stack, the tree's profile, the masks);
 * the algorithms' steps are in search_step.c.
 */
#include "config.h"

#include "engine/search.h"

#include <stdlib.h>
#include <string.h>

#include "engine/construct.h"
#include "engine/errmsg.h"
#include "engine/search_state.h"

/* Tree searches list every solution of n <= 20 in hours at most. */
#define TREE_MAX_N 20
#define LARGE_MAX_N 10000

/*
 * Going back restores the nearest earlier snapshot and replays from there;
 * a snapshot every 4096 events keeps a step back within microseconds.  What
 * going back keeps is bounded (SEARCH_SNAPSHOT_BYTES): three quarters for
 * the snapshots, and when they are full every other one goes and the
 * spacing doubles, so that a long search keeps as many as fit, evenly
 * spread, and a step back replays at most the spacing (524,288
 * events at event 5 billion of n = 20, a few milliseconds); a quarter for
 * the events of the first solutions, the later ones being found again from
 * the snapshots.
 */
#define CKPT_EVERY 4096

static const char *const algo_names[SEARCH_ALGO_COUNT] = {
        "backtrack", "scan", "permute", "bits", "repair", "construct",
};

const char *search_algo_name(enum search_algo a)
{
	return a < SEARCH_ALGO_COUNT ? algo_names[a] : "?";
}

enum search_algo search_algo_from_name(const char *name)
{
	for (int a = 0; a < SEARCH_ALGO_COUNT; a++)
		if (strcmp(name, algo_names[a]) == 0)
			return (enum search_algo)a;
	return SEARCH_ALGO_COUNT;
}

bool search_is_tree(enum search_algo a)
{
	return a != SEARCH_REPAIR && a != SEARCH_CONSTRUCT;
}

int search_min_n(enum search_algo a)
{
	return search_is_tree(a) ? 1 : 4;
}

int search_max_n(enum search_algo a)
{
	return search_is_tree(a) ? TREE_MAX_N : LARGE_MAX_N;
}

static size_t ckpt_size(const struct search *s)
{
	return sizeof(struct state) + s->memsize;
}

/* Keeps every other snapshot (0, 2 every, 4 every, ...) and doubles the spacing. */
static void ckpt_thin(struct search *s)
{
	size_t size = ckpt_size(s), kept = 0;

	for (size_t i = 0; i < s->nckpt; i += 2)
		memmove(s->ckpt + kept++ * size, s->ckpt + i * size, size);
	s->nckpt = kept;
	s->every *= 2;
	s->next_ckpt = kept * s->every;
}

void search_set_snapshot_bytes(struct search *s, size_t bytes)
{
	size_t size = ckpt_size(s), max = bytes / 4 * 3 / size;

	/* Even, so that thinning keeps the spacing whole; a few at the least. */
	max = max < 4 ? 4 : max & ~(size_t)1;
	s->maxckpt = max;
	s->maxsol = bytes / 4 / sizeof *s->sol_event;
	if (s->nsol_event > s->maxsol)
		s->nsol_event = s->maxsol;
	while (s->nckpt > max)
		ckpt_thin(s);
	if (s->every && s->next_ckpt != UINT64_MAX)
		s->next_ckpt = s->nckpt * s->every;
	/* Memory held beyond the new bound goes back (a smaller block moves rarely). */
	if (s->capckpt > max) {
		unsigned char *p = realloc(s->ckpt, max * size);

		if (p) {
			s->ckpt = p;
			s->capckpt = max;
		}
	}
	if (s->capsol_event > s->maxsol) {
		uint64_t *v =
		        realloc(s->sol_event, (s->maxsol ? s->maxsol : 1) * sizeof *v);

		if (v) {
			s->sol_event = v;
			s->capsol_event = s->maxsol;
		}
	}
}

size_t search_snapshot_bytes(const struct search *s)
{
	return s->capckpt * ckpt_size(s) + s->capsol_event * sizeof *s->sol_event;
}

static void ckpt_save(struct search *s)
{
	size_t size = ckpt_size(s);

	if (s->nckpt == s->maxckpt) {
		ckpt_thin(s);
		/* The event of this one is not on the new spacing: the next is. */
		if (s->st.c.events != s->next_ckpt)
			return;
	}
	if (s->nckpt == s->capckpt) {
		size_t cap = s->capckpt ? 2 * s->capckpt : 16;
		unsigned char *p;

		if (cap > s->maxckpt)
			cap = s->maxckpt;
		p = realloc(s->ckpt, cap * size);

		/* Without room, going back replays from an earlier snapshot. */
		if (!p) {
			s->next_ckpt = UINT64_MAX;
			return;
		}
		s->ckpt = p;
		s->capckpt = cap;
	}
	unsigned char *at = s->ckpt + s->nckpt * size;

	memcpy(at, &s->st, sizeof s->st);
	memcpy(at + sizeof s->st, s->mem, s->memsize);
	s->nckpt++;
	s->next_ckpt += s->every;
}

/* The counters of snapshot i, read where it is kept. */
static uint64_t ckpt_solutions(const struct search *s, size_t i)
{
	struct state st;

	memcpy(&st, s->ckpt + i * ckpt_size(s), sizeof st);
	return st.c.solutions;
}

static void ckpt_load(struct search *s, size_t i)
{
	const unsigned char *at = s->ckpt + i * ckpt_size(s);

	memcpy(&s->st, at, sizeof s->st);
	memcpy(s->mem, at + sizeof s->st, s->memsize);
}

/* Why the given queens cannot start a search of algorithm a; NULL if they can. */
static const char *given_refusal(enum search_algo a, int n, const int *given, char *err,
                                 size_t errlen)
{
	struct position pos;
	struct board_conflict c;
	char x[32], y[32];
	bool empty = false;

	for (int f = 0; f < n; f++) {
		if (given[f] >= n) {
			errmsg_set(err, errlen,
			           "file %d has rank %d, past the board's %d", f + 1,
			           given[f] + 1, n);
			return err;
		}
		empty |= given[f] < 0;
	}
	if (a == SEARCH_CONSTRUCT) {
		errmsg_set(err, errlen,
		           "construct builds its own position; it cannot start "
		           "from given queens");
		return err;
	}
	if (a == SEARCH_REPAIR)
		return NULL; /* repair moves the given queens too */
	if (!empty) {
		errmsg_set(err, errlen,
		           "every file holds a queen: there is nothing to search");
		return err;
	}
	if (board_from_ranks(&pos, n, given) < 0) {
		errmsg_set(err, errlen, "out of memory");
		return err;
	}
	size_t k = board_conflicts(&pos, &c, 1);

	board_free(&pos);
	if (k == 0)
		return NULL;
	board_square_name(c.a, x, sizeof x);
	board_square_name(c.b, y, sizeof y);
	errmsg_set(err, errlen, "the queens on %s and %s attack each other", x, y);
	return err;
}

struct search *search_new(enum search_algo a, int n, enum search_goal goal, uint64_t seed,
                          char *err, size_t errlen)
{
	return search_new_from(a, n, goal, seed, NULL, err, errlen);
}

struct search *search_new_from(enum search_algo a, int n, enum search_goal goal,
                               uint64_t seed, const int *given, char *err, size_t errlen)
{
	struct search *s;
	size_t un;

	if (a >= SEARCH_ALGO_COUNT) {
		errmsg_set(err, errlen, "no such algorithm");
		return NULL;
	}
	if (n < search_min_n(a) || n > search_max_n(a)) {
		errmsg_set(err, errlen, "%s needs n from %d to %d", algo_names[a],
		           search_min_n(a), search_max_n(a));
		return NULL;
	}
	if (given && given_refusal(a, n, given, err, errlen))
		return NULL;
	s = calloc(1, sizeof *s);
	if (!s) {
		errmsg_set(err, errlen, "out of memory");
		return NULL;
	}
	un = (size_t)n;
	s->algo = a;
	s->goal = goal;
	s->n = n;
	/* Largest alignment first: counters, then frames, then ints. */
	s->memsize = (un + 1 + 4 * un) * sizeof(uint64_t) +
	             un * sizeof(struct search_frame) +
	             (un + un + 2 * (2 * un - 1) + un + un) * sizeof(int);
	s->mem = calloc(1, s->memsize);
	s->order = calloc(2 * un, sizeof *s->order);
	if (!s->mem || !s->order) {
		search_free(s);
		errmsg_set(err, errlen, "out of memory");
		return NULL;
	}
	s->nodes = (uint64_t *)(void *)s->mem;
	s->lvl_dead = s->nodes + un + 1;
	s->lvl_live = s->lvl_dead + un;
	s->lvl_sols = s->lvl_live + un;
	s->lvl_mark = s->lvl_sols + un;
	s->frames = (struct search_frame *)(void *)(s->lvl_mark + un);
	s->ranks = (int *)(void *)(s->frames + un);
	s->on_rank = s->ranks + un;
	s->on_diag = s->on_rank + un;
	s->on_anti = s->on_diag + 2 * un - 1;
	s->plan = s->on_anti + 2 * un - 1;
	s->xs = s->plan + un;
	if (given)
		s->given = s->order + un;
	for (int f = 0; f < n; f++)
		s->ranks[f] = -1;
	search_place_given(s, given);
	s->every = CKPT_EVERY;
	search_set_snapshot_bytes(s, SEARCH_SNAPSHOT_BYTES);
	s->st.pc = PC_START;
	s->st.rng = seed;
	if (a == SEARCH_CONSTRUCT) {
		construct_ranks(n, s->plan);
		s->st.pc = PC_PLAN;
	} else if (a == SEARCH_REPAIR) {
		search_plan_repair(s);
		s->st.pc = s->nfree ? PC_PLAN : PC_REPAIR;
	}
	ckpt_save(s);
	return s;
}

void search_free(struct search *s)
{
	if (!s)
		return;
	free(s->ckpt);
	free(s->sol_event);
	free(s->mem);
	free(s->order);
	free(s);
}

/* Remembers where a solution met for the first time was found. */
void search_note_solution(struct search *s)
{
	if (s->st.c.solutions <= s->nsol_event || s->nsol_event >= s->maxsol)
		return;
	if (s->nsol_event == s->capsol_event) {
		size_t cap = s->capsol_event ? 2 * s->capsol_event : 64;
		uint64_t *v;

		if (cap > s->maxsol)
			cap = s->maxsol;
		v = realloc(s->sol_event, cap * sizeof *v);

		/* Without room, the previous solution is looked for by replaying. */
		if (!v)
			return;
		s->sol_event = v;
		s->capsol_event = cap;
	}
	s->sol_event[s->nsol_event++] = s->st.c.events;
}

/* One event, and a snapshot when one is due; false when the search was over already. */
static bool advance(struct search *s)
{
	if (!search_next_event(s))
		return false;
	if (s->st.c.events == s->next_ckpt)
		ckpt_save(s);
	return true;
}

bool search_step(struct search *s)
{
	return advance(s);
}

uint64_t search_run(struct search *s, unsigned stop, uint64_t max)
{
	uint64_t done = 0;

	while ((max == 0 || done < max) && advance(s)) {
		done++;
		if (stop & (1u << s->st.last.kind))
			break;
	}
	return done;
}

bool search_seek(struct search *s, uint64_t k)
{
	if (k < s->st.c.events) {
		size_t i = (size_t)(k / s->every);

		ckpt_load(s, i < s->nckpt ? i : s->nckpt - 1);
	}
	while (s->st.c.events < k && advance(s))
		;
	return s->st.c.events == k;
}

bool search_back(struct search *s)
{
	return s->st.c.events > 0 && search_seek(s, s->st.c.events - 1);
}

void search_restart(struct search *s)
{
	ckpt_load(s, 0);
}

bool search_break_hit(const struct search *s, const struct search_break *b)
{
	const struct search_event *ev = &s->st.last;

	return (b->kinds & (1u << ev->kind)) ||
	       (b->tried.file >= 0 && ev->kind == SEARCH_EV_TRY &&
	        ev->sq.file == b->tried.file && ev->sq.rank == b->tried.rank) ||
	       (b->depth >= 0 && ev->kind == SEARCH_EV_ENTER && s->st.depth == b->depth);
}

uint64_t search_run_to(struct search *s, const struct search_break *b, uint64_t max)
{
	uint64_t done = 0;

	while ((max == 0 || done < max) && advance(s)) {
		done++;
		if (search_break_hit(s, b))
			break;
	}
	return done;
}

uint64_t search_step_over(struct search *s, uint64_t max)
{
	int depth = s->st.depth;
	uint64_t done = 0;

	/* One event; a call it begins runs whole, to its return. */
	if (!advance(s))
		return 0;
	done++;
	while (s->st.depth > depth && (max == 0 || done < max) && advance(s))
		done++;
	return done;
}

uint64_t search_step_out(struct search *s, uint64_t max)
{
	int depth = s->st.depth;
	uint64_t done = 0;

	while ((max == 0 || done < max) && advance(s)) {
		done++;
		if (s->st.depth < depth)
			break;
	}
	return done;
}

bool search_prev_solution(struct search *s)
{
	uint64_t k = s->st.c.solutions;

	/* Standing on solution k, the one before it; else the last met. */
	if (s->st.last.kind == SEARCH_EV_SOLUTION)
		k--;
	if (k == 0)
		return false;
	if (k <= s->nsol_event)
		return search_seek(s, s->sol_event[k - 1]);
	/* Not noted (past the first maxsol, or memory was short): from the
	 * last snapshot before it, on until it comes. */
	{
		uint64_t here = s->st.c.events;
		size_t lo = 0, hi = s->nckpt;

		while (hi - lo > 1) {
			size_t mid = lo + (hi - lo) / 2;

			if (ckpt_solutions(s, mid) < k)
				lo = mid;
			else
				hi = mid;
		}
		ckpt_load(s, lo);
		while (s->st.c.events < here && advance(s))
			if (s->st.last.kind == SEARCH_EV_SOLUTION &&
			    s->st.last.solution == k)
				return true;
		return false;
	}
}

/*
 * The masks of bits' call d, from the queens above it (the calls before it
 * and the given queens): a queen on (f, r) reaches rank r + (file - f) of
 * the call's file along its rising diagonal, r - (file - f) along its
 * falling one.
 */
static struct search_bits bits_masks(const struct search *s, int d)
{
	struct search_bits b = {0};
	int file = s->frames[d].file;
	uint64_t full = (UINT64_C(1) << s->n) - 1, past;

	for (int f = 0; f < s->n; f++) {
		int r = -1, up, down;

		for (int j = 0; j < d; j++)
			if (s->frames[j].file == f)
				r = s->frames[j].rank;
		if (s->given && s->given[f] >= 0)
			r = s->given[f];
		if (r < 0 || f == file)
			continue;
		up = r + (file - f);
		down = r - (file - f);
		b.ranks |= UINT64_C(1) << r;
		if (up >= 0)
			b.up |= UINT64_C(1) << up;
		if (down >= 0)
			b.down |= UINT64_C(1) << down;
	}
	b.free = full & ~(b.ranks | b.up | b.down);
	if (s->frames[d].rank >= 0) {
		/* The loop has picked the bits up to its rank's. */
		past = (UINT64_C(1) << s->frames[d].rank) - 1;
		b.bit = UINT64_C(1) << s->frames[d].rank;
		b.free &= ~past;
		/* Only the pick's TRY, the last event, leaves its bit in free. */
		if (!(d + 1 == s->st.depth && s->st.pc == PC_CHECK))
			b.free &= ~b.bit;
	}
	return b;
}

int search_bits(const struct search *s, struct search_bits *out, int max)
{
	int d;

	if (s->algo != SEARCH_BITS)
		return 0;
	for (d = 0; d < s->st.depth && d < max; d++)
		out[d] = bits_masks(s, d);
	return d;
}

int search_taken(const struct search *s, enum board_line line, int *out)
{
	const int *on = line == BOARD_LINE_RANK       ? s->on_rank
	                : line == BOARD_LINE_DIAGONAL ? s->on_diag
	                                              : s->on_anti;
	int len = line == BOARD_LINE_RANK ? s->n : 2 * s->n - 1;

	if (!search_is_tree(s->algo))
		return 0;
	for (int i = 0; i < len; i++)
		out[i] = on[i] - 1;
	return len;
}

int search_levels(const struct search *s, struct search_level *out, int max)
{
	int d;

	if (!search_is_tree(s->algo))
		return 0;
	for (d = 0; d < s->st.depth && d < max; d++) {
		const struct search_frame *fr = &s->frames[d];
		int left = 0;

		uint64_t free = s->algo == SEARCH_BITS ? bits_masks(s, d).free : 0;

		for (int r = fr->rank + 1; r < s->n; r++)
			left += s->algo == SEARCH_BITS ? (int)(free >> r & 1) : 1;
		out[d] = (struct search_level){
		        .file = fr->file,
		        .rank = fr->rank,
		        .dead = s->lvl_dead[d],
		        .live = s->lvl_live[d],
		        .solutions = s->lvl_sols[d],
		        .below = s->lvl_mark[d] == NO_MARK
		                         ? 0
		                         : s->st.c.solutions - s->lvl_mark[d],
		        .unexplored = left,
		};
	}
	return d;
}

enum search_algo search_algo(const struct search *s)
{
	return s->algo;
}

int search_n(const struct search *s)
{
	return s->n;
}

enum search_goal search_goal(const struct search *s)
{
	return s->goal;
}

bool search_done(const struct search *s)
{
	return s->st.pc == PC_OVER;
}

const struct search_event *search_last(const struct search *s)
{
	return &s->st.last;
}

const struct search_counters *search_counters(const struct search *s)
{
	return &s->st.c;
}

const int *search_ranks(const struct search *s)
{
	return s->ranks;
}

const int *search_x(const struct search *s)
{
	return s->xs;
}

uint64_t search_conflicts(const struct search *s)
{
	return s->algo == SEARCH_REPAIR ? s->st.conflicts : 0;
}

const int *search_given(const struct search *s)
{
	return s->given;
}

int search_stack(const struct search *s, const struct search_frame **frames)
{
	if (frames)
		*frames = s->frames;
	return s->st.depth;
}

const uint64_t *search_nodes(const struct search *s)
{
	return search_is_tree(s->algo) ? s->nodes : NULL;
}

int search_line(const struct search *s)
{
	return s->st.line;
}
