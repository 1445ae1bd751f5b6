/* Browse's model: the solution shown, the totals, jumps and finds, paging, export; no
 * terminal. */
#ifndef NQ_BROWSE_MODEL_H
#define NQ_BROWSE_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/classes.h"
#include "engine/enumerate.h"
#include "engine/symmetry.h"
#include "tui/theme.h"

/* A page of the gallery or of the classes shows at most this many. */
#define BROWSE_PAGE_MAX 128

/* What the screen shows. */
enum browse_view {
	BROWSE_VIEW_ONE,     /* one solution, large */
	BROWSE_VIEW_GALLERY, /* a page of small numbered boards */
	BROWSE_VIEW_CLASSES, /* the classes: representatives as boards, or a table */
	BROWSE_VIEW_MEMBERS, /* the members of one class, as the symmetries act */
};

/* Where a total comes from. */
enum browse_source { BROWSE_FROM_COUNTED, BROWSE_FROM_TABLE, BROWSE_FROM_PUBLISHED };

struct catalog;
struct browse_work;
struct store;

/*
 * The state of the Browse screen.  The screen reads these fields and
 * changes them only through the functions below, which are what a user
 * does; answers from the background arrive through browse_model_news.
 */
struct browse_model {
	int n;
	const struct enum_table *table;
	bool can_jump; /* rank and unrank count (table or small n): no walk */
	bool sync;     /* ...quickly enough to wait for */
	uint64_t total, nclasses;
	enum browse_source total_from, classes_from;
	enum browse_view view;

	/* The solution shown (index 0: the board has none), and its class. */
	uint64_t index;
	int ranks[ENUM_MAX_N];
	int rep[ENUM_MAX_N], orbit;
	enum sym from_rep;
	uint64_t class_index; /* 0 while not known */

	/* Looked for in the background: solution #k, a position, class #c. */
	uint64_t pending_k;
	bool pending_find;
	int find_p[ENUM_MAX_N];
	bool find_keeps_view; /* the gallery stays the gallery */
	uint64_t pending_class;
	bool pending_members; /* class #pending_class's members open when it is found */

	/*
	 * The classes: the one chosen (0-based), the grid of the page (one
	 * column in the table), and whether they show as a table, not boards.
	 */
	uint64_t csel;
	int ccols, crows;
	bool ctable;

	/* The grid of small boards (gallery or members) as last laid out. */
	int gcols, grows;
	/* The gallery's page: the index of its first board, and the boards. */
	uint64_t gfirst;
	int gcount;
	int page[BROWSE_PAGE_MAX][ENUM_MAX_N];

	/* The members of the class opened, with their numbers (0 while not known). */
	struct class_variant var[SYM_COUNT];
	uint64_t varidx[SYM_COUNT];
	uint64_t var_class; /* the class they belong to, 1-based */
	int nvar, vsel;
	/*
	 * The members as the group acts: the turns on one row (id, rot90,
	 * rot180, rot270), the mirrors on the next, mcols × mrows (members that
	 * coincide in a symmetric class take one place).  A page shows vcols ×
	 * vrows of it, vper in all, the block that holds the member chosen.
	 */
	int mcols, mrows, vcols, vrows, vper;

	char message[600]; /* what the last action has to say, or "" */

	/* What the player found in Play, marked where it shows; NULL: nothing kept. */
	const struct store *store;

	/* The model's own: one walk through the solutions, and the threads on it. */
	struct catalog *cat;
	struct browse_work *work;
};

/*
 * The solutions of n (1 <= n <= ENUM_MAX_N) at solution #index (1 when 0);
 * table may be NULL.  Background work (the totals counted up to n = 17,
 * far jumps, finds, class numbers) tells notify(ctx) of news from its own
 * thread; the caller then calls browse_model_news on its own.  NULL on no
 * memory.
 */
struct browse_model *browse_model_new(int n, uint64_t index,
                                      const struct enum_table *table,
                                      void (*notify)(void *ctx), void *ctx);

/* Cancels the background work and joins its threads: none outlives the model. */
void browse_model_free(struct browse_model *m);

/* Takes in what the background has found, and tells it what is wanted now. */
void browse_model_news(struct browse_model *m);

/* A key is pressed: the last message goes. */
void browse_model_hush(struct browse_model *m);

/*
 * Moving in the view shown: solutions, classes or members.  Moves stop at
 * the first and the last (saying so when already there).
 */
void browse_model_step(struct browse_model *m, int64_t d); /* d on (or back) */
void browse_model_row(struct browse_model *m, int d);      /* d rows of the grid */
void browse_model_page(struct browse_model *m, int d);     /* d pages */
void browse_model_end(struct browse_model *m, bool last);  /* Home or End */

/*
 * g: the number typed, a solution's (a class's in the classes).  Far from
 * the solutions at hand it is looked for in the background.
 */
void browse_model_go(struct browse_model *m, const char *typed);

/* /: the position typed, which must be a solution of this board. */
void browse_model_find(struct browse_model *m, const char *typed);

/* Escape: stops the search under way, else back to the classes or one board. */
void browse_model_cancel(struct browse_model *m);

/* Enter: opens the small board, class or member chosen. */
void browse_model_open(struct browse_model *m);

/* Opens the i-th small board of the page shown (gallery or members). */
void browse_model_open_at(struct browse_model *m, int i);

/* v: one board or the gallery; in the classes, boards or a table. */
void browse_model_gallery(struct browse_model *m);
void browse_model_classes(struct browse_model *m); /* Tab: the solutions or the classes */

