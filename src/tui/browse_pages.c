/* What Browse's views read of the model: the page of each view, and notes on the work. */
#include "config.h"

#include "tui/browse_model.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "engine/board.h"
#include "tui/browse_work.h"
#include "engine/catalog.h"
#include "engine/store.h"

/* ---- pages ---- */

int browse_model_gallery_page(struct browse_model *m, int cols, int rows)
{
	int per = cols * rows > BROWSE_PAGE_MAX ? BROWSE_PAGE_MAX : cols * rows;
	uint64_t first;

	m->gcols = cols;
	m->grows = rows;
	if (!m->index || per < 1)
		return m->gcount = 0;
	/* The page that holds the chosen solution, walked from it. */
	first = (m->index - 1) / (uint64_t)per * (uint64_t)per + 1;
	/* The last page ends at the last solution: full, not half empty. */
	if (m->total >= (uint64_t)per && first + (uint64_t)per - 1 > m->total)
		first = m->total - (uint64_t)per + 1;
	if (first != m->gfirst || m->gcount == 0 || m->gcount > per ||
	    (m->gcount < per && first + (uint64_t)m->gcount <= m->total)) {
		struct enum_iter it;
		int count = 1;

		enum_step(m->n, m->ranks, -(int64_t)(m->index - first), m->page[0]);
		enum_seek(&it, m->n, m->page[0]);
		while (count < per &&
		       (!m->total || first + (uint64_t)count <= m->total) &&
		       enum_next(&it, m->page[count]))
			count++;
		m->gfirst = first;
		m->gcount = count;
	}
	return m->gcount;
}

int browse_model_members_page(struct browse_model *m, int cols, int rows)
{
	m->vcols = cols < 1 ? 1 : cols > m->mcols ? m->mcols : cols;
	m->vrows = rows < 1 ? 1 : rows > m->mrows ? m->mrows : rows;
	m->gcols = m->vcols;
	m->grows = m->vrows;
	m->vper = m->vcols * m->vrows;
	return m->vper;
}

int browse_model_member_place(const struct browse_model *m, int i)
{
	int r, c, r0, c0;

	if (i < 0 || i >= m->nvar || m->vcols < 1 || m->vrows < 1)
		return -1;
	/* The page is the block of the grid that holds the member chosen. */
	r0 = m->vsel / m->mcols / m->vrows * m->vrows;
	c0 = m->vsel % m->mcols / m->vcols * m->vcols;
	r = i / m->mcols - r0;
	c = i % m->mcols - c0;
	if (r < 0 || r >= m->vrows || c < 0 || c >= m->vcols)
		return -1;
	return r * m->vcols + c;
}

struct square browse_model_tracked(const struct browse_model *m, int i)
{
	int f = 0, r = m->var[0].ranks[0];

	if (i >= 0 && i < m->nvar)
		sym_apply_square(m->var[i].from_rep, m->n, &f, &r);
	return (struct square){f, r};
}

void browse_model_classes_grid(struct browse_model *m, int cols, int rows)
{
	cols = cols < 1 ? 1 : cols;
	rows = rows < 1 ? 1 : rows;
	if (cols * rows > BROWSE_PAGE_MAX)
		rows = BROWSE_PAGE_MAX / cols > 0 ? BROWSE_PAGE_MAX / cols : 1;
	cols = cols > BROWSE_PAGE_MAX ? BROWSE_PAGE_MAX : cols;
	/* The worker is told at the next news or key. */
	m->ccols = cols;
	m->crows = rows;
}

uint64_t browse_model_classes_first(const struct browse_model *m)
{
	int per = (m->ccols > 0 ? m->ccols : 1) * (m->crows > 0 ? m->crows : 1);
	uint64_t first = m->csel / (uint64_t)per * (uint64_t)per;

	/* The last page ends at the last class: full, not half empty. */
	if (m->nclasses >= (uint64_t)per && first + (uint64_t)per > m->nclasses)
		first = m->nclasses - (uint64_t)per;
	return first;
}

int browse_model_classes_page(const struct browse_model *m, int reps[][ENUM_MAX_N],
                              int *orbits, uint64_t *first, bool *more)
{
	struct catalog_state st;
	struct class_iter ci;
	int count = 0,
	    per = (m->ccols > 0 ? m->ccols : 1) * (m->crows > 0 ? m->crows : 1);

	catalog_state(m->cat, &st);
	*first = browse_model_classes_first(m);
	if (*first < st.classes &&
	    catalog_class(m->cat, *first + 1, reps[0]) == CATALOG_FOUND) {
		count = 1;
		classes_seek(&ci, m->n, reps[0]);
		while (count < per && *first + (uint64_t)count < st.classes &&
		       classes_next(&ci, reps[count]))
			count++;
	}
	for (int i = 0; i < count; i++)
		orbits[i] = sym_canonical(m->n, reps[i], NULL, NULL);
	*more = !st.classes_done;
	return count;
}

