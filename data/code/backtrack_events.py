# backtrack.py printing its search as events, one print an event, for
# `nqueens compare N FILE`: a square is its file letter and 1-based rank.
import sys

n = int(sys.argv[1])
rank_used = [False] * n
up_used = [False] * (2 * n - 1)  # by file - rank + n - 1
down_used = [False] * (2 * n - 1)  # by file + rank


def sq(file, rank):
    return "abcdefghijklmnopqrstuvwxyz"[file] + str(rank + 1)


def solve(file):
    print("enter", "abcdefghijklmnopqrstuvwxyz"[file])
    for rank in range(n):
        up, down = file - rank + n - 1, file + rank
        print("try", sq(file, rank))
        if rank_used[rank] or up_used[up] or down_used[down]:
            print("reject", sq(file, rank))
            continue
        print("place", sq(file, rank))
        rank_used[rank] = up_used[up] = down_used[down] = True
        if file == n - 1:
            print("solution")
        else:
            solve(file + 1)
        rank_used[rank] = up_used[up] = down_used[down] = False
        print("remove", sq(file, rank))
    print("return", "abcdefghijklmnopqrstuvwxyz"[file])


solve(0)
