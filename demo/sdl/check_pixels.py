#!/usr/bin/env python3
"""Pixel checks of gjk-sdl-demo screenshots (python3 standard library only).

    check_pixels.py FILE.bmp KIND

KIND says what the screenshot must show:
  sep     B far from A: both shapes in the "apart" green, no red anywhere; the GJK simplex, the normal and both
          closest points drawn in the world and in the A - B panel; no EPA polygon (EPA runs only on overlap)
  hit     B dragged onto A: both shapes red, no green fill; simplex, normal, points; the EPA polygon in the panel
  closed  the same overlap with the closed forms on (Space): red, normal and points, but no GJK simplex and no EPA
          polygon anywhere (the separating-axis path records no steps)
  circle  A a circle (key 3) apart from a box B: green circle at A's place with its core (centre) drawn
Prints one line per check and exits 0 when all pass, 1 otherwise. The colours are the palette of render.h.
"""
import collections
import struct
import sys

# render.h's palette: a change there must be made here too, or these checks fail.
BACKGROUND = (22, 24, 30)
APART_FILL = (46, 160, 80)
APART_LINE = (120, 230, 140)
HIT_FILL = (200, 55, 55)
HIT_LINE = (255, 130, 120)
SIMPLEX = (255, 215, 0)
NORMAL = (0, 200, 255)
POINT_A = (255, 255, 255)
POINT_B = (255, 150, 40)
PANEL_BORDER = (90, 92, 110)
D_APART = (30, 70, 42)
D_HIT = (85, 32, 32)
EPA = (190, 90, 255)
ORIGIN = (255, 255, 255)
TEXT = (230, 230, 230)

WIDTH, HEIGHT = 800, 600
PANEL = (8, HEIGHT - 8 - 230, 270, 230)   # x, y, w, h: PANEL_X, PANEL_Y, PANEL_W, PANEL_H
LEGEND = (WIDTH - 8 - 138, 8, 138, 62)    # LEGEND_X, LEGEND_Y, LEGEND_W, LEGEND_H


