# SPDX-FileCopyrightText: 2026 The gjk authors
# SPDX-License-Identifier: MIT
"""Tests of gjk.World, the world of bodies (pytest), 3D and 2D, against brute force over the single-pair calls:

- contacts: random scenes of 200 boxes, spheres and capsules; the contact pairs are those whose gjk.manifold has a
  point (a pair may differ only at the border, its signed distance within rounding of the speculative distance),
  the manifolds of the first step equal gjk.manifold's bit for bit, those of later steps (warm-started) to 1e-9;
- events after moving and removing bodies: began and ended are the differences of the contact pair sets;
- raycast and raycast_all against gjk.raycast on every body; overlap against gjk.intersect / gjk.distance on every
  body; query_box against the bodies' boxes written out here for each shape kind;
- set_poses against set_pose one by one (the same contacts, bit for bit), step(threads=2) against one thread;
- bad input raises ValueError / TypeError and changes nothing; a removed body is gone; the world keeps its shapes
  alive until a step after their removal;
- the example of docs/python.md runs.
"""
import gc
import math
import os
import pickle
import re
import weakref

import numpy as np
import pytest

import gjk

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BODIES = 200
SPEC = 0.05
CONTACT_FIELDS = ("a", "b", "part_a", "part_b", "status", "normal", "count", "points_a", "points_b", "separations",
                  "ids", "iterations")


# ---- scenes -------------------------------------------------------------------------------------------------------


def random_quaternion(rng):
    q = rng.normal(size=4)
    return q / np.linalg.norm(q)


def random_shape(rng, dim):
    kind = rng.integers(3)
    if dim == 3:
        if kind == 0:
            return gjk.Box(rng.uniform(0.15, 0.6, 3))
        if kind == 1:
            return gjk.Sphere(rng.uniform(0.15, 0.6))
        return gjk.Capsule(rng.uniform(0.1, 0.4), rng.uniform(0.1, 0.5))
    if kind == 0:
        return gjk.Box2(rng.uniform(0.15, 0.6, 2))
    if kind == 1:
        return gjk.Circle(rng.uniform(0.15, 0.6))
    return gjk.Capsule2(rng.uniform(0.1, 0.4), rng.uniform(0.1, 0.5))


def random_pose(rng, dim, half):
    if dim == 3:
        return np.concatenate([rng.uniform(-half, half, 3), random_quaternion(rng)])
    return np.array([*rng.uniform(-half, half, 2), rng.uniform(-math.pi, math.pi)])


class Scene:
    """A world and what the test knows of it: each body's shape and pose, kept apart from the world."""

    def __init__(self, dim, seed, count=BODIES, spec=SPEC):
        self.dim, self.rng, self.spec = dim, np.random.default_rng(seed), spec
        self.half = 3.5 if dim == 3 else 6.0
        self.world = gjk.World(dim=dim, speculative_distance=spec)
        self.shapes, self.poses = {}, {}
        for _ in range(count):
            self.spawn()

    def spawn(self):
        shape, pose = random_shape(self.rng, self.dim), random_pose(self.rng, self.dim, self.half)
        body = self.world.add(shape, pose)
        self.shapes[body], self.poses[body] = shape, pose
        return body

    def move(self, fraction=0.3):
        """Moves a random fraction of the bodies by small steps (with set_poses); returns the bodies moved."""
        ids = np.array(sorted(self.poses))
        moved = ids[self.rng.random(len(ids)) < fraction]
        poses = np.array([self.poses[b] for b in moved])
        if self.dim == 3:
            poses[:, :3] += self.rng.normal(scale=0.15, size=(len(moved), 3))
            poses[:, 3:] = [random_quaternion(self.rng) for _ in moved]
        else:
            poses += self.rng.normal(scale=[0.15, 0.15, 0.3], size=(len(moved), 3))
        self.world.set_poses(moved, poses)
        for b, p in zip(moved, poses):
            self.poses[int(b)] = p
        return moved

    def remove(self, body):
        self.world.remove(body)
        del self.shapes[body], self.poses[body]

    def pair(self, a, b):
        return self.shapes[a], self.poses[a], self.shapes[b], self.poses[b]

    def brute_contacts(self):
        """Every pair (a < b) with a manifold point: {(a, b): manifold}, and the pairs' signed distances."""
        out, sd = {}, {}
        ids = sorted(self.shapes)
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                m = gjk.manifold(*self.pair(a, b), speculative_distance=self.spec)
                if m.count > 0:
                    out[(a, b)] = m
        return out

    def signed_distance(self, a, b):
        return gjk.signed_distance(*self.pair(a, b)).distance


