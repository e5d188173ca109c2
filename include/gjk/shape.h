// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/// @file gjk/shape.h
/// Convex shapes in their local frame, 3D and 2D. A shape is a small value (`gjk_shape3`, `gjk_shape2`) made by a
/// constructor such as gjk_box3(); it knows nothing of where it stands (that is the query's pose) nor of the
/// algorithms. Every shape may carry a `margin`: the shape is then its core swept by a sphere (circle) of that
/// radius, i.e. rounded. Spheres and capsules are a point and a segment rounded by their radius; queries treat them
/// that way, which makes their answers exact.
///
/// Hulls of point clouds are the only shapes that own memory: gjk_hull3_create() / gjk_hull2_create() allocate
/// through the allocator hook (gjk/base.h); the shape only points at the hull, which must outlive it.
#ifndef GJK_SHAPE_H
#define GJK_SHAPE_H

#include <stdbool.h>

#include "gjk/base.h"
#include "gjk/math.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Most input points gjk_hull3_create() / gjk_hull2_create() accept.
#define GJK_HULL_MAX_POINTS (1 << 20)

/* ---- hulls --------------------------------------------------------------------------------------------------- */

/// Convex hull of a 3D point cloud, in the points' (local) frame. Read-only after creation.
///
/// `dimension` tells what the points span, with a tolerance relative to their extent: 3 a solid polytope, 2 a
/// planar convex polygon (its vertices in counter-clockwise order about `faces` normal 0, and two faces, one per
/// side), 1 a segment (2 vertices, no faces), 0 a single point (1 vertex, no faces). Interior and duplicate input
/// points are dropped; coplanar triangles are merged into polygonal faces.
///
/// Every array lives in the hull's own allocation and is freed with it by gjk_hull3_destroy(); the pointers stay
/// valid, and the arrays unchanged, for the hull's lifetime. Coordinates are in length units.
typedef struct gjk_hull3 {
    int dimension;          ///< 0, 1, 2 or 3, see above
    int vertex_count;       ///< number of hull vertices (>= 1)
    int face_count;         ///< number of faces (0 when dimension < 2)
    gjk_vec3 *vertices;     ///< [vertex_count] hull vertices, local frame
    gjk_vec3 *face_normals; ///< [face_count] outward unit normals, local frame
    gjk_real *face_offsets; ///< [face_count] plane offsets: normal . x == offset on face
    int *face_first;        ///< [face_count + 1] face f's vertices are face_indices[face_first[f] .. face_first[f+1])
    int *face_indices;      ///< vertex indices of all faces, counter-clockwise seen from outside
    int *vertex_first;      ///< [vertex_count + 1] neighbours of v are vertex_adjacency[vertex_first[v] .. [v+1])
    int *vertex_adjacency;  ///< hull-edge neighbours of each vertex (for hill-climbing support)
    int *vertex_face_first; ///< [vertex_count + 1] faces around v are vertex_faces[vertex_face_first[v] .. [v+1])
                            ///< (NULL in a hull filled by hand: the faces are then scanned)
    int *vertex_faces;      ///< the faces each vertex belongs to (contact manifolds find a vertex's faces here)
    gjk_vec3 centroid;      ///< a point inside the hull (vertex average), local frame
    gjk_real radius;        ///< largest distance from centroid to a vertex
    int support_grid;       ///< k: cells per side of each cube face in the support lookup (0: none, under 192 vertices)
    int *support_cells;     ///< [6 k k] for each cell of directions, the support vertex of its centre direction:
                            ///< where hill-climbing support queries start (so a query costs a few dot products)
    gjk_real *vertex_soa;   ///< hulls without support cells: the vertices again as three rows x, y, z of
                            ///< vertex_soa_stride coordinates each (the tail repeats vertex 0), which support queries
                            ///< scan several vertices at a time; NULL (a hull filled by hand): they scan `vertices`
    int vertex_soa_stride;  ///< row length of vertex_soa: vertex_count rounded up to a multiple of 4 (0 when NULL)
} gjk_hull3;

/// Convex hull of a 2D point cloud. `dimension` 2: a polygon with vertices in counter-clockwise order; 1: a segment
/// (2 vertices); 0: a point (1 vertex). Interior, duplicate and collinear points are dropped. Its arrays live in the
/// hull's own allocation and are freed with it by gjk_hull2_destroy().
typedef struct gjk_hull2 {
    int dimension;        ///< 0, 1 or 2
    int vertex_count;     ///< number of vertices (>= 1)
    gjk_vec2 *vertices;   ///< [vertex_count] counter-clockwise, local frame
    gjk_vec2 *normals;    ///< [vertex_count] outward unit normal of edge (v[i], v[i+1]); zero when dimension < 2
    gjk_vec2 centroid;    ///< a point inside the polygon (vertex average), local frame
    gjk_real radius;      ///< largest distance from centroid to a vertex
} gjk_hull2;

