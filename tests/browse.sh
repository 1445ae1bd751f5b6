#!/bin/sh
# The Browse screen: every solution, the gallery, the classes, in tmux.
. "${srcdir:-.}/tests/lib.sh"

# Its refusals, made before the terminal is touched, are rows of
# tests/bad-input.txt.

. "${srcdir:-.}/tests/tmux-lib.sh"

# Exports get the mode a new file gets under the umask (0644 here), not 0600.
umask 022
start 100 30 -- --ascii browse 8
expect_screen "browse opens at the first solution" "Solution 1 / 92"
expect_screen "its ranks" "ranks: +1 5 8 6 3 7 2 4"
expect_screen "its squares" "squares: a1 b5 c8 d6 e3 f7 g2 h4"
expect_screen "its class" "class 1 of 12: the representative itself \(id\)"
# The board, square by square, is the solution the command line names.
solution() {
	board_expect browse "$1" marks "$(nq solve "$1" --index "$2" --format algebraic)"
}
expect_board "its board is solution #1" 8 marks "$(solution 8 1)"

# Paging.
keys Right
expect_screen "Right: the next" "Solution 2 / 92"
keys n n
expect_screen "n: the next" "Solution 4 / 92"
keys Left p
expect_screen "Left and p: back" "Solution 2 / 92"
keys PageDown
expect_screen "PgDn: ten on" "Solution 12 / 92"
keys End
expect_screen "End: the last" "Solution 92 / 92"
expect_board "End: the board of the last" 8 marks "$(solution 8 92)"
keys Right
expect_screen "no further than the last" "This is the last solution"
keys Home
expect_screen "Home: the first" "Solution 1 / 92"
expect_board "Home: the board of the first" 8 marks "$(solution 8 1)"

# Jumping and finding.
keys g 9 2 Enter
expect_screen "g 92: the last" "Solution 92 / 92"
expect_screen "#92 is 8 4 1 3 6 2 7 5" "ranks: +8 4 1 3 6 2 7 5"
keys g 1 Enter
expect_screen "g 1: back to the first" "Solution 1 / 92"
keys g 9 3 Enter
expect_screen "a number past the last is refused" "Solutions go from 1 to 92"
keys /
keys -l "2 4 6 8 3 1 7 5"
keys Enter
expect_screen "/ finds a solution by its ranks" "Found: solution #5"
expect_screen "and shows it" "ranks: +2 4 6 8 3 1 7 5"
expect_board "its board is solution #5" 8 marks "$(solution 8 5)"
expect_screen "in its class, turned" "class 3 of 12: the representative itself \(id\)"
keys /
keys -l "1 2 3 4 5 6 7 8"
keys Enter
expect_screen "a position that is no solution says why" "Not a solution: a1 and b2 attack each other along a diagonal"
keys /
keys -l "2 4 1 3"
keys Enter
expect_screen "a smaller board says so" "That position has 4 files; a solution here has 8"

# The gallery.
keys v
expect_screen "v: the gallery" "Browse 8x8: gallery"
expect_screen "numbered boards" "#1 +#2 +#3"
keys Right Right Enter
expect_screen "Enter opens the board chosen" "Solution 7 / 92"

# The classes: 12, eleven of eight members and one of four; as boards (see
# below), and v shows them as a table.
keys Tab
expect_screen "Tab: the classes" "Browse 8x8: classes"
expect_screen "the classes as boards, with the key to the table" " v table "
keys v
expect_screen "v: the classes as a table, with the key back" " v boards "
expect_screen "12 classes, 11 of 8 and 1 of 4" "12 classes: 11 of 8 members, 1 of 4 members"
expect_screen "the class of the solution shown is chosen" " 3 +8  none +2 4 6 8 3 1 7 5"
expect_screen "the symmetric class" " 10 +4  own 180. turn +3 5 2 8 1 7 4 6"
if [ "$(screen | grep -Ec '^ +[0-9]+ +8  none ')" = 11 ] &&
	[ "$(screen | grep -Ec '^ +[0-9]+ +4  own 180. turn ')" = 1 ]; then
	pass "one line a class: 11 of 8 members, 1 of 4"
else
	fail "one line a class: 11 of 8 members, 1 of 4" "$(screen)"
fi
keys g 1 0 Enter Enter
expect_screen "Enter shows a class's variants" "class 10 of 12, 4 members, symmetry: own 180. turn"
expect_screen "each named, with its number: the turns on a row" "id = rot180 180cw #14 +rot90 90cw = rot270 270cw #38"
expect_screen "the mirrors on the next" "flip-x <-> = flip-y \\^v #79 +flip-diag \\\\ = flip-anti / #55"
keys Right Enter
expect_screen "Enter on a variant opens that solution" "Solution 38 / 92"
expect_screen "which knows its class" "class 10 of 12: the representative turned a"
expect_board "its board is solution #38" 8 marks "$(solution 8 38)"

# Export: a file in the current directory, never over another.
keys x
expect_screen "x writes a file and says where" "Written to nqueens-8x8-solution-38.txt in /"
keys x
expect_screen "a second export takes another name" "Written to nqueens-8x8-solution-38-2.txt"
if [ "$(grep -c . "$tmpdir/nqueens-8x8-solution-38.txt")" = "$(grep -c . "$tmpdir/nqueens-8x8-solution-38-2.txt")" ] &&
	[ -z "$(find "$tmpdir" -maxdepth 1 -name 'nqueens-export.tmp.*')" ]; then
	pass "the first file is kept whole, and no temporary file is left"
