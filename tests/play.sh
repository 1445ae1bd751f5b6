#!/bin/sh
# The Play screen, driven with keys and the mouse in a real terminal (tmux).
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

start 80 24 -- play 8
expect_screen "the play screen opens" "Queens: 0 of 8"
expect_screen "files are labelled" "a +b +c +d +e +f +g +h"
place_solution 1 5 8 6 3 7 2 4
expect_screen "eight queens by keys: Solved" "Solved!"
expect_screen "it is solution #1 of 92" "solution #1 of 92"
expect_screen "its class, in words" "class 1 of 12, its representative"
expect_screen "found this one" "found 1 of 92, 1 of 12 classes"

keys u
expect_screen "undo takes the last queen away" "Queens: 7 of 8"
expect_screen "and the position is still solvable" "Solvable: yes, 1 completion"
keys C-r
expect_screen "redo puts it back" "Solved!"
keys u u U
expect_screen "undo twice, redo once" "Queens: 7 of 8"

keys c
expect_screen "clear empties the board" "Queens: 0 of 8"
keys u
expect_screen "and undo brings it back" "Queens: 7 of 8"

# A conflict: a queen on b2 beside a1's diagonal.
keys c Home PageDown Space Right Up Space
expect_screen "a conflict is named" "Conflicts: 1 \(a1-b2 diagonal\)"
expect_screen "and the position is not solvable" "Solvable: no"
expect_screen "both queens are marked in conflict" "!(♛|Q) *!"

keys t
expect_screen "a hint when stuck says what to remove" "No completion from here"

keys ']'
expect_screen "] makes the board larger" "Play 9x9"
keys '['
keys '['
expect_screen "[ makes it smaller" "Play 7x7"

keys '?'
expect_screen "? opens the help" "Play: keys"
expect_screen "the help lists undo" "u +undo"
# The help is made from the keys' own table: = works, so it is listed.
expect_screen "the help lists every key of a binding" "\\[ - \\] \\+ = +smaller or larger board"
keys x
wait_gone "Play: keys"

# A hint on an empty board names a square and marks it.
keys c
wait_for "Queens: 0 of 7"
keys t
expect_screen "t gives a square that keeps it solvable" "Hint: a queen on [a-g][1-7] keeps it solvable"

# A click: SGR mouse press and release on a square places a queen.
keys c
wait_for "Queens: 0 of 7"
y=$(screen | grep -n "^ *7 " | head -1 | cut -d: -f1)
x=$(screen | grep "^ *7 " | head -1 | awk '{ print index($0, "7") + 2 }')
keys -l "$(printf '\033[<0;%d;%dM' "$x" "$y")"
keys -l "$(printf '\033[<0;%d;%dm' "$x" "$y")"
expect_screen "a mouse click places a queen" "Queens: 1 of 7"

# Resizing: the board is drawn again at the new size, then too small, then back.
resize 100 40
expect_screen "a larger window still shows the board" "Queens: 1 of 7"
resize 20 6
expect_screen "a tiny window says it is too small" "Terminal too small"
resize 80 24
expect_screen "growing again brings the board back" "Queens: 1 of 7"
keys q
if wait_exit && [ "$status" = 0 ]; then
	pass "q quits with status 0"
else
	fail "q quits with status 0" "status $status"
fi
modes_restored "quitting leaves mouse, cursor and echo as they were"

# A board larger than the window scrolls with the cursor.
start 40 14 -- play 18
expect_screen "an 18x18 board opens in a 40x14 window" "Queens: 0 of 18"
if screen | grep -Eq '^ *18( |$)' && ! screen | grep -Eq '^ +1( |$)'; then
	pass "it shows the top ranks first"
else
	fail "it shows the top ranks first" "$(screen)"
fi
keys PageDown
if wait_for '^ +1( |$)' && ! screen | grep -Eq '^ *18( |$)'; then
	pass "moving to rank 1 scrolls the board"
