#!/bin/sh
# Golden frames: each screen at 80x24 and 120x40, the whole pane read from
# tmux (capture-pane -e) into its cells and stored as two layers a person
# can read in a diff: tests/golden/NAME-WxH.txt, the text (trailing blanks
# dropped), and NAME-WxH.roles, one letter a cell for what its colours say
# (tests/golden/ROLES is the legend: '.' text, 'q'/'Q' a light/dark square,
# 'y' good news, 'n' bad, ...).  The roles are read from theme.c itself:
# tests/golden-roles prints the colours of every role in the theme the
# frames run in (night, at 256 colours, whose roles share colours least;
# see ROLES), and a cell takes the letter of the role with its colours,
# '?' if none has them.  A palette changed changes no frame; a word drawn
# in another role does, and two roles given the same colours change ROLES
# (which golden.sh checks against golden-roles).  Projector mode's frames
# (watch-big) are in the contrast theme, as the program draws them.  Each
# frame starts with no progress saved, so that it is the same alone as in
# the whole run.  The clock of games is stopped (NQUEENS_TEST_CLOCK)
# and the daily's date fixed (NQUEENS_TEST_DATE) so that a frame is the
# same at every run.  A frame that differs is shown layer by layer, the
# expected line, the actual one, and a caret under each cell changed.
#
# make golden writes every frame afresh (GOLDEN_WRITE=1), and ROLES;
# make golden NAME=play-solved-80x24 writes that frame only, and
# make golden NAME=play-solved both its sizes (GOLDEN_NAME).  The same
# GOLDEN_NAME=play-solved in the environment of make check
# TESTS=tests/golden.sh checks only those.  Look at the frames that changed
# as pictures before committing them:
#   tests/golden-show.sh tests/golden/play-solved-80x24 out.png
# (--theme calm draws it in another theme, --terminal [--light] on the
# terminal's background; watch-big's want --theme contrast).
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

dir=${srcdir:-.}/tests/golden
theme=night
roles_prog=${builddir:-.}/tests/golden-roles
mkdir -p "$XDG_CONFIG_HOME/nqueens"
printf 'theme = %s\n' "$theme" >"$XDG_CONFIG_HOME/nqueens/config"
# Projector mode draws in the contrast theme whatever the config says: its
# frames name it (frame_theme) and read their roles in it.
for t in "$theme" contrast; do
	if ! "$roles_prog" states "$t" >"$tmpdir/states.$t"; then
		echo "Bail out! $roles_prog cannot say the roles' colours"
		exit 1
	fi
done
frame_theme=$theme
"$roles_prog" colours "$theme" >"$tmpdir/colours"

# The pane's two layers: its text, then a line "\036" alone, then its roles.
# capture-pane -e writes only the changes of colour and attribute, so the
# pane is read into its cells (a character, a UTF-8 sequence of bytes read
# in the C locale, with its colours and attributes as a state written as
# golden-roles writes it) and each cell written as its character and as the
# letter of the role with its state.  Trailing blanks are dropped from the
# text, trailing text on the window's background from the roles.
capture() {
	pane=$(tm capture-pane -p -e -N) || return 1
	printf '%s\n' "$pane" | LC_ALL=C awk -v states="$tmpdir/states.$frame_theme" '
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
			} else if (v >= 30 && v <= 37)
				fg = "38;5;" (v - 30)
			else if (v >= 90 && v <= 97)
				fg = "38;5;" (v - 82)
			else if (v == 39)
				fg = ""
			else if (v >= 40 && v <= 47)
				bg = "48;5;" (v - 40)
			else if (v >= 100 && v <= 107)
				bg = "48;5;" (v - 92)
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
	BEGIN {
		reset()
		FS = "\t"
		while ((getline row < states) > 0) {
			split(row, f, "\t")
			role[f[2]] = f[1]
			if (f[1] == ".")
				normal = f[2]
		}
		for (i = 128; i < 192; i++)
			cont = cont sprintf("%c", i)
	}
	{
		line = $0
		n = 0
		while (line != "") {
			if (match(line, /^\033\[[0-9;]*m/)) {
				sgr(substr(line, 3, RLENGTH - 3))
			} else {
				b = substr(line, 1, 1)
				RLENGTH = 1
				# A byte that goes on a UTF-8 sequence joins its cell.
				if (n > 0 && index(cont, b))
					ch[n] = ch[n] b
				else {
					n++
					ch[n] = b
					st[n] = state()
				}
			}
			line = substr(line, RLENGTH + 1)
		}
		t = r = ""
		for (i = 1; i <= n; i++) {
			t = t ch[i]
			r = r ((st[i] in role) ? role[st[i]] : "?")
		}
		sub(/ +$/, "", t)
		sub(/\.+$/, "", r)
		text[NR] = t
		roles[NR] = r
	}
	END {
		for (i = 1; i <= NR; i++)
			print text[i]
		print "\036"
		for (i = 1; i <= NR; i++)
			print roles[i]
	}'
}

