/* A screen's keys: one table drives the dispatch, the help and the key line. */
#include "config.h"

#include "tui/keymap.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static bool key_matches(const struct keymap_key *k, const struct input_event *ev)
{
	if (k->kind != ev->kind)
		return false;
	if (k->kind == INPUT_MOUSE)
		return ev->button == k->button && ev->action == INPUT_PRESS;
	if (k->key != ev->key)
		return false;
	if (k->key != INPUT_KEY_CHAR)
		return true;
	/* Alt-q is Escape then q typed quickly: q, as before the table. */
	return k->ch == ev->codepoint && k->mods == (ev->mods & INPUT_MOD_CTRL);
}

int keymap_action(const struct keymap *km, const struct input_event *ev)
{
	for (size_t i = 0; i < km->count; i++)
		for (int j = 0; j < KEYMAP_KEYS_MAX && km->rows[i].keys[j].kind; j++)
			if (key_matches(&km->rows[i].keys[j], ev))
				return km->rows[i].action;
	return -1;
}

const char *keymap_key_name(const struct keymap_key *k, char *buf, size_t len)
{
	static const char *const buttons[] = {
	        [INPUT_BUTTON_LEFT] = "click",
	        [INPUT_BUTTON_MIDDLE] = "middle-click",
	        [INPUT_BUTTON_RIGHT] = "right-click",
	        [INPUT_WHEEL_UP] = "wheel",
	        [INPUT_WHEEL_DOWN] = "wheel",
	};
	struct input_event ev = {
	        .kind = INPUT_KEY, .key = k->key, .codepoint = k->ch, .mods = k->mods};

	if (k->kind == INPUT_MOUSE) {
		snprintf(buf, len, "%s",
		         (unsigned)k->button < sizeof buttons / sizeof *buttons &&
		                         buttons[k->button]
		                 ? buttons[k->button]
		                 : "mouse");
		return buf;
	}
	/* The help spells Escape out, as people say it. */
	if (k->key == INPUT_KEY_ESCAPE) {
		snprintf(buf, len, "Escape");
		return buf;
	}
	return input_describe(&ev, buf, len);
}

/* Appends s to buf, after sep when buf holds something already. */
static void add(char *buf, size_t len, const char *sep, const char *s)
{
	size_t at = strlen(buf);

	if (!*s || at + 1 >= len)
		return;
	snprintf(buf + at, len - at, "%s%s", at ? sep : "", s);
}

/* Whether the words of list hold word (a wheel's two ways are one "wheel"). */
static bool has_word(const char *list, const char *word)
{
	size_t len = strlen(word);

	for (const char *p = strstr(list, word); p; p = strstr(p + 1, word))
		if ((p == list || p[-1] == ' ') && (p[len] == '\0' || p[len] == ' '))
			return true;
	return false;
}

/* The four arrows read as one word where a line lists them all: "arrows". */
static void join_arrows(char *named, size_t len)
{
	static const char *const arrows[] = {"Up", "Down", "Left", "Right"};
	char out[128] = "", word[32];
	bool said = false;

	for (int i = 0; i < 4; i++)
		if (!has_word(named, arrows[i]))
			return;
	for (const char *p = named; *p;) {
		size_t n = strcspn(p, " ");
		bool arrow = false;

		snprintf(word, sizeof word, "%.*s", (int)n, p);
		for (int i = 0; i < 4; i++)
			arrow = arrow || strcmp(word, arrows[i]) == 0;
		if (!arrow || !said)
			add(out, sizeof out, " ", arrow ? "arrows" : word);
		said = said || arrow;
		p += n;
		p += strspn(p, " ");
	}
	snprintf(named, len, "%s", out);
}

size_t keymap_line_keys(const struct keymap *km, size_t i, char *buf, size_t len)
{
	char named[128] = "", chars[128] = "", mouse[64] = "", name[32];
	size_t rows = 1;

	buf[0] = '\0';
	if (i >= km->count || (!km->rows[i].what && i > 0))
		return 0;
	while (i + rows < km->count && !km->rows[i + rows].what)
		rows++;
	/* Named keys first, then the letters, then the mouse: "Up Down, k j, wheel". */
	for (size_t r = i; r < i + rows; r++) {
		for (int j = 0; j < KEYMAP_KEYS_MAX && km->rows[r].keys[j].kind; j++) {
			const struct keymap_key *k = &km->rows[r].keys[j];
			bool letter = k->kind == INPUT_KEY && k->key == INPUT_KEY_CHAR &&
			              !k->mods && k->ch != ' ';
			char *list = k->kind == INPUT_MOUSE ? mouse
			             : letter               ? chars
			                                    : named;
			size_t size = k->kind == INPUT_MOUSE ? sizeof mouse
			              : letter               ? sizeof chars
			                                     : sizeof named;

			keymap_key_name(k, name, sizeof name);
			if (!has_word(list, name))
				add(list, size, " ", name);
		}
	}
	join_arrows(named, sizeof named);
	add(buf, len, "", named);
	add(buf, len, ", ", chars);
	add(buf, len, ", ", mouse);
	return rows;
}

const char *keymap_group(const struct keymap *km, size_t i)
{
	const struct keymap_hint *h = i < km->count ? km->rows[i].hints : NULL;

	for (int j = 0; h && j < KEYMAP_HINTS_MAX && h[j].text; j++)
		if (h[j].modes & KEYMAP_HEADING)
			return h[j].text;
	return NULL;
}

size_t keymap_hints(const struct keymap *km, unsigned mode, const char **hints,
                    size_t max)
{
	size_t n = 0;

	/* The plain hints, then the more ones: each row's first hint for the mode. */
	for (int more = 0; more < 2; more++) {
		for (size_t i = 0; i < km->count && n < max; i++) {
			const struct keymap_hint *h = km->rows[i].hints;

			for (int j = 0; j < KEYMAP_HINTS_MAX && h[j].text; j++) {
				unsigned modes = h[j].modes & ~KEYMAP_MORE;

				if (h[j].modes & KEYMAP_HEADING)
					continue;
				if (modes == 0 || (modes & mode)) {
					if (!(h[j].modes & KEYMAP_MORE) == !more)
						hints[n++] = h[j].text;
					break;
				}
			}
		}
	}
	return n;
}
