/* Unit tests of the config file: its lines, bad lines, values set in place, on disk. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine/settings.h"

/* Parses text into s (kept in memory only); returns the number of bad lines. */
static int parse(struct settings *s, const char *text, char *err, size_t errlen)
{
	assert_int_equal(settings_init(s, "/nonexistent/config"), 0);
	err[0] = '\0';
	return settings_parse(s, text, strlen(text), "config", err, errlen);
}

/* The text settings_format gives, to compare with what it should be. */
static void assert_text(const struct settings *s, const char *want)
{
	size_t len;
	char *got = settings_format(s, &len);

	assert_non_null(got);
	assert_string_equal(got, want);
	assert_int_equal(len, strlen(want));
	free(got);
}

static void test_theme_names(void **state)
{
	(void)state;
	for (int t = 0; t < SETTINGS_THEMES; t++)
		assert_int_equal(settings_theme_from_name(settings_theme_name(t)), t);
	assert_int_equal(settings_theme_from_name("Night"), -1);
	assert_int_equal(settings_theme_from_name(""), -1);
	assert_string_equal(settings_theme_names(), "calm, wood, night or contrast");
}

/* A file of CR-ended lines reads as its lines, and is written back as it was. */
static void test_cr_lines(void **state)
{
	struct settings s;
	char err[512];

	(void)state;
	assert_int_equal(parse(&s, "# mine\rtheme = wood\rbell = off\r", err, sizeof err),
	                 0);
	assert_string_equal(err, "");
	assert_int_equal(settings_theme(&s), SETTINGS_THEME_WOOD);
	assert_false(settings_bell(&s));
	/* Written back as it was, byte for byte. */
	assert_text(&s, "# mine\rtheme = wood\rbell = off\r");
	settings_free(&s);
}

static void test_good_file(void **state)
{
	static const char text[] = "# my settings\n"
	                           "\n"
	                           "  theme=wood\n"
	                           "bell = off   # quiet in class\r\n"
	                           "background = terminal\n"
	                           "assist = none\n"
	                           "\ttheme\t=\tnight\t\n";
	struct settings s;
	char err[512];

	(void)state;
	assert_int_equal(parse(&s, text, err, sizeof err), 0);
	assert_string_equal(err, "");
	/* The last of two wins. */
	assert_int_equal(settings_theme(&s), SETTINGS_THEME_NIGHT);
	assert_false(settings_bell(&s));
	assert_int_equal(settings_background(&s), SETTINGS_BACKGROUND_TERMINAL);
	assert_int_equal(settings_assist(&s), SETTINGS_ASSIST_NONE);
	assert_string_equal(settings_assist_name(SETTINGS_ASSIST_SOME), "some");
	assert_int_equal(settings_assist_from_name("all"), SETTINGS_ASSIST_ALL);
	assert_int_equal(settings_assist_from_name("most"), -1);
	/* Every line as it was: comments, blanks, the carriage return. */
	assert_text(&s, text);
	settings_free(&s);
}

static void test_defaults(void **state)
{
	struct settings s;
	char err[512];

	(void)state;
	assert_int_equal(parse(&s, "", err, sizeof err), 0);
	assert_int_equal(settings_theme(&s), -1);
	/* Play decides the assists by the game when the file does not. */
	assert_int_equal(settings_assist(&s), -1);
	assert_true(settings_bell(&s));
	/* The theme paints the window unless the file says otherwise. */
	assert_int_equal(settings_background(&s), SETTINGS_BACKGROUND_THEME);
	assert_text(&s, "");
	settings_free(&s);
	/* A last line without its newline gets one. */
	assert_int_equal(parse(&s, "bell = on", err, sizeof err), 0);
	assert_true(settings_bell(&s));
	assert_text(&s, "bell = on\n");
	settings_free(&s);
}

static void test_bad_lines(void **state)
{
	static const struct {
		const char *text, *err;
	} cases[] = {
	        {"theme = neon\n",
	         "config:1: theme is calm, wood, night or contrast, not 'neon'; ignored"},
	        {"# a\ntheme =\n", "config:2: theme has no value: it is calm, wood, "
	                           "night or contrast; ignored"},
	        {"bell = loud\n", "config:1: bell is on or off, not 'loud'; ignored"},
	        {"assist = most\n",
	         "config:1: assist is none, some or all, not 'most'; ignored"},
	        {"colour = red\n", "config:1: unknown setting 'colour' (the settings are "
	                           "theme, bell, background, code and assist); ignored"},
	        {"background = white\n",
	         "config:1: background is theme or terminal, not 'white'; ignored"},
	        {"theme night\n",
	         "config:1: 'theme night' is not a setting: write key = value; ignored"},
	        {"Theme = night\n",
	         "config:1: unknown setting 'Theme' (the settings "
	         "are theme, bell, background, code and assist); ignored"},
	        {"theme = night # and = more\nbell = on\n\n= on\n",
	         "config:4: no setting name before the =; ignored"},
	        {"theme = \033[31mred\n", "config:1: theme is calm, wood, night or "
	                                  "contrast, not '?[31mred'; ignored"},
	};
	struct settings s;
	char err[512];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_int_equal(parse(&s, cases[i].text, err, sizeof err), 1);
		assert_string_equal(err, cases[i].err);
		/* Ignored, and kept as it was. */
		assert_text(&s, cases[i].text);
		settings_free(&s);
	}
}

