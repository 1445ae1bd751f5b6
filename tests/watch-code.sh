#!/bin/sh
# Watch in Python, C and Java, in tmux: the listing's lit line at each kind
# of event, the variables panel, bits' masks, the c key kept in the config,
# the handout's listing in the language shown.
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

# code_lit TITLE: the text of the listing's lit line (the line marked > in
# the column of TITLE, the listing's title), its number, indentation and
# trailing blanks taken off; else how many lines are lit.
code_lit() {
	screen | LC_ALL=C sed "$utf8_to_ascii" | TITLE=$1 LC_ALL=C awk '
		x == 0 && (i = index($0, ENVIRON["TITLE"])) > 0 { x = i; next }
		x > 0 && substr($0, x, 1) == ">" {
			t = substr($0, x + 1)
			sub(/^ *[0-9]+ /, "", t)
			sub(/^ +/, "", t)
			if (match(t, /[^ ]   /))
				t = substr(t, 1, RSTART)
			sub(/ +$/, "", t)
			lit[++k] = t
		}
		END { if (k == 1) print lit[1]; else print k + 0 " lines lit" }'
}

# expect_code DESC TITLE TEXT: the listing titled TITLE lights TEXT in time.
expect_code() {
	if within is "$3" code_lit "$2"; then
		pass "$1"
	else
		fail "$1" "wanted: $3" "lit: $(code_lit "$2")" "$(screen)"
	fi
}

# to_event K: Home, then K events forward (the progress line says which).
to_event() {
	keys Home
	wait_for "event 0 of" >/dev/null
	i=0
	while [ $i -lt "$1" ]; do
		keys .
		i=$((i + 1))
	done
	wait_for "event $1 of" >/dev/null
}

# The events of backtrack on 4 (nqueens trace 4): 1 the outermost call,
# 2 a try, 3 a placement, 4 a call, 6 a refusal, 20 a return, 21 a removal;
# n the first solution, e the end.  Each lights the line that does it, in
# each language, as the listing writes it.
for lang in python c java; do
	case $lang in
	python)
		title="Python: backtrack.py"
		outer="solve(0)" try="for rank in range(n):" place="x[file] = rank"
		call="solve(file + 1)"
		reject="if rank_used[rank] or up_used[up] or down_used[down]:"
		remove="rank_used[rank] = up_used[up] = down_used[down] = False"
		solution="count += 1" done="print(count)"
		;;
	c)
		title="C: backtrack.c"
		outer="solve(0);" try="for (int rank = 0; rank < n; rank++) {"
		place="x[file] = rank;" call="solve(file + 1);"
		reject="if (rank_used[rank] || up_used[up] || down_used[down])"
		remove="rank_used[rank] = up_used[up] = down_used[down] = false;"
		solution="count++;" done='printf("%ld\n", count);'
		;;
	java)
		title="Java: Backtrack.java"
		outer="solve(0);" try="for (int rank = 0; rank < n; rank++) {"
		place="x[file] = rank;" call="solve(file + 1);"
		reject="if (rankUsed[rank] || upUsed[up] || downUsed[down])"
		remove="rankUsed[rank] = upUsed[up] = downUsed[down] = false;"
		solution="count++;" done="System.out.println(count);"
		;;
	esac
	start 170 70 -- --ascii watch 4 --code $lang
	expect_screen "$lang: the listing is titled" "$title"
	to_event 1
	expect_code "$lang: the outermost call" "$title" "$outer"
	to_event 2
	expect_code "$lang: a try lights the loop" "$title" "$try"
	to_event 3
	expect_code "$lang: a placement" "$title" "$place"
	to_event 4
	expect_code "$lang: a call" "$title" "$call"
	to_event 6
	expect_code "$lang: a refusal lights the test" "$title" "$reject"
	to_event 20
	expect_code "$lang: a return lights the loop it leaves" "$title" "$try"
	to_event 21
	expect_code "$lang: a removal frees the lines" "$title" "$remove"
	keys n
	expect_code "$lang: a solution is counted" "$title" "$solution"
	keys e
	expect_code "$lang: the end prints the count" "$title" "$done"
done

