/* Messages written into a caller's buffer: one-line errors, and text made in pieces. */
#include "config.h"

#include "engine/errmsg.h"

#include <stdarg.h>
#include <stdio.h>

void errmsg_set(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || errlen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

void errmsg_add(char *buf, size_t len, size_t *at, const char *fmt, ...)
{
	va_list ap;
	int k;

	va_start(ap, fmt);
	k = vsnprintf(*at < len ? buf + *at : NULL, *at < len ? len - *at : 0, fmt, ap);
	va_end(ap);
	if (k > 0)
		*at += (size_t)k;
}