else
	fail "the first file is kept whole, and no temporary file is left" "$(ls "$tmpdir")"
fi
if grep -q "ranks: *4 6 8 2 7 1 3 5" "$tmpdir/nqueens-8x8-solution-38.txt" &&
	grep -q "solution #38 of 92" "$tmpdir/nqueens-8x8-solution-38.txt"; then
	pass "the file holds the board's number and ranks"
else
	fail "the file holds the board's number and ranks" "$(cat "$tmpdir"/nqueens-8x8-solution-38.txt 2>&1)"
fi
if [ "$(stat -c %a "$tmpdir/nqueens-8x8-solution-38.txt")" = 644 ]; then
	pass "an export follows the umask: 0644 under 022"
else
	fail "an export follows the umask: 0644 under 022" "$(stat -c %a "$tmpdir/nqueens-8x8-solution-38.txt")"
fi
keys c Enter x
expect_screen "x in a class writes the class" "Written to nqueens-8x8-class-10.txt"
# X: the class's members as a sheet, each with every transform that makes it
# (class 10 is its own half turn: id = rot180), the queen of a3 followed.
keys X
expect_screen "X in a class writes its sheet" "Written to nqueens-8x8-class-10.svg"
nbsp=$(printf '\302\240')
# A sheet's text with the lines of each caption joined by a blank.
joined() { sed 's|</tspan><tspan [^>]*>| |g' "$1"; }
if xmllint --noout "$tmpdir/nqueens-8x8-class-10.svg" &&
	[ "$(grep -c '^<g>' "$tmpdir/nqueens-8x8-class-10.svg")" -eq 4 ] &&
	joined "$tmpdir/nqueens-8x8-class-10.svg" | grep -q ">class 10: id${nbsp}=${nbsp}rot180, #14<" &&
	joined "$tmpdir/nqueens-8x8-class-10.svg" | grep -q ">class 10: rot90${nbsp}=${nbsp}rot270, #38<" &&
	joined "$tmpdir/nqueens-8x8-class-10.svg" |
	grep -q "Class 10 of the 8x8 board: 4 members, own${nbsp}180°${nbsp}turn; the queen on a3 ringed" &&
	[ "$(grep -c 'class="k"' "$tmpdir/nqueens-8x8-class-10.svg")" -eq 4 ]; then
	pass "the class's sheet: its coincidences in the captions, one queen followed"
else
	fail "the class's sheet: its coincidences in the captions, one queen followed" \
		"$(grep -o '>[Cc]lass [^<]*<' "$tmpdir/nqueens-8x8-class-10.svg" 2>&1)"
fi
keys Escape
wait_for "Browse 8x8: classes" >/dev/null
keys x
expect_screen "x in the classes writes the handout of them all" "Written to nqueens-8x8-classes.txt"
expect_screen "and stays on the list" "Browse 8x8: classes"
if cmp -s "$tmpdir/nqueens-8x8-classes.txt" "$srcdir/tests/browse-classes-8.txt"; then
	pass "the handout is tests/browse-classes-8.txt, byte for byte"
else
	fail "the handout is tests/browse-classes-8.txt, byte for byte" \
		"$(diff "$srcdir/tests/browse-classes-8.txt" "$tmpdir/nqueens-8x8-classes.txt" 2>&1 | head -20)"
