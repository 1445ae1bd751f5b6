/* The Play screen: place queens by hand, see attacks, solve, and do puzzles. */
#include "config.h"

#include "play.h"

#include <curses.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "boardview.h"
#include "classes.h"
#include "enumerate.h"
#include "input.h"
#include "keymap.h"
#include "known.h"
#include "layout.h"
#include "puzzle.h"
#include "store.h"
#include "symmetry.h"
#include "task.h"
#include "terminal.h"
#include "text.h"
#include "theme.h"

/* Up to this n the position is judged at once; above, in a thread. */
#define PLAY_SYNC_MAX_N 10

/* The status's columns: the fewest it is drawn in, and what it wants. */
#define STATUS_MIN_W 18
#define STATUS_W 36
/* The status's lines kept for it, what a solved board shows. */
#define STATUS_LINES 6

/* A position in the undo history. */
struct snap {
	int n; /* a size change is undone too */
	size_t count;
	struct square *sq;
};

/* What the background judge works on and finds. */
struct judge {
	struct task task;
	struct board b; /* its own copy of the position */
	const struct enum_table *table;
	int rc;
	struct puzzle_status st;
	uint64_t index, class_index;
};

struct play {
	int n;
	struct board b;
	struct square cursor;
	struct boardview bv;
	uint16_t *cells;

	bool is_puzzle;
	struct puzzle pz;
	char puzzle_id[256];
	/* The clock of a puzzle, or of a free game since its board was new. */
	long long started_ms, solved_ms;
	long long lit_ms; /* when the solved board began to light up; 0: not solved */
	long long due_ms; /* when the screen changes by itself next; 0: to work out */
	bool gave_up;     /* s showed a solution: nothing found, nothing timed */
	bool bell;        /* ring when a board is solved */
	const char *puzzle_dir; /* where the next puzzle comes from */
	struct puzzle next;     /* the puzzle n opens */
	char next_id[128];
	bool has_best;
	uint64_t best_ms; /* the best time of this puzzle */

	struct snap *hist;
	size_t hist_len, hist_at, hist_cap;

	struct store *store;
	const struct enum_table *table;
	uint64_t total, classes; /* solutions and classes for n; 0 when unknown */

	/* The judge's last verdict on the position shown. */
	bool judged;
	struct puzzle_status st;
	uint64_t index, class_index; /* of a solution; 0 when not known */
	enum sym transform;
	struct judge job;

	bool hint_shown;
	struct square hint;
	char message[1200];
	bool confirm_leave;
	int from[PUZZLE_MAX_N]; /* the queens Watch is asked to start from */
};

/* What the keys do. */
enum play_action {
	PLAY_UP,
	PLAY_DOWN,
	PLAY_LEFT,
	PLAY_RIGHT,
	PLAY_FIRST_FILE,
	PLAY_LAST_FILE,
	PLAY_TOP_RANK,
	PLAY_BOTTOM_RANK,
	PLAY_TOGGLE,
	PLAY_CLICK,
	PLAY_UNDO,
	PLAY_REDO,
	PLAY_CLEAR,
	PLAY_SMALLER,
	PLAY_LARGER,
	PLAY_HINT,
	PLAY_WATCH,
	PLAY_BROWSE,
	PLAY_HIDE_HINT,
	PLAY_GIVE_UP,
	PLAY_NEXT_PUZZLE,
	PLAY_LEAVE,
};

static const struct keymap_row key_rows[] = {
        {PLAY_UP,
         {KEY(UP), KCHAR('k')},
         "move the cursor one square",
         {{0, "arrows move"}}},
        {PLAY_DOWN, {KEY(DOWN), KCHAR('j')}, NULL, {}},
        {PLAY_LEFT, {KEY(LEFT), KCHAR('h')}, NULL, {}},
        {PLAY_RIGHT, {KEY(RIGHT), KCHAR('l')}, NULL, {}},
        {PLAY_UP, {KMOUSE(WHEEL_UP)}, "the cursor up or down a rank", {}},
        {PLAY_DOWN, {KMOUSE(WHEEL_DOWN)}, NULL, {}},
        {PLAY_FIRST_FILE, {KEY(HOME)}, "first or last file", {}},
        {PLAY_LAST_FILE, {KEY(END)}, NULL, {}},
        {PLAY_TOP_RANK, {KEY(PAGEUP)}, "top or bottom rank", {}},
        {PLAY_BOTTOM_RANK, {KEY(PAGEDOWN)}, NULL, {}},
        {PLAY_TOGGLE,
         {KCHAR(' '), KEY(ENTER)},
         "place or remove a queen",
         {{0, "Space place"}}},
        {PLAY_CLICK, {KMOUSE(BUTTON_LEFT)}, "place or remove a queen there", {}},
        {PLAY_UNDO, {KCHAR('u')}, "undo", {{0, "u undo"}}},
        {PLAY_REDO, {KCTRL('r'), KCHAR('U')}, "redo", {{KEYMAP_MORE, "^R redo"}}},
        {PLAY_CLEAR,
         {KCHAR('c')},
         "clear the board (given queens stay)",
         {{KEYMAP_MORE, "c clear"}}},
        {PLAY_SMALLER,
         {KCHAR('['), KCHAR('-')},
         "smaller or larger board",
         {{KEYMAP_MORE, "[/] size"}}},
        {PLAY_LARGER, {KCHAR(']'), KCHAR('+'), KCHAR('=')}, NULL, {}},
        {PLAY_HINT,
         {KCHAR('t')},
         "hint: a square that keeps it solvable",
         {{0, "t hint"}}},
        {PLAY_WATCH,
         {KCHAR('w')},
         "watch the search go on from this position",
         {{KEYMAP_MORE, "w watch"}}},
        {PLAY_BROWSE,
         {KCHAR('b')},
         "when solved: browse the solutions, at this one",
         {{KEYMAP_MORE, "b browse"}}},
        {PLAY_HIDE_HINT, {KEY(ESCAPE)}, "hide the hint", {}},
        {PLAY_GIVE_UP, {KCHAR('s')}, "give up: show a solution (not counted)", {}},
        {PLAY_NEXT_PUZZLE, {KCHAR('n')}, "after a puzzle: the next one", {}},
        {PLAY_LEAVE, {KCHAR('q')}, "leave (asks during a puzzle)", {}},
};
static const struct keymap keys = KEYMAP(key_rows);

