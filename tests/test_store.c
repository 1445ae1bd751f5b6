/*
 * Unit tests of the files a user owns as two copies of the program and other
 * users meet them: another user's file, a file not in the format, the mode and
 * hard links kept, saves merged under a lock, a byte-order mark, long files,
 * the leftovers of a killed export.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#define SCRATCH_NAME "nq-store"
#include "scratch.h"

#include "engine/fileio.h"
#include "engine/saved.h"
#include "engine/settings.h"
#include "engine/store.h"

/* The uid a file of "another user" gets when the tests run as root. */
#define OTHER_UID 65534

/* A directory of the scratch one for a test: its path in dir. */
static void subdir(const char *name, char *dir, size_t len)
{
	snprintf(dir, len, "%s/%s", scratch, name);
	assert_int_equal(mkdir(dir, 0700), 0);
}

/* What a test made of a file, to see it was not touched: kind, mode, owner,
 * inode, links and content. */
static void describe(const char *path, char *buf, size_t len)
{
	struct stat sb;
	char text[2048] = "";

	if (lstat(path, &sb) < 0) {
		snprintf(buf, len, "none");
		return;
	}
	if (S_ISREG(sb.st_mode))
		slurp(path, text, sizeof text);
	snprintf(buf, len, "mode %o uid %lu ino %lu links %lu: %s", (unsigned)sb.st_mode,
	         (unsigned long)sb.st_uid, (unsigned long)sb.st_ino,
	         (unsigned long)sb.st_nlink, text);
}

/* The names in dir other than . and .., joined by blanks. */
static void list_dir(const char *dir, char *buf, size_t len)
{
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort);

	buf[0] = '\0';
	assert_true(n >= 0);
	for (int i = 0; i < n; i++) {
		if (strcmp(names[i]->d_name, ".") != 0 &&
		    strcmp(names[i]->d_name, "..") != 0) {
			strncat(buf, names[i]->d_name, len - strlen(buf) - 2);
			strcat(buf, " ");
		}
		free(names[i]);
	}
	free(names);
}

/*
 * Puts at path a file that belongs to another user, and says which file that
 * is in real.  As root: a file of uid OTHER_UID holding text.  As any other
 * user, who cannot give a file away: a link to /etc/passwd, root's (its
 * content is then passwd's, not text).
 */
static void foreign_file(const char *path, const char *text, char *real, size_t len)
{
	if (geteuid() == 0) {
		write_file(path, text);
		assert_int_equal(chown(path, OTHER_UID, OTHER_UID), 0);
		snprintf(real, len, "%s", path);
	} else {
		assert_int_equal(symlink("/etc/passwd", path), 0);
		snprintf(real, len, "/etc/passwd");
	}
}

/* Another user's progress or config file is read, never written or moved. */
static void test_foreign_owner(void **state)
{
	char dir[4200], path[4300], real[4300], before[4096], after[4096];
	char names[512], err[8192], want[9000];
	struct store st;
	struct settings s;

	(void)state;
	subdir("foreign", dir, sizeof dir);
	snprintf(path, sizeof path, "%s/progress", dir);
	foreign_file(path, "nqueens progress 1\nsolutions 8 4\n", real, sizeof real);
	describe(real, before, sizeof before);
	assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&st, err, sizeof err), -1);
	/* One line, naming the file, saying why, and that nothing is written. */
	if (!strstr(err, path) || !strstr(err, "belongs to another user") ||
	    !strstr(err, "progress is kept for this session only, the file is left as "
	                 "it is") ||
	    strchr(err, '\n'))
		fail_msg("the notice: '%s'", err);
	/* As root, the progress in it is shown all the same. */
	if (geteuid() == 0)
		assert_true(store_has(&st, STORE_SOLUTIONS, 8, 4));
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 7), 1);
	assert_int_equal(store_save(&st, err, sizeof err), -1);
	if (!strstr(err, "belongs to another user") || !strstr(err, "left as it is"))
		fail_msg("the save: '%s'", err);
	describe(real, after, sizeof after);
	assert_string_equal(before, after);
	list_dir(dir, names, sizeof names);
	assert_string_equal(names, "progress ");
	store_free(&st);

	/* The config file: read, and T never writes it. */
	snprintf(path, sizeof path, "%s/config", dir);
	foreign_file(path, "theme = night\n", real, sizeof real);
	describe(real, before, sizeof before);
	assert_int_equal(settings_init(&s, path), 0);
	assert_int_equal(settings_load(&s, err, sizeof err), -1);
	if (!strstr(err, path) || !strstr(err, "belongs to another user") ||
	    !strstr(err, "settings are not saved, the file is left as it is"))
		fail_msg("the config's notice: '%s'", err);
	if (geteuid() == 0)
		assert_int_equal(settings_theme(&s), SETTINGS_THEME_NIGHT);
	assert_int_equal(settings_set(&s, "theme", "wood", err, sizeof err), 0);
	assert_int_equal(settings_save(&s, err, sizeof err), -1);
	assert_non_null(strstr(err, "belongs to another user"));
	describe(real, after, sizeof after);
	assert_string_equal(before, after);
	list_dir(dir, names, sizeof names);
	assert_string_equal(names, "config progress ");
	settings_free(&s);

	/* Through a link of the user's own into another user's file. */
	if (geteuid() == 0) {
		char link[4300];

		snprintf(link, sizeof link, "%s/linked", dir);
		assert_int_equal(mkdir(link, 0700), 0);
		snprintf(link, sizeof link, "%s/linked/progress", dir);
		snprintf(real, sizeof real, "%s/progress", dir);
		describe(real, before, sizeof before);
		assert_int_equal(symlink(real, link), 0);
		snprintf(link, sizeof link, "%s/linked", dir);
		assert_int_equal(store_init(&st, link, err, sizeof err), 0);
		assert_int_equal(store_load(&st, err, sizeof err), -1);
		snprintf(want, sizeof want,
		         "%s/progress leads to %s, which belongs to another user (uid "
		         "%d), not to you (uid 0)",
		         link, real, OTHER_UID);
		if (strncmp(err, want, strlen(want)) != 0)
			fail_msg("through a link: '%s', wanted '%s...'", err, want);
		assert_int_equal(store_save(&st, err, sizeof err), -1);
		describe(real, after, sizeof after);
		assert_string_equal(before, after);
		store_free(&st);
	}
}

/*
 * No file is made in another user's directory (root with a user's HOME):
 * it would be root's, and the user could not write it again.
 */
