// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Self-test of the exact-answer oracle (oracle3.c), without the library: an oracle is only worth the checks it can
 * certify. Every answer is verified through conditions that do not reuse the oracle's own route:
 * - hulls: every input point inside every facet plane, every plane touching the set, a closed surface;
 * - a nearest point c of a convex set to p: c in the set and (v - c) . (p - c) <= 0 for every vertex v (the
 *   projection's optimality condition), with supports computed by brute force over the raw points;
 * - a penetration depth: the support of D along the normal equals the depth (moving by it separates) and no sampled
 *   direction does better;
 * - closed forms against the polytope route, segment distances against a dense grid, and exactly representable
 *   contacts against their exact values. */
#include "oracle3.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static uint64_t rng_state = 0x5eed0001;
static double uni(double lo, double hi) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return lo + (hi - lo) * ((double)(z >> 11) * (1.0 / 9007199254740992.0));
}
static double dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static void unit(double u[3]) {
    double l;
    do {
        for (int k = 0; k < 3; ++k) u[k] = uni(-1.0, 1.0);
        l = sqrt(dot(u, u));
    } while (l > 1.0 || l < 1e-3);
    for (int k = 0; k < 3; ++k) u[k] /= l;
}
static double brute_support(const double (*p)[3], int n, const double d[3]) {
    double best = -DBL_MAX;
    for (int i = 0; i < n; ++i) best = fmax(best, dot(p[i], d));
    return best;
}

/* Random cloud: solid (kind 0), flat (1: coplanar in a random plane), collinear (2) or a box's corners (3). */
static int cloud(int kind, double (*p)[3], const double centre[3]) {
    int n = kind == 3 ? 8 : 4 + (int)uni(0.0, 61.0);
    double e1[3], e2[3], e3[3], ax[3];
    for (int k = 0; k < 3; ++k) ax[k] = uni(0.1, 2.0); /* one draw per statement: a fixed order */
    unit(e1), unit(e2), unit(e3);
    for (int i = 0; i < n; ++i) {
        double c[3];
        for (int k = 0; k < 3; ++k) c[k] = uni(-1, 1);
        if (kind == 3)
            for (int k = 0; k < 3; ++k) c[k] = (i >> k) & 1 ? 1.0 : -1.0;
        if (kind >= 1 && kind <= 2) c[2] = 0.0;
        if (kind == 2) c[1] = 0.0;
        for (int k = 0; k < 3; ++k)
            p[i][k] = centre[k] + ax[0] * c[0] * e1[k] + ax[1] * c[1] * e2[k] + ax[2] * c[2] * e3[k];
    }
    return n;
}

/* c is the nearest point of the hull (of raw points p) to q: c inside, and no vertex on q's side of c. The products
 * (v - c) . (q - c) are left unnormalised (length squared): normalising by |q - c| would amplify c's rounding for
 * points close to the hull, where the certificate says little anyway. */
static double projection_defect(const oracle3_hull *h, const double (*p)[3], int n, const double q[3],
                                const double c[3]) {
    double dq[3] = {q[0] - c[0], q[1] - c[1], q[2] - c[2]}, worst = 0.0;
    for (int i = 0; i < n; ++i) {
        double v[3] = {p[i][0] - c[0], p[i][1] - c[1], p[i][2] - c[2]};
        worst = fmax(worst, dot(v, dq));
    }
    if (h->dim == 3) worst = fmax(worst, oracle3_hull_sd(h, c, NULL));
    return worst;
}

