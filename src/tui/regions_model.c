/* Queens with regions, the game's state without a terminal (unit-tested by
 * test_regions_play): queens, marks, undo, the rules' conflicts, the clock, hints. */
#include "config.h"

#include "tui/regions_model.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine/daily.h"
#include "engine/errmsg.h"
#include "engine/saved.h"
#include "engine/settings.h"
#include "engine/store.h"

static uint16_t bit(int file)
{
	return (uint16_t)(1u << file);
}

bool regions_model_queen(const struct regions_model *m, struct square sq)
{
	return (m->pos.queens[sq.rank] & bit(sq.file)) != 0;
}

bool regions_model_marked(const struct regions_model *m, struct square sq)
{
	return (m->pos.marks[sq.rank] & bit(sq.file)) != 0;
}

bool regions_model_given(const struct regions_model *m, struct square sq)
{
	return m->board.given[sq.file] == sq.rank;
}

/* Every queen on the board, by rank then file, into q; returns how many. */
static int queens_list(const struct regions_model *m, struct square *q)
{
	int k = 0;

	for (int r = 0; r < m->board.n; r++)
		for (int f = 0; f < m->board.n; f++)
			if (m->pos.queens[r] & bit(f))
				q[k++] = (struct square){f, r};
	return k;
}

/* The first queen that breaks a rule with the one on sq, into *other. */
static bool conflict_with(const struct regions_model *m, struct square sq,
                          struct square *other)
{
	struct square q[REGIONS_MAX_N * REGIONS_MAX_N];
	int k = queens_list(m, q);

	for (int i = 0; i < k; i++) {
		if (q[i].file == sq.file && q[i].rank == sq.rank)
			continue;
		/* The rules live in the engine: row, column, region, touching. */
		if (regions_conflict(&m->board, sq, q[i])) {
			if (other)
				*other = q[i];
			return true;
		}
	}
	return false;
}

bool regions_model_conflict(const struct regions_model *m, struct square sq)
{
	return regions_model_queen(m, sq) && conflict_with(m, sq, NULL);
}

bool regions_model_attacked(const struct regions_model *m, struct square sq)
{
	struct square q[REGIONS_MAX_N * REGIONS_MAX_N];
	uint16_t out[REGIONS_MAX_N];
	int k;

	if (m->assist == SETTINGS_ASSIST_NONE || regions_model_queen(m, sq))
		return false;
	k = queens_list(m, q);
	for (int i = 0; i < k; i++) {
		regions_attacked(&m->board, q[i], out);
		if (out[sq.rank] & bit(sq.file))
			return true;
	}
	return false;
}

int regions_model_queens(const struct regions_model *m)
{
	int k = 0;

	for (int r = 0; r < m->board.n; r++)
		k += __builtin_popcount(m->pos.queens[r]);
	return k;
}

int regions_model_conflicts(const struct regions_model *m)
{
	struct square q[REGIONS_MAX_N * REGIONS_MAX_N];
	int k = queens_list(m, q), c = 0;

	for (int i = 0; i < k; i++)
		c += conflict_with(m, q[i], NULL);
	return c;
}

bool regions_model_solved(const struct regions_model *m)
{
	return regions_model_queens(m) == m->board.n && regions_model_conflicts(m) == 0;
}

void regions_model_state(const struct regions_model *m, struct regions_state *st)
{
	regions_state_init(st, &m->board);
	for (int r = 0; r < m->board.n; r++)
		for (int f = 0; f < m->board.n; f++) {
			struct square sq = {f, r};

			if (regions_model_queen(m, sq) && !regions_model_given(m, sq))
				regions_state_place(st, sq);
			else if (regions_model_marked(m, sq))
				regions_state_strike(st, sq);
		}
}

/* The fair clock, as Play's (play_clock.c): idle beyond a minute and covered time
 * not counted. */
static long long idle_over(const struct regions_model *m, long long now)
{
	long long over = now - m->key_ms - REGIONS_IDLE_MS;

	return over > 0 && !m->paused_at ? over : 0;
}

long long regions_model_elapsed_ms(const struct regions_model *m)
{
	long long now = m->solved_ms ? m->solved_ms : m->env.clock_ms();
	long long t = now - m->started_ms - m->paused_ms - idle_over(m, now);

	if (m->paused_at)
		t -= now - m->paused_at;
	return t > 0 ? t : 0;
}

