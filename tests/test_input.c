/* Unit tests of the terminal side's parts that need no terminal: input, keymap, task. */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "tui/input.h"
#include "tui/keymap.h"
#include "engine/task.h"

/* Each decoding test runs under these; xterm-256color shows libtermkey 0.22's bug. */
static const char *const terms[] = {"xterm-256color", "tmux-256color", "screen"};

/* A UTF-8 locale was found: the multibyte cases need one. */
static const char *utf8_locale;

struct key_case {
	const char *bytes;
	enum input_key key;
	uint32_t codepoint;
	int mods;
};

struct mouse_case {
	const char *bytes;
	enum input_button button;
	enum input_mouse_action action;
	int line, col, mods;
};

static const struct key_case key_cases[] = {
        {"\033[A", INPUT_KEY_UP, 0, 0},
        {"\033[B", INPUT_KEY_DOWN, 0, 0},
        {"\033[C", INPUT_KEY_RIGHT, 0, 0},
        {"\033[D", INPUT_KEY_LEFT, 0, 0},
        {"\033OA", INPUT_KEY_UP, 0, 0},
        {"\033OB", INPUT_KEY_DOWN, 0, 0},
        {"\033OC", INPUT_KEY_RIGHT, 0, 0},
        {"\033OD", INPUT_KEY_LEFT, 0, 0},
        {"\033[1;5A", INPUT_KEY_UP, 0, INPUT_MOD_CTRL},
        {"\033[H", INPUT_KEY_HOME, 0, 0},
        {"\033[F", INPUT_KEY_END, 0, 0},
        {"\033OH", INPUT_KEY_HOME, 0, 0},
        {"\033OF", INPUT_KEY_END, 0, 0},
        {"\033[1~", INPUT_KEY_HOME, 0, 0},
        {"\033[4~", INPUT_KEY_END, 0, 0},
        {"\033[5~", INPUT_KEY_PAGEUP, 0, 0},
        {"\033[6~", INPUT_KEY_PAGEDOWN, 0, 0},
        {"\033[2~", INPUT_KEY_INSERT, 0, 0},
        {"\033[3~", INPUT_KEY_DELETE, 0, 0},
        {"\033OP", INPUT_KEY_F1, 0, 0},
        {"\033[15~", INPUT_KEY_F1 + 4, 0, 0},
        {"\033[24~", INPUT_KEY_F12, 0, 0},
        {"h", INPUT_KEY_CHAR, 'h', 0},
        {"j", INPUT_KEY_CHAR, 'j', 0},
        {"k", INPUT_KEY_CHAR, 'k', 0},
        {"l", INPUT_KEY_CHAR, 'l', 0},
        {"q", INPUT_KEY_CHAR, 'q', 0},
        {"Q", INPUT_KEY_CHAR, 'Q', 0},
        {"?", INPUT_KEY_CHAR, '?', 0},
        {"8", INPUT_KEY_CHAR, '8', 0},
        {" ", INPUT_KEY_CHAR, ' ', 0},
        {"\r", INPUT_KEY_ENTER, 0, 0},
        {"\n", INPUT_KEY_ENTER, 0, 0},
        {"\033OM", INPUT_KEY_ENTER, 0, 0},
        {"\x7f", INPUT_KEY_BACKSPACE, 0, 0},
        {"\x08", INPUT_KEY_BACKSPACE, 0, 0},
        {"\t", INPUT_KEY_TAB, 0, 0},
        {"\033[Z", INPUT_KEY_TAB, 0, INPUT_MOD_SHIFT},
        {"\x12", INPUT_KEY_CHAR, 'r', INPUT_MOD_CTRL},
        {"\x1a", INPUT_KEY_CHAR, 'z', INPUT_MOD_CTRL},
        {"\x03", INPUT_KEY_CHAR, 'c', INPUT_MOD_CTRL},
        {"\033x", INPUT_KEY_CHAR, 'x', INPUT_MOD_ALT},
};

static const struct key_case utf8_cases[] = {
        {"\xc3\xa9", INPUT_KEY_CHAR, 0xe9, 0},            /* é */
        {"\xe2\x99\x9b", INPUT_KEY_CHAR, 0x265b, 0},      /* a black chess queen */
        {"\xf0\x9f\x91\x91", INPUT_KEY_CHAR, 0x1f451, 0}, /* a crown, four bytes */
};

