/* One-line error messages written into a caller's buffer. */
#ifndef NQ_ERRMSG_H
#define NQ_ERRMSG_H

#include <stddef.h>

/* Formats into err as snprintf does; does nothing when err is NULL. */
void errmsg_set(char *err, size_t errlen, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

#endif
