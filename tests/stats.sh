#!/bin/sh
# The stats command: the calendar, the streak, best times and what was found, read
# from a progress file; a damaged file named once and the rest still printed.
. "${srcdir:-.}/tests/lib.sh"

export XDG_DATA_HOME="$tmpdir/data" NQUEENS_TEST_DATE=2026-11-29
unset HOME
mkdir -p "$XDG_DATA_HOME/nqueens"
cp "${srcdir:-.}/tests/stats-progress.txt" "$XDG_DATA_HOME/nqueens/progress"

# check NAME WANT ARGS...: the output is exactly WANT, nothing on stderr, status 0.
check() {
	name=$1 want=$2
	shift 2
	got=$(nq "$@" 2>"$tmpdir/err")
	status=$?
	if [ "$got" = "$want" ] && [ $status -eq 0 ] && [ ! -s "$tmpdir/err" ]; then
		pass "$name"
	else
		fail "$name" "status $status, stderr: $(cat "$tmpdir/err")" "got:" "$got" "wanted:" "$want"
	fi
}

# 2026-11-20, 21, 27 and 28 solved on the day, the 24th later; today the 29th.
check "stats: the month, the streak, best times and what was found" \
"daily puzzles, November 2026 (* solved on its day, + later, ? today, to do)
 Mo  Tu  We  Th  Fr  Sa  Su
                          1
  2   3   4   5   6   7   8
  9  10  11  12  13  14  15
 16  17  18  19  20* 21* 22
 23  24+ 25  26  27* 28* 29?
 30
streak: 2 days, longest 2; 4 solved on the day, 1 later
today: to do
best daily: 0:50.0 (2026-11-27)
best times by size and grade:
   8 easy      0:41.0  (1 solved)
   8 hard      1:31.0  (1 solved)
found:
   n  solutions          classes        best free game
   6  2 of 4             0 of 1         -
   8  3 of 92            2 of 12        0:42.0" stats

# Across a year's end: the streak still counts from January 1st.
got=$(NQUEENS_TEST_DATE=2026-12-01 nq stats --month 2026-12 2>&1 | sed -n 3p)
if [ "$got" = "      1?  2   3   4   5   6" ]; then
	pass "stats --month: December 2026 starts on a Tuesday, today to do"
else
	fail "stats --month: December 2026 starts on a Tuesday, today to do" "$got"
fi
got=$(NQUEENS_TEST_DATE=2026-12-01 nq stats | grep '^streak')
if [ "$got" = "streak: 0 days, longest 2; 4 solved on the day, 1 later" ]; then
	pass "stats: a day missed ends the streak"
else
	fail "stats: a day missed ends the streak" "$got"
fi
# The clock set back: days after it are still to come, and count for nothing.
got=$(NQUEENS_TEST_DATE=2026-11-21 nq stats | sed -n 6,7p)
if [ "$got" = " 16  17  18  19  20* 21* 22
 23  24  25  26  27  28  29" ]; then
	pass "stats: a clock set back shows the later days as to come"
else
	fail "stats: a clock set back shows the later days as to come" "$got"
fi

# Nothing saved yet.
rm -rf "$XDG_DATA_HOME"
got=$(nq stats 2>&1 | tail -1)
if [ "$got" = "found: nothing yet" ]; then
	pass "stats with no progress file"
else
	fail "stats with no progress file" "$got"
fi

# A damaged file: named once on stderr, set aside whole as the program does
# (nothing of it lost), status 0.  Older releases read the late days' lines,
# which are best lines, as any puzzle's time.
mkdir -p "$XDG_DATA_HOME/nqueens"
{
	cat "${srcdir:-.}/tests/stats-progress.txt"
	echo "best daily-2026-11-22"
} >"$XDG_DATA_HOME/nqueens/progress"
nq stats >"$tmpdir/out" 2>"$tmpdir/err"
status=$?
if [ $status -eq 0 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
	grep -q "progress:13: a time in milliseconds should follow 'daily-2026-11-22'" "$tmpdir/err" &&
	[ -f "$XDG_DATA_HOME/nqueens/progress.damaged" ]; then
	pass "stats names a damaged line once, and keeps the file aside"
else
	fail "stats names a damaged line once, and keeps the file aside" "status $status" "$(cat "$tmpdir/err")"
fi

finish
