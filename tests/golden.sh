#!/bin/sh
# Golden frames: each screen at 80x24 and 120x40, the whole pane with its
# colours and attributes (tmux capture-pane -e, and -N: a line's trailing
# blanks are kept, a square's background among them), compared with the frame
# checked in under tests/golden/.  The clock of games is stopped
# (NQUEENS_TEST_CLOCK) so that a frame is the same at every run.
#
# make golden writes the frames afresh (GOLDEN_WRITE=1); look at the ones
# that changed as pictures before committing them:
#   tests/golden-show.sh tests/golden/play-solved-80x24.txt out.png
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

dir=${srcdir:-.}/tests/golden

# The pane once it holds still: the same twice, a tenth of a second apart.
settled() {
	prev=""
	i=0
	while [ $i -lt $patience ]; do
		now=$(tm capture-pane -p -e -N) || server_gone
		if [ -n "$prev" ] && [ "$now" = "$prev" ]; then
			printf '%s\n' "$now"
			return 0
		fi
		prev=$now
		sleep 0.1
		i=$((i + 1))
	done
	printf '%s\n' "$now"
}

# frame NAME W H WAIT KEYS -- ARGS: runs nqueens ARGS at W x H, sends each
# of KEYS (a space-separated list for tmux send-keys), waits for the
# pattern WAIT, and compares (or writes) the frame NAME-WxH.
frame() {
	name=$1 w=$2 h=$3 want=$4 ks=$5
	shift 6
	start "$w" "$h" NQUEENS_TEST_CLOCK=1 -- "$@"
	file="$dir/$name-${w}x$h.txt"
	# Keys only once the screen is up: every screen's key line ends with its help.
	wait_for '\? help' >/dev/null
	for k in $ks; do
		keys "$k"
	done
	if ! wait_for "$want"; then
		fail "golden $name ${w}x$h" "'$want' never showed:
$(screen)"
		return
	fi
	settled >"$tmpdir/frame"
	if [ -n "${GOLDEN_WRITE:-}" ]; then
		cp "$tmpdir/frame" "$file"
		pass "golden $name ${w}x$h written"
	elif [ ! -f "$file" ]; then
		fail "golden $name ${w}x$h" "no $file: make golden writes it"
	elif cmp -s "$tmpdir/frame" "$file"; then
		pass "golden $name ${w}x$h"
	else
		fail "golden $name ${w}x$h" "the frame differs from $file:
$(diff "$file" "$tmpdir/frame" | cat -v | head -40)"
	fi
}

# The keys that place a queen on each file at the ranks given, from the
# cursor's start (file a, the top rank), as place_solution does.
solution_keys() {
	rank=$#
	sep=""
	for r in "$@"; do
		printf '%s' "$sep"
		sep=" Right "
		while [ "$rank" -gt "$r" ]; do
			printf 'Down '
			rank=$((rank - 1))
		done
		while [ "$rank" -lt "$r" ]; do
			printf 'Up '
			rank=$((rank + 1))
		done
		printf 'Space'
	done
}

for size in "80 24" "120 40"; do
	set -- $size
	w=$1 h=$2
	frame menu "$w" "$h" 'Board size' "" --
	frame play-conflict "$w" "$h" 'Conflicts: 1' "Space Right Down Space" -- play 8
	frame play-solved "$w" "$h" 'class 1 of 12' "$(solution_keys 1 5 8 6 3 7 2 4)" -- play 8
	frame watch-first "$w" "$h" 'solution 1' "n" -- watch 8
	frame predict "$w" "$h" 'Your answer|Answer y' "Right Right" -- watch 8 --quiz
	frame browse-gallery "$w" "$h" 'gallery' "v" -- browse 8
	frame browse-classes "$w" "$h" 'Browse 8x8: classes' "Tab" -- browse 8
	frame browse-members "$w" "$h" 'class 1 of 12' "Tab Enter" -- browse 8
	frame lesson "$w" "$h" 'step 2 of' "Space" -- lesson four-queens
	frame help "$w" "$h" 'Play: keys' "?" -- play 8
done
finish
