/* Unit tests of completion puzzles and saved progress. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#define SCRATCH_NAME "nq-puzzle"
#include "scratch.h"

#include "engine/board.h"
#include "engine/classes.h"
#include "engine/enumerate.h"
#include "engine/fileio.h"
#include "engine/lesson.h"
#include "engine/puzzle.h"
#include "engine/store.h"
#include "engine/symmetry.h"

/* Every solution of n containing the queens of b, counted the slow way. */
static uint64_t brute_completions(const struct board *b)
{
	int n = b->pos.n, p[ENUM_MAX_N];
	uint64_t count = 0;
	struct enum_iter it;

	enum_start(&it, n);
	while (enum_next(&it, p)) {
		bool all = true;

		for (size_t i = 0; i < b->pos.count && all; i++)
			all = p[b->pos.sq[i].file] == b->pos.sq[i].rank;
		count += all;
	}
	return count;
}

/* Lines ended by a CR alone, as old Mac editors write, are lines. */
static void test_parse_cr(void **state)
{
	struct puzzle pz;
	char err[256];

	(void)state;
	assert_int_equal(
	        puzzle_parse("# mine\rtitle: Corner\rsize: 8\rgrade: hard\rqueens: "
	                     "a4\r",
	                     "t.txt", &pz, err, sizeof err),
	        0);
	assert_string_equal(pz.title, "Corner");
	assert_int_equal(pz.n, 8);
	assert_int_equal(pz.grade, PUZZLE_HARD);
	assert_int_equal(pz.given[0], 3);
}

static void test_parse_good(void **state)
{
	struct puzzle pz, back;
	char err[256], buf[512];

	(void)state;
	assert_int_equal(puzzle_parse("# a comment\n\n"
	                              "title:  The corner  \n"
	                              "size: 8\r\n"
	                              "grade: hard\n"
	                              "queens: a4, e2 f7\n",
	                              "t.txt", &pz, err, sizeof err),
	                 0);
	assert_string_equal(pz.title, "The corner");
	assert_int_equal(pz.n, 8);
	assert_int_equal(pz.grade, PUZZLE_HARD);
	assert_int_equal(pz.ngiven, 3);
	assert_int_equal(pz.given[0], 3);
	assert_int_equal(pz.given[4], 1);
	assert_int_equal(pz.given[5], 6);
	assert_int_equal(pz.given[1], -1);
	assert_true(puzzle_is_given(&pz, (struct square){0, 3}));
	assert_false(puzzle_is_given(&pz, (struct square){0, 4}));

	/* What puzzle_format writes, puzzle_parse reads back the same. */
	assert_true(puzzle_format(&pz, buf, sizeof buf) < sizeof buf);
	assert_string_equal(buf, "title: The corner\nsize: 8\ngrade: hard\n"
	                         "queens: a4 e2 f7\n");
	assert_int_equal(puzzle_parse(buf, "back", &back, err, sizeof err), 0);
	assert_memory_equal(&pz, &back, sizeof pz);

	/* Ranks by file work too; keys may come in any order; no title is fine. */
	assert_int_equal(puzzle_parse("queens: 4 . . . 2 7 . .\ngrade: easy\nsize: 8\n",
	                              "r", &pz, err, sizeof err),
	                 0);
	assert_int_equal(pz.ngiven, 3);
	assert_int_equal(pz.given[5], 6);
	assert_string_equal(pz.title, "");

	/* Several completions are allowed; so is no queen at all. */
	assert_int_equal(
	        puzzle_parse("size: 8\ngrade: easy\n", "e", &pz, err, sizeof err), 0);
	assert_int_equal(pz.ngiven, 0);

	/* A short buffer is cut, but the length needed is told. */
	assert_int_equal(puzzle_format(&back, buf, 8),
	                 strlen("title: The corner\nsize: 8\n"
	                        "grade: hard\n"
	                        "queens: a4 e2 f7\n"));
	assert_string_equal(buf, "title: ");
}

static void test_parse_errors(void **state)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
	        {"size: 8\ngrade: easy\ncolour: red\n", "f.txt:3: unknown key 'colour'"},
	        {"size: 8\nsize: 8\n", "f.txt:2: 'size' given twice (first on line 1)"},
	        {"# c\ngrade: easy\nqueens: a1\n", "f.txt:3: no 'size:' line"},
	        {"size: 8\nqueens: a1\n", "f.txt:2: no 'grade:' line"},
	        {"size: 8\ngrade: easy\nqueens: a1 i3\n",
	         "f.txt:3: i3 is off the 8×8 board"},
	        {"size: 8\ngrade: easy\nqueens: a1 a9\n",
	         "f.txt:3: a9 is off the 8×8 board"},
	        {"size: 8\ngrade: easy\nqueens: a1 c3\n",
	         "f.txt:3: a1 and c3 attack each other (they share a diagonal)"},
	        {"size: 8\ngrade: easy\nqueens: a1 b1\n",
	         "f.txt:3: a1 and b1 attack each other (they share a rank)"},
	        {"size: 8\ngrade: easy\nqueens: a1 a5\n",
	         "f.txt:3: a1 and a5 are on the same file"},
	        {"size: 8\ngrade: easy\nqueens: a1 a1\n", "f.txt:3: a1 is given twice"},
	        {"size: 8\ngrade: easy\nqueens: a1 zz\n",
	         "f.txt:3: 'zz' is not a square"},
	        {"size: 8\ngrade: easy\nqueens: 1 . 3\n",
	         "f.txt:3: 3 ranks given for a board"},
	        {"size: 8\ngrade: easy\n\nqueens: a1 b3\n",
	         "f.txt:4: no solution contains these queens"},
	        {"size: 3\ngrade: easy\n", "f.txt:1: no solution contains these queens"},
	        {"size: 0\n",
	         "f.txt:1: the size must be a whole number from 1 to 32, not '0'"},
	        {"size: 33\n", "f.txt:1: the size must be a whole number from 1 to 32"},
	        {"size: 8x\n", "not '8x'"},
	        {"size:\n", "not ''"},
	        {"size: 8\ngrade: simple\n",
	         "f.txt:2: the grade must be easy, medium or hard"},
	        {"size: 8\nhello\n", "f.txt:2: 'hello' is not 'key: value'"},
	        /* A CR alone ends a line: the error quotes the line, not the file. */
	        {"size: 8\rhello\rgrade: easy\r", "f.txt:2: 'hello' is not 'key: value'"},
	        {"", "f.txt: empty: no 'size:' line"},
	        {"# only a comment\n\n", "f.txt:2: no 'size:' line"},
	};
	char err[512];
	struct puzzle pz;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		err[0] = '\0';
		if (puzzle_parse(cases[i].text, "f.txt", &pz, err, sizeof err) != -1 ||
		    strstr(err, cases[i].want) == NULL)
			fail_msg("case %zu: got '%s', wanted '%s'", i, err,
			         cases[i].want);
	}
}

static void test_load(void **state)
{
	char path[4200], err[512];
	struct puzzle pz;

	(void)state;
	snprintf(path, sizeof path, "%s/p.txt", scratch);
	write_file(path, "size: 6\ngrade: hard\nqueens: b4\n");
	assert_int_equal(puzzle_load(path, &pz, err, sizeof err), 0);
	assert_int_equal(pz.n, 6);
	write_file(path, "size: 6\ngrade: hard\nqueens: b4\nqueens: c1\n");
	assert_int_equal(puzzle_load(path, &pz, err, sizeof err), -1);
	assert_non_null(strstr(err, path));
	assert_non_null(strstr(err, ":4: 'queens' given twice"));
	snprintf(path, sizeof path, "%s/missing.txt", scratch);
	assert_int_equal(puzzle_load(path, &pz, err, sizeof err), -1);
	assert_non_null(strstr(err, "missing.txt: No such file"));
}

/* The shipped puzzles: each unique, at its grade, enough of each grade. */
static void test_shipped_puzzles(void **state)
{
	const char *data = getenv("NQUEENS_DATADIR");
	char dir[4096];
	int per_grade[PUZZLE_GRADES] = {0}, files = 0;
	DIR *d;
	struct dirent *e;

	(void)state;
	snprintf(dir, sizeof dir, "%s/puzzles", data && *data ? data : "data");
	d = opendir(dir);
	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		char path[8192], err[512], want[64];
		struct puzzle pz;
		struct puzzle_measure m;
		uint64_t c;

		if (!strstr(e->d_name, ".txt"))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (puzzle_load(path, &pz, err, sizeof err) != 0)
			fail_msg("%s", err);
		assert_int_equal(puzzle_completions(&pz, 0, 0, NULL, &c), 0);
		if (c != 1)
			fail_msg("%s has %llu completions", path, (unsigned long long)c);
		assert_int_equal(puzzle_measure(&pz, PUZZLE_WORK_LIMIT, &m), 0);
		assert_true(m.judged);
		if (m.grade != pz.grade)
			fail_msg("%s says %s but measures %s", path,
			         puzzle_grade_name(pz.grade), puzzle_grade_name(m.grade));
		/* The name says the size and the grade: 08-easy-01.txt. */
		snprintf(want, sizeof want, "%02d-%s-", pz.n,
		         puzzle_grade_name(pz.grade));
		assert_true(strncmp(e->d_name, want, strlen(want)) == 0);
		assert_true(pz.n >= 5 && pz.n <= 12);
		per_grade[pz.grade]++;
		files++;
	}
	closedir(d);
	assert_true(files >= 30);
	for (int g = 0; g < PUZZLE_GRADES; g++)
		assert_true(per_grade[g] >= 8);
}

static void test_generate(void **state)
{
	(void)state;
	for (int n = PUZZLE_GEN_MIN_N; n <= 16; n++) {
		for (int g = 0; g < PUZZLE_GRADES; g++) {
			for (uint64_t seed = 0; seed < 6; seed++) {
				struct puzzle a, b;
				struct puzzle_measure m;
				uint64_t c;

				assert_int_equal(puzzle_generate(n, seed, g, &a), 0);
				assert_int_equal(puzzle_generate(n, seed, g, &b), 0);
				assert_memory_equal(&a, &b, sizeof a);
				assert_int_equal(a.n, n);
				assert_int_equal(a.grade, g);
				assert_int_equal(puzzle_completions(&a, 0, 0, NULL, &c),
				                 0);
				assert_int_equal(c, 1);
				assert_int_equal(
				        puzzle_measure(&a, PUZZLE_WORK_LIMIT, &m), 0);
				assert_true(m.judged);
				assert_int_equal(m.grade, g);
				assert_int_equal(m.completions, 1);
				/* A hard puzzle needs every queen it gives. */
				if (g == PUZZLE_HARD)
					assert_true(m.minimal);
			}
		}
	}
}

