/* The records of long counts: journal lines and task lines, written and read. */
#include "config.h"

#include "engine/journal.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/count.h"
#include "engine/fileio.h"
#include "engine/halves.h"
#include "engine/known.h"

/* A journal holds a line a piece: far below this even for n = 23. */
#define JOURNAL_FILE_MAX ((size_t)64 << 20)

/* The most pieces a journal's header may name. */
#define JOURNAL_PIECES_MAX ((size_t)1 << 24)

uint32_t journal_check(const char *text, size_t len)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)text[i];
		h *= 16777619u;
	}
	return h;
}

/* Appends " check=X" to the line in buf. */
static void line_seal(char *buf, size_t len)
{
	size_t at = strlen(buf);
	snprintf(buf + at, len - at, " check=%08" PRIx32, journal_check(buf, at));
}

/*
 * Takes the seal off a line: its length before " check=X", or 0 when it
 * has none or it does not match (*why says which).
 */
static size_t line_unseal(const char *line, size_t len, const char **why)
{
	static const char tag[] = " check=";
	const size_t tl = sizeof tag - 1;
	if (len < tl + 8 || memcmp(line + len - 8 - tl, tag, tl) != 0) {
		*why = "cut off (it has no check=... at its end)";
		return 0;
	}
	uint32_t want = 0;
	for (size_t i = len - 8; i < len; i++) {
		const char c = line[i];
		int v = c >= '0' && c <= '9'   ? c - '0'
		        : c >= 'a' && c <= 'f' ? c - 'a' + 10
		                               : -1;
		if (v < 0) {
			*why = "cut off or altered (its check is not 8 hexadecimal "
			       "digits)";
			return 0;
		}
		want = want << 4 | (uint32_t)v;
	}
	const size_t body = len - 8 - tl;
	if (journal_check(line, body) != want) {
		*why = "cut off or altered (its check does not match)";
		return 0;
	}
	return body;
}

/* Reads "key=VALUE" at *p (up to a blank or end) into val; moves *p past
 * it and the blank.  false when the field is not there. */
static bool field(const char **p, const char *end, const char *key, char *val,
                  size_t vallen)
{
	const size_t kl = strlen(key);
	const char *s = *p;
	if ((size_t)(end - s) < kl + 1 || memcmp(s, key, kl) != 0 || s[kl] != '=')
		return false;
	s += kl + 1;
	const char *e = s;
	while (e < end && *e != ' ')
		e++;
	/* A NUL would end the value early: "task=3\0junk" is no field. */
	const bool nul = memchr(s, '\0', (size_t)(e - s)) != NULL;
	if (e == s || (size_t)(e - s) >= vallen || nul)
		return false;
	memcpy(val, s, (size_t)(e - s));
	val[e - s] = '\0';
	*p = e < end ? e + 1 : e;
	return true;
}

