// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* 2D shapes: constructors, validation, support functions against closed forms and a dense brute force, and the
   queries' handling of invalid input (GJK_INVALID_INPUT, zeroed outputs, never NaN). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>

#include "check2.h"

/* ---- constructors and validation ------------------------------------------------------------------------------ */

static gjk_vec2 tri_v[3] = {{0, 0}, {1, 0}, {0, 1}};
static gjk_vec2 tri_n[3] = {{0, -1}, {0.70710678118654752, 0.70710678118654752}, {-1, 0}};
static gjk_hull2 tri_hull = {2, 3, tri_v, tri_n, {0.33333333333333333, 0.33333333333333333}, 0.75};

static gjk_vec2 user_box(gjk_vec2 d, const void *data) {
    const gjk_vec2 *h = data;
    return gjk_v2(d.x >= 0 ? h->x : -h->x, d.y >= 0 ? h->y : -h->y);
}

static gjk_vec2 user_nan(gjk_vec2 d, const void *data) {
    (void)d;
    (void)data;
    return gjk_v2(NAN, 0);
}

/* Finite until the `*data`-th call, NaN afterwards: a callback that breaks in the middle of GJK or EPA. */
static gjk_vec2 user_nan_later(gjk_vec2 d, const void *data) {
    int *calls = (int *)(uintptr_t)data;
    if (--*calls < 0) return gjk_v2(NAN, NAN);
    return gjk_v2(d.x >= 0 ? 1 : -1, d.y >= 0 ? 1 : -1);
}

static void test_constructors(void **state) {
    (void)state;
    gjk_shape2 s = gjk_point2();
    assert_int_equal(s.type, GJK_SHAPE2_POINT);
    assert_true(s.margin == 0);
    s = gjk_segment2(v2(1, 2), v2(3, 4));
    assert_int_equal(s.type, GJK_SHAPE2_SEGMENT);
    assert_true(s.segment.a.x == 1 && s.segment.b.y == 4);
    s = gjk_circle2(2);
    assert_true(s.type == GJK_SHAPE2_CIRCLE && s.circle.radius == 2);
    s = gjk_box2(v2(1, 2));
    assert_true(s.type == GJK_SHAPE2_BOX && s.box.half_extents.y == 2);
    s = gjk_capsule2(0.5, 1.5);
    assert_true(s.type == GJK_SHAPE2_CAPSULE && s.capsule.radius == GJK_R(0.5) && s.capsule.half_height == GJK_R(1.5));
    s = gjk_polygon2(&tri_hull);
    assert_true(s.type == GJK_SHAPE2_POLYGON && s.polygon.hull == &tri_hull);
    gjk_vec2 h = {1, 1};
    s = gjk_user2(user_box, &h);
    assert_true(s.type == GJK_SHAPE2_USER && s.user.support == user_box && s.user.data == &h);
    s = gjk_rounded2(gjk_box2(v2(1, 1)), GJK_R(0.25));
    assert_true(s.type == GJK_SHAPE2_BOX && s.margin == GJK_R(0.25) && s.box.half_extents.x == 1);
}

