#!/bin/sh
# The Watch screen: the search stepped, played, run to the end, in tmux.
. "${srcdir:-.}/tests/lib.sh"

# Its refusals, made before the terminal is touched, are rows of
# tests/bad-input.txt.
. "${srcdir:-.}/tests/tmux-lib.sh"

start 100 30 -- --ascii watch 8
expect_screen "the watch screen opens" "Watch 8x8, backtrack, all solutions"
expect_screen "the whole search is known ahead" "event 0 of 37519"
expect_screen "the pseudocode is shown" "procedure solve\(file\)"
expect_screen "nothing has happened yet" "Last: \(nothing yet\)"

# Forward ten events, back four, forward four: the counters come back.
keys . . . . . . . . . .
expect_screen "ten steps forward" "events: 10$|events: 10 "
wait_for "Last: " >/dev/null
at10=$(screen | grep -E "tested:|placed:|removed:|depth:")
keys , , , ,
expect_screen "four steps back" "events: 6( |$)"
keys Left Right Right Right Right Right
expect_screen "and forward again" "events: 10( |$)"
if [ "$(screen | grep -E "tested:|placed:|removed:|depth:")" = "$at10" ]; then
	pass "the counters are as they were"
else
	fail "the counters are as they were" "$at10" "$(screen)"
fi
expect_screen "the stack shows the active calls" "solve\(b\) +rank = 3"
expect_screen "the narration says what happened" "Last: (try|reject|place|enter|remove|return)"

# A rejection names the attacker and the line.
keys Home
expect_screen "Home goes back to the start" "event 0 of"
keys . . . . . . . .
expect_screen "a rejection in plain words" "Last: reject b2: attacked by a1 along a diagonal"

# The next solution, then the end.
keys n
expect_screen "n runs to the first solution" "Last: solution 1: 1 5 8 6 3 7 2 4"
expect_screen "which is counted" "solutions: 1( |$)"
keys e
expect_screen "e runs to the end: tested" "tested: 15720"
expect_screen "placed" "placed: 2056"
expect_screen "solutions" "solutions: 92"
expect_screen "the bar is full" "event 37519 of 37519.*100%"
expect_screen "the last event is done" "Last: done: 92 solutions"
keys r
expect_screen "r restarts" "event 0 of 37519"
keys End
expect_screen "End runs to the end too" "solutions: 92"
keys Home

# Speed.
expect_screen "the speed is shown" "speed 20/s"
keys +
expect_screen "+ makes it faster" "speed 50/s"
keys - -
expect_screen "- makes it slower" "speed 10/s"
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do keys +; done
expect_screen "up to 1000 a second" "speed 1000/s"

# Playing, and a resize while it plays.
keys Space
expect_screen "Space plays" "playing"
wait_gone "events: [0-9]( |$)" >/dev/null
resize 120 40
expect_screen "a larger window while playing" "playing"
resize 30 8
expect_screen "a tiny window says it is too small" "Terminal too small"
resize 80 24
expect_screen "growing again shows the screen" "Watch 8x8"
before=$(screen | grep -Eo "event [0-9]+" | head -1)
if wait_gone "$before( |$)"; then
	pass "the search goes on after the resize (from $before)"
else
	fail "the search goes on after the resize" "$before" "$(screen)"
fi
keys Space
expect_screen "Space pauses" "paused"

