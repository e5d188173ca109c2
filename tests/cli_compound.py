"""Checks the CLI's compound shapes against their parts taken one by one, for tests/cli_compound.sh (standard library
only).

usage: cli_compound.py GJK SOURCE_DIR

Each scene (random 3D and 2D scenes of convex shapes and compounds of 1 to 4 parts of every kind, the examples'
table scenes, compounds overlapping each other, a compound alone) is written twice: as is, and expanded, every
compound replaced by its parts as separate shapes at their world poses (the compound's pose times the part's,
composed here in Python). Then, for each margin D:
- `gjk query` on the expanded scene, every pair of shapes of two different bodies, gives each body pair's signed
  distance as the least over its part pairs (the independent answer); `gjk world --margin D` must print exactly the
  body pairs within D (up to a band of rounding about D), each with that distance, its deciding parts (part_a,
  part_b: the part pair of least distance, when no other part pair is as near) and their normal and points; lines of
  two convex shapes keep the plain fields (no parts);
- `gjk query` on the scene with every pair listed prints byte for byte the world's lines (their query fields);
- `gjk world --manifold` prints under "manifolds" byte for byte what `gjk manifold --speculative D` prints for the
  pair, and its part pairs and points agree with `gjk manifold` on the expanded scene's part pairs.
Rays: `gjk raycast` on a compound hits where the nearest of its parts does (fraction, point, part). Casts: with each
body translating, `gjk cast` of a pair with a compound takes the earliest part pair's time of impact.
Runs twice give the same bytes. Exits 1 with a message on the first mismatch.
"""
import json
import math
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_world  # noqa: E402  (the random shapes of the world's test)

FIELDS = ["a", "b", "status", "intersect", "distance", "normal", "point_a", "point_b", "iterations", "bounds"]
PRECISION = {}


def fail(message):
    print("cli_compound.py: " + message)
    sys.exit(1)


