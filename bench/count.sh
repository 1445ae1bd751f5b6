#!/bin/bash
# Times `nqueens count` against bench/baseline.c (a plain mirror bitboard
# counter, built here with the project's -O2) in the same run, and prints
# each time's ratio to the baseline's, with the peak memory.
#   backtrack  count N --method backtrack --threads 1: the constellation
#              search that finds the classes too (the old default)
#   halves     count N --threads 1 and 2: the half-board join
#   unique     count N --unique --threads 1
# The goals, measured on the same kind of machine: the quadrant join took
# 0.23 s, 3.0 s and 5.7 s for n = 16, 17, 18 where the mirror counter took
# 4.2 s and 29 s for 16 and 17 (18.3 and 9.7 times faster); and Takaken's
# counter, which finds the classes, took 1.9 s and 13 s (2.2 times the
# mirror's speed).
# Run from the top of the build tree: bench/count.sh [path/to/nqueens] [LAST_N]
# LAST_N is 17 by default; 18 adds n = 18, against the backtracking counter
# (the baseline would take minutes).  NQUEENS_HALVES_KERNEL=generic, popcnt,
# avx2 or avx512 times one build of the join.
set -eu
export LC_ALL=C # printf then uses a decimal point

nqueens=${1:-src/nqueens}
last=${2:-17}
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
${CC:-cc} -O2 -o "$tmp/maxrss" "$here/maxrss.c"

# best_of K CMD...: runs CMD K times; sets out to its output, secs to the
# fastest wall time and kib to the largest peak memory.
best_of() {
	local k=$1 i s m
	shift
	secs= kib=0
	for ((i = 0; i < k; i++)); do
		out=$("$tmp/maxrss" "$@" 2>"$tmp/err")
		read -r s m <"$tmp/err"
		if [ -z "$secs" ] || awk -v t="$s" -v b="$secs" 'BEGIN { exit !(t < b) }'; then
			secs=$s
		fi
		if [ "$m" -gt "$kib" ]; then
			kib=$m
		fi
	done
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1fx", a / b }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }

echo "half-board join: ${NQUEENS_HALVES_KERNEL:-the best this processor runs} (NQUEENS_HALVES_KERNEL)"
printf '%3s %9s %15s %15s %15s %7s %15s %6s\n' \
	n mirror backtrack halves-1 halves-2 "2/1" unique-1 MiB
status=0
for ((n = 14; n <= last; n++)); do
	# The slow counters once from n = 16 on, the half boards always thrice.
	slow=3
	[ "$n" -ge 16 ] && slow=1
	if [ "$n" -le 17 ]; then
		best_of $slow "$tmp/baseline" "$n"
		base_out=$out base_s=$secs
	else
		base_out= base_s=
	fi
	best_of $slow "$nqueens" count "$n" --method backtrack --threads 1
	back_out=$out back_s=$secs
	best_of 3 "$nqueens" count "$n" --threads 1
	one_out=$out one_s=$secs one_k=$kib
	best_of 3 "$nqueens" count "$n" --threads 2
	two_out=$out two_s=$secs two_k=$kib
	best_of 3 "$nqueens" count "$n" --unique --threads 1
	uniq_s=$secs
	ref=${base_s:-$back_s}
	refname=mirror
	[ -n "$base_s" ] || refname=backtrack
	printf '%3d %9s %8.3f %6s %8.3f %6s %8.3f %6s %7s %8.3f %6s %6s\n' "$n" \
		"$([ -n "$base_s" ] && printf '%.3f' "$base_s" || echo -)" \
		"$back_s" "$(ratio "$ref" "$back_s")" \
		"$one_s" "$(ratio "$ref" "$one_s")" \
		"$two_s" "$(ratio "$ref" "$two_s")" "$(ratio "$one_s" "$two_s")" \
		"$uniq_s" "$(ratio "$ref" "$uniq_s")" \
		"$(mib "$one_k")/$(mib "$two_k")"
	[ "$refname" = mirror ] || echo "    (n = $n: ratios to the backtracking counter)"
	if { [ -n "$base_out" ] && [ "$base_out" != "$one_out" ]; } ||
		[ "$back_out" != "$one_out" ] || [ "$one_out" != "$two_out" ]; then
		echo "count.sh: n=$n: counts disagree: baseline $base_out," \
			"backtrack $back_out, 1 thread $one_out, 2 threads $two_out" >&2
		status=1
	fi
done
echo "ratios: the column's time over the mirror baseline's; 2/1: one thread over two"
echo "MiB: peak memory of the half-board count on 1/2 threads"
exit $status
