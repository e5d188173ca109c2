# SPDX-FileCopyrightText: 2026 The gjk authors
# SPDX-License-Identifier: MIT
"""Type stubs of the gjk package (see gjk/__init__.py and docs/python.md)."""
import enum
from typing import Any, NamedTuple, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

__version__: str

ArrayLike = npt.ArrayLike
Vector = Union[Sequence[float], npt.NDArray[np.float64]]
Float = Union[float, npt.NDArray[np.float64]]
Int = Union[int, npt.NDArray[Any]]
Bool = Union[bool, npt.NDArray[np.bool_]]

class Status(enum.IntEnum):
    OK = 0
    MAX_ITERATIONS = 1
    DEGENERATE = 2
    INVALID_INPUT = 3
    OUT_OF_MEMORY = 4

class CastState(enum.IntEnum):
    HIT = 0
    SEPARATED = 1
    OVERLAPPED = 2
    FAILED = 3

class Shape:
    """Base of the shapes; `dim` is 2 or 3."""
    @property
    def dim(self) -> int: ...
    @property
    def vertices(self) -> Optional[npt.NDArray[np.float64]]: ...
    margin: float

class Point(Shape):
    def __init__(self, margin: float = 0.0) -> None: ...

class Segment(Shape):
    a: tuple[float, float, float]
    b: tuple[float, float, float]
    def __init__(self, a: Vector, b: Vector, margin: float = 0.0) -> None: ...

class Triangle(Shape):
    a: tuple[float, float, float]
    b: tuple[float, float, float]
    c: tuple[float, float, float]
    def __init__(self, a: Vector, b: Vector, c: Vector, margin: float = 0.0) -> None: ...

class Box(Shape):
    half_extents: tuple[float, float, float]
    def __init__(self, half_extents: Vector, margin: float = 0.0) -> None: ...

class Sphere(Shape):
    radius: float
    def __init__(self, radius: float, margin: float = 0.0) -> None: ...

class Capsule(Shape):
    radius: float
    half_height: float
    def __init__(self, radius: float, half_height: float, margin: float = 0.0) -> None: ...

class Cylinder(Shape):
    radius: float
    half_height: float
    def __init__(self, radius: float, half_height: float, margin: float = 0.0) -> None: ...

class Cone(Shape):
    radius: float
    half_height: float
    def __init__(self, radius: float, half_height: float, margin: float = 0.0) -> None: ...

class Ellipsoid(Shape):
    radii: tuple[float, float, float]
    def __init__(self, radii: Vector, margin: float = 0.0) -> None: ...

class ConvexHull(Shape):
    points: npt.NDArray[np.float64]
    def __init__(self, points: ArrayLike, margin: float = 0.0) -> None: ...

class Point2(Shape):
    def __init__(self, margin: float = 0.0) -> None: ...

class Segment2(Shape):
    a: tuple[float, float]
    b: tuple[float, float]
    def __init__(self, a: Vector, b: Vector, margin: float = 0.0) -> None: ...

class Circle(Shape):
    radius: float
    def __init__(self, radius: float, margin: float = 0.0) -> None: ...

class Box2(Shape):
    half_extents: tuple[float, float]
    def __init__(self, half_extents: Vector, margin: float = 0.0) -> None: ...

class Capsule2(Shape):
    radius: float
    half_height: float
    def __init__(self, radius: float, half_height: float, margin: float = 0.0) -> None: ...

class Polygon(Shape):
    points: npt.NDArray[np.float64]
    def __init__(self, points: ArrayLike, margin: float = 0.0) -> None: ...

# Results: scalars (and arrays of shape (3,) / (2,)) for one pose per shape; arrays with a leading N for N poses.
class QueryResult(NamedTuple):
    status: Union[Status, npt.NDArray[np.int8]]
    intersect: Bool
    distance: Float
    normal: npt.NDArray[np.float64]
    point_a: npt.NDArray[np.float64]
    point_b: npt.NDArray[np.float64]
    lower: Float
    upper: Float
    iterations: Int
    epa_iterations: Int

class Manifold(NamedTuple):
    status: Union[Status, npt.NDArray[np.int8]]
    normal: npt.NDArray[np.float64]
    count: Int
    points_a: npt.NDArray[np.float64]
    points_b: npt.NDArray[np.float64]
    separations: npt.NDArray[np.float64]
    ids: npt.NDArray[np.uint32]
    iterations: Int

class RayResult(NamedTuple):
    status: Union[Status, npt.NDArray[np.int8]]
    hit: Bool
    inside: Bool
    fraction: Float
    point: npt.NDArray[np.float64]
    normal: npt.NDArray[np.float64]
    iterations: Int