static void test_foreign_dir(void **state)
{
	char dir[4200], sub[4300], path[4400], err[8192], want[9000];
	const char *theirs;
	struct store st;
	struct settings s;
	struct stat sb;

	(void)state;
	if (geteuid() == 0) {
		subdir("theirs", dir, sizeof dir);
		assert_int_equal(chown(dir, OTHER_UID, OTHER_UID), 0);
		assert_int_equal(chmod(dir, 0755), 0);
		theirs = dir;
	} else {
		/* Root's, and not one where anyone may make files. */
		theirs = "/";
		snprintf(dir, sizeof dir, "/");
	}
	snprintf(sub, sizeof sub, "%s/nqueens-test-%ld", strcmp(dir, "/") ? dir : "",
	         (long)getpid());
	assert_int_equal(store_init(&st, sub, err, sizeof err), 0);
	assert_int_equal(store_load(&st, err, sizeof err), 0);
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 1), 1);
	assert_int_equal(store_save(&st, err, sizeof err), -1);
	snprintf(want, sizeof want,
	         "%s belongs to another user (uid %d), not to you (uid %lu): no file is "
	         "made there",
	         theirs, geteuid() == 0 ? OTHER_UID : 0, (unsigned long)geteuid());
	assert_string_equal(err, want);
	assert_int_equal(stat(sub, &sb), -1);
	store_free(&st);
	snprintf(path, sizeof path, "%s/config", sub);
	assert_int_equal(settings_init(&s, path), 0);
	assert_int_equal(settings_set(&s, "theme", "wood", err, sizeof err), 0);
	assert_int_equal(settings_save(&s, err, sizeof err), -1);
	assert_string_equal(err, want);
	assert_int_equal(stat(sub, &sb), -1);
	settings_free(&s);
	/* Where anyone may make files of their own (/tmp), a file is made. */
	snprintf(sub, sizeof sub, "%s/sticky", scratch);
	assert_int_equal(mkdir(sub, 0700), 0);
	assert_int_equal(chmod(sub, 01777), 0);
	if (geteuid() == 0)
		assert_int_equal(chown(sub, OTHER_UID, OTHER_UID), 0);
	snprintf(path, sizeof path, "%s/nqueens", sub);
	assert_int_equal(store_init(&st, path, err, sizeof err), 0);
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 1), 1);
	assert_int_equal(store_save(&st, err, sizeof err), 0);
	store_free(&st);
}

/* A link to a file of the user's that is not a progress or config file (a
 * stand-in for /etc/passwd): never set aside, replaced or written. */
static void test_not_ours_format(void **state)
{
	static const char passwd[] = "root:x:0:0:root:/root:/bin/bash\n"
	                             "nobody:x:65534:65534:nobody:/nonexistent:/usr/"
	                             "sbin/nologin\n";
	char dir[4200], other[4200], path[4300], real[4300], before[4096], after[4096];
	char names[512], err[8192], want[9000];
	struct store st;
	struct settings s;

	(void)state;
	subdir("format", dir, sizeof dir);
	subdir("format-etc", other, sizeof other);
	snprintf(real, sizeof real, "%s/passwd", other);
	write_file(real, passwd);
	assert_int_equal(chmod(real, 0644), 0);
	snprintf(path, sizeof path, "%s/progress", dir);
	assert_int_equal(symlink(real, path), 0);
	describe(real, before, sizeof before);
	assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&st, err, sizeof err), -1);
	snprintf(want, sizeof want,
	         "%s leads to %s, which is not a progress file (its first line is not "
	         "'nqueens progress 1'); progress is kept for this session only, the "
	         "file is left as it is",
	         path, real);
	assert_string_equal(err, want);
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 1), 1);
	assert_int_equal(store_save(&st, err, sizeof err), -1);
	describe(real, after, sizeof after);
	assert_string_equal(before, after);
	list_dir(other, names, sizeof names);
	assert_string_equal(names, "passwd ");
	store_free(&st);

	/* Not a link: the file itself, left as it is too. */
	assert_int_equal(unlink(path), 0);
	write_file(path, "my notes\n");
	assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&st, err, sizeof err), -1);
	snprintf(want, sizeof want, "%s is not a progress file", path);
	assert_non_null(strstr(err, want));
	assert_int_equal(store_save(&st, err, sizeof err), -1);
	slurp(path, after, sizeof after);
	assert_string_equal(after, "my notes\n");
	list_dir(dir, names, sizeof names);
	assert_string_equal(names, "progress ");
	store_free(&st);

	/* The config file through a link to it. */
	snprintf(path, sizeof path, "%s/config", dir);
	assert_int_equal(symlink(real, path), 0);
	assert_int_equal(settings_init(&s, path), 0);
	assert_int_equal(settings_load(&s, err, sizeof err), -1);
	snprintf(want, sizeof want,
	         "%s leads to %s, which is not a config file (no line of it is a "
	         "setting (key = value), a comment or blank); settings are not saved, "
	         "the file is left as it is",
	         path, real);
	assert_string_equal(err, want);
	assert_int_equal(settings_set(&s, "theme", "wood", err, sizeof err), 0);
	assert_int_equal(settings_save(&s, err, sizeof err), -1);
	describe(real, after, sizeof after);
	assert_string_equal(before, after);
	settings_free(&s);

	/* What is a config file: any line a setting (known or not), a comment or
	 * blank; a file of none of them is not one. */
	assert_true(settings_is_config("", 0));
	assert_true(settings_is_config("colour = red\n", 13));
	assert_true(settings_is_config("x\n# note\n", 9));
	assert_true(settings_is_config("x\n\ny\n", 5));
	assert_false(settings_is_config(passwd, sizeof passwd - 1));
	assert_false(settings_is_config("ssh-rsa AAAAB3Nza==\n", 20));
	assert_false(settings_is_config("= wood\n", 7));
	assert_false(settings_is_config("a\0 = b\n", 7));
	assert_true(store_is_progress("", 0));
	assert_true(store_is_progress("\xef\xbb\xbfnqueens progress 1\r\n", 22));
	assert_false(store_is_progress("nqueens progress 2\n", 19));
	assert_false(store_is_progress("nqueens progress 1x", 19));
}

/* A damaged file that cannot be set aside (every copy's name is taken) is
 * told with its line, and left as it is. */