/* The same seed makes the same puzzle on every machine: a fixed example. */
static void test_generate_fixed(void **state)
{
	struct puzzle pz;
	char buf[512];

	(void)state;
	assert_int_equal(puzzle_generate(8, 42, PUZZLE_HARD, &pz), 0);
	puzzle_format(&pz, buf, sizeof buf);
	assert_string_equal(buf, "title: 8 queens, hard\nsize: 8\ngrade: hard\n"
	                         "queens: a4 e2 f7\n");
	/* And at the top of the range, where the work limit must never bite. */
	static const char *const want20[PUZZLE_GRADES] = {
	        "c13 d15 f8 g16 h9 i4 k1 m19 o20 p14 q11 r7 t6",
	        "a2 b15 c1 f5 g18 h16 k11 o3 p13 q6",
	        "a4 b7 c1 e5 k6 o17 q2 r11 s15",
	};
	for (int g = 0; g < PUZZLE_GRADES; g++) {
		char want[512];

		assert_int_equal(puzzle_generate(20, 1, g, &pz), 0);
		puzzle_format(&pz, buf, sizeof buf);
		snprintf(want, sizeof want,
		         "title: 20 queens, %s\nsize: 20\ngrade: %s\nqueens: %s\n",
		         puzzle_grade_name(g), puzzle_grade_name(g), want20[g]);
		assert_string_equal(buf, want);
	}
	assert_int_equal(puzzle_generate(4, 1, PUZZLE_EASY, &pz), -1);
	assert_int_equal(puzzle_generate(PUZZLE_GEN_MAX_N + 1, 1, PUZZLE_EASY, &pz), -1);
	assert_int_equal(puzzle_generate(8, 1, PUZZLE_GRADES, &pz), -1);
}

/* A tiny deterministic generator of test positions. */
static unsigned next_rand(unsigned *s)
{
	*s = *s * 1103515245u + 12345u;
	return (*s >> 16) & 0x7fff;
}

static void test_status_against_brute(void **state)
{
	unsigned seed = 7;

	(void)state;
	for (int n = 4; n <= 9; n++) {
		for (int trial = 0; trial < 150; trial++) {
			struct board b;
			struct puzzle_status st, capped;
			int queens = (int)(next_rand(&seed) % 5);
			uint64_t want;

			assert_int_equal(board_init(&b, n), 0);
			for (int q = 0; q < queens; q++)
				board_place(&b, (struct square){(int)(next_rand(&seed) %
				                                      (unsigned)n),
				                                (int)(next_rand(&seed) %
				                                      (unsigned)n)});
			want = brute_completions(&b);
			assert_int_equal(
			        puzzle_status(&b, 0, PUZZLE_WORK_LIMIT, NULL, &st), 0);
			assert_false(st.unfinished);
			assert_int_equal(st.completions, want);
			assert_int_equal(st.completable, want > 0);
			assert_false(st.at_limit);
			assert_int_equal(st.solved, want > 0 && b.pos.count == (size_t)n);
			assert_int_equal(
			        puzzle_status(&b, 3, PUZZLE_WORK_LIMIT, NULL, &capped),
			        0);
			assert_int_equal(capped.completions, want < 3 ? want : 3);
			assert_int_equal(capped.at_limit, want >= 3);
			board_destroy(&b);
		}
	}
}

/* Whether b with one more queen on sq still has a completion. */
static bool completable_with(struct board *b, struct square sq)
{
	struct puzzle_status st;
	bool placed = board_place(b, sq);

	assert_int_equal(puzzle_status(b, 1, 0, NULL, &st), 0);
	if (placed)
		board_remove(b, sq);
	return placed && st.completable;
}

static void test_hint(void **state)
{
	unsigned seed = 11;

	(void)state;
	for (int n = 5; n <= 9; n++) {
		for (int trial = 0; trial < 80; trial++) {
			struct board b;
			struct puzzle_status st;
			struct puzzle_hint h;
			int queens = (int)(next_rand(&seed) % 4);

			assert_int_equal(board_init(&b, n), 0);
			for (int q = 0; q < queens; q++)
				board_place(&b, (struct square){(int)(next_rand(&seed) %
				                                      (unsigned)n),
				                                (int)(next_rand(&seed) %
				                                      (unsigned)n)});
			assert_int_equal(puzzle_status(&b, 1, 0, NULL, &st), 0);
			assert_int_equal(
			        puzzle_hint(&b, NULL, PUZZLE_WORK_LIMIT, NULL, &h), 0);
			if (!st.completable) {
				/* Take a queen away, one that is on the board. */
				assert_int_equal(h.kind, PUZZLE_HINT_REMOVE);
				assert_true(board_has(&b, h.sq));
				if (h.choices == 1) {
					board_remove(&b, h.sq);
					assert_int_equal(
					        puzzle_status(&b, 1, 0, NULL, &st), 0);
					assert_true(st.completable);
				}
				board_destroy(&b);
				continue;
			}
			assert_int_equal(h.kind, PUZZLE_HINT_PLACE);
			assert_true(completable_with(&b, h.sq));
			/* The hint's file is one with the fewest good squares. */
			int fewest = n + 1;
			for (int f = 0; f < n; f++) {
				int good = 0;

				for (int r = 0; r < n; r++)
					good += completable_with(&b,
					                         (struct square){f, r});
				if (good > 0 && good < fewest)
					fewest = good;
				if (f == h.sq.file)
					assert_int_equal(good, h.choices);
			}
			assert_int_equal(h.choices, fewest);
			board_destroy(&b);
		}
	}

	/* A solved board needs no hint; a puzzle's given queens are kept. */
	struct puzzle pz;
	struct board b;
	struct puzzle_hint h;
	char err[256];

	assert_int_equal(puzzle_parse("size: 6\ngrade: hard\nqueens: b4\n", "h", &pz, err,
	                              sizeof err),
	                 0);
	assert_int_equal(puzzle_to_board(&pz, &b), 0);
	assert_int_equal(b.pos.count, 1);
	/* Placed again on a cleared board, the givens are all it holds. */
	board_place(&b, (struct square){5, 5});
	board_clear(&b);
	puzzle_place_givens(&pz, &b);
	assert_int_equal(b.pos.count, 1);
	assert_true(board_has(&b, (struct square){1, 3}));
	board_place(&b, (struct square){0, 0});
	assert_int_equal(puzzle_hint(&b, &pz, PUZZLE_WORK_LIMIT, NULL, &h), 0);
	assert_int_equal(h.kind, PUZZLE_HINT_REMOVE);
	assert_int_equal(h.sq.file, 0);
	assert_int_equal(h.sq.rank, 0);
	assert_int_equal(h.choices, 1);
	board_remove(&b, (struct square){0, 0});
	for (int i = 0; i < 6; i++) {
		assert_int_equal(puzzle_hint(&b, &pz, PUZZLE_WORK_LIMIT, NULL, &h), 0);
		if (h.kind == PUZZLE_HINT_NONE)
			break;
		assert_int_equal(h.kind, PUZZLE_HINT_PLACE);
		assert_int_equal(h.choices, 1);
		board_place(&b, h.sq);
	}
	assert_int_equal(h.kind, PUZZLE_HINT_NONE);
	assert_true(board_is_solution(&b.pos));
	board_destroy(&b);
}

/* A count that would take seconds stops at once when asked to. */
static void test_cancel(void **state)
{
	atomic_int cancel = 1;
	struct board b;
	struct puzzle_status st;
	struct puzzle_hint h;
	struct puzzle pz = {.n = 16};
	uint64_t c;

	(void)state;
	assert_int_equal(board_init(&b, 16), 0);
	board_place(&b, (struct square){3, 5});
	assert_int_equal(puzzle_status(&b, 0, 0, &cancel, &st), -1);
	assert_int_equal(puzzle_hint(&b, NULL, 0, &cancel, &h), -1);
	for (int f = 0; f < 16; f++)
		pz.given[f] = -1;
	pz.given[3] = 5;
	assert_int_equal(puzzle_completions(&pz, 0, 0, &cancel, &c), -1);
	/* Not cancelled, a limit makes the same question cheap. */
	atomic_store(&cancel, 0);
	assert_int_equal(puzzle_status(&b, 10, 0, &cancel, &st), 0);
	assert_int_equal(st.completions, 10);
	assert_true(st.at_limit);
	board_destroy(&b);

	/* The empty board is answered from the known totals. */
	assert_int_equal(board_init(&b, 18), 0);
	assert_int_equal(puzzle_status(&b, 0, 0, NULL, &st), 0);
	assert_int_equal(st.completions, 666090624);
	board_destroy(&b);
	for (int n = 1; n <= 12; n++) {
		assert_int_equal(board_init(&b, n), 0);
		assert_int_equal(puzzle_status(&b, 0, 0, NULL, &st), 0);
		assert_int_equal(st.completions, enum_completions(n, NULL, 0, NULL));
		board_destroy(&b);
	}
}

/*
 * A size-32 puzzle with two queens given: the plain search would run for
 * minutes.  Every call stops after its budget of steps (which bounds its
 * time on any machine) and says that it stopped.
 */
static void test_work_limit(void **state)
{
	static const uint64_t small = 1000000;
	struct puzzle pz;
	struct puzzle_measure m;
	struct puzzle_status st;
	struct puzzle_hint h;
	struct board b;
	char err[256];
	uint64_t c;

	(void)state;
	assert_int_equal(puzzle_parse("size: 32\ngrade: hard\nqueens: a1 b3\n", "p32",
	                              &pz, err, sizeof err),
	                 0);
	assert_int_equal(puzzle_measure(&pz, PUZZLE_WORK_LIMIT, &m), 0);
	assert_false(m.judged);
	assert_int_equal(m.grade, PUZZLE_GRADES);
	assert_int_equal(m.empty, 30);
	assert_true(m.steps > PUZZLE_WORK_LIMIT && m.steps <= PUZZLE_WORK_LIMIT + 32);
	assert_true(m.completions < 2);
	assert_int_equal(puzzle_measure(&pz, small, &m), 0);
	assert_false(m.judged);
	assert_true(m.steps > small && m.steps <= small + 32);

	/* Counting all completions stops too, with those found so far. */
	assert_int_equal(puzzle_completions(&pz, 0, small, NULL, &c), 1);
	assert_true(c > 0);
	/* Two are found in a few steps: uniqueness is cheap to rule out. */
	assert_int_equal(puzzle_completions(&pz, 2, small, NULL, &c), 0);
	assert_int_equal(c, 2);

	/* Play's verdict: at least so many, or not known at all. */
	assert_int_equal(puzzle_to_board(&pz, &b), 0);
	assert_int_equal(puzzle_status(&b, 0, small, NULL, &st), 0);
	assert_true(st.unfinished);
	assert_true(st.completable);
	assert_true(st.completions > 0);
	assert_false(st.at_limit);
	assert_false(st.solved);
	assert_int_equal(puzzle_status(&b, 0, 10, NULL, &st), 0);
	assert_true(st.unfinished);
	assert_false(st.completable);
	assert_int_equal(st.completions, 0);

	/* The hint: none when the budget is spent at once, else a good square. */
	assert_int_equal(puzzle_hint(&b, &pz, 10, NULL, &h), 0);
	assert_int_equal(h.kind, PUZZLE_HINT_UNKNOWN);
	assert_int_equal(puzzle_hint(&b, &pz, small, NULL, &h), 0);
	if (h.kind == PUZZLE_HINT_PLACE) {
		assert_true(board_place(&b, h.sq));
		assert_int_equal(puzzle_status(&b, 1, small, NULL, &st), 0);
		assert_true(st.completable);
	} else {
		assert_int_equal(h.kind, PUZZLE_HINT_UNKNOWN);
	}
	board_destroy(&b);
}

