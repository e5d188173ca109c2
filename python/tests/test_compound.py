# SPDX-FileCopyrightText: 2026 The gjk authors
# SPDX-License-Identifier: MIT
"""Tests of gjk.Compound and the compound calls (pytest), 3D and 2D, against brute force over the single-pair calls
on each part at its world pose, the composition of the compound's pose and the part's written out here with numpy:

- compound_query of every kind against the least over part pairs of gjk.signed_distance / distance / intersect /
  penetration (the value, the deciding parts, the answer of that part pair), a convex shape on either side;
- compound_collide against gjk.manifold on every part pair: the same pairs, bit for bit when the compounds stand
  unrotated (the composition is then exact), to 1e-9 when they turn;
- compound_raycast against the nearest hit of gjk.raycast over the parts; compound_cast of translating compounds
  against the earliest gjk.shape_cast over part pairs, and a turning arm against its closed form;
- compound_merge: a table on the floor in closed form (3D and 2D), and on random compounds the grouping's promises
  (normals within and beyond 5 degrees, references, counts, order, points copied from the input);
- aabb holds every part's box; a World with compound and convex bodies gives, per body pair, the contacts of
  compound_collide;
- bad input raises ValueError / TypeError; the compound keeps its parts alive; the example of docs/python.md runs.
"""
import doctest
import gc
import math
import os
import pickle
import re
import types
import weakref

import numpy as np
import pytest

import gjk

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KINDS = ("intersect", "distance", "penetration", "signed_distance")
MANIFOLD_FIELDS = ("status", "normal", "count", "points_a", "points_b", "separations", "ids", "iterations")


# ---- poses --------------------------------------------------------------------------------------------------------


def quat_mul(p, q):
    pw, pv, qw, qv = p[0], np.asarray(p[1:]), q[0], np.asarray(q[1:])
    return np.concatenate([[pw * qw - pv @ qv], pw * qv + qw * pv + np.cross(pv, qv)])


def quat_rotate(q, v):
    w, u = q[0], np.asarray(q[1:])
    t = 2.0 * np.cross(u, v)
    return v + w * t + np.cross(u, t)


def compose(pose, part, dim):
    """The world pose of a part at `part` in a compound standing at `pose`: pose * part."""
    pose, part = np.asarray(pose, float), np.asarray(part, float)
    if dim == 3:
        q = pose[3:] / np.linalg.norm(pose[3:])
        return np.concatenate([pose[:3] + quat_rotate(q, part[:3]), quat_mul(q, part[3:])])
    c, s = math.cos(pose[2]), math.sin(pose[2])
    x, y = part[0], part[1]
    return np.array([pose[0] + c * x - s * y, pose[1] + s * x + c * y, pose[2] + part[2]])


IDENT = {3: np.array([0, 0, 0, 1, 0, 0, 0], float), 2: np.zeros(3)}


# rotations whose unit quaternions have exact components (0, +-1/2, +-1): normalising them changes no bit, so a
# part's world pose composed here equals the library's to the bit when the compound stands unrotated
EXACT_QUATERNIONS = np.array([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]] +
                             [[0.5, x, y, z] for x in (-0.5, 0.5) for y in (-0.5, 0.5) for z in (-0.5, 0.5)])


def random_quaternion(rng):
    q = rng.normal(size=4)
    return q / np.linalg.norm(q)


def random_pose(rng, dim, half, turn=True):
    if dim == 3:
        q = random_quaternion(rng) if turn else np.array([1.0, 0, 0, 0])
        return np.concatenate([rng.uniform(-half, half, 3), q])
    return np.array([*rng.uniform(-half, half, 2), rng.uniform(-math.pi, math.pi) if turn else 0.0])


def random_shape(rng, dim):
    kind = rng.integers(4)
    if dim == 3:
        if kind == 0:
            return gjk.Box(rng.uniform(0.1, 0.5, 3))
        if kind == 1:
            return gjk.Sphere(rng.uniform(0.1, 0.5))
        if kind == 2:
            return gjk.Capsule(rng.uniform(0.1, 0.3), rng.uniform(0.1, 0.4))
        return gjk.ConvexHull(rng.uniform(-0.4, 0.4, (8, 3)))
    if kind == 0:
        return gjk.Box2(rng.uniform(0.1, 0.5, 2))
    if kind == 1:
        return gjk.Circle(rng.uniform(0.1, 0.5))
    if kind == 2:
        return gjk.Capsule2(rng.uniform(0.1, 0.3), rng.uniform(0.1, 0.4))
    return gjk.Polygon(rng.uniform(-0.4, 0.4, (6, 2)))


def random_compound(rng, dim, parts=None, exact=False):
    n = parts or int(rng.integers(1, 6))
    shapes = [random_shape(rng, dim) for _ in range(n)]
    poses = np.array([random_pose(rng, dim, 0.8) for _ in range(n)])
    if exact and dim == 3:
        poses[:, 3:] = EXACT_QUATERNIONS[rng.integers(len(EXACT_QUATERNIONS), size=n)]
    return gjk.Compound(shapes, poses), shapes, poses


