// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* gjk_raycast3 for every shape kind against the library's own signed-distance queries (an independent method: GJK
   and EPA between the shape and a point, no ray casting): random shapes of every kind (test_shape3, a quarter of
   them rounded) and user shapes wrapping them, near the world origin and far from it, through every ray family.

   Per cast:
   - inside: a point at the origin clearly inside (signed distance below -band) must be reported inside; one
     clearly outside must not;
   - a hit: the signed distance of a point at the hit is ~0; points of the ray before it are not inside; a point
     epsilon out along the normal has the hit as its closest point (the normal is a surface normal there, any one
     of the cone at an edge); and, for every other hit, the fraction agrees with the first root of the signed
     distance along the ray found by bisection (a different method: the distance is convex along the ray);
   - a miss: the segment origin .. origin + max_fraction translation (a capsule of radius 0) does not penetrate the
     shape.
   `band` is the queries' own accuracy for the pair (their EPA on curved shapes stops at a relative 1e-9, float
   1e-5), not the ray cast's. */
#include <stdio.h>
#include <string.h>

#include "test_ray_ref.h"

#if GJK_USE_FLOAT
#define FAR 1e3
#define QBAND 2e-4
#define NRM_FLAT 1e-3
#define NRM_CURVED 3e-2
#define CLASS_GJK 1e-3
#else
#define FAR 1e6
#define QBAND 1e-8
#define NRM_FLAT 1e-7
#define NRM_CURVED 1e-4
#define CLASS_GJK 1e-7
#endif

static char where[1000];
#define FAIL(...)                                                                                                  \
    do {                                                                                                           \
        print_message("at %s\n", where);                                                                           \
        fail_msg(__VA_ARGS__);                                                                                     \
    } while (0)

/* Signed distance from the shape to a point (world), with the closest point of the shape. */
static double sd_point(const gjk_shape3 *s, gjk_pose3 pose, gjk_vec3 p, gjk_vec3 *closest) {
    gjk_shape3 pt = gjk_point3();
    gjk_pair3 pair = {s, pose, &pt, gjk_pose3_make(p, gjk_quat_identity())};
    gjk_result3 r = gjk_signed_distance3(&pair, NULL);
    assert_int_not_equal(r.status, GJK_INVALID_INPUT);
    if (closest) *closest = r.point_a;
    return r.distance;
}

typedef struct sd_ray {
    const gjk_shape3 *s;
    gjk_pose3 pose;
    const gjk_ray3 *ray;
} sd_ray;
static ld sd_along(ld t, const void *ctx) {
    const sd_ray *c = ctx;
    return sd_point(c->s, c->pose, gjk_mad3(c->ray->origin, (gjk_real)t, c->ray->translation), NULL);
}

/* A quaternion turning +z onto the unit vector d. */
static gjk_quat z_to(gjk_vec3 d) {
    if (d.z < -0.999999) return gjk_quat_from_axis_angle(gjk_v3(1, 0, 0), (gjk_real)3.141592653589793);
    gjk_vec3 a = gjk_cross3(gjk_v3(0, 0, 1), d);
    gjk_quat q = {1 + d.z, a.x, a.y, a.z};
    return gjk_quat_normalize(q);
}

typedef struct stats {
    double pos, sdf, nrm;
    int casts, hits, misses, inside, capped, compared;
} stats;

