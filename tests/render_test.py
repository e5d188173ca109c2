"""Checks an SVG made by `gjk render` for tests/cli_test.sh (standard library only).

usage: render_test.py SVG QUERY_OUTPUT SCENE PRECISION [EXPECTED_JSON] [--manifold F] [--raycast F] [--cast F]

SVG is the picture, QUERY_OUTPUT the output of `gjk query SCENE` (one JSON object per pair), SCENE the scene file,
PRECISION "double" or "float". Checked:
- the SVG parses as XML, is an <svg> whose viewBox is "0 0 width height", with a <title>, a legend, and the
  world-to-pixel mapping it declares (data-scale, data-origin; in 3D the view axes, which must be the documented
  view from (1, 0.6, 0.8) with z up);
- one <polygon class="shape"> per shape of the scene (data-index 0..n-1), every point inside the viewBox; its
  colour red exactly when the shape overlaps another in some pair of the query output; one label per shape, at a
  point of its outline;
- one <g class="pair"> per query line, in order, whose data-a, data-b, data-status, data-intersect, data-distance,
  data-normal, data-point-a, data-point-b equal the query's (numbers within 1e-9 in double, 1e-4 in float); the
  line (separated: point_a to point_b, green) or arrow (overlapping: point_b to point_a, red) and the two dots drawn
  at those points; the label "a-b: d = ..." or "a-b: depth ...";
- each pair's points on the outlines of their shapes (2D: on the boundary; 3D: inside the silhouette), within
  half a pixel.
EXPECTED_JSON (optional) adds known answers, any of:
  "circles": [[index, centre..., radius], ...]: every outline point at that distance from the centre, no gap wider
             than 2 pi / 200;
  "vertices": [[index, [point, ...]], ...]: the outline's points are exactly those, in any order;
  "pairs": [{"distance": d, "point_a": p, "point_b": q, "tol": t}, ...]: the true answers, within t (or the
           precision's tolerance);
  "order": [index, ...]: the order in which the shapes are painted;
  "width": w: the picture's width in pixels.
--manifold F (the output of `gjk manifold SCENE [--speculative D]` with the render's D): one <g class="manifold"> per
  pair, in order, whose data-a, data-b, data-status, data-count and data-normal equal the command's, with one
  <g class="contact"> per point (data-id, data-separation, data-point-a, data-point-b), its dots drawn at point_a
  (filled) and point_b (hollow), each on its shape's outline, its label the two feature codes of the id ("f2/v5":
  kind v, e, f or c and index), and the normal drawn from the centre of the points on A along the projected normal.
--raycast F (`gjk raycast SCENE`): one <g class="ray"> per ray of the scene carrying its origin, translation and
  max_fraction, its segment drawn from the origin to origin + max_fraction * translation; one <g class="ray-hit">
  per hit of the command (none for a miss), with its numbers, its point drawn on the segment and on the shape's
  outline (unless inside, then labelled "inside"), and its normal.
--cast F (`gjk cast SCENE`): one <g class="cast"> per pair with a moving shape ("velocity" or "angular"), with the
  command's status, state, hit, t, normal and point; each moving shape of the pair drawn at t (a "ghost-impact"
  outline) and at the end of the step (one "ghost-end" per moving shape); a shape that only translates has both
  ghosts exactly its outline moved by t (or 1) times its velocity; at a hit (or overlap) the contact point is drawn
  and lies on the moving shapes' ghosts at t; the label says the state and t.
Exits 1 with a message on the first mismatch.
"""
import json
import math
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
RED_FILL, RED_EDGE = "#e45756", "#a3201d"
GREEN, DEPTH_RED = "#2ca02c", "#d62728"
PIXEL = 0.011  # coordinates are written with 2 decimals


def fail(message):
    sys.exit("render_test.py: %s" % message)


def numbers(text, what):
    try:
        return [float(x) for x in text.split()]
    except (AttributeError, ValueError):
        fail("%s: not numbers: %r" % (what, text))


def close(x, y, tol):
    return abs(x - y) <= tol * max(1.0, abs(y))


