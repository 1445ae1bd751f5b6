#!/bin/bash
# Huge boards: solve --method construct for 10^7 and --method repair for 10^6
# (output to /dev/null), and check of a 10^7-queen line, each against a
# baseline in the same run that only writes (or reads) as many numbers:
# seq, and wc.  The ratio is our time over the baseline's.  Peak memory from
# GNU time where it is installed.
# Run from the build tree: bench/huge.sh [path/to/nqueens]
set -eu
. "$(dirname "$0")/lib.sh"
nq=${1:-src/nqueens}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

row() {
	printf '%-34s %10.3f %12.3f %8.2f\n' "$1" "$2" "$3" "$(awk -v a="$2" -v b="$3" 'BEGIN { print a / b }')"
}
printf '%-34s %10s %12s %8s\n' "" "nqueens s" "baseline s" "ratio"
row "solve 10000000 --method construct" "$(secs "$nq" solve 10000000 --method construct)" \
	"$(secs seq 10000000)"
row "solve 1000000 --method repair" "$(secs "$nq" solve 1000000 --method repair)" \
	"$(secs seq 1000000)"
row "solve 10000000 --method repair" "$(secs "$nq" solve 10000000 --method repair)" \
	"$(secs seq 10000000)"
"$nq" solve 10000000 --method construct >"$tmp/big"
row "check --file (10^7 queens)" "$(secs "$nq" check --file "$tmp/big")" \
	"$(secs wc -w "$tmp/big")"
if [ -x /usr/bin/time ]; then
	for args in "solve 10000000 --method construct" "solve 1000000 --method repair" \
		"solve 10000000 --method repair" "check --file $tmp/big"; do
		# shellcheck disable=SC2086
		kb=$( { /usr/bin/time -f '%M' "$nq" $args >/dev/null; } 2>&1 )
		printf 'peak memory of %-34s %8d KiB\n' "${args%% $tmp*}:" "$kb"
	done
fi
