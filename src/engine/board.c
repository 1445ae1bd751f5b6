/* Positions on an n×n board: parsing, formatting, validity and conflicts. */
#include "config.h"

#include "engine/board.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/errmsg.h"

static bool is_sep(int c)
{
	return c == ',' || isspace((unsigned char)c);
}

void board_file_name(int file, char *buf, size_t len)
{
	char tmp[16];
	int i = (int)sizeof tmp;

	/* Bijective base 26: a..z, then aa, ab, ... as spreadsheets count. */
	tmp[--i] = '\0';
	file++;
	while (file > 0 && i > 0) {
		file--;
		tmp[--i] = (char)('a' + file % 26);
		file /= 26;
	}
	snprintf(buf, len, "%s", tmp + i);
}

void board_square_name(struct square sq, char *buf, size_t len)
{
	char file[16];

	board_file_name(sq.file, file, sizeof file);
	snprintf(buf, len, "%s%d", file, sq.rank + 1);
}

const char *board_line_name(enum board_line line)
{
	switch (line) {
	case BOARD_LINE_FILE:
		return "file";
	case BOARD_LINE_RANK:
		return "rank";
	default:
		return "diagonal";
	}
}

const char *board_line_phrase(enum board_line line)
{
	switch (line) {
	case BOARD_LINE_FILE:
		return "the file";
	case BOARD_LINE_RANK:
		return "the rank";
	default:
		return "a diagonal";
	}
}

bool board_same_line(struct square a, struct square b, enum board_line *line)
{
	enum board_line l;

	if (a.file == b.file && a.rank == b.rank)
		return false;
	if (a.file == b.file)
		l = BOARD_LINE_FILE;
	else if (a.rank == b.rank)
		l = BOARD_LINE_RANK;
	else if (a.file - a.rank == b.file - b.rank)
		l = BOARD_LINE_DIAGONAL;
	else if (a.file + a.rank == b.file + b.rank)
		l = BOARD_LINE_ANTI;
	else
		return false;
	if (line)
		*line = l;
	return true;
}

int board_between(struct square a, struct square b, struct square *out, int max)
{
	int df = (b.file > a.file) - (b.file < a.file);
	int dr = (b.rank > a.rank) - (b.rank < a.rank);
	int count = 0;

	if (!board_same_line(a, b, NULL))
		return 0;
	for (a.file += df, a.rank += dr; a.file != b.file || a.rank != b.rank;
	     a.file += df, a.rank += dr) {
		if (out && count < max)
			out[count] = a;
		count++;
	}
	return count;
}

bool board_ranks(const struct position *pos, int *ranks, struct square *twice)
{
	for (int f = 0; f < pos->n; f++)
		ranks[f] = -1;
	for (size_t i = 0; i < pos->count; i++) {
		struct square sq = pos->sq[i];

		if (ranks[sq.file] >= 0) {
			if (twice)
				*twice = sq;
			return false;
		}
		ranks[sq.file] = sq.rank;
	}
	return true;
}

void board_free(struct position *pos)
{
	free(pos->sq);
	pos->sq = NULL;
	pos->count = 0;
	pos->n = 0;
}

int board_from_ranks(struct position *out, int n, const int *ranks)
{
	size_t count = 0;

	out->sq = malloc(sizeof *out->sq * (size_t)(n > 0 ? n : 1));
	if (!out->sq)
		return -1;
	for (int f = 0; f < n; f++)
		if (ranks[f] >= 0)
			out->sq[count++] = (struct square){f, ranks[f]};
	out->n = n;
	out->count = count;
	return 0;
}

/* Reads a decimal number of at most BOARD_MAX_N; -1 if it is larger. */
static long read_number(const char *s, size_t len)
{
	long v = 0;

	for (size_t i = 0; i < len; i++) {
		v = v * 10 + (s[i] - '0');
		if (v > BOARD_MAX_N)
			return -1;
	}
	return v;
}

static int cmp_square(const void *pa, const void *pb)
{
	const struct square *a = pa, *b = pb;

	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	return (a->rank > b->rank) - (a->rank < b->rank);
}

