/* The Browse screen: every solution in order, and the classes by symmetry. */
#include "config.h"

#include "browse.h"

#include <curses.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board.h"
#include "boardview.h"
#include "catalog.h"
#include "classes.h"
#include "count.h"
#include "enumerate.h"
#include "input.h"
#include "keymap.h"
#include "known.h"
#include "store.h"
#include "symmetry.h"
#include "terminal.h"
#include "text.h"
#include "theme.h"

/* Up to this n, rank and unrank answer within a fraction of a second. */
#define SYNC_MAX_N 16

/* Up to this n every solution is walked at once: 14,200 at most. */
#define WALK_NOW_MAX_N 12

/* Up to this n the totals are counted here, in seconds; above, they are published. */
#define COUNT_HERE_MAX_N 17

/* Up to this n every class is found in the background unasked (seconds). */
#define ALL_CLASSES_MAX_N 16

/* Solutions a walk takes between looks at what is wanted. */
#define WALK_CHUNK 8192

/* Progress wakes the screen this often, in milliseconds. */
#define POST_MS 100

/* The gallery shows at most this many boards a page. */
#define GALLERY_MAX 128

/* A move this short is walked from a solution at hand rather than counted. */
#define NEAR 4096

enum view { VIEW_ONE, VIEW_GALLERY, VIEW_CLASSES, VIEW_VARIANTS };

/* Where a total comes from. */
enum source { SOURCE_COUNTED, SOURCE_TABLE, SOURCE_PUBLISHED };

/*
 * The count of both totals in the background.  When the screen goes first it
 * leaves the struct to the thread (abandoned), which frees it at the end and
 * from then on never wakes the loop.
 */
struct tally {
	pthread_mutex_t lock;
	int n;
	bool finished, abandoned;
	long long posted;
	atomic_int permille;
	int rc;
	struct count_result res;
};

/* What the screen waits for from the worker; compared whole to see a change. */
struct demand {
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
struct answers {
	uint64_t unrank_k;
	int unrank_rc, unrank_p[ENUM_MAX_N];
	bool rank_valid;
	int rank_rc, rank_p[ENUM_MAX_N];
	uint64_t rank_k;
	bool var_valid;
	int nvar, var0[ENUM_MAX_N];
	uint64_t var_k[SYM_COUNT]; /* 0 for none */
};

/* One thread that counts and walks for the screen, so that keys always answer. */
struct worker {
	pthread_t tid;
	bool started;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool quit;
	atomic_int cancel; /* the question being counted has changed */
	struct demand want;
	struct answers ans;
	long long posted;
};

struct browse {
	int n;
	const struct enum_table *table;
	bool can_jump; /* rank and unrank count (table or small n): no walk */
	bool sync;     /* ...quickly enough to wait for */
	uint64_t total, nclasses;
	enum source total_from, classes_from;
	struct tally *tally; /* the count under way, if any */
	struct catalog *cat;
	struct worker w;
	enum view view;
	uint16_t cells[ENUM_MAX_N * ENUM_MAX_N];

	/* The solution shown (index 0: the board has none), and its class. */
	uint64_t index;
	int ranks[ENUM_MAX_N];
	int rep[ENUM_MAX_N], orbit;
	enum sym from_rep;
	uint64_t class_index; /* 0 while not known */

	/* Looked for in the background: solution #k, a position, class #c. */
	uint64_t pending_k;
	bool pending_find;
	int find_p[ENUM_MAX_N];
	bool find_keeps_view; /* the gallery stays the gallery */
	uint64_t pending_class;

	/* The classes: the one chosen (0-based) and the rows of the page. */
	uint64_t csel;
	int crows;

	/* Gallery: the boards of the page. */
	uint64_t gfirst; /* the index of the first board */
	int gcount, gcols, grows;
	int gx0, gy0, gw, gh; /* where the boards are, for the mouse */
	int page[GALLERY_MAX][ENUM_MAX_N];

	/* The members of the class chosen. */
	struct class_variant var[SYM_COUNT];
	uint64_t varidx[SYM_COUNT]; /* 0 while not known */
	uint64_t var_class;         /* the class they belong to, 1-based */
	int nvar, vsel, vper;

