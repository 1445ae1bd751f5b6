/*
 * Fuzzes the lesson parser: whatever it accepts has steps that say
 * something, boards the screens take, and Watch's lines only where Watch is.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "engine/lesson.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size), err[512];
	struct lesson l;

	if (lesson_parse(text, "fuzz.lesson", &l, err, sizeof err) < 0) {
		/* A refusal names the file first, on one line. */
		FUZZ_CHECK(strncmp(err, "fuzz.lesson", 11) == 0 &&
		           strchr(err, '\n') == NULL);
		free(text);
		return 0;
	}
	FUZZ_CHECK(l.nsteps >= 1 && l.nsteps <= LESSON_STEPS_MAX);
	FUZZ_CHECK(l.title[0] != '\0' && l.minutes >= 0 && l.minutes <= 600);
	for (int i = 0; i < l.nsteps; i++) {
		const struct lesson_step *st = &l.steps[i];

		FUZZ_CHECK(st->text[0] != '\0' && strchr(st->text, '\n') == NULL);
		FUZZ_CHECK(st->line >= 1 && (i == 0 || st->line > l.steps[i - 1].line));
		if (st->screen != LESSON_TEXT)
			FUZZ_CHECK(st->n >= 1 && st->n <= 20);
		if (st->screen != LESSON_WATCH)
			FUZZ_CHECK(!st->speed && !st->run && !st->ask && !st->play &&
			           !st->until && !st->code);
		/* A step plays to a point, or asks, or plays on. */
		FUZZ_CHECK(!st->until || (!st->ask && !st->play));
		FUZZ_CHECK(st->big == (st->big_said ? st->big_said > 0
		                                    : i > 0 && l.steps[i - 1].big));
		for (int f = 0; st->has_from && f < st->n; f++)
			FUZZ_CHECK(st->from[f] >= -1 && st->from[f] < st->n);
	}
	lesson_free(&l);
	free(text);
	return 0;
}