fi
# The expected handout holds the command line's representatives, in order,
# each above its board, four to a line of boards.
if [ "$(awk 'prev ~ /symmetry|turn/ { for (i = 1; i < length($0); i += 20) print substr($0, i, 15) }
	{ prev = $0 }' "$srcdir/tests/browse-classes-8.txt")" = "$(nq list 8 --unique)" ]; then
	pass "the expected handout's representatives are list --unique's"
else
	fail "the expected handout's representatives are list --unique's"
fi
# X: the same handout as an SVG sheet, a new file beside the text one.
keys X
expect_screen "X in the classes writes the handout as SVG" "Written to nqueens-8x8-classes.svg"
if command -v xmllint >/dev/null 2>&1 && xmllint --noout "$tmpdir/nqueens-8x8-classes.svg" &&
	[ "$(grep -c '^<g>' "$tmpdir/nqueens-8x8-classes.svg")" -eq 12 ] &&
	[ "$(grep -c '<use xlink:href="#queen"' "$tmpdir/nqueens-8x8-classes.svg")" -eq 96 ] &&
	grep -q ">class 10: 4 members,</tspan><tspan [^>]*>own${nbsp}180°${nbsp}turn;</tspan>" "$tmpdir/nqueens-8x8-classes.svg" &&
	joined "$tmpdir/nqueens-8x8-classes.svg" | grep -q ">class 1: 8 members, no${nbsp}symmetry; 1${nbsp}5${nbsp}8"; then
	pass "the SVG handout: 12 boards, 96 queens, each class captioned, well-formed"
else
	fail "the SVG handout: 12 boards, 96 queens, each class captioned, well-formed" \
		"$(head -c 600 "$tmpdir/nqueens-8x8-classes.svg" 2>&1)"
fi
# The same sheet as the command line's.
if nq list 8 --unique --format svg | cmp -s - "$tmpdir/nqueens-8x8-classes.svg"; then
	pass "X on the classes writes list 8 --unique --format svg's sheet, byte for byte"
else
	fail "X on the classes writes list 8 --unique --format svg's sheet, byte for byte" \
		"$(nq list 8 --unique --format svg | diff - "$tmpdir/nqueens-8x8-classes.svg" | head -5)"
fi
keys X
expect_screen "a second X never writes over the first" "Written to nqueens-8x8-classes-2.svg"
if cmp -s "$tmpdir/nqueens-8x8-classes.svg" "$tmpdir/nqueens-8x8-classes-2.svg"; then
	pass "and writes the same sheet"
else
	fail "and writes the same sheet"
fi
if [ "$(grep -c '^[1-8] [.Q]' "$tmpdir/nqueens-8x8-class-10.txt")" -eq 32 ] &&
	grep -q "^rot90, solution #38:" "$tmpdir/nqueens-8x8-class-10.txt"; then
	pass "the class file holds every variant's board"
else
	fail "the class file holds every variant's board" "$(head -20 "$tmpdir"/nqueens-8x8-class-10.txt 2>&1)"
fi

# The standard window: the whole board, and every member of a class at once.
resize 80 24
keys Home Enter
expect_screen "80x24: a class's eight members, the turns on a row" "id #1 +rot90 90cw #89 +rot180 180cw #60 +rot270 270cw #22"
expect_screen "80x24: and the mirrors on the next" "flip-x <-> #33 +flip-y \\^v #92 +flip-diag \\\\ #4 +flip-anti / #71"
keys Enter
expect_screen "the representative opened" "Solution 1 / 92"
expect_board "80x24: its board, square by square" 8 marks "$(solution 8 1)"
expect_screen "80x24: the board's top rank" "^ *8 .*Q"
expect_screen "80x24: its file letters" "a +b +c +d +e +f +g +h"

# The smallest window: everything still whole, or paged and said so.
resize 50 12
expect_screen "50x12: the top rank of the board" "^8 .*Q"
expect_screen "50x12: the file letters" "^ +a +b +c +d +e +f +g +h( |$)"
expect_screen "50x12: the class, wrapped" "class 1 of 12: the$"
expect_screen "50x12: the key line keeps whole hints, the help and the way out" \
	"^ Left/Right next  v gallery  \? help  q quit *$"
keys v
expect_screen "50x12: the gallery says which it shows" "gallery 1-2 of 92"
expect_screen "50x12: under its boards, the keys" "^ arrows choose"
keys Tab Enter
expect_screen "50x12: the members not shown are said" "class 1 - 2 of 8, PgDn more"
expect_screen "50x12: the first turns" "id #1 +rot90 90cw #89 *$"
keys PageDown
expect_screen "50x12: PgDn shows the next two turns" "rot180 180cw #60 +rot270 270cw #22 *$"
keys PageDown
expect_screen "50x12: then the mirrors" "flip-x <-> #33 +flip-y \\^v #92"
keys Escape Escape
resize 49 12
expect_screen "49 columns: too small" "Terminal too small"
resize 50 11
expect_screen "11 lines: too small" "Terminal too small"
resize 50 12
expect_screen "50x12 again shows the screen" "Browse 8x8"

# Resize, too small, help.
resize 40 10
expect_screen "a tiny window says it is too small" "Terminal too small"
resize 80 24
expect_screen "growing back shows the screen" "Browse 8x8"
keys '?'
expect_screen "? lists the keys" "Browse: keys"
expect_screen "the help names the gallery's keys" "Down Up +the same; a row on or back among boards"
expect_screen "the help lists Backspace, which goes back too" "Escape Backspace +back to the classes"
keys x
keys q
if wait_exit && [ "$status" = 0 ]; then
	pass "q quits with status 0"
else
	fail "q quits with status 0" "status $status"
fi
modes_restored "quitting leaves the terminal as it was"

# ---- The fundamental solutions as pictures ----

# The representatives of 8x8 in order, and each class's members, from the
# command line.
nq list 8 --unique >"$tmpdir/reps"
nq list 8 --unique --variants >"$tmpdir/variants"

# squares RANKS: a position given as ranks by file, as squares ("a1 b5 ...").
squares() {
	echo "$1" | awk '{ for (f = 1; f <= NF; f++) printf "%s%c%d", (f > 1 ? " " : ""), 96 + f, $f; print "" }'
}

# transform NAME N RANKS: the image of a position (ranks by file) under a
# symmetry of the square, worked out from its geometry as symmetry.h states
# it, not by the program: the turns go clockwise as the board is drawn (rank
# 1 at the bottom, file a on the left), flip-x swaps the files a and h,
# flip-y the ranks 1 and n, flip-diag mirrors in the a1-h8 diagonal,
# flip-anti in the a8-h1 one.
transform() {
	echo "$3" | awk -v t="$1" -v n="$2" '{
		for (f = 0; f < n; f++) {
			x = f
			y = $(f + 1) - 1
			if (t == "id") { X = x; Y = y }
			else if (t == "rot90") { X = y; Y = n - 1 - x }
			else if (t == "rot180") { X = n - 1 - x; Y = n - 1 - y }
			else if (t == "rot270") { X = n - 1 - y; Y = x }
			else if (t == "flip-x") { X = n - 1 - x; Y = y }
			else if (t == "flip-y") { X = x; Y = n - 1 - y }
			else if (t == "flip-diag") { X = y; Y = x }
			else if (t == "flip-anti") { X = n - 1 - y; Y = n - 1 - x }
			out[X] = Y + 1
		}
		for (f = 0; f < n; f++)
			printf "%s%d", f ? " " : "", out[f]
		print ""
	}'
}

# The geometry above agrees with the command line's members of every class.
if awk '/^[0-9]/ { rep = $0; next } { t = $1; sub(/^ *[a-z0-9-]+ /, ""); print t "|" rep "|" $0 }' \
	"$tmpdir/variants" | while IFS='|' read -r t rep img; do
	[ "$(transform "$t" 8 "$rep")" = "$img" ] || { echo "$t of $rep: $img"; exit 1; }
done >"$tmpdir/out"; then
	pass "the turns and mirrors worked out here are list --variants' members"
else
	fail "the turns and mirrors worked out here are list --variants' members" "$(cat "$tmpdir/out")"
fi

# board_of RANKS: the 8x8 board as board_read marks reads it.
board_of() {
	board_expect browse 8 marks "$(squares "$1")"
}

# grids_flat: board_grids 8, one board a line: "Y X@caption@caption@ranks
# from the top, / between" (@, as a caption may hold "|": "mirror in |").
grids_flat() {
	board_grids 8 | awk '
		k == 0 && /^board / { yx = $2 " " $3; k = 1; next }
		k == 1 { c1 = $0; k = 2; next }
		k == 2 { c2 = $0; k = 3; rows = ""; r = 0; next }
		k == 3 { rows = rows (r ? "/" : "") $0; if (++r == 8) { print yx "@" c1 "@" c2 "@" rows; k = 0 } }'
}

# members_shown CLASS ORBIT: whether the screen is CLASS's members: its
# title names the class, and ORBIT boards show, each captioned with a
# solution's number (as the class grid's captions never are); the boards in
# $tmpdir/members as grids_flat writes them.
members_shown() {
	grids_flat >"$tmpdir/members"
	[ "$(wc -l <"$tmpdir/members")" -eq "$2" ] &&
		! cut -d@ -f2 "$tmpdir/members" | grep -Evq '#[0-9]+$' &&
		screen | head -1 | grep -q "class $1 of 12"
}

# members_check DESC CLASS: the members of 8x8's class CLASS as the screen
# shows them, board by board.  Each caption names transforms and a number;
# the board is each transform named applied to the representative, and it
# is solution #number; every transform is named once, as many boards as the
# class has members; the turns on one row, left to right in their order
# (id, rot90, rot180, rot270; a board that several make stands where the
# first of them would), the mirrors on the row below in theirs.
members_check() {
	desc=$1
	rep=$(sed -n "$2p" "$tmpdir/reps")
	orbit=$(awk -v c="$2" '/^[0-9]/ { k++; next } k == c { m++ } END { print m }' "$tmpdir/variants")
	# Keyed to what only the class's members show: the class grid has
	# as many boards at some sizes, but captions of a class each.
	poll_begin
	until members_shown "$2" "$orbit"; do
		poll_again || break
	done
	bad=""
	: >"$tmpdir/placed"
	while IFS='@' read -r yx cap1 cap2 rows; do
		got=$(echo "$rows" | tr / '\n')
		k=${cap1##*#}
		[ "$got" = "$(board_of "$(nq solve 8 --index "$k")")" ] ||
			bad="$bad; '$cap1' is not solution #$k"
		first=1
		for t in $(echo "$cap1" | grep -Eo '(^| )(id|rot90|rot180|rot270|flip-x|flip-y|flip-diag|flip-anti)( |$)'); do
			[ "$got" = "$(board_of "$(transform "$t" 8 "$rep")")" ] ||
				bad="$bad; '$cap1': the board is not $t of $rep"
			echo "$t $yx $first" >>"$tmpdir/placed"
			first=0
		done
	done <"$tmpdir/members"
	where=$(awk '
		BEGIN { split("id rot90 rot180 rot270 flip-x flip-y flip-diag flip-anti", nm, " ")
			for (i = 1; i <= 8; i++) at[nm[i]] = i - 1 }
		{ e = at[$1]; if (e in y) twice = twice " " $1; y[e] = $2; x[e] = $3; first[e] = $4 }
		END {
			if (twice != "") { print "named twice:" twice; exit }
			for (e = 0; e < 8; e++)
				if (!(e in y)) { print nm[e + 1] " not shown"; exit }
			for (e = 0; e < 8; e++)
				if (y[e] != y[e < 4 ? 0 : 4]) { print nm[e + 1] " off its row"; exit }
			if (y[4] <= y[0]) { print "the mirrors are not below the turns"; exit }
			for (a = 0; a < 8; a++)
				for (b = a + 1; b < 8; b++)
					if (first[a] && first[b] && y[a] == y[b] && x[a] >= x[b])
						print nm[a + 1] " is not left of " nm[b + 1]
		}' "$tmpdir/placed")
	if [ "$(wc -l <"$tmpdir/members")" -eq "$orbit" ] && [ -z "$bad" ] && [ -z "$where" ]; then
		pass "$desc"
	else
		fail "$desc" "$(wc -l <"$tmpdir/members") boards, class of $orbit$bad" "$where" "$(screen)"
	fi
}

# tinted_squares: for each 8x8 board on the screen, in reading order, the
# square whose background no other square of that board has (read from the
# pane with its colours, at the middle cell of each square: the file
# letter's column and the rank number's row), or "none".
tinted_squares() {
	tm capture-pane -p -e -N | LC_ALL=C sed "$utf8_to_ascii" | LC_ALL=C awk '
		function sgr(p,   a, k, m, v) {
			m = split(p == "" ? "0" : p, a, ";")
			for (k = 1; k <= m; k++) {
				v = a[k] + 0
				if (v == 0 || v == 49) bgc = "-"
				else if (v >= 40 && v <= 47) bgc = "b" v
				else if (v >= 100 && v <= 107) bgc = "b" v
				else if (v == 38 || v == 48) {
					if (a[k + 1] == 5) { if (v == 48) bgc = "c" a[k + 2]; k += 2 }
					else { if (v == 48) bgc = "rgb"; k += 4 }
				}
			}
		}
		{
			y = NR - 1; s = $0; L = length(s); x = 0
			for (i = 1; i <= L; i++) {
				c = substr(s, i, 1)
				if (c == "\033") {
					if (substr(s, i + 1, 1) == "[") {
						p = ""
						for (j = i + 2; j <= L && substr(s, j, 1) ~ /[0-9;:]/; j++)
							p = p substr(s, j, 1)
						if (substr(s, j, 1) == "m") sgr(p)
						i = j
					}
					continue
				}
				ch[y, x] = c; bg[y, x] = bgc; x++
			}
			lines = NR
		}
		END {
			letters = "abcdefgh"
			for (y = 0; y < lines; y++) {
				for (x = 0; ch[y, x] != ""; x++) {
					if (ch[y, x] != "a" || (x > 0 && ch[y, x - 1] != " "))
						continue
					for (cw = 1; cw <= 16; cw++) {
						ok = 1
						for (f = 0; f < 8 && ok; f++)
							ok = ch[y, x + f * cw] == substr(letters, f + 1, 1)
						if (ok)
							break
					}
					if (!ok)
						continue
					# The rank numbers, right of which the board starts.
					lc = x - int((cw - 1) / 2) - 2
					for (r = 1; r <= 8; r++)
						row[r] = -1
					for (yy = y - 1; yy >= 0 && yy >= y - 8 * 8; yy--)
						if (ch[yy, lc] ~ /[1-8]/ && row[ch[yy, lc] + 0] < 0)
							row[ch[yy, lc] + 0] = yy
					split("", count)
					for (f = 0; f < 8; f++)
						for (r = 1; r <= 8; r++)
							count[bg[row[r], x + f * cw]]++
					out = "none"
					for (f = 0; f < 8; f++)
						for (r = 1; r <= 8; r++)
							if (count[bg[row[r], x + f * cw]] == 1)
								out = substr(letters, f + 1, 1) r
					print out
					x += 7 * cw
				}
			}
		}'
}

# tracked_check DESC CLASS: in each member of 8x8's class CLASS as shown,
# the one tinted square is where the first transform its caption names
# takes the representative's queen on file a, worked out by transform
# above, not by the program.
tracked_check() {
	rep=$(sed -n "$2p" "$tmpdir/reps")
	grids_flat >"$tmpdir/members"
	tinted_squares >"$tmpdir/tinted"
	bad=""
	k=0
	while IFS='@' read -r yx cap1 cap2 rows; do
		k=$((k + 1))
		t=$(echo "$cap1" | grep -Eo '(id|rot90|rot180|rot270|flip-x|flip-y|flip-diag|flip-anti)' | head -1)
		# The image of a's queen: the file whose rank is where a's went.
		img=$(transform "$t" 8 "$rep")
		a=$(echo "$rep" | awk '{ print $1 }')
		want=$(echo "$rep" | awk -v t="$t" -v a="$a" '{
			x = 0; y = a - 1; n = 8
			if (t == "id") { X = x; Y = y }
			else if (t == "rot90") { X = y; Y = n - 1 - x }
			else if (t == "rot180") { X = n - 1 - x; Y = n - 1 - y }
			else if (t == "rot270") { X = n - 1 - y; Y = x }
			else if (t == "flip-x") { X = n - 1 - x; Y = y }
			else if (t == "flip-y") { X = x; Y = n - 1 - y }
			else if (t == "flip-diag") { X = y; Y = x }
			else { X = n - 1 - y; Y = n - 1 - x }
			printf "%c%d\n", 97 + X, Y + 1 }')
		got=$(sed -n "${k}p" "$tmpdir/tinted")
		# The square holds a queen of the member, and is where a's went.
		file=$(printf '%d' "'$(echo "$want" | cut -c1)")
		qrank=$(echo "$img" | awk -v f=$((file - 96)) '{ print $f }')
		[ "$got" = "$want" ] && [ "$qrank" = "$(echo "$want" | cut -c2-)" ] ||
			bad="$bad; '$cap1': tinted $got, $t takes a$a to $want"
	done <"$tmpdir/members"
	if [ $k -gt 0 ] && [ -z "$bad" ]; then
		pass "$1"
	else
		fail "$1" "$k boards$bad" "$(cat "$tmpdir/tinted")" "$(screen)"
	fi
}

# classes_check DESC FIRST LAST: the classes FIRST to LAST as boards, in
# reading order, each the representative the command line lists, under
# its number, its members and its symmetry (the one the half turn maps
# onto itself said to be so, the others said to have none).
classes_check() {
	# Keyed to what only the class grid shows: a class's caption under
	# every board (a class's members have as many boards at some sizes).
	poll_begin
	while :; do
		grids_flat >"$tmpdir/classes"
		[ "$(wc -l <"$tmpdir/classes")" -eq $(($3 - $2 + 1)) ] &&
			! cut -d@ -f2 "$tmpdir/classes" | grep -Evq '^class [0-9]+, [0-9]+ members$' &&
			break
		poll_again || break
	done
	bad=""
	c=$2
	while IFS='@' read -r yx cap1 cap2 rows; do
		rep=$(sed -n "${c}p" "$tmpdir/reps")
		orbit=$(awk -v c="$c" '/^[0-9]/ { k++; next } k == c { m++ } END { print m }' "$tmpdir/variants")
		sym="no symmetry"
		[ "$orbit" = 4 ] && sym="own 180? turn"
		[ "$(echo "$rows" | tr / '\n')" = "$(board_of "$rep")" ] ||
			bad="$bad; the board of class $c is not $rep"
		[ "$cap1" = "class $c, $orbit members" ] && [ "$cap2" = "$sym" ] ||
			bad="$bad; class $c: '$cap1' '$cap2'"
		c=$((c + 1))
	done <"$tmpdir/classes"
	if [ $c -eq $(($3 + 1)) ] && [ -z "$bad" ]; then
		pass "$1"
	else
		fail "$1" "read $((c - $2)) boards$bad" "$(screen)"
	fi
}

# blank_rows: how many rows between the title and the key line show
# nothing: no character and no colour behind (a square's other rows are
# blank but coloured).
blank_rows() {
	tm capture-pane -p -e | sed '1d;$d' | awk '
		{
			s = $0
			shown = 0
			while (match(s, /\033\[[0-9;]*m/)) {
				n = split(substr(s, RSTART + 2, RLENGTH - 3), p, ";")
				for (i = 1; i <= n; i++) {
					v = p[i] + 0
					if (v == 38) i += p[i + 1] == 5 ? 2 : 4
					else if ((v >= 40 && v <= 47) || v == 48 || (v >= 100 && v <= 107))
						shown = 1
				}
				s = substr(s, 1, RSTART - 1) substr(s, RSTART + RLENGTH)
			}
			if (!shown && s !~ /[^ ]/)
				blank++
		}
		END { print blank + 0 }'
}

# letter_gap: the columns from one file letter to the next, under the first
# board of the screen.
letter_gap() {
	screen | grep -Eo ' a +b' | head -1 | awk '{ print length($0) - 2 }'
}

start 120 40 -- browse 8
expect_screen "120x40 opens" "Solution 1 / 92"
keys Tab
expect_screen "120x40: Tab shows the classes as boards" "class 12, 8 members"
# The issue's own words: all 12 representatives as boards, 96 queens.
queens=$(screen | grep -o '♛' | wc -l)
if [ "$queens" -eq 96 ]; then
	pass "120x40: the 12 representatives of 8x8 as boards, 96 queens on the screen"
else
	fail "120x40: the 12 representatives of 8x8 as boards, 96 queens on the screen" "$queens queens" "$(screen)"
fi
classes_check "120x40: board by board, the classes in order, each with its members and symmetry" 1 12
expect_screen "120x40: above the keys, the classes summed up" "^12 classes: 11 of 8 members, 1 of 4 members"
wide=$(letter_gap)
keys Enter
expect_screen "Enter on the first class: its members" "class 1 of 12, 8 members, symmetry: none"
expect_screen "the turns named with their marks" "id #1 +rot90 ↻90° #89 +rot180 ↻180° #60 +rot270 ↻270° #22"
expect_screen "the mirrors named with the way they swap" "flip-x ↔ #33 +flip-y ↕ #92 +flip-diag ↖↘ #4 +flip-anti ↙↗ #71"
members_check "120x40: class 1's eight members as the symmetries act, board by board" 1
tracked_check "120x40: class 1, the queen on a1 tinted where each transform takes it" 1
# An Escape and the keys after it go one at a time: together they read as Alt.
keys Escape
wait_for "Browse 8x8: classes" >/dev/null
keys g 1 0 Enter Enter
expect_screen "class 10: its four members" "class 10 of 12, 4 members, symmetry: own 180° turn"
members_check "120x40: class 10's members, each once with both transforms that make it" 10
tracked_check "120x40: class 10, the queen on a3 tinted where each first transform takes it" 10
keys Escape
wait_for "Browse 8x8: classes" >/dev/null
keys Home Down Enter
expect_screen "Down among the boards: a row on, four classes on" "class 5 of 12, 8 members"
keys Escape
wait_for "Browse 8x8: classes" >/dev/null
keys v
expect_screen "v: the table, the compact view" "^ +class  members  symmetry"
keys v
expect_screen "v again: the boards" "class 12, 8 members"
resize 200 60
# The 120x40 screen showed the same words: wait for the key line at the foot.
expect_foot "200x60: the classes, drawn at the new size" "Enter its members"
expect_screen "200x60: the classes" "class 12, 8 members"
classes_check "200x60: every class still on one screen" 1 12
bigger=$(letter_gap)
if [ "$bigger" -gt "$wide" ]; then
	pass "200x60: the boards grow (squares $bigger columns apart, from $wide)"
else
	fail "200x60: the boards grow" "squares $bigger columns apart at 200x60, $wide at 120x40" "$(screen)"
fi
keys Home Enter
members_check "200x60: class 1's members" 1
resize 80 24
# The key line drops Esc's hint at 80 columns: only the new size's shows so.
expect_foot "80x24: class 1's members, drawn at the new size" "Enter open  \\? help  q quit *$"
expect_screen "80x24: class 1's members" "class 1 of 12"
members_check "80x24: class 1's eight members, all at once" 1
tracked_check "80x24: class 1, the tinted queen in every member" 1
# The windows of a projector and of a terminal: no half-empty screen.
for size in "80 24" "60 20"; do
	set -- $size
	start "$1" "$2" -- browse 8
	for view in one classes members gallery; do
		case $view in
		one) want="Solution 1 / 92" ;;
		classes) keys Tab; want="class 2, 8 members" ;;
		members) keys Enter; want="rot90 .*#89" ;;
		gallery)
			keys Escape
			wait_for "Browse 8x8: classes" >/dev/null
			keys Tab v
			want="#2"
			;;
		esac
		expect_screen "$1x$2, $view" "$want"
		blank=$(blank_rows)
		if [ "$blank" -le $(($2 / 4)) ]; then
			pass "$1x$2, $view: the window used ($blank blank rows of $(($2 - 2)))"
		else
			fail "$1x$2, $view: the window used" "$blank blank rows of $(($2 - 2))" "$(screen)"
		fi
	done
	keys q
	wait_exit
