#!/bin/sh
# The Stats screen and the menu's New, driven in tmux: the calendar from a
# fixed progress file, other months and back, a past day's daily played from
# it, at every size from 60x20 up; a new puzzle's seed, shown in Play's
# title, makes the same puzzle with nqueens puzzle.
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

progress=${srcdir:-.}/tests/stats-progress.txt

# fresh: the fixed progress file in place, as the golden frames have it.
fresh() {
	rm -rf "$XDG_DATA_HOME"
	mkdir -p "$XDG_DATA_HOME/nqueens"
	cp "$progress" "$XDG_DATA_HOME/nqueens/progress"
}

for size in 60x20 80x24 120x40 200x60; do
	fresh
	start "${size%x*}" "${size#*x}" NQUEENS_TEST_DATE=2026-11-29 --
	wait_for 'Board size' >/dev/null
	menu_open Stats
	expect_screen "$size: the Stats screen's month" "November 2026"
	expect_screen "$size: days solved on the day and later" \
		" 16  17  18  19  20\\* 21\\* 22| 23  24\\+ 25  26  27\\* 28\\* 29\\?"
	expect_screen "$size: the streak beside or under it" "Streak: 2 days, longest 2"
	expect_screen "$size: what was found, by size" " 8x8 +3 of 92 +2 of 12"
	keys Left
	expect_screen "$size: Left, the month before" "October 2026"
	keys t
	expect_screen "$size: t, back to today's month" "November 2026"
	# The 24th, solved later: Enter plays it again in Play.
	keys Up Up Up Up Up Enter
	expect_screen "$size: Enter plays the day chosen, a late one (its best 1:20)" "2026-11-24"
done

# The menu's New: g makes it hard (from medium), its seed in the title.
fresh
start 80 24 NQUEENS_TEST_DATE=2026-11-29 --
wait_for 'Board size' >/dev/null
keys Up Up Up g
expect_screen "New says what it makes" "New +a puzzle made now: 8x8 hard \\(g grade\\)"
keys Enter
if wait_for 'puzzle, seed [0-9]+'; then
	seed=$(screen | head -1 | sed 's/.*seed //')
	given=$(nq puzzle 8 --grade hard --seed "$seed" | sed -n 's/^queens: //p')
	grid=$(board_grid 8)
	bad=""
	for sq in $given; do
		f=$(printf '%s' "$sq" | cut -c1)
		r=$(printf '%s' "$sq" | cut -c2-)
		col=$(($(printf '%d' "'$f") - 96))
		got=$(printf '%s\n' "$grid" | sed -n "$((9 - r))p" | cut -d' ' -f"$col")
		# A queen there: only the givens stand on a puzzle just opened (the
		# cursor's frame, on a8, takes the place of a given's).
		case $got in
		*Q*) ;;
		*) bad="$bad $sq:$got" ;;
		esac
	done
	if [ -n "$given" ] && [ -z "$bad" ]; then
		pass "the seed shown makes the same puzzle with nqueens puzzle ($given)"
	else
		fail "the seed shown makes the same puzzle with nqueens puzzle" "given: $given" "not given on the board:$bad" "$grid"
	fi
else
	fail "a new puzzle shows its seed in the title" "$(screen)"
fi

finish
