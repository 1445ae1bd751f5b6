#!/bin/sh
# Long counts that survive: a journalled count killed at random points and
# resumed until it ends gives A000170's number; a journal of another count is
# refused; a line cut off is dropped; a task resumes too; the memory limits
# of ulimit are heeded.
. "${srcdir:-.}/tests/lib.sh"

# n = 18 takes a few seconds on one thread; under valgrind a smaller one.
n=18 want=666090624
if [ -n "${NQ_WRAP:-}" ]; then
	n=14 want=365596
fi

# nq in the background, as a process of its own that $! names.
nq_bg() {
	(exec ${NQ_WRAP:+"$NQ_WRAP"} "$NQUEENS" "$@") &
}

# A random delay in tenths of a second, from $1 to $2.
delay() {
	awk -v lo="$1" -v hi="$2" -v seed="$(od -An -N2 -tu2 /dev/urandom)" \
		'BEGIN { srand(seed); printf "%.1f", lo + rand() * (hi - lo) }'
}

# Kills a journalled count five times at random points (SIGKILL, and once
# SIGTERM as a job's time limit sends), then lets it end.  Each kill comes
# once the journal holds 1 to 100 pieces more than before, read on it, not
# after a time: on a loaded machine a time let the count end first.
j=$tmpdir/count.journal
stopped=0 grown=0 before=0 out=
patience=300
[ -n "${NQ_WRAP:-}" ] && patience=1200
for sig in KILL KILL TERM KILL KILL; do
	nq_bg count "$n" --threads 2 --journal "$j" >"$tmpdir/out" 2>"$tmpdir/err"
	pid=$!
	target=$((before + 1 + $(od -An -N1 -tu1 /dev/urandom) % 100))
	poll_begin
	while kill -0 "$pid" 2>/dev/null; do
		now=0
		[ -f "$j" ] && now=$(($(wc -l <"$j") - 1))
		[ "$now" -ge "$target" ] && break
		poll_again || break
	done
	kill "-$sig" "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	now=0
	[ -f "$j" ] && now=$(($(wc -l <"$j") - 1))
	[ "$now" -gt "$before" ] && grown=$((grown + 1))
	before=$now
	if [ -s "$tmpdir/out" ]; then
		out=$(cat "$tmpdir/out")
	else
		stopped=$((stopped + 1))
	fi
done
[ -n "$out" ] || out=$(nq count "$n" --threads 2 --journal "$j" 2>"$tmpdir/err")
if [ "$out" = "$want" ] && [ "$stopped" -ge 2 ] && [ "$grown" -ge 2 ]; then
	pass "count $n stopped $stopped times and resumed from its journal: $want"
else
	fail "count $n stopped and resumed from its journal" "printed '$out', wanted $want" \
		"stopped $stopped times, the journal grew $grown times" "$(cat "$tmpdir/err")"
fi
# Run again, the journal answers at once; the resumed part is said.
got=$(nq count "$n" --threads 1 --journal "$j" 2>"$tmpdir/err")
if [ "$got" = "$want" ] && grep -q 'pieces counted before' "$tmpdir/err"; then
	pass "a finished journal gives the count again"
else
	fail "a finished journal gives the count again" "$got" "$(cat "$tmpdir/err")"
fi

# A journal of another N, method or version is refused, and left as it was.
cp "$j" "$tmpdir/copy"
refuse "a journal of another N is refused" 2 \
	"^nqueens count: .*count.journal:1: the journal of count $n --method halves, not of count 13 --method halves; give another file$" \
	-- count 13 --journal "$j"
refuse "a journal of another method is refused" 2 \
	"not of count $n --method backtrack" -- count "$n" --method backtrack --journal "$j"
refuse "a journal of another task is refused" 2 \
	"not of count $n --method halves --tasks 4 --task 2" -- count "$n" --tasks 4 --task 2 --journal "$j"
seal "$(head -n 1 "$j" | sed 's/ check=.*//; s/version=[^ ]*/version=0.0.1/')" >"$tmpdir/old.journal"
tail -n +2 "$j" >>"$tmpdir/old.journal"
refuse "a journal of another version is refused" 2 \
	"old.journal:1: the journal of nqueens 0.0.1, not of this .*; give another file" \
	-- count "$n" --journal "$tmpdir/old.journal"
sed 's/version=[^ ]*/version=0.0.1/' "$j" >"$tmpdir/altered.journal"
refuse "a journal altered by hand is refused as damaged" 2 \
	"altered.journal:1: damaged: cut off or altered" -- count "$n" --journal "$tmpdir/altered.journal"
