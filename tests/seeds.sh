#!/bin/sh
# Seeded outputs are published by their seed: a seed names the same puzzle,
# the same repair search and the same repair solution in every release.
# Each of rng.h's reductions (rng_below, rng_below_mod, rng_below_scaled)
# and shuffles is pinned here by an output that draws on it.
. "${srcdir:-.}/tests/lib.sh"

# rng_below and rng_shuffle: a puzzle of each kind of draw.
expect "puzzle 12 --seed 1000 --grade easy" 0 "# seed: 1000
title: 12 queens, easy
size: 12
grade: easy
queens: a7 b3 d2 f6 g10 j12 k4" -- puzzle 12 --seed 1000 --grade easy
expect "puzzle 16 --seed 3 --grade hard" 0 "# seed: 3
title: 16 queens, hard
size: 16
grade: hard
queens: c1 d7 f16 i15 l4 n11 p10" -- puzzle 16 --seed 3 --grade hard

# rng_shuffle_mod (the order queens are put) and rng_below_mod (the moves).
expect "trace 8 --algorithm repair --seed 3" 0 "place a8
place b1
place c2
place d5
place e3
place f7
place g4
place h6
move a8 to a6: 4 conflicts
move h6 to h8: 2 conflicts
move f7 to f8: 2 conflicts
move c2 to c7: 1 conflict
move f8 to f2: 1 conflict
move e3 to e7: 1 conflict
move e7 to e8: 1 conflict
move h8 to h3: 1 conflict
move h3 to h6: 1 conflict
move h6 to h3: 1 conflict
move g4 to g5: 1 conflict
move d5 to d4: 1 conflict
move d4 to d1: 1 conflict
move b1 to b4: 0 conflicts
solution 1: 6 4 7 1 8 2 5 3
done: 1 solution" -- trace 8 --algorithm repair --seed 3

# rng_below_scaled: the greedy start and the swaps of solve's repair.
expect "solve 12 --method repair --seed 3" 0 "2 8 1 12 9 5 10 4 6 3 11 7" -- solve 12 --method repair --seed 3
sum=$(nq solve 1000 --method repair --seed 3 | cksum)
if [ "$sum" = "1313506355 3893" ]; then
	pass "solve 1000 --method repair --seed 3: the same solution"
else
	fail "solve 1000 --method repair --seed 3: the same solution" "cksum: $sum, wanted 1313506355 3893"
fi

finish
