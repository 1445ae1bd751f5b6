/* The terminal's life: set-up, tear-down, signals, and the one main loop. */
#include "config.h"

#include "tui/terminal.h"

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

#include "tui/input.h"
#include "tui/theme.h"

static struct input *in;
static SCREEN *screen;
static bool is_open, quitting, dirty = true;
static int wake_pipe[2] = {-1, -1};
static struct termios saved_tio;
/* The mask before term_open, and the one inside the wait (the flags' open). */
static sigset_t orig_mask, wait_mask;

/* Written by the handlers, read by the loop. */
static volatile sig_atomic_t got_winch, got_quit, got_tstp, got_cont;
/* Whether the loop waits in pselect (else it is busy), and the pipe's write
 * end that wakes it, for the handlers. */
static volatile sig_atomic_t in_wait, wake_fd = -1;

/*
 * What a handler writes to give the terminal back (mouse off, keypad off,
 * attributes off, cursor on, the main screen), and whether the terminal is
 * the program's now, so that it is given back once.
 */
static char restore_seq[256];
static size_t restore_len;
static volatile sig_atomic_t restore_armed;

/*
 * Ask the loop to stop: the quit signals, which end the program in order
 * (screens closed, their work joined) when the loop takes them.  They are
 * never blocked, so that they are answered at every moment: when the loop
 * is busy elsewhere (a long load, a save waiting on a lock), an alarm ends
 * the program a second later with the terminal given back.
 */
static const int quit_sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

/* Told to the loop inside its wait only: a resize, Ctrl-Z from outside, fg. */
static const int flag_sigs[] = {SIGWINCH, SIGTSTP, SIGCONT};

/*
 * Every other signal whose default ends the program: the terminal is given
 * back, then the program ends of it as it would have (a crash, kill -USR1, a
 * CPU limit, the alarm of a quit signal the loop did not take in time).
 */
static const int fatal_sigs[] = {
        SIGSEGV,   SIGBUS,  SIGFPE,  SIGILL,  SIGABRT, SIGTRAP,   SIGSYS, SIGUSR1,
        SIGUSR2,   SIGALRM, SIGPIPE, SIGPROF, SIGXCPU, SIGVTALRM, SIGIO,
#ifdef SIGPWR
        SIGPWR,
#endif
#ifdef SIGSTKFLT
        SIGSTKFLT,
#endif
};

/* What each signal's handling was before term_open, given back by term_close. */
static struct sigaction old_action[NSIG];
static bool have_old[NSIG];

/* Writes the modes back with what is safe in a handler, once. */
static void restore_terminal(void)
{
	if (!restore_armed)
		return;
	restore_armed = 0;
	if (restore_len && write(STDOUT_FILENO, restore_seq, restore_len) < 0)
		restore_len = 0;
	tcsetattr(STDIN_FILENO, TCSANOW, &saved_tio);
}

static void wake_loop(void)
{
	int fd = wake_fd;

	/* A full pipe already holds a wake-up, so a failed write loses nothing. */
	if (fd >= 0 && write(fd, "", 1) < 0)
		return;
}

static void on_signal(int sig)
{
	int e = errno;

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
		wake_loop();
		/* Busy outside the wait: a second to come back to it. */
		if (!in_wait)
			alarm(1);
		break;
	}
	errno = e;
}

/* The terminal given back, then the end the signal means. */
static void on_fatal(int sig)
{
	sigset_t set;
	int die = sig == SIGALRM && got_quit ? (int)got_quit : sig;

	restore_terminal();
	signal(die, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, die);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(die);
}

