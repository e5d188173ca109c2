/* GJK distance and intersection in 3D against closed forms, the query contracts (invalid input, caches,
   normalisation) and named regressions for the hazards in NUMERICS.md. */
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

/* Found by fuzz/fuzz_query.c (seed fuzz/corpus/fuzz_query/regression_box_edge_tie): two nearly aligned boxes touching along an
   edge. The closed form's cross axis (nearly parallel edges) showed the true depth, 0, but its edges did not cross
   inside both boxes, and the best face axis (depth 0.107) was taken as a tie: the depth was overstated and the
   contact point lay 0.107 outside A. The qhull oracle (the hull of the 64 corner differences) gives depth 0 with
   normal (-0.025, 0, -0.9997). */
static void test_regression_box_edge_tie(void **st) {
    (void)st;
    gjk_shape3 a = gjk_box3(gjk_v3(4, 4, 4)), b = gjk_box3(gjk_v3((gjk_real)2.96, (gjk_real)2.96, (gjk_real)2.96));
    gjk_quat qa = {-4, -4, -4, -4}, qb = {(gjk_real)-3.8, -4, -4, -4};
    gjk_real c = (gjk_real)2.96;
    gjk_pair3 p = {&a, gjk_pose3_make(gjk_v3(c, c, c), qa), &b, gjk_pose3_make(gjk_v3(-4, (gjk_real)-0.28, -4), qb)};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_true(r.status == GJK_OK || r.status == GJK_DEGENERATE);
    EXPECT_NEAR(r.distance, 0, TU(1e-12));
    assert_true(r.intersect);
    EXPECT_NEAR(r.normal.z, -0.99968765, TU(1e-6));
    /* The contact point lies on A: not below A's bottom face z = 2.96 - 4. */
    assert_true(r.point_a.z >= (c - 4) - TU(1e-12));
}

/* Found by fuzz/fuzz_query.c (seed fuzz/corpus/fuzz_query/regression_sliver_witness): a sphere of radius 3.76 whose
   centre is 0.0311 from the rim of a cylinder core (radius 1.4, half height 2.72, rounded by 3.8). GJK ends on a
   sliver triangle of nearly equal points: its closest point v (the plane projection) is right, but the
   barycentric weights are ill-conditioned and sum(lambda_i b_i) missed v by 1e-4. Re-centring both witnesses on the
   normal then moved the sphere's contact point 6.5e-5 off the sphere. Closed form: the core distance is
   hypot(hypot(0.64, 1.28) - 1.4, 0) = 0.0310835 (the centre in B's frame is (0.64, 1.28, 0.24)). */
static void test_regression_sliver_witness(void **st) {
    (void)st;
    /* (A capsule of negligible length: a plain sphere takes another path, and the fuzzer's had 1.2e-303.) */
    gjk_real tiny = GJK_USE_FLOAT ? (gjk_real)1e-30 : (gjk_real)1e-200;
    gjk_shape3 a = gjk_capsule3((gjk_real)3.76, tiny), b = gjk_rounded3(gjk_cylinder3((gjk_real)1.4, (gjk_real)2.72), (gjk_real)3.8);
    gjk_quat qa = {0, -4, -4, -4}, qb = {-4, -4, -4, -4};
    gjk_vec3 ca = gjk_v3((gjk_real)-3.76, (gjk_real)-3.36, (gjk_real)-2.72);
    gjk_pair3 p = {&a, gjk_pose3_make(ca, qa), &b, gjk_pose3_make(gjk_v3(-4, -4, -4), qb)};
    double core = hypot(hypot(0.64, 1.28) - 1.4, 0);
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_int_equal(r.status, GJK_OK);
    EXPECT_NEAR(r.distance, core - 3.76 - 3.8, TU(1e-6));
    /* The contact point on the sphere is on its surface, along the normal from its centre. */
    gjk_vec3 off = gjk_sub3(r.point_a, ca);
    EXPECT_NEAR(gjk_len3(off), 3.76, TU(1e-9));
    EXPECT_NEAR(gjk_dot3(off, r.normal), 3.76, TU(1e-9));
}

