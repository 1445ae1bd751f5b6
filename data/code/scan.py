# N queens, checking each square by looking along the
# board from it: board[file][rank] is True for a queen.
import sys

n = int(sys.argv[1])
board = [[False] * n for _ in range(n)]
count = 0


def seen(file, rank, step):
    # A queen to the left, step ranks up a file?
    f, r = file - 1, rank + step
    while f >= 0 and 0 <= r < n:
        if board[f][r]:
            return True
        f, r = f - 1, r + step
    return False


def safe(file, rank):
    return not (seen(file, rank, 0)  # along the rank
                or seen(file, rank, -1)  # rising diagonal
                or seen(file, rank, 1))  # falling diagonal


def solve(file):
    global count
    for rank in range(n):
        if not safe(file, rank):
            continue
        board[file][rank] = True
        if file == n - 1:
            count += 1
            # Each solution as nqueens list writes it.
            print(*[c.index(True) + 1 for c in board])
        else:
            solve(file + 1)
        board[file][rank] = False


solve(0)
print(count)
# The count comes last, alone: nqueens check skips it,
# and check --all reads the solutions above it.
