// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Bad input through the public API (issue 4), second part (the first, whose opening comment gives the rules, is
   test_badinput.c): hulls (bad counts, non-finite and huge points, hull structs damaged after creation), user
   support callbacks answering NaN, infinities or points beyond the bound part way through a query, the support
   functions along any direction, and caches the caller damaged. Shared checks: badinput_check.c. */
#include <stdio.h>
#include <string.h>

#include "badinput_check.h"

#include "internal.h" /* GJK_MAX_COORD: the documented bound on 3D coordinates and sizes */

/* ---- hulls ------------------------------------------------------------------------------------------------------- */

static void test_hull_creation(void **st) {
    (void)st;
    gjk_vec3 cube[8];
    gjk_vec2 square[4];
    for (int i = 0; i < 8; ++i) cube[i] = gjk_v3(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1);
    for (int i = 0; i < 4; ++i) square[i] = gjk_v2(i & 1 ? 1 : -1, i & 2 ? 1 : -1);
    /* Counts outside 1 .. GJK_HULL_MAX_POINTS (rejected before the points are read). */
    const int counts[] = {0, -1, -1000, GJK_HULL_MAX_POINTS + 1, 0x7fffffff, -0x7fffffff - 1};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; ++i) {
        gjk_status s3 = GJK_OK, s2 = GJK_OK;
        assert_null(gjk_hull3_create(cube, counts[i], &s3));
        assert_null(gjk_hull2_create(square, counts[i], &s2));
        assert_int_equal(s3, GJK_INVALID_INPUT);
        assert_int_equal(s2, GJK_INVALID_INPUT);
        assert_null(gjk_hull3_create(cube, counts[i], NULL));
        assert_null(gjk_hull2_create(square, counts[i], NULL));
    }
    /* A non-finite coordinate anywhere. */
    const gjk_real bad[] = {nan_r, inf_r, -inf_r};
    for (int k = 0; k < 3; ++k) {
        for (int i = 0; i < 8; ++i)
            for (int c = 0; c < 3; ++c) {
                gjk_vec3 pts[8];
                memcpy(pts, cube, sizeof pts);
                set_field(&pts[i], (size_t)c * sizeof(gjk_real), bad[k]);
                gjk_status s = GJK_OK;
                assert_null(gjk_hull3_create(pts, 8, &s));
                assert_int_equal(s, GJK_INVALID_INPUT);
            }
        for (int i = 0; i < 4; ++i)
            for (int c = 0; c < 2; ++c) {
                gjk_vec2 pts[4];
                memcpy(pts, square, sizeof pts);
                set_field(&pts[i], (size_t)c * sizeof(gjk_real), bad[k]);
                gjk_status s = GJK_OK;
                assert_null(gjk_hull2_create(pts, 4, &s));
                assert_int_equal(s, GJK_INVALID_INPUT);
            }
    }
    /* Exactly GJK_HULL_MAX_POINTS is accepted (all points equal: a point hull, built in linear time). */
    gjk_vec3 *many3 = calloc(GJK_HULL_MAX_POINTS, sizeof *many3);
    gjk_vec2 *many2 = calloc(GJK_HULL_MAX_POINTS, sizeof *many2);
    assert_non_null(many3);
    assert_non_null(many2);
    gjk_status s = GJK_INVALID_INPUT;
    gjk_hull3 *h3 = gjk_hull3_create(many3, GJK_HULL_MAX_POINTS, &s);
    assert_int_equal(s, GJK_OK);
    assert_non_null(h3);
    assert_int_equal(h3->dimension, 0);
    gjk_hull3_destroy(h3);
    s = GJK_INVALID_INPUT;
    gjk_hull2 *h2 = gjk_hull2_create(many2, GJK_HULL_MAX_POINTS, &s);
    assert_int_equal(s, GJK_OK);
    assert_non_null(h2);
    assert_int_equal(h2->dimension, 0);
    gjk_hull2_destroy(h2);
    free(many3);
    free(many2);
}

/* Huge but finite points make a hull; in 3D the queries then reject it (beyond GJK_MAX_COORD), in 2D they answer
   without NaN. */
