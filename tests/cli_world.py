"""Checks `gjk world` against a brute-force loop over every pair, for tests/cli_world.sh (standard library only).

usage: cli_world.py GJK

For each scene (random 3D and 2D scenes of every shape kind, touching grids, all shapes at one point, shapes on a
line, huge and tiny shapes together, empty and one-shape scenes) and each margin D (0 and > 0), the script writes
the scene twice: without "pairs" for `gjk world SCENE --margin D`, and with the explicit list of every pair i < j
for `gjk query` and `gjk manifold --speculative D`. The world must print exactly the query lines whose signed
distance is at most D, in (a, b) order, each line byte for byte the query's fields; with --manifold, each line
also holds under "manifold" exactly the fields `gjk manifold --speculative D` prints for that pair. A run twice
must print the same bytes. Then a grid of 6400 circles, too many for the default pairs, loads for `gjk world`
(and still not for `gjk query`), with exactly the neighbours touching. Exits 1 with a message on the first mismatch.
"""
import json
import math
import os
import random
import subprocess
import sys
import tempfile

FIELDS = ["a", "b", "status", "intersect", "distance", "normal", "point_a", "point_b", "iterations", "bounds"]


def fail(message):
    print("cli_world.py: " + message)
    sys.exit(1)


def run(gjk, args, expect_ok=True):
    proc = subprocess.run([gjk] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    if expect_ok and (proc.returncode != 0 or proc.stderr):
        fail("gjk %s: exit %d, stderr %r" % (" ".join(args), proc.returncode, proc.stderr.decode()[:300]))
    return proc


def quaternion(rng):
    q = [rng.gauss(0, 1) for _ in range(4)]
    n = math.sqrt(sum(c * c for c in q)) or 1.0
    return [c / n for c in q]


def shape3(rng, position, scale=1.0):
    kind = rng.choice(["point", "segment", "triangle", "box", "sphere", "capsule", "cylinder", "cone", "ellipsoid",
                       "hull"])
    s = {"type": kind}

    def size():
        return scale * rng.uniform(0.2, 1.0)

    def pts(n):
        return [[scale * rng.uniform(-1, 1) for _ in range(3)] for _ in range(n)]

    if kind == "segment":
        s["points"] = pts(2)
    elif kind == "triangle":
        s["points"] = pts(3)
    elif kind == "box":
        s["half_extents"] = [size(), size(), size()]
    elif kind == "sphere":
        s["radius"] = size()
    elif kind in ("capsule", "cylinder", "cone"):
        s["radius"] = size()
        s["half_height"] = size()
    elif kind == "ellipsoid":
        s["radii"] = [size(), size(), size()]
    elif kind == "hull":
        s["points"] = pts(rng.randint(4, 12))
    if rng.random() < 0.2:
        s["margin"] = scale * rng.uniform(0, 0.2)
    s["position"] = position
    s["rotation"] = quaternion(rng)
    return s


def shape2(rng, position, scale=1.0):
    kind = rng.choice(["point", "segment", "circle", "box", "capsule", "polygon"])
    s = {"type": kind}

    def size():
        return scale * rng.uniform(0.2, 1.0)

    def pts(n):
        return [[scale * rng.uniform(-1, 1) for _ in range(2)] for _ in range(n)]

    if kind == "segment":
        s["points"] = pts(2)
    elif kind == "circle":
        s["radius"] = size()
    elif kind == "box":
        s["half_extents"] = [size(), size()]
    elif kind == "capsule":
        s["radius"] = size()
        s["half_height"] = size()
    elif kind == "polygon":
        s["points"] = pts(rng.randint(3, 10))
    if rng.random() < 0.2:
        s["margin"] = scale * rng.uniform(0, 0.2)
    s["position"] = position
    s["rotation"] = rng.uniform(-math.pi, math.pi)
    return s


def random_scene(rng, dim, n, extent):
    make = shape3 if dim == 3 else shape2
    return [make(rng, [rng.uniform(0, extent) for _ in range(dim)]) for _ in range(n)]


def scenes():
    """(name, dim, shapes, margins) of every case."""
    rng = random.Random(20261127)
    for seed in range(4):
        yield "random3-%d" % seed, 3, random_scene(rng, 3, 40, 6.0), [0, 0.5]
        yield "random2-%d" % seed, 2, random_scene(rng, 2, 40, 8.0), [0, 0.5]
    # Touching: unit boxes and spheres on a grid of spacing 2 (each face or pole exactly on its neighbour's).
    boxes = [{"type": "box", "half_extents": [1, 1, 1], "position": [2 * i, 2 * j, 0]}
             for i in range(4) for j in range(4)]
    balls = [{"type": "sphere", "radius": 1, "position": [2 * i, 20, 0]} for i in range(6)]
    yield "touching3", 3, boxes + balls, [0, 1e-9, 1]
    squares = [{"type": "box", "half_extents": [1, 1], "position": [2 * i, 2 * j]} for i in range(4) for j in range(4)]
    yield "touching2", 2, squares, [0, 0.5]
    # Degenerate: every shape at one point; on a line; huge and tiny together.
    yield "one-point3", 3, [shape3(rng, [1, 2, 3]) for _ in range(12)], [0, 0.1]
    yield "one-point2", 2, [shape2(rng, [1, 2]) for _ in range(12)], [0, 0.1]
    yield "points3", 3, [{"type": "point", "position": [0, 0, 0]} for _ in range(5)], [0]
    yield "line3", 3, [shape3(rng, [0.7 * i, 0, 0], 0.5) for i in range(20)], [0, 0.3]
    yield "line2", 2, [shape2(rng, [0, 0.7 * i], 0.5) for i in range(20)], [0, 0.3]
    mixed3 = [shape3(rng, [rng.uniform(-1, 1) * 1000, 0, 0], 1000) for _ in range(3)]
    mixed3 += [shape3(rng, [rng.uniform(-1000, 1000), rng.uniform(-2, 2), 0], 1e-3) for _ in range(20)]
    yield "huge-tiny3", 3, mixed3, [0, 1e-3, 10]
    mixed2 = [shape2(rng, [rng.uniform(-1, 1) * 1000, 0], 1000) for _ in range(3)]
    mixed2 += [shape2(rng, [rng.uniform(-1000, 1000), rng.uniform(-2, 2)], 1e-3) for _ in range(20)]
    yield "huge-tiny2", 2, mixed2, [0, 1e-3, 10]
    yield "empty3", 3, [], [0]
    yield "one2", 2, [{"type": "circle", "radius": 1}], [0, 1]


def text(value):
    return json.dumps(value, separators=(", ", ": "))


def query_fields(line):
    """The query's part of a world line: everything before `, "manifold": `."""
    cut = line.find(', "manifold": {')
    return (line[:cut] + "}") if cut >= 0 else line


def check(gjk, tmp, name, dim, shapes, margin):
    n = len(shapes)
    plain = os.path.join(tmp, name + ".json")
    listed = os.path.join(tmp, name + "-pairs.json")
    with open(plain, "w", encoding="utf-8") as f:
        f.write(text({"dim": dim, "shapes": shapes}))
    pairs = [[i, j] for i in range(n) for j in range(i + 1, n)]
    with open(listed, "w", encoding="utf-8") as f:
        f.write(text({"dim": dim, "shapes": shapes, "pairs": pairs}))
    what = "%s, margin %r" % (name, margin)
    d = repr(float(margin))
    want = [line for line in run(gjk, ["query", listed]).stdout.decode().splitlines()
            if json.loads(line)["distance"] is not None and json.loads(line)["distance"] <= margin]
    got = run(gjk, ["world", plain, "--margin", d]).stdout.decode().splitlines()
    if got != want:
        extra = sorted(set(got) - set(want))[:2]
        missing = sorted(set(want) - set(got))[:2]
        fail("%s: gjk world printed %d lines, brute force %d\n  extra: %s\n  missing: %s" %
             (what, len(got), len(want), extra, missing))
    for line in got:
        if list(json.loads(line)) != FIELDS:
            fail("%s: fields %s" % (what, list(json.loads(line))))
    # The pairs list, when given, changes nothing.
    if run(gjk, ["world", listed, "--margin", d]).stdout.decode().splitlines() != got:
        fail("%s: a pairs list changed gjk world's answer" % what)
    # --manifold: the query's fields, then the manifold as gjk manifold prints it.
    manifolds = {}
    for line in run(gjk, ["manifold", listed, "--speculative", d]).stdout.decode().splitlines():
        obj = json.loads(line)
        manifolds[(obj["a"], obj["b"])] = line[line.index('"status"'):-1]
    first = run(gjk, ["world", "--manifold", plain, "--margin=" + d]).stdout
    if run(gjk, ["world", "--manifold", plain, "--margin=" + d]).stdout != first:
        fail("%s: two runs of gjk world --manifold differ" % what)
    lines = first.decode().splitlines()
    if [query_fields(line) for line in lines] != got:
        fail("%s: --manifold changed the pairs or their query fields" % what)
    for line in lines:
        obj = json.loads(line)
        if list(obj) != FIELDS + ["manifold"]:
            fail("%s: fields with --manifold: %s" % (what, list(obj)))
        inner = line[line.index(', "manifold": {') + len(', "manifold": {'):-2]
        if inner != manifolds[(obj["a"], obj["b"])]:
            fail("%s: pair %d %d: manifold\n  %s\nwhile gjk manifold prints\n  %s" %
                 (what, obj["a"], obj["b"], inner, manifolds[(obj["a"], obj["b"])]))
    return len(got)


def check_grid(gjk, tmp):
    """80 x 80 circles of radius 0.5 at spacing 1: 20,503,200 pairs, beyond the default pairs' limit, so only the
    world loads the scene; exactly the 12,640 neighbours along x and y touch (distance 0, within the margin 0)."""
    side = 80
    shapes = [{"type": "circle", "radius": 0.5, "position": [i, j]} for i in range(side) for j in range(side)]
    path = os.path.join(tmp, "grid.json")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text({"dim": 2, "shapes": shapes}))
    if run(gjk, ["query", path], expect_ok=False).returncode != 2:
        fail("grid: gjk query loaded a scene with more pairs than the default allows")
    got = [(o["a"], o["b"]) for o in map(json.loads, run(gjk, ["world", path]).stdout.decode().splitlines())]
    want = []
    for k in range(side * side):
        i, j = divmod(k, side)
        if j + 1 < side:
            want.append((k, k + 1))
        if i + 1 < side:
            want.append((k, k + side))
    if got != sorted(want):
        fail("grid: %d pairs, expected the %d neighbours" % (len(got), len(want)))


def main():
    if len(sys.argv) != 2:
        fail("usage: cli_world.py GJK")
    gjk = sys.argv[1]
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, dim, shapes, margins in scenes():
            for margin in margins:
                total += check(gjk, tmp, name, dim, shapes, margin)
        check_grid(gjk, tmp)
    if total == 0:
        fail("no pair reported in any scene")
    print("cli_world.py: %d pairs, as brute force" % total)


if __name__ == "__main__":
    main()