# Panels, algorithm, goal, size.
keys p
wait_gone "Pseudocode:" && pass "p hides the pseudocode" || fail "p hides the pseudocode" "$(screen)"
keys p
expect_screen "p shows it again" "Pseudocode: backtrack"
keys s
wait_gone "Call stack" && pass "s hides the stack" || fail "s hides the stack" "$(screen)"
keys s
expect_screen "s shows it again" "Call stack"
keys a
expect_screen "a cycles the algorithm" "Watch 8x8, scan"
expect_screen "with its own pseudocode" "function safe"
keys f
expect_screen "f toggles first or all" "scan, first solution"
keys e
expect_screen "first only stops at one" "solutions: 1( |$)"
keys ']'
expect_screen "] makes the board larger" "Watch 9x9"
keys '[' '['
expect_screen "[ makes it smaller" "Watch 7x7"
expect_screen "the search to the first solution has a known length" "event [0-9]+ of 99( |$)"
keys a a
expect_screen "a goes on to bits" "Watch 7x7, bits, first solution"
expect_screen "with its own pseudocode" "free := the ranks not in ranks, up or down"
keys Right
expect_screen "bits steps: 33 events to its first solution" "event [1-9][0-9]* of 33( |$)"
keys e
expect_screen "bits finds the first solution" "solutions: 1( |$)"
keys a
expect_screen "a goes on to repair" "Watch 7x7, repair"
keys f
expect_screen "f says it does not apply to repair" "repair finds one solution: f does not apply"
expect_screen "repair's length is known too" "event 0 of [1-9]"
keys a
expect_screen "then to construct" "Watch 7x7, construct"
expect_screen "one event per queen, the solution and the end" "event 0 of 9( |$)"
keys e
expect_screen "construct places its queens" "solutions: 1( |$)"

keys '?'
expect_screen "? opens the help" "Watch: keys"
expect_screen "the help lists the speed keys" "faster or slower"
keys x
wait_gone "Watch: keys"

keys q
if wait_exit && [ "$status" = 0 ]; then
	pass "q quits with status 0"
else
	fail "q quits with status 0" "status $status"
fi
modes_restored "quitting leaves the terminal as it was"

# From the menu: Watch opens at the menu's size, and q goes back.
start 100 30 --
expect_screen "the menu opens" "Watch +the search, step by step"
keys Right
menu_open Watch
expect_screen "Watch opens at the menu's size" "Watch 9x9, backtrack"
keys q
expect_screen "q goes back to the menu" "the n-queens puzzle"
keys q
wait_exit
modes_restored "the menu quits and restores the terminal"

# From given queens: they stay, the search fills the other files.
start 100 30 -- --ascii watch 8 --from 0,0,0,5
expect_screen "--from says so in the title" "Watch 8x8, backtrack, all solutions, from the queens given"
keys .
expect_screen "the search starts at file a" "Last: enter solve\(a\)"
keys e
expect_screen "and finds the solutions with d5" "solutions: 8( |$)"
keys q
wait_exit

# The search tree of a small board, drawn as it grows.
start 100 30 -- --ascii watch 5
expect_screen "the tree panel is there" "Search tree"
expect_screen "empty at first" "no queen yet"
keys . .
wait_for "Last: place a1" >/dev/null
at_start=$(screen | grep -n "Search tree" | cut -d: -f1)
keys n
wait_for "Last: solution 1" >/dev/null
if [ -n "$at_start" ] && [ "$(screen | grep -n "Search tree" | cut -d: -f1)" = "$at_start" ]; then
	pass "the tree stays where it is as the stack grows"
else
	fail "the tree stays where it is as the stack grows" "line $at_start" "$(screen)"
fi
expect_screen "the first solution's branch, marked" "a1-b3-c5-d2-e4\*"
keys n n
expect_screen "later children on lines of their own" "(^|  )[^ -]b4-c2-d5-e3\*"
expect_screen "a dead end is crossed" "(^|  )[^ -]b5-c2x"
keys t
wait_gone "Search tree" && pass "t hides the tree" || fail "t hides the tree" "$(screen)"
resize 120 40
expect_screen "and the nodes per level take its place" "Nodes per level"
resize 100 30

# The mouse: the wheel steps, a click on the bar goes there.
keys r
wait_for "event 0 of 592" >/dev/null
keys -l "$(printf '\033[<65;10;10M')"
keys -l "$(printf '\033[<65;10;10M')"
expect_screen "the wheel steps forward" "event 2 of 592"
keys -l "$(printf '\033[<64;10;10M')"
expect_screen "and back" "event 1 of 592"
bar=$(screen | sed -n 2p)
last=$(printf '%s\n' "$bar" | awk '{ n = split($0, c, ""); for (i = n; i > 0; i--) if (c[i] == ".") { print i; exit } }')
keys -l "$(printf '\033[<0;%d;2M' "$last")" -l "$(printf '\033[<0;%d;2m' "$last")"
expect_screen "a click at the bar's end goes to the end" "event 592 of 592"
keys q
wait_exit
modes_restored "the watch from given queens leaves the terminal as it was"

