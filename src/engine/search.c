/* The stepping engine: each search algorithm as a reversible stream of events. */
#include "config.h"

#include "engine/search.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/construct.h"
#include "engine/rng.h"
#include "engine/errmsg.h"

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

enum pc {
	PC_START,    /* the first call of solve */
	PC_NEXT,     /* the loop of the top frame takes its next rank */
	PC_CHECK,    /* the square just tried is checked */
	PC_ENTER,    /* solve(file + 1) is called */
	PC_SOLUTION, /* the full board is reported */
	PC_REMOVE,   /* the queen of the top frame is taken off */
	PC_PLAN,     /* repair and construct: the next queen of the plan */
	PC_REPAIR,   /* repair: check, then move one queen */
	PC_DONE,     /* the last event */
	PC_OVER
};

/* Everything that changes apart from the arrays: no pointers, copied whole. */
struct state {
	enum pc pc;
	int depth;
	int line;
	int next;           /* repair and construct: the next file to fill */
	uint64_t rng;       /* repair's generator */
	uint64_t conflicts; /* repair: attacking pairs */
	struct search_event last;
	struct search_counters c;
};

struct search {
	enum search_algo algo;
	enum search_goal goal;
	int n;
	struct state st;
	/* The arrays live in one block, so a snapshot is two copies. */
	unsigned char *mem;
	size_t memsize;
	uint64_t *nodes; /* [n + 1] */
	/*
	 * What each active call has seen of its ranks so far, for the folded
	 * tree: dead ends, ranks with solutions below and how many, and the
	 * solutions counter when its current queen was placed.  [n] each.
	 */
	uint64_t *lvl_dead, *lvl_live, *lvl_sols, *lvl_mark;
#define NO_MARK UINT64_MAX           /* no queen placed on the call's rank yet */
	struct search_frame *frames; /* [n] */
	int *ranks;                  /* [n] */
	/*
	 * Queens on each line: the tree searches keep file + 1 of the one queen
	 * on it (0 for none), repair keeps how many.
	 */
	int *on_rank, *on_diag, *on_anti; /* [n], [2n - 1], [2n - 1] */
	int *plan;                        /* repair and construct: ranks to place */
	/*
	 * The tree searches: the rank last placed on each file, which the
	 * listings' x keeps after the queen is taken off.
	 */
	int *xs; /* [n] */
	/* Constant: the files the search fills, in order, and the queens given. */
	int *order, nfree, ngiven;
	int *given; /* [n], -1 for an empty file; NULL when none were given */
	/* The event number of each solution met so far (maxsol at most): the search is
	 * the same each time. */
	uint64_t *sol_event;
	size_t nsol_event, capsol_event, maxsol;
	/* Snapshots at events 0, every, 2 * every, ...; maxckpt at most. */
	unsigned char *ckpt;
	size_t nckpt, capckpt, maxckpt;
	uint64_t every, next_ckpt;
};

static const char *const algo_names[SEARCH_ALGO_COUNT] = {
        "backtrack", "scan", "permute", "bits", "repair", "construct",
};

