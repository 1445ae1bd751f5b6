#!/bin/sh
# Readability, measured: every glyph of every screen, in every theme and with
# 256, 16 and 8 colours, on the theme's background and on the terminal's,
# and in monochrome, reads at a contrast ratio of 3 or more against its
# background (WCAG 2's ratio of relative luminances, (L1 + 0.05) / (L2 +
# 0.05); https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
#
# The colours are read from tmux capture-pane -e and turned into RGB by
# tests/xterm-colours.txt (xterm's defaults), the table test_theme reads.
# A colour left to the terminal ("default") counts as black and as white
# alike, so that text in it on a colour must read on both, and one on the
# terminal's background must read on both; the terminal's own pair (default
# on default) is its choice and reads.  Bold with a colour of 0..7 may
# show as 8..15 (xterm's boldColors): both must read.  Faint (dim) is drawn halfway between the
# text and its background, as xterm does.  Reverse swaps the two.
#
# Every screen of one palette runs at once in one tmux server, one window
# each; the minimum of each theme is printed as a comment.
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

sock="nq-test-$$-contrast"
data=${srcdir:-.}/data

# The screens: a name, the keys that bring it, a pattern it then shows, and
# the program's arguments, between @.  Keys go once the screen shows its help key.
screens() {
	solved=$(solution_keys 1 5 8 6 3 7 2 4)
	cat <<EOF
menu@@Board size@
play-queens@Space Right Down Down Space Down Down@Queens: 2@play 8
play-conflict@Space Right Down Space@Conflicts: 1@play 8
play-hint@Space t@Hint@play 8
play-solved@$solved@class 1 of 12@play 8
play-given-up@s@Given up@play 8
puzzle@@Puzzle@play --puzzle $data/puzzles/08-easy-01.txt
watch@n@solution 1@watch 8
watch-reject@Right Right Right Right Right Right@Last: reject@watch 8
predict@Right Right@Your answer|Answer y@watch 8 --quiz
browse@@@browse 8
browse-gallery@v@gallery@browse 8
browse-classes@Tab@classes@browse 8
browse-members@Tab Enter@class 1 of 12@browse 8
lesson@Space@step 2 of@lesson four-queens
help@?@Play: keys@play 8
stats@Up Up Enter@Found in Play@
replay@e@They part at event@watch 6 --replay $tmpdir/student.txt
regions@Space Right Right Space@conflicts: 2@play --regions 8 --seed 7
regions-hint@t@t again@play --regions 8 --seed 7
watch-regions@Right Right Right Right Right@deduction 5 of@watch --regions 8 --seed 7 --grade hard
watch-regions-search@Tab Right Right Right@Search: step 3 of@watch --regions 8 --seed 7 --grade hard
EOF
}

# A student's events for watch --replay: data/code/'s events listing with
# the diagonal test removed, stopped at the divergence.
sed 's/ or up_used\[up\] or down_used\[down\]//' "$data/code/backtrack_events.py" |
	python3 - 6 >"$tmpdir/student.txt"

# The palettes: a label, the pane's TERM, the background setting, and
# whether NO_COLOR is set.
palettes() {
	cat <<EOF
256 tmux-256color theme
256-terminal tmux-256color terminal
16 xterm-16color theme
16-terminal xterm-16color terminal
8 xterm theme
8-terminal xterm terminal
EOF
}

themes="calm wood night contrast"

# The pane of window W with its colours, or nothing when it has gone.
pane() {
	tm capture-pane -p -e -N -t "nq:$1" 2>/dev/null
}