	/* A number or a position being typed: 'g' or '/', 0 for none. */
	int prompt;
	char input[256];
	size_t ilen;
	char message[600];
};

/* What the keys do. */
enum browse_action {
	BROWSE_NEXT,
	BROWSE_PREV,
	BROWSE_ROW_DOWN,
	BROWSE_ROW_UP,
	BROWSE_OPEN,
	BROWSE_PAGE_DOWN,
	BROWSE_PAGE_UP,
	BROWSE_FIRST,
	BROWSE_LAST,
	BROWSE_GO,
	BROWSE_FIND,
	BROWSE_GALLERY,
	BROWSE_CLASSES,
	BROWSE_BACK,
	BROWSE_EXPORT,
	BROWSE_CLICK,
	BROWSE_LEAVE,
};

/* The views as the key line tells them apart. */
#define IN_ONE (1u << VIEW_ONE)
#define IN_GALLERY (1u << VIEW_GALLERY)
#define IN_CLASSES (1u << VIEW_CLASSES)
#define IN_MEMBERS (1u << VIEW_VARIANTS)

static const struct keymap_row key_rows[] = {
        {BROWSE_NEXT,
         {KEY(RIGHT), KCHAR('n')},
         "the next or previous solution (class, member)",
         {{IN_ONE, "Left/Right next"}, {IN_MEMBERS, "Left/Right member"}}},
        {BROWSE_PREV, {KEY(LEFT), KCHAR('p')}, NULL, {}},
        {BROWSE_ROW_DOWN,
         {KEY(DOWN)},
         "the same; a row on or back in the gallery",
         {{IN_CLASSES, "Up/Down class"}, {IN_GALLERY, "arrows choose"}}},
        {BROWSE_ROW_UP, {KEY(UP)}, NULL, {}},
        {BROWSE_OPEN,
         {KEY(ENTER), KCHAR(' ')},
         "open the board, class or member chosen",
         {{IN_CLASSES, "Enter its members"}, {IN_GALLERY | IN_MEMBERS, "Enter open"}}},
        {BROWSE_PAGE_DOWN,
         {KEY(PAGEDOWN)},
         "ten on or back; a page of the gallery or classes",
         {{IN_GALLERY, "PgDn/PgUp page"}}},
        {BROWSE_PAGE_UP, {KEY(PAGEUP)}, NULL, {}},
        {BROWSE_FIRST, {KEY(HOME)}, "the first or the last", {}},
        {BROWSE_LAST, {KEY(END)}, NULL, {}},
        {BROWSE_GO,
         {KCHAR('g')},
         "go to a number: type it, then Enter",
         {{IN_ONE | IN_CLASSES, "g go"}}},
        {BROWSE_FIND,
         {KCHAR('/')},
         "find a position: type its ranks, then Enter",
         {{IN_ONE, "/ find"}}},
        {BROWSE_GALLERY,
         {KCHAR('v')},
         "one board, or a gallery of small ones",
         {{IN_ONE, "v gallery"}, {IN_GALLERY, "v one board"}}},
        {BROWSE_CLASSES,
         {KEY(TAB), KCHAR('c')},
         "all solutions, or the classes",
         {{IN_ONE, "Tab classes"}, {IN_CLASSES, "Tab solutions"}}},
        {BROWSE_BACK,
         {KEY(ESCAPE), KEY(BACKSPACE)},
         "back to the classes or to one board; stop a search",
         {{IN_MEMBERS, "Esc classes"}}},
        {BROWSE_EXPORT,
         {KCHAR('x')},
         "export the solution or class to a new file",
         {{IN_ONE | IN_CLASSES | IN_MEMBERS, "x export"}}},
        {BROWSE_NEXT, {KMOUSE(WHEEL_DOWN)}, "next or previous", {}},
        {BROWSE_PREV, {KMOUSE(WHEEL_UP)}, NULL, {}},
        {BROWSE_CLICK, {KMOUSE(BUTTON_LEFT)}, "open a small board", {}},
        {BROWSE_LEAVE, {KCHAR('q')}, "leave", {}},
};
static const struct keymap keys = KEYMAP(key_rows);

static void say(struct browse *b, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

static void say(struct browse *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(b->message, sizeof b->message, fmt, ap);
	va_end(ap);
}

static bool reached(int n, const struct catalog_state *st, const int *p)
{
	return st->solutions > 0 && enum_compare(n, p, st->last) <= 0;
}

/* ---- the totals, counted in the background ---- */

static void tally_progress(void *ctx, double done)
{
	struct tally *t = ctx;
	long long now = term_now_ms();

	atomic_store(&t->permille, (int)(done * 1000));
	pthread_mutex_lock(&t->lock);
	if (!t->abandoned && now - t->posted >= POST_MS) {
		t->posted = now;
		term_post();
	}
	pthread_mutex_unlock(&t->lock);
}

static void *tally_run(void *arg)
{
	struct tally *t = arg;
	struct count_result res = {0, 0};
	int rc = count_solutions(t->n, 0, tally_progress, t, NULL, &res);
	bool abandoned;

	pthread_mutex_lock(&t->lock);
	t->rc = rc;
	t->res = res;
	t->finished = true;
	abandoned = t->abandoned;
	if (!abandoned)
		term_post();
	pthread_mutex_unlock(&t->lock);
	if (abandoned) {
		pthread_mutex_destroy(&t->lock);
		free(t);
	}
	return NULL;
}

static void tally_start(struct browse *b)
{
	struct tally *t = calloc(1, sizeof *t);
	pthread_attr_t attr;
	pthread_t tid;

	if (!t)
		return;
	t->n = b->n;
	pthread_mutex_init(&t->lock, NULL);
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	if (pthread_create(&tid, &attr, tally_run, t) == 0) {
		b->tally = t;
	} else {
		pthread_mutex_destroy(&t->lock);
		free(t);
	}
	pthread_attr_destroy(&attr);
}

/* Takes the totals when the count has finished. */
static void tally_check(struct browse *b)
{
	struct tally *t = b->tally;
	bool finished;

	if (!t)
		return;
	pthread_mutex_lock(&t->lock);
	finished = t->finished;
	pthread_mutex_unlock(&t->lock);
	if (!finished)
		return;
	if (t->rc == 0) {
		b->total = t->res.total;
		b->total_from = SOURCE_COUNTED;
		b->nclasses = t->res.unique;
		b->classes_from = SOURCE_COUNTED;
	}
	pthread_mutex_destroy(&t->lock);
	free(t);
	b->tally = NULL;
}

static void tally_abandon(struct browse *b)
{
	struct tally *t = b->tally;
	bool finished;

	if (!t)
		return;
	pthread_mutex_lock(&t->lock);
	finished = t->finished;
	t->abandoned = true;
	pthread_mutex_unlock(&t->lock);
	if (finished) {
		pthread_mutex_destroy(&t->lock);
		free(t);
	}
	b->tally = NULL;
}

/* ---- the worker: rank and unrank by counting, and the walk ---- */

enum job { JOB_NONE, JOB_UNRANK, JOB_RANK, JOB_VARIANTS, JOB_WALK };

/* What the worker should do next; under its lock. */
static enum job job_next(struct browse *b)
{
	const struct demand *d = &b->w.want;
	const struct answers *a = &b->w.ans;
	struct catalog_state st;
	int n = b->n;

	if (b->can_jump) {
		if (d->unrank && a->unrank_k != d->unrank)
			return JOB_UNRANK;
		if (d->rank &&
		    !(a->rank_valid && enum_compare(n, a->rank_p, d->rank_p) == 0))
			return JOB_RANK;
		if (d->nvar && !(a->var_valid && a->nvar == d->nvar &&
		                 enum_compare(n, a->var0, d->var[0]) == 0))
			return JOB_VARIANTS;
	}
	catalog_state(b->cat, &st);
	if (st.done)
		return JOB_NONE;
	if (!b->can_jump) {
		if (d->unrank > st.solutions)
			return JOB_WALK;
		if (d->rank && !reached(n, &st, d->rank_p))
			return JOB_WALK;
		for (int i = 0; i < d->nvar; i++)
			if (!reached(n, &st, d->var[i]))
				return JOB_WALK;
	}
	if (st.classes_done)
		return JOB_NONE;
	if (d->all_classes || d->classes > st.classes ||
	    (d->past && !reached(n, &st, d->past_p)))
		return JOB_WALK;
	return JOB_NONE;
}

/* Does one piece of work outside the lock; stores its answer under it. */
static void job_do(struct browse *b, enum job job, const struct demand *d)
{
	struct worker *w = &b->w;
	struct answers a;
	int n = b->n, rc = 0;

	switch (job) {
	case JOB_UNRANK:
		rc = enum_unrank_cancel(n, d->unrank, b->table, a.unrank_p, &w->cancel);
		if (rc < 0)
			return;
		pthread_mutex_lock(&w->lock);
		w->ans.unrank_k = d->unrank;
		w->ans.unrank_rc = rc;
		memcpy(w->ans.unrank_p, a.unrank_p, sizeof a.unrank_p);
		pthread_mutex_unlock(&w->lock);
		return;
	case JOB_RANK:
		rc = enum_rank_cancel(n, d->rank_p, b->table, &a.rank_k, &w->cancel);
		if (rc < 0)
			return;
		pthread_mutex_lock(&w->lock);
		w->ans.rank_valid = true;
		w->ans.rank_rc = rc;
		w->ans.rank_k = rc == 1 ? a.rank_k : 0;
		memcpy(w->ans.rank_p, d->rank_p, sizeof d->rank_p);
		pthread_mutex_unlock(&w->lock);
		return;
	case JOB_VARIANTS:
		for (int i = 0; i < d->nvar; i++) {
			rc = enum_rank_cancel(n, d->var[i], b->table, &a.var_k[i],
			                      &w->cancel);
			if (rc < 0)
				return;
			if (rc == 0)
				a.var_k[i] = 0;
		}
		pthread_mutex_lock(&w->lock);
		w->ans.var_valid = true;
		w->ans.nvar = d->nvar;
		memcpy(w->ans.var0, d->var[0], sizeof d->var[0]);
		memcpy(w->ans.var_k, a.var_k, sizeof a.var_k);
		pthread_mutex_unlock(&w->lock);
		return;
	case JOB_WALK:
		catalog_walk(b->cat, WALK_CHUNK);
		return;
	case JOB_NONE:
		return;
	}
}

static void *worker_run(void *arg)
{
	struct browse *b = arg;
	struct worker *w = &b->w;
	struct demand *d = malloc(sizeof *d);

	if (!d)
		return NULL;
	pthread_mutex_lock(&w->lock);
	for (;;) {
		enum job job = JOB_NONE;
		long long now;

		while (!w->quit && (job = job_next(b)) == JOB_NONE)
			pthread_cond_wait(&w->cond, &w->lock);
		if (w->quit)
			break;
		*d = w->want;
		atomic_store(&w->cancel, 0);
		pthread_mutex_unlock(&w->lock);
		job_do(b, job, d);
		pthread_mutex_lock(&w->lock);
		/* An answer, or the end of a walk, wakes the screen at once. */
		now = term_now_ms();
		if (job != JOB_WALK || job_next(b) != JOB_WALK ||
		    now - w->posted >= POST_MS) {
			w->posted = now;
			term_post();
		}
	}
	pthread_mutex_unlock(&w->lock);
	free(d);
	return NULL;
}

static void worker_start(struct browse *b)
{
	struct worker *w = &b->w;

	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->cond, NULL);
	if (pthread_create(&w->tid, NULL, worker_run, b) == 0)
		w->started = true;
}

static void worker_stop(struct browse *b)
{
	struct worker *w = &b->w;

	if (!w->started)
		return;
	pthread_mutex_lock(&w->lock);
	w->quit = true;
	atomic_store(&w->cancel, 1);
	pthread_cond_signal(&w->cond);
	pthread_mutex_unlock(&w->lock);
	pthread_join(w->tid, NULL);
	pthread_cond_destroy(&w->cond);
	pthread_mutex_destroy(&w->lock);
	w->started = false;
}

/* Tells the worker what the screen now waits for. */
static void demand_update(struct browse *b)
{
	struct worker *w = &b->w;
	struct demand *d;
	bool question;

	if (!w->started)
		return;
	d = calloc(1, sizeof *d);
	if (!d)
		return;
	d->unrank = b->pending_k;
	if (b->pending_find) {
		d->rank = true;
		memcpy(d->rank_p, b->find_p, sizeof b->find_p);
	}
	if (b->view == VIEW_VARIANTS) {
		for (int i = 0; i < b->nvar; i++) {
			if (b->varidx[i])
				continue;
			d->nvar = b->nvar;
			for (int j = 0; j < b->nvar; j++)
				memcpy(d->var[j], b->var[j].ranks, sizeof d->var[j]);
			break;
		}
	}
	if (b->view == VIEW_CLASSES)
		d->classes = b->csel + 1 + (uint64_t)(b->crows > 0 ? b->crows : 1);
	if (b->pending_class > d->classes)
		d->classes = b->pending_class;
	if (b->index && !b->class_index) {
		d->past = true;
		memcpy(d->past_p, b->rep, sizeof b->rep);
	}
	d->all_classes = b->n <= ALL_CLASSES_MAX_N;
	pthread_mutex_lock(&w->lock);
	if (memcmp(d, &w->want, sizeof *d) != 0) {
		/* A question no longer asked is given up; the walk goes on. */
		question = d->unrank != w->want.unrank || d->rank != w->want.rank ||
		           memcmp(d->rank_p, w->want.rank_p, sizeof d->rank_p) != 0 ||
		           d->nvar != w->want.nvar ||
		           memcmp(d->var, w->want.var, sizeof d->var) != 0;
		if (question)
			atomic_store(&w->cancel, 1);
		w->want = *d;
		pthread_cond_signal(&w->cond);
	}
	pthread_mutex_unlock(&w->lock);
	free(d);
}

/* ---- the solution shown ---- */

static void class_update(struct browse *b)
{
	uint64_t i;

	b->orbit = sym_canonical(b->n, b->ranks, b->rep, &b->from_rep);
	b->class_index = 0;
	if (catalog_class_index(b->cat, b->rep, &i) == CATALOG_FOUND)
		b->class_index = i;
}

static void show(struct browse *b, uint64_t k, const int *p)
{
	b->index = k;
	memcpy(b->ranks, p, sizeof *p * (size_t)b->n);
	class_update(b);
}

/*
 * Solution #k into p when it comes at once: a short walk from the solution
 * shown or from an end, a quick count, or the catalog.  Returns false when it
 * must be looked for in the background.
 */
static bool solution_now(struct browse *b, uint64_t k, int *p)
{
	int q[ENUM_MAX_N];

	if (b->index && (k >= b->index ? k - b->index : b->index - k) <= NEAR) {
		enum_step(b->n, b->ranks, (int64_t)k - (int64_t)b->index, p);
		return true;
	}
	if (k <= NEAR) {
		enum_first(b->n, q);
		enum_step(b->n, q, (int64_t)(k - 1), p);
		return true;
	}
	/* The total is exact (counted or published), so the end is a place too. */
	if (b->total && b->total - k <= NEAR) {
		enum_last(b->n, q);
		enum_step(b->n, q, -(int64_t)(b->total - k), p);
		return true;
	}
	if (b->sync)
		return enum_unrank(b->n, k, b->table, p);
	if (!b->can_jump && catalog_solution(b->cat, k, p) == CATALOG_FOUND)
		return true;
	return false;
}

/* Shows solution #k, or starts looking for it; false (with a message) if it is none. */
static bool go_to(struct browse *b, uint64_t k)
{
	int p[ENUM_MAX_N] = {0};

	b->pending_k = 0;
	if (k == 0 || (b->total && k > b->total)) {
		say(b, "Solutions go from 1 to %" PRIu64 ".", b->total);
		return false;
	}
	if (solution_now(b, k, p)) {
		show(b, k, p);
		return true;
	}
	b->pending_k = k;
	b->pending_find = false;
	return true;
}

/* Moves by d solutions, stopping at the ends. */
static void step(struct browse *b, int64_t d)
{
	if (d < 0 && b->index <= (uint64_t)-d) {
		if (b->index == 1)
			say(b, "This is the first solution.");
		go_to(b, 1);
	} else if (d > 0 && b->total && b->index + (uint64_t)d > b->total) {
		if (b->index == b->total)
			say(b, "This is the last solution.");
		go_to(b, b->total);
	} else {
		go_to(b, (uint64_t)((int64_t)b->index + d));
	}
}

/* Shows the position p, a solution, whose number is being found or known. */
static void find(struct browse *b, const int *p, bool keep_view)
{
	uint64_t k;

	b->pending_k = 0;
	b->pending_find = false;
	b->find_keeps_view = keep_view;
	if (b->sync && enum_rank(b->n, p, b->table, &k)) {
		show(b, k, p);
		if (!keep_view)
			b->view = VIEW_ONE;
		return;
	}
	if (!b->can_jump && catalog_index(b->cat, p, &k) == CATALOG_FOUND) {
		show(b, k, p);
		if (!keep_view)
			b->view = VIEW_ONE;
		return;
	}
	b->pending_find = true;
	memcpy(b->find_p, p, sizeof *p * (size_t)b->n);
}

/* ---- the classes ---- */

/* Chooses class c (1-based), now if it has been found, else when it is. */
static void class_go(struct browse *b, uint64_t c)
{
	struct catalog_state st;
	int rep[ENUM_MAX_N];

	b->pending_class = 0;
	if (c == 0)
		c = 1;
	if (b->nclasses && c > b->nclasses)
		c = b->nclasses;
	switch (catalog_class(b->cat, c, rep)) {
	case CATALOG_FOUND:
		b->csel = c - 1;
		break;
	case CATALOG_LATER:
		b->pending_class = c;
		break;
	case CATALOG_NONE:
		catalog_state(b->cat, &st);
		b->csel = st.classes ? st.classes - 1 : 0;
		break;
	}
}

static void variants_open(struct browse *b)
{
	int rep[ENUM_MAX_N];

	if (catalog_class(b->cat, b->csel + 1, rep) != CATALOG_FOUND)
		return;
	b->nvar = classes_variants(b->n, rep, b->var);
	b->var_class = b->csel + 1;
	for (int i = 0; i < b->nvar; i++) {
		b->varidx[i] = 0;
		if (b->sync)
			enum_rank(b->n, b->var[i].ranks, b->table, &b->varidx[i]);
		else if (!b->can_jump)
			catalog_index(b->cat, b->var[i].ranks, &b->varidx[i]);
	}
	b->vsel = 0;
	b->view = VIEW_VARIANTS;
}

/* ---- answers from the background ---- */

static void resolve(struct browse *b)
{
	struct catalog_state st;
	struct answers *a = &b->w.ans;
	int p[ENUM_MAX_N];
	uint64_t k;

	catalog_state(b->cat, &st);
	/* A whole walk counted both totals as well. */
	if (st.done && b->total_from != SOURCE_COUNTED) {
		b->total = st.solutions;
		b->total_from = SOURCE_COUNTED;
	}
	if (st.classes_done && b->classes_from != SOURCE_COUNTED) {
		b->nclasses = st.classes;
		b->classes_from = SOURCE_COUNTED;
	}
	if (b->index && !b->class_index &&
	    catalog_class_index(b->cat, b->rep, &k) == CATALOG_FOUND)
		b->class_index = k;
	if (b->pending_class)
		class_go(b, b->pending_class);
	if (b->pending_k && !b->can_jump) {
		switch (catalog_solution(b->cat, b->pending_k, p)) {
		case CATALOG_FOUND:
			show(b, b->pending_k, p);
			b->pending_k = 0;
			break;
		case CATALOG_NONE:
			say(b,
			    "There is no solution #%" PRIu64 "; there are %" PRIu64 ".",
			    b->pending_k, st.solutions);
			b->pending_k = 0;
			break;
		case CATALOG_LATER:
			break;
		}
	}
	if (b->pending_find && !b->can_jump) {
		switch (catalog_index(b->cat, b->find_p, &k)) {
		case CATALOG_FOUND:
			find(b, b->find_p, b->find_keeps_view);
			say(b, "Found: solution #%" PRIu64 ".", k);
			break;
		case CATALOG_NONE:
			b->pending_find = false;
			break;
		case CATALOG_LATER:
			break;
		}
	}
	if (b->view == VIEW_VARIANTS && !b->can_jump)
		for (int i = 0; i < b->nvar; i++)
			if (!b->varidx[i])
				catalog_index(b->cat, b->var[i].ranks, &b->varidx[i]);
	if (!b->w.started || !b->can_jump)
		return;
	pthread_mutex_lock(&b->w.lock);
	if (b->pending_k && a->unrank_k == b->pending_k) {
		if (a->unrank_rc == 1)
			show(b, b->pending_k, a->unrank_p);
		b->pending_k = 0;
	}
	if (b->pending_find && a->rank_valid &&
	    enum_compare(b->n, a->rank_p, b->find_p) == 0) {
		b->pending_find = false;
		if (a->rank_rc == 1) {
			show(b, a->rank_k, b->find_p);
			if (!b->find_keeps_view)
				b->view = VIEW_ONE;
			say(b, "Found: solution #%" PRIu64 ".", a->rank_k);
		}
	}
	if (b->view == VIEW_VARIANTS && a->var_valid && a->nvar == b->nvar &&
	    enum_compare(b->n, a->var0, b->var[0].ranks) == 0)
		for (int i = 0; i < b->nvar; i++)
			b->varidx[i] = a->var_k[i];
	pthread_mutex_unlock(&b->w.lock);
}

static void browse_wake(void *self)
{
	struct browse *b = self;
	tally_check(b);
	resolve(b);
	demand_update(b);
	term_dirty();
}

/* ---- life ---- */

static struct browse *browse_new(int n, uint64_t index, const struct enum_table *table)
{
	struct browse *b = calloc(1, sizeof *b);
	uint64_t total = 0, unique = 0;

