#!/bin/sh
# Lesson scripts: the shipped lessons run to their end by keys alone, each
# step read by what it draws; lesson --list; a malformed lesson refused.
. "${srcdir:-.}/tests/lib.sh"
# No lessons of the tester's own: the lists below are the shipped ones.
export XDG_DATA_HOME="$tmpdir/data"

# --list: each shipped lesson, its minutes and its title.
out=$(nq lesson --list)
if printf '%s\n' "$out" | grep -Eq '^four-queens +14 min +Recursion with four queens$' &&
	printf '%s\n' "$out" | grep -Eq '^python +10 min +From pseudocode to Python$' &&
	printf '%s\n' "$out" | grep -Eq '^symmetry +4 min +The symmetry of the 92 solutions$' &&
	[ "$(printf '%s\n' "$out" | wc -l)" -eq 3 ]; then
	pass "lesson --list lists the three lessons"
else
	fail "lesson --list lists the three lessons" "$out"
fi

# The shipped lessons check clean, their minutes as measured.
for l in four-queens python symmetry; do
	out=$(nq lesson --check "$l" 2>&1)
	case $out in
	*": good: "*) pass "lesson --check $l: $out" ;;
	*) fail "lesson --check $l" "$out" ;;
	esac
done

# lesson --check: words that name a panel projector mode hides, without a
# keep: line; a question's words that hold its answer (b4 at event 21, or
# its rank as the listing counts it: Python's rank 3).  Status 2, each
# error at the say: line that says it.
cat >"$tmpdir/words.txt" <<'LESSON'
title: words

say: Watch the search.
say: At the end the counters say 2 solutions.
show: watch 4
play

say: The counters again, kept this time.
show: watch 4
keep: counters

say: solve(b) goes on with its next rank, b4.
say: Where will its queen go?
show: watch 4
run: 21
ask: 1

say: solve(1) goes on with rank 3. Where will its queen go?
show: watch 4
code: python
run: 21
ask: 1
LESSON
nq lesson --check "$tmpdir/words.txt" >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
if [ $rc -eq 2 ] && [ ! -s "$tmpdir/out" ] && [ "$(cat "$tmpdir/err")" = "nqueens lesson: $tmpdir/words.txt:4: the words name the counters, which --big hides (keep: counters keeps them in projector mode)
nqueens lesson: $tmpdir/words.txt:12: the words say b4, the answer to the step's question (a question's own words must not give its answer away)
nqueens lesson: $tmpdir/words.txt:18: the words say rank 3, the answer to the step's question (a question's own words must not give its answer away)" ]; then
	pass "lesson --check: a hidden panel named, answers given away: status 2, each at its line"
else
	fail "lesson --check: a hidden panel named, answers given away: status 2, each at its line" \
		"status $rc" "$(cat "$tmpdir/err")"
fi

# lesson --check warns, at its minutes: line, when the minutes said and
# those measured are more than half apart; a Play step and two words
# measure 182 s, so 2 and 7 minutes are too far, 3 and 6 are not.
for m in 2 3 6 7; do
	printf 'title: Timed\nminutes: %d\n\nsay: by hand\nshow: play 4\n' $m >"$tmpdir/timed$m.txt"
	nq lesson --check "$tmpdir/timed$m.txt" >"$tmpdir/out" 2>"$tmpdir/err"
	rc=$?
	case $m in
	2 | 7) said="warned at its line" want="nqueens lesson: $tmpdir/timed$m.txt:2: warning: minutes: $m, but the lesson measures 3 (more than half off)" ;;
	*) said="no warning" want="" ;;
	esac
	if [ $rc -eq 0 ] && [ "$(cat "$tmpdir/err")" = "$want" ] &&
		[ "$(cat "$tmpdir/out")" = "$tmpdir/timed$m.txt: good: 1 step, minutes: $m, measured 3" ]; then
		pass "lesson --check: minutes: $m against 3 measured: $said"
	else
		fail "lesson --check: minutes: $m against 3 measured" "status $rc" "$(cat "$tmpdir/out" "$tmpdir/err")"
	fi
done

# A malformed lesson: status 2 and one line naming the file and the line,
# before any terminal is touched.
printf 'title: bad\n\nsay: hi\nshow: watch 4\nrun: soon\n' >"$tmpdir/bad.txt"
nq lesson "$tmpdir/bad.txt" </dev/null >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
	grep -q "^nqueens lesson: $tmpdir/bad.txt:5: run: takes a number" "$tmpdir/err"; then
	pass "a malformed lesson exits 2 naming its file and line"
