#!/bin/sh
# The board's look, read from the pane square by square: queens drawn to the
# size of the square, square squares, the tints of each theme, ASCII and
# monochrome, and the key that changes the theme.
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

# solution N K: the squares of solution #K of n, for board_expect.
solution() {
	nq solve "$1" --index "$2" --format algebraic
}

# ink_check N QUEENS MIN MAX: board_grid N ink with "ok" for each square
# that holds what it should: MIN to MAX non-blank cells where a queen
# stands, none elsewhere.
ink_check() {
	board_grid "$1" ink | awk -v q="$2" -v lo="$3" -v hi="$4" '
		BEGIN {
			k = split(q, s, " ")
			for (i = 1; i <= k; i++)
				queen[index("abcdefghijklmnopqrstuvwxyz", substr(s[i], 1, 1)), substr(s[i], 2)] = 1
		}
		{
			r = NF - NR + 1
			out = ""
			for (f = 1; f <= NF; f++) {
				want = queen[f, r] ? ($f >= lo && $f <= hi) : $f == 0
				out = out (f > 1 ? " " : "") (want ? "ok" : $f)
			}
			print out
		}'
}

# expect_ink DESC N QUEENS MIN MAX: passes when every queen's square holds
# MIN to MAX non-blank cells and every other square none, in time.
expect_ink() {
	want=$(awk -v n="$2" 'BEGIN {
		for (r = 1; r <= n; r++)
			for (f = 1; f <= n; f++)
				printf "%s%s", "ok", (f < n ? " " : "\n")
	}')
	poll_begin
	while :; do
		got=$(ink_check "$2" "$3" "$4" "$5")
		[ "$got" = "$want" ] && break
		poll_again || break
	done
	if [ "$got" = "$want" ]; then
		pass "$1"
	else
		fail "$1" "non-blank cells by square (ok where right):" "$got" \
			"$(board_grid "$2" ink)" "$(screen)"
	fi
}

# The issue's measure: at 200x60 each queen of solution 1 is a figure of 3
# characters or more; at 80x24 one glyph.
sol1=$(solution 8 1)
start 200 60 -- browse 8
expect_screen "200x60: Browse opens" "Solution 1 / 92"
expect_ink "200x60: each of the 8 queens drawn with 3 characters or more, the rest blank" \
	8 "$sol1" 3 999
expect_board "200x60: and the figures read as queens, square by square" 8 marks \
	"$(board_expect browse 8 marks "$sol1")"
resize 80 24
expect_ink "80x24: each queen one glyph" 8 "$sol1" 1 1
expect_board "80x24: the same queens" 8 marks "$(board_expect browse 8 marks "$sol1")"
keys q
wait_exit