static const struct mouse_case mouse_cases[] = {
        {"\033[<0;10;5M", INPUT_BUTTON_LEFT, INPUT_PRESS, 4, 9, 0},
        {"\033[<0;10;5m", INPUT_BUTTON_LEFT, INPUT_RELEASE, 4, 9, 0},
        {"\033[<64;3;3M", INPUT_WHEEL_UP, INPUT_PRESS, 2, 2, 0},
        {"\033[<65;3;3M", INPUT_WHEEL_DOWN, INPUT_PRESS, 2, 2, 0},
        {"\033[<2;1;1M", INPUT_BUTTON_RIGHT, INPUT_PRESS, 0, 0, 0},
        {"\033[<1;7;2M", INPUT_BUTTON_MIDDLE, INPUT_PRESS, 1, 6, 0},
        {"\033[<32;4;6M", INPUT_BUTTON_LEFT, INPUT_DRAG, 5, 3, 0},
        {"\033[<16;4;4M", INPUT_BUTTON_LEFT, INPUT_PRESS, 3, 3, INPUT_MOD_CTRL},
        {"\033[<0;300;100M", INPUT_BUTTON_LEFT, INPUT_PRESS, 99, 299, 0},
        {"\033[M !!", INPUT_BUTTON_LEFT, INPUT_PRESS, 0, 0, 0},
        {"\033[M#!!", INPUT_BUTTON_NONE, INPUT_RELEASE, 0, 0, 0},
        {"\033[M`*%", INPUT_WHEEL_UP, INPUT_PRESS, 4, 9, 0},
};

/* Shows bytes with escapes, for failure messages. */
static const char *show(const char *bytes, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (const unsigned char *p = (const unsigned char *)bytes; *p && at + 5 < len;
	     p++)
		at += (size_t)snprintf(buf + at, len - at,
		                       *p == 033                 ? "\\e"
		                       : *p < 0x20 || *p >= 0x7f ? "\\x%02x"
		                                                 : "%c",
		                       *p);
	return buf;
}

/* Pushes bytes and returns the one event they make; fails on none or more. */
static struct input_event one_event(struct input *in, const char *term, const char *bytes)
{
	struct input_event ev, extra;
	char shown[64], name[64], name2[64];

	input_push_bytes(in, bytes, strlen(bytes));
	if (input_next(in, &ev) != 1)
		fail_msg("TERM=%s: \"%s\" gave no event", term,
		         show(bytes, shown, sizeof shown));
	if (input_next(in, &extra) != 0)
		fail_msg("TERM=%s: \"%s\" gave %s and then %s too", term,
		         show(bytes, shown, sizeof shown),
		         input_describe(&ev, name, sizeof name),
		         input_describe(&extra, name2, sizeof name2));
	assert_int_equal(extra.kind, INPUT_NONE);
	if (input_wait_ms(in) != -1)
		fail_msg("TERM=%s: \"%s\" left bytes pending", term,
		         show(bytes, shown, sizeof shown));
	return ev;
}

static void check_key(struct input *in, const char *term, const struct key_case *c)
{
	struct input_event ev = one_event(in, term, c->bytes);
	struct input_event want = {.kind = INPUT_KEY,
	                           .key = c->key,
	                           .codepoint = c->codepoint,
	                           .mods = c->mods};
	char shown[64], got[64], exp[64];

	if (ev.kind != INPUT_KEY || ev.key != c->key || ev.codepoint != c->codepoint ||
	    ev.mods != c->mods)
		fail_msg("TERM=%s: \"%s\" gave %s, not %s", term,
		         show(c->bytes, shown, sizeof shown),
		         input_describe(&ev, got, sizeof got),
		         input_describe(&want, exp, sizeof exp));
}

static void test_keys(void **state)
{
	for (size_t t = 0; t < sizeof terms / sizeof *terms; t++) {
		struct input *in = input_new_abstract(terms[t]);

		assert_non_null(in);
		for (size_t i = 0; i < sizeof key_cases / sizeof *key_cases; i++)
			check_key(in, terms[t], &key_cases[i]);
		input_free(in);
	}
	(void)state;
}

static void test_utf8_keys(void **state)
{
	(void)state;
	if (!utf8_locale)
		skip();
	for (size_t t = 0; t < sizeof terms / sizeof *terms; t++) {
		struct input *in = input_new_abstract(terms[t]);

		assert_non_null(in);
		for (size_t i = 0; i < sizeof utf8_cases / sizeof *utf8_cases; i++)
			check_key(in, terms[t], &utf8_cases[i]);
		input_free(in);
	}
}

