/* Lesson scripts: plain text, one step a paragraph, parsed with line-numbered errors. */
#ifndef NQ_LESSON_H
#define NQ_LESSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/quiz.h"
#include "engine/race.h"
#include "engine/search.h"

#define LESSON_TITLE_MAX 128
#define LESSON_TEXT_MAX 2048
#define LESSON_STEPS_MAX 200

/* What a step shows beside its text. */
enum lesson_screen {
	LESSON_TEXT,   /* the text alone */
	LESSON_PLAY,   /* a board to place queens on */
	LESSON_WATCH,  /* the search, stepped */
	LESSON_BROWSE, /* the solutions */
	LESSON_RACE,   /* algorithms side by side */
};

/* How far a Watch step runs the search before the class looks. */
enum lesson_run {
	LESSON_RUN_NONE,
	LESSON_RUN_EVENTS,   /* run events */
	LESSON_RUN_SOLUTION, /* to the next solution */
	LESSON_RUN_END,      /* to the end */
};

/* Where a Watch step's animation ends: "until:", played from the step's opening. */
enum lesson_until {
	LESSON_UNTIL_NONE,
	LESSON_UNTIL_RETURN,   /* the call under way where the step opens returns */
	LESSON_UNTIL_SOLUTION, /* the next solution */
	LESSON_UNTIL_EVENT,    /* event until_arg */
	LESSON_UNTIL_LINE,     /* the next event that lights pseudocode line until_arg */
};

/* The listing a Watch step shows beside the board: "code:". */
enum lesson_code {
	LESSON_CODE_DEFAULT, /* not said: the step before's, else the pseudocode */
	LESSON_CODE_PSEUDOCODE,
	LESSON_CODE_PYTHON,
	LESSON_CODE_C,
	LESSON_CODE_JAVA,
	LESSON_CODE_COUNT
};

/* "pseudocode", "python", "c", "java" as a lesson writes them; "" for the default. */
const char *lesson_code_name(enum lesson_code c);

/*
 * A lesson's budget: the most events its Watch steps' searches run when it
 * is checked, all steps together, each step counted from its search's start
 * to the furthest event it reaches (where run: opens it, until: stops it,
 * ask:'s last queen goes, play looks for the end).  So the check and the
 * opening of any step take about half a second at most.
 */
#define LESSON_BUDGET 50000000u

/*
 * How far past where a play step opens the check looks for the end of its
 * search (17 minutes at 1000 events a second): the play's length, when the
 * search runs on further.
 */
#define LESSON_PLAY_AHEAD 1000000u

/*
 * The panels of Watch that projector mode hides, which a step's keep:
 * line keeps there (it keeps the board, the listing, the stack and the
 * variables always).
 */
enum lesson_panel {
	LESSON_PANEL_COUNTERS = 1u << 0,
	LESSON_PANEL_TREE = 1u << 1, /* the search tree, or the nodes per level */
	LESSON_PANEL_NARRATION = 1u << 2,
};

/* The say: lines of a step whose place in the text is kept, for the check's messages. */
#define LESSON_SAYS_MAX 64

struct lesson_step {
	int line; /* where the step starts in the file */
	char text[LESSON_TEXT_MAX];
	/* Where the words of each say: line start in text, and its line. */
	int say_at[LESSON_SAYS_MAX], say_line[LESSON_SAYS_MAX];
	int nsays;
	enum lesson_screen screen;
	int n;                           /* the board size */
	enum search_algo algo;           /* watch */
	bool first;                      /* watch, race: to the first solution only */
	enum search_algo race[RACE_MAX]; /* race: the runners, in order */
	int nrace;                       /* and how many; 0: the default four */
	int from[32];                    /* watch: queens to start from, -1 empty */
	bool has_from;
	uint64_t index; /* browse: the solution shown, 0: the first */
	bool classes;   /* browse: the classes view */
	int speed;      /* watch, race: events a second, 0: the screen's own */
	enum lesson_run run;
	uint64_t events; /* LESSON_RUN_EVENTS */
	int ask;         /* watch: predictions asked in this step */
	bool play;       /* watch, race: the search plays on by itself */
	enum lesson_until until;
	uint64_t until_arg;    /* LESSON_UNTIL_EVENT: the event; _LINE: the line */
	enum lesson_code code; /* watch: the listing shown */
	bool big;      /* projector mode: this step's big line, or the last said */
	int big_said;  /* this step's own: 1 "big", -1 "big: off", 0 none */
	unsigned keep; /* watch: the lesson_panels projector mode keeps: "keep:" */
	/* The lines of the step's keys, for the check's messages (0: not given). */
	int show_line, run_line, until_line, ask_line;
	/* Found by lesson_check, in the numbering of `nqueens trace`: */
	uint64_t at;       /* the event the step opens after (run:), 0: the start */
	uint64_t until_at; /* the event until: plays to, 0: none */
	uint64_t end;      /* play: the search's last event (LESSON_PLAY_AHEAD past at, at
	                      most) */
};

struct lesson {
	char title[LESSON_TITLE_MAX];
	int minutes;      /* about how long it takes, 0 when not said */
	int minutes_line; /* the line that says it, for lesson --check's warning */
	struct lesson_step *steps;
	int nsteps;
};

/*
 * Where the parser and the check tell each error: one line, "NAME:LINE:
 * why", and the line it names (0 for the whole file).
 */