/* Parses one algebraic square such as "c6" or "aa12"; false if it is not one. */
static bool parse_square(const char *s, size_t len, struct square *sq)
{
	size_t i = 0;
	long file = 0, rank;

	while (i < len && isalpha((unsigned char)s[i])) {
		file = file * 26 + (tolower((unsigned char)s[i]) - 'a' + 1);
		if (file > BOARD_MAX_N)
			return false;
		i++;
	}
	if (i == 0 || i == len)
		return false;
	for (size_t j = i; j < len; j++)
		if (!isdigit((unsigned char)s[j]))
			return false;
	rank = read_number(s + i, len - i);
	if (rank < 1)
		return false;
	sq->file = (int)file - 1;
	sq->rank = (int)rank - 1;
	return true;
}

void board_scan_start(struct board_scan *s)
{
	memset(s, 0, sizeof *s);
}

void board_scan_free(struct board_scan *s)
{
	free(s->held);
	free(s->v);
	board_scan_start(s);
}

/* Room for one more queen (k numbers) in v; grows by half so that the spare
 * room of a huge position stays small. */
static int scan_room(struct board_scan *s, size_t k)
{
	if (s->len + k > s->cap) {
		size_t cap = s->cap ? s->cap + s->cap / 2 + k : 64;
		uint32_t *v = realloc(s->v, cap * sizeof *v);

		if (!v)
			return -1;
		s->v = v;
		s->cap = cap;
	}
	return 0;
}

int board_scan_word(struct board_scan *s, const char *tok, size_t len, char *err,
                    size_t errlen)
{
	int kind = isalpha((unsigned char)tok[0]) ? 's' : 'r';

	if (s->mode && kind != s->mode) {
		errmsg_set(err, errlen,
		           "'%.*s': ranks and squares are mixed; write "
		           "either ranks by file (2 4 6 ...) or squares (a2 b4 "
		           "c6 ...)",
		           (int)len, tok);
		return -1;
	}
	s->mode = kind;
	if (kind == 's') {
		struct square sq;

		if (!parse_square(tok, len, &sq)) {
			errmsg_set(err, errlen,
			           "'%.*s' is not a square (a file letter "
			           "and a rank number, such as c6)",
			           (int)len, tok);
			return -1;
		}
		/* More queens than squares of the largest board's files. */
		if (s->count == BOARD_MAX_N) {
			errmsg_set(err, errlen, "more than %d queens", BOARD_MAX_N);
			return -1;
		}
		if (scan_room(s, 2) < 0)
			goto nomem;
		s->v[s->len++] = (uint32_t)sq.file;
		s->v[s->len++] = (uint32_t)sq.rank;
		s->count++;
		return 0;
	}
	/* Every file counts toward the limit, an empty one too. */
	if (s->files == BOARD_MAX_N) {
		errmsg_set(err, errlen, "more than %d files", BOARD_MAX_N);
		return -1;
	}
	if (s->files % 64 == 0 && s->files / 64 == s->heldcap) {
		size_t cap = s->heldcap ? s->heldcap + s->heldcap / 2 : 16;
		uint64_t *h = realloc(s->held, cap * sizeof *h);

		if (!h)
			goto nomem;
		s->held = h;
		s->heldcap = cap;
	}
	if (s->files % 64 == 0)
		s->held[s->files / 64] = 0;
	if (len == 1 && (tok[0] == '.' || tok[0] == '-')) {
		s->files++;
		return 0;
	}
	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)tok[i])) {
			errmsg_set(err, errlen,
			           "'%.*s' is not a rank (a number from 1 "
			           "to the board size, or 0, '.' or '-' for an "
			           "empty file)",
			           (int)len, tok);
			return -1;
		}
	}
	long rank = read_number(tok, len);
	if (rank < 0) {
		errmsg_set(err, errlen, "'%.*s' is too large for a rank (at most %d)",
		           (int)len, tok, BOARD_MAX_N);
		return -1;
	}
	if (rank > 0) {
		if (scan_room(s, 1) < 0)
			goto nomem;
		s->v[s->len++] = (uint32_t)(rank - 1);
		s->held[s->files / 64] |= 1ull << (s->files % 64);
		s->count++;
	}
	s->files++;
	return 0;
nomem:
	errmsg_set(err, errlen, "out of memory");
	return -1;
}

int board_scan_text(struct board_scan *s, const char *text, char *err, size_t errlen)
{
	const char *p = text;

	for (;;) {
		const char *tok;

		while (*p && is_sep(*p))
			p++;
		if (!*p)
			return 0;
		tok = p;
		while (*p && !is_sep(*p))
			p++;
		if (board_scan_word(s, tok, (size_t)(p - tok), err, errlen) < 0)
			return -1;
	}
}

