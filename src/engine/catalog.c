/* One walk through the solutions and classes of n, kept as sparse checkpoints. */
#include "config.h"

#include "engine/catalog.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/classes.h"
#include "engine/symmetry.h"

/* Solutions kept one after another, n bytes each, with the classes up to each. */
struct marks {
	unsigned char *at;
	uint64_t *classes; /* representatives up to and including the mark */
	size_t count, cap;
};

struct catalog {
	int n;
	struct enum_iter it; /* the walk: only catalog_walk touches it */
	bool failed;         /* out of memory: the walk stops where it is */

	/* Shared with the readers, under lock. */
	pthread_mutex_t lock;
	struct catalog_state st;
	int last_rep[ENUM_MAX_N];
	struct marks sols; /* solution #(j * CATALOG_SOLUTION_STRIDE + 1) */
};

static bool marks_push(struct marks *m, int n, const int *p, uint64_t classes)
{
	if (m->count == m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 64;
		unsigned char *q = realloc(m->at, cap * (size_t)n);
		uint64_t *c;

		if (!q)
			return false;
		m->at = q;
		c = realloc(m->classes, cap * sizeof *c);
		if (!c)
			return false;
		m->classes = c;
		m->cap = cap;
	}
	for (int f = 0; f < n; f++)
		m->at[m->count * (size_t)n + (size_t)f] = (unsigned char)p[f];
	m->classes[m->count] = classes;
	m->count++;
	return true;
}

static void marks_get(const struct marks *m, int n, size_t j, int *p)
{
	for (int f = 0; f < n; f++)
		p[f] = m->at[j * (size_t)n + (size_t)f];
}