def contact_pairs(c):
    return set(zip(c.a.tolist(), c.b.tolist()))


def check_contacts(scene, exact):
    """The world's contacts against brute force; returns the number of contacts."""
    c = scene.world.contacts()
    brute = scene.brute_contacts()
    world_pairs = contact_pairs(c)
    assert len(world_pairs) == len(c.a), "one contact per pair of convex bodies"
    assert (c.a < c.b).all() and (c.part_a == 0).all() and (c.part_b == 0).all()
    order = np.lexsort((c.b, c.a))
    assert (order == np.arange(len(order))).all(), "contacts sorted by (a, b)"
    for pair in world_pairs ^ set(brute):
        # a pair may differ only at the border: warm and cold starts round apart
        assert abs(scene.signed_distance(*pair) - scene.spec) < 1e-9, pair
    checked = 0
    for k, pair in enumerate(zip(c.a.tolist(), c.b.tolist())):
        if pair not in brute:
            continue
        m = brute[pair]
        n = int(c.count[k])
        assert n == m.count and c.status[k] == m.status, pair
        fields = [(c.normal[k], m.normal), (c.points_a[k], m.points_a), (c.points_b[k], m.points_b),
                  (c.separations[k], m.separations)]
        if exact:
            for got, want in fields:
                assert np.array_equal(got, want), pair
            assert np.array_equal(c.ids[k], m.ids), pair
        else:
            for got, want in fields:
                np.testing.assert_allclose(got, want, rtol=0, atol=1e-9, err_msg=str(pair))
        checked += 1
    assert checked >= len(brute) - 2
    return len(world_pairs)


# ---- contacts and events ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("dim", [3, 2])
def test_contacts_and_events_against_brute_force(dim):
    scene = Scene(dim, seed=10 + dim)
    w = scene.world
    assert len(w) == BODIES and w.dim == dim and w.speculative_distance == SPEC
    assert w.step() == gjk.Status.OK
    first = check_contacts(scene, exact=True)
    assert first > BODIES // 4, "the scene is busy enough to test something"
    before = contact_pairs(w.contacts())
    assert set(map(tuple, w.began().tolist())) == before and len(w.ended()) == 0
    began = ended = 0
    for s in range(4):
        scene.move()
        if s == 2:
            for body in scene.rng.choice(sorted(scene.shapes), 5, replace=False).tolist():
                scene.remove(body)
            assert len(w) == BODIES - 5
        assert w.step() == gjk.Status.OK
        check_contacts(scene, exact=False)
        after = contact_pairs(w.contacts())
        b, e = w.began(), w.ended()
        assert b.shape[1:] == (2,) and e.shape[1:] == (2,)
        assert [tuple(p) for p in b.tolist()] == sorted(after - before)
        assert [tuple(p) for p in e.tolist()] == sorted(before - after)
        began, ended, before = began + len(b), ended + len(e), after
    assert began > 0 and ended > 0


