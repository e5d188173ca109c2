// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The closed form of the linear 2D cast of two sharp polygons (cast2.c: the ray against the difference polygon A - B)
   against the GJK ray cast, which the same polygons take when their hulls carry no edge normals (a copy of the hull
   with normals NULL), on thousands of random pairs: 3- to 8-gons and boxes, turned at random or aligned so that edges
   are parallel, moving with one or both shapes, hitting, grazing, missing and overlapping at t = 0. Both must agree on
   the state and t; the closed form's contact must be a contact (the point on both outlines at t, the normal a
   supporting direction of both), and a miss must give the distance at t = 1 and its points as the query does. Plus
   exact answers: boxes sliding into each other, face on face, edge on corner, known in closed form. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#define NPOLY 6

typedef struct poly2 {
    gjk_hull2 *hull;
    gjk_hull2 bare; /* the same hull without its normals: the GJK path */
    gjk_shape2 fast, slow;
} poly2;

static void make_poly(test_rng *r, poly2 *p, bool box) {
    gjk_vec2 v[8];
    int n = box ? 4 : 3 + (int)(test_next(r) % NPOLY);
    double rad = test_uniform(r, 0.3, 2), phase = test_uniform(r, 0, 6.283185307179586);
    double hx = test_uniform(r, 0.2, 1.5), hy = test_uniform(r, 0.2, 1.5);
    for (int i = 0; i < n; ++i) {
        if (box) {
            v[i] = gjk_v2((gjk_real)(i == 1 || i == 2 ? hx : -hx), (gjk_real)(i >= 2 ? hy : -hy));
        } else {
            double a = phase + 6.283185307179586 * (i + test_uniform(r, 0.2, 0.8)) / n;
            v[i] = gjk_v2((gjk_real)(rad * cos(a)), (gjk_real)(rad * sin(a)));
        }
    }
    p->hull = gjk_hull2_create(v, n, NULL);
    assert_non_null(p->hull);
    p->bare = *p->hull;
    p->bare.normals = NULL;
    p->fast = box && test_next(r) % 2 ? gjk_box2(gjk_v2((gjk_real)hx, (gjk_real)hy)) : gjk_polygon2(p->hull);
    p->slow = gjk_polygon2(&p->bare);
}

/* Largest signed distance of p from the outline of the posed polygon's edge lines (0 on the outline, < 0 inside). */
static double outline_dist(const gjk_hull2 *h, gjk_pose2 pose, gjk_vec2 p) {
    gjk_vec2 l = gjk_inv_rotate2(pose.rotation, gjk_sub2(p, pose.position));
    double m = -1e300;
    for (int i = 0; i < h->vertex_count; ++i) {
        gjk_vec2 a = h->vertices[i], b = h->vertices[(i + 1) % h->vertex_count];
        double ex = (double)b.x - a.x, ey = (double)b.y - a.y, len = sqrt(ex * ex + ey * ey);
        m = fmax(m, (ey * ((double)l.x - a.x) - ex * ((double)l.y - a.y)) / len);
    }
    return m;
}

/* max over A of n.a minus min over B of n.b: zero for a supporting direction of a touching pair. */
static double gap_along(const gjk_hull2 *ha, gjk_pose2 pa, const gjk_hull2 *hb, gjk_pose2 pb, gjk_vec2 n) {
    double ma = -1e300, mb = 1e300;
    for (int i = 0; i < ha->vertex_count; ++i) {
        gjk_vec2 w = gjk_add2(gjk_rotate2(pa.rotation, ha->vertices[i]), pa.position);
        ma = fmax(ma, (double)n.x * w.x + (double)n.y * w.y);
    }
    for (int i = 0; i < hb->vertex_count; ++i) {
        gjk_vec2 w = gjk_add2(gjk_rotate2(pb.rotation, hb->vertices[i]), pb.position);
        mb = fmin(mb, (double)n.x * w.x + (double)n.y * w.y);
    }
    return mb - ma;
}

static gjk_pose2 at(gjk_pose2 p, gjk_vec2 v, double t) {
    p.position = gjk_mad2(p.position, (gjk_real)t, v);
    return p;
}

typedef struct stats {
    int n, hit, sep, over, graze, worst_t_at;
    double worst_t, worst_pt, worst_n, worst_d;
} stats;

