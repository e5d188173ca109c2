// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* EPA in 3D: penetration depth and normal of overlapping boxes against an independent separating-axis oracle
   (for two convex polyhedra the minimum overlap over the face normals and edge-edge cross products is the exact
   penetration depth), the separation property of every normal, and named regressions for EPA's hazards. */
#include "testutil.h"

typedef struct obb {
    gjk_vec3 c, h, ax[3];
} obb;

static obb make_obb(gjk_vec3 c, gjk_vec3 h, gjk_quat q) {
    obb o;
    o.c = c;
    o.h = h;
    o.ax[0] = gjk_quat_rotate(q, gjk_v3(1, 0, 0));
    o.ax[1] = gjk_quat_rotate(q, gjk_v3(0, 1, 0));
    o.ax[2] = gjk_quat_rotate(q, gjk_v3(0, 0, 1));
    return o;
}

static double radius_along(const obb *o, gjk_vec3 n) {
    return o->h.x * fabs(gjk_dot3(o->ax[0], n)) + o->h.y * fabs(gjk_dot3(o->ax[1], n)) +
           o->h.z * fabs(gjk_dot3(o->ax[2], n));
}

/* Minimum overlap over the 15 axes, and the axis (oriented from A to B). Done in long double products would be
   nicer; double is far below the tolerance here. */
static double sat_depth(const obb *a, const obb *b, gjk_vec3 *axis) {
    gjk_vec3 axes[15];
    int n = 0;
    for (int i = 0; i < 3; ++i) axes[n++] = a->ax[i];
    for (int i = 0; i < 3; ++i) axes[n++] = b->ax[i];
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            gjk_vec3 c = gjk_cross3(a->ax[i], b->ax[j]);
            if (gjk_len3(c) > 1e-6) axes[n++] = gjk_normalize3(c);
        }
    double best = 1e300;
    gjk_vec3 d = gjk_sub3(b->c, a->c);
    for (int i = 0; i < n; ++i) {
        double s = gjk_dot3(d, axes[i]);
        double overlap = radius_along(a, axes[i]) + radius_along(b, axes[i]) - fabs(s);
        if (overlap < best) {
            best = overlap;
            *axis = s >= 0 ? axes[i] : gjk_neg3(axes[i]);
        }
    }
    return best;
}

static void test_box_box_depth_vs_sat(void **st) {
    (void)st;
    test_rng r = {21};
    int overlapping = 0;
    double max_err = 0;
    for (int i = 0; i < 10000; ++i) {
        gjk_vec3 ha = test_vec3(&r, 0.1, 1.5), hb = test_vec3(&r, 0.1, 1.5);
        gjk_quat qa = test_quat(&r), qb = test_quat(&r);
        gjk_vec3 ca = test_vec3(&r, -2, 2);
        double reach = gjk_len3(ha) + gjk_len3(hb);
        gjk_vec3 cb = gjk_add3(ca, gjk_scale3(test_unit3(&r), (gjk_real)(reach * test_uniform(&r, 0.0, 0.8))));
        obb A = make_obb(ca, ha, qa), B = make_obb(cb, hb, qb);
        gjk_vec3 axis;
        double want = sat_depth(&A, &B, &axis);
        if (want <= 0) continue;
        ++overlapping;
        gjk_shape3 sa = gjk_box3(ha), sb = gjk_box3(hb);
        gjk_pair3 p = {&sa, gjk_pose3_make(ca, qa), &sb, gjk_pose3_make(cb, qb)};
        gjk_result3 res = gjk_signed_distance3(&p, NULL);
        assert_int_equal(res.status, GJK_OK);
        check_result3(&res, 4);
        double err = fabs(-res.distance - want);
        max_err = fmax(max_err, err);
        EXPECT_NEAR(-res.distance, want, TU(1e-10) * 4);
        /* Whatever the normal, it must separate: B moved by depth (+ a hair) along it no longer overlaps. */
        gjk_pair3 moved = p;
        moved.pose_b.position = gjk_mad3(cb, (gjk_real)(want + TU(1e-9) * 4), res.normal);
        gjk_result3 after = gjk_distance3(&moved, NULL);
        assert_false(after.intersect);
    }
    print_message("box-box vs SAT: %d overlapping pairs, max depth error %.3g\n", overlapping, max_err);
    assert_true(overlapping > 3000);
}

