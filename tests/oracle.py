#!/usr/bin/env python3
"""The oracle: runs the Python listings of data/code/ under sys.settrace and
compares, event by event, what they really do with what `nqueens trace N
--algorithm A --code python --vars` says they do: the lit line, the
variables after it, the refusal's reason and attacker, and every counter
of `trace --stats`.

usage: oracle.py NQUEENS CODEDIR [ALGO:N[:counts] | c:ALGO:N:TMP |
                                  java:ALGO:N:TMP]...

ALGO:N compares event by event; ALGO:N:counts compares the counters alone;
c:ALGO:N:TMP and java:ALGO:N:TMP build in TMP a copy of that listing with
a counter bumped before each counted line, run it and compare its counters.  Exits 1 at
the first difference, printing the event's number, the engine's line and
variables and the program's.
"""

import io
import os
import re
import subprocess
import sys

# The engine's event lines: "try a1", "reject b1: attacked by a1 along the
# rank", "enter solve(b)", "solution 1: 2 4 1 3", "done: 2 solutions".
SQUARE = re.compile(r"^(try|reject|place|remove) ([a-z])(\d+)")
REASON = re.compile(r"attacked by ([a-z])(\d+) along (the rank|a diagonal|"
                    r"the other diagonal|an anti-diagonal|the file|.*)$")


def square(file, rank):
    return "%s%d" % (chr(ord("a") + file), rank + 1)


