/* One background job: start, cancel, done, notify, join; no thread outlives its owner. */
#ifndef NQ_TASK_H
#define NQ_TASK_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

struct task;

/* The job: it polls task_cancelled(t) (or hands task_flag(t) to the engine). */
typedef void task_fn(struct task *t, void *arg);

/*
 * A task is owned by one screen (or command): started there, and cancelled
 * and joined there before its owner goes, so that no thread outlives it.
 * Zero it (or task_init) before the first use.
 */
struct task {
	pthread_t tid;
	bool running; /* started and not joined yet */
	atomic_int cancel;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool done; /* the job has returned: under lock */
	task_fn *fn;
	void *arg;
	void (*notify)(void *ctx); /* called on the job's thread when it is done */
	void *ctx;
};

void task_init(struct task *t);
/* Stops and joins a running job, then frees what task_init set up. */
void task_destroy(struct task *t);

/*
 * Runs fn(t, arg) on a thread of its own; once it returns, notify(ctx) is
 * called on that thread (notify may be NULL).  The task must not be
 * running.  Returns 0, or an errno value from pthread_create.
 */
int task_start(struct task *t, task_fn *fn, void *arg, void (*notify)(void *ctx),
               void *ctx);

/* Asks the job to stop soon; it is still to be joined. */
void task_cancel(struct task *t);
bool task_cancelled(struct task *t);
const atomic_int *task_flag(struct task *t);

/* Whether the job has returned, so that task_join will not wait. */
bool task_done(struct task *t);

/* Waits up to ms milliseconds for the job to return; true when it has. */
bool task_wait(struct task *t, long ms);

/* Waits for the job to return and joins its thread; a task not running is left. */
void task_join(struct task *t);

/* task_cancel, then task_join: what leaving a screen does. */
void task_stop(struct task *t);

#endif
