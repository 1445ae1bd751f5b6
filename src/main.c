/* nqueens: the n-queens puzzle to play, watch and count; the entry point. */
#include "config.h"

#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
} commands[] = {
        {"play", cli_play},     {"count", cli_count},     {"list", cli_list},
        {"solve", cli_solve},   {"check", cli_check},     {"puzzle", cli_puzzle},
        {"trace", cli_trace},   {"watch", cli_watch},     {"browse", cli_browse},
        {"lesson", cli_lesson}, {"race", cli_race},       {"sum", cli_sum},
        {"stats", cli_stats},   {"compare", cli_compare},
};

/*
 * The options that only change how the full-screen program draws (and
 * Play's assists): how many words the one at argv[i] takes (2 for --theme
 * NAME), 0 if it is none.
 */
static int display_option(int argc, char **argv, int i)
{
	const char *a = argv[i];

	if (strcmp(a, "--ascii") == 0 || strcmp(a, "-a") == 0 ||
	    strcmp(a, "--no-color") == 0 || strcmp(a, "--quiet") == 0 ||
	    strncmp(a, "--theme=", 8) == 0 || strncmp(a, "--assist=", 9) == 0)
		return 1;
	if (strcmp(a, "--theme") == 0 || strcmp(a, "--assist") == 0)
		return i + 1 < argc ? 2 : 1;
	return 0;
}

/* The command named cmd, or NULL. */
static int (*find_command(const char *cmd))(int, char **)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(cmd, commands[i].name) == 0)
			return commands[i].run;
	return NULL;
}

/* --help and --version stand alone: a word after them is a mistake. */
static int print_alone(const char *opt, int nextra, char **extra, bool version)
{
	if (nextra > 0)
		return cli_usage_error(NULL, "%s takes nothing after it, not '%s'", opt,
		                       extra[0]);
	if (version)
		printf("%s\n", PACKAGE_STRING);
	else
		cli_help();
	return cli_finish_output(CLI_OK);
}

int main(int argc, char **argv)
{
	int (*run)(int, char **);
	const char *cmd;
	bool ended = false;
	int at = 1;

	/* ncursesw and the input decoder take the character set from the locale. */
	setlocale(LC_ALL, "");

	/*
	 * Display options may come before a command: they are handed on to play,
	 * and with no command at all they go with the menu.  "--" ends them.
	 */
	while (at < argc && display_option(argc, argv, at))
		at += display_option(argc, argv, at);
	int ndisplay = at - 1;

	if (at < argc && strcmp(argv[at], "--") == 0) {
		ended = true;
		at++;
	}
	if (at == argc)
		return cli_menu(ndisplay, argv + 1);
	cmd = argv[at];
	bool help = strcmp(cmd, "help") == 0 ||
	            (!ended && (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0));
	bool version =
	        !ended && (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0);

	if ((help || version) && ndisplay > 0)
		return cli_usage_error(NULL,
		                       "%s goes with play, watch, browse, lesson, "
		                       "race or the menu, not with %s",
		                       argv[1], cmd);
	if (help || version)
		return print_alone(cmd, argc - at - 1, argv + at + 1, version);
	run = find_command(cmd);
	if (!run && cmd[0] == '-' && !ended)
		return cli_usage_error(
		        NULL,
		        "unknown option '%s'; try --help or "
		        "--version, or a command: play, count, sum, list, "
		        "solve, check, puzzle, trace, compare, race, watch, browse, "
		        "lesson, stats",
		        cmd);
	if (!run)
		return cli_usage_error(
		        NULL,
		        "unknown command '%s'; commands are play, "
		        "count, sum, list, solve, check, puzzle, trace, compare, race, "
		        "watch, browse, lesson, stats",
		        cmd);
	if (ndisplay > 0) {
		char *moved[argc];
		int k = 0;

		if (run != cli_play && run != cli_watch && run != cli_browse &&
		    run != cli_lesson && run != cli_race)
			return cli_usage_error(
			        NULL,
			        "%s goes with play, watch, browse, lesson, race or "
			        "the menu, not with %s",
			        argv[1], cmd);
		/* The command's own arguments first, then the display options. */
		for (int i = at + 1; i < argc; i++)
			moved[k++] = argv[i];
		for (int i = 1; i <= ndisplay; i++)
			moved[k++] = argv[i];
		return run(k, moved);
	}
	return run(argc - at - 1, argv + at + 1);
}
