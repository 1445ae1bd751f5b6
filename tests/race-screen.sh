#!/bin/sh
# The race screen, driven in tmux: the panels side by side, their boards
# square by square and their counters against trace, the pacing, first or
# all, the table and the verdict at the end with their colours, the sizes
# from 60x20 up, the help, the menu's entry and a lesson's race.
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

start 80 24 NQUEENS_TEST_CLOCK=1 -- race 8 backtrack bits
expect_screen "race N ALG... opens the screen, titled by its board and goal" \
	"^nqueens - Race 8x8, to every solution"
expect_screen "the panels side by side, each named by its algorithm" \
	"^ *backtrack +bits *$"
expect_screen "paused, in lockstep by events" "^paused  by events  200 events/s"
expect_counter "each panel counts: tested, placed, solutions, events, time" bits \
	time 0.00
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
set -- $(expected bits 38 | sed -n 2p)
want=$(board_expect watch 8 marks "$(expected bits 38 | sed -n 1p)" "$@")
got=$(board_grids 8 | sed -n '15,22p')
if [ "$got" = "$want" ]; then
	pass "and bits's board its own 38th event"
else
	fail "and bits's board its own 38th event" "wanted:" "$want" "read:" "$got"
fi
ok=yes
for a in backtrack bits; do
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
if [ "$(counter_of backtrack time)" = "0.04" ]; then
	pass "the time: a microsecond an event on the tests' clock"
else
	fail "the time: a microsecond an event on the tests' clock" "$(panel_lines backtrack)"
fi

keys p
expect_screen "p: by equal time, the speed as time a second" \
	"^paused  by equal time  4 .s/s  Now by equal time\."
keys + +
expect_screen "+ twice: faster" "^paused  by equal time  20 .s/s"
keys p -
expect_screen "p again: by events; - slower" "^paused  by events  500 events/s"
keys Space
expect_screen "Space runs the race" "^running  by events"
keys Space
expect_screen "Space again pauses it" "^paused  by events"

keys e
expect_screen "e runs every algorithm to its end: the table" \
	"^place  algorithm  tested  placed  events  solutions +time$"
expect_screen "backtrack: 15720 tested, 2056 placed, 92 solutions, second" \
	"^2nd +backtrack +15720 +2056 +37519 +92 +37\.5 ms$"
expect_screen "bits: 2056 picks tested, 2056 placed, 92 solutions, first" \
	"^1st +bits +2056 +2056 +10191 +92 +10\.2 ms$"
expect_screen "the verdict: the counts agree" \
	"^The 2 algorithms agree: 92 solutions, the same ones in the same order\.$"
expect_screen "the panels say the places" "^ *backtrack 2nd +bits 1st"
good=$(sgr_of "The 2 algorithms agree")
if [ -n "$good" ] && [ "$(sgr_of "1st")" = "$good" ] &&
	[ "$(sgr_of "2nd")" != "$good" ] && [ "$(sgr_of "2nd    backtrack")" != "$good" ]; then
	pass "the verdict and the winner's 1st in the colour of good news, the rest not"
else
	fail "the verdict and the winner's 1st in the colour of good news, the rest not" \
		"verdict: $good, 1st: $(sgr_of "1st"), row: $(sgr_of "2nd    backtrack")"
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
expect_counter "from the start: no event yet" bits events 0
keys e
expect_screen "to the first: backtrack tests 876 squares" "^2nd +backtrack +876 +113 +2077 +1 "
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
expect_screen "r: back to the start" "^paused  by events"
expect_counter "every counter at 0" backtrack tested 0
keys ?
expect_screen "? lists the race's keys" "pacing: in lockstep by events, or by equal time"
keys q
wait_gone "pacing: in lockstep" >/dev/null
keys q
wait_exit
if [ "$status" = 0 ]; then
	pass "q leaves"
else
	fail "q leaves" "status $status"
fi
modes_restored "and the terminal is as it was"

# The default four at the smallest size: four whole boards, nothing cut.
start 60 20 NQUEENS_TEST_CLOCK=1 -- race 8
expect_screen "60x20: the four default algorithms side by side" \
	"^ *backtrack +scan +permute +bits *$"
for k in $(seq 10); do
	keys .
done
wait_for "events +10" >/dev/null
if [ "$(board_grids 8 | grep -c '^board ')" = 4 ] &&
	[ "$(screen | grep -Ec '^ *(tested|placed|solutions|events|time) .* (tested|placed|solutions|events|time) .* (tested|placed|solutions|events|time) .* (tested|placed|solutions|events|time) ')" = 5 ]; then
	pass "60x20: four whole boards, and five whole lines of counters under them"
else
	fail "60x20: four whole boards, and five whole lines of counters under them" "$(screen)"
fi
keys e
expect_screen "60x20: the table at the end" "^1st +bits +2056 +2056 +10191 +92 +10\.2 ms$"
expect_screen "and the verdict, wrapped between words" \
	"^The 4 algorithms agree: 92 solutions, the same ones in the$"
resize 50 14
expect_screen "a window too small says so" "Terminal too small"
resize 200 60
expect_screen "200x60: the table again" "^2nd +scan +15720 +2056 +37519 +92 +37\.5 ms$"

# The menu's entry, at the menu's size.
start 80 24 --
wait_for "Board size" >/dev/null
keys Left Left Down Down Down Down Down Enter
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