class Frame:
    """The picture's world-to-pixel mapping, as the SVG declares it."""

    def __init__(self, root, dim):
        self.scale = float(root.get("data-scale"))
        self.ox, self.oy = numbers(root.get("data-origin"), "data-origin")
        self.dim = dim
        if dim == 3:
            self.right = numbers(root.get("data-view-right"), "data-view-right")
            self.up = numbers(root.get("data-view-up"), "data-view-up")
            f = [1, 0.6, 0.8]
            n = math.sqrt(sum(x * x for x in f))
            f = [x / n for x in f]
            h = math.hypot(f[0], f[1])
            want_right = [-f[1] / h, f[0] / h, 0]
            want_up = [f[1] * want_right[2] - f[2] * want_right[1], f[2] * want_right[0] - f[0] * want_right[2],
                       f[0] * want_right[1] - f[1] * want_right[0]]
            if any(abs(a - b) > 1e-12 for a, b in zip(self.right + self.up, want_right + want_up)):
                fail("the 3D view is %r / %r, expected right %r and up %r" % (self.right, self.up, want_right, want_up))

    def plane(self, p):
        if self.dim == 2:
            return p[0], p[1]
        return sum(a * b for a, b in zip(p, self.right)), sum(a * b for a, b in zip(p, self.up))

    def pixel(self, p):
        x, y = self.plane(p)
        return self.ox + self.scale * x, self.oy - self.scale * y

    def world(self, q):
        """A pixel back in the picture plane."""
        return (q[0] - self.ox) / self.scale, (self.oy - q[1]) / self.scale


def polygon_points(element, what):
    try:
        pts = [tuple(float(v) for v in p.split(",")) for p in element.get("points").split()]
    except (AttributeError, ValueError):
        fail("%s: bad points attribute" % what)
    if not pts or any(len(p) != 2 for p in pts):
        fail("%s: bad points attribute" % what)
    return pts


def segment_distance(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def boundary_distance(p, poly):
    return min(segment_distance(p, poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly)))


def inside(p, poly):
    crossings = 0
    for i in range(len(poly)):
        a, b = poly[i], poly[(i + 1) % len(poly)]
        if (a[1] > p[1]) != (b[1] > p[1]) and p[0] < a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1]):
            crossings += 1
    return crossings % 2 == 1


def check_root(root, scene, expected):
    if root.tag != NS + "svg":
        fail("root element is %s, expected svg" % root.tag)
    width, height = int(root.get("width")), int(root.get("height"))
    if root.get("viewBox") != "0 0 %d %d" % (width, height) or width <= 0 or height <= 0:
        fail("viewBox %r does not match width %d, height %d" % (root.get("viewBox"), width, height))
    if "width" in expected and width != expected["width"]:
        fail("width %d, expected %d" % (width, expected["width"]))
    dim = scene.get("dim", 3)
    if root.get("data-dim") != str(dim):
        fail("data-dim %r, expected %d" % (root.get("data-dim"), dim))
    title = root.find(NS + "title")
    if title is None or not (title.text or "").startswith("gjk render: "):
        fail("no <title> starting with 'gjk render: '")
    if root.find(".//%sg[@class='legend']" % NS) is None:
        fail("no legend")
    return width, height, dim