static void test_class_index(void **state)
{
	(void)state;
	for (int n = 1; n <= 9; n++) {
		int p[ENUM_MAX_N], canon[ENUM_MAX_N], reps[400][ENUM_MAX_N];
		size_t nreps = 0;
		struct enum_iter it;

		enum_start(&it, n);
		while (enum_next(&it, p)) {
			sym_canonical(n, p, canon, NULL);
			if (memcmp(p, canon, sizeof *p * (size_t)n) == 0)
				memcpy(reps[nreps++], p, sizeof p);
		}
		enum_start(&it, n);
		while (enum_next(&it, p)) {
			uint64_t k;

			assert_int_equal(classes_index(n, p, NULL, &k), 0);
			assert_true(k >= 1 && k <= nreps);
			sym_canonical(n, p, canon, NULL);
			assert_memory_equal(reps[k - 1], canon, sizeof *p * (size_t)n);
		}
	}
	int bad[4] = {0, 1, 2, 3}, last[8] = {7, 3, 0, 2, 5, 1, 6, 4};
	uint64_t k;

	assert_int_equal(classes_index(4, bad, NULL, &k), -1);
	assert_int_equal(errno, EINVAL);
	/* The last solution of 8 is in one of the 12 classes. */
	assert_int_equal(classes_index(8, last, NULL, &k), 0);
	assert_true(k >= 1 && k <= 12);
}

static void fill_store(struct store *st)
{
	assert_int_equal(store_add(st, STORE_SOLUTIONS, 8, 92), 1);
	assert_int_equal(store_add(st, STORE_SOLUTIONS, 8, 1), 1);
	assert_int_equal(store_add(st, STORE_SOLUTIONS, 8, 92), 0);
	for (uint64_t i = 1; i <= 40; i++)
		assert_int_equal(store_add(st, STORE_SOLUTIONS, 10, i * 13), 1);
	assert_int_equal(store_add(st, STORE_CLASSES, 8, 12), 1);
	assert_int_equal(store_add(st, STORE_SOLUTIONS, 0, 1), -1);
	assert_int_equal(store_add(st, STORE_SOLUTIONS, 8, 0), -1);
	assert_int_equal(store_record_time(st, "08-easy-01.txt", 5000), 1);
	assert_int_equal(store_record_time(st, "08-easy-01.txt", 7000), 0);
	assert_int_equal(store_record_time(st, "08-easy-01.txt", 4000), 1);
	assert_int_equal(store_record_time(st, "12-hard-02.txt", 123456), 1);
	assert_int_equal(store_record_time(st, "two words", 1), -1);
	assert_int_equal(store_set_setting(st, "theme", "mono"), 0);
	assert_int_equal(store_set_setting(st, "speed", "a b c"), 0);
	assert_int_equal(store_set_setting(st, "theme", "colour"), 0);
	assert_int_equal(store_set_setting(st, "Bad Key", "x"), -1);
	assert_int_equal(store_set_setting(st, "k", "two\nlines"), -1);
}

static void check_filled(const struct store *st)
{
	uint64_t ms;

	assert_true(store_has(st, STORE_SOLUTIONS, 8, 92));
	assert_true(store_has(st, STORE_SOLUTIONS, 8, 1));
	assert_false(store_has(st, STORE_SOLUTIONS, 8, 2));
	assert_int_equal(store_found(st, STORE_SOLUTIONS, 8), 2);
	assert_int_equal(store_found(st, STORE_SOLUTIONS, 10), 40);
	assert_true(store_has(st, STORE_SOLUTIONS, 10, 520));
	assert_int_equal(store_found(st, STORE_CLASSES, 8), 1);
	assert_true(store_has(st, STORE_CLASSES, 8, 12));
	assert_false(store_has(st, STORE_CLASSES, 8, 92));
	assert_true(store_best_time(st, "08-easy-01.txt", &ms));
	assert_int_equal(ms, 4000);
	assert_true(store_best_time(st, "12-hard-02.txt", &ms));
	assert_int_equal(ms, 123456);
	assert_false(store_best_time(st, "09-easy-01.txt", &ms));
	assert_string_equal(store_setting(st, "theme"), "colour");
	assert_string_equal(store_setting(st, "speed"), "a b c");
	assert_null(store_setting(st, "nothing"));
}

/* The names in dir other than . and .., joined by blanks. */
static void list_dir(const char *dir, char *buf, size_t len)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	buf[0] = '\0';
	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		strncat(buf, e->d_name, len - strlen(buf) - 2);
		strcat(buf, " ");
	}
	closedir(d);
}

static void test_store_roundtrip(void **state)
{
	char dir[4200], err[512], names[512];
	struct store st, back;

	(void)state;
	snprintf(dir, sizeof dir, "%s/deep/er/nqueens", scratch);
	assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
	/* No file yet: empty progress, no complaint. */
	assert_int_equal(store_load(&st, err, sizeof err), 0);
	assert_int_equal(store_found(&st, STORE_SOLUTIONS, 8), 0);
	fill_store(&st);
	check_filled(&st);
	assert_int_equal(store_save(&st, err, sizeof err), 0);
	/* The temporary file is gone: only the progress file is left. */
	list_dir(dir, names, sizeof names);
	assert_string_equal(names, "progress ");
	assert_int_equal(store_init(&back, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&back, err, sizeof err), 0);
	check_filled(&back);
	/* Saving again replaces the file, still with no temporary left. */
	assert_int_equal(store_add(&back, STORE_CLASSES, 5, 2), 1);
	assert_int_equal(store_save(&back, err, sizeof err), 0);
	list_dir(dir, names, sizeof names);
	assert_string_equal(names, "progress ");
	assert_int_equal(store_load(&st, err, sizeof err), 0);
	assert_true(store_has(&st, STORE_CLASSES, 5, 2));
	check_filled(&st);
	store_free(&st);
	store_free(&back);
}

static void test_store_damaged(void **state)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
	        {"nqueens progress 1\nsolutions 8 1 2 x\n", ":2: 'x' is not an index"},
	        {"nqueens progress 1\n# ok\n\nclasses 99 1\n",
	         ":4: a board size from 1 to 32"},
	        {"nqueens progress 1\nbest 08-easy-01.txt\n",
	         ":2: a time in milliseconds"},
	        {"nqueens progress 1\nbest a 1 2\n", ":2: '2' after the time"},
	        {"nqueens progress 1\nset Bad x\n", ":2: 'Bad' is not a setting name"},
	        {"nqueens progress 1\nfound 8 1\n", ":2: unknown line 'found'"},
	        {"nqueens progress 1\nsolutions 8 0\n", ":2: '0' is not an index"},
	        {"nqueens progress 1\nbest a\001b 5\n",
	         ":2: 'a\001b' is not a puzzle name"},
	        {"nqueens progress 1\nset k \vx\n",
	         ":2: the value of 'k' is not one line"},
	};
	char dir[4200], path[4300], aside[4400], err[8192], got[256];
	struct store st;

	(void)state;
	snprintf(dir, sizeof dir, "%s/damaged", scratch);
	mkdir(dir, 0700);
	snprintf(path, sizeof path, "%s/progress", dir);
	snprintf(aside, sizeof aside, "%s/progress.damaged", dir);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
		write_file(path, cases[i].text);
		err[0] = '\0';
		assert_int_equal(store_load(&st, err, sizeof err), 1);
		if (!strstr(err, cases[i].want) || !strstr(err, path) ||
		    !strstr(err, "set aside as"))
			fail_msg("case %zu: got '%s', wanted '%s'", i, err,
			         cases[i].want);
		/* Set aside whole, so the next start does not complain again. */
		slurp(aside, got, sizeof got);
		assert_string_equal(got, cases[i].text);
		assert_int_equal(store_found(&st, STORE_SOLUTIONS, 8), 0);
		assert_int_equal(store_load(&st, err, sizeof err), 0);
		/* And the game goes on: progress can be saved afresh. */
		assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 3), 1);
		assert_int_equal(store_save(&st, err, sizeof err), 0);
		store_free(&st);
		unlink(aside);
	}
}

/* A second damaged file does not replace the first one's copy. */
static void test_store_damaged_twice(void **state)
{
	static const char *const texts[] = {
	        "nqueens progress 1\nsolutions 8 1 first\n",
	        "nqueens progress 1\nsolutions 8 2 second\n",
	        "nqueens progress 1\nthird\n",
	};
	static const char *const copies[] = {"progress.damaged", "progress.damaged-2",
	                                     "progress.damaged-3"};
	char dir[4200], path[4300], aside[4400], err[8192], got[256], names[512];
	struct store st;

	(void)state;
	snprintf(dir, sizeof dir, "%s/twice", scratch);
	assert_int_equal(mkdir(dir, 0700), 0);
	snprintf(path, sizeof path, "%s/progress", dir);
	assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
	for (size_t i = 0; i < 3; i++) {
		write_file(path, texts[i]);
		assert_int_equal(store_load(&st, err, sizeof err), 1);
		snprintf(aside, sizeof aside, "(set aside as %s/%s)", dir, copies[i]);
		if (strlen(err) < strlen(aside) ||
		    strcmp(err + strlen(err) - strlen(aside), aside) != 0)
			fail_msg("%zu: the notice does not end '%s': '%s'", i, aside,
			         err);
		/* Every copy so far is whole. */
		for (size_t k = 0; k <= i; k++) {
			snprintf(aside, sizeof aside, "%s/%s", dir, copies[k]);
			slurp(aside, got, sizeof got);
			assert_string_equal(got, texts[k]);
		}
	}
	list_dir(dir, names, sizeof names);
	assert_non_null(strstr(names, "progress "));
	assert_int_equal(strlen(names), strlen("progress progress.damaged "
	                                       "progress.damaged-2 progress.damaged-3 "));
	/* What is in place now reads cleanly. */
	assert_int_equal(store_load(&st, err, sizeof err), 0);
	store_free(&st);
}

/* What a test made of the progress file, to see it was not touched. */
static void describe(const char *path, char *buf, size_t len)
{
	struct stat sb;
	char text[256] = "";

	if (lstat(path, &sb) < 0) {
		snprintf(buf, len, "none");
		return;
	}
	if (S_ISREG(sb.st_mode))
		slurp(path, text, sizeof text);
	snprintf(buf, len, "mode %o ino %lu: %s", (unsigned)sb.st_mode,
	         (unsigned long)sb.st_ino, text);
}