static void check(const gjk_shape3 *s, gjk_pose3 pose, const gjk_ray3 *ray, double size, bool curved, stats *st) {
    gjk_ray_result3 r = gjk_raycast3(s, pose, ray);
    assert_true(r.status == GJK_OK || r.status == GJK_MAX_ITERATIONS);
    st->casts++;
    double band = QBAND * size;
    double sd0 = sd_point(s, pose, ray->origin, NULL);
    if (sd0 < -band && !r.inside) FAIL("origin %.3g deep, not reported inside", -sd0);
    if (sd0 > band && r.inside) FAIL("origin %.3g away, reported inside", sd0);
    if (r.inside) {
        st->inside++;
        assert_true(r.hit && r.fraction == 0);
        return;
    }
    if (r.status == GJK_MAX_ITERATIONS) {
        st->capped++;
        if (r.hit && sd_point(s, pose, r.point, NULL) < -band) FAIL("capped estimate past the hit");
        return;
    }
    double len = gjk_len3(ray->translation);
    if (!r.hit) {
        st->misses++;
        double seg = (double)ray->max_fraction * len;
        if (!(seg > 0)) return;
        gjk_vec3 u = gjk_normalize3(ray->translation);
        gjk_shape3 cap = gjk_capsule3(0, (gjk_real)(0.5 * seg));
        gjk_pair3 pair = {s, pose, &cap,
                          gjk_pose3_make(gjk_mad3(ray->origin, (gjk_real)(0.5 * seg), u), z_to(u))};
        gjk_result3 q = gjk_signed_distance3(&pair, NULL);
        if (q.distance < -band) FAIL("missed, but the segment is %.3g deep in the shape", -q.distance);
        return;
    }
    st->hits++;
    gjk_vec3 p = r.point;
    double sdp = sd_point(s, pose, p, NULL);
    /* A graze (the ray does not go deeper than the band just after the hit: a bare segment is always one) is only
       decided to GJK's certified resolution near long edges (see test_ray3.c): its hit point and normal get that
       much room. */
    gjk_vec3 after = gjk_mad3(p, (gjk_real)(0.01 * size), gjk_normalize3(ray->translation));
    double hband = sd_point(s, pose, after, NULL) > -band ? band + CLASS_GJK * size : band;
    st->sdf = fmax(st->sdf, fabs(sdp) / size);
    if (fabs(sdp) > hband) FAIL("hit point %.3g off the surface", sdp);
    /* Not past the hit: the ray before it is outside. */
    for (int k = 1; k <= 4; ++k) {
        gjk_real f = r.fraction * (gjk_real)(1 - pow(10, -k));
        double sdb = sd_point(s, pose, gjk_mad3(ray->origin, f, ray->translation), NULL);
        if (sdb < -band) FAIL("the ray is %.3g deep at fraction %.17g, before the hit at %.17g", -sdb, f, r.fraction);
    }
    /* The normal. */
    gjk_real eps = (gjk_real)(0.1 * size);
    gjk_vec3 cl;
    double sdn = sd_point(s, pose, gjk_mad3(p, eps, r.normal), &cl);
    double off = gjk_len3(gjk_sub3(cl, p)) / eps;
    st->nrm = fmax(st->nrm, off);
    /* Far from the world origin every world point (the hit, the probe, the reference's closest point) is rounded
       to eps |position|: on a small shape that is a visible angle (float, a 0.05 sphere 760 away: 1.2e-3). */
    double wround = 8 * GJK_REAL_EPSILON * gjk_len3(pose.position);
    double ntol = (curved ? NRM_CURVED : NRM_FLAT) + (hband - band + wround) / eps;
    if (off > ntol || fabs(sdn - eps) > hband + ntol * eps)
        FAIL("normal (%g %g %g): the point %g out along it is %g away, its closest point %.3g off the hit",
             r.normal.x, r.normal.y, r.normal.z, eps, sdn, off);
    /* The fraction against the first root of the signed distance (every other hit: it costs ~300 queries). */
    if (st->hits % 2) return;
    sd_ray c = {s, pose, ray};
    ld fmin, t = ref_first_root(sd_along, &c, ray->max_fraction, &fmin);
    if (t < 0 || fmin > -4 * band) return; /* grazing: the root is not defined to better than the band */
    ld dt = 1e-3L * size / len;
    ld slope = fminl(sd_along(t - dt, &c) - sd_along(t, &c), sd_along(t, &c) - sd_along(t + dt, &c));
    double epos = (double)(fabsl((ld)r.fraction - t) * len * fmaxl(slope / (dt * len), 0)) / size;
    st->compared++;
    st->pos = fmax(st->pos, epos);
    if (epos > 4 * QBAND) FAIL("fraction %.17g, signed-distance root %.17Lg (%.3g of size)", r.fraction, t, epos);
}

