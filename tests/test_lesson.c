/* Unit tests of the Lesson model without a terminal: every shipped lesson driven by
 * keys, what each step opens, the questions it asks, the answers, the summary, and
 * the role (the colour) of each line of the panel. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine/lesson.h"
#include "engine/quiz.h"
#include "engine/search.h"
#include "engine/settings.h"
#include "tui/input.h"
#include "tui/keymap.h"
#include "tui/lesson_model.h"
#include "tui/screen.h"
#include "tui/theme.h"

/* The tests' clock: it moves only when a test says so. */
static long long fake_now;

static long long fake_clock(void)
{
	return fake_now;
}

/* The theme projector mode sets, and how many times it was set. */
static int fake_theme = SETTINGS_THEME_CALM;

static int theme_now(void)
{
	return fake_theme;
}

static void theme_to(int t)
{
	fake_theme = t;
}

static const struct lesson_theme fake_themes = {theme_now, theme_to};

/*
 * A step's screen as the lesson sees it: what it was opened with, a real
 * search at the event it opens on (Watch), and what the lesson asked of it.
 */
struct fake {
	struct screen_open o;
	char listing[16];
	struct search *s;
	uint64_t seek_k;
	bool seek_play;
	bool asking, big, covered;
	struct input_event last; /* the last key handed to it */
};

/* Every screen the steps opened, in order, and the one open now. */
#define OPENED_MAX 64
static struct screen_open opened[OPENED_MAX];
static int nopened;
static struct fake *live;
static bool open_fails;

static void fake_free(void *self)
{
	struct fake *f = self;

	search_free(f->s);
	if (live == f)
		live = NULL;
	free(f);
}

static void fake_draw(const void *self, struct layout_rect r)
{
	(void)self;
	(void)r;
}

/* Watch's c: the next listing; x: the screen closes itself. */
static enum screen_reply fake_key(void *self, const struct input_event *ev,
                                  struct screen_open *open)
{
	static const char *const order[] = {"pseudocode", "python", "c", "java"};
	struct fake *f = self;

	(void)open;
	f->last = *ev;
	if (ev->key == INPUT_KEY_CHAR && ev->codepoint == 'x')
		return SCREEN_CLOSE;
	if (ev->key == INPUT_KEY_CHAR && ev->codepoint == 'c' && f->s)
		for (int i = 0; i < 4; i++)
			if (strcmp(f->listing, order[i]) == 0) {
				snprintf(f->listing, sizeof f->listing, "%s",
				         order[(i + 1) % 4]);
				break;
			}
	return SCREEN_STAY;
}

static void fake_min_size(const void *self, int *lines, int *cols)
{
	(void)self;
	*lines = 10;
	*cols = 20;
}

/* The screen's keys: o is the lesson's, so its hint names > instead. */
static const struct keymap_row fake_rows[] = {
        {1, {KCHAR('o'), KCHAR('>')}, "step over the call", {{0, "o over"}}},
        {2, {KCHAR('p')}, "pause", {{0, "p pause"}}},
        {3, {KCHAR('c')}, "the next listing", {{0, "c code"}}},
};
static const struct keymap fake_keymap = KEYMAP(fake_rows);

static const struct keymap *fake_keys(const void *self)
{
	(void)self;
	return &fake_keymap;
}

static const struct search *fake_search(const void *self)
{
	return ((const struct fake *)self)->s;
}

static void fake_seek(void *self, uint64_t k, bool play)
{
	struct fake *f = self;

	assert_true(search_seek(f->s, k));
	f->seek_k = k;
	f->seek_play = play;
}

static void fake_big(void *self, bool on)
{
	((struct fake *)self)->big = on;
}

static const char *fake_listing(const void *self)
{
	return ((const struct fake *)self)->listing;
}

static void fake_asking(void *self, bool on)
{
	((struct fake *)self)->asking = on;
}

static void fake_cover(void *self, bool covered)
{
	((struct fake *)self)->covered = covered;
}

static const struct screen_ops plain_ops = {
        .title = "Fake",
        .cover = fake_cover,
        .free = fake_free,
        .draw = fake_draw,
        .key = fake_key,
        .min_size = fake_min_size,
        .keys = fake_keys,
};

static const struct screen_ops watch_ops = {
        .title = "Fake Watch",
        .free = fake_free,
        .draw = fake_draw,
        .key = fake_key,
        .min_size = fake_min_size,
        .keys = fake_keys,
        .search = fake_search,
        .seek = fake_seek,
        .big = fake_big,
        .listing = fake_listing,
        .asking = fake_asking,
};

