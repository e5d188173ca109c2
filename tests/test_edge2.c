// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* 2D queries on the hard cases: exactly and nearly touching pairs (the origin on or next to the boundary of the
   Minkowski difference, where EPA must work with an origin on an edge or slightly outside its polygon), degenerate
   pairs (identical shapes, collinear capsules: a flat Minkowski difference), and regression seeds from peers'
   public issues (docs/numerics.md): thin boxes (fcl #390, #493), size disparity (libccd #17), touching boxes (libccd
   #25, #68), barely touching rounded shapes (Jolt #2103), a near-zero box-box overlap (mujoco #3476). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>
#include <math.h>

#include "check2.h"

typedef struct poly_store {
    gjk_hull2 hull;
    gjk_vec2 v[O2_MAX_VERTICES], n[O2_MAX_VERTICES];
} poly_store;

static gjk_shape2 random_convex(o2_rng *g, poly_store *p) {
    switch (o2_int(g, 0, 4)) {
    case 0: return gjk_box2(v2(o2_uniform(g, 0.05, 2), o2_uniform(g, 0.05, 2)));
    case 1: return gjk_capsule2((gjk_real)o2_uniform(g, 0, 1), (gjk_real)o2_uniform(g, 0, 2));
    case 2:
        return gjk_segment2(v2(o2_uniform(g, -2, 2), o2_uniform(g, -2, 2)),
                            v2(o2_uniform(g, -2, 2), o2_uniform(g, -2, 2)));
    default:
        o2_random_polygon(g, o2_int(g, 3, 12), o2_uniform(g, 0.1, 2), o2_uniform(g, 0.1, 2), &p->hull, p->v, p->n);
        return gjk_polygon2(&p->hull);
    }
}

/* Place B so that it touches A (moved along the oracle's normal by the oracle's signed distance), then nudge it by
   `nudge` (times L) along the normal: 0 touching, > 0 apart, < 0 overlapping. */
static void touching_family(stats *st, uint64_t seed, int pairs, double nudge, bool rounded) {
    o2_rng g = {seed};
    for (int i = 0; i < pairs; i++) {
        poly_store sa, sb;
        gjk_shape2 a = random_convex(&g, &sa), b = random_convex(&g, &sb);
        if (rounded) {
            a.margin = (gjk_real)o2_uniform(&g, 0, 0.3);
            b.margin = (gjk_real)o2_uniform(&g, 0, 0.3);
        }
        gjk_pose2 pa = pose(o2_uniform(&g, -5, 5), o2_uniform(&g, -5, 5), o2_uniform(&g, -3.2, 3.2));
        gjk_pose2 pb = pose((double)pa.position.x + o2_uniform(&g, -4, 4),
                            (double)pa.position.y + o2_uniform(&g, -4, 4), o2_uniform(&g, -3.2, 3.2));
        o2_shape oa = o2_from_shape(&a, pa), ob = o2_from_shape(&b, pb);
        o2_answer ref = o2_query(&oa, &ob);
        if (ref.core_distance <= 0) continue; /* only pairs with a unique closest direction */
        double L = pair_scale(&oa, &ob, pa.position);
        double t = -ref.signed_distance + nudge * L;
        pb.position = v2((double)pb.position.x + t * ref.normal.x, (double)pb.position.y + t * ref.normal.y);
        check_generic(st, &a, pa, &b, pb);
        if (nudge == 0) {
            /* Touching counts as intersecting; the distance is 0 within the tolerance. */
            gjk_pair2 pair = {&a, pa, &b, pb};
            gjk_result2 r = gjk_signed_distance2(&pair, NULL);
            assert_true(fabs((double)r.distance) <= TOL_DIST * L);
            assert_true(gjk_intersect2(&pair, NULL).intersect);
            assert_true(gjk_distance2(&pair, NULL).intersect);
        }
    }
}

static void test_touching(void **state) {
    (void)state;
    stats s0 = {"touching", 0, 0, 0, 0, 0, 0, 0, 0, 0}, s1 = {"touching rounded", 0, 0, 0, 0, 0, 0, 0, 0, 0};
    touching_family(&s0, 31, 3000, 0, false);
    touching_family(&s1, 32, 3000, 0, true);
    report(&s0);
    report(&s1);
}

static void test_nearly_touching(void **state) {
    (void)state;
    /* Gaps and overlaps just above the touching tolerance and around it. */
    const double nudges[] = {1e-12, -1e-12, 1e-9, -1e-9, 1e-6, -1e-6, 1e-3, -1e-3};
    for (int k = 0; k < 8; k++) {
        char name[40];
        snprintf(name, sizeof name, "nudged %+.0e", nudges[k]);
        stats st = {name, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        touching_family(&st, 40 + (uint64_t)k, 1000, nudges[k], k % 2 == 0);
        report(&st);
    }
}

/* Axis-aligned boxes touching corner to corner and face to face, on dyadic data: distance exactly 0. */
static void test_touching_boxes(void **state) {
    (void)state;
    stats st = {"touching boxes", 0, 0, 0, 0, 0, 0, 0, 0, 0};
    o2_rng g = {33};
    for (int i = 0; i < 1000; i++) {
        double ax = o2_int(&g, 1, 16) / 8.0, ay = o2_int(&g, 1, 16) / 8.0;
        double bx = o2_int(&g, 1, 16) / 8.0, by = o2_int(&g, 1, 16) / 8.0;
        gjk_shape2 a = gjk_box2(v2(ax, ay)), b = gjk_box2(v2(bx, by));
        double sx = i % 2 ? 1 : -1, sy = i % 4 < 2 ? 1 : -1;
        double dx = sx * (ax + bx), dy = sy * (ay + by);
        if (i % 3 == 1) dy = o2_int(&g, -8, 8) / 8.0 * (ay + by); /* face to face (or corner to corner) */
        gjk_pose2 pa = {v2(o2_int(&g, -32, 32) / 8.0, o2_int(&g, -32, 32) / 8.0), {1, 0}};
        gjk_pose2 pb = {v2((double)pa.position.x + dx, (double)pa.position.y + dy), {1, 0}};
        gjk_pair2 pair = {&a, pa, &b, pb};
        o2_shape oa = o2_from_shape(&a, pa), ob = o2_from_shape(&b, pb);
        o2_answer ref = o2_query(&oa, &ob);
        assert_true(ref.signed_distance == 0);
        check_pair(&st, &pair, &oa, &ob, ref, true);
        gjk_result2 r = gjk_penetration2(&pair, NULL);
        assert_true(r.intersect && r.status == GJK_OK && r.distance == 0);
    }
    report(&st);
}

/* Identical shapes at identical poses, collinear capsules and segments (flat Minkowski difference), shapes inside
   others, points on boundaries. */
static void test_degenerate(void **state) {
    (void)state;
    stats st = {"degenerate", 0, 0, 0, 0, 0, 0, 0, 0, 0};
    o2_rng g = {34};
    for (int i = 0; i < 2000; i++) {
        poly_store sa;
        gjk_shape2 a = random_convex(&g, &sa);
        if (i % 2) a.margin = (gjk_real)o2_uniform(&g, 0, 0.3);
        gjk_pose2 pa = pose(o2_uniform(&g, -5, 5), o2_uniform(&g, -5, 5), o2_uniform(&g, -3.2, 3.2));
        check_generic(&st, &a, pa, &a, pa); /* the same shape twice */
        /* Collinear capsules and segments, overlapping, touching end to end, or apart along the axis. */
        gjk_shape2 c1 = gjk_capsule2((gjk_real)o2_uniform(&g, 0, 1), (gjk_real)o2_uniform(&g, 0, 2));
        gjk_shape2 c2 = gjk_capsule2((gjk_real)o2_uniform(&g, 0, 1), (gjk_real)o2_uniform(&g, 0, 2));
        double t = i % 3 == 0 ? (double)(c1.capsule.half_height + c2.capsule.half_height) : o2_uniform(&g, -4, 4);
        gjk_pose2 pc = pa;
        gjk_vec2 axis = gjk_rotate2(pa.rotation, v2(0, 1));
        pc.position = v2((double)pa.position.x + t * (double)axis.x, (double)pa.position.y + t * (double)axis.y);
        check_generic(&st, &c1, pa, &c2, pc);
        gjk_shape2 s1 = gjk_segment2(v2(0, -1), v2(0, 1)),
                   s2 = gjk_segment2(v2(0, -2), v2(0, (double)o2_uniform(&g, -3, 3)));
        check_generic(&st, &s1, pa, &s2, pc);
        /* A point on the boundary of a box, and a point at a box's corner. */
        gjk_shape2 box = gjk_box2(v2(1, 0.5)), pt = gjk_point2();
        gjk_pose2 pp = {gjk_pose2_apply(pa, i % 2 ? v2(1, o2_uniform(&g, -0.5, 0.5)) : v2(-1, -0.5)), pa.rotation};
        check_generic(&st, &box, pa, &pt, pp);
        check_generic(&st, &pt, pp, &box, pa);
    }
    report(&st);
}

static void test_regressions(void **state) {
    (void)state;
    stats st = {"regressions", 0, 0, 0, 0, 0, 0, 0, 0, 0};
    o2_rng g = {35};
    for (int i = 0; i < 2000; i++) {
        gjk_pose2 pa = pose(o2_uniform(&g, -2, 2), o2_uniform(&g, -2, 2), o2_uniform(&g, -3.2, 3.2));
        gjk_pose2 pb = pose((double)pa.position.x + o2_uniform(&g, -1.5, 1.5),
                            (double)pa.position.y + o2_uniform(&g, -1.5, 1.5), o2_uniform(&g, -3.2, 3.2));
        /* Thin boxes (fcl #390, #493). */
        gjk_shape2 thin = gjk_box2(v2(o2_uniform(&g, 0.5, 2), 0.005)), box = gjk_box2(v2(0.7, 0.4));
        check_generic(&st, &thin, pa, &box, pb);
        check_generic(&st, &thin, pa, &thin, pb);
        /* Size disparity (libccd #17): a 1e-3 box against a 1e2 box, near the big box's corner. */
        gjk_shape2 tiny = gjk_box2(v2(1e-3, 1e-3)), big = gjk_box2(v2(100, 100));
        gjk_pose2 corner = {
            gjk_pose2_apply(pa, v2(100 + o2_uniform(&g, -3e-3, 3e-3), 100 + o2_uniform(&g, -3e-3, 3e-3))), pb.rotation};
        check_generic(&st, &big, pa, &tiny, corner);
        /* Barely touching rounded shapes (Jolt #2103): the cores a hair apart, the radii overlapping. */
        gjk_shape2 ra = gjk_rounded2(gjk_box2(v2(1, 0.5)), (gjk_real)0.1),
                   rb = gjk_rounded2(gjk_box2(v2(0.5, 0.5)), (gjk_real)0.1);
        gjk_pose2 pr = pose((double)pa.position.x, (double)pa.position.y, 0);
        gjk_pose2 qr = pose((double)pa.position.x + 1.5 + o2_uniform(&g, -1e-9, 1e-9),
                            (double)pa.position.y + o2_uniform(&g, -1, 1), 0);
        check_generic(&st, &ra, pr, &rb, qr);
        gjk_pair2 pair = {&ra, pr, &rb, qr};
        gjk_result2 r = gjk_penetration2(&pair, NULL);
        assert_true(r.intersect && fabs((double)r.distance + 0.2) <= 1e-6);
        /* Near-zero box-box overlap (mujoco #3476): no phantom deep contact. */
        gjk_shape2 b1 = gjk_box2(v2(0.5, 0.5));
        gjk_pose2 q1 = pose((double)pa.position.x + 1 - 1e-7, (double)pa.position.y + o2_uniform(&g, -0.9, 0.9), 0);
        gjk_pose2 p1 = pose((double)pa.position.x, (double)pa.position.y, 0);
        check_generic(&st, &b1, p1, &b1, q1);
    }
    report(&st);
}

/* Round user cores almost concentric: D is (nearly) a disc around the origin, so EPA has to refine all around and
   runs out of room. The answer must then be finite, flagged GJK_MAX_ITERATIONS, and still a valid separating
   motion: the reported depth is an upper bound along the normal, close to the exact depth. */
static gjk_vec2 user_disc(gjk_vec2 d, const void *data) {
    gjk_real r = *(const gjk_real *)data;
    return gjk_scale2(gjk_normalize2(d), r);
}

static void test_epa_capacity(void **state) {
    (void)state;
    o2_rng g = {36};
    double worst = 0;
    int capped = 0;
    for (int i = 0; i < 200; i++) {
        gjk_real ra = (gjk_real)o2_uniform(&g, 0.5, 2), rb = (gjk_real)o2_uniform(&g, 0.5, 2);
        gjk_shape2 a = gjk_user2(user_disc, &ra), b = gjk_user2(user_disc, &rb);
        double off = i % 4 == 0 ? 0 : o2_uniform(&g, 0, 1e-3);
        double ang = o2_uniform(&g, -3.2, 3.2);
        gjk_pose2 pa = pose(o2_uniform(&g, -5, 5), o2_uniform(&g, -5, 5), o2_uniform(&g, -3.2, 3.2));
        gjk_pose2 pb = pose((double)pa.position.x + off * cos(ang), (double)pa.position.y + off * sin(ang), 0);
        gjk_pair2 pair = {&a, pa, &b, pb};
        gjk_result2 r = gjk_signed_distance2(&pair, NULL);
        assert_true(r.status == GJK_OK || r.status == GJK_MAX_ITERATIONS);
        capped += r.status == GJK_MAX_ITERATIONS;
        assert_true(finite_result(&r) && r.intersect);
        assert_true(fabs(ulen(r.normal) - 1) <= TOL_UNIT);
        double cx = (double)pb.position.x - (double)pa.position.x, cy = (double)pb.position.y - (double)pa.position.y;
        double exact = (double)ra + (double)rb - hypot(cx, cy);
        double err = fabs(-(double)r.distance - exact) / exact;
        worst = fmax(worst, err);
        if (err > 1e-4)
            fprintf(stderr, "disc pair %d: status %d depth %.12g exact %.12g off %g it %d epa %d\n", i, r.status,
                    -(double)r.distance, exact, off, r.iterations, r.epa_iterations);
        assert_true(err <= 1e-5);
        /* Never shorter than the exact depth by more than rounding: moving B by it separates the discs. */
        double mx = cx + (-(double)r.distance) * (double)r.normal.x,
               my = cy + (-(double)r.distance) * (double)r.normal.y;
        assert_true(hypot(mx, my) >= (double)ra + (double)rb - 64 * GJK_REAL_EPSILON * 4);
    }
    print_message("%-22s pairs   200 | capped %d | max relative depth error %.2e\n", "concentric user discs", capped,
                  worst);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_touching),       cmocka_unit_test(test_nearly_touching),
        cmocka_unit_test(test_touching_boxes), cmocka_unit_test(test_degenerate),
        cmocka_unit_test(test_regressions),    cmocka_unit_test(test_epa_capacity),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
