/* The one-line prompt: a number, a square or a position typed, then Enter. */
#ifndef NQ_PROMPT_H
#define NQ_PROMPT_H

#include <stdbool.h>
#include <stddef.h>

#include "tui/input.h"
#include "tui/layout.h"

struct prompt {
	int kind;    /* what is asked (the action that opened it); 0: nothing */
	bool spaces; /* blanks may be typed (the ranks of a position) */
	char text[256];
	size_t len;
};

enum prompt_state {
	PROMPT_TYPING,   /* the key was taken: a character, or one erased */
	PROMPT_ANSWERED, /* Enter: p->text holds the answer, and the prompt is closed */
	PROMPT_GIVEN_UP, /* Escape: closed with no answer */
};

/* Asks for kind; spaces says whether a blank is part of an answer. */
void prompt_open(struct prompt *p, int kind, bool spaces);

/* Takes a key while p->kind is set. */
enum prompt_state prompt_key(struct prompt *p, const struct input_event *ev);

/* The question and what is typed so far, on the line above r's key line. */
void prompt_draw(const struct prompt *p, struct layout_rect r, const char *question);

#endif