def check_shapes(root, scene, hit, size):
    width, height = size
    shapes = root.findall(".//%spolygon[@class='shape']" % NS)
    n = len(scene["shapes"])
    indices = sorted(int(s.get("data-index")) for s in shapes)
    if indices != list(range(n)):
        fail("shape elements have indices %r, expected 0 to %d" % (indices, n - 1))
    outlines = {}
    for s in shapes:
        i = int(s.get("data-index"))
        pts = polygon_points(s, "shape %d" % i)
        for x, y in pts:
            if not (0 <= x <= width and 0 <= y <= height):
                fail("shape %d: point (%g, %g) outside the picture %dx%d" % (i, x, y, width, height))
        want = "true" if hit[i] else "false"
        if s.get("data-intersect") != want:
            fail("shape %d: data-intersect %r, expected %s" % (i, s.get("data-intersect"), want))
        red = (s.get("fill"), s.get("stroke")) == (RED_FILL, RED_EDGE)
        if red != hit[i] or (not hit[i] and (s.get("fill") == RED_FILL or s.get("stroke") == RED_EDGE)):
            fail("shape %d: colours fill %s stroke %s, but overlapping is %s" % (i, s.get("fill"), s.get("stroke"),
                                                                                hit[i]))
        outlines[i] = pts
    labels = root.findall(".//%stext[@class='shape-label']" % NS)
    if sorted(int(t.get("data-index")) for t in labels) != list(range(n)):
        fail("expected one shape-label per shape")
    for t in labels:
        i = int(t.get("data-index"))
        p = (float(t.get("x")), float(t.get("y")))
        if t.text != str(i) or not (inside(p, outlines[i]) or boundary_distance(p, outlines[i]) <= 0.5):
            fail("shape %d: label %r at %r is not on the shape" % (i, t.text, p))
    return outlines


def check_pairs(root, frame, results, outlines, tol, dim):
    groups = root.findall(".//%sg[@class='pair']" % NS)
    if len(groups) != len(results):
        fail("%d pair groups, expected %d" % (len(groups), len(results)))
    for k, (g, r) in enumerate(zip(groups, results)):
        what = "pair %d (%d-%d)" % (k, r["a"], r["b"])
        for attr, want in (("data-a", str(r["a"])), ("data-b", str(r["b"])), ("data-status", r["status"]),
                           ("data-intersect", "true" if r["intersect"] else "false")):
            if g.get(attr) != want:
                fail("%s: %s is %r, expected %r" % (what, attr, g.get(attr), want))
        if not close(float(g.get("data-distance")), r["distance"], tol):
            fail("%s: data-distance %s, gjk query says %r" % (what, g.get("data-distance"), r["distance"]))
        for attr, key in (("data-normal", "normal"), ("data-point-a", "point_a"), ("data-point-b", "point_b")):
            got = numbers(g.get(attr), what + " " + attr)
            if len(got) != dim or not all(close(x, y, tol) for x, y in zip(got, r[key])):
                fail("%s: %s is %r, gjk query says %r" % (what, attr, got, r[key]))
        pa, pb = frame.pixel(r["point_a"]), frame.pixel(r["point_b"])
        kind, start, end, colour = ("penetration", pb, pa, DEPTH_RED) if r["intersect"] else \
            ("closest", pa, pb, GREEN)
        lines = g.findall(NS + "line")
        if len(lines) != 1 or lines[0].get("class") != kind or lines[0].get("stroke") != colour:
            fail("%s: expected one %s line in %s" % (what, kind, colour))
        got = [float(lines[0].get(a)) for a in ("x1", "y1", "x2", "y2")]
        if any(abs(x - y) > PIXEL for x, y in zip(got, start + end)):
            fail("%s: %s line drawn at %r, expected %r" % (what, kind, got, start + end))
        for cls, p in (("point-a", pa), ("point-b", pb)):
            dot = g.find("%scircle[@class='%s']" % (NS, cls))
            if dot is None or abs(float(dot.get("cx")) - p[0]) > PIXEL or abs(float(dot.get("cy")) - p[1]) > PIXEL:
                fail("%s: %s dot not drawn at %r" % (what, cls, p))
        d = r["distance"]
        text = "d = %.4g" % d if not r["intersect"] else "depth %.4g" % -d if d < 0 else "touching, d = %.4g" % d
        label = g.find("%stext[@class='pair-label']" % NS)
        want = "%d-%d: %s" % (r["a"], r["b"], text)
        if label is None or label.text != want:
            fail("%s: label %r, expected %r" % (what, None if label is None else label.text, want))
        # The points lie on their shapes: on the outline in 2D, inside the silhouette in 3D.
        for i, p in ((r["a"], pa), (r["b"], pb)):
            poly = outlines[i]
            on = boundary_distance(p, poly) <= 0.5 if dim == 2 else inside(p, poly) or boundary_distance(p, poly) <= 0.5
            if not on:
                fail("%s: point %r (pixels) is not on shape %d's outline" % (what, p, i))