def run(gjk, args):
    proc = subprocess.run([gjk] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    if proc.returncode != 0 or proc.stderr:
        fail("gjk %s: exit %d, stderr %r" % (" ".join(args), proc.returncode, proc.stderr.decode()[:300]))
    return proc.stdout.decode()


def lines(text):
    return [json.loads(line) for line in text.splitlines()]


def tol():
    return 1e-6 if PRECISION["name"] == "double" else 2e-3


def near(a, b, scale=1.0):
    return abs(a - b) <= tol() * max(scale, abs(a), abs(b))


def near_vec(a, b, scale=1.0):
    """Normals and points: on curved shapes they are known less tightly than the distance (an error e in the normal
    changes the distance by about e squared), so compared within the square root of the distance's tolerance."""
    t = math.sqrt(tol())
    return len(a) == len(b) and all(abs(x - y) <= t * max(scale, abs(x), abs(y)) for x, y in zip(a, b))


# ---- poses ------------------------------------------------------------------------------------------------------

def qmul(p, q):
    w1, x1, y1, z1 = p
    w2, x2, y2, z2 = q
    return [w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2, w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
            w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2, w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2]


def qrot(q, v):
    w, x, y, z = q
    r = qmul(qmul(q, [0.0] + list(v)), [w, -x, -y, -z])
    return r[1:]


def unit(q):
    n = math.sqrt(sum(c * c for c in q))
    return [c / n for c in q]


def rotation3(shape):
    """A 3D shape's rotation as a unit quaternion [w, x, y, z], from "rotation" or "axis_angle"."""
    if "axis_angle" in shape:
        x, y, z, angle = shape["axis_angle"]
        n = math.sqrt(x * x + y * y + z * z)
        s = math.sin(angle / 2) / n
        return unit([math.cos(angle / 2), s * x, s * y, s * z])
    return unit(shape.get("rotation", [1, 0, 0, 0]))


def world_part(compound, part, dim):
    """The part as a shape of its own at its world pose: compound pose times part pose."""
    s = {k: v for k, v in part.items() if k not in ("position", "rotation", "axis_angle")}
    pc = compound.get("position", [0.0] * dim)
    pp = part.get("position", [0.0] * dim)
    if dim == 3:
        qc, qp = rotation3(compound), rotation3(part)
        s["position"] = [a + b for a, b in zip(pc, qrot(qc, pp))]
        s["rotation"] = unit(qmul(qc, qp))
    else:
        ac, ap = compound.get("rotation", 0.0), part.get("rotation", 0.0)
        c, sn = math.cos(ac), math.sin(ac)
        s["position"] = [pc[0] + c * pp[0] - sn * pp[1], pc[1] + sn * pp[0] + c * pp[1]]
        s["rotation"] = ac + ap
    if "velocity" in compound:
        s["velocity"] = compound["velocity"]
    return s


def expand(shapes, dim):
    """The expanded shapes and, for each, its (body, part): part 0 for a convex shape."""
    out, owner = [], []
    for i, s in enumerate(shapes):
        if s["type"] != "compound":
            out.append(s)
            owner.append((i, 0))
            continue
        for k, part in enumerate(s["parts"]):
            out.append(world_part(s, part, dim))
            owner.append((i, k))
    return out, owner


# ---- scenes -----------------------------------------------------------------------------------------------------

def compound(rng, dim, position):
    make = cli_world.shape3 if dim == 3 else cli_world.shape2
    parts = [make(rng, [rng.uniform(-1.2, 1.2) for _ in range(dim)], 0.6) for _ in range(rng.randint(1, 4))]
    rotation = cli_world.quaternion(rng) if dim == 3 else rng.uniform(-math.pi, math.pi)
    return {"type": "compound", "parts": parts, "position": position, "rotation": rotation}


def random_scene(rng, dim, n, extent):
    make = cli_world.shape3 if dim == 3 else cli_world.shape2
    shapes = []
    for _ in range(n):
        position = [rng.uniform(0, extent) for _ in range(dim)]
        shapes.append(compound(rng, dim, position) if rng.random() < 0.45 else make(rng, position))
    return shapes


def scenes(src):
    """(name, dim, shapes, margins) of every case."""
    rng = random.Random(20261127)
    for seed in range(3):
        yield "random3-%d" % seed, 3, random_scene(rng, 3, 22, 5.0), [0, 0.4]
        yield "random2-%d" % seed, 2, random_scene(rng, 2, 22, 6.0), [0, 0.4]
    for name in ("compound.json", "compound2d.json"):
        with open(os.path.join(src, "examples", name), encoding="utf-8") as f:
            doc = json.load(f)
        yield name, doc.get("dim", 3), doc["shapes"], [0, 0.05, 1]
    # Two compounds on top of each other (every part pair overlapping), and a compound alone.
    twin = compound(rng, 3, [1, 1, 1])
    yield "twins3", 3, [twin, dict(twin, position=[1.2, 1, 1])], [0]
    twin2 = compound(rng, 2, [1, 1])
    yield "twins2", 2, [twin2, dict(twin2, position=[1, 1.3])], [0]
    yield "alone2", 2, [compound(rng, 2, [0, 0])], [0, 1]


def text(value):
    return json.dumps(value, separators=(", ", ": "))


def write(tmp, name, doc):
    path = os.path.join(tmp, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text(doc))
    return path


# ---- checks -----------------------------------------------------------------------------------------------------

def brute_pairs(gjk, tmp, name, dim, shapes):
    """{(a, b): (distance, parts, line, runner_up)} over every body pair, from gjk query on the expanded scene: the
    part pair of least signed distance (the first in (part_a, part_b) order among equals) and the second least."""
    parts, owner = expand(shapes, dim)
    pairs = [[i, j] for i in range(len(parts)) for j in range(i + 1, len(parts)) if owner[i][0] != owner[j][0]]
    path = write(tmp, name + "-expanded.json", {"dim": dim, "shapes": parts, "pairs": pairs})
    best = {}
    for obj in lines(run(gjk, ["query", path])):
        (a, pa), (b, pb) = owner[obj["a"]], owner[obj["b"]]
        key, got = (a, b), (obj["distance"], (pa, pb), obj)
        if key not in best:
            best[key] = [got, None]
        elif got[0] < best[key][0][0] or (got[0] == best[key][0][0] and got[1] < best[key][0][1]):
            best[key] = [got, best[key][0]]
        elif best[key][1] is None or got[0] < best[key][1][0]:
            best[key][1] = got
    return best, parts, owner, path


def check_scene(gjk, tmp, name, dim, shapes, margins):
    best, parts, owner, expanded = brute_pairs(gjk, tmp, name, dim, shapes)
    plain = write(tmp, name + ".json", {"dim": dim, "shapes": shapes})
    n = len(shapes)
    listed = write(tmp, name + "-pairs.json",
                   {"dim": dim, "shapes": shapes, "pairs": [[i, j] for i in range(n) for j in range(i + 1, n)]})
    query_lines = {(o["a"], o["b"]): line for line, o in
                   ((line, json.loads(line)) for line in run(gjk, ["query", listed]).splitlines())}
    checked = 0
    for d in margins:
        what = "%s, margin %r" % (name, d)
        out = run(gjk, ["world", plain, "--margin", repr(float(d))])
        got = {(o["a"], o["b"]): o for o in lines(out)}
        keys = [(o["a"], o["b"]) for o in lines(out)]
        if keys != sorted(keys):
            fail("%s: lines not sorted by (a, b)" % what)
        for key, ((dist, pp, q), runner) in sorted(best.items()):
            compound_pair = shapes[key[0]]["type"] == "compound" or shapes[key[1]]["type"] == "compound"
            band = tol() * max(1.0, abs(dist))
            if key not in got:
                if dist <= d - band:
                    fail("%s: pair %s (distance %r over its parts) is missing" % (what, key, dist))
                continue
            o = got[key]
            if dist > d + band:
                fail("%s: pair %s printed, but its parts are %r apart" % (what, key, dist))
            if not near(o["distance"], dist):
                fail("%s: pair %s: distance %r, over its parts %r" % (what, key, o["distance"], dist))
            want_fields = FIELDS + (["part_a", "part_b"] if compound_pair else [])
            if list(o) != want_fields:
                fail("%s: pair %s: fields %s" % (what, key, list(o)))
            unique = runner is None or runner[0] - dist > 2 * band
            if compound_pair and unique:
                if (o["part_a"], o["part_b"]) != pp:
                    fail("%s: pair %s: parts %s, the nearest part pair is %s" %
                         (what, key, (o["part_a"], o["part_b"]), pp))
                if not near_vec(o["normal"], q["normal"]) or not near_vec(o["point_a"], q["point_a"], 10) \
                        or not near_vec(o["point_b"], q["point_b"], 10):
                    fail("%s: pair %s: normal or points %s differ from the part pair's %s" % (what, key, o, q))
            if o["intersect"] != q["intersect"] and unique and abs(dist) > band:
                fail("%s: pair %s: intersect %r, the part pair's %r" % (what, key, o["intersect"], q["intersect"]))
            # The world's line is gjk query's line of the pair, byte for byte.
            line = [x for x in out.splitlines() if json.loads(x)["a"] == key[0] and json.loads(x)["b"] == key[1]][0]
            if line != query_lines[key]:
                fail("%s: pair %s: world prints\n  %s\nand gjk query\n  %s" % (what, key, line, query_lines[key]))
            checked += 1
        for key in got:
            if key not in best:
                fail("%s: pair %s printed twice or unknown" % (what, key))
        check_manifolds(gjk, what, plain, listed, expanded, owner, shapes, d)
    return checked


def part_manifolds(gjk, expanded, owner, d):
    """{(a, b, part_a, part_b): manifold} of the expanded scene's part pairs with at least one point."""
    out = {}
    for o in lines(run(gjk, ["manifold", expanded, "--speculative", repr(float(d))])):
        (a, pa), (b, pb) = owner[o["a"]], owner[o["b"]]
        if o["points"]:
            out[(a, b, pa, pb)] = o
    return out


def check_manifolds(gjk, what, plain, listed, expanded, owner, shapes, d):
    first = run(gjk, ["world", plain, "--margin", repr(float(d)), "--manifold"])
    if run(gjk, ["world", plain, "--margin", repr(float(d)), "--manifold"]) != first:
        fail("%s: two runs of gjk world --manifold differ" % what)
    manifold_lines = {}
    for line in run(gjk, ["manifold", listed, "--speculative", repr(float(d))]).splitlines():
        o = json.loads(line)
        manifold_lines[(o["a"], o["b"])] = o
    parts = part_manifolds(gjk, expanded, owner, d)
    for line in first.splitlines():
        o = json.loads(line)
        key = (o["a"], o["b"])
        m = manifold_lines[key]
        if "part_a" not in o:
            if list(o) != FIELDS + ["manifold"]:
                fail("%s: pair %s: fields %s" % (what, key, list(o)))
            continue
        if list(o) != FIELDS + ["part_a", "part_b", "manifolds"]:
            fail("%s: pair %s: fields %s" % (what, key, list(o)))
        if list(m) != ["a", "b", "status", "manifolds"]:
            fail("%s: pair %s: gjk manifold's fields %s" % (what, key, list(m)))
        if text(o["manifolds"]) != text(m["manifolds"]):
            fail("%s: pair %s: world's manifolds\n  %s\ngjk manifold's\n  %s" % (what, key, o["manifolds"],
                                                                                 m["manifolds"]))
        # Against the part pairs' own manifolds: the same part pairs (those with a point clearly within D), each
        # with its points.
        band = tol() * 10
        mine = {(x["part_a"], x["part_b"]): x for x in o["manifolds"]}
        theirs = {(pa, pb): v for (a, b, pa, pb), v in parts.items() if (a, b) == key}
        for pp in sorted(set(mine) | set(theirs)):
            x, y = mine.get(pp), theirs.get(pp)
            if x is None or y is None:
                other = x if x is not None else y
                if min(p["separation"] for p in other["points"]) < d - band:
                    fail("%s: pair %s: part pair %s only %s" % (what, key, pp, "in the world" if x else
                                                                "in the parts' manifolds"))
                continue
            if len(x["points"]) != len(y["points"]):
                if all(abs(p["separation"] - d) > band for p in x["points"] + y["points"]):
                    fail("%s: pair %s parts %s: %d points, the parts' manifold %d" %
                         (what, key, pp, len(x["points"]), len(y["points"])))
                continue
            if not near_vec(x["normal"], y["normal"]):
                fail("%s: pair %s parts %s: normal %s, the parts' %s" % (what, key, pp, x["normal"], y["normal"]))
            for p in x["points"]:
                if not any(near_vec(p["point_a"], r["point_a"], 10) and near(p["separation"], r["separation"])
                           for r in y["points"]):
                    fail("%s: pair %s parts %s: point %s not in the parts' manifold %s" % (what, key, pp, p, y))


def check_rays(gjk, tmp, name, dim, shapes):
    rng = random.Random(len(shapes))
    rays = []
    for _ in range(12):
        origin = [rng.uniform(-2, 8) for _ in range(dim)]
        rays.append({"origin": origin, "translation": [rng.uniform(-10, 10) for _ in range(dim)]})
    plain = write(tmp, name + "-rays.json", {"dim": dim, "shapes": shapes, "rays": rays})
    parts, owner = expand(shapes, dim)
    expanded = write(tmp, name + "-rays-expanded.json", {"dim": dim, "shapes": parts, "rays": rays})
    want = {}
    for o in lines(run(gjk, ["raycast", expanded])):
        body, part = owner[o["shape"]]
        key = (o["ray"], body)
        if o["hit"] and (key not in want or not want[key][0]["hit"] or o["fraction"] < want[key][0]["fraction"]):
            want[key] = (o, part)
        elif not o["hit"] and key not in want:
            want[key] = (o, -1)
    hits = 0
    for o in lines(run(gjk, ["raycast", plain])):
        key = (o["ray"], o["shape"])
        w, part = want[key]
        what = "%s: ray %d, shape %d" % (name, key[0], key[1])
        is_compound = shapes[o["shape"]]["type"] == "compound"
        fields = ["ray", "shape", "status", "hit", "inside", "fraction", "point", "normal"] + (
            ["part"] if is_compound else [])
        if list(o) != fields:
            fail("%s: fields %s" % (what, list(o)))
        if o["hit"] != w["hit"]:
            fail("%s: hit %r, its parts' %r" % (what, o["hit"], w["hit"]))
        if not o["hit"]:
            if is_compound and o["part"] is not None:
                fail("%s: a miss names part %r" % (what, o["part"]))
            continue
        hits += 1
        if not near(o["fraction"], w["fraction"]) or not near_vec(o["point"], w["point"], 10):
            fail("%s: fraction %r at %s, the nearest part %r at %s" % (what, o["fraction"], o["point"],
                                                                      w["fraction"], w["point"]))
        if is_compound and o["part"] != part:
            fail("%s: part %r, the nearest is part %r" % (what, o["part"], part))
    return hits


def check_casts(gjk, tmp, name, dim, shapes):
    """Each body translates (no turn: each part then moves as its compound does, and casts as a shape of its own)."""
    rng = random.Random(len(shapes) + 1)
    moving = [dict(s, velocity=[rng.uniform(-3, 3) for _ in range(dim)]) for s in shapes]
    n = len(moving)
    pairs = [[i, j] for i in range(n) for j in range(i + 1, n)
             if moving[i]["type"] == "compound" or moving[j]["type"] == "compound"]
    if not pairs:
        return 0
    plain = write(tmp, name + "-cast.json", {"dim": dim, "shapes": moving, "pairs": pairs})
    parts, owner = expand(moving, dim)
    part_pairs = [[i, j] for i in range(len(parts)) for j in range(i + 1, len(parts))
                  if [owner[i][0], owner[j][0]] in pairs]
    expanded = write(tmp, name + "-cast-expanded.json", {"dim": dim, "shapes": parts, "pairs": part_pairs})
    earliest = {}
    for o in lines(run(gjk, ["cast", expanded])):
        (a, pa), (b, pb) = owner[o["a"]], owner[o["b"]]
        if o["state"] == "failed":
            fail("%s: the parts' cast %s failed" % (name, o))
        if o["hit"]:
            earliest.setdefault((a, b), []).append((o["t"], (pa, pb), o))
    hits = 0
    for o in lines(run(gjk, ["cast", plain])):
        key = (o["a"], o["b"])
        what = "%s: cast %s" % (name, key)
        if list(o) != ["a", "b", "status", "state", "hit", "t", "normal", "point", "part_a", "part_b"]:
            fail("%s: fields %s" % (what, list(o)))
        hits_of_pair = sorted(earliest.get(key, []))
        if not hits_of_pair:
            if o["hit"] or o["state"] != "separated" or o["part_a"] is not None:
                fail("%s: %s, but no part pair hits" % (what, o))
            continue
        hits += 1
        t, pp, first = hits_of_pair[0]
        if not o["hit"] or not near(o["t"], t):
            fail("%s: hit %r at t %r, the earliest part pair at %r" % (what, o["hit"], o["t"], t))
        later = [h for h in hits_of_pair[1:] if h[0] - t <= tol() * 10]
        if first["state"] == "hit" and not later and (o["part_a"], o["part_b"]) != pp:
            fail("%s: parts %s, the earliest part pair is %s" % (what, (o["part_a"], o["part_b"]), pp))
    return hits


def main():
    if len(sys.argv) != 3:
        fail("usage: cli_compound.py GJK SOURCE_DIR")
    gjk, src = sys.argv[1], sys.argv[2]
    PRECISION["name"] = "float" if "(float)" in run(gjk, ["--version"]) else "double"
    pairs = rays = casts = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, dim, shapes, margins in scenes(src):
            pairs += check_scene(gjk, tmp, name, dim, shapes, margins)
            rays += check_rays(gjk, tmp, name, dim, shapes)
            casts += check_casts(gjk, tmp, name, dim, shapes)
    if pairs < 50 or rays < 10 or casts < 10:
        fail("too few answers checked: %d pairs, %d ray hits, %d cast hits" % (pairs, rays, casts))
    print("cli_compound.py: %d pairs, %d ray hits, %d cast hits, as their parts" % (pairs, rays, casts))


if __name__ == "__main__":
    main()