done

# The last page of the classes at 80x24 is as full as the first: it ends at
# class 12 rather than leaving empty places (8 a page: 5-12, not 9-12).
start 80 24 -- browse 8
expect_screen "80x24 opens" "Solution 1 / 92"
keys Tab
expect_screen "80x24: the classes" "class 2, 8 members"
per=$(grids_flat | wc -l)
[ "$per" -gt 0 ] && [ "$per" -lt 12 ] ||
	fail "80x24: fewer than the 12 classes a page" "$per boards" "$(screen)"
keys End
expect_screen "80x24: End, the last class" "classes $((12 - per + 1))-12 of 12"
classes_check "80x24: the last page full, $per boards, classes $((12 - per + 1)) to 12" $((12 - per + 1)) 12
keys q
wait_exit

# The handout of 6x6: its one class, exactly.
start 80 24 -- browse 6
expect_screen "6x6 opens" "Solution 1 / 4"
keys Tab x
expect_screen "6x6: x in the classes writes the handout" "Written to nqueens-6x6-classes.txt"
if cmp -s "$tmpdir/nqueens-6x6-classes.txt" "$srcdir/tests/browse-classes-6.txt"; then
	pass "6x6: the handout is tests/browse-classes-6.txt, byte for byte"
else
	fail "6x6: the handout is tests/browse-classes-6.txt, byte for byte" \
		"$(diff "$srcdir/tests/browse-classes-6.txt" "$tmpdir/nqueens-6x6-classes.txt" 2>&1 | head -20)"