/* The queens of a scan or a position in their order, one at a time. */
struct queens {
	const struct board_scan *scan; /* NULL: pos */
	const struct position *pos;
	size_t i;    /* the next queen */
	size_t file; /* ranks by file: the next file to look at */
};

static bool queens_next(struct queens *q, struct square *sq)
{
	const struct board_scan *s = q->scan;

	if (!s) {
		if (q->i == q->pos->count)
			return false;
		*sq = q->pos->sq[q->i++];
		return true;
	}
	if (q->i == s->count)
		return false;
	if (s->mode == 's') {
		sq->file = (int)s->v[2 * q->i];
		sq->rank = (int)s->v[2 * q->i + 1];
		q->i++;
		return true;
	}
	/* The next file whose bit is set: there is one, as a queen is left. */
	for (;;) {
		uint64_t w = s->held[q->file / 64] >> (q->file % 64);

		if (w) {
			q->file += (size_t)__builtin_ctzll(w);
			break;
		}
		q->file = (q->file / 64 + 1) * 64;
	}
	sq->file = (int)q->file++;
	sq->rank = (int)s->v[q->i++];
	return true;
}

int board_scan_end(struct board_scan *s, char *err, size_t errlen)
{
	struct queens q = {.scan = s};
	struct square sq;
	long n = 0;

	if (!s->mode) {
		errmsg_set(err, errlen,
		           "no position given: write ranks by file "
		           "(2 4 6 8 3 1 7 5) or squares (a2 b4 c6 ...)");
		return -1;
	}
	if (s->mode == 'r') {
		n = (long)s->files;
		while (queens_next(&q, &sq)) {
			if (sq.rank >= n) {
				char file[16];

				board_file_name(sq.file, file, sizeof file);
				errmsg_set(err, errlen,
				           "file %s: rank %d is off a board of %ld "
				           "files (ranks 1 to %ld)",
				           file, sq.rank + 1, n, n);
				return -1;
			}
		}
		s->n = (int)n;
		return 0;
	}
	n = (long)s->count;
	while (queens_next(&q, &sq)) {
		if (sq.file + 1 > n)
			n = sq.file + 1;
		if (sq.rank + 1 > n)
			n = sq.rank + 1;
	}
	if (n > BOARD_MAX_N) {
		errmsg_set(err, errlen, "the squares need a board larger than %d",
		           BOARD_MAX_N);
		return -1;
	}
	if (s->count > 1) {
		struct square *sorted = malloc(s->count * sizeof *sorted);

		if (!sorted) {
			errmsg_set(err, errlen, "out of memory");
			return -1;
		}
		q = (struct queens){.scan = s};
		for (size_t i = 0; queens_next(&q, &sq); i++)
			sorted[i] = sq;
		qsort(sorted, s->count, sizeof *sorted, cmp_square);
		for (size_t i = 1; i < s->count; i++) {
			if (cmp_square(&sorted[i - 1], &sorted[i]) == 0) {
				char name[32];

				board_square_name(sorted[i], name, sizeof name);
				errmsg_set(err, errlen, "%s is given twice", name);
				free(sorted);
				return -1;
			}
		}
		free(sorted);
	}
	s->n = (int)n;
	return 0;
}

int board_scan_position(const struct board_scan *s, struct position *out)
{
	struct queens q = {.scan = s};
	struct square sq;

	memset(out, 0, sizeof *out);
	out->sq = malloc((s->count ? s->count : 1) * sizeof *out->sq);
	if (!out->sq)
		return -1;
	while (queens_next(&q, &sq))
		out->sq[out->count++] = sq;
	out->n = s->n;
	return 0;
}

int board_parse(const char *text, struct position *out, char *err, size_t errlen)
{
	struct board_scan s;
	int rc = -1;

	memset(out, 0, sizeof *out);
	board_scan_start(&s);
	if (board_scan_text(&s, text, err, errlen) == 0 &&
	    board_scan_end(&s, err, errlen) == 0) {
		rc = board_scan_position(&s, out);
		if (rc < 0)
			errmsg_set(err, errlen, "out of memory");
	}
	board_scan_free(&s);
	return rc;
}

/* A conflict found before its first queen is known. */
struct pending {
	struct square b; /* the later queen */
	struct square a; /* the first queen on the line, once found */
	size_t line;     /* the line's number among all 6n */
	enum board_line kind;
	bool found;
};

