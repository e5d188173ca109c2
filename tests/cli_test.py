"""Checks the output of `gjk query` for tests/cli_test.sh (standard library only).

usage: cli_test.py OUTPUT DIM PRECISION EXPECTED_JSON
       cli_test.py --tolerance OUTPUT DEFAULT_OUTPUT DIM PRECISION TOLERANCE SIZE

OUTPUT is the tool's stdout, DIM 2 or 3, PRECISION "double" or "float", EXPECTED_JSON a JSON list with one object
per expected line. Every line must be one JSON object with exactly the documented fields and types; then the keys of
the expected object are compared: "a", "b", "status", "intersect" exactly, "distance", "normal", "point_a",
"point_b" within max("tol", 1e-9 in double or 1e-4 in float); "exact": true compares distance exactly; the expected
distance must lie within the line's bounds (to 1e-12 in double, "tol" in float, whose inputs are rounded).
Also checked on every line: a unit normal, point_b = point_a + distance * normal and the distance within its own
bounds (when status is "ok").

With --tolerance, OUTPUT is `gjk query --tolerance TOLERANCE` and DEFAULT_OUTPUT `gjk query` on the same scene,
whose pairs are at most SIZE across: every line's bounds hold the default answer (to the width of its bounds), are
at most TOLERANCE x SIZE apart, and the iterations add up to no more than the default's (in 3D, where the scenes
have curved shapes, to fewer).
Exits 1 with a message on the first mismatch.
"""
import json
import math
import sys

FIELDS = ["a", "b", "status", "intersect", "distance", "normal", "point_a", "point_b", "iterations", "bounds"]
STATUSES = {"ok", "max_iterations", "degenerate", "invalid_input", "out_of_memory"}


def fail(line_no, message):
    sys.exit("cli_test.py: line %d: %s" % (line_no, message))


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def check_structure(n, obj, dim, tol):
    if not isinstance(obj, dict):
        fail(n, "not a JSON object")
    if list(obj.keys()) != FIELDS:
        fail(n, "fields %s, expected %s in that order" % (list(obj.keys()), FIELDS))
    for key in ("a", "b", "iterations"):
        if not isinstance(obj[key], int) or isinstance(obj[key], bool) or obj[key] < 0:
            fail(n, "%s must be a non-negative integer: %r" % (key, obj[key]))
    if obj["status"] not in STATUSES:
        fail(n, "unknown status %r" % obj["status"])
    if not isinstance(obj["intersect"], bool):
        fail(n, "intersect must be a boolean")
    if not is_number(obj["distance"]):
        fail(n, "distance must be a finite number: %r" % obj["distance"])
    for key in ("normal", "point_a", "point_b"):
        v = obj[key]
        if not isinstance(v, list) or len(v) != dim or not all(is_number(x) for x in v):
            fail(n, "%s must be %d finite numbers: %r" % (key, dim, v))
    b = obj["bounds"]
    if not isinstance(b, list) or len(b) != 2 or not all(x is None or is_number(x) for x in b):
        fail(n, "bounds must be [lower, upper], each a finite number or null: %r" % (b,))
    if b[0] is not None and b[1] is not None and b[0] > b[1]:
        fail(n, "bounds %r are empty" % (b,))
    if obj["status"] != "ok":
        return
    if not within(obj["distance"], b, 0):
        fail(n, "distance %r outside its bounds %r" % (obj["distance"], b))
    length = math.sqrt(sum(x * x for x in obj["normal"]))
    if abs(length - 1) > tol:
        fail(n, "normal is not unit: %r" % obj["normal"])
    for i in range(dim):
        want = obj["point_a"][i] + obj["distance"] * obj["normal"][i]
        if abs(obj["point_b"][i] - want) > tol * (1 + abs(want)):
            fail(n, "point_b != point_a + distance * normal: %r" % obj)
    if (obj["distance"] < -tol and not obj["intersect"]) or (obj["distance"] > tol and obj["intersect"]):
        fail(n, "intersect %r disagrees with distance %r" % (obj["intersect"], obj["distance"]))


