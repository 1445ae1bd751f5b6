#!/bin/sh
# The trace command: the event stream in words, the counters, the refusals.
. "${srcdir:-.}/tests/lib.sh"

expect "trace 4: every event" 0 "enter solve(a)
try a1
place a1
enter solve(b)
try b1
reject b1: attacked by a1 along the rank
try b2
reject b2: attacked by a1 along a diagonal
try b3
place b3
enter solve(c)
try c1
reject c1: attacked by a1 along the rank
try c2
reject c2: attacked by b3 along a diagonal
try c3
reject c3: attacked by b3 along the rank
try c4
reject c4: attacked by b3 along a diagonal
return from solve(c)
remove b3
try b4
place b4
enter solve(c)
try c1
reject c1: attacked by a1 along the rank
try c2
place c2
enter solve(d)
try d1
reject d1: attacked by a1 along the rank
try d2
reject d2: attacked by c2 along the rank
try d3
reject d3: attacked by c2 along a diagonal
try d4
reject d4: attacked by b4 along the rank
return from solve(d)
remove c2
try c3
reject c3: attacked by a1 along a diagonal
try c4
reject c4: attacked by b4 along the rank
return from solve(c)
remove b4
return from solve(b)
remove a1
try a2
place a2
enter solve(b)
try b1
reject b1: attacked by a2 along a diagonal
try b2
reject b2: attacked by a2 along the rank
try b3
reject b3: attacked by a2 along a diagonal
try b4
place b4
enter solve(c)
try c1
place c1
enter solve(d)
try d1
reject d1: attacked by c1 along the rank
try d2
reject d2: attacked by a2 along the rank
try d3
place d3
solution 1: 2 4 1 3
remove d3
try d4
reject d4: attacked by b4 along the rank
return from solve(d)
remove c1
try c2
reject c2: attacked by a2 along the rank
try c3
reject c3: attacked by b4 along a diagonal
try c4
reject c4: attacked by b4 along the rank
return from solve(c)
remove b4
return from solve(b)
remove a2
try a3
place a3
enter solve(b)
try b1
place b1
enter solve(c)
try c1
reject c1: attacked by b1 along the rank
try c2
reject c2: attacked by b1 along a diagonal
try c3
reject c3: attacked by a3 along the rank
try c4
place c4
enter solve(d)
try d1
reject d1: attacked by b1 along the rank
try d2
place d2
solution 2: 3 1 4 2
remove d2
try d3
reject d3: attacked by a3 along the rank
try d4
reject d4: attacked by c4 along the rank
return from solve(d)
remove c4
return from solve(c)
remove b1
try b2
reject b2: attacked by a3 along a diagonal
try b3
reject b3: attacked by a3 along the rank
try b4
reject b4: attacked by a3 along a diagonal
return from solve(b)
remove a3
try a4
place a4
enter solve(b)
try b1
place b1
enter solve(c)
try c1
reject c1: attacked by b1 along the rank
try c2
reject c2: attacked by b1 along a diagonal
try c3
place c3
enter solve(d)
try d1
reject d1: attacked by b1 along the rank
try d2
reject d2: attacked by c3 along a diagonal
try d3
reject d3: attacked by c3 along the rank
try d4
reject d4: attacked by a4 along the rank
return from solve(d)
remove c3
try c4
reject c4: attacked by a4 along the rank
return from solve(c)
remove b1
try b2
place b2
enter solve(c)
try c1
reject c1: attacked by b2 along a diagonal
try c2
reject c2: attacked by b2 along the rank
try c3
reject c3: attacked by b2 along a diagonal
try c4
reject c4: attacked by a4 along the rank
return from solve(c)
remove b2
try b3
reject b3: attacked by a4 along a diagonal
try b4
reject b4: attacked by a4 along the rank
return from solve(b)
remove a4
return from solve(a)
done: 2 solutions" -- trace 4
expect "trace 8 --stats" 0 "events: 37519
tested: 15720
placed: 2056
removed: 2056
solutions: 92
calls: 1965
nodes 0: 1
nodes 1: 8
nodes 2: 42
nodes 3: 140
nodes 4: 344
nodes 5: 568
nodes 6: 550
nodes 7: 312
nodes 8: 92" -- trace 8 --stats
expect "trace 1" 0 "enter solve(a)
try a1
place a1
solution 1: 1
remove a1
return from solve(a)
done: 1 solution" -- trace 1
expect "trace 2 --stats: no solution" 0 "events: 21
tested: 6
placed: 2
removed: 2
solutions: 0
calls: 3
nodes 0: 1
nodes 1: 2
nodes 2: 0" -- trace 2 -s