@pytest.mark.parametrize("dim", [3, 2])
def test_removed_body(dim):
    scene = Scene(dim, seed=30 + dim)
    w = scene.world
    w.step()
    c = w.contacts()
    body = int(np.bincount(np.concatenate([c.a, c.b])).argmax())  # the body with the most contacts
    touching = {p for p in contact_pairs(c) if body in p}
    assert touching
    scene.remove(body)
    assert len(w) == BODIES - 1 and body not in w.bodies().tolist()
    for call in (w.pose, w.remove, w.shape, w.user):
        with pytest.raises(ValueError):
            call(body)
    w.step()
    assert touching <= set(map(tuple, w.ended().tolist()))
    assert all(body not in p for p in contact_pairs(w.contacts()))
    # the id may come back for a new body after the step
    new = w.add(gjk.Box([1] * dim) if dim == 3 else gjk.Box2([1, 1]), scene.poses[next(iter(scene.poses))])
    assert new not in scene.shapes


def test_set_poses_equals_set_pose_one_by_one():
    for dim in (3, 2):
        a, b = Scene(dim, seed=50), Scene(dim, seed=50)
        a.world.step(), b.world.step()
        moved = a.move(fraction=0.5)
        for body in moved.tolist():
            b.world.set_pose(body, a.poses[body])
        for body in sorted(a.poses):
            assert np.array_equal(a.world.pose(body), b.world.pose(body))
        assert a.world.step() == b.world.step() == gjk.Status.OK
        ca, cb = a.world.contacts(), b.world.contacts()
        for name in CONTACT_FIELDS:
            assert np.array_equal(getattr(ca, name), getattr(cb, name)), name
        assert np.array_equal(a.world.began(), b.world.began()) and np.array_equal(a.world.ended(), b.world.ended())
        assert len(a.world.began()) + len(a.world.ended()) > 0


def test_step_on_threads_equals_one_thread():
    for dim in (3, 2):
        a, b = Scene(dim, seed=60), Scene(dim, seed=60)
        for _ in range(2):
            assert a.world.step() == b.world.step(threads=2) == gjk.Status.OK
            ca, cb = a.world.contacts(), b.world.contacts()
            assert len(ca.a) > 0
            for name in CONTACT_FIELDS:
                assert np.array_equal(getattr(ca, name), getattr(cb, name)), name
            a.move(), b.move()


def test_pose_round_trip():
    w3 = gjk.World()
    p = [1, 2, 3, 0.5, 0.5, 0.5, 0.5]
    b = w3.add(gjk.Sphere(1), p, user=2**64 - 1)
    assert w3.pose(b).tolist() == p and w3.user(b) == 2**64 - 1
    w2 = gjk.World(dim=2)
    b = w2.add(gjk.Circle(1), [1, 2, 0.75])
    np.testing.assert_allclose(w2.pose(b), [1, 2, 0.75], rtol=0, atol=1e-15)
    assert w2.user(b) == 0
    w2.set_pose(b, [4, 5, -2.5])
    np.testing.assert_allclose(w2.pose(b), [4, 5, -2.5], rtol=0, atol=1e-15)


# ---- scene queries ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("dim", [3, 2])
def test_raycast_against_brute_force(dim):
    scene = Scene(dim, seed=70 + dim, count=120)
    w = scene.world
    w.step()
    scene.move()  # the queries see bodies moved since the step too
    rng = np.random.default_rng(dim)
    n = 60
    origins = rng.uniform(-scene.half - 1, scene.half + 1, (n, dim))
    translations = rng.normal(size=(n, dim)) * 4
    max_fraction = 1.5
    ids = sorted(scene.shapes)
    fractions = np.full((n, len(ids)), np.inf)
    for k, body in enumerate(ids):
        r = gjk.raycast(scene.shapes[body], scene.poses[body], origins, translations, max_fraction=max_fraction)
        fractions[r.hit, k] = r.fraction[r.hit]
    hits = 0
    for i in range(n):
        best = w.raycast(origins[i], translations[i], max_fraction=max_fraction)
        every = w.raycast_all(origins[i], translations[i], max_fraction=max_fraction)
        want = sorted((f, ids[k]) for k, f in enumerate(fractions[i]) if np.isfinite(f))
        assert [(f, b) for f, b in zip(every.fraction.tolist(), every.body.tolist())] == want
        if not want:
            assert best is None
            continue
        hits += 1
        assert (best.fraction, best.body) == want[0] and best.part == 0
        one = gjk.raycast(scene.shapes[best.body], scene.poses[best.body], origins[i], translations[i],
                          max_fraction=max_fraction)
        assert np.array_equal(best.point, one.point) and np.array_equal(best.normal, one.normal)
        assert best.status == one.status and best.inside == one.inside
    assert 10 < hits < n


