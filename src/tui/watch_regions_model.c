/* Watch it reasoned, without a terminal: a regions puzzle solved deduction by
 * deduction, then by plain backtracking search, stepped forward and back. */
#include "config.h"

#include "tui/watch_regions_model.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/boardview.h"

const int wr_speeds[WR_SPEEDS] = {1,   2,   5,    10,    20,     50,     100,
                                  200, 500, 1000, 10000, 100000, 1000000};

uint64_t wr_search_max = 20000000;

static uint16_t bit(int f)
{
	return (uint16_t)(1u << f);
}

/* The state after the first at deductions, replayed from the given queens. */
static void logic_goto(struct watch_regions_model *m, int at)
{
	regions_state_init(&m->st, &m->board);
	for (int i = 0; i < at; i++)
		regions_apply(&m->st, &m->deductions[i]);
	m->logic_at = at;
}

/* The search after at events, replayed from the copy kept before it. */
static void search_goto(struct watch_regions_model *m, uint64_t at)
{
	/* From the copy before the event, so that the event itself is known. */
	uint64_t k = at > 0 ? (at - 1) / WR_SNAP_EVERY : 0;

	if (at > m->search_len)
		at = m->search_len;
	if (k >= m->nsnaps)
		k = m->nsnaps - 1;
	m->s = m->snaps[k];
	memset(&m->ev, 0, sizeof m->ev);
	while (m->s.steps < at)
		if (!regions_search_step(&m->s, &m->ev))
			break;
	m->search_at = at;
}

/* The next deduction applied. */
static void logic_step(struct watch_regions_model *m)
{
	regions_apply(&m->st, &m->deductions[m->logic_at++]);
}

/* Every deduction, to the end of the reasoning. */
static int find_deductions(struct watch_regions_model *m)
{
	struct regions_state st;
	struct regions_deduction d;
	int cap = 64, rc;

	m->deductions = malloc((size_t)cap * sizeof *m->deductions);
	if (!m->deductions)
		return -1;
	regions_state_init(&st, &m->board);
	while ((rc = regions_next_deduction(&st, &d)) == 1) {
		if (m->logic_len == cap) {
			struct regions_deduction *more =
			        realloc(m->deductions, (size_t)cap * 2 * sizeof *more);

			if (!more)
				return -1;
			m->deductions = more;
			cap *= 2;
		}
		m->deductions[m->logic_len++] = d;
		regions_apply(&st, &d);
	}
	m->logic_end = rc;
	if (rc < 0)
		snprintf(m->end_text, sizeof m->end_text, "%s", d.text);
	return 0;
}

/* The whole search once: its length, its first solution and a copy every so often. */
static int run_search(struct watch_regions_model *m)
{
	struct regions_search s;
	struct regions_event ev;
	size_t cap = 16;

	m->snaps = malloc(cap * sizeof *m->snaps);
	if (!m->snaps)
		return -1;
	regions_search_start(&s, &m->board);
	m->snaps[m->nsnaps++] = s;
	for (;;) {
		int more = regions_search_step(&s, &ev);

		if (ev.kind == REGIONS_EV_SOLVED && !m->first_solution) {
			m->first_solution = s.steps;
			memcpy(m->solution, s.queen, sizeof m->solution);
		}
		if (!more)
			break;
		if (s.steps >= wr_search_max) {
			m->search_cut = true;
			break;
		}
		if (s.steps % WR_SNAP_EVERY == 0) {
			if (m->nsnaps == cap) {
				struct regions_search *bigger =
				        realloc(m->snaps, cap * 2 * sizeof *bigger);

				if (!bigger)
					return -1;
				m->snaps = bigger;
				cap *= 2;
			}
			m->snaps[m->nsnaps++] = s;
		}
	}
	m->search_len = s.steps;
	return 0;
}

int watch_regions_model_init(struct watch_regions_model *m, const struct regions_board *b,
                             long long (*clock_ms)(void))
{
	memset(m, 0, sizeof *m);
	m->board = *b;
	m->clock_ms = clock_ms;
	m->speed = WR_SPEED_START;
	if (find_deductions(m) < 0 || run_search(m) < 0) {
		watch_regions_model_free(m);
		return -1;
	}
	logic_goto(m, 0);
	search_goto(m, 0);
	return 0;
}