void regions_model_key(struct regions_model *m)
{
	long long now = m->env.clock_ms();

	if (m->solved_ms || m->paused_at)
		return;
	m->paused_ms += idle_over(m, now);
	m->key_ms = now;
}

void regions_model_cover(struct regions_model *m, bool covered)
{
	long long now = m->env.clock_ms();

	if (m->solved_ms || covered == (m->paused_at != 0))
		return;
	if (covered) {
		regions_model_key(m);
		m->paused_at = now ? now : 1;
	} else {
		m->paused_ms += now - m->paused_at;
		m->paused_at = 0;
		m->key_ms = now;
	}
}

bool regions_model_assisted(const struct regions_model *m)
{
	return m->hints_used > 0;
}

bool regions_model_unfinished(const struct regions_model *m)
{
	return !m->solved_ms && m->hist_len > 1;
}

void regions_model_init(struct regions_model *m, const struct regions_board *b,
                        const char *id, const struct regions_env *env)
{
	memset(m, 0, sizeof *m);
	m->env = *env;
	m->board = *b;
	snprintf(m->id, sizeof m->id, "%s", id ? id : "");
	for (int f = 0; f < b->n; f++)
		if (b->given[f] >= 0)
			m->pos.queens[b->given[f]] |= bit(f);
	memcpy(m->pos.marks, b->marks, sizeof m->pos.marks);
	m->hist[0] = m->pos;
	m->hist_len = 1;
	m->cursor = (struct square){0, b->n - 1};
	m->assist = env->assist ? env->assist - 1 : SETTINGS_ASSIST_SOME;
	m->started_ms = m->key_ms = env->clock_ms();
	if (env->store && m->id[0])
		m->has_best = store_best(env->store, m->id, true, &m->best_ms);
}

/* A solve: the clock stops, the time is kept (clean apart from assisted). */
static void check_solved(struct regions_model *m)
{
	struct store *st = m->env.store;
	uint64_t ms;
	char t[32], err[1100];

	if (m->solved_ms || !regions_model_solved(m))
		return;
	m->solved_ms = m->env.clock_ms();
	m->hint_stage = 0;
	ms = (uint64_t)regions_model_elapsed_ms(m);
	snprintf(t, sizeof t, "%lld:%02lld", (long long)(ms / 60000),
	         (long long)(ms / 1000 % 60));
	snprintf(m->message, sizeof m->message, "Solved in %s%s.", t,
	         regions_model_assisted(m) ? ", assisted" : "");
	if (!st || !m->id[0])
		return;
	if (store_record_best(st, m->id, !regions_model_assisted(m), ms) > 0 &&
	    !regions_model_assisted(m)) {
		m->new_best = m->has_best;
		m->has_best = true;
		m->best_ms = ms;
	}
	if (m->is_daily) {
		struct daily_streak ds;

		daily_streak(st, m->daily_day, &ds);
		m->streak = ds.current;
	}
	if (store_save(st, err, sizeof err) < 0)
		snprintf(m->message, sizeof m->message, "Progress not saved: %s", err);
}

/* The position changed: it goes into the history (the redo beyond it is lost). */
static void commit(struct regions_model *m)
{
	if (m->hist_at + 1 == REGIONS_HISTORY) {
		memmove(m->hist, m->hist + 1, sizeof m->hist[0] * (REGIONS_HISTORY - 1));
		m->hist_at--;
	}
	m->hist[++m->hist_at] = m->pos;
	m->hist_len = m->hist_at + 1;
	m->hint_stage = 0;
	check_solved(m);
}

void regions_model_move(struct regions_model *m, int dfile, int drank)
{
	int f = m->cursor.file + dfile, r = m->cursor.rank + drank;

	if (f >= 0 && f < m->board.n)
		m->cursor.file = f;
	if (r >= 0 && r < m->board.n)
		m->cursor.rank = r;
}

void regions_model_cursor(struct regions_model *m, int file, int rank)
{
	if (file >= 0 && file < m->board.n)
		m->cursor.file = file;
	if (rank >= 0 && rank < m->board.n)
		m->cursor.rank = rank;
}

/* Moves are refused on a solved board and on a given queen. */
static bool refused(struct regions_model *m, struct square sq)
{
	char name[8];

	if (m->solved_ms) {
		snprintf(m->message, sizeof m->message,
		         "Solved: u takes a queen back to look again.");
		return true;
	}
	if (regions_model_given(m, sq)) {
		board_square_name(sq, name, sizeof name);
		snprintf(m->message, sizeof m->message,
		         "The queen on %s is given: it stays.", name);
		return true;
	}
	return false;
}

