// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* 2D shape casts (gjk_shape_cast2), the mirror of test_cast3.c and test_cast3_exact.c:
   - exact answers for linear casts of polygons, boxes, segments, points, circles and capsules, rounded or not, with
     targets: the first root of f(t) = sd(A, B + t d) - target, where sd is tests/oracle2.c's brute-force signed
     distance (vertex-edge distances and separating axes in double). f is convex in t (the signed distance to the
     convex D along a line), so golden sections find its minimum and bisection its first root, to the last digits;
   - circles: a quadratic;
   - every kind moving and turning: the library's signed distance sampled along the motion finds no contact before
     the reported t, and the distance at t is the target within the tolerance;
   - hazards: thin fast shapes, spinning blades, overlapped starts, zero motion, huge, tiny and far pairs, the
     iteration cap, bad input. Measured worst errors are noted at each bound. */
#include <string.h>

#include "cast_check.h"
#include "oracle2.h"

static gjk_vec2 user_ellipse(gjk_vec2 d, const void *data) {
    const gjk_vec2 *r = data;
    gjk_vec2 e = gjk_v2(r->x * r->x * d.x, r->y * r->y * d.y);
    gjk_real l = gjk_len2(gjk_v2(r->x * d.x, r->y * d.y));
    return l > 0 ? gjk_scale2(e, 1 / l) : gjk_v2(r->x, 0);
}
static const gjk_vec2 user_radii = {0.7f, 0.4f};

static double reach2(const gjk_shape2 *s) {
    double m = 0;
    for (int i = 0; i < 16; ++i) {
        double a = 2 * 3.141592653589793 * i / 16;
        m = fmax(m, gjk_len2(gjk_shape2_support(s, gjk_v2((gjk_real)cos(a), (gjk_real)sin(a)))));
    }
    return 1.1 * m; /* (16 directions may miss a vertex's full reach) */
}

static void check2(const gjk_cast_input2 *in, const gjk_cast_result2 *r, int samples, cast_stats *st) {
    double target = (double)in->target_distance, size = reach2(in->pair.a) + reach2(in->pair.b) + target;
    if (!(size > 0)) size = 1;
    double tol = in->tolerance > 0 ? (double)in->tolerance : CT(1e-9, 1e-5) * size;
    /* Rounding of the samples' signed distance and poses. Measured worst below the target: double 5.6e-15, float
       2.9e-6 (x size); far pairs add their coordinates' ulps (1.4e-4 x size in float at 1e3). */
    double far = fmax(gjk_len2(in->pair.pose_a.position), gjk_len2(in->pair.pose_b.position));
    const double below = CT(1e-10, 1e-4) * size + 8 * GJK_REAL_EPSILON * far; /* (world coordinates' ulps) */
    const double above = tol + CT(1e-9, 1e-4) * size + 8 * GJK_REAL_EPSILON * far;
    st->cases++;
    st->iterations += r->iterations;
    if (r->iterations > st->max_iterations) st->max_iterations = r->iterations;
    assert_true(isfinite(r->normal.x) && isfinite(r->normal.y) && isfinite(r->point_a.x) && isfinite(r->point_b.y));
    assert_true(r->t >= 0 && r->t <= 1);
    EXPECT_NEAR(gjk_len2(r->normal), 1, CT(1e-12, 1e-5));
    switch (r->state) {
    case GJK_CAST_OVERLAPPED:
        st->overlapped++;
        assert_true(r->t == 0 && cast_sd2(in, 0) <= target + above);
        break;
    case GJK_CAST_HIT: {
        st->hits++;
        assert_int_equal(r->status, GJK_OK);
        assert_true(r->hit && r->t > 0);
        double d = cast_sd2(in, (double)r->t);
        st->worst_early = fmax(st->worst_early, (d - target) / size);
        st->worst_late = fmax(st->worst_late, (target - d) / size);
        if (!(d >= target - below && d <= target + above))
            fail_msg("hit at t %.17g: distance %.17g, target %.17g (kinds %d %d, %d iterations)", (double)r->t, d,
                     target, in->pair.a->type, in->pair.b->type, r->iterations);
        gjk_vec2 gap = gjk_sub2(r->point_b, r->point_a);
        EXPECT_NEAR(gjk_dot2(gap, r->normal), d, above + below);
        EXPECT_NEAR(gjk_cross2(gap, r->normal), 0, CT(1e-9, 1e-4) * size);
        break;
    }
    case GJK_CAST_SEPARATED:
        st->separated++;
        assert_int_equal(r->status, GJK_OK);
        assert_true(r->t == 1 && !r->hit);
        break;
    default:
        st->failed++;
        assert_int_equal(r->status, GJK_MAX_ITERATIONS);
        break;
    }
    double t_end = r->state == GJK_CAST_SEPARATED ? 1 : (double)r->t;
    for (int i = 0; i < samples && t_end > 0; ++i) {
        double tau = t_end * i / samples, d = cast_sd2(in, tau);
        st->worst_late = fmax(st->worst_late, (target - d) / size);
        if (d < target - below)
            fail_msg("state %d, t %.17g: distance %.17g below the target %.17g at %.17g", r->state, (double)r->t, d,
                     target, tau);
    }
}