def _box(shape, pose):
    """The axis-aligned box of a shape at a pose, written out per kind (the answer query_box is checked against)."""
    p = np.asarray(pose)
    if shape.dim == 3:
        w, x, y, z = p[3:] / np.linalg.norm(p[3:])
        R = np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                      [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                      [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])
        c = p[:3]
    else:
        co, si = math.cos(p[2]), math.sin(p[2])
        R = np.array([[co, -si], [si, co]])
        c = p[:2]
    if isinstance(shape, (gjk.Box, gjk.Box2)):
        e = np.abs(R) @ np.array(shape.half_extents)
    elif isinstance(shape, (gjk.Sphere, gjk.Circle)):
        e = np.full(shape.dim, shape.radius)
    else:
        e = np.abs(R[:, -1]) * shape.half_height + shape.radius
    return c - e, c + e


@pytest.mark.parametrize("dim", [3, 2])
def test_query_box_and_overlap_against_brute_force(dim):
    scene = Scene(dim, seed=90 + dim, count=150)
    w = scene.world
    w.step()
    scene.move()
    rng = np.random.default_rng(100 + dim)
    ids = sorted(scene.shapes)
    boxes = {b: _box(scene.shapes[b], scene.poses[b]) for b in ids}
    found = 0
    for _ in range(40):
        c, e = rng.uniform(-scene.half, scene.half, dim), rng.uniform(0.1, 1.5, dim)
        lower, upper = c - e, c + e
        got = w.query_box(lower, upper).tolist()
        gap = {b: max(np.max(lo - upper), np.max(lower - hi)) for b, (lo, hi) in boxes.items()}
        want = [b for b in ids if gap[b] <= 0]
        for b in set(got) ^ set(want):
            assert abs(gap[b]) < 1e-9, b  # only a box touching within rounding may differ
        assert got == sorted(got)
        found += len(got)
    assert found > 20
    shape = random_shape(rng, dim)
    hits = 0
    for distance in (0.0, 0.3):
        for _ in range(20):
            pose = random_pose(rng, dim, scene.half)
            got = w.overlap(shape, pose, distance=distance).tolist()
            want, border = [], set()
            for b in ids:
                r = gjk.signed_distance(scene.shapes[b], scene.poses[b], shape, pose)
                if abs(r.distance - distance) < 1e-9:
                    border.add(b)
                if distance == 0:
                    inside = gjk.intersect(scene.shapes[b], scene.poses[b], shape, pose).intersect
                else:
                    inside = gjk.distance(scene.shapes[b], scene.poses[b], shape, pose).distance <= distance
                if inside:
                    want.append(b)
            assert set(got) ^ set(want) <= border
            assert got == sorted(got)
            hits += len(got)
    assert hits > 10


# ---- bad input, lifetimes -----------------------------------------------------------------------------------------


