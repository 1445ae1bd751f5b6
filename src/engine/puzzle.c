/* Completion puzzles: parse, format, count completions, generate, grade, hint. */
#include "config.h"

#include "engine/puzzle.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/errmsg.h"
#include "engine/fileio.h"
#include "engine/enumerate.h"
#include "engine/known.h"
#include "engine/rng.h"

/* How often (in nodes) a search looks at the cancel flag. */
#define CANCEL_EVERY 4096

/* How many candidate puzzles the generator tries before it gives up. */
#define GEN_ATTEMPTS 400

/*
 * A search for completions.  Lines are kept as masks: cols by rank, anti by
 * file + rank, diag by rank - file + n - 1, so every mask fits 64 bits.
 */
struct search {
	int n;
	uint64_t full;
	uint64_t limit; /* stop at this many completions; 0 for no limit */
	uint64_t found, nodes;
	/*
	 * The steps every search of one call may take together (0: no bound),
	 * and those taken so far; a search past the budget stops, exhausted.
	 */
	uint64_t budget, steps;
	const atomic_int *cancel;
	bool cancelled, exhausted;
	bool plain;             /* files in order, as the grade's plain search does */
	int rank[PUZZLE_MAX_N]; /* the ranks of the search's current board */
	int *first;             /* where the first completion goes, or NULL */
};

/* The ranks still free on file f. */
static uint64_t free_ranks(const struct search *s, int f, uint64_t cols, uint64_t anti,
                           uint64_t diag)
{
	return s->full & ~(cols | anti >> f | diag >> (s->n - 1 - f));
}

static bool search_stop(struct search *s)
{
	return s->cancelled || s->exhausted || (s->limit && s->found >= s->limit);
}

/*
 * Fills the files in open (a mask of files).  The general search fills the
 * file with the fewest free ranks first: a dead end shows at once, which
 * keeps "is there any completion" fast even with few queens given.
 */
static void search_fill(struct search *s, uint64_t open, uint64_t cols, uint64_t anti,
                        uint64_t diag)
{
	uint64_t avail;
	int f = -1;

	if (!open) {
		if (s->first && s->found == 0)
			memcpy(s->first, s->rank, sizeof *s->first * (size_t)s->n);
		s->found++;
		return;
	}
	/*
	 * A step works out one file's free ranks: the plain search takes one a
	 * node, the general one looks at every open file.  A step of either
	 * takes about as long (within a factor of two), so the budget bounds
	 * the time.
	 */
	s->steps += s->plain ? 1 : (uint64_t)__builtin_popcountll(open);
	if (s->budget && s->steps > s->budget) {
		s->exhausted = true;
		return;
	}
	if (s->plain) {
		f = __builtin_ctzll(open);
		avail = free_ranks(s, f, cols, anti, diag);
	} else {
		int best = 65;

		avail = 0;
		for (uint64_t o = open; o; o &= o - 1) {
			int g = __builtin_ctzll(o);
			uint64_t a = free_ranks(s, g, cols, anti, diag);
			int c = __builtin_popcountll(a);

			if (c < best) {
				best = c;
				f = g;
				avail = a;
				if (c == 0)
					return;
			}
		}
	}
	while (avail) {
		uint64_t bit = avail & -avail;
		int r = __builtin_ctzll(bit);

		avail &= avail - 1;
		if (++s->nodes % CANCEL_EVERY == 0 && s->cancel &&
		    atomic_load_explicit(s->cancel, memory_order_relaxed))
			s->cancelled = true;
		if (search_stop(s))
			return;
		s->rank[f] = r;
		search_fill(s, open & ~((uint64_t)1 << f), cols | bit,
		            anti | (uint64_t)1 << (f + r),
		            diag | (uint64_t)1 << (r - f + s->n - 1));
	}
}

/*
 * Counts the solutions that extend ranks (0-based by file, -1 for an empty
 * file), which must be on distinct files; attacking queens give 0.  Returns
 * -1 when cancelled, 1 when the budget ran out (s->found is a lower bound).
 */
