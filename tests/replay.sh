#!/bin/sh
# watch N --replay FILE: a student's search (data/code/'s events listing with
# the diagonal test removed, run by python3) beside the reference's, stepped
# in lockstep to the divergence and stopped there with it lit; the boards,
# the lit square and the words checked against compare's own report and the
# student's and trace's events replayed here; the unchanged listing reaches
# "same search"; bad files refused before the screen starts.
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

py=${srcdir:-.}/data/code/backtrack_events.py
n=6
sed 's/ or up_used\[up\] or down_used\[down\]//' "$py" >"$tmpdir/nodiag.py"
python3 "$tmpdir/nodiag.py" $n >"$tmpdir/nodiag.txt"
python3 "$py" $n >"$tmpdir/good.txt"

# compare's own report: the divergence's event, the student's square and the
# queen that attacks it, from its words ("placed b2 while a1 still attacks it").
nq compare $n "$tmpdir/nodiag.txt" >"$tmpdir/report"
at=$(sed -n 's/.*differs at event \([0-9]*\)$/\1/p' "$tmpdir/report")
lit=$(sed -n 's/^your program placed \([a-z][0-9]*\) while.*/\1/p' "$tmpdir/report")
by=$(sed -n 's/.* while \([a-z][0-9]*\) still attacks it.*/\1/p' "$tmpdir/report")
why=$(sed -n 's/^\(your program placed .*\)$/\1/p' "$tmpdir/report")
if [ -z "$at" ] || [ -z "$lit" ] || [ -z "$by" ]; then
	echo "Bail out! compare's report names no divergence: $(head -5 "$tmpdir/report")"
	exit 1
fi

# queens FILE K: the queens after the first K events of FILE (place and
# remove lines, trace's or the student's), as board_grid N marks reads a
# board of queens alone: rank n first, "Q" or "_" (ANY: every queen "!Q!"
# but those given plain).
queens() {
	head -n "$2" "$1" | awk -v n=$n -v lit="${3:-}" '
		$1 == "place" { q[$2] = 1 }
		$1 == "remove" { delete q[$2] }
		END {
			letters = "abcdefghijklmnopqrstuvwxyz"
			for (r = n; r >= 1; r--) {
				line = ""
				for (f = 1; f <= n; f++) {
					sq = substr(letters, f, 1) r
					t = sq in q ? (index(" " lit " ", " " sq " ") ? "!Q!" : "Q") : "_"
					line = line (f > 1 ? " " : "") t
				}
				print line
			}
		}'
}

# side K [SQ]: board K of the pane (1 the student's, 2 the reference's), its
# queens alone ("!Q!" a queen lit, "Q" another, "_" else), as board_grids
# reads it; the square SQ read as "_" whatever it shows (the reference's
# refusal there, a cross the reader takes for a figure at large sizes).
side() {
	board_grids $n | awk -v k="$1" -v n=$n -v sq="${2:-}" '
		BEGIN { letters = "abcdefghijklmnopqrstuvwxyz" }
		/^board / { b++; skip = 2; next }
		skip > 0 { skip--; next }
		b == k && rows < n {
			out = ""
			for (i = 1; i <= NF; i++) {
				t = $i ~ /Q/ ? ($i == "!Q!" ? "!Q!" : "Q") : "_"
				if (sq == substr(letters, i, 1) (n - rows))
					t = "_"
				out = out (i > 1 ? " " : "") t
			}
			print out
			rows++
		}'
}

# expect_side DESC K WANT [SQ]: board K reads WANT in time (see side).
expect_side() {
	if within is "$3" side "$2" "${4:-}"; then
		pass "$1"
	else
		fail "$1" "wanted:" "$3" "read:" "$(side "$2" "${4:-}")" "$(screen)"
	fi
}

# The squares of the student's board (the left one) whose ground is neither
# of the board's own two: the lit ones.
lit_squares() {
	board_grid $n bg | awk -v n=$n '
		{ for (f = 1; f <= NF; f++) { bg[NR, f] = $f; count[$f]++ } }
		END {
			# The two grounds of the plain squares are the most common.
			for (c in count)
				if (count[c] > count[a]) a = c
			for (c in count)
				if (c != a && count[c] > count[b]) b = c
			letters = "abcdefghijklmnopqrstuvwxyz"
			out = ""
			for (f = 1; f <= n; f++)
				for (r = n; r >= 1; r--)
					if (bg[n - r + 1, f] != a && bg[n - r + 1, f] != b)
						out = out (out == "" ? "" : " ") substr(letters, f, 1) r
			print out
		}'
}