def parts_of(side, dim):
    """(shapes, local poses) of a compound or of a convex shape taken as one part at the identity."""
    if isinstance(side, tuple):
        return side[1], side[2]
    return [side], [IDENT[dim]]


def obj(side):
    return side[0] if isinstance(side, tuple) else side


# ---- queries ------------------------------------------------------------------------------------------------------


def brute_query(kind, a, pose_a, b, pose_b, dim):
    """Every part pair's single-pair answer, keyed by (part_a, part_b)."""
    sa, la = parts_of(a, dim)
    sb, lb = parts_of(b, dim)
    out = {}
    for i, (s, p) in enumerate(zip(sa, la)):
        for j, (t, q) in enumerate(zip(sb, lb)):
            out[(i, j)] = getattr(gjk, kind)(s, compose(pose_a, p, dim), t, compose(pose_b, q, dim))
    return out


def check_query(kind, a, pose_a, b, pose_b, dim):
    r = gjk.compound_query(kind, obj(a), pose_a, obj(b), pose_b)
    brute = brute_query(kind, a, pose_a, b, pose_b, dim)
    sd = {k: v.distance for k, v in brute.items()}
    assert 0 <= r.pairs_tested <= len(brute)
    if kind == "intersect":
        touching = [k for k, v in brute.items() if v.intersect]
        assert r.intersect == bool(touching)
        if touching:
            assert (r.part_a, r.part_b) in touching
        else:
            # the distance is a positive lower bound of the gap
            gap = min(v.distance for v in brute_query("signed_distance", a, pose_a, b, pose_b, dim).values())
            assert (r.part_a, r.part_b) == (-1, -1) and 0 < r.distance <= gap + 1e-9
        return r
    if kind == "penetration":
        deep = {k: v for k, v in brute.items() if v.intersect}
        if not deep:
            assert (r.part_a, r.part_b) == (-1, -1) and not r.intersect and r.distance > 0
            return r
        want = min(deep, key=lambda k: (deep[k].distance, k))
    elif kind == "distance":
        if any(v.intersect for v in brute.values()):
            # the descent stops at the first overlapping pair it finds
            assert r.intersect and r.distance == 0 and brute[(r.part_a, r.part_b)].intersect
            return r
        want = min(sd, key=lambda k: (sd[k], k))
    else:
        want = min(sd, key=lambda k: (sd[k], k))
    best = brute[want]
    assert abs(r.distance - best.distance) <= 1e-9, (kind, r.distance, best.distance)
    if (r.part_a, r.part_b) != want:
        # a near-tie may go to another pair within rounding
        assert abs(brute[(r.part_a, r.part_b)].distance - best.distance) <= 1e-9
    else:
        got = brute[(r.part_a, r.part_b)]
        for f in ("normal", "point_a", "point_b"):
            np.testing.assert_allclose(getattr(r, f), getattr(got, f), rtol=0, atol=1e-9)
        assert r.intersect == got.intersect
    assert r.lower <= best.distance + 1e-9 and r.upper >= best.distance - 1e-9
    return r


@pytest.mark.parametrize("dim", [3, 2])
@pytest.mark.parametrize("kind", KINDS)
def test_query_against_part_pairs(dim, kind):
    rng = np.random.default_rng(100 + dim)
    overlapping = separated = 0
    for trial in range(60):
        a = random_compound(rng, dim)
        b = random_compound(rng, dim) if trial % 3 else random_shape(rng, dim)
        if trial % 5 == 0:
            a, b = b, a
        pose_a, pose_b = random_pose(rng, dim, 1.2), random_pose(rng, dim, 1.2)
        r = check_query(kind, a, pose_a, b, pose_b, dim)
        if r.intersect:
            overlapping += 1
        else:
            separated += 1
    # both outcomes are exercised
    assert overlapping >= 5 and separated >= 5


def test_query_parts_named():
    # an L of two boxes and a circle above its upright: the upright decides, at a known distance
    ell = gjk.Compound([gjk.Box2([1, 0.2]), gjk.Box2([0.2, 1])], [[0, 0, 0], [-0.8, 0.8, 0]])
    r = gjk.compound_query("signed_distance", ell, [0, 0, 0], gjk.Circle(0.5), [-0.8, 3, 0])
    assert (r.part_a, r.part_b) == (1, 0) and abs(r.distance - 0.7) < 1e-12 and r.status == gjk.Status.OK
    r = gjk.compound_query("signed_distance", gjk.Circle(0.5), [-0.8, 3, 0], ell, [0, 0, 0])
    assert (r.part_a, r.part_b) == (0, 1) and abs(r.distance - 0.7) < 1e-12
    # the compound's pose moves its parts: turned by pi/2, the upright points along -x
    r = gjk.compound_query("signed_distance", ell, [0, 0, math.pi / 2], gjk.Circle(0.5), [-3, -0.8, 0])
    assert (r.part_a, r.part_b) == (1, 0) and abs(r.distance - 0.7) < 1e-9