static void test_validate(void **state) {
    (void)state;
    gjk_vec2 h = {1, 1};
    gjk_shape2 good[] = {gjk_point2(),
                         gjk_segment2(v2(0, 0), v2(0, 0)),
                         gjk_circle2(1),
                         gjk_box2(v2(1, 2)),
                         gjk_capsule2(0, 0),
                         gjk_capsule2(1, 0),
                         gjk_polygon2(&tri_hull),
                         gjk_user2(user_box, &h),
                         gjk_rounded2(gjk_point2(), 1),
                         gjk_rounded2(gjk_box2(v2(1, 1)), 0)};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) assert_int_equal(gjk_shape2_validate(&good[i]), GJK_OK);

    gjk_hull2 empty = tri_hull, no_vertices = tri_hull, bad_dim = tri_hull;
    empty.vertex_count = 0;
    no_vertices.vertices = NULL;
    bad_dim.dimension = 3;
    gjk_shape2 bad_type = gjk_point2();
    bad_type.type = GJK_SHAPE2_TYPE_COUNT;
    gjk_shape2 bad[] = {gjk_rounded2(gjk_point2(), -1),
                        gjk_rounded2(gjk_point2(), NAN),
                        gjk_rounded2(gjk_point2(), INFINITY),
                        gjk_segment2(v2(NAN, 0), v2(0, 0)),
                        gjk_segment2(v2(0, 0), v2(0, INFINITY)),
                        gjk_circle2(0),
                        gjk_circle2(-1),
                        gjk_circle2(NAN),
                        gjk_circle2(INFINITY),
                        gjk_box2(v2(0, 1)),
                        gjk_box2(v2(1, -1)),
                        gjk_box2(v2(NAN, 1)),
                        gjk_capsule2(-1, 1),
                        gjk_capsule2(1, -1),
                        gjk_capsule2(NAN, 1),
                        gjk_capsule2(1, INFINITY),
                        gjk_polygon2(NULL),
                        gjk_polygon2(&empty),
                        gjk_polygon2(&no_vertices),
                        gjk_polygon2(&bad_dim),
                        gjk_user2(NULL, NULL),
                        bad_type};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(gjk_shape2_validate(&bad[i]), GJK_INVALID_INPUT);
        gjk_vec2 p = gjk_shape2_support(&bad[i], v2(1, 1));
        assert_true(isfinite(p.x) && isfinite(p.y));
    }
    assert_int_equal(gjk_shape2_validate(NULL), GJK_INVALID_INPUT);
}

/* ---- supports ----------------------------------------------------------------------------------------------- */

/* Dense sample of the rounded shape's boundary: core vertices plus r in 720 directions, and points along the core
   edges. The support must reach at least as far as every sample along d. */
static double dense_max(const o2_shape *s, o2_vec d) {
    double best = -INFINITY;
    for (int i = 0; i < s->n; i++) {
        for (int k = 0; k < 720; k++) {
            double a = 6.283185307179586 * k / 720;
            o2_vec p = o2_v(s->v[i].x + s->r * cos(a), s->v[i].y + s->r * sin(a));
            best = fmax(best, p.x * d.x + p.y * d.y);
        }
        o2_vec q = s->v[(i + 1) % s->n];
        for (int k = 0; k <= 64; k++) {
            double t = k / 64.0;
            o2_vec p = o2_v(s->v[i].x + t * (q.x - s->v[i].x), s->v[i].y + t * (q.y - s->v[i].y));
            best = fmax(best, p.x * d.x + p.y * d.y);
        }
    }
    return best;
}

