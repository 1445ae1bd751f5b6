/* Queens with regions: the logical solver, a deduction at a time, and the grade. */
#include "config.h"

#include "engine/regions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/errmsg.h"

#define SQ(n, file, rank) ((rank) * (n) + (file))

static const char *const kind_names[REGIONS_KINDS] = {
        "queen strikes",  "last in row",      "last in column",
        "last in region", "region in line",   "line in region",
        "would empty",    "regions in lines", "lines in regions",
};

static const enum regions_grade kind_grades[REGIONS_KINDS] = {
        REGIONS_EASY,   REGIONS_EASY,   REGIONS_EASY, REGIONS_EASY, REGIONS_MEDIUM,
        REGIONS_MEDIUM, REGIONS_MEDIUM, REGIONS_HARD, REGIONS_HARD,
};

enum regions_grade regions_kind_grade(enum regions_kind kind)
{
	return kind < REGIONS_KINDS ? kind_grades[kind] : REGIONS_GUESSING;
}

const char *regions_kind_name(enum regions_kind kind)
{
	return kind < REGIONS_KINDS ? kind_names[kind] : "contradiction";
}

void regions_state_init(struct regions_state *st, const struct regions_board *b)
{
	int n = b->n;

	memset(st, 0, sizeof *st);
	st->board = *b;
	for (int r = 0; r < REGIONS_MAX_N; r++)
		st->queen[r] = -1;
	for (int r = 0; r < n; r++)
		st->free[r] = (uint16_t)((1u << n) - 1);
	for (int f = 0; f < n; f++)
		if (b->given[f] >= 0)
			regions_state_place(st, (struct square){f, b->given[f]});
}

void regions_state_place(struct regions_state *st, struct square sq)
{
	if (st->queen[sq.rank] < 0)
		st->queens++;
	st->queen[sq.rank] = sq.file;
	st->free[sq.rank] &= (uint16_t) ~(1u << sq.file);
}

void regions_state_strike(struct regions_state *st, struct square sq)
{
	st->free[sq.rank] &= (uint16_t) ~(1u << sq.file);
}

bool regions_state_solved(const struct regions_state *st)
{
	return st->queens == st->board.n;
}

/* What one call works from: the sets of squares of every row, column, region. */
struct look {
	const struct regions_state *st;
	int n;
	uint16_t regset[REGIONS_MAX_N][REGIONS_MAX_N]; /* region g, by rank */
	uint16_t qrows, qcols, qregs; /* lines and regions with a queen */
};

static int popcount(unsigned v)
{
	return __builtin_popcount(v);
}

static void look_init(struct look *lk, const struct regions_state *st)
{
	const struct regions_board *b = &st->board;
	int n = b->n;

	memset(lk, 0, sizeof *lk);
	lk->st = st;
	lk->n = n;
	for (int r = 0; r < n; r++)
		for (int f = 0; f < n; f++)
			lk->regset[b->region[SQ(n, f, r)]][r] |= (uint16_t)(1u << f);
	for (int r = 0; r < n; r++)
		if (st->queen[r] >= 0) {
			lk->qrows |= (uint16_t)(1u << r);
			lk->qcols |= (uint16_t)(1u << st->queen[r]);
			lk->qregs |= (uint16_t)(1u << b->region[SQ(n, st->queen[r], r)]);
		}
}

/*
 * The squares of a unit, by rank: units 0..n-1 are the rows, n..2n-1 the
 * columns, 2n..3n-1 the regions.
 */
static void unit_set(const struct look *lk, int u, uint16_t *out)
{
	int n = lk->n;

	memset(out, 0, sizeof(uint16_t) * REGIONS_MAX_N);
	if (u < n)
		out[u] = (uint16_t)((1u << n) - 1);
	else if (u < 2 * n)
		for (int r = 0; r < n; r++)
			out[r] = (uint16_t)(1u << (u - n));
	else
		memcpy(out, lk->regset[u - 2 * n], sizeof(uint16_t) * REGIONS_MAX_N);
}

static bool unit_has_queen(const struct look *lk, int u)
{
	int n = lk->n;

	if (u < n)
		return lk->qrows & (1u << u);
	if (u < 2 * n)
		return lk->qcols & (1u << (u - n));
	return lk->qregs & (1u << (u - 2 * n));
}

