#!/bin/bash
# How the count scales: `count N --threads K` for K = 1, 2, 4, ... up to the
# CPUs here, and the split into as many processes at once (`--tasks K
# --task I --threads 1`, each mapping the one table from a cache), each
# point's wall and CPU seconds, its speed-up and efficiency against one
# thread's CPU time (its wall time on an idle machine; the rest of a busy
# one stretches wall times: the load column says how busy), and its peak memory (of the largest process).  Then
# what limits it, measured on the one-thread run (NQUEENS_PIECE_TIMES): the
# serial setup (the table built), the longest piece (a thread's handful of
# units) and a simulation of 16 and 64 threads from the pieces' times (the
# setup, then the pieces in order, each to the thread free first, as the
# count hands them out; memory bandwidth not modelled).  The simulated 2
# threads stand beside the measured 2 as a check of the model.  Every total
# is checked against OEIS A000170; the load of the rest of the machine is
# printed per point.
# Run from the top of the build tree: bench/scaling.sh [N] [path/to/nqueens]
# N is 19 by default (about a minute on 2 cores); 20 takes about 5.
set -eu
export LC_ALL=C
n=${1:-19}
nqueens=${2:-src/nqueens}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case $n in
1[4-9] | 2[0-2]) ;;
*)
	echo "scaling.sh: N must be 14 to 22, not '$n'" >&2
	exit 2
	;;
esac
if [ ! -x "$nqueens" ]; then
	echo "scaling.sh: $nqueens: not an executable (build first?)" >&2
	exit 2
fi
${CC:-cc} -O2 -o "$tmp/maxrss" "$here/maxrss.c"
declare -A known=([14]=365596 [15]=2279184 [16]=14772512 [17]=95815104
	[18]=666090624 [19]=4968057848 [20]=39029188884 [21]=314666222712
	[22]=2691008701644)
hz=$(getconf CLK_TCK)
busy() { awk -v hz="$hz" '$1 == "cpu" { print ($2 + $3 + $4 + $7 + $8 + $9) / hz; exit }' /proc/stat; }
cpus=$(nproc)
points=()
for ((k = 1; k < cpus; k *= 2)); do points+=("$k"); done
points+=("$cpus")

status=0
check() { # check WHAT GOT
	if [ "$2" != "${known[$n]}" ]; then
		echo "scaling.sh: $1 counted '$2', not ${known[$n]} (OEIS)" >&2
		status=1
	fi
}
line() { # line MODE K WALL CPU KIB OTHER_CPU
	awk -v m="$1" -v k="$2" -v w="$3" -v c="$4" -v kib="$5" -v o="$6" -v w1="$wall1" \
		'BEGIN { printf "%-8s %4d %9.2f %9.2f %8.2fx %6.0f%% %8.0f %6.2f\n",
			m, k, w, c, w1 / w, 100 * w1 / w / k, kib / 1024, o / w }'
}

echo "count $n on $cpus CPUs ($(awk '/^model name/ { sub(/.*: /, ""); print; exit }' /proc/cpuinfo)), the join's kernel: ${NQUEENS_HALVES_KERNEL:-the best here}"
printf '%-8s %4s %9s %9s %9s %7s %8s %6s\n' mode K wall-s CPU-s speed-up eff. MiB load
wall1=
for k in "${points[@]}"; do
	b0=$(busy)
	env NQUEENS_TABLE_CACHE=none NQUEENS_PIECE_TIMES="$tmp/times$k" \
		"$tmp/maxrss" "$nqueens" count "$n" --threads "$k" >"$tmp/out" 2>"$tmp/err"
	b1=$(busy)
	read -r w c m <"$tmp/err"
	check "--threads $k" "$(cat "$tmp/out")"
	[ -n "$wall1" ] || wall1=$c
	line threads "$k" "$w" "$c" "$m" "$(awk -v a="$b0" -v b="$b1" -v c="$c" 'BEGIN { x = b - a - c; print x < 0 ? 0 : x }')"
done
# The split: the table built once into a cache, then K processes at once.
"$nqueens" count "$n" --tasks 1000000 --task 1 --table-cache "$tmp/cache" >/dev/null
for k in "${points[@]}"; do
	b0=$(busy)
	t0=$EPOCHREALTIME
	for ((i = 1; i <= k; i++)); do
		"$tmp/maxrss" "$nqueens" count "$n" --tasks "$k" --task "$i" --threads 1 \
			--table-cache "$tmp/cache" >"$tmp/task$i" 2>"$tmp/cost$i" &
	done
	wait
	t1=$EPOCHREALTIME
	b1=$(busy)
	w=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
	c=$(cat "$tmp"/cost[0-9]* | awk '{ s += $2 } END { print s }')
	m=$(cat "$tmp"/cost[0-9]* | awk '$3 > m { m = $3 } END { print m }')
	check "--tasks $k" "$(cat "$tmp"/task[0-9]* | "$nqueens" sum 2>&1)"
	rm -f "$tmp"/task[0-9]* "$tmp"/cost[0-9]*
	line split "$k" "$w" "$c" "$m" "$(awk -v a="$b0" -v b="$b1" -v c="$c" 'BEGIN { x = b - a - c; print x < 0 ? 0 : x }')"
done
echo "speed-up and eff.: one thread's CPU time over the point's wall time (eff.: over K as well);"
echo "  its CPU, not its wall time, which the rest of a busy machine stretches"
echo "MiB: the peak memory of the count, or of the largest task; load: the CPUs the rest of the machine kept busy"

# The limits, from the one-thread run's pieces.
awk '
	$1 == "setup" { setup = $2 }
	$1 == "piece" { d[np++] = $4 - $3; sum += $4 - $3; if ($4 - $3 > max) max = $4 - $3 }
	function sim(k,   i, j, best, t, mk) {
		for (j = 0; j < k; j++) t[j] = 0
		for (i = 0; i < np; i++) {
			best = 0
			for (j = 1; j < k; j++) if (t[j] < t[best]) best = j
			t[best] += d[i]
		}
		mk = 0
		for (j = 0; j < k; j++) if (t[j] > mk) mk = t[j]
		return setup + mk
	}
	END {
		total = setup + sum
		printf "one thread: setup (the table built) %.2f s, %d pieces %.2f s in all, the longest %.3f s\n", setup, np, sum, max
		for (k = 2; k <= 64; k *= (k == 2 ? 8 : 4)) {
			m = sim(k)
			printf "simulated %2d threads: %.2f s, speed-up %.2fx, efficiency %.0f%% (setup %.0f%% of it, the uneven end %.0f%%)\n",
				k, m, total / m, 100 * total / m / k, 100 * setup / m, 100 * (m - setup - sum / k) / m
		}
	}' "$tmp/times1"
exit $status
