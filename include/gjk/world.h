// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/// @file gjk/world.h
/// Broad phase: the dynamic AABB tree, in 3D and 2D, and the world of bodies built on it (below).
///
/// A scene of many bodies first needs its candidate pairs: the bodies whose bounding boxes overlap. The tree keeps
/// one proxy per body, an axis-aligned box fattened by a margin (and stretched along the body's motion), so that a
/// body that moves a little keeps its proxy untouched; only proxies whose body left its fat box are re-inserted, and
/// only they can start new pairs. Insertion picks the sibling that adds the least surface area to the tree, and tree
/// rotations on the way up keep the total low (docs/guide.md, "Broad phase: the dynamic AABB tree").
///
/// ```c
/// gjk_tree3 *tree = gjk_tree3_create();
/// int id = gjk_tree3_insert(tree, box_of_body, 0.1, body_index);   // once per body
/// // each step, for each body:
/// gjk_tree3_move(tree, id, new_box, 0.1, gjk_scale3(velocity, dt));
/// int n = gjk_tree3_pairs(tree, true, pairs, capacity);            // new candidate pairs
/// gjk_tree3_clear_moved(tree);
/// ```
///
/// Proxy ids are small non-negative integers, reused after removal. Every answer is deterministic: the same calls
/// give the same ids, pairs and visit orders on every run. A tree is not locked: queries (query_box, query_ray,
/// pairs) may run on several threads at once, but nothing may modify the tree meanwhile. Only create, insert
/// (amortised growth) and rebuild allocate, through gjk_set_allocator's hook; move, remove and the queries never do.
#ifndef GJK_WORLD_H
#define GJK_WORLD_H

#include <stdbool.h>
#include <stdint.h>

#include "gjk/base.h"
#include "gjk/manifold.h"
#include "gjk/math.h"
#include "gjk/ray.h"
#include "gjk/shape.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A 3D axis-aligned box in the world frame: lower <= upper componentwise (a point when equal).
typedef struct gjk_aabb3 {
    gjk_vec3 lower; ///< smallest corner (world frame)
    gjk_vec3 upper; ///< largest corner (world frame)
} gjk_aabb3;

/// A 2D axis-aligned box in the world frame: lower <= upper componentwise (a point when equal).
typedef struct gjk_aabb2 {
    gjk_vec2 lower; ///< smallest corner (world frame)
    gjk_vec2 upper; ///< largest corner (world frame)
} gjk_aabb2;

/// A dynamic AABB tree of 3D proxies (opaque; allocated through gjk_set_allocator's hook).
typedef struct gjk_tree3 gjk_tree3;
/// A dynamic AABB tree of 2D proxies (opaque; allocated through gjk_set_allocator's hook).
typedef struct gjk_tree2 gjk_tree2;

