#!/bin/sh
# The examples of output in README.md and man/nqueens.6 are what the binary
# prints: each marked example's commands are run and their output compared
# with the text shown.  Marks:
#   README.md: a line <!-- examples --> before an indented block of
#     "$ COMMAND" lines, each followed by its output;
#   man/nqueens.6: .\" examples before .Dl lines written the same way, or
#     .\" example: COMMAND before a .Bd -literal block holding its output.
# "nqueens" in a command is the binary under test; commands run in a
# scratch directory, with no table cache.
. "${srcdir:-.}/tests/lib.sh"

mkdir -p "$tmpdir/bin" "$tmpdir/run"
ln -s "$(cd "$(dirname "$NQUEENS")" && pwd)/$(basename "$NQUEENS")" "$tmpdir/bin/nqueens"

# The examples as lines "CMD command" and "OUT line", each example ended by
# "END", with roff's escapes for a blank, a backslash and a minus undone.
extract() {
	awk '
	function unroff(s) {
		gsub(/\\ /, " ", s); gsub(/\\-/, "-", s); gsub(/\\e/, "\\", s)
		gsub(/\\&/, "", s)
		return s
	}
	function flush() { if (open) print "END"; open = 0 }
	FILENAME ~ /\.md$/ && /^<!-- examples -->$/ { md = 1; seen = 0; next }
	md && /^    / { seen = 1; s = substr($0, 5)
		if (s ~ /^\$ /) { flush(); print "CMD " substr(s, 3); open = 1 }
		else print "OUT " s
		next }
	md && seen && !/^    / { md = 0; flush() }
	/^\.\\" examples$/ { dl = 1; next }
	dl && /^\.Dl / { s = unroff(substr($0, 5))
		if (s ~ /^\$ /) { flush(); print "CMD " substr(s, 3); open = 1 }
		else print "OUT " s
		next }
	dl { dl = 0; flush() }
	/^\.\\" example: / { flush(); print "CMD " substr($0, 14); open = 1; lit = 0; next }
	open && /^\.Bd -literal/ { lit = 1; next }
	lit && /^\.Ed/ { lit = 0; flush(); next }
	lit { print "OUT " unroff($0) }
	END { flush() }' "$@"
}

for doc in README.md man/nqueens.6; do
	extract "${srcdir:-.}/$doc" >"$tmpdir/examples"
	: >"$tmpdir/want"
	cmd= n=0
	while IFS= read -r line; do
		case $line in
		"CMD "*) cmd=${line#CMD } ;;
		"OUT "*) printf '%s\n' "${line#OUT }" >>"$tmpdir/want" ;;
		END)
			n=$((n + 1))
			got=$(cd "$tmpdir/run" && PATH=$tmpdir/bin:$PATH NQUEENS_TABLE_CACHE=none sh -c "$cmd" 2>&1)
			if [ "$got" = "$(cat "$tmpdir/want")" ]; then
				pass "$doc: \$ $cmd"
			else
				fail "$doc: \$ $cmd prints what the text shows" "shown:" "$(cat "$tmpdir/want")" \
					"printed:" "$got"
			fi
			: >"$tmpdir/want"
			;;
		esac
	done <"$tmpdir/examples"
	if [ "$n" -ge 2 ]; then
		pass "$doc: $n marked examples found"
	else
		fail "$doc: marked examples found" "only $n"
	fi
done
finish
