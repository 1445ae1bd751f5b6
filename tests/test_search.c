/* Unit tests of the stepping engine: exact counters, reversible events. */
#include "config.h"

#include <inttypes.h>
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
#include "engine/search.h"

/* An independent count: Dijkstra's program, counting tests and placements. */
struct tally {
	uint64_t tested, placed, solutions;
	uint64_t examined; /* scan: squares looked at */
};

static void reference(int n, int file, int *x, struct tally *t)
{
	for (int r = 0; r < n; r++) {
		bool ok = true;

		t->tested++;
		for (int f = 0; f < file && ok; f++)
			ok = x[f] != r && abs(x[f] - r) != file - f;
		if (!ok)
			continue;
		t->placed++;
		x[file] = r;
		if (file == n - 1)
			t->solutions++;
		else
			reference(n, file + 1, x, t);
	}
}

/* The matrix check: squares looked at leftwards along the rank, then down, then up. */
static bool scan_attacked(int file, int rank, int n, const int *x, uint64_t *looked)
{
	static const int step[3] = {0, -1, 1};

	for (int l = 0; l < 3; l++)
		for (int f = file - 1, r = rank + step[l]; f >= 0 && r >= 0 && r < n;
		     f--, r += step[l]) {
			++*looked;
			if (x[f] == r)
				return true;
		}
	return false;
}

static void reference_scan(int n, int file, int *x, struct tally *t)
{
	for (int r = 0; r < n; r++) {
		t->tested++;
		if (scan_attacked(file, r, n, x, &t->examined))
			continue;
		t->placed++;
		x[file] = r;
		if (file == n - 1)
			t->solutions++;
		else
			reference_scan(n, file + 1, x, t);
		x[file] = -1;
	}
}

/* The permutation method: each pass tests first whether an earlier file uses its rank. */
static void reference_permute(int n, int file, int *x, bool *used, struct tally *t)
{
	for (int r = 0; r < n; r++) {
		bool ok = true;

		/* Every pass tests whether the rank is used, as permute.py does. */
		t->tested++;
		if (used[r])
			continue;
		for (int f = 0; f < file && ok; f++)
			ok = abs(x[f] - r) != file - f;
		if (!ok)
			continue;
		t->placed++;
		x[file] = r;
		used[r] = true;
		if (file == n - 1)
			t->solutions++;
		else
			reference_permute(n, file + 1, x, used, t);
		used[r] = false;
	}
}

static struct search *make(enum search_algo a, int n, enum search_goal g)
{
	char err[128];
	struct search *s = search_new(a, n, g, 7, err, sizeof err);

	if (!s)
		fail_msg("search_new: %s", err);
	return s;
}

static void test_counters_exact(void **state)
{
	/*
	 * The nodes of the backtrack tree but its root: OEIS A319284's rows,
	 * summed, less one (2,056 for n = 8, as in Knuth, TAOCP 7.2.2).
	 */
	static const uint64_t placed[] = {0,   1,    2,    5,     16,     53,    152,
	                                  551, 2056, 8393, 35538, 166925, 856188};

	(void)state;
	for (int n = 1; n <= 12; n++) {
		struct tally t = {0}, scan = {0}, perm = {0};
		int x[12];
		bool used[12] = {false};

		reference(n, 0, x, &t);
		assert_int_equal(t.placed, placed[n]);
		for (int f = 0; f < n; f++)
			x[f] = -1;
		reference_scan(n, 0, x, &scan);
		assert_int_equal(scan.tested, t.tested);
		reference_permute(n, 0, x, used, &perm);
		assert_int_equal(perm.placed, t.placed);
		for (int a = SEARCH_BACKTRACK; a <= SEARCH_PERMUTE; a++) {
			struct search *s = make((enum search_algo)a, n, SEARCH_ALL);
			const struct search_counters *c = search_counters(s);
			const uint64_t *nodes = search_nodes(s);
			uint64_t sum = 0;

			search_run(s, 0, 0);
			assert_true(search_done(s));
			/* Each algorithm pays its own cost for the same tree. */
			assert_int_equal(c->tested,
			                 a == SEARCH_PERMUTE ? perm.tested : t.tested);
			assert_int_equal(c->examined,
			                 a == SEARCH_SCAN ? scan.examined : 0);
			assert_int_equal(c->placed, t.placed);
			assert_int_equal(c->removed, t.placed);
			assert_int_equal(c->solutions, t.solutions);
			assert_int_equal(nodes[0], 1);
			for (int k = 1; k <= n; k++)
				sum += nodes[k];
			assert_int_equal(sum, t.placed);
			assert_int_equal(nodes[n], t.solutions);
			search_free(s);
		}
	}
}

