/* The Watch screen: the search animated event by event, forward and back. */
#include "config.h"

#include "tui/watch.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/input.h"
#include "tui/keymap.h"
#include "tui/prompt.h"
#include "engine/settings.h"
#include "tui/terminal.h"
#include "tui/text.h"
#include "tui/theme.h"
#include "tui/watch_model.h"
#include "tui/watch_view.h"

/* What the keys do. */
enum watch_action {
	WATCH_PLAY,
	WATCH_FORWARD,
	WATCH_BACK,
	WATCH_NEXT_SOLUTION,
	WATCH_END,
	WATCH_START,
	WATCH_FASTER,
	WATCH_SLOWER,
	WATCH_ALGORITHM,
	WATCH_GOAL,
	WATCH_SMALLER,
	WATCH_LARGER,
	WATCH_PSEUDO,
	WATCH_STACK,
	WATCH_TREE,
	WATCH_CLICK,
	WATCH_QUIZ,
	WATCH_QUIZ_WHEN,
	WATCH_TREE_UP,
	WATCH_TREE_DOWN,
	WATCH_LEAVE,
	WATCH_PREV_SOLUTION,
	WATCH_STEP_OVER,
	WATCH_STEP_OUT,
	WATCH_TO_DEPTH,
	WATCH_BREAK,
	WATCH_BREAKS_CLEAR,
	WATCH_NARRATION,
	WATCH_BIG,
	WATCH_HANDOUT,
	WATCH_CODE,
	WATCH_VARS,
};

static const struct keymap_row key_rows[] = {
        {WATCH_PLAY,
         {KCHAR(' ')},
         "play or pause",
         {{0, "Space play"}, KEYMAP_GROUP("Stepping")}},
        {WATCH_FORWARD,
         {KEY(RIGHT), KCHAR('.')},
         "one event forward",
         {{0, "Left/Right step"}}},
        {WATCH_BACK, {KEY(LEFT), KCHAR(',')}, "one event back", {}},
        {WATCH_FORWARD, {KMOUSE(WHEEL_DOWN)}, "one event back or forward", {}},
        {WATCH_BACK, {KMOUSE(WHEEL_UP)}, NULL, {}},
        {WATCH_NEXT_SOLUTION, {KCHAR('n')}, "run to the next solution", {{0, "n next"}}},
        {WATCH_PREV_SOLUTION,
         {KCHAR('N')},
         "back to the solution before",
         {{KEYMAP_MORE, "N previous"}}},
        {WATCH_END, {KEY(END), KCHAR('e')}, "run to the end", {{0, "e end"}}},
        {WATCH_STEP_OVER,
         {KCHAR('o'), KCHAR('>')},
         "step over: one event, a call it makes run whole (> too, in a lesson "
         "where o plays)",
         {{KEYMAP_MORE, "o over"}, KEYMAP_GROUP("Jumps and breakpoints")}},
        {WATCH_STEP_OUT,
         {KCHAR('u')},
         "step out: run until the current call returns",
         {{KEYMAP_MORE, "u out"}}},
        {WATCH_TO_DEPTH,
         {KCHAR('d')},
         "run until a call makes the stack that deep: type it, then Enter",
         {{KEYMAP_MORE, "d depth"}}},
        {WATCH_BREAK,
         {KCHAR('b')},
         "set or clear a breakpoint: Enter for the square shown, or type a "
         "square (c4), a depth (3) or s (a solution), then Enter",
         {{KEYMAP_MORE, "b break"}}},
        {WATCH_BREAKS_CLEAR, {KCHAR('B')}, "clear every breakpoint", {}},
        {WATCH_START,
         {KEY(HOME), KCHAR('r')},
         "back to the start",
         {{KEYMAP_MORE, "r restart"}}},
        {WATCH_FASTER,
         {KCHAR('+'), KCHAR('=')},
         "faster or slower, 1 to 1000/s",
         {{0, "+/- speed"}, KEYMAP_GROUP("The search")}},
        {WATCH_SLOWER, {KCHAR('-')}, NULL, {}},
        {WATCH_ALGORITHM,
         {KCHAR('a')},
         "the next algorithm",
         {{KEYMAP_MORE, "a algorithm"}}},
        {WATCH_GOAL,
         {KCHAR('f')},
         "first solution only, or all",
         {{KEYMAP_MORE, "f first/all"}}},
        {WATCH_SMALLER,
         {KCHAR('[')},
         "smaller or larger board",
         {{KEYMAP_MORE, "[/] size"}}},
        {WATCH_LARGER, {KCHAR(']')}, NULL, {}},
        {WATCH_PSEUDO,
         {KCHAR('p')},
         "show or hide the pseudocode",
         {{KEYMAP_MORE, "p pseudocode"}, KEYMAP_GROUP("Panels")}},
        {WATCH_CODE,
         {KCHAR('c')},
         "the listing in the next language: pseudocode, Python, C, Java (kept "
         "in the config file; in a lesson, for its next steps)",
         {{KEYMAP_MORE, "c code"}}},
        {WATCH_STACK,
         {KCHAR('s')},
         "show or hide the call stack",
         {{KEYMAP_MORE, "s stack"}}},
        {WATCH_VARS,
         {KCHAR('V')},
         "the stack's panel: the variables the listing keeps (arrays, masks, "
         "each call's locals), or the calls alone",
         {{KEYMAP_MORE, "V variables"}}},
        {WATCH_TREE,
         {KCHAR('t')},
         "show or hide the tree; folded from 7x7: x3 dead ends, *2 solutions, +2 "
         "to try",
         {{KEYMAP_MORE, "t tree"}}},
        {WATCH_NARRATION,
         {KCHAR('v')},
         "the narration short (a sentence) or full (two to four)",
         {{KEYMAP_MORE, "v narration"}}},
        {WATCH_BIG,
         {KCHAR('z')},
         "projector mode: the board, pseudocode and stack, large, in high "
         "contrast",
         {{KEYMAP_MORE, "z projector"}}},
        {WATCH_TREE_UP, {KEY(PAGEUP)}, "scroll the folded tree up or down", {}},
        {WATCH_TREE_DOWN, {KEY(PAGEDOWN)}, NULL, {}},
        {WATCH_CLICK,
         {KMOUSE(BUTTON_LEFT)},
         "on the bar: go to that point of the search",
         {}},
        {WATCH_HANDOUT,
         {KCHAR('x')},
         "write a handout: the last events told and this frame, to a new text "
         "file and an SVG sheet",
         {{KEYMAP_MORE, "x handout"}, KEYMAP_GROUP("Handout")}},
        {WATCH_QUIZ,
         {KCHAR('Q')},
         "predict mode: the search stops and asks before it decides; Q again "
         "leaves it, with the summary of its questions",
         {{KEYMAP_MORE, "Q predict"}, KEYMAP_GROUP("Predict mode")}},
        {WATCH_QUIZ_WHEN,
         {KCHAR('W')},
         "predict mode asks at every decision, placement or return",
         {}},
        {WATCH_LEAVE, {KCHAR('q')}, "leave", {KEYMAP_GROUP("Leaving")}},
};
static const struct keymap keys = KEYMAP(key_rows);