static void test_hull_huge_points(void **st) {
    (void)st;
    const gjk_real scales[] = {GJK_MAX_COORD * 2, GJK_REAL_MAX / 2, GJK_REAL_MAX};
    for (int k = 0; k < 3; ++k) {
        gjk_real m = scales[k];
        gjk_vec3 cube[8];
        gjk_vec2 square[4];
        for (int i = 0; i < 8; ++i) cube[i] = gjk_v3(i & 1 ? m : -m, i & 2 ? m : -m, i & 4 ? m : -m);
        for (int i = 0; i < 4; ++i) square[i] = gjk_v2(i & 1 ? m : -m, i & 2 ? m : -m);
        gjk_status s = GJK_INVALID_INPUT;
        gjk_hull3 *h3 = gjk_hull3_create(cube, 8, &s);
        assert_int_equal(s, GJK_OK);
        assert_non_null(h3);
        gjk_shape3 shape3 = gjk_hull_shape3(h3);
        assert_int_equal(gjk_shape3_validate(&shape3), GJK_INVALID_INPUT);
        each_pair3(&shape3, expect_invalid3, "3D hull beyond the bound");
        gjk_hull3_destroy(h3);
        s = GJK_INVALID_INPUT;
        gjk_hull2 *h2 = gjk_hull2_create(square, 4, &s);
        assert_int_equal(s, GJK_OK);
        assert_non_null(h2);
        gjk_shape2 shape2 = gjk_polygon2(h2);
        each_pair2(&shape2, expect_sane2, "2D huge polygon");
        gjk_hull2_destroy(h2);
    }
}

/* A hull struct damaged after creation (fields a caller might clobber): the O(1) checks of validate catch these. */
static void test_hull_damaged(void **st) {
    (void)st;
    gjk_vec3 cube[8];
    gjk_vec2 square[4];
    for (int i = 0; i < 8; ++i) cube[i] = gjk_v3(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1);
    for (int i = 0; i < 4; ++i) square[i] = gjk_v2(i & 1 ? 1 : -1, i & 2 ? 1 : -1);
    gjk_hull3 *h3 = gjk_hull3_create(cube, 8, NULL);
    gjk_hull2 *h2 = gjk_hull2_create(square, 4, NULL);
    assert_non_null(h3);
    assert_non_null(h2);
    gjk_shape3 s3 = gjk_hull_shape3(h3);
    gjk_shape2 s2 = gjk_polygon2(h2);
    each_pair3(&s3, expect_usable3, "3D cube hull");
    each_pair2(&s2, expect_usable2, "2D square polygon");
    for (int k = 0; k < 6; ++k) {
        gjk_hull3 c3 = *h3;
        gjk_hull2 c2 = *h2;
        switch (k) {
        case 0: c3.vertex_count = c2.vertex_count = 0; break;
        case 1: c3.vertex_count = c2.vertex_count = -5; break;
        case 2: c3.vertices = NULL, c2.vertices = NULL; break;
        case 3: c3.centroid.y = c2.centroid.y = nan_r; break;
        case 4: c3.radius = c2.radius = nan_r; break;
        default: c3.centroid.x = c2.centroid.x = inf_r; break;
        }
        /* (A 2D hull's radius is only a hint: a bad one makes the query measure the size itself.) */
        gjk_shape3 b3 = gjk_hull_shape3(&c3);
        gjk_shape2 b2 = gjk_polygon2(&c2);
        assert_int_equal(gjk_shape3_validate(&b3), GJK_INVALID_INPUT);
        each_pair3(&b3, expect_invalid3, "damaged 3D hull");
        if (k == 4) {
            each_pair2(&b2, expect_usable2, "2D hull with a NaN radius");
        } else {
            assert_int_equal(gjk_shape2_validate(&b2), GJK_INVALID_INPUT);
            each_pair2(&b2, expect_invalid2, "damaged 2D hull");
        }
    }
    gjk_hull3_destroy(h3);
    gjk_hull2_destroy(h2);
}

/* ---- user callbacks ---------------------------------------------------------------------------------------------- */

typedef enum user_mode { USER_NAN, USER_INF, USER_HUGE, USER_BEYOND } user_mode;

/* A box of half extents 0.5 that answers badly after `good` calls; it records any direction that breaks the
   documented contract (finite and non-zero). */