typedef void (*lesson_report)(void *ctx, int line, const char *error);

/*
 * Parses a lesson's text (documented in nqueens(6), LESSON FILES): header
 * lines "title:" and "minutes:", then steps separated by blank lines, each
 * made of "say:" lines (joined into its text) and at most one of each of
 * "show:", "speed:", "run:", "until:", "ask:", "code:", "keep:", "big" and
 * "play".
 * name starts every error: "NAME:LINE: what is wrong".  Returns 0, or -1
 * with the first error in err.  A
 * byte-order mark before the first line is read past.  The searches are
 * not run: see lesson_check.
 */
int lesson_parse(const char *text, const char *name, struct lesson *out, char *err,
                 size_t errlen);

/*
 * The same, telling every error to report (a step with an error is left
 * out, and the parse goes on at the next step); returns how many there were.
 * out holds the steps parsed well (none, on a header's error or when
 * memory ran short: then lesson_free it all the same).
 */
int lesson_parse_all(const char *text, const char *name, struct lesson *out,
                     lesson_report report, void *ctx);

/* Told now and then while a lesson is checked: the step checked (from 1), of how many. */
typedef void (*lesson_progress)(void *ctx, int step, int nsteps);

/*
 * Checks what the parse cannot: each Watch step's search is run (within
 * LESSON_BUDGET for the whole lesson) to find where run: opens it (st->at),
 * where until: stops it (st->until_at) and, for play, where it ends (st->end):
 * an event past the end, a run: solution or until: solution that never
 * comes, an until: return with no call under way or one that never returns,
 * an until: line never lit, more questions than queens left to place; a
 * Browse step's solution or class number past the last; the step whose
 * search takes the lesson past its budget (then the Watch steps after it are
 * not checked; when the events run: and until: name pass it, no search is
 * run).  Each error goes to report as "NAME:LINE: why", at the line at
 * fault; returns how many.
 */
int lesson_check(struct lesson *l, const char *name, lesson_report report, void *ctx);

/* The same, telling progress at each Watch step and every million events or so. */
int lesson_check_shown(struct lesson *l, const char *name, lesson_report report,
                       void *ctx, lesson_progress progress, void *pctx);

/*
 * About how long the lesson takes, in seconds, after lesson_check: its
 * words read aloud at 100 a minute, a minute for each question, three
 * minutes for a Play step (the class tries by hand), 20 seconds for a
 * Browse step, and each Watch animation (until:, or play to the end, at
 * most LESSON_PLAY_AHEAD events) at its speed (20 events a second when not
 * said).
 */
unsigned lesson_measure(const struct lesson *l);

/* Reads, parses and checks the file at path; errors name the path. */
int lesson_load(const char *path, struct lesson *out, char *err, size_t errlen);

/* The same, telling the check's progress (lesson_check_shown). */
int lesson_load_shown(const char *path, struct lesson *out, char *err, size_t errlen,
                      lesson_progress progress, void *pctx);

void lesson_free(struct lesson *l);

/* A lesson file of a directory: its name, and its header or why it cannot be read. */
struct lesson_entry {
	char name[128]; /* the file's name without .txt: `nqueens lesson NAME` */
	char path[4096];
	bool mine; /* one of the user's own lessons, not a shipped one */
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
 * The directory of the user's own lessons, $XDG_DATA_HOME/nqueens/lessons
 * (~/.local/share/nqueens/lessons), into buf; NULL when neither variable
 * is set.
 */
const char *lesson_user_dir(char *buf, size_t len);

/*
 * lesson_list of the shipped lessons and the user's own (mine; NULL:
 * none), in the order of their names; the user's lesson of a shipped
 * lesson's name is the one listed, so that a teacher's copy replaces it.
 */
void lesson_list_all(const char *shipped, const char *mine, struct lesson_entry **out,
                     size_t *count);

/*
 * A prediction a lesson asks of the class at a point of a tree search:
 * where the next queen goes.  Kept apart from the screen that asks it, so
 * that Watch can ask the same.
 */
struct lesson_question {
	char call[32];        /* "solve(c)" (beside a program "solve(2)"): the call
	                         under way when it is the one that places the next
	                         queen, or "" */
	bool numbered;        /* named and counted as a program does: ranks from 0 */
	struct square answer; /* the square of the next queen */
	uint64_t event;       /* the event that places it */
	char why[640];        /* the events on the way there, in plain words */
};

/*
 * The question at the state of s (which is not changed): false when no
 * queen is placed any more (or memory is short).  numbered: a program of
 * data/code/ is on the screen, and the call and the reason name the calls
 * as it does (solve(1) for file b).
 */
bool lesson_question(const struct search *s, bool numbered, struct lesson_question *q);

/*
 * Checks the answer typed against the question's: a square ("c4"), a rank
 * alone on the file of the call the question names ("3"; beside a program,
 * numbered, counted from 0 as the program counts), or "-" for none,
 * read as Watch's predict mode reads them (quiz_read).  Writes the verdict
 * with its reason into buf, and the answer read into *got (when not NULL);
 * returns 1 when right, 0 when wrong, -1 when typed is none of those (buf
 * then says why, and what to type).
 */
int lesson_answer(const struct lesson_question *q, int n, const char *typed,
                  struct quiz_answer *got, char *buf, size_t len);

#endif
