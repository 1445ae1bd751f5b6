#!/bin/sh
# The files a user owns, met by the real program in a terminal (tmux): a link
# into another user's file or a file that is not progress is never written,
# moved or replaced, and said once naming it; a save keeps the config's mode
# and parts a hard link after a notice; FIFOs and sparse files of 4 GiB, in the data folder or as
# progress and config, neither hang nor are read whole; a byte-order mark is
# no fault; a long progress file loads at once; what a killed export left in
# the current directory goes at the next start.
. "${srcdir:-.}/tests/lib.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"

dir="$XDG_DATA_HOME/nqueens"
file="$dir/progress"
conf="$XDG_CONFIG_HOME/nqueens/config"

fresh() {
	rm -rf "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$tmpdir/other"
	mkdir -p "$dir" "$XDG_CONFIG_HOME/nqueens" "$tmpdir/other"
}

quit() {
	keys q
	wait_exit
	[ "$status" = 0 ] || fail "q quits with status 0" "status $status" "$(screen)"
}

# state FILE: what a file is (kind, mode, owner, links, content) to see it
# was not touched.
state() {
	ls -ln "$1" | awk '{ print $1, $2, $3, $4, $5 }'
	cat "$1"
}

# foreign WHERE TEXT: a file of another user's for the tests, its path in
# $real and its owner in $them.  As root, a file holding TEXT given to nobody
# (uid 65534), of mode 0600 as a progress file is; as any other user (who
# cannot give a file away) root's /etc/passwd.
me=$(id -u)
foreign() {
	if [ "$me" -eq 0 ]; then
		real="$1" them=65534
		printf "$2" >"$real"
		chmod 600 "$real"
		chown 65534:65534 "$real"
	else
		real=/etc/passwd them=0
	fi
}

# (1) progress is a link to a file of the user's that is not progress (a
# stand-in for /etc/passwd): Play opens with no key pressed, says so once,
# and sets nothing aside; the file is as it was.
fresh
printf 'root:x:0:0:root:/root:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n' >"$tmpdir/other/passwd"
chmod 644 "$tmpdir/other/passwd"
ln -s "$tmpdir/other/passwd" "$file"
state "$tmpdir/other/passwd" >"$tmpdir/before"
start 100 30 -- play 8
expect_message "a link to a file that is not progress: the notice names it" \
	"$file leads to $tmpdir/other/passwd, which is not a progress file (its first line is not 'nqueens progress 1'); progress is kept for this session only, the file is left as it is"
quit
if state "$tmpdir/other/passwd" | cmp -s - "$tmpdir/before" && [ -L "$file" ] &&
	[ "$(ls "$tmpdir/other")" = passwd ] && [ "$(ls "$dir")" = progress ]; then
	pass "the file it leads to is neither set aside nor replaced"
else
	fail "the file it leads to is neither set aside nor replaced" "$(ls -la "$tmpdir/other" "$dir")"
fi

# Another user's file through a link: read perhaps, never written.
fresh
foreign "$tmpdir/other/theirs" 'nqueens progress 1\nsolutions 5 4\n'
ln -s "$real" "$file"
state "$real" >"$tmpdir/before"
whose="which belongs to another user (uid $them), not to you (uid $me)"
start 100 30 -- play 5
expect_message "a link to another user's file: the notice says whose it is" \
	"$file leads to $real, $whose; progress is kept for this session only, the file is left as it is"
place_solution 1 3 5 2 4
expect_screen "a solved board" "Solved!"
expect_message "is not saved over it" \
	"Progress not saved: $file leads to $real, $whose, so it is left as it is"
quit
if state "$real" | cmp -s - "$tmpdir/before" && [ -L "$file" ] && [ "$(ls "$dir")" = progress ]; then
	pass "another user's file is left as it was: owner, mode, content"
else
	fail "another user's file is left as it was: owner, mode, content" "$(state "$real")"
fi

