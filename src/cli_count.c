/* The count command: the counters on a task, a progress bar on a terminal, tasks for
 * clusters, a journal to resume from. */
#include "config.h"

#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "engine/count.h"
#include "engine/halves.h"
#include "engine/journal.h"
#include "engine/known.h"
#include "engine/memlimit.h"
#include "engine/table_cache.h"
#include "engine/task.h"

#define MAX_THREADS 256

/* The journal of --journal, as the count's pieces see it. */
struct journalling {
	struct journal *j;
	const char *path;
	atomic_int before; /* thousandths of the pieces counted before, for the bar */
	char err[JOURNAL_LINE_MAX + 4096]; /* why it stopped the count */
};

static int pieces_begin(void *ctx, size_t npieces)
{
	struct journalling *jl = ctx;

	if (journal_begin(jl->j, npieces, jl->err, sizeof jl->err))
		return errno;
	if (npieces)
		atomic_store(&jl->before, (int)(journal_known(jl->j) * 1000 / npieces));
	return 0;
}

static bool pieces_done(void *ctx, size_t piece, struct count_result *part)
{
	struct journalling *jl = ctx;

	return journal_done(jl->j, piece, &part->total, &part->unique);
}

static int pieces_finished(void *ctx, size_t piece, const struct count_result *part)
{
	struct journalling *jl = ctx;

	if (journal_add(jl->j, piece, part->total, part->unique) == 0)
		return 0;
	const int err = errno;
	snprintf(jl->err, sizeof jl->err,
	         "cannot write the journal %s: %s%s; its lines are whole, run the "
	         "count again where it has room",
	         jl->path, strerror(err),
	         err == EFBIG ? " (the limit of ulimit -f)" : "");
	return err;
}

/* A long count on a task of its own, while this thread draws its bar. */
struct counting {
	atomic_int permille;      /* how far it is, for the bar */
	const atomic_int *before; /* how far a journal had it, or NULL */
	int rc, err;
	struct count_job job; /* a whole count, or --tasks T --task I: part I - 1 of T */
	struct halves_stats stats;
	struct count_result result;
};

/* The count as the job says: the join's own units where it counts n, else
 * the constellations. */
static int count_run(struct counting *c, count_progress_fn progress, void *ctx)
{
	c->job.stats = &c->stats;
	return count_job_run(&c->job, progress, ctx, NULL, &c->result);
}

static void progress_update(void *ctx, double done)
{
	struct counting *c = ctx;

	atomic_store(&c->permille, (int)(done * 1000));
}

