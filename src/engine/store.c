/* Saved progress and settings, exports to new files, and a solution's class number. */
#include "config.h"

#include "store.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "board.h"
#include "classes.h"
#include "enumerate.h"
#include "errmsg.h"
#include "known.h"
#include "symmetry.h"

/* The first line of the file; a later format would change the number. */
#define STORE_MAGIC "nqueens progress 1"

/* How many indices the writer puts on one line. */
#define PER_LINE 16

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

int store_init(struct store *st, const char *dir, char *err, size_t errlen)
{
	char buf[4096];
	size_t len;

	memset(st, 0, sizeof *st);
	if (!dir) {
		if (store_default_dir(buf, sizeof buf, err, errlen) < 0)
			return -1;
		dir = buf;
	}
	len = strlen(dir) + sizeof "/" STORE_FILE;
	st->dir = strdup(dir);
	st->path = malloc(len);
	if (!st->dir || !st->path) {
		store_free(st);
		errmsg_set(err, errlen, "out of memory");
		return -1;
	}
	snprintf(st->path, len, "%s/%s", dir, STORE_FILE);
	return 0;
}

void store_clear(struct store *st)
{
	for (int n = 0; n <= STORE_MAX_N; n++) {
		free(st->solutions[n].v);
		free(st->classes[n].v);
		st->solutions[n] = (struct store_set){0};
		st->classes[n] = (struct store_set){0};
	}
	for (size_t i = 0; i < st->nbest; i++)
		free(st->best[i].puzzle);
	for (size_t i = 0; i < st->nsettings; i++) {
		free(st->settings[i].key);
		free(st->settings[i].value);
	}
	free(st->best);
	free(st->settings);
	st->best = NULL;
	st->settings = NULL;
	st->nbest = st->capbest = st->nsettings = st->capsettings = 0;
}

void store_free(struct store *st)
{
	store_clear(st);
	free(st->dir);
	free(st->path);
	st->dir = st->path = NULL;
}

static struct store_set *set_of(struct store *st, enum store_kind kind, int n)
{
	return kind == STORE_CLASSES ? &st->classes[n] : &st->solutions[n];
}

/* Where index is in the set, or where it would go. */
static size_t set_find(const struct store_set *s, uint64_t index)
{
	size_t lo = 0, hi = s->len;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->v[mid] < index)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Room for one more index; false when out of memory. */
static bool set_grow(struct store_set *s)
{
	if (s->len == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 16;
		uint64_t *v = realloc(s->v, cap * sizeof *v);

		if (!v)
			return false;
		s->v = v;
		s->cap = cap;
	}
	return true;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

int store_add(struct store *st, enum store_kind kind, int n, uint64_t index)
{
	struct store_set *s;
	size_t at;

	if (n < 1 || n > STORE_MAX_N || index == 0)
		return -1;
	s = set_of(st, kind, n);
	at = set_find(s, index);
	if (at < s->len && s->v[at] == index)
		return 0;
	if (!set_grow(s))
		return -1;
	memmove(s->v + at + 1, s->v + at, (s->len - at) * sizeof *s->v);
	s->v[at] = index;
	s->len++;
	return 1;
}

bool store_has(const struct store *st, enum store_kind kind, int n, uint64_t index)
{
	const struct store_set *s;
	size_t at;

	if (n < 1 || n > STORE_MAX_N)
		return false;
	s = kind == STORE_CLASSES ? &st->classes[n] : &st->solutions[n];
	at = set_find(s, index);
	return at < s->len && s->v[at] == index;
}

size_t store_found(const struct store *st, enum store_kind kind, int n)
{
	if (n < 1 || n > STORE_MAX_N)
		return 0;
	return kind == STORE_CLASSES ? st->classes[n].len : st->solutions[n].len;
}

/* A puzzle name is one word of printable bytes, as the file writes it. */
static bool good_name(const char *s)
{
	size_t len = strlen(s);

	if (len == 0 || len > STORE_TEXT_MAX)
		return false;
	for (const char *p = s; *p; p++)
		if ((unsigned char)*p <= ' ' || *p == 0x7f)
			return false;
	return true;
}

static bool good_key(const char *s)
{
	size_t len = strlen(s);

	if (len == 0 || len > STORE_TEXT_MAX)
		return false;
	for (const char *p = s; *p; p++)
		if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p) &&
		    !strchr("_.-", *p))
			return false;
	return true;
}

