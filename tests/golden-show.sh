#!/bin/sh
# Shows a golden frame as a picture: tests/golden-show.sh FRAME OUT.png [--light]
# replays the frame in a tmux pane of its size and draws it with tmux-shot
# (../shared/tools/tmux-shot, or TMUX_SHOT).  The frames keep each line's
# trailing blanks (capture-pane -N), so the replay paints them as they were.
set -eu
frame=$1 out=$2
shift 2
size=$(basename "$frame" .txt | sed 's/.*-//')
w=${size%x*} h=${size#*x}
sock="nq-golden-$$"
shot=${TMUX_SHOT:-$(dirname "$0")/../../shared/tools/tmux-shot}
trap 'tmux -L "$sock" kill-server 2>/dev/null' EXIT
tmux -L "$sock" -f /dev/null new-session -d -x "$w" -y "$h" \
	"printf '\033[H\033[2J'; head -c -1 '$(realpath "$frame")'; sleep 60"
tmux -L "$sock" set-option -g status off
# The frame is shown once its last line is (a tenth of a second at a time).
last=$(tail -n 1 "$frame" | sed 's/\x1b\[[0-9;]*m//g; s/ *$//')
i=0
while [ $i -lt 50 ] &&
	[ "$(tmux -L "$sock" capture-pane -p | tail -n 1 | sed 's/ *$//')" != "$last" ]; do
	sleep 0.1
	i=$((i + 1))
done
"$shot" "$out" -L "$sock" "$@"
