#!/bin/sh
# Watch's predict mode answered rightly and wrongly, and the folded tree of
# eight queens with its profile, in tmux.
. "${srcdir:-.}/tests/lib.sh"

# --quiz's refusals, made before the terminal is touched, are rows of
# tests/bad-input.txt.
. "${srcdir:-.}/tests/tmux-lib.sh"

# band: predict mode's band, beside the board or under it: its lines after
# the title, from the title's column, each up to a run of blanks (where a
# panel beside it would start), down to a blank line, a panel's title or
# the line of "Last:", joined by blanks.
band() {
	# One column a character, whatever the board draws left of it.
	screen | LC_ALL=C sed "$(printf 's/[\300-\367][\200-\277]*/?/g')" | LC_ALL=C awk '
		{ l[NR] = $0 }
		END {
			for (i = 1; i < NR; i++) {
				s = l[i]
				if (!on) {
					x = index(s, "Predict, ")
					if (x > 0 && (x == 1 || substr(s, x - 1, 1) == " "))
						on = 1
					continue
				}
				s = substr(s, x)
				if (match(s, /[^ ]  +/))
					s = substr(s, 1, RSTART)
				sub(/ +$/, "", s)
				if (s == "" || s ~ /^(Last: |Pseudocode|Python: |Counters|Call stack|Search tree|Nodes per level)/)
					break
				t = t (t == "" ? "" : " ") s
			}
			print t
		}'
}

# expect_band DESC TEXT: the band reads TEXT (a fixed string) in time.
expect_band() {
	if within is "$2" band; then
		pass "$1"
	else
		fail "$1" "wanted: $2" "got:    $(band)" "$(screen)"
	fi
}

# expect_grid DESC GRID: the board's marks (board_grid), ranks joined by |.
# grid_line: the board's marks, ranks joined by |.
grid_line() {
	board_grid 4 | tr '\n' '|'
}

expect_grid() {
	if within is "$2" grid_line; then
		pass "$1"
	else
		fail "$1" "wanted: $2" "got:    $(grid_line)"
	fi
}

start 100 30 -- watch 4 --quiz
expect_screen "--quiz opens Watch in predict mode" \
	"Predict, every decision \(W\): 0 of 0 right, streak 0"
expect_band "it says what it will do" \
	"Step (Right) or play (Space): the search stops before its next decision and asks you first."

# Event 2 tries a1: nothing attacks it.  Answered rightly.
keys Right Right
expect_band "the search stops before its decision and asks" \
	"solve(a) tries a1: will a1 be rejected? Answer y or n."
expect_screen "the key line says how to answer" "y yes  n no  Esc skip"
keys n
expect_screen "a right answer counts" "1 of 1 right, streak 1"
expect_band "and is explained" \
	"Right! a1 is free, no queen attacks it along its rank or either diagonal, so solve(a) puts its queen there. Space plays on to the next question."

# Space plays on to the next question: b1, which a1 attacks.  Answered wrongly.
keys Space
expect_band "Space runs on to the next question" \
	"solve(b) tries b1: will b1 be rejected? Answer y or n."
expect_screen "and stops there" "paused  speed 20/s  event 5 of 169"
keys n
expect_screen "a wrong answer counts and ends the streak" "1 of 2 right, streak 0"
expect_band "and is explained" \
	"Wrong. No: b1 is attacked by the queen on a1 along the rank, so it is rejected and solve(b) goes on with its next rank. Space plays on to the next question."

# b2: rejected, by the queen named with the cursor on the board.
keys Space
expect_band "the next question" "solve(b) tries b2: will b2 be rejected? Answer y or n."
keys y
expect_band "yes asks by which queen" \
	"b2 will be rejected, you say: by which queen? Your answer: _"
keys Down
expect_grid "the cursor stands on the queen of a1, by b2 tried" \
	"_ _ _ _|_ _ _ _|_ [q] _ _|[Q] _ _ _|"
keys Enter
expect_screen "named rightly" "2 of 3 right, streak 1"
expect_band "the attacker and its line" \
	"Right! b2 is attacked by the queen on a1 along a diagonal, so it is rejected and solve(b) goes on with its next rank. Space plays on to the next question."

# b3 is free: saying it is rejected is the answer, wrong at once (no "by
# which queen?" where none attacks it), and Escape after it changes nothing.
keys Space
expect_band "b3 asked" "solve(b) tries b3: will b3 be rejected? Answer y or n."
keys y
expect_screen "yes is wrong" "2 of 4 right, streak 0"
expect_band "b3 is free" \
	"Wrong. No: b3 is free, no queen attacks it along its rank or either diagonal, so solve(b) puts its queen there. Space plays on to the next question."
