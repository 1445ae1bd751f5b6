/* Unit tests of the listings' lit lines and variables, and of the bitmask search. */
#include "config.h"

#include <regex.h>
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
#include "engine/code.h"
#include "engine/quiz.h"
#include "engine/race.h"
#include "engine/search.h"

static struct search *make(enum search_algo a, int n, enum search_goal g)
{
	char err[128];
	struct search *s = search_new(a, n, g, 1, err, sizeof err);

	if (!s)
		fail_msg("search_new: %s", err);
	return s;
}

static struct code_listing *load(enum search_algo a, enum code_lang l)
{
	const char *dir = getenv("NQUEENS_DATADIR");
	char file[64], path[4096], err[512];
	struct code_listing *c;

	code_file(a, l, file, sizeof file);
	snprintf(path, sizeof path, "%s/%s", dir ? dir : "data", file);
	c = code_load(path, a, l, err, sizeof err);
	if (!c)
		fail_msg("code_load: %s", err);
	return c;
}

/*
 * What the line an event lights must do, in any of the three languages,
 * written apart from the engine's table of fragments: a try is the loop's
 * head (bits: the pick of the lowest bit), a refusal tests the arrays or
 * looks along the line that met the queen, a placement writes x or the
 * board, a call passes the next file, a solution counts, a removal frees
 * the lines (bits: back at the loop's head), a return ends the loop, and
 * the end prints the count.
 */
static const char *meaning(enum search_algo a, const struct search_event *ev, bool outer)
{
	bool bits = a == SEARCH_BITS;

	switch (ev->kind) {
	case SEARCH_EV_TRY:
		return bits ? "^(unsigned |int )?bit = free & -free;?$"
		            : "^for (rank in range\\(n\\):|\\(int rank = 0; rank < n; "
		              "rank\\+\\+\\) \\{)$";
	case SEARCH_EV_REJECT:
		if (a == SEARCH_SCAN)
			return ev->line == BOARD_LINE_RANK ? "seen\\(file, rank, 0\\)"
			       : ev->line == BOARD_LINE_DIAGONAL
			               ? "seen\\(file, rank, -1\\) .*rising diagonal"
			               : "seen\\(file, rank, 1\\)\\)?;? .*falling "
			                 "diagonal";
		/* permute's first test, the rank's, has a line of its own. */
		if (a == SEARCH_PERMUTE && ev->line == BOARD_LINE_RANK)
			return "^if \\(?rank_?[uU]sed\\[rank\\]\\)?:?$";
		if (a == SEARCH_PERMUTE)
			return "^if \\(?up_?[uU]sed\\[up\\] (or|\\|\\|) "
			       "down_?[uU]sed\\[down\\]\\)?:?$";
		return "^if \\(?rank_?[uU]sed\\[rank\\] (or|\\|\\|) up_?[uU]sed\\[up\\] "
		       "(or|\\|\\|) "
		       "down_?[uU]sed\\[down\\]\\)?:?$";
	case SEARCH_EV_PLACE:
		if (a == SEARCH_SCAN)
			return "^board\\[file\\]\\[rank\\] = [Tt]rue;?$";
		return bits ? "^x\\[file\\] = .*bit" : "^x\\[file\\] = rank;?$";
	case SEARCH_EV_ENTER:
		/* bits lights its call as the others do. */
		if (bits)
			return outer ? "^solve\\(0, 0, 0, 0\\);?$"
			             : "^solve\\(file \\+ 1, ranks \\| bit, ";
		return outer ? "^solve\\(0\\);?$" : "^solve\\(file \\+ 1\\);?$";
	case SEARCH_EV_SOLUTION:
		return "^count( \\+= 1|\\+\\+;)$";
	case SEARCH_EV_REMOVE:
		if (a == SEARCH_SCAN)
			return "^board\\[file\\]\\[rank\\] = [Ff]alse;?$";
		return bits ? "^while \\(?free( != 0)?\\)?:?( \\{)?$"
		            : "^rank_?[uU]sed\\[rank\\] = up_?[uU]sed\\[up\\] = "
		              "down_?[uU]sed\\[down\\] = [Ff]alse;?$";
	case SEARCH_EV_RETURN:
		return bits ? "^while \\(?free( != 0)?\\)?:?( \\{)?$"
		            : "^for (rank in range\\(n\\):|\\(int rank = 0; rank < n; "
		              "rank\\+\\+\\) \\{)$";
	case SEARCH_EV_DONE:
		return "^(print\\(count\\)|printf\\(\"%ld\\\\n\", count\\);|"
		       "System\\.out\\.println\\(count\\);)$";
	default:
		return NULL;
	}
}