/// An empty tree, or NULL when the allocator fails. Release it with gjk_tree3_destroy().
GJK_API gjk_tree3 *gjk_tree3_create(void);
/// Frees the tree and all its memory (NULL accepted).
GJK_API void gjk_tree3_destroy(gjk_tree3 *tree);
/// A proxy for `box` carrying `user`; the tree stores box fattened by `margin` (>= 0, absolute, world units) on
/// every side. Returns the proxy id (>= 0, reused after removal) or -1 when growth failed (allocator) or the input
/// is invalid (a non-finite coordinate, lower > upper, a coordinate or margin beyond GJK's limit of 1e150, float
/// builds 1e18). A new proxy counts as moved (gjk_tree3_pairs).
GJK_API int gjk_tree3_insert(gjk_tree3 *tree, gjk_aabb3 box, gjk_real margin, uint64_t user);
/// Removes a proxy; its id may be returned by a later insert.
GJK_API void gjk_tree3_remove(gjk_tree3 *tree, int proxy);
/// The proxy's object now has bounds `box` and moves by about `displacement` per step (world units): if its fat box
/// still contains `box` and reaches no more than 5 x `margin` + |displacement| beyond it on any side (along each
/// axis, that axis's component), nothing changes and false is returned; else the proxy is re-inserted with box
/// fattened by `margin` and extended by `displacement` on the side it points to (each axis), marked moved, and true
/// is returned. The second condition shrinks, once, the box of a body that stopped after a fast move (a body moving
/// steadily leaves its fat box first).
/// Invalid input (as for insert; also a displacement beyond the limit) is a programmer error: asserted, and false.
GJK_API bool gjk_tree3_move(gjk_tree3 *tree, int proxy, gjk_aabb3 box, gjk_real margin, gjk_vec3 displacement);
/// The fat box the tree stores for a proxy (world frame). The tree stores boxes in single precision, rounded outward:
/// the fat box contains the box given to insert or move, grown as described, and exceeds it by at most that
/// rounding (a relative 1.2e-7 of each side). A side beyond 3e18 from the origin reads as 4e150 (float builds 4e18)
/// with the same sign.
GJK_API gjk_aabb3 gjk_tree3_fat_box(const gjk_tree3 *tree, int proxy);
/// The user value given at insert.
GJK_API uint64_t gjk_tree3_user(const gjk_tree3 *tree, int proxy);
/// Called for each proxy a box query finds, with its user value and the caller's context; return false to stop.
typedef bool gjk_tree3_box_fn(int proxy, uint64_t user, void *context);
/// Visits every proxy whose fat box overlaps `box` (touching counts), in a deterministic order; `fn` returns false
/// to stop. Allocates nothing.
GJK_API void gjk_tree3_query_box(const gjk_tree3 *tree, gjk_aabb3 box, gjk_tree3_box_fn *fn, void *context);
/// Called for each proxy whose fat box a ray enters, with the current `max_t`; returns the new max_t: the proxy's
/// own hit t (exact ray cast) clips the rest of the query, max_t unchanged sees every hit, 0 or less stops.
typedef gjk_real gjk_tree3_ray_fn(int proxy, uint64_t user, gjk_real max_t, void *context);
/// Visits the proxies whose fat box the segment origin + t * direction, 0 <= t <= max_t, enters (touching counts;
/// world frame; direction need not be unit, and components of 0 are handled exactly), in a deterministic order that
/// tries the nearer of two subtrees first (by their centres: roughly, not strictly, nearest first); boxes beyond the
/// max_t that `fn` returns are skipped. Non-finite input visits nothing. Allocates nothing.
GJK_API void gjk_tree3_query_ray(const gjk_tree3 *tree, gjk_vec3 origin, gjk_vec3 direction, gjk_real max_t,
                                 gjk_tree3_ray_fn *fn, void *context);
/// Called for each node of the tree by gjk_tree3_visit_nodes(): its box (world frame; a leaf's fat box, an internal
/// node's union of its children's), its depth (0 at the root; a leaf's depth is at most gjk_tree3_height()), and
/// whether it is a leaf (a proxy). Return false to stop the visit.
typedef bool gjk_tree3_node_fn(gjk_aabb3 box, int depth, bool leaf, void *context);
/// Visits every node of the tree, internal and leaf (2 * proxies - 1 of them), depth first: a node before its
/// children, the first child's subtree before the second's, in an order that depends only on the calls made to the
/// tree (for drawing or inspecting the tree). `fn` returns false to stop. Allocates nothing; any height is walked.
GJK_API void gjk_tree3_visit_nodes(const gjk_tree3 *tree, gjk_tree3_node_fn *fn, void *context);
/// Every pair of proxies whose fat boxes overlap (touching counts), each once as (smaller id, larger id), written to
/// `pairs` (2 ints per pair) up to `capacity` pairs; returns the number found. When that is at most `capacity`, the
/// pairs are sorted (by the first id, then the second); when it exceeds `capacity`, `pairs` holds the first
/// `capacity` found, unsorted: call again with more room. `moved_only`: only pairs with at least one proxy moved
/// (inserted or re-inserted) since the last gjk_tree3_clear_moved(); false: all pairs. The count saturates at
/// INT_MAX. Allocates nothing.
GJK_API int gjk_tree3_pairs(const gjk_tree3 *tree, bool moved_only, int *pairs, int capacity);
/// Forgets which proxies moved (call after reading the step's pairs).
GJK_API void gjk_tree3_clear_moved(gjk_tree3 *tree);
/// The surface-area cost: the sum of the internal nodes' surface areas over the root's (the root counts 1; lower is
/// better). 0 for fewer than 2 proxies or a root of zero area.
GJK_API gjk_real gjk_tree3_area_cost(const gjk_tree3 *tree);
/// The tree's height: 0 for an empty tree or one proxy, else the most internal nodes from the root to a leaf.
GJK_API int gjk_tree3_height(const gjk_tree3 *tree);
/// The number of proxies.
GJK_API int gjk_tree3_proxy_count(const gjk_tree3 *tree);
/// Rebuilds the whole tree top-down (binned surface-area heuristic) from its proxies' fat boxes: for a scene
/// created at once or after many moves. Proxy ids, fat boxes and moved marks are kept. Returns false when scratch
/// memory could not be allocated (the tree is then unchanged).
GJK_API bool gjk_tree3_rebuild(gjk_tree3 *tree);