/* A progress file that exists but cannot be read is never written over. */
static void test_store_unreadable(void **state)
{
	static const char *const kinds[] = {"directory", "fifo", "loop", "mode 000"};
	static const char *const reasons[] = {"Is a directory", "not a regular file",
	                                      "Too many levels of symbolic links",
	                                      "Permission denied"};
	char dir[4200], path[4300], inner[4400], before[600], after[600], names[512];
	char err[8192];
	struct store st;

	(void)state;
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		snprintf(dir, sizeof dir, "%s/unreadable-%zu", scratch, i);
		assert_int_equal(mkdir(dir, 0700), 0);
		snprintf(path, sizeof path, "%s/progress", dir);
		switch (i) {
		case 0:
			assert_int_equal(mkdir(path, 0700), 0);
			snprintf(inner, sizeof inner, "%s/keep", path);
			write_file(inner, "kept\n");
			break;
		case 1:
			assert_int_equal(mkfifo(path, 0600), 0);
			break;
		case 2:
			assert_int_equal(symlink("progress", path), 0);
			break;
		default:
			/* Root reads a file of mode 000: nothing to see then. */
			if (geteuid() == 0) {
				print_message(
				        "# mode 000 skipped: root reads any file\n");
				continue;
			}
			write_file(path, "nqueens progress 1\nsolutions 8 5\n");
			assert_int_equal(chmod(path, 0), 0);
			break;
		}
		describe(path, before, sizeof before);
		assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
		assert_int_equal(store_load(&st, err, sizeof err), -1);
		if (!strstr(err, path) || !strstr(err, reasons[i]) ||
		    !strstr(err, "progress is kept for this session only, the file is "
		                 "left as it is"))
			fail_msg("%s: got '%s'", kinds[i], err);
		/* The game goes on in memory, and no save touches the file. */
		assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 3), 1);
		assert_int_equal(store_save(&st, err, sizeof err), -1);
		if (!strstr(err, path) || !strstr(err, reasons[i]) ||
		    !strstr(err, "could not be read"))
			fail_msg("%s: save said '%s'", kinds[i], err);
		assert_true(store_has(&st, STORE_SOLUTIONS, 8, 3));
		describe(path, after, sizeof after);
		assert_string_equal(before, after);
		list_dir(dir, names, sizeof names);
		assert_string_equal(names, "progress ");
		if (i == 0) {
			describe(inner, after, sizeof after);
			assert_non_null(strstr(after, ": kept\n"));
		}
		store_free(&st);
		chmod(path, 0600);
	}
}

/* A progress file that is a symbolic link is written through it. */
static void test_store_symlink(void **state)
{
	char dir[4200], other[4200], path[4300], real[4300], aside[4400], err[8192];
	char names[512], got[4600], to[4096];
	struct store st;
	struct stat sb;
	ssize_t len;

	(void)state;
	snprintf(dir, sizeof dir, "%s/linked", scratch);
	snprintf(other, sizeof other, "%s/elsewhere", scratch);
	assert_int_equal(mkdir(dir, 0700), 0);
	assert_int_equal(mkdir(other, 0700), 0);
	snprintf(path, sizeof path, "%s/progress", dir);
	snprintf(real, sizeof real, "%s/mine", other);
	write_file(real, "nqueens progress 1\nsolutions 8 4\n");
	/* Relative, as ln -s usually makes them. */
	assert_int_equal(symlink("../elsewhere/mine", path), 0);
	assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&st, err, sizeof err), 0);
	assert_true(store_has(&st, STORE_SOLUTIONS, 8, 4));
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 7), 1);
	assert_int_equal(store_save(&st, err, sizeof err), 0);
	/* The link is still the same link; what it leads to has the news. */
	assert_int_equal(lstat(path, &sb), 0);
	assert_true(S_ISLNK(sb.st_mode));
	len = readlink(path, to, sizeof to - 1);
	assert_true(len > 0);
	to[len] = '\0';
	assert_string_equal(to, "../elsewhere/mine");
	slurp(real, got, sizeof got);
	assert_non_null(strstr(got, "\nsolutions 8 4 7\n"));
	/* No temporary file is left on either side. */
	list_dir(dir, names, sizeof names);
	assert_string_equal(names, "progress ");
	list_dir(other, names, sizeof names);
	assert_string_equal(names, "mine ");

	/* Damaged through the link: the file it leads to is set aside beside
	 * it and written afresh, and the link still leads there. */
	write_file(real, "nqueens progress 1\nsolutions 8 oops\n");
	assert_int_equal(store_load(&st, err, sizeof err), 1);
	snprintf(aside, sizeof aside, "(set aside as %s/mine.damaged)", other);
	assert_non_null(strstr(err, aside));
	assert_non_null(strstr(err, path));
	snprintf(aside, sizeof aside, "%s/mine.damaged", other);
	slurp(aside, got, sizeof got);
	assert_string_equal(got, "nqueens progress 1\nsolutions 8 oops\n");
	assert_int_equal(lstat(path, &sb), 0);
	assert_true(S_ISLNK(sb.st_mode));
	assert_int_equal(store_load(&st, err, sizeof err), 0);
	list_dir(dir, names, sizeof names);
	assert_string_equal(names, "progress ");

	/* A link that leads nowhere is refused: nothing is made at either end. */
	assert_int_equal(unlink(real), 0);
	assert_int_equal(store_load(&st, err, sizeof err), -1);
	snprintf(got, sizeof got,
	         "%s is a link to ../elsewhere/mine, which does not exist", path);
	assert_non_null(strstr(err, got));
	assert_non_null(strstr(err, "progress is kept for this session only"));
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 9), 1);
	assert_int_equal(store_save(&st, err, sizeof err), -1);
	assert_non_null(strstr(err, got));
	assert_int_equal(lstat(path, &sb), 0);
	assert_true(S_ISLNK(sb.st_mode));
	assert_int_equal(stat(real, &sb), -1);
	list_dir(dir, names, sizeof names);
	assert_string_equal(names, "progress ");
	store_free(&st);
}

/* Whether path exists, as anything. */
static bool exists(const char *path)
{
	struct stat sb;

	return lstat(path, &sb) == 0;
}

/* The temporary files of killed saves go at the next start; a locked one,
 * being written now, and names not of that form stay. */
static void test_store_stale_temps(void **state)
{
	static const char *const stale[] = {"progress.tmp.AAAAAA", "progress.tmp.x1Y2z3"};
	static const char *const kept[] = {"progress.tmp.short",  "progress.tmp.toolong7",
	                                   "other.tmp.CCCCCC",    "progress.tmp.a-b_cd",
	                                   "progress.tmp.LOCKED", "progress.tmp.Dir123"};
	char dir[4200], path[4400], err[8192];
	int ready[2], done[2], status;
	struct store st;
	pid_t child;
	char c;

	(void)state;
	snprintf(dir, sizeof dir, "%s/stale", scratch);
	assert_int_equal(mkdir(dir, 0700), 0);
	snprintf(path, sizeof path, "%s/progress", dir);
	write_file(path, "nqueens progress 1\nsolutions 6 2\n");
	for (size_t i = 0; i < 2; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, stale[i]);
		write_file(path, "nqueens progress 1\nsolu");
	}
	for (size_t i = 0; i < 5; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, kept[i]);
		write_file(path, "someone's\n");
	}
	snprintf(path, sizeof path, "%s/%s", dir, kept[5]);
	assert_int_equal(mkdir(path, 0700), 0);
	/* Another process writes progress.tmp.LOCKED, holding the lock. */
	assert_int_equal(pipe(ready), 0);
	assert_int_equal(pipe(done), 0);
	child = fork();
	assert_true(child >= 0);
	if (child == 0) {
		struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
		int fd;

		snprintf(path, sizeof path, "%s/progress.tmp.LOCKED", dir);
		fd = open(path, O_RDWR);
		if (fd < 0 || fcntl(fd, F_SETLK, &fl) < 0)
			_exit(1);
		if (write(ready[1], "r", 1) != 1 || read(done[0], &c, 1) != 1)
			_exit(1);
		_exit(0);
	}
	assert_int_equal(read(ready[0], &c, 1), 1);
	assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&st, err, sizeof err), 0);
	assert_true(store_has(&st, STORE_SOLUTIONS, 6, 2));
	assert_int_equal(write(done[1], "d", 1), 1);
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	for (size_t i = 0; i < 2; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, stale[i]);
		if (exists(path))
			fail_msg("%s was left", stale[i]);
	}
	for (size_t i = 0; i < 6; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, kept[i]);
		if (!exists(path))
			fail_msg("%s was removed", kept[i]);
	}
	/* Its writer gone, the once locked file is a leftover too. */
	assert_int_equal(store_load(&st, err, sizeof err), 0);
	snprintf(path, sizeof path, "%s/progress.tmp.LOCKED", dir);
	assert_false(exists(path));
	close(ready[0]);
	close(ready[1]);
	close(done[0]);
	close(done[1]);
	store_free(&st);
}

/* Saves in one process while another starts again and again: no start
 * removes a save's temporary file, and every start reads a whole file. */
static void test_store_save_while_starting(void **state)
{
	char dir[4200], err[8192];
	struct store st;
	int status, loads = 0;
	pid_t child;

	(void)state;
	snprintf(dir, sizeof dir, "%s/busy", scratch);
	assert_int_equal(mkdir(dir, 0700), 0);
	assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
	assert_int_equal(store_save(&st, err, sizeof err), 0);
	child = fork();
	assert_true(child >= 0);
	if (child == 0) {
		int failed = 0;

		for (uint64_t i = 1; i <= 300; i++) {
			store_add(&st, STORE_SOLUTIONS, 12, i);
			if (store_save(&st, err, sizeof err) < 0) {
				fprintf(stderr, "save %llu: %s\n", (unsigned long long)i,
				        err);
				failed++;
			}
		}
		_exit(failed > 100 ? 100 : failed);
	}
	while (waitpid(child, &status, WNOHANG) == 0) {
		assert_int_equal(store_load(&st, err, sizeof err), 0);
		loads++;
	}
	assert_true(WIFEXITED(status));
	if (WEXITSTATUS(status) != 0)
		fail_msg("%d of 300 saves failed during %d starts", WEXITSTATUS(status),
		         loads);
	assert_int_equal(store_load(&st, err, sizeof err), 0);
	assert_int_equal(store_found(&st, STORE_SOLUTIONS, 12), 300);
	store_free(&st);
}

