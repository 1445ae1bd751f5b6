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
 * "NAME:LINE: what is wrong".  Returns 0, or -1 with the reason in err.  A
 * byte-order mark before the first line is read past.
 */
int lesson_parse(const char *text, const char *name, struct lesson *out, char *err,
                 size_t errlen);

/* Reads and parses the file at path; errors name the path. */
int lesson_load(const char *path, struct lesson *out, char *err, size_t errlen);

void lesson_free(struct lesson *l);

/* A lesson file of a directory: its name, and its header or why it cannot be read. */
struct lesson_entry {
	char name[128]; /* the file's name without .txt: `nqueens lesson NAME` */
	bool ok;
	char title[LESSON_TITLE_MAX];
	int minutes;
	char err[512];
};

/*
 * Reads every NAME.txt of dir into a malloc'd array in the order of their
 * names (*out NULL and *count 0 when dir is NULL or cannot be read); a bad
 * file is listed with its error, not left out.
 */
void lesson_list(const char *dir, struct lesson_entry **out, size_t *count);

/*
 * A prediction a lesson asks of the class at a point of a tree search:
 * where the next queen goes.  Kept apart from the screen that asks it, so
 * that Watch can ask the same.
 */
struct lesson_question {
	char call[32];        /* "solve(c)": the call under way, or "" */
	struct square answer; /* the square of the next queen */
	uint64_t event;       /* the event that places it */
	char why[640];        /* the events on the way there, in plain words */
};

/*
 * The question at the state of s (which is not changed): false when no
 * queen is placed any more (or memory is short).
 */
bool lesson_question(const struct search *s, struct lesson_question *q);

/*
 * Checks the square typed ("c4") against the question's answer and writes
 * the verdict with its reason into buf; -1 when typed is not a square of
 * an n x n board (buf then says what to type), 1 when right, 0 when wrong.
 */
int lesson_answer(const struct lesson_question *q, int n, const char *typed, char *buf,
                  size_t len);

#endif