static int fake_open(struct screen *out, const struct screen_open *o,
                     const struct screen_env *env, char *err, size_t errlen)
{
	struct fake *f;

	(void)env;
	if (open_fails) {
		snprintf(err, errlen, "Cannot open this step: a test says so.");
		return -1;
	}
	assert_true(nopened < OPENED_MAX);
	opened[nopened++] = *o;
	f = calloc(1, sizeof *f);
	assert_non_null(f);
	f->o = *o;
	f->big = o->kind == SCREEN_WATCH && o->watch.big;
	if (o->kind == SCREEN_WATCH) {
		f->s = search_new_from(o->watch.algo, o->watch.n, o->watch.goal, 1,
		                       o->watch.given, err, errlen);
		assert_non_null(f->s);
		assert_true(search_seek(f->s, o->watch.event));
		snprintf(f->listing, sizeof f->listing, "%s",
		         o->watch.listing ? o->watch.listing : "pseudocode");
	}
	live = f;
	*out = (struct screen){o->kind == SCREEN_WATCH ? &watch_ops : &plain_ops, f};
	return 0;
}

static screen_open_fn *const openers[SCREEN_KINDS] = {
        [SCREEN_PLAY] = fake_open,
        [SCREEN_WATCH] = fake_open,
        [SCREEN_BROWSE] = fake_open,
        [SCREEN_RACE] = fake_open,
};

static const struct screen_env env = {.openers = openers, .clock_ms = fake_clock};

/* A shipped lesson, read and checked as `nqueens lesson` reads it. */
static void load(const char *name, struct lesson *l)
{
	char path[4096], err[1024];

	if (strchr(name, '/'))
		snprintf(path, sizeof path, "%s", name);
	else
		snprintf(path, sizeof path, "%s/lessons/%s.txt", SRCDATADIR, name);
	if (lesson_load(path, l, err, sizeof err) != 0)
		fail_msg("%s", err);
}

/* Opens the lesson name at step at (0-based), as lesson --step opens it. */
static void start_at(struct lesson_model *m, const char *name, bool big, int at)
{
	struct lesson l;
	char err[256];

	nopened = 0;
	open_fails = false;
	live = NULL;
	fake_theme = SETTINGS_THEME_CALM;
	load(name, &l);
	assert_int_equal(
	        lesson_model_init(m, &l, big, at, &env, &fake_themes, err, sizeof err),
	        0);
	lesson_free(&l);
}

static void start(struct lesson_model *m, const char *name, bool big)
{
	start_at(m, name, big, 0);
}

static enum screen_reply press_key(struct lesson_model *m, enum input_key k)
{
	struct input_event ev = {.kind = INPUT_KEY, .key = k};
	struct screen_open o;

	return lesson_model_event(m, &ev, NULL, &o);
}

static enum screen_reply press(struct lesson_model *m, uint32_t c)
{
	struct input_event ev = {
	        .kind = INPUT_KEY, .key = INPUT_KEY_CHAR, .codepoint = c};
	struct screen_open o;

	return lesson_model_event(m, &ev, NULL, &o);
}

/* Types an answer, then Enter. */
static void type(struct lesson_model *m, const char *s)
{
	for (; *s; s++)
		press(m, (unsigned char)*s);
	press_key(m, INPUT_KEY_ENTER);
}

/*
 * Space to the next step, which must be step k (1-based); a step whose
 * search has yet to reach its until: event goes there first, paused.
 */
static void next(struct lesson_model *m, int k)
{
	const struct lesson_step *st = &m->l.steps[m->at];
	int at = m->at;

	if (st->screen == LESSON_WATCH && st->until_at > st->at && live && !m->asking &&
	    m->left == 0 && search_counters(live->s)->events < st->until_at) {
		assert_int_equal(press(m, ' '), SCREEN_STAY);
		assert_int_equal(m->at, at);
		assert_int_equal(live->seek_k, st->until_at);
		assert_false(live->seek_play);
	}
	assert_int_equal(press(m, ' '), SCREEN_STAY);
	assert_int_equal(m->at + 1, k);
}

/* The line of the view that starts with head, or NULL. */
static const struct lesson_line *line_of(const struct lesson_view *v, const char *head)
{
	for (int i = 0; i < v->count; i++)
		if (strncmp(v->line[i].text, head, strlen(head)) == 0)
			return &v->line[i];
	return NULL;
}