# row_attrs NAME: the cells of the variables panel's row NAME (the line
# that starts with NAME in the column of the panel's title), each as
# TEXT/ATTRS with ATTRS some of b(old) d(im) r(everse) or -, read from
# capture-pane -e (whose escapes carry on from the top of the pane); run
# under NO_COLOR, where the theme says it with attributes alone.
row_attrs() {
	tm capture-pane -p -e | LC_ALL=C sed "$utf8_to_ascii" | NAME=$1 LC_ALL=C awk '
		function sgr(p,   a, k, m, v) {
			m = split(p, a, ";")
			if (m == 0)
				bold = dim = rev = 0
			for (k = 1; k <= m; k++) {
				v = a[k] + 0
				if (v == 0) bold = dim = rev = 0
				else if (v == 1) bold = 1
				else if (v == 2) dim = 1
				else if (v == 22) bold = dim = 0
				else if (v == 7) rev = 1
				else if (v == 27) rev = 0
			}
		}
		{
			t = ""
			s = $0
			for (i = 1; i <= length(s); i++) {
				c = substr(s, i, 1)
				if (c == "\033" && substr(s, i + 1, 1) == "[") {
					p = ""
					for (j = i + 2; substr(s, j, 1) ~ /[0-9;]/; j++)
						p = p substr(s, j, 1)
					if (substr(s, j, 1) == "m")
						sgr(p)
					i = j
					continue
				}
				t = t c
				at[length(t)] = (bold ? "b" : "") (dim ? "d" : "") (rev ? "r" : "")
			}
			if (x == 0 && (k = index(t, "Variables")) > 0)
				x = k
			if (x > 0 && index(substr(t, x), ENVIRON["NAME"] " ") == 1) {
				out = ""
				gap = 0
				for (i = x + length(ENVIRON["NAME"]); i <= length(t); i++) {
					c = substr(t, i, 1)
					if (c == " ") {
						if (++gap == 3 && out != "")
							break
						continue
					}
					gap = 0
					out = out (out == "" ? "" : " ") c "/" (at[i] == "" ? "-" : at[i])
				}
				print out
				exit
			}
		}'
}

# expect_attrs DESC NAME CELLS: the row NAME reads CELLS (see row_attrs) in time.
expect_attrs() {
	if within is "$3" row_attrs "$2"; then
		pass "$1"
	else
		fail "$1" "wanted: $3" "shown: $(row_attrs "$2")" "$(screen)"
	fi
}

# The variables panel at event 10 of 4 (b3 placed): x, the three arrays by
# the listing's names and indices, each call's locals (a panel beside it
# may follow, three blanks on).  x[1] = rank has run; the arrays are marked
# on the next line, event 11's.
start 170 70 -- --ascii watch 4 --code python
expect_screen "the variables panel shows" "Variables \(Python\)"
to_event 10
expect_panel "x holds the ranks by file" "Variables" "^x +0 2 0 0(   .*)?$"
expect_panel "rank_used before the line that marks b3" "Variables" "^rank_used +T \. \. \.(   .*)?$"
expect_panel "the outer call's locals" "Variables" "^solve\(file=0\) rank=0 up=3 down=0(   .*)?$"
expect_panel "the inner call's locals" "Variables" "^solve\(file=1\) rank=2 up=2 down=3(   .*)?$"
to_event 11
expect_panel "rank_used marks ranks 0 and 2" "Variables" "^rank_used +T \. T \.(   .*)?$"
expect_panel "up_used by file - rank + n - 1" "Variables" "^up_used +\. \. T T \. \. \.(   .*)?$"
expect_panel "down_used by file + rank" "Variables" "^down_used +T \. \. T \. \. \.(   .*)?$"
# Taken off at event 21: the lines of b3 are free again, the call still
# there, and x keeps the 2 the program wrote (Python's x is [0, 2, 0, 0]).
to_event 21
expect_panel "after remove b3, x is [0, 2, 0, 0]" "Variables" "^x +0 2 0 0(   .*)?$"
expect_panel "a removal frees rank_used[2]" "Variables" "^rank_used +T \. \. \.(   .*)?$"
expect_panel "and up_used[2]" "Variables" "^up_used +\. \. \. T \. \. \.(   .*)?$"
# V shows the calls alone, in the pseudocode's words.
keys V
expect_screen "V: the stack alone" "Call stack"
keys V
expect_screen "V again: the variables" "Variables \(Python\)"
# Java names them its way.
keys c c
expect_screen "c, c: Java" "Java: Backtrack.java"
expect_panel "Java's names" "Variables" "^rankUsed +T \. \. \.(   .*)?$"
expect_panel "Java's x keeps its 2 too" "Variables" "^x +0 2 0 0(   .*)?$"
# The end: every call has returned, the memory is still there: x with the
# last ranks written (print(x) after the search says [3, 1, 2, 1]), the
# arrays all false, count = 2.
keys e
expect_panel "the end: x as the program left it" "Variables" "^x +3 1 2 1(   .*)?$"
expect_panel "the end: the arrays all false" "Variables" "^rankUsed +\. \. \. \.(   .*)?$"
expect_panel "the end: count as the program left it" "Variables" "^count +2(   .*)?$"
expect_panel "the end: the outermost call has returned" "Variables" \
	"^\(the outermost call has returned\)(   .*)?$"
if panel_has "Variables" "no call yet"; then
	fail "the end is not 'no call yet'" "$(panel_lines Variables)"
