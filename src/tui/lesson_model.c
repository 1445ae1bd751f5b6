/* The Lesson's state without a terminal: its steps, the screens they open, questions,
 * answers and the summary. */
#include "config.h"

#include "tui/lesson_model.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/input.h"
#include "engine/settings.h"

/* After the answer typed so far, what to type. */
#define ANSWER_LINE "  (a square such as c2, then Enter)"
#define ANSWER_LINE_CALL "  (a square such as c2, or its rank alone, then Enter)"
#define ANSWER_LINE_RANK "  (a square such as c2, or rank's value from 0, then Enter)"

enum lesson_action {
	LESSON_NEXT,
	LESSON_PREV,
	LESSON_LEAVE,
	LESSON_SPACE, /* the screen's own Space or Enter */
	LESSON_SKIP,
	LESSON_BIG,
	LESSON_ANSWER,
	LESSON_ERASE,
	LESSON_TYPE,
};

/* Projector mode, a key of every step: it holds for the steps after. */
#define LESSON_BIG_ROW                                                                   \
	{                                                                                \
		LESSON_BIG, {KCHAR('z')},                                                \
		        "projector mode: the contrast theme, Watch's board large with "  \
		        "the pseudocode and the stack; kept for the next steps",         \
		{                                                                        \
			{                                                                \
				KEYMAP_MORE, "z projector"                               \
			}                                                                \
		}                                                                        \
	}

/* The step before: p alone, as Backspace erases an answer and nothing else. */
#define LESSON_PREV_ROW                                                                  \
	{                                                                                \
		LESSON_PREV, {KCHAR('p')}, "the step before",                            \
		{                                                                        \
			{                                                                \
				0, "p back"                                              \
			}                                                                \
		}                                                                        \
	}

/* The lesson's keys, and o for what Space or Enter does on each screen. */
#define LESSON_ROWS(space_what, space_hint)                                              \
	{LESSON_NEXT,                                                                    \
	 {KCHAR(' '), KEY(ENTER)},                                                       \
	 "the next step (the next question, after an answer)",                           \
	 {{0, "Space next"}}},                                                           \
	        LESSON_PREV_ROW,                                                         \
	        {LESSON_SPACE, {KCHAR('o')}, space_what, {{0, space_hint}}},             \
	        LESSON_BIG_ROW,                                                          \
	{                                                                                \
		LESSON_LEAVE, {KCHAR('q')},                                              \
		        "leave the lesson: the summary of its "                          \
		        "questions",                                                     \
		{                                                                        \
		}                                                                        \
	}

static const struct keymap_row text_rows[] = {
        {LESSON_NEXT, {KCHAR(' '), KEY(ENTER)}, "the next step", {{0, "Space next"}}},
        LESSON_PREV_ROW,
        LESSON_BIG_ROW,
        {LESSON_LEAVE,
         {KCHAR('q')},
         "leave the lesson: the summary of its questions",
         {}},
};
static const struct keymap_row play_rows[] = {
        LESSON_ROWS("place or remove a queen at the cursor", "o queen")};
static const struct keymap_row watch_rows[] = {
        LESSON_ROWS("play or pause the search", "o play"),
};
static const struct keymap_row browse_rows[] = {
        LESSON_ROWS("open the board, class or member chosen", "o open")};
static const struct keymap_row race_rows[] = {
        LESSON_ROWS("run or pause the race", "o run")};

static const struct keymap own_keys[] = {
        [LESSON_TEXT] = KEYMAP(text_rows),   [LESSON_PLAY] = KEYMAP(play_rows),
        [LESSON_WATCH] = KEYMAP(watch_rows), [LESSON_BROWSE] = KEYMAP(browse_rows),
        [LESSON_RACE] = KEYMAP(race_rows),
};