/* Found by fuzz/fuzz_query.c (seed fuzz/corpus/fuzz_query/regression_curved_stall): a sliver triangle 1.5 long whose
   short edge (1e-5) touches the rim of a cylinder 1e5 times smaller (radius and half height 5.5e-6): the edge
   passes exactly through the rim point (5.5e-6, 0, 5.5e-6), so the distance is 0. The triangle's face is nearly
   parallel to GJK's direction, so each support offers its far vertex, which cannot bring v closer, while the
   closest point would have to creep along the rim: GJK stops when rounding hides its progress, 1.6e-7 short
   (1e-7 of the pair's size; README "Known limits"). This pins that bound and the agreement of the queries within
   it: intersect says touching. */
static void test_regression_curved_stall(void **st) {
    (void)st;
    gjk_real e = (gjk_real)5.5e-6;
    gjk_shape3 a = gjk_triangle3(gjk_v3((gjk_real)-1.52, (gjk_real)1.12, (gjk_real)1.36),
                                 gjk_v3(e, (gjk_real)-5.0625e-6, e), gjk_v3(e, e, e));
    gjk_shape3 b = gjk_cylinder3(e, e);
    gjk_quat q = {e, e, e, e};
    gjk_pair3 p = {&a, gjk_pose3_make(gjk_v3(e, e, e), q), &b, gjk_pose3_make(gjk_v3(e, e, e), q)};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_true(r.status == GJK_OK || (GJK_USE_FLOAT && r.status == GJK_DEGENERATE)); /* float: EPA's estimate */
    double size = 1.52;
    assert_true(fabs(r.distance) <= (GJK_USE_FLOAT ? 1e-3 : 1e-6) * size);
    gjk_result3 in = gjk_intersect3(&p, NULL);
    assert_int_equal(in.status, GJK_OK);
    assert_true(in.intersect);
    gjk_result3 d = gjk_distance3(&p, NULL);
    assert_true(d.distance >= 0 && d.distance <= (GJK_USE_FLOAT ? 1e-3 : 1e-6) * size);
}

/* Found by fuzz/fuzz_query.c in float (seed regression_tiny_normal): a point at the centre of a capsule whose half
   height is 2.2e-23, rounded by 4. The normal comes from the capsule's axis, whose squared length (4.9e-46)
   underflowed to a subnormal in float: normalising it gave a "unit" normal of length 1.18, and a contact point
   1.45 off the capsule. gjk_normalize3 now rescales a vector whose squares underflow. In double the same happens
   below 1e-154: the test uses a half height that underflows in each precision. */
static void test_regression_tiny_normal(void **st) {
    (void)st;
    gjk_real h = GJK_USE_FLOAT ? (gjk_real)2.2129345e-23 : (gjk_real)1e-160;
    gjk_shape3 a = gjk_point3(), b = gjk_rounded3(gjk_capsule3((gjk_real)3.96, h), 4);
    gjk_quat q = {-4, -4, -4, -4};
    gjk_pair3 p = {&a, gjk_pose3_make(gjk_v3(-4, -4, -4), q), &b, gjk_pose3_make(gjk_v3(-4, -4, -4), q)};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_int_equal(r.status, GJK_OK);
    EXPECT_NEAR(r.distance, -7.96, TU(1e-12));
    EXPECT_NEAR(gjk_len3(r.normal), 1, TU(1e-14));
    /* Both contact points on the capsule's axis line through the point, 7.96 apart along the normal. */
    EXPECT_NEAR(gjk_len3(gjk_sub3(r.point_a, gjk_v3(-4, -4, -4))), 0, TU(1e-12));
    EXPECT_NEAR(gjk_len3(gjk_sub3(r.point_b, gjk_v3(-4, -4, -4))), 7.96, TU(1e-12));
    gjk_vec2 d = gjk_normalize2(gjk_v2(h, h));
    EXPECT_NEAR(gjk_len2(d), 1, TU(1e-14));
}

/* Found by fuzz/fuzz_query.c (seed regression_tiny_gap): two points 3.2e-277 apart. Squared lengths underflow
   below about 1e-154 (float 1e-19), so a gap that small reads as touching: the documented absolute resolution
   (README "Known limits"), the mirror of the 1e150 bound on coordinates. The answer must still be finite and
   consistent: touching, distance 0, one common point between the two. */
