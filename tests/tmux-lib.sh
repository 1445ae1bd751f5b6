# Helpers of the terminal tests: the real binary in a private tmux server.
# Needs tests/lib.sh first and TMUX_PROG; skips (exit 77) without tmux.

if [ -z "${TMUX_PROG:-}" ]; then
	echo "# tmux not found: terminal tests skipped"
	exit 77
fi
unset TMUX
sock="nq-test-$$-0"
starts=0
# The first check that failed at this size (see fail in tests/lib.sh): set
# by start and resize.
size_failed=""
export XDG_DATA_HOME="$tmpdir/data"
# The config file of the tests' own, never the user's.
export XDG_CONFIG_HOME="$tmpdir/config"
trap 'stop_program; tm kill-server 2>/dev/null; rm -rf "$tmpdir"' EXIT

# SHELL is set because a server that starts without it runs its panes in the
# user's login shell, and a user such as nobody has /usr/sbin/nologin.
tm() {
	SHELL=/bin/sh "$TMUX_PROG" -L "$sock" -f /dev/null "$@"
}

# Ends a program a test left running, so that none outlives its test: TERM
# first, as a user would, then KILL.
stop_program() {
	[ -s "$tmpdir/pid" ] || return 0
	p=$(cat "$tmpdir/pid")
	kill -0 "$p" 2>/dev/null || return 0
	kill -TERM "$p" 2>/dev/null
	i=0
	while kill -0 "$p" 2>/dev/null && [ $i -lt 20 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -KILL "$p" 2>/dev/null
	return 0
}

# start W H ENV... -- ARGS...: runs nqueens ARGS in a W×H pane with ENV set,
# in $start_dir if set (else $tmpdir), after the shell command $start_pre if
# set (a ulimit); when it ends, its exit status and the terminal's modes
# (stty -a) are written to $tmpdir/exit.
start() {
	w=$1 h=$2
	shift 2
	envs="TERM=tmux-256color LANG=C.UTF-8"
	while [ "$1" != "--" ]; do
		envs="$envs $1"
		shift
	done
	shift
	stop_program
	size_failed=""
	rm -f "$tmpdir/exit"
	# A server of its own each time: a dying one must not take the next.
	tm kill-server 2>/dev/null
	starts=$((starts + 1))
	sock="nq-test-$$-$starts"
	printf '#!/bin/sh\necho $$ >"%s/pid"\n%s\nexec "$@"\n' "$tmpdir" "${start_pre:-}" >"$tmpdir/run.sh"
	rm -f "$tmpdir/pid"
	tm new-session -d -c "${start_dir:-$tmpdir}" -x "$w" -y "$h" \
		"env $envs NQ_VALGRIND_LOG='$tmpdir/valgrind.$starts' sh '$tmpdir/run.sh' ${NQ_WRAP:+'$NQ_WRAP'} '$NQUEENS' $*; echo \$? >'$tmpdir/exit'; stty -a >>'$tmpdir/exit'; sleep 600"
	# Without a server every test after this one would wait its whole
	# patience for a screen that cannot come: stop at once and say why.
	if ! tm set-option -g status off >/dev/null; then
		echo "Bail out! tmux could not start a session for: nqueens $*"
		exit 1
	fi
	tm resize-window -x "$w" -y "$h" 2>/dev/null
}

# resize W H: the window made W×H, a new size: its checks wait again after
# a failure at the last.
resize() {
	size_failed=""
	tm resize-window -x "$1" -y "$2"
}

# The process id of the program in the pane.
pid_of_program() {
	cat "$tmpdir/pid"
}

screen() {
	tm capture-pane -p
}

# The pane holds its shell after the program ends, so a server that has gone
# is a fault of the test's machine: every wait after it would time out.
server_gone() {
	echo "Bail out! the tmux server has gone (socket $sock)"
	exit 1
}

# How many tenths of a second to wait for the screen, on the clock (see
# poll_begin): more under valgrind.  Only a failing check waits it out, and
# then once a size.
patience=150
[ -n "${NQ_WRAP:-}" ] && patience=400

# within CMD...: runs CMD every tenth of a second until it succeeds; fails
# when the patience runs out first.  The expect_ helpers poll through it.
within() {
	poll_begin
	until "$@"; do
		poll_again || return 1
	done
}

# is TEXT CMD...: whether CMD prints TEXT (its output's last newline aside).
is() {
	is_want=$1
	shift
	[ "$("$@")" = "$is_want" ]
}

# wait_for PATTERN: polls the pane until a line matches.
wait_for() {
	poll_begin
	while :; do
		if ! shown=$(screen); then
			server_gone
		fi
		if printf '%s\n' "$shown" | grep -Eq -- "$1"; then
			return 0
		fi
		poll_again || return 1
	done
}

# wait_gone PATTERN: polls until no line matches.
wait_gone() {
	poll_begin
	while :; do
		if ! shown=$(screen); then
			server_gone
		fi
		if ! printf '%s\n' "$shown" | grep -Eq -- "$1"; then
			return 0
		fi
		poll_again || return 1
	done
}

# wait_exit: polls until the program has ended; its status in $status.
wait_exit() {
	poll_begin
	while :; do
		if [ -s "$tmpdir/exit" ] && [ "$(wc -l <"$tmpdir/exit")" -gt 1 ]; then
			status=$(head -1 "$tmpdir/exit")
			return 0
		fi
		poll_again || break
	done
	status=timeout
	return 1
}

keys() {
	tm send-keys "$@"
}

# The keys that place a queen on each file at the ranks given, from the
# cursor's start (file a, the top rank), as place_solution does.
solution_keys() {
	rank=$#
	sep=""
	for r in "$@"; do
		printf '%s' "$sep"
		sep=" Right "
		while [ "$rank" -gt "$r" ]; do
			printf 'Down '
			rank=$((rank - 1))
		done
		while [ "$rank" -lt "$r" ]; do
			printf 'Up '
			rank=$((rank + 1))
		done
		printf 'Space'
	done
}

# place_solution RANKS...: from the cursor's start (file a, the top rank)
# places a queen on each file at the given rank with the arrow keys and Space;
# no key follows the last Space, so what it brings stays on the screen.
place_solution() {
	rank=$#
	placed=0
	for r in "$@"; do
		[ $placed -eq 0 ] || keys Right
		placed=$((placed + 1))
		while [ "$rank" -gt "$r" ]; do
			keys Down
			rank=$((rank - 1))
		done
		while [ "$rank" -lt "$r" ]; do
			keys Up
			rank=$((rank + 1))
		done
		keys Space
	done
}

# message_is TEXT: whether the lines just above the key line (the last)
# read TEXT, wrapped at blanks: each line whole words, none cut at the edge.
message_is() {
	screen | WANT=$1 awk '
		{ line[NR] = $0; sub(/ +$/, "", line[NR]) }
		END {
			text = ""
			for (k = NR - 1; k >= 1; k--) {
				text = line[k] (text == "" ? "" : " ") text
				if (text == ENVIRON["WANT"])
					exit 0
			}
			exit 1
		}'
}

# expect_message DESC TEXT: passes when the lines above the key line read
# TEXT in time (see message_is).
expect_message() {
	if within message_is "$2"; then
		pass "$1"
	else
		fail "$1" "wanted: $2" "$(screen)"
	fi
}

# panel_lines ANCHOR: the lines of the panel whose first line starts with
# ANCHOR (a fixed string), read from the column ANCHOR starts in down to the
# first blank line, each line that text_wrap carried on (indented by two
# blanks) joined to the one before; without trailing blanks.  The board's
# glyphs read as ASCII, one column each.
panel_lines() {
	screen | LC_ALL=C sed "$utf8_to_ascii" | ANCHOR=$1 LC_ALL=C awk '
		x == 0 && (i = index($0, ENVIRON["ANCHOR"])) > 0 { x = i }
		x > 0 {
			t = substr($0, x)
			sub(/ +$/, "", t)
			if (t == "")
				exit
			if (k > 0 && t ~ /^  [^ ]/) {
				sub(/^ +/, "", t)
				line[k] = line[k] " " t
			} else {
				line[++k] = t
			}
		}
		END { for (i = 1; i <= k; i++) print line[i] }'
}

# panel_has ANCHOR PATTERN: whether a line of that panel matches PATTERN.
panel_has() {
	panel_lines "$1" | grep -Eq -- "$2"
}

# expect_panel DESC ANCHOR PATTERN: passes when a line of the panel that
# starts with ANCHOR (see panel_lines) matches PATTERN in time.
expect_panel() {
	if within panel_has "$2" "$3"; then
		pass "$1"
	else
		fail "$1" "wanted: $3" "$(panel_lines "$2")" "$(screen)"
	fi
}

# expect_screen DESC PATTERN: passes when the pane shows PATTERN in time.
expect_screen() {
	if wait_for "$2"; then
		pass "$1"
	else
		fail "$1" "wanted: $2" "$(screen)"
	fi
}

# foot_has PATTERN: whether the pane's last line matches PATTERN.
foot_has() {
	screen | tail -1 | grep -Eq -- "$1"
}

# expect_foot DESC PATTERN: passes when the pane's last line matches PATTERN
# in time.  A screen's key line there is drawn at the pane's size: after a
# resize, what the screen at the old size also showed is not.
expect_foot() {
	if within foot_has "$2"; then
		pass "$1"
	else
		fail "$1" "wanted on the last line: $2" "$(screen)"
	fi
}

# colours_shown: whether the pane holds any colour escape (foreground or
# background, 8 colours or 256).
colours_shown() {
	tm capture-pane -p -e | grep -Eq '\[(3[0-7]|4[0-7]|38;|48;)'
}

# expect_monochrome DESC: the screen is drawn without any colour.
expect_monochrome() {
	if colours_shown; then
		fail "$1" "$(tm capture-pane -p -e | head -5)"
	else
		pass "$1"
	fi
}

# modes_restored DESC: after the program ended, the pane is back to normal:
# mouse reporting off, cursor shown, main screen, the keypad's and the cursor
# keys' application modes off, and the line discipline cooked (echo, icanon).
modes_restored() {
	flags=$(tm display-message -p '#{mouse_any_flag}#{mouse_standard_flag}#{mouse_button_flag}#{mouse_sgr_flag} #{cursor_flag} #{alternate_on} #{keypad_cursor_flag}#{keypad_flag}')
	if [ "$flags" = "0000 1 0 00" ] && grep -Eq '(^| )echo( |$)' "$tmpdir/exit" &&
		grep -Eq '(^| )icanon( |$)' "$tmpdir/exit"; then
		pass "$1"
	else
		fail "$1" "mouse/cursor/alternate/keypad flags: $flags (want 0000 1 0 00)" \
			"stty: $(grep -Eo '(^| )-?(echo|icanon)( |$)' "$tmpdir/exit" | tr '\n' ' ')"
	fi
}

# The board region, square by square.  boardview draws each rank's number
# right-aligned before its squares on the square's middle line, and under
# the board one file letter a square, in the middle of its square.  A
# square is cw columns wide and ch lines high.  On it stands a queen (a
# figure of block characters, '#' in ASCII, on squares of 3 lines or more;
# else one glyph), a queen tried but not placed (the figure in a shade, ':'
# in ASCII; else an outline glyph), a refused square's cross (a dark shade,
# X in ASCII; else one glyph) or a mark in its middle; and a frame:
# when cw >= 3, a pair of marks at the ends of its middle line, or on a
# square of 3 lines or more in its corners; on a square of 2 columns, the
# closing mark after what stands on it ("Q!", "q]"), or both ("[]").  The UTF-8 glyphs read as
# ASCII counterparts, so that one expectation fits either: a queen Q, a
# tried one q, a figure's blocks #, its shade %, a cross's x, the cursor's
# corners [ ], a given queen's ( ), a conflict's heavy diagonal blocks
# (the quarter blocks that are one) / and \.
utf8_to_ascii=$(printf 's/\342\231\233/Q/g; s/\342\231\225/q/g; s/\302\267/./g; s/\342\200\242/./g; s/\342\227\217/./g; s/\303\227/x/g; s/\342\225\263/x/g; s/\342\227\213/o/g; s/\342\234\246/+/g; s/\342\226\236/\\//g; s/\342\226\232/\\\\/g; s/\342\226[\200\204\210\214\220\226-\237]/#/g; s/\342\226\222/%%/g; s/\342\226\223/x/g; s/\342\224[\217\227]/[/g; s/\342\224[\223\233]/]/g; s/\342\225[\255\260]/(/g; s/\342\225[\256\257]/)/g; s/\342\224[\200]/-/g; s/\342\224[\202\203]/|/g; s/\342\224\201/=/g; s/\342\225\261/\\//g; s/\342\225\262/\\\\/g; s/[\300-\367][\200-\277]*/?/g')

# board_grid N [WHAT]: reads the pane's n×n board into n lines, rank n
# first, of n tokens each, file a first.  WHAT is one of
#   marks  (the default) what stands on the square with its frame, if any:
#          "Q", "q", "[Q]", "[q]", "!Q!", "(Q)", ".", "x", "o", "+", a line
#          through its middle ("-", "|", "/", "\\", heavy "="), and "_" for
#          a blank;
#   bg     the background colour of its middle cell: black red green yellow
#          blue magenta cyan white, cN for colour N of the 256, or default;
#   attrs  its attributes, some of b(old) d(im) u(nderline) r(everse), or -;
#   ink    how many of its cells are not blank (its frame included);
#   size   (one line for the board) its squares' size, "cw ch".
# Prints one line saying what is missing when the pane shows no whole board
# of n files (n <= 26, each file a letter).
board_grid() {
	tm capture-pane -p -e -N | board_read "$@"
}

# board_read N [WHAT]: board_grid on the text of a pane (or a part of one)
# given on standard input.
board_read() {
	LC_ALL=C sed "$utf8_to_ascii" |
		LC_ALL=C awk -v n="$1" -v what="${2:-marks}" '
		function sgr(p,   a, k, m, v, c) {
			if (p == "")
				p = "0"
			m = split(p, a, ";")
			for (k = 1; k <= m; k++) {
				v = a[k] + 0
				if (v == 0) {
					bgc = "default"; bold = dim = und = rev = 0
				} else if (v == 1) bold = 1
				else if (v == 2) dim = 1
				else if (v == 4) und = 1
				else if (v == 7) rev = 1
				else if (v == 22) bold = dim = 0
				else if (v == 24) und = 0
				else if (v == 27) rev = 0
				else if (v >= 40 && v <= 47) bgc = colour[v - 40]
				else if (v == 49) bgc = "default"
				else if (v >= 100 && v <= 107) bgc = "bright" colour[v - 100]
				else if (v == 38 || v == 48) {
					if (a[k + 1] == 5) {
						c = a[k + 2] + 0
						c = c < 8 ? colour[c] : c < 16 ? "bright" colour[c - 8] : "c" c
						k += 2
					} else {
						c = "rgb"
						k += 4
					}
					if (v == 48)
						bgc = c
				}
			}
		}
		function attrs(   s) {
			s = (bold ? "b" : "") (dim ? "d" : "") (und ? "u" : "") (rev ? "r" : "")
			return s == "" ? "-" : s
		}
		function at(y, x) {
			return (y SUBSEP x) in ch ? ch[y, x] : " "
		}
		BEGIN {
			split("black red green yellow blue magenta cyan white", cn, " ")
			for (k = 0; k < 8; k++)
				colour[k] = cn[k + 1]
			bgc = "default"
			letters = "abcdefghijklmnopqrstuvwxyz"
		}
		{
			# The attributes carry from one line to the next.
			y = NR - 1
			s = $0
			L = length(s)
			x = 0
			for (i = 1; i <= L; i++) {
				c = substr(s, i, 1)
				if (c == "\033") {
					if (substr(s, i + 1, 1) == "[") {
						p = ""
						for (j = i + 2; j <= L && substr(s, j, 1) ~ /[0-9;:]/; j++)
							p = p substr(s, j, 1)
						if (substr(s, j, 1) == "m")
							sgr(p)
						i = j
					} else {
						i += substr(s, i + 1, 1) ~ /[()]/ ? 2 : 1
					}
					continue
				}
				ch[y, x] = c
				bg[y, x] = bgc
				at_[y, x] = attrs()
				x++
			}
			width[y] = x
			lines = NR
		}
		END {
			if (n < 1 || n > 26) {
				print "board_grid: n must be 1 to 26"
				exit 1
			}
			# The file letters: a to the n-th, evenly spaced, blanks between.
			fy = -1
			for (y = 0; y < lines && fy < 0; y++) {
				for (a0 = 0; a0 < width[y] && fy < 0; a0++) {
					if (at(y, a0) != "a" || (a0 > 0 && at(y, a0 - 1) != " "))
						continue
					for (cw = 1; cw <= 16 && fy < 0; cw++) {
						ok = at(y, a0 + (n - 1) * cw + 1) !~ /[a-z]/
						for (f = 0; f < n && ok; f++) {
							ok = at(y, a0 + f * cw) == substr(letters, f + 1, 1)
							for (k = 1; k < cw && f < n - 1 && ok; k++)
								ok = at(y, a0 + f * cw + k) == " "
						}
						if (ok) {
							fy = y
							filex = a0
							fcw = cw
						}
					}
				}
			}
			if (fy < 0) {
				print "no file letters a to " substr(letters, n, 1) " in the pane"
				exit 1
			}
			cw = fcw
			orgx = filex - int((cw - 1) / 2)
			lw = length(n "") + 1
			# Each rank number ends two columns before the first square.
			y = fy
			for (r = 1; r <= n; r++) {
				for (y--; y >= 0; y--) {
					label = ""
					for (x = orgx - lw; x <= orgx - 2; x++)
						label = label at(y, x)
					gsub(/ /, "", label)
					if (label == r "")
						break
				}
				if (y < 0) {
					print "no rank " r " beside the file letters"
					exit 1
				}
				row[r] = y
			}
			# The squares are as many lines high as the ranks are apart.
			sh = n > 1 ? row[1] - row[2] : fy - row[1]
			if (what == "size") {
				print cw " " sh
				exit 0
			}
			for (r = n; r >= 1; r--) {
				out = ""
				cy = row[r]
				y0 = cy - int((sh - 1) / 2)
				for (f = 0; f < n; f++) {
					x0 = orgx + f * cw
					cx = x0 + int((cw - 1) / 2)
					if (what == "bg")
						t = ((cy SUBSEP cx) in bg) ? bg[cy, cx] : "default"
					else if (what == "attrs")
						t = ((cy SUBSEP cx) in at_) ? at_[cy, cx] : "-"
					else if (what == "ink") {
						t = 0
						for (y = y0; y < y0 + sh; y++)
							for (x = x0; x < x0 + cw; x++)
								t += at(y, x) != " "
					} else {
						t = at(cy, cx)
						if (sh >= 3) {
							# A figure: a hint (a shaded queen with the
							# mark on it), the cross of a refused square
							# (its heart in a dark shade, or X), a tried
							# queen (in a shade, or :), or a queen.
							fig = ""
							for (y = y0; y < y0 + sh; y++)
								for (x = x0 + 1; x < x0 + cw - 1; x++)
									fig = fig at(y, x)
							if (fig ~ /[+]/)
								t = "+"
							else if (fig ~ /[xX]/)
								t = "x"
							else if (fig ~ /[%:]/)
								t = "q"
							else if (fig ~ /#/)
								t = "Q"
						}
						if (t == " ")
							t = "_"
						# The marks of a frame in the corners (the ends of
						# the middle line on a low square), not a line.
						fy0 = sh >= 3 ? y0 : cy
						if (cw >= 3 && (at(fy0, x0) ~ /[[!(]/ ||
						                at(fy0, x0 + cw - 1) ~ /[]!)]/))
							t = at(fy0, x0) t at(fy0, x0 + cw - 1)
						# Two columns: the closing mark after the queen or mark.
						r2 = at(cy, x0 + 1)
						if (cw == 2 && r2 ~ /[]!)]/) {
							l2 = r2 == "]" ? "[" : r2 == ")" ? "(" : r2
							t = l2 (t == l2 ? "_" : t) r2
						}
					}
					out = out (f ? " " : "") t
				}
				print out
			}
		}'
}