static void test_eight_figures(void **state)
{
	/* The tree's nodes by level, its profile: OEIS A319284's row for n = 8. */
	static const uint64_t profile[9] = {1, 8, 42, 140, 344, 568, 550, 312, 92};
	struct search *s = make(SEARCH_BACKTRACK, 8, SEARCH_ALL);

	(void)state;
	search_run(s, 0, 0);
	assert_int_equal(search_counters(s)->tested, 15720);
	assert_int_equal(search_counters(s)->placed, 2056);
	assert_int_equal(search_counters(s)->solutions, 92);
	assert_int_equal(search_last(s)->kind, SEARCH_EV_DONE);
	for (int k = 0; k <= 8; k++)
		assert_int_equal(search_nodes(s)[k], profile[k]);
	search_free(s);
	/* The same tree, whichever way its squares are checked. */
	for (int a = SEARCH_SCAN; a <= SEARCH_PERMUTE; a++) {
		s = make((enum search_algo)a, 8, SEARCH_ALL);
		search_run(s, 0, 0);
		for (int k = 0; k <= 8; k++)
			assert_int_equal(search_nodes(s)[k], profile[k]);
		search_free(s);
	}
	/*
	 * permute.py's loop passes every rank and tests rank_used first, as
	 * backtrack.py does: 15,720 tests (tests/oracle.sh counts them), of
	 * which 5,508 pass on to the diagonals (Wikipedia's figure).
	 */
	s = make(SEARCH_PERMUTE, 8, SEARCH_ALL);
	search_run(s, 0, 0);
	assert_int_equal(search_counters(s)->tested, 15720);
	assert_int_equal(search_counters(s)->calls, 1965);
	search_free(s);
}

static void test_first_solution(void **state)
{
	static const int want[8] = {0, 4, 7, 5, 2, 6, 1, 3};
	struct search *s = make(SEARCH_BACKTRACK, 8, SEARCH_FIRST);
	uint64_t before;

	(void)state;
	search_run(s, 1u << SEARCH_EV_SOLUTION, 0);
	assert_int_equal(search_last(s)->kind, SEARCH_EV_SOLUTION);
	assert_memory_equal(search_ranks(s), want, sizeof want);
	assert_int_equal(search_stack(s, NULL), 8);
	before = search_counters(s)->events;
	assert_true(search_step(s));
	assert_int_equal(search_last(s)->kind, SEARCH_EV_DONE);
	/* Stopping there leaves every call: no frame stays active. */
	assert_int_equal(search_stack(s, NULL), 0);
	assert_false(search_step(s));
	assert_int_equal(search_counters(s)->events, before + 1);
	assert_memory_equal(search_ranks(s), want, sizeof want);
	search_free(s);
}

/* Everything a viewer reads, to compare two moments of one search. */
struct snap {
	struct search_counters c;
	int ev[9]; /* the last event field by field: its padding is unspecified */
	uint64_t ev_conflicts, ev_solution;
	int depth, line, ranks[64];
	struct search_frame frames[64];
	uint64_t nodes[65];
};

static void take(const struct search *s, struct snap *p)
{
	const struct search_frame *fr;
	int n = search_n(s);

	memset(p, 0, sizeof *p);
	p->c = *search_counters(s);
	const struct search_event *e = search_last(s);
	int ev[9] = {(int)e->kind,     e->sq.file,       e->sq.rank,
	             e->attacker.file, e->attacker.rank, (int)e->line,
	             e->from.file,     e->from.rank,     e->file};

	memcpy(p->ev, ev, sizeof ev);
	p->ev_conflicts = e->conflicts;
	p->ev_solution = e->solution;
	p->depth = search_stack(s, &fr);
	p->line = search_line(s);
	memcpy(p->ranks, search_ranks(s), (size_t)n * sizeof(int));
	memcpy(p->frames, fr, (size_t)p->depth * sizeof *fr);
	if (search_nodes(s))
		memcpy(p->nodes, search_nodes(s), (size_t)(n + 1) * sizeof(uint64_t));
}

static void test_reversible(void **state)
{
	static const uint64_t ks[] = {1, 2, 7, 100, 4095, 4096, 4097, 9000};

	(void)state;
	for (int a = 0; a < SEARCH_ALGO_COUNT; a++) {
		struct search *s = make((enum search_algo)a, 8, SEARCH_ALL);
		struct snap at, again;

		/* Forward k events from several places, then back k one at a time. */
		for (uint64_t start = 0; start < 9000; start += 2999) {
			for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
				search_seek(s, start);
				take(s, &at);
				uint64_t k = 0;

				while (k < ks[i] && search_step(s))
					k++;
				for (uint64_t j = 0; j < k; j++)
					assert_true(search_back(s));
				take(s, &again);
				assert_memory_equal(&at, &again, sizeof at);
			}
		}
		/* Near the end too, where repair and construct stop early. */
		search_restart(s);
		for (int k = 0; k < 300 && search_step(s); k++)
			;
		search_back(s);
		search_back(s);
		take(s, &at);
		search_step(s);
		search_step(s);
		search_back(s);
		search_back(s);
		take(s, &again);
		assert_memory_equal(&at, &again, sizeof at);
		assert_true(search_seek(s, 0));
		assert_int_equal(search_last(s)->kind, SEARCH_EV_NONE);
		assert_false(search_back(s));
		search_free(s);
	}
}