printf 'my notes\n' >"$tmpdir/notes"
refuse "a file that is no journal is refused" 2 "notes:1: not a journal of nqueens count" \
	-- count 12 --journal "$tmpdir/notes"
if cmp -s "$j" "$tmpdir/copy" && [ "$(cat "$tmpdir/notes")" = "my notes" ]; then
	pass "the refused files are left as they were"
else
	fail "the refused files are left as they were"
fi

# A link at the journal's path is never followed: another user's link in a
# shared directory would have the count make a file where it leads.
mkdir "$tmpdir/elsewhere"
ln -s "$tmpdir/elsewhere/made" "$tmpdir/dangling"
refuse "a dangling link at the journal's path is refused" 2 \
	'dangling: a symbolic link; a journal is never opened through one' -- count 12 --journal "$tmpdir/dangling"
if [ ! -e "$tmpdir/elsewhere/made" ]; then
	pass "nothing is made where the link leads"
else
	fail "nothing is made where the link leads"
fi
# Another user's journal is not trusted (only root can give a file away).
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	nq count 12 --journal "$tmpdir/theirs" >/dev/null
	chown nobody "$tmpdir/theirs"
	refuse "another user's journal is refused" 2 \
		"theirs belongs to another user \(uid $(id -u nobody)\), not to you \(uid 0\); a journal must be your own" \
		-- count 12 --journal "$tmpdir/theirs"
else
	echo "# not root: another user's journal cannot be made here"
fi

# A journal forged (a piece's count raised, its check made again) gives no
# total: the count is held against OEIS A000170.
f=$tmpdir/forged.journal
nq count 12 --journal "$f" >/dev/null
sols=$(grep -m 1 'solutions=[1-9]' "$f" | sed 's/.*solutions=\([0-9]*\) .*/\1/')
forge "$f" "solutions=$sols " "s/solutions=$sols /solutions=$((sols + 960)) /"
no_total "a forged journal's total is refused, nothing on stdout" \
	'^nqueens count: counted 15160, but OEIS A000170 has 14200 for n = 12 \(the journal .*forged.journal may be damaged or forged\); no total$' \
	-- count 12 --journal "$f"
# A task's count is held against the whole count's.
f=$tmpdir/forged-task.journal
nq count 12 --tasks 2 --task 1 --journal "$f" >/dev/null
forge "$f" '^piece=' 's/solutions=[0-9]* /solutions=14200 /'
no_total "a forged task journal is refused, nothing on stdout" \
	'^nqueens count: task 1 of 2 counted [0-9]*, more than OEIS A000170 has for all of n = 12 \(14200\)' \
	-- count 12 --tasks 2 --task 1 --journal "$f"

# ulimit -f reached while the journal grows: the count ends with one line
# (not killed by SIGXFSZ), the journal keeps whole lines and resumes.
# (dash and bash have ulimit -f; valgrind writes files of its own.)
z=$tmpdir/limited.journal
if [ -z "${NQ_WRAP:-}" ]; then
	# shellcheck disable=SC3045
	got=$( (ulimit -f 4 && exec "$NQUEENS" count 12 --journal "$z") 2>"$tmpdir/err")
	rc=$?
	if [ "$rc" = 1 ] && [ -z "$got" ] && [ "$(wc -l <"$tmpdir/err")" = 1 ] &&
		grep -q 'limited.journal: File too large (the limit of ulimit -f); its lines are whole' "$tmpdir/err" &&
		[ "$(tail -c 1 "$z" | od -An -c | tr -d ' ')" = '\n' ]; then
		pass "ulimit -f ends a journalled count with a message, the journal whole"
	else
		fail "ulimit -f ends a journalled count with a message, the journal whole" \
			"exit $rc: $got" "$(cat "$tmpdir/err")" "ends: $(tail -c 20 "$z" | od -An -c)"
	fi
	got=$(nq count 12 --journal "$z" 2>"$tmpdir/err")
	if [ "$got" = 14200 ] && ! grep -q 'cut off' "$tmpdir/err"; then
		pass "the journal ulimit -f stopped resumes"
	else
		fail "the journal ulimit -f stopped resumes" "$got" "$(cat "$tmpdir/err")"
	fi
fi

# The last line cut off (a power cut while it was written): dropped and
# said, and the count is right.
k=$tmpdir/cut.journal
nq count 15 --journal "$k" >/dev/null
head -c "$(($(wc -c <"$k") - 20))" "$k" >"$tmpdir/cut" && mv "$tmpdir/cut" "$k"
lines=$(wc -l <"$k")
got=$(nq count 15 --journal "$k" 2>"$tmpdir/err")
if [ "$got" = 2279184 ] && grep -q "cut.journal:$((lines + 1)): the last line was cut off" "$tmpdir/err" &&
	grep -q 'counted before' "$tmpdir/err"; then
	pass "a journal's last line cut off is dropped and said"
