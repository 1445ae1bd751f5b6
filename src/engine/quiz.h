/* Predict mode: what to ask before a tree search's decision, its answer, and why. */
#ifndef NQ_QUIZ_H
#define NQ_QUIZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board.h"
#include "engine/search.h"

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
	/* Set by the asker (quiz_ask leaves it false): the calls are named and
	 * the ranks counted as the programs of data/code/ do, solve(2) for
	 * file c, rank 3 for c4. */
	bool numbered;
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

/* Which question is due there: QUIZ_NONE when none is (as cheap as quiz_due). */
enum quiz_kind quiz_due_kind(const struct search *s, enum quiz_when when);

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

/*
 * Reads an answer typed to a question of kind on an n×n board: for WHERE a
 * square ("c4"), a rank alone on file ("4", when file >= 0; beside a
 * program, numbered, counted from 0 as the program counts: "3" is c4) or
 * "-" for none; for a REJECT answered yes, the queen named (a square); for RETURN a
 * file ("b"), a square on it ("b3"), the call's number when the calls are
 * numbered as a program numbers them ("1" for file b), or "-" for none.
 * Every screen that asks reads its answers here.  False, with why in a
 * sentence, when typed is none of those.
 */
bool quiz_read(enum quiz_kind kind, int n, int file, bool numbered, const char *typed,
               struct quiz_answer *a, char *why, size_t len);

/* An answer in a few words ("b3", "none", "yes, by a1", "solve(b)"). */
void quiz_answer_text(const struct quiz_question *q, const struct quiz_answer *a,
                      char *buf, size_t len);

/* How a question ended. */
enum quiz_verdict { QUIZ_RIGHT, QUIZ_WRONG, QUIZ_SKIPPED };

/*
 * Of the questions asked: right, skipped (the others wrong), and the streak
 * of right answers, which a wrong answer and a skip both end.
 */
struct quiz_score {
	unsigned asked, right, skipped, streak, best;
};

void quiz_score_add(struct quiz_score *sc, enum quiz_verdict v);

/* "3 of 8 right, 1 skipped, streak 2" (no skipped part when none was). */
void quiz_score_text(const struct quiz_score *sc, char *buf, size_t len);

/*
 * A session's questions as they ended, for its summary: each question on
 * its own, or many passed at once by a jump (n, e, a click on the bar).
 * The place and key are the asker's: Watch's an event and its search,
 * a lesson's a step and the question's number in it.
 */
struct quiz_entry {
	uint64_t from, to;   /* the places it covers: from = to for one question */
	unsigned key;        /* what else tells the asker's questions apart */
	enum quiz_kind kind; /* QUIZ_NONE: questions of every kind (a jump) */
	unsigned count;      /* 1, or the questions a jump passed */
	enum quiz_verdict verdict;
	long long ms;       /* how long the answer took; 0 for a jump */
	char question[240]; /* its words, or what the jump passed */
	char answer[48];    /* the answer given, "" when skipped */
	char truth[48];     /* the right answer */
};

struct quiz_log {
	struct quiz_entry *v;
	size_t count, cap;
	struct quiz_score score;
	long long start_ms, end_ms; /* the session's, on its clock */
	bool short_of_memory;       /* entries were lost (the score was not) */
};

/* An empty log whose session starts at now_ms; quiz_log_free frees it. */
void quiz_log_init(struct quiz_log *l, long long now_ms);
void quiz_log_free(struct quiz_log *l);

/* A copy of src into dst (an empty log and short_of_memory when memory is short). */
void quiz_log_copy(struct quiz_log *dst, const struct quiz_log *src);

/*
 * Whether a question of kind at place (with key) ended already: asked, or
 * passed by a jump.  Its first answer stands: a question asked again is
 * told but not counted.
 */
bool quiz_log_has(const struct quiz_log *l, uint64_t place, unsigned key,
                  enum quiz_kind kind);

/* Adds e to the log and its count of questions to the score. */
void quiz_log_add(struct quiz_log *l, const struct quiz_entry *e);

/*
 * The summary's head: "7 questions: 3 right, 3 wrong, 1 skipped; best
 * streak 2, streak at the end 0; 4:12" (the time from the start to end_ms).
 */
void quiz_log_head(const struct quiz_log *l, char *buf, size_t len);

/*
 * Entry i in a sentence or two: "Wrong, in 0:07. solve(b) tries b1: will
 * b1 be rejected? You said: no. The answer: yes, by a1."
 */
void quiz_log_line(const struct quiz_log *l, size_t i, char *buf, size_t len);

/*
 * The summary as a text file: title, the head, then each entry after its
 * number ("3. "), broken between words into lines of width columns; a
 * malloc'd string, or NULL when memory is short.
 */
char *quiz_log_text(const struct quiz_log *l, const char *title, int width);

#endif
