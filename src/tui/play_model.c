/* Play's state without a terminal: the board, undo and redo, the judge, the clock,
 * give-up. */
#include "config.h"

#include "tui/play_model.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/classes.h"
#include "engine/daily.h"
#include "engine/enumerate.h"
#include "engine/known.h"
#include "engine/saved.h"
#include "engine/store.h"

/* Redo is lost once a new move is made after undoing; -1 when memory runs short. */
static int snap_take(struct play_model *m)
{
	struct play_snap s = {m->n, m->b.pos.count, NULL, false, NULL};
	size_t squares = (size_t)m->n * (size_t)m->n;
	size_t at = m->hist_len ? m->hist_at + 1 : 0;

	if (at == m->hist_cap) {
		size_t cap = m->hist_cap ? m->hist_cap * 2 : 32;
		struct play_snap *h = realloc(m->hist, cap * sizeof *h);

		if (!h)
			return -1;
		m->hist = h;
		m->hist_cap = cap;
	}
	s.sq = malloc((s.count ? s.count : 1) * sizeof *s.sq);
	s.marked = malloc(squares * sizeof *s.marked);
	if (!s.sq || !s.marked) {
		free(s.sq);
		free(s.marked);
		return -1;
	}
	memcpy(s.sq, m->b.pos.sq, s.count * sizeof *s.sq);
	memcpy(s.marked, m->marked, squares * sizeof *s.marked);
	for (size_t i = at; i < m->hist_len; i++) {
		free(m->hist[i].sq);
		free(m->hist[i].marked);
	}
	m->hist[at] = s;
	m->hist_at = at;
	m->hist_len = at + 1;
	return 0;
}

static void hist_free(struct play_model *m)
{
	for (size_t i = 0; i < m->hist_len; i++) {
		free(m->hist[i].sq);
		free(m->hist[i].marked);
	}
	free(m->hist);
	m->hist = NULL;
	m->hist_len = m->hist_at = m->hist_cap = 0;
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
	struct play_judge *j = arg;

	j->rc = judge_position(&j->b, j->table, task_flag(t), &j->st, &j->index,
	                       &j->class_index);
}

static void judge_stop(struct play_model *m)
{
	if (!m->job.task.running)
		return;
	task_stop(&m->job.task);
	board_destroy(&m->job.b);
}

void play_format_time(long secs, char *buf, size_t len)
{
	snprintf(buf, len, "%ld:%02ld", secs / 60, secs % 60);
}

/* After a puzzle: the next one in the list's order, if there is one. */
static void offer_next(struct play_model *m)
{
	struct puzzle_entry *list;
	size_t count, at;
	char t[32];

	play_format_time((long)(play_model_elapsed_ms(m) / 1000), t, sizeof t);
	m->next_id[0] = '\0';
	if (m->is_daily) {
		char share[256];

		play_model_share(m, share, sizeof share);
		snprintf(m->message, sizeof m->message, "To share: %s", share);
		return;
	}
	puzzle_list(m->env.puzzle_dir, &list, &count);
	for (at = 0; at < count && strcmp(list[at].id, m->puzzle_id) != 0; at++)
		;
	for (size_t i = at + 1; i < count; i++) {
		if (list[i].ok) {
			m->next = list[i].pz;
			snprintf(m->next_id, sizeof m->next_id, "%s", list[i].id);
			break;
		}
	}
	free(list);
	if (m->next_id[0])
		snprintf(m->message, sizeof m->message,
		         "Solved in %s. n opens the next puzzle, %s.", t, m->next_id);
	else
		snprintf(m->message, sizeof m->message, "Solved in %s.", t);
}

/*
 * What a solved board earns, kept in the store: the solution and its class
 * as found, the time of a puzzle or of a free game of this size (its best,
 * and for the daily puzzle a day of the streak).  Every save of Play's goes
 * through here.
 */