# Repair on a board far larger than the window: an overview and a sparkline.
start 80 24 -- --ascii watch 1000 --algorithm repair
expect_screen "a large board opens" "Watch 1000x1000, repair, one solution"
expect_screen "drawn as an overview with its scale" "a mark: [0-9]+x[0-9]+ squares"
keys e
expect_screen "repair runs to a solution" "solutions: 1( |$)"
expect_screen "the conflicts over time" "Conflicts: [1-9][0-9]* at the start, 0 now"
keys ']'
expect_screen "] doubles a large board" "Watch 2000x2000, repair"
keys '[' '['
expect_screen "[ halves it" "Watch 500x500, repair"
keys a
expect_screen "construct on the same board" "Watch 500x500, construct"
keys a
expect_screen "a tree search goes back to a board it can search" "Watch 8x8, backtrack"
keys q
wait_exit
modes_restored "the large board leaves the terminal as it was"

# An 80x24 terminal shows every level's nodes; 50x16 every figure whole,
# the way to the help, and what the help leaves out.
start 80 24 -- watch 8
expect_screen "80x24 opens" "Watch 8x8, backtrack"
keys e
expect_screen "80x24: the nodes per level, to the last" "(^| )8:92( |$)"
expect_screen "80x24: from the first" "Nodes per level"
keys q
wait_exit
start 50 16 -- watch 8
expect_screen "50x16 opens" "Watch 8x8"
keys n
expect_screen "50x16: the counters whole" "removed: 105( |$)"
expect_screen "50x16: the key line keeps the help" "\? help  q quit"
expect_screen "50x16: how far, in percent" "event 2076 of 37519 +5%"
expect_screen "50x16: the stack says which calls it shows" "(Call s|S)tack: last [1-9] of 8"
keys '?'
expect_screen "50x16: the help says what it leaves out" "↓ [0-9]+ more below"
if screen | grep '^│' | grep -qv '│$'; then
	fail "50x16: the help stays inside its box" "$(screen)"
else
	pass "50x16: the help stays inside its box"
fi
# Its first entry, then scrolled past with Down, back with Up; the keys that
# scroll do not close it.
first=$(screen | sed -n 's/^│ *\([^ ].*[^ ]\) *│$/\1/p' | sed -n 1p)
keys Down
expect_screen "50x16: Down scrolls the help, saying what is above" "↑ 1 more above"
if screen | grep -qF -- "$first"; then
	fail "50x16: the first entry scrolled away" "first: $first" "$(screen)"
else
	pass "50x16: the first entry scrolled away"
fi
keys Up
expect_screen "50x16: Up brings it back" "$(printf '%s' "$first" | sed 's/[][\\.*^$+?(){}|]/\\&/g')"
keys x
wait_gone "Watch: keys" >/dev/null
resize 50 12
expect_screen "50x12: the counters still whole" "removed: 105 +solutions: 1"
keys q
wait_exit
start 50 12 -- --ascii watch 1000 --algorithm repair
keys e
expect_screen "50x12: a large board's overview and its scale" "(a )?mark: [0-9]+x[0-9]+( squares)?"
expect_screen "beside it the counters, whole" "^.* events: 1619$"
keys q
wait_exit

# 40x12, where Play works too: the board beside the counters, whole.
start 40 12 -- watch 20
expect_screen "40x12: the screen opens" "^Watch 20x20, backtrack"
keys n
expect_screen "40x12: a board that scrolls leaves the counters whole" "tested: 3992510$"
expect_screen "40x12: every counter" "events: 8583886$"
expect_screen "40x12: the key line keeps the help" "\? help  q quit"
keys q
wait_exit
start 40 12 -- play 8
expect_screen "40x12: Play" "Queens: 0 of 8"
keys Space w
expect_screen "40x12: w opens Watch, not a window too small" "^Watch 8x8, backtrack"
keys q
expect_screen "40x12: q goes back to the board" "Queens: 1 of 8"
keys q
wait_exit

