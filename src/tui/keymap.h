/* A screen's keys: one table drives the dispatch, the help and the key line. */
#ifndef NQ_KEYMAP_H
#define NQ_KEYMAP_H

#include <stddef.h>
#include <stdint.h>

#include "tui/input.h"

/* One key or mouse gesture a binding answers to. */
struct keymap_key {
	enum input_kind kind;     /* INPUT_KEY or INPUT_MOUSE; INPUT_NONE ends a list */
	enum input_key key;       /* a named key, or INPUT_KEY_CHAR */
	uint32_t ch;              /* the character, for INPUT_KEY_CHAR */
	int mods;                 /* INPUT_MOD_CTRL for a character, or 0 */
	enum input_button button; /* for INPUT_MOUSE: a press of this button */
};

#define KEYMAP_KEYS_MAX 6

/*
 * A binding's words on the key line ("u undo"), in the modes of the screen
 * given.  The key line shows as many hints as fit: first those without
 * KEYMAP_MORE in their modes, then those with it, as the width allows.
 */
struct keymap_hint {
	unsigned modes; /* the screen's modes (its own bits) it shows in; 0: all */
	const char *text;
};

/* In a hint's modes: it comes after the others, on a wide enough window. */
#define KEYMAP_MORE (1u << 31)

/* In a hint's modes: no hint, but the heading of a group of the help. */
#define KEYMAP_HEADING (1u << 30)
#define KEYMAP_GROUP(name)                                                               \
	{                                                                                \
		KEYMAP_HEADING, (name)                                                   \
	}

#define KEYMAP_HINTS_MAX 4

/*
 * A binding: the action it stands for (a screen's own enum), the keys, and
 * what the help says of it.  A binding whose what is NULL shares the line
 * of the binding above it in the help, its keys listed there too.  Its
 * hints put it on the key line, the first whose modes hold the screen's.
 * A binding that starts a group of the help says so among its hints,
 * KEYMAP_GROUP("Moving"): the heading the help lists it and the bindings
 * after it under, up to the next that starts one; so a key added under
 * its kin needs no heading of its own.
 */
struct keymap_row {
	int action;
	struct keymap_key keys[KEYMAP_KEYS_MAX];
	const char *what;
	struct keymap_hint hints[KEYMAP_HINTS_MAX];
};

struct keymap {
	const struct keymap_row *rows;
	size_t count;
};

#define KEYMAP(rows) ((struct keymap){rows, sizeof rows / sizeof rows[0]})

/* Shorthands for the tables. */
#define KEY(k)                                                                           \
	{                                                                                \
		INPUT_KEY, INPUT_KEY_##k, 0, 0, 0                                        \
	}
#define KCHAR(c)                                                                         \
	{                                                                                \
		INPUT_KEY, INPUT_KEY_CHAR, (c), 0, 0                                     \
	}
#define KCTRL(c)                                                                         \
	{                                                                                \
		INPUT_KEY, INPUT_KEY_CHAR, (c), INPUT_MOD_CTRL, 0                        \
	}
#define KMOUSE(b)                                                                        \
	{                                                                                \
		INPUT_MOUSE, INPUT_KEY_CHAR, 0, 0, INPUT_##b                             \
	}

/*
 * The action of the binding ev answers to, or -1.  A character matches
 * with the same Ctrl; a named key whatever the modifiers (Shift-Up is Up);
 * a mouse binding matches a press of its button.
 */
int keymap_action(const struct keymap *km, const struct input_event *ev);

/* The name of one key as the help writes it: "Up", "Ctrl-R", "Space", "q". */
const char *keymap_key_name(const struct keymap_key *k, char *buf, size_t len);

/*
 * The keys of row i and of the rows after it that share its help line,
 * written as the help shows them ("Up Down, k j"); returns how many rows
 * the line covers (0 for a row that is part of the line above).
 */
size_t keymap_line_keys(const struct keymap *km, size_t i, char *buf, size_t len);

/* The heading of the help's group that row i starts, or NULL. */
const char *keymap_group(const struct keymap *km, size_t i);

/*
 * The key line's hints of the table in mode into hints (at most max): in
 * the table's order, those marked KEYMAP_MORE after the others.
 */
size_t keymap_hints(const struct keymap *km, unsigned mode, const char **hints,
                    size_t max);

#endif
