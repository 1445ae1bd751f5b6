#!/bin/sh
# The race screen, driven in tmux: the panels side by side, their boards
# square by square and their counters against trace, first or all, the end
# (boards kept, the winner, the chart, what it shows, the verdict, what the
# time is) with its colours, the sizes from 60x20 up, the help, the menu's
# entry and a lesson's race.
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

# expected ALGO K: board_expect's arguments for the board of ALGO on 8x8
# after its first K events, read from trace (the queens standing, and what
# the last event did).
expected() {
	nq trace 8 --algorithm "$1" | head -n "$2" | LC_ALL=C awk '
		$1 == "place" { q[$2] = 1 }
		$1 == "remove" { delete q[$2] }
		{ last = $0 }
		END {
			s = ""
			for (k in q)
				s = s (s == "" ? "" : " ") k
			print s
			split(last, w, /[ :]+/)
			if (w[1] == "try" || w[1] == "place")
				print "try=" w[2]
			else if (w[1] == "reject")
				print "reject=" w[2] " attacker=" w[5]
			else if (w[1] == "remove")
				print "left=" w[2]
		}'
}

# counter_of ANCHOR NAME: the figure of the counter NAME in the panel whose
# name is ANCHOR (the first figure after NAME in the panel's column).
counter_of() {
	screen | LC_ALL=C awk -v a="$1" -v name="$2" '
		x == 0 && (i = index($0, a)) > 0 { x = i; next }
		x > 0 && substr($0, x, length(name) + 1) == name " " {
			split(substr($0, x), w, / +/)
			print w[2]
			exit
		}'
}

# expect_counter DESC ANCHOR NAME FIGURE: counter_of ANCHOR NAME reads FIGURE in time.
expect_counter() {
	if within is "$4" counter_of "$2" "$3"; then
		pass "$1"
	else
		fail "$1" "$3: $(counter_of "$2" "$3")" "$(screen)"
	fi
}

# sgr_of TEXT: the colour and boldness TEXT is drawn in, the first time it
# shows ("bold fg" as SGR numbers).  capture-pane -e writes only the changes
# from one cell to the next, lines included, so the escapes are followed
# from the top of the pane.
sgr_of() {
	tm capture-pane -p -e | LC_ALL=C awk -v t="$1" '
		function apply(p,   a, k, m, v) {
			m = split(p, a, ";")
			if (m == 0)
				bold = fg = ""
			for (k = 1; k <= m; k++) {
				v = a[k] + 0
				if (v == 0)
					bold = fg = ""
				else if (v == 1)
					bold = "bold"
				else if (v == 22)
					bold = ""
				else if (v == 38) {
					if (a[k + 1] == 5) { fg = "38;5;" a[k + 2]; k += 2 }
					else { fg = "38;2;" a[k + 2] ";" a[k + 3] ";" a[k + 4]; k += 4 }
				} else if (v == 48)
					k += a[k + 1] == 5 ? 2 : 4
				else if ((v >= 30 && v <= 37) || (v >= 90 && v <= 97) || v == 39)
					fg = v == 39 ? "" : v
			}
		}
		{
			line = $0
			at = index(line, t)
			while (line != "") {
				if (at == 1) {
					print bold " " fg
					exit
				}
				if (match(line, /^\033\[[0-9;]*m/)) {
					apply(substr(line, 3, RLENGTH - 3))
					line = substr(line, RLENGTH + 1)
					at = at ? at - RLENGTH : 0
				} else {
					line = substr(line, 2)
					at = at ? at - 1 : 0
				}
			}
		}'
}

# stats_of N ALGO [--first]: tested, placed, events and solutions as trace
# --stats counts them.
stats_of() {
	nq trace "$1" --algorithm "$2" $3 --stats |
		awk -F': ' '/^(tested|placed|events|solutions):/ {v[$1] = $2}
		END {print v["tested"], v["placed"], v["events"], v["solutions"]}'
}

# chart_row ALGO: ALGO's row of the end's chart, its bars left out and its
# columns a space apart ("2nd backtrack 15720 2056 37519 92 10.0 ms").
chart_row() {
	screen | sed 's/█//g' | LC_ALL=C awk -v a="$1" '{
		for (i = 1; i < NF; i++)
			if ($i == a && $(i + 1) ~ /^[0-9]+$/) {
				$1 = $1
				print
				exit
			}
	}'
}