/* The locale decides how bytes are decoded, not termkey's own guess from $LANG. */
static void test_locale_decides(void **state)
{
	struct input_event ev;
	struct input *in;
	const char *lang = getenv("LANG");
	char *saved = lang ? strdup(lang) : NULL;

	(void)state;
	if (!utf8_locale)
		skip();
	setenv("LANG", "C.UTF-8", 1);
	assert_non_null(setlocale(LC_CTYPE, "C"));
	in = input_new_abstract("xterm-256color");
	assert_non_null(in);
	input_push_bytes(in, "\xc3\xa9", 2);
	assert_int_equal(input_next(in, &ev), 1);
	assert_int_equal(ev.codepoint, 0xc3);
	assert_int_equal(input_next(in, &ev), 1);
	assert_int_equal(ev.codepoint, 0xa9);
	input_free(in);

	unsetenv("LANG");
	assert_non_null(setlocale(LC_CTYPE, utf8_locale));
	in = input_new_abstract("xterm-256color");
	assert_non_null(in);
	ev = one_event(in, "xterm-256color", "\xc3\xa9");
	assert_int_equal(ev.codepoint, 0xe9);
	input_free(in);
	if (saved)
		setenv("LANG", saved, 1);
	free(saved);
}

static void test_mouse(void **state)
{
	for (size_t t = 0; t < sizeof terms / sizeof *terms; t++) {
		struct input *in = input_new_abstract(terms[t]);

		assert_non_null(in);
		for (size_t i = 0; i < sizeof mouse_cases / sizeof *mouse_cases; i++) {
			const struct mouse_case *c = &mouse_cases[i];
			struct input_event ev = one_event(in, terms[t], c->bytes);
			struct input_event want = {.kind = INPUT_MOUSE,
			                           .button = c->button,
			                           .action = c->action,
			                           .line = c->line,
			                           .col = c->col,
			                           .mods = c->mods};
			char shown[64], got[64], exp[64];

			if (ev.kind != INPUT_MOUSE || ev.button != c->button ||
			    ev.action != c->action || ev.line != c->line ||
			    ev.col != c->col || ev.mods != c->mods)
				fail_msg("TERM=%s: \"%s\" gave %s, not %s", terms[t],
				         show(c->bytes, shown, sizeof shown),
				         input_describe(&ev, got, sizeof got),
				         input_describe(&want, exp, sizeof exp));
		}
		input_free(in);
	}
	(void)state;
}

/* Several keys in one read, a sequence split across two, a click then a key. */
static void check_sequences(struct input *in)
{
	struct input_event ev;
	const char *all = "jj\033[Ak\033[<0;10;5Mq";
	const enum input_kind kinds[] = {INPUT_KEY, INPUT_KEY,   INPUT_KEY,
	                                 INPUT_KEY, INPUT_MOUSE, INPUT_KEY};
	const enum input_key keys[] = {INPUT_KEY_CHAR, INPUT_KEY_CHAR, INPUT_KEY_UP,
	                               INPUT_KEY_CHAR, INPUT_KEY_CHAR, INPUT_KEY_CHAR};

	assert_int_equal(input_push_bytes(in, all, strlen(all)), strlen(all));
	for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
		assert_int_equal(input_next(in, &ev), 1);
		assert_int_equal(ev.kind, kinds[i]);
		if (kinds[i] == INPUT_KEY)
			assert_int_equal(ev.key, keys[i]);
	}
	assert_int_equal(ev.codepoint, 'q');
	assert_int_equal(input_next(in, &ev), 0);
	assert_int_equal(input_wait_ms(in), -1);

	input_push_bytes(in, "\033[", 2);
	assert_int_equal(input_next(in, &ev), 0);
	assert_int_equal(ev.kind, INPUT_NONE);
	assert_true(input_wait_ms(in) >= 0);
	input_push_bytes(in, "5~", 2);
	assert_int_equal(input_next(in, &ev), 1);
	assert_int_equal(ev.key, INPUT_KEY_PAGEUP);
	assert_int_equal(input_next(in, &ev), 0);
	assert_int_equal(input_wait_ms(in), -1);
}

static void sleep_ms(int ms)
{
	struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L};

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

static long mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * A lone Escape is only known once the wait is over: it comes from input_force.
 * A very slow run (valgrind on a loaded machine) may pass the wait between two
 * calls; then the clock, not the early call, checks that the wait was kept.
 */