/*
 * The conflicts of the queens q lists on an n x n board, in a few bits per
 * line: each queen is paired with the first queen before it on each of its
 * lines.  A first pass finds the conflicts; a second finds the first queens
 * of the lines of the max of them that are kept.
 */
static size_t conflicts_of(struct queens q0, size_t n, struct board_conflict *out,
                           size_t max)
{
	static const enum board_line kinds[4] = {
	        BOARD_LINE_FILE,
	        BOARD_LINE_RANK,
	        BOARD_LINE_DIAGONAL,
	        BOARD_LINE_ANTI,
	};
	size_t words = (6 * n + 64) / 64, found = 0, kept = 0;
	uint64_t *bit = calloc(words, sizeof *bit);
	struct pending *p = NULL;
	struct queens q = q0;
	struct square s;

	if (!out)
		max = 0;
	if (!bit || (max && !(p = malloc(max * sizeof *p)))) {
		free(bit);
		return (size_t)-1;
	}
	while (queens_next(&q, &s)) {
		size_t f = (size_t)s.file, r = (size_t)s.rank;
		size_t line[4] = {f, n + r, 2 * n + f - r + n - 1, 4 * n + f + r};

		for (int l = 0; l < 4; l++) {
			uint64_t m = 1ull << (line[l] % 64);

			if (!(bit[line[l] / 64] & m)) {
				bit[line[l] / 64] |= m;
				continue;
			}
			if (kept < max)
				p[kept++] =
				        (struct pending){s, s, line[l], kinds[l], false};
			found++;
		}
	}
	if (kept) {
		/* Now the bits say which lines still want their first queen. */
		memset(bit, 0, words * sizeof *bit);
		for (size_t k = 0; k < kept; k++)
			bit[p[k].line / 64] |= 1ull << (p[k].line % 64);
		q = q0;
		while (queens_next(&q, &s)) {
			size_t f = (size_t)s.file, r = (size_t)s.rank;
			size_t line[4] = {f, n + r, 2 * n + f - r + n - 1, 4 * n + f + r};

			for (int l = 0; l < 4; l++) {
				uint64_t m = 1ull << (line[l] % 64);

				if (!(bit[line[l] / 64] & m))
					continue;
				bit[line[l] / 64] &= ~m;
				for (size_t k = 0; k < kept; k++)
					if (p[k].line == line[l]) {
						p[k].a = s;
						p[k].found = true;
					}
			}
		}
		for (size_t k = 0; k < kept; k++) {
			struct square a = p[k].a, b = p[k].b;

			if (cmp_square(&a, &b) > 0) {
				struct square t = a;
				a = b;
				b = t;
			}
			out[k] = (struct board_conflict){a, b, p[k].kind};
		}
	}
	free(p);
	free(bit);
	return found;
}

size_t board_conflicts(const struct position *pos, struct board_conflict *out, size_t max)
{
	return conflicts_of((struct queens){.pos = pos}, (size_t)pos->n, out, max);
}

size_t board_scan_conflicts(const struct board_scan *s, struct board_conflict *out,
                            size_t max)
{
	return conflicts_of((struct queens){.scan = s}, (size_t)s->n, out, max);
}

bool board_is_solution(const struct position *pos)
{
	return pos->count == (size_t)pos->n && board_conflicts(pos, NULL, 0) == 0;
}

int board_init(struct board *b, int n)
{
	size_t un = (size_t)n;

	memset(b, 0, sizeof *b);
	if (n < 1 || n > BOARD_EDIT_MAX_N)
		return -1;
	b->pos.n = n;
	b->pos.sq = malloc(un * un * sizeof *b->pos.sq);
	b->queen = calloc(un * un, 1);
	b->on_file = calloc(6 * un, sizeof *b->on_file);
	if (!b->pos.sq || !b->queen || !b->on_file) {
		board_destroy(b);
		return -1;
	}
	b->on_rank = b->on_file + un;
	b->on_diag = b->on_rank + un;
	b->on_anti = b->on_diag + 2 * un;
	return 0;
}

void board_destroy(struct board *b)
{
	free(b->pos.sq);
	free(b->queen);
	free(b->on_file);
	memset(b, 0, sizeof *b);
}

void board_clear(struct board *b)
{
	size_t un = (size_t)b->pos.n;

	b->pos.count = 0;
	memset(b->queen, 0, un * un);
	memset(b->on_file, 0, 6 * un * sizeof *b->on_file);
}

