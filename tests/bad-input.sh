#!/bin/sh
# Every row of tests/bad-input.txt: a bad command line, its exit status and
# the one line it writes on stderr.  A hang, a second line on stderr, output
# where none belongs or another status fails the row.
. "${srcdir:-.}/tests/lib.sh"

# The fixtures the rows name as $T/...
T="$tmpdir/fixtures"
# The user's own lessons are not the tester's: lesson NAME's rows list the shipped ones.
export XDG_DATA_HOME="$tmpdir/data"
mkdir -p "$T/dir"
printf '1 5 8 6 3 7 2 4\n2 4 1 3\0 junk\n' >"$T/nul.txt"
printf '# two positions\n1 3 x\n1 3 5 2 4\n' >"$T/bad"
printf 'size: 5\ngrade: easy\nqueens: a1 a3\n' >"$T/bad.txt"
printf 'size: 8\ngrade: easy\nqueens: a1 c3\n' >"$T/attacking.txt"
printf 'size: 8\ngrade: easy\ncolour: red\n' >"$T/key.txt"
printf 'size: 8\ngrade: easy\nqueens: a1 g2\n' >"$T/many.txt"
printf 'size: 32\ngrade: hard\nqueens: a1 b3\n' >"$T/p32.txt"
printf 'size: 8\0\ngrade: easy\n' >"$T/nul-puzzle.txt"
printf 'title: bad\n\nsay: hi\nshow: watch 4\nrun: soon\n' >"$T/bad-lesson.txt"
printf 'say: hi\nshow: watch 6 from 1 1\n' >"$T/attacking-lesson.txt"
printf 'say: hi\nshow: watch 4 first\nrun: 100\n' >"$T/past-lesson.txt"
printf 'say: hi\nshow: browse 8 #13 classes\n' >"$T/class-lesson.txt"
# 200 steps of watch 20 to event 49999999: past a lesson's budget at step 2.
i=0
while [ $i -lt 200 ]; do
	printf '\nsay: hi\nshow: watch 20\nrun: 49999999\n'
	i=$((i + 1))
done >"$T/heavy-lesson.txt"
printf 'say: hi\nshow: race 8 bits\n' >"$T/race-one.txt"
printf 'say: hi\nshow: race 8 bits scan bits\n' >"$T/race-twice.txt"
printf 'say: hi\nshow: race 8 backtrack repair\n' >"$T/race-repair.txt"
printf 'say: hi\nshow: race 8 backtrack dfs\n' >"$T/race-dfs.txt"
printf 'say: hi\nshow: watch 8 dfs\n' >"$T/watch-dfs.txt"
printf 'say: hi\nshow: race 3 repair construct first\n' >"$T/race-small.txt"
printf 'say: hi\nshow: race 8 backtrack scan permute bits repair first\n' >"$T/race-five.txt"
printf 'say: hi\nshow: race 8\nrun: 100\n' >"$T/race-run.txt"
# Odd files: a FIFO (in the data folder too), a sparse file of 4 GiB, and
# files that start with a byte-order mark, as Notepad writes them.
mkfifo "$T/fifo"
mkdir -p "$T/data/lessons"
mkfifo "$T/data/lessons/stuck.txt"
mkdir -p "$T/fifo-table"
mkfifo "$T/fifo-table/prefix-counts.tsv"
printf 'size: 8\rhello\rgrade: easy\r' >"$T/cr-puzzle.txt"
# Regions puzzles (Queens with regions) each wrong in one way.
r5='aabbb\nabbbb\nacbbb\naabbd\naaebd\n'
printf "size: 5\nregions:\n$r5" >"$T/regions.txt"
printf 'size: 5\nregions:\naabbb\nabbbb\nacbb\naabbd\naaebd\n' >"$T/r-shape.txt"
printf 'size: 5\nregions:\naabbb\nabbbb\nacbfb\naabbd\naaebd\n' >"$T/r-letter.txt"
printf 'size: 5\nregions:\naabbb\nabbbb\nabbbb\naabbd\naaabd\n' >"$T/r-count.txt"
printf 'size: 5\nregions:\naabbb\nabbbb\nacbbb\naabbd\ndaebd\n' >"$T/r-parts.txt"
printf "size: 5\nregions:\n${r5}queens: c3\n" >"$T/r-none.txt"
printf 'size: 5\nregions:\naabbb\nabbbb\nacbbb\n' >"$T/r-rows.txt"
: >"$T/empty.txt"
# A student's events for compare: a wrong word, a square off the board, junk.
printf 'enter a\ntry a1\njump a1\n' >"$T/ev-word.txt"
printf 'enter a\ntry a1\nplace a9\n' >"$T/ev-off.txt"
printf 'enter a\ntry a1\n\177\001\002\n' >"$T/ev-junk.txt"
printf 'enter a\ntry a1\nplace a1\n' >"$T/ev-cut.txt"
truncate -s 4G "$T/huge.txt"
printf '\357\273\2771 3 5 2 4\n1 3 x\n' >"$T/bom.txt"
printf '\357\273\277size: 8\ngrade: easy\ncolour: red\n' >"$T/bom-puzzle.txt"
printf '\357\273\277title: bad\n\nsay: hi\nshow: watch 4\nrun: soon\n' >"$T/bom-lesson.txt"
# Task lines of a split count, and a journal, for sum and count --journal.
for I in 1 2 3; do
	"$NQUEENS" count 12 --tasks 3 --task "$I" >"$T/task$I"
