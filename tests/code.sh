#!/bin/sh
# The listings of data/code/ run: compiled by gcc, run by python3 and by a
# JDK's javac and java, each prints, for n = 1 to 10, every solution in the
# order the engine's trace finds them, then their number; and trace --code.
. "${srcdir:-.}/tests/lib.sh"

code=${srcdir:-.}/data/code
algos="backtrack scan permute bits"

# What the engine says for algorithm $1 and n = $2: each solution, then the count.
engine() {
	nq trace "$2" --algorithm "$1" | sed -n 's/^solution [0-9]*: //p'
	nq trace "$2" --algorithm "$1" --stats | sed -n 's/^solutions: //p'
}
for a in $algos; do
	for n in 1 2 3 4 5 6 7 8 9 10; do
		engine "$a" "$n" >"$tmpdir/engine-$a-$n"
	done
done

# check LANG ALGO COMMAND...: the program's output for each n against the engine's.
check() {
	lang=$1 a=$2
	shift 2
	bad=
	for n in 1 2 3 4 5 6 7 8 9 10; do
		if ! "$@" "$n" >"$tmpdir/out" 2>"$tmpdir/err" ||
			! cmp -s "$tmpdir/out" "$tmpdir/engine-$a-$n"; then
			bad="n = $n: $(tr '\n' '/' <"$tmpdir/out") $(head -c 200 "$tmpdir/err")"
			break
		fi
	done
	if [ -z "$bad" ]; then
		pass "$lang $a: the solutions and the count of the engine, n = 1 to 10"
	else
		fail "$lang $a: the solutions and the count of the engine, n = 1 to 10" \
			"$bad" "the engine: $(tr '\n' '/' <"$tmpdir/engine-$a-$n")"
	fi
}

for a in $algos; do
	check python "$a" python3 "$code/$a.py"
done

cc=$(command -v gcc || command -v cc)
for a in $algos; do
	if "$cc" -std=c11 -Wall -Wextra -Werror -O2 -o "$tmpdir/$a" "$code/$a.c" 2>"$tmpdir/cc"; then
		check c "$a" "$tmpdir/$a"
	else
		fail "c $a: compiles without a warning" "$(head -5 "$tmpdir/cc")"
	fi
done

# Java where a JDK is installed (CI installs one: a skip there fails the run).
if command -v javac >/dev/null && command -v java >/dev/null; then
	mkdir "$tmpdir/java"
	for a in Backtrack Scan Permute Bits; do
		lower=$(echo "$a" | tr 'A-Z' 'a-z')
		if javac -Xlint:all -Werror -d "$tmpdir/java" "$code/$a.java" 2>"$tmpdir/javac"; then
			check java "$lower" java -XX:TieredStopAtLevel=1 -Xshare:auto \
				-cp "$tmpdir/java" "$a"
		else
			fail "java $lower: compiles without a warning" "$(head -5 "$tmpdir/javac")"
		fi
	done
else
	pass "java # SKIP no JDK found (javac and java)"
fi

# The check itself catches a broken line: a listing whose refusal forgets
# the falling diagonals counts too many solutions.
sed 's/ or down_used\[down\]:/:/' "$code/backtrack.py" >"$tmpdir/broken.py"
if ! cmp -s "$code/backtrack.py" "$tmpdir/broken.py" &&
	! python3 "$tmpdir/broken.py" 8 | cmp -s - "$tmpdir/engine-backtrack-8"; then
	pass "a listing with one line broken no longer prints what the engine does"
else
	fail "a listing with one line broken no longer prints what the engine does"
fi

# trace --code: each event, then its line in the listing, without its indentation.
nq trace 4 --code python >"$tmpdir/traced"
nq trace 4 >"$tmpdir/plain"
if [ "$(grep -v '^  ' "$tmpdir/traced")" = "$(cat "$tmpdir/plain")" ] &&
	[ "$(grep -c '^  [0-9]*: ' "$tmpdir/traced")" -eq "$(wc -l <"$tmpdir/plain")" ]; then
	pass "trace --code: the events as without it, each with its line"
