# SPDX-FileCopyrightText: 2026 The gjk authors
# SPDX-License-Identifier: MIT
"""Tests of the Python package gjk (pytest):

- answers equal to the C library's bit for bit: random pairs of every shape kind, every query, manifolds, ray
  casts and shape casts, one pose at a time and as batches (also on several threads), against tests/reference.c,
  a C program built here from the single header;
- broadcasting (one pose against N), empty batches, statuses as enum members;
- bad input: wrong array shapes, NaN and infinity, unknown keywords, wrong types, 2D mixed with 3D, mismatched
  batch sizes, bad sizes: Python exceptions naming the argument, never a crash;
- pickling of every shape kind.
"""
import math
import os
import pickle
import random
import shutil
import subprocess

import numpy as np
import pytest

import gjk

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


# ---- the C reference ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def reference(tmp_path_factory):
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    assert cc, "a C compiler is needed for the reference answers"
    exe = str(tmp_path_factory.mktemp("ref") / "reference")
    subprocess.run([cc, "-std=c11", "-O2", "-ffp-contract=off", "-I", os.path.join(ROOT, "single"),
                    os.path.join(HERE, "reference.c"), "-o", exe, "-lm"], check=True)

    def run(lines):
        out = subprocess.run([exe], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
        rows = []
        for line in out.stdout.splitlines():
            rows.append([float.fromhex(t) if ("p" in t or "nan" in t or "inf" in t) else int(t) for t in line.split()])
        assert len(rows) == len(lines)
        return rows

    return run


def text(values):
    return " ".join(repr(float(v)) for v in values)


def flatten(result, k=None):
    """The fields of a result (item k of a batch), in the reference's order, as Python numbers."""
    out = []
    for value in result:
        if k is not None:
            value = value[k]
        arr = np.asarray(value)
        if arr.dtype == np.float64:
            out.extend(float(x) for x in arr.reshape(-1))
        else:
            out.extend(int(x) for x in arr.reshape(-1))
    return out


def same(a, b):
    """Bit for bit: floats compared by their hex form (so -0.0 differs from 0.0)."""
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if isinstance(x, float) or isinstance(y, float):
            if float(x).hex() != float(y).hex():
                return False
        elif int(x) != int(y):
            return False
    return True


# ---- random shapes and poses -------------------------------------------------------------------------------------


def random_shape(rng, dim):
    """(shape, its text for the reference)."""
    margin = rng.uniform(0.01, 0.3) if rng.random() < 0.25 else 0.0
    if dim == 3:
        kind = rng.choice(["box", "sphere", "capsule", "cylinder", "cone", "ellipsoid", "hull", "segment",
                           "triangle", "point"])
        if kind == "point":
            margin = max(margin, 0.2)
            return gjk.Point(margin=margin), "point %r" % margin
        if kind == "box":
            he = [rng.uniform(0.1, 1.5) for _ in range(3)]
            return gjk.Box(he, margin=margin), "box %s %r" % (text(he), margin)
        if kind == "sphere":
            r = rng.uniform(0.1, 1.5)
            return gjk.Sphere(r, margin=margin), "sphere %r %r" % (r, margin)
        if kind in ("capsule", "cylinder", "cone"):
            r, h = rng.uniform(0.1, 1.0), rng.uniform(0.1, 1.5)
            cls = {"capsule": gjk.Capsule, "cylinder": gjk.Cylinder, "cone": gjk.Cone}[kind]
            return cls(r, h, margin=margin), "%s %r %r %r" % (kind, r, h, margin)
        if kind == "ellipsoid":
            radii = [rng.uniform(0.1, 1.5) for _ in range(3)]
            return gjk.Ellipsoid(radii, margin=margin), "ellipsoid %s %r" % (text(radii), margin)
        if kind == "segment":
            a, b = [rng.uniform(-1, 1) for _ in range(3)], [rng.uniform(-1, 1) for _ in range(3)]
            return gjk.Segment(a, b, margin=margin), "segment %s %s %r" % (text(a), text(b), margin)
        if kind == "triangle":
            p = [[rng.uniform(-1, 1) for _ in range(3)] for _ in range(3)]
            return gjk.Triangle(*p, margin=margin), "triangle %s %r" % (text(sum(p, [])), margin)
        pts = np.array([[rng.uniform(-1, 1) for _ in range(3)] for _ in range(rng.randint(4, 40))])
        return gjk.ConvexHull(pts, margin=margin), "hull %d %s %r" % (len(pts), text(pts.reshape(-1)), margin)
    kind = rng.choice(["circle", "box2", "capsule2", "polygon", "segment2", "point2"])
    if kind == "point2":
        margin = max(margin, 0.2)
        return gjk.Point2(margin=margin), "point2 %r" % margin
    if kind == "circle":
        r = rng.uniform(0.1, 1.5)
        return gjk.Circle(r, margin=margin), "circle %r %r" % (r, margin)
    if kind == "box2":
        he = [rng.uniform(0.1, 1.5) for _ in range(2)]
        return gjk.Box2(he, margin=margin), "box2 %s %r" % (text(he), margin)
    if kind == "capsule2":
        r, h = rng.uniform(0.1, 1.0), rng.uniform(0.1, 1.5)
        return gjk.Capsule2(r, h, margin=margin), "capsule2 %r %r %r" % (r, h, margin)
    if kind == "segment2":
        a, b = [rng.uniform(-1, 1) for _ in range(2)], [rng.uniform(-1, 1) for _ in range(2)]
        return gjk.Segment2(a, b, margin=margin), "segment2 %s %s %r" % (text(a), text(b), margin)
    pts = np.array([[rng.uniform(-1, 1) for _ in range(2)] for _ in range(rng.randint(3, 16))])
    return gjk.Polygon(pts, margin=margin), "polygon %d %s %r" % (len(pts), text(pts.reshape(-1)), margin)


def random_pose(rng, dim):
    if dim == 3:
        return [rng.uniform(-2, 2) for _ in range(3)] + [rng.uniform(-1, 1) for _ in range(4)]
    return [rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-3.2, 3.2)]