void watch_regions_model_free(struct watch_regions_model *m)
{
	free(m->deductions);
	free(m->snaps);
	m->deductions = NULL;
	m->snaps = NULL;
}

uint64_t watch_regions_model_at(const struct watch_regions_model *m)
{
	return m->phase == WR_LOGIC ? (uint64_t)m->logic_at : m->search_at;
}

uint64_t watch_regions_model_len(const struct watch_regions_model *m)
{
	return m->phase == WR_LOGIC ? (uint64_t)m->logic_len : m->search_len;
}

static void anchor(struct watch_regions_model *m)
{
	m->anchor_ms = m->clock_ms ? m->clock_ms() : 0;
	m->frame_ms = m->anchor_ms;
	m->anchor_at = watch_regions_model_at(m);
}

void watch_regions_model_goto(struct watch_regions_model *m, uint64_t at)
{
	if (m->phase == WR_LOGIC)
		logic_goto(m, at > (uint64_t)m->logic_len ? m->logic_len : (int)at);
	else
		search_goto(m, at);
	anchor(m);
}

/* Playing stops at the end of a phase, with what comes next said. */
static void at_end(struct watch_regions_model *m)
{
	if (watch_regions_model_at(m) < watch_regions_model_len(m))
		return;
	m->playing = false;
	snprintf(m->message, sizeof m->message, "%s",
	         m->phase == WR_LOGIC
	                 ? "The reasoning is over: Right or Tab, the plain search."
	                 : "The search is over: Tab, the reasoning again.");
}

void watch_regions_model_forward(struct watch_regions_model *m)
{
	m->message[0] = '\0';
	if (m->phase == WR_LOGIC && m->logic_at == m->logic_len) {
		m->phase = WR_SEARCH;
		search_goto(m, 0);
	} else if (m->phase == WR_LOGIC) {
		logic_step(m);
	} else if (m->search_at < m->search_len) {
		regions_search_step(&m->s, &m->ev);
		m->search_at++;
	}
	anchor(m);
	at_end(m);
}

void watch_regions_model_back(struct watch_regions_model *m)
{
	m->message[0] = '\0';
	m->playing = false;
	if (m->phase == WR_SEARCH && m->search_at == 0) {
		m->phase = WR_LOGIC;
		logic_goto(m, m->logic_len);
	} else if (m->phase == WR_SEARCH) {
		search_goto(m, m->search_at - 1);
	} else if (m->logic_at > 0) {
		logic_goto(m, m->logic_at - 1);
	}
	anchor(m);
}

void watch_regions_model_restart(struct watch_regions_model *m)
{
	m->message[0] = '\0';
	m->phase = WR_LOGIC;
	logic_goto(m, 0);
	search_goto(m, 0);
	anchor(m);
}

void watch_regions_model_end(struct watch_regions_model *m)
{
	m->message[0] = '\0';
	watch_regions_model_goto(m, watch_regions_model_len(m));
	at_end(m);
}

void watch_regions_model_switch(struct watch_regions_model *m)
{
	m->message[0] = '\0';
	m->phase = m->phase == WR_LOGIC ? WR_SEARCH : WR_LOGIC;
	anchor(m);
}

void watch_regions_model_play(struct watch_regions_model *m)
{
	m->message[0] = '\0';
	m->playing = !m->playing;
	/* Play at the end of the reasoning goes on into the search. */
	if (m->playing && m->phase == WR_LOGIC && m->logic_at == m->logic_len)
		watch_regions_model_forward(m);
	if (m->playing && watch_regions_model_at(m) == watch_regions_model_len(m))
		m->playing = false;
	anchor(m);
}

void watch_regions_model_speed(struct watch_regions_model *m, int d)
{
	if (d < 0 ? m->speed > 0 : m->speed < WR_SPEEDS - 1)
		m->speed += d;
	anchor(m);
	snprintf(m->message, sizeof m->message, "%d steps a second.",
	         wr_speeds[m->speed]);
}