def check_expected(frame, outlines, order, results, expected, tol):
    slack = PIXEL / frame.scale
    for c in expected.get("circles", []):
        i, centre, radius = c[0], frame.plane(c[1:-1]), c[-1]
        angles = []
        for q in outlines[i]:
            x, y = frame.world(q)
            if abs(math.hypot(x - centre[0], y - centre[1]) - radius) > slack + tol * radius:
                fail("shape %d: outline point %r is not at distance %g from %r" % (i, (x, y), radius, centre))
            angles.append(math.atan2(y - centre[1], x - centre[0]))
        angles.sort()
        gaps = [b - a for a, b in zip(angles, angles[1:])] + [angles[0] + 2 * math.pi - angles[-1]]
        if len(angles) < 200 or max(gaps) > 2 * math.pi / 200:
            fail("shape %d: the circle's outline has %d points, widest gap %g" % (i, len(angles), max(gaps)))
    for i, vertices in expected.get("vertices", []):
        want = [frame.plane(v) for v in vertices]
        got = [frame.world(q) for q in outlines[i]]
        if len(got) != len(want):
            fail("shape %d: outline has %d points, expected the %d vertices %r" % (i, len(got), len(want), want))
        for w in want:
            if not any(math.hypot(g[0] - w[0], g[1] - w[1]) <= slack + tol for g in got):
                fail("shape %d: vertex %r missing from the outline %r" % (i, w, got))
    if "order" in expected and order != expected["order"]:
        fail("shapes are painted in the order %r, expected %r" % (order, expected["order"]))
    for k, want in enumerate(expected.get("pairs", [])):
        r, t = results[k], max(tol, want.get("tol", 0))
        if abs(r["distance"] - want["distance"]) > t:
            fail("pair %d: distance %r, expected %r" % (k, r["distance"], want["distance"]))
        for key in ("point_a", "point_b"):
            if key in want and any(abs(x - y) > t for x, y in zip(r[key], want[key])):
                fail("pair %d: %s %r, expected %r" % (k, key, r[key], want[key]))


def read_lines(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f.read().splitlines()]


def near(got, want, tol=PIXEL):
    return abs(got[0] - want[0]) <= tol and abs(got[1] - want[1]) <= tol


def attr_numbers(element, attr, what):
    return numbers(element.get(attr), "%s %s" % (what, attr))


def line_ends(element):
    return [float(element.get(a)) for a in ("x1", "y1", "x2", "y2")]


def normal_pixels(frame, start, normal):
    """Where a normal drawn from pixel `start` ends: 24 pixels times its projection on the picture plane."""
    x, y = frame.plane(normal)
    return start[0] + 24 * x, start[1] - 24 * y


def check_vectors(element, want, keys, tol, dim, what):
    for attr, key in keys:
        got = attr_numbers(element, attr, what)
        if len(got) != dim or not all(close(x, y, tol) for x, y in zip(got, want[key])):
            fail("%s: %s is %r, the command says %r" % (what, attr, got, want[key]))


def on_shape(p, poly, dim):
    return boundary_distance(p, poly) <= 0.5 if dim == 2 else inside(p, poly) or boundary_distance(p, poly) <= 0.5


def feature_code(code):
    return "vefc"[(code >> 14) & 3] + str(code & 0x3FFF)


