"""Checks the output of `gjk query` for tests/cli_test.sh (standard library only).

usage: cli_test.py OUTPUT DIM PRECISION EXPECTED_JSON

OUTPUT is the tool's stdout, DIM 2 or 3, PRECISION "double" or "float", EXPECTED_JSON a JSON list with one object
per expected line. Every line must be one JSON object with exactly the documented fields and types; then the keys of
the expected object are compared: "a", "b", "status", "intersect" exactly, "distance", "normal", "point_a",
"point_b" within max("tol", 1e-9 in double or 1e-4 in float); "exact": true compares distance exactly.
Also checked on every line: a unit normal and point_b = point_a + distance * normal (when status is "ok").
Exits 1 with a message on the first mismatch.
"""
import json
import math
import sys

FIELDS = ["a", "b", "status", "intersect", "distance", "normal", "point_a", "point_b", "iterations"]
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
    if obj["status"] != "ok":
        return
    length = math.sqrt(sum(x * x for x in obj["normal"]))
    if abs(length - 1) > tol:
        fail(n, "normal is not unit: %r" % obj["normal"])
    for i in range(dim):
        want = obj["point_a"][i] + obj["distance"] * obj["normal"][i]
        if abs(obj["point_b"][i] - want) > tol * (1 + abs(want)):
            fail(n, "point_b != point_a + distance * normal: %r" % obj)
    if (obj["distance"] < -tol and not obj["intersect"]) or (obj["distance"] > tol and obj["intersect"]):
        fail(n, "intersect %r disagrees with distance %r" % (obj["intersect"], obj["distance"]))


def check_expected(n, obj, want, tol):
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
    for key in ("normal", "point_a", "point_b"):
        if key in want and any(abs(x - y) > tol for x, y in zip(obj[key], want[key])):
            fail(n, "%s is %r, expected %r (tolerance %g)" % (key, obj[key], want[key], tol))


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    path, dim, precision, expected = sys.argv[1], int(sys.argv[2]), sys.argv[3], json.loads(sys.argv[4])
    tol = 1e-4 if precision == "float" else 1e-9
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines[-1] != "":
        fail(len(lines), "output does not end with a newline")
    lines.pop()
    if len(lines) != len(expected):
        fail(0, "%d lines, expected %d" % (len(lines), len(expected)))
    for n, (text, want) in enumerate(zip(lines, expected), 1):
        try:
            obj = json.loads(text, parse_constant=lambda c: fail(n, "non-JSON constant %s" % c))
        except ValueError as e:
            fail(n, "invalid JSON (%s): %s" % (e, text))
        check_structure(n, obj, dim, tol if precision == "float" else 1e-7)
        check_expected(n, obj, want, tol)


if __name__ == "__main__":
    main()