void watch_regions_model_tick(struct watch_regions_model *m)
{
	long long now = m->clock_ms ? m->clock_ms() : 0;
	uint64_t due, at;

	if (!m->playing)
		return;
	m->frame_ms = now;
	due = m->anchor_at +
	      (uint64_t)(now - m->anchor_ms) * (uint64_t)wr_speeds[m->speed] / 1000;
	at = watch_regions_model_at(m);
	if (due <= at)
		return;
	if (m->phase == WR_LOGIC) {
		while (m->logic_at < m->logic_len && (uint64_t)m->logic_at < due)
			logic_step(m);
	} else {
		if (due > m->search_len)
			due = m->search_len;
		while (m->search_at < due) {
			regions_search_step(&m->s, &m->ev);
			m->search_at++;
		}
	}
	at_end(m);
}

long watch_regions_model_timer_ms(const struct watch_regions_model *m)
{
	long long now, at;
	uint64_t next;

	if (!m->playing)
		return -1;
	now = m->clock_ms ? m->clock_ms() : 0;
	next = watch_regions_model_at(m) + 1 - m->anchor_at;
	at = m->anchor_ms +
	     (long long)((next * 1000 + (uint64_t)wr_speeds[m->speed] - 1) /
	                 (uint64_t)wr_speeds[m->speed]);
	/* Fast speeds step many events a frame (25 a second) rather than draw each. */
	at = at > m->frame_ms + 40 ? at : m->frame_ms + 40;
	return at > now ? (long)(at - now) : 0;
}

const struct regions_deduction *
watch_regions_model_deduction(const struct watch_regions_model *m)
{
	if (m->phase != WR_LOGIC || m->logic_at == 0)
		return NULL;
	return &m->deductions[m->logic_at - 1];
}

bool watch_regions_model_queen(const struct watch_regions_model *m, struct square sq)
{
	if (m->phase == WR_LOGIC)
		return m->st.queen[sq.rank] == sq.file;
	return m->s.queen[sq.rank] == sq.file;
}

bool watch_regions_model_struck(const struct watch_regions_model *m, struct square sq)
{
	return m->phase == WR_LOGIC && !watch_regions_model_queen(m, sq) &&
	       !(m->st.free[sq.rank] & bit(sq.file));
}

static bool given(const struct watch_regions_model *m, struct square sq)
{
	return m->board.given[sq.file] == sq.rank;
}

void watch_regions_model_cells(const struct watch_regions_model *m, uint16_t *cells,
                               bool *marked, uint8_t *lit)
{
	const struct regions_deduction *d = watch_regions_model_deduction(m);
	int n = m->board.n;
	bool solved =
	        m->phase == WR_LOGIC
	                ? m->logic_at == m->logic_len && regions_state_solved(&m->st)
	                : m->ev.kind == REGIONS_EV_SOLVED && m->search_at > 0;

	for (int f = 0; f < n; f++)
		for (int r = 0; r < n; r++) {
			struct square sq = {f, r};
			int i = f * n + r;
			uint16_t c = 0;

			if (watch_regions_model_queen(m, sq))
				c |= BV_QUEEN | (given(m, sq) ? BV_LOCKED : 0) |
				     (solved ? BV_SOLVED : 0);
			cells[i] = c;
			marked[i] = watch_regions_model_struck(m, sq);
			lit[i] = BV_LIT_NONE;
			if (!d)
				continue;
			/* Its squares and regions lit; the rows and columns are said in
			 * words. */
			if ((d->uses[r] & bit(f)) ||
			    (d->regions & bit(regions_region(&m->board, sq))))
				lit[i] = BV_LIT_USES;
			if (d->places ? d->queen.file == f && d->queen.rank == r
			              : (d->strikes[r] & bit(f)) != 0)
				lit[i] = d->places ? BV_LIT_PLACES : BV_LIT_STRIKES;
		}
	if (m->phase != WR_SEARCH || m->search_at == 0)
		return;
	/* At the end, the board is empty again: the solution found is shown, lit. */
	if (m->search_at == m->search_len && m->first_solution)
		for (int r = 0; r < n; r++) {
			struct square sq = {m->solution[r], r};

			cells[sq.file * n + r] |=
			        BV_QUEEN | BV_SOLVED | (given(m, sq) ? BV_LOCKED : 0);
		}
	/* The search's last event, as Watch marks a search's. */
	switch (m->ev.kind) {
	case REGIONS_EV_PLACE:
		cells[m->ev.sq.file * n + m->ev.sq.rank] |= BV_TRY;
		break;
	case REGIONS_EV_REJECT:
		cells[m->ev.sq.file * n + m->ev.sq.rank] |= BV_REJECT;
		cells[m->ev.by.file * n + m->ev.by.rank] |= BV_ATTACKER;
		break;
	case REGIONS_EV_BACK:
		cells[m->ev.sq.file * n + m->ev.sq.rank] |= BV_LEFT;
		break;
	default:
		break;
	}
}