class CastResult(NamedTuple):
    status: Union[Status, npt.NDArray[np.int8]]
    state: Union[CastState, npt.NDArray[np.int8]]
    hit: Bool
    t: Float
    normal: npt.NDArray[np.float64]
    point_a: npt.NDArray[np.float64]
    point_b: npt.NDArray[np.float64]
    point: npt.NDArray[np.float64]
    iterations: Int

def intersect(shape_a: Shape, pose_a: ArrayLike, shape_b: Shape, pose_b: ArrayLike, *, tolerance: float = 0.0,
              threads: int = 1) -> QueryResult: ...
def distance(shape_a: Shape, pose_a: ArrayLike, shape_b: Shape, pose_b: ArrayLike, *, tolerance: float = 0.0,
             threads: int = 1) -> QueryResult: ...
def penetration(shape_a: Shape, pose_a: ArrayLike, shape_b: Shape, pose_b: ArrayLike, *, tolerance: float = 0.0,
                threads: int = 1) -> QueryResult: ...
def signed_distance(shape_a: Shape, pose_a: ArrayLike, shape_b: Shape, pose_b: ArrayLike, *,
                    tolerance: float = 0.0, threads: int = 1) -> QueryResult: ...
def manifold(shape_a: Shape, pose_a: ArrayLike, shape_b: Shape, pose_b: ArrayLike, *,
             speculative_distance: float = 0.0, threads: int = 1) -> Manifold: ...
def raycast(shape: Shape, pose: ArrayLike, origin: ArrayLike, translation: ArrayLike, *, max_fraction: float = 1.0,
            threads: int = 1) -> RayResult: ...
def shape_cast(shape_a: Shape, pose_a: ArrayLike, shape_b: Shape, pose_b: ArrayLike, *,
               translation_a: Optional[ArrayLike] = None, rotation_a: Optional[ArrayLike] = None,
               translation_b: Optional[ArrayLike] = None, rotation_b: Optional[ArrayLike] = None,
               target_distance: float = 0.0, tolerance: float = 0.0, ignore_separating: bool = False,
               threads: int = 1) -> CastResult: ...

# ---- the world of bodies ----
class WorldContacts(NamedTuple):
    """The contacts of a world's last step: arrays over the K contacts, sorted by (a, b)."""
    a: npt.NDArray[np.int32]
    b: npt.NDArray[np.int32]
    part_a: npt.NDArray[np.int32]
    part_b: npt.NDArray[np.int32]
    status: npt.NDArray[np.int8]
    normal: npt.NDArray[np.float64]
    count: npt.NDArray[np.int32]
    points_a: npt.NDArray[np.float64]
    points_b: npt.NDArray[np.float64]
    separations: npt.NDArray[np.float64]
    ids: npt.NDArray[np.uint32]
    iterations: npt.NDArray[np.int32]

class WorldRayHit(NamedTuple):
    """A body a ray hits (scalars, from raycast) or every one (arrays sorted by fraction, from raycast_all)."""
    body: Int
    part: Int
    status: Union[Status, npt.NDArray[np.int8]]
    inside: Bool
    fraction: Float
    point: npt.NDArray[np.float64]
    normal: npt.NDArray[np.float64]
    iterations: Int

class World:
    """A world of bodies (convex shapes or compounds at poses) in a dynamic AABB tree: contacts, events and scene queries."""
    def __init__(self, dim: int = 3, *, fat_margin: float = 0.1, speculative_distance: float = 0.0,
                 prediction_steps: float = 2.0) -> None: ...
    @property
    def dim(self) -> int: ...
    @property
    def fat_margin(self) -> float: ...
    @property
    def speculative_distance(self) -> float: ...
    @property
    def prediction_steps(self) -> float: ...
    @property
    def pair_count(self) -> int: ...
    def __len__(self) -> int: ...
    def add(self, shape: Shape, pose: ArrayLike, user: int = 0) -> int: ...
    def add_compound(self, compound: Compound, pose: ArrayLike, user: int = 0) -> int: ...
    def remove(self, body: int) -> None: ...
    def set_pose(self, body: int, pose: ArrayLike) -> None: ...
    def set_poses(self, bodies: ArrayLike, poses: ArrayLike) -> None: ...
    def pose(self, body: int) -> npt.NDArray[np.float64]: ...
    def shape(self, body: int) -> Union[Shape, Compound]: ...
    def user(self, body: int) -> int: ...
    def bodies(self) -> npt.NDArray[np.int32]: ...
    def step(self, *, threads: int = 1) -> Status: ...
    def contacts(self) -> WorldContacts: ...
    def began(self) -> npt.NDArray[np.int32]: ...
    def ended(self) -> npt.NDArray[np.int32]: ...
    def raycast(self, origin: ArrayLike, translation: ArrayLike, *,
                max_fraction: float = 1.0) -> Optional[WorldRayHit]: ...
    def raycast_all(self, origin: ArrayLike, translation: ArrayLike, *, max_fraction: float = 1.0) -> WorldRayHit: ...
    def overlap(self, shape: Shape, pose: ArrayLike, *, distance: float = 0.0) -> npt.NDArray[np.int32]: ...
    def query_box(self, lower: ArrayLike, upper: ArrayLike) -> npt.NDArray[np.int32]: ...

