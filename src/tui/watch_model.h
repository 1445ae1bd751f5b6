/* Watch's state without a terminal: the search, its stepping, breakpoints, speed, predict
 * mode. */
#ifndef NQ_WATCH_MODEL_H
#define NQ_WATCH_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board.h"
#include "engine/code.h"
#include "engine/quiz.h"
#include "engine/search.h"
#include "tui/theme.h"

#define PSEUDO_MAX_LINES 64

/* The search tree is drawn whole for boards up to this size, folded above. */
#define TREE_MAX_N 6
#define TREE_MAX_NODES 1024

/* Above this n the board is drawn as an overview, and has no cells. */
#define CELLS_MAX_N 32

/* Tree searches of larger boards would take hours to run to the end. */
#define WATCH_MAX_N 20

/* The speeds of the animation, events a second. */
extern const int watch_speeds[];
#define NSPEEDS 10

/* Predict mode: the question asked, its answer, the score. */
enum watch_quiz_state { WQ_WAITING, WQ_ASKING, WQ_ANSWERED };

/* What a student does while a question is asked. */
enum watch_quiz_act {
	QA_UP,
	QA_DOWN,
	QA_LEFT,
	QA_RIGHT,
	QA_ENTER,
	QA_TYPE,
	QA_YES,
	QA_NO,
	QA_NONE,
	QA_ERASE,
	QA_SKIP,
	QA_OFF,
	QA_WHEN,
	QA_BIG, /* not the model's: the screen's projector mode, never typed */
};

struct watch_quiz {
	bool on;
	enum quiz_when when;
	enum watch_quiz_state state;
	int part; /* a REJECT question answered yes asks by which queen */
	struct quiz_question q;
	struct square cursor;
	char typed[16];
	char why[600];
	enum quiz_verdict verdict; /* of the question answered */
	bool again;                /* it was asked before: the first answer stands */
	bool done_here;            /* the question of event `answered` is answered */
	uint64_t answered;         /* so that it is not asked again at once */
	long long asked_ms;        /* when the question was put, on clock_ms */
	/*
	 * The session's questions, from predict mode on to off, with the score:
	 * what its summary shows.  summary_due: the session has just ended with
	 * questions to sum up, for the screen to show.
	 */
	struct quiz_log log;
	bool summary_due;
};

/*
 * A node of the whole search tree of a small board: a queen placed, at the
 * event that placed it; solved and closed (removed again) from the events
 * that say so.  The tree at event k is the nodes placed up to k.
 */
struct watch_tree_node {
	int depth; /* 1 for the first file the search fills */
	struct square sq;
	uint64_t placed_at, solved_at, closed_at; /* 0: never */
};

/* The most phrases a lesson step's words quote that the listing keeps in view. */
#define WATCH_NAMED_MAX 16

/* An event's kind, its refusal's line and whether it is the outermost call, as one. */
#define WATCH_SLOTS ((SEARCH_EV_DONE + 1) * 4 * 2)
#define WATCH_SLOT(kind, reason, outer) (((int)(kind)*4 + (int)(reason)) * 2 + (outer))

struct watch_model {
	int n;
	enum search_algo algo;
	enum search_goal goal;
	struct search *s;
	int *given;         /* the queens the search starts from, or NULL */
	uint64_t total;     /* events of the whole search; 0 when not known */
	uint64_t nodes_top; /* the most nodes of one level in the whole search, or 0 */
	long long (*now_ms)(void);   /* the clock of the animation */
	long long (*clock_ms)(void); /* the clock of predict mode's times: now_ms's
	                                unless the screen sets another */

