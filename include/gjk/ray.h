// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/// @file gjk/ray.h
/// Ray casts against one posed convex shape, 3D and 2D: where a ray first meets the shape, with the surface normal.
///
/// ```c
/// gjk_ray3 ray = {origin, translation, 1};      // the segment origin .. origin + translation
/// gjk_ray_result3 r = gjk_raycast3(&shape, pose, &ray);
/// if (r.hit) { /* r.fraction in [0, 1], r.point on the surface, r.normal outward there */ }
/// ```
///
/// Any shape works (GJK ray cast on the support function: G. van den Bergen, "Ray casting against general convex
/// objects with application to continuous collision detection", 2004); spheres, boxes, capsules, cylinders and hulls
/// are answered in closed form or from their planes where that is exact and faster. Margins count: a rounded shape is
/// hit on its rounded surface.
///
/// A ray that starts inside the shape (or on its surface, within the touching tolerance of the queries) reports
/// `hit` and `inside`, fraction 0, point = origin and normal = -unit(translation) (the way back out along the ray,
/// not necessarily the shortest one: ask gjk_signed_distance3 with a point shape for that).
#ifndef GJK_RAY_H
#define GJK_RAY_H

#include <stdbool.h>

#include "gjk/base.h"
#include "gjk/math.h"
#include "gjk/shape.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Most GJK ray-cast iterations before a cast returns GJK_MAX_ITERATIONS (more than the queries'
/// GJK_MAX_GJK_ITERATIONS: a ray within 1e-7 of tangency to a curved shape converges only linearly).
#define GJK_RAY_MAX_ITERATIONS 256

/// A ray: the points origin + t * translation for t in [0, max_fraction] (world frame, length units).
typedef struct gjk_ray3 {
    gjk_vec3 origin;       ///< world frame
    gjk_vec3 translation;  ///< world frame; zero: a point query (hit when the origin is inside)
    gjk_real max_fraction; ///< how much of the translation to cast, at least 0; 1 casts the whole translation
} gjk_ray3;

/// Where a ray first meets a shape. Fields are zero when there is no hit (status aside).
typedef struct gjk_ray_result3 {
    gjk_status status;  ///< GJK_OK; GJK_MAX_ITERATIONS (best estimate, never past the true hit); GJK_INVALID_INPUT
    bool hit;           ///< the ray meets the shape for some t in [0, max_fraction]
    bool inside;        ///< the origin is inside the shape (or on it): hit at fraction 0
    gjk_real fraction;  ///< smallest t at which origin + t * translation is on the shape
    gjk_vec3 point;     ///< world: origin + fraction * translation
    gjk_vec3 normal;    ///< world, unit: outward surface normal at point (any valid one at an edge or vertex);
                        ///< -unit(translation) when inside (zero when the translation is zero too)
    int iterations;     ///< GJK ray-cast iterations (0 for closed forms)
} gjk_ray_result3;

/// Cast `ray` against `shape` standing at `pose`. Invalid input (as for the queries, gjk/query.h; also a negative
/// or non-finite max_fraction) gives GJK_INVALID_INPUT with everything else zero.
GJK_API gjk_ray_result3 gjk_raycast3(const gjk_shape3 *shape, gjk_pose3 pose, const gjk_ray3 *ray);

/// The 2D mirror of gjk_ray3.
typedef struct gjk_ray2 {
    gjk_vec2 origin;       ///< world frame
    gjk_vec2 translation;  ///< world frame
    gjk_real max_fraction; ///< how much of the translation to cast, at least 0
} gjk_ray2;

/// The 2D mirror of gjk_ray_result3.
typedef struct gjk_ray_result2 {
    gjk_status status; ///< GJK_OK; GJK_MAX_ITERATIONS (best estimate, never past the true hit); GJK_INVALID_INPUT
    bool hit;          ///< the ray meets the shape for some t in [0, max_fraction]
    bool inside;       ///< the origin is inside the shape (or on it): hit at fraction 0
    gjk_real fraction; ///< smallest t at which origin + t * translation is on the shape
    gjk_vec2 point;    ///< world: origin + fraction * translation
    gjk_vec2 normal;   ///< world, unit: outward surface normal at point; -unit(translation) when inside
    int iterations;    ///< GJK ray-cast iterations (0 for closed forms)
} gjk_ray_result2;

/// The 2D mirror of gjk_raycast3(): cast `ray` against `shape` standing at `pose`.
GJK_API gjk_ray_result2 gjk_raycast2(const gjk_shape2 *shape, gjk_pose2 pose, const gjk_ray2 *ray);

#ifdef __cplusplus
}
#endif

#endif