static void test_damaged_kept(void **state)
{
	static const char text[] = "nqueens progress 1\nsolutions 8 x\n";
	char dir[4200], path[4300], copy[4400], err[8192], want[9000], got[512];
	struct store st;

	(void)state;
	subdir("no-room", dir, sizeof dir);
	snprintf(path, sizeof path, "%s/progress", dir);
	write_file(path, text);
	for (int k = 1; k < 1000; k++) {
		if (k == 1)
			snprintf(copy, sizeof copy, "%s.damaged", path);
		else
			snprintf(copy, sizeof copy, "%s.damaged-%d", path, k);
		write_file(copy, "an older copy\n");
	}
	assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&st, err, sizeof err), -1);
	snprintf(want, sizeof want,
	         "%s:2: 'x' is not an index (1, 2, ...); it could not be set aside (File "
	         "exists), so progress is kept for this session only and the file is "
	         "left as it is",
	         path);
	assert_string_equal(err, want);
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 1), 1);
	assert_int_equal(store_save(&st, err, sizeof err), -1);
	slurp(path, got, sizeof got);
	assert_string_equal(got, text);
	store_free(&st);
}

/* A save keeps the file's mode; a file of several names becomes one of its own. */
static void test_mode_and_links(void **state)
{
	char dir[4200], path[4300], twin[4300], got[4096], err[8192];
	struct store st;
	struct settings s;
	struct stat sb;

	(void)state;
	subdir("mode", dir, sizeof dir);
	snprintf(path, sizeof path, "%s/progress", dir);
	write_file(path, "nqueens progress 1\nsolutions 8 4\n");
	assert_int_equal(chmod(path, 0644), 0);
	assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&st, err, sizeof err), 0);
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 5), 1);
	assert_int_equal(store_save(&st, err, sizeof err), 0);
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_mode & 07777, 0644);
	store_free(&st);

	snprintf(path, sizeof path, "%s/config", dir);
	snprintf(twin, sizeof twin, "%s/dotfiles-config", dir);
	write_file(path, "# mine\nbell = off\n");
	assert_int_equal(chmod(path, 0644), 0);
	assert_int_equal(link(path, twin), 0);
	assert_int_equal(settings_init(&s, path), 0);
	/* Said at the start: the save parts it from its other name, never
	 * writing in place (which a full disk would leave torn). */
	assert_int_equal(settings_load(&s, err, sizeof err), 1);
	if (!strstr(err, "has 2 names (hard links): a save makes it a file of its own"))
		fail_msg("no notice of the hard link: '%s'", err);
	assert_int_equal(settings_set(&s, "theme", "wood", err, sizeof err), 0);
	assert_int_equal(settings_save(&s, err, sizeof err), 0);
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_mode & 07777, 0644);
	assert_int_equal(sb.st_nlink, 1);
	slurp(path, got, sizeof got);
	assert_string_equal(got, "# mine\nbell = off\ntheme = wood\n");
	slurp(twin, got, sizeof got);
	assert_string_equal(got, "# mine\nbell = off\n");
	settings_free(&s);
	/* A new file is the user's alone. */
	unlink(path);
	unlink(twin);
	assert_int_equal(settings_init(&s, path), 0);
	assert_int_equal(settings_set(&s, "theme", "night", err, sizeof err), 0);
	assert_int_equal(settings_save(&s, err, sizeof err), 0);
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_mode & 07777, 0600);
	settings_free(&s);
}

/* Two copies loaded before either saved: each save merges the other's. */
static void test_merge(void **state)
{
	char dir[4200], path[4300], got[4096], err[8192];
	struct store a, b;
	struct settings x, y;
	uint64_t ms;

	(void)state;
	subdir("merge", dir, sizeof dir);
	snprintf(path, sizeof path, "%s/progress", dir);
	write_file(path, "nqueens progress 1\nset speed 5\nset colour red\n");
	assert_int_equal(store_init(&a, dir, err, sizeof err), 0);
	assert_int_equal(store_init(&b, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&a, err, sizeof err), 0);
	assert_int_equal(store_load(&b, err, sizeof err), 0);
	/* A solves #1 and a puzzle, and changes a setting; then B its own. */
	assert_int_equal(store_add(&a, STORE_SOLUTIONS, 8, 1), 1);
	assert_int_equal(store_add(&a, STORE_CLASSES, 8, 1), 1);
	assert_int_equal(store_record_time(&a, "08-easy-01.txt", 9000), 1);
	assert_int_equal(store_record_time(&a, "08-hard-01.txt", 3000), 1);
	assert_int_equal(store_set_setting(&a, "speed", "7"), 0);
	assert_int_equal(store_save(&a, err, sizeof err), 0);
	assert_int_equal(store_add(&b, STORE_SOLUTIONS, 8, 2), 1);
	assert_int_equal(store_add(&b, STORE_CLASSES, 8, 2), 1);
	assert_int_equal(store_record_time(&b, "08-easy-01.txt", 5000), 1);
	assert_int_equal(store_record_time(&b, "08-hard-01.txt", 4000), 1);
	assert_int_equal(store_set_setting(&b, "colour", "blue"), 0);
	assert_int_equal(store_save(&b, err, sizeof err), 0);
	/* Nothing either found is lost; B now knows A's too. */
	slurp(path, got, sizeof got);
	assert_non_null(strstr(got, "\nsolutions 8 1 2\nclasses 8 1 2\n"));
	assert_non_null(strstr(got, "\nbest 08-easy-01.txt 5000\nbest 08-hard-01.txt "
	                            "3000\n"));
	assert_non_null(strstr(got, "\nset colour blue\nset speed 7\n"));
	assert_int_equal(store_found(&b, STORE_SOLUTIONS, 8), 2);
	assert_true(store_best_time(&b, "08-hard-01.txt", &ms));
	assert_int_equal(ms, 3000);
	/* A saves again: what it set wins, the rest is as B left it. */
	assert_int_equal(store_add(&a, STORE_SOLUTIONS, 8, 3), 1);
	assert_int_equal(store_save(&a, err, sizeof err), 0);
	slurp(path, got, sizeof got);
	assert_non_null(strstr(got, "\nsolutions 8 1 2 3\n"));
	assert_non_null(strstr(got, "\nset colour blue\nset speed 7\n"));
	store_free(&a);
	store_free(&b);

	/* The config file: a line added by hand while the program runs stays,
	 * and the theme each copy chose goes in. */
	snprintf(path, sizeof path, "%s/config", dir);
	write_file(path, "# mine\ntheme = calm\n");
	assert_int_equal(settings_init(&x, path), 0);
	assert_int_equal(settings_init(&y, path), 0);
	assert_int_equal(settings_load(&x, err, sizeof err), 0);
	assert_int_equal(settings_load(&y, err, sizeof err), 0);
	write_file(path, "# mine\ntheme = calm\nbell = off   # by hand\n");
	assert_int_equal(settings_set(&x, "theme", "wood", err, sizeof err), 0);
	assert_int_equal(settings_save(&x, err, sizeof err), 0);
	slurp(path, got, sizeof got);
	assert_string_equal(got, "# mine\ntheme = wood\nbell = off   # by hand\n");
	assert_false(settings_bell(&x));
	assert_int_equal(settings_set(&y, "theme", "night", err, sizeof err), 0);
	assert_int_equal(settings_save(&y, err, sizeof err), 0);
	slurp(path, got, sizeof got);
	assert_string_equal(got, "# mine\ntheme = night\nbell = off   # by hand\n");
	settings_free(&x);
	settings_free(&y);
}