/* Every event of every listing lights a line that does what the event says. */
static void test_lit_lines(void **state)
{
	static const enum search_algo algos[] = {SEARCH_BACKTRACK, SEARCH_SCAN,
	                                         SEARCH_PERMUTE, SEARCH_BITS};

	(void)state;
	for (size_t i = 0; i < sizeof algos / sizeof algos[0]; i++) {
		for (int l = 0; l < CODE_LANG_COUNT; l++) {
			struct code_listing *c = load(algos[i], (enum code_lang)l);
			struct search *s = make(algos[i], 6, SEARCH_ALL);
			unsigned seen = 0;

			assert_int_equal(code_line(c, s), 0);
			while (search_step(s)) {
				const struct search_event *ev = search_last(s);
				bool outer = ev->kind == SEARCH_EV_ENTER &&
				             search_stack(s, NULL) == 1;
				const char *want = meaning(algos[i], ev, outer);
				const char *text = code_text(c, code_line(c, s));
				regex_t re;
				int rc;

				text += strspn(text, " \t");
				assert_non_null(want);
				assert_int_equal(
				        regcomp(&re, want, REG_EXTENDED | REG_NOSUB), 0);
				rc = regexec(&re, text, 0, NULL, 0);
				regfree(&re);
				if (rc != 0)
					fail_msg("%s in %s: event %d lights '%s', not "
					         "/%s/",
					         search_algo_name(algos[i]),
					         code_lang_name((enum code_lang)l),
					         ev->kind, text, want);
				seen |= 1u << ev->kind;
			}
			/* Every kind the algorithm has came up. */
			assert_int_equal(
			        seen & (1u << SEARCH_EV_REJECT),
			        algos[i] == SEARCH_BITS ? 0 : 1u << SEARCH_EV_REJECT);
			assert_true(seen & (1u << SEARCH_EV_SOLUTION));
			search_free(s);
			code_free(c);
		}
	}
}

/* The names of the variables are the listing's own words. */
static void test_names(void **state)
{
	struct code_listing *py = load(SEARCH_BACKTRACK, CODE_PYTHON);
	struct code_listing *java = load(SEARCH_BACKTRACK, CODE_JAVA);
	struct code_listing *bits = load(SEARCH_BITS, CODE_C);
	struct code_listing *scan = load(SEARCH_SCAN, CODE_PYTHON);

	(void)state;
	assert_string_equal(code_names(py)->taken[0], "rank_used");
	assert_string_equal(code_names(py)->taken[1], "up_used");
	assert_string_equal(code_names(java)->taken[2], "downUsed");
	assert_string_equal(code_names(py)->index[0], "up");
	assert_string_equal(code_names(bits)->taken[0], "ranks");
	assert_string_equal(code_names(bits)->free, "free");
	assert_null(code_names(bits)->rank);
	assert_null(code_names(scan)->x);
	assert_string_equal(code_names(scan)->board, "board");
	code_free(py);
	code_free(java);
	code_free(bits);
	code_free(scan);
}

