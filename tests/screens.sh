#!/bin/sh
# The full-screen program beyond the board: refusals, the menu, a puzzle
# solved and timed, the question before leaving, damaged progress, suspend.
. "${srcdir:-.}/tests/lib.sh"

# Refusals that need no terminal are rows of tests/bad-input.txt; this one
# needs stdin not to be one.
refuse "play with stdin not a terminal" 2 "standard input is not a terminal" -- play 8

. "${srcdir:-.}/tests/tmux-lib.sh"

# TERM unset or unknown: refused in a real terminal too.
start 80 24 TERM= -- play 8
wait_exit
if [ "$status" = 2 ] && wait_for "TERM is not set"; then
	pass "TERM unset is refused with status 2"
else
	fail "TERM unset is refused with status 2" "status $status" "$(screen)"
fi
modes_restored "and the terminal is untouched"
start 80 24 TERM=no-such-terminal -- play 8
wait_exit
if [ "$status" = 2 ] && wait_for "TERM=no-such-terminal is not a terminal type"; then
	pass "an unknown TERM is refused with status 2"
else
	fail "an unknown TERM is refused with status 2" "status $status" "$(screen)"
fi
# An editor's shell or a CI log: a terminal that cannot move the cursor.
start 80 24 TERM=dumb -- play 8
wait_exit
if [ "$status" = 2 ] && wait_for "TERM=dumb cannot move the cursor" &&
	[ "$(screen | grep -c .)" -le 3 ]; then
	pass "TERM=dumb is refused with status 2 and its one line"
else
	fail "TERM=dumb is refused with status 2 and its one line" "status $status" "$(screen)"
fi
modes_restored "and the terminal is untouched"

# The menu: the size, Watch at that size, the race and Browse at that size, then Play.
start 80 24 --
expect_screen "no command opens the menu" "Board size: +< 8 >"
keys Right Right
expect_screen "Right makes the board larger" "Board size: +< 10 >"
menu_open Watch
expect_screen "Watch opens at the size chosen" "Watch 10x10"
keys q
expect_screen "q in Watch goes back to the menu" "Board size: +< 10 >"
menu_open Race
expect_screen "Race opens at the size chosen" "Race 10x10, to every solution"
expect_screen "with the four tree searches" "backtrack +scan +permute +bits"
keys q
expect_screen "q in the race goes back to the menu" "Board size: +< 10 >"
menu_open Browse
expect_screen "Browse opens at the size chosen" "Browse 10x10: all solutions"
expect_screen "at the first of 724" "Solution 1 / 724"
keys q
expect_screen "q in Browse goes back to the menu" "Board size: +< 10 >"
menu_open Play
expect_screen "Play opens at the size chosen" "Play 10x10"
keys q
expect_screen "q goes back to the menu" "Board size"
keys p
expect_screen "the puzzles are listed: size, grade, number, queens given" \
	"^ +5x5 +easy +no\. 1 +3 given *$"
# Easy, medium, hard for each size in turn; the shipped titles, which say
# no more than that, are left out.
order=$(screen | sed -n 's/^ *\([0-9]*x[0-9]*\) *\([a-z]*\) *no\. \([0-9]*\).*/\1 \2 \3/p' | head -9 | tr '\n' ',')
if [ "$order" = "5x5 easy 1,5x5 medium 1,5x5 hard 1,6x6 easy 1,6x6 medium 1,6x6 hard 1,7x7 easy 1,7x7 medium 1,7x7 hard 1," ]; then
	pass "the puzzles go by size, then easy, medium, hard"
else
	fail "the puzzles go by size, then easy, medium, hard" "$order" "$(screen)"
fi
keys Escape q
wait_exit
if [ "$status" = 0 ]; then
	pass "q in the menu quits"
else
	fail "q in the menu quits" "status $status"
fi

# A puzzle with givens a1 and b3 has one completion: 1 3 5 2 4.
printf '# test\ntitle: a small one\nsize: 5\ngrade: easy\nqueens: a1 b3\n' >"$tmpdir/t5.txt"
start 80 24 -- play --puzzle "$tmpdir/t5.txt"
expect_screen "a puzzle opens with its title" "Puzzle: a small one"
expect_screen "its givens are placed" "Queens: 2 of 5"
expect_screen "its time runs" "easy, time 0:0[0-9], best none"
keys Down Down Down Down Space
expect_screen "a given queen cannot be removed" "given by the puzzle"
keys Right Right Up Up Up Up Space
expect_screen "a queen placed" "Queens: 3 of 5"
keys q
expect_screen "leaving an unfinished puzzle asks" "Leave this puzzle (unsolved|for now)\?"
keys n
expect_screen "any other key stays" "Queens: 3 of 5"
keys Right Down Down Down Space Right Up Up Space
expect_screen "the puzzle is solved" "Solved!"
expect_screen "and its best time kept" "best 0:0[0-9]"
keys q
wait_exit
if grep -q "^best t5 " "$XDG_DATA_HOME/nqueens/progress" 2>/dev/null; then
	pass "the best time is saved"
else
	fail "the best time is saved" "$(cat "$XDG_DATA_HOME/nqueens/progress" 2>&1)"
fi

# A puzzle larger than the boards of the size keys opens too.
nq puzzle 20 --seed 7 --grade easy >"$tmpdir/t20.txt"
start 80 24 -- play --puzzle "$tmpdir/t20.txt"
expect_screen "a 20x20 puzzle opens" "Play 20x20 puzzle"
keys t
expect_screen "and gives hints" "Hint: a queen on"
keys q
wait_exit
if [ "$status" = 0 ]; then
	pass "and closes cleanly"
else
	fail "and closes cleanly" "status $status"
fi

# A damaged progress file: reported once, set aside, the game goes on.
mkdir -p "$XDG_DATA_HOME/nqueens"
printf 'nqueens progress 1\nthis is not progress\n' >"$XDG_DATA_HOME/nqueens/progress"
start 80 24 -- play 5
expect_screen "a damaged file is reported with its line" "progress:2: unknown line 'this'"
keys Right
wait_gone "progress:2:"
if [ -f "$XDG_DATA_HOME/nqueens/progress.damaged" ]; then
	pass "the damaged file is set aside"
else
	fail "the damaged file is set aside" "$(ls "$XDG_DATA_HOME/nqueens")"
fi
expect_screen "and the game goes on" "Queens: 0 of 5"

# Ctrl-Z stops the program with the terminal given back; SIGCONT resumes it.
keys C-z
i=0
while [ $i -lt 50 ] && [ "$(cut -d' ' -f3 "/proc/$(pid_of_program)/stat" 2>/dev/null)" != T ]; do
	sleep 0.1
	i=$((i + 1))
done
flags=$(tm display-message -p '#{mouse_any_flag}#{mouse_sgr_flag} #{alternate_on}')
if [ "$(cut -d' ' -f3 "/proc/$(pid_of_program)/stat")" = T ] && [ "$flags" = "00 0" ]; then
	pass "Ctrl-Z suspends with mouse and screen modes off"
else
	fail "Ctrl-Z suspends with mouse and screen modes off" "flags $flags"
fi
kill -CONT "$(pid_of_program)"
expect_screen "SIGCONT resumes and redraws" "Queens: 0 of 5"
keys Space
expect_screen "and keys work again" "Queens: 1 of 5"
keys q
wait_exit
modes_restored "after all that the terminal is as it was"
finish
