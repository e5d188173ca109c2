// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Exact-answer tests of the 3D queries, second executable: rounded hulls, pairs far from the origin, axis-aligned
 * boxes in exact contact, capsules, spheres, sphere-box and flat hulls. The curved families are checked against
 * closed forms (oracle3.c), which the harness also compares with the polytope oracle on every pair. Pair counts,
 * largest errors and run times are printed per family (ctest -V). */
#define ORACLE3_HARNESS 1
#include "oracle3.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>

#include <cmocka.h>

#define PAIRS x3_pair_count(10000, 200)

static int randint(x3_rng *rng, int lo, int hi) { return lo + (int)floor(x3_uniform(rng, 0.0, hi - lo + 1.0)); }

/* ---- rounded hulls and far pairs --------------------------------------------------------------------------------- */

/* Rounded cores (hull of 8, hull of 64, box), margins 0.02 to 0.5, one in four pairs with B not rounded. The
 * expected answer is the core's answer shifted by the margins, which the polytope oracle does by construction. */
static int make_rounded(x3_rng *rng, long index, x3_body *a, x3_body *b, x3_placement *place) {
    double c[3], ma = x3_uniform(rng, 0.02, 0.5), mb = index % 4 == 0 ? 0.0 : x3_uniform(rng, 0.02, 0.5);
    x3_random_position(rng, 2.0, c);
    switch (index % 3) {
    case 0: return x3_make_hull_pair(rng, 8, a, b, ma, mb, c, place);
    case 1: return x3_make_hull_pair(rng, 64, a, b, ma, mb, c, place);
    default:
        return x3_make_random_box(rng, a, ma) && x3_make_random_box(rng, b, mb) &&
               x3_place_random(rng, a, b, c, 0.6, 1.4, place);
    }
}

/* Pairs about 1e4 from the origin (hull-hull, box-hull, box-box). */
static int make_far(x3_rng *rng, long index, x3_body *a, x3_body *b, x3_placement *place) {
    double c[3], pts[8][3];
    x3_unit_vector(rng, c);
    for (int k = 0; k < 3; ++k) c[k] *= 1e4;
    switch (index % 3) {
    case 0: return x3_make_hull_pair(rng, 8, a, b, 0.0, 0.0, c, place);
    case 1:
        x3_random_hull_points(rng, 8, pts);
        return x3_make_random_box(rng, a, 0.0) && x3_make_hull(b, (const double(*)[3])pts, 8, 0.0) &&
               x3_place_random(rng, a, b, c, 0.6, 1.4, place);
    default:
        return x3_make_random_box(rng, a, 0.0) && x3_make_random_box(rng, b, 0.0) &&
               x3_place_random(rng, a, b, c, 0.6, 1.4, place);
    }
}

static void family_rounded(void **state) {
    (void)state;
    x3_family f = {"rounded", PAIRS, 0x1004, make_rounded, NULL, x3_default_tol(), 0};
    x3_run_family(&f);
}

static void family_far(void **state) {
    (void)state;
    x3_family f = {"far", PAIRS, 0x1005, make_far, NULL, x3_default_tol(), 0};
    x3_run_family(&f);
}

/* ---- axis-aligned boxes in exact contact ------------------------------------------------------------------------ */

/* Sizes and positions are multiples of 1/16 below 8 and the gap is k * 2^-m with k < 1024: every coordinate, sum
 * and difference is exact in gjk_real, so the exact distance is exactly the gap (0 for touching faces). Overlaps
 * stay below 1/32 and faces overlap by at least 1/16 sideways, so the contact face is the unique answer. */
#if GJK_USE_FLOAT
#define AABB_MIN_EXP 20 /* 24 bits of float: values below 16 resolve 2^-20 */
#else
#define AABB_MIN_EXP 44
#endif

static int make_aabb(x3_rng *rng, long index, x3_body *a, x3_body *b, x3_placement *place) {
    int ax = (int)(index % 3), kind = (int)(index / 6 % 3);
    (void)place; /* posed directly: the exact gap is the point */
    double side = index / 3 % 2 ? 1.0 : -1.0, ha[3], hb[3], pa[3], pb[3], g = 0.0;
    for (int k = 0; k < 3; ++k) {
        ha[k] = randint(rng, 2, 32) / 16.0;
        hb[k] = randint(rng, 2, 32) / 16.0;
        pa[k] = randint(rng, -64, 64) / 16.0;
    }
    if (kind != 0) {
        int k = randint(rng, 1, 1023), e = randint(rng, kind == 1 ? 10 : 16, AABB_MIN_EXP);
        g = (kind == 1 ? k : -k) * ldexp(1.0, -e);
    }
    for (int k = 0; k < 3; ++k) {
        int lim = (int)((ha[k] + hb[k]) * 16.0) - 1;
        pb[k] = k == ax ? pa[k] + side * (ha[k] + hb[k] + g) : pa[k] + randint(rng, -lim, lim) / 16.0;
    }
    gjk_quat id = gjk_quat_identity();
    return x3_make_box(a, ha[0], ha[1], ha[2]) && x3_make_box(b, hb[0], hb[1], hb[2]) && x3_set_pose(a, pa, id) &&
           x3_set_pose(b, pb, id);
}

