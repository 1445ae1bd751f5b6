/* The Browse screen: every solution in order, and the classes by symmetry. */
#include "config.h"

#include "tui/browse.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "tui/browse_model.h"
#include "tui/browse_view.h"
#include "tui/input.h"
#include "tui/keymap.h"
#include "tui/prompt.h"
#include "tui/terminal.h"
#include "tui/text.h"

struct browse {
	struct browse_model *m;
	struct browse_drawing v;

	/* A number or a position being typed: BROWSE_GO or BROWSE_FIND. */
	struct prompt prompt;
};

/* What the keys do. */
enum browse_action {
	BROWSE_NONE, /* no prompt open: the actions start at 1 */
	BROWSE_NEXT,
	BROWSE_PREV,
	BROWSE_ROW_DOWN,
	BROWSE_ROW_UP,
	BROWSE_OPEN,
	BROWSE_PAGE_DOWN,
	BROWSE_PAGE_UP,
	BROWSE_FIRST,
	BROWSE_LAST,
	BROWSE_GO,
	BROWSE_FIND,
	BROWSE_GALLERY,
	BROWSE_CLASSES,
	BROWSE_BACK,
	BROWSE_EXPORT,
	BROWSE_EXPORT_SVG,
	BROWSE_CLICK,
	BROWSE_LEAVE,
};

/* The views as the key line tells them apart; the classes as boards or a table. */
#define IN_ONE (1u << BROWSE_VIEW_ONE)
#define IN_GALLERY (1u << BROWSE_VIEW_GALLERY)
#define IN_CLASSES (1u << BROWSE_VIEW_CLASSES)
#define IN_MEMBERS (1u << BROWSE_VIEW_MEMBERS)
#define IN_BOARDS (1u << 4)
#define IN_TABLE (1u << 5)

/* In the order of the key line: what shows first stays when the window is narrow. */
static const struct keymap_row key_rows[] = {
        {BROWSE_NEXT,
         {KEY(RIGHT), KCHAR('n')},
         "the next or previous solution (class, member)",
         {{IN_ONE, "Left/Right next"},
          {IN_MEMBERS, "Left/Right member"},
          KEYMAP_GROUP("Moving")}},
        {BROWSE_PREV, {KEY(LEFT), KCHAR('p')}, NULL, {}},
        {BROWSE_ROW_DOWN,
         {KEY(DOWN)},
         "the same; a row on or back among boards",
         {{IN_GALLERY | IN_BOARDS, "arrows choose"},
          {IN_CLASSES, "Up/Down class"},
          {IN_MEMBERS, "Up/Down turn/mirror"}}},
        {BROWSE_ROW_UP, {KEY(UP)}, NULL, {}},
        {BROWSE_OPEN,
         {KEY(ENTER), KCHAR(' ')},
         "open the board chosen, or a class: its members as the turns and "
         "mirrors make them from its representative (the first in order), "
         "the queen on its file a tinted in each to follow",
         {{IN_CLASSES, "Enter its members"},
          {IN_GALLERY | IN_MEMBERS, "Enter open"},
          KEYMAP_GROUP("Views")}},
        {BROWSE_GALLERY,
         {KCHAR('v')},
         "one board or a gallery; the classes as boards or a table",
         {{IN_ONE, "v gallery"},
          {IN_GALLERY, "v one board"},
          {IN_BOARDS, "v table"},
          {IN_TABLE, "v boards"}}},
        {BROWSE_CLASSES,
         {KEY(TAB), KCHAR('c')},
         "all solutions, or the classes",
         {{IN_ONE, "Tab classes"}, {IN_CLASSES, "Tab solutions"}}},
        {BROWSE_PAGE_DOWN,
         {KEY(PAGEDOWN)},
         "ten on or back; a page of the gallery, classes or members",
         {{IN_GALLERY | IN_BOARDS, "PgDn/PgUp page"}, KEYMAP_GROUP("Jumping")}},
        {BROWSE_PAGE_UP, {KEY(PAGEUP)}, NULL, {}},
        {BROWSE_FIRST, {KEY(HOME)}, "the first or the last", {}},
        {BROWSE_LAST, {KEY(END)}, NULL, {}},
        {BROWSE_GO,
         {KCHAR('g')},
         "go to a number: type it, then Enter",
         {{IN_ONE | IN_CLASSES, "g go"}}},
        {BROWSE_FIND,
         {KCHAR('/')},
         "find a position: type its ranks, then Enter",
         {{IN_ONE, "/ find"}}},
        {BROWSE_BACK,
         {KEY(ESCAPE), KEY(BACKSPACE)},
         "back to the classes or to one board; stop a search",
         {{IN_MEMBERS, "Esc classes"}}},
        {BROWSE_EXPORT,
         {KCHAR('x')},
         "export: the solution, all classes (a handout), a class",
         {{IN_CLASSES, "x handout"},
          {IN_ONE | IN_MEMBERS, "x export"},
          KEYMAP_GROUP("Exports")}},
        {BROWSE_EXPORT_SVG,
         {KCHAR('X')},
         "the same as an SVG sheet of boards",
         {{IN_CLASSES | KEYMAP_MORE, "X as SVG"}}},
        {BROWSE_NEXT,
         {KMOUSE(WHEEL_DOWN)},
         "next or previous",
         {KEYMAP_GROUP("The mouse, leaving")}},
        {BROWSE_PREV, {KMOUSE(WHEEL_UP)}, NULL, {}},
        {BROWSE_CLICK, {KMOUSE(BUTTON_LEFT)}, "open a small board or class", {}},
        {BROWSE_LEAVE, {KCHAR('q')}, "leave", {}},
};
static const struct keymap keys = KEYMAP(key_rows);

