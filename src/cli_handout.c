/* The handouts the commands write: a sheet's pages as SVG files, or one PDF. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "engine/fileio.h"
#include "engine/sheet.h"

/* The program that makes the PDF, and the package that has it. */
#define CONVERTER "rsvg-convert"
/* The largest PDF read back from it. */
#define PDF_MAX ((size_t)256 << 20)

/* Whether a program of this name is an executable file in a directory of PATH. */
static bool on_path(const char *name)
{
	const char *path = getenv("PATH");
	char file[4200];

	if (!path || !*path)
		return false;
	while (*path) {
		size_t len = strcspn(path, ":");
		struct stat sb;

		/* An empty entry is the current directory, as execvp() reads it. */
		snprintf(file, sizeof file, "%.*s/%s", len ? (int)len : 1,
		         len ? path : ".", name);
		if (stat(file, &sb) == 0 && S_ISREG(sb.st_mode) &&
		    access(file, X_OK) == 0)
			return true;
		path += len;
		if (*path == ':')
			path++;
	}
	return false;
}

int cli_handout_options(const char *cmd, const char *const val[OPT_COUNT],
                        enum cli_format fmt, struct cli_handout *h)
{
	bool sheet = fmt == CLI_FORMAT_SVG || fmt == CLI_FORMAT_PDF;

	h->paper = sheet_paper_default();
	h->pdf = fmt == CLI_FORMAT_PDF;
	h->output = val[OPT_OUTPUT];
	if (val[OPT_PAPER] && sheet_paper_parse(val[OPT_PAPER], &h->paper) < 0)
		return cli_usage_error(cmd, "--paper must be a4 or letter, not '%s'",
		                       val[OPT_PAPER]);
	if (!sheet && (val[OPT_PAPER] || val[OPT_OUTPUT]))
		return cli_usage_error(cmd, "--%s goes with --format svg or pdf",
		                       val[OPT_PAPER] ? "paper" : "output");
	if (h->output && !*h->output)
		return cli_usage_error(cmd, "--output needs a file name");
	if (h->pdf && !on_path(CONVERTER))
		return cli_usage_error(cmd,
		                       "--format pdf needs %s, which is not on PATH: "
		                       "install librsvg2-bin (or write SVG pages with "
		                       "--format svg)",
		                       CONVERTER);
	if (h->pdf && !h->output && isatty(STDOUT_FILENO))
		return cli_usage_error(cmd, "--format pdf writes a PDF, not text for a "
		                            "terminal: give --output FILE.pdf");
	return CLI_OK;
}

/*
 * Writes len bytes to path whole or not at all: a temporary file beside it
 * (PATH.tmp.XXXXXX, locked while written), flushed, then renamed over it.
 */
static int write_whole(const char *path, const char *data, size_t len, char *err,
                       size_t errlen)
{
	char prefix[4200], tmp[4300];
	mode_t mask;
	int fd;

	if ((size_t)snprintf(prefix, sizeof prefix, "%s.tmp.", path) >= sizeof prefix) {
		snprintf(err, errlen, "%s: the path is too long", path);
		return -1;
	}
	fileio_remove_stale(path);
	fd = fileio_tmp(prefix, tmp, sizeof tmp, err, errlen);
	if (fd < 0)
		return -1;
	/* A handout is for others to read: the mode a new file gets, not mkstemp's. */
	mask = umask(0);
	umask(mask);
	(void)fchmod(fd, 0666 & ~mask);
	if (fileio_write_all(fd, data, len) < 0 || fsync(fd) != 0 ||
	    rename(tmp, path) != 0) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		close(fd);
		unlink(tmp);
		return -1;
	}
	close(fd);
	return 0;
}

/* Page k (from 1) of several for --output NAME.svg: NAME-k.svg. */
static void page_name(const char *output, int k, char *buf, size_t len)
{
	size_t stem = strlen(output);

	if (stem > 4 && strcmp(output + stem - 4, ".svg") == 0)
		stem -= 4;
	snprintf(buf, len, "%.*s-%d.svg", (int)stem, output, k);
}

/*
 * Whether path is a page this program wrote: a regular file, not a link
 * (its own name looked at, nothing followed), with SHEET_MARK in its first
 * SHEET_MARK_WITHIN bytes.
 */
static bool our_page(const char *path, const struct stat *sb)
{
	char head[SHEET_MARK_WITHIN + 1];
	struct stat fsb;
	ssize_t got;
	size_t len = 0;
	int fd;

	if (!S_ISREG(sb->st_mode))
		return false;
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return false;
	/* The file opened is the one looked at, not one put there since. */
	if (fstat(fd, &fsb) != 0 || !S_ISREG(fsb.st_mode) || fsb.st_dev != sb->st_dev ||
	    fsb.st_ino != sb->st_ino) {
		close(fd);
		return false;
	}
	while (len < SHEET_MARK_WITHIN &&
	       ((got = read(fd, head + len, SHEET_MARK_WITHIN - len)) > 0 ||
	        (got < 0 && errno == EINTR)))
		if (got > 0)
			len += (size_t)got;
	close(fd);
	head[len] = '\0';
	/* A NUL before it ends the text searched: a page has none. */
	return strstr(head, SHEET_MARK) != NULL;
}

/*
 * After a sheet of m pages written for --output: an earlier run's pages past
 * them, page m + 1 on while each is there (for m = 1, written to the name
 * itself, page 1 on), removed where this program wrote them; any other file
 * of the name is left, and named.
 */
