#!/bin/bash
# Times `nqueens count` against bench/baseline.c (a plain mirror bitboard
# counter, built here with the project's -O2) in the same run, and prints the
# CPU and wall times, the ratios, the peak memory and how busy the rest of the
# machine was meanwhile (other work on a two-core machine skews wall time).
# Each n's commands take turns, round after round (3 for n <= 16, 2 above;
# ROUNDS=K for K each; the rounds column says how many), and each keeps its
# least CPU time, so that a slow spell of the machine falls on all of them
# alike.  The counts build their table each time, as a first count on a
# machine does (NQUEENS_TABLE_CACHE=none); the split's sample below maps it.
#   mirror     bench/baseline.c, n <= 17 (it would take minutes above)
#   backtrack  count N --method backtrack --threads 1, n <= 18 (the constellation
#              search that finds the classes too; the reference above 17)
#   halves-1   count N --threads 1: the half-board join
#   halves-2   count N --threads 2 (2/1: the wall time on one thread over two)
#   unique     count N --unique --threads 1, n <= 18
#   ns/sol     halves-1's CPU time per solution, in nanoseconds: odd n's cost
#              against even n's, and how it goes as n grows
# Then the cluster split: the 8 tasks of the largest n <= 17 counted one after
# another (`--tasks 8 --task I`), their CPU added up against a whole count,
# the least of two rounds of each, their lines added up by `nqueens sum`.
# And the split with the table cached (count --table-cache): SAMPLE tasks
# (10) spread evenly over the TASKS (1000) of LAST_N, each its own process
# mapping the one table, their CPU time per solution against one whole
# count's (ns/sol above), and the same sample building the table each.
# The goals (one thread: n = 18 in 2.0 CPU-seconds at most, n = 20 in 100
# and in 200 MiB, 1.5 times the 135 MB of the fastest other counter we
# know; odd n no slower than the last release's 0.60 and 17 CPU-seconds at
# n = 17 and 19; n = 21 under 30 minutes on 2 threads and 2 GB; the 8
# tasks within 1.2x; two threads 1.8x one at n = 18..20) are printed beside
# the figures.  Every count is checked against OEIS A000170.
# Run from the top of the build tree: bench/count.sh [path/to/nqueens] [LAST_N]
# LAST_N is 17 by default (about 3 minutes); 18 adds two minutes, 19 about 8
# more, 20 about 40 more, 21 two hours or more (ROUNDS=1 halves the last).  NQUEENS_HALVES_KERNEL=generic,
# popcnt, avx2 or avx512 times one build of the join.
set -eu
export LC_ALL=C # printf then uses a decimal point
export NQUEENS_TABLE_CACHE=none

nqueens=${1:-src/nqueens}
last=${2:-17}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$nqueens" ]; then
	echo "count.sh: $nqueens: not an executable (build first?)" >&2
	exit 2
fi
case $last in
1[4-9] | 2[01]) ;;
*)
	echo "count.sh: LAST_N must be 14 to 21, not '$last'" >&2
	exit 2
	;;
esac

# The project's default optimisation, so that the ratios are fair.  The
# empty config.h only stands in when the build tree has none.
: >"$tmp/config.h"
${CC:-cc} -O2 -I. -I"$tmp" -o "$tmp/baseline" "$here/baseline.c"
${CC:-cc} -O2 -o "$tmp/maxrss" "$here/maxrss.c"

# The counts, from OEIS A000170 (solutions) and A002562 (classes).
declare -A known=([14]=365596 [15]=2279184 [16]=14772512 [17]=95815104
	[18]=666090624 [19]=4968057848 [20]=39029188884 [21]=314666222712)
declare -A classes=([14]=45752 [15]=285053 [16]=1846955 [17]=11977939 [18]=83263591)

hz=$(getconf CLK_TCK)
# busy: the CPU seconds the whole machine has spent so far (steal included:
# time the host gave to others is lost to us as well).
busy() {
	awk -v hz="$hz" '$1 == "cpu" { print ($2 + $3 + $4 + $7 + $8 + $9) / hz; exit }' /proc/stat
}

