#!/bin/sh
# The race command: the algorithms' counters side by side, their agreement.
. "${srcdir:-.}/tests/lib.sh"

# The table without its times, which vary from run to run.
untimed() {
	sed 's/  *[0-9.]* m\{0,1\}s$//'
}

nq race 8 backtrack permute --format text >"$tmpdir/two"
if [ "$(untimed <"$tmpdir/two")" = "race 8, to every solution, in lockstep by events
place  algorithm      tested      placed      events   solutions       time
1      backtrack       15720        2056       37519          92
1      permute         15720        2056       37519          92
the 2 algorithms agree: 92 solutions, the same ones in the same order" ]; then
	pass "race 8 backtrack permute: 15720 tested each, 2056 placed, 92 solutions"
else
	fail "race 8 backtrack permute: 15720 tested each, 2056 placed, 92 solutions" \
		"$(cat "$tmpdir/two")"
fi
if grep -Eq '^[12] .* [0-9]+\.[0-9]+ m?s$' "$tmpdir/two"; then
	pass "race: each algorithm's time is measured"
else
	fail "race: each algorithm's time is measured" "$(cat "$tmpdir/two")"
fi

# The default four, with the same answers as trace --stats.
nq race 6 --format text >"$tmpdir/four"
ok=yes
for a in backtrack scan permute bits; do
	row=$(grep " $a " "$tmpdir/four" | awk '{print $3, $4, $5, $6}')
	want=$(nq trace 6 --algorithm "$a" --stats |
		awk -F': ' '/^(tested|placed|events|solutions):/ {v[$1] = $2}
		END {print v["tested"], v["placed"], v["events"], v["solutions"]}')
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
