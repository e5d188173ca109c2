// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* GJK distance and intersection in 3D against closed forms, the query contracts (invalid input, caches,
   normalisation) and named regressions for the hazards in docs/numerics.md. */
#include "testutil.h"

static gjk_pose3 at(double x, double y, double z) {
    return gjk_pose3_make(gjk_v3((gjk_real)x, (gjk_real)y, (gjk_real)z), gjk_quat_identity());
}
static gjk_result3 sd(gjk_shape3 a, gjk_pose3 pa, gjk_shape3 b, gjk_pose3 pb) {
    gjk_pair3 p = {&a, pa, &b, pb};
    return gjk_signed_distance3(&p, NULL);
}

/* Sphere pairs: distance = |c| - r1 - r2 exactly, in every direction and at every scale. */
static void test_sphere_sphere_closed_form(void **st) {
    (void)st;
    test_rng r = {1};
    for (int i = 0; i < 10000; ++i) {
        double r1 = test_uniform(&r, 0.01, 2), r2 = test_uniform(&r, 0.01, 2);
        gjk_vec3 c = gjk_scale3(test_unit3(&r), (gjk_real)test_uniform(&r, 0.05, 8));
        gjk_vec3 o = test_vec3(&r, -10, 10);
        gjk_shape3 a = gjk_sphere3((gjk_real)r1), b = gjk_sphere3((gjk_real)r2);
        gjk_result3 res = sd(a, gjk_pose3_make(o, test_quat(&r)), b, gjk_pose3_make(gjk_add3(o, c), test_quat(&r)));
        assert_int_equal(res.status, GJK_OK);
        check_result3(&res, 10);
        EXPECT_NEAR(res.distance, gjk_len3(c) - r1 - r2, TU(1e-13) * 10);
        gjk_vec3 n = gjk_normalize3(c);
        EXPECT_NEAR(gjk_dot3(res.normal, n), 1, TU(1e-12));
    }
}

/* Point (or sphere) against a box: the distance to the box, negative inside (depth to the nearest face). */
static double box_signed_distance(gjk_vec3 p, gjk_vec3 h) {
    double qx = fabs(p.x) - h.x, qy = fabs(p.y) - h.y, qz = fabs(p.z) - h.z;
    double ox = fmax(qx, 0), oy = fmax(qy, 0), oz = fmax(qz, 0);
    return sqrt(ox * ox + oy * oy + oz * oz) + fmin(fmax(qx, fmax(qy, qz)), 0);
}

static void test_sphere_box_closed_form(void **st) {
    (void)st;
    test_rng r = {2};
    for (int i = 0; i < 10000; ++i) {
        gjk_vec3 h = test_vec3(&r, 0.1, 2);
        double rad = test_uniform(&r, 0.05, 1);
        gjk_vec3 c = test_vec3(&r, -3, 3);
        gjk_quat q = test_quat(&r);
        gjk_vec3 o = test_vec3(&r, -5, 5);
        gjk_shape3 box = gjk_box3(h), sph = gjk_sphere3((gjk_real)rad);
        gjk_result3 res = sd(box, gjk_pose3_make(o, q), sph, gjk_pose3_make(gjk_add3(o, gjk_quat_rotate(q, c)), q));
        check_result3(&res, 5);
        double want = box_signed_distance(c, h) - rad;
        EXPECT_NEAR(res.distance, want, TU(1e-11) * 5);
        /* intersect agrees with the sign */
        gjk_pair3 p = {&box, gjk_pose3_make(o, q), &sph, gjk_pose3_make(gjk_add3(o, gjk_quat_rotate(q, c)), q)};
        gjk_result3 in = gjk_intersect3(&p, NULL);
        if (fabs(want) > TU(1e-9)) assert_int_equal(in.intersect, want <= 0);
    }
}

