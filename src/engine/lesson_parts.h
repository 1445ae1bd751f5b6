/* What the lesson parser (lesson.c) and its check (lesson_check.c) share: no other
 * module's. */
#ifndef NQ_LESSON_PARTS_H
#define NQ_LESSON_PARTS_H

#include "engine/lesson.h"

/* Whom the parser and the check tell their errors, and how many they told. */
struct lesson_teller {
	const char *name;
	lesson_report report;
	void *ctx;
	int errors;
};

/* Tells why, as "NAME:LINE: why" ("NAME: why" for line 0), and counts it. */
void lesson_tell(struct lesson_teller *t, int line, const char *why);

/* The panels projector mode hides, by the names a step's words give them. */
struct lesson_panel_name {
	unsigned panel;
	const char *name;     /* as keep: takes it, and as the check tells it */
	const char *words[3]; /* the words that name it in a step's text */
};

#define LESSON_PANEL_NAMES 3
extern const struct lesson_panel_name lesson_panel_names[LESSON_PANEL_NAMES];

#endif
