/*
 * Fuzzes the config-file parser: whatever it takes in it gives back line for
 * line, reads back to the same settings, and a value set in it is read back
 * with nothing else changed; a byte-order mark before it changes nothing.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "engine/settings.h"

/*
 * The text that was read, with the newline a last line without one gets (a
 * CR alone ends a line as LF and CRLF do).
 */
static void check_same_text(const char *got, size_t len, const uint8_t *data, size_t size)
{
	size_t want =
	        size + (size > 0 && data[size - 1] != '\n' && data[size - 1] != '\r');

	FUZZ_CHECK(len == want);
	FUZZ_CHECK(memcmp(got, data, size) == 0);
	FUZZ_CHECK(len == size || got[len - 1] == '\n');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct settings s, again;
	char err[1024], *once, *twice;
	size_t len1, len2;
	int bad, theme, want_theme;
	bool bell;

	FUZZ_CHECK(settings_init(&s, "/nonexistent/config") == 0);
	FUZZ_CHECK(settings_init(&again, "/nonexistent/config") == 0);
	err[0] = '\0';
	bad = settings_parse(&s, (const char *)data, size, "config", err, sizeof err);
	FUZZ_CHECK(bad >= 0);
	/* A bad line is told in one line naming the file and the line. */
	FUZZ_CHECK(bad == 0 ? err[0] == '\0'
	                    : strncmp(err, "config:", 7) == 0 && !strchr(err, '\n'));
	theme = settings_theme(&s);
	bell = settings_bell(&s);
	FUZZ_CHECK(theme >= -1 && theme < SETTINGS_THEMES);

	/* What was read is what is written, and it reads back the same. */
	once = settings_format(&s, &len1);
	FUZZ_CHECK(once != NULL && strlen(once) <= len1);
	check_same_text(once, len1, data, size);
	FUZZ_CHECK(settings_parse(&again, once, len1, "config", err, sizeof err) == bad);
	FUZZ_CHECK(settings_theme(&again) == theme && settings_bell(&again) == bell);

	/* A value set is read back, the other setting and the bad lines as they were. */
	want_theme = (theme + 2) % SETTINGS_THEMES;
	FUZZ_CHECK(settings_set(&s, "theme", settings_theme_name(want_theme), err,
	                        sizeof err) == 0);
	FUZZ_CHECK(settings_set(&s, "theme", "neon", err, sizeof err) == -1);
	twice = settings_format(&s, &len2);
	FUZZ_CHECK(twice != NULL);
	FUZZ_CHECK(settings_parse(&again, twice, len2, "config", err, sizeof err) == bad);
	FUZZ_CHECK(settings_theme(&again) == want_theme && settings_bell(&again) == bell);
	FUZZ_CHECK(settings_set(&again, "bell", bell ? "off" : "on", err, sizeof err) ==
	           0);
	FUZZ_CHECK(settings_theme(&again) == want_theme &&
	           settings_bell(&again) == !bell);
	free(twice);
	free(once);
	/* A byte-order mark before it (as Notepad writes) changes nothing. */
	if (size < 3 || memcmp(data, "\xef\xbb\xbf", 3) != 0) {
		char *marked = malloc(size + 3);

		FUZZ_CHECK(marked != NULL);
		memcpy(marked, "\xef\xbb\xbf", 3);
		memcpy(marked + 3, data, size);
		FUZZ_CHECK(settings_is_config(marked, size + 3) ==
		           settings_is_config((const char *)data, size));
		FUZZ_CHECK(settings_parse(&again, marked, size + 3, "config", err,
		                          sizeof err) == bad);
		FUZZ_CHECK(settings_theme(&again) == theme &&
		           settings_bell(&again) == bell);
		free(marked);
	}
	settings_free(&again);
	settings_free(&s);
	return 0;
}