	if (!b)
		return NULL;
	b->n = n;
	b->table = table;
	b->cat = catalog_new(n);
	if (!b->cat) {
		free(b);
		return NULL;
	}
	/* Rank and unrank count quickly with the table's counts, or on small boards. */
	b->can_jump = n <= WALK_NOW_MAX_N || (table && table->first[n]);
	b->sync = b->can_jump && n <= SYNC_MAX_N;
	known_counts(n, &total, &unique);
	if (n <= WALK_NOW_MAX_N) {
		struct catalog_state st;

		while (catalog_walk(b->cat, UINT64_MAX))
			;
		catalog_state(b->cat, &st);
		b->total = st.solutions;
		b->nclasses = st.classes;
	} else {
		if (b->can_jump) {
			b->total = enum_total(n, table);
			b->total_from = SOURCE_TABLE;
		} else {
			b->total = total;
			b->total_from = SOURCE_PUBLISHED;
		}
		b->nclasses = unique;
		b->classes_from = SOURCE_PUBLISHED;
		if (n <= COUNT_HERE_MAX_N)
			tally_start(b);
		worker_start(b);
	}
	if (b->total == 0) {
		say(b, "The %dx%d board has no solution: %s.", n, n,
		    n == 2 ? "any two queens on it attack each other"
		           : "at most two queens fit on it without attacking each other");
		return b;
	}
	if (!go_to(b, 1))
		return b;
	if (index > 1)
		go_to(b, index);
	demand_update(b);
	return b;
}

static void browse_free(void *self)
{
	struct browse *b = self;

	if (!b)
		return;
	worker_stop(b);
	tally_abandon(b);
	catalog_free(b->cat);
	free(b);
}

static void browse_min_size(const void *self, int *lines, int *cols)
{
	const struct browse *b = self;

	/* A whole board with its labels beside the panel, above two lines. */
	*lines = b->n + 4 > 12 ? b->n + 4 : 12;
	*cols = 50;
}

/* ---- export ---- */

static size_t text_add(char *buf, size_t len, size_t at, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));