static void check_escape(struct input *in)
{
	struct input_event ev;
	long t0;
	int wait;

	assert_int_equal(input_wait_ms(in), -1);
	assert_int_equal(input_force(in, &ev), 0);
	t0 = mono_ms();
	input_push_bytes(in, "\033", 1);
	assert_int_equal(input_next(in, &ev), 0);
	wait = input_wait_ms(in);
	assert_in_range(wait, 0, 1000);
	if (input_force(in, &ev) == 0) {
		/* Too early: the Escape could still become an arrow key. */
		sleep_ms(wait + 5);
		assert_int_equal(input_wait_ms(in), 0);
		assert_int_equal(input_next(in, &ev), 0);
		assert_int_equal(input_force(in, &ev), 1);
	} else {
		assert_true(mono_ms() - t0 >= wait);
	}
	assert_int_equal(ev.kind, INPUT_KEY);
	assert_int_equal(ev.key, INPUT_KEY_ESCAPE);
	assert_int_equal(ev.mods, 0);
	assert_int_equal(input_next(in, &ev), 0);
	assert_int_equal(input_wait_ms(in), -1);
	assert_int_equal(input_force(in, &ev), 0);

	/* An Escape that more bytes follow in time is part of a key. */
	t0 = mono_ms();
	input_push_bytes(in, "\033", 1);
	assert_int_equal(input_next(in, &ev), 0);
	input_push_bytes(in, "[", 1);
	assert_int_equal(input_wait_ms(in), 0); /* new bytes: look at them now */
	if (input_force(in, &ev) == 0) {
		assert_int_equal(input_next(in, &ev), 0);
		assert_in_range(input_wait_ms(in), 0, 1000);
		input_push_bytes(in, "B", 1);
		assert_int_equal(input_next(in, &ev), 1);
		assert_int_equal(ev.key, INPUT_KEY_DOWN);
	} else {
		assert_true(mono_ms() - t0 >= wait);
	}
	assert_int_equal(input_next(in, &ev), 0);
	assert_int_equal(input_wait_ms(in), -1);
}

static void test_sequences(void **state)
{
	(void)state;
	for (size_t t = 0; t < sizeof terms / sizeof *terms; t++) {
		struct input *in = input_new_abstract(terms[t]);

		assert_non_null(in);
		check_sequences(in);
		input_free(in);
	}
}

static void test_escape(void **state)
{
	(void)state;
	for (size_t t = 0; t < sizeof terms / sizeof *terms; t++) {
		struct input *in = input_new_abstract(terms[t]);

		assert_non_null(in);
		check_escape(in);
		input_free(in);
	}
}

/* The program's path: a real fd, read after select says so, then its end. */
static void test_fd(void **state)
{
	const char *click = "\033[<0;10;5Mq";
	struct input_event ev;
	struct input *in;
	int p[2];

	(void)state;
	setenv("TERM", "xterm-256color", 1);
	assert_int_equal(pipe(p), 0);
	assert_null(input_new(p[0], "tmux-256color"));
	assert_int_equal(errno, EINVAL);
	in = input_new(p[0], "xterm-256color");
	assert_non_null(in);
	assert_int_equal(input_fd(in), p[0]);
	assert_int_equal(write(p[1], click, strlen(click)), (ssize_t)strlen(click));
	assert_int_equal(input_readable(in), 0);
	assert_int_equal(input_next(in, &ev), 1);
	assert_int_equal(ev.kind, INPUT_MOUSE);
	assert_int_equal(ev.line, 4);
	assert_int_equal(ev.col, 9);
	assert_int_equal(input_next(in, &ev), 1);
	assert_int_equal(ev.codepoint, 'q');
	assert_int_equal(input_next(in, &ev), 0);
	input_stop(in);
	assert_int_equal(input_start(in), 0);
	/* Keys read before the end are still delivered. */
	assert_int_equal(write(p[1], "k", 1), 1);
	close(p[1]);
	assert_int_equal(input_readable(in), 0);
	assert_int_equal(input_readable(in), -1);
	assert_int_equal(errno, 0);
	assert_int_equal(input_next(in, &ev), 1);
	assert_int_equal(ev.codepoint, 'k');
	assert_int_equal(input_next(in, &ev), 0);
	input_free(in);
	close(p[0]);
}

