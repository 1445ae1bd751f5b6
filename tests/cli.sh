#!/bin/sh
# The command line as scripts use it: every output format and exit status.
. "${srcdir:-.}/tests/lib.sh"

# count: A000170 and A002562, with one and two threads.
expect "count 1" 0 "1" -- count 1
expect "count 2" 0 "0" -- count 2
expect "count 8" 0 "92" -- count 8
expect "count 8 --unique" 0 "12" -- count 8 --unique
expect "count --unique before N" 0 "12" -- count --unique 8
expect "count 12 --threads 1" 0 "14200" -- count 12 --threads 1
expect "count 12 --threads=2 -u" 0 "1787" -- count 12 --threads=2 -u
expect "count 13 -t 2" 0 "73712" -- count 13 -t 2
expect "count 14" 0 "365596" -- count 14
expect "count 14 --unique" 0 "45752" -- count 14 --unique
# Both methods, odd and even n: the half boards and the backtracking reference.
expect "count 15 --method halves" 0 "2279184" -- count 15 --method halves
expect "count 15 --method backtrack" 0 "2279184" -- count 15 --method backtrack
expect "count 13 -m halves --unique" 0 "9233" -- count 13 -m halves --unique
expect "count 12 --method backtrack -u" 0 "1787" -- count 12 --method backtrack -u
expect "count 16 --method halves -t 2" 0 "14772512" -- count 16 --method halves -t 2
expect "count 16 --unique" 0 "1846955" -- count 16 --unique
expect "count 3 (too small for halves)" 0 "0" -- count 3

# list: formats and order.
nq list 8 >"$tmpdir/list8"
if [ "$(wc -l <"$tmpdir/list8")" -eq 92 ] &&
	[ "$(head -1 "$tmpdir/list8")" = "1 5 8 6 3 7 2 4" ] &&
	[ "$(tail -1 "$tmpdir/list8")" = "8 4 1 3 6 2 7 5" ] &&
	sort -n -k1,1 -k2,2 -k3,3 -k4,4 -k5,5 -k6,6 -k7,7 -k8,8 "$tmpdir/list8" | cmp -s - "$tmpdir/list8"; then
	pass "list 8: 92 lines in lexicographic order"
else
	fail "list 8: 92 lines in lexicographic order" "$(head -3 "$tmpdir/list8")"
fi
expect "list 4" 0 "2 4 1 3
3 1 4 2" -- list 4
expect "list 4 --format rows" 0 "2 4 1 3
3 1 4 2" -- list 4 --format rows
expect "list 4 algebraic" 0 "a2 b4 c1 d3
a3 b1 c4 d2" -- list 4 --format algebraic
expect "list 4 board" 0 "4 . Q . .
3 . . . Q
2 Q . . .
1 . . Q .
  a b c d

4 . . Q .
3 Q . . .
2 . . . Q
1 . Q . .
  a b c d" -- list 4 --format=board
expect "list 2 is empty" 0 "" -- list 2
expect "list 1" 0 "1" -- list 1
expect "list 6 --unique" 0 "2 4 6 1 3 5" -- list 6 --unique
expect "list 5 --unique" 0 "1 3 5 2 4
2 5 3 1 4" -- list 5 -u
nq list 8 --unique >"$tmpdir/u8"
if [ "$(wc -l <"$tmpdir/u8")" -eq 12 ] && [ "$(head -1 "$tmpdir/u8")" = "1 5 8 6 3 7 2 4" ] &&
	nq check <"$tmpdir/u8" | grep -qvx valid; then
	fail "list 8 --unique: 12 valid representatives" "$(cat "$tmpdir/u8")"
else
	pass "list 8 --unique: 12 valid representatives"
fi
nq list 10 | nq check | sort | uniq -c | sed 's/^ *//' >"$tmpdir/v10"
if [ "$(cat "$tmpdir/v10")" = "724 valid" ]; then
	pass "list 10 | check: 724 valid"
else
	fail "list 10 | check: 724 valid" "$(head -3 "$tmpdir/v10")"
fi

# solve.
expect "solve 8" 0 "1 5 8 6 3 7 2 4" -- solve 8
expect "solve 1" 0 "1" -- solve 1
expect "solve 4 algebraic" 0 "a2 b4 c1 d3" -- solve 4 --format algebraic
expect "solve 20" 0 "1 3 5 2 4 13 15 12 18 20 17 9 16 19 8 10 7 14 6 11" -- solve 20
expect "solve 8 --index 92" 0 "8 4 1 3 6 2 7 5" -- solve 8 --index 92
expect "solve 8 --index 1" 0 "1 5 8 6 3 7 2 4" -- solve 8 --index 1
expect "solve 16 --index 14772512" 0 "16 14 12 15 4 8 3 5 2 11 1 10 13 6 9 7" -- solve 16 --index 14772512