static void compare(const gjk_cast_input2 *fast_in, const gjk_cast_input2 *slow_in, const poly2 *a, const poly2 *b,
                    double size, stats *st) {
    gjk_cast_result2 f = gjk_shape_cast2(fast_in), s = gjk_shape_cast2(slow_in);
    const double eps = TU(1e-12) * size, motion = gjk_len2(gjk_sub2(fast_in->motion_b.translation,
                                                                    fast_in->motion_a.translation));
    st->n++;
    assert_int_equal(f.status, GJK_OK);
    if (f.state != s.state) {
        /* Only a graze may tell them apart: one sees the ray pass within rounding of the difference polygon. */
        const gjk_cast_result2 *h = f.state == GJK_CAST_HIT ? &f : &s;
        assert_true(f.state != GJK_CAST_OVERLAPPED && s.state != GJK_CAST_OVERLAPPED);
        gjk_pose2 pa = at(fast_in->pair.pose_a, fast_in->motion_a.translation, h->t);
        gjk_pose2 pb = at(fast_in->pair.pose_b, fast_in->motion_b.translation, h->t);
        gjk_vec2 perp = gjk_normalize2(gjk_perp2(gjk_sub2(fast_in->motion_b.translation, fast_in->motion_a.translation)));
        double g1 = gap_along(a->hull, pa, b->hull, pb, perp), g2 = gap_along(a->hull, pa, b->hull, pb, gjk_neg2(perp));
        if (!(fabs(g1) <= 1e3 * eps || fabs(g2) <= 1e3 * eps))
            fail_msg("states %d (closed form) and %d (GJK), t %.17g / %.17g, gaps across the motion %.3g %.3g", f.state,
                     s.state, (double)f.t, (double)s.t, g1, g2);
        st->graze++;
        return;
    }
    if (f.state == GJK_CAST_OVERLAPPED) {
        st->over++;
        return;
    }
    gjk_pose2 pa = at(fast_in->pair.pose_a, fast_in->motion_a.translation, f.t);
    gjk_pose2 pb = at(fast_in->pair.pose_b, fast_in->motion_b.translation, f.t);
    double da = fabs(outline_dist(a->hull, pa, f.point_a)), db = fabs(outline_dist(b->hull, pb, f.point_b));
    st->worst_pt = fmax(st->worst_pt, fmax(da, db) / size);
    if (!(da <= 64 * eps && db <= 64 * eps))
    if (!(da <= 64 * eps && db <= 64 * eps))
        fail_msg("state %d at t %.17g: points off the outlines by %.3g and %.3g (cast %d, GJK t %.17g, vertices %d %d, "
                 "types %d %d)", f.state, (double)f.t, da, db, st->n, (double)s.t, a->hull->vertex_count,
                 b->hull->vertex_count, fast_in->pair.a->type, fast_in->pair.b->type);
    assert_true(fabs(gjk_len2(f.normal) - 1) <= TU(1e-14));
    if (f.state == GJK_CAST_HIT) {
        st->hit++;
        double dt = fabs((double)f.t - (double)s.t) * motion;
        if (dt > st->worst_t) st->worst_t = dt / size, st->worst_t_at = st->n;
        if (!(dt <= 64 * eps)) fail_msg("t %.17g, GJK %.17g (motion %.3g)", (double)f.t, (double)s.t, motion);
        double g = gap_along(a->hull, pa, b->hull, pb, f.normal);
        st->worst_n = fmax(st->worst_n, fabs(g) / size);
        if (!(fabs(g) <= 64 * eps)) fail_msg("hit at t %.17g: gap %.3g along the normal", (double)f.t, g);
        return;
    }
    st->sep++;
    assert_true(f.t == 1);
    double df = gjk_len2(gjk_sub2(f.point_b, f.point_a)), ds = gjk_len2(gjk_sub2(s.point_b, s.point_a));
    st->worst_d = fmax(st->worst_d, fabs(df - ds) / size);
    if (!(fabs(df - ds) <= 64 * eps)) fail_msg("separated: distance %.17g, query %.17g", df, ds);
    if (ds > 1e-6 * size) assert_true(gjk_len2(gjk_sub2(f.normal, s.normal)) <= TU(1e-8) * size / ds);
    if (df > 0) assert_true(gjk_len2(gjk_sub2(gjk_sub2(f.point_b, f.point_a), gjk_scale2(f.normal, (gjk_real)df))) <= 64 * eps);
}

