/* What the fuzz harnesses share: libFuzzer's entry point and a loud failure. */
#ifndef NQ_FUZZ_H
#define NQ_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* Runs one input through a parser and checks what it promises. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The corpus file being replayed, for the failure message; NULL under libFuzzer. */
extern const char *fuzz_input_name;

/* Says which promise broke, and on which input, then aborts. */
void fuzz_fail(const char *what, const char *file, int line) __attribute__((noreturn));

#define FUZZ_CHECK(cond)                                                                 \
	do {                                                                             \
		if (!(cond))                                                             \
			fuzz_fail(#cond, __FILE__, __LINE__);                            \
	} while (0)

/* The input as a C string: a copy ending in NUL (the parsers read text). */
char *fuzz_text(const uint8_t *data, size_t size);

#endif