/* A key while a number or a position is typed: Enter asks for it. */
static void prompt_typed(struct browse *b, const struct input_event *ev)
{
	int kind = b->prompt.kind;

	if (prompt_key(&b->prompt, ev) != PROMPT_ANSWERED)
		return;
	if (kind == BROWSE_GO)
		browse_model_go(b->m, b->prompt.text);
	else
		browse_model_find(b->m, b->prompt.text);
}

static enum screen_reply act(struct browse *b, int action, const struct input_event *ev)
{
	struct browse_model *m = b->m;

	switch (action) {
	case BROWSE_NEXT:
		browse_model_step(m, 1);
		break;
	case BROWSE_PREV:
		browse_model_step(m, -1);
		break;
	case BROWSE_ROW_DOWN:
		browse_model_row(m, 1);
		break;
	case BROWSE_ROW_UP:
		browse_model_row(m, -1);
		break;
	case BROWSE_PAGE_DOWN:
		browse_model_page(m, 1);
		break;
	case BROWSE_PAGE_UP:
		browse_model_page(m, -1);
		break;
	case BROWSE_FIRST:
		browse_model_end(m, false);
		break;
	case BROWSE_LAST:
		browse_model_end(m, true);
		break;
	case BROWSE_CLASSES:
		browse_model_classes(m);
		break;
	case BROWSE_OPEN:
		browse_model_open(m);
		break;
	case BROWSE_BACK:
		browse_model_cancel(m);
		break;
	case BROWSE_GO:
	case BROWSE_FIND:
		prompt_open(&b->prompt, action, true);
		break;
	case BROWSE_GALLERY:
		browse_model_gallery(m);
		break;
	case BROWSE_EXPORT:
	case BROWSE_EXPORT_SVG:
		browse_model_export(m, action == BROWSE_EXPORT_SVG);
		break;
	case BROWSE_CLICK:
		browse_model_open_at(m, browse_view_hit(&b->v, m, ev->line, ev->col));
		break;
	case BROWSE_LEAVE:
		return SCREEN_CLOSE;
	default:
		break;
	}
	return SCREEN_STAY;
}