	bool playing;
	int speed;              /* index into watch_speeds */
	long long anchor_ms;    /* when playing started at this speed */
	long long frame_ms;     /* when the last frame of the animation came */
	uint64_t anchor_events; /* and the event it started from */
	uint64_t stop_at;       /* playing pauses at this event (until:), 0: none */
	bool show_pseudo, show_stack, show_tree;
	bool narrate_full; /* the narration in two to four sentences, not one */
	bool big;          /* projector mode: the board, the listing and the stack */
	unsigned big_keep; /* and these panels too (lesson.h's lesson_panel bits) */
	bool asked;        /* a lesson asks what comes next: the narration keeps it */
	int tree_scroll;   /* lines the folded tree is scrolled up from following */
	uint32_t *conf;    /* repair: the conflicts after move m, for m < nconf */
	size_t nconf, capconf;

	/* The whole tree of a small board, recorded as the search first runs. */
	struct watch_tree_node *tree;
	int ntree;
	int tree_lines; /* the lines the whole tree takes drawn; 0 without one */

	struct watch_quiz quiz;

	char pseudo[PSEUDO_MAX_LINES][128];
	int npseudo;
	/*
	 * The listing shown: a language of data/code/, or CODE_LANG_COUNT for
	 * the pseudocode.  listing is the algorithm's listing in that language
	 * (in Python under the pseudocode, whose variables the panel names as
	 * Python does), NULL when it has none, and listing_why says why.
	 */
	enum code_lang lang;
	struct code_listing *listing;
	/*
	 * What a lesson step's words quote, between double quotes: a listing
	 * line holding one of them is named, and the listing keeps it in view.
	 */
	char named[WATCH_NAMED_MAX][128];
	int nnamed;
	/*
	 * The events (kind, reason, outermost: WATCH_SLOT) that light a line
	 * quoted in any language's listing, so that the same line of the
	 * listing on screen is named in every language.
	 */
	bool named_slot[WATCH_SLOTS];
	char listing_why[400];
	bool show_vars; /* the variables panel in the stack's place */
	char message[300];

	/* Breakpoints: at a solution, a try of a square (file -1: none), a depth (0:
	 * none). */
	bool break_solution;
	struct square break_square;
	int break_depth;
};

/* The largest board the screen watches algorithm a on. */
int watch_max_n(enum search_algo a);

/*
 * A model of the search of algorithm a on an n × n board to goal, from the
 * queens of given (ranks by file, -1 for an empty file; NULL: none), on
 * the clock now_ms; NULL with the reason in err.
 */
struct watch_model *watch_model_new(int n, enum search_algo a, enum search_goal goal,
                                    const int *given, long long (*now_ms)(void),
                                    char *err, size_t errlen);
void watch_model_free(struct watch_model *w);

/*
 * The moves.  Each pauses the animation first, and says in w->message
 * what stopped it or why it does not apply.
 */
void watch_model_play(struct watch_model *w);          /* play or pause */
void watch_model_forward(struct watch_model *w);       /* one event */
void watch_model_back(struct watch_model *w);          /* one event back */
void watch_model_next_solution(struct watch_model *w); /* or a breakpoint */
void watch_model_prev_solution(struct watch_model *w);
void watch_model_step_over(struct watch_model *w);
void watch_model_step_out(struct watch_model *w);
void watch_model_to_end(struct watch_model *w);  /* or a breakpoint */
void watch_model_restart(struct watch_model *w); /* back to event 0 */
void watch_model_to_depth(struct watch_model *w, const char *typed);
void watch_model_seek(struct watch_model *w, uint64_t k, bool play);
/* Plays on from here to event k, and pauses there (a lesson step's until:). */
void watch_model_play_until(struct watch_model *w, uint64_t k);

/* Breakpoints: b's answer ("" the square shown, c4, 3, s), and B. */
void watch_model_toggle_break(struct watch_model *w, const char *typed);
void watch_model_clear_breaks(struct watch_model *w);
bool watch_model_breaks_set(const struct watch_model *w);