# ---- collide ------------------------------------------------------------------------------------------------------


def check_collide(a, pose_a, b, pose_b, dim, spec, exact):
    c = gjk.compound_collide(obj(a), pose_a, obj(b), pose_b, speculative_distance=spec)
    sa, la = parts_of(a, dim)
    sb, lb = parts_of(b, dim)
    brute = {}
    for i, (s, p) in enumerate(zip(sa, la)):
        for j, (t, q) in enumerate(zip(sb, lb)):
            m = gjk.manifold(s, compose(pose_a, p, dim), t, compose(pose_b, q, dim), speculative_distance=spec)
            if m.count > 0:
                brute[(i, j)] = m
    got = list(zip(c.part_a.tolist(), c.part_b.tolist()))
    assert got == sorted(got), "sorted by (part_a, part_b)"
    if exact:
        assert got == sorted(brute)
    else:
        for pair in set(got) ^ set(brute):
            # only at the border of the speculative distance
            i, j = pair
            d = gjk.signed_distance(sa[i], compose(pose_a, la[i], dim), sb[j], compose(pose_b, lb[j], dim)).distance
            assert abs(d - spec) < 1e-9, pair
    for k, pair in enumerate(got):
        if pair not in brute:
            continue
        m = brute[pair]
        for f in MANIFOLD_FIELDS:
            g, w = getattr(c, f)[k], getattr(m, f)
            if exact or f in ("status", "count", "ids"):
                assert np.array_equal(g, w), (pair, f)
            elif f != "iterations":  # (poses a few ulps apart may take another number of steps)
                np.testing.assert_allclose(g, w, rtol=0, atol=1e-9, err_msg=f)
    return c


@pytest.mark.parametrize("dim", [3, 2])
@pytest.mark.parametrize("turn", [False, True])
def test_collide_against_part_pairs(dim, turn):
    rng = np.random.default_rng(200 + dim + 10 * turn)
    total = 0
    for trial in range(60):
        a = random_compound(rng, dim, exact=not turn)
        b = random_compound(rng, dim, exact=not turn) if trial % 3 else random_shape(rng, dim)
        pose_a, pose_b = random_pose(rng, dim, 1.0, turn), random_pose(rng, dim, 1.0, turn)
        total += len(check_collide(a, pose_a, b, pose_b, dim, 0.05, exact=not turn).part_a)
    assert total >= 20


def test_collide_empty_and_shapes():
    a = gjk.Compound([gjk.Sphere(0.5)])
    c = gjk.compound_collide(a, [0, 0, 0, 1, 0, 0, 0], gjk.Sphere(0.5), [5, 0, 0, 1, 0, 0, 0])
    assert len(c.part_a) == 0 and c.points_a.shape == (0, 4, 3) and c.normal.shape == (0, 3)
    c = gjk.compound_collide(a, [0, 0, 0, 1, 0, 0, 0], gjk.Sphere(0.5), [5, 0, 0, 1, 0, 0, 0],
                             speculative_distance=4.5)
    assert c.part_a.tolist() == [0] and abs(c.separations[0, 0] - 4.0) < 1e-12


# ---- merged manifolds ---------------------------------------------------------------------------------------------

COS5 = 0.99619  # the merge's normal tolerance, 5 degrees


def test_merge_table_on_the_floor():
    # four legs on the floor give one manifold of the four outer corners, one point per leg (closed form)
    top, leg = gjk.Box([1.0, 0.6, 0.05]), gjk.Box([0.05, 0.05, 0.4])
    corners = [(x, y) for x in (-0.9, 0.9) for y in (-0.5, 0.5)]
    table = gjk.Compound([top] + [leg] * 4, [[0, 0, 0.85, 1, 0, 0, 0]] + [[x, y, 0.4, 1, 0, 0, 0] for x, y in corners])
    c = gjk.compound_collide(table, [0, 0, 0.01, 1, 0, 0, 0], gjk.Box([5, 5, 0.1]), [0, 0, -0.1, 1, 0, 0, 0],
                             speculative_distance=0.02)
    assert c.part_a.tolist() == [1, 2, 3, 4] and (c.count == 4).all()
    m = gjk.compound_merge(c)
    assert m.count.tolist() == [4] and m.merged.tolist() == [4] and m.status.tolist() == [0]
    np.testing.assert_allclose(m.normal[0], [0, 0, -1], atol=1e-12)
    want = {(k + 1, (x + 0.05 * np.sign(x), y + 0.05 * np.sign(y))) for k, (x, y) in enumerate(corners)}
    got = {(int(p), (round(a[0], 12), round(a[1], 12))) for p, a in zip(m.part_a[0], m.points_a[0])}
    assert got == {(p, (round(x, 12), round(y, 12))) for p, (x, y) in want}
    np.testing.assert_allclose(m.separations[0], 0.01, atol=1e-12)
    assert (m.part_b[0] == 0).all()
    # 2D: a table of two legs on the ground keeps one point under each leg's outer side
    table2 = gjk.Compound([gjk.Box2([1, 0.05])] + [gjk.Box2([0.05, 0.4])] * 2,
                          [[0, 0.85, 0], [-0.9, 0.4, 0], [0.9, 0.4, 0]])
    m2 = gjk.compound_merge(gjk.compound_collide(table2, [0, 0, 0], gjk.Box2([5, 0.1]), [0, -0.1, 0]))
    assert m2.count.tolist() == [2] and m2.merged.tolist() == [2]
    assert sorted(m2.part_a[0].tolist()) == [1, 2]
    np.testing.assert_allclose(sorted(m2.points_a[0][:, 0]), [-0.95, 0.95], atol=1e-12)