/// An empty tree, or NULL when the allocator fails. Release it with gjk_tree2_destroy().
GJK_API gjk_tree2 *gjk_tree2_create(void);
/// Frees the tree and all its memory (NULL accepted).
GJK_API void gjk_tree2_destroy(gjk_tree2 *tree);
/// As gjk_tree3_insert(), in 2D.
GJK_API int gjk_tree2_insert(gjk_tree2 *tree, gjk_aabb2 box, gjk_real margin, uint64_t user);
/// As gjk_tree3_remove(), in 2D.
GJK_API void gjk_tree2_remove(gjk_tree2 *tree, int proxy);
/// As gjk_tree3_move(), in 2D.
GJK_API bool gjk_tree2_move(gjk_tree2 *tree, int proxy, gjk_aabb2 box, gjk_real margin, gjk_vec2 displacement);
/// As gjk_tree3_fat_box(), in 2D.
GJK_API gjk_aabb2 gjk_tree2_fat_box(const gjk_tree2 *tree, int proxy);
/// As gjk_tree3_user(), in 2D.
GJK_API uint64_t gjk_tree2_user(const gjk_tree2 *tree, int proxy);
/// As gjk_tree3_box_fn, in 2D.
typedef bool gjk_tree2_box_fn(int proxy, uint64_t user, void *context);
/// As gjk_tree3_query_box(), in 2D.
GJK_API void gjk_tree2_query_box(const gjk_tree2 *tree, gjk_aabb2 box, gjk_tree2_box_fn *fn, void *context);
/// As gjk_tree3_ray_fn, in 2D.
typedef gjk_real gjk_tree2_ray_fn(int proxy, uint64_t user, gjk_real max_t, void *context);
/// As gjk_tree3_query_ray(), in 2D.
GJK_API void gjk_tree2_query_ray(const gjk_tree2 *tree, gjk_vec2 origin, gjk_vec2 direction, gjk_real max_t,
                                 gjk_tree2_ray_fn *fn, void *context);
/// As gjk_tree3_node_fn, in 2D.
typedef bool gjk_tree2_node_fn(gjk_aabb2 box, int depth, bool leaf, void *context);
/// As gjk_tree3_visit_nodes(), in 2D.
GJK_API void gjk_tree2_visit_nodes(const gjk_tree2 *tree, gjk_tree2_node_fn *fn, void *context);
/// As gjk_tree3_pairs(), in 2D.
GJK_API int gjk_tree2_pairs(const gjk_tree2 *tree, bool moved_only, int *pairs, int capacity);
/// As gjk_tree3_clear_moved(), in 2D.
GJK_API void gjk_tree2_clear_moved(gjk_tree2 *tree);
/// As gjk_tree3_area_cost(), with perimeters in place of surface areas.
GJK_API gjk_real gjk_tree2_area_cost(const gjk_tree2 *tree);
/// As gjk_tree3_height(), in 2D.
GJK_API int gjk_tree2_height(const gjk_tree2 *tree);
/// As gjk_tree3_proxy_count(), in 2D.
GJK_API int gjk_tree2_proxy_count(const gjk_tree2 *tree);
/// As gjk_tree3_rebuild(), in 2D.
GJK_API bool gjk_tree2_rebuild(gjk_tree2 *tree);

/* ---- bounding boxes of posed shapes ------------------------------------------------------------------------- */

/// The axis-aligned box (world frame) of `shape` standing at `pose`, margin included: tight, by closed forms of the
/// rotated extents for every kind but hulls and user shapes, which take their support points along the six world
/// axes; widened outwards by a few units of rounding, so that it contains the shape whatever the rounding of its
/// terms. An invalid shape (gjk_shape3_validate) or pose (non-finite, unusable rotation) gives the box of the pose's
/// position if finite, else the zero box; gjk_world3_add() and gjk_world3_set_pose() check both first.
GJK_API gjk_aabb3 gjk_shape3_aabb(const gjk_shape3 *shape, gjk_pose3 pose);
/// The 2D mirror of gjk_shape3_aabb(): polygons and user shapes by their support points along the four axes.
GJK_API gjk_aabb2 gjk_shape2_aabb(const gjk_shape2 *shape, gjk_pose2 pose);