static void test_large_solvers(void **state)
{
	static const int sizes[] = {8, 50, 1000};

	(void)state;
	for (int a = SEARCH_REPAIR; a <= SEARCH_CONSTRUCT; a++) {
		for (size_t i = 0; i < 3; i++) {
			struct search *s =
			        make((enum search_algo)a, sizes[i], SEARCH_ALL);
			struct position pos = {0};

			search_run(s, 0, 0);
			assert_true(search_done(s));
			assert_int_equal(search_counters(s)->solutions, 1);
			assert_int_equal(
			        board_from_ranks(&pos, sizes[i], search_ranks(s)), 0);
			assert_true(board_is_solution(&pos));
			board_free(&pos);
			search_free(s);
		}
	}
	/* The construction holds for every n from 4 up. */
	for (int n = 4; n <= 200; n++) {
		struct search *s = make(SEARCH_CONSTRUCT, n, SEARCH_ALL);
		struct position pos = {0};

		search_run(s, 0, 0);
		assert_int_equal(search_counters(s)->placed, (uint64_t)n);
		assert_int_equal(board_from_ranks(&pos, n, search_ranks(s)), 0);
		assert_true(board_is_solution(&pos));
		board_free(&pos);
		search_free(s);
	}
}

/* The reference again, keeping the queens of given and filling the other files. */
static void reference_from(int n, int file, int *x, const int *given, struct tally *t)
{
	if (file == n) {
		t->solutions++;
		return;
	}
	if (given[file] >= 0) {
		x[file] = given[file];
		reference_from(n, file + 1, x, given, t);
		return;
	}
	for (int r = 0; r < n; r++) {
		bool ok = true;

		t->tested++;
		for (int f = 0; f < n && ok; f++)
			if (f != file && (f < file || given[f] >= 0)) {
				int q = given[f] >= 0 ? given[f] : x[f];

				ok = q != r && abs(q - r) != abs(file - f);
			}
		if (!ok)
			continue;
		t->placed++;
		x[file] = r;
		reference_from(n, file + 1, x, given, t);
	}
}

static void test_from_position(void **state)
{
	(void)state;
	for (int n = 4; n <= 9; n++) {
		struct tally whole = {0};
		int x[9];

		reference(n, 0, x, &whole);
		/* One queen given on each file in turn, on every rank. */
		for (int file = 0; file < n; file++) {
			uint64_t sum = 0;

			for (int r = 0; r < n; r++) {
				int given[9];
				struct tally t = {0};

				for (int f = 0; f < n; f++)
					given[f] = f == file ? r : -1;
				reference_from(n, 0, x, given, &t);
				sum += t.solutions;
				for (int a = SEARCH_BACKTRACK; a <= SEARCH_PERMUTE; a++) {
					char err[128];
					struct search *s = search_new_from(
					        (enum search_algo)a, n, SEARCH_ALL, 1,
					        given, err, sizeof err);
					const struct search_counters *c;
					uint64_t nodes = 0;

					assert_non_null(s);
					search_run(s, 0, 0);
					c = search_counters(s);
					if (a != SEARCH_PERMUTE)
						assert_int_equal(c->tested, t.tested);
					assert_int_equal(c->placed, t.placed);
					assert_int_equal(c->solutions, t.solutions);
					assert_int_equal(search_nodes(s)[0], 0);
					assert_int_equal(search_nodes(s)[1], 1);
					for (int k = 2; k <= n; k++)
						nodes += search_nodes(s)[k];
					assert_int_equal(nodes, t.placed);
					assert_int_equal(search_given(s)[file], r);
					search_free(s);
				}
			}
			/* Every solution has its queen on that file somewhere. */
			assert_int_equal(sum, whole.solutions);
		}
	}
}

static void test_from_refusals(void **state)
{
	char err[128];
	int attack[8] = {0, 1, -1, -1, -1, -1, -1, -1}; /* a1 and b2 */
	int full[8] = {1, 3, 5, 7, 2, 0, 6, 4};
	int clash[8] = {0, 0, 0, 0, 0, 0, 0, 0};

	(void)state;
	assert_null(search_new_from(SEARCH_BACKTRACK, 8, SEARCH_ALL, 1, attack, err,
	                            sizeof err));
	assert_non_null(strstr(err, "a1 and b2 attack each other"));
	assert_null(
	        search_new_from(SEARCH_SCAN, 8, SEARCH_ALL, 1, full, err, sizeof err));
	assert_non_null(strstr(err, "nothing to search"));
	assert_null(search_new_from(SEARCH_CONSTRUCT, 8, SEARCH_ALL, 1, attack, err,
	                            sizeof err));
	assert_non_null(strstr(err, "construct"));

	/* Repair takes any start, even every queen on one rank, and mends it. */
	struct search *s =
	        search_new_from(SEARCH_REPAIR, 8, SEARCH_ALL, 3, clash, err, sizeof err);
	struct position pos = {0};

	assert_non_null(s);
	search_run(s, 0, 0);
	assert_int_equal(search_counters(s)->placed, 0);
	assert_int_equal(search_counters(s)->solutions, 1);
	assert_int_equal(board_from_ranks(&pos, 8, search_ranks(s)), 0);
	assert_true(board_is_solution(&pos));
	board_free(&pos);
	search_free(s);

	/* With two files given, repair fills the six others and goes on. */
	s = search_new_from(SEARCH_REPAIR, 8, SEARCH_ALL, 3, attack, err, sizeof err);
	assert_non_null(s);
	search_run(s, 1u << SEARCH_EV_MOVE, 0);
	assert_int_equal(search_counters(s)->placed, 6);
	search_free(s);
}