else
	fail "a journal's last line cut off is dropped and said" "$got" "$(cat "$tmpdir/err")"
fi

# A task of a split count resumes from its own journal, and prints its line.
t=$tmpdir/task.journal
nq count "$n" --tasks 3 --task 2 --threads 1 >"$tmpdir/whole-task"
nq_bg count "$n" --tasks 3 --task 2 --threads 1 --journal "$t" >/dev/null
pid=$!
sleep "$(delay 0.2 0.5)"
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
nq count "$n" --tasks 3 --task 2 --threads 2 --journal "$t" >"$tmpdir/resumed" 2>"$tmpdir/err"
if cmp -s "$tmpdir/whole-task" "$tmpdir/resumed" && grep -q '^nqueens-journal .* tasks=3 task=2 ' "$t"; then
	pass "a task resumes from its journal and prints the same line"
else
	fail "a task resumes from its journal and prints the same line" \
		"$(cat "$tmpdir/whole-task")" "$(cat "$tmpdir/resumed")" "$(cat "$tmpdir/err")"
fi

# The backtracking search keeps a journal too (a constellation a piece).
b=$tmpdir/backtrack.journal
nq count 12 --method backtrack --journal "$b" >/dev/null
got=$(nq count 12 --method backtrack --unique --journal "$b" 2>/dev/null)
if [ "$got" = 1787 ]; then
	pass "the backtracking count's journal gives the classes again"
else
	fail "the backtracking count's journal gives the classes again" "$got"
fi

# ulimit -v: the default budget fits under it, a larger --memory is refused
# with one that fits (not "Cannot allocate memory"), and a limit below what
# n needs is said.  Under valgrind, or AddressSanitizer (whose shadow memory
# takes terabytes of address space), nothing starts under ulimit -v: the
# plain build checks these.  (dash and bash have ulimit -v.)
# shellcheck disable=SC3045
if [ -z "${NQ_WRAP:-}" ] && (ulimit -v 150000 && nq count 4) >/dev/null 2>&1; then
	got=$( (ulimit -v 150000 && nq count 18 --threads 2) 2>"$tmpdir/err")
	if [ "$got" = 666090624 ] && [ ! -s "$tmpdir/err" ]; then
		pass "count 18 under ulimit -v 150000 takes a budget that fits"
	else
		fail "count 18 under ulimit -v 150000 takes a budget that fits" "$got" "$(cat "$tmpdir/err")"
	fi
	(ulimit -v 150000 && nq count 18 --threads 2 --memory 4G) >"$tmpdir/out" 2>"$tmpdir/err"
	rc=$?
	if [ "$rc" = 2 ] && grep -Eq '^nqueens count: --memory 4G is more than ulimit -v \(RLIMIT_AS\) leaves this process \(about [0-9]+ MiB\); give [0-9]+M at most$' "$tmpdir/err" &&
		[ ! -s "$tmpdir/out" ] && [ "$(wc -l <"$tmpdir/err")" = 1 ]; then
		pass "--memory above what ulimit -v leaves is refused with what fits"
	else
		fail "--memory above what ulimit -v leaves is refused with what fits" "exit $rc" "$(cat "$tmpdir/err")"
	fi
	fits=$(sed -n 's/.*give \([0-9]*M\) at most$/\1/p' "$tmpdir/err")
	got=$( (ulimit -v 150000 && nq count 18 --threads 2 --memory "$fits") 2>&1)
	if [ "$got" = 666090624 ]; then
		pass "the --memory it gives fits under ulimit -v"
	else
		fail "the --memory it gives fits under ulimit -v" "--memory $fits: $got"
	fi
	(ulimit -v 80000 && nq count 20 --threads 2) >"$tmpdir/out" 2>"$tmpdir/err"
	rc=$?
	if [ "$rc" = 1 ] && [ ! -s "$tmpdir/out" ] && [ "$(wc -l <"$tmpdir/err")" = 1 ] &&
		grep -Eq '^nqueens count: count 20 on 2 threads needs [0-9]+ MiB at least, but ulimit -v \(RLIMIT_AS\) leaves this process about [0-9]+ MiB(; try --threads 1)?$' "$tmpdir/err"; then
		pass "a limit below what count 20 needs is said, with both sizes"
	else
		fail "a limit below what count 20 needs is said, with both sizes" "exit $rc" "$(cat "$tmpdir/err")"
	fi
else
	echo "# ulimit -v: the program does not start under it here (valgrind, or AddressSanitizer); the plain build checks the limits"
fi
finish
