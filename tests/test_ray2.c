// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* gjk_raycast2 against independent answers, the 2D mirror of test_ray3.c and test_ray3_shapes.c:
   - exact_kinds: every 2D kind (plain and rounded, near the world origin and far, three sizes, every ray family)
     against long-double signed distances written from the geometry (test_ray_ref.c) and the first hit by bisection
     along the ray; a bare segment, which has no inside, against the crossing of its line;
   - query_kinds: random shapes of every kind (test_shape2) and user shapes wrapping them against the library's
     gjk_signed_distance2 (a point shape at the hit, before it, epsilon out along the normal; a miss's segment as a
     capsule of radius 0 does not penetrate).
   The checks and their bounds are those of the 3D files; the worst errors per kind are printed (ctest -V). */
#include <stdio.h>
#include <string.h>

#include "test_ray_ref.h"

#if GJK_USE_FLOAT
#define FAR 1e3
#define NRM_EXACT 1e-3
#define CLASS_GJK 1e-3
#define QBAND 2e-4
#define NRM_QUERY 1e-3
#define NRM_CURVED 5e-2
#define POS_EXACT 4e-6
#define POS_GJK 5e-4
#else
#define FAR 1e6
#define NRM_EXACT 1e-7
#define CLASS_GJK 1e-7
#define QBAND 1e-8
#define NRM_QUERY 1e-7
#define NRM_CURVED 1e-5
#define POS_EXACT 4e-15
#define POS_GJK 2e-11
#endif
/* The band (over size) within which a closed form may answer either way: 32 eps x its 1-norm size, and more. */
#define BAND (1024 * GJK_REAL_EPSILON)

typedef struct stats {
    double pos, sdf, nrm;
    int casts, hits, misses, inside, capped;
} stats;

static char where[600];
#define FAIL(...)                                                                                                  \
    do {                                                                                                           \
        print_message("at %s\n", where);                                                                           \
        fail_msg(__VA_ARGS__);                                                                                     \
    } while (0)

static double tol_pos, tol_class, tol_normal;

/* A bare segment: the crossing of its line, where clearly inside the segment and not grazing. */
static void check_segment(const gjk_shape2 *s, const ref_ray2 *rr, const gjk_ray2 *ray, const gjk_ray_result2 *r,
                          double size, stats *st) {
    lv2 a = lv2_of(s->segment.a), b = lv2_of(s->segment.b), o = ref_ray2_local(rr, 0);
    lv2 d = lv2_sub(ref_ray2_local(rr, 1), o), e = lv2_sub(b, a);
    ld den = d.x * e.y - d.y * e.x, le = lv2_len(e), len = lv2_len(d);
    if (!(fabsl(den) > 1e-3L * le * len)) return;
    lv2 ao = lv2_sub(a, o);
    ld t = (ao.x * e.y - ao.y * e.x) / den, w = (ao.x * d.y - ao.y * d.x) / den;
    if (!(t > 0 && t < (ld)ray->max_fraction * (1 - 1e-6L) && w > 1e-6L && w < 1 - 1e-6L)) return;
    if (!r->hit) FAIL("missed the segment, crossed at %.17Lg", t);
    double epos = (double)(fabsl((ld)r->fraction - t) * fabsl(den) / le) / size;
    st->pos = fmax(st->pos, epos);
    if (epos > tol_pos) FAIL("fraction %.17g, crossing %.17Lg (%.3g of size)", r->fraction, t, epos);
}