static void test_supports(void **state) {
    (void)state;
    o2_rng g = {21};
    gjk_vec2 h = {GJK_R(0.75), GJK_R(0.25)};
    gjk_vec2 poly_v[O2_MAX_VERTICES], poly_n[O2_MAX_VERTICES];
    gjk_hull2 poly;
    o2_random_polygon(&g, 9, 1.5, 0.7, &poly, poly_v, poly_n);
    gjk_shape2 shapes[] = {gjk_point2(),
                           gjk_segment2(v2(-1, 0.5), v2(2, -0.25)),
                           gjk_circle2(GJK_R(1.25)),
                           gjk_box2(v2(2, 0.5)),
                           gjk_capsule2(GJK_R(0.5), 1),
                           gjk_capsule2(0, 2),
                           gjk_polygon2(&poly),
                           gjk_user2(user_box, &h)};
    double worst = 0;
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        for (int m = 0; m < 2; m++) {
            gjk_shape2 s = gjk_rounded2(shapes[i], m ? GJK_R(0.3) : 0);
            o2_shape o = s.type == GJK_SHAPE2_USER
                             ? o2_from_shape(&(gjk_shape2){GJK_SHAPE2_BOX, s.margin, .box = {h}}, gjk_pose2_identity())
                             : o2_from_shape(&s, gjk_pose2_identity());
            for (int k = 0; k < 400; k++) {
                double a = o2_uniform(&g, -4, 4), len = k % 3 == 0 ? 1e-20 : (k % 3 == 1 ? 1 : 1e20);
                gjk_vec2 d = v2(len * cos(a), len * sin(a));
                if (k == 0) d = v2(1, 0);
                if (k == 1) d = v2(0, -1);
                gjk_vec2 p = gjk_shape2_support(&s, d);
                o2_vec u = o2_v(cos(a), sin(a));
                if (k == 0) u = o2_v(1, 0);
                if (k == 1) u = o2_v(0, -1);
                double reach = (double)p.x * u.x + (double)p.y * u.y;
                /* Closed form: the best core vertex along u, plus the radius. */
                double closed = o2_support_value(&o, u);
                double err = fabs(reach - closed);
                worst = fmax(worst, err);
                assert_true(err <= 8 * GJK_REAL_EPSILON * 4);
                assert_true(reach >= dense_max(&o, u) - 8 * GJK_REAL_EPSILON * 4);
                /* The support point is on the shape's boundary. */
                assert_true(fabs(o2_point_signed_distance(o2_of(p), &o)) <= 8 * GJK_REAL_EPSILON * 4);
            }
            /* Zero and non-finite directions: a finite point of the shape. */
            gjk_vec2 z[] = {{0, 0}, {NAN, 1}, {INFINITY, 0}};
            for (int k = 0; k < 3; k++) {
                gjk_vec2 p = gjk_shape2_support(&s, z[k]);
                assert_true(isfinite(p.x) && isfinite(p.y));
                assert_true(o2_point_signed_distance(o2_of(p), &o) <= 8 * GJK_REAL_EPSILON * 4);
            }
        }
    }
    print_message("support: worst |closed form - support| %.2e\n", worst);
    /* Exact closed forms on representable data. */
    gjk_shape2 box = gjk_box2(v2(2, 3));
    gjk_vec2 p = gjk_shape2_support(&box, v2(-1, 0.5));
    assert_true(p.x == -2 && p.y == 3);
    gjk_shape2 circle = gjk_circle2(2);
    p = gjk_shape2_support(&circle, v2(0, -5));
    assert_true(p.x == 0 && p.y == -2);
    gjk_shape2 cap = gjk_rounded2(gjk_capsule2(1, 2), GJK_R(0.5));
    p = gjk_shape2_support(&cap, v2(3, 0));
    assert_true(p.x == GJK_R(1.5) && p.y == 2); /* zero component: the positive end */
    gjk_shape2 user = gjk_user2(user_nan, NULL);
    p = gjk_shape2_support(&user, v2(1, 0));
    assert_true(isfinite(p.x) && isfinite(p.y));
}

/* ---- invalid query input ------------------------------------------------------------------------------------ */

static void expect_invalid(const gjk_pair2 *pair) {
    gjk_cache2 cache = {.axis = {NAN, 1}};
    for (int q = 0; q < 4; q++) {
        gjk_cache2 *c = q % 2 ? &cache : NULL;
        gjk_result2 r = q == 0   ? gjk_intersect2(pair, c)
                        : q == 1 ? gjk_distance2(pair, c)
                        : q == 2 ? gjk_penetration2(pair, c)
                                 : gjk_signed_distance2(pair, c);
        assert_int_equal(r.status, GJK_INVALID_INPUT);
        assert_false(r.intersect);
        assert_true(r.distance == 0 && r.normal.x == 0 && r.normal.y == 0 && r.point_a.x == 0 && r.point_a.y == 0 &&
                    r.point_b.x == 0 && r.point_b.y == 0);
    }
}

static void test_invalid_queries(void **state) {
    (void)state;
    gjk_shape2 box = gjk_box2(v2(1, 1)), neg = gjk_circle2(-1), nan_margin = gjk_rounded2(gjk_box2(v2(1, 1)), NAN);
    gjk_shape2 bad_user = gjk_user2(user_nan, NULL);
    gjk_pose2 id = gjk_pose2_identity(), near = pose(GJK_R(0.5), 0, 0);
    expect_invalid(NULL);
    gjk_pair2 p = {NULL, id, &box, near};
    expect_invalid(&p);
    p = (gjk_pair2){&box, id, NULL, near};
    expect_invalid(&p);
    p = (gjk_pair2){&neg, id, &box, near};
    expect_invalid(&p);
    p = (gjk_pair2){&box, id, &nan_margin, near};
    expect_invalid(&p);
    p = (gjk_pair2){&box, id, &bad_user, near};
    expect_invalid(&p);
    gjk_pose2 bad = id;
    bad.position.x = NAN;
    p = (gjk_pair2){&box, bad, &box, near};
    expect_invalid(&p);
    bad = near;
    bad.position.y = INFINITY;
    p = (gjk_pair2){&box, id, &box, bad};
    expect_invalid(&p);
    bad = near;
    bad.rotation.c = 0;
    bad.rotation.s = 0; /* zero rotation */
    p = (gjk_pair2){&box, id, &box, bad};
    expect_invalid(&p);
    bad = id;
    bad.rotation.s = NAN;
    p = (gjk_pair2){&box, bad, &box, near};
    expect_invalid(&p);
    /* A callback that fails in the middle of GJK, or of EPA. */
    for (int after = 4; after < 40; after++) {
        int calls = after;
        gjk_shape2 later = gjk_user2(user_nan_later, &calls);
        p = (gjk_pair2){&box, id, &later, near};
        gjk_result2 r = gjk_signed_distance2(&p, NULL);
        assert_true(finite_result(&r));
        assert_true(r.status == GJK_INVALID_INPUT || r.status == GJK_OK);
        if (r.status == GJK_INVALID_INPUT) assert_true(r.distance == 0 && r.normal.x == 0);
    }
}