static void test_several_bad_lines(void **state)
{
	static const char text[] = "theme = wood\nbell = maybe\nx\ny\ntheme = neon\n";
	struct settings s;
	char err[512];

	(void)state;
	assert_int_equal(parse(&s, text, err, sizeof err), 4);
	assert_string_equal(err, "config:2: bell is on or off, not 'maybe'; ignored "
	                         "(and 3 more bad lines)");
	/* A bad value leaves the good one before it. */
	assert_int_equal(settings_theme(&s), SETTINGS_THEME_WOOD);
	assert_true(settings_bell(&s));
	settings_free(&s);
	assert_int_equal(parse(&s, "a\nb\n", err, sizeof err), 2);
	assert_string_equal(err, "config:1: 'a' is not a setting: write key = value; "
	                         "ignored (and 1 more bad line)");
	settings_free(&s);
}

static void test_nul_byte(void **state)
{
	static const char text[] = "bell = on\ntheme = wo\0od\n";
	struct settings s;
	char err[512], *out;
	size_t len;

	(void)state;
	assert_int_equal(settings_init(&s, NULL), 0);
	assert_int_equal(settings_parse(&s, text, sizeof text - 1, "c", err, sizeof err),
	                 1);
	assert_string_equal(err, "c:2: a NUL byte; ignored");
	out = settings_format(&s, &len);
	assert_int_equal(len, sizeof text - 1);
	assert_memory_equal(out, text, len);
	free(out);
	settings_free(&s);
}

static void test_set(void **state)
{
	struct settings s;
	char err[512];

	(void)state;
	/* In place, with the line's comment kept; the others untouched. */
	assert_int_equal(parse(&s, "# mine\ntheme = wood   # for the lab\nbell = off\n",
	                       err, sizeof err),
	                 0);
	assert_int_equal(settings_set(&s, "theme", "contrast", err, sizeof err), 0);
	assert_int_equal(settings_theme(&s), SETTINGS_THEME_CONTRAST);
	assert_text(&s, "# mine\ntheme = contrast   # for the lab\nbell = off\n");
	/* Where it was not set, at the end. */
	settings_free(&s);
	assert_int_equal(parse(&s, "# mine\nbell = off", err, sizeof err), 0);
	assert_int_equal(settings_set(&s, "theme", "night", err, sizeof err), 0);
	assert_text(&s, "# mine\nbell = off\ntheme = night\n");
	assert_int_equal(settings_set(&s, "bell", "on", err, sizeof err), 0);
	assert_text(&s, "# mine\nbell = on\ntheme = night\n");
	assert_true(settings_bell(&s));
	assert_int_equal(settings_set(&s, "background", "terminal", err, sizeof err), 0);
	assert_text(&s, "# mine\nbell = on\ntheme = night\nbackground = terminal\n");
	assert_int_equal(settings_background(&s), SETTINGS_BACKGROUND_TERMINAL);
	assert_int_equal(settings_set(&s, "background", "theme", err, sizeof err), 0);
	assert_text(&s, "# mine\nbell = on\ntheme = night\nbackground = theme\n");
	assert_int_equal(settings_background(&s), SETTINGS_BACKGROUND_THEME);
	/* The line that counts is the last good one; a bad one stays bad. */
	settings_free(&s);
	assert_int_equal(
	        parse(&s, "theme = calm\ntheme = wood\ntheme = neon\n", err, sizeof err),
	        1);
	assert_int_equal(settings_set(&s, "theme", "night", err, sizeof err), 0);
	assert_text(&s, "theme = calm\ntheme = night\ntheme = neon\n");
	/* Refused: what the file would not take. */
	assert_int_equal(settings_set(&s, "theme", "neon", err, sizeof err), -1);
	assert_string_equal(err, "theme is calm, wood, night or contrast, not 'neon'");
	assert_int_equal(settings_set(&s, "colour", "red", err, sizeof err), -1);
	assert_int_equal(settings_set(&s, "bell", "on # x", err, sizeof err), -1);
	assert_int_equal(settings_set(&s, "bell", "on\ntheme = wood", err, sizeof err),
	                 -1);
	assert_text(&s, "theme = calm\ntheme = night\ntheme = neon\n");
	settings_free(&s);
}