static void square_name(struct square sq, char *buf, size_t len)
{
	board_square_name(sq, buf, len);
}

void watch_regions_model_words(const struct watch_regions_model *m, char *buf, size_t len)
{
	const struct regions_deduction *d = watch_regions_model_deduction(m);
	char a[8], b[8];

	if (m->phase == WR_LOGIC) {
		if (d)
			regions_describe(&m->board, d, m->names, buf, len);
		else
			snprintf(buf, len,
			         "The puzzle as given. Each step the easiest deduction "
			         "that applies: no square is tried, none guessed.");
		return;
	}
	if (m->search_at == 0) {
		snprintf(buf, len,
		         "The plain search: rows from 1 up, in each the columns from a "
		         "on; a square is tried against the queens placed below it.");
		return;
	}
	if (m->search_cut && m->search_at == m->search_len) {
		snprintf(buf, len,
		         "The search is stopped here, %" PRIu64 " events on: this "
		         "screen watches no more of it.",
		         m->search_len);
		return;
	}
	square_name(m->ev.sq, a, sizeof a);
	square_name(m->ev.by, b, sizeof b);
	switch (m->ev.kind) {
	case REGIONS_EV_PLACE:
		snprintf(buf, len, "Row %d: a queen on %s%s.", m->ev.sq.rank + 1, a,
		         given(m, m->ev.sq) ? ", the given one" : "");
		break;
	case REGIONS_EV_REJECT:
		snprintf(buf, len, "Row %d: %s refused, %s the queen on %s.",
		         m->ev.sq.rank + 1, a, regions_reason_words(m->ev.reason), b);
		break;
	case REGIONS_EV_SOLVED:
		snprintf(buf, len,
		         "Solved: every row has its queen. The search goes on, to "
		         "show there is no other.");
		break;
	case REGIONS_EV_BACK:
		/* The top row's queen is lifted only past a solution. */
		if (m->ev.sq.rank == m->board.n - 1)
			snprintf(buf, len,
			         "Back, past the solution: the queen on %s is "
			         "lifted.",
			         a);
		else
			snprintf(buf, len,
			         "Back: row %d has no column left; the queen on %s is "
			         "lifted.",
			         m->ev.sq.rank + 2, a);
		break;
	case REGIONS_EV_DONE:
		snprintf(buf, len,
		         "Done: every column of row 1 tried; %" PRIu64 " solution%s in "
		         "all.",
		         m->s.solutions, m->s.solutions == 1 ? "" : "s");
		break;
	}
}

void watch_regions_model_counts(const struct watch_regions_model *m, struct wr_counts *c)
{
	memset(c, 0, sizeof *c);
	c->logic_steps = (uint64_t)m->logic_at;
	for (int i = 0; i < m->logic_at; i++) {
		const struct regions_deduction *d = &m->deductions[i];

		if (d->places)
			c->logic_queens++;
		else
			c->logic_struck += (uint64_t)d->nstrikes;
		if (d->grade <= REGIONS_HARD)
			c->by_grade[d->grade]++;
		c->by_kind[d->kind]++;
	}
	/* The search shown, or the one left at its step when the reasoning is shown. */
	c->search_steps = m->s.steps;
	c->search_queens = m->s.placed;
	c->search_rejects = m->s.rejected;
	c->search_backtracks = m->s.backtracks;
	c->search_solutions = m->s.solutions;
}

