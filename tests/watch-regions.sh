#!/bin/sh
# Watch it reasoned (watch --regions), driven with keys in a real terminal
# (tmux): after each number of steps the board read square by square (the
# queens, the squares struck) and the words and counters on the screen are
# held against the engine's own account of the same steps (tests/regions-steps,
# which runs the logical solver and the plain search without the screen's
# model); then the switch to the search, its end, stepping back, the phases.
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

steps=${builddir:-.}/tests/regions-steps
seed=7
nq puzzle --regions 8 --grade medium --seed $seed >"$tmpdir/p.txt"

# read_board: the board on the screen, the top row first, a line a row: Q a
# queen, x a square struck (or refused), . anything else; found by the rank
# numbers and the file letters.
read_board() {
	screen >"$tmpdir/screen"
	python3 - "$tmpdir/screen" <<'PY'
import re, sys
screen = open(sys.argv[1], encoding="utf-8").read().split("\n")
y = {}
for i, l in enumerate(screen):
    m = re.match(r"^ *([1-8]) [┃|]", l)
    if m and int(m.group(1)) not in y:
        y[int(m.group(1))] = i
fl = [l for l in screen if re.match(r"^ +a +b +c +d +e +f +g +h *$", l)]
if sorted(y) != list(range(1, 9)) or not fl:
    print("no board"); sys.exit(0)
xs = [fl[0].index(c) for c in "abcdefgh"]
pw, ph = xs[1] - xs[0], y[7] - y[8]
for r in range(8, 0, -1):
    row = ""
    for x in xs:
        # The square's inside, between its lines: a figure of blocks or a glyph.
        cells = "".join(screen[yy][x - (pw - 2) // 2:x + pw // 2]
                        for yy in range(y[r] - (ph - 2) // 2, y[r] + ph // 2))
        if any(c in "♛Q" or 0x2580 <= ord(c) <= 0x259f for c in cells):
            row += "Q"
        elif any(c in "×x" for c in cells):
            row += "x"
        else:
            row += "."
    print(row)
PY
}

# panel_text: the panel beside the board, from its heading on, as one line.
panel_text() {
	screen >"$tmpdir/panel"
	python3 - "$tmpdir/panel" <<'PY'
import re, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
x, text = -1, ""
for l in lines:
    if x < 0:
        for head in ("Reasoning:", "Search:"):
            if head in l:
                x = l.index(head)
    if x >= 0:
        text += " " + l[x:]
print(re.sub(" +", " ", text))
PY
}

# check_steps WHAT K DESC: the board, words and counters after K steps of
# WHAT (logic or search) against regions-steps.
check_steps() {
	"$steps" "$tmpdir/p.txt" "$1" "$2" >"$tmpdir/want"
	sed -n '/^board:/,$p' "$tmpdir/want" | sed 1d >"$tmpdir/want-board"
	if within is "$(cat "$tmpdir/want-board")" read_board; then
		pass "$3: the board's queens and struck squares are the engine's"
	else
		fail "$3: the board's queens and struck squares are the engine's" \
			"wanted:" "$(cat "$tmpdir/want-board")" "shown:" "$(read_board)" "$(screen)"
	fi
	text=$(panel_text)
	if [ "$1" = logic ]; then
		words=$(sed -n 's/^words: //p' "$tmpdir/want")
		set -- $(sed -n 's/^queens \([0-9]*\) struck \([0-9]*\).*/\1 \2/p' "$tmpdir/want") "$2"
		want="steps $3 [0-9]+ queens $1 [0-9]+ struck $2 -"
	else
		words=""
		set -- $(sed -n 's/^queens \([0-9]*\) refused \([0-9]*\) backtracks \([0-9]*\).*/\1 \2 \3/p' "$tmpdir/want") "$2"
		want="steps [0-9]+ $4 queens [0-9]+ $1 struck [0-9]+ - refused - $2 backtracks - $3"
	fi
	if printf '%s\n' "$text" | grep -Fq -- "$words" &&
		printf '%s\n' "$text" | grep -Eq -- "$want"; then
		pass "$3 ${words:+the words and }the counters are the engine's"
	else
		fail "the words and counters are the engine's" "wanted: $words" "and: $want" "shown: $text"
	fi
}

for size in 80x24 120x40; do
	w=${size%x*} h=${size#*x}
	# Without colours the regions are named by letter, as regions-steps names them.
	start "$w" "$h" -- watch --regions "$tmpdir/p.txt" --no-color
	len=$("$steps" "$tmpdir/p.txt" logic 0 | sed -n 's/^deduction 0 of //p')
	expect_screen "$size: watch --regions opens on the reasoning" "Reasoning: deduction 0 of $len"
	check_steps logic 0 "$size: at the start"
	keys Right Right Right Right Right
	expect_screen "$size: five steps" "deduction 5 of $len"
	check_steps logic 5 "$size: after 5 deductions"
	keys Left
	expect_screen "$size: a step back" "deduction 4 of $len"
	check_steps logic 4 "$size: back to 4"
	keys e
	expect_screen "$size: e, the reasoning's end" "deduction $len of $len"
	check_steps logic "$len" "$size: at the end of the reasoning"
	expect_screen "$size: solved with no guess" "Solved by reasoning alone: $len"
	slen=$("$steps" "$tmpdir/p.txt" search 0 | sed -n 's/^step 0 of //p')
	keys Right
	expect_screen "$size: Right goes on to the search" "Search: step 0 of $slen"
	keys Right Right Right Right Right Right Right Right Right
	expect_screen "$size: nine events" "Search: step 9 of"
	check_steps search 9 "$size: after 9 events"
	keys Left Left
	expect_screen "$size: back two" "Search: step 7 of"
	check_steps search 7 "$size: back to 7"
	keys e
	expect_screen "$size: e, the search's end" "Search: step $slen of $slen"
	check_steps search "$slen" "$size: at the search's end"
	if within eval 'panel_text | grep -q "Done: every column of row 1 tried; 1 solution in all"'; then
		pass "$size: the search says it is done, with one solution"
	else
		fail "$size: the search says it is done, with one solution" "$(panel_text)"
	fi
	keys Tab
	expect_screen "$size: Tab shows the reasoning where it was left" "deduction $len of $len"
	keys Tab
	expect_screen "$size: and Tab the search again" "Search: step $slen of $slen"
	keys r
	expect_screen "$size: r goes back to the start" "deduction 0 of $len"
	keys q
	if within test -s "$tmpdir/exit" && [ "$(head -1 "$tmpdir/exit")" = 0 ]; then
		pass "$size: q leaves with status 0"
	else
		fail "$size: q leaves with status 0" "$(cat "$tmpdir/exit" 2>/dev/null)"
	fi
done

# A refusal names the queen that refuses and why, as the search found it.
start 80 24 -- watch --regions "$tmpdir/p.txt" --no-color
wait_for "Reasoning:"
keys Tab Right Right
expect_screen "a refused square is named with its reason" "Row 2: a2 refused, the same column as"

# Space plays; at the end of the reasoning it stops and says what comes next.
keys r = = = = = = Space
expect_screen "Space plays the reasoning to its end" "The reasoning is over"

# With a colour each, the words name the regions by their colours, as Play's hints.
start 120 40 -- watch --regions 8 --seed $seed --grade medium
wait_for "Reasoning:"
keys Right
expect_screen "256 colours: the words name a region by colour" \
	"[Tt]he (purple|orange|blue|green|yellow|pink|grey|teal|red|brown|lime|cyan) region"
expect_screen "watch --regions N --seed S is puzzle --regions's puzzle" "medium, seed $seed"

# --ascii: the board in ASCII, the queens Q.
start 80 24 -- watch --regions "$tmpdir/p.txt" --ascii
wait_for "Reasoning:"
keys Right Right Right Right Right
check_steps logic 5 "--ascii: after 5 deductions"

# Two solutions: the reasoning gets stuck (a guess is needed), the search finds both.
printf 'size: 4\nregions:\naaaa\nbbbb\ncccc\ndddd\n' >"$tmpdir/two.txt"
start 80 24 -- watch --regions "$tmpdir/two.txt"
wait_for "Reasoning:"
keys e
expect_screen "two solutions: the reasoning is stuck" "Stuck: no deduction applies"
keys Tab e
if within eval 'panel_text | grep -q "2 solutions in all"'; then
	pass "and the search finds both"
else
	fail "and the search finds both" "$(panel_text)"
fi

[ "$failures" -eq 0 ]
