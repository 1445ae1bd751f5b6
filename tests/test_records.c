/* Unit tests of what long counts keep: pieces skipped and recorded, the journal,
 * the task lines, the memory limits read from a cgroup. */
#include "config.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine/count.h"
#include "engine/journal.h"
#include "engine/memlimit.h"

/* A directory of its own for the files of a test. */
static char scratch[4096];

static int make_scratch(void **state)
{
	const char *tmp = getenv("TMPDIR");

	(void)state;
	snprintf(scratch, sizeof scratch, "%s/nq-records.XXXXXX",
	         tmp && *tmp ? tmp : "/tmp");
	return mkdtemp(scratch) ? 0 : -1;
}

static int drop_scratch(void **state)
{
	char cmd[4200];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
	return system(cmd) == 0 ? 0 : -1;
}

static void write_file(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
}

/* The whole of a small file. */
static char *read_file(const char *path)
{
	static char buf[1 << 16];
	FILE *fp = fopen(path, "r");

	assert_non_null(fp);
	size_t len = fread(buf, 1, sizeof buf - 1, fp);
	buf[len] = '\0';
	fclose(fp);
	return buf;
}

/* ---- The counters' pieces ---- */

#define MAX_PIECES 5000

/* A stand-in for a journal: what each piece counted, and which the counter
 * is told were done before. */
struct book {
	size_t npieces, begun;
	bool known[MAX_PIECES], finished[MAX_PIECES];
	struct count_result part[MAX_PIECES];
	int fail_at; /* finished fails with ENOSPC from this piece on; -1 never */
};

static int book_begin(void *ctx, size_t npieces)
{
	struct book *b = ctx;

	b->npieces = npieces;
	b->begun++;
	return npieces <= MAX_PIECES ? 0 : E2BIG;
}

static bool book_done(void *ctx, size_t piece, struct count_result *part)
{
	struct book *b = ctx;

	assert_true(piece < b->npieces);
	if (!b->known[piece])
		return false;
	*part = b->part[piece];
	return true;
}

static int book_finished(void *ctx, size_t piece, const struct count_result *part)
{
	struct book *b = ctx;

	assert_true(piece < b->npieces);
	assert_false(b->known[piece]);
	assert_false(b->finished[piece]);
	if (b->fail_at >= 0 && piece >= (size_t)b->fail_at)
		return ENOSPC;
	b->finished[piece] = true;
	b->part[piece] = *part;
	return 0;
}

/*
 * A count that remembers its pieces, then the same count told that every
 * other piece was done before: it counts only the rest, and the totals are
 * the same.
 */
static void check_resume(enum count_method m, int n, int nparts, int part, int threads)
{
	static struct book b;
	const struct count_pieces pieces = {book_begin, book_done, book_finished, &b};
	struct count_job job = {.n = n,
	                        .method = m,
	                        .threads = threads,
	                        .nparts = nparts,
	                        .part = part,
	                        .pieces = &pieces};
	struct count_result whole, again;

	memset(&b, 0, sizeof b);
	b.fail_at = -1;
	assert_int_equal(count_job_run(&job, NULL, NULL, NULL, &whole), 0);
	assert_int_equal(b.begun, 1);
	assert_true(b.npieces > 1);
	for (size_t p = 0; p < b.npieces; p++) {
		assert_true(b.finished[p]);
		b.known[p] = p % 2 == 0;
		b.finished[p] = false;
		/* What a journal remembers is what counts: a piece known with
		 * other counts shows in the total. */
		if (p % 2 == 0 && p / 2 < 3)
			b.part[p].total += 1;
	}
	assert_int_equal(count_job_run(&job, NULL, NULL, NULL, &again), 0);
	for (size_t p = 0; p < b.npieces; p++)
		assert_int_equal(b.finished[p], p % 2 == 1);
	assert_int_equal(again.total, whole.total + 3);
}

static void test_pieces_resume(void **state)
{
	(void)state;
	check_resume(COUNT_HALVES, 14, 1, 0, 2);
	check_resume(COUNT_HALVES, 15, 1, 0, 1);
	check_resume(COUNT_HALVES, 16, 5, 2, 2);
	check_resume(COUNT_BACKTRACK, 12, 1, 0, 2);
	check_resume(COUNT_BACKTRACK, 13, 3, 1, 1);
}