def check_manifolds(root, frame, lines, outlines, tol, dim):
    groups = root.findall(".//%sg[@class='manifold']" % NS)
    if len(groups) != len(lines):
        fail("%d manifold groups, gjk manifold printed %d" % (len(groups), len(lines)))
    for k, (g, m) in enumerate(zip(groups, lines)):
        what = "manifold %d (%d-%d)" % (k, m["a"], m["b"])
        for attr, want in (("data-a", str(m["a"])), ("data-b", str(m["b"])), ("data-status", m["status"]),
                           ("data-count", str(len(m["points"])))):
            if g.get(attr) != want:
                fail("%s: %s is %r, expected %r" % (what, attr, g.get(attr), want))
        check_vectors(g, m, (("data-normal", "normal"),), tol, dim, what)
        contacts = g.findall(NS + "g")
        if len(contacts) != len(m["points"]):
            fail("%s: %d contacts drawn, expected %d" % (what, len(contacts), len(m["points"])))
        centre = [0.0, 0.0]
        for j, (c, p) in enumerate(zip(contacts, m["points"])):
            cw = "%s point %d" % (what, j)
            if c.get("class") != "contact" or c.get("data-id") != str(p["id"]):
                fail("%s: data-id %r, expected %d" % (cw, c.get("data-id"), p["id"]))
            if not close(float(c.get("data-separation")), p["separation"], tol):
                fail("%s: data-separation %s, expected %r" % (cw, c.get("data-separation"), p["separation"]))
            check_vectors(c, p, (("data-point-a", "point_a"), ("data-point-b", "point_b")), tol, dim, cw)
            for cls, key, shape in (("contact-a", "point_a", m["a"]), ("contact-b", "point_b", m["b"])):
                dot = c.find("%scircle[@class='%s']" % (NS, cls))
                want = frame.pixel(p[key])
                if dot is None or not near((float(dot.get("cx")), float(dot.get("cy"))), want):
                    fail("%s: %s dot not drawn at %r" % (cw, cls, want))
                if not on_shape(want, outlines[shape], dim):
                    fail("%s: %s %r (pixels) is not on shape %d" % (cw, key, want, shape))
            label = c.find("%stext[@class='contact-id']" % NS)
            want = feature_code(p["id"] >> 16) + "/" + feature_code(p["id"] & 0xFFFF)
            if label is None or label.text != want:
                fail("%s: label %r, expected %r" % (cw, None if label is None else label.text, want))
            pa = frame.pixel(p["point_a"])
            centre = [centre[0] + pa[0] / len(contacts), centre[1] + pa[1] / len(contacts)]
        normal = g.find("%sline[@class='manifold-normal']" % NS)
        if (normal is None) != (len(contacts) == 0):
            fail("%s: a normal is drawn exactly when there are points" % what)
        if normal is not None:
            got, end = line_ends(normal), normal_pixels(frame, centre, m["normal"])
            if not (near(got[:2], centre, 2 * PIXEL) and near(got[2:], end, 3 * PIXEL)):
                fail("%s: normal drawn %r, expected from %r to %r" % (what, got, centre, end))


def check_rays(root, frame, scene, lines, outlines, tol, dim):
    groups = root.findall(".//%sg[@class='ray']" % NS)
    rays = scene.get("rays", [])
    if len(groups) != len(rays):
        fail("%d ray groups, the scene has %d rays" % (len(groups), len(rays)))
    for k, (g, ray) in enumerate(zip(groups, rays)):
        what = "ray %d" % k
        mf = ray.get("max_fraction", 1)
        want = {"origin": ray["origin"], "translation": ray["translation"]}
        check_vectors(g, want, (("data-origin", "origin"), ("data-translation", "translation")), tol, dim, what)
        if not close(float(g.get("data-max-fraction")), mf, tol):
            fail("%s: data-max-fraction %s, expected %r" % (what, g.get("data-max-fraction"), mf))
        start = frame.pixel(ray["origin"])
        end = frame.pixel([o + mf * t for o, t in zip(ray["origin"], ray["translation"])])
        seg = g.find("%sline[@class='ray-segment']" % NS)
        if seg is None or not (near(line_ends(seg)[:2], start) and near(line_ends(seg)[2:], end, 2 * PIXEL)):
            fail("%s: segment not drawn from %r to %r" % (what, start, end))
        hits = [r for r in lines if r["ray"] == k and r["hit"]]
        drawn = g.findall("%sg[@class='ray-hit']" % NS)
        if [int(h.get("data-shape")) for h in drawn] != [r["shape"] for r in hits]:
            fail("%s: hits drawn on shapes %r, gjk raycast hits %r" % (what, [h.get("data-shape") for h in drawn],
                                                                        [r["shape"] for r in hits]))
        for h, r in zip(drawn, hits):
            hw = "%s hit on shape %d" % (what, r["shape"])
            if h.get("data-status") != r["status"] or h.get("data-inside") != ("true" if r["inside"] else "false"):
                fail("%s: status/inside %r/%r, expected %r/%r" % (hw, h.get("data-status"), h.get("data-inside"),
                                                                  r["status"], r["inside"]))
            if not close(float(h.get("data-fraction")), r["fraction"], tol):
                fail("%s: data-fraction %s, expected %r" % (hw, h.get("data-fraction"), r["fraction"]))
            check_vectors(h, r, (("data-point", "point"),), tol, dim, hw)
            if r["normal"] is not None:  # null: a point query from inside, whose normal is zero
                check_vectors(h, r, (("data-normal", "normal"),), tol, dim, hw)
            p = frame.pixel(r["point"])
            dot = h.find("%scircle[@class='hit-point']" % NS)
            if dot is None or not near((float(dot.get("cx")), float(dot.get("cy"))), p):
                fail("%s: hit point not drawn at %r" % (hw, p))
            if segment_distance(p, start, end) > 0.5:
                fail("%s: hit point %r is off the ray's segment" % (hw, p))
            if not r["inside"] and not on_shape(p, outlines[r["shape"]], dim):
                fail("%s: hit point %r is not on the shape's outline" % (hw, p))
            label = h.find("%stext[@class='hit-inside']" % NS)
            if (label is not None) != r["inside"]:
                fail("%s: 'inside' label %s" % (hw, "missing" if r["inside"] else "drawn for a hit from outside"))
            normal = h.find("%sline[@class='hit-normal']" % NS)
            want = normal_pixels(frame, p, r["normal"] if r["normal"] is not None else [0] * dim)
            if normal is None or not near(line_ends(normal)[2:], want, 3 * PIXEL):
                fail("%s: normal not drawn along %r" % (hw, r["normal"]))


