// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/// @file gjk/world.h
/// Broad phase: the dynamic AABB tree, in 3D and 2D.
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
#include "gjk/math.h"

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
/// still contains `box`, nothing changes and false is returned; else the proxy is re-inserted with box fattened by
/// `margin` and extended by `displacement` on the side it points to (each axis), marked moved, and true is returned.
/// Invalid input (as for insert; also a displacement beyond the limit) is a programmer error: asserted, and false.
GJK_API bool gjk_tree3_move(gjk_tree3 *tree, int proxy, gjk_aabb3 box, gjk_real margin, gjk_vec3 displacement);
/// The fat box the tree stores for a proxy (world frame).
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

#ifdef __cplusplus
}
#endif

#endif
