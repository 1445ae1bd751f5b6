/* Files a user owns: read whole, written atomically, never over a file not read. */
#include "config.h"

#include "fileio.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "errmsg.h"

char *fileio_read(const char *path, size_t *len, const char **why)
{
	char *buf = NULL;
	size_t cap = 0;
	struct stat sb;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	*len = 0;
	*why = NULL;
	if (fd < 0) {
		if (errno != ENOENT)
			*why = strerror(errno);
		return NULL;
	}
	if (fstat(fd, &sb) < 0)
		*why = strerror(errno);
	else if (S_ISDIR(sb.st_mode))
		*why = strerror(EISDIR);
	else if (!S_ISREG(sb.st_mode))
		*why = "not a regular file";
	if (*why) {
		close(fd);
		return NULL;
	}
	for (;;) {
		ssize_t got;

		if (cap - *len < 4096) {
			char *more = realloc(buf, cap ? cap * 2 : 65536);

			if (!more) {
				*why = strerror(ENOMEM);
				break;
			}
			buf = more;
			cap = cap ? cap * 2 : 65536;
		}
		got = read(fd, buf + *len, cap - *len - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			*why = strerror(errno);
		if (got <= 0)
			break;
		*len += (size_t)got;
	}
	close(fd);
	if (*why || !buf) {
		if (!*why)
			*why = strerror(ENOMEM);
		free(buf);
		return NULL;
	}
	buf[*len] = '\0';
	return buf;
}

char *fileio_slurp(const char *path, size_t max, size_t *len, int *err_no)
{
	char *buf = NULL;
	size_t cap = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	*len = 0;
	*err_no = 0;
	if (fd < 0) {
		*err_no = errno;
		return NULL;
	}
	for (;;) {
		ssize_t got;

		/* Room for max bytes and one more, which tells a file too large. */
		if (cap - *len < 4096 && cap < max + 2) {
			size_t want = cap ? cap * 2 : 8192;
			char *more;

			if (want > max + 2)
				want = max + 2;
			more = realloc(buf, want);
			if (!more) {
				*err_no = ENOMEM;
				break;
			}
			buf = more;
			cap = want;
		}
		got = read(fd, buf + *len, cap - *len - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			*err_no = errno;
		if (got <= 0)
			break;
		*len += (size_t)got;
		if (*len > max) {
			*err_no = EFBIG;
			break;
		}
	}
	close(fd);
	if (*err_no || !buf) {
		free(buf);
		*len = 0;
		if (!*err_no)
			*err_no = ENOMEM;
		return NULL;
	}
	buf[*len] = '\0';
	return buf;
}

int fileio_nul_line(const char *text, size_t len)
{
	const char *nul = memchr(text, '\0', len);
	int line = 1;

	if (!nul)
		return 0;
	for (const char *c = text; c < nul; c++)
		line += *c == '\n';
	return line;
}

char *fileio_load_text(const char *path, size_t max, const char *what, char *err,
                       size_t errlen)
{
	size_t len;
	int e, nul;
	char *text = fileio_slurp(path, max, &len, &e);

	if (!text) {
		if (e == EFBIG)
			errmsg_set(err, errlen, "%s: too large for %s", path, what);
		else
			errmsg_set(err, errlen, "%s: %s", path, strerror(e));
		return NULL;
	}
	nul = fileio_nul_line(text, len);
	if (nul) {
		errmsg_set(err, errlen, "%s:%d: a NUL byte: not a text file", path, nul);
		free(text);
		return NULL;
	}
	return text;
}

char *fileio_target(const char *path, char *err, size_t errlen)
{
	struct stat sb;
	char *real, to[4096];
	ssize_t len;
	int e;

	if (lstat(path, &sb) < 0 || !S_ISLNK(sb.st_mode))
		real = strdup(path);
	else
		real = realpath(path, NULL);
	if (real)
		return real;
	e = errno;
	if (e == ENOENT) {
		len = readlink(path, to, sizeof to - 1);
		to[len < 0 ? 0 : len] = '\0';
		errmsg_set(err, errlen, "%s is a link to %s, which does not exist", path,
		           to);
	} else {
		errmsg_set(err, errlen, "%s: %s", path, strerror(e));
	}
	errno = e;
	return NULL;
}

/* The directory part of path, "." when it has none. */
static void dir_of(const char *path, char *dir, size_t len)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		snprintf(dir, len, ".");
	else
		snprintf(dir, len, "%.*s", slash == path ? 1 : (int)(slash - path), path);
}

/* The letters mkstemp() puts in place of XXXXXX. */
#define TMP_LETTERS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

/*
 * Takes a write lock on a temporary file for as long as it stays open, so
 * that a start meanwhile sees it is being written.  False when a start got
 * to it first and took it for the leftover of a killed save.
 */
static bool hold_tmp(int fd)
{
	struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
	struct stat sb;

	if (fcntl(fd, F_SETLK, &fl) < 0)
		/* Where nothing can be locked, nothing is removed either. */
		return errno != EACCES && errno != EAGAIN;
	return fstat(fd, &sb) == 0 && sb.st_nlink > 0;
}

void fileio_remove_stale(const char *target)
{
	const char *base = strrchr(target, '/');
	char dir[4200];
	size_t blen;
	struct dirent *e;
	DIR *d;

	base = base ? base + 1 : target;
	blen = strlen(base);
	dir_of(target, dir, sizeof dir);
	d = opendir(dir);
	if (!d)
		return;
	while ((e = readdir(d)) != NULL) {
		const char *x = e->d_name + blen + 5;
		struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
		struct stat a, b;
		int fd;

		if (strncmp(e->d_name, base, blen) != 0 ||
		    strncmp(e->d_name + blen, ".tmp.", 5) != 0 || strlen(x) != 6 ||
		    strspn(x, TMP_LETTERS) != 6)
			continue;
		fd = openat(dirfd(d), e->d_name,
		            O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		if (fd < 0)
			continue;
		/* Only while locked here, and only if the name is still that file. */
		if (fstat(fd, &a) == 0 && S_ISREG(a.st_mode) &&
		    fcntl(fd, F_SETLK, &fl) == 0 &&
		    fstatat(dirfd(d), e->d_name, &b, AT_SYMLINK_NOFOLLOW) == 0 &&
		    a.st_dev == b.st_dev && a.st_ino == b.st_ino)
			unlinkat(dirfd(d), e->d_name, 0);
		close(fd);
	}
	closedir(d);
}

int fileio_link_free(const char *from, const char *stem, const char *ext, char *path,
                     size_t pathlen)
{
	for (int k = 1; k < 1000; k++) {
		int w = k == 1 ? snprintf(path, pathlen, "%s%s", stem, ext)
		               : snprintf(path, pathlen, "%s-%d%s", stem, k, ext);

		if (w < 0 || (size_t)w >= pathlen) {
			errno = ENAMETOOLONG;
			return -1;
		}
		if (link(from, path) == 0)
			return 0;
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

int fileio_make_dirs(const char *dir, char *err, size_t errlen)
{
	char path[4096];
	size_t len = strlen(dir);

	if (len >= sizeof path) {
		errmsg_set(err, errlen, "%s: the path is too long", dir);
		return -1;
	}
	memcpy(path, dir, len + 1);
	for (size_t i = 1; i <= len; i++) {
		if (path[i] != '/' && path[i] != '\0')
			continue;
		path[i] = '\0';
		if (mkdir(path, 0700) < 0 && errno != EEXIST) {
			errmsg_set(err, errlen, "cannot create %s: %s", path,
			           strerror(errno));
			return -1;
		}
		path[i] = dir[i];
	}
	return 0;
}

int fileio_write_all(int fd, const char *text, size_t len)
{
	while (len > 0) {
		ssize_t put = write(fd, text, len);

		if (put < 0 && errno == EINTR)
			continue;
		if (put < 0)
			return -1;
		text += put;
		len -= (size_t)put;
	}
	return 0;
}

int fileio_replace(const char *target, const char *text, size_t len, char *err,
                   size_t errlen)
{
	char tmp[4200], dir[4200];
	int fd, dfd;

	/* In the target's directory, so that the rename cannot cross devices. */
	dir_of(target, dir, sizeof dir);
	if (strlen(target) + sizeof ".tmp.XXXXXX" > sizeof tmp) {
		errmsg_set(err, errlen, "%s: the path is too long", target);
		return -1;
	}
	for (int tries = 0;; tries++) {
		snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", target);
		fd = mkstemp(tmp);
		if (fd < 0) {
			errmsg_set(err, errlen, "cannot write in %s: %s", dir,
			           strerror(errno));
			return -1;
		}
		if (hold_tmp(fd))
			break;
		/* A start is removing it: leave it to that, take another. */
		close(fd);
		if (tries == 3) {
			errmsg_set(err, errlen, "cannot keep a temporary file in %s",
			           dir);
			return -1;
		}
	}
	/* The data must be on disk before the rename makes it the file, and the
	 * lock held until then. */
	if (fileio_write_all(fd, text, len) < 0 || fsync(fd) != 0) {
		errmsg_set(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
		goto fail;
	}
	if (rename(tmp, target) < 0) {
		errmsg_set(err, errlen, "cannot rename %s to %s: %s", tmp, target,
		           strerror(errno));
		goto fail;
	}
	close(fd);
	/* So that the rename itself survives a crash. */
	dfd = open(dir, O_RDONLY);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	return 0;
fail:
	close(fd);
	unlink(tmp);
	return -1;
}

int fileio_save(const char *dir, const char *path, const char *text, size_t len,
                char *err, size_t errlen)
{
	char *target;
	int rc;

	if (fileio_make_dirs(dir, err, errlen) < 0)
		return -1;
	target = fileio_target(path, err, errlen);
	if (!target)
		return -1;
	rc = fileio_replace(target, text, len, err, errlen);
	free(target);
	return rc;
}