# board_grids N: every whole n×n board the pane shows (a gallery, a class's
# members), in reading order: for each, a line "board Y X" (the screen row of
# its file letters and the column of its rank numbers), the two lines under
# its letters from that column on (its caption, up to the next board on the
# row; "-" for a blank line), then the board as board_read N marks reads it.
# Glyphs read as board_read reads them: the UTF-8 ones as "?" but the board's.
board_grids() {
	tm capture-pane -p -N | LC_ALL=C sed "$utf8_to_ascii" >"$tmpdir/pane"
	LC_ALL=C awk -v n="$1" -v dir="$tmpdir" '
		{ line[NR - 1] = $0; lines = NR }
		END {
			letters = "abcdefghijklmnopqrstuvwxyz"
			lw = length(n "") + 1
			k = 0
			for (y = 0; y < lines; y++) {
				s = line[y]
				for (a0 = 1; a0 <= length(s); a0++) {
					if (substr(s, a0, 1) != "a" || (a0 > 1 && substr(s, a0 - 1, 1) != " "))
						continue
					for (cw = 1; cw <= 16; cw++) {
						ok = substr(s, a0 + (n - 1) * cw + 1, 1) !~ /[a-z]/
						for (f = 0; f < n && ok; f++) {
							ok = substr(s, a0 + f * cw, 1) == substr(letters, f + 1, 1)
							for (j = 1; j < cw && f < n - 1 && ok; j++)
								ok = substr(s, a0 + f * cw + j, 1) == " "
						}
						if (ok)
							break
					}
					if (!ok)
						continue
					# Columns are 1-based here: the board from its rank numbers.
					left = a0 - int((cw - 1) / 2) - lw
					by[k] = y
					bl[k] = left
					br[k] = a0 - int((cw - 1) / 2) + n * cw - 1
					k++
					a0 += (n - 1) * cw
				}
			}
			for (i = 0; i < k; i++) {
				# From under the nearest board above it in the same columns.
				top = 0
				for (j = 0; j < k; j++)
					if (by[j] < by[i] && bl[j] <= br[i] && br[j] >= bl[i] && by[j] + 1 > top)
						top = by[j] + 1
				# The caption runs up to the next board on the row.
				right = 100000
				for (j = 0; j < k; j++)
					if (by[j] == by[i] && bl[j] > bl[i] && bl[j] - 1 < right)
						right = bl[j] - 1
				out = dir "/grid." i
				printf "" >out
				for (y = top; y <= by[i]; y++)
					print substr(line[y], bl[i], br[i] - bl[i] + 1) >>out
				close(out)
				printf "board %d %d\n", by[i], bl[i] - 1
				for (c = 1; c <= 2; c++) {
					t = substr(line[by[i] + c], bl[i], right - bl[i] + 1)
					sub(/ +$/, "", t)
					print t == "" ? "-" : t
				}
				print out
			}
		}' "$tmpdir/pane" | while read -r word y x; do
		read -r cap1
		read -r cap2
		read -r file
		echo "$word $y $x"
		echo "$cap1"
		echo "$cap2"
		board_read "$1" marks <"$file"
	done
}

