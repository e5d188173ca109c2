// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Support functions of every 3D shape, checked two independent ways for many random directions d:
   (1) support(d) lies in the shape (closed-form membership), and
   (2) no point of a dense sample of the shape reaches farther along d.
   Together they pin support(d) to the true extreme point (up to the flat faces' ties). Plus the zero-direction and
   axis-direction hazards of cylinders and cones (docs/numerics.md, "Support functions": normalising a zero vector gives NaN). */
#include "testutil.h"

#define TOL TU(1e-12)

typedef int (*member_fn)(gjk_vec3 p, const gjk_shape3 *s);

static double sq(double x) { return x * x; }

static int in_box(gjk_vec3 p, const gjk_shape3 *s) {
    gjk_vec3 h = s->box.half_extents;
    return fabs(p.x) <= h.x + TOL && fabs(p.y) <= h.y + TOL && fabs(p.z) <= h.z + TOL;
}
static int in_sphere(gjk_vec3 p, const gjk_shape3 *s) { return gjk_len3(p) <= s->sphere.radius + TOL; }
static int in_capsule(gjk_vec3 p, const gjk_shape3 *s) {
    double h = s->capsule.half_height, z = fmax(-h, fmin(h, p.z));
    return sqrt(sq(p.x) + sq(p.y) + sq(p.z - z)) <= s->capsule.radius + TOL;
}
static int in_cylinder(gjk_vec3 p, const gjk_shape3 *s) {
    return sqrt(sq(p.x) + sq(p.y)) <= s->cylinder.radius + TOL && fabs(p.z) <= s->cylinder.half_height + TOL;
}
static int in_cone(gjk_vec3 p, const gjk_shape3 *s) {
    double h = s->cone.half_height, r = s->cone.radius;
    if (p.z < -h - TOL || p.z > h + TOL) return 0;
    double rz = r * (h - p.z) / (2 * h); /* radius shrinks linearly from the base (z=-h) to the apex (z=h) */
    return sqrt(sq(p.x) + sq(p.y)) <= rz + TOL;
}
static int in_ellipsoid(gjk_vec3 p, const gjk_shape3 *s) {
    gjk_vec3 r = s->ellipsoid.radii;
    return sq(p.x / r.x) + sq(p.y / r.y) + sq(p.z / r.z) <= 1 + TOL;
}

static void check_shape(const gjk_shape3 *s, member_fn in, gjk_vec3 bound, unsigned seed) {
    test_rng r = {seed};
    enum { NS = 20000 };
    static gjk_vec3 pts[NS];
    int n = 0;
    for (int tries = 0; tries < 400000 && n < NS; ++tries) {
        gjk_vec3 p = gjk_mul3(test_vec3(&r, -1, 1), bound);
        if (in(p, s)) pts[n++] = p;
    }
    assert_true(n > 1000);
    for (int i = 0; i < 500; ++i) {
        gjk_vec3 d = gjk_scale3(test_unit3(&r), (gjk_real)test_uniform(&r, 0.01, 100));
        gjk_vec3 sp = gjk_shape3_support(s, d);
        assert_true(test_finite3(sp));
        if (!in(sp, s)) fail_msg("support (%g %g %g) outside the shape, type %d", sp.x, sp.y, sp.z, s->type);
        gjk_real best = gjk_dot3(sp, d);
        for (int k = 0; k < n; ++k)
            if (gjk_dot3(pts[k], d) > best + TOL * gjk_len3(d)) fail_msg("sample beyond support, type %d", s->type);
    }
    /* Axis directions (zero radial part) and the zero direction give valid points, never NaN. */
    gjk_vec3 axes[7] = {{0, 0, 1}, {0, 0, -1}, {1, 0, 0}, {0, -1, 0}, {0, 0, 0}, {0, 0, (gjk_real)1e-30f}, {0, 0, 0}};
    for (int i = 0; i < 7; ++i) {
        gjk_vec3 sp = gjk_shape3_support(s, axes[i]);
        assert_true(test_finite3(sp));
        assert_true(in(sp, s));
    }
}

static void test_box(void **st) {
    (void)st;
    gjk_shape3 s = gjk_box3(gjk_v3(1, 0.5, 2));
    check_shape(&s, in_box, gjk_v3(1, 0.5, 2), 1);
    gjk_vec3 p = gjk_shape3_support(&s, gjk_v3(1, -1, 1));
    assert_true(p.x == 1 && p.y == -0.5 && p.z == 2);
}
static void test_sphere(void **st) {
    (void)st;
    gjk_shape3 s = gjk_sphere3(1.5);
    check_shape(&s, in_sphere, gjk_v3(1.5, 1.5, 1.5), 2);
    gjk_vec3 p = gjk_shape3_support(&s, gjk_v3(0, 3, 4));
    EXPECT_NEAR(p.y, 0.9, TU(1e-15));
    EXPECT_NEAR(p.z, 1.2, TU(1e-15));
}
static void test_capsule(void **st) {
    (void)st;
    gjk_shape3 s = gjk_capsule3(0.5, 1);
    check_shape(&s, in_capsule, gjk_v3(0.5, 0.5, 1.5), 3);
}
static void test_cylinder(void **st) {
    (void)st;
    gjk_shape3 s = gjk_cylinder3(0.7, 1.2);
    check_shape(&s, in_cylinder, gjk_v3(0.7, 0.7, 1.2), 4);
}
static void test_cone(void **st) {
    (void)st;
    gjk_shape3 s = gjk_cone3(1, 0.8);
    check_shape(&s, in_cone, gjk_v3(1, 1, 0.8), 5);
    gjk_vec3 apex = gjk_shape3_support(&s, gjk_v3(0, 0, 1));
    assert_true(apex.z == (gjk_real)0.8);
}
static void test_ellipsoid(void **st) {
    (void)st;
    gjk_shape3 s = gjk_ellipsoid3(gjk_v3(2, 1, 0.5));
    check_shape(&s, in_ellipsoid, gjk_v3(2, 1, 0.5), 6);
}

static gjk_vec3 user_box(gjk_vec3 d, const void *data) {
    const gjk_vec3 *h = (const gjk_vec3 *)data;
    return gjk_v3(d.x >= 0 ? h->x : -h->x, d.y >= 0 ? h->y : -h->y, d.z >= 0 ? h->z : -h->z);
}
static void test_user_matches_box(void **st) {
    (void)st;
    gjk_vec3 h = gjk_v3(1, 2, 3);
    gjk_shape3 u = gjk_user3(user_box, &h), b = gjk_box3(h);
    test_rng r = {8};
    for (int i = 0; i < 1000; ++i) {
        gjk_vec3 d = test_unit3(&r);
        gjk_vec3 p = gjk_shape3_support(&u, d), q = gjk_shape3_support(&b, d);
        assert_true(p.x == q.x && p.y == q.y && p.z == q.z);
    }
}

static void test_segment_triangle_point(void **st) {
    (void)st;
    gjk_shape3 seg = gjk_segment3(gjk_v3(-1, 0, 0), gjk_v3(2, 1, 0));
    gjk_vec3 p = gjk_shape3_support(&seg, gjk_v3(1, 0, 0));
    assert_true(p.x == 2 && p.y == 1);
    p = gjk_shape3_support(&seg, gjk_v3(-1, 0, 0));
    assert_true(p.x == -1);
    gjk_shape3 tri = gjk_triangle3(gjk_v3(0, 0, 0), gjk_v3(1, 0, 0), gjk_v3(0, 1, 0));
    p = gjk_shape3_support(&tri, gjk_v3(-1, 2, 0));
    assert_true(p.x == 0 && p.y == 1);
    gjk_shape3 pt = gjk_point3();
    p = gjk_shape3_support(&pt, gjk_v3(3, 4, 5));
    assert_true(p.x == 0 && p.y == 0 && p.z == 0);
}

/* The support of a rounded shape is the core's plus margin times the unit direction. */
static void test_margin_support(void **st) {
    (void)st;
    gjk_shape3 core = gjk_box3(gjk_v3(1, 1, 1)), round = gjk_rounded3(core, 0.25);
    test_rng r = {9};
    for (int i = 0; i < 1000; ++i) {
        gjk_vec3 d = gjk_scale3(test_unit3(&r), 3);
        gjk_vec3 p = gjk_shape3_support(&round, d), q = gjk_shape3_support(&core, d);
        gjk_vec3 e = gjk_mad3(q, 0.25, gjk_normalize3(d));
        EXPECT_NEAR(p.x, e.x, TU(1e-15));
        EXPECT_NEAR(p.y, e.y, TU(1e-15));
        EXPECT_NEAR(p.z, e.z, TU(1e-15));
    }
    gjk_shape3 cap = gjk_rounded3(gjk_capsule3(0.5, 1), 0.1);
    gjk_vec3 top = gjk_shape3_support(&cap, gjk_v3(0, 0, 2));
    EXPECT_NEAR(top.z, 1.6, TU(1e-15));
}

static void test_hull_support_brute_force(void **st) {
    (void)st;
    test_rng r = {10};
    gjk_vec3 pts[64];
    for (int i = 0; i < 64; ++i) pts[i] = test_vec3(&r, -1, 1);
    gjk_status status;
    gjk_hull3 *h = gjk_hull3_create(pts, 64, &status);
    assert_non_null(h);
    assert_int_equal(status, GJK_OK);
    gjk_shape3 s = gjk_hull_shape3(h);
    for (int i = 0; i < 2000; ++i) {
        gjk_vec3 d = test_unit3(&r);
        gjk_real best = -1e30f;
        for (int k = 0; k < 64; ++k) best = fmax(best, gjk_dot3(pts[k], d));
        EXPECT_NEAR(gjk_dot3(gjk_shape3_support(&s, d), d), best, TU(1e-13));
    }
    gjk_hull3_destroy(h);
}

static void test_validate(void **st) {
    (void)st;
    assert_int_equal(gjk_shape3_validate(NULL), GJK_INVALID_INPUT);
    gjk_shape3 s = gjk_box3(gjk_v3(1, 0, 1));
    assert_int_equal(gjk_shape3_validate(&s), GJK_INVALID_INPUT);
    s = gjk_sphere3(-1);
    assert_int_equal(gjk_shape3_validate(&s), GJK_INVALID_INPUT);
    s = gjk_sphere3((gjk_real)NAN);
    assert_int_equal(gjk_shape3_validate(&s), GJK_INVALID_INPUT);
    s = gjk_rounded3(gjk_sphere3(1), -0.1);
    assert_int_equal(gjk_shape3_validate(&s), GJK_INVALID_INPUT);
    s = gjk_capsule3(0, 0); /* a capsule may degenerate to a point */
    assert_int_equal(gjk_shape3_validate(&s), GJK_OK);
    s = gjk_cylinder3(1, 0);
    assert_int_equal(gjk_shape3_validate(&s), GJK_INVALID_INPUT);
    s = gjk_hull_shape3(NULL);
    assert_int_equal(gjk_shape3_validate(&s), GJK_INVALID_INPUT);
    s = gjk_user3(NULL, NULL);
    assert_int_equal(gjk_shape3_validate(&s), GJK_INVALID_INPUT);
    s = gjk_segment3(gjk_v3(0, 0, (gjk_real)INFINITY), gjk_v3(0, 0, 0));
    assert_int_equal(gjk_shape3_validate(&s), GJK_INVALID_INPUT);
    s.type = GJK_SHAPE3_TYPE_COUNT;
    assert_int_equal(gjk_shape3_validate(&s), GJK_INVALID_INPUT);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_box),        cmocka_unit_test(test_sphere),
        cmocka_unit_test(test_capsule),    cmocka_unit_test(test_cylinder),
        cmocka_unit_test(test_cone),       cmocka_unit_test(test_ellipsoid),
        cmocka_unit_test(test_user_matches_box), cmocka_unit_test(test_segment_triangle_point),
        cmocka_unit_test(test_margin_support),   cmocka_unit_test(test_hull_support_brute_force),
        cmocka_unit_test(test_validate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
