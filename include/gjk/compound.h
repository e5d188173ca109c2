// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/// @file gjk/compound.h
/// Compound shapes, 3D and 2D: a rigid body made of convex parts (a convex decomposition), each a gjk_shape3 /
/// gjk_shape2 at a pose in the compound's local frame, with a static AABB tree of its own over the parts' boxes.
///
/// Every query between two compounds is the query over their part pairs, found without visiting all of them: a
/// descent of the two part trees at once (branch and bound) skips every pair of subtrees whose boxes are farther
/// apart than the best answer found so far. A single convex shape takes part as a compound of one part.
///
/// ```c
/// gjk_shape3 parts[2] = {gjk_box3(gjk_v3(1, 0.2, 0.2)), gjk_sphere3(0.5)};
/// gjk_pose3 poses[2] = {gjk_pose3_identity(), gjk_pose3_make(gjk_v3(1, 0, 0), gjk_quat_identity())};
/// gjk_status status;
/// gjk_compound3 *c = gjk_compound3_create(parts, poses, 2, &status);
/// gjk_compound_pair3 pair = {c, gjk_pose3_identity(), c, gjk_pose3_make(gjk_v3(0, 3, 0), gjk_quat_identity())};
/// gjk_compound_result3 r = gjk_compound_query3(GJK_QUERY_SIGNED_DISTANCE, &pair, NULL);
/// // r.result.distance: the least signed distance over part pairs; r.part_a, r.part_b: the pair that has it
/// gjk_compound3_destroy(c);
/// ```
///
/// Contacts come per part pair (gjk_compound_collide3()); gjk_compound_merge3() merges them into one manifold per
/// contact direction, the parts named on each point, for a solver that wants a table of 5 boxes resting on the
/// ground to give one manifold of 4 points.
///
/// Queries allocate nothing, touch no global state and are safe to call from many threads at once on the same
/// compounds. Creation allocates through gjk_set_allocator's hook.
#ifndef GJK_COMPOUND_H
#define GJK_COMPOUND_H

#include <stdbool.h>

#include "gjk/base.h"
#include "gjk/cast.h"
#include "gjk/manifold.h"
#include "gjk/math.h"
#include "gjk/query.h"
#include "gjk/ray.h"
#include "gjk/shape.h"
#include "gjk/world.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Most parts of one compound (gjk_compound3_create() and the others refuse more with GJK_INVALID_INPUT).
#define GJK_COMPOUND_MAX_PARTS (1 << 20)

/// A 3D compound shape (opaque; allocated through gjk_set_allocator's hook, released by gjk_compound3_destroy()).
typedef struct gjk_compound3 gjk_compound3;
/// A 2D compound shape (opaque; allocated through gjk_set_allocator's hook, released by gjk_compound2_destroy()).
typedef struct gjk_compound2 gjk_compound2;

/// A compound of `count` parts: `shapes[i]` standing at `poses[i]` in the compound's local frame (`poses` NULL: all
/// at the identity). The shapes are copied; a hull shape's hull stays borrowed and must outlive the compound. Parts
/// may overlap. NULL with *status (may be NULL) GJK_INVALID_INPUT for NULL shapes, count < 1 or beyond
/// GJK_COMPOUND_MAX_PARTS, an invalid shape (gjk_shape3_validate()) or pose (non-finite or beyond 1e150 (float 1e18),
/// an unusable rotation); GJK_OUT_OF_MEMORY when the allocator fails; else *status GJK_OK.
GJK_API gjk_compound3 *gjk_compound3_create(const gjk_shape3 *shapes, const gjk_pose3 *poses, int count,
                                            gjk_status *status);
/// A compound from a convex decomposition given as point clouds (compound frame): piece i is the convex hull
/// (gjk_hull3_create()) of points[first[i]] .. points[first[i + 1] - 1], so `first` holds piece_count + 1 offsets,
/// non-decreasing from first[0] = 0. Every part gets `margin` (>= 0, length units) as its rounding and stands at the
/// identity. The hulls are owned and freed by the compound. NULL with *status (may be NULL) for bad offsets, a bad
/// margin or piece count (GJK_INVALID_INPUT), a hull that cannot be built (its gjk_hull3_create() status) or
/// GJK_OUT_OF_MEMORY.
GJK_API gjk_compound3 *gjk_compound3_create_from_pieces(const gjk_vec3 *points, const int *first, int piece_count,
                                                        gjk_real margin, gjk_status *status);