void regions_model_toggle(struct regions_model *m, struct square sq)
{
	if (refused(m, sq))
		return;
	m->pos.queens[sq.rank] ^= bit(sq.file);
	m->pos.marks[sq.rank] &= (uint16_t)~bit(sq.file);
	commit(m);
}

void regions_model_mark(struct regions_model *m, struct square sq)
{
	if (refused(m, sq))
		return;
	if (regions_model_queen(m, sq)) {
		snprintf(m->message, sizeof m->message,
		         "A queen stands there: Space takes it away.");
		return;
	}
	m->pos.marks[sq.rank] ^= bit(sq.file);
	commit(m);
}

void regions_model_undo(struct regions_model *m, int step)
{
	int at = m->hist_at + step;

	if (at < 0 || at >= m->hist_len) {
		snprintf(m->message, sizeof m->message, "%s",
		         step < 0 ? "Nothing to undo." : "Nothing to redo.");
		return;
	}
	m->hist_at = at;
	m->pos = m->hist[at];
	m->hint_stage = 0;
	/* A solve undone: the board is played on, but its time is kept. */
	check_solved(m);
}

void regions_model_clear(struct regions_model *m)
{
	struct regions_pos empty = {{0}, {0}};

	if (m->solved_ms) {
		refused(m, m->cursor);
		return;
	}
	for (int f = 0; f < m->board.n; f++)
		if (m->board.given[f] >= 0)
			empty.queens[m->board.given[f]] |= bit(f);
	if (memcmp(&empty, &m->pos, sizeof empty) == 0)
		return;
	m->pos = empty;
	commit(m);
}

/* Says in the hint what breaks a rule: two queens, or a line left without a square. */
static bool broken_words(struct regions_model *m)
{
	struct square q[REGIONS_MAX_N * REGIONS_MAX_N], other;
	int k = queens_list(m, q);
	char a[8], b[8];

	for (int i = 0; i < k; i++) {
		const char *why;

		if (!conflict_with(m, q[i], &other))
			continue;
		board_square_name(q[i], a, sizeof a);
		board_square_name(other, b, sizeof b);
		why = q[i].rank == other.rank   ? "share a row"
		      : q[i].file == other.file ? "share a column"
		      : regions_region(&m->board, q[i]) ==
		                      regions_region(&m->board, other)
		              ? "share a region"
		              : "touch";
		snprintf(m->hint_text, sizeof m->hint_text,
		         "Something is wrong: the queens on %s and %s %s. Take one away "
		         "(u undoes).",
		         a, b, why);
		return true;
	}
	return false;
}

bool regions_model_watch(struct regions_model *m)
{
	if (m->solved_ms)
		return true;
	if (m->assist == SETTINGS_ASSIST_NONE) {
		snprintf(m->message, sizeof m->message,
		         "Watch it reasoned shows the answer; assists are off "
		         "(none): a turns them on.");
		return false;
	}
	/* It shows every deduction to the end: a hint, as t's. */
	m->hints_used++;
	return true;
}

void regions_model_hint(struct regions_model *m)
{
	struct regions_state st;
	struct regions_deduction d;
	int rc;

	if (m->solved_ms) {
		snprintf(m->message, sizeof m->message, "Solved: no hint needed.");
		return;
	}
	if (m->assist == SETTINGS_ASSIST_NONE) {
		snprintf(m->message, sizeof m->message,
		         "Hints are off (assists none): a turns them on.");
		return;
	}
	if (m->hint_stage == 1) {
		/* The second press: the deduction shown is made on the board. */
		d = m->hint;
		if (d.places) {
			m->pos.queens[d.queen.rank] |= bit(d.queen.file);
			m->pos.marks[d.queen.rank] &= (uint16_t)~bit(d.queen.file);
		} else {
			for (int r = 0; r < m->board.n; r++)
				m->pos.marks[r] |= d.strikes[r];
		}
		commit(m);
		if (!m->solved_ms)
			snprintf(m->message, sizeof m->message,
			         "Done. t names the next one.");
		return;
	}
	/* The same words again for the same position: no second hint counted. */
	if (m->hint_stage == 2)
		return;
	m->hints_used++;
	m->hint_bad = false;
	if (broken_words(m)) {
		m->hint_stage = 2;
		m->hint_bad = true;
		return;
	}
	regions_model_state(m, &st);
	rc = regions_next_deduction(&st, &d);
	if (rc < 0) {
		snprintf(m->hint_text, sizeof m->hint_text,
		         "Something is wrong: %s Undo (u) back to where it held.",
		         d.text);
		m->hint_stage = 2;
		m->hint_bad = true;
		return;
	}
	if (rc == 0) {
		snprintf(m->hint_text, sizeof m->hint_text, "%s", d.text);
		m->hint_stage = 2;
		return;
	}
	m->hint = d;
	m->hint_stage = 1;
	regions_describe(&m->board, &d, m->names, m->hint_text, sizeof m->hint_text);
	/* The words end with what the second press does. */
	{
		size_t at = strlen(m->hint_text);

		errmsg_add(m->hint_text, sizeof m->hint_text, &at, " (t again: %s)",
		           d.places ? "place it" : "mark them");
	}
}