static void count_task(struct task *t, void *arg)
{
	struct counting *c = arg;

	(void)t;
	c->rc = count_run(c, progress_update, c);
	c->err = errno;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * NQUEENS_PIECE_TIMES=FILE, for bench/scaling.sh: when the count's setup
 * (the table built or mapped) ended and each piece (the units a thread
 * takes at a time) began and ended, in seconds from the start, written to
 * FILE: "setup S" and "piece P START END" lines.  Taken through the pieces
 * a journal keeps, so that the join itself is not changed to be timed.
 */
struct timing {
	double t0, setup;
	double *start, *end;
	size_t npieces;
};

static int timing_begin(void *ctx, size_t npieces)
{
	struct timing *t = ctx;

	t->setup = now() - t->t0;
	t->start = calloc(npieces ? npieces : 1, sizeof *t->start);
	t->end = calloc(npieces ? npieces : 1, sizeof *t->end);
	t->npieces = npieces;
	return t->start && t->end ? 0 : ENOMEM;
}

static bool timing_done(void *ctx, size_t piece, struct count_result *part)
{
	struct timing *t = ctx;

	(void)part;
	t->start[piece] = now() - t->t0; /* each piece's own slot: no lock */
	return false;
}

static int timing_finished(void *ctx, size_t piece, const struct count_result *part)
{
	struct timing *t = ctx;

	(void)part;
	t->end[piece] = now() - t->t0;
	return 0;
}

/* Writes the times to path; says on stderr when it cannot. */
static void timing_write(struct timing *t, const char *path)
{
	FILE *f = fopen(path, "w");

	if (f) {
		fprintf(f, "setup %.6f\n", t->setup);
		for (size_t p = 0; p < t->npieces; p++)
			fprintf(f, "piece %zu %.6f %.6f\n", p, t->start[p], t->end[p]);
	}
	if (!f || fclose(f) != 0)
		fprintf(stderr,
		        "nqueens count: cannot write %s (NQUEENS_PIECE_TIMES): %s\n",
		        path, strerror(errno));
	free(t->start);
	free(t->end);
}

/* The terminal's width on stderr; 80 when it cannot be told. */
static int stderr_cols(void)
{
	struct winsize ws;

	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	return 80;
}

/*
 * Draws the bar on one line that never reaches the last column: a line that
 * wrapped could not be erased by the next \r.  The bar shrinks first, then
 * the passes --memory added go, then the time left, then the bar: the
 * percentage stays.  The part a journal had done (before) is in the bar,
 * but not in the pace the time left is worked out from.
 */
static void draw_bar(double done, double before, double elapsed, size_t passes)
{
	char bar[31], left[96] = "estimating the time left";
	int fill, room = stderr_cols() - 1, width = 30;

	if (done - before > 0.01) {
		long secs = (long)(elapsed * (1 - done) / (done - before) + 0.5);

		if (secs >= 3600)
			snprintf(left, sizeof left, "about %ld h %02ld min left",
			         secs / 3600, secs % 3600 / 60);
		else if (secs >= 60)
			snprintf(left, sizeof left, "about %ld min %02ld s left",
			         secs / 60, secs % 60);
		else
			snprintf(left, sizeof left, "about %ld s left", secs);
	}
	/* The budget of --memory made the join sieve its tops in parts; said
	 * where the line has room for it beside a bar of 10 at least. */
	if (passes > 0) {
		size_t at = strlen(left);
		snprintf(left + at, sizeof left - at, ", %zu more passes for --memory",
		         passes);
		if (10 + 9 + (int)strlen(left) > room)
			left[at] = '\0';
	}
	/* "[bar] 100%  left": brackets, a blank, the percentage, two blanks. */
	if (width + 9 + (int)strlen(left) > room)
		width = room - 9 - (int)strlen(left);
	if (width < 10) {
		left[0] = '\0';
		width = room - 7 < 30 ? room - 7 : 30;
	}
	if (width < 5)
		width = 0;
	fill = (int)(done * width + 0.5);
	if (fill > width)
		fill = width;
	if (fill < 0)
		fill = 0;
	memset(bar, '#', (size_t)fill);
	memset(bar + fill, '-', (size_t)(width - fill));
	bar[width] = '\0';
	/* Erase to the end of the line: the text may be shorter than last time. */
	if (width > 0)
		fprintf(stderr, "\r[%s] %3.0f%%%s%s\033[K", bar, done * 100,
		        left[0] ? "  " : "", left);
	else
		fprintf(stderr, "\r%3.0f%%\033[K", done * 100);
	fflush(stderr);
}

/* Set while a bar is on the screen, so that a signal can take it away. */
static volatile sig_atomic_t bar_shown;

/* Ctrl-C, a hang-up or a kill during a count: erase the bar, then die of it. */
static void on_bar_signal(int sig)
{
	static const char erase[] = "\r\033[K";

	if (bar_shown && write(STDERR_FILENO, erase, sizeof erase - 1) < 0)
		bar_shown = 0;
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Runs the count on a task while this thread draws a bar after half a second. */
static int count_with_bar(struct counting *cp)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
	struct counting c = *cp;
	struct sigaction sa, old[4];
	sigset_t block, saved;
	struct task t;
	double start = now();
	bool drawn = false;
	int rc;

	/* The count's threads leave the signals to this one, which draws. */
	sigemptyset(&block);
	for (int i = 0; i < 4; i++)
		sigaddset(&block, sigs[i]);
	task_init(&t);
	pthread_sigmask(SIG_BLOCK, &block, &saved);
	rc = task_start(&t, count_task, &c, NULL, NULL);
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
	if (rc != 0) {
		task_destroy(&t);
		errno = rc;
		return -1;
	}
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_bar_signal;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < 4; i++)
		sigaction(sigs[i], &sa, &old[i]);
	while (!task_wait(&t, 200)) {
		if (now() - start > 0.5) {
			draw_bar(atomic_load(&c.permille) / 1000.0,
			         c.before ? atomic_load(c.before) / 1000.0 : 0,
			         now() - start, atomic_load(&c.stats.extra_passes));
			drawn = true;
			bar_shown = 1;
		}
	}
	task_join(&t);
	task_destroy(&t);
	if (drawn)
		fputs("\r\033[K", stderr);
	bar_shown = 0;
	for (int i = 0; i < 4; i++)
		sigaction(sigs[i], &old[i], NULL);
	cp->result = c.result;
	errno = c.err;
	return c.rc;
}