/* A listing edited so that an event's line is gone, doubled or a name lost is refused. */
static void test_parse_refusals(void **state)
{
	static const char good[] =
	        "def solve(file):\n"
	        "    for rank in range(n):\n"
	        "        if rank_used[rank] or up_used[up] or down_used[down]:\n"
	        "            continue\n"
	        "        x[file] = rank\n"
	        "        if file == n - 1:\n"
	        "            count += 1\n"
	        "        else:\n"
	        "            solve(file + 1)\n"
	        "        rank_used[rank] = up_used[up] = down_used[down] = False\n"
	        "solve(0)\n"
	        "print(count)\n";
	char text[2048], err[256];
	struct code_listing *c;

	(void)state;
	c = code_parse(good, "t.py", SEARCH_BACKTRACK, CODE_PYTHON, err, sizeof err);
	assert_non_null(c);
	assert_int_equal(code_count(c), 12);
	assert_int_equal(code_kind_line(c, SEARCH_EV_PLACE, BOARD_LINE_RANK, false), 5);
	assert_int_equal(code_kind_line(c, SEARCH_EV_REJECT, BOARD_LINE_ANTI, false), 3);
	assert_int_equal(code_kind_line(c, SEARCH_EV_ENTER, BOARD_LINE_RANK, true), 11);
	assert_int_equal(code_kind_line(c, SEARCH_EV_ENTER, BOARD_LINE_RANK, false), 9);
	assert_int_equal(code_kind_line(c, SEARCH_EV_MOVE, BOARD_LINE_RANK, false), 0);
	assert_string_equal(code_text(c, 12), "print(count)");
	assert_string_equal(code_text(c, 13), "");
	code_free(c);

	snprintf(text, sizeof text, "%s", good);
	memcpy(strstr(text, "x[file] = rank"), "x[file] = r   ", 14);
	assert_null(
	        code_parse(text, "t.py", SEARCH_BACKTRACK, CODE_PYTHON, err, sizeof err));
	assert_string_equal(
	        err, "t.py: no line holds 'x[file] = rank', which a placement lights");

	snprintf(text, sizeof text, "%scount += 1\n", good);
	assert_null(
	        code_parse(text, "t.py", SEARCH_BACKTRACK, CODE_PYTHON, err, sizeof err));
	assert_string_equal(err, "t.py:13: 'count += 1' is on line 7 too; a solution "
	                         "lights one line alone");

	assert_null(code_parse(good, "t.py", SEARCH_BITS, CODE_PYTHON, err, sizeof err));
	assert_string_equal(
	        err, "t.py: no line holds 'bit = free & -free', which a try lights");
	assert_null(
	        code_parse(good, "t.py", SEARCH_REPAIR, CODE_PYTHON, err, sizeof err));
	assert_string_equal(err, "t.py: no listing of repair in python");
}

static void step_to(struct search *s, const char *what)
{
	char buf[256];

	while (search_step(s)) {
		search_describe(s, buf, sizeof buf);
		if (strcmp(buf, what) == 0)
			return;
	}
	fail_msg("no event '%s'", what);
}

/* The variables of listing (a, l) now. */
static void vars_of(enum search_algo a, enum code_lang l, const struct search *s,
                    struct code_vars *v)
{
	struct code_listing *c = load(a, l);

	assert_true(code_vars(c, s, v));
	code_free(c);
}

/* n = 4, backtrack, just after "place b3": a1 and b3 stand, two calls are under way. */
static void test_vars_four(void **state)
{
	struct search *s = make(SEARCH_BACKTRACK, 4, SEARCH_ALL);
	struct code_listing *c;
	struct code_vars v;
	/* x[file] = rank has run; the arrays are marked on the next line. */
	static const int x[4] = {0, 2, 0, 0};
	static const bool held[4] = {true, true, false, false};
	static const bool ranks[4] = {true, false, false, false};
	static const bool up[7] = {false, false, false, true, false, false, false};
	static const bool down[7] = {true, false, false, false, false, false, false};
	static const bool ranks2[4] = {true, false, true, false};
	static const bool up2[7] = {false, false, true, true, false, false, false};
	static const bool down2[7] = {true, false, false, true, false, false, false};

	(void)state;
	step_to(s, "place b3");
	vars_of(SEARCH_BACKTRACK, CODE_PYTHON, s, &v);
	assert_int_equal(v.n, 4);
	assert_int_equal(v.when, CODE_RUNNING);
	assert_memory_equal(v.x, x, sizeof x);
	assert_memory_equal(v.held, held, sizeof held);
	assert_int_equal(v.len[0], 4);
	assert_int_equal(v.len[1], 7);
	assert_memory_equal(v.taken[0], ranks, sizeof ranks);
	assert_memory_equal(v.taken[1], up, sizeof up);
	assert_memory_equal(v.taken[2], down, sizeof down);
	assert_int_equal(v.depth, 2);
	assert_int_equal(v.frames[0].file, 0);
	assert_int_equal(v.frames[0].rank, 0);
	assert_int_equal(v.frames[1].file, 1);
	assert_int_equal(v.frames[1].rank, 2);
	assert_int_equal(v.frames[1].index[0], 2); /* 1 - 2 + 4 - 1 */
	assert_int_equal(v.frames[1].index[1], 3); /* 1 + 2 */
	/* The call just made has no rank yet, and the arrays hold b3. */
	assert_true(search_step(s));
	vars_of(SEARCH_BACKTRACK, CODE_PYTHON, s, &v);
	assert_memory_equal(v.taken[0], ranks2, sizeof ranks2);
	assert_memory_equal(v.taken[1], up2, sizeof up2);
	assert_memory_equal(v.taken[2], down2, sizeof down2);
	assert_int_equal(v.depth, 3);
	assert_int_equal(v.frames[2].file, 2);
	assert_int_equal(v.frames[2].rank, -1);
	assert_int_equal(v.frames[2].index[0], -1);
	/* Repair keeps no such arrays; a listing of another algorithm fits no search. */
	c = load(SEARCH_BACKTRACK, CODE_PYTHON);
	search_free(s);
	s = make(SEARCH_REPAIR, 8, SEARCH_ALL);
	assert_false(code_vars(c, s, &v));
	search_free(s);
	s = make(SEARCH_PERMUTE, 8, SEARCH_ALL);
	assert_false(code_vars(c, s, &v));
	search_free(s);
	code_free(c);
}

