/* Predict mode: what to ask before a tree search's decision, its answer, and why. */
#ifndef NQ_QUIZ_H
#define NQ_QUIZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "search.h"

/* The largest board a question is asked on: the tree searches' largest. */
#define QUIZ_MAX_N 20

/*
 * How often the questions come.  Every decision: before each tried square
 * is judged, and before each return; every placement: where each call's
 * next queen goes (or that none does); every return: which call runs next.
 */
enum quiz_when {
	QUIZ_EVERY_DECISION,
	QUIZ_EVERY_PLACEMENT,
	QUIZ_EVERY_RETURN,
	QUIZ_WHEN_COUNT
};

/* "every decision", "every placement", "every return". */
const char *quiz_when_name(enum quiz_when w);

enum quiz_kind {
	QUIZ_NONE,
	QUIZ_WHERE,  /* solve(c): where will the next queen go? (a square, or none) */
	QUIZ_REJECT, /* will c4 be rejected? (yes or no) by which queen? (a square) */
	QUIZ_RETURN, /* which call runs after this return? (a file, or none: the end) */
};

/* A square refused on the way, with the queen that attacks it. */
struct quiz_refusal {
	struct square sq, by;
	enum board_line line;
};

/* A question and its truth, read from the engine's next events. */
struct quiz_question {
	enum quiz_kind kind;
	enum search_algo algo;
	int n;
	uint64_t event;        /* asked after this event */
	int file;              /* the file of the call asked about */
	struct square sq;      /* REJECT: the square tried */
	int ranks[QUIZ_MAX_N]; /* the queens when asked, -1 for an empty file */
	int from;              /* WHERE: the first rank the call's loop has left */

	bool yes;             /* WHERE: a queen is placed; REJECT: the square is
	                         refused; RETURN: a call goes on (not the end) */
	struct square answer; /* WHERE: its square; REJECT: the attacker the check
	                         meets; RETURN: the caller's queen, which comes off */
	enum board_line line; /* REJECT: along which line */
	int caller;           /* RETURN: the file of the call that goes on */
	int nrefused;         /* WHERE: the squares refused before the answer */
	struct quiz_refusal refused[QUIZ_MAX_N];
};

/* A student's answer. */
struct quiz_answer {
	bool none;        /* WHERE: no queen, the call returns; RETURN: the search ends */
	bool yes;         /* REJECT: it will be refused */
	struct square sq; /* WHERE: the square; REJECT after yes: the queen named;
	                     RETURN: sq.file is the call's file */
};

/*
 * Whether a question is due after the search's last event: cheap, for a
 * viewer to call after every event.  Only the tree searches are asked about.
 */
bool quiz_due(const struct search *s, enum quiz_when when);

/*
 * The question due now into q, its truth found by stepping the search on
 * and back again (the search is left where it was); false when none is due.
 */
bool quiz_ask(struct search *s, enum quiz_when when, struct quiz_question *q);

/*
 * The question in the words of the pseudocode: part 0 is the question,
 * part 1 the follow-up of a REJECT answered yes ("by which queen?").
 * Returns the length the whole text needs, as snprintf does.
 */
size_t quiz_prompt(const struct quiz_question *q, int part, char *buf, size_t len);

/* The right answer to q, as a student would give it. */
void quiz_truth(const struct quiz_question *q, struct quiz_answer *a);

/*
 * Whether a is right, and why in a sentence or two into buf: the rule that
 * decides, and what the search does next.  A square off the call's file
 * (WHERE) or a queen that is not on the board (REJECT) is simply wrong.
 */
bool quiz_check(const struct quiz_question *q, const struct quiz_answer *a, char *buf,
                size_t len);

/*
 * Reads a square typed by a student ("c4") on an n×n board, or a rank alone
 * ("4") on file (when file >= 0); false when it is not one.
 */
bool quiz_parse_square(const char *text, int n, int file, struct square *out);

/* Right of asked, and the streak of right answers. */
struct quiz_score {
	unsigned asked, right, streak, best;
};

void quiz_score_add(struct quiz_score *sc, bool right);

#endif