static int count_ranks(struct search *s, const int *ranks)
{
	uint64_t open = 0, cols = 0, anti = 0, diag = 0;
	int n = s->n;

	s->full = ((uint64_t)1 << n) - 1;
	s->found = 0;
	s->nodes = 0;
	s->cancelled = false;
	s->exhausted = false;
	for (int f = 0; f < n; f++) {
		int r = ranks[f];
		uint64_t c, a, d;

		s->rank[f] = r;
		if (r < 0) {
			open |= (uint64_t)1 << f;
			continue;
		}
		c = (uint64_t)1 << r;
		a = (uint64_t)1 << (f + r);
		d = (uint64_t)1 << (r - f + n - 1);
		if ((cols & c) || (anti & a) || (diag & d))
			return 0;
		cols |= c;
		anti |= a;
		diag |= d;
	}
	/* A cancel set before the call is seen even when the search is short. */
	if (s->cancel && atomic_load_explicit(s->cancel, memory_order_relaxed))
		s->cancelled = true;
	else
		search_fill(s, open, cols, anti, diag);
	return s->cancelled ? -1 : s->exhausted ? 1 : 0;
}

/*
 * Counts with the general search, up to limit, from the budget left in s.
 * Returns as count_ranks, with what was found in *count.
 */
static int count_given(struct search *s, const int *ranks, uint64_t limit,
                       uint64_t *count)
{
	bool empty = true;
	uint64_t total;
	int rc;

	for (int f = 0; f < s->n && empty; f++)
		empty = ranks[f] < 0;
	/* The empty board is asked for first and takes seconds to count from 16 on. */
	if (empty && known_counts(s->n, &total, NULL)) {
		*count = limit && total > limit ? limit : total;
		return 0;
	}
	s->limit = limit;
	s->plain = false;
	rc = count_ranks(s, ranks);
	*count = s->found;
	return rc;
}

int puzzle_completions(const struct puzzle *pz, uint64_t limit, uint64_t budget,
                       const atomic_int *cancel, uint64_t *count)
{
	struct search s = {.n = pz->n, .budget = budget, .cancel = cancel};

	if (pz->n < 1 || pz->n > PUZZLE_MAX_N) {
		errno = EINVAL;
		return -1;
	}
	return count_given(&s, pz->given, limit, count);
}

int puzzle_complete(int n, const int *ranks, uint64_t budget, int *out)
{
	struct search s = {.n = n, .budget = budget, .limit = 1, .first = out};
	bool empty = true;

	if (n < 1 || n > PUZZLE_MAX_N) {
		errno = EINVAL;
		return -1;
	}
	for (int f = 0; f < n && empty; f++)
		empty = ranks[f] < 0;
	/* With no queen given, the first solution in order. */
	if (empty)
		return enum_first(n, out) ? 1 : 0;
	if (count_ranks(&s, ranks) != 0 && s.found == 0)
		return -1;
	return s.found > 0;
}

/* The grade from the measure; see puzzle.h and nqueens(6). */
static enum puzzle_grade grade_of(int n, const struct puzzle_measure *m)
{
	int k = n - m->empty;

	if (2 * k >= n && m->nodes <= 2 * (uint64_t)m->empty)
		return PUZZLE_EASY;
	if (2 * k < n && m->minimal && 4 * m->nodes >= (uint64_t)n * (uint64_t)m->empty)
		return PUZZLE_HARD;
	return PUZZLE_MEDIUM;
}

