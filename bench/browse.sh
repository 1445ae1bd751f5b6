#!/bin/bash
# The Browse screen on 16x16 (14,772,512 solutions), driven in tmux: how long
# "g K Enter" takes to show solution #K, against listing the first K
# solutions (the way without the prefix table) in the same run; then the
# process's peak memory (VmHWM) after the jumps and a page of the gallery.
# Run from the build tree: bench/browse.sh [path/to/nqueens]
set -eu
. "$(dirname "$0")/lib.sh"
nq=$(cd "$(dirname "${1:-src/nqueens}")" && pwd)/$(basename "${1:-src/nqueens}")
export NQUEENS_DATADIR=${NQUEENS_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)/data}
sock=nq-bench-$$
tm() { tmux -L "$sock" -f /dev/null "$@"; }
# The server is gone once the program quits: its kill-server fails then,
# and the trap's status must not become the script's.
trap 'tm kill-server 2>/dev/null || true' EXIT

# shown PATTERN [SECONDS]: waits until the pane shows PATTERN, for SECONDS
# (default 60) at most; a screen that never shows it ends the bench.
shown() {
	local deadline=$((SECONDS + ${2:-60}))
	until tm capture-pane -p | grep -q "$1"; do
		if [ "$SECONDS" -ge "$deadline" ]; then
			echo "browse.sh: the screen did not show '$1' in ${2:-60} s:" >&2
			tm capture-pane -p >&2 || true
			exit 1
		fi
		sleep 0.002
	done
}

tm new-session -d -x 120 -y 40 "echo \$\$ >/tmp/$sock.pid; exec env TERM=tmux-256color LANG=C.UTF-8 '$nq' browse 16"
shown "Solution 1 / 14772512"
pid=$(cat "/tmp/$sock.pid")
rm -f "/tmp/$sock.pid"

# shows K: the seconds from the keys to the screen showing solution #K.
shows() {
	local t0 t1
	t0=$EPOCHREALTIME
	tm send-keys g "$1" Enter
	shown "Solution $1 / "
	t1=$EPOCHREALTIME
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", b - a }'
}

printf '%-10s %12s %12s %14s %8s\n' "n=16" "k" "jump s" "list-to-k s" "ratio"
for k in 1000000 7386256 14772512; do
	j=$(shows $k)
	l=$(secs sh -c "'$nq' list 16 | head -n $k | tail -n 1")
	printf '%-10s %12d %12.3f %14.3f %8.0f\n' "" "$k" "$j" "$l" "$(awk -v l="$l" -v j="$j" 'BEGIN { print l / j }')"
done
t0=$EPOCHREALTIME
tm send-keys Home
shown "Solution 1 / "
for i in 1 2 3 4 5 6 7 8 9 10; do tm send-keys Right; done
shown "Solution 11 / "
t1=$EPOCHREALTIME
awk -v a="$t0" -v b="$t1" 'BEGIN { printf "Home and ten pages on: %.3f s in all\n", b - a }'
tm send-keys v
shown "gallery"
tm send-keys Tab
shown "classes"
echo "peak memory of the screen: $(awk '/VmHWM/ { print $2, $3 }' "/proc/$pid/status") (the bound: 64 MB)"
tm send-keys q