static void snap_take(struct play *p)
{
	struct snap s = {p->n, p->b.pos.count, NULL};

	/* Redo is lost once a new move is made after undoing. */
	for (size_t i = p->hist_at + 1; i < p->hist_len; i++)
		free(p->hist[i].sq);
	p->hist_len = p->hist_len ? p->hist_at + 1 : 0;
	if (p->hist_len == p->hist_cap) {
		size_t cap = p->hist_cap ? p->hist_cap * 2 : 32;
		struct snap *h = realloc(p->hist, cap * sizeof *h);

		if (!h)
			abort();
		p->hist = h;
		p->hist_cap = cap;
	}
	s.sq = malloc((s.count ? s.count : 1) * sizeof *s.sq);
	if (!s.sq)
		abort();
	memcpy(s.sq, p->b.pos.sq, s.count * sizeof *s.sq);
	p->hist[p->hist_len] = s;
	p->hist_at = p->hist_len++;
}

static void resize_board(struct play *p, int n);

static void snap_restore(struct play *p, const struct snap *s)
{
	if (s->n != p->n)
		resize_board(p, s->n);
	board_clear(&p->b);
	for (size_t i = 0; i < s->count; i++)
		board_place(&p->b, s->sq[i]);
}

static void hist_free(struct play *p)
{
	for (size_t i = 0; i < p->hist_len; i++)
		free(p->hist[i].sq);
	free(p->hist);
	p->hist = NULL;
	p->hist_len = p->hist_at = p->hist_cap = 0;
}

/*
 * Judges a position: can it be completed, and in how many ways; for a
 * solution, which one it is and which class.  Runs in the judge's thread for
 * large boards, so it reads only its own copy and the shared table.  The
 * count stops at the work limit, so that a verdict comes within a second.
 */
static int judge_position(const struct board *b, const struct enum_table *table,
                          const atomic_int *cancel, struct puzzle_status *st,
                          uint64_t *index, uint64_t *class_index)
{
	int ranks[ENUM_MAX_N];

	*index = *class_index = 0;
	if (!board_is_solution(&b->pos))
		return puzzle_status(b, 0, PUZZLE_WORK_LIMIT, cancel, st);
	*st = (struct puzzle_status){
	        .completable = true, .solved = true, .completions = 1};
	board_ranks(&b->pos, ranks, NULL);
	if (!enum_rank(b->pos.n, ranks, table, index))
		*index = 0;
	if (classes_index(b->pos.n, ranks, cancel, class_index) < 0)
		*class_index = 0;
	return cancel && atomic_load(cancel) ? -1 : 0;
}

/* The judge's thread: its results are read once the task is done. */
static void judge_run(struct task *t, void *arg)
{
	struct judge *j = arg;

	j->rc = judge_position(&j->b, j->table, task_flag(t), &j->st, &j->index,
	                       &j->class_index);
}

static void judge_notify(void *ctx)
{
	(void)ctx;
	term_post();
}

static void judge_stop(struct play *p)
{
	if (!p->job.task.running)
		return;
	task_stop(&p->job.task);
	board_destroy(&p->job.b);
}

static void format_time(long secs, char *buf, size_t len)
{
	snprintf(buf, len, "%ld:%02ld", secs / 60, secs % 60);
}