/*
 * Reads --memory SIZE: a whole number of bytes, or of KiB, MiB or GiB with
 * K, M or G after it; 1 MiB at least.
 */
static int parse_memory(const char *text, size_t *out)
{
	static const char units[] = "KMG";
	const char *unit;
	size_t len = strlen(text), shift = 0;
	uint64_t v;
	char digits[32];

	if (len > 0 && (unit = strchr(units, text[len - 1])) != NULL && *unit) {
		shift = 10 * (size_t)(unit - units + 1);
		len--;
	}
	if (len == 0 || len >= sizeof digits || strspn(text, "0123456789") != len)
		return cli_usage_error("count",
		                       "--memory must be a number of bytes, or of "
		                       "KiB, MiB or GiB with K, M or G after it "
		                       "(512M, 2G), not '%s'",
		                       text);
	memcpy(digits, text, len);
	digits[len] = '\0';
	v = strtoull(digits, NULL, 10);
	if (v == 0 || v > (UINT64_MAX >> 30) || (v << shift) > SIZE_MAX ||
	    (v << shift) < ((uint64_t)1 << 20))
		return cli_usage_error(
		        "count", "--memory must be from 1M to %" PRIu64 "G, not '%s'",
		        (uint64_t)(SIZE_MAX >> 30), text);
	*out = (size_t)(v << shift);
	return CLI_OK;
}

/* A size in MiB for a message, rounded down (up with `up`). */
static size_t mib(size_t bytes, bool up)
{
	return (bytes + (up ? (1u << 20) - 1 : 0)) >> 20;
}

/*
 * The budget of the join when it counts: --memory if given (refused above
 * the room a hard limit leaves, which a cgroup's OOM killer would enforce
 * without a word), else the default, refused below the least n needs.
 * Returns CLI_OK, or the status of the message printed.
 */
static int memory_check(const char *given, size_t memory, int n, int threads, bool mapped)
{
	size_t floor = halves_memory_floor_of(n, threads, mapped);
	struct memlimit m;

	memlimit_read(&m);
	const size_t fits = halves_memory_room(&m, threads);
	if (given && memory < floor)
		return cli_usage_error("count",
		                       "--memory %s is too small for count %d on %d "
		                       "thread%s: it needs %zu MiB at least",
		                       given, n, threads, threads == 1 ? "" : "s",
		                       mib(floor, true));
	if (given && m.kind != MEMLIMIT_NONE && memory > m.room)
		return cli_usage_error("count",
		                       "--memory %s is more than %s leaves this process "
		                       "(about %zu MiB); give %zuM at most",
		                       given, memlimit_name(m.kind), mib(m.room, false),
		                       mib(fits, false));
	if (!given && fits < floor) {
		fprintf(stderr,
		        "nqueens count: count %d on %d thread%s needs %zu MiB at least, "
		        "but %s leaves this process about %zu MiB%s\n",
		        n, threads, threads == 1 ? "" : "s", mib(floor, true),
		        memlimit_name(m.kind), mib(m.room, false),
		        threads > 1 && halves_memory_floor(n, 1) <= fits
		                ? "; try --threads 1"
		                : "");
		return CLI_NO;
	}
	return CLI_OK;
}