done
"$NQUEENS" count 13 --tasks 3 --task 2 >"$T/task13"
head -c 40 "$T/task2" >"$T/task-cut"
"$NQUEENS" count 12 --journal "$T/journal12" >/dev/null
printf 'my notes\n' >"$T/notes"
# Journals a count must not trust, and task lines count never writes.
ln -s journal12 "$T/journal-link"
cp "$T/journal12" "$T/journal-open" && chmod 666 "$T/journal-open"
cp "$T/journal12" "$T/journal-group" && chmod 664 "$T/journal-group"
v=$(sed 's/.* version=\([^ ]*\) .*/\1/' "$T/task1")
seal "nqueens-task n=12 tasks=2147483647 task=1 method=halves solutions=1 version=$v" >"$T/task-huge"
seal "nqueens-task n=64 tasks=1 task=1 method=bogus solutions=5 version=x" >"$T/task-n64"
seal "nqueens-task n=12 tasks=3 task=2 method=bogus solutions=5 version=$v" >"$T/task-method"
seal "nqueens-task n=12 tasks=3 task=2 method=halves solutions=5 version=x" >"$T/task-version"
seal "nqueens-task n=3 tasks=1 task=1 method=halves solutions=0 version=$v" >"$T/task-halves3"
seal "nqueens-task n=12 tasks=3 task=7 method=backtrack solutions=5 version=$v" >"$T/task-past"
export T NQUEENS NQ_WRAP

# Seconds a row may take before it counts as a hang; valgrind is slower.
limit=10
[ -n "${NQ_WRAP:-}" ] && limit=120

rows=0
while IFS='	' read -r status pattern cmd; do
	case "$status" in
	'' | '#'*) continue ;;
	esac
	rows=$((rows + 1))
	flags=${status#[0-9]}
	status=${status%"$flags"}
	case "$flags" in
	*!*) if [ -n "${NQ_WRAP:-}" ]; then
		pass "$cmd # SKIP too heavy for valgrind"
		continue
	fi ;;
	esac
	# shellcheck disable=SC2016
	timeout -k 2 "$limit" sh -c 'nq() { ${NQ_WRAP:+"$NQ_WRAP"} "$NQUEENS" "$@"; }; '"$cmd" \
		</dev/null >"$tmpdir/out" 2>"$tmpdir/err"
	rc=$?
	lines=$(wc -l <"$tmpdir/err")
	if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
		fail "$cmd" "no answer within $limit s"
	elif [ "$rc" -ne "$status" ]; then
		fail "$cmd" "exit status $rc, wanted $status" "stderr: $(head -c 300 "$tmpdir/err")"
	elif [ "$lines" -ne 1 ]; then
		fail "$cmd" "stderr has $lines lines, wanted 1:" "$(head -c 300 "$tmpdir/err")"
	elif ! grep -Eq -- "$pattern" "$tmpdir/err"; then
		fail "$cmd" "stderr: $(cat "$tmpdir/err")" "wanted a match of: $pattern"
	elif [ -s "$tmpdir/out" ] && case "$flags" in *+*) false ;; *) true ;; esac; then
		fail "$cmd" "unexpected stdout: $(head -c 300 "$tmpdir/out")"
	else
		pass "$cmd"
	fi
done <"${srcdir:-.}/tests/bad-input.txt"
if [ "$rows" -ge 100 ]; then
	pass "the table has $rows rows"
else
	fail "the table has $rows rows, fewer than 100"
fi
finish