/* The line starting with head is there, in role. */
static void assert_line(const struct lesson_model *m, const char *head,
                        enum theme_item role)
{
	struct lesson_view v;
	const struct lesson_line *l;

	lesson_model_view(m, &v);
	l = line_of(&v, head);
	if (!l) {
		fail_msg("no line \"%s\" on step %d", head, m->at + 1);
		return; /* fail_msg does not return: said for the analyzer */
	}
	assert_int_equal(l->role, role);
}

/* A Watch of 4 opened at event, playing to until (0: the end) or paused. */
static void assert_watch(const struct screen_open *o, uint64_t event, uint64_t until,
                         int speed, bool play, const char *listing)
{
	assert_int_equal(o->kind, SCREEN_WATCH);
	assert_int_equal(o->watch.n, 4);
	assert_int_equal(o->watch.algo, SEARCH_BACKTRACK);
	assert_int_equal(o->watch.goal, SEARCH_ALL);
	assert_null(o->watch.given);
	assert_int_equal(o->watch.event, event);
	assert_int_equal(o->watch.until, until);
	assert_int_equal(o->watch.play, play);
	assert_int_equal(o->watch.speed, speed);
	assert_string_equal(o->watch.listing, listing);
	assert_true(o->watch.listing_kept);
}

/* The step's words are its text, a page of its own with no screen. */
static void assert_page(const struct lesson_model *m, const char *words)
{
	struct lesson_view v;

	lesson_model_view(m, &v);
	assert_true(v.page);
	assert_null(live);
	assert_int_equal(v.line[0].role, THEME_NORMAL);
	assert_memory_equal(v.line[0].text, words, strlen(words));
}

/* The question asked now, in its words, with the board still at event. */
static void assert_asked(const struct lesson_model *m, const char *words, uint64_t event)
{
	assert_true(m->asking);
	assert_true(live->asking);
	assert_int_equal(live->seek_k, event);
	assert_false(live->seek_play);
	assert_line(m, words, THEME_KEY);
}

/* Four queens from step 8 on: the solutions, the play to the end, Browse, a page. */
static void four_queens_to_the_end(struct lesson_model *m)
{
	next(m, 8);
	assert_watch(&opened[7], 28, 47, 2, true, "pseudocode");
	/* until: solution stops the play at the first solution. */
	next(m, 9);
	assert_int_equal(opened[8].watch.event, 47);
	assert_true(search_seek(live->s, opened[8].watch.until));
	assert_int_equal(search_last(live->s)->kind, SEARCH_EV_SOLUTION);
	assert_int_equal(search_counters(live->s)->solutions, 1);
	next(m, 10);
	assert_int_equal(opened[9].watch.event, opened[8].watch.until);
	assert_true(search_seek(live->s, opened[9].watch.until));
	assert_int_equal(search_counters(live->s)->solutions, 2);
	/* play: the search plays on to the end, the counters kept in projector mode. */
	next(m, 11);
	assert_watch(&opened[10], 104, 0, 5, true, "pseudocode");
	assert_int_equal(opened[10].watch.keep, LESSON_PANEL_COUNTERS);
	next(m, 12);
	assert_int_equal(opened[11].kind, SCREEN_BROWSE);
	assert_int_equal(opened[11].browse.n, 4);
	assert_int_equal(opened[11].browse.index, 1);
	assert_true(opened[11].browse.classes);
	next(m, 13);
	assert_page(m, "To remember: solve(file) tries every rank");
	assert_int_equal(nopened, 12);
}

/*
 * The last Space ends the lesson: its summary in its place, with the
 * three questions as they were first answered.
 */
static void four_queens_summary(struct lesson_model *m)
{
	struct screen_open o;
	struct input_event space = {
	        .kind = INPUT_KEY, .key = INPUT_KEY_CHAR, .codepoint = ' '};

	fake_now = 60000;
	assert_int_equal(lesson_model_event(m, &space, NULL, &o), SCREEN_REPLACE);
	assert_int_equal(o.kind, SCREEN_SUMMARY);
	assert_string_equal(o.summary.title,
	                    "the lesson \"Recursion with four queens\", all 13 steps");
	assert_ptr_equal(o.summary.log, &m->log);
	assert_int_equal(m->log.end_ms, 60000);
	assert_int_equal(m->log.count, 3);
	assert_int_equal(m->log.score.asked, 3);
	assert_int_equal(m->log.score.right, 1);
	assert_int_equal(m->log.score.skipped, 1);
	assert_string_equal(m->log.v[0].question,
	                    "Step 5: solve(b) is running: where will the next queen go?");
	assert_string_equal(m->log.v[0].answer, "b3");
	assert_string_equal(m->log.v[0].truth, "b3");
	assert_int_equal(m->log.v[0].verdict, QUIZ_RIGHT);
	assert_int_equal(m->log.v[0].ms, 5000);
	assert_string_equal(m->log.v[1].question,
	                    "Step 7: solve(b) is running: where will the next queen go?");
	assert_string_equal(m->log.v[1].answer, "b1");
	assert_string_equal(m->log.v[1].truth, "b4");
	assert_int_equal(m->log.v[1].verdict, QUIZ_WRONG);
	assert_string_equal(m->log.v[2].question,
	                    "Step 7: where will the next queen go?");
	assert_string_equal(m->log.v[2].answer, "");
	assert_string_equal(m->log.v[2].truth, "c2");
	assert_int_equal(m->log.v[2].verdict, QUIZ_SKIPPED);
}