/*
 * x keeps what the program last wrote: after "remove b3" the real x is
 * [0, 2, 0, 0] in each language (Python's [0] * n, C's static array,
 * Java's new int[n] all start at 0), and at the end the ranks of the last
 * queens placed, as `print(x)` after the search shows.
 */
static void test_vars_stale(void **state)
{
	static const enum search_algo algos[] = {SEARCH_BACKTRACK, SEARCH_PERMUTE,
	                                         SEARCH_BITS};
	static const int after[4] = {0, 2, 0, 0}, end4[4] = {3, 1, 2, 1},
	                 end5[5] = {4, 2, 0, 3, 1};

	(void)state;
	for (size_t i = 0; i < sizeof algos / sizeof *algos; i++)
		for (int l = 0; l < CODE_LANG_COUNT; l++) {
			struct search *s = make(algos[i], 4, SEARCH_ALL);
			struct code_vars v;

			vars_of(algos[i], (enum code_lang)l, s, &v);
			assert_int_equal(v.when, CODE_BEFORE);
			step_to(s, "remove b3");
			vars_of(algos[i], (enum code_lang)l, s, &v);
			assert_memory_equal(v.x, after, sizeof after);
			assert_true(v.held[0]);
			assert_false(v.held[1]);
			assert_int_equal(v.depth, 2);
			assert_int_equal(v.when, CODE_RUNNING);
			/* Going back and forth keeps it: it follows the state. */
			search_seek(s, 3);
			search_seek(s, search_counters(s)->events + 100);
			search_run(s, 0, 0);
			vars_of(algos[i], (enum code_lang)l, s, &v);
			assert_int_equal(v.when, CODE_RETURNED);
			assert_int_equal(v.depth, 0);
			assert_int_equal(v.count, 2);
			assert_memory_equal(v.x, end4, sizeof end4);
			for (int k = 0; k < 3 && algos[i] != SEARCH_BITS; k++)
				for (int j = 0; j < v.len[k]; j++)
					assert_false(v.taken[k][j]);
			search_free(s);
			s = make(algos[i], 5, SEARCH_ALL);
			search_run(s, 0, 0);
			vars_of(algos[i], (enum code_lang)l, s, &v);
			assert_memory_equal(v.x, end5, sizeof end5);
			assert_int_equal(v.count, 10);
			search_free(s);
		}
}

/* The arrays' cells the last test read: or stops at the first true operand. */
static void test_vars_read(void **state)
{
	static const struct {
		const char *event;
		int read[3];
	} cases[] = {
	        {"try b1", {-1, -1, -1}},
	        {"reject b1: attacked by a1 along the rank", {0, -1, -1}},
	        {"reject b2: attacked by a1 along a diagonal", {1, 3, -1}},
	        {"place b3", {2, 2, 3}},
	        {"reject c2: attacked by b3 along a diagonal", {1, 4, 3}},
	        {"enter solve(c)", {-1, -1, -1}},
	};

	(void)state;
	for (int l = 0; l < CODE_LANG_COUNT; l++) {
		struct search *s = make(SEARCH_BACKTRACK, 4, SEARCH_ALL);
		struct code_vars v;

		for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
			step_to(s, cases[i].event);
			vars_of(SEARCH_BACKTRACK, (enum code_lang)l, s, &v);
			assert_memory_equal(v.read, cases[i].read, sizeof v.read);
			if (strcmp(cases[i].event,
			           "reject c2: attacked by b3 along a diagonal") == 0) {
				/* The last operand read was the true one; those before,
				 * false. */
				assert_false(v.taken[0][v.read[0]]);
				assert_false(v.taken[1][v.read[1]]);
				assert_true(v.taken[2][v.read[2]]);
			}
			search_seek(s, 0);
		}
		search_free(s);
	}
	/* permute reads in the same order: the rank first, then up and down. */
	{
		struct search *s = make(SEARCH_PERMUTE, 4, SEARCH_ALL);
		struct code_vars v;
		static const int place[3] = {2, 2, 3}, diag[3] = {1, 3, -1};

		step_to(s, "reject b2: attacked by a1 along a diagonal");
		vars_of(SEARCH_PERMUTE, CODE_C, s, &v);
		assert_memory_equal(v.read, diag, sizeof diag);
		step_to(s, "place b3");
		vars_of(SEARCH_PERMUTE, CODE_C, s, &v);
		assert_memory_equal(v.read, place, sizeof place);
		search_free(s);
	}
	/* scan reads no arrays, bits no arrays either. */
	{
		struct search *s = make(SEARCH_SCAN, 4, SEARCH_ALL);
		struct code_vars v;
		static const int none[3] = {-1, -1, -1};

		step_to(s, "reject b2: attacked by a1 along a diagonal");
		vars_of(SEARCH_SCAN, CODE_PYTHON, s, &v);
		assert_memory_equal(v.read, none, sizeof none);
		search_free(s);
	}
}