static size_t text_add(char *buf, size_t len, size_t at, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (at >= len)
		return at;
	va_start(ap, fmt);
	k = vsnprintf(buf + at, len - at, fmt, ap);
	va_end(ap);
	return k > 0 ? at + (size_t)k : at;
}

/* A board diagram, its ranks and its squares. */
static size_t text_board(char *buf, size_t len, size_t at, int n, const int *p)
{
	char pic[4096], ranks[256], squares[512];

	board_format_picture(n, p, pic, sizeof pic);
	board_format_ranks(n, p, ranks, sizeof ranks);
	board_format_squares(n, p, squares, sizeof squares);
	return text_add(buf, len, at, "%s\nranks:   %s\nsquares: %s\n", pic, ranks,
	                squares);
}

static void export(struct browse *b)
{
	char text[32768], stem[128], path[256], err[512], dir[4096];
	size_t at = 0;

	if (b->view == VIEW_CLASSES || b->view == VIEW_VARIANTS) {
		/* The class chosen, whose members the file lists; the view stays. */
		if (b->view == VIEW_CLASSES) {
			variants_open(b);
			b->view = VIEW_CLASSES;
		}
		if (b->var_class != b->csel + 1) {
			say(b, "Not exported: the class is still being found.");
			return;
		}
		snprintf(stem, sizeof stem, "nqueens-%dx%d-class-%" PRIu64, b->n, b->n,
		         b->var_class);
		at = text_add(text, sizeof text, at,
		              "nqueens: class %" PRIu64
		              " of the %dx%d board, %d member%s, symmetry: %s\n\n",
		              b->var_class, b->n, b->n, b->nvar, b->nvar == 1 ? "" : "s",
		              classes_symmetry(b->nvar));
		for (int i = 0; i < b->nvar; i++) {
			at = text_add(text, sizeof text, at, "%s",
			              sym_name(b->var[i].from_rep));
			if (b->varidx[i])
				at = text_add(text, sizeof text, at,
				              ", solution #%" PRIu64, b->varidx[i]);
			at = text_add(text, sizeof text, at, "%s:\n",
			              i == 0 ? " (the representative)" : "");
			at = text_board(text, sizeof text, at, b->n, b->var[i].ranks);
			at = text_add(text, sizeof text, at, "\n");
		}
	} else {
		snprintf(stem, sizeof stem, "nqueens-%dx%d-solution-%" PRIu64, b->n, b->n,
		         b->index);
		at = text_add(text, sizeof text, at,
		              "nqueens: solution #%" PRIu64 " of %" PRIu64
		              " on the %dx%d board\n\n",
		              b->index, b->total, b->n, b->n);
		at = text_board(text, sizeof text, at, b->n, b->ranks);
	}
	if (at >= sizeof text) {
		say(b, "Not exported: the text is too long.");
		return;
	}
	if (!getcwd(dir, sizeof dir))
		snprintf(dir, sizeof dir, "the current directory");
	if (store_export(stem, text, path, sizeof path, err, sizeof err) < 0)
		say(b, "Not exported to %s: %s.", dir, err);
	else
		say(b, "Written to %s in %s.", path, dir);
}