def turns(shape):
    w = shape.get("angular", 0)
    return any(w) if isinstance(w, list) else w != 0


def moves(shape):
    return any(shape.get("velocity", [0])) or turns(shape)


def check_ghost(frame, ghost, start, shape, t, what):
    """A shape that only translates: its ghost at t is its outline moved by t * velocity."""
    if turns(shape):
        return
    pts = polygon_points(ghost, what)
    o, moved = frame.pixel([0] * len(shape["velocity"])), frame.pixel([t * v for v in shape["velocity"]])
    dx, dy = moved[0] - o[0], moved[1] - o[1]
    if len(pts) != len(start) or any(not near(q, (p[0] + dx, p[1] + dy), 2.5 * PIXEL) for p, q in zip(start, pts)):
        fail("%s: not the shape's outline moved by %r * velocity" % (what, t))


def check_casts(root, frame, scene, lines, outlines, tol, dim):
    shapes = scene["shapes"]
    want = [c for c in lines if moves(shapes[c["a"]]) or moves(shapes[c["b"]])]
    groups = root.findall(".//%sg[@class='cast']" % NS)
    if len(groups) != len(want):
        fail("%d cast groups, expected %d (the pairs with a moving shape)" % (len(groups), len(want)))
    ends = root.findall(".//%spolygon[@class='ghost-end']" % NS)
    moving = [i for i, s in enumerate(shapes) if moves(s)]
    if [int(e.get("data-index")) for e in ends] != moving:
        fail("end-of-step ghosts for shapes %r, expected %r" % ([e.get("data-index") for e in ends], moving))
    for e in ends:
        i = int(e.get("data-index"))
        check_ghost(frame, e, outlines[i], shapes[i], 1, "shape %d at the end of the step" % i)
    for g, c in zip(groups, want):
        what = "cast %d-%d" % (c["a"], c["b"])
        for attr, w in (("data-a", str(c["a"])), ("data-b", str(c["b"])), ("data-status", c["status"]),
                        ("data-state", c["state"]), ("data-hit", "true" if c["hit"] else "false")):
            if g.get(attr) != w:
                fail("%s: %s is %r, expected %r" % (what, attr, g.get(attr), w))
        if not close(float(g.get("data-t")), c["t"], tol):
            fail("%s: data-t %s, gjk cast says %r" % (what, g.get("data-t"), c["t"]))
        if c["normal"] is None:  # no contact: gjk cast prints null, the picture has no such attributes
            if g.get("data-normal") is not None or g.get("data-point") is not None:
                fail("%s: a normal and point where gjk cast has none" % what)
        else:
            check_vectors(g, c, (("data-normal", "normal"), ("data-point", "point")), tol, dim, what)
        ghosts = g.findall("%spolygon[@class='ghost-impact']" % NS)
        movers = [i for i in (c["a"], c["b"]) if moves(shapes[i])]
        if [int(x.get("data-index")) for x in ghosts] != movers:
            fail("%s: ghosts at t of shapes %r, expected %r" % (what, [x.get("data-index") for x in ghosts], movers))
        for x in ghosts:
            i = int(x.get("data-index"))
            check_ghost(frame, x, outlines[i], shapes[i], c["t"], "%s: shape %d at t" % (what, i))
        dot = g.find("%scircle[@class='impact-point']" % NS)
        contact = c["state"] in ("hit", "overlapped")
        if (dot is not None) != contact:
            fail("%s: the contact point is drawn exactly at a hit or overlap" % what)
        if contact:
            p = frame.pixel(c["point"])
            if not near((float(dot.get("cx")), float(dot.get("cy"))), p):
                fail("%s: contact point not drawn at %r" % (what, p))
            for x in ghosts:
                if not on_shape(p, polygon_points(x, what), dim):
                    fail("%s: contact point %r is not on shape %s at t" % (what, p, x.get("data-index")))
            normal = g.find("%sline[@class='impact-normal']" % NS)
            if normal is None or not near(line_ends(normal)[2:], normal_pixels(frame, p, c["normal"]), 3 * PIXEL):
                fail("%s: normal not drawn along %r" % (what, c["normal"]))
        label = g.find("%stext[@class='cast-label']" % NS)
        text = "%d-%d: %s" % (c["a"], c["b"], c["state"]) + ("" if c["state"] == "separated" else " at t = %.4g" % c["t"])
        if label is None or label.text != text:
            fail("%s: label %r, expected %r" % (what, None if label is None else label.text, text))


