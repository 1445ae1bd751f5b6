# Helpers of the terminal tests: the real binary in a private tmux server.
# Needs tests/lib.sh first and TMUX_PROG; skips (exit 77) without tmux.

if [ -z "${TMUX_PROG:-}" ]; then
	echo "# tmux not found: terminal tests skipped"
	exit 77
fi
unset TMUX
sock="nq-test-$$-0"
starts=0
export XDG_DATA_HOME="$tmpdir/data"
trap 'stop_program; tm kill-server 2>/dev/null; rm -rf "$tmpdir"' EXIT

tm() {
	"$TMUX_PROG" -L "$sock" -f /dev/null "$@"
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
# in $start_dir if set (else $tmpdir); when it ends, its exit status and the
# echo mode are written to $tmpdir/exit.
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
	rm -f "$tmpdir/exit"
	# A server of its own each time: a dying one must not take the next.
	tm kill-server 2>/dev/null
	starts=$((starts + 1))
	sock="nq-test-$$-$starts"
	printf '#!/bin/sh\necho $$ >"%s/pid"\nexec "$@"\n' "$tmpdir" >"$tmpdir/run.sh"
	rm -f "$tmpdir/pid"
	tm new-session -d -c "${start_dir:-$tmpdir}" -x "$w" -y "$h" \
		"env $envs NQ_VALGRIND_LOG='$tmpdir/valgrind.$starts' sh '$tmpdir/run.sh' ${NQ_WRAP:+'$NQ_WRAP'} '$NQUEENS' $*; echo \$? >'$tmpdir/exit'; stty -a >>'$tmpdir/exit'; sleep 600"
	tm set-option -g status off >/dev/null
	tm resize-window -x "$w" -y "$h" 2>/dev/null
}

# The process id of the program in the pane.
pid_of_program() {
	cat "$tmpdir/pid"
}

screen() {
	tm capture-pane -p
}

# How many tenths of a second to wait for the screen: more under valgrind.
patience=100
[ -n "${NQ_WRAP:-}" ] && patience=400

# wait_for PATTERN: polls the pane until a line matches.
wait_for() {
	i=0
	while [ $i -lt $patience ]; do
		if screen | grep -Eq -- "$1"; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# wait_gone PATTERN: polls until no line matches.
wait_gone() {
	i=0
	while [ $i -lt $patience ]; do
		if ! screen | grep -Eq -- "$1"; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# wait_exit: polls until the program has ended; its status in $status.
wait_exit() {
	i=0
	while [ $i -lt $patience ]; do
		if [ -s "$tmpdir/exit" ] && [ "$(wc -l <"$tmpdir/exit")" -gt 1 ]; then
			status=$(head -1 "$tmpdir/exit")
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	status=timeout
	return 1
}

keys() {
	tm send-keys "$@"
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
	i=0
	while [ $i -lt $patience ]; do
		if message_is "$2"; then
			pass "$1"
			return
		fi
		sleep 0.1
		i=$((i + 1))
	done
	fail "$1" "wanted: $2" "$(screen)"
}

# expect_screen DESC PATTERN: passes when the pane shows PATTERN in time.
expect_screen() {
	if wait_for "$2"; then
		pass "$1"
	else
		fail "$1" "wanted: $2" "$(screen)"
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
# mouse reporting off, cursor shown, main screen, and echo on.
modes_restored() {
	flags=$(tm display-message -p '#{mouse_any_flag}#{mouse_standard_flag}#{mouse_button_flag}#{mouse_sgr_flag} #{cursor_flag} #{alternate_on}')
	if [ "$flags" = "0000 1 0" ] && grep -Eq '(^| )echo( |$)' "$tmpdir/exit"; then
		pass "$1"
	else
		fail "$1" "mouse/cursor/alternate flags: $flags (want 0000 1 0)" \
			"stty: $(grep -Eo '(^| )-?echo( |$)' "$tmpdir/exit" | head -1)"
	fi
}