else
	fail "a malformed lesson exits 2 naming its file and line" "status $rc" "$(cat "$tmpdir/err")"
fi

# A lesson's budget: its Watch steps' searches run 50,000,000 events in all,
# each counted from its start.  200 steps of watch 20 to event 49999999 (7
# KB) took 93 s to check, and as long before `lesson FILE` opened, with
# nothing on the screen; 200 steps of run: end about 11 minutes.  Each is
# refused at its second step, within seconds.
heavy() {
	{
		echo "title: heavy"
		i=1
		while [ $i -le 200 ]; do
			printf '\nsay: step %d\nshow: watch 20\nrun: %s\n' $i "$2"
			i=$((i + 1))
		done
	} >"$1"
}
heavy "$tmpdir/heavy.txt" 49999999
heavy "$tmpdir/heavy-end.txt" end

# refuse_soon DESC SECONDS PATTERN ARGS...: status 2, one line on stderr
# matching PATTERN, nothing on stdout, within SECONDS.
refuse_soon() {
	desc=$1 secs=$2 pattern=$3
	shift 3
	timeout -k 1 "$secs" ${NQ_WRAP:+"$NQ_WRAP"} "$NQUEENS" "$@" \
		</dev/null >"$tmpdir/out" 2>"$tmpdir/err"
	rc=$?
	if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
		fail "$desc" "no answer within $secs s"
	elif [ $rc -ne 2 ] || [ -s "$tmpdir/out" ] || [ "$(wc -l <"$tmpdir/err")" -ne 1 ] ||
		! grep -Eq -- "$pattern" "$tmpdir/err"; then
		fail "$desc" "status $rc, wanted 2" "stdout: $(head -c 300 "$tmpdir/out")" \
			"stderr: $(head -c 600 "$tmpdir/err")" "wanted one line matching: $pattern"
	else
		pass "$desc"
	fi
}

soon=5
[ -n "${NQ_WRAP:-}" ] && soon=60
# What run: names is known before a search runs: refused at once.
budget="step 2 passes the lesson's budget of 50000000 events \\(its Watch steps' searches together, each from its start\\)"
refuse_soon "lesson --check: 200 steps to event 49999999 refused at step 2, before any search" $soon \
	"^nqueens lesson: $tmpdir/heavy.txt:9: $budget: the steps before it run at least 49999999, its run: 49999999 needs 49999999 more; no search is run$" \
	lesson --check "$tmpdir/heavy.txt"
refuse_soon "lesson FILE: the same, before the screen opens" $soon \
	"^nqueens lesson: $tmpdir/heavy.txt:9: $budget" lesson "$tmpdir/heavy.txt"
# run: end is known only by running: step 1 runs the whole budget (about
# half a second), step 2 finds none left.  Too slow for valgrind.
if [ -z "${NQ_WRAP:-}" ]; then
	timeout -k 1 10 "$NQUEENS" lesson --check "$tmpdir/heavy-end.txt" \
		</dev/null >/dev/null 2>"$tmpdir/err"
	rc=$?
	if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
		fail "200 steps of run: end refused at step 2 within 10 s" "still checking"
	elif [ $rc -eq 2 ] && [ "$(cat "$tmpdir/err")" = "nqueens lesson: $tmpdir/heavy-end.txt:5: run: end: the search of watch 20 runs past the 50000000 events a lesson runs
nqueens lesson: $tmpdir/heavy-end.txt:9: step 2 passes the lesson's budget of 50000000 events (its Watch steps' searches together, each from its start): the steps before it run 50000000, its run: end needs more than the 0 left; the steps after it are not checked" ]; then
		pass "200 steps of run: end refused at step 2 within 10 s"
	else
		fail "200 steps of run: end refused at step 2 within 10 s" "status $rc" "$(cat "$tmpdir/err")"
	fi
fi

. "${srcdir:-.}/tests/tmux-lib.sh"

# expect_step DESC K N: the panel says step K of N.
expect_step() {
	expect_screen "$1: step $2 of $3" " - step $2 of $3( |$)"
}

# next_step K N: Space on to step K of N.  While a step's search plays to
# where its words end, a Space takes it there, says so and stays; the next
# Space goes on.
next_step() {
	keys Space
	if wait_for "Space: straight to event [0-9]+, where this step ends\.| - step $1 of $2( |$)" &&
		screen | grep -q "Space: straight to event"; then
		keys Space
	fi
	expect_step "Space" "$1" "$2"
}

