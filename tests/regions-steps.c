/*
 * The engine's own account of a regions puzzle, step by step, for
 * tests/watch-regions.sh to hold the screen against (the screen's model is
 * not linked in): "regions-steps FILE logic K" prints the K-th deduction's
 * words (regions by letter), the counts after K deductions and the board
 * (Q a queen, x struck, . free; the top row first); "regions-steps FILE
 * search K" the counters after K events of the plain search and its board
 * (x the square the K-th event refused; at its end the solution, as the
 * exact solver finds it).
 */
#include "config.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/regions.h"

/* The board: free NULL for the search, whose refused square (refused.file >= 0) is x. */
static void print_board(int n, const int *queen, const uint16_t *free,
                        struct square refused)
{
	printf("board:\n");
	for (int r = n - 1; r >= 0; r--) {
		for (int f = 0; f < n; f++) {
			bool struck = free ? !(free[r] & (1u << f))
			                   : refused.file == f && refused.rank == r;

			putchar(queen[r] == f ? 'Q' : struck ? 'x' : '.');
		}
		putchar('\n');
	}
}

static int logic(const struct regions_board *b, int k)
{
	struct regions_state st;
	struct regions_deduction d;
	char words[REGIONS_TEXT_MAX + 100] = "";
	int len = 0, queens = 0, struck = 0;

	regions_state_init(&st, b);
	while (regions_next_deduction(&st, &d) == 1)
		regions_apply(&st, &d), len++;
	regions_state_init(&st, b);
	for (int i = 0; i < k && regions_next_deduction(&st, &d) == 1; i++) {
		regions_describe(b, &d, NULL, words, sizeof words);
		queens += d.places;
		struck += d.places ? 0 : d.nstrikes;
		regions_apply(&st, &d);
	}
	printf("words: %s\n", words);
	printf("deduction %d of %d\n", k, len);
	printf("queens %d struck %d solved %s\n", queens, struck,
	       regions_state_solved(&st) ? "yes" : "no");
	print_board(b->n, st.queen, st.free, (struct square){-1, -1});
	return 0;
}

static int search(const struct regions_board *b, uint64_t k)
{
	struct regions_search s, all;
	struct regions_event ev;

	regions_search_start(&all, b);
	while (regions_search_step(&all, &ev))
		;
	regions_search_start(&s, b);
	memset(&ev, 0, sizeof ev);
	while (s.steps < k && regions_search_step(&s, &ev))
		;
	printf("step %" PRIu64 " of %" PRIu64 "\n", s.steps, all.steps);
	printf("queens %" PRIu64 " refused %" PRIu64 " backtracks %" PRIu64
	       " solutions %" PRIu64 "\n",
	       s.placed, s.rejected, s.backtracks, s.solutions);
	/* At its end the screen shows the solution: here the exact solver's. */
	if (s.done) {
		int sols[2][REGIONS_MAX_N], queen[REGIONS_MAX_N];

		for (int r = 0; r < REGIONS_MAX_N; r++)
			queen[r] = -1;

		if (regions_solutions(b, 1, sols) == 1)
			for (int f = 0; f < b->n; f++)
				queen[sols[0][f]] = f;
		print_board(b->n, queen, NULL, (struct square){-1, -1});
		return 0;
	}
	print_board(b->n, s.queen, NULL,
	            k > 0 && ev.kind == REGIONS_EV_REJECT ? ev.sq
	                                                  : (struct square){-1, -1});
	return 0;
}

int main(int argc, char **argv)
{
	struct regions_board b;
	char err[600];

	if (argc != 4) {
		fprintf(stderr, "usage: regions-steps FILE logic|search K\n");
		return 2;
	}
	if (regions_load(argv[1], &b, err, sizeof err) < 0) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	if (strcmp(argv[2], "logic") == 0)
		return logic(&b, atoi(argv[3]));
	return search(&b, strtoull(argv[3], NULL, 10));
}
