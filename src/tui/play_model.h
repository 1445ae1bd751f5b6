/* Play's state without a terminal: the board, undo and redo, the judge, the clock,
 * give-up. */
#ifndef NQ_PLAY_MODEL_H
#define NQ_PLAY_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board.h"
#include "engine/daily.h"
#include "engine/puzzle.h"
#include "engine/settings.h"
#include "engine/symmetry.h"
#include "engine/task.h"
#include "tui/theme.h"

struct store;
struct enum_table;

/* The board sizes Play takes, which the menu offers (through screen_env). */
#define PLAY_MIN_N 1
#define PLAY_MAX_N 18

/* What a Play model is given by whoever owns it (the screen, or a test). */
struct play_env {
	struct store *store;            /* saved progress, or NULL */
	const struct enum_table *table; /* prefix counts, to number solutions; or NULL */
	const char *puzzle_dir;         /* where the next puzzle comes from, or NULL */
	long long (*clock_ms)(void);    /* the clock of the games and puzzles */
	/* The judge's thread has a verdict: called on that thread; may be NULL. */
	void (*notify)(void *ctx);
	void *notify_ctx;
	int sync_max_n; /* up to this n the position is judged at once */
	/* The assists: 1 + enum settings_assist, or 0: some for a puzzle, all else. */
	int assist;
};

/* After this long without a key the clock stops, until the next key. */
#define PLAY_IDLE_MS 60000

/* The squares of the largest board (a puzzle's), for the player's marks. */
#define PLAY_SQUARES (PUZZLE_MAX_N * PUZZLE_MAX_N)

/* A position in the undo history. */
struct play_snap {
	int n; /* a size change is undone too */
	size_t count;
	struct square *sq;
	bool shown;   /* the solution s showed: undo goes back from it */
	bool *marked; /* the player's marks, n * n */
};

/* What the background judge works on and finds. */
struct play_judge {
	struct task task;
	struct board b; /* its own copy of the position */
	const struct enum_table *table;
	int rc;
	struct puzzle_status st;
	uint64_t index, class_index;
};

struct play_model {
	struct play_env env;
	int n;
	struct board b;
	struct square cursor;

	bool is_puzzle;
	struct puzzle pz;
	char puzzle_id[256];
	/*
	 * The clock of a puzzle, or of a free game since its board was new.
	 * It is fair: paused_ms is the time not counted (the screen covered by
	 * the help or another screen, from paused_at while it is, and what
	 * passed beyond PLAY_IDLE_MS between two keys), key_ms the last key's
	 * time.  Time stopped (Ctrl-Z) never reaches the clock it is given.
	 */
	long long started_ms, solved_ms;
	long long paused_ms, paused_at, key_ms;
	/*
	 * The assists on now (enum settings_assist), and those this game used:
	 * the hints shown and whether the verdict was on before the solve.  A
	 * solve with either is assisted, timed apart from clean ones.
	 */
	int assist;
	unsigned hints_used;
	bool verdict_seen;
	/* The squares the player marked "no queen here", file * n + rank. */
	bool marked[PLAY_SQUARES];
	/*
	 * gave_up: the position shown is the solution s showed (never said
	 * solved, and u goes back from it); peeked: s was used in this game,
	 * so that a solve after it earns nothing, until a new game.
	 */
	bool gave_up, peeked;
	struct puzzle next; /* the puzzle n opens, when next_id is set */
	char next_id[128];
	/*
	 * The best time of this puzzle or of a free game of this size (its name
	 * in best_id); set_best when this game's solve is the best, new_best
	 * when it beat one before, had_best and was_best_ms that one.
	 */
	char best_id[256];
	bool has_best, set_best, new_best, had_best;
	uint64_t best_ms, was_best_ms;
	uint64_t total, classes; /* solutions and classes for n; 0 when unknown */
	/* The puzzle of the day: its date, and the streak once it is solved. */
	bool is_daily;
	long daily_day;
	struct daily_streak streak;

	/* The judge's last verdict on the position shown. */
	bool judged;
	struct puzzle_status st;
	uint64_t index, class_index; /* of a solution; 0 when not known */
	enum sym transform;          /* from the class's representative */
	/*
	 * The solved-board event: solved_shown while the position shown is
	 * solved and has been said so; solved_events counts the times it
	 * became so, for a view that lights the queens up or rings.
	 */
	bool solved_shown;
	unsigned solved_events;

	bool hint_shown;
	struct square hint;
	bool confirm_leave; /* q during a puzzle asks first */
	char message[1200];

	struct play_snap *hist;
	size_t hist_len, hist_at, hist_cap;
	struct play_judge job;
};

/*
 * A model for an empty n × n board, or for the puzzle pz (copied; id names
 * it in the best times).  Returns -1 when memory runs short.
 */
int play_model_init(struct play_model *m, int n, const struct puzzle *pz, const char *id,
                    const struct play_env *env);
