#!/bin/sh
# Queens with regions (play --regions), driven with keys in a real terminal
# (tmux): the board read square by square against the puzzle's own file,
# its borders, the letters of --ascii, a conflict, a hint made in two
# presses, and a solve with the solution found here, not by the program.
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

seed=7
# The puzzle as the puzzle command writes it: its regions, the top row first.
nq puzzle --regions 8 --grade medium --seed $seed >"$tmpdir/p.txt"
sed -n '/^regions:/,$p' "$tmpdir/p.txt" | sed -n 2,9p >"$tmpdir/map"

# The one solution, by a search of this test's own (one queen a row, column
# and region, none touching): the ranks by file.
solve_map() {
	awk '
	{ for (f = 1; f <= 8; f++) reg[9 - NR, f] = substr($0, f, 1) }
	function ok(r, f,   q) {
		for (q = 1; q < r; q++) {
			if (col[q] == f || reg[q, col[q]] == reg[r, f]) return 0
			if (q == r - 1 && (col[q] - f) * (col[q] - f) <= 1) return 0
		}
		return 1
	}
	function go(r,   f) {
		if (r > 8) { found++; for (f = 1; f <= 8; f++) sol[f] = col[f]; return }
		for (f = 1; f <= 8; f++)
			if (ok(r, f)) { col[r] = f; go(r + 1) }
	}
	END {
		go(1)
		if (found != 1) { print "solutions: " found; exit 1 }
		# col[r] is the file of rank r: turn it into the rank by file.
		for (r = 1; r <= 8; r++) rank[sol[r]] = r
		s = ""
		for (f = 1; f <= 8; f++) s = s (f > 1 ? " " : "") rank[f]
		print s
	}' "$tmpdir/map"
}
if ranks=$(solve_map); then
	pass "the puzzle has one solution by the test's own search: $ranks"
else
	fail "the puzzle has one solution by the test's own search" "$ranks"
fi

# board_check MODE HV LV HH LH [letters]: reads the board of the screen
# (python3, for the cells' characters) by its geometry, found from the rank
# numbers and file letters; prints what differs from the puzzle's file: a
# heavy line (HV, HH) between two squares exactly where their regions
# differ, a light one (LV, LH) inside a region, and with "letters" each
# empty square's letter.
board_check() {
	screen >"$tmpdir/screen"
	python3 - "$tmpdir/screen" "$tmpdir/map" "$@" <<'PY'
import re, sys
screen = open(sys.argv[1], encoding="utf-8").read().split("\n")
rows = [l.strip() for l in open(sys.argv[2])]
hv, lv, hh, lh = sys.argv[3:7]
letters = len(sys.argv) > 7
region = {}  # (rank, file) 1-based, from the file: the top row is rank 8
for i, l in enumerate(rows):
    for f, c in enumerate(l):
        region[(8 - i, f + 1)] = c
y = {}
for i, l in enumerate(screen):
    m = re.match(r"^ *([1-8]) [" + re.escape(hv) + "|]", l)
    if m and int(m.group(1)) not in y:
        y[int(m.group(1))] = i
if sorted(y) != list(range(1, 9)):
    print("ranks found: %s" % sorted(y)); sys.exit(0)
fl = [l for l in screen if re.match(r"^ +a +b +c +d +e +f +g +h *$", l)][0]
xs = [fl.index(c) for c in "abcdefgh"]
pw, ph = xs[1] - xs[0], y[7] - y[8]
x0 = xs[0] - 1 - (pw - 2) // 2
bad = []
for r in range(1, 9):
    top = y[r] - 1 - (ph - 2) // 2
    line = screen[y[r]]
    for f in range(1, 8):
        c = line[x0 + f * pw]
        want = hv if region[(r, f)] != region[(r, f + 1)] else lv
        if c != want:
            bad.append("rank %d between files %d and %d: %r, wanted %r" % (r, f, f + 1, c, want))
    for f in range(1, 9):
        mid = x0 + (f - 1) * pw + 1 + (pw - 2) // 2
        if r > 1:
            c = screen[top + ph][mid]
            want = hh if region[(r, f)] != region[(r - 1, f)] else lh
            if c != want:
                bad.append("file %d under rank %d: %r, wanted %r" % (f, r, c, want))
        if letters and line[mid] != region[(r, f)]:
            bad.append("square %s%d shows %r, wanted its letter %r" % ("abcdefgh"[f - 1], r, line[mid], region[(r, f)]))
print("; ".join(bad))
PY
}

# check_borders MODE HV LV HH LH [letters]: passes when board_check finds nothing.
check_borders() {
	mode=$1
	shift
	bad=$(board_check "$@")
	if [ -z "$bad" ]; then
		pass "$mode: the lines between squares are heavy exactly where regions meet${6:+, and each square shows its letter}"
	else
		fail "$mode: the lines between squares are heavy exactly where regions meet${6:+, and each square shows its letter}" "$bad" "$(cat "$tmpdir/screen")"
	fi
}

