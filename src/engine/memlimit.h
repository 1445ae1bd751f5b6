/* What bounds the memory this process may take: the machine, its cgroup, its
 * resource limits. */
#ifndef NQ_MEMLIMIT_H
#define NQ_MEMLIMIT_H

#include <stddef.h>

/* The limit that leaves the least room. */
enum memlimit_kind {
	MEMLIMIT_NONE,   /* none but the machine's memory */
	MEMLIMIT_CGROUP, /* the cgroup's memory.max (v2) or memory.limit_in_bytes (v1) */
	MEMLIMIT_AS,     /* RLIMIT_AS, ulimit -v */
	MEMLIMIT_DATA,   /* RLIMIT_DATA, ulimit -d */
};

struct memlimit {
	size_t physical;         /* the machine's memory; 0 when unknown */
	enum memlimit_kind kind; /* the tightest hard limit */
	size_t limit;            /* that limit, in bytes */
	size_t room;             /* what it still leaves this process; SIZE_MAX: none */
};

/* Reads the limits this process runs under. */
void memlimit_read(struct memlimit *m);

/* The limit's name for a message: "the cgroup's memory.max", "ulimit -v",
 * ... */
const char *memlimit_name(enum memlimit_kind kind);

/*
 * The cgroup's limit, from the text of /proc/self/cgroup and
 * /proc/self/mountinfo, its files read under root ("" for the real ones,
 * another directory in the tests): the tightest limit of the cgroup and its
 * parents (v2: memory.max and memory.current; v1: memory.limit_in_bytes and
 * memory.usage_in_bytes), what the cgroup uses of it in *usage.  Returns 0,
 * or -1 when no limit is set or none can be read.
 */
int memlimit_cgroup(const char *cgroup, const char *mountinfo, const char *root,
                    size_t *limit, size_t *usage);

#endif