/*
 * Recursion with four queens, step by step: a page, Play, a page, then
 * Watch at the events the lesson's words name; its three questions
 * answered right, wrong and skipped (the answers from the lesson's own
 * words: b3; b4 then c2), one asked again; Browse; the summary.
 */
static void test_four_queens(void **state)
{
	struct lesson_model m;
	struct lesson_view v;
	uint64_t placed;

	(void)state;
	fake_now = 1000;
	start(&m, "four-queens", false);
	assert_int_equal(m.l.nsteps, 13);
	assert_page(&m, "Four queens on a 4x4 board, and no two");
	lesson_model_view(&m, &v);
	assert_string_equal(v.head.text, "Recursion with four queens - step 1 of 13");
	assert_int_equal(v.head.role, THEME_STATUS);
	assert_string_equal(v.more, "? help  q leave");
	assert_int_equal(nopened, 0);

	next(&m, 2);
	assert_int_equal(nopened, 1);
	assert_int_equal(opened[0].kind, SCREEN_PLAY);
	assert_int_equal(opened[0].play.n, 4);
	/* o is Play's Enter: a queen at the cursor. */
	press(&m, 'o');
	assert_int_equal(live->last.key, INPUT_KEY_ENTER);
	/* The help over the lesson covers its Play too: the game's clock stands. */
	lesson_model_cover(&m, true);
	assert_true(live->covered);
	lesson_model_cover(&m, false);
	assert_false(live->covered);

	next(&m, 3);
	assert_page(&m, "The search is one procedure, solve(file).");
	next(&m, 4);
	assert_watch(&opened[1], 1, 3, 1, true, "pseudocode");
	assert_false(opened[1].watch.big);
	assert_int_equal(opened[1].watch.keep, 0);
	assert_false(m.asking);
	/* o is Watch's Space: play or pause. */
	press(&m, 'o');
	assert_int_equal(live->last.key, INPUT_KEY_CHAR);
	assert_int_equal(live->last.codepoint, ' ');

	/* Step 5 asks where solve(b) puts its queen: b3. */
	fake_now = 2000;
	next(&m, 5);
	assert_watch(&opened[2], 4, 0, 0, false, "pseudocode");
	assert_asked(&m, "solve(b) is running: where will the next queen go?", 4);
	assert_line(
	        &m,
	        "Your answer: _  (a square such as c2, or its rank alone, then Enter)",
	        THEME_NORMAL);
	lesson_model_view(&m, &v);
	assert_string_equal(v.more, "? help");
	/* Not a square: said why, in BAD, and what was typed stays. */
	type(&m, "e9");
	assert_true(m.asking);
	assert_string_equal(m.typed, "e9");
	assert_line(&m, "Your answer: e9_", THEME_NORMAL);
	lesson_model_view(&m, &v);
	assert_int_equal(v.line[v.count - 1].role, THEME_BAD);
	press_key(&m, INPUT_KEY_BACKSPACE);
	press_key(&m, INPUT_KEY_BACKSPACE);
	fake_now = 7000;
	type(&m, "b3");
	assert_false(m.asking);
	assert_false(live->asking);
	assert_line(&m, "Right: b3.", THEME_GOOD);
	/* The search moved to the queen's event, and stays paused. */
	assert_false(live->seek_play);
	assert_int_equal(live->seek_k, m.q.event);
	assert_int_equal(search_last(live->s)->kind, SEARCH_EV_PLACE);
	lesson_model_view(&m, &v);
	assert_string_equal(
	        v.head.text,
	        "Recursion with four queens - step 5 of 13  1 of 1 right, streak 1");

	/* After the answer Backspace erases nothing and goes nowhere: p is back. */
	press_key(&m, INPUT_KEY_BACKSPACE);
	assert_int_equal(m.at + 1, 5);

	assert_int_equal(press(&m, ' '), SCREEN_STAY);
	assert_int_equal(m.at + 1, 6);
	assert_watch(&opened[3], 10, 21, 2, true, "pseudocode");
	/* Before event 21, where its words end ("until: event 21"), Space goes
	 * there, says so on the panel and on the key line, and stays. */
	assert_string_equal(lesson_model_keys(&m)->rows[0].hints[0].text,
	                    "Space to step's end");
	assert_int_equal(press(&m, ' '), SCREEN_STAY);
	assert_int_equal(m.at + 1, 6);
	assert_int_equal(live->seek_k, 21);
	assert_false(live->seek_play);
	assert_line(&m, "Space: straight to event 21, where this step ends.", THEME_KEY);
	assert_string_equal(lesson_model_keys(&m)->rows[0].hints[0].text, "Space next");

	/* Step 7 asks twice: b4 (answered b1, wrong), then c2 (skipped). */
	next(&m, 7);
	assert_watch(&opened[4], 21, 0, 0, false, "pseudocode");
	assert_asked(&m, "solve(b) is running: where will the next queen go?", 21);
	type(&m, "b1");
	assert_line(&m, "Not b1: the queen goes to b4.", THEME_BAD);
	placed = m.q.event;
	assert_int_equal(press(&m, ' '), SCREEN_STAY);
	assert_int_equal(m.at + 1, 7);
	/* After b4 the next queen is solve(c)'s, which is not running yet: no call named.
	 */
	assert_asked(&m, "Where will the next queen go?", placed);
	assert_line(&m, "Your answer: _  (a square such as c2, then Enter)",
	            THEME_NORMAL);
	press_key(&m, INPUT_KEY_ESCAPE);
	assert_line(&m, "Skipped. The queen goes to c2.", THEME_NORMAL);

	/* Back and again: asked before, the first answer stands, dimmed. */
	press(&m, 'p');
	assert_int_equal(m.at + 1, 6);
	next(&m, 7);
	assert_line(&m, "Asked before: the first answer stands", THEME_DIMMED);
	type(&m, "b4");
	assert_line(&m, "Right: b4.", THEME_GOOD);
	assert_line(&m, "Asked before: the first answer stands", THEME_DIMMED);
	assert_int_equal(m.log.count, 3);
	assert_int_equal(m.log.score.asked, 3);
	press(&m, ' ');
	press_key(&m, INPUT_KEY_ESCAPE);

	four_queens_to_the_end(&m);
	four_queens_summary(&m);
	lesson_model_free(&m);
	assert_null(live);
}