static void test_invalid_input(void **st) {
    (void)st;
    gjk_shape3 box = gjk_box3(gjk_v3(1, 1, 1)), bad = gjk_sphere3(-1);
    gjk_pair3 p = {&box, gjk_pose3_identity(), &box, at(3, 0, 0)};
    gjk_result3 (*fns[4])(const gjk_pair3 *, gjk_cache3 *) = {gjk_intersect3, gjk_distance3, gjk_penetration3,
                                                               gjk_signed_distance3};
    for (int f = 0; f < 4; ++f) {
        assert_int_equal(fns[f](NULL, NULL).status, GJK_INVALID_INPUT);
        gjk_pair3 q = p;
        q.a = NULL;
        assert_int_equal(fns[f](&q, NULL).status, GJK_INVALID_INPUT);
        q = p;
        q.b = &bad;
        assert_int_equal(fns[f](&q, NULL).status, GJK_INVALID_INPUT);
        q = p;
        q.pose_b.position.y = (gjk_real)NAN;
        gjk_result3 r = fns[f](&q, NULL);
        assert_int_equal(r.status, GJK_INVALID_INPUT);
        assert_true(r.distance == 0 && !r.intersect && r.normal.x == 0);
        q = p;
        q.pose_a.rotation.w = 0; /* zero quaternion: no rotation can be meant */
        assert_int_equal(fns[f](&q, NULL).status, GJK_INVALID_INPUT);
        q = p;
        q.pose_a.rotation.x = (gjk_real)INFINITY;
        assert_int_equal(fns[f](&q, NULL).status, GJK_INVALID_INPUT);
    }
}

/* Quaternions that are not unit length are normalised: same answer as the unit one. */
static void test_quaternion_normalised(void **st) {
    (void)st;
    gjk_shape3 box = gjk_box3(gjk_v3(1, 0.5, 0.25));
    gjk_quat q = gjk_quat_from_axis_angle(gjk_v3(1, 2, 3), (gjk_real)0.7);
    gjk_quat q5 = {q.w * 5, q.x * 5, q.y * 5, q.z * 5};
    gjk_result3 a = sd(box, gjk_pose3_identity(), box, gjk_pose3_make(gjk_v3(2, 0.1, 0), q));
    gjk_result3 b = sd(box, gjk_pose3_identity(), box, gjk_pose3_make(gjk_v3(2, 0.1, 0), q5));
    EXPECT_NEAR(a.distance, b.distance, TU(1e-14));
}

/* The four queries agree: intersect with the sign of the signed distance, distance with its positive part,
   penetration with it when overlapping; a warm cache gives the same answer. */
static void test_queries_agree(void **st) {
    (void)st;
    test_rng r = {3};
    gjk_shape3 shapes[6] = {gjk_box3(gjk_v3(1, 0.5, 0.3)), gjk_capsule3(0.3, 0.8), gjk_cylinder3(0.5, 0.7),
                            gjk_cone3(0.6, 0.6), gjk_ellipsoid3(gjk_v3(0.9, 0.5, 0.4)),
                            gjk_rounded3(gjk_box3(gjk_v3(0.4, 0.4, 0.4)), 0.1)};
    for (int i = 0; i < 3000; ++i) {
        gjk_shape3 *a = &shapes[test_next(&r) % 6], *b = &shapes[test_next(&r) % 6];
        gjk_pair3 p = {a, gjk_pose3_make(test_vec3(&r, -1, 1), test_quat(&r)), b,
                       gjk_pose3_make(test_vec3(&r, -2, 2), test_quat(&r))};
        gjk_result3 s = gjk_signed_distance3(&p, NULL);
        gjk_result3 in = gjk_intersect3(&p, NULL);
        gjk_result3 d = gjk_distance3(&p, NULL);
        gjk_result3 pen = gjk_penetration3(&p, NULL);
        assert_true(s.status == GJK_OK || s.status == GJK_MAX_ITERATIONS);
        check_result3(&s, 4);
        double curved_tol = TU(1e-6); /* curved cores: EPA stops at a relative gap of 1e-9 (float 1e-5) */
        if (fabs(s.distance) > curved_tol) assert_int_equal(in.intersect, s.intersect);
        EXPECT_NEAR(d.distance, fmax(s.distance, 0), curved_tol);
        if (s.intersect) {
            EXPECT_NEAR(pen.distance, s.distance, curved_tol);
        } else {
            assert_false(pen.intersect);
            assert_true(pen.distance <= s.distance + curved_tol); /* a lower bound */
            assert_true(in.distance <= s.distance + curved_tol);
        }
        gjk_cache3 cache = {0};
        gjk_signed_distance3(&p, &cache);
        p.pose_b.position.x += (gjk_real)1e-3;
        gjk_result3 warm = gjk_signed_distance3(&p, &cache), cold = gjk_signed_distance3(&p, NULL);
        EXPECT_NEAR(warm.distance, cold.distance, curved_tol);
    }
}