fi
keys q
wait_exit

# A board with more solutions than a short walk: End and Home find the
# ends without walking, a jump goes by the counts; each board is the one the
# command line names.
total=$(nq count 12)
for size in "80 24" "120 40"; do
	set -- $size
	start "$1" "$2" -- --ascii browse 12
	expect_screen "12x12 in $1x$2 opens" "Solution 1 / $total"
	expect_board "12x12 in $1x$2: the first board" 12 marks "$(solution 12 1)"
	keys End
	expect_screen "12x12 in $1x$2: End" "Solution $total / $total"
	expect_board "12x12 in $1x$2: End shows the last board" 12 marks "$(solution 12 "$total")"
	keys g 7 0 0 0 Enter
	expect_screen "12x12 in $1x$2: g 7000" "Solution 7000 / $total"
	expect_board "12x12 in $1x$2: the board of #7000" 12 marks "$(solution 12 7000)"
	keys Home
	expect_screen "12x12 in $1x$2: Home" "Solution 1 / $total"
	expect_board "12x12 in $1x$2: Home shows the first board" 12 marks "$(solution 12 1)"
	keys q
	wait_exit
done

# Boards without a solution say why, and keep saying it.
for n in 2 3; do
	start 80 24 -- --ascii browse $n
	expect_screen "${n}x$n: no solution, and why" "The ${n}x$n board has no solution: (any two queens|at most two queens)"
	keys Right Tab x
	expect_screen "${n}x$n: the reason stays after keys" "The ${n}x$n board has no solution"
	expect_screen "${n}x$n: only help and leaving" "\? help  q leave"
	keys q
	wait_exit
