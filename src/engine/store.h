/* Saved progress and settings, exports to new files, and a solution's class number. */
#ifndef NQ_STORE_H
#define NQ_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Board sizes progress is kept for: those solutions are ranked for. */
#define STORE_MAX_N 32

/* Longest puzzle name, setting key or setting value, in bytes. */
#define STORE_TEXT_MAX 255

/* The first line of the file; a later format would change the number. */
#define STORE_MAGIC "nqueens progress 1"

/* The file inside the directory, and what a damaged one is renamed to. */
#define STORE_FILE "progress"
#define STORE_DAMAGED_SUFFIX ".damaged"

/* A larger file is not a progress file: it is refused before it is read. */
#define STORE_MAX_BYTES ((size_t)64 << 20)

/* A sorted set of 1-based indices. */
struct store_set {
	uint64_t *v;
	size_t len, cap;
};

struct store_best {
	char *puzzle; /* the puzzle's file name */
	uint64_t ms;
};

struct store_setting {
	char *key, *value;
	bool changed; /* set in this session: a save keeps it over the file's */
};

/* What one player has done, as loaded from and saved to one file. */
struct store {
	char *dir, *path;
	char *base; /* at the default place: the XDG directory or HOME it is under */
	char refusal[1024]; /* why store_save must not write the file; "" if it may */
	struct store_set solutions[STORE_MAX_N + 1]; /* by n: solution #k found */
	struct store_set classes[STORE_MAX_N + 1];   /* by n: class #k found */
	struct store_best *best;                     /* in order of the puzzle's name */
	size_t nbest, capbest;
	struct store_setting *settings; /* in order of the key */
	size_t nsettings, capsettings;
};

enum store_kind { STORE_SOLUTIONS, STORE_CLASSES };

/*
 * The directory progress lives in: $XDG_DATA_HOME/nqueens when XDG_DATA_HOME
 * is an absolute path, else $HOME/.local/share/nqueens.  Returns 0, or -1
 * with the reason in err when neither is set or the path is too long.
 */
int store_default_dir(char *buf, size_t len, char *err, size_t errlen);

/*
 * An empty store kept in dir (NULL: store_default_dir).  Nothing is read or
 * created yet.  Returns 0, or -1 with the reason in err.
 */
int store_init(struct store *st, const char *dir, char *err, size_t errlen);
void store_free(struct store *st);

/* Forgets all progress and settings, as after a fresh start. */
void store_clear(struct store *st);

/*
 * Reads the file.  Returns 0 when it was read or does not exist yet.
 * Temporary files that killed saves left beside it (NAME.tmp.XXXXXX that no
 * running save holds locked) are removed first.
 *
 * A progress file (its first line says so) with a line that cannot be
 * parsed keeps its content under a new name, the first free one of
 * NAME.damaged, NAME.damaged-2, ... (none is ever replaced), and NAME is
 * written afresh, empty; 1 is returned with "NAME:LINE: what is wrong (set
 * aside as COPY)" in err.  A file with numbers past the last of their n is
 * set aside the same way and written again without them; 1 is returned with
 * "NAME:LINE: ...; dropped (the file as it was is set aside as COPY)".  When
 * NAME is a symbolic link, the file it leads to is set aside beside it and
 * the link is kept.  A leading byte-order mark is no fault.  A file with
 * other names (hard links) gives 1 and fileio_other_names' notice: a save
 * makes it a file of its own.
 *
 * A file that is not the user's to write gives -1 and the reason, naming
 * the path: one that belongs to another user (or a link of another user's,
 * or one that leads to another user's file; fileio_check_owner), or one that
 * is not a progress file at all (its first line is not the format's).  So
 * do a file that exists but cannot be read (no permission, a directory, a
 * FIFO, larger than STORE_MAX_BYTES, ...), a link that leads nowhere, and a
 * damaged file that cannot be set aside.  Such a file is left as it is,
 * never moved, and store_save refuses to write over it for as long as st
 * lives (st->refusal says why); another user's progress file is still read.
 *
 * Either way the store is then usable: progress is never worth stopping
 * the game for.
 */
int store_load(struct store *st, char *err, size_t errlen);

/*
 * The text level under store_load and store_save, with no file: one parser
 * and one writer, so that what is saved is read back the same.
 *
 * store_parse replaces st's progress and settings with those in text, the
 * whole content of a progress file (len bytes; a NUL byte is an error).
 * Repeated indices count once and may come in any order.  name is the file
 * named in messages.  Returns 0 when all of it was taken.  Returns 1 when
 * solution or class numbers past the last of their n (known_counts(), so
 * n <= KNOWN_MAX_N) were dropped and the rest kept, with "NAME:LINE:
 * solution 300 of n = 8 is past the last, 92; dropped" (the first of them)
 * in err.  Returns -1 with "NAME:LINE: what is wrong" in err when the text
 * is not a progress file; st is then empty.
 *
 * store_format returns the text store_save writes for st, NUL-terminated,
 * its length in *len, in memory to free(); NULL when out of memory.  The
 * same progress always gives the same text, so for any text that parses,
 * format(parse(format(parse(text)))) equals format(parse(text)).
 */
