#!/bin/bash
# What K tasks of a split running at once on one machine hold: `count N
# --tasks T --task I --threads 1` for I = 1..K together, first each building
# its own table (--table-cache none), then all mapping the one table of a
# cache (built beforehand).  After WAIT seconds (their tables made, their
# units going) it reads each task's /proc/PID/smaps_rollup: Rss (the pages
# it touches, shared ones counted in full by each), Pss (each shared page
# divided among those mapping it: the honest figure, which sums to the
# memory used), the anonymous (private) part, and the cache file's pages
# in the page cache (fincore); then it stops the tasks (a task of n = 22
# takes minutes): the figures are what they hold while counting.
# Run from the top of the build tree: bench/share.sh [N] [T] [K] [WAIT] [path/to/nqueens]
set -eu
export LC_ALL=C
n=${1:-20} tasks=${2:-128} k=${3:-2} wait_s=${4:-15}
nqueens=${5:-src/nqueens}
tmp=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT
if [ ! -x "$nqueens" ]; then
	echo "share.sh: $nqueens: not an executable (build first?)" >&2
	exit 2
fi
mib() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }
field() { awk -v f="$1:" '$1 == f { print $2 }' "/proc/$2/smaps_rollup"; }

echo "count $n --tasks $tasks, $k tasks at once, read after $wait_s s; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-10s %5s %9s %9s %9s %12s\n' table task Rss-MiB Pss-MiB anon-MiB "page cache"
t0=$EPOCHREALTIME
"$nqueens" count "$n" --tasks 1000000 --task 1 --threads 1 --table-cache "$tmp/cache" >/dev/null
build=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
for how in none "$tmp/cache"; do
	pids=()
	for ((i = 1; i <= k; i++)); do
		"$nqueens" count "$n" --tasks "$tasks" --task "$i" --threads 1 --table-cache "$how" \
			>/dev/null 2>&1 &
		pids+=($!)
	done
	sleep "$wait_s"
	label=$([ "$how" = none ] && echo "its own" || echo "cached")
	cached=-
	[ "$how" = none ] || cached="$(fincore -b -n -o RES "$tmp/cache/halves-$n.table" |
		awk '{ printf "%.0f MiB", $1 / 1048576 }')"
	sum_pss=0
	for ((i = 1; i <= k; i++)); do
		p=${pids[$((i - 1))]}
		if [ ! -r "/proc/$p/smaps_rollup" ]; then
			echo "share.sh: task $i ended before $wait_s s: give a larger T or a smaller WAIT" >&2
			exit 1
		fi
		rss=$(field Rss "$p") pss=$(field Pss "$p") anon=$(field Anonymous "$p")
		sum_pss=$((sum_pss + pss))
		printf '%-10s %5d %9s %9s %9s %12s\n' "$label" "$i" "$(mib "$rss")" "$(mib "$pss")" \
			"$(mib "$anon")" "$cached"
	done
	printf '%-10s %5s %9s %9s\n' "$label" all "" "$(mib "$sum_pss")"
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
done
echo "the cache file: $(du -m "$tmp/cache/halves-$n.table" | cut -f1) MiB, built and written in $build s; load after: $(cut -d' ' -f1-3 /proc/loadavg)"