int puzzle_measure(const struct puzzle *pz, uint64_t budget, struct puzzle_measure *m)
{
	/* Uniqueness needs only two completions counted. */
	struct search s = {.n = pz->n, .limit = 2, .budget = budget, .plain = true};
	int n = pz->n, ranks[PUZZLE_MAX_N];

	if (n < 1 || n > PUZZLE_MAX_N) {
		errno = EINVAL;
		return -1;
	}
	m->judged = count_ranks(&s, pz->given) == 0;
	m->nodes = s.nodes;
	m->completions = s.found;
	m->empty = 0;
	for (int f = 0; f < n; f++)
		m->empty += pz->given[f] < 0;
	m->minimal = m->judged && m->completions == 1;
	memcpy(ranks, pz->given, sizeof *ranks * (size_t)n);
	for (int f = 0; f < n && m->minimal; f++) {
		uint64_t c = 0;

		if (ranks[f] < 0)
			continue;
		ranks[f] = -1;
		if (count_given(&s, ranks, 2, &c) != 0)
			m->judged = m->minimal = false;
		ranks[f] = pz->given[f];
		if (c == 1)
			m->minimal = false;
	}
	m->steps = s.steps;
	m->grade = m->judged ? grade_of(n, m) : PUZZLE_GRADES;
	return 0;
}

static const char *const grade_names[PUZZLE_GRADES] = {"easy", "medium", "hard"};

const char *puzzle_grade_name(enum puzzle_grade g)
{
	return (unsigned)g < PUZZLE_GRADES ? grade_names[g] : "?";
}

enum puzzle_grade puzzle_grade_from_name(const char *name)
{
	for (int g = 0; g < PUZZLE_GRADES; g++)
		if (strcmp(name, grade_names[g]) == 0)
			return (enum puzzle_grade)g;
	return PUZZLE_GRADES;
}

/* A random solution: backtracking that tries each file's ranks in random order. */
static bool random_solution(int n, uint64_t *rng, int f, uint64_t cols, uint64_t anti,
                            uint64_t diag, int *p)
{
	int order[PUZZLE_MAX_N];

	if (f == n)
		return true;
	for (int r = 0; r < n; r++)
		order[r] = r;
	rng_shuffle(rng, order, n);
	for (int i = 0; i < n; i++) {
		int r = order[i];
		uint64_t c = (uint64_t)1 << r, a = (uint64_t)1 << (f + r),
		         d = (uint64_t)1 << (r - f + n - 1);

		if ((cols & c) || (anti & a) || (diag & d))
			continue;
		p[f] = r;
		if (random_solution(n, rng, f + 1, cols | c, anti | a, diag | d, p))
			return true;
	}
	return false;
}

/*
 * One candidate: a random solution, stripped of queens in random order while
 * the completion stays unique (a minimal puzzle, the hardest kind), then
 * given back some queens for the easier grades.  Returns false when the work
 * limit ran out, having drawn the same random numbers all the same.
 */
static bool make_candidate(int n, uint64_t *rng, enum puzzle_grade grade,
                           struct puzzle *pz)
{
	struct search s = {.n = n, .budget = PUZZLE_WORK_LIMIT};
	int sol[PUZZLE_MAX_N], order[PUZZLE_MAX_N], k = n, target;
	bool judged = true;

	random_solution(n, rng, 0, 0, 0, 0, sol);
	memcpy(pz->given, sol, sizeof *sol * (size_t)n);
	for (int f = 0; f < n; f++)
		order[f] = f;
	rng_shuffle(rng, order, n);
	for (int i = 0; i < n; i++) {
		int f = order[i];

		uint64_t c = 0;

		pz->given[f] = -1;
		if (count_given(&s, pz->given, 2, &c) != 0)
			judged = false;
		if (c == 1 && judged)
			k--;
		else
			pz->given[f] = sol[f];
	}
	/* Easy gives half the queens or more, but always leaves some to find. */
	if (grade == PUZZLE_EASY)
		target = (n + 1) / 2 + rng_below(rng, 1 + n / 4);
	else if (grade == PUZZLE_MEDIUM)
		target = k + rng_below(rng, 3);
	else
		target = k;
	if (target > n - 2 - n / 8)
		target = n - 2 - n / 8;
	/* Any given queen added back to a minimal set is redundant. */
	rng_shuffle(rng, order, n);
	for (int i = 0; i < n && k < target; i++) {
		int f = order[i];

		if (pz->given[f] < 0) {
			pz->given[f] = sol[f];
			k++;
		}
	}
	pz->ngiven = k;
	return judged;
}