/* The pieces are a function of n, the method and the split, not of the
 * threads; a journal that cannot be written stops the count with its error. */
static void test_pieces_split(void **state)
{
	static struct book b;
	const struct count_pieces pieces = {book_begin, book_done, book_finished, &b};
	struct count_job job = {
	        .n = 16, .method = COUNT_HALVES, .nparts = 1, .pieces = &pieces};
	struct count_result r;
	size_t one;

	(void)state;
	memset(&b, 0, sizeof b);
	b.fail_at = -1;
	job.threads = 1;
	assert_int_equal(count_job_run(&job, NULL, NULL, NULL, &r), 0);
	one = b.npieces;
	assert_true(one <= 4096);
	memset(&b, 0, sizeof b);
	b.fail_at = -1;
	job.threads = 5;
	assert_int_equal(count_job_run(&job, NULL, NULL, NULL, &r), 0);
	assert_int_equal(b.npieces, one);

	memset(&b, 0, sizeof b);
	b.fail_at = 10;
	errno = 0;
	assert_int_equal(count_job_run(&job, NULL, NULL, NULL, &r), -1);
	assert_int_equal(errno, ENOSPC);
	memset(&b, 0, sizeof b);
	b.fail_at = 3;
	job.method = COUNT_BACKTRACK;
	job.n = 11;
	errno = 0;
	assert_int_equal(count_job_run(&job, NULL, NULL, NULL, &r), -1);
	assert_int_equal(errno, ENOSPC);
}

/* ---- Task lines ---- */

static void test_task_lines(void **state)
{
	const struct journal_id id = {21, "halves", 64, 3, false, "1.2.3"};
	struct journal_task t;
	char line[JOURNAL_LINE_MAX];
	const char *why;

	(void)state;
	journal_task_line(&id, 4916659728u, line, sizeof line);
	assert_string_equal(line, "nqueens-task n=21 tasks=64 task=3 method=halves "
	                          "solutions=4916659728 version=1.2.3 check=193d9a32");
	assert_int_equal(journal_task_parse(line, strlen(line), &t, &why), 0);
	assert_int_equal(t.n, 21);
	assert_int_equal(t.tasks, 64);
	assert_int_equal(t.task, 3);
	assert_false(t.unique);
	assert_int_equal(t.count, 4916659728u);
	assert_string_equal(t.method, "halves");
	assert_string_equal(t.version, "1.2.3");

	/* Cut off anywhere, or one digit changed: refused. */
	for (size_t len = 0; len < strlen(line); len++)
		assert_int_equal(journal_task_parse(line, len, &t, &why), -1);
	char *digit = strstr(line, "=4916659728");
	digit[3] = '7';
	assert_int_equal(journal_task_parse(line, strlen(line), &t, &why), -1);
	assert_non_null(strstr(why, "check does not match"));

	const struct journal_id classes = {14, "backtrack", 3, 1, true, "1.2.3"};
	journal_task_line(&classes, 15250, line, sizeof line);
	assert_int_equal(journal_task_parse(line, strlen(line), &t, &why), 0);
	assert_true(t.unique);
	assert_int_equal(t.count, 15250);
	assert_int_equal(journal_task_parse("12345", 5, &t, &why), -1);
	assert_non_null(strstr(why, "not a task line"));
}

/* ---- The journal ---- */

static const struct journal_id j16 = {16, "halves", 1, 1, false, "1.2.3"};

/* Opens path for id; NULL with the message in err. */
static struct journal *open_as(const char *path, const struct journal_id *id, char *note,
                               char *err, bool *usage)
{
	return journal_open(path, id, note, 512, err, 512, usage);
}

