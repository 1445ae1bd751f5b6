/* Watch it reasoned, without a terminal: a regions puzzle solved deduction by
 * deduction, then by plain backtracking search, stepped forward and back, with the
 * counters of both and the roles of each square. */
#ifndef NQ_WATCH_REGIONS_MODEL_H
#define NQ_WATCH_REGIONS_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board.h"
#include "engine/regions.h"
#include "tui/theme.h"

/* The two phases: the logical solver's deductions, then the plain search's events. */
enum wr_phase { WR_LOGIC, WR_SEARCH };

/* The speeds of the animation, steps a second (the search may take a million). */
#define WR_SPEEDS 13
extern const int wr_speeds[WR_SPEEDS];
#define WR_SPEED_START 2 /* 5 a second */

/*
 * The search is watched this far at most (20,000,000 events, under a
 * second to run through at the start; a file's 16x16 map may need far more).
 * A variable, so that a test can lower it.
 */
extern uint64_t wr_search_max;

/* The search is replayed from a copy kept every so many steps when stepping back. */
#define WR_SNAP_EVERY 4096

struct watch_regions_model {
	struct regions_board board;
	/* The regions' names in the deductions' words (colours, or NULL: letters). */
	const char *names[REGIONS_MAX_N];
	enum wr_phase phase;

	/*
	 * The reasoning: every deduction the logical solver makes from the
	 * given queens, found once (it is deterministic); logic_at of them are
	 * applied to st, and the last of those is the one shown.  logic_end
	 * is how it ended: 0 solved or stuck (st says which), -1 a rule broken
	 * (end_text says what).
	 */
	struct regions_deduction *deductions;
	int logic_len, logic_at, logic_end;
	char end_text[REGIONS_TEXT_MAX];
	struct regions_state st;

	/*
	 * The search: search_len events to its DONE, found once; s is after
	 * search_at of them, ev the last.  snaps[k] is the search after k *
	 * WR_SNAP_EVERY events, to step back from.
	 */
	uint64_t search_len, search_at;
	struct regions_search s;
	struct regions_event ev;
	struct regions_search *snaps;
	size_t nsnaps;
	uint64_t first_solution;     /* the event of the first SOLVED, 0: none */
	bool search_cut;             /* it was stopped at wr_search_max events */
	int solution[REGIONS_MAX_N]; /* its queens, the file by rank, shown at the end */

	/* Playing: steps due since anchor_ms at this speed, from anchor_at. */
	bool playing;
	int speed;
	long long anchor_ms, frame_ms; /* frame_ms: the last tick's time */
	uint64_t anchor_at;
	long long (*clock_ms)(void);

	char message[200];
};

/*
 * A model for board b (copied), the clock giving the animation's time.
 * Returns 0, or -1 when memory runs short (nothing to free then).
 */
int watch_regions_model_init(struct watch_regions_model *m, const struct regions_board *b,
                             long long (*clock_ms)(void));
void watch_regions_model_free(struct watch_regions_model *m);

/* The steps: one forward or back (across the phases: the search follows the
 * reasoning), to a step of the phase shown, to the start of both, to the end of the
 * phase shown, and the other phase at the step it was left at. */
void watch_regions_model_forward(struct watch_regions_model *m);
void watch_regions_model_back(struct watch_regions_model *m);
void watch_regions_model_goto(struct watch_regions_model *m, uint64_t at);
void watch_regions_model_restart(struct watch_regions_model *m);
void watch_regions_model_end(struct watch_regions_model *m);
void watch_regions_model_switch(struct watch_regions_model *m);

/* Space, + and -, and the animation: the steps due by now; the wait until the next
 * (-1: not playing).  Playing pauses at the end of the reasoning and of the search. */
void watch_regions_model_play(struct watch_regions_model *m);
void watch_regions_model_speed(struct watch_regions_model *m, int d);
void watch_regions_model_tick(struct watch_regions_model *m);
long watch_regions_model_timer_ms(const struct watch_regions_model *m);

/* The step shown in the phase shown, and how many there are. */
uint64_t watch_regions_model_at(const struct watch_regions_model *m);
uint64_t watch_regions_model_len(const struct watch_regions_model *m);

/* The deduction shown (the last applied), or NULL at the start of the reasoning or
 * in the search. */
const struct regions_deduction *
watch_regions_model_deduction(const struct watch_regions_model *m);

/*
 * What each square is, by the board renderer's flags (boardview.h; the
 * arrays file * n + rank): cells the queens (given ones locked) and the
 * search's event (the square tried, refused and the queen refusing it, the
 * square left, a solution lit; at the search's end the first solution it
 * found, lit); marked the squares the reasoning struck;
 * lit what the deduction shown does (the squares and regions it reasons
 * on, those it strikes, the queen it places).
 */
void watch_regions_model_cells(const struct watch_regions_model *m, uint16_t *cells,
                               bool *marked, uint8_t *lit);

/* Whether the square holds a queen, or was struck by the reasoning, in the phase shown.
 */
bool watch_regions_model_queen(const struct watch_regions_model *m, struct square sq);
bool watch_regions_model_struck(const struct watch_regions_model *m, struct square sq);

/* The words of the step shown: the deduction, or the search's event. */
void watch_regions_model_words(const struct watch_regions_model *m, char *buf,
                               size_t len);

/* The counters side by side, as far as each phase has gone. */
struct wr_counts {
	uint64_t logic_steps, logic_queens, logic_struck;
	int by_grade[3];            /* deductions made by grade: easy, medium, hard */
	int by_kind[REGIONS_KINDS]; /* and by kind */
	uint64_t search_steps, search_queens, search_rejects, search_backtracks,
	        search_solutions;
};
void watch_regions_model_counts(const struct watch_regions_model *m, struct wr_counts *c);

/* The panel beside the board: lines with their roles, decided here. */
#define WR_PANEL_MAX 24
struct wr_line {
	char text[REGIONS_TEXT_MAX + 100];
	enum theme_item role;
	bool gap;  /* a blank line before it */
	bool wrap; /* words to wrap, not a table's line */
};
struct wr_panel {
	struct wr_line line[WR_PANEL_MAX];
	int count;
};
void watch_regions_model_panel(const struct watch_regions_model *m, struct wr_panel *p);

#endif
