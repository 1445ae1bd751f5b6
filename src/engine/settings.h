/* The settings a user writes once: the config file, parsed, kept line by line, saved. */
#ifndef NQ_SETTINGS_H
#define NQ_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The file is plain text, one setting a line:
 *
 *     # how the board looks: calm, wood, night or contrast
 *     theme = night
 *     bell = off          # no bell on a solved board
 *
 * A # starts a comment to the end of the line; blank lines and blanks
 * around the key, the = and the value do not count.  The settings:
 *
 *     theme       calm, wood, night or contrast (enum settings_theme)
 *     bell        on or off: whether a solved board rings the bell (default on)
 *     background  theme (the theme paints the window, the default) or
 *                 terminal (the terminal's own background is kept)
 *     code        pseudocode, python, c or java: the listing Watch shows
 *                 (enum settings_code; default pseudocode)
 *     assist      none, some or all: what Play tells beyond the rules
 *                 (enum settings_assist; default some for a puzzle, all
 *                 for a free game)
 *
 * A setting given twice takes its last value.  Any other line (no =, an
 * unknown setting, a value not allowed, a NUL byte) is a bad line: it is
 * ignored, kept as it is, and reported.  A byte-order mark before the first
 * line (as Notepad writes) is kept, and does not count.
 */

/* A larger file is not a config file a person wrote: refused before it is read. */
#define SETTINGS_MAX_BYTES 65536

/* The file inside the directory. */
#define SETTINGS_FILE "config"

/* The colour themes of the board, in the order a key cycles through them. */
enum settings_theme {
	SETTINGS_THEME_CALM,
	SETTINGS_THEME_WOOD,
	SETTINGS_THEME_NIGHT,
	SETTINGS_THEME_CONTRAST,
	SETTINGS_THEMES
};

/* The settings there are, as the file names them: theme, bell, background, code. */
enum settings_key {
	SETTINGS_KEY_THEME,
	SETTINGS_KEY_BELL,
	SETTINGS_KEY_BACKGROUND,
	SETTINGS_KEY_CODE,
	SETTINGS_KEY_ASSIST,
	SETTINGS_KEYS
};

/* The listings Watch shows, in the order its key cycles through them. */
enum settings_code {
	SETTINGS_CODE_PSEUDOCODE,
	SETTINGS_CODE_PYTHON,
	SETTINGS_CODE_C,
	SETTINGS_CODE_JAVA,
	SETTINGS_CODES
};

/* A listing's name as the file writes it ("python"). */
const char *settings_code_name(enum settings_code c);

/* The window's background: the theme's own, or the terminal's. */
enum settings_background { SETTINGS_BACKGROUND_THEME, SETTINGS_BACKGROUND_TERMINAL };

/* A theme's name ("calm"), and the theme of a name (-1 when none is). */
const char *settings_theme_name(enum settings_theme t);
int settings_theme_from_name(const char *name);

/* The names of the themes for a message: "calm, wood, night or contrast". */
const char *settings_theme_names(void);

/* One line of the file as it was read (without its newline), or as set. */
struct settings_line {
	char *text;
	size_t len;
	char end; /* what ends it when written: a CR where a CR alone ended it, else LF */
};

struct settings {
	char *path, *dir; /* the file and its directory; NULL: kept in memory only */
	char *base; /* at the default place: the XDG directory or HOME it is under */
	char refusal[1024]; /* why settings_save must not write the file; "" if it may */
	struct settings_line *linev;
	size_t nlines, caplines;
	/* Each setting's value (the index of its word: enum settings_theme, the
	 * bell 0 off and 1 on, enum settings_background, enum settings_code), or
	 * -1 when not set. */
	int value[SETTINGS_KEYS];
	/* The line that set each, or -1, so that a new value replaces it there. */
	long line[SETTINGS_KEYS];
	/* What settings_set gave each in this session, or -1: a save writes
	 * them over the file's values, and keeps the rest. */
	int set[SETTINGS_KEYS];
};

/*
 * Where the file lives: $XDG_CONFIG_HOME/nqueens/config when XDG_CONFIG_HOME
 * is an absolute path, else $HOME/.config/nqueens/config.  Returns 0, or -1
 * with the reason in err when neither is set or the path is too long.
 */
int settings_default_path(char *buf, size_t len, char *err, size_t errlen);

/*
 * Empty settings kept in path (NULL: settings_default_path; when that fails
 * too, in memory only, with the reason in refusal).  Nothing is read yet.
 * Returns 0, or -1 when out of memory.
 */
int settings_init(struct settings *s, const char *path);
void settings_free(struct settings *s);

/*
 * Replaces the settings with those of text (len bytes, the whole file).
 * Returns how many lines are bad; the first is told in err, "NAME:LINE:
 * what is wrong; ignored", with "(and K more bad lines)" after it when
 * there are others.  name is the file named in messages.  -1 when out of
 * memory.
 *
 * Every line is kept as it was, so that settings_format gives back the text
 * read (with a newline after the last line, if it had none): a user's
 * comments, order and bad lines survive a save.
 */
int settings_parse(struct settings *s, const char *text, size_t len, const char *name,
                   char *err, size_t errlen);

/* The text of the file, NUL-terminated, its length in *len, to free(); NULL
 * when out of memory. */
char *settings_format(const struct settings *s, size_t *len);

/*
 * Whether text could be a config file: empty, or at least one of its lines
 * is blank, a comment or of the form "word = ..." (a setting, known or
 * not).  A file that has none (a link to /etc/passwd, a binary file) is not
 * one, and is never written.
 */
bool settings_is_config(const char *text, size_t len);

/*
 * Sets a setting: the line that set it before gets the new value (and keeps
 * its comment), else a line "key = value" is added at the end.  Returns 0,
 * or -1 with the reason in err for an unknown key or a value not allowed.
 */
int settings_set(struct settings *s, const char *key, const char *value, char *err,
                 size_t errlen);

/* The theme set (enum settings_theme), or -1; whether the bell rings (on by default). */
int settings_theme(const struct settings *s);
bool settings_bell(const struct settings *s);

/* The listing Watch shows (enum settings_code), or -1 when not set. */
int settings_code(const struct settings *s);

/*
 * Play's assists: none (conflicts only), some (the attacked squares' dots and
 * t's hints), all (the verdict "Solvable" and the completions too).
 */
enum settings_assist {
	SETTINGS_ASSIST_NONE,
	SETTINGS_ASSIST_SOME,
	SETTINGS_ASSIST_ALL,
	SETTINGS_ASSISTS
};

/* The assists set (enum settings_assist), or -1 when not set; their names. */
int settings_assist(const struct settings *s);
const char *settings_assist_name(enum settings_assist a);
int settings_assist_from_name(const char *name);

/* The background (enum settings_background): the theme's unless set. */
int settings_background(const struct settings *s);

/*
 * Reads the file.  Returns 0 when it was read whole or does not exist, the
 * number of bad lines (reported in err as settings_parse does, with the
 * file's path) when some were ignored.  Temporary files a killed save left
 * are removed first.  A file that is not the user's to write gives -1 with
 * the reason in err, naming the path: one that exists but cannot be read
 * (no permission, a directory, a FIFO, larger than 64 KiB, a link that
 * leads nowhere), one that belongs to another user (or is reached through
 * another user's link, fileio_check_owner), or one that is not a config
 * file (settings_is_config).  It is left as it is and settings_save refuses
 * to write over it for as long as s lives; another user's config file is
 * still read.  Either way s is usable.  A file with no bad line but other
 * names (hard links) gives 1 and fileio_other_names' notice: a save makes
 * it a file of its own.
 */
int settings_load(struct settings *s, char *err, size_t errlen);

/*
 * Saves the settings set in this session into the file as it is now: under
 * a lock on the file (fileio_update_*), it is read again, the values
 * settings_set gave are put in it as settings_set does (a line added by
 * hand meanwhile stays), and it is written atomically (a temporary file
 * renamed over it, with the file's mode), creating its directory; through a
 * symbolic link, to what it leads to.  s then holds what was written.
 * Returns 0, or -1 with the reason in err and the file as it was: always so
 * after a load that refused the file, for settings kept in memory only,
 * and when the file is now not the user's or not a config file.
 */
int settings_save(struct settings *s, char *err, size_t errlen);

#endif
