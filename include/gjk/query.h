// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/// @file gjk/query.h
/// Queries between two convex shapes, mirrored in 3D (suffix 3) and 2D (suffix 2).
///
/// Every query takes a `const` pair (two shapes and their poses) and an optional cache, and returns a result by
/// value. Results are in the world frame; the normal points from A to B. Queries allocate nothing, touch no global
/// state and are safe to call from many threads at once (each with its own cache).
///
/// | call                  | separated pair                         | overlapping pair                        |
/// |-----------------------|----------------------------------------|-----------------------------------------|
/// | gjk_intersect3        | intersect = false (early exit)         | intersect = true                        |
/// | gjk_distance3         | gap, closest points, normal            | distance 0, a common point              |
/// | gjk_penetration3      | intersect = false, lower bound of gap  | depth (distance = -depth), normal, points |
/// | gjk_signed_distance3  | gap, closest points, normal            | -depth, normal, contact points          |
///
/// Touching shapes (distance 0 within tolerance) count as intersecting.
///
/// ## Certified bounds and the speed knob
/// Every result carries `lower` and `upper`: an interval that holds the true signed distance of the two shapes,
/// rounding included. GJK and EPA compute both ends as they go (a separating plane bounds the gap from below, any
/// point of the Minkowski difference bounds it from above, and EPA's polytope and support planes do the same for
/// the depth); closed forms and separating-axis answers are exact, so their interval is the answer widened by its
/// rounding. With the default options the interval is about 1000 eps x the pair's size wide on polytopes and
/// closed forms (measured: at most 2.4e-13 x size in double, 3.2e-4 x size in float) and about 1e-9 x size
/// (float: 1e-5) on curved shapes. gjk_query3() / gjk_query2()
/// take a gjk_options whose `tolerance` lets GJK and EPA stop as soon as the interval is that narrow relative to
/// the pair's size: a faster answer whose error is still certified by its own interval.
///
/// ## Bad input
/// No input makes a query crash, hang or return a NaN. A query returns a zeroed result with GJK_INVALID_INPUT for:
/// - a NULL pair or shape (the cache may be NULL), an unknown shape type, a hull or polygon shape without its hull,
///   a user shape without its callback;
/// - a NaN or infinite number anywhere in a shape or pose, a size that is zero or negative (radius, half extents,
///   half height, radii; capsules accept 0), a negative margin;
/// - a coordinate, size or margin beyond 1e150 in magnitude (float builds: 1e18), whose squares could overflow;
///   a hull whose centroid or radius is beyond it (2D and 3D alike);
/// - a rotation outside its accepted range (see gjk_quat and gjk_rot2 in gjk/math.h);
/// - a user support callback that answers a non-finite point or one beyond 1e150, at any call.
/// A pair whose own arithmetic still overflows (2D: radii summing beyond the largest float) is GJK_INVALID_INPUT,
/// and an answer that overflows despite bounded inputs is returned zeroed with GJK_DEGENERATE. Checks are O(1)
/// per query: a hull's points are checked once, by gjk_hull3_create() / gjk_hull2_create().
///
/// Every scale within those bounds is answered, down to subnormal sizes: a pair far from size 1 (beyond 2^±200,
/// float 2^-16 and 2^24) is answered as a copy rescaled by a power of two, exactly, without its cache
/// (docs/numerics.md, "Scale range").
#ifndef GJK_QUERY_H
#define GJK_QUERY_H

#include <stdbool.h>

#include "gjk/base.h"
#include "gjk/math.h"
#include "gjk/shape.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Most GJK iterations a query runs before it returns GJK_MAX_ITERATIONS.
#define GJK_MAX_GJK_ITERATIONS 64
/// Most vertices of the EPA polytope in 3D (faces: 2 * vertices). Reaching it ends EPA with GJK_MAX_ITERATIONS.
#define GJK_EPA_MAX_VERTICES 128
/// Most vertices of the EPA polygon in 2D.
#define GJK_EPA_MAX_VERTICES2 128

