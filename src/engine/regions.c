/* Queens with regions: the board and its file, the exact solver, the checks. */
#include "config.h"

#include "engine/regions.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/errmsg.h"
#include "engine/fileio.h"

#define SQ(n, file, rank) ((rank) * (n) + (file))

static const char *const grade_names[] = {"easy", "medium", "hard", "needs guessing",
                                          "ungraded"};

const char *regions_grade_name(enum regions_grade g)
{
	return g >= REGIONS_EASY && g <= REGIONS_UNGRADED ? grade_names[g] : "ungraded";
}

enum regions_grade regions_grade_from_name(const char *name)
{
	for (int g = REGIONS_EASY; g <= REGIONS_HARD; g++)
		if (strcmp(name, grade_names[g]) == 0)
			return (enum regions_grade)g;
	return REGIONS_UNGRADED;
}

int regions_region(const struct regions_board *b, struct square sq)
{
	return b->region[SQ(b->n, sq.file, sq.rank)];
}

char regions_letter(int region)
{
	return (char)('a' + region);
}

bool regions_touch(struct square a, struct square b)
{
	return abs(a.file - b.file) <= 1 && abs(a.rank - b.rank) <= 1 &&
	       (a.file != b.file || a.rank != b.rank);
}

bool regions_conflict(const struct regions_board *b, struct square a, struct square c)
{
	return a.file == c.file || a.rank == c.rank || regions_touch(a, c) ||
	       regions_region(b, a) == regions_region(b, c);
}

void regions_attacked(const struct regions_board *b, struct square q,
                      uint16_t out[REGIONS_MAX_N])
{
	int n = b->n, g = regions_region(b, q);

	for (int r = 0; r < REGIONS_MAX_N; r++) {
		out[r] = 0;
		if (r >= n)
			continue;
		for (int f = 0; f < n; f++)
			if (b->region[SQ(n, f, r)] == g)
				out[r] |= (uint16_t)(1u << f);
		out[r] |= (uint16_t)(1u << q.file);
		if (r == q.rank)
			out[r] = (uint16_t)((1u << n) - 1);
		else if (r == q.rank - 1 || r == q.rank + 1)
			out[r] |= (uint16_t)((7u << q.file >> 1) & ((1u << n) - 1));
	}
}

uint16_t regions_adjacent(const struct regions_board *b, int g)
{
	int n = b->n;
	uint16_t m = 0;

	for (int r = 0; r < n; r++)
		for (int f = 0; f < n; f++) {
			if (b->region[SQ(n, f, r)] != g)
				continue;
			if (f + 1 < n && b->region[SQ(n, f + 1, r)] != g)
				m |= (uint16_t)(1u << b->region[SQ(n, f + 1, r)]);
			if (f > 0 && b->region[SQ(n, f - 1, r)] != g)
				m |= (uint16_t)(1u << b->region[SQ(n, f - 1, r)]);
			if (r + 1 < n && b->region[SQ(n, f, r + 1)] != g)
				m |= (uint16_t)(1u << b->region[SQ(n, f, r + 1)]);
			if (r > 0 && b->region[SQ(n, f, r - 1)] != g)
				m |= (uint16_t)(1u << b->region[SQ(n, f, r - 1)]);
		}
	return m;
}

/* Where a value of the file starts and ends, blanks trimmed. */
static void trim(const char **s, const char **e)
{
	while (*s < *e && isspace((unsigned char)**s))
		(*s)++;
	while (*e > *s && isspace((unsigned char)(*e)[-1]))
		(*e)--;
}

/* Whether the trimmed line s..e is "KEY:" with any value. */
static bool is_key(const char *s, const char *e, const char *key)
{
	size_t k = strlen(key);

	return (size_t)(e - s) > k && memcmp(s, key, k) == 0 && s[k] == ':';
}

bool regions_is_regions_text(const char *text)
{
	const char *p = text + fileio_bom(text, strlen(text)), *stop = p + strlen(p);

	while (p < stop) {
		size_t next;
		const char *s = p, *e = p + fileio_line(p, (size_t)(stop - p), &next);

		p += next;
		trim(&s, &e);
		if (s < e && *s != '#' && is_key(s, e, "regions"))
			return true;
	}
	return false;
}