static void test_from_reversible(void **state)
{
	int given[8] = {-1, -1, 4, -1, -1, -1, -1, 2}; /* c5 h3 */
	char err[128];

	(void)state;
	for (int a = 0; a < SEARCH_CONSTRUCT; a++) {
		struct search *s = search_new_from((enum search_algo)a, 8, SEARCH_ALL, 5,
		                                   given, err, sizeof err);
		struct snap at, again;

		assert_non_null(s);
		search_seek(s, 50);
		take(s, &at);
		for (int k = 0; k < 5000 && search_step(s); k++)
			;
		search_seek(s, 50);
		take(s, &again);
		assert_memory_equal(&at, &again, sizeof at);
		search_restart(s);
		assert_int_equal(search_ranks(s)[2], 4);
		assert_int_equal(search_ranks(s)[7], 2);
		assert_int_equal(search_ranks(s)[0], -1);
		search_free(s);
	}
}

static void test_run_twelve(void **state)
{
	struct search *s = make(SEARCH_BACKTRACK, 12, SEARCH_ALL);

	(void)state;
	search_run(s, 0, 0);
	assert_int_equal(search_counters(s)->placed, 856188);
	assert_int_equal(search_counters(s)->solutions, 14200);
	assert_true(search_counters(s)->tested > 10000000);
	/* Stepping back from the end of a long run is a short replay. */
	uint64_t end = search_counters(s)->events;

	assert_true(search_back(s));
	assert_int_equal(search_counters(s)->events, end - 1);
	assert_true(search_step(s));
	assert_true(search_done(s));
	search_free(s);
}

/* Every event names a line that exists in the algorithm's listing. */
static void test_pseudocode_lines(void **state)
{
	const char *dir = getenv("NQUEENS_DATADIR");

	(void)state;
	for (int a = 0; a < SEARCH_ALGO_COUNT; a++) {
		char path[4096], buf[256];
		int lines = 0;
		FILE *f;
		struct search *s = make((enum search_algo)a, 6, SEARCH_ALL);

		snprintf(path, sizeof path, "%s/pseudocode/%s.txt", dir ? dir : "data",
		         search_algo_name((enum search_algo)a));
		f = fopen(path, "r");
		assert_non_null(f);
		while (fgets(buf, sizeof buf, f))
			lines++;
		fclose(f);
		assert_int_equal(search_line(s), 0);
		while (search_step(s)) {
			assert_true(search_line(s) >= 1);
			assert_true(search_line(s) <= lines);
		}
		search_free(s);
	}
}

/*
 * What the line each event lights says, by the algorithm's name and the
 * event's kind: its text in data/pseudocode/NAME.txt, indent aside.  A
 * first call (outer) lights the outermost call; scan's refusal (by) the
 * look along the line its attacker stands on.  Every algorithm has a row
 * for each kind it makes: one added without its rows fails the test.
 */
struct line_text {
	const char *algo;
	enum search_kind kind;
	int by;    /* a REJECT's line, -1 for any */
	int outer; /* an ENTER: 1 the outermost call, 0 another, -1 either */
	const char *text;
};