/* While a question is asked: the answer's keys, and z, which is never typed. */
static const struct keymap_row question_rows[] = {
        {LESSON_ANSWER, {KEY(ENTER)}, "check the answer typed", {{0, "Enter check"}}},
        {LESSON_TYPE,
         {KCHAR('c'), KCHAR('2'), KCHAR('-')},
         "type a square (c2); a rank alone (2) on the file of the call the "
         "question names, beside a program counted from 0 as it counts; - for "
         "none",
         {}},
        {LESSON_ERASE,
         {KEY(BACKSPACE)},
         "erase what was typed",
         {{0, "Backspace erase"}}},
        {LESSON_SKIP,
         {KEY(ESCAPE)},
         "skip the question: its answer shows, counted as skipped",
         {{0, "Esc skip"}}},
        LESSON_BIG_ROW,
};
static const struct keymap question_keys = KEYMAP(question_rows);

static bool same_key(const struct keymap_key *a, const struct keymap_key *b)
{
	return a->kind == b->kind && a->key == b->key && a->ch == b->ch &&
	       a->mods == b->mods && a->button == b->button;
}

/* Whether the lesson's own keys take k from the screen. */
static bool shadowed(const struct keymap *own, const struct keymap_key *k)
{
	for (size_t i = 0; i < own->count; i++)
		for (int j = 0; j < KEYMAP_KEYS_MAX && own->rows[i].keys[j].kind; j++)
			if (same_key(&own->rows[i].keys[j], k))
				return true;
	return false;
}

/*
 * A hint whose key the lesson took ("o over"), with the first key the row
 * keeps in its place ("> over"), into buf; NULL when it names no key taken.
 */
static const char *hint_moved(const char *hint, const struct keymap_row *row,
                              const struct keymap *own, char *buf, size_t len)
{
	char name[32], kept[32] = "";

	for (int j = 0; j < KEYMAP_KEYS_MAX && row->keys[j].kind; j++)
		if (!shadowed(own, &row->keys[j]) && !kept[0])
			keymap_key_name(&row->keys[j], kept, sizeof kept);
	for (int j = 0; j < KEYMAP_KEYS_MAX && row->keys[j].kind; j++) {
		size_t k;

		if (!shadowed(own, &row->keys[j]))
			continue;
		keymap_key_name(&row->keys[j], name, sizeof name);
		k = strlen(name);
		if (kept[0] && strncmp(hint, name, k) == 0 && hint[k] == ' ') {
			snprintf(buf, len, "%s%s", kept, hint + k);
			return buf;
		}
	}
	return NULL;
}

/*
 * The step's keys for the help and the key line: the lesson's, then each
 * of the screen's with the keys the lesson takes left out (a row that
 * loses them all goes, and its help line passes to the next; a hint that
 * names a key taken names one kept).
 */
static void build_keys(struct lesson_model *r, const struct keymap *theirs)
{
	const struct keymap *own = &own_keys[r->l.steps[r->at].screen];
	size_t n = 0;
	const char *what = NULL;
	bool head_kept = false;

	for (size_t i = 0; i < own->count && n < LESSON_ROWS_MAX; i++)
		r->rows[n++] = own->rows[i];
	for (size_t i = 0; theirs && i < theirs->count && n < LESSON_ROWS_MAX; i++) {
		struct keymap_row row = theirs->rows[i];
		int k = 0;

		if (row.what) {
			what = row.what;
			head_kept = false;
		}
		for (int j = 0; j < KEYMAP_KEYS_MAX && theirs->rows[i].keys[j].kind; j++)
			if (!shadowed(own, &theirs->rows[i].keys[j]))
				row.keys[k++] = theirs->rows[i].keys[j];
		if (k == 0)
			continue;
		for (int h = 0; h < KEYMAP_HINTS_MAX && row.hints[h].text; h++) {
			const char *moved =
			        hint_moved(row.hints[h].text, &theirs->rows[i], own,
			                   r->hints[n], sizeof r->hints[n]);

			if (moved)
				row.hints[h].text = moved;
		}
		for (; k < KEYMAP_KEYS_MAX; k++)
			row.keys[k] = (struct keymap_key){0};
		/* A row after a head that lost all its keys takes its help line. */
		if (!head_kept)
			row.what = what;
		head_kept = true;
		r->rows[n++] = row;
	}
	r->keys = (struct keymap){r->rows, n};
	/* While the search plays to the step's end, Space's row says it ends it. */
	memcpy(r->end_rows, r->rows, n * sizeof *r->rows);
	r->end_rows[0].what = "the search straight to where the step's words end "
	                      "(said on screen); then the next step";
	r->end_rows[0].hints[0].text = "Space to step's end";
	r->end_keys = (struct keymap){r->end_rows, n};
}

