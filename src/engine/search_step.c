/*
 * The algorithms' steps: backtrack, scan, permute and bits as one tree
 * search, repair and construct as a plan of queens put and then moved; each
 * call makes one event.  Snapshots and going back are search.c's.
 */
#include "config.h"

#include "engine/search_state.h"

#include <stdlib.h>

#include "engine/rng.h"

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
		search_note_solution(s);
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
		search_note_solution(s);
		st->pc = PC_DONE;
		break;
	default:
		break;
	}
}

/* Places the given queens and lists the files left to fill. */
void search_place_given(struct search *s, const int *given)
{
	int n = s->n;

	s->nfree = 0;
	for (int f = 0; f < n; f++) {
		if (given && given[f] >= 0) {
			/* s->given is made with the given queens (the analyzer cannot see
			 * it). */
			if (s->given)
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
void search_plan_repair(struct search *s)
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

bool search_next_event(struct search *s)
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
	return true;
}