static void keep_progress(struct play_model *m, bool first_solve)
{
	struct store *st = m->env.store;
	uint64_t ms = (uint64_t)play_model_elapsed_ms(m);
	bool clean = !play_model_assisted(m);
	char err[1100];
	int changed = 0;

	if (!st)
		return;
	if (m->index)
		changed |= store_add(st, STORE_SOLUTIONS, m->n, m->index) > 0;
	if (m->class_index)
		changed |= store_add(st, STORE_CLASSES, m->n, m->class_index) > 0;
	/* An assisted solve is timed apart: it never sets the clean best. */
	if (first_solve && !clean && store_record_best(st, m->best_id, false, ms) > 0)
		changed = 1;
	if (first_solve && clean && store_record_best(st, m->best_id, true, ms) > 0) {
		m->had_best = m->has_best;
		m->was_best_ms = m->best_ms;
		m->set_best = true;
		m->new_best = m->has_best;
		m->best_ms = ms;
		m->has_best = true;
		changed = 1;
	}
	if (first_solve && m->is_daily)
		daily_streak(st, m->daily_day, &m->streak);
	/* A solved puzzle is not offered again to resume. */
	if (first_solve && m->is_puzzle && saved_drop(st, m->puzzle_id) > 0)
		changed = 1;
	if (changed && store_save(st, err, sizeof err) < 0)
		snprintf(m->message, sizeof m->message, "Progress not saved: %s", err);
}

/*
 * Takes in a verdict; a solution is remembered as found, a puzzle as timed.
 * The solution s showed is no solve; one after it in the same game is, but
 * earns nothing.
 */
static void judged(struct play_model *m, const struct puzzle_status *st, uint64_t index,
                   uint64_t class_index)
{
	bool first_solve = false;

	m->st = *st;
	m->judged = true;
	m->index = index;
	m->class_index = class_index;
	if (!st->solved)
		return;
	{
		int ranks[ENUM_MAX_N];

		board_ranks(&m->b.pos, ranks, NULL);
		sym_canonical(m->n, ranks, NULL, &m->transform);
	}
	if (m->gave_up)
		return;
	/* Solving is an event, once for the position: the view lights it up. */
	if (!m->solved_shown) {
		m->solved_shown = true;
		m->solved_events++;
	}
	if (m->peeked)
		return;
	if (!m->solved_ms) {
		/* The clock stops here; of an idle spell before, a minute counts. */
		m->solved_ms = m->env.clock_ms();
		first_solve = true;
	}
	keep_progress(m, first_solve);
	if (first_solve && m->is_puzzle)
		offer_next(m);
}

/* Judges the position here and now: the work limit keeps it within a second. */
static void judge_now(struct play_model *m)
{
	struct puzzle_status st;
	uint64_t index, class_index;

	if (judge_position(&m->b, m->env.table, NULL, &st, &index, &class_index) == 0)
		judged(m, &st, index, class_index);
}

/*
 * Judges the position: at once for small boards, else in the background
 * (or at once when no thread can be had).  -1 when memory runs short.
 */
static int judge_start(struct play_model *m)
{
	judge_stop(m);
	m->judged = false;
	m->hint_shown = false;
	m->solved_shown = false;
	if (m->n <= m->env.sync_max_n) {
		judge_now(m);
		return 0;
	}
	/* A solution is known at once; which one it is may take a while. */
	if (board_is_solution(&m->b.pos)) {
		struct puzzle_status st = {
		        .completable = true, .solved = true, .completions = 1};

		judged(m, &st, 0, 0);
	}
	if (board_init(&m->job.b, m->n) < 0)
		return -1;
	for (size_t i = 0; i < m->b.pos.count; i++)
		board_place(&m->job.b, m->b.pos.sq[i]);
	m->job.table = m->env.table;
	if (task_start(&m->job.task, judge_run, &m->job, m->env.notify,
	               m->env.notify_ctx) != 0) {
		board_destroy(&m->job.b);
		judge_now(m);
	}
	return 0;
}

bool play_model_wake(struct play_model *m)
{
	if (!m->job.task.running || !task_done(&m->job.task))
		return false;
	task_join(&m->job.task);
	board_destroy(&m->job.b);
	if (m->job.rc == 0)
		judged(m, &m->job.st, m->job.index, m->job.class_index);
	return true;
}