/* Whether the step's search has yet to reach the event its words end at (until:). */
static bool before_end(const struct lesson_model *r)
{
	const struct lesson_step *st = &r->l.steps[r->at];

	return st->screen == LESSON_WATCH && st->until_at > st->at && r->child.ops &&
	       r->child.ops->search &&
	       search_counters(r->child.ops->search(r->child.self))->events <
	               st->until_at;
}

/* Space before the step's end: the search goes there, and the panel says so. */
static void to_end(struct lesson_model *r)
{
	uint64_t until = r->l.steps[r->at].until_at;

	r->child.ops->seek(r->child.self, until, false);
	snprintf(r->note, sizeof r->note,
	         "Space: straight to event %llu, where this step ends. Space again: "
	         "the next step.",
	         (unsigned long long)until);
}

static void close_child(struct lesson_model *r)
{
	if (r->child.ops && r->child.ops->listing) {
		const char *shown = r->child.ops->listing(r->child.self);
		if (strcmp(shown, r->opened) != 0)
			snprintf(r->chosen, sizeof r->chosen, "%s", shown);
	}
	if (r->child.ops && r->child.ops->free)
		r->child.ops->free(r->child.self);
	r->child = (struct screen){0};
}

/*
 * Projector mode on or off, for the lesson: the contrast theme on every
 * step, and Watch's own projector mode on a Watch step.
 */
static void set_big(struct lesson_model *r, bool on)
{
	if (on == r->big)
		return;
	if (on) {
		r->theme_before = r->theme.current();
		r->theme.set(SETTINGS_THEME_CONTRAST);
	}
	/* The step's screen first: its theme before is the lesson's. */
	if (r->child.ops && r->child.ops->big)
		r->child.ops->big(r->child.self, on);
	if (!on)
		r->theme.set(r->theme_before);
	r->big = on;
}

/* Where a question is in the log: its step and its number in it. */
static uint64_t question_place(const struct lesson_model *r)
{
	return (uint64_t)r->at << 8 | (uint64_t)r->qno;
}

/*
 * The listing step k shows: the one it names, or the last one an earlier
 * step named; the pseudocode when none did, whatever the config file keeps,
 * since the lesson's words name calls and ranks as the listing does.
 */
static enum lesson_code step_code(const struct lesson_model *r, int k)
{
	for (int j = k; j >= 0; j--)
		if (r->l.steps[j].code != LESSON_CODE_DEFAULT)
			return r->l.steps[j].code;
	return LESSON_CODE_PSEUDOCODE;
}

/* Poses the next question of the step, or says there is none left to ask. */
static void ask(struct lesson_model *r)
{
	const struct lesson_step *st = &r->l.steps[r->at];
	const struct search *s = r->child.ops->search(r->child.self);

	r->typed[0] = r->refused[0] = '\0';
	r->verdict[0] = '\0';
	if (r->left <= 0)
		return;
	/* Beside a program the calls are named, and the ranks counted, as it does. */
	if (!lesson_question(s,
	                     r->child.ops->listing &&
	                             strcmp(r->child.ops->listing(r->child.self),
	                                    lesson_code_name(LESSON_CODE_PSEUDOCODE)) !=
	                                     0,
	                     &r->q)) {
		snprintf(r->verdict, sizeof r->verdict,
		         "The search places no more queens: nothing left to ask.");
		r->how = QUIZ_SKIPPED;
		r->left = 0;
		return;
	}
	/* The board stays still while the class thinks, and the narration quiet. */
	r->child.ops->seek(r->child.self, search_counters(s)->events, false);
	if (r->child.ops->asking)
		r->child.ops->asking(r->child.self, true);
	r->asking = true;
	r->qno = st->ask - r->left;
	r->left--;
	r->again = quiz_log_has(&r->log, question_place(r), 0, QUIZ_WHERE);
	r->asked_ms = r->env->clock_ms();
}