/* The squares a queen on (f, r) rules out: its row, column, region, neighbours. */
static void attack_set(const struct look *lk, int f, int r, uint16_t *out)
{
	int n = lk->n, g = lk->st->board.region[SQ(n, f, r)];

	for (int rr = 0; rr < n; rr++) {
		out[rr] = (uint16_t)(lk->regset[g][rr] | (1u << f));
		if (rr == r)
			out[rr] = (uint16_t)((1u << n) - 1);
		else if (rr == r - 1 || rr == r + 1)
			out[rr] |= (uint16_t)((7u << f >> 1) & ((1u << n) - 1));
	}
	for (int rr = n; rr < REGIONS_MAX_N; rr++)
		out[rr] = 0;
}

static int count_set(int n, const uint16_t *s)
{
	int c = 0;

	for (int r = 0; r < n; r++)
		c += popcount(s[r]);
	return c;
}

static void first_square(int n, const uint16_t *s, struct square *sq)
{
	for (int r = 0; r < n; r++)
		if (s[r]) {
			*sq = (struct square){__builtin_ctz(s[r]), r};
			return;
		}
}

static void start(struct regions_deduction *d, enum regions_kind kind)
{
	memset(d, 0, sizeof *d);
	d->kind = kind;
	d->grade = regions_kind_grade(kind);
	d->k = 1;
	d->queen = (struct square){-1, -1};
}

/* The free squares of set, by rank, into d->strikes; true when there are any. */
static bool strike_free(const struct look *lk, const uint16_t *set,
                        struct regions_deduction *d)
{
	for (int r = 0; r < lk->n; r++)
		d->strikes[r] = set[r] & lk->st->free[r];
	d->nstrikes = count_set(lk->n, d->strikes);
	return d->nstrikes > 0;
}

/* A row, column or region left with neither a queen nor a free square, or two queens in
 * conflict: the position breaks a rule. */
static bool broken(const struct look *lk, struct regions_deduction *d)
{
	const struct regions_state *st = lk->st;
	const struct regions_board *b = &st->board;
	int n = lk->n;
	uint16_t set[REGIONS_MAX_N];

	for (int r = 0; r < n; r++)
		for (int r2 = r + 1; r2 < n; r2++) {
			struct square a = {st->queen[r], r}, c = {st->queen[r2], r2};

			if (a.file >= 0 && c.file >= 0 && regions_conflict(b, a, c)) {
				start(d, REGIONS_KINDS);
				d->uses[r] |= (uint16_t)(1u << a.file);
				d->uses[r2] |= (uint16_t)(1u << c.file);
				snprintf(d->text, sizeof d->text,
				         "The queens on %c%d and %c%d %s: one of them is "
				         "wrong.",
				         'a' + a.file, r + 1, 'a' + c.file, r2 + 1,
				         a.file == c.file      ? "share a column"
				         : regions_touch(a, c) ? "touch"
				                               : "share a region");
				return true;
			}
		}
	for (int u = 0; u < 3 * n; u++) {
		int c = 0;

		if (unit_has_queen(lk, u))
			continue;
		unit_set(lk, u, set);
		for (int r = 0; r < n; r++)
			c += popcount(set[r] & st->free[r]);
		if (c == 0) {
			start(d, REGIONS_KINDS);
			if (u < n)
				d->rows = (uint16_t)(1u << u);
			else if (u < 2 * n)
				d->cols = (uint16_t)(1u << (u - n));
			else
				d->regions = (uint16_t)(1u << (u - 2 * n));
			memcpy(d->uses, set, sizeof d->uses);
			if (u < n)
				snprintf(d->text, sizeof d->text,
				         "Row %d has no queen and no free square left: a "
				         "queen or a mark is wrong.",
				         u + 1);
			else if (u < 2 * n)
				snprintf(
				        d->text, sizeof d->text,
				        "Column %c has no queen and no free square left: "
				        "a queen or a mark is wrong.",
				        'a' + u - n);
			else
				snprintf(d->text, sizeof d->text,
				         "The %c region has no queen and no free square "
				         "left: a queen or a mark is wrong.",
				         regions_letter(u - 2 * n));
			return true;
		}
	}
	return false;
}

