/* Browse's background work: the count of the totals, and one worker that counts and
 * walks. */
#include "config.h"

#include "tui/browse_work.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/catalog.h"
#include "engine/task.h"

/* Solutions a walk takes between looks at what is wanted. */
#define WALK_CHUNK 8192

/* Progress tells the model this often, in milliseconds. */
#define POST_MS 100

/* The count of both totals, on a thread of its own. */
struct tally {
	struct task task;
	atomic_int permille;
	long long posted; /* the last progress told: only the count's threads, one at a
	                     time */
	int rc;           /* read once the task is done */
	struct count_result res;
};

/* One thread that counts and walks for the model, so that keys always answer. */
struct worker {
	struct task task; /* cancelled: the model is going */
	pthread_mutex_t lock;
	pthread_cond_t cond;
	/*
	 * The question being counted has changed, or the model is going: the
	 * one flag the engine's counts look at.
	 */
	atomic_int cancel;
	struct browse_demand want;
	struct browse_answers ans;
	long long posted;
};

struct browse_work {
	int n;
	struct catalog *cat;
	const struct enum_table *table;
	bool can_jump; /* questions are counted with the table, not walked to */
	void (*notify)(void *ctx);
	void *ctx;
	struct tally tally;
	struct worker w;
};

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static bool reached(int n, const struct catalog_state *st, const int *p)
{
	return st->solutions > 0 && enum_compare(n, p, st->last) <= 0;
}

/* ---- the totals ---- */

static void tally_progress(void *ctx, double done)
{
	struct browse_work *wk = ctx;
	struct tally *t = &wk->tally;
	long long now = now_ms();

	atomic_store(&t->permille, (int)(done * 1000));
	if (!task_cancelled(&t->task) && now - t->posted >= POST_MS) {
		t->posted = now;
		wk->notify(wk->ctx);
	}
}

static void tally_run(struct task *task, void *arg)
{
	struct browse_work *wk = arg;
	struct count_result res = {0, 0};

	/* Cancelled, the count stops within milliseconds: leaving never waits for it. */
	wk->tally.rc =
	        count_solutions(wk->n, 0, tally_progress, wk, task_flag(task), &res);
	wk->tally.res = res;
}

/* The count has ended: the model is told, unless it is going. */
static void tally_notify(void *ctx)
{
	struct browse_work *wk = ctx;

	if (!task_cancelled(&wk->tally.task))
		wk->notify(wk->ctx);
}

bool browse_work_counting(struct browse_work *wk, int *permille)
{
	if (!wk->tally.task.running)
		return false;
	*permille = atomic_load(&wk->tally.permille);
	return true;
}

bool browse_work_totals(struct browse_work *wk, struct count_result *res)
{
	struct tally *t = &wk->tally;

	if (!t->task.running || !task_done(&t->task))
		return false;
	task_join(&t->task);
	if (t->rc != 0)
		return false;
	*res = t->res;
	return true;
}

/* ---- the worker: rank and unrank by counting, and the walk ---- */

enum job { JOB_NONE, JOB_UNRANK, JOB_RANK, JOB_VARIANTS, JOB_WALK };

/* What the worker should do next; under its lock. */
static enum job job_next(struct browse_work *wk)
{
	const struct browse_demand *d = &wk->w.want;
	const struct browse_answers *a = &wk->w.ans;
	struct catalog_state st;
	int n = wk->n;

