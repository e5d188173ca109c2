// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Degenerate geometry in 3D (issue 4), second part (the first, with what every case checks and the tolerances, is
   test_degenerate3.c): identical curved shapes, near-parallel segments and capsules, curved cores end to end
   (cylinders, cones tip to tip), and the origin on the boundary of the GJK simplex when EPA starts. Shared
   machinery: degenerate3_check.c. */
#include "degenerate3_check.h"

/* ---- identical curved shapes --------------------------------------------------------------------------------- */

/* Identical curved shapes at the same pose: the deepest direction of a cylinder (radially, when 2R < 2H) and of a
   cone (normal to its slant) is a whole circle, the case docs/numerics.md ("EPA") documents for GJK_MAX_ITERATIONS. The closed forms:
   min(2R, 2H) for a cylinder, the least width min(2H, 4RH / sqrt(R^2 + 4H^2)) for a cone. Whatever the status, the
   answer must stay a usable contact: moving B by the reported depth along the normal separates the pair. */
static void test_identical_curved(void **st) {
    (void)st;
    begin();
    body a, b;
    mk_cyl(&a, 1, 2), mk_cyl(&b, 1, 2);
    sweep_free("same cylinder", &a, &b, O, I3, O, I3, -2, NULL, F_CURVED | F_MAXIT, 4);
    mk_cyl(&a, 2, 0.5), mk_cyl(&b, 2, 0.5);
    sweep_free("same flat cylinder", &a, &b, O, I3, O, I3, -1, NULL, F_CURVED, 4);
    mk_cone(&a, 1, 1), mk_cone(&b, 1, 1);
    sweep_free("same cone", &a, &b, O, I3, O, I3, -4 / sqrt(5.0), NULL, F_CURVED | F_MAXIT, 4);
    end("identical_curved");
}

/* ---- near-parallel features ----------------------------------------------------------------------------------- */

/* Segments and capsules nearly parallel (tilt 0, 1e-12, 1e-9, 1e-6, 1e-3 rad): Ericson's closest points of two
   segments divide by the squared sine of the angle. A runs along x, B lies in the plane y = d crossing z = 0 above
   A, so the distance is exactly d (capsules: d - ra - rb) with normal +y, whatever the tilt and its rounding.
   d = 0: the segments cross or overlap, the difference is flat, depth 0 (capsules: ra + rb) along +-y. Also
   collinear and nearly collinear segments end to end, and parallel ones past each other's ends. */