static bool find_queen_strikes(const struct look *lk, struct regions_deduction *d)
{
	const struct regions_state *st = lk->st;
	uint16_t set[REGIONS_MAX_N];

	for (int r = 0; r < lk->n; r++) {
		int f = st->queen[r];

		if (f < 0)
			continue;
		start(d, REGIONS_QUEEN_STRIKES);
		attack_set(lk, f, r, set);
		if (!strike_free(lk, set, d))
			continue;
		d->queen = (struct square){f, r};
		d->uses[r] = (uint16_t)(1u << f);
		d->rows = (uint16_t)(1u << r);
		d->cols = (uint16_t)(1u << f);
		d->regions = (uint16_t)(1u << st->board.region[SQ(lk->n, f, r)]);
		return true;
	}
	return false;
}

/* A row, column or region (of kind LAST_IN_ROW, _COLUMN, _REGION) with one free square.
 */
static bool find_last(const struct look *lk, enum regions_kind kind,
                      struct regions_deduction *d)
{
	int n = lk->n, base = kind == REGIONS_LAST_IN_ROW      ? 0
	                      : kind == REGIONS_LAST_IN_COLUMN ? n
	                                                       : 2 * n;
	uint16_t set[REGIONS_MAX_N];

	for (int u = base; u < base + n; u++) {
		if (unit_has_queen(lk, u))
			continue;
		unit_set(lk, u, set);
		for (int r = 0; r < n; r++)
			set[r] &= lk->st->free[r];
		if (count_set(n, set) != 1)
			continue;
		start(d, kind);
		memcpy(d->uses, set, sizeof d->uses);
		d->places = true;
		first_square(n, set, &d->queen);
		if (kind == REGIONS_LAST_IN_ROW)
			d->rows = (uint16_t)(1u << (u - base));
		else if (kind == REGIONS_LAST_IN_COLUMN)
			d->cols = (uint16_t)(1u << (u - base));
		else
			d->regions = (uint16_t)(1u << (u - base));
		return true;
	}
	return false;
}

/* The rows (by_cols false) or columns a set of squares lies in. */
static uint16_t lines_of(int n, const uint16_t *set, bool by_cols)
{
	uint16_t m = 0;

	for (int r = 0; r < n; r++)
		if (set[r])
			m |= by_cols ? set[r] : (uint16_t)(1u << r);
	return m;
}

/* The squares of the rows (or columns) in mask lines, by rank. */
static void lines_set(int n, uint16_t lines, bool by_cols, uint16_t *out)
{
	for (int r = 0; r < REGIONS_MAX_N; r++)
		out[r] = r >= n                ? 0
		         : by_cols             ? lines
		         : (lines & (1u << r)) ? (uint16_t)((1u << n) - 1)
		                               : 0;
}

/* The free squares of region g, by rank. */
static void region_free(const struct look *lk, int g, uint16_t *out)
{
	for (int r = 0; r < REGIONS_MAX_N; r++)
		out[r] = r < lk->n ? lk->regset[g][r] & lk->st->free[r] : 0;
}

static bool find_region_in_line(const struct look *lk, struct regions_deduction *d)
{
	int n = lk->n;
	uint16_t fr[REGIONS_MAX_N], set[REGIONS_MAX_N];

	for (int g = 0; g < n; g++) {
		if (lk->qregs & (1u << g))
			continue;
		region_free(lk, g, fr);
		for (int by_cols = 0; by_cols < 2; by_cols++) {
			uint16_t lines = lines_of(n, fr, by_cols);

			if (popcount(lines) != 1)
				continue;
			start(d, REGIONS_REGION_IN_LINE);
			lines_set(n, lines, by_cols, set);
			for (int r = 0; r < n; r++)
				set[r] &= (uint16_t)~lk->regset[g][r];
			if (!strike_free(lk, set, d))
				continue;
			memcpy(d->uses, fr, sizeof d->uses);
			d->regions = (uint16_t)(1u << g);
			if (by_cols)
				d->cols = lines;
			else
				d->rows = lines;
			return true;
		}
	}
	return false;
}

/* The regions the squares of set lie in. */
static uint16_t regions_of(const struct look *lk, const uint16_t *set)
{
	uint16_t m = 0;

	for (int g = 0; g < lk->n; g++)
		for (int r = 0; r < lk->n; r++)
			if (set[r] & lk->regset[g][r])
				m |= (uint16_t)(1u << g);
	return m;
}