/* D = A - B of two axis-aligned boxes is the axis-aligned box centred at pA - pB with the summed half extents. */
static void closed_aabb(const x3_body *a, const x3_body *b, double amb, oracle3_answer *out) {
    double w[3] = {b->pose.position.x - a->pose.position.x, b->pose.position.y - a->pose.position.y,
                   b->pose.position.z - a->pose.position.z};
    double h[3] = {a->shape.box.half_extents.x + b->shape.box.half_extents.x,
                   a->shape.box.half_extents.y + b->shape.box.half_extents.y,
                   a->shape.box.half_extents.z + b->shape.box.half_extents.z};
    double e[3], out2 = 0.0;
    memset(out, 0, sizeof *out);
    for (int k = 0; k < 3; ++k) {
        e[k] = fabs(w[k]) - h[k];
        if (e[k] > 0.0) out2 += e[k] * e[k];
    }
    if (out2 > 0.0) {
        out->distance = sqrt(out2);
        for (int k = 0; k < 3; ++k) out->normal[k] = e[k] > 0.0 ? copysign(e[k], w[k]) / out->distance : 0.0;
        out->normal_unique = out->distance > amb;
        out->tie_gap = 1.0;
        if (out->normal_unique) return;
    }
    int best = 0;
    for (int k = 1; k < 3; ++k)
        if (e[k] > e[best]) best = k;
    double second = -2.0 * h[best] - e[best]; /* the opposite face */
    for (int k = 0; k < 3; ++k)
        if (k != best) second = fmax(second, e[k]);
    if (out2 == 0.0) out->distance = e[best];
    out->normal[best] = w[best] >= 0.0 ? 1.0 : -1.0;
    out->tie_gap = e[best] - second;
    out->normal_unique = out->tie_gap > amb && w[best] != 0.0;
}

static void family_aabb(void **state) {
    (void)state;
    x3_tol tol = x3_default_tol();
    tol.absolute = 1;
#if GJK_USE_FLOAT
    tol.dist = 8.0 * FLT_EPSILON; /* measured 6.0e-8 (0.5 FLT_EPSILON) absolute */
    tol.depth = 8.0 * FLT_EPSILON;
    tol.sep = 8.0 * FLT_EPSILON;
#else
    tol.dist = 1e-12; /* exact input: touching must come out as 0 within 1e-12, gaps and overlaps likewise */
    tol.depth = 1e-12;
    tol.sep = 1e-12;
#endif
    x3_family f = {"aabb", PAIRS, 0x2001, make_aabb, closed_aabb, tol, X3_REQUIRE_TOUCH_INTERSECT};
    x3_run_family(&f);
}

/* ---- capsules and spheres ---------------------------------------------------------------------------------------- */

/* Spheres and capsules are rounded points and segments: the closed form works on the core points. */
static void closed_segments(const x3_body *a, const x3_body *b, double amb, oracle3_answer *out) {
    oracle3_capsule_capsule(a->world[0], a->world[a->core_count - 1], a->radius, b->world[0],
                            b->world[b->core_count - 1], b->radius, amb, out);
}

static int place_with(x3_rng *rng, x3_body *a, x3_body *b, gjk_quat qa, gjk_quat qb, double fmin, double fmax,
                      x3_placement *place) {
    double c[3];
    x3_random_position(rng, 2.0, c);
    if (!x3_set_pose(a, c, qa) || !x3_set_pose(b, c, qb)) return 0;
    x3_unit_vector(rng, place->u);
    place->f = x3_uniform(rng, fmin, fmax);
    place->active = 1;
    return 1;
}

/* One pair in ten has parallel axes (the segment closest points are then not unique), one in ten a capsule of
 * zero length. */
static int make_capsules(x3_rng *rng, long index, x3_body *a, x3_body *b, x3_placement *place) {
    double ha = index % 10 == 3 ? 0.0 : x3_uniform(rng, 0.0, 2.0),
           hb = index % 10 == 7 ? 0.0 : x3_uniform(rng, 0.0, 2.0);
    if (!x3_make_capsule(a, x3_uniform(rng, 0.05, 1.0), ha) || !x3_make_capsule(b, x3_uniform(rng, 0.05, 1.0), hb))
        return 0;
    gjk_quat qa = x3_random_quat(rng), qb = x3_random_quat(rng);
    if (index % 10 == 5) qb = qa;
    if (index % 10 == 6) qb = gjk_quat_mul(qa, gjk_quat_from_axis_angle(gjk_v3(1, 0, 0), GJK_R(3.14159265358979)));
    return place_with(rng, a, b, qa, qb, 0.6, 1.4, place);
}

