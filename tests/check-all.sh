#!/bin/sh
# check --all: a whole answer held against the solutions of N. The answers
# are the listings of data/code/ run (Python, C, and Java where a JDK is
# found) and list's output edited; what check says is compared with what
# sort and comm say of the same lines, not with the engine that checks.
# And plain check: a heading or a lone count is skipped, not read as ranks.
. "${srcdir:-.}/tests/lib.sh"

code=${srcdir:-.}/data/code

# whole NAME FILE: FILE, a listing's output at n = 8, is the set list 8
# prints (by sort and comm) and check --all 8 says so, naming its count line.
nq list 8 | sort >"$tmpdir/list8"
whole() {
	grep -v '^92$' "$2" | sort >"$tmpdir/sorted"
	nq check --all 8 - <"$2" >"$tmpdir/out" 2>"$tmpdir/err"
	rc=$?
	if cmp -s "$tmpdir/sorted" "$tmpdir/list8" && [ "$(tail -1 "$2")" = 92 ] &&
		[ $rc -eq 0 ] &&
		[ "$(cat "$tmpdir/out")" = "all 92 solutions of 8: none missing, none repeated" ] &&
		[ "$(cat "$tmpdir/err")" = "nqueens check: line 93: skipped '92': not a position (a lone number above 1 is a count)" ]; then
		pass "$1 8 | check --all 8 -: all 92, as list 8 has them, the count skipped"
	else
		fail "$1 8 | check --all 8 -: all 92, as list 8 has them, the count skipped" \
			"status $rc" "$(cat "$tmpdir/out" "$tmpdir/err")" \
			"$(comm -3 "$tmpdir/sorted" "$tmpdir/list8" | head -3)"
	fi
}

for a in backtrack scan permute bits; do
	python3 "$code/$a.py" 8 >"$tmpdir/py-$a"
	whole "python3 $a.py" "$tmpdir/py-$a"
done
cc=$(command -v cc || command -v gcc)
for a in backtrack scan permute bits; do
	if "$cc" -std=c11 -O2 -o "$tmpdir/$a" "$code/$a.c" 2>"$tmpdir/cc"; then
		"$tmpdir/$a" 8 >"$tmpdir/c-$a"
		whole "$a.c" "$tmpdir/c-$a"
	else
		fail "$a.c compiles" "$(head -3 "$tmpdir/cc")"
	fi
done
if command -v javac >/dev/null && command -v java >/dev/null; then
	mkdir "$tmpdir/java"
	for a in Backtrack Scan Permute Bits; do
		if javac -d "$tmpdir/java" "$code/$a.java" 2>"$tmpdir/javac"; then
			java -Xshare:auto -cp "$tmpdir/java" "$a" 8 >"$tmpdir/java-$a"
			whole "java $a" "$tmpdir/java-$a"
		else
			fail "$a.java compiles" "$(head -3 "$tmpdir/javac")"
		fi
	done
else
	pass "java # SKIP no JDK found (javac and java)"
fi