static struct wr_line *add(struct wr_panel *p, enum theme_item role, bool gap, bool wrap,
                           const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static struct wr_line *add(struct wr_panel *p, enum theme_item role, bool gap, bool wrap,
                           const char *fmt, ...)
{
	struct wr_line *l;
	va_list ap;

	if (p->count == WR_PANEL_MAX)
		return NULL;
	l = &p->line[p->count++];
	l->role = role;
	l->gap = gap;
	l->wrap = wrap;
	va_start(ap, fmt);
	vsnprintf(l->text, sizeof l->text, fmt, ap);
	va_end(ap);
	return l;
}

/* The words' role: a solution and a reasoning that solves are good news. */
static enum theme_item words_role(const struct watch_regions_model *m)
{
	if (m->phase == WR_LOGIC)
		return THEME_NORMAL;
	if (m->search_at > 0 && m->ev.kind == REGIONS_EV_SOLVED)
		return THEME_GOOD;
	return THEME_NORMAL;
}

void watch_regions_model_panel(const struct watch_regions_model *m, struct wr_panel *p)
{
	char words[REGIONS_TEXT_MAX + 100], kinds[REGIONS_TEXT_MAX] = "";
	struct wr_counts c;
	bool logic = m->phase == WR_LOGIC;
	size_t at = 0;

	p->count = 0;
	watch_regions_model_counts(m, &c);
	if (logic)
		add(p, THEME_KEY, false, true, "Reasoning: deduction %d of %d",
		    m->logic_at, m->logic_len);
	else
		add(p, THEME_KEY, false, true, "Search: step %" PRIu64 " of %" PRIu64,
		    m->search_at, m->search_len);
	watch_regions_model_words(m, words, sizeof words);
	add(p, words_role(m), false, true, "%s", words);
	if (logic && m->logic_at == m->logic_len) {
		if (m->logic_end < 0)
			add(p, THEME_BAD, false, true, "%s", m->end_text);
		else if (regions_state_solved(&m->st))
			add(p, THEME_GOOD, false, true,
			    "Solved by reasoning alone: %d deductions, no guess.",
			    m->logic_len);
		else
			add(p, THEME_BAD, false, true,
			    "Stuck: no deduction applies; a player would have to guess.");
	}
	add(p, THEME_DIMMED, true, false, "%-11s %9s %9s", "", "reasoning", "search");
	add(p, logic ? THEME_KEY : THEME_NORMAL, false, false,
	    "%-11s %9" PRIu64 " %9" PRIu64, "steps", c.logic_steps, c.search_steps);
	add(p, THEME_NORMAL, false, false, "%-11s %9" PRIu64 " %9" PRIu64, "queens",
	    c.logic_queens, c.search_queens);
	add(p, THEME_NORMAL, false, false, "%-11s %9" PRIu64 " %9s", "struck",
	    c.logic_struck, "-");
	add(p, THEME_NORMAL, false, false, "%-11s %9s %9" PRIu64, "refused", "-",
	    c.search_rejects);
	add(p, THEME_NORMAL, false, false, "%-11s %9s %9" PRIu64, "backtracks", "-",
	    c.search_backtracks);
	add(p, THEME_NORMAL, true, true, "deductions: %d easy, %d medium, %d hard",
	    c.by_grade[REGIONS_EASY], c.by_grade[REGIONS_MEDIUM],
	    c.by_grade[REGIONS_HARD]);
	for (int k = 0; k < REGIONS_KINDS; k++)
		if (c.by_kind[k] && at < sizeof kinds)
			at += (size_t)snprintf(
			        kinds + at, sizeof kinds - at, "%s%s %d", at ? ", " : "",
			        regions_kind_name((enum regions_kind)k), c.by_kind[k]);
	if (kinds[0])
		add(p, THEME_DIMMED, false, true, "%s", kinds);
}
