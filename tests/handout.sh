#!/bin/sh
# Handouts that print: every SVG page read back by tests/svg-pages.py (its
# size in mm for A4 and Letter, nothing drawn past the 15 mm margins,
# "page K of M" on each), the pages' count of each listing, the files named,
# written whole, an earlier run's pages past the new ones removed (nqueens'
# own only), the paper taken from the locale; --format pdf refused without
# rsvg-convert.  tests/handout-pdf.sh makes the PDF.
. "${srcdir:-.}/tests/lib.sh"

if ! command -v python3 >/dev/null 2>&1; then
	echo "python3 is needed to read the pages" >&2
	exit 77
fi
pages_py=${srcdir:-.}/tests/svg-pages.py

# pages_of NAME M: NAME-1.svg ... NAME-M.svg, in order (one page: NAME.svg).
pages_of() {
	if [ "$2" -eq 1 ]; then
		echo "$1.svg"
	else
		k=1
		while [ "$k" -le "$2" ]; do
			echo "$1-$k.svg"
			k=$((k + 1))
		done
	fi
}

# sheet DESC PAPER PAGES BOARDS -- ARGS...: the sheet nq ARGS writes on
# PAPER with --output, read back: PAGES pages holding BOARDS boards.
sheet() {
	desc=$1 paper=$2 npages=$3 want="pages $3 boards $4"
	shift 5
	name=$tmpdir/$paper-$checks
	if ! nq "$@" --paper "$paper" --output "$name.svg"; then
		fail "$desc" "nq $* failed"
		return
	fi
	got=$(python3 "$pages_py" pages "$paper" $(pages_of "$name" "$npages") 2>&1)
	if [ "$got" = "$want" ] && [ "$(ls "$name"* | wc -l)" -eq "$npages" ]; then
		pass "$desc: $got"
	else
		fail "$desc" "wanted $want, got: $got" "$(ls "$tmpdir")"
	fi
}

for paper in a4 letter; do
	# 92 boards of 8x8 in four columns of four rows: six pages.
	sheet "list 8 on $paper" $paper 6 92 -- list 8 --format svg
	sheet "list 8 --unique on $paper (the classes sheet)" $paper 1 12 -- list 8 --unique --format svg
	# Its title takes two lines: Letter's 235 mm less them holds three rows.
	[ $paper = a4 ] && pv=6 || pv=8
	sheet "list 8 --unique --variants on $paper" $paper $pv 92 -- list 8 --unique --variants --format svg
	nq list 8 >"$tmpdir/all8"
	sheet "a check of 92 positions on $paper" $paper 6 92 -- check --file "$tmpdir/all8" --format svg
	# 10x10 boards of 4 mm squares, 3 columns of 196 units (0.25 mm) in
	# 180 mm: 4 rows of 246 in A4's 253 mm less title and footer (12 a
	# page, 8 pages), 3 in Letter's 235 mm (9 a page, 11 pages).
	[ $paper = a4 ] && p10=8 || p10=11
	sheet "the 10x10 board's 92 classes on $paper" $paper $p10 92 -- list 10 --unique --format svg
	for n in 1 10 32; do
		sheet "solve $n on $paper" $paper 1 1 -- solve $n --format svg
	done
	sheet "a 64x64 board on $paper, its squares smaller to fit" $paper 1 1 -- solve 64 --method construct --format svg
done

# One page to standard output is the page --output writes, byte for byte.
nq list 6 --unique --format svg --paper a4 >"$tmpdir/six.svg"
nq list 6 --unique --format svg --paper a4 --output "$tmpdir/six-out.svg"
if cmp -s "$tmpdir/six.svg" "$tmpdir/six-out.svg"; then
	pass "one page: standard output and --output write the same page"
else
	fail "one page: standard output and --output write the same page"
fi
# Pages of a name without .svg: NAME-K.svg all the same.
nq list 8 --format svg --paper a4 --output "$tmpdir/bare" &&
	[ -f "$tmpdir/bare-1.svg" ] && [ -f "$tmpdir/bare-6.svg" ] && [ ! -e "$tmpdir/bare-7.svg" ] &&
	pass "--output NAME without .svg: NAME-1.svg to NAME-6.svg" ||
	fail "--output NAME without .svg: NAME-1.svg to NAME-6.svg" "$(ls "$tmpdir")"
# Written whole under a temporary name: none is left behind.
ls "$tmpdir" | grep -q '\.tmp\.' && fail "no temporary file is left" "$(ls "$tmpdir")" ||
	pass "no temporary file is left"
# The pages' heading is repeated, and the footer counts them.
if [ "$(grep -c '>Every solution, in order<' "$tmpdir"/bare-*.svg | grep -c ':1$')" -eq 6 ] &&
	grep -q '>page 4 of 6<' "$tmpdir/bare-4.svg"; then
	pass "each page headed with the title and footed page K of 6"
else
	fail "each page headed with the title and footed page K of 6"
fi

