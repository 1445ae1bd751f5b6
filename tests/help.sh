#!/bin/sh
# The help overlay (?) and the lists that scroll: Play's keys in their groups
# whole at 80x24, a help too long for its window saying what is below and
# how to scroll to it, never scrolled past its last line; the puzzle list
# saying what is out of sight (issue 34).
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

# box_lines: the lines inside the help's box, without its borders.
box_lines() {
	screen | sed -n 's/^ *│\(.*\)│ *$/\1/p'
}

# box_has PATTERN: whether a line inside the box matches PATTERN.
box_has() {
	box_lines | grep -Eq -- "$1"
}

# expect_box DESC PATTERN: passes when a line inside the box matches in time.
expect_box() {
	if within box_has "$2"; then
		pass "$1"
	else
		fail "$1" "wanted in the box: $2" "$(screen)"
	fi
}

# Every key of Play with what it does, and the headings of their groups,
# at once at 80x24 (in two columns): nothing left below, nothing to scroll.
start 80 24 -- play 8
wait_for "Queens: 0 of 8" >/dev/null
keys '?'
expect_screen "80x24: ? opens Play's help" "Play: keys"
for heading in Moving Placing Undoing Viewing "Puzzles and leaving" Everywhere; do
	expect_box "80x24: the heading $heading" "(^| )$heading( |$)"
done
for key in "arrows, k j h l +move the cursor" "wheel +up or down a rank" \
	"Home End +first or last file" "PgUp PgDn +top or bottom rank" \
	"Space Enter +place or remove a queen" "click +place or remove there" \
	"t +hint: a square" "Escape +hide the hint" "x +mark \"no queen" \
	"right-click +the same, where clicked" "s +give up:" "a +cycle assists" \
	"u +undo" "Ctrl-R, U +redo" "c +clear the" \
	"\\[ - \\] \\+ = +smaller or larger board" "w +watch the" \
	"b +when solved:" "n +after a puzzle" "q +leave \\(asks" \
	"\\? +this help" "T +the next colour theme" "Ctrl-C +quit at once" \
	"Ctrl-Z +suspend" "Ctrl-L +redraw the screen"; do
	expect_box "80x24: the help lists $key" "$key"
done
if screen | grep -q "more below"; then
	fail "80x24: Play's help fits, nothing below" "$(screen)"
else
	pass "80x24: Play's help fits, nothing below"
fi
expect_screen "80x24: its foot says any key closes it" "any key closes this"
# Two columns: a heading of the second beside a line of the first.
expect_box "80x24: in two columns" "[a-z].*   (Viewing|Puzzles and leaving|Everywhere)"
# Nothing scrolls, so Down closes it, as the foot says.
keys Down
if wait_gone "Play: keys"; then
	pass "80x24: Down closes a help that does not scroll"
else
	fail "80x24: Down closes a help that does not scroll" "$(screen)"
fi

# Too short for all: one column that says what is below and how to scroll.
resize 60 20
wait_for "Queens: 0 of 8" >/dev/null
keys '?'
expect_screen "60x20: the help says there is more below" "↓ [0-9]+ more below"
expect_screen "60x20: and which keys scroll it" \
	"Up/Down/PgUp/PgDn scroll, any other key closes"
first=$(box_lines | sed -n 2p | sed 's/^ *//; s/ *$//')
keys Down
expect_screen "60x20: Down scrolls, saying what is above" "↑ 1 more above"
if box_lines | grep -qF -- "$first"; then
	fail "60x20: the first line scrolled away" "first: $first" "$(screen)"
else
	pass "60x20: the first line scrolled away"
fi
# PgDn to the end: its last line at the bottom of the box, no blank under it.
keys PageDown PageDown PageDown PageDown PageDown
expect_box "60x20: PgDn to the end shows the last line" "Ctrl-L +redraw the screen"
last_box() {
	box_lines | tail -1 | grep -Eq "Ctrl-L +redraw the screen"
}
if within last_box && ! screen | grep -q "more below"; then
	pass "60x20: at the end the last line is at the bottom of the box"
else
	fail "60x20: at the end the last line is at the bottom of the box" "$(screen)"
fi
# Up from the end moves at once: PgDn did not scroll past it.
above=$(screen | sed -n 's/.*↑ \([0-9]*\) more above.*/\1/p')
keys Up
expect_screen "60x20: Up from the end scrolls back one line" "↑ $((above - 1)) more above"
# Keys that come at once: PgDn past the end stops there, so Up after it
# moves at once too.
keys Up
wait_for "↑ $((above - 2)) more above" >/dev/null
keys PageDown PageDown PageDown Up
expect_screen "60x20: PgDn past the end, then Up, in one go" "↑ $((above - 1)) more above"
# A taller window scrolls less far: the end stays at the bottom.
keys PageDown
wait_for "↑ $above more above" >/dev/null
resize 60 22
# The frame drawn at the new size: the box's border on the pane's last line.
border_last() {
	screen | tail -1 | grep -q "^└"
}
if within border_last && within last_box; then
	pass "60x22: after a resize the last line is still at the bottom"