/* What a count that ran out of memory says: the --memory that would fit. */
static void memory_failed(const char *given, size_t memory, int n, int threads)
{
	struct memlimit m;

	memlimit_read(&m);
	const size_t fits = halves_memory_room(&m, threads),
	             floor = halves_memory_floor(n, threads);
	char budget[64];

	if (given)
		snprintf(budget, sizeof budget, "--memory %s", given);
	else
		snprintf(budget, sizeof budget, "the default --memory %zuM",
		         mib(halves_default_memory(threads), false));
	if (m.kind != MEMLIMIT_NONE && fits >= floor && (!given || memory > fits))
		fprintf(stderr,
		        "nqueens count: out of memory with %s: %s leaves this "
		        "process about %zu MiB; --memory %zuM would fit\n",
		        budget, memlimit_name(m.kind), mib(m.room, false),
		        mib(fits, false));
	else
		fprintf(stderr,
		        "nqueens count: out of memory with %s; give a smaller --memory "
		        "(count %d on %d thread%s needs %zu MiB at least)\n",
		        budget, n, threads, threads == 1 ? "" : "s", mib(floor, true));
}

/*
 * Holds what the count found against the published counts (OEIS A000170 and
 * A002562), where they go that far: a journal edited, or a machine that
 * counted wrong, must not print a wrong total.  A task's count is checked
 * against the whole count only (nqueens sum checks the tasks' total).
 * Returns whether it disagrees, after saying so on stderr.
 */
static bool count_disagrees(const struct journal_id *id, const struct count_result *res,
                            const char *journal)
{
	uint64_t total, classes;
	char from[4096] = "";

	if (!known_counts(id->n, &total, &classes))
		return false;
	const uint64_t got = id->unique ? res->unique : res->total,
	               want = id->unique ? classes : total;
	const char *oeis = id->unique ? "A002562" : "A000170";
	if (journal)
		snprintf(from, sizeof from, " (the journal %s may be damaged or forged)",
		         journal);
	if (id->tasks > 1 && got > want) {
		fprintf(stderr,
		        "nqueens count: task %d of %d counted %" PRIu64
		        ", more than OEIS %s has for all of n = %d (%" PRIu64 ")%s\n",
		        id->task, id->tasks, got, oeis, id->n, want, from);
		return true;
	}
	if (id->tasks == 1 && got != want) {
		fprintf(stderr,
		        "nqueens count: counted %" PRIu64 ", but OEIS %s has %" PRIu64
		        " for n = %d%s; no total\n",
		        got, oeis, want, id->n, from);
		return true;
	}
	return false;
}

static const char synopsis[] = "nqueens count N [--unique] [--threads K] "
                               "[--method halves|backtrack] [--memory SIZE] "
                               "[--journal FILE] [--table-cache DIR|none] "
                               "[--tasks T [--task I | --list]]";

/* What the table cache says: a file refused, or not written. */
static void cache_note(void *ctx, const char *line)
{
	(void)ctx;
	/* A note while the bar is drawn (a table written after the build)
	 * takes the bar's line; the bar comes back on the next. */
	if (isatty(STDERR_FILENO))
		fputs("\r\033[K", stderr);
	fprintf(stderr, "nqueens count: %s\n", line);
}

/* Reads --method for job->n: CLI_OK, or CLI_USAGE said on stderr. */
static int count_method_option(const char *name, struct count_job *job)
{
	if (!name)
		return CLI_OK;
	if (strcmp(name, "halves") == 0)
		job->method = COUNT_HALVES;
	else if (strcmp(name, "backtrack") == 0)
		job->method = COUNT_BACKTRACK;
	else
		return cli_usage_error(
		        "count", "--method must be halves or backtrack, not '%s'", name);
	if (!count_method_works(job->method, job->n))
		return cli_usage_error("count", "--method halves counts %d <= N <= %d",
		                       HALVES_MIN_N, HALVES_MAX_N);
	return CLI_OK;
}

/* Reads --tasks T with --task I or --list into job: CLI_OK, or CLI_USAGE. */
static int count_task_options(const char *const val[OPT_COUNT], struct count_job *job)
{
	uint64_t k;

	if ((val[OPT_TASK] || val[OPT_LIST]) && !val[OPT_TASKS])
		return cli_usage_error("count", "--%s goes with --tasks T; usage: %s",
		                       val[OPT_TASK] ? "task" : "list", synopsis);
	if (val[OPT_JOURNAL] && !val[OPT_JOURNAL][0])
		return cli_usage_error("count", "--journal needs a file name");
	if (!val[OPT_TASKS])
		return CLI_OK;
	if (cli_parse_number("count", "T, the number of tasks", val[OPT_TASKS], 1,
	                     COUNT_MAX_PARTS, &k))
		return CLI_USAGE;
	job->nparts = (int)k;
	if (val[OPT_TASK] && val[OPT_LIST])
		return cli_usage_error("count", "--task and --list go apart: "
		                                "--task I counts one task, --list "
		                                "lists them");
	if (!val[OPT_TASK] && !val[OPT_LIST])
		return cli_usage_error("count",
		                       "--tasks T needs --task I (1 to %d) or "
		                       "--list",
		                       job->nparts);
	if (val[OPT_LIST] && val[OPT_JOURNAL])
		return cli_usage_error("count", "--journal goes with a count, not with "
		                                "--list");
	if (val[OPT_TASK]) {
		if (cli_parse_number("count", "I, the task", val[OPT_TASK], 1,
		                     (uint64_t)job->nparts, &k))
			return CLI_USAGE;
		job->part = (int)k - 1;
	}
	return CLI_OK;
}