/* ---- the world of bodies ------------------------------------------------------------------------------------ */

/* The compounds (gjk/compound.h, which includes this header), named here by their struct tags. */
struct gjk_compound3;
struct gjk_compound2;

/// How a world finds and answers its pairs. A zeroed struct (or NULL) takes the defaults of each field.
typedef struct gjk_world_def {
    /// Fat margin of the tree's boxes (world units, >= 0): a body moving less than this keeps its proxy. 0: 0.1.
    /// Negative: no margin at all.
    gjk_real fat_margin;
    /// Speculative distance (world units, >= 0): pairs whose shapes come within it are candidates, and their
    /// manifold points up to it apart are reported (gjk_collide3()'s argument). 0: touching or overlapping pairs
    /// only.
    gjk_real speculative_distance;
    /// Steps of motion the tree's boxes are stretched by, along each body's last displacement (>= 0): a body moving
    /// steadily leaves its box less often. 0: 2. Negative: no stretching.
    gjk_real prediction_steps;
} gjk_world_def;

/// Two bodies that began or ended touching (a < b, body ids).
typedef struct gjk_world_pair {
    int a; ///< the smaller body id
    int b; ///< the larger body id
} gjk_world_pair;

/// A touching pair and its manifold (a < b; the manifold's A is body a, B is body b; world frame). Two convex bodies
/// give one contact; a pair with a compound body gives one per touching part pair (gjk_compound_collide3()).
typedef struct gjk_world_contact3 {
    int a;                  ///< the smaller body id
    int b;                  ///< the larger body id
    int part_a;             ///< body a's part (gjk_compound3_part()); 0 for a convex body
    int part_b;             ///< body b's part; 0 for a convex body
    gjk_manifold3 manifold; ///< two convex bodies: gjk_collide3() of (a, b) with the pair's own warm-start cache;
                            ///< with a compound: gjk_collide3() of the two parts at their world poses, without a
                            ///< cache. World frame, count >= 1
} gjk_world_contact3;

/// A touching 2D pair and its manifold (a < b), per part pair as gjk_world_contact3.
typedef struct gjk_world_contact2 {
    int a;                  ///< the smaller body id
    int b;                  ///< the larger body id
    int part_a;             ///< body a's part (gjk_compound2_part()); 0 for a convex body
    int part_b;             ///< body b's part; 0 for a convex body
    gjk_manifold2 manifold; ///< gjk_collide2() of (a, b) with the pair's cache, or of the two parts without one
} gjk_world_contact2;

/// A world of 3D bodies: convex shapes or compounds (gjk/compound.h) at poses, kept in a dynamic AABB tree, with a
/// warm-start cache per candidate pair of convex bodies (opaque; allocated through gjk_set_allocator's hook).
///
/// ```c
/// gjk_world3 *w = gjk_world3_create(NULL);
/// int ground = gjk_world3_add(w, &ground_box, ground_pose, 0);
/// int ball = gjk_world3_add(w, &sphere, ball_pose, 1);
/// // each frame:
/// gjk_world3_set_pose(w, ball, new_ball_pose);
/// gjk_world3_step(w);
/// int n;
/// const gjk_world_contact3 *c = gjk_world3_contacts(w, &n);
/// ```
///
/// A step updates the tree for the bodies whose pose changed, gathers the candidate pairs (those the tree reports
/// for moved bodies, plus the pairs of earlier steps while their fat boxes still overlap), runs gjk_collide3() on
/// each with its cached warm start, and reports the contacts (pairs with at least one manifold point) and the
/// events: `begin` for a pair that had no point at the last step and has some now, `end` for a pair that had some
/// and has none, or whose body was removed. A pair with a compound body is answered by gjk_compound_collide3() (a
/// convex body taking part as a compound of one part, part 0), cold: one contact per touching part pair, its
/// events still per body pair. Every list is sorted by (a, b) (contacts by (a, b, part_a, part_b)), the same on
/// every run and however the narrow phase is split. Body ids are small non-negative integers, reused after a
/// removed body's end events have been reported. Once warmed (the arrays grown to the scene's size), a step
/// allocates nothing. A world is not locked: only gjk_world3_step_range() may run on several threads at once.
typedef struct gjk_world3 gjk_world3;
/// A world of 2D bodies (as gjk_world3).
typedef struct gjk_world2 gjk_world2;

