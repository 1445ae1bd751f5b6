/* What the fuzz harnesses share: a loud failure and the input as text. */
#include "config.h"

#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *fuzz_input_name;

void fuzz_fail(const char *what, const char *file, int line)
{
	fprintf(stderr, "%s:%d: broken promise: %s%s%s\n", file, line, what,
	        fuzz_input_name ? ", on " : "", fuzz_input_name ? fuzz_input_name : "");
	abort();
}

char *fuzz_text(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);

	if (!text)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	return text;
}
