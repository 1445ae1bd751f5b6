#!/bin/sh
# Every input of the fuzz corpus replayed through its parser's harness in the
# ordinary build: what once broke a parser stays a test.
. "${srcdir:-.}/tests/lib.sh"

: "${builddir:=.}"
for h in position puzzle progress lesson config journal regions; do
	prog="$builddir/tests/fuzz/replay_$h"
	corpus="$srcdir/tests/fuzz/corpus/$h"
	count=$(ls "$corpus" | wc -l)
	if out=$(${NQ_WRAP:+"$NQ_WRAP"} "$prog" "$corpus" 2>"$tmpdir/err") &&
		[ "$out" = "$count inputs replayed" ] && [ "$count" -gt 0 ]; then
		pass "the $h corpus: $out"
	else
		fail "the $h corpus" "$out (of $count)" "$(tail -n 5 "$tmpdir/err")"
	fi
done
finish