/// An empty world (def NULL: the defaults), or NULL when the allocator fails or def has a non-finite field.
GJK_API gjk_world3 *gjk_world3_create(const gjk_world_def *def);
/// Frees the world and its memory (NULL accepted); the bodies' shapes belong to the caller.
GJK_API void gjk_world3_destroy(gjk_world3 *world);
/// A body of `shape` (borrowed: it, and a hull it points to, must outlive the body) at `pose`, carrying `user`.
/// Returns the body id (>= 0), or -1 for an invalid shape or pose (gjk_shape3_validate(), a non-finite position or
/// an unusable rotation) or when growth failed (allocator). The body takes part from the next step.
GJK_API int gjk_world3_add(gjk_world3 *world, const gjk_shape3 *shape, gjk_pose3 pose, uint64_t user);
/// Removes a body: the next step reports the end of its contacts, after which its id may be reused. Unknown or
/// already removed ids are ignored.
GJK_API void gjk_world3_remove(gjk_world3 *world, int body);
/// Moves a body to `pose` (world frame). The tree stretches its box along the displacement from the pose it had
/// at the last step. Returns false (and changes nothing) for an invalid pose or an unknown body.
GJK_API bool gjk_world3_set_pose(gjk_world3 *world, int body, gjk_pose3 pose);
/// A body of `compound` (borrowed: it must outlive the body; its box is gjk_compound3_aabb()) at `pose`, carrying
/// `user`. Its pairs report one contact per touching part pair. Returns the body id (>= 0), or -1 for a NULL
/// compound or an invalid pose (as gjk_world3_add()) or when growth failed (allocator).
GJK_API int gjk_world3_add_compound(gjk_world3 *world, const struct gjk_compound3 *compound, gjk_pose3 pose,
                                    uint64_t user);
/// A body's current pose (the identity for an unknown body).
GJK_API gjk_pose3 gjk_world3_pose(const gjk_world3 *world, int body);
/// A body's shape as given to gjk_world3_add() (NULL for an unknown body or a compound body).
GJK_API const gjk_shape3 *gjk_world3_shape(const gjk_world3 *world, int body);
/// A body's compound as given to gjk_world3_add_compound() (NULL for an unknown body or a convex body).
GJK_API const struct gjk_compound3 *gjk_world3_compound(const gjk_world3 *world, int body);
/// A body's user value (0 for an unknown body).
GJK_API uint64_t gjk_world3_user(const gjk_world3 *world, int body);
/// The world's tree (proxies carry the body id as their user value): for box, ray and overlap queries of its own.
GJK_API const gjk_tree3 *gjk_world3_tree(const gjk_world3 *world);
/// One step: gjk_world3_step_begin(), gjk_world3_step_range() over all items, gjk_world3_step_end(). GJK_OK, or
/// GJK_OUT_OF_MEMORY when growth failed: in step_begin, the world then keeps its last step's results, and the step
/// may be retried and then answers as if it had not failed; in step_end, as gjk_world3_step_end() says.
GJK_API gjk_status gjk_world3_step(gjk_world3 *world);
/// The first part of a step, on one thread: updates the tree and gathers the candidate pairs. Returns their
/// number (the narrow phase's items), or -1 when growth failed (as for gjk_world3_step()). Until
/// gjk_world3_step_end() returns, bodies may not be added, removed or moved.
GJK_API int gjk_world3_step_begin(gjk_world3 *world);
/// The narrow phase of items [begin, end) (clamped to the count step_begin returned): disjoint ranges may run on
/// several threads at once, as the batches' (gjk/batch.h). Allocates nothing; the results do not depend on the
/// split. A pair with a compound writes its part contacts into room of its own, sized at step_begin from its count
/// at the last step; one with more than its room holds runs again in gjk_world3_step_end().
GJK_API void gjk_world3_step_range(gjk_world3 *world, int begin, int end);
/// The last part of a step, on one thread once every range has run: runs again, with room to spare, the pairs with
/// a compound that overflowed their room, then builds the contacts and events. GJK_OK, or GJK_OUT_OF_MEMORY when
/// growing that room or the contact list failed: the events are still complete, but the contacts are not (such a
/// pair keeps the first part contacts its room held, in (part_a, part_b) order, and a contact list that could not
/// grow keeps the contacts that fitted); the next step grows again.
GJK_API gjk_status gjk_world3_step_end(gjk_world3 *world);
/// The contacts of the last step, sorted by (a, b, part_a, part_b): one per touching pair of convex bodies, one per
/// touching part pair of a pair with a compound; *count (not NULL) receives their number. Valid until the next step
/// or destroy. gjk_world_merge3() (gjk/compound.h) merges one body pair's part contacts into one manifold per
/// contact direction.
GJK_API const gjk_world_contact3 *gjk_world3_contacts(const gjk_world3 *world, int *count);
/// The pairs that began touching at the last step, sorted by (a, b).
GJK_API const gjk_world_pair *gjk_world3_begin_events(const gjk_world3 *world, int *count);
/// The pairs that ended touching at the last step (no point any more, or a body removed), sorted by (a, b).
GJK_API const gjk_world_pair *gjk_world3_end_events(const gjk_world3 *world, int *count);
/// The number of bodies (added and not removed).
GJK_API int gjk_world3_body_count(const gjk_world3 *world);
/// The number of candidate pairs of the last step (those the narrow phase answered).
GJK_API int gjk_world3_pair_count(const gjk_world3 *world);