/* The screen: the model, the prompt of d and b, projector mode's theme, the scroll. */
struct watch {
	struct watch_model *m;
	struct prompt prompt;
	int theme_before; /* the theme to go back to when leaving projector mode */
	struct watch_scroll scroll;
	struct settings *settings; /* the config file, which keeps the language */
	bool listing_kept;         /* by the lesson that opened it, not the file */
	char summary_title[128];
};

/* A key's work on the model, by its action. */
typedef void watch_move(struct watch *v);

static void do_play(struct watch *v)
{
	watch_model_play(v->m);
}

static void do_forward(struct watch *v)
{
	watch_model_forward(v->m);
}

static void do_back(struct watch *v)
{
	watch_model_back(v->m);
}

static void do_next_solution(struct watch *v)
{
	watch_model_next_solution(v->m);
}

static void do_prev_solution(struct watch *v)
{
	watch_model_prev_solution(v->m);
}

static void do_end(struct watch *v)
{
	watch_model_to_end(v->m);
}

static void do_start(struct watch *v)
{
	watch_model_restart(v->m);
}

static void do_faster(struct watch *v)
{
	watch_model_speed(v->m, 1);
}

static void do_slower(struct watch *v)
{
	watch_model_speed(v->m, -1);
}

static void do_algorithm(struct watch *v)
{
	watch_model_next_algo(v->m);
}

static void do_goal(struct watch *v)
{
	watch_model_toggle_goal(v->m);
}

static void do_smaller(struct watch *v)
{
	watch_model_size(v->m, -1);
}

static void do_larger(struct watch *v)
{
	watch_model_size(v->m, 1);
}

