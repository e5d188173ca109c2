// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Two cylinders start GJK from the closest points of their facing features (src/cylinder3.c). The start must never
   change an answer beyond GJK's own accuracy, and must actually save the iterations it is there for. The reference
   is the same pair with each cylinder wrapped as a user shape: GJK then runs from its cold start, as it did before
   the start existed (user shapes get no closed form and no start). */
#include "testutil.h"

static gjk_vec3 shape_support(gjk_vec3 d, const void *data) { return gjk_shape3_support((const gjk_shape3 *)data, d); }

/* The benchmark's distribution (bench/scenes.cpp): radius 0.2 to 1, half height 0.2 to 1.5, random rotations, B's
   centre 0.05 to 3 away from A's along a random direction (about half the pairs overlap), all scaled by `scale`. */
typedef struct cyl_pair {
    gjk_shape3 a, b, ua, ub;
    gjk_pair3 p, user;
    double size;
} cyl_pair;

static void make_pair(test_rng *r, double scale, cyl_pair *c) {
    double ra = test_uniform(r, 0.2, 1.0), ha = test_uniform(r, 0.2, 1.5);
    double rb = test_uniform(r, 0.2, 1.0), hb = test_uniform(r, 0.2, 1.5);
    c->a = gjk_cylinder3((gjk_real)(ra * scale), (gjk_real)(ha * scale));
    c->b = gjk_cylinder3((gjk_real)(rb * scale), (gjk_real)(hb * scale));
    c->ua = gjk_user3(shape_support, &c->a);
    c->ub = gjk_user3(shape_support, &c->b);
    gjk_vec3 pa = gjk_scale3(test_vec3(r, -2, 2), (gjk_real)scale);
    gjk_quat qa = test_quat(r), qb = test_quat(r);
    gjk_vec3 u = test_unit3(r);
    double off = test_uniform(r, 0.05, 3.0) * scale;
    c->p.a = &c->a;
    c->p.b = &c->b;
    c->p.pose_a = gjk_pose3_make(pa, qa);
    c->p.pose_b = gjk_pose3_make(gjk_mad3(pa, (gjk_real)off, u), qb);
    c->user = c->p;
    c->user.a = &c->ua;
    c->user.b = &c->ub;
    c->size = (sqrt(ra * ra + ha * ha) + sqrt(rb * rb + hb * hb)) * scale;
}

/* A world point on cylinder s at pose: within tol of its surface. */
static void expect_on_surface(const gjk_shape3 *s, gjk_pose3 pose, gjk_vec3 p, double tol) {
    gjk_vec3 l = gjk_quat_rotate(gjk_quat_conj(pose.rotation), gjk_sub3(p, pose.position));
    double rho = sqrt((double)l.x * l.x + (double)l.y * l.y);
    double out = fmax(rho - s->cylinder.radius, fabs((double)l.z) - s->cylinder.half_height); /* (near a face) */
    if (!(out <= tol && out >= -tol)) fail_msg("witness %.3g off the cylinder (tol %.3g)", out, tol);
}

/* The largest extent of cylinder s at pose along the world direction n (its support function). */
static long double extent(const gjk_shape3 *s, gjk_pose3 pose, gjk_vec3 n) {
    gjk_vec3 l = gjk_quat_rotate(gjk_quat_conj(pose.rotation), n);
    long double c = (long double)pose.position.x * n.x + (long double)pose.position.y * n.y +
                    (long double)pose.position.z * n.z;
    long double radial = sqrtl((long double)l.x * l.x + (long double)l.y * l.y), axial = fabsl((long double)l.z);
    return c + (long double)s->cylinder.radius * radial + (long double)s->cylinder.half_height * axial;
}

/* The gap between A's and B's supporting planes normal to n (A to B): a lower bound of their distance. */
static long double gap_along(const gjk_shape3 *a, gjk_pose3 pa, const gjk_shape3 *b, gjk_pose3 pb, gjk_vec3 n) {
    return -extent(b, pb, gjk_neg3(n)) - extent(a, pa, n);
}