QUERIES = [gjk.intersect, gjk.distance, gjk.penetration, gjk.signed_distance]


# ---- bit for bit -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("dim", [3, 2])
def test_queries_equal_the_c_library(reference, dim):
    rng = random.Random(100 + dim)
    for _ in range(12):
        # one shape pair, N poses of each: single calls and the batch, against the reference line by line
        (a, ta), (b, tb) = random_shape(rng, dim), random_shape(rng, dim)
        n = 25
        pa = np.array([random_pose(rng, dim) for _ in range(n)])
        pb = np.array([random_pose(rng, dim) for _ in range(n)])
        for q, fn in enumerate(QUERIES):
            lines = ["q%d %d %s %s %s %s" % (q, dim, ta, text(pa[k]), tb, text(pb[k])) for k in range(n)]
            ref = reference(lines)
            batch = fn(a, pa, b, pb)
            batch2 = fn(a, pa, b, pb, threads=2)
            for k in range(n):
                single = fn(a, pa[k], b, pb[k])
                assert same(flatten(single), ref[k]), (fn.__name__, lines[k], flatten(single), ref[k])
                assert same(flatten(batch, k), ref[k]), (fn.__name__, "batch", lines[k])
                assert same(flatten(batch2, k), ref[k]), (fn.__name__, "2 threads", lines[k])


@pytest.mark.parametrize("dim", [3, 2])
def test_contacts_equal_the_c_library(reference, dim):
    rng = random.Random(200 + dim)
    hits = 0
    for _ in range(10):
        (a, ta), (b, tb) = random_shape(rng, dim), random_shape(rng, dim)
        n = 16
        pa = np.array([random_pose(rng, dim) for _ in range(n)])
        pb = np.array([random_pose(rng, dim) for _ in range(n)])
        # manifolds
        lines = ["m %d %s %s %s %s 0.05" % (dim, ta, text(pa[k]), tb, text(pb[k])) for k in range(n)]
        ref = reference(lines)
        batch = gjk.manifold(a, pa, b, pb, speculative_distance=0.05)
        for k in range(n):
            assert same(flatten(gjk.manifold(a, pa[k], b, pb[k], speculative_distance=0.05)), ref[k]), lines[k]
            assert same(flatten(batch, k), ref[k]), lines[k]
        # ray casts at A, aimed at its position
        origins = np.array([[rng.uniform(-4, 4) for _ in range(dim)] for _ in range(n)])
        trans = 2 * (pa[:, :dim] - origins)
        lines = ["r %d %s %s %s %s 1.0" % (dim, ta, text(pa[k]), text(origins[k]), text(trans[k])) for k in range(n)]
        ref = reference(lines)
        batch = gjk.raycast(a, pa, origins, trans)
        hits += int(batch.hit.sum())
        for k in range(n):
            assert same(flatten(gjk.raycast(a, pa[k], origins[k], trans[k])), ref[k]), lines[k]
            assert same(flatten(batch, k), ref[k]), lines[k]
        # shape casts: B heads for A, A turns in 3D
        w = 3 if dim == 3 else 1
        tb_ = 2 * (pa[:, :dim] - pb[:, :dim])
        ra = np.array([[rng.uniform(-1, 1) for _ in range(w)] for _ in range(n)])
        zero_t, zero_r = np.zeros(dim), np.zeros(w)
        lines = ["c %d %s %s %s %s %s %s %s %s 0.0 0.0 0" % (dim, ta, text(pa[k]), tb, text(pb[k]), text(zero_t),
                                                          text(ra[k]), text(tb_[k]), text(zero_r)) for k in range(n)]
        ref = reference(lines)
        rot_a = ra if dim == 3 else ra[:, 0]
        batch = gjk.shape_cast(a, pa, b, pb, rotation_a=rot_a, translation_b=tb_, threads=2)
        for k in range(n):
            single = gjk.shape_cast(a, pa[k], b, pb[k], rotation_a=rot_a[k], translation_b=tb_[k])
            assert same(flatten(single), ref[k]), lines[k]
            assert same(flatten(batch, k), ref[k]), lines[k]
    assert hits > 40  # (rays aim at the shapes' origins, which segments and triangles need not hold)