/*
 * What the step's screen is opened with: the step's arguments.  Kept in
 * one place, the only one that fills a screen_open for a step.
 */
/*
 * The class a step's words name ("class 10"), whose page the classes'
 * gallery opens on so that the class is on the screen; 0 for none.
 */
static uint64_t named_class(const char *text)
{
	for (const char *p = text; (p = strstr(p, "lass ")) != NULL; p++) {
		char *end;
		unsigned long long k;

		if (p == text || (p[-1] != 'c' && p[-1] != 'C') ||
		    !isdigit((unsigned char)p[5]))
			continue;
		k = strtoull(p + 5, &end, 10);
		if (k > 0 && !isalnum((unsigned char)*end))
			return k;
	}
	return 0;
}

bool lesson_model_step_open(const struct lesson_model *r, int k, struct screen_open *o)
{
	const struct lesson_step *st = &r->l.steps[k];

	*o = (struct screen_open){0};
	switch (st->screen) {
	case LESSON_PLAY:
		o->kind = SCREEN_PLAY;
		o->play.n = st->n;
		return true;
	case LESSON_WATCH:
		o->kind = SCREEN_WATCH;
		o->watch.n = st->n;
		o->watch.algo = st->algo;
		o->watch.goal = st->first ? SEARCH_FIRST : SEARCH_ALL;
		o->watch.given = st->has_from ? st->from : NULL;
		/* Where the check found the step opens, and where its words end. */
		o->watch.event = st->at;
		o->watch.until = st->until_at;
		o->watch.speed = st->speed;
		o->watch.big = r->big;
		o->watch.keep = st->keep;
		/* The lines the words quote are kept in the listing's view. */
		o->watch.words = st->text;
		/* The listing the step names; else the one c chose in an
		 * earlier step, or the last one an earlier step named. */
		if (st->code == LESSON_CODE_DEFAULT && r->chosen[0])
			o->watch.listing = r->chosen;
		else
			o->watch.listing = lesson_code_name(step_code(r, k));
		o->watch.listing_kept = true;
		/* Questions first: the search plays on once they are answered. */
		o->watch.play = (st->play && !st->ask) || st->until_at > st->at;
		return true;
	case LESSON_BROWSE:
		o->kind = SCREEN_BROWSE;
		o->browse.n = st->n;
		o->browse.index = st->index;
		o->browse.classes = st->classes;
		if (st->classes && !st->index)
			o->browse.class_at = named_class(st->text);
		return true;
	case LESSON_RACE:
		o->kind = SCREEN_RACE;
		o->race.n = st->n;
		o->race.algos = st->nrace ? st->race : NULL;
		o->race.nalgos = st->nrace;
		o->race.goal = st->first ? SEARCH_FIRST : SEARCH_ALL;
		o->race.speed = st->speed;
		o->race.play = st->play;
		return true;
	default:
		return false;
	}
}

/* Shows step k: its screen opened afresh with the step's arguments. */
static void open_step(struct lesson_model *r, int k)
{
	const struct lesson_step *st = &r->l.steps[k];
	struct screen_open o;

	close_child(r);
	r->at = k;
	r->message[0] = '\0';
	r->note[0] = '\0';
	r->asking = false;
	r->left = 0;
	r->verdict[0] = '\0';
	/* A step's big line holds from it on; without one, the mode stays as it is. */
	if (st->big_said)
		set_big(r, st->big_said > 0);
	/* A step that names its listing ends the one c chose before. */
	if (st->screen == LESSON_WATCH && st->code != LESSON_CODE_DEFAULT)
		r->chosen[0] = '\0';
	if (lesson_model_step_open(r, k, &o) &&
	    r->env->openers[o.kind](&r->child, &o, r->env, r->message,
	                            sizeof r->message) < 0)
		r->child = (struct screen){0};
	snprintf(r->opened, sizeof r->opened, "%s",
	         r->child.ops && r->child.ops->listing
	                 ? r->child.ops->listing(r->child.self)
	                 : "");
	build_keys(r, r->child.ops ? r->child.ops->keys(r->child.self) : NULL);
	if (st->screen == LESSON_WATCH && r->child.ops && r->child.ops->search) {
		r->left = st->ask;
		ask(r);
	}
}

