#!/bin/sh
# Watch for a lesson, in tmux: step over and out, the previous solution, run
# to a depth and the breakpoints, each checked by the event it stops at
# against nqueens trace; the place kept across f, a and ]; the first call
# after --from and Play's w; the narration against trace --explain; projector
# mode; the handout file.
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

# The event number the progress line shows.
event_now() {
	screen | sed -n 2p | grep -Eo 'event [0-9]+' | grep -Eo '[0-9]+'
}

# expect_event DESC K: passes when the screen is at event K in time.
expect_event() {
	if wait_for "event $2 of"; then
		pass "$1 (event $2)"
	else
		fail "$1" "wanted event $2, at event $(event_now)" "$(screen)"
	fi
}

# goto K: from the start, K events forward.
goto() {
	keys Home
	wait_for "event 0 of" >/dev/null
	[ "$1" -gt 0 ] && keys -N "$1" .
	wait_for "event $1 of" >/dev/null
}

# The trace of 6x6 with the stack's depth after each event: "K DEPTH WORDS".
nq trace 6 | awk '
	{ d += ($1 == "enter") - ($1 == "return"); print NR, d, $0 }' >"$tmpdir/trace6"
last=$(wc -l <"$tmpdir/trace6")

# over K: the event step over stops at from event K, by the rule of the
# debuggers: the next event, and on while the stack is deeper than at K.
over() {
	awk -v k="$1" -v last="$last" '
		$1 == k { d = $2 }
		$1 > k && ($2 <= d || $1 == last) { print $1; exit }' "$tmpdir/trace6"
}
# out K: on until the stack is shallower than at K.
out() {
	awk -v k="$1" -v last="$last" '
		$1 == k { d = $2 }
		$1 > k && ($2 < d || $1 == last) { print $1; exit }' "$tmpdir/trace6"
}
# first PATTERN [AFTER]: the first event after AFTER (0) whose line matches.
first() {
	awk -v after="${2:-0}" -v pat="$1" '$1 > after && $0 ~ pat { print $1; exit }' \
		"$tmpdir/trace6"
}

start 100 30 -- --ascii watch 6
expect_screen "6x6 opens" "event 0 of $last( |$)"

# Step over and step out from a try, a place (the call it makes runs whole),
# an enter, and from deep in the search.
for k in $(first '^[0-9]+ 2 try ') $(first ' place ') $(first ' place ' 20) \
	$(first ' enter solve\(c\)') $(first ' 4 reject ') 300; do
	goto "$k"
	keys o
	expect_event "o steps over from event $k: $(sed -n "${k}p" "$tmpdir/trace6" | cut -d' ' -f3-)" "$(over "$k")"
	goto "$k"
	keys u
	expect_event "u steps out from event $k" "$(out "$k")"
done
keys Home
keys u
expect_message "u at the start says there is no call to leave" "No call is under way: u steps out of one."

# The previous solution: from the end, then from the last, then from between.
sols=$(grep -E '^[0-9]+ [0-9]+ solution ' "$tmpdir/trace6" | cut -d' ' -f1)
set -- $sols
nsols=$#
keys e
wait_for "event $last of" >/dev/null
for s in $(printf '%s\n' $sols | sort -rn); do
	keys N
	expect_event "N goes back to the solution before" "$s"
done
keys N
expect_message "N at the first solution says there is none before" "No solution before this one."
between=$(($1 + 5))
goto "$between"
keys N
expect_event "N between two solutions goes to the one before" "$1"

# Run to a depth.
for depth in 3 5; do
	keys Home
	keys d
	expect_screen "d asks the depth" "Run to the depth \(1 to 6\): _"
	keys $depth Enter
	expect_event "d $depth runs to the first call $depth deep" \
		"$(awk -v d=$depth '$3 == "enter" && $2 == d { print $1; exit }' "$tmpdir/trace6")"
done