/// Build the convex hull of `count` points (quickhull with tolerances relative to the points' extent). Returns NULL
/// and sets *status (if status is not NULL) to GJK_INVALID_INPUT for a NULL array, a count below 1 or above
/// GJK_HULL_MAX_POINTS, or a non-finite coordinate, and GJK_OUT_OF_MEMORY when allocation fails. (Any finite
/// points make a hull, but the queries reject one reaching beyond 1e150, float 1e18: see gjk/query.h.)
///
/// The hull is one block from the allocator hook (gjk/base.h), owned by the caller: release it with
/// gjk_hull3_destroy() once no shape points at it. The input points are copied and may be freed on return. On
/// success *status is GJK_OK.
GJK_API gjk_hull3 *gjk_hull3_create(const gjk_vec3 *points, int count, gjk_status *status);
/// Release a hull made by gjk_hull3_create() through the allocator that made it; NULL is accepted and ignored.
/// Shapes and caches that point at it must no longer be used.
GJK_API void gjk_hull3_destroy(gjk_hull3 *hull);
/// Build the convex hull of `count` 2D points (monotone chain). Same contract as gjk_hull3_create(): NULL with
/// GJK_INVALID_INPUT for a NULL array, count < 1 or > GJK_HULL_MAX_POINTS, or a non-finite coordinate, NULL with
/// GJK_OUT_OF_MEMORY when allocation fails; the caller owns the result and releases it with gjk_hull2_destroy().
GJK_API gjk_hull2 *gjk_hull2_create(const gjk_vec2 *points, int count, gjk_status *status);
/// Release a hull made by gjk_hull2_create(); NULL is accepted and ignored.
GJK_API void gjk_hull2_destroy(gjk_hull2 *hull);

/* ---- 3D shapes ----------------------------------------------------------------------------------------------- */

/// The kind of a 3D shape: which member of gjk_shape3's union holds its sizes. Sizes and points are in the shape's
/// local frame, length units.
typedef enum gjk_shape3_type {
    GJK_SHAPE3_POINT = 0,  ///< the local origin
    GJK_SHAPE3_SEGMENT,    ///< segment.a .. segment.b
    GJK_SHAPE3_TRIANGLE,   ///< triangle.a, .b, .c
    GJK_SHAPE3_BOX,        ///< centred box with box.half_extents
    GJK_SHAPE3_SPHERE,     ///< centred sphere of sphere.radius
    GJK_SHAPE3_CAPSULE,    ///< segment from -half_height to +half_height on local z, rounded by radius
    GJK_SHAPE3_CYLINDER,   ///< axis on local z from -half_height to +half_height, radius
    GJK_SHAPE3_CONE,       ///< base disc of radius at z = -half_height, apex at z = +half_height
    GJK_SHAPE3_ELLIPSOID,  ///< centred, with ellipsoid.radii along local x, y, z
    GJK_SHAPE3_HULL,       ///< hull.hull, a gjk_hull3 made by gjk_hull3_create()
    GJK_SHAPE3_USER,       ///< user.support callback
    GJK_SHAPE3_TYPE_COUNT  ///< number of shape types (not a type: a shape of this type is GJK_INVALID_INPUT)
} gjk_shape3_type;

/// A user shape's support function: the point of the (un-rounded) shape farthest along `direction`, both in the
/// shape's local frame. `direction` is finite and non-zero but not unit length (its largest component lies between
/// 1e-100 and 1e100, float 1e-12 and 1e12, so squaring it is safe). Must be deterministic and must not
/// return NaN: a query that gets a non-finite point (in 3D also one beyond 1e150, float 1e18) returns
/// GJK_INVALID_INPUT (and resets its cache). `data` is the shape's user.data.
typedef gjk_vec3 gjk_support3_fn(gjk_vec3 direction, const void *data);

