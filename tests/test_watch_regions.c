/* Unit tests of Watch it reasoned's model without a terminal: each deduction shown is
 * the one the logical solver makes when the test runs it in a loop; each search event
 * and its counters are those of the stepping search the test replays itself; stepping
 * back lands where stepping forward was; the phases, the animation, the roles. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/board.h"
#include "engine/regions.h"
#include "tui/boardview.h"
#include "tui/watch_regions_model.h"

static long long fake_now;

static long long fake_clock(void)
{
	return fake_now;
}

static void make(struct regions_board *b, int n, enum regions_grade g, uint64_t seed)
{
	assert_int_equal(regions_generate(n, g, seed, b), 0);
}

/* The model's squares against the test's own solver state. */
static void same_state(const struct watch_regions_model *m,
                       const struct regions_state *st)
{
	int n = m->board.n;

	for (int r = 0; r < n; r++)
		for (int f = 0; f < n; f++) {
			struct square sq = {f, r};
			bool queen = st->queen[r] == f;

			assert_int_equal(watch_regions_model_queen(m, sq), queen);
			assert_int_equal(watch_regions_model_struck(m, sq),
			                 !queen && !(st->free[r] & (1u << f)));
		}
}

/* Every deduction the model shows is the engine's next, in the test's own loop. */
static void test_reasoning_is_the_engines(void **state)
{
	static const enum regions_grade grades[] = {REGIONS_EASY, REGIONS_MEDIUM,
	                                            REGIONS_HARD};
	(void)state;
	for (int n = 5; n <= 10; n++)
		for (int gi = 0; gi < 3; gi++) {
			struct regions_board b;
			struct watch_regions_model m;
			struct regions_state st;
			struct regions_deduction d;
			struct wr_counts c;
			char words[REGIONS_TEXT_MAX + 100], want[REGIONS_TEXT_MAX + 100];
			int steps = 0, queens = 0, struck = 0, by_grade[3] = {0};

			make(&b, n, grades[gi], 3);
			assert_int_equal(watch_regions_model_init(&m, &b, fake_clock), 0);
			regions_state_init(&st, &b);
			same_state(&m, &st);
			while (regions_next_deduction(&st, &d) == 1) {
				watch_regions_model_forward(&m);
				regions_apply(&st, &d);
				steps++;
				queens += d.places;
				struck += d.places ? 0 : d.nstrikes;
				by_grade[d.grade]++;
				assert_int_equal(m.phase, WR_LOGIC);
				assert_int_equal(watch_regions_model_deduction(&m)->kind,
				                 d.kind);
				same_state(&m, &st);
				watch_regions_model_words(&m, words, sizeof words);
				regions_describe(&b, &d, NULL, want, sizeof want);
				assert_string_equal(words, want);
				watch_regions_model_counts(&m, &c);
				assert_int_equal(c.logic_steps, steps);
				assert_int_equal(c.logic_queens, queens);
				assert_int_equal(c.logic_struck, struck);
				assert_memory_equal(c.by_grade, by_grade,
				                    sizeof by_grade);
			}
			/* The generated puzzle is solved by reasoning alone. */
			assert_true(regions_state_solved(&st));
			assert_int_equal(m.logic_len, steps);
			assert_int_equal(watch_regions_model_at(&m), steps);
			/* Its grade is the hardest deduction shown. */
			assert_int_equal(by_grade[grades[gi]] > 0, true);
			for (int g = grades[gi] + 1; g < 3; g++)
				assert_int_equal(by_grade[g], 0);
			watch_regions_model_free(&m);
		}
}

