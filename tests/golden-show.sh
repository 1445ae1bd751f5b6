#!/bin/sh
# Shows a golden frame as a picture: tests/golden-show.sh FRAME OUT.png [--light]
# replays the frame in a tmux pane of its size and draws it with tmux-shot
# (../shared/tools/tmux-shot, or TMUX_SHOT).
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
sleep 0.5
"$shot" "$out" -L "$sock" "$@"
