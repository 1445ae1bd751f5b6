#!/bin/bash
# Times the regions puzzle generator (puzzle --regions 10) for each grade over
# seeds 1 to 10, one process at a time (one core), with the classic puzzle
# generator (puzzle 10) on the same seeds in the same run as the reference,
# and prints the mean and the slowest time a puzzle against the goal: a
# 10x10 regions puzzle in under a second on one core.
# Run from the build tree: bench/regions.sh [path/to/nqueens] [N]
set -eu
. "$(dirname "$0")/lib.sh"
nq=${1:-src/nqueens}
n=${2:-10}
seeds=10

printf '%-22s %10s %10s\n' "generator, n = $n" "mean s" "slowest s"
worst_all=0
for g in easy medium hard reference; do
	sum=0 worst=0
	for s in $(seq 1 $seeds); do
		if [ $g = reference ]; then
			t=$(secs "$nq" puzzle "$n" --grade medium --seed "$s")
		else
			t=$(secs "$nq" puzzle --regions "$n" --grade $g --seed "$s")
		fi
		sum=$(awk -v a="$sum" -v b="$t" 'BEGIN { print a + b }')
		worst=$(awk -v a="$worst" -v b="$t" 'BEGIN { print (b > a ? b : a) }')
	done
	if [ $g = reference ]; then
		label="classic puzzle $n"
	else
		label="regions $g"
		worst_all=$(awk -v a="$worst_all" -v b="$worst" 'BEGIN { print (b > a ? b : a) }')
	fi
	printf '%-22s %10.3f %10.3f\n' "$label" "$(awk -v a="$sum" -v k=$seeds 'BEGIN { print a / k }')" "$worst"
done
printf 'goal: a %dx%d regions puzzle in under 1 s: slowest %.3f s: %s\n' "$n" "$n" "$worst_all" \
	"$(awk -v w="$worst_all" 'BEGIN { print (w < 1 ? "met" : "NOT met") }')"
