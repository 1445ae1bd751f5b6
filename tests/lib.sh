# Shared helpers of the shell tests: run nqueens, compare, count failures.
# NQUEENS names the binary; NQ_WRAP, if set, runs it under a checker (valgrind).

: "${NQUEENS:=src/nqueens}"
failures=0
checks=0
tmpdir=$(mktemp -d "${TMPDIR:-/tmp}/nq-test.XXXXXX")
trap 'rm -rf "$tmpdir"' EXIT

nq() {
	${NQ_WRAP:+"$NQ_WRAP"} "$NQUEENS" "$@"
}

pass() {
	checks=$((checks + 1))
	echo "ok $checks - $1"
}

fail() {
	checks=$((checks + 1))
	failures=$((failures + 1))
	echo "not ok $checks - $1"
	shift
	for line in "$@"; do
		echo "#   $line"
	done
	# The terminal tests (tests/tmux-lib.sh) wait no more at this size:
	# whatever broke would make each wait after it use all its patience.
	if [ -n "${size_failed+set}" ]; then
		if [ -n "$size_failed" ]; then
			echo "#   (not waited for: check $size_failed failed at this size)"
		else
			size_failed=$checks
		fi
	fi
}

# clock_cs: the monotonic clock (CLOCK_BOOTTIME, read from /proc/uptime
# without a fork) in hundredths of a second, in now_cs; without /proc, the
# wall clock's seconds.
clock_cs() {
	if read -r clock_up clock_rest </proc/uptime 2>/dev/null; then
		now_cs=$((${clock_up%.*} * 100 + 1${clock_up#*.} - 100))
	else
		now_cs=$(($(date +%s) * 100))
	fi
}

# poll_begin: starts a wait of $patience tenths of a second, measured on the
# clock, not as a count of sleeps that a loaded machine makes longer; none
# (one look) once a terminal test's check has failed at this size.
# poll_again: sleeps a tenth of a second and succeeds if the wait has time
# left; fails at once if not.  A poll reads:
#   poll_begin; until CHECK; do poll_again || break; done
poll_begin() {
	clock_cs
	poll_until=$((now_cs + patience * 10))
	[ -z "${size_failed:-}" ] || poll_until=$now_cs
}

poll_again() {
	clock_cs
	[ "$now_cs" -lt "$poll_until" ] || return 1
	sleep 0.1
}

# expect DESC STATUS EXPECTED_STDOUT -- ARGS...: stdout exact, stderr empty.
expect() {
	desc=$1 status=$2 want=$3
	shift 4
	got=$(nq "$@" 2>"$tmpdir/err")
	rc=$?
	if [ "$rc" -ne "$status" ]; then
		fail "$desc" "exit status $rc, wanted $status" "stderr: $(cat "$tmpdir/err")"
	elif [ "$got" != "$want" ]; then
		fail "$desc" "stdout: $got" "wanted: $want"
	elif [ -s "$tmpdir/err" ]; then
		fail "$desc" "unexpected stderr: $(cat "$tmpdir/err")"
	else
		pass "$desc"
	fi
}

# refuse DESC STATUS PATTERN -- ARGS...: nothing on stdout, exactly one line
# on stderr matching the extended regular expression PATTERN.
refuse() {
	desc=$1 status=$2 pattern=$3
	shift 4
	nq "$@" >"$tmpdir/out" 2>"$tmpdir/err" </dev/null
	rc=$?
	lines=$(wc -l <"$tmpdir/err")
	if [ "$rc" -ne "$status" ]; then
		fail "$desc" "exit status $rc, wanted $status" "stderr: $(cat "$tmpdir/err")"
	elif [ -s "$tmpdir/out" ]; then
		fail "$desc" "unexpected stdout: $(head -3 "$tmpdir/out")"
	elif [ "$lines" -ne 1 ]; then
		fail "$desc" "stderr has $lines lines, wanted 1:" "$(cat "$tmpdir/err")"
	elif ! grep -Eq -- "$pattern" "$tmpdir/err"; then
		fail "$desc" "stderr: $(cat "$tmpdir/err")" "wanted a match of: $pattern"
	else
		pass "$desc"
	fi
}

# seal TEXT: the line TEXT with the check a count's records end with
# (check=, the FNV-1a hash of TEXT's bytes in 8 hexadecimal digits), so that
# a test can write a record nqueens takes as whole.
seal() {
	h=2166136261
	for b in $(printf '%s' "$1" | od -An -tu1 -v); do
		h=$(((h ^ b) * 16777619 & 4294967295))
	done
	printf '%s check=%08x\n' "$1" "$h"
}

# forge FILE PATTERN SED: the first line of FILE that PATTERN matches, its
# fields changed by SED and its check made again, so that the file still
# reads as whole: a journal or task lines edited by someone who knows how.
forge() {
	forge_old=$(grep -m 1 -- "$2" "$1")
	forge_new=$(seal "$(echo "${forge_old% check=*}" | sed "$3")")
	awk -v old="$forge_old" -v new="$forge_new" '{ print ($0 == old ? new : $0) }' "$1" \
		>"$tmpdir/forged" && mv "$tmpdir/forged" "$1"
}

# no_total DESC PATTERN -- ARGS...: nq ARGS exits with status 1, prints
# nothing on stdout (where $(...) would take a wrong number) and says why in
# a line of stderr matching PATTERN (an extended regular expression).
no_total() {
	desc=$1 pattern=$2
	shift 3
	got=$(nq "$@" 2>"$tmpdir/err")
	rc=$?
	if [ "$rc" = 1 ] && [ -z "$got" ] && grep -Eq -- "$pattern" "$tmpdir/err"; then
		pass "$desc"
	else
		fail "$desc" "exit $rc: $got" "$(cat "$tmpdir/err")" "wanted a line matching: $pattern"
	fi
}

# Prints the summary and exits with the verdict.
finish() {
	echo "1..$checks"
	echo "# $((checks - failures)) passed, $failures failed"
	[ "$failures" -eq 0 ]
	exit
}