static void add_restore(const char *s)
{
	size_t len = s && s != (char *)-1 ? strlen(s) : 0;

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

/* The time spent stopped (Ctrl-Z, SIGTSTP) so far, which no game counts. */
static long long stopped_ms;

long long term_game_ms(void)
{
	return term_now_ms() - stopped_ms;
}

/* Installs handler for sig with flags, keeping what was there for term_close. */
static void handle(int sig, void (*handler)(int), int flags)
{
	struct sigaction sa;

	if (sig <= 0 || sig >= NSIG)
		return;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = handler;
	sa.sa_flags = flags;
	/* One the program was started with ignored stays ignored. */
	if (sigaction(sig, NULL, &old_action[sig]) < 0 ||
	    (old_action[sig].sa_handler == SIG_IGN && handler != SIG_IGN))
		return;
	if (sigaction(sig, &sa, NULL) == 0)
		have_old[sig] = true;
}

static void install_handlers(void)
{
	sigset_t block, open;

	sigemptyset(&block);
	sigemptyset(&open);
	for (size_t i = 0; i < sizeof flag_sigs / sizeof flag_sigs[0]; i++) {
		handle(flag_sigs[i], on_signal, 0);
		sigaddset(&block, flag_sigs[i]);
	}
	/* Restarted: a quit signal may come in the middle of curses' output. */
	for (size_t i = 0; i < sizeof quit_sigs / sizeof quit_sigs[0]; i++) {
		handle(quit_sigs[i], on_signal, SA_RESTART);
		sigaddset(&open, quit_sigs[i]);
	}
	for (size_t i = 0; i < sizeof fatal_sigs / sizeof fatal_sigs[0]; i++) {
		handle(fatal_sigs[i], on_fatal, SA_RESETHAND);
		sigaddset(&open, fatal_sigs[i]);
	}
	for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		handle(sig, on_fatal, SA_RESETHAND);
	/* A write over a file-size limit fails with EFBIG, which a save tells. */
	handle(SIGXFSZ, SIG_IGN, 0);
	/*
	 * The flags' signals are blocked everywhere (threads inherit it) but
	 * inside pselect, so that their handlers only ever interrupt the wait.
	 */
	sigprocmask(SIG_BLOCK, &block, &orig_mask);
	sigprocmask(SIG_UNBLOCK, &open, NULL);
	sigprocmask(SIG_SETMASK, NULL, &wait_mask);
	for (size_t i = 0; i < sizeof flag_sigs / sizeof flag_sigs[0]; i++)
		sigdelset(&wait_mask, flag_sigs[i]);
}

/* Gives every signal its handling from before term_open. */
static void uninstall_handlers(void)
{
	alarm(0);
	for (int sig = 1; sig < NSIG; sig++) {
		if (have_old[sig])
			sigaction(sig, &old_action[sig], NULL);
		have_old[sig] = false;
	}
}

/* The handlers, the mask and the wake-up pipe as they were before term_open. */
static void undo_handlers(void)
{
	uninstall_handlers();
	sigprocmask(SIG_SETMASK, &orig_mask, NULL);
	wake_fd = -1;
	for (int i = 0; i < 2; i++) {
		close(wake_pipe[i]);
		wake_pipe[i] = -1;
	}
}

/*
 * The most lines or columns the screen is given: curses keeps a few copies
 * of every cell, so a size nobody's terminal has would take gigabytes.
 */
#define TERM_MAX_SIDE 1000

/* The window's size as the tty reports it, bounded; false when it does not. */
static bool tty_size(int *nrow, int *ncol)
{
	struct winsize ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) < 0 || ws.ws_row == 0 || ws.ws_col == 0)
		return false;
	*nrow = ws.ws_row < TERM_MAX_SIDE ? ws.ws_row : TERM_MAX_SIDE;
	*ncol = ws.ws_col < TERM_MAX_SIDE ? ws.ws_col : TERM_MAX_SIDE;
	return true;
}

/*
 * LINES and COLUMNS, which curses prefers to the tty's report, bounded
 * before it allocates: by the size the tty reports (the size the screen
 * takes right after anyway), else by TERM_MAX_SIDE.
 */
static void bound_env_size(void)
{
	static const char *const names[2] = {"LINES", "COLUMNS"};
	int nrow, ncol;
	bool reported = tty_size(&nrow, &ncol);

	for (int i = 0; i < 2; i++) {
		const char *v = getenv(names[i]);
		char *end, buf[16];
		long n;

		if (!v)
			continue;
		errno = 0;
		n = strtol(v, &end, 10);
		if (reported || errno || end == v || *end || n <= 0) {
			unsetenv(names[i]);
		} else if (n > TERM_MAX_SIDE) {
			snprintf(buf, sizeof buf, "%d", TERM_MAX_SIDE);
			setenv(names[i], buf, 1);
		}
	}
}