/* libccd #25 / #68: touching boxes gave NaN or crashed. Exactly touching faces: distance exactly 0 (within
   rounding), intersect true, the face normal. */
static void test_regression_touching_boxes(void **st) {
    (void)st;
    gjk_shape3 box = gjk_box3(gjk_v3(1, 1, 1));
    double offs[5][2] = {{0, 0}, {0.5, 0.25}, {1.5, 1.5}, {2, 2}, {-0.3, 1.99}};
    for (int i = 0; i < 5; ++i) {
        gjk_result3 r = sd(box, gjk_pose3_identity(), box, at(2, offs[i][0], offs[i][1]));
        assert_int_equal(r.status, GJK_OK);
        EXPECT_NEAR(r.distance, 0, TU(1e-14));
        assert_true(r.intersect);
        if (i != 3) EXPECT_NEAR(r.normal.x, 1, TU(1e-12)); /* (2, 2, 2) touches at an edge: normal not unique */
        check_result3(&r, 2);
    }
}

/* Boxes stacked with tiny gaps and overlaps (1e-9 .. 1e-3): the sign and size survive. */
static void test_regression_stacked_tiny_gaps(void **st) {
    (void)st;
    gjk_shape3 box = gjk_box3(gjk_v3(1, 1, 1));
    for (double g = 1e-9; g <= 1e-3; g *= 10) {
        if (g < TU(1e-9)) continue;
        for (int s = -1; s <= 1; s += 2) {
            gjk_result3 r = sd(box, gjk_pose3_identity(), box, at(0.3, -0.2, 2 + s * g));
            EXPECT_NEAR(r.distance, s * g, TU(1e-14) + g * TU(1e-6));
            EXPECT_NEAR(r.normal.z, 1, TU(1e-9));
        }
    }
}

/* fcl #508: an exact distance of 3 came out as 3.16. Box and sphere with the gap along an axis. */
static void test_regression_exact_three(void **st) {
    (void)st;
    gjk_result3 r = sd(gjk_box3(gjk_v3(1, 1, 1)), gjk_pose3_identity(), gjk_sphere3(1), at(0, 0, 5));
    EXPECT_NEAR(r.distance, 3, TU(1e-15));
    r = sd(gjk_box3(gjk_v3(1, 1, 1)), gjk_pose3_identity(), gjk_box3(gjk_v3(1, 1, 1)), at(5, 0.5, -0.5));
    EXPECT_NEAR(r.distance, 3, TU(1e-15));
}

/* Far from the origin: the pair is moved into A's frame first, so 1e4 (and 1e6 in double) offsets keep digits. */
static void test_regression_far_from_origin(void **st) {
    (void)st;
    double far = GJK_USE_FLOAT ? 1e3 : 1e6;
    gjk_shape3 box = gjk_box3(gjk_v3(0.01, 0.01, 0.01));
    gjk_result3 r = sd(box, at(far, far, -far), box, at(far + 0.021, far, -far));
    EXPECT_NEAR(r.distance, 0.001, GJK_USE_FLOAT ? 2e-4 : 1e-9); /* 1e6 + 0.021 is itself off by ~1e-10 */
    r = sd(box, at(far, far, -far), box, at(far + 0.019, far + 0.001, -far));
    EXPECT_NEAR(r.distance, -0.001, GJK_USE_FLOAT ? 2e-4 : 1e-9);
}

/* libccd #17: size disparity (1e-3 .. 1e3). */
static void test_regression_size_disparity(void **st) {
    (void)st;
    gjk_shape3 big = gjk_box3(gjk_v3(1000, 1000, 1000)), small = gjk_box3(gjk_v3(0.001, 0.001, 0.001));
    gjk_result3 r = sd(big, gjk_pose3_identity(), small, at(10, 20, 1000.0015));
    EXPECT_NEAR(r.distance, 0.0005, TU(1e-12) * 1000);
    r = sd(big, gjk_pose3_identity(), small, at(10, 20, 1000.0005));
    EXPECT_NEAR(r.distance, -0.0005, TU(1e-12) * 1000);
    EXPECT_NEAR(r.normal.z, 1, TU(1e-9));
}

/* Jolt #2103: barely touching rounded shapes reported a 7 m depth. With margins the cores stay apart and the
   answer is analytic: depth = margins - core gap. */
