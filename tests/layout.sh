#!/bin/sh
# Layouts that follow the window: each screen walked through sizes from
# 40x12 to 250x80 with no word on it cut, and Watch's listing whole at 60x20
# at every kind of event.
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

top=${srcdir:-.}
data=${NQUEENS_DATADIR:-$top/data}

# The words the program can print, from its string literals, the listings
# and the puzzles' names and titles, each in a canonical form: runs of digits read
# "9", a conversion of a number "9", and a conversion of text "%s" (any
# text).  A format string "%" PRIu64 ends its literal with "%".
grep -hoE '"([^"\\]|\\.)*"' "$top"/src/*.c "$top"/src/engine/*.c "$top"/src/tui/*.c |
	LC_ALL=C sed -e 's/^"//' -e 's/"$//' -e 's/\\[nt]/ /g' -e 's/\\"/"/g' \
		-e 's/\\u[0-9a-fA-F]\{4\}/ /g' >"$tmpdir/literals"
{
	cat "$data"/pseudocode/*.txt "$data"/code/*.py "$data"/code/*.c "$data"/code/*.java
	sed -n 's/^title: //p' "$data"/puzzles/*.txt
	for f in "$data"/puzzles/*.txt; do basename "$f" .txt; done
} >>"$tmpdir/literals"
LC_ALL=C awk '
	{
		s = $0
		gsub(/%%/, "\001", s)
		gsub(/%[-+ #0-9.*]*(hh|h|ll|l|z|j|t)?[diuxX]/, "9", s)
		gsub(/%[-0-9.*]*[sc]/, "\002", s)
		sub(/%$/, "9", s)
		gsub(/\001/, "%", s)
		gsub(/[0-9]+/, "9", s)
		gsub(/[^ -~\002]+/, " ", s)
		n = split(s, w, " ")
		for (i = 1; i <= n; i++) {
			t = w[i]
			gsub(/\002/, "", t)
			# A word with a letter, or a pattern with a few characters of its own.
			if (w[i] ~ /[A-Za-z]/ || (t != w[i] && length(t) >= 2))
				print w[i]
		}
	}' "$tmpdir/literals" | sort -u >"$tmpdir/vocabulary"

# cut_words: the words of the lines read that are not whole words of the program:
# each word (a run of printable ASCII between blanks and other characters)
# with a letter in it must be a word of the vocabulary (followed by the
# comma or colon that joins it to the next, or after "Ctrl-"), or a file
# letter or a square's mark ("Q", "[Q]", "!Q!"), a run of file letters
# under a board of narrow squares, a chain of squares
# of the search tree ("a1-b3-c5*") or a node of the folded one ("\b3"), or
# end with the ellipsis of a cut line.
cut_words() {
	LC_ALL=C awk -v vocab="$tmpdir/vocabulary" '
		BEGIN {
			while ((getline w <vocab) > 0) {
				if (index(w, "\002")) {
					gsub(/[][\\.^$*+?(){}|\/]/, "\\\\&", w)
					gsub(/\002/, ".*", w)
					pattern["^" w "$"] = 1
				} else {
					exact[w] = 1
				}
			}
		}
		function whole(w,   p, k) {
			if (w in exact || w ~ /^[A-Za-z]$/ || w ~ /\.\.\.$/)
				return 1
			# A square of an ASCII board: a mark, maybe between brackets (on
			# squares of 4 columns the closing one stands apart: "!Q !").
			if (w ~ /^[[!(][A-Za-z][])!]?$/)
				return 1
			# Squares side by side with the lines drawn across them: marks
			# and brackets joined by "-" and "=" ("Q!==x"), or the large
			# cross of a refusal between the corners of the cursor ("[\XX/]").
			if (w ~ /^[][!()QqXxo.+=|\\\/-]+$/ && w ~ /[-=|\\\/]/)
				return 1
			# Words joined into a list ("Right, .") or a title ("Play: keys"),
			# or ending a sentence ("of file b.").
			if (w ~ /[,:.;]$/ && whole(substr(w, 1, length(w) - 1)))
				return 1
			# A modifier and its key: "Ctrl-" and a letter or the name of a key.
			k = index(w, "-")
			if (k > 1 && (substr(w, 1, k) in exact) &&
			    (length(w) == k + 1 || whole(substr(w, k + 1))))
				return 1
			if (index("abcdefghijklmnopqrstuvwxyz", w) > 0)
				return 1
			if (w ~ /^[a-z]+9(-[a-z]+9)*[*x]?$/)
				return 1
			# A node of the folded tree after its ASCII branch ("\b3").
			if (w ~ /^\\[a-z]+9$/)
				return 1
			for (p in pattern)
				if (w ~ p)
					return 1
			return 0
		}
		{
			s = $0
			gsub(/[^ -~]+/, " ", s)
			gsub(/[0-9]+/, "9", s)
			n = split(s, word, " ")
			for (i = 1; i <= n; i++)
				if (word[i] ~ /[A-Za-z]/ && !whole(word[i]))
					bad = bad " [" word[i] "]"
		}
		END { print substr(bad, 2) }'
}

# in_box: the lines of the pane inside the help's box, borders and the
# screen around it left out (the box hides that screen's words in part).
in_box() {
	screen | LC_ALL=C sed -e 's/\xe2\x94\x82/|/g' -e 's/\xe2\x94[\x80\x8c\x90\x94\x98]/+/g' \
		-e 's/\xe2\x94\x80/-/g' | LC_ALL=C awk '
		x == 0 && (i = index($0, "+-")) > 0 {
			x = i
			r = x + index(substr($0, x + 1), "+")
		}
		x > 0 {
			t = substr($0, x + 1, r - x - 1)
			gsub(/--+/, " ", t)
			sub(/^-/, " ", t)
			sub(/-$/, " ", t)
			print t
			if (NR > first && first && substr($0, x, 1) == "+")
				exit
			if (!first)
				first = NR
		}'
}

# settle PATTERN: waits until the pane shows PATTERN and holds still.
settle() {
	wait_for "$1" || return 1
	prev=""
	same=0
	i=0
	# Right after a resize tmux shows the old frame cut to the new width
	# until the program draws again: on a loaded machine that can hold for
	# a few polls, so the screen must hold still for half a second.
	while [ $i -lt 50 ]; do
		now=$(screen)
		if [ "$now" = "$prev" ]; then
			same=$((same + 1))
			[ $same -ge 5 ] && return 0
		else
			same=0
		fi
		prev=$now
		sleep 0.1
		i=$((i + 1))
	done
	return 0
}

sizes="40x12 50x16 60x20 80x24 100x30 120x40 160x50 200x60 250x80"

# walk NAME ANCHOR [box]: the screen running now through every size; at
# each its words whole (with box, those inside the help's box).  ANCHOR is
# what the screen shows once drawn (or that the window is too small for it).
walk() {
	bad_sizes=""
	for size in $sizes; do
		resize "${size%x*}" "${size#*x}"
		if ! settle "$2|Terminal too small"; then
			bad_sizes="$bad_sizes $size(not drawn)"
			continue
		fi
		if [ "${3:-}" = box ] && ! screen | grep -q "Terminal too small"; then
			cut=$(in_box | cut_words)
		else
			cut=$(screen | cut_words)
		fi
		[ -z "$cut" ] || bad_sizes="$bad_sizes $size:$cut"
	done
	if [ -z "$bad_sizes" ]; then
		pass "$1: no word cut at $(echo $sizes | wc -w) sizes"
	else
		fail "$1: no word cut at $(echo $sizes | wc -w) sizes" "$bad_sizes" "$(screen)"
	fi
}

# The walk does fail: a line cut at a column that a word spans.
if [ "$(printf 'the rank and both diagonals are free th\n' | cut_words)" = "[th]" ]; then
	pass "the check finds a word cut at the edge"
else
	fail "the check finds a word cut at the edge"
fi

start 40 12 --
walk "the menu" "Board size"
keys p
walk "the list of puzzles" "5x5 +easy"
keys q
wait_exit

# The Stats screen, with days solved, best times and solutions found.
mkdir -p "$XDG_DATA_HOME/nqueens"
cp "${srcdir:-.}/tests/stats-progress.txt" "$XDG_DATA_HOME/nqueens/progress"
start 80 24 NQUEENS_TEST_DATE=2026-11-29 --
menu_open Stats
walk "the Stats screen" "Stats"
keys q
wait_exit
rm -rf "$XDG_DATA_HOME"

start 40 12 -- play 8
keys Space Right Up Space
walk "Play, two queens in conflict" "Conflicts: 1"
keys '?'
walk "the help over Play" "Play: keys" box
keys q q
wait_exit

start 40 12 -- play 12
wait_for "Queens: 0 of 12" >/dev/null
place_solution 1 3 5 8 10 12 6 11 2 7 9 4
walk "Play 12x12, solved" "Solved!"
keys q
wait_exit

start 40 12 -- play --puzzle "$data/puzzles/08-hard-01.txt"
walk "a puzzle" "Queens: "
keys q y
wait_exit

start 40 12 -- watch 8
keys n
walk "Watch 8x8 at its first solution" "Last: solution 1"
keys '?'
walk "the help over Watch" "Watch: keys" box
keys q q
wait_exit

start 40 12 -- --ascii watch 8 --algorithm scan
keys -N 40 .
walk "Watch, scan" " 40 of "
keys q
wait_exit

# A program in place of the pseudocode, with the variables it keeps.
start 40 12 -- --ascii watch 6 --code java
keys Right Right Right Right
walk "Watch in Java, its variables" " 4 of "
keys q
wait_exit

# Predict mode: its band under the board, a question, then an explanation;
# and a deep folded tree, scrolled.
start 40 12 -- watch 8 --quiz
keys Right Right
walk "Watch in predict mode, a question" "Predict[,:]"
keys y Down Enter
walk "Watch in predict mode, an explanation" "Predict[,:]"
keys q
wait_exit

start 40 12 -- --ascii watch 20
keys n
walk "Watch 20x20, the folded tree" "Last: solution 1"
keys q
wait_exit

start 40 12 -- watch 5
keys n n
walk "Watch 5x5 with its tree" "Last: solution 2"
keys q
wait_exit

start 40 12 -- watch 1000 --algorithm repair
keys e
walk "Watch 1000x1000, repair" "solutions: 1"
keys q
wait_exit

start 40 12 -- browse 8
walk "Browse" "Solution 1 / 92"
keys q
wait_exit

# ---- Space used by priority ----

# margins W [FIRST]: the blank columns left and right of what the body
# shows (the rows from FIRST, 2 unless given, to the one above the key
# line), one character a column.
margins() {
	screen | LC_ALL=C sed "$(printf 's/[\300-\367][\200-\277]*/?/g')" |
		LC_ALL=C awk -v w="$1" -v first="${2:-2}" '
		{ line[NR] = $0 }
		END {
			l = w; r = 0
			for (i = first; i < NR; i++) {
				s = line[i]
				if (s !~ /[^ ]/)
					continue
				match(s, /[^ ]/)
				if (RSTART - 1 < l) l = RSTART - 1
				sub(/ +$/, "", s)
				if (length(s) > r) r = length(s)
			}
			print l, w - r
		}'
}