/// Frees the compound, its part tree and the hulls it owns (NULL accepted).
GJK_API void gjk_compound3_destroy(gjk_compound3 *compound);
/// The number of parts, at least 1.
GJK_API int gjk_compound3_part_count(const gjk_compound3 *compound);
/// Part `part` (0 <= part < count, in the order given at creation): its shape, owned by the compound, and when
/// `pose` is not NULL its pose in the compound's frame (the rotation normalised to unit length).
GJK_API const gjk_shape3 *gjk_compound3_part(const gjk_compound3 *compound, int part, gjk_pose3 *pose);
/// The world pose of part `part` when the compound stands at `pose`: pose * part pose, with pose's rotation
/// normalised first. Every query composes the parts' poses this way.
GJK_API gjk_pose3 gjk_compound3_part_pose(const gjk_compound3 *compound, int part, gjk_pose3 pose);
/// A world box holding the compound standing at `pose`: the box of its part tree's root box turned by the pose
/// (exact for an unrotated pose, conservative otherwise), widened by a few units of rounding. An invalid pose gives
/// the box of its position if finite, else the zero box.
GJK_API gjk_aabb3 gjk_compound3_aabb(const gjk_compound3 *compound, gjk_pose3 pose);

/// Two 3D compounds and where they stand. The compounds are read, never written.
typedef struct gjk_compound_pair3 {
    const gjk_compound3 *a; ///< compound A
    gjk_pose3 pose_a;       ///< A's local-to-world pose
    const gjk_compound3 *b; ///< compound B
    gjk_pose3 pose_b;       ///< B's local-to-world pose
} gjk_compound_pair3;

/// The answer of a query between two 3D compounds.
///
/// The compound's signed distance is the least signed distance over its part pairs. By kind:
/// - signed distance: the part pair of least signed distance (the deepest, when some overlap);
/// - distance: the part pair of least distance, stopping at the first overlapping part pair found (distance 0);
/// - intersect: true at the first intersecting part pair found (the descent stops there);
/// - penetration: the deepest overlapping part pair.
/// `result` is then that part pair's gjk_query3() answer at the parts' world poses (gjk_compound3_part_pose()):
/// world frame, normal from A to B, status the worst of every part pair queried. Equal answers keep the first part
/// pair in (part_a, part_b) order, so answers are deterministic. `result.lower` / `result.upper` are replaced by
/// a certified interval of the compound's signed distance: lower is the least of the queried pairs' lowers and of
/// the box bounds that ruled the others out (-GJK_REAL_MAX when the descent stopped early at an overlap), upper the
/// least of the queried pairs' uppers (GJK_REAL_MAX when none was queried).
/// Separated compounds under intersect or penetration: part_a = part_b = -1, intersect false, distance = lower, a
/// positive lower bound of the gap, normal and points zero. Invalid input: zeroed result with GJK_INVALID_INPUT and
/// parts -1.
typedef struct gjk_compound_result3 {
    gjk_result3 result; ///< the deciding part pair's answer, world frame, normal from A to B; interval as above
    int part_a;         ///< A's part of the deciding pair; -1 when none (invalid input; separated compounds
                        ///< under intersect or penetration)
    int part_b;         ///< B's part of the deciding pair; -1 with part_a
    int pairs_tested;   ///< part pairs queried (the others were ruled out by their boxes)
} gjk_compound_result3;

/// Query `kind` between two compounds (see gjk_compound_result3). `options` (NULL: defaults) go to every part
/// query unchanged. Invalid: a NULL pair or compound, a pose that is not finite, beyond 1e150 (float 1e18) or of
/// an unusable rotation, an unknown kind or bad options.
GJK_API gjk_compound_result3 gjk_compound_query3(gjk_query_kind kind, const gjk_compound_pair3 *pair,
                                                 const gjk_options *options);

