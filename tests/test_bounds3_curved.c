// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The certified interval [lower, upper] of the 3D queries on curved shapes (cylinders, cones, ellipsoids, and
 * these against boxes, capsules and rounded shapes), which have no exact oracle. The test brackets the true signed
 * distance s of each pair independently of the library, in double, from support functions written here:
 *   - from below: s >= -(h_A(n) + h_B(-n)) for every unit n (the support planes of A and B along n leave at least
 *     that gap, or at most that overlap), maximised over n by a pattern search started at the library's normal;
 *   - from above: s <= the signed distance of any polytope inside the Minkowski difference D = A - B, here the hull
 *     (qhull, through oracle3.c) of D's support points along a few hundred directions spread over the sphere and
 *     crowded around the optimum of the search above.
 * The library's interval must meet the bracket (lower <= bracket's top, upper >= bracket's bottom, each give or take
 * the bracket's own rounding); the test reports how wide the bracket is, so a pass means something. It also checks
 * that the default interval is at most 1e-8 x size wide on status OK answers (the documented figure is 1e-9 x the
 * size the queries compute with), and that the tolerance option widens it no further than it allows while cutting
 * iterations. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "gjk/gjk.h"
#include "oracle3.h"

/* ---- shapes in double ---------------------------------------------------------------------------------------- */

typedef struct body {
    gjk_shape3 shape;
    gjk_pose3 pose;
    double m[3][3]; /* local to world rotation */
    double p[3];    /* position */
    double size;    /* bounding radius about p */
} body;

static double dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* Support point of the shape's core in its local frame along d (need not be unit), written from the definitions
   in gjk/shape.h. */
static void local_support(const gjk_shape3 *s, const double d[3], double out[3]) {
    double rxy = sqrt(d[0] * d[0] + d[1] * d[1]);
    switch (s->type) {
    case GJK_SHAPE3_BOX:
        for (int k = 0; k < 3; ++k) {
            double h = k == 0 ? s->box.half_extents.x : k == 1 ? s->box.half_extents.y : s->box.half_extents.z;
            out[k] = d[k] >= 0 ? h : -h;
        }
        return;
    case GJK_SHAPE3_SPHERE: out[0] = out[1] = out[2] = 0; return;
    case GJK_SHAPE3_CAPSULE:
        out[0] = out[1] = 0;
        out[2] = d[2] >= 0 ? s->capsule.half_height : -s->capsule.half_height;
        return;
    case GJK_SHAPE3_CYLINDER: {
        double r = s->cylinder.radius, h = s->cylinder.half_height;
        out[0] = rxy > 0 ? r * d[0] / rxy : 0;
        out[1] = rxy > 0 ? r * d[1] / rxy : 0;
        out[2] = d[2] >= 0 ? h : -h;
        return;
    }
    case GJK_SHAPE3_CONE: {
        double r = s->cone.radius, h = s->cone.half_height;
        double apex = h * d[2], rim = r * rxy - h * d[2];
        if (apex >= rim || !(rxy > 0)) {
            out[0] = out[1] = 0;
            out[2] = apex >= rim ? h : -h;
        } else {
            out[0] = r * d[0] / rxy;
            out[1] = r * d[1] / rxy;
            out[2] = -h;
        }
        return;
    }
    case GJK_SHAPE3_ELLIPSOID: {
        double a = s->ellipsoid.radii.x, b = s->ellipsoid.radii.y, c = s->ellipsoid.radii.z;
        double q[3] = {a * a * d[0], b * b * d[1], c * c * d[2]};
        double l = sqrt(q[0] * d[0] + q[1] * d[1] + q[2] * d[2]);
        for (int k = 0; k < 3; ++k) out[k] = l > 0 ? q[k] / l : 0;
        return;
    }
    default: fail_msg("shape type %d not covered", (int)s->type);
    }
}

/* The rounding radius around the core (sphere and capsule radii live in the shape, margins on top). */
static double core_radius(const gjk_shape3 *s) {
    double r = s->margin;
    if (s->type == GJK_SHAPE3_SPHERE) r += s->sphere.radius;
    if (s->type == GJK_SHAPE3_CAPSULE) r += s->capsule.radius;
    return r;
}