void play_model_free(struct play_model *m);

/*
 * The moves.  Those that change the board return -1 when memory runs short
 * (an error that ends the program), else 0; what went wrong otherwise
 * (nothing to undo, a given queen) is said in m->message.
 */
void play_model_move(struct play_model *m, int dfile, int drank); /* stops at edges */
void play_model_cursor(struct play_model *m, int file, int rank); /* -1 keeps one */
int play_model_toggle(struct play_model *m, struct square sq);
int play_model_undo(struct play_model *m, int step); /* -1 undo, 1 redo */
int play_model_clear(struct play_model *m);
int play_model_resize(struct play_model *m, int d); /* one size smaller or larger */
int play_model_give_up(struct play_model *m);
void play_model_hint(struct play_model *m);
/* Marks the square "no queen here" or takes the mark off; u undoes it. */
int play_model_mark(struct play_model *m, struct square sq);
bool play_model_marked(const struct play_model *m, struct square sq);
/* The next assists, none, some, all and round again: said in the message. */
void play_model_assist_next(struct play_model *m);
/* Whether this game's solve is (or would be) assisted. */
bool play_model_assisted(const struct play_model *m);
/* "clean", or "assisted: 3 hints, the verdict" (capital: "Clean", ...): what
 * this game used. */
void play_model_assist_words(const struct play_model *m, bool capital, char *buf,
                             size_t len);
/* Whether the attacked squares carry their dots: some assists or all. */
bool play_model_dots(const struct play_model *m);

/*
 * The fair clock: a key (play_model_key) ends an idle spell, of which only
 * PLAY_IDLE_MS counts; while covered (play_model_cover) the clock stands.
 */
void play_model_key(struct play_model *m);
void play_model_cover(struct play_model *m, bool covered);

/* Takes in the judge's verdict once its task is done; true when it was. */
bool play_model_wake(struct play_model *m);

/* Waits up to ms for the judge (tests); true when no verdict is pending. */
bool play_model_wait(struct play_model *m, long ms);

/* The milliseconds the clock shows: to the solve, or to now. */
long long play_model_elapsed_ms(const struct play_model *m);

/* Whether a puzzle has queens of the player's on it and is not solved yet. */
bool play_model_unfinished(const struct play_model *m);

/*
 * A puzzle left unfinished (play_saved.c): play_model_keep puts this game,
 * its queens, marks, clock and assists used, in the progress file (or takes
 * out the one a solve or s ended) and saves: 1 when kept, 0 when there was
 * nothing to keep, -1 with the reason in err.  play_model_resume, as the
 * puzzle opens, takes the game kept back; 1 when it did, with a message; a
 * damaged one is named in the message once and emptied.
 */
int play_model_keep(struct play_model *m, char *err, size_t errlen);
int play_model_resume(struct play_model *m);

/* Whether the square holds a queen the puzzle gives. */
bool play_model_is_given(const struct play_model *m, struct square sq);

/*
 * The queens by file for a search to start from, into ranks (n of them, -1
 * for an empty file); false, said in the message, when two share a file.
 */
bool play_model_ranks(struct play_model *m, int *ranks);

/*
 * The daily puzzle's result to share, once solved (not after s): "nqueens
 * daily 2026-11-27: 8x8 hard in 1:05, clean, streak 3", no square named.
 * False, and "", for another game.
 */
bool play_model_share(const struct play_model *m, char *buf, size_t len);

/* "1:05": minutes and seconds. */
void play_format_time(long secs, char *buf, size_t len);

/*
 * What the banner across a solved board says: "Solved — #37 of 92, class
 * 6, 0:42" (dash between the first word and the rest) in line, and in more
 * what else the solve earned or why it earned nothing ("A new best time:
 * it was 1:05."), or "".  Nothing when the board shown is not a solve.
 */
void play_model_banner(const struct play_model *m, const char *dash, char *line,
                       size_t len, char *more, size_t morelen);

/* The status's lines at most: what a solved puzzle of the day says. */
#define PLAY_STATUS_MAX 12

/*
 * A line of the status beside the board, and its role: the theme's item
 * that colours it (THEME_NORMAL, TITLE, GOOD, BAD or DIMMED).  The role is
 * decided here, where a test without a terminal sees it; the view draws.
 */
struct play_line {
	char text[512];
	enum theme_item role;
	bool gap; /* a blank line before it */
};

struct play_status {
	struct play_line line[PLAY_STATUS_MAX];
	int count;
	/* The first lines, which a small window keeps: queens, conflicts, solvable. */
	int core;
};

/* What the status says of the position shown, line by line, in s. */
void play_model_status(const struct play_model *m, struct play_status *s);

/* The role of the message under the board: a question before leaving is BAD. */
enum theme_item play_model_message_role(const struct play_model *m);

#endif