@pytest.mark.parametrize("dim", [3, 2])
def test_merge_properties_on_random_compounds(dim):
    # the grouping's promises: every input manifold with points lies within 5 degrees of one merged normal, the
    # merged normals lie more than 5 degrees apart, each is its reference manifold's normal, the merged counts add
    # up to the manifolds with points, the deepest comes first, and every point is a copy of an input point
    rng = np.random.default_rng(700 + dim)
    groups = 0
    for _ in range(40):
        a, b = random_compound(rng, dim, parts=6), random_compound(rng, dim, parts=4)
        c = gjk.compound_collide(a[0], random_pose(rng, dim, 0.6), b[0], random_pose(rng, dim, 0.6),
                                 speculative_distance=0.05)
        m = gjk.compound_merge(c)
        live = np.nonzero(c.count > 0)[0]
        assert m.merged.sum() == len(live)
        g = len(m.count)
        groups += g
        for i in range(g):
            assert np.array_equal(m.normal[i], c.normal[m.reference[i]])
            for j in range(i):
                assert m.normal[i] @ m.normal[j] < COS5
            for q in range(int(m.count[i])):
                rows = np.nonzero((c.part_a == m.part_a[i, q]) & (c.part_b == m.part_b[i, q]))[0]
                assert len(rows) == 1
                k = rows[0]
                n = int(c.count[k])
                hit = [p for p in range(n) if c.ids[k, p] == m.ids[i, q] and
                       np.array_equal(c.points_a[k, p], m.points_a[i, q]) and
                       np.array_equal(c.points_b[k, p], m.points_b[i, q]) and c.separations[k, p] == m.separations[i, q]]
                assert hit, (i, q)
        for k in live:
            assert max(m.normal[i] @ c.normal[k] for i in range(g)) >= COS5
        depth = [c.separations[r, :c.count[r]].min() for r in m.reference]
        assert depth == sorted(depth)
    assert groups >= 30


def test_merge_bad_input():
    box = gjk.Compound([gjk.Box([1, 1, 1])])
    c = gjk.compound_collide(box, [0, 0, 0, 1, 0, 0, 0], gjk.Sphere(0.5), [0, 0, 1.4, 1, 0, 0, 0])
    assert len(c.count) == 1 and len(gjk.compound_merge(c).count) == 1
    fields = {f: getattr(c, f) for f in c.__match_args__}
    assert np.array_equal(gjk.compound_merge(types.SimpleNamespace(**fields)).points_a, gjk.compound_merge(c).points_a)
    fields = {f: getattr(c, f) for f in c.__match_args__}

    def changed(**kw):
        # any object with CompoundContacts' fields is read the same way
        return types.SimpleNamespace(**{**fields, **kw})

    for bad in (changed(normal=c.normal * 2),                      # not unit
                changed(points_a=c.points_a * np.nan),             # not finite
                changed(count=c.count + 4),                        # too many points
                changed(part_b=np.zeros(2, np.int32)),             # lengths differ
                changed(normal=np.zeros((1, 4))),                  # neither 3D nor 2D
                changed(separations=c.separations[:, :2])):        # 2D separations with 3D normals
        with pytest.raises(ValueError):
            gjk.compound_merge(bad)
    with pytest.raises(TypeError):
        gjk.compound_merge(object())
    empty = gjk.compound_collide(box, [0, 0, 0, 1, 0, 0, 0], gjk.Sphere(0.5), [0, 0, 5, 1, 0, 0, 0])
    assert len(gjk.compound_merge(empty).count) == 0


