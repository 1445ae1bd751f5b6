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

# Prints the summary and exits with the verdict.
finish() {
	echo "1..$checks"
	echo "# $((checks - failures)) passed, $failures failed"
	[ "$failures" -eq 0 ]
	exit
}