void regions_model_hint_hide(struct regions_model *m)
{
	m->hint_stage = 0;
}

bool regions_model_hint_uses(const struct regions_model *m, struct square sq)
{
	const struct regions_deduction *d = &m->hint;

	if (m->hint_stage != 1)
		return false;
	/* Its squares and its regions; the rows and columns are said in words. */
	return (d->uses[sq.rank] & bit(sq.file)) ||
	       (d->regions & bit(regions_region(&m->board, sq)));
}

bool regions_model_hint_strikes(const struct regions_model *m, struct square sq)
{
	const struct regions_deduction *d = &m->hint;

	if (m->hint_stage != 1)
		return false;
	if (d->places)
		return d->queen.file == sq.file && d->queen.rank == sq.rank;
	return (d->strikes[sq.rank] & bit(sq.file)) != 0;
}

void regions_model_assist_next(struct regions_model *m)
{
	/* Some and all are the same here: the regions game has no verdict to show. */
	m->assist = m->assist == SETTINGS_ASSIST_NONE ? SETTINGS_ASSIST_SOME
	                                              : SETTINGS_ASSIST_NONE;
	if (m->assist == SETTINGS_ASSIST_NONE)
		m->hint_stage = 0;
	snprintf(m->message, sizeof m->message, "Assists %s.",
	         m->assist == SETTINGS_ASSIST_NONE
	                 ? "none: conflicts only, no dots, no hints"
	                 : "some: attacked squares dotted, t hints");
}

static void fmt_time(long long ms, char *buf, size_t len)
{
	snprintf(buf, len, "%lld:%02lld", ms / 60000, ms / 1000 % 60);
}

bool regions_model_share(const struct regions_model *m, char *buf, size_t len)
{
	char t[32], date[16];

	buf[0] = '\0';
	if (!m->is_daily || !m->solved_ms)
		return false;
	fmt_time(regions_model_elapsed_ms(m), t, sizeof t);
	daily_format_date(m->daily_day, date, sizeof date);
	/* No square is named: the line gives nothing of the solution away. */
	snprintf(buf, len, "nqueens daily regions %s: %dx%d %s in %s, %s, streak %d",
	         date, m->board.n, m->board.n, regions_grade_name(m->board.grade), t,
	         regions_model_assisted(m) ? "assisted" : "clean", m->streak);
	return true;
}