/*
 * The merge goes over every n the store keeps, 1 to STORE_MAX_N: what
 * another copy saved for the first and the last n stays when this copy
 * saves, and a third loads it all back.
 */
/*
 * Saved games: two sessions at once keep each other's, a solve's empty line
 * is not brought back by a merge, a line read back is the game written, and
 * a damaged or foreign one is refused alone.  Best times: an assisted solve
 * is timed apart from a clean one.
 */
static void test_saved_games(void **state)
{
	char dir[4200], path[4300], got[4096], err[8192], why[200], text[256];
	struct store a, b, c;
	struct saved_game g = {.n = 8, .ms = 151000, .hints = 2, .verdict = true}, h;
	uint64_t ms;

	(void)state;
	subdir("saved", dir, sizeof dir);
	snprintf(path, sizeof path, "%s/progress", dir);
	g.queen[0] = g.queen[63] = g.marked[9] = true;
	saved_format(&g, text, sizeof text);
	assert_string_equal(text,
	                    "t 151000 h 2 v 1 q 8000000000000001 x 0000000000000200");
	assert_int_equal(saved_parse(text, 8, &h, why, sizeof why), 1);
	assert_memory_equal(&g, &h, sizeof g);
	/* Another size's, or not a game at all. */
	assert_int_equal(saved_parse(text, 7, &h, why, sizeof why), -1);
	assert_string_equal(why, "its squares are not those of a 7x7 board");
	assert_int_equal(saved_parse("t x h 0", 8, &h, why, sizeof why), -1);
	/* As many digits as a 7x7 board's, but a square past its 49th. */
	assert_int_equal(saved_parse("t 1 h 0 v 0 q 2000000000000 x 0000000000000", 7, &h,
	                             why, sizeof why),
	                 -1);
	assert_int_equal(saved_parse("t 1 h 0 v 0 q 1000000000000 x 0000000000000", 7, &h,
	                             why, sizeof why),
	                 1);
	assert_true(h.queen[48]);
	assert_int_equal(saved_parse("", 8, &h, why, sizeof why), 0);

	write_file(path, "nqueens progress 1\nbest 08-hard-01 9000\n"
	                 "set game.10-hard-01 t 9 h 0 v 0 q zz x 00\n");
	assert_int_equal(store_init(&a, dir, err, sizeof err), 0);
	assert_int_equal(store_init(&b, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&a, err, sizeof err), 0);
	assert_int_equal(store_load(&b, err, sizeof err), 0);
	/* A damaged game is refused alone: the best time beside it stays. */
	assert_int_equal(saved_get(&a, "10-hard-01", 10, &h, why, sizeof why), -1);
	assert_true(store_best_time(&a, "08-hard-01", &ms));
	/* A leaves one puzzle, B another, at once: both are kept. */
	assert_int_equal(saved_put(&a, "08-hard-01", &g), 0);
	assert_int_equal(store_save(&a, err, sizeof err), 0);
	g.ms = 5000;
	assert_int_equal(saved_put(&b, "daily-2026-11-27", &g), 0);
	assert_int_equal(store_save(&b, err, sizeof err), 0);
	assert_int_equal(store_init(&c, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&c, err, sizeof err), 0);
	assert_int_equal(saved_get(&c, "08-hard-01", 8, &h, why, sizeof why), 1);
	assert_int_equal(h.ms, 151000);
	assert_int_equal(saved_get(&c, "daily-2026-11-27", 8, &h, why, sizeof why), 1);
	assert_int_equal(h.ms, 5000);
	store_free(&c);
	/* A solves its puzzle; B, which read the game, saves after: it stays gone. */
	assert_int_equal(saved_drop(&a, "08-hard-01"), 1);
	assert_int_equal(saved_drop(&a, "08-hard-01"), 0);
	assert_int_equal(store_save(&a, err, sizeof err), 0);
	assert_int_equal(store_add(&b, STORE_SOLUTIONS, 8, 4), 1);
	assert_int_equal(store_save(&b, err, sizeof err), 0);
	slurp(path, got, sizeof got);
	assert_non_null(strstr(got, "\nset game.08-hard-01 \n"));
	assert_int_equal(saved_get(&b, "08-hard-01", 8, &h, why, sizeof why), 0);

	/* Clean and assisted best times, apart; an old line counts as clean. */
	assert_int_equal(store_record_best(&a, "08-hard-01", false, 4000), 1);
	assert_true(store_best(&a, "08-hard-01", true, &ms));
	assert_int_equal(ms, 9000);
	assert_true(store_best(&a, "08-hard-01", false, &ms));
	assert_int_equal(ms, 4000);
	assert_false(store_best(&a, "08-easy-01", false, NULL));
	assert_int_equal(store_record_best(&a, "08-hard-01", true, 8000), 1);
	assert_true(store_best(&a, "08-hard-01", false, &ms));
	assert_int_equal(ms, 4000);
	store_free(&a);
	store_free(&b);
}