static void test_regression_tiny_gap(void **st) {
    (void)st;
    gjk_real z = GJK_USE_FLOAT ? (gjk_real)-3e-25 : (gjk_real)-3.1767923946021877e-277;
    gjk_shape3 a = gjk_point3();
    gjk_quat qa = {0, (gjk_real)0.72, 0, (gjk_real)0.48}, qb = {-4, -4, -4, -4};
    gjk_pair3 p = {&a, gjk_pose3_make(gjk_v3(0, 0, z), qa), &a, gjk_pose3_make(gjk_v3(0, 0, 0), qb)};
    gjk_result3 r[4] = {gjk_signed_distance3(&p, NULL), gjk_distance3(&p, NULL), gjk_penetration3(&p, NULL),
                        gjk_intersect3(&p, NULL)};
    for (int k = 0; k < 4; ++k) {
        assert_int_equal(r[k].status, GJK_OK);
        assert_true(r[k].intersect);
        assert_true(r[k].distance == 0);
    }
    assert_true(r[0].point_a.z <= 0 && r[0].point_a.z >= z);
}

/* Found by fuzz/fuzz_query.c (seed regression_segment_box_corner): a capsule's segment passing exactly through a
   corner of a box turned 180 degrees about its diagonal, touching it there without entering. The capsule-box
   closed form saw the true depth, 0, on a cross axis (box edge x segment), but the two edges meet at the box
   edge's end, not inside both, and the best face axis (depth 0.587) was taken as a tie: the depth was overstated
   and the capsule's contact point lay 0.39 off it. The qhull oracle on the 16 corner-endpoint differences gives
   depth 0; with a radius r the shapes overlap by r. */
static void test_regression_segment_box_corner(void **st) {
    (void)st;
    gjk_real radii[2] = {0, (gjk_real)0.1};
    for (int i = 0; i < 2; ++i) {
        gjk_shape3 a = gjk_box3(gjk_v3(4, 4, 4)), b = gjk_capsule3(radii[i], (gjk_real)1.76);
        gjk_quat qa = {0, -4, -4, -4}, qb = {-4, -4, -4, -4};
        gjk_pair3 p = {&a, gjk_pose3_make(gjk_v3(0, 0, 0), qa), &b, gjk_pose3_make(gjk_v3(-4, -4, -4), qb)};
        gjk_result3 r = gjk_signed_distance3(&p, NULL);
        assert_int_equal(r.status, GJK_OK);
        EXPECT_NEAR(r.distance, -radii[i], TU(1e-12));
        assert_true(r.intersect);
        /* The capsule's contact point is within its radius of its axis, the world x line y = z = -4. */
        EXPECT_NEAR(hypot(r.point_b.y + 4, r.point_b.z + 4), radii[i], TU(1e-12));
    }
}

/* Found by fuzz/fuzz_query.c in float (seed regression_sliver_face_witness): two spiky hulls (vertices 1e5 and 6e4
   from the rest) overlapping at one pose. EPA's final face was a sliver 1.6e5 long and 7 wide, and the origin's
   projection fell just outside it; clamping the raw barycentric coordinates and rescaling them slid the contact
   points 1.2e4 along the sliver, off both hulls. The face's closest point to the projection (Ericson 5.1.5) stays
   on it. Checked: each contact point is within rounding of its hull (a point shape there is at distance ~0). */
