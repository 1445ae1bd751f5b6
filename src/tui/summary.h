/* The summary of a session of questions (predict mode, a lesson): each, how it ended. */
#ifndef NQ_SUMMARY_H
#define NQ_SUMMARY_H

#include "tui/screen.h"

/*
 * Shows o->summary.log (copied) under o->summary.title: the score, the best streak, the
 * time, then each question right, wrong or skipped, scrolled; x writes it
 * to a new text file in the current directory.
 */
screen_open_fn summary_open;

#endif