/* After a puzzle: the next one in the order of their names, if there is one. */
static void offer_next(struct play *p)
{
	struct puzzle_entry *list;
	size_t count, at;
	char t[32];

	puzzle_list(p->puzzle_dir, &list, &count);
	for (at = 0; at < count && strcmp(list[at].id, p->puzzle_id) != 0; at++)
		;
	p->next_id[0] = '\0';
	for (size_t i = at + 1; i < count; i++) {
		if (list[i].ok) {
			p->next = list[i].pz;
			snprintf(p->next_id, sizeof p->next_id, "%s", list[i].id);
			break;
		}
	}
	free(list);
	format_time((long)((p->solved_ms - p->started_ms) / 1000), t, sizeof t);
	if (p->next_id[0])
		snprintf(p->message, sizeof p->message,
		         "Solved in %s. n opens the next puzzle, %s.", t, p->next_id);
	else
		snprintf(p->message, sizeof p->message, "Solved in %s.", t);
}

/* Takes in a verdict; a solution is remembered as found, a puzzle as timed. */
static void judged(struct play *p, const struct puzzle_status *st, uint64_t index,
                   uint64_t class_index)
{
	char err[1100];
	int changed = 0;

	p->st = *st;
	p->judged = true;
	p->due_ms = 0;
	p->index = index;
	p->class_index = class_index;
	if (!st->solved)
		return;
	{
		int ranks[ENUM_MAX_N];

		board_ranks(&p->b.pos, ranks, NULL);
		sym_canonical(p->n, ranks, NULL, &p->transform);
	}
	/* Solving is an event: the queens light up, the bell rings, once. */
	if (!p->lit_ms) {
		p->lit_ms = term_now_ms();
		if (p->bell && !p->gave_up)
			beep();
	}
	if (p->gave_up)
		return;
	if (p->store && index)
		changed |= store_add(p->store, STORE_SOLUTIONS, p->n, index) > 0;
	if (p->store && class_index)
		changed |= store_add(p->store, STORE_CLASSES, p->n, class_index) > 0;
	if (!p->solved_ms) {
		p->solved_ms = term_now_ms();
		if (p->is_puzzle && p->store &&
		    store_record_time(p->store, p->puzzle_id,
		                      (uint64_t)(p->solved_ms - p->started_ms)) > 0) {
			p->best_ms = (uint64_t)(p->solved_ms - p->started_ms);
			p->has_best = true;
			changed = 1;
		}
		if (p->is_puzzle)
			offer_next(p);
	}
	if (changed && store_save(p->store, err, sizeof err) < 0)
		snprintf(p->message, sizeof p->message, "Progress not saved: %s", err);
}

/* Judges the position: at once for small boards, else in the background. */
static void judge_start(struct play *p)
{
	judge_stop(p);
	p->judged = false;
	p->hint_shown = false;
	p->lit_ms = 0;
	p->due_ms = 0;
	if (p->n <= PLAY_SYNC_MAX_N) {
		struct puzzle_status st;
		uint64_t index, class_index;

		if (judge_position(&p->b, p->table, NULL, &st, &index, &class_index) == 0)
			judged(p, &st, index, class_index);
		return;
	}
	/* A solution is known at once; which one it is may take a while. */
	if (board_is_solution(&p->b.pos)) {
		struct puzzle_status st = {
		        .completable = true, .solved = true, .completions = 1};

		judged(p, &st, 0, 0);
	}
	if (board_init(&p->job.b, p->n) < 0)
		return;
	for (size_t i = 0; i < p->b.pos.count; i++)
		board_place(&p->job.b, p->b.pos.sq[i]);
	p->job.table = p->table;
	if (task_start(&p->job.task, judge_run, &p->job, judge_notify, NULL) != 0)
		board_destroy(&p->job.b);
}

static void play_wake(void *self)
{
	struct play *p = self;

	if (!task_done(&p->job.task))
		return;
	task_join(&p->job.task);
	board_destroy(&p->job.b);
	if (p->job.rc == 0)
		judged(p, &p->job.st, p->job.index, p->job.class_index);
	term_dirty();
}

/* How many solutions and classes n has: known, not counted while one waits. */
static void learn_totals(struct play *p)
{
	if (!known_counts(p->n, &p->total, &p->classes))
		p->total = p->classes = 0;
}

/* The clock of a free game starts again with a new or cleared board. */
static void new_game(struct play *p)
{
	p->started_ms = term_now_ms();
	p->solved_ms = 0;
	p->gave_up = false;
	p->due_ms = 0;
}

/* An empty board of size n (with a puzzle's givens); the history is kept. */
static void resize_board(struct play *p, int n)
{
	judge_stop(p);
	board_destroy(&p->b);
	free(p->cells);
	p->n = n;
	if (board_init(&p->b, n) < 0)
		abort();
	p->cells = calloc((size_t)n * (size_t)n, sizeof *p->cells);
	if (!p->cells)
		abort();
	if (p->is_puzzle)
		puzzle_place_givens(&p->pz, &p->b);
	if (p->cursor.file >= n || p->cursor.rank >= n)
		p->cursor = (struct square){0, n - 1};
	p->bv.first_file = p->bv.first_rank = 0;
	learn_totals(p);
}

