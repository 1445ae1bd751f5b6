/* The Watch screen's own header, shared by its files; no other module includes it. */
#ifndef NQ_WATCH_IMPL_H
#define NQ_WATCH_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "boardview.h"
#include "keymap.h"
#include "search.h"

#define PSEUDO_MAX_LINES 64

/* The search tree is drawn for boards up to this size, nodes per level above. */
#define TREE_MAX_N 6
#define TREE_MAX_NODES 1024

/* Above this n the board is drawn as an overview, and has no cells. */
#define CELLS_MAX_N 32

/* The speeds of the animation, events a second. */
extern const int watch_speeds[];
#define NSPEEDS 10

struct watch {
	int n;
	enum search_algo algo;
	enum search_goal goal;
	struct search *s;
	int *given;     /* the queens the search starts from, or NULL */
	uint64_t total; /* events of the whole search; 0 when not known */
	uint16_t *cells;
	struct boardview bv;

	bool playing;
	int speed;              /* index into speeds */
	long long anchor_ms;    /* when playing started at this speed */
	long long frame_ms;     /* when the last frame of the animation came */
	uint64_t anchor_events; /* and the event it started from */
	bool show_pseudo, show_stack, show_tree;
	int pseudo_w;     /* the widest line of the listing, with its marker */
	int tree_lines;   /* the lines of the whole search's tree; -1 until counted */
	int bar_x, bar_w; /* where the progress bar was drawn, for the mouse */
	uint32_t *conf;   /* repair: the conflicts after move m, for m < nconf */
	size_t nconf, capconf;

	char pseudo[PSEUDO_MAX_LINES][128];
	int npseudo;
	char message[300];

	/* Breakpoints: at a solution, a try of a square (file -1: none), a depth (0:
	 * none). */
	bool break_solution;
	struct square break_square;
	int break_depth;
	int prompt; /* the key whose answer is being typed, or 0 */
	char input[16];
	size_t ilen;
	bool narrate_full; /* the narration in two to four sentences, not one */
	bool big;          /* projector mode: the board, the listing and the stack */
	int theme_before;  /* the theme to go back to when leaving it */
};

/* The keys, whose hints the key line shows. */
extern const struct keymap watch_keymap;

/* Draws the screen: the board, its panels, the progress and the key line. */
void watch_draw(void *self);

/* One active call as the stack panel shows it: "solve(b) rank = 3". */
void watch_frame_text(const struct search_frame *f, char *buf, size_t len);

/* Whether any breakpoint is set. */
bool watch_breaks_set(const struct watch *w);

/*
 * Writes the handout: the trace so far and the frame shown, to a new file
 * in the current directory; says its name, or why not, in the message.
 */
void watch_handout(struct watch *w);

#endif