typedef struct user_state {
    user_mode mode;
    int good, calls;
    bool bad_direction;
} user_state;

static gjk_real user_bad_value(user_mode mode) {
    switch (mode) {
    case USER_NAN: return nan_r;
    case USER_INF: return inf_r;
    case USER_HUGE: return GJK_REAL_MAX / 2;
    case USER_BEYOND: break;
    }
    return GJK_MAX_COORD * 2;
}

static gjk_vec3 user_support3(gjk_vec3 d, const void *data) {
    user_state *u = (user_state *)(uintptr_t)data; /* the test's own, non-const state */
    if (!test_finite3(d) || zero3(d)) u->bad_direction = true;
    gjk_vec3 p = gjk_v3(d.x >= 0 ? GJK_R(0.5) : GJK_R(-0.5), d.y >= 0 ? GJK_R(0.5) : GJK_R(-0.5),
                        d.z >= 0 ? GJK_R(0.5) : GJK_R(-0.5));
    if (u->calls++ >= u->good) p.y = user_bad_value(u->mode);
    return p;
}
static gjk_vec2 user_support2(gjk_vec2 d, const void *data) {
    user_state *u = (user_state *)(uintptr_t)data;
    if (!finite2(d) || zero2(d)) u->bad_direction = true;
    gjk_vec2 p = gjk_v2(d.x >= 0 ? GJK_R(0.5) : GJK_R(-0.5), d.y >= 0 ? GJK_R(0.5) : GJK_R(-0.5));
    if (u->calls++ >= u->good) p.y = user_bad_value(u->mode);
    return p;
}

/* A callback answering NaN, an infinity or a point beyond the bound is invalid input in 3D, from the first call or
   in the middle of GJK or EPA: the query stops short of a NaN and reports it (and forgets the cache's simplex). In
   2D, where any finite number is valid, a huge finite answer gives a finite result of whatever status. */
static void test_user_callbacks(void **st) {
    (void)st;
    gjk_shape3 box3 = gjk_box3(gjk_v3(1, 1, 1));
    gjk_shape2 box2 = gjk_box2(gjk_v2(1, 1));
    char what[120];
    for (int mode = USER_NAN; mode <= USER_BEYOND; ++mode) {
        for (int good = 0; good < 40; ++good) {
            for (int overlap = 0; overlap < 2; ++overlap) {
                gjk_real x = overlap ? GJK_R(0.7) : 3;
                snprintf(what, sizeof what, "user callback mode %d after %d calls, %s", mode, good,
                         overlap ? "overlapping" : "apart");
                for (int q = 0; q < 4; ++q) {
                    user_state u = {(user_mode)mode, good, 0, false};
                    gjk_shape3 s3 = gjk_user3(user_support3, &u);
                    gjk_pair3 p3 = {&box3, gjk_pose3_identity(), &s3,
                                    gjk_pose3_make(gjk_v3(x, GJK_R(0.2), GJK_R(0.1)), gjk_quat_identity())};
                    gjk_cache3 c3 = {0};
                    gjk_result3 r3 = queries3[q](&p3, &c3);
                    check_sane3(&r3, what, q);
                    if (u.calls > good) { /* it answered badly at least once */
                        check_invalid3(&r3, what, q);
                        assert_int_equal(c3.count, 0);
                    } else {
                        assert_int_not_equal(r3.status, GJK_INVALID_INPUT);
                    }
                    if (u.bad_direction) fail_msg("%s: %s passed a zero or non-finite direction", what, query_names[q]);

                    u = (user_state){(user_mode)mode, good, 0, false};
                    gjk_shape2 s2 = gjk_user2(user_support2, &u);
                    gjk_pair2 p2 = {&box2, gjk_pose2_identity(), &s2, gjk_pose2_make(gjk_v2(x, GJK_R(0.2)), 0)};
                    gjk_result2 r2 = queries2[q](&p2, NULL);
                    check_sane2(&r2, what, q);
                    if (u.calls > good) check_invalid2(&r2, what, q); /* (beyond the bound too, as in 3D) */
                    else assert_int_not_equal(r2.status, GJK_INVALID_INPUT);
                    if (u.bad_direction) fail_msg("%s: %s passed a zero or non-finite direction", what, query_names[q]);
                }
            }
        }
    }
    /* The public support functions: finite whatever the callback says, and never a bad direction passed on. */
    const gjk_vec3 dirs3[] = {{1, 2, 3}, {0, 0, 0}, {nan_r, 1, 0}, {inf_r, 0, 0}, {GJK_REAL_MAX, -GJK_REAL_MAX, 1},
                              {REAL_MIN / 8, 0, 0}};
    const gjk_vec2 dirs2[] = {{1, 2}, {0, 0}, {nan_r, 1}, {inf_r, 0}, {GJK_REAL_MAX, -GJK_REAL_MAX}, {REAL_MIN / 8, 0}};
    for (int mode = USER_NAN; mode <= USER_BEYOND; ++mode)
        for (int i = 0; i < 6; ++i)
            for (int good = 0; good < 2; ++good) {
                user_state u = {(user_mode)mode, good, 0, false};
                gjk_shape3 s3 = gjk_rounded3(gjk_user3(user_support3, &u), GJK_R(0.25));
                assert_true(test_finite3(gjk_shape3_support(&s3, dirs3[i])));
                assert_false(u.bad_direction);
                u = (user_state){(user_mode)mode, good, 0, false};
                gjk_shape2 s2 = gjk_rounded2(gjk_user2(user_support2, &u), GJK_R(0.25));
                assert_true(finite2(gjk_shape2_support(&s2, dirs2[i])));
                assert_false(u.bad_direction);
            }
}