static void test_merge_ends(void **state)
{
	char dir[4200], path[4300], got[4096], err[8192];
	struct store a, b, c;
	const int last = STORE_MAX_N;

	(void)state;
	subdir("merge-ends", dir, sizeof dir);
	snprintf(path, sizeof path, "%s/progress", dir);
	assert_int_equal(store_init(&a, dir, err, sizeof err), 0);
	assert_int_equal(store_init(&b, dir, err, sizeof err), 0);
	/* STORE_MAX_N is the last n kept. */
	assert_int_equal(store_add(&a, STORE_SOLUTIONS, last + 1, 1), -1);
	/* store_merge alone. */
	assert_int_equal(store_add(&b, STORE_SOLUTIONS, 1, 1), 1);
	assert_int_equal(store_add(&b, STORE_CLASSES, 1, 1), 1);
	assert_int_equal(store_add(&b, STORE_SOLUTIONS, last, UINT64_C(123456789012)), 1);
	assert_int_equal(store_add(&b, STORE_CLASSES, last, 5), 1);
	assert_int_equal(store_merge(&a, &b), 0);
	assert_true(store_has(&a, STORE_SOLUTIONS, 1, 1));
	assert_true(store_has(&a, STORE_CLASSES, 1, 1));
	assert_true(store_has(&a, STORE_SOLUTIONS, last, UINT64_C(123456789012)));
	assert_true(store_has(&a, STORE_CLASSES, last, 5));
	store_clear(&a);
	store_clear(&b);

	/* Two copies loaded before either saved: B's save merges A's. */
	assert_int_equal(store_load(&a, err, sizeof err), 0);
	assert_int_equal(store_load(&b, err, sizeof err), 0);
	assert_int_equal(store_add(&a, STORE_SOLUTIONS, 1, 1), 1);
	assert_int_equal(store_add(&a, STORE_SOLUTIONS, last, 7), 1);
	assert_int_equal(store_add(&a, STORE_CLASSES, last, 3), 1);
	assert_int_equal(store_save(&a, err, sizeof err), 0);
	assert_int_equal(store_add(&b, STORE_CLASSES, 1, 1), 1);
	assert_int_equal(store_add(&b, STORE_SOLUTIONS, last, 9), 1);
	assert_int_equal(store_save(&b, err, sizeof err), 0);
	slurp(path, got, sizeof got);
	assert_non_null(strstr(got, "\nsolutions 1 1\nclasses 1 1\n"));
	assert_non_null(strstr(got, "\nsolutions 32 7 9\nclasses 32 3\n"));
	assert_true(store_has(&b, STORE_SOLUTIONS, last, 7));
	assert_true(store_has(&b, STORE_CLASSES, last, 3));
	assert_true(store_has(&b, STORE_SOLUTIONS, 1, 1));
	/* Loaded back, all of it. */
	assert_int_equal(store_init(&c, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&c, err, sizeof err), 0);
	assert_int_equal(store_found(&c, STORE_SOLUTIONS, 1), 1);
	assert_int_equal(store_found(&c, STORE_CLASSES, 1), 1);
	assert_int_equal(store_found(&c, STORE_SOLUTIONS, last), 2);
	assert_true(store_has(&c, STORE_SOLUTIONS, last, 7));
	assert_true(store_has(&c, STORE_SOLUTIONS, last, 9));
	assert_true(store_has(&c, STORE_CLASSES, last, 3));
	store_free(&a);
	store_free(&b);
	store_free(&c);
}

/* Waits for a byte on fd: the signal to go. */
static void await(int fd)
{
	char c;

	if (read(fd, &c, 1) != 1)
		_exit(3);
}

/*
 * One copy of the program: loads, says it is ready, waits for the go, then
 * finds its solutions of n = 12 (first, first + step, ... below 14200),
 * saving after each, as Play does.  Exits 0 when every save worked.
 */
static void copy_run(const char *dir, int ready, int go, uint64_t first, uint64_t step)
{
	char err[8192];
	struct store st;
	int failed = 0;

	if (store_init(&st, dir, err, sizeof err) < 0 ||
	    store_load(&st, err, sizeof err) != 0)
		_exit(2);
	if (write(ready, "r", 1) != 1)
		_exit(3);
	await(go);
	for (uint64_t k = first; k < 14200; k += step) {
		store_add(&st, STORE_SOLUTIONS, 12, k);
		store_record_time(&st, "12-easy-01.txt", 100000 - k);
		if (store_save(&st, err, sizeof err) < 0) {
			fprintf(stderr, "save %llu: %s\n", (unsigned long long)k, err);
			failed++;
		}
	}
	store_free(&st);
	_exit(failed ? 1 : 0);
}

/*
 * 20 pairs of copies, each pair loading before either saves and then saving
 * at the same time, each after every solution found: the file ends with
 * every solution of both, and the least time.
 */
static void test_concurrent_pairs(void **state)
{
	enum { PAIRS = 20, STEP = 900 };
	char dir[4200], err[8192];
	struct store st;

	(void)state;
	for (int pair = 0; pair < PAIRS; pair++) {
		int ready[2], go[2], status;
		pid_t kid[2];
		char c;

		snprintf(dir, sizeof dir, "%s/pair-%d", scratch, pair);
		/* Half the pairs start with a file, half with none. */
		if (pair % 2) {
			char path[4300];

			assert_int_equal(mkdir(dir, 0700), 0);
			snprintf(path, sizeof path, "%s/progress", dir);
			write_file(path, "nqueens progress 1\nsolutions 12 14199\n");
		}
		assert_int_equal(pipe(ready), 0);
		assert_int_equal(pipe(go), 0);
		for (int k = 0; k < 2; k++) {
			kid[k] = fork();
			assert_true(kid[k] >= 0);
			if (kid[k] == 0)
				copy_run(dir, ready[1], go[0],
				         (uint64_t)(1 + k + 2 * pair), STEP);
		}
		/* Both have loaded before either saves. */
		for (int k = 0; k < 2; k++)
			assert_int_equal(read(ready[0], &c, 1), 1);
		assert_int_equal(write(go[1], "gg", 2), 2);
		for (int k = 0; k < 2; k++) {
			assert_int_equal(waitpid(kid[k], &status, 0), kid[k]);
			if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
				fail_msg("pair %d, copy %d: status %d", pair, k, status);
		}
		assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
		assert_int_equal(store_load(&st, err, sizeof err), 0);
		for (int k = 0; k < 2; k++)
			for (uint64_t i = (uint64_t)(1 + k + 2 * pair); i < 14200;
			     i += STEP)
				if (!store_has(&st, STORE_SOLUTIONS, 12, i))
					fail_msg("pair %d: solution %llu of copy %d was "
					         "lost",
					         pair, (unsigned long long)i, k);
		{
			size_t want = (size_t)(pair % 2);

			for (int k = 0; k < 2; k++)
				for (int i = 1 + k + 2 * pair; i < 14200; i += STEP)
					want++;
			assert_int_equal(store_found(&st, STORE_SOLUTIONS, 12), want);
		}
		{
			uint64_t ms;

			assert_true(store_best_time(&st, "12-easy-01.txt", &ms));
			assert_true(ms < 100000 - 13000);
		}
		store_free(&st);
		for (int k = 0; k < 2; k++) {
			close(ready[k]);
			close(go[k]);
		}
	}
}

/* Interrupts the lock's wait (see test_lock_wait); does nothing else. */
static void on_tick(int sig)
{
	(void)sig;
}

/* The monotonic clock in seconds. */
static double mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * Another copy holds the lock of path until the pipe's write end release[1]
 * is closed (or for hold_ms if release is NULL); returns its pid once the lock
 * is held.
 */