/* Flood fill from one square through the sides of squares of its region. */
static int flood(const struct regions_board *b, int start, uint8_t *seen)
{
	int n = b->n, stack[REGIONS_MAX_N * REGIONS_MAX_N], top = 0, count = 0;
	int g = b->region[start];

	stack[top++] = start;
	seen[start] = 1;
	while (top > 0) {
		int s = stack[--top], f = s % n, r = s / n;
		int nb[4][2] = {{f - 1, r}, {f + 1, r}, {f, r - 1}, {f, r + 1}};

		count++;
		for (int i = 0; i < 4; i++) {
			int t;

			if (nb[i][0] < 0 || nb[i][0] >= n || nb[i][1] < 0 ||
			    nb[i][1] >= n)
				continue;
			t = SQ(n, nb[i][0], nb[i][1]);
			if (!seen[t] && b->region[t] == g) {
				seen[t] = 1;
				stack[top++] = t;
			}
		}
	}
	return count;
}

/*
 * The first problem of a region map: a missing region (*sq -1) or a region
 * in two parts (*sq its first square not joined to the rest).  Returns the
 * region, or -1 when the map is a board.
 */
static int map_problem(const struct regions_board *b, int *sq, int *first)
{
	int n = b->n, size[REGIONS_MAX_N] = {0}, start[REGIONS_MAX_N];
	uint8_t seen[REGIONS_MAX_N * REGIONS_MAX_N] = {0};

	for (int g = 0; g < n; g++)
		start[g] = -1;
	/* From the top row down, as the file is read. */
	for (int r = n - 1; r >= 0; r--)
		for (int f = 0; f < n; f++) {
			int s = SQ(n, f, r), g = b->region[s];

			if (start[g] < 0)
				start[g] = s;
			size[g]++;
		}
	for (int g = 0; g < n; g++)
		if (size[g] == 0) {
			*sq = -1;
			*first = -1;
			return g;
		}
	for (int g = 0; g < n; g++)
		if (flood(b, start[g], seen) != size[g]) {
			for (int r = n - 1; r >= 0; r--)
				for (int f = 0; f < n; f++)
					if (b->region[SQ(n, f, r)] == g &&
					    !seen[SQ(n, f, r)]) {
						*sq = SQ(n, f, r);
						*first = start[g];
						return g;
					}
		}
	return -1;
}

static void square_name(int n, int s, char *buf, size_t len)
{
	snprintf(buf, len, "%c%d", 'a' + s % n, s / n + 1);
}

int regions_check_map(const struct regions_board *b, char *err, size_t errlen)
{
	int sq, first, g = map_problem(b, &sq, &first);
	char a[16], c[16];

	if (g < 0)
		return 0;
	if (sq < 0) {
		errmsg_set(err, errlen,
		           "region '%c' is missing: a %d×%d board has %d regions, the "
		           "letters a to %c, each on at least one square",
		           regions_letter(g), b->n, b->n, b->n, regions_letter(b->n - 1));
		return -1;
	}
	square_name(b->n, sq, a, sizeof a);
	square_name(b->n, first, c, sizeof c);
	errmsg_set(err, errlen,
	           "region '%c' is in two parts (%s is not joined to %s through its "
	           "squares' sides): each region must be connected",
	           regions_letter(g), a, c);
	return -1;
}

/*
 * The exact solver's search.  The free squares are kept as a mask by rank;
 * each queen strikes its row, column, region and neighbours.  It branches
 * on the row, column or region with the fewest free squares (none: a dead
 * end at once), so that a region of one square is placed first and a map
 * with no solution is seen to have none in a few steps, whatever its
 * shape.
 */
struct exact {
	int n, limit, found;
	uint64_t nodes;
	uint16_t regset[REGIONS_MAX_N][REGIONS_MAX_N]; /* region g, by rank */
	uint16_t attack[REGIONS_MAX_N * REGIONS_MAX_N][REGIONS_MAX_N]; /* by square */
	int cur[REGIONS_MAX_N];    /* by rank: the file of the queen placed */
	int sol[2][REGIONS_MAX_N]; /* the first solutions, rank by file */
};

