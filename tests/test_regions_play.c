/* Unit tests of the Queens with regions model without a terminal: the rules' conflicts
 * one by one, a win, undo and redo, marks, the clock, hints that teach and what they
 * do, the status's roles, the daily regions puzzle. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/board.h"
#include "engine/daily.h"
#include "engine/regions.h"
#include "engine/settings.h"
#include "engine/stats.h"
#include "engine/store.h"
#include "tui/regions_model.h"
#include "tui/theme.h"

static long long fake_now;

static long long fake_clock(void)
{
	return fake_now;
}

static const struct regions_env env = {.clock_ms = fake_clock};

/*
 * A 5x5 board drawn as its file shows it (rank 5 on top):
 *   5 aabbb
 *   4 aabcc
 *   3 ddbcc
 *   2 ddeec
 *   1 deeee
 */
static const char five[] = "size: 5\n"
                           "regions:\n"
                           "aabbb\n"
                           "aabcc\n"
                           "ddbcc\n"
                           "ddeec\n"
                           "deeee\n";

static struct square sq(const char *name)
{
	return (struct square){name[0] - 'a', name[1] - '1'};
}

static void load_five(struct regions_model *m)
{
	struct regions_board b;
	char err[600];

	assert_int_equal(regions_parse(five, "five", &b, err, sizeof err), 0);
	regions_model_init(m, &b, "", &env);
}

/* Two queens on a and c: whether the model says both are in conflict. */
static bool pair_conflicts(const char *a, const char *c)
{
	static struct regions_model m;
	bool ca, cc;

	load_five(&m);
	regions_model_toggle(&m, sq(a));
	regions_model_toggle(&m, sq(c));
	ca = regions_model_conflict(&m, sq(a));
	cc = regions_model_conflict(&m, sq(c));
	assert_int_equal(ca, cc);
	assert_int_equal(regions_model_conflicts(&m), ca ? 2 : 0);
	return ca;
}

/* Each rule on its own: a row, a column, a region, touching (diagonally too). */
static void test_conflicts(void **state)
{
	(void)state;
	/* a1 (d) and c1 (e): the same row, other regions, not touching. */
	assert_true(pair_conflicts("a1", "c1"));
	/* a1 (d) and a4 (a): the same column. */
	assert_true(pair_conflicts("a1", "a4"));
	/* c2 (e) and e1 (e): one region, another row and column, apart. */
	assert_true(pair_conflicts("c2", "e1"));
	/* b3 (d) and c4 (b): touching diagonally, nothing else shared. */
	assert_true(pair_conflicts("b3", "c4"));
	/* b3 (d) and c2 (e): touching the other way. */
	assert_true(pair_conflicts("b3", "c2"));
	/* a5 (a) and c4 (b): a knight's move apart, other regions: no conflict. */
	assert_false(pair_conflicts("a5", "c4"));
	/* a1 (d) and e5 (b): far apart. */
	assert_false(pair_conflicts("a1", "e5"));
}

static void make(struct regions_model *m, int n, enum regions_grade g, uint64_t seed)
{
	struct regions_board b;

	assert_int_equal(regions_generate(n, g, seed, &b), 0);
	regions_model_init(m, &b, "", &env);
}

/* The solution by the engine's exact solver, by file. */
static void solution(const struct regions_model *m, int *ranks)
{
	int sols[2][REGIONS_MAX_N];

	assert_int_equal(regions_solutions(&m->board, 2, sols), 1);
	memcpy(ranks, sols[0], sizeof sols[0]);
}

static void test_win(void **state)
{
	static struct regions_model m;
	struct regions_status st;
	int ranks[REGIONS_MAX_N];

	(void)state;
	fake_now = 1000;
	make(&m, 8, REGIONS_MEDIUM, 7);
	solution(&m, ranks);
	for (int f = 0; f < 8; f++) {
		assert_false(regions_model_solved(&m));
		fake_now += 2000;
		regions_model_key(&m);
		regions_model_toggle(&m, (struct square){f, ranks[f]});
	}
	assert_true(regions_model_solved(&m));
	assert_int_equal(m.solved_ms, 17000);
	assert_int_equal(regions_model_elapsed_ms(&m), 16000);
	assert_non_null(strstr(m.message, "Solved in 0:16."));
	fake_now += 60000;
	assert_int_equal(regions_model_elapsed_ms(&m), 16000);
	regions_model_status(&m, &st);
	assert_string_equal(st.line[2].text, "time: 0:16, clean");
	assert_int_equal(st.line[2].role, THEME_GOOD);
	assert_int_equal(st.line[st.count - 1].role, THEME_GOOD);
	assert_false(regions_model_assisted(&m));
	/* A solved board takes no more moves. */
	regions_model_toggle(&m, (struct square){0, ranks[0]});
	assert_true(regions_model_solved(&m));
}

