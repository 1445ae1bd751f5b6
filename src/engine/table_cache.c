/* The join's table kept in a file that every later count of its n maps. */
#include "config.h"

#include "engine/table_cache.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/errmsg.h"
#include "engine/fileio.h"

/*
 * A cache file: this header in its first page, then the table's offsets,
 * its entries and, when the count that wrote it kept them, the crossing
 * words of the whole north-west quadrant, each from a page boundary and
 * padded with zeros to the next, so that the mapped arrays are aligned.
 * The checksum is of every byte after the header; the header has its own.
 * Words are the machine's: a file from another byte order reads as foreign
 * or of another format.
 */
#define PAGE 4096u

struct header {
	char magic[8];
	uint32_t format;
	uint32_t n, h;
	uint32_t has_x;
	char version[32]; /* the program's, NUL-padded */
	uint64_t nkeys, len;
	uint64_t size; /* the file's length */
	uint64_t sum;  /* of the data after the header */
	uint64_t hsum; /* of the header's bytes before it */
};

static const uint64_t K = 0x9e3779b97f4a7c15ull;

struct sum {
	uint64_t l[8];
	uint64_t at;
};

static void sum_init(struct sum *s)
{
	for (int j = 0; j < 8; j++)
		s->l[j] = (uint64_t)j + 1;
	s->at = 0;
}

static void sum_feed(struct sum *s, const uint64_t *w, size_t n)
{
	size_t i = 0;
	for (; i < n && (s->at + i) % 8; i++) {
		size_t j = (s->at + i) % 8;
		s->l[j] = (s->l[j] + w[i]) * K;
	}
	/* Eight independent lanes: the multiplications overlap. */
	for (; i + 8 <= n; i += 8)
		for (int j = 0; j < 8; j++)
			s->l[j] = (s->l[j] + w[i + j]) * K;
	for (; i < n; i++) {
		size_t j = (s->at + i) % 8;
		s->l[j] = (s->l[j] + w[i]) * K;
	}
	s->at += n;
}

static uint64_t sum_end(const struct sum *s)
{
	uint64_t h = s->at;
	for (int j = 0; j < 8; j++) {
		h = (h ^ s->l[j]) * K;
		h ^= h >> 29;
	}
	return h;
}

uint64_t table_cache_sum(const uint64_t *w, size_t nwords)
{
	struct sum s;
	sum_init(&s);
	sum_feed(&s, w, nwords);
	return sum_end(&s);
}

static uint64_t header_sum(const struct header *hd)
{
	uint64_t w[offsetof(struct header, hsum) / 8];
	memcpy(w, hd, sizeof w);
	return table_cache_sum(w, sizeof w / 8);
}

static uint64_t page_up(uint64_t bytes)
{
	return (bytes + PAGE - 1) / PAGE * PAGE;
}

/* Where the offsets, entries and crossing words begin, and the file's length. */
static void layout(const struct table_cache_key *k, bool has_x, uint64_t *off_e,
                   uint64_t *off_x, uint64_t *size)
{
	*off_e = PAGE + page_up((k->nkeys + 1) * 4);
	*off_x = *off_e + page_up(k->len * 8);
	*size = *off_x + (has_x ? page_up(k->len * 8) : 0);
}

const char *table_cache_dir(const char *dir, char *buf, size_t buflen)
{
	if (!dir)
		dir = getenv(TABLE_CACHE_ENV);
	if (dir && strcmp(dir, "none") == 0)
		return NULL;
	if (dir && dir[0]) {
		errmsg_set(buf, buflen, "%s", dir);
		return buf;
	}
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	if (xdg && xdg[0] == '/')
		errmsg_set(buf, buflen, "%s/nqueens", xdg);
	else if (home && home[0])
		errmsg_set(buf, buflen, "%s/.cache/nqueens", home);
	else
		return NULL;
	return buf;
}