/* A whole decimal number, no sign, no leading zero but 0 itself. */
static bool number(const char *s, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;
	if (!*s || (s[0] == '0' && s[1]))
		return false;
	for (; *s; s++) {
		const uint64_t d = (uint64_t)(*s - '0');
		/* d > max first: max - d would wrap (task=7 of tasks=3). */
		if (*s < '0' || *s > '9' || d > max || v > (max - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

/* A field holding a whole number up to max. */
static bool field_number(const char **p, const char *end, const char *key, uint64_t max,
                         uint64_t *out)
{
	char v[32];
	return field(p, end, key, v, sizeof v) && number(v, max, out);
}

/* ---- Task lines ---- */

#define STR_(x) #x
#define STR(x) STR_(x)

/* A version as nqueens names itself: digits and dots ("0.2.0"), a suffix
 * of letters, digits, dots and dashes after a dash allowed ("0.2.0-rc1"). */
static bool version_shape(const char *v)
{
	if (*v < '0' || *v > '9')
		return false;
	while ((*v >= '0' && *v <= '9') || (*v == '.' && v[1] >= '0' && v[1] <= '9'))
		v++;
	if (*v == '-' && v[1])
		v += strspn(v + 1, "abcdefghijklmnopqrstuvwxyz"
		                   "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-") +
		     1;
	return *v == '\0';
}

/*
 * Whether count could have written the task line: the limits of its N and
 * --tasks, its two methods (the join for its N only, and never for the
 * classes of a split count), a version's shape.  NULL, or why not.
 */
static const char *task_shape(const struct journal_task *t)
{
	if (t->n > COUNT_MAX_N)
		return "not a line nqueens count writes (n must be 1 to " STR(
		        COUNT_MAX_N) ")";
	if (t->tasks > COUNT_MAX_PARTS)
		return "not a line nqueens count writes (tasks must be 1 to " STR(
		        COUNT_MAX_PARTS) ")";
	if (strcmp(t->method, "backtrack") != 0 && strcmp(t->method, "halves") != 0)
		return "not a line nqueens count writes (method must be halves or "
		       "backtrack)";
	if (strcmp(t->method, "halves") == 0 &&
	    (t->n < HALVES_MIN_N || t->n > HALVES_MAX_N || (t->unique && t->tasks > 1)))
		return "not a line nqueens count writes (method=halves counts "
		       "the solutions of n = " STR(HALVES_MIN_N) " to " STR(
		               HALVES_MAX_N) " only)";
	if (!version_shape(t->version))
		return "not a line nqueens count writes (its version is not "
		       "numbers and dots, as 0.2.0)";
	return NULL;
}

static const char task_tag[] = "nqueens-task ";

void journal_task_line(const struct journal_id *id, uint64_t count, char *buf, size_t len)
{
	snprintf(buf, len, "%sn=%d tasks=%d task=%d method=%s %s=%" PRIu64 " version=%s",
	         task_tag, id->n, id->tasks, id->task, id->method,
	         id->unique ? "classes" : "solutions", count, id->version);
	line_seal(buf, len);
}

int journal_task_parse(const char *line, size_t len, struct journal_task *out,
                       const char **why)
{
	const size_t tl = sizeof task_tag - 1;
	if (len < tl || memcmp(line, task_tag, tl) != 0) {
		*why = "not a task line of nqueens count --tasks (it does not start "
		       "with nqueens-task)";
		return -1;
	}
	size_t body = line_unseal(line, len, why);
	if (!body)
		return -1;
	const char *p = line + tl, *end = line + body;
	uint64_t n, tasks, task;
	*why = "not a task line of nqueens count --tasks (its fields are not n, "
	       "tasks, task, method, solutions or classes, version)";
	if (!field_number(&p, end, "n", 64, &n) || n < 1 ||
	    !field_number(&p, end, "tasks", INT32_MAX, &tasks) || tasks < 1 ||
	    !field_number(&p, end, "task", tasks, &task) || task < 1 ||
	    !field(&p, end, "method", out->method, sizeof out->method))
		return -1;
	out->unique = field_number(&p, end, "classes", UINT64_MAX, &out->count);
	if (!out->unique && !field_number(&p, end, "solutions", UINT64_MAX, &out->count))
		return -1;
	if (!field(&p, end, "version", out->version, sizeof out->version) || p != end)
		return -1;
	out->n = (int)n;
	out->tasks = (int)tasks;
	out->task = (int)task;
	*why = task_shape(out);
	return *why ? -1 : 0;
}

/* ---- The journal ---- */

static const char journal_tag[] = "nqueens-journal ";

struct journal {
	char *path;
	int fd;
	struct journal_id id; /* the count, for the header */
	char method[16], version[32];
	size_t npieces; /* 0 until the header is read or written */
	bool header;    /* the file has its header */
	uint8_t *done;
	uint64_t *total, *unique;
	size_t known; /* pieces done when it was opened */
	off_t size;   /* where the whole lines end */
};

/* The header as this count writes it, without its check. */
static void header_text(const struct journal_id *id, size_t npieces, char *buf,
                        size_t len)
{
	snprintf(buf, len, "%sn=%d method=%s tasks=%d task=%d pieces=%zu version=%s",
	         journal_tag, id->n, id->method, id->tasks, id->task, npieces,
	         id->version);
}

/* The pieces' arrays for npieces. */
static int journal_alloc(struct journal *j, size_t npieces)
{
	j->npieces = npieces;
	j->done = calloc(npieces ? npieces : 1, 1);
	j->total = calloc(npieces ? npieces : 1, sizeof *j->total);
	j->unique = calloc(npieces ? npieces : 1, sizeof *j->unique);
	return j->done && j->total && j->unique ? 0 : -1;
}

void journal_close(struct journal *j)
{
	if (!j)
		return;
	if (j->fd >= 0)
		close(j->fd); /* the lock goes with it */
	free(j->path);
	free(j->done);
	free(j->total);
	free(j->unique);
	free(j);
}

/*
 * Reads the header at line[0 .. len) and checks it against id.  Returns 0,
 * or -1 with why in err (the count it is of, against the one asked).
 */
static int header_read(struct journal *j, const struct journal_id *id, const char *line,
                       size_t len, char *err, size_t errlen)
{
	const char *p = line + sizeof journal_tag - 1, *end = line + len;
	char method[16], version[32];
	uint64_t n, tasks, task, pieces;
	if (!field_number(&p, end, "n", 64, &n) ||
	    !field(&p, end, "method", method, sizeof method) ||
	    !field_number(&p, end, "tasks", INT32_MAX, &tasks) ||
	    !field_number(&p, end, "task", tasks, &task) ||
	    !field_number(&p, end, "pieces", JOURNAL_PIECES_MAX, &pieces) ||
	    !field(&p, end, "version", version, sizeof version) || p != end) {
		snprintf(err, errlen,
		         "%s:1: not the header of a journal of nqueens count", j->path);
		return -1;
	}
	if (strcmp(version, id->version) != 0) {
		snprintf(err, errlen,
		         "%s:1: the journal of nqueens %s, not of this %s (the way a "
		         "count is cut may differ); give another file",
		         j->path, version, id->version);
		return -1;
	}
	if ((int)n != id->n || strcmp(method, id->method) != 0 ||
	    (int)tasks != id->tasks || (int)task != id->task) {
		char was[64] = "", is[64] = "";
		if (tasks > 1)
			snprintf(was, sizeof was, " --tasks %d --task %d", (int)tasks,
			         (int)task);
		if (id->tasks > 1)
			snprintf(is, sizeof is, " --tasks %d --task %d", id->tasks,
			         id->task);
		snprintf(err, errlen,
		         "%s:1: the journal of count %d --method %s%s, not of count %d "
		         "--method %s%s; give another file",
		         j->path, (int)n, method, was, id->n, id->method, is);
		return -1;
	}
	if (journal_alloc(j, (size_t)pieces)) {
		snprintf(err, errlen, "%s: %s", j->path, strerror(ENOMEM));
		return -1;
	}
	j->header = true;
	return 0;
}

/* Reads a piece's line into the arrays; -1 with why when it is not one. */
static int piece_read(struct journal *j, const char *line, size_t len, const char **why)
{
	const char *p = line, *end = line + len;
	uint64_t k, total, unique;
	if (!field_number(&p, end, "piece", UINT64_MAX, &k) ||
	    !field_number(&p, end, "solutions", UINT64_MAX, &total) ||
	    !field_number(&p, end, "classes", UINT64_MAX, &unique) || p != end) {
		*why = "not a line of a journal of nqueens count";
		return -1;
	}
	if (k >= j->npieces) {
		*why = "a piece past those the header names";
		return -1;
	}
	uint64_t most, classes;
	if (known_counts(j->id.n, &most, &classes) &&
	    (total > most || unique > classes)) {
		*why = "a piece with more solutions than OEIS A000170 has for the "
		       "whole count";
		return -1;
	}
	if (j->done[k] && (j->total[k] != total || j->unique[k] != unique)) {
		*why = "a piece given before with other counts";
		return -1;
	}
	j->known += !j->done[k];
	j->done[k] = 1;
	j->total[k] = total;
	j->unique[k] = unique;
	return 0;
}

/*
 * Reads the file's text: the header, then the pieces.  A last line that is
 * cut off is dropped (*keep is where the good lines end, *dropped its
 * number); any other bad line refuses the file.
 */
static int journal_parse(struct journal *j, const struct journal_id *id, const char *text,
                         size_t len, size_t *keep, int *dropped, char *err, size_t errlen)
{
	int lineno = 0;
	*keep = 0;
	*dropped = 0;
	for (size_t at = 0; at < len;) {
		const char *nl = memchr(text + at, '\n', len - at);
		const size_t end = nl ? (size_t)(nl - text) : len;
		const char *line = text + at, *why = NULL;
		const size_t ll = end - at;
		const bool last = !nl || end + 1 == len;
		lineno++;
		if (lineno == 1 &&
		    (ll < sizeof journal_tag - 1 ||
		     memcmp(line, journal_tag, sizeof journal_tag - 1) != 0)) {
			/* Someone else's file: never written over. */
			snprintf(err, errlen,
			         "%s:1: not a journal of nqueens count; give a new file "
			         "or a journal",
			         j->path);
			return -1;
		}
		size_t body = memchr(line, '\0', ll) ? 0 : line_unseal(line, ll, &why);
		if (body && !nl)
			why = "cut off (it has no newline)", body = 0;
		if (!body) {
			if (last) {
				*dropped = lineno;
				return 0;
			}
			snprintf(err, errlen, "%s:%d: damaged: %s", j->path, lineno,
			         why ? why : "a NUL byte");
			return -1;
		}
		if (lineno == 1) {
			if (header_read(j, id, line, body, err, errlen))
				return -1;
		} else if (piece_read(j, line, body, &why)) {
			snprintf(err, errlen, "%s:%d: damaged: %s", j->path, lineno, why);
			return -1;
		}
		at = end + 1;
		*keep = at;
	}
	return 0;
}

/*
 * Whether the file opened at path may be a journal: a regular file of the
 * user the count runs as (root's of root), which no one else may write; a
 * journal another user can edit could make the count print a wrong total.
 */
static int journal_trusted(const char *path, const struct stat *st, char *err,
                           size_t errlen)
{
	if (!S_ISREG(st->st_mode)) {
		snprintf(err, errlen, "%s: %s, not a regular file; give a file", path,
		         fileio_kind(st->st_mode));
		return -1;
	}
	if (st->st_uid != geteuid()) {
		snprintf(err, errlen,
		         "%s belongs to another user (uid %lu), not to you (uid %lu); "
		         "a journal must be your own",
		         path, (unsigned long)st->st_uid, (unsigned long)geteuid());
		return -1;
	}
	if (st->st_mode & (S_IWGRP | S_IWOTH)) {
		snprintf(err, errlen,
		         "%s is writable by %s (mode %03o); a journal others can "
		         "edit is not trusted: chmod go-w it, or give another file",
		         path, st->st_mode & S_IWOTH ? "others" : "its group",
		         (unsigned)(st->st_mode & 0777));
		return -1;
	}
	return 0;
}

/* A journal of the count id at path, no file open yet; NULL with err. */
static struct journal *journal_new(const char *path, const struct journal_id *id,
                                   char *err, size_t errlen)
{
	struct journal *j = calloc(1, sizeof *j);
	if (!j || !(j->path = strdup(path))) {
		snprintf(err, errlen, "%s: %s", path, strerror(ENOMEM));
		free(j);
		return NULL;
	}
	j->fd = -1;
	j->id = *id;
	snprintf(j->method, sizeof j->method, "%s", id->method);
	snprintf(j->version, sizeof j->version, "%s", id->version);
	j->id.method = j->method;
	j->id.version = j->version;
	return j;
}

struct journal *journal_read(const char *name, const struct journal_id *id,
                             const char *text, size_t len, size_t *keep, int *dropped,
                             char *err, size_t errlen)
{
	struct journal *j = journal_new(name, id, err, errlen);
	if (j && journal_parse(j, id, text, len, keep, dropped, err, errlen) != 0) {
		journal_close(j);
		return NULL;
	}
	return j;
}

struct journal *journal_open(const char *path, const struct journal_id *id, char *note,
                             size_t notelen, char *err, size_t errlen, bool *usage)
{
	char *text = NULL;
	struct stat st;
	*usage = false;
	note[0] = '\0';
	struct journal *j = journal_new(path, id, err, errlen);
	if (!j)
		return NULL;
	/* A link is never followed (another user's link in a shared directory
	 * would have the count write where it leads), and a FIFO or a device
	 * never waited on. */
	j->fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
	if (j->fd < 0 && errno == ELOOP) {
		snprintf(err, errlen,
		         "%s: a symbolic link; a journal is never opened through one, "
		         "give the file itself",
		         path);
		*usage = true;
		goto fail;
	}
	if (j->fd < 0 || fstat(j->fd, &st) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		*usage = errno == EISDIR;
		goto fail;
	}
	if (journal_trusted(path, &st, err, errlen) != 0) {
		*usage = true;
		goto fail;
	}
	if (flock(j->fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno == EWOULDBLOCK)
			snprintf(err, errlen, "%s: another count is writing this journal",
			         path);
		else
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
		*usage = errno == EWOULDBLOCK;
		goto fail;
	}
	if ((size_t)st.st_size > JOURNAL_FILE_MAX) {
		snprintf(err, errlen, "%s: too large to be a journal of nqueens count",
		         path);
		*usage = true;
		goto fail;
	}
	size_t len = (size_t)st.st_size, got = 0, keep;
	text = malloc(len + 1);
	if (!text) {
		snprintf(err, errlen, "%s: %s", path, strerror(ENOMEM));
		goto fail;
	}
	while (got < len) {
		ssize_t r = read(j->fd, text + got, len - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			snprintf(err, errlen, "%s: %s", path,
			         r < 0 ? strerror(errno) : "read short");
			goto fail;
		}
		got += (size_t)r;
	}
	int dropped;
	if (journal_parse(j, id, text, len, &keep, &dropped, err, errlen)) {
		*usage = true;
		goto fail;
	}
	if (dropped) {
		/* The good lines stay; the next piece is written after them. */
		if (ftruncate(j->fd, (off_t)keep) != 0 || fdatasync(j->fd) != 0) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			goto fail;
		}
		snprintf(note, notelen,
		         "%s:%d: the last line was cut off (the count stopped while "
		         "writing it); dropped, %s",
		         path, dropped,
		         dropped == 1 ? "the journal starts again"
		                      : "its piece is counted again");
	}
	j->size = (off_t)(dropped ? keep : len);
	if (fcntl(j->fd, F_SETFL, O_APPEND) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto fail;
	}
	free(text);
	return j;
fail:
	free(text);
	journal_close(j);
	return NULL;
}

/*
 * Writes the whole line and flushes it to the disk; 0, or -1 with errno.  A
 * line cut off by a full disk or by ulimit -f (EFBIG, SIGXFSZ ignored) is
 * taken back, so that the journal stays whole lines.
 */
static int journal_write(struct journal *j, const char *line)
{
	const size_t len = strlen(line);

	if (fileio_write_all(j->fd, line, len) != 0 || fdatasync(j->fd) != 0) {
		const int e = errno;

		if (ftruncate(j->fd, j->size) == 0)
			(void)fdatasync(j->fd);
		errno = e;
		return -1;
	}
	j->size += (off_t)len;
	return 0;
}

int journal_begin(struct journal *j, size_t npieces, char *err, size_t errlen)
{
	if (j->header) {
		if (j->npieces == npieces)
			return 0;
		snprintf(err, errlen,
		         "%s:1: the journal cuts the count into %zu pieces, this "
		         "program into %zu; give another file",
		         j->path, j->npieces, npieces);
		errno = EINVAL;
		return -1;
	}
	char line[JOURNAL_LINE_MAX];
	header_text(&j->id, npieces, line, sizeof line - 1);
	line_seal(line, sizeof line - 1);
	strcat(line, "\n");
	if (journal_alloc(j, npieces) || journal_write(j, line) != 0) {
		snprintf(err, errlen, "cannot write the journal %s: %s", j->path,
		         strerror(errno));
		return -1;
	}
	j->header = true;
	return 0;
}

size_t journal_known(const struct journal *j)
{
	return j->known;
}

size_t journal_pieces(const struct journal *j)
{
	return j->npieces;
}

bool journal_done(const struct journal *j, size_t p, uint64_t *total, uint64_t *unique)
{
	if (p >= j->npieces || !j->done[p])
		return false;
	*total = j->total[p];
	*unique = j->unique[p];
	return true;
}

int journal_add(struct journal *j, size_t p, uint64_t total, uint64_t unique)
{
	char line[JOURNAL_LINE_MAX];
	if (p >= j->npieces) {
		errno = EINVAL;
		return -1;
	}
	snprintf(line, sizeof line - 1,
	         "piece=%zu solutions=%" PRIu64 " classes=%" PRIu64, p, total, unique);
	line_seal(line, sizeof line - 1);
	strcat(line, "\n");
	if (journal_write(j, line) != 0)
		return -1;
	j->done[p] = 1;
	j->total[p] = total;
	j->unique[p] = unique;
	return 0;
}