/* Numbers past the last of their n are dropped, said once, the rest kept. */
static void test_store_out_of_range(void **state)
{
	static const char text[] = "nqueens progress 1\n"
	                           "solutions 8 1 92\n"
	                           "solutions 8 300 5\n"
	                           "classes 8 13 12\n"
	                           "solutions 3 1\n"
	                           "solutions 28 99999999999\n"
	                           "classes 32 5\n"
	                           "best 08-easy-01.txt 100\n";
	char dir[4200], path[4300], want[9000], err[8192], got[512];
	struct store st;

	(void)state;
	snprintf(dir, sizeof dir, "%s/range", scratch);
	assert_int_equal(mkdir(dir, 0700), 0);
	snprintf(path, sizeof path, "%s/progress", dir);
	write_file(path, text);
	assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&st, err, sizeof err), 1);
	snprintf(want, sizeof want,
	         "%s:3: solution 300 of n = 8 is past the last, 92; dropped, and 2 more "
	         "like it (the file as it was is set aside as %s.damaged)",
	         path, path);
	assert_string_equal(err, want);
	assert_int_equal(store_found(&st, STORE_SOLUTIONS, 8), 3);
	assert_true(store_has(&st, STORE_SOLUTIONS, 8, 92));
	assert_true(store_has(&st, STORE_SOLUTIONS, 8, 5));
	assert_false(store_has(&st, STORE_SOLUTIONS, 8, 300));
	assert_int_equal(store_found(&st, STORE_CLASSES, 8), 1);
	assert_true(store_has(&st, STORE_CLASSES, 8, 12));
	assert_int_equal(store_found(&st, STORE_SOLUTIONS, 3), 0);
	/* Past what is known, nothing can be checked: kept. */
	assert_true(store_has(&st, STORE_SOLUTIONS, 28, 99999999999));
	assert_true(store_has(&st, STORE_CLASSES, 32, 5));
	assert_true(store_best_time(&st, "08-easy-01.txt", NULL));
	/* The file as it was is kept; the file itself no longer has them, so
	 * the next start says nothing. */
	snprintf(want, sizeof want, "%s.damaged", path);
	slurp(want, got, sizeof got);
	assert_string_equal(got, text);
	slurp(path, got, sizeof got);
	assert_non_null(strstr(got, "\nsolutions 8 1 5 92\nclasses 8 12\n"));
	assert_null(strstr(got, "300"));
	assert_null(strstr(got, "13"));
	assert_null(strstr(got, "solutions 3"));
	assert_int_equal(store_load(&st, err, sizeof err), 0);
	assert_true(store_has(&st, STORE_SOLUTIONS, 28, 99999999999));

	/* One alone, and a size with no solution at all. */
	{
		const char *one = "nqueens progress 1\nclasses 8 13\n";
		const char *none = "nqueens progress 1\n\nsolutions 2 1\n";
		const char *all = "nqueens progress 1\nsolutions 8 92\nclasses 8 12\n";

		assert_int_equal(store_parse(&st, one, strlen(one), "f", err, sizeof err),
		                 1);
		assert_string_equal(
		        err, "f:2: class 13 of n = 8 is past the last, 12; dropped");
		assert_int_equal(
		        store_parse(&st, none, strlen(none), "f", err, sizeof err), 1);
		assert_string_equal(err,
		                    "f:3: solution 1 of n = 2: there are none; dropped");
		assert_int_equal(store_parse(&st, all, strlen(all), "f", err, sizeof err),
		                 0);
	}
	store_free(&st);
}

/* Text read and written again with no file: the second round changes nothing. */
static void test_store_text_roundtrip(void **state)
{
	static const char *const texts[] = {
	        "",
	        "nqueens progress 1\n",
	        "nqueens progress 1",
	        "nqueens progress 1\r\n# a comment\r\n\r\n  solutions 8 92 1 "
	        "5 1\r\nclasses 8 12 3\r\n",
	        "  nqueens progress 1\nsolutions 10 9 8 7 6 5 4 3 2 1 10 11 12 13 "
	        "14 15 16 17 18 19 20\nsolutions 10 4\nsolutions 30 "
	        "18446744073709551615 007\nbest b 9\nbest a 5\nbest b 3\n"
	        "set speed  a  b c  \nset theme mono\nset speed x\nset empty\n",
	};
	static const char nul[] = "nqueens progress 1\nsolutions 8 1\0 2\n";
	char err[512];
	struct store st;

	(void)state;
	assert_int_equal(store_init(&st, scratch, err, sizeof err), 0);
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		size_t len1, len2;
		char *one, *two;

		assert_int_equal(store_parse(&st, texts[i], strlen(texts[i]), "t", err,
		                             sizeof err),
		                 0);
		one = store_format(&st, &len1);
		assert_non_null(one);
		assert_int_equal(strlen(one), len1);
		assert_int_equal(store_parse(&st, one, len1, "t", err, sizeof err), 0);
		two = store_format(&st, &len2);
		assert_non_null(two);
		assert_int_equal(len1, len2);
		assert_memory_equal(one, two, len1);
		free(one);
		free(two);
	}
	/* The last text: in order, once each, the best time, the last value. */
	assert_int_equal(store_found(&st, STORE_SOLUTIONS, 10), 20);
	assert_true(store_has(&st, STORE_SOLUTIONS, 30, UINT64_MAX));
	assert_true(store_has(&st, STORE_SOLUTIONS, 30, 7));
	assert_string_equal(store_setting(&st, "speed"), "x");
	assert_string_equal(store_setting(&st, "empty"), "");
	{
		size_t len;
		char *text = store_format(&st, &len);

		assert_non_null(strstr(text, "\nsolutions 10 1 2 3 4 5 6 7 8 9 10 11 12 "
		                             "13 14 15 16\nsolutions 10 17 18 19 20\n"));
		assert_non_null(strstr(text, "\nbest a 5\nbest b 3\n"));
		free(text);
	}
	/* Text that is not progress: the line named, nothing kept. */
	assert_int_equal(store_parse(&st, nul, sizeof nul - 1, "name", err, sizeof err),
	                 -1);
	assert_string_equal(err, "name:2: a NUL byte: not a text file");
	assert_int_equal(store_found(&st, STORE_SOLUTIONS, 8), 0);
	store_free(&st);
}

/* A long file in descending order is read whole, sorted and without repeats. */
static void test_store_descending(void **state)
{
	enum { LINES = 100000 };
	char dir[4200], path[4300], err[512];
	struct store st;
	FILE *fp;

	(void)state;
	snprintf(dir, sizeof dir, "%s/descending", scratch);
	mkdir(dir, 0700);
	snprintf(path, sizeof path, "%s/progress", dir);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fprintf(fp, "nqueens progress 1\n");
	for (long i = LINES; i >= 1; i--)
		fprintf(fp, "solutions 14 %ld\nclasses 14 %ld\n", i, i % 100 + 1);
	assert_int_equal(fclose(fp), 0);
	assert_int_equal(store_init(&st, dir, err, sizeof err), 0);
	assert_int_equal(store_load(&st, err, sizeof err), 0);
	assert_int_equal(store_found(&st, STORE_SOLUTIONS, 14), LINES);
	assert_int_equal(store_found(&st, STORE_CLASSES, 14), 100);
	for (uint64_t i = 1; i <= LINES; i++)
		assert_int_equal(st.solutions[14].v[i - 1], i);
	assert_false(store_has(&st, STORE_SOLUTIONS, 14, LINES + 1));
	/* And an index added afterwards goes in its place. */
	assert_int_equal(store_add(&st, STORE_CLASSES, 14, 1000), 1);
	assert_int_equal(store_add(&st, STORE_CLASSES, 14, 50), 0);
	assert_int_equal(st.classes[14].v[100], 1000);
	store_free(&st);
}

static void test_store_xdg(void **state)
{
	char want[4400], got[4400], err[512], xdg[4200], home[4200];
	char *old_xdg = getenv("XDG_DATA_HOME"), *old_home = getenv("HOME");
	struct store st;
	struct stat sb;

	(void)state;
	old_xdg = old_xdg ? strdup(old_xdg) : NULL;
	old_home = old_home ? strdup(old_home) : NULL;
	snprintf(xdg, sizeof xdg, "%s/xdg", scratch);
	snprintf(home, sizeof home, "%s/home", scratch);
	setenv("XDG_DATA_HOME", xdg, 1);
	setenv("HOME", home, 1);
	assert_int_equal(store_default_dir(got, sizeof got, err, sizeof err), 0);
	snprintf(want, sizeof want, "%s/nqueens", xdg);
	assert_string_equal(got, want);
	assert_int_equal(store_init(&st, NULL, err, sizeof err), 0);
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 6, 1), 1);
	assert_int_equal(store_save(&st, err, sizeof err), 0);
	snprintf(want, sizeof want, "%s/nqueens/progress", xdg);
	assert_int_equal(stat(want, &sb), 0);
	store_free(&st);

	/* Unset or relative, XDG_DATA_HOME gives way to ~/.local/share. */
	setenv("XDG_DATA_HOME", "relative/path", 1);
	assert_int_equal(store_default_dir(got, sizeof got, err, sizeof err), 0);
	snprintf(want, sizeof want, "%s/.local/share/nqueens", home);
	assert_string_equal(got, want);
	unsetenv("XDG_DATA_HOME");
	assert_int_equal(store_default_dir(got, sizeof got, err, sizeof err), 0);
	assert_string_equal(got, want);
	unsetenv("HOME");
	assert_int_equal(store_default_dir(got, sizeof got, err, sizeof err), -1);
	assert_non_null(strstr(err, "HOME"));

	if (old_xdg)
		setenv("XDG_DATA_HOME", old_xdg, 1);
	if (old_home)
		setenv("HOME", old_home, 1);
	free(old_xdg);
	free(old_home);
}

/* One solution keeping the queens given: checked by the rules, n = 4..12. */
static void test_complete(void **state)
{
	int ranks[PUZZLE_MAX_N], out[PUZZLE_MAX_N], first[ENUM_MAX_N];
	struct position pos;

	(void)state;
	for (int n = 4; n <= 12; n++) {
		for (int f = 0; f < n; f++)
			ranks[f] = -1;
		/* No queen: the first solution in order. */
		assert_int_equal(puzzle_complete(n, ranks, PUZZLE_WORK_LIMIT, out), 1);
		assert_true(enum_first(n, first));
		assert_memory_equal(out, first, sizeof *out * (size_t)n);
		/* A queen on the last file's middle rank: kept, and a solution round it.
		 */
		ranks[n - 1] = n / 2;
		if (puzzle_complete(n, ranks, PUZZLE_WORK_LIMIT, out) == 1) {
			assert_int_equal(out[n - 1], n / 2);
			assert_int_equal(board_from_ranks(&pos, n, out), 0);
			assert_true(board_is_solution(&pos));
			board_free(&pos);
		}
	}
	/* a1 and b3 leave 4x4 no solution; n = 3 has none at all. */
	for (int f = 0; f < 4; f++)
		ranks[f] = -1;
	ranks[0] = 0;
	ranks[1] = 2;
	assert_int_equal(puzzle_complete(4, ranks, PUZZLE_WORK_LIMIT, out), 0);
	ranks[0] = ranks[1] = -1;
	assert_int_equal(puzzle_complete(3, ranks, PUZZLE_WORK_LIMIT, out), 0);
	/* A budget of a few steps runs out before a 32x32 board is completed. */
	for (int f = 0; f < 32; f++)
		ranks[f] = -1;
	ranks[0] = 0;
	ranks[1] = 2;
	assert_int_equal(puzzle_complete(32, ranks, 10, out), -1);
}