static void test_regression_barely_touching_rounded(void **st) {
    (void)st;
    gjk_shape3 a = gjk_rounded3(gjk_box3(gjk_v3(1, 1, 1)), 0.05);
    for (double gap = -1e-6; gap <= 1e-6; gap += 5e-7) {
        gjk_result3 r = sd(a, gjk_pose3_identity(), a, at(2.1 + gap, 0.2, 0.1));
        assert_int_equal(r.epa_iterations, 0);
        EXPECT_NEAR(r.distance, gap, TU(1e-13));
    }
}

/* Cylinder and cone supports have no radial part along the axis: end to end and tip to tip must stay finite. */
static void test_regression_axis_aligned_curved(void **st) {
    (void)st;
    gjk_shape3 cyl = gjk_cylinder3(1, 1), cone = gjk_cone3(1, 1);
    gjk_result3 r = sd(cyl, gjk_pose3_identity(), cyl, at(0, 0, 2.5));
    EXPECT_NEAR(r.distance, 0.5, TU(1e-14));
    r = sd(cyl, gjk_pose3_identity(), cyl, at(0, 0, 1.9));
    EXPECT_NEAR(r.distance, -0.1, TU(1e-12));
    EXPECT_NEAR(r.normal.z, 1, TU(1e-9));
    gjk_quat flip = gjk_quat_from_axis_angle(gjk_v3(1, 0, 0), (gjk_real)3.14159265358979323846);
    r = sd(cone, gjk_pose3_identity(), cone, gjk_pose3_make(gjk_v3(0, 0, 2.5), flip));
    EXPECT_NEAR(r.distance, 0.5, TU(1e-12));
    r = sd(cyl, gjk_pose3_identity(), cyl, at(2.5, 0, 0));
    EXPECT_NEAR(r.distance, 0.5, TU(1e-12));
}

/* Identical shapes at the same pose, and full containment: finite depth along a valid direction. */
static void test_regression_identical_and_contained(void **st) {
    (void)st;
    gjk_shape3 box = gjk_box3(gjk_v3(1, 2, 3)), sph = gjk_sphere3(1);
    gjk_result3 r = sd(box, gjk_pose3_identity(), box, gjk_pose3_identity());
    EXPECT_NEAR(r.distance, -2, TU(1e-14));
    check_result3(&r, 3);
    r = sd(sph, gjk_pose3_identity(), sph, gjk_pose3_identity());
    EXPECT_NEAR(r.distance, -2, TU(1e-15));
    check_result3(&r, 3);
    r = sd(box, gjk_pose3_identity(), gjk_box3(gjk_v3(0.1, 0.1, 0.1)), at(0.5, 0, 0));
    EXPECT_NEAR(r.distance, -0.6, TU(1e-14));
    EXPECT_NEAR(r.normal.x, 1, TU(1e-12));
}


static gjk_vec3 nan_support(gjk_vec3 d, const void *data) {
    (void)d;
    (void)data;
    return gjk_v3((gjk_real)NAN, 0, 0);
}

/* No NaN leaves the library for finite input, whatever the shapes: degenerate sizes (zero-length capsules and
   segments, sliver triangles, 1e-6-thin boxes), size disparity 1e-3..1e3, every query, bounded iterations. */