#define R_(x) ((gjk_real)(x))
static void test_regression_sliver_face_witness(void **st) {
    (void)st;
    static const gjk_vec3 A[] = {{R_(-1.2799999713897705), R_(-1.2799999713897705), R_(-1.2799999713897705)}, {R_(-1.2799999713897705), R_(-1.2799999713897705), R_(-1.2799999713897705)}, {R_(-1.2799999713897705), R_(-4), R_(-3.9200000762939453)}, {R_(-100000), R_(0.47999998927116394), R_(0.47999998927116394)}, {R_(3.0399999618530273), R_(-2.559999942779541), R_(-3.880000114440918)}, {R_(0), R_(-2.880000114440918), R_(-4)}, {R_(1.1200000047683716), R_(-3.5999999046325684), R_(-2.7200000286102295)}, {R_(-4), R_(1.0800000429153442), R_(0)}, {R_(0), R_(0.47999998927116394), R_(-1.2799999713897705)}, {R_(-1.2799999713897705), R_(-4), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-0.800000011920929), R_(-1.2799999713897705)}, {R_(-1.2799999713897705), R_(-1.2799999713897705), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(1.4800000190734863), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-4), R_(-2.0799999237060547)}};
    static const gjk_vec3 B[] = {{R_(-1.2799999713897705), R_(-1.2799999713897705), R_(0)}, {R_(-3.9200000762939453), R_(-1.9600000381469727), R_(0.1599999964237213)}, {R_(-4), R_(-3.799999952316284), R_(2.759999990463257)}, {R_(0), R_(-3.759999990463257), R_(-0.5600000023841858)}, {R_(-3.9600000381469727), R_(-2.119999885559082), R_(-3.4000000953674316)}, {R_(0), R_(-3.9200000762939453), R_(-1.9600000381469727)}, {R_(0.1599999964237213), R_(-4), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-0.800000011920929), R_(1.7599999904632568)}, {R_(-3.880000114440918), R_(-3.9600000381469727), R_(-3.799999952316284)}, {R_(-3.759999990463257), R_(-0.800000011920929), R_(6.125000072643161e-05)}, {R_(61250), R_(61250), R_(61250)}, {R_(61250), R_(0), R_(-3.9200000762939453)}, {R_(-0.1599999964237213), R_(-4), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-3.680000066757202), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-1.2799999713897705), R_(-1.2799999713897705)}, {R_(-1.2799999713897705), R_(-1.2799999713897705), R_(-1.2799999713897705)}, {R_(-4), R_(-4), R_(-4)}};
    gjk_hull3 *ha = gjk_hull3_create(A, (int)(sizeof A / sizeof A[0]), NULL);
    gjk_hull3 *hb = gjk_hull3_create(B, (int)(sizeof B / sizeof B[0]), NULL);
    assert_non_null(ha);
    assert_non_null(hb);
    gjk_shape3 a = gjk_hull_shape3(ha), b = gjk_hull_shape3(hb), pt = gjk_point3();
    gjk_quat q = {-4, -4, -4, -4};
    gjk_pose3 pose = gjk_pose3_make(gjk_v3(-4, -4, -4), q);
    gjk_pair3 p = {&a, pose, &b, pose};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_int_equal(r.status, GJK_OK);
    assert_true(r.intersect);
    double size = 1.6e5, tol = GJK_USE_FLOAT ? 1e-4 * size : 1e-12 * size;
    gjk_pair3 on_a = {&a, pose, &pt, gjk_pose3_make(r.point_a, gjk_quat_identity())};
    gjk_pair3 on_b = {&b, pose, &pt, gjk_pose3_make(r.point_b, gjk_quat_identity())};
    assert_true(gjk_distance3(&on_a, NULL).distance <= tol);
    assert_true(gjk_distance3(&on_b, NULL).distance <= tol);
    gjk_hull3_destroy(ha);
    gjk_hull3_destroy(hb);
}
#undef R_

/* Found by fuzz/fuzz_query.c in float (seed regression_nonconvex_face): a cylinder 61250 wide and tall around a
   spiky hull (vertices 6e4 out) at the same pose. Rounding left EPA's polytope non-convex: it ended on a cap face
   whose plane lay 1.5 inside D's support there and whose projection of the origin fell 6e4 outside it, so its
   contact points were 6e4 off the hull. Such a face now hands over to D's support along its normal: an upper
   bound of the depth (here the exact 61247.52, from the cap at 61250 and the hull's top at -2.48), B's support
   point, and that point carried onto A's supporting plane. */