/* ---- scene queries: the bodies at their current poses (set_pose counts at once, without a step) ------------------ */

/// A body a ray hits.
typedef struct gjk_world_ray_hit3 {
    int body;            ///< the body id; -1 for no hit
    int part;            ///< the part hit of a compound body (gjk_compound_raycast3()); 0 for a convex body
    gjk_ray_result3 ray; ///< gjk_raycast3() of the body's shape at its current pose (world frame), or the
                         ///< compound's gjk_compound_raycast3() answer
} gjk_world_ray_hit3;

/// The closest body `ray` (world frame) hits: the least fraction of gjk_raycast3() (a compound body:
/// gjk_compound_raycast3()) over the bodies whose boxes the ray enters, found through the tree (the other bodies are
/// never cast); equal fractions keep the smaller body id.
/// No hit: body -1 and ray zero. A ray gjk_raycast3() refuses (NULL, not finite, beyond 1e150 (float 1e18), a
/// negative max_fraction): body -1, ray.status GJK_INVALID_INPUT. Allocates nothing; may run on several threads at
/// once while nothing modifies the world (not during a step).
GJK_API gjk_world_ray_hit3 gjk_world3_raycast(const gjk_world3 *world, const gjk_ray3 *ray);
/// Every body `ray` hits, sorted by fraction, then body id. Returns their number and writes the first `capacity` of
/// them in that order (hits may be NULL with capacity 0; call again with more room when the count exceeds it), or
/// -1 for a ray gjk_raycast3() refuses or a negative capacity. Allocates nothing.
GJK_API int gjk_world3_raycast_all(const gjk_world3 *world, const gjk_ray3 *ray, gjk_world_ray_hit3 *hits,
                                   int capacity);
/// The bodies whose shapes come within `distance` (>= 0, length units; 0: touching or overlapping) of `shape`
/// standing at `pose`: gjk_intersect3() for distance 0, else gjk_distance3() <= distance, on the bodies whose boxes
/// come within `distance` of the shape's (a compound body: on its parts, found through its part tree, until one
/// passes). Sorted by body id; returns their number and writes the first `capacity`,
/// or -1 for an invalid shape or pose (as gjk_world3_add()), a negative, NaN or unbounded distance or a negative
/// capacity. Allocates nothing.
GJK_API int gjk_world3_overlap(const gjk_world3 *world, const gjk_shape3 *shape, gjk_pose3 pose, gjk_real distance,
                               int *bodies, int capacity);
/// The bodies whose boxes (gjk_shape3_aabb() at their current poses) overlap `box` (world frame; touching counts),
/// sorted by body id; returns their number and writes the first `capacity`, or -1 for a box with a coordinate that
/// is not finite or beyond 1e150 (float 1e18), lower > upper on an axis, or a negative capacity.
GJK_API int gjk_world3_query_box(const gjk_world3 *world, gjk_aabb3 box, int *bodies, int capacity);

