/* Files a user owns: read whole, written atomically, never over a file not read. */
#include "config.h"

#include "engine/fileio.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "engine/errmsg.h"

/* How long an update waits for another one's lock before it gives up. */
#define LOCK_WAIT_MS 5000

const char *fileio_kind(mode_t mode)
{
	if (S_ISREG(mode))
		return "a regular file";
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISLNK(mode))
		return "a symbolic link";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISSOCK(mode))
		return "a socket";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	return "not a plain file";
}

/* A size for a message: "64 KiB", "1 MiB", else in bytes. */
static void size_words(size_t n, char *buf, size_t len)
{
	if (n >= 1 << 20 && n % (1 << 20) == 0)
		snprintf(buf, len, "%zu MiB", n >> 20);
	else if (n >= 1024 && n % 1024 == 0)
		snprintf(buf, len, "%zu KiB", n >> 10);
	else
		snprintf(buf, len, "%zu bytes", n);
}

/* Why a regular file of st_size bytes is refused when it must hold at most max. */
static bool too_large(off_t size, size_t max, char *why, size_t whylen)
{
	char words[32];

	if (size < 0 || (uintmax_t)size <= max)
		return false;
	size_words(max, words, sizeof words);
	errmsg_set(why, whylen, "larger than %s", words);
	return true;
}

/*
 * Checks an open file: a regular file of at most max bytes.  Returns 0, or
 * -1 with why and errno (EISDIR, EINVAL for another kind, EFBIG).
 */
static int check_regular(int fd, size_t max, struct stat *sb, char *why, size_t whylen)
{
	if (fstat(fd, sb) < 0) {
		int e = errno;

		errmsg_set(why, whylen, "%s", strerror(e));
		errno = e;
		return -1;
	}
	if (S_ISDIR(sb->st_mode)) {
		errmsg_set(why, whylen, "%s", strerror(EISDIR));
		errno = EISDIR;
		return -1;
	}
	if (!S_ISREG(sb->st_mode)) {
		errmsg_set(why, whylen, "not a regular file (%s)",
		           fileio_kind(sb->st_mode));
		errno = EINVAL;
		return -1;
	}
	if (too_large(sb->st_size, max, why, whylen)) {
		errno = EFBIG;
		return -1;
	}
	return 0;
}

/*
 * Opens path to read only if it is a regular file of at most max bytes: a
 * FIFO is opened without waiting for a writer, and refused.  Returns the
 * descriptor (blocking again), or -1 with errno and why ("" and ENOENT when
 * there is no such file).
 */
static int open_regular(const char *path, size_t max, char *why, size_t whylen)
{
	struct stat sb;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC), e;

	if (why && whylen)
		why[0] = '\0';
	if (fd < 0) {
		e = errno;
		if (e != ENOENT)
			errmsg_set(why, whylen, "%s", strerror(e));
		errno = e;
		return -1;
	}
	if (check_regular(fd, max, &sb, why, whylen) < 0) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

/*
 * Reads fd to its end, max bytes at most (a file that grew past it is
 * refused), NUL-terminated.  NULL with why and errno on failure.
 */
static char *read_fd(int fd, size_t max, size_t *len, char *why, size_t whylen)
{
	char *buf = NULL;
	size_t cap = 0;
	int e = 0;

	if (max > SIZE_MAX - 2)
		max = SIZE_MAX - 2;
	*len = 0;
	for (;;) {
		ssize_t got;

		/* Room for max bytes, one more that tells a file too large, a NUL. */
		if (*len + 1 >= cap) {
			size_t want = cap ? cap * 2 : 8192;
			char *more;

			if (want > max + 2)
				want = max + 2;
			more = realloc(buf, want);
			if (!more) {
				e = ENOMEM;
				errmsg_set(why, whylen, "%s", strerror(e));
				break;
			}
			buf = more;
			cap = want;
		}
		got = read(fd, buf + *len, cap - *len - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			e = errno;
			errmsg_set(why, whylen, "%s", strerror(e));
			break;
		}
		if (got == 0)
			break;
		*len += (size_t)got;
		if (*len > max) {
			e = EFBIG;
			too_large((off_t)*len, max, why, whylen);
			break;
		}
	}
	if (e) {
		free(buf);
		*len = 0;
		errno = e;
		return NULL;
	}
	buf[*len] = '\0';
	return buf;
}

char *fileio_read(const char *path, size_t max, size_t *len, char *why, size_t whylen)
{
	int fd = open_regular(path, max, why, whylen), e;
	char *text;

	*len = 0;
	if (fd < 0)
		return NULL;
	text = read_fd(fd, max, len, why, whylen);
	e = errno;
	close(fd);
	errno = e;
	return text;
}

