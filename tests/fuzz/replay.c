/*
 * Replays files through a fuzz harness without libFuzzer, so that every input
 * that ever broke a parser stays a test of the ordinary build.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int replay_file(const char *path)
{
	FILE *fp = fopen(path, "rb");
	uint8_t *data = NULL;
	size_t len = 0, cap = 0, got;

	if (!fp) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	do {
		if (cap - len < 4096) {
			cap = cap ? cap * 2 : 8192;
			data = realloc(data, cap);
			if (!data)
				abort();
		}
		got = fread(data + len, 1, cap - len, fp);
		len += got;
	} while (got > 0);
	if (ferror(fp)) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		fclose(fp);
		free(data);
		return -1;
	}
	fclose(fp);
	fuzz_input_name = path;
	LLVMFuzzerTestOneInput(data, len);
	free(data);
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every file in a directory, in the order of their names. */
static int replay_dir(const char *dir, long *count)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;
	int rc = 0;

	if (!d) {
		fprintf(stderr, "replay: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	while ((e = readdir(d))) {
		size_t len;

		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			names = realloc(names, cap * sizeof *names);
			if (!names)
				abort();
		}
		len = strlen(dir) + strlen(e->d_name) + 2;
		names[n] = malloc(len);
		if (!names[n])
			abort();
		snprintf(names[n++], len, "%s/%s", dir, e->d_name);
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof *names, by_name);
	for (size_t i = 0; i < n; i++) {
		if (replay_file(names[i]) < 0)
			rc = -1;
		else
			(*count)++;
		free(names[i]);
	}
	free(names);
	return rc;
}

int main(int argc, char **argv)
{
	long count = 0;
	int rc = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		struct stat sb;

		if (stat(argv[i], &sb) == 0 && S_ISDIR(sb.st_mode))
			rc |= replay_dir(argv[i], &count);
		else if (replay_file(argv[i]) < 0)
			rc = -1;
		else
			count++;
	}
	printf("%ld inputs replayed\n", count);
	return rc < 0 ? 1 : 0;
}