static gjk_shape2 any_shape2(test_rng *r, gjk_hull2 **hull) {
    *hull = NULL;
    if (test_next(r) % 12 == 0) return gjk_user2(user_ellipse, &user_radii);
    return test_shape2(r, -1, hull);
}

/* A ray against a shape is a point cast against it (see test_cast3.c): gjk_raycast2 and the linear gjk_shape_cast2
   run the same GJK ray cast (src/ray_gjk2.c) when the ray has no closed form, and agree with the closed forms
   otherwise. Measured worst: fraction 2.4e-11 (float 1.6e-6), normal 4.0e-5 (float 1.2e-2). */
static void test_ray_is_point_cast(void **state) {
    (void)state;
    test_rng r = {31};
    int hits = 0;
    double worst = 0, worst_n = 0;
    for (int i = 0; i < 1500; ++i) {
        gjk_hull2 *h;
        gjk_shape2 s = any_shape2(&r, &h), pt = gjk_point2();
        gjk_pose2 pose = gjk_pose2_make(gjk_v2((gjk_real)test_uniform(&r, -2, 2), (gjk_real)test_uniform(&r, -2, 2)),
                                        (gjk_real)test_uniform(&r, -4, 4));
        double ang = test_uniform(&r, 0, 6.283185307179586), dist = test_uniform(&r, 6, 10);
        gjk_vec2 from = gjk_add2(pose.position, gjk_v2((gjk_real)(dist * cos(ang)), (gjk_real)(dist * sin(ang))));
        gjk_vec2 aim = gjk_add2(pose.position,
                                gjk_v2((gjk_real)test_uniform(&r, -0.1, 0.1), (gjk_real)test_uniform(&r, -0.1, 0.1)));
        gjk_ray2 ray = {from, gjk_scale2(gjk_sub2(aim, from), GJK_R(1.5)), 1};
        gjk_ray_result2 rr = gjk_raycast2(&s, pose, &ray);
        gjk_cast_input2 in;
        memset(&in, 0, sizeof in);
        in.pair = (gjk_pair2){&s, pose, &pt, gjk_pose2_make(from, 0)};
        in.motion_b.translation = ray.translation;
        gjk_cast_result2 cr = gjk_shape_cast2(&in);
        assert_int_equal(rr.status, GJK_OK);
        assert_int_equal(cr.status, GJK_OK);
        assert_false(rr.inside);
        assert_int_equal(rr.hit, cr.state == GJK_CAST_HIT);
        if (!rr.hit) {
            assert_int_equal(cr.state, GJK_CAST_SEPARATED);
        } else {
            ++hits;
            double e = fabs((double)rr.fraction - (double)cr.t);
            double en = gjk_len2(gjk_sub2(rr.normal, cr.normal));
            worst = fmax(worst, e);
            worst_n = fmax(worst_n, en);
            /* (a distance tolerance at the surface is a fraction error of that over the ray's approach rate, divided
               by the cosine of a grazing ray's angle to the normal) */
            double approach = fabs(gjk_dot2(gjk_normalize2(ray.translation), rr.normal));
            if (!(e <= CT(1e-10, 6e-6) / fmax(approach, 0.1) && en <= CT(1.5e-4, 4e-2)))
                fail_msg("case %d (type %d): ray %.17g, cast %.17g; normals off by %.3g", i, s.type,
                         (double)rr.fraction, (double)cr.t, en);
        }
        if (h) gjk_hull2_destroy(h);
    }
    printf("2D ray as a point cast: %d hits, worst fraction difference %.3g, normal %.3g\n", hits, worst, worst_n);
    assert_true(hits > 700);
}

