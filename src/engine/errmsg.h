/* Messages written into a caller's buffer: one-line errors, and text made in pieces. */
#ifndef NQ_ERRMSG_H
#define NQ_ERRMSG_H

#include <stddef.h>

/* Formats into err as snprintf does; does nothing when err is NULL. */
void errmsg_set(char *err, size_t errlen, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

/*
 * Appends to buf at *at as snprintf would, and adds to *at the whole length
 * wanted, so that a message made in pieces knows when it was cut.
 */
void errmsg_add(char *buf, size_t len, size_t *at, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));

#endif