def test_bad_input():
    with pytest.raises(ValueError):
        gjk.World(dim=4)
    for kw in ({"fat_margin": -1}, {"speculative_distance": float("nan")}, {"prediction_steps": float("inf")}):
        with pytest.raises(ValueError):
            gjk.World(**kw)
    with pytest.raises(TypeError):
        gjk.World(margin=1)
    w = gjk.World()
    box = gjk.Box([1, 1, 1])
    ident = [0, 0, 0, 1, 0, 0, 0]
    a = w.add(box, ident)
    b = w.add(box, [3, 0, 0, 1, 0, 0, 0])
    bad_adds = [
        (gjk.Box2([1, 1]), ident),                 # a 2D shape in a 3D world
        (box, [0, 0, 0]),                          # a 2D pose
        (box, [[0, 0, 0, 1, 0, 0, 0]] * 2),        # two poses
        (box, [0, 0, float("nan"), 1, 0, 0, 0]),   # not finite
        (box, [0, 0, 0, 0, 0, 0, 0]),              # a zero quaternion
    ]
    for shape, pose in bad_adds:
        with pytest.raises(ValueError):
            w.add(shape, pose)
    with pytest.raises(TypeError):
        w.add("box", ident)
    with pytest.raises(ValueError):
        w.add(box, ident, user=-1)
    assert len(w) == 2
    for bad in (7, -1):
        with pytest.raises(ValueError):
            w.set_pose(bad, ident)
        with pytest.raises(ValueError):
            w.remove(bad)
    with pytest.raises(TypeError):
        w.pose(1.5)
    with pytest.raises(ValueError):
        w.set_pose(a, [0, 0, 0, 0, 0, 0, 0])
    # set_poses: nothing moves when any row is bad
    good = np.array([[1, 0, 0, 1, 0, 0, 0], [5, 0, 0, 1, 0, 0, 0]], dtype=float)
    for ids, poses in [([a, 9], good), ([a, b], good[:1]), ([a, b], good[:, :3]), ([0.5, 1.5], good),
                       ([[a, b]], good), ([a, b], np.vstack([good[:1], np.zeros(7)]))]:
        with pytest.raises(ValueError):
            w.set_poses(ids, poses)
        assert w.pose(a).tolist() == ident and w.pose(b).tolist() == [3, 0, 0, 1, 0, 0, 0]
    w.set_poses([a, b], good)
    assert w.pose(b).tolist() == good[1].tolist()
    w.set_poses([], np.zeros((0, 7)))
    # scene queries
    for args in ([[0, 0, float("nan")], [1, 0, 0]], [[0, 0], [1, 0]], [[[0, 0, 0]] * 2, [1, 0, 0]]):
        with pytest.raises(ValueError):
            w.raycast(*args)
        with pytest.raises(ValueError):
            w.raycast_all(*args)
    with pytest.raises(ValueError):
        w.raycast([0, 0, 0], [1, 0, 0], max_fraction=-1)
    with pytest.raises(ValueError):
        w.raycast([0, 0, 0], [1e200, 0, 0])
    with pytest.raises(ValueError):
        w.query_box([1, 1, 1], [0, 0, 0])
    with pytest.raises(ValueError):
        w.query_box([0, 0], [1, 1])
    with pytest.raises(ValueError):
        w.overlap(box, ident, distance=-1)
    with pytest.raises(ValueError):
        w.overlap(gjk.Circle(1), [0, 0, 0])
    with pytest.raises(ValueError):
        w.step(threads=-1)
    with pytest.raises(TypeError):
        pickle.dumps(w)
    assert w.step() == gjk.Status.OK


def test_shapes_kept_alive():
    for dim in (3, 2):
        w = gjk.World(dim=dim)
        points = np.random.default_rng(dim).uniform(-1, 1, (24, dim))
        hull = gjk.ConvexHull(points) if dim == 3 else gjk.Polygon(points)
        ref = weakref.ref(hull)
        pose = [0, 0, 0, 1, 0, 0, 0] if dim == 3 else [0, 0, 0]
        other = gjk.Sphere(0.5) if dim == 3 else gjk.Circle(0.5)
        far = [0.0] * len(pose)
        far[-1 if dim == 2 else 3] = 1.0
        far[0] = 1.2
        h = w.add(hull, pose)
        o = w.add(other, far)
        want = gjk.manifold(hull, pose, other, far)
        del hull
        gc.collect()
        assert ref() is not None and w.shape(h) is ref()
        assert w.step() == gjk.Status.OK
        c = w.contacts()
        assert contact_pairs(c) == {(h, o)}
        assert np.array_equal(c.points_a[0], want.points_a) and np.array_equal(c.normal[0], want.normal)
        w.remove(h)
        gc.collect()
        assert ref() is not None, "kept until the step that reports the end of its contacts"
        w.step()
        assert w.ended().tolist() == [[h, o]]
        gc.collect()
        assert ref() is None, "released after that step"
        del w
        gc.collect()