else
	fail "moving to rank 1 scrolls the board" "$(screen)"
fi
keys q
wait_exit

# ASCII and no colour.
start 80 24 -- play 6 --ascii
expect_screen "--ascii draws queens as Q" "Queens: 0 of 6"
keys Space
wait_for "Queens: 1 of 6"
screen | grep -q "Q" && queen_shown=yes || queen_shown=no
keys '?'
if [ "$queen_shown" = yes ] && wait_for "Play: keys" &&
	! screen | LC_ALL=C grep -q '[^ -~]'; then
	pass "--ascii uses no UTF-8 glyph"
else
	fail "--ascii uses no UTF-8 glyph" "$(screen)"
fi
keys q
wait_gone "Play: keys" >/dev/null
keys q
wait_exit || fail "q quits after the help is closed" "status $status"

start 80 24 NO_COLOR=1 -- play 6
expect_screen "NO_COLOR starts" "Queens: 0 of 6"
expect_monochrome "NO_COLOR draws without colours"
keys q
wait_exit
start 80 24 -- --no-color play 6
expect_screen "--no-color starts" "Queens: 0 of 6"
expect_monochrome "--no-color draws without colours"
keys q
wait_exit
if start 80 24 -- play 6 && wait_for "Queens" && colours_shown; then
	pass "colours are used by default"
else
	fail "colours are used by default" "$(tm capture-pane -p -e | head -5)"
fi

# Signals, and a crash: the terminal is left as it was.
for sig in TERM HUP INT SEGV; do
	start 80 24 -- play 8
	wait_for "Queens: 0 of 8"
	pid=$(pid_of_program)
	kill -s $sig "$pid"
	wait_exit
	modes_restored "SIG$sig leaves the terminal as it was"
done

# The work limit: a 32x32 puzzle with two queens given, and an 18x18 board
# with one queen, have too many completions to count while one waits.  The
# panel says how many it found before the count stopped, within seconds
# (more under valgrind), and the hint comes as quickly.
quick=$patience
[ -z "${NQ_WRAP:-}" ] && patience=50
printf 'size: 32\ngrade: hard\nqueens: a1 b3\n' >"$tmpdir/p32.txt"
start 120 40 -- play --assist all --puzzle "$tmpdir/p32.txt"
expect_screen "a 32x32 puzzle opens" "Play 32x32 puzzle"
expect_panel "32x32 puzzle: the count stops at the work limit and says so" "Queens: " \
	"^Solvable: yes, at least [0-9]+ completions \(count stopped\)$"
if screen | grep -q "counting"; then
	fail "32x32 puzzle: and counts no more" "$(screen)"
else
	pass "32x32 puzzle: and counts no more"
fi
if screen | grep -Eq '^ *32 ' && screen | grep -Eq '^ +1 ♛'; then
	pass "32x32 puzzle: the whole board shows in 120x40"
else
	fail "32x32 puzzle: the whole board shows in 120x40" "$(screen)"
fi
keys t
expect_screen "32x32 puzzle: t gives a hint at once" "^(Hint: a queen on [a-z]+[0-9]+|No hint: too much work)"
keys q y
wait_exit
start 80 24 -- play 18
wait_for "Queens: 0 of 18"
keys Space
expect_screen "18x18, one queen: the count stops at the work limit" "Solvable: yes, at least [0-9]+"
expect_panel "18x18, one queen: and says so, not cut" "Queens: " \
	"^Solvable: yes, at least [0-9]+ completions \(count stopped\)$"
keys t
expect_screen "18x18, one queen: t gives a hint at once" "^Hint: a queen on [a-r][0-9]+ keeps it solvable"
keys q
wait_exit
patience=$quick