# run KEY CMD...: runs CMD once (it counts n's solutions, or with KEY uniq
# its classes) and checks what it prints; keeps its least CPU time in
# cpu[KEY] and the wall time of that run in wall[KEY], its peak memory in
# kib[KEY]; adds what the rest of the machine did meanwhile to other_cpu.
declare -A cpu wall kib
other_cpu=0 other_wall=0
run() {
	local key=$1 b0 b1 w c m o
	shift
	b0=$(busy)
	o=$("$tmp/maxrss" "$@" 2>"$tmp/err")
	b1=$(busy)
	read -r w c m <"$tmp/err"
	if [ -z "${cpu[$key]:-}" ] || awk -v a="$c" -v b="${cpu[$key]}" 'BEGIN { exit !(a < b) }'; then
		cpu[$key]=$c wall[$key]=$w
	fi
	[ "${kib[$key]:-0}" -ge "$m" ] || kib[$key]=$m
	read -r other_cpu other_wall < <(awk -v o="$other_cpu" -v ow="$other_wall" \
		-v b0="$b0" -v b1="$b1" -v c="$c" -v w="$w" \
		'BEGIN { x = b1 - b0 - c; if (x < 0) x = 0; print o + x, ow + w }')
	local want=${known[$n]}
	[ "$key" != uniq ] || want=${classes[$n]}
	if [ "$o" != "$want" ]; then
		echo "count.sh: $* printed '$o', not $want (OEIS)" >&2
		status=1
	fi
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1fx", a / b }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }
secs() { awk -v s="$1" 'BEGIN { printf (s < 10 ? "%.2f" : "%.0f"), s }'; }

echo "half-board join: ${NQUEENS_HALVES_KERNEL:-the best this processor runs} (NQUEENS_HALVES_KERNEL)"
echo "CPU seconds (the least of the rounds); halves-2 also wall; ratios: mirror's CPU over the column's"
printf '%3s %7s %14s %14s %20s %6s %14s %10s %7s %6s %6s\n' \
	n mirror backtrack halves-1 "halves-2 cpu/wall" 2/1 unique MiB ns/sol load rounds
status=0
goal_lines=()
for ((n = 14; n <= last; n++)); do
	rounds=3
	[ "$n" -ge 17 ] && rounds=2
	rounds=${ROUNDS:-$rounds}
	other_cpu=0 other_wall=0
	for ((i = 0; i < rounds; i++)); do
		[ "$n" -le 17 ] && run mirror "$tmp/baseline" "$n"
		[ "$n" -le 18 ] && run back "$nqueens" count "$n" --method backtrack --threads 1
		run one "$nqueens" count "$n" --threads 1
		run two "$nqueens" count "$n" --threads 2
		[ "$n" -le 18 ] && run uniq "$nqueens" count "$n" --unique --threads 1
	done
	ref=${cpu[mirror]:-}
	[ "$n" -le 17 ] || ref=
	col() { # col KEY: CPU seconds and the ratio, or a dash
		if [ -z "${cpu[$1]:-}" ]; then
			printf '%s' -
		elif [ -n "$ref" ]; then
			printf '%s (%s)' "$(secs "${cpu[$1]}")" "$(ratio "$ref" "${cpu[$1]}")"
		else
			secs "${cpu[$1]}"
		fi
	}
	[ "$n" -le 18 ] || unset 'cpu[back]' 'cpu[uniq]'
	ns_one=$(awk -v c="${cpu[one]}" -v s="${known[$n]}" 'BEGIN { printf "%.2f", s ? c / s * 1e9 : 0 }')
	printf '%3d %7s %14s %14s %20s %6s %14s %10s %7s %6s %6s\n' "$n" \
		"$([ -n "$ref" ] && secs "$ref" || echo -)" \
		"$(col back)" "$(col one)" \
		"$(secs "${cpu[two]}")/$(secs "${wall[two]}")${ref:+ ($(ratio "$ref" "${wall[two]}"))}" \
		"$(ratio "${wall[one]}" "${wall[two]}")" "$(col uniq)" \
		"$(mib "${kib[one]}")/$(mib "${kib[two]}")" \
		"$ns_one" \
		"$(awk -v c="$other_cpu" -v w="$other_wall" 'BEGIN { printf "%.2f", c / w }')" "$rounds"
	case $n in
	17) goal_lines+=("n = 17, one thread: $(secs "${cpu[one]}") CPU-seconds (goal: 0.60 at most, the last release's)") ;;
	18) goal_lines+=("n = 18, one thread: $(secs "${cpu[one]}") CPU-seconds (goal: 2.0 at most)") ;;
	19) goal_lines+=("n = 19, one thread: $(secs "${cpu[one]}") CPU-seconds (goal: 17 at most, the last release's)") ;;
	20) goal_lines+=("n = 20, one thread: $(secs "${cpu[one]}") CPU-seconds, $(mib "${kib[one]}") MiB (goal: 100 and 200 at most)") ;;
	21) goal_lines+=("n = 21, two threads: $(secs "${wall[two]}") s wall, $(mib "${kib[two]}") MiB (goal: under 1800 and 2048)") ;;
	esac
	if [ "$n" -ge 18 ] && [ "$n" -le 20 ]; then
		goal_lines+=("n = $n, two threads: $(ratio "${wall[one]}" "${wall[two]}") one thread's speed (goal: 1.8x on an idle machine)")
	fi
	unset cpu wall kib
	declare -A cpu wall kib
