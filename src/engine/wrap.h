/* Text broken between words into lines of a width, for the command line and the sheets.
 */
#ifndef NQ_WRAP_H
#define NQ_WRAP_H

#include <stddef.h>

/* The columns the first len bytes of s take: one a character (UTF-8), no wide ones. */
size_t wrap_columns(const char *s, size_t len);

/*
 * The bytes of text's first line when it is broken between words at width
 * columns: all of it when it fits, else up to the last blank that fits,
 * else (one word longer than the line) whole characters up to the edge,
 * one at least, so that wrapping always moves on.  The blanks after the
 * cut are the caller's to skip.
 */
size_t wrap_cut(const char *text, size_t width);

#endif
