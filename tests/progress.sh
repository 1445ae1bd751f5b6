#!/bin/sh
# The progress bar of a long count: drawn on a terminal, never into a file.
. "${srcdir:-.}/tests/lib.sh"

# A count that lasts a few seconds: the bar is drawn after half a second.
n=18 want=666090624

# Not a terminal: the count alone on stdout, nothing on stderr.
"$NQUEENS" count $n --threads 1 >"$tmpdir/out" 2>"$tmpdir/err"
if [ "$(cat "$tmpdir/out")" = "$want" ] && [ ! -s "$tmpdir/err" ]; then
	pass "no progress bar when stderr is a file"
else
	fail "no progress bar when stderr is a file" "stdout: $(cat "$tmpdir/out")" \
		"stderr: $(head -c 200 "$tmpdir/err")"
fi

if [ -z "${TMUX_PROG:-}" ]; then
	echo "# tmux not found: the terminal half is skipped"
	finish
fi
unset TMUX
sock="nq-test-$$"
# SHELL: without it the server's panes run the login shell (nologin for nobody).
tm() {
	SHELL=/bin/sh "$TMUX_PROG" -L "$sock" -f /dev/null "$@"
}
trap 'tm kill-server 2>/dev/null; rm -rf "$tmpdir"' EXIT
tm new-session -d -x 80 -y 24 \
	"env TERM=tmux-256color LANG=C.UTF-8 '$NQUEENS' count $n --threads 1 >'$tmpdir/tty'; echo \"exit \$?\" >>'$tmpdir/tty'; sleep 30"

# Poll the pane for the bar, then for the result, each for a bounded time.
seen=""
i=0
while [ $i -lt 900 ]; do
	screen=$(tm capture-pane -p)
	case "$screen" in
	*"%  about"*"left"* | *"% estimating"*) seen=$screen ;;
	esac
	if grep -q '^exit' "$tmpdir/tty" 2>/dev/null; then
		break
	fi
	sleep 0.1
	i=$((i + 1))
done
final=$(tm capture-pane -p)
if printf '%s\n' "$seen" | grep -Eq '^\[#*-*\] +[0-9]+%  (about .* left|estimating)'; then
	pass "a progress bar with the time left on a terminal"
else
	fail "a progress bar with the time left on a terminal" "last screen: $final"
