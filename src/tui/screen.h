/* The table of operations every screen fills in; the app keeps the screens on a stack. */
#ifndef NQ_SCREEN_H
#define NQ_SCREEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tui/keymap.h"
#include "tui/layout.h"
#include "engine/search.h"

struct input_event;
struct puzzle;
struct settings;
struct store;
struct enum_table;
struct lesson;
struct quiz_log;
struct compare_event;

/* The screens there are. */
enum screen_kind {
	SCREEN_MENU,
	SCREEN_PLAY,
	SCREEN_WATCH,
	SCREEN_BROWSE,
	SCREEN_HELP,
	SCREEN_LESSON,
	SCREEN_SUMMARY,
	SCREEN_RACE,
	SCREEN_STATS,
	SCREEN_REGIONS,
	SCREEN_WATCH_REGIONS,
	SCREEN_KINDS,
};

/*
 * Each screen's options, read by its open function and by no other: a
 * screen opened with another's options finds its own zero (a struct of
 * them, not a union, so that a screen reading another's reads nothing).
 */
struct play_opts {
	int n;                       /* the board size */
	const struct puzzle *puzzle; /* a puzzle to complete, or NULL */
	const char *puzzle_id;       /* and its name for the best times */
};

struct watch_opts {
	int n;
	enum search_algo algo;
	enum search_goal goal;
	const int *given; /* queens to start from by file, -1 empty; or NULL */
	uint64_t event;   /* the event to show first (0: the start) */
	int speed;        /* events a second (0: its own) */
	bool play;        /* the search plays on from the start */
	uint64_t until;   /* with play, it pauses at this event (0: the end) */
	/*
	 * The listing shown, as --code or a lesson's code: names it
	 * ("pseudocode", "python", "c", "java"); NULL: the config file's.
	 */
	const char *listing;
	/* What c chooses is the opener's (a lesson's) to keep, not the config file's. */
	bool listing_kept;
	bool big;      /* projector mode */
	unsigned keep; /* the panels projector mode keeps too (lesson.h's
	                  lesson_panel bits: a lesson step's keep:) */
	bool quiz;     /* in predict mode, asking before each decision */
	/*
	 * --replay: a student's events (compare.h's, nreplay of them) stepped
	 * beside the reference search of algo, from the file named replay_name.
	 */
	const struct compare_event *replay;
	size_t nreplay;
	const char *replay_name;
	bool replay_cut; /* the file holds more events than these, the most read */
	/*
	 * A lesson step's words: the lines they quote ("for rank in
	 * range(n):") are kept in the listing's view.  NULL: none.
	 */
	const char *words;
};

struct browse_opts {
	int n;
	uint64_t index;    /* the solution to show first (0: the first) */
	bool classes;      /* the classes; with index, the members of class #index */
	uint64_t class_at; /* the classes: the class chosen, whose page shows (0: the
	                      first) */
};

struct race_opts {
	int n;
	const enum search_algo *algos; /* the runners (NULL: the default four) */
	int nalgos;
	enum search_goal goal;
	int speed; /* events a second (0: its own) */
	bool play; /* the race runs from the start */
};

struct lesson_opts {
	const struct lesson *lesson; /* the lesson to run */
	bool big;                    /* in projector mode */
	int step;                    /* the step to open at, 0-based (--step) */
};

struct regions_board;

struct regions_opts {
	const struct regions_board *board; /* the puzzle to play */
	const char *id;                    /* its name in the best times, or NULL */
	const char *game_id; /* the name its unfinished game is kept under, or NULL */
	bool daily;          /* the regions puzzle of the day day */
	long day;
};

struct watch_regions_opts {
	const struct regions_board *board; /* the puzzle to watch reasoned */
};

struct menu_opts {
	int n;        /* the board size offered first */
	bool lessons; /* open on the list of lessons */
};

struct help_opts {
	const char *title; /* whose keys: the screen's own, and those of all */
	const struct keymap *keys, *also_keys;
};

struct summary_opts {
	const char *title;          /* of what */
	const struct quiz_log *log; /* the questions asked and how they ended */
};

/*
 * What opens a screen: the start screen from the command line, or a screen
 * asked for by the one on top (Play's w opens Watch from its position).
 * kind says which of the options are read.  Pointers need only last until
 * the screen is open: it copies what it keeps.
 */
