#!/bin/sh
# The join's table cache (count --table-cache DIR, NQUEENS_TABLE_CACHE): the
# counts with and without it, one file from racing counts, its header and
# checksums read by an independent reader (Python), and each file refused:
# foreign, damaged (data, header, length), of another n or version, a link,
# writable by others, another user's.
. "${srcdir:-.}/tests/lib.sh"

d=$tmpdir/cache
unset NQUEENS_TABLE_CACHE

# Reads or rewrites a cache file's header as table_cache.c lays it out: the
# checksums computed here, not by the program.
header() {
	python3 - "$@" <<'EOF'
import struct, sys
K, M = 0x9e3779b97f4a7c15, (1 << 64) - 1
def tsum(words):
    l = [j + 1 for j in range(8)]
    for i, w in enumerate(words):
        l[i % 8] = ((l[i % 8] + w) * K) & M
    h = len(words)
    for x in l:
        h = ((h ^ x) * K) & M
        h ^= h >> 29
    return h
FMT = "<8sIIII32sQQQQQ"
path, what = sys.argv[1], sys.argv[2]
data = bytearray(open(path, "rb").read())
f = list(struct.unpack_from(FMT, data, 0))
magic, fmt, n, h, has_x, ver, nkeys, ln, size, dsum, hsum = f
words = lambda b: list(struct.unpack("<%dQ" % (len(b) // 8), b))
if what == "check":
    ok = (magic == b"NQTABLE\n" and hsum == tsum(words(bytes(data[:88])))
          and size == len(data) and dsum == tsum(words(bytes(data[4096:]))))
    print("n=%d h=%d has_x=%d version=%s nkeys=%d len=%d %s" % (
        n, h, has_x, ver.rstrip(b"\0").decode(), nkeys, ln, "good" if ok else "bad"))
    sys.exit(0 if ok else 1)
if what == "version":
    f[5] = sys.argv[3].encode()
if what == "n":
    f[2] = int(sys.argv[3])
struct.pack_into(FMT, data, 0, *f)
struct.pack_into("<Q", data, 88, tsum(words(bytes(data[:88]))))
open(path, "wb").write(data)
EOF
}

# The counts the same with the cache (built, then mapped) and without.
for n in 12 13 16; do
	a=$(nq count $n --table-cache none)
	b=$(nq count $n --table-cache "$d")
	c=$(nq count $n --table-cache "$d" 2>&1)
	t1=$(nq count $n --tasks 3 --task 2 --table-cache none)
	t2=$(nq count $n --tasks 3 --task 2 --table-cache "$d")
	if [ "$a" = "$b" ] && [ "$b" = "$c" ] && [ "$t1" = "$t2" ] && [ -f "$d/halves-$n.table" ]; then
		pass "count $n: $a without the cache, built into it and mapped from it; a task the same"
	else
		fail "count $n with and without the cache" "none: $a, built: $b, mapped: $c" \
			"task: $t1 / $t2" "$(ls -l "$d" 2>&1)"
	fi
done
# The reference is the oracle's: the header and both checksums as read here.
if out=$(header "$d/halves-12.table" check) &&
	expr "$out" : "n=12 h=6 has_x=1 version=$(nq --version | sed 's/.* //') nkeys=4096 len=2635 good" >/dev/null; then
	pass "the cache file's header and checksums hold, read by another reader: $out"
else
	fail "the cache file's header and checksums" "$out"
fi
# The default directory: $XDG_CACHE_HOME/nqueens, and the variable's.
XDG_CACHE_HOME=$tmpdir/xdg nq count 12 >/dev/null
NQUEENS_TABLE_CACHE=$tmpdir/env nq count 12 >/dev/null
if [ -f "$tmpdir/xdg/nqueens/halves-12.table" ] && [ -f "$tmpdir/env/halves-12.table" ] &&
	[ ! -e "$tmpdir/xdg/nqueens/halves-13.table" ]; then
	pass "the cache goes to \$XDG_CACHE_HOME/nqueens, or to \$NQUEENS_TABLE_CACHE"
else
	fail "the default cache directories" "$(ls -R "$tmpdir/xdg" "$tmpdir/env" 2>&1)"
fi
NQUEENS_TABLE_CACHE=none XDG_CACHE_HOME=$tmpdir/none nq count 12 >/dev/null
if [ ! -e "$tmpdir/none" ]; then
	pass "NQUEENS_TABLE_CACHE=none: no cache"
else
	fail "NQUEENS_TABLE_CACHE=none wrote a cache" "$(ls -R "$tmpdir/none")"
fi

# A table mapped from the cache is the page cache's, not the count's: its
# floor leaves the table out (n = 16: 3 MiB with it, 2 without).
refuse "--memory 2M without the cache: too small for count 16" 2 \
	"^nqueens count: --memory 2M is too small for count 16 on 1 thread: it needs 3 MiB at least$" \
	-- count 16 --memory 2M --threads 1 --table-cache none
out=$(nq count 16 --memory 2M --threads 1 --table-cache "$d" 2>&1)
if [ "$out" = 14772512 ]; then
	pass "--memory 2M with the table cached: count 16 fits, $out"
else
	fail "--memory 2M with the table cached" "$out"
fi

# Two counts racing to build it: both right, one file, nothing left over.
r=$tmpdir/race
nq count 16 --table-cache "$r" >"$tmpdir/r1" 2>&1 &
p1=$!
nq count 16 --table-cache "$r" >"$tmpdir/r2" 2>&1 &
p2=$!
wait $p1
s1=$?
wait $p2
s2=$?
if [ $s1 = 0 ] && [ $s2 = 0 ] && [ "$(cat "$tmpdir/r1")" = 14772512 ] &&
	[ "$(cat "$tmpdir/r2")" = 14772512 ] &&
	[ "$(ls "$r")" = "halves-16.lock
halves-16.table" ]; then
	pass "two counts racing to build the cache: both 14772512, one file"
else
	fail "two counts racing to build the cache" "$s1 $s2 $(cat "$tmpdir/r1" "$tmpdir/r2")" "$(ls "$r")"
fi

# refused WHAT PATTERN FIX: a cache file made wrong by FIX is said on
# stderr with PATTERN, the count still right (NQUEENS_TABLE_CACHE: not
# strict); left as it was (kept=same) or replaced by a good one.
refused() {
	what=$1 pattern=$2 kept=$3
	shift 3
	rm -rf "$d"
	nq count 12 --table-cache "$d" >/dev/null
	f=$d/halves-12.table
	"$@"
	before=$(cksum <"$f" 2>/dev/null)
	out=$(NQUEENS_TABLE_CACHE=$d nq count 12 2>"$tmpdir/err")
	after=$(cksum <"$f" 2>/dev/null)
	if [ "$out" = 14200 ] && grep -q "^nqueens count: table cache $f: $pattern" "$tmpdir/err" &&
		if [ "$kept" = same ]; then [ "$before" = "$after" ]; else header "$f" check >/dev/null; fi; then
		pass "a cache file $what is refused, the count right, the file $kept"
	else
		fail "a cache file $what is refused" "count: $out, file: $before -> $after" \
			"stderr: $(cat "$tmpdir/err")" "wanted: $pattern, the file $kept"
	fi
}
flip() { # flip BYTE: changes the byte at that offset
	printf '\377' | dd of="$f" bs=1 seek="$1" conv=notrunc 2>/dev/null
}
refused "of another program" "not a table cache of nqueens" same \
	sh -c 'echo "some other file" >"$1"' - "$d/halves-12.table"
refused "damaged in its data" "damaged (its checksum does not match)" replaced flip 9000
refused "damaged in its header" "damaged (its header's checksum does not match)" replaced flip 20
refused "cut short" "damaged ([0-9]* bytes; a table of n = 12 with its crossing words has" \
	replaced truncate -s 40000 "$d/halves-12.table"
refused "of another version" "made by nqueens 0.0.9 (format 1), not by this one" replaced \
	header "$d/halves-12.table" version 0.0.9
refused "of another n" "the table of n = 13, not of n = 12" replaced \
	header "$d/halves-12.table" n 13
refused "writable by its group" "writable by its group (mode 664)" same chmod 664 "$d/halves-12.table"
refused "writable by others" "writable by others (mode 646)" same chmod 646 "$d/halves-12.table"
link_it() {
	mv "$f" "$tmpdir/target"
	ln -s "$tmpdir/target" "$f"
}
refused "that is a symbolic link" "a symbolic link; a table is never read through one" same link_it
if [ "$(id -u)" = 0 ]; then
	refused "of another user" "belongs to another user (uid 65534)" same \
		chown 65534 "$d/halves-12.table"
fi

# Asked for with --table-cache, a file not trusted stops the count.
rm -rf "$d"
nq count 12 --table-cache "$d" >/dev/null
chmod 666 "$d/halves-12.table"
refuse "a file writable by others, asked for by --table-cache: the count stops" 1 \
	"^nqueens count: table cache $d/halves-12.table: writable by others \\(mode 666\\): .*; the cache was asked for: remove the file or give another --table-cache$" \
	-- count 12 --table-cache "$d"
chmod 644 "$d/halves-12.table"
refuse "--table-cache with no directory" 2 "^nqueens count: --table-cache needs a directory, or none$" \
	-- count 12 --table-cache ''
# A directory that cannot be made: a file where it would be.
: >"$tmpdir/plain"
refuse "a cache directory that cannot be made, asked for: the count stops" 1 \
	"^nqueens count: table cache: cannot create $tmpdir/plain/sub: " \
	-- count 12 --table-cache "$tmpdir/plain/sub"
out=$(NQUEENS_TABLE_CACHE=$tmpdir/plain/sub nq count 12 2>/dev/null)
if [ "$out" = 14200 ]; then
	pass "a cache directory that cannot be made, not asked for: the count in memory"
else
	fail "a cache directory that cannot be made, not asked for" "$out"
fi

finish