# ---- shape casts --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("dim", [3, 2])
def test_cast_translating_against_part_pairs(dim):
    # without rotation every part translates with its compound: the answer is the earliest hit over the part
    # pairs' gjk.shape_cast at their world poses
    rng = np.random.default_rng(800 + dim)
    hits = misses = 0
    for trial in range(60):
        a = random_compound(rng, dim)
        b = random_compound(rng, dim) if trial % 3 else random_shape(rng, dim)
        pose_a, pose_b = random_pose(rng, dim, 3.0), random_pose(rng, dim, 3.0)
        ta = (pose_b[:dim] - pose_a[:dim]) * rng.uniform(0.2, 1.2) + rng.uniform(-0.5, 0.5, dim)
        tb = rng.uniform(-0.5, 0.5, dim)
        r = gjk.compound_cast(obj(a), pose_a, obj(b), pose_b, translation_a=ta, translation_b=tb)
        sa, la = parts_of(a, dim)
        sb, lb = parts_of(b, dim)
        each = {}
        for i, (s1, p1) in enumerate(zip(sa, la)):
            for j, (s2, p2) in enumerate(zip(sb, lb)):
                each[(i, j)] = gjk.shape_cast(s1, compose(pose_a, p1, dim), s2, compose(pose_b, p2, dim),
                                              translation_a=ta, translation_b=tb)
        assert all(e.state != gjk.CastState.OVERLAPPED for e in each.values()) or r.state == gjk.CastState.OVERLAPPED
        if any(e.state == gjk.CastState.OVERLAPPED for e in each.values()):
            assert r.hit and r.t == 0
            continue
        hit = {k: e for k, e in each.items() if e.hit}
        assert r.hit == bool(hit)
        if not hit:
            assert (r.part_a, r.part_b) == (-1, -1) and r.t == 1 and r.state == gjk.CastState.SEPARATED
            misses += 1
            continue
        hits += 1
        first = min(e.t for e in hit.values())
        assert abs(r.t - first) <= 1e-9 and r.state == gjk.CastState.HIT
        e = each[(r.part_a, r.part_b)]
        assert e.hit and abs(e.t - first) <= 1e-9
        for f in ("normal", "point_a", "point_b", "point"):
            np.testing.assert_allclose(getattr(r, f), getattr(e, f), rtol=0, atol=1e-9, err_msg=f)
    assert hits >= 15 and misses >= 5


@pytest.mark.parametrize("dim", [3, 2])
def test_cast_turning_about_the_compound_origin(dim):
    # a ball of radius 0.5 on an arm of length 2 turns by pi/2 about the compound's origin toward a ball of radius
    # 0.5 at (0, 2): contact when the arm's angle phi has |(2 cos phi, 2 sin phi) - (0, 2)| = 1, sin phi = 7/8
    ball = gjk.Sphere(0.5) if dim == 3 else gjk.Circle(0.5)
    if dim == 3:
        arm = gjk.Compound([ball], [[2, 0, 0, 1, 0, 0, 0]])
        r = gjk.compound_cast(arm, [0, 0, 0, 1, 0, 0, 0], ball, [0, 2, 0, 1, 0, 0, 0], rotation_a=[0, 0, math.pi / 2])
    else:
        arm = gjk.Compound([ball], [[2, 0, 0]])
        r = gjk.compound_cast(arm, [0, 0, 0], ball, [0, 2, 0], rotation_a=math.pi / 2)
    exact = math.asin(7 / 8) / (math.pi / 2)
    assert r.hit and r.part_a == 0 and r.part_b == 0
    assert exact - 1e-3 <= r.t <= exact + 1e-9  # never late


def test_cast_bad_input():
    comp = gjk.Compound([gjk.Box([1, 1, 1])])
    ident = [0, 0, 0, 1, 0, 0, 0]
    for kw in ({"translation_a": [1, 0]}, {"rotation_b": [[0, 0, 1]] * 2}, {"target_distance": -1},
               {"tolerance": float("nan")}, {"translation_a": [1e200, 0, 0]}, {"translation_b": [float("inf"), 0, 0]}):
        with pytest.raises(ValueError):
            gjk.compound_cast(comp, ident, comp, [3, 0, 0, 1, 0, 0, 0], **kw)
    with pytest.raises(ValueError):
        gjk.compound_cast(comp, ident, gjk.Circle(1), [3, 0, 0])


