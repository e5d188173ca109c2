// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Degenerate geometry in 3D (issue 4): exact touching and tiny gaps, thin and sliver shapes, degenerate hulls,
   size disparity, far coordinates, containment, near-parallel features, curved cores end to end, and the origin on
   the boundary of the GJK simplex when EPA starts.

   Every answer is compared with an exact answer computed without the library: the qhull hull of the Minkowski
   difference of the inputs exactly as the library received them (oracle3.c) for polytope pairs (boxes, hulls,
   triangles, segments, points, spheres and capsules as rounded points and segments), closed forms for cylinders
   and cones. check_pair() holds the checks every case shares:
   - status GJK_OK (GJK_MAX_ITERATIONS only where docs/numerics.md documents it: a continuum of deepest directions);
   - finite outputs, unit normal, point_b = point_a + distance * normal, each witness on its shape;
   - signed distance and depth equal the exact one (so the depth is the minimum);
   - the normal realises the distance: the support gap of the pair along it equals the reported distance, so that
     moving B by depth * normal leaves the pair touching; moving B by depth + a hair separates it, checked by the
     oracle (the exact signed distance of the moved pair) and by gjk_distance3 on the moved pair;
   - intersect agrees with the sign of the exact distance (touching counts as intersecting) and the four queries
     agree with each other.
   Each case is swept over a few rigid motions of the whole pair (deterministic, testutil's test_rng).

   Tolerances, relative to the pair's size L (largest extent of either shape about its position): double 1e-12
   for distance and depth (measured worst cases are printed per test, about 1e-15), float 64 eps (distance) and
   128 eps (depth) as in docs/numerics.md; curved cores converge to a relative gap (1e-9 double, 1e-5 float: tolerance 2e-8
   and 2e-4 of the difference's size); witness points also get 8 eps of their world coordinates. Normals, where the
   exact one is unique and well conditioned: 1e-6 (float 2e-3) as in docs/numerics.md, curved cores 1e-4 (float 1e-2), the
   square root of their convergence gap.

   Split in three files: this one (exact touching, tiny gaps, thin and sliver shapes, degenerate hulls, size
   disparity, far coordinates, containment), test_degenerate3_curved.c (identical curved shapes, near-parallel
   features, curved cores, the origin on the boundary of the simplex when EPA starts) and degenerate3_check.c
   (the bodies, check_pair() and the sweeps). */
#include <stdio.h>

#include "degenerate3_check.h"

/* ---- exact touching ------------------------------------------------------------------------------------------- */

/* Faces touching exactly (distance 0): libccd #25 / #68 gave NaN or crashed here. The Minkowski difference has the
   origin exactly on a face, so GJK ends on a simplex with the origin on its boundary and EPA (hull pairs) or the
   box separating-axis closed form (box pairs) must report depth 0 with the face normal, intersect true. Partly
   overlapping faces, rounded shapes whose cores are exactly the margins apart, and cylinders cap to cap. */
static void test_touch_face_face(void **st) {
    (void)st;
    begin();
    const double offs[3][2] = {{0, 0}, {0.5, 0.25}, {1.375, -1.5}};
    body a, b;
    for (int i = 0; i < 3; ++i) {
        double pb[3] = {offs[i][0], offs[i][1], 1.25};
        mk_box(&a, 1, 1, 1), mk_box(&b, 0.5, 0.75, 0.25);
        sweep_free("face-face box", &a, &b, O, I3, pb, I3, 0, ZUP, 0, 6);
        mk_hull_box(&a, 1, 1, 1), mk_hull_box(&b, 0.5, 0.75, 0.25);
        sweep_free("face-face hull", &a, &b, O, I3, pb, I3, 0, ZUP, 0, 6);
        mk_hull_box(&a, 1, 1, 1), mk_box(&b, 0.5, 0.75, 0.25);
        sweep_free("face-face hull-box", &a, &b, O, I3, pb, I3, 0, ZUP, 0, 6);
        double pr[3] = {offs[i][0], offs[i][1], 1.25 + 0.1875};
        mk_box(&a, 1, 1, 1), b_round(&a, 0.125), mk_hull_box(&b, 0.5, 0.75, 0.25), b_round(&b, 0.0625);
        sweep_free("face-face rounded", &a, &b, O, I3, pr, I3, 0, ZUP, 0, 6);
    }
    const double pc[3] = {0.25, 0, 1.75};
    mk_cyl(&a, 1, 1), mk_cyl(&b, 0.5, 0.75);
    sweep_free("face-face cylinders", &a, &b, O, I3, pc, I3, 0, ZUP, F_CURVED, 6);
    mk_cyl(&a, 1, 1), mk_hull_box(&b, 0.5, 0.5, 0.25);
    sweep_free("face-face cylinder-hull", &a, &b, O, I3, (double[3]){0.5, 0.5, 1.25}, I3, 0, ZUP, F_CURVED, 6);
    end("touch_face_face");
}

/* Edges touching exactly. Crossing edges: the origin lies inside a face (edge x edge) of the difference, normal
   z. Parallel edges: the origin lies on an edge of the difference and the normal is any in a wedge (the overlap
   check accepts exactly those). Boxes turned 45 degrees edge on edge (inexact rotations: the oracle decides). */
static void test_touch_edge_edge(void **st) {
    (void)st;
    begin();
    body a, b;
    mk_hull(&a, ROOF_UP, 6, 3), mk_hull(&b, ROOF_DOWN_X, 6, 3);
    sweep_free("edge-edge crossing", &a, &b, O, I3, O, I3, 0, ZUP, 0, 8);
    mk_hull(&a, ROOF_UP, 6, 3), mk_hull(&b, ROOF_DOWN_X, 6, 3);
    sweep_free("edge-edge crossing skew", &a, &b, O, I3, (double[3]){0.25, -0.5, 0}, axis_angle(0, 0, 1, 0.3), 0,
               ZUP, 0, 8);
    mk_hull(&a, ROOF_UP, 6, 3), mk_hull(&b, ROOF_DOWN_Y, 6, 3);
    sweep_free("edge-edge parallel", &a, &b, O, I3, (double[3]){0, 0.5, 0}, I3, 0, NULL, 0, 8);
    double r2 = sqrt(2.0);
    for (int h = 0; h < 2; ++h) {
        if (h) mk_hull_box(&a, 1, 1, 1), mk_hull_box(&b, 0.5, 0.5, 0.5);
        else mk_box(&a, 1, 1, 1), mk_box(&b, 0.5, 0.5, 0.5);
        sweep_free(h ? "edge-edge hull boxes" : "edge-edge boxes", &a, &b, O, axis_angle(0, 1, 0, PI / 4),
                   (double[3]){0.1, -0.2, r2 * 1.5}, axis_angle(1, 0, 0, PI / 4), NAN, NULL, 0, 8);
    }
    end("touch_edge_edge");
}

/* A vertex touching a face, an edge or a vertex exactly (octahedra with a vertex on the local origin). Vertex on
   face: normal z. Vertex on edge and vertex on vertex: the origin is on an edge or a vertex of the difference,
   the normal any in its cone. */
static void test_touch_vertex(void **st) {
    (void)st;
    begin();
    body a, b;
    mk_box(&a, 1, 1, 1), mk_hull(&b, OCT_ABOVE, 6, 3);
    sweep_free("vertex-face box", &a, &b, O, I3, (double[3]){0.25, -0.5, 1}, axis_angle(0, 0, 1, 0.4), 0, ZUP, 0, 8);
    mk_hull_box(&a, 1, 1, 1), mk_hull(&b, OCT_ABOVE, 6, 3);
    sweep_free("vertex-face hull", &a, &b, O, I3, (double[3]){-0.75, 0.5, 1}, I3, 0, ZUP, 0, 8);
    mk_hull(&a, ROOF_UP, 6, 3), mk_hull(&b, OCT_ABOVE, 6, 3);
    sweep_free("vertex-edge", &a, &b, O, I3, (double[3]){0, 0.25, 0}, axis_angle(0, 0, 1, 0.3), 0, NULL, 0, 8);
    mk_hull(&a, OCT_BELOW, 6, 3), mk_hull(&b, OCT_ABOVE, 6, 3);
    sweep_free("vertex-vertex", &a, &b, O, I3, O, axis_angle(0, 0, 1, 0.5), 0, NULL, 0, 8);
    mk_triangle(&a, v3(-1, -1, 0), v3(2, -1, 0), v3(-1, 2, 0)), mk_hull(&b, OCT_ABOVE, 6, 3);
    sweep_free("vertex-triangle", &a, &b, O, I3, O, I3, 0, ZUP, 0, 8);
    end("touch_vertex");
}

/* ---- tiny gaps ------------------------------------------------------------------------------------------------ */

/* Boxes stacked with a gap or an overlap of 1e-9, 1e-7, 1e-5 and 1e-3 (mujoco #3476: a phantom deep contact at
   near-zero overlap; the sign must survive). The exact answer is that of the inputs as rounded to gjk_real: in
   float, 2 +- 1e-9 and 2 +- 1e-7 round to 2 or to 2 +- one ulp (2.4e-7), so there the test asserts a finite,
   consistent answer within 64 eps of that rounded input's exact distance (zero or one ulp), touching counted as
   intersecting. Box pairs (separating-axis closed form), hull pairs (GJK/EPA), and a 5 m box under a 0.2 m one. */
static void test_stacked_tiny_gaps(void **st) {
    (void)st;
    begin();
    const double gaps[4] = {1e-9, 1e-7, 1e-5, 1e-3};
    body a, b;
    for (int e = 0; e < 4; ++e)
        for (int s = -1; s <= 1; s += 2) {
            double z = rv(2 + s * gaps[e]), pb[3] = {0.3, -0.2, z};
            mk_box(&a, 1, 1, 1), mk_box(&b, 1, 1, 1);
            sweep_free("stacked boxes", &a, &b, O, I3, pb, I3, z - 2, ZUP, 0, 4);
            mk_hull_box(&a, 1, 1, 1), mk_hull_box(&b, 1, 1, 1);
            sweep_free("stacked hulls", &a, &b, O, I3, pb, I3, z - 2, ZUP, 0, 4);
            double zs = rv(2.6 + s * gaps[e]), ps[3] = {1.2, -0.7, zs};
            mk_box(&a, 2.5, 2.5, 2.5), mk_box(&b, 0.1, 0.1, 0.1);
            sweep_free("stacked 5 m / 0.2 m", &a, &b, O, I3, ps, I3, zs - (2.5 + rv(0.1)), ZUP, 0, 4);
            mk_hull_box(&a, 2.5, 2.5, 2.5), mk_hull_box(&b, 0.1, 0.1, 0.1);
            sweep_free("stacked 5 m / 0.2 m hulls", &a, &b, O, I3, ps, I3, zs - (2.5 + rv(0.1)), ZUP, 0, 4);
        }
    end("stacked_tiny_gaps");
}

/* ---- thin shapes ---------------------------------------------------------------------------------------------- */

/* Plates 0.01 and 1e-6 thick (fcl #390 / #493: EPA failing on 0.01-thick boxes): the difference is a thin slab,
   so GJK's simplices are slivers and EPA's polytope has faces of near-zero area. Resting exactly, pierced by a
   cube, plate across plate, and random placements of plates against cubes, plates and hull plates. */
static void test_thin_boxes(void **st) {
    (void)st;
    begin();
    const double thick[2] = {0.01, 1e-6};
    body a, b;
    for (int i = 0; i < 2; ++i) {
        double h = thick[i] / 2, hr = rv(h);
        double rest[3] = {0.25, 0.125, rv(hr + 0.5)};
        mk_box(&a, 1, 1, h), mk_hull_box(&b, 0.5, 0.5, 0.5);
        sweep_free("plate rest", &a, &b, O, I3, rest, I3, rest[2] - (hr + 0.5), ZUP, 0, 4);
        mk_hull_boxd(&a, 1, 1, h, DIM3(h)), mk_hull_box(&b, 0.25, 0.25, 0.25);
        sweep_free("plate pierced", &a, &b, O, I3, (double[3]){0.3, 0.2, 0.1}, I3, NAN, NULL, 0, 4);
        mk_hull_boxd(&a, 1, 1, h, DIM3(h)), mk_hull_boxd(&b, 1, 1, h, DIM3(h));
        sweep_free("plate across plate", &a, &b, O, I3, (double[3]){0.25, 0, 0.5}, axis_angle(1, 0, 0, PI / 2), NAN,
                   NULL, 0, 4);
        mk_box(&a, 1, 1, h), mk_box(&b, 1, 1, h);
        sweep_free("plate across plate box", &a, &b, O, I3, (double[3]){0.25, 0, 0.5}, axis_angle(1, 0, 0, PI / 2),
                   NAN, NULL, 0, 4);
        mk_hull_boxd(&a, 1, 1, h, DIM3(h)), mk_hull_boxd(&b, 1, 1, h, DIM3(h));
        sweep_free("plate on plate", &a, &b, O, I3, (double[3]){0.5, 0.25, 2 * hr}, I3, 0, ZUP, 0, 4);
        mk_box(&a, 1, 1, h), mk_box(&b, 0.5, 0.5, 0.5);
        random_pairs("plate random box", &a, &b, O, 1.2, 40), b_free(&a), b_free(&b);
        mk_hull_boxd(&a, 1, 1, h, DIM3(h)), mk_hull_box(&b, 0.5, 0.5, 0.5);
        random_pairs("plate random hull", &a, &b, O, 1.2, 40), b_free(&a), b_free(&b);
        mk_hull_boxd(&a, 1, 1, h, DIM3(h)), mk_hull_boxd(&b, 0.75, 0.5, h, DIM3(h));
        random_pairs("plate random plates", &a, &b, O, 0.8, 40), b_free(&a), b_free(&b);
        mk_hull_boxd(&a, 1, 1, h, DIM3(h)), mk_capsule(&b, 0.125, 0.5);
        random_pairs("plate random capsule", &a, &b, O, 0.8, 20), b_free(&a), b_free(&b);
    }
    end("thin_boxes");
}

/* Sliver triangles (height 1e-3, 1e-6, 1e-9 over a unit base; an obtuse needle) against boxes, spheres,
   segments, other triangles and a sliver tetrahedron: Catto's "troublesome triangle", whose normal from the long
   edges is garbage; signed volumes and witnesses must not blow up. Coplanar triangle pairs have a flat difference:
   depth 0 with the plane's normal. */
static void test_sliver_triangles(void **st) {
    (void)st;
    begin();
    const double hs[3] = {1e-3, 1e-6, 1e-9};
    body a, b;
    for (int i = 0; i < 3; ++i) {
        double h = hs[i];
        gjk_vec3 t0 = v3(-0.5, 0, 0), t1 = v3(0.5, 0, 0), t2 = v3(0, h, 0), n2 = v3(1, h, 0);
        mk_triangle(&a, t0, t1, t2), mk_box(&b, 0.5, 0.5, 0.5);
        random_pairs("sliver box", &a, &b, O, 1, 30), b_free(&a), b_free(&b);
        mk_triangle(&a, t0, t1, t2), mk_sphere(&b, 0.25);
        random_pairs("sliver sphere", &a, &b, O, 0.6, 30), b_free(&a), b_free(&b);
        mk_triangle(&a, v3(-1, 0, 0), v3(0.25, 0, 0), n2), mk_segment(&b, v3(0, 0, -0.5), v3(0, 0, 0.5));
        random_pairs("needle segment", &a, &b, O, 0.6, 30), b_free(&a), b_free(&b);
        mk_triangle(&a, t0, t1, t2), mk_triangle(&b, v3(-1, 0, 0), v3(0.25, 0, 0), n2);
        random_pairs("sliver sliver", &a, &b, O, 0.5, 30), b_free(&a), b_free(&b);
        double tet[4][3] = {{-1, 0, 0}, {1, 0, 0}, {0, h, 0}, {0, 0, h}};
        mk_hull(&a, (const double(*)[3])tet, 4, DIM3(h)), mk_hull_box(&b, 0.25, 0.5, 0.75);
        random_pairs("sliver tetrahedron", &a, &b, O, 1, 30), b_free(&a), b_free(&b);
        /* coplanar: rotations about z keep every z exactly 0 */
        test_rng rng = {77 + (uint64_t)i};
        g_label = "coplanar triangles";
        for (int k = 0; k < 20; ++k) {
            mk_triangle(&a, t0, t1, t2), mk_triangle(&b, v3(-1, 0, 0), v3(0.25, 0, 0), n2);
            double ang = test_uniform(&rng, -PI, PI);
            gjk_vec3 r = test_vec3(&rng, -0.75, 0.75);
            b_place(&a, O, I3);
            b_place(&b, (double[3]){r.x, r.y, 0}, quat(cos(ang / 2), 0, 0, sin(ang / 2)));
            check_pair(&a, &b, NAN, NULL, 0);
            b_free(&a), b_free(&b);
        }
    }
    end("sliver_triangles");
}

/* Hulls of degenerate clouds (gjk_hull3_create): all points coplanar (a polygon, dimension 2), collinear (a
   segment, dimension 1) or identical (a point, dimension 0), against boxes, spheres, hulls and each other. The
   oracle takes the raw input points, not the library's hull. */
static void test_degenerate_hulls(void **st) {
    (void)st;
    begin();
    test_rng rng = {5};
    double flat[12][3], tilted[12][3], line[6][3], same[5][3];
    for (int i = 0; i < 12; ++i) {
        /* dyadic coordinates: exactly on the planes z = 0.25 and x + y + z = 0.5 */
        flat[i][0] = floor(test_uniform(&rng, -64, 64)) / 64, flat[i][1] = floor(test_uniform(&rng, -64, 64)) / 64;
        flat[i][2] = 0.25;
        tilted[i][0] = floor(test_uniform(&rng, -64, 64)) / 64, tilted[i][1] = floor(test_uniform(&rng, -64, 64)) / 64;
        tilted[i][2] = 0.5 - tilted[i][0] - tilted[i][1];
    }
    const double ts[6] = {-1, -0.5, 0, 0.25, 0.75, 1};
    for (int i = 0; i < 6; ++i) line[i][0] = ts[i], line[i][1] = 2 * ts[i], line[i][2] = -0.5 * ts[i];
    for (int i = 0; i < 5; ++i) same[i][0] = 0.25, same[i][1] = -0.5, same[i][2] = 0.125;
    struct {
        const char *name;
        const double (*p)[3];
        int n, dim, verts;
    } sets[4] = {{"coplanar", (const double(*)[3])flat, 12, 2, -1},
                 {"tilted coplanar", (const double(*)[3])tilted, 12, 2, -1},
                 {"collinear", (const double(*)[3])line, 6, 1, 2},
                 {"identical", (const double(*)[3])same, 5, 0, 1}};
    body a, b;
    for (int s = 0; s < 4; ++s) {
        char label[64];
        mk_hull(&a, sets[s].p, sets[s].n, sets[s].dim);
        if (sets[s].verts > 0) assert_int_equal(a.hull->vertex_count, sets[s].verts);
        mk_box(&b, 0.5, 0.375, 0.25);
        snprintf(label, sizeof label, "%s vs box", sets[s].name);
        random_pairs(label, &a, &b, O, 1.2, 30), b_free(&b);
        mk_sphere(&b, 0.25);
        snprintf(label, sizeof label, "%s vs sphere", sets[s].name);
        random_pairs(label, &a, &b, O, 1, 30), b_free(&b);
        mk_hull(&b, sets[s].p, sets[s].n, sets[s].dim);
        snprintf(label, sizeof label, "%s vs itself", sets[s].name);
        random_pairs(label, &a, &b, O, 1, 30), b_free(&b);
        mk_hull(&b, sets[(s + 1) % 4].p, sets[(s + 1) % 4].n, sets[(s + 1) % 4].dim);
        snprintf(label, sizeof label, "%s vs next", sets[s].name);
        random_pairs(label, &a, &b, O, 1, 30), b_free(&b);
        b_free(&a);
    }
    end("degenerate_hulls");
}

/* Duplicate points: every corner of a box four times, plus face centres, edge midpoints and the centre (coplanar
   and interior points), give the box (8 vertices, 6 merged faces); duplicated flat and collinear clouds give a
   quadrilateral and a segment. Queries on them against the oracle of the raw clouds. */
static void test_duplicate_points(void **st) {
    (void)st;
    begin();
    double p[64][3], q[16][3], r[9][3];
    int n = 0;
    for (int rep = 0; rep < 4; ++rep)
        for (int i = 0; i < 8; ++i)
            p[n][0] = i & 1 ? 0.5 : -0.5, p[n][1] = i & 2 ? 0.75 : -0.75, p[n][2] = i & 4 ? 0.25 : -0.25, ++n;
    for (int axis = 0; axis < 3; ++axis)
        for (int s = -1; s <= 1; s += 2) {
            const double h[3] = {0.5, 0.75, 0.25};
            p[n][0] = p[n][1] = p[n][2] = 0, p[n][axis] = s * h[axis], ++n; /* face centres */
            for (int t = -1; t <= 1; t += 2) { /* edge midpoints */
                int o = (axis + 1) % 3;
                p[n][0] = p[n][1] = p[n][2] = 0, p[n][axis] = s * h[axis], p[n][o] = t * h[o], ++n;
            }
        }
    p[n][0] = p[n][1] = p[n][2] = 0, ++n;
    for (int i = 0; i < 16; ++i) q[i][0] = i & 1 ? 0.5 : -0.5, q[i][1] = i & 2 ? 0.25 : -0.25, q[i][2] = 0;
    for (int i = 0; i < 9; ++i) r[i][0] = (i % 3) * 0.5 - 0.5, r[i][1] = r[i][2] = 0;
    body a, b;
    mk_hull(&a, (const double(*)[3])p, n, 3);
    assert_int_equal(a.hull->vertex_count, 8);
    assert_int_equal(a.hull->face_count, 6);
    mk_box(&b, 0.375, 0.25, 0.125);
    random_pairs("duplicates vs box", &a, &b, O, 1.5, 40), b_free(&b);
    mk_hull(&b, (const double(*)[3])p, n, 3);
    sweep("duplicates identical", &a, &b, O, I3, O, I3, -0.5, NULL, 0, 4, 0), b_free(&b);
    mk_hull(&b, (const double(*)[3])q, 16, 2);
    assert_int_equal(b.hull->vertex_count, 4);
    random_pairs("duplicates flat", &a, &b, O, 1.2, 40), b_free(&b);
    mk_hull(&b, (const double(*)[3])r, 9, 1);
    assert_int_equal(b.hull->vertex_count, 2);
    random_pairs("duplicates collinear", &a, &b, O, 1.2, 40), b_free(&b);
    b_free(&a);
    end("duplicate_points");
}

/* ---- scale ---------------------------------------------------------------------------------------------------- */

/* Size disparity (libccd #17): a 5 m box against a 0.2 m one, and 1e3 against 1e-3 (box, sphere, hull), the small
   shape resting on, straddling the edge of, sunk into or hovering over the big one. Tolerances are relative to
   the pair's size (the big shape), as documented. */
static void test_size_disparity(void **st) {
    (void)st;
    begin();
    body a, b;
    const double big[2] = {2.5, 1e3}, small[2] = {0.1, 1e-3};
    for (int i = 0; i < 2; ++i) {
        double H = big[i], h = rv(small[i]);
        const double spots[5][3] = {{0.3 * H, -0.2 * H, H + h},      /* resting */
                                    {H, 0.1 * H, H + h},             /* on the edge */
                                    {H + 0.5 * h, H + 0.5 * h, H},   /* at the corner, half sunk */
                                    {0.2 * H, 0.1 * H, H + 3 * h},   /* hovering */
                                    {-0.5 * H, 0.25 * H, H - 0.5 * h}}; /* half sunk */
        for (int k = 0; k < 5; ++k) {
            mk_box(&a, H, H, H), mk_box(&b, h, h, h);
            sweep_free("disparity box", &a, &b, O, I3, spots[k], I3, NAN, NULL, 0, 4);
            mk_hull_box(&a, H, H, H), mk_hull_box(&b, h, h, h);
            sweep_free("disparity hull", &a, &b, O, I3, spots[k], axis_angle(1, 2, 3, 0.7), NAN, NULL, 0, 4);
            mk_box(&a, H, 0.5 * H, H), mk_sphere(&b, h);
            sweep_free("disparity sphere", &a, &b, O, I3, spots[k], I3, NAN, NULL, 0, 4);
            mk_sphere(&a, H), mk_hull_box(&b, h, 0.5 * h, h);
            double onsphere[3] = {0, 0, H + (k - 2) * 0.5 * h};
            sweep_free("disparity big sphere", &a, &b, O, I3, onsphere, axis_angle(1, 1, 0, 0.3), NAN, NULL, 0, 4);
        }
    }
    end("size_disparity");
}

/* Far from the origin (NUMERICS: subtracting support points at 1e4..1e6 loses digits): millimetre boxes and
   hulls at 1e6 in double, unit-sized ones at 1e3 in float, touching, with tiny gaps and overlaps, edge on edge.
   The oracle works with the offset between the positions, which is exact. */
static void test_far_from_origin(void **st) {
    (void)st;
    begin();
    const double far = GJK_USE_FLOAT ? 1e3 : 1e6, u = GJK_USE_FLOAT ? 0.25 : 1e-3; /* feature size */
    body a, b;
    const double gaps[4] = {0, 0.01, -0.01, 0.5};
    for (int g = 0; g < 4; ++g) {
        double pb[3] = {0.3 * u, -0.2 * u, 2 * u + gaps[g] * u};
        mk_box(&a, u, u, u), mk_box(&b, u, u, u);
        sweep("far boxes", &a, &b, O, I3, pb, I3, NAN, NULL, 0, 4, far), b_free(&a), b_free(&b);
        mk_hull_box(&a, u, u, u), mk_hull_box(&b, u, u, u);
        sweep("far hulls", &a, &b, O, I3, pb, axis_angle(1, 0, 1, 0.2), NAN, NULL, 0, 4, far), b_free(&a),
            b_free(&b);
        mk_hull_box(&a, u, u, u), mk_capsule(&b, 0.5 * u, u);
        sweep("far capsule", &a, &b, O, I3, pb, axis_angle(1, 0, 0, PI / 2), NAN, NULL, 0, 4, far), b_free(&a),
            b_free(&b);
    }
    double roof_up[6][3], roof_dn[6][3];
    for (int i = 0; i < 6; ++i)
        for (int k = 0; k < 3; ++k) roof_up[i][k] = ROOF_UP[i][k] * u, roof_dn[i][k] = ROOF_DOWN_X[i][k] * u;
    mk_hull(&a, (const double(*)[3])roof_up, 6, 3), mk_hull(&b, (const double(*)[3])roof_dn, 6, 3);
    sweep("far edge-edge", &a, &b, O, I3, O, I3, NAN, NULL, 0, 6, far), b_free(&a), b_free(&b);
    end("far_from_origin");
}

/* ---- containment and identical shapes ------------------------------------------------------------------------- */

/* One shape deep inside another, and identical shapes at the same pose: the origin is deep inside the difference
   (at its centre for identical shapes, where every direction through it is symmetric), so EPA starts from a
   simplex that may hold the origin on a face; the depth is the difference's inradius along the best face. Closed
   forms: aligned boxes (the least of h + h' - |c| per axis), a sphere in a box, a box in a cylinder, identical
   box/sphere/capsule (twice the smallest half extent / radius); flat identical pairs (segment, triangle) and
   points give depth 0. */
static void test_containment_identical(void **st) {
    (void)st;
    begin();
    body a, b;
    const double c[3] = {0.5, -0.25, 0.125}, xn[3] = {1, 0, 0};
    mk_box(&a, 1, 1, 1), mk_box(&b, 0.1, 0.2, 0.3);
    sweep_free("box in box", &a, &b, O, I3, c, I3, -(1 + rv(0.1) - 0.5), xn, 0, 4);
    mk_hull_box(&a, 1, 1, 1), mk_hull_box(&b, 0.1, 0.2, 0.3);
    sweep_free("hull in hull", &a, &b, O, I3, c, I3, -(1 + rv(0.1) - 0.5), xn, 0, 4);
    mk_hull_box(&a, 1, 1, 1), mk_sphere(&b, 0.2);
    sweep_free("sphere in hull", &a, &b, O, I3, c, I3, -(1 + rv(0.2) - 0.5), xn, 0, 4);
    mk_cyl(&a, 1, 1), mk_hull_box(&b, 0.1, 0.1, 0.1);
    sweep_free("box in cylinder", &a, &b, O, I3, (double[3]){0.25, 0, 0.75}, I3, -(1 + rv(0.1) - 0.75), ZUP,
               F_CURVED, 4);
    test_rng rng = {11};
    double pts[24][3];
    for (int i = 0; i < 24; ++i) {
        gjk_vec3 v = test_unit3(&rng);
        pts[i][0] = 0.2 * v.x, pts[i][1] = 0.1 * v.y, pts[i][2] = 0.15 * v.z;
    }
    mk_hull_box(&a, 1, 0.75, 0.5), mk_hull(&b, (const double(*)[3])pts, 24, 3);
    sweep_free("random hull in hull", &a, &b, O, I3, (double[3]){0.1, 0.2, -0.1}, axis_angle(1, 2, 0, 1), NAN, NULL,
               0, 4);
    /* identical shapes at the same pose */
    mk_box(&a, 1, 2, 3), mk_box(&b, 1, 2, 3);
    sweep_free("same box", &a, &b, O, I3, O, I3, -2, NULL, 0, 4);
    mk_hull_box(&a, 1, 2, 3), mk_hull_box(&b, 1, 2, 3);
    sweep_free("same hull box", &a, &b, O, I3, O, I3, -2, NULL, 0, 4);
    mk_hull(&a, (const double(*)[3])pts, 24, 3), mk_hull(&b, (const double(*)[3])pts, 24, 3);
    sweep_free("same hull", &a, &b, O, I3, O, I3, NAN, NULL, 0, 4);
    mk_sphere(&a, 0.75), mk_sphere(&b, 0.75);
    sweep_free("same sphere", &a, &b, O, I3, O, I3, -1.5, NULL, 0, 4);
    mk_capsule(&a, 0.5, 1), mk_capsule(&b, 0.5, 1);
    sweep_free("same capsule", &a, &b, O, I3, O, I3, -1, NULL, 0, 4);
    mk_segment(&a, v3(-1, 0.5, 0), v3(1, 0, 0.25)), mk_segment(&b, v3(-1, 0.5, 0), v3(1, 0, 0.25));
    sweep_free("same segment", &a, &b, O, I3, O, I3, 0, NULL, 0, 4);
    mk_triangle(&a, v3(-1, 0, 0), v3(1, 0.5, 0), v3(0, 1, 0.5));
    mk_triangle(&b, v3(-1, 0, 0), v3(1, 0.5, 0), v3(0, 1, 0.5));
    sweep_free("same triangle", &a, &b, O, I3, O, I3, 0, NULL, 0, 4);
    mk_hull(&a, (const double[1][3]){{0.5, 0.25, 0}}, 1, 0), mk_hull(&b, (const double[1][3]){{0.5, 0.25, 0}}, 1, 0);
    sweep_free("same point", &a, &b, O, I3, O, I3, 0, NULL, 0, 4);
    end("containment_identical");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_touch_face_face),
        cmocka_unit_test(test_touch_edge_edge),
        cmocka_unit_test(test_touch_vertex),
        cmocka_unit_test(test_stacked_tiny_gaps),
        cmocka_unit_test(test_thin_boxes),
        cmocka_unit_test(test_sliver_triangles),
        cmocka_unit_test(test_degenerate_hulls),
        cmocka_unit_test(test_duplicate_points),
        cmocka_unit_test(test_size_disparity),
        cmocka_unit_test(test_far_from_origin),
        cmocka_unit_test(test_containment_identical),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