static void test_journal_resume(void **state)
{
	char path[4200], note[512], err[512];
	uint64_t total, unique;
	bool usage;

	(void)state;
	snprintf(path, sizeof path, "%s/count.journal", scratch);
	struct journal *j = open_as(path, &j16, note, err, &usage);
	assert_non_null(j);
	assert_string_equal(note, "");
	assert_int_equal(journal_known(j), 0);
	assert_int_equal(journal_begin(j, 10, err, sizeof err), 0);
	assert_int_equal(journal_add(j, 0, 5, 1), 0);
	assert_int_equal(journal_add(j, 7, 1234567u, 0), 0);
	assert_true(journal_done(j, 7, &total, &unique));
	journal_close(j);

	j = open_as(path, &j16, note, err, &usage);
	assert_non_null(j);
	assert_int_equal(journal_known(j), 2);
	assert_true(journal_done(j, 7, &total, &unique));
	assert_int_equal(total, 1234567u);
	assert_true(journal_done(j, 0, &total, &unique));
	assert_int_equal(unique, 1);
	assert_false(journal_done(j, 1, &total, &unique));
	/* Another program cuts the count otherwise: refused. */
	assert_int_equal(journal_begin(j, 11, err, sizeof err), -1);
	assert_non_null(strstr(err, "into 10 pieces"));
	assert_int_equal(journal_begin(j, 10, err, sizeof err), 0);
	assert_int_equal(journal_add(j, 3, 9, 0), 0);
	journal_close(j);

	/* A line cut off at the end: dropped and said, the rest kept. */
	FILE *fp = fopen(path, "a");
	assert_non_null(fp);
	fputs("piece=4 solutions=1", fp);
	fclose(fp);
	j = open_as(path, &j16, note, err, &usage);
	assert_non_null(j);
	assert_non_null(strstr(note, ":5: the last line was cut off"));
	assert_int_equal(journal_known(j), 3);
	assert_int_equal(journal_begin(j, 10, err, sizeof err), 0);
	assert_int_equal(journal_add(j, 4, 2, 0), 0);
	journal_close(j);
	j = open_as(path, &j16, note, err, &usage);
	assert_non_null(j);
	assert_string_equal(note, "");
	assert_int_equal(journal_known(j), 4);
	journal_close(j);
}

static void test_journal_refused(void **state)
{
	char path[4200], other[4200], note[512], err[512], *before;
	bool usage;

	(void)state;
	snprintf(path, sizeof path, "%s/refused.journal", scratch);
	struct journal *j = open_as(path, &j16, note, err, &usage);
	assert_non_null(j);
	assert_int_equal(journal_begin(j, 4, err, sizeof err), 0);
	assert_int_equal(journal_add(j, 1, 3, 0), 0);
	/* Another count cannot write it at the same time. */
	assert_null(open_as(path, &j16, note, err, &usage));
	assert_true(usage);
	assert_non_null(strstr(err, "another count is writing"));
	journal_close(j);

	/* Another n, method, split or version. */
	struct journal_id id = j16;
	id.n = 17;
	assert_null(open_as(path, &id, note, err, &usage));
	assert_true(usage);
	assert_non_null(strstr(err, ":1: the journal of count 16 --method halves, not of "
	                            "count 17 --method halves"));
	id = j16;
	id.method = "backtrack";
	assert_null(open_as(path, &id, note, err, &usage));
	assert_non_null(strstr(err, "not of count 16 --method backtrack"));
	id = j16;
	id.tasks = 8;
	id.task = 2;
	assert_null(open_as(path, &id, note, err, &usage));
	assert_non_null(
	        strstr(err, "not of count 16 --method halves --tasks 8 --task 2"));
	id = j16;
	id.version = "9.9";
	assert_null(open_as(path, &id, note, err, &usage));
	assert_non_null(strstr(err, "the journal of nqueens 1.2.3, not of this 9.9"));

	/* A line damaged before the last one: refused, not mended. */
	before = strdup(read_file(path));
	snprintf(other, sizeof other, "%s/damaged.journal", scratch);
	char text[4096];
	snprintf(text, sizeof text, "%s%s", before, strchr(before, '\n') + 1);
	strstr(text, "piece=1 solutions=3")[18] = '4';
	write_file(other, text); /* the piece line, altered, then whole */
	assert_null(open_as(other, &j16, note, err, &usage));
	assert_true(usage);
	assert_non_null(strstr(err, ":2: damaged"));

	/* Someone else's file is never written over. */
	snprintf(other, sizeof other, "%s/notes.txt", scratch);
	write_file(other, "my notes\n");
	assert_null(open_as(other, &j16, note, err, &usage));
	assert_true(usage);
	assert_non_null(strstr(err, ":1: not a journal of nqueens count"));
	assert_string_equal(read_file(other), "my notes\n");
	assert_null(open_as(scratch, &j16, note, err, &usage));
	assert_true(usage);
	assert_string_equal(read_file(path), before);
	free(before);
}