/*
 * From pseudocode to Python: each step's listing as it names it; beside
 * the program the call is named as it names it (solve(1) for file b) and a
 * rank alone is counted from 0.
 */
static void test_python(void **state)
{
	static const char *const listing[] = {"pseudocode", "python", "python", "python",
	                                      "python",     "python", "python", "python"};
	struct lesson_model m;
	int watch = 0;
	uint64_t placed;

	(void)state;
	start(&m, "python", false);
	for (int k = 0; k < m.l.nsteps; k++) {
		if (k)
			next(&m, k + 1);
		if (m.l.steps[k].screen != LESSON_WATCH) {
			assert_null(live);
			continue;
		}
		assert_true(watch < 8);
		assert_string_equal(opened[nopened - 1].watch.listing, listing[watch]);
		assert_int_equal(opened[nopened - 1].watch.event, m.l.steps[k].at);
		watch++;
		if (m.l.steps[k].ask == 1) {
			assert_asked(&m,
			             "solve(1) is running: where will the next queen go?",
			             4);
			assert_line(
			        &m,
			        "Your answer: _  (a square such as c2, or rank's value "
			        "from 0, then Enter)",
			        THEME_NORMAL);
			/* b3 is rank 2 counted from 0. */
			type(&m, "2");
			assert_line(&m, "Right: b3.", THEME_GOOD);
		} else if (m.l.steps[k].ask == 2) {
			type(&m, "3");
			assert_line(&m, "Right: b4.", THEME_GOOD);
			placed = m.q.event;
			press(&m, ' ');
			assert_asked(&m, "Where will the next queen go?", placed);
			type(&m, "c1");
			assert_line(&m, "Not c1: the queen goes to c2.", THEME_BAD);
		}
	}
	assert_int_equal(watch, 8);
	assert_int_equal(m.log.score.asked, 3);
	assert_int_equal(m.log.score.right, 2);
	lesson_model_free(&m);
}