# ---- ray casts and boxes ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("dim", [3, 2])
def test_raycast_against_parts(dim):
    rng = np.random.default_rng(300 + dim)
    hits = misses = 0
    for _ in range(100):
        comp, shapes, locals_ = random_compound(rng, dim)
        pose = random_pose(rng, dim, 0.5)
        origin = rng.uniform(-3, 3, dim)
        # toward a point near one of the parts, sometimes stopping short
        aim = compose(pose, locals_[rng.integers(len(shapes))], dim)[:dim] + rng.uniform(-0.3, 0.3, dim)
        translation = (aim - origin) * rng.uniform(0.6, 1.6)
        max_fraction = float(rng.uniform(0.5, 1.5))
        r = gjk.compound_raycast(comp, pose, origin, translation, max_fraction=max_fraction)
        each = [gjk.raycast(s, compose(pose, p, dim), origin, translation, max_fraction=max_fraction)
                for s, p in zip(shapes, locals_)]
        hit = [k for k, e in enumerate(each) if e.hit]
        assert r.hit == bool(hit)
        if not hit:
            assert r.part == -1
            misses += 1
            continue
        hits += 1
        best = min(each[k].fraction for k in hit)
        assert abs(r.fraction - best) <= 1e-9
        assert each[r.part].hit and abs(each[r.part].fraction - best) <= 1e-9
        e = each[r.part]
        np.testing.assert_allclose(r.point, e.point, rtol=0, atol=1e-9)
        np.testing.assert_allclose(r.normal, e.normal, rtol=0, atol=1e-9)
        assert r.inside == e.inside
    assert hits >= 30 and misses >= 10


@pytest.mark.parametrize("dim", [3, 2])
def test_aabb_holds_the_parts(dim):
    rng = np.random.default_rng(400 + dim)
    checked = 0
    for _ in range(30):
        comp, shapes, locals_ = random_compound(rng, dim)
        pose = random_pose(rng, dim, 2.0)
        lower, upper = comp.aabb(pose)
        assert lower.shape == (dim,) and upper.shape == (dim,)
        for s, p in zip(shapes, locals_):
            ppose = compose(pose, p, dim)
            # the part's deepest points toward each axis lie inside the box
            for axis in range(dim):
                for sign in (-1, 1):
                    d = np.zeros(dim)
                    d[axis] = sign
                    # a ray along the axis through the part's origin, from far outside: where it enters
                    r = gjk.raycast(s, ppose, ppose[:dim] + 50 * d, -100 * d)
                    if r.hit:
                        checked += 1
                        assert np.all(r.point >= lower - 1e-9) and np.all(r.point <= upper + 1e-9)
    assert checked >= 300
    # an unrotated pose gives the exact box of two unit boxes
    comp = gjk.Compound([gjk.Box([1, 1, 1]), gjk.Box([1, 1, 1])], [[0, 0, 0, 1, 0, 0, 0], [3, 0, 0, 1, 0, 0, 0]])
    lower, upper = comp.aabb([1, 2, 3, 1, 0, 0, 0])
    np.testing.assert_allclose(lower, [0, 1, 2], atol=1e-6)
    np.testing.assert_allclose(upper, [5, 3, 4], atol=1e-6)


# ---- the world ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("dim", [3, 2])
def test_world_compound_bodies_against_collide(dim):
    rng = np.random.default_rng(500 + dim)
    spec = 0.05
    w = gjk.World(dim=dim, speculative_distance=spec)
    bodies = {}
    for k in range(40):
        side = random_compound(rng, dim) if k % 2 == 0 else random_shape(rng, dim)
        pose = random_pose(rng, dim, 2.5 if dim == 3 else 4.0)
        body = w.add_compound(side[0], pose, user=k) if k % 2 == 0 else w.add(side, pose)
        bodies[body] = (side, pose)
        assert w.shape(body) is obj(side)
    assert w.step() == gjk.Status.OK
    c = w.contacts()
    seen = {}
    for k, (a, b) in enumerate(zip(c.a.tolist(), c.b.tolist())):
        seen.setdefault((a, b), []).append(k)
    ids = sorted(bodies)
    compared = compound_pairs = 0
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            (sa, pa), (sb, pb) = bodies[a], bodies[b]
            if dim == 3:
                # the world keeps a 3D pose with its rotation normalised: the pose the pair is answered at
                pa, pb = w.pose(a), w.pose(b)
            want = gjk.compound_collide(obj(sa), pa, obj(sb), pb, speculative_distance=spec)
            rows = seen.pop((a, b), [])
            if len(want.part_a) == 0 and not rows:
                continue
            got = list(zip(c.part_a[rows].tolist(), c.part_b[rows].tolist()))
            assert got == list(zip(want.part_a.tolist(), want.part_b.tolist())), (a, b)
            has_compound = isinstance(sa, tuple) or isinstance(sb, tuple)
            for f in MANIFOLD_FIELDS:
                g, x = getattr(c, f)[rows], getattr(want, f)
                if has_compound or f in ("status", "count", "ids"):
                    assert np.array_equal(g, x), (a, b, f)
                elif f != "iterations":
                    # two convex bodies take the single-pair path, whose poses are not composed with a part's
                    np.testing.assert_allclose(g, x, rtol=0, atol=1e-9, err_msg=f)
            compared += 1
            compound_pairs += has_compound
    assert not seen, "every world contact is of a pair compound_collide answers"
    assert compared >= 5 and compound_pairs >= 3


