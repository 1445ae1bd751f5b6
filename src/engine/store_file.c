/* Saved progress on disk: where it lives, and its load and save (through fileio). */
#include "config.h"

#include "store.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "errmsg.h"
#include "fileio.h"

int store_default_dir(char *buf, size_t len, char *err, size_t errlen)
{
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	int w;

	/* The XDG rules say a relative XDG_DATA_HOME is to be ignored. */
	if (xdg && xdg[0] == '/')
		w = snprintf(buf, len, "%s/nqueens", xdg);
	else if (home && home[0])
		w = snprintf(buf, len, "%s/.local/share/nqueens", home);
	else {
		errmsg_set(
		        err, errlen,
		        "neither XDG_DATA_HOME nor HOME is set: progress is not saved");
		return -1;
	}
	if (w < 0 || (size_t)w >= len) {
		errmsg_set(err, errlen, "the progress directory's path is too long");
		return -1;
	}
	return 0;
}

/*
 * Keeps the file as it is under the first free NAME.damaged name, then
 * writes what could be read in its place (all but some dropped numbers when
 * kept, else nothing), so that the next start does not find the same fault.
 * Fills err with why and what happened.
 */
static void set_aside(struct store *st, const char *target, const char *why, bool kept,
                      char *err, size_t errlen)
{
	char stem[4200], aside[4300], fault[8192] = "";

	/* Through a link, the file it leads to: the link stays as it is. */
	snprintf(stem, sizeof stem, "%s%s", target, STORE_DAMAGED_SUFFIX);
	if (fileio_link_free(target, stem, "", aside, sizeof aside) < 0)
		snprintf(fault, sizeof fault, "%s", strerror(errno));
	else if (store_save(st, fault, sizeof fault) < 0)
		unlink(aside);
	else {
		errmsg_set(err, errlen, "%s (%sset aside as %s)", why,
		           kept ? "the file as it was is " : "", aside);
		return;
	}
	/* Neither copied nor replaced: it stays, and nothing is written over it. */
	errmsg_set(st->refusal, sizeof st->refusal,
	           "%s could not be set aside (%s), so it is left as it is", st->path,
	           fault);
	errmsg_set(err, errlen,
	           "%s; it could not be set aside (%s), so progress is kept for this "
	           "session only and the file is left as it is",
	           why, fault);
}

int store_load(struct store *st, char *err, size_t errlen)
{
	char why[4600], *text, *target;
	const char *unread;
	size_t len;
	int damaged;

	store_clear(st);
	st->refusal[0] = '\0';
	target = fileio_target(st->path, why, sizeof why);
	if (target) {
		fileio_remove_stale(target);
		text = fileio_read(target, &len, &unread);
	} else if (errno == ENOENT) {
		/* A link that leads nowhere: where progress belongs is not known. */
		errmsg_set(st->refusal, sizeof st->refusal, "%s", why);
		errmsg_set(err, errlen,
		           "%s; progress is kept for this session only, the link is left "
		           "as it is",
		           why);
		return -1;
	} else {
		text = NULL;
		unread = strerror(errno);
	}
	if (!text && !unread) {
		free(target);
		return 0;
	}
	if (!text) {
		/* What is in it may be all the player has: never write over it. */
		errmsg_set(st->refusal, sizeof st->refusal,
		           "%s could not be read (%s), so it is left as it is", st->path,
		           unread);
		errmsg_set(err, errlen,
		           "%s: %s; progress is kept for this session only, the file is "
		           "left as it is",
		           st->path, unread);
		free(target);
		return -1;
	}
	/* Also when a number is dropped: nothing the player had is lost. */
	damaged = store_parse(st, text, len, st->path, why, sizeof why);
	if (damaged)
		set_aside(st, target, why, damaged > 0, err, errlen);
	free(text);
	free(target);
	return st->refusal[0] ? -1 : damaged != 0;
}

int store_save(const struct store *st, char *err, size_t errlen)
{
	char *text;
	size_t len;
	int rc;

	if (st->refusal[0]) {
		errmsg_set(err, errlen, "%s", st->refusal);
		return -1;
	}
	text = store_format(st, &len);
	if (!text) {
		errmsg_set(err, errlen, "out of memory");
		return -1;
	}
	rc = fileio_save(st->dir, st->path, text, len, err, errlen);
	free(text);
	return rc;
}

int store_export(const char *stem, const char *text, char *path, size_t pathlen,
                 char *err, size_t errlen)
{
	return store_export_as(stem, ".txt", text, path, pathlen, err, errlen);
}

int store_export_as(const char *stem, const char *ext, const char *text, char *path,
                    size_t pathlen, char *err, size_t errlen)
{
	char tmp[] = "nqueens-export.tmp.XXXXXX";
	size_t len = strlen(text);
	int fd = mkstemp(tmp);

	if (fd < 0) {
		errmsg_set(err, errlen, "cannot write in this directory: %s",
		           strerror(errno));
		return -1;
	}
	/*
	 * mkstemp makes the file 0600; a handout is for others to read, so it
	 * gets the mode any new file gets, 0666 less the umask (no thread
	 * creates a file while the mask is read).
	 */
	mode_t mask = umask(0);

	umask(mask);
	(void)fchmod(fd, 0666 & ~mask);
	/* Whole on disk before it gets its name. */
	if (fileio_write_all(fd, text, len) < 0 || fsync(fd) != 0) {
		errmsg_set(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
		close(fd);
		unlink(tmp);
		return -1;
	}
	close(fd);
	if (fileio_link_free(tmp, stem, ext, path, pathlen) < 0) {
		errmsg_set(err, errlen, "cannot name %s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	unlink(tmp);
	return 0;
}

int store_export_told(const char *stem, const char *ext, const char *text, char *said,
                      size_t saidlen)
{
	char path[256], err[512], dir[4096];
	int rc = store_export_as(stem, ext, text, path, sizeof path, err, sizeof err);

	if (!getcwd(dir, sizeof dir))
		snprintf(dir, sizeof dir, "the current directory");
	if (rc < 0)
		snprintf(said, saidlen, "Not exported to %s: %s.", dir, err);
	else
		snprintf(said, saidlen, "Written to %s in %s.", path, dir);
	return rc;
}