/// Run-time options of gjk_query3() / gjk_query2(). A NULL options pointer, or a zeroed struct, gives the exact
/// defaults that the named queries (gjk_distance3() and the others) use.
typedef struct gjk_options {
    /// Relative tolerance: GJK and EPA may stop once the certified interval [lower, upper] of the core distance or
    /// depth is at most `tolerance` x the pair's size (the extent of the shapes around A's origin). 0 keeps the
    /// defaults; a value below them changes nothing (the defaults are as tight as the precision allows). Closed forms
    /// and separating-axis answers are exact whatever it is. Must be finite and >= 0, else GJK_INVALID_INPUT.
    gjk_real tolerance;
    /// Most GJK iterations before the query returns its best estimate with GJK_MAX_ITERATIONS. 0 keeps
    /// GJK_MAX_GJK_ITERATIONS; at most GJK_MAX_GJK_ITERATIONS_LIMIT; negative is GJK_INVALID_INPUT.
    int max_gjk_iterations;
    /// Most EPA iterations (support points added to the polytope) before GJK_MAX_ITERATIONS. 0 keeps the default,
    /// which is the polytope's capacity; larger values are clamped to it; negative is GJK_INVALID_INPUT. (The 2D
    /// EPA also counts the up to 6 support points that grow GJK's simplex into its first polygon, which no cap
    /// stops.)
    int max_epa_iterations;
} gjk_options;

/// The largest GJK iteration cap gjk_options accepts.
#define GJK_MAX_GJK_ITERATIONS_LIMIT 1000

/// The four queries, for gjk_query3() / gjk_query2() and the debug queries of gjk/debug.h.
typedef enum gjk_query_kind {
    GJK_QUERY_INTERSECT = 0,     ///< gjk_intersect3 / gjk_intersect2
    GJK_QUERY_DISTANCE,          ///< gjk_distance3 / gjk_distance2
    GJK_QUERY_PENETRATION,       ///< gjk_penetration3 / gjk_penetration2
    GJK_QUERY_SIGNED_DISTANCE    ///< gjk_signed_distance3 / gjk_signed_distance2
} gjk_query_kind;

/// Two 3D shapes and where they stand. The shapes are read, never written, and must stay valid during the call.
typedef struct gjk_pair3 {
    const gjk_shape3 *a; ///< shape A
    gjk_pose3 pose_a;    ///< A's local-to-world pose
    const gjk_shape3 *b; ///< shape B
    gjk_pose3 pose_b;    ///< B's local-to-world pose
} gjk_pair3;

/// Two 2D shapes and where they stand. The shapes are read, never written, and must stay valid during the call.
typedef struct gjk_pair2 {
    const gjk_shape2 *a; ///< shape A
    gjk_pose2 pose_a;    ///< A's local-to-world pose
    const gjk_shape2 *b; ///< shape B
    gjk_pose2 pose_b;    ///< B's local-to-world pose
} gjk_pair2;

/// Warm-start state a caller may keep per pair between frames. Zero-initialise it (`gjk_cache3 c = {0};`): a zeroed
/// cache means a cold start. Results with and without a cache agree within tolerance.
///
/// A query fills the cache with its last separating direction and the points of its final GJK simplex (on each
/// shape's core, in that shape's local frame); the next query on the same pair starts GJK from that simplex placed
/// at the new poses, so a pair that moved a little needs one or two GJK iterations instead of four to eight. The
/// cache remembers which shapes it belongs to and is ignored (cold start) for any other pair; if you change a shape
/// in place (its size, its hull), zero its caches. Pairs answered rescaled (see "Bad input" above) neither read nor
/// write the cache.
typedef struct gjk_cache3 {
    gjk_vec3 axis;           ///< last search direction, in A's local frame; zero for none
    int count;               ///< simplex points kept below, 0 to 4
    gjk_vec3 point_a[4];     ///< points of A's core, A's local frame
    gjk_vec3 point_b[4];     ///< the matching points of B's core, B's local frame
    const gjk_shape3 *a;     ///< the shape A the points belong to (compared, never dereferenced)
    const gjk_shape3 *b;     ///< the shape B the points belong to (compared, never dereferenced)
} gjk_cache3;

/// The 2D mirror of gjk_cache3: the last search direction and the final GJK simplex (up to 3 points).
typedef struct gjk_cache2 {
    gjk_vec2 axis;           ///< last search direction, in A's local frame; zero for none
    int count;               ///< simplex points kept below, 0 to 3
    gjk_vec2 point_a[3];     ///< points of A's core, A's local frame
    gjk_vec2 point_b[3];     ///< the matching points of B's core, B's local frame
    const gjk_shape2 *a;     ///< the shape A the points belong to (compared, never dereferenced)
    const gjk_shape2 *b;     ///< the shape B the points belong to (compared, never dereferenced)
} gjk_cache2;

