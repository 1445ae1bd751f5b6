/* Lesson scripts: plain text, one step a paragraph, parsed with line-numbered errors. */
#ifndef NQ_LESSON_H
#define NQ_LESSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search.h"

#define LESSON_TITLE_MAX 128
#define LESSON_TEXT_MAX 2048
#define LESSON_STEPS_MAX 200

/* What a step shows beside its text. */
enum lesson_screen {
	LESSON_TEXT,   /* the text alone */
	LESSON_PLAY,   /* a board to place queens on */
	LESSON_WATCH,  /* the search, stepped */
	LESSON_BROWSE, /* the solutions */
};

/* How far a Watch step runs the search before the class looks. */
enum lesson_run {
	LESSON_RUN_NONE,
	LESSON_RUN_EVENTS,   /* run events */
	LESSON_RUN_SOLUTION, /* to the next solution */
	LESSON_RUN_END,      /* to the end */
};

struct lesson_step {
	int line; /* where the step starts in the file */
	char text[LESSON_TEXT_MAX];
	enum lesson_screen screen;
	int n;                 /* the board size */
	enum search_algo algo; /* watch */
	bool first;            /* watch: to the first solution only */
	int from[32];          /* watch: queens to start from, -1 empty */
	bool has_from;
	uint64_t index; /* browse: the solution shown, 0: the first */
	bool classes;   /* browse: the classes view */
	int speed;      /* watch: events a second, 0: the screen's own */
	enum lesson_run run;
	uint64_t events; /* LESSON_RUN_EVENTS */
	int ask;         /* watch: predictions asked in this step */
	bool play;       /* watch: the search plays on by itself */
};

struct lesson {
	char title[LESSON_TITLE_MAX];
	int minutes; /* about how long it takes, 0 when not said */
	struct lesson_step *steps;
	int nsteps;
};

/*
 * Parses a lesson's text (documented in nqueens(6), LESSON FILES): header
 * lines "title:" and "minutes:", then steps separated by blank lines, each
 * made of "say:" lines (joined into its text) and at most one of each of
 * "show:", "speed:", "run:", "ask:" and "play".  name starts every error:
 * "NAME:LINE: what is wrong".  Returns 0, or -1 with the reason in err.
 */
int lesson_parse(const char *text, const char *name, struct lesson *out, char *err,
                 size_t errlen);

/* Reads and parses the file at path; errors name the path. */
int lesson_load(const char *path, struct lesson *out, char *err, size_t errlen);

void lesson_free(struct lesson *l);

#endif