/*
 * The question ends with verdict v (the answer read, or NULL when skipped):
 * in the log, unless it was asked before, when the first answer stands.
 */
static void record(struct lesson_model *r, enum quiz_verdict v,
                   const struct quiz_answer *a)
{
	struct quiz_entry e = {.from = question_place(r),
	                       .to = question_place(r),
	                       .kind = QUIZ_WHERE,
	                       .count = 1,
	                       .verdict = v,
	                       .ms = r->env->clock_ms() - r->asked_ms};
	r->how = v;
	if (r->again)
		return;
	if (r->q.call[0])
		snprintf(e.question, sizeof e.question,
		         "Step %d: %s is running: where will the next queen go?",
		         r->at + 1, r->q.call);
	else
		snprintf(e.question, sizeof e.question,
		         "Step %d: where will the next queen go?", r->at + 1);
	if (a && a->none)
		snprintf(e.answer, sizeof e.answer, "none");
	else if (a)
		board_square_name(a->sq, e.answer, sizeof e.answer);
	board_square_name(r->q.answer, e.truth, sizeof e.truth);
	quiz_log_add(&r->log, &e);
}

/* The answer typed is checked against the search, which then moves to it. */
static void answer(struct lesson_model *r, bool skip)
{
	const struct lesson_step *st = &r->l.steps[r->at];
	int n = search_n(r->child.ops->search(r->child.self));
	struct quiz_answer a;
	char sq[16];

	r->refused[0] = '\0';
	if (skip) {
		board_square_name(r->q.answer, sq, sizeof sq);
		snprintf(r->verdict, sizeof r->verdict,
		         "Skipped. The queen goes to %s. %s", sq, r->q.why);
		record(r, QUIZ_SKIPPED, NULL);
	} else {
		int ok = lesson_answer(&r->q, n, r->typed, &a, r->verdict,
		                       sizeof r->verdict);

		/* Not an answer: the class is told why, and what it typed stays. */
		if (ok < 0) {
			snprintf(r->refused, sizeof r->refused, "%s", r->verdict);
			r->verdict[0] = '\0';
			return;
		}
		record(r, ok ? QUIZ_RIGHT : QUIZ_WRONG, &a);
	}
	r->asking = false;
	r->typed[0] = '\0';
	if (r->child.ops->asking)
		r->child.ops->asking(r->child.self, false);
	r->child.ops->seek(r->child.self, r->q.event, r->left == 0 && st->play);
}

/* A key while a question is asked: Enter, Backspace, Escape, z, or what is typed. */
static void question_key(struct lesson_model *r, const struct input_event *ev)
{
	size_t len = strlen(r->typed);

	if (ev->kind != INPUT_KEY)
		return;
	switch (keymap_action(&question_keys, ev)) {
	case LESSON_ANSWER:
		answer(r, false);
		return;
	case LESSON_SKIP:
		answer(r, true);
		return;
	case LESSON_ERASE:
		if (len)
			r->typed[len - 1] = '\0';
		r->refused[0] = '\0';
		return;
	case LESSON_BIG:
		set_big(r, !r->big);
		return;
	default:
		break;
	}
	if (ev->key == INPUT_KEY_CHAR && !(ev->mods & INPUT_MOD_CTRL) &&
	    ((ev->codepoint >= 'a' && ev->codepoint <= 'z') ||
	     (ev->codepoint >= '0' && ev->codepoint <= '9') || ev->codepoint == '-') &&
	    len + 1 < sizeof r->typed) {
		r->typed[len] = (char)ev->codepoint;
		r->typed[len + 1] = '\0';
		r->refused[0] = '\0';
	}
}

/* The question asked, in the words of the pseudocode when a call is under way. */
static void question(const struct lesson_model *r, char *buf, size_t len)
{
	if (r->q.call[0])
		snprintf(buf, len, "%s is running: where will the next queen go?",
		         r->q.call);
	else
		snprintf(buf, len, "Where will the next queen go?");
}