/* Pseudocode lines of each event kind, and of the outermost call of solve. */
static const int kind_line[SEARCH_ALGO_COUNT][SEARCH_EV_DONE + 1] = {
        [SEARCH_BACKTRACK] = {0, 2, 3, 4, 8, 6, 9, 10, 0, 12},
        [SEARCH_SCAN] = {0, 2, 13, 4, 8, 6, 9, 10, 0, 18},
        /* A refusal lights its test: the rank's (3), the diagonals' (4). */
        [SEARCH_PERMUTE] = {0, 2, 3, 5, 9, 7, 10, 11, 0, 13},
        /* A call lights its call; a queen's bit leaves with the loop. */
        [SEARCH_BITS] = {0, 4, 0, 5, 9, 7, 3, 11, 0, 13},
        [SEARCH_REPAIR] = {0, 0, 0, 3, 0, 8, 0, 0, 6, 8},
        [SEARCH_CONSTRUCT] = {0, 0, 0, 8, 0, 9, 0, 0, 0, 9},
};
static const int main_line[SEARCH_ALGO_COUNT] = {
        [SEARCH_BACKTRACK] = 12,
        [SEARCH_SCAN] = 18,
        [SEARCH_PERMUTE] = 13,
        [SEARCH_BITS] = 13,
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

static void tree_put(struct search *s, int file, int rank, int who);
static void repair_put(struct search *s, int file, int rank, int delta);

/* Places the given queens and lists the files left to fill. */
static void given_place(struct search *s, const int *given)
{
	int n = s->n;

	s->nfree = 0;
	for (int f = 0; f < n; f++) {
		if (given && given[f] >= 0) {
			s->given[f] = given[f];
			s->ranks[f] = given[f];
			s->xs[f] = given[f];
			s->ngiven++;
			if (s->algo == SEARCH_REPAIR)
				repair_put(s, f, given[f], 1);
			else
				tree_put(s, f, given[f], f + 1);
		} else {
			if (s->given)
				s->given[f] = -1;
			s->order[s->nfree++] = f;
		}
	}
}

/* Repair's start: the given queens, the other files on unused ranks at random. */
static void repair_plan(struct search *s)
{
	int n = s->n, k = 0;
	bool *used = calloc((size_t)n, sizeof *used);

	for (int f = 0; f < n; f++)
		if (s->ranks[f] >= 0 && used)
			used[s->ranks[f]] = true;
	/* The unused ranks first, so that a free file is filled without a clash. */
	for (int r = 0; r < n; r++)
		if (!used || !used[r])
			s->plan[k++] = r;
	for (int r = 0; k < s->nfree; r++)
		s->plan[k++] = r;
	free(used);
	rng_shuffle_mod(&s->st.rng, s->plan, s->nfree);
	/* plan[i] is for the i-th free file; spread it to plan[file]. */
	for (int i = s->nfree - 1; i >= 0; i--)
		s->plan[s->order[i]] = s->plan[i];
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
	given_place(s, given);
	s->every = CKPT_EVERY;
	search_set_snapshot_bytes(s, SEARCH_SNAPSHOT_BYTES);
	s->st.pc = PC_START;
	s->st.rng = seed;
	if (a == SEARCH_CONSTRUCT) {
		construct_ranks(n, s->plan);
		s->st.pc = PC_PLAN;
	} else if (a == SEARCH_REPAIR) {
		repair_plan(s);
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

static struct search_event *emit(struct search *s, enum search_kind kind)
{
	s->st.last = (struct search_event){.kind = kind};
	s->st.line = kind_line[s->algo][kind];
	s->st.c.events++;
	return &s->st.last;
}

static void emit_done(struct search *s)
{
	emit(s, SEARCH_EV_DONE);
	if (main_line[s->algo])
		s->st.line = main_line[s->algo];
	/* Stopping at the first solution leaves every call at once. */
	s->st.depth = 0;
	s->st.pc = PC_OVER;
}

static int diag_index(const struct search *s, int file, int rank)
{
	return file - rank + s->n - 1;
}

/* The array check: one look at each of the three lines. */
static bool check_arrays(struct search *s, int file, int rank, struct search_event *ev)
{
	int by;

	if ((by = s->on_rank[rank]) != 0)
		ev->line = BOARD_LINE_RANK;
	else if ((by = s->on_diag[diag_index(s, file, rank)]) != 0)
		ev->line = BOARD_LINE_DIAGONAL;
	else if ((by = s->on_anti[file + rank]) != 0)
		ev->line = BOARD_LINE_ANTI;
	else
		return false;
	ev->attacker = (struct square){by - 1, s->ranks[by - 1]};
	return true;
}

/* The matrix check: walk left from the square along its three lines. */
static bool check_scan(struct search *s, int file, int rank, struct search_event *ev)
{
	static const struct {
		int dr;
		enum board_line line;
	} look[3] = {
	        {0, BOARD_LINE_RANK},
	        {-1, BOARD_LINE_DIAGONAL},
	        {1, BOARD_LINE_ANTI},
	};

	/* Queens stand only to the left, unless some were given. */
	for (int way = -1; way <= (s->given ? 1 : -1); way += 2) {
		for (int l = 0; l < 3; l++) {
			for (int f = file + way, r = rank - way * look[l].dr;
			     f >= 0 && f < s->n && r >= 0 && r < s->n;
			     f += way, r -= way * look[l].dr) {
				s->st.c.examined++;
				if (s->ranks[f] == r) {
					ev->attacker = (struct square){f, r};
					ev->line = look[l].line;
					return true;
				}
			}
		}
	}
	return false;
}

/* Remembers where a solution met for the first time was found. */
static void note_solution(struct search *s)
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

/* Whether a queen stands on a line through (file, rank). */
static bool attacked(const struct search *s, int file, int rank)
{
	return s->on_rank[rank] || s->on_diag[diag_index(s, file, rank)] ||
	       s->on_anti[file + rank];
}

static void tree_put(struct search *s, int file, int rank, int who)
{
	s->on_rank[rank] = who;
	s->on_diag[diag_index(s, file, rank)] = who;
	s->on_anti[file + rank] = who;
}

static void step_tree(struct search *s)
{
	struct state *st = &s->st;
	/* The innermost call, or the first frame before there is one. */
	struct search_frame *top = &s->frames[st->depth ? st->depth - 1 : 0];
	struct search_event *ev;
	int r;

	switch (st->pc) {
	case PC_START:
		s->frames[0] = (struct search_frame){s->order[0], -1};
		s->lvl_dead[0] = s->lvl_live[0] = s->lvl_sols[0] = 0;
		s->lvl_mark[0] = NO_MARK;
		st->depth = 1;
		s->nodes[s->ngiven] = 1;
		emit(s, SEARCH_EV_ENTER)->file = s->order[0];
		st->c.calls++;
		if (main_line[s->algo])
			st->line = main_line[s->algo];
		st->pc = PC_NEXT;
		break;
	case PC_NEXT:
		r = top->rank + 1;
		/*
		 * bits picks only the free ranks; the permutation method's loop
		 * passes every rank, and its first test refuses a used one.
		 */
		if (s->algo == SEARCH_BITS)
			while (r < s->n && attacked(s, top->file, r))
				r++;
		top->rank = r;
		if (r >= s->n) {
			emit(s, SEARCH_EV_RETURN)->file = top->file;
			st->depth--;
			st->pc = st->depth ? PC_REMOVE : PC_DONE;
			break;
		}
		emit(s, SEARCH_EV_TRY)->sq = (struct square){top->file, r};
		st->c.tested++;
		s->lvl_mark[st->depth - 1] = NO_MARK;
		st->pc = PC_CHECK;
		break;
	case PC_CHECK: {
		struct search_event rej = {.kind = SEARCH_EV_REJECT};
		struct square sq = {top->file, top->rank};
		bool attacked = s->algo == SEARCH_SCAN
		                        ? check_scan(s, sq.file, sq.rank, &rej)
		                        : check_arrays(s, sq.file, sq.rank, &rej);

		if (attacked) {
			ev = emit(s, SEARCH_EV_REJECT);
			*ev = rej;
			ev->sq = sq;
			s->lvl_dead[st->depth - 1]++;
			if (s->algo == SEARCH_SCAN)
				st->line += (int)rej.line - BOARD_LINE_RANK;
			if (s->algo == SEARCH_PERMUTE && rej.line != BOARD_LINE_RANK)
				st->line++;
			st->pc = PC_NEXT;
			break;
		}
		s->ranks[sq.file] = sq.rank;
		s->xs[sq.file] = sq.rank;
		tree_put(s, sq.file, sq.rank, sq.file + 1);
		emit(s, SEARCH_EV_PLACE)->sq = sq;
		st->c.placed++;
		s->lvl_mark[st->depth - 1] = st->c.solutions;
		s->nodes[s->ngiven + st->depth]++;
		st->pc = st->depth == s->nfree ? PC_SOLUTION : PC_ENTER;
		break;
	}
	case PC_ENTER:
		s->frames[st->depth] = (struct search_frame){s->order[st->depth], -1};
		s->lvl_dead[st->depth] = s->lvl_live[st->depth] = s->lvl_sols[st->depth] =
		        0;
		s->lvl_mark[st->depth] = NO_MARK;
		emit(s, SEARCH_EV_ENTER)->file = s->order[st->depth];
		st->c.calls++;
		st->depth++;
		st->pc = PC_NEXT;
		break;
	case PC_SOLUTION:
		st->c.solutions++;
		emit(s, SEARCH_EV_SOLUTION)->solution = st->c.solutions;
		note_solution(s);
		st->pc = s->goal == SEARCH_FIRST ? PC_DONE : PC_REMOVE;
		break;
	case PC_REMOVE: {
		uint64_t below = st->c.solutions - s->lvl_mark[st->depth - 1];

		/* The rank is done: a dead end, or a branch that held solutions. */
		if (below) {
			s->lvl_live[st->depth - 1]++;
			s->lvl_sols[st->depth - 1] += below;
		} else {
			s->lvl_dead[st->depth - 1]++;
		}
		s->ranks[top->file] = -1;
		tree_put(s, top->file, top->rank, 0);
		emit(s, SEARCH_EV_REMOVE)->sq = (struct square){top->file, top->rank};
		st->c.removed++;
		st->pc = PC_NEXT;
		break;
	}
	default:
		break;
	}
}

/* Repair's bookkeeping: pairs change by the queens already on each line. */
static void repair_put(struct search *s, int file, int rank, int delta)
{
	int *line[3] = {
	        &s->on_rank[rank],
	        &s->on_diag[diag_index(s, file, rank)],
	        &s->on_anti[file + rank],
	};

	for (int l = 0; l < 3; l++) {
		if (delta > 0)
			s->st.conflicts += (uint64_t)*line[l];
		*line[l] += delta;
		if (delta < 0)
			s->st.conflicts -= (uint64_t)*line[l];
	}
}

/* Queens attacking (file, rank), where file's own queen stands elsewhere. */
static int repair_attackers(const struct search *s, int file, int rank)
{
	return s->on_rank[rank] + s->on_diag[diag_index(s, file, rank)] +
	       s->on_anti[file + rank];
}

static void repair_move(struct search *s)
{
	struct state *st = &s->st;
	int n = s->n, attacked = 0, pick, file = 0, best = -1, fewest = 0, ties = 0;

	for (int f = 0; f < n; f++)
		if (repair_attackers(s, f, s->ranks[f]) > 3)
			attacked++;
	pick = rng_below_mod(&st->rng, attacked);
	for (file = 0; file < n; file++)
		if (repair_attackers(s, file, s->ranks[file]) > 3 && pick-- == 0)
			break;
	int from = s->ranks[file];

	repair_put(s, file, from, -1);
	for (int r = 0; r < n; r++) {
		int a;

		if (r == from)
			continue;
		a = repair_attackers(s, file, r);
		st->c.tested++;
		if (best < 0 || a < fewest) {
			best = r;
			fewest = a;
			ties = 1;
		} else if (a == fewest && rng_below_mod(&st->rng, ++ties) == 0) {
			best = r;
		}
	}
	s->ranks[file] = best;
	repair_put(s, file, best, 1);
	st->c.moves++;

	struct search_event *ev = emit(s, SEARCH_EV_MOVE);

	ev->from = (struct square){file, from};
	ev->sq = (struct square){file, best};
	ev->conflicts = st->conflicts;
}

static void step_plan(struct search *s)
{
	struct state *st = &s->st;

	switch (st->pc) {
	case PC_PLAN: {
		int file = s->order[st->next];
		struct square sq = {file, s->plan[file]};

		s->ranks[sq.file] = sq.rank;
		if (s->algo == SEARCH_REPAIR)
			repair_put(s, sq.file, sq.rank, 1);
		emit(s, SEARCH_EV_PLACE)->sq = sq;
		st->c.placed++;
		if (++st->next == s->nfree)
			st->pc = s->algo == SEARCH_REPAIR ? PC_REPAIR : PC_SOLUTION;
		break;
	}
	case PC_REPAIR:
		if (st->c.moves >= 100 * (uint64_t)s->n + 1000 && st->conflicts) {
			emit_done(s); /* gives up: a rare plateau, or a tiny board */
			break;
		}
		if (st->conflicts) {
			repair_move(s);
		} else {
			st->pc = PC_SOLUTION;
			step_plan(s);
		}
		break;
	case PC_SOLUTION:
		st->c.solutions++;
		emit(s, SEARCH_EV_SOLUTION)->solution = 1;
		note_solution(s);
		st->pc = PC_DONE;
		break;
	default:
		break;
	}
}

/* One event; false when the search was over already. */
static bool advance(struct search *s)
{
	switch (s->st.pc) {
	case PC_OVER:
		return false;
	case PC_DONE:
		emit_done(s);
		break;
	default:
		if (search_is_tree(s->algo))
			step_tree(s);
		else
			step_plan(s);
		break;
	}
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