static void do_pseudo(struct watch *v)
{
	v->m->show_pseudo = !v->m->show_pseudo;
}

static void do_stack(struct watch *v)
{
	v->m->show_stack = !v->m->show_stack;
}

static void do_tree(struct watch *v)
{
	watch_model_toggle_tree(v->m);
}

static void do_quiz(struct watch *v)
{
	struct watch_model *w = v->m;

	watch_model_quiz(w, !w->quiz.on);
	w->playing = false;
	snprintf(w->message, sizeof w->message, "Predict mode is %s.",
	         w->quiz.on ? "on" : "off");
}

/*
 * Predict mode's session has ended with questions: its summary, over the
 * screen (or in its place, when reply is SCREEN_REPLACE), as the reply.
 */
static enum screen_reply summary(struct watch *v, enum screen_reply reply,
                                 struct screen_open *open)
{
	struct watch_model *w = v->m;

	w->quiz.summary_due = false;
	snprintf(v->summary_title, sizeof v->summary_title,
	         "predict mode, Watch %dx%d, %s, asking at %s", w->n, w->n,
	         search_algo_name(w->algo), quiz_when_name(w->quiz.when));
	*open = (struct screen_open){
	        .kind = SCREEN_SUMMARY,
	        .summary = {.title = v->summary_title, .log = &w->quiz.log}};
	return reply;
}

static void do_quiz_when(struct watch *v)
{
	struct watch_model *w = v->m;

	if (!w->quiz.on)
		watch_model_quiz(w, true);
	else
		watch_model_quiz_cycle(w);
	snprintf(w->message, sizeof w->message, "Predict mode asks at %s.",
	         quiz_when_name(w->quiz.when));
}

static void do_tree_up(struct watch *v)
{
	v->m->tree_scroll++;
}

static void do_tree_down(struct watch *v)
{
	if (v->m->tree_scroll > 0)
		v->m->tree_scroll--;
}

static void do_step_over(struct watch *v)
{
	watch_model_step_over(v->m);
}

static void do_step_out(struct watch *v)
{
	watch_model_step_out(v->m);
}

static void do_to_depth(struct watch *v)
{
	prompt_open(&v->prompt, WATCH_TO_DEPTH, false);
}

static void do_break(struct watch *v)
{
	prompt_open(&v->prompt, WATCH_BREAK, false);
}

static void do_breaks_clear(struct watch *v)
{
	watch_model_clear_breaks(v->m);
}

static void do_narration(struct watch *v)
{
	v->m->narrate_full = !v->m->narrate_full;
}

/* Projector mode in the high-contrast theme; the theme before it comes back after. */
static void set_big(struct watch *v, bool on)
{
	if (on == v->m->big)
		return;
	if (on) {
		v->theme_before = theme_current();
		theme_set(SETTINGS_THEME_CONTRAST);
	} else {
		theme_set(v->theme_before);
	}
	v->m->big = on;
}

static void do_big(struct watch *v)
{
	set_big(v, !v->m->big);
}

static void do_handout(struct watch *v)
{
	watch_handout(v->m);
}

/* The listing shown, by the name --code takes. */
static const char *listing_name(const struct watch *v)
{
	return v->m->lang < CODE_LANG_COUNT
	               ? code_lang_name(v->m->lang)
	               : settings_code_name(SETTINGS_CODE_PSEUDOCODE);
}

/* c: the next language, kept in the config file for the next time (in a
 * lesson, by the lesson for its next steps). */
static void do_code(struct watch *v)
{
	struct watch_model *w = v->m;
	const char *name;
	char err[1200];
	size_t len;

	watch_model_next_lang(w);
	name = listing_name(v);
	if (!v->settings || v->listing_kept)
		return;
	if (settings_set(v->settings, "code", name, err, sizeof err) < 0 ||
	    settings_save(v->settings, err, sizeof err) < 0) {
		len = strlen(w->message);
		snprintf(w->message + len, sizeof w->message - len, " Not saved: %s.",
		         err);
	}
}

static void do_vars(struct watch *v)
{
	struct watch_model *w = v->m;

	w->show_vars = !w->show_vars;
	if (w->show_vars && !watch_model_code_shown(w))
		snprintf(w->message, sizeof w->message,
		         "The variables show with a program's listing (c): the "
		         "pseudocode's stack shows its calls.");
	else
		snprintf(w->message, sizeof w->message, "The %s show.",
		         w->show_vars ? "variables" : "calls alone");
}

