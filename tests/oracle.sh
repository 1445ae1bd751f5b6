#!/bin/sh
# The oracle: the Python listings of data/code/ run under sys.settrace
# (tests/oracle.py) against trace --code python --vars and trace --stats,
# event by event for n = 4 to 8: the lit line, the refusal's words, every
# variable the panel shows, every counter; the C and Java listings' counters.
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
# The C and Java listings: a copy of each with a counter bumped before each
# counted line (tests/oracle.py instrument), built and run, its counters
# against trace --stats at n = 8 (and 10 in C).
# listings LANG WHAT JOBS...: oracle.py's counts of those listings against trace.
listings() {
	lang=$1 what=$2
	shift 2
	if out=$(python3 "${srcdir:-.}/tests/oracle.py" "$NQUEENS" "$code" "$@" 2>&1); then
		pass "oracle: the $lang listings count as trace --stats, $what"
	else
		fail "oracle: the $lang listings count as trace --stats, $what" "$out"
	fi
}
if command -v cc >/dev/null 2>&1; then
	jobs=
	for a in backtrack scan permute bits; do
		jobs="$jobs c:$a:8:$tmpdir/c c:$a:10:$tmpdir/c"
	done
	# shellcheck disable=SC2086 # the jobs are words
	listings C "n = 8 and 10" $jobs
else
	pass "oracle: the C listings # SKIP no C compiler (cc)"
fi
if command -v javac >/dev/null 2>&1 && command -v java >/dev/null 2>&1; then
	jobs=
	for a in backtrack scan permute bits; do
		jobs="$jobs java:$a:8:$tmpdir/java"
	done
	# shellcheck disable=SC2086 # the jobs are words
	listings Java "n = 8" $jobs
else
	pass "oracle: the Java listings # SKIP no JDK found (javac and java)"
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