static void check_cast(const gjk_shape2 *s, gjk_pose2 pose, const gjk_ray2 *ray, stats *st) {
    gjk_ray_result2 r = gjk_raycast2(s, pose, ray);
    assert_true(r.status == GJK_OK || r.status == GJK_MAX_ITERATIONS);
    st->casts++;
    st->capped += r.status != GJK_OK;
    ref_ray2 rr = {s, ref_pose2_of(pose), lv2_of(ray->origin), lv2_of(ray->translation)};
    gjk_vec2 c;
    gjk_real rad;
    ref_bounds2(s, &c, &rad);
    double size = (double)(lv2_len(ref_ray2_local(&rr, 0)) + rad), band = BAND * size, cband = tol_class * size;
    ld len = lv2_len(rr.d), f0 = ref_ray2_sdf(0, &rr);
    if (f0 <= -band && !(r.hit && r.inside)) FAIL("origin %.3Lg deep, not reported inside", -f0);
    if (f0 > band && r.inside) FAIL("origin %.3Lg outside, reported inside", f0);
    if (r.inside) {
        st->inside++;
        gjk_vec2 want = gjk_neg2(gjk_normalize2(ray->translation));
        assert_true(r.hit && r.fraction == 0 && r.point.x == ray->origin.x && r.point.y == ray->origin.y);
        assert_true(r.normal.x == want.x && r.normal.y == want.y);
        return;
    }
    if (f0 <= band) return;
    ld fmin, t = ref_first_root(ref_ray2_sdf, &rr, ray->max_fraction, &fmin);
    bool end_in_band = fabsl(ref_ray2_sdf(ray->max_fraction, &rr)) <= cband;
    if (r.status == GJK_MAX_ITERATIONS) return; /* (counted; the 3D files check estimates) */
    if (fmin > cband && r.hit) FAIL("hit at %.17g, but the ray stays %.3Lg away", r.fraction, fmin);
    if (fmin < -cband && !end_in_band && len > 0 && !r.hit) FAIL("missed: reference hit at %.17Lg", t);
    if (!r.hit) {
        st->misses++;
        return;
    }
    st->hits++;
    assert_true(r.fraction >= 0 && r.fraction <= ray->max_fraction);
    EXPECT_NEAR(gjk_len2(r.normal), 1, TU(1e-14));
    lv2 pl = ref_ray2_local(&rr, (ld)r.fraction);
    double esdf = (double)fabsl(ref_sdf2(s, pl, NULL)) / size;
    st->sdf = fmax(st->sdf, esdf);
    ld fbefore;
    ref_first_root(ref_ray2_sdf, &rr, (ld)r.fraction, &fbefore);
    if (fbefore < -band) FAIL("hit at %.17g, but the ray is %.3Lg deep before it", r.fraction, -fbefore);
    if (s->type == GJK_SHAPE2_SEGMENT && s->margin == 0) check_segment(s, &rr, ray, &r, size, st);
    if (fabsl(fmin) <= cband) {
        if (esdf * size > cband) FAIL("grazing hit %.3g off the surface", esdf);
        return;
    }
    if (t >= 0) {
        ld dt = 1e-4L * (ld)rad / len;
        ld slope = fminl(ref_ray2_sdf(t - dt, &rr) - ref_ray2_sdf(t, &rr), ref_ray2_sdf(t, &rr) - ref_ray2_sdf(t + dt, &rr));
        double epos = (double)(fabsl((ld)r.fraction - t) * len * fmaxl(slope / (dt * len), 0)) / size;
        st->pos = fmax(st->pos, epos);
        if (epos > tol_pos) FAIL("fraction %.17g, reference %.17Lg (%.3g of size)", r.fraction, t, epos);
    }
    if (esdf > tol_pos) FAIL("hit point %.3g (of size) off the surface", esdf);
    /* The normal: the point eps out along it has the hit as its closest point (resolution: see test_ray3.c). */
    ld eps = 0.1L * (ld)rad;
    lv2 nl = lv2_make(rr.pose.c * r.normal.x + rr.pose.s * r.normal.y, -rr.pose.s * r.normal.x + rr.pose.c * r.normal.y);
    lv2 cl;
    ref_sdf2(s, lv2_mad(pl, eps, nl), &cl);
    double enrm = (double)(lv2_len(lv2_sub(cl, pl)) / eps);
    st->nrm = fmax(st->nrm, enrm);
    if (enrm > tol_normal) FAIL("normal (%g %g) off by %.3g", r.normal.x, r.normal.y, enrm);
}

enum { K_CIRCLE, K_POINT_M, K_CAPSULE, K_SEGMENT_M, K_SEGMENT, K_BOX, K_BOX_M, K_POLYGON, K_POLYGON_M, K_USER_CIRCLE,
       K_USER_BOX, K_COUNT };
static const char *const kind_name[K_COUNT] = {"circle", "rounded point", "capsule", "rounded segment", "segment", "box",
                                               "rounded box", "polygon", "rounded polygon", "user circle", "user box"};

static gjk_shape2 make_shape(int k, test_rng *r, double sz, gjk_hull2 **hull, gjk_shape2 *inner) {
    gjk_real a = (gjk_real)(test_uniform(r, 0.3, 1.5) * sz), b = (gjk_real)(test_uniform(r, 0.3, 1.5) * sz);
    gjk_real m = (gjk_real)(test_uniform(r, 0.05, 0.4) * sz);
    gjk_vec2 p[40];
    switch (k) {
    case K_CIRCLE: return gjk_circle2(a);
    case K_POINT_M: return gjk_rounded2(gjk_point2(), a);
    case K_CAPSULE: return gjk_capsule2(a, b);
    case K_SEGMENT_M:
    case K_SEGMENT: {
        gjk_real x0 = (gjk_real)(test_uniform(r, -1, 1) * sz), y0 = (gjk_real)(test_uniform(r, -1, 1) * sz);
        gjk_shape2 s = gjk_segment2(gjk_v2(x0, y0), gjk_v2(a, -b));
        return k == K_SEGMENT_M ? gjk_rounded2(s, m) : s;
    }
    case K_BOX: return gjk_box2(gjk_v2(a, b));
    case K_BOX_M: return gjk_rounded2(gjk_box2(gjk_v2(a, b)), m);
    case K_POLYGON:
    case K_POLYGON_M: {
        int n = 3 + (int)(test_next(r) % 30);
        for (int i = 0; i < n; ++i) {
            gjk_real x = (gjk_real)(test_uniform(r, -1, 1) * sz);
            p[i] = gjk_v2(x, (gjk_real)(test_uniform(r, -1, 1) * sz));
        }
        *hull = gjk_hull2_create(p, n, NULL);
        assert_non_null(*hull);
        return k == K_POLYGON_M ? gjk_rounded2(gjk_polygon2(*hull), m) : gjk_polygon2(*hull);
    }
    case K_USER_CIRCLE: *inner = gjk_circle2(a); return gjk_user2(ref_user_support2, inner);
    default: *inner = gjk_box2(gjk_v2(a, b)); return gjk_user2(ref_user_support2, inner);
    }
}

