#!/bin/sh
# Fuzzes the parsers with libFuzzer, then keeps in tests/fuzz/corpus the new
# inputs that reach code the corpus did not.  Not part of make check.
#
#   tests/fuzz/run.sh [SECONDS [HARNESS...]]    (default: 600 s each, all)
#
# Builds a copy of the tree in build-fuzz/ with clang (./configure CC=clang
# --enable-fuzzing); needs git and the Debian packages clang and
# libclang-rt-dev.  A crash leaves its input as build-fuzz/tree/crash-*; add
# it to the corpus once the parser is fixed.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-600}
[ $# -gt 0 ] && shift
harnesses=${*:-position puzzle progress lesson config journal regions}
build="$top/build-fuzz"
tree="$build/tree"

# A tree of its own: the source tree may be configured for gcc already.
mkdir -p "$tree"
(cd "$top" && git ls-files -z --cached --others --exclude-standard |
	xargs -0 tar cf - --exclude='tests/fuzz/corpus/*') | tar xf - -C "$tree"
cd "$tree"
if [ ! -f Makefile ] || [ configure.ac -nt Makefile ] || [ Makefile.am -nt Makefile ]; then
	autoreconf -fi >/dev/null 2>&1
	./configure CC=clang --enable-fuzzing >/dev/null
fi
for h in $harnesses; do
	make -j2 "tests/fuzz/fuzz_$h" >/dev/null
	scratch="$build/new-$h"
	mkdir -p "$scratch"
	echo "fuzz_$h: $secs s"
	# -rss_limit_mb: a parser that holds a whole 4 KiB input needs little.
	"./tests/fuzz/fuzz_$h" -max_total_time="$secs" -rss_limit_mb=1024 \
		-timeout=5 -print_final_stats=1 "$scratch" "$top/tests/fuzz/corpus/$h" \
		2>"$build/fuzz_$h.log" || {
		tail -n 30 "$build/fuzz_$h.log"
		exit 1
	}
	grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' \
		"$build/fuzz_$h.log"
	"./tests/fuzz/fuzz_$h" -merge=1 "$top/tests/fuzz/corpus/$h" "$scratch" \
		2>>"$build/fuzz_$h.log"
	echo "corpus of $h: $(ls "$top/tests/fuzz/corpus/$h" | wc -l) inputs"
done
