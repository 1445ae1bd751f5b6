/* Drawing the Watch screen from its model: the board, the panels, the tree, predict mode.
 */
#ifndef NQ_WATCH_VIEW_H
#define NQ_WATCH_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "tui/boardview.h"
#include "tui/input.h"
#include "tui/keymap.h"
#include "tui/layout.h"
#include "tui/prompt.h"
#include "engine/search.h"
#include "tui/watch_model.h"

/*
 * Where a board too large to show whole is scrolled to, kept by the screen
 * from one frame to the next: the view moves only when the square it
 * follows (the last event's, or the answer's cursor) leaves it.
 */
struct watch_scroll {
	int first_file, first_rank;
	struct square at;
};

/* Before a draw in r: the scroll follows the model from where it was. */
void watch_view_follow(const struct watch_model *w, struct layout_rect r,
                       struct watch_scroll *s);

/*
 * Draws the model in r but for the key line: the title, the progress, the
 * board (scrolled as s says) and its panels by the layout, the message;
 * prompt, when not NULL, is being typed (the depth of d when depth, else
 * b's breakpoint).
 */
void watch_view_draw(const struct watch_model *w, struct layout_rect r,
                     const struct watch_scroll *s, const struct prompt *prompt,
                     bool depth);

/* Whether a click at (line, col) is on the progress bar, and the event it means. */
bool watch_view_bar_hit(const struct watch_model *w, struct layout_rect r, int line,
                        int col, uint64_t *k);

/* Predict mode (watch_quiz.c): its keys, while a question is asked. */
extern const struct keymap watch_quiz_keymap;

/* A key while a question is asked, handed to the model; false when not the quiz's. */
bool watch_view_quiz_key(struct watch_model *w, const struct input_event *ev);

/* The key line's mode of watch_quiz_keymap for the question asked. */
unsigned watch_view_quiz_mode(const struct watch_model *w);

/* The lines the quiz band wants at this width; 0 when predict mode is off. */
int watch_quiz_lines(const struct watch_model *w, int width);

/* The band in its rectangle, and the answer's cursor on the board. */
void watch_quiz_draw(const struct watch_model *w, struct layout_rect r);
void watch_quiz_cursor(const struct watch_model *w, struct boardview *bv);

/*
 * The folded tree and the profile of the search, watch_tree.c: the lines it
 * needs (a part of the path and the whole profile) and wants (the whole
 * path), its columns, whether a rectangle holds it, and the drawing.
 */
void watch_tree_measure(const struct watch_model *w, int *min, int *pref);
int watch_tree_width(const struct watch_model *w);
int watch_tree_pref_width(const struct watch_model *w); /* with the marks' legend */
bool watch_tree_fits(const struct watch_model *w, struct layout_rect r);
void watch_tree_draw(const struct watch_model *w, struct layout_rect r);

/* The whole tree of a small board so far, its last lines in r (watch_tree.c). */
void watch_tree_draw_whole(const struct watch_model *w, struct layout_rect r);

/* The panels beside the board (watch_panels.c), in the order a column stacks them. */
enum watch_panel {
	PANEL_PSEUDO,
	PANEL_COUNTERS,
	PANEL_STACK,
	PANEL_LEVELS,
	PANEL_NARRATE,
	PANEL_QUIZ, /* predict mode's question, drawn by watch_quiz_draw */
	PANELS
};

/*
 * What goes with the counters: the whole tree for small boards, the folded
 * tree and the profile beyond, the nodes per level without the tree, the
 * sparkline of repair.
 */
enum watch_levels { LEVELS_NONE, LEVELS_TREE, LEVELS_FOLDED, LEVELS_NODES, LEVELS_SPARK };

/* The widths a narration's heights are kept for: the layout asks each many times. */
#define NARRATE_WIDTHS 512

/* The narration of the event shown: its words as trace has them, and what it means. */
struct watch_narration {
	char said[600], told[1024];
	short lines[NARRATE_WIDTHS]; /* its height at each width, 0 until measured */
};

/* What the panels are drawn from; the layout's measures read it. */
struct watch_panels {
	const struct watch_model *w;
	enum watch_levels kind;
	bool pseudo_whole; /* the listing fits the body whole in its widest column */
	bool stack_whole;  /* the stack is shown with every call, or not at all */
	struct watch_narration *told;
	bool has_vars; /* the stack's panel shows the variables, vars */
	struct watch_vars vars;
};

/*
 * The panels of w for the layout into p, each with what it wants and its
 * measure, which read v (and keep the narration's heights in told).
 */
void watch_panels_make(struct watch_panels *v, struct watch_narration *told,
                       const struct watch_model *w, struct layout_panel p[PANELS]);

/* The display lines the listing takes in a column that wide; how many are blank. */
int watch_panels_listing_lines(const struct watch_model *w, int width, int *blank);

/*
 * The columns the program and the pseudocode take side by side, which the
 * listing's panel wants when the window has them beside a board that reads
 * well; 0 when the pseudocode shows alone.
 */
int watch_panels_both_width(const struct watch_model *w);

/*
 * The variables panel in the stack's place (watch_vars_panel.c): its
 * measure (ctx: the panels), its widths, the calls' shortest form at least
 * and the arrays and masks whole at best, and the drawing.
 */
void watch_vars_measure(const void *ctx, int width, int *min, int *pref);
void watch_vars_widths(const struct watch_vars *v, struct layout_panel *p);
void watch_vars_draw(const struct watch_panels *p, struct layout_rect r);

/* The panels in the places the layout gave them. */
void watch_panels_draw(const struct watch_panels *v, const struct layout_panel p[PANELS]);

/*
 * Watch --replay (watch_replay.c): o->watch.replay's events beside the
 * reference search, opened by watch_open in Watch's place.
 */
struct screen;
struct screen_open;
struct screen_env;
int watch_replay_open(struct screen *out, const struct screen_open *o,
                      const struct screen_env *env, char *err, size_t errlen);

#endif
