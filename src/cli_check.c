/* The check command: whether positions are solutions, and what is wrong. */
#include "config.h"

#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "board.h"
#include "lines.h"

/* How many conflicting pairs a verdict names before it says "and N more". */
#define CHECK_SHOWN 10

/* Prints the verdict on one position; returns CLI_OK or CLI_NO. */
static int check_position(const struct position *pos)
{
	struct board_conflict c[CHECK_SHOWN];
	size_t found = board_conflicts(pos, c, CHECK_SHOWN);
	const char *sep = "";

	if (found == (size_t)-1) {
		fprintf(stderr, "nqueens check: out of memory\n");
		exit(CLI_NO);
	}
	if (found == 0 && pos->count == (size_t)pos->n) {
		puts("valid");
		return CLI_OK;
	}
	for (size_t i = 0; i < found && i < CHECK_SHOWN; i++) {
		char a[32], b[32];

		board_square_name(c[i].a, a, sizeof a);
		board_square_name(c[i].b, b, sizeof b);
		printf("%s%s and %s share a %s", sep, a, b, board_line_name(c[i].line));
		sep = "; ";
	}
	if (found > CHECK_SHOWN)
		printf("; and %zu more conflicts", found - CHECK_SHOWN);
	if (pos->count < (size_t)pos->n) {
		if (pos->count == 0)
			printf("%sno queens on %d file%s", sep, pos->n,
			       pos->n == 1 ? "" : "s");
		else
			printf("%sonly %zu queen%s on %d files", sep, pos->count,
			       pos->count == 1 ? "" : "s", pos->n);
	}
	putchar('\n');
	return CLI_NO;
}

/* Opens what check reads: FILE, or standard input for none or "-". */
static FILE *check_open(const char *file, const char **name)
{
	struct stat sb;
	FILE *in = stdin;

	*name = NULL;
	if (file && strcmp(file, "-") != 0) {
		in = fopen(file, "r");
		if (!in) {
			cli_usage_error("check", "cannot read %s: %s", file,
			                strerror(errno));
			return NULL;
		}
		*name = file;
	}
	/* A directory opens, then fails at the first read with a vaguer word. */
	if (fstat(fileno(in), &sb) == 0 && S_ISDIR(sb.st_mode)) {
		cli_usage_error("check", "%s is a directory, not a file of positions",
		                *name ? *name : "standard input");
		if (in != stdin)
			fclose(in);
		return NULL;
	}
	return in;
}

/* Checks one position a line; blank lines and '#' comments are skipped. */
static int check_lines(FILE *in, const char *name)
{
	struct lines rd;
	enum lines_status st;
	char *line, err[256], why[64];
	size_t len;
	unsigned long checked = 0;
	int status = CLI_OK;
	struct position p;

	/* Room for a carriage return after the longest position. */
	lines_start(&rd, in, BOARD_LINE_MAX + 1);
	while ((st = lines_next(&rd, &line, &len)) == LINES_OK) {
		const char *s = line;

		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0' || *s == '#' || *s == '\r')
			continue;
		if (board_parse(line, &p, err, sizeof err) < 0)
			break;
		checked++;
		if (check_position(&p) != CLI_OK)
			status = CLI_NO;
		board_free(&p);
	}
	if (st != LINES_END) {
		const char *what =
		        st == LINES_OK ? err : lines_why(&rd, st, why, sizeof why);

		fflush(stdout);
		if (name)
			status = cli_usage_error("check", "%s:%lu: %s", name, rd.lineno,
			                         what);
		else
			status =
			        cli_usage_error("check", "line %lu: %s", rd.lineno, what);
	} else if (checked == 0) {
		status = cli_usage_error("check",
		                         "no position given: write one as arguments "
		                         "or one per line on standard input");
	}
	lines_free(&rd);
	return status;
}

int cli_check(int argc, char **argv)
{
	static const char synopsis[] = "nqueens check [POSITION... | --file FILE]";
	static const struct cli_optdef defs[OPT_COUNT] = {
	        [OPT_HELP] = {"help", 'h', false},
	        [OPT_FILE] = {"file", 0, true},
	};
	const char *val[OPT_COUNT], *name;
	char **pos = calloc((size_t)argc + 1, sizeof *pos);
	char err[256];
	int npos, status;
	FILE *in;
	struct position p;

	if (!pos)
		return CLI_NO;
	if (cli_parse_options("check", synopsis, argc, argv, defs, val, pos, argc,
	                      &npos)) {
		free(pos);
		return CLI_USAGE;
	}
	if (val[OPT_HELP]) {
		free(pos);
		cli_help();
		return cli_finish_output(CLI_OK);
	}
	if (val[OPT_FILE] && npos > 0) {
		free(pos);
		return cli_usage_error("check", "give positions or --file, not both");
	}
	/* A lone "-" is standard input, as for --file; it is no 1-file board. */
	if (npos == 1 && strcmp(pos[0], "-") == 0)
		npos = 0;
	if (npos > 0) {
		/* The words on the command line make one position. */
		size_t len = 1;
		char *text;

		for (int i = 0; i < npos; i++)
			len += strlen(pos[i]) + 1;
		text = malloc(len);
		if (!text)
			abort();
		text[0] = '\0';
		for (int i = 0; i < npos; i++) {
			strcat(text, pos[i]);
			strcat(text, " ");
		}
		free(pos);
		if (board_parse(text, &p, err, sizeof err) < 0) {
			free(text);
			return cli_usage_error("check", "%s", err);
		}
		free(text);
		status = check_position(&p);
		board_free(&p);
		return cli_finish_output(status);
	}
	free(pos);
	in = check_open(val[OPT_FILE], &name);
	if (!in)
		return CLI_USAGE;
	status = check_lines(in, name);
	if (in != stdin)
		fclose(in);
	return status == CLI_USAGE ? status : cli_finish_output(status);
}