# The board square by square, its marks read from the pane and its colours
# from the pane's escapes, against what the rules give: the queens, the
# squares they attack, the cursor and the four lines through it lit, two
# queens in conflict with the squares between them.  In ASCII at 80x24, in
# UTF-8 at 120x40 where the squares are larger, and without colour, where
# the lit squares are told by their attributes.
for look in ascii utf-8 mono; do
	case $look in
	ascii) set -- 80 24 "" --ascii bg ;;
	utf-8) set -- 120 40 "" "" bg ;;
	mono) set -- 80 24 NO_COLOR=1 --ascii attrs ;;
	esac
	at="$1x$2 $look" lit=$5
	# No class found yet: the framed column of a tall window shows no small
	# board that the reading of the board could take for the board.
	start "$1" "$2" $3 XDG_DATA_HOME="$tmpdir/none" -- $4 play 8
	wait_for "Queens: 0 of 8" >/dev/null
	# a8 and c7, then the cursor to e4: its anti-diagonal runs from a8 to h1.
	keys Space Right Right Down Space Right Right Down Down Down
	expect_screen "$at: two queens placed" "Queens: 2 of 8"
	expect_board "$at: the queens, the squares they attack, the cursor on e4" 8 marks \
		"$(board_expect play 8 marks "a8 c7" cursor=e4)"
	expect_board "$at: e4's rank, file, diagonal and anti-diagonal lit" 8 "$lit" \
		"$(board_expect play 8 "$lit" "a8 c7" cursor=e4)"
	# A queen on d5, on a8's anti-diagonal, then the cursor off it to f2.
	keys Left Up Space
	expect_screen "$at: a third queen" "Queens: 3 of 8"
	expect_board "$at: d5 in conflict with a8, the cursor on it" 8 marks \
		"$(board_expect play 8 marks "a8 c7 d5" cursor=d5)"
	keys Right Right Down Down Down
	expect_board "$at: a8 and d5 marked in conflict, f2 the cursor" 8 marks \
		"$(board_expect play 8 marks "a8 c7 d5" cursor=f2)"
	expect_board "$at: b7 and c6 between them lit, and f2's four lines" 8 "$lit" \
		"$(board_expect play 8 "$lit" "a8 c7 d5" cursor=f2)"
	keys q
	wait_exit
done

# Solving is an event: the attack marks go, the cursor hides, every queen
# takes the one accent of a solve, a banner across the board says which
# solution it is, of which class, in what time, the bell rings (not with
# --quiet), and the time stops.  Read in colour at 80x24.
for quiet in "" --quiet; do
	start 80 24 -- play 5 $quiet
	wait_for "Queens: 0 of 5" >/dev/null
	place_solution 1 3 5 2 4
	expect_screen "${quiet:-bell}: a solved board says so" "Solved!"
	expect_screen "${quiet:-bell}: a banner across the board says which solution" \
		"Solved — #1 of 10,"
	expect_screen "${quiet:-bell}: of which class, and the time" "class 1, 0:[0-9][0-9]"
	bell=$(tm display -p '#{window_bell_flag}')
	want=1
	[ -n "$quiet" ] && want=0
	if [ "$bell" = "$want" ]; then
		pass "${quiet:-bell}: the bell rings ${quiet:+not }when the board is solved"
	else
		fail "${quiet:-bell}: the bell rings ${quiet:+not }when the board is solved" \
			"bell flag $bell"
	fi
done
# The banner is a band in the solve's accent over the board's middle rank:
# the background its lit queens have once it has gone.
banner_line=$(tm capture-pane -p -e | grep "Solved —")
banner_bg=$(printf '%s' "$banner_line" | sed -n 's/.*48;5;\([0-9]*\)m *Solved —.*/c\1/p')
if [ -n "$banner_bg" ]; then
	pass "the banner is a band of a colour ($banner_bg)"
else
	fail "the banner is a band of a colour" "$(printf '%s' "$banner_line" | cat -v)"
fi
# Its moment passes (four seconds on the game's clock): the board is then
# its queens alone, no attack marks, no cursor (it hides until a key).
if wait_gone "Solved —"; then
	pass "the banner goes after its moment"
else
	fail "the banner goes after its moment" "$(screen)"