# The config file: a link to another user's file is not written by T.
fresh
foreign "$tmpdir/other/theirs-config" 'theme = night\n'
ln -s "$real" "$conf"
state "$real" >"$tmpdir/before"
whose="which belongs to another user (uid $them), not to you (uid $me)"
start 100 30 -- play 8
expect_message "a config file of another user's: the notice says so" \
	"$conf leads to $real, $whose; settings are not saved, the file is left as it is"
keys T
# Root reads the file (theme = night), another user cannot take /etc/passwd.
next=wood
[ "$me" -eq 0 ] && next=contrast
expect_message "T draws the next theme and says why it is not kept" \
	"Theme: $next (T for the next). Not saved: $conf leads to $real, $whose, so it is left as it is."
quit
if state "$real" | cmp -s - "$tmpdir/before" && [ -L "$conf" ]; then
	pass "another user's config file is left as it was"
else
	fail "another user's config file is left as it was" "$(state "$real")"
fi

# A config file of mode 0644 with a second name (a hard link): the start says
# a save parts them, and T does so, the mode kept; never a write in place,
# which a full disk would leave torn.
fresh
printf '# mine\nbell = off\n' >"$conf"
chmod 644 "$conf"
ln "$conf" "$tmpdir/other/dotfiles-config"
start 80 24 -- play 8
expect_message "a hard-linked config: the notice names it" \
	"$conf has 2 names (hard links): a save makes it a file of its own"
keys T
expect_message "T with a hard-linked config" "Theme: wood (T for the next)."
quit
if [ "$(stat -c '%a %h' "$conf")" = "644 1" ] &&
	[ "$(cat "$conf")" = "# mine
bell = off
theme = wood" ] && [ "$(cat "$tmpdir/other/dotfiles-config")" = "# mine
bell = off" ]; then
	pass "the config keeps its mode 0644 and becomes a file of its own"
else
	fail "the config keeps its mode 0644 and becomes a file of its own" "$(stat -c '%n %a %h' "$conf" "$tmpdir/other/dotfiles-config")" "$(cat "$conf")"
fi

# The config's directory is a link to a directory holding an ssh client's
# config (root with a user's HOME met it so): the start names the link, T
# says the theme is not kept, and the file there is as it was; nor is a
# progress file made through a linked data directory.
fresh
rmdir "$XDG_CONFIG_HOME/nqueens" "$dir"
mkdir "$tmpdir/other/ssh"
printf 'Host *\n  ForwardAgent no\n' >"$tmpdir/other/ssh/config"
ln -s "$tmpdir/other/ssh" "$XDG_CONFIG_HOME/nqueens"
ln -s "$tmpdir/other/ssh" "$dir"
state "$tmpdir/other/ssh/config" >"$tmpdir/before"
start 100 30 -- play 8
expect_message "linked data and config directories: the notice names each link" \
	"$dir is a symbolic link (to $tmpdir/other/ssh): the directories under $XDG_DATA_HOME must be real ones of yours; progress is kept for this session only, the file is left as it is $XDG_CONFIG_HOME/nqueens is a symbolic link (to $tmpdir/other/ssh): the directories under $XDG_CONFIG_HOME must be real ones of yours; settings are not saved, the file is left as it is"
keys T
expect_message "T says the theme is not kept, and why" \
	"Theme: wood (T for the next). Not saved: $XDG_CONFIG_HOME/nqueens is a symbolic link (to $tmpdir/other/ssh): the directories under $XDG_CONFIG_HOME must be real ones of yours, so it is left as it is."
quit
if state "$tmpdir/other/ssh/config" | cmp -s - "$tmpdir/before" &&
	[ "$(ls "$tmpdir/other/ssh")" = config ]; then
	pass "nothing is written or made through a linked directory"
else
	fail "nothing is written or made through a linked directory" "$(ls -la "$tmpdir/other/ssh")" "$(cat "$tmpdir/other/ssh/config")"
fi

# (3) FIFOs in the data folder's lessons/ and puzzles/: the menu opens, and q
# quits (the program blocked in open() before, deaf to q and SIGTERM).
fresh
mkdir -p "$tmpdir/data"
cp -R "$NQUEENS_DATADIR/." "$tmpdir/data"
mkfifo "$tmpdir/data/lessons/stuck.txt" "$tmpdir/data/puzzles/09-easy-09.txt"
start 80 24 NQUEENS_DATADIR="$tmpdir/data" --
expect_screen "FIFOs in the data folder: the menu opens" "Board size"
quit

# A FIFO as the progress file, and a sparse file of 4 GiB as progress and
# as config: said at once, never waited on nor read.
fresh
mkfifo "$file"
truncate -s 4G "$conf"
start 120 30 -- play 5
expect_screen "a FIFO as progress: the notice says what it is" "$file: not a regular file \\(a FIFO\\)"
expect_screen "a config file of 4 GiB: refused by its size" "$conf: larger than 64 KiB, not a config file"
quit
rm -f "$file" "$conf"
truncate -s 4G "$file"
start 120 30 -- play 5
expect_screen "a progress file of 4 GiB: refused by its size, at once" "$file: larger than 64 MiB"
quit
if [ "$(stat -c %s "$file")" = 4294967296 ]; then
	pass "and left as it was"
else
	fail "and left as it was" "$(ls -l "$file")"
fi

# A byte-order mark (as Notepad writes) before either file's first line.
fresh
printf '\357\273\277nqueens progress 1\r\nsolutions 5 2\r\n' >"$file"
printf '\357\273\277theme = night\n' >"$conf"
start 80 24 -- play 5
expect_screen "a byte-order mark: the progress is read" "found 1 of 10"
if screen | grep -q "damaged\|progress:\|config:"; then
	fail "and nothing is said about either file" "$(screen)"
else
	pass "and nothing is said about either file"
fi
quit
if [ ! -e "$file.damaged" ]; then
	pass "the progress file with a byte-order mark is not set aside"
else
	fail "the progress file with a byte-order mark is not set aside" "$(ls -la "$dir")"
fi

# (4) 160,000 best lines and 160,000 set lines (4.6 MB): Play opens within
# the patience (the load was quadratic: 53 s for the best lines alone).
fresh
awk 'BEGIN {
	print "nqueens progress 1"
	for (i = 0; i < 160000; i++)
		printf "best p%06d.txt %d\nset k%06d v%d\n", i, 1000 + i, i, i
}' >"$file"
start 80 24 -- play 5
expect_screen "a progress file of 320,000 lines opens at once" "Queens: 0 of 5"
if screen | grep -q "progress"; then
	fail "and is read without a word" "$(screen)"