# Without colour or UTF-8, the marks say what each square is.
start 80 24 NO_COLOR=1 -- --ascii watch 6
expect_screen "ASCII without colour opens" "Watch 6x6"
keys . . . . . . .
expect_screen "the square tried, not placed: q and its bracket" "^ *2 +(q\]|\[q *\])"
keys .
expect_screen "its attacker marked with an exclamation mark" "^ *1 +(Q!|!Q *!)"
expect_screen "and the square refused crossed" "^ *2 +x( |$)"
keys n .
expect_screen "the square just left is a ring" "Last: remove f5"
expect_screen "on f5" "^ *5 .* o( |$)"
if screen | LC_ALL=C grep -q '[^ -~]'; then
	fail "--ascii draws no UTF-8" "$(screen)"
else
	pass "--ascii draws no UTF-8"
fi
expect_monochrome "NO_COLOR draws without colours"
keys q
wait_exit

# The board square by square after chosen events of the search, against
# what nqueens trace says of them: the queens placed so far, the square
# tested, the square refused with its attacker and the line of the attack
# lit between them, the square just left.  The events: the first try and
# place, the first refusal along a rank, along a diagonal and along an
# anti-diagonal with squares between the two, and the first removal.
trace=$(nq trace 6)
# events_to K: the queens after the first K events, then the roles of the
# squares of event K for board_expect.
events_to() {
	printf '%s\n' "$trace" | awk -v k="$1" '
		$1 == "place" { q[$2] = 1 }
		$1 == "remove" { delete q[$2] }
		NR == k {
			for (s in q)
				printf "%s ", s
			printf "\n"
			if ($1 == "try" || $1 == "place")
				print "try=" $2
			else if ($1 == "reject")
				print "reject=" substr($2, 1, length($2) - 1) " attacker=" $5
			else if ($1 == "remove")
				print "left=" $2
			exit
		}'
}
chosen=$(printf '%s\n' "$trace" | awk -F'[ :]+' '
	function f(s) { return index("abcdefghijklmnopqrstuvwxyz", substr(s, 1, 1)) }
	/^(try|place|remove) / && !($1 in seen) { seen[$1] = 1; print NR }
	/^reject / && f($2) - f($5) >= 2 {
		dr = substr($2, 2) - substr($5, 2)
		way = dr == 0 ? "rank" : dr > 0 ? "diagonal" : "anti-diagonal"
		if (!(way in seen)) { seen[way] = 1; print NR }
	}' | sort -n)
for look in ascii utf-8 mono; do
	case $look in
	ascii) set -- 100 30 "" --ascii bg ;;
	utf-8) set -- 80 24 "" "" bg ;;
	mono) set -- 80 24 NO_COLOR=1 --ascii attrs ;;
	esac
	at="$1x$2 $look" lit=$5
	start "$1" "$2" $3 -- $4 watch 6
	wait_for "event 0 of" >/dev/null
	done_to=0
	for k in $chosen; do
		keys -N $((k - done_to)) .
		done_to=$k
		said=$(printf '%s\n' "$trace" | sed -n "${k}p")
		queens=$(events_to "$k" | sed -n 1p)
		roles=$(events_to "$k" | sed -n 2p)
		wait_for "event $k of" >/dev/null
		expect_screen "$at: event $k is $said" "Last: $said"
		expect_board "$at: the marks after event $k, $said" 6 marks \
			"$(board_expect watch 6 marks "$queens" $roles)"
		expect_board "$at: the lit squares after event $k, $said" 6 "$lit" \
			"$(board_expect watch 6 "$lit" "$queens" $roles)"
	done
	keys q
	wait_exit
done