static pid_t hold_lock(const char *path, int hold_ms, const int *release)
{
	int ready[2];
	pid_t kid;
	char c;

	assert_int_equal(pipe(ready), 0);
	kid = fork();
	assert_true(kid >= 0);
	if (kid == 0) {
		const struct timespec ts = {hold_ms / 1000, (hold_ms % 1000) * 1000000L};
		int fd = open(path, O_RDONLY);

		if (fd < 0 || flock(fd, LOCK_EX) < 0 || write(ready[1], "r", 1) != 1)
			_exit(1);
		if (release) {
			close(release[1]);
			while (read(release[0], &c, 1) < 0 && errno == EINTR)
				;
		} else
			nanosleep(&ts, NULL);
		_exit(0);
	}
	assert_int_equal(read(ready[0], &c, 1), 1);
	close(ready[0]);
	close(ready[1]);
	return kid;
}

/*
 * A save waits for another's lock, and gives up after 5 seconds of wall time,
 * saying so.  The lock that stays is held until the save has given up, not for
 * a time that a loaded machine could outlast; and the wait is interrupted by a
 * signal every 2 ms, which cuts short every sleep of a wait that counts its
 * sleeps instead of reading the clock.
 */
static void test_lock_wait(void **state)
{
	char dir[4200], path[4300], err[8192];
	struct itimerval tick = {{0, 2000}, {0, 2000}}, off = {{0, 0}, {0, 0}};
	struct sigaction sa, old;
	struct store st;
	int release[2], status, saved;
	double start, waited;
	pid_t kid;

	(void)state;
	subdir("locked", dir, sizeof dir);
	snprintf(path, sizeof path, "%s/progress", dir);
	write_file(path, "nqueens progress 1\n");
	assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&st, err, sizeof err), 0);

	kid = hold_lock(path, 300, NULL);
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 1), 1);
	if (store_save(&st, err, sizeof err) != 0)
		fail_msg("a save under a lock held 300 ms: '%s'", err);
	assert_int_equal(waitpid(kid, &status, 0), kid);

	assert_int_equal(pipe(release), 0);
	kid = hold_lock(path, 0, release);
	close(release[0]);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_tick;
	sigemptyset(&sa.sa_mask);
	assert_int_equal(sigaction(SIGALRM, &sa, &old), 0);
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 2), 1);
	start = mono_now();
	assert_int_equal(setitimer(ITIMER_REAL, &tick, NULL), 0);
	saved = store_save(&st, err, sizeof err);
	setitimer(ITIMER_REAL, &off, NULL);
	waited = mono_now() - start;
	sigaction(SIGALRM, &old, NULL);
	close(release[1]);
	assert_int_equal(waitpid(kid, &status, 0), kid);
	if (saved == 0)
		fail_msg("a save under a lock that stays succeeded");
	if (!strstr(err, "is being written by another program (it stayed "
	                 "locked for 5 s)"))
		fail_msg("a lock held too long: '%s'", err);
	if (waited < 5.0)
		fail_msg("the save gave up after %.2f s, not 5 s", waited);
	store_free(&st);
}

/*
 * Adds solution #1 of n = 8 to st and saves it in a child under a file-size
 * limit of limit bytes (SIGXFSZ ignored, as a full disk): the save must fail
 * with "File too large".
 */
static void save_over_limit(struct store *st, rlim_t limit)
{
	int status;
	pid_t kid = fork();

	assert_true(kid >= 0);
	if (kid == 0) {
		struct rlimit rl = {limit, limit};
		char err[8192];

		signal(SIGXFSZ, SIG_IGN);
		store_add(st, STORE_SOLUTIONS, 8, 1);
		if (setrlimit(RLIMIT_FSIZE, &rl) < 0)
			_exit(1);
		if (store_save(st, err, sizeof err) == 0 ||
		    !strstr(err, "File too large"))
			_exit(2);
		_exit(0);
	}
	assert_int_equal(waitpid(kid, &status, 0), kid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

/* A write that fails (a file-size limit) leaves the file as it was, and makes
 * none where there was none. */
static void test_write_fails(void **state)
{
	char dir[4200], names[512], err[8192];
	struct store st;

	(void)state;
	subdir("full", dir, sizeof dir);
	assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
	save_over_limit(&st, 0);
	store_free(&st);
	list_dir(dir, names, sizeof names);
	assert_string_equal(names, "");
}

/*
 * A hard-linked progress file whose save fails part way (a file-size limit,
 * as a full disk) is left whole under both names: no write in place.  It
 * was torn at the limit, the best times after it lost.
 */
static void test_links_torn(void **state)
{
	char dir[4200], path[4300], twin[4300], err[8192];
	static char text[40000], before[40000], got[40000];
	size_t at;
	struct store st;
	struct stat sb;

	(void)state;
	subdir("torn", dir, sizeof dir);
	snprintf(path, sizeof path, "%s/progress", dir);
	snprintf(twin, sizeof twin, "%s/twin", dir);
	at = (size_t)snprintf(text, sizeof text, "nqueens progress 1\n");
	for (int i = 0; i < 400; i++)
		at += (size_t)snprintf(text + at, sizeof text - at,
		                       "best puzzle-%03d %d\n", i, 1000 + i);
	write_file(path, text);
	assert_int_equal(link(path, twin), 0);
	assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&st, err, sizeof err), 1);
	if (!strstr(err, "has 2 names (hard links)"))
		fail_msg("no notice of the hard link: '%s'", err);
	slurp(path, before, sizeof before);
	save_over_limit(&st, 4096);
	slurp(path, got, sizeof got);
	assert_string_equal(got, before);
	slurp(twin, got, sizeof got);
	assert_string_equal(got, before);
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_nlink, 2);
	/* Without a limit the save goes through, as a file of its own. */
	store_add(&st, STORE_SOLUTIONS, 8, 1);
	assert_int_equal(store_save(&st, err, sizeof err), 0);
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_nlink, 1);
	slurp(twin, got, sizeof got);
	assert_string_equal(got, before);
	store_free(&st);
}

/*
 * The directories from HOME (or the XDG directory named) down to a file are
 * the user's alone, or nothing is read, written or made there: a link to a
 * directory (of root's, say, as when root runs with a user's HOME), one of
 * another user's, one writable by all.  T wrote theme = wood into an ssh
 * config that way.
 */
