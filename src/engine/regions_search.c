/* Queens with regions: the plain backtracking search, a step at a time, for Watch. */
#include "config.h"

#include "engine/regions.h"

#include <stdlib.h>
#include <string.h>

void regions_search_start(struct regions_search *s, const struct regions_board *b)
{
	memset(s, 0, sizeof *s);
	s->board = *b;
	for (int r = 0; r < REGIONS_MAX_N; r++)
		s->queen[r] = -1;
}

const char *regions_reason_words(enum regions_reason reason)
{
	switch (reason) {
	case REGIONS_SAME_COLUMN:
		return "the same column as";
	case REGIONS_SAME_REGION:
		return "the same region as";
	case REGIONS_TOUCHING:
		return "touching";
	default:
		return "free of";
	}
}

/* The file of the queen given in row r, or -1. */
static int given_row(const struct regions_board *b, int r)
{
	for (int f = 0; f < b->n; f++)
		if (b->given[f] == r)
			return f;
	return -1;
}

/*
 * Why a queen on sq breaks a rule: against the queens placed below it, then
 * the given queens; REGIONS_OK when it does not.
 */
static enum regions_reason check(const struct regions_search *s, struct square sq,
                                 struct square *by)
{
	const struct regions_board *b = &s->board;
	struct square q[2 * REGIONS_MAX_N];
	int nq = 0;

	for (int r = 0; r < sq.rank; r++)
		q[nq++] = (struct square){s->queen[r], r};
	for (int f = 0; f < b->n; f++)
		if (b->given[f] > sq.rank)
			q[nq++] = (struct square){f, b->given[f]};
	for (int i = 0; i < nq; i++) {
		*by = q[i];
		if (q[i].file == sq.file)
			return REGIONS_SAME_COLUMN;
		if (regions_region(b, q[i]) == regions_region(b, sq))
			return REGIONS_SAME_REGION;
		if (regions_touch(q[i], sq))
			return REGIONS_TOUCHING;
	}
	return REGIONS_OK;
}

int regions_search_step(struct regions_search *s, struct regions_event *ev)
{
	int n = s->board.n;

	memset(ev, 0, sizeof *ev);
	if (s->done) {
		ev->kind = REGIONS_EV_DONE;
		return 0;
	}
	s->steps++;
	if (s->row == n && !s->solved_told) {
		s->solved_told = true;
		s->solutions++;
		ev->kind = REGIONS_EV_SOLVED;
		return 1;
	}
	s->solved_told = false;
	for (;;) {
		int r = s->row, f, g;

		if (r == n || s->next[r] >= n) {
			/* Out of columns (or past a solution): lift the queen below. */
			if (r < n)
				s->next[r] = 0;
			if (r == 0) {
				s->done = true;
				ev->kind = REGIONS_EV_DONE;
				return 0;
			}
			s->row = --r;
			ev->kind = REGIONS_EV_BACK;
			ev->sq = (struct square){s->queen[r], r};
			s->queen[r] = -1;
			s->backtracks++;
			return 1;
		}
		f = s->next[r]++;
		g = given_row(&s->board, r);
		if (g >= 0 && f != g)
			continue; /* a row with a given queen has only that square */
		ev->sq = (struct square){f, r};
		ev->reason = check(s, ev->sq, &ev->by);
		if (ev->reason != REGIONS_OK) {
			ev->kind = REGIONS_EV_REJECT;
			s->rejected++;
			return 1;
		}
		ev->kind = REGIONS_EV_PLACE;
		s->queen[r] = f;
		s->row++;
		s->placed++;
		return 1;
	}
}
