/* Saved progress on disk: where it lives, and its load and save (through fileio). */
#include "config.h"

#include "engine/store.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/errmsg.h"
#include "engine/fileio.h"

int store_default_dir(char *buf, size_t len, char *err, size_t errlen)
{
	const char *xdg = getenv("XDG_DATA_HOME"), *base = fileio_base("XDG_DATA_HOME");
	int w;

	if (base && base == xdg)
		w = snprintf(buf, len, "%s/nqueens", xdg);
	else if (base)
		w = snprintf(buf, len, "%s/.local/share/nqueens", base);
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

/* Why st->path is not a progress file, naming the file a link leads to. */
static void not_progress(const struct store *st, const char *target, char *buf,
                         size_t len)
{
	if (strcmp(target, st->path) != 0)
		errmsg_set(buf, len,
		           "%s leads to %s, which is not a progress file (its first line "
		           "is not '" STORE_MAGIC "')",
		           st->path, target);
	else
		errmsg_set(buf, len,
		           "%s is not a progress file (its first line is not "
		           "'" STORE_MAGIC "')",
		           st->path);
}

/* Refuses the file for as long as st lives: fills refusal and err from why. */
static int refuse(struct store *st, const char *why, char *err, size_t errlen)
{
	errmsg_set(st->refusal, sizeof st->refusal, "%s, so it is left as it is", why);
	errmsg_set(err, errlen,
	           "%s; progress is kept for this session only, the file is left as it "
	           "is",
	           why);
	return -1;
}

/*
 * A progress file with a fault: under the lock, as it is now (another copy
 * may have replaced it since it was read), it is kept under the first free
 * NAME.damaged name and what could be read of it written in its place (all
 * but some dropped numbers, else nothing), so that the next start does not
 * find the same fault.  Returns 1 with why and what happened in err; 0 when
 * the file is whole now; -1 when it could not be set aside (then it is
 * left as it is and nothing is written over it).
 */
static int set_aside(struct store *st, char *err, size_t errlen)
{
	char why[4600], aside[4300], fault[8192] = "";
	struct fileio_update u;
	char *text, *kept;
	size_t len;
	int damaged = -1;
	bool parsed = false;

	if (fileio_update_begin(st->path, st->base, STORE_MAX_BYTES, &u, &text, &len,
	                        fault, sizeof fault) < 0)
		goto refused;
	if (!store_is_progress(text, len)) {
		not_progress(st, u.target, fault, sizeof fault);
		free(text);
		fileio_update_end(&u);
		store_clear(st);
		return refuse(st, fault, err, errlen);
	}
	damaged = store_parse(st, text, len, st->path, why, sizeof why);
	parsed = true;
	free(text);
	if (damaged == 0) {
		fileio_update_end(&u);
		return 0;
	}
	/* Through a link, beside the file it leads to: the link stays as it is. */
	if (fileio_update_aside(&u, STORE_DAMAGED_SUFFIX, aside, sizeof aside) < 0) {
		snprintf(fault, sizeof fault, "%s", strerror(errno));
		fileio_update_end(&u);
		goto refused;
	}
	kept = store_format(st, &len);
	if (!kept || fileio_update_write(&u, kept, len, fault, sizeof fault) < 0) {
		if (!kept)
			snprintf(fault, sizeof fault, "%s", strerror(ENOMEM));
		unlink(aside);
		free(kept);
		fileio_update_end(&u);
		goto refused;
	}
	free(kept);
	fileio_update_end(&u);
	errmsg_set(err, errlen, "%s (%sset aside as %s)", why,
	           damaged > 0 ? "the file as it was is " : "", aside);
	return 1;
refused:
	/* Neither copied nor replaced: it stays, and nothing is written over it. */
	errmsg_set(st->refusal, sizeof st->refusal,
	           "%s could not be set aside (%s), so it is left as it is", st->path,
	           fault);
	if (!parsed)
		errmsg_set(why, sizeof why, "%s is damaged", st->path);
	errmsg_set(err, errlen,
	           "%s; it could not be set aside (%s), so progress is kept for this "
	           "session only and the file is left as it is",
	           why, fault);
	return -1;
}

int store_load(struct store *st, char *err, size_t errlen)
{
	char why[4600], owner[4600] = "", unread[512], *text, *target;
	size_t len;
	int damaged;

	store_clear(st);
	st->refusal[0] = '\0';
	/* A directory that is not the user's alone: nothing is read or written
	 * there, nor removed. */
	if (st->base && fileio_check_tree(st->base, st->dir, why, sizeof why) < 0)
		return refuse(st, why, err, errlen);
	target = fileio_target(st->path, why, sizeof why);
	if (!target && errno == ENOENT) {
		/* A link that leads nowhere: where progress belongs is not known. */
		errmsg_set(st->refusal, sizeof st->refusal, "%s", why);
		errmsg_set(err, errlen,
		           "%s; progress is kept for this session only, the link is left "
		           "as it is",
		           why);
		return -1;
	}
	if (!target) {
		errmsg_set(unread, sizeof unread, "%s", strerror(errno));
		text = NULL;
	} else {
		/* Another user's file is read, never written; nor is what is beside it.
		 */
		if (fileio_check_owner(st->path, target, owner, sizeof owner) == 0)
			fileio_remove_stale(target);
		text = fileio_read(target, STORE_MAX_BYTES, &len, unread, sizeof unread);
	}
	if (!text && !unread[0]) {
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
	if (!store_is_progress(text, len)) {
		/* Not ours: someone else's file that a link leads to, say. */
		if (!owner[0])
			not_progress(st, target, owner, sizeof owner);
		free(text);
		free(target);
		return refuse(st, owner, err, errlen);
	}
	free(target);
	damaged = store_parse(st, text, len, st->path, why, sizeof why);
	free(text);
	if (owner[0]) {
		/* Its progress is shown if it reads cleanly; nothing is written. */
		if (damaged)
			store_clear(st);
		return refuse(st, owner, err, errlen);
	}
	if (damaged) {
		damaged = set_aside(st, err, errlen);
		if (damaged == 0)
			err[0] = '\0';
	}
	/* Said before the first save parts it from its other names. */
	if (damaged == 0 && fileio_other_names(st->path, err, errlen))
		return 1;
	return damaged;
}

int store_save(struct store *st, char *err, size_t errlen)
{
	char why[4600];
	struct fileio_update u;
	struct store disk = {0};
	char *text;
	size_t len;
	int rc;

	if (st->refusal[0]) {
		errmsg_set(err, errlen, "%s", st->refusal);
		return -1;
	}
	if (fileio_update_begin(st->path, st->base, STORE_MAX_BYTES, &u, &text, &len, err,
	                        errlen) < 0)
		return -1;
	/* What another copy saved since this one loaded is kept: a merge. */
	if (!store_is_progress(text, len)) {
		not_progress(st, u.target, why, sizeof why);
		errmsg_set(err, errlen, "%s now, so it is left as it is", why);
		rc = -1;
	} else if (store_parse(&disk, text, len, st->path, why, sizeof why) < 0) {
		errmsg_set(
		        err, errlen,
		        "%s changed since it was read and is damaged now (%s), so it is "
		        "left as it is",
		        st->path, why);
		rc = -1;
	} else if (store_merge(st, &disk) < 0) {
		errmsg_set(err, errlen, "out of memory");
		rc = -1;
	} else {
		rc = 0;
	}
	free(text);
	store_clear(&disk);
	if (rc == 0) {
		text = store_format(st, &len);
		if (!text) {
			errmsg_set(err, errlen, "out of memory");
			rc = -1;
		} else {
			rc = fileio_update_write(&u, text, len, err, errlen);
			free(text);
		}
	}
	fileio_update_end(&u);
	return rc;
}

int store_export(const char *stem, const char *text, char *path, size_t pathlen,
                 char *err, size_t errlen)
{
	return store_export_as(stem, ".txt", text, path, pathlen, err, errlen);
}

void store_export_cleanup(void)
{
	fileio_remove_stale_in(".", STORE_EXPORT_TMP);
	/* Release 0.1.0 left them in sight. */
	fileio_remove_stale_in(".", "nqueens-export.tmp.");
}

int store_export_as(const char *stem, const char *ext, const char *text, char *path,
                    size_t pathlen, char *err, size_t errlen)
{
	char tmp[64];
	size_t len = strlen(text);
	int fd;

	store_export_cleanup();
	/* Hidden, and locked while it is written, so that a start meanwhile
	 * leaves it alone and removes it if this is killed. */
	fd = fileio_tmp(STORE_EXPORT_TMP, tmp, sizeof tmp, NULL, 0);
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
	if (fileio_link_free(tmp, stem, ext, path, pathlen) < 0) {
		errmsg_set(err, errlen, "cannot name %s: %s", path, strerror(errno));
		close(fd);
		unlink(tmp);
		return -1;
	}
	unlink(tmp);
	close(fd);
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