static void random_casts2(uint64_t seed, int count, double spin, double centre, cast_stats *st) {
    test_rng r = {seed};
    for (int i = 0; i < count; ++i) {
        gjk_hull2 *ha, *hb;
        gjk_shape2 a = any_shape2(&r, &ha), b = any_shape2(&r, &hb);
        double ang = test_uniform(&r, 0, 6.283185307179586), dist = test_uniform(&r, 1, 5);
        gjk_vec2 off = gjk_v2((gjk_real)(dist * cos(ang)), (gjk_real)(dist * sin(ang)));
        gjk_cast_input2 in;
        memset(&in, 0, sizeof in);
        gjk_real px = (gjk_real)(centre + test_uniform(&r, -2, 2));
        gjk_vec2 pa = gjk_v2(px, (gjk_real)(-centre + test_uniform(&r, -2, 2)));
        in.pair = (gjk_pair2){&a, gjk_pose2_make(pa, (gjk_real)test_uniform(&r, -4, 4)), &b,
                              gjk_pose2_make(gjk_add2(pa, off), (gjk_real)test_uniform(&r, -4, 4))};
        gjk_real s = (gjk_real)test_uniform(&r, 0.2, 2.5), jx = (gjk_real)test_uniform(&r, -1, 1);
        in.motion_b.translation = gjk_add2(gjk_scale2(off, -s), gjk_v2(jx, (gjk_real)test_uniform(&r, -1, 1)));
        jx = (gjk_real)test_uniform(&r, -0.5, 0.5);
        in.motion_a.translation = gjk_v2(jx, (gjk_real)test_uniform(&r, -0.5, 0.5));
        if (spin > 0) {
            in.motion_a.rotation = (gjk_real)test_uniform(&r, -spin, spin);
            in.motion_b.rotation = (gjk_real)test_uniform(&r, -spin, spin);
        }
        if (test_next(&r) % 3 == 0) in.target_distance = (gjk_real)test_uniform(&r, 0.001, 0.3);
        gjk_cast_result2 res = gjk_shape_cast2(&in);
        check2(&in, &res, 64, st);
        if (ha) gjk_hull2_destroy(ha);
        if (hb) gjk_hull2_destroy(hb);
    }
    cast_stats_print(st);
}

static void test_every_kind_linear(void **state) {
    (void)state;
    cast_stats st = cast_stats_make("2D every kind, linear");
    random_casts2(31, 3000, 0, 0, &st);
    assert_true(st.hits > 1200 && st.separated > 300);
    assert_int_equal(st.failed, 0);
}

static void test_every_kind_rotating(void **state) {
    (void)state;
    cast_stats st = cast_stats_make("2D every kind, rotating (up to 3 rad per step)");
    random_casts2(32, 3000, 3, 0, &st);
    assert_true(st.hits > 1200 && st.separated > 300);
    assert_int_equal(st.failed, 0);
}

static void test_every_kind_fast_spin(void **state) {
    (void)state;
    cast_stats st = cast_stats_make("2D every kind, fast spin (up to 20 rad per step)");
    random_casts2(33, 1000, 20, 0, &st);
    assert_true(st.hits > 400);
}

static void test_every_kind_far(void **state) {
    (void)state;
    cast_stats st = cast_stats_make("2D every kind, far (1e6, float 1e3), linear and rotating");
    random_casts2(34, 800, 0, CT(1e6, 1e3), &st);
    random_casts2(35, 800, 3, CT(1e6, 1e3), &st);
    assert_true(st.hits > 700);
    assert_int_equal(st.failed, 0);
}