# The listing's lit line, read by its text: each event lights the line of
# data/pseudocode that does what the event does, found here by its words: a
# refusal the safety test, a try the loop over the ranks.  The events: the
# first twelve, then the first of each kind not seen yet.  In scan, a
# refusal lights the look along the line the attacker stands on; in permute
# one along the rank lights its first test, whether the rank is used.
listing() {
	grep -E -m1 -- "$2" "${NQUEENS_DATADIR:-${srcdir:-.}/data}/pseudocode/$1.txt"
}
want_line() {
	case $1 in
	first-enter | done) listing "$2" '^solve\(a\)' ;;
	enter) listing "$2" 'solve\(file \+ 1\)' ;;
	try) listing "$2" '^ *for ' ;;
	reject) listing "$2" '^ *if .* then$' ;;
	reject-used) listing "$2" '^ *if an earlier file uses the rank' ;;
	reject-rank) listing "$2" 'look along the rank' ;;
	reject-diagonal) listing "$2" 'look along the diagonal' ;;
	reject-anti-diagonal) listing "$2" 'look along the other diagonal' ;;
	place) listing "$2" ':= (rank;|r;|queen)' ;;
	solution) listing "$2" 'print' ;;
	remove) listing "$2" ':= (none|empty)' ;;
	return) listing "$2" '^ *return' ;;
	esac
}
# kinds ALGORITHM: event numbers of trace 6 to look at, each with its kind.
kinds() {
	nq trace 6 --algorithm "$1" | awk -F'[ :]+' -v algo="$1" '
		{ k = NR == 1 ? "first-enter" : $1 }
		k == "reject" && algo == "scan" {
			dr = substr($2, 2) - substr($5, 2)
			k = dr == 0 ? "reject-rank" : dr > 0 ? "reject-diagonal" : "reject-anti-diagonal"
		}
		k == "reject" && algo == "permute" && / along the rank$/ { k = "reject-used" }
		NR <= 12 || !(k in seen) { print NR, k }
		{ seen[k] = 1 }'
}
for algo in backtrack permute scan; do
	start 100 30 -- --ascii watch 6 --algorithm $algo
	wait_for "event 0 of" >/dev/null
	done_to=0
	kinds $algo >"$tmpdir/kinds"
	while read -r k kind; do
		# The solution and the end come by their own keys, not step by step.
		case $kind in
		solution) keys n ;;
		done) keys e ;;
		*) keys -N $((k - done_to)) . ;;
		esac
		done_to=$k
		want=$(want_line "$kind" $algo)
		wait_for "event $k of" >/dev/null
		expect_lit "$algo, event $k ($kind) lights \"$(printf '%s' "$want" | sed 's/^ *//')\"" "$want"
	done <"$tmpdir/kinds"
	keys q
	wait_exit
done

# Signals and Ctrl-C while playing: the terminal is left as it was.
for sig in TERM HUP INT; do
	start 80 24 -- watch 8
	expect_screen "SIG$sig: the screen opens" "Watch 8x8"
	keys + + + + Space
	expect_screen "SIG$sig: and plays" "playing"
	kill -s $sig "$(pid_of_program)"
	wait_exit
	modes_restored "SIG$sig while playing leaves the terminal as it was"
done
start 80 24 -- watch 8
expect_screen "Ctrl-C: the screen opens" "Watch 8x8"
keys Space
expect_screen "Ctrl-C: and plays" "playing"
keys C-c
wait_exit
modes_restored "Ctrl-C while playing leaves the terminal as it was"

# From Play: w watches the search go on from the queens on the board.
start 100 30 -- --ascii play 6
keys Space
expect_screen "a queen is placed" "Queens: 1 of 6"
keys w
expect_screen "w opens Watch from the position" "Watch 6x6, backtrack, all solutions, from the queens given"
keys e
expect_screen "and the search runs from there" "Last: done: [0-9]+ solutions?"
keys q
expect_screen "q goes back to the board" "Queens: 1 of 6"
keys Right Right Space w
expect_screen "queens that attack each other are refused" "Cannot watch from here: the queens on"
keys q
wait_exit
modes_restored "Play after Watch leaves the terminal as it was"

finish
