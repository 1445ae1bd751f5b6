/* The full-screen program: a stack of screens around one main loop. */
#include "config.h"

#include "tui/app.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/browse.h"
#include "datadir.h"
#include "engine/enumerate.h"
#include "tui/help.h"
#include "tui/input.h"
#include "tui/lesson.h"
#include "tui/menu.h"
#include "tui/play.h"
#include "tui/play_model.h"
#include "tui/race.h"
#include "tui/regions.h"
#include "tui/screen.h"
#include "engine/settings.h"
#include "engine/store.h"
#include "tui/stats.h"
#include "tui/summary.h"
#include "tui/terminal.h"
#include "tui/text.h"
#include "tui/theme.h"
#include "tui/watch.h"
#include "tui/watch_regions.h"

/* Deeper than any way through the screens: menu, lesson, play, watch or browse, help. */
#define STACK_MAX 8

static screen_open_fn *const openers[SCREEN_KINDS] = {
        [SCREEN_MENU] = menu_open,
        [SCREEN_PLAY] = play_open,
        [SCREEN_WATCH] = watch_open,
        [SCREEN_BROWSE] = browse_open,
        [SCREEN_HELP] = help_open,
        [SCREEN_LESSON] = lesson_open,
        [SCREEN_SUMMARY] = summary_open,
        [SCREEN_RACE] = race_open,
        [SCREEN_STATS] = stats_open,
        [SCREEN_REGIONS] = regions_open,
        [SCREEN_WATCH_REGIONS] = watch_regions_open,
};

struct app {
	struct screen stack[STACK_MAX];
	int depth;
	struct screen_env env;
	struct store saved;
	struct settings settings;
	struct enum_table table;
	bool have_table;
	char puzzle_dir[4096];
	char lesson_dir[4096];
	char notice[2400]; /* a one-time message: a file set aside, a screen refused */
	bool notice_info;  /* the notice is news (the theme chosen), not a fault */
	char failure[256]; /* why the program ends with status 1 (out of memory) */
};

/* The keys every screen has, handled here before the screen sees them. */
enum app_action { APP_QUIT, APP_SUSPEND, APP_REDRAW, APP_HELP, APP_THEME };

static const struct keymap_row app_rows[] = {
        {APP_HELP, {KCHAR('?')}, "this help", {KEYMAP_GROUP("Everywhere")}},
        {APP_THEME, {KCHAR('T')}, "the next colour theme (kept in the config file)", {}},
        {APP_QUIT, {KCTRL('c')}, "quit at once", {}},
        {APP_SUSPEND, {KCTRL('z')}, "suspend", {}},
        {APP_REDRAW, {KCTRL('l')}, "redraw the screen", {}},
};
static const struct keymap app_keys = KEYMAP(app_rows);

/* While the window is too small, only quitting makes sense. */
static const struct keymap_row small_rows[] = {
        {APP_QUIT, {KCHAR('q')}, "quit", {}},
};
static const struct keymap small_keys = KEYMAP(small_rows);

static struct screen *top(struct app *a)
{
	return a->depth ? &a->stack[a->depth - 1] : NULL;
}

/* The screen the window shows: the top one, or the one under an overlay. */
static struct screen *shown(struct app *a)
{
	int i = a->depth - 1;

	while (i > 0 && a->stack[i].ops->overlay)
		i--;
	return i >= 0 ? &a->stack[i] : NULL;
}

static void pop(struct app *a)
{
	struct screen *s = top(a);

	if (!s)
		return;
	if (s->ops->free)
		s->ops->free(s->self);
	a->depth--;
	if (a->depth == 0)
		term_quit();
	else if (top(a)->ops->cover)
		top(a)->ops->cover(top(a)->self, false);
}

/*
 * Opens a screen over the others.  One that cannot open says why, over the
 * screen below; returns -1 then.
 */
static int push(struct app *a, const struct screen_open *o, char *err, size_t errlen)
{
	struct screen s;

	if (a->depth == STACK_MAX) {
		snprintf(err, errlen, "Too many screens open: q leaves this one.");
		return -1;
	}
	if (openers[o->kind](&s, o, &a->env, err, errlen) < 0)
		return -1;
	if (a->depth && top(a)->ops->cover)
		top(a)->ops->cover(top(a)->self, true);
	a->stack[a->depth++] = s;
	return 0;
}

/* Opens a screen in the top one's place; the top one stays if it cannot. */
static void replace(struct app *a, const struct screen_open *o)
{
	struct screen old = a->stack[a->depth - 1];

	a->depth--;
	if (push(a, o, a->notice, sizeof a->notice) < 0) {
		a->depth++;
		return;
	}
	if (old.ops->free)
		old.ops->free(old.self);
}

