/* The half-board join's table in a cache file, built once and mapped read-only
 * by every later count of the same n, so that processes share one copy. */
#ifndef NQ_TABLE_CACHE_H
#define NQ_TABLE_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A cache file begins with this, then the format's number. */
#define TABLE_CACHE_MAGIC "NQTABLE\n"
#define TABLE_CACHE_FORMAT 1u

/* The environment variable naming the cache directory, or "none". */
#define TABLE_CACHE_ENV "NQUEENS_TABLE_CACHE"

/*
 * Where the tables are kept and what to do when a file is refused: said
 * through note (one line, no "nqueens count: " before it) and the table
 * built in memory; with strict, the count stops instead (halves_count
 * fails with errno EACCES and the reason in why).
 */
struct table_cache_opts {
	const char *dir; /* the directory; NULL or "none": no cache */
	bool strict;
	void (*note)(void *ctx, const char *line); /* or NULL */
	void *ctx;
	char why[4200]; /* a strict refusal's reason */
};

/* What a table is the table of: the board, and its size. */
struct table_cache_key {
	int n, h;
	uint64_t nkeys; /* offsets: nkeys + 1 */
	uint64_t len;   /* entries, and crossing words when kept */
};

/* A table mapped from its file, or the file being made. */
struct table_cache {
	struct table_cache_opts *o;
	struct table_cache_key k;
	char path[4096];
	int lock; /* the directory's lock for n while the table is built, or -1 */
	void *map;
	size_t size;
	const uint32_t *start; /* nkeys + 1 offsets */
	const uint64_t *e, *x; /* x NULL when the file has no crossing words */
};

/*
 * The directory the count's tables go to: dir if given ("none": none),
 * else $NQUEENS_TABLE_CACHE, else $XDG_CACHE_HOME/nqueens (an absolute
 * XDG_CACHE_HOME), else ~/.cache/nqueens; NULL for none.  Written into buf.
 */
const char *table_cache_dir(const char *dir, char *buf, size_t buflen);

/*
 * Opens the cache of k: 1 with the table mapped in c (and x when the file
 * has the crossing words), 0 when it is to be built (no file, or one that
 * was refused and said through the note, or one without crossing words
 * when need_x), with the directory's lock for n held so that one process
 * builds it while the others wait; -1 when strict and refused (c->o->why).
 * Without a directory, 0 and nothing held.
 */
int table_cache_open(struct table_cache *c, struct table_cache_opts *o,
                     const struct table_cache_key *k, bool need_x);

/*
 * Writes the table just built to the cache (a temporary file in the same
 * directory, flushed, renamed over the name) and maps it in c as
 * table_cache_open does, releasing the lock.  x may be NULL.  0 when the
 * file is written and mapped; -1 when not (said through the note; with
 * strict, the reason in why).
 */
int table_cache_save(struct table_cache *c, const uint32_t *start, const uint64_t *e,
                     const uint64_t *x);

/*
 * Whether dir holds n's table with a good header (the data's checksum is
 * left to the count): so that a count's memory floor can leave out the
 * table it will map.
 */
bool table_cache_ready(const char *dir, int n);

/* Unmaps the table and releases the lock. */
void table_cache_close(struct table_cache *c);

/* The checksum of a cache's data: words in 8 lanes, each word added and
 * multiplied by an odd constant, so that a change of any one word changes
 * it; memory-bound. */
uint64_t table_cache_sum(const uint64_t *w, size_t nwords);

#endif
