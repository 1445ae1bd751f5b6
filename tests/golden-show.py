#!/usr/bin/python3
"""golden-show: draws a golden frame (tests/golden/NAME-WxH.txt and .roles) as a PNG.

    golden-show.py FRAME OUT.png [--theme NAME] [--terminal] [--light]

FRAME is tests/golden/NAME-WxH, with or without .txt or .roles.  Each cell
is its character of the text layer in the colours of its letter of the
role layer, as the theme NAME gives them at 256 colours (night, the theme
the frames run in, unless given; watch-big's run in contrast): the colours
come from tests/golden-roles, which reads them from theme.c, and xterm's
RGB for each number from tests/xterm-colours.txt.  --terminal draws the
theme on the terminal's own background, dark unless --light.  A cell whose
role is '?' (colours no role has) is painted magenta on green, to be seen.
Needs python3-pil and the DejaVu fonts (fonts-dejavu-core).
"""
import os
import subprocess
import sys

try:
    from PIL import Image, ImageDraw, ImageFont
except ImportError:
    sys.exit("golden-show: needs python3-pil (apt-get install python3-pil)")

HERE = os.path.dirname(os.path.abspath(__file__))
FONTS = "/usr/share/fonts/truetype/dejavu/"
UNKNOWN = ((255, 0, 255), (0, 160, 0))


def xterm_colours():
    """The RGB of each of xterm's 256 colours, as tests/xterm-colours.txt has them."""
    base, levels = [], []
    with open(os.path.join(HERE, "xterm-colours.txt")) as f:
        for line in f:
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            if words[0] == "levels":
                levels = [int(w) for w in words[1:7]]
            else:
                base.append(tuple(int(w) for w in words[:3]))
    cube = [(levels[i // 36], levels[i // 6 % 6], levels[i % 6]) for i in range(216)]
    greys = [(8 + 10 * i,) * 3 for i in range(24)]
    return base[:16] + cube + greys


def role_colours(theme, terminal):
    """letter -> (fg, bg, bold, dim, reverse, underline), from golden-roles."""
    prog = os.environ.get("GOLDEN_ROLES") or os.path.join(
        os.environ.get("builddir", os.path.join(HERE, "..")), "tests", "golden-roles")
    args = [prog, "colours", theme] + (["terminal"] if terminal else [])
    try:
        out = subprocess.check_output(args, text=True)
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit("golden-show: %s (make check builds tests/golden-roles; "
                 "GOLDEN_ROLES names it elsewhere)" % e)
    table = {}
    for line in out.splitlines():
        w = line.split()
        if w[0] not in table:
            table[w[0]] = tuple(int(x) for x in w[1:])
    return table


def read_frame(path):
    base = path[:-4] if path.endswith(".txt") else path[:-6] if path.endswith(".roles") else path
    with open(base + ".txt", encoding="utf-8") as f:
        text = f.read().split("\n")[:-1]
    with open(base + ".roles", encoding="utf-8") as f:
        roles = f.read().split("\n")[:-1]
    size = base.rsplit("-", 1)[-1]
    w, h = (int(x) for x in size.split("x"))
    return text, roles, w, h


def main():
    args = sys.argv[1:]
    if len(args) < 2 or args[0].startswith("-"):
        sys.exit("usage: golden-show.py FRAME OUT.png [--theme NAME] [--terminal] [--light]")
    frame, out, rest = args[0], args[1], args[2:]
    theme = "night"
    if "--theme" in rest:
        theme = rest[rest.index("--theme") + 1]
    terminal = "--terminal" in rest
    own_fg, own_bg = ((0, 0, 0), (255, 255, 255)) if "--light" in rest else (
        (220, 220, 220), (24, 24, 24))
    rgb = xterm_colours()
    table = role_colours(theme, terminal)
    text, roles, cols, rows = read_frame(frame)

    font = ImageFont.truetype(FONTS + "DejaVuSansMono.ttf", 16)
    bold = ImageFont.truetype(FONTS + "DejaVuSansMono-Bold.ttf", 16)
    cw, ch = int(font.getlength("M")), 20
    img = Image.new("RGB", (cols * cw, rows * ch), own_bg)
    draw = ImageDraw.Draw(img)
    for y in range(rows):
        line = text[y] if y < len(text) else ""
        rline = roles[y] if y < len(roles) else ""
        for x in range(cols):
            c = line[x] if x < len(line) else " "
            r = rline[x] if x < len(rline) else "."
            if r in table:
                fgn, bgn, b, dim, rev, und = table[r]
                fg = rgb[fgn] if fgn >= 0 else own_fg
                bg = rgb[bgn] if bgn >= 0 else own_bg
                if rev:
                    fg, bg = bg, fg
                if dim:
                    fg = tuple((a + b2) // 2 for a, b2 in zip(fg, bg))
            else:
                (fg, bg), b, und = UNKNOWN, 0, 0
            box = [x * cw, y * ch, (x + 1) * cw - 1, (y + 1) * ch - 1]
            draw.rectangle(box, fill=bg)
            if c.strip():
                draw.text((x * cw, y * ch + 1), c, font=bold if b else font, fill=fg)
            if und:
                draw.line([box[0], box[3] - 1, box[2], box[3] - 1], fill=fg)
    img.save(out)
    print(out)


if __name__ == "__main__":
    main()