else
	pass "the end is not 'no call yet'"
fi

# Lit: only the operands the test evaluated (or, ||, stop at the first true
# one), reversed; a queen's rank in x bold, a rank x keeps from a queen taken
# off dimmed.
start 170 70 NO_COLOR=1 -- --ascii watch 4 --code c
expect_screen "C" "C: backtrack.c"
to_event 6 # reject b1 along the rank: rank_used[0] read, true
expect_attrs "a refusal along the rank reads rank_used alone" rank_used "T/r ./d ./d ./d"
expect_attrs "and not up_used" up_used "./d ./d ./d T/b ./d ./d ./d"
expect_attrs "nor down_used" down_used "T/b ./d ./d ./d ./d ./d ./d"
to_event 8 # reject b2 along a diagonal: rank_used[1] false, up_used[3] true
expect_attrs "along a diagonal: rank_used read" rank_used "T/b ./r ./d ./d"
expect_attrs "then up_used, true" up_used "./d ./d ./d T/r ./d ./d ./d"
expect_attrs "and down_used never" down_used "T/b ./d ./d ./d ./d ./d ./d"
to_event 15 # reject c2 by b3 along the other diagonal: all three read
expect_attrs "the falling diagonal: down_used read last" down_used "T/b ./d ./d T/r ./d ./d ./d"
expect_attrs "after up_used, false" up_used "./d ./d T/b T/b ./r ./d ./d"
to_event 21
expect_attrs "x: a1's rank bold, b3's kept 2 dimmed" x "0/b 2/d 0/d 0/d"

# More calls than lines: the title says how many the panel leaves out, and
# the calls shown are the innermost ones, never one that is not there.
start 80 24 -- --ascii watch 8 --code python
to_event 40 # depth 6: solve(0) to solve(5)
expect_panel "the title counts the calls left out" "Variables" "^Variables \(Python\)  \+[0-9]+ more calls?$"
hidden=$(panel_lines Variables | sed -n 's/^Variables.*+\([0-9]*\) more calls*$/\1/p')
shown=$(panel_lines Variables | grep -c '^solve(file=')
if [ "$((hidden + shown))" -eq 6 ] && panel_has Variables '^solve\(file=5\) rank=1 up=11 down=6$' &&
	! panel_has Variables '^solve\(file=[6-7]\)'; then
	pass "+$hidden more calls and $shown shown: the six calls, the innermost last"
else
	fail "the calls shown and left out make the depth, 6" "$(panel_lines Variables)" "$(screen)"
fi

# bits: the masks of the call under way, the free set and the pick, each at
# its real width with its decimal.
start 170 70 -- --ascii watch 4 --algorithm bits --code python
expect_screen "bits in Python" "Python: bits.py"
to_event 2
expect_code "bits: a try is the lowest free bit" "Python: bits.py" "bit = free & -free"
to_event 4
expect_code "bits: a call lights its call, as backtrack's" "Python: bits.py" \
	"solve(file + 1, ranks | bit, (up | bit) << 1,"
to_event 5
# solve(1) after a1: ranks 0001, up shifted up 0010, down shifted off 0000;
# its first pick, 0100, still in free.
expect_panel "the masks' names over the calls" "Variables" "^file +ranks +up +down +free +bit(   .*)?$"
expect_panel "the outer call picked bit 0" "Variables" "^0 +0000 +0 +0000 +0 +0000 +0 +1110 +14 +0001 +1(   .*)?$"
expect_panel "the call after it: the masks shifted" "Variables" "^1 +0001 +1 +0010 +2 +0000 +0 +1100 +12 +0100 +4(   .*)?$"
# After b4, solve(2) gets up = (0b10 | 0b1000) << 1 = 20: bit 4 is past the
# board, and Python keeps it; its first pick, c2.
to_event 13
expect_panel "up keeps the bit past the board: 1 0100, 20" "Variables" \
	"^2 +1001 +9 +1 0100 +20 +0100 +4 +0010 +2 +0010 +2(   .*)?$"
# C's unsigned holds 32 bits; at n = 20 up carries bits past 31, which C
# drops and Python keeps: the same call's up differs, each as its program
# holds it, in binary and decimal.
# (The first such call is the 15th of solve(19), python3 finds by running
# bits.py: up = 4697619456.)
start 80 24 -- --ascii watch 20 --algorithm bits --code python
# Each d 2 0 Enter runs on to the next call of solve(19) (named as Python
# names it): the event number moves on before the next key.
i=0 prev=
while [ $i -lt 15 ]; do
	keys d 2 0 Enter
	i=$((i + 1))
	poll_begin
	while :; do
		shown=$(screen)
		ev=$(printf '%s\n' "$shown" | sed -n 's/.* event \([0-9][0-9]*\).*/\1/p' | head -n 1)
		if [ -n "$ev" ] && [ "$ev" != "$prev" ] &&
			printf '%s\n' "$shown" | grep -q "Last: enter solve(19)"; then
			break
		fi
		poll_again || break
	done
	prev=$ev