/* Settings that restart the search and keep the place where they can. */
void watch_model_speed(struct watch_model *w, int d); /* one speed faster or slower */
void watch_model_size(struct watch_model *w, int d);  /* a board larger or smaller */
void watch_model_next_algo(struct watch_model *w);
void watch_model_toggle_goal(struct watch_model *w);
void watch_model_toggle_tree(struct watch_model *w);

/*
 * The animation: ms until the next frame is due (-1 while paused), and
 * the frame, which runs the events the clock has reached.
 */
long watch_model_timer_ms(const struct watch_model *w);
void watch_model_tick(struct watch_model *w);

/*
 * Predict mode (watch_predict.c).  On starts a session (an empty log); off
 * ends it: a question asked and not answered counts as skipped, and when
 * the session asked any, quiz.summary_due is set.
 */
void watch_model_quiz(struct watch_model *w, bool on);
void watch_model_quiz_cycle(
        struct watch_model *w); /* every decision, placement, return */
/* What the student did (ch: the character of QA_TYPE); false when not taken. */
bool watch_model_quiz_act(struct watch_model *w, enum watch_quiz_act a, uint32_t ch);
bool watch_model_asking(const struct watch_model *w);

/*
 * Predict mode's part of the stepping: runs up to max events, stopping
 * where a question is due (which it asks); returns how many it ran.
 */
uint64_t watch_predict_run(struct watch_model *w, uint64_t max);

/*
 * After a move from event from (same: in the same search; a new algorithm,
 * goal or size is another): a question asked and left counts as skipped;
 * the questions a jump forward passes (due between from and where the
 * search is now, and not asked before) count as skipped, in one entry of
 * the log; where a move forward lands, the question due there is asked.
 */
void watch_predict_moved(struct watch_model *w, uint64_t from, bool same);

/*
 * Reads the algorithm's pseudocode and its listing in the language chosen
 * (watch_listing.c), after a restart.
 */
void watch_listing_load(struct watch_model *w);

/*
 * The listing's language: the next of pseudocode, Python, C and Java (says
 * which in the message), or the one given (CODE_LANG_COUNT: the
 * pseudocode).
 */
void watch_model_next_lang(struct watch_model *w);
void watch_model_set_lang(struct watch_model *w, enum code_lang l);

/* "Pseudocode", "Python", "C", "Java": a language as a title names it. */
const char *watch_lang_title(enum code_lang l);

/* Whether the panel shows a program rather than the pseudocode. */
bool watch_model_code_shown(const struct watch_model *w);

/* The line the last event lights in the listing shown (from 1); 0 before. */
int watch_model_lit(const struct watch_model *w);

/*
 * The roles (theme.h's items) of what the panels show, decided here so
 * that a view only paints them.  Line i (from 0) of the program (code) or
 * of the pseudocode: the line the last event lights is SELECTED.
 */
enum theme_item watch_model_line_role(const struct watch_model *w, bool code, int i);

/*
 * The phrases a lesson step's words quote (between double quotes, three
 * characters at least), kept for watch_model_line_named; NULL clears them.
 */
void watch_model_name_lines(struct watch_model *w, const char *words);

/*
 * Whether line i (from 0) of the program (code) or of the pseudocode holds
 * a phrase the step's words quote: the listing keeps such lines in view.
 */
bool watch_model_line_named(const struct watch_model *w, bool code, int i);

/* A counter (search_figure): the solutions are GOOD once there is one. */
enum theme_item watch_model_figure_role(const struct watch_model *w,
                                        enum search_figure f);

/* A column of repair's sparkline whose most conflicts are c: none left is GOOD. */
enum theme_item watch_model_conflicts_role(uint32_t c);

/*
 * Call d (from 0, the outermost) of depth active calls, in the stack and
 * the variables: the innermost, the one running, is KEY.  In the folded
 * tree its square, the one being tried, is TRY.
 */
enum theme_item watch_model_call_role(int d, int depth);
enum theme_item watch_model_path_role(int d, int depth);