/* A lesson as a teacher writes one, and what its parser makes of it. */
static void test_lesson_parse(void **state)
{
	static const char text[] = "# Four queens, by hand and by the search.\n"
	                           "title: Recursion with four queens\n"
	                           "minutes: 15\n"
	                           "\n"
	                           "say: Four queens on a 4x4 board,\n"
	                           "say: none attacking another.\n"
	                           "show: play 4\n"
	                           "\n"
	                           "say: The search tries file a first.\n"
	                           "show: watch 4 scan first from 2\n"
	                           "speed: 2\n"
	                           "run: 12\n"
	                           "ask: 3\n"
	                           "play\n"
	                           "\n"
	                           "\n"
	                           "say: The two solutions, and their class.\n"
	                           "show: browse 4 #2 classes\n"
	                           "\n"
	                           "say: Two searches side by side.\n"
	                           "show: race 8 permute backtrack first\n"
	                           "speed: 50\n"
	                           "play\n"
	                           "\n"
	                           "say: The four tree searches.\n"
	                           "show: race 6\n";
	struct lesson l;
	char err[512];

	(void)state;
	assert_int_equal(lesson_parse(text, "four.lesson", &l, err, sizeof err), 0);
	assert_string_equal(l.title, "Recursion with four queens");
	assert_int_equal(l.minutes, 15);
	assert_int_equal(l.nsteps, 5);
	assert_string_equal(l.steps[0].text,
	                    "Four queens on a 4x4 board, none attacking another.");
	assert_int_equal(l.steps[0].screen, LESSON_PLAY);
	assert_int_equal(l.steps[0].n, 4);
	assert_int_equal(l.steps[1].line, 9);
	assert_int_equal(l.steps[1].screen, LESSON_WATCH);
	assert_int_equal(l.steps[1].algo, SEARCH_SCAN);
	assert_true(l.steps[1].first);
	assert_true(l.steps[1].has_from);
	assert_int_equal(l.steps[1].from[0], 1);
	assert_int_equal(l.steps[1].from[1], -1);
	assert_int_equal(l.steps[1].speed, 2);
	assert_int_equal(l.steps[1].run, LESSON_RUN_EVENTS);
	assert_int_equal(l.steps[1].events, 12);
	assert_int_equal(l.steps[1].ask, 3);
	assert_true(l.steps[1].play);
	assert_int_equal(l.steps[2].screen, LESSON_BROWSE);
	assert_int_equal(l.steps[2].index, 2);
	assert_true(l.steps[2].classes);
	assert_int_equal(l.steps[3].screen, LESSON_RACE);
	assert_int_equal(l.steps[3].n, 8);
	assert_int_equal(l.steps[3].nrace, 2);
	assert_int_equal(l.steps[3].race[0], SEARCH_PERMUTE);
	assert_int_equal(l.steps[3].race[1], SEARCH_BACKTRACK);
	assert_true(l.steps[3].first);
	assert_int_equal(l.steps[3].speed, 50);
	assert_true(l.steps[3].play);
	assert_int_equal(l.steps[4].screen, LESSON_RACE);
	assert_int_equal(l.steps[4].nrace, 0);
	assert_false(l.steps[4].first);
	lesson_free(&l);
}

/* Each malformed lesson names its file and the line at fault. */
static void test_lesson_errors(void **state)
{
	static const struct {
		const char *text, *error;
	} cases[] = {
	        {"say: hi\nshow: chess 8\n", "x.lesson:2: 'chess' is not a screen (show: "
	                                     "play N, watch N, browse N, race N or "
	                                     "text)"},
	        {"say: hi\nshow: play 19\n",
	         "x.lesson:2: the board size must follow, from 1 to 18"},
	        {"say: hi\nshow: watch 6\nrun: soon\n",
	         "x.lesson:3: run: takes a number of events (1 to 100000000), solution "
	         "or end"},
	        {"say: hi\nspeed: 2\n",
	         "x.lesson:1: speed: and play go with show: watch or race"},
	        {"say: hi\nshow: browse 8\ncode: c\n",
	         "x.lesson:1: run:, until:, ask:, code: and keep: go with show: watch"},
	        {"say: hi\nshow: race 8\nrun: 10\n",
	         "x.lesson:1: run:, until:, ask:, code: and keep: go with show: watch"},
	        {"say: hi\nshow: race 8 bits\n",
	         "x.lesson:2: a race has 2 to 4 algorithms, not 1"},
	        {"say: hi\nshow: race 8 bits scan bits\n",
	         "x.lesson:2: bits is named twice; each algorithm runs once"},
	        {"say: hi\nshow: race 8 backtrack scan permute bits repair first\n",
	         "x.lesson:2: a race has 2 to 4 algorithms, not more"},
	        {"say: hi\nshow: race 8 backtrack repair\n",
	         "x.lesson:2: repair finds one solution, not every one: race it to the "
	         "first"},
	        {"say: hi\nshow: race 3 repair construct first\n",
	         "x.lesson:2: repair races boards from 4 to 10000, not 3"},
	        {"say: hi\nshow: race 8 backtrack dfs\n",
	         "x.lesson:2: 'dfs' is not a word of show: race N [ALGORITHM...] "
	         "[first], "
	         "ALGORITHM backtrack, scan, permute, bits, repair or construct"},
	        {"say: hi\nshow: race 21\n",
	         "x.lesson:2: the board size must follow, from 1 to 20"},
	        {"say: hi\nshow: watch 6\nuntil: soon\n",
	         "x.lesson:3: until: takes return, solution, event K (1 to 100000000) or "
	         "line L (1 to 99)"},
	        {"say: hi\nshow: watch 6\nuntil: line 100\n",
	         "x.lesson:3: until: takes return, solution, event K (1 to 100000000) or "
	         "line L (1 to 99)"},
	        {"say: hi\nshow: watch 6\nuntil: event 5 6\n",
	         "x.lesson:3: until: takes return, solution, event K (1 to 100000000) or "
	         "line L (1 to 99)"},
	        {"say: hi\nshow: watch 6\nuntil: return\nask: 1\n",
	         "x.lesson:1: until: goes in a step of its own, without ask: (the step "
	         "plays from run: to the point until: names)"},
	        {"say: hi\nshow: watch 6\nplay\nuntil: solution\n",
	         "x.lesson:1: until: goes in a step of its own, without play (the step "
	         "plays from run: to the point until: names)"},
	        {"say: hi\nshow: watch 6\ncode: cobol\n",
	         "x.lesson:3: code: takes pseudocode, python, c or java"},
	        {"say: hi\nshow: watch 4\nkeep: stack\n",
	         "x.lesson:3: keep: takes counters, tree or narration, the panels "
	         "projector mode hides, not 'stack'"},
	        {"say: hi\nshow: watch 4\nkeep:\n",
	         "x.lesson:3: keep: takes counters, tree or narration, the panels "
	         "projector mode hides"},
	        {"say: hi\nshow: play 4\nkeep: counters\n",
	         "x.lesson:1: run:, until:, ask:, code: and keep: go with show: watch"},
	        {"say: hi\nbig: large\n",
	         "x.lesson:2: big: takes on or off (or big alone, on)"},
	        {"say: hi\nbig\nbig: off\n",
	         "x.lesson:3: a step has one big line (the first is line 2)"},
	        {"show: watch 6\n\nsay: hi\n",
	         "x.lesson:1: a step needs a say: line (what to tell the class)"},
	        {"say: hi\nwibble: 3\n", "x.lesson:2: unknown line 'wibble' (a lesson's "
	                                 "lines are title:, minutes:, say:, show:, "
	                                 "speed:, run:, until:, ask:, code:, keep:, "
	                                 "big and play)"},
	        {"say: hi\n\ntitle: late\n",
	         "x.lesson:3: 'title:' belongs before the first step"},
	        {"minutes: soon\n",
	         "x.lesson:1: minutes: must be a whole number from 1 to 600"},
	        {"# only a comment\n",
	         "x.lesson: no step: a lesson needs a say: line at least"},
	        {"say: hi\nshow: watch 6 from 1 1\n",
	         "x.lesson:2: from: the queens on a1 and b1 attack each other"},
	        {"say: hi\nshow: watch 4 from 2\nshow: watch 1\n",
	         "x.lesson:3: a step has one show: line (the first is line 2)"},
	        {"say: hi\nshow: watch 6 from a1 a3\n",
	         "x.lesson:2: from: a position of the 6x6 board, one queen a file at "
	         "most"},
	};
	struct lesson l;
	char err[512];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_int_equal(
		        lesson_parse(cases[i].text, "x.lesson", &l, err, sizeof err), -1);
		assert_string_equal(err, cases[i].error);
	}
}

/* The lines the screens act on later: projector mode kept, until:, code:. */
static void test_lesson_new_lines(void **state)
{
	static const char text[] = "say: one\n"
	                           "\n"
	                           "say: two\n"
	                           "big\n"
	                           "show: watch 4 permute\n"
	                           "run: 11\n"
	                           "until: return\n"
	                           "code: python\n"
	                           "\n"
	                           "say: three\n"
	                           "show: watch 4\n"
	                           "until: event 12\n"
	                           "\n"
	                           "say: four\n"
	                           "show: watch 4\n"
	                           "until: line 9\n"
	                           "big: off\n"
	                           "\n"
	                           "say: five\n"
	                           "big: on\n"
	                           "show: watch 4\n"
	                           "run: solution\n"
	                           "until: solution\n"
	                           "code: java\n";
	struct lesson l;
	char err[512];

	(void)state;
	assert_int_equal(lesson_parse(text, "new.lesson", &l, err, sizeof err), 0);
	assert_int_equal(l.nsteps, 5);
	assert_false(l.steps[0].big);
	assert_true(l.steps[1].big);
	assert_int_equal(l.steps[1].big_said, 1);
	assert_int_equal(l.steps[1].until, LESSON_UNTIL_RETURN);
	assert_int_equal(l.steps[1].until_line, 7);
	assert_int_equal(l.steps[1].code, LESSON_CODE_PYTHON);
	assert_string_equal(lesson_code_name(l.steps[1].code), "python");
	/* Projector mode holds until a step says otherwise. */
	assert_true(l.steps[2].big);
	assert_int_equal(l.steps[2].big_said, 0);
	assert_int_equal(l.steps[2].until, LESSON_UNTIL_EVENT);
	assert_int_equal(l.steps[2].until_arg, 12);
	assert_int_equal(l.steps[2].code, LESSON_CODE_DEFAULT);
	assert_false(l.steps[3].big);
	assert_int_equal(l.steps[3].until, LESSON_UNTIL_LINE);
	assert_int_equal(l.steps[3].until_arg, 9);
	assert_true(l.steps[4].big);
	assert_int_equal(l.steps[4].until, LESSON_UNTIL_SOLUTION);
	assert_int_equal(l.steps[4].code, LESSON_CODE_JAVA);
	/*
	 * The check finds the events (nqueens trace 4 --algorithm permute:
	 * solve(c), entered at event 11, returns at event 20; trace 4: event
	 * 12; line 9, "x[file] := none", first lit by remove b3 at event 21;
	 * the solutions at 69 and 104).
	 */
	assert_int_equal(lesson_check(&l, "new.lesson", NULL, NULL), 0);
	assert_int_equal(l.steps[1].at, 11);
	assert_int_equal(l.steps[1].until_at, 20);
	assert_int_equal(l.steps[2].at, 0);
	assert_int_equal(l.steps[2].until_at, 12);
	assert_int_equal(l.steps[3].until_at, 21);
	assert_int_equal(l.steps[4].at, 69);
	assert_int_equal(l.steps[4].until_at, 104);
	lesson_free(&l);
}