static void test_against_gjk(void **state) {
    (void)state;
    test_rng r = {2026};
    stats st;
    memset(&st, 0, sizeof st);
    for (int i = 0; i < 6000; ++i) {
        poly2 a, b;
        int kind = i % 6; /* 0-2 random polygons, 3 boxes turned at random, 4-5 boxes with parallel edges */
        make_poly(&r, &a, kind >= 3);
        make_poly(&r, &b, kind >= 3 || i % 7 == 0);
        double ang = test_uniform(&r, -3.14159, 3.14159);
        double angb = kind >= 4 ? ang + 1.5707963267948966 * (double)(test_next(&r) % 4) : test_uniform(&r, -3.14, 3.14);
        gjk_cast_input2 in;
        memset(&in, 0, sizeof in);
        in.pair.a = &a.fast;
        in.pair.b = &b.fast;
        in.pair.pose_a = gjk_pose2_make(gjk_v2((gjk_real)test_uniform(&r, -3, 3), (gjk_real)test_uniform(&r, -3, 3)),
                                        (gjk_real)ang);
        double size = a.hull->radius + b.hull->radius + gjk_len2(a.hull->centroid) + gjk_len2(b.hull->centroid);
        double d0 = test_uniform(&r, 0, 6.283185307179586), far = size * test_uniform(&r, 0.8, 2.5);
        gjk_vec2 start = gjk_v2((gjk_real)(far * cos(d0)), (gjk_real)(far * sin(d0)));
        if (kind == 5) start = gjk_rotate2(gjk_rot2_from_angle((gjk_real)ang), gjk_v2((gjk_real)far, (gjk_real)test_uniform(&r, -0.5, 0.5)));
        in.pair.pose_b = gjk_pose2_make(gjk_add2(in.pair.pose_a.position, start), (gjk_real)angb);
        /* Aim at a point near A (about half hit); kind 5 slides along A's axis; every 5th pair A moves too. */
        double am = test_uniform(&r, 0, 6.283185307179586), ar = size * test_uniform(&r, 0, 2.5);
        gjk_vec2 aim = gjk_add2(in.pair.pose_a.position, gjk_v2((gjk_real)(ar * cos(am)), (gjk_real)(ar * sin(am))));
        in.motion_b.translation = gjk_scale2(gjk_sub2(aim, in.pair.pose_b.position), (gjk_real)test_uniform(&r, 1, 3));
        if (kind == 5) in.motion_b.translation = gjk_scale2(start, (gjk_real)-test_uniform(&r, 0.5, 2));
        if (i % 5 == 0) {
            gjk_vec2 va = gjk_v2((gjk_real)test_uniform(&r, -1, 1), (gjk_real)test_uniform(&r, -1, 1));
            in.motion_a.translation = va;
            in.motion_b.translation = gjk_add2(in.motion_b.translation, va);
        }
        if (i % 11 == 0) { /* grazing: B moved across the motion until its extent there just meets A's */
            gjk_vec2 m = gjk_sub2(in.motion_b.translation, in.motion_a.translation), perp = gjk_normalize2(gjk_perp2(m));
            double g = gap_along(a.hull, in.pair.pose_a, b.hull, in.pair.pose_b, perp);
            in.pair.pose_b.position = gjk_mad2(in.pair.pose_b.position, (gjk_real)-g, perp);
        }
        gjk_cast_input2 slow = in;
        slow.pair.a = &a.slow;
        slow.pair.b = &b.slow;
        compare(&in, &slow, &a, &b, size, &st);
        gjk_hull2_destroy(a.hull);
        gjk_hull2_destroy(b.hull);
    }
    printf("closed form against GJK: %d casts, %d hits, %d separated, %d overlapped, %d grazes told apart; worst "
           "(x size): t %.3g, points %.3g, gap along the normal %.3g, distance at t = 1 %.3g\n",
           st.n, st.hit, st.sep, st.over, st.graze, st.worst_t, st.worst_pt, st.worst_n, st.worst_d);
    assert_true(st.hit > 3000 && st.sep > 1500 && st.over > 40); /* (measured: 3789, 1932, 81) */
}