# run LABEL TERM BACKGROUND NOCOLOR THEMES: each screen in each theme in a
# window of its own, 120x40, in a tmux server of its own; their panes, once
# still, go to $tmpdir/LABEL/.
run() {
	label=$1 term=$2 bg=$3 nocolor=$4 list=$5
	out="$tmpdir/$label"
	sock="nq-test-$$-contrast-$label"
	mkdir -p "$out" "$tmpdir/conf-$label/nqueens"
	printf 'background = %s\n' "$bg" >"$tmpdir/conf-$label/nqueens/config"
	# Days solved and solutions found, so the Stats and Browse's marks show their colours.
	mkdir -p "$XDG_DATA_HOME/nqueens"
	cp "${srcdir:-.}/tests/stats-progress.txt" "$XDG_DATA_HOME/nqueens/progress"
	if ! tm new-session -d -s nq -x 120 -y 40 -n idle "sleep 600"; then
		echo "Bail out! tmux could not start a session"
		exit 1
	fi
	tm set-option -g status off >/dev/null
	: >"$out/windows"
	for theme in $list; do
		screens >"$tmpdir/screens"
		while IFS='@' read -r name ks want args; do
			w="$theme-$name"
			# A regions game left is kept: each of its windows has progress of its own.
			own=""
			case $name in regions*) own="XDG_DATA_HOME='$tmpdir/data-$label-$w'" ;; esac
			tm new-window -d -t nq -n "$w" \
				"env TERM=$term LANG=C.UTF-8 NQUEENS_TEST_CLOCK=1 NQUEENS_TEST_DATE=2026-11-29 ${nocolor:+NO_COLOR=1} XDG_CONFIG_HOME='$tmpdir/conf-$label' $own '$NQUEENS' $args --theme $theme; sleep 600"
			printf '%s@%s@%s\n' "$w" "$ks" "$want" >>"$out/windows"
		done <"$tmpdir/screens"
	done
	# Keys once each screen is up (they all start at once).
	while IFS='@' read -r w ks want; do
		poll_begin
		while ! pane "$w" | grep -q '? help'; do
			poll_again || break
		done
		for k in $ks; do
			tm send-keys -t "nq:$w" "$k"
		done
	done <"$out/windows"
	# Then, round by round, each pane that shows its pattern and has not
	# changed since the round before is taken.
	round=0
	while [ $round -lt $patience ]; do
		left=0
		while IFS='@' read -r w ks want; do
			[ -e "$out/$w.txt" ] && continue
			now=$(pane "$w")
			if [ -n "$now" ] && [ -e "$out/$w.prev" ] &&
				[ "$now" = "$(cat "$out/$w.prev")" ] &&
				printf '%s\n' "$now" | sed 's/\x1b\[[0-9;]*m//g' | grep -Eq -- "$want"; then
				printf '%s\n' "$now" >"$out/$w.txt"
				continue
			fi
			printf '%s\n' "$now" >"$out/$w.prev"
			left=$((left + 1))
		done <"$out/windows"
		[ $left -eq 0 ] && break
		sleep 0.1
		round=$((round + 1))
	done
	while IFS='@' read -r w ks want; do
		[ -e "$out/$w.txt" ] ||
			fail "$label $w shows '$want'" "$(sed 's/\x1b\[[0-9;]*m//g' "$out/$w.prev")"
	done <"$out/windows"
	tm kill-server 2>/dev/null
}