static bool find_line_in_region(const struct look *lk, struct regions_deduction *d)
{
	int n = lk->n;
	uint16_t fr[REGIONS_MAX_N], set[REGIONS_MAX_N], line[REGIONS_MAX_N];

	for (int by_cols = 0; by_cols < 2; by_cols++)
		for (int i = 0; i < n; i++) {
			uint16_t regs;
			int g;

			if ((by_cols ? lk->qcols : lk->qrows) & (1u << i))
				continue;
			lines_set(n, (uint16_t)(1u << i), by_cols, line);
			for (int r = 0; r < n; r++)
				fr[r] = line[r] & lk->st->free[r];
			regs = regions_of(lk, fr);
			if (popcount(regs) != 1)
				continue;
			g = __builtin_ctz(regs);
			start(d, REGIONS_LINE_IN_REGION);
			for (int r = 0; r < n; r++)
				set[r] = lk->regset[g][r] & (uint16_t)~line[r];
			if (!strike_free(lk, set, d))
				continue;
			memcpy(d->uses, fr, sizeof d->uses);
			d->regions = regs;
			if (by_cols)
				d->cols = (uint16_t)(1u << i);
			else
				d->rows = (uint16_t)(1u << i);
			return true;
		}
	return false;
}

static bool find_would_empty(const struct look *lk, struct regions_deduction *d)
{
	const struct regions_state *st = lk->st;
	int n = lk->n;
	uint16_t set[REGIONS_MAX_N], fr[REGIONS_MAX_N], att[REGIONS_MAX_N];

	for (int u = 0; u < 3 * n; u++) {
		bool any = false;

		if (unit_has_queen(lk, u))
			continue;
		unit_set(lk, u, set);
		for (int r = 0; r < n; r++)
			fr[r] = set[r] & st->free[r];
		start(d, REGIONS_WOULD_EMPTY);
		for (int r = 0; r < n; r++)
			for (uint16_t m = st->free[r] & (uint16_t)~set[r]; m;
			     m &= m - 1) {
				int f = __builtin_ctz(m);
				bool all = true;

				attack_set(lk, f, r, att);
				for (int rr = 0; rr < n && all; rr++)
					all = (fr[rr] & ~att[rr]) == 0;
				if (all) {
					d->strikes[r] |= (uint16_t)(1u << f);
					any = true;
				}
			}
		if (!any)
			continue;
		d->nstrikes = count_set(n, d->strikes);
		memcpy(d->uses, fr, sizeof d->uses);
		if (u < n)
			d->rows = (uint16_t)(1u << u);
		else if (u < 2 * n)
			d->cols = (uint16_t)(1u << (u - n));
		else
			d->regions = (uint16_t)(1u << (u - 2 * n));
		return true;
	}
	return false;
}

/*
 * k >= 2 regions confined to k lines (regions_in_lines), or k lines whose
 * free squares lie in k regions; the smallest k below below, rows before
 * columns, the first set in order.  The sets are the subsets of the m units still
 * without a queen; the union of their lines (or regions) is built a bit at
 * a time.
 */
static bool find_k(const struct look *lk, bool regions_in_lines, int below,
                   struct regions_deduction *d)
{
	const struct regions_state *st = lk->st;
	int n = lk->n, idx[REGIONS_MAX_N], m = 0, best_k = below, best_dir = 0;
	uint16_t of[REGIONS_MAX_N], fr[REGIONS_MAX_N], best = 0, *un;
	uint16_t set[REGIONS_MAX_N], line[REGIONS_MAX_N];

