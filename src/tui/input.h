/* Keyboard and mouse input: terminal bytes in, plain events out (wraps libtermkey). */
#ifndef NQUEENS_INPUT_H
#define NQUEENS_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* INPUT_FOCUS: the terminal gained or lost the focus (xterm's mode 1004, CSI I and O). */
enum input_kind { INPUT_NONE, INPUT_KEY, INPUT_MOUSE, INPUT_FOCUS };

/* For INPUT_KEY: a named key, or INPUT_KEY_CHAR with a code point. */
enum input_key {
	INPUT_KEY_CHAR,
	INPUT_KEY_UP,
	INPUT_KEY_DOWN,
	INPUT_KEY_LEFT,
	INPUT_KEY_RIGHT,
	INPUT_KEY_ENTER,
	INPUT_KEY_ESCAPE,
	INPUT_KEY_TAB,
	INPUT_KEY_BACKSPACE,
	INPUT_KEY_PAGEUP,
	INPUT_KEY_PAGEDOWN,
	INPUT_KEY_HOME,
	INPUT_KEY_END,
	INPUT_KEY_INSERT,
	INPUT_KEY_DELETE,
	INPUT_KEY_F1, /* F2 to F12 follow: INPUT_KEY_F1 + 11 is F12 */
	INPUT_KEY_F12 = INPUT_KEY_F1 + 11,
};

enum input_button {
	INPUT_BUTTON_LEFT,
	INPUT_BUTTON_MIDDLE,
	INPUT_BUTTON_RIGHT,
	INPUT_WHEEL_UP,
	INPUT_WHEEL_DOWN,
	INPUT_BUTTON_NONE, /* a legacy (X10) release, which does not say which */
};

enum input_mouse_action { INPUT_PRESS, INPUT_DRAG, INPUT_RELEASE };

#define INPUT_MOD_SHIFT 1
#define INPUT_MOD_ALT 2
#define INPUT_MOD_CTRL 4

/*
 * One key press or mouse event, with no libtermkey types in it. Ctrl-letter
 * is INPUT_KEY_CHAR with the lowercase letter and INPUT_MOD_CTRL; Space is
 * INPUT_KEY_CHAR ' '; Enter covers \r, \n and keypad Enter; Backspace covers
 * ^H and DEL. A wheel step is a press of INPUT_WHEEL_UP or INPUT_WHEEL_DOWN.
 */
struct input_event {
	enum input_kind kind;
	enum input_key key; /* INPUT_KEY */
	uint32_t codepoint; /* INPUT_KEY_CHAR */
	int mods;           /* INPUT_MOD_* for keys and mouse */
	enum input_button button;
	enum input_mouse_action action;
	int line, col; /* INPUT_MOUSE: 0-based screen cell */
	bool focused;  /* INPUT_FOCUS: gained (true) or lost */
};

struct input;

/*
 * Reads keys from fd, a terminal whose modes curses owns. libtermkey takes
 * the terminal type only from $TERM, so term must be NULL or equal to it
 * (EINVAL otherwise). Multibyte keys are decoded if the locale's codeset is
 * UTF-8: call setlocale() first. Returns NULL with errno on failure.
 */
struct input *input_new(int fd, const char *term);
/* The same decoder with no terminal behind it: bytes come from input_push_bytes(). */
struct input *input_new_abstract(const char *term);
void input_free(struct input *in);

/* Feeds bytes to an abstract instance; returns how many fitted in its buffer. */
size_t input_push_bytes(struct input *in, const char *bytes, size_t len);

int input_fd(const struct input *in);
/* Around a suspend (Ctrl-Z); input_start returns 0, or -1 with errno. */
void input_stop(struct input *in);
int input_start(struct input *in);

/*
 * To call when the fd is readable. Returns 0, or -1 once the terminal is gone
 * (errno 0 for end of file, else the read error): take what input_next()
 * still has, then stop waiting on the fd, which now stays readable.
 */
int input_readable(struct input *in);

/* Returns 1 and the next complete event, or 0 (and INPUT_NONE) when none is ready. */
int input_next(struct input *in, struct input_event *ev);

/*
 * Milliseconds to wait before input_force(), or -1 when nothing is pending.
 * A lone Escape looks like the start of a longer key until this time is over.
 * It is 0 while bytes are buffered that input_next() has not looked at yet.
 */
int input_wait_ms(const struct input *in);

/*
 * Once input_wait_ms() has passed with no more bytes, returns 1 and the
 * pending bytes as a key (a lone Escape). Returns 0 if nothing is pending or
 * the wait is not over, so it is harmless to call early. Call input_next()
 * afterwards as usual: bytes after the forced key may hold more.
 */
int input_force(struct input *in, struct input_event *ev);

/* Turns mouse reports (normal tracking, SGR encoding) on or off. */
void input_mouse_enable(FILE *out, bool on);

/*
 * A human name for ev in buf: "Ctrl-R", "Up", "PgDn", "q", "Space", "F5",
 * "click 4,9" (the event's 0-based line,col). Returns buf.
 */
const char *input_describe(const struct input_event *ev, char *buf, size_t len);

#endif