static void test_hulls_and_pairs(void **state) {
    (void)state;
    double pa[64][3], pb[64][3], d[64 * 64][3], worst_cert = 0.0, worst_closure = 0.0, worst_answer = 0.0;
    int flat_d = 0, separated = 0, overlapping = 0;
    for (int it = 0; it < 600; ++it) {
        double ca[3] = {0, 0, 0}, cb[3];
        unit(cb);
        double f = uni(0.0, 4.0);
        for (int k = 0; k < 3; ++k) cb[k] *= f;
        int na = cloud(it % 4, pa, ca), nb = cloud((it / 4) % 4, pb, cb), nd = na * nb;
        oracle3_hull ha, hb;
        assert_true(oracle3_hull_build(&ha, (const double(*)[3])pa, na));
        assert_true(oracle3_hull_build(&hb, (const double(*)[3])pb, nb));
        assert_int_equal(ha.dim, it % 4 == 1 ? 2 : it % 4 == 2 ? 1 : 3);
        for (int i = 0; i < na; ++i)
            for (int j = 0; j < nb; ++j)
                for (int k = 0; k < 3; ++k) d[i * nb + j][k] = pa[i][k] - pb[j][k];
        oracle3_pair pr;
        assert_true(oracle3_pair_build(&pr, &ha, 0.0, &hb, 0.0, NULL));
        double closure = 0.0, scale = fmax(1.0, pr.d.extent);
        worst_cert = fmax(worst_cert, oracle3_hull_certificate(&pr.d, (const double(*)[3])d, nd, &closure) / scale);
        worst_closure = fmax(worst_closure, closure);
        flat_d += pr.d.dim < 3;
        oracle3_answer ans;
        oracle3_pair_answer(&pr, 1e-9 * scale, 1e-7, &ans);
        const double origin[3] = {0, 0, 0};
        double c[3];
        double s = oracle3_hull_sd(&pr.d, origin, c);
        if (ans.distance > 0.0) {
            ++separated;
            /* support of D along the normal (brute force over raw differences) is minus the distance */
            worst_answer = fmax(worst_answer, fabs(brute_support((const double(*)[3])d, nd, ans.normal) + s) / scale);
            worst_answer = fmax(worst_answer, projection_defect(&pr.d, (const double(*)[3])d, nd, origin, c) / scale);
        } else if (pr.d.dim == 3) {
            ++overlapping;
            double depth = -ans.distance;
            worst_answer =
                fmax(worst_answer, fabs(brute_support((const double(*)[3])d, nd, ans.normal) - depth) / scale);
            for (int k = 0; k < 300; ++k) {
                double u[3];
                unit(u);
                worst_answer = fmax(worst_answer, (depth - brute_support((const double(*)[3])d, nd, u)) / scale);
            }
        }
        /* shifting B by the answer's normal: the signed distance moves by exactly the shift along it */
        double sh[3] = {ans.normal[0] * 0.25, ans.normal[1] * 0.25, ans.normal[2] * 0.25};
        if (ans.normal_unique && ans.distance > 0.0)
            worst_answer = fmax(worst_answer, fabs(oracle3_pair_sd_shifted(&pr, sh) - (ans.distance + 0.25)) / scale);
        oracle3_pair_free(&pr);
        oracle3_hull_free(&ha);
        oracle3_hull_free(&hb);
    }
    print_message(
        "[oracle3] pairs: separated %d overlapping %d flat D %d; certificate %.2e closure %.2e answers %.2e\n",
        separated, overlapping, flat_d, worst_cert, worst_closure, worst_answer);
    assert_true(worst_cert < 1e-13);
    assert_true(worst_closure < 1e-12);
    assert_true(worst_answer < 1e-13);
    assert_true(separated > 100 && overlapping > 100);
}

/* Points near and inside random hulls (solid and flat): the nearest point is certified by the projection
 * condition, the inside depth by the facet planes' certificate. */
static void test_point_distance(void **state) {
    (void)state;
    double p[64][3], worst = 0.0;
    for (int it = 0; it < 400; ++it) {
        const double zero[3] = {0, 0, 0};
        int n = cloud(it % 4, p, zero);
        oracle3_hull h;
        assert_true(oracle3_hull_build(&h, (const double(*)[3])p, n));
        double closure = 0.0;
        if (h.dim == 3) worst = fmax(worst, oracle3_hull_certificate(&h, (const double(*)[3])p, n, &closure));
        for (int k = 0; k < 20; ++k) {
            double q[3], c[3], r = uni(0.0, 3.0);
            unit(q);
            for (int j = 0; j < 3; ++j) q[j] *= r;
            double s = oracle3_hull_sd(&h, q, c);
            if (s > 0.0) {
                worst = fmax(worst, projection_defect(&h, (const double(*)[3])p, n, q, c));
                double dq[3] = {q[0] - c[0], q[1] - c[1], q[2] - c[2]};
                worst = fmax(worst, fabs(sqrt(dot(dq, dq)) - s));
            }
        }
        oracle3_hull_free(&h);
    }
    print_message("[oracle3] point distances: worst defect %.2e\n", worst);
    assert_true(worst < 1e-13);
}

