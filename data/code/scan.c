/* N queens, checking each square by looking along the
 * board from it: board[file][rank] is true for a queen. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX 32
static int n;
static bool board[MAX][MAX];
static long count;

/* A queen to the left, step ranks up a file? */
static bool seen(int file, int rank, int step)
{
    int f = file - 1, r = rank + step;
    while (f >= 0 && r >= 0 && r < n) {
        if (board[f][r])
            return true;
        f--;
        r += step;
    }
    return false;
}

static bool safe(int file, int rank)
{
    return !seen(file, rank, 0)     /* along the rank */
           && !seen(file, rank, -1) /* rising diagonal */
           && !seen(file, rank, 1); /* falling diagonal */
}

static void solve(int file)
{
    for (int rank = 0; rank < n; rank++) {
        if (!safe(file, rank))
            continue;
        board[file][rank] = true;
        if (file == n - 1) {
            count++;
            for (int f = 0; f < n; f++)
                for (int r = 0; r < n; r++)
                    if (board[f][r])
                        printf("%d%c", r + 1,
                               f < n - 1 ? ' ' : '\n');
        } else {
            solve(file + 1);
        }
        board[file][rank] = false;
    }
}

int main(int argc, char **argv)
{
    n = argc == 2 ? atoi(argv[1]) : 0;
    if (n < 1 || n > MAX) {
        fprintf(stderr, "usage: scan N (1 to %d)\n", MAX);
        return 2;
    }
    solve(0);
    printf("%ld\n", count);
    return 0;
}