/*
 * Watch's c on a step that names no listing: the steps after it show the
 * one chosen, and the question is asked as the program asks it.
 */
static void test_listing_chosen(void **state)
{
	struct lesson_model m;

	(void)state;
	start(&m, "four-queens", false);
	next(&m, 2);
	next(&m, 3);
	next(&m, 4);
	press(&m, 'c');
	assert_string_equal(live->listing, "python");
	next(&m, 5);
	assert_string_equal(opened[nopened - 1].watch.listing, "python");
	assert_asked(&m, "solve(1) is running: where will the next queen go?", 4);
	type(&m, "2");
	assert_line(&m, "Right: b3.", THEME_GOOD);
	lesson_model_free(&m);
}

/*
 * The symmetry of the 92: pages and Browse steps of 8 (solution #1 and the
 * classes, class #10); q leaves with a summary that says where.
 */
static void test_symmetry(void **state)
{
	struct lesson_model m;
	struct screen_open o;
	struct input_event q = {
	        .kind = INPUT_KEY, .key = INPUT_KEY_CHAR, .codepoint = 'q'};

	(void)state;
	start(&m, "symmetry", false);
	assert_int_equal(m.l.nsteps, 7);
	assert_page(&m, "The eight queens puzzle has 92 solutions.");
	next(&m, 2);
	next(&m, 3);
	next(&m, 4);
	next(&m, 5);
	next(&m, 6);
	assert_int_equal(nopened, 4);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(opened[i].kind, SCREEN_BROWSE);
		assert_int_equal(opened[i].browse.n, 8);
	}
	assert_false(opened[0].browse.classes);
	assert_int_equal(opened[0].browse.index, 0);
	assert_true(opened[1].browse.classes);
	assert_int_equal(opened[1].browse.index, 1);
	assert_true(opened[2].browse.classes);
	assert_int_equal(opened[2].browse.index, 0);
	assert_true(opened[3].browse.classes);
	assert_int_equal(opened[3].browse.index, 10);
	assert_int_equal(lesson_model_event(&m, &q, NULL, &o), SCREEN_REPLACE);
	assert_int_equal(o.kind, SCREEN_SUMMARY);
	assert_string_equal(o.summary.title,
	                    "the lesson \"The symmetry of the 92 solutions\", left at "
	                    "step 6 of 7");
	assert_int_equal(m.log.count, 0);
	lesson_model_free(&m);
}

/*
 * Projector mode: z switches to the contrast theme and Watch's own, kept
 * for the next steps and given to the screens they open; it is undone on
 * z again and when the lesson ends.
 */
static void test_projector(void **state)
{
	struct lesson_model m;

	(void)state;
	start(&m, "four-queens", true);
	assert_int_equal(fake_theme, SETTINGS_THEME_CONTRAST);
	next(&m, 2);
	next(&m, 3);
	next(&m, 4);
	assert_true(opened[nopened - 1].watch.big);
	press(&m, 'z');
	assert_int_equal(fake_theme, SETTINGS_THEME_CALM);
	assert_false(live->big);
	/* z while a question is asked, too. */
	next(&m, 5);
	assert_false(opened[nopened - 1].watch.big);
	press(&m, 'z');
	assert_true(m.asking);
	assert_true(live->big);
	assert_int_equal(fake_theme, SETTINGS_THEME_CONTRAST);
	lesson_model_free(&m);
	assert_int_equal(fake_theme, SETTINGS_THEME_CALM);
}

/*
 * The step's keys: the lesson's first, then the screen's without those
 * the lesson takes (o), a hint naming one taken naming one kept (> over);
 * a screen that cannot open says why, in BAD; one that closes leaves its
 * text.
 */
static void test_keys_and_failures(void **state)
{
	struct lesson_model m;
	const struct keymap *k;
	bool over = false;

	(void)state;
	start(&m, "four-queens", false);
	next(&m, 2);
	k = lesson_model_keys(&m);
	assert_int_equal(k->rows[0].action, 0); /* the lesson's Space */
	for (size_t i = 0; i < k->count; i++)
		if (k->rows[i].hints[0].text &&
		    strcmp(k->rows[i].hints[0].text, "> over") == 0)
			over = true;
	assert_true(over);
	/* The screen closes itself: the step's text stays, with the lesson's keys. */
	press(&m, 'x');
	assert_null(m.child.ops);
	assert_int_equal(m.at + 1, 2);
	assert_int_equal(lesson_model_keys(&m)->count, 5);
	open_fails = true;
	next(&m, 3);
	next(&m, 4);
	assert_null(m.child.ops);
	assert_line(&m, "Cannot open this step: a test says so.", THEME_BAD);
	lesson_model_free(&m);
}