/* Reads the window size from the tty: KEY_RESIZE never comes through termkey. */
static void apply_size(void)
{
	int nrow, ncol;

	if (tty_size(&nrow, &ncol))
		resizeterm(nrow, ncol);
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
		         "puzzle, trace and race --format text work without)",
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
	/* Asked of terminfo now: a crash handler cannot call into curses.
	 * libtermkey turns the keypad's application mode on: off too. */
	restore_len = 0;
	add_restore("\033[?1006l\033[?1000l");
	add_restore(tigetstr("rmkx"));
	add_restore(tigetstr("sgr0"));
	add_restore(tigetstr("cnorm"));
	add_restore(tigetstr("rmcup"));
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
	wake_fd = wake_pipe[1];
	install_handlers();
	in = input_new(STDIN_FILENO, term);
	if (!in) {
		snprintf(err, errlen, "cannot read the keyboard: %s", strerror(errno));
		undo_handlers();
		return -1;
	}
	restore_armed = 1;
	bound_env_size();
	/* Not initscr, which ends the program when it fails, the keypad left on. */
	screen = newterm(term, stdout, stdin);
	if (!screen) {
		snprintf(err, errlen,
		         "cannot start the screen on TERM=%s (out of memory, or "
		         "the terminal type is unusable)",
		         term);
		restore_armed = 0;
		/* Stopping input turns the keypad's application mode off. */
		input_free(in);
		in = NULL;
		tcsetattr(STDIN_FILENO, TCSANOW, &saved_tio);
		undo_handlers();
		return -1;
	}
	set_term(screen);
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

/* A line for standard output once the screen is given back (the daily's result). */
static char farewell[512];

void term_farewell(const char *line)
{
	snprintf(farewell, sizeof farewell, "%s", line);
}

/*
 * OSC 52 puts text on the terminal's clipboard where the terminal allows it.
 * Inside tmux the sequence goes once plain (taken when set-clipboard is on)
 * and once wrapped in tmux's passthrough (allow-passthrough), as tools
 * that copy over ssh do; a terminal without OSC 52 ignores both.
 */
void term_clipboard(const char *text)
{
	static const char b64[] =
	        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const unsigned char *t = (const unsigned char *)text;
	size_t len = strlen(text), at = 0;
	char out[1024];

	for (size_t i = 0; i < len && at + 5 < sizeof out; i += 3) {
		unsigned v = (unsigned)t[i] << 16 |
		             (i + 1 < len ? (unsigned)t[i + 1] << 8 : 0) |
		             (i + 2 < len ? t[i + 2] : 0);

		out[at++] = b64[v >> 18 & 63];
		out[at++] = b64[v >> 12 & 63];
		out[at++] = i + 1 < len ? b64[v >> 6 & 63] : '=';
		out[at++] = i + 2 < len ? b64[v & 63] : '=';
	}
	out[at] = '\0';
	if (!is_open)
		return;
	printf("\033]52;c;%s\a", out);
	if (getenv("TMUX"))
		printf("\033Ptmux;\033\033]52;c;%s\a\033\\", out);
	fflush(stdout);
}

void term_close(void)
{
	if (!is_open)
		return;
	is_open = false;
	restore_armed = 0;
	input_mouse_enable(stdout, false);
	input_free(in);
	in = NULL;
	curs_set(1);
	endwin();
	tcsetattr(STDIN_FILENO, TCSANOW, &saved_tio);
	undo_handlers();
	if (farewell[0]) {
		printf("%s\n", farewell);
		fflush(stdout);
		farewell[0] = '\0';
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

void term_reraise(int sig)
{
	sigset_t set;

	/* The parent reads the signal in the status, as it would without us. */
	fflush(NULL);
	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
}

void term_dirty(void)
{
	dirty = true;
}

void term_post(void)
{
	wake_loop();
}

void term_suspend(void)
{
	long long stopped_at;

	/* The shell's now: a signal while stopped has nothing to give back. */
	restore_armed = 0;
	input_mouse_enable(stdout, false);
	input_stop(in);
	endwin();
	tcsetattr(STDIN_FILENO, TCSANOW, &saved_tio);
	stopped_at = term_now_ms();
	kill(getpid(), SIGSTOP);
	/* Here again after fg. */
	stopped_ms += term_now_ms() - stopped_at;
	input_start(in);
	reset_prog_mode();
	restore_armed = 1;
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

		if (got_quit) {
			/* Taken in time: the program ends in order, no alarm. */
			alarm(0);
			break;
		}
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
		in_wait = 1;
		rc = got_quit ? -1
		              : pselect((ifd > wake_pipe[0] ? ifd : wake_pipe[0]) + 1,
		                        &rfds, NULL, NULL, tp, &wait_mask);
		in_wait = 0;
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
