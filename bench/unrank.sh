#!/bin/bash
# Times "solve N --index K" (unrank) for n = 16 against listing the first K
# solutions, the way without a prefix table, in the same run; prints ratios.
# Run from the build tree: bench/unrank.sh [path/to/nqueens]
set -eu
. "$(dirname "$0")/lib.sh"
nq=${1:-src/nqueens}
export NQUEENS_DATADIR=${NQUEENS_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)/data}
n=16
total=14772512

printf '%-10s %12s %12s %12s %8s\n' "n=$n" "k" "unrank s" "list-to-k s" "ratio"
for k in 1000000 7386256 $total; do
	u=$(secs "$nq" solve $n --index $k)
	l=$(secs sh -c "'$nq' list $n | head -n $k | tail -n 1")
	want=$("$nq" list $n | sed -n "${k}p")
	got=$("$nq" solve $n --index $k)
	if [ "$want" != "$got" ]; then
		echo "mismatch at k=$k: unrank '$got', list '$want'" >&2
		exit 1
	fi
	printf '%-10s %12d %12.3f %12.3f %8.0f\n' "" "$k" "$u" "$l" "$(awk -v l="$l" -v u="$u" 'BEGIN { print l / u }')"
done
mem=$( { /usr/bin/time -f '%M' "$nq" solve $n --index $total >/dev/null; } 2>&1 )
echo "peak memory of one unrank: ${mem} KiB"