done
echo "load: the CPUs the rest of the machine kept busy during the row (of 2; steal included)"
echo "MiB: peak memory of the half-board count on 1/2 threads"
echo "ns/sol: halves-1's CPU time per solution (nanoseconds)"
echo "rounds: the runs of each command, the least kept"

# The cluster split, at the largest n up to 17: two rounds, each a whole
# count and the 8 tasks one after another, keeping the least of each.
n=$((last < 17 ? last : 17))
tasks_cpu=
for _ in 1 2; do
	run whole "$nqueens" count "$n" --threads 1
	round_cpu=0
	: >"$tmp/tasks"
	for ((i = 1; i <= 8; i++)); do
		"$tmp/maxrss" "$nqueens" count "$n" --tasks 8 --task "$i" --threads 1 >>"$tmp/tasks" 2>"$tmp/err"
		read -r _ c _ <"$tmp/err"
		round_cpu=$(awk -v a="$round_cpu" -v c="$c" 'BEGIN { print a + c }')
	done
	tasks_sum=$("$nqueens" sum "$tmp/tasks" 2>&1)
	if [ "$tasks_sum" != "${known[$n]}" ]; then
		echo "count.sh: the 8 tasks of n = $n add up to $tasks_sum, not ${known[$n]}" >&2
		status=1
	fi
	if [ -z "$tasks_cpu" ] || awk -v a="$round_cpu" -v b="$tasks_cpu" 'BEGIN { exit !(a < b) }'; then
		tasks_cpu=$round_cpu
	fi
done
goal_lines+=("n = $n, --tasks 8: $(secs "$tasks_cpu") CPU-seconds in all, $(ratio "$tasks_cpu" "${cpu[whole]}") a whole count's $(secs "${cpu[whole]}") (goal: 1.2x at most)")

# The split with the table cached: the sample's tasks at LAST_N, mapping
# the table one count built into the cache, then building it each.
n=$last tasks=${TASKS:-1000} sample=${SAMPLE:-10}
"$nqueens" count "$n" --tasks "$tasks" --task 1 --threads 1 --table-cache "$tmp/cache" >/dev/null
for how in "$tmp/cache" none; do
	sample_cpu=0 sample_sol=0
	for ((s = 0; s < sample; s++)); do
		i=$((1 + s * tasks / sample))
		o=$("$tmp/maxrss" "$nqueens" count "$n" --tasks "$tasks" --task "$i" --threads 1 \
			--table-cache "$how" 2>"$tmp/err")
		read -r _ c _ <"$tmp/err"
		sol=$(echo "$o" | sed -n 's/.* solutions=\([0-9]*\) .*/\1/p')
		read -r sample_cpu sample_sol < <(awk -v a="$sample_cpu" -v c="$c" -v b="$sample_sol" \
			-v s="$sol" 'BEGIN { print a + c, b + s }')
	done
	split_ns=$(awk -v c="$sample_cpu" -v s="$sample_sol" 'BEGIN { printf "%.2f", s ? c / s * 1e9 : 0 }')
	[ "$how" = none ] && label="building the table each" || label="the table cached"
	goal_lines+=("n = $n, $sample of --tasks $tasks, $label: $split_ns ns/sol, $(ratio "$split_ns" "$ns_one") one whole count's $ns_one (goal, cached: 1.1x at most)")
done

printf '%s\n' "${goal_lines[@]}"
exit $status
