/* Files a user owns: read whole, written atomically, never over a file not read. */
#ifndef NQ_FILEIO_H
#define NQ_FILEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

/*
 * The whole of a regular file of at most max bytes, NUL-terminated, its
 * length in *len, in memory to free().  NULL when there is none (why "") or
 * it cannot be read (why says why: no permission, a directory, "not a
 * regular file (a FIFO)", "larger than 64 KiB", ...).  Opened without
 * waiting (a FIFO or a device is refused, never waited on), and its size is
 * asked before anything is read.
 */
char *fileio_read(const char *path, size_t max, size_t *len, char *why, size_t whylen);

/*
 * The length of the line that starts text[0..len): a line ends at LF, CRLF
 * or a CR alone (as old Mac editors write), so that every file reads as the
 * lines its author saw.  *next is where the line after it starts (len after
 * the last).
 */
size_t fileio_line(const char *text, size_t len, size_t *next);

/* What a file is, by its mode, for a message: "a FIFO", "a directory", ... */
const char *fileio_kind(mode_t mode);

/* The line (from 1) of the first NUL byte of text[0..len), or 0 when none. */
int fileio_nul_line(const char *text, size_t len);

/* 3 when text begins with a UTF-8 byte-order mark (as Notepad writes), else 0. */
size_t fileio_bom(const char *text, size_t len);

/*
 * fileio_read for a text file a person wrote (a puzzle, a lesson): NULL with
 * one line in err ("PATH: why", "PATH: too large for WHAT (more than 1
 * MiB)", "PATH:LINE: a NUL byte: not a text file") when it cannot be read
 * whole, is larger than max, or is not text.  A byte-order mark before its
 * first line is left out.
 */
char *fileio_load_text(const char *path, size_t max, const char *what, char *err,
                       size_t errlen);

/*
 * fopen(path, "r") for a regular file only, opened without waiting on a
 * FIFO: NULL with the reason in why ("No such file or directory", "Is a
 * directory", "not a regular file (a FIFO)").
 */
FILE *fileio_open_regular(const char *path, char *why, size_t whylen);

/*
 * The file a save goes to: path itself, or the file a symbolic link at path
 * leads to, so that a link is written through and stays a link.  Returns a
 * string to free, or NULL with the reason in err and errno ENOENT when the
 * link leads nowhere.
 */
char *fileio_target(const char *path, char *err, size_t errlen);

/*
 * Whether the file is the user's own: path (a link, or the file) and the
 * target it leads to must belong to the user the program runs as, so that
 * one run by root with another user's HOME, or a link into another user's
 * file, never writes there.  0 when they are (or do not exist), else -1
 * with "PATH belongs to another user (uid N), not to you (uid M)" in err.
 */
int fileio_check_owner(const char *path, const char *target, char *err, size_t errlen);

/*
 * Removes what killed saves left in dir: files named PREFIX followed by six
 * letters (mkstemp's XXXXXX) that no running save holds locked.
 */
void fileio_remove_stale_in(const char *dir, const char *prefix);

/* The same beside target: NAME.tmp.XXXXXX. */
void fileio_remove_stale(const char *target);

/*
 * A new temporary file named PREFIX followed by six letters, locked for as
 * long as it stays open so that fileio_remove_stale_in leaves it alone.
 * Returns its descriptor, its name in tmp; -1 with the reason in err and
 * errno.
 */
int fileio_tmp(const char *prefix, char *tmp, size_t tmplen, char *err, size_t errlen);

/*
 * The directory a user's files live under by default: the XDG variable's
 * directory when it is set to an absolute path (the XDG rules ignore a
 * relative one), else HOME; NULL when neither is set.
 */
const char *fileio_base(const char *xdg_var);

/*
 * Whether the directories a user's file lives in may be written: base (the
 * XDG directory named, or HOME) and every directory from it down to dir
 * that exists must be the user's own (root's, for root: one run by root
 * with a user's HOME writes nothing there), not a symbolic link (base
 * itself may be reached through one), and writable by no one else (nor by
 * a group other than the user's own).  So that no other user can put a
 * link or a directory of theirs where the program writes.  A base that does
 * not exist yet is judged by the nearest directory that does, as the new
 * file's directory is (the user's, or sticky and writable by all, as
 * /tmp).  0, or -1 with "DIR is a symbolic link ...", "DIR belongs to
 * another user ...", "DIR is writable by others ..." in err.
 */
int fileio_check_tree(const char *base, const char *dir, char *err, size_t errlen);

/* Creates dir and its parents, private to the user as XDG asks. */
int fileio_make_dirs(const char *dir, char *err, size_t errlen);

/*
 * An update of a user's file by read, merge and write, with no other copy of
 * the program writing it in between: begin opens and locks the file (made
 * empty if there is none, so that there is something to lock), and reads
 * it; write replaces it; end unlocks.  A save elsewhere that renamed a new
 * file over the one locked is seen, and the new one locked instead.
 */
struct fileio_update {
	int fd;         /* the file, locked (flock) until end */
	bool made;      /* made empty by begin: there was no file */
	bool written;   /* write replaced it */
	char *target;   /* the file: path, or what a link at path leads to */
	struct stat sb; /* its mode, owner and links when begin locked it */
};

/*
 * Begins an update of path: follows a link, refuses a file that is not the
 * user's (fileio_check_owner) or not a regular file, waits for another
 * writer's lock for 5 seconds at most, and reads the file, refusing one
 * larger than max.  A file that does not exist yet is made, with its
 * directory and the directory's parents if need be, only where the nearest
 * directory that exists is the user's (or sticky and writable by all, as
 * /tmp).  With base (the directory the user's files are under, see
 * fileio_base), the directories from it down to path's are checked first,
 * and again once made (fileio_check_tree).  Returns 0 with the text in
 * *text (to free(); "" for a file just made), or -1 with the reason in err
 * and nothing changed.
 */
int fileio_update_begin(const char *path, const char *base, size_t max,
                        struct fileio_update *u, char **text, size_t *len, char *err,
                        size_t errlen);

/*
 * Replaces the file with len bytes of text: a temporary file in its
 * directory, given the file's mode and group, flushed to disk and renamed
 * over it.  Never written in place, so that a save that fails (a full disk)
 * leaves the old file whole: a file with other hard links becomes a file of
 * its own, the other names keeping the old one (fileio_other_names says so
 * first).  Returns 0, or -1 with the reason in err and the file as it was.
 */
int fileio_update_write(struct fileio_update *u, const char *text, size_t len, char *err,
                        size_t errlen);

/*
 * Keeps the file as it is under the first free name STEM, STEM-2, ...
 * (link() never replaces a file), stem being the target's path followed
 * by suffix.  Returns 0 with the name in aside, or -1 with errno.  The
 * write after it renames a new file in place, so that the copy keeps what
 * it holds.
 */
int fileio_update_aside(struct fileio_update *u, const char *suffix, char *aside,
                        size_t asidelen);

/*
 * Whether the regular file at path (or where a link at path leads) has other
 * names (hard links), with "PATH has N names (hard links): ..." in note,
 * what a save will do about them.
 */
bool fileio_other_names(const char *path, char *note, size_t notelen);

/* Ends the update: unlocks, and removes a file begin made that was never written. */
void fileio_update_end(struct fileio_update *u);

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