# figures_of ALGO: the four figures of ALGO's row, after its name.
figures_of() {
	chart_row "$1" | awk -v a="$1" '{
		for (i = 1; i <= NF; i++)
			if ($i == a) {
				for (k = i + 1; k <= i + 4 && $k ~ /^[0-9]+$/; k++)
					printf "%s%s", (k > i + 1 ? " " : ""), $k
				print ""
				exit
			}
	}'
}

# grouped NUMBER: its thousands apart, as the sentences write them.
grouped() {
	echo "$1" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'
}

# expect_chart DESC N ALGO... [--first]: each ALGO's row has trace's figures
# (the first $fields of them: 3 where the chart has no solutions).
expect_chart() {
	desc=$1 cn=$2
	shift 2
	first=
	case " $* " in *" --first "*) first=--first ;; esac
	bad=
	for a in "$@"; do
		[ "$a" = --first ] && continue
		want=$(stats_of "$cn" "$a" $first | cut -d' ' -f"1-${fields:-4}")
		within is "$want" figures_of "$a" || bad="$bad $a: $(figures_of "$a"), trace $want;"
	done
	if [ -z "$bad" ]; then
		pass "$desc"
	else
		fail "$desc" "$bad" "$(screen)"
	fi
}

start 80 24 NQUEENS_TEST_CLOCK=1 -- race 8 backtrack permute
expect_screen "race N ALG... opens the screen, titled by its board and goal" \
	"^nqueens - Race 8x8, to every solution"
expect_screen "the panels side by side, each named by its algorithm" \
	"^ *backtrack +permute *$"
expect_screen "paused, in lockstep by events" "^paused  in lockstep by events  200 events/s"
expect_counter "each panel counts: tested, placed, solutions, events" permute \
	events 0
if ! screen | grep -q "time"; then
	pass "no time while the race runs: stepped between frames it is noise"
else
	fail "no time while the race runs: stepped between frames it is noise" "$(screen)"
fi
for k in $(seq 38); do
	keys .
done
wait_for "events +38" >/dev/null
set -- $(expected backtrack 38 | sed -n 2p)
want=$(board_expect watch 8 marks "$(expected backtrack 38 | sed -n 1p)" "$@")
got=$(board_grids 8 | sed -n '4,11p')
if [ "$got" = "$want" ]; then
	pass "after 38 steps backtrack's board is trace's 38th event, square by square"
else
	fail "after 38 steps backtrack's board is trace's 38th event, square by square" \
		"wanted:" "$want" "read:" "$got"
fi
set -- $(expected permute 38 | sed -n 2p)
want=$(board_expect watch 8 marks "$(expected permute 38 | sed -n 1p)" "$@")
got=$(board_grids 8 | sed -n '15,22p')
if [ "$got" = "$want" ]; then
	pass "and permute's board its own 38th event"
else
	fail "and permute's board its own 38th event" "wanted:" "$want" "read:" "$got"
fi
ok=yes
for a in backtrack permute; do
	tried=$(nq trace 8 --algorithm "$a" | head -38 | grep -c '^try ')
	placed=$(nq trace 8 --algorithm "$a" | head -38 | grep -c '^place ')
	[ "$(counter_of "$a" tested)" = "$tried" ] || ok="$a tested: $(counter_of "$a" tested), trace $tried"
	[ "$(counter_of "$a" placed)" = "$placed" ] || ok="$a placed: $(counter_of "$a" placed), trace $placed"
	[ "$(counter_of "$a" events)" = 38 ] || ok="$a events: $(counter_of "$a" events)"
	[ "$(counter_of "$a" solutions)" = 0 ] || ok="$a solutions: $(counter_of "$a" solutions)"
done
if [ "$ok" = yes ]; then
	pass "lockstep by events: 38 events each, tested and placed as trace counts them"
else
	fail "lockstep by events: 38 events each, tested and placed as trace counts them" "$ok" "$(screen)"
fi

keys p
keys + +
expect_screen "+ twice: faster (p, equal time, is gone: it timed this program's stepper)" \
	"^paused  in lockstep by events  1000 events/s$"
keys -
expect_screen "- slower" "^paused  in lockstep by events  500 events/s"
keys Space
expect_screen "Space runs the race" "^running  in lockstep by events"
keys Space
expect_screen "Space again pauses it" "^paused  in lockstep by events"

