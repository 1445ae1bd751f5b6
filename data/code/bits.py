# N queens with bitmasks: bit r stands for rank r + 1.
# ranks, up and down hold the ranks of this file that the
# queens before it take along their rank and diagonals.
import sys

n = int(sys.argv[1])
full = (1 << n) - 1
x = [0] * n
count = 0


def solve(file, ranks, up, down):
    global count
    free = full & ~(ranks | up | down)
    while free:
        bit = free & -free
        free ^= bit
        x[file] = bit.bit_length() - 1
        if file == n - 1:
            count += 1
            # Each solution as nqueens list writes it.
            print(*[r + 1 for r in x])
        else:
            solve(file + 1, ranks | bit, (up | bit) << 1,
                  (down | bit) >> 1)


solve(0, 0, 0, 0)
print(count)
# The count comes last, alone: nqueens check skips it,
# and check --all reads the solutions above it.