fi
if [ "$(cat "$tmpdir/tty")" = "$want
exit 0" ]; then
	pass "the count on stdout under a terminal"
else
	fail "the count on stdout under a terminal" "$(cat "$tmpdir/tty")"
fi
if printf '%s\n' "$final" | grep -q '\['; then
	fail "the bar is erased at the end" "$final"
else
	pass "the bar is erased at the end"
fi

# A narrow terminal: the bar keeps to one line; Ctrl-C (SIGINT) takes it away.
for cols in 40 24; do
	# A server of its own each time: the one killed may still be going
	# when the next starts, and would take it down with it.
	tm kill-server 2>/dev/null
	sock="nq-test-$$-$cols"
	rm -f "$tmpdir/pid" "$tmpdir/tty"
	tm new-session -d -x $cols -y 8 \
		"env TERM=tmux-256color LANG=C.UTF-8 sh -c 'echo \$\$ >\"$tmpdir/pid\"; exec \"$NQUEENS\" count 19 --threads 1'; echo \"exit \$?\" >'$tmpdir/tty'; sleep 30"
	i=0
	while [ $i -lt 300 ] && ! tm capture-pane -p | grep -q '%'; do
		sleep 0.1
		i=$((i + 1))
	done
	sleep 0.5 # a few redraws, each of which could wrap
	bar=$(tm capture-pane -p)
	first=$(printf '%s\n' "$bar" | head -n 1)
	if printf '%s\n' "$first" | grep -Eq '^(\[[#-]*\] +)?[0-9]+%' &&
		[ ${#first} -lt $cols ] && [ -z "$(printf '%s\n' "$bar" | sed -n '2,$p' | tr -d ' \n')" ]; then
		pass "at $cols columns the bar keeps to one line"
	else
		fail "at $cols columns the bar keeps to one line" "$bar"
	fi
	kill -INT "$(cat "$tmpdir/pid")" 2>/dev/null
	i=0
	while [ $i -lt 100 ] && ! grep -q '^exit' "$tmpdir/tty" 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	after=$(tm capture-pane -p)
	if [ "$(cat "$tmpdir/tty" 2>/dev/null)" = "exit 130" ] &&
		! printf '%s\n' "$after" | grep -q '%'; then
		pass "at $cols columns Ctrl-C ends the count and erases the bar"
	else
		fail "at $cols columns Ctrl-C ends the count and erases the bar" \
			"$(cat "$tmpdir/tty" 2>/dev/null)" "$after"
	fi
done

# A budget at its floor (the least the program takes, as it says): the line
# says the passes it added where it has the room, and at 60 columns gives
# them up before the time left.
floor=$("$NQUEENS" count 18 --threads 1 --memory 1M 2>&1 | sed -n 's/.*needs \([0-9]*\) MiB at least$/\1/p')
for cols in 80 60; do
	tm kill-server 2>/dev/null
	sock="nq-test-$$-m$cols"
	tm new-session -d -x $cols -y 8 \
		"env TERM=tmux-256color LANG=C.UTF-8 '$NQUEENS' count 18 --threads 1 --memory ${floor}M; sleep 30"
	i=0 first=""
	# The line once it has its estimate: it says "estimating" before (a
	# while longer under the sanitizers or on a busy machine).
	while [ $i -lt 300 ]; do
		first=$(tm capture-pane -p | head -n 1)
		case "$first" in *"%  about "*) break ;; esac
		sleep 0.1
		i=$((i + 1))
	done
	if [ $cols = 80 ]; then
		want_re='%  about .* left, [0-9]+ more passes for --memory$'
	else
		want_re='^\[[#-]{10,}\] +[0-9]+%  about [0-9]+ (s|min [0-9]+ s) left$'
	fi
	if printf '%s\n' "$first" | grep -Eq "$want_re" && [ ${#first} -lt $cols ]; then
		pass "at $cols columns the bar of a count in a tight --memory"
	else
		fail "at $cols columns the bar of a count in a tight --memory" "$first"
	fi
done

# A count resumed from its journal: its bar starts with the part counted
# before.  The journal of a count of 18 stopped once it has 60% of its
# pieces (in the half second before the bar, the count itself adds less).
(exec "$NQUEENS" count 18 --threads 1 --journal "$tmpdir/j" >/dev/null 2>&1) &
pid=$!
i=0 pieces="" before=0
while [ $i -lt 600 ]; do
	[ -z "$pieces" ] && pieces=$(sed -n 's/^nqueens-journal .* pieces=\([0-9]*\) .*/\1/p' "$tmpdir/j" 2>/dev/null)
	[ -n "$pieces" ] && before=$(($(wc -l <"$tmpdir/j") - 1))
	[ -n "$pieces" ] && [ $((before * 10)) -ge $((pieces * 6)) ] && break
	sleep 0.02
	i=$((i + 1))
done
kill -KILL $pid 2>/dev/null
wait $pid 2>/dev/null
before=$(($(wc -l <"$tmpdir/j") - 1))
tm kill-server 2>/dev/null
sock="nq-test-$$-j"
tm new-session -d -x 80 -y 8 \
	"env TERM=tmux-256color LANG=C.UTF-8 '$NQUEENS' count 18 --threads 1 --journal '$tmpdir/j' 2>&1; sleep 30"
i=0 first=""
while [ $i -lt 300 ]; do
	first=$(tm capture-pane -p | grep '%' | head -n 1)
	[ -n "$first" ] && break
	sleep 0.1
	i=$((i + 1))
done
pct=$(printf '%s\n' "$first" | sed -n 's/^\[[#-]*\] *\([0-9]*\)%.*/\1/p')
if [ -n "$pieces" ] && [ "$before" -gt 0 ] && [ -n "$pct" ] &&
	[ "$pct" -ge $((before * 100 / pieces)) ]; then
	pass "a resumed count's bar starts from the $((before * 100 / pieces))% counted before ($pct%)"
else
	fail "a resumed count's bar starts from the part counted before" \
		"$before of $pieces pieces before" "$first"
fi
finish