bool play_model_wait(struct play_model *m, long ms)
{
	if (m->job.task.running && !task_wait(&m->job.task, ms))
		return false;
	play_model_wake(m);
	return true;
}

/* The clock of a free game starts again with a new or cleared board. */
static void new_game(struct play_model *m)
{
	m->started_ms = m->key_ms = m->env.clock_ms();
	m->solved_ms = m->paused_ms = m->paused_at = 0;
	m->gave_up = m->peeked = m->set_best = m->new_best = false;
	m->hints_used = 0;
	m->verdict_seen = m->assist == SETTINGS_ASSIST_ALL;
}

/* The name of this game's best time: the puzzle's, or "free-8x8" for a free game. */
static void find_best(struct play_model *m)
{
	if (!m->is_puzzle)
		snprintf(m->best_id, sizeof m->best_id, "free-%dx%d", m->n, m->n);
	m->has_best =
	        m->env.store && store_best(m->env.store, m->best_id, true, &m->best_ms);
}

/* An empty board of size n (with a puzzle's givens); the history is kept. */
static int resize_board(struct play_model *m, int n)
{
	struct board b;

	if (board_init(&b, n) < 0)
		return -1;
	judge_stop(m);
	board_destroy(&m->b);
	m->b = b;
	if (n != m->n)
		memset(m->marked, 0, sizeof m->marked);
	m->n = n;
	if (m->is_puzzle)
		puzzle_place_givens(&m->pz, &m->b);
	if (m->cursor.file >= n || m->cursor.rank >= n)
		m->cursor = (struct square){0, n - 1};
	if (!known_counts(n, &m->total, &m->classes))
		m->total = m->classes = 0;
	return 0;
}

/* A new game on an n×n board: its clock starts, and u can take it back. */
static int set_size(struct play_model *m, int n)
{
	m->cursor = (struct square){0, n - 1};
	if (resize_board(m, n) < 0)
		return -1;
	new_game(m);
	find_best(m);
	if (snap_take(m) < 0)
		return -1;
	return judge_start(m);
}

static int changed(struct play_model *m);

int play_model_init(struct play_model *m, int n, const struct puzzle *pz, const char *id,
                    const struct play_env *env)
{
	memset(m, 0, sizeof *m);
	m->env = *env;
	task_init(&m->job.task);
	m->assist = env->assist > 0 && env->assist <= SETTINGS_ASSISTS ? env->assist - 1
	            : pz ? SETTINGS_ASSIST_SOME
	                 : SETTINGS_ASSIST_ALL;
	if (pz) {
		m->is_puzzle = true;
		m->pz = *pz;
		n = pz->n;
		snprintf(m->puzzle_id, sizeof m->puzzle_id, "%s", id ? id : "");
		snprintf(m->best_id, sizeof m->best_id, "%s", m->puzzle_id);
		m->is_daily = daily_parse_id(m->puzzle_id, &m->daily_day);
		if (m->is_daily && m->env.store)
			daily_streak(m->env.store, m->daily_day, &m->streak);
	}
	if (set_size(m, n) < 0) {
		play_model_free(m);
		return -1;
	}
	/* A game left unfinished goes on: u takes it back to the givens. */
	if (play_model_resume(m) > 0 && changed(m) < 0) {
		play_model_free(m);
		return -1;
	}
	return 0;
}

void play_model_free(struct play_model *m)
{
	judge_stop(m);
	task_destroy(&m->job.task);
	board_destroy(&m->b);
	hist_free(m);
}

bool play_model_is_given(const struct play_model *m, struct square sq)
{
	return m->is_puzzle && puzzle_is_given(&m->pz, sq);
}

/* A change to the board: remember it for undo and judge the new position. */
static int changed(struct play_model *m)
{
	if (snap_take(m) < 0)
		return -1;
	m->gave_up = false;
	return judge_start(m);
}