# queens_on N: the squares of the board on the screen that hold a queen,
# read square by square (board_grid), file by file: "a1 b3".
queens_on() {
	board_grid "$1" marks | awk -v n="$1" '
		{ for (f = 1; f <= NF; f++) if ($f ~ /Q/) q[f] = substr("abcdefghijklmnopqrst", f, 1) (n - NR + 1) }
		END { s = ""; for (f = 1; f <= n; f++) if (f in q) s = s (s == "" ? "" : " ") q[f]; print s }'
}

# board_is DESC N SQUARES: the board on the screen holds queens on SQUARES only.
board_is() {
	poll_begin
	while :; do
		[ "$(queens_on "$2")" = "$3" ] && break
		poll_again || break
	done
	if [ "$(queens_on "$2")" = "$3" ]; then
		pass "$1"
	else
		fail "$1" "wanted queens on: $3" "read: $(queens_on "$2")" "$(board_grid "$2" marks)" "$(screen)"
	fi
}

# No board at all: a text step stands alone.
no_board() {
	if board_grid 4 marks | grep -q "^no file letters"; then
		pass "$1"
	else
		fail "$1" "$(screen)"
	fi
}

start 120 40 -- lesson four-queens
expect_step "the lesson opens at its first step" 1 13
expect_screen "with its title" "^ Recursion with four queens - step 1"
expect_panel "the first step's text, wrapped at words" "Four queens on" \
	"^Four queens on a 4x4 board, and no two of them may attack each other:"
no_board "a text step shows no board"

keys Space
expect_step "Space" 2 13
expect_screen "Play opens on a 4x4 board" "Play 4x4"
# p at step 2 goes back to the first step, its words and no board.
keys p
expect_step "p at step 2" 1 13
expect_panel "the first step's words again" "Four queens on" \
	"^Four queens on a 4x4 board, and no two of them may attack each other:"
no_board "the text step again, without Play's board"
keys Space
expect_step "Space again" 2 13
expect_panel "the second step's words" "Try it first" "^Try it first by hand\."
keys o
board_is "o places a queen at Play's cursor" 4 "a4"
keys Down Right o
board_is "and a second one" 4 "a4 b3"

keys Space
expect_step "Space" 3 13
expect_screen "what solve(file) does" "The search is one procedure, solve\(file\)"
no_board "the explanation stands alone"
# p at step 3: Play's step again, its words and a 4x4 board.
keys p
expect_step "p at step 3" 2 13
expect_screen "Play again" "Play 4x4"
expect_panel "the second step's words again" "Try it first" "^Try it first by hand\."
keys Space
expect_step "Space again" 3 13
expect_screen "the explanation again" "The search is one procedure, solve\(file\)"

keys Space
expect_step "Space" 4 13
expect_screen "Watch opens" "Watch 4x4, backtrack, all solutions"
# Each Watch step opens where its words begin (run:) and plays, at its
# speed, to where they end (until:), and stops there.
expect_screen "run: 1 opens after event 1, playing at speed: 1" "playing +speed 1/s +event [12] of 169"
expect_screen "until: event 3 stops the animation there" "paused +speed 1/s +event 3 of 169"
board_is "a1 placed" 4 "a1"
expect_screen "the stack" "solve\(a\) rank = 1"

keys Space
expect_step "Space" 5 13
expect_screen "a question is asked in the pseudocode's words" \
	"solve\(b\) is running: where will the next queen go\?"
expect_screen "at event 4" "event 4 of 169"
keys e 1 Enter
expect_screen "an answer that is no square is refused, saying why" \
	"'e1' is no square of the 4x4 board: its files are a to d, its ranks 1 to 4\."
expect_screen "and stays typed" "Your answer: e1_"
expect_screen "nothing is counted" " - step 5 of 13$"
keys BSpace BSpace 2 Enter
expect_screen "a wrong answer is told" "Not b2: the queen goes to b3\."
expect_screen "and explained" "b2 is attacked by a1 along a diagonal"
expect_screen "the score" "step 5 of 13  0 of 1 right, streak 0"
board_is "the search moves to the queen asked about" 4 "a1 b3"
expect_screen "event 10" "event 10 of 169"
# Back and on again: asked again, but the first answer stands.
keys p
expect_step "p" 4 13
# Step 4 plays again to event 3: a Space before it gets there ends it there.
next_step 5 13
expect_screen "the question again" "solve\(b\) is running: where will the next queen go\?"
expect_screen "said to be asked before" "Asked before: the first answer stands, this one is not counted\."
keys 3 Enter
expect_screen "a rank alone is on the file of the call named, as in Watch" "Right: b3\."
expect_screen "and not counted" "step 5 of 13  0 of 1 right, streak 0"