/* The line the answer is typed on, and what to type. */
static void answer_line(const struct lesson_model *r, char *buf, size_t len)
{
	snprintf(buf, len, "Your answer: %s_%s", r->typed,
	         !r->q.call[0]   ? ANSWER_LINE
	         : r->q.numbered ? ANSWER_LINE_RANK
	                         : ANSWER_LINE_CALL);
}

/* The step's screen closed: its text stays. */
static void child_close(void *ctx)
{
	struct lesson_model *r = ctx;

	close_child(r);
	build_keys(r, NULL);
}

/* The step's screen opened another in its place (Play's next puzzle). */
static void child_replace(void *ctx, const struct screen_open *o)
{
	struct lesson_model *r = ctx;
	struct screen next;
	char err[600];

	/* A lesson inside a lesson would be one screen too many. */
	if (o->kind == SCREEN_LESSON || o->kind == SCREEN_HELP ||
	    o->kind == SCREEN_SUMMARY ||
	    r->env->openers[o->kind](&next, o, r->env, err, sizeof err) < 0)
		return;
	close_child(r);
	r->child = next;
	r->left = 0;
	r->verdict[0] = '\0';
	build_keys(r, r->child.ops->keys(r->child.self));
}

/*
 * Hands an event to the step's screen (a click with its rectangle, rect),
 * and follows what it answers: a close or a replace here, the rest by the
 * app.
 */
static enum screen_reply to_child(struct lesson_model *r, const struct input_event *ev,
                                  const struct layout_rect *rect,
                                  struct screen_open *open)
{
	const struct screen_host host = {
	        .close = child_close, .replace = child_replace, .ctx = r};
	enum screen_reply reply;

	if (ev->kind == INPUT_MOUSE)
		reply = r->child.ops->mouse && rect
		                ? r->child.ops->mouse(r->child.self, ev, *rect, open)
		                : SCREEN_STAY;
	else
		reply = r->child.ops->key(r->child.self, ev, open);
	return screen_follow(&host, reply, open);
}

/* The lesson ends: its summary takes its place (the questions, how they ended, the time).
 */
static enum screen_reply finish(struct lesson_model *r, struct screen_open *open)
{
	r->log.end_ms = r->env->clock_ms();
	if (r->at + 1 == r->l.nsteps)
		snprintf(r->summary_title, sizeof r->summary_title,
		         "the lesson \"%s\", all %d steps", r->l.title, r->l.nsteps);
	else
		snprintf(r->summary_title, sizeof r->summary_title,
		         "the lesson \"%s\", left at step %d of %d", r->l.title,
		         r->at + 1, r->l.nsteps);
	*open = (struct screen_open){
	        .kind = SCREEN_SUMMARY,
	        .summary = {.title = r->summary_title, .log = &r->log}};
	return SCREEN_REPLACE;
}

/* o: Space is Watch's play; Enter is Play's queen, Browse's open, Race's run. */
static enum screen_reply space(struct lesson_model *r, const struct layout_rect *rect,
                               struct screen_open *open)
{
	struct input_event ev = {.kind = INPUT_KEY};

	if (!r->child.ops)
		return SCREEN_STAY;
	if (r->l.steps[r->at].screen == LESSON_WATCH) {
		ev.key = INPUT_KEY_CHAR;
		ev.codepoint = ' ';
	} else {
		ev.key = INPUT_KEY_ENTER;
	}
	return to_child(r, &ev, rect, open);
}

enum screen_reply lesson_model_event(struct lesson_model *r, const struct input_event *ev,
                                     const struct layout_rect *child,
                                     struct screen_open *open)
{
	int action = keymap_action(&own_keys[r->l.steps[r->at].screen], ev);

	if (r->asking) {
		question_key(r, ev);
		return SCREEN_STAY;
	}
	switch (action) {
	case LESSON_NEXT:
		if (r->left > 0 && r->child.ops && r->child.ops->search)
			ask(r);
		else if (before_end(r))
			to_end(r);
		else if (r->at + 1 < r->l.nsteps)
			open_step(r, r->at + 1);
		else
			return finish(r, open);
		return SCREEN_STAY;
	case LESSON_PREV:
		if (r->at > 0)
			open_step(r, r->at - 1);
		return SCREEN_STAY;
	case LESSON_LEAVE:
		return finish(r, open);
	case LESSON_BIG:
		set_big(r, !r->big);
		return SCREEN_STAY;
	case LESSON_SPACE:
		return space(r, child, open);
	default:
		break;
	}
	return r->child.ops ? to_child(r, ev, child, open) : SCREEN_STAY;
}

