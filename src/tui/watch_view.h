/* Drawing the Watch screen from its model: the board, the panels, the tree, predict mode.
 */
#ifndef NQ_WATCH_VIEW_H
#define NQ_WATCH_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "boardview.h"
#include "input.h"
#include "keymap.h"
#include "layout.h"
#include "prompt.h"
#include "search.h"
#include "watch_model.h"

/*
 * Draws the model in r but for the key line: the title, the progress, the
 * board and its panels by the layout, the message; prompt, when not NULL,
 * is being typed (the depth of d when depth, else b's breakpoint).
 */
void watch_view_draw(const struct watch_model *w, struct layout_rect r,
                     const struct prompt *prompt, bool depth);

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
bool watch_tree_fits(const struct watch_model *w, struct layout_rect r);
void watch_tree_draw(const struct watch_model *w, struct layout_rect r);

#endif