keys Space
expect_step "Space" 6 13
expect_screen "backtracking: from event 10" "event (1[0-9]|2[01]) of 169"
# One Space: while the search plays to the step's end (event 21, at 2/s from
# 10), Space takes it there and says so; the next Space is the next step.
expect_screen "the key line says what Space does before the step's end" "Space to step's end"
keys Space
expect_step "Space before the step's end stays on the step" 6 13
expect_screen "and says where the search went" "Space: straight to event 21, where this step ends\."
expect_screen "the key line: Space next again" "Space next"
expect_screen "played to event 21, where solve(b) takes b3 off" "paused +speed 2/s +event 21 of 169"
board_is "a1 alone" 4 "a1"
expect_screen "Watch's own narration" "Last: remove b3"

keys Space
expect_step "Space" 7 13
expect_screen "the first of two questions, solve(b)'s queen" \
	"solve\(b\) is running: where will the next queen go\?"
keys Escape
expect_screen "Escape skips it, with the answer" "Skipped\. The queen goes to b4\."
expect_screen "a skipped question counts as skipped" "step 7 of 13  0 of 2 right, 1 skipped, streak 0"
keys Space
expect_screen "Space asks the second question, naming no call (c2 is solve(c)'s)" \
	"Where will the next queen go\?"
keys 2 Enter
expect_screen "with no call named, a rank alone names no square" \
	"'2' is a rank alone: type the whole square, such as c2\."
keys BSpace c 3 BSpace 2
expect_screen "Backspace erases what was typed" "Your answer: c2_"
keys Enter
expect_screen "a right answer" "Right: c2\."
expect_screen "is scored" "step 7 of 13  1 of 3 right, 1 skipped, streak 1"
board_is "the board holds the three queens" 4 "a1 b4 c2"

keys Space
expect_step "Space" 8 13
expect_screen "from event 28" "event (2[89]|[34][0-9]) of 169"
patience=$((patience * 3))
expect_screen "played to event 47, a1 taken off" "paused +speed 2/s +event 47 of 169"
patience=$((patience / 3))
board_is "an empty board" 4 ""

keys Space
expect_step "Space" 9 13
expect_screen "until: solution" "Last: solution 1: 2 4 1 3"
board_is "the first solution" 4 "a2 b4 c1 d3"
expect_screen "the stack, four calls deep" "solve\(d\) rank = 3"

keys Space
expect_step "Space" 10 13
expect_screen "the second solution" "Last: solution 2: 3 1 4 2"
board_is "a3 b1 c4 d2" 4 "a3 b1 c4 d2"

keys Space
expect_step "Space" 11 13
expect_screen "speed: and play" "playing +speed 5/s"
keys o
expect_screen "o pauses the search" "paused +speed 5/s"
# Step over, on > where o plays: from a placement, the call it makes runs whole.
at=$(screen | sed -n 's/.*event \([0-9]*\) of 169.*/\1/p')
keys '>'
expect_screen "> steps over" "paused +speed 5/s +event [0-9]+ of 169"
keys '?'
expect_screen "the help lists step over under >, not o" "^│ > +step over: one event"
keys q

keys Space
expect_step "Space" 12 13
expect_screen "Browse opens the class's members" "class 1 of 1, 2 members"

keys Space
expect_step "Space" 13 13
expect_screen "the summary" "solve\(file\) tries every rank of its file"
# Backspace erases an answer and nothing else: p goes back.
keys BSpace
expect_step "Backspace is no step back" 13 13
keys p
expect_step "p goes back" 12 13
keys p
expect_step "and again" 11 13
keys Space Space
expect_step "on again" 13 13
keys Space
expect_screen "Space after the last step: the lesson's summary" \
	"^ nqueens - Summary: the lesson \"Recursion with four queens\", all 13 steps"
expect_screen "its questions" "^ 3 questions: 1 right, 1 wrong, 1 skipped; best streak 1, streak at the end 1; [0-9]+:[0-9][0-9]\.$"
expect_screen "each" "^ 1\. Wrong, in [0-9:]+\. Step 5: solve\(b\) is running: where will the next queen go\? You said: b2\. The"
expect_screen "the skipped one" "^ 2\. Skipped, after [0-9:]+\. Step 7: solve\(b\) is running: where will the next queen go\? The answer: b4\.$"
keys x
expect_message "x writes it" "Written to nqueens-summary.txt in $tmpdir."
keys q
wait_exit
if [ "$status" = 0 ]; then
	pass "q on the summary ends the program"