/* The board size a screen was opened with, from its own options. */
static int opened_n(const struct screen_open *o)
{
	switch (o->kind) {
	case SCREEN_PLAY:
		return o->play.n;
	case SCREEN_WATCH:
		return o->watch.n;
	case SCREEN_BROWSE:
		return o->browse.n;
	case SCREEN_RACE:
		return o->race.n;
	default:
		return -1;
	}
}

/* The screen step st of a lesson opened with o: its kind and its arguments. */
static void assert_opens(const struct lesson_step *st, const struct screen_open *o)
{
	static const enum screen_kind kinds[] = {
	        [LESSON_PLAY] = SCREEN_PLAY,
	        [LESSON_WATCH] = SCREEN_WATCH,
	        [LESSON_BROWSE] = SCREEN_BROWSE,
	        [LESSON_RACE] = SCREEN_RACE,
	};

	assert_int_equal(o->kind, kinds[st->screen]);
	assert_int_equal(opened_n(o), st->n);
	if (st->screen == LESSON_WATCH) {
		assert_int_equal(o->watch.algo, st->algo);
		assert_int_equal(o->watch.goal, st->first ? SEARCH_FIRST : SEARCH_ALL);
		assert_int_equal(o->watch.event, st->at);
		assert_int_equal(o->watch.until, st->until_at);
		assert_int_equal(o->watch.keep, st->keep);
		assert_true(o->watch.given == NULL || st->has_from);
		if (st->code != LESSON_CODE_DEFAULT)
			assert_string_equal(o->watch.listing, lesson_code_name(st->code));
	} else if (st->screen == LESSON_BROWSE) {
		assert_int_equal(o->browse.index, st->index);
		assert_int_equal(o->browse.classes, st->classes);
	}
}

/*
 * Every lesson shipped, whichever there are: Space through every step,
 * each question skipped; each step opens its own screen (or none, for a
 * page), and the summary counts every question once.
 */
static void test_every_lesson(void **state)
{
	struct lesson_entry *list;
	size_t count;
	char dir[4096];

	(void)state;
	snprintf(dir, sizeof dir, "%s/lessons", SRCDATADIR);
	lesson_list(dir, &list, &count);
	assert_true(count >= 3);
	for (size_t i = 0; i < count; i++) {
		struct lesson_model m;
		struct screen_open o;
		struct input_event space = {
		        .kind = INPUT_KEY, .key = INPUT_KEY_CHAR, .codepoint = ' '};
		unsigned asked = 0;

		assert_true(list[i].ok);
		start(&m, list[i].name, false);
		for (int k = 0;; k++) {
			const struct lesson_step *st = &m.l.steps[k];
			int before = nopened;

			assert_int_equal(m.at, k);
			if (st->screen == LESSON_TEXT)
				assert_page(&m, st->text);
			else
				assert_opens(st, &opened[nopened - 1]);
			asked += (unsigned)st->ask;
			while (m.asking) {
				press_key(&m, INPUT_KEY_ESCAPE);
				/* Space asks the step's next question, if any is left. */
				if (m.left > 0)
					press(&m, ' ');
			}
			if (k + 1 == m.l.nsteps)
				break;
			next(&m, k + 2);
			assert_int_equal(nopened, before + (m.l.steps[k + 1].screen !=
			                                    LESSON_TEXT));
		}
		assert_int_equal(lesson_model_event(&m, &space, NULL, &o),
		                 SCREEN_REPLACE);
		assert_int_equal(o.kind, SCREEN_SUMMARY);
		snprintf(dir, sizeof dir, "the lesson \"%s\", all %d steps", m.l.title,
		         m.l.nsteps);
		assert_string_equal(o.summary.title, dir);
		assert_int_equal(m.log.count, asked);
		assert_int_equal(m.log.score.skipped, asked);
		lesson_model_free(&m);
	}
	free(list);
}

/* What a step opened, as stepping there saw it. */
struct seen {
	bool screen; /* a screen opened, not text alone */
	struct screen_open o;
	char listing[16];
	bool big, asking;
	int left, theme;
};

