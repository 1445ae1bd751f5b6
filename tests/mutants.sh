#!/bin/sh
# Applies each break of tests/mutants.txt to a scratch copy of the tree, one
# at a time, builds it and runs the tests the row names: each must fail.
# Not part of make check (it builds the program once per row); run it as
# `make mutants` (or check-mutants), or `tests/mutants.sh [PATTERN]` from the source
# tree for the rows whose file or description matches PATTERN.
# Prints a line per row and "N caught, N escaped" (an escaped break fails).
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
list="$src/tests/mutants.txt"
pattern=${1:-}
jobs=$(nproc 2>/dev/null || echo 2)

work=$(mktemp -d "${TMPDIR:-/tmp}/nq-mutants.XXXXXX") || exit 1
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT INT TERM HUP

# A copy of what git tracks (or of the whole tree, outside a clone), built
# once; each row then rebuilds only what its break touches.
if git -C "$src" rev-parse >/dev/null 2>&1; then
	(cd "$src" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$work"
else
	(cd "$src" && tar --exclude=.git -cf - .) | tar -xf - -C "$work"
fi
cd "$work" || exit 1
if ! { ./bootstrap >build.log 2>&1 && make -j"$jobs" check TESTS= >>build.log 2>&1; }; then
	echo "mutants: the unbroken tree does not build; see $work/build.log" >&2
	tail -n 20 build.log >&2
	trap - EXIT
	exit 1
fi

caught=0
escaped=0
# cut, not read: read takes two tabs for one, and a break may put nothing.
field() {
	printf '%s\n' "$line" | cut -f "$1"
}
while IFS= read -r line; do
	case "$line" in '' | '#'*) continue ;; esac
	file=$(field 1) find=$(field 2) put=$(field 3) tests=$(field 4) why=$(field 5)
	if [ -n "$pattern" ]; then
		case "$file $why" in *"$pattern"*) ;; *) continue ;; esac
	fi
	cp "$file" "$file.orig"
	# Exactly once, taken as written: no regular expression, no escapes.
	if ! FIND=$find PUT=$put python3 -c '
import os, sys
p = sys.argv[1]
s = open(p, encoding="utf-8").read()
f, r = os.environ["FIND"], os.environ["PUT"]
if s.count(f) != 1:
    sys.exit("found %d times, not once" % s.count(f))
open(p, "w", encoding="utf-8").write(s.replace(f, r))
' "$file"; then
		echo "not ok - $file: the text to find is not there once: $find"
		escaped=$((escaped + 1))
		mv "$file.orig" "$file"
		continue
	fi
	if ! make -j"$jobs" check TESTS= >break.log 2>&1; then
		echo "ok - $why (it no longer builds)"
		caught=$((caught + 1))
	elif make -j"$jobs" check TESTS="$tests" >break.log 2>&1; then
		echo "not ok - $why: $tests still pass with $file broken"
		escaped=$((escaped + 1))
	else
		echo "ok - $why"
		caught=$((caught + 1))
	fi
	mv "$file.orig" "$file"
	# The restored file must be newer than what the break built.
	touch "$file"
done <"$list"
echo "$caught caught, $escaped escaped"
[ "$escaped" -eq 0 ]