/* The members of class c (1-based), now or when the class has been found. */
void browse_model_members(struct browse_model *m, uint64_t c);

/*
 * x: writes the solution shown, every class as a board (the handout), or
 * the class opened with every member, to a new file in the current
 * directory, and says where (or why not); X (svg): the same as an SVG
 * sheet of boards, for slides and print.
 */
void browse_model_export(struct browse_model *m, bool svg);

/* A class's symmetry in Browse's words: the engine's, but "no symmetry" for none. */
const char *browse_symmetry_words(int orbit);

/* Handouts of every class are written up to this n (1787 classes). */
#define BROWSE_HANDOUT_MAX_N 12

/*
 * The text browse_model_export writes (browse_export.c), and the file's stem
 * ("nqueens-8x8-solution-37", "nqueens-8x8-classes"); -1 with the reason
 * in the message.
 */
int browse_model_export_text(struct browse_model *m, char *stem, size_t stemlen,
                             char *text, size_t len);

struct sheet;

/*
 * The same as an SVG sheet on the locale's paper (sheet_paper_default), its
 * pages in sh, to sheet_free; -1 with the reason in the message.
 */
int browse_export_svg(struct browse_model *m, struct sheet *sh, char *stem,
                      size_t stemlen);

/* What the screen draws: the pages, as many as fit. */

/*
 * The gallery's page of cols × rows boards (at most BROWSE_PAGE_MAX) that
 * holds the solution shown, into gfirst, gcount and page; returns gcount.
 */
int browse_model_gallery_page(struct browse_model *m, int cols, int rows);

/*
 * The members' page when cols × rows boards fit (the whole group, or the
 * block of it that holds the member chosen); returns how many a page shows
 * (vper).
 */
int browse_model_members_page(struct browse_model *m, int cols, int rows);

/*
 * Where member i shows on the page: its place, row by row in the page's
 * vcols columns; -1 when it is on another page.
 */
int browse_model_member_place(const struct browse_model *m, int i);

/*
 * The queen followed through the members: the representative's on file a,
 * where member i's first transform takes it, so that the eye follows one
 * queen through each turn and mirror.
 */
struct square browse_model_tracked(const struct browse_model *m, int i);

/*
 * The classes' page is cols × rows (kept within 1 to BROWSE_PAGE_MAX; one
 * column in the table): the worker is told at the next news or key.
 */
void browse_model_classes_grid(struct browse_model *m, int cols, int rows);

/*
 * The number (0-based) of the first class of the page that holds the class
 * chosen: pages of the grid's size, but the last ends at the last class,
 * so that it is as full as the others.
 */
uint64_t browse_model_classes_first(const struct browse_model *m);

/*
 * The page of classes that holds the class chosen: the number (0-based)
 * of its first into *first, the representatives into reps and their
 * orbits into orbits; returns how many have been found.  *more: more
 * classes are still being found.
 */
int browse_model_classes_page(const struct browse_model *m, int reps[][ENUM_MAX_N],
                              int *orbits, uint64_t *first, bool *more);

/* The first line of the classes: how many, and of which orbits, or how far. */
void browse_model_classes_head(const struct browse_model *m, char *buf, size_t len);

/* Where the totals come from, when not counted here (yet); "" when they were. */
void browse_model_totals_note(const struct browse_model *m, char *buf, size_t len);

/* How far the walk has come to the class number of the solution shown. */
void browse_model_class_note(const struct browse_model *m, char *buf, size_t len);

/* What is being looked for in the background, with Escape to stop it; or "". */
void browse_model_pending_note(const struct browse_model *m, char *buf, size_t len);

/*
 * A line of the panel beside the one board: its role (theme.h's item), a
 * head ("ranks:   ", or ""), the text wrapped after it, and whether a
 * blank line comes before it.
 */
struct browse_line {
	enum theme_item role;
	const char *head;
	char text[600];
	bool gap;
};
#define BROWSE_PANEL_MAX 9

/*
 * The panel's lines for the solution shown; returns how many.  Its class
 * is KEY, known or not; while its number is being found, a DIMMED line
 * says how far; where the totals come from, when not counted here, too.
 */
int browse_model_panel(const struct browse_model *m, struct browse_line *l);

/*
 * The roles of the caption lines of a small board of the page: at is the
 * gallery's solution number, the class's (from 0) or the member's (from
 * 0), as the view shown.  The one chosen is SELECTED; else the first line
 * is GOOD for a solution, class or member the player found, else LABEL, and a class's
 * second, its symmetry, KEY for a class a turn or a mirror maps onto itself (fewer than 8
 * members), DIMMED for the others; a member's second, its transform, DIMMED.
 */
void browse_model_caption_roles(const struct browse_model *m, uint64_t at, int orbit,
                                enum theme_item role[2]);

/*
 * The role of class c's row (from 0) in the table: the one chosen SELECTED,
 * a class found GOOD.
 */
enum theme_item browse_model_row_role(const struct browse_model *m, uint64_t c);

/*
 * Whether the player found solution #k, or class #c (both 1-based), in
 * Play: the store's, marked in the gallery, the classes and the panel.
 * browse_model_found_count says how many of the view shown (solutions or
 * classes) were found.
 */
bool browse_model_found(const struct browse_model *m, uint64_t k);
bool browse_model_class_found(const struct browse_model *m, uint64_t c);
size_t browse_model_found_count(const struct browse_model *m);
/* Whether anything of this n was found: captions keep room for the mark then. */
bool browse_model_found_any(const struct browse_model *m);

#endif
