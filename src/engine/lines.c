/* Text read a line at a time, with NUL bytes, overlong lines and read errors told apart.
 */
#include "config.h"

#include "engine/lines.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fileio.h"

/* How much is read from the file at a time. */
#define CHUNK (1 << 16)

void lines_start(struct lines *r, FILE *fp, size_t max)
{
	memset(r, 0, sizeof *r);
	r->fp = fp;
	r->max = max;
}

/*
 * Reads the next chunk; 0, or -1 after a read error.  A byte-order mark at
 * the start of the file (as Notepad writes) is read past: it is not part of
 * the first line's first word.
 */
static int fill(struct lines *r)
{
	bool first = !r->filled;

	r->at = 0;
	errno = 0;
	r->end = fread(r->chunk, 1, CHUNK, r->fp);
	r->filled = true;
	if (r->end == 0) {
		if (ferror(r->fp)) {
			r->err = errno ? errno : EIO;
			return -1;
		}
		r->eof = 1;
	}
	if (first)
		r->at = fileio_bom(r->chunk, r->end);
	return 0;
}

void lines_free(struct lines *r)
{
	free(r->buf);
	free(r->chunk);
	r->buf = r->chunk = NULL;
	r->cap = 0;
}

/* Makes room for need bytes and a terminating NUL in the line buffer. */
static int reserve(struct lines *r, size_t need)
{
	size_t cap = r->cap ? r->cap : 256;
	char *b;

	if (need < r->cap)
		return 0;
	while (cap <= need)
		cap *= 2;
	b = realloc(r->buf, cap);
	if (!b)
		return -1;
	r->buf = b;
	r->cap = cap;
	return 0;
}

enum lines_status lines_next(struct lines *r, char **line, size_t *len)
{
	size_t have = 0;

	if (!r->chunk && !(r->chunk = malloc(CHUNK))) {
		r->err = ENOMEM;
		return LINES_ERROR;
	}
	r->lineno++;
	for (;;) {
		const char *from, *nl, *nul;
		size_t seg;

		if (r->at == r->end) {
			if (r->eof)
				break;
			if (fill(r) < 0)
				return LINES_ERROR;
			if (r->at == r->end)
				continue;
		}
		from = r->chunk + r->at;
		nl = memchr(from, '\n', r->end - r->at);
		seg = nl ? (size_t)(nl - from) : r->end - r->at;
		nul = memchr(from, '\0', seg);
		if (nul)
			return LINES_NUL;
		if (have + seg > r->max)
			return LINES_TOO_LONG;
		if (reserve(r, have + seg) < 0) {
			r->err = ENOMEM;
			return LINES_ERROR;
		}
		memcpy(r->buf + have, from, seg);
		have += seg;
		r->at += seg;
		if (nl) {
			r->at++;
			r->buf[have] = '\0';
			*line = r->buf;
			*len = have;
			return LINES_OK;
		}
	}
	/* The end of the file: a last line without its newline still counts. */
	if (have == 0) {
		r->lineno--;
		return LINES_END;
	}
	r->buf[have] = '\0';
	*line = r->buf;
	*len = have;
	return LINES_OK;
}

enum lines_status lines_piece(struct lines *r, const char **piece, size_t *len,
                              bool *more)
{
	const char *from, *nl;
	size_t seg;
	bool fresh = !r->midline;

	if (!r->chunk && !(r->chunk = malloc(CHUNK))) {
		r->err = ENOMEM;
		return LINES_ERROR;
	}
	if (fresh) {
		r->lineno++;
		r->midline = 1;
		r->have = 0;
	}
	while (r->at == r->end && !r->eof)
		if (fill(r) < 0)
			return LINES_ERROR;
	if (r->at == r->end) {
		/* The end of the file ends the last line, if one was begun. */
		r->midline = 0;
		if (fresh) {
			r->lineno--;
			return LINES_END;
		}
		*piece = r->chunk + r->at;
		*len = 0;
		*more = false;
		return LINES_OK;
	}
	from = r->chunk + r->at;
	nl = memchr(from, '\n', r->end - r->at);
	seg = nl ? (size_t)(nl - from) : r->end - r->at;
	if (memchr(from, '\0', seg))
		return LINES_NUL;
	if (r->have + seg > r->max)
		return LINES_TOO_LONG;
	r->have += seg;
	r->at += seg + (nl != NULL);
	*piece = from;
	*len = seg;
	*more = nl == NULL;
	r->midline = nl == NULL;
	return LINES_OK;
}

const char *lines_why(const struct lines *r, enum lines_status st, char *buf, size_t len)
{
	switch (st) {
	case LINES_NUL:
		return "a NUL byte: not a text file";
	case LINES_TOO_LONG:
		snprintf(buf, len, "longer than %zu bytes", r->max);
		return buf;
	case LINES_ERROR:
		snprintf(buf, len, "cannot read: %s", strerror(r->err));
		return buf;
	default:
		return "";
	}
}
