#!/bin/sh
# The layers of the source: the engine knows no terminal; under src/tui the
# app on top, the screens side by side below it (none including another's
# header), the widgets at the bottom (including no screen's).
. "${srcdir:-.}/tests/lib.sh"

top=${srcdir:-.}
# The screens there are: screen.h's enum screen_kind, in lower case (a
# screen added there brings its files into the screens' floor).
screens=$(sed -n '/^enum screen_kind {/,/^};/s/^[[:space:]]*SCREEN_\([A-Z_]*\),.*/\1/p' \
	"$top/src/tui/screen.h" | grep -v '^KINDS$' | tr 'A-Z' 'a-z')
if [ -z "$screens" ]; then
	echo "Bail out! no screen found in src/tui/screen.h's enum screen_kind"
	exit 1
fi

# The headers a file includes with quotes, one a line, as floor/name
# without ".h" (every include names its floor: "engine/race.h").
included() {
	sed -n 's/^#include "\([a-z_/]*\)\.h".*/\1/p' "$1"
}

# The screen a file of src/tui belongs to (by its name's longest prefix: the
# watch_regions screen's files are not Watch's), or nothing.
screen_of() {
	base=$(basename "$1")
	best=""
	for s in $screens; do
		case "$base" in
		"$s".* | "$s"_*) [ ${#s} -gt ${#best} ] && best=$s ;;
		esac
	done
	[ -z "$best" ] || echo "$best"
}

bad=""
for f in "$top"/src/engine/*.c "$top"/src/engine/*.h; do
	if grep -Eq '#include <(curses|ncurses|term|termkey)\.h>' "$f"; then
		bad="$bad $f(a terminal header)"
	fi
	for h in $(included "$f"); do
		case "$h" in
		engine/* | config) ;;
		*) bad="$bad $f($h.h)" ;;
		esac
	done
done
if [ -z "$bad" ]; then
	pass "the engine includes no terminal header"
else
	fail "the engine includes no terminal header" "$bad"
fi

bad=""
for f in "$top"/src/tui/*.c "$top"/src/tui/*.h; do
	own=$(screen_of "$f")
	case "$(basename "$f")" in app.*) continue ;; esac
	for h in $(included "$f"); do
		# The engine's headers are for every floor; of the app's floor,
		# only the widgets and a screen's own files.
		case "$h" in
		tui/*) h=${h#tui/} ;;
		*) continue ;;
		esac
		[ "$h" = app ] && bad="$bad $f(app.h)"
		hs=$(screen_of "$h.h")
		[ -n "$hs" ] && [ "$hs" != "$own" ] && bad="$bad $f($h.h)"
	done
done
if [ -z "$bad" ]; then
	pass "no screen or widget includes another screen's header, or the app's"
else
	fail "no screen or widget includes another screen's header, or the app's" "$bad"
fi
# Every quoted include names its floor from src/ ("engine/race.h",
# "tui/race.h"), so that two headers of one name cannot be confused.
bad=""
for f in "$top"/src/*.[ch] "$top"/src/engine/*.[ch] "$top"/src/tui/*.[ch]; do
	for h in $(included "$f"); do
		[ "$h" = config ] || [ -f "$top/src/$h.h" ] || bad="$bad $f($h.h)"
	done
done
if [ -z "$bad" ]; then
	pass "every include in src/ names its floor"
else
	fail "every include in src/ names its floor" "$bad"
fi
# Out of memory is an error the user is told (the command line's
# cli_out_of_memory, the screens' SCREEN_FAIL), never an abort: abort()
# would leave no word and, on a screen, the terminal raw.
bad=$(grep -n 'abort *(' "$top"/src/*.c "$top"/src/engine/*.c "$top"/src/tui/*.c)
if [ -z "$bad" ]; then
	pass "nothing in src/ calls abort()"
else
	fail "nothing in src/ calls abort()" "$bad"
fi
finish
