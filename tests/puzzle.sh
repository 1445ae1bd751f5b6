#!/bin/sh
# The puzzle command: the same seed makes the same puzzle; every refusal.
. "${srcdir:-.}/tests/lib.sh"

want8="# seed: 42
title: 8 queens, medium
size: 8
grade: medium
queens: b8 e1 f7 g5"
expect "puzzle 8 --seed 42" 0 "$want8" -- puzzle 8 --seed 42
expect "puzzle 8 --seed 42 again" 0 "$want8" -- puzzle 8 --seed 42
expect "puzzle --seed=42 -g medium 8" 0 "$want8" -- puzzle --seed=42 -g medium 8
expect "puzzle 8 --seed 42 --grade hard" 0 "# seed: 42
title: 8 queens, hard
size: 8
grade: hard
queens: a4 e2 f7" -- puzzle 8 --seed 42 --grade hard

# What it prints reads back as a puzzle with one completion at its grade.
for n in 5 8 12 16 20; do
	for g in easy medium hard; do
		nq puzzle $n --seed 7 --grade $g >"$tmpdir/p-$n-$g.txt"
		out=$(nq puzzle --check "$tmpdir/p-$n-$g.txt" 2>&1)
		rc=$?
		case "$rc:$out" in
		"0:$tmpdir/p-$n-$g.txt: 1 completion; grade $g, measured $g ("*)
			pass "puzzle $n --grade $g: one completion, graded $g" ;;
		*) fail "puzzle $n --grade $g: one completion, graded $g" "exit $rc: $out" ;;
		esac
	done
done

# The givens are a position that check finds short but free of conflicts.
sed -n 's/^queens: //p' "$tmpdir/p-8-hard.txt" >"$tmpdir/givens"
if nq check $(cat "$tmpdir/givens") | grep -Eq '^only 3 queens on [0-9]+ files$'; then
	pass "the givens of a puzzle do not attack each other"
else
	fail "the givens of a puzzle do not attack each other" "$(cat "$tmpdir/givens")"
fi

# No seed: one from the clock, printed so that it makes the puzzle again.
nq puzzle 10 --grade easy >"$tmpdir/clock"
seed=$(sed -n 's/^# seed: \([0-9][0-9]*\)$/\1/p' "$tmpdir/clock")
if [ -n "$seed" ] && nq puzzle 10 --grade easy --seed "$seed" | cmp -s - "$tmpdir/clock"; then
	pass "the clock's seed is printed and makes the same puzzle"
else
	fail "the clock's seed is printed and makes the same puzzle" "$(cat "$tmpdir/clock")"
fi

# The shipped puzzles.
dir=${NQUEENS_DATADIR:-data}/puzzles
nq puzzle --check "$dir"/*.txt >"$tmpdir/shipped"
rc=$?
if [ $rc -eq 0 ] && [ "$(grep -c ': 1 completion; grade \([a-z]*\), measured \1 ' "$tmpdir/shipped")" -ge 30 ]; then
	pass "puzzle --check: every shipped puzzle is unique at its grade"
else
	fail "puzzle --check: every shipped puzzle is unique at its grade" "exit $rc" "$(head -5 "$tmpdir/shipped")"
fi

# --check on puzzles that are wrong.
printf 'size: 8\ngrade: easy\nqueens: a1 g2\n' >"$tmpdir/many.txt"
out=$(nq puzzle --check "$tmpdir/many.txt")
# The plain search stops at the second completion: 30 nodes (all of it: 37).
if [ $? -eq 1 ] && [ "$out" = "$tmpdir/many.txt: several completions; grade easy, measured medium (2 given, 30 nodes)" ]; then
	pass "puzzle --check: several completions exit 1"
else
	fail "puzzle --check: several completions exit 1" "$out"
fi
printf 'size: 8\ngrade: easy\nqueens: a1 c3\n' >"$tmpdir/bad.txt"

# A puzzle the plain search would take minutes over: one line, exit 1, and
# within the work limit's second (five allowed; more under valgrind).
printf 'size: 32\ngrade: hard\nqueens: a1 b3\n' >"$tmpdir/p32.txt"
secs=5
[ -n "${NQ_WRAP:-}" ] && secs=300
out=$(timeout $secs "${NQ_WRAP:-env}" "$NQUEENS" puzzle --check "$tmpdir/p32.txt" 2>&1)
rc=$?
if [ $rc -eq 1 ] && [ "$out" = "$tmpdir/p32.txt: not judged: the search needs more than 50,000,000 steps (2 given)" ]; then
	pass "puzzle --check of a size-32 puzzle: not judged, within $secs s"
else
	fail "puzzle --check of a size-32 puzzle: not judged, within $secs s" "exit $rc (124: timed out)" "$out"
fi

# Every file is checked, one line each, whatever the others hold; the worst
# result is the exit status.
good=${NQUEENS_DATADIR:-data}/puzzles/08-easy-01.txt
nq puzzle --check "$good" "$tmpdir/nosuch.txt" "$tmpdir/p32.txt" "$tmpdir/bad.txt" "$good" \
	>"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
if [ $rc -eq 2 ] && [ "$(cat "$tmpdir/out")" = "$good: 1 completion; grade easy, measured easy (5 given, 3 nodes)
$tmpdir/p32.txt: not judged: the search needs more than 50,000,000 steps (2 given)
$good: 1 completion; grade easy, measured easy (5 given, 3 nodes)" ] &&
	[ "$(cat "$tmpdir/err")" = "nqueens puzzle: $tmpdir/nosuch.txt: No such file or directory
nqueens puzzle: $tmpdir/bad.txt:3: a1 and c3 attack each other (they share a diagonal)" ]; then
	pass "puzzle --check of five files: a line each, exit 2 for the bad ones"
else
	fail "puzzle --check of five files: a line each, exit 2 for the bad ones" "exit $rc" \
		"stdout: $(cat "$tmpdir/out")" "stderr: $(cat "$tmpdir/err")"
fi
out=$(nq puzzle --check "$tmpdir/many.txt" "$good" 2>&1)
if [ $? -eq 1 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 2 ]; then
	pass "puzzle --check: a failing file first, the next still checked, exit 1"
else
	fail "puzzle --check: a failing file first, the next still checked, exit 1" "$out"
fi
# One line each, in the order given, when both streams go to one place.
out=$(nq puzzle --check "$good" /dev/null "$good" 2>&1)
if [ $? -eq 2 ] && [ "$out" = "$good: 1 completion; grade easy, measured easy (5 given, 3 nodes)
nqueens puzzle: /dev/null: not a regular file (a character device)
$good: 1 completion; grade easy, measured easy (5 given, 3 nodes)" ]; then
	pass "puzzle --check: the lines come in the order of the files"
else
	fail "puzzle --check: the lines come in the order of the files" "$out"
fi

# Bad arguments (exit 2 and one line naming what is allowed) are rows of
# tests/bad-input.txt.
expect "puzzle 20 --seed 18446744073709551615 is fine" 0 "$(nq puzzle 20 --seed 18446744073709551615)" -- puzzle 20 --seed 18446744073709551615

finish