/* The last mark not after p, or -1 when every mark comes after it. */
static long marks_floor(const struct marks *m, int n, const int *p)
{
	size_t lo = 0, hi = m->count;
	int q[ENUM_MAX_N];

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		marks_get(m, n, mid, q);
		if (enum_compare(n, q, p) <= 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (long)lo - 1;
}

struct catalog *catalog_new(int n)
{
	struct catalog *c;

	if (n < 1 || n > ENUM_MAX_N)
		return NULL;
	c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->n = n;
	enum_start(&c->it, n);
	pthread_mutex_init(&c->lock, NULL);
	return c;
}

void catalog_free(struct catalog *c)
{
	if (!c)
		return;
	pthread_mutex_destroy(&c->lock);
	free(c->sols.at);
	free(c->sols.classes);
	free(c);
}

bool catalog_walk(struct catalog *c, uint64_t count)
{
	struct catalog_state st;
	int p[ENUM_MAX_N], n = c->n, rep[ENUM_MAX_N];
	bool ok = true, new_rep = false;

	pthread_mutex_lock(&c->lock);
	st = c->st;
	pthread_mutex_unlock(&c->lock);
	if (st.done || c->failed)
		return false;
	for (uint64_t i = 0; i < count && ok; i++) {
		if (!enum_next(&c->it, p)) {
			st.done = st.classes_done = true;
			break;
		}
		st.solutions++;
		memcpy(st.last, p, sizeof *p * (size_t)n);
		/* A representative is its class's smallest image: its a-file
		 * rank is at most its mirror's, so none lies past the middle. */
		if (!st.classes_done && p[0] > (n - 1) / 2) {
			st.classes_done = true;
		} else if (!st.classes_done && classes_is_rep(n, p)) {
			st.classes++;
			st.by_orbit[sym_canonical(n, p, NULL, NULL)]++;
			memcpy(rep, p, sizeof *p * (size_t)n);
			new_rep = true;
		}
		if ((st.solutions - 1) % CATALOG_SOLUTION_STRIDE == 0) {
			pthread_mutex_lock(&c->lock);
			ok = marks_push(&c->sols, n, p, st.classes);
			pthread_mutex_unlock(&c->lock);
		}
	}
	if (!ok) {
		/* The counts stay where the last walk left them; no more come. */
		c->failed = true;
		return false;
	}
	pthread_mutex_lock(&c->lock);
	c->st = st;
	if (new_rep)
		memcpy(c->last_rep, rep, sizeof *rep * (size_t)n);
	pthread_mutex_unlock(&c->lock);
	return !st.done;
}

void catalog_state(struct catalog *c, struct catalog_state *st)
{
	pthread_mutex_lock(&c->lock);
	*st = c->st;
	pthread_mutex_unlock(&c->lock);
}

enum catalog_answer catalog_solution(struct catalog *c, uint64_t k, int *p)
{
	int n = c->n, q[ENUM_MAX_N];
	uint64_t j;

	pthread_mutex_lock(&c->lock);
	if (k == 0 || k > c->st.solutions) {
		bool done = c->st.done;

		pthread_mutex_unlock(&c->lock);
		return k == 0 || done ? CATALOG_NONE : CATALOG_LATER;
	}
	j = (k - 1) / CATALOG_SOLUTION_STRIDE;
	marks_get(&c->sols, n, (size_t)j, q);
	pthread_mutex_unlock(&c->lock);
	enum_step(n, q, (int64_t)(k - 1 - j * CATALOG_SOLUTION_STRIDE), p);
	return CATALOG_FOUND;
}

/* Whether the walk has gone past p, or over everything. */
static enum catalog_answer reached(const struct catalog *c, const int *p)
{
	if (c->st.solutions > 0 && enum_compare(c->n, p, c->st.last) <= 0)
		return CATALOG_FOUND;
	return c->st.done ? CATALOG_NONE : CATALOG_LATER;
}

static bool in_range(int n, const int *p)
{
	for (int f = 0; f < n; f++)
		if (p[f] < 0 || p[f] >= n)
			return false;
	return true;
}

enum catalog_answer catalog_index(struct catalog *c, const int *p, uint64_t *k)
{
	int n = c->n, q[ENUM_MAX_N];
	enum catalog_answer a;
	struct enum_iter it;
	uint64_t at;
	long j;

	if (!in_range(n, p))
		return CATALOG_NONE;
	pthread_mutex_lock(&c->lock);
	a = reached(c, p);
	j = a == CATALOG_FOUND ? marks_floor(&c->sols, n, p) : -1;
	if (j >= 0)
		marks_get(&c->sols, n, (size_t)j, q);
	pthread_mutex_unlock(&c->lock);
	if (a != CATALOG_FOUND)
		return a;
	if (j < 0)
		return CATALOG_NONE; /* before the first solution */
	at = (uint64_t)j * CATALOG_SOLUTION_STRIDE + 1;
	/* The walk has passed p, so a solution not before it comes soon. */
	enum_seek(&it, n, q);
	while (enum_compare(n, q, p) < 0) {
		if (!enum_next(&it, q))
			return CATALOG_NONE;
		at++;
	}
	if (enum_compare(n, q, p) != 0)
		return CATALOG_NONE;
	*k = at;
	return CATALOG_FOUND;
}

/* The last mark with fewer than i classes up to it; under the lock. */
static long marks_before_class(const struct marks *m, uint64_t i)
{
	size_t lo = 0, hi = m->count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->classes[mid] < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (long)lo - 1;
}

enum catalog_answer catalog_class(struct catalog *c, uint64_t i, int *rep)
{
	int n = c->n, q[ENUM_MAX_N];
	struct class_iter ci;
	uint64_t at = 0;
	long j;

	pthread_mutex_lock(&c->lock);
	if (i == 0 || i > c->st.classes) {
		bool done = c->st.classes_done;

		pthread_mutex_unlock(&c->lock);
		return i == 0 || done ? CATALOG_NONE : CATALOG_LATER;
	}
	j = marks_before_class(&c->sols, i);
	if (j >= 0) {
		marks_get(&c->sols, n, (size_t)j, q);
		at = c->sols.classes[j];
	}
	pthread_mutex_unlock(&c->lock);
	/* Class #i comes after mark j, and by the next mark. */
	if (j >= 0) {
		classes_seek(&ci, n, q);
	} else {
		classes_start(&ci, n);
	}
	while (at < i) {
		if (!classes_next(&ci, rep))
			return CATALOG_NONE;
		at++;
	}
	return CATALOG_FOUND;
}

enum catalog_answer catalog_class_index(struct catalog *c, const int *rep, uint64_t *i)
{
	int n = c->n, q[ENUM_MAX_N];
	enum catalog_answer a;
	uint64_t at = 0;
	long j = -1;

	if (!in_range(n, rep))
		return CATALOG_NONE;
	pthread_mutex_lock(&c->lock);
	a = reached(c, rep);
	if (a == CATALOG_LATER && c->st.classes_done)
		a = CATALOG_FOUND;
	/* Past the last representative there is none to find. */
	if (a == CATALOG_FOUND &&
	    (c->st.classes == 0 || enum_compare(n, rep, c->last_rep) > 0))
		a = CATALOG_NONE;
	if (a == CATALOG_FOUND)
		j = marks_floor(&c->sols, n, rep);
	if (j >= 0) {
		marks_get(&c->sols, n, (size_t)j, q);
		at = c->sols.classes[j];
	}
	pthread_mutex_unlock(&c->lock);
	if (a != CATALOG_FOUND)
		return a;
	if (j < 0)
		return CATALOG_NONE;
	/* The classes up to the mark are counted; walk on to rep. */
	if (enum_compare(n, q, rep) == 0) {
		*i = at;
		return classes_is_rep(n, rep) ? CATALOG_FOUND : CATALOG_NONE;
	}
	return classes_count_to(n, q, at, rep, NULL, i) == 1 ? CATALOG_FOUND
	                                                     : CATALOG_NONE;
}

size_t catalog_memory(struct catalog *c)
{
	size_t bytes;

	pthread_mutex_lock(&c->lock);
	bytes = c->sols.cap * ((size_t)c->n + sizeof *c->sols.classes);
	pthread_mutex_unlock(&c->lock);
	return bytes + sizeof *c;
}
