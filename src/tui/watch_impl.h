/* The Watch screen's own header, shared by its files; no other module includes it. */
#ifndef NQ_WATCH_IMPL_H
#define NQ_WATCH_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "boardview.h"
#include "keymap.h"
#include "layout.h"
#include "quiz.h"
#include "search.h"

#define PSEUDO_MAX_LINES 64

/* The search tree is drawn for boards up to this size, nodes per level above. */
#define TREE_MAX_N 6
#define TREE_MAX_NODES 1024

/* Above this n the board is drawn as an overview, and has no cells. */
#define CELLS_MAX_N 32

/* The speeds of the animation, events a second. */
extern const int watch_speeds[];
#define NSPEEDS 10

/* Predict mode (watch_quiz.c): the question asked, its answer, the score. */
enum watch_quiz_state { WQ_WAITING, WQ_ASKING, WQ_ANSWERED };

struct watch_quiz {
	bool on;
	enum quiz_when when;
	enum watch_quiz_state state;
	int part; /* a REJECT question answered yes asks by which queen */
	struct quiz_question q;
	struct square cursor;
	char typed[16];
	char why[600];
	bool right, skipped;
	bool done_here;    /* the question of event `answered` is answered */
	uint64_t answered; /* so that it is not asked again at once */
	struct quiz_score score;
};

struct watch {
	int n;
	enum search_algo algo;
	enum search_goal goal;
	struct search *s;
	int *given;         /* the queens the search starts from, or NULL */
	uint64_t total;     /* events of the whole search; 0 when not known */
	uint64_t nodes_top; /* the most nodes of one level in the whole search, or 0 */
	uint16_t *cells;
	struct boardview bv;

	bool playing;
	int speed;              /* index into speeds */
	long long anchor_ms;    /* when playing started at this speed */
	long long frame_ms;     /* when the last frame of the animation came */
	uint64_t anchor_events; /* and the event it started from */
	bool show_pseudo, show_stack, show_tree;
	int pseudo_w;     /* the widest line of the listing, with its marker */
	int tree_lines;   /* the lines of the whole search's tree; -1 until counted */
	int bar_x, bar_w; /* where the progress bar was drawn, for the mouse */
	uint32_t *conf;   /* repair: the conflicts after move m, for m < nconf */
	size_t nconf, capconf;

	struct watch_quiz quiz;
	int tree_scroll; /* lines the folded tree is scrolled up from following */

	char pseudo[PSEUDO_MAX_LINES][128];
	int npseudo;
	char message[300];

	/* Breakpoints: at a solution, a try of a square (file -1: none), a depth (0:
	 * none). */
	bool break_solution;
	struct square break_square;
	int break_depth;
	int prompt; /* the key whose answer is being typed, or 0 */
	char input[16];
	size_t ilen;
	bool narrate_full; /* the narration in two to four sentences, not one */
	bool big;          /* projector mode: the board, the listing and the stack */
	int theme_before;  /* the theme to go back to when leaving it */
};

/* The keys, whose hints the key line shows. */
extern const struct keymap watch_keymap;

/* Draws the screen: the board, its panels, the progress and the key line. */
void watch_draw(void *self);

/* One active call as the stack panel shows it: "solve(b) rank = 3". */
void watch_frame_text(const struct search_frame *f, char *buf, size_t len);

/* Whether any breakpoint is set. */
bool watch_breaks_set(const struct watch *w);

/*
 * Writes the handout: the trace so far and the frame shown, to a new file
 * in the current directory; says its name, or why not, in the message.
 */
void watch_handout(struct watch *w);

/* The keys in force: while a question is asked, those that answer it. */
const struct keymap *watch_current_keys(const struct watch *w);

/* Predict mode, watch_quiz.c. */
extern const struct keymap watch_quiz_keymap;

/* Turns predict mode on or off; on, a question due now is asked at once. */
void watch_quiz_set(struct watch *w, bool on);

/* The next of every decision, every placement, every return. */
void watch_quiz_cycle(struct watch *w);

/* Takes a key while a question is asked; false when it is not the quiz's. */
bool watch_quiz_key(struct watch *w, const struct input_event *ev);

/* Steps up to max events forward, stopping where a question is asked. */
uint64_t watch_quiz_run(struct watch *w, uint64_t max);

/* After the search moved another way (back, a jump, a restart): a question
 * asked at another event is dropped, not counted. */
void watch_quiz_sync(struct watch *w);

/* The key line's mode of watch_quiz_keymap for the question asked. */
unsigned watch_quiz_mode(const struct watch *w);

/* The lines the quiz band wants at this width; 0 when predict mode is off. */
int watch_quiz_lines(const struct watch *w, int width);

/* The band in its rectangle, and the answer's cursor on the board. */
void watch_quiz_draw(const struct watch *w, struct layout_rect r);
void watch_quiz_board(struct watch *w);

/*
 * The folded tree and the profile of the search, watch_tree.c: the lines it
 * needs (a part of the path and the whole profile) and wants (the whole
 * path), its columns, whether a rectangle holds it, and the drawing.
 */
void watch_tree_measure(const struct watch *w, int *min, int *pref);
int watch_tree_width(const struct watch *w);
bool watch_tree_fits(const struct watch *w, struct layout_rect r);
void watch_tree_draw(struct watch *w, struct layout_rect r);

#endif
