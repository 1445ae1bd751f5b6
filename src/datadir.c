/* Where the data files are: $NQUEENS_DATADIR, the installed copy, the source tree. */
#include "config.h"

#include "datadir.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

const char *datadir_find(const char *name, char *buf, size_t len)
{
	const char *env = getenv("NQUEENS_DATADIR");
	const char *dirs[] = {PKGDATADIR, SRCDATADIR};

	if (env && *env) {
		/* An explicit choice is not second-guessed. */
		snprintf(buf, len, "%s/%s", env, name);
		return access(buf, F_OK) == 0 ? buf : NULL;
	}
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		snprintf(buf, len, "%s/%s", dirs[i], name);
		if (access(buf, F_OK) == 0)
			return buf;
	}
	snprintf(buf, len, "%s/%s", dirs[0], name);
	return NULL;
}
