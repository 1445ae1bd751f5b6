#!/bin/sh
# The oracle: the Python listings of data/code/ run under sys.settrace
# (tests/oracle.py) against trace --code python --vars and trace --stats,
# event by event for n = 4 to 8: the lit line, the refusal's words, every
# variable the panel shows, every counter.
. "${srcdir:-.}/tests/lib.sh"

code=${srcdir:-.}/data/code
for a in backtrack scan permute bits; do
	jobs=
	for n in 4 5 6 7 8; do
		jobs="$jobs $a:$n"
	done
	# shellcheck disable=SC2086 # the jobs are words
	if out=$(python3 "${srcdir:-.}/tests/oracle.py" "$NQUEENS" "$code" $jobs 2>&1); then
		pass "oracle: $a, n = 4 to 8, event by event and its counters"
	else
		fail "oracle: $a, n = 4 to 8, event by event and its counters" "$out"
	fi
done
# A board of 10, the counters alone.
if out=$(python3 "${srcdir:-.}/tests/oracle.py" "$NQUEENS" "$code" \
	backtrack:10:counts scan:10:counts permute:10:counts bits:10:counts 2>&1); then
	pass "oracle: counters at n = 10"
else
	fail "oracle: counters at n = 10" "$out"
fi
# The oracle itself tells a difference: permute as it was, skipping used ranks.
sed 's/^        if rank_used\[rank\]:$/        if False:/' "$code/permute.py" > "$tmpdir/permute.py"
if ! grep -q 'if False:' "$tmpdir/permute.py"; then
	fail "oracle: a broken permute.py made"
elif out=$(python3 "${srcdir:-.}/tests/oracle.py" "$NQUEENS" "$tmpdir" permute:5 2>&1); then
	fail "oracle: a listing that skips its rank test told apart" "$out"
else
	pass "oracle: a listing that skips its rank test told apart"
fi

[ "$failures" -eq 0 ]