	for (int dir = 0; dir < 2; dir++) {
		bool by_cols = dir == 1;

		m = 0;
		for (int i = 0; i < n; i++) {
			if (regions_in_lines) {
				if (lk->qregs & (1u << i))
					continue;
				region_free(lk, i, fr);
				of[m] = lines_of(n, fr, by_cols);
			} else {
				if ((by_cols ? lk->qcols : lk->qrows) & (1u << i))
					continue;
				lines_set(n, (uint16_t)(1u << i), by_cols, line);
				for (int r = 0; r < n; r++)
					fr[r] = line[r] & st->free[r];
				of[m] = regions_of(lk, fr);
			}
			idx[m++] = i;
		}
		if (m < 3)
			continue;
		un = malloc(sizeof *un << m);
		if (!un)
			return false;
		un[0] = 0;
		for (unsigned mask = 1; mask < 1u << m; mask++) {
			int k = popcount(mask);
			uint16_t units = 0, targets = 0;

			un[mask] = un[mask & (mask - 1)] | of[__builtin_ctz(mask)];
			if (k < 2 || k >= m || k >= best_k || popcount(un[mask]) != k)
				continue;
			for (int i = 0; i < m; i++)
				if (mask & (1u << i))
					units |= (uint16_t)(1u << idx[i]);
			targets = un[mask];
			/* What is struck: the squares of the targets outside the units.
			 */
			for (int r = 0; r < n; r++) {
				uint16_t inside = 0, target_sq;

				if (regions_in_lines) {
					for (int g = 0; g < n; g++)
						if (units & (1u << g))
							inside |= lk->regset[g][r];
					lines_set(n, targets, by_cols, line);
					target_sq = line[r];
				} else {
					lines_set(n, units, by_cols, line);
					inside = line[r];
					target_sq = 0;
					for (int g = 0; g < n; g++)
						if (targets & (1u << g))
							target_sq |= lk->regset[g][r];
				}
				set[r] = target_sq & (uint16_t)~inside & st->free[r];
			}
			if (count_set(n, set) == 0)
				continue;
			best_k = k;
			best = units;
			best_dir = dir;
		}
		free(un);
	}
	if (best_k >= below)
		return false;
	{
		bool by_cols = best_dir == 1;
		uint16_t targets = 0;

		start(d, regions_in_lines ? REGIONS_REGIONS_IN_LINES
		                          : REGIONS_LINES_IN_REGIONS);
		d->k = best_k;
		memset(d->uses, 0, sizeof d->uses);
		for (int i = 0; i < n; i++) {
			if (!(best & (1u << i)))
				continue;
			if (regions_in_lines)
				region_free(lk, i, fr);
			else {
				lines_set(n, (uint16_t)(1u << i), by_cols, line);
				for (int r = 0; r < n; r++)
					fr[r] = line[r] & st->free[r];
			}
			for (int r = 0; r < n; r++)
				d->uses[r] |= fr[r];
		}
		targets = regions_in_lines ? lines_of(n, d->uses, by_cols)
		                           : regions_of(lk, d->uses);
		for (int r = 0; r < n; r++) {
			uint16_t inside = 0, target_sq = 0;

			if (regions_in_lines) {
				for (int g = 0; g < n; g++)
					if (best & (1u << g))
						inside |= lk->regset[g][r];
				lines_set(n, targets, by_cols, line);
				target_sq = line[r];
			} else {
				lines_set(n, best, by_cols, line);
				inside = line[r];
				for (int g = 0; g < n; g++)
					if (targets & (1u << g))
						target_sq |= lk->regset[g][r];
			}
			d->strikes[r] = target_sq & (uint16_t)~inside & st->free[r];
		}
		d->nstrikes = count_set(n, d->strikes);
		d->regions = regions_in_lines ? best : targets;
		if (by_cols)
			d->cols = regions_in_lines ? targets : best;
		else
			d->rows = regions_in_lines ? targets : best;
	}
	return true;
}

int regions_next_deduction(const struct regions_state *st, struct regions_deduction *d)
{
	struct look lk;
	bool found;

	look_init(&lk, st);
	if (broken(&lk, d))
		return -1;
	/* Squares still free next to a queen are struck even once solved. */
	if (regions_state_solved(st) && !find_queen_strikes(&lk, d)) {
		start(d, REGIONS_KINDS);
		snprintf(d->text, sizeof d->text, "Solved: every row has its queen.");
		return 0;
	}
	found = find_queen_strikes(&lk, d) || find_last(&lk, REGIONS_LAST_IN_ROW, d) ||
	        find_last(&lk, REGIONS_LAST_IN_COLUMN, d) ||
	        find_last(&lk, REGIONS_LAST_IN_REGION, d) ||
	        find_region_in_line(&lk, d) || find_line_in_region(&lk, d) ||
	        find_would_empty(&lk, d);
	if (!found) {
		/*
		 * k rows in k regions is the same fact as the other m - k regions
		 * in the other m - k rows: the smaller set is the one named.
		 */
		struct regions_deduction dual;

		found = find_k(&lk, true, st->board.n + 1, d);
		if (find_k(&lk, false, found ? d->k : st->board.n + 1, &dual)) {
			*d = dual;
			found = true;
		}
	}
	if (!found) {
		start(d, REGIONS_KINDS);
		snprintf(d->text, sizeof d->text,
		         "No deduction of these rules applies: a guess is needed.");
		return 0;
	}
	regions_describe(&st->board, d, NULL, d->text, sizeof d->text);
	return 1;
}