# board_expect SCREEN N WHAT QUEENS [ROLE=SQUARE...]: the n×n board that
# board_grid N WHAT should read, worked out from the rules of the puzzle, not
# from the program: QUEENS are squares ("a8 c7"); SCREEN says what the
# screen marks besides them:
#   browse  the queens only;
#   play    ROLE cursor: the cursor in brackets, the four lines through it
#           drawn on the free squares ("-" "|" "/" "\"); an empty square a
#           queen attacks marked "."; a queen another attacks between "!"
#           marks, the squares between them a heavy line ("=" along a rank);
#           ROLE hint: the hinted square "+";
#   watch   ROLE try (the square tested or placed: a queen in brackets, a
#           placed one "[Q]", one only tried "[q]"), reject (the square
#           refused, "x"), attacker (the queen that refuses it, between "!"
#           marks; the line between the two heavy), left (the square the
#           search just took a queen from, "o").
# In the middle of a square the first of these shows: a queen or the mark
# of a role, a hint, a heavy line, an attacked square's dot, a line of the
# cursor's.  The look is the theme's (src/tui/theme.c): for bg a square's
# ground, its own colour (light or dark) unless it is the cursor (or the
# tried square), a conflict (or a refusal, or its attacker) or a lit queen,
# in $look_theme (calm unless set) with $look_colours colours (256 unless
# set; 16 or 8); for attrs, in monochrome, the attributes of what is in the
# middle (bold for a queen and for the lines, dim for a tried queen), with
# the ground's (bold for the cursor, bold and underline for a conflict) and
# reverse for a dark square (for a light one when lit).  a1 is a dark square.
board_expect() {
	scr=$1 n=$2 what=$3 queens=$4
	shift 4
	LC_ALL=C awk -v scr="$scr" -v n="$n" -v what="$what" -v queens="$queens" \
		-v roles="$*" -v theme="${look_theme:-calm}" -v colours="${look_colours:-256}" '
		function file(s) { return index(letters, substr(s, 1, 1)) - 1 }
		function rank(s) { return substr(s, 2) - 1 }
		function attacks(f1, r1, f2, r2) {
			return (f1 != f2 || r1 != r2) && (f1 == f2 || r1 == r2 ||
				f1 - r1 == f2 - r2 || f1 + r1 == f2 + r2)
		}
		function sign(v) { return (v > 0) - (v < 0) }
		function is(role, f, r) { return has[role] && f == rf[role] && r == rr[role] }
		# The glyph of the line from one square to another.
		function line(f1, r1, f2, r2, heavy) {
			if (r1 == r2)
				return heavy ? "=" : "-"
			if (f1 == f2)
				return "|"
			return (f2 - f1) * (r2 - r1) > 0 ? "/" : "\\"
		}
		# Marks the squares strictly between two squares on one line.
		function between(f1, r1, f2, r2,   df, dr, f, r) {
			df = sign(f2 - f1)
			dr = sign(r2 - r1)
			f = f1 + df
			r = r1 + dr
			while (f != f2 || r != r2) {
				lit[f, r] = line(f1, r1, f2, r2, 1)
				f += df
				r += dr
			}
		}
		BEGIN {
			letters = "abcdefghijklmnopqrstuvwxyz"
			# Each palette: light, dark, cursor, conflict, lit.
			pal["calm"] = "187 108 110 174 221"
			pal["wood"] = "223 137 110 167 150"
			pal["night"] = "242 237 94 88 28"
			pal["contrast"] = "231 244 226 160 34"
			pal["16"] = "white brightblack brightyellow red green"
			pal["8"] = "white cyan yellow red green"
			split(pal[colours == 256 ? theme : colours], c, " ")
			split("light dark cursor conflict lit", gn, " ")
			for (i = 1; i <= 5; i++)
				colour[gn[i]] = c[i] ~ /^[0-9]+$/ ? "c" c[i] : c[i]
			nq = split(queens, q, " ")
			for (i = 1; i <= nq; i++) {
				qf[i] = file(q[i])
				qr[i] = rank(q[i])
				queen[qf[i], qr[i]] = 1
			}
			m = split(roles, rl, " ")
			for (i = 1; i <= m; i++) {
				split(rl[i], kv, "=")
				rf[kv[1]] = file(kv[2])
				rr[kv[1]] = rank(kv[2])
				has[kv[1]] = 1
			}
			if (scr == "play")
				for (i = 1; i <= nq; i++)
					for (j = i + 1; j <= nq; j++)
						if (attacks(qf[i], qr[i], qf[j], qr[j])) {
							conflict[qf[i], qr[i]] = conflict[qf[j], qr[j]] = 1
							between(qf[i], qr[i], qf[j], qr[j])
						}
			if (has["reject"] && has["attacker"])
				between(rf["attacker"], rr["attacker"], rf["reject"], rr["reject"])
			for (r = n - 1; r >= 0; r--) {
				out = ""
				for (f = 0; f < n; f++) {
					dark = (f + r) % 2 == 0
					mark = queen[f, r] ? "Q" : "_"
					# What is in the middle, in monochrome: b, d or nothing.
					ink = queen[f, r] ? "b" : ""
					ground = ""
					if (scr == "play") {
						attacked = 0
						for (i = 1; i <= nq; i++)
							attacked = attacked || attacks(qf[i], qr[i], f, r)
						cursor_line = has["cursor"] &&
							attacks(rf["cursor"], rr["cursor"], f, r)
						if (!queen[f, r]) {
							if (cursor_line) {
								mark = line(rf["cursor"], rr["cursor"], f, r, 0)
								ink = "b"
							}
							if (attacked) {
								mark = "."
								ink = cursor_line ? "b" : ""
							}
							if ((f, r) in lit) {
								mark = lit[f, r]
								ink = "b"
							}
							if (is("hint", f, r)) {
								mark = "+"
								ink = "b"
							}
						}
						if (conflict[f, r]) {
							mark = "!Q!"
							ground = "conflict"
						}
						if (is("cursor", f, r)) {
							# No line on it: a queen, a dot or a hint.
							mark = "[" (queen[f, r] ? "Q" : mark ~ /^[.+]$/ ? mark : "_") "]"
							ink = queen[f, r] || mark == "[+]" ? "b" : ""
							ground = "cursor"
						}
					} else if (scr == "watch") {
						if ((f, r) in lit) {
							mark = lit[f, r]
							ink = "b"
						}
						if (is("left", f, r)) {
							mark = "o"
							ink = "d"
						}
						if (is("try", f, r)) {
							mark = queen[f, r] ? "[Q]" : "[q]"
							ink = queen[f, r] ? "b" : "d"
							ground = "cursor"
						}
						if (is("attacker", f, r)) {
							mark = "!Q!"
							ground = "conflict"
						}
						if (is("reject", f, r)) {
							mark = "x"
							ink = "b"
							ground = "conflict"
						}
					}
					if (what == "marks")
						look = mark
					else if (what == "bg")
						look = colour[ground != "" ? ground : dark ? "dark" : "light"]
					else {
						look = ink (ground == "cursor" ? "b" : ground == "conflict" ? "bu" : "")
						look = (look ~ /b/ ? "b" : "") (look ~ /d/ ? "d" : "") \
						       (look ~ /u/ ? "u" : "") (dark ? "r" : "")
						if (look == "")
							look = "-"
					}
					out = out (f ? " " : "") look
				}
				print out
			}
		}'
}