/* Reads count's options after N into job: CLI_OK, or CLI_USAGE said on stderr. */
static int count_options(const char *const val[OPT_COUNT], struct count_job *job)
{
	uint64_t k;

	if (count_method_option(val[OPT_METHOD], job))
		return CLI_USAGE;
	if (val[OPT_THREADS]) {
		if (cli_parse_number("count", "the number of threads", val[OPT_THREADS],
		                     1, MAX_THREADS, &k))
			return CLI_USAGE;
		job->threads = (int)k;
	}
	if (val[OPT_MEMORY] && parse_memory(val[OPT_MEMORY], &job->memory))
		return CLI_USAGE;
	if (count_task_options(val, job))
		return CLI_USAGE;
	/* The classes of a part come from the constellations: the join finds
	 * them from the whole total only. */
	if (job->nparts > 1 && val[OPT_UNIQUE])
		job->method = COUNT_BACKTRACK;
	return CLI_OK;
}

/*
 * count --list: each task's estimated weight and constellations.  The
 * weights are the constellations': they describe the backtracking split.
 */
static int list_tasks(int n, int nparts)
{
	struct count_part *parts = calloc((size_t)nparts, sizeof *parts);

	if (!parts || count_parts(n, nparts, parts) < 0) {
		free(parts);
		fprintf(stderr, "nqueens count: %s\n", strerror(errno));
		return CLI_NO;
	}
	/* Task, estimated weight, constellations. */
	for (int i = 0; i < nparts && !ferror(stdout); i++)
		printf("%d %" PRIu64 " %" PRIu64 "\n", i + 1, parts[i].weight,
		       parts[i].constellations);
	free(parts);
	return cli_finish_output(CLI_OK);
}

/*
 * --journal: opens jl's journal of the count id for c, saying on stderr
 * what it holds already; -1 to go on, or the status to end with.
 */
static int journal_start(struct journalling *jl, const struct journal_id *id,
                         const struct count_pieces *pieces, struct counting *c)
{
	char note[JOURNAL_LINE_MAX + 4096], err[JOURNAL_LINE_MAX + 4096];
	bool usage;

	jl->j = journal_open(jl->path, id, note, sizeof note, err, sizeof err, &usage);
	if (!jl->j) {
		fprintf(stderr, "nqueens count: %s\n", err);
		return usage ? CLI_USAGE : CLI_NO;
	}
	if (note[0])
		fprintf(stderr, "nqueens count: %s\n", note);
	if (journal_known(jl->j) > 0)
		fprintf(stderr,
		        "nqueens count: %s: %zu piece%s counted before; counting "
		        "the rest\n",
		        jl->path, journal_known(jl->j),
		        journal_known(jl->j) == 1 ? "" : "s");
	c->job.pieces = pieces;
	c->before = &jl->before;
	/* Past ulimit -f a write fails with EFBIG, which the journal takes
	 * back whole, instead of the signal killing the count mid-line. */
	signal(SIGXFSZ, SIG_IGN);
	return -1;
}