else
	pass "and is read without a word"
fi
quit

# (7) What a killed export left in the current directory (hidden now, and
# the visible name of release 0.1.0) goes at the next start; the export
# leaves nothing behind.
fresh
mkdir -p "$tmpdir/work"
printf 'half an exp' >"$tmpdir/work/.nqueens-export.tmp.AbC123"
printf 'half an exp' >"$tmpdir/work/nqueens-export.tmp.xYz789"
printf 'mine\n' >"$tmpdir/work/notes.txt"
start_dir="$tmpdir/work"
start 80 24 -- --ascii browse 8
start_dir=
expect_screen "Browse opens" "Solution 1 / 92"
leftovers() {
	[ -z "$(cd "$tmpdir/work" && ls -A | grep 'export.tmp')" ]
}
if within leftovers; then
	pass "the temporary files of a killed export are gone at the start"
else
	fail "the temporary files of a killed export are gone at the start" "$(ls -A "$tmpdir/work")"
fi
keys x
expect_screen "x exports" "Written to nqueens-8x8-solution-1.txt"
quit
if [ "$(cd "$tmpdir/work" && ls -A | tr '\n' ' ')" = "notes.txt nqueens-8x8-solution-1.txt " ]; then
	pass "the export leaves its file and nothing else"
else
	fail "the export leaves its file and nothing else" "$(ls -A "$tmpdir/work")"
fi
finish