int play_model_toggle(struct play_model *m, struct square sq)
{
	bool had = board_has(&m->b, sq);

	if (play_model_is_given(m, sq)) {
		snprintf(m->message, sizeof m->message,
		         "That queen is given by the puzzle.");
		return 0;
	}
	if (had)
		board_remove(&m->b, sq);
	else
		board_place(&m->b, sq);
	/* A queen put down on a mark takes its place: the player changed their mind. */
	if (!had)
		m->marked[sq.file * m->n + sq.rank] = false;
	if (changed(m) < 0) {
		if (had)
			board_place(&m->b, sq);
		else
			board_remove(&m->b, sq);
		return -1;
	}
	return 0;
}

int play_model_undo(struct play_model *m, int step)
{
	const struct play_snap *s;

	if ((step < 0 && m->hist_at == 0) ||
	    (step > 0 && m->hist_at + 1 >= m->hist_len)) {
		snprintf(m->message, sizeof m->message, "Nothing to %s.",
		         step < 0 ? "undo" : "redo");
		return 0;
	}
	s = &m->hist[(size_t)((long)m->hist_at + step)];
	if (s->n != m->n && resize_board(m, s->n) < 0)
		return -1;
	m->hist_at = (size_t)((long)m->hist_at + step);
	m->gave_up = m->hist[m->hist_at].shown;
	board_clear(&m->b);
	for (size_t i = 0; i < s->count; i++)
		board_place(&m->b, s->sq[i]);
	memcpy(m->marked, s->marked, (size_t)s->n * (size_t)s->n * sizeof *m->marked);
	return judge_start(m);
}

void play_model_move(struct play_model *m, int dfile, int drank)
{
	int f = m->cursor.file + dfile, r = m->cursor.rank + drank;

	/* The cursor stops at the edges rather than wrapping. */
	if (f >= 0 && f < m->n)
		m->cursor.file = f;
	if (r >= 0 && r < m->n)
		m->cursor.rank = r;
}

void play_model_cursor(struct play_model *m, int file, int rank)
{
	if (file >= 0 && file < m->n)
		m->cursor.file = file;
	if (rank >= 0 && rank < m->n)
		m->cursor.rank = rank;
}

/* The hint is found at once: the work limit keeps the wait under a second. */
void play_model_hint(struct play_model *m)
{
	struct puzzle_hint h;
	char sq[32];

	if (m->assist == SETTINGS_ASSIST_NONE) {
		snprintf(m->message, sizeof m->message,
		         "Hints are off with no assists: a turns them on.");
		return;
	}
	if (puzzle_hint(&m->b, m->is_puzzle ? &m->pz : NULL, PUZZLE_WORK_LIMIT, NULL,
	                &h) < 0) {
		snprintf(m->message, sizeof m->message,
		         "No hint for a board this large.");
		return;
	}
	board_square_name(h.sq, sq, sizeof sq);
	switch (h.kind) {
	case PUZZLE_HINT_NONE:
		snprintf(m->message, sizeof m->message,
		         "Solved already: no hint needed.");
		break;
	case PUZZLE_HINT_PLACE:
		m->hint = h.sq;
		m->hint_shown = true;
		m->hints_used += !m->solved_ms;
		snprintf(m->message, sizeof m->message,
		         "Hint: a queen on %s keeps it solvable (%d such square%s on its "
		         "file).",
		         sq, h.choices, h.choices == 1 ? "" : "s");
		break;
	case PUZZLE_HINT_REMOVE:
		m->hint = h.sq;
		m->hint_shown = true;
		m->hints_used += !m->solved_ms;
		snprintf(m->message, sizeof m->message,
		         "No completion from here: %s the queen on %s.",
		         h.choices ? "remove" : "start by removing", sq);
		break;
	case PUZZLE_HINT_UNKNOWN:
		snprintf(m->message, sizeof m->message,
		         "No hint: too much work for this position.");
		break;
	}
}

bool play_model_unfinished(const struct play_model *m)
{
	return m->is_puzzle && !m->solved_ms && m->b.pos.count > (size_t)m->pz.ngiven;
}

bool play_model_ranks(struct play_model *m, int *ranks)
{
	if (!board_ranks(&m->b.pos, ranks, NULL)) {
		snprintf(m->message, sizeof m->message,
		         "Two queens share a file; the search keeps one a file.");
		return false;
	}
	return true;
}