/// As gjk_world3_create(), in 2D.
GJK_API gjk_world2 *gjk_world2_create(const gjk_world_def *def);
/// As gjk_world3_destroy(), in 2D.
GJK_API void gjk_world2_destroy(gjk_world2 *world);
/// As gjk_world3_add(), in 2D (gjk_shape2_validate(), a finite position and a non-zero finite rotation).
GJK_API int gjk_world2_add(gjk_world2 *world, const gjk_shape2 *shape, gjk_pose2 pose, uint64_t user);
/// As gjk_world3_remove(), in 2D.
GJK_API void gjk_world2_remove(gjk_world2 *world, int body);
/// As gjk_world3_set_pose(), in 2D.
GJK_API bool gjk_world2_set_pose(gjk_world2 *world, int body, gjk_pose2 pose);
/// As gjk_world3_add_compound(), in 2D.
GJK_API int gjk_world2_add_compound(gjk_world2 *world, const struct gjk_compound2 *compound, gjk_pose2 pose,
                                    uint64_t user);
/// As gjk_world3_pose(), in 2D.
GJK_API gjk_pose2 gjk_world2_pose(const gjk_world2 *world, int body);
/// As gjk_world3_shape(), in 2D.
GJK_API const gjk_shape2 *gjk_world2_shape(const gjk_world2 *world, int body);
/// As gjk_world3_compound(), in 2D.
GJK_API const struct gjk_compound2 *gjk_world2_compound(const gjk_world2 *world, int body);
/// As gjk_world3_user(), in 2D.
GJK_API uint64_t gjk_world2_user(const gjk_world2 *world, int body);
/// As gjk_world3_tree(), in 2D.
GJK_API const gjk_tree2 *gjk_world2_tree(const gjk_world2 *world);
/// As gjk_world3_step(), in 2D (gjk_collide2() per pair).
GJK_API gjk_status gjk_world2_step(gjk_world2 *world);
/// As gjk_world3_step_begin(), in 2D.
GJK_API int gjk_world2_step_begin(gjk_world2 *world);
/// As gjk_world3_step_range(), in 2D.
GJK_API void gjk_world2_step_range(gjk_world2 *world, int begin, int end);
/// As gjk_world3_step_end(), in 2D.
GJK_API gjk_status gjk_world2_step_end(gjk_world2 *world);
/// As gjk_world3_contacts(), in 2D.
GJK_API const gjk_world_contact2 *gjk_world2_contacts(const gjk_world2 *world, int *count);
/// As gjk_world3_begin_events(), in 2D.
GJK_API const gjk_world_pair *gjk_world2_begin_events(const gjk_world2 *world, int *count);
/// As gjk_world3_end_events(), in 2D.
GJK_API const gjk_world_pair *gjk_world2_end_events(const gjk_world2 *world, int *count);
/// As gjk_world3_body_count(), in 2D.
GJK_API int gjk_world2_body_count(const gjk_world2 *world);
/// As gjk_world3_pair_count(), in 2D.
GJK_API int gjk_world2_pair_count(const gjk_world2 *world);

/// A body a 2D ray hits.
typedef struct gjk_world_ray_hit2 {
    int body;            ///< the body id; -1 for no hit
    int part;            ///< the part hit of a compound body (gjk_compound_raycast2()); 0 for a convex body
    gjk_ray_result2 ray; ///< gjk_raycast2() of the body's shape at its current pose (world frame), or the
                         ///< compound's gjk_compound_raycast2() answer
} gjk_world_ray_hit2;

/// As gjk_world3_raycast(), in 2D (gjk_raycast2()).
GJK_API gjk_world_ray_hit2 gjk_world2_raycast(const gjk_world2 *world, const gjk_ray2 *ray);
/// As gjk_world3_raycast_all(), in 2D.
GJK_API int gjk_world2_raycast_all(const gjk_world2 *world, const gjk_ray2 *ray, gjk_world_ray_hit2 *hits,
                                   int capacity);
/// As gjk_world3_overlap(), in 2D (gjk_intersect2(), gjk_distance2()).
GJK_API int gjk_world2_overlap(const gjk_world2 *world, const gjk_shape2 *shape, gjk_pose2 pose, gjk_real distance,
                               int *bodies, int capacity);
/// As gjk_world3_query_box(), in 2D.
GJK_API int gjk_world2_query_box(const gjk_world2 *world, gjk_aabb2 box, int *bodies, int capacity);

#ifdef __cplusplus
}
#endif

#endif