fi
expect_board "nothing on the solved board but its queens, the cursor hidden" 5 marks \
	"$(printf '%s\n' "_ _ Q _ _" "_ _ _ _ Q" "_ Q _ _ _" "_ _ _ Q _" "Q _ _ _ _")"
# Lit: all five queens in one colour, which no empty square has.
lit_ok=no
poll_begin
while [ $lit_ok = no ]; do
	board_grid 5 bg | awk -v ranks="1 3 5 2 4" -v want="$banner_bg" '
		BEGIN { split(ranks, q, " ") }
		{ rank = 6 - NR; for (f = 1; f <= 5; f++) bg[f, rank] = $f }
		END {
			lit = bg[1, q[1]]
			if (lit != want)
				exit 1
			for (f = 1; f <= 5; f++)
				if (bg[f, q[f]] != lit) exit 1
			for (f = 1; f <= 5; f++)
				for (r = 1; r <= 5; r++)
					if (r != q[f] && bg[f, r] == lit) exit 1
		}' && lit_ok=yes
	[ $lit_ok = yes ] || poll_again || break
done
if [ $lit_ok = yes ]; then
	pass "every queen of the solved board lit in one colour of its own, the banner's"
else
	fail "every queen of the solved board lit in one colour of its own, the banner's" "banner $banner_bg; $(board_grid 5 bg)"
fi
keys Left
expect_board "a key brings the cursor back" 5 marks \
	"$(printf '%s\n' "_ _ Q _ _" "_ _ _ [_] Q" "_ Q _ _ _" "_ _ _ Q _" "Q _ _ _ _")"

# [ and ] can be undone like a move; s gives up and shows a solution.
keys ']'
expect_screen "] makes the board larger" "Play 6x6"
keys u
expect_screen "u takes the new size back" "Play 5x5"
expect_screen "and the queens with it" "Queens: 5 of 5"
keys ']'
wait_for "Play 6x6" >/dev/null
keys s
expect_screen "s shows a solution" "Queens: 6 of 6"
expect_screen "which is not counted" "not counted as found"
expect_screen "the panel says it was given up" "Given up: a solution shown"
if screen | grep -q "Solved"; then
	fail "giving up never says Solved" "$(screen)"
else
	pass "giving up never says Solved"
fi
expect_screen "nothing is found by giving up" "found 0 of 4"
expect_board "the solution given is one, the cursor where it was" 6 marks \
	"$(printf '%s\n' "[_] _ Q _ _ _" "_ _ _ _ _ Q" "_ Q _ _ _ _" "_ _ _ _ Q _" "Q _ _ _ _ _" \
		"_ _ _ Q _ _")"
keys u
expect_screen "u takes it back" "Queens: 0 of 6"
if wait_gone "Given up"; then
	pass "and with it the word that it was given up"
else
	fail "and with it the word that it was given up" "$(screen)"
fi

# A solved puzzle offers the next one, which n opens.
start 80 24 -- play --puzzle "$NQUEENS_DATADIR/puzzles/05-easy-01.txt"
wait_for "Puzzle: 5 queens, easy" >/dev/null
# d4 and e2 are given: c1 solves it.
place_solution 5 3 1
expect_screen "a solved puzzle offers the next, in the list's order" \
	"n opens the next puzzle, 05-medium-01"
keys Right
expect_screen "and keeps offering it" "n: the next puzzle, 05-medium-01"
keys n
expect_screen "n opens it" "Puzzle: 5 queens, medium, no. 1"
expect_screen "with its givens only" "Queens: 2 of 5"

