/*
 * Fuzzes the readers of count's records: a task line that `nqueens sum`
 * takes is one `count` could have written (it is written back byte for
 * byte, every field in count's limits); a journal taken keeps whole lines,
 * names no more pieces than its header, none with more solutions than OEIS
 * A000170 has for the count, and reads the same once its cut-off end is
 * dropped.  The first byte chooses: bit 0 a journal (else a task line), bit
 * 1 each line sealed with its check first, so that the fields are reached.
 */
#include "config.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/count.h"
#include "fuzz.h"
#include "engine/journal.h"
#include "engine/known.h"

/* The count the journals are read for. */
static const struct journal_id count12 = {
        .n = 12, .method = "halves", .tasks = 1, .task = 1, .version = PACKAGE_VERSION};

/* An error is one line naming what was read. */
static void check_err(const char *err, const char *name)
{
	FUZZ_CHECK(strncmp(err, name, strlen(name)) == 0);
	FUZZ_CHECK(strchr(err, '\n') == NULL);
}

/* Each line of text with " check=X" after it, as count seals them. */
static char *seal_lines(const char *text, size_t len, size_t *out)
{
	char *buf = malloc(len + (len + 1) * 16 + 1);
	size_t at = 0;

	FUZZ_CHECK(buf != NULL);
	for (size_t i = 0; i <= len;) {
		const char *nl = memchr(text + i, '\n', len - i);
		const size_t end = nl ? (size_t)(nl - text) : len;

		memcpy(buf + at, text + i, end - i);
		at += end - i;
		at += (size_t)sprintf(buf + at, " check=%08" PRIx32,
		                      journal_check(text + i, end - i));
		if (!nl)
			break;
		buf[at++] = '\n';
		i = end + 1;
	}
	*out = at;
	return buf;
}

static void fuzz_task(const char *line, size_t len)
{
	struct journal_task t;
	const char *why = NULL;
	char again[JOURNAL_LINE_MAX];

	if (journal_task_parse(line, len, &t, &why) != 0) {
		FUZZ_CHECK(why != NULL && strchr(why, '\n') == NULL);
		return;
	}
	FUZZ_CHECK(t.n >= 1 && t.n <= COUNT_MAX_N);
	FUZZ_CHECK(t.tasks >= 1 && t.tasks <= COUNT_MAX_PARTS);
	FUZZ_CHECK(t.task >= 1 && t.task <= t.tasks);
	FUZZ_CHECK(strcmp(t.method, "halves") == 0 || strcmp(t.method, "backtrack") == 0);
	/* Written back as count writes it: the very same bytes. */
	const struct journal_id id = {.n = t.n,
	                              .method = t.method,
	                              .tasks = t.tasks,
	                              .task = t.task,
	                              .unique = t.unique,
	                              .version = t.version};
	journal_task_line(&id, t.count, again, sizeof again);
	FUZZ_CHECK(strlen(again) == len && memcmp(again, line, len) == 0);
}

static void fuzz_journal(const char *text, size_t len)
{
	char err[JOURNAL_LINE_MAX + 4096];
	size_t keep, again;
	int dropped, dropped2;
	uint64_t most, classes;
	struct journal *j = journal_read("journal", &count12, text, len, &keep, &dropped,
	                                 err, sizeof err);

	if (!j) {
		check_err(err, "journal:");
		return;
	}
	FUZZ_CHECK(known_counts(count12.n, &most, &classes));
	FUZZ_CHECK(keep <= len && (keep == 0 || text[keep - 1] == '\n'));
	FUZZ_CHECK(memchr(text, '\0', keep) == NULL);
	FUZZ_CHECK(dropped == 0 ? keep == len : dropped >= 1);
	/* The pieces it names are within the header's, and within the count. */
	size_t done = 0;
	for (size_t p = 0; p < journal_pieces(j); p++) {
		uint64_t total, unique;

		if (!journal_done(j, p, &total, &unique))
			continue;
		done++;
		FUZZ_CHECK(total <= most && unique <= classes);
	}
	FUZZ_CHECK(done == journal_known(j));
	FUZZ_CHECK(!journal_done(j, journal_pieces(j), &most, &classes));
	/* What it kept reads the same, nothing dropped. */
	struct journal *k = journal_read("journal", &count12, text, keep, &again,
	                                 &dropped2, err, sizeof err);
	FUZZ_CHECK(k != NULL && again == keep && dropped2 == 0);
	FUZZ_CHECK(journal_known(k) == journal_known(j) &&
	           journal_pieces(k) == journal_pieces(j));
	journal_close(k);
	journal_close(j);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > 1 << 16)
		return 0;
	const bool journal = data[0] & 1, seal = data[0] & 2;
	const char *text = (const char *)data + 1;
	size_t len = size - 1;
	char *sealed = NULL;

	if (seal)
		text = sealed = seal_lines(text, len, &len);
	if (journal)
		fuzz_journal(text, len);
	else
		fuzz_task(text, len);
	free(sealed);
	return 0;
}