static void test_linked_dirs(void **state)
{
	char base[4200], other[4300], link_at[4300], file[4400], err[8192], got[256];
	const char *old_xdg = getenv("XDG_DATA_HOME"),
	           *old_conf = getenv("XDG_CONFIG_HOME");
	struct store st;
	struct settings s;
	struct stat sb;

	(void)state;
	old_xdg = old_xdg ? strdup(old_xdg) : NULL;
	old_conf = old_conf ? strdup(old_conf) : NULL;
	subdir("tree", base, sizeof base);
	snprintf(other, sizeof other, "%s/ssh", base);
	assert_int_equal(mkdir(other, 0700), 0);
	snprintf(file, sizeof file, "%s/config", other);
	write_file(file, "Host *\n");
	/* base/nqueens is a link to a directory holding a config. */
	snprintf(link_at, sizeof link_at, "%s/nqueens", base);
	assert_int_equal(symlink(other, link_at), 0);
	setenv("XDG_DATA_HOME", base, 1);
	setenv("XDG_CONFIG_HOME", base, 1);
	assert_int_equal(store_init(&st, NULL, err, sizeof err), 0);
	assert_int_equal(store_load(&st, err, sizeof err), -1);
	if (!strstr(err, "nqueens is a symbolic link") || !strstr(err, "session only"))
		fail_msg("a linked directory: '%s'", err);
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 1), 1);
	assert_int_equal(store_save(&st, err, sizeof err), -1);
	store_free(&st);
	assert_int_equal(settings_init(&s, NULL), 0);
	assert_int_equal(settings_load(&s, err, sizeof err), -1);
	assert_non_null(strstr(err, "nqueens is a symbolic link"));
	assert_int_equal(settings_set(&s, "theme", "wood", err, sizeof err), 0);
	assert_int_equal(settings_save(&s, err, sizeof err), -1);
	settings_free(&s);
	slurp(file, got, sizeof got);
	assert_string_equal(got, "Host *\n");
	snprintf(file, sizeof file, "%s/progress", other);
	assert_int_equal(lstat(file, &sb), -1);

	/* A file where the directory goes: named for what it is. */
	assert_int_equal(unlink(link_at), 0);
	write_file(link_at, "");
	assert_int_equal(store_init(&st, NULL, err, sizeof err), 0);
	assert_int_equal(store_load(&st, err, sizeof err), -1);
	assert_non_null(strstr(err, "nqueens is a regular file, not a directory"));
	store_free(&st);
	/* A directory writable by all, even the user's own: refused. */
	assert_int_equal(unlink(link_at), 0);
	assert_int_equal(mkdir(link_at, 0700), 0);
	assert_int_equal(chmod(link_at, 0777), 0);
	assert_int_equal(store_init(&st, NULL, err, sizeof err), 0);
	assert_int_equal(store_load(&st, err, sizeof err), -1);
	assert_non_null(strstr(err, "nqueens is writable by others (mode 0777)"));
	store_free(&st);
	/* Made private, it is written. */
	assert_int_equal(chmod(link_at, 0700), 0);
	assert_int_equal(store_init(&st, NULL, err, sizeof err), 0);
	assert_int_equal(store_load(&st, err, sizeof err), 0);
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 1), 1);
	assert_int_equal(store_save(&st, err, sizeof err), 0);
	/* Made a link after the start: the save checks again, and refuses. */
	snprintf(file, sizeof file, "%s/moved", base);
	assert_int_equal(rename(link_at, file), 0);
	assert_int_equal(symlink(other, link_at), 0);
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 3), 1);
	assert_int_equal(store_save(&st, err, sizeof err), -1);
	assert_non_null(strstr(err, "nqueens is a symbolic link"));
	snprintf(file, sizeof file, "%s/progress", other);
	assert_int_equal(lstat(file, &sb), -1);
	store_free(&st);

	/* Another user's directory as the base: root's /etc for a user; for
	 * root, one given to nobody. */
	if (geteuid() == 0) {
		assert_int_equal(chown(base, 65534, 65534), 0);
		setenv("XDG_DATA_HOME", base, 1);
	} else {
		setenv("XDG_DATA_HOME", "/etc", 1);
	}
	assert_int_equal(store_init(&st, NULL, err, sizeof err), 0);
	assert_int_equal(store_load(&st, err, sizeof err), -1);
	assert_non_null(strstr(err, "belongs to another user"));
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 2), 1);
	assert_int_equal(store_save(&st, err, sizeof err), -1);
	store_free(&st);
	if (geteuid() == 0)
		assert_int_equal(chown(base, 0, 0), 0);

	if (old_xdg)
		setenv("XDG_DATA_HOME", old_xdg, 1);
	else
		unsetenv("XDG_DATA_HOME");
	if (old_conf)
		setenv("XDG_CONFIG_HOME", old_conf, 1);
	else
		unsetenv("XDG_CONFIG_HOME");
	free((char *)old_xdg);
	free((char *)old_conf);
}

/* A byte-order mark before the first line is no fault, in either file. */
static void test_bom(void **state)
{
	char dir[4200], path[4300], err[8192], got[512];
	struct store st;
	struct settings s;

	(void)state;
	subdir("bom", dir, sizeof dir);
	snprintf(path, sizeof path, "%s/progress", dir);
	write_file(path, "\xef\xbb\xbfnqueens progress 1\r\nsolutions 8 3\r\n");
	assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
	err[0] = '\0';
	assert_int_equal(store_load(&st, err, sizeof err), 0);
	assert_string_equal(err, "");
	assert_true(store_has(&st, STORE_SOLUTIONS, 8, 3));
	store_free(&st);
	snprintf(path, sizeof path, "%s/config", dir);
	write_file(path, "\xef\xbb\xbftheme = night\n");
	assert_int_equal(settings_init(&s, path), 0);
	assert_int_equal(settings_load(&s, err, sizeof err), 0);
	assert_int_equal(settings_theme(&s), SETTINGS_THEME_NIGHT);
	assert_int_equal(settings_set(&s, "bell", "off", err, sizeof err), 0);
	assert_int_equal(settings_save(&s, err, sizeof err), 0);
	slurp(path, got, sizeof got);
	assert_string_equal(got, "\xef\xbb\xbftheme = night\nbell = off\n");
	settings_free(&s);
}

/*
 * Lines ended by a CR alone (as old Mac editors write) are lines: the file
 * loads whole, not as its first line with the rest lost at the next save.
 */