# One line deleted (the 10th) and one doubled (the 20th): the missing one
# named with its number in list's order, the repeat with both its lines.
sed '10d;20p' "$tmpdir/py-backtrack" >"$tmpdir/edited"
gone=$(sed -n 10p "$tmpdir/py-backtrack")
twice=$(sed -n 20p "$tmpdir/py-backtrack")
number=$(nq list 8 | grep -nx "$gone" | cut -d: -f1)
nq check --all 8 "$tmpdir/edited" >"$tmpdir/out" 2>/dev/null
rc=$?
if [ $rc -eq 1 ] && [ "$(cat "$tmpdir/out")" = "line 20: $twice repeats line 19
missing: $gone (solution #$number)
91 of the 92 solutions of 8: 1 missing, 1 repeated, 0 not solutions" ]; then
	pass "check --all: a line deleted and a line doubled, both named"
else
	fail "check --all: a line deleted and a line doubled, both named" "status $rc" \
		"$(cat "$tmpdir/out")" "expected $gone (#$number) missing, $twice repeated"
fi

# Every one there and one twice: not complete.
{
	nq list 8
	nq list 8 | sed -n 50p
} >"$tmpdir/extra"
nq check --all 8 "$tmpdir/extra" >"$tmpdir/out"
rc=$?
if [ $rc -eq 1 ] && [ "$(cat "$tmpdir/out")" = "line 93: $(nq list 8 | sed -n 50p) repeats line 50
92 of the 92 solutions of 8: 0 missing, 1 repeated, 0 not solutions" ]; then
	pass "check --all: every solution and one twice is no complete answer"
else
	fail "check --all: every solution and one twice is no complete answer" "status $rc" "$(cat "$tmpdir/out")"
fi

# Twelve missing: the first five named, in list's order, the rest counted.
nq list 8 | sed -n '1,80p' >"$tmpdir/head80"
nq list 8 | sed -n '81,85s/^/missing: /p' >"$tmpdir/named"
nq check --all 8 --file "$tmpdir/head80" | grep '^missing: ' | sed 's/ (solution #[0-9]*)$//' >"$tmpdir/got"
if cmp -s "$tmpdir/got" "$tmpdir/named" &&
	[ "$(nq check --all 8 --file "$tmpdir/head80" | tail -2)" = "and 7 more missing
80 of the 92 solutions of 8: 12 missing, 0 repeated, 0 not solutions" ]; then
	pass "check --all: of 12 missing the first five named, in order, 7 counted"
else
	fail "check --all: of 12 missing the first five named, in order, 7 counted" \
		"$(nq check --all 8 --file "$tmpdir/head80")"
fi

# Positions that are no solution of N: named with their line and why;
# squares and a heading read too, in any order.
{
	echo "Solutions of 6:"
	nq list 6 --format algebraic | sort -r
	echo "1 2 3 4 5 6"
	echo "2 4 1 3"
} >"$tmpdir/six"
nq check --all 6 <"$tmpdir/six" >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
if [ $rc -eq 1 ] && [ "$(cat "$tmpdir/out")" = "line 6: not a solution: $(nq check 1 2 3 4 5 6)
line 7: a board of 4 files, not 6
4 of the 4 solutions of 6: 0 missing, 0 repeated, 2 not solutions" ] &&
	grep -q "^nqueens check: line 1: skipped 'Solutions': not a position (a heading" "$tmpdir/err"; then
	pass "check --all: squares in any order, a heading skipped, a non-solution and a wrong size named"
else
	fail "check --all: squares in any order, a heading skipped, a non-solution and a wrong size named" \
		"status $rc" "$(cat "$tmpdir/out" "$tmpdir/err")"
fi

# A larger board, against list: every one of 12's 14200.
if [ "$(nq list 12 | nq check --all 12)" = "all 14200 solutions of 12: none missing, none repeated" ]; then
	pass "list 12 | check --all 12: all 14200"
else
	fail "list 12 | check --all 12: all 14200" "$(nq list 12 | nq check --all 12 | tail -3)"
fi

# Plain check: a heading and a lone count named on stderr and skipped, the
# verdicts of the positions as before; a lone 1 is still the 1x1 board.
printf 'Solutions of 5:\n1 3 5 2 4\n10\n1\n' | nq check >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
if [ $rc -eq 0 ] && [ "$(cat "$tmpdir/out")" = "valid
valid" ] && [ "$(cat "$tmpdir/err")" = "nqueens check: line 1: skipped 'Solutions': not a position (a heading: its first word is no rank or square)
nqueens check: line 3: skipped '10': not a position (a lone number above 1 is a count)" ]; then
	pass "check: a heading and a count skipped and named, a lone 1 a board of one file"
else
	fail "check: a heading and a count skipped and named, a lone 1 a board of one file" \
		"status $rc" "$(cat "$tmpdir/out" "$tmpdir/err")"
fi
# A count with a rank after it is no count: the rank off the board is said.
if ! printf '3 1\n' | nq check >/dev/null 2>"$tmpdir/err" &&
	grep -q "rank 3 is off a board of 2 files" "$tmpdir/err"; then
	pass "check: a number with a word after it is read as ranks, not skipped"
else
	fail "check: a number with a word after it is read as ranks, not skipped" "$(cat "$tmpdir/err")"
fi

finish
