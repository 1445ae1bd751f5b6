/* The terminal's life: set-up, tear-down, signals, and the one main loop. */
#include "config.h"

#include "terminal.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <term.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "input.h"
#include "theme.h"

static struct input *in;
static bool is_open, quitting, dirty = true;
static int wake_pipe[2] = {-1, -1};
static struct termios saved_tio;
static sigset_t orig_mask;

/* Written by the handlers, read by the loop. */
static volatile sig_atomic_t got_winch, got_quit, got_tstp, got_cont;

/* What a crash handler writes to give the terminal back: mouse off, cursor on. */
static char restore_seq[256];
static size_t restore_len;

static void on_signal(int sig)
{
	switch (sig) {
	case SIGWINCH:
		got_winch = 1;
		break;
	case SIGTSTP:
		got_tstp = 1;
		break;
	case SIGCONT:
		got_cont = 1;
		break;
	default:
		got_quit = sig;
		break;
	}
}

/* A crash: undo the modes with what is safe in a handler, then die of it. */
static void on_fatal(int sig)
{
	if (restore_len && write(STDOUT_FILENO, restore_seq, restore_len) < 0)
		restore_len = 0;
	tcsetattr(STDIN_FILENO, TCSANOW, &saved_tio);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void add_restore(const char *s)
{
	size_t len = s ? strlen(s) : 0;

	if (len && restore_len + len < sizeof restore_seq) {
		memcpy(restore_seq + restore_len, s, len);
		restore_len += len;
	}
}

long long term_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void install_handlers(void)
{
	static const int caught[] = {SIGWINCH, SIGINT,  SIGTERM, SIGHUP,
	                             SIGQUIT,  SIGTSTP, SIGCONT};
	static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
	struct sigaction sa;
	sigset_t block;

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_signal;
	sigemptyset(&block);
	for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++) {
		sigaction(caught[i], &sa, NULL);
		sigaddset(&block, caught[i]);
	}
	sa.sa_handler = on_fatal;
	sa.sa_flags = SA_RESETHAND;
	for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
		sigaction(fatal[i], &sa, NULL);
	/*
	 * Blocked everywhere (threads inherit it) but inside pselect, so the
	 * handlers only ever interrupt the wait.
	 */
	sigprocmask(SIG_BLOCK, &block, &orig_mask);
}

/* Reads the window size from the tty: KEY_RESIZE never comes through termkey. */
static void apply_size(void)
{
	struct winsize ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0)
		resizeterm(ws.ws_row, ws.ws_col);
	clear();
	dirty = true;
}

int term_open(bool no_color, bool ascii, char *err, size_t errlen)
{
	const char *term = getenv("TERM");
	int rc;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		snprintf(err, errlen,
		         "standard %s is not a terminal; the full-screen "
		         "program needs one (the commands count, list, solve, check, "
		         "puzzle and trace work without)",
		         isatty(STDIN_FILENO) ? "output" : "input");
		return -1;
	}
	if (!term || !*term) {
		snprintf(err, errlen,
		         "TERM is not set; set it to your terminal's type, "
		         "such as xterm-256color");
		return -1;
	}
	if (setupterm(term, STDOUT_FILENO, &rc) != OK) {
		snprintf(err, errlen,
		         "TERM=%s is not a terminal type this system knows "
		         "(see infocmp); try TERM=xterm-256color",
		         term);
		return -1;
	}
	/* An editor's shell or a log: lines go by, but nothing can be drawn. */
	if (tigetstr("cup") == NULL || tigetstr("cup") == (char *)-1) {
		snprintf(err, errlen,
		         "TERM=%s cannot move the cursor, which the full-screen "
		         "program needs; run it in a terminal such as xterm (the "
		         "commands count, list, solve, check, puzzle and trace work "
		         "anywhere)",
		         term);
		del_curterm(cur_term);
		return -1;
	}
	/* Asked of terminfo now: a crash handler cannot call into curses. */
	restore_len = 0;
	add_restore("\033[?1006l\033[?1000l");
	add_restore(tigetstr("sgr0") != (char *)-1 ? tigetstr("sgr0") : NULL);
	add_restore(tigetstr("cnorm") != (char *)-1 ? tigetstr("cnorm") : NULL);
	add_restore(tigetstr("rmcup") != (char *)-1 ? tigetstr("rmcup") : NULL);
	/* initscr sets up its own terminal: this one was only for the check. */
	del_curterm(cur_term);
	tcgetattr(STDIN_FILENO, &saved_tio);
	if (pipe(wake_pipe) < 0) {
		snprintf(err, errlen, "cannot make a pipe: %s", strerror(errno));
		return -1;
	}
	for (int i = 0; i < 2; i++) {
		fcntl(wake_pipe[i], F_SETFL, fcntl(wake_pipe[i], F_GETFL) | O_NONBLOCK);
		fcntl(wake_pipe[i], F_SETFD, FD_CLOEXEC);
	}
	install_handlers();
	in = input_new(STDIN_FILENO, term);
	if (!in) {
		snprintf(err, errlen, "cannot read the keyboard: %s", strerror(errno));
		sigprocmask(SIG_SETMASK, &orig_mask, NULL);
		for (int i = 0; i < 2; i++)
			close(wake_pipe[i]);
		return -1;
	}
	initscr();
	raw();
	noecho();
	nonl();
	curs_set(0);
	typeahead(-1);
	theme_init(no_color, ascii);
	input_mouse_enable(stdout, true);
	is_open = true;
	atexit(term_close);
	apply_size();
	return 0;
}