for size in 80x24 120x40; do
	w=${size%x*} h=${size#*x}
	start "$w" "$h" -- watch $n --replay "$tmpdir/nodiag.txt"
	wait_for "the same so far" >/dev/null
	# Lockstep: three events, both boards the same, each the events' own.
	keys Right Right Right
	expect_screen "$size: three events stepped" "event 3 of"
	expect_side "$size: lockstep, the student's board after 3 events" 1 "$(queens "$tmpdir/nodiag.txt" 3)"
	expect_side "$size: lockstep, the reference's board after 3 events" 2 "$(nq trace $n | queens /dev/stdin 3)"
	# Played, it stops at the divergence compare names.
	keys Space
	expect_screen "$size: play stops at compare's divergence, event $at" "^differs at event $at +event $at of"
	expect_screen "$size: it says where they part" "They part at event $at"
	expect_side "$size: the student's board at the divergence, $lit and $by lit" 1 \
		"$(queens "$tmpdir/nodiag.txt" "$at" "$lit $by")"
	expect_side "$size: the reference's board at the divergence" 2 "$(nq trace $n | queens /dev/stdin $((at - 1)) "$by")" "$lit"
	want=$(printf '%s\n' "$by" "$lit" | sort | tr '\n' ' ' | sed 's/ $//')
	if within is "$want" lit_squares; then
		pass "$size: the squares lit on the student's board are $lit and its attacker $by"
	else
		fail "$size: the squares lit on the student's board are $lit and its attacker $by" "lit: $(lit_squares)" "$(screen)"
	fi
	# The words: compare's reason, what each did.
	expect_panel "$size: compare's reason in the panel" "Why: " "Why: $why"
	expect_screen "$size: the student's event" "$at: $(sed -n "${at}p" "$tmpdir/nodiag.txt")"
	expect_screen "$size: the reference's event" "$at: $(nq trace $n | sed -n "${at}p" | cut -c1-20)"
	expect_screen "$size: the key line says Right steps the student's alone" "Right your events alone"
	# Past the divergence the student's events alone: the reference stands.
	keys Right
	expect_screen "$size: a step past it" "event $((at + 1)) of"
	expect_screen "$size: past it, the student's alone" "your events alone from there"
	expect_side "$size: the student's board goes on" 1 "$(queens "$tmpdir/nodiag.txt" $((at + 1)))"
	expect_side "$size: the reference's board stands" 2 "$(nq trace $n | queens /dev/stdin $((at - 1)) "$by")" "$lit"
	keys q
	if wait_exit && [ "$status" = 0 ]; then
		pass "$size: q leaves, exit status 0"
	else
		fail "$size: q leaves, exit status 0" "status $status" "$(screen)"
	fi
done

# The unchanged listing: the same search to its end.
start 80 24 -- watch $n --replay "$tmpdir/good.txt"
wait_for "the same so far" >/dev/null
keys e
total=$(wc -l <"$tmpdir/good.txt")
expect_screen "the unchanged listing: same search at its end" "^same search +event $total of $total"
expect_screen "the panel says so" "same search: your $total events are the reference's"
expect_side "the unchanged listing: both boards the same at the end" 2 "$(queens "$tmpdir/good.txt" "$total")"
if [ -z "$(lit_squares)" ]; then
	pass "the unchanged listing: no square lit at the end"
else
	fail "the unchanged listing: no square lit at the end" "$(lit_squares)"
fi

# --algorithm chooses the reference, as for compare: bits' own events are
# the same search beside bits, and part from backtrack where compare says.
nq trace 5 --algorithm bits >"$tmpdir/bits.txt"
start 80 24 -- watch 5 --replay "$tmpdir/bits.txt" --algorithm bits
wait_for "the same so far" >/dev/null
keys e
expect_screen "bits' events beside bits: same search" "^same search +event"
expect_screen "the reference is bits" "The reference, bits"
bits_at=$(nq compare 5 "$tmpdir/bits.txt" | sed -n 's/.*differs at event \([0-9]*\)$/\1/p')
start 80 24 -- watch 5 --replay "$tmpdir/bits.txt"
wait_for "the same so far" >/dev/null
keys e
expect_screen "bits' events beside backtrack: they part at compare's event $bits_at" "^differs at event $bits_at +event $bits_at of"

# Bad files are refused before the screen starts, with compare's line.
printf 'enter a\ntry a1\njump\n' >"$tmpdir/word.txt"
refuse "an unknown event" 2 "^nqueens watch: .*/word.txt, line 3: unknown event 'jump'" -- \
	watch 6 --replay "$tmpdir/word.txt"
head -3 "$tmpdir/good.txt" >"$tmpdir/cut.txt"
refuse "a trace cut short" 2 "^nqueens watch: .*/cut.txt ends after line 3, in the middle of the search$" -- \
	watch 6 --replay "$tmpdir/cut.txt"
refuse "standard input" 2 "^nqueens watch: --replay reads a file, not standard input" -- \
	watch 6 --replay -
finish
