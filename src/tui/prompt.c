/* The one-line prompt: a number, a square or a position typed, then Enter. */
#include "config.h"

#include "tui/prompt.h"

#include <curses.h>
#include <stdio.h>

#include "tui/text.h"
#include "tui/theme.h"

void prompt_open(struct prompt *p, int kind, bool spaces)
{
	p->kind = kind;
	p->spaces = spaces;
	p->len = 0;
	p->text[0] = '\0';
}

enum prompt_state prompt_key(struct prompt *p, const struct input_event *ev)
{
	if (ev->key == INPUT_KEY_ESCAPE) {
		p->kind = 0;
		return PROMPT_GIVEN_UP;
	}
	if (ev->key == INPUT_KEY_ENTER) {
		p->kind = 0;
		p->text[p->len] = '\0';
		return PROMPT_ANSWERED;
	}
	if (ev->key == INPUT_KEY_BACKSPACE) {
		if (p->len > 0)
			p->text[--p->len] = '\0';
	} else if (ev->key == INPUT_KEY_CHAR && !(ev->mods & INPUT_MOD_CTRL) &&
	           (ev->codepoint > ' ' || (p->spaces && ev->codepoint == ' ')) &&
	           ev->codepoint < 127 && p->len + 1 < sizeof p->text) {
		p->text[p->len++] = (char)ev->codepoint;
		p->text[p->len] = '\0';
	}
	return PROMPT_TYPING;
}

void prompt_draw(const struct prompt *p, struct layout_rect r, const char *question)
{
	char line[400];

	snprintf(line, sizeof line, "%s%.*s_", question, (int)p->len, p->text);
	attrset(A_NORMAL);
	mvhline(r.y + r.h - 2, r.x, ' ', r.w);
	text_put_in(r.y + r.h - 2, r.x, r.w, theme_attr(THEME_KEY), line);
}