# measure FILE...: each glyph's contrast, from the panes' escapes; prints
# "theme min" for each theme, and each glyph under 3 as a line
# "FAIL window row col glyph ratio fg bg attributes".
measure() {
	LC_ALL=C awk -v colours="${srcdir:-.}/tests/xterm-colours.txt" '
	function lin(v) {
		v /= 255
		return v <= 0.04045 ? v / 12.92 : exp(2.4 * log((v + 0.055) / 1.055))
	}
	function lum(rgb, p) {
		split(rgb, p, ",")
		return 0.2126 * lin(p[1]) + 0.7152 * lin(p[2]) + 0.0722 * lin(p[3])
	}
	function ratio(a, b, la, lb, t) {
		la = lum(a)
		lb = lum(b)
		if (la < lb) {
			t = la
			la = lb
			lb = t
		}
		return (la + 0.05) / (lb + 0.05)
	}
	# The RGB of xterm colour i.
	function xterm(i, lv, r, g, b, v) {
		if (i < 16)
			return x16[i]
		if (i < 232) {
			i -= 16
			r = int(i / 36)
			g = int(i / 6) % 6
			b = i % 6
			return lvl[r] "," lvl[g] "," lvl[b]
		}
		v = 8 + 10 * (i - 232)
		return v "," v "," v
	}
	function mix(a, b, p, q) {
		split(a, p, ",")
		split(b, q, ",")
		return int((p[1] + q[1]) / 2) "," int((p[2] + q[2]) / 2) "," \
		       int((p[3] + q[3]) / 2)
	}
	function sgr(code, k, j, v, p) {
		k = split(code, p, ";")
		if (k == 0)
			reset()
		for (j = 1; j <= k; j++) {
			v = p[j] + 0
			if (v == 0)
				reset()
			else if (v == 38 || v == 48) {
				if (p[j + 1] == 5) {
					c = "i" p[j + 2]
					j += 2
				} else {
					c = "r" p[j + 2] "," p[j + 3] "," p[j + 4]
					j += 4
				}
				if (v == 38)
					fg = c
				else
					bg = c
			} else if (v >= 30 && v <= 37)
				fg = "i" (v - 30)
			else if (v >= 90 && v <= 97)
				fg = "i" (v - 90 + 8)
			else if (v == 39)
				fg = "d"
			else if (v >= 40 && v <= 47)
				bg = "i" (v - 40)
			else if (v >= 100 && v <= 107)
				bg = "i" (v - 100 + 8)
			else if (v == 49)
				bg = "d"
			else if (v == 22)
				bold = dim = 0
			else if (v == 27)
				rev = 0
			else if (v == 1)
				bold = 1
			else if (v == 2)
				dim = 1
			else if (v == 7)
				rev = 1
		}
	}
	function reset() {
		fg = bg = "d"
		bold = dim = rev = 0
	}
	# The colours a colour may show as, space-separated.
	function shows(c, bolded, i) {
		if (c == "d")
			return "0,0,0 255,255,255"
		if (c ~ /^r/)
			return substr(c, 2)
		i = substr(c, 2) + 0
		if (bolded && i < 8)
			return xterm(i) " " xterm(i + 8)
		return xterm(i)
	}
	# The lowest contrast the cell may show at.
	function cell(k, f, b, nf, nb, fs, bs, i, j, sw, lo, r, a) {
		key = fg "/" bg "/" bold dim rev
		if (key in memo)
			return memo[key]
		if (fg == "d" && bg == "d") {
			# The terminal pair: white on black or black on white.
			nf = split("255,255,255 0,0,0", fs, " ")
			split("0,0,0 255,255,255", bs, " ")
			lo = 99
			for (i = 1; i <= nf; i++) {
				a = dim ? mix(fs[i], bs[i]) : fs[i]
				r = ratio(a, bs[i])
				if (r < lo)
					lo = r
			}
			return memo[key] = lo
		}
		nf = split(shows(fg, bold), fs, " ")
		nb = split(shows(bg, 0), bs, " ")
		if (rev) {
			for (i = 1; i <= nf; i++)
				sw[i] = fs[i]
			delete fs
			for (i = 1; i <= nb; i++)
				fs[i] = bs[i]
			delete bs
			for (i = 1; i <= nf; i++)
				bs[i] = sw[i]
			i = nf
			nf = nb
			nb = i
		}
		lo = 99
		for (i = 1; i <= nf; i++)
			for (j = 1; j <= nb; j++) {
				a = dim ? mix(fs[i], bs[j]) : fs[i]
				r = ratio(a, bs[j])
				if (r < lo)
					lo = r
			}
		return memo[key] = lo
	}
	BEGIN {
		# The table test_theme reads too.
		k = 0
		while ((getline l < colours) > 0) {
			if (l ~ /^#/ || l == "")
				continue
			split(l, words, " ")
			if (words[1] == "levels")
				for (i = 0; i < 6; i++)
					lvl[i] = words[i + 2]
			else
				x16[k++] = words[1] "," words[2] "," words[3]
		}
	}
	FNR == 1 {
		reset()
		win = FILENAME
		sub(/.*\//, "", win)
		sub(/\.txt$/, "", win)
		theme = win
		sub(/-.*/, "", theme)
		if (!(theme in low))
			low[theme] = 99
	}
	{
		line = $0
		col = 0
		while (line != "") {
			if (match(line, /^\033\[[0-9;]*m/)) {
				sgr(substr(line, 3, RLENGTH - 3))
				line = substr(line, RLENGTH + 1)
				continue
			}
			# A control character (the shifts into line drawing) is no
			# glyph; a UTF-8 character is its lead byte and those after.
			ch = substr(line, 1, 1)
			if (ch < " ") {
				line = substr(line, 2)
				continue
			}
			n = 1
			if (ch >= "\300")
				while ((c2 = substr(line, n + 1, 1)) >= "\200" && c2 < "\300")
					n++
			ch = substr(line, 1, n)
			line = substr(line, n + 1)
			col++
			if (ch == " " || ch == "\342\240\200")
				continue
			r = cell()
			if (r < low[theme]) {
				low[theme] = r
				where[theme] = win " " FNR ":" col " " ch
			}
			if (r < 3)
				printf "FAIL %s %d %d %s %.2f fg=%s bg=%s%s%s%s\n", win, FNR, col,
				       ch, r, fg, bg, bold ? " bold" : "", dim ? " dim" : "",
				       rev ? " reverse" : ""
		}
	}
	END {
		for (t in low)
			printf "%s %.2f %s\n", t, low[t], where[t]
	}' "$@"
}

# The table the measure reads: 16 colours and the cube's levels.
if [ "$(grep -cv '^#' "${srcdir:-.}/tests/xterm-colours.txt" 2>/dev/null)" != 17 ]; then
	echo "Bail out! tests/xterm-colours.txt does not hold 16 colours and the levels"
	exit 1
fi

have16=yes
infocmp xterm-16color >/dev/null 2>&1 || have16=""

palettes >"$tmpdir/palettes"
while read -r label term bg; do
	if [ "$term" = xterm-16color ] && [ -z "$have16" ]; then
		echo "# $label: no terminfo entry for xterm-16color (ncurses-term): skipped"
		continue
	fi
	run "$label" "$term" "$bg" "" "$themes"
done <"$tmpdir/palettes"
run mono tmux-256color theme yes calm

for label in $(palettes | cut -d' ' -f1) mono; do
	[ -d "$tmpdir/$label" ] || continue
	ls "$tmpdir/$label"/*.txt >/dev/null 2>&1 || continue
	measure "$tmpdir/$label"/*.txt >"$tmpdir/$label.out"
	grep -av '^FAIL' "$tmpdir/$label.out" | sort | while read -r theme low where; do
		echo "# $label $theme: lowest contrast $low ($where)"
	done
	for theme in $themes; do
		[ "$label" = mono ] && [ "$theme" != calm ] && continue
		if grep -aq "^FAIL $theme-" "$tmpdir/$label.out"; then
			fail "$label colours, $theme: every glyph at 3:1 or more" \
				"$(grep -a "^FAIL $theme-" "$tmpdir/$label.out" | head -20)" \
				"($(grep -ac "^FAIL $theme-" "$tmpdir/$label.out") glyphs)"
		else
			pass "$label colours, $theme: every glyph at 3:1 or more"
		fi
	done
done
finish