# Square squares: twice as wide as tall, at every size, on every screen.
# size_is DESC N: the board of n in the pane has squares of 2k by k.
size_is() {
	square=no
	poll_begin
	while :; do
		got=$(board_grid "$2" size)
		case "$got" in
		[0-9]*\ [0-9]*) [ "${got% *}" -eq $((2 * ${got#* })) ] && square=yes && break ;;
		esac
		poll_again || break
	done
	if [ $square = yes ]; then
		pass "$1 ($got)"
	else
		fail "$1" "squares: $got" "$(screen)"
	fi
}
for size in 60x20 80x24 120x40 200x60; do
	w=${size%x*} h=${size#*x}
	start "$w" "$h" -- play 8
	size_is "$size: Play's squares are twice as wide as tall" 8
	start "$w" "$h" -- watch 6
	size_is "$size: Watch's" 6
	start "$w" "$h" -- browse 8
	size_is "$size: Browse's" 8
done
# The gallery's small boards have no letters: their queens tell the width,
# rank by rank two columns a file, in the first board (solution 1).
gallery_square() {
	screen | awk -v want="$(solution 8 1)" '
		BEGIN { split(want, s, " "); for (i in s) file[substr(s[i], 2)] = index("abcdefgh", substr(s[i], 1, 1)) - 1 }
		# The first board: eight lines labelled 8 down to 1 in the first column.
		$1 == "8" && !start { start = NR }
		start && NR < start + 8 {
			r = 8 - (NR - start)
			if ($1 != r "") bad = bad " rank " r ": no label"
			q = index($0, "Q")
			x0 = index($0, r "") + length(r "") + 1
			if (q - x0 != 2 * file[r]) bad = bad " rank " r ": Q at " q - x0
		}
		END { print (start && bad == "") ? "square" : "not square:" bad }'
}
start 80 24 -- --ascii browse 8
keys v
expect_screen "the gallery opens" "gallery 1-[0-9]+ of 92"
if [ "$(gallery_square)" = square ]; then
	pass "the gallery's boards: two columns a file, one line a rank"
else
	fail "the gallery's boards: two columns a file, one line a rank" "$(gallery_square)" "$(screen)"
fi
keys Tab Enter
expect_screen "a class's members" "rot90 .*#"
if [ "$(gallery_square)" = square ]; then
	pass "a class's members: two columns a file, one line a rank"
else
	fail "a class's members: two columns a file, one line a rank" "$(gallery_square)" "$(screen)"
fi
keys q
wait_exit

# Play at 200x60, the figures' size: queens, a conflict, the cursor's lines.
play_position() {
	# a8 and c7, then d5 (on a8's diagonal), the cursor to f2.
	keys Space Right Right Down Space Right Right Down Down Down Left Up Space
	keys Right Right Down Down Down
	wait_for "Queens: 3 of 8" >/dev/null
}
start 200 60 -- play 8
wait_for "Queens: 0 of 8" >/dev/null
play_position
expect_board "200x60 Play: figures, the conflict's corners, the cursor's, the attacked dots" \
	8 marks "$(board_expect play 8 marks "a8 c7 d5" cursor=f2)"
expect_board "200x60 Play: the tints under them" 8 bg \
	"$(board_expect play 8 bg "a8 c7 d5" cursor=f2)"
keys q y
wait_exit

# Watch at 200x60: a tried queen is not a placed one; a refusal's cross, its
# attacker and the line between; the square just left.  Events of trace 6:
# 2 try a1, 3 place a1, 13 reject c1 (attacked by a1 along the rank), 50
# remove e4.
trace=$(nq trace 6)
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
for look in utf-8 ascii mono; do
	case $look in
	utf-8) set -- "" "" bg ;;
	ascii) set -- "" --ascii bg ;;
	mono) set -- NO_COLOR=1 "" attrs ;;
	esac
	start 200 60 $1 -- $2 watch 6
	wait_for "event 0 of" >/dev/null
	done_to=0
	for k in 2 3 13 50; do
		keys -N $((k - done_to)) .
		done_to=$k
		said=$(printf '%s\n' "$trace" | sed -n "${k}p")
		queens=$(events_to "$k" | sed -n 1p)
		roles=$(events_to "$k" | sed -n 2p)
		wait_for "event $k of" >/dev/null
		expect_board "200x60 $look Watch after $said: the figures and marks" 6 marks \
			"$(board_expect watch 6 marks "$queens" $roles)"
		expect_board "200x60 $look Watch after $said: the $3" 6 "$3" \
			"$(board_expect watch 6 "$3" "$queens" $roles)"
		[ "$look" = ascii ] || continue
		if screen | LC_ALL=C grep -q '[^ -~]'; then
			fail "--ascii after $said: nothing but ASCII in the pane" \
				"$(screen | LC_ALL=C grep '[^ -~]' | head -3)"
		else
			pass "--ascii after $said: nothing but ASCII in the pane"
		fi
	done
	if [ "$look" = mono ]; then
		expect_monochrome "NO_COLOR: no colour at all"
	fi
	keys q
	wait_exit
done

# Each theme: its tints, the light and the dark one of each, under the same
# position; and the checkerboard shows through them: no two squares side by
# side share a colour.
# neighbours_differ: the board_grid bg grid on stdin has no two equal
# neighbours, across or up and down.
neighbours_differ() {
	awk '{ for (f = 1; f <= NF; f++) { if (f > 1 && $f == $(f - 1)) bad = bad " " $f; if (NR > 1 && $f == above[f]) bad = bad " " $f; above[f] = $f } }
		END { if (bad != "") { print "same colour side by side:" bad; exit 1 } }'
}
for theme in calm wood night contrast; do
	start 120 40 -- play 8 --theme "$theme"
	wait_for "Queens: 0 of 8" >/dev/null
	play_position
	look_theme=$theme
	expect_board "--theme $theme: each square's tint" 8 bg \
		"$(board_expect play 8 bg "a8 c7 d5" cursor=f2)"
	if why=$(board_grid 8 bg | neighbours_differ); then
		pass "--theme $theme: the checkerboard shows through every tint"
	else
		fail "--theme $theme: the checkerboard shows through every tint" "$why" \
			"$(board_grid 8 bg)"
	fi
	keys q y
	wait_exit
done
look_theme=calm

# With 8 colours, the one palette of every theme.
start 120 40 TERM=xterm -- play 8 --theme night
wait_for "Queens: 0 of 8" >/dev/null
play_position
look_colours=8
expect_board "8 colours: the fallback palette" 8 bg \
	"$(board_expect play 8 bg "a8 c7 d5" cursor=f2)"
look_colours=256
keys q y
wait_exit

# Without colour (NO_COLOR or --no-color), a theme changes nothing: the
# attributes say it all.
for how in NO_COLOR=1 --no-color; do
	case $how in
	NO_COLOR=1) set -- NO_COLOR=1 -- play 8 --theme contrast ;;
	*) set -- -- play 8 --no-color --theme contrast ;;
	esac
	start 200 60 "$@"
	wait_for "Queens: 0 of 8" >/dev/null
	play_position
	expect_monochrome "$how with --theme: no colour"
	expect_board "$how: the squares' attributes" 8 attrs \
		"$(board_expect play 8 attrs "a8 c7 d5" cursor=f2)"
	expect_board "$how: the figures" 8 marks "$(board_expect play 8 marks "a8 c7 d5" cursor=f2)"
	keys q y
	wait_exit
