# N queens as permutations: each file takes a rank no
# earlier file uses, and the diagonals prune the search.
import sys

n = int(sys.argv[1])
x = [0] * n
rank_used = [False] * n
up_used = [False] * (2 * n - 1)  # by file - rank + n - 1
down_used = [False] * (2 * n - 1)  # by file + rank
count = 0


def solve(file):
    global count
    for rank in range(n):
        if rank_used[rank]:
            continue
        up, down = file - rank + n - 1, file + rank
        if up_used[up] or down_used[down]:
            continue
        x[file] = rank
        rank_used[rank] = up_used[up] = down_used[down] = True
        if file == n - 1:
            count += 1
            # Each solution as nqueens list writes it.
            print(*[r + 1 for r in x])
        else:
            solve(file + 1)
        rank_used[rank] = up_used[up] = down_used[down] = False


solve(0)
print(count)
# The count comes last, alone: nqueens check skips it,
# and check --all reads the solutions above it.
