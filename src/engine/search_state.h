/*
 * The stepping engine's state, shared by its two files and no others:
 * search.c (snapshots, going back, what the screens read) and search_step.c
 * (each algorithm's steps).  Everyone else goes through search.h.
 */
#ifndef NQ_SEARCH_STATE_H
#define NQ_SEARCH_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/search.h"

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

/* Places the given queens and lists the files left to fill. */
void search_place_given(struct search *s, const int *given);

/* Repair's start: the given queens, the other files on unused ranks at random. */
void search_plan_repair(struct search *s);

/* One event of the search's algorithm; false when the search was over already. */
bool search_next_event(struct search *s);

/* Remembers where a solution met for the first time was found (search.c). */
void search_note_solution(struct search *s);

#endif