# split FILE TEXT ROLES: the two layers of a capture, each to its file.
split_layers() {
	sed '/^\x1e$/,$d' "$1" >"$2"
	sed '1,/^\x1e$/d' "$1" >"$3"
}

# carets LAYER EXPECTED ACTUAL: each line that differs, as expected, actual,
# and a caret under each cell that changed (cells counted as characters of
# UTF-8, not bytes); the first 12 such lines.
carets() {
	LC_ALL=C awk -v layer="$1" -v actual="$3" '
	function cells(s, a, k, b) {
		k = 0
		while (s != "") {
			b = substr(s, 1, 1)
			if (k > 0 && index(cont, b))
				a[k] = a[k] b
			else
				a[++k] = b
			s = substr(s, 2)
		}
		return k
	}
	BEGIN {
		for (i = 128; i < 192; i++)
			cont = cont sprintf("%c", i)
	}
	{ want[NR] = $0; nw = NR }
	END {
		na = 0
		while ((getline row < actual) > 0)
			got[++na] = row
		shown = 0
		for (i = 1; i <= (nw > na ? nw : na); i++) {
			if ((i in want) && (i in got) && want[i] == got[i])
				continue
			if (++shown > 12) {
				print layer ": more lines differ"
				break
			}
			ke = cells(want[i], e)
			ka = cells(got[i], g)
			mark = ""
			for (j = 1; j <= (ke > ka ? ke : ka); j++) {
				x = j <= ke ? e[j] : " "
				y = j <= ka ? g[j] : " "
				mark = mark (x == y ? " " : "^")
			}
			sub(/ +$/, "", mark)
			printf "%s, line %d:\n  expected |%s\n  actual   |%s\n            %s\n",
				layer, i, want[i], got[i], mark
		}
	}' "$2"
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

# frame NAME W H WAIT KEYS [ENV...] -- ARGS: runs nqueens ARGS at W x H
# with ENV set, sends each of KEYS (a space-separated list for tmux
# send-keys), waits for the pattern WAIT, and compares (or writes) the
# frame NAME-WxH; skipped unless GOLDEN_NAME, if set, is NAME or NAME-WxH.
frame() {
	name=$1 w=$2 h=$3 want=$4 ks=$5
	shift 5
	case ${GOLDEN_NAME:-$name} in
	"$name" | "$name-${w}x$h") ;;
	*) return ;;
	esac
	envs="" progress=""
	while [ "$1" != "--" ]; do
		# PROGRESS=FILE: the frame starts from that progress file.
		case $1 in
		PROGRESS=*) progress=${1#PROGRESS=} ;;
		*) envs="$envs $1" ;;
		esac
		shift
	done
	shift
	# No progress left by the frames before: each frame stands alone, and
	# make golden NAME= writes it as the whole run would.
	# The frame before ends first: a game it leaves is kept as it ends.
	stop_program
	rm -rf "$XDG_DATA_HOME"
	if [ -n "$progress" ]; then
		mkdir -p "$XDG_DATA_HOME/nqueens"
		cp "$progress" "$XDG_DATA_HOME/nqueens/progress"
	fi
	start "$w" "$h" NQUEENS_TEST_CLOCK=1 $envs -- "$@"
	base="$dir/$name-${w}x$h"
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
	split_layers "$tmpdir/frame" "$tmpdir/text" "$tmpdir/roles"
	if [ -n "${GOLDEN_WRITE:-}" ]; then
		cp "$tmpdir/text" "$base.txt"
		cp "$tmpdir/roles" "$base.roles"
		pass "golden $name ${w}x$h written"
	elif [ ! -f "$base.txt" ] || [ ! -f "$base.roles" ]; then
		fail "golden $name ${w}x$h" "no $base.txt or .roles: make golden NAME=$name-${w}x$h writes them"
	elif cmp -s "$tmpdir/text" "$base.txt" && cmp -s "$tmpdir/roles" "$base.roles"; then
		pass "golden $name ${w}x$h"
	else
		fail "golden $name ${w}x$h" "the frame differs from $base (legend: $dir/ROLES):
$({
			carets text "$base.txt" "$tmpdir/text"
			carets roles "$base.roles" "$tmpdir/roles"
		})"
	fi
}

# The legend, from the same table the roles are read from.
"$roles_prog" legend "$theme" contrast >"$tmpdir/legend"
if [ -n "${GOLDEN_WRITE:-}" ]; then
	cp "$tmpdir/legend" "$dir/ROLES"
	pass "golden ROLES written"
elif cmp -s "$tmpdir/legend" "$dir/ROLES"; then
	pass "golden ROLES is the legend of tests/golden-roles"
else
	fail "golden ROLES" "$dir/ROLES is not the legend (make golden writes it):
$(diff "$dir/ROLES" "$tmpdir/legend")"
fi