static void seen_now(const struct lesson_model *m, int before, struct seen *s)
{
	*s = (struct seen){.screen = nopened > before,
	                   .big = m->big,
	                   .asking = m->asking,
	                   .left = m->left,
	                   .theme = fake_theme};
	if (s->screen) {
		s->o = opened[nopened - 1];
		if (s->o.kind == SCREEN_WATCH && s->o.watch.listing)
			snprintf(s->listing, sizeof s->listing, "%s", s->o.watch.listing);
	}
}

static void assert_same_open(const struct seen *a, const struct seen *b)
{
	assert_int_equal(a->screen, b->screen);
	assert_int_equal(a->big, b->big);
	assert_int_equal(a->asking, b->asking);
	assert_int_equal(a->left, b->left);
	assert_int_equal(a->theme, b->theme);
	if (!a->screen)
		return;
	assert_int_equal(a->o.kind, b->o.kind);
	switch (a->o.kind) {
	case SCREEN_WATCH:
		assert_int_equal(a->o.watch.n, b->o.watch.n);
		assert_int_equal(a->o.watch.algo, b->o.watch.algo);
		assert_int_equal(a->o.watch.event, b->o.watch.event);
		assert_int_equal(a->o.watch.until, b->o.watch.until);
		assert_int_equal(a->o.watch.big, b->o.watch.big);
		assert_int_equal(a->o.watch.play, b->o.watch.play);
		assert_string_equal(a->listing, b->listing);
		break;
	case SCREEN_PLAY:
		assert_int_equal(a->o.play.n, b->o.play.n);
		break;
	case SCREEN_BROWSE:
		assert_int_equal(a->o.browse.n, b->o.browse.n);
		assert_int_equal(a->o.browse.index, b->o.browse.index);
		assert_int_equal(a->o.browse.classes, b->o.browse.classes);
		break;
	default:
		assert_int_equal(a->o.race.n, b->o.race.n);
		break;
	}
}

/*
 * lesson --step K: each step of the lesson name, in projector mode when
 * big, opens as stepping there from the first opens it: its screen at its
 * event, the mode the big lines before it left, its question asked.
 */
static void rehearse(const char *name, bool big)
{
	struct lesson_model m;
	struct seen *stepped;
	int nsteps;

	start(&m, name, big);
	nsteps = m.l.nsteps;
	stepped = calloc((size_t)nsteps, sizeof *stepped);
	assert_non_null(stepped);
	seen_now(&m, 0, &stepped[0]);
	for (int k = 1; k < nsteps; k++) {
		int before = nopened;

		while (m.asking)
			press_key(&m, INPUT_KEY_ESCAPE);
		press(&m, ' ');
		while (m.at < k) {
			press_key(&m, INPUT_KEY_ESCAPE);
			press(&m, ' ');
		}
		seen_now(&m, before, &stepped[k]);
	}
	lesson_model_free(&m);
	for (int k = 0; k < nsteps; k++) {
		struct seen s;

		start_at(&m, name, big, k);
		assert_int_equal(m.at, k);
		seen_now(&m, 0, &s);
		assert_same_open(&s, &stepped[k]);
		lesson_model_free(&m);
	}
	free(stepped);
}

/* Each shipped lesson rehearsed from each step, and one whose steps turn
 * projector mode on and off. */
static void test_rehearse(void **state)
{
	static const char text[] = "title: Big and small\n\n"
	                           "say: One.\nbig: on\n\n"
	                           "say: Two.\nshow: watch 4\nrun: 2\n\n"
	                           "say: Three.\nbig: off\n\n"
	                           "say: Four.\nshow: watch 4\nrun: 5\n";
	struct lesson_entry *list;
	size_t count;
	char dir[4096], path[] = "/tmp/nq-rehearse-XXXXXX";
	int fd;

	(void)state;
	snprintf(dir, sizeof dir, "%s/lessons", SRCDATADIR);
	lesson_list(dir, &list, &count);
	for (size_t i = 0; i < count; i++) {
		rehearse(list[i].name, false);
		rehearse(list[i].name, true);
	}
	free(list);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
	close(fd);
	rehearse(path, false);
	rehearse(path, true);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_four_queens),
	        cmocka_unit_test(test_python),
	        cmocka_unit_test(test_listing_chosen),
	        cmocka_unit_test(test_symmetry),
	        cmocka_unit_test(test_projector),
	        cmocka_unit_test(test_keys_and_failures),
	        cmocka_unit_test(test_every_lesson),
	        cmocka_unit_test(test_rehearse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