for size in 80x24 120x40 60x20; do
	start "${size%x*}" "${size#*x}" NQUEENS_TEST_CLOCK=1 -- play --regions 8 --seed $seed
	expect_screen "$size: the regions screen opens" "Queens 8x8, regions, seed $seed"
	expect_screen "$size: its files are labelled" "a +b +c +d +e +f +g +h"
	# Every rank is on the screen, in order from 8 down.
	labels=$(screen | grep -oE "^ *[1-8] [┃|]" | tr -dc '0-9')
	if [ "$labels" = "87654321" ]; then
		pass "$size: eight ranks, 8 at the top"
	else
		fail "$size: eight ranks, 8 at the top" "got: $labels" "$(screen)"
	fi
	check_borders "$size" "┃" "│" "━" "─"
done

# A queen, then one beside it on the row: both in conflict, the line between.
start 80 24 NQUEENS_TEST_CLOCK=1 -- play --regions 8 --seed $seed
wait_for "Queens 8x8"
keys Space
expect_screen "a queen placed" "queens: 1 of 8"
expect_screen "no conflict yet" "conflicts: 0"
keys Right Right Space
expect_screen "two queens on a row: both in conflict" "conflicts: 2"
expect_screen "and marked so" "!(♛|Q)!"
expect_screen "the line between them" "!(♛|Q)![│┃]━━━[│┃]\[(♛|Q)\]"
keys t
expect_screen "a hint on a broken position says what is wrong" "queens on a8 and c8"
keys u u t
expect_screen "t names a deduction in words" "t again: (mark them|place)"
words=$(screen | tr '\n' ' ' | tr -s ' ')
if printf '%s' "$words" | grep -q "t again: place"; then
	# One square left somewhere: it is named, and shown, and t puts its queen there.
	where=$(printf '%s' "$words" | grep -oE "left, [a-h][1-8]" | grep -oE "[a-h][1-8]")
	expect_screen "the square it names is shown" "✦"
	keys t
	expect_screen "t again places the queen on $where" "queens: 1 of 8"
else
	said=$(printf '%s' "$words" | grep -oE "strike [0-9]+" | grep -oE "[0-9]+")
	before=$(screen | grep -E "^ *[1-8] ┃" | grep -o "×" | wc -l)
	keys t
	wait_gone "t again"
	after=$(screen | grep -E "^ *[1-8] ┃" | grep -o "×" | wc -l)
	# Before the second t, the squares it strikes show their cross already.
	if [ "$before" -eq "$said" ] && [ "$after" -eq "$said" ]; then
		pass "t again marks the $said squares it said"
	else
		fail "t again marks the squares it said" "said $said, shown $before before, $after after" "$(screen)"
	fi
fi
# The words on the broken position were a hint too.
expect_screen "hints count toward an assisted solve" "hints: 2"

# The solve, by the test's own solution, from the cursor's start (a8).
keys c Home PageUp
wait_for "queens: 0 of 8"
# shellcheck disable=SC2086
place_solution $ranks
expect_screen "the solution found here solves it" "Solved: one queen in each row"
expect_screen "with its time, assisted" "time: 0:00, assisted"
expect_screen "and a message" "Solved in 0:00, assisted"

# A game left is kept and resumed with its queens and marks, as Play's puzzles.
start 80 24 NQUEENS_TEST_CLOCK=1 -- play --regions 8 --seed $seed
wait_for "Queens 8x8"
keys Space Right x q
expect_screen "q on a game begun asks, and says it is kept" "It is kept to resume"
keys y
wait_exit
start 80 24 NQUEENS_TEST_CLOCK=1 -- play --regions 8 --seed $seed
expect_screen "opened again, the game is resumed" "Your game resumed"
expect_screen "with its queen" "queens: 1 of 8"
expect_screen "and its mark" "^ *8 ┃[^┃│]*(♛|Q)[^┃│]*│[^┃│]*×"
# Cleared and left, nothing is kept: the boards below start empty.
keys c q
wait_exit
start 80 24 NQUEENS_TEST_CLOCK=1 -- play --regions 8 --seed $((seed + 1))
wait_for "Queens 8x8"
expect_screen "another seed's puzzle starts afresh" "queens: 0 of 8"

# w: Watch it reasoned on the puzzle played, over the game.  The same title
# and board as watch --regions of the same seed (none of the player's
# queens), its borders the puzzle file's; q comes back to the game as it
# was, the clock stood meanwhile (four seconds away, on the real clock), and
# the reasoning counted as a hint: the solve is assisted.
# board_lines: the board's lines, without what stands beside it.
board_lines() {
	screen | grep -E "^ *[1-8] [┃|]|^ +a +b +c" | sed 's/\([┃|]\)  .*/\1/'
}
start 80 24 -- watch --regions 8 --seed $seed
wait_for "deduction 0 of" >/dev/null
{ screen | head -1; board_lines; } >"$tmpdir/reasoned1"
start 80 24 -- play --regions 8 --seed $seed
wait_for "Queens 8x8" >/dev/null
keys Space Right Right Right x
wait_for "queens: 1 of 8" >/dev/null
wait_for "time: 0:00" >/dev/null
board_lines >"$tmpdir/game1"
keys w
expect_screen "w opens Watch it reasoned" "Watch it reasoned: 8 queens with regions, medium, seed $seed"
wait_for "deduction 0 of" >/dev/null
{ screen | head -1; board_lines; } >"$tmpdir/reasoned2"
if cmp -s "$tmpdir/reasoned1" "$tmpdir/reasoned2" && [ -s "$tmpdir/reasoned1" ]; then
	pass "on the puzzle played: the title and board of watch --regions --seed $seed"
