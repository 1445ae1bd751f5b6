#!/bin/sh
# The compare command: the events of data/code/'s events-printing listings,
# run by python3 (and gcc, java), and of broken copies, against the reference.
. "${srcdir:-.}/tests/lib.sh"

code=${srcdir:-.}/data/code
py=$code/backtrack_events.py

# has DESC PATTERN FILE: FILE holds a line matching the fixed string PATTERN.
has() {
	if grep -Fq -- "$2" "$3"; then
		pass "$1"
	else
		fail "$1" "no line '$2' in:" "$(head -8 "$3")"
	fi
}

# run_compare DESC STATUS N FILE [ARGS]: compare's status, its stdout in $tmpdir/out.
run_compare() {
	desc=$1 status=$2
	shift 2
	nq compare "$@" >"$tmpdir/out" 2>"$tmpdir/err"
	rc=$?
	if [ "$rc" -eq "$status" ]; then
		pass "$desc: exit status $status"
	else
		fail "$desc: exit status $rc, wanted $status" "$(head -5 "$tmpdir/out" "$tmpdir/err")"
	fi
}

# The reference's events as a student writes them, from trace: an
# independent reading of where a student's trace first differs.
plain_trace() {
	nq trace "$@" | sed -e 's/^enter solve(\(.*\))$/enter \1/' \
		-e 's/^return from solve(\(.*\))$/return \1/' \
		-e 's/^reject \([a-z][0-9]*\):.*/reject \1/' \
		-e 's/^solution .*/solution/' -e '/^done/d'
}

# The first line where two files differ (one past the shorter one's end).
first_difference() {
	awk 'NR == FNR { a[NR] = $0; n = NR; next }
	     !(FNR in a) || a[FNR] != $0 { print FNR; found = 1; exit }
	     END { if (!found) print (FNR < n ? FNR + 1 : n + 1) }' "$1" "$2"
}

# The unchanged listing is the reference's search, and finds what
# backtrack.py counts.
python3 "$py" 6 >"$tmpdir/good6"
run_compare "the events listing, n = 6" 0 6 "$tmpdir/good6"
has "the events listing: same search" "same search" "$tmpdir/out"
count=$(python3 "$code/backtrack.py" 6 | head -1)
has "the summary finds backtrack.py's count" "solutions: $count found of $count, 0 missing, 0 duplicated" "$tmpdir/out"
plain_trace 6 >"$tmpdir/ref6"
if cmp -s "$tmpdir/ref6" "$tmpdir/good6"; then
	pass "the events listing prints trace's events"
else
	fail "the events listing prints trace's events" "first difference at line $(first_difference "$tmpdir/ref6" "$tmpdir/good6")"
fi

# trace's own words are events compare reads, for every tree search.
for a in backtrack scan permute bits; do
	nq trace 5 --algorithm "$a" >"$tmpdir/trace5"
	run_compare "trace 5 --algorithm $a" 0 5 "$tmpdir/trace5" --algorithm "$a"
done

if command -v gcc >/dev/null && gcc -o "$tmpdir/events" "$code/backtrack_events.c" 2>"$tmpdir/gcc"; then
	"$tmpdir/events" 7 | nq compare 7 - >"$tmpdir/out" 2>&1
	has "the C events listing, n = 7: same search" "same search" "$tmpdir/out"
else
	fail "the C events listing compiles" "$(head -3 "$tmpdir/gcc" 2>/dev/null)"
fi
if command -v javac >/dev/null && command -v java >/dev/null; then
	mkdir "$tmpdir/java"
	javac -d "$tmpdir/java" "$code/BacktrackEvents.java" &&
		java -cp "$tmpdir/java" BacktrackEvents 5 | nq compare 5 - >"$tmpdir/out" 2>&1
	has "the Java events listing, n = 5: same search" "same search" "$tmpdir/out"
else
	pass "java # SKIP no JDK found (javac and java)"
fi

# mistake NAME SED N WORDS: the listing broken by SED parts from the
# reference at the first line where its events differ from trace's, and
# compare says why in WORDS.
mistake() {
	name=$1
	sed "$2" "$py" >"$tmpdir/$name.py"
	if cmp -s "$py" "$tmpdir/$name.py"; then
		fail "$name: the sed changes the listing"
		return
	fi
	python3 "$tmpdir/$name.py" "$3" >"$tmpdir/$name.txt" 2>/dev/null
	plain_trace "$3" >"$tmpdir/ref"
	want=$(first_difference "$tmpdir/ref" "$tmpdir/$name.txt")
	run_compare "$name" 1 "$3" "$tmpdir/$name.txt"
	has "$name: differs at event $want, where trace's events part" "differs at event $want" "$tmpdir/out"
	has "$name: why" "$4" "$tmpdir/out"
}

mistake no-diagonal 's/ or up_used\[up\] or down_used\[down\]//' 6 \
	"your program placed b2 while a1 still attacks it along a diagonal: the diagonal test is missing"
mistake no-rank 's/rank_used\[rank\] or //' 6 "the rank test is missing"
mistake no-clear 's/^        rank_used\[rank\] = up_used\[up\] = down_used\[down\] = False/        pass/' 6 \
	"though no queen attacks it"
mistake no-remove 's/^        print("remove", sq(file, rank))/        pass/' 6 \
	"removing the queen when a call returns is missing"
mistake reversed 's/range(n)/range(n - 1, -1, -1)/' 6 "tries the ranks in another order"
mistake twice 's/print("solution")/print("solution"); print("solution")/' 6 \
	"reports the same solution twice"
has "twice: the summary counts the repeats" "4 found of 4, 0 missing, 3 duplicated" "$tmpdir/out"

# A program that stops at its first solution.
awk '{ print } /^solution/ { exit }' "$tmpdir/good6" >"$tmpdir/first"
run_compare "stopped at the first solution" 1 6 "$tmpdir/first"
has "stopped: why" "stops at its first solution; the reference goes on to find all 4" "$tmpdir/out"
has "stopped: said on stderr" "ends after line $(wc -l <"$tmpdir/first"), in the middle of the search" "$tmpdir/err"

# A flood of events is read no further than the divergence and the limit.
yes 'enter a' | nq compare 6 - >"$tmpdir/out" 2>&1
has "a million events: the divergence at event 2" "differs at event 2" "$tmpdir/out"
has "a million events: the summary stops at the limit" "the summary counts the first 1000000 events" "$tmpdir/out"

finish