/* A new game on an n×n board: its clock starts, and u can take it back. */
static void set_size(struct play *p, int n)
{
	p->cursor = (struct square){0, n - 1};
	resize_board(p, n);
	new_game(p);
	snap_take(p);
	judge_start(p);
}

static struct play *play_new(int n, const struct puzzle *pz, const char *puzzle_id,
                             struct store *store, const struct enum_table *table)
{
	struct play *p = calloc(1, sizeof *p);

	if (!p)
		return NULL;
	p->store = store;
	p->table = table;
	task_init(&p->job.task);
	if (pz) {
		p->is_puzzle = true;
		p->pz = *pz;
		n = pz->n;
		snprintf(p->puzzle_id, sizeof p->puzzle_id, "%s",
		         puzzle_id ? puzzle_id : "");
		p->started_ms = term_now_ms();
		if (store)
			p->has_best = store_best_time(store, p->puzzle_id, &p->best_ms);
	}
	set_size(p, n);
	return p;
}

static void play_free(void *self)
{
	struct play *p = self;

	if (!p)
		return;
	judge_stop(p);
	task_destroy(&p->job.task);
	board_destroy(&p->b);
	hist_free(p);
	free(p->cells);
	free(p);
}

static bool is_given(const struct play *p, struct square sq)
{
	return p->is_puzzle && puzzle_is_given(&p->pz, sq);
}

/* A change to the board: remember it for undo and judge the new position. */
static void changed(struct play *p)
{
	snap_take(p);
	judge_start(p);
}

static void toggle(struct play *p, struct square sq)
{
	if (is_given(p, sq)) {
		snprintf(p->message, sizeof p->message,
		         "That queen is given by the puzzle.");
		return;
	}
	if (board_has(&p->b, sq))
		board_remove(&p->b, sq);
	else
		board_place(&p->b, sq);
	changed(p);
}

static void undo_redo(struct play *p, int step)
{
	if ((step < 0 && p->hist_at == 0) ||
	    (step > 0 && p->hist_at + 1 >= p->hist_len)) {
		snprintf(p->message, sizeof p->message, "Nothing to %s.",
		         step < 0 ? "undo" : "redo");
		return;
	}
	p->hist_at = (size_t)((long)p->hist_at + step);
	snap_restore(p, &p->hist[p->hist_at]);
	judge_start(p);
}

/* The hint is found at once: the work limit keeps the wait under a second. */
static void show_hint(struct play *p)
{
	struct puzzle_hint h;
	char sq[32];

	if (puzzle_hint(&p->b, p->is_puzzle ? &p->pz : NULL, PUZZLE_WORK_LIMIT, NULL,
	                &h) < 0) {
		snprintf(p->message, sizeof p->message,
		         "No hint for a board this large.");
		return;
	}
	board_square_name(h.sq, sq, sizeof sq);
	switch (h.kind) {
	case PUZZLE_HINT_NONE:
		snprintf(p->message, sizeof p->message,
		         "Solved already: no hint needed.");
		break;
	case PUZZLE_HINT_PLACE:
		p->hint = h.sq;
		p->hint_shown = true;
		snprintf(p->message, sizeof p->message,
		         "Hint: a queen on %s keeps it solvable (%d such square%s on its "
		         "file).",
		         sq, h.choices, h.choices == 1 ? "" : "s");
		break;
	case PUZZLE_HINT_REMOVE:
		p->hint = h.sq;
		p->hint_shown = true;
		snprintf(p->message, sizeof p->message,
		         "No completion from here: %s the queen on %s.",
		         h.choices ? "remove" : "start by removing", sq);
		break;
	case PUZZLE_HINT_UNKNOWN:
		snprintf(p->message, sizeof p->message,
		         "No hint: too much work for this position.");
		break;
	}
}

static bool puzzle_unfinished(const struct play *p)
{
	return p->is_puzzle && !p->solved_ms && p->b.pos.count > (size_t)p->pz.ngiven;
}

static void move_cursor(struct play *p, int df, int dr)
{
	int f = p->cursor.file + df, r = p->cursor.rank + dr;

	/* The cursor stops at the edges rather than wrapping. */
	if (f >= 0 && f < p->n)
		p->cursor.file = f;
	if (r >= 0 && r < p->n)
		p->cursor.rank = r;
}

/* The queens by file for Watch to start from; false when two share a file. */
static bool watch_from(struct play *p, struct screen_open *open)
{
	if (!board_ranks(&p->b.pos, p->from, NULL)) {
		snprintf(p->message, sizeof p->message,
		         "Two queens share a file; the search keeps one a file.");
		return false;
	}
	/* An empty board is the search from the start. */
	*open = (struct screen_open){.kind = SCREEN_WATCH,
	                             .n = p->n,
	                             .algo = SEARCH_BACKTRACK,
	                             .goal = SEARCH_ALL,
	                             .given = p->b.pos.count ? p->from : NULL};
	return true;
}

