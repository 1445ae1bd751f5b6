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
        {"play", cli_play},   {"count", cli_count}, {"list", cli_list},
        {"solve", cli_solve}, {"check", cli_check}, {"puzzle", cli_puzzle},
        {"trace", cli_trace}, {"watch", cli_watch}, {"browse", cli_browse},
};

/* The options that only change how the full-screen program draws. */
static bool is_display_option(const char *a)
{
	return strcmp(a, "--ascii") == 0 || strcmp(a, "-a") == 0 ||
	       strcmp(a, "--no-color") == 0;
}

int main(int argc, char **argv)
{
	const char *cmd;

	/* ncursesw and the input decoder take the character set from the locale. */
	setlocale(LC_ALL, "");

	/*
	 * Display options may come before a command: they are handed on to play,
	 * and with no command at all they go with the menu.
	 */
	int ndisplay = 0;

	while (1 + ndisplay < argc && is_display_option(argv[1 + ndisplay]))
		ndisplay++;
	if (1 + ndisplay == argc)
		return cli_menu(argc - 1, argv + 1);
	cmd = argv[1 + ndisplay];
	if (ndisplay > 0) {
		char *moved[argc];
		int k = 0;

		if (strcmp(cmd, "play") != 0 && strcmp(cmd, "watch") != 0 &&
		    strcmp(cmd, "browse") != 0)
			return cli_usage_error(
			        NULL,
			        "%s goes with play, watch, browse or the menu, "
			        "not with %s",
			        argv[1], cmd);
		/* play's own arguments first, then the display options. */
		for (int i = 2 + ndisplay; i < argc; i++)
			moved[k++] = argv[i];
		for (int i = 1; i <= ndisplay; i++)
			moved[k++] = argv[i];
		return strcmp(cmd, "watch") == 0    ? cli_watch(k, moved)
		       : strcmp(cmd, "browse") == 0 ? cli_browse(k, moved)
		                                    : cli_play(k, moved);
	}
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 ||
	    strcmp(cmd, "help") == 0) {
		cli_help();
		return fflush(stdout) == 0 ? CLI_OK : CLI_NO;
	}
	if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
		printf("%s\n", PACKAGE_STRING);
		return fflush(stdout) == 0 ? CLI_OK : CLI_NO;
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(cmd, commands[i].name) == 0)
			return commands[i].run(argc - 2, argv + 2);
	if (cmd[0] == '-')
		return cli_usage_error(NULL,
		                       "unknown option '%s'; try --help or "
		                       "--version, or a command: play, count, list, "
		                       "solve, check, puzzle, trace, watch, browse",
		                       cmd);
	return cli_usage_error(NULL,
	                       "unknown command '%s'; commands are play, "
	                       "count, list, solve, check, puzzle, trace, watch, browse",
	                       cmd);
}
