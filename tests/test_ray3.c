// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* gjk_raycast3 against independent exact answers (test_ray_ref.c: long-double signed distances written from each
   shape's geometry, the first hit found by bisection along the ray). Every shape kind with such a reference, each
   plain and rounded, near the world origin and far from it, at three sizes, through every ray family (aimed,
   grazing, from the surface, from inside, zero translation, short max_fraction, parallel to faces, through edges).

   Per cast (check_cast):
   - inside: an origin deeper than the band must be reported inside, one clearly outside must not; an inside answer
     has fraction 0, point = origin, normal = -unit(translation);
   - hit or miss agrees with the reference unless the ray passes within the band of the surface (or ends there);
   - a hit: its point (origin + fraction translation, evaluated in long double) is on the surface (|sdf| small), its
     fraction is the reference's (the error along the reference normal, |dt| |d| cos, small: a grazing fraction is
     ill-conditioned, its distance to the surface is not), and its normal is a normal of the surface there: the
     point epsilon out along it has the hit as its closest point (at an edge any normal of the cone passes).
   Errors are in units of the problem's size (|origin| in the shape's frame + the shape's bounding radius); the worst
   per kind is printed (ctest -V). Measured worst (gcc, x86-64): see the bounds in check_cast. */
#include <stdio.h>
#include <string.h>

#include "test_ray_ref.h"

#if GJK_USE_FLOAT
#define FAR 1e3
#define NRM_EXACT 1e-3
#define NRM_CURVED 5e-2
#define NRM_GJK 3e-2
#define POS_EXACT 4e-6
#define POS_GJK 5e-4
#define CLASS_GJK 1e-3
#else
#define FAR 1e6
#define NRM_EXACT 1e-7
#define NRM_CURVED 1e-5
#define NRM_GJK 1e-7
#define POS_EXACT 4e-15
#define POS_GJK 4e-11
#define CLASS_GJK 1e-7
#endif

typedef struct stats {
    double pos, sdf, nrm; /* worst errors over size: along the normal, distance of the hit point, normal offset */
    int casts, hits, misses, inside, capped;
} stats;

/* The band (over size) within which the library may answer either way: the touching band (128 eps x its 1-norm
   size, at most 2x ours) and, for GJK casts, its end tolerance. */
#define BAND (1024 * GJK_REAL_EPSILON)

/* Which cast is being checked, for the failure messages. */
static char where[800];
#define FAIL(...)                                                                                                  \
    do {                                                                                                           \
        print_message("at %s\n", where);                                                                           \
        fail_msg(__VA_ARGS__);                                                                                     \
    } while (0)

static double tol_normal, tol_pos, tol_class; /* the bounds for the kind being checked (over size) */
static long iter_sum;

/* A bare triangle has no inside (its signed distance is never negative), so the first root above is only a
   touching point: its hits are checked against the plane crossing instead, computed in long double, where the
   crossing is inside the triangle by more than 1e-6 of its area (barycentric coordinates by sub-areas). */
static void check_triangle(const gjk_shape3 *s, const ref_ray3 *rr, const gjk_ray3 *ray, const gjk_ray_result3 *r,
                           double size, stats *st) {
    lv3 a = lv3_of(s->triangle.a), b = lv3_of(s->triangle.b), c = lv3_of(s->triangle.c);
    lv3 o = ref_ray3_local(rr, 0), d = lv3_sub(ref_ray3_local(rr, 1), o);
    lv3 n = lv3_cross(lv3_sub(b, a), lv3_sub(c, a));
    ld area = lv3_dot(n, n), den = lv3_dot(n, d);
    if (!(fabsl(den) > 0)) return;
    ld t = lv3_dot(n, lv3_sub(a, o)) / den;
    lv3 p = lv3_mad(o, t, d);
    ld w0 = lv3_dot(lv3_cross(lv3_sub(b, p), lv3_sub(c, p)), n) / area;
    ld w1 = lv3_dot(lv3_cross(lv3_sub(c, p), lv3_sub(a, p)), n) / area, w2 = 1 - w0 - w1;
    ld len = lv3_len(d), cosr = fabsl(den) / (sqrtl(area) * len);
    bool clear = w0 > 1e-6L && w1 > 1e-6L && w2 > 1e-6L && t > 0 && cosr > 1e-3L;
    if (!clear || t > (ld)ray->max_fraction * (1 - 1e-6L)) return;
    if (!r->hit) FAIL("missed the triangle, crossed at %.17Lg", t);
    double epos = (double)(fabsl((ld)r->fraction - t) * len * cosr) / size;
    st->pos = fmax(st->pos, epos);
    if (epos > tol_pos) FAIL("fraction %.17g, plane crossing %.17Lg (error %.3g of size)", r->fraction, t, epos);
    /* The normal is the plane's, facing the ray, where the hit is clear of the edges by more than GJK's band
       (within it, an edge's normal passes too). */
    if (!(w0 > 1e-3L && w1 > 1e-3L && w2 > 1e-3L && cosr > 0.1L)) return;
    ref_pose3 turn = rr->pose;
    turn.p = lv3_make(0, 0, 0);
    lv3 nl = ref_to_local3(&turn, lv3_of(r->normal)), nr = lv3_scale(n, (den > 0 ? -1 : 1) / sqrtl(area));
    double enrm = (double)lv3_len(lv3_sub(nl, nr));
    st->nrm = fmax(st->nrm, enrm);
    if (enrm > tol_normal) FAIL("normal off the plane's by %.3g", enrm);
}