int store_parse(struct store *st, const char *text, size_t len, const char *name,
                char *err, size_t errlen);
char *store_format(const struct store *st, size_t *len);

/*
 * Whether text could be a progress file: empty, or its first line (after a
 * byte-order mark, blanks and a carriage return aside) is the format's.
 */
bool store_is_progress(const char *text, size_t len);

/*
 * Adds what other holds to st: the solutions and classes found (sets), the
 * best times (the least of the two), and the settings, other's value for
 * those st did not set in this session.  Returns 0, or -1 when out of
 * memory (st keeps what it had and some of other's).
 */
int store_merge(struct store *st, const struct store *other);

/*
 * Saves st, merged with what the file holds now: under a lock on the file
 * (so that another copy of the program saving at the same time waits), the
 * file is read again and st takes what it has that st lacks (store_merge:
 * what another copy found since st was loaded), then the whole is written
 * atomically: a temporary file in the same directory (locked, so that a
 * start meanwhile leaves it alone), with the file's mode, flushed to disk,
 * then renamed over the old one (fileio_update_*).  Creates the directory
 * and its parents.  A symbolic link is written through: what it leads to is
 * replaced the same way, in its own directory, and the link stays a link.
 * Returns 0, or -1 with the reason in err and the file as it was: always so
 * when store_load refused the file, and when the file is now another
 * user's, not a progress file, or damaged.
 */
int store_save(struct store *st, char *err, size_t errlen);

/*
 * Records solution or class #index (1-based) of n as found.  Returns 1 when
 * it is new, 0 when it was known, -1 for a bad n or index or no memory.
 */
int store_add(struct store *st, enum store_kind kind, int n, uint64_t index);
bool store_has(const struct store *st, enum store_kind kind, int n, uint64_t index);

/* How many solutions or classes of n have been found. */
size_t store_found(const struct store *st, enum store_kind kind, int n);

/*
 * Records a time for a puzzle (its file name: no blanks, at most
 * STORE_TEXT_MAX bytes).  Returns 1 when it is the best yet, 0 when not, -1
 * for a bad name or no memory.
 */
int store_record_time(struct store *st, const char *puzzle, uint64_t ms);

/* The best time for a puzzle; false when it was never solved. */
bool store_best_time(const struct store *st, const char *puzzle, uint64_t *ms);

/*
 * A solve made with assists (a hint, the verdict shown) is timed apart from
 * a clean one: its best time is kept under the puzzle's name followed by
 * STORE_ASSISTED, a best line like any other, so that files stay readable
 * both ways (a time of release 0.1.0's counts as clean).  store_record_best
 * and store_best are store_record_time and store_best_time for one kind;
 * the daily streak reads the clean ones only.
 */
#define STORE_ASSISTED "+assisted"
int store_record_best(struct store *st, const char *puzzle, bool clean, uint64_t ms);
bool store_best(const struct store *st, const char *puzzle, bool clean, uint64_t *ms);

/*
 * Settings are words ([a-z0-9_.-]) with one-line values.  NULL when unset.
 * store_set_setting returns 0, or -1 for a bad key or value or no memory.
 */
const char *store_setting(const struct store *st, const char *key);
int store_set_setting(struct store *st, const char *key, const char *value);

/*
 * Writes text to a new file in the current directory named STEM.txt, or
 * STEM-2.txt, STEM-3.txt, ... when that exists: never over a file, never half
 * written (a hidden temporary file, STORE_EXPORT_TMP followed by six
 * letters, gets the name once it is whole).  Sets path to the name used;
 * returns 0, or -1 with the reason in err.  Temporary files a killed export
 * left in the directory are removed first (store_export_cleanup).
 */
int store_export(const char *stem, const char *text, char *path, size_t pathlen,
                 char *err, size_t errlen);

/* The hidden name of an export's temporary file, before its six letters. */
#define STORE_EXPORT_TMP ".nqueens-export.tmp."

/*
 * Removes from the current directory the temporary files of exports that
 * were killed (STORE_EXPORT_TMP, or the visible nqueens-export.tmp. of
 * release 0.1.0, and six letters) that no running export holds locked.
 */
void store_export_cleanup(void);

/* The same with the extension ext (".svg") in place of .txt. */
int store_export_as(const char *stem, const char *ext, const char *text, char *path,
                    size_t pathlen, char *err, size_t errlen);

/*
 * store_export_as, with a sentence for the screen in said: "Written to NAME in
 * DIR." or "Not exported to DIR: why."  Returns as store_export.
 */
int store_export_told(const char *stem, const char *ext, const char *text, char *said,
                      size_t saidlen);

#endif
