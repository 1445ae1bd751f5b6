/* The full-screen program: the menu and the screens around one main loop. */
#include "config.h"

#include "app.h"

#include <curses.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datadir.h"
#include "enumerate.h"
#include "help.h"
#include "input.h"
#include "menu.h"
#include "play.h"
#include "puzzle.h"
#include "store.h"
#include "terminal.h"
#include "text.h"
#include "theme.h"
#include "watch.h"
#include "browse.h"

struct app {
	struct menu *menu;     /* NULL when started on a board */
	struct play *play;     /* the board being played, if any */
	struct watch *watch;   /* the search being watched, if any */
	struct browse *browse; /* the solutions being browsed, if any */
	bool help;             /* the help overlay is showing */
	struct store *store;   /* &saved when it could be set up */
	struct store saved;
	struct enum_table table;
	bool have_table;
	char notice[2048]; /* a one-time message, such as a damaged file set aside */
};

static void app_draw(void *ctx)
{
	struct app *a = ctx;
	int need_l, need_c;
	const struct help_entry *keys;
	size_t nkeys;

	if (a->browse)
		browse_min_size(a->browse, &need_l, &need_c);
	else if (a->watch)
		watch_min_size(a->watch, &need_l, &need_c);
	else if (a->play)
		play_min_size(a->play, &need_l, &need_c);
	else
		menu_min_size(&need_l, &need_c);
	if (LINES < need_l || COLS < need_c) {
		help_draw_too_small(need_l, need_c);
		return;
	}
	if (a->browse)
		browse_draw(a->browse);
	else if (a->watch)
		watch_draw(a->watch);
	else if (a->play)
		play_draw(a->play);
	else
		menu_draw(a->menu);
	/* All of it, however narrow the window: it may name a file to look at. */
	if (a->notice[0])
		text_message(a->notice, theme_attr(THEME_BAD), LINES - 2);
	if (a->help) {
		keys = a->browse  ? browse_help(&nkeys)
		       : a->watch ? watch_help(&nkeys)
		       : a->play  ? play_help(&nkeys)
		                  : menu_help(&nkeys);
		help_draw(a->browse  ? "Browse: keys"
		          : a->watch ? "Watch: keys"
		          : a->play  ? "Play: keys"
		                     : "Menu: keys",
		          keys, nkeys);
	}
}

static void open_play(struct app *a, int n, const struct puzzle *pz, const char *id)
{
	a->play = play_new(n, pz, id, a->store, a->have_table ? &a->table : NULL);
	if (!a->play)
		term_quit();
}

static void open_watch(struct app *a, int n, enum search_algo algo, enum search_goal goal,
                       const int *given)
{
	char err[256];

	a->watch = watch_new(n, algo, goal, given, err, sizeof err);
	if (!a->watch)
		term_quit();
}

static void open_browse(struct app *a, int n, uint64_t index)
{
	a->browse = browse_new(n, index, a->have_table ? &a->table : NULL);
	if (!a->browse)
		term_quit();
}

static void app_event(void *ctx, const struct input_event *ev)
{
	struct app *a = ctx;
	int need_l, need_c;

	if (ev->kind == INPUT_KEY && ev->key == INPUT_KEY_CHAR &&
	    (ev->mods & INPUT_MOD_CTRL)) {
		if (ev->codepoint == 'c') {
			term_quit();
			return;
		}
		if (ev->codepoint == 'z') {
			term_suspend();
			return;
		}
		if (ev->codepoint == 'l') {
			clearok(curscr, TRUE);
			return;
		}
	}
	a->notice[0] = '\0';
	if (a->help) {
		/* Any key closes the help; it is not passed on. */
		if (ev->kind == INPUT_KEY)
			a->help = false;
		return;
	}
	if (a->browse)
		browse_min_size(a->browse, &need_l, &need_c);
	else if (a->watch)
		watch_min_size(a->watch, &need_l, &need_c);
	else if (a->play)
		play_min_size(a->play, &need_l, &need_c);
	else
		menu_min_size(&need_l, &need_c);
	if (LINES < need_l || COLS < need_c) {
		/* Only quitting makes sense until the window grows. */
		if (ev->kind == INPUT_KEY && ev->key == INPUT_KEY_CHAR &&
		    ev->codepoint == 'q')
			term_quit();
		return;
	}
	if (ev->kind == INPUT_KEY && ev->key == INPUT_KEY_CHAR && ev->codepoint == '?' &&
	    !(ev->mods & INPUT_MOD_CTRL)) {
		a->help = true;
		return;
	}
	if (a->browse) {
		if (browse_key(a->browse, ev) == BROWSE_LEAVE) {
			browse_free(a->browse);
			a->browse = NULL;
			/* Back to the board it was opened from, or the menu. */
			if (!a->menu && !a->play)
				term_quit();
		}
		return;
	}
	if (a->watch) {
		if (watch_key(a->watch, ev) == WATCH_LEAVE) {
			watch_free(a->watch);
			a->watch = NULL;
			/* Back to the board it was opened from, or the menu. */
			if (!a->menu && !a->play)
				term_quit();
		}
		return;
	}
	if (a->play) {
		switch (play_key(a->play, ev)) {
		case PLAY_LEAVE:
			play_free(a->play);
			a->play = NULL;
			if (!a->menu)
				term_quit();
			break;
		case PLAY_WATCH:
			play_open_watch(a->play, &a->watch);
			break;
		case PLAY_BROWSE:
			open_browse(a, play_size(a->play), play_solution_index(a->play));
			break;
		default:
			break;
		}
		return;
	}
	switch (menu_key(a->menu, ev)) {
	case MENU_PLAY:
		open_play(a, menu_size(a->menu), NULL, NULL);
		break;
	case MENU_BROWSE:
		open_browse(a, menu_size(a->menu), 1);
		break;
	case MENU_WATCH:
		open_watch(a, menu_size(a->menu), SEARCH_BACKTRACK, SEARCH_ALL, NULL);
		break;
	case MENU_PUZZLE: {
		const char *id;
		const struct puzzle *pz = menu_puzzle(a->menu, &id);

		open_play(a, pz->n, pz, id);
		break;
	}
	case MENU_QUIT:
		term_quit();
		break;
	default:
		break;
	}
}