static void test_undo_redo(void **state)
{
	static struct regions_model m;

	(void)state;
	load_five(&m);
	regions_model_undo(&m, -1);
	assert_string_equal(m.message, "Nothing to undo.");
	regions_model_toggle(&m, sq("a1"));
	regions_model_mark(&m, sq("b2"));
	assert_true(regions_model_queen(&m, sq("a1")));
	assert_true(regions_model_marked(&m, sq("b2")));
	regions_model_undo(&m, -1);
	assert_false(regions_model_marked(&m, sq("b2")));
	assert_true(regions_model_queen(&m, sq("a1")));
	regions_model_undo(&m, -1);
	assert_false(regions_model_queen(&m, sq("a1")));
	regions_model_undo(&m, 1);
	regions_model_undo(&m, 1);
	assert_true(regions_model_queen(&m, sq("a1")));
	assert_true(regions_model_marked(&m, sq("b2")));
	regions_model_undo(&m, 1);
	assert_string_equal(m.message, "Nothing to redo.");
	/* A new move drops the redo. */
	regions_model_undo(&m, -1);
	regions_model_toggle(&m, sq("e5"));
	regions_model_undo(&m, 1);
	assert_string_equal(m.message, "Nothing to redo.");
	/* A queen on a mark takes its place; a mark is refused under a queen. */
	regions_model_mark(&m, sq("c3"));
	regions_model_toggle(&m, sq("c3"));
	assert_false(regions_model_marked(&m, sq("c3")));
	regions_model_mark(&m, sq("c3"));
	assert_false(regions_model_marked(&m, sq("c3")));
	assert_non_null(strstr(m.message, "A queen stands there"));
	regions_model_clear(&m);
	assert_int_equal(regions_model_queens(&m), 0);
	regions_model_undo(&m, -1);
	assert_int_equal(regions_model_queens(&m), 3);
}

/* The model's position and the solver's state agree square by square. */
static void assert_same_state(const struct regions_state *a,
                              const struct regions_state *b, int n)
{
	for (int r = 0; r < n; r++) {
		assert_int_equal(a->free[r], b->free[r]);
		assert_int_equal(a->queen[r], b->queen[r]);
	}
	assert_int_equal(a->queens, b->queens);
}

/* Each hint applied (t twice) is regions_apply's deduction, to the solve. */
static void test_hints_apply(void **state)
{
	static struct regions_model m;
	static const enum regions_grade grades[] = {REGIONS_EASY, REGIONS_MEDIUM,
	                                            REGIONS_HARD};

	(void)state;
	for (size_t g = 0; g < 3; g++) {
		int steps = 0;
		bool hard_seen = false;

		make(&m, 8, grades[g], 11);
		while (!regions_model_solved(&m)) {
			struct regions_state before, after, got;
			struct regions_deduction d;

			regions_model_state(&m, &before);
			assert_int_equal(regions_next_deduction(&before, &d), 1);
			regions_model_hint(&m);
			assert_int_equal(m.hint_stage, 1);
			assert_false(m.hint_bad);
			assert_int_equal(m.hint.kind, d.kind);
			assert_true(strlen(m.hint_text) > 20);
			hard_seen |= d.grade == REGIONS_HARD;
			/* What it lights: its strikes, or its queen's square. */
			for (int r = 0; r < 8; r++)
				for (int f = 0; f < 8; f++) {
					struct square s = {f, r};
					bool strikes = d.places
					                       ? f == d.queen.file &&
					                                 r == d.queen.rank
					                       : (d.strikes[r] >> f) & 1;

					assert_int_equal(
					        regions_model_hint_strikes(&m, s),
					        strikes);
				}
			after = before;
			regions_apply(&after, &d);
			regions_model_hint(&m);
			regions_model_state(&m, &got);
			assert_same_state(&after, &got, 8);
			assert_true(++steps < 200);
		}
		assert_true(regions_model_assisted(&m));
		assert_int_equal(m.hints_used, steps);
		/* A hard puzzle's hints name a deduction of k regions. */
		assert_int_equal(hard_seen, grades[g] == REGIONS_HARD);
	}
}