static void status_add(struct regions_status *s, enum theme_item role, bool gap,
                       const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void status_add(struct regions_status *s, enum theme_item role, bool gap,
                       const char *fmt, ...)
{
	va_list ap;
	struct regions_line *l;

	if (s->count == REGIONS_STATUS_MAX)
		return;
	l = &s->line[s->count++];
	l->role = role;
	l->gap = gap;
	va_start(ap, fmt);
	vsnprintf(l->text, sizeof l->text, fmt, ap);
	va_end(ap);
}

void regions_model_status(const struct regions_model *m, struct regions_status *s)
{
	int queens = regions_model_queens(m), bad = regions_model_conflicts(m);
	char t[32];

	s->count = 0;
	status_add(s, THEME_NORMAL, false, "queens: %d of %d", queens, m->board.n);
	status_add(s, bad ? THEME_BAD : THEME_NORMAL, false, "conflicts: %d", bad);
	fmt_time(regions_model_elapsed_ms(m), t, sizeof t);
	status_add(s, m->solved_ms ? THEME_GOOD : THEME_NORMAL, false, "time: %s%s", t,
	           m->solved_ms ? (regions_model_assisted(m) ? ", assisted" : ", clean")
	                        : "");
	if (m->board.grade != REGIONS_UNGRADED)
		status_add(s, THEME_DIMMED, true, "grade: %s",
		           regions_grade_name(m->board.grade));
	if (m->has_best) {
		fmt_time((long long)m->best_ms, t, sizeof t);
		status_add(s, m->new_best ? THEME_GOOD : THEME_DIMMED, false,
		           "best: %s%s", t, m->new_best ? " (new)" : "");
	}
	if (m->hints_used)
		status_add(s, THEME_DIMMED, false, "hints: %u", m->hints_used);
	if (m->is_daily && m->solved_ms)
		status_add(s, THEME_GOOD, false, "daily streak: %d", m->streak);
	if (m->solved_ms)
		status_add(s, THEME_GOOD, true,
		           "Solved: one queen in each row, column "
		           "and region, none touching.");
	if (m->hint_stage)
		status_add(s, m->hint_bad ? THEME_BAD : THEME_KEY, true, "%s",
		           m->hint_text);
}

/* Whether this game is one to keep: the player's queens or marks on an unsolved board. */
static bool worth_keeping(const struct regions_model *m)
{
	bool marks = false;

	for (int r = 0; r < m->board.n; r++)
		marks |= m->pos.marks[r] != 0;
	return !m->solved_ms && (regions_model_queens(m) > m->board.ngiven || marks);
}

int regions_model_keep(struct regions_model *m, char *err, size_t errlen)
{
	struct store *st = m->env.store;
	struct saved_game g;
	int n = m->board.n, rc;

	err[0] = '\0';
	if (!st || !m->game_id[0] || n > SAVED_MAX_N)
		return 0;
	if (!worth_keeping(m)) {
		rc = saved_drop(st, m->game_id);
		if (rc == 0)
			return 0;
	} else {
		memset(&g, 0, sizeof g);
		g.n = n;
		g.ms = (uint64_t)regions_model_elapsed_ms(m);
		g.hints = m->hints_used;
		for (int f = 0; f < n; f++)
			for (int r = 0; r < n; r++) {
				struct square sq = {f, r};

				g.queen[f * n + r] = regions_model_queen(m, sq) &&
				                     !regions_model_given(m, sq);
				g.marked[f * n + r] = regions_model_marked(m, sq);
			}
		rc = saved_put(st, m->game_id, &g);
	}
	if (rc < 0) {
		snprintf(err, errlen,
		         "this puzzle's game cannot be kept (its name, or memory)");
		return -1;
	}
	return store_save(st, err, errlen) < 0 ? -1 : worth_keeping(m);
}

int regions_model_resume(struct regions_model *m)
{
	struct store *st = m->env.store;
	struct saved_game g;
	char why[200], t[32], err[1100];
	int n = m->board.n, rc;

	if (!st || !m->game_id[0] || n > SAVED_MAX_N)
		return 0;
	rc = saved_get(st, m->game_id, n, &g, why, sizeof why);
	if (rc < 0) {
		/* Named once: emptied in the file, the rest of it kept. */
		snprintf(m->message, sizeof m->message,
		         "The saved game of %s is damaged (%s): a new game.", m->game_id,
		         why);
		if (saved_drop(st, m->game_id) > 0 && store_save(st, err, sizeof err) < 0)
			snprintf(m->message, sizeof m->message, "Progress not saved: %s",
			         err);
		return 0;
	}
	if (rc == 0)
		return 0;
	for (int f = 0; f < n; f++)
		for (int r = 0; r < n; r++) {
			if (g.queen[f * n + r])
				m->pos.queens[r] |= bit(f);
			else if (g.marked[f * n + r] &&
			         !regions_model_queen(m, (struct square){f, r}))
				m->pos.marks[r] |= bit(f);
		}
	m->hist[0] = m->pos;
	m->hist_len = 1;
	m->hist_at = 0;
	m->hints_used = g.hints;
	m->started_ms = m->key_ms - (long long)g.ms;
	fmt_time((long long)g.ms, t, sizeof t);
	snprintf(m->message, sizeof m->message,
	         "Your game resumed, its clock at %s (c clears the board).", t);
	/* A game kept solved (by hand in the file) is said solved, not played on. */
	check_solved(m);
	return 1;
}
