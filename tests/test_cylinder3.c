// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Two cylinders start GJK from the closest points of their facing features (src/cylinder3.c). The start must never
   change an answer beyond GJK's own accuracy, and must actually save the iterations it is there for. The reference
   is the same pair with each cylinder wrapped as a user shape: GJK then runs from its cold start, as it did before
   the start existed (user shapes get no closed form and no start). */
#include <string.h>

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

/* ---- linear casts of two cylinders (src/cast3.c: advancement on the features' closest points) ----------------- */

/* The cast of the pair with B at its pose moved by t along the motion. */
static gjk_pair3 cast_pair_at(const gjk_cast_input3 *in, double t) {
    gjk_pair3 p = in->pair;
    p.pose_b.position = gjk_mad3(p.pose_b.position, (gjk_real)t, in->motion_b.translation);
    return p;
}

typedef struct cyl_cast_stats {
    int hits, separated, overlapped, steps, ref_steps, inexact;
    double worst_normal, worst_dist, ref_normal;
} cyl_cast_stats;

/* One cast of two cylinders against the same cast of them wrapped as user shapes (the GJK ray cast, which the
   cylinders' advancement replaces): the same state; at a hit the distance at t within the tolerance above the
   target, no contact before t (sampled), the witnesses on the shapes, and the normal exact: the gap between the two
   shapes' support planes normal to it (closed forms, long double) meets the distance. */
static void check_cast(const cyl_pair *c, const gjk_cast_input3 *in, cyl_cast_stats *st) {
    gjk_cast_input3 user = *in;
    user.pair = c->user;
    gjk_cast_result3 got = gjk_shape_cast3(in), ref = gjk_shape_cast3(&user);
    double target = (double)in->target_distance, size = c->size + target;
    double tol = TU(1e-9) * size, below = TU(2e-9) * size;
    assert_int_equal(got.status, GJK_OK);
    assert_true(got.iterations <= 128);
    if (got.state != ref.state) {
        /* Only a grazing pair may differ: its smallest distance over the motion within the tolerance of the
           target. */
        double t = got.state == GJK_CAST_HIT ? (double)got.t : (double)ref.t;
        gjk_pair3 p = cast_pair_at(in, t);
        gjk_result3 d = gjk_distance3(&p, NULL);
        if (!(fabs((double)d.distance - target) <= 2 * tol))
            fail_msg("state %d, reference %d (t %.17g, %.17g; distance %.17g)", got.state, ref.state, (double)got.t,
                     (double)ref.t, (double)d.distance);
        return;
    }
    st->steps += got.iterations;
    st->ref_steps += ref.iterations;
    if (got.state == GJK_CAST_SEPARATED) {
        ++st->separated;
        return;
    }
    if (got.state == GJK_CAST_OVERLAPPED) {
        ++st->overlapped;
        return;
    }
    ++st->hits;
    gjk_pair3 p = cast_pair_at(in, (double)got.t);
    gjk_result3 d = gjk_distance3(&p, NULL);
    if (!(d.distance >= target - below && d.distance <= target + tol + below))
        fail_msg("hit at t %.17g: distance %.17g, target %.17g (%d steps)", (double)got.t, (double)d.distance, target,
                 got.iterations);
    st->worst_dist = fmax(st->worst_dist, fabs((double)d.distance - target) / size);
    for (int k = 0; k < 16; ++k) {
        gjk_pair3 q = cast_pair_at(in, (double)got.t * k / 16);
        gjk_result3 e = gjk_distance3(&q, NULL);
        if (e.intersect || e.distance < target - below)
            fail_msg("contact before the hit: t %.17g, distance %.17g at %d/16 of it", (double)got.t,
                     (double)e.distance, k);
    }
    /* (1e-9: casts the advancement leaves to the GJK ray cast end on its simplex, as curved cores do there.) */
    expect_on_surface(&c->a, p.pose_a, got.point_a, TU(1e-9) * size);
    expect_on_surface(&c->b, p.pose_b, got.point_b, TU(1e-9) * size);
    long double lower = gap_along(&c->a, p.pose_a, &c->b, p.pose_b, got.normal);
    double err = (double)((long double)d.distance - lower) / size;
    st->worst_normal = fmax(st->worst_normal, err);
    st->inexact += err > TU(1e-11);
    gjk_pair3 pr = cast_pair_at(in, (double)ref.t);
    gjk_result3 dr = gjk_distance3(&pr, NULL);
    lower = gap_along(&c->a, pr.pose_a, &c->b, pr.pose_b, ref.normal);
    st->ref_normal = fmax(st->ref_normal, (double)((long double)dr.distance - lower) / size);
}

/* The benchmark's casts (bench/count_cast3.c): B 1.1 to 2 sizes from A moving twice as far as an aim point near A's
   centre, plus B from make_pair's poses (some overlap at the start) and a positive target on every third cast. The
   advancement ends most casts in 3 to 5 steps, where the GJK ray cast takes 20 to 40. */
static void test_cylinder_casts(void **state) {
    (void)state;
    test_rng r = {20261128};
    cyl_cast_stats st = {0, 0, 0, 0, 0, 0, 0, 0, 0};
    for (int i = 0; i < 1500; ++i) {
        cyl_pair c;
        make_pair(&r, 1.0, &c);
        gjk_cast_input3 in;
        memset(&in, 0, sizeof in);
        in.pair = c.p;
        gjk_vec3 pa = c.p.pose_a.position;
        if (i % 2 == 0)
            in.pair.pose_b.position = gjk_mad3(pa, (gjk_real)(c.size * test_uniform(&r, 1.1, 2.0)), test_unit3(&r));
        /* (Every fifth cast aims 1.5 sizes off A's centre: most of those pass by.) */
        double off = i % 5 == 0 ? 1.5 : 0.5 * test_uniform(&r, 0, 1);
        gjk_vec3 aim = gjk_mad3(pa, (gjk_real)(off * c.size), test_unit3(&r));
        in.motion_b.translation = gjk_scale3(gjk_sub3(aim, in.pair.pose_b.position), 2);
        if (i % 3 == 0) in.target_distance = (gjk_real)(0.05 * c.size);
        c.user = in.pair;
        c.user.a = &c.ua;
        c.user.b = &c.ub;
        check_cast(&c, &in, &st);
    }
    print_message("cylinder casts: %d hits, %d separated, %d overlapped; %.2f steps per cast (GJK ray cast %.2f); worst "
                  "normal %.3g (GJK ray cast %.3g), %d beyond 1e-11, distance %.3g (x size)\n",
                  st.hits, st.separated, st.overlapped, (double)st.steps / 1500, (double)st.ref_steps / 1500,
                  st.worst_normal, st.ref_normal, st.inexact, st.worst_dist);
    assert_true(st.hits > 700 && st.separated > 100 && st.overlapped > 50);
    assert_true(2 * st.steps < st.ref_steps);
    /* The advancement's normals are exact (to 1e-11 of the size, the rounding of this check); the casts it leaves
       to the GJK ray cast keep that cast's accuracy, which there ends on a v no longer than the tolerance
       (measured worst 2.6e-7 in double). */
    assert_true(st.inexact <= st.hits / 20);
    assert_true(st.worst_normal <= TU(1e-6));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cylinders_match_plain_gjk),
        cmocka_unit_test(test_cylinders_at_every_scale),
        cmocka_unit_test(test_cylinder_casts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