/* A directory of its own for the files. */
static char *scratch(void)
{
	char *dir = strdup("/tmp/nq-settings-XXXXXX");

	assert_non_null(mkdtemp(dir));
	return dir;
}

/* Removes it and everything in it, and frees its name. */
static void remove_tree(char *dir)
{
	char cmd[600];

	snprintf(cmd, sizeof cmd, "chmod -R u+rwx '%s'; rm -rf '%s'", dir, dir);
	assert_int_equal(system(cmd), 0);
	free(dir);
}

static char *slurp(const char *path)
{
	static char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static void test_file(void **state)
{
	char *dir = scratch(), path[512], err[1024];
	struct settings s;

	(void)state;
	/* None yet: nothing to say; a save makes the directories. */
	snprintf(path, sizeof path, "%s/a/nqueens/config", dir);
	assert_int_equal(settings_init(&s, path), 0);
	assert_int_equal(settings_load(&s, err, sizeof err), 0);
	assert_int_equal(settings_set(&s, "theme", "night", err, sizeof err), 0);
	assert_int_equal(settings_save(&s, err, sizeof err), 0);
	assert_string_equal(slurp(path), "theme = night\n");
	settings_free(&s);
	/* A bad line is told with the file's path and kept by a save. */
	put(path, "# mine\nthem = wood\ntheme = wood\n");
	assert_int_equal(settings_init(&s, path), 0);
	assert_int_equal(settings_load(&s, err, sizeof err), 1);
	assert_true(strncmp(err, path, strlen(path)) == 0);
	assert_string_equal(err + strlen(path), ":2: unknown setting 'them' (the "
	                                        "settings are theme, bell, "
	                                        "background, code and assist); ignored");
	assert_int_equal(settings_theme(&s), SETTINGS_THEME_WOOD);
	assert_int_equal(settings_set(&s, "bell", "off", err, sizeof err), 0);
	assert_int_equal(settings_save(&s, err, sizeof err), 0);
	assert_string_equal(slurp(path),
	                    "# mine\nthem = wood\ntheme = wood\nbell = off\n");
	settings_free(&s);
	remove_tree(dir);
}

static void test_file_unreadable(void **state)
{
	char *dir = scratch(), path[512], err[1024], big[70000];
	struct settings s;

	(void)state;
	snprintf(path, sizeof path, "%s/config", dir);
	/* A directory where the file should be: left alone. */
	assert_int_equal(mkdir(path, 0700), 0);
	assert_int_equal(settings_init(&s, path), 0);
	assert_int_equal(settings_load(&s, err, sizeof err), -1);
	assert_non_null(strstr(err, "settings are not saved, the file is left as it is"));
	assert_int_equal(settings_set(&s, "theme", "night", err, sizeof err), 0);
	assert_int_equal(settings_save(&s, err, sizeof err), -1);
	assert_non_null(strstr(err, "could not be read"));
	settings_free(&s);
	rmdir(path);
	/* Too large to be a config file. */
	memset(big, '#', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	put(path, big);
	assert_int_equal(settings_init(&s, path), 0);
	assert_int_equal(settings_load(&s, err, sizeof err), -1);
	assert_non_null(strstr(err, "larger than 64 KiB"));
	assert_int_equal(settings_save(&s, err, sizeof err), -1);
	settings_free(&s);
	/* No permission to read it (root reads it all the same). */
	put(path, "theme = wood\n");
	chmod(path, 0200);
	if (geteuid() != 0) {
		assert_int_equal(settings_init(&s, path), 0);
		assert_int_equal(settings_load(&s, err, sizeof err), -1);
		assert_int_equal(settings_set(&s, "theme", "night", err, sizeof err), 0);
		assert_int_equal(settings_save(&s, err, sizeof err), -1);
		settings_free(&s);
		chmod(path, 0600);
		assert_string_equal(slurp(path), "theme = wood\n");
	}
	/* A link that leads nowhere is kept. */
	unlink(path);
	assert_int_equal(symlink("nowhere/config", path), 0);
	assert_int_equal(settings_init(&s, path), 0);
	assert_int_equal(settings_load(&s, err, sizeof err), -1);
	assert_non_null(strstr(err, "which does not exist"));
	assert_int_equal(settings_save(&s, err, sizeof err), -1);
	settings_free(&s);
	remove_tree(dir);
}

/*
 * Watch's listing: parsed, set in place, and saved by a merge that keeps
 * what another copy saved meanwhile, and read back as it was set.
 */
static void test_code(void **state)
{
	char *dir = scratch(), path[512], err[1024];
	struct settings a, b;

	(void)state;
	assert_int_equal(parse(&a, "code = java\n", err, sizeof err), 0);
	assert_int_equal(settings_code(&a), SETTINGS_CODE_JAVA);
	assert_string_equal(settings_code_name(SETTINGS_CODE_PYTHON), "python");
	settings_free(&a);
	assert_int_equal(parse(&a, "code = rust\n", err, sizeof err), 1);
	assert_string_equal(err, "config:1: code is pseudocode, python, c or java, not "
	                         "'rust'; ignored");
	assert_int_equal(settings_code(&a), -1);
	assert_int_equal(settings_set(&a, "code", "perl", err, sizeof err), -1);
	settings_free(&a);
	snprintf(path, sizeof path, "%s/config", dir);
	put(path, "theme = wood\ncode = python  # the class's\n");
	assert_int_equal(settings_init(&a, path), 0);
	assert_int_equal(settings_load(&a, err, sizeof err), 0);
	assert_int_equal(settings_code(&a), SETTINGS_CODE_PYTHON);
	/* Another copy turns the bell off meanwhile; this one chooses C. */
	assert_int_equal(settings_init(&b, path), 0);
	assert_int_equal(settings_load(&b, err, sizeof err), 0);
	assert_int_equal(settings_set(&b, "bell", "off", err, sizeof err), 0);
	assert_int_equal(settings_save(&b, err, sizeof err), 0);
	settings_free(&b);
	assert_int_equal(settings_set(&a, "code", "c", err, sizeof err), 0);
	assert_int_equal(settings_save(&a, err, sizeof err), 0);
	assert_string_equal(slurp(path),
	                    "theme = wood\ncode = c  # the class's\nbell = off\n");
	settings_free(&a);
	assert_int_equal(settings_init(&a, path), 0);
	assert_int_equal(settings_load(&a, err, sizeof err), 0);
	assert_int_equal(settings_code(&a), SETTINGS_CODE_C);
	assert_false(settings_bell(&a));
	settings_free(&a);
	remove_tree(dir);
}

static void test_file_link(void **state)
{
	char *dir = scratch(), path[512], real[512], err[1024];
	struct settings s;
	struct stat sb;

	(void)state;
	snprintf(path, sizeof path, "%s/config", dir);
	snprintf(real, sizeof real, "%s/dotfiles-config", dir);
	put(real, "bell = off\n");
	assert_int_equal(symlink("dotfiles-config", path), 0);
	assert_int_equal(settings_init(&s, path), 0);
	assert_int_equal(settings_load(&s, err, sizeof err), 0);
	assert_false(settings_bell(&s));
	assert_int_equal(settings_set(&s, "theme", "contrast", err, sizeof err), 0);
	assert_int_equal(settings_save(&s, err, sizeof err), 0);
	/* Written through: the link stays a link. */
	assert_int_equal(lstat(path, &sb), 0);
	assert_true(S_ISLNK(sb.st_mode));
	assert_string_equal(slurp(real), "bell = off\ntheme = contrast\n");
	settings_free(&s);
	remove_tree(dir);
}

static void test_default_path(void **state)
{
	char buf[512], err[256];
	const char *was_xdg = getenv("XDG_CONFIG_HOME"), *was_home = getenv("HOME");
	char *xdg = was_xdg ? strdup(was_xdg) : NULL;
	char *home = was_home ? strdup(was_home) : NULL;

	(void)state;
	setenv("XDG_CONFIG_HOME", "/x/conf", 1);
	setenv("HOME", "/h", 1);
	assert_int_equal(settings_default_path(buf, sizeof buf, err, sizeof err), 0);
	assert_string_equal(buf, "/x/conf/nqueens/config");
	/* A relative one does not count. */
	setenv("XDG_CONFIG_HOME", "conf", 1);
	assert_int_equal(settings_default_path(buf, sizeof buf, err, sizeof err), 0);
	assert_string_equal(buf, "/h/.config/nqueens/config");
	unsetenv("XDG_CONFIG_HOME");
	unsetenv("HOME");
	assert_int_equal(settings_default_path(buf, sizeof buf, err, sizeof err), -1);
	if (xdg)
		setenv("XDG_CONFIG_HOME", xdg, 1);
	if (home)
		setenv("HOME", home, 1);
	free(xdg);
	free(home);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_theme_names),
	        cmocka_unit_test(test_good_file),
	        cmocka_unit_test(test_cr_lines),
	        cmocka_unit_test(test_defaults),
	        cmocka_unit_test(test_bad_lines),
	        cmocka_unit_test(test_several_bad_lines),
	        cmocka_unit_test(test_nul_byte),
	        cmocka_unit_test(test_set),
	        cmocka_unit_test(test_file),
	        cmocka_unit_test(test_file_unreadable),
	        cmocka_unit_test(test_file_link),
	        cmocka_unit_test(test_code),
	        cmocka_unit_test(test_default_path),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
