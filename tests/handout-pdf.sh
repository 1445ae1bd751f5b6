#!/bin/sh
# --format pdf: the pages made one PDF by rsvg-convert, each page A4
# (595.28 x 841.89 pt, ISO 216's 210 x 297 mm) or Letter (612 x 792 pt),
# as many pages as the SVG pages.  Skips (77) only without rsvg-convert.
. "${srcdir:-.}/tests/lib.sh"

if ! command -v rsvg-convert >/dev/null 2>&1; then
	echo "rsvg-convert is not installed (Debian: librsvg2-bin)" >&2
	exit 77
fi
if ! command -v python3 >/dev/null 2>&1; then
	echo "python3 is needed to read the PDF" >&2
	exit 77
fi
pages_py=${srcdir:-.}/tests/svg-pages.py

# pdf DESC PAGES W H -- ARGS...: nq ARGS --output FILE.pdf makes PAGES
# pages of W x H points, within a point.
pdf() {
	desc=$1 pages=$2 w=$3 h=$4
	shift 5
	out=$tmpdir/out-$checks.pdf
	if ! nq "$@" --format pdf --output "$out" 2>"$tmpdir/err"; then
		fail "$desc" "nq $* failed" "$(cat "$tmpdir/err")"
		return
	fi
	got=$(python3 "$pages_py" pdf "$out")
	bad=$(printf '%s\n' "$got" | awk -v w="$w" -v h="$h" -v p="$pages" '
		NR == 1 { if ($2 != p) print "pages " $2 ", not " p; next }
		{ n++; if ($1 - w > 1 || w - $1 > 1 || $2 - h > 1 || h - $2 > 1) print "page " n ": " $1 " x " $2 }
		END { if (n != p) print n " MediaBoxes" }')
	if [ -z "$bad" ] && head -c 5 "$out" | grep -q '^%PDF-'; then
		pass "$desc: $pages pages of $w x $h pt"
	else
		fail "$desc" "$bad" "$got"
	fi
}

nq list 8 >"$tmpdir/all8"
pdf "list 8 --unique on A4" 1 595.28 841.89 -- list 8 --unique --paper a4
pdf "list 8 on A4" 6 595.28 841.89 -- list 8 --paper a4
pdf "a check of the 92 positions on A4" 6 595.28 841.89 -- check --file "$tmpdir/all8" --paper a4
pdf "list 8 on Letter" 6 612 792 -- list 8 --paper letter
pdf "solve 8 on Letter" 1 612 792 -- solve 8 --paper letter
# To standard output, the same PDF.
nq list 8 --unique --paper a4 --format pdf >"$tmpdir/stdout.pdf"
if [ "$(python3 "$pages_py" pdf "$tmpdir/stdout.pdf" | head -1)" = "pages 1" ]; then
	pass "--format pdf to standard output (not a terminal)"
else
	fail "--format pdf to standard output (not a terminal)"
fi
ls "${TMPDIR:-/tmp}" | grep -q "nqueens-pdf\.$$" && fail "the pages' directory is removed" || pass "the pages' directory is removed"
ls "$tmpdir" | grep -q '\.tmp\.' && fail "no temporary file is left" "$(ls "$tmpdir")" ||
	pass "no temporary file is left"
finish