/* ---- exact answers (tests/oracle2.c) ------------------------------------------------------------------------- */

typedef struct exact2 {
    o2_shape a, b; /* at t = 0, about A's position */
    o2_vec d;      /* B's motion relative to A */
    double target;
} exact2;

static double f2(const exact2 *e, double t) {
    o2_shape b = o2_translated(&e->b, o2_v(t * e->d.x, t * e->d.y));
    return o2_query(&e->a, &b).signed_distance - e->target;
}

/* First root of the convex f in [0, 1]: -1 when none (or only a graze within `graze`), 0 when f(0) <= 0. */
static double first_root2(const exact2 *e, double graze) {
    if (f2(e, 0) <= 0) return 0;
    double lo = 0, hi = 1, g = (sqrt(5.0) - 1) / 2;
    for (int k = 0; k < 100; ++k) {
        double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
        if (f2(e, x1) <= f2(e, x2)) hi = x2;
        else lo = x1;
    }
    double tm = f2(e, 1) <= 0 ? 1 : 0.5 * (lo + hi);
    if (f2(e, tm) > -graze) return -1;
    for (lo = 0, hi = tm;;) {
        double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        if (f2(e, mid) > 0) lo = mid;
        else hi = mid;
    }
    return lo;
}

static void test_exact_linear(void **state) {
    (void)state;
    test_rng r = {41};
    int hits = 0, misses = 0;
    double worst_f = 0, worst_t = 0;
    for (int i = 0; i < 4000; ++i) {
        gjk_hull2 *ha = NULL, *hb = NULL;
        gjk_shape2 a = test_shape2(&r, -1, &ha), b = test_shape2(&r, -1, &hb);
        double far = i % 4 == 3 ? CT(1e6, 1e3) : 0;
        gjk_vec2 pa = gjk_v2((gjk_real)far, (gjk_real)(-far));
        double ang = test_uniform(&r, 0, 6.283185307179586), dist = test_uniform(&r, 1, 5);
        gjk_vec2 off = gjk_v2((gjk_real)(dist * cos(ang)), (gjk_real)(dist * sin(ang)));
        gjk_cast_input2 in;
        memset(&in, 0, sizeof in);
        in.pair = (gjk_pair2){&a, gjk_pose2_make(pa, (gjk_real)test_uniform(&r, -4, 4)), &b,
                              gjk_pose2_make(gjk_add2(pa, off), (gjk_real)test_uniform(&r, -4, 4))};
        gjk_real s = (gjk_real)test_uniform(&r, 0.2, 2.5), jx = (gjk_real)test_uniform(&r, -1, 1);
        in.motion_b.translation = gjk_add2(gjk_scale2(off, -s), gjk_v2(jx, (gjk_real)test_uniform(&r, -1, 1)));
        jx = (gjk_real)test_uniform(&r, -0.5, 0.5);
        in.motion_a.translation = gjk_v2(jx, (gjk_real)test_uniform(&r, -0.5, 0.5));
        if (i % 3 == 0) in.target_distance = (gjk_real)test_uniform(&r, 0.001, 0.3);
        gjk_cast_result2 res = gjk_shape_cast2(&in);
        /* The oracle about A's position (the difference of the two positions is exact). */
        exact2 e;
        gjk_pose2 qa = in.pair.pose_a, qb = in.pair.pose_b;
        qb.position = gjk_sub2(qb.position, qa.position);
        qa.position = gjk_v2(0, 0);
        e.a = o2_from_shape(&a, qa);
        e.b = o2_from_shape(&b, qb);
        e.d = o2_v((double)in.motion_b.translation.x - (double)in.motion_a.translation.x,
                   (double)in.motion_b.translation.y - (double)in.motion_a.translation.y);
        e.target = (double)in.target_distance;
        double size = reach2(&a) + reach2(&b) + e.target + sqrt(e.d.x * e.d.x + e.d.y * e.d.y);
        const double tol = CT(1e-12, 2e-6) * size;
        double t = first_root2(&e, tol);
        if (t < 0) {
            ++misses;
            if (res.state != GJK_CAST_SEPARATED) assert_true(fabs(f2(&e, (double)res.t)) <= tol);
        } else if (t == 0) {
            assert_int_equal(res.state, GJK_CAST_OVERLAPPED);
        } else if (!(res.state == GJK_CAST_OVERLAPPED && f2(&e, 0) <= tol)) {
            if (res.state != GJK_CAST_HIT) fail_msg("case %d: expected a hit at %.17g, got %d", i, t, res.state);
            ++hits;
            /* The oracle's distance at the library's t: never below the target, near it. Measured worst: double
               7.6e-16, float 4.0e-7 (x size); t never after the oracle's. */
            double f = f2(&e, (double)res.t);
            if (!(f >= -tol && f <= tol)) fail_msg("case %d: distance at t %.17g is target %+.3g", i, (double)res.t, f);
            worst_f = fmax(worst_f, fabs(f) / size);
            assert_true((double)res.t <= t + CT(1e-12, 1e-5));
            double slope = (f2(&e, t) - f2(&e, fmax(0, t - 1e-6))) / fmin(1e-6, t);
            if (fabs(slope) >= 0.05 * sqrt(e.d.x * e.d.x + e.d.y * e.d.y)) {
                EXPECT_NEAR(res.t, t, CT(1e-9, 1e-4)); /* measured worst: double 4.6e-15, float 1.6e-6 */
                worst_t = fmax(worst_t, fabs((double)res.t - t));
            }
        }
        if (ha) gjk_hull2_destroy(ha);
        if (hb) gjk_hull2_destroy(hb);
    }
    printf("2D exact: %d hits, %d misses; worst distance at t %.3g (x size), worst |t - exact| %.3g\n", hits, misses,
           worst_f, worst_t);
    assert_true(hits > 1500 && misses > 300);
}

