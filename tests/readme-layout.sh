#!/bin/sh
# The README's Layout section names every file of src/ (by its name, or its
# name without .c or .h, as the section writes a module), so that a file
# added without a word there fails.
. "${srcdir:-.}/tests/lib.sh"

top=${srcdir:-.}
layout=$(sed -n '/^## Layout/,/^## /p' "$top/README.md")
missing=""
for f in $(cd "$top" && ls src/*.[ch] src/engine/*.[ch] src/tui/*.[ch]); do
	base=$(basename "$f")
	stem=${base%.*}
	if ! printf '%s\n' "$layout" | grep -Eq "(^|[ /,(])($base|$stem)([ ,.;:)]|$)"; then
		missing="$missing $f"
	fi
done
if [ -z "$missing" ]; then
	pass "the README's Layout names every file of src/"
else
	fail "the README's Layout names every file of src/" "not named:$missing"
fi
finish