/*
 * up and down as each language holds them at a loop's head: Python keeps
 * the last pass's values (permute's passes set them only past the rank's
 * test), C and Java declare them in the loop's body.
 */
static void test_vars_locals(void **state)
{
	struct search *s = make(SEARCH_BACKTRACK, 4, SEARCH_ALL);
	struct code_vars v;

	(void)state;
	step_to(s, "try b1");
	vars_of(SEARCH_BACKTRACK, CODE_PYTHON, s, &v);
	assert_int_equal(v.frames[1].rank, 0);
	assert_int_equal(v.frames[1].index[0], -1); /* not yet bound */
	step_to(s, "try b2");
	vars_of(SEARCH_BACKTRACK, CODE_PYTHON, s, &v);
	assert_int_equal(v.frames[1].rank, 1);
	assert_int_equal(v.frames[1].index[0], 4); /* b1's: 1 - 0 + 3 */
	assert_int_equal(v.frames[1].index[1], 1);
	assert_int_equal(v.frames[0].index[0], 3); /* the caller's are its own */
	vars_of(SEARCH_BACKTRACK, CODE_C, s, &v);
	assert_int_equal(v.frames[1].index[0], -1);
	assert_int_equal(v.frames[0].index[0], 3);
	vars_of(SEARCH_BACKTRACK, CODE_JAVA, s, &v);
	assert_int_equal(v.frames[1].index[1], -1);
	search_step(s); /* the refusal has computed them */
	vars_of(SEARCH_BACKTRACK, CODE_JAVA, s, &v);
	assert_int_equal(v.frames[1].index[0], 3);
	assert_int_equal(v.frames[1].index[1], 2);
	search_free(s);

	/* permute at n = 4 after a2: solve(b) passed b1's rank test (b1 by a
	 * diagonal, a2 on rank 2), so at b3 up and down are still b1's. */
	s = make(SEARCH_PERMUTE, 4, SEARCH_ALL);
	step_to(s, "place a2");
	step_to(s, "try b3");
	vars_of(SEARCH_PERMUTE, CODE_PYTHON, s, &v);
	assert_int_equal(v.frames[1].rank, 2);
	assert_int_equal(v.frames[1].index[0], 4); /* b1: 1 - 0 + 3 */
	assert_int_equal(v.frames[1].index[1], 1);
	vars_of(SEARCH_PERMUTE, CODE_C, s, &v);
	assert_int_equal(v.frames[1].index[0], -1);
	search_free(s);
}

/*
 * bits' masks at their real width: on the way to n = 20's first solution
 * a call's up holds bits past 31; Python keeps every bit, C's and Java's
 * 32 bits drop those past 31, and Java's int is negative with bit 31.
 */