void term_close(void)
{
	if (!is_open)
		return;
	is_open = false;
	input_mouse_enable(stdout, false);
	input_free(in);
	in = NULL;
	curs_set(1);
	endwin();
	tcsetattr(STDIN_FILENO, TCSANOW, &saved_tio);
	sigprocmask(SIG_SETMASK, &orig_mask, NULL);
	for (int i = 0; i < 2; i++) {
		close(wake_pipe[i]);
		wake_pipe[i] = -1;
	}
}

void term_quit(void)
{
	quitting = true;
}

int term_quit_signal(void)
{
	return got_quit;
}

void term_dirty(void)
{
	dirty = true;
}

void term_post(void)
{
	/* A full pipe already holds a wake-up, so a failed write loses nothing. */
	if (write(wake_pipe[1], "", 1) < 0)
		return;
}

void term_suspend(void)
{
	input_mouse_enable(stdout, false);
	input_stop(in);
	endwin();
	tcsetattr(STDIN_FILENO, TCSANOW, &saved_tio);
	kill(getpid(), SIGSTOP);
	/* Here again after fg. */
	input_start(in);
	reset_prog_mode();
	input_mouse_enable(stdout, true);
	apply_size();
}

/* The time until the earlier of the screen's timer and input's Escape wait. */
static struct timespec *loop_timeout(const struct term_handlers *h, void *ctx,
                                     struct timespec *ts, long *input_wait)
{
	long ms = h->timer_ms ? h->timer_ms(ctx) : -1;

	*input_wait = input_wait_ms(in);
	if (*input_wait >= 0 && (ms < 0 || *input_wait < ms))
		ms = *input_wait;
	if (ms < 0)
		return NULL;
	ts->tv_sec = ms / 1000;
	ts->tv_nsec = (ms % 1000) * 1000000L;
	return ts;
}

void term_run(const struct term_handlers *h, void *ctx)
{
	quitting = false;
	while (!quitting) {
		struct input_event ev;
		struct timespec ts, *tp;
		long input_wait;
		fd_set rfds;
		int ifd = input_fd(in), rc;

		if (got_quit)
			break;
		if (got_winch) {
			got_winch = 0;
			apply_size();
		}
		if (got_tstp) {
			got_tstp = 0;
			term_suspend();
		}
		if (got_cont) {
			got_cont = 0;
			apply_size();
		}
		if (dirty) {
			dirty = false;
			erase();
			h->draw(ctx);
			refresh();
		}
		tp = loop_timeout(h, ctx, &ts, &input_wait);
		FD_ZERO(&rfds);
		FD_SET(ifd, &rfds);
		FD_SET(wake_pipe[0], &rfds);
		rc = pselect((ifd > wake_pipe[0] ? ifd : wake_pipe[0]) + 1, &rfds, NULL,
		             NULL, tp, &orig_mask);
		if (rc < 0)
			continue; /* a signal: its flag is seen at the top */
		if (rc > 0 && FD_ISSET(wake_pipe[0], &rfds)) {
			char buf[64];

			while (read(wake_pipe[0], buf, sizeof buf) > 0)
				;
			if (h->wake)
				h->wake(ctx);
		}
		/* A hung-up terminal: take what was typed, then leave. */
		if (rc > 0 && FD_ISSET(ifd, &rfds) && input_readable(in) < 0)
			quitting = true;
		while (!quitting && input_next(in, &ev) > 0) {
			h->event(ctx, &ev);
			dirty = true;
		}
		/* A lone Escape is known only once the wait for more bytes is over. */
		if (rc == 0 && input_wait >= 0 && input_force(in, &ev) > 0) {
			h->event(ctx, &ev);
			dirty = true;
		}
		if (h->timer_ms && h->tick && h->timer_ms(ctx) == 0)
			h->tick(ctx);
	}
}
