/* Where the data files are: $NQUEENS_DATADIR, the installed copy, the source tree. */
#ifndef NQ_DATADIR_H
#define NQ_DATADIR_H

#include <stddef.h>

/*
 * Writes to buf the path of the data file or directory name (such as
 * "prefix-counts.tsv" or "puzzles"): under $NQUEENS_DATADIR when that is set,
 * else the first of the installed data directory and the source tree's data/
 * (for a build run before make install) that has it.  Returns buf, or NULL
 * when it is nowhere (buf then holds the first place looked at).
 */
const char *datadir_find(const char *name, char *buf, size_t len);

#endif