const struct keymap *lesson_model_keys(const struct lesson_model *r)
{
	if (r->asking)
		return &question_keys;
	return before_end(r) ? &r->end_keys : &r->keys;
}

int lesson_model_init(struct lesson_model *r, const struct lesson *l, bool big, int at,
                      const struct screen_env *env, const struct lesson_theme *theme,
                      char *err, size_t errlen)
{
	*r = (struct lesson_model){.l = *l, .env = env, .theme = *theme};
	r->l.steps = malloc((size_t)l->nsteps * sizeof *r->l.steps);
	if (!r->l.steps) {
		snprintf(err, errlen, "Out of memory.");
		return -1;
	}
	memcpy(r->l.steps, l->steps, (size_t)l->nsteps * sizeof *r->l.steps);
	quiz_log_init(&r->log, env->clock_ms());
	/* lesson --big: projector mode from the first step, until a step says off. */
	set_big(r, big);
	/* A rehearsal from step K opens it as stepping there would: the big
	 * lines of the steps before it hold, its screen at its event. */
	if (at < 0 || at >= l->nsteps)
		at = 0;
	for (int k = 0; k < at; k++)
		if (l->steps[k].big_said)
			set_big(r, l->steps[k].big_said > 0);
	open_step(r, at);
	return 0;
}

void lesson_model_free(struct lesson_model *r)
{
	close_child(r);
	/* Projector mode's theme is the lesson's own: the viewer's comes back. */
	set_big(r, false);
	quiz_log_free(&r->log);
	free(r->l.steps);
	r->l.steps = NULL;
}

/* Adds a line of the panel in its role (a blank line before it: gap). */
static void view_add(struct lesson_view *v, enum theme_item role, bool gap,
                     const char *text)
{
	struct lesson_line *l = &v->line[v->count++];

	snprintf(l->text, sizeof l->text, "%s", text);
	l->role = role;
	l->gap = gap;
}

/* The words of a question asked again: its first answer stands. */
#define AGAIN "Asked before: the first answer stands, this one is not counted."

void lesson_model_view(const struct lesson_model *r, struct lesson_view *v)
{
	char line[256], score[96] = "  ";

	v->count = 0;
	v->page = !r->child.ops;
	v->more = r->asking ? "? help" : "? help  q leave";
	if (r->log.score.asked)
		quiz_score_text(&r->log.score, score + 2, sizeof score - 2);
	snprintf(v->head.text, sizeof v->head.text, "%s - step %d of %d%s", r->l.title,
	         r->at + 1, r->l.nsteps, r->log.score.asked ? score : "");
	v->head.role = THEME_STATUS;
	v->head.gap = false;
	view_add(v, THEME_NORMAL, false, r->l.steps[r->at].text);
	if (r->message[0])
		view_add(v, THEME_BAD, false, r->message);
	if (r->note[0])
		view_add(v, THEME_KEY, true, r->note);
	if (r->asking) {
		question(r, line, sizeof line);
		view_add(v, THEME_KEY, true, line);
		answer_line(r, line, sizeof line);
		view_add(v, THEME_NORMAL, false, line);
		if (r->refused[0])
			view_add(v, THEME_BAD, false, r->refused);
	} else if (r->verdict[0]) {
		view_add(v,
		         r->how == QUIZ_RIGHT   ? THEME_GOOD
		         : r->how == QUIZ_WRONG ? THEME_BAD
		                                : THEME_NORMAL,
		         true, r->verdict);
	}
	if (r->again && (r->asking || r->verdict[0]))
		view_add(v, THEME_DIMMED, false, AGAIN);
}

void lesson_model_cover(struct lesson_model *r, bool covered)
{
	if (r->child.ops && r->child.ops->cover)
		r->child.ops->cover(r->child.self, covered);
}
