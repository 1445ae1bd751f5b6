/* Keyboard and mouse input: the only file that knows libtermkey. */
#include "config.h"

#include "tui/input.h"

#include <errno.h>
#include <langinfo.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <termkey.h>
#include <time.h>

struct input {
	TermKey *tk;
	bool pending;    /* termkey said "again": the buffer ends in a partial key */
	bool unread;     /* a forced key left bytes that input_next has not seen */
	long last_bytes; /* when bytes last arrived, in monotonic milliseconds */
};

/* Bytes in termkey's buffer: a key may still be made of them. */
static bool input_has_bytes(const struct input *in)
{
	return termkey_get_buffer_remaining(in->tk) < termkey_get_buffer_size(in->tk);
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Debian's libtermkey 0.22 takes a terminfo key_mouse of "\E[<" (xterm-256color)
 * as the start of a legacy report and misreads SGR mouse reports; 0.23 fixed
 * it. Without the entry termkey's own CSI parser reads both encodings.
 */
static const char *input_getstr_hook(const char *name, const char *value, void *data)
{
	(void)data;
	if (strcmp(name, "key_mouse") == 0 && (!value || strcmp(value, "\033[M") != 0))
		return NULL;
	return value;
}

/*
 * The locale decides, not termkey's own guess from $LANG: curses draws in the
 * locale's codeset, so keys should arrive in it too.
 */
static int input_flags(void)
{
	const char *cs = nl_langinfo(CODESET);
	bool utf8 = cs && (strcasecmp(cs, "UTF-8") == 0 || strcasecmp(cs, "UTF8") == 0);

	/* curses owns the terminal modes; keypad digits are plain characters. */
	return TERMKEY_FLAG_NOTERMIOS | TERMKEY_FLAG_NOSTART | TERMKEY_FLAG_CONVERTKP |
	       (utf8 ? TERMKEY_FLAG_UTF8 : TERMKEY_FLAG_RAW);
}

/* Takes tk (made with NOSTART), hooks terminfo before it is read, starts it. */
static struct input *input_wrap(TermKey *tk)
{
	struct input *in;

	if (!tk) {
		if (errno == 0)
			errno = EINVAL;
		return NULL;
	}
	in = calloc(1, sizeof *in);
	if (!in) {
		termkey_destroy(tk);
		errno = ENOMEM;
		return NULL;
	}
	in->tk = tk;
	termkey_hook_terminfo_getstr(tk, input_getstr_hook, NULL);
	errno = 0;
	if (!termkey_start(tk)) {
		int e = errno ? errno : EIO;

		input_free(in);
		errno = e;
		return NULL;
	}
	return in;
}

struct input *input_new(int fd, const char *term)
{
	const char *env = getenv("TERM");

	if (term && (!env || strcmp(term, env) != 0)) {
		errno = EINVAL;
		return NULL;
	}
	errno = 0;
	return input_wrap(termkey_new(fd, input_flags()));
}

struct input *input_new_abstract(const char *term)
{
	errno = 0;
	return input_wrap(termkey_new_abstract(term, input_flags()));
}

void input_free(struct input *in)
{
	if (!in)
		return;
	termkey_destroy(in->tk);
	free(in);
}

size_t input_push_bytes(struct input *in, const char *bytes, size_t len)
{
	size_t n = termkey_push_bytes(in->tk, bytes, len);

	if (n > 0) {
		in->last_bytes = now_ms();
		in->unread = true;
	}
	return n;
}

int input_fd(const struct input *in)
{
	return termkey_get_fd(in->tk);
}

void input_stop(struct input *in)
{
	termkey_stop(in->tk);
}

int input_start(struct input *in)
{
	errno = 0;
	if (termkey_start(in->tk))
		return 0;
	if (errno == 0)
		errno = EIO;
	return -1;
}

int input_readable(struct input *in)
{
	errno = 0;
	switch (termkey_advisereadable(in->tk)) {
	case TERMKEY_RES_AGAIN: /* bytes were read */
		in->last_bytes = now_ms();
		in->unread = true;
		return 0;
	case TERMKEY_RES_NONE:
		/* Both EAGAIN and end of file: only the end leaves errno alone. */
		return errno == 0 ? -1 : 0;
	case TERMKEY_RES_ERROR:
		/* A full buffer (ENOMEM) empties as input_next() takes keys from it. */
		return errno == ENOMEM ? 0 : -1;
	default:
		return 0;
	}
}

static int input_mods(int tkmods)
{
	return (tkmods & TERMKEY_KEYMOD_SHIFT ? INPUT_MOD_SHIFT : 0) |
	       (tkmods & TERMKEY_KEYMOD_ALT ? INPUT_MOD_ALT : 0) |
	       (tkmods & TERMKEY_KEYMOD_CTRL ? INPUT_MOD_CTRL : 0);
}

/* The named key for a termkey symbol, or -1 for one the game has no use for. */
static int input_sym(TermKeySym sym)
{
	switch (sym) {
	case TERMKEY_SYM_UP:
		return INPUT_KEY_UP;
	case TERMKEY_SYM_DOWN:
		return INPUT_KEY_DOWN;
	case TERMKEY_SYM_LEFT:
		return INPUT_KEY_LEFT;
	case TERMKEY_SYM_RIGHT:
		return INPUT_KEY_RIGHT;
	case TERMKEY_SYM_ENTER:
	case TERMKEY_SYM_KPENTER: /* CONVERTKP leaves it alone under tmux and screen */
		return INPUT_KEY_ENTER;
	case TERMKEY_SYM_ESCAPE:
		return INPUT_KEY_ESCAPE;
	case TERMKEY_SYM_TAB:
		return INPUT_KEY_TAB;
	case TERMKEY_SYM_BACKSPACE:
	case TERMKEY_SYM_DEL: /* 0x7f, what most terminals send for Backspace */
		return INPUT_KEY_BACKSPACE;
	case TERMKEY_SYM_PAGEUP:
		return INPUT_KEY_PAGEUP;
	case TERMKEY_SYM_PAGEDOWN:
		return INPUT_KEY_PAGEDOWN;
	/* Without a terminfo entry for them, \E[1~ and \E[4~ get their VT220 names. */
	case TERMKEY_SYM_HOME:
	case TERMKEY_SYM_FIND:
		return INPUT_KEY_HOME;
	case TERMKEY_SYM_END:
	case TERMKEY_SYM_SELECT:
		return INPUT_KEY_END;
	case TERMKEY_SYM_INSERT:
		return INPUT_KEY_INSERT;
	case TERMKEY_SYM_DELETE:
		return INPUT_KEY_DELETE;
	default:
		return -1;
	}
}

static bool input_mouse(TermKey *tk, const TermKeyKey *k, struct input_event *ev)
{
	static const enum input_button buttons[] = {
	        INPUT_BUTTON_NONE,  INPUT_BUTTON_LEFT, INPUT_BUTTON_MIDDLE,
	        INPUT_BUTTON_RIGHT, INPUT_WHEEL_UP,    INPUT_WHEEL_DOWN,
	};
	TermKeyMouseEvent what;
	int button, line, col;

	if (termkey_interpret_mouse(tk, k, &what, &button, &line, &col) !=
	    TERMKEY_RES_KEY)
		return false;
	/* Buttons 6 and 7 (sideways wheel) and reports off the screen are dropped. */
	if (button < 0 || button > 5 || line < 1 || col < 1)
		return false;
	switch (what) {
	case TERMKEY_MOUSE_PRESS:
		ev->action = INPUT_PRESS;
		break;
	case TERMKEY_MOUSE_DRAG:
		ev->action = INPUT_DRAG;
		break;
	case TERMKEY_MOUSE_RELEASE:
		ev->action = INPUT_RELEASE;
		break;
	default:
		return false;
	}
	ev->kind = INPUT_MOUSE;
	ev->button = buttons[button];
	ev->line = line - 1;
	ev->col = col - 1;
	return true;
}

/* Fills ev from k; false for a key the game does not use (it is skipped). */
static bool input_translate(TermKey *tk, const TermKeyKey *k, struct input_event *ev)
{
	int key;

	memset(ev, 0, sizeof *ev);
	ev->mods = input_mods(k->modifiers);
	switch (k->type) {
	case TERMKEY_TYPE_UNICODE:
		if (k->code.codepoint < 0 || k->code.codepoint > 0x10ffff)
			return false;
		ev->kind = INPUT_KEY;
		ev->key = INPUT_KEY_CHAR;
		ev->codepoint = (uint32_t)k->code.codepoint;
		if (ev->mods & INPUT_MOD_CTRL) {
			/* Under raw(), ^J is Enter and ^H is Backspace. */
			if (ev->codepoint == 'j' || ev->codepoint == 'h') {
				ev->key = ev->codepoint == 'j' ? INPUT_KEY_ENTER
				                               : INPUT_KEY_BACKSPACE;
				ev->codepoint = 0;
				ev->mods &= ~INPUT_MOD_CTRL;
			} else if (ev->codepoint >= 'A' && ev->codepoint <= 'Z') {
				ev->codepoint += 'a' - 'A';
			}
		}
		return true;
	case TERMKEY_TYPE_KEYSYM:
		key = input_sym(k->code.sym);
		if (key < 0)
			return false;
		ev->kind = INPUT_KEY;
		ev->key = (enum input_key)key;
		return true;
	case TERMKEY_TYPE_FUNCTION:
		if (k->code.number < 1 || k->code.number > 12)
			return false;
		ev->kind = INPUT_KEY;
		ev->key = (enum input_key)(INPUT_KEY_F1 + k->code.number - 1);
		return true;
	case TERMKEY_TYPE_MOUSE:
		return input_mouse(tk, k, ev);
	case TERMKEY_TYPE_UNKNOWN_CSI: {
		/* libtermkey passes the focus reports on as CSI it does not know. */
		long args[4];
		size_t nargs = 4;
		unsigned long cmd;

		if (termkey_interpret_csi(tk, k, args, &nargs, &cmd) != TERMKEY_RES_KEY ||
		    nargs > 0 || (cmd != 'I' && cmd != 'O'))
			return false;
		ev->kind = INPUT_FOCUS;
		ev->focused = cmd == 'I';
		return true;
	}
	default:
		return false;
	}
}

int input_next(struct input *in, struct input_event *ev)
{
	TermKeyKey k;
	TermKeyResult r;

	in->unread = false;
	while ((r = termkey_getkey(in->tk, &k)) == TERMKEY_RES_KEY) {
		if (input_translate(in->tk, &k, ev)) {
			in->pending = false;
			in->unread = input_has_bytes(in);
			return 1;
		}
	}
	in->pending = r == TERMKEY_RES_AGAIN;
	memset(ev, 0, sizeof *ev);
	return 0;
}

/* What is left of termkey's wait since the last bytes came. */
static int input_left_ms(const struct input *in)
{
	long left = termkey_get_waittime(in->tk) - (now_ms() - in->last_bytes);

	return left > 0 ? (int)left : 0;
}

int input_wait_ms(const struct input *in)
{
	if (in->unread)
		return 0;
	return in->pending ? input_left_ms(in) : -1;
}

int input_force(struct input *in, struct input_event *ev)
{
	TermKeyKey k;

	memset(ev, 0, sizeof *ev);
	if (!in->pending || input_left_ms(in) > 0)
		return 0;
	in->pending = false;
	while (termkey_getkey_force(in->tk, &k) == TERMKEY_RES_KEY) {
		if (input_translate(in->tk, &k, ev)) {
			in->unread = input_has_bytes(in);
			return 1;
		}
	}
	memset(ev, 0, sizeof *ev);
	return 0;
}

void input_mouse_enable(FILE *out, bool on)
{
	/*
	 * Clicks (1000) in SGR form (1006), which has no 223-column limit, and
	 * the focus's comings and goings (1004), which stop a game's clock.
	 */
	fputs(on ? "\033[?1000h\033[?1006h\033[?1004h"
	         : "\033[?1004l\033[?1006l\033[?1000l",
	      out);
	fflush(out);
}

/* Appends the UTF-8 form of a printable code point, or U+XXXX. */
static void input_put_char(uint32_t c, char *buf, size_t len, size_t at)
{
	char u[5] = {0};

	if (c < 0x20 || (c >= 0x7f && c < 0xa0) || (c >= 0xd800 && c < 0xe000)) {
		snprintf(buf + at, len - at, "U+%04X", (unsigned)c);
		return;
	}
	if (c < 0x80) {
		u[0] = (char)c;
	} else if (c < 0x800) {
		u[0] = (char)(0xc0 | c >> 6);
		u[1] = (char)(0x80 | (c & 0x3f));
	} else if (c < 0x10000) {
		u[0] = (char)(0xe0 | c >> 12);
		u[1] = (char)(0x80 | (c >> 6 & 0x3f));
		u[2] = (char)(0x80 | (c & 0x3f));
	} else {
		u[0] = (char)(0xf0 | c >> 18);
		u[1] = (char)(0x80 | (c >> 12 & 0x3f));
		u[2] = (char)(0x80 | (c >> 6 & 0x3f));
		u[3] = (char)(0x80 | (c & 0x3f));
	}
	snprintf(buf + at, len - at, "%s", u);
}

const char *input_describe(const struct input_event *ev, char *buf, size_t len)
{
	static const char *const keys[] = {
	        [INPUT_KEY_UP] = "Up",       [INPUT_KEY_DOWN] = "Down",
	        [INPUT_KEY_LEFT] = "Left",   [INPUT_KEY_RIGHT] = "Right",
	        [INPUT_KEY_ENTER] = "Enter", [INPUT_KEY_ESCAPE] = "Esc",
	        [INPUT_KEY_TAB] = "Tab",     [INPUT_KEY_BACKSPACE] = "Backspace",
	        [INPUT_KEY_PAGEUP] = "PgUp", [INPUT_KEY_PAGEDOWN] = "PgDn",
	        [INPUT_KEY_HOME] = "Home",   [INPUT_KEY_END] = "End",
	        [INPUT_KEY_INSERT] = "Ins",  [INPUT_KEY_DELETE] = "Del",
	};
	/* By button, then by action: press, drag, release. */
	static const char *const mouse[][3] = {
	        [INPUT_BUTTON_LEFT] = {"click", "drag", "release"},
	        [INPUT_BUTTON_MIDDLE] = {"middle-click", "middle-drag", "middle-release"},
	        [INPUT_BUTTON_RIGHT] = {"right-click", "right-drag", "right-release"},
	        [INPUT_WHEEL_UP] = {"wheel up", "wheel up", "wheel up"},
	        [INPUT_WHEEL_DOWN] = {"wheel down", "wheel down", "wheel down"},
	        [INPUT_BUTTON_NONE] = {"click", "drag", "release"},
	};
	size_t at;
	int n;

	if (len == 0)
		return buf;
	buf[0] = '\0';
	if (ev->kind == INPUT_NONE)
		return buf;
	if (ev->kind == INPUT_FOCUS) {
		snprintf(buf, len, "focus %s", ev->focused ? "in" : "out");
		return buf;
	}
	n = snprintf(buf, len, "%s%s%s", ev->mods & INPUT_MOD_CTRL ? "Ctrl-" : "",
	             ev->mods & INPUT_MOD_ALT ? "Alt-" : "",
	             ev->mods & INPUT_MOD_SHIFT ? "Shift-" : "");
	at = (size_t)n < len ? (size_t)n : len - 1;
	if (ev->kind == INPUT_MOUSE) {
		bool known = (unsigned)ev->button < sizeof mouse / sizeof *mouse &&
		             (unsigned)ev->action < 3;

		snprintf(buf + at, len - at, "%s %d,%d",
		         known ? mouse[ev->button][ev->action] : "mouse", ev->line,
		         ev->col);
		return buf;
	}
	if (ev->key >= INPUT_KEY_F1 && ev->key <= INPUT_KEY_F12)
		snprintf(buf + at, len - at, "F%d", (int)(ev->key - INPUT_KEY_F1 + 1));
	else if (ev->key != INPUT_KEY_CHAR &&
	         (unsigned)ev->key < sizeof keys / sizeof *keys && keys[ev->key])
		snprintf(buf + at, len - at, "%s", keys[ev->key]);
	else if (ev->key != INPUT_KEY_CHAR)
		snprintf(buf + at, len - at, "key %d", (int)ev->key);
	else if (ev->codepoint == ' ')
		snprintf(buf + at, len - at, "Space");
	else if ((ev->mods & INPUT_MOD_CTRL) && ev->codepoint >= 'a' &&
	         ev->codepoint <= 'z')
		snprintf(buf + at, len - at, "%c", (char)(ev->codepoint - 'a' + 'A'));
	else
		input_put_char(ev->codepoint, buf, len, at);
	return buf;
}
