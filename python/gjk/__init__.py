# SPDX-FileCopyrightText: 2026 The gjk authors
# SPDX-License-Identifier: MIT
"""gjk: convex collision detection in 2D and 3D (GJK, EPA), over numpy.

Shapes are objects in their local frame; poses are arrays: 3D ``[x, y, z, qw, qx, qy, qz]``, 2D ``[x, y, angle]``.
Every query takes one pose per shape, giving one result of Python scalars and small arrays, or ``(N, 7)`` /
``(N, 3)`` poses, giving the same fields as arrays of length N computed in C with the GIL released (``threads=``
splits them). A single pose is used for every item, so one shape at one pose against N poses of another works.
``World`` keeps a scene of bodies: contacts and events per step, ray casts and overlap queries. ``Compound`` is a
body made of convex parts, for ``compound_query``, ``compound_collide`` (merged by ``compound_merge``),
``compound_raycast``, ``compound_cast`` and ``World.add_compound``.

    >>> import gjk
    >>> box, capsule = gjk.Box([1, 1, 1]), gjk.Capsule(0.5, 1.0)
    >>> r = gjk.signed_distance(box, [0, 0, 0, 1, 0, 0, 0], capsule, [0, 0, 2.2, 0.7071, 0.7071, 0, 0])
    >>> round(r.distance, 6), r.status
    (0.7, <Status.OK: 0>)
"""

import enum as _enum

import numpy as _np

from . import _gjk
from ._gjk import CastResult, Manifold, QueryResult, RayResult  # noqa: F401  (result types)
from ._gjk import distance, intersect, manifold, penetration, raycast, shape_cast, signed_distance  # noqa: F401
from ._gjk import WorldContacts, WorldRayHit  # noqa: F401  (the world's result types)
from ._gjk import compound_cast, compound_collide, compound_merge, compound_query, compound_raycast  # noqa: F401
from ._gjk import CompoundCastResult, CompoundContacts, CompoundRayResult, CompoundResult  # noqa: F401  (results)
from ._gjk import MergedManifolds  # noqa: F401

__version__ = "0.1.0"

__all__ = [
    "Status", "CastState", "Shape",
    "Point", "Segment", "Triangle", "Box", "Sphere", "Capsule", "Cylinder", "Cone", "Ellipsoid", "ConvexHull",
    "Point2", "Segment2", "Circle", "Box2", "Capsule2", "Polygon",
    "intersect", "distance", "penetration", "signed_distance", "manifold", "raycast", "shape_cast",
    "QueryResult", "Manifold", "RayResult", "CastResult",
    "World", "WorldContacts", "WorldRayHit",
    "Compound", "compound_query", "compound_collide", "compound_raycast", "compound_merge", "compound_cast",
    "CompoundResult", "CompoundContacts", "CompoundRayResult", "MergedManifolds", "CompoundCastResult",
]


class _Enum(_enum.IntEnum):
    def __str__(self):
        return "%s.%s" % (type(self).__name__, self.name)


class Status(_Enum):
    """Outcome of a query (gjk_status). Anything but OK means the answer is an estimate or the input was bad."""

    OK = 0
    """The answer is within the library's tolerances."""
    MAX_ITERATIONS = 1
    """The iteration limit was reached: the best estimate found."""
    DEGENERATE = 2
    """Numerical degeneracy stopped the algorithm early: the best finite estimate."""
    INVALID_INPUT = 3
    """A shape or pose the library does not accept (e.g. a zero quaternion): all else zero."""
    OUT_OF_MEMORY = 4
    """Shape creation only."""


class CastState(_Enum):
    """What a shape cast found (gjk_cast_state)."""

    HIT = 0
    """The shapes come within target_distance at t."""
    SEPARATED = 1
    """They stay apart over the whole step (t = 1)."""
    OVERLAPPED = 2
    """Already within target_distance at t = 0."""
    FAILED = 3
    """The iteration cap was reached: t is the last time known to be safe."""


_gjk._register(tuple(Status), tuple(CastState))

Shape = _gjk.Shape


def _numbers(value, count, name):
    """A tuple of `count` floats from a sequence, with an error naming the argument."""
    try:
        out = tuple(float(x) for x in _np.asarray(value, dtype=float).reshape(-1))
    except (TypeError, ValueError):
        raise ValueError("%s must be %d numbers" % (name, count)) from None
    if len(out) != count or _np.asarray(value).ndim > 1:
        raise ValueError("%s must be %d numbers, got %r" % (name, count, value))
    return out


def _number(value, name):
    try:
        return float(value)
    except (TypeError, ValueError):
        raise TypeError("%s must be a number, got %r" % (name, value)) from None