static void check_cast(const gjk_shape3 *s, gjk_pose3 pose, const gjk_ray3 *ray, stats *st) {
    gjk_ray_result3 r = gjk_raycast3(s, pose, ray);
    char *tail = where + strlen(where);
    snprintf(tail, sizeof where - (size_t)(tail - where), " [o %.17g %.17g %.17g d %.17g %.17g %.17g p %.17g %.17g %.17g q %.17g %.17g %.17g %.17g mf %.17g shape %d m %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g]",
             ray->origin.x, ray->origin.y, ray->origin.z, ray->translation.x, ray->translation.y, ray->translation.z,
             pose.position.x, pose.position.y, pose.position.z, pose.rotation.w, pose.rotation.x, pose.rotation.y, pose.rotation.z, ray->max_fraction,
             (int)s->type, s->margin, s->triangle.a.x, s->triangle.a.y, s->triangle.a.z, s->triangle.b.x,
             s->triangle.b.y, s->triangle.b.z, s->triangle.c.x, s->triangle.c.y, s->triangle.c.z);
    assert_true(r.status == GJK_OK || r.status == GJK_MAX_ITERATIONS);
    st->casts++;
    st->capped += r.status != GJK_OK;
    iter_sum += r.iterations;
    ref_ray3 rr = {s, ref_pose3_of(pose), lv3_of(ray->origin), lv3_of(ray->translation)};
    gjk_vec3 c;
    gjk_real rad;
    ref_bounds3(s, &c, &rad);
    lv3 ol = ref_ray3_local(&rr, 0);
    double size = (double)(lv3_len(ol) + rad), band = BAND * size;
    ld len = lv3_len(rr.d);
    ld f0 = ref_ray3_sdf(0, &rr);
    if (f0 <= -band && !(r.hit && r.inside)) FAIL("origin %.3Lg deep, not reported inside", -f0);
    if (f0 > band && r.inside) FAIL("origin %.3Lg outside (band %.3g), reported inside", f0, band);
    if (r.inside) {
        st->inside++;
        assert_true(r.hit && r.fraction == 0);
        assert_true(r.point.x == ray->origin.x && r.point.y == ray->origin.y && r.point.z == ray->origin.z);
        gjk_vec3 want = gjk_neg3(gjk_normalize3(ray->translation));
        assert_true(r.normal.x == want.x && r.normal.y == want.y && r.normal.z == want.z);
        return;
    }
    if (f0 <= band) return; /* in the band and not called inside: allowed */
    ld fmin;
    ld t = ref_first_root(ref_ray3_sdf, &rr, ray->max_fraction, &fmin);
    double cband = tol_class * size; /* hit or miss is only decided beyond this */
    bool end_in_band = fabsl(ref_ray3_sdf(ray->max_fraction, &rr)) <= cband;
    if (r.status == GJK_MAX_ITERATIONS && getenv("RAYDBG"))
        printf("capped: %s inner %.17g\n", where, s->type == GJK_SHAPE3_USER ? ((const gjk_shape3 *)s->user.data)->sphere.radius : 0.0);
    if (r.status == GJK_MAX_ITERATIONS && r.hit) {
        /* An estimate: never past the hit, and within reach of the surface. */
        ld fb, fl = ref_ray3_sdf((ld)r.fraction, &rr);
        ref_first_root(ref_ray3_sdf, &rr, (ld)r.fraction, &fb);
        if (fb < -band || fl > 1e-4L * size) FAIL("capped estimate at %.17g is %.3Lg from the surface", r.fraction, fl);
        return;
    }
    if (fmin > cband && r.hit) FAIL("hit at %.17g, but the ray stays %.3Lg away (size %.3g)", r.fraction, fmin, size);
    if (fmin < -cband && !end_in_band && len > 0) {
        if (!r.hit) FAIL("missed: reference hit at %.17Lg (min sdf %.3Lg, size %.3g)", t, fmin, size);
    }
    if (!r.hit) {
        st->misses++;
        memset(&r, 0, sizeof r); /* a miss is all zero */
        return;
    }
    st->hits++;
    assert_true(r.fraction >= 0 && r.fraction <= ray->max_fraction);
    EXPECT_NEAR(gjk_len3(r.normal), 1, TU(1e-14));
    lv3 pw = lv3_mad(rr.o, (ld)r.fraction, rr.d), pl = ref_ray3_local(&rr, (ld)r.fraction);
    /* The reported point is origin + fraction translation, rounded. */
    EXPECT_NEAR(r.point.x, (double)pw.x, 4 * GJK_REAL_EPSILON * (fabs((double)pw.x) + size));
    EXPECT_NEAR(r.point.y, (double)pw.y, 4 * GJK_REAL_EPSILON * (fabs((double)pw.y) + size));
    EXPECT_NEAR(r.point.z, (double)pw.z, 4 * GJK_REAL_EPSILON * (fabs((double)pw.z) + size));
    double esdf = (double)fabsl(ref_sdf3(s, pl, NULL)) / size;
    st->sdf = fmax(st->sdf, esdf);
    /* Never past the hit: no point of the ray before the reported one is inside by more than the band. */
    ld fbefore;
    ref_first_root(ref_ray3_sdf, &rr, (ld)r.fraction, &fbefore);
    if (fbefore < -band) FAIL("reported hit at %.17g, but the ray is %.3Lg deep before it", r.fraction, -fbefore);
    if (s->type == GJK_SHAPE3_TRIANGLE && s->margin == 0) check_triangle(s, &rr, ray, &r, size, st);
    if (fabsl(fmin) <= cband) { /* a graze within the band: the hit need only be near the surface */
        if (esdf * size > cband) FAIL("grazing hit %.3g off the surface", esdf);
        return;
    }
    if (t >= 0) {
        /* Where the reference root is transversal (the sdf falls through zero on both sides: not a ray sliding
           along a face within the band), the fraction itself must agree; the error is measured along the sdf's
           gradient, |dt| |d| times its smaller one-sided slope along the ray. */
        ld dt = 1e-4L * (ld)rad / len;
        ld slope = fminl(ref_ray3_sdf(t - dt, &rr) - ref_ray3_sdf(t, &rr), ref_ray3_sdf(t, &rr) - ref_ray3_sdf(t + dt, &rr));
        ld cosr = fmaxl(slope / (dt * len), 0);
        double epos = (double)(fabsl((ld)r.fraction - t) * len * cosr) / size;
        st->pos = fmax(st->pos, epos);
        if (epos > tol_pos) FAIL("fraction %.17g, reference %.17Lg (error %.3g of size along the normal)",
                                   r.fraction, t, epos);
    }
    if (esdf > tol_pos) FAIL("hit point %.3g (of size %.3g) off the surface", esdf, size);
    /* The normal: the point eps out along it must have the hit as its closest point. */
    ld eps = 0.1L * (ld)rad;
    ref_pose3 turn = rr.pose;
    turn.p = lv3_make(0, 0, 0);
    lv3 nl = ref_to_local3(&turn, lv3_of(r.normal)), cl;
    ref_sdf3(s, lv3_mad(pl, eps, nl), &cl);
    double enrm = (double)(lv3_len(lv3_sub(cl, pl)) / eps);
    st->nrm = fmax(st->nrm, enrm);
    if (enrm > tol_normal) FAIL("normal (%g %g %g) off by %.3g", r.normal.x, r.normal.y, r.normal.z, enrm);
}