/* The focus reports (mode 1004) come through libtermkey as events of their own. */
static void test_focus(void **state)
{
	struct input *in = input_new_abstract("xterm-256color");
	struct input_event ev;

	(void)state;
	assert_non_null(in);
	ev = one_event(in, "xterm-256color", "\033[O");
	assert_int_equal(ev.kind, INPUT_FOCUS);
	assert_false(ev.focused);
	ev = one_event(in, "xterm-256color", "\033[I");
	assert_int_equal(ev.kind, INPUT_FOCUS);
	assert_true(ev.focused);
	input_free(in);
}

static void test_mouse_enable(void **state)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	(void)state;
	assert_non_null(f);
	input_mouse_enable(f, true);
	assert_string_equal(text, "\033[?1000h\033[?1006h\033[?1004h");
	input_mouse_enable(f, false);
	assert_string_equal(text, "\033[?1000h\033[?1006h\033[?1004h"
	                          "\033[?1004l\033[?1006l\033[?1000l");
	fclose(f);
	free(text);
}

static void test_describe(void **state)
{
	static const struct {
		struct input_event ev;
		const char *name;
	} cases[] = {
	        {{.kind = INPUT_KEY,
	          .key = INPUT_KEY_CHAR,
	          .codepoint = 'r',
	          .mods = INPUT_MOD_CTRL},
	         "Ctrl-R"},
	        {{.kind = INPUT_KEY, .key = INPUT_KEY_CHAR, .codepoint = 'q'}, "q"},
	        {{.kind = INPUT_KEY, .key = INPUT_KEY_CHAR, .codepoint = 'Q'}, "Q"},
	        {{.kind = INPUT_KEY, .key = INPUT_KEY_CHAR, .codepoint = ' '}, "Space"},
	        {{.kind = INPUT_KEY,
	          .key = INPUT_KEY_CHAR,
	          .codepoint = 'x',
	          .mods = INPUT_MOD_ALT},
	         "Alt-x"},
	        {{.kind = INPUT_KEY, .key = INPUT_KEY_CHAR, .codepoint = 0xe9},
	         "\xc3\xa9"},
	        {{.kind = INPUT_KEY, .key = INPUT_KEY_CHAR, .codepoint = 0x265b},
	         "\xe2\x99\x9b"},
	        {{.kind = INPUT_KEY, .key = INPUT_KEY_CHAR, .codepoint = 0x1f451},
	         "\xf0\x9f\x91\x91"},
	        {{.kind = INPUT_KEY, .key = INPUT_KEY_CHAR, .codepoint = 0x85}, "U+0085"},
	        {{.kind = INPUT_KEY, .key = INPUT_KEY_UP}, "Up"},
	        {{.kind = INPUT_KEY, .key = INPUT_KEY_UP, .mods = INPUT_MOD_CTRL},
	         "Ctrl-Up"},
	        {{.kind = INPUT_KEY, .key = INPUT_KEY_PAGEDOWN}, "PgDn"},
	        {{.kind = INPUT_KEY, .key = INPUT_KEY_PAGEUP}, "PgUp"},
	        {{.kind = INPUT_KEY, .key = INPUT_KEY_ENTER}, "Enter"},
	        {{.kind = INPUT_KEY, .key = INPUT_KEY_ESCAPE}, "Esc"},
	        {{.kind = INPUT_KEY, .key = INPUT_KEY_BACKSPACE}, "Backspace"},
	        {{.kind = INPUT_KEY, .key = INPUT_KEY_TAB, .mods = INPUT_MOD_SHIFT},
	         "Shift-Tab"},
	        {{.kind = INPUT_KEY, .key = INPUT_KEY_F1 + 4}, "F5"},
	        {{.kind = INPUT_KEY, .key = INPUT_KEY_F12}, "F12"},
	        {{.kind = INPUT_MOUSE, .button = INPUT_BUTTON_LEFT, .line = 4, .col = 9},
	         "click 4,9"},
	        {{.kind = INPUT_MOUSE,
	          .button = INPUT_BUTTON_LEFT,
	          .action = INPUT_RELEASE,
	          .line = 4,
	          .col = 9},
	         "release 4,9"},
	        {{.kind = INPUT_MOUSE, .button = INPUT_BUTTON_RIGHT, .line = 0, .col = 1},
	         "right-click 0,1"},
	        {{.kind = INPUT_MOUSE, .button = INPUT_WHEEL_DOWN, .line = 2, .col = 2},
	         "wheel down 2,2"},
	        {{.kind = INPUT_MOUSE,
	          .button = INPUT_BUTTON_LEFT,
	          .mods = INPUT_MOD_CTRL,
	          .line = 3,
	          .col = 3},
	         "Ctrl-click 3,3"},
	        {{.kind = INPUT_NONE}, ""},
	};
	char buf[32];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		assert_string_equal(input_describe(&cases[i].ev, buf, sizeof buf),
		                    cases[i].name);
	/* A short buffer is cut, never overrun. */
	assert_string_equal(input_describe(&cases[0].ev, buf, 4), "Ctr");
	assert_string_equal(input_describe(&cases[19].ev, buf, 8), "click 4");
	assert_ptr_equal(input_describe(&cases[0].ev, buf, 0), buf);
}