keys e
b=$(stats_of 8 backtrack) p=$(stats_of 8 permute)
expect_screen "e runs every algorithm to its end: the chart" \
	"^place  algorithm  tested +placed +events +solutions  time$"
expect_chart "the chart's figures: trace's, for each" 8 backtrack permute
if [ "$b" = "$p" ]; then
	winner="backtrack and permute tie with $(grouped "$(echo "$b" | cut -d' ' -f3)") events each."
	lesson="backtrack and permute do the same work"
else
	winner="permute wins with $(grouped "$(echo "$p" | cut -d' ' -f3)") events, the fewest."
	lesson="permute tests $(grouped "${p%% *}") squares, "
fi
expect_screen "the winner: the fewest events" "^$winner$"
expect_screen "what the race shows, from its counters" "^$lesson"
if [ "$(chart_row backtrack | awk '{print $(NF - 1), $NF}')" = "10.0 ms" ]; then
	pass "the time: each search run again until 50 ms, 10 ms a run on the tests' clock"
else
	fail "the time: each search run again until 50 ms, 10 ms a run on the tests' clock" "$(chart_row backtrack)"
fi
expect_screen "and what the time is" \
	"^time: this program's stepping of each search on this machine, without drawing:$"
expect_screen "the verdict: the counts agree" \
	"^The 2 algorithms agree: 92 solutions, the same ones in the same order\.$"