# expect_board DESC N WHAT WANT: passes when board_grid N WHAT reads WANT
# (as board_expect gives it) in time; else shows both, side by side.
expect_board() {
	poll_begin
	while :; do
		got=$(board_grid "$2" "$3")
		if [ "$got" = "$4" ]; then
			pass "$1"
			return
		fi
		poll_again || break
	done
	printf '%s\n' "$4" >"$tmpdir/want"
	printf '%s\n' "$got" >"$tmpdir/got"
	desc=$1 what=$3
	# One line of the report a rank: what was wanted, then what was read.
	set -f
	old_ifs=$IFS
	IFS='
'
	set -- $(paste -d'|' "$tmpdir/want" "$tmpdir/got" |
		awk -F'|' '{ printf "%-40s | %s\n", $1, $2 }')
	IFS=$old_ifs
	set +f
	fail "$desc" "$what wanted, then read:" "$@" "$(screen)"
}

# pseudo_lit: the line of Watch's listing that is lit (drawn after a ">" in
# the listing's first column, under its title), without trailing blanks and
# without what a panel beside the listing shows on that line (after three
# blanks: the listing has none between words); else how many lines are lit.
pseudo_lit() {
	screen | LC_ALL=C sed "$utf8_to_ascii" | LC_ALL=C awk '
		x == 0 && (i = index($0, "Pseudocode: ")) > 0 { x = i; next }
		x > 0 && substr($0, x, 1) == ">" {
			t = substr($0, x + 1)
			if (match(t, /[^ ]   /))
				t = substr(t, 1, RSTART)
			sub(/ +$/, "", t)
			lit[++k] = t
		}
		END { if (k == 1) print lit[1]; else print k + 0 " lines lit" }'
}

