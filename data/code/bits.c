/* N queens with bitmasks: bit r stands for rank r + 1.
 * ranks, up and down hold the ranks of this file that the
 * queens before it take along their rank and diagonals. */
#include <stdio.h>

#define MAX 31
static int n, x[MAX];
static unsigned full;
static long count;

static void solve(int file, unsigned ranks, unsigned up,
                  unsigned down)
{
    unsigned free = full & ~(ranks | up | down);
    while (free) {
        unsigned bit = free & -free;
        free ^= bit;
        x[file] = __builtin_ctz(bit);
        if (file == n - 1) {
            count++;
            for (int f = 0; f < n; f++)
                printf("%d%c", x[f] + 1, f < n - 1 ? ' ' : '\n');
        } else {
            solve(file + 1, ranks | bit, (up | bit) << 1,
                  (down | bit) >> 1);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc != 2 || sscanf(argv[1], "%d", &n) != 1 || n < 1 ||
        n > MAX) {
        fprintf(stderr, "usage: bits N (1 to %d)\n", MAX);
        return 2;
    }
    full = (1u << n) - 1;
    solve(0, 0, 0, 0);
    printf("%ld\n", count);
    return 0;
}
