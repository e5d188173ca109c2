// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Exact answers for linear 3D shape casts (gjk_shape_cast3 without rotation), from an oracle that shares nothing
   with the library: the Minkowski difference D = A - B of the two polytopes (qhull, tests/oracle3.c, in double from
   the very gjk_real values the library is given) and the ray t d (d = B's motion relative to A) from the origin.
   - Unrounded pairs, target 0: the first t at which the ray enters D, from D's facet planes (each facet bounds t
     from below or above; the entry is the largest lower bound), and the entry facet's normal.
   - Rounded pairs (margins) or a target distance: the first root of f(t) = sd(t d, D) - (rA + rB + target). The
     signed distance to a convex set is convex along a line, so f's minimum is found by golden sections and its
     first root by bisection, both to the last digits.
   Checked: the state, t (and the distance at the reported t: never below the target, i.e. never late), the
   normal against the entry facet, and the points. Measured worst errors are noted at each bound. */
#include <stdio.h>
#include <string.h>

#include "oracle3.h"
#include "testutil.h"

#if GJK_USE_FLOAT
#define CT(d, f) (f)
#else
#define CT(d, f) (d)
#endif

static double dot3d(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* A polytope shape and its local points (the gjk_real values, in double). */
typedef struct xbody {
    gjk_shape3 shape;
    gjk_hull3 *hull;
    int n;
    double local[48][3];
    double rel[48][3]; /* rotated by the pose, about the pose position */
    gjk_pose3 pose;
} xbody;

static void quat_matrix(gjk_quat q, double m[3][3]) {
    double w = q.w, x = q.x, y = q.y, z = q.z, l = sqrt(w * w + x * x + y * y + z * z);
    w /= l, x /= l, y /= l, z /= l;
    m[0][0] = 1 - 2 * (y * y + z * z), m[0][1] = 2 * (x * y - w * z), m[0][2] = 2 * (x * z + w * y);
    m[1][0] = 2 * (x * y + w * z), m[1][1] = 1 - 2 * (x * x + z * z), m[1][2] = 2 * (y * z - w * x);
    m[2][0] = 2 * (x * z - w * y), m[2][1] = 2 * (y * z + w * x), m[2][2] = 1 - 2 * (x * x + y * y);
}

/* kind 0: hull of 4 to 40 points, 1: box, 2: triangle, 3: segment, 4: point; size scales every coordinate. */
static void make_body(test_rng *r, int kind, double size, xbody *b) {
    memset(b, 0, sizeof *b);
    gjk_vec3 p[48];
    if (kind == 0) {
        b->n = 4 + (int)(test_next(r) % 37);
        for (int i = 0; i < b->n; ++i) p[i] = test_vec3(r, -size, size);
        b->hull = gjk_hull3_create(p, b->n, NULL);
        assert_non_null(b->hull);
        b->shape = gjk_hull_shape3(b->hull);
    } else if (kind == 1) {
        gjk_vec3 h = test_vec3(r, 0.1 * size, size);
        b->shape = gjk_box3(h);
        b->n = 8;
        for (int i = 0; i < 8; ++i) p[i] = gjk_v3(i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y, i & 4 ? h.z : -h.z);
    } else if (kind == 2) {
        b->n = 3;
        for (int i = 0; i < 3; ++i) p[i] = test_vec3(r, -size, size);
        b->shape = gjk_triangle3(p[0], p[1], p[2]);
    } else if (kind == 3) {
        b->n = 2;
        for (int i = 0; i < 2; ++i) p[i] = test_vec3(r, -size, size);
        b->shape = gjk_segment3(p[0], p[1]);
    } else {
        b->n = 1;
        p[0] = gjk_v3(0, 0, 0);
        b->shape = gjk_point3();
    }
    for (int i = 0; i < b->n; ++i) b->local[i][0] = p[i].x, b->local[i][1] = p[i].y, b->local[i][2] = p[i].z;
}

static void pose_body(xbody *b, gjk_vec3 position, gjk_quat q) {
    double m[3][3];
    b->pose = gjk_pose3_make(position, q);
    quat_matrix(q, m);
    for (int i = 0; i < b->n; ++i)
        for (int k = 0; k < 3; ++k) b->rel[i][k] = dot3d(m[k], b->local[i]);
}

/* Exact first entry of the ray t d, t in [0, 1], into the unrounded D: -1 for a miss, 0 inside at the start. */
static double facet_entry(const oracle3_hull *D, const double d[3], double normal[3]) {
    double lo = 0, hi = 1;
    int entry = -1;
    for (int f = 0; f < D->facet_count; ++f) {
        double a = dot3d(D->normals[f], d), b = D->offsets[f];
        if (a == 0) {
            if (b > 0) return -1;
        } else if (a > 0) {
            hi = fmin(hi, -b / a);
        } else if (-b / a > lo) {
            lo = -b / a;
            entry = f;
        }
    }
    if (lo > hi) return -1;
    /* D's outward normal where the origin enters it points at the origin: from A to B. */
    for (int k = 0; k < 3; ++k) normal[k] = entry >= 0 ? D->normals[entry][k] : 0;
    return lo;
}

/* A flat D (a polygon: segment against segment, triangle against point, ...) is crossed at one instant: where the
   ray meets its plane, if that point is in the polygon. -1: a miss (or a ray in the plane, which the tests skip). */
static double flat_entry(const oracle3_hull *D, const double d[3], double normal[3]) {
    const double *pn = D->plane_normal;
    double h = dot3d(pn, D->vertices[0]), a = dot3d(pn, d);
    if (a == 0 || h / a < 0 || h / a > 1) return -1;
    double t = h / a, x[3] = {t * d[0], t * d[1], t * d[2]};
    if (oracle3_hull_sd(D, x, NULL) > 1e-12 * (D->extent + sqrt(dot3d(d, d)))) return -1;
    for (int k = 0; k < 3; ++k) normal[k] = h > 0 ? -pn[k] : pn[k]; /* towards the origin's side at t = 0 */
    return t;
}

static double f_at(const oracle3_pair *P, const double d[3], double R, double t) {
    double x[3] = {t * d[0], t * d[1], t * d[2]};
    return oracle3_hull_sd(&P->d, x, NULL) - R;
}

/* First root of the convex f(t) = sd(t d, D) - R in [0, 1]: -1 when f > 0 throughout, 0 when f(0) <= 0. */
static double convex_entry(const oracle3_pair *P, const double d[3], double R) {
    if (f_at(P, d, R, 0) <= 0) return 0;
    double a = 0, b = 1, g = (sqrt(5.0) - 1) / 2;
    for (int i = 0; i < 80; ++i) { /* golden sections towards f's minimum */
        double x1 = b - g * (b - a), x2 = a + g * (b - a);
        if (f_at(P, d, R, x1) <= f_at(P, d, R, x2)) b = x2;
        else a = x1;
    }
    double tm = 0.5 * (a + b);
    if (f_at(P, d, R, tm) > 0 && f_at(P, d, R, 1) > 0) return -1;
    if (f_at(P, d, R, 1) <= 0 && f_at(P, d, R, tm) > 0) tm = 1;
    double lo = 0, hi = tm;
    for (int i = 0; i < 200 && hi - lo > 0; ++i) {
        double mid = 0.5 * (lo + hi);
        if (mid == lo || mid == hi) break;
        if (f_at(P, d, R, mid) > 0) lo = mid;
        else hi = mid;
    }
    return lo;
}

typedef struct xstats {
    long cases, hits, misses, overlaps, skipped;
    double max_t, max_dist, max_normal, max_point;
    int max_iter;
} xstats;

/* One random pair: kinds, sizes, centre (far pairs), margins and target on or off. */
static void run_case(test_rng *r, double centre, int rounded, xstats *st) {
    xbody A, B;
    int ka = (int)(test_next(r) % 5), kb = (int)(test_next(r) % 5);
    if (ka == 4 && kb == 4) kb = 0;
    double size = test_uniform(r, 0.2, 2.0);
    make_body(r, ka, size, &A);
    make_body(r, kb, test_uniform(r, 0.2, 2.0), &B);
    gjk_real ma = 0, mb = 0, target = 0;
    if (rounded) {
        if (test_next(r) % 2) ma = (gjk_real)test_uniform(r, 0.01, 0.5);
        if (test_next(r) % 2) mb = (gjk_real)test_uniform(r, 0.01, 0.5);
        if (test_next(r) % 2 || (ma == 0 && mb == 0)) target = (gjk_real)test_uniform(r, 0.001, 0.3);
        A.shape = gjk_rounded3(A.shape, ma);
        B.shape = gjk_rounded3(B.shape, mb);
    }
    gjk_vec3 c = gjk_v3((gjk_real)centre, (gjk_real)(-0.5 * centre), (gjk_real)(0.25 * centre));
    gjk_vec3 off = gjk_scale3(test_unit3(r), (gjk_real)test_uniform(r, 1.5, 6));
    pose_body(&A, c, test_quat(r));
    pose_body(&B, gjk_add3(c, off), test_quat(r));
    /* B heads for A most of the time (misses too), A drifts. */
    gjk_vec3 aim = gjk_scale3(off, -(gjk_real)test_uniform(r, 0.3, 2.5));
    gjk_cast_input3 in = {0};
    in.pair = (gjk_pair3){&A.shape, A.pose, &B.shape, B.pose};
    in.motion_b.translation = gjk_add3(aim, test_vec3(r, -1, 1));
    in.motion_a.translation = test_vec3(r, -0.5, 0.5);
    in.target_distance = target;
    gjk_cast_result3 res = gjk_shape_cast3(&in);

    oracle3_hull ha, hb;
    oracle3_pair P;
    assert_true(oracle3_hull_build(&ha, (const double(*)[3])A.rel, A.n));
    assert_true(oracle3_hull_build(&hb, (const double(*)[3])B.rel, B.n));
    double offset[3] = {(double)B.pose.position.x - (double)A.pose.position.x,
                        (double)B.pose.position.y - (double)A.pose.position.y,
                        (double)B.pose.position.z - (double)A.pose.position.z};
    assert_true(oracle3_pair_build(&P, &ha, ma, &hb, mb, offset));
    double d[3] = {(double)in.motion_b.translation.x - (double)in.motion_a.translation.x,
                   (double)in.motion_b.translation.y - (double)in.motion_a.translation.y,
                   (double)in.motion_b.translation.z - (double)in.motion_a.translation.z};
    double R = (double)ma + (double)mb + (double)target, normal[3] = {0, 0, 0};
    double scale = P.d.extent + R + sqrt(dot3d(d, d));
    if (R == 0 && P.d.dim < 2) { /* a segment or point D: hit with probability 0 */
        st->skipped++;
        goto done;
    }
    double t_exact = R > 0          ? convex_entry(&P, d, R)
                     : P.d.dim == 3 ? facet_entry(&P.d, d, normal)
                                    : flat_entry(&P.d, d, normal);
    st->cases++;
    assert_int_equal(res.status, GJK_OK);
    if (res.iterations > st->max_iter) st->max_iter = res.iterations;
    /* The oracle's distance at the library's t: never below the target (not late), and near it (on time). The
       bounds are relative to the pair's scale. Measured worst: double 8.7e-16, float 3.4e-7 (x scale). */
    double f = f_at(&P, d, R, (double)res.t);
    const double tol_dist = CT(1e-12, 1e-5) * scale;
    if (t_exact < 0) {
        if (res.state != GJK_CAST_SEPARATED) {
            /* Only a pair the oracle sees graze the target may be reported as a hit. */
            if (!(fabs(f) <= tol_dist))
                fail_msg("case %ld: oracle miss, got state %d t %.17g f %.3g", st->cases, res.state, (double)res.t, f);
        } else {
            st->misses++;
            EXPECT_NEAR(res.t, 1, 0);
        }
        goto done;
    }
    if (t_exact == 0) {
        st->overlaps++;
        assert_int_equal(res.state, GJK_CAST_OVERLAPPED);
        assert_true(res.hit);
        goto done;
    }
    if (res.state == GJK_CAST_OVERLAPPED && f_at(&P, d, R, 0) <= tol_dist) goto done; /* within the tolerance */
    if (res.state == GJK_CAST_SEPARATED && t_exact > 1 - 1e-9) goto done;           /* grazing the end */
    if (res.state != GJK_CAST_HIT)
        fail_msg("case %ld: expected a hit at %.17g, got state %d t %.17g", st->cases, t_exact, res.state,
                 (double)res.t);
    st->hits++;
    assert_true(res.hit);
    if (f < -tol_dist || f > tol_dist)
        fail_msg("case %ld: distance at t %.17g is target %+.3g (t exact %.17g)", st->cases, (double)res.t, f, t_exact);
    st->max_dist = fmax(st->max_dist, fabs(f) / scale);
    /* t itself, where the motion crosses the target at a fair angle (|f'| >= 0.05 |d|). Measured worst: double
       5.3e-15, float 2.4e-6. */
    double slope = (f_at(&P, d, R, t_exact) - f_at(&P, d, R, fmax(0, t_exact - 1e-6))) / fmin(1e-6, t_exact);
    if (fabs(slope) >= 0.05 * sqrt(dot3d(d, d))) {
        EXPECT_NEAR(res.t, t_exact, CT(1e-9, 2e-4));
        st->max_t = fmax(st->max_t, fabs((double)res.t - t_exact));
    }
    /* Never late: by the oracle's own t, up to its rounding. */
    assert_true((double)res.t <= t_exact + CT(1e-12, 1e-5));
    /* The normal: the entry facet's when that is unique (the ray does not enter through an edge or vertex). */
    if (R == 0 && P.d.dim == 2) {
        double e = fabs((double)res.normal.x - normal[0]) + fabs((double)res.normal.y - normal[1]) +
                   fabs((double)res.normal.z - normal[2]);
        st->max_normal = fmax(st->max_normal, e);
        EXPECT_NEAR(e, 0, CT(1e-9, 1e-3));
    } else if (R == 0) {
        double pt[3] = {t_exact * d[0], t_exact * d[1], t_exact * d[2]};
        int on = 0;
        for (int k = 0; k < P.d.facet_count; ++k)
            on += fabs(dot3d(P.d.normals[k], pt) + P.d.offsets[k]) <= 1e-7 * scale;
        if (on == 1) {
            double e = fabs((double)res.normal.x - normal[0]) + fabs((double)res.normal.y - normal[1]) +
                       fabs((double)res.normal.z - normal[2]);
            st->max_normal = fmax(st->max_normal, e);
            EXPECT_NEAR(e, 0, CT(1e-9, 1e-3)); /* measured worst: double 2.1e-15, float 1.2e-6 */
        }
    }
    /* The points: on (or within the target of) each shape at t, and point_b - point_a along the normal. */
    {
        gjk_vec3 gap = gjk_sub3(res.point_b, res.point_a);
        double along = gjk_dot3(gap, res.normal),
               across = gjk_len3(gjk_sub3(gap, gjk_scale3(res.normal, (gjk_real)along)));
        double e = fmax(fabs(along - target), across);
        st->max_point = fmax(st->max_point, e / scale);
        /* Measured worst: double 8.7e-16, float 3.3e-7 (x scale); far pairs add their coordinates' ulps. */
        EXPECT_NEAR(e, 0, CT(1e-11, 1e-4) * (scale + fabs(centre)));
    }
done:
    oracle3_pair_free(&P);
    oracle3_hull_free(&ha);
    oracle3_hull_free(&hb);
    if (A.hull) gjk_hull3_destroy(A.hull);
    if (B.hull) gjk_hull3_destroy(B.hull);
}

static void report(const char *name, const xstats *st) {
    printf("%s: %ld cases (%ld hits, %ld misses, %ld overlapped, %ld skipped): worst |t - exact| %.3g, distance "
           "at t %.3g, normal %.3g, points %.3g (relative to scale); iterations <= %d\n",
           name, st->cases, st->hits, st->misses, st->overlaps, st->skipped, st->max_t, st->max_dist, st->max_normal,
           st->max_point, st->max_iter);
}

static void test_polytopes_exact(void **state) {
    (void)state;
    test_rng r = {101};
    xstats st = {0};
    for (int i = 0; i < 3000; ++i) run_case(&r, 0, 0, &st);
    report("polytopes", &st);
    assert_true(st.hits > 1000 && st.misses > 100);
}

static void test_rounded_polytopes_exact(void **state) {
    (void)state;
    test_rng r = {202};
    xstats st = {0};
    for (int i = 0; i < 1500; ++i) run_case(&r, 0, 1, &st);
    report("rounded polytopes and targets", &st);
    assert_true(st.hits > 500);
}

/* Far from the origin: 1e6 in double, 1e3 in float (the pair's positions are subtracted once, in the setup). */
static void test_far_polytopes_exact(void **state) {
    (void)state;
    test_rng r = {303};
    xstats st = {0};
    for (int i = 0; i < 1000; ++i) run_case(&r, CT(1e6, 1e3), i % 2, &st);
    report("far polytopes", &st);
    assert_true(st.hits > 300);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_polytopes_exact),
        cmocka_unit_test(test_rounded_polytopes_exact),
        cmocka_unit_test(test_far_polytopes_exact),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