@pytest.mark.parametrize("dim", [3, 2])
def test_world_scene_queries_with_compounds(dim):
    # the world's rays and overlaps on compound bodies against compound_raycast / compound_query per body
    rng = np.random.default_rng(600 + dim)
    w = gjk.World(dim=dim)
    bodies = {}
    for k in range(30):
        side = random_compound(rng, dim)[0] if k % 3 else random_shape(rng, dim)
        pose = random_pose(rng, dim, 3.0)
        bodies[w.add_compound(side, pose) if k % 3 else w.add(side, pose)] = (side, pose)
    hits = found = 0
    for _ in range(40):
        origin = rng.uniform(-5, 5, dim)
        # through a point near a random body, so that most rays hit something
        aim = bodies[list(bodies)[rng.integers(len(bodies))]][1][:dim] + rng.uniform(-0.5, 0.5, dim)
        translation = (aim - origin) * 1.5
        got = w.raycast_all(origin, translation)
        want = {}
        for body, (side, pose) in bodies.items():
            if isinstance(side, gjk.Compound):
                r = gjk.compound_raycast(side, pose if dim == 2 else w.pose(body), origin, translation)
                if r.hit:
                    want[body] = (r.fraction, r.part)
            else:
                r = gjk.raycast(side, pose, origin, translation)
                if r.hit:
                    want[body] = (r.fraction, 0)
        assert sorted(got.body.tolist()) == sorted(want)
        for body, fraction, part in zip(got.body.tolist(), got.fraction.tolist(), got.part.tolist()):
            assert abs(fraction - want[body][0]) <= 1e-9 and part == want[body][1]
        hits += len(want)
        probe_pose = random_pose(rng, dim, 3.0)
        probe = gjk.Sphere(0.4) if dim == 3 else gjk.Circle(0.4)
        over = w.overlap(probe, probe_pose).tolist()
        want_over = [body for body, (side, pose) in sorted(bodies.items())
                     if gjk.compound_query("intersect", side, pose, probe, probe_pose).intersect]
        assert over == want_over
        found += len(over)
    assert hits >= 20 and found >= 5


def test_world_keeps_the_compound():
    w = gjk.World()
    box = gjk.Box([1, 1, 1])
    comp = gjk.Compound([box, gjk.Sphere(0.5)], [[0, 0, 0, 1, 0, 0, 0], [2, 0, 0, 1, 0, 0, 0]])
    ref = weakref.ref(comp)
    body = w.add_compound(comp, [0, 0, 0, 1, 0, 0, 0], user=7)
    w.add(gjk.Sphere(0.5), [2.9, 0, 0, 1, 0, 0, 0])
    del comp, box
    gc.collect()
    assert ref() is not None and w.user(body) == 7
    assert w.step() == gjk.Status.OK
    c = w.contacts()
    assert c.part_a.tolist() == [1] and c.part_b.tolist() == [0]
    w.remove(body)
    w.step()
    w.step()
    gc.collect()
    assert ref() is None


# ---- bad input and lifetime ---------------------------------------------------------------------------------------