static const struct line_text line_texts[] = {
        {"backtrack", SEARCH_EV_ENTER, -1, 1, "solve(a)"},
        {"backtrack", SEARCH_EV_ENTER, -1, 0, "solve(file + 1)"},
        {"backtrack", SEARCH_EV_TRY, -1, -1, "for rank := 1 to n do"},
        {"backtrack", SEARCH_EV_REJECT, -1, -1,
         "if the rank and both diagonals are free then"},
        {"backtrack", SEARCH_EV_PLACE, -1, -1,
         "x[file] := rank; mark the three lines taken"},
        {"backtrack", SEARCH_EV_SOLUTION, -1, -1, "print x; stop if only one is wanted"},
        {"backtrack", SEARCH_EV_REMOVE, -1, -1,
         "x[file] := none; mark the three lines free"},
        {"backtrack", SEARCH_EV_RETURN, -1, -1, "return"},
        {"backtrack", SEARCH_EV_DONE, -1, -1, "solve(a)"},
        {"scan", SEARCH_EV_ENTER, -1, 1, "solve(a)"},
        {"scan", SEARCH_EV_ENTER, -1, 0, "solve(file + 1)"},
        {"scan", SEARCH_EV_TRY, -1, -1, "for rank := 1 to n do"},
        {"scan", SEARCH_EV_REJECT, BOARD_LINE_RANK, -1,
         "look along the rank, square by square"},
        {"scan", SEARCH_EV_REJECT, BOARD_LINE_DIAGONAL, -1, "look along the diagonal"},
        {"scan", SEARCH_EV_REJECT, BOARD_LINE_ANTI, -1, "look along the other diagonal"},
        {"scan", SEARCH_EV_PLACE, -1, -1, "board[file, rank] := queen"},
        {"scan", SEARCH_EV_SOLUTION, -1, -1, "print the board; stop if one is wanted"},
        {"scan", SEARCH_EV_REMOVE, -1, -1, "board[file, rank] := empty"},
        {"scan", SEARCH_EV_RETURN, -1, -1, "return"},
        {"scan", SEARCH_EV_DONE, -1, -1, "solve(a)"},
        {"permute", SEARCH_EV_ENTER, -1, 1, "solve(a)"},
        {"permute", SEARCH_EV_ENTER, -1, 0, "solve(file + 1)"},
        {"permute", SEARCH_EV_TRY, -1, -1, "for rank := 1 to n do"},
        {"permute", SEARCH_EV_REJECT, BOARD_LINE_RANK, -1,
         "if an earlier file uses the rank then skip it"},
        {"permute", SEARCH_EV_REJECT, BOARD_LINE_DIAGONAL, -1,
         "if no queen shares a diagonal with it then"},
        {"permute", SEARCH_EV_REJECT, BOARD_LINE_ANTI, -1,
         "if no queen shares a diagonal with it then"},
        {"permute", SEARCH_EV_PLACE, -1, -1,
         "x[file] := rank; mark the rank and its diagonals"},
        {"permute", SEARCH_EV_SOLUTION, -1, -1, "print x; stop if only one is wanted"},
        {"permute", SEARCH_EV_REMOVE, -1, -1,
         "x[file] := none; free the rank and its diagonals"},
        {"permute", SEARCH_EV_RETURN, -1, -1, "return"},
        {"permute", SEARCH_EV_DONE, -1, -1, "solve(a)"},
        /* The bitmask search: a call lights its call, as in the others. */
        {"bits", SEARCH_EV_ENTER, -1, 1, "solve(a, none, none, none)"},
        {"bits", SEARCH_EV_ENTER, -1, 0, "solve(file + 1, ranks + bit,"},
        {"bits", SEARCH_EV_TRY, -1, -1, "bit := the lowest rank in free; take it out"},
        {"bits", SEARCH_EV_PLACE, -1, -1, "x[file] := bit"},
        {"bits", SEARCH_EV_SOLUTION, -1, -1, "print x; stop if only one is wanted"},
        {"bits", SEARCH_EV_REMOVE, -1, -1, "while free is not empty do"},
        {"bits", SEARCH_EV_RETURN, -1, -1, "return"},
        {"bits", SEARCH_EV_DONE, -1, -1, "solve(a, none, none, none)"},
        {"repair", SEARCH_EV_PLACE, -1, -1, "put its queen on a rank, in random order"},
        {"repair", SEARCH_EV_MOVE, -1, -1, "move it in its file to the least attacked"},
        {"repair", SEARCH_EV_SOLUTION, -1, -1, "print x if no queen is attacked"},
        {"repair", SEARCH_EV_DONE, -1, -1, "print x if no queen is attacked"},
        {"construct", SEARCH_EV_PLACE, -1, -1,
         "queen on the next rank of evens, then odds"},
        {"construct", SEARCH_EV_SOLUTION, -1, -1, "print x"},
        {"construct", SEARCH_EV_DONE, -1, -1, "print x"},
};

/* A listing's lines, without their indent and newline: [k - 1] is line k. */
struct listing {
	char line[64][128];
	int count;
};

static void listing_read(const char *algo, struct listing *l)
{
	const char *dir = getenv("NQUEENS_DATADIR");
	char path[4096], buf[256];
	FILE *f;

	snprintf(path, sizeof path, "%s/pseudocode/%s.txt", dir ? dir : SRCDATADIR, algo);
	f = fopen(path, "r");
	assert_non_null(f);
	for (l->count = 0; l->count < 64 && fgets(buf, sizeof buf, f); l->count++) {
		buf[strcspn(buf, "\n")] = '\0';
		snprintf(l->line[l->count], sizeof l->line[0], "%s",
		         buf + strspn(buf, " "));
	}
	fclose(f);
}

/* The row for the event s has just made; fails when there is none. */
static const struct line_text *line_text_of(const struct search *s)
{
	const struct search_event *ev = search_last(s);
	const char *algo = search_algo_name(search_algo(s));
	int outer = ev->kind == SEARCH_EV_ENTER ? search_stack(s, NULL) == 1 : -1;

	for (size_t i = 0; i < sizeof line_texts / sizeof *line_texts; i++) {
		const struct line_text *t = &line_texts[i];

		if (strcmp(t->algo, algo) == 0 && t->kind == ev->kind &&
		    (t->by < 0 || (int)ev->line == t->by) &&
		    (t->outer < 0 || t->outer == outer))
			return t;
	}
	fail_msg("%s: no line's text for event kind %d", algo, (int)ev->kind);
	return NULL;
}