struct screen_open {
	enum screen_kind kind;
	struct play_opts play;
	struct watch_opts watch;
	struct browse_opts browse;
	struct race_opts race;
	struct lesson_opts lesson;
	struct menu_opts menu;
	struct help_opts help;
	struct summary_opts summary;
	struct regions_opts regions;
	struct watch_regions_opts watch_regions;
	const char *error; /* with SCREEN_FAIL: what went wrong ("out of memory") */
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
	/*
	 * The clock of games and puzzles: the terminal's, or one stopped for
	 * the tests' golden frames (NQUEENS_TEST_CLOCK).
	 */
	long long (*clock_ms)(void);
	struct store *store;            /* saved progress, or NULL */
	struct settings *settings;      /* the config file's (settings.h), never NULL */
	const struct enum_table *table; /* prefix counts, or NULL */
	const char *puzzle_dir;         /* the shipped puzzles, or NULL */
	const char *lesson_dir;         /* the shipped lessons, or NULL */
	/* The board sizes Play takes (play_model.h's), for the menu that offers them. */
	int play_min_n, play_max_n;
	bool bell;  /* ring when a board is solved */
	int assist; /* Play's assists: 1 + enum settings_assist, or 0: by the game */
};

/* What the main loop does after a screen has taken an event, as htop's panels say. */
enum screen_reply {
	SCREEN_STAY,  /* the screen stays on top */
	SCREEN_OPEN,  /* open the screen the handler described in *open, over this one */
	SCREEN_CLOSE, /* close this one: back to the screen below, or the end */
	SCREEN_REPLACE, /* open the screen in *open in this one's place */
	SCREEN_QUIT,    /* end the program */
	SCREEN_FAIL,    /* end the program with the error in open->error, status 1 */
};

/*
 * A screen's operations, in the manner of tmux's window modes.  self is the
 * screen's own state.  A screen is given the rectangle of the window it
 * has (the whole window, or the part a lesson's step leaves above its
 * panel): draw paints its model there, reading it only; mouse is given
 * the same rectangle, so that it finds what is under a click as draw put
 * it.  Every operation but draw, key and min_size may be NULL.
 */
struct screen_ops {
	const char *title; /* "Play": the help is "Play: keys" */
	bool overlay;      /* drawn over the screen below it (the help) */
	void (*free)(void *self);
	/*
	 * Before each draw, with the rectangle it is for: a screen whose model
	 * keeps what depends on the size (Browse's pages) sets it here.
	 */
	void (*resize)(void *self, struct layout_rect r);
	void (*draw)(const void *self, struct layout_rect r);
	/* A key: the screen's keymap says which action it is. */
	enum screen_reply (*key)(void *self, const struct input_event *ev,
	                         struct screen_open *open);
	enum screen_reply (*mouse)(void *self, const struct input_event *ev,
	                           struct layout_rect r, struct screen_open *open);
	void (*wake)(void *self);     /* background work has news */
	long (*timer_ms)(void *self); /* ms until tick is due, -1 for never */
	void (*tick)(void *self);
	/*
	 * Another screen (the help, Watch, ...) covers this one, or it is on
	 * top again: a game's clock stands while it is covered.
	 */
	void (*cover)(void *self, bool covered);
	void (*min_size)(const void *self, int *lines, int *cols);
	const struct keymap *(*keys)(const void *self); /* for the help */
	/*
	 * A screen that shows a search (Watch), for a lesson that asks about
	 * it: the search, to read; a move to event k, playing on from there
	 * or paused.  NULL for the others.
	 */
	const struct search *(*search)(const void *self);
	void (*seek)(void *self, uint64_t k, bool play);
	/*
	 * Projector mode on or off, for a lesson that keeps it from one step
	 * to the next (Watch's z); NULL for a screen without one.
	 */
	void (*big)(void *self, bool on);
	/*
	 * The listing shown, by the name --code takes ("pseudocode", "python",
	 * "c", "java"), for a lesson that keeps the one c chose from one step
	 * to the next (Watch's c); NULL for a screen without one.
	 */
	const char *(*listing)(const void *self);
	/*
	 * A lesson asks the class what comes next in the search shown (on),
	 * or has had the answer (off): meanwhile the narration does not tell
	 * it.  NULL for a screen without one.
	 */
	void (*asking)(void *self, bool on);
};

/* An open screen. */
struct screen {
	const struct screen_ops *ops;
	void *self;
};

/*
 * Where a screen's reply leads, for the app's stack of screens and for a
 * lesson's step alike: what the host does with each reply it takes.  A
 * host leaves NULL the replies it passes on to whoever holds it.
 */
struct screen_host {
	void (*open)(void *ctx, const struct screen_open *o);    /* SCREEN_OPEN */
	void (*close)(void *ctx);                                /* SCREEN_CLOSE */
	void (*replace)(void *ctx, const struct screen_open *o); /* SCREEN_REPLACE */
	void (*quit)(void *ctx, const char *error); /* QUIT (error NULL) and FAIL */
	void *ctx;
};

/*
 * Follows reply r (with o, its screen_open): returns SCREEN_STAY when the
 * host took it, else r for the host's holder to follow.
 */
enum screen_reply screen_follow(const struct screen_host *h, enum screen_reply r,
                                const struct screen_open *o);

#endif
