"""Checks the output of `gjk manifold`, `gjk raycast` and `gjk cast` for tests/cli_contacts.sh (standard library
only).

usage: cli_contacts.py COMMAND OUTPUT DIM PRECISION EXPECTED_JSON

COMMAND is manifold, raycast or cast; OUTPUT the tool's stdout; DIM 2 or 3; PRECISION "double" or "float";
EXPECTED_JSON a JSON list with one object per expected line, in order.

Every line must be one JSON object with exactly the documented fields, in order, of the documented types, and obey
the command's contract (docs/cli.md):
- manifold: a unit normal; each point's point_b = point_a + separation * normal; ids distinct non-negative integers,
  feature_a and feature_b the names of their two halves ("face 3"); at most 4 points in 3D, 2 in 2D;
- raycast: a hit has a fraction >= 0, a point and a unit normal (null only for a point query from inside); "inside"
  only with a hit at fraction 0; a miss has fraction, point and normal null;
- cast: state one of hit, separated, overlapped, failed; t in [0, 1]; hit true for state hit; t = 1 when separated;
  normal and point only at a hit or overlap (else null).
Then each key of the expected object is compared: integers, strings, booleans and null exactly, numbers and vectors
within max("tol", 1e-9 in double or 1e-4 in float) (relative above 1); "points" as a set (any order, same count),
each expected point's keys compared as above. Exits 1 with a message on the first mismatch.
"""
import json
import math
import sys

FIELDS = {
    "manifold": ["a", "b", "status", "normal", "points"],
    "raycast": ["ray", "shape", "status", "hit", "inside", "fraction", "point", "normal"],
    "cast": ["a", "b", "status", "state", "hit", "t", "normal", "point"],
}
POINT_FIELDS = ["point_a", "point_b", "separation", "id", "feature_a", "feature_b"]
KINDS = ["vertex", "edge", "face", "rim"]
STATUSES = {"ok", "max_iterations", "degenerate", "invalid_input", "out_of_memory"}
STATES = {"hit", "separated", "overlapped", "failed"}


def fail(line_no, message):
    sys.exit("cli_contacts.py: line %d: %s" % (line_no, message))


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def is_index(v):
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def check_vec(n, name, v, dim):
    if not isinstance(v, list) or len(v) != dim or not all(is_number(x) for x in v):
        fail(n, "%s must be %d finite numbers: %r" % (name, dim, v))


def is_unit(v, tol):
    return abs(math.sqrt(sum(x * x for x in v)) - 1) <= tol


def near(a, b, tol):
    return abs(a - b) <= tol * max(1, abs(b))


def check_manifold(n, obj, dim, tol):
    check_vec(n, "normal", obj["normal"], dim)
    if not isinstance(obj["points"], list) or len(obj["points"]) > (4 if dim == 3 else 2):
        fail(n, "points must be a list of at most %d points" % (4 if dim == 3 else 2))
    ids = set()
    for p in obj["points"]:
        if not isinstance(p, dict) or list(p.keys()) != POINT_FIELDS:
            fail(n, "a point must have the fields %s in that order: %r" % (POINT_FIELDS, p))
        check_vec(n, "point_a", p["point_a"], dim)
        check_vec(n, "point_b", p["point_b"], dim)
        if not is_number(p["separation"]) or not is_index(p["id"]):
            fail(n, "separation must be a number and id a non-negative integer: %r" % p)
        for key, code in (("feature_a", p["id"] >> 16), ("feature_b", p["id"] & 0xFFFF)):
            if p[key] != "%s %d" % (KINDS[code >> 14], code & 0x3FFF):
                fail(n, "%s %r does not name the feature of id %d" % (key, p[key], p["id"]))
        if p["id"] in ids:
            fail(n, "id %d repeats" % p["id"])
        ids.add(p["id"])
        for i in range(dim):
            want = p["point_a"][i] + p["separation"] * obj["normal"][i]
            if not near(p["point_b"][i], want, tol):
                fail(n, "point_b != point_a + separation * normal: %r" % p)
    if obj["points"] and not is_unit(obj["normal"], tol):
        fail(n, "normal is not unit: %r" % obj["normal"])