int cli_count(int argc, char **argv)
{
	static const struct cli_optdef defs[OPT_COUNT] = {
	        [OPT_UNIQUE] = {"unique", 'u', false},
	        [OPT_THREADS] = {"threads", 't', true},
	        [OPT_TASKS] = {"tasks", 0, true},
	        [OPT_TASK] = {"task", 0, true},
	        [OPT_LIST] = {"list", 0, false},
	        [OPT_METHOD] = {"method", 'm', true},
	        [OPT_MEMORY] = {"memory", 0, true},
	        [OPT_JOURNAL] = {"journal", 0, true},
	        [OPT_TABLE_CACHE] = {"table-cache", 0, true},
	};
	struct cli_args args;
	const char *const *val = args.val;
	struct counting c = {.job = {.method = COUNT_AUTO, .nparts = 1}};
	int rc;

	if ((rc = cli_begin("count", synopsis, argc, argv, defs, 1, &args)) >= 0)
		return rc;
	if (cli_parse_n("count", synopsis, args.npos, args.pos, COUNT_MAX_N, &c.job.n) ||
	    count_options(val, &c.job))
		return CLI_USAGE;
	if (val[OPT_TABLE_CACHE] && !val[OPT_TABLE_CACHE][0])
		return cli_usage_error("count",
		                       "--table-cache needs a directory, or none");
	if (val[OPT_LIST])
		return list_tasks(c.job.n, c.job.nparts);
	/* The join's table from its cache file; asked for by --table-cache, a
	 * file that is not trusted, or a cache that cannot be written, stops
	 * the count rather than have it hold a table of its own. */
	static struct table_cache_opts cache = {.note = cache_note};
	char cache_dir[4096];
	cache.dir = table_cache_dir(val[OPT_TABLE_CACHE], cache_dir, sizeof cache_dir);
	cache.strict = val[OPT_TABLE_CACHE] && cache.dir;
	c.job.cache = &cache;
	const int n = c.job.n;
	const bool join = count_job_method(&c.job) == COUNT_HALVES;
	const int k = c.job.threads ? c.job.threads : count_default_threads();
	/* A table the cache holds is not this count's memory. */
	const bool mapped = join && table_cache_ready(cache.dir, n);
	if (join &&
	    (rc = memory_check(val[OPT_MEMORY], c.job.memory, n, k, mapped)) != CLI_OK)
		return rc;
	struct journal_id id = {.n = n,
	                        .method = join ? "halves" : "backtrack",
	                        .tasks = c.job.nparts,
	                        .task = c.job.part + 1,
	                        .unique = val[OPT_UNIQUE] != NULL,
	                        .version = PACKAGE_VERSION};
	struct journalling jl = {.j = NULL, .path = val[OPT_JOURNAL]};
	struct count_pieces pieces = {pieces_begin, pieces_done, pieces_finished, &jl};
	if (jl.path && (rc = journal_start(&jl, &id, &pieces, &c)) >= 0)
		return rc;
	const char *times = jl.path ? NULL : getenv("NQUEENS_PIECE_TIMES");
	struct timing tm = {now(), 0, NULL, NULL, 0};
	struct count_pieces timed = {timing_begin, timing_done, timing_finished, &tm};
	if (times && times[0])
		c.job.pieces = &timed;
	if (isatty(STDERR_FILENO))
		rc = count_with_bar(&c);
	else
		rc = count_run(&c, NULL, NULL);
	if (rc < 0) {
		const int err = errno;

		if (jl.err[0])
			fprintf(stderr, "nqueens count: %s\n", jl.err);
		else if (cache.why[0])
			fprintf(stderr, "nqueens count: %s\n", cache.why);
		else if (err == ENOMEM && join)
			memory_failed(val[OPT_MEMORY], c.job.memory, n, k);
		else
			fprintf(stderr, "nqueens count: %s\n", strerror(err));
		journal_close(jl.j);
		return jl.err[0] && err == EINVAL ? CLI_USAGE : CLI_NO;
	}
	journal_close(jl.j);
	if (times && times[0])
		timing_write(&tm, times);
	if (count_disagrees(&id, &c.result, val[OPT_JOURNAL]))
		return CLI_NO;
	if (val[OPT_TASKS]) {
		/* A task says what it is, for nqueens sum. */
		char line[JOURNAL_LINE_MAX];

		journal_task_line(&id, val[OPT_UNIQUE] ? c.result.unique : c.result.total,
		                  line, sizeof line);
		printf("%s\n", line);
	} else
		printf("%" PRIu64 "\n",
		       val[OPT_UNIQUE] ? c.result.unique : c.result.total);
	return cli_finish_output(CLI_OK);
}