int puzzle_generate(int n, uint64_t seed, enum puzzle_grade grade, struct puzzle *out)
{
	uint64_t rng = seed;

	if (n < PUZZLE_GEN_MIN_N || n > PUZZLE_GEN_MAX_N ||
	    (unsigned)grade >= PUZZLE_GRADES) {
		errno = EINVAL;
		return -1;
	}
	for (int attempt = 0; attempt < GEN_ATTEMPTS; attempt++) {
		struct puzzle pz = {.n = n, .grade = grade};
		struct puzzle_measure m = {0};

		if (!make_candidate(n, &rng, grade, &pz))
			continue;
		puzzle_measure(&pz, PUZZLE_WORK_LIMIT, &m);
		if (!m.judged || m.completions != 1 || m.grade != grade)
			continue;
		snprintf(pz.title, sizeof pz.title, "%d queens, %s", n,
		         puzzle_grade_name(grade));
		*out = pz;
		return 0;
	}
	errno = ESRCH;
	return -1;
}

int puzzle_made(int n, uint64_t seed, enum puzzle_grade grade, struct puzzle *out,
                char *id, size_t idlen)
{
	if (puzzle_generate(n, seed, grade, out) < 0)
		return -1;
	snprintf(out->title, sizeof out->title, "%d queens, %s, seed %llu", n,
	         puzzle_grade_name(grade), (unsigned long long)seed);
	snprintf(id, idlen, "%02d-%s-seed-%llu", n, puzzle_grade_name(grade),
	         (unsigned long long)seed);
	return 0;
}

