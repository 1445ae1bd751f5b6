/* Unit tests of the Play model without a terminal: moves, undo and redo, the judge
 * (at once and as a task), the clock, give-up, what a solved board earns, the
 * status's lines and the role (the colour) of each. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine/board.h"
#include "engine/daily.h"
#include "tui/play_model.h"
#include "engine/puzzle.h"
#include "engine/store.h"
#include "tui/theme.h"

/*
 * Memory that runs short on demand: the model's malloc and realloc are
 * wrapped (-Wl,--wrap); the next fail_in calls succeed, the one after fails.
 */
void *__real_malloc(size_t size);
void *__real_realloc(void *p, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_realloc(void *p, size_t size);

static int fail_in = -1; /* -1: never */

static bool fails(void)
{
	if (fail_in < 0)
		return false;
	return fail_in-- == 0;
}

void *__wrap_malloc(size_t size)
{
	return fails() ? NULL : __real_malloc(size);
}

void *__wrap_realloc(void *p, size_t size)
{
	return fails() ? NULL : __real_realloc(p, size);
}

/* The tests' clock: it moves only when a test says so. */
static long long fake_now;

static long long fake_clock(void)
{
	return fake_now;
}

static struct play_env env(struct store *st)
{
	return (struct play_env){.store = st, .clock_ms = fake_clock, .sync_max_n = 10};
}

/* Places the queens of ranks (1-based, by file) with the model's own moves. */
static void place_all(struct play_model *m, const int *ranks)
{
	for (int f = 0; f < m->n; f++)
		assert_int_equal(play_model_toggle(m, (struct square){f, ranks[f] - 1}),
		                 0);
}

/* A store of its own in a fresh directory, which the test removes. */
static void store_here(struct store *st, char *dir, size_t len)
{
	char err[256];

	snprintf(dir, len, "%s/nq-test-play-XXXXXX",
	         getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	assert_non_null(mkdtemp(dir));
	assert_int_equal(store_init(st, dir, err, sizeof err), 0);
}

static void store_gone(struct store *st, char *dir)
{
	char cmd[600];

	store_free(st);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

/*
 * The role of the status's line that begins with text (it must be there):
 * the colour a line is drawn in is decided by the model, and asserted here.
 */
static enum theme_item role_of(const struct play_model *m, const char *text)
{
	struct play_status s;

	play_model_status(m, &s);
	assert_true(s.count < PLAY_STATUS_MAX);
	for (int i = 0; i < s.count; i++)
		if (strncmp(s.line[i].text, text, strlen(text)) == 0)
			return s.line[i].role;
	fail_msg("no status line begins with \"%s\"", text);
	return THEME_COUNT;
}

/* Whether a line of the status begins with text. */
static bool status_says(const struct play_model *m, const char *text)
{
	struct play_status s;

	play_model_status(m, &s);
	for (int i = 0; i < s.count; i++)
		if (strncmp(s.line[i].text, text, strlen(text)) == 0)
			return true;
	return false;
}

/* Solution #1 of 8 (a1 b5 c8 d6 e3 f7 g2 h4): judged, numbered, kept as found. */
static void test_solve(void **state)
{
	static const int first[8] = {1, 5, 8, 6, 3, 7, 2, 4};
	struct play_model m;
	struct play_env e;
	struct store st;
	char dir[512];

	(void)state;
	store_here(&st, dir, sizeof dir);
	e = env(&st);
	fake_now = 1000;
	assert_int_equal(play_model_init(&m, 8, NULL, NULL, &e), 0);
	assert_true(m.judged);
	assert_int_equal(m.st.completions, 92);
	assert_int_equal(role_of(&m, "Solvable: yes, 92 completions"), THEME_GOOD);
	assert_int_equal(role_of(&m, "Conflicts: none"), THEME_NORMAL);
	assert_int_equal(role_of(&m, "time 0:00"), THEME_NORMAL);
	place_all(&m, first);
	assert_true(m.st.solved);
	/* A solve is good news, in every line that says it. */
	assert_int_equal(role_of(&m, "Solved!"), THEME_GOOD);
	assert_int_equal(role_of(&m, "solution #1 of 92 (b: browse)"), THEME_GOOD);
	assert_int_equal(role_of(&m, "time 0:00"), THEME_GOOD);
	assert_int_equal(role_of(&m, "class 1 of 12, its representative"), THEME_NORMAL);
	assert_int_equal(role_of(&m, "found 1 of 92, 1 of 12 classes"), THEME_NORMAL);
	assert_int_equal(m.index, 1);
	assert_int_equal(m.class_index, 1);
	assert_int_equal(m.transform, SYM_ID);
	assert_int_equal(m.total, 92);
	assert_int_equal(m.classes, 12);
	assert_true(m.solved_shown);
	assert_int_equal(m.solved_events, 1);
	assert_int_equal(store_found(&st, STORE_SOLUTIONS, 8), 1);
	assert_int_equal(store_found(&st, STORE_CLASSES, 8), 1);
	/* Taking one queen back and placing it again is the same solution, lit again. */
	assert_int_equal(play_model_undo(&m, -1), 0);
	assert_false(m.st.solved);
	assert_false(m.solved_shown);
	assert_int_equal(play_model_undo(&m, 1), 0);
	assert_true(m.st.solved);
	assert_int_equal(m.solved_events, 2);
	assert_int_equal(store_found(&st, STORE_SOLUTIONS, 8), 1);
	play_model_free(&m);
	store_gone(&st, dir);
}

/* A conflict is judged unsolvable; a hint names a queen to remove. */
static void test_conflict(void **state)
{
	struct play_model m;
	struct play_env e = env(NULL);

	(void)state;
	assert_int_equal(play_model_init(&m, 8, NULL, NULL, &e), 0);
	play_model_toggle(&m, (struct square){0, 0});
	play_model_toggle(&m, (struct square){1, 1});
	assert_true(m.judged);
	assert_false(m.st.completable);
	assert_false(m.st.unfinished);
	/* Bad news is said in BAD's colour, not dimmed as a note is. */
	assert_int_equal(role_of(&m, "Conflicts: 1 (a1-b2"), THEME_BAD);
	assert_int_equal(role_of(&m, "Solvable: no"), THEME_BAD);
	assert_int_equal(play_model_message_role(&m), THEME_NORMAL);
	play_model_hint(&m);
	assert_true(m.hint_shown);
	assert_non_null(strstr(m.message, "No completion from here"));
	play_model_free(&m);
}

/* Undo and redo walk the history; a new move after undoing drops what was undone. */
static void test_undo(void **state)
{
	struct play_model m;
	struct play_env e = env(NULL);

	(void)state;
	assert_int_equal(play_model_init(&m, 6, NULL, NULL, &e), 0);
	assert_int_equal(play_model_undo(&m, -1), 0);
	assert_string_equal(m.message, "Nothing to undo.");
	play_model_toggle(&m, (struct square){0, 1});
	play_model_toggle(&m, (struct square){1, 3});
	assert_int_equal(m.b.pos.count, 2);
	play_model_undo(&m, -1);
	play_model_undo(&m, -1);
	assert_int_equal(m.b.pos.count, 0);
	play_model_undo(&m, 1);
	assert_int_equal(m.b.pos.count, 1);
	play_model_toggle(&m, (struct square){2, 5});
	m.message[0] = '\0';
	play_model_undo(&m, 1);
	assert_string_equal(m.message, "Nothing to redo.");
	assert_int_equal(m.b.pos.count, 2);
	/* A size change is undone too. */
	assert_int_equal(play_model_resize(&m, 1), 0);
	assert_int_equal(m.n, 7);
	assert_int_equal(m.b.pos.count, 0);
	play_model_undo(&m, -1);
	assert_int_equal(m.n, 6);
	assert_int_equal(m.b.pos.count, 2);
	/* Sizes stop at the ends. */
	for (int i = 0; i < 30; i++)
		play_model_resize(&m, -1);
	assert_int_equal(m.n, 1);
	assert_string_equal(m.message, "Boards go from 1 to 18.");
	/* The cursor stops at the edges. */
	play_model_move(&m, 1, 1);
	assert_int_equal(m.cursor.file, 0);
	assert_int_equal(m.cursor.rank, 0);
	play_model_free(&m);
}

/* The clock runs from a new board to the solve, and starts again on a clear. */
static void test_clock(void **state)
{
	static const int five[5] = {1, 3, 5, 2, 4};
	struct play_model m;
	struct play_env e = env(NULL);
	char t[32];

	(void)state;
	fake_now = 5000;
	assert_int_equal(play_model_init(&m, 5, NULL, NULL, &e), 0);
	fake_now = 5000 + 45400;
	assert_int_equal(play_model_elapsed_ms(&m), 45400);
	play_model_key(&m);
	fake_now += 20000;
	play_format_time((long)(play_model_elapsed_ms(&m) / 1000), t, sizeof t);
	assert_string_equal(t, "1:05");
	place_all(&m, five);
	assert_true(m.st.solved);
	fake_now += 100000;
	/* Stopped at the solve. */
	assert_int_equal(play_model_elapsed_ms(&m), 65400);
	assert_int_equal(play_model_clear(&m), 0);
	assert_string_equal(m.message, "Cleared; u brings it back.");
	assert_int_equal(play_model_elapsed_ms(&m), 0);
	play_model_free(&m);
}

/*
 * The fair clock: it stands while the screen is covered (the help open six
 * seconds adds nothing), and of a spell without a key only the first
 * minute counts, up to the next key and after it too.
 */
static void test_fair_clock(void **state)
{
	static const int five[5] = {1, 3, 5, 2, 4};
	struct play_model m;
	struct play_env e = env(NULL);

	(void)state;
	fake_now = 1000;
	assert_int_equal(play_model_init(&m, 5, NULL, NULL, &e), 0);
	fake_now += 1000;
	play_model_key(&m);
	play_model_cover(&m, true);
	fake_now += 6000;
	assert_int_equal(play_model_elapsed_ms(&m), 1000);
	/* Covered twice is covered once. */
	play_model_cover(&m, true);
	fake_now += 500;
	play_model_cover(&m, false);
	play_model_cover(&m, false);
	assert_int_equal(play_model_elapsed_ms(&m), 1000);
	fake_now += 2000;
	assert_int_equal(play_model_elapsed_ms(&m), 3000);
	/*
	 * Idle for 90 s more: a minute from the last key (the help's closing
	 * is one) counts, while idle and once a key comes.
	 */
	fake_now += 90000;
	assert_int_equal(play_model_elapsed_ms(&m), 1000 + PLAY_IDLE_MS);
	play_model_key(&m);
	assert_int_equal(play_model_elapsed_ms(&m), 1000 + PLAY_IDLE_MS);
	fake_now += 4000;
	assert_int_equal(play_model_elapsed_ms(&m), 5000 + PLAY_IDLE_MS);
	/* The time of a solve is the fair one. */
	play_model_key(&m);
	place_all(&m, five);
	assert_true(m.st.solved);
	fake_now += 5000;
	play_model_cover(&m, true);
	fake_now += 5000;
	play_model_cover(&m, false);
	assert_int_equal(play_model_elapsed_ms(&m), 5000 + PLAY_IDLE_MS);
	play_model_free(&m);
}

/*
 * Assists: a puzzle hides the verdict and its completions by default (a
 * conflict is still said); a hint makes the solve assisted, which is timed
 * apart and leaves the clean best alone; a turns the verdict on, and that
 * makes the solve assisted too.
 */
static void test_assists(void **state)
{
	long day = daily_day(2024, 5, 17);
	char id[DAILY_ID_MAX], line[200], more[200], words[96];
	struct play_model m;
	struct play_env e;
	struct puzzle pz;
	struct play_status s;
	struct store st;
	char dir[512];
	int out[PUZZLE_MAX_N], first = -1;
	uint64_t ms;

	(void)state;
	store_here(&st, dir, sizeof dir);
	e = env(&st);
	assert_int_equal(daily_puzzle(day, &pz, id, sizeof id), 0);
	assert_int_equal(puzzle_complete(pz.n, pz.given, PUZZLE_WORK_LIMIT, out), 1);
	for (int f = 0; f < pz.n && first < 0; f++)
		if (pz.given[f] < 0)
			first = f;
	fake_now = 1000;
	assert_int_equal(play_model_init(&m, pz.n, &pz, id, &e), 0);
	assert_int_equal(m.assist, SETTINGS_ASSIST_SOME);
	assert_true(play_model_dots(&m));
	/* A wrong queen: no word of whether it can still be solved. */
	play_model_toggle(&m, (struct square){first, (out[first] + 1) % pz.n});
	play_model_status(&m, &s);
	for (int i = 0; i < s.count; i++) {
		assert_null(strstr(s.line[i].text, "Solvable"));
		assert_null(strstr(s.line[i].text, "completion"));
	}
	assert_true(status_says(&m, "assists some: clean"));
	play_model_toggle(&m, (struct square){first, (out[first] + 1) % pz.n});
	/* A hint: assisted from now on. */
	play_model_hint(&m);
	assert_true(m.hint_shown);
	assert_true(play_model_assisted(&m));
	play_model_assist_words(&m, false, words, sizeof words);
	assert_string_equal(words, "assisted: 1 hint");
	assert_true(status_says(&m, "assists some: 1 hint"));
	fake_now = 31000;
	for (int f = 0; f < pz.n; f++)
		if (pz.given[f] < 0)
			play_model_toggle(&m, (struct square){f, out[f]});
	assert_true(m.st.solved);
	play_model_banner(&m, "-", line, sizeof line, more, sizeof more);
	assert_string_equal(more, "Assisted: 1 hint.");
	/* Timed apart: no clean best, no day of the streak. */
	assert_false(store_best(&st, id, true, NULL));
	assert_true(store_best(&st, id, false, &ms));
	assert_int_equal(ms, 30000);
	assert_int_equal(m.streak.current, 0);
	play_model_free(&m);

	/* Clean: the clean best, and the streak. */
	fake_now = 1000;
	assert_int_equal(play_model_init(&m, pz.n, &pz, id, &e), 0);
	fake_now = 41000;
	for (int f = 0; f < pz.n; f++)
		if (pz.given[f] < 0)
			play_model_toggle(&m, (struct square){f, out[f]});
	play_model_banner(&m, "-", line, sizeof line, more, sizeof more);
	assert_string_equal(more, "Daily puzzle: 1 day in a row. Clean.");
	assert_true(store_best(&st, id, true, &ms));
	assert_int_equal(ms, 40000);
	assert_true(store_best(&st, id, false, &ms));
	assert_int_equal(ms, 30000);
	play_model_free(&m);

	/* a to all: the verdict is shown, and the solve is assisted. */
	fake_now = 1000;
	assert_int_equal(play_model_init(&m, pz.n, &pz, id, &e), 0);
	play_model_assist_next(&m);
	assert_int_equal(m.assist, SETTINGS_ASSIST_ALL);
	assert_true(status_says(&m, "Solvable: yes, 1 completion"));
	assert_true(play_model_assisted(&m));
	/* Back to none: no dots, no hints, and still assisted. */
	play_model_assist_next(&m);
	assert_int_equal(m.assist, SETTINGS_ASSIST_NONE);
	assert_false(play_model_dots(&m));
	play_model_hint(&m);
	assert_false(m.hint_shown);
	assert_true(play_model_assisted(&m));
	play_model_free(&m);
	store_gone(&st, dir);
}

/*
 * A puzzle left is kept and resumed with its queens, marks, clock and the
 * assists it used; a damaged saved game is named once, then forgotten.
 */
static void test_resume(void **state)
{
	long day = daily_day(2024, 5, 17);
	char id[DAILY_ID_MAX], err[1100];
	struct play_model m;
	struct play_env e;
	struct puzzle pz;
	struct store st;
	char dir[512];
	int free_file = -1, rank = 0;

	(void)state;
	store_here(&st, dir, sizeof dir);
	e = env(&st);
	assert_int_equal(daily_puzzle(day, &pz, id, sizeof id), 0);
	for (int f = 0; f < pz.n && free_file < 0; f++)
		if (pz.given[f] < 0)
			free_file = f;
	fake_now = 1000;
	assert_int_equal(play_model_init(&m, pz.n, &pz, id, &e), 0);
	assert_int_equal(play_model_toggle(&m, (struct square){free_file, rank}), 0);
	assert_int_equal(play_model_mark(&m, (struct square){free_file, rank + 1}), 0);
	play_model_hint(&m);
	fake_now = 32000;
	assert_int_equal(play_model_keep(&m, err, sizeof err), 1);
	play_model_free(&m);
	fake_now = 500000;
	assert_int_equal(play_model_init(&m, pz.n, &pz, id, &e), 0);
	assert_string_equal(m.message,
	                    "Your game resumed, its clock at 0:31 (c clears the board).");
	assert_int_equal(play_model_elapsed_ms(&m), 31000);
	assert_true(board_has(&m.b, (struct square){free_file, rank}));
	assert_true(play_model_marked(&m, (struct square){free_file, rank + 1}));
	assert_int_equal(m.hints_used, 1);
	/* u goes back to the givens; c clears, and then nothing is kept. */
	assert_int_equal(play_model_undo(&m, -1), 0);
	assert_false(board_has(&m.b, (struct square){free_file, rank}));
	assert_int_equal(play_model_undo(&m, 1), 0);
	assert_int_equal(play_model_clear(&m), 0);
	assert_int_equal(play_model_keep(&m, err, sizeof err), 0);
	play_model_free(&m);
	assert_int_equal(play_model_init(&m, pz.n, &pz, id, &e), 0);
	assert_int_equal(m.b.pos.count, (size_t)pz.ngiven);
	play_model_free(&m);
	/* Damaged: named once, the rest of the progress kept. */
	assert_int_equal(store_record_time(&st, "08-easy-01", 5000), 1);
	assert_int_equal(
	        store_set_setting(&st, "game.daily-2024-05-17", "t 5 h 0 v 9 q 0 x 0"),
	        0);
	assert_int_equal(play_model_init(&m, pz.n, &pz, id, &e), 0);
	assert_non_null(
	        strstr(m.message, "The saved game of daily-2024-05-17 is damaged ("));
	play_model_free(&m);
	assert_int_equal(play_model_init(&m, pz.n, &pz, id, &e), 0);
	assert_string_equal(m.message, "");
	assert_true(store_best_time(&st, "08-easy-01", NULL));
	play_model_free(&m);
	store_gone(&st, dir);
}

/*
 * Marks: the player's own, on empty squares only, undone and redone as
 * moves are; a queen put on one takes its place.
 */
static void test_marks(void **state)
{
	struct play_model m;
	struct play_env e = env(NULL);
	struct square a = {0, 0}, b = {1, 2};

	(void)state;
	assert_int_equal(play_model_init(&m, 6, NULL, NULL, &e), 0);
	assert_int_equal(play_model_mark(&m, a), 0);
	assert_true(play_model_marked(&m, a));
	assert_int_equal(play_model_toggle(&m, b), 0);
	assert_int_equal(play_model_mark(&m, b), 0);
	assert_false(play_model_marked(&m, b));
	assert_string_equal(m.message,
	                    "A queen stands there: marks go on empty squares.");
	assert_int_equal(play_model_undo(&m, -1), 0);
	assert_true(play_model_marked(&m, a));
	assert_int_equal(play_model_undo(&m, -1), 0);
	assert_false(play_model_marked(&m, a));
	assert_int_equal(play_model_undo(&m, 1), 0);
	assert_true(play_model_marked(&m, a));
	assert_int_equal(play_model_toggle(&m, a), 0);
	assert_false(play_model_marked(&m, a));
	assert_int_equal(play_model_undo(&m, -1), 0);
	assert_true(play_model_marked(&m, a));
	assert_int_equal(play_model_clear(&m), 0);
	assert_false(play_model_marked(&m, a));
	play_model_free(&m);
}

/*
 * Giving up shows a solution that is never said solved, neither found nor
 * timed; u takes it back, and a solve later in that game earns nothing.
 */
static void test_give_up(void **state)
{
	static const int first[8] = {1, 5, 8, 6, 3, 7, 2, 4};
	char line[200], more[200];
	struct play_model m;
	struct play_env e;
	struct store st;
	char dir[512];

	(void)state;
	store_here(&st, dir, sizeof dir);
	e = env(&st);
	e.assist = 1 + SETTINGS_ASSIST_SOME;
	assert_int_equal(play_model_init(&m, 8, NULL, NULL, &e), 0);
	play_model_toggle(&m, (struct square){0, 0});
	assert_int_equal(play_model_give_up(&m), 0);
	assert_true(m.gave_up);
	assert_true(m.st.solved);
	/* A solution shown is no solve: dimmed, and never "Solved!". */
	assert_int_equal(role_of(&m, "Given up: a solution shown"), THEME_DIMMED);
	assert_false(status_says(&m, "Solved!"));
	assert_false(status_says(&m, "solution #"));
	/* No event: nothing lights up, no banner, no bell. */
	assert_false(m.solved_shown);
	assert_int_equal(m.solved_events, 0);
	play_model_banner(&m, "-", line, sizeof line, more, sizeof more);
	assert_string_equal(line, "");
	assert_true(board_has(&m.b, (struct square){0, 0}));
	assert_non_null(strstr(m.message, "A solution with your queens"));
	assert_int_equal(store_found(&st, STORE_SOLUTIONS, 8), 0);
	assert_int_equal(m.solved_ms, 0);
	play_model_give_up(&m);
	assert_string_equal(m.message, "A solution is shown already.");
	/* Undo clears it; redo shows it again, as shown. */
	play_model_undo(&m, -1);
	assert_int_equal(m.b.pos.count, 1);
	assert_false(m.gave_up);
	play_model_undo(&m, 1);
	assert_true(m.gave_up);
	assert_false(m.solved_shown);
	play_model_undo(&m, -1);
	assert_false(m.gave_up);
	/* Solved by hand after seeing one: said, but not counted. */
	play_model_toggle(&m, (struct square){0, 0});
	place_all(&m, first);
	assert_true(m.st.solved);
	assert_false(m.gave_up);
	assert_true(m.solved_shown);
	assert_int_equal(m.solved_events, 1);
	assert_int_equal(store_found(&st, STORE_SOLUTIONS, 8), 0);
	assert_false(store_best_time(&st, "free-8x8", NULL));
	play_model_banner(&m, "-", line, sizeof line, more, sizeof more);
	assert_string_equal(more, "Not counted: s showed a solution in this game.");
	/* A new game is a fresh start. */
	assert_int_equal(play_model_clear(&m), 0);
	assert_false(m.peeked);
	place_all(&m, first);
	assert_int_equal(store_found(&st, STORE_SOLUTIONS, 8), 1);
	assert_true(store_best_time(&st, "free-8x8", NULL));
	play_model_free(&m);
	store_gone(&st, dir);
}

/* The banner of a solve: which solution, its class, the time; a new best is said. */
static void test_banner(void **state)
{
	static const int first[8] = {1, 5, 8, 6, 3, 7, 2, 4};
	char line[200], more[200];
	struct play_model m;
	struct play_env e;
	struct store st;
	char dir[512];
	uint64_t best;

	(void)state;
	store_here(&st, dir, sizeof dir);
	e = env(&st);
	e.assist = 1 + SETTINGS_ASSIST_SOME;
	fake_now = 1000;
	assert_int_equal(play_model_init(&m, 8, NULL, NULL, &e), 0);
	play_model_banner(&m, "-", line, sizeof line, more, sizeof more);
	assert_string_equal(line, "");
	fake_now = 43000;
	place_all(&m, first);
	play_model_banner(&m, "\u2014", line, sizeof line, more, sizeof more);
	assert_string_equal(line, "Solved \u2014 #1 of 92, class 1, 0:42");
	assert_string_equal(more, "Clean.");
	assert_true(store_best_time(&st, "free-8x8", &best));
	assert_int_equal(best, 42000);
	assert_false(m.new_best);
	/* A new game, faster: a new best, and the one it beat. */
	assert_int_equal(play_model_clear(&m), 0);
	fake_now += 30000;
	place_all(&m, first);
	assert_true(m.new_best);
	play_model_banner(&m, "-", line, sizeof line, more, sizeof more);
	assert_string_equal(line, "Solved - #1 of 92, class 1, 0:30");
	assert_string_equal(more, "A new best time: it was 0:42. Clean.");
	/* Slower: said solved, no new best. */
	assert_int_equal(play_model_clear(&m), 0);
	fake_now += 50000;
	place_all(&m, first);
	assert_false(m.new_best);
	play_model_banner(&m, "-", line, sizeof line, more, sizeof more);
	assert_string_equal(line, "Solved - #1 of 92, class 1, 0:50");
	assert_string_equal(more, "Clean.");
	assert_true(store_best_time(&st, "free-8x8", &best));
	assert_int_equal(best, 30000);
	play_model_free(&m);
	store_gone(&st, dir);
}

/* The daily puzzle: its time is a day of the streak, and the banner says how many. */
static void test_daily(void **state)
{
	long day = daily_day(2024, 5, 17);
	char id[DAILY_ID_MAX], line[200], more[200];
	struct play_model m;
	struct play_env e;
	struct puzzle pz;
	struct store st;
	char dir[512];
	int out[PUZZLE_MAX_N];

	(void)state;
	store_here(&st, dir, sizeof dir);
	e = env(&st);
	assert_int_equal(store_record_time(&st, "daily-2024-05-16", 90000), 1);
	assert_int_equal(daily_puzzle(day, &pz, id, sizeof id), 0);
	fake_now = 0;
	assert_int_equal(play_model_init(&m, pz.n, &pz, id, &e), 0);
	assert_true(m.is_daily);
	assert_int_equal(m.streak.current, 1);
	assert_false(m.streak.done_today);
	assert_int_equal(puzzle_complete(pz.n, pz.given, PUZZLE_WORK_LIMIT, out), 1);
	fake_now = 55000;
	for (int f = 0; f < pz.n; f++)
		if (pz.given[f] < 0)
			play_model_toggle(&m, (struct square){f, out[f]});
	assert_true(m.st.solved);
	assert_true(store_best_time(&st, "daily-2024-05-17", NULL));
	assert_int_equal(m.streak.current, 2);
	assert_true(m.streak.done_today);
	play_model_banner(&m, "-", line, sizeof line, more, sizeof more);
	assert_string_equal(line, "Solved - #45 of 92, class 5, 0:55");
	assert_string_equal(more, "Daily puzzle: 2 days in a row. Clean.");
	/* The result to share: no square of the solution in it. */
	assert_string_equal(m.message, "To share: nqueens daily 2024-05-17: 8x8 hard in "
	                               "0:55, clean, streak 2");
	assert_true(play_model_share(&m, line, sizeof line));
	assert_string_equal(line, m.message + strlen("To share: "));
	assert_string_equal(m.next_id, "");
	play_model_free(&m);
	store_gone(&st, dir);
}

/* Above the board size judged at once, the judge is a task: its verdict comes by wake. */
static void test_judge_task(void **state)
{
	static const int twelve[12] = {1, 3, 5, 8, 10, 12, 6, 11, 2, 7, 9, 4};
	struct play_model m;
	struct play_env e = env(NULL);

	(void)state;
	assert_int_equal(play_model_init(&m, 12, NULL, NULL, &e), 0);
	assert_false(m.judged);
	assert_int_equal(role_of(&m, "Solvable: counting..."), THEME_DIMMED);
	assert_true(play_model_wait(&m, 20000));
	assert_true(m.judged);
	assert_int_equal(m.st.completions, 14200);
	place_all(&m, twelve);
	/* A solution is known at once; which one it is, from the task. */
	assert_true(m.st.solved);
	assert_int_equal(m.index, 0);
	assert_true(play_model_wait(&m, 20000));
	assert_int_equal(m.index, 1);
	assert_int_equal(m.class_index, 1);
	assert_int_equal(m.solved_events, 1);
	/* A move while the judge works stops it; leaving joins it. */
	play_model_toggle(&m, (struct square){0, 0});
	play_model_free(&m);
}

/* A puzzle: its givens stay, leaving asks, the time is kept as the best. */
static void test_puzzle(void **state)
{
	struct play_model m;
	struct play_env e;
	struct puzzle pz;
	struct store st;
	char dir[512], err[512], path[1024];
	int out[PUZZLE_MAX_N];
	uint64_t best;

	(void)state;
	snprintf(path, sizeof path, "%s/puzzles/05-easy-01.txt", SRCDATADIR);
	assert_int_equal(puzzle_load(path, &pz, err, sizeof err), 0);
	store_here(&st, dir, sizeof dir);
	e = env(&st);
	e.puzzle_dir = SRCDATADIR "/puzzles";
	fake_now = 0;
	assert_int_equal(play_model_init(&m, 5, &pz, "05-easy-01", &e), 0);
	assert_true(m.is_puzzle);
	assert_int_equal(m.b.pos.count, (size_t)pz.ngiven);
	assert_false(play_model_unfinished(&m));
	assert_int_equal(role_of(&m, "Puzzle: 5 queens, easy, no. 1"), THEME_TITLE);
	assert_int_equal(role_of(&m, "easy, time 0:00, best none"), THEME_NORMAL);
	assert_false(status_says(&m, "n: the next puzzle"));
	play_model_toggle(&m, (struct square){0, 4});
	assert_string_equal(m.message, "That queen is given by the puzzle.");
	assert_int_equal(play_model_resize(&m, 1), 0);
	assert_string_equal(m.message, "A puzzle keeps its size.");
	assert_int_equal(puzzle_complete(5, pz.given, PUZZLE_WORK_LIMIT, out), 1);
	fake_now = 42000;
	for (int f = 0; f < 5; f++)
		if (pz.given[f] < 0) {
			play_model_toggle(&m, (struct square){f, out[f]});
			if (!m.st.solved)
				assert_true(play_model_unfinished(&m));
		}
	assert_true(m.st.solved);
	assert_false(play_model_unfinished(&m));
	assert_true(store_best_time(&st, "05-easy-01", &best));
	assert_int_equal(best, 42000);
	assert_true(m.has_best);
	assert_string_equal(m.next_id, "05-medium-01");
	/* The way on from a solve is good news, as the solve is. */
	assert_int_equal(role_of(&m, "Solved!"), THEME_GOOD);
	assert_int_equal(role_of(&m, "n: the next puzzle, 05-medium-01"), THEME_GOOD);
	/* Leaving a puzzle is asked in BAD's colour. */
	m.confirm_leave = true;
	assert_int_equal(play_model_message_role(&m), THEME_BAD);
	play_model_free(&m);
	store_gone(&st, dir);
}

/*
 * The verdicts the other tests do not reach: a position without a conflict
 * that no solution completes is BAD news; one whose count ran past the work
 * limit is not known, dimmed; one counted in part is still good news.  The
 * status's other lines keep their place: a blank line before a puzzle's.
 */
static void test_roles(void **state)
{
	struct play_model m;
	struct play_env e = env(NULL);
	struct play_status s;

	(void)state;
	/* No solution of 4 has a queen in a corner. */
	assert_int_equal(play_model_init(&m, 4, NULL, NULL, &e), 0);
	play_model_toggle(&m, (struct square){0, 0});
	assert_true(m.judged);
	assert_int_equal(role_of(&m, "Conflicts: none"), THEME_NORMAL);
	assert_int_equal(role_of(&m, "Solvable: no"), THEME_BAD);
	play_model_status(&m, &s);
	assert_int_equal(s.core, 3);
	assert_string_equal(s.line[2].text, "Solvable: no");
	for (int i = 0; i < s.count; i++)
		assert_false(s.line[i].gap);
	/* The judge's verdicts past its work limit, as it would give them. */
	m.st.unfinished = true;
	assert_int_equal(role_of(&m, "Solvable: unknown (too much work)"), THEME_DIMMED);
	m.st.completable = true;
	m.st.completions = 7;
	assert_int_equal(
	        role_of(&m, "Solvable: yes, at least 7 completions (count stopped)"),
	        THEME_GOOD);
	play_model_free(&m);
}

/*
 * Memory running short is said, never an abort: the model that cannot be
 * made says so, and a move that cannot be remembered is taken back.
 */
static void test_out_of_memory(void **state)
{
	struct play_model m;
	struct play_env e = env(NULL);

	(void)state;
	fail_in = 0;
	assert_int_equal(play_model_init(&m, 8, NULL, NULL, &e), -1);
	fail_in = -1;
	assert_int_equal(play_model_init(&m, 8, NULL, NULL, &e), 0);
	fail_in = 0;
	assert_int_equal(play_model_toggle(&m, (struct square){0, 0}), -1);
	assert_int_equal(m.b.pos.count, 0);
	fail_in = -1;
	assert_int_equal(play_model_toggle(&m, (struct square){0, 0}), 0);
	assert_int_equal(m.b.pos.count, 1);
	play_model_free(&m);
	/* Above the size judged at once, the judge's own board. */
	assert_int_equal(play_model_init(&m, 12, NULL, NULL, &e), 0);
	assert_true(play_model_wait(&m, 20000));
	fail_in = 1;
	assert_int_equal(play_model_toggle(&m, (struct square){0, 0}), -1);
	fail_in = -1;
	play_model_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_solve),         cmocka_unit_test(test_conflict),
	        cmocka_unit_test(test_undo),          cmocka_unit_test(test_clock),
	        cmocka_unit_test(test_fair_clock),    cmocka_unit_test(test_assists),
	        cmocka_unit_test(test_marks),         cmocka_unit_test(test_resume),
	        cmocka_unit_test(test_give_up),       cmocka_unit_test(test_banner),
	        cmocka_unit_test(test_daily),         cmocka_unit_test(test_judge_task),
	        cmocka_unit_test(test_puzzle),        cmocka_unit_test(test_roles),
	        cmocka_unit_test(test_out_of_memory),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