/* A value is one line with no blanks at its ends, which the reader trims. */
static bool good_value(const char *s)
{
	size_t len = strlen(s);

	if (len > STORE_TEXT_MAX || (len > 0 && (isspace((unsigned char)s[0]) ||
	                                         isspace((unsigned char)s[len - 1]))))
		return false;
	for (const char *p = s; *p; p++)
		if (*p == '\n' || *p == '\r')
			return false;
	return true;
}

static struct store_best *find_best(const struct store *st, const char *puzzle)
{
	for (size_t i = 0; i < st->nbest; i++)
		if (strcmp(st->best[i].puzzle, puzzle) == 0)
			return &st->best[i];
	return NULL;
}

int store_record_time(struct store *st, const char *puzzle, uint64_t ms)
{
	struct store_best *b;

	if (!good_name(puzzle))
		return -1;
	b = find_best(st, puzzle);
	if (b) {
		if (ms >= b->ms)
			return 0;
		b->ms = ms;
		return 1;
	}
	if (st->nbest == st->capbest) {
		size_t cap = st->capbest ? st->capbest * 2 : 16;
		struct store_best *v = realloc(st->best, cap * sizeof *v);

		if (!v)
			return -1;
		st->best = v;
		st->capbest = cap;
	}
	b = &st->best[st->nbest];
	b->puzzle = strdup(puzzle);
	if (!b->puzzle)
		return -1;
	b->ms = ms;
	st->nbest++;
	return 1;
}

bool store_best_time(const struct store *st, const char *puzzle, uint64_t *ms)
{
	const struct store_best *b = find_best(st, puzzle);

	if (b && ms)
		*ms = b->ms;
	return b != NULL;
}

const char *store_setting(const struct store *st, const char *key)
{
	for (size_t i = 0; i < st->nsettings; i++)
		if (strcmp(st->settings[i].key, key) == 0)
			return st->settings[i].value;
	return NULL;
}

int store_set_setting(struct store *st, const char *key, const char *value)
{
	char *copy;

	if (!good_key(key) || !good_value(value))
		return -1;
	copy = strdup(value);
	if (!copy)
		return -1;
	for (size_t i = 0; i < st->nsettings; i++) {
		if (strcmp(st->settings[i].key, key) == 0) {
			free(st->settings[i].value);
			st->settings[i].value = copy;
			return 0;
		}
	}
	if (st->nsettings == st->capsettings) {
		size_t cap = st->capsettings ? st->capsettings * 2 : 8;
		struct store_setting *v = realloc(st->settings, cap * sizeof *v);

		if (!v) {
			free(copy);
			return -1;
		}
		st->settings = v;
		st->capsettings = cap;
	}
	st->settings[st->nsettings].key = strdup(key);
	if (!st->settings[st->nsettings].key) {
		free(copy);
		return -1;
	}
	st->settings[st->nsettings++].value = copy;
	return 0;
}

/* Reads a whole decimal number of 64 bits; false for anything else. */
static bool parse_u64(const char *s, size_t len, uint64_t *out)
{
	uint64_t v = 0;

	if (len == 0)
		return false;
	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)s[i]) ||
		    v > (UINT64_MAX - (uint64_t)(s[i] - '0')) / 10)
			return false;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	*out = v;
	return true;
}

/* Cuts the next blank-separated word off *s. */
static bool next_word(char **s, const char **word, size_t *len)
{
	char *p = *s;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p)
		return false;
	*word = p;
	while (*p && *p != ' ' && *p != '\t')
		p++;
	*len = (size_t)(p - *word);
	*s = p;
	return true;
}

/* Numbers past the last of their n, which are dropped: how many, the first. */
struct dropped {
	size_t count;
	int line;
	char first[128];
};