static void exact_search(struct exact *e, const uint16_t *free, int placed, uint16_t rows,
                         uint16_t cols, uint16_t regs)
{
	int n = e->n, best = n * n + 1, kind = 0, which = 0;
	uint16_t next[REGIONS_MAX_N], in[REGIONS_MAX_N];

	if (placed == n) {
		if (e->found < 2)
			for (int r = 0; r < n; r++)
				e->sol[e->found][e->cur[r]] = r;
		e->found++;
		return;
	}
	/* The row, column or region (kind 0, 1, 2) with the fewest free squares. */
	for (int r = 0; r < n && best > 0; r++)
		if (!(rows & (1u << r)) && __builtin_popcount(free[r]) < best) {
			best = __builtin_popcount(free[r]);
			kind = 0;
			which = r;
		}
	for (int f = 0; f < n && best > 0; f++) {
		int c = 0;

		if (cols & (1u << f))
			continue;
		for (int r = 0; r < n; r++)
			c += (free[r] >> f) & 1;
		if (c < best) {
			best = c;
			kind = 1;
			which = f;
		}
	}
	for (int g = 0; g < n && best > 0; g++) {
		int c = 0;

		if (regs & (1u << g))
			continue;
		for (int r = 0; r < n; r++)
			c += __builtin_popcount(free[r] & e->regset[g][r]);
		if (c < best) {
			best = c;
			kind = 2;
			which = g;
		}
	}
	if (best == 0)
		return;
	for (int r = 0; r < n; r++)
		in[r] = kind == 0   ? (r == which ? free[r] : 0)
		        : kind == 1 ? free[r] & (uint16_t)(1u << which)
		                    : free[r] & e->regset[which][r];
	for (int r = 0; r < n && e->found < e->limit; r++)
		for (uint16_t m = in[r]; m && e->found < e->limit;
		     m &= (uint16_t)(m - 1)) {
			int f = __builtin_ctz(m), s = SQ(n, f, r), g = 0;

			while (!(e->regset[g][r] & (1u << f)))
				g++;
			e->nodes++;
			for (int rr = 0; rr < n; rr++)
				next[rr] = free[rr] & (uint16_t)~e->attack[s][rr];
			e->cur[r] = f;
			exact_search(e, next, placed + 1, (uint16_t)(rows | (1u << r)),
			             (uint16_t)(cols | (1u << f)),
			             (uint16_t)(regs | (1u << g)));
		}
}

/* Counts up to limit, keeping the first two solutions in e->sol. */
static int exact_count(const struct regions_board *b, int limit, struct exact *e)
{
	int n = b->n, placed = 0;
	uint16_t free[REGIONS_MAX_N] = {0}, rows = 0, cols = 0, regs = 0;

	memset(e, 0, sizeof *e);
	e->n = n;
	e->limit = limit > 0 ? limit : INT_MAX;
	for (int r = 0; r < n; r++) {
		free[r] = (uint16_t)((1u << n) - 1);
		for (int f = 0; f < n; f++)
			e->regset[b->region[SQ(n, f, r)]][r] |= (uint16_t)(1u << f);
	}
	for (int r = 0; r < n; r++)
		for (int f = 0; f < n; f++) {
			uint16_t *a = e->attack[SQ(n, f, r)];
			int g = b->region[SQ(n, f, r)];

			for (int rr = 0; rr < n; rr++) {
				a[rr] = (uint16_t)(e->regset[g][rr] | (1u << f));
				if (rr == r)
					a[rr] = (uint16_t)((1u << n) - 1);
				else if (rr == r - 1 || rr == r + 1)
					a[rr] |= (uint16_t)((7u << f >> 1) &
					                    ((1u << n) - 1));
			}
		}
	/* The given queens first: one on a struck square leaves no solution. */
	for (int f = 0; f < n; f++) {
		int r = b->given[f], s;

		if (r < 0)
			continue;
		if (!(free[r] & (1u << f)))
			return 0;
		s = SQ(n, f, r);
		for (int rr = 0; rr < n; rr++)
			free[rr] &= (uint16_t)~e->attack[s][rr];
		e->cur[r] = f;
		rows |= (uint16_t)(1u << r);
		cols |= (uint16_t)(1u << f);
		regs |= (uint16_t)(1u << b->region[s]);
		placed++;
	}
	exact_search(e, free, placed, rows, cols, regs);
	return e->found;
}

int regions_count(const struct regions_board *b, int limit, int *first, uint64_t *nodes)
{
	struct exact *e = malloc(sizeof *e);
	int found;

	if (!e)
		return -1;
	found = exact_count(b, limit, e);
	if (first && found > 0)
		memcpy(first, e->sol[0], sizeof(int) * (size_t)b->n);
	if (nodes)
		*nodes = e->nodes;
	free(e);
	return found;
}