def within(d, bounds, slack):
    return (bounds[0] is None or bounds[0] <= d + slack) and (bounds[1] is None or bounds[1] >= d - slack)


def check_expected(n, obj, want, tol, bounds_slack):
    tol = max(want.get("tol", 0), tol)
    for key in ("a", "b", "status", "intersect"):
        if key in want and obj[key] != want[key]:
            fail(n, "%s is %r, expected %r" % (key, obj[key], want[key]))
    if "distance" in want:
        d = obj["distance"]
        if want.get("exact") and d != want["distance"]:
            fail(n, "distance is %r, expected exactly %r" % (d, want["distance"]))
        if abs(d - want["distance"]) > tol:
            fail(n, "distance is %r, expected %r (tolerance %g)" % (d, want["distance"], tol))
        if not within(want["distance"], obj["bounds"], bounds_slack if bounds_slack else tol):
            fail(n, "expected distance %r outside the bounds %r" % (want["distance"], obj["bounds"]))
    for key in ("normal", "point_a", "point_b"):
        if key in want and any(abs(x - y) > tol for x, y in zip(obj[key], want[key])):
            fail(n, "%s is %r, expected %r (tolerance %g)" % (key, obj[key], want[key], tol))


def read_lines(path, dim, precision):
    """The output's lines as objects, each checked for its structure."""
    tol = 1e-4 if precision == "float" else 1e-9
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines[-1] != "":
        fail(len(lines), "output does not end with a newline")
    lines.pop()
    objs = []
    for n, text in enumerate(lines, 1):
        try:
            obj = json.loads(text, parse_constant=lambda c: fail(n, "non-JSON constant %s" % c))
        except ValueError as e:
            fail(n, "invalid JSON (%s): %s" % (e, text))
        check_structure(n, obj, dim, tol if precision == "float" else 1e-7)
        objs.append(obj)
    return objs


def compare_tolerance(loose_path, default_path, dim, precision, tolerance, size):
    loose, default = read_lines(loose_path, dim, precision), read_lines(default_path, dim, precision)
    if len(loose) != len(default):
        fail(0, "%d lines with the tolerance, %d without" % (len(loose), len(default)))
    for n, (l, d) in enumerate(zip(loose, default), 1):
        if (l["a"], l["b"]) != (d["a"], d["b"]):
            fail(n, "pair %r with the tolerance, %r without" % ((l["a"], l["b"]), (d["a"], d["b"])))
        if None in l["bounds"] or None in d["bounds"]:
            fail(n, "unbounded signed distance: %r, %r" % (l["bounds"], d["bounds"]))
        if not within(d["distance"], l["bounds"], d["bounds"][1] - d["bounds"][0]):
            fail(n, "default distance %r outside the bounds %r" % (d["distance"], l["bounds"]))
        if l["bounds"][1] - l["bounds"][0] > tolerance * size:
            fail(n, "bounds %r wider than %g x %g" % (l["bounds"], tolerance, size))
    saved = sum(d["iterations"] for d in default) - sum(l["iterations"] for l in loose)
    if saved < 0 or (dim == 3 and saved == 0):
        fail(0, "the tolerance saved %d iterations" % saved)


def main():
    if len(sys.argv) == 8 and sys.argv[1] == "--tolerance":
        a = sys.argv
        compare_tolerance(a[2], a[3], int(a[4]), a[5], float(a[6]), float(a[7]))
        return
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    path, dim, precision, expected = sys.argv[1], int(sys.argv[2]), sys.argv[3], json.loads(sys.argv[4])
    tol = 1e-4 if precision == "float" else 1e-9
    objs = read_lines(path, dim, precision)
    if len(objs) != len(expected):
        fail(0, "%d lines, expected %d" % (len(objs), len(expected)))
    for n, (obj, want) in enumerate(zip(objs, expected), 1):
        check_expected(n, obj, want, tol, 0 if precision == "float" else 1e-12)


if __name__ == "__main__":
    main()