def test_threads_give_the_same_bits():
    rng = np.random.default_rng(5)
    n = 5000
    box, hull = gjk.Box([0.5, 0.7, 0.3]), gjk.ConvexHull(rng.uniform(-1, 1, (32, 3)))
    pa = np.hstack([rng.uniform(-1, 1, (n, 3)), rng.uniform(-1, 1, (n, 4))])
    pb = np.hstack([rng.uniform(-1, 1, (n, 3)), rng.uniform(-1, 1, (n, 4))])
    one = gjk.signed_distance(box, pa, hull, pb)
    for threads in (2, 3, 8, 0):
        other = gjk.signed_distance(box, pa, hull, pb, threads=threads)
        for x, y in zip(one, other):
            assert np.array_equal(np.asarray(x).view(np.uint8), np.asarray(y).view(np.uint8))


# ---- broadcasting, statuses, empty batches -------------------------------------------------------------------------


def test_readme_example():
    box, capsule = gjk.Box([1, 1, 1]), gjk.Capsule(0.5, 1.0)
    r = gjk.signed_distance(box, [0, 0, 0, 1, 0, 0, 0], capsule, [0, 0, 2.2, 1, 1, 0, 0])
    assert r.status is gjk.Status.OK
    assert abs(r.distance - 0.7) < 1e-12 and not r.intersect
    assert r.normal.shape == (3,) and r.lower <= r.distance <= r.upper


def test_one_pose_against_many():
    sphere, box = gjk.Sphere(0.5), gjk.Box([1, 1, 1])
    poses = np.zeros((10, 7))
    poses[:, 0] = np.linspace(2, 5, 10)
    poses[:, 3] = 1
    r = gjk.distance(box, [0, 0, 0, 1, 0, 0, 0], sphere, poses)
    assert r.distance.shape == (10,) and r.normal.shape == (10, 3) and r.status.shape == (10,)
    assert np.allclose(r.distance, poses[:, 0] - 1.5, atol=1e-12)
    assert (r.status == gjk.Status.OK).all()
    for k in range(10):
        assert gjk.distance(box, [0, 0, 0, 1, 0, 0, 0], sphere, poses[k]).distance == r.distance[k]
    # the same with A's pose as (N, 7) and B's single
    r2 = gjk.distance(sphere, poses, box, [0, 0, 0, 1, 0, 0, 0])
    assert np.allclose(r2.distance, r.distance, atol=1e-12)


def test_empty_batch_and_statuses():
    box = gjk.Box([1, 1, 1])
    r = gjk.signed_distance(box, np.zeros((0, 7)), box, [0, 0, 0, 1, 0, 0, 0])
    assert r.distance.shape == (0,) and r.normal.shape == (0, 3)
    # a zero quaternion is not an exception but a status, as in C
    bad = gjk.signed_distance(box, [0, 0, 0, 0, 0, 0, 0], box, [0, 0, 3, 1, 0, 0, 0])
    assert bad.status is gjk.Status.INVALID_INPUT and bad.distance == 0
    rows = np.array([[0, 0, 3, 1, 0, 0, 0], [0, 0, 3, 0, 0, 0, 0]], dtype=float)
    batch = gjk.signed_distance(box, [0, 0, 0, 1, 0, 0, 0], box, rows)
    assert list(batch.status) == [gjk.Status.OK, gjk.Status.INVALID_INPUT]
    c = gjk.shape_cast(box, [0, 0, 0, 1, 0, 0, 0], box, [5, 0, 0, 1, 0, 0, 0], translation_b=[-10, 0, 0])
    assert c.state is gjk.CastState.HIT and c.hit and abs(c.t - 0.3) < 1e-12


# ---- bad input ----------------------------------------------------------------------------------------------------