/* ---- keys ---- */

static void prompt_number(struct browse *b)
{
	char *end;
	unsigned long long k;

	errno = 0;
	k = strtoull(b->input, &end, 10);
	if (b->ilen == 0 || *end != '\0' || b->input[0] == '-' || errno == ERANGE) {
		say(b, "A number, please: g 37 Enter.");
		return;
	}
	if (b->view == VIEW_CLASSES || b->view == VIEW_VARIANTS) {
		b->view = VIEW_CLASSES;
		if (k == 0 || (b->nclasses && k > b->nclasses)) {
			say(b, "Classes go from 1 to %" PRIu64 ".", b->nclasses);
			return;
		}
		class_go(b, k);
	} else {
		go_to(b, k);
	}
}

/* '/': a position, which must be a solution of this board. */
static void prompt_position(struct browse *b)
{
	struct position pos;
	char err[256];

	if (board_parse(b->input, &pos, err, sizeof err) < 0) {
		say(b, "Not a position: %s.", err);
		return;
	}
	if (pos.n != b->n) {
		say(b,
		    "That position has %d file%s; a solution here has %d, a rank for "
		    "each of files a to %c.",
		    pos.n, pos.n == 1 ? "" : "s", b->n, 'a' + b->n - 1);
	} else if (!board_is_solution(&pos)) {
		struct board_conflict c;
		char x[32], y[32];

		if (board_conflicts(&pos, &c, 1) > 0) {
			board_square_name(c.a, x, sizeof x);
			board_square_name(c.b, y, sizeof y);
			say(b, "Not a solution: %s and %s attack each other along %s.", x,
			    y, board_line_phrase(c.line));
		} else {
			say(b, "Not a solution: %zu queens of %d.", pos.count, b->n);
		}
	} else {
		int p[ENUM_MAX_N];

		board_ranks(&pos, p, NULL);
		find(b, p, b->view == VIEW_GALLERY);
		if (!b->pending_find)
			say(b, "Found: solution #%" PRIu64 ".", b->index);
	}
	board_free(&pos);
}

static void prompt_key(struct browse *b, const struct input_event *ev)
{
	if (ev->key == INPUT_KEY_ESCAPE) {
		b->prompt = 0;
	} else if (ev->key == INPUT_KEY_ENTER) {
		int kind = b->prompt;

		b->prompt = 0;
		b->input[b->ilen] = '\0';
		if (kind == 'g')
			prompt_number(b);
		else
			prompt_position(b);
	} else if (ev->key == INPUT_KEY_BACKSPACE) {
		if (b->ilen > 0)
			b->ilen--;
	} else if (ev->key == INPUT_KEY_CHAR && !(ev->mods & INPUT_MOD_CTRL) &&
	           ev->codepoint >= ' ' && ev->codepoint < 127 &&
	           b->ilen + 1 < sizeof b->input) {
		b->input[b->ilen++] = (char)ev->codepoint;
	}
}

/* A move of d solutions (classes, members) in the current view. */
static void move_by(struct browse *b, int64_t d)
{
	if (b->view == VIEW_CLASSES) {
		int64_t c = (int64_t)b->csel + 1 + d;

		class_go(b, c < 1 ? 1 : (uint64_t)c);
	} else if (b->view == VIEW_VARIANTS) {
		int64_t v = b->vsel + d;

		b->vsel = v < 0 ? 0 : v >= b->nvar ? b->nvar - 1 : (int)v;
	} else {
		step(b, d);
	}
}

static void to_end(struct browse *b, bool last)
{
	if (b->view == VIEW_CLASSES)
		class_go(b, last ? (b->nclasses ? b->nclasses : UINT64_MAX) : 1);
	else if (b->view == VIEW_VARIANTS)
		b->vsel = last ? b->nvar - 1 : 0;
	else
		go_to(b, last ? b->total : 1);
}

/* Opens what the cursor is on: a small board, a class, a member. */
static void open_chosen(struct browse *b)
{
	if (b->view == VIEW_GALLERY) {
		b->view = VIEW_ONE;
	} else if (b->view == VIEW_CLASSES) {
		variants_open(b);
	} else if (b->view == VIEW_VARIANTS && b->vsel < b->nvar) {
		if (b->varidx[b->vsel]) {
			show(b, b->varidx[b->vsel], b->var[b->vsel].ranks);
			b->view = VIEW_ONE;
		} else {
			find(b, b->var[b->vsel].ranks, false);
		}
	}
}

static void toggle_classes(struct browse *b)
{
	if (b->view == VIEW_CLASSES || b->view == VIEW_VARIANTS) {
		b->view = VIEW_ONE;
		return;
	}
	b->view = VIEW_CLASSES;
	/* Starts at the class of the solution shown, when its number is known. */
	class_go(b, b->class_index ? b->class_index : 1);
}

