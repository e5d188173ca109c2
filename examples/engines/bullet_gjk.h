// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// gjk_collide3 as Bullet 3's narrow phase for boxes and convex hulls. Copy bullet_gjk.h and bullet_gjk.cpp into an
// application that links Bullet and gjk, and call gjk_bt_register(dispatcher) after making the dispatcher: every
// box-box, box-hull, hull-box and hull-hull pair then gets its contacts from gjk_collide3 (docs/engines.md).
//
// How it plugs in: btCollisionDispatcher::registerCollisionCreateFunc, Bullet's own route for replacing the
// algorithm of a pair of shape types; the algorithm fills the pair's btPersistentManifold through btManifoldResult
// and refreshes it every step, as Bullet's own box-box and convex-convex algorithms do.
#ifndef GJK_BULLET_GJK_H
#define GJK_BULLET_GJK_H

#include <btBulletCollisionCommon.h>

#include <cstdint>

#include "gjk/gjk.h"

/// Make `dispatcher` use gjk for the four pairs of BOX_SHAPE_PROXYTYPE and CONVEX_HULL_SHAPE_PROXYTYPE. Call before
/// the first step (pairs that already have an algorithm keep it until they separate).
void gjk_bt_register(btCollisionDispatcher *dispatcher);
/// How many manifolds gjk has evaluated since the program started (proof that the registration takes effect).
std::uint64_t gjk_bt_evaluations();

/// The gjk shape of a Bullet box or convex hull (margins as Bullet means them: a btBoxShape's margin lies inside its
/// half extents, so the box is the sharp box of getHalfExtentsWithMargin(); a btConvexHullShape's is added around
/// its scaled points, so the hull is rounded by getMargin()). A hull's gjk_hull3 is returned in *hull for the caller
/// to release with gjk_hull3_destroy() (NULL for a box). Any other shape type gives a point (type GJK_SHAPE3_POINT).
gjk_shape3 gjk_bt_shape(const btCollisionShape *shape, gjk_hull3 **hull);
/// A Bullet transform as a gjk pose.
gjk_pose3 gjk_bt_pose(const btTransform &transform);
/// Add gjk's manifold to Bullet's result: for each point, normalOnBInWorld = -normal (Bullet's normal points from B
/// to A), pointInWorld = point_b, depth = separation (negative when overlapping). btManifoldResult drops points
/// deeper than the persistent manifold's breaking threshold and merges each with the cached point nearest to it.
void gjk_bt_add(const gjk_manifold3 &manifold, btManifoldResult *result);

#endif