def test_bad_input():
    box, box2 = gjk.Box([1, 1, 1]), gjk.Box2([1, 1])
    ident3, ident2 = [0, 0, 0, 1, 0, 0, 0], [0, 0, 0]
    bad_makes = [
        ([], None),                                   # no parts
        ([box, box2], None),                          # two dimensions
        ([box], [ident3, ident3]),                    # two poses for one part
        ([box, box], [ident3]),                       # one pose for two parts
        ([box], [ident2]),                            # a 2D pose for a 3D part
        ([box], [[0, 0, float("nan"), 1, 0, 0, 0]]),  # not finite
        ([box], [[0, 0, 0, 0, 0, 0, 0]]),             # a zero quaternion
        ([box], [[1e200, 0, 0, 1, 0, 0, 0]]),         # too far
    ]
    for parts, poses in bad_makes:
        with pytest.raises(ValueError):
            gjk.Compound(parts, poses)
    with pytest.raises(TypeError):
        gjk.Compound(["box"])
    with pytest.raises(TypeError):
        gjk.Compound(5)
    comp, comp2 = gjk.Compound([box]), gjk.Compound([box2])
    with pytest.raises(RuntimeError):
        comp.__init__([box])
    bad_queries = [
        ("volume", comp, ident3, comp, ident3),        # unknown kind
        ("distance", comp, ident3, comp2, ident2),     # two dimensions
        ("distance", comp, ident3, box2, ident2),      # a 2D shape against a 3D compound
        ("distance", comp, ident2, comp, ident3),      # a 2D pose
        ("distance", comp, [ident3] * 2, comp, ident3),  # N poses
        ("distance", comp, [0, 0, 0, 0, 0, 0, 0], comp, ident3),  # a zero quaternion
        ("distance", comp, [0, float("inf"), 0, 1, 0, 0, 0], comp, ident3),
    ]
    for args in bad_queries:
        with pytest.raises(ValueError):
            gjk.compound_query(*args)
        if args[0] != "volume":
            with pytest.raises(ValueError):
                gjk.compound_collide(*args[1:])
    with pytest.raises(TypeError):
        gjk.compound_query("distance", "box", ident3, comp, ident3)
    with pytest.raises(ValueError):
        gjk.compound_query("distance", comp, ident3, comp, ident3, tolerance=-1)
    for spec in (-1.0, float("nan"), 1e200):
        with pytest.raises(ValueError):
            gjk.compound_collide(comp, ident3, comp, ident3, speculative_distance=spec)
    bad_rays = [
        (comp, ident3, [0, 0], [1, 0, 0], {}),
        (comp, ident3, [0, 0, 0], [[1, 0, 0]] * 2, {}),
        (comp, ident3, [0, 0, float("nan")], [1, 0, 0], {}),
        (comp, ident3, [0, 0, 0], [1, 0, 0], {"max_fraction": -1}),
        (comp, [0, 0, 0, 0, 0, 0, 0], [0, 0, 0], [1, 0, 0], {}),
        (comp, ident3, [1e200, 0, 0], [1, 0, 0], {}),
    ]
    for c, p, o, t, kw in bad_rays:
        with pytest.raises(ValueError):
            gjk.compound_raycast(c, p, o, t, **kw)
    with pytest.raises(TypeError):
        gjk.compound_raycast(box, ident3, [0, 0, 0], [1, 0, 0])
    with pytest.raises(ValueError):
        comp.aabb(ident2)
    w = gjk.World()
    with pytest.raises(ValueError):
        w.add_compound(comp2, ident3)
    with pytest.raises(TypeError):
        w.add_compound(box, ident3)
    with pytest.raises(ValueError):
        w.add_compound(comp, [0, 0, 0, 0, 0, 0, 0])
    assert len(w) == 0
    with pytest.raises(TypeError):
        pickle.dumps(comp)


def test_compound_keeps_its_parts():
    points = np.random.default_rng(7).uniform(-1, 1, (20, 3))
    hull = gjk.ConvexHull(points)
    ref = weakref.ref(hull)
    comp = gjk.Compound([hull, gjk.Sphere(0.2)], [[0, 0, 0, 1, 0, 0, 0], [3, 0, 0, 1, 0, 0, 0]])
    want = gjk.signed_distance(hull, [0, 0, 0, 1, 0, 0, 0], gjk.Sphere(0.5), [0, 0, 5, 1, 0, 0, 0]).distance
    del hull
    gc.collect()
    assert ref() is not None and len(comp) == 2 and comp.dim == 3 and len(comp.parts) == 2
    # the hull part's borrowed hull is still there to answer
    r = gjk.compound_query("signed_distance", comp, [0, 0, 0, 1, 0, 0, 0], gjk.Sphere(0.5), [0, 0, 5, 1, 0, 0, 0])
    assert r.part_a == 0 and r.distance == want
    # a cycle through a part is collected
    comp.parts[1].owner = comp
    cref = weakref.ref(comp)
    del comp
    gc.collect()
    assert cref() is None and ref() is None


def test_docs_example_runs():
    with open(os.path.join(ROOT, "docs", "python.md"), encoding="utf-8") as fh:
        text = fh.read()
    section = text.split("## Compounds", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks
    for code in blocks:
        exec(compile(code, "docs/python.md", "exec"), {})


def test_docstring_example_runs():
    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner()
    for test in finder.find(gjk.Compound, "Compound", globs={}):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 3 and result.failed == 0


def test_stubs_and_exports():
    names = ("Compound", "compound_query", "compound_collide", "compound_raycast", "compound_merge", "compound_cast",
             "CompoundResult", "CompoundContacts", "CompoundRayResult", "MergedManifolds", "CompoundCastResult")
    for name in names:
        assert name in gjk.__all__ and hasattr(gjk, name)
    with open(os.path.join(HERE, "..", "gjk", "__init__.pyi"), encoding="utf-8") as fh:
        stubs = fh.read()
    for name in ("compound_query", "compound_collide", "compound_raycast", "compound_merge", "compound_cast"):
        assert re.search(r"def %s\(" % name, stubs), name
    compound = stubs.split("class Compound:", 1)[1].split("\nclass ", 1)[0]
    for name in dir(gjk.Compound):
        if not name.startswith("_"):
            assert re.search(r"(def %s\(|%s:)" % (name, name), compound), name
    for name in ("CompoundResult", "CompoundContacts", "CompoundRayResult", "MergedManifolds", "CompoundCastResult"):
        body = stubs.split("class %s" % name, 1)[1].split("\nclass ", 1)[0]
        fields = getattr(gjk, name).__match_args__
        assert fields
        for field in fields:
            assert re.search(r"\b%s:" % field, body), (name, field)