/* Circles: |p + t d| = R. */
static void test_circles_closed_form(void **state) {
    (void)state;
    test_rng r = {42};
    int hits = 0;
    for (int i = 0; i < 4000; ++i) {
        gjk_real ra = (gjk_real)test_uniform(&r, 0.05, 2), rb = (gjk_real)test_uniform(&r, 0.05, 2);
        gjk_shape2 a = gjk_circle2(ra), b = i % 2 ? gjk_rounded2(gjk_point2(), rb) : gjk_circle2(rb);
        gjk_cast_input2 in;
        memset(&in, 0, sizeof in);
        gjk_vec2 pa = gjk_v2((gjk_real)test_uniform(&r, -3, 3), (gjk_real)test_uniform(&r, -3, 3));
        gjk_vec2 pb = gjk_v2((gjk_real)test_uniform(&r, -3, 3), (gjk_real)test_uniform(&r, -3, 3));
        in.pair = (gjk_pair2){&a, gjk_pose2_make(pa, 0.3f), &b, gjk_pose2_make(pb, -1)};
        gjk_real s = (gjk_real)test_uniform(&r, 0.3, 2), jx = (gjk_real)test_uniform(&r, -1.5, 1.5);
        in.motion_b.translation =
            gjk_add2(gjk_scale2(gjk_sub2(pa, pb), s), gjk_v2(jx, (gjk_real)test_uniform(&r, -1.5, 1.5)));
        in.motion_a.rotation = (gjk_real)test_uniform(&r, -2, 2); /* (a circle turning changes nothing) */
        if (i % 3 == 0) in.target_distance = (gjk_real)test_uniform(&r, 0, 0.5);
        gjk_cast_result2 res = gjk_shape_cast2(&in);
        double px = (double)pb.x - (double)pa.x, py = (double)pb.y - (double)pa.y;
        double dx = (double)in.motion_b.translation.x, dy = (double)in.motion_b.translation.y;
        double R = (double)ra + (double)rb + (double)in.target_distance;
        double pp = px * px + py * py, pd = px * dx + py * dy, dd = dx * dx + dy * dy,
               disc = pd * pd - dd * (pp - R * R);
        double tol_d = CT(1e-9, 1e-5) * R;
        if (sqrt(pp) - R <= tol_d) {
            assert_int_equal(res.state, GJK_CAST_OVERLAPPED);
            continue;
        }
        double t = disc >= 0 && pd < 0 ? (-pd - sqrt(disc)) / dd : 2;
        if (t > 1) {
            assert_int_equal(res.state, GJK_CAST_SEPARATED);
            continue;
        }
        assert_int_equal(res.state, GJK_CAST_HIT);
        ++hits;
        double x = px + (double)res.t * dx, y = py + (double)res.t * dy, dist = sqrt(x * x + y * y) - R;
        assert_true(dist >= -CT(1e-12, 1e-5) * R && dist <= tol_d + CT(1e-12, 1e-5) * R);
        if (-(pd + t * dd) / R > 0.1 * sqrt(dd)) EXPECT_NEAR(res.t, t, CT(1e-11, 3e-5));
    }
    assert_true(hits > 1500);
}