/* ---- support functions and caches -------------------------------------------------------------------------------- */

/* gjk_shape3_support / gjk_shape2_support with any direction: a finite point of the shape. */
static void test_support_directions(void **st) {
    (void)st;
    gjk_vec3 cube[8];
    for (int i = 0; i < 8; ++i) cube[i] = gjk_v3(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1);
    gjk_vec3 many[64];
    test_rng rng = {41};
    for (int i = 0; i < 64; ++i) many[i] = test_unit3(&rng); /* enough vertices for the support cells */
    gjk_hull3 *h = gjk_hull3_create(cube, 8, NULL), *hm = gjk_hull3_create(many, 64, NULL);
    assert_non_null(h);
    assert_non_null(hm);
    const gjk_shape3 shapes[] = {gjk_point3(),
                                 gjk_segment3(gjk_v3(-1, 0, 0), gjk_v3(1, 1, 0)),
                                 gjk_triangle3(gjk_v3(0, 0, 0), gjk_v3(1, 0, 0), gjk_v3(0, 1, 0)),
                                 gjk_box3(gjk_v3(1, 2, 3)),
                                 gjk_sphere3(2),
                                 gjk_capsule3(1, 2),
                                 gjk_cylinder3(1, 2),
                                 gjk_cone3(1, 2),
                                 gjk_ellipsoid3(gjk_v3(1, 2, 3)),
                                 gjk_ellipsoid3(gjk_v3(GJK_MAX_COORD, 1, GJK_MAX_COORD)),
                                 gjk_hull_shape3(h),
                                 gjk_hull_shape3(hm),
                                 gjk_rounded3(gjk_cone3(GJK_MAX_COORD, GJK_MAX_COORD), GJK_MAX_COORD)};
    const gjk_vec3 dirs[] = {{0, 0, 0},
                             {nan_r, 0, 0},
                             {1, nan_r, 1},
                             {inf_r, 0, 0},
                             {-inf_r, inf_r, 1},
                             {GJK_REAL_MAX, GJK_REAL_MAX, GJK_REAL_MAX},
                             {-GJK_REAL_MAX, 1, 0},
                             {REAL_MIN / 16, 0, -REAL_MIN / 16},
                             {0, 0, REAL_MIN}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; ++i)
        for (size_t k = 0; k < sizeof dirs / sizeof dirs[0]; ++k) {
            gjk_vec3 p = gjk_shape3_support(&shapes[i], dirs[k]);
            if (!test_finite3(p))
                fail_msg("3D support of type %d along direction %zu is not finite", shapes[i].type, k);
        }
    gjk_hull3_destroy(h);
    gjk_hull3_destroy(hm);
    const gjk_shape2 shapes2[] = {gjk_point2(), gjk_segment2(gjk_v2(-1, 0), gjk_v2(1, 1)), gjk_circle2(2),
                                  gjk_box2(gjk_v2(1, 2)), gjk_capsule2(1, 2),
                                  gjk_rounded2(gjk_box2(gjk_v2(GJK_REAL_MAX / 4, 1)), GJK_REAL_MAX / 4)};
    const gjk_vec2 dirs2[] = {{0, 0}, {nan_r, 0}, {inf_r, 1}, {GJK_REAL_MAX, GJK_REAL_MAX}, {REAL_MIN / 16, 0}};
    for (size_t i = 0; i < sizeof shapes2 / sizeof shapes2[0]; ++i)
        for (size_t k = 0; k < sizeof dirs2 / sizeof dirs2[0]; ++k) {
            gjk_vec2 p = gjk_shape2_support(&shapes2[i], dirs2[k]);
            if (!finite2(p)) fail_msg("2D support of type %d along direction %zu is not finite", shapes2[i].type, k);
        }
}

