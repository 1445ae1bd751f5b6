#!/bin/sh
# A count split into tasks and summed: README's GNU parallel recipe run with
# local jobs, and nqueens sum refusing a task missing, given twice, of
# another count, cut off, or a total that OEIS A000170 contradicts.
. "${srcdir:-.}/tests/lib.sh"

# README's recipe, with local jobs instead of hosts (-S).
if command -v parallel >/dev/null 2>&1; then
	got=$(seq 8 | parallel --will-cite -j 2 ${NQ_WRAP:+"$NQ_WRAP"} "$NQUEENS" count 16 \
		--tasks 8 --task '{}' --threads 1 | nq sum 2>"$tmpdir/err")
	if [ "$got" = 14772512 ] && [ ! -s "$tmpdir/err" ]; then
		pass "the GNU parallel recipe: 8 tasks of count 16 summed to A000170's 14772512"
	else
		fail "the GNU parallel recipe: 8 tasks of count 16 summed" "$got" "$(cat "$tmpdir/err")"
	fi
else
	echo "# GNU parallel is not installed: the recipe's test skipped"
fi

# The tasks' outputs as files, as a Slurm job array leaves them.
mkdir "$tmpdir/tasks"
for I in 1 2 3 4 5 6; do
	nq count 15 --tasks 6 --task "$I" >"$tmpdir/tasks/count15-$I.out"
done
expect "sum of the 6 files" 0 2279184 -- sum "$tmpdir/tasks/count15-1.out" \
	"$tmpdir/tasks/count15-2.out" "$tmpdir/tasks/count15-3.out" "$tmpdir/tasks/count15-4.out" \
	"$tmpdir/tasks/count15-5.out" "$tmpdir/tasks/count15-6.out"
cat "$tmpdir"/tasks/*.out >"$tmpdir/all"
if [ "$(nq sum <"$tmpdir/all")" = 2279184 ]; then
	pass "sum of standard input"
else
	fail "sum of standard input" "$(nq sum <"$tmpdir/all" 2>&1)"
fi

# Lines that went through Windows (CRLF), and blank lines after them.
sed 's/$/\r/' "$tmpdir/all" >"$tmpdir/crlf"
printf '\r\n\n' >>"$tmpdir/crlf"
expect "CRLF lines and trailing blank lines are summed" 0 2279184 -- sum "$tmpdir/crlf"

# A task missing: no total, and which one is said.
rm "$tmpdir/tasks/count15-4.out"
refuse "a missing task is refused by number" 1 \
	'^nqueens sum: 1 of the 6 tasks is missing: 4; no total$' \
	-- sum "$tmpdir/tasks/count15-1.out" "$tmpdir/tasks/count15-2.out" \
	"$tmpdir/tasks/count15-3.out" "$tmpdir/tasks/count15-5.out" "$tmpdir/tasks/count15-6.out"
# A task twice (a preempted task run again): refused, both places named.
refuse "a task given twice is refused with both places" 2 \
	'^nqueens sum: .*/count15-2.out:1: task 2 of 6 again \(first at .*/all:2\)$' \
	-- sum "$tmpdir/all" "$tmpdir/tasks/count15-2.out"
# A task of another count.
nq count 16 --tasks 6 --task 4 >"$tmpdir/tasks/count15-4.out"
refuse "a task of another count is refused" 2 \
	'count15-4.out:1: task 4 of another count \(count 16 --method halves --tasks 6, nqueens .*\) than .*count15-1.out:1 \(count 15 --method halves --tasks 6, nqueens .*\)$' \
	-- sum "$tmpdir/tasks/count15-1.out" "$tmpdir/tasks/count15-2.out" "$tmpdir/tasks/count15-3.out" \
	"$tmpdir/tasks/count15-4.out" "$tmpdir/tasks/count15-5.out" "$tmpdir/tasks/count15-6.out"
# A task cut off (its job killed while it wrote).
nq count 15 --tasks 6 --task 4 | head -c 50 >"$tmpdir/tasks/count15-4.out"
refuse "a task line cut off is refused" 2 'count15-4.out:1: cut off' \
	-- sum "$tmpdir/tasks/count15-1.out" "$tmpdir/tasks/count15-2.out" "$tmpdir/tasks/count15-3.out" \
	"$tmpdir/tasks/count15-4.out" "$tmpdir/tasks/count15-5.out" "$tmpdir/tasks/count15-6.out"
# A line altered by hand: its check says so.
nq count 15 --tasks 6 --task 4 | sed 's/solutions=/solutions=1/' >"$tmpdir/tasks/count15-4.out"
refuse "a task line altered is refused" 2 'count15-4.out:1: cut off or altered \(its check does not match\)' \
	-- sum "$tmpdir/tasks/count15-1.out" "$tmpdir/tasks/count15-2.out" "$tmpdir/tasks/count15-3.out" \
	"$tmpdir/tasks/count15-4.out" "$tmpdir/tasks/count15-5.out" "$tmpdir/tasks/count15-6.out"
# A whole line that counted wrong (a faulty machine): no total on stdout
# (where $(...) would take it), and that OEIS A000170 has another.
line=$(nq count 15 --tasks 6 --task 4 | sed 's/ check=.*//')
seal "$(echo "$line" | sed 's/solutions=\([0-9]*\)/solutions=1\1/')" >"$tmpdir/tasks/count15-4.out"
cat "$tmpdir"/tasks/*.out >"$tmpdir/wrong"
no_total "a total that A000170 contradicts is said, nothing on stdout" \
	'^nqueens sum: the 6 tasks add up to [0-9]+, but OEIS A000170 has 2279184 for n = 15; no total$' \
	-- sum "$tmpdir/wrong"
finish
