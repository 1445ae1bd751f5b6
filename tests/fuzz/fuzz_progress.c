/*
 * Fuzzes the progress-file parser: whatever it takes in is written out as a
 * progress file that reads back to the same progress, written the same way
 * byte for byte, with every number in range; a byte-order mark before it
 * changes nothing.
 */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "engine/known.h"
#include "engine/store.h"

/* Every index it keeps is within its n's count, and the sets stay sorted. */
static void check_ranges(const struct store *st)
{
	for (int n = 1; n <= STORE_MAX_N; n++) {
		uint64_t total = 0, unique = 0;
		bool known = known_counts(n, &total, &unique);
		const struct store_set *sets[2] = {&st->solutions[n], &st->classes[n]};

		for (int k = 0; k < 2; k++) {
			for (size_t i = 0; i < sets[k]->len; i++) {
				uint64_t v = sets[k]->v[i];

				FUZZ_CHECK(v >= 1);
				FUZZ_CHECK(i == 0 || sets[k]->v[i - 1] < v);
				FUZZ_CHECK(!known || v <= (k ? unique : total));
			}
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct store st, again;
	char err[1024], *once, *twice;
	size_t len1, len2;
	int rc;

	FUZZ_CHECK(store_init(&st, "/nonexistent", err, sizeof err) == 0);
	FUZZ_CHECK(store_init(&again, "/nonexistent", err, sizeof err) == 0);
	rc = store_parse(&st, (const char *)data, size, "progress", err, sizeof err);
	FUZZ_CHECK(rc >= -1 && rc <= 1);
	if (rc != 0)
		FUZZ_CHECK(strncmp(err, "progress:", 9) == 0 &&
		           strchr(err, '\n') == NULL);
	if (rc >= 0) {
		check_ranges(&st);
		/* load, save, load: the same progress, written the same way. */
		once = store_format(&st, &len1);
		FUZZ_CHECK(once != NULL && strlen(once) == len1);
		FUZZ_CHECK(store_parse(&again, once, len1, "progress", err, sizeof err) ==
		           0);
		twice = store_format(&again, &len2);
		FUZZ_CHECK(twice != NULL && len2 == len1 &&
		           memcmp(once, twice, len1) == 0);
		free(twice);
		free(once);
	}
	/* A byte-order mark before it (as Notepad writes) changes nothing. */
	if (size < 3 || memcmp(data, "\xef\xbb\xbf", 3) != 0) {
		char *marked = malloc(size + 3);

		FUZZ_CHECK(marked != NULL);
		memcpy(marked, "\xef\xbb\xbf", 3);
		memcpy(marked + 3, data, size);
		FUZZ_CHECK(store_is_progress(marked, size + 3) ==
		           store_is_progress((const char *)data, size));
		FUZZ_CHECK(store_parse(&again, marked, size + 3, "progress", err,
		                       sizeof err) == rc);
		if (rc >= 0) {
			once = store_format(&st, &len1);
			twice = store_format(&again, &len2);
			FUZZ_CHECK(once && twice && len1 == len2 &&
			           memcmp(once, twice, len1) == 0);
			free(once);
			free(twice);
		}
		free(marked);
	}
	store_free(&again);
	store_free(&st);
	return 0;
}
