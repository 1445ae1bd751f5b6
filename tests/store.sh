#!/bin/sh
# Saved progress that is odd in some way, met by the real program in a terminal
# (tmux): unreadable, damaged twice, left-over temporary files, a link, numbers
# past the last. The notice must be drawn whole, and nothing the player had lost.
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

dir="$XDG_DATA_HOME/nqueens"
file="$dir/progress"

# fresh: an empty progress directory.
fresh() {
	rm -rf "$XDG_DATA_HOME" "$tmpdir/elsewhere"
	mkdir -p "$dir"
}

# solve_five: places solution #1 of n = 5 (1 3 5 2 4) and waits for the verdict.
solve_five() {
	wait_for "Queens: 0 of 5"
	place_solution 1 3 5 2 4
	wait_for "Solved!"
}

# quit: q, and the program has ended well (under the sanitizers: no leak).
quit() {
	keys q
	wait_exit
	[ "$status" = 0 ] || fail "q quits with status 0" "status $status" "$(screen)"
}

# leftovers DIR: the temporary files in DIR, if any.
leftovers() {
	find "$1" -name '*.tmp.*' | sort
}

# (a) A file that cannot be read is kept in memory only, never written over.
unreadable() {
	what=$1 reason=$2
	start "$3" "$4" -- play 5
	expect_message "$what: the notice says so, in full at $3 columns" \
		"$file: $reason; progress is kept for this session only, the file is left as it is"
	solve_five
	expect_message "$what: a solved board says progress was not saved, in full" \
		"Progress not saved: $file could not be read ($reason), so it is left as it is"
	expect_screen "$what: the game goes on in memory" "found 1 of 10"
	quit
}

fresh
mkdir "$file"
echo "a note" >"$file/keep"
unreadable "a directory named progress" "Is a directory" 60 20
if [ -d "$file" ] && [ "$(ls -A "$file")" = keep ] && [ "$(cat "$file/keep")" = "a note" ] &&
	[ -z "$(leftovers "$dir")" ]; then
	pass "the directory is left as it was"
else
	fail "the directory is left as it was" "$(ls -lAR "$dir")"
fi

if [ "$(id -u)" -eq 0 ]; then
	echo "# running as root, which reads a file of mode 000: that case is skipped"
else
	fresh
	printf 'nqueens progress 1\nsolutions 5 4\n' >"$file"
	cp "$file" "$tmpdir/before"
	chmod 000 "$file"
	unreadable "a file of mode 000" "Permission denied" 80 24
	chmod 600 "$file"
	if cmp -s "$file" "$tmpdir/before" && [ -z "$(leftovers "$dir")" ]; then
		pass "the file of mode 000 is left as it was"
	else
		fail "the file of mode 000 is left as it was" "$(ls -lA "$dir")"
	fi
fi

# (b) A file that is not progress at all is refused, and left as it is.
fresh
printf 'not progress at all\n' >"$file"
cp "$file" "$tmpdir/first"
start 100 30 -- play 5
expect_message "a file that is not progress: the notice says so, naming it, in full at 100 columns" \
	"$file is not a progress file (its first line is not 'nqueens progress 1'); progress is kept for this session only, the file is left as it is"
solve_five
expect_message "and a solved board is not saved over it" \
	"Progress not saved: $file is not a progress file (its first line is not 'nqueens progress 1'), so it is left as it is"
quit
if cmp -s "$file" "$tmpdir/first" && [ "$(ls "$dir")" = progress ]; then
	pass "the file that is not progress is neither set aside nor written"
else
	fail "the file that is not progress is neither set aside nor written" "$(ls -lA "$dir")" "$(cat "$file")"
fi

# Two damaged files in a row: the second copy does not replace the first.
fresh
printf 'nqueens progress 1\nsolutions 5 y\n' >"$file"
cp "$file" "$tmpdir/first"
start 60 20 -- play 5
expect_message "a damaged file: the notice names the copy, in full at 60 columns" \
	"$file:2: 'y' is not an index (1, 2, ...) (set aside as $file.damaged)"
quit
printf 'nqueens progress 1\nsolutions 5 x\n' >"$file"
cp "$file" "$tmpdir/second"
start 100 30 -- play 5
expect_message "a second one: the notice names another copy, in full at 100 columns" \
	"$file:2: 'x' is not an index (1, 2, ...) (set aside as $file.damaged-2)"
