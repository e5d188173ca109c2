// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Random 3D manifolds, every kind of shape against every kind, checked point by point (manifold3_check.c): each
   point on both surfaces where the line along the normal leaves A and enters B, its separation the exact distance
   between them, none deeper than the depth, the deepest equal to the signed distance and, for polytopes, to the
   qhull oracle's.

   Measured worst errors (gcc 12 -O2, x86-64; over the pair's size; printed by ctest -V; GJK_TEST_SCALE=20 runs 20
   times the pairs and stays within the same bounds):
   double: polytopes: lateral 1e-15, surface 2.8e-15 (beyond the rounded-face allowance), deepest vs qhull 1.7e-15;
           curved shapes: surface 2.4e-9, deepest vs the query 9e-6 (EPA's accuracy, and caps tilted below the
           tolerance);
   float:  polytopes: lateral 4.5e-7, surface 6.9e-7, deepest vs qhull 1e-6; curved: surface 2.4e-5, deepest 4.8e-4
           (one-point manifolds are the query's witnesses: up to 1.1e-3 off a cone at GJK_TEST_SCALE=20);
   both:   parallel segments paired across their angle: lateral up to 0.012 of the size (bound 0.04); tilted caps:
           the deepest rim point up to 0.27 r sin(tilt) shallower than the depth (bound 0.293); reductions that took
           a tie of depth: 3 in double, up to 7.8e-8 of the size, none in float (bound 2e-5). */
#include "manifold3_check.h"

#include <stdio.h>

#include "feature3.h" /* GJK_MANIFOLD_DEPTH_TIE */

#define SPEC 0.05

/* A random pose: any rotation, and B placed along a random direction at a signed distance in [-0.3, 0.08]. */
static void random_family(void **state) {
    (void)state;
    test_rng r = {101};
    m3_stats st = {0};
    st.name = "random pairs";
    int per = 60 * m3_scale();
    for (int ka = 0; ka < TEST_SHAPE3_KINDS; ++ka)
        for (int kb = 0; kb < TEST_SHAPE3_KINDS; ++kb)
            for (int i = 0; i < per; ++i) {
                gjk_hull3 *ha = NULL, *hb = NULL;
                gjk_shape3 a = test_shape3(&r, ka, &ha), b = test_shape3(&r, kb, &hb);
                /* (one draw per statement: the order of arguments differs between compilers) */
                gjk_vec3 at = test_vec3(&r, -1, 1), dir = test_unit3(&r);
                gjk_quat qa = test_quat(&r), qb = test_quat(&r);
                gjk_pose3 pa = gjk_pose3_make(at, qa), pb = gjk_pose3_make(gjk_mad3(at, 3, dir), qb);
                double target = test_uniform(&r, -0.3, 0.08);
                if (i % 10 == 0) target = 0;
                if (i % 10 == 1) target = -1e-9;
                pb = m3_place(&a, pa, &b, pb, target);
                m3_body A, B;
                assert_true(m3_body_make(&A, &a, pa));
                assert_true(m3_body_make(&B, &b, pb));
                char label[64];
                snprintf(label, sizeof label, "random %d-%d #%d", ka, kb, i);
                m3_check(&A, &B, SPEC, &st, label);
                m3_body_free(&A);
                m3_body_free(&B);
                gjk_hull3_destroy(ha);
                gjk_hull3_destroy(hb);
            }
    m3_stats_print(&st);
}

/* ---- resting contacts: flat features facing each other ---------------------------------------------------------- */

enum { S_BOX, S_CYL_STAND, S_CYL_LYING, S_CAPSULE_LYING, S_CONE, S_PRISM, S_TRIANGLE, S_SEGMENT, S_COUNT };

/* A shape whose top (upper = 1) or bottom presents a flat feature along local z after `rot`, and that rotation. */
static gjk_shape3 resting_shape(test_rng *r, int kind, int upper, gjk_hull3 **hull, gjk_quat *rot) {
    gjk_real a = (gjk_real)test_uniform(r, 0.2, 1.2), b = (gjk_real)test_uniform(r, 0.2, 1.2);
    gjk_shape3 s;
    *rot = gjk_quat_identity();
    const gjk_quat lying = gjk_quat_from_axis_angle(gjk_v3(1, 0, 0), (gjk_real)(PI / 2));
    switch (kind) {
    case S_BOX: s = gjk_box3(test_vec3(r, 0.1, 1.2)); break;
    case S_CYL_STAND: s = gjk_cylinder3(a, b); break;
    case S_CYL_LYING: s = gjk_cylinder3(a, b), *rot = lying; break;
    case S_CAPSULE_LYING: s = gjk_capsule3(a, b), *rot = lying; break;
    case S_CONE: /* base down for B; for A turned over, base up */
        s = gjk_cone3(a, b);
        if (upper) *rot = gjk_quat_from_axis_angle(gjk_v3(1, 0, 0), (gjk_real)PI);
        break;
    case S_PRISM: {
        gjk_vec3 pts[24];
        int k = 3 + (int)(test_next(r) % 9);
        gjk_real hz = (gjk_real)test_uniform(r, 0.1, 0.8);
        for (int i = 0; i < k; ++i) {
            gjk_real x = (gjk_real)test_uniform(r, -1, 1), y = (gjk_real)test_uniform(r, -1, 1);
            pts[2 * i] = gjk_v3(x, y, hz);
            pts[2 * i + 1] = gjk_v3(x, y, -hz);
        }
        *hull = gjk_hull3_create(pts, 2 * k, NULL);
        assert_non_null(*hull);
        s = gjk_hull_shape3(*hull);
        break;
    }
    case S_TRIANGLE: {
        gjk_vec3 p = test_vec3(r, -1, 1), q = test_vec3(r, -1, 1), w = test_vec3(r, -1, 1);
        p.z = q.z = w.z = 0;
        s = gjk_triangle3(p, q, w);
        break;
    }
    default: {
        gjk_vec3 p = test_vec3(r, -1, 1), q = test_vec3(r, -1, 1);
        p.z = q.z = 0;
        s = gjk_segment3(p, q);
        break;
    }
    }
    if (test_next(r) % 4 == 0) s = gjk_rounded3(s, (gjk_real)test_uniform(r, 0.01, 0.2));
    return s;
}

/* A small tilt: none, a rounding-sized one, one within the feature tolerance, one beyond it. */
static gjk_quat tilt(test_rng *r, int level) {
    static const double angle[4] = {0, 1e-6, 0.012, 0.05};
    gjk_vec3 axis = test_unit3(r);
    axis.z = 0;
    return gjk_quat_from_axis_angle(axis, (gjk_real)(angle[level] * test_uniform(r, 0.3, 1)));
}

static void resting_family(void **state) {
    (void)state;
    test_rng r = {202};
    m3_stats st = {0};
    st.name = "resting pairs";
    for (int ka = 0; ka < S_COUNT; ++ka)
        for (int kb = 0; kb < S_COUNT; ++kb)
            for (int i = 0; i < 48 * m3_scale(); ++i) {
                gjk_hull3 *ha = NULL, *hb = NULL;
                gjk_quat ra, rb;
                gjk_shape3 a = resting_shape(&r, ka, 1, &ha, &ra), b = resting_shape(&r, kb, 0, &hb, &rb);
                gjk_quat za = gjk_quat_from_axis_angle(gjk_v3(0, 0, 1), (gjk_real)test_uniform(&r, -3, 3));
                gjk_quat zb = gjk_quat_from_axis_angle(gjk_v3(0, 0, 1), (gjk_real)test_uniform(&r, -3, 3));
                gjk_quat qa = gjk_quat_mul(tilt(&r, i % 4), gjk_quat_mul(za, ra));
                gjk_quat qb = gjk_quat_mul(tilt(&r, (i / 4) % 4), gjk_quat_mul(zb, rb));
                gjk_pose3 pa = gjk_pose3_make(test_vec3(&r, -0.5, 0.5), qa);
                gjk_real ox = (gjk_real)test_uniform(&r, -0.6, 0.6), oy = (gjk_real)test_uniform(&r, -0.6, 0.6);
                gjk_vec3 above = gjk_add3(pa.position, gjk_v3(ox, oy, 4));
                gjk_pose3 pb = gjk_pose3_make(above, qb);
                double target = (i / 16) % 3 == 0 ? -1e-10 : test_uniform(&r, -0.05, 0.06);
                pb = m3_place(&a, pa, &b, pb, target);
                m3_body A, B;
                assert_true(m3_body_make(&A, &a, pa));
                assert_true(m3_body_make(&B, &b, pb));
                char label[64];
                snprintf(label, sizeof label, "resting %d-%d #%d", ka, kb, i);
                m3_check(&A, &B, SPEC, &st, label);
                m3_body_free(&A);
                m3_body_free(&B);
                gjk_hull3_destroy(ha);
                gjk_hull3_destroy(hb);
            }
    m3_stats_print(&st);
}

/* The benchmark's hull pairs (bench/README.md): hulls of 8 and 32 points on spheres, B placed along a random direction
   at 0.6 to 1.4 times the touching offset; every overlapping manifold's deepest separation must equal the signed
   distance. An incident face (the face of B turned most towards A's reference face) holds B's support vertex but
   not necessarily its support edge: in an edge-edge contact the deepest line then fell outside the clipped region
   and the deepest point came out 3.5e-3 (hull-32) and 1.8e-2 (hull-256) shallower, 2 of 1000 bench pairs. The
   manifold now falls back to the features within the tolerance when that happens. (Reductions to 4 points may
   keep a point shallower by their documented tie, allowed below.) */
static void bench_hull_pairs(void **state) {
    (void)state;
    test_rng r = {2026};
    int overlapping = 0;
    double worst = 0;
    for (int i = 0; i < 4000; ++i) {
        gjk_vec3 pa[32], pb[32];
        int n = i % 2 ? 32 : 8;
        double ra = test_uniform(&r, 0.5, 2), rb = test_uniform(&r, 0.5, 2);
        for (int k = 0; k < n; ++k) {
            pa[k] = gjk_scale3(test_unit3(&r), (gjk_real)ra);
            pb[k] = gjk_scale3(test_unit3(&r), (gjk_real)rb);
        }
        gjk_hull3 *ha = gjk_hull3_create(pa, n, NULL), *hb = gjk_hull3_create(pb, n, NULL);
        assert_non_null(ha);
        assert_non_null(hb);
        gjk_shape3 a = gjk_hull_shape3(ha), b = gjk_hull_shape3(hb);
        gjk_vec3 u = test_unit3(&r);
        gjk_pair3 p = {&a, gjk_pose3_make(test_vec3(&r, -2, 2), test_quat(&r)), &b,
                       gjk_pose3_make(gjk_v3(0, 0, 0), test_quat(&r))};
        /* the touching offset along u by bisection on the signed distance */
        double lo = 0, hi = 2 * (ra + rb) + 1;
        for (int it = 0; it < 60; ++it) {
            double mid = 0.5 * (lo + hi);
            p.pose_b.position = gjk_mad3(p.pose_a.position, (gjk_real)mid, u);
            if (gjk_signed_distance3(&p, NULL).distance < 0) lo = mid;
            else hi = mid;
        }
        p.pose_b.position = gjk_mad3(p.pose_a.position, (gjk_real)(hi * test_uniform(&r, 0.6, 1.4)), u);
        gjk_result3 sd = gjk_signed_distance3(&p, NULL);
        if (sd.distance < 0) {
            gjk_manifold3 m = gjk_collide3(&p, 0, NULL);
            ++overlapping;
            assert_true(m.count >= 1);
            double deepest = INFINITY;
            for (int k = 0; k < m.count; ++k) deepest = fmin(deepest, m.points[k].separation);
            /* A reduction to 4 points breaks near-ties of depth within GJK_MANIFOLD_DEPTH_TIE of the contact's width
               towards a fixed order (documented in gjk/manifold.h): the deepest kept may be that much shallower. */
            double width = 0;
            for (int k = 0; k < m.count; ++k)
                for (int j = 0; j < k; ++j)
                    width = fmax(width, gjk_len3(gjk_sub3(m.points[k].point_a, m.points[j].point_a)));
            double tie = m.count == 4 ? GJK_MANIFOLD_DEPTH_TIE * width : 0;
            double err = fmax(fabs(deepest - sd.distance) - tie, 0) / (ra + rb);
            worst = fmax(worst, err);
            if (err > (GJK_USE_FLOAT ? 1e-4 : 1e-12))
                fail_msg("pair %d: deepest %.17g, signed distance %.17g, %d points", i, deepest, sd.distance, m.count);
        }
        gjk_hull3_destroy(ha);
        gjk_hull3_destroy(hb);
    }
    printf("bench hull pairs: %d overlapping, worst deepest vs signed distance %.3g of the size\n", overlapping, worst);
    assert_true(overlapping > 1000);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_family),
        cmocka_unit_test(resting_family),
        cmocka_unit_test(bench_hull_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