# Fewer pages than an earlier run to the same name: its pages past the new
# ones removed, page M+1 on while they follow one another, only where they
# carry the mark nqueens puts on a page ("<!-- nqueens handout page K of M").
old=$tmpdir/old
nq list 8 --unique --variants --format svg --paper letter --output "$old.svg" &&
	nq list 8 --format svg --paper letter --output "$old.svg" 2>"$tmpdir/err"
got=$(python3 "$pages_py" pages letter $(pages_of "$old" 6) 2>&1)
if [ "$got" = "pages 6 boards 92" ] && [ "$(ls "$old"* | wc -l)" -eq 6 ] &&
	grep -q '>Every solution, in order<' "$old-1.svg" && [ ! -s "$tmpdir/err" ]; then
	pass "8 pages then 6 to one name: $old-7.svg and -8.svg of the first run gone"
else
	fail "8 pages then 6 to one name: $old-7.svg and -8.svg of the first run gone" \
		"$got" "$(ls "$tmpdir")" "$(cat "$tmpdir/err")"
fi
# 92 boards (six pages) then 12 (one, the name itself): NAME-1.svg on go, but
# not a file of another program, nor a link (nor what it leads to), and
# nothing past a missing page.
nq list 8 --format svg --paper a4 --output "$old.svg" && mkdir "$tmpdir/away" &&
	cp "$old-5.svg" "$tmpdir/away/page.svg" && cp "$old-5.svg" "$old-8.svg" &&
	echo "<svg>mine</svg>" >"$old-3.svg" && rm "$old-5.svg" &&
	ln -s "$tmpdir/away/page.svg" "$old-5.svg"
nq list 8 --unique --format svg --paper a4 --output "$old.svg" 2>"$tmpdir/err"
rc=$?
got=$(python3 "$pages_py" pages a4 "$old.svg" 2>&1)
left="nqueens list: left $old-3.svg: not a page nqueens wrote
nqueens list: left $old-5.svg: not a page nqueens wrote"
if [ $rc -eq 0 ] && [ "$got" = "pages 1 boards 12" ] && [ "$(cat "$tmpdir/err")" = "$left" ] &&
	[ ! -e "$old-1.svg" ] && [ ! -e "$old-2.svg" ] && [ ! -e "$old-4.svg" ] && [ ! -e "$old-6.svg" ] &&
	[ "$(cat "$old-3.svg")" = "<svg>mine</svg>" ] && [ -L "$old-5.svg" ] &&
	cmp -s "$tmpdir/away/page.svg" "$old-8.svg" && [ -f "$old-8.svg" ]; then
	pass "92 boards then 12: pages 1 to 6 gone, -3 not nqueens' and -5 a link left and named, -8 past the gap kept"
else
	fail "92 boards then 12: pages 1 to 6 gone, -3 not nqueens' and -5 a link left and named, -8 past the gap kept" \
		"status $rc, $got" "$(cat "$tmpdir/err")" "$(ls -l "$tmpdir" "$tmpdir/away")"
fi

# The paper by the locale when --paper is left out: LC_ALL, LC_PAPER, LANG.
paper_of() {
	sed -n '2s/.* width="\([0-9.]*mm\)" height="\([0-9.]*mm\)".*/\1 \2/p'
}
for row in "en_US.UTF-8 - - 215.9mm 279.4mm" "- en_CA.UTF-8 de_DE.UTF-8 215.9mm 279.4mm" \
	"- - fr_FR.UTF-8 210mm 297mm" "C en_US.UTF-8 - 210mm 297mm" "- - - 210mm 297mm"; do
	set -- $row
	all=$1 lcp=$2 lang=$3
	[ "$all" = - ] && all=
	[ "$lcp" = - ] && lcp=
	[ "$lang" = - ] && lang=
	got=$(env LC_ALL="$all" LC_PAPER="$lcp" LANG="$lang" ${NQ_WRAP:+"$NQ_WRAP"} "$NQUEENS" solve 4 --format svg | paper_of)
	if [ "$got" = "$4 $5" ]; then
		pass "LC_ALL='$all' LC_PAPER='$lcp' LANG='$lang': $got"
	else
		fail "LC_ALL='$all' LC_PAPER='$lcp' LANG='$lang'" "wanted $4 $5, got $got"
	fi
done

# Without rsvg-convert on PATH, --format pdf says what to install.
mkdir "$tmpdir/nobin"
case $NQUEENS in /*) bin=$NQUEENS ;; *) bin=$PWD/$NQUEENS ;; esac
PATH=$tmpdir/nobin "$bin" list 8 --format pdf --output "$tmpdir/x.pdf" 2>"$tmpdir/err"
rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] && grep -q 'install librsvg2-bin' "$tmpdir/err" &&
	[ ! -e "$tmpdir/x.pdf" ]; then
	pass "--format pdf without rsvg-convert: status 2, install librsvg2-bin"
else
	fail "--format pdf without rsvg-convert: status 2, install librsvg2-bin" "status $rc" "$(cat "$tmpdir/err")"
fi
finish
