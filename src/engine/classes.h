/* Symmetry classes: their representatives in order, and their variants. */
#ifndef NQ_CLASSES_H
#define NQ_CLASSES_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/enumerate.h"
#include "engine/symmetry.h"

/* One member of a class: the transforms that make it from the representative. */
struct class_variant {
	enum sym from_rep;     /* the first, in enum sym order */
	unsigned syms;         /* all of them: bit s for enum sym s */
	int ranks[ENUM_MAX_N]; /* 0-based ranks by file */
};

/* True when the solution p is its class's representative (its smallest member). */
bool classes_is_rep(int n, const int *p);

/*
 * The distinct members of the class of the representative rep, each with the
 * first transform (in enum sym order) that makes it, in that order: id first;
 * and with every transform that makes it, so that the members that coincide
 * in a symmetric class are listed once, with each way of making them.
 * Returns how many there are, the orbit size (8, 4, 2, or 1 for n = 1).
 */
int classes_variants(int n, const int *rep, struct class_variant out[SYM_COUNT]);

/*
 * Which symmetry a class of that orbit size has, in words: "none", "own 180°
 * turn", "own quarter turn" (a 90° turn maps it onto itself), "every symmetry".
 */
const char *classes_symmetry(int orbit);

/* Walks the representatives in order, as enum_iter walks the solutions. */
struct class_iter {
	struct enum_iter it;
};
void classes_start(struct class_iter *ci, int n);
/* Starts just after the solution p (a representative or not). */
void classes_seek(struct class_iter *ci, int n, const int *p);
bool classes_next(struct class_iter *ci, int *rep);

/*
 * The one count of class numbers: walks the representatives after the
 * solution from (NULL: from the first), counting on from at, up to rep.
 * Returns 1 with rep's number in *index; 0 when rep is no representative;
 * -1 with errno ECANCELED when *cancel (may be NULL) turned non-zero.
 */
int classes_count_to(int n, const int *from, uint64_t at, const int *rep,
                     const atomic_int *cancel, uint64_t *index);

/*
 * The number (1-based) of the class of the solution p: the place of its
 * representative among all representatives in order.  The time grows with
 * the number of solutions (seconds from n = 16 on: call it from a thread
 * with a cancel flag there).  Returns 0, or -1 with errno EINVAL when p is
 * not a solution or ECANCELED.
 */
int classes_index(int n, const int *p, const atomic_int *cancel, uint64_t *index);

#endif
