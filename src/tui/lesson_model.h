/* The Lesson's state without a terminal: its steps, the screens they open, questions,
 * answers and the summary. */
#ifndef NQ_LESSON_MODEL_H
#define NQ_LESSON_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/lesson.h"
#include "engine/quiz.h"
#include "tui/keymap.h"
#include "tui/layout.h"
#include "tui/screen.h"
#include "tui/theme.h"

/* The rows of the step's keys: the lesson's own, then the screen's not shadowed. */
#define LESSON_ROWS_MAX 64

/*
 * The theme, which projector mode switches to the contrast one and back:
 * the terminal's (theme_current, theme_set), or a test's.
 */
struct lesson_theme {
	int (*current)(void);
	void (*set)(int t);
};

struct lesson_model {
	struct lesson l;
	const struct screen_env *env;
	struct lesson_theme theme;
	int at;              /* the step shown, 0-based */
	struct screen child; /* the step's screen; ops NULL for text alone */
	char message[600];   /* the step's screen could not open, and why */

	/* The step's keys: the lesson's, then the screen's that they leave. */
	struct keymap_row rows[LESSON_ROWS_MAX];
	char hints[LESSON_ROWS_MAX]
	          [48]; /* a hint whose key the lesson took, with another */
	struct keymap keys;
	/* The same while the step's search plays to its end: Space ends it. */
	struct keymap_row end_rows[LESSON_ROWS_MAX];
	struct keymap end_keys;
	char note[200]; /* what Space did to the step's search, said */

	/* Projector mode, from one step to the next, and the theme before it. */
	bool big;
	int theme_before;
	/* The listing a Watch step opened with, and the one Watch's c chose
	 * there, which the steps after it show until one names its own ("":
	 * none); the config file is left as it is. */
	char opened[16], chosen[16];

	/* The step's questions: how many are left, the one asked, the answer typed. */
	int left;
	bool asking;
	struct lesson_question q;
	int qno; /* the question's number in its step, from 0 */
	char typed[16];
	char refused[1200]; /* why the answer typed was not read */
	char verdict[1200];
	enum quiz_verdict how; /* of the verdict shown */
	bool again;            /* asked before: its first answer stands */
	long long asked_ms;

	/* The lesson's questions as they ended, for its summary. */
	struct quiz_log log;
	char summary_title[300];
};

/*
 * Runs l (copied) from step at (0-based, 0 when out of range: the
 * caller checks it), in projector mode when big; the steps' screens come
 * from env's openers.  Returns -1 with err when memory runs short.
 */
int lesson_model_init(struct lesson_model *m, const struct lesson *l, bool big, int at,
                      const struct screen_env *env, const struct lesson_theme *theme,
                      char *err, size_t errlen);
void lesson_model_free(struct lesson_model *m);

/*
 * A key or a click (child: the step's screen's rectangle, for a click; NULL
 * for a key): the lesson's own keys, an answer typed, or the step's
 * screen's.  SCREEN_REPLACE with the summary in *open when the lesson ends.
 */
enum screen_reply lesson_model_event(struct lesson_model *m, const struct input_event *ev,
                                     const struct layout_rect *child,
                                     struct screen_open *open);

/* The keys that hold now: the answer's while a question is asked, else the step's. */
const struct keymap *lesson_model_keys(const struct lesson_model *m);

/*
 * What the step's screen is opened with for step k (the listing as
 * chosen before); false for a step of text alone.
 */
bool lesson_model_step_open(const struct lesson_model *m, int k, struct screen_open *o);

/* The panel's lines at most under its head: text, message, question or verdict, ... */
#define LESSON_VIEW_MAX 7

/*
 * A line of the panel, to be wrapped, and its role: the theme's item that
 * colours it.  The role is decided here, where a test without a terminal
 * sees it; the view draws.
 */
struct lesson_line {
	char text[LESSON_TEXT_MAX];
	enum theme_item role;
	bool gap; /* a blank line before it */
};

struct lesson_view {
	struct lesson_line head; /* "TITLE - step K of N  SCORE" on the panel's rule */
	struct lesson_line line[LESSON_VIEW_MAX];
	int count;
	bool page;        /* text alone: the text is a page of its own */
	const char *more; /* the key line's keys after the step's */
};

/* What the panel says, line by line, in v. */
void lesson_model_view(const struct lesson_model *m, struct lesson_view *v);

/* Another screen covers the lesson, or it is on top again: told to the step's. */
void lesson_model_cover(struct lesson_model *r, bool covered);

#endif