done

# T cycles the themes on every screen, at once, and says which.
# a1_is COLOUR: whether a1 (a dark square, the cursor elsewhere) has it.
a1_bg() {
	board_grid "$1" bg | tail -1 | cut -d' ' -f1
}
expect_a1() {
	poll_begin
	while [ "$(a1_bg "$2")" != "$3" ]; do
		poll_again || break
	done
	if [ "$(a1_bg "$2")" = "$3" ]; then
		pass "$1"
	else
		fail "$1" "a1: $(a1_bg "$2"), wanted $3" "$(screen)"
	fi
}
start 80 24 -- browse 8
expect_a1 "Browse in calm: a1 sage" 8 c108
for t in "wood c137" "night c237" "contrast c244" "calm c108"; do
	keys T
	expect_message "T: the theme named" "Theme: ${t% *} (T for the next)."
	expect_a1 "T: a1 in ${t% *}" 8 "${t#* }"
done
keys v
keys T
expect_screen "T in the gallery" "Theme: wood"
keys Tab
keys T
expect_screen "T in the classes" "Theme: night"
keys '?'
keys T
expect_screen "T over the help closes it, as any key does, and changes the theme" \
	"Theme: contrast"
if wait_gone "Browse: keys"; then
	pass "and the help is closed"
else
	fail "and the help is closed" "$(screen)"
fi
keys q
wait_exit
start 80 24 -- watch 6
keys T
expect_screen "T in Watch" "Theme: calm"
keys q
wait_exit
start 80 24 --
keys T
expect_screen "T in the menu" "Theme: wood"
keys q
wait_exit
start 80 24 -- --ascii play 8
keys T
expect_screen "T in Play" "Theme: night"
keys q
wait_exit
start 80 24 NO_COLOR=1 -- play 8
keys T
expect_message "T without colours says that the themes need them" \
	"Theme: contrast (T for the next). Without colours every theme looks the same."
keys q
wait_exit
start 80 24 TERM=xterm -- play 8
keys T
expect_message "T with 8 colours says that the themes share a board" \
	"Theme: calm (T for the next). This terminal has 8 colours: the themes share one board."
keys q
wait_exit
start 100 40 -- play 8
keys '?'
expect_screen "every help lists T" "T +the next colour theme"
keys Escape q
wait_exit
finish
