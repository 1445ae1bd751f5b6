/* Files a user owns: read whole, written atomically, never over a file not read. */
#ifndef NQ_FILEIO_H
#define NQ_FILEIO_H

#include <stddef.h>

/*
 * The whole of a file, NUL-terminated, its length in *len, in memory to
 * free().  NULL when there is none (*why NULL) or it cannot be read (*why
 * says why: no permission, a directory, not a regular file, ...).  Never
 * waits on a FIFO.
 */
char *fileio_read(const char *path, size_t *len, const char **why);

/*
 * The whole of a text file the program only reads (a puzzle, a lesson),
 * NUL-terminated, its length in *len, in memory to free(); unlike
 * fileio_read it reads a pipe too.  NULL with the reason in *err_no: errno
 * of the failed call, or EFBIG when it holds more than max bytes.
 */
char *fileio_slurp(const char *path, size_t max, size_t *len, int *err_no);

/* The line (from 1) of the first NUL byte of text[0..len), or 0 when none. */
int fileio_nul_line(const char *text, size_t len);

/*
 * fileio_slurp for a text file a person wrote: NULL with one line in err
 * ("PATH: why", "PATH: too large for WHAT", "PATH:LINE: a NUL byte: not a
 * text file") when it cannot be read whole, is larger than max, or is not
 * text.
 */
char *fileio_load_text(const char *path, size_t max, const char *what, char *err,
                       size_t errlen);

/*
 * The file a save goes to: path itself, or the file a symbolic link at path
 * leads to, so that a link is written through and stays a link.  Returns a
 * string to free, or NULL with the reason in err and errno ENOENT when the
 * link leads nowhere.
 */
char *fileio_target(const char *path, char *err, size_t errlen);

/*
 * Removes what killed saves left beside target: files named
 * NAME.tmp.XXXXXX that no running save holds locked.
 */
void fileio_remove_stale(const char *target);

/* Creates dir and its parents, private to the user as XDG asks. */
int fileio_make_dirs(const char *dir, char *err, size_t errlen);

/*
 * Replaces target with len bytes of text atomically: a temporary file in
 * its directory (locked, so that a start meanwhile leaves it alone), flushed
 * to disk, then renamed over it.  Returns 0, or -1 with the reason in err
 * and target as it was.
 */
int fileio_replace(const char *target, const char *text, size_t len, char *err,
                   size_t errlen);

/*
 * Saves text to path as a user's file: dir made if it is missing, a
 * symbolic link written through, the file replaced atomically.  Returns 0,
 * or -1 with the reason in err and the file as it was.
 */
int fileio_save(const char *dir, const char *path, const char *text, size_t len,
                char *err, size_t errlen);

/* Writes all of len bytes, going on after a short write; 0, or -1 with errno. */
int fileio_write_all(int fd, const char *text, size_t len);

/*
 * Gives the file from a second name that replaces nothing: STEM EXT, else
 * STEM-2 EXT, STEM-3 EXT, ..., the first that is free (link() never
 * replaces a file).  Sets path to the name; returns 0, or -1 with errno.
 */
int fileio_link_free(const char *from, const char *stem, const char *ext, char *path,
                     size_t pathlen);

#endif