/* World support point of the rounded shape along the unit direction n. */
static void support(const body *b, const double n[3], double out[3]) {
    double dl[3], sl[3] = {0, 0, 0};
    for (int k = 0; k < 3; ++k) dl[k] = b->m[0][k] * n[0] + b->m[1][k] * n[1] + b->m[2][k] * n[2];
    local_support(&b->shape, dl, sl);
    double r = core_radius(&b->shape);
    for (int k = 0; k < 3; ++k) out[k] = b->p[k] + dot(b->m[k], sl) + r * n[k];
}

/* h_D(n) = h_A(n) + h_B(-n), and D's support point. */
static double support_d(const body *a, const body *b, const double n[3], double w[3]) {
    double pa[3], pb[3], mn[3] = {-n[0], -n[1], -n[2]};
    support(a, n, pa);
    support(b, mn, pb);
    for (int k = 0; k < 3; ++k) w[k] = pa[k] - pb[k];
    return dot(n, w);
}

static void normalize(double v[3]) {
    double l = sqrt(dot(v, v));
    for (int k = 0; k < 3; ++k) v[k] /= l;
}

/* ---- random pairs -------------------------------------------------------------------------------------------- */

static uint64_t rng_state;
static double uniform(double lo, double hi) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return lo + (hi - lo) * (double)(z >> 11) * (1.0 / 9007199254740992.0);
}