# --first stops at the lexicographically first solution.
nq trace 8 --first >"$tmpdir/first"
if [ "$(tail -2 "$tmpdir/first")" = "solution 1: 1 5 8 6 3 7 2 4
done: 1 solution" ] && [ "$(grep -c '^place' "$tmpdir/first")" -eq 113 ]; then
	pass "trace 8 --first"
else
	fail "trace 8 --first" "$(tail -3 "$tmpdir/first")"
fi
nq trace 12 --stats | grep -E '^(tested|placed|solutions):' >"$tmpdir/t12"
if [ "$(cat "$tmpdir/t12")" = "tested: 10103868
placed: 856188
solutions: 14200" ]; then
	pass "trace 12 --stats: the placements of OEIS A319284"
else
	fail "trace 12 --stats: the placements of OEIS A319284" "$(cat "$tmpdir/t12")"
fi

# Every algorithm runs to a valid solution; the check command agrees.
for a in backtrack scan permute repair construct; do
	nq trace 10 --algorithm "$a" --first >"$tmpdir/$a"
	sol=$(sed -n 's/^solution 1: //p' "$tmpdir/$a")
	if [ "$(tail -1 "$tmpdir/$a")" = "done: 1 solution" ] &&
		[ "$(nq check "$sol")" = valid ]; then
		pass "trace 10 --algorithm $a"
	else
		fail "trace 10 --algorithm $a" "$(tail -2 "$tmpdir/$a")"
	fi
done
# permute.py tests rank_used on each of its 17,685 loop passes but the
# 1965 that end a call: 15,720, as backtrack.py; 5508 reach the diagonals.
if [ "$(nq trace 8 -a permute --stats | sed -n 2,3p)" = "tested: 15720
placed: 2056" ] && [ "$(nq trace 8 -a permute --events reject | grep -vc 'along the rank')" -eq $((5508 - 2056)) ]; then
	pass "permute: 15720 tests, 5508 past the rank's test, the same placements"
else
	fail "permute: 15720 tests, 5508 past the rank's test, the same placements"
fi
expect "construct 8" 0 "place a2
place b4
place c6
place d8
place e3
place f1
place g7
place h5
solution 1: 2 4 6 8 3 1 7 5
done: 1 solution" -- trace 8 -a construct
if nq trace 8 -a repair --seed 5 | grep -Eq '^move [a-h][1-8] to [a-h][1-8]: [0-9]+ conflicts?$' &&
	[ "$(nq trace 30 -a repair --seed 9)" = "$(nq trace 30 -a repair --seed=9)" ]; then
	pass "repair: moves with conflicts, the same for the same seed"
else
	fail "repair: moves with conflicts, the same for the same seed"
fi
nq trace 8 -a scan --stats >"$tmpdir/scan"
if grep -qx 'tested: 15720' "$tmpdir/scan" && grep -qx 'examined: 81318' "$tmpdir/scan"; then
	pass "scan: the same tests, squares examined counted"
else
	fail "scan: the same tests, squares examined counted" "$(cat "$tmpdir/scan")"
fi

# --from: the search keeps the given queens and fills the other files.
if [ "$(nq trace 4 --from "0 0 2" | head -8)" = "enter solve(a)
try a1
place a1
enter solve(b)
try b1
reject b1: attacked by a1 along the rank
try b2
reject b2: attacked by c2 along the rank" ]; then
	pass "from a queen on c2, the search skips file c"
else
	fail "from a queen on c2, the search skips file c" "$(nq trace 4 --from "0 0 2" | head -8)"
fi
sum=0
for r in 1 2 3 4 5 6 7 8; do
	k=$(nq trace 8 --from "0 0 0 $r" --stats | sed -n 's/^solutions: //p')
	sum=$((sum + ${k:-0}))
done
# And as many as list has with that rank there.
if [ "$sum" -eq 92 ] && [ "$(nq trace 8 --from "0 0 0 5" --stats | sed -n 's/^solutions: //p')" = \
	"$(nq list 8 | awk '$4 == 5' | wc -l | tr -d ' ')" ]; then
	pass "the searches from each rank of file d find the 92 solutions between them"
else
	fail "the searches from each rank of file d find the 92 solutions between them" "$sum"
fi
if nq trace 8 --from "c5 h3" --stats | grep -qx 'solutions: 2' &&
	nq trace 8 --from "0 0 5 0 0 0 0 3" --stats | grep -qx 'nodes 2: 1'; then
	pass "squares or ranks by file; the given queens count as levels"
else
	fail "squares or ranks by file; the given queens count as levels" \
		"$(nq trace 8 --from "c5 h3" --stats)"
fi
# --explain: each event, then one indented line saying what it means.
nq trace 4 --explain >"$tmpdir/explained"
nq trace 4 >"$tmpdir/plain"
if [ "$(grep -v '^  ' "$tmpdir/explained")" = "$(cat "$tmpdir/plain")" ] &&
	[ "$(grep -c '^  ' "$tmpdir/explained")" -eq "$(wc -l <"$tmpdir/plain")" ] &&
	! grep -q '^  .*\.\.' "$tmpdir/explained"; then
	pass "trace --explain: the events as without it, each with one line more"
else
	fail "trace --explain: the events as without it, each with one line more" \
		"$(head -6 "$tmpdir/explained")"
fi
if grep -A1 -x 'reject c2: attacked by b3 along a diagonal' "$tmpdir/explained" | tail -n 1 |
	grep -qx '  c2 is attacked by the queen on b3, along a diagonal\. A queen there would be taken, so c2 is skipped\. solve(c) goes on with its next rank\.'; then
	pass "trace --explain: a refusal names its attacker and what the loop does next"
else
	fail "trace --explain: a refusal names its attacker and what the loop does next" \
		"$(grep -A1 'reject c2' "$tmpdir/explained" | head -2)"
fi
if grep -A1 -x 'remove b4' "$tmpdir/explained" | tail -n 1 | grep -q 'held it\.\|a dead end' &&
	grep -A1 -x 'remove a2' "$tmpdir/explained" | tail -n 1 | grep -q '1 solution held it\.' &&
	grep -A1 -x 'remove a1' "$tmpdir/explained" | tail -n 1 | grep -q 'a dead end'; then
	pass "trace --explain: a queen taken off says whether solutions held it"
else
	fail "trace --explain: a queen taken off says whether solutions held it" \
		"$(grep -A1 '^remove a' "$tmpdir/explained")"
fi
nq trace 5 --first --explain | grep -A1 '^solution 1' | tail -n 1 >"$tmpdir/first"
if grep -q 'Only one was wanted' "$tmpdir/first"; then
	pass "trace --explain: the first solution, when only one is wanted, stops the search"
else
	fail "trace --explain: the first solution, when only one is wanted, stops the search" \
		"$(cat "$tmpdir/first")"
fi

# --events: the lines of the kinds named, in order, each with its narration.
nq trace 6 --events place,solution,return --explain >"$tmpdir/some"
nq trace 6 --explain | awk '/^  / { if (keep) print; next } { keep = /^(place|solution|return) / } keep' \
	>"$tmpdir/grepped"
if cmp -s "$tmpdir/some" "$tmpdir/grepped" && [ -s "$tmpdir/some" ] &&
	[ "$(nq trace 8 --events solution | wc -l)" -eq 92 ] &&
	[ "$(nq trace 8 --events done)" = "done: 92 solutions" ]; then
	pass "trace --events: only the kinds named, with their narration"
else
	fail "trace --events: only the kinds named, with their narration" \
		"$(diff "$tmpdir/some" "$tmpdir/grepped" | head -5)"
fi
# --width: each narration broken between words into lines of W columns at
# most, which joined again are the narration on one line.
nq trace 5 --explain --width 40 >"$tmpdir/narrow"
awk '/^  / { s = s (s == "" ? "" : " ") substr($0, 3); next }
	{ if (s != "") print "  " s; s = ""; print } END { if (s != "") print "  " s }' \
	"$tmpdir/narrow" >"$tmpdir/joined"
nq trace 5 --explain >"$tmpdir/wide"
if cmp -s "$tmpdir/joined" "$tmpdir/wide" &&
	! grep '^  ' "$tmpdir/narrow" | grep -q '^.\{41,\}' &&
	! grep -q '^   ' "$tmpdir/narrow" && ! grep -q ' $' "$tmpdir/narrow" &&
	[ "$(grep -c '^  ' "$tmpdir/narrow")" -gt "$(grep -c '^  ' "$tmpdir/wide")" ]; then
	pass "trace --explain --width 40: lines of 40 columns at most, the same words"
else
	fail "trace --explain --width 40: lines of 40 columns at most, the same words" \
		"$(diff "$tmpdir/joined" "$tmpdir/wide" | head -5)" "$(head -8 "$tmpdir/narrow")"
fi

# Its refusals are rows of tests/bad-input.txt.
finish