done
wait_for "up +[.01 ]+ 4697619456" >/dev/null
up_py=$(panel_lines "solve(file=19)" | sed -n 's/^up  *\([01 .]*[01]\)  *\([0-9]*\)$/\1=\2/p')
keys c
expect_screen "C" "C: bits.c"
up_c=$(panel_lines "solve(file=19)" | sed -n 's/^up  *\([01 .]*[01]\)  *\([0-9]*\)$/\1=\2/p')
echo "# up in Python: $up_py; in C: $up_c"
py_dec=${up_py#*=} c_dec=${up_c#*=}
if [ -n "$py_dec" ] && [ -n "$c_dec" ] && [ "$py_dec" -gt 4294967295 ] &&
	[ "$c_dec" -eq $((py_dec % 4294967296)) ]; then
	pass "up past bit 31: Python's $py_dec, C's 32 bits $c_dec"
else
	fail "up past bit 31: Python keeps it, C drops it" "python: $up_py" "c: $up_c" "$(screen)"
fi

# scan: the look along the line that met the queen.
start 170 70 -- --ascii watch 4 --algorithm scan --code python
to_event 6
expect_code "scan: along the rank" "Python: scan.py" "return not (seen(file, rank, 0)  # along the rank"
to_event 8
expect_code "scan: along the rising diagonal" "Python: scan.py" "or seen(file, rank, -1)  # rising diagonal"

# repair has none, and says so; c comes round to the pseudocode.
start 120 40 -- --ascii watch 8 --algorithm repair --code c
expect_screen "repair shows its pseudocode" "Pseudocode: repair \(no C listing\)"

# c cycles the languages and the config file keeps the last.
rm -f "$XDG_CONFIG_HOME/nqueens/config"
start 120 40 -- --ascii watch 8
expect_screen "pseudocode by default" "Pseudocode: backtrack"
keys c
expect_message "c: Python" "The listing in Python (c for the next language)."
keys c
expect_screen "c: C" "C: backtrack.c"
if within grep -qx "code = c" "$XDG_CONFIG_HOME/nqueens/config"; then
	pass "the config file keeps the language"
else
	fail "the config file keeps the language" "$(cat "$XDG_CONFIG_HOME/nqueens/config")"
fi
start 120 40 -- --ascii watch 8
expect_screen "the next Watch opens in it" "C: backtrack.c"
start 120 40 -- --ascii watch 8 --code pseudocode
expect_screen "--code pseudocode wins over the config" "Pseudocode: backtrack"
keys '?'
expect_screen "the help lists c" "c +the listing in the next language"
expect_screen "and V" "V +the stack's panel: the variables"

# x writes the handout in the language on screen: the SVG's listing is
# data/code/backtrack.py line for line, blank lines kept, with the line the
# screen lights lit; the page A4 (the locale's: C.UTF-8), inside its margins.
start 170 70 LC_ALL= LC_PAPER= -- --ascii watch 6 --code python
to_event 19
keys x
stem=nqueens-watch-6x6-backtrack-event-19
expect_message "x in Python writes the handout" "Written to $stem.txt and $stem.svg in $tmpdir."
svg=$tmpdir/$stem.svg
if command -v python3 >/dev/null 2>&1; then
	python3 "${srcdir:-.}/tests/svg-pages.py" listing "$svg" >"$tmpdir/listing" 2>&1
	lit=$(sed -n '$s/^lit: *//p' "$tmpdir/listing")
	if [ "$(sed '$d' "$tmpdir/listing")" = "$(cat "${srcdir:-.}/data/code/backtrack.py")" ] &&
		grep -q '>Python: backtrack<' "$svg" && ! grep -q 'Pseudocode' "$svg" &&
		[ -n "$lit" ] && [ "$lit" = "$(code_lit "Python: backtrack.py")" ]; then
		pass "the sheet's listing is backtrack.py, the screen's line lit ($lit)"
	else
		fail "the sheet's listing is backtrack.py, the screen's line lit" \
			"lit: $lit, screen: $(code_lit "Python: backtrack.py")" "$(diff "${srcdir:-.}/data/code/backtrack.py" "$tmpdir/listing")"
	fi
	got=$(python3 "${srcdir:-.}/tests/svg-pages.py" pages a4 "$svg" 2>&1)
	[ "$got" = "pages 1 boards 0" ] && pass "the Watch page is A4, inside its margins" ||
		fail "the Watch page is A4, inside its margins" "$got"
else
	fail "python3 is needed to read the sheet"
fi

finish