/* Parses line lineno of the file; fills why on error. */
static int parse_line(struct store *st, char *line, int lineno, struct dropped *drop,
                      char *why, size_t whylen)
{
	const char *w;
	size_t len;
	char *s = line;
	uint64_t v;

	if (!next_word(&s, &w, &len))
		return 0;
	if ((len == 9 && memcmp(w, "solutions", 9) == 0) ||
	    (len == 7 && memcmp(w, "classes", 7) == 0)) {
		enum store_kind kind = w[0] == 'c' ? STORE_CLASSES : STORE_SOLUTIONS;
		const char *what = kind == STORE_CLASSES ? "class" : "solution";
		uint64_t total = 0, unique = 0, last;
		struct store_set *set;
		bool known;
		int n;

		if (!next_word(&s, &w, &len) || !parse_u64(w, len, &v) || v < 1 ||
		    v > STORE_MAX_N) {
			errmsg_set(why, whylen, "a board size from 1 to %d should follow",
			           STORE_MAX_N);
			return -1;
		}
		n = (int)v;
		set = set_of(st, kind, n);
		/* Beyond the counts the literature has, nothing can be checked. */
		known = known_counts(n, &total, &unique);
		last = kind == STORE_CLASSES ? unique : total;
		while (next_word(&s, &w, &len)) {
			if (!parse_u64(w, len, &v) || v == 0) {
				errmsg_set(why, whylen,
				           "'%.*s' is not an index (1, 2, ...)", (int)len,
				           w);
				return -1;
			}
			if (known && v > last) {
				if (drop->count++ > 0)
					continue;
				drop->line = lineno;
				if (last > 0)
					snprintf(drop->first, sizeof drop->first,
					         "%s %llu of n = %d is past the last, "
					         "%llu",
					         what, (unsigned long long)v, n,
					         (unsigned long long)last);
				else
					snprintf(drop->first, sizeof drop->first,
					         "%s %llu of n = %d: there are none",
					         what, (unsigned long long)v, n);
				continue;
			}
			/* Kept in the order read; store_parse sorts once at the end. */
			if (!set_grow(set)) {
				errmsg_set(why, whylen, "out of memory");
				return -1;
			}
			set->v[set->len++] = v;
		}
		return 0;
	}
	if (len == 4 && memcmp(w, "best", 4) == 0) {
		char name[STORE_TEXT_MAX + 1];

		if (!next_word(&s, &w, &len) || len > STORE_TEXT_MAX) {
			errmsg_set(why, whylen, "a puzzle name should follow 'best'");
			return -1;
		}
		memcpy(name, w, len);
		name[len] = '\0';
		if (!next_word(&s, &w, &len) || !parse_u64(w, len, &v)) {
			errmsg_set(why, whylen,
			           "a time in milliseconds should follow '%s'", name);
			return -1;
		}
		if (next_word(&s, &w, &len)) {
			errmsg_set(why, whylen, "'%.*s' after the time", (int)len, w);
			return -1;
		}
		if (!good_name(name)) {
			errmsg_set(why, whylen,
			           "'%s' is not a puzzle name (no control bytes)", name);
			return -1;
		}
		if (store_record_time(st, name, v) < 0) {
			errmsg_set(why, whylen, "out of memory");
			return -1;
		}
		return 0;
	}
	if (len == 3 && memcmp(w, "set", 3) == 0) {
		char key[STORE_TEXT_MAX + 1];
		char *value, *end;

		if (!next_word(&s, &w, &len) || len > STORE_TEXT_MAX) {
			errmsg_set(why, whylen, "a setting name should follow 'set'");
			return -1;
		}
		memcpy(key, w, len);
		key[len] = '\0';
		value = s;
		while (*value == ' ' || *value == '\t')
			value++;
		end = value + strlen(value);
		while (end > value && isspace((unsigned char)end[-1]))
			*--end = '\0';
		if (!good_key(key)) {
			errmsg_set(why, whylen,
			           "'%s' is not a setting name ([a-z0-9_.-])", key);
			return -1;
		}
		if (!good_value(value)) {
			errmsg_set(
			        why, whylen,
			        "the value of '%s' is not one line of at most %d bytes",
			        key, STORE_TEXT_MAX);
			return -1;
		}
		if (store_set_setting(st, key, value) < 0) {
			errmsg_set(why, whylen, "out of memory");
			return -1;
		}
		return 0;
	}
	errmsg_set(why, whylen,
	           "unknown line '%.*s' (lines are solutions, classes, best and set)",
	           (int)len, w);
	return -1;
}

/* Puts the sets in order and drops repeats, once after a whole text is read. */
static void sort_sets(struct store *st)
{
	for (int n = 1; n <= STORE_MAX_N; n++) {
		struct store_set *sets[] = {&st->solutions[n], &st->classes[n]};

		for (int k = 0; k < 2; k++) {
			struct store_set *s = sets[k];
			size_t out = 0;

			if (s->len < 2)
				continue;
			qsort(s->v, s->len, sizeof *s->v, cmp_u64);
			for (size_t i = 0; i < s->len; i++)
				if (out == 0 || s->v[i] != s->v[out - 1])
					s->v[out++] = s->v[i];
			s->len = out;
		}
	}
}