# The puzzle of the day.  NQUEENS_TEST_DATE says which day it is (for the
# tests); Friday's is eight queens, hard, the same for everyone: a4 e7 h3
# given, one completion.  Thursday's was solved, so solving Friday's makes
# a streak of two days.
mkdir -p "$XDG_DATA_HOME/nqueens"
printf 'nqueens progress 1\nbest daily-2024-05-16 61000\n' >"$XDG_DATA_HOME/nqueens/progress"
start 80 24 NQUEENS_TEST_DATE=2024-05-17 -- play --daily
# tmux takes a program's OSC 52 into its buffer when set-clipboard is on.
tm set-option -s set-clipboard on
expect_screen "play --daily opens the puzzle of the day" "Puzzle: Daily puzzle, Friday 2024-05-17"
expect_screen "Friday's: eight queens, hard" "^nqueens - Play 8x8 puzzle"
expect_screen "its grade and clock" "hard, time 0:[0-9][0-9], best none"
expect_screen "the streak so far" "daily streak: 1 day in a row, today's to do"
# (the cursor's lines drawn across the free squares of rank 8 and a8's
# diagonal)
expect_board "its givens, a4 e7 h3, locked" 8 marks \
	"$(printf '%s\n' "[.] - . . . . - ." ". . . . (Q) . . ." ". _ . . . . _ ." ". . . \\ . . . ." \
		"(Q) . . . . . . ." ". . . . . . . (Q)" ". _ . _ . _ . ." ". _ _ . . . _ .")"
# Its completion, 4 8 1 5 7 2 6 3: b8 c1 d5 f2 g6, the last key the last queen.
keys Right Space Right Down Down Down Down Down Down Down Space Right Up Up Up Up Space
keys Right Right Down Down Down Space Right Up Up Up Up Space
expect_screen "solved, the banner says the streak" "Daily puzzle: 2 days in a row\."
share='nqueens daily 2024-05-17: 8x8 hard in 0:[0-9][0-9], clean, streak 2'
expect_screen "the result to share, on the screen: time, clean, streak, no square" \
	"To share: $share\$"
if tm show-buffer 2>/dev/null | grep -qx "$share"; then
	pass "and on the clipboard (OSC 52, tmux's buffer)"
else
	fail "and on the clipboard (OSC 52, tmux's buffer)" "$(tm show-buffer 2>&1)"
fi
keys q
wait_exit
expect_screen "and on standard output at the end" "^$share\$"
if grep -q "^best daily-2024-05-17 " "$XDG_DATA_HOME/nqueens/progress"; then
	pass "the day's time is kept in the progress file"
else
	fail "the day's time is kept in the progress file" "$(cat "$XDG_DATA_HOME/nqueens/progress")"
fi
# The menu says how the streak stands, and opens the day's puzzle; the next
# day's is another (Saturday's: ten queens, hard).
start 80 24 NQUEENS_TEST_DATE=2024-05-17 --
expect_screen "the menu's Daily: solved, two days" "Daily +today's puzzle: solved, 2 days in a row"
menu_open Daily
expect_screen "it opens the same puzzle" "Puzzle: Daily puzzle, Friday 2024-05-17"
keys q q
wait_exit
start 80 24 NQUEENS_TEST_DATE=2024-05-18 --
expect_screen "the next day, the streak goes on until its puzzle is done" \
	"Daily +today's puzzle: 2 days in a row so far"
menu_open Daily
expect_screen "the next day's puzzle is another" "Puzzle: Daily puzzle, Saturday"
expect_screen "Saturday's: ten queens" "^nqueens - Play 10x10 puzzle"
keys q
wait_for "Leave this puzzle for now|Board size" >/dev/null
keys y q
wait_exit
start 80 24 NQUEENS_TEST_DATE=2024-05-19 --
expect_screen "a day missed ends the streak" "Daily +today's puzzle, the same for everyone"
keys q
wait_exit

