#!/bin/bash
# Times the stepping engine's run to the end (trace N --stats) for n = 12 and
# prints events per second, with the fast counter's time in the same run.
# Run from the build tree: bench/search.sh [path/to/nqueens]
set -eu
. "$(dirname "$0")/lib.sh"
nq=${1:-src/nqueens}
n=12

printf '%-10s %10s %12s %14s\n' "algorithm" "seconds" "events" "events/s"
for a in backtrack scan permute; do
	t=$(secs "$nq" trace $n --algorithm $a --stats)
	ev=$("$nq" trace $n --algorithm $a --stats | sed -n 's/^events: //p')
	printf '%-10s %10.3f %12d %14.0f\n' "$a" "$t" "$ev" "$(awk -v e="$ev" -v t="$t" 'BEGIN { print e / t }')"
done
c=$(secs "$nq" count $n --threads 1)
printf 'reference: count %d --threads 1 takes %.3f s\n' "$n" "$c"