/// The contact manifold of one part pair of two 3D compounds.
typedef struct gjk_compound_contact3 {
    int part_a;              ///< A's part
    int part_b;              ///< B's part
    gjk_manifold3 manifold;  ///< gjk_collide3() of the two parts at their world poses (world frame, feature ids
                             ///< the parts' own)
} gjk_compound_contact3;

/// The manifolds of every part pair with at least one point within `speculative_distance` (>= 0, length units),
/// each gjk_collide3() without a cache on the parts at their world poses, sorted by (part_a, part_b). Returns how
/// many there are and writes the first `capacity` of them in that order (call again with more room when the count
/// exceeds it; contacts may be NULL with capacity 0). *status (may be NULL): GJK_OK or the worst status of the part
/// pairs collided; GJK_INVALID_INPUT (returning 0) for a bad pair (as gjk_compound_query3()), a negative, NaN or
/// too large speculative distance, or a negative capacity.
GJK_API int gjk_compound_collide3(const gjk_compound_pair3 *pair, gjk_real speculative_distance,
                                  gjk_compound_contact3 *contacts, int capacity, gjk_status *status);

/// One point of a merged manifold (gjk_compound_merge3()): a part pair's contact point and the parts it lies on.
typedef struct gjk_compound_point3 {
    gjk_vec3 point_a;    ///< world, on A's part part_a
    gjk_vec3 point_b;    ///< world, on B's part part_b
    gjk_real separation; ///< length units, as the part pair's own manifold gave it: (point_b - point_a) . that
                         ///< manifold's normal, which is within 5 degrees of the merged normal (< 0 overlapping)
    uint32_t id;         ///< the part pair's feature id (gjk_manifold_point3::id); (part_a, part_b, id) names the
                         ///< point across frames
    int part_a;          ///< A's part the point lies on
    int part_b;          ///< B's part the point lies on
} gjk_compound_point3;

/// The part pairs' manifolds of one contact direction merged into one (gjk_compound_merge3()).
typedef struct gjk_compound_manifold3 {
    gjk_status status;   ///< the worst status of the merged manifolds
    gjk_vec3 normal;     ///< world, unit, from A to B: the normal of the deepest merged manifold
    int count;           ///< points in use, 1 to GJK_MANIFOLD_MAX_POINTS3
    gjk_compound_point3 points[GJK_MANIFOLD_MAX_POINTS3]; ///< in input order; entries from `count` on are zero
    int reference;       ///< index into the input of the deepest merged manifold, whose normal this is
    int merged;          ///< how many part pairs' manifolds were merged into this one
} gjk_compound_manifold3;

/// Merges the part pairs' manifolds of one pair of bodies (gjk_compound_collide3()'s output) into one manifold per
/// contact direction, for a physics engine that wants a table of 5 boxes resting on the ground to give one manifold
/// of 4 points, not 4 manifolds of 4 points (Jolt's manifold reduction works the same way).
///
/// Grouping: the manifolds with at least one point are taken from the deepest (least separation of their points;
/// ties in input order); each joins the first group, in the order the groups were made, whose normal is within 5
/// degrees of its own (cos 0.99619, Jolt's tolerance: wide enough for the normals of parts resting on one face,
/// which agree to the rounding, and for a slightly tilted or rounded part; narrow enough that a floor and a ramp of
/// 10 degrees stay apart), else it starts a group of its own. A group's normal is the normal of its first and
/// deepest manifold, a reference that moves only with the deepest contact. So every merged manifold's normal is
/// within 5 degrees of each of its manifolds' normals, and no two merged manifolds have normals within 5 degrees of
/// each other.
///
/// Points: the group's points, in input order, reduced to 4 by gjk_collide3()'s rule seen along the group's normal:
/// the deepest, the farthest from it, then the largest area; near-ties go to the first in input order, so that
/// resting bodies keep their points, except that of the points tied for deepest (within 1e-5 of the contact's
/// width) the one farthest from the second pick is kept, so that a flat contact keeps its outer corners. Points of
/// two part pairs in the same place are kept once. Each point is a copy of an input point, with its parts: it keeps
/// its own separation along its own manifold's normal (point_b - point_a is separation times that normal, up to 5
/// degrees off the group's), so a point's depth is the part pair's exact one. A group of more than 196 points is
/// reduced 196 at a time in input order.
///
/// Returns the number of merged manifolds, in the order the groups were made (the deepest first), and writes the
/// first `capacity` of them (out may be NULL with capacity 0). The answer depends only on the contacts and their
/// order: ties and near-ties go to the earlier contact, and points come in input order. No allocation (about 30 KB of stack); the cost is a sort by depth (in
/// passes of 64: count^2 / 64 comparisons beyond 64 contacts) and about count x groups normal tests. *status (may
/// be NULL): GJK_OK, or GJK_INVALID_INPUT (returning 0, out untouched) for NULL contacts with count > 0, a negative
/// count or capacity, NULL out with capacity > 0, a manifold whose count is outside 0..GJK_MANIFOLD_MAX_POINTS3,
/// or one with points whose normal is not unit (within 1%) or whose points or separations are not finite or
/// beyond 1e150 (float 1e18). Manifolds without points are skipped.
GJK_API int gjk_compound_merge3(const gjk_compound_contact3 *contacts, int count, gjk_compound_manifold3 *out,
                                int capacity, gjk_status *status);