puzzle=$NQUEENS_DATADIR/puzzles/08-easy-01.txt
# Days solved, puzzles timed and solutions found, for the Stats and Browse's marks.
stats_progress=${srcdir:-.}/tests/stats-progress.txt
# A student's events for watch --replay: data/code/'s events listing with
# the diagonal test removed, named without a directory (the frames run in
# $tmpdir) so that the title is the same at every run.
sed 's/ or up_used\[up\] or down_used\[down\]//' "${srcdir:-.}/data/code/backtrack_events.py" |
	python3 - 6 >"$tmpdir/student.txt"
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
	frame browse-found "$w" "$h" 'Browse 8x8: classes' "Tab" PROGRESS="$stats_progress" -- browse 8
	frame stats "$w" "$h" 'Found in Play' "Up Up Enter" NQUEENS_TEST_DATE=2026-11-29 PROGRESS="$stats_progress" --
	frame lesson "$w" "$h" 'step 2 of' "Space" -- lesson four-queens
	frame race "$w" "$h" 'agree on the first' "f e" -- race 8
	frame help "$w" "$h" 'Play: keys' "?" -- play 8
	frame_theme=contrast
	frame watch-big "$w" "$h" 'event 2076 of' "n" -- watch 8 --big
	frame_theme=$theme
	frame summary "$w" "$h" 'nqueens - Summary' "Right Right n Q" -- watch 4 --quiz
	frame puzzle "$w" "$h" 'Puzzle: 8 queens' "" -- play --puzzle "$puzzle"
	frame daily "$w" "$h" 'Puzzle: Daily puzzle' "" NQUEENS_TEST_DATE=2024-05-17 -- play --daily
	# The puzzle solved after a hint for each queen it lacks (b5, c7, d1).
	frame assisted "$w" "$h" 'n: the next puzzle' "t Right Down Down Down Space t Right Up Up Space
		t Right Down Down Down Down Down Down Space" -- play --puzzle "$puzzle"
	frame race-end "$w" "$h" 'agree: 92 solutions' "e" -- race 8
	frame lesson-question "$w" "$h" 'Your answer:' "Space Space Space Space Space" -- lesson four-queens
	frame replay "$w" "$h" 'They part at event' "e" -- watch 6 --replay student.txt
	# Queens with regions: two queens in conflict on a row, then a hint shown.
	frame regions "$w" "$h" 'conflicts: 2' "Space Right Right Space" -- play --regions 8 --seed 7
	frame regions-hint "$w" "$h" 't again' "t" -- play --regions 8 --seed 7
	# Watch it reasoned: five deductions; a refusal in the search; both at their ends.
	frame watch-regions "$w" "$h" 'deduction 5 of' "Right Right Right Right Right" -- watch --regions 8 --seed 7 --grade hard
	frame watch-regions-search "$w" "$h" 'Search: step 4 of' "Tab Right Right Right Right" -- watch --regions 8 --seed 7 --grade hard
	frame watch-regions-end "$w" "$h" 'Done: every column' "e Tab e" -- watch --regions 8 --seed 7 --grade hard
done

# The viewer (golden-show) where python3 has PIL: a cell of each role is
# painted in the background its role has in the theme (xterm's RGB of the
# number golden-roles reads from theme.c), where the frame puts it: a
# conflict's square (line 5, column 10 of play-conflict-80x24) and the
# window (line 1, column 80).
rgb_of() {
	awk -v c="$1" '
	/^levels/ { for (i = 0; i < 6; i++) lv[i] = $(i + 2); next }
	/^[0-9]/ { base[n++] = $1 " " $2 " " $3 }
	END {
		if (c < 16) print base[c]
		else if (c >= 232) { g = 8 + 10 * (c - 232); print g, g, g }
		else { c -= 16; print lv[int(c / 36)], lv[int(c / 6) % 6], lv[c % 6] }
	}' "${srcdir:-.}/tests/xterm-colours.txt"
}
if [ -z "${GOLDEN_WRITE:-}${GOLDEN_NAME:-}" ] &&
	/usr/bin/python3 -c 'import PIL' 2>/dev/null &&
	GOLDEN_ROLES=$roles_prog "${srcdir:-.}/tests/golden-show.sh" \
		"$dir/play-conflict-80x24" "$tmpdir/shot.png" >/dev/null; then
	want="$(rgb_of "$(awk '$1 == "r" { print $3 }' "$tmpdir/colours")") / $(rgb_of "$(awk '$1 == "." { print $3 }' "$tmpdir/colours")")"
	got=$(/usr/bin/python3 -c '
import sys
from PIL import Image
im = Image.open(sys.argv[1])
cw, ch = im.width // 80, im.height // 24
px = lambda x, y: " ".join(str(v) for v in im.getpixel((x * cw, y * ch)))
print(px(9, 4) + " / " + px(79, 0))' "$tmpdir/shot.png")
	if [ "$got" = "$want" ]; then
		pass "golden-show paints a conflict's square and the window in their roles' colours"
	else
		fail "golden-show paints a conflict's square and the window in their roles' colours" \
			"wanted $want, painted $got"
	fi
elif [ -z "${GOLDEN_WRITE:-}${GOLDEN_NAME:-}" ]; then
	echo "# golden-show not tried: /usr/bin/python3 has no PIL (python3-pil)"
fi
finish