/* A table as a screen writes one, with grouped lines and hints by mode. */
enum { ACT_UP, ACT_DOWN, ACT_REDO, ACT_OPEN, ACT_QUIT, ACT_CLICK, ACT_MOVE };

static const struct keymap_row test_rows[] = {
        {ACT_UP, {KEY(UP), KCHAR('k'), KMOUSE(WHEEL_UP)}, "move", {{0, "arrows move"}}},
        {ACT_DOWN, {KEY(DOWN), KCHAR('j'), KMOUSE(WHEEL_DOWN)}, NULL, {}},
        {ACT_REDO,
         {KCTRL('r'), KCHAR('U')},
         "redo",
         {KEYMAP_GROUP("Undoing"), {KEYMAP_MORE, "^R redo"}}},
        {ACT_OPEN,
         {KEY(ENTER), KCHAR(' ')},
         "open",
         {{1, "Enter open"}, {2, "Enter go"}}},
        {ACT_CLICK, {KMOUSE(BUTTON_LEFT)}, "choose", {}},
        {ACT_QUIT, {KEY(ESCAPE), KCHAR('q')}, "leave", {{1 | 2, "q quit"}}},
        {ACT_MOVE, {KEY(LEFT), KCHAR('h')}, "move", {KEYMAP_GROUP("Moving")}},
        {ACT_MOVE, {KEY(RIGHT)}, NULL, {}},
        {ACT_MOVE, {KEY(DOWN)}, NULL, {}},
        {ACT_MOVE, {KEY(UP)}, NULL, {}},
};

static void test_keymap(void **state)
{
	struct keymap km = KEYMAP(test_rows);
	struct input_event ev = {
	        .kind = INPUT_KEY, .key = INPUT_KEY_CHAR, .codepoint = 'k'};
	const char *hints[8];
	char line[128];

	(void)state;
	/* Dispatch: characters with their Ctrl, named keys whatever the mods. */
	assert_int_equal(keymap_action(&km, &ev), ACT_UP);
	ev.codepoint = 'r';
	assert_int_equal(keymap_action(&km, &ev), -1);
	ev.mods = INPUT_MOD_CTRL;
	assert_int_equal(keymap_action(&km, &ev), ACT_REDO);
	ev.codepoint = 'k';
	assert_int_equal(keymap_action(&km, &ev), -1);
	ev.mods = INPUT_MOD_ALT; /* Escape then k, typed quickly */
	assert_int_equal(keymap_action(&km, &ev), ACT_UP);
	ev = (struct input_event){
	        .kind = INPUT_KEY, .key = INPUT_KEY_DOWN, .mods = INPUT_MOD_SHIFT};
	assert_int_equal(keymap_action(&km, &ev), ACT_DOWN);
	ev = (struct input_event){.kind = INPUT_MOUSE, .button = INPUT_WHEEL_DOWN};
	assert_int_equal(keymap_action(&km, &ev), ACT_DOWN);
	ev = (struct input_event){.kind = INPUT_MOUSE,
	                          .button = INPUT_BUTTON_LEFT,
	                          .action = INPUT_RELEASE};
	assert_int_equal(keymap_action(&km, &ev), -1);
	ev.action = INPUT_PRESS;
	assert_int_equal(keymap_action(&km, &ev), ACT_CLICK);

	/* The help: a line for the group, named keys, letters, then the mouse. */
	assert_int_equal(keymap_line_keys(&km, 0, line, sizeof line), 2);
	assert_string_equal(line, "Up Down, k j, wheel");
	assert_int_equal(keymap_line_keys(&km, 1, line, sizeof line), 0);
	assert_int_equal(keymap_line_keys(&km, 2, line, sizeof line), 1);
	assert_string_equal(line, "Ctrl-R, U");
	keymap_line_keys(&km, 3, line, sizeof line);
	assert_string_equal(line, "Enter Space");
	keymap_line_keys(&km, 4, line, sizeof line);
	assert_string_equal(line, "click");
	keymap_line_keys(&km, 5, line, sizeof line);
	assert_string_equal(line, "Escape, q");
	/* The four arrows on one line are one word, where the others stay. */
	assert_int_equal(keymap_line_keys(&km, 6, line, sizeof line), 4);
	assert_string_equal(line, "arrows, h");

	/* The help's groups: the heading a binding starts, and none for the rest. */
	assert_null(keymap_group(&km, 0));
	assert_string_equal(keymap_group(&km, 2), "Undoing");
	assert_null(keymap_group(&km, 3));
	assert_string_equal(keymap_group(&km, 6), "Moving");
	assert_null(keymap_group(&km, 7));
	assert_null(keymap_group(&km, 99));

	/* The key line: each row's first hint for the mode, the more ones last. */
	assert_int_equal(keymap_hints(&km, 1, hints, 8), 4);
	assert_string_equal(hints[1], "Enter open");
	assert_string_equal(hints[2], "q quit");
	assert_string_equal(hints[3], "^R redo");
	assert_int_equal(keymap_hints(&km, 2, hints, 8), 4);
	assert_string_equal(hints[1], "Enter go");
	assert_int_equal(keymap_hints(&km, 4, hints, 8), 2);
	assert_string_equal(hints[0], "arrows move");
	assert_string_equal(hints[1], "^R redo");
	/* No room for more: the plain ones first. */
	assert_int_equal(keymap_hints(&km, 1, hints, 2), 2);
	assert_string_equal(hints[1], "Enter open");
}