/* The keys' table: every action of the key table has its move here. */
static watch_move *const moves[] = {
        [WATCH_PLAY] = do_play,
        [WATCH_FORWARD] = do_forward,
        [WATCH_BACK] = do_back,
        [WATCH_NEXT_SOLUTION] = do_next_solution,
        [WATCH_END] = do_end,
        [WATCH_START] = do_start,
        [WATCH_FASTER] = do_faster,
        [WATCH_SLOWER] = do_slower,
        [WATCH_ALGORITHM] = do_algorithm,
        [WATCH_GOAL] = do_goal,
        [WATCH_SMALLER] = do_smaller,
        [WATCH_LARGER] = do_larger,
        [WATCH_PSEUDO] = do_pseudo,
        [WATCH_STACK] = do_stack,
        [WATCH_TREE] = do_tree,
        [WATCH_QUIZ] = do_quiz,
        [WATCH_QUIZ_WHEN] = do_quiz_when,
        [WATCH_TREE_UP] = do_tree_up,
        [WATCH_TREE_DOWN] = do_tree_down,
        [WATCH_PREV_SOLUTION] = do_prev_solution,
        [WATCH_STEP_OVER] = do_step_over,
        [WATCH_STEP_OUT] = do_step_out,
        [WATCH_TO_DEPTH] = do_to_depth,
        [WATCH_BREAK] = do_break,
        [WATCH_BREAKS_CLEAR] = do_breaks_clear,
        [WATCH_NARRATION] = do_narration,
        [WATCH_BIG] = do_big,
        [WATCH_HANDOUT] = do_handout,
        [WATCH_CODE] = do_code,
        [WATCH_VARS] = do_vars,
};

/* A key while a depth or a breakpoint is typed: Enter answers, Escape gives up. */
static void prompt_typed(struct watch *v, const struct input_event *ev)
{
	int kind = v->prompt.kind;

	if (prompt_key(&v->prompt, ev) != PROMPT_ANSWERED)
		return;
	if (kind == WATCH_TO_DEPTH)
		watch_model_to_depth(v->m, v->prompt.text);
	else
		watch_model_toggle_break(v->m, v->prompt.text);
}

static enum screen_reply watch_event(void *self, const struct input_event *ev,
                                     const struct layout_rect *r,
                                     struct screen_open *open)
{
	struct watch *v = self;
	int action;

	v->m->message[0] = '\0';
	if (v->prompt.kind && ev->kind == INPUT_KEY) {
		prompt_typed(v, ev);
		return SCREEN_STAY;
	}
	if (watch_view_quiz_key(v->m, ev))
		return v->m->quiz.summary_due ? summary(v, SCREEN_OPEN, open)
		                              : SCREEN_STAY;
	action = keymap_action(&keys, ev);
	if (action == WATCH_LEAVE) {
		/* Leaving in predict mode leaves it: its summary takes the screen's
		 * place. */
		watch_model_quiz(v->m, false);
		return v->m->quiz.summary_due ? summary(v, SCREEN_REPLACE, open)
		                              : SCREEN_CLOSE;
	}
	if (action == WATCH_CLICK) {
		uint64_t k;

		if (r && watch_view_bar_hit(v->m, *r, ev->line, ev->col, &k))
			watch_model_seek(v->m, k, false);
	} else if (action >= 0 && (size_t)action < sizeof moves / sizeof *moves &&
	           moves[action]) {
		moves[action](v);
	}
	return v->m->quiz.summary_due ? summary(v, SCREEN_OPEN, open) : SCREEN_STAY;
}

static enum screen_reply watch_key(void *self, const struct input_event *ev,
                                   struct screen_open *open)
{
	return watch_event(self, ev, NULL, open);
}

static enum screen_reply watch_mouse(void *self, const struct input_event *ev,
                                     struct layout_rect r, struct screen_open *open)
{
	return watch_event(self, ev, &r, open);
}

static long watch_timer_ms(void *self)
{
	return watch_model_timer_ms(((struct watch *)self)->m);
}

static void watch_tick(void *self)
{
	struct watch *v = self;

	watch_model_tick(v->m);
	term_dirty();
}

static void watch_min_size(const void *self, int *lines, int *cols)
{
	(void)self;
	/*
	 * Title, progress, a few ranks, the narration, a message, the key line;
	 * beside an 8x8 board of one-character squares, the packed counters.
	 */
	*lines = 12;
	*cols = 40;
}