# Breakpoints: each stops the animation where trace says, and says which.
keys + + + + + + + + +
expect_screen "the fastest speed" "speed 1000/s"
keys b s Enter
expect_screen "b s sets a breakpoint at each solution" "Breakpoints: a solution"
keys Home Space
expect_event "playing stops at the first solution" "$1"
expect_screen "and says so" "Breakpoint: solution 1 is found"
expect_screen "and pauses" "^ paused"
keys Space
expect_event "playing on stops at the next" "$2"
keys b s Enter
wait_gone "Breakpoints:" >/dev/null && pass "b s again clears it" || fail "b s again clears it" "$(screen)"
# A square typed.
sq=d3
keys b d 3 Enter
expect_screen "b d3 sets a breakpoint at a square" "Breakpoints: d3 tried"
keys Home Space
k=$(first " try $sq\$")
expect_event "playing stops when d3 is first tried" "$k"
expect_screen "and says which" "Breakpoint: d3 is tried"
keys Space
expect_event "and at the next try of d3" "$(first " try $sq\$" "$k")"
keys b d 3 Enter
# The square shown: the event's own square.
k=$(first ' try e2$')
goto "$k"
keys b Enter
expect_screen "b Enter sets a breakpoint at the square shown" "Breakpoints: e2 tried"
keys Home Space
expect_event "playing stops at the first try of e2" "$k"
# A depth, with the square still set: whichever comes first.
keys b 5 Enter
expect_screen "two breakpoints listed" "Breakpoints: e2 tried, depth 5"
keys Home Space
d5=$(awk '$3 == "enter" && $2 == 5 { print $1; exit }' "$tmpdir/trace6")
[ "$d5" -lt "$k" ] && want=$d5 || want=$k
expect_event "playing stops at the first of them" "$want"
keys B
expect_message "B clears every breakpoint" "Every breakpoint cleared."
wait_gone "Breakpoints:" >/dev/null && pass "and the list goes" || fail "and the list goes" "$(screen)"
keys b z 9 Enter
expect_message "a square off the board is refused" "Not a breakpoint: 'z9' is not one square of the 6x6 board."
keys q
wait_exit

# The place kept when the search changes: first or all up to the first
# solution, backtrack or scan, a larger board as far as it goes the same.
trace8=$(nq trace 8)
first_diff() {
	printf '%s\n' "$trace8" >"$tmpdir/a"
	nq trace "$@" >"$tmpdir/b"
	cmp "$tmpdir/a" "$tmpdir/b" | awk '{ print $NF - 1 }'
}
start 100 30 -- --ascii watch 8
wait_for "event 0 of 37519" >/dev/null
keys -N 100 .
wait_for "event 100 of" >/dev/null
keys f
expect_screen "f: the first-solution search" "backtrack, first solution"
expect_event "keeps the event" 100
keys f
expect_screen "f again: all" "backtrack, all solutions"
expect_event "keeps it too" 100
keys a
expect_screen "a: scan" "Watch 8x8, scan"
expect_event "scan's events are backtrack's: the same event" 100
keys a
expect_screen "a: permute" "Watch 8x8, permute"
expect_event "permute's events are backtrack's too (every rank tried): the same event" 100
keys a
expect_screen "a: bits" "Watch 8x8, bits"
keys a a a
expect_screen "back to backtrack" "Watch 8x8, backtrack"
keys n n
wait_for "Last: solution 2" >/dev/null
at=$(event_now)
keys f
p=$(first_diff 8 --first)
expect_event "after the first solution, f goes where first and all part" "$p"
expect_message "and says so" "This search is the same only up to event $p: it stays there (it was $at)."
keys f
keys -N 100 .
wait_for "event $((p + 100)) of" >/dev/null
keys ']'
p=$(first_diff 9)
expect_screen "] a larger board" "Watch 9x9"
expect_event "the same as far as 8x8 and 9x9 go alike" "$p"
keys q
wait_exit

# After --from the listing's outside call is the file the search starts in.
start 100 30 -- --ascii watch 8 --from 1,3
expect_screen "--from 1,3 opens" "from the queens given"
if screen | grep -q 'solve(a)'; then
	fail "no solve(a) is shown" "$(screen)"
else
	pass "no solve(a) is shown"
fi
keys .
expect_screen "the first event enters solve(c)" "Last: enter solve\(c\)"
expect_lit "the lit line calls solve(c)" "solve(c)"
keys q
wait_exit
start 100 30 -- --ascii play 6
keys Space
expect_screen "Play: a queen on file a" "Queens: 1 of 6"
keys w
expect_screen "w watches from it" "from the queens given"
keys .
expect_lit "the listing calls solve(b)" "solve(b)"
keys q q
wait_exit