static void check_pairs(double scale, int n, int *certified, int *separated) {
    test_rng r = {20261127};
    *certified = *separated = 0;
    for (int i = 0; i < n; ++i) {
        cyl_pair c;
        test_rng r0 = r;
        make_pair(&r, scale, &c);
        /* The reference: GJK's cold start at scale 1; at other scales this path's own answer at scale 1, scaled. */
        gjk_result3 got = gjk_distance3(&c.p, NULL), ref;
        if (scale == 1.0) {
            ref = gjk_distance3(&c.user, NULL);
        } else {
            test_rng r1 = r0;
            cyl_pair c1;
            make_pair(&r1, 1.0, &c1);
            ref = gjk_distance3(&c1.p, NULL);
            ref.distance *= (gjk_real)scale;
        }
        assert_int_equal(got.status, GJK_OK);
        if (got.intersect != ref.intersect && !(fabs((double)ref.distance) <= TU(1e-9) * c.size))
            fail_msg("pair %d (scale %g): intersect %d (distance %.9g, %d iterations), reference %d (distance %.9g)", i,
                     scale, got.intersect, got.distance, got.iterations, ref.intersect, ref.distance);
        if (got.intersect || ref.intersect) continue;
        ++*separated;
        *certified += got.iterations == 1;
        check_result3(&got, c.size);
        /* The answer is exact: the gap between the two shapes' support planes normal to the answer's normal (closed
           forms, in long double) is a lower bound of the true distance, and the answer, whose witnesses lie on the
           shapes, an upper bound; they meet to rounding. (The cold GJK's answer only agrees to its gap: it can even
           lie 4e-13 below that lower bound, a sliver simplex's rounding.) Pairs the start leaves to GJK (more than one
           iteration) are as exact as GJK makes curved cores: 1e-9 of the size, the promise for curved shapes. */
        long double lower = gap_along(&c.a, c.p.pose_a, &c.b, c.p.pose_b, got.normal);
        double tol = got.iterations == 1 ? TU(1e-13) : TU(1e-9);
        if (!(fabsl((long double)got.distance - lower) <= tol * c.size))
            fail_msg("pair %d: distance %.17g, lower bound %.17Lg (%d iterations)", i, got.distance, lower, got.iterations);
        EXPECT_NEAR(got.distance, ref.distance, TU(1e-9) * c.size);
        double on = got.iterations == 1 ? TU(1e-12) : TU(1e-9);
        expect_on_surface(&c.a, c.p.pose_a, got.point_a, on * c.size);
        expect_on_surface(&c.b, c.p.pose_b, got.point_b, on * c.size);
        /* The signed distance takes the same path for separated pairs. */
        gjk_result3 sd = gjk_signed_distance3(&c.p, NULL);
        EXPECT_NEAR(sd.distance, got.distance, TU(1e-12) * c.size);
    }
}

/* Most separated pairs are certified at GJK's first step (their closest points lie on a facing rim, side or cap);
   the rest (caps against caps or sides, the far rims) go on from the start. Cold, GJK takes 25 steps on average. */
static void test_cylinders_match_plain_gjk(void **state) {
    (void)state;
    int certified, separated;
    check_pairs(1.0, 2000, &certified, &separated);
    print_message("cylinders: %d of %d separated pairs certified at the first step\n", certified, separated);
    assert_true(separated > 500);
    assert_true(certified >= 9 * separated / 10);
}

/* The start scales the pair by a power of two before its arithmetic: the same answers, relative to the size, near
   both ends of the range where the queries are right (docs/numerics.md, "Scale range": 2^+-250 in double, 2^-36 to
   2^28 in float). */
static void test_cylinders_at_every_scale(void **state) {
    (void)state;
#if GJK_USE_FLOAT
    const double scales[] = {0x1p-30, 0x1p-12, 0x1p12, 0x1p26};
#else
    const double scales[] = {0x1p-200, 0x1p-60, 0x1p60, 0x1p200};
#endif
    for (size_t k = 0; k < sizeof scales / sizeof scales[0]; ++k) {
        int certified, separated;
        check_pairs(scales[k], 300, &certified, &separated);
        assert_true(certified >= 9 * separated / 10);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cylinders_match_plain_gjk),
        cmocka_unit_test(test_cylinders_at_every_scale),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