/* Kinds 0 .. TEST_SHAPE3_KINDS - 1 of test_shape3, then a user shape wrapping a random one of them. */
static void run_kind(int k, int shapes, int rays) {
    test_rng rng = {(uint64_t)(7000 + k)};
    stats st;
    memset(&st, 0, sizeof st);
    for (int i = 0; i < shapes; ++i) {
        gjk_hull3 *hull = NULL;
        gjk_shape3 inner = test_shape3(&rng, k < TEST_SHAPE3_KINDS ? k : (int)(test_next(&rng) % 10), &hull), s = inner;
        if (k == TEST_SHAPE3_KINDS) s = gjk_rounded3(gjk_user3(ref_user_support3, &inner), test_next(&rng) % 2 ? 0 : (gjk_real)0.1);
        /* The queries' own closest points on curved cores are as accurate as their relative gap allows. */
        bool curved = s.type == GJK_SHAPE3_CONE || s.type == GJK_SHAPE3_USER || s.type == GJK_SHAPE3_CYLINDER ||
                      s.type == GJK_SHAPE3_ELLIPSOID;
        gjk_vec3 c;
        gjk_real rad;
        ref_bounds3(&s, &c, &rad);
        gjk_vec3 pos = i % 2 ? test_vec3(&rng, -FAR, FAR) : test_vec3(&rng, -2, 2);
        gjk_pose3 pose = gjk_pose3_make(pos, test_quat(&rng));
        for (int fam = 0; fam < FAM_COUNT; ++fam) {
            for (int j = 0; j < rays; ++j) {
                gjk_vec3 o, d;
                gjk_ray3 ray;
                ref_family3(&rng, fam, &s, &o, &d, &ray.max_fraction);
                ray.origin = gjk_pose3_apply(pose, o);
                ray.translation = gjk_quat_rotate(pose.rotation, d);
                snprintf(where, sizeof where,
                         "kind %d (type %d, margin %g; inner type %d margin %.17g %.17g %.17g %.17g), shape %d, %s ray %d "
                         "[o %.17g %.17g %.17g d %.17g %.17g %.17g mf %.17g p %.17g %.17g %.17g q %.17g %.17g %.17g %.17g]",
                         k, (int)s.type, (double)s.margin, (int)inner.type, (double)inner.margin,
                         (double)inner.triangle.a.x, (double)inner.triangle.a.y, (double)inner.triangle.a.z, i,
                         ref_family_name[fam], j, (double)ray.origin.x, (double)ray.origin.y, (double)ray.origin.z,
                         (double)ray.translation.x, (double)ray.translation.y, (double)ray.translation.z,
                         (double)ray.max_fraction, (double)pos.x, (double)pos.y, (double)pos.z,
                         (double)pose.rotation.w, (double)pose.rotation.x, (double)pose.rotation.y,
                         (double)pose.rotation.z);
                check(&s, pose, &ray, (double)(gjk_len3(o) + rad + gjk_len3(c)), curved, &st);
            }
        }
        gjk_hull3_destroy(hull);
    }
    printf("kind %2d: %5d casts (%d hits, %d misses, %d inside, %d capped; %d fractions compared): worst fraction "
           "%.3g, off surface %.3g, normal %.3g\n",
           k, st.casts, st.hits, st.misses, st.inside, st.capped, st.compared, st.pos, st.sdf, st.nrm);
    assert_true(st.capped * 100 <= st.casts);
}

static void every_kind(void **state) {
    (void)state;
    for (int k = 0; k <= TEST_SHAPE3_KINDS; ++k) run_kind(k, 16, 12);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_kind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