static void exact_kinds(void **state) {
    (void)state;
    static const double sizes[3] = {1, 1e-3, 1e3};
    for (int k = 0; k < K_COUNT; ++k) {
        test_rng rng = {(uint64_t)(3000 + k)};
        stats st;
        memset(&st, 0, sizeof st);
        bool gjk = k == K_SEGMENT || k == K_POLYGON_M || k == K_USER_CIRCLE || k == K_USER_BOX;
        tol_pos = gjk ? POS_GJK : POS_EXACT;
        tol_class = gjk ? CLASS_GJK : 4 * BAND;
        /* GJK's normal on a curved user core: as accurate as its relative gap allows (~its square root). */
        tol_normal = k == K_USER_CIRCLE ? NRM_CURVED : NRM_EXACT;
        for (int i = 0; i < 24; ++i) {
            gjk_hull2 *hull = NULL;
            gjk_shape2 inner;
            double sz = sizes[i % 3];
            gjk_shape2 s = make_shape(k, &rng, sz, &hull, &inner);
            gjk_real px = (gjk_real)test_uniform(&rng, -FAR, FAR), py = (gjk_real)test_uniform(&rng, -FAR, FAR);
            gjk_vec2 pos = i % 2 ? gjk_v2(px, py) : gjk_scale2(gjk_v2(px, py), (gjk_real)(2 * sz / FAR));
            gjk_pose2 pose = gjk_pose2_make(pos, (gjk_real)test_uniform(&rng, -4, 4));
            for (int fam = 0; fam < FAM_COUNT; ++fam) {
                for (int j = 0; j < 40; ++j) {
                    gjk_vec2 o, d;
                    gjk_ray2 ray;
                    ref_family2(&rng, fam, &s, &o, &d, &ray.max_fraction);
                    ray.origin = gjk_pose2_apply(pose, o);
                    ray.translation = gjk_rotate2(pose.rotation, d);
                    snprintf(where, sizeof where, "%s, shape %d, %s ray %d [o %.17g %.17g d %.17g %.17g mf %.17g]",
                             kind_name[k], i, ref_family_name[fam], j, (double)ray.origin.x, (double)ray.origin.y,
                             (double)ray.translation.x, (double)ray.translation.y, (double)ray.max_fraction);
                    check_cast(&s, pose, &ray, &st);
                }
            }
            gjk_hull2_destroy(hull);
        }
        printf("%-16s %6d casts (%d hits, %d misses, %d inside, %d capped): worst along normal %.3g, off surface "
               "%.3g, normal %.3g\n",
               kind_name[k], st.casts, st.hits, st.misses, st.inside, st.capped, st.pos, st.sdf, st.nrm);
        assert_true(st.hits > st.casts / 8 && st.misses > 0 && st.capped * 100 <= st.casts);
    }
}

/* ---- against the queries ------------------------------------------------------------------------------------------ */

static double sd_point(const gjk_shape2 *s, gjk_pose2 pose, gjk_vec2 p, gjk_vec2 *closest) {
    gjk_shape2 pt = gjk_point2();
    gjk_pair2 pair = {s, pose, &pt, {p, {1, 0}}};
    gjk_result2 r = gjk_signed_distance2(&pair, NULL);
    assert_int_not_equal(r.status, GJK_INVALID_INPUT);
    if (closest) *closest = r.point_a;
    return r.distance;
}