#define R_(x) ((gjk_real)(x))
static void test_regression_nonconvex_face(void **st) {
    (void)st;
    static const gjk_vec3 B[] = {
        {R_(-2.4800000190734863), R_(-2.4800000190734863), R_(-2.4800000190734863)},
        {R_(-2.4800000190734863), R_(-2.4800000190734863), R_(-2.4800000190734863)},
        {R_(-2.4800000190734863), R_(-58125.0), R_(-4.0)},
        {R_(-4.0), R_(-2.4000000953674316), R_(-4.0)},
        {R_(-3.9200000762939453), R_(-4.0), R_(-3.9600000381469727)},
        {R_(-3.9200000762939453), R_(-4.0), R_(-4.0)},
        {R_(-4.0), R_(61250.0), R_(-4.0)},
        {R_(-4.0), R_(-4.0), R_(-4.0)},
        {R_(-4.0), R_(-4.0), R_(-4.0)},
        {R_(-4.0), R_(-4.0), R_(-4.0)},
        {R_(-4.0), R_(-4.0), R_(-4.0)},
        {R_(-4.0), R_(-4.0), R_(-4.0)},
        {R_(-4.0), R_(-4.0), R_(-4.0)},
        {R_(-4.0), R_(-4.0), R_(-4.0)},
        {R_(-4.0), R_(-4.0), R_(-4.0)}};
    gjk_hull3 *hb = gjk_hull3_create(B, (int)(sizeof B / sizeof B[0]), NULL);
    assert_non_null(hb);
    gjk_shape3 a = gjk_cylinder3(61250, 61250), b = gjk_hull_shape3(hb), pt = gjk_point3();
    gjk_quat q = {-4, -4, -4, -4};
    gjk_pose3 pose = gjk_pose3_make(gjk_v3(-4, -4, -4), q);
    gjk_pair3 p = {&a, pose, &b, pose};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_true(r.status == GJK_OK || r.status == GJK_DEGENERATE);
    double size = 1.2e5, tol = GJK_USE_FLOAT ? 1e-4 * size : 1e-9 * size;
    EXPECT_NEAR(r.distance, -61247.52, tol);
    gjk_pair3 on_a = {&a, pose, &pt, gjk_pose3_make(r.point_a, gjk_quat_identity())};
    gjk_pair3 on_b = {&b, pose, &pt, gjk_pose3_make(r.point_b, gjk_quat_identity())};
    assert_true(gjk_distance3(&on_a, NULL).distance <= tol);
    assert_true(gjk_distance3(&on_b, NULL).distance <= tol);
    gjk_hull3_destroy(hb);
}
#undef R_

/* Found by fuzz/fuzz_query.c (seed regression_subnormal_normal): a one-point hull 5.8e-157 from a point. GJK's
   normal was v / |v| with |v|^2 subnormal, so |v| was inexact and the normal not unit; it now goes through
   gjk_normalize3, which rescales such vectors. (In float the gap is below resolution: touching.) */
static void test_regression_subnormal_normal(void **st) {
    (void)st;
    gjk_vec3 one = {(gjk_real)5.7560578430367798e-157, (gjk_real)2.4807386400754385e-265, 0};
    gjk_hull3 *h = gjk_hull3_create(&one, 1, NULL);
    assert_non_null(h);
    gjk_shape3 a = gjk_hull_shape3(h), b = gjk_point3();
    gjk_quat q = {-4, -4, -4, -4};
    gjk_pair3 p = {&a, gjk_pose3_make(gjk_v3(-4, -4, -4), q), &b, gjk_pose3_make(gjk_v3(-4, -4, -4), q)};
    gjk_result3 r[2] = {gjk_signed_distance3(&p, NULL), gjk_distance3(&p, NULL)};
    for (int k = 0; k < 2; ++k) {
        assert_int_equal(r[k].status, GJK_OK);
        double n = gjk_len3(r[k].normal);
        assert_true(n == 0 || fabs(n - 1) <= TU(1e-14));
    }
    gjk_hull3_destroy(h);
}

/* Found by fuzz/fuzz_query.c in float (seed regression_long_cylinder_contact): a cylinder 1.4e4 long lying across
   a hull of size 8. EPA's polytope ended on a face that missed the origin's projection, and the fallback took B's
   support point along the normal as the contact, but along the cylinder's side that support is a whole line and
   the point an arbitrary end, 6e3 from the hull. The contact is now anchored on the support point nearer the
   face's own witness on its shape (here the hull's vertex). Checked: both contact points lie on their shapes
   within tolerance. */
