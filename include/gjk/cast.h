// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/// @file gjk/cast.h
/// Shape casts (time of impact): two shapes moving over a step, linearly and optionally rotating; when do they
/// first touch, where, and along which normal. What a physics engine needs so that fast or thin bodies do not
/// tunnel through each other.
///
/// ```c
/// gjk_cast_input3 in = {0};
/// in.pair = (gjk_pair3){&a, pose_a, &b, pose_b};       // poses at the start of the step (t = 0)
/// in.motion_b.translation = gjk_v3(0, 0, -10);         // B moves 10 down over the step (t = 1)
/// gjk_cast_result3 r = gjk_shape_cast3(&in);
/// if (r.hit) { /* first contact at r.t in [0, 1]: r.normal (A to B), r.point */ }
/// ```
///
/// Contract: the answer is never late: at every time before the reported t the shapes are farther apart than
/// target_distance (to rounding), so a thin or fast shape cannot tunnel through another, and a hit is not missed.
/// - Pure translations (or turning shapes that look the same at every angle: spheres, circles, points): a ray cast of
///   the origin against the Minkowski difference A - B swept by the radii and the target, along the relative motion
///   (GJK ray cast: G. van den Bergen, "Ray casting against general convex objects with application to continuous
///   collision detection", 2004). Every step is a lower bound of t. Polytopes, spheres, capsules, circles (any pair
///   whose cores are polytopes, segments or points) stop only at rounding: t is exact to the last digits. Curved cores
///   (cylinders, cones, ellipsoids, user shapes) stop once the distance is within `tolerance` of the target.
/// - With rotation: conservative advancement (B. Mirtich, "Impulse-based dynamic simulation of rigid body systems", PhD
///   thesis, UC Berkeley, 1996) on a second-order bound of the gap along an axis fixed in the world or in either shape
///   (a Taylor model of the motion: Zhang, Redon, Lee, Kim, "Continuous collision detection for articulated models
///   using Taylor models and temporal culling", ACM Trans. Graph. 26(3), 2007), so that each step is certified never to
///   pass the contact and steps converge quadratically near a face contact. It stops once the distance is within
///   `tolerance` of the target, or returns GJK_CAST_FAILED with the last safe t after 64 steps. That is rare (none in
///   the tests' 7,700 random casts turning up to 20 radians per step; at most 44 steps in 3D, 62 in 2D): a curved core
///   meeting another edge on edge while both turn fast converges only geometrically.
///
/// At a hit the distance at t lies between target_distance and target_distance + tolerance, and t is the first such
/// time up to that tolerance. Casts allocate nothing, keep no state and may run on many threads at once.
#ifndef GJK_CAST_H
#define GJK_CAST_H

#include <stdbool.h>

#include "gjk/base.h"
#include "gjk/math.h"
#include "gjk/query.h"
#include "gjk/shape.h"

