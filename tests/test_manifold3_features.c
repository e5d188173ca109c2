// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* 3D contact manifolds (gjk_collide3), the features' corner cases: reduction of many corners, a hull face too big
   for a feature, corners exactly on a cap's rim, equal caps stacked, the face that must hold the deepest vertex,
   and scenes scaled from tiny to huge. Helpers and per-point checks in manifold3_check.c. */
#include "manifold3_check.h"

#include <stdio.h>

#include "feature3.h" /* GJK_MANIFOLD_DEPTH_TIE */

/* Reduction to 4 of an octagon (two squares at 45 degrees) on a face tilted by up to 0.015 (within the feature
   tolerance): the corners differ in depth by up to 0.018, and the deepest must be kept, up to a tie within
   GJK_MANIFOLD_DEPTH_TIE of the width (1.4e-5 here) broken towards the fixed order; the 4 kept span the octagon (area
   at least half). */
static void test_reduction_keeps_deepest(void **state) {
    (void)state;
    test_rng r = {45};
    gjk_shape3 a = gjk_box3(gjk_v3(GJK_R(0.5), GJK_R(0.5), GJK_R(0.5))),
               b = gjk_box3(gjk_v3(GJK_R(0.5), GJK_R(0.5), GJK_R(0.25)));
    int ties = 0;
    for (int trial = 0; trial < 100; ++trial) {
        gjk_vec3 axis = test_unit3(&r);
        double tilt = test_uniform(&r, 0.002, 0.015);
        gjk_quat q = gjk_quat_mul(axis_angle(axis.x, axis.y, 0, tilt), axis_angle(0, 0, 1, PI / 4));
        gjk_pair3 p = {&a, gjk_pose3_identity(), &b, gjk_pose3_make(gjk_v3(0, 0, 2), q)};
        p.pose_b = m3_place(&a, p.pose_a, &b, p.pose_b, -0.01);
        gjk_result3 res = gjk_signed_distance3(&p, NULL);
        gjk_manifold3 m = gjk_collide3(&p, 1, NULL); /* every corner within reach: 8 candidates */
        assert_int_equal(m.count, 4);
        double deepest = INFINITY, area = 0;
        for (int i = 0; i < 4; ++i) deepest = fmin(deepest, m.points[i].separation);
        if (deepest < res.distance - 20 * EXACT || deepest > res.distance + GJK_MANIFOLD_DEPTH_TIE * 1.42 + 20 * EXACT)
            fail_msg("trial %d: deepest %.17g, depth %.17g", trial, deepest, res.distance);
        ties += deepest > res.distance + 20 * EXACT;
        for (int i = 1; i + 1 < 4; ++i) { /* the quad's area seen along z (the points come in boundary order) */
            gjk_vec3 u = gjk_sub3(m.points[i].point_a, m.points[0].point_a),
                     w = gjk_sub3(m.points[i + 1].point_a, m.points[0].point_a);
            area += 0.5 * fabs((double)(u.x * w.y - u.y * w.x));
        }
        if (area < 0.5) fail_msg("trial %d: the 4 points span %g of the octagon's ~0.83", trial, area);
    }
    printf("octagons: %d of 100 reduced with a tie\n", ties);
    assert_true(ties < 50);
}

/* A box on a cylinder's cap with its corners exactly on the rim (3-4-5 in eighths, exact in binary): a corner on the
   rim is the rim's crossing at the start of an edge, counted once, so the 4 corners are the manifold. */
static void test_corners_on_the_rim(void **state) {
    (void)state;
    gjk_shape3 cyl = gjk_cylinder3(GJK_R(0.625), 1), box = gjk_box3(gjk_v3(GJK_R(0.375), GJK_R(0.5), GJK_R(0.25)));
    const gjk_real depth = GJK_R(0.0078125);
    gjk_pair3 p = {&cyl, gjk_pose3_identity(), &box,
                   gjk_pose3_make(gjk_v3(0, 0, GJK_R(1.25) - depth), gjk_quat_identity())};
    gjk_manifold3 m = gjk_collide3(&p, 0, NULL);
    assert_int_equal(m.count, 4);
    for (int i = 0; i < 4; ++i) {
        EXPECT_NEAR(m.points[i].separation, -depth, EXACT);
        EXPECT_NEAR(fabs(m.points[i].point_b.x), 0.375, EXACT);
        EXPECT_NEAR(fabs(m.points[i].point_b.y), 0.5, EXACT);
    }
}

/* A hull whose most aligned face does not hold its lowest vertex: a keel (steep faces along a nearly level bottom
   edge from v to w) ending in a facet tilted by 0.5 degree that holds w, 2e-3 above v, but not v. Faces 0.77 degree
   off, through v, are the right ones: a face chosen only for its alignment misses the deepest point by 2e-3. */