/* The regions named by colour in the words, when the screen gives names. */
static void test_hint_words(void **state)
{
	static struct regions_model m;
	static const char *const names[] = {"purple", "orange", "blue", "green",
	                                    "yellow", "pink",   "grey", "teal"};
	struct regions_state st;
	struct regions_deduction d;
	char want[REGIONS_TEXT_MAX];

	(void)state;
	make(&m, 8, REGIONS_MEDIUM, 7);
	memcpy(m.names, names, sizeof names);
	regions_model_state(&m, &st);
	assert_int_equal(regions_next_deduction(&st, &d), 1);
	regions_describe(&m.board, &d, names, want, sizeof want);
	regions_model_hint(&m);
	assert_memory_equal(m.hint_text, want, strlen(want));
	/* It lights the regions it reasons on. */
	for (int r = 0; r < 8; r++)
		for (int f = 0; f < 8; f++) {
			struct square s = {f, r};
			int g = regions_region(&m.board, s);

			if ((d.regions >> g) & 1)
				assert_true(regions_model_hint_uses(&m, s));
		}
	/* Esc hides it; a move too. */
	regions_model_hint_hide(&m);
	assert_int_equal(m.hint_stage, 0);
	assert_false(regions_model_hint_uses(&m, (struct square){0, 0}));
}

/* A position that breaks a rule: the hint says what is wrong, in the bad role. */
static void test_hint_wrong(void **state)
{
	static struct regions_model m;
	struct regions_status st;

	(void)state;
	load_five(&m);
	regions_model_toggle(&m, sq("a1"));
	regions_model_toggle(&m, sq("c1"));
	regions_model_hint(&m);
	assert_int_equal(m.hint_stage, 2);
	assert_true(m.hint_bad);
	assert_non_null(strstr(m.hint_text, "a1 and c1 share a row"));
	regions_model_status(&m, &st);
	assert_int_equal(st.line[st.count - 1].role, THEME_BAD);
	assert_int_equal(st.line[1].role, THEME_BAD); /* conflicts: 2 */
	/* Pressed again on the same position: no second hint counted. */
	regions_model_hint(&m);
	assert_int_equal(m.hints_used, 1);
	regions_model_undo(&m, -1);
	assert_int_equal(m.hint_stage, 0);
	/* Touching, and a mark that leaves a region without a square. */
	regions_model_undo(&m, -1);
	regions_model_toggle(&m, sq("b3"));
	regions_model_toggle(&m, sq("c2"));
	regions_model_hint(&m);
	assert_non_null(strstr(m.hint_text, "touch"));
	regions_model_clear(&m);
	regions_model_mark(&m, sq("a4"));
	regions_model_mark(&m, sq("a5"));
	regions_model_mark(&m, sq("b4"));
	regions_model_mark(&m, sq("b5"));
	regions_model_hint(&m);
	assert_true(m.hint_bad);
	assert_non_null(strstr(m.hint_text, "no free square"));
	/* Assists off: no hint at all. */
	regions_model_assist_next(&m);
	assert_int_equal(m.assist, SETTINGS_ASSIST_NONE);
	regions_model_hint(&m);
	assert_int_equal(m.hint_stage, 0);
	assert_non_null(strstr(m.message, "Hints are off"));
}

/* The fair clock: idle beyond a minute and time covered are not counted. */
static void test_clock(void **state)
{
	static struct regions_model m;

	(void)state;
	fake_now = 0;
	load_five(&m);
	fake_now = 10000;
	assert_int_equal(regions_model_elapsed_ms(&m), 10000);
	fake_now = 200000;
	assert_int_equal(regions_model_elapsed_ms(&m), 60000);
	regions_model_key(&m);
	fake_now = 205000;
	assert_int_equal(regions_model_elapsed_ms(&m), 65000);
	regions_model_cover(&m, true);
	fake_now = 300000;
	assert_int_equal(regions_model_elapsed_ms(&m), 65000);
	regions_model_cover(&m, false);
	fake_now = 301000;
	assert_int_equal(regions_model_elapsed_ms(&m), 66000);
}