# expect_lit DESC TEXT: passes when the lit line of the listing is TEXT in time.
expect_lit() {
	if within is "$2" pseudo_lit; then
		pass "$1"
	else
		fail "$1" "lit: $(pseudo_lit)" "$(screen)"
	fi
}

# menu_items: the main menu's items as drawn, one a line, "NAME<TAB>*" for
# the one selected (read from the cells' attributes, tmux capture-pane -e:
# the selected item's name is drawn unlike every other's, in THEME_SELECTED's
# colours, or reverse video without colours).  The items are the lines
# under "Board size:", in its column, down to Quit, each named by its first
# words.
menu_items() {
	tm capture-pane -p -e | python3 -c '
import re, sys
ESC = re.compile(r"\x1b\[([0-9;:]*)([A-Za-z])")
state = {}
lines = []
for raw in sys.stdin.read().split("\n"):
    text, attrs, i = "", [], 0
    while i < len(raw):
        m = ESC.match(raw, i)
        if m:
            if m.group(2) == "m":
                p = [int(x) if x else 0 for x in re.split("[;:]", m.group(1))]
                k = 0
                while k < len(p):
                    v = p[k]
                    if v == 0:
                        state = {}
                    elif v in (38, 48, 58) and k + 1 < len(p):
                        n = 3 if p[k + 1] == 5 else 5
                        state[v] = tuple(p[k + 1:k + n])
                        k += n - 1
                    elif v in (39, 49, 59):
                        state.pop(v - 1, None)
                    elif 30 <= v <= 37 or 90 <= v <= 97:
                        state[38] = (v,)
                    elif 40 <= v <= 47 or 100 <= v <= 107:
                        state[48] = (v,)
                    elif 21 <= v <= 29:
                        state.pop(v - 20, None)
                        if v == 22:
                            state.pop(2, None)
                    else:
                        state[v] = True
                    k += 1
            i = m.end()
            continue
        text += raw[i]
        attrs.append(tuple(sorted(state.items())))
        i += 1
    lines.append((text, attrs))
top = [i for i, (t, _) in enumerate(lines) if "Board size:" in t]
items = []
# The items stand in the column of "Board size:" (a board may stand beside).
col = lines[top[0]][0].index("Board size:") if top else 0
for t, a in lines[top[0] + 1:] if top else []:
    m = re.match(r"(\S+(?: \S+)*)", t[col:])
    if not m or t[:col].strip():
        if items:
            break
        continue
    items.append((m.group(1), a[col]))
    if m.group(1) == "Quit":
        break
for name, a in items:
    alike = sum(1 for _, b in items if b == a)
    print(name + ("\t*" if alike == 1 and len(items) > 2 else ""))
'
}