class _Shape(_gjk.Shape):
    """Common part of the shape classes: what pickling and repr need."""

    _fields = ()

    def __reduce__(self):
        return (type(self), tuple(getattr(self, f) for f in self._fields) + (self.margin,))

    def __repr__(self):
        parts = ["%s=%r" % (f, getattr(self, f)) for f in self._fields]
        if self.margin:
            parts.append("margin=%r" % self.margin)
        return "gjk.%s(%s)" % (type(self).__name__, ", ".join(parts))


# ---- 3D ----------------------------------------------------------------------------------------------------------


class Point(_Shape):
    """The point at the local origin (a margin makes it a sphere)."""

    def __init__(self, margin=0.0):
        self.margin = _number(margin, "margin")
        super().__init__("point", (), self.margin)


class Segment(_Shape):
    """The segment from a to b (local frame)."""

    _fields = ("a", "b")

    def __init__(self, a, b, margin=0.0):
        self.a, self.b, self.margin = _numbers(a, 3, "a"), _numbers(b, 3, "b"), _number(margin, "margin")
        super().__init__("segment", self.a + self.b, self.margin)


class Triangle(_Shape):
    """The solid triangle a, b, c (local frame)."""

    _fields = ("a", "b", "c")

    def __init__(self, a, b, c, margin=0.0):
        self.a, self.b, self.c = _numbers(a, 3, "a"), _numbers(b, 3, "b"), _numbers(c, 3, "c")
        self.margin = _number(margin, "margin")
        super().__init__("triangle", self.a + self.b + self.c, self.margin)


class Box(_Shape):
    """The box centred on the local origin with the given half extents (each > 0)."""

    _fields = ("half_extents",)

    def __init__(self, half_extents, margin=0.0):
        self.half_extents, self.margin = _numbers(half_extents, 3, "half_extents"), _number(margin, "margin")
        super().__init__("box", self.half_extents, self.margin)


class Sphere(_Shape):
    """The sphere of radius (> 0) about the local origin."""

    _fields = ("radius",)

    def __init__(self, radius, margin=0.0):
        self.radius, self.margin = _number(radius, "radius"), _number(margin, "margin")
        super().__init__("sphere", (self.radius,), self.margin)


class Capsule(_Shape):
    """The segment from (0, 0, -half_height) to (0, 0, half_height) rounded by radius (both >= 0)."""

    _fields = ("radius", "half_height")

    def __init__(self, radius, half_height, margin=0.0):
        self.radius, self.half_height = _number(radius, "radius"), _number(half_height, "half_height")
        self.margin = _number(margin, "margin")
        super().__init__("capsule", (self.radius, self.half_height), self.margin)


class Cylinder(_Shape):
    """The cylinder of radius about local z, from z = -half_height to +half_height (both > 0)."""

    _fields = ("radius", "half_height")

    def __init__(self, radius, half_height, margin=0.0):
        self.radius, self.half_height = _number(radius, "radius"), _number(half_height, "half_height")
        self.margin = _number(margin, "margin")
        super().__init__("cylinder", (self.radius, self.half_height), self.margin)


class Cone(_Shape):
    """The cone with its base disc of radius at z = -half_height and its apex at z = +half_height (both > 0)."""

    _fields = ("radius", "half_height")

    def __init__(self, radius, half_height, margin=0.0):
        self.radius, self.half_height = _number(radius, "radius"), _number(half_height, "half_height")
        self.margin = _number(margin, "margin")
        super().__init__("cone", (self.radius, self.half_height), self.margin)


class Ellipsoid(_Shape):
    """The ellipsoid about the local origin with semi-axes radii along local x, y, z (each > 0)."""

    _fields = ("radii",)

    def __init__(self, radii, margin=0.0):
        self.radii, self.margin = _numbers(radii, 3, "radii"), _number(margin, "margin")
        super().__init__("ellipsoid", self.radii, self.margin)


class ConvexHull(_Shape):
    """The convex hull of points, an (N, 3) array (local frame; built once, by quickhull)."""

    _fields = ("points",)

    def __init__(self, points, margin=0.0):
        self.points = _np.array(points, dtype=float, copy=True)
        self.points.setflags(write=False)
        self.margin = _number(margin, "margin")
        super().__init__("hull", self.points, self.margin)

    def __repr__(self):
        return "gjk.ConvexHull(<%d points>%s)" % (len(self.points), ", margin=%r" % self.margin if self.margin else "")


# ---- 2D ----------------------------------------------------------------------------------------------------------


class Point2(_Shape):
    """The 2D point at the local origin (a margin makes it a circle)."""

    def __init__(self, margin=0.0):
        self.margin = _number(margin, "margin")
        super().__init__("point2", (), self.margin)