/* A job that runs until it is cancelled, and one that ends by itself. */
static void until_cancelled(struct task *t, void *arg)
{
	int *laps = arg;

	while (!task_cancelled(t)) {
		(*laps)++;
		usleep(1000);
	}
}

static void at_once(struct task *t, void *arg)
{
	(void)t;
	*(int *)arg = 42;
}

static void count_notice(void *ctx)
{
	atomic_fetch_add((atomic_int *)ctx, 1);
}

static void test_task(void **state)
{
	struct task t;
	atomic_int notices;
	int laps = 0, answer = 0;

	(void)state;
	atomic_init(&notices, 0);
	task_init(&t);
	assert_false(task_done(&t));
	assert_int_equal(task_start(&t, until_cancelled, &laps, count_notice, &notices),
	                 0);
	assert_false(task_wait(&t, 20));
	assert_false(task_done(&t));
	task_stop(&t);
	assert_false(t.running);
	assert_true(laps > 0);
	assert_int_equal(atomic_load(&notices), 1);
	/* Started again, it runs to its end and says so. */
	assert_int_equal(task_start(&t, at_once, &answer, count_notice, &notices), 0);
	assert_true(task_wait(&t, 5000));
	assert_true(task_done(&t));
	task_join(&t);
	assert_int_equal(answer, 42);
	assert_false(task_cancelled(&t));
	/* Destroying a running task stops and joins it first. */
	assert_int_equal(task_start(&t, until_cancelled, &laps, NULL, NULL), 0);
	task_destroy(&t);
	assert_int_equal(atomic_load(&notices), 2);
}

int main(void)
{
	static const char *const utf8_names[] = {"C.UTF-8", "C.utf8", "en_US.UTF-8"};
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_keys),
	        cmocka_unit_test(test_utf8_keys),
	        cmocka_unit_test(test_locale_decides),
	        cmocka_unit_test(test_mouse),
	        cmocka_unit_test(test_sequences),
	        cmocka_unit_test(test_escape),
	        cmocka_unit_test(test_fd),
	        cmocka_unit_test(test_mouse_enable),
	        cmocka_unit_test(test_focus),
	        cmocka_unit_test(test_describe),
	        cmocka_unit_test(test_keymap),
	        cmocka_unit_test(test_task),
	};

	for (size_t i = 0; i < sizeof utf8_names / sizeof *utf8_names && !utf8_locale;
	     i++)
		if (setlocale(LC_CTYPE, utf8_names[i]))
			utf8_locale = utf8_names[i];
	return cmocka_run_group_tests(tests, NULL, NULL);
}