static void clear_board(struct play *p)
{
	if (p->b.pos.count == (size_t)(p->is_puzzle ? p->pz.ngiven : 0)) {
		snprintf(p->message, sizeof p->message, "The board is clear already.");
		return;
	}
	board_clear(&p->b);
	if (p->is_puzzle)
		puzzle_place_givens(&p->pz, &p->b);
	else
		new_game(p);
	changed(p);
	snprintf(p->message, sizeof p->message, "Cleared; u brings it back.");
}

/*
 * Gives up: a solution that keeps the puzzle's givens, or the queens on the
 * board when some solution does (else one without them).  It counts as
 * neither found nor timed, and u takes it back.
 */
static void give_up(struct play *p)
{
	int base[PUZZLE_MAX_N], out[PUZZLE_MAX_N], rc;
	bool kept = false,
	     had = p->b.pos.count > (size_t)(p->is_puzzle ? p->pz.ngiven : 0);

	if (p->judged && p->st.solved) {
		snprintf(p->message, sizeof p->message, "Solved already.");
		return;
	}
	if (p->is_puzzle) {
		memcpy(base, p->pz.given, sizeof *base * (size_t)p->n);
		kept = true;
	} else if (board_ranks(&p->b.pos, base, NULL)) {
		kept = p->b.pos.count > 0;
	} else {
		for (int f = 0; f < p->n; f++)
			base[f] = -1;
	}
	rc = puzzle_complete(p->n, base, PUZZLE_WORK_LIMIT, out);
	if (rc <= 0 && kept && !p->is_puzzle) {
		for (int f = 0; f < p->n; f++)
			base[f] = -1;
		kept = false;
		rc = puzzle_complete(p->n, base, PUZZLE_WORK_LIMIT, out);
	}
	if (rc <= 0) {
		snprintf(p->message, sizeof p->message,
		         rc < 0 ? "No solution found within the work limit."
		                : "The %dx%d board has no solution.",
		         p->n, p->n);
		return;
	}
	board_clear(&p->b);
	for (int f = 0; f < p->n; f++)
		board_place(&p->b, (struct square){f, out[f]});
	p->gave_up = true;
	changed(p);
	snprintf(p->message, sizeof p->message,
	         "%s; it is not counted as found. u takes it back.",
	         p->is_puzzle ? "The puzzle's solution"
	         : kept       ? "A solution with your queens"
	         : had        ? "No solution keeps your queens; here is one"
	                      : "A solution");
}

static void resize(struct play *p, int d)
{
	int n = p->n + d;

	if (p->is_puzzle)
		snprintf(p->message, sizeof p->message, "A puzzle keeps its size.");
	else if (n < PLAY_MIN_N || n > PLAY_MAX_N)
		snprintf(p->message, sizeof p->message, "Boards go from %d to %d.",
		         PLAY_MIN_N, PLAY_MAX_N);
	else
		set_size(p, n);
}

static enum screen_reply play_event(void *self, const struct input_event *ev,
                                    struct screen_open *open)
{
	struct play *p = self;
	struct square sq;

	if (p->confirm_leave) {
		p->confirm_leave = false;
		p->message[0] = '\0';
		if (ev->kind == INPUT_KEY && ev->key == INPUT_KEY_CHAR &&
		    (ev->codepoint == 'y' || ev->codepoint == 'Y'))
			return SCREEN_CLOSE;
		return SCREEN_STAY;
	}
	p->message[0] = '\0';
	switch (keymap_action(&keys, ev)) {
	case PLAY_UP:
		move_cursor(p, 0, 1);
		break;
	case PLAY_DOWN:
		move_cursor(p, 0, -1);
		break;
	case PLAY_LEFT:
		move_cursor(p, -1, 0);
		break;
	case PLAY_RIGHT:
		move_cursor(p, 1, 0);
		break;
	case PLAY_FIRST_FILE:
		p->cursor.file = 0;
		break;
	case PLAY_LAST_FILE:
		p->cursor.file = p->n - 1;
		break;
	case PLAY_TOP_RANK:
		p->cursor.rank = p->n - 1;
		break;
	case PLAY_BOTTOM_RANK:
		p->cursor.rank = 0;
		break;
	case PLAY_TOGGLE:
		toggle(p, p->cursor);
		break;
	case PLAY_CLICK:
		if (boardview_hit(&p->bv, ev->line, ev->col, &sq)) {
			p->cursor = sq;
			toggle(p, sq);
		}
		break;
	case PLAY_UNDO:
		undo_redo(p, -1);
		break;
	case PLAY_REDO:
		undo_redo(p, 1);
		break;
	case PLAY_CLEAR:
		clear_board(p);
		break;
	case PLAY_SMALLER:
	case PLAY_LARGER:
		resize(p, ev->codepoint == '[' || ev->codepoint == '-' ? -1 : 1);
		break;
	case PLAY_HINT:
		show_hint(p);
		break;
	case PLAY_WATCH:
		return watch_from(p, open) ? SCREEN_OPEN : SCREEN_STAY;
	case PLAY_BROWSE:
		if (p->judged && p->st.solved && p->index) {
			*open = (struct screen_open){
			        .kind = SCREEN_BROWSE, .n = p->n, .index = p->index};
			return SCREEN_OPEN;
		}
		snprintf(p->message, sizeof p->message,
		         p->judged && p->st.solved
		                 ? "Still finding its number; b again soon."
		                 : "b browses from a solved board.");
		break;
	case PLAY_HIDE_HINT:
		p->hint_shown = false;
		break;
	case PLAY_GIVE_UP:
		give_up(p);
		break;
	case PLAY_NEXT_PUZZLE:
		if (p->is_puzzle && p->solved_ms && p->next_id[0]) {
			*open = (struct screen_open){.kind = SCREEN_PLAY,
			                             .n = p->next.n,
			                             .puzzle = &p->next,
			                             .puzzle_id = p->next_id};
			return SCREEN_REPLACE;
		}
		snprintf(p->message, sizeof p->message,
		         p->is_puzzle && p->solved_ms ? "That was the last puzzle."
		                                      : "n opens the next puzzle once "
		                                        "this one is solved.");
		break;
	case PLAY_LEAVE:
		if (puzzle_unfinished(p)) {
			p->confirm_leave = true;
			snprintf(p->message, sizeof p->message,
			         "Leave this puzzle unsolved? y leaves, any other key "
			         "stays.");
			break;
		}
		return SCREEN_CLOSE;
	default:
		break;
	}
	return SCREEN_STAY;
}

