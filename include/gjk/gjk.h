// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/// @file gjk/gjk.h
/// gjk: convex collision detection in 2D and 3D. Include this one header.
///
/// ## In one minute
/// ```c
/// #include <gjk/gjk.h>
/// gjk_shape3 box = gjk_box3(gjk_v3(1, 1, 1));
/// gjk_shape3 cap = gjk_capsule3(0.5, 1.0);
/// gjk_pair3 pair = {&box, gjk_pose3_identity(), &cap, gjk_pose3_make(gjk_v3(0, 0, 2.2), gjk_quat_identity())};
/// gjk_result3 r = gjk_signed_distance3(&pair, NULL);
/// // r.distance > 0: gap; < 0: minus the depth. r.normal points from A to B; r.point_a / r.point_b on each shape.
/// ```
///
/// ## The pieces
/// - gjk/math.h: `gjk_real` (double, or float with -DGJK_USE_FLOAT=ON), vectors, quaternions, poses.
/// - gjk/shape.h: shapes in their local frame (box, sphere, capsule, cylinder, cone, ellipsoid, hull, ... in 3D;
///   circle, box, capsule, polygon, ... in 2D), margins (rounding), user support callbacks, hull creation.
/// - gjk/query.h: intersect, distance, penetration and signed distance, in 3D and 2D.
/// - gjk/ray.h: ray casts against a shape; gjk/cast.h: shape casts (time of impact, linear and rotating);
///   gjk/manifold.h: contact manifolds (up to 4 points with feature ids).
/// - gjk/batch.h: many queries in one call over arrays of shapes, poses and index pairs, split into ranges for
///   any task system.
/// - gjk/world.h: the broad phase, a dynamic AABB tree of many bodies' boxes (3D and 2D): moving proxies, box and ray
///   queries, the overlapping pairs of a step.
/// - gjk/compound.h: compound shapes, bodies made of many convex parts (a convex decomposition), with every query,
///   manifolds per part pair and ray casts, found through a small tree of the parts.
/// - gjk/debug.h: the same queries recording each GJK simplex and the final EPA polytope, for drawing and
///   debugging (what the demos show).
/// - gjk/base.h: status codes, the allocator hook (hull creation and the trees only) and the assertion hook.
///
/// ## Advice
/// - Prefer spheres, capsules and rounded shapes (a margin) where you can: their answers are exact and cheap, as
///   the algorithm works on their cores and adds the radii analytically; EPA runs only when cores overlap.
/// - Keep coordinates near the shapes: queries work in A's frame, but a pair 1e6 units from the origin with
///   millimetre features still loses digits in float.
/// - Check `status`: anything but GJK_OK means the result is an estimate (finite) or the input was invalid.
/// - Keep one zero-initialised `gjk_cache3` / `gjk_cache2` per pair and query kind across frames: a pair that moved
///   a little then needs one or two GJK iterations instead of four to eight (curved shapes gain the most).
/// - Sphere, capsule and box pairs (any mix) are answered by closed forms before GJK; a hull's support point costs
///   a scan of its vertices, several at a time, under 192 vertices, and a direction lookup then a short hill climb
///   from there, about the same at any size, so prefer one detailed hull to many small ones.
/// @mainpage gjk API reference
/// Convex collision detection in 2D and 3D. Start with gjk/gjk.h, the one header to include; it lists the others.
/// Every struct field gives its frame (world, A's local frame, or the shape's local frame) and its units.
#ifndef GJK_GJK_H
#define GJK_GJK_H

#include "gjk/base.h"
#include "gjk/batch.h"
#include "gjk/cast.h"
#include "gjk/compound.h"
#include "gjk/debug.h"
#include "gjk/manifold.h"
#include "gjk/math.h"
#include "gjk/query.h"
#include "gjk/ray.h"
#include "gjk/shape.h"
#include "gjk/world.h"

/// Library version, major part: changes when the API or ABI breaks.
#define GJK_VERSION_MAJOR 0
/// Library version, minor part: changes when features are added compatibly.
#define GJK_VERSION_MINOR 1
/// Library version, patch part: changes with fixes only.
#define GJK_VERSION_PATCH 0

#endif
