/* Queens with regions, the game's state without a terminal: queens, marks, undo,
 * conflicts by the rules, the clock, hints that teach. */
#ifndef NQ_REGIONS_MODEL_H
#define NQ_REGIONS_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board.h"
#include "engine/regions.h"
#include "tui/theme.h"

struct store;

/* The board sizes the screen plays, those the generator makes. */
#define REGIONS_PLAY_MIN_N REGIONS_GEN_MIN_N
#define REGIONS_PLAY_MAX_N REGIONS_GEN_MAX_N

/* After this long without a key the clock stops, until the next key (as Play's). */
#define REGIONS_IDLE_MS 60000

/* The positions undo goes back through. */
#define REGIONS_HISTORY 512

/* What a model is given by whoever owns it (the screen, or a test). */
struct regions_env {
	struct store *store;         /* saved best times, or NULL */
	long long (*clock_ms)(void); /* the clock of the game */
	/* The assists: 1 + enum settings_assist, or 0: some (hints on). */
	int assist;
};

/* A position: the queens and the player's marks, by rank (bit f: file f). */
struct regions_pos {
	uint16_t queens[REGIONS_MAX_N];
	uint16_t marks[REGIONS_MAX_N];
};

struct regions_model {
	struct regions_env env;
	struct regions_board board;
	char id[128];      /* its name in the best times ("regions-8-medium"), or "" */
	char game_id[128]; /* the name its game is kept under when left, or "" */
	/* The regions' names in the hints' words (colours, or NULL: letters). */
	const char *names[REGIONS_MAX_N];
	struct regions_pos pos;
	struct square cursor;
	/* The undo history: hist[0..hist_len), the position shown is hist[hist_at]. */
	struct regions_pos hist[REGIONS_HISTORY];
	int hist_len, hist_at;
	/* The fair clock, as Play's: time covered and idle beyond a minute not counted.
	 */
	long long started_ms, solved_ms, paused_ms, paused_at, key_ms;
	int assist;          /* enum settings_assist */
	unsigned hints_used; /* hints asked for: the solve is assisted */
	/*
	 * The hint: hint_stage 1 while the deduction is shown (its squares and
	 * regions lit, its words in hint_text), and t again applies it; 0 none.
	 */
	int hint_stage;
	bool hint_bad; /* the words say what breaks a rule (stage 2) */
	struct regions_deduction hint;
	char hint_text[REGIONS_TEXT_MAX + 200];
	/* The best time: has_best and best_ms before this solve, new_best if it beat it.
	 */
	bool has_best, new_best;
	uint64_t best_ms;
	/* The regions puzzle of the day: its date and the streak once solved. */
	bool is_daily;
	long daily_day;
	int streak;
	bool confirm_leave;
	char message[1200];
};

/* A model for board b (copied); id names it in the best times ("" for none). */
void regions_model_init(struct regions_model *m, const struct regions_board *b,
                        const char *id, const struct regions_env *env);

/* The moves; what went wrong (a given queen, nothing to undo) is said in m->message. */
void regions_model_move(struct regions_model *m, int dfile, int drank);
void regions_model_cursor(struct regions_model *m, int file, int rank);
void regions_model_toggle(struct regions_model *m, struct square sq);
void regions_model_mark(struct regions_model *m, struct square sq);
void regions_model_undo(struct regions_model *m, int step); /* -1 undo, 1 redo */
void regions_model_clear(struct regions_model *m);

/*
 * t: the first press names the next deduction (hint_stage 1, its words in
 * hint_text); the second applies it (a queen placed, or squares marked).
 * When the position breaks a rule, the words say what is wrong instead
 * (hint_stage 2, hint_bad), or that no deduction applies (stage 2).
 */
void regions_model_hint(struct regions_model *m);
/* Esc: the hint shown goes, unapplied. */
void regions_model_hint_hide(struct regions_model *m);

/*
 * w: whether Watch it reasoned may open on this puzzle.  It shows the
 * answer, so on an unsolved board it is a hint: counted (the solve is
 * assisted), and refused with assists none (said in m->message).
 */
bool regions_model_watch(struct regions_model *m);

/* The next assists: none (no hints), some, all. */
void regions_model_assist_next(struct regions_model *m);

/* What the squares hold. */
bool regions_model_queen(const struct regions_model *m, struct square sq);
bool regions_model_marked(const struct regions_model *m, struct square sq);
bool regions_model_given(const struct regions_model *m, struct square sq);
/*
 * Whether a queen on the board rules sq out by the rules (its row, column,
 * region or a neighbour: engine/regions.h's regions_attacked), for the
 * attacked squares' dots; false with assists none and for a queen's square.
 */
bool regions_model_attacked(const struct regions_model *m, struct square sq);
/* Whether the queen on sq breaks a rule with another queen. */
bool regions_model_conflict(const struct regions_model *m, struct square sq);
/* How many queens, and how many in conflict. */
int regions_model_queens(const struct regions_model *m);
int regions_model_conflicts(const struct regions_model *m);
bool regions_model_solved(const struct regions_model *m);
/* Whether the hint shown uses sq (its squares, rows, columns, regions), or strikes it. */
bool regions_model_hint_uses(const struct regions_model *m, struct square sq);
bool regions_model_hint_strikes(const struct regions_model *m, struct square sq);

/* The player's position as the logical solver's state (queens placed, marks struck). */
void regions_model_state(const struct regions_model *m, struct regions_state *st);

/* The fair clock: a key ends an idle spell; covered, it stands. */
void regions_model_key(struct regions_model *m);
void regions_model_cover(struct regions_model *m, bool covered);
long long regions_model_elapsed_ms(const struct regions_model *m);

/* Whether the solve is (or would be) assisted: a hint was used. */
bool regions_model_assisted(const struct regions_model *m);

/* Whether the player has moves on an unsolved board (q asks first). */
bool regions_model_unfinished(const struct regions_model *m);

/*
 * A game left unfinished, as Play keeps its puzzles (engine/saved.h):
 * regions_model_keep puts its queens, marks, clock and hints in the
 * progress file under game_id (or takes out the one a solve ended) and
 * saves: 1 when kept, 0 when there was nothing to keep, -1 with the reason
 * in err.  regions_model_resume takes the game kept back as the puzzle
 * opens: 1 when it did, said in the message; a damaged one is named once
 * and emptied.
 */
int regions_model_keep(struct regions_model *m, char *err, size_t errlen);
int regions_model_resume(struct regions_model *m);

/*
 * The daily's one line to share once solved: "nqueens daily regions
 * 2026-11-29: 8x8 medium in 1:05, clean, streak 3", no square named.
 */
bool regions_model_share(const struct regions_model *m, char *buf, size_t len);

/* The status beside the board: lines with their roles, decided here. */
#define REGIONS_STATUS_MAX 10
struct regions_line {
	char text[REGIONS_TEXT_MAX + 200];
	enum theme_item role;
	bool gap; /* a blank line before it */
};
struct regions_status {
	struct regions_line line[REGIONS_STATUS_MAX];
	int count;
};
void regions_model_status(const struct regions_model *m, struct regions_status *s);

#endif
