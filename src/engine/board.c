/* Positions on an n×n board: parsing, formatting, validity and conflicts. */
#include "config.h"

#include "board.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"

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

/* A growing array of squares while the text is read. */
struct sqvec {
	struct square *v;
	size_t len, cap;
};

static int sqvec_push(struct sqvec *sv, struct square sq)
{
	if (sv->len == sv->cap) {
		size_t cap = sv->cap ? sv->cap * 2 : 16;
		struct square *v = realloc(sv->v, cap * sizeof *v);

		if (!v)
			return -1;
		sv->v = v;
		sv->cap = cap;
	}
	sv->v[sv->len++] = sq;
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

int board_parse(const char *text, struct position *out, char *err, size_t errlen)
{
	struct sqvec sv = {0};
	const char *p = text;
	size_t files = 0;
	int mode = 0; /* 'r' for ranks by file, 's' for squares */
	long n = 0;

	memset(out, 0, sizeof *out);
	for (;;) {
		const char *tok;
		size_t len;
		int kind;

		while (*p && is_sep(*p))
			p++;
		if (!*p)
			break;
		tok = p;
		while (*p && !is_sep(*p))
			p++;
		len = (size_t)(p - tok);
		kind = isalpha((unsigned char)tok[0]) ? 's' : 'r';
		if (mode && kind != mode) {
			errmsg_set(err, errlen,
			           "'%.*s': ranks and squares are mixed; write "
			           "either ranks by file (2 4 6 ...) or squares (a2 b4 "
			           "c6 ...)",
			           (int)len, tok);
			goto fail;
		}
		mode = kind;
		if (kind == 's') {
			struct square sq;

			if (!parse_square(tok, len, &sq)) {
				errmsg_set(err, errlen,
				           "'%.*s' is not a square (a file letter "
				           "and a rank number, such as c6)",
				           (int)len, tok);
				goto fail;
			}
			/* More queens than squares of the largest board's files. */
			if (sv.len == BOARD_MAX_N) {
				errmsg_set(err, errlen, "more than %d queens",
				           BOARD_MAX_N);
				goto fail;
			}
			if (sqvec_push(&sv, sq) < 0)
				goto nomem;
			continue;
		}
		/* Every file counts toward the limit, an empty one too. */
		if (files == BOARD_MAX_N) {
			errmsg_set(err, errlen, "more than %d files", BOARD_MAX_N);
			goto fail;
		}
		if (len == 1 && (tok[0] == '.' || tok[0] == '-')) {
			files++;
			continue;
		}
		for (size_t i = 0; i < len; i++) {
			if (!isdigit((unsigned char)tok[i])) {
				errmsg_set(err, errlen,
				           "'%.*s' is not a rank (a number from 1 "
				           "to the board size, or 0, '.' or '-' for an "
				           "empty file)",
				           (int)len, tok);
				goto fail;
			}
		}
		long rank = read_number(tok, len);
		if (rank < 0) {
			errmsg_set(err, errlen,
			           "'%.*s' is too large for a rank (at most %d)",
			           (int)len, tok, BOARD_MAX_N);
			goto fail;
		}
		if (rank > 0 &&
		    sqvec_push(&sv, (struct square){(int)files, (int)rank - 1}) < 0)
			goto nomem;
		files++;
	}
	if (!mode) {
		errmsg_set(err, errlen,
		           "no position given: write ranks by file "
		           "(2 4 6 8 3 1 7 5) or squares (a2 b4 c6 ...)");
		goto fail;
	}
	if (mode == 'r') {
		n = (long)files;
		for (size_t i = 0; i < sv.len; i++) {
			if (sv.v[i].rank >= n) {
				char file[16];

				board_file_name(sv.v[i].file, file, sizeof file);
				errmsg_set(err, errlen,
				           "file %s: rank %d is off a board of %ld "
				           "files (ranks 1 to %ld)",
				           file, sv.v[i].rank + 1, n, n);
				goto fail;
			}
		}
	} else {
		n = (long)sv.len;
		for (size_t i = 0; i < sv.len; i++) {
			if (sv.v[i].file + 1 > n)
				n = sv.v[i].file + 1;
			if (sv.v[i].rank + 1 > n)
				n = sv.v[i].rank + 1;
		}
		if (n > BOARD_MAX_N) {
			errmsg_set(err, errlen, "the squares need a board larger than %d",
			           BOARD_MAX_N);
			goto fail;
		}
		if (sv.len > 1) {
			struct square *sorted = malloc(sv.len * sizeof *sorted);

			if (!sorted)
				goto nomem;
			memcpy(sorted, sv.v, sv.len * sizeof *sorted);
			qsort(sorted, sv.len, sizeof *sorted, cmp_square);
			for (size_t i = 1; i < sv.len; i++) {
				if (cmp_square(&sorted[i - 1], &sorted[i]) == 0) {
					char name[32];

					board_square_name(sorted[i], name, sizeof name);
					errmsg_set(err, errlen, "%s is given twice",
					           name);
					free(sorted);
					goto fail;
				}
			}
			free(sorted);
		}
	}
	out->n = (int)n;
	out->count = sv.len;
	out->sq = sv.v;
	return 0;
nomem:
	errmsg_set(err, errlen, "out of memory");
fail:
	free(sv.v);
	return -1;
}

/* Records the pair (first queen on the line, this queen) in the answer. */
static void add_conflict(const struct position *pos, size_t first, size_t i,
                         enum board_line line, struct board_conflict *out, size_t max,
                         size_t *found)
{
	if (out && *found < max) {
		struct square a = pos->sq[first], b = pos->sq[i];

		if (cmp_square(&a, &b) > 0) {
			struct square t = a;
			a = b;
			b = t;
		}
		out[*found] = (struct board_conflict){a, b, line};
	}
	(*found)++;
}

size_t board_conflicts(const struct position *pos, struct board_conflict *out, size_t max)
{
	size_t n = (size_t)pos->n, found = 0;
	/* Index + 1 of the first queen seen on each line; 0 for none yet. */
	size_t *first = calloc(6 * n + 2, sizeof *first);
	size_t *file, *rank, *diag, *anti;

	if (!first)
		return (size_t)-1;
	file = first;
	rank = file + n;
	diag = rank + n;
	anti = diag + 2 * n + 1;
	for (size_t i = 0; i < pos->count; i++) {
		struct square s = pos->sq[i];
		size_t *slot[4] = {
		        &file[s.file],
		        &rank[s.rank],
		        &diag[(size_t)s.file - (size_t)s.rank + n - 1],
		        &anti[(size_t)s.file + (size_t)s.rank],
		};
		static const enum board_line line[4] = {
		        BOARD_LINE_FILE,
		        BOARD_LINE_RANK,
		        BOARD_LINE_DIAGONAL,
		        BOARD_LINE_ANTI,
		};

		for (int l = 0; l < 4; l++) {
			if (*slot[l])
				add_conflict(pos, *slot[l] - 1, i, line[l], out, max,
				             &found);
			else
				*slot[l] = i + 1;
		}
	}
	free(first);
	return found;
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