	if (wk->can_jump) {
		if (d->unrank && a->unrank_k != d->unrank)
			return JOB_UNRANK;
		if (d->rank &&
		    !(a->rank_valid && enum_compare(n, a->rank_p, d->rank_p) == 0))
			return JOB_RANK;
		if (d->nvar && !(a->var_valid && a->nvar == d->nvar &&
		                 enum_compare(n, a->var0, d->var[0]) == 0))
			return JOB_VARIANTS;
	}
	catalog_state(wk->cat, &st);
	if (st.done)
		return JOB_NONE;
	if (!wk->can_jump) {
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
static void job_do(struct browse_work *wk, enum job job, const struct browse_demand *d)
{
	struct worker *w = &wk->w;
	struct browse_answers a;
	int n = wk->n, rc = 0;

	switch (job) {
	case JOB_UNRANK:
		rc = enum_unrank_cancel(n, d->unrank, wk->table, a.unrank_p, &w->cancel);
		if (rc < 0)
			return;
		pthread_mutex_lock(&w->lock);
		w->ans.unrank_k = d->unrank;
		w->ans.unrank_rc = rc;
		memcpy(w->ans.unrank_p, a.unrank_p, sizeof a.unrank_p);
		pthread_mutex_unlock(&w->lock);
		return;
	case JOB_RANK:
		rc = enum_rank_cancel(n, d->rank_p, wk->table, &a.rank_k, &w->cancel);
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
			rc = enum_rank_cancel(n, d->var[i], wk->table, &a.var_k[i],
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
		catalog_walk(wk->cat, WALK_CHUNK);
		return;
	case JOB_NONE:
		return;
	}
}

static void worker_run(struct task *task, void *arg)
{
	struct browse_work *wk = arg;
	struct worker *w = &wk->w;
	/* Its copy of the demand is its own, on its stack: none is ever lost. */
	struct browse_demand demand, *d = &demand;

	pthread_mutex_lock(&w->lock);
	for (;;) {
		enum job job = JOB_NONE;
		long long now;

		while (!task_cancelled(task) && (job = job_next(wk)) == JOB_NONE)
			pthread_cond_wait(&w->cond, &w->lock);
		if (task_cancelled(task))
			break;
		*d = w->want;
		atomic_store(&w->cancel, 0);
		pthread_mutex_unlock(&w->lock);
		job_do(wk, job, d);
		pthread_mutex_lock(&w->lock);
		/* An answer, or the end of a walk, tells the model at once. */
		now = now_ms();
		if (job != JOB_WALK || job_next(wk) != JOB_WALK ||
		    now - w->posted >= POST_MS) {
			w->posted = now;
			wk->notify(wk->ctx);
		}
	}
	pthread_mutex_unlock(&w->lock);
}

/* Cancels the worker, wakes it wherever it waits, and joins it. */
static void worker_stop(struct worker *w)
{
	if (!w->task.running)
		return;
	pthread_mutex_lock(&w->lock);
	task_cancel(&w->task);
	atomic_store(&w->cancel, 1);
	pthread_cond_signal(&w->cond);
	pthread_mutex_unlock(&w->lock);
	task_join(&w->task);
}

void browse_work_ask(struct browse_work *wk, const struct browse_demand *d)
{
	struct worker *w = &wk->w;

	if (!w->task.running)
		return;
	pthread_mutex_lock(&w->lock);
	if (memcmp(d, &w->want, sizeof *d) != 0) {
		/* A question no longer asked is given up; the walk goes on. */
		if (d->unrank != w->want.unrank || d->rank != w->want.rank ||
		    memcmp(d->rank_p, w->want.rank_p, sizeof d->rank_p) != 0 ||
		    d->nvar != w->want.nvar ||
		    memcmp(d->var, w->want.var, sizeof d->var) != 0)
			atomic_store(&w->cancel, 1);
		w->want = *d;
		pthread_cond_signal(&w->cond);
	}
	pthread_mutex_unlock(&w->lock);
}

bool browse_work_answers(struct browse_work *wk, struct browse_answers *a)
{
	struct worker *w = &wk->w;

	if (!w->task.running)
		return false;
	pthread_mutex_lock(&w->lock);
	*a = w->ans;
	pthread_mutex_unlock(&w->lock);
	return true;
}

/* ---- life ---- */

struct browse_work *browse_work_new(int n, struct catalog *cat,
                                    const struct enum_table *table, bool can_jump,
                                    bool count, bool worker, void (*notify)(void *ctx),
                                    void *ctx)
{
	struct browse_work *wk = calloc(1, sizeof *wk);

	if (!wk)
		return NULL;
	wk->n = n;
	wk->cat = cat;
	wk->table = table;
	wk->can_jump = can_jump;
	wk->notify = notify;
	wk->ctx = ctx;
	task_init(&wk->tally.task);
	atomic_init(&wk->tally.permille, 0);
	task_init(&wk->w.task);
	atomic_init(&wk->w.cancel, 0);
	pthread_mutex_init(&wk->w.lock, NULL);
	pthread_cond_init(&wk->w.cond, NULL);
	if (count)
		task_start(&wk->tally.task, tally_run, wk, tally_notify, wk);
	if (worker)
		task_start(&wk->w.task, worker_run, wk, NULL, NULL);
	return wk;
}

void browse_work_free(struct browse_work *wk)
{
	if (!wk)
		return;
	/* Both stop at once; then each is joined. */
	task_cancel(&wk->tally.task);
	worker_stop(&wk->w);
	task_destroy(&wk->w.task);
	task_destroy(&wk->tally.task);
	pthread_cond_destroy(&wk->w.cond);
	pthread_mutex_destroy(&wk->w.lock);
	free(wk);
}
