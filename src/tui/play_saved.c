/* Play's puzzle left unfinished: kept in the progress file on leaving, resumed on return.
 */
#include "config.h"

#include "tui/play_model.h"

#include <stdio.h>
#include <string.h>

#include "engine/saved.h"
#include "engine/store.h"

/* Whether this game is one to keep: a puzzle with the player's work on it. */
static bool worth_keeping(const struct play_model *m)
{
	bool marks = false;

	for (int i = 0; i < m->n * m->n; i++)
		marks |= m->marked[i];
	/* A game in which s showed the solution has nothing left to resume. */
	return !m->solved_ms && !m->peeked && !m->gave_up &&
	       (play_model_unfinished(m) || marks);
}

int play_model_keep(struct play_model *m, char *err, size_t errlen)
{
	struct store *st = m->env.store;
	struct saved_game g;
	int rc;

	err[0] = '\0';
	if (!st || !m->is_puzzle || m->n > SAVED_MAX_N)
		return 0;
	if (!worth_keeping(m)) {
		/* A game solved, shown by s or cleared: none to resume. */
		rc = saved_drop(st, m->puzzle_id);
		if (rc == 0)
			return 0;
	} else {
		memset(&g, 0, sizeof g);
		g.n = m->n;
		g.ms = (uint64_t)play_model_elapsed_ms(m);
		g.hints = m->hints_used;
		g.verdict = m->verdict_seen;
		for (size_t i = 0; i < m->b.pos.count; i++) {
			struct square sq = m->b.pos.sq[i];

			if (!play_model_is_given(m, sq))
				g.queen[sq.file * m->n + sq.rank] = true;
		}
		memcpy(g.marked, m->marked, (size_t)(m->n * m->n) * sizeof *g.marked);
		rc = saved_put(st, m->puzzle_id, &g);
	}
	if (rc < 0) {
		snprintf(err, errlen,
		         "this puzzle's game cannot be kept (its name, or memory)");
		return -1;
	}
	return store_save(st, err, errlen) < 0 ? -1 : worth_keeping(m);
}

int play_model_resume(struct play_model *m)
{
	struct store *st = m->env.store;
	struct saved_game g;
	char why[200], t[32];
	int rc;

	if (!st || !m->is_puzzle || m->n > SAVED_MAX_N)
		return 0;
	rc = saved_get(st, m->puzzle_id, m->n, &g, why, sizeof why);
	if (rc < 0) {
		char err[1100];

		/* Named once: set aside (emptied) in the file, the rest of it kept. */
		snprintf(m->message, sizeof m->message,
		         "The saved game of %s is damaged (%s): a new game.",
		         m->puzzle_id, why);
		if (saved_drop(st, m->puzzle_id) > 0 &&
		    store_save(st, err, sizeof err) < 0)
			snprintf(m->message, sizeof m->message, "Progress not saved: %s",
			         err);
		return 0;
	}
	if (rc == 0)
		return 0;
	for (int f = 0; f < m->n; f++)
		for (int r = 0; r < m->n; r++) {
			struct square sq = {f, r};

			if (g.queen[f * m->n + r] && !board_has(&m->b, sq))
				board_place(&m->b, sq);
			m->marked[f * m->n + r] =
			        g.marked[f * m->n + r] && !board_has(&m->b, sq);
		}
	m->hints_used = g.hints;
	m->verdict_seen |= g.verdict;
	m->started_ms = m->key_ms - (long long)g.ms;
	play_format_time((long)(g.ms / 1000), t, sizeof t);
	snprintf(m->message, sizeof m->message,
	         "Your game resumed, its clock at %s (c clears the board).", t);
	return 1;
}