def test_shape_initialised_once():
    box = gjk.Box([1, 1, 1])
    with pytest.raises(RuntimeError):
        box.__init__([2, 2, 2])
    w = gjk.World()
    w.add(box, [0, 0, 0, 1, 0, 0, 0])
    assert len(w.overlap(gjk.Sphere(0.1), [1.5, 0, 0, 1, 0, 0, 0])) == 0


def test_docs_example_runs():
    with open(os.path.join(ROOT, "docs", "python.md"), encoding="utf-8") as fh:
        text = fh.read()
    section = text.split("## World of bodies", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks
    for code in blocks:
        exec(compile(code, "docs/python.md", "exec"), {})


def test_stubs_and_exports():
    for name in ("World", "WorldContacts", "WorldRayHit"):
        assert name in gjk.__all__ and hasattr(gjk, name)
    with open(os.path.join(HERE, "..", "gjk", "__init__.pyi"), encoding="utf-8") as fh:
        stubs = fh.read()
    world = stubs.split("class World:", 1)[1]
    for name in dir(gjk.World):
        if not name.startswith("_"):
            assert re.search(r"def %s\(" % name, world), name


def test_cycle_through_a_shape_is_collected():
    w = gjk.World()
    box = gjk.Box([1, 1, 1])
    w.add(box, [0, 0, 0, 1, 0, 0, 0])
    box.world = w  # world -> shape -> world
    ref = weakref.ref(box)
    del w, box
    gc.collect()
    assert ref() is None


def test_more_results_than_the_first_room():
    # 100 spheres in a row: the queries' answers outgrow the 64 the binding first makes room for
    w = gjk.World(dim=3)
    ids = [w.add(gjk.Sphere(0.4), [i, 0, 0, 1, 0, 0, 0]) for i in range(100)]
    hits = w.raycast_all([-1, 0, 0], [101, 0, 0])
    assert hits.body.tolist() == ids
    np.testing.assert_allclose(hits.fraction, (np.arange(100) - 0.4 + 1) / 101, rtol=0, atol=1e-12)
    assert w.query_box([-1, -1, -1], [100, 1, 1]).tolist() == ids
    assert w.overlap(gjk.Box([60, 1, 1]), [49.5, 0, 0, 1, 0, 0, 0]).tolist() == ids
    assert w.overlap(gjk.Box([60, 1, 1]), [49.5, 0, 2, 1, 0, 0, 0], distance=0.65).tolist() == ids
    assert w.overlap(gjk.Box([60, 1, 1]), [49.5, 0, 2, 1, 0, 0, 0], distance=0.55).tolist() == []


def test_calls_during_a_step_are_refused():
    # step() releases the GIL; the world is not locked, so every other call on it raises RuntimeError meanwhile
    import threading

    rng = np.random.default_rng(5)
    w = gjk.World(speculative_distance=0.1)
    ids = [w.add(gjk.Sphere(0.3), [*rng.uniform(-5, 5, 3), 1, 0, 0, 0]) for _ in range(3000)]
    refused, statuses = 0, []
    # a step of 3,000 crowded spheres takes tens of milliseconds; up to 20 tries so that a loaded machine that never
    # runs this thread during one still refuses a call in another
    for _ in range(20):
        w.set_poses(ids, np.column_stack([rng.uniform(-5, 5, (len(ids), 3)), np.ones(len(ids)),
                                          np.zeros((len(ids), 3))]))
        th = threading.Thread(target=lambda: statuses.append(w.step()))
        th.start()
        while th.is_alive():
            try:
                w.set_pose(ids[0], [0, 0, 0, 1, 0, 0, 0])
            except RuntimeError:
                refused += 1
        th.join()
        if refused:
            break
    assert refused > 0 and statuses and all(s == gjk.Status.OK for s in statuses)
    assert len(w) == 3000 and len(w.contacts().a) > 0