static void test_hull_face_through_deepest_vertex(void **state) {
    (void)state;
    const gjk_vec3 pts[9] = {{0, 0, GJK_R(-0.002)},
                             {1, 0, 0},
                             {GJK_R(1.3), GJK_R(0.15), GJK_R(0.0026184)},
                             {GJK_R(1.3), GJK_R(-0.15), GJK_R(0.0026184)},
                             {0, 1, 1},
                             {0, -1, 1},
                             {GJK_R(1.3), 1, 1},
                             {GJK_R(1.3), -1, 1},
                             {GJK_R(-0.3), 0, 1}};
    gjk_hull3 *h = gjk_hull3_create(pts, 9, NULL);
    assert_non_null(h);
    gjk_shape3 ground = gjk_box3(gjk_v3(3, 3, GJK_R(0.5))), keel = gjk_hull_shape3(h);
    gjk_pair3 p = {&ground, gjk_pose3_identity(), &keel,
                   gjk_pose3_make(gjk_v3(0, 0, GJK_R(0.5) + GJK_R(0.002) - GJK_R(0.001)), gjk_quat_identity())};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    gjk_manifold3 m = gjk_collide3(&p, GJK_R(0.01), NULL);
    double deepest = INFINITY;
    for (int i = 0; i < m.count; ++i) deepest = fmin(deepest, m.points[i].separation);
    EXPECT_NEAR(deepest, r.distance, EXACT);
    EXPECT_NEAR(r.distance, -0.001, EXACT);
    gjk_hull3_destroy(h);
}

/* A hull face with more vertices than a feature holds (a 100-gon cap, GJK_FEATURE3_MAX 64) is decimated to an
   inscribed polygon through the support vertex: the points stay on the face and the deepest is kept. */
static void test_big_hull_faces(void **state) {
    (void)state;
    gjk_vec3 pts[200];
    for (int i = 0; i < 100; ++i) {
        double t = 2 * PI * i / 100;
        pts[2 * i] = gjk_v3((gjk_real)cos(t), (gjk_real)sin(t), GJK_R(0.25));
        pts[2 * i + 1] = gjk_v3((gjk_real)cos(t), (gjk_real)sin(t), GJK_R(-0.25));
    }
    gjk_hull3 *h = gjk_hull3_create(pts, 200, NULL);
    assert_non_null(h);
    gjk_shape3 disk = gjk_hull_shape3(h), ground = gjk_box3(gjk_v3(3, 3, GJK_R(0.5))), box = gjk_box3(gjk_v3(GJK_R(0.25), GJK_R(0.25), GJK_R(0.25)));
    test_rng r = {100};
    for (int trial = 0; trial < 20; ++trial) {
        gjk_vec3 axis = test_unit3(&r);
        gjk_quat tilt = axis_angle(axis.x, axis.y, 0, test_uniform(&r, 0, 0.01));
        /* the 100-gon on the ground, and a box on the 100-gon */
        gjk_pair3 p = {&ground, gjk_pose3_identity(), &disk, gjk_pose3_make(gjk_v3(0, 0, 2), tilt)};
        p.pose_b = m3_place(&ground, p.pose_a, &disk, p.pose_b, -0.01);
        gjk_pair3 q = {&disk, gjk_pose3_make(gjk_v3(0, 0, 0), tilt), &box, gjk_pose3_make(gjk_v3(GJK_R(0.3), 0, 2), gjk_quat_identity())};
        q.pose_b = m3_place(&disk, q.pose_a, &box, q.pose_b, -0.01);
        for (int k = 0; k < 2; ++k) {
            m3_body A, B;
            const gjk_pair3 *pp = k ? &q : &p;
            assert_true(m3_body_make(&A, pp->a, pp->pose_a));
            assert_true(m3_body_make(&B, pp->b, pp->pose_b));
            m3_stats st = {0};
            st.name = "big faces";
            gjk_manifold3 m = m3_check(&A, &B, 0.001, &st, k ? "box on a 100-gon" : "100-gon on the ground");
            assert_int_equal(m.count, 4);
            m3_body_free(&A);
            m3_body_free(&B);
        }
    }
    gjk_hull3_destroy(h);
}

/* Two equal cylinders stacked exactly: each one's rim points lie on the other's rim, and must count as inside
   (strictly inside, rounding would keep some and drop others: 1 to 8 points by chance). */
