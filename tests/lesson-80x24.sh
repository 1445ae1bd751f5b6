#!/bin/sh
# Every shipped lesson read at 80x24, with and without --big: each Watch
# step in its own listing and in C and Java (c on the step), each classes
# step of Browse.  What the step's words name must be on the screen, found
# from the lesson file and the listings alone: the lines of the listing the
# words quote ("for rank in range(n):"), by the file's own number and
# text; the class they name ("class 10"); the board whole, every file
# letter under it.  And the listing never breaks inside a token: no line
# above the lesson's panel holds an odd number of double quotes (Java's
# StringJoiner(" ") cut in two), and a continued line carries its marker.
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

data="${srcdir:-.}/data"
[ -n "${NQ_WRAP:-}" ] || patience=40

# steps FILE: one line a step, "K|SHOW|CODE|ASK|WORDS": the step's number,
# its show: line, its listing (code:, else the last said, else pseudocode),
# 1 when it asks, and its words joined, as the lesson's parser reads its
# paragraphs.
steps() {
	awk '
		function flush() {
			if (said) {
				k++
				if (code != "") last = code
				printf "%d|%s|%s|%d|%s\n", k, show, last, ask, words
			}
			said = 0; show = ""; code = ""; words = ""; ask = 0
		}
		BEGIN { last = "pseudocode" }
		/^#/ { next }
		/^[ \t]*$/ { flush(); next }
		/^say:/ { sub(/^say: ?/, ""); words = words (said ? " " : "") $0; said = 1; next }
		/^show:/ { sub(/^show: */, ""); show = $0; next }
		/^code:/ { sub(/^code: */, ""); code = $0; next }
		/^ask:/ { ask = 1; next }
		END { flush() }
	' "$1"
}

# quoted WORDS: each phrase the words quote, three characters at least, a line.
quoted() {
	printf '%s\n' "$1" | awk '{
		n = split($0, part, "\"")
		for (i = 2; i <= n; i += 2)
			if (i < n && length(part[i]) >= 3) print part[i]
	}'
}

# listing_file ALGO LANG: the listing Watch shows.
listing_file() {
	case $2 in
	python) echo "$data/code/$1.py" ;;
	c) echo "$data/code/$1.c" ;;
	java) echo "$data/code/$(printf '%s' "$1" | awk '{print toupper(substr($0,1,1)) substr($0,2)}').java" ;;
	*) echo "$data/pseudocode/$1.txt" ;;
	esac
}

# title_of LANG: the listing's title on the screen.
title_of() {
	case $1 in
	python) echo "Python: " ;;
	c) echo "C: " ;;
	java) echo "Java: " ;;
	*) echo "Pseudocode: " ;;
	esac
}

# next_lang LANG: the listing c goes to from LANG.
next_lang() {
	case $1 in
	pseudocode) echo python ;;
	python) echo c ;;
	c) echo java ;;
	*) echo pseudocode ;;
	esac
}

# top: the screen above the lesson's panel (its rule names the step).
top() {
	screen | awk '/ - step [0-9]+ of [0-9]+/ { exit } { print }'
}

# trace_lines N ALGO LANG: "EVENT LINE" a line, the line of the listing in
# LANG that each event of `nqueens trace N --code LANG` lights.
trace_lines() {
	nq trace "$1" --algorithm "$2" --code "$3" |
		awk '/^[^ ]/ { k++ } /^  [0-9]+: / { sub(/:.*/, ""); print k, $1 + 0 }'
}

