/* Browse's model: the solution shown, the totals, jumps and finds, paging, export; no
 * terminal. */
#include "config.h"

#include "tui/browse_model.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/board.h"
#include "tui/browse_work.h"
#include "engine/catalog.h"
#include "engine/known.h"
#include "engine/sheet.h"
#include "engine/store.h"

/* Up to this n, rank and unrank answer within a fraction of a second. */
#define SYNC_MAX_N 16

/* Up to this n every solution is walked at once: 14,200 at most. */
#define WALK_NOW_MAX_N 12

/* Up to this n the totals are counted here, in seconds; above, they are published. */
#define COUNT_HERE_MAX_N 17

/* Up to this n every class is found in the background unasked (seconds). */
#define ALL_CLASSES_MAX_N 16

/* A move this short is walked from a solution at hand rather than counted. */
#define NEAR 4096

static void say(struct browse_model *m, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

static void say(struct browse_model *m, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(m->message, sizeof m->message, fmt, ap);
	va_end(ap);
}

/* ---- what the background is asked ---- */

/* How many classes a page shows, as last laid out. */
static int classes_per_page(const struct browse_model *m)
{
	int per = (m->ccols > 0 ? m->ccols : 1) * (m->crows > 0 ? m->crows : 1);

	return per > BROWSE_PAGE_MAX ? BROWSE_PAGE_MAX : per;
}

/*
 * Tells the worker what the model now waits for.  The demand is made on
 * the stack, so that no request is ever dropped for want of memory; it is
 * zeroed whole, padding too, as the worker compares it byte by byte.
 */
static void demand_update(struct browse_model *m)
{
	struct browse_demand demand, *d = &demand;

	memset(d, 0, sizeof *d);
	d->unrank = m->pending_k;
	if (m->pending_find) {
		d->rank = true;
		memcpy(d->rank_p, m->find_p, sizeof m->find_p);
	}
	if (m->view == BROWSE_VIEW_MEMBERS) {
		for (int i = 0; i < m->nvar; i++) {
			if (m->varidx[i])
				continue;
			d->nvar = m->nvar;
			for (int j = 0; j < m->nvar; j++)
				memcpy(d->var[j], m->var[j].ranks, sizeof d->var[j]);
			break;
		}
	}
	if (m->view == BROWSE_VIEW_CLASSES)
		d->classes = m->csel + 1 + (uint64_t)classes_per_page(m);
	if (m->pending_class > d->classes)
		d->classes = m->pending_class;
	if (m->index && !m->class_index) {
		d->past = true;
		memcpy(d->past_p, m->rep, sizeof m->rep);
	}
	d->all_classes = m->n <= ALL_CLASSES_MAX_N;
	browse_work_ask(m->work, d);
}

/* ---- the solution shown ---- */

static void class_update(struct browse_model *m)
{
	uint64_t i;

	m->orbit = sym_canonical(m->n, m->ranks, m->rep, &m->from_rep);
	m->class_index = 0;
	if (catalog_class_index(m->cat, m->rep, &i) == CATALOG_FOUND)
		m->class_index = i;
}

static void show(struct browse_model *m, uint64_t k, const int *p)
{
	m->index = k;
	memcpy(m->ranks, p, sizeof *p * (size_t)m->n);
	class_update(m);
}

/*
 * Solution #k into p when it comes at once: a short walk from the solution
 * shown or from an end, a quick count, or the catalog.  Returns false when it
 * must be looked for in the background.
 */
static bool solution_now(struct browse_model *m, uint64_t k, int *p)
{
	int q[ENUM_MAX_N];

	if (m->index && (k >= m->index ? k - m->index : m->index - k) <= NEAR) {
		enum_step(m->n, m->ranks, (int64_t)k - (int64_t)m->index, p);
		return true;
	}
	if (k <= NEAR) {
		enum_first(m->n, q);
		enum_step(m->n, q, (int64_t)(k - 1), p);
		return true;
	}
	/* The total is exact (counted or published), so the end is a place too. */
	if (m->total && m->total - k <= NEAR) {
		enum_last(m->n, q);
		enum_step(m->n, q, -(int64_t)(m->total - k), p);
		return true;
	}
	if (m->sync)
		return enum_unrank(m->n, k, m->table, p);
	if (!m->can_jump && catalog_solution(m->cat, k, p) == CATALOG_FOUND)
		return true;
	return false;
}

/* Shows solution #k, or starts looking for it; false (with a message) if it is none. */
static bool go_to(struct browse_model *m, uint64_t k)
{
	int p[ENUM_MAX_N] = {0};

	m->pending_k = 0;
	if (k == 0 || (m->total && k > m->total)) {
		say(m, "Solutions go from 1 to %" PRIu64 ".", m->total);
		return false;
	}
	if (solution_now(m, k, p)) {
		show(m, k, p);
		return true;
	}
	m->pending_k = k;
	m->pending_find = false;
	return true;
}

/* Moves by d solutions, stopping at the ends. */
static void step(struct browse_model *m, int64_t d)
{
	if (d < 0 && m->index <= (uint64_t)-d) {
		if (m->index == 1)
			say(m, "This is the first solution.");
		go_to(m, 1);
	} else if (d > 0 && m->total && m->index + (uint64_t)d > m->total) {
		if (m->index == m->total)
			say(m, "This is the last solution.");
		go_to(m, m->total);
	} else {
		go_to(m, (uint64_t)((int64_t)m->index + d));
	}
}

/* Shows the position p, a solution, whose number is being found or known. */
static void find(struct browse_model *m, const int *p, bool keep_view)
{
	uint64_t k;

	m->pending_k = 0;
	m->pending_find = false;
	m->find_keeps_view = keep_view;
	if (m->sync && enum_rank(m->n, p, m->table, &k)) {
		show(m, k, p);
		if (!keep_view)
			m->view = BROWSE_VIEW_ONE;
		return;
	}
	if (!m->can_jump && catalog_index(m->cat, p, &k) == CATALOG_FOUND) {
		show(m, k, p);
		if (!keep_view)
			m->view = BROWSE_VIEW_ONE;
		return;
	}
	m->pending_find = true;
	memcpy(m->find_p, p, sizeof *p * (size_t)m->n);
}

/* ---- the classes ---- */

/* Chooses class c (1-based), now if it has been found, else when it is. */
static void class_go(struct browse_model *m, uint64_t c)
{
	struct catalog_state st;
	int rep[ENUM_MAX_N];

	m->pending_class = 0;
	if (c == 0)
		c = 1;
	if (m->nclasses && c > m->nclasses)
		c = m->nclasses;
	switch (catalog_class(m->cat, c, rep)) {
	case CATALOG_FOUND:
		m->csel = c - 1;
		break;
	case CATALOG_LATER:
		m->pending_class = c;
		break;
	case CATALOG_NONE:
		catalog_state(m->cat, &st);
		m->csel = st.classes ? st.classes - 1 : 0;
		break;
	}
}

static void members_open(struct browse_model *m)
{
	int rep[ENUM_MAX_N];

	if (catalog_class(m->cat, m->csel + 1, rep) != CATALOG_FOUND)
		return;
	m->nvar = classes_variants(m->n, rep, m->var);
	m->var_class = m->csel + 1;
	/* The turns make the first half of the members, the mirrors the rest. */
	m->mcols = m->nvar > 1 ? m->nvar / 2 : 1;
	m->mrows = m->nvar > 1 ? 2 : 1;
	m->vcols = m->mcols;
	m->vrows = m->mrows;
	m->vper = m->nvar;
	for (int i = 0; i < m->nvar; i++) {
		m->varidx[i] = 0;
		if (m->sync)
			enum_rank(m->n, m->var[i].ranks, m->table, &m->varidx[i]);
		else if (!m->can_jump)
			catalog_index(m->cat, m->var[i].ranks, &m->varidx[i]);
	}
	m->vsel = 0;
	m->view = BROWSE_VIEW_MEMBERS;
}

/* ---- answers from the background ---- */

/* What the walk of the catalog has answered. */
static void resolve_walked(struct browse_model *m)
{
	struct catalog_state st;
	int p[ENUM_MAX_N];
	uint64_t k;

	catalog_state(m->cat, &st);
	/* A whole walk counted both totals as well. */
	if (st.done && m->total_from != BROWSE_FROM_COUNTED) {
		m->total = st.solutions;
		m->total_from = BROWSE_FROM_COUNTED;
	}
	if (st.classes_done && m->classes_from != BROWSE_FROM_COUNTED) {
		m->nclasses = st.classes;
		m->classes_from = BROWSE_FROM_COUNTED;
	}
	if (m->index && !m->class_index &&
	    catalog_class_index(m->cat, m->rep, &k) == CATALOG_FOUND)
		m->class_index = k;
	if (m->pending_class)
		class_go(m, m->pending_class);
	if (m->pending_members && !m->pending_class) {
		m->pending_members = false;
		if (m->view == BROWSE_VIEW_CLASSES)
			members_open(m);
	}
	if (m->pending_k && !m->can_jump) {
		switch (catalog_solution(m->cat, m->pending_k, p)) {
		case CATALOG_FOUND:
			show(m, m->pending_k, p);
			m->pending_k = 0;
			break;
		case CATALOG_NONE:
			say(m,
			    "There is no solution #%" PRIu64 "; there are %" PRIu64 ".",
			    m->pending_k, st.solutions);
			m->pending_k = 0;
			break;
		case CATALOG_LATER:
			break;
		}
	}
	if (m->pending_find && !m->can_jump) {
		switch (catalog_index(m->cat, m->find_p, &k)) {
		case CATALOG_FOUND:
			find(m, m->find_p, m->find_keeps_view);
			say(m, "Found: solution #%" PRIu64 ".", k);
			break;
		case CATALOG_NONE:
			m->pending_find = false;
			break;
		case CATALOG_LATER:
			break;
		}
	}
	if (m->view == BROWSE_VIEW_MEMBERS && !m->can_jump)
		for (int i = 0; i < m->nvar; i++)
			if (!m->varidx[i])
				catalog_index(m->cat, m->var[i].ranks, &m->varidx[i]);
}

/* What the worker has counted with the table. */
static void resolve_counted(struct browse_model *m)
{
	struct browse_answers ans, *a = &ans;

	if (!m->can_jump || !browse_work_answers(m->work, a))
		return;
	if (m->pending_k && a->unrank_k == m->pending_k) {
		if (a->unrank_rc == 1)
			show(m, m->pending_k, a->unrank_p);
		m->pending_k = 0;
	}
	if (m->pending_find && a->rank_valid &&
	    enum_compare(m->n, a->rank_p, m->find_p) == 0) {
		m->pending_find = false;
		if (a->rank_rc == 1) {
			show(m, a->rank_k, m->find_p);
			if (!m->find_keeps_view)
				m->view = BROWSE_VIEW_ONE;
			say(m, "Found: solution #%" PRIu64 ".", a->rank_k);
		}
	}
	if (m->view == BROWSE_VIEW_MEMBERS && a->var_valid && a->nvar == m->nvar &&
	    enum_compare(m->n, a->var0, m->var[0].ranks) == 0)
		for (int i = 0; i < m->nvar; i++)
			m->varidx[i] = a->var_k[i];
}

/* After each action: answers taken in, and the worker told what is wanted now. */
static void settle(struct browse_model *m)
{
	resolve_walked(m);
	resolve_counted(m);
	demand_update(m);
}

void browse_model_news(struct browse_model *m)
{
	struct count_result res;

	if (browse_work_totals(m->work, &res)) {
		m->total = res.total;
		m->total_from = BROWSE_FROM_COUNTED;
		m->nclasses = res.unique;
		m->classes_from = BROWSE_FROM_COUNTED;
	}
	settle(m);
}

/* ---- life ---- */

struct browse_model *browse_model_new(int n, uint64_t index,
                                      const struct enum_table *table,
                                      void (*notify)(void *ctx), void *ctx)
{
	struct browse_model *m = calloc(1, sizeof *m);
	uint64_t total = 0, unique = 0;

	if (!m)
		return NULL;
	m->n = n;
	m->table = table;
	m->cat = catalog_new(n);
	if (!m->cat) {
		free(m);
		return NULL;
	}
	/* Rank and unrank count quickly with the table's counts, or on small boards. */
	m->can_jump = n <= WALK_NOW_MAX_N || (table && table->first[n]);
	m->sync = m->can_jump && n <= SYNC_MAX_N;
	known_counts(n, &total, &unique);
	if (n <= WALK_NOW_MAX_N) {
		struct catalog_state st;

		while (catalog_walk(m->cat, UINT64_MAX))
			;
		catalog_state(m->cat, &st);
		m->total = st.solutions;
		m->nclasses = st.classes;
	} else {
		if (m->can_jump) {
			m->total = enum_total(n, table);
			m->total_from = BROWSE_FROM_TABLE;
		} else {
			m->total = total;
			m->total_from = BROWSE_FROM_PUBLISHED;
		}
		m->nclasses = unique;
		m->classes_from = BROWSE_FROM_PUBLISHED;
	}
	/* Above WALK_NOW_MAX_N the background counts and walks. */
	m->work = browse_work_new(n, m->cat, table, m->can_jump,
	                          n > WALK_NOW_MAX_N && n <= COUNT_HERE_MAX_N,
	                          n > WALK_NOW_MAX_N, notify, ctx);
	if (!m->work) {
		catalog_free(m->cat);
		free(m);
		return NULL;
	}
	if (m->total == 0) {
		say(m, "The %dx%d board has no solution: %s.", n, n,
		    n == 2 ? "any two queens on it attack each other"
		           : "at most two queens fit on it without attacking each other");
		return m;
	}
	if (!go_to(m, 1))
		return m;
	if (index > 1)
		go_to(m, index);
	demand_update(m);
	return m;
}

void browse_model_free(struct browse_model *m)
{
	if (!m)
		return;
	/* The work walks the catalog: it goes first. */
	browse_work_free(m->work);
	catalog_free(m->cat);
	free(m);
}

void browse_model_hush(struct browse_model *m)
{
	m->message[0] = '\0';
}

/* ---- moving ---- */

/* A move of d solutions (classes, members) in the current view. */
static void move_by(struct browse_model *m, int64_t d)
{
	if (m->view == BROWSE_VIEW_CLASSES) {
		int64_t c = (int64_t)m->csel + 1 + d;

		class_go(m, c < 1 ? 1 : (uint64_t)c);
	} else if (m->view == BROWSE_VIEW_MEMBERS) {
		int64_t v = m->vsel + d;

		m->vsel = v < 0 ? 0 : v >= m->nvar ? m->nvar - 1 : (int)v;
	} else {
		step(m, d);
	}
}

void browse_model_step(struct browse_model *m, int64_t d)
{
	if (!m->index)
		return;
	move_by(m, d);
	settle(m);
}

void browse_model_row(struct browse_model *m, int d)
{
	int64_t row = 1;

	if (m->view == BROWSE_VIEW_GALLERY && m->gcols > 0)
		row = m->gcols;
	else if (m->view == BROWSE_VIEW_CLASSES && m->ccols > 0)
		row = m->ccols;
	else if (m->view == BROWSE_VIEW_MEMBERS)
		row = m->mcols; /* from a turn to a mirror */
	browse_model_step(m, d * row);
}

/* d pages of the members: the blocks of their grid, row by row. */
static void members_page_move(struct browse_model *m, int d)
{
	int across = (m->mcols + m->vcols - 1) / m->vcols;
	int at = m->vsel / m->mcols / m->vrows * across + m->vsel % m->mcols / m->vcols;

	/* Past the last page, the last member (below), not that page's first. */
	at = at + d < 0 ? 0 : at + d;
	m->vsel = at / across * m->vrows * m->mcols + at % across * m->vcols;
	if (m->vsel >= m->nvar)
		m->vsel = m->nvar - 1;
}

void browse_model_page(struct browse_model *m, int d)
{
	int64_t page = 10;

	if (m->view == BROWSE_VIEW_MEMBERS) {
		if (m->index && m->vcols > 0 && m->vrows > 0)
			members_page_move(m, d);
		settle(m);
		return;
	}
	if (m->view == BROWSE_VIEW_GALLERY && m->gcols * m->grows > 0)
		page = m->gcols * m->grows;
	else if (m->view == BROWSE_VIEW_CLASSES)
		page = classes_per_page(m);
	browse_model_step(m, d * page);
}

void browse_model_end(struct browse_model *m, bool last)
{
	if (!m->index)
		return;
	if (m->view == BROWSE_VIEW_CLASSES)
		class_go(m, last ? (m->nclasses ? m->nclasses : UINT64_MAX) : 1);
	else if (m->view == BROWSE_VIEW_MEMBERS)
		m->vsel = last ? m->nvar - 1 : 0;
	else
		go_to(m, last ? m->total : 1);
	settle(m);
}

/* ---- jumps and finds ---- */

void browse_model_go(struct browse_model *m, const char *typed)
{
	char *end;
	unsigned long long k;

	if (!m->index)
		return;
	errno = 0;
	k = strtoull(typed, &end, 10);
	if (typed[0] == '\0' || *end != '\0' || typed[0] == '-' || errno == ERANGE) {
		say(m, "A number, please: g 37 Enter.");
	} else if (m->view == BROWSE_VIEW_CLASSES || m->view == BROWSE_VIEW_MEMBERS) {
		m->view = BROWSE_VIEW_CLASSES;
		if (k == 0 || (m->nclasses && k > m->nclasses))
			say(m, "Classes go from 1 to %" PRIu64 ".", m->nclasses);
		else
			class_go(m, k);
	} else {
		go_to(m, k);
	}
	settle(m);
}

/* A position typed for '/', which must be a solution of this board. */
static void find_typed(struct browse_model *m, const char *typed)
{
	struct position pos;
	char err[256];

	if (board_parse(typed, &pos, err, sizeof err) < 0) {
		say(m, "Not a position: %s.", err);
		return;
	}
	if (pos.n != m->n) {
		say(m,
		    "That position has %d file%s; a solution here has %d, a rank for "
		    "each of files a to %c.",
		    pos.n, pos.n == 1 ? "" : "s", m->n, 'a' + m->n - 1);
	} else if (!board_is_solution(&pos)) {
		struct board_conflict c;
		char x[32], y[32];

		if (board_conflicts(&pos, &c, 1) > 0) {
			board_square_name(c.a, x, sizeof x);
			board_square_name(c.b, y, sizeof y);
			say(m, "Not a solution: %s and %s attack each other along %s.", x,
			    y, board_line_phrase(c.line));
		} else {
			say(m, "Not a solution: %zu queens of %d.", pos.count, m->n);
		}
	} else {
		int p[ENUM_MAX_N];

		board_ranks(&pos, p, NULL);
		find(m, p, m->view == BROWSE_VIEW_GALLERY);
		if (!m->pending_find)
			say(m, "Found: solution #%" PRIu64 ".", m->index);
	}
	board_free(&pos);
}

void browse_model_find(struct browse_model *m, const char *typed)
{
	if (!m->index)
		return;
	find_typed(m, typed);
	settle(m);
}

void browse_model_cancel(struct browse_model *m)
{
	if (!m->index)
		return;
	if (m->pending_k || m->pending_find || m->pending_class) {
		m->pending_k = m->pending_class = 0;
		m->pending_find = m->pending_members = false;
		say(m, "Search stopped.");
	} else if (m->view == BROWSE_VIEW_MEMBERS) {
		m->view = BROWSE_VIEW_CLASSES;
	} else if (m->view == BROWSE_VIEW_GALLERY) {
		m->view = BROWSE_VIEW_ONE;
	}
	settle(m);
}

/* ---- views ---- */

/* Opens what the cursor is on: a small board, a class, a member. */
static void open_chosen(struct browse_model *m)
{
	if (m->view == BROWSE_VIEW_GALLERY) {
		m->view = BROWSE_VIEW_ONE;
	} else if (m->view == BROWSE_VIEW_CLASSES) {
		members_open(m);
	} else if (m->view == BROWSE_VIEW_MEMBERS && m->vsel < m->nvar) {
		if (m->varidx[m->vsel]) {
			show(m, m->varidx[m->vsel], m->var[m->vsel].ranks);
			m->view = BROWSE_VIEW_ONE;
		} else {
			find(m, m->var[m->vsel].ranks, false);
		}
	}
}

void browse_model_open(struct browse_model *m)
{
	if (!m->index)
		return;
	open_chosen(m);
	settle(m);
}

void browse_model_open_at(struct browse_model *m, int i)
{
	if (!m->index || i < 0)
		return;
	if (m->view == BROWSE_VIEW_GALLERY && i < m->gcount) {
		if (go_to(m, m->gfirst + (uint64_t)i))
			m->view = BROWSE_VIEW_ONE;
	} else if (m->view == BROWSE_VIEW_CLASSES && i < classes_per_page(m)) {
		struct catalog_state st;
		uint64_t c = browse_model_classes_first(m) + (uint64_t)i;

		catalog_state(m->cat, &st);
		if (c < st.classes) {
			m->csel = c;
			members_open(m);
		}
	} else if (m->view == BROWSE_VIEW_MEMBERS) {
		for (int v = 0; v < m->nvar; v++)
			if (browse_model_member_place(m, v) == i) {
				m->vsel = v;
				open_chosen(m);
				break;
			}
	}
	settle(m);
}

void browse_model_gallery(struct browse_model *m)
{
	if (!m->index)
		return;
	if (m->view == BROWSE_VIEW_ONE)
		m->view = BROWSE_VIEW_GALLERY;
	else if (m->view == BROWSE_VIEW_GALLERY)
		m->view = BROWSE_VIEW_ONE;
	else if (m->view == BROWSE_VIEW_CLASSES)
		m->ctable = !m->ctable;
	else
		say(m, "v shows the classes as boards or as a table; Escape goes back to "
		       "them.");
	settle(m);
}

void browse_model_classes(struct browse_model *m)
{
	if (!m->index)
		return;
	if (m->view == BROWSE_VIEW_CLASSES || m->view == BROWSE_VIEW_MEMBERS) {
		m->view = BROWSE_VIEW_ONE;
	} else {
		m->view = BROWSE_VIEW_CLASSES;
		/* Starts at the class of the solution shown, when its number is known. */
		class_go(m, m->class_index ? m->class_index : 1);
	}
	settle(m);
}

void browse_model_members(struct browse_model *m, uint64_t c)
{
	if (!m->index)
		return;
	m->view = BROWSE_VIEW_CLASSES;
	class_go(m, c);
	if (m->pending_class)
		m->pending_members = true;
	else
		members_open(m);
	settle(m);
}

/* ---- export (the texts and sheets are browse_export's) ---- */

/*
 * The sheet's pages, each as a file: one page under the stem's name, more
 * under STEM-page-1.svg, STEM-page-2.svg, ..., each a name no file has.
 */
static void export_pages(struct browse_model *m, char *stem, size_t stemlen)
{
	char name[160], path[256], first[256], err[512], dir[4096];
	struct sheet sh;

	if (browse_export_svg(m, &sh, stem, stemlen) < 0)
		return;
	if (sh.npages == 1) {
		store_export_told(stem, ".svg", sh.page[0], m->message,
		                  sizeof m->message);
		sheet_free(&sh);
		return;
	}
	if (!getcwd(dir, sizeof dir))
		snprintf(dir, sizeof dir, "the current directory");
	for (int k = 0; k < sh.npages; k++) {
		snprintf(name, sizeof name, "%s-page-%d", stem, k + 1);
		if (store_export_as(name, ".svg", sh.page[k], path, sizeof path, err,
		                    sizeof err) < 0) {
			say(m, "Not exported to %s: %s.", dir, err);
			sheet_free(&sh);
			return;
		}
		if (k == 0)
			snprintf(first, sizeof first, "%s", path);
	}
	say(m, "Written to %s to %s (%d pages) in %s.", first, path, sh.npages, dir);
	sheet_free(&sh);
}

/* Room for the longest export: the handout of the 1787 classes of 12x12. */
#define EXPORT_MAX (2u << 20)

void browse_model_export(struct browse_model *m, bool svg)
{
	char stem[128], said[sizeof m->message];
	char *text = NULL;

	if (!m->index)
		return;
	if (svg) {
		export_pages(m, stem, sizeof stem);
	} else if (!(text = malloc(EXPORT_MAX))) {
		say(m, "Not exported: out of memory.");
	} else if (browse_model_export_text(m, stem, sizeof stem, text, EXPORT_MAX) < 0) {
		free(text);
		text = NULL;
	}
	if (text) {
		store_export_told(stem, svg ? ".svg" : ".txt", text, said, sizeof said);
		say(m, "%s", said);
	}
	free(text);
	settle(m);
}
