/* Text read a line at a time, with NUL bytes, overlong lines and read errors told apart.
 */
#ifndef NQ_LINES_H
#define NQ_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * getline() takes a read error for the end of the file, cuts a line at a NUL
 * byte for every string function after it, and grows without bound on a file
 * with no newline (/dev/zero).  This reader says which of those happened.
 */
struct lines {
	FILE *fp;
	size_t max;           /* the longest line accepted, newline excluded */
	unsigned long lineno; /* the line last returned (1-based) */
	int err;              /* errno of a read error */
	char *buf;            /* the current line, NUL-terminated */
	size_t cap;
	char *chunk; /* bytes read ahead of the current line */
	size_t at, end;
	int eof;
	bool filled; /* a chunk was read: a byte-order mark is looked for once */
	int midline; /* lines_piece: the current line goes on */
	size_t have; /* lines_piece: its bytes so far */
};

enum lines_status {
	LINES_OK,       /* a line is in *line, without its newline */
	LINES_END,      /* the end of the file */
	LINES_NUL,      /* the line holds a NUL byte: not a text file */
	LINES_TOO_LONG, /* the line is longer than max; the rest is not read */
	LINES_ERROR,    /* a read error, errno in err */
};

/*
 * Starts reading fp; lines longer than max bytes are refused.  A UTF-8
 * byte-order mark at the very start is not part of the first line.
 */
void lines_start(struct lines *r, FILE *fp, size_t max);

/*
 * Reads the next line into *line (valid until the next call) and its length
 * into *len.  A last line without a newline is a line.  After anything but
 * LINES_OK, lineno names the line at fault and nothing more should be read.
 */
enum lines_status lines_next(struct lines *r, char **line, size_t *len);

/*
 * Like lines_next, but hands the line over in pieces as they are read, so
 * that a line of any length takes no more memory than a chunk: *more is
 * true while the line goes on, and the piece after one with *more false
 * begins the next line.  A piece stays valid until the next call.  Checks
 * NUL bytes and the length as lines_next does, a piece at a time: what a
 * line's earlier pieces said stands.
 */
enum lines_status lines_piece(struct lines *r, const char **piece, size_t *len,
                              bool *more);

/* Frees the buffer; the file is the caller's to close. */
void lines_free(struct lines *r);

/* What went wrong, in a few words ("a NUL byte: not a text file"). */
const char *lines_why(const struct lines *r, enum lines_status st, char *buf, size_t len);

#endif
