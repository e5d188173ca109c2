// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* 2D contact manifolds (gjk_collide2): exact answers for resting boxes, the named failures of other engines, and
   random pairs of every kind checked point by point against the brute-force oracle (oracle2.c, double, written
   without the library): each point on its shape's surface where the line along the normal leaves A and enters B,
   no lateral offset, no point deeper than the depth, the deepest equal to the oracle's signed distance.

   Measured worst errors (gcc -O2, x86-64; over the pairs' size, printed by ctest -V):
   double: lateral 6.4e-16, surface 1e-15, deepest vs oracle 8.8e-16;
   float:  lateral 4.1e-7, surface 4.9e-7, deepest vs oracle 3.3e-7 (GJK_TEST_SCALE=20: 5.3e-7, 6.1e-7, 4e-7).
   (Rounded edges tilted within the feature tolerance put the points up to radius * (1 - cos) = 2e-4 radius inside
   the rounded surface: allowed and counted separately.) */
#include "testutil.h"

#include <stdio.h>

#include "oracle2.h"

#define PI 3.14159265358979323846
#define FEATURE_SIN 0.02 /* manifold2.c's angular tolerance */
#if GJK_USE_FLOAT
#define EXACT 4e-6
#define TOL 2e-6
#else
#define EXACT 1e-14
#define TOL 1e-13
#endif

typedef struct m2_stats {
    long pairs, manifolds, two, ties;
    double lateral, surface, exit, deepest, below;
} m2_stats;

static double size2(const gjk_shape2 *s) {
    double m = 0;
    for (int k = 0; k < 8; ++k) {
        gjk_vec2 d = gjk_v2((gjk_real)cos(k * PI / 4), (gjk_real)sin(k * PI / 4));
        m = fmax(m, gjk_len2(gjk_shape2_support(s, d)));
    }
    return fmax(m, 0.1);
}

/* The manifold of the pair, checked against the oracle; returns it. */
static gjk_manifold2 check2(const gjk_pair2 *p, double spec, m2_stats *st, const char *label) {
    gjk_result2 r = gjk_signed_distance2(p, NULL);
    gjk_manifold2 m = gjk_collide2(p, (gjk_real)spec, NULL);
    o2_shape oa = o2_from_shape(p->a, p->pose_a), ob = o2_from_shape(p->b, p->pose_b);
    o2_answer ex = o2_query(&oa, &ob);
    st->pairs++;
    assert_int_equal(m.status, r.status);
    assert_true(m.normal.x == r.normal.x && m.normal.y == r.normal.y);
    if (r.distance > spec) {
        if (m.count != 0) fail_msg("%s: %d points %.3g apart", label, m.count, r.distance);
        return m;
    }
    if (m.count < 1 || m.count > 2) fail_msg("%s: %d points", label, m.count);
    st->manifolds++;
    st->two += m.count == 2;
    double size = fmax(size2(p->a), size2(p->b));
    double coord = size + fmax(gjk_len2(p->pose_a.position), gjk_len2(p->pose_b.position));
    double t = TOL * coord, delta = 0.05 * size, slack = 1 - sqrt(1 - FEATURE_SIN * FEATURE_SIN);
    double ra = oa.r, rb = ob.r, deepest = INFINITY;
    gjk_vec2 n = m.normal;
    if (m.count == 2) assert_true(m.points[0].id != m.points[1].id);
    for (int i = 0; i < m.count; ++i) {
        const gjk_manifold_point2 *q = &m.points[i];
        gjk_vec2 w = gjk_sub2(q->point_b, q->point_a);
        EXPECT_NEAR(gjk_dot2(w, n), q->separation, t);
        double lat = fabs(gjk_cross2(n, w));
        st->lateral = fmax(st->lateral, lat / size);
        if (lat > t) fail_msg("%s: point %d off the normal line by %.3g", label, i, lat);
        if (q->separation > spec + t) fail_msg("%s: separation %.17g beyond spec", label, q->separation);
        double below = r.distance - q->separation;
        st->below = fmax(st->below, below / size);
        if (below > t)
            fail_msg("%s: point %d deeper (%.17g) than the depth (%.17g)", label, i, q->separation, r.distance);
        deepest = fmin(deepest, q->separation);
        double sa = o2_point_signed_distance(o2_of(q->point_a), &oa),
               sb = o2_point_signed_distance(o2_of(q->point_b), &ob);
        st->surface = fmax(st->surface, fmax(fabs(sa) - ra * slack, fabs(sb) - rb * slack) / size);
        if (fabs(sa) > ra * slack + t || fabs(sb) > rb * slack + t)
            fail_msg("%s: point %d off the surfaces by %.3g, %.3g", label, i, sa, sb);
        /* the line along n leaves the reference shape at its point (touching pairs: the normal is undefined); the
           incident shape's point is on its surface (above), but its edge may be tilted (Box2D's rule), so the line
           need not cross it square: either side passes */
        if (fabs(r.distance) > 1e-6 * coord) {
            double ea = delta - o2_point_signed_distance(o2_of(gjk_mad2(q->point_a, (gjk_real)delta, n)), &oa);
            double eb = delta - o2_point_signed_distance(o2_of(gjk_mad2(q->point_b, (gjk_real)-delta, n)), &ob);
            double e = fmin(ea - (ra + delta) * slack, eb - (rb + delta) * slack);
            st->exit = fmax(st->exit, e / size);
            if (e > t) fail_msg("%s: point %d: the normal line does not leave A / enter B there", label, i);
        }
    }
    double dd = fabs(deepest - ex.signed_distance);
    st->deepest = fmax(st->deepest, dd / size);
    if (dd > t) fail_msg("%s: deepest %.17g, oracle %.17g", label, deepest, ex.signed_distance);
    return m;
}

static void print2(const char *name, const m2_stats *st) {
    printf("%-14s pairs %6ld, manifolds %6ld (2 points: %5ld); worst / size: lateral %.2g, surface %.2g, exit %.2g, "
           "deepest vs oracle %.2g, below %.2g\n",
           name, st->pairs, st->manifolds, st->two, st->lateral, st->surface, st->exit, st->deepest, st->below);
}

/* B moved along the normal to the signed distance `target` (exact for convex shapes). */
static gjk_pose2 place2(const gjk_shape2 *a, gjk_pose2 pa, const gjk_shape2 *b, gjk_pose2 pb, double target) {
    gjk_pair2 p = {a, pa, b, pb};
    gjk_result2 r = gjk_signed_distance2(&p, NULL);
    pb.position = gjk_mad2(pb.position, (gjk_real)(target - r.distance), r.normal);
    return pb;
}

/* The world normal of the shape's edge (a polygon's or box's, a capsule's or segment's side) facing most along the
   unit world direction d; d itself for a circle or a point. */
static gjk_vec2 facing_normal(const gjk_shape2 *s, gjk_pose2 pose, gjk_vec2 d) {
    gjk_vec2 l = gjk_inv_rotate2(pose.rotation, d), best = l;
    if (s->type == GJK_SHAPE2_BOX) {
        best = fabs(l.x) >= fabs(l.y) ? gjk_v2(l.x >= 0 ? 1 : -1, 0) : gjk_v2(0, l.y >= 0 ? 1 : -1);
    } else if (s->type == GJK_SHAPE2_CAPSULE) {
        best = gjk_v2(l.x >= 0 ? 1 : -1, 0);
    } else if (s->type == GJK_SHAPE2_SEGMENT || (s->type == GJK_SHAPE2_POLYGON && s->polygon.hull->vertex_count == 2)) {
        gjk_vec2 a = s->type == GJK_SHAPE2_SEGMENT ? s->segment.a : s->polygon.hull->vertices[0];
        gjk_vec2 b = s->type == GJK_SHAPE2_SEGMENT ? s->segment.b : s->polygon.hull->vertices[1];
        best = gjk_normalize2(gjk_perp2(gjk_sub2(b, a)));
        if (gjk_dot2(best, l) < 0) best = gjk_neg2(best);
    } else if (s->type == GJK_SHAPE2_POLYGON && s->polygon.hull->dimension == 2) {
        const gjk_hull2 *h = s->polygon.hull;
        best = h->normals[0];
        for (int i = 1; i < h->vertex_count; ++i)
            if (gjk_dot2(h->normals[i], l) > gjk_dot2(best, l)) best = h->normals[i];
    }
    return gjk_rotate2(pose.rotation, best);
}

/* Every kind against every kind, random poses near contact. */
static void test_random_pairs2(void **state) {
    (void)state;
    test_rng r = {21};
    m2_stats st = {0};
    const char *env = getenv("GJK_TEST_SCALE"); /* multiplies the pair count (default 1) */
    int scale = env && atoi(env) > 1 ? atoi(env) : 1;
    for (int ka = 0; ka < TEST_SHAPE2_KINDS; ++ka)
        for (int kb = 0; kb < TEST_SHAPE2_KINDS; ++kb)
            for (int i = 0; i < 200 * scale; ++i) {
                gjk_hull2 *ha = NULL, *hb = NULL;
                gjk_shape2 a = test_shape2(&r, ka, &ha), b = test_shape2(&r, kb, &hb);
                gjk_real ang_a = (gjk_real)test_uniform(&r, -PI, PI), ang_b = (gjk_real)test_uniform(&r, -PI, PI);
                gjk_real x = (gjk_real)test_uniform(&r, -1, 1), y = (gjk_real)test_uniform(&r, -1, 1);
                gjk_pose2 pa = gjk_pose2_make(gjk_v2(x, y), ang_a);
                gjk_real dir = (gjk_real)test_uniform(&r, -PI, PI);
                gjk_pose2 pb = gjk_pose2_make(gjk_v2(x + 3 * (gjk_real)cos(dir), y + 3 * (gjk_real)sin(dir)), ang_b);
                /* every other pair rests: B turned so that its edge facing A lines up with A's edge facing B
                   (within a small tilt: none, within the feature tolerance, or beyond it) */
                if (i & 1) {
                    gjk_vec2 u = gjk_v2((gjk_real)cos(dir), (gjk_real)sin(dir));
                    gjk_vec2 na = facing_normal(&a, pa, u), nb = facing_normal(&b, pb, gjk_neg2(na));
                    double turn = atan2(gjk_cross2(nb, gjk_neg2(na)), gjk_dot2(nb, gjk_neg2(na)));
                    static const double tilt[4] = {0, 1e-7, 0.012, 0.05};
                    turn += tilt[(i / 2) % 4] * test_uniform(&r, -1, 1);
                    pb.rotation = gjk_rot2_from_angle(ang_b + (gjk_real)turn);
                }
                pb = place2(&a, pa, &b, pb, test_uniform(&r, -0.2, 0.06));
                gjk_pair2 p = {&a, pa, &b, pb};
                char label[48];
                snprintf(label, sizeof label, "pair %d-%d #%d", ka, kb, i);
                check2(&p, 0.05, &st, label);
                gjk_hull2_destroy(ha);
                gjk_hull2_destroy(hb);
            }
    print2("random pairs", &st);
}

/* Aligned boxes resting edge on edge: exactly the 2 ends of the overlap, at the exact depth; the scene turned and
   moved as a whole gives the same manifold, turned and moved. */
static void test_boxes_exact2(void **state) {
    (void)state;
    gjk_shape2 a = gjk_box2(gjk_v2(1, GJK_R(0.5))), b = gjk_box2(gjk_v2(GJK_R(0.375), GJK_R(0.25)));
    const gjk_real depth = GJK_R(0.0078125);
    gjk_pair2 p = {&a, gjk_pose2_identity(), &b, gjk_pose2_make(gjk_v2(GJK_R(0.75), GJK_R(0.75) - depth), 0)};
    gjk_manifold2 m = gjk_collide2(&p, 0, NULL);
    assert_int_equal(m.count, 2);
    EXPECT_NEAR(m.normal.y, 1, 0);
    double xs[2] = {m.points[0].point_a.x, m.points[1].point_a.x};
    EXPECT_NEAR(fmin(xs[0], xs[1]), 0.375, 0);
    EXPECT_NEAR(fmax(xs[0], xs[1]), 1, 0);
    for (int i = 0; i < 2; ++i) {
        EXPECT_NEAR(m.points[i].point_a.y, 0.5, 0);
        EXPECT_NEAR(m.points[i].point_b.y, 0.5 - depth, 0);
        EXPECT_NEAR(m.points[i].point_b.x, m.points[i].point_a.x, 0);
        EXPECT_NEAR(m.points[i].separation, -depth, 0);
    }
    assert_true(m.points[0].id != m.points[1].id);
    /* ids name an end of each edge, the ends on the point's side (Box2D v3's naming), whether the point is that end
       or the other edge clipped there: A's top edge runs from corner 2 (1, 0.5) to corner 3, B's bottom edge from
       corner 0 to 1, so the point at x = 1 (B's edge clipped at A's corner 2) is (2, 1) and B's own corner 0 at
       x = 0.375 is (3, 0) */
    for (int i = 0; i < 2; ++i)
        assert_int_equal(m.points[i].id, m.points[i].point_a.x == 1 ? (2u << 16 | 1u) : (3u << 16 | 0u));
    test_rng r = {5};
    for (int trial = 0; trial < 50; ++trial) {
        gjk_real ang = (gjk_real)test_uniform(&r, -PI, PI);
        gjk_real wx = (gjk_real)test_uniform(&r, -20, 20), wy = (gjk_real)test_uniform(&r, -20, 20);
        gjk_pose2 world = gjk_pose2_make(gjk_v2(wx, wy), ang);
        gjk_pair2 q = {&a, gjk_pose2_make(gjk_pose2_apply(world, p.pose_a.position), ang), &b,
                       gjk_pose2_make(gjk_pose2_apply(world, p.pose_b.position), ang)};
        gjk_manifold2 mm = gjk_collide2(&q, 0, NULL);
        assert_int_equal(mm.count, 2);
        for (int i = 0; i < 2; ++i) {
            int j = mm.points[0].id == m.points[i].id ? 0 : 1;
            assert_int_equal(mm.points[j].id, m.points[i].id);
            EXPECT_NEAR(mm.points[j].separation, -depth, 40 * EXACT);
            gjk_vec2 want = gjk_pose2_apply(world, m.points[i].point_a);
            EXPECT_NEAR(mm.points[j].point_a.x, want.x, 40 * EXACT);
            EXPECT_NEAR(mm.points[j].point_a.y, want.y, 40 * EXACT);
        }
    }
}

/* Two equal boxes stacked with their sides flush: B nudged by 1e-6 sideways or turned by 1e-5 rad either way has a
   corner just inside or just outside A's side line. Ids that recorded whether each end was clipped changed with the
   sign of the nudge (00034000 40020001 against 40020000 00024000), and Box2D, which carries warm-start impulses only
   between points of equal id, then lost a 12-box stack's impulses every step: it sank and never slept. */
static void regression_flush_stack_ids2(void **state) {
    (void)state;
    gjk_shape2 box = gjk_box2(gjk_v2(GJK_R(0.5), GJK_R(0.5)));
    const gjk_real dx[4] = {GJK_R(-1e-6), GJK_R(1e-6), 0, 0}, turn[4] = {0, 0, GJK_R(-1e-5), GJK_R(1e-5)};
    for (int c = 0; c < 4; ++c) {
        for (int side = 0; side < 2; ++side) { /* B on top of A, then A on top of B (the other box is reference) */
            gjk_pose2 low = gjk_pose2_identity(), high = gjk_pose2_make(gjk_v2(dx[c], GJK_R(0.995)), turn[c]);
            gjk_pair2 p = {&box, side ? high : low, &box, side ? low : high};
            gjk_manifold2 m = gjk_collide2(&p, GJK_R(0.02), NULL);
            assert_int_equal(m.count, 2);
            for (int i = 0; i < 2; ++i) {
                uint32_t id = m.points[i].id;
                if (side) id = id << 16 | id >> 16; /* the same corners with the roles of A and B exchanged */
                /* the lower box's top corners 2 (x > 0) and 3 over the upper box's bottom corners 1 and 0 */
                bool right = m.points[i].point_a.x > 0;
                assert_int_equal(id, right ? (2u << 16 | 1u) : (3u << 16 | 0u));
            }
        }
    }
}

/* mujoco #3476 in 2D: boxes edge to edge at near-zero overlap, B turned by quarter turns: no point deeper than the
   overlap. */
static void test_no_phantom_deep_contact2(void **state) {
    (void)state;
    test_rng r = {3476};
    gjk_shape2 a = gjk_box2(gjk_v2(GJK_R(0.5), GJK_R(0.5))), b = gjk_box2(gjk_v2(GJK_R(0.375), GJK_R(0.125)));
    const double overlaps[4] = {0, 1e-12, 1e-9, 1e-6};
    for (int trial = 0; trial < 100; ++trial) {
        double ov = overlaps[trial % 4];
#if GJK_USE_FLOAT
        if (ov > 0) ov = 1e-6;
#endif
        gjk_real x = (gjk_real)test_uniform(&r, -0.6, 0.6);
        gjk_pair2 p = {&a, gjk_pose2_identity(), &b,
                       gjk_pose2_make(gjk_v2(x, (gjk_real)(0.625 - ov)), (gjk_real)PI * (trial % 2))};
        gjk_manifold2 m = gjk_collide2(&p, 0, NULL);
        double real_ov = 0.5 - ((double)p.pose_b.position.y - 0.125);
        assert_int_equal(m.count, 2);
        for (int i = 0; i < 2; ++i) {
            if (m.points[i].separation < -real_ov - EXACT) fail_msg("phantom point %.17g", m.points[i].separation);
            EXPECT_NEAR(m.points[i].separation, -real_ov, EXACT);
        }
    }
}

/* A box sunk 0.12 into another at a tilt of 0.05 rad (beyond the 1.1 degrees within which an edge counts as facing
   the normal): both its bottom corners are inside, and both are points, each at its exact depth below the
   reference edge (it used to give only the deepest: a rocking contact for an engine). With A and B swapped the
   same points come back with their roles swapped. A box balanced on its corner keeps 1 point: its other corners
   are far above. */
static void test_tilted_box_two_points2(void **state) {
    (void)state;
    gjk_shape2 ground = gjk_box2(gjk_v2(2, GJK_R(0.5))), box = gjk_box2(gjk_v2(GJK_R(0.5), GJK_R(0.5)));
    gjk_pose2 pb = gjk_pose2_make(gjk_v2(GJK_R(0.3), GJK_R(0.9)), GJK_R(0.05));
    gjk_pair2 p = {&ground, gjk_pose2_identity(), &box, pb};
    gjk_manifold2 m = gjk_collide2(&p, 0, NULL);
    assert_int_equal(m.count, 2);
    for (int i = 0; i < 2; ++i) {
        /* the corner of B nearest point_b: its depth below A's top edge y = 0.5 */
        gjk_vec2 want = gjk_v2(0, 0);
        double best = INFINITY;
        for (int k = 0; k < 4; ++k) {
            gjk_vec2 c = gjk_pose2_apply(pb, gjk_v2(k & 1 ? GJK_R(0.5) : GJK_R(-0.5), k & 2 ? GJK_R(0.5) : GJK_R(-0.5)));
            double d = gjk_len2(gjk_sub2(c, m.points[i].point_b));
            if (d < best) best = d, want = c;
        }
        EXPECT_NEAR(best, 0, EXACT);
        EXPECT_NEAR(m.points[i].separation, (double)want.y - 0.5, EXACT);
        EXPECT_NEAR(m.points[i].point_a.y, 0.5, EXACT);
        EXPECT_NEAR(m.points[i].point_a.x, want.x, EXACT);
    }
    gjk_pair2 q = {&box, pb, &ground, gjk_pose2_identity()};
    gjk_manifold2 w = gjk_collide2(&q, 0, NULL);
    assert_int_equal(w.count, 2);
    for (int i = 0; i < 2; ++i) {
        int j = fabs(w.points[0].point_a.x - m.points[i].point_b.x) < 1e-6 ? 0 : 1;
        EXPECT_NEAR(w.points[j].separation, m.points[i].separation, EXACT);
        EXPECT_NEAR(w.points[j].point_a.x, m.points[i].point_b.x, EXACT);
        EXPECT_NEAR(w.points[j].point_a.y, m.points[i].point_b.y, EXACT);
        EXPECT_NEAR(w.points[j].point_b.y, m.points[i].point_a.y, EXACT);
        assert_true(w.points[j].id == (m.points[i].id << 16 | m.points[i].id >> 16));
    }
    gjk_pair2 corner = {&ground, gjk_pose2_identity(), &box,
                        gjk_pose2_make(gjk_v2(0, (gjk_real)(0.5 + sqrt(0.5) - 0.01)), (gjk_real)(PI / 4))};
    assert_int_equal(gjk_collide2(&corner, GJK_R(0.005), NULL).count, 1);
}

/* Jolt PR #1756 in 2D: a box on a capsule's side and a capsule lying on a box: 2 points, not 1. */
static void test_face_against_capsule_two_points2(void **state) {
    (void)state;
    gjk_shape2 box = gjk_box2(gjk_v2(GJK_R(0.25), GJK_R(0.25))), cap = gjk_capsule2(GJK_R(0.5), 1);
    const gjk_real depth = GJK_R(0.0078125);
    /* the capsule lying along x (turned by -90 degrees), the box on top of its side */
    gjk_pair2 p = {&cap, gjk_pose2_make(gjk_v2(0, 0), (gjk_real)(-PI / 2)), &box,
                   gjk_pose2_make(gjk_v2(GJK_R(0.25), GJK_R(0.75) - depth), 0)};
    gjk_manifold2 m = gjk_collide2(&p, 0, NULL);
    assert_int_equal(m.count, 2);
    for (int i = 0; i < 2; ++i) {
        EXPECT_NEAR(m.points[i].separation, -depth, EXACT);
        EXPECT_NEAR(m.points[i].point_a.y, 0.5, EXACT);
        EXPECT_NEAR(fabs(m.points[i].point_a.x - 0.25), 0.25, EXACT);
    }
    gjk_pair2 q = {&box, gjk_pose2_identity(), &cap,
                   gjk_pose2_make(gjk_v2(GJK_R(0.125), GJK_R(0.75) - depth), (gjk_real)(PI / 2))};
    m = gjk_collide2(&q, 0, NULL);
    assert_int_equal(m.count, 2); /* the box's top edge under the capsule's side */
    for (int i = 0; i < 2; ++i) EXPECT_NEAR(m.points[i].separation, -depth, EXACT);
}

/* ids survive a 1e-4 nudge of B (resting box on box, overhanging, a capsule lying on a box, a box leaning on its
   corner at 40 degrees; at 45 degrees the incident edge is a tie, and the corner's point, named after it, may change
   its reference end). */
static void test_ids_stable2(void **state) {
    (void)state;
    test_rng r = {8};
    gjk_shape2 ground = gjk_box2(gjk_v2(2, GJK_R(0.5))), box = gjk_box2(gjk_v2(GJK_R(0.4), GJK_R(0.3)));
    gjk_shape2 cap = gjk_capsule2(GJK_R(0.2), GJK_R(0.6));
    gjk_pair2 cases[4] = {
        {&ground, gjk_pose2_identity(), &box, gjk_pose2_make(gjk_v2(GJK_R(0.1), GJK_R(0.795)), 0)},
        {&ground, gjk_pose2_identity(), &box, gjk_pose2_make(gjk_v2(GJK_R(1.9), GJK_R(0.795)), 0)},
        {&ground, gjk_pose2_identity(), &cap, gjk_pose2_make(gjk_v2(0, GJK_R(0.695)), (gjk_real)(PI / 2))},
        {&ground, gjk_pose2_identity(), &box, gjk_pose2_make(gjk_v2(0, GJK_R(0.985)), (gjk_real)(PI * 40 / 180))},
    };
    for (int c = 0; c < 4; ++c) {
        gjk_manifold2 m0 = gjk_collide2(&cases[c], GJK_R(0.005), NULL);
        for (int trial = 0; trial < 50; ++trial) {
            gjk_pair2 q = cases[c];
            q.pose_b.position.x += (gjk_real)test_uniform(&r, -1e-4, 1e-4);
            q.pose_b.position.y += (gjk_real)test_uniform(&r, -1e-4, 1e-4);
            q.pose_b.rotation =
                gjk_rot2_from_angle((gjk_real)(atan2(cases[c].pose_b.rotation.s, cases[c].pose_b.rotation.c) +
                                               test_uniform(&r, -1e-4, 1e-4)));
            gjk_manifold2 m1 = gjk_collide2(&q, GJK_R(0.005), NULL);
            assert_int_equal(m1.count, m0.count);
            for (int i = 0; i < m0.count; ++i)
                if (m1.points[0].id != m0.points[i].id && (m1.count < 2 || m1.points[1].id != m0.points[i].id))
                    fail_msg("case %d trial %d: id %08x gone", c, trial, m0.points[i].id);
        }
    }
}

/* One point for a circle, speculative points, and bad input. */
static void test_misc2(void **state) {
    (void)state;
    gjk_shape2 box = gjk_box2(gjk_v2(1, 1)), ball = gjk_circle2(GJK_R(0.5)), bad = gjk_circle2(-1);
    gjk_pair2 p = {&box, gjk_pose2_identity(), &ball, gjk_pose2_make(gjk_v2(GJK_R(0.25), GJK_R(1.375)), 0)};
    gjk_manifold2 m = gjk_collide2(&p, 0, NULL);
    assert_int_equal(m.count, 1);
    EXPECT_NEAR(m.points[0].separation, -0.125, 0);
    EXPECT_NEAR(m.points[0].point_a.x, 0.25, 0);
    EXPECT_NEAR(m.points[0].point_a.y, 1, 0);
    gjk_pair2 q = {&box, gjk_pose2_identity(), &box, gjk_pose2_make(gjk_v2(GJK_R(0.5), GJK_R(2.0625)), 0)};
    m = gjk_collide2(&q, GJK_R(0.125), NULL);
    assert_int_equal(m.count, 2);
    for (int i = 0; i < 2; ++i) EXPECT_NEAR(m.points[i].separation, 0.0625, 0);
    m = gjk_collide2(&q, GJK_R(0.03125), NULL);
    assert_int_equal(m.status, GJK_OK);
    assert_int_equal(m.count, 0);
    EXPECT_NEAR(m.normal.y, 1, 0);
    const gjk_real specs[3] = {-1, (gjk_real)NAN, (gjk_real)INFINITY};
    for (int i = 0; i < 3; ++i) {
        m = gjk_collide2(&q, specs[i], NULL);
        assert_int_equal(m.status, GJK_INVALID_INPUT);
        assert_int_equal(m.count, 0);
    }
    m = gjk_collide2(NULL, 0, NULL);
    assert_int_equal(m.status, GJK_INVALID_INPUT);
    q.b = &bad;
    m = gjk_collide2(&q, 0, NULL);
    assert_int_equal(m.status, GJK_INVALID_INPUT);
    assert_int_equal(m.count, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_boxes_exact2),
        cmocka_unit_test(regression_flush_stack_ids2),
        cmocka_unit_test(test_no_phantom_deep_contact2),
        cmocka_unit_test(test_face_against_capsule_two_points2),
        cmocka_unit_test(test_tilted_box_two_points2),
        cmocka_unit_test(test_ids_stable2),
        cmocka_unit_test(test_misc2),
        cmocka_unit_test(test_random_pairs2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