/* Collects what the check tells, one error a line. */
static void collect(void *ctx, int line, const char *error)
{
	char *buf = ctx;
	size_t at = strlen(buf);

	(void)line;
	snprintf(buf + at, 4096 - at, "%s\n", error);
}

/* What only the search can tell: each an error at the line at fault. */
static void test_lesson_check(void **state)
{
	static const struct {
		const char *text, *error;
	} cases[] = {
	        {"say: hi\nshow: watch 3\nrun: solution\n",
	         "x.lesson:3: run: solution, but no solution comes: the search of "
	         "watch 3 ends at event 54\n"},
	        {"say: hi\nshow: watch 4 first\nrun: 100\n",
	         "x.lesson:3: run: 100 is past the end: the search of watch 4 first "
	         "ends at event 70\n"},
	        {"say: hi\nshow: browse 8 #93\n",
	         "x.lesson:2: show: browse 8 #93: the 8x8 board has only 92 "
	         "solutions\n"},
	        {"say: hi\nshow: browse 8 #13 classes\n",
	         "x.lesson:2: show: browse 8 #13 classes: the 8x8 board has only 12 "
	         "classes\n"},
	        {"say: hi\nshow: browse 3 #1\n",
	         "x.lesson:2: show: browse 3 #1: the 3x3 board has no solution\n"},
	        {"say: hi\nshow: watch 4\nrun: 10\nuntil: event 10\n",
	         "x.lesson:4: until: event 10 is not after event 10, where the step "
	         "opens\n"},
	        {"say: hi\nshow: watch 4\nuntil: event 170\n",
	         "x.lesson:3: until: event 170 is past the end: the search of watch 4 "
	         "ends at event 169\n"},
	        {"say: hi\nshow: watch 4\nuntil: return\n",
	         "x.lesson:3: until: return, but no call is under way at event 0, "
	         "where the step opens\n"},
	        {"say: hi\nshow: watch 4 first\nrun: 3\nuntil: return\n",
	         "x.lesson:4: until: return, but solve(a), under way at event 3, never "
	         "returns: the search of watch 4 first ends at event 70\n"},
	        {"say: hi\nshow: watch 4\nrun: 104\nuntil: solution\n",
	         "x.lesson:4: until: solution, but no solution comes after event 104: "
	         "the search of watch 4 ends at event 169\n"},
	        {"say: hi\nshow: watch 4\nuntil: line 7\n",
	         "x.lesson:3: until: line 7: no event after event 0 lights line 7 of "
	         "the backtrack pseudocode (the search of watch 4 ends at event 169)\n"},
	        {"say: hi\nshow: watch 4\nrun: 160\nask: 1\n",
	         "x.lesson:4: ask: 1, but after event 160 the search places no more "
	         "queens\n"},
	        {"say: hi\nshow: watch 4\nrun: 122\nask: 5\n",
	         "x.lesson:4: ask: 5, but after event 122 the search places only 4 "
	         "more queens\n"},
	        /* Words naming a panel projector mode hides, at their say: line. */
	        {"say: one\nsay: At the end the Counters say 2.\nshow: watch 4\n",
	         "x.lesson:2: the words name the counters, which --big hides (keep: "
	         "counters keeps them in projector mode)\n"},
	        {"say: the search tree and the narration\nshow: watch 4\nkeep: "
	         "counters\n",
	         "x.lesson:1: the words name the tree, which --big hides (keep: tree "
	         "keeps it in projector mode)\n"
	         "x.lesson:1: the words name the narration, which --big hides (keep: "
	         "narration keeps it in projector mode)\n"},
	        /* A question's words that hold its answer: the square (b4 at event
	         * 21), or its rank as the listing counts it. */
	        {"say: solve(b) goes on.\nsay: b4, where will its queen go?\nshow: "
	         "watch 4\nrun: 21\nask: 1\n",
	         "x.lesson:2: the words say b4, the answer to the step's question (a "
	         "question's own words must not give its answer away)\n"},
	        {"say: solve(b) goes on with rank 4.\nshow: watch 4\ncode: "
	         "pseudocode\nrun: 21\nask: 2\n",
	         "x.lesson:1: the words say rank 4, the answer to question 1 of ask: 2 "
	         "(a question's own words must not give its answer away)\n"},
	        {"say: solve(1) goes on with rank 3.\nshow: watch 4\ncode: "
	         "python\nrun: 21\nask: 1\n",
	         "x.lesson:1: the words say rank 3, the answer to the step's question "
	         "(a question's own words must not give its answer away)\n"},
	        /* The second question (c2) names no call: rank 2 is no answer. */
	        {"say: then c2.\nsay: rank 2\nshow: watch 4\nrun: 21\nask: 2\n",
	         "x.lesson:1: the words say c2, the answer to question 2 of ask: 2 (a "
	         "question's own words must not give its answer away)\n"},
	        /* Calls named as the step's listing does not name them. */
	        {"say: solve(b) goes on.\nshow: watch 4\ncode: python\n",
	         "x.lesson:1: the words say solve(b), but the step shows the python "
	         "program, which numbers its calls from 0 (solve(0), solve(1))\n"},
	        {"say: one\nsay: then solve(2) returns.\nshow: watch 4\n",
	         "x.lesson:2: the words say solve(2), but the step shows the "
	         "pseudocode, which names its calls by file (solve(a), solve(b))\n"},
	        /* The budget: what run: names is summed before any search runs. */
	        {"say: a\nshow: watch 20\nrun: 30000000\n\nsay: b\nshow: watch 20\n"
	         "until: event 30000000\n",
	         "x.lesson:7: step 2 passes the lesson's budget of 50000000 events (its "
	         "Watch steps' searches together, each from its start): the steps "
	         "before it run at least 30000000, its until: event 30000000 needs "
	         "30000000 more; no search is run\n"},
	        /* Every error of the lesson, each at its own line. */
	        {"say: a\nshow: watch 4\nrun: 500\n\nsay: b\nshow: browse 4 #3\n",
	         "x.lesson:3: run: 500 is past the end: the search of watch 4 ends at "
	         "event 169\n"
	         "x.lesson:6: show: browse 4 #3: the 4x4 board has only 2 solutions\n"},
	};
	struct lesson l;
	char err[512], told[4096];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_int_equal(
		        lesson_parse(cases[i].text, "x.lesson", &l, err, sizeof err), 0);
		told[0] = '\0';
		assert_true(lesson_check(&l, "x.lesson", collect, told) > 0);
		assert_string_equal(told, cases[i].error);
		lesson_free(&l);
	}
}

/* Errors of the parse told all at once, each step with one left out. */
static void test_lesson_parse_all(void **state)
{
	static const char text[] = "say: a\nshow: chess 8\n\nsay: b\n\nsay: c\nrun: 4\n"
	                           "\nshow: play 4\n";
	struct lesson l;
	char told[4096] = "";

	(void)state;
	assert_int_equal(lesson_parse_all(text, "x.lesson", &l, collect, told), 3);
	assert_string_equal(
	        told,
	        "x.lesson:2: 'chess' is not a screen (show: play N, watch N, "
	        "browse N, race N or text)\n"
	        "x.lesson:6: run:, until:, ask:, code: and keep: go with show: watch\n"
	        "x.lesson:9: a step needs a say: line (what to tell the "
	        "class)\n");
	assert_int_equal(l.nsteps, 1);
	assert_string_equal(l.steps[0].text, "b");
	lesson_free(&l);
}

/*
 * The shipped lessons check clean, and say how long they take as it is
 * measured (lesson_measure, rounded to the minute), give or take one.
 */
static void test_lesson_shipped(void **state)
{
	static const char *const names[] = {"four-queens", "python", "symmetry"};
	const char *data = getenv("NQUEENS_DATADIR");

	(void)state;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		char path[4200], err[1024];
		struct lesson l;
		int measured;

		snprintf(path, sizeof path, "%s/lessons/%s.txt",
		         data && *data ? data : "data", names[i]);
		if (lesson_load(path, &l, err, sizeof err) < 0)
			fail_msg("%s", err);
		measured = (int)(lesson_measure(&l) + 30) / 60;
		if (l.minutes < measured - 1 || l.minutes > measured + 1)
			fail_msg("%s says %d minutes, measured %d", path, l.minutes,
			         measured);
		/* Each Watch step with until: plays forward from where it opens;
		 * the lesson runs a thousandth of its budget at most. */
		uint64_t run = 0;

		for (int k = 0; k < l.nsteps; k++) {
			const struct lesson_step *st = &l.steps[k];

			if (st->until)
				assert_true(st->until_at > st->at);
			run += st->until_at > st->at ? st->until_at : st->at;
			if (st->end > st->at)
				run += st->end - st->at;
		}
		assert_true(run <= LESSON_BUDGET / 1000);
		lesson_free(&l);
	}
}

/*
 * fileio_read and fileio_load_text: a whole text file, the bound (asked
 * before reading: a sparse file of 4 GiB is refused at once), a FIFO and a
 * pipe refused without waiting, a byte-order mark left out; fileio_nul_line.
 */
static void test_fileio_read(void **state)
{
	char path[4200], why[256], err[4400], *text, big[5000];
	size_t len;
	int fd, fds[2];

	(void)state;
	snprintf(path, sizeof path, "%s/slurp.txt", scratch);
	write_file(path, "one\ntwo\n");
	text = fileio_read(path, 100, &len, why, sizeof why);
	assert_non_null(text);
	assert_int_equal(len, 8);
	assert_string_equal(text, "one\ntwo\n");
	assert_int_equal(fileio_nul_line(text, len), 0);
	free(text);
	/* Past the bound: EFBIG, nothing returned. */
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	write_file(path, big);
	assert_null(fileio_read(path, 4998, &len, why, sizeof why));
	assert_int_equal(errno, EFBIG);
	assert_string_equal(why, "larger than 4998 bytes");
	text = fileio_read(path, 4999, &len, why, sizeof why);
	assert_non_null(text);
	assert_int_equal(len, 4999);
	free(text);
	/* A sparse file of 4 GiB: its size says no before a byte is read. */
	fd = open(path, O_WRONLY | O_TRUNC);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t)4 << 30), 0);
	close(fd);
	assert_null(fileio_read(path, 1 << 20, &len, why, sizeof why));
	assert_string_equal(why, "larger than 1 MiB");
	assert_null(fileio_load_text(path, 1 << 20, "a puzzle file", err, sizeof err));
	assert_non_null(strstr(err, "too large for a puzzle file (more than 1 MiB)"));
	unlink(path);
	/* A missing file is no reason; a directory says why. */
	snprintf(path, sizeof path, "%s/none.txt", scratch);
	assert_null(fileio_read(path, 100, &len, why, sizeof why));
	assert_int_equal(errno, ENOENT);
	assert_string_equal(why, "");
	assert_null(fileio_read(scratch, 100, &len, why, sizeof why));
	assert_string_equal(why, "Is a directory");
	/* A FIFO with no writer: refused at once, not waited on. */
	snprintf(path, sizeof path, "%s/fifo", scratch);
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_null(fileio_read(path, 100, &len, why, sizeof why));
	assert_string_equal(why, "not a regular file (a FIFO)");
	assert_null(fileio_load_text(path, 100, "a lesson", err, sizeof err));
	assert_non_null(strstr(err, "/fifo: not a regular file (a FIFO)"));
	assert_null(fileio_open_regular(path, why, sizeof why));
	assert_string_equal(why, "not a regular file (a FIFO)");
	unlink(path);
	/* A pipe is not a file either. */
	assert_int_equal(pipe(fds), 0);
	assert_int_equal(write(fds[1], "a\nb\0c", 5), 5);
	close(fds[1]);
	snprintf(path, sizeof path, "/dev/fd/%d", fds[0]);
	assert_null(fileio_read(path, 100, &len, why, sizeof why));
	assert_string_equal(why, "not a regular file (a FIFO)");
	close(fds[0]);
	/* A NUL byte's line; a byte-order mark before the first line is left out. */
	assert_int_equal(fileio_nul_line("a\nb\0c", 5), 2);
	snprintf(path, sizeof path, "%s/bom.txt", scratch);
	write_file(path, "\xef\xbb\xbfsize: 5\n");
	text = fileio_load_text(path, 100, "a puzzle file", err, sizeof err);
	assert_non_null(text);
	assert_string_equal(text, "size: 5\n");
	free(text);
	assert_int_equal(fileio_bom("\xef\xbb", 2), 0);
	assert_int_equal(fileio_bom("\xef\xbb\xbf", 3), 3);
}

