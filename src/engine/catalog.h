/* One walk through the solutions and classes of n, kept as sparse checkpoints. */
#ifndef NQ_CATALOG_H
#define NQ_CATALOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/enumerate.h"

/*
 * A catalog walks the solutions of one n in order, once, and keeps every
 * CATALOG_SOLUTION_STRIDE-th solution with the number of class
 * representatives up to it.  Solution #k, class #c and the numbers of a
 * solution or a class then come back by a walk of at most one stride from
 * the checkpoint before them, while memory grows by n + 8 bytes a stride.
 *
 * One thread may walk while others look things up: every call but
 * catalog_walk may come from any thread; catalog_walk from one at a time.
 */
#define CATALOG_SOLUTION_STRIDE 4096

struct catalog;

/* What the walk has seen so far. */
struct catalog_state {
	uint64_t solutions;   /* walked; the total once done */
	uint64_t classes;     /* representatives among them */
	uint64_t by_orbit[9]; /* classes by orbit size (8, 4, 2, 1) */
	bool done;            /* every solution has been walked */
	bool classes_done;    /* every class has been found */
	int last[ENUM_MAX_N]; /* the last solution walked, if any */
};

/* A catalog for 1 <= n <= ENUM_MAX_N that has walked nothing; NULL on no memory. */
struct catalog *catalog_new(int n);
void catalog_free(struct catalog *c);

/* Walks up to count more solutions; false once every solution is walked. */
bool catalog_walk(struct catalog *c, uint64_t count);

void catalog_state(struct catalog *c, struct catalog_state *st);

/* The answer of a look-up: found, not walked that far yet, or there is none. */
enum catalog_answer { CATALOG_FOUND, CATALOG_LATER, CATALOG_NONE };

/* Solution #k (1-based) into p. */
enum catalog_answer catalog_solution(struct catalog *c, uint64_t k, int *p);

/* The number of the solution p (0-based ranks); NONE when p is not a solution. */
enum catalog_answer catalog_index(struct catalog *c, const int *p, uint64_t *k);

/* The representative of class #i (1-based) into rep. */
enum catalog_answer catalog_class(struct catalog *c, uint64_t i, int *rep);

/* The number of the class whose representative is rep; NONE when rep is none. */
enum catalog_answer catalog_class_index(struct catalog *c, const int *rep, uint64_t *i);

/* The bytes the checkpoints take, so that tests can hold the catalog to its bound. */
size_t catalog_memory(struct catalog *c);

#endif