else
	fail "q on the summary ends the program" "status $status"
fi

start 120 40 -- lesson symmetry
expect_step "the symmetry lesson" 1 7
expect_screen "its title" "^ The symmetry of the 92 solutions - step 1"
keys Space
expect_step "Space" 2 7
expect_screen "Browse: the 92 solutions" "Solution 1 / 92"
board_is "solution #1" 8 "$(nq solve 8 --index 1 --format algebraic)"
keys Right
expect_screen "Right pages on" "Solution 2 / 92"
keys Space
expect_step "Space" 3 7
expect_screen "the eight symmetries" "A square board has eight symmetries"
keys Space
expect_step "Space" 4 7
expect_screen "class 1's members" "class 1 of 12, 8 members"
keys Space
expect_step "Space" 5 7
expect_screen "the classes, all 12 on the screen" "class 12, 8 members"
keys Space
expect_step "Space" 6 7
expect_screen "class 10, its own half turn" "class 10 of 12, 4 members, symmetry: own 180"
expect_screen "the half turn leaves it as it is" "id = rot180"
keys Space
expect_step "Space" 7 7
expect_screen "the count" "11 classes of 8 members and 1 class of 4 make 88 \+ 4 = 92\."
keys q
expect_screen "q leaves the lesson: its summary" "^ No question was asked; [0-9]+:[0-9][0-9]\.$"
keys q
wait_exit
if [ "$status" = 0 ]; then
	pass "q leaves the lesson"
else
	fail "q leaves the lesson" "status $status"
fi

# From pseudocode to Python: code: chooses the listing, step by step; the
# language said holds for the steps after it; c goes on to C within a step.
start 120 40 -- lesson python
expect_step "the Python lesson" 1 10
keys Space
expect_step "Space" 2 10
expect_screen "code: pseudocode" "Pseudocode: backtrack"
next_step 3 10
expect_screen "code: python, the same event" "Python: backtrack.py"
expect_screen "its lit line, the first call" ">[0-9]+ solve\(0\)"
expect_screen "the variables, by Python's names" "^rank_used +\. \. \. \."
next_step 4 10
next_step 5 10
expect_screen "a question in Python's step, the call named as Python names it" \
	"solve\(1\) is running: where will the next queen go\?"
expect_screen "the narration's event too" "Last: enter solve\(1\)"
keys Escape
expect_screen "skipped" "The queen goes to b3\."
keys Space
expect_step "Space" 6 10
expect_screen "after b3: rank_used[2] taken" "^rank_used +T \. T \."
keys c
expect_screen "c: the listing in C" "C: backtrack.c"
next_step 7 10
expect_screen "the step's own code: python again" "Python: backtrack.py"
expect_screen "the question names the call as Python does" \
	"solve\(1\) is running: where will the next queen go\?"
expect_screen "and asks for rank as Python counts it" \
	"Your answer: _  \(a square such as c2, or rank's value from 0, then Enter\)"
# Python's rank 3 is b4: a rank alone is read as the listing counts.
keys 3 Enter
expect_screen "3 is rank 3 as Python counts, b4: right" "Right: b4\."
expect_screen "the reason names the call as Python does" "b4 is free, so solve\(1\) puts its queen there\."
board_is "the search moves to b4" 4 "a1 b4"
keys q
wait_exit