void regions_apply(struct regions_state *st, const struct regions_deduction *d)
{
	if (d->places) {
		regions_state_place(st, d->queen);
		return;
	}
	for (int r = 0; r < st->board.n; r++)
		st->free[r] &= (uint16_t)~d->strikes[r];
}

/* The name of region g: names[g], or its letter. */
static const char *rname(const char *const *names, int g, char *buf, size_t len)
{
	if (names && names[g])
		return names[g];
	snprintf(buf, len, "%c", regions_letter(g));
	return buf;
}

/* "rows 3 and 4", "columns b, c and e", "row 3". */
static void add_lines(char *buf, size_t len, size_t *at, uint16_t m, bool cols,
                      const char *conj)
{
	int k = popcount(m), i = 0;

	errmsg_add(buf, len, at, "%s%s ", cols ? "column" : "row", k > 1 ? "s" : "");
	for (int b = 0; b < 16; b++)
		if (m & (1u << b)) {
			errmsg_add(buf, len, at, "%s",
			           i == 0       ? ""
			           : i == k - 1 ? conj
			                        : ", ");
			if (cols)
				errmsg_add(buf, len, at, "%c", 'a' + b);
			else
				errmsg_add(buf, len, at, "%d", b + 1);
			i++;
		}
}

/* "the purple region", "the purple and orange regions". */
static void add_regions(char *buf, size_t len, size_t *at, uint16_t m,
                        const char *const *names)
{
	int k = popcount(m), i = 0;
	char one[8];

	errmsg_add(buf, len, at, "the ");
	for (int g = 0; g < 16; g++)
		if (m & (1u << g)) {
			errmsg_add(buf, len, at, "%s%s",
			           i == 0       ? ""
			           : i == k - 1 ? " and "
			                        : ", ",
			           rname(names, g, one, sizeof one));
			i++;
		}
	errmsg_add(buf, len, at, " region%s", k > 1 ? "s" : "");
}

/* "c4, d4 and e4" for up to four squares, else "7 squares". */
static void add_squares(char *buf, size_t len, size_t *at, int n, const uint16_t *set,
                        const char *conj)
{
	int k = count_set(n, set), i = 0;

	if (k > 4) {
		errmsg_add(buf, len, at, "%d squares", k);
		return;
	}
	for (int r = 0; r < n; r++)
		for (int f = 0; f < n; f++)
			if (set[r] & (1u << f)) {
				errmsg_add(buf, len, at, "%s%c%d",
				           i == 0       ? ""
				           : i == k - 1 ? conj
				                        : ", ",
				           'a' + f, r + 1);
				i++;
			}
}

/* The unit a deduction names alone: a row, a column or a region. */
static void add_unit(char *buf, size_t len, size_t *at, const struct regions_deduction *d,
                     const char *const *names)
{
	if (d->rows)
		add_lines(buf, len, at, d->rows, false, " and ");
	else if (d->cols)
		add_lines(buf, len, at, d->cols, true, " and ");
	else
		add_regions(buf, len, at, d->regions, names);
}

static void cap_first(char *buf, size_t len)
{
	if (len > 0 && buf[0] >= 'a' && buf[0] <= 'z')
		buf[0] = (char)(buf[0] - 'a' + 'A');
}