class Segment2(_Shape):
    """The 2D segment from a to b (local frame)."""

    _fields = ("a", "b")

    def __init__(self, a, b, margin=0.0):
        self.a, self.b, self.margin = _numbers(a, 2, "a"), _numbers(b, 2, "b"), _number(margin, "margin")
        super().__init__("segment2", self.a + self.b, self.margin)


class Circle(_Shape):
    """The circle of radius (> 0) about the local origin."""

    _fields = ("radius",)

    def __init__(self, radius, margin=0.0):
        self.radius, self.margin = _number(radius, "radius"), _number(margin, "margin")
        super().__init__("circle", (self.radius,), self.margin)


class Box2(_Shape):
    """The 2D box centred on the local origin with the given half extents (each > 0)."""

    _fields = ("half_extents",)

    def __init__(self, half_extents, margin=0.0):
        self.half_extents, self.margin = _numbers(half_extents, 2, "half_extents"), _number(margin, "margin")
        super().__init__("box2", self.half_extents, self.margin)


class Capsule2(_Shape):
    """The 2D segment from (0, -half_height) to (0, half_height) rounded by radius (both >= 0)."""

    _fields = ("radius", "half_height")

    def __init__(self, radius, half_height, margin=0.0):
        self.radius, self.half_height = _number(radius, "radius"), _number(half_height, "half_height")
        self.margin = _number(margin, "margin")
        super().__init__("capsule2", (self.radius, self.half_height), self.margin)


class Polygon(_Shape):
    """The convex hull of 2D points, an (N, 2) array (local frame)."""

    _fields = ("points",)

    def __init__(self, points, margin=0.0):
        self.points = _np.array(points, dtype=float, copy=True)
        self.points.setflags(write=False)
        self.margin = _number(margin, "margin")
        super().__init__("polygon", self.points, self.margin)

    def __repr__(self):
        return "gjk.Polygon(<%d points>%s)" % (len(self.points), ", margin=%r" % self.margin if self.margin else "")


# ---- the world of bodies -----------------------------------------------------------------------------------------


class World(_gjk.World):
    """A world of bodies: convex shapes at poses, kept in a dynamic AABB tree (gjk_world3 / gjk_world2).

    ``World(dim=3, *, fat_margin=0.1, speculative_distance=0.0, prediction_steps=2.0)``: the fields of the library's
    gjk_world_def with its defaults; 0 means none (no fat margin, touching pairs only, no stretching of the boxes).
    ``add(shape, pose, user=0)`` returns a body id; ``set_pose`` / ``set_poses`` move bodies; ``step()`` finds the
    pairs within ``speculative_distance`` and their manifolds (``contacts()``) and the pairs that ``began()`` and
    ``ended()`` touching; ``raycast``, ``raycast_all``, ``overlap`` and ``query_box`` search the bodies at their
    current poses. The world keeps each body's shape alive. ``add_compound(compound, pose, user=0)`` adds a body made
    of a ``Compound``; its contacts carry the parts in ``part_a`` / ``part_b``.

        >>> import gjk
        >>> w = gjk.World(dim=2)
        >>> ground = w.add(gjk.Box2([10, 1]), [0, -1, 0])
        >>> ball = w.add(gjk.Circle(0.5), [0, 0.4, 0])
        >>> w.step(), w.began().tolist()
        (<Status.OK: 0>, [[0, 1]])
    """

    __slots__ = ()

    def __repr__(self):
        return "gjk.World(dim=%d, <%d bodies>)" % (self.dim, len(self))


# ---- compound shapes ---------------------------------------------------------------------------------------------


class Compound(_gjk.Compound):
    """A body made of convex parts: shapes of one dimension at poses in the compound's frame (gjk_compound3 /
    gjk_compound2).

    ``Compound(parts, poses=None)``: ``parts`` a sequence of shapes, ``poses`` an ``(N, 7)`` (3D) or ``(N, 3)`` (2D)
    array, one row per part, or None for all at the identity. Parts may overlap. The compound keeps its part
    shapes alive. ``len()`` is the number of parts, ``dim`` the dimension, ``parts`` the shapes, ``aabb(pose)`` a
    world box ``(lower, upper)``.

        >>> import gjk
        >>> l_shape = gjk.Compound([gjk.Box2([1, 0.2]), gjk.Box2([0.2, 1])], [[0, 0, 0], [-0.8, 0.8, 0]])
        >>> r = gjk.compound_query("signed_distance", l_shape, [0, 0, 0], gjk.Circle(0.5), [-0.8, 3, 0])
        >>> round(r.distance, 6), r.part_a
        (0.7, 1)
    """

    __slots__ = ()

    def __reduce__(self):
        raise TypeError("gjk.Compound objects cannot be pickled")

    def __repr__(self):
        return "gjk.Compound(<%d %dD parts>)" % (len(self), self.dim)