static void app_wake(void *ctx)
{
	struct app *a = ctx;

	if (a->browse)
		browse_wake(a->browse);
	if (a->play)
		play_wake(a->play);
}

static long app_timer_ms(void *ctx)
{
	struct app *a = ctx;

	if (a->browse)
		return -1;
	if (a->watch)
		return watch_timer_ms(a->watch);
	return a->play ? play_timer_ms(a->play) : -1;
}

static void app_tick(void *ctx)
{
	struct app *a = ctx;

	if (a->browse)
		return;
	if (a->watch)
		watch_tick(a->watch);
	else if (a->play)
		play_tick(a->play);
}

/* The puzzle's name for its best time: its file name without .txt. */
static void puzzle_id(const char *path, char *id, size_t len)
{
	char copy[4096], *base, *dot;

	snprintf(copy, sizeof copy, "%s", path);
	base = basename(copy);
	dot = strrchr(base, '.');
	if (dot && strcmp(dot, ".txt") == 0)
		*dot = '\0';
	snprintf(id, len, "%s", base);
}

int app_run(const struct app_opts *o)
{
	static const struct term_handlers handlers = {
	        app_draw, app_event, app_wake, app_timer_ms, app_tick,
	};
	struct app a;
	struct puzzle pz;
	char err[512], path[4096], id[256];
	int quit_sig;

	memset(&a, 0, sizeof a);
	if (o->puzzle_path && puzzle_load(o->puzzle_path, &pz, err, sizeof err) < 0) {
		fprintf(stderr, "nqueens: %s\n", err);
		return 2;
	}
	if (term_open(o->no_color, o->ascii, err, sizeof err) < 0) {
		fprintf(stderr, "nqueens: %s\n", err);
		return 2;
	}
	if (datadir_find("prefix-counts.tsv", path, sizeof path))
		a.have_table = enum_table_load(&a.table, path, err, sizeof err) == 0;
	if (store_init(&a.saved, NULL, err, sizeof err) == 0) {
		a.store = &a.saved;
		if (store_load(a.store, a.notice, sizeof a.notice) == 0)
			a.notice[0] = '\0';
	} else {
		snprintf(a.notice, sizeof a.notice, "Progress will not be kept: %s", err);
	}
	if (o->menu)
		a.menu = menu_new(o->n, datadir_find("puzzles", path, sizeof path),
		                  a.store);
	if (o->browse) {
		open_browse(&a, o->n, 1);
	} else if (o->watch) {
		open_watch(&a, o->n, o->algorithm, o->first ? SEARCH_FIRST : SEARCH_ALL,
		           o->given);
	} else if (o->puzzle_path) {
		puzzle_id(o->puzzle_path, id, sizeof id);
		open_play(&a, pz.n, &pz, id);
	} else if (!o->menu) {
		open_play(&a, o->n, NULL, NULL);
	}
	term_run(&handlers, &a);
	quit_sig = term_quit_signal();
	browse_free(a.browse);
	watch_free(a.watch);
	play_free(a.play);
	menu_free(a.menu);
	term_close();
	if (a.store)
		store_free(a.store);
	if (a.have_table)
		enum_table_free(&a.table);
	return quit_sig ? 128 + quit_sig : 0;
}