static void note(const struct table_cache *c, const char *fmt, ...)
{
	char line[4400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (c->o->note)
		c->o->note(c->o->ctx, line);
}

/* A file refused: one that may be replaced (damaged, of another n or
 * version) or one left alone (foreign, a link, not the user's own).  With
 * strict, the latter stops the count. */
enum verdict { GOOD, MISSING, REPLACE, UNTRUSTED };

static enum verdict refuse(struct table_cache *c, enum verdict v, const char *why)
{
	if (v == UNTRUSTED && c->o->strict) {
		errmsg_set(c->o->why, sizeof c->o->why,
		           "table cache %s: %s; the cache was asked for: remove the "
		           "file or give another --table-cache",
		           c->path, why);
		return v;
	}
	note(c, "table cache %s: %s; %s", c->path, why,
	     v == REPLACE ? "the table built anew and the file replaced"
	                  : "the table built in memory, the file left alone");
	return v;
}

/* Whether the file opened as fd is the cache of c->k; maps it when it is. */
static enum verdict judge(struct table_cache *c, int fd, bool need_x)
{
	struct stat st;
	struct header hd;
	char why[256];
	if (fstat(fd, &st) != 0) {
		errmsg_set(why, sizeof why, "%s", strerror(errno));
		return refuse(c, UNTRUSTED, why);
	}
	if (!S_ISREG(st.st_mode)) {
		errmsg_set(why, sizeof why, "%s, not a regular file",
		           fileio_kind(st.st_mode));
		return refuse(c, UNTRUSTED, why);
	}
	if (st.st_uid != geteuid()) {
		errmsg_set(why, sizeof why,
		           "belongs to another user (uid %lu), not to you (uid %lu)",
		           (unsigned long)st.st_uid, (unsigned long)geteuid());
		return refuse(c, UNTRUSTED, why);
	}
	if (st.st_mode & (S_IWGRP | S_IWOTH)) {
		errmsg_set(why, sizeof why,
		           "writable by %s (mode %03o): a table others can edit is not "
		           "trusted",
		           st.st_mode & S_IWOTH ? "others" : "its group",
		           (unsigned)(st.st_mode & 0777));
		return refuse(c, UNTRUSTED, why);
	}
	ssize_t got = pread(fd, &hd, sizeof hd, 0);
	if (got < (ssize_t)sizeof hd.magic ||
	    memcmp(hd.magic, TABLE_CACHE_MAGIC, sizeof hd.magic) != 0)
		return refuse(c, UNTRUSTED,
		              "not a table cache of nqueens (no NQTABLE header)");
	if (got < (ssize_t)sizeof hd || header_sum(&hd) != hd.hsum)
		return refuse(c, REPLACE,
		              "damaged (its header's checksum does not match)");
	hd.version[sizeof hd.version - 1] = '\0';
	if (hd.format != TABLE_CACHE_FORMAT || strcmp(hd.version, PACKAGE_VERSION) != 0) {
		errmsg_set(
		        why, sizeof why,
		        "made by nqueens %s (format %u), not by this one, %s (format %u)",
		        hd.version, hd.format, PACKAGE_VERSION, TABLE_CACHE_FORMAT);
		return refuse(c, REPLACE, why);
	}
	if (hd.n != (uint32_t)c->k.n || hd.h != (uint32_t)c->k.h) {
		errmsg_set(why, sizeof why, "the table of n = %u, not of n = %d", hd.n,
		           c->k.n);
		return refuse(c, REPLACE, why);
	}
	uint64_t off_e, off_x, size;
	layout(&c->k, hd.has_x != 0, &off_e, &off_x, &size);
	if (hd.nkeys != c->k.nkeys || hd.len != c->k.len || hd.size != size ||
	    (uint64_t)st.st_size != size) {
		errmsg_set(why, sizeof why,
		           "damaged (%llu bytes; a table of n = %d with%s its crossing "
		           "words has %llu)",
		           (unsigned long long)st.st_size, c->k.n, hd.has_x ? "" : "out",
		           (unsigned long long)size);
		return refuse(c, REPLACE, why);
	}
	if (need_x && !hd.has_x)
		return MISSING; /* written by a count in a smaller budget */
	void *map = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED) {
		errmsg_set(why, sizeof why, "cannot map it: %s", strerror(errno));
		return refuse(c, UNTRUSTED, why);
	}
	/* The whole is read for the checksum: the count reads it all anyway. */
	madvise(map, size, MADV_WILLNEED);
	if (table_cache_sum((const uint64_t *)((const char *)map + PAGE),
	                    (size - PAGE) / 8) != hd.sum) {
		munmap(map, size);
		return refuse(c, REPLACE, "damaged (its checksum does not match)");
	}
	c->map = map;
	c->size = size;
	c->start = (const uint32_t *)((const char *)map + PAGE);
	c->e = (const uint64_t *)((const char *)map + off_e);
	c->x = hd.has_x ? (const uint64_t *)((const char *)map + off_x) : NULL;
	return GOOD;
}

