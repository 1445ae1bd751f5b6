/* What bounds this process's memory: physical memory, cgroup, RLIMIT_AS, RLIMIT_DATA. */
#include "config.h"

#include "engine/memlimit.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* A limit this large is no limit (cgroup v1 writes 2^63 rounded to pages). */
#define MEMLIMIT_HUGE ((uint64_t)1 << 62)

const char *memlimit_name(enum memlimit_kind kind)
{
	switch (kind) {
	case MEMLIMIT_CGROUP:
		return "the cgroup's memory limit";
	case MEMLIMIT_AS:
		return "ulimit -v (RLIMIT_AS)";
	case MEMLIMIT_DATA:
		return "ulimit -d (RLIMIT_DATA)";
	default:
		return "the physical memory";
	}
}

/* The first line of a small file, or false. */
static bool read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	bool ok = f && fgets(buf, (int)len, f);
	if (f)
		fclose(f);
	if (ok)
		buf[strcspn(buf, "\n")] = '\0';
	return ok;
}

/* A byte count from a cgroup file: false for "max", a huge one or none. */
static bool read_bytes(const char *dir, const char *name, uint64_t *out)
{
	char path[4096], line[64], *end;
	if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path ||
	    !read_line(path, line, sizeof line) || line[0] < '0' || line[0] > '9')
		return false;
	unsigned long long v = strtoull(line, &end, 10);
	if (*end || v >= MEMLIMIT_HUGE)
		return false;
	*out = v;
	return true;
}

/* Copies a mountinfo field, undoing its octal escapes (\040 for a blank). */
static void unescape(const char *s, size_t len, char *out, size_t outlen)
{
	size_t k = 0;
	for (size_t i = 0; i < len && k + 1 < outlen; i++) {
		if (s[i] == '\\' && i + 3 < len) {
			int v = 0, ok = 1;
			for (int d = 1; d <= 3; d++)
				if (s[i + d] >= '0' && s[i + d] <= '7')
					v = v * 8 + (s[i + d] - '0');
				else
					ok = 0;
			if (ok) {
				out[k++] = (char)v;
				i += 3;
				continue;
			}
		}
		out[k++] = s[i];
	}
	out[k] = '\0';
}

/*
 * Finds in mountinfo the mount of the cgroup hierarchy (v2: fstype cgroup2;
 * v1: cgroup with the memory controller): its root in the hierarchy and
 * where it is mounted.
 */
static bool find_mount(const char *mountinfo, bool v2, char *root, size_t rootlen,
                       char *point, size_t pointlen)
{
	for (const char *line = mountinfo; line && *line;) {
		const char *nl = strchr(line, '\n');
		const size_t len = nl ? (size_t)(nl - line) : strlen(line);
		const char *f[6], *sep = NULL;
		size_t fl[6];
		int nf = 0;
		const char *p = line, *end = line + len;
		/* The six fields before the optional ones, then "-" and the type. */
		while (p < end && nf < 6) {
			while (p < end && *p == ' ')
				p++;
			const char *s = p;
			while (p < end && *p != ' ')
				p++;
			f[nf] = s;
			fl[nf++] = (size_t)(p - s);
		}
		for (const char *q = p; q + 2 < end; q++)
			if (q[0] == ' ' && q[1] == '-' && q[2] == ' ') {
				sep = q + 3;
				break;
			}
		if (nf == 6 && sep) {
			const char *type = sep, *te = sep;
			while (te < end && *te != ' ')
				te++;
			const char *opts = te < end ? te + 1 : te;
			while (opts < end && *opts != ' ') /* the source */
				opts++;
			opts = opts < end ? opts + 1 : opts;
			const size_t tl = (size_t)(te - type), ol = (size_t)(end - opts);
			bool match;
			if (v2)
				match = tl == 7 && memcmp(type, "cgroup2", 7) == 0;
			else {
				match = tl == 6 && memcmp(type, "cgroup", 6) == 0;
				/* The super options name its controllers. */
				bool memory = false;
				for (const char *o = opts; match && o < opts + ol;) {
					const char *c =
					        memchr(o, ',', (size_t)(opts + ol - o));
					const size_t cl = c ? (size_t)(c - o)
					                    : (size_t)(opts + ol - o);
					memory |= cl == 6 && memcmp(o, "memory", 6) == 0;
					o += cl + 1;
				}
				match = match && memory;
			}
			if (match) {
				unescape(f[3], fl[3], root, rootlen);
				unescape(f[4], fl[4], point, pointlen);
				return true;
			}
		}
		line = nl ? nl + 1 : NULL;
	}
	return false;
}

/* The cgroup's path in the hierarchy from /proc/self/cgroup: the "0::"
 * line for v2, the line naming the memory controller for v1. */
