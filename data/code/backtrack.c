/* N queens by backtracking, one queen a file (Wirth):
 * x[file] is its rank; three arrays mark the lines taken. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX 32
static int n, x[MAX];
static bool rank_used[MAX];
static bool up_used[2 * MAX - 1];   /* file - rank + n - 1 */
static bool down_used[2 * MAX - 1]; /* file + rank */
static long count;

static void solve(int file)
{
    for (int rank = 0; rank < n; rank++) {
        int up = file - rank + n - 1, down = file + rank;
        if (rank_used[rank] || up_used[up] || down_used[down])
            continue;
        x[file] = rank;
        rank_used[rank] = up_used[up] = down_used[down] = true;
        if (file == n - 1) {
            count++;
            for (int f = 0; f < n; f++)
                printf("%d%c", x[f] + 1, f < n - 1 ? ' ' : '\n');
        } else {
            solve(file + 1);
        }
        rank_used[rank] = up_used[up] = down_used[down] = false;
    }
}

int main(int argc, char **argv)
{
    n = argc == 2 ? atoi(argv[1]) : 0;
    if (n < 1 || n > MAX) {
        fprintf(stderr, "usage: backtrack N (1 to %d)\n", MAX);
        return 2;
    }
    solve(0);
    printf("%ld\n", count);
    return 0;
}