# menu_selected: the name of the main menu's selected item (menu_items).
menu_selected() {
	menu_items | sed -n 's/\t\*$//p'
}

# menu_open NAME: moves the main menu's selection to the item named NAME,
# reading the screen for where the selection is and where NAME is (so a
# test names the item, not how many Downs away it stands), then presses
# Enter; fails, with the items read, when NAME is not there.
menu_open() {
	wait_for "Board size:" >/dev/null
	if ! within is 1 eval 'menu_selected | wc -l | tr -d " "'; then
		fail "the menu shows its selected item" "$(menu_items)" "$(screen)"
		return 1
	fi
	menu_at=$(menu_items | awk -F '\t' -v want="$1" '
		$1 == want { w = NR } $2 == "*" { s = NR }
		END { if (w) print w - s }')
	if [ -z "$menu_at" ]; then
		fail "the menu has the item $1" "$(menu_items)" "$(screen)"
		return 1
	fi
	if [ "$menu_at" -gt 0 ]; then
		keys -N "$menu_at" Down
	elif [ "$menu_at" -lt 0 ]; then
		keys -N "$((-menu_at))" Up
	fi
	if ! within is "$1" menu_selected; then
		fail "the menu selects $1" "selected: $(menu_selected)" "$(screen)"
		return 1
	fi
	keys Enter
}
