/*
 * What the unit tests of files share: a private scratch directory per run
 * (SCRATCH_NAME, removed at the end), and writing and reading a small file.
 * Include after cmocka.h, with SCRATCH_NAME defined.
 */
#ifndef NQ_TESTS_SCRATCH_H
#define NQ_TESTS_SCRATCH_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char scratch[4096];

static inline void remove_tree(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;

	if (!d) {
		unlink(path);
		return;
	}
	while ((e = readdir(d)) != NULL) {
		char sub[4096];

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    (size_t)snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) >=
		            sizeof sub)
			continue;
		remove_tree(sub);
	}
	closedir(d);
	rmdir(path);
}

/* The group's set-up and tear-down: the directory made, then removed. */
static inline int make_scratch(void **state)
{
	const char *tmp = getenv("TMPDIR");

	(void)state;
	snprintf(scratch, sizeof scratch, "%s/" SCRATCH_NAME ".XXXXXX",
	         tmp && *tmp ? tmp : "/tmp");
	return mkdtemp(scratch) ? 0 : -1;
}

static inline int drop_scratch(void **state)
{
	(void)state;
	remove_tree(scratch);
	return 0;
}

static inline void write_file(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
}

/* The content of a file, cut to len - 1 bytes; "" when there is none. */
static inline void slurp(const char *path, char *buf, size_t len)
{
	FILE *fp = fopen(path, "r");

	buf[0] = '\0';
	if (fp) {
		buf[fread(buf, 1, len - 1, fp)] = '\0';
		fclose(fp);
	}
}

#endif