/* Rotations are normalised by the queries: a scaled (c, s) gives the same answer as the unit one. Huge but finite
   input never gives NaN. */
static void test_rotation_and_extremes(void **state) {
    (void)state;
    gjk_shape2 a = gjk_box2(v2(1, 0.5)), b = gjk_capsule2(GJK_R(0.25), 1);
    gjk_pose2 pb = pose(GJK_R(1.2), GJK_R(0.3), GJK_R(0.7));
    gjk_pair2 unit = {&a, pose(0, 0, GJK_R(0.2)), &b, pb};
    gjk_pair2 scaled = unit;
    scaled.pose_a.rotation.c *= 1000;
    scaled.pose_a.rotation.s *= 1000;
    scaled.pose_b.rotation.c *= GJK_R(1e-3);
    scaled.pose_b.rotation.s *= GJK_R(1e-3);
    gjk_result2 r1 = gjk_signed_distance2(&unit, NULL), r2 = gjk_signed_distance2(&scaled, NULL);
    assert_int_equal(r2.status, GJK_OK);
    assert_true(fabs((double)r1.distance - (double)r2.distance) <= 64 * GJK_REAL_EPSILON);
    /* Any cache content (tiny, huge, opposite, NaN) only changes the start: same answer. */
    gjk_vec2 axes[] = {{GJK_R(1e-30), 0}, {0, GJK_R(-1e30)}, {-1, -1}, {NAN, 0}, {INFINITY, 1}, {0, 0}};
    for (size_t k = 0; k < sizeof axes / sizeof axes[0]; k++) {
        gjk_cache2 c = {.axis = axes[k], .a = unit.a, .b = unit.b}; /* owned by the pair: the axis is used */
        gjk_result2 rc = gjk_signed_distance2(&unit, &c);
        assert_int_equal(rc.status, GJK_OK);
        assert_true(fabs((double)rc.distance - (double)r1.distance) <= 64 * GJK_REAL_EPSILON);
        assert_true(isfinite(c.axis.x) && isfinite(c.axis.y) && (c.axis.x != 0 || c.axis.y != 0));
        gjk_result2 rp = gjk_penetration2(&unit, &c), ri = gjk_intersect2(&unit, &c);
        assert_true(rp.status == GJK_OK && ri.status == GJK_OK && rp.intersect == ri.intersect);
    }
    gjk_real big = GJK_REAL_MAX / 4;
    gjk_shape2 huge = gjk_box2(v2(big, big)), huge_circle = gjk_circle2(big);
    gjk_pair2 e1 = {&huge, pose(big, -big, 1), &huge_circle, pose(-big, big, 2)};
    gjk_pair2 e2 = {&a, pose(big, 0, 0), &b, pose(-big, 0, 0)};
    gjk_pair2 *extreme[] = {&e1, &e2};
    for (int k = 0; k < 2; k++) {
        gjk_result2 rs[4] = {gjk_intersect2(extreme[k], NULL), gjk_distance2(extreme[k], NULL),
                             gjk_penetration2(extreme[k], NULL), gjk_signed_distance2(extreme[k], NULL)};
        for (int q = 0; q < 4; q++) assert_true(finite_result(&rs[q]));
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_constructors),
        cmocka_unit_test(test_validate),
        cmocka_unit_test(test_supports),
        cmocka_unit_test(test_invalid_queries),
        cmocka_unit_test(test_rotation_and_extremes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