class Program:
    """One run of a listing under settrace, as the engine's events."""

    def __init__(self, algo, path, n, counts_only):
        self.algo, self.n, self.counts_only = algo, n, counts_only
        with open(path) as f:
            self.source = f.read()
        self.lines = self.source.split("\n")
        self.path = path
        self.events = []  # (kind, line, text, vars)
        self.stack = []  # the frames of solve, outermost first
        self.counts = dict(tested=0, placed=0, removed=0, solutions=0,
                           calls=0, events=0, examined=0)
        self.picked = {}  # bits: a frame's pick not yet taken back
        self.after_loop = {}  # frames whose loop's head ran last
        self.pending = None  # the event waiting for the state after its line
        self.read = None  # the indexes the last test read
        self.g = None

    def line_of(self, piece):
        at = [i + 1 for i, t in enumerate(self.lines) if piece in t]
        if len(at) != 1:
            raise SystemExit("oracle: %s: '%s' on %d lines" %
                             (self.path, piece, len(at)))
        return at[0]

    def run(self):
        a = self.algo
        self.loop = self.line_of("for rank in range(n):" if a != "bits"
                                 else "while free:")
        self.main = self.line_of("print(count)")
        if a == "bits":
            self.pick = self.line_of("bit = free & -free")
            self.place = self.line_of("x[file] = bit")
        elif a == "scan":
            self.place = self.line_of("board[file][rank] = True")
            self.remove = self.line_of("board[file][rank] = False")
            self.look = self.line_of("if board[f][r]:")
        else:
            self.place = self.line_of("x[file] = rank")
            self.remove = self.line_of("= False")
        self.solution = self.line_of("count += 1")
        # A test line is one whose next line is its continue.
        self.tests = {i for i in range(1, len(self.lines))
                      if self.lines[i].strip() == "continue"}
        self.g = {"__name__": "__main__"}
        code = compile(self.source, self.path, "exec")
        argv, out = sys.argv, sys.stdout
        sys.argv, sys.stdout = [self.path, str(self.n)], io.StringIO()
        sys.settrace(self.trace)
        try:
            exec(code, self.g)
        finally:
            sys.settrace(None)
            self.printed = sys.stdout.getvalue()
            sys.argv, sys.stdout = argv, out
        if not self.counts_only:
            self.events[-1][3] = self.state()

    # What the panel shows, in the format of trace --vars.
    def state(self, drop_top=False):
        g, n = self.g, self.n
        if self.algo == "scan":
            cells = []
            for col in g["board"]:
                cells.append(str(col.index(True)) if True in col else ".")
            text = "board=" + ",".join(cells)
        else:
            x = list(g["x"])
            text = "x=" + ",".join(str(v) for v in x)
        if self.algo in ("backtrack", "permute"):
            for name in ("rank_used", "up_used", "down_used"):
                text += " %s=%s" % (name, "".join(
                    "T" if v else "." for v in g[name]))
        if self.algo in ("backtrack", "permute"):
            text += " read=" + ",".join(
                "-" if v is None else str(v)
                for v in (self.read or (None, None, None)))
        text += " count=%d" % g["count"]
        for fr in (self.stack[:-1] if drop_top else self.stack):
            loc = fr.f_locals
            if self.algo == "bits":
                names = ("file", "ranks", "up", "down", "free", "bit")
                text += " solve(%s)" % ",".join(
                    "%s=%s" % (k, loc[k]) for k in names if k in loc)
            else:
                names = ("file", "rank") + (
                    ("up", "down") if self.algo != "scan" else ())
                text += " solve(%s)" % ",".join(
                    "%s=%s" % (k, loc[k]) for k in names if k in loc)
        return text

    def emit(self, kind, line, text, read=None, drop_top=False, now=False):
        """An event lit on line; its variables are the state after the line,
        which the program holds at its next step (flush)."""
        self.counts["events"] += 1
        if self.counts_only:
            return
        self.read = read
        self.events.append([kind, line, text, None])
        if drop_top or now:
            self.events[-1][3] = self.state(drop_top)
        else:
            self.pending = self.events[-1]

    def flush(self):
        if self.pending is not None:
            self.pending[3] = self.state()
            self.pending = None

    def trace(self, frame, event, arg):
        name = frame.f_code.co_name
        self.flush()
        if name == "<module>":
            if event == "line" and frame.f_lineno == self.main:
                count = self.g["count"]
                self.emit("done", self.main, "done: %d solution%s" % (
                    count, "" if count == 1 else "s"))
            return self.trace
        if name == "seen":
            if event == "line" and frame.f_lineno == self.look:
                self.counts["examined"] += 1
            if event == "return" and arg and self.counts_only:
                self.counts["events"] += 1  # the refusal
            if event == "return" and arg and not self.counts_only:
                top = self.stack[-1].f_locals
                f, r = frame.f_locals["f"], frame.f_locals["r"]
                step = frame.f_locals["step"]
                why = {0: "the rank", -1: "a diagonal", 1: "a diagonal"}[step]
                self.emit("reject", frame.f_back.f_lineno,
                          "reject %s: attacked by %s along %s" % (
                              square(top["file"], top["rank"]),
                              square(f, r), why))
            return self.trace if event == "call" else self.trace
        if name == "safe":
            return self.trace
        if name != "solve":
            return self.trace
        if event == "call":
            self.counts["calls"] += 1
            self.emit("enter", frame.f_back.f_lineno, "enter solve(%s)" %
                      chr(ord("a") + frame.f_locals["file"]))
            self.stack.append(frame)
            return self.trace
        if event == "return":
            self.after_loop.pop(id(frame), None)
            self.emit("return", frame.f_lineno, "return from solve(%s)" %
                      chr(ord("a") + frame.f_locals["file"]), drop_top=True)
            self.stack.pop()
            return self.trace
        if event != "line":
            return self.trace
        self.step(frame, frame.f_lineno)
        return self.trace

    def step(self, frame, line):
        loc, c, key = frame.f_locals, self.counts, id(frame)
        if self.algo == "bits":
            # The loop's head after a pick takes the pick's queen off.
            if line == self.loop and key in self.picked:
                c["removed"] += 1
                self.emit("remove", line, "remove %s" %
                          square(*self.picked.pop(key)))
            elif line == self.pick:
                c["tested"] += 1
                free = loc["free"]
                self.emit("try", line, "try %s" % square(
                    loc["file"], (free & -free).bit_length() - 1))
            elif line == self.place:
                sq = (loc["file"], loc["bit"].bit_length() - 1)
                self.picked[key] = sq
                c["placed"] += 1
                self.emit("place", line, "place %s" % square(*sq))
            elif line == self.solution:
                c["solutions"] += 1
                self.emit("solution", line, "solution %d" % (
                    self.g["count"] + 1))
            return
        snap = self.after_loop.pop(key, None)
        if snap is not None:
            # A pass of the loop that goes on into its body: a try.
            c["tested"] += 1
            self.emit("try", self.loop, "try %s" % square(loc["file"],
                                                           loc["rank"]),
                      now=True)
        if line == self.loop:
            self.after_loop[key] = True
        elif line in self.tests and self.algo != "scan":
            self.test_line = line
        elif (self.lines[line - 1].strip() == "continue"
              and self.algo != "scan"):
            # The test before the continue refused the square.
            g, r, f = self.g, loc["rank"], loc["file"]
            below = [fr.f_locals for fr in self.stack[:-1]]
            if g["rank_used"][r]:
                by = [q for q in below if q["rank"] == r]
            elif g["up_used"][loc["up"]]:
                by = [q for q in below if q["file"] - q["rank"] == f - r]
            else:
                by = [q for q in below if q["file"] + q["rank"] == f + r]
            why = "the rank" if g["rank_used"][r] else "a diagonal"
            # or stops at the first true operand.
            read = (r, None, None) if g["rank_used"][r] else (
                (r, loc["up"], None) if g["up_used"][loc["up"]]
                else (r, loc["up"], loc["down"]))
            by = by[0] if by else {"file": -1, "rank": -1}
            self.emit("reject", self.test_line,
                      "reject %s: attacked by %s along %s" % (
                          square(f, r), square(by["file"], by["rank"]), why),
                      read, now=True)
        elif line == self.place:
            c["placed"] += 1
            self.emit("place", line, "place %s" % square(loc["file"],
                                                         loc["rank"]),
                      (loc["rank"], loc.get("up"), loc.get("down")))
        elif line == self.solution:
            c["solutions"] += 1
            self.emit("solution", line, "solution %d" % (self.g["count"] + 1))
        elif line == self.remove:
            c["removed"] += 1
            self.emit("remove", line, "remove %s" % square(loc["file"],
                                                           loc["rank"]))