int store_parse(struct store *st, const char *text, size_t len, const char *name,
                char *err, size_t errlen)
{
	char *copy, *line, *end, *nl, why[512];
	struct dropped drop = {0};
	int lineno = 0;

	store_clear(st);
	if (len == 0)
		return 0;
	copy = malloc(len + 1);
	if (!copy) {
		errmsg_set(err, errlen, "%s: out of memory", name);
		return -1;
	}
	memcpy(copy, text, len);
	copy[len] = '\0';
	end = copy + len;
	for (line = copy; line < end; line = nl + 1) {
		char *s = line;

		nl = memchr(line, '\n', (size_t)(end - line));
		if (!nl)
			nl = end;
		*nl = '\0';
		lineno++;
		if (strlen(line) != (size_t)(nl - line)) {
			errmsg_set(why, sizeof why, "a NUL byte: not a text file");
			goto damaged;
		}
		line[strcspn(line, "\r")] = '\0';
		while (*s == ' ' || *s == '\t')
			s++;
		if (lineno == 1) {
			/* The first line says what the file is, before anything else. */
			if (strcmp(s, STORE_MAGIC) != 0) {
				errmsg_set(why, sizeof why,
				           "the first line should be '%s'", STORE_MAGIC);
				goto damaged;
			}
			continue;
		}
		if (*s == '#' || *s == '\0')
			continue;
		if (parse_line(st, s, lineno, &drop, why, sizeof why) < 0)
			goto damaged;
	}
	free(copy);
	sort_sets(st);
	if (drop.count == 0)
		return 0;
	if (drop.count == 1)
		errmsg_set(err, errlen, "%s:%d: %s; dropped", name, drop.line,
		           drop.first);
	else
		errmsg_set(err, errlen, "%s:%d: %s; dropped, and %zu more like it", name,
		           drop.line, drop.first, drop.count - 1);
	return 1;
damaged:
	free(copy);
	store_clear(st);
	errmsg_set(err, errlen, "%s:%d: %s", name, lineno, why);
	return -1;
}

/*
 * The whole of a file, NUL-terminated.  NULL when there is none (*why NULL)
 * or it cannot be read (*why says why).  Never waits on a FIFO.
 */
static char *read_all(const char *path, size_t *len, const char **why)
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
	if (*why) {
		free(buf);
		return NULL;
	}
	buf[*len] = '\0';
	return buf;
}

/*
 * The file saves go to: path itself, or the file a symbolic link at path
 * leads to, so that a link is written through and stays a link.  Returns a
 * string to free, or NULL with the reason in err and errno ENOENT when the
 * link leads nowhere.
 */
static char *save_target(const char *path, char *err, size_t errlen)
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

/*
 * Removes what saves that were killed left beside target: files named
 * NAME.tmp.XXXXXX that no writer holds locked.
 */
static void remove_stale(const char *target)
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

/*
 * Gives the file from a second name that replaces nothing: STEM EXT, else
 * STEM-2 EXT, STEM-3 EXT, ..., the first that is free (link() never
 * replaces a file).  Sets path to the name; returns 0, or -1 with errno.
 */