/* The search's events and counters are those of the stepping search the test replays. */
static void test_search_is_the_engines(void **state)
{
	struct regions_board b;
	struct watch_regions_model m;
	struct regions_search s;
	struct regions_event ev;
	struct wr_counts c;
	int sols[2][REGIONS_MAX_N];

	(void)state;
	make(&b, 8, REGIONS_MEDIUM, 7);
	assert_int_equal(watch_regions_model_init(&m, &b, fake_clock), 0);
	watch_regions_model_end(&m);
	/* Right at the reasoning's end goes to the search, at its start. */
	watch_regions_model_forward(&m);
	assert_int_equal(m.phase, WR_SEARCH);
	assert_int_equal(watch_regions_model_at(&m), 0);
	regions_search_start(&s, &b);
	while (regions_search_step(&s, &ev) || ev.kind == REGIONS_EV_DONE) {
		watch_regions_model_forward(&m);
		assert_int_equal(m.ev.kind, ev.kind);
		assert_int_equal(m.ev.sq.file, ev.sq.file);
		assert_int_equal(m.ev.sq.rank, ev.sq.rank);
		watch_regions_model_counts(&m, &c);
		assert_int_equal(c.search_steps, s.steps);
		assert_int_equal(c.search_queens, s.placed);
		assert_int_equal(c.search_rejects, s.rejected);
		assert_int_equal(c.search_backtracks, s.backtracks);
		for (int r = 0; r < b.n; r++)
			for (int f = 0; f < b.n; f++)
				assert_int_equal(watch_regions_model_queen(
				                         &m, (struct square){f, r}),
				                 s.queen[r] == f);
		if (ev.kind == REGIONS_EV_DONE)
			break;
	}
	assert_int_equal(m.search_at, m.search_len);
	/* One solution, as the exact solver counts them; it is the one the search shows.
	 */
	watch_regions_model_counts(&m, &c);
	assert_int_equal(c.search_solutions, regions_solutions(&b, 0, sols));
	assert_int_equal(c.search_solutions, 1);
	/* At the end, the solution found is lit on the board. */
	{
		uint16_t cells[REGIONS_MAX_N * REGIONS_MAX_N];
		bool marked[REGIONS_MAX_N * REGIONS_MAX_N];
		uint8_t lit[REGIONS_MAX_N * REGIONS_MAX_N];

		watch_regions_model_cells(&m, cells, marked, lit);
		for (int f = 0; f < b.n; f++)
			for (int r = 0; r < b.n; r++)
				assert_int_equal(
				        cells[f * b.n + r] & (BV_QUEEN | BV_SOLVED),
				        sols[0][f] == r ? BV_QUEEN | BV_SOLVED : 0);
	}
	watch_regions_model_goto(&m, m.first_solution);
	assert_int_equal(m.ev.kind, REGIONS_EV_SOLVED);
	for (int f = 0; f < b.n; f++)
		assert_true(
		        watch_regions_model_queen(&m, (struct square){f, sols[0][f]}));
	watch_regions_model_free(&m);
}

/* What the screen shows at a step: cells, marks, lit squares, words, counters. */
struct shown {
	uint16_t cells[REGIONS_MAX_N * REGIONS_MAX_N];
	bool marked[REGIONS_MAX_N * REGIONS_MAX_N];
	uint8_t lit[REGIONS_MAX_N * REGIONS_MAX_N];
	char words[REGIONS_TEXT_MAX + 100];
	struct wr_counts c;
};

static void shown(const struct watch_regions_model *m, struct shown *s)
{
	memset(s, 0, sizeof *s);
	watch_regions_model_cells(m, s->cells, s->marked, s->lit);
	watch_regions_model_words(m, s->words, sizeof s->words);
	watch_regions_model_counts(m, &s->c);
}

/* A step back shows what the step before showed, in both phases, across the copies
 * the search keeps every WR_SNAP_EVERY events. */
static void test_back_is_forward_undone(void **state)
{
	struct regions_board b;
	struct watch_regions_model m;
	struct shown *seen, now;
	uint64_t len;

	(void)state;
	make(&b, 10, REGIONS_MEDIUM, 1);
	assert_int_equal(watch_regions_model_init(&m, &b, fake_clock), 0);
	assert_true(m.search_len > 2 * WR_SNAP_EVERY + 2);
	len = (uint64_t)m.logic_len + 2 * WR_SNAP_EVERY + 3;
	seen = calloc(len + 1, sizeof *seen);
	assert_non_null(seen);
	for (uint64_t i = 0; i <= len; i++) {
		shown(&m, &seen[i]);
		if (i < len)
			watch_regions_model_forward(&m);
	}
	for (uint64_t i = len; i-- > 0;) {
		watch_regions_model_back(&m);
		shown(&m, &now);
		assert_memory_equal(&now, &seen[i], sizeof now);
	}
	assert_int_equal(m.phase, WR_LOGIC);
	assert_int_equal(m.logic_at, 0);
	free(seen);
	watch_regions_model_free(&m);
}

