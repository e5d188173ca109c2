// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/// @file gjk/batch.h
/// Many queries in one call: shapes and poses given as arrays, results written into caller arrays.
///
/// A batch has `count` items, numbered 0 to count - 1. Each call answers the items of a range [begin, end), so that
/// any task system can split a batch across threads (the library owns no threads; gjk/threads.h, a separate
/// library, runs a batch on N threads for programs without a task system). Item k's answer goes to `results[k]`
/// (not results[k - begin]): the tasks of one batch write disjoint parts of the same array. Every answer is the
/// one the single-pair call gives, bit for bit; nothing is allocated.
///
/// Where item k finds its shapes and poses (gjk_batch3):
/// - one shape or pose for all items: stride 0;
/// - one per item: stride 1 (any stride s reads every s-th element);
/// - a scene of bodies: the shapes and poses of the bodies (stride 1) and `pairs`, two body indices per item.
///
/// ```c
/// // A box against 1000 poses of a capsule: one shape each, A's pose fixed, B's per item.
/// gjk_batch3 b = {&box, &pose_box, &capsule, capsule_poses, 0, 0, 0, 1, NULL, 0};
/// gjk_batch_query3(GJK_QUERY_SIGNED_DISTANCE, &b, NULL, NULL, 0, 1000, results);
/// ```
#ifndef GJK_BATCH_H
#define GJK_BATCH_H

#include "gjk/cast.h"
#include "gjk/manifold.h"
#include "gjk/query.h"
#include "gjk/ray.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The pairs of a 3D batch. Item k uses index ia = pairs ? pairs[2k] : k for A and ib = pairs ? pairs[2k + 1] : k
/// for B: A is shapes_a[ia * shape_a_stride] at poses_a[ia * pose_a_stride], B is shapes_b[ib * shape_b_stride] at
/// poses_b[ib * pose_b_stride]. The arrays are read, never written, and must hold every element the items reach.
typedef struct gjk_batch3 {
    const gjk_shape3 *shapes_a; ///< A's shapes (their local frames)
    const gjk_pose3 *poses_a;   ///< A's local-to-world poses
    const gjk_shape3 *shapes_b; ///< B's shapes
    const gjk_pose3 *poses_b;   ///< B's local-to-world poses
    int shape_a_stride;         ///< elements between consecutive indices: 0 (one for all) or more
    int pose_a_stride;          ///< likewise for poses_a
    int shape_b_stride;         ///< likewise for shapes_b
    int pose_b_stride;          ///< likewise for poses_b
    const int *pairs;           ///< optional: two indices per item (A's, B's); NULL: both indices are k
    int index_limit;            ///< with pairs: every index must lie in [0, index_limit), else that item is
                                ///< GJK_INVALID_INPUT (ignored without pairs)
} gjk_batch3;

/// The 2D mirror of gjk_batch3.
typedef struct gjk_batch2 {
    const gjk_shape2 *shapes_a; ///< A's shapes (their local frames)
    const gjk_pose2 *poses_a;   ///< A's local-to-world poses
    const gjk_shape2 *shapes_b; ///< B's shapes
    const gjk_pose2 *poses_b;   ///< B's local-to-world poses
    int shape_a_stride;         ///< elements between consecutive indices: 0 (one for all) or more
    int pose_a_stride;          ///< likewise for poses_a
    int shape_b_stride;         ///< likewise for shapes_b
    int pose_b_stride;          ///< likewise for poses_b
    const int *pairs;           ///< optional: two indices per item (A's, B's); NULL: both indices are k
    int index_limit;            ///< with pairs: every index must lie in [0, index_limit)
} gjk_batch2;

/// Rays against shapes, item k: the ray rays[k * ray_stride] against shapes[k * shape_stride] at
/// poses[k * pose_stride].
typedef struct gjk_batch_rays3 {
    const gjk_shape3 *shapes; ///< the shapes (their local frames)
    const gjk_pose3 *poses;   ///< their local-to-world poses
    const gjk_ray3 *rays;     ///< the rays (world frame)
    int shape_stride;         ///< elements between consecutive items: 0 (one for all) or more
    int pose_stride;          ///< likewise for poses
    int ray_stride;           ///< likewise for rays
} gjk_batch_rays3;

/// The 2D mirror of gjk_batch_rays3.
typedef struct gjk_batch_rays2 {
    const gjk_shape2 *shapes; ///< the shapes (their local frames)
    const gjk_pose2 *poses;   ///< their local-to-world poses
    const gjk_ray2 *rays;     ///< the rays (world frame)
    int shape_stride;         ///< elements between consecutive items: 0 (one for all) or more
    int pose_stride;          ///< likewise for poses
    int ray_stride;           ///< likewise for rays
} gjk_batch_rays2;