/// A 3D convex shape in its local frame (length units). Make one with the constructors below; every field may be
/// set directly as well.
typedef struct gjk_shape3 {
    gjk_shape3_type type; ///< which member of the union below is in use
    gjk_real margin;      ///< rounding radius added around the shape, length units, >= 0 (0: sharp)
    GJK_ANONYMOUS union {
        /// GJK_SHAPE3_SEGMENT: the segment from a to b (equal points make a point).
        struct {
            gjk_vec3 a; ///< first end, local frame
            gjk_vec3 b; ///< second end, local frame
        } segment;
        /// GJK_SHAPE3_TRIANGLE: the solid triangle a, b, c (any winding; degenerate ones are accepted).
        struct {
            gjk_vec3 a; ///< first vertex, local frame
            gjk_vec3 b; ///< second vertex, local frame
            gjk_vec3 c; ///< third vertex, local frame
        } triangle;
        /// GJK_SHAPE3_BOX: the box [-h, h] on each local axis.
        struct {
            gjk_vec3 half_extents; ///< h: half the size along local x, y, z, each > 0
        } box;
        /// GJK_SHAPE3_SPHERE: the ball about the local origin.
        struct {
            gjk_real radius; ///< positive, length units
        } sphere;
        /// GJK_SHAPE3_CAPSULE, GJK_SHAPE3_CYLINDER, GJK_SHAPE3_CONE: shapes of revolution about local z.
        struct {
            gjk_real radius;      ///< length units, positive (cylinder, cone) or at least 0 (capsule)
            gjk_real half_height; ///< half the axis length, > 0 (cylinder, cone) or >= 0 (capsule), length units
        } capsule, cylinder, cone;
        /// GJK_SHAPE3_ELLIPSOID: the ellipsoid about the local origin with semi-axes along local x, y, z.
        struct {
            gjk_vec3 radii; ///< semi-axes along local x, y, z, each > 0, length units
        } ellipsoid;
        /// GJK_SHAPE3_HULL: a convex polytope made by gjk_hull3_create().
        struct {
            const gjk_hull3 *hull; ///< borrowed, not owned: must outlive every query on the shape
        } hull;
        /// GJK_SHAPE3_USER: any convex shape given by its support function.
        struct {
            gjk_support3_fn *support; ///< the support callback, called from the querying thread
            const void *data;         ///< passed to `support` unchanged; borrowed, must outlive the queries
        } user;
    };
} gjk_shape3;

/// The point at the local origin (use a margin to make it a sphere).
GJK_API gjk_shape3 gjk_point3(void);
/// The segment from `a` to `b` (local frame).
GJK_API gjk_shape3 gjk_segment3(gjk_vec3 a, gjk_vec3 b);
/// The solid triangle `a`, `b`, `c` (local frame).
GJK_API gjk_shape3 gjk_triangle3(gjk_vec3 a, gjk_vec3 b, gjk_vec3 c);
/// The box centred on the local origin with the given half extents (each > 0).
GJK_API gjk_shape3 gjk_box3(gjk_vec3 half_extents);
/// The sphere of `radius` (> 0) about the local origin.
GJK_API gjk_shape3 gjk_sphere3(gjk_real radius);
/// The capsule: the segment from (0, 0, -half_height) to (0, 0, half_height) rounded by `radius` (both >= 0).
GJK_API gjk_shape3 gjk_capsule3(gjk_real radius, gjk_real half_height);
/// The cylinder of `radius` about local z, from z = -half_height to z = +half_height (both > 0).
GJK_API gjk_shape3 gjk_cylinder3(gjk_real radius, gjk_real half_height);
/// The cone with its base disc of `radius` at z = -half_height and its apex at z = +half_height (both > 0).
GJK_API gjk_shape3 gjk_cone3(gjk_real radius, gjk_real half_height);
/// The ellipsoid about the local origin with semi-axes `radii` along local x, y, z (each > 0).
GJK_API gjk_shape3 gjk_ellipsoid3(gjk_vec3 radii);
/// A shape of the hull `hull` (borrowed: it must outlive every query on the shape).
GJK_API gjk_shape3 gjk_hull_shape3(const gjk_hull3 *hull);
/// A user shape: `support` gives its support points, called with `data` (borrowed, must outlive the queries).
GJK_API gjk_shape3 gjk_user3(gjk_support3_fn *support, const void *data);
/// `shape` with its margin set to `margin` (>= 0): rounded.
GJK_API gjk_shape3 gjk_rounded3(gjk_shape3 shape, gjk_real margin);

/// GJK_OK when the shape is usable, else GJK_INVALID_INPUT (NULL, unknown type, non-finite value, bad size).
GJK_API gjk_status gjk_shape3_validate(const gjk_shape3 *shape);

/// Support point of the whole (rounded) shape in its local frame: the point farthest along `direction`. For a zero
/// or non-finite direction any point of the shape is returned; for an invalid shape (gjk_shape3_validate) the
/// origin. Never NaN: a user callback's non-finite answer stands for the origin.
GJK_API gjk_vec3 gjk_shape3_support(const gjk_shape3 *shape, gjk_vec3 direction);