# At 80x24 the Python listing scrolls round the lit line: its window starts
# with a line of data/code/backtrack.py (its first 12 columns after its
# number, as the variables panel may follow close), never with the tail of
# one broken in two ("+ rank").
start 80 24 -- lesson python
expect_step "the Python lesson at 80x24" 1 10
next_step 2 10
next_step 3 10
expect_screen "Python's listing, at event 3" "paused +speed 1/s +event 3 of 169"
top=$(screen | awk '
	c { s = substr($0, c); sub(/^ +/, "", s); sub(/^[0-9]+ +/, "", s); s = substr(s, 1, 12); sub(/ +$/, "", s); print s; exit }
	(i = index($0, "Python: backtrack.py")) { c = i }')
if [ -n "$top" ] && awk -v t="$top" '{ sub(/^ +/, "") } index($0, t) == 1 { f = 1 } END { exit !f }' \
	"${srcdir:-.}/data/code/backtrack.py"; then
	pass "the listing's window starts with a line of backtrack.py: $top"
else
	fail "the listing's window starts with a line of backtrack.py" "top: $top" "$(screen)"
fi
keys q
wait_exit

# Watch's c in a lesson: the language chosen holds for the steps after it
# until one names its own, a question names the calls as that program does,
# and the config file is left as it was (a teacher's c in class is not
# their default the next time).
rm -f "$XDG_CONFIG_HOME/nqueens/config"
cat >"$tmpdir/c.txt" <<'LESSON'
title: c in a lesson
say: one
show: watch 4
run: 1

say: two
show: watch 4
run: 4
ask: 1

say: three
show: watch 4
code: java
run: 1

say: four
show: watch 4
run: 1
LESSON
start 120 40 -- lesson "$tmpdir/c.txt"
expect_step "a lesson whose steps name no code" 1 4
expect_screen "the config file's listing: none, the pseudocode" "Pseudocode: backtrack"
keys c
expect_screen "c: Python" "Python: backtrack.py"
keys Space
expect_step "Space" 2 4
expect_screen "the next step keeps c's Python" "Python: backtrack.py"
expect_screen "its question names the call as Python does" \
	"solve\(1\) is running: where will the next queen go\?"
keys Escape
expect_screen "skipped" "The queen goes to b3\."
keys Space
expect_step "Space" 3 4
expect_screen "a step's own code wins over c's" "Java: Backtrack.java"
keys Space
expect_step "Space" 4 4
expect_screen "and holds after it" "Java: Backtrack.java"
keys q
wait_exit
if [ -e "$XDG_CONFIG_HOME/nqueens/config" ] &&
	grep -q "^code" "$XDG_CONFIG_HOME/nqueens/config"; then
	fail "c in a lesson leaves the config file's code alone" \
		"$(cat "$XDG_CONFIG_HOME/nqueens/config")"
else
	pass "c in a lesson leaves the config file's code alone"
fi
# A Watch user's choice kept in the config file is not a lesson's: its
# words name calls and ranks as the pseudocode does (solve(a)), so a
# lesson that names no listing shows the pseudocode.
mkdir -p "$XDG_CONFIG_HOME/nqueens"
printf 'code = java\n' >"$XDG_CONFIG_HOME/nqueens/config"
start 120 40 -- lesson "$tmpdir/c.txt"
expect_step "a lesson naming no code, the config file's code java" 1 4
expect_screen "the pseudocode, not the config file's Java" "Pseudocode: backtrack"
keys q
wait_exit
rm -f "$XDG_CONFIG_HOME/nqueens/config"

# The menu's Lessons: the list, and the one chosen runs.
start 80 24 --
expect_screen "the menu" "Board size"
menu_open Lessons
expect_screen "the lessons are listed" "four-queens +14 min +Recursion with four queens"
expect_screen "all three" "symmetry +4 min +The symmetry of the 92 solutions"
keys Down Down Enter
expect_step "the one chosen runs" 1 7
keys q
expect_screen "q shows the summary" "^ nqueens - Summary: the lesson \"The symmetry of the 92 solutions\", left at step"
keys q
expect_screen "q goes back to the list" "nqueens - Lessons"
keys Escape
expect_screen "Escape to the menu" "Board size"

# Projector mode at 80x24: --big on every step, the whole stack four calls
# deep, z off and on again (also while a question is asked, never typed).
start 80 24 -- lesson four-queens --big
expect_step "lesson --big" 1 13
keys Space Space Space
expect_step "to the first Watch step" 4 13
expect_screen "projector mode: the listing" "Pseudocode: backtrack"
if screen | grep -q "tested: [0-9]"; then
	fail "projector mode: no counters" "$(screen)"
else
	pass "projector mode: no counters"
fi
next_step 5 13
expect_screen "a question" "solve\(b\) is running: where will the next queen go\?"
keys z
expect_screen "z while a question is asked: projector mode off" "tested: [0-9]"
expect_screen "z is not typed" "Your answer: _"
keys z
wait_gone "tested: [0-9]" >/dev/null
keys b 3 Enter
expect_screen "answered" "Right: b3\."
next_step 6 13
next_step 7 13
expect_screen "the next question" "solve\\(b\\) is running: where will the next queen go\\?"
keys Escape
expect_screen "skipped" "Skipped\\. The queen goes to b4\\."
keys Space
keys c 2 Enter
expect_screen "answered again" "Right: c2\."
next_step 8 13
next_step 9 13
expect_screen "until: solution" "Last: solution 1: 2 4 1 3|event 69 of 169"
stack=$(screen | grep -o 'solve([a-d]) rank = [0-9-]' | tr '\n' ' ')
if [ "$stack" = "solve(a) rank = 2 solve(b) rank = 4 solve(c) rank = 1 solve(d) rank = 3 " ] &&
	! screen | grep -q "last [0-9] of"; then
	pass "80x24 --big: the whole stack, four calls deep"
else
	fail "80x24 --big: the whole stack, four calls deep" "$stack" "$(screen)"
fi
keys z
expect_screen "z: projector mode off, kept on the next steps" "tested: [0-9]"
next_step 10 13
expect_screen "still off" "tested: [0-9]"
keys z q
expect_screen "the summary" "^ nqueens - Summary: the lesson"
keys q
wait_exit

# Projector mode keeps the panels a step's keep: names: four-queens step
# 11 says what the counters say at the end, and shows them.
start 80 24 -- lesson four-queens --big
expect_step "lesson --big" 1 13
keys Space Space Space
expect_step "Space" 4 13
next_step 5 13
expect_screen "step 5 asks" "Your answer: _"
keys Escape
expect_screen "skipped" "Skipped\."
keys Space
expect_step "Space" 6 13
next_step 7 13
expect_screen "step 7 asks" "Your answer: _"
keys Escape
expect_screen "skipped" "Skipped\. The queen goes to b4\."
keys Space
expect_screen "and asks again" "Your answer: _"
keys Escape
expect_screen "skipped" "Skipped\. The queen goes to c2\."
keys Space
expect_step "Space" 8 13
next_step 9 13
next_step 10 13
next_step 11 13
expect_screen "its words name the counters" "At the end the counters say 2"
keys e
expect_screen "e: the end" "event 169 of 169"
for c in "tested: 60" "placed: 16" "solutions: 2"; do
	expect_screen "projector mode keeps the counters the words name: $c" "$c"
done
keys z
expect_screen "z: projector mode off, the counters still" "tested: 60"
keys z Space
expect_step "the next step" 12 13
keys q q
wait_exit

# A step's big line turns it on, big: off off; a step without one keeps it.
printf 'title: big\n\nsay: one\nshow: watch 4\nbig\n\nsay: two\nshow: watch 4\n\nsay: three\nshow: watch 4\nbig: off\n' >"$tmpdir/big.txt"
start 80 24 -- lesson "$tmpdir/big.txt"
expect_step "a lesson with big lines" 1 3
expect_screen "big: the listing" "Pseudocode: backtrack"
screen | grep -q Counters && fail "big: projector mode" "$(screen)" || pass "big: projector mode"
keys Space
expect_step "Space" 2 3
screen | grep -q Counters && fail "a step without a big line keeps it" "$(screen)" ||
	pass "a step without a big line keeps it"
keys Space
expect_step "Space" 3 3
expect_screen "big: off ends it" "tested: [0-9]"
keys q q
wait_exit

# While a lesson asks, Watch's narration keeps the answer: asked where the
# next queen goes after a1 is tried, it does not say nothing attacks a1.
printf 'title: quiet\n\nsay: Where does solve(a) put its queen?\nshow: watch 4\nrun: 2\nask: 1\n\nsay: In Python.\nshow: watch 4\ncode: python\nrun: 4\n' >"$tmpdir/quiet.txt"
start 120 40 -- lesson "$tmpdir/quiet.txt"
expect_screen "a question after try a1" "solve\(a\) is running: where will the next queen go\?"
expect_screen "the narration says what is tried" "solve\(a\) tries a1\."
if screen | grep -Eq "No queen stands|nothing can"; then
	fail "the narration does not give the answer away" "$(screen)"
else
	pass "the narration does not give the answer away"
fi
keys a 1 Enter
expect_screen "answered" "Right: a1\."
keys Left
expect_screen "back to try a1" "event 2 of 169"
expect_screen "asked no more, the narration is whole again" "No queen stands yet, so nothing can"
# Beside Python the narration's title and its words name Python's calls.
keys Space
expect_step "Space" 2 2
expect_screen "the narration's title" "Last: enter solve\(1\)"
expect_screen "and its words" "solve\(0\) calls solve\(1\) to place"
keys q q
wait_exit

# lesson with no name opens the menu's list.
start 80 24 -- lesson
expect_screen "lesson alone lists the lessons" "four-queens +14 min"

# --step K opens the lesson at step K as stepping there would: step 5's
# Watch at its event, its question asked; p goes back to step 4.
start 120 40 -- lesson four-queens --step 5
expect_step "lesson --step 5" 5 13
expect_screen "its Watch at its event" "event 4 of "
expect_screen "its question asked" "solve\(b\) is running: where will the next queen go\?"
keys Escape
expect_screen "Escape skips it" "Skipped\. The queen goes to b3\."
keys p
expect_step "p from the rehearsed step" 4 13
keys q q
wait_exit

# The user's own lessons, $XDG_DATA_HOME/nqueens/lessons: listed beside
# the shipped ones, marked (yours); one of a shipped lesson's name is the
# one that runs; a malformed one is named with its file and line in the
# list, which goes on, and refused when opened; a FIFO does not hang it.
mine="$XDG_DATA_HOME/nqueens/lessons"
mkdir -p "$mine"
printf 'title: My own lesson\nminutes: 1\n\nsay: Mine, the whole of it.\n' >"$mine/own.txt"
printf 'title: My symmetry\n\nsay: My symmetry, one step.\n' >"$mine/symmetry.txt"
printf 'title: Broken\n\nsay: x\nshow: watch 99\n' >"$mine/broken.txt"
mkfifo "$mine/fifo.txt"
timeout -k 1 10 "$NQUEENS" lesson --list >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
if [ $rc -eq 0 ] && [ ! -s "$tmpdir/err" ] && [ "$(sed 's/  */ /g' "$tmpdir/out")" = "broken cannot be read: $mine/broken.txt:4: the board size must follow, from 1 to 20 (yours)
fifo cannot be read: $mine/fifo.txt: not a regular file (a FIFO) (yours)
four-queens 14 min Recursion with four queens
own 1 min My own lesson (yours)
python 10 min From pseudocode to Python
symmetry ? min My symmetry (yours)" ]; then
	pass "lesson --list: the user's lessons beside the shipped ones, marked, a bad one named at its line"
else
	fail "lesson --list: the user's lessons beside the shipped ones, marked, a bad one named at its line" "status $rc" "$(cat "$tmpdir/out" "$tmpdir/err")"
fi
nq lesson broken </dev/null >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
if [ $rc -eq 2 ] && [ "$(cat "$tmpdir/err")" = "nqueens lesson: $mine/broken.txt:4: the board size must follow, from 1 to 20" ]; then
	pass "lesson NAME: the user's malformed lesson refused, named at its line"
else
	fail "lesson NAME: the user's malformed lesson refused, named at its line" "status $rc" "$(cat "$tmpdir/err")"
fi
rm "$mine/fifo.txt" "$mine/broken.txt"
# Without XDG_DATA_HOME, ~/.local/share/nqueens/lessons.
mkdir -p "$tmpdir/home/.local/share/nqueens/lessons"
cp "$mine/own.txt" "$tmpdir/home/.local/share/nqueens/lessons/home.txt"
out=$(unset XDG_DATA_HOME; HOME="$tmpdir/home" "$NQUEENS" lesson --list)
if printf '%s\n' "$out" | grep -Eq '^home +1 min +My own lesson \(yours\)$'; then
	pass "lesson --list: without XDG_DATA_HOME, ~/.local/share/nqueens/lessons"
else
	fail "lesson --list: without XDG_DATA_HOME, ~/.local/share/nqueens/lessons" "$out"
fi
start 120 40 -- lesson symmetry
expect_screen "lesson symmetry runs the user's lesson of that name" "^ My symmetry - step 1 of 1"
keys q q
wait_exit
start 80 24 -- lesson
expect_screen "the menu lists the user's lessons, marked" "own +1 min +My own lesson \(yours\)"
keys Down Enter
expect_screen "and runs one" "^ My own lesson - step 1 of 1"
rm -r "$mine"

# A check that takes over a second says so on a terminal's stderr, and
# takes the line away when it is done: five lessons of 45,000,000 events
# each, about 0.4 s apiece.
i=1
files=""
while [ $i -le 5 ]; do
	printf 'title: w%d\n\nsay: hi\nshow: watch 20\nrun: 45000000\n' $i >"$tmpdir/w$i.txt"
	files="$files w$i.txt"
	i=$((i + 1))
done
start 80 12 -- lesson --check $files
expect_screen "a check past a second shows its progress" "^Checking lesson: step 1 of 1$"
wait_exit
if [ "$status" = 0 ] && [ "$(screen | grep -c ': good: 1 step')" -eq 5 ] && ! screen | grep -q Checking; then
	pass "and takes it away: five good lines"
else
	fail "and takes it away: five good lines" "status $status" "$(screen)"
fi

finish