static void test_equal_cylinders_stacked(void **state) {
    (void)state;
    gjk_shape3 cyl = gjk_cylinder3(GJK_R(0.5), GJK_R(0.5));
    const gjk_real depth = GJK_R(0.0078125);
    for (int k = 0; k < 4; ++k) {
        gjk_pair3 p = {&cyl, gjk_pose3_identity(), &cyl,
                       gjk_pose3_make(gjk_v3(0, 0, 1 - depth), axis_angle(0, 0, 1, 0.3 * k))};
        gjk_manifold3 m = gjk_collide3(&p, 0, NULL);
        if (m.count != 4) fail_msg("turn %d: %d points", k, m.count);
        for (int i = 0; i < 4; ++i) {
            EXPECT_NEAR(m.points[i].separation, -depth, TU(1e-9));
            gjk_vec3 q = m.points[i].point_a;
            EXPECT_NEAR(sqrt(q.x * q.x + q.y * q.y), 0.5, TU(1e-9));
            EXPECT_NEAR(q.z, 0.5, TU(1e-9));
        }
    }
}

/* The same scenes scaled by powers of two, tiny to huge: the same ids, the separations and points scaled. The
   clipping multiplies lengths (two for a side plane's test, four for a cap's rim crossings), which underflowed for
   tiny shapes and overflowed for huge ones before the features were brought to unit size (manifold3.c, "units"):
   boxes 2^-1000 across lost every side plane's sign. The cylinder scenes stay within 2^+-200 (float 2^+-20): the
   signed distance of a cylinder and a box goes wrong beyond about 2^+-260 (float 2^-60, 2^30), reporting a gap for
   overlapping shapes (reported; not the manifold's). */
static void test_scale_invariance(void **state) {
    (void)state;
#if GJK_USE_FLOAT
    const int exps[2][4] = {{-120, -60, 40, 50}, {-20, -10, 10, 20}};
#else
    const int exps[2][4] = {{-1000, -500, 400, 490}, {-200, -100, 100, 200}};
#endif
    gjk_shape3 ground0 = gjk_box3(gjk_v3(2, 2, GJK_R(0.5))), box0 = gjk_box3(gjk_v3(GJK_R(0.4), GJK_R(0.3), GJK_R(0.25)));
    gjk_shape3 cyl0 = gjk_cylinder3(GJK_R(0.5), GJK_R(0.5));
    const gjk_shape3 *bodies0[3] = {&box0, &cyl0, &cyl0};
    for (int c = 0; c < 3; ++c) {
        /* a box resting turned, a cylinder on its cap over the ground's edge, a cylinder lying */
        gjk_quat q = c == 2 ? gjk_quat_mul(axis_angle(0, 0, 1, 0.3), axis_angle(1, 0, 0, PI / 2)) : axis_angle(0, 0, 1, 0.4);
        gjk_vec3 at = gjk_v3(c == 1 ? GJK_R(1.75) : GJK_R(0.25), GJK_R(0.125), c == 1 || c == 2 ? 1 : GJK_R(0.75));
        at.z -= GJK_R(0.0078125);
        gjk_pair3 p0 = {&ground0, gjk_pose3_identity(), bodies0[c], gjk_pose3_make(at, q)};
        gjk_manifold3 m0 = gjk_collide3(&p0, 0, NULL);
        assert_true(m0.count >= 2);
        for (int e = 0; e < 4; ++e) {
            int ex = exps[c > 0][e];
            gjk_real k = (gjk_real)ldexp(1, ex);
            gjk_shape3 ground = gjk_box3(gjk_scale3(ground0.box.half_extents, k)), body = *bodies0[c];
            if (c == 0) body.box.half_extents = gjk_scale3(box0.box.half_extents, k);
            else body.cylinder.radius *= k, body.cylinder.half_height *= k;
            gjk_pair3 p = {&ground, gjk_pose3_identity(), &body, gjk_pose3_make(gjk_scale3(at, k), q)};
            gjk_manifold3 m = gjk_collide3(&p, 0, NULL);
            if (m.count != m0.count) fail_msg("scene %d at 2^%d: %d points, %d at 1", c, ex, m.count, m0.count);
            for (int i = 0; i < m0.count; ++i) {
                const gjk_manifold_point3 *q1 = by_id(&m, m0.points[i].id);
                if (!q1) fail_msg("scene %d at 2^%d: id %08x lost", c, ex, m0.points[i].id);
                EXPECT_NEAR(q1->separation / k, m0.points[i].separation, 8 * EXACT);
                expect_vec(gjk_scale3(q1->point_a, 1 / k), m0.points[i].point_a, 8 * EXACT);
            }
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reduction_keeps_deepest),
        cmocka_unit_test(test_corners_on_the_rim),
        cmocka_unit_test(test_hull_face_through_deepest_vertex),
        cmocka_unit_test(test_big_hull_faces),
        cmocka_unit_test(test_equal_cylinders_stacked),
        cmocka_unit_test(test_scale_invariance),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
