/*
 * Fuzzes the puzzle-file parser: whatever it accepts is a board it can hold,
 * with given queens on it that attack no other, and it reads back the same
 * from the text it writes.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "engine/puzzle.h"

/* The puzzle written in the file format, in a buffer of its own. */
static char *format(const struct puzzle *pz)
{
	size_t need = puzzle_format(pz, NULL, 0);
	char *text = malloc(need + 1);

	FUZZ_CHECK(text != NULL);
	FUZZ_CHECK(puzzle_format(pz, text, need + 1) == need);
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size), err[512], *once, *twice;
	struct puzzle pz, again;
	int given = 0;

	if (puzzle_parse(text, "fuzz.txt", &pz, err, sizeof err) < 0) {
		/* A refusal names the file first, on one line. */
		FUZZ_CHECK(strncmp(err, "fuzz.txt:", 9) == 0 &&
		           strchr(err, '\n') == NULL);
		free(text);
		return 0;
	}
	FUZZ_CHECK(pz.n >= 1 && pz.n <= PUZZLE_MAX_N);
	FUZZ_CHECK((unsigned)pz.grade < PUZZLE_GRADES);
	FUZZ_CHECK(memchr(pz.title, '\0', sizeof pz.title) != NULL);
	FUZZ_CHECK(strchr(pz.title, '\n') == NULL);
	for (int f = 0; f < pz.n; f++) {
		FUZZ_CHECK(pz.given[f] >= -1 && pz.given[f] < pz.n);
		if (pz.given[f] < 0)
			continue;
		given++;
		/* No two given queens attack each other. */
		for (int g = 0; g < f; g++) {
			int d = f - g;

			FUZZ_CHECK(pz.given[g] < 0 || (pz.given[g] != pz.given[f] &&
			                               pz.given[g] != pz.given[f] + d &&
			                               pz.given[g] != pz.given[f] - d));
		}
	}
	FUZZ_CHECK(given == pz.ngiven);
	/* Written and read again, it is the same puzzle, written the same way. */
	once = format(&pz);
	FUZZ_CHECK(puzzle_parse(once, "fuzz.txt", &again, err, sizeof err) == 0);
	FUZZ_CHECK(again.n == pz.n && again.grade == pz.grade &&
	           again.ngiven == pz.ngiven);
	FUZZ_CHECK(strcmp(again.title, pz.title) == 0);
	FUZZ_CHECK(memcmp(again.given, pz.given, sizeof *pz.given * (size_t)pz.n) == 0);
	twice = format(&again);
	FUZZ_CHECK(strcmp(once, twice) == 0);
	free(twice);
	free(once);
	free(text);
	return 0;
}
