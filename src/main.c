/* nqueens: the n-queens puzzle to play, watch and count; the entry point. */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
} commands[] = {
        {"play", cli_play},
        {"count", cli_count},
        {"list", cli_list},
        {"solve", cli_solve},
        {"check", cli_check},
        {"puzzle", cli_puzzle},
};

int main(int argc, char **argv)
{
	const char *cmd;

	/* ncursesw and the input decoder take the character set from the locale. */
	setlocale(LC_ALL, "");

	/* No command, or only display options: the menu. */
	if (argc < 2 || strcmp(argv[1], "--ascii") == 0 || strcmp(argv[1], "--no-color") == 0 ||
	    strcmp(argv[1], "-a") == 0)
		return cli_menu(argc - 1, argv + 1);
	cmd = argv[1];
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
		return cli_usage_error(
		        NULL,
		        "unknown option '%s'; try --help or "
		        "--version, or a command: play, count, list, "
		        "solve, check, puzzle",
		        cmd);
	return cli_usage_error(NULL,
	                       "unknown command '%s'; commands are play, "
	                       "count, list, solve, check, puzzle",
	                       cmd);
}