def read_bmp(path):
    """Return (width, height, rows) with rows[y][x] = (r, g, b), y downwards. Uncompressed 24- and 32-bit BMPs
    (BI_RGB, or BI_BITFIELDS with byte-aligned masks), bottom-up or top-down."""
    with open(path, 'rb') as f:
        data = f.read()
    if data[:2] != b'BM' or len(data) < 54:
        raise ValueError(f'{path}: not a BMP file')
    offset = struct.unpack_from('<I', data, 10)[0]
    width, height, planes, bpp, compression = struct.unpack_from('<iiHHI', data, 18)
    if bpp not in (24, 32) or compression not in (0, 3) or planes != 1:
        raise ValueError(f'{path}: unsupported BMP ({bpp} bits, compression {compression})')
    shifts = (16, 8, 0)  # BI_RGB: B, G, R bytes in memory
    if compression == 3:
        # Right after the 40-byte header's fields (in a V4/V5 header, its next fields; else the 3 masks after it).
        masks = struct.unpack_from('<III', data, 14 + 40)
        shifts = []
        for m in masks:
            if m not in (0xff, 0xff00, 0xff0000, 0xff000000):
                raise ValueError(f'{path}: unsupported colour mask {m:#x}')
            shifts.append({0xff: 0, 0xff00: 8, 0xff0000: 16, 0xff000000: 24}[m])
    top_down = height < 0
    height = abs(height)
    bytes_pp = bpp // 8
    stride = (width * bytes_pp + 3) & ~3
    if offset + stride * height > len(data):
        raise ValueError(f'{path}: truncated')
    # Byte positions of red, green and blue within a pixel.
    ri, gi, bi = (s // 8 for s in shifts)
    rows = []
    for y in range(height):
        src = y if top_down else height - 1 - y
        raw = data[offset + src * stride:offset + src * stride + width * bytes_pp]
        rows.append(list(zip(raw[ri::bytes_pp], raw[gi::bytes_pp], raw[bi::bytes_pp])))
    return width, height, rows


class Checker:
    def __init__(self, name):
        self.name = name
        self.passed = 0
        self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
            print(f'ok    {self.name}: {what}')
        else:
            self.failed += 1
            print(f'FAIL  {self.name}: {what}')


def histograms(rows):
    """Colour counts in the world view (the window minus the panel and the legend) and in the panel."""
    world, panel = collections.Counter(), collections.Counter()
    for y, row in enumerate(rows):
        for rect, hist in ((PANEL, panel), (LEGEND, None)):
            rx, ry, rw, rh = rect
            if ry <= y < ry + rh:
                if hist is not None:
                    hist.update(row[rx:rx + rw])
                row = row[:rx] + row[rx + rw:]  # (the panel and the legend share no rows)
        world.update(row)
    return world, panel


def patch_colour(rows, cx, cy, r=5):
    """The most common colour in the (2r+1)^2 patch around (cx, cy) and its share: lines of the simplex may cross
    any single pixel, but cannot fill most of a patch."""
    counts = {}
    for y in range(cy - r, cy + r + 1):
        for x in range(cx - r, cx + r + 1):
            c = rows[y][x]
            counts[c] = counts.get(c, 0) + 1
    c = max(counts, key=counts.get)
    return c, counts[c] / float((2 * r + 1) ** 2)


def check(path, kind):
    ck = Checker(f'{path} ({kind})')
    try:
        w, h, rows = read_bmp(path)
    except (OSError, ValueError) as e:
        ck.check(False, f'readable BMP: {e}')
        return ck
    ck.check((w, h) == (WIDTH, HEIGHT), f'size {w}x{h} is {WIDTH}x{HEIGHT}')
    if (w, h) != (WIDTH, HEIGHT):
        return ck
    world, panel = histograms(rows)
    total = sum(world.values()) + sum(panel.values())
    every = dict(world)
    for c, n in panel.items():
        every[c] = every.get(c, 0) + n
    n = lambda hist, c: hist.get(c, 0)

    # Not blank: many colours, the background neither everything nor missing, text drawn, the panel framed.
    ck.check(len(every) >= 10, f'{len(every)} distinct colours (>= 10)')
    share = n(every, BACKGROUND) / float(total)
    ck.check(0.3 < share < 0.95, f'background covers {share:.2f} of the image (0.3 .. 0.95)')
    ck.check(n(world, TEXT) > 300, f'{n(world, TEXT)} text pixels (> 300)')
    px, py, pw, ph = PANEL
    corners = [rows[py][px], rows[py][px + pw - 1], rows[py + ph - 1][px], rows[py + ph - 1][px + pw - 1]]
    ck.check(all(c == PANEL_BORDER for c in corners), f'panel border at its four corners: {corners}')
    ck.check(n(panel, ORIGIN) >= 9, f'{n(panel, ORIGIN)} origin-marker pixels in the panel (>= 9)')

    def fill_at(x, y, colour, label):
        c, frac = patch_colour(rows, x, y)
        ck.check(c == colour and frac >= 0.5, f'{label} at ({x}, {y}) is {colour}: {c} covers {frac:.2f}')

    if kind in ('sep', 'hit', 'closed'):
        # A is the polygon at the window centre; (352, 300) is world (-0.8, 0), well inside it and left of B.
        fill_at(352, 300, APART_FILL if kind == 'sep' else HIT_FILL, "A's fill")
    if kind == 'sep':
        fill_at(650, 150, APART_FILL, "B's fill")  # B at (650, 160), rotated by 20 degrees
        ck.check(n(every, HIT_FILL) == 0 and n(every, HIT_LINE) == 0,
                 f'no overlap red anywhere ({n(every, HIT_FILL)} fill, {n(every, HIT_LINE)} outline pixels)')
        ck.check(n(world, APART_LINE) > 400, f'{n(world, APART_LINE)} green outline pixels (> 400)')
        ck.check(n(panel, D_APART) > 300 and n(panel, D_HIT) == 0,
                 f'A - B filled green in the panel ({n(panel, D_APART)} pixels > 300, {n(panel, D_HIT)} red = 0)')
        ck.check(n(panel, EPA) == 0, f'no EPA polygon when apart ({n(panel, EPA)} pixels)')
    if kind in ('hit', 'closed'):
        ck.check(n(every, APART_FILL) == 0 and n(every, APART_LINE) == 0,
                 f'no apart green anywhere ({n(every, APART_FILL)} fill, {n(every, APART_LINE)} outline pixels)')
    if kind in ('hit', 'closed'):
        ck.check(n(world, HIT_LINE) > 400, f'{n(world, HIT_LINE)} red outline pixels (> 400)')
        ck.check(n(panel, D_HIT) > 300 and n(panel, D_APART) == 0,
                 f'A - B filled red in the panel ({n(panel, D_HIT)} pixels > 300, {n(panel, D_APART)} green = 0)')
    if kind in ('sep', 'hit', 'circle'):
        ck.check(n(world, SIMPLEX) > 40, f'{n(world, SIMPLEX)} simplex pixels in the world view (> 40)')
        ck.check(n(panel, SIMPLEX) > 10, f'{n(panel, SIMPLEX)} simplex pixels in the panel (> 10)')
    if kind == 'hit':
        ck.check(n(panel, EPA) > 40, f'{n(panel, EPA)} EPA polygon pixels in the panel (> 40)')
    if kind == 'closed':
        ck.check(n(every, SIMPLEX) == 0, f'no GJK simplex drawn ({n(every, SIMPLEX)} pixels)')
        ck.check(n(every, EPA) == 0, f'no EPA polygon drawn ({n(every, EPA)} pixels)')
    # The answer: points joined, the normal arrow, both points, and the vector in the panel.
    ck.check(n(world, NORMAL) > 60, f'{n(world, NORMAL)} normal pixels in the world view (> 60)')
    ck.check(n(panel, NORMAL) > 8, f'{n(panel, NORMAL)} separation-vector pixels in the panel (> 8)')
    ck.check(n(world, POINT_A) >= 30, f'{n(world, POINT_A)} pixels of the point on A (>= 30)')
    ck.check(n(world, POINT_B) >= 30, f'{n(world, POINT_B)} pixels of the point on B (>= 30)')
    if kind == 'circle':
        # A a circle of radius 1.1 (66 px) at the centre; its core, the centre point, drawn on top.
        fill_at(352, 300, APART_FILL, "A's fill (circle)")
        fill_at(400, 250, APART_FILL, "A's fill (circle, top)")
        # GJK runs on the circle's core, its centre: the simplex's support point on A is drawn there.
        c, frac = patch_colour(rows, 400, 300, 3)
        ck.check(c == SIMPLEX and frac >= 0.5, f'simplex point at the circle centre (400, 300): {c} covers {frac:.2f}')
        ck.check(rows[310][330] == BACKGROUND, f'left of the circle (330, 310) is background: {rows[310][330]}')
    return ck


def main(argv):
    if len(argv) != 3 or argv[2] not in ('sep', 'hit', 'closed', 'circle'):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    ck = check(argv[1], argv[2])
    print(f'{argv[1]}: {ck.passed} passed, {ck.failed} failed')
    return 0 if ck.failed == 0 and ck.passed > 0 else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