# ---- compound shapes ----
class Compound:
    """A body made of convex parts of one dimension at poses in its frame; len() is the number of parts."""
    def __init__(self, parts: Sequence[Shape], poses: Optional[ArrayLike] = None) -> None: ...
    @property
    def dim(self) -> int: ...
    @property
    def parts(self) -> tuple[Shape, ...]: ...
    def __len__(self) -> int: ...
    def aabb(self, pose: ArrayLike) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]: ...

class CompoundResult(NamedTuple):
    """A query between compounds: the deciding part pair's answer (world frame) and its parts."""
    status: Status
    intersect: bool
    distance: float
    normal: npt.NDArray[np.float64]
    point_a: npt.NDArray[np.float64]
    point_b: npt.NDArray[np.float64]
    lower: float
    upper: float
    iterations: int
    epa_iterations: int
    part_a: int
    part_b: int
    pairs_tested: int

class CompoundContacts(NamedTuple):
    """The manifolds of the part pairs of two compounds: arrays over K, sorted by (part_a, part_b)."""
    part_a: npt.NDArray[np.int32]
    part_b: npt.NDArray[np.int32]
    status: npt.NDArray[np.int8]
    normal: npt.NDArray[np.float64]
    count: npt.NDArray[np.int32]
    points_a: npt.NDArray[np.float64]
    points_b: npt.NDArray[np.float64]
    separations: npt.NDArray[np.float64]
    ids: npt.NDArray[np.uint32]
    iterations: npt.NDArray[np.int32]

class CompoundRayResult(NamedTuple):
    """Where a ray first meets a compound, and the part."""
    status: Status
    hit: bool
    inside: bool
    fraction: float
    point: npt.NDArray[np.float64]
    normal: npt.NDArray[np.float64]
    iterations: int
    part: int

def compound_query(kind: str, a: Union[Compound, Shape], pose_a: ArrayLike, b: Union[Compound, Shape],
                   pose_b: ArrayLike, *, tolerance: float = 0.0) -> CompoundResult: ...
def compound_collide(a: Union[Compound, Shape], pose_a: ArrayLike, b: Union[Compound, Shape], pose_b: ArrayLike, *,
                     speculative_distance: float = 0.0) -> CompoundContacts: ...
class MergedManifolds(NamedTuple):
    """Part pairs' manifolds merged per contact direction: arrays over G, deepest first; points name their parts."""
    status: npt.NDArray[np.int8]
    normal: npt.NDArray[np.float64]
    count: npt.NDArray[np.int32]
    points_a: npt.NDArray[np.float64]
    points_b: npt.NDArray[np.float64]
    separations: npt.NDArray[np.float64]
    ids: npt.NDArray[np.uint32]
    part_a: npt.NDArray[np.int32]
    part_b: npt.NDArray[np.int32]
    reference: npt.NDArray[np.int32]
    merged: npt.NDArray[np.int32]

def compound_merge(contacts: CompoundContacts) -> MergedManifolds: ...
def compound_raycast(compound: Compound, pose: ArrayLike, origin: ArrayLike, translation: ArrayLike, *,
                     max_fraction: float = 1.0) -> CompoundRayResult: ...

class CompoundCastResult(NamedTuple):
    """A shape cast between compounds: the deciding part pair's cast (world frame) and its parts."""
    status: Status
    state: CastState
    hit: bool
    t: float
    normal: npt.NDArray[np.float64]
    point_a: npt.NDArray[np.float64]
    point_b: npt.NDArray[np.float64]
    point: npt.NDArray[np.float64]
    iterations: int
    part_a: int
    part_b: int
    pairs_tested: int

def compound_cast(a: Union[Compound, Shape], pose_a: ArrayLike, b: Union[Compound, Shape], pose_b: ArrayLike, *,
                  translation_a: Optional[ArrayLike] = None, rotation_a: Optional[ArrayLike] = None,
                  translation_b: Optional[ArrayLike] = None, rotation_b: Optional[ArrayLike] = None,
                  target_distance: float = 0.0, tolerance: float = 0.0,
                  ignore_separating: bool = False) -> CompoundCastResult: ...