else
	fail "on the puzzle played: the title and board of watch --regions --seed $seed" \
		"$(diff "$tmpdir/reasoned1" "$tmpdir/reasoned2")"
fi
check_borders "Watch it reasoned from the game" "┃" "│" "━" "─"
if board_lines | grep -q "♛\|×"; then
	fail "the puzzle as given: none of the player's queens or marks" "$(screen)"
else
	pass "the puzzle as given: none of the player's queens or marks"
fi
sleep 4
keys q
expect_screen "q comes back to the game" "Queens 8x8, regions, seed $seed"
board_lines >"$tmpdir/game2"
if cmp -s "$tmpdir/game1" "$tmpdir/game2"; then
	pass "with its queen, mark and cursor as they were"
else
	fail "with its queen, mark and cursor as they were" "$(diff "$tmpdir/game1" "$tmpdir/game2")"
fi
expect_screen "the clock stood while the reasoning was open" "time: 0:0[0-2]$"
expect_screen "the reasoning counted as a hint" "hints: 1"
keys c Home PageUp
wait_for "queens: 0 of 8" >/dev/null
# shellcheck disable=SC2086
place_solution $ranks
expect_screen "the solve after it is assisted" "time: [0-9]+:[0-9]+, assisted"
keys q
wait_exit
# With assists none, w is refused as t is: nothing shown, no hint counted.
start 80 24 NQUEENS_TEST_CLOCK=1 -- play --regions 8 --seed $seed --assist none
wait_for "Queens 8x8" >/dev/null
keys w
expect_message "assists none: w refused, saying why" \
	"Watch it reasoned shows the answer; assists are off (none): a turns them on."
if screen | head -1 | grep -q "Watch it reasoned" || screen | grep -q "hints: "; then
	fail "assists none: no reasoning, no hint counted" "$(screen)"
else
	pass "assists none: no reasoning, no hint counted"
fi

# --ascii: the borders in ASCII and the letters.
start 80 24 NQUEENS_TEST_CLOCK=1 -- play --regions 8 --seed $seed --ascii
wait_for "Queens 8x8"
keys Right
check_borders "--ascii" "|" " " "-" " " letters
# --no-color: box drawing and letters too.
start 80 24 NQUEENS_TEST_CLOCK=1 -- play --regions 8 --seed $seed --no-color
wait_for "Queens 8x8"
keys Right
check_borders "--no-color" "┃" "│" "━" "─" letters
expect_monochrome "--no-color: no colour at all"
keys Right Right Right Right t
expect_screen "--no-color: the hint names regions by letter" "[Tt]he [a-h] region"

# 8 colours: the hint's words name colours only when each region has its own.
start 80 24 NQUEENS_TEST_CLOCK=1 TERM=xterm -- play --regions 8 --seed $seed
wait_for "Queens 8x8"
# Its colours repeat, so the squares say their letters.
keys Right
check_borders "8 colours" "┃" "│" "━" "─" letters
keys t
expect_screen "8 colours: the hint names a region by letter" "[Tt]he [a-h] region"
start 80 24 NQUEENS_TEST_CLOCK=1 -- play --regions 8 --seed $seed
wait_for "Queens 8x8"
keys t
expect_screen "256 colours: the hint names a region by colour" "[Tt]he (purple|orange|blue|green|yellow|pink|grey|teal) region"

# The daily regions puzzle, from the menu: the same as play --regions --daily.
start 80 24 NQUEENS_TEST_CLOCK=1 NQUEENS_TEST_DATE=2026-11-29 -- play --regions --daily
expect_screen "play --regions --daily opens the day's regions puzzle" "daily regions puzzle"
screen | grep -E "^ *[0-9]+ " >"$tmpdir/daily1"
start 80 24 NQUEENS_TEST_CLOCK=1 NQUEENS_TEST_DATE=2026-11-29 --
wait_for "Board size"
menu_open "Daily regions"
expect_screen "the menu's Daily regions opens it" "daily regions puzzle"
screen | grep -E "^ *[0-9]+ " >"$tmpdir/daily2"
if cmp -s "$tmpdir/daily1" "$tmpdir/daily2" && [ -s "$tmpdir/daily1" ]; then
	pass "the same puzzle both ways"
else
	fail "the same puzzle both ways" "$(cat "$tmpdir/daily1")" "$(cat "$tmpdir/daily2")"
fi
keys q
expect_screen "q goes back to the menu" "Board size"
menu_open Regions
expect_screen "the menu's Regions makes one of its size" "Queens 8x8, regions, seed"

[ "$failures" -eq 0 ]