/* ---- 2D shapes ----------------------------------------------------------------------------------------------- */

/// The kind of a 2D shape: which member of gjk_shape2's union holds its sizes (local frame, length units).
typedef enum gjk_shape2_type {
    GJK_SHAPE2_POINT = 0, ///< the local origin
    GJK_SHAPE2_SEGMENT,   ///< segment.a .. segment.b
    GJK_SHAPE2_CIRCLE,    ///< centred circle of circle.radius
    GJK_SHAPE2_BOX,       ///< centred box with box.half_extents
    GJK_SHAPE2_CAPSULE,   ///< segment from -half_height to +half_height on local y, rounded by radius
    GJK_SHAPE2_POLYGON,   ///< polygon.hull, a gjk_hull2 made by gjk_hull2_create()
    GJK_SHAPE2_USER,      ///< user.support callback
    GJK_SHAPE2_TYPE_COUNT ///< number of shape types (not a type: a shape of this type is GJK_INVALID_INPUT)
} gjk_shape2_type;

/// A user 2D shape's support function; same contract as gjk_support3_fn.
typedef gjk_vec2 gjk_support2_fn(gjk_vec2 direction, const void *data);

/// A 2D convex shape in its local frame (length units). Make one with the constructors below; every field may be
/// set directly as well.
typedef struct gjk_shape2 {
    gjk_shape2_type type; ///< which member of the union below is in use
    gjk_real margin;      ///< rounding radius added around the shape, length units, >= 0 (0: sharp)
    GJK_ANONYMOUS union {
        /// GJK_SHAPE2_SEGMENT: the segment from a to b (equal points make a point).
        struct {
            gjk_vec2 a; ///< first end, local frame
            gjk_vec2 b; ///< second end, local frame
        } segment;
        /// GJK_SHAPE2_CIRCLE: the disc about the local origin.
        struct {
            gjk_real radius; ///< positive, length units
        } circle;
        /// GJK_SHAPE2_BOX: the rectangle [-h, h] on each local axis.
        struct {
            gjk_vec2 half_extents; ///< h: half the size along local x and y, each > 0
        } box;
        /// GJK_SHAPE2_CAPSULE: the segment on local y rounded by the radius.
        struct {
            gjk_real radius;      ///< at least 0, length units
            gjk_real half_height; ///< half the segment's length along local y, >= 0
        } capsule;
        /// GJK_SHAPE2_POLYGON: a convex polygon made by gjk_hull2_create().
        struct {
            const gjk_hull2 *hull; ///< borrowed, not owned: must outlive every query on the shape
        } polygon;
        /// GJK_SHAPE2_USER: any convex shape given by its support function.
        struct {
            gjk_support2_fn *support; ///< the support callback, called from the querying thread
            const void *data;         ///< passed to `support` unchanged; borrowed, must outlive the queries
        } user;
    };
} gjk_shape2;

/// The point at the local origin (use a margin to make it a circle).
GJK_API gjk_shape2 gjk_point2(void);
/// The segment from `a` to `b` (local frame).
GJK_API gjk_shape2 gjk_segment2(gjk_vec2 a, gjk_vec2 b);
/// The circle of `radius` (> 0) about the local origin.
GJK_API gjk_shape2 gjk_circle2(gjk_real radius);
/// The rectangle centred on the local origin with the given half extents (each > 0).
GJK_API gjk_shape2 gjk_box2(gjk_vec2 half_extents);
/// The capsule: the segment from (0, -half_height) to (0, half_height) rounded by `radius` (both >= 0).
GJK_API gjk_shape2 gjk_capsule2(gjk_real radius, gjk_real half_height);
/// A shape of the polygon `hull` (borrowed: it must outlive every query on the shape).
GJK_API gjk_shape2 gjk_polygon2(const gjk_hull2 *hull);
/// A user shape: `support` gives its support points, called with `data` (borrowed, must outlive the queries).
GJK_API gjk_shape2 gjk_user2(gjk_support2_fn *support, const void *data);
/// `shape` with its margin set to `margin` (>= 0): rounded.
GJK_API gjk_shape2 gjk_rounded2(gjk_shape2 shape, gjk_real margin);

/// GJK_OK when the shape is usable, else GJK_INVALID_INPUT (NULL, unknown type, non-finite value, bad size).
GJK_API gjk_status gjk_shape2_validate(const gjk_shape2 *shape);
/// As gjk_shape3_support: never NaN; the origin for an invalid shape or a callback's non-finite answer.
GJK_API gjk_vec2 gjk_shape2_support(const gjk_shape2 *shape, gjk_vec2 direction);

#ifdef __cplusplus
}
#endif

#endif