/* The shipped lessons, listed in order with their headers, every one parsed. */
static void test_lesson_list(void **state)
{
	const char *data = getenv("NQUEENS_DATADIR");
	char dir[4096];
	struct lesson_entry *e;
	size_t count;

	(void)state;
	snprintf(dir, sizeof dir, "%s/lessons", data && *data ? data : "data");
	lesson_list(dir, &e, &count);
	assert_int_equal(count, 3);
	assert_string_equal(e[0].name, "four-queens");
	assert_true(e[0].ok);
	assert_string_equal(e[0].title, "Recursion with four queens");
	assert_int_equal(e[0].minutes, 14);
	assert_string_equal(e[1].name, "python");
	assert_true(e[1].ok);
	assert_string_equal(e[1].title, "From pseudocode to Python");
	assert_int_equal(e[1].minutes, 10);
	assert_string_equal(e[2].name, "symmetry");
	assert_true(e[2].ok);
	assert_int_equal(e[2].minutes, 4);
	free(e);
	lesson_list(NULL, &e, &count);
	assert_null(e);
	assert_int_equal(count, 0);
}

/*
 * A question at event 4 of four queens (solve(b) entered): the next queen
 * goes to b3 at event 10, after b1 and b2 are refused (nqueens trace 4).
 */
static void test_lesson_question(void **state)
{
	char err[256], verdict[1200];
	struct search *s =
	        search_new(SEARCH_BACKTRACK, 4, SEARCH_ALL, 1, err, sizeof err);
	struct lesson_question q;
	struct quiz_answer got;

	(void)state;
	assert_non_null(s);
	search_seek(s, 4);
	assert_true(lesson_question(s, false, &q));
	assert_string_equal(q.call, "solve(b)");
	assert_int_equal(q.answer.file, 1);
	assert_int_equal(q.answer.rank, 2);
	assert_int_equal(q.event, 10);
	assert_int_equal(search_counters(s)->events, 4);
	assert_string_equal(q.why,
	                    "First b1 is attacked by a1 along the rank, then b2 is "
	                    "attacked by a1 along a diagonal. b3 is free, so "
	                    "solve(b) puts its queen there.");
	assert_int_equal(lesson_answer(&q, 4, "b3", &got, verdict, sizeof verdict), 1);
	assert_true(strncmp(verdict, "Right: b3. First b1", 19) == 0);
	assert_int_equal(lesson_answer(&q, 4, "b2", &got, verdict, sizeof verdict), 0);
	assert_true(strncmp(verdict, "Not b2: the queen goes to b3. ", 30) == 0);
	assert_int_equal(got.sq.file, 1);
	assert_int_equal(got.sq.rank, 1);
	assert_int_equal(lesson_answer(&q, 4, "e1", &got, verdict, sizeof verdict), -1);
	assert_string_equal(verdict, "'e1' is no square of the 4x4 board: its files are "
	                             "a to d, its ranks 1 to 4.");
	assert_int_equal(lesson_answer(&q, 4, "z9", NULL, verdict, sizeof verdict), -1);
	assert_string_equal(verdict, "'z9' is no square of the 4x4 board: its files are "
	                             "a to d, its ranks 1 to 4.");
	/* As Watch reads it: a rank alone is on the file of the call named. */
	assert_int_equal(lesson_answer(&q, 4, "3", &got, verdict, sizeof verdict), 1);
	assert_int_equal(got.sq.file, 1);
	assert_int_equal(lesson_answer(&q, 4, "5", NULL, verdict, sizeof verdict), -1);
	assert_string_equal(verdict, "'5' is no rank of the 4x4 board: its files are a "
	                             "to d, its ranks 1 to 4.");
	assert_int_equal(lesson_answer(&q, 4, "-", &got, verdict, sizeof verdict), 0);
	assert_true(got.none);
	assert_true(strncmp(verdict, "Not none: the queen goes to b3. ", 32) == 0);
	assert_int_equal(lesson_answer(&q, 4, "b2 b3", NULL, verdict, sizeof verdict),
	                 -1);
	assert_int_equal(lesson_answer(&q, 4, "", NULL, verdict, sizeof verdict), -1);
	assert_string_equal(verdict, "Type a square, such as c4, then Enter.");
	/* Many events on the way are summed up, the last three told. */
	search_seek(s, 12);
	assert_true(lesson_question(s, false, &q));
	assert_int_equal(q.event, 23);
	assert_string_equal(q.why,
	                    "On the way 4 squares are refused and 1 queen taken off; "
	                    "the last: c3 is attacked by b3 along the rank, then c4 is "
	                    "attacked by b3 along a diagonal, then the queen on b3 is "
	                    "taken off. b4 is free, so solve(b) puts its queen there.");
	/*
	 * Just after b4 is placed solve(b) is running, but the next queen, c2,
	 * is solve(c)'s: the question names no call.
	 */
	search_seek(s, 23);
	assert_true(lesson_question(s, false, &q));
	assert_int_equal(q.answer.file, 2);
	assert_int_equal(q.answer.rank, 1);
	assert_string_equal(q.call, "");
	/* With no call named, a rank alone names no square. */
	assert_int_equal(lesson_answer(&q, 4, "2", NULL, verdict, sizeof verdict), -1);
	assert_string_equal(verdict,
	                    "'2' is a rank alone: type the whole square, such as c2.");
	/* Only refusals on the way (six queens, solve(c) entered): no "0 queens taken
	 * off". */
	{
		struct search *six =
		        search_new(SEARCH_BACKTRACK, 6, SEARCH_ALL, 1, err, sizeof err);

		assert_non_null(six);
		search_seek(six, 11);
		assert_true(lesson_question(six, false, &q));
		assert_string_equal(q.call, "solve(c)");
		assert_true(strncmp(q.why, "On the way 4 squares are refused; the last: ",
		                    44) == 0);
		search_free(six);
	}
	/* After the last queen placed there is nothing to ask. */
	search_seek(s, 160);
	assert_false(lesson_question(s, false, &q));
	search_free(s);
}

/*
 * Beside a program (the python lesson's step 7, event 21: b3 taken off):
 * the call is solve(1), a rank alone is rank's value from 0, as the
 * program counts, so 3 is b4, and the reason names solve(1) too.
 */
static void test_lesson_question_numbered(void **state)
{
	char err[256], verdict[1200];
	struct search *s =
	        search_new(SEARCH_BACKTRACK, 4, SEARCH_ALL, 1, err, sizeof err);
	struct lesson_question q;
	struct quiz_answer got;

	(void)state;
	assert_non_null(s);
	search_seek(s, 21);
	assert_true(lesson_question(s, true, &q));
	assert_string_equal(q.call, "solve(1)");
	assert_int_equal(q.answer.file, 1);
	assert_int_equal(q.answer.rank, 3);
	assert_int_equal(lesson_answer(&q, 4, "3", &got, verdict, sizeof verdict), 1);
	assert_int_equal(got.sq.file, 1);
	assert_int_equal(got.sq.rank, 3);
	assert_string_equal(verdict, "Right: b4. b4 is free, so solve(1) puts its queen "
	                             "there.");
	assert_int_equal(lesson_answer(&q, 4, "2", &got, verdict, sizeof verdict), 0);
	assert_true(strncmp(verdict, "Not b3: the queen goes to b4. ", 30) == 0);
	assert_int_equal(lesson_answer(&q, 4, "0", &got, verdict, sizeof verdict), 0);
	assert_true(strncmp(verdict, "Not b1: ", 8) == 0);
	assert_int_equal(lesson_answer(&q, 4, "4", NULL, verdict, sizeof verdict), -1);
	assert_string_equal(verdict, "'4' is no rank: the program counts the ranks of "
	                             "the 4x4 board from 0 to 3.");
	/* A square is a square: b4 still. */
	assert_int_equal(lesson_answer(&q, 4, "b4", NULL, verdict, sizeof verdict), 1);
	search_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_parse_good),
	        cmocka_unit_test(test_parse_cr),
	        cmocka_unit_test(test_parse_errors),
	        cmocka_unit_test(test_load),
	        cmocka_unit_test(test_shipped_puzzles),
	        cmocka_unit_test(test_generate),
	        cmocka_unit_test(test_generate_fixed),
	        cmocka_unit_test(test_status_against_brute),
	        cmocka_unit_test(test_hint),
	        cmocka_unit_test(test_cancel),
	        cmocka_unit_test(test_work_limit),
	        cmocka_unit_test(test_complete),
	        cmocka_unit_test(test_lesson_parse),
	        cmocka_unit_test(test_lesson_errors),
	        cmocka_unit_test(test_lesson_list),
	        cmocka_unit_test(test_lesson_new_lines),
	        cmocka_unit_test(test_lesson_check),
	        cmocka_unit_test(test_lesson_parse_all),
	        cmocka_unit_test(test_lesson_shipped),
	        cmocka_unit_test(test_lesson_question),
	        cmocka_unit_test(test_lesson_question_numbered),
	        cmocka_unit_test(test_class_index),
	        cmocka_unit_test(test_store_roundtrip),
	        cmocka_unit_test(test_store_damaged),
	        cmocka_unit_test(test_store_damaged_twice),
	        cmocka_unit_test(test_store_xdg),
	        cmocka_unit_test(test_store_text_roundtrip),
	        cmocka_unit_test(test_store_unreadable),
	        cmocka_unit_test(test_store_symlink),
	        cmocka_unit_test(test_store_stale_temps),
	        cmocka_unit_test(test_store_out_of_range),
	        cmocka_unit_test(test_store_save_while_starting),
	        cmocka_unit_test(test_store_descending),
	        cmocka_unit_test(test_fileio_read),
	};

	return cmocka_run_group_tests(tests, make_scratch, drop_scratch);
}