static void test_parallel_segments_capsules(void **st) {
    (void)st;
    begin();
    const double tilts[5] = {0, 1e-12, 1e-9, 1e-6, 1e-3}, ds[5] = {1, 0.375, 0.3, 1e-3, 0};
    const double yn[3] = {0, 1, 0}, xn[3] = {1, 0, 0};
    body a, b;
    for (int t = 0; t < 5; ++t)
        for (int k = 0; k < 5; ++k) {
            double c = 0.75 * cos(tilts[t]), s = 0.75 * sin(tilts[t]), d = rv(ds[k]);
            gjk_vec3 b0 = v3(0.25 - c, d, -s), b1 = v3(0.25 + c, d, s);
            mk_segment(&a, v3(-1, 0, 0), v3(1, 0, 0)), mk_segment(&b, b0, b1);
            sweep_free("parallel segments", &a, &b, O, I3, O, I3, d, d > 0 ? yn : NULL, 0, 4);
            mk_segment(&a, v3(-1, 0, 0), v3(1, 0, 0)), b_round(&a, 0.25);
            mk_segment(&b, b0, b1), b_round(&b, 0.125);
            sweep_free("parallel capsules", &a, &b, O, I3, O, I3, d - 0.375, d > 0 ? yn : NULL, 0, 4);
            /* library capsules (axis z) turned onto x: inexact rotation, the oracle decides */
            mk_capsule(&a, 0.25, 1), mk_capsule(&b, 0.125, 0.75);
            gjk_quat qa = axis_angle(0, 1, 0, PI / 2), qb = axis_angle(0, 1, 0, PI / 2 - tilts[t]);
            sweep_free("parallel capsule3", &a, &b, O, qa, (double[3]){0.25, d, 0}, qb, NAN, NULL, 0, 4);
        }
    const double gaps[3] = {0, 1e-9, 1e-3};
    for (int g = 0; g < 3; ++g)
        for (int t = 0; t < 5; ++t) {
            double x0 = rv(1 + gaps[g]), ct = 2 * cos(tilts[t]), stt = 2 * sin(tilts[t]);
            mk_segment(&a, v3(-1, 0, 0), v3(1, 0, 0)), mk_segment(&b, v3(x0, 0, 0), v3(x0 + ct, stt, 0));
            sweep_free("collinear segments", &a, &b, O, I3, O, I3, x0 - 1, x0 > 1 ? xn : NULL, F_CLOSED, 4);
            mk_segment(&a, v3(-1, 0, 0), v3(1, 0, 0)), b_round(&a, 0.25);
            mk_segment(&b, v3(x0, 0, 0), v3(x0 + ct, stt, 0)), b_round(&b, 0.25);
            sweep_free("collinear capsules", &a, &b, O, I3, O, I3, x0 - 1 - 0.5, x0 > 1 ? xn : NULL, F_CLOSED, 4);
        }
    mk_segment(&a, v3(-1, 0, 0), v3(1, 0, 0)), mk_segment(&b, v3(2, 0.5, 0), v3(4, 0.5, 0));
    sweep_free("parallel past the ends", &a, &b, O, I3, O, I3, hypot(1, 0.5), NULL, 0, 4);
    end("parallel_segments_capsules");
}

/* ---- curved cores --------------------------------------------------------------------------------------------- */

/* Cylinders end to end (coaxial and offset), side by side (parallel axes) and crossed, apart, touching and
   overlapping: the support of a cylinder along its axis has no radial part (a whole cap), and sideways a whole
   generator line. Closed forms (distance = the gap; depth = the overlap along the axis or across), normal unique.
   GJK_MAX_ITERATIONS is accepted for the coaxial overlaps (docs/numerics.md: EPA on coaxial cylinders may hit its capacity). */
static void test_cylinders(void **st) {
    (void)st;
    begin();
    const double gaps[5] = {0.5, 1e-3, 0, -1e-3, -0.25};
    const double xn[3] = {1, 0, 0}, yn[3] = {0, 1, 0};
    body a, b;
    for (int g = 0; g < 5; ++g) {
        double gap = gaps[g];
        int fl = F_CURVED | (gap < 0 ? F_MAXIT : 0);
        mk_cyl(&a, 1, 1), mk_cyl(&b, 1, 1);
        sweep_free("cylinders end to end", &a, &b, O, I3, (double[3]){0, 0, rv(2 + gap)}, I3, rv(2 + gap) - 2, ZUP,
                   fl, 4);
        mk_cyl(&a, 1, 1), mk_cyl(&b, 0.5, 0.75);
        sweep_free("cylinders end to end offset", &a, &b, O, I3, (double[3]){0.75, 0.25, rv(1.75 + gap)}, I3,
                   rv(1.75 + gap) - 1.75, ZUP, F_CURVED, 4);
        mk_cyl(&a, 1, 1), mk_cyl(&b, 0.5, 0.75);
        sweep_free("cylinders side by side", &a, &b, O, I3, (double[3]){rv(1.5 + gap), 0, 0.5}, I3,
                   rv(1.5 + gap) - 1.5, xn, F_CURVED, 4);
        mk_cyl(&a, 1, 1), mk_cyl(&b, 0.5, 2);
        sweep_free("cylinders crossed", &a, &b, O, I3, (double[3]){0, rv(1.5 + gap), 0}, quat(0.5, 0.5, 0.5, 0.5),
                   rv(1.5 + gap) - 1.5, yn, F_CURVED, 4);
    }
    end("cylinders");
}