keys Escape
expect_screen "the first answer stands" "2 of 4 right, streak 0"

# Every placement: solve(c) places none, every rank of c being attacked.
keys W
expect_screen "W: every placement" "Predict, every placement \(W\): 2 of 4 right"
keys Space
expect_band "where will the next queen go" \
	"solve(c): where will the next queen go? Your answer: _"
expect_screen "Enter, typing and none on the key line" "Enter answer  type c4  - none"
keys Up Up
expect_grid "the cursor moves up file c, by b3's queen" \
	"_ _ _ _|_ Q [_] _|_ _ _ _|Q _ _ _|"
keys Enter
expect_screen "c3 is wrong" "2 of 5 right, streak 0"
expect_band "c3 is attacked, and so is every rank of c" \
	"Wrong. Not c3: the queen on b3 attacks it along the rank. c1 is attacked by a1 along the rank; c2 is attacked by b3 along a diagonal; 2 more squares are attacked. No rank is left: solve(c) returns without placing a queen, and the queen of the call before it comes off. Space plays on to the next question."

# Every return: solve(c) returns to solve(b), typed as its file.
keys W
expect_screen "W: every return" "Predict, every return \(W\)"
keys Space
expect_band "which call runs after this return" \
	"solve(c) has no rank left to try and returns: which call runs after this return? Your answer: _"
keys b
expect_band "the file typed shows" \
	"solve(c) has no rank left to try and returns: which call runs after this return? Your answer: b_"
keys Enter
expect_screen "right" "3 of 6 right, streak 1"
expect_band "the caller, under it on the stack" \
	"Right! A call returns to the one that called it, solve(b), just under it on the stack. solve(b) goes on after its call: its queen on b3 comes off. Space plays on to the next question."

# The next return is solve(d)'s, to solve(c): solve(a) is wrong.
keys Space
expect_band "solve(d) returns" \
	"solve(d) has no rank left to try and returns: which call runs after this return? Your answer: _"
keys a Enter
expect_screen "wrong" "3 of 7 right, streak 0"
expect_band "it returns to its caller" \
	"Wrong. Not solve(a). A call returns to the one that called it, solve(c), just under it on the stack. solve(c) goes on after its call: its queen on c2 comes off. Space plays on to the next question."

# Escape skips a question: its answer shows, and it counts as a skip.
keys Space
wait_for "which call runs after this return" >/dev/null
keys z
expect_band "z is never typed into the answer" \
	"solve(c) has no rank left to try and returns: which call runs after this return? Your answer: _"
expect_screen "z turns projector mode on while a question is asked" "Pseudocode: backtrack"
if screen | grep -q "tested: [0-9]"; then
	fail "projector mode shows no counters" "$(screen)"
else
	pass "projector mode shows no counters"
fi
keys z
wait_for "tested: [0-9]" >/dev/null
keys Escape
expect_screen "a skipped question counts as a skip" "3 of 8 right, 1 skipped, streak 0"
expect_band "its answer is told" \
	"Skipped. A call returns to the one that called it, solve(b), just under it on the stack. solve(b) goes on after its call: its queen on b4 comes off. Space plays on to the next question."

# n jumps past questions: each counts as skipped.
keys n
expect_screen "n's questions passed count as skipped" "3 of [0-9]+ right, [0-9]+ skipped, streak 0"
expect_screen "and it says so" "[0-9]+ questions? passed: counted as skipped\."
passed=$(screen | sed -n 's/.*\([0-9][0-9]*\) questions\{0,1\} passed: counted as skipped\..*/\1/p')
# Between event 43 and the first solution, one call returns (solve(b), at 45).
[ "$passed" = 1 ] && pass "n passed one question" || fail "n passed one question" "$passed" "$(screen)"

# Q leaves predict mode: its summary, each question and how it ended.
keys Q
expect_screen "Q opens the summary" \
	"^ nqueens - Summary: predict mode, Watch 4x4, backtrack, asking at every return"
expect_screen "its head: right, wrong, skipped, streaks" \
	"^ 9 questions: 3 right, 4 wrong, 2 skipped; best streak 1, streak at the end 0; [0-9]+:[0-9][0-9]\.$"