/* Opens and judges the file at c->path: GOOD (mapped), or why not. */
static enum verdict try_open(struct table_cache *c, bool need_x)
{
	int fd = open(c->path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT)
		return MISSING;
	if (fd < 0 && errno == ELOOP)
		return refuse(c, UNTRUSTED,
		              "a symbolic link; a table is never read through one");
	if (fd < 0) {
		char why[256];
		errmsg_set(why, sizeof why, "%s", strerror(errno));
		return refuse(c, UNTRUSTED, why);
	}
	enum verdict v = judge(c, fd, need_x);
	close(fd);
	return v;
}

/* The directory, made if need be; one others may write is not used. */
static int dir_ready(struct table_cache *c, const char *dir)
{
	char err[4200] = "";
	struct stat st;
	if (fileio_make_dirs(dir, err, sizeof err) < 0)
		goto fail;
	if (stat(dir, &st) != 0) {
		errmsg_set(err, sizeof err, "%s: %s", dir, strerror(errno));
		goto fail;
	}
	if (!S_ISDIR(st.st_mode) || ((st.st_mode & S_IWOTH) && !(st.st_mode & S_ISVTX))) {
		errmsg_set(err, sizeof err, "%s is %s", dir,
		           S_ISDIR(st.st_mode) ? "writable by others and not sticky"
		                               : "not a directory");
		goto fail;
	}
	return 0;
fail:
	if (!c->o->strict)
		note(c, "table cache: %s; the table built in memory", err);
	else
		errmsg_set(c->o->why, sizeof c->o->why, "table cache: %s", err);
	return -1;
}