/* Boxes sliding into each other: t, normal and points known in closed form. */
static void test_exact_boxes(void **state) {
    (void)state;
    gjk_shape2 a = gjk_box2(gjk_v2(1, 1)), b = gjk_box2(gjk_v2(GJK_R(0.5), GJK_R(0.5)));
    gjk_cast_input2 in;
    memset(&in, 0, sizeof in);
    in.pair.a = &a;
    in.pair.b = &b;
    in.pair.pose_a = gjk_pose2_make(gjk_v2(0, 0), 0);
    /* Face on face: B's left side reaches x = 1 when 5 - 0.5 - 4 t = 1. */
    in.pair.pose_b = gjk_pose2_make(gjk_v2(5, GJK_R(0.25)), 0);
    in.motion_b.translation = gjk_v2(-4, 0);
    gjk_cast_result2 r = gjk_shape_cast2(&in);
    assert_int_equal(r.state, GJK_CAST_HIT);
    assert_true(r.hit);
    assert_true(r.t == GJK_R(0.875));
    assert_true(r.normal.x == 1 && r.normal.y == 0);
    assert_true(r.point.x == 1 && r.point.y >= GJK_R(-0.25) && r.point.y <= 1);
    assert_int_equal(r.iterations, 0);
    /* The same with A moving to meet it: relative motion -4 + 4 = -8 over the step, t = 3.5 / 8. */
    in.motion_a.translation = gjk_v2(4, 0);
    r = gjk_shape_cast2(&in);
    assert_int_equal(r.state, GJK_CAST_HIT);
    assert_true(r.t == GJK_R(0.4375));
    assert_true(r.normal.x == 1 && r.point.x == GJK_R(2.75));
    /* Corner on face: B turned 45 degrees falls onto A's top; its lowest corner is sqrt(0.5) below its centre. */
    memset(&in.motion_a, 0, sizeof in.motion_a);
    in.pair.pose_b = gjk_pose2_make(gjk_v2(GJK_R(0.3), 3), GJK_R(0.7853981633974483));
    in.motion_b.translation = gjk_v2(0, -2);
    r = gjk_shape_cast2(&in);
    double low = 3 - sqrt(0.5) * (double)gjk_len2(gjk_v2(1, 0)); /* 3 - 0.7071 */
    assert_int_equal(r.state, GJK_CAST_HIT);
    EXPECT_NEAR(r.t, (low - 1) / 2, TU(1e-15));
    assert_true(r.normal.x == 0 && r.normal.y == 1);
    EXPECT_NEAR(r.point.x, 0.3, TU(1e-15));
    EXPECT_NEAR(r.point.y, 1, TU(1e-15));
    /* Missing to the side: separated, the distance at t = 1 between the faces (B ends at x 1.5 .. 2.5, y 4 .. 5). */
    in.pair.pose_b = gjk_pose2_make(gjk_v2(2, 3), 0);
    in.motion_b.translation = gjk_v2(0, GJK_R(1.5));
    r = gjk_shape_cast2(&in);
    assert_int_equal(r.state, GJK_CAST_SEPARATED);
    assert_false(r.hit);
    assert_true(r.t == 1);
    EXPECT_NEAR(gjk_len2(gjk_sub2(r.point_b, r.point_a)), sqrt(0.5 * 0.5 + 3.0 * 3.0), TU(1e-15));
    EXPECT_NEAR(r.point_a.x, 1, TU(1e-15));
    EXPECT_NEAR(r.point_a.y, 1, TU(1e-15));
    EXPECT_NEAR(r.point_b.x, 1.5, TU(1e-15));
    EXPECT_NEAR(r.point_b.y, 4, TU(1e-15));
    /* Touching at t = 0 is overlapped, with the query's normal. */
    in.pair.pose_b = gjk_pose2_make(gjk_v2(GJK_R(1.5), 0), 0);
    in.motion_b.translation = gjk_v2(-1, 0);
    r = gjk_shape_cast2(&in);
    assert_int_equal(r.state, GJK_CAST_OVERLAPPED);
    assert_true(r.t == 0);
    assert_true(r.normal.x == 1 && r.normal.y == 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_boxes),
        cmocka_unit_test(test_against_gjk),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