static void test_vars_masks(void **state)
{
	struct search *s = make(SEARCH_BITS, 20, SEARCH_FIRST);
	struct code_vars py = {0}, c, java;
	uint64_t past = 0;
	bool negative = false;

	(void)state;
	/* Until some call holds a bit past 31 in up. */
	while (search_step(s) && !past) {
		vars_of(SEARCH_BITS, CODE_PYTHON, s, &py);
		for (int d = 0; d < py.depth; d++)
			if (py.frames[d].b.up >> 32) {
				vars_of(SEARCH_BITS, CODE_C, s, &c);
				vars_of(SEARCH_BITS, CODE_JAVA, s, &java);
				past = py.frames[d].b.up;
				assert_int_equal(c.frames[d].b.up, past & 0xffffffffu);
				assert_int_equal(java.frames[d].b.up, past & 0xffffffffu);
				assert_int_equal(code_mask_value(&py, past),
				                 (int64_t)past);
				assert_int_equal(code_mask_value(&c, past),
				                 (int64_t)(past & 0xffffffffu));
				negative = code_mask_value(&java, past) < 0;
				assert_true(negative == ((past >> 31 & 1) != 0));
			}
	}
	assert_true(past >> 32);
	assert_int_equal(py.mask_bits, 0);
	search_free(s);

	/* n = 4, "place b4" after a1: solve(b) was called with up = 0b10. */
	s = make(SEARCH_BITS, 4, SEARCH_ALL);
	step_to(s, "place b4");
	vars_of(SEARCH_BITS, CODE_PYTHON, s, &py);
	assert_int_equal(py.frames[1].b.up, 2);
	assert_int_equal(py.frames[1].b.bit, 8);
	/* On the way to c: up (0b10 | 0b1000) << 1 carries bit 4, past the board. */
	search_step(s);
	vars_of(SEARCH_BITS, CODE_PYTHON, s, &py);
	assert_int_equal(py.depth, 3);
	assert_int_equal(py.frames[2].b.up, 20);
	assert_int_equal(code_mask_value(&py, py.frames[2].b.up), 20);
	search_free(s);
}

/*
 * bits' free set is computed by the call's first line: where a call lights
 * the caller's line, the callee has none yet; the loop's head (a removal)
 * is out of C's and Java's bit.
 */
static void test_vars_bits_locals(void **state)
{
	(void)state;
	for (int l = 0; l < CODE_LANG_COUNT; l++) {
		struct search *s = make(SEARCH_BITS, 4, SEARCH_ALL);
		struct code_listing *c = load(SEARCH_BITS, (enum code_lang)l);
		struct code_vars v;
		bool calls;

		step_to(s, "enter solve(b)");
		assert_true(code_vars(c, s, &v));
		calls = strstr(code_text(c, code_line(c, s)), "solve(") != NULL;
		assert_true(v.frames[1].has_free == !calls);
		assert_int_equal(v.frames[1].b.free, calls ? 0 : 0xc); /* b3, b4 */
		assert_int_equal(v.frames[1].b.bit, 0);
		assert_true(v.frames[0].has_free);
		step_to(s, "remove b3");
		assert_true(code_vars(c, s, &v));
		assert_int_equal(v.frames[1].b.bit, l == CODE_PYTHON ? 4 : 0);
		assert_int_equal(v.frames[0].b.bit, 1); /* the caller is in the body */
		code_free(c);
		search_free(s);
	}
}

/* n = 8, at the first solution, 1 5 8 6 3 7 2 4: every rank and eight diagonals of each
 * family. */
static void test_vars_eight(void **state)
{
	struct search *s = make(SEARCH_PERMUTE, 8, SEARCH_ALL);
	struct code_vars v;
	static const int x[8] = {0, 4, 7, 5, 2, 6, 1, 3};
	int ups = 0, downs = 0;

	(void)state;
	step_to(s, "solution 1: 1 5 8 6 3 7 2 4");
	vars_of(SEARCH_PERMUTE, CODE_PYTHON, s, &v);
	assert_memory_equal(v.x, x, sizeof x);
	assert_int_equal(v.depth, 8);
	assert_int_equal(v.count, 1);
	for (int f = 0; f < 8; f++) {
		assert_true(v.taken[0][f]);
		assert_true(v.taken[1][f - x[f] + 7]);
		assert_true(v.taken[2][f + x[f]]);
		assert_int_equal(v.frames[f].rank, x[f]);
		assert_int_equal(v.frames[f].index[0], f - x[f] + 7);
		assert_int_equal(v.frames[f].index[1], f + x[f]);
	}
	for (int i = 0; i < 15; i++) {
		ups += v.taken[1][i];
		downs += v.taken[2][i];
	}
	assert_int_equal(ups, 8);
	assert_int_equal(downs, 8);
	search_free(s);
}

/*
 * The classic bitmask recursion, run beside the engine: at each of its
 * steps the engine's event and the masks of its calls must be the
 * recursion's own.
 */
struct lockstep {
	struct search *s;
	int n;
	uint64_t full;
};

static void next_event(struct lockstep *L, enum search_kind kind)
{
	assert_true(search_step(L->s));
	assert_int_equal(search_last(L->s)->kind, kind);
}

static const struct search_bits *frame_bits(struct lockstep *L, int file)
{
	static struct search_bits b[CODE_MAX_N];

	assert_int_equal(search_bits(L->s, b, CODE_MAX_N), file + 1);
	return &b[file];
}