/* ---- hazards -------------------------------------------------------------------------------------------------- */

static gjk_cast_input2 input2(const gjk_shape2 *a, gjk_pose2 pa, const gjk_shape2 *b, gjk_pose2 pb) {
    gjk_cast_input2 in;
    memset(&in, 0, sizeof in);
    in.pair = (gjk_pair2){a, pa, b, pb};
    return in;
}

static void test_thin_fast(void **state) {
    (void)state;
    cast_stats st = cast_stats_make("2D thin fast");
    gjk_shape2 bar = gjk_box2(gjk_v2(1, 0.0005f));
    gjk_cast_input2 in = input2(&bar, gjk_pose2_identity(), &bar, gjk_pose2_make(gjk_v2(0.2f, 50), 0));
    in.motion_b.translation = gjk_v2(0.01f, -100);
    gjk_cast_result2 r = gjk_shape_cast2(&in);
    assert_int_equal(r.state, GJK_CAST_HIT);
    EXPECT_NEAR(r.t, (50 - 2 * (double)bar.box.half_extents.y) / 100, CT(1e-15, 1e-7));
    EXPECT_NEAR(r.normal.y, 1, CT(1e-15, 1e-7));
    check2(&in, &r, 1000, &st);
    in.motion_b.rotation = 5;
    r = gjk_shape_cast2(&in);
    assert_int_equal(r.state, GJK_CAST_HIT);
    check2(&in, &r, 4000, &st);
    /* A blade turning 6 rad through a small disc 2 rad around it, at radius 0.8. */
    gjk_shape2 disc = gjk_circle2(0.01f);
    in = input2(&bar, gjk_pose2_identity(), &disc,
                gjk_pose2_make(gjk_v2(0.8f * (gjk_real)cos(2.0), 0.8f * (gjk_real)sin(2.0)), 0));
    in.motion_a.rotation = 6;
    r = gjk_shape_cast2(&in);
    assert_int_equal(r.state, GJK_CAST_HIT);
    EXPECT_NEAR(r.t, (2 - asin(0.0105 / 0.8)) / 6, CT(1e-6, 1e-4));
    check2(&in, &r, 4000, &st);
    /* Just out of the blade's reach. */
    in.pair.pose_b.position = gjk_scale2(in.pair.pose_b.position, 1.27f);
    r = gjk_shape_cast2(&in);
    assert_int_equal(r.state, GJK_CAST_SEPARATED);
    check2(&in, &r, 4000, &st);
    cast_stats_print(&st);
}