want=$(board_expect browse 8 marks "a8 b4 c1 d3 e6 f2 g7 h5")
got=$(board_grids 8 | sed -n '4,11p;15,22p')
if [ "$got" = "$want
$want" ]; then
	pass "the boards kept: each holds its last solution, 8 4 1 3 6 2 7 5, lit"
else
	fail "the boards kept: each holds its last solution, 8 4 1 3 6 2 7 5, lit" "wanted:" "$want" "read:" "$got"
fi
if [ "$b" != "$p" ]; then
	expect_screen "the panels say the places" "^ *backtrack 2nd +permute 1st"
	good=$(sgr_of "The 2 algorithms agree")
	if [ -n "$good" ] && [ "$(sgr_of "1st")" = "$good" ] &&
		[ "$(sgr_of "2nd")" != "$good" ] && [ "$(sgr_of "2nd    backtrack")" != "$good" ]; then
		pass "the verdict and the winner's 1st in the colour of good news, the rest not"
	else
		fail "the verdict and the winner's 1st in the colour of good news, the rest not" \
			"verdict: $good, 1st: $(sgr_of "1st"), row: $(sgr_of "2nd    backtrack")"
	fi
fi
if [ -n "$(sgr_of backtrack)" ] && [ "$(sgr_of backtrack)" = "$(sgr_of "nqueens - Race")" ]; then
	pass "the panels' names in the title's colour"
else
	fail "the panels' names in the title's colour" "$(sgr_of backtrack)"
fi

keys f
expect_screen "f: to the first solution, from the start" \
	"^nqueens - Race 8x8, to the first solution"
expect_screen "and says so" "Started again, to the first solution\."
expect_counter "from the start: no event yet" permute events 0
keys e
expect_chart "to the first: the chart's figures, trace's (backtrack tests 876 squares)" \
	8 backtrack permute --first
expect_screen "the verdict: the same first solution" \
	"^The 2 algorithms agree on the first solution: 1 5 8 6 3 7 2 4\.$"
want=$(board_expect browse 8 marks "a1 b5 c8 d6 e3 f7 g2 h4")
got=$(board_grids 8 | sed -n '4,11p')
if [ "$got" = "$want" ]; then
	pass "and backtrack's board holds it"
else
	fail "and backtrack's board holds it" "wanted:" "$want" "read:" "$got"
fi
keys r
expect_screen "r: back to the start" "^paused  in lockstep by events"
expect_counter "every counter at 0" backtrack tested 0
keys ?
expect_screen "? lists the race's keys" "one step: an event each"
if ! screen | grep -q "equal time"; then
	pass "and no longer equal time"
else
	fail "and no longer equal time" "$(screen)"
fi
keys q
wait_gone "one step: an event each" >/dev/null
keys q
wait_exit
if [ "$status" = 0 ]; then
	pass "q leaves"
else
	fail "q leaves" "status $status"
fi
modes_restored "and the terminal is as it was"

# The default four at 120x40: the end under the boards, kept.
start 120 40 NQUEENS_TEST_CLOCK=1 -- race 8
wait_for "^paused" >/dev/null
keys e
expect_screen "120x40: the winner, bits" "^bits wins with 10,191 events, the fewest\.$"
expect_chart "120x40: the chart's figures, trace's, for each" 8 backtrack scan permute bits
if [ "$(board_grids 8 | grep -c '^board ')" = 4 ] &&
	[ "$(board_grids 8 | sed -n '4,11p')" = "$(board_expect browse 8 marks "a8 b4 c1 d3 e6 f2 g7 h5")" ]; then
	pass "120x40: four whole boards kept, the last solution on them"
else
	fail "120x40: four whole boards kept, the last solution on them" "$(screen)"
fi
expect_screen "120x40: what it shows, from the counters" \
	"^bits tests 2,056 squares, 13% of the 15,720 of backtrack"
expect_screen "and what the time is" "^time: this program's stepping of each search"
# The bars: the longest as long as the others of its counter, bits' tested
# an eighth of backtrack's (2056 of 15720), every one scaled to its largest.
bars=$(screen | LC_ALL=C awk '/^[1-4](st|nd|rd|th) +[a-z]+ +[0-9]/ {
	n = split($0, c, "\342\226\210")
	print $2, n - 1 }')
tb=$(echo "$bars" | awk '$1 == "backtrack" {print $2}')
ts=$(echo "$bars" | awk '$1 == "scan" {print $2}')
tbits=$(echo "$bars" | awk '$1 == "bits" {print $2}')
if [ -n "$tb" ] && [ "$tb" = "$ts" ] && [ "$tbits" -lt "$tb" ]; then
	pass "120x40: the bars side by side, equal for equal work, bits' the shortest"
else
	fail "120x40: the bars side by side, equal for equal work, bits' the shortest" "$bars"
fi

# The default four at the smallest size: four whole boards, nothing cut.
start 60 20 NQUEENS_TEST_CLOCK=1 -- race 8
expect_screen "60x20: the four default algorithms side by side" \
	"^ *backtrack +scan +permute +bits *$"
for k in $(seq 10); do
	keys .
done
wait_for "events +10" >/dev/null
if [ "$(board_grids 8 | grep -c '^board ')" = 4 ] &&
	[ "$(screen | grep -Ec '^ *(tested|placed|solutions|events) .* (tested|placed|solutions|events) .* (tested|placed|solutions|events) .* (tested|placed|solutions|events) ')" = 4 ]; then
	pass "60x20: four whole boards, and four whole lines of counters under them"
else
	fail "60x20: four whole boards, and four whole lines of counters under them" "$(screen)"
fi
keys e
expect_screen "60x20: the winner at the end" "^bits wins with 10,191 events, the fewest\.$"
fields=3 expect_chart "60x20: the chart's figures, no room for the solutions" 8 bits backtrack
expect_screen "and the verdict, wrapped between words" \
	"^The 4 algorithms agree: 92 solutions, the same ones in the$"
resize 50 14
expect_screen "a window too small says so" "Terminal too small"
resize 200 60
expect_chart "200x60: the chart again" 8 scan bits
if [ "$(chart_row scan | awk '{print $(NF - 1), $NF}')" = "10.0 ms" ]; then
	pass "200x60: with the time"
else
	fail "200x60: with the time" "$(chart_row scan)"
fi

# The menu's entry, at the menu's size.
start 80 24 --
wait_for "Board size" >/dev/null
keys Left Left
menu_open Race
expect_screen "the menu's Race: the race at the menu's size" "^nqueens - Race 6x6"
expect_screen "of the four tree searches" "^ *backtrack +scan +permute +bits"

# A lesson's race: show: race, its speed and play.
printf 'title: races\n\nsay: Two searches side by side.\nshow: race 6 permute bits first\nspeed: 1000\nplay\n' \
	>"$tmpdir/race.txt"
start 80 24 -- lesson "$tmpdir/race.txt"
expect_screen "show: race opens the race in the lesson" "Race 6x6, to the first solution"
expect_screen "with its algorithms" "^ *permute +bits"
expect_screen "play runs it" "The 2 algorithms agree on the first solution: 2 4 6 1 3 5\."
finish