/* Cones tip to tip (coaxial, B upside down), apart and touching: the closest points are the apexes, where the
   supports of both cones are discontinuous, and every support point GJK meets is near the origin of the
   difference. A cone's apex on a cylinder's cap, apart, touching and overlapping (depth = the overlap along the
   axis, a flat face of the difference). */
static void test_cones_tip_to_tip(void **st) {
    (void)st;
    begin();
    const double gaps[5] = {0.5, 1e-3, 1e-6, 0, -1e-3};
    const gjk_quat flip = quat(0, 1, 0, 0); /* pi about x, exact */
    body a, b;
    for (int g = 0; g < 5; ++g) {
        double z = rv(2 + gaps[g]), zz = rv(1.75 + gaps[g]);
        if (gaps[g] >= 0) {
            mk_cone(&a, 1, 1), mk_cone(&b, 1, 1);
            sweep_free("cones tip to tip", &a, &b, O, I3, (double[3]){0, 0, z}, flip, z - 2, z > 2 ? ZUP : NULL,
                       F_CURVED, 4);
            mk_cone(&a, 1, 1), mk_cone(&b, 0.5, 0.75);
            sweep_free("cones tip to tip unequal", &a, &b, O, I3, (double[3]){0, 0, zz}, flip, zz - 1.75,
                       zz > 1.75 ? ZUP : NULL, F_CURVED, 4);
        }
        mk_cone(&a, 1, 1), mk_cyl(&b, 1, 1);
        sweep_free("cone tip on cylinder", &a, &b, O, I3, (double[3]){0.25, 0, z}, I3, z - 2, ZUP, F_CURVED, 4);
    }
    end("cones_tip_to_tip");
}

/* Cones tip to tip overlapping by delta: near its top vertex the difference is the wider of the two cones (the sum
   of two coaxial cones with a common apex), so the depth is delta * sin(alpha), tan(alpha) = R / 2H, along any
   direction of a whole circle: the case docs/numerics.md ("EPA") gives for GJK_MAX_ITERATIONS, accepted here. Whatever the status, moving B
   by the reported depth along the normal must separate the pair. */
static void test_cones_tip_to_tip_overlap(void **st) {
    (void)st;
    begin();
    const double gaps[3] = {-1e-6, -1e-3, -0.05};
    const gjk_quat flip = quat(0, 1, 0, 0);
    const double sa = 1 / sqrt(5.0);
    body a, b;
    for (int g = 0; g < 3; ++g) {
        double z = rv(2 + gaps[g]), zz = rv(1.75 + gaps[g]);
        mk_cone(&a, 1, 1), mk_cone(&b, 1, 1);
        sweep_free("cones overlap", &a, &b, O, I3, (double[3]){0, 0, z}, flip, (z - 2) * sa, NULL,
                   F_CURVED | F_MAXIT, 4);
        mk_cone(&a, 1, 1), mk_cone(&b, 0.5, 0.75);
        sweep_free("cones overlap unequal", &a, &b, O, I3, (double[3]){0, 0, zz}, flip, (zz - 1.75) * sa, NULL,
                   F_CURVED | F_MAXIT, 4);
    }
    end("cones_tip_to_tip_overlap");
}

/* ---- the origin on the boundary of the simplex when EPA starts ------------------------------------------------ */

/* mujoco_warp #1526: the origin exactly on a face of the final GJK simplex. Zero depth with the origin on a face,
   an edge and a vertex of the difference (hulls: GJK/EPA, no closed form), and symmetric overlaps (identical
   hull boxes shifted along an axis, a face diagonal, a space diagonal; a tetrahedron against its mirror image)
   where GJK's supports come in opposite pairs and its simplex holds the origin on an edge or a face; EPA must grow
   it to a tetrahedron by orthogonal supports. Also rounded hulls whose cores touch exactly (depth = the margins). */