static void test_overlapped(void **state) {
    (void)state;
    gjk_shape2 box = gjk_box2(gjk_v2(1, 1)), cap = gjk_capsule2(0.5f, 1);
    gjk_cast_input2 in = input2(&box, gjk_pose2_make(gjk_v2(1e3f, 0), 0), &cap, gjk_pose2_make(gjk_v2(1e3f, 1.25f), 0));
    in.pair.pose_b.rotation = (gjk_rot2){0, 1}; /* lying flat, exactly */
    for (int rot = 0; rot < 2; ++rot) {
        in.motion_a.rotation = rot ? 0.1f : 0;
        in.motion_b.translation = gjk_v2(0, 5);
        in.ignore_separating = false;
        gjk_cast_result2 r = gjk_shape_cast2(&in);
        assert_true(r.state == GJK_CAST_OVERLAPPED && r.hit && r.t == 0);
        EXPECT_NEAR(r.normal.y, 1, CT(1e-12, 1e-6));
        EXPECT_NEAR(r.point_b.y - r.point_a.y, -0.25, CT(1e-12, 1e-4)); /* the signed distance's depth 0.25 */
        in.ignore_separating = true;
        r = gjk_shape_cast2(&in);
        assert_true(r.state == GJK_CAST_OVERLAPPED && !r.hit);
        in.motion_b.translation = gjk_v2(0, -5);
        r = gjk_shape_cast2(&in);
        assert_true(r.state == GJK_CAST_OVERLAPPED && r.hit);
        in.motion_b.translation = gjk_v2(3, 0);
        r = gjk_shape_cast2(&in);
        assert_true(r.hit);
    }
    in.pair.pose_b.position.y = 1.625f; /* apart by 0.125, within the target 0.25 */
    in.target_distance = 0.25f;
    in.motion_a.rotation = 0;
    in.motion_b.translation = gjk_v2(0, 1);
    in.ignore_separating = false;
    gjk_cast_result2 r = gjk_shape_cast2(&in);
    assert_true(r.state == GJK_CAST_OVERLAPPED && r.hit);
    EXPECT_NEAR(r.point_b.y - r.point_a.y, 0.125, CT(1e-12, 1e-5));
}

static void test_scales_and_targets(void **state) {
    (void)state;
    const double scales[] = {1, CT(1e-6, 1e-3), CT(1e6, 1e3)};
    const double centres[] = {0, CT(1e6, 1e3)};
    for (int k = 0; k < 3; ++k) {
        for (int c = 0; c < 2; ++c) {
            gjk_real s = (gjk_real)scales[k], o = (gjk_real)centres[c];
            gjk_shape2 a = gjk_box2(gjk_v2(s, s)), b = gjk_circle2(s);
            gjk_cast_input2 in =
                input2(&a, gjk_pose2_make(gjk_v2(o, o), 0), &b, gjk_pose2_make(gjk_v2(o + 0.5f * s, o + 5 * s), 0));
            in.motion_b.translation = gjk_v2(0, -4 * s);
            in.target_distance = 0.5f * s;
            gjk_cast_result2 r = gjk_shape_cast2(&in);
            assert_int_equal(r.state, GJK_CAST_HIT);
            double tol = c == 0 ? CT(1e-14, 1e-6) : CT(1e-15, 1e-7) * centres[c] / scales[k] + CT(1e-14, 1e-6);
            EXPECT_NEAR(r.t, 2.5 / 4, tol); /* measured as in 3D */
            EXPECT_NEAR(r.normal.y, 1, CT(1e-12, 1e-5));
            in.motion_a.rotation = 0.5f; /* the box turns: the corner comes down first, earlier than 0.625 */
            r = gjk_shape_cast2(&in);
            assert_int_equal(r.state, GJK_CAST_HIT);
            assert_true(r.t < 2.5 / 4);
            in.motion_a.rotation = 0;
            in.motion_b.translation = gjk_v2(0, 0);
            r = gjk_shape_cast2(&in);
            assert_true(r.state == GJK_CAST_SEPARATED && r.t == 1 && !r.hit);
            EXPECT_NEAR(r.point_b.y - r.point_a.y, 3 * s, CT(1e-12, 1e-5) * s + 4 * GJK_REAL_EPSILON * centres[c]);
        }
    }
}