# named_lines WORDS N ALGO LANG: the numbers of the lines of the listing in
# LANG that the words name: those that hold a phrase they quote, and, in a
# program, those that the events lighting a quoted line of any language's
# program light in it (the trace pairs them, event by event).
named_lines() {
	quoted "$1" >"$tmpdir/phrases"
	[ -s "$tmpdir/phrases" ] || return 0
	grep -nF -f "$tmpdir/phrases" "$(listing_file "$3" "$4")" | cut -d: -f1
	[ "$4" = pseudocode ] && return 0
	trace_lines "$2" "$3" "$4" >"$tmpdir/to"
	for p in python c java; do
		grep -nF -f "$tmpdir/phrases" "$(listing_file "$3" "$p")" | cut -d: -f1 >"$tmpdir/quoted"
		[ -s "$tmpdir/quoted" ] || continue
		trace_lines "$2" "$3" "$p" >"$tmpdir/from"
		awk 'FILENAME == ARGV[1] { q[$1] = 1; next }
			FILENAME == ARGV[2] { if ($2 in q) ev[$1] = 1; next }
			$1 in ev { print $2 }' "$tmpdir/quoted" "$tmpdir/from" "$tmpdir/to"
	done
}

# check_named DESC WORDS ALGO LANG N: each line of the listing that the
# words name (named_lines) is on the screen, by its number in the file and
# its first word (the pseudocode by its text, which has no numbers).
# It polls, as the expect_ helpers do: the title a wait saw may be drawn
# before the listing under it on a loaded machine.
check_named() {
	file=$(listing_file "$3" "$4")
	named_lines "$2" "$5" "$3" "$4" | sort -un >"$tmpdir/nums"
	if within named_shown "$file" "$4"; then
		pass "$1: the lines the words quote are on the screen"
	else
		fail "$1: the lines the words quote are on the screen" "$(cat "$tmpdir/named")" \
			"$(top)"
	fi
}

# named_shown FILE LANG: whether every line of $tmpdir/nums is on the
# screen; what is not goes to $tmpdir/named.
named_shown() {
	shown=$(top)
	while IFS= read -r num; do
		hit=$(sed -n "${num}p" "$1")
		phrase="line $num"
		{
			text=$hit
			first=$(printf '%s\n' "$text" | awk '{ match($0, /^ */); s = substr($0, 1, RLENGTH); print s $1 }')
			if [ "$2" = pseudocode ]; then
				want=$(printf '%s\n' "$text" | sed 's/^ *//' | cut -c1-24)
			else
				want="$num $first"
			fi
			if ! printf '%s\n' "$shown" | grep -qF -- "$want"; then
				echo "$phrase: '$want' not on the screen"
			fi
		}
	done <"$tmpdir/nums" >"$tmpdir/named"
	[ ! -s "$tmpdir/named" ]
}

