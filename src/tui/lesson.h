/* The Lesson screen: a lesson script run step by step over the other screens. */
#ifndef NQ_LESSON_SCREEN_H
#define NQ_LESSON_SCREEN_H

#include "tui/screen.h"

/*
 * Runs o->lesson.lesson (copied): each step's text in a panel under the screen the
 * step opens (Play, Watch or Browse, with the step's arguments), the
 * search run as far as the step says, its questions asked.
 */
screen_open_fn lesson_open;

#endif