/// Shape casts, item k: the pair of item k in `pairs` (at t = 0), A moving by motions_a[ia * motion_a_stride] and
/// B by motions_b[ib * motion_b_stride] (ia, ib: the item's indices, as in gjk_batch3), with the settings below
/// (those of gjk_cast_input3) for every item.
typedef struct gjk_batch_casts3 {
    gjk_batch3 pairs;             ///< the shapes and their poses at t = 0
    const gjk_motion3 *motions_a; ///< A's motions over the step (world frame); NULL: A stands still
    const gjk_motion3 *motions_b; ///< B's motions; NULL: B stands still
    int motion_a_stride;          ///< elements between consecutive indices: 0 (one for all) or more
    int motion_b_stride;          ///< likewise for motions_b
    gjk_real target_distance;     ///< as gjk_cast_input3.target_distance, length units
    gjk_real tolerance;           ///< as gjk_cast_input3.tolerance (<= 0: the default)
    bool ignore_separating;       ///< as gjk_cast_input3.ignore_separating
} gjk_batch_casts3;

/// The 2D mirror of gjk_batch_casts3.
typedef struct gjk_batch_casts2 {
    gjk_batch2 pairs;             ///< the shapes and their poses at t = 0
    const gjk_motion2 *motions_a; ///< A's motions over the step (world frame); NULL: A stands still
    const gjk_motion2 *motions_b; ///< B's motions; NULL: B stands still
    int motion_a_stride;          ///< elements between consecutive indices: 0 (one for all) or more
    int motion_b_stride;          ///< likewise for motions_b
    gjk_real target_distance;     ///< as gjk_cast_input2.target_distance, length units
    gjk_real tolerance;           ///< as gjk_cast_input2.tolerance (<= 0: the default)
    bool ignore_separating;       ///< as gjk_cast_input2.ignore_separating
} gjk_batch_casts2;

/// Query `kind` (gjk_query3()) on items [begin, end) of `batch`, with `options` (NULL: the defaults) and, when
/// `caches` is not NULL, caches[k] warm-starting item k (one zero-initialised cache per item, kept across calls).
/// Writes results[k] for every k in the range and returns how many of them have a status other than GJK_OK. An
/// empty or inverted range, a NULL batch or results array, or a negative begin writes nothing and returns 0. An item
/// whose index lies outside [0, index_limit) (with pairs) or whose shapes or poses are bad gets GJK_INVALID_INPUT,
/// as the single-pair query does.
GJK_API int gjk_batch_query3(gjk_query_kind kind, const gjk_batch3 *batch, const gjk_options *options,
                             gjk_cache3 *caches, int begin, int end, gjk_result3 *results);
/// The 2D mirror of gjk_batch_query3() (gjk_query2()).
GJK_API int gjk_batch_query2(gjk_query_kind kind, const gjk_batch2 *batch, const gjk_options *options,
                             gjk_cache2 *caches, int begin, int end, gjk_result2 *results);

/// Contact manifolds (gjk_collide3()) of items [begin, end), each with `speculative_distance`; caches and the
/// return value as for gjk_batch_query3().
GJK_API int gjk_batch_collide3(const gjk_batch3 *batch, gjk_real speculative_distance, gjk_cache3 *caches, int begin,
                               int end, gjk_manifold3 *manifolds);
/// The 2D mirror of gjk_batch_collide3() (gjk_collide2()).
GJK_API int gjk_batch_collide2(const gjk_batch2 *batch, gjk_real speculative_distance, gjk_cache2 *caches, int begin,
                               int end, gjk_manifold2 *manifolds);

/// Ray casts (gjk_raycast3()) of items [begin, end); the return value as for gjk_batch_query3().
GJK_API int gjk_batch_raycast3(const gjk_batch_rays3 *batch, int begin, int end, gjk_ray_result3 *results);
/// The 2D mirror of gjk_batch_raycast3() (gjk_raycast2()).
GJK_API int gjk_batch_raycast2(const gjk_batch_rays2 *batch, int begin, int end, gjk_ray_result2 *results);

/// Shape casts (gjk_shape_cast3()) of items [begin, end); the return value as for gjk_batch_query3().
GJK_API int gjk_batch_shape_cast3(const gjk_batch_casts3 *batch, int begin, int end, gjk_cast_result3 *results);
/// The 2D mirror of gjk_batch_shape_cast3() (gjk_shape_cast2()).
GJK_API int gjk_batch_shape_cast2(const gjk_batch_casts2 *batch, int begin, int end, gjk_cast_result2 *results);

#ifdef __cplusplus
}
#endif

#endif
