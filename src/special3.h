// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Closed forms for 3D core pairs, tried before GJK (special3.c: points and segments, sphere-box; special3_box.c:
   box-box and segment-box). Private to the library.

   Every shape is a core plus a radius (internal3.h); these functions see only the cores, with B's core in A's frame
   (gjk_minkowski3), and the sum of the radii R. The caller adds R back, exactly as it does for GJK's answers.

   Pairs handled (either order; "point" = point or sphere shape, or a capsule / segment of zero length; "segment" =
   capsule or segment shape; the margins only enter through R):
   - point-point, point-segment, segment-segment: EXACT in every mode (a core distance >= 0: segments have no
     depth). Touching within rounding, the normal is the common perpendicular of non-parallel segments (crossing
     segments), else perpendicular to the segment (a point on a segment, collinear segments), else +x of A's frame
     (coincident points), oriented deterministically;
   - point-box: EXACT in every mode (a point inside the box: minus the distance to the nearest face);
   - box-box: separating-axis test over 15 axes (Gottschalk, Lin, Manocha, "OBBTree: a hierarchical structure for rapid
     interference detection", SIGGRAPH 1996; Ericson, "Real-Time Collision Detection", 2005, 4.4.1). An axis with a gap
     above R + tol (tol = GJK_TOL_TOUCH * scale): SEPARATED; in DISTANCE mode, boxes apart are EXACT where the axis with
     the largest gap carries the closest features and that gap is above R + tol (box_box_apart in special3_box.c),
     else NONE. Cores overlapping or touching:
     OVERLAP in BOOLEAN mode, else EXACT (the penetration depth, which the axes give exactly for boxes). Apart by at
     most R + tol: NONE (GJK sizes the gap);
   - segment-box: the same test over 6 axes, and where it leaves the cores apart by at most R + tol (or in DISTANCE
     mode), the exact segment-box distance: EXACT, or in BOOLEAN mode OVERLAP / SEPARATED. Never NONE.
   Any other pair: NONE. */
#ifndef GJK_SPECIAL3_H
#define GJK_SPECIAL3_H

#include "internal3.h"

typedef enum gjk_special_kind {
    GJK_SPECIAL_NONE = 0,  /* no closed form for this pair in this mode: the caller runs GJK */
    GJK_SPECIAL_EXACT,     /* out->core_dist, normal, pa, pb are the exact answer (to rounding) */
    GJK_SPECIAL_SEPARATED, /* the cores are apart by more than R: out->core_dist is a lower bound > R, out->normal a
                              separating axis (unit, A to B) */
    GJK_SPECIAL_OVERLAP    /* BOOLEAN mode only: core distance <= R (touching within tolerance included); nothing
                              else filled */
} gjk_special_kind;

/* (The struct is gjk_special3_result: a typedef named gjk_special3 would clash with the function gjk_special3.) */
typedef struct gjk_special3_result {
    gjk_real core_dist; /* signed distance between the cores: > 0 gap, < 0 minus the core penetration depth */
    gjk_vec3 normal;    /* unit, A's frame, from A to B. Separated: along pb - pa. Overlapping: translating B's core
                           by depth * normal brings the cores to touching */
    gjk_vec3 pa, pb;    /* witnesses on the cores, A's frame: pb = pa + core_dist * normal (to rounding) */
    gjk_real scale;     /* size of the problem (largest |point of A - B| involved, roughly |pos| + the cores'
                           extents): the caller's touching tolerance is GJK_TOL_TOUCH * scale. Set whatever the kind
                           (also for NONE) when the pair is one of the handled pairs. It is an upper bound built from
                           1-norms, so at most sqrt(3) times the Euclidean figure. */
} gjk_special3_result;

/* m: the pair with B's core in A's frame; R = rA + rB the radii around the cores; mode as in gjk_gjk3 (internal3.h):
   GJK_MODE_DISTANCE needs EXACT (or NONE), GJK_MODE_SEPARATED (penetration query) accepts EXACT or SEPARATED,
   GJK_MODE_BOOLEAN accepts any. */
gjk_special_kind gjk_special3(const gjk_minkowski3 *m, gjk_real R, gjk_gjk_mode mode, gjk_special3_result *out);

/* Two cylinders (cylinder3.c): the closest points of their facing rims, sides and caps by Newton's method, as a
   one-vertex simplex for GJK to start from, when GJK's duality-gap test already accepts it. False, with warm->count
   untouched, for other pairs or when no candidate passes (GJK then starts cold). */
bool gjk_cylinder3_start(const gjk_minkowski3 *m, gjk_simplex3 *warm);
/* The feature pair and curve parameters of a gjk_cylinder3_closest answer, for the next call on a nearby pose to
   start from (pair -1: none yet). */
typedef struct gjk_cylinder3_memo {
    int pair, exponent;
    double sa, sb, qa[3], qb[3];
} gjk_cylinder3_memo;
/* The same search as one vertex v of D (A's frame) with no simplex around it: the closest points of the facing
   features when GJK's duality-gap test accepts them, the support point of D along -v.w that certified them (the plane
   through it normal to v.w bounds D, a certified lower bound of the core distance), and the unit normal (A to B)
   from the features' geometry, defined however close the cores are. With `any`, the nearest candidate when none
   passes the test (its points are still points of the cores, so |v.w| bounds the core distance from above, and the
   plane through the support point bounds it from below), and candidates at any distance (GJK's start refuses those
   within CYL3_MIN_DIST). memo (may be NULL): read and updated; with `any`, the answer of the recalled feature pair
   is returned without the search of the others (the caller checks its plane and asks again with memo->pair = -1
   when it is poor). False for other pairs and when there is no candidate. */
bool gjk_cylinder3_closest(const gjk_minkowski3 *m, bool any, gjk_cylinder3_memo *memo, gjk_vertex3 *v,
                           gjk_vertex3 *support, gjk_vec3 *normal);
/* Sphere-box and point-box pairs (either order) answered straight from the pair, before the generic preparation of
   query3.c: the query `kind` for `pair` with the same closed form (point_box in special3.c), validation included,
   for pairs that gjk_special3_quick_kinds (below) accepts. A distance query with the centre inside the box's core
   answers the centre as the common point. Returns 0 when the pair is invalid or lies outside the size range where
   the closed form needs no rescaling: the caller then takes the generic path, which answers or rejects it.
   Otherwise *r is the answer and *axis the direction for the cache (B to A); 1 means store it, 2 (an intersect
   query that finds the shapes touching) leave the cache alone. */
int gjk_special3_quick(const gjk_pair3 *pair, gjk_query_kind kind, gjk_result3 *r, gjk_vec3 *axis);
/* The shape kinds gjk_special3_quick takes, tested inline so that other pairs pay only this for it. */
static inline bool gjk_special3_quick_kinds(const gjk_pair3 *pair) {
    if (!pair || !pair->a || !pair->b) return false;
    gjk_shape3_type ta = pair->a->type, tb = pair->b->type;
    return ta == GJK_SHAPE3_BOX ? (tb == GJK_SHAPE3_SPHERE || tb == GJK_SHAPE3_POINT)
                                : tb == GJK_SHAPE3_BOX && (ta == GJK_SHAPE3_SPHERE || ta == GJK_SHAPE3_POINT);
}

/* ---- shared by special3.c and special3_box.c only ---------------------------------------------------------------- */

/* Parameters s, t in [0, 1] of the closest points p1 + s d1 and p2 + t d2 of two segments (either may have zero
   length). Returns true when they are the interior stationary point of two non-parallel segments. *n is the unit
   common perpendicular d1 x d2 / |d1 x d2| and *ln = |d1 x d2| when the segments are not parallel (else 0, 0). */
bool gjk_special3_segments(gjk_vec3 p1, gjk_vec3 d1, gjk_vec3 p2, gjk_vec3 d2, gjk_real *s, gjk_real *t,
                           gjk_vec3 *n, gjk_real *ln);

/* Box-box (both cores boxes) and segment-box (seg = c +- u, A's frame; seg_is_a tells which core is the segment). */
gjk_special_kind gjk_special3_box_box(const gjk_minkowski3 *m, gjk_real R, gjk_gjk_mode mode, gjk_special3_result *out);
/* gjk_special3_box_box in DISTANCE mode for overlapping (or touching) boxes only: true with the same EXACT answer,
   false for any other pair and wherever that answer would be NONE (*apart set when the axes show the boxes apart and
   their closed form leaves them to GJK: then gjk_special3_box_box answers NONE in DISTANCE mode). The witnesses are left out (*witnesses false)
   where the best axis is a face axis clearly ahead of every other (by more than rounding), the case where they are
   sure to pass gjk_special3_box_box's check; a contact manifold then does without them. */
bool gjk_special3_box_box_overlap(const gjk_minkowski3 *m, gjk_special3_result *out, bool *witnesses, bool *apart);

/* gjk_signed_distance3 without the closed forms (query3.c), for a pair whose closed form is known to leave it to GJK
   (boxes that gjk_special3_box_box_overlap found apart): the same answer, without trying them again. */
gjk_result3 gjk_signed_distance3_by_gjk(const gjk_pair3 *pair, gjk_cache3 *cache);
gjk_special_kind gjk_special3_segment_box(const gjk_minkowski3 *m, gjk_vec3 c, gjk_vec3 u, bool seg_is_a, gjk_real R,
                                          gjk_gjk_mode mode, gjk_special3_result *out);

/* 1-norm, the cheap size measure behind `scale`. */
static inline gjk_real gjk_special3_l1(gjk_vec3 v) { return GJK_ABS(v.x) + GJK_ABS(v.y) + GJK_ABS(v.z); }

#endif