# The narration: trace's line, then the sentences of trace --explain.
nq trace 6 --explain >"$tmpdir/explain6"
start 120 40 -- --ascii watch 6
wait_for "event 0 of" >/dev/null
done_to=0
for k in 1 2 3 $(first ' reject ') $(first ' return ') $(first ' solution '); do
	keys -N $((k - done_to)) .
	done_to=$k
	wait_for "event $k of" >/dev/null
	want=$(sed -n "$((2 * k - 1)),$((2 * k))p" "$tmpdir/explain6" | sed '1s/^/Last: /; 2s/^  //')
	i=0
	while [ "$(panel_lines "Last: ")" != "$want" ] && [ $i -lt 30 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if [ "$(panel_lines "Last: ")" = "$want" ]; then
		pass "event $k narrated as trace --explain says it"
	else
		fail "event $k narrated as trace --explain says it" "want: $want" \
			"got: $(panel_lines "Last: ")" "$(screen)"
	fi
done
full=$(panel_lines "Last: " | sed -n 2p)
keys v
i=0
while [ "$(panel_lines "Last: " | sed -n 2p)" = "$full" ] && [ $i -lt 30 ]; do
	sleep 0.1
	i=$((i + 1))
done
short=$(panel_lines "Last: " | sed -n 2p)
if [ -n "$short" ] && [ ${#short} -lt ${#full} ]; then
	pass "v: the short narration, shorter ($short)"
else
	fail "v: the short narration, shorter" "full: $full" "short: $short" "$(screen)"
fi
keys q
wait_exit
# A window without room keeps the one line.
start 50 16 -- --ascii watch 8
keys .
expect_screen "50x16: the one line" "^Last: enter solve\(a\)"
if screen | grep -q "The search begins"; then
	fail "50x16: without the narration's sentences" "$(screen)"
else
	pass "50x16: without the narration's sentences"
fi
keys q
wait_exit

# Projector mode: the board larger, no counters, the theme given back.
start 100 30 -- watch 8
wait_for "event 0 of" >/dev/null
size_small=$(board_grid 8 size)
colours=$(tm capture-pane -p -e | sed -n 2p)
keys z
wait_gone "tested:" >/dev/null
size_z=$(board_grid 8 size)
keys z
expect_screen "z again: the counters come back" "tested: 0"
if [ "$(tm capture-pane -p -e | sed -n 2p)" = "$colours" ]; then
	pass "z again: the colours as before"
else
	fail "z again: the colours as before" "$(tm capture-pane -p -e | sed -n 2p)"
fi
keys q
wait_exit
start 100 30 -- watch 8 --big
expect_screen "--big opens" "Pseudocode: backtrack"
expect_screen "with the stack" "Call stack"
size_big=$(board_grid 8 size)
if screen | grep -Eq "tested:|Counters|Last:|Nodes per level"; then
	fail "--big: no counters, narration or levels" "$(screen)"
else
	pass "--big: no counters, narration or levels"
fi
set -- $size_small
small=$(($1 * $2))
set -- $size_big
if [ "$(($1 * $2))" -gt "$small" ] && [ "$size_z" = "$size_big" ]; then
	pass "--big and z: squares larger ($size_big, not $size_small)"
else
	fail "--big and z: squares larger" "normal $size_small, z $size_z, --big $size_big" "$(screen)"
fi
keys q
wait_exit

# The handout: the last ten events told as trace --explain tells them, the
# frame as text, and the frame as an SVG sheet.
start 100 30 -- --ascii watch 6
wait_for "event 0 of" >/dev/null
keys -N 30 .
wait_for "event 30 of" >/dev/null
keys x
stem=nqueens-watch-6x6-backtrack-event-30
name=$stem.txt
expect_message "x says both files' names" "Written to $name and $stem.svg in $tmpdir."
file=$tmpdir/$name
# Events 21 to 30 of trace --explain --width 72, each with its lines.
nq trace 6 --explain --width 72 | awk '!/^  / { k++ } k >= 21 && k <= 30' >"$tmpdir/told"
if [ "$(sed -n '/tells them:$/,/^The board after/p' "$file" | sed '1,2d;$d' | sed '$d')" = "$(cat "$tmpdir/told")" ]; then
	pass "the handout tells events 21 to 30 as trace --explain --width 72 does"
else
	fail "the handout tells events 21 to 30 as trace --explain --width 72 does" "$(cat "$file")" "want:" "$(cat "$tmpdir/told")"
fi
intro=$(sed -n '3,/tells them:$/p' "$file" | tr '\n' ' ')
case $intro in
*'`nqueens trace 6` prints the whole trace; its first 30 lines are the search so far. Events 21 to 30, and what each means, as `nqueens trace 6 --explain --width 72` tells them: ')
	pass "it names the commands" ;;
*) fail "it names the commands" "$intro" ;;
esac
if [ "$(awk 'length($0) > 72' "$file" | wc -l)" -eq 0 ]; then
	pass "no line of it is longer than 72 columns"
else
	fail "no line of it is longer than 72 columns" "$(awk 'length($0) > 72' "$file")"
fi
svg=$tmpdir/$stem.svg
if xmllint --noout "$svg" 2>/dev/null && grep -q '>Pseudocode: backtrack<' "$svg" &&
	grep -q '>Call stack<' "$svg"; then
	pass "the SVG sheet is well formed, with the listing and the stack"
else
	fail "the SVG sheet is well formed, with the listing and the stack" "$(head -c 600 "$svg")"
fi
missing=
for f in $(screen | grep -o 'solve([a-z]) rank = [0-9-]*' | tr ' ' '_'); do
	grep -q ">$(printf '%s' "$f" | tr '_' ' ')<" "$svg" || missing="$missing $f"
done
[ -z "$missing" ] && pass "the sheet's stack is the screen's" ||
	fail "the sheet's stack is the screen's" "missing:$missing"
# The queens after event 30, by trace, against the picture's ranks.
want=$(nq trace 6 | head -30 | awk '
	$1 == "place" { r[substr($2, 1, 1)] = substr($2, 2) }
	$1 == "remove" { delete r[substr($2, 1, 1)] }
	END { for (f = 0; f < 6; f++) { c = substr("abcdef", f + 1, 1); printf "%s%s", f ? " " : "", (c in r) ? r[c] : "." } }')
pic=$(sed -n '/^The board after event 30:$/,/^ranks:/p' "$file" | awk '
	/^ *[0-9]+ / { for (f = 2; f <= NF; f++) if ($f == "Q") q[f - 1] = $1 }
	END { for (f = 1; f <= 6; f++) printf("%s%s", (f == 1 ? "" : " "), (f in q) ? q[f] : ".") }')
if grep -qx "ranks: $want" "$file" && [ "$pic" = "$want" ]; then
	pass "the board's picture and ranks: $want"
else
	fail "the board's picture and ranks" "want $want, picture $pic" "$(cat "$file")"
fi
stack=$(screen | grep -o 'solve([a-z]) rank = [0-9-]*')
if [ "$(sed -n '/^The call stack/,/^$/p' "$file" | sed '1d;$d')" = "$stack" ]; then
	pass "the stack as the screen shows it"
else
	fail "the stack as the screen shows it" "screen: $stack" "$(cat "$file")"
fi
tries=$(nq trace 6 | head -30 | grep -c '^try ')
placed=$(nq trace 6 | head -30 | grep -c '^place ')
if grep -qx "events: 30" "$file" && grep -qx "tested: $tries" "$file" &&
	grep -qx "placed: $placed" "$file" && grep -qx "depth: $(awk '$1 == 30 { print $2 }' "$tmpdir/trace6")" "$file"; then
	pass "the counters: tested $tries, placed $placed"
else
	fail "the counters" "$(cat "$file")"
fi
cp "$file" "$tmpdir/before"
keys x
expect_message "x again writes other files" "Written to $stem-2.txt and $stem-2.svg in $tmpdir."
if cmp -s "$file" "$tmpdir/before" && [ -s "$tmpdir/$stem-2.txt" ] && [ -s "$tmpdir/$stem-2.svg" ]; then
	pass "never over the first"
else
	fail "never over the first"
fi
ls "$tmpdir" | grep -q 'export\.tmp' && fail "no temporary file is left" "$(ls "$tmpdir")" || pass "no temporary file is left"
keys '?'
expect_screen "the help lists step over" "step over"
# Longer than 30 lines since c and V: the page key scrolls to the rest.
keys NPage
expect_screen "the help lists the handout" "write a handout"
keys q q
wait_exit

# A board too large for the window shows a part of it that follows the
# square of each event from where it was, moving only when that square
# leaves it: back from the first solution of 12 at 40x14, files i to l
# (a view put afresh at each step would show h to k).
start 40 14 -- watch 12
wait_for "of 22762103" >/dev/null
keys n
wait_for "6892 of" >/dev/null
# One key a frame, as a person steps back.
k=6892
while [ $k -gt 6872 ]; do
	k=$((k - 1))
	keys Left
	wait_for " $k of" >/dev/null
done
expect_screen "40x14, 12x12, 20 events back from the first solution: files i to l" \
	"^   i j k l "
keys q
wait_exit

finish
