# Shared by the bench scripts (bash): a wall-clock timer in seconds.
export LC_ALL=C # EPOCHREALTIME and printf then use a decimal point

# secs CMD...: runs CMD with its output thrown away; prints the seconds it took.
secs() {
	local t0 t1
	t0=$EPOCHREALTIME
	"$@" >/dev/null
	t1=$EPOCHREALTIME
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", b - a }'
}
