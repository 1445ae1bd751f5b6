#!/usr/bin/env python3
"""Reads nqueens' SVG handouts the way a printer would, independently of
the program: the pages' size, what is drawn past the margins, the footers.

  svg-pages.py pages PAPER FILE...   one page a file, in order: each is
      PAPER (a4: 210 x 297 mm, letter: 215.9 x 279.4 mm, ISO 216 and ANSI
      letter), its viewBox in units of 0.25 mm, everything drawn inside the
      15 mm margins, footed "page K of M" with K its place and M the files'
      count, no two boards overlapping and none of the pages empty;
      prints "pages M boards B" (B: the boards, <g> without attributes,
      as sheet_board writes each).
  svg-pages.py listing FILE          prints the listing's lines (the
      monospace text kept blank for blank), then "lit: LINE".
  svg-pages.py pdf FILE              prints "pages M" and each page's
      MediaBox "W H" in points.
Exits 1 with what is wrong on stderr.
"""
import re
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
UNIT_MM = 0.25
MARGIN = 15 / UNIT_MM
# Font sizes of the style's classes, in units, and a character's width as a
# share of the size (sans-serif about 0.55, bold 0.6, monospace 0.6).
FONT = {"t": 11, "c": 12, "h": 18, "s": 13, "p": 12, "n": 12}
SHARE = {"h": 0.6, "p": 0.6, "s": 0.6}
SLACK = 0.5


def fail(msg):
    sys.stderr.write(msg + "\n")
    sys.exit(1)


def transform_of(text, base):
    """base (scale, tx, ty) then the translate() and scale() of text."""
    s, tx, ty = base
    for op, args in re.findall(r"(translate|scale)\(([^)]*)\)", text or ""):
        nums = [float(v) for v in re.split(r"[\s,]+", args.strip())]
        if op == "translate":
            tx, ty = tx + s * nums[0], ty + s * (nums[1] if len(nums) > 1 else 0)
        else:
            s *= nums[0]
    return (s, tx, ty)


def points(el, tr, tag):
    """The corners of what el draws, in page units."""
    s, tx, ty = tr
    at = lambda x, y: (tx + s * x, ty + s * y)
    f = lambda k, d=0.0: float(el.get(k, d))
    if tag == "rect":
        x, y, w, h = f("x"), f("y"), f("width"), f("height")
        return [at(x, y), at(x + w, y + h)]
    if tag == "circle":
        cx, cy, r = f("cx"), f("cy"), f("r")
        return [at(cx - r, cy - r), at(cx + r, cy + r)]
    if tag == "use":
        return [at(0, 0), at(1, 1)]
    if tag == "path":
        nums = [float(v) for v in re.findall(r"-?[0-9.]+", el.get("d", ""))]
        return [at(nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)]
    return []


def text_points(el, tr):
    """A text's lines as boxes: its x, the baseline, the size's ascent."""
    cls = el.get("class", "n")
    size = FONT.get(cls, 12)
    share = SHARE.get(cls, 0.55)
    anchor = el.get("text-anchor", "start")
    x, y = float(el.get("x", 0)), float(el.get("y", 0))
    lines = []
    spans = el.findall(SVG + "tspan")
    if not spans:
        lines.append((x, y, "".join(el.itertext())))
    for sp in spans:
        x = float(sp.get("x", x))
        y += float(sp.get("dy", 0))
        lines.append((x, y, sp.text or ""))
    s, tx, ty = tr
    out = []
    for x, y, words in lines:
        w = len(words) * size * share
        left = x - (w if anchor == "end" else w / 2 if anchor == "middle" else 0)
        out += [(tx + s * left, ty + s * (y - 0.8 * size)),
                (tx + s * (left + w), ty + s * (y + 0.2 * size))]
    return out


def walk(el, tr, found):
    tr = transform_of(el.get("transform"), tr)
    tag = el.tag.replace(SVG, "")
    if tag in ("defs", "style"):
        return
    if tag == "rect" and el.get("class") == "page":
        return
    if tag == "text":
        found.append((tag, text_points(el, tr), el))
        return
    pts = points(el, tr, tag)
    if pts:
        found.append((tag, pts, el))
    for child in el:
        walk(child, tr, found)


def check_pages(paper, files):
    want_w, want_h = PAPERS[paper]
    boards = 0
    for k, name in enumerate(files, 1):
        try:
            root = ET.parse(name).getroot()
        except (OSError, ET.ParseError) as e:
            fail(f"{name}: {e}")
        w, h = root.get("width"), root.get("height")
        if w != f"{want_w:g}mm" or h != f"{want_h:g}mm":
            fail(f"{name}: {w} x {h}, not {paper} ({want_w:g}mm x {want_h:g}mm)")
        vb = [float(v) for v in root.get("viewBox", "").split()]
        if vb != [0, 0, want_w / UNIT_MM, want_h / UNIT_MM]:
            fail(f"{name}: viewBox {root.get('viewBox')}: not 0.25 mm a unit")
        found = []
        walk(root, (1.0, 0.0, 0.0), found)
        lo_x, lo_y = MARGIN - SLACK, MARGIN - SLACK
        hi_x, hi_y = vb[2] - MARGIN + SLACK, vb[3] - MARGIN + SLACK
        for tag, pts, el in found:
            for x, y in pts:
                if not (lo_x <= x <= hi_x and lo_y <= y <= hi_y):
                    what = "".join(el.itertext())[:60] or el.get("class", "")
                    fail(f"{name}: a {tag} ({what}) at ({x:.1f}, {y:.1f}) is past "
                         f"the margins ({lo_x:g}..{hi_x:g}, {lo_y:g}..{hi_y:g})")
        foot = f"page {k} of {len(files)}"
        texts = ["".join(t.itertext()) for t in root.iter(SVG + "text")]
        if foot not in texts:
            fail(f"{name}: no footer '{foot}'")
        here = []
        for g in root.iter(SVG + "g"):
            if g.attrib:
                continue
            drawn = []
            walk(g, (1.0, 0.0, 0.0), drawn)
            xs = [x for _, pts, _ in drawn for x, _ in pts]
            ys = [y for _, pts, _ in drawn for _, y in pts]
            here.append((min(xs), min(ys), max(xs), max(ys)))
        for i, a in enumerate(here):
            for j, b in enumerate(here[:i]):
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                    fail(f"{name}: boards {j + 1} and {i + 1} overlap")
        if boards and not here:
            fail(f"{name}: a page without a board after boards")
        boards += len(here)
    print(f"pages {len(files)} boards {boards}")


def listing(name):
    root = ET.parse(name).getroot()
    lit = None
    for t in root.iter(SVG + "text"):
        if t.get("class") == "p" and t.get(
                "{http://www.w3.org/XML/1998/namespace}space") == "preserve":
            line = "".join(t.itertext())
            print(line)
            if t.get("font-weight") == "bold":
                lit = line
    print(f"lit: {lit}")


def pdf(name):
    data = open(name, "rb").read()
    boxes = re.findall(rb"/MediaBox\s*\[\s*([-0-9.]+)\s+([-0-9.]+)\s+([-0-9.]+)\s+([-0-9.]+)\s*\]",
                       data)
    pages = re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data)
    print(f"pages {len(pages)}")
    for b in boxes:
        print(f"{float(b[2]) - float(b[0]):.2f} {float(b[3]) - float(b[1]):.2f}")


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "pages" and sys.argv[2] in PAPERS:
        check_pages(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) == 3 and sys.argv[1] == "listing":
        listing(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "pdf":
        pdf(sys.argv[2])
    else:
        fail(__doc__)
