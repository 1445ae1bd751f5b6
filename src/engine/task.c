/* One background job: start, cancel, done, notify, join; no thread outlives its owner. */
#include "config.h"

#include "engine/task.h"

#include <errno.h>
#include <time.h>

void task_init(struct task *t)
{
	t->running = false;
	t->done = false;
	atomic_init(&t->cancel, 0);
	pthread_mutex_init(&t->lock, NULL);
	/* Waits are timed on the monotonic clock: setting the clock back
	 * must not stretch one. */
	pthread_condattr_t attr;

	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&t->cond, &attr);
	pthread_condattr_destroy(&attr);
}

void task_destroy(struct task *t)
{
	task_stop(t);
	pthread_cond_destroy(&t->cond);
	pthread_mutex_destroy(&t->lock);
}

static void *task_main(void *arg)
{
	struct task *t = arg;

	t->fn(t, t->arg);
	pthread_mutex_lock(&t->lock);
	t->done = true;
	pthread_cond_broadcast(&t->cond);
	pthread_mutex_unlock(&t->lock);
	if (t->notify)
		t->notify(t->ctx);
	return NULL;
}

int task_start(struct task *t, task_fn *fn, void *arg, void (*notify)(void *ctx),
               void *ctx)
{
	int rc;

	t->fn = fn;
	t->arg = arg;
	t->notify = notify;
	t->ctx = ctx;
	t->done = false;
	atomic_store(&t->cancel, 0);
	rc = pthread_create(&t->tid, NULL, task_main, t);
	t->running = rc == 0;
	return rc;
}

void task_cancel(struct task *t)
{
	atomic_store(&t->cancel, 1);
}

bool task_cancelled(struct task *t)
{
	return atomic_load_explicit(&t->cancel, memory_order_relaxed) != 0;
}

const atomic_int *task_flag(struct task *t)
{
	return &t->cancel;
}

bool task_done(struct task *t)
{
	bool done;

	if (!t->running)
		return false;
	pthread_mutex_lock(&t->lock);
	done = t->done;
	pthread_mutex_unlock(&t->lock);
	return done;
}

bool task_wait(struct task *t, long ms)
{
	struct timespec until;
	bool done;

	if (!t->running)
		return false;
	clock_gettime(CLOCK_MONOTONIC, &until);
	until.tv_sec += ms / 1000;
	until.tv_nsec += ms % 1000 * 1000000L;
	if (until.tv_nsec >= 1000000000L) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&t->lock);
	while (!t->done &&
	       pthread_cond_timedwait(&t->cond, &t->lock, &until) != ETIMEDOUT)
		;
	done = t->done;
	pthread_mutex_unlock(&t->lock);
	return done;
}

void task_join(struct task *t)
{
	if (!t->running)
		return;
	pthread_join(t->tid, NULL);
	t->running = false;
}

void task_stop(struct task *t)
{
	task_cancel(t);
	task_join(t);
}