def check_raycast(n, obj, dim, tol):
    for key in ("hit", "inside"):
        if not isinstance(obj[key], bool):
            fail(n, "%s must be a boolean" % key)
    if not obj["hit"]:
        if obj["inside"] or obj["fraction"] is not None or obj["point"] is not None or obj["normal"] is not None:
            fail(n, "a miss must have inside false and fraction, point and normal null: %r" % obj)
        return
    if not is_number(obj["fraction"]) or obj["fraction"] < 0:
        fail(n, "fraction must be a finite number >= 0")
    check_vec(n, "point", obj["point"], dim)
    if obj["inside"] and obj["fraction"] != 0:
        fail(n, "inside without a hit at fraction 0: %r" % obj)
    if obj["normal"] is None:
        if not obj["inside"]:
            fail(n, "a hit from outside without a normal: %r" % obj)
    else:
        check_vec(n, "normal", obj["normal"], dim)
        if not is_unit(obj["normal"], tol):
            fail(n, "normal is not unit: %r" % obj["normal"])


def check_cast(n, obj, dim, tol):
    if obj["state"] not in STATES:
        fail(n, "unknown state %r" % obj["state"])
    if not isinstance(obj["hit"], bool) or not is_number(obj["t"]) or not 0 <= obj["t"] <= 1:
        fail(n, "hit must be a boolean and t a number in [0, 1]: %r" % obj)
    if obj["state"] in ("hit", "overlapped"):
        check_vec(n, "normal", obj["normal"], dim)
        check_vec(n, "point", obj["point"], dim)
    elif obj["normal"] is not None or obj["point"] is not None:
        fail(n, "no contact (state %s) but a normal or point: %r" % (obj["state"], obj))
    if obj["state"] == "hit" and not obj["hit"]:
        fail(n, "state hit without hit")
    if obj["state"] in ("separated", "failed") and obj["hit"]:
        fail(n, "state %s with hit" % obj["state"])
    if obj["state"] == "separated" and obj["t"] != 1:
        fail(n, "separated with t %r" % obj["t"])
    if obj["status"] == "ok" and obj["hit"] and not is_unit(obj["normal"], tol):
        fail(n, "normal is not unit: %r" % obj["normal"])


CHECKS = {"manifold": check_manifold, "raycast": check_raycast, "cast": check_cast}


def compare(n, key, got, want, tol):
    if want is None or isinstance(want, (bool, str)) or (isinstance(want, int) and key in ("a", "b", "ray", "shape", "id")):
        if got != want:
            fail(n, "%s is %r, expected %r" % (key, got, want))
    elif isinstance(want, list):
        if len(got) != len(want) or not all(near(g, w, tol) for g, w in zip(got, want)):
            fail(n, "%s is %r, expected %r (tol %g)" % (key, got, want, tol))
    elif not near(got, want, tol):
        fail(n, "%s is %r, expected %r (tol %g)" % (key, got, want, tol))


def compare_points(n, got, want, tol):
    if len(got) != len(want):
        fail(n, "%d points, expected %d: %r" % (len(got), len(want), got))
    left = list(got)
    for w in want:
        for i, g in enumerate(left):
            try_ok = all(
                (g[k] == w[k]) if k == "id" or isinstance(w[k], str) else
                (len(g[k]) == len(w[k]) and all(near(a, b, tol) for a, b in zip(g[k], w[k])))
                if isinstance(w[k], list) else near(g[k], w[k], tol) for k in w)
            if try_ok:
                del left[i]
                break
        else:
            fail(n, "no point matches %r (tol %g) among %r" % (w, tol, left))


def main():
    if len(sys.argv) != 6 or sys.argv[1] not in FIELDS:
        sys.exit("usage: cli_contacts.py manifold|raycast|cast OUTPUT DIM PRECISION EXPECTED_JSON")
    command, path, dim, precision, expected = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], \
        json.loads(sys.argv[5])
    base_tol = 1e-9 if precision == "double" else 1e-4
    with open(path) as f:
        lines = f.read().splitlines()
    if len(lines) != len(expected):
        sys.exit("cli_contacts.py: %d lines, expected %d:\n%s" % (len(lines), len(expected), "\n".join(lines)))
    for n, (line, want) in enumerate(zip(lines, expected), 1):
        try:
            obj = json.loads(line)
        except ValueError as e:
            fail(n, "not JSON (%s): %s" % (e, line))
        if not isinstance(obj, dict) or list(obj.keys()) != FIELDS[command]:
            fail(n, "fields %s, expected %s in that order" % (list(obj) if isinstance(obj, dict) else obj,
                                                                 FIELDS[command]))
        if obj["status"] not in STATUSES:
            fail(n, "unknown status %r" % obj["status"])
        for key in FIELDS[command][:2]:
            if not is_index(obj[key]):
                fail(n, "%s must be a non-negative integer" % key)
        CHECKS[command](n, obj, dim, base_tol)
        tol = max(want.get("tol", 0), base_tol)
        for key, value in want.items():
            if key == "tol":
                continue
            if key == "points":
                compare_points(n, obj["points"], value, tol)
            else:
                compare(n, key, obj[key], value, tol)


main()
