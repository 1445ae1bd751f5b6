#!/bin/sh
# The Browse screen: every solution, the gallery, the classes, in tmux.
. "${srcdir:-.}/tests/lib.sh"

# Refusals come before the terminal is touched.
for args in "browse 0" "browse 21" "browse x" "browse 8 9" "browse --nope"; do
	# shellcheck disable=SC2086
	nq $args >"$tmpdir/out" 2>"$tmpdir/err" </dev/null
	rc=$?
	if [ "$rc" -eq 2 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] && [ ! -s "$tmpdir/out" ]; then
		pass "$args is refused with status 2 and one line"
	else
		fail "$args is refused with status 2 and one line" "status $rc" "$(cat "$tmpdir/err")"
	fi
done

. "${srcdir:-.}/tests/tmux-lib.sh"

start 100 30 -- --ascii browse 8
expect_screen "browse opens at the first solution" "Solution 1 / 92"
expect_screen "its ranks" "ranks: +1 5 8 6 3 7 2 4"
expect_screen "its squares" "squares: a1 b5 c8 d6 e3 f7 g2 h4"
expect_screen "its class" "class 1 of 12, id of the representative"

# Paging.
keys Right
expect_screen "Right: the next" "Solution 2 / 92"
keys n n
expect_screen "n: the next" "Solution 4 / 92"
keys Left p
expect_screen "Left and p: back" "Solution 2 / 92"
keys PageDown
expect_screen "PgDn: ten on" "Solution 12 / 92"
keys End
expect_screen "End: the last" "Solution 92 / 92"
keys Right
expect_screen "no further than the last" "This is the last solution"
keys Home
expect_screen "Home: the first" "Solution 1 / 92"

# Jumping and finding.
keys g 9 2 Enter
expect_screen "g 92: the last" "Solution 92 / 92"
expect_screen "#92 is 8 4 1 3 6 2 7 5" "ranks: +8 4 1 3 6 2 7 5"
keys g 1 Enter
expect_screen "g 1: back to the first" "Solution 1 / 92"
keys g 9 3 Enter
expect_screen "a number past the last is refused" "Solutions go from 1 to 92"
keys /
keys -l "2 4 6 8 3 1 7 5"
keys Enter
expect_screen "/ finds a solution by its ranks" "Found: solution #5"
expect_screen "and shows it" "ranks: +2 4 6 8 3 1 7 5"
expect_screen "in its class, turned" "class 3 of 12, id of the representative"
keys /
keys -l "1 2 3 4 5 6 7 8"
keys Enter
expect_screen "a position that is no solution says why" "Not a solution: a1 and b2 attack each other along a diagonal"
keys /
keys -l "2 4 1 3"
keys Enter
expect_screen "a smaller board says so" "That is a 4x4 position; this board is 8x8"

# The gallery.
keys v
expect_screen "v: the gallery" "Browse 8x8: gallery"
expect_screen "numbered boards" "#1 +#2 +#3"
keys Right Right Enter
expect_screen "Enter opens the board chosen" "Solution 7 / 92"

# The classes: 12, eleven of eight members and one of four.
keys Tab
expect_screen "Tab: the classes" "Browse 8x8: classes"
expect_screen "12 classes, 11 of 8 and 1 of 4" "12 classes: 11 of 8 members, 1 of 4 members"
expect_screen "the class of the solution shown is chosen" "3  2 4 6 8 3 1 7 5 +8  none"
expect_screen "the symmetric class" "10  3 5 2 8 1 7 4 6 +4  own 180. turn"
keys g 1 0 Enter Enter
expect_screen "Enter shows a class's variants" "Class 10: 4 members, symmetry: own 180. turn"
expect_screen "each named, with its number" "id #14 +rot90 #38 +flip-x #79 +flip-diag #55"
keys Right Enter
expect_screen "Enter on a variant opens that solution" "Solution 38 / 92"
expect_screen "which knows its class" "class 10 of 12, rot90 of the representative"

# Export: a file in the current directory, never over another.
keys x
expect_screen "x writes a file and says where" "Written to nqueens-8x8-solution-38.txt"
keys x
expect_screen "a second export takes another name" "Written to nqueens-8x8-solution-38-2.txt"
if grep -q "ranks: *4 6 8 2 7 1 3 5" "$tmpdir/nqueens-8x8-solution-38.txt" &&
	grep -q "solution #38 of 92" "$tmpdir/nqueens-8x8-solution-38.txt"; then
	pass "the file holds the board's number and ranks"
else
	fail "the file holds the board's number and ranks" "$(cat "$tmpdir"/nqueens-8x8-solution-38.txt 2>&1)"
fi
keys c Enter x
expect_screen "x in a class writes the class" "Written to nqueens-8x8-class-10.txt"
keys Escape
wait_for "Browse 8x8: classes" >/dev/null
keys x
expect_screen "x in the list of classes writes the class chosen" "Written to nqueens-8x8-class-10-2.txt"
expect_screen "and stays on the list" "Browse 8x8: classes"
if [ "$(grep -c '^[1-8] [.Q]' "$tmpdir/nqueens-8x8-class-10.txt")" -eq 32 ] &&
	grep -q "^rot90, solution #38:" "$tmpdir/nqueens-8x8-class-10.txt"; then
	pass "the class file holds every variant's board"
else
	fail "the class file holds every variant's board" "$(head -20 "$tmpdir"/nqueens-8x8-class-10.txt 2>&1)"
fi

# Resize, too small, help.
tm resize-window -x 40 -y 10
expect_screen "a tiny window says it is too small" "Terminal too small"
tm resize-window -x 80 -y 24
expect_screen "growing back shows the screen" "Browse 8x8"
keys '?'
expect_screen "? lists the keys" "Browse: keys"
keys x
keys q
if wait_exit && [ "$status" = 0 ]; then
	pass "q quits with status 0"
else
	fail "q quits with status 0" "status $status"
fi
modes_restored "quitting leaves the terminal as it was"

# A large board: paging and jumping at once, the total from the table.
start 100 30 -- --ascii browse 16
expect_screen "16x16 opens at once" "Solution 1 / 14772512"
keys g 1 0 0 0 0 0 0 0 Enter
expect_screen "a jump to #10000000" "Solution 10000000 / 14772512"
keys Right
expect_screen "and the next" "Solution 10000001 / 14772512"
keys End
expect_screen "the last" "Solution 14772512 / 14772512"
keys q
wait_exit

# From Play: a solved board opens Browse at that solution with b.
start 100 30 -- --ascii play 4
keys Down Down Space Right Up Up Space Right Down Down Down Space Right Up Up Space
expect_screen "a solved board says so, with the key" "solution #1 of 2 \(b: browse\)"
keys b
expect_screen "b opens Browse at that solution" "Browse 4x4: all solutions"
expect_screen "at its number" "Solution 1 / 2"
keys q
expect_screen "q goes back to the board" "Play 4x4"
keys q
wait_exit
modes_restored "Play after Browse leaves the terminal as it was"
finish