/* mujoco_warp #1526: the origin exactly on a face of the final GJK simplex. Boxes whose overlap region makes the
   origin land on simplex faces and edges: axis-aligned, with integer coordinates, so supports hit exactly. */
static void test_regression_origin_on_simplex_boundary(void **st) {
    (void)st;
    gjk_shape3 box = gjk_box3(gjk_v3(1, 1, 1));
    for (int x = -2; x <= 2; ++x)
        for (int y = -2; y <= 2; ++y)
            for (int z = -2; z <= 2; ++z) {
                gjk_pair3 p = {&box, gjk_pose3_identity(), &box,
                               gjk_pose3_make(gjk_v3((gjk_real)x, (gjk_real)y, (gjk_real)z), gjk_quat_identity())};
                gjk_result3 r = gjk_signed_distance3(&p, NULL);
                assert_int_equal(r.status, GJK_OK);
                check_result3(&r, 4);
                double ox = 2 - abs(x), oy = 2 - abs(y), oz = 2 - abs(z);
                double want = fmin(ox, fmin(oy, oz)); /* overlap along the least-overlapping axis */
                EXPECT_NEAR(-r.distance, want, TU(1e-14));
            }
}

/* fcl #390 / #493: EPA failed on thin boxes (0.01 thick, and thinner). */
static void test_regression_thin_boxes(void **st) {
    (void)st;
    double thick[3] = {0.01, 1e-3, 1e-6};
    for (int i = 0; i < 3; ++i) {
        gjk_shape3 plate = gjk_box3(gjk_v3(1, 1, (gjk_real)thick[i])), box = gjk_box3(gjk_v3(0.2, 0.2, 0.2));
        gjk_pair3 p = {&plate, gjk_pose3_identity(), &box,
                       gjk_pose3_make(gjk_v3(0.3, -0.1, (gjk_real)(0.2 + thick[i] * 0.5)), gjk_quat_identity())};
        gjk_result3 r = gjk_signed_distance3(&p, NULL);
        assert_int_equal(r.status, GJK_OK);
        EXPECT_NEAR(r.distance, -thick[i] * 0.5, TU(1e-13));
        EXPECT_NEAR(r.normal.z, 1, TU(1e-12));
        /* rotated a little: still finite and separating */
        p.pose_b.rotation = gjk_quat_from_axis_angle(gjk_v3(1, 1, 0), (gjk_real)0.3);
        r = gjk_signed_distance3(&p, NULL);
        check_result3(&r, 1);
    }
}

/* A flat Minkowski difference (two coplanar triangles, crossing segments): the origin is on its boundary, the
   depth is zero (plus radii), and the normal is the plane's. */