/* ---- Memory limits ---- */

/* Writes root/dir/name with text, making the directories. */
static void cg_file(const char *root, const char *dir, const char *name, const char *text)
{
	char path[4300], cmd[4400];

	snprintf(cmd, sizeof cmd, "mkdir -p '%s%s'", root, dir);
	assert_int_equal(system(cmd), 0);
	snprintf(path, sizeof path, "%s%s/%s", root, dir, name);
	write_file(path, text);
}

static void test_memlimit_cgroup(void **state)
{
	static const char v2mount[] =
	        "22 1 0:20 / /proc rw - proc proc rw\n"
	        "30 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev - cgroup2 cgroup2 rw\n";
	char root[4200];
	size_t limit = 0, usage = 0;

	(void)state;
	/* v2: the cgroup's memory.max, and a parent's when it is tighter. */
	snprintf(root, sizeof root, "%s/v2", scratch);
	cg_file(root, "/sys/fs/cgroup/job/step", "memory.max", "268435456\n");
	cg_file(root, "/sys/fs/cgroup/job/step", "memory.current", "1048576\n");
	cg_file(root, "/sys/fs/cgroup/job", "memory.max", "max\n");
	assert_int_equal(memlimit_cgroup("0::/job/step\n", v2mount, root, &limit, &usage),
	                 0);
	assert_int_equal(limit, (size_t)256 << 20);
	assert_int_equal(usage, (size_t)1 << 20);
	cg_file(root, "/sys/fs/cgroup/job", "memory.max", "104857600\n");
	cg_file(root, "/sys/fs/cgroup/job", "memory.current", "0\n");
	assert_int_equal(memlimit_cgroup("0::/job/step\n", v2mount, root, &limit, &usage),
	                 0);
	assert_int_equal(limit, (size_t)100 << 20);
	/* No limit anywhere: none. */
	cg_file(root, "/sys/fs/cgroup/free", "memory.max", "max\n");
	assert_int_equal(memlimit_cgroup("0::/free\n", v2mount, root, &limit, &usage),
	                 -1);

	/* v1, in a namespace whose mount's root is the cgroup's parent. */
	static const char v1mount[] = "40 30 0:35 /slurm /sys/fs/cgroup/memory "
	                              "rw,nosuid shared:9 - cgroup cgroup rw,memory\n";
	snprintf(root, sizeof root, "%s/v1", scratch);
	cg_file(root, "/sys/fs/cgroup/memory/job_7", "memory.limit_in_bytes",
	        "9223372036854771712\n");
	assert_int_equal(memlimit_cgroup("5:cpuacct,cpu:/\n4:memory:/slurm/job_7\n",
	                                 v1mount, root, &limit, &usage),
	                 -1);
	cg_file(root, "/sys/fs/cgroup/memory/job_7", "memory.limit_in_bytes",
	        "536870912\n");
	cg_file(root, "/sys/fs/cgroup/memory/job_7", "memory.usage_in_bytes", "4096\n");
	assert_int_equal(memlimit_cgroup("5:cpuacct,cpu:/\n4:memory:/slurm/job_7\n",
	                                 v1mount, root, &limit, &usage),
	                 0);
	assert_int_equal(limit, (size_t)512 << 20);
	assert_int_equal(usage, 4096);
	/* No memory controller mounted: nothing found. */
	assert_int_equal(
	        memlimit_cgroup("4:memory:/slurm/job_7\n", v2mount, root, &limit, &usage),
	        -1);
}

/* The limits of this process: what ulimit -v leaves is found. */
static void test_memlimit_read(void **state)
{
	struct memlimit m;

	(void)state;
	memlimit_read(&m);
	assert_true(m.physical > 0);
	assert_true(m.room <= m.limit || m.kind == MEMLIMIT_NONE);
	assert_non_null(strstr(memlimit_name(MEMLIMIT_AS), "ulimit -v"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_pieces_resume),
	        cmocka_unit_test(test_pieces_split),
	        cmocka_unit_test(test_task_lines),
	        cmocka_unit_test(test_journal_resume),
	        cmocka_unit_test(test_journal_refused),
	        cmocka_unit_test(test_memlimit_cgroup),
	        cmocka_unit_test(test_memlimit_read),
	};

	return cmocka_run_group_tests(tests, make_scratch, drop_scratch);
}
