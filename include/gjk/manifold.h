/// @file gjk/manifold.h
/// Contact manifolds: one normal and up to 4 contact points (2 in 2D) for a pair of shapes, what a physics engine
/// needs to keep a box resting flat on another instead of rocking on one point.
///
/// ```c
/// gjk_manifold3 m = gjk_collide3(&pair, 0.02, &cache);  // points reported up to 0.02 apart (speculative)
/// for (int i = 0; i < m.count; ++i)
///     solve_contact(m.normal, m.points[i].point_a, m.points[i].point_b, m.points[i].separation, m.points[i].id);
/// ```
///
/// How: the signed distance gives the normal; each shape's feature most aligned with it (a face of a box or hull,
/// an edge, a capsule's side segment, a cylinder's cap or side) is found, the incident feature is clipped against
/// the reference face's side planes (Sutherland-Hodgman), and the points within the speculative distance are kept,
/// reduced to 4 (the deepest, then the largest area). Curved shapes give the points that describe their contact: a
/// sphere 1, a capsule lying on a face 2, a cylinder standing on its cap up to 4 on its rim.
///
/// Feature ids: each point's `id` names the pair of features that made it (which face, edge or vertex of A and of
/// B), so an engine can match this frame's points with the last frame's and carry their impulses over; it stays
/// the same while the same features touch.
#ifndef GJK_MANIFOLD_H
#define GJK_MANIFOLD_H

#include <stdint.h>

#include "gjk/base.h"
#include "gjk/math.h"
#include "gjk/query.h"
#include "gjk/shape.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Most points of a 3D manifold.
#define GJK_MANIFOLD_MAX_POINTS3 4
/// Most points of a 2D manifold.
#define GJK_MANIFOLD_MAX_POINTS2 2

/// One contact point (world frame).
typedef struct gjk_manifold_point3 {
    gjk_vec3 point_a;     ///< world, on A's surface
    gjk_vec3 point_b;     ///< world, on B's surface
    gjk_real separation;  ///< (point_b - point_a) . normal, length units: < 0 overlapping, > 0 apart (speculative)
    uint32_t id;          ///< feature pair id, stable while the same features touch
} gjk_manifold_point3;

/// A contact manifold. count is 0 when the shapes are farther apart than the speculative distance.
typedef struct gjk_manifold3 {
    gjk_status status;   ///< GJK_OK, or as for the queries (an estimate, or GJK_INVALID_INPUT with count 0)
    gjk_vec3 normal;     ///< world, unit, from A to B (set whenever the signed distance was computed)
    int count;           ///< points in use, 0 to GJK_MANIFOLD_MAX_POINTS3
    gjk_manifold_point3 points[GJK_MANIFOLD_MAX_POINTS3];
    int iterations;      ///< GJK plus EPA iterations of the signed distance
} gjk_manifold3;

/// The manifold of a pair: points whose separation is at most `speculative_distance` (>= 0; 0 reports only touching
/// or overlapping points). `cache` (may be NULL) warm-starts the signed distance as for the queries.
gjk_manifold3 gjk_collide3(const gjk_pair3 *pair, gjk_real speculative_distance, gjk_cache3 *cache);

/// One 2D contact point.
typedef struct gjk_manifold_point2 {
    gjk_vec2 point_a;
    gjk_vec2 point_b;
    gjk_real separation;
    uint32_t id;
} gjk_manifold_point2;

/// A 2D contact manifold: up to 2 points.
typedef struct gjk_manifold2 {
    gjk_status status;
    gjk_vec2 normal;
    int count;
    gjk_manifold_point2 points[GJK_MANIFOLD_MAX_POINTS2];
    int iterations;
} gjk_manifold2;

gjk_manifold2 gjk_collide2(const gjk_pair2 *pair, gjk_real speculative_distance, gjk_cache2 *cache);

#ifdef __cplusplus
}
#endif

#endif
