/* backtrack.c printing its search as events, one printf an event, for
 * `nqueens compare N FILE`: a square is its file letter and 1-based rank. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static int n;
static bool rank_used[32], up_used[63], down_used[63];

static void solve(int file)
{
	printf("enter %c\n", 'a' + file);
	for (int rank = 0; rank < n; rank++) {
		int up = file - rank + n - 1, down = file + rank;

		printf("try %c%d\n", 'a' + file, rank + 1);
		if (rank_used[rank] || up_used[up] || down_used[down]) {
			printf("reject %c%d\n", 'a' + file, rank + 1);
			continue;
		}
		printf("place %c%d\n", 'a' + file, rank + 1);
		rank_used[rank] = up_used[up] = down_used[down] = true;
		if (file == n - 1)
			printf("solution\n");
		else
			solve(file + 1);
		rank_used[rank] = up_used[up] = down_used[down] = false;
		printf("remove %c%d\n", 'a' + file, rank + 1);
	}
	printf("return %c\n", 'a' + file);
}

int main(int argc, char **argv)
{
	n = argc > 1 ? atoi(argv[1]) : 8;
	if (n < 1 || n > 32)
		return 2;
	solve(0);
	return 0;
}
