#!/bin/sh
# puzzle --regions and puzzle --check on regions files (Queens with regions):
# the same seed makes the same puzzle, each reads back with one solution at
# its grade, the shipped ones pass, and wrong ones are named.
. "${srcdir:-.}/tests/lib.sh"

want="# made with: nqueens puzzle --regions 8 --grade hard --seed 1
title: 8 queens with regions, hard, seed 1
size: 8
grade: hard
regions:
aaaabbbb
aaacccbb
aacccccd
eeccdccd
eeccdddd
effgdddh
eefffddh
eeeffhhh"
expect "puzzle --regions 8 --grade hard --seed 1" 0 "$want" -- puzzle --regions 8 --grade hard --seed 1
expect "puzzle -r 8 -g hard -s 1" 0 "$want" -- puzzle -r 8 -g hard -s 1

# What it prints reads back with one solution at its grade.
for n in 5 8 10 12; do
	for g in easy medium hard; do
		f="$tmpdir/r-$n-$g.txt"
		nq puzzle --regions $n --seed 9 --grade $g >"$f"
		out=$(nq puzzle --check "$f" 2>&1)
		rc=$?
		case "$rc:$out" in
		"0:$f: 1 solution; grade $g, measured $g (${n}×$n with regions, 0 given)")
			pass "puzzle --regions $n --grade $g: one solution, graded $g" ;;
		*) fail "puzzle --regions $n --grade $g: one solution, graded $g" "exit $rc: $out" ;;
		esac
	done
done

# The board's letters: n rows of n, each of the n letters used.
rows=$(sed -n '/^regions:$/,$p' "$tmpdir/r-10-hard.txt" | sed 1d)
if [ "$(printf '%s\n' "$rows" | grep -c '^[a-j]\{10\}$')" -eq 10 ] &&
	[ "$(printf '%s' "$rows" | tr -d '\n' | fold -w1 | sort -u | tr -d '\n')" = abcdefghij ]; then
	pass "a 10×10 puzzle has 10 rows of 10 letters, a to j all used"
else
	fail "a 10×10 puzzle has 10 rows of 10 letters, a to j all used" "$rows"
fi

# No seed: one from the clock, written in the first line, that makes it again.
nq puzzle --regions 7 --grade medium >"$tmpdir/clock"
seed=$(sed -n '1s/^# made with: nqueens puzzle --regions 7 --grade medium --seed \([0-9][0-9]*\)$/\1/p' "$tmpdir/clock")
if [ -n "$seed" ] && nq puzzle --regions 7 --grade medium --seed "$seed" | cmp -s - "$tmpdir/clock"; then
	pass "the clock's seed is printed and makes the same regions puzzle"
else
	fail "the clock's seed is printed and makes the same regions puzzle" "$(cat "$tmpdir/clock")"
fi

# The shipped puzzles: 30, sizes 5 to 12, every grade, each made again by its seed.
dir=${NQUEENS_DATADIR:-data}/puzzles/regions
nq puzzle --check "$dir"/*.txt >"$tmpdir/shipped"
rc=$?
good=$(grep -c ': 1 solution; grade \([a-z]*\), measured \1 (' "$tmpdir/shipped")
if [ $rc -eq 0 ] && [ "$good" -eq 30 ] && [ "$(ls "$dir" | wc -l)" -eq 30 ]; then
	pass "puzzle --check: the 30 shipped regions puzzles are unique at their grades"
else
	fail "puzzle --check: the 30 shipped regions puzzles are unique at their grades" "exit $rc, $good good" "$(head -5 "$tmpdir/shipped")"
fi
for g in easy medium hard; do
	for n in 05 06 07 08 09 10 11 12; do
		[ -f "$dir/$n-$g-01.txt" ] || fail "a shipped $g puzzle of size $n" "no $dir/$n-$g-01.txt"
	done
done
remade=0
for f in "$dir"/*.txt; do
	cmd=$(sed -n '1s/^# made with: nqueens //p' "$f")
	# shellcheck disable=SC2086
	nq $cmd | cmp -s - "$f" && remade=$((remade + 1))
done
if [ $remade -eq 30 ]; then
	pass "each shipped regions puzzle is made again by the command in its first line"
else
	fail "each shipped regions puzzle is made again by the command in its first line" "$remade of 30"
fi

# The example of the manual's REGIONS PUZZLE FILES reads and checks.
sed -n '/^\.Sh REGIONS PUZZLE FILES/,/^\.Ed/p' "${srcdir:-.}/man/nqueens.6" |
	sed -n '/^\.Bd -literal/,/^\.Ed/p' | sed '1d;$d' >"$tmpdir/example.txt"
expect "the manual's regions file example" 0 "$tmpdir/example.txt: 1 solution; grade easy, measured easy (5×5 with regions, 1 given)" -- puzzle --check "$tmpdir/example.txt"

# Wrong files: two solutions, a grade the solver does not measure.
printf 'size: 5\nregions:\naabbb\naabcc\nddbcc\nddeec\ndeeee\n' >"$tmpdir/two.txt"
expect "puzzle --check: two solutions" 1 "$tmpdir/two.txt:2: two solutions or more (a4 b2 c5 d1 e3, and a4 b2 c5 d3 e1): a puzzle must have one" -- puzzle --check "$tmpdir/two.txt"
sed 's/^grade: hard$/grade: easy/' "$tmpdir/r-8-hard.txt" >"$tmpdir/wrong-grade.txt"
expect "puzzle --check: a grade not measured" 1 "$tmpdir/wrong-grade.txt: declared easy, but the logical solver measures it hard" -- puzzle --check "$tmpdir/wrong-grade.txt"
# Classic and regions files checked together, the worst status the exit.
out=$(nq puzzle --check "${NQUEENS_DATADIR:-data}/puzzles/08-easy-01.txt" "$tmpdir/r-5-easy.txt" "$tmpdir/two.txt" 2>&1)
rc=$?
if [ $rc -eq 1 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 3 ] &&
	printf '%s\n' "$out" | grep -q '08-easy-01.txt: 1 completion; grade easy' &&
	printf '%s\n' "$out" | grep -q 'r-5-easy.txt: 1 solution; grade easy'; then
	pass "puzzle --check reads classic and regions files together"
else
	fail "puzzle --check reads classic and regions files together" "exit $rc" "$out"
fi

finish
