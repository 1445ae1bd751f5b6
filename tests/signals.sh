#!/bin/sh
# Every way out gives the terminal back: each signal whose default ends the
# program (a crash, kill -USR1 and its kind, a CPU limit, and the quit
# signals INT, TERM, HUP and QUIT) restores the terminal, the keypad's mode
# too, and ends the program of that signal, as its parent sees;
# LINES and COLUMNS far beyond the window are bounded before the screen is
# made, and a screen curses cannot make is an error, not a lost terminal; a
# write over a file-size limit is an error message, not an end; a quit
# signal is answered within a second while the program is busy outside its
# wait (here a save waiting on another copy's lock).
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

# The number of a signal, by name: procps kill's (the shell's does not know
# them all); the real-time ones counted from RTMIN.
signum() {
	case $1 in
	RTMIN) echo 34 ;; # glibc keeps 32 and 33 for its threads
	RTMIN+*) echo $(($(signum RTMIN) + ${1#RTMIN+})) ;;
	*) env kill -l "$1" ;;
	esac
}

# status_is DESC WANT: the program's exit status, as its shell saw it.
status_is() {
	if [ "$status" = "$2" ]; then
		pass "$1"
	else
		fail "$1" "exit status $status, wanted $2"
	fi
}

# Valgrind keeps SIGSTKFLT and the last real-time signals for itself.
stkflt=STKFLT
[ -n "${NQ_WRAP:-}" ] && stkflt=
for sig in USR1 USR2 ALRM PIPE VTALRM PROF SYS TRAP POLL PWR $stkflt XCPU RTMIN RTMIN+28 \
	SEGV ABRT BUS FPE ILL; do
	start 80 24 -- play 8
	wait_for "Queens: 0 of 8" || fail "SIG$sig: Play opens" "$(screen)"
	env kill -s $sig "$(pid_of_program)"
	wait_exit
	modes_restored "SIG$sig leaves the terminal as it was"
	status_is "SIG$sig ends the program of it" $((128 + $(signum $sig)))
done

# How the program ended, as its parent sees it: a shell's $? is 128 + N both
# for a death by signal N and for exit(128 + N), so a parent that can tell
# (Python's returncode is -N for a signal) runs it and writes "signal N" or
# "exit N" in $tmpdir/how; it writes the program's pid for pid_of_program.
cat >"$tmpdir/how.py" <<'EOF_HOW'
import os, subprocess, sys
tmp = sys.argv[1]
p = subprocess.Popen(sys.argv[2:])
with open(tmp + "/pid.new", "w") as f:
    f.write("%d\n" % p.pid)
os.rename(tmp + "/pid.new", tmp + "/pid")
rc = p.wait()
with open(tmp + "/how", "w") as f:
    f.write("signal %d\n" % -rc if rc < 0 else "exit %d\n" % rc)
sys.exit(128 - rc if rc < 0 else rc)
EOF_HOW
how_pre="ulimit -c 0; exec python3 '$tmpdir/how.py' '$tmpdir' \"\$@\""

# how_is DESC WANT: how the last program started with $how_pre ended.
how_is() {
	got=$(cat "$tmpdir/how" 2>/dev/null)
	if [ "$got" = "$2" ]; then
		pass "$1"
	else
		fail "$1" "ended by '$got', wanted '$2'"
	fi
}

# The quit signals, with the program waiting for a key: the screens close
# in order, the terminal is given back, and then the program dies of the
# signal (QUIT as well, which may leave a core), not exit(128 + N), so that
# a script that runs it is interrupted too.
for sig in INT TERM HUP QUIT; do
	rm -f "$tmpdir/how"
	start_pre=$how_pre
	start 80 24 -- play 8
	start_pre=
	wait_for "Queens: 0 of 8" || fail "SIG$sig: Play opens" "$(screen)"
	env kill -s $sig "$(pid_of_program)"
	wait_exit
	modes_restored "SIG$sig (a quit signal) leaves the terminal as it was"
	how_is "SIG$sig ends the program of it, as its parent sees" "signal $(signum $sig)"
done

# LINES and COLUMNS, which curses prefers to the window's own size: far
# beyond it they would take gigabytes (5000x5000) or fail in curses, which
# then ended the program with the keypad left in its application mode
# (40000x40000).  The window's size is taken, at once and in little memory.
for size in 5000 40000; do
	start 80 24 LINES=$size COLUMNS=$size -- play 8
	if wait_for "Queens: 0 of 8"; then
		pass "LINES=COLUMNS=$size: Play opens at the window's size"
	else
		fail "LINES=COLUMNS=$size: Play opens at the window's size" "$(screen)"
	fi
	if [ -z "${NQ_WRAP:-}" ]; then
		kb=$(awk '/^VmHWM:/ { print $2 }' "/proc/$(pid_of_program)/status" 2>/dev/null)
		if [ -n "$kb" ] && [ "$kb" -lt 60000 ]; then
			pass "LINES=COLUMNS=$size: the screen takes little memory"
		else
			fail "LINES=COLUMNS=$size: the screen takes little memory" "peak ${kb:-?} kB"
		fi
	fi
	keys q
	wait_exit
	status_is "LINES=COLUMNS=$size: q ends the program as usual" 0
	modes_restored "LINES=COLUMNS=$size: the terminal is as it was"
done

# A tty that reports no size (0x0): LINES and COLUMNS are bounded to 1000.
start_pre="stty rows 0 cols 0"
start 80 24 LINES=40000 COLUMNS=40000 -- play 8
start_pre=
pid=$(within cat "$tmpdir/pid")
sleep 1
if [ -n "$pid" ] && kb=$(awk '/^VmHWM:/ { print $2 }' "/proc/$pid/status" 2>/dev/null) &&
	[ -n "$kb" ]; then
	if [ -n "${NQ_WRAP:-}" ] || [ "$kb" -lt 300000 ]; then
		pass "no size from the tty, LINES=COLUMNS=40000: the program runs, bounded"
	else
		fail "no size from the tty, LINES=COLUMNS=40000: the program runs, bounded" "peak $kb kB"
	fi
else
	fail "no size from the tty, LINES=COLUMNS=40000: the program runs, bounded" \
		"$(cat "$tmpdir/exit" 2>/dev/null | head -1)" "$(screen)"
fi
keys q
wait_exit
status_is "no size from the tty: q ends the program as usual" 0
modes_restored "no size from the tty: the terminal is as it was"

# A screen curses cannot make (here 1000x1000 under a 20 MB address-space
# limit that an 80x24 one fits in): a one-line reason and status 2, the
# terminal as it was, where curses' own failure ended the program with the
# keypad left in its application mode.  The sanitizers' and valgrind's
# builds need more address space than that: the plain build checks it.
if [ -z "${NQ_WRAP:-}" ] && (ulimit -v 20000 && nq count 4) >/dev/null 2>&1; then
	start_pre="stty rows 0 cols 0; ulimit -v 20000"
	start 80 24 LINES=1000 COLUMNS=1000 -- play 8
	start_pre=
	wait_exit
	status_is "a screen curses cannot make: status 2" 2
	if screen | tr -d '\n' | grep -q "nqueens: cannot start the screen on TERM=tmux-256color"; then
		pass "a screen curses cannot make: the reason is said"
	else
		fail "a screen curses cannot make: the reason is said" "$(screen)"
	fi
	modes_restored "a screen curses cannot make: the terminal is as it was"
fi

# A CPU-time limit (ulimit -t) reached while the search runs to the end.
limit=3
[ -n "${NQ_WRAP:-}" ] && limit=20
start_pre="ulimit -S -t $limit"
start 80 24 -- watch 20
start_pre=
wait_for "Watch 20x20" || fail "a CPU limit: Watch opens" "$(screen)"
# e runs 50 million events at a time, and again, as a person would press it.
i=0
while [ ! -s "$tmpdir/exit" ] && [ $i -lt $((10 * limit + patience)) ]; do
	keys e
	sleep 0.1
	i=$((i + 1))
done
wait_exit
modes_restored "SIGXCPU (ulimit -t) leaves the terminal as it was"
status_is "SIGXCPU ends the program of it" $((128 + $(signum XCPU)))

# A file-size limit (ulimit -f, 512-byte blocks in sh): the save is refused
# with the reason, the game goes on, and the file is as it was.
dir="$XDG_DATA_HOME/nqueens"
mkdir -p "$dir"
{
	echo "nqueens progress 1"
	i=1
	while [ $i -le 300 ]; do
		printf 'solutions 12 %d\n' $i
		i=$((i + 1))
	done
} >"$dir/progress"
cp "$dir/progress" "$tmpdir/progress-before"
start_pre="ulimit -f 1"
start 80 24 -- play 5
start_pre=
wait_for "Queens: 0 of 5" || fail "a file-size limit: Play opens" "$(screen)"
place_solution 1 3 5 2 4
if wait_for "^Progress not saved: cannot write" && wait_for "progress.tmp.*: File too large"; then
	pass "a file-size limit: the save says why it failed"
else
	fail "a file-size limit: the save says why it failed" "$(screen)"
fi
keys q
wait_exit
status_is "a file-size limit: the program goes on, and q ends it as usual" 0
modes_restored "a file-size limit: the terminal is as it was"
if cmp -s "$dir/progress" "$tmpdir/progress-before" && [ "$(ls "$dir")" = progress ]; then
	pass "a file-size limit: the progress file is as it was, no temporary file left"
else
	fail "a file-size limit: the progress file is as it was, no temporary file left" "$(ls -la "$dir")"
fi

# SIGTERM while a save waits for another copy's lock (flock, as long as 5 s):
# answered within a second or two, the terminal given back.
rm -f "$dir/progress"
printf 'nqueens progress 1\n' >"$dir/progress"
flock "$dir/progress" sleep 30 &
holder=$!
rm -f "$tmpdir/how"
start_pre=$how_pre
start 80 24 -- play 5
start_pre=
wait_for "Queens: 0 of 5" || fail "a lock held: Play opens" "$(screen)"
place_solution 1 3 5 2 4
pid=$(pid_of_program)
# The save has the file open, waiting on its lock.
waiting() {
	ls -l "/proc/$pid/fd" 2>/dev/null | grep -q "$dir/progress\$"
}
if within waiting; then
	pass "a lock held: the save waits for it"
else
	fail "a lock held: the save waits for it" "$(ls -l "/proc/$pid/fd" 2>&1)"
fi
kill -s TERM "$pid"
saved=$patience
patience=25
[ -n "${NQ_WRAP:-}" ] && patience=60
if wait_exit; then
	pass "SIGTERM while a save waits on a lock ends the program at once"
else
	fail "SIGTERM while a save waits on a lock ends the program at once" "$(screen)"
fi
patience=$saved
wait_exit
modes_restored "SIGTERM while busy leaves the terminal as it was"
status_is "SIGTERM while busy: the program ends of it" $((128 + $(signum TERM)))
how_is "SIGTERM while busy: the program ends of it, as its parent sees" "signal $(signum TERM)"
kill "$holder" 2>/dev/null
wait "$holder" 2>/dev/null
finish