int play_model_clear(struct play_model *m)
{
	bool marks = false;

	for (int i = 0; i < m->n * m->n; i++)
		marks |= m->marked[i];
	if (m->b.pos.count == (size_t)(m->is_puzzle ? m->pz.ngiven : 0) && !marks) {
		snprintf(m->message, sizeof m->message, "The board is clear already.");
		return 0;
	}
	board_clear(&m->b);
	memset(m->marked, 0, sizeof m->marked);
	if (m->is_puzzle)
		puzzle_place_givens(&m->pz, &m->b);
	else
		new_game(m);
	if (changed(m) < 0)
		return -1;
	snprintf(m->message, sizeof m->message, "Cleared; u brings it back.");
	return 0;
}

/*
 * Gives up: a solution that keeps the puzzle's givens, or the queens on the
 * board when some solution does (else one without them).  It counts as
 * neither found nor timed, and u takes it back.
 */
int play_model_give_up(struct play_model *m)
{
	int base[PUZZLE_MAX_N], out[PUZZLE_MAX_N], rc;
	bool kept = false,
	     had = m->b.pos.count > (size_t)(m->is_puzzle ? m->pz.ngiven : 0);

	if (m->judged && m->st.solved) {
		snprintf(m->message, sizeof m->message,
		         m->gave_up ? "A solution is shown already." : "Solved already.");
		return 0;
	}
	if (m->is_puzzle) {
		memcpy(base, m->pz.given, sizeof *base * (size_t)m->n);
		kept = true;
	} else if (board_ranks(&m->b.pos, base, NULL)) {
		kept = m->b.pos.count > 0;
	} else {
		for (int f = 0; f < m->n; f++)
			base[f] = -1;
	}
	rc = puzzle_complete(m->n, base, PUZZLE_WORK_LIMIT, out);
	if (rc <= 0 && kept && !m->is_puzzle) {
		for (int f = 0; f < m->n; f++)
			base[f] = -1;
		kept = false;
		rc = puzzle_complete(m->n, base, PUZZLE_WORK_LIMIT, out);
	}
	if (rc <= 0) {
		snprintf(m->message, sizeof m->message,
		         rc < 0 ? "No solution found within the work limit."
		                : "The %dx%d board has no solution.",
		         m->n, m->n);
		return 0;
	}
	board_clear(&m->b);
	for (int f = 0; f < m->n; f++)
		board_place(&m->b, (struct square){f, out[f]});
	if (snap_take(m) < 0)
		return -1;
	m->hist[m->hist_at].shown = true;
	m->gave_up = m->peeked = true;
	if (judge_start(m) < 0)
		return -1;
	snprintf(m->message, sizeof m->message,
	         "%s; it is not counted as found. u takes it back.",
	         m->is_puzzle ? "The puzzle's solution"
	         : kept       ? "A solution with your queens"
	         : had        ? "No solution keeps your queens; here is one"
	                      : "A solution");
	return 0;
}

int play_model_resize(struct play_model *m, int d)
{
	int n = m->n + d;

	if (m->is_puzzle) {
		snprintf(m->message, sizeof m->message, "A puzzle keeps its size.");
		return 0;
	}
	if (n < PLAY_MIN_N || n > PLAY_MAX_N) {
		snprintf(m->message, sizeof m->message, "Boards go from %d to %d.",
		         PLAY_MIN_N, PLAY_MAX_N);
		return 0;
	}
	return set_size(m, n);
}

bool play_model_marked(const struct play_model *m, struct square sq)
{
	return sq.file >= 0 && sq.file < m->n && sq.rank >= 0 && sq.rank < m->n &&
	       m->marked[sq.file * m->n + sq.rank];
}

int play_model_mark(struct play_model *m, struct square sq)
{
	bool *at = &m->marked[sq.file * m->n + sq.rank];

	if (board_has(&m->b, sq)) {
		snprintf(m->message, sizeof m->message,
		         "A queen stands there: marks go on empty squares.");
		return 0;
	}
	*at = !*at;
	if (snap_take(m) < 0) {
		*at = !*at;
		return -1;
	}
	m->hist[m->hist_at].shown = m->gave_up;
	return 0;
}

