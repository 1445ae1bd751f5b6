/* The sum command: adds up the lines of a split count's tasks, refusing a task
 * missing, given twice, of another count or cut off. */
#include "config.h"

#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/count.h"
#include "engine/fileio.h"
#include "engine/journal.h"
#include "engine/known.h"

/* A line longer than this is no task line. */
#define SUM_LINE_MAX 4096

/* The ends a line may have: LF, or CRLF (a file that went through Windows). */
static const char line_ends[] = "\r\n";

/* How many missing tasks the message names. */
#define SUM_SHOWN 10

/* What the lines read so far say, and where each task was found. */
struct summing {
	struct journal_task first; /* the count every line must be of */
	char where[SUM_LINE_MAX];  /* FILE:LINE of the first line */
	int tasks;
	const char **file; /* by task (1-based): the file it came from, or NULL */
	long *line;
	uint64_t total;
	bool overflow;
};

/* "count N --method M --tasks T" (and --unique), for a message. */
static void describe(const struct journal_task *t, char *buf, size_t len)
{
	snprintf(buf, len, "count %d --method %s%s --tasks %d, nqueens %s", t->n,
	         t->method, t->unique ? " --unique" : "", t->tasks, t->version);
}

/* Adds one task line; CLI_OK, or CLI_USAGE after saying why on stderr. */
static int sum_line(struct summing *s, const char *name, long lineno, const char *text,
                    size_t len)
{
	struct journal_task t;
	const char *why;

	if (journal_task_parse(text, len, &t, &why) != 0)
		return cli_usage_error("sum", "%s:%ld: %s", name, lineno, why);
	if (!s->tasks) {
		s->first = t;
		snprintf(s->where, sizeof s->where, "%s:%ld", name, lineno);
		s->tasks = t.tasks;
		s->file = calloc((size_t)t.tasks + 1, sizeof *s->file);
		s->line = calloc((size_t)t.tasks + 1, sizeof *s->line);
		if (!s->file || !s->line) {
			fprintf(stderr, "nqueens sum: %s\n", strerror(ENOMEM));
			exit(CLI_NO);
		}
	}
	const struct journal_task *f = &s->first;
	if (t.n != f->n || t.tasks != f->tasks || t.unique != f->unique ||
	    strcmp(t.method, f->method) != 0 || strcmp(t.version, f->version) != 0) {
		char a[160], b[160];

		describe(&t, a, sizeof a);
		describe(f, b, sizeof b);
		return cli_usage_error("sum",
		                       "%s:%ld: task %d of another count (%s) than %s "
		                       "(%s)",
		                       name, lineno, t.task, a, s->where, b);
	}
	if (s->file[t.task])
		return cli_usage_error(
		        "sum", "%s:%ld: task %d of %d again (first at %s:%ld)", name,
		        lineno, t.task, t.tasks, s->file[t.task], s->line[t.task]);
	s->file[t.task] = name;
	s->line[t.task] = lineno;
	s->overflow |= s->total + t.count < s->total;
	s->total += t.count;
	return CLI_OK;
}

/* Reads one file's lines (or standard input's, for "-"). */
static int sum_file(struct summing *s, const char *path)
{
	const bool in = strcmp(path, "-") == 0;
	const char *name = in ? "standard input" : path;
	char why[256];
	/* A FIFO or a device is refused at once, never waited on: standard
	 * input is the way to pipe task lines in. */
	FILE *f = in ? stdin : fileio_open_regular(path, why, sizeof why);
	char *buf = NULL;
	size_t cap = 0;
	long lineno = 0;
	ssize_t len;
	int rc = CLI_OK;

	if (!f && errno == EISDIR)
		return cli_usage_error("sum", "%s: a directory, not a file of task lines",
		                       path);
	if (!f)
		return cli_usage_error("sum", "%s: %s%s", path, why,
		                       errno == EINVAL
		                               ? "; give a file of task lines, or "
		                                 "pipe them to standard input"
		                               : "");
	while (rc == CLI_OK && (len = getline(&buf, &cap, f)) >= 0) {
		lineno++;
		/* A blank line, at the end or between, is no task. */
		while (len > 0 && buf[len - 1] && strchr(line_ends, buf[len - 1]))
			buf[--len] = '\0';
		if (strspn(buf, " \t") == (size_t)len)
			continue;
		if (len > SUM_LINE_MAX || memchr(buf, '\0', (size_t)len))
			rc = cli_usage_error("sum",
			                     "%s:%ld: not a task line of nqueens "
			                     "count --tasks",
			                     name, lineno);
		else
			rc = sum_line(s, name, lineno, buf, (size_t)len);
	}
	if (rc == CLI_OK && ferror(f))
		rc = cli_usage_error("sum", "%s: %s", name, strerror(errno));
	free(buf);
	if (!in)
		fclose(f);
	return rc;
}

int cli_sum(int argc, char **argv)
{
	static const char synopsis[] = "nqueens sum [FILE...]";
	static const struct cli_optdef defs[OPT_COUNT] = {};
	struct cli_args args;
	char *stdin_only[] = {"-"};
	struct summing s = {.tasks = 0};
	int rc;

	if ((rc = cli_begin("sum", synopsis, argc, argv, defs, argc, &args)) >= 0)
		return rc;
	rc = CLI_OK;
	char **files = args.npos ? args.pos : stdin_only;
	for (int i = 0; i < (args.npos ? args.npos : 1) && rc == CLI_OK; i++)
		rc = sum_file(&s, files[i]);
	if (rc == CLI_OK && !s.tasks)
		rc = cli_usage_error("sum",
		                     "no task lines in %s; give the outputs of nqueens "
		                     "count N --tasks T --task I",
		                     args.npos == 1 ? args.pos[0]
		                     : args.npos    ? "the files"
		                                    : "standard input");
	if (rc == CLI_OK && s.overflow) {
		fprintf(stderr, "nqueens sum: the tasks add up to more than 2^64\n");
		rc = CLI_NO;
	}
	if (rc == CLI_OK) {
		char shown[SUM_SHOWN * 12] = "";
		int missing = 0;

		for (int t = 1; t <= s.tasks; t++)
			if (!s.file[t] && missing++ < SUM_SHOWN)
				snprintf(shown + strlen(shown),
				         sizeof shown - strlen(shown), "%s%d",
				         missing > 1 ? ", " : "", t);
		if (missing) {
			fprintf(stderr,
			        "nqueens sum: %d of the %d tasks %s missing: %s%s; no "
			        "total\n",
			        missing, s.tasks, missing == 1 ? "is" : "are", shown,
			        missing > SUM_SHOWN ? ", ..." : "");
			rc = CLI_NO;
		}
	}
	if (rc == CLI_OK) {
		uint64_t total, classes;

		/* The published counts catch a machine that counted wrong; a
		 * wrong total never reaches stdout, where $(...) would take it. */
		if (known_counts(s.first.n, &total, &classes) &&
		    s.total != (s.first.unique ? classes : total)) {
			fprintf(stderr,
			        "nqueens sum: the %d task%s up to %" PRIu64
			        ", but OEIS %s has %" PRIu64 " for n = %d; no total\n",
			        s.tasks, s.tasks == 1 ? " adds" : "s add", s.total,
			        s.first.unique ? "A002562" : "A000170",
			        s.first.unique ? classes : total, s.first.n);
			rc = CLI_NO;
		} else {
			printf("%" PRIu64 "\n", s.total);
			rc = cli_finish_output(rc);
		}
	}
	free(s.file);
	free(s.line);
	return rc;
}