int regions_solutions(const struct regions_board *b, int limit,
                      int sols[2][REGIONS_MAX_N])
{
	struct exact *e = malloc(sizeof *e);
	int found;

	if (!e)
		return -1;
	found = exact_count(b, limit, e);
	memcpy(sols, e->sol, sizeof e->sol);
	free(e);
	return found;
}

/* A solution (rank by file) as squares: "a2 c5 ...". */
static void solution_words(int n, const int *sol, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (int f = 0; f < n; f++)
		errmsg_add(buf, len, &at, "%s%c%d", f ? " " : "", 'a' + f, sol[f] + 1);
}

int regions_check(const struct regions_board *b, const char *name,
                  enum regions_grade *measured, char *why, size_t whylen)
{
	struct exact *e = malloc(sizeof *e);
	char one[128], two[128];
	int found, line = b->regions_line;

	*measured = REGIONS_UNGRADED;
	if (!e) {
		errmsg_set(why, whylen, "%s: out of memory", name);
		return 1;
	}
	found = exact_count(b, 2, e);
	solution_words(b->n, e->sol[0], one, sizeof one);
	solution_words(b->n, e->sol[1], two, sizeof two);
	free(e);
	if (found == 0) {
		errmsg_set(why, whylen,
		           "%s:%d: no solution: no way to place %d queens, one in "
		           "each row, column and region, none touching",
		           name, line, b->n);
		return 1;
	}
	if (found > 1) {
		errmsg_set(why, whylen,
		           "%s:%d: two solutions or more (%s, and %s): a puzzle must "
		           "have one",
		           name, line, one, two);
		return 1;
	}
	*measured = regions_grade(b, NULL);
	if (b->grade != REGIONS_UNGRADED && *measured != b->grade) {
		errmsg_set(why, whylen,
		           "%s: declared %s, but the logical solver measures it %s", name,
		           regions_grade_name(b->grade), regions_grade_name(*measured));
		return 1;
	}
	return 0;
}

/* The keys of the file format, in the order regions_format writes them. */
enum key {
	KEY_TITLE,
	KEY_SIZE,
	KEY_GRADE,
	KEY_REGIONS,
	KEY_QUEENS,
	KEY_MARKS,
	KEY_COUNT
};
static const char *const key_names[KEY_COUNT] = {"title",   "size",   "grade",
                                                 "regions", "queens", "marks"};
#define KEY_LIST "title, size, grade, regions, queens and marks"

/* A line of the file kept until the size is known. */
struct held {
	const char *s, *e;
	int line;
};

/*
 * Reads squares ("c4 d6", blanks or commas between) on an n×n board into a
 * mask by rank; a square named twice is an error.
 */
static int parse_squares(const char *v, const char *ve, int n, uint16_t *mask, int *count,
                         const char *name, int line, const char *what, char *err,
                         size_t errlen)
{
	const char *p = v;

	memset(mask, 0, sizeof(uint16_t) * REGIONS_MAX_N);
	*count = 0;
	while (p < ve) {
		const char *w = p;
		long r = 0;
		int f;

		if (isspace((unsigned char)*p) || *p == ',') {
			p++;
			continue;
		}
		while (p < ve && !isspace((unsigned char)*p) && *p != ',')
			p++;
		f = *w - 'a';
		if (p - w < 2 || p - w > 3 || *w < 'a' || *w > 'z' ||
		    !isdigit((unsigned char)w[1]) ||
		    (p - w == 3 && !isdigit((unsigned char)w[2]))) {
			errmsg_set(err, errlen,
			           "%s:%d: '%.*s' is not a square; write %s as squares "
			           "such as c4, a column letter and a row number",
			           name, line, (int)(p - w), w, what);
			return -1;
		}
		for (const char *d = w + 1; d < p; d++)
			r = r * 10 + (*d - '0');
		if (f >= n || r < 1 || r > n) {
			errmsg_set(err, errlen,
			           "%s:%d: %.*s is off the %d×%d board (columns a to %c, "
			           "rows 1 "
			           "to %d)",
			           name, line, (int)(p - w), w, n, n, 'a' + n - 1, n);
			return -1;
		}
		if (mask[r - 1] & (1u << f)) {
			errmsg_set(err, errlen, "%s:%d: %.*s is named twice", name, line,
			           (int)(p - w), w);
			return -1;
		}
		mask[r - 1] |= (uint16_t)(1u << f);
		(*count)++;
	}
	return 0;
}