static void test_iteration_cap(void **state) {
    (void)state;
    cast_stats st = cast_stats_make("2D iteration cap");
    gjk_shape2 bar = gjk_box2(gjk_v2(2, 0.1f)), box = gjk_box2(gjk_v2(0.2f, 0.2f));
    gjk_cast_input2 in = input2(&bar, gjk_pose2_identity(), &box, gjk_pose2_make(gjk_v2(0, 2.5f), 0));
    in.motion_a.rotation = 1e5f;
    gjk_cast_result2 r = gjk_shape_cast2(&in);
    assert_int_equal(r.state, GJK_CAST_FAILED);
    assert_int_equal(r.status, GJK_MAX_ITERATIONS);
    assert_true(r.t > 0 && r.t < 1e-3);
    check2(&in, &r, 200, &st);
}

static gjk_vec2 bad_support(gjk_vec2 d, const void *data) {
    (void)data;
    return d.x > 0 ? gjk_v2((gjk_real)NAN, 0) : gjk_v2(-1, 0);
}

static void expect_invalid(const gjk_cast_input2 *in) {
    gjk_cast_result2 r = gjk_shape_cast2(in), z;
    memset(&z, 0, sizeof z);
    z.status = GJK_INVALID_INPUT;
    assert_memory_equal(&r, &z, sizeof r);
}

static void test_bad_input(void **state) {
    (void)state;
    gjk_shape2 box = gjk_box2(gjk_v2(1, 1)), bad = gjk_user2(bad_support, NULL), neg = gjk_circle2(-1);
    gjk_cast_input2 ok = input2(&box, gjk_pose2_identity(), &box, gjk_pose2_make(gjk_v2(5, 0), 0));
    ok.motion_b.translation = gjk_v2(-5, 0);
    expect_invalid(NULL);
    gjk_cast_input2 in = ok;
    in.pair.a = NULL;
    expect_invalid(&in);
    in = ok, in.pair.b = &neg;
    expect_invalid(&in);
    in = ok, in.pair.b = &bad;
    expect_invalid(&in);
    in.motion_b.rotation = 1;
    expect_invalid(&in);
    in = ok, in.motion_b.translation.y = (gjk_real)NAN;
    expect_invalid(&in);
    in = ok, in.motion_a.rotation = (gjk_real)INFINITY;
    expect_invalid(&in);
    in = ok, in.motion_b.translation.x = (gjk_real)CT(1e200, 1e30);
    expect_invalid(&in);
    in = ok, in.target_distance = -1;
    expect_invalid(&in);
    in = ok, in.tolerance = (gjk_real)NAN;
    expect_invalid(&in);
    in = ok, in.pair.pose_b.rotation.c = 0, in.pair.pose_b.rotation.s = 0;
    expect_invalid(&in);
    gjk_cast_result2 r = gjk_shape_cast2(&ok);
    assert_int_equal(r.state, GJK_CAST_HIT);
    EXPECT_NEAR(r.t, 0.6, CT(1e-15, 1e-7));
}

static void test_deterministic(void **state) {
    (void)state;
    gjk_shape2 a = gjk_capsule2(0.3f, 1), b = gjk_rounded2(gjk_box2(gjk_v2(0.3f, 0.5f)), 0.05f);
    gjk_cast_input2 in = input2(&a, gjk_pose2_identity(), &b, gjk_pose2_make(gjk_v2(0.5f, 4), 0));
    in.motion_b.translation = gjk_v2(0, -6);
    in.motion_b.rotation = 2;
    gjk_cast_result2 r1 = gjk_shape_cast2(&in), r2 = gjk_shape_cast2(&in);
    assert_memory_equal(&r1, &r2, sizeof r1);
    assert_int_equal(r1.state, GJK_CAST_HIT);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_linear),
        cmocka_unit_test(test_circles_closed_form),
        cmocka_unit_test(test_ray_is_point_cast),
        cmocka_unit_test(test_every_kind_linear),
        cmocka_unit_test(test_every_kind_rotating),
        cmocka_unit_test(test_every_kind_fast_spin),
        cmocka_unit_test(test_every_kind_far),
        cmocka_unit_test(test_thin_fast),
        cmocka_unit_test(test_overlapped),
        cmocka_unit_test(test_scales_and_targets),
        cmocka_unit_test(test_iteration_cap),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_deterministic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