def main():
    args, extra = [], {}
    argv = sys.argv[1:]
    while argv:
        a = argv.pop(0)
        if a in ("--manifold", "--raycast", "--cast") and argv:
            extra[a[2:]] = read_lines(argv.pop(0))
        else:
            args.append(a)
    if len(args) not in (4, 5):
        sys.exit(__doc__)
    svg_path, query_path, scene_path, precision = args[:4]
    expected = json.loads(args[4]) if len(args) == 5 else {}
    tol = 1e-4 if precision == "float" else 1e-9
    with open(scene_path, encoding="utf-8") as f:
        scene = json.load(f)
    with open(query_path, encoding="utf-8") as f:
        results = [json.loads(line) for line in f.read().splitlines()]
    try:
        root = ET.parse(svg_path).getroot()
    except ET.ParseError as e:
        fail("not well-formed XML: %s" % e)
    width, height, dim = check_root(root, scene, expected)
    frame = Frame(root, dim)
    hit = [False] * len(scene["shapes"])
    for r in results:
        if r["intersect"]:
            hit[r["a"]] = hit[r["b"]] = True
    outlines = check_shapes(root, scene, hit, (width, height))
    check_pairs(root, frame, results, outlines, tol, dim)
    order = [int(s.get("data-index")) for s in root.findall(".//%spolygon[@class='shape']" % NS)]
    check_expected(frame, outlines, order, results, expected, tol)
    if "manifold" in extra:
        check_manifolds(root, frame, extra["manifold"], outlines, tol, dim)
    if "raycast" in extra:
        check_rays(root, frame, scene, extra["raycast"], outlines, tol, dim)
    if "cast" in extra:
        check_casts(root, frame, scene, extra["cast"], outlines, tol, dim)
    if re.search(r"\bnan\b|\binf\b", ET.tostring(root, encoding="unicode"), re.IGNORECASE):
        fail("the SVG contains a non-finite number")


if __name__ == "__main__":
    main()