uint64_t puzzle_clock_seed(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

bool puzzle_is_given(const struct puzzle *pz, struct square sq)
{
	return sq.file >= 0 && sq.file < pz->n && pz->given[sq.file] == sq.rank;
}

void puzzle_place_givens(const struct puzzle *pz, struct board *b)
{
	for (int f = 0; f < pz->n; f++)
		if (pz->given[f] >= 0)
			board_place(b, (struct square){f, pz->given[f]});
}

int puzzle_to_board(const struct puzzle *pz, struct board *b)
{
	if (board_init(b, pz->n) < 0)
		return -1;
	puzzle_place_givens(pz, b);
	return 0;
}

size_t puzzle_format(const struct puzzle *pz, char *buf, size_t len)
{
	size_t used = 0;
	int w;

	w = snprintf(buf, len, "title: %s\nsize: %d\ngrade: %s\nqueens:", pz->title,
	             pz->n, puzzle_grade_name(pz->grade));
	used = (size_t)(w < 0 ? 0 : w);
	for (int f = 0; f < pz->n; f++) {
		char name[32];

		if (pz->given[f] < 0)
			continue;
		board_square_name((struct square){f, pz->given[f]}, name, sizeof name);
		w = snprintf(used < len ? buf + used : NULL, used < len ? len - used : 0,
		             " %s", name);
		used += (size_t)(w < 0 ? 0 : w);
	}
	w = snprintf(used < len ? buf + used : NULL, used < len ? len - used : 0, "\n");
	used += (size_t)(w < 0 ? 0 : w);
	return used;
}

/* Where a value of the file starts and ends, blanks trimmed. */
static void trim(const char **s, const char **e)
{
	while (*s < *e && isspace((unsigned char)**s))
		(*s)++;
	while (*e > *s && isspace((unsigned char)(*e)[-1]))
		(*e)--;
}

/* The keys of the file format, in the order puzzle_format writes them. */
enum key { KEY_TITLE, KEY_SIZE, KEY_GRADE, KEY_QUEENS, KEY_COUNT };
static const char *const key_names[KEY_COUNT] = {"title", "size", "grade", "queens"};

/* Reads the queens line once the size is known. */
static int parse_queens(const char *v, struct puzzle *pz, const char *name, int line,
                        char *err, size_t errlen)
{
	struct position pos;
	struct board_conflict c;
	char why[256], a[32], b[32];
	const char *p = v;

	while (isspace((unsigned char)*p) || *p == ',')
		p++;
	for (int f = 0; f < PUZZLE_MAX_N; f++)
		pz->given[f] = -1;
	pz->ngiven = 0;
	if (*p == '\0')
		return 0; /* no queen given: the player places them all */
	if (board_parse(v, &pos, why, sizeof why) < 0) {
		errmsg_set(err, errlen, "%s:%d: %s", name, line, why);
		return -1;
	}
	if (isdigit((unsigned char)*p) || *p == '.' || *p == '-') {
		if (pos.n != pz->n) {
			errmsg_set(err, errlen,
			           "%s:%d: %d ranks given for a board of size %d; write "
			           "one rank (or '.') per file, or squares such as c6",
			           name, line, pos.n, pz->n);
			board_free(&pos);
			return -1;
		}
	}
	for (size_t i = 0; i < pos.count; i++) {
		struct square sq = pos.sq[i];

		if (sq.file >= pz->n || sq.rank >= pz->n) {
			board_square_name(sq, a, sizeof a);
			errmsg_set(err, errlen, "%s:%d: %s is off the %d×%d board", name,
			           line, a, pz->n, pz->n);
			board_free(&pos);
			return -1;
		}
	}
	if (board_conflicts(&pos, &c, 1) > 0) {
		board_square_name(c.a, a, sizeof a);
		board_square_name(c.b, b, sizeof b);
		if (c.line == BOARD_LINE_FILE)
			errmsg_set(err, errlen,
			           "%s:%d: %s and %s are on the same file; give at "
			           "most one queen per file",
			           name, line, a, b);
		else
			errmsg_set(err, errlen,
			           "%s:%d: %s and %s attack each other (they share a %s)",
			           name, line, a, b, board_line_name(c.line));
		board_free(&pos);
		return -1;
	}
	for (size_t i = 0; i < pos.count; i++)
		pz->given[pos.sq[i].file] = pos.sq[i].rank;
	pz->ngiven = (int)pos.count;
	board_free(&pos);
	return 0;
}

/*
 * The key of the line from s to ve, which holds 'key: value'; *colon is
 * where its colon stands.  -1 with err set when the line is not one, the key
 * is unknown, or it was given before (seen holds the line of each key).
 */
static int line_key(const char *s, const char *ve, const int *seen, const char *name,
                    int line, const char **colon, char *err, size_t errlen)
{
	int key = -1;

	*colon = memchr(s, ':', (size_t)(ve - s));
	if (!*colon) {
		errmsg_set(err, errlen,
		           "%s:%d: '%.*s' is not 'key: value' (keys are title, "
		           "size, grade and queens)",
		           name, line, (int)(ve - s), s);
		return -1;
	}
	for (int k = 0; k < KEY_COUNT; k++)
		if (strlen(key_names[k]) == (size_t)(*colon - s) &&
		    memcmp(s, key_names[k], (size_t)(*colon - s)) == 0)
			key = k;
	if (key < 0 && *colon - s == 7 && memcmp(s, "regions", 7) == 0) {
		errmsg_set(err, errlen,
		           "%s:%d: a regions puzzle (Queens with regions), not a classic "
		           "puzzle: its 'regions:' line says so (nqueens puzzle --check "
		           "reads both)",
		           name, line);
		return -1;
	}
	if (key < 0) {
		errmsg_set(err, errlen,
		           "%s:%d: unknown key '%.*s' (keys are title, size, "
		           "grade and queens)",
		           name, line, (int)(*colon - s), s);
		return -1;
	}
	if (seen[key]) {
		errmsg_set(err, errlen, "%s:%d: '%s' given twice (first on line %d)",
		           name, line, key_names[key], seen[key]);
		return -1;
	}
	return key;
}

static int parse_title(const char *v, const char *ve, struct puzzle *out,
                       const char *name, int line, char *err, size_t errlen)
{
	if ((size_t)(ve - v) >= sizeof out->title) {
		errmsg_set(err, errlen, "%s:%d: the title is longer than %d characters",
		           name, line, PUZZLE_TITLE_MAX - 1);
		return -1;
	}
	memcpy(out->title, v, (size_t)(ve - v));
	out->title[ve - v] = '\0';
	return 0;
}

static int parse_size(const char *v, const char *ve, struct puzzle *out, const char *name,
                      int line, char *err, size_t errlen)
{
	int n = 0;
	bool ok = v < ve;

	for (const char *q = v; ok && q < ve; q++) {
		if (!isdigit((unsigned char)*q) || n > PUZZLE_MAX_N)
			ok = false;
		else
			n = n * 10 + (*q - '0');
	}
	if (!ok || n < 1 || n > PUZZLE_MAX_N) {
		errmsg_set(err, errlen,
		           "%s:%d: the size must be a whole number from 1 "
		           "to %d, not '%.*s'",
		           name, line, PUZZLE_MAX_N, (int)(ve - v), v);
		return -1;
	}
	out->n = n;
	return 0;
}

static int parse_grade(const char *v, const char *ve, struct puzzle *out,
                       const char *name, int line, char *err, size_t errlen)
{
	char g[16];

	snprintf(g, sizeof g, "%.*s", (int)(ve - v), v);
	out->grade =
	        (size_t)(ve - v) < sizeof g ? puzzle_grade_from_name(g) : PUZZLE_GRADES;
	if (out->grade == PUZZLE_GRADES) {
		errmsg_set(err, errlen,
		           "%s:%d: the grade must be easy, medium or hard, "
		           "not '%.*s'",
		           name, line, (int)(ve - v), v);
		return -1;
	}
	return 0;
}

/*
 * After the last line (line, 0 for an empty file): the size and grade were
 * given, the queens (len bytes at queens, if given) read now that the size
 * is known, and some completion exists.
 */
static int parse_finish(struct puzzle *out, const int *seen, const char *queens,
                        size_t len, const char *name, int line, char *err, size_t errlen)
{
	uint64_t count = 0;

	if (line == 0) {
		errmsg_set(err, errlen,
		           "%s: empty: no 'size:' line giving the board size", name);
		return -1;
	}
	if (!seen[KEY_SIZE]) {
		errmsg_set(err, errlen, "%s:%d: no 'size:' line giving the board size",
		           name, line);
		return -1;
	}
	if (!seen[KEY_GRADE]) {
		errmsg_set(err, errlen, "%s:%d: no 'grade:' line (easy, medium or hard)",
		           name, line);
		return -1;
	}
	if (queens) {
		char *copy = malloc(len + 1);
		int rc;

		if (!copy) {
			errmsg_set(err, errlen, "%s: out of memory", name);
			return -1;
		}
		memcpy(copy, queens, len);
		copy[len] = '\0';
		rc = parse_queens(copy, out, name, seen[KEY_QUEENS], err, errlen);
		free(copy);
		if (rc < 0)
			return -1;
	}
	/* Past the work limit the file is taken: what plays it says so. */
	if (puzzle_completions(out, 1, PUZZLE_WORK_LIMIT, NULL, &count) == 0 &&
	    count == 0) {
		errmsg_set(err, errlen,
		           "%s:%d: no solution contains these queens, so the "
		           "puzzle cannot be completed",
		           name, seen[KEY_QUEENS] ? seen[KEY_QUEENS] : seen[KEY_SIZE]);
		return -1;
	}
	return 0;
}

int puzzle_parse(const char *text, const char *name, struct puzzle *out, char *err,
                 size_t errlen)
{
	int seen[KEY_COUNT] = {0}; /* the line of each key, 0 if not yet seen */
	/* A byte-order mark (as Notepad writes) is not part of the first key. */
	const char *p = text + fileio_bom(text, strlen(text)), *queens = NULL,
	           *stop = p + strlen(p);
	size_t queens_len = 0;
	int line = 0;

	memset(out, 0, sizeof *out);
	for (int f = 0; f < PUZZLE_MAX_N; f++)
		out->given[f] = -1;
	out->grade = PUZZLE_GRADES;
	while (p < stop) {
		size_t next;
		const char *end = p + fileio_line(p, (size_t)(stop - p), &next), *s = p,
		           *colon, *v, *ve;
		int key, rc = 0;

		line++;
		p += next;
		ve = end;
		trim(&s, &ve);
		if (s == ve || *s == '#')
			continue;
		key = line_key(s, ve, seen, name, line, &colon, err, errlen);
		if (key < 0)
			return -1;
		seen[key] = line;
		v = colon + 1;
		trim(&v, &ve);
		if (key == KEY_TITLE)
			rc = parse_title(v, ve, out, name, line, err, errlen);
		else if (key == KEY_SIZE)
			rc = parse_size(v, ve, out, name, line, err, errlen);
		else if (key == KEY_GRADE)
			rc = parse_grade(v, ve, out, name, line, err, errlen);
		else {
			/* The size may come later: the queens are read at the end. */
			queens = v;
			queens_len = (size_t)(ve - v);
		}
		if (rc < 0)
			return -1;
	}
	return parse_finish(out, seen, queens, queens_len, name, line, err, errlen);
}

int puzzle_load(const char *path, struct puzzle *out, char *err, size_t errlen)
{
	/* Puzzle files are small; a huge one is not a puzzle. */
	char *text =
	        fileio_load_text(path, (size_t)1 << 20, "a puzzle file", err, errlen);
	int rc;

	if (!text)
		return -1;
	rc = puzzle_parse(text, path, out, err, errlen);
	free(text);
	return rc;
}

/* The list's order: by size, then easy, medium, hard, then by name; bad files last. */
static int by_order(const void *a, const void *b)
{
	const struct puzzle_entry *x = a, *y = b;

	if (x->ok != y->ok)
		return x->ok ? -1 : 1;
	if (x->ok && x->pz.n != y->pz.n)
		return x->pz.n < y->pz.n ? -1 : 1;
	if (x->ok && x->pz.grade != y->pz.grade)
		return x->pz.grade < y->pz.grade ? -1 : 1;
	return strcmp(x->id, y->id);
}

void puzzle_list(const char *dir, struct puzzle_entry **out, size_t *count)
{
	DIR *d = dir ? opendir(dir) : NULL;
	struct puzzle_entry *v = NULL;
	struct dirent *de;
	size_t n = 0, cap = 0;

	*out = NULL;
	*count = 0;
	if (!d)
		return;
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);
		char path[4096];
		struct puzzle_entry *e;

		if (len < 5 || strcmp(de->d_name + len - 4, ".txt") != 0 ||
		    len - 4 >= sizeof e->id)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 32;
			e = realloc(v, cap * sizeof *e);
			if (!e)
				break;
			v = e;
		}
		e = &v[n++];
		memset(e, 0, sizeof *e);
		memcpy(e->id, de->d_name, len - 4);
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		e->ok = puzzle_load(path, &e->pz, e->err, sizeof e->err) == 0;
	}
	closedir(d);
	if (n > 1)
		qsort(v, n, sizeof *v, by_order);
	*out = v;
	*count = n;
}