expect_screen "a right answer" "^ 1\. Right, in [0-9]+:[0-9][0-9]\. solve\(a\) tries a1: will a1 be rejected\? You said: no\.$"
expect_screen "a wrong one" "^ 2\. Wrong, in [0-9:]+\. solve\(b\) tries b1: will b1 be rejected\? You said: no\. The answer: yes,"
expect_screen "a yes said of a free square" "^ 4\. Wrong, in [0-9:]+\. solve\(b\) tries b3: will b3 be rejected\? You said: yes\. The answer: no\.$"
expect_screen "the skip" "^ 8\. Skipped, after [0-9:]+\. solve\(c\) has no rank left to try and returns"
expect_screen "the jump" "^ 9\. Skipped: the question of event 45, passed by a jump\.$"
keys x
expect_message "x writes the summary" "Written to nqueens-summary.txt in $tmpdir."
if grep -q "^nqueens: summary of predict mode, Watch 4x4, backtrack, asking at every" "$tmpdir/nqueens-summary.txt" &&
	grep -q "^9\. Skipped: the question of event 45, passed by a jump\.$" "$tmpdir/nqueens-summary.txt" &&
	[ "$(awk 'length($0) > 72' "$tmpdir/nqueens-summary.txt" | wc -l)" -eq 0 ]; then
	pass "the summary's file: its title and each question, in lines of 72 columns"
else
	fail "the summary's file: its title and each question, in lines of 72 columns" "$(cat "$tmpdir/nqueens-summary.txt")"
fi
keys q
expect_screen "q closes the summary: Watch, predict mode off" "Predict mode is off"
if screen | grep -q "Predict, "; then
	fail "the band is gone" "$(screen)"
else
	pass "the band is gone"
fi
keys q
wait_exit

# q in predict mode leaves it too, through its summary; with no question
# asked there is none to show.
start 100 30 -- watch 4 --quiz
keys Right Right
expect_band "a question" "solve(a) tries a1: will a1 be rejected? Answer y or n."
keys Escape
wait_for "1 skipped" >/dev/null
keys q
expect_screen "q shows the summary" \
	"^ 1 question: 0 right, 0 wrong, 1 skipped; best streak 0, streak at the end 0;"
keys q
wait_exit
start 100 30 -- watch 4 --quiz
wait_for "^Predict, every decision" >/dev/null
keys q
wait_exit

# The menu's Predict opens Watch in predict mode, at the size chosen.
start 80 24 --
expect_screen "the menu lists Predict" "Predict +the search: you say what comes next"
keys Left Left Left Left
menu_open Predict
expect_screen "Predict opens Watch 4x4" "Watch 4x4, backtrack"
expect_screen "in predict mode" "Predict, every decision"
keys q q
wait_exit

# The permutation method: b1 is tried, and its first test refuses it: a1
# holds rank 1.
start 100 30 -- watch 4 --quiz --algorithm permute
keys W Right
expect_band "permute asks where solve(a)'s queen goes" \
	"solve(a): where will the next queen go? Your answer: _"
keys Enter
expect_screen "a1, the cursor's square, is right" "1 of 1 right"
keys Space
expect_band "permute asks where solve(b)'s queen goes" \
	"solve(b): where will the next queen go? Your answer: _"
keys 1 Enter
expect_band "rank 1 is used" \
	"Wrong. Not b1: the queen on a1 attacks it along the rank. b1 is attacked by a1 along the rank; b2 is attacked by a1 along a diagonal. b3 is free, and the loop tries the ranks in order, from 1 up, so the queen goes on b3. Space plays on to the next question."
keys q
wait_exit

# tree_lines ANCHOR: the lines under ANCHOR, from its column to the next
# column (two blanks or more), down to a blank line.
tree_lines() {
	screen | ANCHOR=$1 awk '
		x == 0 && (i = index($0, ENVIRON["ANCHOR"])) > 0 { x = i; next }
		x > 0 {
			t = substr($0, x)
			if (match(t, /[^ ]  +[^ ]/))
				t = substr(t, 1, RSTART)
			sub(/ +$/, "", t)
			if (t == "")
				exit
			print t
		}'
}

# The folded tree of eight queens at its fifth solution, a2 b4 c6 d8 e3 f1 g7 h5.
start 120 40 -- --ascii watch 8
keys n n n n n
expect_screen "the fifth solution" "Last: solution 5: 2 4 6 8 3 1 7 5"
# Each call on a line under its caller: its queen, then its siblings tried
# before it (x dead ends, * solutions below them) and the ranks it has left.
got=$(tree_lines "Search tree, folded" | head -8 | tr '\n' '|')
want='a2 *4 +6|\b4 x3 +4| \c6 x5 +2|  \d8 x7|   \e3 x2 +5|    \f1 +7|     \g7 x6 +1|      \h5 x4 +3|'
if [ "$got" = "$want" ]; then
	pass "the path in full, its siblings folded"
else
	fail "the path in full, its siblings folded" "got:  $got" "want: $want" "$(screen)"