# check_tokens DESC TITLE: no line above the panel cuts a string literal
# (one cut at the column's edge ends with its mark), and the listing under
# TITLE starts with a line's start.
check_tokens() {
	bad=$(top | awk '{ n = gsub(/"/, "\""); if (n % 2 && $0 !~ /(…|~) *$/) print }')
	# The listing's first line under its title is a line's start, never
	# the tail of one broken in two.
	bad=$bad$(top | awk -v t="$2" '
		i > 0 { s = substr($0, i); sub(/^ +/, "", s); if (s ~ /^↪/) print "the listing starts with a tail: " $0; exit }
		(i = index($0, t)) > 0 { next }')
	if [ -z "$bad" ]; then
		pass "$1: no string literal broken"
	else
		fail "$1: no string literal broken" "$bad"
	fi
}

# check_board DESC N: the board whole: its file letters under it.
check_board() {
	letters=$(printf 'a b c d e f g h i j k l m n o p q r s t' | cut -c1-$((2 * $2 - 1)) |
		sed 's/ / +/g')
	if top | grep -Eq -- "$letters"; then
		pass "$1: the board whole, files a to its last"
	else
		fail "$1: the board whole, files a to its last" "$(top)"
	fi
}

# check_cells DESC N: a question is answered on a board of two lines a
# rank at least: rank N's label and rank N-1's are two lines apart.
check_cells() {
	gap=$(top | awk -v a="$2" -v b="$(($2 - 1))" '
		$1 == a && ya == "" { ya = NR }
		$1 == b && yb == "" { yb = NR }
		END { print yb - ya }')
	if [ "$gap" -ge 2 ] 2>/dev/null; then
		pass "$1: the question's board has two lines a rank"
	else
		fail "$1: the question's board has two lines a rank" "$(top)"
	fi
}

# check_sequences DESC WORDS: each sequence of ranks the words give (three
# numbers or more, "1 5 8 6 3 7 2 4") on one line of the lesson's panel.
check_sequences() {
	printf '%s\n' "$2" | grep -Eo '([0-9]+ ){2,}[0-9]+' | while IFS= read -r seq; do
		screen | awk '/ - step [0-9]+ of [0-9]+/ { on = 1 } on' | grep -qF -- "$seq" ||
			echo "'$seq' broken"
	done >"$tmpdir/seq"
	if [ -s "$tmpdir/seq" ]; then
		fail "$1: the sequences of ranks unbroken" "$(cat "$tmpdir/seq")" "$(screen)"
	else
		pass "$1: the sequences of ranks unbroken"
	fi
}

for lesson in "$data"/lessons/*.txt; do
	name=$(basename "$lesson" .txt)
	steps "$lesson" >"$tmpdir/steps"
	while IFS='|' read -r k show code ask words; do
		if printf '%s\n' "$words" | grep -Eq '([0-9]+ ){2,}[0-9]+'; then
			start 80 24 -- lesson "$name" --step "$k"
			if wait_for " - step $k of "; then
				check_sequences "$name step $k at 80x24" "$words"
			else
				fail "$name step $k: opens" "$(screen)"
			fi
		fi
		set -- $show
		case $1 in
		watch)
			n=${2:-8}
			algo=backtrack
			for a in scan permute bits; do
				case " $show " in *" $a "*) algo=$a ;; esac
			done
			for big in "" --big; do
				start 80 24 -- lesson "$name" --step "$k" $big
				if ! wait_for " - step $k of "; then
					fail "$name step $k$big: opens" "$(screen)"
					continue
				fi
				# The step's own listing, then c (pseudocode, Python, C,
				# Java, round) to C and to Java.
				case $code in
				java) langs="java" ;;
				c) langs="c java" ;;
				*) langs="$code c java" ;;
				esac
				at=$code
				asking=$ask
				[ "$ask" = 1 ] && check_cells "$name step $k$big" "$n"
				for lang in $langs; do
					# A question takes the keys: skipped (Escape) first.
					if [ "$asking" = 1 ] && [ "$at" != "$lang" ]; then
						keys Escape
						wait_for "Skipped\." || fail "$name step $k$big: Escape skips" "$(screen)"
						asking=0
					fi
					while [ "$at" != "$lang" ]; do
						keys c
						at=$(next_lang "$at")
						wait_for "$(title_of "$at")" || break
					done
					if ! wait_for "$(title_of "$lang")"; then
						fail "$name step $k$big $lang: c shows it" "$(screen)"
						continue
					fi
					desc="$name step $k$big in $lang at 80x24"
					check_named "$desc" "$words" "$algo" "$lang" "$n"
					check_tokens "$desc" "$(title_of "$lang")"
					check_board "$desc" "$n"
				done
			done
			;;
		browse)
			class=$(printf '%s\n' "$words" | grep -Eo '[Cc]lass [0-9]+' | head -1 | sed 's/.* //')
			[ -n "$class" ] || continue
			for big in "" --big; do
				start 80 24 -- lesson "$name" --step "$k" $big
				if wait_for "class $class, [0-9]+ members|class $class of"; then
					pass "$name step $k$big: class $class, which the words name, on the screen"
				else
					fail "$name step $k$big: class $class, which the words name, on the screen" "$(screen)"
				fi
			done
			;;
		esac
	done <"$tmpdir/steps"
done
stop_program
finish
