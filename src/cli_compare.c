/* The compare command: a student's search, read as events, against the reference. */
#include "config.h"

#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/compare.h"
#include "engine/search.h"

static const char synopsis[] =
        "nqueens compare N FILE|- [--algorithm backtrack|scan|permute|bits]";

/*
 * Reads one line into buf (room for COMPARE_MAX_LINE + 2), without its
 * newline: a line longer than the longest is cut one character past it,
 * for compare_parse to refuse, so that a file of no newlines is not read
 * to its end.  false at the end of the input.
 */
static bool read_line(FILE *in, char *buf, size_t *len)
{
	int ch = EOF;

	*len = 0;
	while (*len <= COMPARE_MAX_LINE && (ch = getc(in)) != EOF && ch != '\n')
		buf[(*len)++] = (char)ch;
	return ch != EOF || *len > 0;
}

/* Keeps ev in r, growing its array; false when out of memory. */
static bool keep_event(struct cli_events *r, const struct compare_event *ev)
{
	if (r->count == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 1024;
		struct compare_event *m = realloc(r->ev, cap * sizeof *m);

		if (!m)
			return false;
		r->ev = m;
		r->cap = cap;
	}
	r->ev[r->count++] = *ev;
	return true;
}

int cli_compare_read(const char *cmd, struct compare *c, FILE *in, const char *name,
                     int n, struct cli_events *r)
{
	char buf[COMPARE_MAX_LINE + 2], err[256];
	size_t len;
	struct compare_event ev;

	r->line = r->at_line = 0;
	r->state = COMPARE_GOING;
	while (compare_reading(c) && read_line(in, buf, &len)) {
		r->line++;
		if (!compare_parse(buf, len, n, &ev, err, sizeof err)) {
			fprintf(stderr, "nqueens %s: %s, line %lu: %s\n", cmd, name,
			        r->line, err);
			return CLI_USAGE;
		}
		buf[len] = '\0';
		r->state = compare_feed(c, &ev, buf);
		if (r->state == COMPARE_DIFFERS && !r->at_line)
			r->at_line = r->line;
		/* What compare counts, a replay steps through: the events, not the
		 * blank lines. */
		if (r->keep && ev.kind != SEARCH_EV_NONE &&
		    r->count < compare_events(c) && !keep_event(r, &ev))
			cli_out_of_memory();
	}
	if (ferror(in)) {
		fprintf(stderr, "nqueens %s: cannot read %s: %s\n", cmd, name,
		        strerror(errno));
		return CLI_USAGE;
	}
	if (r->state == COMPARE_LIMIT) {
		fprintf(stderr,
		        "nqueens %s: %s, line %lu: more than %u events, the most "
		        "compare reads; the first %u are the same search\n",
		        cmd, name, r->line, COMPARE_MAX_EVENTS, COMPARE_MAX_EVENTS);
		return CLI_USAGE;
	}
	if (r->state == COMPARE_GOING && compare_events(c) == 0) {
		fprintf(stderr,
		        "nqueens %s: %s holds no events (lines such as 'enter a', "
		        "'try a1', 'place a1')\n",
		        cmd, name);
		return CLI_USAGE;
	}
	return -1;
}

/* Reads the student's events and prints the verdict; the exit status. */
static int compare_input(struct compare *c, FILE *in, const char *name, int n)
{
	struct cli_events r = {.keep = false};
	enum compare_state st;
	int rc = cli_compare_read("compare", c, in, name, n, &r);

	if (rc >= 0)
		return rc;
	st = (enum compare_state)r.state;
	bool ended = st == COMPARE_GOING;

	if (ended)
		st = compare_end(c);

	size_t need = compare_report(c, NULL, 0);
	char *text = malloc(need + 1);

	if (!text)
		cli_out_of_memory();
	compare_report(c, text, need + 1);
	if (st == COMPARE_DIFFERS)
		ended ? printf("%s, after its last line (%lu): ", name, r.line)
		      : printf("%s, line %lu: ", name, r.at_line);
	fputs(text, stdout);
	free(text);
	if (st == COMPARE_DIFFERS && ended)
		fprintf(stderr,
		        "nqueens compare: %s ends after line %lu, in the middle of the "
		        "search\n",
		        name, r.line);
	return st == COMPARE_SAME ? CLI_OK : CLI_NO;
}

int cli_compare(int argc, char **argv)
{
	static const struct cli_optdef defs[OPT_COUNT] = {
	        [OPT_ALGORITHM] = {"algorithm", 'a', true},
	};
	struct cli_args args;
	enum search_algo a = SEARCH_BACKTRACK;
	char err[256];
	struct compare *c;
	FILE *in;
	uint64_t v;
	int status;

	if ((status = cli_begin("compare", synopsis, argc, argv, defs, 2, &args)) >= 0)
		return status;
	if (args.val[OPT_ALGORITHM])
		a = search_algo_from_name(args.val[OPT_ALGORITHM]);
	if (a == SEARCH_ALGO_COUNT || !search_is_tree(a))
		return cli_usage_error("compare",
		                       "--algorithm must be backtrack, scan, permute or "
		                       "bits, not '%s'",
		                       args.val[OPT_ALGORITHM]);
	if (args.npos < 2)
		return cli_usage_error("compare", "missing %s; usage: %s",
		                       args.npos ? "FILE (or - for standard input)"
		                                 : "N and FILE",
		                       synopsis);
	if (cli_parse_number("compare", "N", args.pos[0], 1, COMPARE_MAX_N, &v))
		return CLI_USAGE;
	const char *name = args.pos[1];

	in = strcmp(name, "-") == 0 ? stdin : fopen(name, "r");
	if (!in) {
		fprintf(stderr, "nqueens compare: cannot read %s: %s\n", name,
		        strerror(errno));
		return CLI_USAGE;
	}
	c = compare_new(a, (int)v, err, sizeof err);
	if (!c) {
		fprintf(stderr, "nqueens compare: %s\n", err);
		status = CLI_NO;
	} else {
		status = compare_input(c, in, strcmp(name, "-") ? name : "standard input",
		                       (int)v);
	}
	compare_free(c);
	if (in != stdin)
		fclose(in);
	return cli_finish_output(status);
}