static void test_epa_origin_on_boundary(void **st) {
    (void)st;
    begin();
    body a, b;
    const double xn[3] = {1, 0, 0};
    mk_hull_box(&a, 1, 1, 1), mk_hull_box(&b, 1, 1, 1);
    sweep_free("origin on a face", &a, &b, O, I3, (double[3]){0.5, 0.25, 2}, I3, 0, ZUP, 0, 6);
    mk_hull(&a, ROOF_UP, 6, 3), mk_hull(&b, ROOF_DOWN_Y, 6, 3);
    sweep_free("origin on an edge", &a, &b, O, I3, O, I3, 0, NULL, 0, 6);
    mk_hull(&a, OCT_BELOW, 6, 3), mk_hull(&b, OCT_ABOVE, 6, 3);
    sweep_free("origin on a vertex", &a, &b, O, I3, O, I3, 0, NULL, 0, 6);
    mk_hull(&a, OCT_BELOW, 6, 3), mk_hull(&b, OCT_ABOVE, 6, 3);
    sweep_free("origin on a vertex, turned", &a, &b, O, I3, O, axis_angle(0, 0, 1, PI / 4), 0, NULL, 0, 6);
    mk_hull(&a, OCT_BELOW, 6, 3), b_round(&a, 0.125), mk_hull(&b, OCT_ABOVE, 6, 3), b_round(&b, 0.25);
    sweep_free("rounded cores touching", &a, &b, O, I3, O, I3, -0.375, NULL, 0, 6);
    mk_hull_box(&a, 1, 1, 1), b_round(&a, 0.125), mk_hull_box(&b, 1, 1, 1), b_round(&b, 0.125);
    sweep_free("rounded faces touching", &a, &b, O, I3, (double[3]){0.25, 0, 2}, I3, -0.25, ZUP, 0, 6);
    const double shifts[3][3] = {{0.5, 0, 0}, {0.5, 0.5, 0}, {0.5, 0.5, 0.5}};
    for (int i = 0; i < 3; ++i) {
        mk_hull_box(&a, 1, 1, 1), mk_hull_box(&b, 1, 1, 1);
        sweep_free("symmetric shift", &a, &b, O, I3, shifts[i], I3, -1.5, i == 0 ? xn : NULL, 0, 6);
        mk_box(&a, 1, 1, 1), mk_box(&b, 1, 1, 1);
        sweep_free("symmetric shift boxes", &a, &b, O, I3, shifts[i], I3, -1.5, i == 0 ? xn : NULL, 0, 6);
    }
    const double tet[4][3] = {{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}};
    const double mir[4][3] = {{-1, -1, -1}, {-1, 1, 1}, {1, -1, 1}, {1, 1, -1}};
    mk_hull(&a, tet, 4, 3), mk_hull(&b, mir, 4, 3);
    sweep_free("tetrahedron and mirror", &a, &b, O, I3, O, I3, NAN, NULL, 0, 6);
    mk_hull(&a, tet, 4, 3), mk_hull(&b, tet, 4, 3);
    sweep_free("same tetrahedron", &a, &b, O, I3, O, I3, NAN, NULL, 0, 6);
    mk_hull(&a, OCT_ABOVE, 6, 3), mk_hull(&b, OCT_ABOVE, 6, 3);
    sweep_free("same octahedron shifted", &a, &b, O, I3, (double[3]){0, 0, 0.5}, I3, NAN, NULL, 0, 6);
    end("epa_origin_on_boundary");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_identical_curved),
        cmocka_unit_test(test_parallel_segments_capsules),
        cmocka_unit_test(test_cylinders),
        cmocka_unit_test(test_cones_tip_to_tip),
        cmocka_unit_test(test_cones_tip_to_tip_overlap),
        cmocka_unit_test(test_epa_origin_on_boundary),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