size_t regions_describe(const struct regions_board *b, const struct regions_deduction *d,
                        const char *const *names, char *buf, size_t len)
{
	size_t at = 0;
	int n = b->n;
	char one[8];
	bool cols = d->cols && !d->rows;

	if (len > 0)
		buf[0] = '\0';
	switch (d->kind) {
	case REGIONS_QUEEN_STRIKES:
		errmsg_add(
		        buf, len, &at,
		        "The queen on %c%d rules out the rest of row %d, column %c and "
		        "the %s region, and the squares touching it: strike ",
		        'a' + d->queen.file, d->queen.rank + 1, d->queen.rank + 1,
		        'a' + d->queen.file,
		        rname(names, regions_region(b, d->queen), one, sizeof one));
		add_squares(buf, len, &at, n, d->strikes, " and ");
		errmsg_add(buf, len, &at, ".");
		break;
	case REGIONS_LAST_IN_ROW:
	case REGIONS_LAST_IN_COLUMN:
	case REGIONS_LAST_IN_REGION:
		add_unit(buf, len, &at, d, names);
		errmsg_add(buf, len, &at,
		           " has one free square left, %c%d: its queen goes there.",
		           'a' + d->queen.file, d->queen.rank + 1);
		break;
	case REGIONS_REGION_IN_LINE:
		add_regions(buf, len, &at, d->regions, names);
		errmsg_add(buf, len, &at, " lies only in ");
		add_lines(buf, len, &at, cols ? d->cols : d->rows, cols, " and ");
		errmsg_add(buf, len, &at,
		           ": its queen is there, so no other region can have its "
		           "queen in ");
		add_lines(buf, len, &at, cols ? d->cols : d->rows, cols, " or ");
		errmsg_add(buf, len, &at, ": strike ");
		add_squares(buf, len, &at, n, d->strikes, " and ");
		errmsg_add(buf, len, &at, ".");
		break;
	case REGIONS_LINE_IN_REGION:
		errmsg_add(buf, len, &at, "The free squares of ");
		add_lines(buf, len, &at, cols ? d->cols : d->rows, cols, " and ");
		errmsg_add(buf, len, &at, " all lie in ");
		add_regions(buf, len, &at, d->regions, names);
		errmsg_add(buf, len, &at, ": the queen of ");
		add_lines(buf, len, &at, cols ? d->cols : d->rows, cols, " and ");
		errmsg_add(buf, len, &at, " is that region's, so the rest of ");
		add_regions(buf, len, &at, d->regions, names);
		errmsg_add(buf, len, &at, " can have none: strike ");
		add_squares(buf, len, &at, n, d->strikes, " and ");
		errmsg_add(buf, len, &at, ".");
		break;
	case REGIONS_WOULD_EMPTY:
		errmsg_add(buf, len, &at, "A queen on ");
		add_squares(buf, len, &at, n, d->strikes, " or ");
		errmsg_add(buf, len, &at, " would rule out every free square of ");
		add_unit(buf, len, &at, d, names);
		errmsg_add(buf, len, &at,
		           ", which would be left without a queen: strike %s.",
		           d->nstrikes > 1 ? "them" : "it");
		break;
	case REGIONS_REGIONS_IN_LINES:
		add_regions(buf, len, &at, d->regions, names);
		errmsg_add(buf, len, &at, " lie only in ");
		add_lines(buf, len, &at, cols ? d->cols : d->rows, cols, " and ");
		errmsg_add(buf, len, &at,
		           ": their %d queens fill those %s, so no other region "
		           "can have its queen in ",
		           d->k, cols ? "columns" : "rows");
		add_lines(buf, len, &at, cols ? d->cols : d->rows, cols, " or ");
		errmsg_add(buf, len, &at, ": strike ");
		add_squares(buf, len, &at, n, d->strikes, " and ");
		errmsg_add(buf, len, &at, ".");
		break;
	case REGIONS_LINES_IN_REGIONS:
		errmsg_add(buf, len, &at, "The free squares of ");
		add_lines(buf, len, &at, cols ? d->cols : d->rows, cols, " and ");
		errmsg_add(buf, len, &at, " lie only in ");
		add_regions(buf, len, &at, d->regions, names);
		errmsg_add(buf, len, &at,
		           ": those %d %s take the queens of these %d regions, so "
		           "the rest of ",
		           d->k, cols ? "columns" : "rows", d->k);
		add_regions(buf, len, &at, d->regions, names);
		errmsg_add(buf, len, &at, " can have none: strike ");
		add_squares(buf, len, &at, n, d->strikes, " and ");
		errmsg_add(buf, len, &at, ".");
		break;
	default:
		errmsg_add(buf, len, &at, "%s", d->text);
		break;
	}
	cap_first(buf, len);
	return at;
}

enum regions_grade regions_grade(const struct regions_board *b, struct regions_solve *out)
{
	struct regions_state st;
	struct regions_deduction d;
	struct regions_solve s;
	int rc;

	memset(&s, 0, sizeof s);
	s.grade = REGIONS_EASY;
	regions_state_init(&st, b);
	/* Each deduction strikes a square or places a queen: n * n of them at most. */
	while ((rc = regions_next_deduction(&st, &d)) == 1 &&
	       s.steps <= b->n * b->n * 2) {
		regions_apply(&st, &d);
		s.steps++;
		s.by_kind[d.kind]++;
		if (d.grade > s.grade)
			s.grade = d.grade;
	}
	s.solved = rc == 0 && regions_state_solved(&st);
	if (!s.solved)
		s.grade = REGIONS_GUESSING;
	if (out)
		*out = s;
	return s.grade;
}