static const struct keymap *watch_keys(const void *self)
{
	const struct watch *v = self;

	return watch_model_asking(v->m) ? &watch_quiz_keymap : &keys;
}

/* Before a draw: a board too large to show whole follows the search. */
static void watch_resize(void *self, struct layout_rect r)
{
	struct watch *v = self;

	watch_view_follow(v->m, r, &v->scroll);
}

static void watch_draw(const void *self, struct layout_rect r)
{
	const struct watch *v = self;
	const char *hints[32];
	const struct keymap *km = watch_keys(v);

	watch_view_draw(v->m, r, &v->scroll, v->prompt.kind ? &v->prompt : NULL,
	                v->prompt.kind == WATCH_TO_DEPTH);
	text_keys(
	        r, hints,
	        keymap_hints(km, km == &keys ? 0 : watch_view_quiz_mode(v->m), hints, 32),
	        "? help  q quit");
}

static void watch_free(void *self)
{
	struct watch *v = self;

	if (!v)
		return;
	/* Projector mode's theme is the screen's own: the viewer's comes back. */
	set_big(v, false);
	watch_model_free(v->m);
	free(v);
}

static const struct search *watch_search(const void *self)
{
	return ((const struct watch *)self)->m->s;
}

static void watch_go(void *self, uint64_t k, bool play)
{
	watch_model_seek(((struct watch *)self)->m, k, play);
}

static const char *watch_listing(const void *self)
{
	return listing_name(self);
}

static void watch_big(void *self, bool on)
{
	set_big(self, on);
}

static void watch_asking(void *self, bool on)
{
	((struct watch *)self)->m->asked = on;
}

static const struct screen_ops watch_ops = {
        .title = "Watch",
        .free = watch_free,
        .resize = watch_resize,
        .draw = watch_draw,
        .key = watch_key,
        .mouse = watch_mouse,
        .timer_ms = watch_timer_ms,
        .tick = watch_tick,
        .min_size = watch_min_size,
        .keys = watch_keys,
        .search = watch_search,
        .seek = watch_go,
        .big = watch_big,
        .listing = watch_listing,
        .asking = watch_asking,
};

int watch_open(struct screen *out, const struct screen_open *o,
               const struct screen_env *env, char *err, size_t errlen)
{
	char why[256];

	/* A student's events to replay: the two searches side by side. */
	if (o->watch.replay)
		return watch_replay_open(out, o, env, err, errlen);
	struct watch *v = calloc(1, sizeof *v);

	if (v)
		v->m = watch_model_new(o->watch.n, o->watch.algo, o->watch.goal,
		                       o->watch.given, term_now_ms, why, sizeof why);
	else
		snprintf(why, sizeof why, "out of memory");
	if (!v || !v->m) {
		free(v);
		/* From Play's queens, the reason is in them. */
		snprintf(err, errlen, "Cannot watch %s: %s.",
		         o->watch.given ? "from here" : "this", why);
		return -1;
	}
	v->settings = env ? env->settings : NULL;
	v->listing_kept = o->watch.listing_kept;
	/* The listing: the command line's or the lesson's, else the config file's. */
	if (o->watch.listing)
		watch_model_set_lang(v->m, code_lang_from_name(o->watch.listing));
	else if (v->settings && settings_code(v->settings) > SETTINGS_CODE_PSEUDOCODE)
		watch_model_set_lang(v->m, (enum code_lang)(settings_code(v->settings) -
		                                            SETTINGS_CODE_PYTHON));
	v->m->big_keep = o->watch.keep;
	watch_model_name_lines(v->m, o->watch.words);
	if (o->watch.big)
		set_big(v, true);
	/* A lesson's speed: the fastest of the screen's speeds not above it. */
	if (o->watch.speed > 0)
		for (v->m->speed = 0; v->m->speed + 1 < NSPEEDS &&
		                      watch_speeds[v->m->speed + 1] <= o->watch.speed;)
			v->m->speed++;
	/* Predict mode's times on the app's clock, which the tests can stop. */
	v->m->clock_ms = env ? env->clock_ms : NULL;
	watch_model_seek(v->m, o->watch.event, o->watch.play && !o->watch.until);
	if (o->watch.play && o->watch.until)
		watch_model_play_until(v->m, o->watch.until);
	*out = (struct screen){&watch_ops, v};
	if (o->watch.quiz)
		watch_model_quiz(v->m, true);
	return 0;
}