done

# An export that cannot be written says so, and the screen goes on.
mkdir "$tmpdir/gone"
start_dir="$tmpdir/gone" start 80 24 -- --ascii browse 8
expect_screen "browse in a directory about to go" "Solution 1 / 92"
rmdir "$tmpdir/gone"
keys x
expect_screen "x where nothing can be written says why" "Not exported to .*: cannot write in this directory"
keys Right
expect_screen "and the screen goes on" "Solution 2 / 92"
keys q
wait_exit

# Without colours the screen is monochrome.
start 80 24 NO_COLOR=1 -- browse 8
expect_screen "NO_COLOR starts" "Solution 1 / 92"
expect_monochrome "NO_COLOR draws without colours"
keys q
wait_exit

# A large board: paging and jumping at once, the total from the table.
start 100 30 -- --ascii browse 16
expect_screen "16x16 opens at once" "Solution 1 / 14772512"
keys g 1 0 0 0 0 0 0 0 Enter
expect_screen "a jump to #10000000" "Solution 10000000 / 14772512"
keys Right
expect_screen "and the next" "Solution 10000001 / 14772512"
keys Left Left
expect_screen "and back past it" "Solution 9999999 / 14772512"
keys End
expect_screen "the last" "Solution 14772512 / 14772512"
expect_board "16x16: the last board" 16 marks "$(solution 16 14772512)"
keys v
expect_screen "its gallery page, walked back from it" "Solutions 147725[0-9]+-14772512 of 14772512"
keys Tab
keys v
expect_screen "16x16: the classes open at once, found in the background" "^ 1846955 classes"
expect_screen "16x16: the first class" "^ +1 +8  none +1 3 5 2 13 9 14 12 15 6 16 7 4 11 8 10"
keys q
wait_exit