else
	fail "60x22: after a resize the last line is still at the bottom" "$(screen)"
fi
keys x
if wait_gone "Play: keys"; then
	pass "any other key closes it"
else
	fail "any other key closes it" "$(screen)"
fi
keys q
wait_exit

# The puzzle list: what is below, then what is above.
start 80 24 --
wait_for "Board size" >/dev/null
keys p
expect_screen "the puzzle list says there are more below" "^ +↓ [0-9]+ more below"
keys End
expect_screen "at its end, more above" "^ +↑ [0-9]+ more above"
if screen | grep -q "more below"; then
	fail "at its end, none below" "$(screen)"
else
	pass "at its end, none below"
fi
keys q
wait_exit

# watch --replay's keys: Watch's stepping keys, and what each does there.
sed 's/ or up_used\[up\] or down_used\[down\]//' "${srcdir:-.}/data/code/backtrack_events.py" |
	python3 - 6 >"$tmpdir/student.txt"
start 80 24 -- watch 6 --replay "$tmpdir/student.txt"
wait_for "the same so far" >/dev/null
keys '?'
expect_screen "80x24: ? opens the replay's help" "Watch: replay: keys"
expect_box "80x24: the replay's help under its heading" "(^| )Stepping( |$)"
for key in "Space +play or pause: both searches in lockstep, pausing where they" \
	"Right, \\. +one event forward \\(past the divergence, your events alone\\)" \
	"Left, , +one event back" "End, e +run to where the searches part, then to the end" \
	"Home, r +back to the start" \
	"\\+ = - +faster or slower" "q +leave"; do
	expect_box "80x24: the replay's help lists $key" "$key"
done
keys x
wait_gone "Watch: replay: keys" >/dev/null

# Queens with regions: its own keys in their groups, whole at 80x24, t's two presses said.
start 80 24 -- play --regions 8 --seed 7
wait_for "Queens 8x8, regions" >/dev/null
keys '?'
expect_screen "80x24: ? opens the regions help" "Queens with regions: keys"
for heading in Moving Placing Undoing "Assists and leaving" Everywhere; do
	expect_box "80x24: the regions help's heading $heading" "(^| )$heading( |$)"
done
for key in "arrows, k j h l +move the cursor" "Space Enter +place or remove a queen" \
	"x +mark \"no queen" "t +hint: the next" \
	"Escape +hide the hint" "u +undo" "Ctrl-R, U +redo" "c +clear the board" \
	"a +assists: hints and dots on" "w +watch it reasoned: the" "q +leave"; do
	expect_box "80x24: the regions help lists $key" "$key"
done
if screen | grep -q "more below"; then
	fail "80x24: the regions help fits, nothing below" "$(screen)"
else
	pass "80x24: the regions help fits, nothing below"
fi
keys q
wait_gone "Queens with regions: keys" >/dev/null
keys q
wait_exit
# Watch it reasoned: its own keys in their groups, whole at 80x24.  Its box
# stands over the board, not alone on its lines: read between its corners.
box_lines() {
	screen >"$tmpdir/box"
	python3 - "$tmpdir/box" <<'PY'
import sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
top = [i for i, l in enumerate(lines) if "┌" in l]
if top:
    l0 = lines[top[0]]
    a, b = l0.index("┌"), l0.index("┐")
    for l in lines[top[0] + 1:]:
        if len(l) > b and l[a] == "│":
            print(l[a + 1:b])
PY
}
start 80 24 -- watch --regions 8 --seed 7
wait_for "Watch it reasoned" >/dev/null
keys '?'
expect_screen "80x24: ? opens Watch it reasoned's help" "Watch it reasoned: keys"
for heading in Stepping "The phases" Leaving Everywhere; do
	expect_box "80x24: Watch it reasoned's help heading $heading" "(^| )$heading( |$)"
done
for key in "Space +play or pause" "Right, \\. +one step forward" "Left, , +one step back" \
	"End, e +to the end of the phase" "Home, r +back to the start" \
	"\\+ = - +faster or slower" "Tab, s +the reasoning or the search" "q +leave"; do
	expect_box "80x24: Watch it reasoned's help lists $key" "$key"
done
if screen | grep -q "more below"; then
	fail "80x24: Watch it reasoned's help fits, nothing below" "$(screen)"
else
	pass "80x24: Watch it reasoned's help fits, nothing below"
fi
keys q
wait_gone "Watch it reasoned: keys" >/dev/null
keys q
wait_exit
finish