int puzzle_status(const struct board *b, uint64_t limit, uint64_t budget,
                  const atomic_int *cancel, struct puzzle_status *out)
{
	struct search s = {.n = b->pos.n, .budget = budget, .cancel = cancel};
	int ranks[PUZZLE_MAX_N], n = b->pos.n, rc = 0;
	uint64_t count = 0;

	memset(out, 0, sizeof *out);
	if (n < 1 || n > PUZZLE_MAX_N) {
		errno = EINVAL;
		return -1;
	}
	if (board_ranks(&b->pos, ranks, NULL))
		rc = count_given(&s, ranks, limit, &count);
	if (rc < 0)
		return -1;
	out->unfinished = rc > 0;
	out->completions = count;
	out->completable = count > 0;
	out->solved = count > 0 && b->pos.count == (size_t)n;
	out->at_limit = limit && count >= limit;
	return 0;
}

/*
 * A hint when the position still has a completion.  When the budget runs
 * out, the best of the files counted so far is the hint, if there is one.
 */
static int hint_place(struct search *s, int *ranks, struct puzzle_hint *out)
{
	int n = s->n, best = n + 1;

	out->kind = PUZZLE_HINT_UNKNOWN;
	for (int f = 0; f < n; f++) {
		int choices = 0, first = -1;

		if (ranks[f] >= 0)
			continue;
		for (int r = 0; r < n; r++) {
			uint64_t c;
			int rc;

			ranks[f] = r;
			rc = count_given(s, ranks, 1, &c);
			if (rc != 0) {
				ranks[f] = -1;
				return rc < 0 ? -1 : 0;
			}
			if (c > 0 && choices++ == 0)
				first = r;
		}
		ranks[f] = -1;
		/* The most forced file is the most useful thing to point at. */
		if (choices > 0 && choices < best) {
			best = choices;
			*out = (struct puzzle_hint){
			        PUZZLE_HINT_PLACE, {f, first}, choices};
			if (choices == 1)
				break;
		}
	}
	return 0;
}