# The class number of a solution far on is found in the background.
start 100 30 -- --ascii browse 14
keys g 3 0 0 0 0 0 Enter
expect_screen "14x14: #300000 at once" "Solution 300000 / 365596"
expect_screen "its class number, found in the background" "class 29761 of 45752: the representative turned half round \(rot180\)"
keys Tab v
expect_screen "14x14: every class found, by orbit" "45752 classes: 45647 of 8 members, 105 of 4 members"
expect_screen "at the class of the solution shown" "^ +29761 +8  none +3 10 7 5 11 1 14 6 8 13 2 12 9 4"
keys q
wait_exit

# While the total is counted, its progress shows and the keys answer.
start 100 30 -- --ascii browse 17
keys Right
if wait_for "Solution 2 / 95815104" && screen | grep -q "counting them here: [0-9]*%"; then
	pass "17x17: Right answers while the total is counted, with progress"
else
	fail "17x17: Right answers while the total is counted, with progress" "$(screen)"
fi
pid=$(pid_of_program)
kill -s TERM "$pid"
wait_exit
modes_restored "SIGTERM while counting leaves the terminal as it was"

# Leaving Browse while its total is counted stops the count: opened from the
# menu, so that q goes back there and the program stays up, the process is
# down to its one thread within half a second (more under valgrind).
start 100 30 -- --ascii
wait_for "Board size" >/dev/null
keys Right Right Right Right Right Right Right Right Right
menu_open Browse
if wait_for "counting them here: [0-9]+%"; then
	t0=$(date +%s%N)
	keys q
	pid=$(pid_of_program)
	limit=500
	[ -n "${NQ_WRAP:-}" ] && limit=10000
	while left=$(ls "/proc/$pid/task" | wc -l) && [ "$left" -gt 1 ] &&
		[ $((($(date +%s%N) - t0) / 1000000)) -lt "$limit" ]; do
		sleep 0.01
	done
	ms=$((($(date +%s%N) - t0) / 1000000))
	if [ "$left" -eq 1 ] && [ "$ms" -le "$limit" ] && wait_for "the n-queens puzzle"; then
		pass "17x17: leaving while counting leaves one thread (after $ms ms)"
	else
		fail "17x17: leaving while counting leaves one thread" "$left threads after $ms ms"
	fi