/// gjk_compound_merge3() over the world's contacts of one body pair (a run of gjk_world3_contacts() with the same a
/// and b; part_a and part_b are the bodies' parts). Contacts of more than one body pair: GJK_INVALID_INPUT.
GJK_API int gjk_world_merge3(const gjk_world_contact3 *contacts, int count, gjk_compound_manifold3 *out,
                             int capacity, gjk_status *status);

/// Where a ray first meets a 3D compound.
typedef struct gjk_compound_ray_result3 {
    gjk_ray_result3 ray; ///< gjk_raycast3() of the part hit first (world frame); no hit: zero, status the worst seen
    int part;            ///< the part hit first; -1 for no hit
} gjk_compound_ray_result3;

/// The closest hit of `ray` (world frame) on the compound standing at `pose`: the least fraction over the parts'
/// gjk_raycast3() at their world poses (a tie keeps the part found first). Invalid compound, pose or ray (a ray
/// gjk_raycast3() refuses): GJK_INVALID_INPUT, part -1.
GJK_API gjk_compound_ray_result3 gjk_compound_raycast3(const gjk_compound3 *compound, gjk_pose3 pose,
                                                       const gjk_ray3 *ray);

/// A shape cast of two 3D compounds: when do they first come within target_distance over the step (gjk/cast.h).
/// Zero-initialise, then set the pair and the motions.
typedef struct gjk_compound_cast_input3 {
    gjk_compound_pair3 pair; ///< the compounds and their poses at t = 0
    gjk_motion3 motion_a;    ///< A's motion over the step: it translates and turns about its own origin (pose_a's
                             ///< position) as a shape does in gjk_cast_input3, carrying its parts with it
    gjk_motion3 motion_b;    ///< B's motion over the step, about B's origin
    gjk_real target_distance; ///< as gjk_cast_input3::target_distance (length units, at least 0)
    gjk_real tolerance;      ///< as gjk_cast_input3::tolerance, passed to every part pair's cast (<= 0: each
                             ///< pair's default)
    bool ignore_separating;  ///< as gjk_cast_input3::ignore_separating, for each part pair
} gjk_compound_cast_input3;

