#!/bin/sh
# Golden frames: each screen at 80x24 and 120x40, the whole pane with its
# colours and attributes (tmux capture-pane -e, each line written anew by
# capture below), compared with the frame
# checked in under tests/golden/.  The clock of games is stopped
# (NQUEENS_TEST_CLOCK) so that a frame is the same at every run.
#
# make golden writes the frames afresh (GOLDEN_WRITE=1); look at the ones
# that changed as pictures before committing them:
#   tests/golden-show.sh tests/golden/play-solved-80x24.txt out.png
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

dir=${srcdir:-.}/tests/golden

# The pane with its colours, written the same way at every run.  capture-pane
# -e writes only the changes of colour and attribute, from one line to the
# next, and -N keeps the blanks at the end of a line that were written, which
# depends on what was drawn before; so the pane is read into its cells (the
# character, its colours and attributes) and written anew, each line on its
# own: a colour or attribute where it changes, a reset at the end, and the
# trailing blanks kept only where they have a background (a square of the
# board, a bar), so that golden-show.sh paints them as they were.
capture() {
	pane=$(tm capture-pane -p -e -N) || return 1
	printf '%s\n' "$pane" | LC_ALL=C awk '
	function sgr(code, k, v, j) {
		k = split(code, p, ";")
		if (k == 0)
			reset()
		for (j = 1; j <= k; j++) {
			v = p[j] + 0
			if (v == 0)
				reset()
			else if (v == 38 || v == 48) {
				if (p[j + 1] == 5) {
					c = v ";5;" p[j + 2]
					j += 2
				} else {
					c = v ";2;" p[j + 2] ";" p[j + 3] ";" p[j + 4]
					j += 4
				}
				if (v == 38)
					fg = c
				else
					bg = c
			} else if ((v >= 30 && v <= 37) || (v >= 90 && v <= 97))
				fg = v
			else if (v == 39)
				fg = ""
			else if ((v >= 40 && v <= 47) || (v >= 100 && v <= 107))
				bg = v
			else if (v == 49)
				bg = ""
			else if (v == 22)
				on[1] = on[2] = 0
			else if (v >= 23 && v <= 29)
				on[v - 20] = 0
			else if (v >= 1 && v <= 9)
				on[v] = 1
		}
	}
	function reset(a) {
		fg = bg = ""
		for (a = 1; a <= 9; a++)
			on[a] = 0
	}
	function state(a, s) {
		s = ""
		for (a = 1; a <= 9; a++)
			if (on[a])
				s = s ";" a
		if (fg != "")
			s = s ";" fg
		if (bg != "")
			s = s ";" bg
		return s
	}
	BEGIN { reset() }
	{
		line = $0
		n = 0
		while (line != "") {
			if (match(line, /^\033\[[0-9;]*m/)) {
				sgr(substr(line, 3, RLENGTH - 3))
			} else {
				n++
				ch[n] = substr(line, 1, 1)
				st[n] = state()
				RLENGTH = 1
			}
			line = substr(line, RLENGTH + 1)
		}
		# The last cell shown: no blank on the plain background after it.
		while (n > 0 && ch[n] == " " && st[n] !~ /;(4[0-7]|10[0-7]|48;[0-9;]*)$/ &&
		       st[n] !~ /^;([1-6];)*7(;|$)/)
			n--
		out = ""
		was = ""
		for (i = 1; i <= n; i++) {
			if (st[i] != was)
				out = out "\033[0" st[i] "m"
			was = st[i]
			out = out ch[i]
		}
		if (was != "")
			out = out "\033[0m"
		print out
	}'
}

# The pane once it holds still: the same twice, a tenth of a second apart.
settled() {
	prev=""
	poll_begin
	while :; do
		now=$(capture) || server_gone
		if [ -n "$prev" ] && [ "$now" = "$prev" ]; then
			printf '%s\n' "$now"
			return 0
		fi
		prev=$now
		poll_again || break
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

for size in "80 24" "120 40"; do
	set -- $size
	w=$1 h=$2
	frame menu "$w" "$h" 'Board size' "" --
	frame play-conflict "$w" "$h" 'Conflicts: 1' "Space Right Down Space" -- play 8
	frame play-solved "$w" "$h" 'class 1 of 12' "$(solution_keys 1 5 8 6 3 7 2 4)" -- play 8
	frame watch-first "$w" "$h" 'solution 1' "n" -- watch 8
	frame predict "$w" "$h" 'Your answer|Answer y' "Right Right" -- watch 8 --quiz
	frame watch-python "$w" "$h" 'event 12 of' ". . . . . . . . . . . ." -- watch 8 --code python
	frame watch-bits "$w" "$h" 'event 12 of' ". . . . . . . . . . . ." -- watch 8 --algorithm bits --code c
	frame browse-gallery "$w" "$h" 'gallery' "v" -- browse 8
	frame browse-classes "$w" "$h" 'Browse 8x8: classes' "Tab" -- browse 8
	frame browse-members "$w" "$h" 'class 1 of 12' "Tab Enter" -- browse 8
	frame lesson "$w" "$h" 'step 2 of' "Space" -- lesson four-queens
	frame race "$w" "$h" 'agree on the first' "f e" -- race 8
	frame help "$w" "$h" 'Play: keys' "?" -- play 8
	frame watch-big "$w" "$h" 'event 2076 of' "n" -- watch 8 --big
	frame summary "$w" "$h" 'nqueens - Summary' "Right Right n Q" -- watch 4 --quiz
done
finish