else
	fail "17x17 from the menu: the total is counted" "$(screen)"
fi
keys q
wait_exit

# Without the table of counts: solutions are walked in the background.
start 100 30 NQUEENS_DATADIR=/nonexistent -- --ascii browse 14
keys g 3 0 0 0 0 0 Enter
expect_screen "no table: #300000 is walked to" "Solution 300000 / 365596"
keys Home /
keys -l "11 6 3 13 2 7 9 1 14 4 10 8 5 12"
keys Enter
expect_screen "no table: a position is found by the walk" "Found: solution #300000"
keys q
wait_exit

# 20x20: beyond what is counted here; the published total, said so; keys answer.
start 80 24 -- --ascii browse 20
expect_screen "20x20 opens at once" "Solution 1 / 39029188884"
expect_screen "its total is said to be published" "totals from the published table"
expect_screen "80x24: its top rank" "^ *20 .*Q"
keys End
expect_screen "20x20: the last, at once" "Solution 39029188884 /"
keys g 2 0 0 0 0 0 0 0 0 0 Enter
expect_screen "a far jump is walked to, with progress" "Finding solution #2000000000: walked to #[0-9]+"
keys Escape
expect_screen "Escape stops it" "Search stopped"
keys Left
expect_screen "and the keys answer" "Solution 39029188883 /"
keys q
wait_exit

# From Play: a solved board opens Browse at that solution with b.
start 100 30 -- --ascii play 4
keys Down Down Space Right Up Up Space Right Down Down Down Space Right Up Up Space
expect_screen "a solved board says so, with the key" "solution #1 of 2 \(b: browse\)"
keys b
expect_screen "b opens Browse at that solution" "Browse 4x4: all solutions"
expect_screen "at its number" "Solution 1 / 2"
keys q
expect_screen "q goes back to the board" "Play 4x4"
keys q
wait_exit
modes_restored "Play after Browse leaves the terminal as it was"
finish
