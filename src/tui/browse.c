/* The Browse screen: every solution in order, and the classes by symmetry. */
#include "config.h"

#include "browse.h"

#include <curses.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "boardview.h"
#include "classes.h"
#include "enumerate.h"
#include "input.h"
#include "known.h"
#include "store.h"
#include "terminal.h"
#include "theme.h"

/* Up to this n the class number of a solution is found at once. */
#define SYNC_CLASS_MAX_N 10

/* Without the table, counting ahead stops after this long, so keys answer. */
#define BUDGET_MS 150

/* The gallery shows at most this many boards a page. */
#define GALLERY_MAX 128

enum view { VIEW_ONE, VIEW_GALLERY, VIEW_CLASSES, VIEW_VARIANTS };

/* Finds the class number of a solution in the background. */
struct job {
	pthread_t tid;
	bool running;
	atomic_int cancel;
	pthread_mutex_t lock;
	bool done;
	int n, p[ENUM_MAX_N];
	uint64_t result;
	int rc;
};

struct browse {
	int n;
	const struct enum_table *table;
	bool can_jump;        /* solution #k comes without walking to it */
	uint64_t total;       /* solutions; 0 when not known */
	bool total_published; /* from the published table, not counted here */
	uint64_t nclasses;    /* classes; 0 when not known */
	enum view view;
	uint16_t cells[ENUM_MAX_N * ENUM_MAX_N];
	struct boardview bv;

	/* The solution shown, and its class. */
	uint64_t index;
	int ranks[ENUM_MAX_N];
	int rep[ENUM_MAX_N], orbit;
	enum sym from_rep;
	uint64_t class_index; /* 0 while not known */
	struct job job;

	/* Without the table: the solutions walked so far, in order. */
	unsigned char *walked;
	uint64_t nwalked, capwalked;
	struct enum_iter walk;

	/* The representatives found so far, in order, and how the walk stands. */
	unsigned char *reps;
	size_t nreps, capreps;
	struct class_iter scan;
	bool scan_started, scan_done;
	size_t by_orbit[9];
	size_t csel; /* the class chosen, 0-based */

	/* Gallery: the boards of the page. */
	uint64_t gfirst; /* the index of the first board */
	int gcount, gcols;
	int gx0, gy0, gw, gh; /* where the boards are, for the mouse */
	int page[GALLERY_MAX][ENUM_MAX_N];

	/* Variants of the chosen class. */
	struct class_variant var[SYM_COUNT];
	uint64_t varidx[SYM_COUNT]; /* 0 when not known */
	int nvar, vsel;

	/* A number or a position being typed: 'g' or '/', 0 for none. */
	int prompt;
	char input[256];
	size_t ilen;
	char message[600];
};

static const struct help_entry keys[] = {
        {"Right, n", "the next solution (class)"},
        {"Left, p", "the previous one"},
        {"PgDn PgUp", "a page on or back"},
        {"Home End", "the first or the last"},
        {"g", "go to a number (type it, then Enter)"},
        {"/", "find a position (type its ranks, then Enter)"},
        {"v", "one board, or a gallery of small ones"},
        {"Tab, c", "all solutions, or the classes"},
        {"Enter", "open the board or class chosen"},
        {"Escape", "back from a class's variants"},
        {"x", "export the solution or class to a file"},
        {"wheel, click", "page; a click opens a small board"},
        {"?", "this help"},
        {"q", "leave"},
        {"Ctrl-C", "quit at once"},
        {"Ctrl-Z", "suspend"},
        {"Ctrl-L", "redraw the screen"},
};

const struct help_entry *browse_help(size_t *count)
{
	*count = sizeof keys / sizeof keys[0];
	return keys;
}