/* Tab keeps each phase where it was; r goes back to the start of both. */
static void test_phases(void **state)
{
	struct regions_board b;
	struct watch_regions_model m;

	(void)state;
	make(&b, 7, REGIONS_HARD, 2);
	assert_int_equal(watch_regions_model_init(&m, &b, fake_clock), 0);
	watch_regions_model_forward(&m);
	watch_regions_model_forward(&m);
	watch_regions_model_switch(&m);
	assert_int_equal(m.phase, WR_SEARCH);
	assert_null(watch_regions_model_deduction(&m));
	watch_regions_model_forward(&m);
	assert_int_equal(watch_regions_model_at(&m), 1);
	watch_regions_model_switch(&m);
	assert_int_equal(watch_regions_model_at(&m), 2);
	watch_regions_model_switch(&m);
	assert_int_equal(watch_regions_model_at(&m), 1);
	/* Back at the search's start is the reasoning's end. */
	watch_regions_model_back(&m);
	watch_regions_model_back(&m);
	assert_int_equal(m.phase, WR_LOGIC);
	assert_int_equal(m.logic_at, m.logic_len);
	watch_regions_model_restart(&m);
	assert_int_equal(m.phase, WR_LOGIC);
	assert_int_equal(m.logic_at, 0);
	assert_int_equal(m.search_at, 0);
	watch_regions_model_free(&m);
}

/* Playing steps at the speed chosen and stops at the end of the reasoning. */
static void test_play(void **state)
{
	struct regions_board b;
	struct watch_regions_model m;

	(void)state;
	make(&b, 8, REGIONS_HARD, 7);
	fake_now = 1000;
	assert_int_equal(watch_regions_model_init(&m, &b, fake_clock), 0);
	assert_int_equal(watch_regions_model_timer_ms(&m), -1);
	watch_regions_model_play(&m);
	assert_true(m.playing);
	/* 5 a second: the first step 200 ms on. */
	assert_int_equal(watch_regions_model_timer_ms(&m), 200);
	fake_now += 1000;
	watch_regions_model_tick(&m);
	assert_int_equal(m.logic_at, wr_speeds[WR_SPEED_START]);
	/* Fast, a step is due at once but the next frame waits 40 ms after the last. */
	for (int i = 0; i < 3; i++)
		watch_regions_model_speed(&m, 1);
	assert_int_equal(watch_regions_model_timer_ms(&m), 40);
	fake_now += 40;
	assert_int_equal(watch_regions_model_timer_ms(&m), 0);
	watch_regions_model_tick(&m);
	/* 50 a second: two steps in 40 ms. */
	assert_int_equal(m.logic_at, wr_speeds[WR_SPEED_START] + 2);
	for (int i = 0; i < 3; i++)
		watch_regions_model_speed(&m, -1);
	fake_now += 1000000;
	watch_regions_model_tick(&m);
	assert_int_equal(m.logic_at, m.logic_len);
	assert_false(m.playing);
	assert_non_null(strstr(m.message, "reasoning is over"));
	/* Space there plays on into the search. */
	watch_regions_model_play(&m);
	assert_int_equal(m.phase, WR_SEARCH);
	assert_true(m.playing);
	watch_regions_model_speed(&m, 1);
	assert_int_equal(m.speed, WR_SPEED_START + 1);
	watch_regions_model_free(&m);
}

/* A file with two solutions: the reasoning is stuck, the search finds both. */
static void test_two_solutions(void **state)
{
	static const char rows4[] = "size: 4\nregions:\naaaa\nbbbb\ncccc\ndddd\n";
	struct regions_board b;
	struct watch_regions_model m;
	struct wr_panel p;
	struct wr_counts c;
	char err[300], words[600];
	bool stuck = false;

	(void)state;
	assert_int_equal(regions_parse(rows4, "rows4", &b, err, sizeof err), 0);
	assert_int_equal(watch_regions_model_init(&m, &b, fake_clock), 0);
	watch_regions_model_end(&m);
	watch_regions_model_panel(&m, &p);
	for (int i = 0; i < p.count; i++)
		if (strstr(p.line[i].text, "Stuck"))
			stuck = p.line[i].role == THEME_BAD;
	assert_true(stuck);
	watch_regions_model_switch(&m);
	watch_regions_model_end(&m);
	watch_regions_model_counts(&m, &c);
	assert_int_equal(c.search_solutions, regions_count(&b, 0, NULL, NULL));
	assert_int_equal(c.search_solutions, 2);
	watch_regions_model_words(&m, words, sizeof words);
	assert_non_null(strstr(words, "2 solutions in all"));
	watch_regions_model_free(&m);
}