static void set_pose(body *b, const double p[3]) {
    double q[4], l = 0;
    for (int k = 0; k < 4; ++k) q[k] = uniform(-1, 1), l += q[k] * q[k];
    l = sqrt(l);
    gjk_quat g = {(gjk_real)(q[0] / l), (gjk_real)(q[1] / l), (gjk_real)(q[2] / l), (gjk_real)(q[3] / l)};
    /* the rotation the library sees, normalised again in double */
    double w = g.w, x = g.x, y = g.y, z = g.z, n = sqrt(w * w + x * x + y * y + z * z);
    w /= n, x /= n, y /= n, z /= n;
    double m[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                      {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                      {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
    memcpy(b->m, m, sizeof m);
    gjk_vec3 pos = gjk_v3((gjk_real)p[0], (gjk_real)p[1], (gjk_real)p[2]);
    for (int k = 0; k < 3; ++k) b->p[k] = k == 0 ? pos.x : k == 1 ? pos.y : pos.z;
    b->pose = gjk_pose3_make(pos, g);
}

static gjk_real rsize(double lo, double hi) { return (gjk_real)uniform(lo, hi); }

static void make_shape(body *b, int kind) {
    switch (kind) {
    case 0: b->shape = gjk_cylinder3(rsize(0.2, 1.5), rsize(0.2, 1.5)); break;
    case 1: b->shape = gjk_cone3(rsize(0.2, 1.5), rsize(0.2, 1.5)); break;
    case 2: b->shape = gjk_ellipsoid3(gjk_v3(rsize(0.2, 1.5), rsize(0.2, 1.5), rsize(0.2, 1.5))); break;
    case 3: b->shape = gjk_box3(gjk_v3(rsize(0.2, 1.5), rsize(0.2, 1.5), rsize(0.2, 1.5))); break;
    case 4: b->shape = gjk_capsule3(rsize(0.1, 0.8), rsize(0.2, 1.5)); break;
    default: b->shape = gjk_rounded3(gjk_cylinder3(rsize(0.2, 1.2), rsize(0.2, 1.2)), rsize(0.05, 0.4)); break;
    }
    b->size = 3.0; /* every size above is below 1.5, margins included: |extent| < 1.5 sqrt(3) + 0.4 */
}

/* ---- the bracket ----------------------------------------------------------------------------------------------- */

#define DIRS 400
/* A bracket this narrow (relative to the size) makes a sharp check of the library's interval, whose width is about
   1e-9 x size in double and 1e-5 in float. */
#if GJK_USE_FLOAT
#define TIGHT 1e-6
#else
#define TIGHT 1e-9
#endif
static double pts[DIRS + 64][3];

/* Pattern search for the largest -h_D(n) from the unit n: steps along two tangents, halved when none helps. */
static double best_lower(const body *a, const body *b, double n[3]) {
    double w[3], best = -support_d(a, b, n, w);
    double step = 0.05;
    for (int it = 0; it < 4000 && step > 1e-13; ++it) {
        double t1[3], t2[3], ref[3] = {fabs(n[0]) < 0.6 ? 1.0 : 0.0, fabs(n[0]) < 0.6 ? 0.0 : 1.0, 0.0};
        t1[0] = n[1] * ref[2] - n[2] * ref[1], t1[1] = n[2] * ref[0] - n[0] * ref[2], t1[2] = n[0] * ref[1] - n[1] * ref[0];
        normalize(t1);
        t2[0] = n[1] * t1[2] - n[2] * t1[1], t2[1] = n[2] * t1[0] - n[0] * t1[2], t2[2] = n[0] * t1[1] - n[1] * t1[0];
        int better = 0;
        for (int i = 0; i < 4 && !better; ++i) {
            const double *t = i < 2 ? t1 : t2;
            double sgn = (i & 1) ? -1 : 1, c[3];
            for (int k = 0; k < 3; ++k) c[k] = n[k] + sgn * step * t[k];
            normalize(c);
            double v = -support_d(a, b, c, w);
            if (v > best) best = v, memcpy(n, c, sizeof c), better = 1;
        }
        if (!better) step *= 0.5;
    }
    return best;
}

/* The signed distance of the origin to the hull of D's support points: directions spread by a Fibonacci lattice,
   plus rings around -n (the direction of the closest or deepest point) at angles from 1e-1 down to 1e-6. */
static int inner_upper(const body *a, const body *b, const double n[3], double *out) {
    int c = 0;
    for (int i = 0; i < DIRS; ++i) {
        double z = 1 - (2.0 * i + 1) / DIRS, r = sqrt(1 - z * z), phi = 2.399963229728653 * i;
        double d[3] = {r * cos(phi), r * sin(phi), z};
        support_d(a, b, d, pts[c++]);
    }
    double t1[3], t2[3], ref[3] = {fabs(n[0]) < 0.6 ? 1.0 : 0.0, fabs(n[0]) < 0.6 ? 0.0 : 1.0, 0.0};
    t1[0] = n[1] * ref[2] - n[2] * ref[1], t1[1] = n[2] * ref[0] - n[0] * ref[2], t1[2] = n[0] * ref[1] - n[1] * ref[0];
    normalize(t1);
    t2[0] = n[1] * t1[2] - n[2] * t1[1], t2[1] = n[2] * t1[0] - n[0] * t1[2], t2[2] = n[0] * t1[1] - n[1] * t1[0];
    for (int ring = 0; ring < 8; ++ring) {
        double ang = 0.1 * pow(10.0, -5.0 * ring / 7.0);
        for (int j = 0; j < 8; ++j) {
            double phi = 6.283185307179586 * (j + 0.5 * ring) / 8, d[3];
            for (int k = 0; k < 3; ++k) d[k] = n[k] + ang * (cos(phi) * t1[k] + sin(phi) * t2[k]);
            normalize(d);
            support_d(a, b, d, pts[c++]);
        }
    }
    oracle3_hull h;
    if (!oracle3_hull_build(&h, (const double(*)[3])pts, c)) return 0;
    const double origin[3] = {0, 0, 0};
    *out = oracle3_hull_sd(&h, origin, NULL);
    oracle3_hull_free(&h);
    return 1;
}

/* ---- the family run ---------------------------------------------------------------------------------------------- */

typedef struct family {
    const char *name;
    int kind_a, kind_b;
} family;

static void run_family(const family *f, int count) {
    rng_state = 0x5eed0000u + (uint64_t)f->kind_a * 31u + (uint64_t)f->kind_b;
    double worst_bracket = 0, worst_width = 0, worst_loose = 0;
    long it_default = 0, it_loose = 0, failures = 0, checked = 0, tight = 0;
    const double loose_tol = 1e-4;
    for (int i = 0; i < count; ++i) {
        body a, b;
        make_shape(&a, f->kind_a);
        make_shape(&b, f->kind_b);
        double pa[3] = {0, 0, 0}, pb[3];
        double dir[3] = {uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)};
        normalize(dir);
        double dist = uniform(0.0, 3.5);
        for (int k = 0; k < 3; ++k) pb[k] = dist * dir[k];
        set_pose(&a, pa);
        set_pose(&b, pb);
        gjk_pair3 pair = {&a.shape, a.pose, &b.shape, b.pose};
        gjk_result3 r = gjk_signed_distance3(&pair, NULL);
        gjk_options loose = {(gjk_real)loose_tol, 0, 0};
        gjk_result3 l = gjk_query3(GJK_QUERY_SIGNED_DISTANCE, &pair, &loose, NULL);
        it_default += r.iterations + r.epa_iterations;
        it_loose += l.iterations + l.epa_iterations;
        if (r.status == GJK_INVALID_INPUT || l.status == GJK_INVALID_INPUT) fail_msg("%s pair %d: invalid input", f->name, i);
        double n[3] = {r.normal.x, r.normal.y, r.normal.z};
        if (!(dot(n, n) > 0.5)) n[0] = pb[0] - pa[0], n[1] = pb[1] - pa[1], n[2] = pb[2] - pa[2];
        if (!(dot(n, n) > 0)) n[0] = 1, n[1] = n[2] = 0;
        normalize(n);
        double lo = best_lower(&a, &b, n), hi = 0;
        if (!inner_upper(&a, &b, n, &hi)) fail_msg("%s pair %d: qhull failed", f->name, i);
        /* the bracket's own rounding: supports of size ~ a.size + b.size + dist, in double */
        double slack = 64 * DBL_EPSILON * (a.size + b.size + dist);
        if (hi < lo - slack) fail_msg("%s pair %d: bracket inverted [%.17g, %.17g]", f->name, i, lo, hi);
        worst_bracket = fmax(worst_bracket, hi - lo);
        tight += hi - lo <= TIGHT * (a.size + b.size + dist);
        const gjk_result3 *rs[2] = {&r, &l};
        for (int k = 0; k < 2; ++k) {
            const gjk_result3 *q = rs[k];
            if (q->lower > hi + slack || q->upper < lo - slack) {
                if (failures++ < 5)
                    print_message("[bounds3] %s pair %d (%s): bounds [%.17g, %.17g] miss the bracket [%.17g, %.17g]"
                                  " (answer %.17g, status %s)\n",
                                  f->name, i, k ? "tolerance" : "defaults", (double)q->lower, (double)q->upper, lo, hi,
                                  (double)q->distance, gjk_status_string(q->status));
            }
        }
        ++checked;
        if (r.status == GJK_OK) worst_width = fmax(worst_width, ((double)r.upper - r.lower) / (a.size + b.size + dist));
        if (l.status == GJK_OK) worst_loose = fmax(worst_loose, ((double)l.upper - l.lower) / (a.size + b.size + dist));
    }
    print_message("[bounds3] %-18s %ld pairs (%ld with a bracket within %g x size): bracket width <= %.2e; interval width / size <= %.2e (defaults), %.2e "
                  "(tolerance %g); iterations per pair %.1f -> %.1f\n",
                  f->name, checked, tight, TIGHT, worst_bracket, worst_width, worst_loose, loose_tol, (double)it_default / count,
                  (double)it_loose / count);
    assert_int_equal(failures, 0);
    assert_true(tight >= checked / 2); /* most checks are sharp: the bracket is not what lets them pass */
#if !GJK_USE_FLOAT
    assert_true(worst_width <= 1e-8);
#endif
    /* the tolerance is relative to the size the queries compute with, which is within a small factor of this one */
    assert_true(worst_loose <= 10 * loose_tol + (GJK_USE_FLOAT ? 1e-3 : 0));
    assert_true(it_loose <= it_default);
}

static const family families[] = {
    {"cylinder-cylinder", 0, 0}, {"cone-cone", 1, 1},       {"ellipsoid-ellipsoid", 2, 2}, {"cylinder-box", 0, 3},
    {"cone-capsule", 1, 4},      {"ellipsoid-cone", 2, 1},  {"rounded-cylinder", 5, 0},
};

static void test_curved_families(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof families / sizeof families[0]; ++i) run_family(&families[i], 300);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_curved_families)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
