/* Browse's background work: the count of the totals, and one worker that counts and
 * walks. */
#ifndef NQ_BROWSE_WORK_H
#define NQ_BROWSE_WORK_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/count.h"
#include "engine/enumerate.h"
#include "engine/symmetry.h"

/*
 * Only the Browse model uses this: it owns the work, asks it questions, and
 * takes in its answers.  Both jobs are tasks (task.h): freeing the work
 * cancels and joins them, so that no thread outlives it.
 */

struct catalog;

/* What the model waits for from the worker; compared whole to see a change. */
struct browse_demand {
	uint64_t unrank;        /* solution #k, 0 for none */
	bool rank;              /* the number of rank_p */
	int rank_p[ENUM_MAX_N]; /* 0-based ranks by file */
	int nvar;               /* the numbers of a class's members */
	int var[SYM_COUNT][ENUM_MAX_N];
	uint64_t classes; /* walk until this many classes are found */
	bool past;        /* walk past this position */
	int past_p[ENUM_MAX_N];
	bool all_classes; /* walk until every class is found */
};

/* Answers found by counting (with the table), keyed by their question. */
struct browse_answers {
	uint64_t unrank_k;
	int unrank_rc, unrank_p[ENUM_MAX_N];
	bool rank_valid;
	int rank_rc, rank_p[ENUM_MAX_N];
	uint64_t rank_k;
	bool var_valid;
	int nvar, var0[ENUM_MAX_N];
	uint64_t var_k[SYM_COUNT]; /* 0 for none */
};

struct browse_work;

/*
 * The work for n on the catalog cat of n, which the caller owns and frees
 * after the work.  With count, both totals are counted on a thread; with
 * worker, one thread answers the demands: by counting with the table when
 * can_jump, else by walking the catalog, which it also walks for classes.
 * notify(ctx) is called on their threads when there is news, progress at
 * most every 100 ms.  NULL on no memory; a thread that cannot start is left
 * out, and its questions are then never answered.
 */
struct browse_work *browse_work_new(int n, struct catalog *cat,
                                    const struct enum_table *table, bool can_jump,
                                    bool count, bool worker, void (*notify)(void *ctx),
                                    void *ctx);

/* Cancels both jobs and joins their threads, then frees the work. */
void browse_work_free(struct browse_work *w);

/* Whether the totals are being counted (or counted and not taken yet), how far in ‰. */
bool browse_work_counting(struct browse_work *w, int *permille);

/*
 * Once the count has ended: joins it and returns true with both totals in
 * *res, or false when it failed.  False while it goes on, or after.
 */
bool browse_work_totals(struct browse_work *w, struct count_result *res);

/* Tells the worker what the model now waits for; a question no longer asked is given up.
 */
void browse_work_ask(struct browse_work *w, const struct browse_demand *d);

/* The worker's answers so far into *a; false when there is no worker. */
bool browse_work_answers(struct browse_work *w, struct browse_answers *a);

#endif