/* Segment distance against a dense grid (which can only over-estimate) and the grid's resolution bound. */
static void test_segments(void **state) {
    (void)state;
    double worst = 0.0;
    for (int it = 0; it < 300; ++it) {
        double p1[3], q1[3], p2[3], q2[3], c1[3], c2[3], u[3];
        unit(p1), unit(u);
        for (int k = 0; k < 3; ++k) q1[k] = p1[k] + uni(0.0, 2.0) * u[k];
        unit(p2);
        if (it % 3 == 0) unit(u); /* else parallel */
        double l2 = it % 7 == 0 ? 0.0 : uni(0.0, 2.0);
        for (int k = 0; k < 3; ++k) q2[k] = p2[k] + l2 * u[k] * (it % 2 ? 1.0 : -1.0);
        double s = oracle3_segment_closest(p1, q1, p2, q2, c1, c2), grid = DBL_MAX;
        for (int i = 0; i <= 400; ++i)
            for (int j = 0; j <= 400; ++j) {
                double e[3];
                for (int k = 0; k < 3; ++k)
                    e[k] = p1[k] + (q1[k] - p1[k]) * i / 400.0 - p2[k] - (q2[k] - p2[k]) * j / 400.0;
                grid = fmin(grid, sqrt(dot(e, e)));
            }
        worst = fmax(worst, s - grid); /* must not exceed any sampled distance */
        assert_true(grid - s < 0.02);  /* and be near the grid's best (grid step 0.005 * length) */
    }
    print_message("[oracle3] segments: oracle above grid by at most %.2e\n", worst);
    assert_true(worst < 1e-14);
}

/* Closed forms against the polytope route (a sphere is a one-point core, a capsule a two-point one). */
static void test_closed_forms(void **state) {
    (void)state;
    double worst = 0.0, worst_n = 0.0;
    int inside = 0;
    for (int it = 0; it < 3000; ++it) {
        double a[2][3], b[2][3], u[3], v[3], ra = uni(0.05, 1.0), rb = uni(0.05, 1.0);
        unit(u), unit(v);
        if (it % 5 == 0) memcpy(v, u, sizeof v);
        if (it % 5 == 1) { /* nearly parallel: a thin parallelogram for the flat fallback */
            double w[3];
            unit(w);
            for (int k = 0; k < 3; ++k) v[k] = u[k] + 1e-8 * w[k];
            double l = sqrt(dot(v, v));
            for (int k = 0; k < 3; ++k) v[k] /= l;
        }
        double la = it % 4 == 1 ? 0.0 : uni(0.0, 2.0), lb = it % 4 == 2 ? 0.0 : uni(0.0, 2.0), c[3];
        unit(c);
        double f = uni(0.0, 3.0);
        for (int k = 0; k < 3; ++k) {
            a[0][k] = -la * u[k], a[1][k] = la * u[k];
            b[0][k] = f * c[k] - lb * v[k], b[1][k] = f * c[k] + lb * v[k];
        }
        oracle3_hull ha, hb;
        oracle3_pair pr;
        oracle3_answer cf, gen;
        assert_true(oracle3_hull_build(&ha, (const double(*)[3])a, 2) &&
                    oracle3_hull_build(&hb, (const double(*)[3])b, 2));
        if (it % 3 == 0) {
            /* box of half extents h (axes e) against a sphere at b[0] */
            double h[3], e[3][3], corners[8][3];
            for (int k = 0; k < 3; ++k) h[k] = uni(0.1, 2.0);
            unit(e[0]), unit(u);
            double x = dot(u, e[0]);
            for (int k = 0; k < 3; ++k) e[1][k] = u[k] - x * e[0][k];
            double l = sqrt(dot(e[1], e[1]));
            for (int k = 0; k < 3; ++k) e[1][k] /= l;
            e[2][0] = e[0][1] * e[1][2] - e[0][2] * e[1][1];
            e[2][1] = e[0][2] * e[1][0] - e[0][0] * e[1][2];
            e[2][2] = e[0][0] * e[1][1] - e[0][1] * e[1][0];
            for (int i = 0; i < 8; ++i)
                for (int k = 0; k < 3; ++k)
                    corners[i][k] = ((i & 1) ? h[0] : -h[0]) * e[0][k] + ((i & 2) ? h[1] : -h[1]) * e[1][k] +
                                    ((i & 4) ? h[2] : -h[2]) * e[2][k];
            oracle3_hull_free(&ha);
            oracle3_hull_free(&hb);
            const double zero[3] = {0, 0, 0};
            assert_true(oracle3_hull_build(&ha, (const double(*)[3])corners, 8));
            assert_true(oracle3_hull_build(&hb, (const double(*)[3])b, 1));
            oracle3_box_sphere(zero, (const double(*)[3])e, h, b[0], rb, 1e-9, &cf);
            inside += oracle3_hull_sd(&ha, b[0], NULL) < 0.0;
            ra = 0.0;
        } else {
            oracle3_capsule_capsule(a[0], a[1], ra, b[0], b[1], rb, 1e-9, &cf);
        }
        assert_true(oracle3_pair_build(&pr, &ha, ra, &hb, rb, NULL));
        oracle3_pair_answer(&pr, 1e-9, 1e-7, &gen);
        worst = fmax(worst, fabs(cf.distance - gen.distance));
        if (cf.normal_unique && gen.normal_unique) {
            double dn[3] = {cf.normal[0] - gen.normal[0], cf.normal[1] - gen.normal[1], cf.normal[2] - gen.normal[2]};
            worst_n = fmax(worst_n, sqrt(dot(dn, dn)));
        }
        oracle3_pair_free(&pr);
        oracle3_hull_free(&ha);
        oracle3_hull_free(&hb);
    }
    print_message("[oracle3] closed forms vs polytope oracle: distance %.2e normal %.2e (%d sphere centres in boxes)\n",
                  worst, worst_n, inside);
    assert_true(worst < 1e-12);
    assert_true(worst_n < 1e-9);
    assert_true(inside > 50);
}