fi
lit='\[(4[0-7]|48;[0-9;]+|7)m'
if tm capture-pane -p -e | grep -Eq "${lit}h5" && ! tm capture-pane -p -e | grep -Eq "${lit}g7"; then
	pass "the node of the event is lit, and only it"
else
	fail "the node of the event is lit, and only it" "$(tm capture-pane -p -e | grep -E 'g7|h5')"
fi
keys e
expect_screen "e runs to the end" "Last: done: 92 solutions"
# Each level's line: its number, its count, its bar.
profile=$(screen | awk '
	x == 0 && (i = index($0, "Nodes per level")) > 0 { x = i; next }
	x > 0 && k++ < 9 { split(substr($0, x), f, " "); printf "%s%s", sep, f[2]; sep = " " }')
if [ "$profile" = "1 8 42 140 344 568 550 312 92" ]; then
	pass "the profile of the search: OEIS A319284 for n = 8"
else
	fail "the profile of the search: OEIS A319284 for n = 8" "$profile" "$(screen)"
fi
keys q
wait_exit

# In UTF-8 the solutions are stars and the dead ends crosses.
start 120 40 -- watch 8
keys n n n n n
expect_screen "the folded tree in UTF-8" "a2 ★4 \+6"
expect_screen "dead ends as crosses" "b4 ×3 \+4"
keys q
wait_exit

# At 60x20, with its band, predict mode keeps the listing whole: its words
# are the question's, before the counters.
start 60 20 -- watch 4 --quiz
keys Right Right Right
expect_screen "60x20: a question asked" "will a1 be rejected\?"
expect_screen "60x20: the listing's first line" "procedure solve\(file\)"
expect_screen "60x20: its recursive call" "solve\(file \+ 1\)"
expect_screen "60x20: its last line" "^ +return *$"
keys q
wait_exit

# With eight queens the pseudocode takes the lines of the profile and the
# counts before it is cut (it was cut to five lines under them).
start 60 20 -- watch 8 --quiz
keys Right Right Right
expect_screen "60x20, eight queens: a question asked" "will a1 be rejected\?"
expect_screen "60x20, eight queens: the listing to its recursive call" "solve\(file \+ 1\)"
expect_screen "60x20, eight queens: and on to the queen taken off" "x\[file\] := none"
keys q
wait_exit

# Beside a program the questions name the calls as the program does,
# solve(0) for file a, and a call is typed by its number too.
start 100 30 -- watch 4 --quiz --code python
keys Right Right Right
expect_band "beside Python, the question names solve(0)" \
	"solve(0) tries a1: will a1 be rejected? Answer y or n."
keys n
expect_band "and so does its answer" \
	"Right! a1 is free, no queen attacks it along its rank or either diagonal, so solve(0) puts its queen there. Space plays on to the next question."
keys W W Space
expect_band "a return, by the program's numbers" \
	"solve(2) has no rank left to try and returns: which call runs after this return? Your answer: _"
keys 1 Enter
expect_band "the caller typed by its number" \
	"Right! A call returns to the one that called it, solve(1), just under it on the stack. solve(1) goes on after its call: its queen on b3 comes off. Space plays on to the next question."
keys q
wait_exit

# The narration beside a program names the calls as the program does, and
# while a question is asked it does not answer it: a1 tried on an empty
# board is not said to be free until the answer is in.
start 120 40 -- watch 4 --quiz --code python
keys Right Right
expect_band "asked about a1" "solve(0) tries a1: will a1 be rejected? Answer y or n."
expect_screen "the narration in Python's names" "^solve\(0\) tries a1\. Its rank and"
if screen | grep -Eq "No queen stands|nothing can"; then
	fail "the narration does not say a1 is free while it is asked" "$(screen)"
else
	pass "the narration does not say a1 is free while it is asked"
fi
keys n
expect_screen "answered, the narration says it" "^solve\(0\) tries a1\. No queen stands"
keys Space
expect_band "the next question" "solve(1) tries b1: will b1 be rejected? Answer y or n."
expect_screen "the narration names solve(1)" "^solve\(1\) tries b1\."
keys q
wait_exit

# The event's words beside a program name its calls too.
start 80 24 -- watch 4 --code python
keys Right Right Right Right
expect_screen "Last: names the call as Python does" "^Last: enter solve\(1\)"
keys q
wait_exit

# Changed to a search that is no tree, the band names the four that are.
start 100 30 -- watch 8 --quiz
wait_for "Predict" || fail "watch 8 --quiz: the band shows" "$(screen)"
keys a a a a
expect_band "repair: the band names the tree searches, bits among them" \
	"Predict mode asks about the tree searches: backtrack, scan, permute and bits (a changes the algorithm)."
keys q
wait_exit

echo "1..$checks"
[ "$failures" -eq 0 ]