/* ---- what the screen says of the background ---- */

void browse_model_classes_head(const struct browse_model *m, char *buf, size_t len)
{
	struct catalog_state st;
	char note[128];
	int permille;

	catalog_state(m->cat, &st);
	if (st.classes_done) {
		int at = snprintf(buf, len, " %" PRIu64 " class%s:", st.classes,
		                  st.classes == 1 ? "" : "es");
		const char *sep = "";

		for (int o = 8; o >= 1; o /= 2) {
			if (!st.by_orbit[o] || at < 0 || (size_t)at >= len)
				continue;
			at += snprintf(buf + at, len - (size_t)at,
			               "%s %" PRIu64 " of %d member%s", sep,
			               st.by_orbit[o], o, o == 1 ? "" : "s");
			sep = ",";
		}
		return;
	}
	note[0] = '\0';
	if (browse_work_counting(m->work, &permille))
		snprintf(note, sizeof note, " (counting: %d%%)", permille / 10);
	else if (m->classes_from == BROWSE_FROM_PUBLISHED)
		snprintf(note, sizeof note, " (published)");
	snprintf(buf, len, " %" PRIu64 " classes%s; %" PRIu64 " found so far, in order",
	         m->nclasses, note, st.classes);
}

void browse_model_totals_note(const struct browse_model *m, char *buf, size_t len)
{
	int permille;

	buf[0] = '\0';
	if (browse_work_counting(m->work, &permille))
		snprintf(buf, len, "counting them here: %d%%", permille / 10);
	else if (m->total_from == BROWSE_FROM_PUBLISHED)
		snprintf(buf, len, "totals from the published table");
	else if (m->classes_from == BROWSE_FROM_PUBLISHED)
		snprintf(buf, len, "number of classes from the published table");
}

/*
 * How far the walk has gone towards position p: a percentage from the
 * table's counts by the first two ranks, else the solutions walked.
 */
static void walk_note(const struct browse_model *m, const int *p, char *buf, size_t len)
{
	struct catalog_state st;
	const struct enum_table *t = m->table;
	int n = m->n;

	catalog_state(m->cat, &st);
	if (t && t->first[n] && t->second[n] && st.solutions) {
		double at = 0, to = 0;

		for (int r = 0; r < st.last[0]; r++)
			at += (double)t->first[n][r];
		for (int r = 0; r < st.last[1]; r++)
			at += (double)t->second[n][st.last[0] * n + r];
		for (int r = 0; r < p[0]; r++)
			to += (double)t->first[n][r];
		for (int r = 0; r < p[1]; r++)
			to += (double)t->second[n][p[0] * n + r];
		if (to > 0) {
			snprintf(buf, len, "%d%%", at >= to ? 99 : (int)(100 * at / to));
			return;
		}
	}
	snprintf(buf, len, "%" PRIu64 " solutions walked", st.solutions);
}

void browse_model_class_note(const struct browse_model *m, char *buf, size_t len)
{
	walk_note(m, m->rep, buf, len);
}

void browse_model_pending_note(const struct browse_model *m, char *buf, size_t len)
{
	char how[64], ranks[256];
	struct catalog_state st;

	buf[0] = '\0';
	if (m->pending_k) {
		catalog_state(m->cat, &st);
		if (m->can_jump)
			snprintf(buf, len,
			         "Finding solution #%" PRIu64
			         ": counting the ones before it (Escape stops)",
			         m->pending_k);
		else
			snprintf(buf, len,
			         "Finding solution #%" PRIu64 ": walked to #%" PRIu64
			         ", %d%% of the way (Escape stops)",
			         m->pending_k, st.solutions,
			         (int)(100.0 * (double)st.solutions /
			               (double)m->pending_k));
	} else if (m->pending_find) {
		board_format_ranks(m->n, m->find_p, ranks, sizeof ranks);
		if (m->can_jump) {
			snprintf(
			        buf, len,
			        "Finding the number of %s: counting the solutions before "
			        "it (Escape stops)",
			        ranks);
		} else {
			walk_note(m, m->find_p, how, sizeof how);
			snprintf(buf, len, "Finding the number of %s: %s (Escape stops)",
			         ranks, how);
		}
	} else if (m->pending_class) {
		catalog_state(m->cat, &st);
		snprintf(buf, len,
		         "Finding class %" PRIu64 ": %" PRIu64
		         " classes found so far (Escape stops)",
		         m->pending_class, st.classes);
	}
}

/* ---- the roles of what the views draw ---- */

/* Adds a line to the panel: its role, its head, its text. */
static void line_add(struct browse_line *l, int *count, enum theme_item role,
                     const char *head, const char *fmt, ...)
        __attribute__((format(printf, 5, 6)));