# A puzzle left unfinished is kept, queens, marks and clock, and resumed on
# return (Saturday's: ten queens, hard; b10 and d3 placed, e9 marked).
start 80 24 NQUEENS_TEST_DATE=2024-05-18 -- play --daily
wait_for "Puzzle: Daily puzzle, Saturday" >/dev/null
keys Right Space Right Right Down Down Down Down Down Down Down Space Right Up Up Up Up Up Up x
wait_for "Queens: 5 of 10" >/dev/null
# The cursor back where a game starts, a10, to compare the boards.
keys Home PageUp
sleep 2
before=$(board_grid 10 marks)
case $(printf '%s\n' "$before" | sed -n 2p) in
". . \\ . x "*) pass "x marks e9 with a cross of the player's" ;;
*) fail "x marks e9 with a cross of the player's" "$before" ;;
esac
clock=$(screen | sed -n 's/.*hard, time \([0-9]*:[0-9]*\),.*/\1/p')
keys q
wait_for "Leave this puzzle for now" >/dev/null
keys y
wait_exit
if grep -q "^set game.daily-2024-05-18 t [0-9]* h 0 v 0 q [0-9a-f]* x [0-9a-f]*$" \
	"$XDG_DATA_HOME/nqueens/progress"; then
	pass "q y keeps the game in the progress file"
else
	fail "q y keeps the game in the progress file" "$(cat "$XDG_DATA_HOME/nqueens/progress")"
fi
start 80 24 NQUEENS_TEST_DATE=2024-05-18 -- play --daily
expect_screen "reopened, the game is resumed with its clock" \
	"Your game resumed, its clock at $clock "
expect_board "with its queens and marks" 10 marks "$before"
keys c
expect_screen "c clears it" "Queens: 3 of 10"
keys q
wait_exit
if grep -q "^set game.daily-2024-05-18 *$" "$XDG_DATA_HOME/nqueens/progress"; then
	pass "a game cleared away is no longer kept"
else
	fail "a game cleared away is no longer kept" "$(cat "$XDG_DATA_HOME/nqueens/progress")"
fi

# The fair clock: it stands while the help is open and while the program is
# stopped (SIGTSTP, then SIGCONT), four seconds each.
start 80 24 -- play 8
wait_for "time 0:00" >/dev/null
keys ?
wait_for "Play: keys" >/dev/null
sleep 4
keys q
expect_screen "the clock stood while the help was open" "time 0:0[0-2](,|$)"
kill -TSTP "$(pid_of_program)"
sleep 4
kill -CONT "$(pid_of_program)"
keys Right
expect_screen "and while the program was stopped" "time 0:0[0-3](,|$)"
keys q
wait_exit

# Ctrl-C quits at once.
start 80 24 -- play 8
wait_for "Queens: 0 of 8"
keys C-c
wait_exit
modes_restored "Ctrl-C leaves the terminal as it was"
# A board too tall for the window scrolls by ranks but keeps all its files,
# the status wrapped beside it rather than the board cut to a few files.
start 60 20 -- play 18
wait_for "Queens: 0 of 18" >/dev/null
expect_screen "60x20, 18x18: all eighteen file letters under the board" \
	"^ +a b c d e f g h i j k l m n o p q r *$"
expect_screen "60x20, 18x18: the status beside it, whole words" "Solvable: yes,"
# The board shows ranks 2 to 18 and follows the cursor from there: it moves
# only when the cursor leaves it, never to put the cursor at its edge.
top_rank() {
	screen | sed -n '2s/^ *\([0-9]*\) .*/\1/p'
}
expect_top() {
	if within is "$2" top_rank; then
		pass "$1"
	else
		fail "$1" "the top rank shown is $(top_rank), not $2:" "$(screen)"
	fi
}
expect_top "60x20, 18x18: the top rank shown at the start is 18" 18
keys Down Down
expect_screen "the cursor two ranks down" "^16 \\[\\]"
expect_top "and the board stays where it was" 18
keys -N 14 Down
expect_screen "the cursor on rank 2, the bottom rank shown" "^ 2 \\[\\]"
expect_top "and the board still stays" 18
keys Down
expect_top "one more: the board moves a rank, to show rank 1" 17
keys q
wait_exit

