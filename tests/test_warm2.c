// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Warm starts in 2D (gjk_cache2), the mirror of test_warm3.c: a pair moving smoothly through many frames, queried
   with a cache kept across the frames and without one. The answers must agree, warm queries must need fewer GJK
   iterations, and a cache that belongs to another pair, or is corrupt, must be ignored rather than poison the
   answer. Polygons of up to 8 vertices answer by separating axes without GJK (no iterations to save), so the pairs
   here are the ones GJK answers: big polygons, boxes with capsules and circles, rounded shapes, user shapes. */
#include "testutil.h"

#include <stdio.h>

/* Coherent sequences (each a random pair of the shapes below on its own motion) and frames in each. */
#define SEQUENCES 1024
#define FRAMES 24

static gjk_hull2 *circle_polygon(test_rng *r, int n, double radius) {
    gjk_vec2 pts[64];
    for (int i = 0; i < n; ++i) {
        double a = test_uniform(r, 0, 6.283185307179586);
        pts[i] = gjk_v2((gjk_real)(radius * cos(a)), (gjk_real)(radius * sin(a)));
    }
    return gjk_hull2_create(pts, n, NULL);
}

/* The regular n-gon of circumradius r with a vertex on the +x axis. */
static gjk_hull2 *regular_polygon(int n, double r) {
    gjk_vec2 pts[64];
    for (int i = 0; i < n; ++i) {
        double a = 6.283185307179586 * i / n;
        pts[i] = gjk_v2((gjk_real)(r * cos(a)), (gjk_real)(r * sin(a)));
    }
    gjk_hull2 *h = gjk_hull2_create(pts, n, NULL);
    assert_non_null(h);
    return h;
}

/* A user shape: the ellipse with half axes (0.6, 0.3). */
static gjk_vec2 ellipse_support(gjk_vec2 d, const void *data) {
    (void)data;
    double ax = 0.6, ay = 0.3, x = ax * ax * d.x, y = ay * ay * d.y, l = sqrt(x * d.x + y * d.y);
    return l > 0 ? gjk_v2((gjk_real)(x / l), (gjk_real)(y / l)) : gjk_v2((gjk_real)ax, 0);
}

/* Frame k of a smooth motion: B circles A while both turn slowly. */
static gjk_pair2 frame(const gjk_shape2 *a, const gjk_shape2 *b, double qa, double qb, double radius, int k) {
    double t = 0.02 * k;
    gjk_pose2 pa = {gjk_v2(0.1f, -0.2f), gjk_rot2_from_angle((gjk_real)(qa + 0.5 * t))};
    gjk_pose2 pb = {gjk_v2((gjk_real)(radius * cos(t)), (gjk_real)(radius * sin(t))),
                    gjk_rot2_from_angle((gjk_real)(qb - 0.7 * t))};
    gjk_pair2 p = {a, pa, b, pb};
    return p;
}

static void test_warm_agrees_and_saves_iterations(void **st) {
    (void)st;
    test_rng r = {12};
    gjk_hull2 *h16 = circle_polygon(&r, 16, 0.6), *h40 = circle_polygon(&r, 40, 0.5);
    assert_non_null(h16);
    assert_non_null(h40);
    gjk_shape2 shapes[7] = {gjk_box2(gjk_v2(0.6f, 0.4f)), gjk_capsule2(0.3f, 0.5f), gjk_polygon2(h16),
                            gjk_polygon2(h40), gjk_rounded2(gjk_box2(gjk_v2(0.3f, 0.3f)), 0.1f),
                            gjk_user2(ellipse_support, NULL), gjk_circle2(0.4f)};
    long cold_it = 0, warm_it = 0, warm_used = 0;
    for (int pair = 0; pair < SEQUENCES; ++pair) {
        const gjk_shape2 *a = &shapes[pair % 7], *b = &shapes[(pair / 7) % 7];
        double qa = test_uniform(&r, -3, 3), qb = test_uniform(&r, -3, 3);
        double radius = test_uniform(&r, 0.6, 1.8); /* passes through touching for most pairs */
        gjk_cache2 c_sd = {0}, c_in = {0}, c_d = {0}, c_pen = {0};
        for (int k = 0; k < FRAMES; ++k) {
            gjk_pair2 p = frame(a, b, qa, qb, radius, k);
            gjk_result2 s0 = gjk_signed_distance2(&p, NULL), s1 = gjk_signed_distance2(&p, &c_sd);
            gjk_result2 i0 = gjk_intersect2(&p, NULL), i1 = gjk_intersect2(&p, &c_in);
            gjk_result2 d0 = gjk_distance2(&p, NULL), d1 = gjk_distance2(&p, &c_d);
            gjk_result2 p0 = gjk_penetration2(&p, NULL), p1 = gjk_penetration2(&p, &c_pen);
            double tol = TU(1e-6); /* curved cores (the ellipse): GJK and EPA stop at a relative gap */
            EXPECT_NEAR(s1.distance, s0.distance, tol);
            EXPECT_NEAR(d1.distance, d0.distance, tol);
            if (fabs(s0.distance) > tol) {
                assert_int_equal(i1.intersect, i0.intersect);
                assert_int_equal(p1.intersect, p0.intersect);
                /* The normal is unique away from touching: the same one. */
                EXPECT_NEAR(s1.normal.x, s0.normal.x, TU(1e-5));
                EXPECT_NEAR(s1.normal.y, s0.normal.y, TU(1e-5));
            }
            if (p0.intersect && p1.intersect) EXPECT_NEAR(p1.distance, p0.distance, tol);
            check_result2(&s1, 4);
            if (!d1.intersect) check_result2(&d1, 4);
            cold_it += s0.iterations + d0.iterations;
            warm_it += s1.iterations + d1.iterations;
            warm_used += c_sd.count > 0;
        }
        /* The cache belongs to the pair it served. */
        assert_true(c_sd.a == a && c_sd.b == b);
    }
    printf("GJK iterations over %d coherent sequences of %d frames x 2 queries: cold %ld, warm %ld (%ld frames with "
           "a simplex)\n", SEQUENCES, FRAMES,
           cold_it, warm_it, warm_used);
    assert_true(warm_used > SEQUENCES * FRAMES / 3);
    assert_true(warm_it * 4 < cold_it * 3); /* at least 25% fewer */
    gjk_hull2_destroy(h16);
    gjk_hull2_destroy(h40);
}