static bool find_path(const char *cgroup, bool v2, char *path, size_t pathlen)
{
	for (const char *line = cgroup; line && *line;) {
		const char *nl = strchr(line, '\n');
		const size_t len = nl ? (size_t)(nl - line) : strlen(line);
		const char *c1 = memchr(line, ':', len);
		const char *c2 =
		        c1 ? memchr(c1 + 1, ':', (size_t)(line + len - c1 - 1)) : NULL;
		if (c2) {
			const char *ctl = c1 + 1;
			const size_t cl = (size_t)(c2 - ctl);
			bool match = false;
			if (v2)
				match = cl == 0 && c1 - line == 1 && line[0] == '0';
			else
				for (const char *o = ctl; o < c2;) {
					const char *c = memchr(o, ',', (size_t)(c2 - o));
					const size_t l =
					        c ? (size_t)(c - o) : (size_t)(c2 - o);
					match |= l == 6 && memcmp(o, "memory", 6) == 0;
					o += l + 1;
				}
			const size_t pl = (size_t)(line + len - c2 - 1);
			if (match && pl + 1 < pathlen) {
				memcpy(path, c2 + 1, pl);
				path[pl] = '\0';
				return true;
			}
		}
		line = nl ? nl + 1 : NULL;
	}
	return false;
}

/* The tightest limit of one hierarchy (v2 or v1) over the cgroup and its
 * parents up to the mount, and the usage where it is set. */
static bool hierarchy_limit(const char *cgroup, const char *mountinfo, const char *root,
                            bool v2, uint64_t *limit, uint64_t *usage)
{
	char path[1024], mroot[1024], point[1024], dir[4096];
	if (!find_path(cgroup, v2, path, sizeof path) ||
	    !find_mount(mountinfo, v2, mroot, sizeof mroot, point, sizeof point))
		return false;
	/* The cgroup's path below the mount's root (a namespace may hide the
	 * rest). */
	const char *rel = path;
	const size_t rl = strlen(mroot);
	if (strcmp(mroot, "/") != 0 && strncmp(path, mroot, rl) == 0 &&
	    (path[rl] == '/' || path[rl] == '\0'))
		rel = path + rl;
	if (snprintf(dir, sizeof dir, "%s%s%s", root, point,
	             strcmp(rel, "/") ? rel : "") >= (int)sizeof dir)
		return false;
	const size_t top = strlen(root) + strlen(point);
	uint64_t least = 0;
	bool found = false;
	for (;;) {
		uint64_t l, u = 0;
		if (read_bytes(dir, v2 ? "memory.max" : "memory.limit_in_bytes", &l)) {
			read_bytes(dir, v2 ? "memory.current" : "memory.usage_in_bytes",
			           &u);
			const uint64_t room = l > u ? l - u : 0;
			if (!found || room < least) {
				*limit = l;
				*usage = u;
				least = room;
				found = true;
			}
		}
		char *slash = strrchr(dir, '/');
		if (!slash || (size_t)(slash - dir) < top)
			break;
		*slash = '\0';
	}
	return found;
}

int memlimit_cgroup(const char *cgroup, const char *mountinfo, const char *root,
                    size_t *limit, size_t *usage)
{
	uint64_t l = 0, u = 0;
	if (!hierarchy_limit(cgroup, mountinfo, root, true, &l, &u) &&
	    !hierarchy_limit(cgroup, mountinfo, root, false, &l, &u))
		return -1;
	*limit = l > SIZE_MAX ? SIZE_MAX : (size_t)l;
	*usage = u > SIZE_MAX ? SIZE_MAX : (size_t)u;
	return 0;
}

/* A small /proc file whole, or NULL. */
static char *read_small(const char *path)
{
	FILE *f = fopen(path, "re");
	if (!f)
		return NULL;
	size_t cap = 4096, len = 0;
	char *buf = malloc(cap);
	while (buf) {
		size_t r = fread(buf + len, 1, cap - len - 1, f);
		len += r;
		if (r == 0 || len + 1 < cap)
			break;
		char *b = cap < ((size_t)1 << 20) ? realloc(buf, cap * 2) : NULL;
		if (!b) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = b;
		cap *= 2;
	}
	fclose(f);
	if (buf)
		buf[len] = '\0';
	return buf;
}

/* The "Vm...:" line of /proc/self/status in bytes, or 0. */
static size_t vm_status(const char *key)
{
	char *s = read_small("/proc/self/status"), *at;
	size_t v = 0;
	if (s && (at = strstr(s, key)) != NULL)
		v = (size_t)strtoull(at + strlen(key), NULL, 10) * 1024;
	free(s);
	return v;
}

/* Takes the limit if it leaves less room than the one kept. */
static void consider(struct memlimit *m, enum memlimit_kind kind, size_t limit,
                     size_t used)
{
	const size_t room = limit > used ? limit - used : 0;
	if (room < m->room) {
		m->kind = kind;
		m->limit = limit;
		m->room = room;
	}
}

void memlimit_read(struct memlimit *m)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	*m = (struct memlimit){0, MEMLIMIT_NONE, 0, SIZE_MAX};
	if (pages > 0 && size > 0)
		m->physical = (size_t)pages * (size_t)size;
	char *cg = read_small("/proc/self/cgroup"),
	     *mi = read_small("/proc/self/mountinfo");
	size_t limit, usage;
	if (cg && mi && memlimit_cgroup(cg, mi, "", &limit, &usage) == 0)
		consider(m, MEMLIMIT_CGROUP, limit, usage);
	free(cg);
	free(mi);
	struct rlimit rl;
	if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
		consider(m, MEMLIMIT_AS, (size_t)rl.rlim_cur, vm_status("VmSize:"));
	if (getrlimit(RLIMIT_DATA, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
		consider(m, MEMLIMIT_DATA, (size_t)rl.rlim_cur, vm_status("VmData:"));
}
