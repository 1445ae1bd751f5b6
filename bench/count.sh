#!/bin/bash
# Times `nqueens count` on 1 and 2 threads against bench/baseline.c.
# Run from the top of the build tree: bench/count.sh [path/to/nqueens]
set -eu
export LC_ALL=C # EPOCHREALTIME and printf then use a decimal point

nqueens=${1:-src/nqueens}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$nqueens" ]; then
	echo "count.sh: $nqueens: not an executable (build first?)" >&2
	exit 2
fi

# The project's default optimisation, so that the ratios are fair.  The
# empty config.h only stands in when the build tree has none.
: >"$tmp/config.h"
${CC:-cc} -O2 -I. -I"$tmp" -o "$tmp/baseline" "$here/baseline.c"

# best_of K CMD...: runs CMD K times; sets out to its output and secs to
# the fastest wall time.
best_of() {
	local k=$1 i start end t
	shift
	secs=
	for ((i = 0; i < k; i++)); do
		start=$EPOCHREALTIME
		out=$("$@")
		end=$EPOCHREALTIME
		t=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.6f", b - a }')
		if [ -z "$secs" ] || awk -v t="$t" -v s="$secs" 'BEGIN { exit !(t < s) }'; then
			secs=$t
		fi
	done
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

status=0
printf '%3s %10s %10s %7s %10s %7s %8s\n' \
	n baseline 1-thread ratio 2-thread ratio speedup
for n in 14 15 16 17; do
	runs=3
	[ "$n" -ge 16 ] && runs=1
	best_of $runs "$tmp/baseline" "$n"
	base_out=$out base_s=$secs
	best_of $runs "$nqueens" count "$n" --threads 1
	one_out=$out one_s=$secs
	best_of $runs "$nqueens" count "$n" --threads 2
	two_out=$out two_s=$secs
	printf '%3d %10.3f %10.3f %7s %10.3f %7s %8s\n' "$n" \
		"$base_s" "$one_s" "$(ratio "$base_s" "$one_s")" \
		"$two_s" "$(ratio "$base_s" "$two_s")" "$(ratio "$one_s" "$two_s")"
	if [ "$base_out" != "$one_out" ] || [ "$base_out" != "$two_out" ]; then
		echo "count.sh: n=$n: counts disagree: baseline $base_out," \
			"1 thread $one_out, 2 threads $two_out" >&2
		status=1
	fi
done
exit $status