size_t fileio_line(const char *text, size_t len, size_t *next)
{
	size_t end = 0;

	while (end < len && text[end] != '\n' && text[end] != '\r')
		end++;
	*next = end + (end < len) +
	        (end + 1 < len && text[end] == '\r' && text[end + 1] == '\n');
	return end;
}

int fileio_nul_line(const char *text, size_t len)
{
	const char *nul = memchr(text, '\0', len);
	size_t at = 0, next, span;
	int line = 1;

	if (!nul)
		return 0;
	span = (size_t)(nul - text);
	/* Counted as the readers count them, a CR alone ending a line too. */
	while (fileio_line(text + at, span - at, &next) < span - at) {
		line++;
		at += next;
	}
	return line;
}

size_t fileio_bom(const char *text, size_t len)
{
	return len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

char *fileio_load_text(const char *path, size_t max, const char *what, char *err,
                       size_t errlen)
{
	char why[128], words[32];
	size_t len, bom;
	int nul;
	char *text = fileio_read(path, max, &len, why, sizeof why);

	if (!text) {
		if (errno == EFBIG) {
			size_words(max, words, sizeof words);
			errmsg_set(err, errlen, "%s: too large for %s (more than %s)",
			           path, what, words);
		} else {
			errmsg_set(err, errlen, "%s: %s", path,
			           why[0] ? why : strerror(errno));
		}
		return NULL;
	}
	nul = fileio_nul_line(text, len);
	if (nul) {
		errmsg_set(err, errlen, "%s:%d: a NUL byte: not a text file", path, nul);
		free(text);
		return NULL;
	}
	/* A mark no one sees must not become part of the first word. */
	bom = fileio_bom(text, len);
	memmove(text, text + bom, len - bom + 1);
	return text;
}

FILE *fileio_open_regular(const char *path, char *why, size_t whylen)
{
	int fd = open_regular(path, SIZE_MAX, why, whylen), e;
	FILE *fp;

	if (fd < 0) {
		if (errno == ENOENT)
			errmsg_set(why, whylen, "%s", strerror(ENOENT));
		return NULL;
	}
	fp = fdopen(fd, "r");
	if (!fp) {
		e = errno;
		errmsg_set(why, whylen, "%s", strerror(e));
		close(fd);
		errno = e;
	}
	return fp;
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

int fileio_check_owner(const char *path, const char *target, char *err, size_t errlen)
{
	unsigned long me = (unsigned long)geteuid();
	struct stat sb;

	if (lstat(path, &sb) == 0 && (unsigned long)sb.st_uid != me) {
		errmsg_set(err, errlen,
		           "%s belongs to another user (uid %lu), not to you (uid %lu)",
		           path, (unsigned long)sb.st_uid, me);
		return -1;
	}
	if (target && strcmp(target, path) != 0 && stat(target, &sb) == 0 &&
	    (unsigned long)sb.st_uid != me) {
		errmsg_set(err, errlen,
		           "%s leads to %s, which belongs to another user (uid %lu), not "
		           "to you (uid %lu)",
		           path, target, (unsigned long)sb.st_uid, me);
		return -1;
	}
	return 0;
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

void fileio_remove_stale_in(const char *dir, const char *prefix)
{
	size_t plen = strlen(prefix);
	struct dirent *e;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((e = readdir(d)) != NULL) {
		const char *x = e->d_name + plen;
		struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
		struct stat a, b;
		int fd;

		if (strncmp(e->d_name, prefix, plen) != 0 || strlen(x) != 6 ||
		    strspn(x, TMP_LETTERS) != 6)
			continue;
		fd = openat(dirfd(d), e->d_name,
		            O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
		if (fd < 0)
			continue;
		/* Only the user's own, only while locked here, and only if the
		 * name is still that file. */
		if (fstat(fd, &a) == 0 && S_ISREG(a.st_mode) && a.st_uid == geteuid() &&
		    fcntl(fd, F_SETLK, &fl) == 0 &&
		    fstatat(dirfd(d), e->d_name, &b, AT_SYMLINK_NOFOLLOW) == 0 &&
		    a.st_dev == b.st_dev && a.st_ino == b.st_ino)
			unlinkat(dirfd(d), e->d_name, 0);
		close(fd);
	}
	closedir(d);
}

void fileio_remove_stale(const char *target)
{
	const char *base = strrchr(target, '/');
	char dir[4200], prefix[300];

	base = base ? base + 1 : target;
	dir_of(target, dir, sizeof dir);
	if ((size_t)snprintf(prefix, sizeof prefix, "%s.tmp.", base) < sizeof prefix)
		fileio_remove_stale_in(dir, prefix);
}

int fileio_tmp(const char *prefix, char *tmp, size_t tmplen, char *err, size_t errlen)
{
	char dir[4200];
	int fd;

	dir_of(prefix, dir, sizeof dir);
	if (strlen(prefix) + sizeof "XXXXXX" > tmplen) {
		errmsg_set(err, errlen, "%s: the path is too long", prefix);
		return -1;
	}
	for (int tries = 0;; tries++) {
		snprintf(tmp, tmplen, "%sXXXXXX", prefix);
		fd = mkostemp(tmp, O_CLOEXEC);
		if (fd < 0) {
			int e = errno;

			errmsg_set(err, errlen, "cannot write in %s: %s", dir,
			           strerror(e));
			errno = e;
			return -1;
		}
		if (hold_tmp(fd))
			return fd;
		/* A start took it for a leftover before the lock: leave it to
		 * that and take another (a start in a loop can win a few times). */
		close(fd);
		if (tries == 50) {
			errmsg_set(err, errlen, "cannot keep a temporary file in %s",
			           dir);
			return -1;
		}
	}
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

const char *fileio_base(const char *xdg_var)
{
	const char *xdg = getenv(xdg_var), *home = getenv("HOME");

	if (xdg && xdg[0] == '/')
		return xdg;
	return home && home[0] ? home : NULL;
}

/* Why the directory at (of sb) may not hold the user's files, or 0. */
static int judge_dir(const char *at, const struct stat *sb, char *err, size_t errlen)
{
	unsigned long me = (unsigned long)geteuid();

	if (!S_ISDIR(sb->st_mode)) {
		errmsg_set(err, errlen, "%s is %s, not a directory", at,
		           fileio_kind(sb->st_mode));
		return -1;
	}
	if ((unsigned long)sb->st_uid != me) {
		errmsg_set(err, errlen,
		           "%s belongs to another user (uid %lu), not to you (uid %lu)",
		           at, (unsigned long)sb->st_uid, me);
		return -1;
	}
	if ((sb->st_mode & S_IWOTH) ||
	    ((sb->st_mode & S_IWGRP) && sb->st_gid != getegid())) {
		errmsg_set(
		        err, errlen,
		        "%s is writable by others (mode %04o), so another user could put "
		        "a file of theirs there",
		        at, (unsigned)(sb->st_mode & 07777));
		return -1;
	}
	return 0;
}

static int check_dir_owner(const char *dir, char *err, size_t errlen);

int fileio_check_tree(const char *base, const char *dir, char *err, size_t errlen)
{
	size_t blen = strlen(base);
	char at[4200];
	struct stat sb;

	while (blen > 1 && base[blen - 1] == '/')
		blen--;
	if (stat(base, &sb) < 0) {
		/* Made by the program, private: judged by where it is made. */
		return errno == ENOENT ? check_dir_owner(base, err, errlen) : 0;
	}
	snprintf(at, sizeof at, "%.*s", (int)blen, base);
	if (judge_dir(at, &sb, err, errlen) < 0)
		return -1;
	/* The components under base: after its last slash ("/" has only that). */
	if (blen == 1 && base[0] == '/')
		blen = 0;
	if (strncmp(dir, base, blen) != 0 || (dir[blen] != '/' && dir[blen] != '\0'))
		return 0;
	for (size_t i = blen + 1; dir[i - 1] != '\0'; i++) {
		if (dir[i] != '/' && dir[i] != '\0')
			continue;
		if (i >= sizeof at || (i > 0 && dir[i - 1] == '/'))
			continue;
		snprintf(at, sizeof at, "%.*s", (int)i, dir);
		if (lstat(at, &sb) < 0)
			return 0; /* made by the program, private */
		if (S_ISLNK(sb.st_mode)) {
			char to[4096];
			ssize_t n = readlink(at, to, sizeof to - 1);

			to[n < 0 ? 0 : n] = '\0';
			errmsg_set(
			        err, errlen,
			        "%s is a symbolic link (to %s): the directories under %s "
			        "must be real ones of yours",
			        at, to, base);
			return -1;
		}
		if (judge_dir(at, &sb, err, errlen) < 0)
			return -1;
	}
	return 0;
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

/*
 * Takes the lock of an update, waiting LOCK_WAIT_MS at most for another
 * copy's save.  0, or -1 with errno (EWOULDBLOCK when the wait ran out).
 */
static int lock_wait(int fd)
{
	const struct timespec tick = {0, 10 * 1000000L};
	struct timespec start, now;
	long long waited;

	/* Wall time, not a count of sleeps: under load (or signals) a sleep
	 * lasts longer (or shorter) than asked. */
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return 0;
		if (errno == EINTR)
			continue;
		/* A file system with no locks: one writer is all it can have. */
		if (errno == ENOLCK || errno == EOPNOTSUPP || errno == EINVAL)
			return 0;
		if (errno != EWOULDBLOCK)
			return -1;
		clock_gettime(CLOCK_MONOTONIC, &now);
		waited = (now.tv_sec - start.tv_sec) * 1000LL +
		         (now.tv_nsec - start.tv_nsec) / 1000000L;
		if (waited >= LOCK_WAIT_MS) {
			errno = EWOULDBLOCK;
			return -1;
		}
		nanosleep(&tick, NULL);
	}
}

/* Whether path is now the file fd holds, and fd's state in *sb. */
static bool still_there(int fd, const char *path, struct stat *sb)
{
	struct stat now;

	return fstat(fd, sb) == 0 && sb->st_nlink > 0 && lstat(path, &now) == 0 &&
	       now.st_dev == sb->st_dev && now.st_ino == sb->st_ino;
}

/* Opens and locks u->target for an update (see fileio_update_begin). */
static int update_lock(struct fileio_update *u, size_t max, char *err, size_t errlen)
{
	char why[128];

	for (int tries = 0; tries < 50; tries++) {
		u->made = false;
		/* Read and locked only: a save renames a new file over it. */
		u->fd = open(u->target,
		             O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
		if (u->fd < 0 && errno == ENOENT) {
			u->fd = open(u->target,
			             O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			             0600);
			u->made = u->fd >= 0;
			if (u->fd < 0 && errno == EEXIST)
				continue;
		}
		if (u->fd < 0) {
			errmsg_set(err, errlen, "cannot open %s: %s", u->target,
			           strerror(errno));
			return -1;
		}
		if (check_regular(u->fd, max, &u->sb, why, sizeof why) < 0) {
			errmsg_set(err, errlen, "%s: %s", u->target, why);
			return -1;
		}
		if (u->sb.st_uid != geteuid()) {
			errmsg_set(err, errlen,
			           "%s belongs to another user (uid %lu), not to you "
			           "(uid %lu)",
			           u->target, (unsigned long)u->sb.st_uid,
			           (unsigned long)geteuid());
			return -1;
		}
		if (lock_wait(u->fd) < 0) {
			if (errno == EWOULDBLOCK)
				errmsg_set(err, errlen,
				           "%s is being written by another program (it "
				           "stayed locked for %d s)",
				           u->target, LOCK_WAIT_MS / 1000);
			else
				errmsg_set(err, errlen, "cannot lock %s: %s", u->target,
				           strerror(errno));
			return -1;
		}
		/* A save that renamed its file over this one while we waited:
		 * what it wrote is the file now. */
		if (still_there(u->fd, u->target, &u->sb))
			return 0;
		close(u->fd);
		u->fd = -1;
	}
	errmsg_set(err, errlen, "cannot lock %s: it was replaced again and again",
	           u->target);
	return -1;
}

/*
 * Whether a file may be made in dir: the directory nearest to it that
 * exists is the user's, or one where anyone may make files of their own
 * (sticky and writable by all, as /tmp).  So that one run by root with a
 * user's HOME makes no file there that the user could not write again.
 */
static int check_dir_owner(const char *dir, char *err, size_t errlen)
{
	char at[4200];
	struct stat sb;

	snprintf(at, sizeof at, "%s", dir);
	while (stat(at, &sb) < 0) {
		char *slash = strrchr(at, '/');

		if (errno != ENOENT || !slash)
			return 0; /* what cannot be made says so itself */
		*(slash == at ? slash + 1 : slash) = '\0';
	}
	if (sb.st_uid == geteuid() || ((sb.st_mode & S_ISVTX) && (sb.st_mode & S_IWOTH)))
		return 0;
	errmsg_set(err, errlen,
	           "%s belongs to another user (uid %lu), not to you (uid %lu): no file "
	           "is made there",
	           at, (unsigned long)sb.st_uid, (unsigned long)geteuid());
	return -1;
}

int fileio_update_begin(const char *path, const char *base, size_t max,
                        struct fileio_update *u, char **text, size_t *len, char *err,
                        size_t errlen)
{
	char why[128], dir[4200], home[4200];
	struct stat sb;

	memset(u, 0, sizeof *u);
	u->fd = -1;
	*text = NULL;
	*len = 0;
	dir_of(path, home, sizeof home);
	if (base && fileio_check_tree(base, home, err, errlen) < 0)
		return -1;
	u->target = fileio_target(path, err, errlen);
	if (!u->target)
		return -1;
	if (fileio_check_owner(path, u->target, err, errlen) < 0)
		goto fail;
	/* None yet: it is made, and its directory if need be. */
	if (lstat(u->target, &sb) < 0 && errno == ENOENT) {
		dir_of(u->target, dir, sizeof dir);
		if (check_dir_owner(dir, err, errlen) < 0 ||
		    fileio_make_dirs(dir, err, errlen) < 0)
			goto fail;
		/* What was made is what was meant: no one slipped a link in. */
		if (base && fileio_check_tree(base, home, err, errlen) < 0)
			goto fail;
	}
	if (update_lock(u, max, err, errlen) < 0)
		goto fail;
	fcntl(u->fd, F_SETFL, fcntl(u->fd, F_GETFL) & ~O_NONBLOCK);
	if (too_large(u->sb.st_size, max, why, sizeof why)) {
		errmsg_set(err, errlen, "%s: %s", u->target, why);
		goto fail;
	}
	*text = read_fd(u->fd, max, len, why, sizeof why);
	if (!*text) {
		errmsg_set(err, errlen, "cannot read %s: %s", u->target, why);
		goto fail;
	}
	return 0;
fail:
	fileio_update_end(u);
	return -1;
}

/* Replaces u->target by renaming a whole temporary file over it. */
static int update_rename(struct fileio_update *u, const char *text, size_t len, char *err,
                         size_t errlen)
{
	char tmp[4200], prefix[4200], dir[4200];
	int fd, dfd;

	/* In the target's directory, so that the rename cannot cross devices. */
	dir_of(u->target, dir, sizeof dir);
	if ((size_t)snprintf(prefix, sizeof prefix, "%s.tmp.", u->target) >=
	    sizeof prefix) {
		errmsg_set(err, errlen, "%s: the path is too long", u->target);
		return -1;
	}
	fd = fileio_tmp(prefix, tmp, sizeof tmp, err, errlen);
	if (fd < 0)
		return -1;
	/* The file keeps its mode and group (mkstemp makes 0600 in the user's);
	 * a group the user is not in is left as it comes. */
	if (fchmod(fd, u->sb.st_mode & 07777) == 0 && u->sb.st_gid != getegid() &&
	    fchown(fd, (uid_t)-1, u->sb.st_gid) < 0)
		errno = 0;
	/* The data must be on disk before the rename makes it the file, and the
	 * lock held until then. */
	if (fileio_write_all(fd, text, len) < 0 || fsync(fd) != 0) {
		errmsg_set(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
		goto fail;
	}
	if (rename(tmp, u->target) < 0) {
		errmsg_set(err, errlen, "cannot rename %s to %s: %s", tmp, u->target,
		           strerror(errno));
		goto fail;
	}
	close(fd);
	/* So that the rename itself survives a crash. */
	dfd = open(dir, O_RDONLY | O_CLOEXEC);
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

int fileio_update_write(struct fileio_update *u, const char *text, size_t len, char *err,
                        size_t errlen)
{
	if (update_rename(u, text, len, err, errlen) < 0)
		return -1;
	u->written = true;
	return 0;
}

bool fileio_other_names(const char *path, char *note, size_t notelen)
{
	struct stat sb;

	if (stat(path, &sb) < 0 || !S_ISREG(sb.st_mode) || sb.st_nlink <= 1)
		return false;
	errmsg_set(note, notelen,
	           "%s has %lu names (hard links): a save makes it a file of its own",
	           path, (unsigned long)sb.st_nlink);
	return true;
}

int fileio_update_aside(struct fileio_update *u, const char *suffix, char *aside,
                        size_t asidelen)
{
	char stem[4200];

	if ((size_t)snprintf(stem, sizeof stem, "%s%s", u->target, suffix) >=
	    sizeof stem) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return fileio_link_free(u->target, stem, "", aside, asidelen);
}

void fileio_update_end(struct fileio_update *u)
{
	struct stat sb;

	if (u->fd >= 0) {
		/* Made only to be locked: no file is better than an empty one. */
		if (u->made && !u->written && still_there(u->fd, u->target, &sb))
			unlink(u->target);
		close(u->fd);
	}
	free(u->target);
	u->target = NULL;
	u->fd = -1;
}