static void bits_reference(struct lockstep *L, int file, uint64_t ranks, uint64_t up,
                           uint64_t down)
{
	uint64_t free = L->full & ~(ranks | up | down);
	const struct search_bits *b;

	next_event(L, SEARCH_EV_ENTER);
	b = frame_bits(L, file);
	assert_int_equal(b->ranks, ranks);
	assert_int_equal(b->up, up);
	assert_int_equal(b->down, down);
	assert_int_equal(b->free, free);
	assert_int_equal(b->bit, 0);
	while (free) {
		uint64_t bit = free & -free;

		next_event(L, SEARCH_EV_TRY);
		assert_int_equal(search_last(L->s)->sq.file, file);
		assert_int_equal(UINT64_C(1) << search_last(L->s)->sq.rank, bit);
		assert_int_equal(frame_bits(L, file)->free, free);
		assert_int_equal(frame_bits(L, file)->bit, bit);
		free ^= bit;
		next_event(L, SEARCH_EV_PLACE);
		assert_int_equal(frame_bits(L, file)->free, free);
		if (file == L->n - 1)
			next_event(L, SEARCH_EV_SOLUTION);
		else
			bits_reference(L, file + 1, ranks | bit, (up | bit) << 1,
			               (down | bit) >> 1);
		next_event(L, SEARCH_EV_REMOVE);
		b = frame_bits(L, file);
		assert_int_equal(b->free, free);
		assert_int_equal(b->bit, bit);
		assert_int_equal(b->up, up);
	}
	next_event(L, SEARCH_EV_RETURN);
}

static void test_bits_masks(void **state)
{
	(void)state;
	for (int n = 1; n <= 8; n++) {
		struct lockstep L = {make(SEARCH_BITS, n, SEARCH_ALL), n,
		                     (UINT64_C(1) << n) - 1};

		bits_reference(&L, 0, 0, 0, 0);
		next_event(&L, SEARCH_EV_DONE);
		assert_false(search_step(L.s));
		/* Going back gives the same masks: they follow the state, not the past.
		 */
		search_seek(L.s, 0);
		bits_reference(&L, 0, 0, 0, 0);
		search_free(L.s);
	}
}

/*
 * bits searches backtrack's tree: the same nodes per level and the same
 * solutions in the same order, with a test for each placement only.
 */
static void test_bits_profile(void **state)
{
	(void)state;
	for (int n = 4; n <= 10; n++) {
		struct search *b = make(SEARCH_BITS, n, SEARCH_ALL);
		struct search *t = make(SEARCH_BACKTRACK, n, SEARCH_ALL);
		const struct search_counters *cb = search_counters(b),
		                             *ct = search_counters(t);

		while (search_run(b, 1u << SEARCH_EV_SOLUTION, 0) &&
		       search_last(b)->kind == SEARCH_EV_SOLUTION) {
			search_run(t, 1u << SEARCH_EV_SOLUTION, 0);
			assert_int_equal(search_last(t)->kind, SEARCH_EV_SOLUTION);
			assert_memory_equal(search_ranks(b), search_ranks(t),
			                    (size_t)n * sizeof(int));
		}
		search_run(t, 0, 0);
		assert_true(search_done(b));
		assert_true(search_done(t));
		assert_memory_equal(search_nodes(b), search_nodes(t),
		                    (size_t)(n + 1) * sizeof(uint64_t));
		assert_int_equal(cb->solutions, ct->solutions);
		assert_int_equal(cb->placed, ct->placed);
		assert_int_equal(cb->tested, cb->placed);
		assert_int_equal(cb->removed, ct->removed);
		/* Every event of bits but the refusals and their tries. */
		assert_int_equal(cb->events, ct->events - 2 * (ct->tested - ct->placed));
		search_free(b);
		search_free(t);
	}
}

/* The levels of the folded tree count bits' free ranks left, not every rank. */
static void test_bits_levels(void **state)
{
	struct search *s = make(SEARCH_BITS, 4, SEARCH_ALL);
	struct search_level lv[4];

	(void)state;
	step_to(s, "place b3");
	/* solve(b) after a1 had ranks 3 and 4 free; it picked 3. */
	assert_int_equal(search_levels(s, lv, 4), 2);
	assert_int_equal(lv[1].rank, 2);
	assert_int_equal(lv[1].unexplored, 1);
	assert_int_equal(lv[0].unexplored, 3);
	search_free(s);
}