# check: verdicts and exit statuses.
expect "check a solution" 0 "valid" -- check 1 5 8 6 3 7 2 4
expect "check one quoted argument" 0 "valid" -- check "2 4 6 8 3 1 7 5"
expect "check squares" 0 "valid" -- check a2 b4 c6 d8 e3 f1 g7 h5
expect "check a diagonal" 1 "b4 and e7 share a diagonal" -- check 1 4 6 3 7 2 8 5
expect "check a rank" 1 "a1 and b1 share a rank; b1 and c2 share a diagonal; only 3 queens on 4 files" -- check 1 1 2 0
expect "check a file" 1 "a1 and a4 share a file; only 2 queens on 4 files" -- check a1 a4
expect "check a missing queen" 1 "only 7 queens on 8 files" -- check 1 5 8 6 3 7 2 .
expect "check an empty board" 1 "no queens on 3 files" -- check 0 0 0
expect "check many conflicts" 1 "a1 and b1 share a rank; a1 and c1 share a rank; a1 and d1 share a rank; a1 and e1 share a rank; a1 and f1 share a rank; a1 and g1 share a rank; a1 and h1 share a rank; a1 and i1 share a rank; a1 and j1 share a rank; a1 and k1 share a rank; and 1 more conflicts" -- check 1 1 1 1 1 1 1 1 1 1 1 1
printf '1 5 8 6 3 7 2 4\n\n# a comment\n1 4 6 3 7 2 8 5\n2 4 1 3\n' >"$tmpdir/in"
got=$(nq check <"$tmpdir/in")
rc=$?
if [ "$rc" -eq 1 ] && [ "$got" = "valid
b4 and e7 share a diagonal
valid" ]; then
	pass "check from stdin: one line each, exit 1"
else
	fail "check from stdin: one line each, exit 1" "status $rc" "$got"
fi
printf '2 4 1 3\n1 2 3x\n3 1 4 2\n' >"$tmpdir/in"
nq check <"$tmpdir/in" >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
if [ "$rc" -eq 2 ] && [ "$(cat "$tmpdir/out")" = "valid" ] &&
	grep -q "^nqueens check: line 2: '3x' is not a rank" "$tmpdir/err"; then
	pass "check stops at a malformed line with its number"
else
	fail "check stops at a malformed line with its number" "status $rc" "$(cat "$tmpdir/err")"
fi

# A line longer than the reader's pieces of 64 KiB: its words cross them,
# and the first queens of the lines in conflict are found far from the rest.
nq solve 20000 --method construct | awk '{ $3 = $1; $20000 = $2; print }' >"$tmpdir/long"
expect "check a line of 20000 queens read in pieces" 1 \
	"a2 and c2 share a rank; c2 and acod19997 share a diagonal; b4 and acof4 share a rank; ivl13336 and acof4 share a diagonal" \
	-- check --file "$tmpdir/long"

# Bad arguments (exit 2, one line on stderr naming what is allowed) are
# rows of tests/bad-input.txt.

# --help and --version.
nq --help >"$tmpdir/help"
missing=""
for c in play count sum list solve check puzzle; do
	grep -q "^  $c " "$tmpdir/help" || missing="$missing $c"
done
if grep -q "^Usage: nqueens" "$tmpdir/help" && [ -z "$missing" ]; then
	pass "--help lists every command"
else
	fail "--help lists every command" "missing:$missing"
fi
if nq --version | grep -Eq '^nqueens [0-9]+\.[0-9]+'; then
	pass "--version"
else
	fail "--version"
fi
# Every command takes --help and -h, with its arguments or without, as the
# program does (cli_begin): the same usage, status 0, nothing on stderr and
# nothing else done (play would want a terminal); a bad option still fails.
bad=""
for c in play count sum list solve check puzzle trace race watch browse lesson; do
	for h in --help "-h" "8 --help"; do
		# shellcheck disable=SC2086 # "8 --help" is two words
		if ! nq $c $h >"$tmpdir/cmd-help" 2>"$tmpdir/err" || [ -s "$tmpdir/err" ] ||
			! cmp -s "$tmpdir/help" "$tmpdir/cmd-help"; then
			bad="$bad '$c $h'"
		fi
	done
done
if [ -z "$bad" ] && ! nq count --bogus --help >/dev/null 2>&1; then
	pass "every command's --help"
else
	fail "every command's --help" "wrong:$bad"
fi

# Classes with their variants: 12 representatives, 92 members named by transform.
nq list 8 --unique --variants >"$tmpdir/variants"
if [ "$(grep -c '^[1-8]' "$tmpdir/variants")" = 12 ] &&
	[ "$(grep -c '^  [a-z]' "$tmpdir/variants")" = 92 ] &&
	[ "$(grep '^  ' "$tmpdir/variants" | sed 's/^  [a-z0-9-]* //' | sort | uniq | wc -l | tr -d ' ')" = 92 ] &&
	[ "$(grep '^  ' "$tmpdir/variants" | sed 's/^  [a-z0-9-]* //' | sort)" = "$(nq list 8 | sort)" ] &&
	[ "$(grep -A4 -x '3 5 2 8 1 7 4 6' "$tmpdir/variants" | sed 's/^ *//;s/ .*//' | tr '\n' ' ')" = "3 id rot90 flip-x flip-diag " ]; then
	pass "list --unique --variants: every solution once, under its class"
else
	fail "list --unique --variants: every solution once, under its class" "$(head -20 "$tmpdir/variants")"
fi
if [ "$(nq list 8 --unique --variants --format algebraic | sed -n 3p)" = "  rot90 a8 b2 c4 d1 e7 f5 g3 h6" ]; then
	pass "a variant line in squares"
else
	fail "a variant line in squares" "$(nq list 8 --unique --variants --format algebraic | sed -n 3p)"
fi
# SVG sheets: well-formed XML, one board a group, a queen a <use>, captions.
# A caption keeps "no symmetry", "rot90 = rot270" and the ranks on one line
# with no-break spaces: nb turns the blanks of a pattern into them.
nb() {
	printf '%s' "$1" | sed "s/ /$(printf '\302\240')/g"
}
if command -v xmllint >/dev/null 2>&1; then
	nq list 8 --unique --format svg >"$tmpdir/classes.svg"
	if xmllint --noout "$tmpdir/classes.svg" &&
		[ "$(grep -c '^<g>' "$tmpdir/classes.svg")" -eq 12 ] &&
		[ "$(grep -c '<use xlink:href="#queen"' "$tmpdir/classes.svg")" -eq 96 ] &&
		grep -q ">class 1: 8 members,<.*>$(nb 'no symmetry');.*$(nb '1 5 8 6 3 7 2 4')<" "$tmpdir/classes.svg" &&
		grep -q ">class 10: 4 members,<.*>$(nb 'own 180° turn');.*$(nb '3 5 2 8 1 7 4 6')<" "$tmpdir/classes.svg" &&
		grep -q ">class 12: 8 members,<.*$(nb '3 6 2 5 8 1 7 4')<" "$tmpdir/classes.svg"; then
		pass "list --unique --format svg: 12 boards, 96 queens, each with its members and symmetry"
	else
		fail "list --unique --format svg: 12 boards, 96 queens, each with its members and symmetry" \
			"$(head -c 300 "$tmpdir/classes.svg")"
	fi
	# The queens stand where the ranks say: file f at x, rank r from the top.
	# (each square's column from file a's, its row from the top one's).
	nq solve 4 --format svg --paper a4 >"$tmpdir/one.svg"
	places=$(sed -n 's/.*translate(\([0-9]*\) \([0-9]*\)) scale(\([0-9]*\)).*/\1 \2 \3/p' "$tmpdir/one.svg" |
		awk '{ x[NR] = $1; y[NR] = $2; s = $3; if (NR == 1 || $2 < top) top = $2 }
			END { for (i = 1; i <= NR; i++) print (x[i] - x[1]) / s, (y[i] - top) / s }' | tr '\n' ' ')
	if xmllint --noout "$tmpdir/one.svg" && [ "$places" = "0 2 1 0 2 3 3 1 " ]; then
		pass "solve --format svg: the queens of 2 4 1 3 on their squares"
	else
		fail "solve --format svg: the queens of 2 4 1 3 on their squares" "$places"
	fi
	nq list 6 --unique --variants --format svg >"$tmpdir/members.svg"
	if xmllint --noout "$tmpdir/members.svg" &&
		[ "$(grep -c '^<g>' "$tmpdir/members.svg")" -eq 4 ] &&
		grep -q ">class 1:.*$(nb 'rot90 = rot270')<" "$tmpdir/members.svg" &&
		[ "$(grep -c 'class="k"' "$tmpdir/members.svg")" -eq 4 ]; then
		pass "list --variants --format svg: every member with every transform that makes it, a queen followed"
	else
		fail "list --variants --format svg: every member with every transform that makes it, a queen followed" \
			"$(grep -o '>class [^<]*<' "$tmpdir/members.svg")"
	fi
	# A small board's sheet: a page of the paper asked for, its title and
	# its caption whole in their column.
	nq check --format svg --paper letter 2 4 1 3 >"$tmpdir/check4.svg"
	width=$(sed -n '2s/.* width="\([0-9.]*mm\)".*/\1/p' "$tmpdir/check4.svg")
	nq list 4 --unique --format svg >"$tmpdir/classes4.svg"
	if [ "$width" = 215.9mm ] && grep -q '>Positions checked<' "$tmpdir/check4.svg" &&
		grep -q ">$(nb 'own quarter turn');<" "$tmpdir/classes4.svg" &&
		! grep -q '\.\.\.' "$tmpdir/classes4.svg"; then
		pass "a sheet of one 4x4 board: the title 'Positions checked' and the caption whole"
	else
		fail "a sheet of one 4x4 board: the title 'Positions checked' and the caption whole" \
			"width $width" "$(grep -o '<tspan[^>]*>[^<]*' "$tmpdir/classes4.svg")"
	fi
	# Class 10 of eight queens: the half turn makes each member again.
	nq list 8 --unique --variants --format svg --paper a4 --output "$tmpdir/members8.svg" &&
		cat "$tmpdir"/members8-[1-6].svg >"$tmpdir/members8.svg"
	if grep -q ">class 10: $(nb 'id = rot180')<" "$tmpdir/members8.svg" &&
		grep -q ">class 10: $(nb 'rot90 = rot270')<" "$tmpdir/members8.svg" &&
		[ "$(grep -c '^<g>' "$tmpdir/members8.svg")" -eq 92 ]; then
		pass "list 8 --variants --format svg: class 10's coincidences in its captions"
	else
		fail "list 8 --variants --format svg: class 10's coincidences in its captions" \
			"$(grep -o '>class 10[^<]*<' "$tmpdir/members8.svg")"
	fi
	printf '1 5 8 6 3 7 2 4\n1 4 6 3 7 2 8 5\n' | nq check --format svg --paper a4 >"$tmpdir/checked.svg"
	rc=$?
	# A conflict is told without colour: a cross on each queen, the line between.
	if [ $rc -eq 1 ] && xmllint --noout "$tmpdir/checked.svg" &&
		grep -q '>valid<' "$tmpdir/checked.svg" &&
		sed 's|</tspan><tspan [^>]*>| |g' "$tmpdir/checked.svg" | grep -q '>b4 and e7 share a diagonal<' &&
		[ "$(grep -c 'class="x"' "$tmpdir/checked.svg")" -eq 2 ] &&
		[ "$(grep -c 'class="a"' "$tmpdir/checked.svg")" -eq 1 ] &&
		grep -q '<g transform="translate(277 172) scale(19)"><path class="e" d="M0.5 0.5 L3.5 -2.5"/>' \
			"$tmpdir/checked.svg"; then
		pass "check --format svg: the verdicts under their boards, the conflict crossed and its line drawn"
	else
		fail "check --format svg: the verdicts under their boards, the conflict crossed and its line drawn" \
			"status $rc" "$(grep 'class="[axe]"' "$tmpdir/checked.svg")"
	fi
else
	fail "xmllint is needed to check the SVG sheets (Debian: libxml2-utils)"
fi

# Huge boards: the construction and repair, checked in linear time.
if [ "$(nq solve 1000 --method construct | nq check)" = valid ] &&
	[ "$(nq solve 1001 --method construct | nq check)" = valid ] &&
	[ "$(nq solve 1002 --method construct | nq check)" = valid ] &&
	[ "$(nq solve 1003 --method construct | nq check)" = valid ]; then
	pass "solve --method construct: valid for each case of n mod 6"
else
	fail "solve --method construct: valid for each case of n mod 6"
fi
expect "construct 8 is the Wikipedia article's explicit solution" 0 "2 4 6 8 3 1 7 5" -- solve 8 --method construct
expect "construct in squares" 0 "a2 b4 c6 d8 e3 f1 g7 h5" -- solve 8 --method construct --format algebraic
nq solve 100000 --method repair --seed 4 >"$tmpdir/r1"
nq solve 100000 --method repair --seed 4 >"$tmpdir/r2"
if [ "$(nq check --file "$tmpdir/r1")" = valid ] && cmp -s "$tmpdir/r1" "$tmpdir/r2" &&
	[ "$(nq solve 100000 --method repair --seed 5 | cmp - "$tmpdir/r1" >/dev/null && echo same)" != same ]; then
	pass "solve --method repair: valid, the same for the same seed"
else
	fail "solve --method repair: valid, the same for the same seed"
fi
nq solve 2000 --method construct | sed 's/^2 4 6/4 2 6/' >"$tmpdir/broken"
if ! nq check --file "$tmpdir/broken" >"$tmpdir/out" && grep -q "share a" "$tmpdir/out"; then
	pass "check --file names what is wrong in a broken huge solution"
else
	fail "check --file names what is wrong in a broken huge solution" "$(cut -c1-200 "$tmpdir/out")"
fi
# A count split into tasks: the parts of n = 14 add up, for any number of
# tasks, each a line that nqueens sum reads.
ok=yes
for T in 1 7 50; do
	: >"$tmpdir/all" && : >"$tmpdir/uniq"
	for I in $(seq "$T"); do
		nq count 14 --tasks "$T" --task "$I" --threads 1 >>"$tmpdir/all"
		nq count 14 --tasks "$T" --task "$I" --unique >>"$tmpdir/uniq"
	done
	sum=$(nq sum "$tmpdir/all") uniq=$(nq sum <"$tmpdir/uniq")
	[ "$sum" = 365596 ] && [ "$uniq" = 45752 ] || ok="T=$T: $sum $uniq"
done
if [ "$ok" = yes ]; then
	pass "the tasks of n = 14 add up to 365596 and 45752, for 1, 7 and 50 tasks"
else
	fail "the tasks of n = 14 add up to 365596 and 45752, for 1, 7 and 50 tasks" "$ok"
fi
# The join's own tasks: n = 14 and 16 add up for several numbers of tasks,
# odd n (the middle queens placed first) too, and the backtracking split is
# still there.
ok=yes
for spec in 14:365596:1 14:365596:7 14:365596:50 16:14772512:3 16:14772512:8 \
	13:73712:50 15:2279184:8; do
	n=${spec%%:*} want=${spec#*:} T=${want#*:} want=${want%%:*}
	: >"$tmpdir/all"
	for I in $(seq "$T"); do
		nq count "$n" --tasks "$T" --task "$I" --threads 1 >>"$tmpdir/all"
	done
	sum=$(nq sum "$tmpdir/all")
	[ "$sum" = "$want" ] || ok="n=$n T=$T: $sum"
done
for I in 1 2 3; do
	nq count 14 --tasks 3 --task "$I" --method backtrack >"$tmpdir/b$I"
done
sum=$(nq sum "$tmpdir/b1" "$tmpdir/b2" "$tmpdir/b3")
[ "$sum" = 365596 ] || ok="n=14 T=3 backtrack: $sum"
if [ "$ok" = yes ]; then
	pass "the join's tasks of n = 13 to 16 add up, for 1, 3, 7, 8 and 50 tasks"
else
	fail "the join's tasks of n = 13 to 16 add up, for 1, 3, 7, 8 and 50 tasks" "$ok"
fi
# A budget at the floor (the least it takes, as it says): the tops are
# sieved in several passes, same count.
floor=$(nq count 16 --threads 2 --memory 1M 2>&1 | sed -n 's/.*needs \([0-9]*\) MiB at least$/\1/p')
expect "count 16 in the least memory, ${floor:-?} MiB" 0 14772512 -- count 16 --memory "${floor:-0}M" --threads 2
expect "count 15 in 2 MiB" 0 2279184 -- count 15 --memory 2M --threads 1
nq count 14 --tasks 7 --list >"$tmpdir/l1"
nq count 14 --tasks 7 --list >"$tmpdir/l2"
if cmp -s "$tmpdir/l1" "$tmpdir/l2" && [ "$(wc -l <"$tmpdir/l1")" -eq 7 ] &&
	[ "$(awk '{ s += $3 } END { print s }' "$tmpdir/l1")" = "$(nq count 14 --tasks 1 --list | cut -d' ' -f3)" ] &&
	grep -Eq '^1 [0-9]+ [0-9]+$' "$tmpdir/l1"; then
	pass "the task list: one line a task, the same every time"
else
	fail "the task list: one line a task, the same every time" "$(cat "$tmpdir/l1")"
fi
finish