void play_model_banner(const struct play_model *m, const char *dash, char *line,
                       size_t len, char *more, size_t morelen)
{
	char t[32], was[32];
	size_t at;

	line[0] = more[0] = '\0';
	if (!m->solved_shown || m->gave_up)
		return;
	at = (size_t)snprintf(line, len, "Solved %s ", dash);
	if (m->index && m->total)
		at += (size_t)snprintf(line + at, at < len ? len - at : 0,
		                       "#%" PRIu64 " of %" PRIu64 ", ", m->index,
		                       m->total);
	if (m->class_index)
		at += (size_t)snprintf(line + at, at < len ? len - at : 0,
		                       "class %" PRIu64 ", ", m->class_index);
	play_format_time((long)(play_model_elapsed_ms(m) / 1000), t, sizeof t);
	snprintf(line + at, at < len ? len - at : 0, "%s", t);
	if (m->peeked) {
		snprintf(more, morelen, "Not counted: s showed a solution in this game.");
		return;
	}
	at = 0;
	if (m->new_best) {
		play_format_time((long)(m->was_best_ms / 1000), was, sizeof was);
		at = (size_t)snprintf(more, morelen, "A new best time: it was %s. ", was);
	}
	if (m->is_daily && m->streak.done_today && at < morelen)
		at += (size_t)snprintf(
		        more + at, morelen - at, "Daily puzzle: %d day%s in a row. ",
		        m->streak.current, m->streak.current == 1 ? "" : "s");
	/* Last, so that a narrow banner breaks before it rather than in a sentence. */
	if (at < morelen) {
		char used[96];

		play_model_assist_words(m, true, used, sizeof used);
		snprintf(more + at, morelen - at, "%s.", used);
	}
}

