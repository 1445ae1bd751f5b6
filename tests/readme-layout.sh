#!/bin/sh
# HACKING.md's Layout section names every file of src/, each by its path or
# as a module of the folder above it, and nothing that is not there: a file
# added without a line there fails, and so does a line whose file has gone.
# And the README stays one a newcomer reads: 250 lines at most, linking
# HACKING.md and BENCHMARKS.md, where the rest went.
#
# The section's entries are the lines of its block indented by four spaces
# (a path under the top: src/main.c, or src/cli for cli.c and cli.h; a
# folder: src/engine/) or by six (under the folder above).  An entry's first
# column, up to two blanks, lists its names with commas: a name with a dot
# is that file; one without stands for the .c and the .h of that name,
# whichever are there.
. "${srcdir:-.}/tests/lib.sh"

top=${srcdir:-.}

# The paths the entries name, one a line ("?path" for a module with no file).
named() {
	sed -n '/^## Layout/,/^## [^L]/p' "$top/HACKING.md" | awk '
	/^    [^ ]/ || /^      [^ ]/ {
		deep = $0 ~ /^      [^ ]/
		first = $0
		sub(/^ +/, "", first)
		sub(/  .*/, "", first)
		if (!deep) {
			if (first ~ /\/$/) {
				dir = first
				next
			}
			dir = ""
		}
		n = split(first, names, /, */)
		for (i = 1; i <= n; i++)
			print (deep ? dir : "") names[i]
	}' | while read -r name; do
		case $name in
		src/*) ;;
		*) continue ;;
		esac
		case ${name##*/} in
		*.*)
			if [ -f "$top/$name" ]; then echo "$name"; else echo "?$name"; fi
			;;
		*)
			found=""
			for ext in c h; do
				if [ -f "$top/$name.$ext" ]; then
					echo "$name.$ext"
					found=1
				fi
			done
			[ -n "$found" ] || echo "?$name"
			;;
		esac
	done | sort -u
}

named >"$tmpdir/named"
(cd "$top" && find src -name '*.[ch]' | sort) >"$tmpdir/files"
gone=$(sed -n 's/^?//p' "$tmpdir/named" | tr '\n' ' ')
unnamed=$(grep -v '^?' "$tmpdir/named" | comm -13 - "$tmpdir/files" | tr '\n' ' ')
if [ -z "$unnamed" ]; then
	pass "HACKING.md's Layout names every file of src/"
else
	fail "HACKING.md's Layout names every file of src/" "not named: $unnamed"
fi
if [ -z "$gone" ]; then
	pass "every file HACKING.md's Layout names is there"
else
	fail "every file HACKING.md's Layout names is there" "no such file: $gone"
fi

lines=$(wc -l <"$top/README.md")
if [ "$lines" -le 250 ]; then
	pass "README.md has 250 lines at most ($lines)"
else
	fail "README.md has 250 lines at most" "it has $lines: move the rest to HACKING.md, BENCHMARKS.md or the manual"
fi
for doc in HACKING.md BENCHMARKS.md; do
	if [ -f "$top/$doc" ] && grep -qF "]($doc)" "$top/README.md"; then
		pass "README.md links $doc, which is there"
	else
		fail "README.md links $doc, which is there" "no [...]($doc) link in README.md, or no $doc"
	fi
done
finish
