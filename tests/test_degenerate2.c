// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Degenerate geometry in 2D (issue 4): exact touching and tiny gaps, thin and sliver shapes, degenerate hulls,
   size disparity, far coordinates, containment and identical shapes, near-parallel segments and capsules, and
   user shapes (the only 2D shapes that go through EPA: polygons, boxes and capsule cores are settled by separating
   axes) with the origin on an edge or a vertex of the Minkowski difference.

   Every answer is compared with the brute-force oracle of oracle2.c (vertex-edge distances and the separating axis
   theorem over every edge normal, in double), on oracle shapes built here from the inputs exactly as the library
   received them, relative to A's position (so that pairs far from the origin keep their digits); polygons from
   point clouds go to the oracle as this file's own hull of the raw points, not the library's. check_pair() holds
   the checks every case shares, as in test_degenerate3.c:
   - status GJK_OK; finite outputs; unit normal; point_b = point_a + distance * normal; witnesses on the shapes;
   - signed distance and depth equal the exact ones;
   - the support gap of the pair along the normal equals the reported distance (moving B by depth * normal leaves
     it touching), and moving B by depth + a hair separates it (oracle and gjk_distance2 on the moved pair);
   - intersect agrees with the sign of the exact distance (touching counts as intersecting), the four queries agree.
   Each case is swept over a few rigid motions of the whole pair (deterministic, testutil's test_rng).

   Tolerances relative to the pair's size L: double 1e-12, float 64 eps (distance) and 128 eps (depth); witnesses
   also 8 eps of their world coordinates; user circles (curved cores) converge to a relative gap.

   The bodies, check_pair() and the sweeps are in degenerate2_check.c; this file holds the cases. */
#include <stdio.h>

#include "degenerate2_check.h"

/* A diamond with a vertex at the local origin, above it (DIA_UP) or below it (DIA_DOWN). */
static const double DIA_UP[4][2] = {{0, 0}, {1, 1}, {0, 2}, {-1, 1}};
static const double DIA_DOWN[4][2] = {{0, 0}, {1, -1}, {0, -2}, {-1, -1}};

/* ---- exact touching -------------------------------------------------------------------------------------------- */

/* Edges touching exactly (libccd #25 / #68 in 3D): the difference has the origin on an edge. Boxes and polygons
   (separating axes), user shapes (GJK ends with the origin on its simplex's edge; EPA must give depth 0), rounded
   boxes whose cores are exactly the margins apart, partly and barely overlapping edges. */
static void test_touch_edge_edge2(void **st) {
    (void)st;
    begin();
    const double offs[3] = {0, 0.5, 1.375};
    const double bx[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    const double sb[4][2] = {{-0.5, -0.25}, {0.5, -0.25}, {0.5, 0.25}, {-0.5, 0.25}};
    body a, b;
    for (int i = 0; i < 3; ++i) {
        double pb[2] = {offs[i], 1.25};
        mk_box(&a, 1, 1), mk_box(&b, 0.5, 0.25);
        sweep_free("edge-edge boxes", &a, &b, O, 0, pb, 0, 0, YUP, 0, 6);
        mk_poly(&a, bx, 4, 2), mk_poly(&b, sb, 4, 2);
        sweep_free("edge-edge polygons", &a, &b, O, 0, pb, 0, 0, YUP, 0, 6);
        mk_user(&a, bx, 4), mk_user(&b, sb, 4);
        sweep_free("edge-edge user", &a, &b, O, 0, pb, 0, 0, YUP, 0, 6);
        mk_user(&a, bx, 4), mk_box(&b, 0.5, 0.25);
        sweep_free("edge-edge user-box", &a, &b, O, 0, pb, 0, 0, YUP, 0, 6);
        double pr[2] = {offs[i], 1.25 + 0.1875};
        mk_box(&a, 1, 1), b_round(&a, 0.125), mk_poly(&b, sb, 4, 2), b_round(&b, 0.0625);
        sweep_free("edge-edge rounded", &a, &b, O, 0, pr, 0, 0, YUP, 0, 6);
        mk_user(&a, bx, 4), b_round(&a, 0.125), mk_user(&b, sb, 4), b_round(&b, 0.0625);
        sweep_free("edge-edge rounded user", &a, &b, O, 0, pr, 0, 0, YUP, 0, 6);
    }
    end("touch_edge_edge2");
}

/* A vertex touching an edge (normal y) or a vertex (the origin at a vertex of the difference: any normal in its
   cone), for polygons and user shapes. */
static void test_touch_vertex2(void **st) {
    (void)st;
    begin();
    body a, b;
    const double bx[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    mk_box(&a, 1, 1), mk_poly(&b, DIA_UP, 4, 2);
    sweep_free("vertex-edge", &a, &b, O, 0, (double[2]){0.25, 1}, 0.3, 0, YUP, 0, 8);
    mk_user(&a, bx, 4), mk_user(&b, DIA_UP, 4);
    sweep_free("vertex-edge user", &a, &b, O, 0, (double[2]){-0.75, 1}, 0, 0, YUP, 0, 8);
    mk_poly(&a, DIA_DOWN, 4, 2), mk_poly(&b, DIA_UP, 4, 2);
    sweep_free("vertex-vertex", &a, &b, O, 0, O, 0.5, 0, NULL, 0, 8);
    mk_user(&a, DIA_DOWN, 4), mk_user(&b, DIA_UP, 4);
    sweep_free("vertex-vertex user", &a, &b, O, 0, O, 0.5, 0, NULL, 0, 8);
    mk_user(&a, DIA_DOWN, 4), mk_user(&b, DIA_UP, 4);
    sweep_free("vertex-vertex user aligned", &a, &b, O, 0, O, 0, 0, NULL, 0, 8);
    mk_segment(&a, -1, 0, 1, 0), mk_poly(&b, DIA_UP, 4, 2);
    sweep_free("vertex-segment", &a, &b, O, 0, (double[2]){0.5, 0}, 0, 0, YUP, 0, 8);
    end("touch_vertex2");
}

/* ---- tiny gaps --------------------------------------------------------------------------------------------------- */

/* Boxes stacked with a gap or overlap of 1e-9, 1e-7, 1e-5, 1e-3 (mujoco #3476 in 3D). The exact answer is that of
   the inputs rounded to gjk_real: in float, 2 +- 1e-9 and 2 +- 1e-7 round to 2 or one ulp (2.4e-7) away, so there
   the test asserts a finite answer within 64 eps of the rounded input's exact distance (zero or one ulp), touching
   counted as intersecting. Boxes, user boxes (EPA), and a 5 m box under a 0.2 m one. */
static void test_stacked_tiny_gaps2(void **st) {
    (void)st;
    begin();
    const double gaps[4] = {1e-9, 1e-7, 1e-5, 1e-3};
    body a, b;
    for (int e = 0; e < 4; ++e)
        for (int s = -1; s <= 1; s += 2) {
            double y = rv(2 + s * gaps[e]), pb[2] = {0.3, y};
            mk_box(&a, 1, 1), mk_box(&b, 1, 1);
            sweep_free("stacked boxes", &a, &b, O, 0, pb, 0, y - 2, YUP, 0, 4);
            mk_user_box(&a, 1, 1), mk_user_box(&b, 1, 1);
            sweep_free("stacked user boxes", &a, &b, O, 0, pb, 0, y - 2, YUP, 0, 4);
            double ys = rv(2.6 + s * gaps[e]), ps[2] = {1.2, ys};
            mk_box(&a, 2.5, 2.5), mk_box(&b, 0.1, 0.1);
            sweep_free("stacked 5 m / 0.2 m", &a, &b, O, 0, ps, 0, ys - (2.5 + rv(0.1)), YUP, 0, 4);
            mk_user_box(&a, 2.5, 2.5), mk_user_box(&b, 0.1, 0.1);
            sweep_free("stacked 5 m / 0.2 m user", &a, &b, O, 0, ps, 0, ys - (2.5 + rv(0.1)), YUP, 0, 4);
        }
    end("stacked_tiny_gaps2");
}

/* ---- thin shapes ------------------------------------------------------------------------------------------------- */

/* Boxes 0.01 and 1e-6 thick (fcl #390 / #493 in 3D): a thin difference, sliver simplices. Resting, pierced, across
   each other, and random placements against boxes, capsules, thin boxes and user thin boxes (EPA). */
static void test_thin_boxes2(void **st) {
    (void)st;
    begin();
    const double thick[2] = {0.01, 1e-6};
    body a, b;
    for (int i = 0; i < 2; ++i) {
        double h = thick[i] / 2, hr = rv(h);
        mk_box(&a, 1, h), mk_box(&b, 0.5, 0.5);
        sweep_free("thin rest", &a, &b, O, 0, (double[2]){0.25, rv(hr + 0.5)}, 0, rv(hr + 0.5) - (hr + 0.5), YUP, 0, 4);
        mk_user_box(&a, 1, h), mk_user_box(&b, 0.25, 0.25);
        sweep_free("thin pierced user", &a, &b, O, 0, (double[2]){0.3, 0.1}, 0, NAN, NULL, 0, 4);
        mk_box(&a, 1, h), mk_box(&b, 1, h);
        sweep_free("thin across thin", &a, &b, O, 0, (double[2]){0.25, 0.5}, PI / 2, NAN, NULL, 0, 4);
        mk_user_box(&a, 1, h), mk_user_box(&b, 1, h);
        sweep_free("thin across thin user", &a, &b, O, 0, (double[2]){0.25, 0.5}, PI / 2, NAN, NULL, 0, 4);
        mk_box(&a, 1, h), mk_box(&b, 0.5, 0.5);
        random_pairs("thin random box", &a, &b, 1.2, 40), b_free(&a), b_free(&b);
        mk_box(&a, 1, h), mk_capsule(&b, 0.125, 0.5);
        random_pairs("thin random capsule", &a, &b, 1, 40), b_free(&a), b_free(&b);
        mk_box(&a, 1, h), mk_box(&b, 0.75, h);
        random_pairs("thin random thin", &a, &b, 0.8, 40), b_free(&a), b_free(&b);
        mk_user_box(&a, 1, h), mk_user_box(&b, 0.75, h);
        random_pairs("thin random thin user", &a, &b, 0.8, 40), b_free(&a), b_free(&b);
    }
    end("thin_boxes2");
}

/* Sliver triangles (height 1e-3, 1e-6, 1e-9 over a unit base; an obtuse needle) from gjk_hull2_create and as user
   shapes, against boxes, circles, segments and each other. A sliver thinner than the hull tolerance may come out as
   a segment (float); the oracle keeps the raw triangle, whose difference is below the tolerances. */
static void test_sliver_polygons2(void **st) {
    (void)st;
    begin();
    const double hs[3] = {1e-3, 1e-6, 1e-9};
    body a, b;
    for (int i = 0; i < 3; ++i) {
        const double tri[3][2] = {{-0.5, 0}, {0.5, 0}, {0, hs[i]}}, needle[3][2] = {{-1, 0}, {0.25, 0}, {1, hs[i]}};
        mk_poly(&a, tri, 3, -1), mk_box(&b, 0.5, 0.5);
        random_pairs("sliver box", &a, &b, 1, 30), b_free(&a), b_free(&b);
        mk_poly(&a, tri, 3, -1), mk_circle(&b, 0.25);
        random_pairs("sliver circle", &a, &b, 0.6, 30), b_free(&a), b_free(&b);
        mk_poly(&a, needle, 3, -1), mk_segment(&b, 0, -0.5, 0, 0.5);
        random_pairs("needle segment", &a, &b, 0.6, 30), b_free(&a), b_free(&b);
        mk_poly(&a, tri, 3, -1), mk_poly(&b, needle, 3, -1);
        random_pairs("sliver needle", &a, &b, 0.5, 30), b_free(&a), b_free(&b);
        mk_user(&a, tri, 3), mk_user(&b, needle, 3);
        random_pairs("sliver needle user", &a, &b, 0.5, 30), b_free(&a), b_free(&b);
        mk_user(&a, needle, 3), mk_user_box(&b, 0.25, 0.5);
        random_pairs("needle user box", &a, &b, 0.8, 30), b_free(&a), b_free(&b);
    }
    end("sliver_polygons2");
}

/* Degenerate clouds for gjk_hull2_create: collinear (a segment, dimension 1), identical (a point, dimension 0),
   duplicated corners with edge midpoints and the centre (a quadrilateral of 4 vertices), against boxes, circles,
   capsules and each other. */
static void test_degenerate_hulls2(void **st) {
    (void)st;
    begin();
    double line[6][2], same[5][2], dup[21][2];
    const double ts[6] = {-1, -0.5, 0, 0.25, 0.75, 1};
    for (int i = 0; i < 6; ++i) line[i][0] = ts[i], line[i][1] = -0.5 * ts[i];
    for (int i = 0; i < 5; ++i) same[i][0] = 0.25, same[i][1] = -0.5;
    int n = 0;
    for (int rep = 0; rep < 4; ++rep)
        for (int i = 0; i < 4; ++i) dup[n][0] = (i == 1 || i == 2) ? 0.5 : -0.5, dup[n][1] = i >= 2 ? 0.25 : -0.25, ++n;
    const double mid[5][2] = {{0, -0.25}, {0.5, 0}, {0, 0.25}, {-0.5, 0}, {0, 0}};
    for (int i = 0; i < 5; ++i) dup[n][0] = mid[i][0], dup[n][1] = mid[i][1], ++n;
    struct {
        const char *name;
        const double (*p)[2];
        int n, dim, verts;
    } sets[3] = {{"collinear", (const double(*)[2])line, 6, 1, 2},
                 {"identical", (const double(*)[2])same, 5, 0, 1},
                 {"duplicates", (const double(*)[2])dup, 21, 2, 4}};
    body a, b;
    for (int s = 0; s < 3; ++s) {
        char label[64];
        mk_poly(&a, sets[s].p, sets[s].n, sets[s].dim);
        assert_int_equal(a.hull->vertex_count, sets[s].verts);
        assert_int_equal(a.n, sets[s].verts);
        mk_box(&b, 0.5, 0.375);
        snprintf(label, sizeof label, "%s vs box", sets[s].name);
        random_pairs(label, &a, &b, 1.2, 30), b_free(&b);
        mk_circle(&b, 0.25);
        snprintf(label, sizeof label, "%s vs circle", sets[s].name);
        random_pairs(label, &a, &b, 1, 30), b_free(&b);
        mk_capsule(&b, 0.125, 0.5);
        snprintf(label, sizeof label, "%s vs capsule", sets[s].name);
        random_pairs(label, &a, &b, 1, 30), b_free(&b);
        mk_poly(&b, sets[s].p, sets[s].n, sets[s].dim);
        snprintf(label, sizeof label, "%s vs itself", sets[s].name);
        random_pairs(label, &a, &b, 1, 30), b_free(&b);
        mk_poly(&b, sets[(s + 1) % 3].p, sets[(s + 1) % 3].n, sets[(s + 1) % 3].dim);
        snprintf(label, sizeof label, "%s vs next", sets[s].name);
        random_pairs(label, &a, &b, 1, 30), b_free(&b);
        b_free(&a);
    }
    end("degenerate_hulls2");
}

/* ---- scale ------------------------------------------------------------------------------------------------------- */

/* Size disparity (libccd #17): a 5 m box against a 0.2 m one, 1e3 against 1e-3 (box, circle, polygon, user box),
   the small shape resting on, at the corner of, sunk into or hovering over the big one. */
static void test_size_disparity2(void **st) {
    (void)st;
    begin();
    body a, b;
    const double big[2] = {2.5, 1e3}, small[2] = {0.1, 1e-3};
    for (int i = 0; i < 2; ++i) {
        double H = big[i], h = rv(small[i]);
        const double spots[5][2] = {{0.3 * H, H + h}, {H, H + h}, {H + 0.5 * h, H}, {0.2 * H, H + 3 * h},
                                    {-0.5 * H, H - 0.5 * h}};
        const double sq[4][2] = {{-h, -h}, {h, -h}, {h, h}, {-h, h}};
        for (int k = 0; k < 5; ++k) {
            mk_box(&a, H, H), mk_box(&b, h, h);
            sweep_free("disparity box", &a, &b, O, 0, spots[k], 0, NAN, NULL, 0, 4);
            mk_box(&a, H, 0.5 * H), mk_circle(&b, h);
            sweep_free("disparity circle", &a, &b, O, 0, (double[2]){spots[k][0], spots[k][1] - 0.5 * H}, 0, NAN,
                       NULL, 0, 4);
            mk_user_box(&a, H, H), mk_poly(&b, sq, 4, 2);
            sweep_free("disparity user", &a, &b, O, 0, spots[k], 0.7, NAN, NULL, 0, 4);
            mk_circle(&a, H), mk_user_box(&b, h, 0.5 * h);
            sweep_free("disparity big circle", &a, &b, O, 0, (double[2]){0, H + (k - 2) * 0.5 * h}, 0.3, NAN, NULL,
                       0, 4);
        }
    }
    end("size_disparity2");
}

/* Far from the origin: millimetre shapes at 1e6 in double, unit ones at 1e3 in float; touching, nearly touching,
   overlapping, vertex on edge. */
static void test_far_from_origin2(void **st) {
    (void)st;
    begin();
    const double far = GJK_USE_FLOAT ? 1e3 : 1e6, u = GJK_USE_FLOAT ? 0.25 : 1e-3;
    const double gaps[4] = {0, 0.01, -0.01, 0.5};
    body a, b;
    double dia[4][2];
    for (int i = 0; i < 4; ++i) dia[i][0] = DIA_UP[i][0] * u, dia[i][1] = DIA_UP[i][1] * u;
    for (int g = 0; g < 4; ++g) {
        double pb[2] = {0.3 * u, 2 * u + gaps[g] * u};
        mk_box(&a, u, u), mk_box(&b, u, u);
        sweep("far boxes", &a, &b, O, 0, pb, 0, NAN, NULL, 0, 4, far), b_free(&a), b_free(&b);
        mk_user_box(&a, u, u), mk_user_box(&b, u, u);
        sweep("far user boxes", &a, &b, O, 0, pb, 0.2, NAN, NULL, 0, 4, far), b_free(&a), b_free(&b);
        mk_box(&a, u, u), mk_capsule(&b, 0.5 * u, u);
        sweep("far capsule", &a, &b, O, 0, pb, PI / 2, NAN, NULL, 0, 4, far), b_free(&a), b_free(&b);
        mk_user_box(&a, u, u), mk_poly(&b, (const double(*)[2])dia, 4, 2);
        sweep("far vertex on edge", &a, &b, O, 0, (double[2]){0.25 * u, u + gaps[g] * u}, 0, NAN, NULL, 0, 4, far),
            b_free(&a), b_free(&b);
    }
    end("far_from_origin2");
}

/* ---- containment and identical shapes ---------------------------------------------------------------------------- */

/* One shape deep inside another, identical shapes at the same pose (the origin at the centre of a symmetric
   difference): closed forms for aligned boxes, a circle in a box, identical boxes, circles, capsules (twice the
   least half extent / radius); identical segments (a flat difference: depth 0) and points. */
static void test_containment_identical2(void **st) {
    (void)st;
    begin();
    body a, b;
    const double c[2] = {0.5, -0.25};
    const double bx[4][2] = {{-1, -2}, {1, -2}, {1, 2}, {-1, 2}};
    mk_box(&a, 1, 1), mk_box(&b, 0.1, 0.2);
    sweep_free("box in box", &a, &b, O, 0, c, 0, -(1 + rv(0.1) - 0.5), XN, 0, 4);
    mk_user_box(&a, 1, 1), mk_user_box(&b, 0.1, 0.2);
    sweep_free("user box in user box", &a, &b, O, 0, c, 0, -(1 + rv(0.1) - 0.5), XN, 0, 4);
    mk_box(&a, 1, 1), mk_circle(&b, 0.2);
    sweep_free("circle in box", &a, &b, O, 0, c, 0, -(1 + rv(0.2) - 0.5), XN, 0, 4);
    mk_user_box(&a, 1, 1), mk_user_circle(&b, 0.2);
    sweep_free("user circle in user box", &a, &b, O, 0, c, 0, -(1 + rv(0.2) - 0.5), XN, F_CURVED, 4);
    mk_box(&a, 1, 2), mk_box(&b, 1, 2);
    sweep_free("same box", &a, &b, O, 0, O, 0, -2, NULL, 0, 4);
    mk_poly(&a, bx, 4, 2), mk_poly(&b, bx, 4, 2);
    sweep_free("same polygon", &a, &b, O, 0, O, 0, -2, NULL, 0, 4);
    mk_user(&a, bx, 4), mk_user(&b, bx, 4);
    sweep_free("same user box", &a, &b, O, 0, O, 0, -2, NULL, 0, 4);
    mk_circle(&a, 0.75), mk_circle(&b, 0.75);
    sweep_free("same circle", &a, &b, O, 0, O, 0, -1.5, NULL, 0, 4);
    mk_capsule(&a, 0.5, 1), mk_capsule(&b, 0.5, 1);
    sweep_free("same capsule", &a, &b, O, 0, O, 0, -1, NULL, 0, 4);
    mk_segment(&a, -1, 0.5, 1, 0), mk_segment(&b, -1, 0.5, 1, 0);
    sweep_free("same segment", &a, &b, O, 0, O, 0, 0, NULL, 0, 4);
    mk_poly(&a, (const double[1][2]){{0.5, 0.25}}, 1, 0), mk_poly(&b, (const double[1][2]){{0.5, 0.25}}, 1, 0);
    sweep_free("same point", &a, &b, O, 0, O, 0, 0, NULL, 0, 4);
    end("containment_identical2");
}

/* Identical user circles at the same pose: a curved core whose deepest direction is the whole circle, EPA's
   hardest case in 2D (its polygon grows toward every direction at once), the case docs/numerics.md ("EPA") gives for GJK_MAX_ITERATIONS,
   accepted here. Depth 2r; moving B by the reported depth along the normal must separate the pair. */
static void test_identical_user_circles2(void **st) {
    (void)st;
    begin();
    body a, b;
    mk_user_circle(&a, 0.75), mk_user_circle(&b, 0.75);
    sweep_free("same user circle", &a, &b, O, 0, O, 0, -1.5, NULL, F_CURVED | F_MAXIT, 4);
    mk_user_circle(&a, 0.75), mk_user_circle(&b, 0.5);
    sweep_free("user circle in user circle", &a, &b, O, 0, (double[2]){0.125, 0}, 0, -1.125, XN, F_CURVED, 4);
    end("identical_user_circles2");
}

/* ---- near-parallel features -------------------------------------------------------------------------------------- */

/* Segments and capsules nearly parallel (tilt 0, 1e-12, 1e-9, 1e-6, 1e-3): A along x, B above it tilted about a
   point x = 0.25: the closest point of B is its lower end, at height y0 (as rounded), which is the exact distance
   (capsules: minus the radii), normal +y. y0 = 0 touching; below, the segments cross. Collinear and nearly
   collinear segments end to end: distance = the gap, normal +x. */
static void test_parallel_segments_capsules2(void **st) {
    (void)st;
    begin();
    const double tilts[5] = {0, 1e-12, 1e-9, 1e-6, 1e-3}, ds[5] = {1, 0.375, 0.3, 1e-3, 0};
    body a, b;
    for (int t = 0; t < 5; ++t)
        for (int k = 0; k < 5; ++k) {
            double c = 0.75 * cos(tilts[t]), s = 0.75 * sin(tilts[t]);
            double y0 = rv(ds[k] + 0.0 * s), y1 = rv(ds[k] + 2 * s);
            mk_segment(&a, -1, 0, 1, 0), mk_segment(&b, 0.25 - c, y0, 0.25 + c, y1);
            sweep_free("parallel segments", &a, &b, O, 0, O, 0, y0, y0 > 0 ? YUP : NULL, 0, 4);
            mk_segment(&a, -1, 0, 1, 0), b_round(&a, 0.25), mk_segment(&b, 0.25 - c, y0, 0.25 + c, y1),
                b_round(&b, 0.125);
            sweep_free("parallel capsules", &a, &b, O, 0, O, 0, y0 - 0.375, y0 > 0 ? YUP : NULL, 0, 4);
            mk_capsule(&a, 0.25, 1), mk_capsule(&b, 0.125, 0.75);
            sweep_free("parallel capsule2", &a, &b, O, PI / 2, (double[2]){0.25, ds[k]}, PI / 2 - tilts[t], NAN, NULL,
                       0, 4);
        }
    const double gaps[3] = {0, 1e-9, 1e-3};
    for (int g = 0; g < 3; ++g)
        for (int t = 0; t < 5; ++t) {
            double x0 = rv(1 + gaps[g]), ct = 2 * cos(tilts[t]), stt = 2 * sin(tilts[t]);
            mk_segment(&a, -1, 0, 1, 0), mk_segment(&b, x0, 0, x0 + ct, stt);
            sweep_free("collinear segments", &a, &b, O, 0, O, 0, x0 - 1, x0 > 1 ? XN : NULL, 0, 4);
            mk_segment(&a, -1, 0, 1, 0), b_round(&a, 0.25), mk_segment(&b, x0, 0, x0 + ct, stt), b_round(&b, 0.25);
            sweep_free("collinear capsules", &a, &b, O, 0, O, 0, x0 - 1.5, x0 > 1 ? XN : NULL, 0, 4);
        }
    end("parallel_segments_capsules2");
}

/* ---- EPA: the origin on the boundary of the simplex ------------------------------------------------------------- */

/* User shapes (the EPA path): zero depth with the origin on an edge (stacked boxes) or a vertex (diamonds tip to tip)
   of the difference, and symmetric overlaps where GJK's supports come in opposite pairs and the simplex holds the
   origin on an edge: identical boxes shifted along an axis or a diagonal, a triangle against its mirror image,
   identical triangles; EPA must grow the degenerate simplex into a polygon around the origin. */
static void test_epa2_origin_on_boundary(void **st) {
    (void)st;
    begin();
    body a, b;
    const double bx[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    const double tri[3][2] = {{0, 1}, {-1, -0.5}, {1, -0.5}}, mir[3][2] = {{0, -1}, {1, 0.5}, {-1, 0.5}};
    mk_user(&a, bx, 4), mk_user(&b, bx, 4);
    sweep_free("origin on an edge", &a, &b, O, 0, (double[2]){0.5, 2}, 0, 0, YUP, 0, 6);
    mk_user(&a, DIA_DOWN, 4), mk_user(&b, DIA_UP, 4);
    sweep_free("origin on a vertex", &a, &b, O, 0, O, 0.25, 0, NULL, 0, 6);
    mk_user(&a, bx, 4), b_round(&a, 0.125), mk_user(&b, bx, 4), b_round(&b, 0.125);
    sweep_free("rounded edges touching", &a, &b, O, 0, (double[2]){0.25, 2}, 0, -0.25, YUP, 0, 6);
    mk_user(&a, DIA_DOWN, 4), b_round(&a, 0.125), mk_user(&b, DIA_UP, 4), b_round(&b, 0.25);
    sweep_free("rounded vertices touching", &a, &b, O, 0, O, 0, -0.375, NULL, 0, 6);
    const double shifts[2][2] = {{0.5, 0}, {0.5, 0.5}};
    for (int i = 0; i < 2; ++i) {
        mk_user(&a, bx, 4), mk_user(&b, bx, 4);
        sweep_free("symmetric shift", &a, &b, O, 0, shifts[i], 0, -1.5, i == 0 ? XN : NULL, 0, 6);
    }
    mk_user(&a, tri, 3), mk_user(&b, mir, 3);
    sweep_free("triangle and mirror", &a, &b, O, 0, O, 0, NAN, NULL, 0, 6);
    mk_user(&a, tri, 3), mk_user(&b, tri, 3);
    sweep_free("same triangle", &a, &b, O, 0, O, 0, NAN, NULL, 0, 6);
    mk_user(&a, tri, 3), mk_poly(&b, tri, 3, 2);
    sweep_free("same triangle user-polygon", &a, &b, O, 0, (double[2]){0, 0.25}, 0, NAN, NULL, 0, 6);
    end("epa2_origin_on_boundary");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_touch_edge_edge2),
        cmocka_unit_test(test_touch_vertex2),
        cmocka_unit_test(test_stacked_tiny_gaps2),
        cmocka_unit_test(test_thin_boxes2),
        cmocka_unit_test(test_sliver_polygons2),
        cmocka_unit_test(test_degenerate_hulls2),
        cmocka_unit_test(test_size_disparity2),
        cmocka_unit_test(test_far_from_origin2),
        cmocka_unit_test(test_containment_identical2),
        cmocka_unit_test(test_identical_user_circles2),
        cmocka_unit_test(test_parallel_segments_capsules2),
        cmocka_unit_test(test_epa2_origin_on_boundary),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