#ifdef __cplusplus
extern "C" {
#endif

/// How a shape moves over the step, t from 0 to 1: its position advances by t * translation, and it turns by the
/// rotation vector t * rotation about its own origin (the pose's position). Both in the world frame.
typedef struct gjk_motion3 {
    gjk_vec3 translation; ///< world, length units over the step
    gjk_vec3 rotation;    ///< world, axis times angle (radians) over the step; zero: no rotation
} gjk_motion3;

/// What a cast found.
typedef enum gjk_cast_state {
    GJK_CAST_HIT = 0,     ///< the shapes come within target_distance (+ tolerance) at t (0 < t <= 1)
    GJK_CAST_SEPARATED,   ///< they stay farther apart than target_distance over the whole step (t = 1)
    GJK_CAST_OVERLAPPED,  ///< already within target_distance (+ tolerance) at t = 0: normal and points from the
                          ///< signed distance at t = 0 (point_b - point_a = signed distance x normal)
    GJK_CAST_FAILED       ///< the iteration cap was reached: t is the last time known to be safe (not a contact)
} gjk_cast_state;

/// A shape cast. Zero-initialise, then set the pair and the motions.
typedef struct gjk_cast_input3 {
    gjk_pair3 pair;            ///< the shapes and their poses at t = 0
    gjk_motion3 motion_a;      ///< A's motion over the step (zero: A stands still)
    gjk_motion3 motion_b;      ///< B's motion over the step
    gjk_real target_distance;  ///< contact is when the shapes come this close, length units, at least 0 (0: touching;
                               ///< a small positive value keeps a physics engine's bodies from resting in contact)
    gjk_real tolerance;        ///< rotating casts, and linear casts of curved cores, stop once the distance is within
                               ///< this of the target (<= 0: a default relative to the shapes' size, the sum of
                               ///< their reaches about their origins: 1e-9 in double and 1e-5 in float times that
                               ///< size). Never below the rounding of the cast (32 ulps of its largest length).
                               ///< Larger is faster for curved shapes (GJK converges on them only linearly)
    bool ignore_separating;    ///< a pair already within target_distance at t = 0 whose motion takes it apart (B's
                               ///< contact point moves away from A's along the normal, turning included) is not a
                               ///< hit (state OVERLAPPED, hit false); by default it is a hit at t = 0
} gjk_cast_input3;

/// The answer of a cast, at time t (world frame).
typedef struct gjk_cast_result3 {
    gjk_status status;    ///< GJK_OK; GJK_MAX_ITERATIONS with state FAILED; for OVERLAPPED and SEPARATED answers
                          ///< the status of the signed-distance query that gave their normal and points when it
                          ///< is an estimate; GJK_DEGENERATE (all else zero) if the answer overflowed;
                          ///< GJK_INVALID_INPUT (all else zero)
    gjk_cast_state state; ///< see gjk_cast_state
    bool hit;             ///< state HIT, or OVERLAPPED unless ignore_separating applied
    gjk_real t;           ///< time of first contact in [0, 1]; 1 when separated all the way
    gjk_vec3 normal;      ///< unit, from A to B at t (separated: the closest-points direction at t = 1)
    gjk_vec3 point_a;     ///< on A at t: the contact (or closest) point
    gjk_vec3 point_b;     ///< on B at t; point_b - point_a = (distance at t) * normal
    gjk_vec3 point;       ///< the contact point: midway between point_a and point_b
    int iterations;       ///< linear casts: support points of the ray cast (at most 128); rotating casts:
                          ///< advancement steps (at most 64)
} gjk_cast_result3;

/// Cast B (and A) over the step. Invalid input gives GJK_INVALID_INPUT with everything else zero: the pair as for
/// the queries (gjk/query.h, a user callback's bad answer at any time included); a NULL input; a translation or
/// rotation vector that is not finite or beyond 1e150 (float 1e18), or that takes a position beyond it at t = 1; a
/// negative, non-finite or unbounded target_distance; a non-finite tolerance.
GJK_API gjk_cast_result3 gjk_shape_cast3(const gjk_cast_input3 *input);

/// 2D motion: translation and a rotation angle (radians, counter-clockwise) over the step, about the shape's origin:
/// at time t the shape's angle is its pose's plus t * rotation.
typedef struct gjk_motion2 {
    gjk_vec2 translation; ///< world, length units over the step
    gjk_real rotation;    ///< angle turned over the step, radians, counter-clockwise; zero: no rotation
} gjk_motion2;

/// The 2D mirror of gjk_cast_input3.
typedef struct gjk_cast_input2 {
    gjk_pair2 pair;           ///< the shapes and their poses at t = 0
    gjk_motion2 motion_a;     ///< A's motion over the step (zero: A stands still)
    gjk_motion2 motion_b;     ///< B's motion over the step
    gjk_real target_distance; ///< contact is when the shapes come this close, length units, at least 0
    gjk_real tolerance;       ///< as gjk_cast_input3::tolerance (<= 0: the default relative to the shapes' size)
    bool ignore_separating;   ///< as gjk_cast_input3::ignore_separating
} gjk_cast_input2;

/// The 2D mirror of gjk_cast_result3.
typedef struct gjk_cast_result2 {
    gjk_status status;    ///< as gjk_cast_result3::status
    gjk_cast_state state; ///< see gjk_cast_state
    bool hit;             ///< state HIT, or OVERLAPPED unless ignore_separating applied
    gjk_real t;           ///< time of first contact in [0, 1]; 1 when separated all the way
    gjk_vec2 normal;      ///< unit, world frame, from A to B at t
    gjk_vec2 point_a;     ///< world frame, on A at t: the contact (or closest) point
    gjk_vec2 point_b;     ///< world frame, on B at t; point_b - point_a = (distance at t) * normal
    gjk_vec2 point;       ///< world frame: the contact point, midway between point_a and point_b
    int iterations;       ///< ray-cast support points (linear; 0 when two sharp polygons without margins and
                          ///< target are answered in closed form) or advancement steps (rotating)
} gjk_cast_result2;

/// The 2D mirror of gjk_shape_cast3(): the same contract and the same bad input (GJK_INVALID_INPUT, all else zero).
GJK_API gjk_cast_result2 gjk_shape_cast2(const gjk_cast_input2 *input);

#ifdef __cplusplus
}
#endif

#endif
