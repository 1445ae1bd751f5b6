/*
 * Fuzzes the position parser: whatever it accepts lies on its board, says
 * the same when written back and read again, and has the conflicts a plain
 * pairwise check finds.
 */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board.h"
#include "fuzz.h"

/* Boards up to this size are written back and checked pair by pair. */
#define CHECK_MAX_N 4096

static bool same_line(struct square a, struct square b, enum board_line line)
{
	switch (line) {
	case BOARD_LINE_FILE:
		return a.file == b.file;
	case BOARD_LINE_RANK:
		return a.rank == b.rank;
	case BOARD_LINE_DIAGONAL:
		return a.file - a.rank == b.file - b.rank;
	default:
		return a.file + a.rank == b.file + b.rank;
	}
}

/* board_conflicts pairs each queen with the first before it on each line. */
static size_t conflicts_by_pairs(const struct position *p)
{
	size_t found = 0;

	for (size_t i = 0; i < p->count; i++)
		for (int line = 0; line < 4; line++)
			for (size_t j = 0; j < i; j++)
				if (same_line(p->sq[i], p->sq[j],
				              (enum board_line)line)) {
					found++;
					break;
				}
	return found;
}

/* The position written back: ranks by file when it can be, else squares. */
static char *write_back(const struct position *p)
{
	int *ranks = malloc(sizeof *ranks * (size_t)p->n);
	bool one_per_file = true;
	size_t need;
	char *text;

	FUZZ_CHECK(ranks != NULL);
	for (int f = 0; f < p->n; f++)
		ranks[f] = -1;
	for (size_t i = 0; i < p->count && one_per_file; i++) {
		if (ranks[p->sq[i].file] >= 0)
			one_per_file = false;
		ranks[p->sq[i].file] = p->sq[i].rank;
	}
	if (one_per_file) {
		need = board_format_ranks(p->n, ranks, NULL, 0);
		text = malloc(need + 1);
		FUZZ_CHECK(text != NULL);
		FUZZ_CHECK(board_format_ranks(p->n, ranks, text, need + 1) == need);
	} else {
		text = malloc(p->count * 32 + 1);
		FUZZ_CHECK(text != NULL);
		text[0] = '\0';
		for (size_t i = 0; i < p->count; i++) {
			char name[32];

			board_square_name(p->sq[i], name, sizeof name);
			strcat(text, i ? " " : "");
			strcat(text, name);
		}
	}
	free(ranks);
	return text;
}

static int by_square(const void *pa, const void *pb)
{
	const struct square *a = pa, *b = pb;

	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	return (a->rank > b->rank) - (a->rank < b->rank);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size), err[256], *again;
	struct position p, q;

	if (board_parse(text, &p, err, sizeof err) < 0) {
		/* A refusal is one line of text. */
		FUZZ_CHECK(err[0] != '\0' && strchr(err, '\n') == NULL);
		free(text);
		return 0;
	}
	FUZZ_CHECK(p.n >= 1 && p.n <= BOARD_MAX_N);
	FUZZ_CHECK(p.count <= (size_t)p.n * (size_t)p.n);
	for (size_t i = 0; i < p.count; i++) {
		FUZZ_CHECK(p.sq[i].file >= 0 && p.sq[i].file < p.n);
		FUZZ_CHECK(p.sq[i].rank >= 0 && p.sq[i].rank < p.n);
	}
	if (p.n <= CHECK_MAX_N) {
		size_t found = board_conflicts(&p, NULL, 0);

		FUZZ_CHECK(found == conflicts_by_pairs(&p));
		FUZZ_CHECK(board_is_solution(&p) ==
		           (found == 0 && p.count == (size_t)p.n));
		again = write_back(&p);
		FUZZ_CHECK(board_parse(again, &q, err, sizeof err) == 0);
		FUZZ_CHECK(q.n == p.n && q.count == p.count);
		/* The same squares, in whatever order (an empty board has none). */
		if (p.count > 0) {
			qsort(p.sq, p.count, sizeof *p.sq, by_square);
			qsort(q.sq, q.count, sizeof *q.sq, by_square);
			FUZZ_CHECK(memcmp(p.sq, q.sq, p.count * sizeof *p.sq) == 0);
		}
		board_free(&q);
		free(again);
	}
	board_free(&p);
	free(text);
	return 0;
}
