/* The terminal's life: set-up, tear-down, signals, and the one main loop. */
#ifndef NQ_TERMINAL_H
#define NQ_TERMINAL_H

#include <stdbool.h>
#include <stddef.h>

struct input_event;

/* What the main loop calls; ctx is the caller's. */
struct term_handlers {
	void (*draw)(void *ctx);                                /* paint stdscr */
	void (*event)(void *ctx, const struct input_event *ev); /* a key or click */
	void (*wake)(void *ctx);     /* background work posted with term_post */
	long (*timer_ms)(void *ctx); /* ms until tick is due, -1 for never */
	void (*tick)(void *ctx);
};

/*
 * Takes over the terminal: checks that stdin and stdout are terminals and
 * TERM is known (else -1 with a one-line reason in err, the terminal
 * untouched), installs the signal handlers, starts curses, colours, input
 * and the mouse.  The terminal is given back by term_close, at exit, and on
 * a fatal signal.
 */
int term_open(bool no_color, bool ascii, char *err, size_t errlen);
void term_close(void);

/* Runs the loop until term_quit or a signal that ends the program. */
void term_run(const struct term_handlers *h, void *ctx);
void term_quit(void);

/* The signal that ended the loop (SIGINT, SIGTERM, SIGHUP, SIGQUIT), or 0. */
int term_quit_signal(void);

/*
 * Ends the program of sig as its default action does (a core for SIGQUIT
 * where the limits allow one); for after term_close.  Returns only if the
 * signal does not end the program.
 */
void term_reraise(int sig);

/* Asks for a redraw at the next turn of the loop. */
void term_dirty(void);

/* Wakes the loop from another thread; it then calls the wake handler. */
void term_post(void);

/* Stops the program as Ctrl-Z does in a shell, and takes over again after. */
void term_suspend(void);

/* Puts text on the terminal's clipboard (OSC 52), where the terminal allows it. */
void term_clipboard(const char *text);

/* A line printed on standard output when the screen is given back. */
void term_farewell(const char *line);

/* Milliseconds of a monotonic clock, for timers and stopwatches. */
long long term_now_ms(void);

/* The same, less the time the program spent stopped: the clock of games. */
long long term_game_ms(void);

#endif