static void say(struct browse *b, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

static void say(struct browse *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(b->message, sizeof b->message, fmt, ap);
	va_end(ap);
}

/* ---- finding solution #k ---- */

static void walked_add(struct browse *b, const int *p)
{
	if (b->nwalked == b->capwalked) {
		uint64_t cap = b->capwalked ? 2 * b->capwalked : 256;
		unsigned char *q = realloc(b->walked, cap * (uint64_t)b->n);

		if (!q)
			return;
		b->walked = q;
		b->capwalked = cap;
	}
	for (int f = 0; f < b->n; f++)
		b->walked[b->nwalked * (uint64_t)b->n + (uint64_t)f] =
		        (unsigned char)p[f];
	b->nwalked++;
}

/*
 * Solution #k into p.  With the table (or a small board) it is unranked;
 * without, the solutions are walked in order, for BUDGET_MS at a time, and
 * *later is set when #k was not reached yet.
 */
static bool solution_at(struct browse *b, uint64_t k, int *p, bool *later)
{
	*later = false;
	if (k == 0 || (b->total && k > b->total))
		return false;
	if (b->can_jump)
		return enum_unrank(b->n, k, b->table, p);
	long long until = term_now_ms() + BUDGET_MS;
	int q[ENUM_MAX_N];

	while (b->nwalked < k) {
		if (!enum_next(&b->walk, q)) {
			b->total = b->nwalked;
			b->total_published = false;
			return false;
		}
		walked_add(b, q);
		if ((b->nwalked & 1023) == 0 && term_now_ms() > until) {
			*later = true;
			return false;
		}
	}
	for (int f = 0; f < b->n; f++)
		p[f] = b->walked[(k - 1) * (uint64_t)b->n + (uint64_t)f];
	return true;
}

/* ---- the class of the solution shown ---- */

static void *job_run(void *arg)
{
	struct job *j = arg;
	uint64_t k = 0;
	int rc = store_class_index(j->n, j->p, &j->cancel, &k);

	pthread_mutex_lock(&j->lock);
	j->rc = rc;
	j->result = k;
	j->done = true;
	pthread_mutex_unlock(&j->lock);
	term_post();
	return NULL;
}

static void job_stop(struct browse *b)
{
	if (!b->job.running)
		return;
	atomic_store(&b->job.cancel, 1);
	pthread_join(b->job.tid, NULL);
	b->job.running = false;
}

/* The class number from the representatives found so far, if it is there. */
static uint64_t class_lookup(const struct browse *b, const int *rep)
{
	unsigned char key[ENUM_MAX_N];
	size_t lo = 0, hi = b->nreps;

	for (int f = 0; f < b->n; f++)
		key[f] = (unsigned char)rep[f];
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = memcmp(b->reps + mid * (size_t)b->n, key, (size_t)b->n);

		if (c == 0)
			return mid + 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

static void class_update(struct browse *b)
{
	job_stop(b);
	b->orbit = sym_canonical(b->n, b->ranks, b->rep, &b->from_rep);
	b->class_index = class_lookup(b, b->rep);
	if (b->class_index)
		return;
	if (b->n <= SYNC_CLASS_MAX_N) {
		if (store_class_index(b->n, b->ranks, NULL, &b->class_index) < 0)
			b->class_index = 0;
		return;
	}
	b->job.n = b->n;
	memcpy(b->job.p, b->ranks, sizeof b->ranks);
	atomic_store(&b->job.cancel, 0);
	b->job.done = false;
	if (pthread_create(&b->job.tid, NULL, job_run, &b->job) == 0)
		b->job.running = true;
}

void browse_wake(struct browse *b)
{
	bool done;

	if (!b->job.running)
		return;
	pthread_mutex_lock(&b->job.lock);
	done = b->job.done;
	pthread_mutex_unlock(&b->job.lock);
	if (!done)
		return;
	pthread_join(b->job.tid, NULL);
	b->job.running = false;
	if (b->job.rc == 0 && memcmp(b->job.p, b->ranks, sizeof b->ranks) == 0)
		b->class_index = b->job.result;
	term_dirty();
}

/* Shows solution #k; false (with a message) when it cannot be had. */
static bool go_to(struct browse *b, uint64_t k)
{
	int p[ENUM_MAX_N] = {0};
	bool later;

	if (k == 0 || (b->total && k > b->total)) {
		if (b->total)
			say(b, "Solutions go from 1 to %" PRIu64 ".", b->total);
		else
			say(b, "There is no solution #%" PRIu64 ".", k);
		return false;
	}
	if (!solution_at(b, k, p, &later)) {
		if (later)
			say(b,
			    "Walked to #%" PRIu64
			    " so far (no table of counts for %dx%d); "
			    "the same key goes on.",
			    b->nwalked, b->n, b->n);
		else
			say(b,
			    "There is no solution #%" PRIu64 "; there are %" PRIu64 ".",
			    k, b->total);
		return false;
	}
	b->index = k;
	memcpy(b->ranks, p, sizeof p);
	class_update(b);
	return true;
}

/* ---- the classes ---- */

/* Finds representatives until there are want of them, or the budget is spent. */
static bool reps_reach(struct browse *b, size_t want)
{
	long long until = term_now_ms() + BUDGET_MS;
	int rep[ENUM_MAX_N];

	if (!b->scan_started) {
		classes_start(&b->scan, b->n);
		b->scan_started = true;
	}
	while (b->nreps < want && !b->scan_done) {
		if (!classes_next(&b->scan, rep)) {
			b->scan_done = true;
			b->nclasses = b->nreps;
			break;
		}
		if (b->nreps == b->capreps) {
			size_t cap = b->capreps ? 2 * b->capreps : 256;
			unsigned char *q = realloc(b->reps, cap * (size_t)b->n);

			if (!q)
				return false;
			b->reps = q;
			b->capreps = cap;
		}
		for (int f = 0; f < b->n; f++)
			b->reps[b->nreps * (size_t)b->n + (size_t)f] =
			        (unsigned char)rep[f];
		b->nreps++;
		b->by_orbit[sym_canonical(b->n, rep, NULL, NULL)]++;
		if ((b->nreps & 63) == 0 && term_now_ms() > until)
			break;
	}
	return b->nreps >= want;
}

static void rep_ranks(const struct browse *b, size_t i, int *p)
{
	for (int f = 0; f < b->n; f++)
		p[f] = b->reps[i * (size_t)b->n + (size_t)f];
}

/* Moves the class cursor to c (0-based), finding classes up to it. */
static void class_go(struct browse *b, size_t c)
{
	if (b->nclasses && c >= b->nclasses)
		c = b->nclasses - 1;
	if (!reps_reach(b, c + 1)) {
		if (b->scan_done)
			c = b->nreps ? b->nreps - 1 : 0;
		else
			say(b, "Found %zu classes so far; the same key goes on.",
			    b->nreps);
		if (c >= b->nreps)
			c = b->nreps ? b->nreps - 1 : 0;
	}
	b->csel = c;
}

static void variants_open(struct browse *b)
{
	int rep[ENUM_MAX_N];

	if (b->csel >= b->nreps)
		return;
	rep_ranks(b, b->csel, rep);
	b->nvar = classes_variants(b->n, rep, b->var);
	for (int i = 0; i < b->nvar; i++)
		if (!b->can_jump ||
		    !enum_rank(b->n, b->var[i].ranks, b->table, &b->varidx[i]))
			b->varidx[i] = 0;
	b->vsel = 0;
	b->view = VIEW_VARIANTS;
}

/* ---- life ---- */

struct browse *browse_new(int n, uint64_t index, const struct enum_table *table)
{
	struct browse *b = calloc(1, sizeof *b);
	uint64_t total, unique;

	if (!b)
		return NULL;
	b->n = n;
	b->table = table;
	pthread_mutex_init(&b->job.lock, NULL);
	/* Rank and unrank are quick with the table's counts, or on small boards. */
	b->can_jump = n <= 12 || (table && table->first[n]);
	if (b->can_jump) {
		b->total = enum_total(n, table);
	} else if (known_counts(n, &total, &unique)) {
		b->total = total;
		b->total_published = true;
	}
	if (known_counts(n, &total, &unique))
		b->nclasses = unique;
	enum_start(&b->walk, n);
	if (b->total == 0 && b->can_jump) {
		say(b, "The %dx%d board has no solution.", n, n);
		return b;
	}
	if (!go_to(b, index ? index : 1))
		go_to(b, 1);
	return b;
}

void browse_free(struct browse *b)
{
	if (!b)
		return;
	job_stop(b);
	pthread_mutex_destroy(&b->job.lock);
	free(b->walked);
	free(b->reps);
	free(b);
}

void browse_min_size(const struct browse *b, int *lines, int *cols)
{
	(void)b;
	*lines = 12;
	*cols = 50;
}

/* ---- export ---- */

static size_t text_add(char *buf, size_t len, size_t at, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));

static size_t text_add(char *buf, size_t len, size_t at, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (at >= len)
		return at;
	va_start(ap, fmt);
	k = vsnprintf(buf + at, len - at, fmt, ap);
	va_end(ap);
	return k > 0 ? at + (size_t)k : at;
}

/* A board diagram, its ranks and its squares. */
static size_t text_board(char *buf, size_t len, size_t at, int n, const int *p)
{
	char pic[4096], ranks[256], squares[512];

	board_format_picture(n, p, pic, sizeof pic);
	board_format_ranks(n, p, ranks, sizeof ranks);
	board_format_squares(n, p, squares, sizeof squares);
	return text_add(buf, len, at, "%s\nranks:   %s\nsquares: %s\n", pic, ranks,
	                squares);
}

static void export(struct browse *b)
{
	char text[32768], stem[128], path[256], err[512];
	size_t at = 0;

	if (b->view == VIEW_CLASSES || b->view == VIEW_VARIANTS) {
		/* The class chosen, whose members the file lists; the view stays. */
		if (b->view == VIEW_CLASSES) {
			variants_open(b);
			b->view = VIEW_CLASSES;
		}
		snprintf(stem, sizeof stem, "nqueens-%dx%d-class-%zu", b->n, b->n,
		         b->csel + 1);
		at = text_add(
		        text, sizeof text, at,
		        "nqueens: class %zu of the %dx%d board, %d members, symmetry: "
		        "%s\n\n",
		        b->csel + 1, b->n, b->n, b->nvar, classes_symmetry(b->nvar));
		for (int i = 0; i < b->nvar; i++) {
			at = text_add(text, sizeof text, at, "%s",
			              sym_name(b->var[i].from_rep));
			if (b->varidx[i])
				at = text_add(text, sizeof text, at,
				              ", solution #%" PRIu64, b->varidx[i]);
			at = text_add(text, sizeof text, at, "%s:\n",
			              i == 0 ? " (the representative)" : "");
			at = text_board(text, sizeof text, at, b->n, b->var[i].ranks);
			at = text_add(text, sizeof text, at, "\n");
		}
	} else {
		uint64_t k = b->index;
		const int *p = b->ranks;

		if (b->view == VIEW_GALLERY && b->index >= b->gfirst &&
		    b->index < b->gfirst + (uint64_t)b->gcount)
			p = b->page[b->index - b->gfirst];
		snprintf(stem, sizeof stem, "nqueens-%dx%d-solution-%" PRIu64, b->n, b->n,
		         k);
		at = text_add(text, sizeof text, at, "nqueens: solution #%" PRIu64, k);
		if (b->total)
			at = text_add(text, sizeof text, at, " of %" PRIu64, b->total);
		at = text_add(text, sizeof text, at, " on the %dx%d board\n\n", b->n,
		              b->n);
		at = text_board(text, sizeof text, at, b->n, p);
	}
	if (at >= sizeof text) {
		say(b, "Not exported: the text is too long.");
		return;
	}
	if (store_export(stem, text, path, sizeof path, err, sizeof err) < 0)
		say(b, "Not exported: %s.", err);
	else
		say(b, "Written to %s.", path);
}

/* ---- keys ---- */

static void prompt_done(struct browse *b)
{
	int kind = b->prompt;

	b->prompt = 0;
	b->input[b->ilen] = '\0';
	if (kind == 'g') {
		char *end;
		unsigned long long k = strtoull(b->input, &end, 10);

		if (b->ilen == 0 || *end != '\0') {
			say(b, "A number, please: g 37 Enter.");
			return;
		}
		if (b->view == VIEW_CLASSES || b->view == VIEW_VARIANTS) {
			b->view = VIEW_CLASSES;
			if (k == 0 || (b->nclasses && k > b->nclasses)) {
				say(b, "Classes go from 1 to %" PRIu64 ".", b->nclasses);
				return;
			}
			class_go(b, (size_t)k - 1);
		} else {
			go_to(b, k);
		}
		return;
	}
	/* '/': a position, which must be a solution of this board. */
	struct position pos;
	char err[256];

	if (board_parse(b->input, &pos, err, sizeof err) < 0) {
		say(b, "Not a position: %s.", err);
		return;
	}
	if (pos.n != b->n) {
		say(b, "That is a %dx%d position; this board is %dx%d.", pos.n, pos.n,
		    b->n, b->n);
	} else if (!board_is_solution(&pos)) {
		struct board_conflict c;
		char x[32], y[32];

		if (board_conflicts(&pos, &c, 1) > 0) {
			board_square_name(c.a, x, sizeof x);
			board_square_name(c.b, y, sizeof y);
			say(b, "Not a solution: %s and %s attack each other along %s.", x,
			    y,
			    c.line == BOARD_LINE_RANK   ? "the rank"
			    : c.line == BOARD_LINE_FILE ? "the file"
			                                : "a diagonal");
		} else {
			say(b, "Not a solution: %zu queens of %d.", pos.count, b->n);
		}
	} else {
		int p[ENUM_MAX_N];
		uint64_t k;

		for (size_t i = 0; i < pos.count; i++)
			p[pos.sq[i].file] = pos.sq[i].rank;
		if (!b->can_jump) {
			say(b,
			    "Finding a position needs the table of counts, which goes to "
			    "18x18.");
		} else if (enum_rank(b->n, p, b->table, &k)) {
			b->view = b->view == VIEW_GALLERY ? VIEW_GALLERY : VIEW_ONE;
			go_to(b, k);
			say(b, "Found: solution #%" PRIu64 ".", k);
		}
	}
	board_free(&pos);
}

static void prompt_key(struct browse *b, const struct input_event *ev)
{
	if (ev->key == INPUT_KEY_ESCAPE) {
		b->prompt = 0;
	} else if (ev->key == INPUT_KEY_ENTER) {
		prompt_done(b);
	} else if (ev->key == INPUT_KEY_BACKSPACE) {
		if (b->ilen > 0)
			b->ilen--;
	} else if (ev->key == INPUT_KEY_CHAR && !(ev->mods & INPUT_MOD_CTRL) &&
	           ev->codepoint >= ' ' && ev->codepoint < 127 &&
	           b->ilen + 1 < sizeof b->input) {
		b->input[b->ilen++] = (char)ev->codepoint;
	}
}

/* A step of d solutions (classes, variants) in the current view. */
static void step(struct browse *b, long long d)
{
	if (b->view == VIEW_CLASSES) {
		long long c = (long long)b->csel + d;

		class_go(b, c < 0 ? 0 : (size_t)c);
		return;
	}
	if (b->view == VIEW_VARIANTS) {
		int v = b->vsel + (int)d;

		b->vsel = v < 0 ? 0 : v >= b->nvar ? b->nvar - 1 : v;
		return;
	}
	if (d < 0 && b->index <= (uint64_t)-d) {
		if (b->index == 1)
			say(b, "This is the first solution.");
		go_to(b, 1);
		return;
	}
	if (d > 0 && b->total && b->index + (uint64_t)d > b->total) {
		if (b->index == b->total)
			say(b, "This is the last solution.");
		go_to(b, b->total);
		return;
	}
	/* The next one is quickest found by walking on from this one. */
	if (d == 1 && b->can_jump) {
		struct enum_iter it;
		int p[ENUM_MAX_N];

		enum_seek(&it, b->n, b->ranks);
		if (enum_next(&it, p)) {
			b->index++;
			memcpy(b->ranks, p, sizeof p);
			class_update(b);
		} else {
			say(b, "This is the last solution.");
		}
		return;
	}
	go_to(b, (uint64_t)((long long)b->index + d));
}

static void to_end(struct browse *b, bool last)
{
	if (b->view == VIEW_CLASSES) {
		class_go(b, last ? (b->nclasses ? b->nclasses - 1 : SIZE_MAX - 1) : 0);
	} else if (b->view == VIEW_VARIANTS) {
		b->vsel = last ? b->nvar - 1 : 0;
	} else if (!last) {
		go_to(b, 1);
	} else if (b->total && (b->can_jump || !b->total_published)) {
		go_to(b, b->total);
	} else {
		say(b,
		    "The last solution needs the table of counts, which goes to 18x18.");
	}
}

/* Opens what the cursor is on: a small board, a class, a variant. */
static void open_chosen(struct browse *b)
{
	if (b->view == VIEW_GALLERY) {
		b->view = VIEW_ONE;
	} else if (b->view == VIEW_CLASSES) {
		variants_open(b);
	} else if (b->view == VIEW_VARIANTS) {
		if (b->varidx[b->vsel] && go_to(b, b->varidx[b->vsel]))
			b->view = VIEW_ONE;
		else
			say(b,
			    "Its number needs the table of counts, which goes to 18x18.");
	}
}

static void toggle_classes(struct browse *b)
{
	if (b->view == VIEW_CLASSES || b->view == VIEW_VARIANTS) {
		b->view = VIEW_ONE;
		return;
	}
	b->view = VIEW_CLASSES;
	/* Starts at the class of the solution shown, when its number is known. */
	class_go(b, b->class_index ? (size_t)b->class_index - 1 : 0);
}

static void mouse(struct browse *b, const struct input_event *ev)
{
	if (ev->button == INPUT_WHEEL_UP || ev->button == INPUT_WHEEL_DOWN) {
		step(b, ev->button == INPUT_WHEEL_UP ? -1 : 1);
		return;
	}
	if (ev->button != INPUT_BUTTON_LEFT || ev->action != INPUT_PRESS ||
	    b->view != VIEW_GALLERY || b->gw <= 0)
		return;
	int c = (ev->col - b->gx0) / b->gw, r = (ev->line - b->gy0) / b->gh;
	int i = r * b->gcols + c;

	if (ev->col >= b->gx0 && ev->line >= b->gy0 && c < b->gcols && i < b->gcount &&
	    go_to(b, b->gfirst + (uint64_t)i))
		b->view = VIEW_ONE;
}

enum browse_result browse_key(struct browse *b, const struct input_event *ev)
{
	uint32_t c = ev->codepoint;
	int page = b->view == VIEW_GALLERY && b->gcount > 0 ? b->gcount
	           : b->view == VIEW_CLASSES                ? LINES - 7
	                                                    : 10;

	b->message[0] = '\0';
	if (ev->kind == INPUT_MOUSE) {
		mouse(b, ev);
		return BROWSE_STAY;
	}
	if (ev->kind != INPUT_KEY)
		return BROWSE_STAY;
	if (b->prompt) {
		prompt_key(b, ev);
		return BROWSE_STAY;
	}
	if (b->index == 0 && !(ev->key == INPUT_KEY_CHAR && c == 'q'))
		return BROWSE_STAY; /* a board without solutions: nothing to page */
	switch (ev->key) {
	case INPUT_KEY_RIGHT:
		step(b, 1);
		return BROWSE_STAY;
	case INPUT_KEY_LEFT:
		step(b, -1);
		return BROWSE_STAY;
	case INPUT_KEY_DOWN:
		step(b, b->view == VIEW_GALLERY ? b->gcols : 1);
		return BROWSE_STAY;
	case INPUT_KEY_UP:
		step(b, b->view == VIEW_GALLERY ? -b->gcols : -1);
		return BROWSE_STAY;
	case INPUT_KEY_PAGEDOWN:
		step(b, page > 0 ? page : 1);
		return BROWSE_STAY;
	case INPUT_KEY_PAGEUP:
		step(b, -(page > 0 ? page : 1));
		return BROWSE_STAY;
	case INPUT_KEY_HOME:
		to_end(b, false);
		return BROWSE_STAY;
	case INPUT_KEY_END:
		to_end(b, true);
		return BROWSE_STAY;
	case INPUT_KEY_TAB:
		toggle_classes(b);
		return BROWSE_STAY;
	case INPUT_KEY_ENTER:
		open_chosen(b);
		return BROWSE_STAY;
	case INPUT_KEY_ESCAPE:
	case INPUT_KEY_BACKSPACE:
		if (b->view == VIEW_VARIANTS)
			b->view = VIEW_CLASSES;
		else if (b->view == VIEW_GALLERY)
			b->view = VIEW_ONE;
		return BROWSE_STAY;
	case INPUT_KEY_CHAR:
		break;
	default:
		return BROWSE_STAY;
	}
	if (ev->mods & INPUT_MOD_CTRL)
		return BROWSE_STAY;
	switch (c) {
	case 'n':
		step(b, 1);
		break;
	case 'p':
		step(b, -1);
		break;
	case 'g':
	case '/':
		b->prompt = (int)c;
		b->ilen = 0;
		break;
	case 'v':
		if (b->view == VIEW_ONE)
			b->view = VIEW_GALLERY;
		else if (b->view == VIEW_GALLERY)
			b->view = VIEW_ONE;
		else
			say(b,
			    "v shows all solutions as a gallery; Tab goes back to them.");
		break;
	case 'c':
		toggle_classes(b);
		break;
	case ' ':
		open_chosen(b);
		break;
	case 'x':
		export(b);
		break;
	case 'q':
		return BROWSE_LEAVE;
	default:
		break;
	}
	return BROWSE_STAY;
}

/* ---- drawing ---- */

static void fill(struct browse *b, const int *p)
{
	memset(b->cells, 0, sizeof b->cells);
	for (int f = 0; f < b->n; f++)
		b->cells[f * b->n + p[f]] = BV_QUEEN;
}

/* A board at its smallest, with a label above it. */
static void draw_small(struct browse *b, const int *p, int y, int x, int w, int h,
                       const char *label, bool chosen)
{
	struct boardview bv = {0};

	fill(b, p);
	help_line(&y, x, w, chosen ? theme_attr(THEME_SELECTED) : theme_attr(THEME_LABEL),
	          "%s", label);
	bv.n = b->n;
	bv.cells = b->cells;
	bv.top = y;
	bv.left = x;
	bv.width = w;
	bv.height = h - 1;
	if (boardview_layout(&bv) == 0)
		boardview_draw(&bv);
}

static void class_line(struct browse *b, char *buf, size_t len)
{
	if (b->class_index)
		snprintf(buf, len,
		         "class %" PRIu64 " of %" PRIu64 ", %s of the representative",
		         b->class_index, b->nclasses, sym_name(b->from_rep));
	else
		snprintf(buf, len, "class ? (counting), %s of the representative",
		         sym_name(b->from_rep));
}

static void draw_one(struct browse *b)
{
	char line[600], text[512];
	int x, y, width;

	fill(b, b->ranks);
	b->bv.n = b->n;
	b->bv.cells = b->cells;
	b->bv.show_cursor = false;
	b->bv.top = 2;
	b->bv.left = 0;
	b->bv.height = LINES - 5;
	/* The panel keeps room for its longest line, the class. */
	b->bv.width = COLS - 50 > b->n + 3 ? COLS - 50 : b->n + 3;
	if (boardview_layout(&b->bv) == 0)
		boardview_draw(&b->bv);
	x = b->bv.org_x + b->bv.files * b->bv.cw + 3;
	width = COLS - x - 1;
	y = 2;
	help_line(&y, x, width, theme_attr(THEME_TITLE),
	          "Solution %" PRIu64 " / %" PRIu64, b->index, b->total);
	board_format_ranks(b->n, b->ranks, text, sizeof text);
	help_line(&y, x, width, A_NORMAL, "ranks:   %s", text);
	board_format_squares(b->n, b->ranks, text, sizeof text);
	/* Squares wrap between squares on a narrow panel. */
	const char *rest = text;
	bool first = true;

	while (*rest && y < LINES - 3) {
		int room = width - 9, cut = (int)strlen(rest);

		if (room < 4)
			break;
		if (cut > room) {
			cut = room;
			while (cut > 0 && rest[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = room;
		}
		help_line(&y, x, width, A_NORMAL, "%s%.*s",
		          first ? "squares: " : "         ", cut, rest);
		rest += cut;
		rest += strspn(rest, " ");
		first = false;
	}
	y++;
	class_line(b, line, sizeof line);
	help_line(&y, x, width, theme_attr(THEME_KEY), "%s", line);
	board_format_ranks(b->n, b->rep, text, sizeof text);
	help_line(&y, x, width, A_NORMAL, "representative: %s", text);
	help_line(&y, x, width, A_NORMAL, "members: %d, symmetry: %s", b->orbit,
	          classes_symmetry(b->orbit));
}

static void draw_gallery(struct browse *b)
{
	int h, w, rows, cols;
	char label[64];
	bool later;

	boardview_min_size(b->n, &h, &w);
	w = w < 8 ? 8 : w;
	h += 1; /* the label */
	cols = (COLS + 2) / (w + 2);
	rows = (LINES - 4) / h;
	cols = cols < 1 ? 1 : cols;
	rows = rows < 1 ? 1 : rows;
	int per = cols * rows > GALLERY_MAX ? GALLERY_MAX : cols * rows;

	/* The page that holds the chosen solution. */
	uint64_t first = (b->index - 1) / (uint64_t)per * (uint64_t)per + 1;

	if (first != b->gfirst || b->gcount == 0 || per != b->gcount) {
		struct enum_iter it;
		int count = 0;

		if (solution_at(b, first, b->page[0], &later)) {
			count = 1;
			enum_seek(&it, b->n, b->page[0]);
			while (count < per &&
			       (!b->total || first + (uint64_t)count <= b->total) &&
			       enum_next(&it, b->page[count]))
				count++;
		}
		b->gfirst = first;
		b->gcount = count;
	}
	b->gcols = cols;
	b->gx0 = 0;
	b->gy0 = 2;
	b->gw = w + 2;
	b->gh = h;
	for (int i = 0; i < b->gcount; i++) {
		uint64_t k = b->gfirst + (uint64_t)i;

		snprintf(label, sizeof label, "#%" PRIu64, k);
		draw_small(b, b->page[i], 2 + (i / cols) * h, (i % cols) * (w + 2), w, h,
		           label, k == b->index);
	}
	snprintf(label, sizeof label, " Solutions %" PRIu64 "-%" PRIu64 " of %" PRIu64,
	         b->gfirst, b->gfirst + (uint64_t)b->gcount - 1, b->total);
	help_put(1, 0, A_NORMAL, label);
}

static void draw_classes(struct browse *b)
{
	int rows = LINES - 7, y = 3;
	size_t first;
	char text[256];

	if (rows < 1)
		return;
	reps_reach(b, b->csel + (size_t)rows);
	first = b->csel / (size_t)rows * (size_t)rows;
	if (b->scan_done) {
		int at = 0;

		const char *sep = "";

		at += snprintf(text + at, sizeof text - (size_t)at,
		               " %zu class%s:", b->nreps, b->nreps == 1 ? "" : "es");
		for (int o = 8; o >= 1; o /= 2) {
			if (!b->by_orbit[o])
				continue;
			at += snprintf(text + at, sizeof text - (size_t)at,
			               "%s %zu of %d member%s", sep, b->by_orbit[o], o,
			               o == 1 ? "" : "s");
			sep = ",";
		}
	} else {
		snprintf(text, sizeof text, " %" PRIu64 " classes%s; %zu found so far",
		         b->nclasses, b->nclasses ? " (published)" : "", b->nreps);
	}
	help_put(1, 0, A_NORMAL, text);
	help_line(&(int){2}, 0, COLS, theme_attr(THEME_LABEL), " %8s  %-*s  %7s  %s",
	          "class", 3 * b->n, "representative", "members", "symmetry");
	for (size_t i = first; i < b->nreps && y < 3 + rows; i++) {
		int rep[ENUM_MAX_N], orbit;

		rep_ranks(b, i, rep);
		orbit = sym_canonical(b->n, rep, NULL, NULL);
		board_format_ranks(b->n, rep, text, sizeof text);
		help_line(&y, 0, COLS,
		          i == b->csel ? theme_attr(THEME_SELECTED) : (int)A_NORMAL,
		          " %8zu  %-*s  %7d  %s", i + 1, 3 * b->n, text, orbit,
		          classes_symmetry(orbit));
	}
}

static void draw_variants(struct browse *b)
{
	int h, w, cols;
	char label[64];

	boardview_min_size(b->n, &h, &w);
	w = w < 16 ? 16 : w;
	h += 1;
	cols = (COLS + 2) / (w + 2);
	cols = cols < 1 ? 1 : cols;
	snprintf(label, sizeof label, " Class %zu: %d members, symmetry: %s", b->csel + 1,
	         b->nvar, classes_symmetry(b->nvar));
	help_put(1, 0, A_NORMAL, label);
	for (int i = 0; i < b->nvar; i++) {
		int y = 3 + (i / cols) * (h + 1);

		if (y + h > LINES - 3)
			break;
		if (b->varidx[i])
			snprintf(label, sizeof label, "%s #%" PRIu64,
			         sym_name(b->var[i].from_rep), b->varidx[i]);
		else
			snprintf(label, sizeof label, "%s", sym_name(b->var[i].from_rep));
		draw_small(b, b->var[i].ranks, y, (i % cols) * (w + 2), w, h, label,
		           i == b->vsel);
	}
}

void browse_draw(struct browse *b)
{
	static const char *const names[] = {"all solutions", "gallery", "classes",
	                                    "a class"};
	char title[160];

	snprintf(title, sizeof title, "nqueens - Browse %dx%d: %s%s", b->n, b->n,
	         names[b->view],
	         b->total_published ? " (total from the published table)" : "");
	help_put(0, 0, theme_attr(THEME_TITLE), title);
	if (b->index == 0) {
		help_put(2, 0, A_NORMAL, b->message);
	} else {
		switch (b->view) {
		case VIEW_ONE:
			draw_one(b);
			break;
		case VIEW_GALLERY:
			draw_gallery(b);
			break;
		case VIEW_CLASSES:
			draw_classes(b);
			break;
		case VIEW_VARIANTS:
			draw_variants(b);
			break;
		}
	}
	if (b->prompt) {
		char line[300];

		snprintf(line, sizeof line, "%s%.*s_",
		         b->prompt == 'g' ? "Go to number: " : "Find ranks: ",
		         (int)b->ilen, b->input);
		help_put(LINES - 2, 0, theme_attr(THEME_KEY), line);
	} else if (b->message[0] && b->index) {
		help_put(LINES - 2, 0, A_NORMAL, b->message);
	}
	attrset(theme_attr(THEME_STATUS));
	mvhline(LINES - 1, 0, ' ', COLS);
	help_put(
	        LINES - 1, 0, theme_attr(THEME_STATUS),
	        b->view == VIEW_CLASSES ? " Up/Down class  Enter its variants  Tab "
	                                  "solutions  x export  q quit"
	        : b->view == VIEW_VARIANTS
	                ? " Left/Right variant  Enter open  Esc classes  x export  q quit"
	                : " Left/Right page  g go  / find  v gallery  Tab classes  ? "
	                  "help  q "
	                  "quit");
}