/* Why queens on a and c break a rule, for an error. */
static const char *conflict_words(struct square a, struct square c)
{
	if (a.rank == c.rank)
		return "are in the same row";
	if (a.file == c.file)
		return "are in the same column";
	if (regions_touch(a, c))
		return "touch";
	return "are in the same region";
}

static int parse_size(const char *v, const char *ve, int *n, const char *name, int line,
                      char *err, size_t errlen)
{
	long x = 0;

	for (const char *p = v; p < ve; p++)
		if (!isdigit((unsigned char)*p) || x > 1000)
			x = -1;
		else if (x >= 0)
			x = x * 10 + (*p - '0');
	if (v == ve || x < REGIONS_MIN_N || x > REGIONS_MAX_N) {
		errmsg_set(err, errlen,
		           "%s:%d: the size must be a number from %d to %d, not '%.*s'",
		           name, line, REGIONS_MIN_N, REGIONS_MAX_N, (int)(ve - v), v);
		return -1;
	}
	*n = (int)x;
	return 0;
}

/* The region rows, once the size is known: shape, letters, then the map. */
static int parse_rows(const struct held *rows, int nrows, int regions_line,
                      struct regions_board *out, const char *name, char *err,
                      size_t errlen)
{
	int n = out->n, sq, first, g;
	char why[256];

	if (nrows != n) {
		errmsg_set(
		        err, errlen,
		        "%s:%d: %d rows of regions follow 'regions:', not %d: one line "
		        "a row for size %d",
		        name, regions_line, nrows, n, n);
		return -1;
	}
	for (int i = 0; i < nrows; i++) {
		int len = 0, r = n - 1 - i;

		for (const char *p = rows[i].s; p < rows[i].e; p++)
			if (!isspace((unsigned char)*p))
				len++;
		if (len != n) {
			errmsg_set(
			        err, errlen,
			        "%s:%d: %d squares in this row of regions, not %d: one "
			        "letter a square",
			        name, rows[i].line, len, n);
			return -1;
		}
		len = 0;
		for (const char *p = rows[i].s; p < rows[i].e; p++) {
			if (isspace((unsigned char)*p))
				continue;
			if (*p < 'a' || *p >= 'a' + n) {
				errmsg_set(
				        err, errlen,
				        "%s:%d: '%c' is not a region of a %d×%d board: "
				        "its %d regions are the letters a to %c",
				        name, rows[i].line, *p, n, n, n, 'a' + n - 1);
				return -1;
			}
			out->region[SQ(n, len, r)] = (uint8_t)(*p - 'a');
			len++;
		}
	}
	g = map_problem(out, &sq, &first);
	if (g >= 0) {
		regions_check_map(out, why, sizeof why);
		/* A region in two parts is named on the line of its stray square. */
		errmsg_set(err, errlen, "%s:%d: %s", name,
		           sq < 0 ? regions_line : rows[n - 1 - sq / n].line, why);
		return -1;
	}
	return 0;
}

/* Given queens: no two breaking a rule. */
static int parse_queens(const uint16_t *mask, int line, struct regions_board *out,
                        const char *name, char *err, size_t errlen)
{
	int n = out->n;
	struct square q[REGIONS_MAX_N * REGIONS_MAX_N];
	int count = 0;
	char a[16], c[16];

	for (int r = 0; r < n; r++)
		for (int f = 0; f < n; f++)
			if (mask[r] & (1u << f))
				q[count++] = (struct square){f, r};
	for (int i = 0; i < count; i++)
		for (int j = i + 1; j < count; j++)
			if (regions_conflict(out, q[i], q[j])) {
				square_name(n, SQ(n, q[i].file, q[i].rank), a, sizeof a);
				square_name(n, SQ(n, q[j].file, q[j].rank), c, sizeof c);
				errmsg_set(
				        err, errlen,
				        "%s:%d: the given queens on %s and %s %s: no two "
				        "queens may share a row, column or region, or "
				        "touch",
				        name, line, a, c, conflict_words(q[i], q[j]));
				return -1;
			}
	for (int i = 0; i < count; i++)
		out->given[q[i].file] = q[i].rank;
	out->ngiven = count;
	return 0;
}