/* Adds a sentence to the notice (a fault unless info). */
static void notify(struct app *a, bool info, const char *text)
{
	size_t len = strlen(a->notice);

	if (len == 0)
		a->notice_info = info;
	else
		a->notice_info = a->notice_info && info;
	snprintf(a->notice + len, sizeof a->notice - len, "%s%s", len ? " " : "", text);
}

static void push_here(struct app *a, const struct screen_open *o)
{
	char err[sizeof a->notice];

	if (push(a, o, err, sizeof err) < 0)
		notify(a, false, err);
}

/* T: the next theme, drawn at once and kept in the config file. */
static void next_theme(struct app *a)
{
	int t = (theme_current() + 1) % SETTINGS_THEMES;
	const char *name = settings_theme_name(t);
	char line[1400], err[1200];
	size_t len;

	theme_set(t);
	len = (size_t)snprintf(line, sizeof line, "Theme: %s (T for the next).", name);
	if (theme_colors() == 0)
		len += (size_t)snprintf(line + len, sizeof line - len,
		                        " Without colours every theme looks the same.");
	else if (theme_colors() < 256)
		len += (size_t)snprintf(line + len, sizeof line - len,
		                        " This terminal has %d colours: the themes share "
		                        "one board.",
		                        theme_colors());
	if (settings_set(&a->settings, "theme", name, err, sizeof err) < 0 ||
	    settings_save(&a->settings, err, sizeof err) < 0)
		snprintf(line + len, sizeof line - len, " Not saved: %s.", err);
	notify(a, true, line);
}

/* The whole window, which the app gives the screen it shows. */
static struct layout_rect window(void)
{
	return (struct layout_rect){0, 0, LINES, COLS};
}

static bool too_small(struct app *a, int *need_l, int *need_c)
{
	struct screen *s = shown(a);

	s->ops->min_size(s->self, need_l, need_c);
	return LINES < *need_l || COLS < *need_c;
}

static void app_draw(void *ctx)
{
	struct app *a = ctx;
	struct screen *s = shown(a);
	int need_l, need_c;

	if (!s)
		return;
	if (too_small(a, &need_l, &need_c)) {
		help_draw_too_small(window(), need_l, need_c);
		return;
	}
	/* Overlays over it, in order. */
	for (struct screen *o = s; o < a->stack + a->depth; o++)
		if (o->ops->resize)
			o->ops->resize(o->self, window());
	s->ops->draw(s->self, window());
	if (a->notice[0])
		text_message(window(), a->notice,
		             a->notice_info ? (int)A_NORMAL : theme_attr(THEME_BAD),
		             LINES - 2);
	for (struct screen *o = s + 1; o < a->stack + a->depth; o++)
		o->ops->draw(o->self, window());
}

static void host_open(void *ctx, const struct screen_open *o)
{
	push_here(ctx, o);
}

static void host_close(void *ctx)
{
	pop(ctx);
}

static void host_replace(void *ctx, const struct screen_open *o)
{
	replace(ctx, o);
}

/* The end of the program: an error is said once the terminal is given back. */
static void host_quit(void *ctx, const char *error)
{
	struct app *a = ctx;

	if (error)
		snprintf(a->failure, sizeof a->failure, "%s", error);
	term_quit();
}

static void app_event(void *ctx, const struct input_event *ev)
{
	struct app *a = ctx;
	struct screen *s = top(a);
	struct screen_open o = {0};
	const struct screen_host host = {host_open, host_close, host_replace, host_quit,
	                                 a};
	int need_l, need_c, action = keymap_action(&app_keys, ev);

	/* The focus gone elsewhere covers the screen as the help does. */
	if (ev->kind == INPUT_FOCUS) {
		if (s && s->ops->cover)
			s->ops->cover(s->self, !ev->focused);
		return;
	}
	switch (action) {
	case APP_QUIT:
		term_quit();
		return;
	case APP_SUSPEND:
		term_suspend();
		return;
	case APP_REDRAW:
		clearok(curscr, TRUE);
		return;
	case APP_THEME:
		a->notice[0] = '\0';
		/* Over the help, T is a key like any other that closes it, too. */
		if (s && s->ops->overlay)
			pop(a);
		next_theme(a);
		return;
	default:
		break;
	}
	a->notice[0] = '\0';
	if (!s)
		return;
	if (too_small(a, &need_l, &need_c)) {
		if (keymap_action(&small_keys, ev) == APP_QUIT)
			term_quit();
		return;
	}
	if (!s->ops->overlay && action == APP_HELP) {
		struct screen_open h = {.kind = SCREEN_HELP,
		                        .help = {.title = s->ops->title,
		                                 .keys = s->ops->keys(s->self),
		                                 .also_keys = &app_keys}};

		push_here(a, &h);
		return;
	}
	if (ev->kind == INPUT_MOUSE)
		screen_follow(&host,
		              s->ops->mouse ? s->ops->mouse(s->self, ev, window(), &o)
		                            : SCREEN_STAY,
		              &o);
	else if (ev->kind == INPUT_KEY)
		screen_follow(&host, s->ops->key(s->self, ev, &o), &o);
}