/* A click on a small board of the gallery or of a class opens it. */
static void click(struct browse *b, const struct input_event *ev)
{
	int c, r, i;

	if ((b->view != VIEW_GALLERY && b->view != VIEW_VARIANTS) || b->gw <= 0 ||
	    ev->col < b->gx0 || ev->line < b->gy0)
		return;
	c = (ev->col - b->gx0) / b->gw;
	r = (ev->line - b->gy0) / b->gh;
	if (c >= b->gcols || r >= b->grows)
		return;
	i = r * b->gcols + c;
	if (b->view == VIEW_GALLERY && i < b->gcount) {
		if (go_to(b, b->gfirst + (uint64_t)i))
			b->view = VIEW_ONE;
	} else if (b->view == VIEW_VARIANTS && b->vper > 0 &&
	           b->vsel / b->vper * b->vper + i < b->nvar) {
		b->vsel = b->vsel / b->vper * b->vper + i;
		open_chosen(b);
	}
}

/* The size of a page in the current view. */
static int64_t page_size(const struct browse *b)
{
	if (b->view == VIEW_GALLERY && b->gcols * b->grows > 0)
		return b->gcols * b->grows;
	if (b->view == VIEW_CLASSES && b->crows > 0)
		return b->crows;
	if (b->view == VIEW_VARIANTS && b->vper > 0)
		return b->vper;
	return 10;
}

static void back(struct browse *b)
{
	if (b->pending_k || b->pending_find || b->pending_class) {
		b->pending_k = b->pending_class = 0;
		b->pending_find = false;
		say(b, "Search stopped.");
	} else if (b->view == VIEW_VARIANTS) {
		b->view = VIEW_CLASSES;
	} else if (b->view == VIEW_GALLERY) {
		b->view = VIEW_ONE;
	}
}

static void gallery_toggle(struct browse *b)
{
	if (b->view == VIEW_ONE)
		b->view = VIEW_GALLERY;
	else if (b->view == VIEW_GALLERY)
		b->view = VIEW_ONE;
	else
		say(b, "v shows all solutions as a gallery; Tab goes back to them.");
}

static enum screen_reply act(struct browse *b, const struct input_event *ev)
{
	int64_t row = b->view == VIEW_GALLERY                                   ? b->gcols
	              : b->view == VIEW_VARIANTS && b->vper > 0 && b->gcols > 0 ? b->gcols
	                                                                        : 1;

	switch (keymap_action(&keys, ev)) {
	case BROWSE_NEXT:
	case BROWSE_PREV:
		move_by(b, keymap_action(&keys, ev) == BROWSE_NEXT ? 1 : -1);
		break;
	case BROWSE_ROW_DOWN:
		move_by(b, row);
		break;
	case BROWSE_ROW_UP:
		move_by(b, -row);
		break;
	case BROWSE_PAGE_DOWN:
		move_by(b, page_size(b));
		break;
	case BROWSE_PAGE_UP:
		move_by(b, -page_size(b));
		break;
	case BROWSE_FIRST:
	case BROWSE_LAST:
		to_end(b, keymap_action(&keys, ev) == BROWSE_LAST);
		break;
	case BROWSE_CLASSES:
		toggle_classes(b);
		break;
	case BROWSE_OPEN:
		open_chosen(b);
		break;
	case BROWSE_BACK:
		back(b);
		break;
	case BROWSE_GO:
	case BROWSE_FIND:
		b->prompt = (int)ev->codepoint;
		b->ilen = 0;
		break;
	case BROWSE_GALLERY:
		gallery_toggle(b);
		break;
	case BROWSE_EXPORT:
		export(b);
		break;
	case BROWSE_CLICK:
		click(b, ev);
		break;
	case BROWSE_LEAVE:
		return SCREEN_CLOSE;
	default:
		break;
	}
	return SCREEN_STAY;
}

static enum screen_reply browse_event(void *self, const struct input_event *ev,
                                      struct screen_open *open)
{
	struct browse *b = self;
	enum screen_reply r = SCREEN_STAY;

	(void)open;
	if (b->index == 0) {
		/* A board without solutions: its reason stays, and q leaves. */
		return keymap_action(&keys, ev) == BROWSE_LEAVE ? SCREEN_CLOSE
		                                                : SCREEN_STAY;
	}
	b->message[0] = '\0';
	if (ev->kind == INPUT_KEY && b->prompt)
		prompt_key(b, ev);
	else
		r = act(b, ev);
	if (r == SCREEN_STAY) {
		resolve(b);
		demand_update(b);
	}
	return r;
}

/* ---- drawing ---- */

/* A panel's text, above the message line. */
static void panel_wrap(int *y, int x, int width, int attr, const char *head,
                       const char *text)
{
	text_wrap_head(y, LINES - 3, x, width, attr, head, text);
}

static void fill(struct browse *b, const int *p)
{
	memset(b->cells, 0, sizeof b->cells);
	for (int f = 0; f < b->n; f++)
		b->cells[f * b->n + p[f]] = BV_QUEEN;
}

/* Where the totals come from, when they were not counted here (yet). */
static void totals_note(const struct browse *b, char *buf, size_t len)
{
	buf[0] = '\0';
	if (b->tally)
		snprintf(buf, len, "counting them here: %d%%",
		         atomic_load(&b->tally->permille) / 10);
	else if (b->total_from == SOURCE_PUBLISHED)
		snprintf(buf, len, "totals from the published table");
	else if (b->classes_from == SOURCE_PUBLISHED)
		snprintf(buf, len, "number of classes from the published table");
}

/*
 * How far the walk has gone towards position p: a percentage from the
 * table's counts by the first two ranks, else the solutions walked.
 */
static void walk_note(const struct browse *b, const int *p, char *buf, size_t len)
{
	struct catalog_state st;
	const struct enum_table *t = b->table;
	int n = b->n;

	catalog_state(b->cat, &st);
	if (t && t->first[n] && t->second[n] && st.solutions) {
		double at = 0, to = 0;

		for (int r = 0; r < st.last[0]; r++)
			at += (double)t->first[n][r];
		for (int r = 0; r < st.last[1]; r++)
			at += (double)t->second[n][st.last[0] * n + r];
		for (int r = 0; r < p[0]; r++)
			to += (double)t->first[n][r];
		for (int r = 0; r < p[1]; r++)
			to += (double)t->second[n][p[0] * n + r];
		if (to > 0) {
			snprintf(buf, len, "%d%%", at >= to ? 99 : (int)(100 * at / to));
			return;
		}
	}
	snprintf(buf, len, "%" PRIu64 " solutions walked", st.solutions);
}

/* What is being looked for in the background, for the message line. */
static void pending_note(const struct browse *b, char *buf, size_t len)
{
	char how[64], ranks[256];
	struct catalog_state st;

	buf[0] = '\0';
	if (b->pending_k) {
		catalog_state(b->cat, &st);
		if (b->can_jump)
			snprintf(buf, len,
			         "Finding solution #%" PRIu64
			         ": counting the ones before it (Escape stops)",
			         b->pending_k);
		else
			snprintf(buf, len,
			         "Finding solution #%" PRIu64 ": walked to #%" PRIu64
			         ", %d%% of the way (Escape stops)",
			         b->pending_k, st.solutions,
			         (int)(100.0 * (double)st.solutions /
			               (double)b->pending_k));
	} else if (b->pending_find) {
		board_format_ranks(b->n, b->find_p, ranks, sizeof ranks);
		if (b->can_jump)
			snprintf(buf, len,
			         "Finding the number of %s: counting the solutions "
			         "before it "
			         "(Escape stops)",
			         ranks);
		else {
			walk_note(b, b->find_p, how, sizeof how);
			snprintf(buf, len, "Finding the number of %s: %s (Escape stops)",
			         ranks, how);
		}
	} else if (b->pending_class) {
		catalog_state(b->cat, &st);
		snprintf(buf, len,
		         "Finding class %" PRIu64 ": %" PRIu64
		         " classes found so far (Escape stops)",
		         b->pending_class, st.classes);
	}
}

