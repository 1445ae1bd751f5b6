/*
 * Fuzzes the regions-file parser: whatever it accepts is a board of n
 * connected regions with a solution, given queens that break no rule, and it
 * reads back the same from the text it writes; the logical solver then runs
 * on it to its end without breaking a rule of its own.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "engine/regions.h"

/* The board written in the file format, in a buffer of its own. */
static char *format(const struct regions_board *b)
{
	size_t need = regions_format(b, NULL, 0);
	char *text = malloc(need + 1);

	FUZZ_CHECK(text != NULL);
	FUZZ_CHECK(regions_format(b, text, need + 1) == need);
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size), err[512], *once, *twice;
	struct regions_board b, again;
	struct regions_solve s;
	int given = 0;

	if (regions_parse(text, "fuzz.txt", &b, err, sizeof err) < 0) {
		/* A refusal names the file first, on one line. */
		FUZZ_CHECK(strncmp(err, "fuzz.txt", 8) == 0 && strchr(err, '\n') == NULL);
		free(text);
		return 0;
	}
	FUZZ_CHECK(b.n >= REGIONS_MIN_N && b.n <= REGIONS_MAX_N);
	FUZZ_CHECK(regions_check_map(&b, err, sizeof err) == 0);
	FUZZ_CHECK(regions_count(&b, 1, NULL, NULL) == 1);
	FUZZ_CHECK(memchr(b.title, '\0', sizeof b.title) != NULL);
	for (int f = 0; f < b.n; f++) {
		if (b.given[f] < 0)
			continue;
		given++;
		for (int g = 0; g < f; g++)
			FUZZ_CHECK(b.given[g] < 0 ||
			           !regions_conflict(&b, (struct square){f, b.given[f]},
			                             (struct square){g, b.given[g]}));
	}
	FUZZ_CHECK(given == b.ngiven);
	/* Written and read again, it is the same board, written the same way. */
	once = format(&b);
	FUZZ_CHECK(regions_parse(once, "fuzz.txt", &again, err, sizeof err) == 0);
	FUZZ_CHECK(again.n == b.n && again.grade == b.grade && again.ngiven == b.ngiven);
	FUZZ_CHECK(memcmp(again.region, b.region, sizeof b.region) == 0);
	FUZZ_CHECK(memcmp(again.marks, b.marks, sizeof b.marks) == 0);
	twice = format(&again);
	FUZZ_CHECK(strcmp(once, twice) == 0);
	/* The logical solver ends, and solves only what has one solution. */
	if (b.n <= 10) {
		regions_grade(&b, &s);
		FUZZ_CHECK(!s.solved || regions_count(&b, 2, NULL, NULL) == 1);
	}
	free(twice);
	free(once);
	free(text);
	return 0;
}