static void remove_old_pages(const char *cmd, const char *output, int m)
{
	char name[4200];

	for (int k = m == 1 ? 1 : m + 1; k <= SHEET_MAX_BOARDS; k++) {
		struct stat sb;

		page_name(output, k, name, sizeof name);
		if (lstat(name, &sb) != 0)
			break;
		if (!our_page(name, &sb))
			fprintf(stderr, "nqueens %s: left %s: not a page nqueens wrote\n",
			        cmd, name);
		else if (unlink(name) != 0 && errno != ENOENT)
			fprintf(stderr,
			        "nqueens %s: cannot remove %s, a page of an earlier "
			        "run: %s\n",
			        cmd, name, strerror(errno));
	}
}

/* Removes the pages written in dir and dir itself. */
static void remove_dir(const char *dir, int pages)
{
	char file[4300];

	for (int k = 1; k <= pages; k++) {
		snprintf(file, sizeof file, "%s/page-%d.svg", dir, k);
		unlink(file);
	}
	snprintf(file, sizeof file, "%s/handout.pdf", dir);
	unlink(file);
	rmdir(dir);
}

/* Runs rsvg-convert on the pages in dir into dir/handout.pdf; 0, or -1 with why. */
static int convert(const char *dir, int pages, char *err, size_t errlen)
{
	char **argv = calloc((size_t)pages + 7, sizeof *argv), pdf[4300];
	int status = 0, rc = -1;
	pid_t pid;

	if (!argv) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	snprintf(pdf, sizeof pdf, "%s/handout.pdf", dir);
	argv[0] = (char *)CONVERTER;
	argv[1] = (char *)"--format";
	argv[2] = (char *)"pdf";
	argv[3] = (char *)"--output";
	argv[4] = pdf;
	for (int k = 0; k < pages; k++) {
		argv[5 + k] = malloc(4300);
		if (!argv[5 + k]) {
			snprintf(err, errlen, "out of memory");
			goto out;
		}
		snprintf(argv[5 + k], 4300, "%s/page-%d.svg", dir, k + 1);
	}
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		/* Its output is the file; what it says goes to our stderr. */
		if (dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
			_exit(127);
		execvp(CONVERTER, argv);
		_exit(127);
	}
	if (pid < 0) {
		snprintf(err, errlen, "cannot run %s: %s", CONVERTER, strerror(errno));
		goto out;
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			snprintf(err, errlen, "%s: %s", CONVERTER, strerror(errno));
			goto out;
		}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		snprintf(err, errlen, "%s failed (%s %d) on the %d page%s", CONVERTER,
		         WIFEXITED(status) ? "status" : "signal",
		         WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
		         pages, pages == 1 ? "" : "s");
	else
		rc = 0;
out:
	for (int k = 0; k < pages; k++)
		free(argv[5 + k]);
	free(argv);
	return rc;
}

/* The pages made one PDF, written to output (NULL: standard output). */
static int write_pdf(const struct sheet *sh, const char *output, char *err, size_t errlen)
{
	const char *tmpdir = getenv("TMPDIR");
	char dir[4096], file[4300], why[256] = "";
	char *pdf = NULL;
	size_t len = 0;
	int rc = -1, written = 0;

	snprintf(dir, sizeof dir, "%s/nqueens-pdf.XXXXXX",
	         tmpdir && *tmpdir == '/' ? tmpdir : "/tmp");
	if (!mkdtemp(dir)) {
		snprintf(err, errlen, "cannot make a directory for the pages: %s",
		         strerror(errno));
		return -1;
	}
	for (; written < sh->npages; written++) {
		snprintf(file, sizeof file, "%s/page-%d.svg", dir, written + 1);
		if (write_whole(file, sh->page[written], strlen(sh->page[written]), err,
		                errlen) < 0)
			goto out;
	}
	if (convert(dir, sh->npages, err, errlen) < 0)
		goto out;
	snprintf(file, sizeof file, "%s/handout.pdf", dir);
	pdf = fileio_read(file, PDF_MAX, &len, why, sizeof why);
	if (!pdf) {
		snprintf(err, errlen, "%s made no PDF: %s", CONVERTER,
		         why[0] ? why : "no file");
		goto out;
	}
	if (output) {
		rc = write_whole(output, pdf, len, err, errlen);
	} else if (fwrite(pdf, 1, len, stdout) == len) {
		rc = 0;
	} else {
		snprintf(err, errlen, "cannot write the output: %s", strerror(errno));
	}
out:
	free(pdf);
	remove_dir(dir, written);
	return rc;
}

int cli_handout_write(const char *cmd, const struct sheet *sh,
                      const struct cli_handout *h)
{
	char err[4600], name[4200];

	err[0] = '\0';
	if (h->pdf) {
		if (write_pdf(sh, h->output, err, sizeof err) < 0) {
			fprintf(stderr, "nqueens %s: %s\n", cmd, err);
			return CLI_NO;
		}
		return h->output ? CLI_OK : cli_finish_output(CLI_OK);
	}
	if (!h->output) {
		if (sh->npages > 1)
			return cli_usage_error(cmd,
			                       "the sheet takes %d pages of %s: give "
			                       "--output NAME.svg to write NAME-1.svg to "
			                       "NAME-%d.svg, or --format pdf",
			                       sh->npages,
			                       h->paper == SHEET_A4 ? "A4" : "Letter",
			                       sh->npages);
		fputs(sh->page[0], stdout);
		return cli_finish_output(CLI_OK);
	}
	for (int k = 0; k < sh->npages; k++) {
		if (sh->npages == 1)
			snprintf(name, sizeof name, "%s", h->output);
		else
			page_name(h->output, k + 1, name, sizeof name);
		if (write_whole(name, sh->page[k], strlen(sh->page[k]), err, sizeof err) <
		    0) {
			fprintf(stderr, "nqueens %s: %s\n", cmd, err);
			return CLI_NO;
		}
	}
	remove_old_pages(cmd, h->output, sh->npages);
	return CLI_OK;
}