/// The answer of a shape cast between two 3D compounds.
///
/// Each part pair is cast as two shapes (gjk_shape_cast3()); the compounds' answer is, in this order of precedence:
/// - OVERLAPPED (hit) when some part pair's cast is OVERLAPPED with hit true: the deepest such pair (least signed
///   distance at t = 0);
/// - otherwise the part pair of least t among those that hit or FAILED (a FAILED pair's t is only known safe, so
///   the compounds' answer is FAILED at that t when it comes first): never late, as gjk/cast.h promises (a pair
///   whose swept boxes cannot meet before that t is not cast, so a pair that would fail only later is not seen);
/// - otherwise OVERLAPPED with hit false when some part pairs were overlapped but separating (ignore_separating):
///   the deepest of them;
/// - otherwise SEPARATED: t = 1, parts -1, normal and points zero, status the worst of the part pairs' casts.
/// Equal answers keep the first part pair in (part_a, part_b) order, so answers are deterministic. `cast` is then
/// that part pair's gjk_shape_cast3() answer, world frame, normal from A to B. Invalid input (as the other compound
/// entry points and gjk_shape_cast3(); a part pair's cast answering GJK_INVALID_INPUT, e.g. a user callback's bad
/// point, also makes the whole cast invalid): cast zeroed with GJK_INVALID_INPUT, parts -1.
typedef struct gjk_compound_cast_result3 {
    gjk_cast_result3 cast; ///< the deciding part pair's cast (world frame), or the SEPARATED answer above
    int part_a;            ///< A's part of the deciding pair; -1 when none (separated, invalid input)
    int part_b;            ///< B's part of the deciding pair; -1 with part_a
    int pairs_tested;      ///< part pairs cast (the others were ruled out by their boxes swept over the motion)
} gjk_compound_cast_result3;

/// The shape cast of two compounds over the step (see gjk_compound_cast_result3). Part pairs are found by a descent
/// of the two part trees whose node pairs are ruled out when their boxes, swept over the motion and widened by the
/// target distance and the tolerance, cannot meet before the earliest contact found so far. Without rotation every
/// part translates with its compound and each pair's cast is the linear one (exact for polytopes); a turning
/// compound's parts turn about the compound's origin, and their casts are the rotating ones, about that origin.
GJK_API gjk_compound_cast_result3 gjk_compound_cast3(const gjk_compound_cast_input3 *input);

/// The 2D mirror of gjk_compound3_create().
GJK_API gjk_compound2 *gjk_compound2_create(const gjk_shape2 *shapes, const gjk_pose2 *poses, int count,
                                            gjk_status *status);
/// The 2D mirror of gjk_compound3_create_from_pieces(): hulls by gjk_hull2_create(), owned by the compound.
GJK_API gjk_compound2 *gjk_compound2_create_from_pieces(const gjk_vec2 *points, const int *first, int piece_count,
                                                        gjk_real margin, gjk_status *status);
/// The 2D mirror of gjk_compound3_destroy().
GJK_API void gjk_compound2_destroy(gjk_compound2 *compound);
/// The 2D mirror of gjk_compound3_part_count().
GJK_API int gjk_compound2_part_count(const gjk_compound2 *compound);
/// The 2D mirror of gjk_compound3_part().
GJK_API const gjk_shape2 *gjk_compound2_part(const gjk_compound2 *compound, int part, gjk_pose2 *pose);
/// The 2D mirror of gjk_compound3_part_pose().
GJK_API gjk_pose2 gjk_compound2_part_pose(const gjk_compound2 *compound, int part, gjk_pose2 pose);
/// The 2D mirror of gjk_compound3_aabb().
GJK_API gjk_aabb2 gjk_compound2_aabb(const gjk_compound2 *compound, gjk_pose2 pose);

/// The 2D mirror of gjk_compound_pair3.
typedef struct gjk_compound_pair2 {
    const gjk_compound2 *a; ///< compound A
    gjk_pose2 pose_a;       ///< A's local-to-world pose
    const gjk_compound2 *b; ///< compound B
    gjk_pose2 pose_b;       ///< B's local-to-world pose
} gjk_compound_pair2;

/// The 2D mirror of gjk_compound_result3.
typedef struct gjk_compound_result2 {
    gjk_result2 result; ///< the deciding part pair's answer, world frame, normal from A to B; interval as in 3D
    int part_a;         ///< A's part of the deciding pair; -1 when none
    int part_b;         ///< B's part of the deciding pair; -1 with part_a
    int pairs_tested;   ///< part pairs queried
} gjk_compound_result2;

/// The 2D mirror of gjk_compound_query3().
GJK_API gjk_compound_result2 gjk_compound_query2(gjk_query_kind kind, const gjk_compound_pair2 *pair,
                                                 const gjk_options *options);

/// The 2D mirror of gjk_compound_contact3.
typedef struct gjk_compound_contact2 {
    int part_a;             ///< A's part
    int part_b;             ///< B's part
    gjk_manifold2 manifold; ///< gjk_collide2() of the two parts at their world poses
} gjk_compound_contact2;