static enum screen_reply browse_event(void *self, const struct input_event *ev,
                                      struct screen_open *open)
{
	struct browse *b = self;
	int action = keymap_action(&keys, ev);

	(void)open;
	if (b->m->index == 0) {
		/* A board without solutions: its reason stays, and q leaves. */
		return action == BROWSE_LEAVE ? SCREEN_CLOSE : SCREEN_STAY;
	}
	browse_model_hush(b->m);
	if (ev->kind == INPUT_KEY && b->prompt.kind) {
		prompt_typed(b, ev);
		return SCREEN_STAY;
	}
	return act(b, action, ev);
}

static enum screen_reply browse_mouse(void *self, const struct input_event *ev,
                                      struct layout_rect r, struct screen_open *open)
{
	struct browse *b = self;

	/* Where the boards are for this rectangle, as the next draw puts them. */
	browse_view_place(&b->v, b->m, r);
	return browse_event(self, ev, open);
}

/* Background news: posted from the model's threads, taken in on the loop's. */
static void browse_notify(void *ctx)
{
	(void)ctx;
	term_post();
}

static void browse_wake(void *self)
{
	struct browse *b = self;

	browse_model_news(b->m);
	term_dirty();
}

/* The view for the key line, the classes' boards or table told apart. */
static unsigned mode(const struct browse *b)
{
	unsigned mode = 1u << b->m->view;

	if (b->m->view == BROWSE_VIEW_CLASSES)
		mode |= b->v.boards ? IN_BOARDS : IN_TABLE;
	return mode;
}

static void browse_resize(void *self, struct layout_rect r)
{
	struct browse *b = self;

	browse_view_place(&b->v, b->m, r);
}

static void browse_draw(const void *self, struct layout_rect r)
{
	const struct browse *b = self;
	const char *hints[8];

	browse_view_draw(&b->v, b->m, b->prompt.kind ? "" : NULL);
	if (b->prompt.kind)
		prompt_draw(&b->prompt, r,
		            b->prompt.kind == BROWSE_GO ? "Go to number: "
		                                        : "Find ranks: ");
	if (b->m->index == 0)
		text_keys(r, NULL, 0, "? help  q leave");
	else
		text_keys(r, hints, keymap_hints(&keys, mode(b), hints, 8),
		          "? help  q quit");
}

static void browse_min_size(const void *self, int *lines, int *cols)
{
	const struct browse *b = self;

	/* A whole board with its labels beside the panel, above two lines. */
	*lines = b->m->n + 4 > 12 ? b->m->n + 4 : 12;
	*cols = 50;
}

static const struct keymap *browse_keys(const void *self)
{
	(void)self;
	return &keys;
}

static void browse_free(void *self)
{
	struct browse *b = self;

	if (!b)
		return;
	browse_model_free(b->m);
	free(b);
}

static const struct screen_ops browse_ops = {
        .title = "Browse",
        .free = browse_free,
        .resize = browse_resize,
        .draw = browse_draw,
        .key = browse_event,
        .mouse = browse_mouse,
        .wake = browse_wake,
        .min_size = browse_min_size,
        .keys = browse_keys,
};

int browse_open(struct screen *out, const struct screen_open *o,
                const struct screen_env *env, char *err, size_t errlen)
{
	struct browse *b = calloc(1, sizeof *b);

	if (b)
		b->m = browse_model_new(o->browse.n,
		                        o->browse.classes ? 1 : o->browse.index,
		                        env->table, browse_notify, NULL);
	if (!b || !b->m) {
		free(b);
		snprintf(err, errlen, "Out of memory.");
		return -1;
	}
	b->m->store = env->store;
	if (o->browse.classes && o->browse.index)
		browse_model_members(b->m, o->browse.index);
	else if (o->browse.classes) {
		browse_model_classes(b->m);
		/* A lesson's words name a class: its page of the gallery. */
		if (o->browse.class_at)
			b->m->csel = o->browse.class_at - 1;
	}
	*out = (struct screen){&browse_ops, b};
	return 0;
}