int regions_parse(const char *text, const char *name, struct regions_board *out,
                  char *err, size_t errlen)
{
	int seen[KEY_COUNT] = {0}, line = 0, nrows = 0, nq = 0, nm = 0;
	const char *p = text + fileio_bom(text, strlen(text)), *stop = p + strlen(p);
	struct held rows[REGIONS_MAX_N + 1], queens = {0}, marks = {0};
	bool in_rows = false;
	uint16_t qmask[REGIONS_MAX_N];
	struct exact *e;

	memset(out, 0, sizeof *out);
	for (int f = 0; f < REGIONS_MAX_N; f++)
		out->given[f] = -1;
	out->grade = REGIONS_UNGRADED;
	while (p < stop) {
		size_t next;
		const char *s = p, *ve = p + fileio_line(p, (size_t)(stop - p), &next),
		           *colon, *v;
		int key = -1;

		line++;
		p += next;
		trim(&s, &ve);
		if (s == ve || *s == '#')
			continue;
		colon = memchr(s, ':', (size_t)(ve - s));
		if (!colon && in_rows) {
			if (nrows < REGIONS_MAX_N + 1)
				rows[nrows] = (struct held){s, ve, line};
			nrows++;
			continue;
		}
		in_rows = false;
		if (!colon) {
			errmsg_set(err, errlen,
			           "%s:%d: '%.*s' is not 'key: value' (keys are " KEY_LIST
			           "; the rows of regions follow 'regions:')",
			           name, line, (int)(ve - s), s);
			return -1;
		}
		for (int k = 0; k < KEY_COUNT; k++)
			if (strlen(key_names[k]) == (size_t)(colon - s) &&
			    memcmp(s, key_names[k], (size_t)(colon - s)) == 0)
				key = k;
		if (key < 0) {
			errmsg_set(err, errlen,
			           "%s:%d: unknown key '%.*s' (keys are " KEY_LIST ")",
			           name, line, (int)(colon - s), s);
			return -1;
		}
		if (seen[key]) {
			errmsg_set(err, errlen,
			           "%s:%d: '%s' given twice (first on line %d)", name,
			           line, key_names[key], seen[key]);
			return -1;
		}
		seen[key] = line;
		v = colon + 1;
		trim(&v, &ve);
		if (key == KEY_TITLE) {
			if ((size_t)(ve - v) >= sizeof out->title) {
				errmsg_set(
				        err, errlen,
				        "%s:%d: the title is longer than %d characters",
				        name, line, REGIONS_TITLE_MAX - 1);
				return -1;
			}
			memcpy(out->title, v, (size_t)(ve - v));
		} else if (key == KEY_SIZE) {
			if (parse_size(v, ve, &out->n, name, line, err, errlen) < 0)
				return -1;
		} else if (key == KEY_GRADE) {
			char g[32];

			snprintf(g, sizeof g, "%.*s", (int)(ve - v), v);
			out->grade = regions_grade_from_name(g);
			if (out->grade == REGIONS_UNGRADED) {
				errmsg_set(err, errlen,
				           "%s:%d: the grade must be easy, medium or "
				           "hard, not "
				           "'%.*s'",
				           name, line, (int)(ve - v), v);
				return -1;
			}
		} else if (key == KEY_REGIONS) {
			if (v != ve) {
				errmsg_set(err, errlen,
				           "%s:%d: 'regions:' stands alone on its line; "
				           "the rows "
				           "of regions follow it, one line a row",
				           name, line);
				return -1;
			}
			in_rows = true;
			out->regions_line = line;
		} else if (key == KEY_QUEENS) {
			queens = (struct held){v, ve, line};
		} else {
			marks = (struct held){v, ve, line};
		}
	}
	if (!seen[KEY_REGIONS]) {
		if (seen[KEY_QUEENS] || seen[KEY_SIZE])
			errmsg_set(err, errlen,
			           "%s: a classic puzzle file, not a regions puzzle: it "
			           "has no "
			           "'regions:' line (play it with nqueens play)",
			           name);
		else
			errmsg_set(err, errlen,
			           "%s: not a regions puzzle: no 'regions:' line "
			           "followed by "
			           "the rows of regions",
			           name);
		return -1;
	}
	if (!seen[KEY_SIZE]) {
		errmsg_set(err, errlen, "%s: no 'size:' line giving the board size",
		           name);
		return -1;
	}
	if (parse_rows(rows, nrows, out->regions_line, out, name, err, errlen) < 0)
		return -1;
	if (seen[KEY_QUEENS]) {
		if (parse_squares(queens.s, queens.e, out->n, qmask, &nq, name,
		                  queens.line, "the queens", err, errlen) < 0 ||
		    parse_queens(qmask, queens.line, out, name, err, errlen) < 0)
			return -1;
	}
	if (seen[KEY_MARKS] &&
	    parse_squares(marks.s, marks.e, out->n, out->marks, &nm, name, marks.line,
	                  "the marks", err, errlen) < 0)
		return -1;
	e = malloc(sizeof *e);
	if (!e) {
		errmsg_set(err, errlen, "%s: out of memory", name);
		return -1;
	}
	if (exact_count(out, 1, e) == 0) {
		free(e);
		errmsg_set(err, errlen,
		           "%s:%d: no solution: no way to place %d queens, one in each "
		           "row, column and region, none touching%s",
		           name, out->regions_line, out->n,
		           out->ngiven ? ", with the given queens" : "");
		return -1;
	}
	free(e);
	return 0;
}

