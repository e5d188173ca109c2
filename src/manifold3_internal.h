// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Private to the 3D contact manifolds: the candidate points a manifold is built from (manifold3.c) and their
   reduction to at most 4 (manifold3_reduce.c). Not installed. */
#ifndef GJK_MANIFOLD3_INTERNAL_H
#define GJK_MANIFOLD3_INTERNAL_H

#include "feature3.h"
#include "gjk/manifold.h"

/* Most candidate points: a disc against a polygon gives up to every vertex, two crossings per edge and 4 rim
   points; two polygons at most the sum of their vertex counts. */
#define GJK_MANIFOLD_MAX_CAND (3 * GJK_FEATURE3_MAX + 4)
/* Sutherland-Hodgman grows a polygon by at most one vertex per clipping plane. */
#define CLIP_MAX (2 * GJK_FEATURE3_MAX)

typedef struct gjk_contact3 {
    gjk_vec3 pa, pb; /* on the cores, A's frame */
    gjk_real da, db; /* how far each rounded surface lies beyond its core point along n (the radii, but more below
                        a tilted rounded segment: segment_drop) */
    gjk_real sep;    /* along n, those subtracted */
    uint32_t id;
} gjk_contact3;

typedef struct builder3 {
    gjk_vec3 n;      /* A's frame, unit, from A to B */
    gjk_real ra, rb; /* radii around the cores */
    gjk_real spec;   /* speculative distance */
    gjk_vec3 wa, wb; /* the query's witnesses on the cores, A's frame */
    bool b_ref;      /* two polygons: B's is the reference face (A's tilted beyond the tolerance, incident) */
    int count;
    gjk_contact3 c[GJK_MANIFOLD_MAX_CAND];
} builder3;

/* How far (relative, in the manifold's unit scale) the deepest point found from an incident face may lie above the
   query's signed distance before the manifold is built again from the features within the tolerance: above
   rounding (points on faces are exact to 1e-15 in double), below any real miss. */
#if GJK_USE_FLOAT
#define GJK_MANIFOLD_DEEPEST_SLACK GJK_R(1e-4)
#else
#define GJK_MANIFOLD_DEEPEST_SLACK GJK_R(1e-9)
#endif

/* Indices (into c, `count` candidates ordered by their names, seen along the unit normal n, `radii` the sum of the
   two shapes' radii) of at most `limit` candidates to keep (4, or 2 for points in a plane containing n: the merged
   2D manifolds of compound_merge.c), in candidate order; returns how many. `spread` (the merged manifolds) resolves
   a tie for the deepest point towards the widest span instead of the first candidate. */
int gjk_manifold3_reduce(const gjk_contact3 *c, int count, gjk_vec3 n, gjk_real radii, int limit, bool spread,
                         int keep[4]);

/* The manifold of two sharp boxes (manifold3_box.c) from their signed distance r (the query's answer, r->distance
   within the speculative distance `spec`): fills out's points and count and returns true, or returns false (out
   untouched) for the pairs it leaves to the general path. The same points, separations and ids as the general
   path, up to rounding. */
bool gjk_manifold3_box(const gjk_pair3 *pair, const gjk_result3 *r, gjk_real spec, gjk_manifold3 *out);

/* The whole of gjk_collide3 for two sharp boxes in face contact, the pairs engines spend their time on: validation,
   frames and the separating axes once (no witnesses, no second pass over the poses), then the manifold above. Fills
   out (cleared by the caller) and the cache as gjk_collide3 would, and returns true; false for any other pair
   (out and cache untouched), which then takes the query and the paths above, with *apart set for boxes the axes
   found apart (their signed distance is GJK's: gjk_signed_distance3_by_gjk). */
bool gjk_manifold3_boxes(const gjk_pair3 *pair, gjk_real spec, gjk_cache3 *cache, gjk_manifold3 *out, bool *apart);

/* gjk_collide3 without the box-box path: the general construction for every pair (tests compare the two). */
gjk_manifold3 gjk_collide3_general(const gjk_pair3 *pair, gjk_real speculative_distance, gjk_cache3 *cache);

#endif