# expect_centred DESC W [FIRST]: the body (from row FIRST) stands in the
# middle of the width: its margins differ by three columns at most, and it
# is not flush left but where it fills the width.
expect_centred() {
	m=$(margins "$2" "${3:-2}")
	if echo "$m" | awk '{ d = $1 - $2; if (d < 0) d = -d; exit !(d <= 3 && ($1 >= 1 || $2 <= 3)) }'; then
		pass "$1 (margins $m)"
	else
		fail "$1" "margins $m" "$(screen)"
	fi
}

# row_of PATTERN: the first row (1-based) of the screen a line of which matches.
row_of() {
	screen | grep -n -E -m1 -- "$1" | cut -d: -f1
}

# Play at the four sizes: the board and its status in the middle; from 30
# lines with a class found, the status in a framed column with the class
# as a small board.
mkdir -p "$tmpdir/found/nqueens"
printf 'nqueens progress 1\nsolutions 8 1\nclasses 8 1\n' >"$tmpdir/found/nqueens/progress"
for size in 60x20 80x24 120x40 200x60; do
	w=${size%x*} h=${size#*x}
	start "$w" "$h" XDG_DATA_HOME="$tmpdir/found" -- play 8
	wait_for "Queens: 0 of 8" >/dev/null
	expect_centred "$size: Play's board and status in the middle" "$w"
	if [ "$h" -ge 30 ]; then
		expect_screen "$size: the status framed, the classes found under it" \
			"│ *Classes found: 1 of 12 *│"
		expect_screen "$size: class 1 as a small board" "│ *class 1 *│"
	fi
	keys q
	wait_exit
done
# A small board takes two thirds of the height: 4x4 at 60x20 is 13 of the
# 18 lines (rank 4 to the file letters), not the third it took.
start 60 20 -- play 4
wait_for "Queens: 0 of 4" >/dev/null
top=$(row_of "^ *4 ")
letters=$(row_of "^ *a +b +c +d *$")
if [ -n "$top" ] && [ -n "$letters" ] && [ $((letters - top + 2)) -ge 12 ]; then
	pass "60x20: Play 4x4's board takes two thirds of the height ($((letters - top + 2)) lines)"
else
	fail "60x20: Play 4x4's board takes two thirds of the height" "rank 4 on $top, letters on $letters" "$(screen)"
fi
keys q
wait_exit
# Browse's one board and its panel in the middle.
for size in 120x40 200x60; do
	start "${size%x*}" "${size#*x}" -- browse 8
	wait_for "Solution 1 / 92" >/dev/null
	expect_centred "$size: Browse's board and panel in the middle" "${size%x*}"
	keys q
	wait_exit
done
# The race's panels, each board and its counters in the middle of its
# column (at 200x60 a third of each column was left empty on its right);
# the body is under the title and the status line.
for size in 120x40 200x60; do
	start "${size%x*}" "${size#*x}" -- race 8
	wait_for "^paused" >/dev/null
	expect_centred "$size: the race's panels in the middle of their columns" "${size%x*}" 3
	keys q
	wait_exit
done
# Watch 8 at 120x40: the board takes half the height (no quarter of the
# screen empty under it); at 200x60 the folded tree has its legend.
start 120 40 -- watch 8
keys n
wait_for "Last: solution 1" >/dev/null
top=$(row_of "^ *8 ")
letters=$(row_of "^ +a +b +c +d +e +f +g +h( |$)")
if [ -n "$top" ] && [ -n "$letters" ] && [ $((letters - top + 2)) -ge 18 ]; then
	pass "120x40: Watch's board takes half the body ($((letters - top + 2)) lines)"
else
	fail "120x40: Watch's board takes half the body" "rank 8 on $top, letters on $letters" "$(screen)"
fi
resize 200 60
expect_screen "200x60: the tree wide enough to say what its marks mean" \
	"Search tree, folded \(× dead, ★ solved, \+ to try\)"
keys q
wait_exit
# row_in PATTERN: the first row (1-based) of $shot, one capture of the
# screen, a line of which matches: rows compared within one frame.
row_in() {
	printf '%s\n' "$shot" | grep -n -E -m1 -- "$1" | cut -d: -f1
}
# question_beside: in one capture, the question above rank 1 and not at
# the left edge (beside the board, not across the foot).
question_beside() {
	shot=$(screen)
	q=$(row_in "Predict, every decision")
	one=$(row_in "^ *1 ")
	[ -n "$q" ] && [ -n "$one" ] && [ "$q" -lt "$one" ] &&
		! printf '%s\n' "$shot" | grep -q "^Predict, every decision"
}
# question_under: in one capture, the question right under the file
# letters and above the variables.
question_under() {
	shot=$(screen)
	q=$(row_in "^Predict: ")
	letters=$(row_in "^ *a +b +c +d +e ")
	vars=$(row_in "^Variables \\(Python\\)")
	[ -n "$q" ] && [ -n "$letters" ] && [ -n "$vars" ] &&
		[ "$q" -le $((letters + 2)) ] && [ "$q" -lt "$vars" ]
}
# Predict's question beside the board, level with its ranks, at 80x24 and
# 120x40 (at 60x20 it goes across the foot, as the walk above reads).
for size in 80x24 120x40; do
	start "${size%x*}" "${size#*x}" -- watch 8 --quiz
	keys Right Right
	wait_for "Predict, every decision" >/dev/null
	if within question_beside; then
		pass "$size: Predict's question beside the board (row $q, rank 1 on $one)"
	else
		fail "$size: Predict's question beside the board" "question on $q, rank 1 on $one" "$shot"
	fi
	keys q
	wait_exit
done

# With a long program (Python at 120x40) the question beside the board
# would cut the listing: it stands right under the board, above the
# variables, not across the foot (as it did) with the column's room empty.
start 120 40 -- watch 5 --quiz --code python
keys Space
wait_for "Predict: 0 of 0 right" >/dev/null
if within question_under; then
	pass "120x40, Python: the question right under the board (row $q, the files on $letters)"
else
	fail "120x40, Python: the question right under the board" \
		"question on $q, the files on $letters, the variables on $vars" "$shot"
fi
keys q
wait_exit

# Watch at 60x20: the backtrack listing whole, every line in its order,
# after each of the first events (a call, a try, a refusal, a place, a
# removal, a return), at a solution and at the end.
listing_words() {
	tr -s ' \n' '  ' <"$data/pseudocode/backtrack.txt" | sed 's/^ //; s/ $//'
}
# shown_listing: the words of the listing on the screen, from its title down
# while its column holds the listing (a marker or a blank first), stopping
# where a panel beside it begins (two blanks after a word).
shown_listing() {
	screen | LC_ALL=C sed "$utf8_to_ascii" | LC_ALL=C awk '
		x == 0 && (i = index($0, "Pseudocode: ")) > 0 { x = i; next }
		/^Last: / { exit }
		x > 0 {
			t = substr($0, x)
			if (t != "" && t !~ /^[ >]/)
				exit
			t = substr(t, 2)
			if (match(t, /[^ ]  /))
				t = substr(t, 1, RSTART)
			# A continued line: its marker (? here) off.
			sub(/^ *\? /, "", t)
			out = out " " t
		}
		END { gsub(/ +/, " ", out); sub(/^ /, "", out); sub(/ $/, "", out); print out }'
}
want=$(listing_words)
start 60 20 -- watch 8
wait_for "event 0 of" >/dev/null
bad=""
k=0
while [ $k -le 60 ]; do
	wait_for "event $k of" >/dev/null
	got=$(shown_listing)
	[ "$got" = "$want" ] || bad="$bad $k"
	keys .
	k=$((k + 1))
done
for key in n n e; do
	keys $key
	sleep 0.3
	settle "Last: " >/dev/null
	got=$(shown_listing)
	[ "$got" = "$want" ] || bad="$bad $key"
done
if [ -z "$bad" ]; then
	pass "60x20: Watch shows the whole backtrack listing at events 0 to 60, solutions and the end"
else
	fail "60x20: Watch shows the whole backtrack listing at events 0 to 60, solutions and the end" \
		"not whole after:$bad" "want: $want" "got:  $got" "$(screen)"
fi
keys q
wait_exit
finish