static bool on_board(const struct board *b, struct square sq)
{
	return sq.file >= 0 && sq.file < b->pos.n && sq.rank >= 0 && sq.rank < b->pos.n;
}

bool board_has(const struct board *b, struct square sq)
{
	return on_board(b, sq) &&
	       b->queen[(size_t)sq.file * (size_t)b->pos.n + (size_t)sq.rank];
}

/* Adds delta to the count of each line through sq. */
static void count_lines(struct board *b, struct square sq, int delta)
{
	int n = b->pos.n;

	b->on_file[sq.file] += delta;
	b->on_rank[sq.rank] += delta;
	b->on_diag[sq.file - sq.rank + n - 1] += delta;
	b->on_anti[sq.file + sq.rank] += delta;
}

bool board_place(struct board *b, struct square sq)
{
	if (!on_board(b, sq) || board_has(b, sq))
		return false;
	b->queen[(size_t)sq.file * (size_t)b->pos.n + (size_t)sq.rank] = 1;
	b->pos.sq[b->pos.count++] = sq;
	count_lines(b, sq, 1);
	return true;
}

bool board_remove(struct board *b, struct square sq)
{
	size_t i;

	if (!board_has(b, sq))
		return false;
	b->queen[(size_t)sq.file * (size_t)b->pos.n + (size_t)sq.rank] = 0;
	for (i = 0; b->pos.sq[i].file != sq.file || b->pos.sq[i].rank != sq.rank; i++)
		;
	/* Keep the order of placement: later queens move up one. */
	memmove(&b->pos.sq[i], &b->pos.sq[i + 1],
	        (b->pos.count - i - 1) * sizeof *b->pos.sq);
	b->pos.count--;
	count_lines(b, sq, -1);
	return true;
}

int board_attackers(const struct board *b, struct square sq)
{
	int n = b->pos.n, self = board_has(b, sq) ? 1 : 0;

	if (!on_board(b, sq))
		return 0;
	return b->on_file[sq.file] + b->on_rank[sq.rank] +
	       b->on_diag[sq.file - sq.rank + n - 1] + b->on_anti[sq.file + sq.rank] -
	       4 * self;
}

/* Appends to buf as snprintf would, keeping count of the whole length. */
static void append(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
	va_list ap;
	int w;

	va_start(ap, fmt);
	w = vsnprintf(*used < len ? buf + *used : NULL, *used < len ? len - *used : 0,
	              fmt, ap);
	va_end(ap);
	if (w > 0)
		*used += (size_t)w;
}

size_t board_format_ranks(int n, const int *ranks, char *buf, size_t len)
{
	size_t used = 0;

	if (len)
		buf[0] = '\0';
	for (int f = 0; f < n; f++) {
		if (ranks[f] < 0)
			append(buf, len, &used, "%s.", f ? " " : "");
		else
			append(buf, len, &used, "%s%d", f ? " " : "", ranks[f] + 1);
	}
	return used;
}

size_t board_format_squares(int n, const int *ranks, char *buf, size_t len)
{
	size_t used = 0;
	bool any = false;

	if (len)
		buf[0] = '\0';
	for (int f = 0; f < n; f++) {
		char name[32];

		if (ranks[f] < 0)
			continue;
		board_square_name((struct square){f, ranks[f]}, name, sizeof name);
		append(buf, len, &used, "%s%s", any ? " " : "", name);
		any = true;
	}
	return used;
}

size_t board_format_picture(int n, const int *ranks, char *buf, size_t len)
{
	char name[16];
	size_t used = 0;
	int label, cell;

	if (len)
		buf[0] = '\0';
	label = snprintf(NULL, 0, "%d", n);
	board_file_name(n - 1, name, sizeof name);
	cell = (int)strlen(name);
	/* Rank n at the top, as a chess diagram is drawn. */
	for (int r = n - 1; r >= 0; r--) {
		append(buf, len, &used, "%*d", label, r + 1);
		for (int f = 0; f < n; f++)
			append(buf, len, &used, " %*s", cell, ranks[f] == r ? "Q" : ".");
		append(buf, len, &used, "\n");
	}
	append(buf, len, &used, "%*s", label, "");
	for (int f = 0; f < n; f++) {
		board_file_name(f, name, sizeof name);
		append(buf, len, &used, " %*s", cell, name);
	}
	append(buf, len, &used, "\n");
	return used;
}