/* ---- shapes ------------------------------------------------------------------------------------------------------ */

enum {
    K_SPHERE, K_POINT_M, K_CAPSULE, K_SEGMENT_M, K_BOX, K_BOX_M, K_CYLINDER, K_CYLINDER_M, K_CONE, K_CONE_M,
    K_ELLIPSOID, K_ELLIPSOID_M, K_HULL, K_HULL_BIG, K_HULL_M, K_TRIANGLE, K_TRIANGLE_M, K_USER_SPHERE, K_USER_BOX,
    K_COUNT
};
static const char *const kind_name[K_COUNT] = {
    "sphere",  "rounded point",     "capsule", "rounded segment", "box",      "rounded box",     "cylinder",
    "rounded cylinder", "cone",     "rounded cone", "ellipsoid", "rounded ellipsoid", "hull (planes)",
    "hull 100 (GJK)", "rounded hull", "triangle", "rounded triangle", "user sphere", "user box"};

static gjk_real u01(test_rng *r, double lo, double hi) { return (gjk_real)test_uniform(r, lo, hi); }

/* A shape of kind k with sizes around k_size; *hull gets a hull to destroy, *inner the wrapped shape of a user one. */
static gjk_shape3 make_shape(int k, test_rng *r, double sz, gjk_hull3 **hull, gjk_shape3 *inner) {
    gjk_real a = u01(r, 0.3, 1.5) * (gjk_real)sz, b = u01(r, 0.3, 1.5) * (gjk_real)sz;
    gjk_real m = u01(r, 0.05, 0.4) * (gjk_real)sz;
    gjk_vec3 p[100];
    switch (k) {
    case K_SPHERE: return gjk_sphere3(a);
    case K_POINT_M: return gjk_rounded3(gjk_point3(), a);
    case K_CAPSULE: return gjk_capsule3(a, b);
    case K_SEGMENT_M: {
        gjk_vec3 q = gjk_scale3(test_vec3(r, -1, 1), (gjk_real)sz);
        return gjk_rounded3(gjk_segment3(q, gjk_scale3(test_vec3(r, -1, 1), (gjk_real)sz)), m);
    }
    case K_BOX: return gjk_box3(gjk_scale3(test_vec3(r, 0.2, 1.5), (gjk_real)sz));
    case K_BOX_M: return gjk_rounded3(gjk_box3(gjk_scale3(test_vec3(r, 0.2, 1.5), (gjk_real)sz)), m);
    case K_CYLINDER: return gjk_cylinder3(a, b);
    case K_CYLINDER_M: return gjk_rounded3(gjk_cylinder3(a, b), m);
    case K_CONE: return gjk_cone3(a, b);
    case K_CONE_M: return gjk_rounded3(gjk_cone3(a, b), m);
    case K_ELLIPSOID: return gjk_ellipsoid3(gjk_scale3(test_vec3(r, 0.2, 1.5), (gjk_real)sz));
    case K_ELLIPSOID_M: return gjk_rounded3(gjk_ellipsoid3(gjk_scale3(test_vec3(r, 0.2, 1.5), (gjk_real)sz)), m);
    case K_HULL:
    case K_HULL_BIG:
    case K_HULL_M: {
        int n = k == K_HULL_BIG ? 100 : 6 + (int)(test_next(r) % 30);
        for (int i = 0; i < n; ++i) p[i] = gjk_scale3(k == K_HULL_BIG ? test_unit3(r) : test_vec3(r, -1, 1), (gjk_real)sz);
        *hull = gjk_hull3_create(p, n, NULL);
        assert_non_null(*hull);
        return k == K_HULL_M ? gjk_rounded3(gjk_hull_shape3(*hull), m) : gjk_hull_shape3(*hull);
    }
    case K_TRIANGLE:
    case K_TRIANGLE_M: {
        gjk_vec3 q0 = gjk_scale3(test_vec3(r, -1, 1), (gjk_real)sz), q1 = gjk_scale3(test_vec3(r, -1, 1), (gjk_real)sz);
        gjk_shape3 t = gjk_triangle3(q0, q1, gjk_scale3(test_vec3(r, -1, 1), (gjk_real)sz));
        return k == K_TRIANGLE_M ? gjk_rounded3(t, m) : t;
    }
    case K_USER_SPHERE: *inner = gjk_sphere3(a); return gjk_user3(ref_user_support3, inner);
    default: *inner = gjk_box3(gjk_scale3(test_vec3(r, 0.2, 1.5), (gjk_real)sz)); return gjk_user3(ref_user_support3, inner);
    }
}