/*
 * Every event of every algorithm lights the line of its listing that does
 * what the event does, found by the line's text: the whole searches of
 * n = 6 and 8 (the tree searches, for all solutions; from given queens
 * too), repair's and the construction's for n = 8, 9 and 14 (each rule
 * of n mod 6 the construction has).
 */
static void test_event_lines(void **state)
{
	static const int sizes[] = {6, 8, 9, 14};
	static const int given[6] = {-1, 2, -1, -1, -1, -1};
	struct listing l;
	char err[128];

	(void)state;
	for (int a = 0; a < SEARCH_ALGO_COUNT; a++) {
		listing_read(search_algo_name((enum search_algo)a), &l);
		for (size_t k = 0; k < sizeof sizes / sizeof *sizes + 1; k++) {
			bool from = k == sizeof sizes / sizeof *sizes;
			int n = from ? 6 : sizes[k];
			struct search *s;

			if (search_is_tree((enum search_algo)a) && n > 8)
				continue;
			if (from && !search_is_tree((enum search_algo)a))
				continue;
			s = from ? search_new_from((enum search_algo)a, n, SEARCH_ALL, 7,
			                           given, err, sizeof err)
			         : make((enum search_algo)a, n, SEARCH_ALL);
			assert_non_null(s);
			while (search_step(s)) {
				const struct line_text *t = line_text_of(s);
				int line = search_line(s);
				const char *text = line >= 1 && line <= l.count
				                           ? l.line[line - 1]
				                           : "";

				if (strcmp(text, t->text) != 0)
					fail_msg("%s n = %d, event %" PRIu64
					         ": line %d says '%s', not '%s'",
					         t->algo, n, search_counters(s)->events,
					         line, text, t->text);
			}
			search_free(s);
		}
	}
}

/*
 * The figures in words, one function for trace --stats, the Watch panel
 * and the handout: each algorithm's own, and none it has not.
 */
static void test_figures(void **state)
{
	char buf[64];
	struct search *s = make(SEARCH_BACKTRACK, 8, SEARCH_ALL);

	(void)state;
	search_run(s, 0, UINT64_MAX);
	assert_true(search_figure(s, SEARCH_FIG_EVENTS, buf, sizeof buf));
	assert_string_equal(buf, "events: 37519");
	assert_true(search_figure(s, SEARCH_FIG_TESTED, buf, sizeof buf));
	assert_string_equal(buf, "tested: 15720");
	assert_true(search_figure(s, SEARCH_FIG_PLACED, buf, sizeof buf));
	assert_string_equal(buf, "placed: 2056");
	assert_true(search_figure(s, SEARCH_FIG_SOLUTIONS, buf, sizeof buf));
	assert_string_equal(buf, "solutions: 92");
	assert_true(search_figure(s, SEARCH_FIG_DEPTH, buf, sizeof buf));
	assert_string_equal(buf, "depth: 0");
	assert_false(search_figure(s, SEARCH_FIG_EXAMINED, buf, sizeof buf));
	assert_string_equal(buf, "");
	assert_false(search_figure(s, SEARCH_FIG_MOVES, buf, sizeof buf));
	assert_true(search_figure_nodes(s, 5, true, buf, sizeof buf));
	assert_string_equal(buf, "5:568");
	assert_true(search_figure_nodes(s, 5, false, buf, sizeof buf));
	assert_string_equal(buf, "nodes 5: 568");
	assert_false(search_figure_nodes(s, 9, false, buf, sizeof buf));
	search_free(s);
	s = make(SEARCH_SCAN, 8, SEARCH_ALL);
	search_run(s, 0, UINT64_MAX);
	assert_true(search_figure(s, SEARCH_FIG_EXAMINED, buf, sizeof buf));
	assert_string_equal(buf, "examined: 81318");
	search_free(s);
	s = make(SEARCH_REPAIR, 8, SEARCH_ALL);
	search_run(s, 0, UINT64_MAX);
	assert_true(search_figure(s, SEARCH_FIG_MOVES, buf, sizeof buf));
	assert_false(search_figure(s, SEARCH_FIG_DEPTH, buf, sizeof buf));
	assert_false(search_figure_nodes(s, 0, true, buf, sizeof buf));
	search_free(s);
}

static void test_names_and_ranges(void **state)
{
	char err[128];

	(void)state;
	for (int a = 0; a < SEARCH_ALGO_COUNT; a++)
		assert_int_equal(
		        search_algo_from_name(search_algo_name((enum search_algo)a)), a);
	assert_int_equal(search_algo_from_name("dfs"), SEARCH_ALGO_COUNT);
	assert_null(search_new(SEARCH_BACKTRACK, 21, SEARCH_ALL, 0, err, sizeof err));
	assert_string_equal(err, "backtrack needs n from 1 to 20");
	assert_null(search_new(SEARCH_CONSTRUCT, 3, SEARCH_ALL, 0, err, sizeof err));
}