static void test_no_nan_any_pair(void **st) {
    (void)st;
    gjk_shape3 shapes[] = {
        gjk_point3(), gjk_segment3(gjk_v3(0, 0, 0), gjk_v3(0, 0, 0)), gjk_segment3(gjk_v3(-1, 0, 0), gjk_v3(1, 0, 0)),
        gjk_triangle3(gjk_v3(0, 0, 0), gjk_v3(1, 0, 0), gjk_v3(2, (gjk_real)1e-9, 0)),
        gjk_triangle3(gjk_v3(0, 0, 0), gjk_v3(1, 0, 0), gjk_v3(0, 1, 0)), gjk_box3(gjk_v3(1, 1, (gjk_real)1e-6)),
        gjk_box3(gjk_v3(1000, 1000, 1000)), gjk_box3(gjk_v3((gjk_real)1e-3, (gjk_real)1e-3, (gjk_real)1e-3)),
        gjk_sphere3((gjk_real)1e-3), gjk_capsule3(0, 0), gjk_capsule3(0.5, 0), gjk_capsule3(0, 1),
        gjk_cylinder3(1, (gjk_real)1e-6), gjk_cone3((gjk_real)1e-4, 1), gjk_ellipsoid3(gjk_v3(1, 1, (gjk_real)1e-6)),
        gjk_rounded3(gjk_point3(), 0.5), gjk_user3(nan_support, NULL)};
    int n = (int)(sizeof shapes / sizeof shapes[0]);
    test_rng r = {99};
    for (int i = 0; i < 20000; ++i) {
        const gjk_shape3 *a = &shapes[test_next(&r) % (unsigned)n], *b = &shapes[test_next(&r) % (unsigned)n];
        double spread = pow(10, test_uniform(&r, -3, 3));
        gjk_pair3 p = {a, gjk_pose3_make(test_vec3(&r, -1, 1), test_quat(&r)), b,
                       gjk_pose3_make(gjk_scale3(test_vec3(&r, -1, 1), (gjk_real)spread), test_quat(&r))};
        if (i % 7 == 0) p.pose_b = p.pose_a; /* same pose */
        gjk_result3 res[4] = {gjk_intersect3(&p, NULL), gjk_distance3(&p, NULL), gjk_penetration3(&p, NULL),
                              gjk_signed_distance3(&p, NULL)};
        for (int k = 0; k < 4; ++k) {
            assert_true(isfinite(res[k].distance));
            assert_true(test_finite3(res[k].normal) && test_finite3(res[k].point_a) && test_finite3(res[k].point_b));
            assert_true(res[k].iterations <= GJK_MAX_GJK_ITERATIONS);
            assert_true(res[k].epa_iterations <= 4 * GJK_EPA_MAX_VERTICES);
            /* A callback answering NaN is invalid input (gjk/shape.h); every other pair here is valid. */
            bool nan_user = a->type == GJK_SHAPE3_USER || b->type == GJK_SHAPE3_USER;
            assert_true(nan_user ? res[k].status == GJK_INVALID_INPUT : res[k].status != GJK_INVALID_INPUT);
        }
    }
}

/* Found by fuzz/fuzz_query.c: a point at x = 4.4e176 against a segment near the origin. Every input was finite,
   but the squared distance overflowed to infinity and the witnesses came out NaN with status GJK_OK. Coordinates
   and sizes beyond GJK_MAX_COORD (1e150 in double, 1e18 in float) are now invalid input; just inside the bound the
   answer is finite. */
static void test_regression_huge_coordinates(void **st) {
    (void)st;
    gjk_shape3 pt = gjk_point3(), seg = gjk_segment3(gjk_v3(-4, -4, -4), gjk_v3(1, 1, 1));
    gjk_pair3 p = {&pt, gjk_pose3_make(gjk_v3((gjk_real)4.43e176, 0, -4), gjk_quat_identity()), &seg,
                   gjk_pose3_identity()};
    if (!GJK_USE_FLOAT) { /* 4.4e176 is not a float at all */
        gjk_result3 r = gjk_signed_distance3(&p, NULL);
        assert_int_equal(r.status, GJK_INVALID_INPUT);
        assert_true(r.distance == 0);
    }
    gjk_real big = GJK_USE_FLOAT ? (gjk_real)1e17f : (gjk_real)1e149;
    p.pose_a.position.x = big;
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_int_equal(r.status, GJK_OK);
    check_result3(&r, big);
    gjk_shape3 huge = gjk_box3(gjk_v3(big * 100, 1, 1));
    assert_int_equal(gjk_shape3_validate(&huge), GJK_INVALID_INPUT);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sphere_sphere_closed_form),
        cmocka_unit_test(test_sphere_box_closed_form),
        cmocka_unit_test(test_invalid_input),
        cmocka_unit_test(test_quaternion_normalised),
        cmocka_unit_test(test_queries_agree),
        cmocka_unit_test(test_regression_touching_boxes),
        cmocka_unit_test(test_regression_stacked_tiny_gaps),
        cmocka_unit_test(test_regression_exact_three),
        cmocka_unit_test(test_regression_far_from_origin),
        cmocka_unit_test(test_regression_size_disparity),
        cmocka_unit_test(test_regression_barely_touching_rounded),
        cmocka_unit_test(test_regression_axis_aligned_curved),
        cmocka_unit_test(test_regression_identical_and_contained),
        cmocka_unit_test(test_no_nan_any_pair),
        cmocka_unit_test(test_regression_huge_coordinates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