static int link_free(const char *from, const char *stem, const char *ext, char *path,
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
	if (link_free(target, stem, "", aside, sizeof aside) < 0)
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
	target = save_target(st->path, why, sizeof why);
	if (target) {
		remove_stale(target);
		text = read_all(target, &len, &unread);
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

/* Creates dir and its parents, private to the player as XDG asks. */
static int make_dirs(const char *dir, char *err, size_t errlen)
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

static void write_set(FILE *fp, const char *word, int n, const struct store_set *s)
{
	for (size_t i = 0; i < s->len; i++) {
		if (i % PER_LINE == 0)
			fprintf(fp, "%s%s %d", i ? "\n" : "", word, n);
		fprintf(fp, " %llu", (unsigned long long)s->v[i]);
	}
	if (s->len)
		fputc('\n', fp);
}

char *store_format(const struct store *st, size_t *len)
{
	char *text = NULL;
	FILE *fp = open_memstream(&text, len);

	if (!fp)
		return NULL;
	fprintf(fp, "%s\n", STORE_MAGIC);
	fputs("# Written by nqueens; see nqueens(6).  Solutions and classes are\n"
	      "# numbered from 1 in lexicographic order; times are milliseconds.\n",
	      fp);
	for (int n = 1; n <= STORE_MAX_N; n++) {
		write_set(fp, "solutions", n, &st->solutions[n]);
		write_set(fp, "classes", n, &st->classes[n]);
	}
	for (size_t i = 0; i < st->nbest; i++)
		fprintf(fp, "best %s %llu\n", st->best[i].puzzle,
		        (unsigned long long)st->best[i].ms);
	for (size_t i = 0; i < st->nsettings; i++)
		fprintf(fp, "set %s %s\n", st->settings[i].key, st->settings[i].value);
	if (ferror(fp)) {
		fclose(fp);
		free(text);
		return NULL;
	}
	if (fclose(fp) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

/* Writes all of len bytes, going on after a short write. */
static int write_all(int fd, const char *text, size_t len)
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

int store_save(const struct store *st, char *err, size_t errlen)
{
	char tmp[4200], dir[4200], *text, *target;
	size_t len;
	int fd, dfd;

	if (st->refusal[0]) {
		errmsg_set(err, errlen, "%s", st->refusal);
		return -1;
	}
	if (make_dirs(st->dir, err, errlen) < 0)
		return -1;
	target = save_target(st->path, err, errlen);
	if (!target)
		return -1;
	/* In the target's directory, so that the rename cannot cross devices. */
	dir_of(target, dir, sizeof dir);
	if (strlen(target) + sizeof ".tmp.XXXXXX" > sizeof tmp) {
		errmsg_set(err, errlen, "%s: the path is too long", target);
		free(target);
		return -1;
	}
	text = store_format(st, &len);
	if (!text) {
		errmsg_set(err, errlen, "out of memory");
		free(target);
		return -1;
	}
	for (int tries = 0;; tries++) {
		snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", target);
		fd = mkstemp(tmp);
		if (fd < 0) {
			errmsg_set(err, errlen, "cannot write in %s: %s", dir,
			           strerror(errno));
			goto fail;
		}
		if (hold_tmp(fd))
			break;
		/* A start is removing it: leave it to that, take another. */
		close(fd);
		if (tries == 3) {
			errmsg_set(err, errlen, "cannot keep a temporary file in %s",
			           dir);
			goto fail;
		}
	}
	/* The data must be on disk before the rename makes it the file, and the
	 * lock held until then. */
	if (write_all(fd, text, len) < 0 || fsync(fd) != 0) {
		errmsg_set(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
		goto fail_tmp;
	}
	if (rename(tmp, target) < 0) {
		errmsg_set(err, errlen, "cannot rename %s to %s: %s", tmp, target,
		           strerror(errno));
		goto fail_tmp;
	}
	close(fd);
	free(text);
	free(target);
	/* So that the rename itself survives a crash. */
	dfd = open(dir, O_RDONLY);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	return 0;
fail_tmp:
	close(fd);
	unlink(tmp);
fail:
	free(text);
	free(target);
	return -1;
}

int store_class_index(int n, const int *p, const atomic_int *cancel, uint64_t *index)
{
	int canon[ENUM_MAX_N], q[ENUM_MAX_N];
	uint64_t before = 0, seen = 0;
	struct enum_iter it;
	struct position pos;
	bool ok;

	if (n < 1 || n > ENUM_MAX_N) {
		errno = EINVAL;
		return -1;
	}
	for (int f = 0; f < n; f++) {
		if (p[f] < 0 || p[f] >= n) {
			errno = EINVAL;
			return -1;
		}
	}
	if (board_from_ranks(&pos, n, p) < 0)
		return -1;
	ok = board_is_solution(&pos);
	board_free(&pos);
	if (!ok) {
		errno = EINVAL;
		return -1;
	}
	sym_canonical(n, p, canon, NULL);
	enum_start(&it, n);
	/* Representatives are smaller than every other member of their class. */
	while (enum_next(&it, q)) {
		if (memcmp(q, canon, sizeof *q * (size_t)n) == 0)
			break;
		if (++seen % 4096 == 0 && cancel &&
		    atomic_load_explicit(cancel, memory_order_relaxed)) {
			errno = ECANCELED;
			return -1;
		}
		if (classes_is_rep(n, q))
			before++;
	}
	*index = before + 1;
	return 0;
}

int store_export(const char *stem, const char *text, char *path, size_t pathlen,
                 char *err, size_t errlen)
{
	char tmp[] = "nqueens-export.tmp.XXXXXX";
	size_t len = strlen(text);
	int fd = mkstemp(tmp);

	if (fd < 0) {
		errmsg_set(err, errlen, "cannot write in this directory: %s",
		           strerror(errno));
		return -1;
	}
	/* Whole on disk before it gets its name. */
	if (write_all(fd, text, len) < 0 || fsync(fd) != 0) {
		errmsg_set(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
		close(fd);
		unlink(tmp);
		return -1;
	}
	close(fd);
	if (link_free(tmp, stem, ".txt", path, pathlen) < 0) {
		errmsg_set(err, errlen, "cannot name %s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	unlink(tmp);
	return 0;
}