/// The answer of a 3D query. Fields a query does not compute are zero (see the table in gjk/query.h).
typedef struct gjk_result3 {
    gjk_status status;  ///< GJK_OK, or why the answer is only an estimate, or GJK_INVALID_INPUT
    bool intersect;     ///< the shapes overlap or touch (a gap below 32 eps x the pair's size counts as touching)
    gjk_real distance;  ///< signed distance, length units: > 0 gap, < 0 minus the penetration depth, 0 touching
    gjk_vec3 normal;    ///< unit, world frame, from A to B. Separated: along point_b - point_a. Overlapping:
                        ///< translating B by depth * normal brings the shapes to touching
    gjk_vec3 point_a;   ///< world frame: closest point (or deepest contact point) on A's surface
    gjk_vec3 point_b;   ///< world frame: the same on B; point_b = point_a + distance * normal
    int iterations;     ///< GJK iterations used
    int epa_iterations; ///< EPA iterations used (0 when EPA did not run)
    gjk_real lower;     ///< certified lower bound of the true signed distance, length units (rounding included);
                        ///< -GJK_REAL_MAX when the query did not bound it (intersect and distance on overlapping pairs)
    gjk_real upper;     ///< certified upper bound of the true signed distance: lower <= true distance <= upper
} gjk_result3;

/// The answer of a 2D query; same contract as gjk_result3.
typedef struct gjk_result2 {
    gjk_status status;  ///< GJK_OK, or why the answer is only an estimate, or GJK_INVALID_INPUT
    bool intersect;     ///< the shapes overlap or touch (a gap below the touching tolerance counts as touching)
    gjk_real distance;  ///< signed distance, length units: > 0 gap, < 0 minus the penetration depth, 0 touching
    gjk_vec2 normal;    ///< unit, world frame, from A to B (as gjk_result3::normal)
    gjk_vec2 point_a;   ///< world frame: closest point (or deepest contact point) on A's surface
    gjk_vec2 point_b;   ///< world frame: the same on B; point_b = point_a + distance * normal
    int iterations;     ///< GJK iterations used
    int epa_iterations; ///< EPA iterations used (0 when EPA did not run)
    gjk_real lower;     ///< certified lower bound of the true signed distance, length units (rounding included);
                        ///< -GJK_REAL_MAX when the query did not bound it (intersect and distance on overlapping pairs)
    gjk_real upper;     ///< certified upper bound of the true signed distance: lower <= true distance <= upper
} gjk_result2;

/// Boolean overlap test: GJK that stops at the first separating direction. Fills status, intersect, iterations,
/// and for separated pairs `normal` (a separating axis, not necessarily the closest direction) and `distance` (a
/// positive lower bound of the gap).
GJK_API gjk_result3 gjk_intersect3(const gjk_pair3 *pair, gjk_cache3 *cache);

/// Distance between separated shapes, with the closest point on each and the unit normal from A to B. For
/// overlapping shapes: intersect = true, distance = 0, normal zero and point_a = point_b a point common to both.
GJK_API gjk_result3 gjk_distance3(const gjk_pair3 *pair, gjk_cache3 *cache);

/// Penetration depth (EPA) of overlapping shapes: distance = -depth, the normal, and the deepest point of each
/// shape. Separated pairs exit early as in gjk_intersect3.
GJK_API gjk_result3 gjk_penetration3(const gjk_pair3 *pair, gjk_cache3 *cache);

/// Signed distance: the gap with closest points when separated, minus the depth with contact points when
/// overlapping. EPA runs only when the shapes' cores (the shapes without margins and radii) overlap.
GJK_API gjk_result3 gjk_signed_distance3(const gjk_pair3 *pair, gjk_cache3 *cache);

/// Any of the four queries above, chosen by `kind`, with run-time options (NULL: the defaults, the same answer
/// as the named query). An unknown kind or invalid options give GJK_INVALID_INPUT.
GJK_API gjk_result3 gjk_query3(gjk_query_kind kind, const gjk_pair3 *pair, const gjk_options *options,
                               gjk_cache3 *cache);

/// The 2D mirror of gjk_intersect3().
GJK_API gjk_result2 gjk_intersect2(const gjk_pair2 *pair, gjk_cache2 *cache);
/// The 2D mirror of gjk_distance3().
GJK_API gjk_result2 gjk_distance2(const gjk_pair2 *pair, gjk_cache2 *cache);
/// The 2D mirror of gjk_penetration3(); polygon pairs get their exact depth by separating axes.
GJK_API gjk_result2 gjk_penetration2(const gjk_pair2 *pair, gjk_cache2 *cache);
/// The 2D mirror of gjk_signed_distance3().
GJK_API gjk_result2 gjk_signed_distance2(const gjk_pair2 *pair, gjk_cache2 *cache);
/// The 2D mirror of gjk_query3().
GJK_API gjk_result2 gjk_query2(gjk_query_kind kind, const gjk_pair2 *pair, const gjk_options *options,
                               gjk_cache2 *cache);

#ifdef __cplusplus
}
#endif

#endif
