#!/bin/sh
# The manual as a reader sees it: groff renders it without a warning, and no
# flag's value is set as a flag (".Fl \-threads 2" reads "--threads -2"):
# after Fl, every word is a flag (\-long, or one letter), punctuation, or a
# macro that ends the flags.
. "${srcdir:-.}/tests/lib.sh"

page="${srcdir:-.}/man/nqueens.6"
if ! command -v groff >/dev/null 2>&1; then
	echo "# groff not found: the rendering half is skipped"
else
	for dev in utf8 ascii; do
		if groff -mandoc -T$dev -ww "$page" 2>"$tmpdir/warn" >"$tmpdir/out.$dev" &&
			[ ! -s "$tmpdir/warn" ]; then
			pass "groff -T$dev renders the page without a warning"
		else
			fail "groff -T$dev renders the page without a warning" "$(head -5 "$tmpdir/warn")"
		fi
	done
	# A value rendered as a flag: "--name -3".
	sed 's/.\x08//g' "$tmpdir/out.ascii" | grep -nE -- '--[a-z][a-z-]* -[0-9]' >"$tmpdir/bad"
	if [ ! -s "$tmpdir/bad" ]; then
		pass "no flag is followed by a number drawn as a flag"
	else
		fail "no flag is followed by a number drawn as a flag" "$(cat "$tmpdir/bad")"
	fi
fi

# The source: the words after each Fl up to the next macro.
awk '
	BEGIN {
		n = split("Ar Cm Fl Ns Op Oo Oc Pq Ql Qq Sq Dq Li Sy Em Ev Pa Nm Ic Va " \
		          "Xr Sx No Ta Pf Po Pc Ap Dv Er Fa Fn Xo Xc Aq Bq Brq", m, " ")
		for (i = 1; i <= n; i++)
			macro[m[i]] = 1
	}
	/^\./ {
		sub(/^\./, "")
		in_fl = 0
		for (i = 1; i <= NF; i++) {
			if ($i == "Fl") {
				in_fl = 1
				continue
			}
			if ($i in macro) {
				in_fl = 0
				continue
			}
			if (in_fl && $i !~ /^\\-/ && $i !~ /^[A-Za-z]$/ && $i !~ /^[.,:;()|[\]]$/)
				printf "line %d: %s (\"%s\" after Fl)\n", NR, $0, $i
		}
	}' "$page" >"$tmpdir/fl"
if [ ! -s "$tmpdir/fl" ]; then
	pass "every word after Fl in the source is a flag"
else
	fail "every word after Fl in the source is a flag" "$(cat "$tmpdir/fl")"
fi
finish
