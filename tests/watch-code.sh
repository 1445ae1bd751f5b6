#!/bin/sh
# Watch in Python, C and Java, in tmux: the listing's lit line at each kind
# of event, the variables panel, bits' masks, the c key kept in the config.
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

# code_lit TITLE: the text of the listing's lit line (the line marked > in
# the column of TITLE, the listing's title), its indentation and trailing
# blanks taken off; else how many lines are lit.
code_lit() {
	screen | LC_ALL=C sed "$utf8_to_ascii" | TITLE=$1 LC_ALL=C awk '
		x == 0 && (i = index($0, ENVIRON["TITLE"])) > 0 { x = i; next }
		x > 0 && substr($0, x, 1) == ">" {
			t = substr($0, x + 1)
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

# The variables panel at event 10 of 4 (b3 placed): x, the three arrays by
# the listing's names and indices, each call's locals (a panel beside it
# may follow, three blanks on).
start 170 70 -- --ascii watch 4 --code python
expect_screen "the variables panel shows" "Variables \(Python\)"
to_event 10
expect_panel "x holds the ranks by file" "Variables" "^x +0 2 \. \.(   .*)?$"
expect_panel "rank_used marks ranks 0 and 2" "Variables" "^rank_used +T \. T \.(   .*)?$"
expect_panel "up_used by file - rank + n - 1" "Variables" "^up_used +\. \. T T \. \. \.(   .*)?$"
expect_panel "down_used by file + rank" "Variables" "^down_used +T \. \. T \. \. \.(   .*)?$"
expect_panel "the outer call's locals" "Variables" "^solve\(file=0\) rank=0 up=3 down=0(   .*)?$"
expect_panel "the inner call's locals" "Variables" "^solve\(file=1\) rank=2 up=2 down=3(   .*)?$"
# Taken off at event 21: the lines of b3 are free again, the call still there.
to_event 21
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

# bits: the masks of the call under way, the free set and the pick.
start 170 70 -- --ascii watch 4 --algorithm bits --code python
expect_screen "bits in Python" "Python: bits.py"
to_event 2
expect_code "bits: a try is the lowest free bit" "Python: bits.py" "bit = free & -free"
to_event 4
expect_code "bits: a call lights its call, as backtrack's" "Python: bits.py" \
	"solve(file + 1, ranks | bit, (up | bit) << 1,"
# solve(1) after a1: ranks 0001, up shifted up 0010, down shifted off 0000.
expect_panel "the masks' names over the calls" "Variables" "^file ranks up    down  free  bit(   .*)?$"
expect_panel "the outer call picked bit 0" "Variables" "^0    0000  0000  0000  1110  0001(   .*)?$"
# Its first line has made free, and its try has picked b3.
to_event 5
expect_panel "the call after it: the masks shifted" "Variables" "^1    0001  0010  0000  1100  0100(   .*)?$"

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

finish