/* Adds a line of the status in its role (a blank line before it: gap). */
static void status_add(struct play_status *s, enum theme_item role, bool gap,
                       const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void status_add(struct play_status *s, enum theme_item role, bool gap,
                       const char *fmt, ...)
{
	struct play_line *l;
	va_list ap;

	if (s->count == PLAY_STATUS_MAX)
		return;
	l = &s->line[s->count++];
	l->role = role;
	l->gap = gap;
	va_start(ap, fmt);
	vsnprintf(l->text, sizeof l->text, fmt, ap);
	va_end(ap);
}

/* What is known of the position: solved, solvable, or why it is not said. */
static void status_verdict(const struct play_model *m, struct play_status *s)
{
	/* Without the verdict assist only a solve is said: the rest is an answer. */
	if (m->assist != SETTINGS_ASSIST_ALL) {
		if (m->judged && m->st.solved)
			status_add(s, m->gave_up ? THEME_DIMMED : THEME_GOOD, false, "%s",
			           m->gave_up ? "Given up: a solution shown" : "Solved!");
		return;
	}
	if (!m->judged)
		status_add(s, THEME_DIMMED, false, "Solvable: counting...");
	else if (m->st.solved && m->gave_up)
		status_add(s, THEME_DIMMED, false, "Given up: a solution shown");
	else if (m->st.solved)
		status_add(s, THEME_GOOD, false, "Solved!");
	else if (m->st.completable)
		/* Past the work limit the count is what was found by then. */
		status_add(s, THEME_GOOD, false,
		           "Solvable: yes, %s%" PRIu64 " completion%s%s",
		           m->st.unfinished ? "at least " : "", m->st.completions,
		           m->st.completions == 1 ? "" : "s",
		           m->st.unfinished ? " (count stopped)" : "");
	else if (m->st.unfinished)
		/* Not known is not bad news: dimmed, never in BAD's colour. */
		status_add(s, THEME_DIMMED, false, "Solvable: unknown (too much work)");
	else
		status_add(s, THEME_BAD, false, "Solvable: no");
}

/* The assists on, and what this game used of them, short: the panel is narrow. */
static void status_assists(const struct play_model *m, struct play_status *s)
{
	char used[32];

	if (m->hints_used)
		snprintf(used, sizeof used, "%u hint%s", m->hints_used,
		         m->hints_used == 1 ? "" : "s");
	else
		snprintf(used, sizeof used, "%s",
		         play_model_assisted(m) ? "assisted" : "clean");
	status_add(s, THEME_NORMAL, false, "assists %s: %s",
	           settings_assist_name((enum settings_assist)m->assist), used);
}

/* A puzzle's name, grade and times, the next one, the daily streak. */
static void status_puzzle(const struct play_model *m, struct play_status *s)
{
	char t[32], best[32] = "none";

	status_add(s, THEME_TITLE, true, "Puzzle: %s", m->pz.title);
	play_format_time((long)(play_model_elapsed_ms(m) / 1000), t, sizeof t);
	if (m->has_best)
		play_format_time((long)(m->best_ms / 1000), best, sizeof best);
	status_add(s, THEME_NORMAL, false, "%s, time %s, best %s%s",
	           puzzle_grade_name(m->pz.grade), t, best,
	           m->new_best ? ": a new best" : "");
	status_assists(m, s);
	/* What to do after a solve is good news, as the solve is. */
	if (m->solved_ms && m->next_id[0])
		status_add(s, THEME_GOOD, false, "n: the next puzzle, %s", m->next_id);
	if (m->is_daily)
		status_add(s, THEME_NORMAL, false, "daily streak: %d day%s in a row%s",
		           m->streak.current, m->streak.current == 1 ? "" : "s",
		           m->streak.done_today || !m->streak.current
		                   ? ""
		                   : ", today's to do");
}

void play_model_status(const struct play_model *m, struct play_status *s)
{
	struct board_conflict c;
	size_t conflicts = board_conflicts(&m->b.pos, &c, 1);

	s->count = 0;
	status_add(s, THEME_NORMAL, false, "Queens: %zu of %d", m->b.pos.count, m->n);
	if (conflicts) {
		char a[16], b[16];

		board_square_name(c.a, a, sizeof a);
		board_square_name(c.b, b, sizeof b);
		status_add(s, THEME_BAD, false, "Conflicts: %zu (%s-%s %s)", conflicts, a,
		           b, board_line_name(c.line));
	} else {
		status_add(s, THEME_NORMAL, false, "Conflicts: none");
	}
	status_verdict(m, s);
	s->core = s->count;
	if (m->judged && m->st.solved && !m->gave_up) {
		if (m->index && m->total)
			status_add(s, THEME_GOOD, false,
			           "solution #%" PRIu64 " of %" PRIu64 " (b: browse)",
			           m->index, m->total);
		if (m->class_index && m->classes && m->transform == SYM_ID)
			status_add(s, THEME_NORMAL, false,
			           "class %" PRIu64 " of %" PRIu64 ", its representative",
			           m->class_index, m->classes);
		else if (m->class_index && m->classes)
			status_add(s, THEME_NORMAL, false,
			           "class %" PRIu64 " of %" PRIu64
			           ", its representative %s (%s)",
			           m->class_index, m->classes, sym_words(m->transform),
			           sym_name(m->transform));
	}
	if (m->env.store && m->total)
		status_add(s, THEME_NORMAL, false,
		           "found %zu of %" PRIu64 ", %zu of %" PRIu64 " classes",
		           store_found(m->env.store, STORE_SOLUTIONS, m->n), m->total,
		           store_found(m->env.store, STORE_CLASSES, m->n), m->classes);
	if (m->is_puzzle) {
		status_puzzle(m, s);
	} else {
		char t[32], best[32];

		/* A free game is timed too, from its new or cleared board. */
		play_format_time((long)(play_model_elapsed_ms(m) / 1000), t, sizeof t);
		best[0] = '\0';
		if (m->has_best)
			play_format_time((long)(m->best_ms / 1000), best, sizeof best);
		status_add(s, m->solved_ms ? THEME_GOOD : THEME_NORMAL, false,
		           "time %s%s%s%s", t, best[0] ? ", best " : "", best,
		           m->new_best ? ": a new best" : "");
		status_assists(m, s);
	}
}

enum theme_item play_model_message_role(const struct play_model *m)
{
	return m->confirm_leave ? THEME_BAD : THEME_NORMAL;
}