static void draw_one(struct browse *b)
{
	char line[600], text[600], note[128];
	int x, y, width, min_w, min_h;

	fill(b, b->ranks);
	boardview_min_size(b->n, &min_h, &min_w);
	struct boardview bv = {0};

	bv.n = b->n;
	bv.cells = b->cells;
	bv.top = 1;
	bv.left = 0;
	bv.height = LINES - 3;
	/* Room for the panel's longer lines when the window is wide enough. */
	bv.width = COLS - 54 > min_w ? COLS - 54 : min_w;
	if (boardview_layout(&bv) == 0)
		boardview_draw(&bv);
	x = bv.org_x + bv.files * bv.cw + 3;
	width = COLS - x - 1;
	y = 1;
	text_line(&y, x, width, theme_attr(THEME_TITLE),
	          "Solution %" PRIu64 " / %" PRIu64, b->index, b->total);
	totals_note(b, note, sizeof note);
	if (note[0]) {
		snprintf(line, sizeof line, "(%s)", note);
		panel_wrap(&y, x, width, theme_attr(THEME_DIMMED), "", line);
	}
	board_format_ranks(b->n, b->ranks, text, sizeof text);
	panel_wrap(&y, x, width, A_NORMAL, "ranks:   ", text);
	board_format_squares(b->n, b->ranks, text, sizeof text);
	panel_wrap(&y, x, width, A_NORMAL, "squares: ", text);
	y++;
	if (b->class_index)
		snprintf(line, sizeof line,
		         "class %" PRIu64 " of %" PRIu64 ", %s of the representative",
		         b->class_index, b->nclasses, sym_name(b->from_rep));
	else
		snprintf(line, sizeof line,
		         "class ? of %" PRIu64 ", %s of the representative", b->nclasses,
		         sym_name(b->from_rep));
	panel_wrap(&y, x, width, theme_attr(THEME_KEY), "", line);
	if (!b->class_index) {
		walk_note(b, b->rep, note, sizeof note);
		snprintf(line, sizeof line, "(finding its number: %s)", note);
		panel_wrap(&y, x, width, theme_attr(THEME_DIMMED), "", line);
	}
	board_format_ranks(b->n, b->rep, text, sizeof text);
	panel_wrap(&y, x, width, A_NORMAL, "representative: ", text);
	snprintf(line, sizeof line, "%d, symmetry: %s", b->orbit,
	         classes_symmetry(b->orbit));
	panel_wrap(&y, x, width, A_NORMAL, "members: ", line);
}

/* A board at its smallest, with a caption where its file letters would be. */
static void draw_small(struct browse *b, const int *p, int y, int x, int width,
                       const char *caption, bool chosen)
{
	struct boardview bv = {0};
	int h, w;

	fill(b, p);
	boardview_min_size(b->n, &h, &w);
	bv.n = b->n;
	bv.cells = b->cells;
	bv.top = y;
	bv.left = x;
	bv.width = w;
	bv.height = h;
	if (boardview_layout(&bv) != 0)
		return;
	boardview_draw(&bv);
	y += h - 1;
	attrset(A_NORMAL);
	mvhline(y, x, ' ', width);
	text_line(&y, x, width,
	          chosen ? theme_attr(THEME_SELECTED) : theme_attr(THEME_LABEL), "%s",
	          caption);
}

/* How many small boards of a caption width fit; sets the grid for the mouse. */
static int grid(struct browse *b, int caption_w)
{
	int h, w, rows;

	boardview_min_size(b->n, &h, &w);
	b->gw = (w > caption_w ? w : caption_w) + 2;
	b->gh = h + 1; /* a blank line between rows, where there is room */
	b->gx0 = 0;
	b->gy0 = 1;
	b->gcols = (COLS + 2) / b->gw;
	rows = (LINES - 3 + 1) / b->gh;
	if (rows < 1 && LINES - 3 >= h)
		rows = 1;
	b->gcols = b->gcols < 1 ? 1 : b->gcols;
	b->grows = rows < 1 ? 1 : rows;
	return b->gcols * b->grows;
}

static void draw_gallery(struct browse *b, int per)
{
	char caption[64];

	/* The page that holds the chosen solution, walked from it. */
	uint64_t first = (b->index - 1) / (uint64_t)per * (uint64_t)per + 1;

	if (first != b->gfirst || b->gcount == 0 || b->gcount > per ||
	    (b->gcount < per && first + (uint64_t)b->gcount <= b->total)) {
		struct enum_iter it;
		int count = 1;

		enum_step(b->n, b->ranks, -(int64_t)(b->index - first), b->page[0]);
		enum_seek(&it, b->n, b->page[0]);
		while (count < per &&
		       (!b->total || first + (uint64_t)count <= b->total) &&
		       enum_next(&it, b->page[count]))
			count++;
		b->gfirst = first;
		b->gcount = count;
	}
	for (int i = 0; i < b->gcount; i++) {
		uint64_t k = b->gfirst + (uint64_t)i;

		snprintf(caption, sizeof caption, "#%" PRIu64, k);
		draw_small(b, b->page[i], b->gy0 + (i / b->gcols) * b->gh,
		           b->gx0 + (i % b->gcols) * b->gw, b->gw - 2, caption,
		           k == b->index);
	}
}