/* Axis-aligned boxes with dyadic sizes and gaps: the distance comes out exactly. */
static void test_exact_boxes(void **state) {
    (void)state;
    double worst = 0.0;
    for (int it = 0; it < 500; ++it) {
        double ca[8][3], cb[8][3], g = (it % 3 - 1) * ldexp((double)(1 + it), -30);
        double ha[3] = {0.5, 0.25, 1.0}, hb[3] = {0.75, 0.5, 0.125},
               off[3] = {ha[0] + hb[0] + g, 0.0625 * (it % 5), -0.125};
        for (int i = 0; i < 8; ++i)
            for (int k = 0; k < 3; ++k) {
                ca[i][k] = ((i >> k) & 1) ? ha[k] : -ha[k];
                cb[i][k] = off[k] + (((i >> k) & 1) ? hb[k] : -hb[k]);
            }
        oracle3_hull a, b;
        oracle3_pair pr;
        oracle3_answer ans;
        assert_true(oracle3_hull_build(&a, (const double(*)[3])ca, 8) &&
                    oracle3_hull_build(&b, (const double(*)[3])cb, 8));
        assert_true(oracle3_pair_build(&pr, &a, 0.0, &b, 0.0, NULL));
        oracle3_pair_answer(&pr, 1e-12, 1e-7, &ans);
        worst = fmax(worst, fabs(ans.distance - g));
        assert_true(ans.normal_unique);
        assert_true(fabs(ans.normal[0] - 1.0) < 1e-15);
        oracle3_pair_free(&pr);
        oracle3_hull_free(&a);
        oracle3_hull_free(&b);
    }
    print_message("[oracle3] exact boxes: worst %.2e\n", worst);
    assert_true(worst <= 1e-15);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hulls_and_pairs), cmocka_unit_test(test_point_distance), cmocka_unit_test(test_segments),
        cmocka_unit_test(test_closed_forms),    cmocka_unit_test(test_exact_boxes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
