// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Hull support queries (shape3.c): a lookup of the direction's cell, then hill climbing over the vertex adjacency.
   Hill climbing is exact on a convex polytope only if the adjacency is the true edge graph and every step is a
   strict improvement; the cell lookup must map every direction (axis-aligned, on a cell boundary, tiny, huge,
   zero, NaN) to a valid start. Each case compares the returned vertex with a scan of every input point. */
#include "testutil.h"

#define PI 3.14159265358979323846

static gjk_real max_dot(const gjk_vec3 *pts, int n, gjk_vec3 d) {
    gjk_real best = gjk_dot3(pts[0], d);
    for (int i = 1; i < n; ++i) best = fmax(best, gjk_dot3(pts[i], d));
    return best;
}

/* Directions that stress the lookup: random, axis-aligned and diagonal (on cube-face and cell boundaries), with
   components of mixed magnitudes, scaled from tiny to huge. */
static gjk_vec3 nasty_direction(test_rng *r, int i) {
    static const gjk_real c[5] = {-1, -0.5f, 0, 0.5f, 1};
    gjk_vec3 d;
    switch (i % 4) {
    case 0: d = test_unit3(r); break;
    case 1: d = gjk_v3(c[test_next(r) % 5], c[test_next(r) % 5], c[test_next(r) % 5]); break;
    case 2: {
        d = test_unit3(r);
        d.x = (gjk_real)(d.x * 1e-12); /* nearly on a cube edge of directions */
        break;
    }
    default: {
        gjk_real t = (gjk_real)test_uniform(r, -1, 1);
        d = gjk_v3(1, t, -t); /* |u| = |w| = m / k multiples land on cell boundaries for some k */
        break;
    }
    }
    double scale = pow(10, test_uniform(r, -6, 6));
    return gjk_scale3(d, (gjk_real)scale);
}

static void check_hull(const gjk_vec3 *pts, int n, unsigned seed, double tol) {
    gjk_status st;
    gjk_hull3 *h = gjk_hull3_create(pts, n, &st);
    assert_non_null(h);
    gjk_shape3 s = gjk_hull_shape3(h);
    test_rng r = {seed};
    for (int i = 0; i < 4000; ++i) {
        gjk_vec3 d = nasty_direction(&r, i);
        if (gjk_len_sq3(d) == 0) continue;
        gjk_vec3 p = gjk_shape3_support(&s, d);
        double want = max_dot(pts, n, d), got = gjk_dot3(p, d);
        double size = gjk_len3(d) * (1 + h->radius + gjk_len3(h->centroid));
        if (got < want - tol * size)
            fail_msg("n=%d dir (%g %g %g): support reaches %.17g, a point reaches %.17g", n, d.x, d.y, d.z, got, want);
    }
    /* Zero and NaN directions: some vertex, never a crash or an out-of-range index. */
    gjk_vec3 z = gjk_shape3_support(&s, gjk_v3(0, 0, 0));
    assert_true(test_finite3(z));
    gjk_vec3 q = gjk_shape3_support(&s, gjk_v3((gjk_real)NAN, 1, 0));
    assert_true(test_finite3(q));
    gjk_hull3_destroy(h);
}

static void test_sphere_points_all_sizes(void **st) {
    (void)st;
    static gjk_vec3 pts[3000];
    const int sizes[8] = {8, 15, 16, 17, 24, 64, 300, 3000};
    test_rng r = {1};
    for (int k = 0; k < 8; ++k) {
        for (int i = 0; i < sizes[k]; ++i) pts[i] = test_unit3(&r);
        check_hull(pts, sizes[k], 100 + k, TU(1e-13));
    }
}

/* Points on a box's surface lattice: large coplanar faces and collinear edges, so many directions tie between
   vertices; a climb must not stop on a tied plateau short of the maximum. */
static void test_box_lattice_ties(void **st) {
    (void)st;
    static gjk_vec3 pts[400];
    int n = 0;
    for (int x = 0; x <= 5; ++x)
        for (int y = 0; y <= 5; ++y)
            for (int z = 0; z <= 5; ++z)
                if (x == 0 || x == 5 || y == 0 || y == 5 || z == 0 || z == 5)
                    pts[n++] = gjk_v3((gjk_real)(x * 0.4 - 1), (gjk_real)(y * 0.3 - 0.75), (gjk_real)(z * 0.2 - 0.5));
    check_hull(pts, n, 7, TU(1e-15));
}

/* A faceted cylinder (two rings of 48 points): long thin side faces and two 48-gon caps. */
static void test_prism_rings(void **st) {
    (void)st;
    static gjk_vec3 pts[96];
    for (int i = 0; i < 48; ++i) {
        double a = 2 * PI * i / 48;
        pts[2 * i] = gjk_v3((gjk_real)cos(a), (gjk_real)sin(a), 3);
        pts[2 * i + 1] = gjk_v3((gjk_real)cos(a), (gjk_real)sin(a), -3);
    }
    check_hull(pts, 96, 8, TU(1e-13));
}

/* Flat hulls (dimension 2: a polygon in 3D whose adjacency is its vertex ring) and a needle (nearly dimension 1). */
static void test_flat_and_needle(void **st) {
    (void)st;
    static gjk_vec3 pts[64];
    test_rng r = {9};
    gjk_vec3 u = gjk_normalize3(gjk_v3(1, 2, 3)), v = gjk_normalize3(gjk_cross3(u, gjk_v3(0, 0, 1)));
    for (int i = 0; i < 40; ++i) {
        double a = 2 * PI * i / 40;
        pts[i] = gjk_add3(gjk_scale3(u, (gjk_real)cos(a)), gjk_scale3(v, (gjk_real)sin(a)));
    }
    check_hull(pts, 40, 10, TU(1e-13));
    for (int i = 0; i < 64; ++i)
        pts[i] = gjk_v3((gjk_real)test_uniform(&r, -5, 5), (gjk_real)test_uniform(&r, -1e-3, 1e-3),
                        (gjk_real)test_uniform(&r, -1e-3, 1e-3));
    check_hull(pts, 64, 11, TU(1e-13));
}

/* Far from the origin (in the hull's own frame: an offset baked into the points) and tiny sizes. */
static void test_offset_and_scale(void **st) {
    (void)st;
    static gjk_vec3 pts[200];
    test_rng r = {12};
    double off = GJK_USE_FLOAT ? 1e3 : 1e6;
    for (int i = 0; i < 200; ++i) pts[i] = gjk_add3(test_unit3(&r), gjk_v3((gjk_real)off, (gjk_real)-off, 0));
    check_hull(pts, 200, 13, TU(1e-13) * off);
    for (int i = 0; i < 200; ++i) pts[i] = gjk_scale3(test_unit3(&r), (gjk_real)1e-4);
    check_hull(pts, 200, 14, TU(1e-13));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sphere_points_all_sizes), cmocka_unit_test(test_box_lattice_ties),
        cmocka_unit_test(test_prism_rings),             cmocka_unit_test(test_flat_and_needle),
        cmocka_unit_test(test_offset_and_scale),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