def engine(nq, algo, n, counts_only):
    if counts_only:
        out = subprocess.run([nq, "trace", str(n), "--algorithm", algo,
                              "--stats"], capture_output=True, text=True,
                             check=True).stdout
        return dict(line.split(": ") for line in out.splitlines()
                    if not line.startswith("nodes"))
    out = subprocess.run([nq, "trace", str(n), "--algorithm", algo, "--code",
                          "python", "--vars"], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    events = []
    for line in out:
        if line.startswith("  vars: "):
            events[-1][3] = line[len("  vars: "):]
        elif line.startswith("  "):
            events[-1][1] = int(line.split(":")[0])
        else:
            events.append([line.split(" ")[0].rstrip(":"), 0, line, None])
    return events


def same_text(mine, theirs):
    """The engine's words against the program's: the program says less."""
    if theirs.startswith("solution"):
        return mine.startswith(theirs + ":")
    if theirs.startswith("reject") and "a diagonal" in theirs:
        return mine == theirs or mine == theirs.replace(
            "a diagonal", "the other diagonal")
    return mine == theirs


def loose(text):
    """Debugging aids: ORACLE_NO_X leaves x out of a variables line,
    ORACLE_NO_LOCALS the locals up, down, free and bit."""
    if text and os.environ.get("ORACLE_NO_X"):
        text = re.sub(r"^x=\S*", "", text)
    if text and os.environ.get("ORACLE_NO_LOCALS"):
        text = re.sub(r",(up|down|free|bit)=\d+", "", text)
    return text


def compare(nq, codedir, algo, n, counts_only):
    path = os.path.join(codedir, algo + ".py")
    prog = Program(algo, path, n, counts_only)
    prog.run()
    if counts_only:
        mine = engine(nq, algo, n, True)
        for key, value in prog.counts.items():
            if key == "examined" and algo != "scan":
                continue
            if int(mine.get(key, -1)) != value:
                print("oracle: %s n=%d: %s is %s in trace --stats, %d in %s" %
                      (algo, n, key, mine.get(key), value, path))
                return False
        return True
    counts = engine(nq, algo, n, True)
    for key, value in prog.counts.items():
        if key == "examined" and algo != "scan":
            continue
        if int(counts.get(key, -1)) != value:
            print("oracle: %s n=%d: %s is %s in trace --stats, %d in %s" %
                  (algo, n, key, counts.get(key), value, path))
            return False
    mine = engine(nq, algo, n, False)
    for i, (m, p) in enumerate(zip(mine, prog.events)):
        if (m[0] != p[0] or m[1] != p[1] or not same_text(m[2], p[2])
                or loose(m[3]) != loose(p[3])):
            print("oracle: %s n=%d: event %d differs" % (algo, n, i + 1))
            print("  engine:  %s\n    line %d: %s\n    vars: %s" %
                  (m[2], m[1], prog.lines[m[1] - 1].strip()
                   if 0 < m[1] <= len(prog.lines) else "", m[3]))
            print("  program: %s\n    line %d: %s\n    vars: %s" %
                  (p[2], p[1], prog.lines[p[1] - 1].strip()
                   if 0 < p[1] <= len(prog.lines) else "", p[3]))
            return False
    if len(mine) != len(prog.events):
        print("oracle: %s n=%d: the engine has %d events, the program %d" %
              (algo, n, len(mine), len(prog.events)))
        return False
    return True


# The C and Java listings, counted: a copy of each with a counter bumped
# before the lines that do what a counter counts, compiled and run.
COUNTED = [
    # (counter, does the line start with one of these, bump before it)
    ("calls", ("for (int rank = 0", "unsigned free = full", "int free = full")),
    ("tested", ("if (rank_used[rank]", "if (rankUsed[rank]", "if (!safe(",
                "free ^= bit;")),
    ("placed", ("x[file] =", "board[file][rank] = true;")),
    ("removed", ("rank_used[rank] = up_used[up] = down_used[down] = false;",
                 "rankUsed[rank] = upUsed[up] = downUsed[down] = false;",
                 "board[file][rank] = false;")),
    ("examined", ("if (board[f][r])",)),
]


def instrument(text, java):
    lines = text.split("\n")
    out, done, found = [], set(), set()
    for line in lines:
        code = line.strip()
        for name, starts in COUNTED:
            if name not in done and code.startswith(starts):
                done.add(name)
                indent = line[:len(line) - len(line.lstrip())]
                out.append("%snq_%s++;" % (indent, name))
        out.append(line)
        if java and code.startswith("public class ") and "decl" not in found:
            found.add("decl")
            out.append("    static long %s;" % ", ".join(
                "nq_" + c[0] for c in COUNTED))
        if code.startswith("solve(0") and "print" not in found:
            found.add("print")
            indent = line[:len(line) - len(line.lstrip())]
            fmt = " ".join("%s=%%d" % c[0] for c in COUNTED)
            args = ", ".join("nq_" + c[0] for c in COUNTED)
            out.append('%sSystem.err.println(String.format("%s", %s));' % (
                indent, fmt, args) if java else
                '%sfprintf(stderr, "%s\\n", %s);' % (
                    indent, fmt.replace("%d", "%ld"), args))
    if not java:
        last = max(i for i, l in enumerate(out) if l.startswith("#include"))
        out.insert(last + 1, "static long %s;" % ", ".join(
            "nq_" + c[0] for c in COUNTED))
    return "\n".join(out), done


def compare_compiled(nq, codedir, lang, algo, n, tmp):
    java = lang == "java"
    name = algo.capitalize() if java else algo
    src = os.path.join(codedir, name + (".java" if java else ".c"))
    with open(src) as f:
        text, done = instrument(f.read(), java)
    os.makedirs(tmp, exist_ok=True)
    out = os.path.join(tmp, name + (".java" if java else ".c"))
    with open(out, "w") as f:
        f.write(text)
    if java:
        subprocess.run(["javac", "-d", tmp, out], check=True)
        run = ["java", "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", tmp,
               name, str(n)]
    else:
        subprocess.run(["cc", "-O1", "-o", out[:-2], out], check=True)
        run = [out[:-2], str(n)]
    p = subprocess.run(run, capture_output=True, text=True, check=True)
    got = dict(kv.split("=") for kv in p.stderr.split())
    # The listing prints each solution, then their number on a line of its own.
    got["solutions"] = p.stdout.splitlines()[-1]
    mine = engine(nq, algo, n, True)
    for key in ("calls", "tested", "placed", "removed", "examined",
                "solutions"):
        if key != "solutions" and key not in done:
            continue  # bits removes with no line of its own; only scan looks
        if int(mine.get(key, 0)) != int(got[key]):
            print("oracle: %s n=%d: %s is %s in trace --stats, %s in %s" %
                  (algo, n, key, mine.get(key), got[key], src))
            return False
    return True


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    nq, codedir = sys.argv[1], sys.argv[2]
    ok = True
    for job in sys.argv[3:]:
        parts = job.split(":")
        if parts[0] in ("c", "java"):
            # c:ALGO:N:TMPDIR, java:ALGO:N:TMPDIR: the counters of that
            # listing, instrumented and built in TMPDIR.
            good = compare_compiled(nq, codedir, parts[0], parts[1],
                                    int(parts[2]), parts[3])
            print("%s %s %s n=%s (counters)" % ("ok" if good else "FAIL",
                                               parts[0], parts[1], parts[2]))
            ok = ok and good
            continue
        good = compare(nq, codedir, parts[0], int(parts[1]),
                       len(parts) > 2 and parts[2] == "counts")
        print("%s %s n=%s%s" % ("ok" if good else "FAIL", parts[0], parts[1],
                                " (counters)" if len(parts) > 2 else ""))
        ok = ok and good
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