/// The 2D mirror of gjk_compound_collide3().
GJK_API int gjk_compound_collide2(const gjk_compound_pair2 *pair, gjk_real speculative_distance,
                                  gjk_compound_contact2 *contacts, int capacity, gjk_status *status);

/// The 2D mirror of gjk_compound_point3.
typedef struct gjk_compound_point2 {
    gjk_vec2 point_a;    ///< world, on A's part part_a
    gjk_vec2 point_b;    ///< world, on B's part part_b
    gjk_real separation; ///< length units, along the part pair's own manifold normal (within 5 degrees of the
                         ///< merged normal)
    uint32_t id;         ///< the part pair's feature id (gjk_manifold_point2::id)
    int part_a;          ///< A's part the point lies on
    int part_b;          ///< B's part the point lies on
} gjk_compound_point2;

/// The 2D mirror of gjk_compound_manifold3: up to 2 points.
typedef struct gjk_compound_manifold2 {
    gjk_status status; ///< the worst status of the merged manifolds
    gjk_vec2 normal;   ///< world, unit, from A to B: the normal of the deepest merged manifold
    int count;         ///< points in use, 1 to GJK_MANIFOLD_MAX_POINTS2
    gjk_compound_point2 points[GJK_MANIFOLD_MAX_POINTS2]; ///< in input order; entries from `count` on are zero
    int reference;     ///< index into the input of the deepest merged manifold, whose normal this is
    int merged;        ///< how many part pairs' manifolds were merged into this one
} gjk_compound_manifold2;

/// The 2D mirror of gjk_compound_merge3(): the same grouping (normals within 5 degrees), each group's points reduced
/// to 2, the deepest and the one farthest from it along the contact (near-ties in input order).
GJK_API int gjk_compound_merge2(const gjk_compound_contact2 *contacts, int count, gjk_compound_manifold2 *out,
                                int capacity, gjk_status *status);
/// The 2D mirror of gjk_world_merge3().
GJK_API int gjk_world_merge2(const gjk_world_contact2 *contacts, int count, gjk_compound_manifold2 *out,
                             int capacity, gjk_status *status);

/// The 2D mirror of gjk_compound_ray_result3.
typedef struct gjk_compound_ray_result2 {
    gjk_ray_result2 ray; ///< gjk_raycast2() of the part hit first (world frame); no hit: zero
    int part;            ///< the part hit first; -1 for no hit
} gjk_compound_ray_result2;

/// The 2D mirror of gjk_compound_raycast3().
GJK_API gjk_compound_ray_result2 gjk_compound_raycast2(const gjk_compound2 *compound, gjk_pose2 pose,
                                                       const gjk_ray2 *ray);

/// The 2D mirror of gjk_compound_cast_input3.
typedef struct gjk_compound_cast_input2 {
    gjk_compound_pair2 pair;  ///< the compounds and their poses at t = 0
    gjk_motion2 motion_a;     ///< A's motion over the step, turning about A's origin
    gjk_motion2 motion_b;     ///< B's motion over the step, turning about B's origin
    gjk_real target_distance; ///< as gjk_cast_input2::target_distance (length units, at least 0)
    gjk_real tolerance;       ///< as gjk_cast_input2::tolerance, passed to every part pair's cast
    bool ignore_separating;   ///< as gjk_cast_input2::ignore_separating, for each part pair
} gjk_compound_cast_input2;

/// The 2D mirror of gjk_compound_cast_result3.
typedef struct gjk_compound_cast_result2 {
    gjk_cast_result2 cast; ///< the deciding part pair's cast (world frame), or the SEPARATED answer
    int part_a;            ///< A's part of the deciding pair; -1 when none
    int part_b;            ///< B's part of the deciding pair; -1 with part_a
    int pairs_tested;      ///< part pairs cast
} gjk_compound_cast_result2;

/// The 2D mirror of gjk_compound_cast3().
GJK_API gjk_compound_cast_result2 gjk_compound_cast2(const gjk_compound_cast_input2 *input);

#ifdef __cplusplus
}
#endif

#endif