/* A cache the caller damaged (NaN or huge axis, count out of range, NaN points) for the pair it belongs to: it only
   changes where the search starts; a valid pair still gets a finite, valid answer. */
static void test_damaged_cache(void **st) {
    (void)st;
    gjk_shape3 a = gjk_box3(gjk_v3(1, GJK_R(0.5), GJK_R(0.25))), b = gjk_cylinder3(GJK_R(0.5), GJK_R(0.7));
    gjk_pair3 p = {&a, gjk_pose3_identity(), &b, pose3_near()};
    gjk_result3 want = gjk_signed_distance3(&p, NULL);
    for (int k = 0; k < 7; ++k) {
        for (int q = 0; q < 4; ++q) {
            gjk_cache3 c = {0};
            c.a = &a;
            c.b = &b;
            switch (k) {
            case 0: c.axis = gjk_v3(nan_r, 0, 0); break;
            case 1: c.axis = gjk_v3(inf_r, -inf_r, 0); break;
            case 2: c.count = 1000; break;
            case 3: c.count = -7; break;
            case 4:
                c.count = 2;
                c.point_a[0] = gjk_v3(nan_r, 0, 0);
                c.point_b[1] = gjk_v3(0, inf_r, 0);
                break;
            case 5: c.axis = gjk_v3(GJK_REAL_MAX, GJK_REAL_MAX, GJK_REAL_MAX); break;
            default: c.axis = gjk_v3(REAL_MIN / 16, 0, 0); break;
            }
            gjk_result3 r = queries3[q](&p, &c);
            check_sane3(&r, "damaged 3D cache", q);
            assert_int_not_equal(r.status, GJK_INVALID_INPUT);
            if (q == 3) EXPECT_NEAR(r.distance, want.distance, TU(1e-6));
        }
    }
    gjk_shape2 a2 = gjk_box2(gjk_v2(1, GJK_R(0.5))), b2 = gjk_capsule2(GJK_R(0.25), 1);
    gjk_pair2 p2 = {&a2, gjk_pose2_identity(), &b2, pose2_near()};
    const gjk_vec2 axes[] = {{nan_r, 0}, {inf_r, 1}, {GJK_REAL_MAX, -GJK_REAL_MAX}, {REAL_MIN / 16, 0}};
    for (int k = 0; k < 4; ++k)
        for (int q = 0; q < 4; ++q) {
            /* Owned by the pair, so that the damaged axis and points are read. */
            gjk_cache2 c = {.axis = axes[k], .count = 3, .a = &a2, .b = &b2};
            c.point_a[k % 3] = axes[k];
            c.point_b[(k + 1) % 3] = axes[k];
            gjk_result2 r = queries2[q](&p2, &c);
            check_sane2(&r, "damaged 2D cache", q);
            assert_int_not_equal(r.status, GJK_INVALID_INPUT);
        }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hull_creation),
        cmocka_unit_test(test_hull_huge_points),
        cmocka_unit_test(test_hull_damaged),
        cmocka_unit_test(test_user_callbacks),
        cmocka_unit_test(test_support_directions),
        cmocka_unit_test(test_damaged_cache),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