/* The roles: what a deduction lights, a refusal and its attacker, a solution lit. */
static void test_roles(void **state)
{
	struct regions_board b;
	struct watch_regions_model m;
	struct shown s;
	struct wr_panel p;
	bool good = false;
	int n;

	(void)state;
	make(&b, 6, REGIONS_MEDIUM, 5);
	n = b.n;
	assert_int_equal(watch_regions_model_init(&m, &b, fake_clock), 0);
	for (int i = 0; i < m.logic_len; i++) {
		const struct regions_deduction *d;

		watch_regions_model_forward(&m);
		d = watch_regions_model_deduction(&m);
		shown(&m, &s);
		for (int f = 0; f < n; f++)
			for (int r = 0; r < n; r++) {
				uint8_t l = s.lit[f * n + r];

				if (d->places && d->queen.file == f && d->queen.rank == r)
					assert_int_equal(l, BV_LIT_PLACES);
				else if (!d->places && (d->strikes[r] & (1u << f)))
					assert_int_equal(l, BV_LIT_STRIKES);
				else if (d->uses[r] & (1u << f))
					assert_int_equal(l, BV_LIT_USES);
			}
	}
	shown(&m, &s);
	for (int i = 0; i < n * n; i++)
		assert_int_equal((s.cells[i] & BV_SOLVED) != 0,
		                 (s.cells[i] & BV_QUEEN) != 0);
	watch_regions_model_panel(&m, &p);
	for (int i = 0; i < p.count; i++)
		if (strstr(p.line[i].text, "Solved by reasoning"))
			good = p.line[i].role == THEME_GOOD;
	assert_true(good);
	watch_regions_model_switch(&m);
	while (m.search_at < m.search_len) {
		watch_regions_model_forward(&m);
		shown(&m, &s);
		if (m.ev.kind == REGIONS_EV_REJECT) {
			assert_true(s.cells[m.ev.sq.file * n + m.ev.sq.rank] & BV_REJECT);
			assert_true(s.cells[m.ev.by.file * n + m.ev.by.rank] &
			            BV_ATTACKER);
		}
		watch_regions_model_panel(&m, &p);
		assert_int_equal(p.line[1].role, m.ev.kind == REGIONS_EV_SOLVED
		                                         ? THEME_GOOD
		                                         : THEME_NORMAL);
	}
	watch_regions_model_free(&m);
}

/* A search too long to watch is stopped at wr_search_max events, and says so. */
static void test_search_cut(void **state)
{
	struct regions_board b;
	struct watch_regions_model m;
	struct regions_search s;
	struct regions_event ev;
	struct wr_counts c;
	char words[600];
	uint64_t max = wr_search_max;

	(void)state;
	make(&b, 8, REGIONS_MEDIUM, 7);
	wr_search_max = 1000;
	assert_int_equal(watch_regions_model_init(&m, &b, fake_clock), 0);
	wr_search_max = max;
	assert_true(m.search_cut);
	assert_int_equal(m.search_len, 1000);
	watch_regions_model_switch(&m);
	watch_regions_model_end(&m);
	watch_regions_model_words(&m, words, sizeof words);
	assert_non_null(strstr(words, "stopped here, 1000 events on"));
	/* Its counters there are the search's after 1000 events. */
	regions_search_start(&s, &b);
	while (s.steps < 1000 && regions_search_step(&s, &ev))
		;
	watch_regions_model_counts(&m, &c);
	assert_int_equal(c.search_queens, s.placed);
	assert_int_equal(c.search_rejects, s.rejected);
	watch_regions_model_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_reasoning_is_the_engines),
	        cmocka_unit_test(test_search_is_the_engines),
	        cmocka_unit_test(test_back_is_forward_undone),
	        cmocka_unit_test(test_phases),
	        cmocka_unit_test(test_play),
	        cmocka_unit_test(test_two_solutions),
	        cmocka_unit_test(test_roles),
	        cmocka_unit_test(test_search_cut),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