/* A cache filled by one pair and handed to another holds points of other shapes: as a simplex they would not be
   points of this pair's Minkowski difference, and the distance could come out too small. It is ignored and then
   re-owned. */
static void test_foreign_cache_ignored(void **st) {
    (void)st;
    /* Regular 16-gons (a vertex on +x) against a capsule: GJK runs (no separating axes for more than 8
       vertices) and fills the cache's simplex. */
    gjk_hull2 *h_big = regular_polygon(16, 2), *h_small = regular_polygon(16, 0.125);
    gjk_shape2 big = gjk_polygon2(h_big), small = gjk_polygon2(h_small);
    gjk_shape2 cap = gjk_capsule2(0.5f, 0.25f);
    gjk_pose2 far = {gjk_v2(3, 0), gjk_rot2_identity()};
    gjk_pair2 p1 = {&big, gjk_pose2_identity(), &cap, far};
    gjk_pair2 p2 = {&small, gjk_pose2_identity(), &cap, far};
    gjk_cache2 cache = {0};
    gjk_result2 r1 = gjk_distance2(&p1, &cache);
    EXPECT_NEAR(r1.distance, 0.5, TU(1e-12));
    assert_true(cache.a == &big && cache.count > 0);
    gjk_result2 r2 = gjk_distance2(&p2, &cache), cold = gjk_distance2(&p2, NULL);
    EXPECT_NEAR(r2.distance, 2.375, TU(1e-12));
    assert_true(r2.distance == cold.distance);
    assert_true(cache.a == &small);
    gjk_pair2 swapped = {&cap, far, &small, gjk_pose2_identity()};
    gjk_result2 r3 = gjk_distance2(&swapped, &cache);
    EXPECT_NEAR(r3.distance, 2.375, TU(1e-12));
    assert_true(cache.a == &cap && cache.b == &small);
    gjk_hull2_destroy(h_big);
    gjk_hull2_destroy(h_small);
}

/* A corrupt cache (count out of range, NaN or infinite points and axis) must not crash or poison the answer. */
static void test_corrupt_cache(void **st) {
    (void)st;
    gjk_hull2 *h = regular_polygon(16, 1);
    gjk_shape2 box = gjk_polygon2(h), cap = gjk_capsule2(0.5f, 1);
    gjk_pair2 p = {&box, gjk_pose2_identity(), &cap, {gjk_v2(3, 0), gjk_rot2_identity()}};
    gjk_cache2 cache = {0};
    gjk_distance2(&p, &cache);
    assert_true(cache.count > 0);
    cache.count = 1000;
    gjk_result2 r = gjk_distance2(&p, &cache);
    EXPECT_NEAR(r.distance, 1.5, TU(1e-14));
    cache.count = -5;
    r = gjk_signed_distance2(&p, &cache);
    EXPECT_NEAR(r.distance, 1.5, TU(1e-14));
    cache.count = 2;
    cache.point_a[0].x = (gjk_real)NAN;
    cache.axis.y = (gjk_real)INFINITY;
    r = gjk_signed_distance2(&p, &cache);
    EXPECT_NEAR(r.distance, 1.5, TU(1e-14));
    cache.count = 3;
    cache.point_b[2].y = (gjk_real)INFINITY;
    r = gjk_intersect2(&p, &cache);
    assert_false(r.intersect);
    r = gjk_penetration2(&p, &cache);
    assert_false(r.intersect);
    gjk_hull2_destroy(h);
}

/* Deep overlap from a warm triangle that still holds the origin: GJK stops at once and EPA starts from it. */
static void test_warm_overlap(void **st) {
    (void)st;
    gjk_shape2 cap = gjk_capsule2(0.25f, 1), user = gjk_user2(ellipse_support, NULL);
    gjk_cache2 cache = {0};
    for (int k = 0; k < 20; ++k) {
        gjk_pair2 p = {&cap, gjk_pose2_identity(), &user,
                       {gjk_v2((gjk_real)(0.01 * k), 0.1f), gjk_rot2_from_angle((gjk_real)(0.01 * k))}};
        gjk_result2 w = gjk_penetration2(&p, &cache), c = gjk_penetration2(&p, NULL);
        assert_true(w.intersect && c.intersect);
        EXPECT_NEAR(w.distance, c.distance, TU(1e-6));
        if (k > 0) assert_true(w.iterations <= c.iterations);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_warm_agrees_and_saves_iterations),
        cmocka_unit_test(test_foreign_cache_ignored),
        cmocka_unit_test(test_corrupt_cache),
        cmocka_unit_test(test_warm_overlap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