def test_bad_input_names_the_argument():
    box, circle = gjk.Box([1, 1, 1]), gjk.Circle(1)
    ok = [0, 0, 0, 1, 0, 0, 0]
    cases = [
        (lambda: gjk.signed_distance(box, [0, 0, 0, 1, 0, 0], box, ok), ValueError, "pose_a"),
        (lambda: gjk.signed_distance(box, ok, box, np.zeros((4, 6))), ValueError, "pose_b"),
        (lambda: gjk.signed_distance(box, ok, box, np.zeros((2, 3, 7))), ValueError, "pose_b"),
        (lambda: gjk.signed_distance(box, ok, box, [0, 0, float("nan"), 1, 0, 0, 0]), ValueError, "pose_b"),
        (lambda: gjk.signed_distance(box, [0, float("inf"), 0, 1, 0, 0, 0], box, ok), ValueError, "pose_a"),
        (lambda: gjk.signed_distance(box, ok, box, "abc"), ValueError, "pose_b"),
        (lambda: gjk.signed_distance(box, np.zeros((3, 7)), box, np.zeros((4, 7))), ValueError, "pose_a"),
        (lambda: gjk.signed_distance(box, ok, box, ok, tolerence=1e-3), TypeError, "tolerence"),
        (lambda: gjk.signed_distance(box, ok, box, ok, tolerance=-1), ValueError, "tolerance"),
        (lambda: gjk.signed_distance(box, ok, box, ok, threads=-2), ValueError, "threads"),
        (lambda: gjk.signed_distance("box", ok, box, ok), TypeError, "shape_a"),
        (lambda: gjk.signed_distance(box, ok, circle, [0, 0, 0]), ValueError, "shape_b"),
        (lambda: gjk.signed_distance(circle, [0, 0, 0], circle, ok), ValueError, "pose_b"),
        (lambda: gjk.manifold(box, ok, box, ok, speculative_distance=-1), ValueError, "speculative_distance"),
        (lambda: gjk.raycast(box, ok, [0, 0], [1, 0, 0]), ValueError, "origin"),
        (lambda: gjk.raycast(box, ok, [0, 0, 0], [1, 0, 0], max_fraction=float("nan")), ValueError, "max_fraction"),
        (lambda: gjk.shape_cast(box, ok, box, ok, rotation_b=[1, 2]), ValueError, "rotation_b"),
        (lambda: gjk.shape_cast(box, ok, box, ok, translation_a=np.zeros((3, 3)), translation_b=np.zeros((2, 3))),
         ValueError, "translation_a"),
        (lambda: gjk.Box([1, 1]), ValueError, "half_extents"),
        (lambda: gjk.Box([1, 1, -1]), ValueError, "box"),
        (lambda: gjk.Sphere("x"), TypeError, "radius"),
        (lambda: gjk.Sphere(1, margin=-0.5), ValueError, "margin"),
        (lambda: gjk.Cylinder(float("nan"), 1), ValueError, "cylinder"),
        (lambda: gjk.ConvexHull(np.zeros((5, 2))), ValueError, "ConvexHull"),
        (lambda: gjk.ConvexHull([[0, 0, float("nan")]]), ValueError, "ConvexHull"),
        (lambda: gjk.Polygon(np.zeros((0, 2))), ValueError, "Polygon"),
        (lambda: gjk.Box([1, 1, 1], margni=1), TypeError, "margni"),
    ]
    for fn, exc, word in cases:
        with pytest.raises(exc) as info:
            fn()
        assert word in str(info.value), (word, str(info.value))


def test_uninitialised_shape_is_an_error_not_a_crash():
    class Half(gjk.Shape):
        def __init__(self):  # never calls the base initialiser
            pass

    with pytest.raises(ValueError, match="shape_a"):
        gjk.distance(Half(), [0, 0, 0, 1, 0, 0, 0], gjk.Sphere(1), [0, 0, 0, 1, 0, 0, 0])


# ---- pickling -----------------------------------------------------------------------------------------------------


def test_every_shape_pickles():
    rng = random.Random(9)
    shapes = [random_shape(rng, 3)[0] for _ in range(60)] + [random_shape(rng, 2)[0] for _ in range(40)]
    kinds = {type(s).__name__ for s in shapes}
    assert len(kinds) == 16, kinds
    for s in shapes:
        t = pickle.loads(pickle.dumps(s))
        assert type(t) is type(s) and repr(t) == repr(s)
        pose = [0.3, 0.1, -0.2, 1, 0.2, 0, 0] if s.dim == 3 else [0.3, 0.1, 0.4]
        other = gjk.Sphere(0.5) if s.dim == 3 else gjk.Circle(0.5)
        o_pose = [2, 0, 0, 1, 0, 0, 0] if s.dim == 3 else [2, 0, 0]
        assert same(flatten(gjk.signed_distance(s, pose, other, o_pose)),
                    flatten(gjk.signed_distance(t, pose, other, o_pose)))
        if isinstance(s, (gjk.ConvexHull, gjk.Polygon)):
            assert s.vertices.shape[1] == s.dim and np.array_equal(s.vertices, t.vertices)