/*
 * Node i of the whole tree at event k: open (the last placed TRY, the
 * others KEY), closed with a solution under it GOOD, a dead end NORMAL.
 */
enum theme_item watch_model_node_role(const struct watch_model *w, int i, uint64_t k);

/*
 * Predict mode's band: a question asked KEY, an answer RIGHT GOOD, WRONG
 * BAD; a skipped one and the words before a question NORMAL.
 */
enum theme_item watch_model_quiz_role(const struct watch_model *w);

/* The variables panel's rows of cells: an array, or a bitmask. */
#define VARS_CELLS_MAX (2 * CODE_MAX_N - 1)

struct watch_var_row {
	char name[24]; /* as the listing names it: "rank_used", "x", "free" */
	int ncells;
	char cell[VARS_CELLS_MAX][4]; /* each cell's text: "3", "T", ".", "1" */
	bool set[VARS_CELLS_MAX];     /* a queen's rank, a line taken, a bit set */
	bool read[VARS_CELLS_MAX];    /* read or written by the line lit */
	/*
	 * A mask: how many of its first cells are bits past the board (the
	 * highest set one and those under it, bit n and up), its value in
	 * decimal as the listing's type holds it, and whether the listing
	 * holds no value in it now (its cells then "-").
	 */
	int past;
	char dec[24];
	bool unset;
};

/* One active call and its locals in the listing's names. */
struct watch_var_frame {
	int file, rank, index[2]; /* -1: no value (before the loop, out of scope) */
	/* bits: its masks ranks, up, down, the free set and the pick, the highest bit
	 * first */
	struct watch_var_row masks[5];
};

/*
 * What the variables panel shows (watch_vars.c): the arrays (x and the
 * three taken, or none for scan, whose board is the one drawn), each call's
 * locals, outermost first, and bits' masks; whether the program has made
 * its first call, and whether that one has returned.
 */
struct watch_vars {
	bool bits;
	int nrows;
	struct watch_var_row rows[4];
	int depth;
	struct watch_var_frame frames[CODE_MAX_N];
	const struct code_names *names;
	int n;
	enum code_when when;
	uint64_t count; /* the solutions the program has counted */
	/* bits: the most bits past the board a mask can hold, and the widest decimal of
	 * each mask */
	int past_max;
	int dec_max[5];
};

/* Fills v from the model; false when the algorithm has no variables to show. */
bool watch_vars_make(const struct watch_model *w, struct watch_vars *v);

/*
 * A cell of a row: read or written by the line lit SELECTED, else set (a
 * queen's rank, a line taken, a bit) KEY, else DIMMED.
 */
enum theme_item watch_var_cell_role(const struct watch_var_row *row, int c);

/*
 * A call's line, in one of three forms from the widest ("solve(file=2)
 * rank=5 up=4 down=7", "file=2 rank=5 up=4 down=7", "file=2 rank=5");
 * returns its width.
 */
int watch_vars_frame_text(const struct watch_vars *v, int d, int form, char *buf,
                          size_t len);

/* The whole tree's nodes placed by event k: how many of w->tree. */
int watch_model_tree_at(const struct watch_model *w, uint64_t k);

/* Whether the repair's sparkline has its figures: once every queen stands. */
bool watch_model_sparkline(const struct watch_model *w);

/* The square the last event is about (a try, a refusal, a queen placed, taken off
 * or moved), if any. */
bool watch_model_event_square(const struct watch_model *w, struct square *sq);

/* The calls the search can make: one a file it fills. */
int watch_model_calls(const struct watch_model *w);

/* One active call as the stack panel shows it: "solve(b) rank = 3". */
void watch_frame_text(const struct search_frame *f, char *buf, size_t len);

/*
 * Writes the handout: the trace so far and the frame shown, to a new file
 * in the current directory; says its name, or why not, in the message
 * (watch_handout.c).
 */
void watch_handout(struct watch_model *w);

#endif