/* The whole search of n as a list: each event's kind, square and the depth after it. */
struct recorded {
	enum search_kind kind;
	struct square sq;
	int depth;
	uint64_t solution;
};

static struct recorded *record(enum search_algo a, int n, size_t *len)
{
	char err[128];
	struct search *s = search_new(a, n, SEARCH_ALL, 1, err, sizeof err);
	struct recorded *v = malloc(sizeof *v);
	size_t cap = 1;

	assert_non_null(s);
	assert_non_null(v);
	v[0] = (struct recorded){SEARCH_EV_NONE, {0, 0}, 0, 0};
	*len = 1;
	while (search_step(s)) {
		if (*len == cap) {
			cap *= 2;
			v = realloc(v, cap * sizeof *v);
			assert_non_null(v);
		}
		v[*len].kind = search_last(s)->kind;
		v[*len].sq = search_last(s)->sq;
		v[*len].solution = search_last(s)->solution;
		v[*len].depth = search_stack(s, NULL);
		(*len)++;
	}
	search_free(s);
	return v;
}

/*
 * Step over, step out, the breaks and the previous solution stop where the
 * recorded search says they should, from every event of n = 6 (and n = 5 for
 * the permutation method).
 */
static void test_navigation(void **state)
{
	static const struct {
		enum search_algo a;
		int n;
	} cases[] = {{SEARCH_BACKTRACK, 6}, {SEARCH_SCAN, 5}, {SEARCH_PERMUTE, 5}};

	(void)state;
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		size_t len;
		struct recorded *v = record(cases[c].a, cases[c].n, &len);
		char err[128];
		struct search *s = search_new(cases[c].a, cases[c].n, SEARCH_ALL, 1, err,
		                              sizeof err);

		assert_non_null(s);
		/* Every third event: enough of each kind, and quick under valgrind. */
		for (size_t k = 0; k + 1 < len; k += 3) {
			size_t j;
			int d = v[k].depth;
			struct search_break sol = {1u << SEARCH_EV_SOLUTION, {-1, 0}, -1};
			struct search_break sq = {0, {2, 3}, -1};
			struct search_break deep = {0, {-1, 0}, 4};

			/* Step over: one event, then on while deeper than before. */
			for (j = k + 1; j + 1 < len && v[j].depth > d; j++)
				;
			assert_true(search_seek(s, k));
			search_step_over(s, 0);
			assert_int_equal(search_counters(s)->events, j);
			/* Step out: on until shallower than before. */
			for (j = k + 1; j + 1 < len && v[j].depth >= d; j++)
				;
			assert_true(search_seek(s, k));
			search_step_out(s, 0);
			assert_int_equal(search_counters(s)->events, j);
			/* The breaks: a solution, a try of c4, a call four deep. */
			for (j = k + 1; j + 1 < len && v[j].kind != SEARCH_EV_SOLUTION;
			     j++)
				;
			assert_true(search_seek(s, k));
			search_run_to(s, &sol, 0);
			assert_int_equal(search_counters(s)->events, j);
			for (j = k + 1;
			     j + 1 < len && !(v[j].kind == SEARCH_EV_TRY &&
			                      v[j].sq.file == 2 && v[j].sq.rank == 3);
			     j++)
				;
			assert_true(search_seek(s, k));
			search_run_to(s, &sq, 0);
			assert_int_equal(search_counters(s)->events, j);
			for (j = k + 1; j + 1 < len && !(v[j].kind == SEARCH_EV_ENTER &&
			                                 v[j].depth == 4);
			     j++)
				;
			assert_true(search_seek(s, k));
			search_run_to(s, &deep, 0);
			assert_int_equal(search_counters(s)->events, j);
		}
		/* The previous solution, from every event, going back. */
		for (size_t k = len - 1; k > 0; k -= k > 3 ? 3 : k) {
			size_t j = k;
			bool on = v[k].kind == SEARCH_EV_SOLUTION;

			if (on)
				j--;
			while (j > 0 && v[j].kind != SEARCH_EV_SOLUTION)
				j--;
			assert_true(search_seek(s, k));
			assert_int_equal(search_prev_solution(s), j > 0);
			if (j > 0)
				assert_int_equal(search_counters(s)->events, j);
		}
		search_free(s);
		free(v);
	}
}

/*
 * What going back keeps stays under its bound however long the search runs
 * (a snapshot every 4096 events kept for ever grew by 20 MB at each e of
 * watch 20), and going back still lands where stepping forward does.
 */