/* The queens of a solved board light up by file over about 0.6 s. */
static int lit_step_ms(const struct play *p)
{
	return 600 / p->n > 25 ? 600 / p->n : 25;
}

/* How many files of a solved board are lit; all at once without colour. */
static int lit_count(const struct play *p)
{
	long long el = term_now_ms() - p->lit_ms;

	if (!p->lit_ms)
		return 0;
	if (!theme_has_color() || el / lit_step_ms(p) + 1 >= p->n)
		return p->n;
	return (int)(el / lit_step_ms(p)) + 1;
}

/*
 * When the screen next changes by itself: the next file of a solved board
 * to light up, else the clock's next second; -1 for never.
 */
static long long next_change_ms(const struct play *p)
{
	long long now = term_now_ms();

	if (p->lit_ms && lit_count(p) < p->n)
		return p->lit_ms + (long long)lit_count(p) * lit_step_ms(p);
	if (p->solved_ms)
		return -1;
	return p->started_ms + ((now - p->started_ms) / 1000 + 1) * 1000;
}

/* Zero once the change drawn last is due, so that the loop ticks. */
static long play_timer_ms(void *self)
{
	struct play *p = self;
	long long at;

	if (!p->due_ms)
		p->due_ms = next_change_ms(p);
	if (p->due_ms < 0)
		return -1;
	at = p->due_ms - term_now_ms();
	return at > 0 ? (long)at : 0;
}

static void play_tick(void *self)
{
	struct play *p = self;

	p->due_ms = 0;
	term_dirty();
}

/* Marks each square for the renderer from the position and the cursor. */
static void fill_cells(struct play *p)
{
	struct board_conflict c[64];
	size_t nc, n = (size_t)p->n;
	int lit = lit_count(p);

	memset(p->cells, 0, n * n * sizeof *p->cells);
	/* A solved board is the queens alone, lit as they light up. */
	if (lit > 0) {
		for (size_t i = 0; i < p->b.pos.count; i++) {
			struct square sq = p->b.pos.sq[i];

			p->cells[sq.file * p->n + sq.rank] |=
			        BV_QUEEN | (sq.file < lit ? BV_SOLVED : 0) |
			        (is_given(p, sq) ? BV_LOCKED : 0);
		}
		return;
	}
	for (int f = 0; f < p->n; f++) {
		for (int r = 0; r < p->n; r++) {
			struct square sq = {f, r};
			uint16_t *cell = &p->cells[f * p->n + r];

			if (board_has(&p->b, sq)) {
				*cell |= BV_QUEEN;
				if (board_attackers(&p->b, sq) > 0)
					*cell |= BV_CONFLICT;
				if (is_given(p, sq))
					*cell |= BV_LOCKED;
			} else if (board_attackers(&p->b, sq) > 0) {
				*cell |= BV_ATTACKED;
			}
			/* The four lines through the cursor, as a preview. */
			if ((f == p->cursor.file && r == p->cursor.rank) ||
			    board_same_line(sq, p->cursor, NULL))
				*cell |= BV_PREVIEW;
		}
	}
	/* The squares between two queens in conflict show the line they share. */
	nc = board_conflicts(&p->b.pos, c, sizeof c / sizeof c[0]);
	for (size_t i = 0; i < nc && i < sizeof c / sizeof c[0]; i++) {
		struct square between[PUZZLE_MAX_N];
		int k = board_between(c[i].a, c[i].b, between, PUZZLE_MAX_N);

		for (int j = 0; j < k; j++)
			p->cells[between[j].file * p->n + between[j].rank] |=
			        BV_CONFLICT_LINE;
	}
	if (p->hint_shown)
		p->cells[p->hint.file * p->n + p->hint.rank] |= BV_HINT;
}

