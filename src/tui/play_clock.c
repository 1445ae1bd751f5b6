/* Play's fair clock and its assists: what a game's time counts, what helped it. */
#include "config.h"

#include "tui/play_model.h"

#include <stdio.h>
#include <string.h>

#include "engine/daily.h"
#include "engine/settings.h"

/* What passed since the last key beyond the idle minute, at now. */
static long long idle_over(const struct play_model *m, long long now)
{
	long long over = now - m->key_ms - PLAY_IDLE_MS;

	return over > 0 && !m->paused_at ? over : 0;
}

long long play_model_elapsed_ms(const struct play_model *m)
{
	long long now = m->solved_ms ? m->solved_ms : m->env.clock_ms();
	long long t = now - m->started_ms - m->paused_ms - idle_over(m, now);

	if (m->paused_at)
		t -= now - m->paused_at;
	return t > 0 ? t : 0;
}

void play_model_key(struct play_model *m)
{
	long long now = m->env.clock_ms();

	if (m->solved_ms || m->paused_at)
		return;
	m->paused_ms += idle_over(m, now);
	m->key_ms = now;
}

void play_model_cover(struct play_model *m, bool covered)
{
	long long now = m->env.clock_ms();

	if (m->solved_ms || covered == (m->paused_at != 0))
		return;
	if (covered) {
		play_model_key(m);
		/* Not 0, which says "not covered". */
		m->paused_at = now ? now : 1;
	} else {
		m->paused_ms += now - m->paused_at;
		m->paused_at = 0;
		m->key_ms = now;
	}
}

bool play_model_assisted(const struct play_model *m)
{
	return m->hints_used > 0 || m->verdict_seen;
}

bool play_model_dots(const struct play_model *m)
{
	return m->assist != SETTINGS_ASSIST_NONE;
}

void play_model_assist_next(struct play_model *m)
{
	static const char *const said[SETTINGS_ASSISTS] = {
	        [SETTINGS_ASSIST_NONE] = "none: conflicts only, no dots, no hints",
	        [SETTINGS_ASSIST_SOME] = "some: attacked squares dotted, t hints",
	        [SETTINGS_ASSIST_ALL] = "all: dots, hints, the verdict and completions",
	};

	m->assist = (m->assist + 1) % SETTINGS_ASSISTS;
	/* The verdict seen before a solve makes it assisted, once and for all. */
	if (m->assist == SETTINGS_ASSIST_ALL && !m->solved_ms)
		m->verdict_seen = true;
	snprintf(m->message, sizeof m->message, "Assists %s%s.", said[m->assist],
	         m->assist == SETTINGS_ASSIST_ALL && !m->solved_ms
	                 ? " (this solve is assisted)"
	                 : "");
}

void play_model_assist_words(const struct play_model *m, bool capital, char *buf,
                             size_t len)
{
	/* Whole words in the source: the tests read a screen's words from it. */
	if (!play_model_assisted(m))
		snprintf(buf, len, "%s", capital ? "Clean" : "clean");
	else if (m->hints_used)
		snprintf(buf, len, "%s: %u hint%s%s", capital ? "Assisted" : "assisted",
		         m->hints_used, m->hints_used == 1 ? "" : "s",
		         m->verdict_seen ? ", the verdict" : "");
	else
		snprintf(buf, len, "%s: the verdict", capital ? "Assisted" : "assisted");
}

bool play_model_share(const struct play_model *m, char *buf, size_t len)
{
	char t[32], date[16], used[96];

	buf[0] = '\0';
	if (!m->is_daily || !m->solved_ms || m->peeked)
		return false;
	play_format_time((long)(play_model_elapsed_ms(m) / 1000), t, sizeof t);
	daily_format_date(m->daily_day, date, sizeof date);
	play_model_assist_words(m, false, used, sizeof used);
	/* No square is named: the line gives nothing of the solution away. */
	snprintf(buf, len, "nqueens daily %s: %dx%d %s in %s, %s, streak %d", date, m->n,
	         m->n, puzzle_grade_name(m->pz.grade), t, used, m->streak.current);
	return true;
}