static void line_add(struct browse_line *l, int *count, enum theme_item role,
                     const char *head, const char *fmt, ...)
{
	struct browse_line *at = &l[(*count)++];
	va_list ap;

	at->role = role;
	at->head = head;
	at->gap = false;
	va_start(ap, fmt);
	vsnprintf(at->text, sizeof at->text, fmt, ap);
	va_end(ap);
}

int browse_model_panel(const struct browse_model *m, struct browse_line *l)
{
	char note[128], ranks[300], squares[600];
	int count = 0;

	line_add(l, &count, THEME_TITLE, "", "Solution %" PRIu64 " / %" PRIu64, m->index,
	         m->total);
	browse_model_totals_note(m, note, sizeof note);
	if (note[0])
		line_add(l, &count, THEME_DIMMED, "", "(%s)", note);
	board_format_ranks(m->n, m->ranks, ranks, sizeof ranks);
	line_add(l, &count, THEME_NORMAL, "ranks:   ", "%s", ranks);
	board_format_squares(m->n, m->ranks, squares, sizeof squares);
	line_add(l, &count, THEME_NORMAL, "squares: ", "%s", squares);
	if (m->class_index)
		line_add(l, &count, THEME_KEY, "",
		         "class %" PRIu64 " of %" PRIu64 ": the representative %s (%s)",
		         m->class_index, m->nclasses, sym_words(m->from_rep),
		         sym_name(m->from_rep));
	else
		line_add(l, &count, THEME_KEY, "",
		         "class ? of %" PRIu64 ": the representative %s (%s)",
		         m->nclasses, sym_words(m->from_rep), sym_name(m->from_rep));
	l[count - 1].gap = true;
	if (!m->class_index) {
		browse_model_class_note(m, note, sizeof note);
		line_add(l, &count, THEME_DIMMED, "", "(finding its number: %s)", note);
	}
	/* What Play found: said only when found, so a fresh player sees no noise. */
	if (browse_model_found(m, m->index))
		line_add(l, &count, THEME_GOOD, "", "You found this solution in Play.");
	else if (m->class_index && browse_model_class_found(m, m->class_index))
		line_add(l, &count, THEME_KEY, "", "You found its class in Play.");
	board_format_ranks(m->n, m->rep, ranks, sizeof ranks);
	line_add(l, &count, THEME_NORMAL, "representative: ", "%s", ranks);
	line_add(l, &count, THEME_NORMAL, "", "%d member%s, %s", m->orbit,
	         m->orbit == 1 ? "" : "s", browse_symmetry_words(m->orbit));
	return count;
}

/* Whether the small board at (as browse_model_caption_roles has it) was found. */
static bool found_at(const struct browse_model *m, uint64_t at)
{
	switch (m->view) {
	case BROWSE_VIEW_CLASSES:
		return browse_model_class_found(m, at + 1);
	case BROWSE_VIEW_MEMBERS:
		return at < SYM_COUNT && browse_model_found(m, m->varidx[at]);
	default:
		return browse_model_found(m, at);
	}
}

void browse_model_caption_roles(const struct browse_model *m, uint64_t at, int orbit,
                                enum theme_item role[2])
{
	bool chosen;

	switch (m->view) {
	case BROWSE_VIEW_CLASSES:
		chosen = at == m->csel;
		/* A class that a turn or a mirror maps onto itself stands out. */
		role[1] = chosen ? THEME_SELECTED : orbit < 8 ? THEME_KEY : THEME_DIMMED;
		break;
	case BROWSE_VIEW_MEMBERS:
		chosen = at == (uint64_t)m->vsel;
		role[1] = THEME_DIMMED;
		break;
	default:
		chosen = at == m->index;
		role[1] = THEME_NORMAL;
		break;
	}
	role[0] = chosen ? THEME_SELECTED : found_at(m, at) ? THEME_GOOD : THEME_LABEL;
}

enum theme_item browse_model_row_role(const struct browse_model *m, uint64_t c)
{
	return c == m->csel                         ? THEME_SELECTED
	       : browse_model_class_found(m, c + 1) ? THEME_GOOD
	                                            : THEME_NORMAL;
}

bool browse_model_found(const struct browse_model *m, uint64_t k)
{
	return m->store && k && store_has(m->store, STORE_SOLUTIONS, m->n, k);
}

bool browse_model_class_found(const struct browse_model *m, uint64_t c)
{
	return m->store && c && store_has(m->store, STORE_CLASSES, m->n, c);
}

size_t browse_model_found_count(const struct browse_model *m)
{
	if (!m->store)
		return 0;
	return store_found(
	        m->store,
	        m->view == BROWSE_VIEW_CLASSES ? STORE_CLASSES : STORE_SOLUTIONS, m->n);
}

bool browse_model_found_any(const struct browse_model *m)
{
	return m->store && (store_found(m->store, STORE_SOLUTIONS, m->n) > 0 ||
	                    store_found(m->store, STORE_CLASSES, m->n) > 0);
}