/*
 * Where the status goes: drawn from (y, x) in w columns, each line wrapped
 * at words, or only counted, for the layout.  In h lines (0: as many as it
 * takes) what does not fit is left out from the end, so that a small window
 * keeps the lines that matter most; core counts those (the queens, the
 * conflicts, whether it is solvable).
 */
struct status_out {
	int y, x, w;
	bool draw;
	int lines;
	int h;
	int core;
};

static void status_line(struct status_out *o, int attr, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

static void status_line(struct status_out *o, int attr, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int h;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	h = text_wrap_height(o->w, 2, buf);
	if (o->h && o->lines + h > o->h)
		o->h = o->lines; /* nothing after a line left out */
	else if (o->draw)
		text_wrap(&(int){o->y + o->lines}, o->x, o->w, 2, attr, "%s", buf);
	o->lines += h;
}

static void draw_status(struct play *p, struct status_out *o)
{
	struct board_conflict c;
	size_t conflicts = board_conflicts(&p->b.pos, &c, 1);

	status_line(o, A_NORMAL, "Queens: %zu of %d", p->b.pos.count, p->n);
	if (conflicts) {
		char a[16], b[16];

		board_square_name(c.a, a, sizeof a);
		board_square_name(c.b, b, sizeof b);
		status_line(o, theme_attr(THEME_BAD), "Conflicts: %zu (%s-%s %s)",
		            conflicts, a, b, board_line_name(c.line));
	} else {
		status_line(o, A_NORMAL, "Conflicts: none");
	}
	if (!p->judged)
		status_line(o, theme_attr(THEME_DIMMED), "Solvable: counting...");
	else if (p->st.solved)
		status_line(o, theme_attr(THEME_GOOD), "Solved!");
	else if (p->st.completable)
		/* Past the work limit the count is what was found by then. */
		status_line(o, theme_attr(THEME_GOOD),
		            "Solvable: yes, %s%" PRIu64 " completion%s%s",
		            p->st.unfinished ? "at least " : "", p->st.completions,
		            p->st.completions == 1 ? "" : "s",
		            p->st.unfinished ? " (count stopped)" : "");
	else if (p->st.unfinished)
		status_line(o, theme_attr(THEME_DIMMED),
		            "Solvable: unknown (too much work)");
	else
		status_line(o, theme_attr(THEME_BAD), "Solvable: no");
	o->core = o->lines;
	if (p->judged && p->st.solved) {
		if (p->index && p->total)
			status_line(o, theme_attr(THEME_GOOD),
			            "solution #%" PRIu64 " of %" PRIu64 " (b: browse)",
			            p->index, p->total);
		if (p->class_index && p->classes)
			status_line(o, A_NORMAL, "class %" PRIu64 " of %" PRIu64 ", %s",
			            p->class_index, p->classes, sym_name(p->transform));
	}
	if (p->store && p->total) {
		status_line(o, A_NORMAL,
		            "found %zu of %" PRIu64 ", %zu of %" PRIu64 " classes",
		            store_found(p->store, STORE_SOLUTIONS, p->n), p->total,
		            store_found(p->store, STORE_CLASSES, p->n), p->classes);
	}
	if (p->is_puzzle) {
		char t[32], best[32] = "none";
		long long end = p->solved_ms ? p->solved_ms : term_now_ms();

		o->lines++;
		status_line(o, theme_attr(THEME_TITLE), "Puzzle: %s", p->pz.title);
		format_time((long)((end - p->started_ms) / 1000), t, sizeof t);
		if (p->has_best)
			format_time((long)(p->best_ms / 1000), best, sizeof best);
		status_line(o, A_NORMAL, "%s, time %s, best %s",
		            puzzle_grade_name(p->pz.grade), t, best);
		if (p->solved_ms && p->next_id[0])
			status_line(o, theme_attr(THEME_GOOD), "n: the next puzzle, %s",
			            p->next_id);
	} else {
		char t[32];
		long long end = p->solved_ms ? p->solved_ms : term_now_ms();

		/* A free game is timed too, from its new or cleared board. */
		format_time((long)((end - p->started_ms) / 1000), t, sizeof t);
		status_line(o, p->solved_ms ? theme_attr(THEME_GOOD) : (int)A_NORMAL,
		            "time %s%s", t, p->gave_up ? " (gave up)" : "");
	}
}

static void play_min_size(const void *self, int *lines, int *cols)
{
	(void)self;
	/* Title, a few ranks of board, five status lines and the key line. */
	*lines = 12;
	*cols = 40;
}

/* The status's lines in a column of that width: as they are, and room for more. */
static void status_measure(const void *ctx, int width, int *min, int *pref)
{
	struct status_out o = {.w = width};

	draw_status((struct play *)ctx, &o);
	*min = o.core;
	/* A solved board says two lines more: room kept, so that the board stays. */
	*pref = o.lines < STATUS_LINES ? STATUS_LINES : o.lines;
}

static int board_fit(void *ctx, int h, int w, struct layout_size *got)
{
	return boardview_fit(ctx, h, w, &got->h, &got->w);
}

/* A narrow window drops the program's name from the title first. */
static void draw_title(const struct play *p)
{
	char title[128];

	snprintf(title, sizeof title, "nqueens - Play %dx%d%s", p->n, p->n,
	         p->is_puzzle ? " puzzle" : "");
	if (text_width(title) > COLS)
		snprintf(title, sizeof title, "Play %dx%d%s", p->n, p->n,
		         p->is_puzzle ? " puzzle" : "");
	text_cut(title, COLS);
	text_put(0, 0, theme_attr(THEME_TITLE), title);
}

/*
 * The board and the status beside it or under it, by the layout: the board
 * whole first, then the status, then the board readable (squares two
 * lines tall), and the rest to the board.  A tall window keeps the line above the key
 * line for messages.
 */
static void play_draw(void *self)
{
	static const struct layout_arrangement where[] = {{{1}}, {{0}}};
	struct play *p = self;
	struct layout_rect area = {1, 0, LINES - 2 - (LINES >= 24), COLS};
	struct layout_board b;
	struct layout_panel status = {.present = true,
	                              .prio = 1,
	                              .min_w = STATUS_MIN_W,
	                              .pref_w = STATUS_W,
	                              .measure = status_measure,
	                              .ctx = p};
	const char *hints[32];

	fill_cells(p);
	draw_title(p);
	p->bv.n = p->n;
	p->bv.cells = p->cells;
	p->bv.cursor = p->cursor;
	p->bv.show_cursor = true;
	p->bv.top = area.y;
	p->bv.left = area.x;
	layout_board_sizes(&b, area.h, area.w, board_fit, &p->bv);
	/* Play is the board: it reads well with squares two lines tall. */
	b.readable = b.nsizes;
	for (int i = b.whole; i < b.nsizes; i++) {
		if (b.sizes[i].h >= 2 * p->n + 1 && b.sizes[i].w >= 2 * p->n + 1) {
			b.readable = i;
			break;
		}
	}
	/* A board that scrolls at every size reads best with all its files shown. */
	if (b.whole == b.nsizes) {
		int bh, bw;

		boardview_min_size(p->n, &bh, &bw);
		for (int i = 0; i < b.nsizes; i++) {
			if (b.sizes[i].w >= bw) {
				b.readable = i;
				break;
			}
		}
	}
	if (layout_board(&b, &status, 1, where, 2, area, COLS < 60 ? 1 : 2) >= 0) {
		/* Beside each other, the two sit level in the middle of the height. */
		int spare = area.y + area.h - (b.at.y + b.at.h);

		if (status.shown && status.at.x > b.at.x && spare > 1) {
			b.at.y += spare / 2;
			status.at.y += spare / 2;
			if (status.at.y + status.at.h > area.y + area.h)
				status.at.h = area.y + area.h - status.at.y;
		}
		p->bv.top = b.at.y;
		p->bv.left = b.at.x;
		p->bv.height = b.at.h;
		p->bv.width = b.at.w;
		if (boardview_layout(&p->bv) == 0)
			boardview_draw(&p->bv);
	}
	if (status.shown) {
		struct status_out o = {
		        status.at.y, status.at.x, status.at.w, true, 0, status.at.h, 0};

		draw_status(p, &o);
	}
	if (p->message[0])
		text_message(p->message,
		             p->confirm_leave ? theme_attr(THEME_BAD) : (int)A_NORMAL, 3);
	text_keys(hints, keymap_hints(&keys, 0, hints, 32), "? help  q quit");
}

static const struct keymap *play_keys(const void *self)
{
	(void)self;
	return &keys;
}

static const struct screen_ops play_ops = {
        .title = "Play",
        .free = play_free,
        .draw = play_draw,
        .key = play_event,
        .mouse = play_event,
        .wake = play_wake,
        .timer_ms = play_timer_ms,
        .tick = play_tick,
        .min_size = play_min_size,
        .keys = play_keys,
};

int play_open(struct screen *out, const struct screen_open *o,
              const struct screen_env *env, char *err, size_t errlen)
{
	struct play *p = play_new(o->n, o->puzzle, o->puzzle_id, env->store, env->table);

	if (p) {
		p->bell = env->bell;
		p->puzzle_dir = env->puzzle_dir;
	}
	if (!p) {
		snprintf(err, errlen, "Out of memory.");
		return -1;
	}
	*out = (struct screen){&play_ops, p};
	return 0;
}
