#!/bin/sh
# The race command: the algorithms' counters side by side, their agreement.
. "${srcdir:-.}/tests/lib.sh"

# The table without its times, which vary from run to run.
untimed() {
	sed -E 's/  *[0-9.]+ (ns|us|ms|s)$//'
}

# row_of FILE ALGO: ALGO's tested, placed, events and solutions in FILE's table.
row_of() {
	grep "^[1-4]  *$2 " "$1" | awk '{print $3, $4, $5, $6}'
}

# stats_of N ALGO [--first]: the same four as trace --stats counts them.
stats_of() {
	nq trace "$1" --algorithm "$2" $3 --stats |
		awk -F': ' '/^(tested|placed|events|solutions):/ {v[$1] = $2}
		END {print v["tested"], v["placed"], v["events"], v["solutions"]}'
}

nq race 8 backtrack bits --format text >"$tmpdir/two"
if [ "$(untimed <"$tmpdir/two")" = "race 8, to every solution, in lockstep by events: the fewest events wins
time: this program's stepping of each search on this machine, without drawing: the mean processor time of runs repeated to 50 ms; not the listings' speed
place  algorithm      tested      placed      events   solutions       time
2      backtrack       15720        2056       37519          92
1      bits             2056        2056       10191          92
bits wins with 10,191 events, the fewest
bits tests 2,056 squares, 13% of backtrack's 15,720: it picks only free ranks, so it never tests an attacked one.
the 2 algorithms agree: 92 solutions, the same ones in the same order" ]; then
	pass "race 8 backtrack bits: the header says what time is; the counters, the winner, what it shows"
else
	fail "race 8 backtrack bits: the header says what time is; the counters, the winner, what it shows" \
		"$(cat "$tmpdir/two")"
fi
if [ "$(grep -Ec '^[12] .* [0-9]+(\.[0-9]+)? (ns|us|ms|s)$' "$tmpdir/two")" = 2 ]; then
	pass "race: each algorithm's time is measured"
else
	fail "race: each algorithm's time is measured" "$(cat "$tmpdir/two")"
fi

# backtrack and permute: their counters trace's, whatever permute counts;
# the sentence says the same work where the counters are the same.
nq race 8 backtrack permute --format text >"$tmpdir/bp"
b=$(stats_of 8 backtrack) p=$(stats_of 8 permute)
if [ "$(row_of "$tmpdir/bp" backtrack)" = "$b" ] && [ "$(row_of "$tmpdir/bp" permute)" = "$p" ]; then
	pass "race 8 backtrack permute: the counters of trace --stats"
else
	fail "race 8 backtrack permute: the counters of trace --stats" "trace: $b; $p" "$(cat "$tmpdir/bp")"
fi
# grouped K: field K of $b (or of $p with a second word), its thousands apart.
grouped() {
	echo "${2:-$b}" | awk -v k="$1" '{print $k}' | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'
}
if [ "$b" = "$p" ]; then
	want="backtrack and permute do the same work: each tests $(grouped 1) squares and places $(grouped 2) queens in $(grouped 3) events."
else
	want="permute tests $(grouped 1 "$p") squares, "
fi
if tail -2 "$tmpdir/bp" | head -1 | LC_ALL=C.UTF-8 grep -qF "$want"; then
	pass "race 8 backtrack permute: what it shows, from the counters"
else
	fail "race 8 backtrack permute: what it shows, from the counters" "wanted: $want" "$(cat "$tmpdir/bp")"
fi

# The default four, with the same answers as trace --stats.
nq race 6 --format text >"$tmpdir/four"
ok=yes
for a in backtrack scan permute bits; do
	row=$(row_of "$tmpdir/four" "$a")
	want=$(stats_of 6 "$a")
	[ "$row" = "$want" ] || ok="$a: $row, trace: $want"
done
if [ "$ok" = yes ] && [ "$(grep -c '^[1-4] ' "$tmpdir/four")" -eq 4 ] &&
	tail -1 "$tmpdir/four" | grep -qx 'the 4 algorithms agree: 4 solutions, the same ones in the same order'; then
	pass "race 6: backtrack, scan, permute and bits, their counters those of trace --stats"
else
	fail "race 6: backtrack, scan, permute and bits, their counters those of trace --stats" \
		"$ok" "$(cat "$tmpdir/four")"
fi
if nq race 8 scan bits --format text | grep -q '^1      bits ' && nq race 8 scan bits --format text | grep -q '^2      scan '; then
	pass "race: bits, with the fewest events, finishes first"
else
	fail "race: bits, with the fewest events, finishes first" "$(nq race 8 scan bits --format text)"
fi

if [ "$(nq race 10 backtrack permute bits --first --format text | tail -1)" = \
	"the 3 algorithms agree on the first solution: 1 3 6 8 10 5 9 2 4 7" ]; then
	pass "race 10 --first: the tree searches agree on the first solution"
else
	fail "race 10 --first: the tree searches agree on the first solution" \
		"$(nq race 10 backtrack permute bits --first --format text)"
fi
nq race 30 repair construct --first --format text >"$tmpdir/plans"
if [ $? -eq 0 ] && tail -1 "$tmpdir/plans" | grep -qx 'the 2 algorithms each found a solution'; then
	pass "race --first: repair and construct each find a solution"
else
	fail "race --first: repair and construct each find a solution" "$(cat "$tmpdir/plans")"
fi
if [ "$(nq race 3 bits scan --format text | tail -1)" = "the 2 algorithms agree: no solution for n = 3" ]; then
	pass "race 3: no solution"
else
	fail "race 3: no solution" "$(nq race 3 bits scan --format text)"
fi

# Its refusals are rows of tests/bad-input.txt.
finish