static void family_capsule(void **state) {
    (void)state;
    x3_family f = {"capsule", PAIRS, 0x2002, make_capsules, closed_segments, x3_default_tol(), 0};
    x3_run_family(&f);
}

/* sphere-sphere, sphere-capsule and capsule-sphere */
static int make_spheres(x3_rng *rng, long index, x3_body *a, x3_body *b, x3_placement *place) {
    int ok;
    /* one draw per statement: the order of evaluation of function arguments is unspecified */
    double rs = x3_uniform(rng, 0.05, 1.5), rc = x3_uniform(rng, 0.05, 1.0), hc = x3_uniform(rng, 0.0, 2.0);
    switch (index % 3) {
    case 0: ok = x3_make_sphere(a, rs) && x3_make_sphere(b, x3_uniform(rng, 0.05, 1.5)); break;
    case 1: ok = x3_make_sphere(a, rs) && x3_make_capsule(b, rc, hc); break;
    default: ok = x3_make_capsule(a, rc, hc) && x3_make_sphere(b, rs); break;
    }
    gjk_quat qa = x3_random_quat(rng), qb = x3_random_quat(rng);
    return ok && place_with(rng, a, b, qa, qb, 0.6, 1.4, place);
}

static void family_sphere(void **state) {
    (void)state;
    x3_family f = {"sphere", PAIRS, 0x2003, make_spheres, closed_segments, x3_default_tol(), 0};
    x3_run_family(&f);
}

/* ---- sphere-box -------------------------------------------------------------------------------------------------- */

/* Box and sphere in either order; placement fractions from 0 put the sphere's centre inside the box. */
static int make_sphere_box(x3_rng *rng, long index, x3_body *a, x3_body *b, x3_placement *place) {
    x3_body *box = index % 2 ? b : a, *sph = index % 2 ? a : b;
    double h[3];
    x3_uniform3(rng, 0.1, 2.0, h);
    if (!x3_make_box(box, h[0], h[1], h[2]) || !x3_make_sphere(sph, x3_uniform(rng, 0.1, 1.5))) return 0;
    gjk_quat qa = x3_random_quat(rng), qb = x3_random_quat(rng);
    return place_with(rng, a, b, qa, qb, 0.0, 1.4, place);
}

static void family_sphere_box(void **state) {
    (void)state;
    x3_family f = {"sphere_box", PAIRS, 0x2004, make_sphere_box, x3_closed_sphere_box, x3_default_tol(), 0};
    x3_run_family(&f);
}

/* ---- flat hulls -------------------------------------------------------------------------------------------------- */

/* Eight coplanar points (local z = 0, in a random ellipse): a polygon, rotated at random, against another polygon,
 * a hull of 8 points or a box. */
static void flat_points(x3_rng *rng, double (*pts)[3]) {
    double ax = x3_uniform(rng, 0.2, 2.0), ay = x3_uniform(rng, 0.2, 2.0), mx = 0.0, my = 0.0;
    for (int i = 0; i < 8; ++i) {
        double r = sqrt(x3_uniform(rng, 0.0, 1.0)), t = x3_uniform(rng, 0.0, 6.283185307179586);
        mx += (pts[i][0] = ax * r * cos(t)) / 8.0;
        my += (pts[i][1] = ay * r * sin(t)) / 8.0;
        pts[i][2] = 0.0;
    }
    for (int i = 0; i < 8; ++i) pts[i][0] -= mx, pts[i][1] -= my;
}

static int make_flat(x3_rng *rng, long index, x3_body *a, x3_body *b, x3_placement *place) {
    double pts[8][3], c[3];
    flat_points(rng, pts);
    if (!x3_make_hull(a, (const double(*)[3])pts, 8, 0.0)) return 0;
    int ok;
    switch (index % 3) {
    case 0: flat_points(rng, pts), ok = x3_make_hull(b, (const double(*)[3])pts, 8, 0.0); break;
    case 1: x3_random_hull_points(rng, 8, pts), ok = x3_make_hull(b, (const double(*)[3])pts, 8, 0.0); break;
    default: x3_uniform3(rng, 0.05, 2.0, c), ok = x3_make_box(b, c[0], c[1], c[2]);
    }
    x3_random_position(rng, 2.0, c);
    return ok && x3_place_random(rng, a, b, c, 0.6, 1.4, place);
}

static void family_flat(void **state) {
    (void)state;
    x3_family f = {"flat", PAIRS, 0x2005, make_flat, NULL, x3_default_tol(), 0};
    x3_run_family(&f);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(family_rounded), cmocka_unit_test(family_far),    cmocka_unit_test(family_aabb),
        cmocka_unit_test(family_capsule), cmocka_unit_test(family_sphere), cmocka_unit_test(family_sphere_box),
        cmocka_unit_test(family_flat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