# The lines between queens in conflict, each drawn in its own direction
# however many cross, read square by square from the glyphs about its
# middle.  With a8, c8, f5, c1 and h1, c7 showed a rank's line on the c
# file, d5 a rising line on the a8-h1 diagonal, and c6 lost that diagonal.
clash_lines() {
	screen | python3 -c '
import re, sys
rows = sys.stdin.buffer.read().decode("utf-8", "replace").split("\n")
labels = next(l for l in rows if re.match(r"^ +a +b +c +d +e +f +g +h( |$)", l))
for sq in sys.argv[1:]:
    cx = labels.index(sq[0])
    cy = next(i for i, l in enumerate(rows) if re.match(r"^ *%s " % sq[1:], l))
    at = lambda y, x: rows[y][x] if 0 <= y < len(rows) and x < len(rows[y]) else " "
    got = [name for name, y, x, g in (("rank", cy, cx - 1, "\u2501"),
                                      ("file", cy - 1, cx, "\u2503"),
                                      ("rising", cy - 1, cx + 2, "\u259e"),
                                      ("falling", cy - 1, cx - 2, "\u259a"))
           if at(y, x) == g]
    print(sq + ":" + ("+".join(got) or "none"))
' b8 b7 c7 c6 c5 c2 d7 d6 d5 e6 e5 e4 g2 d1 g1 | tr '\n' ' '
}
start 120 40 -- play 8
wait_for "Queens: 0 of 8" >/dev/null
keys Space Right Right Space Right Right Right Down Down Down Space \
	Left Left Left Down Down Down Down Space Right Right Right Right Right Space
wait_for "Queens: 5 of 8" >/dev/null
want="b8:rank b7:falling c7:file c6:file+falling c5:file c2:file d7:falling d6:none d5:falling e6:falling e5:none e4:falling g2:falling d1:rank g1:rank "
if within is "$want" clash_lines; then
	pass "five queens in conflict: every line drawn in its own direction"
else
	fail "five queens in conflict: every line drawn in its own direction" \
		"wanted: $want" "got:    $(clash_lines)" "$(screen)"
fi
keys q
wait_exit
# Solving never moves the board (issue 34): the status beside it keeps its
# width from the start, and the banner goes under the board (or over it),
# never across its queens, the time on the line of the class.  The board's
# place is where each rank's number and the file letters stand.
board_place() {
	screen | awk 'match($0, /^ *[1-8]( |$)/) || match($0, /^ *a +b +c/) {
		match($0, /[^ ]/)
		printf "%d:%d ", NR, RSTART
	}'
}
for size in 80x24 120x40; do
	start "${size%x*}" "${size#*x}" NQUEENS_TEST_CLOCK=1 -- play 8
	wait_for "Queens: 0 of 8" >/dev/null
	empty=$(board_place)
	all=$(solution_keys 1 5 8 6 3 7 2 4)
	keys ${all% Space}
	wait_for "Queens: 7 of 8" >/dev/null
	seven=$(board_place)
	keys Space
	wait_for "Solved —" >/dev/null
	solved=$(board_place)
	if [ "$empty" = "$seven" ] && [ "$seven" = "$solved" ] &&
		[ "$(echo $solved | wc -w)" -eq 9 ]; then
		pass "$size: solving leaves the board where it stood"
	else
		fail "$size: solving leaves the board where it stood" "empty:  $empty" \
			"seven:  $seven" "solved: $solved" "$(screen)"
	fi
	expect_board "$size: the banner hides none of the solved queens" 8 marks \
		"$(printf '%s\n' "_ _ Q _ _ _ _ _" "_ _ _ _ _ Q _ _" "_ _ _ Q _ _ _ _" \
			"_ Q _ _ _ _ _ _" "_ _ _ _ _ _ _ Q" "_ _ _ _ Q _ _ _" \
			"_ _ _ _ _ _ Q _" "Q _ _ _ _ _ _ _")"
	expect_screen "$size: the banner's time on the line of its class" \
		"Solved — #1 of 92, class 1, 0:00"
	keys q
	wait_exit
done
finish
