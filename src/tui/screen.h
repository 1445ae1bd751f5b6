/* The table of operations every screen fills in; the app keeps the screens on a stack. */
#ifndef NQ_SCREEN_H
#define NQ_SCREEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "keymap.h"
#include "search.h"

struct input_event;
struct puzzle;
struct settings;
struct store;
struct enum_table;
struct lesson;

/* The board sizes Play takes, which the menu offers. */
#define PLAY_MIN_N 1
#define PLAY_MAX_N 18

/* The screens there are. */
enum screen_kind {
	SCREEN_MENU,
	SCREEN_PLAY,
	SCREEN_WATCH,
	SCREEN_BROWSE,
	SCREEN_HELP,
	SCREEN_LESSON,
	SCREEN_KINDS,
};

/*
 * What opens a screen: the start screen from the command line, or a screen
 * asked for by the one on top (Play's w opens Watch from its position).
 * Pointers need only last until the screen is open: it copies what it keeps.
 */
struct screen_open {
	enum screen_kind kind;
	int n;                       /* the board size */
	const struct puzzle *puzzle; /* PLAY: a puzzle to complete, or NULL */
	const char *puzzle_id;       /* and its name for the best times */
	enum search_algo algo;       /* WATCH */
	enum search_goal goal;
	const int *given; /* WATCH: queens to start from by file, -1 empty; or NULL */
	uint64_t event;   /* WATCH: the event to show first (0: the start) */
	int speed;        /* WATCH: events a second (0: its own) */
	bool play;        /* WATCH: the search plays on from the start */
	bool big;         /* WATCH: projector mode */
	bool quiz;        /* WATCH: in predict mode, asking before each decision */
	uint64_t index;   /* BROWSE: the solution to show first (0: the first) */
	bool classes; /* BROWSE: the classes; with index, the members of class #index */
	const struct lesson *lesson; /* LESSON: the lesson to run */
	bool lessons;                /* MENU: open on the list of lessons */
	const char *title; /* HELP: whose keys, the screen's own and those of all */
	const struct keymap *keys, *also_keys;
};

struct screen;
struct screen_env;

/*
 * How a module opens its screen: fills *out, or returns -1 with a sentence
 * in err saying why it cannot open ("Cannot watch from here: ...").
 */
typedef int screen_open_fn(struct screen *out, const struct screen_open *o,
                           const struct screen_env *env, char *err, size_t errlen);

/* What every screen may use, owned by the app. */
struct screen_env {
	/* The app's openers by kind: a lesson opens its steps' screens inside it. */
	screen_open_fn *const *openers;
	struct store *store;            /* saved progress, or NULL */
	struct settings *settings;      /* the config file's (settings.h), never NULL */
	const struct enum_table *table; /* prefix counts, or NULL */
	const char *puzzle_dir;         /* the shipped puzzles, or NULL */
	const char *lesson_dir;         /* the shipped lessons, or NULL */
	bool bell;                      /* ring when a board is solved */
};

/* What the main loop does after a screen has taken an event, as htop's panels say. */
enum screen_reply {
	SCREEN_STAY,  /* the screen stays on top */
	SCREEN_OPEN,  /* open the screen the handler described in *open, over this one */
	SCREEN_CLOSE, /* close this one: back to the screen below, or the end */
	SCREEN_REPLACE, /* open the screen in *open in this one's place */
	SCREEN_QUIT,    /* end the program */
};

/*
 * A screen's operations, in the manner of tmux's window modes.  self is the
 * screen's own state.  Every operation but draw, key and min_size may be
 * NULL.
 */
struct screen_ops {
	const char *title; /* "Play": the help is "Play: keys" */
	bool overlay;      /* drawn over the screen below it (the help) */
	void (*free)(void *self);
	void (*draw)(void *self);
	/* A key: the screen's keymap says which action it is. */
	enum screen_reply (*key)(void *self, const struct input_event *ev,
	                         struct screen_open *open);
	enum screen_reply (*mouse)(void *self, const struct input_event *ev,
	                           struct screen_open *open);
	void (*wake)(void *self);     /* background work has news */
	long (*timer_ms)(void *self); /* ms until tick is due, -1 for never */
	void (*tick)(void *self);
	void (*min_size)(const void *self, int *lines, int *cols);
	const struct keymap *(*keys)(const void *self); /* for the help */
	/*
	 * A screen that shows a search (Watch), for a lesson that asks about
	 * it: the search, to read; a move to event k, playing on from there
	 * or paused.  NULL for the others.
	 */
	const struct search *(*search)(const void *self);
	void (*seek)(void *self, uint64_t k, bool play);
};

/* An open screen. */
struct screen {
	const struct screen_ops *ops;
	void *self;
};

#endif
