/* The records of long counts: a count's journal of finished pieces, and the
 * line a task of a split count prints for `nqueens sum`. */
#ifndef NQ_JOURNAL_H
#define NQ_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Both are lines of `key=value` fields in a fixed order, the last
 * `check=XXXXXXXX`: the FNV-1a hash (32 bits, in hexadecimal) of the bytes
 * before " check=", so that a line cut off or altered is told from a whole
 * one.
 */
uint32_t journal_check(const char *text, size_t len);

/* What a count is, as its records name it. */
struct journal_id {
	int n;
	const char *method; /* "halves" or "backtrack" */
	int tasks, task;    /* T and I of --tasks T --task I (1-based); 1 and 1 */
	bool unique;        /* the count is of classes (task lines only) */
	const char *version;
};

/* The longest line either record writes, its newline included. */
#define JOURNAL_LINE_MAX 200

/*
 * A task's line: "nqueens-task n=N tasks=T task=I method=M solutions=C
 * version=V check=X" (classes=C with --unique), without its newline.
 */
void journal_task_line(const struct journal_id *id, uint64_t count, char *buf,
                       size_t len);

/* A task line read back. */
struct journal_task {
	int n, tasks, task;
	bool unique;
	uint64_t count;
	char method[16], version[32];
};

/*
 * Reads a task line (without its newline).  Returns 0, or -1 with why it
 * is not one in *why: "not a task line of nqueens count", "cut off or
 * altered (its check does not match)", ...
 */
int journal_task_parse(const char *line, size_t len, struct journal_task *out,
                       const char **why);

/*
 * The journal of one count: a file of one header line naming the count
 * ("nqueens-journal n=N method=M tasks=T task=I pieces=P version=V
 * check=X") and a line for each piece finished ("piece=K solutions=S
 * classes=C check=X"), each appended whole and flushed to the disk before
 * the count goes on.
 */
struct journal;

/*
 * Opens path (made when it is missing) for the count id and reads what an
 * earlier run of the same count wrote: its pieces are then known.  A last
 * line cut off (the count killed while writing it) is dropped and said in
 * note (else note is ""); a journal of another count, another version, a
 * damaged one, or one another count is writing is refused.  Returns NULL
 * with one line in err ("PATH:LINE: why") and *usage true when the file is
 * the wrong one, false when it cannot be read or written.
 */
struct journal *journal_open(const char *path, const struct journal_id *id, char *note,
                             size_t notelen, char *err, size_t errlen, bool *usage);

/*
 * The count says into how many pieces its work is cut: the header is
 * written, or the one read is checked against it.  Returns 0, or -1 with
 * errno (EINVAL: the journal's count is cut otherwise) and one line in err.
 */
int journal_begin(struct journal *j, size_t npieces, char *err, size_t errlen);

/* How many pieces the journal had when it was opened. */
size_t journal_known(const struct journal *j);

/* How many pieces the count is cut into: 0 before the header is read or
 * written. */
size_t journal_pieces(const struct journal *j);

/*
 * Reads a journal's text as journal_open does, with no file (name is for
 * the messages): the way in of the fuzz harness.  Returns the journal
 * (journal_add is not for it), with *keep the length of the whole lines and
 * *dropped the number of a last line cut off (else 0); or NULL with one
 * line in err.
 */
struct journal *journal_read(const char *name, const struct journal_id *id,
                             const char *text, size_t len, size_t *keep, int *dropped,
                             char *err, size_t errlen);

/* Whether piece p is done, and its counts; safe from several threads. */
bool journal_done(const struct journal *j, size_t p, uint64_t *total, uint64_t *unique);

/* Records piece p as done and flushes it to the disk; 0, or -1 with errno.
 * One call at a time. */
int journal_add(struct journal *j, size_t p, uint64_t total, uint64_t unique);

/* Closes the file (and unlocks it). */
void journal_close(struct journal *j);

#endif
