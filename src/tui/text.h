/* Text on the screen: display width, cutting, wrapping at words, panel and key lines. */
#ifndef NQ_TEXT_H
#define NQ_TEXT_H

#include <stddef.h>

#include "tui/layout.h"

/*
 * The screen columns text takes, by wcwidth in the locale's character set:
 * the whole string, or its first len bytes.
 */
int text_width(const char *s);
int text_width_n(const char *s, size_t len);

/*
 * Cuts s in place to whole characters within cols columns, ending it with
 * "..." when something was cut.
 */
void text_cut(char *s, int cols);

/* text padded with blanks to width columns, into buf; returns buf. */
const char *text_pad(char *buf, size_t len, const char *text, int width);

/*
 * How many bytes of text go on a line of room columns: the longest run of
 * whole words that fits, else as much of a word too long for any line as
 * fits (one character at least, so that wrapping always moves on).
 */
size_t text_wrap_cut(const char *text, int room);

/* How many lines text_wrap takes for text. */
int text_wrap_height(int width, int indent, const char *text);

/* Draws text from (y, x), cut to whole characters within room columns. */
void text_put_in(int y, int x, int room, int attr, const char *text);

/* Draws text on one line from x, cut at the right edge of the screen. */
void text_put(int y, int x, int attr, const char *text);

/*
 * Formats one line of a panel at (*y, x), cut to width columns (whole
 * characters only), and moves *y down.
 */
void text_line(int *y, int x, int width, int attr, const char *fmt, ...)
        __attribute__((format(printf, 5, 6)));

/*
 * Formats a panel's paragraph at (*y, x), wrapped between words within width
 * columns, the lines after the first indented by indent, and moves *y down
 * past it.  A word longer than a line is split.
 */
void text_wrap(int *y, int x, int width, int indent, int attr, const char *fmt, ...)
        __attribute__((format(printf, 6, 7)));

/*
 * Writes head and then text from (*y, x), wrapped between words within
 * width columns and indented under the text, and moves *y down; stops after
 * line last.
 */
void text_wrap_head(int *y, int last, int x, int width, int attr, const char *head,
                    const char *text);

/*
 * Draws a message at the foot of the rectangle, just above its key line, on
 * as many lines as it takes wrapped, up to max_lines (the last is cut).
 */
void text_message(struct layout_rect r, const char *text, int attr, int max_lines);

/* Draws a frame round the rectangle's edge, in line-drawing characters (ASCII: +-|). */
void text_frame(struct layout_rect r, int attr);

/*
 * Draws a screen's key line on the rectangle's last row: as many of the
 * hints as fit, in order, then tail (the way to the help and out), which
 * always shows.
 */
void text_keys(struct layout_rect r, const char *const hints[], size_t count,
               const char *tail);

#endif