quit
if cmp -s "$file.damaged" "$tmpdir/first" && cmp -s "$file.damaged-2" "$tmpdir/second"; then
	pass "both damaged files are kept whole"
else
	fail "both damaged files are kept whole" "$(head "$dir"/*)"
fi
start 80 24 -- play 5
wait_for "Queens: 0 of 5"
if ! screen | grep -qF "$file"; then
	pass "the next start says nothing more"
else
	fail "the next start says nothing more" "$(screen)"
fi
quit

# (c) The temporary files of killed saves go at the next start; other files stay.
fresh
printf 'nqueens progress 1\nsolutions 5 3\n' >"$file"
for t in progress.tmp.AbC123 progress.tmp.zzzzzz; do
	printf 'nqueens progress 1\nsolu' >"$dir/$t"
done
echo mine >"$dir/progress.tmp.keep"
echo mine >"$dir/notes.tmp.QQQQQQ"
start 80 24 -- play 5
expect_screen "with temporary files beside it, progress is read" "found 1 of 10"
if [ "$(cd "$dir" && ls | tr '\n' ' ')" = "notes.tmp.QQQQQQ progress progress.tmp.keep " ]; then
	pass "the temporary files of killed saves are removed, nothing else"
else
	fail "the temporary files of killed saves are removed, nothing else" "$(ls -A "$dir")"
fi
quit

# (d) A link is written through and stays a link; one leading nowhere is refused.
fresh
mkdir -p "$tmpdir/elsewhere"
printf 'nqueens progress 1\nsolutions 5 2\n' >"$tmpdir/elsewhere/mine"
ln -s ../../elsewhere/mine "$file"
start 80 24 -- play 5
expect_screen "progress is read through a link" "found 1 of 10"
solve_five
expect_screen "and a solved board counted" "found 2 of 10"
quit
if [ -L "$file" ] && [ "$(readlink "$file")" = ../../elsewhere/mine ] &&
	grep -qx "solutions 5 1 2" "$tmpdir/elsewhere/mine" &&
	[ -z "$(leftovers "$tmpdir/elsewhere")$(leftovers "$dir")" ]; then
	pass "the link is still the link, and the file it leads to has the news"
else
	fail "the link is still the link, and the file it leads to has the news" \
		"$(ls -lA "$dir" "$tmpdir/elsewhere")" "$(cat "$tmpdir/elsewhere/mine")"
fi
rm "$tmpdir/elsewhere/mine"
start 80 24 -- play 5
expect_message "a link that leads nowhere: the notice says so, in full" \
	"$file is a link to ../../elsewhere/mine, which does not exist; progress is kept for this session only, the link is left as it is"
solve_five
expect_message "and a solved board is not saved" \
	"Progress not saved: $file is a link to ../../elsewhere/mine, which does not exist"
quit
if [ -L "$file" ] && [ ! -e "$tmpdir/elsewhere/mine" ] && [ -z "$(leftovers "$tmpdir")" ]; then
	pass "nothing is made at either end of the link"
else
	fail "nothing is made at either end of the link" "$(ls -lAR "$tmpdir")"
fi

# (e) Numbers past the last of their n are dropped, the rest kept.
fresh
printf 'nqueens progress 1\nsolutions 5 3\nsolutions 5 11 40\nclasses 5 2 3\n' >"$file"
cp "$file" "$tmpdir/range"
start 200 60 -- play 5
expect_message "numbers past the last: the notice names file and line, in full" \
	"$file:3: solution 11 of n = 5 is past the last, 10; dropped, and 2 more like it (the file as it was is set aside as $file.damaged)"
expect_screen "the rest is kept" "found 1 of 10, 1 of 2 classes"
if cmp -s "$file.damaged" "$tmpdir/range" && ! grep -Eq ' (11|40)( |$)|^classes 5 .*3' "$file"; then
	pass "the file as it was is set aside, and the numbers are gone from it"
else
	fail "the file as it was is set aside, and the numbers are gone from it" "$(head "$dir"/*)"
fi
solve_five
expect_screen "a solved board is counted" "found 2 of 10"
quit
if grep -qx "solutions 5 1 3" "$file" && grep -qx "classes 5 1 2" "$file" &&
	! grep -Eq ' (11|40)( |$)' "$file"; then
	pass "after the next save, the numbers are still gone"
else
	fail "after the next save, the numbers are still gone" "$(cat "$file")"
fi
finish