static void app_wake(void *ctx)
{
	struct app *a = ctx;

	/* Work started by a screen under the top one finishes too. */
	for (int i = 0; i < a->depth; i++)
		if (a->stack[i].ops->wake)
			a->stack[i].ops->wake(a->stack[i].self);
}

static long app_timer_ms(void *ctx)
{
	struct screen *s = shown(ctx);

	return s && s->ops->timer_ms ? s->ops->timer_ms(s->self) : -1;
}

static void app_tick(void *ctx)
{
	struct screen *s = shown(ctx);

	if (s && s->ops->tick)
		s->ops->tick(s->self);
}

/* Reads the data the screens share; what cannot be read is said once. */
static void load_env(struct app *a)
{
	char err[1024], path[4096];

	if (datadir_find("prefix-counts.tsv", path, sizeof path))
		a->have_table = enum_table_load(&a->table, path, err, sizeof err) == 0;
	a->env.table = a->have_table ? &a->table : NULL;
	a->env.play_min_n = PLAY_MIN_N;
	a->env.play_max_n = PLAY_MAX_N;
	if (datadir_find("puzzles", a->puzzle_dir, sizeof a->puzzle_dir))
		a->env.puzzle_dir = a->puzzle_dir;
	if (datadir_find("lessons", a->lesson_dir, sizeof a->lesson_dir))
		a->env.lesson_dir = a->lesson_dir;
	if (store_init(&a->saved, NULL, err, sizeof err) == 0) {
		a->env.store = &a->saved;
		if (store_load(a->env.store, err, sizeof err) != 0)
			notify(a, false, err);
	} else {
		snprintf(path, sizeof path, "Progress will not be kept: %s", err);
		notify(a, false, path);
	}
	/* A bad line is said once, here, and then ignored. */
	if (settings_load(&a->settings, err, sizeof err) != 0)
		notify(a, false, err);
	a->env.settings = &a->settings;
	/* What an export killed in this directory left, if none is running. */
	store_export_cleanup();
}

/*
 * The clock the golden frames' tests run on (NQUEENS_TEST_CLOCK): it shows
 * the same time at every turn.  Not 0, which the games read as "not yet".
 */
static long long stopped_clock(void)
{
	return 1000;
}

int app_run(const struct app_opts *o)
{
	static const struct term_handlers handlers = {
	        app_draw, app_event, app_wake, app_timer_ms, app_tick,
	};
	struct app *a = calloc(1, sizeof *a);
	char err[1200];
	int quit_sig;

	if (!a) {
		fprintf(stderr, "nqueens: out of memory\n");
		return 1;
	}
	if (term_open(o->no_color, o->ascii, err, sizeof err) < 0) {
		fprintf(stderr, "nqueens: %s\n", err);
		free(a);
		return 2;
	}
	if (settings_init(&a->settings, NULL) < 0) {
		term_close();
		fprintf(stderr, "nqueens: out of memory\n");
		free(a);
		return 1;
	}
	a->env.openers = openers;
	a->env.clock_ms = getenv("NQUEENS_TEST_CLOCK") ? stopped_clock : term_game_ms;
	load_env(a);
	a->env.assist = o->assist > 0 ? o->assist : settings_assist(&a->settings) + 1;
	a->env.bell = !o->quiet && settings_bell(&a->settings);
	/* The command line's theme wins over the config file's. */
	theme_set(o->theme >= 0                       ? o->theme
	          : settings_theme(&a->settings) >= 0 ? settings_theme(&a->settings)
	                                              : SETTINGS_THEME_CALM);
	theme_set_background(settings_background(&a->settings));
	/* A start screen that cannot open is said on stderr, not in a blank window. */
	if (push(a, &o->start, err, sizeof err) < 0) {
		term_close();
		fprintf(stderr, "nqueens: %s\n", err);
		quit_sig = -1;
	} else {
		term_run(&handlers, a);
		quit_sig = term_quit_signal();
	}
	while (a->depth > 0)
		pop(a);
	term_close();
	if (a->env.store)
		store_free(a->env.store);
	settings_free(&a->settings);
	if (a->have_table)
		enum_table_free(&a->table);
	if (a->failure[0]) {
		fprintf(stderr, "nqueens: %s\n", a->failure);
		free(a);
		return 1;
	}
	free(a);
	/* Everything given back and freed: now end of the signal, as asked. */
	if (quit_sig > 0)
		term_reraise(quit_sig);
	return quit_sig < 0 ? 2 : quit_sig ? 128 + quit_sig : 0;
}