static void test_bounded_snapshots(void **state)
{
	enum { BOUND = 48 << 10, EVENTS = 3000000 };
	static const uint64_t fixed[] = {0,          1,          4095,    4096,
	                                 4097,       123457,     1500000, EVENTS - 4097,
	                                 EVENTS - 2, EVENTS - 1, EVENTS};
	struct search *s = make(SEARCH_BACKTRACK, 12, SEARCH_ALL);
	struct search *fresh = make(SEARCH_BACKTRACK, 12, SEARCH_ALL);
	uint64_t targets[sizeof fixed / sizeof fixed[0] + 40], x = 88172645463325252u;
	size_t nt = 0;
	struct snap a, b;

	(void)state;
	search_set_snapshot_bytes(s, BOUND);
	assert_int_equal(search_run(s, 0, EVENTS), EVENTS);
	if (search_snapshot_bytes(s) > BOUND)
		fail_msg("%zu bytes kept for going back, over the bound of %d",
		         search_snapshot_bytes(s), BOUND);
	/* The default bound holds it all at this length, as it always did. */
	assert_int_equal(search_run(fresh, 0, EVENTS), EVENTS);
	assert_true(search_snapshot_bytes(fresh) > BOUND);
	assert_true(search_snapshot_bytes(fresh) <= SEARCH_SNAPSHOT_BYTES);
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
		targets[nt++] = fixed[i];
	while (nt < sizeof targets / sizeof targets[0]) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		targets[nt++] = x % EVENTS;
	}
	/* Anywhere, in any order: the same state as the search kept whole. */
	for (size_t i = 0; i < nt; i++) {
		assert_true(search_seek(s, targets[i]));
		assert_true(search_seek(fresh, targets[i]));
		take(s, &a);
		take(fresh, &b);
		assert_memory_equal(&a, &b, sizeof a);
	}
	/* Step by step back from the far end. */
	assert_true(search_seek(s, EVENTS));
	for (int k = 1; k <= 20; k++) {
		assert_true(search_back(s));
		assert_true(search_seek(fresh, EVENTS - (uint64_t)k));
		take(s, &a);
		take(fresh, &b);
		assert_memory_equal(&a, &b, sizeof a);
	}
	assert_true(search_snapshot_bytes(s) <= BOUND);
	search_free(s);
	search_free(fresh);

	/*
	 * The previous solution past those noted: n = 10 (724 solutions) with
	 * room for the events of 256 only, every 25th from the end.
	 */
	{
		uint64_t ev[725];
		int sols = 0;

		s = make(SEARCH_BACKTRACK, 10, SEARCH_ALL);
		search_set_snapshot_bytes(s, 8192);
		while (search_run(s, 1u << SEARCH_EV_SOLUTION, 0) > 0)
			if (search_last(s)->kind == SEARCH_EV_SOLUTION)
				ev[++sols] = search_counters(s)->events;
		assert_int_equal(sols, 724);
		assert_true(search_snapshot_bytes(s) <= 8192);
		for (int k = 724; k > 1; k -= 25) {
			assert_true(search_seek(s, ev[k]));
			assert_true(search_prev_solution(s));
			assert_int_equal(search_counters(s)->events, ev[k - 1]);
			assert_int_equal(search_last(s)->solution, (uint64_t)k - 1);
		}
		search_free(s);
	}
}

/* The folded tree's tallies: at the last REMOVE of file a, all of n = 8. */
static void test_levels(void **state)
{
	char err[128];
	struct search *s =
	        search_new(SEARCH_BACKTRACK, 8, SEARCH_ALL, 1, err, sizeof err);
	struct search_level lv[8], last = {0};
	int depth;

	(void)state;
	assert_non_null(s);
	while (search_step(s)) {
		const struct search_frame *fr;

		depth = search_levels(s, lv, 8);
		assert_int_equal(depth, search_stack(s, &fr));
		for (int d = 0; d < depth; d++) {
			int r = fr[d].rank;

			/* Finished ranks: those before the current one, and it once
			 * refused. */
			assert_true(lv[d].dead + lv[d].live ==
			                    (uint64_t)(r < 0 ? 0 : r) ||
			            lv[d].dead + lv[d].live == (uint64_t)r + 1);
			assert_int_equal(lv[d].unexplored, 8 - 1 - (r < 0 ? -1 : r));
		}
		if (depth == 1)
			last = lv[0];
	}
	/* At the end every rank of file a held solutions, 92 in all. */
	assert_int_equal(last.live, 8);
	assert_int_equal(last.dead, 0);
	assert_int_equal(last.solutions, 92);
	search_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_counters_exact),
	        cmocka_unit_test(test_eight_figures),
	        cmocka_unit_test(test_first_solution),
	        cmocka_unit_test(test_reversible),
	        cmocka_unit_test(test_large_solvers),
	        cmocka_unit_test(test_from_position),
	        cmocka_unit_test(test_from_refusals),
	        cmocka_unit_test(test_from_reversible),
	        cmocka_unit_test(test_run_twelve),
	        cmocka_unit_test(test_pseudocode_lines),
	        cmocka_unit_test(test_event_lines),
	        cmocka_unit_test(test_figures),
	        cmocka_unit_test(test_names_and_ranges),
	        cmocka_unit_test(test_navigation),
	        cmocka_unit_test(test_levels),
	        cmocka_unit_test(test_bounded_snapshots),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
