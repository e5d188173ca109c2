// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Checks of 3D contact manifolds (gjk_collide3), shared by test_manifold3.c and test_manifold3_random.c.

   What a manifold point must satisfy, each verified independently of the manifold code:
   - point_a lies on A's surface and the line through it along +normal leaves A there: the signed distance from
     point_a to A is 0, and from point_a + delta * normal it is delta (both from qhull for polytopes, oracle3.c, and
     from a point-shape query for curved shapes); likewise point_b on B, the line entering B there;
   - point_b - point_a = separation * normal (no lateral offset), so the separation is the exact signed distance
     of the two surfaces along the normal at that lateral position;
   - separation >= the pair's signed distance (no point deeper than the depth: mujoco #3476), <= the speculative
     distance; the deepest separation equals the signed distance (for polytopes also the qhull oracle's);
   - count 0 exactly when the pair is farther apart than the speculative distance; ids distinct. */
#ifndef GJK_TESTS_MANIFOLD3_CHECK_H
#define GJK_TESTS_MANIFOLD3_CHECK_H

#include "testutil.h"

#include "oracle3.h"

/* A placed shape and, when its core is a polytope, the qhull hull of the core (rotated in double about the pose
   position), the independent answer for point distances and depths. */
typedef struct m3_body {
    const gjk_shape3 *shape;
    gjk_pose3 pose;
    int polytope;
    oracle3_hull core;
    double radius; /* sphere/capsule radius plus margin */
} m3_body;

/* Largest errors seen, in units of the pair's size (see m3_check). */
typedef struct m3_stats {
    const char *name;
    long pairs, estimates, witnesses, manifolds, points, multi, oracle_pairs, ties;
    double lateral;     /* |point_b - point_a - separation * normal| */
    double lateral_seg; /* the same where two nearly parallel segments met (see m3_check) */
    double surface;     /* |signed distance of a point to its shape| (polytopes; beyond the rounded-face allowance) */
    double surface_curved; /* the same where a shape is curved */
    double exit;    /* delta - distance of point + delta * normal (the line's exit), beyond the rounding allowance */
    double deepest; /* |deepest separation - qhull's signed distance| (polytopes) */
    double deepest_curved; /* |deepest separation - the query's signed distance| (curved shapes: EPA's accuracy) */
    double deepest_cap;    /* (deepest - signed distance) / (radius * sin tilt) for tilted cylinder and cone caps */
    double oracle;         /* |the query's signed distance - qhull's| (for information: the query's own accuracy) */
    double deepest_tie;    /* deepest - signed distance where the reduction took a tie (GJK_MANIFOLD_DEPTH_TIE) */
    double below;          /* how far a separation went below the signed distance (phantom depth) */
    char worst_lateral[64], worst_surface[64], worst_deepest[64]; /* where */
} m3_stats;

int m3_body_make(m3_body *b, const gjk_shape3 *shape, gjk_pose3 pose);
void m3_body_free(m3_body *b);
/* Signed distance from a world point to the body's (rounded) shape. */
double m3_point_sd(const m3_body *b, gjk_vec3 p);

/* Compute the manifold of (a, b) and check everything above. Fails the test (with `label`) on a violation. Returns
   the manifold. */
gjk_manifold3 m3_check(const m3_body *a, const m3_body *b, double spec, m3_stats *st, const char *label);
void m3_stats_print(const m3_stats *st);

/* GJK_TEST_SCALE from the environment (default 1): multiplies the random pair counts. */
int m3_scale(void);

/* B moved along the pair's normal so that the signed distance becomes `target` (exact for convex shapes: the
   overlap along the minimum-translation direction shrinks by the shift). Returns the new pose of B. */
gjk_pose3 m3_place(const gjk_shape3 *a, gjk_pose3 pa, const gjk_shape3 *b, gjk_pose3 pb, double target);

/* ---- small helpers of the named tests ---- */

#define PI 3.14159265358979323846

/* Rounding of a few operations on coordinates of size about 2 (float builds: about 2e-7 per ulp). */
#if GJK_USE_FLOAT
#define EXACT 4e-6
#else
#define EXACT 1e-14
#endif

static inline gjk_quat axis_angle(double x, double y, double z, double angle) {
    return gjk_quat_from_axis_angle(gjk_v3((gjk_real)x, (gjk_real)y, (gjk_real)z), (gjk_real)angle);
}

/* The point of m whose id is `id`, or NULL. */
static inline const gjk_manifold_point3 *by_id(const gjk_manifold3 *m, uint32_t id) {
    for (int i = 0; i < m->count; ++i)
        if (m->points[i].id == id) return &m->points[i];
    return NULL;
}

static inline void expect_vec(gjk_vec3 got, gjk_vec3 want, double tol) {
    EXPECT_NEAR(got.x, want.x, tol);
    EXPECT_NEAR(got.y, want.y, tol);
    EXPECT_NEAR(got.z, want.z, tol);
}

#endif
