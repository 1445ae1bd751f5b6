#!/bin/sh
# Two copies of the program at once, as two people (or one with two windows)
# run them: two sessions on one tmux server, both open before either saves.
# Nothing either finds is lost, in either order of saves; a line added to the
# config file by hand while both run stays, and the last theme chosen wins.
# PAIRS (default 2) pairs of Play sessions are run; PAIRS=20 for the audit's
# count (about a minute).
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

: "${PAIRS:=2}"

# open_copy NAME ARGS...: nqueens ARGS in a session NAME of this test's
# server; its exit status goes to $tmpdir/exit.NAME when it ends.  The data
# and config folders are given in the command: a server keeps the
# environment it started with.
open_copy() {
	name=$1
	shift
	rm -f "$tmpdir/exit.$name"
	tm new-session -d -s "$name" -x 100 -y 30 \
		"env TERM=tmux-256color LANG=C.UTF-8 XDG_DATA_HOME='$XDG_DATA_HOME' XDG_CONFIG_HOME='$XDG_CONFIG_HOME' NQ_VALGRIND_LOG='$tmpdir/valgrind.$name' ${NQ_WRAP:+'$NQ_WRAP'} '$NQUEENS' $*; echo \$? >'$tmpdir/exit.$name'; sleep 600" ||
		{
			echo "Bail out! tmux could not start a session for: nqueens $*"
			exit 1
		}
	tm set-option -g status off >/dev/null
}

# shows NAME PATTERN: polls session NAME's pane until a line matches.
shows() {
	poll_begin
	while :; do
		if tm capture-pane -p -t "$1" | grep -Eq -- "$2"; then
			return 0
		fi
		poll_again || break
	done
	return 1
}

# expect_in NAME DESC PATTERN
expect_in() {
	if shows "$1" "$3"; then
		pass "$2"
	else
		fail "$2" "wanted: $3" "$(tm capture-pane -p -t "$1")"
	fi
}

# ended NAME: polls until the copy has ended with status 0.
ended() {
	poll_begin
	while [ ! -s "$tmpdir/exit.$1" ]; do
		poll_again || break
	done
	[ "$(cat "$tmpdir/exit.$1" 2>/dev/null)" = 0 ]
}

# solve_in NAME RANKS...: places the queens on the 5x5 board from the
# cursor's start (file a, the top rank), as place_solution does.
solve_in() {
	who=$1
	shift
	rank=$#
	placed=0
	for r in "$@"; do
		[ $placed -eq 0 ] || tm send-keys -t "$who" Right
		placed=$((placed + 1))
		while [ "$rank" -gt "$r" ]; do
			tm send-keys -t "$who" Down
			rank=$((rank - 1))
		done
		while [ "$rank" -lt "$r" ]; do
			tm send-keys -t "$who" Up
			rank=$((rank + 1))
		done
		tm send-keys -t "$who" Space
	done
}

# The solutions of 5 in order: solution #k is line k.
nq list 5 >"$tmpdir/fives"

# new_server: a tmux server of its own for what follows; one that is
# going away (its sessions killed) must not take the next sessions with it.
new_server() {
	tm kill-server 2>/dev/null
	starts=$((starts + 1))
	sock="nq-test-$$-$starts"
}

pair=1
while [ "$pair" -le "$PAIRS" ]; do
	new_server
	export XDG_DATA_HOME="$tmpdir/data-$pair"
	x=$((1 + pair % 10))
	y=$((1 + (pair + 3) % 10))
	# Odd pairs: A saves first; even pairs: B does.
	if [ $((pair % 2)) = 1 ]; then
		first=A second=B
	else
		first=B second=A
	fi
	open_copy A play 5
	open_copy B play 5
	expect_in A "pair $pair: A opens" "Queens: 0 of 5"
	expect_in B "pair $pair: B opens before A saves" "Queens: 0 of 5"
	# shellcheck disable=SC2046
	solve_in $first $(sed -n "${x}p" "$tmpdir/fives")
	expect_in $first "pair $pair: $first solves #$x" "solution #$x of 10"
	expect_in $first "pair $pair: and has it saved" "found 1 of 10"
	tm send-keys -t $first q
	ended $first || fail "pair $pair: $first quits" "$(cat "$tmpdir/exit.$first" 2>&1)"
	# shellcheck disable=SC2046
	solve_in $second $(sed -n "${y}p" "$tmpdir/fives")
	expect_in $second "pair $pair: $second, open all along, solves #$y" "solution #$y of 10"
	# Its save read what the other saved: it counts both.
	expect_in $second "pair $pair: and counts $first's too" "found 2 of 10"
	tm send-keys -t $second q
	ended $second || fail "pair $pair: $second quits" "$(cat "$tmpdir/exit.$second" 2>&1)"
	if [ $x -lt $y ]; then
		want="solutions 5 $x $y"
	else
		want="solutions 5 $y $x"
	fi
	if grep -qx "$want" "$XDG_DATA_HOME/nqueens/progress"; then
		pass "pair $pair: the file holds both, #$x and #$y"
	else
		fail "pair $pair: the file holds both, #$x and #$y" "$(cat "$XDG_DATA_HOME/nqueens/progress")"
	fi
	pair=$((pair + 1))
done

# The config file: both open; a line added by hand; A chooses wood (T), then
# B night (T twice): the hand's line stays, and B's theme is the file's.
new_server
conf="$XDG_CONFIG_HOME/nqueens/config"
mkdir -p "$XDG_CONFIG_HOME/nqueens"
printf '# mine\n' >"$conf"
open_copy A play 8
open_copy B play 8
expect_in A "config: A opens" "Queens: 0 of 8"
expect_in B "config: B opens" "Queens: 0 of 8"
printf '# mine\nbell = off   # added by hand\n' >"$conf"
tm send-keys -t A T
expect_in A "config: A chooses wood" "Theme: wood"
tm send-keys -t B T
expect_in B "config: B chooses wood" "Theme: wood"
tm send-keys -t B T
expect_in B "config: then night" "Theme: night"
tm send-keys -t A q
tm send-keys -t B q
ended A && ended B || fail "config: both quit" "$(cat "$tmpdir"/exit.*)"
if [ "$(cat "$conf")" = "# mine
bell = off   # added by hand
theme = night" ]; then
	pass "config: the line added by hand stays, and the last theme chosen is kept"
else
	fail "config: the line added by hand stays, and the last theme chosen is kept" "$(cat "$conf")"
fi
finish
