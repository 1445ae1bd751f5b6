/* The help overlay: every key of the current screen, in a box. */
#ifndef NQ_HELP_H
#define NQ_HELP_H

#include <stddef.h>

struct help_entry {
	const char *keys; /* as typed: "Left h", "Ctrl-R U" */
	const char *what;
};

/* Draws the keys over the screen, centred; a longer list than fits is cut. */
void help_draw(const char *title, const struct help_entry *e, size_t count);

/* Draws the "terminal too small" screen. */
void help_draw_too_small(int need_lines, int need_cols);

/*
 * Draws a screen's key line on the last row: as many of the hints as fit,
 * in order, then tail (the way to the help and out), which always shows.
 */
void help_keys(const char *const hints[], size_t count, const char *tail);

/* Draws text on one line from x, cut at the right edge of the screen. */
void help_put(int y, int x, int attr, const char *text);

/*
 * Writes head and then text from (*y, x), wrapped between words within
 * width columns and indented under the text, and moves *y down; stops after
 * line last.  A word longer than a line is broken where the line ends.
 */
void help_wrap_head(int *y, int last, int x, int width, int attr, const char *head,
                    const char *text);

/*
 * Draws a message at the foot of the screen, just above the key line, on as
 * many lines as it takes wrapped, up to max_lines (the last is cut).
 */
void help_message(const char *text, int attr, int max_lines);

/*
 * Formats one line of a panel at (*y, x), cut to width columns (whole
 * characters only), and moves *y down.
 */
void help_line(int *y, int x, int width, int attr, const char *fmt, ...)
        __attribute__((format(printf, 5, 6)));

/*
 * Formats a panel's paragraph at (*y, x), wrapped between words within width
 * columns, the lines after the first indented by indent, and moves *y down
 * past it.  A word longer than a line is split.
 */
void help_wrap(int *y, int x, int width, int indent, int attr, const char *fmt, ...)
        __attribute__((format(printf, 6, 7)));

/* How many lines help_wrap takes for text. */
int help_wrap_height(int width, int indent, const char *text);

#endif