else
	fail "trace --code: the events as without it, each with its line" "$(head -6 "$tmpdir/traced")"
fi
if [ "$(head -8 "$tmpdir/traced")" = "enter solve(a)
  30: solve(0)
try a1
  15: for rank in range(n):
place a1
  19: x[file] = rank
enter solve(b)
  26: solve(file + 1)" ]; then
	pass "trace 4 --code python: the lines of backtrack.py"
else
	fail "trace 4 --code python: the lines of backtrack.py" "$(head -8 "$tmpdir/traced")"
fi
nq trace 4 --algorithm scan --code c | grep -A1 '^reject' >"$tmpdir/why"
if grep -A1 'along the rank' "$tmpdir/why" | grep -q '!seen(file, rank, 0)' &&
	grep -A1 'along a diagonal' "$tmpdir/why" | grep -q '!seen(file, rank, -\?1)' &&
	! grep -A1 'along a diagonal' "$tmpdir/why" | grep -q 'rank, 0)'; then
	pass "trace --algorithm scan --code c: a refusal lights the look that met the queen"
else
	fail "trace --algorithm scan --code c: a refusal lights the look that met the queen" \
		"$(head -6 "$tmpdir/why")"
fi
# Beside a program the narration names the calls and counts the ranks as
# the program does.
out=$(nq trace 4 --code python --explain --events enter | sed -n 6p)
if [ "$out" = "  solve(0) calls solve(1) to place the queen of file b. solve(1) will try the ranks of file b one by one, from 0 up, and return to solve(0) when it has tried them all." ]; then
	pass "trace --code python --explain: solve(1), ranks from 0"
else
	fail "trace --code python --explain: solve(1), ranks from 0" "$out"
fi
if nq trace 5 --algorithm bits --code java --explain --first >"$tmpdir/bits" &&
	grep -A1 -x 'try a1' "$tmpdir/bits" | grep -qx '  13: int bit = free & -free;' &&
	! grep -q '^reject' "$tmpdir/bits" && tail -1 "$tmpdir/bits" | grep -q '^  '; then
	pass "trace --algorithm bits --code java --explain: picks, no refusals, each explained"
else
	fail "trace --algorithm bits --code java --explain: picks, no refusals, each explained" \
		"$(head -6 "$tmpdir/bits")"
fi

# trace --algorithm bits with every option: the counters, the first
# solution, a start from given queens, the narration.
if [ "$(nq trace 8 --algorithm bits --stats | sed -n 2,5p)" = "tested: 2056
placed: 2056
removed: 2056
solutions: 92" ] && [ "$(nq trace 8 -a bits --stats | grep '^nodes')" = "$(nq trace 8 --stats | grep '^nodes')" ] &&
	[ "$(nq trace 8 -a bits --first | tail -2)" = "solution 1: 1 5 8 6 3 7 2 4
done: 1 solution" ] &&
	[ "$(nq trace 8 -a bits --from "0 0 0 5" --stats | sed -n 's/^solutions: //p')" = 8 ] &&
	nq trace 4 -a bits --explain | grep -A1 -x 'enter solve(c)' | grep -q 'the ranks its masks leave free: none\.'; then
	pass "trace --algorithm bits: a test a placement, backtrack's nodes, --first, --from, --explain"
else
	fail "trace --algorithm bits: a test a placement, backtrack's nodes, --first, --from, --explain" \
		"$(nq trace 8 -a bits --stats)"
fi

# A listing edited so that an event's line is gone is reported, not lit wrong.
mkdir -p "$tmpdir/data/code"
sed 's/x\[file\] = rank$/x[file] = int(rank)/' "$code/backtrack.py" >"$tmpdir/data/code/backtrack.py"
if NQUEENS_DATADIR=$tmpdir/data nq trace 4 --code python >/dev/null 2>"$tmpdir/err"; then
	fail "a listing without the line a placement lights is refused"
elif grep -q "backtrack.py: no line holds 'x\[file\] = rank', which a placement lights" "$tmpdir/err"; then
	pass "a listing without the line a placement lights is refused"
else
	fail "a listing without the line a placement lights is refused" "$(cat "$tmpdir/err")"
fi

finish