static void test_regression_flat_difference(void **st) {
    (void)st;
    gjk_shape3 tri = gjk_triangle3(gjk_v3(0, 0, 0), gjk_v3(1, 0, 0), gjk_v3(0, 1, 0));
    gjk_pair3 p = {&tri, gjk_pose3_identity(), &tri, gjk_pose3_make(gjk_v3(0.2, 0.2, 0), gjk_quat_identity())};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_int_equal(r.status, GJK_OK);
    EXPECT_NEAR(r.distance, 0, TU(1e-15));
    EXPECT_NEAR(fabs(r.normal.z), 1, TU(1e-12));
    gjk_shape3 cap = gjk_capsule3(0.25, 1);
    gjk_quat turn = gjk_quat_from_axis_angle(gjk_v3(1, 0, 0), (gjk_real)1.2);
    gjk_pair3 q = {&cap, gjk_pose3_identity(), &cap, gjk_pose3_make(gjk_v3(0, 0, 0.1), turn)};
    r = gjk_signed_distance3(&q, NULL);
    EXPECT_NEAR(r.distance, -0.5, TU(1e-14)); /* crossing axes: depth = sum of radii */
    EXPECT_NEAR(fabs(r.normal.x), 1, TU(1e-12));
    gjk_shape3 seg = gjk_segment3(gjk_v3(-1, 0, 0), gjk_v3(1, 0, 0));
    gjk_pair3 s = {&seg, gjk_pose3_identity(), &seg, gjk_pose3_make(gjk_v3(0.5, 0, 0), gjk_quat_identity())};
    r = gjk_signed_distance3(&s, NULL); /* collinear overlap: a 1D difference */
    EXPECT_NEAR(r.distance, 0, TU(1e-15));
    check_result3(&r, 1);
}

/* Rounded shapes whose cores overlap: depth = core depth + radii, exactly (docs/numerics.md, "Rounded shapes"). */
static void test_rounded_core_overlap(void **st) {
    (void)st;
    /* The unit cube as a hull, so that EPA runs (box pairs have a closed form, special3_box.c). */
    gjk_vec3 corners[8];
    for (int i = 0; i < 8; ++i) corners[i] = gjk_v3(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1);
    gjk_hull3 *cube = gjk_hull3_create(corners, 8, NULL);
    assert_non_null(cube);
    gjk_shape3 a = gjk_rounded3(gjk_hull_shape3(cube), 0.2);
    gjk_pair3 p = {&a, gjk_pose3_identity(), &a, gjk_pose3_make(gjk_v3(1.5, 0.3, 0.1), gjk_quat_identity())};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    EXPECT_NEAR(r.distance, -(0.5 + 0.4), TU(1e-14));
    assert_true(r.epa_iterations > 0);
    gjk_hull3_destroy(cube);
    gjk_shape3 s = gjk_sphere3(1), b = gjk_box3(gjk_v3(1, 1, 1));
    gjk_pair3 q = {&b, gjk_pose3_identity(), &s, gjk_pose3_make(gjk_v3(0.7, 0.2, 0), gjk_quat_identity())};
    r = gjk_signed_distance3(&q, NULL);
    EXPECT_NEAR(r.distance, -1.3, TU(1e-14));
    EXPECT_NEAR(r.normal.x, 1, TU(1e-12));
}

/* Curved cores (cylinders, cones, ellipsoids): EPA converges to a relative gap, within a bounded polytope.
   Cylinders side by side have an exact depth. */
static void test_curved_cores(void **st) {
    (void)st;
    gjk_shape3 cyl = gjk_cylinder3(1, 1);
    test_rng rng = {5};
    for (int i = 0; i < 200; ++i) {
        double ang = test_uniform(&rng, 0, 6.283185307179586), dist = test_uniform(&rng, 1.2, 1.95);
        gjk_pair3 p = {&cyl, gjk_pose3_identity(), &cyl,
                       gjk_pose3_make(gjk_v3((gjk_real)(dist * cos(ang)), (gjk_real)(dist * sin(ang)),
                                             (gjk_real)test_uniform(&rng, -0.5, 0.5)),
                                      gjk_quat_identity())};
        gjk_result3 r = gjk_signed_distance3(&p, NULL);
        assert_true(r.status == GJK_OK);
        EXPECT_NEAR(r.distance, dist - 2, TU(1e-7));
        check_result3(&r, 2);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_box_box_depth_vs_sat),     cmocka_unit_test(test_regression_origin_on_simplex_boundary),
        cmocka_unit_test(test_regression_thin_boxes),    cmocka_unit_test(test_regression_flat_difference),
        cmocka_unit_test(test_rounded_core_overlap),     cmocka_unit_test(test_curved_cores),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
