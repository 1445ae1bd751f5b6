/* The command-line subcommands: count, list, solve and check. */
#ifndef NQ_CLI_H
#define NQ_CLI_H

/* Exit statuses shared by every subcommand. */
enum {
	CLI_OK = 0,    /* done; for check, every position is a solution */
	CLI_NO = 1,    /* no solution exists, or a position is not one */
	CLI_USAGE = 2, /* a bad argument or malformed input */
};

/* Each takes the arguments after its own name and returns an exit status. */
int cli_count(int argc, char **argv);
int cli_list(int argc, char **argv);
int cli_solve(int argc, char **argv);
int cli_check(int argc, char **argv);

/* Prints the full usage to stdout. */
void cli_help(void);

/* Reports a usage error on one line of stderr and returns CLI_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

#endif