static void check_query(const gjk_shape2 *s, gjk_pose2 pose, const gjk_ray2 *ray, double size, stats *st) {
    gjk_ray_result2 r = gjk_raycast2(s, pose, ray);
    st->casts++;
    double band = QBAND * size, sd0 = sd_point(s, pose, ray->origin, NULL);
    if (sd0 < -band && !r.inside) FAIL("origin %.3g deep, not reported inside", -sd0);
    if (sd0 > band && r.inside) FAIL("origin %.3g away, reported inside", sd0);
    if (r.inside || r.status != GJK_OK) {
        st->inside += r.inside;
        st->capped += r.status != GJK_OK;
        return;
    }
    if (!r.hit) {
        st->misses++;
        double seg = (double)ray->max_fraction * gjk_len2(ray->translation);
        if (!(seg > 0)) return;
        gjk_vec2 u = gjk_normalize2(ray->translation);
        gjk_shape2 cap = gjk_capsule2(0, (gjk_real)(0.5 * seg));
        gjk_pose2 cp = {gjk_mad2(ray->origin, (gjk_real)(0.5 * seg), u), {u.y, -u.x}}; /* local +y along u */
        gjk_pair2 pair = {s, pose, &cap, cp};
        gjk_result2 q = gjk_signed_distance2(&pair, NULL);
        if (q.distance < -band) FAIL("missed, but the segment is %.3g deep in the shape", -q.distance);
        return;
    }
    st->hits++;
    double sdp = sd_point(s, pose, r.point, NULL);
    /* A graze gets GJK's certified resolution as room (see test_ray3_shapes.c). */
    gjk_vec2 after = gjk_mad2(r.point, (gjk_real)(0.01 * size), gjk_normalize2(ray->translation));
    double hband = sd_point(s, pose, after, NULL) > -band ? band + CLASS_GJK * size : band;
    st->sdf = fmax(st->sdf, fabs(sdp) / size);
    if (fabs(sdp) > hband) FAIL("hit point %.3g off the surface", sdp);
    for (int k = 1; k <= 4; ++k) {
        gjk_real f = r.fraction * (gjk_real)(1 - pow(10, -k));
        double sdb = sd_point(s, pose, gjk_mad2(ray->origin, f, ray->translation), NULL);
        if (sdb < -band) FAIL("the ray is %.3g deep at fraction %.17g, before the hit at %.17g", -sdb, f, r.fraction);
    }
    gjk_real eps = (gjk_real)(0.1 * size);
    gjk_vec2 cl;
    double sdn = sd_point(s, pose, gjk_mad2(r.point, eps, r.normal), &cl);
    double off = gjk_len2(gjk_sub2(cl, r.point)) / eps;
    st->nrm = fmax(st->nrm, off);
    double tol = (s->type == GJK_SHAPE2_USER ? NRM_CURVED : NRM_QUERY) + (hband - band) / eps;
    if (off > tol || fabs(sdn - eps) > hband + tol * eps) FAIL("normal (%g %g) off by %.3g", r.normal.x, r.normal.y, off);
}

static void query_kinds(void **state) {
    (void)state;
    for (int k = 0; k <= TEST_SHAPE2_KINDS; ++k) {
        test_rng rng = {(uint64_t)(9000 + k)};
        stats st;
        memset(&st, 0, sizeof st);
        for (int i = 0; i < 16; ++i) {
            gjk_hull2 *hull = NULL;
            gjk_shape2 inner = test_shape2(&rng, k < TEST_SHAPE2_KINDS ? k : (int)(test_next(&rng) % 6), &hull), s = inner;
            if (k == TEST_SHAPE2_KINDS) s = gjk_user2(ref_user_support2, &inner);
            gjk_vec2 c;
            gjk_real rad;
            ref_bounds2(&s, &c, &rad);
            gjk_real px = (gjk_real)test_uniform(&rng, -FAR, FAR), py = (gjk_real)test_uniform(&rng, -FAR, FAR);
            gjk_pose2 pose = gjk_pose2_make(i % 2 ? gjk_v2(px, py) : gjk_v2(0.5, -1), (gjk_real)test_uniform(&rng, -4, 4));
            for (int fam = 0; fam < FAM_COUNT; ++fam) {
                for (int j = 0; j < 16; ++j) {
                    gjk_vec2 o, d;
                    gjk_ray2 ray;
                    ref_family2(&rng, fam, &s, &o, &d, &ray.max_fraction);
                    ray.origin = gjk_pose2_apply(pose, o);
                    ray.translation = gjk_rotate2(pose.rotation, d);
                    snprintf(where, sizeof where, "kind %d (type %d margin %g), shape %d, %s ray %d", k, (int)s.type,
                             (double)s.margin, i, ref_family_name[fam], j);
                    check_query(&s, pose, &ray, (double)(gjk_len2(o) + rad + gjk_len2(c)), &st);
                }
            }
            gjk_hull2_destroy(hull);
        }
        printf("query kind %d: %5d casts (%d hits, %d misses, %d inside, %d capped): off surface %.3g, normal %.3g\n", k,
               st.casts, st.hits, st.misses, st.inside, st.capped, st.sdf, st.nrm);
        assert_true(st.capped * 100 <= st.casts);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exact_kinds),
        cmocka_unit_test(query_kinds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