/*
 * A hint when it has none: the latest queen whose removal mends it.  When the
 * budget runs out first, no queen can be named.
 */
static int hint_remove(struct search *s, const struct board *b, const struct puzzle *pz,
                       struct puzzle_hint *out)
{
	int n = b->pos.n, ranks[PUZZLE_MAX_N];
	bool any = false;

	for (size_t i = b->pos.count; i-- > 0;) {
		struct square sq = b->pos.sq[i];
		uint64_t c = 0;
		bool ok;
		int rc;

		if (pz && puzzle_is_given(pz, sq))
			continue;
		if (!any) {
			/* Failing all else, the latest queen placed is the suspect. */
			*out = (struct puzzle_hint){PUZZLE_HINT_REMOVE, sq, 0};
			any = true;
		}
		for (int f = 0; f < n; f++)
			ranks[f] = -1;
		ok = true;
		for (size_t j = 0; j < b->pos.count && ok; j++) {
			struct square q = b->pos.sq[j];

			if (j == i)
				continue;
			if (ranks[q.file] >= 0)
				ok = false;
			ranks[q.file] = q.rank;
		}
		if (!ok)
			continue;
		rc = count_given(s, ranks, 1, &c);
		if (rc < 0)
			return -1;
		if (rc > 0) {
			*out = (struct puzzle_hint){PUZZLE_HINT_UNKNOWN, {0, 0}, 0};
			break;
		}
		if (c > 0) {
			*out = (struct puzzle_hint){PUZZLE_HINT_REMOVE, sq, 1};
			break;
		}
	}
	return 0;
}

int puzzle_hint(const struct board *b, const struct puzzle *pz, uint64_t budget,
                const atomic_int *cancel, struct puzzle_hint *out)
{
	struct search s = {.n = b->pos.n, .budget = budget, .cancel = cancel};
	int ranks[PUZZLE_MAX_N], n = b->pos.n, rc = 0;
	uint64_t c = 0;

	*out = (struct puzzle_hint){PUZZLE_HINT_NONE, {0, 0}, 0};
	if (n < 1 || n > PUZZLE_MAX_N) {
		errno = EINVAL;
		return -1;
	}
	if (board_ranks(&b->pos, ranks, NULL))
		rc = count_given(&s, ranks, 1, &c);
	if (rc < 0)
		return -1;
	if (rc > 0) {
		out->kind = PUZZLE_HINT_UNKNOWN;
		return 0;
	}
	if (c == 0)
		return hint_remove(&s, b, pz, out);
	if (b->pos.count == (size_t)n)
		return 0;
	return hint_place(&s, ranks, out);
}