#define R_(x) ((gjk_real)(x))
static void test_regression_long_cylinder_contact(void **st) {
    (void)st;
    static const gjk_vec3 A[] = {
        {R_(3.240000009536743), R_(-2.200000047683716), R_(-3.880000114440918)},
        {R_(-0.0), R_(-3.9600000381469727), R_(-0.1599999964237213)},
        {R_(-3.759999990463257), R_(-0.03999999910593033), R_(2.4000000953674316)},
        {R_(3.0399999618530273), R_(3.0399999618530273), R_(-3.359999895095825)},
        {R_(-3.240000009536743), R_(-4.0), R_(-4.0)},
        {R_(-4.0), R_(-0.0003000000142492354), R_(1.1200000047683716)},
        {R_(1.7599999904632568), R_(0.47999998927116394), R_(2.4000000953674316)},
        {R_(-4.0), R_(0.7599999904632568), R_(0.7599999904632568)},
        {R_(0.47999998927116394), R_(1.0399999618530273), R_(-3.9600000381469727)},
        {R_(-3.799999952316284), R_(-3.759999990463257), R_(2.4000000953674316)},
        {R_(3.0399999618530273), R_(-3.759999990463257), R_(-3.359999895095825)},
        {R_(-2.7200000286102295), R_(3.0799999237060547), R_(-1.440000057220459)},
        {R_(-0.800000011920929), R_(1.7200000286102295), R_(3.240000009536743)},
        {R_(-3.359999895095825), R_(1.7599999904632568), R_(-3.880000114440918)},
        {R_(3.0399999618530273), R_(-4.0), R_(-2.5199999809265137)},
        {R_(3.680000066757202), R_(0.7599999904632568), R_(-3.880000114440918)},
        {R_(-0.2800000011920929), R_(2.759999990463257), R_(-3.0399999618530273)},
        {R_(1.0), R_(-3.9600000381469727), R_(-3.799999952316284)},
        {R_(-3.759999990463257), R_(2.4000000953674316), R_(3.0399999618530273)},
        {R_(-3.759999990463257), R_(-2.7200000286102295), R_(-0.800000011920929)},
        {R_(-3.359999895095825), R_(3.0799999237060547), R_(-1.440000057220459)},
        {R_(3.240000009536743), R_(1.7200000286102295), R_(-3.880000114440918)},
        {R_(-3.359999895095825), R_(-3.9600000381469727), R_(-0.1599999964237213)},
        {R_(-3.759999990463257), R_(-0.03999999910593033), R_(2.4000000953674316)}};
    gjk_hull3 *ha = gjk_hull3_create(A, (int)(sizeof A / sizeof A[0]), NULL);
    assert_non_null(ha);
    gjk_shape3 a = gjk_hull_shape3(ha), b = gjk_cylinder3(R_(3.36), R_(6812.5)), pt = gjk_point3();
    gjk_quat qa = {R_(1.12), R_(1.76), R_(0.48), R_(1.04)}, qb = {R_(2.4), R_(3.04), R_(-3.76), R_(-3.36)};
    gjk_pose3 pa = gjk_pose3_make(gjk_v3(-4, -4, R_(-0.0003)), qa), pb = gjk_pose3_make(gjk_v3(R_(-3.96), R_(-3.8), R_(-3.76)), qb);
    gjk_pair3 p = {&a, pa, &b, pb};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_true(r.status == GJK_OK || r.status == GJK_DEGENERATE);
    assert_true(r.intersect);
    double size = 1.4e4, tol = GJK_USE_FLOAT ? 1e-3 * size : 1e-9 * size;
    gjk_pair3 on_a = {&a, pa, &pt, gjk_pose3_make(r.point_a, gjk_quat_identity())};
    gjk_pair3 on_b = {&b, pb, &pt, gjk_pose3_make(r.point_b, gjk_quat_identity())};
    assert_true(gjk_distance3(&on_a, NULL).distance <= tol);
    assert_true(gjk_distance3(&on_b, NULL).distance <= tol);
    gjk_hull3_destroy(ha);
}
#undef R_

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
        cmocka_unit_test(test_regression_box_edge_tie),
        cmocka_unit_test(test_regression_sliver_witness),
        cmocka_unit_test(test_regression_curved_stall),
        cmocka_unit_test(test_regression_tiny_normal),
        cmocka_unit_test(test_regression_tiny_gap),
        cmocka_unit_test(test_regression_segment_box_corner),
        cmocka_unit_test(test_regression_sliver_face_witness),
        cmocka_unit_test(test_regression_nonconvex_face),
        cmocka_unit_test(test_regression_subnormal_normal),
        cmocka_unit_test(test_regression_long_cylinder_contact),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
