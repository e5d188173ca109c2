// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Hull support queries (shape3.c): a lookup of the direction's cell, then hill climbing over the vertex adjacency.
   Hill climbing is exact on a convex polytope only if the adjacency is the true edge graph and every step is a
   strict improvement; the cell lookup must map every direction (axis-aligned, on a cell boundary, tiny, huge,
   zero, NaN) to a valid start. Each case compares the returned vertex with a scan of every input point. */
#include "testutil.h"

#include <string.h>

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
    const int sizes[8] = {8, 15, 64, 191, 192, 193, 300, 3000};
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

/* The vertex with the largest dot product, the first of the tied ones: what a hull's support answers without cells. */
static gjk_vec3 first_max(const gjk_hull3 *h, gjk_vec3 d) {
    int best = 0;
    for (int i = 1; i < h->vertex_count; ++i)
        if (gjk_dot3(h->vertices[i], d) > gjk_dot3(h->vertices[best], d)) best = i;
    return h->vertices[best];
}

static void check_first_max(const gjk_hull3 *h, gjk_vec3 d) {
    gjk_shape3 s = gjk_hull_shape3(h);
    gjk_hull3 by_hand = *h; /* as a hull filled by hand: no rows, the one-at-a-time scan */
    by_hand.vertex_soa = NULL;
    by_hand.vertex_soa_stride = 0;
    gjk_shape3 t = gjk_hull_shape3(&by_hand);
    gjk_vec3 want = first_max(h, d), got = gjk_shape3_support(&s, d), plain = gjk_shape3_support(&t, d);
    if (memcmp(&got, &want, sizeof got) != 0 || memcmp(&plain, &want, sizeof got) != 0)
        fail_msg("n=%d dir (%.9g %.9g %.9g): rows answer (%.17g %.17g %.17g), scan (%.17g %.17g %.17g), first best "
                 "(%.17g %.17g %.17g)",
                 h->vertex_count, d.x, d.y, d.z, got.x, got.y, got.z, plain.x, plain.y, plain.z, want.x, want.y,
                 want.z);
}

/* Hulls under 192 vertices have no support cells and scan their vertex rows several at a time (SSE2 where the
   compiler targets it): the answer must be the first vertex with the largest dot product, to the bit, the same as
   the one-at-a-time scan of a hull without rows, for every size (the padding of the last group of 4 included), for
   directions that tie several vertices (the faces of a cube, lattice directions), and with each vertex's position
   in the rows (the first, the last, the padded tail) holding the best one. */
static void test_scan_rows_first_max(void **st) {
    (void)st;
    static gjk_vec3 pts[200];
    test_rng r = {15};
    static const int more[14] = {47, 48, 49, 63, 64, 65, 100, 127, 128, 129, 150, 190, 191, 192};
    for (int k = 0; k < 37 + 14; ++k) {
        int m = k < 37 ? 4 + k : more[k - 37];
        for (int i = 0; i < m; ++i) pts[i] = test_unit3(&r);
        gjk_hull3 *h = gjk_hull3_create(pts, m, NULL);
        assert_non_null(h);
        assert_int_equal(h->vertex_soa != NULL, h->vertex_count < 192);
        for (int i = 0; i < 2000; ++i) check_first_max(h, nasty_direction(&r, i));
        for (int v = 0; v < h->vertex_count; ++v) check_first_max(h, h->vertices[v]);
        gjk_hull3_destroy(h);
    }
    /* Ties: a cube's corners in several orders, each face normal and lattice direction reaching 2 or 4 of them. */
    for (int rep = 0; rep < 8; ++rep) {
        int n = 0;
        for (int k = 0; k < 8; ++k) {
            int c = (k + rep * 3) % 8;
            pts[n++] = gjk_v3((gjk_real)(c & 1 ? 1 : -1), (gjk_real)(c & 2 ? 2 : -2), (gjk_real)(c & 4 ? 0.5 : -0.5));
        }
        gjk_hull3 *h = gjk_hull3_create(pts, n, NULL);
        assert_non_null(h);
        for (int x = -1; x <= 1; ++x)
            for (int y = -1; y <= 1; ++y)
                for (int z = -1; z <= 1; ++z) check_first_max(h, gjk_v3((gjk_real)x, (gjk_real)y, (gjk_real)z));
        gjk_hull3_destroy(h);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sphere_points_all_sizes), cmocka_unit_test(test_box_lattice_ties),
        cmocka_unit_test(test_prism_rings),             cmocka_unit_test(test_flat_and_needle),
        cmocka_unit_test(test_offset_and_scale),        cmocka_unit_test(test_scan_rows_first_max),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