int regions_load(const char *path, struct regions_board *out, char *err, size_t errlen)
{
	char *text = fileio_load_text(path, (size_t)1 << 16, "a regions puzzle file", err,
	                              errlen);
	int rc;

	if (!text)
		return -1;
	rc = regions_parse(text, path, out, err, errlen);
	free(text);
	return rc;
}

/* Appends squares of a mask by rank, as " c4 d6". */
static void add_squares(char *buf, size_t len, size_t *at, int n, const uint16_t *mask)
{
	for (int r = 0; r < n; r++)
		for (int f = 0; f < n; f++)
			if (mask[r] & (1u << f))
				errmsg_add(buf, len, at, " %c%d", 'a' + f, r + 1);
}

size_t regions_format(const struct regions_board *b, char *buf, size_t len)
{
	size_t at = 0;
	int n = b->n;
	uint16_t q[REGIONS_MAX_N] = {0};
	bool marks = false;

	if (len > 0)
		buf[0] = '\0';
	if (b->title[0])
		errmsg_add(buf, len, &at, "title: %s\n", b->title);
	errmsg_add(buf, len, &at, "size: %d\n", n);
	if (b->grade <= REGIONS_HARD)
		errmsg_add(buf, len, &at, "grade: %s\n", regions_grade_name(b->grade));
	errmsg_add(buf, len, &at, "regions:\n");
	for (int r = n - 1; r >= 0; r--) {
		char row[REGIONS_MAX_N + 2];

		for (int f = 0; f < n; f++)
			row[f] = regions_letter(b->region[SQ(n, f, r)]);
		row[n] = '\n';
		row[n + 1] = '\0';
		errmsg_add(buf, len, &at, "%s", row);
	}
	for (int f = 0; f < n; f++)
		if (b->given[f] >= 0)
			q[b->given[f]] |= (uint16_t)(1u << f);
	if (b->ngiven > 0) {
		errmsg_add(buf, len, &at, "queens:");
		add_squares(buf, len, &at, n, q);
		errmsg_add(buf, len, &at, "\n");
	}
	for (int r = 0; r < n; r++)
		marks |= b->marks[r] != 0;
	if (marks) {
		errmsg_add(buf, len, &at, "marks:");
		add_squares(buf, len, &at, n, b->marks);
		errmsg_add(buf, len, &at, "\n");
	}
	return at;
}

/* The list's order: by size, then easy, medium, hard, then by name; bad files last. */
static int by_order(const void *a, const void *b)
{
	const struct regions_entry *x = a, *y = b;

	if (x->ok != y->ok)
		return x->ok ? -1 : 1;
	if (x->ok && x->b.n != y->b.n)
		return x->b.n < y->b.n ? -1 : 1;
	if (x->ok && x->b.grade != y->b.grade)
		return x->b.grade < y->b.grade ? -1 : 1;
	return strcmp(x->id, y->id);
}

void regions_list(const char *dir, struct regions_entry **out, size_t *count)
{
	DIR *d = dir ? opendir(dir) : NULL;
	struct regions_entry *v = NULL;
	struct dirent *de;
	size_t n = 0, cap = 0;

	*out = NULL;
	*count = 0;
	if (!d)
		return;
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);
		char path[4096];
		struct regions_entry *e;

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
		e->ok = regions_load(path, &e->b, e->err, sizeof e->err) == 0;
	}
	closedir(d);
	if (n > 1)
		qsort(v, n, sizeof *v, by_order);
	*out = v;
	*count = n;
}