static void draw_classes(struct browse *b)
{
	struct catalog_state st;
	struct class_iter ci;
	int rows = LINES - 5, y = 3, count = 0, cw = 5, sw = 8;
	int reps[GALLERY_MAX][ENUM_MAX_N], orbits[GALLERY_MAX];
	char text[600], ranks[256], sym[64], note[128];
	uint64_t first;

	if (rows < 1)
		return;
	if (rows > GALLERY_MAX)
		rows = GALLERY_MAX;
	b->crows = rows;
	catalog_state(b->cat, &st);
	first = b->csel / (uint64_t)rows * (uint64_t)rows;
	if (first < st.classes &&
	    catalog_class(b->cat, first + 1, reps[0]) == CATALOG_FOUND) {
		count = 1;
		classes_seek(&ci, b->n, reps[0]);
		while (count < rows && first + (uint64_t)count < st.classes &&
		       classes_next(&ci, reps[count]))
			count++;
	}
	if (st.classes_done) {
		int at = snprintf(text, sizeof text, " %" PRIu64 " class%s:", st.classes,
		                  st.classes == 1 ? "" : "es");
		const char *sep = "";

		for (int o = 8; o >= 1; o /= 2) {
			if (!st.by_orbit[o])
				continue;
			at += snprintf(text + at, sizeof text - (size_t)at,
			               "%s %" PRIu64 " of %d member%s", sep,
			               st.by_orbit[o], o, o == 1 ? "" : "s");
			sep = ",";
		}
	} else {
		note[0] = '\0';
		if (b->tally)
			snprintf(note, sizeof note, " (counting: %d%%)",
			         atomic_load(&b->tally->permille) / 10);
		else if (b->classes_from == SOURCE_PUBLISHED)
			snprintf(note, sizeof note, " (published)");
		snprintf(text, sizeof text,
		         " %" PRIu64 " classes%s; %" PRIu64 " found so far, in order",
		         b->nclasses, note, st.classes);
	}
	text_cut(text, COLS);
	text_put(1, 0, A_NORMAL, text);
	for (int i = 0; i < count; i++) {
		int w;

		orbits[i] = sym_canonical(b->n, reps[i], NULL, NULL);
		w = text_width(classes_symmetry(orbits[i]));
		sw = w > sw ? w : sw;
	}
	snprintf(text, sizeof text, "%" PRIu64, first + (uint64_t)count);
	cw = text_width(text) > cw ? text_width(text) : cw;
	snprintf(text, sizeof text, " %*s  %7s  %s  %s", cw, "class", "members",
	         text_pad(sym, sizeof sym, "symmetry", sw), "representative");
	text_line(&(int){2}, 0, COLS, theme_attr(THEME_LABEL), "%s", text);
	for (int i = 0; i < count; i++) {
		uint64_t c = first + (uint64_t)i;

		board_format_ranks(b->n, reps[i], ranks, sizeof ranks);
		snprintf(text, sizeof text, " %*" PRIu64 "  %7d  %s  %s", cw, c + 1,
		         orbits[i],
		         text_pad(sym, sizeof sym, classes_symmetry(orbits[i]), sw),
		         ranks);
		text_cut(text, COLS);
		text_line(&y, 0, COLS,
		          c == b->csel ? theme_attr(THEME_SELECTED) : (int)A_NORMAL, "%s",
		          text);
	}
	if (count < rows && !st.classes_done)
		text_line(&y, 0, COLS, theme_attr(THEME_DIMMED), " (finding more)");
}

static void draw_variants(struct browse *b, int per)
{
	char caption[64];
	int first = b->vsel / per * per;

	for (int i = first; i < b->nvar && i < first + per; i++) {
		if (b->varidx[i])
			snprintf(caption, sizeof caption, "%s #%" PRIu64,
			         sym_name(b->var[i].from_rep), b->varidx[i]);
		else
			snprintf(caption, sizeof caption, "%s #?",
			         sym_name(b->var[i].from_rep));
		draw_small(b, b->var[i].ranks, b->gy0 + ((i - first) / b->gcols) * b->gh,
		           b->gx0 + ((i - first) % b->gcols) * b->gw, b->gw - 2, caption,
		           i == b->vsel);
	}
}

/* The widest caption of the members: a transform's name and a number. */
static int variants_caption_w(const struct browse *b)
{
	char caption[64];
	int w = 0;

	for (int i = 0; i < b->nvar; i++) {
		int k = snprintf(caption, sizeof caption, "%s #%" PRIu64,
		                 sym_name(b->var[i].from_rep),
		                 b->varidx[i] ? b->varidx[i] : b->total);
		w = k > w ? k : w;
	}
	return w;
}

static void browse_draw(void *self)
{
	struct browse *b = self;
	char title[400], note[128], line[600];
	int per = 0;

	if (b->index == 0) {
		int y = 2;

		snprintf(title, sizeof title, "nqueens - Browse %dx%d", b->n, b->n);
		text_put(0, 0, theme_attr(THEME_TITLE), title);
		text_wrap_head(&y, LINES - 2, 0, COLS - 1, A_NORMAL, "", b->message);
		text_keys(NULL, 0, "? help  q leave");
		return;
	}
	switch (b->view) {
	case VIEW_ONE:
		snprintf(title, sizeof title, "nqueens - Browse %dx%d: all solutions",
		         b->n, b->n);
		break;
	case VIEW_GALLERY:
		snprintf(line, sizeof line, "#%" PRIu64, b->total);
		per = grid(b, text_width(line));
		per = per > GALLERY_MAX ? GALLERY_MAX : per;
		draw_gallery(b, per);
		snprintf(title, sizeof title, "nqueens - Browse %dx%d: gallery", b->n,
		         b->n);
		break;
	case VIEW_CLASSES:
		snprintf(title, sizeof title, "nqueens - Browse %dx%d: classes", b->n,
		         b->n);
		break;
	case VIEW_VARIANTS:
		per = grid(b, variants_caption_w(b));
		per = per > b->nvar ? b->nvar : per;
		b->vper = per;
		snprintf(title, sizeof title,
		         "nqueens - Browse %dx%d: class %" PRIu64 " of %" PRIu64
		         ", %d member%s, symmetry: %s",
		         b->n, b->n, b->var_class, b->nclasses, b->nvar,
		         b->nvar == 1 ? "" : "s", classes_symmetry(b->nvar));
		break;
	}
	text_cut(title, COLS);
	text_put(0, 0, theme_attr(THEME_TITLE), title);
	if (b->view == VIEW_ONE)
		draw_one(b);
	else if (b->view == VIEW_CLASSES)
		draw_classes(b);
	else if (b->view == VIEW_VARIANTS)
		draw_variants(b, per);
	if (b->prompt) {
		snprintf(line, sizeof line, "%s%.*s_",
		         b->prompt == 'g' ? "Go to number: " : "Find ranks: ",
		         (int)b->ilen, b->input);
		text_put(LINES - 2, 0, theme_attr(THEME_KEY), line);
	} else if (b->message[0]) {
		text_message(b->message, A_NORMAL, 3);
	} else {
		pending_note(b, line, sizeof line);
		if (!line[0] && b->view == VIEW_GALLERY) {
			totals_note(b, note, sizeof note);
			snprintf(line, sizeof line,
			         "Solutions %" PRIu64 "-%" PRIu64 " of %" PRIu64 "%s%s%s",
			         b->gfirst, b->gfirst + (uint64_t)b->gcount - 1, b->total,
			         note[0] ? " (" : "", note, note[0] ? ")" : "");
		}
		if (!line[0] && b->view == VIEW_VARIANTS && per < b->nvar) {
			int first = b->vsel / per * per;

			snprintf(line, sizeof line,
			         "Members %d-%d of %d; PgDn and PgUp show the others.",
			         first + 1, first + per < b->nvar ? first + per : b->nvar,
			         b->nvar);
		}
		text_message(line, theme_attr(THEME_DIMMED), 3);
	}
	const char *hints[8];

	text_keys(hints, keymap_hints(&keys, 1u << b->view, hints, 8), "? help  q quit");
}

static const struct keymap *browse_keys(const void *self)
{
	(void)self;
	return &keys;
}

static const struct screen_ops browse_ops = {
        .title = "Browse",
        .free = browse_free,
        .draw = browse_draw,
        .key = browse_event,
        .mouse = browse_event,
        .wake = browse_wake,
        .min_size = browse_min_size,
        .keys = browse_keys,
};

int browse_open(struct screen *out, const struct screen_open *o,
                const struct screen_env *env, char *err, size_t errlen)
{
	struct browse *b = browse_new(o->n, o->index, env->table);

	if (!b) {
		snprintf(err, errlen, "Out of memory.");
		return -1;
	}
	*out = (struct screen){&browse_ops, b};
	return 0;
}