/* Every family through shapes of kind k: sizes 1, tiny and huge, near the origin and far from it. */
static void run_kind(int k, int shapes, int rays) {
    static const double sizes[3] = {1, 1e-3, 1e3};
    test_rng rng = {(uint64_t)(1000 + k)};
    stats st;
    memset(&st, 0, sizeof st);
    iter_sum = 0;
    /* The normal's bound is the check's own resolution near an edge or vertex: the closest point of p + eps n is
       p, but points of the adjacent faces a distance delta away are farther only by delta^2 / 2 eps, which long
       double resolves down to delta ~ 1e-8 eps. GJK's normals on curved cores are those of its last simplex, as
       accurate as its relative gap allows (~sqrt of it). */
    tol_normal = NRM_EXACT;
    tol_pos = POS_EXACT;
    bool gjk = k == K_CYLINDER_M || k == K_CONE_M || k == K_ELLIPSOID_M || k == K_HULL_BIG || k == K_HULL_M ||
               k == K_TRIANGLE || k == K_TRIANGLE_M || k == K_USER_SPHERE || k == K_USER_BOX;
    /* Whether a ray touches decides only beyond the band of the closed forms' rounding; GJK's, beyond the
       sqrt(eps) of the size that its planes certify near long edges: a plane through a vertex a size away tilts
       by eps |x| / |v| with v, so a 1e-9 (relative) miss of a 2600-long triangle's edge cannot be proved. */
    tol_class = 4 * BAND;
    if (gjk) tol_pos = POS_GJK, tol_class = CLASS_GJK;
    /* GJK's hits near a vertex are within its band of the surface, where any normal of the vertex's cone passes:
       in float that band is 1e-5 of the size, and the check's offset over eps (0.1 of the size) 100 times it. */
    if (gjk) tol_normal = NRM_GJK;
    if (k == K_CYLINDER_M || k == K_CONE_M || k == K_ELLIPSOID_M || k == K_USER_SPHERE) tol_normal = NRM_CURVED;
    for (int i = 0; i < shapes; ++i) {
        gjk_hull3 *hull = NULL;
        gjk_shape3 inner;
        double sz = sizes[i % 3];
        gjk_shape3 s = make_shape(k, &rng, sz, &hull, &inner);
        gjk_vec3 pos = i % 2 ? test_vec3(&rng, -FAR, FAR) : test_vec3(&rng, -2 * sz, 2 * sz);
        gjk_pose3 pose = gjk_pose3_make(pos, test_quat(&rng));
        for (int fam = 0; fam < FAM_COUNT; ++fam) {
            for (int j = 0; j < rays; ++j) {
                gjk_vec3 o, d;
                gjk_ray3 ray;
                ref_family3(&rng, fam, &s, &o, &d, &ray.max_fraction);
                ray.origin = gjk_pose3_apply(pose, o);
                ray.translation = gjk_quat_rotate(pose.rotation, d);
                snprintf(where, sizeof where, "%s, shape %d, %s ray %d", kind_name[k], i, ref_family_name[fam], j);
                check_cast(&s, pose, &ray, &st);
            }
        }
        gjk_hull3_destroy(hull);
    }
    printf("%-18s %6d casts (%d hits, %d misses, %d inside, %d capped): worst along normal %.3g, off surface "
           "%.3g, normal %.3g, %.2f iterations\n",
           kind_name[k], st.casts, st.hits, st.misses, st.inside, st.capped, st.pos, st.sdf, st.nrm,
           (double)iter_sum / st.casts);
    assert_true(st.hits > st.casts / 8 && st.misses > 0);
}

static void exact_kinds(void **state) {
    (void)state;
    for (int k = 0; k < K_COUNT; ++k) run_kind(k, 24, 40);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exact_kinds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
