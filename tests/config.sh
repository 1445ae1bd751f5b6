#!/bin/sh
# The config file through the program: the theme remembered across runs, the
# command line over it, a bad line told once with its file and line, a file
# that cannot be read left alone.
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

conf="$XDG_CONFIG_HOME/nqueens/config"

# b2_is DESC COLOUR: b2 of the 8x8 board (a dark square off the lines of
# Play's cursor at a8) has that background.
b2_is() {
	poll_begin
	while :; do
		got=$(board_grid 8 bg | sed -n 7p | cut -d' ' -f2)
		[ "$got" = "$2" ] && break
		poll_again || break
	done
	if [ "$got" = "$2" ]; then
		pass "$1"
	else
		fail "$1" "b2: $got, wanted $2" "$(screen)"
	fi
}

# file_is DESC TEXT: the config file holds exactly TEXT (printf's escapes).
file_is() {
	printf "$2" >"$tmpdir/want-conf"
	if cmp -s "$tmpdir/want-conf" "$conf"; then
		pass "$1"
	else
		fail "$1" "the file:" "$(cat "$conf" 2>&1)" "wanted:" "$(cat "$tmpdir/want-conf")"
	fi
}

# No file yet: calm, and nothing said.
start 80 24 -- play 8
expect_screen "no config file: Play opens" "Queens: 0 of 8"
b2_is "no config file: calm" c108
if [ -e "$conf" ]; then
	fail "and none is written unasked" "$(ls -la "$XDG_CONFIG_HOME/nqueens")"
else
	pass "and none is written unasked"
fi
keys T
expect_message "T: wood" "Theme: wood (T for the next)."
b2_is "T: b2 in wood" c137
keys q
wait_exit
file_is "T wrote the theme to the file" 'theme = wood\n'
if [ "$(ls "$XDG_CONFIG_HOME/nqueens")" = config ]; then
	pass "and left no temporary file beside it"
else
	fail "and left no temporary file beside it" "$(ls -la "$XDG_CONFIG_HOME/nqueens")"
fi

# The next run starts in it; the command line wins over it, unwritten.
start 80 24 -- browse 8
expect_screen "the next run opens" "Solution 1 / 92"
b2_is "the next run is in wood" c137
keys q
wait_exit
start 80 24 -- browse 8 --theme night
expect_screen "--theme night opens" "Solution 1 / 92"
b2_is "--theme wins over the file" c237
keys q
wait_exit
start 80 24 -- --theme contrast
expect_screen "--theme before no command: the menu" "Board size"
keys Enter
expect_screen "its Play" "Queens: 0 of 8"
b2_is "--theme before no command wins too" c244
keys q q
wait_exit
file_is "and the file is as it was" 'theme = wood\n'

# A bad line is told once, with the file and the line, and the rest is taken;
# a save keeps the user's lines, the bad one too.
printf '# mine\ntheme = night   # for the lab\ncolour = red\nbell = off\n' >"$conf"
start 80 24 -- play 8
expect_message "a bad line is told with the file and the line" \
	"$conf:3: unknown setting 'colour' (the settings are theme, bell, background, code and assist); ignored"
b2_is "and the good lines are taken" c237
keys Right
if wait_gone "unknown setting"; then
	pass "once: the next key takes it away"
else
	fail "once: the next key takes it away" "$(screen)"
fi
keys Left Right
if screen | grep -q "unknown setting"; then
	fail "and it does not come back" "$(screen)"
else
	pass "and it does not come back"
fi
keys T
expect_message "T from night: contrast" "Theme: contrast (T for the next)."
keys q
wait_exit
file_is "the save keeps the comments, the order and the bad line" \
	'# mine\ntheme = contrast   # for the lab\ncolour = red\nbell = off\n'

printf 'theme = neon\n' >"$conf"
start 80 24 -- play 8
expect_message "a theme not known is told, with what is" \
	"$conf:1: theme is calm, wood, night or contrast, not 'neon'; ignored"
b2_is "and the default is drawn" c108
keys q
wait_exit

printf 'x\ntheme\n= wood\n# mine\n' >"$conf"
start 80 24 -- play 8
expect_message "several bad lines: the first, and how many more" \
	"$conf:1: 'x' is not a setting: write key = value; ignored (and 2 more bad lines)"
keys q
wait_exit

# A file that cannot be read is never written over.
rm -f "$conf"
mkdir "$conf"
start 80 24 -- play 8
expect_message "a directory where the file should be is told" \
	"$conf: Is a directory; settings are not saved, the file is left as it is"
keys T
expect_message "T draws the next theme but says why it is not kept" \
	"Theme: wood (T for the next). Not saved: $conf could not be read (Is a directory), so it is left as it is."
b2_is "in wood all the same" c137
keys q
wait_exit
if [ -d "$conf" ] && [ -z "$(ls -A "$conf")" ]; then
	pass "the directory is left as it was"
else
	fail "the directory is left as it was" "$(ls -la "$conf" 2>&1)"
fi
rmdir "$conf"

if [ "$(id -u)" -ne 0 ]; then
	printf 'theme = night\n' >"$conf"
	chmod 000 "$conf"
	start 80 24 -- play 8
	expect_message "a file without permission to read is told" \
		"$conf: Permission denied; settings are not saved, the file is left as it is"
	b2_is "and the default is drawn" c108
	keys T
	expect_message "T says it is not kept" \
		"Theme: wood (T for the next). Not saved: $conf could not be read (Permission denied), so it is left as it is."
	keys q
	wait_exit
	chmod 600 "$conf"
	file_is "the unreadable file is left as it was" 'theme = night\n'
else
	pass "a file without permission to read # SKIP root reads every file"
fi

# A link is written through and stays a link (a user's dotfiles).
rm -f "$conf"
printf 'bell = off\n' >"$tmpdir/dotfiles-config"
ln -s "$tmpdir/dotfiles-config" "$conf"
start 80 24 -- play 8
expect_screen "a config file that is a link opens" "Queens: 0 of 8"
keys T
expect_message "T through a link" "Theme: wood (T for the next)."
keys q
wait_exit
if [ -L "$conf" ] && [ "$(cat "$tmpdir/dotfiles-config")" = "bell = off
theme = wood" ]; then
	pass "the link is written through and stays a link"
else
	fail "the link is written through and stays a link" "$(ls -la "$conf")" "$(cat "$tmpdir/dotfiles-config")"
fi

# Without XDG_CONFIG_HOME (or with a relative one), under HOME.
mkdir -p "$tmpdir/home"
start 80 24 XDG_CONFIG_HOME=relative HOME="$tmpdir/home" -- play 8
expect_screen "XDG_CONFIG_HOME relative: Play opens" "Queens: 0 of 8"
keys T
expect_message "T saves" "Theme: wood (T for the next)."
keys q
wait_exit
if [ "$(cat "$tmpdir/home/.config/nqueens/config" 2>&1)" = "theme = wood" ] &&
	[ ! -e "$tmpdir/relative" ]; then
	pass "the file is \$HOME/.config/nqueens/config"
else
	fail "the file is \$HOME/.config/nqueens/config" "$(find "$tmpdir/home" "$tmpdir/relative" 2>&1)"
fi
finish