/* Predict mode never asks whether a pick of bits will be rejected: none is. */
static void test_bits_quiz(void **state)
{
	struct search *b = make(SEARCH_BITS, 6, SEARCH_ALL);
	struct search *t = make(SEARCH_BACKTRACK, 6, SEARCH_ALL);
	int asked = 0;

	(void)state;
	search_run(t, 1u << SEARCH_EV_TRY, 0);
	assert_true(quiz_due(t, QUIZ_EVERY_DECISION));
	while (search_step(b))
		if (search_last(b)->kind == SEARCH_EV_TRY)
			asked += quiz_due(b, QUIZ_EVERY_DECISION);
	assert_int_equal(asked, 0);
	search_free(b);
	search_free(t);
}

/* Runners step in lockstep by events, place by their events, and agree. */
static void test_race(void **state)
{
	static const enum search_algo two[] = {SEARCH_BACKTRACK, SEARCH_PERMUTE};
	static const enum search_algo four[] = {SEARCH_REPAIR, SEARCH_BITS, SEARCH_SCAN,
	                                        SEARCH_CONSTRUCT};
	char err[256];
	struct race *r = race_new(8, two, 2, SEARCH_ALL, err, sizeof err);
	const struct race_runner *bt, *pm;

	(void)state;
	assert_non_null(r);
	assert_int_equal(race_count(r), 2);
	assert_int_equal(race_n(r), 8);
	bt = race_runner(r, 0);
	pm = race_runner(r, 1);
	assert_null(race_runner(r, 2));
	assert_true(race_step(r, 100));
	assert_int_equal(search_counters(bt->s)->events, 100);
	assert_int_equal(search_counters(pm->s)->events, 100);
	assert_int_equal(bt->place, 0);
	while (race_step(r, 1000))
		;
	assert_true(race_done(r));
	/* 15,720 squares tested by backtracking and by permute.py's loop alike. */
	assert_int_equal(search_counters(bt->s)->tested, 15720);
	assert_int_equal(search_counters(bt->s)->placed, 2056);
	assert_int_equal(search_counters(pm->s)->tested, 15720);
	assert_int_equal(search_counters(pm->s)->placed, 2056);
	assert_int_equal(search_counters(pm->s)->solutions, 92);
	/* The same events, one for each of the program's steps: a tie. */
	assert_int_equal(pm->place, 1);
	assert_int_equal(bt->place, 1);
	assert_true(race_agree(r, err, sizeof err));
	assert_string_equal(err, "");
	assert_true(bt->digest == pm->digest);
	race_free(r);

	/* To the first: the tree searches on the same one, the others on one each. */
	r = race_new(12, four, 4, SEARCH_FIRST, err, sizeof err);
	assert_non_null(r);
	assert_false(race_step(r, 0));
	assert_true(race_done(r));
	assert_true(race_agree(r, err, sizeof err));
	for (int i = 0; i < 4; i++)
		assert_int_equal(search_counters(race_runner(r, i)->s)->solutions, 1);
	assert_int_equal(race_runner(r, 3)->place, 1); /* construct places straight */
	race_free(r);

	assert_null(race_new(8, two, 1, SEARCH_ALL, err, sizeof err));
	assert_string_equal(err, "a race has 2 to 4 algorithms, not 1");
	assert_null(race_new(8,
	                     (enum search_algo[]){SEARCH_BITS, SEARCH_SCAN, SEARCH_BITS},
	                     3, SEARCH_ALL, err, sizeof err));
	assert_string_equal(err, "bits is named twice; each algorithm runs once");
	assert_null(race_new(8, four, 2, SEARCH_ALL, err, sizeof err));
	assert_string_equal(
	        err, "repair finds one solution, not every one: race it to the first");
	assert_null(race_new(21, two, 2, SEARCH_ALL, err, sizeof err));
	assert_string_equal(err, "backtrack needs n from 1 to 20");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_lit_lines),
	        cmocka_unit_test(test_names),
	        cmocka_unit_test(test_parse_refusals),
	        cmocka_unit_test(test_vars_four),
	        cmocka_unit_test(test_vars_stale),
	        cmocka_unit_test(test_vars_read),
	        cmocka_unit_test(test_vars_locals),
	        cmocka_unit_test(test_vars_masks),
	        cmocka_unit_test(test_vars_bits_locals),
	        cmocka_unit_test(test_vars_eight),
	        cmocka_unit_test(test_bits_masks),
	        cmocka_unit_test(test_bits_profile),
	        cmocka_unit_test(test_bits_levels),
	        cmocka_unit_test(test_race),
	        cmocka_unit_test(test_bits_quiz),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