/* A given queen stays; the daily's puzzle is the same for a date, its own seed. */
static void test_given_and_daily(void **state)
{
	static struct regions_model m;
	struct regions_board a, b;
	char ida[64], idb[64], share[256];
	long day = daily_day(2026, 11, 29), parsed;
	int ranks[REGIONS_MAX_N];

	(void)state;
	assert_int_equal(daily_regions(day, &a, ida, sizeof ida), 0);
	assert_int_equal(daily_regions(day, &b, idb, sizeof idb), 0);
	assert_string_equal(ida, "daily-2026-11-29-regions");
	assert_memory_equal(a.region, b.region, sizeof a.region);
	assert_true(daily_parse_id(ida, &parsed));
	assert_int_equal(parsed, day);
	assert_false(daily_parse_id("daily-2026-11-29-region", &parsed));
	assert_int_equal(daily_regions(day + 1, &b, idb, sizeof idb), 0);
	assert_true(a.n != b.n || memcmp(a.region, b.region, sizeof a.region) != 0);
	/* A given queen. */
	a.given[0] = -1;
	regions_model_init(&m, &a, ida, &env);
	solution(&m, ranks);
	a.given[2] = ranks[2];
	a.ngiven = 1;
	regions_model_init(&m, &a, ida, &env);
	m.is_daily = true;
	m.daily_day = day;
	assert_true(regions_model_queen(&m, (struct square){2, ranks[2]}));
	regions_model_toggle(&m, (struct square){2, ranks[2]});
	assert_true(regions_model_queen(&m, (struct square){2, ranks[2]}));
	assert_non_null(strstr(m.message, "is given"));
	assert_false(regions_model_share(&m, share, sizeof share));
	for (int f = 0; f < a.n; f++)
		if (f != 2)
			regions_model_toggle(&m, (struct square){f, ranks[f]});
	assert_true(regions_model_solved(&m));
	assert_true(regions_model_share(&m, share, sizeof share));
	/* No square named in it. */
	assert_non_null(strstr(share, "nqueens daily regions 2026-11-29: "));
	assert_non_null(strstr(share, ", clean, streak 0"));
}

/*
 * The daily regions puzzle's days join the classic one's: a streak of days
 * each solved in one form or the other, the calendar marking them, a past
 * day's regions solve late.
 */
static void test_same_streak(void **state)
{
	struct store st;
	struct daily_streak ds;
	struct stats_month sm;
	char err[256];
	long nov27 = daily_day(2026, 11, 27);

	(void)state;
	assert_int_equal(store_init(&st, "/nonexistent-nq-regions", err, sizeof err), 0);
	assert_true(store_record_best(&st, "daily-2026-11-27", true, 5000) > 0);
	assert_true(store_record_best(&st, "daily-2026-11-28-regions", true, 6000) > 0);
	assert_true(store_record_best(&st, "daily-2026-11-29", true, 7000) > 0);
	assert_true(store_record_best(&st, "daily-2026-11-29-regions", true, 8000) > 0);
	assert_true(store_record_best(&st, "daily-late-2026-11-20-regions", true, 9000) >
	            0);
	daily_streak(&st, nov27 + 2, &ds);
	assert_int_equal(ds.current, 3);
	assert_int_equal(ds.days, 3); /* the 29th counts once */
	assert_true(ds.done_today);
	stats_month(&st, 2026, 11, nov27 + 2, &sm);
	assert_int_equal(sm.mark[27 - 1], STATS_SOLVED);
	assert_int_equal(sm.mark[28 - 1], STATS_SOLVED);
	assert_int_equal(sm.ms[28 - 1], 6000);
	assert_int_equal(sm.ms[29 - 1], 7000);
	assert_int_equal(sm.mark[20 - 1], STATS_LATE);
	assert_int_equal(sm.mark[26 - 1], STATS_MISSED);
	store_free(&st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_conflicts),
	        cmocka_unit_test(test_win),
	        cmocka_unit_test(test_undo_redo),
	        cmocka_unit_test(test_hints_apply),
	        cmocka_unit_test(test_hint_words),
	        cmocka_unit_test(test_hint_wrong),
	        cmocka_unit_test(test_clock),
	        cmocka_unit_test(test_given_and_daily),
	        cmocka_unit_test(test_same_streak),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