static void test_cr_lines(void **state)
{
	static const char *const ends[] = {"\n", "\r\n", "\r"};
	char dir[4200], path[4300], err[8192], text[512];
	struct store st;
	uint64_t ms;

	(void)state;
	for (size_t e = 0; e < 3; e++) {
		size_t next, at = 0, lines = 0;
		const char *n = ends[e];

		snprintf(text, sizeof text,
		         "nqueens progress 1%s# a comment%s%ssolutions 8 3 5%sclasses 8 "
		         "2%sbest daily-2026-11-01 5000%sset theme wood%s",
		         n, n, n, n, n, n, n);
		/* One rule for every reader: seven lines, the blank one among them. */
		while (at < strlen(text)) {
			fileio_line(text + at, strlen(text) - at, &next);
			at += next;
			lines++;
		}
		assert_int_equal(lines, 7);
		subdir(e == 0 ? "lf" : e == 1 ? "crlf" : "cr", dir, sizeof dir);
		snprintf(path, sizeof path, "%s/progress", dir);
		write_file(path, text);
		assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
		err[0] = '\0';
		assert_int_equal(store_load(&st, err, sizeof err), 0);
		assert_string_equal(err, "");
		assert_true(store_has(&st, STORE_SOLUTIONS, 8, 3));
		assert_true(store_has(&st, STORE_SOLUTIONS, 8, 5));
		assert_true(store_has(&st, STORE_CLASSES, 8, 2));
		assert_true(store_best_time(&st, "daily-2026-11-01", &ms));
		assert_int_equal(ms, 5000);
		assert_string_equal(store_setting(&st, "theme"), "wood");
		store_free(&st);
	}
	/* A NUL byte's line is counted by the same rule. */
	assert_int_equal(fileio_nul_line("a\rb\r\nc\n\0", 9), 4);
}

/* 160,000 best lines and as many set lines, repeats among them: the least
 * time and the last value of each, in order of the name. */
static void test_long_file(void **state)
{
	enum { LINES = 160000, NAMES = 40000 };
	char dir[4200], path[4300], err[8192], name[64], want[64];
	struct store st;
	uint64_t ms;
	FILE *fp;

	(void)state;
	subdir("long", dir, sizeof dir);
	snprintf(path, sizeof path, "%s/progress", dir);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fprintf(fp, "nqueens progress 1\n");
	for (long i = 0; i < LINES; i++)
		fprintf(fp, "best p%05ld.txt %ld\nset k%05ld v%ld\n", i % NAMES,
		        LINES - i, i % NAMES, i);
	assert_int_equal(fclose(fp), 0);
	assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&st, err, sizeof err), 0);
	assert_int_equal(st.nbest, NAMES);
	assert_int_equal(st.nsettings, NAMES);
	for (long j = 0; j < NAMES; j += 997) {
		snprintf(name, sizeof name, "p%05ld.txt", j);
		assert_true(store_best_time(&st, name, &ms));
		assert_int_equal(ms, LINES - (j + LINES - NAMES));
		snprintf(name, sizeof name, "k%05ld", j);
		snprintf(want, sizeof want, "v%ld", j + LINES - NAMES);
		assert_string_equal(store_setting(&st, name), want);
	}
	/* New ones go in their place. */
	assert_int_equal(store_record_time(&st, "a.txt", 5), 1);
	assert_int_equal(store_record_time(&st, "p00001.txt", 1), 1);
	assert_string_equal(st.best[0].puzzle, "a.txt");
	assert_int_equal(store_set_setting(&st, "zz", "last"), 0);
	assert_string_equal(st.settings[st.nsettings - 1].key, "zz");
	store_free(&st);
}

/* Exports: a hidden temporary file, and what a killed one left is removed by
 * the next, unless it is being written (locked) or another user's. */
static void test_export_leftovers(void **state)
{
	static const char *const stale[] = {".nqueens-export.tmp.AbC123",
	                                    "nqueens-export.tmp.zzzzzz"};
	static const char *const kept[] = {
	        ".nqueens-export.tmp.LOCKED", "nqueens-export.txt",
	        ".nqueens-export.tmp.short", "notes.tmp.QQQQQQ"};
	char dir[4200], old[4200], path[4400], names[1024], err[512], said[1024];
	int ready[2], done[2], status;
	pid_t kid;
	char c;

	(void)state;
	subdir("export", dir, sizeof dir);
	assert_non_null(getcwd(old, sizeof old));
	assert_int_equal(chdir(dir), 0);
	for (size_t i = 0; i < 2; i++)
		write_file(stale[i], "half an expo");
	for (size_t i = 0; i < 4; i++)
		write_file(kept[i], "someone's\n");
	assert_int_equal(pipe(ready), 0);
	assert_int_equal(pipe(done), 0);
	kid = fork();
	assert_true(kid >= 0);
	if (kid == 0) {
		struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
		int fd = open(kept[0], O_RDWR);

		if (fd < 0 || fcntl(fd, F_SETLK, &fl) < 0 ||
		    write(ready[1], "r", 1) != 1 || read(done[0], &c, 1) != 1)
			_exit(1);
		_exit(0);
	}
	assert_int_equal(read(ready[0], &c, 1), 1);
	assert_int_equal(store_export("nqueens-export", "a handout\n", path, sizeof path,
	                              err, sizeof err),
	                 0);
	assert_string_equal(path, "nqueens-export-2.txt");
	assert_int_equal(write(done[1], "d", 1), 1);
	assert_int_equal(waitpid(kid, &status, 0), kid);
	list_dir(".", names, sizeof names);
	assert_string_equal(names, ".nqueens-export.tmp.LOCKED .nqueens-export.tmp.short "
	                           "notes.tmp.QQQQQQ nqueens-export-2.txt "
	                           "nqueens-export.txt ");
	/* Its writer gone, the once locked file goes at the next start. */
	store_export_cleanup();
	list_dir(".", names, sizeof names);
	assert_null(strstr(names, "LOCKED"));
	/* Another user's is left alone. */
	if (geteuid() == 0) {
		write_file(stale[0], "theirs");
		assert_int_equal(chown(stale[0], OTHER_UID, OTHER_UID), 0);
		store_export_told("nqueens-export", ".txt", "x\n", said, sizeof said);
		assert_non_null(strstr(said, "Written to nqueens-export-3.txt"));
		list_dir(".", names, sizeof names);
		assert_non_null(strstr(names, stale[0]));
	}
	assert_int_equal(chdir(old), 0);
	for (int k = 0; k < 2; k++) {
		close(ready[k]);
		close(done[k]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_foreign_owner),
	        cmocka_unit_test(test_foreign_dir),
	        cmocka_unit_test(test_not_ours_format),
	        cmocka_unit_test(test_damaged_kept),
	        cmocka_unit_test(test_mode_and_links),
	        cmocka_unit_test(test_merge),
	        cmocka_unit_test(test_merge_ends),
	        cmocka_unit_test(test_saved_games),
	        cmocka_unit_test(test_concurrent_pairs),
	        cmocka_unit_test(test_lock_wait),
	        cmocka_unit_test(test_write_fails),
	        cmocka_unit_test(test_links_torn),
	        cmocka_unit_test(test_linked_dirs),
	        cmocka_unit_test(test_bom),
	        cmocka_unit_test(test_cr_lines),
	        cmocka_unit_test(test_long_file),
	        cmocka_unit_test(test_export_leftovers),
	};

	return cmocka_run_group_tests(tests, make_scratch, drop_scratch);
}