int table_cache_open(struct table_cache *c, struct table_cache_opts *o,
                     const struct table_cache_key *k, bool need_x)
{
	char lock[4200];
	*c = (struct table_cache){.o = NULL, .k = *k, .lock = -1};
	if (!o || !o->dir || strcmp(o->dir, "none") == 0)
		return 0;
	c->o = o;
	if (dir_ready(c, o->dir) < 0) {
		c->o = NULL; /* nothing to write */
		return o->strict ? -1 : 0;
	}
	errmsg_set(c->path, sizeof c->path, "%s/halves-%d.table", o->dir, k->n);
	errmsg_set(lock, sizeof lock, "%s/halves-%d.lock", o->dir, k->n);
	/* Most opens find the file: no lock for them. */
	enum verdict v = try_open(c, need_x);
	if (v == GOOD)
		return 1;
	if (v == UNTRUSTED) {
		c->o = o->strict ? c->o : NULL;
		return o->strict ? -1 : 0;
	}
	/* One process builds it while the others wait, then find it made. */
	c->lock = open(lock, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (c->lock >= 0 && flock(c->lock, LOCK_EX) != 0) {
		close(c->lock);
		c->lock = -1;
	}
	if (c->lock >= 0 && v == MISSING) {
		struct table_cache_opts quiet = *o;
		quiet.note = NULL;
		c->o = &quiet;
		v = try_open(c, need_x);
		c->o = o;
		if (v == GOOD) {
			close(c->lock);
			c->lock = -1;
			return 1;
		}
	}
	return 0;
}

/* Writes len bytes and zeros to the next page, adding them to s as words. */
static int put(int fd, struct sum *s, const void *p, size_t len)
{
	static const uint64_t zeros[PAGE / 8];
	const size_t whole = len / 8, words = (size_t)(page_up(len) / 8);
	size_t fed = whole;
	if (len && fileio_write_all(fd, p, len) < 0)
		return -1;
	sum_feed(s, p, whole);
	if (len > whole * 8) {
		uint64_t last = 0;
		memcpy(&last, (const char *)p + whole * 8, len - whole * 8);
		sum_feed(s, &last, 1);
		fed++;
	}
	sum_feed(s, zeros, words - fed);
	return fileio_write_all(fd, (const char *)zeros, (size_t)(page_up(len) - len));
}

int table_cache_save(struct table_cache *c, const uint32_t *start, const uint64_t *e,
                     const uint64_t *x)
{
	struct table_cache_opts *o = c->o;
	char tmp[4200], prefix[4200], err[4200] = "";
	struct header hd;
	struct sum s;
	int rc = -1;
	if (!o || !o->dir || !c->path[0])
		goto out;
	uint64_t off_e, off_x, size;
	layout(&c->k, x != NULL, &off_e, &off_x, &size);
	memset(&hd, 0, sizeof hd);
	memcpy(hd.magic, TABLE_CACHE_MAGIC, sizeof hd.magic);
	hd.format = TABLE_CACHE_FORMAT;
	hd.n = (uint32_t)c->k.n;
	hd.h = (uint32_t)c->k.h;
	hd.has_x = x != NULL;
	snprintf(hd.version, sizeof hd.version, "%s", PACKAGE_VERSION);
	hd.nkeys = c->k.nkeys;
	hd.len = c->k.len;
	hd.size = size;
	errmsg_set(prefix, sizeof prefix, "%s.tmp.", c->path);
	fileio_remove_stale_in(o->dir, strrchr(prefix, '/') + 1);
	int fd = fileio_tmp(prefix, tmp, sizeof tmp, err, sizeof err);
	if (fd < 0)
		goto out;
	/* The header first as zeros, then the data, then the header. */
	sum_init(&s);
	static const char head[PAGE];
	if (fileio_write_all(fd, head, sizeof head) < 0 ||
	    put(fd, &s, start, (size_t)(c->k.nkeys + 1) * 4) < 0 ||
	    put(fd, &s, e, (size_t)c->k.len * 8) < 0 ||
	    (x && put(fd, &s, x, (size_t)c->k.len * 8) < 0))
		goto failed;
	hd.sum = sum_end(&s);
	hd.hsum = header_sum(&hd);
	if (pwrite(fd, &hd, sizeof hd, 0) != (ssize_t)sizeof hd ||
	    fchmod(fd, 0644) != 0 || fsync(fd) != 0 || rename(tmp, c->path) != 0)
		goto failed;
	close(fd);
	int dfd = open(o->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	rc = try_open(c, x != NULL) == GOOD ? 0 : -1;
	goto out;
failed:
	errmsg_set(err, sizeof err, "cannot write %s: %s", tmp, strerror(errno));
	close(fd);
	unlink(tmp);
out:
	if (err[0] && o) {
		if (!o->strict)
			note(c, "table cache: %s; the table kept in memory", err);
		else
			errmsg_set(o->why, sizeof o->why, "table cache: %s", err);
	}
	if (c->lock >= 0) {
		close(c->lock);
		c->lock = -1;
	}
	return rc;
}

bool table_cache_ready(const char *dir, int n)
{
	char path[4200];
	struct header hd;
	struct stat st;
	bool ok = false;
	if (!dir || strcmp(dir, "none") == 0)
		return false;
	errmsg_set(path, sizeof path, "%s/halves-%d.table", dir, n);
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return false;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
	    !(st.st_mode & (S_IWGRP | S_IWOTH)) &&
	    pread(fd, &hd, sizeof hd, 0) == (ssize_t)sizeof hd &&
	    memcmp(hd.magic, TABLE_CACHE_MAGIC, sizeof hd.magic) == 0 &&
	    header_sum(&hd) == hd.hsum && hd.format == TABLE_CACHE_FORMAT &&
	    hd.n == (uint32_t)n && hd.size == (uint64_t)st.st_size) {
		hd.version[sizeof hd.version - 1] = '\0';
		ok = strcmp(hd.version, PACKAGE_VERSION) == 0;
	}
	close(fd);
	return ok;
}

void table_cache_close(struct table_cache *c)
{
	if (c->map)
		munmap(c->map, c->size);
	if (c->lock >= 0)
		close(c->lock);
	c->map = NULL;
	c->lock = -1;
}
