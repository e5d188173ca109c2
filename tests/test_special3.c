// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Closed forms for 3D core pairs (src/special3.c, src/special3_box.c) against an independent oracle: qhull's hull of
   the cores' Minkowski difference (oracle3.c), and the oracle's own closed forms (segment-segment distance,
   box-sphere) as a second route.

   gjk_special3() sees only the cores (B's core in A's frame, gjk_minkowski3) and the radius sum R. Each random pair
   is called in the three modes and every answer is checked against the contract in special3.h (special3_check.c):
   - EXACT: signed core distance, |normal| = 1, pa on A's core and a support point of A along the normal, pb likewise
     on B along -normal, pb - pa = core_dist * normal (for separated cores these certify the distance by themselves:
     an upper bound from the points, a lower bound from the gap along the normal), the normal equal to the oracle's
     where that is unique, and for overlapping cores: moving B by (depth + a hair) * normal separates them (checked
     with the oracle: this holds for any valid normal, also where the normal is not unique);
   - SEPARATED: core_dist > R, a lower bound of the true distance, and the normal an axis with at least that gap;
   - OVERLAP: the true core distance is within R (+ the touching tolerance);
   - NONE: only for box-box, and never for overlapping cores.
   Families: each pair type in both orders, placed along a random direction at 0.6..1.4 of the touching distance (of
   the cores or of the rounded shapes), within 1e-9..1e-3 of it, deeper, or touching; random rotations and rotations
   by right angles (stacked boxes: every tie at once), far from the world origin, tiny and huge sizes. Named cases
   below pin the degenerate configurations, each with the hazard it guards against.
   Errors are measured in units of eps * scale (eps of gjk_real, scale = |pos| + the cores' bounding radii), printed
   per family (ctest -V). GJK_TEST_SCALE in the environment scales the pair counts (default 1). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "special3_check.h"

#if GJK_USE_FLOAT
#define FAR 1e3
#else
#define FAR 1e6
#endif

static void family_sphere_sphere(void **s) {
    (void)s;
    sp3_run_family("sphere-sphere", 11, sp3_rand_point, sp3_rand_point, 3000, 0);
}
static void family_sphere_capsule(void **s) {
    (void)s;
    sp3_run_family("sphere-capsule", 12, sp3_rand_point, sp3_rand_segment, 3000, 0);
    sp3_run_family("capsule-sphere", 13, sp3_rand_segment, sp3_rand_point, 3000, 0);
}
static void family_capsule_capsule(void **s) {
    (void)s;
    sp3_run_family("capsule-capsule", 14, sp3_rand_segment, sp3_rand_segment, 5000, 0);
    sp3_run_family_rot("capsule-capsule at right angles", 26, sp3_rand_segment, sp3_rand_segment, 2000, 0,
                       sp3_right_angle_quat);
}
static void family_sphere_box(void **s) {
    (void)s;
    sp3_run_family("sphere-box", 15, sp3_rand_point, sp3_rand_box, 3000, 0);
    sp3_run_family("box-sphere", 16, sp3_rand_box, sp3_rand_point, 3000, 0);
}
static void family_box_box(void **s) {
    (void)s;
    sp3_run_family("box-box", 17, sp3_rand_box, sp3_rand_box, 5000, 0);
    sp3_run_family_rot("box-box at right angles", 24, sp3_rand_box, sp3_rand_box, 3000, 0, sp3_right_angle_quat);
}
static void family_capsule_box(void **s) {
    (void)s;
    sp3_run_family("capsule-box", 18, sp3_rand_segment, sp3_rand_box, 4000, 0);
    sp3_run_family("box-capsule", 19, sp3_rand_box, sp3_rand_segment, 4000, 0);
    sp3_run_family_rot("capsule-box at right angles", 25, sp3_rand_segment, sp3_rand_box, 3000, 0,
                       sp3_right_angle_quat);
}
/* Tiny and huge sizes: the tolerances are relative, so the same bounds must hold at any scale. */
static void family_sizes(void **s) {
    (void)s;
#if GJK_USE_FLOAT
    const double sizes[2] = {1e-4, 1e4};
#else
    const double sizes[2] = {1e-9, 1e9};
#endif
    for (int i = 0; i < 2; ++i) {
        sp3_size_factor = sizes[i];
        sp3_run_family(i ? "huge capsule-capsule" : "tiny capsule-capsule", 30 + i, sp3_rand_segment,
                       sp3_rand_segment, 500, 0);
        sp3_run_family(i ? "huge sphere-box" : "tiny sphere-box", 32 + i, sp3_rand_point, sp3_rand_box, 500, 0);
        sp3_run_family(i ? "huge box-box" : "tiny box-box", 34 + i, sp3_rand_box, sp3_rand_box, 500, 0);
        sp3_run_family(i ? "huge capsule-box" : "tiny capsule-box", 36 + i, sp3_rand_segment, sp3_rand_box, 500, 0);
    }
    sp3_size_factor = 1;
}

/* Extreme sizes and offsets, near the ends of the real range: never NaN, and finite while squares are. */
static void named_extremes(void **s) {
    (void)s;
#if GJK_USE_FLOAT
    const double scales[4] = {1e-30, 1e-12, 1e12, 1e18};
#else
    const double scales[4] = {1e-300, 1e-100, 1e100, 1e150};
#endif
    test_rng rng = {99};
    maker_fn *makers[3] = {sp3_rand_point, sp3_rand_segment, sp3_rand_box};
    for (int si = 0; si < 4; ++si)
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j)
                for (int rep = 0; rep < 40; ++rep) {
                    sp3_size_factor = scales[si];
                    pair3 p;
                    memset(&p, 0, sizeof p);
                    p.a = makers[i](&rng);
                    p.b = makers[j](&rng);
                    gjk_vec3 off = test_vec3(&rng, -3, 3);
                    double far = rep % 4 == 0 ? 1e6 : 1; /* sometimes far apart for the size */
                    p.m.rot = gjk_mat33_from_quat(test_quat(&rng));
                    p.m.pos = gjk_scale3(off, (gjk_real)(scales[si] * far));
                    p.m.a = &p.a;
                    p.m.b = &p.b;
                    p.R = gjk_core3_radius(&p.a) + gjk_core3_radius(&p.b);
                    for (int mode = 0; mode < 3; ++mode) {
                        gjk_special3_result o;
                        memset(&o, 0, sizeof o);
                        gjk_special_kind k = gjk_special3(&p.m, p.R, (gjk_gjk_mode)mode, &o);
                        assert_true(k >= GJK_SPECIAL_NONE && k <= GJK_SPECIAL_OVERLAP);
                        double v[11] = {sp3_rd(o.core_dist), sp3_rd(o.normal.x), sp3_rd(o.normal.y), sp3_rd(o.normal.z),
                                        sp3_rd(o.pa.x),      sp3_rd(o.pa.y),     sp3_rd(o.pa.z),     sp3_rd(o.pb.x),
                                        sp3_rd(o.pb.y),      sp3_rd(o.pb.z),     sp3_rd(o.scale)};
                        for (int c = 0; c < 11; ++c) {
                            if (isnan(v[c]))
                                printf("NaN: scale %g types %d %d mode %d field %d kind %d\n", scales[si] * far,
                                       p.a.type, p.b.type, mode, c, k);
                            assert_false(isnan(v[c]));
                            if (scales[si] * far < 1e-3 * sqrt(GJK_REAL_MAX)) assert_true(isfinite(v[c]));
                        }
                    }
                }
    sp3_size_factor = 1;
}

static void family_far(void **s) {
    (void)s;
    sp3_run_family("far capsule-capsule", 20, sp3_rand_segment, sp3_rand_segment, 1000, FAR);
    sp3_run_family("far sphere-box", 21, sp3_rand_point, sp3_rand_box, 1000, FAR);
    sp3_run_family("far box-box", 22, sp3_rand_box, sp3_rand_box, 1000, FAR);
    sp3_run_family("far box-capsule", 23, sp3_rand_box, sp3_rand_segment, 1000, FAR);
}

/* ---- named degenerate cases ------------------------------------------------------------------------------------- */

static gjk_mat33 rot_axis(double x, double y, double z, double angle) {
    gjk_vec3 axis = gjk_v3((gjk_real)x, (gjk_real)y, (gjk_real)z);
    return gjk_mat33_from_quat(gjk_quat_from_axis_angle(axis, (gjk_real)angle));
}
static gjk_mat33 identity33(void) { return rot_axis(1, 0, 0, 0); }

static pair3 make_pair(gjk_shape3 a, gjk_shape3 b, gjk_mat33 rot, double x, double y, double z, double R) {
    pair3 p;
    memset(&p, 0, sizeof p);
    p.a = a;
    p.b = b;
    p.m.rot = rot;
    p.m.pos = gjk_v3((gjk_real)x, (gjk_real)y, (gjk_real)z);
    p.R = (gjk_real)R;
    return p; /* m.a and m.b are set where the pair is used: they must point into the caller's copy */
}

#define TOL_NAMED (64.0 * GJK_REAL_EPSILON)

/* Call one mode, require the kind and (for EXACT and SEPARATED) the core distance and normal. */
static gjk_special3_result expect(pair3 *p, gjk_gjk_mode mode, gjk_special_kind kind, double dist, double nx, double ny,
                                  double nz) {
    gjk_special3_result o;
    memset(&o, 0, sizeof o);
    p->m.a = &p->a;
    p->m.b = &p->b;
    gjk_special_kind k = gjk_special3(&p->m, p->R, mode, &o);
    assert_int_equal(k, kind);
    if (k == GJK_SPECIAL_EXACT || k == GJK_SPECIAL_SEPARATED) {
        EXPECT_NEAR(o.core_dist, dist, TOL_NAMED * 4);
        EXPECT_NEAR(o.normal.x, nx, TOL_NAMED);
        EXPECT_NEAR(o.normal.y, ny, TOL_NAMED);
        EXPECT_NEAR(o.normal.z, nz, TOL_NAMED);
    }
    return o;
}

/* ... and the oracle's checks of all three modes. */
static void oracle_ok(pair3 *p, const char *name) {
    stats st;
    memset(&st, 0, sizeof st);
    st.name = name;
    assert_true(sp3_pair_setup(p));
    assert_true(sp3_check_pair(p, &st));
}

static void expect_point(gjk_vec3 v, double x, double y, double z) {
    EXPECT_NEAR(v.x, x, TOL_NAMED * 4);
    EXPECT_NEAR(v.y, y, TOL_NAMED * 4);
    EXPECT_NEAR(v.z, z, TOL_NAMED * 4);
}

/* Parallel segments: the cross product vanishes and the lines' stationary point does not exist (Ericson 5.1.9's
   divide by a e - b^2 = 0); the overlap of the parameter ranges must still give the right distance. */
static void named_parallel_segments(void **state) {
    (void)state;
    gjk_shape3 c = gjk_capsule3(GJK_R(0.25), 1);
    pair3 p = make_pair(c, c, identity33(), 0.5, 0, 0.3, 0.5);
    expect(&p, GJK_MODE_DISTANCE, GJK_SPECIAL_EXACT, 0.5, 1, 0, 0);
    oracle_ok(&p, "parallel");
    p = make_pair(c, c, rot_axis(1, 0, 0, 3.14159265358979323846), 0, -0.5, 0.3, 0.5); /* anti-parallel */
    expect(&p, GJK_MODE_DISTANCE, GJK_SPECIAL_EXACT, 0.5, 0, -1, 0);
    oracle_ok(&p, "anti-parallel");
    /* collinear and overlapping: touching along a whole range; normal perpendicular to the segment (+y: z x x) */
    p = make_pair(c, c, identity33(), 0, 0, 0.5, 0.5);
    expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_EXACT, 0, 0, 1, 0);
    oracle_ok(&p, "collinear");
    /* nearly parallel (1e-9 rad, 1e-5 rad): the cross product is all cancellation */
    p = make_pair(c, c, rot_axis(0, 1, 0, 1e-9), 0.5, 0, 0.3, 0.5);
    oracle_ok(&p, "nearly parallel");
    p = make_pair(c, c, rot_axis(1, 1, 0, 1e-5), 0.3, -0.3, 1.5, 0.5);
    oracle_ok(&p, "nearly parallel, shifted");
    /* nearly parallel lines in a general direction passing 1e-12 apart inside both segments: d1 x d2 evaluated
       plainly has a relative error of eps / 1e-6 here, which moves the closest points 1e-4 along the segments and
       leaves pb - pa about 1e-10 off the normal */
    const double v[3] = {0.48, 0.6, 0.64}, e[3] = {0, 0.72965973699443582, -0.68405600343228358}, th = 1e-6;
    double w[3], ev[3] = {e[1] * v[2] - e[2] * v[1], e[2] * v[0] - e[0] * v[2], e[0] * v[1] - e[1] * v[0]};
    for (int i = 0; i < 3; ++i) w[i] = v[i] * cos(th) + ev[i] * sin(th);
    gjk_vec3 vv = gjk_v3((gjk_real)v[0], (gjk_real)v[1], (gjk_real)v[2]);
    gjk_vec3 wv = gjk_v3((gjk_real)w[0], (gjk_real)w[1], (gjk_real)w[2]);
    const double gap = GJK_USE_FLOAT ? 1e-6 : 1e-12;
    p = make_pair(gjk_segment3(gjk_neg3(vv), vv), gjk_segment3(gjk_neg3(wv), wv), identity33(), gap * e[0], gap * e[1],
                  gap * e[2], 0.5);
    gjk_special3_result o;
    p.m.a = &p.a, p.m.b = &p.b; /* (make_pair returned a copy) */
    assert_int_equal(gjk_special3(&p.m, p.R, GJK_MODE_DISTANCE, &o), GJK_SPECIAL_EXACT);
    EXPECT_NEAR(o.core_dist, gap, TOL_NAMED * 4);
    /* the common perpendicular of the segments as rounded (e only to about eps / 1e-6) */
    EXPECT_NEAR(gjk_dot3(o.normal, vv), 0, TOL_NAMED);
    EXPECT_NEAR(gjk_dot3(o.normal, wv), 0, TOL_NAMED);
    assert_true(o.normal.x * e[0] + o.normal.y * e[1] + o.normal.z * e[2] > 0.99);
    EXPECT_NEAR(o.pb.x - o.pa.x, o.core_dist * o.normal.x, TOL_NAMED);
    EXPECT_NEAR(o.pb.y - o.pa.y, o.core_dist * o.normal.y, TOL_NAMED);
    EXPECT_NEAR(o.pb.z - o.pa.z, o.core_dist * o.normal.z, TOL_NAMED);
    oracle_ok(&p, "nearly parallel, crossing");
}

/* Zero-length segments: a capsule of half height 0 and a segment shape with a == b are points (no 0/0). */
static void named_zero_length(void **state) {
    (void)state;
    pair3 p = make_pair(gjk_capsule3(GJK_R(0.5), 0), gjk_capsule3(GJK_R(0.5), 1), identity33(), 2, 0, 0.5, 1);
    expect(&p, GJK_MODE_DISTANCE, GJK_SPECIAL_EXACT, 2, 1, 0, 0);
    oracle_ok(&p, "zero-length capsule");
    gjk_shape3 dot = gjk_segment3(gjk_v3(1, 1, 1), gjk_v3(1, 1, 1));
    p = make_pair(dot, gjk_sphere3(1), identity33(), 1, 1, 3, 1);
    expect(&p, GJK_MODE_DISTANCE, GJK_SPECIAL_EXACT, 2, 0, 0, 1);
    oracle_ok(&p, "a == b segment");
    /* coincident points: any normal; documented +x */
    p = make_pair(gjk_sphere3(1), gjk_point3(), identity33(), 0, 0, 0, 1);
    expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_EXACT, 0, 1, 0, 0);
    oracle_ok(&p, "coincident centres");
    /* zero-length capsule against a box: a sphere-box */
    p = make_pair(gjk_box3(gjk_v3(1, 1, 1)), gjk_capsule3(GJK_R(0.5), 0), identity33(), 0, 0, 3, 0.5);
    expect(&p, GJK_MODE_BOOLEAN, GJK_SPECIAL_EXACT, 2, 0, 0, 1);
    oracle_ok(&p, "zero-length capsule-box");
}

/* Crossing segments: distance exactly 0, so the difference of the closest points has no direction; the normal must
   be the common perpendicular (the depth the caller adds, R, is right along it and only along it). */
static void named_intersecting_segments(void **state) {
    (void)state;
    gjk_shape3 c = gjk_capsule3(GJK_R(0.25), 1);
    pair3 p = make_pair(c, c, rot_axis(0, 1, 0, 1.5707963267948966), 0, 0, 0.25, 0.5); /* B along x */
    gjk_special3_result o = expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_EXACT, 0, 0, 1, 0);
    expect_point(o.pa, 0, 0, 0.25);
    expect_point(o.pb, 0, 0, 0.25);
    oracle_ok(&p, "crossing");
    /* T junction: B's end on A's middle (closest points clamped on B, so not the interior branch) */
    p = make_pair(c, c, rot_axis(0, 1, 0, 1.5707963267948966), 1, 0, 0.25, 0.5);
    expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_EXACT, 0, 0, 1, 0);
    oracle_ok(&p, "T junction");
}

/* A sphere centre exactly on the box's surface, at its centre: distance 0 or minus a half extent, ties broken by the
   lowest axis and a zero coordinate by the + face, in either order. */
static void named_sphere_box(void **state) {
    (void)state;
    gjk_shape3 box = gjk_box3(gjk_v3(1, 2, 3)), s = gjk_sphere3(GJK_R(0.5));
    pair3 p = make_pair(box, s, identity33(), 1, 0.5, 0.5, 0.5); /* on the +x face */
    gjk_special3_result o = expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_EXACT, 0, 1, 0, 0);
    expect_point(o.pa, 1, 0.5, 0.5);
    oracle_ok(&p, "centre on a face");
    p = make_pair(box, s, identity33(), 1, 2, 0.5, 0.5); /* on an edge */
    expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_EXACT, 0, 1, 0, 0);
    oracle_ok(&p, "centre on an edge");
    p = make_pair(box, s, identity33(), -1, -2, -3, 0.5); /* on a corner */
    expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_EXACT, 0, -1, 0, 0);
    oracle_ok(&p, "centre on a corner");
    p = make_pair(s, box, identity33(), -1, -0.5, -0.5, 0.5); /* B is the box: the normal flips */
    expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_EXACT, 0, -1, 0, 0);
    oracle_ok(&p, "sphere-box, centre on a face");
    p = make_pair(gjk_box3(gjk_v3(1, 1, 1)), s, identity33(), 0, 0, 0, 0.5); /* cube centre: three-way tie */
    o = expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_EXACT, -1, 1, 0, 0);
    expect_point(o.pa, 1, 0, 0);
    expect_point(o.pb, 0, 0, 0);
    oracle_ok(&p, "centre at a cube's centre");
    p = make_pair(gjk_box3(gjk_v3(2, 1, 3)), s, identity33(), 0, 0, 0, 0.5);
    expect(&p, GJK_MODE_DISTANCE, GJK_SPECIAL_EXACT, -1, 0, 1, 0);
    oracle_ok(&p, "centre at the box centre");
    p = make_pair(s, gjk_box3(gjk_v3(1, 1, 1)), rot_axis(1, 1, 0, 0.7), 0.1, 0.2, 0.3, 0.5);
    oracle_ok(&p, "centre inside a rotated box B");
}

/* Boxes face to face, exactly touching (libccd #25, #68: NaN or a crash on touching boxes): depth 0 with the face
   normal, contact at the centre of the touching patch; BOOLEAN counts touching as overlapping. */
static void named_boxes_touching(void **state) {
    (void)state;
    pair3 p = make_pair(gjk_box3(gjk_v3(1, 1, 1)), gjk_box3(gjk_v3(0.5, 0.5, 0.5)), identity33(), 1.5, 0.2, -0.1, 0);
    gjk_special3_result o = expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_EXACT, 0, 1, 0, 0);
    expect_point(o.pa, 1, 0.2, -0.1);
    expect_point(o.pb, 1, 0.2, -0.1);
    expect(&p, GJK_MODE_BOOLEAN, GJK_SPECIAL_OVERLAP, 0, 0, 0, 0);
    expect(&p, GJK_MODE_DISTANCE, GJK_SPECIAL_EXACT, 0, 1, 0, 0);
    oracle_ok(&p, "touching boxes");
    /* apart by 0.5: rounded by R = 1 they overlap, which only GJK can size (NONE); with R = 0.4 they are apart, and
       the distance mode has the exact gap of the faces facing each other, witnesses at the centre of the square */
    p = make_pair(gjk_box3(gjk_v3(1, 1, 1)), gjk_box3(gjk_v3(1, 1, 1)), identity33(), 2.5, 0, 0, 1);
    expect(&p, GJK_MODE_BOOLEAN, GJK_SPECIAL_NONE, 0, 0, 0, 0);
    expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_NONE, 0, 0, 0, 0);
    expect(&p, GJK_MODE_DISTANCE, GJK_SPECIAL_NONE, 0, 0, 0, 0);
    p.R = GJK_R(0.4);
    o = expect(&p, GJK_MODE_DISTANCE, GJK_SPECIAL_EXACT, 0.5, 1, 0, 0);
    expect_point(o.pa, 1, 0, 0);
    expect_point(o.pb, 1.5, 0, 0);
    /* corner to corner, (1, 1, 1) to (2, 2, 2): every axis gaps by 1 of the distance sqrt(3), and none carries the
       closest features (NONE) */
    p = make_pair(gjk_box3(gjk_v3(1, 1, 1)), gjk_box3(gjk_v3(1, 1, 1)), identity33(), 3, 3, 3, 0);
    expect(&p, GJK_MODE_DISTANCE, GJK_SPECIAL_NONE, 0, 0, 0, 0);
    oracle_ok(&p, "boxes corner to corner");
    p = make_pair(gjk_box3(gjk_v3(1, 1, 1)), gjk_box3(gjk_v3(1, 1, 1)), identity33(), 2.5, 0, 0, 1);
    p.R = GJK_R(0.4);
    expect(&p, GJK_MODE_BOOLEAN, GJK_SPECIAL_SEPARATED, 0.5, 1, 0, 0);
    expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_SEPARATED, 0.5, 1, 0, 0);
    oracle_ok(&p, "apart boxes");
}

/* Identical boxes at the same pose: every face axis ties and the cross axes of equal edges vanish. */
static void named_identical_boxes(void **state) {
    (void)state;
    gjk_shape3 box = gjk_box3(gjk_v3(1, 2, 3));
    pair3 p = make_pair(box, box, identity33(), 0, 0, 0, 0);
    gjk_special3_result o = expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_EXACT, -2, 1, 0, 0);
    expect_point(o.pa, 1, 0, 0);
    expect_point(o.pb, -1, 0, 0);
    expect(&p, GJK_MODE_BOOLEAN, GJK_SPECIAL_OVERLAP, 0, 0, 0, 0);
    oracle_ok(&p, "identical boxes");
}

/* Edges crossing: the depth is along the cross product of the two edges, which no face axis sees; witnesses are
   the closest points of the edges. B's axes: c0 = (1, 0, -1)/sqrt2, c1 = (1/2, 1/sqrt2, 1/2), c2 = c0 x c1; B's
   edge along c0 meets A's edge (x = 1, z = 1) at depth 0.05 along (1, 0, 1)/sqrt2. */
static void named_edge_edge(void **state) {
    (void)state;
    const double h = 0.70710678118654752440, dep = 0.05;
    gjk_mat33 rot;
    rot.r0 = gjk_v3((gjk_real)h, GJK_R(0.5), GJK_R(0.5));
    rot.r1 = gjk_v3(0, (gjk_real)h, (gjk_real)-h);
    rot.r2 = gjk_v3((gjk_real)-h, GJK_R(0.5), GJK_R(0.5));
    gjk_shape3 box = gjk_box3(gjk_v3(1, 1, 1));
    pair3 p = make_pair(box, box, rot, 2 - dep * h, 0, 2 - dep * h, 0);
    gjk_special3_result o = expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_EXACT, -dep, h, 0, h);
    expect_point(o.pa, 1, 0, 1);
    expect_point(o.pb, 1 - dep * h, 0, 1 - dep * h);
    expect(&p, GJK_MODE_BOOLEAN, GJK_SPECIAL_OVERLAP, 0, 0, 0, 0);
    oracle_ok(&p, "edge-edge");
}

/* Parallel edges (cross products exactly zero, or 1e-9): the skipped or tiny cross axes must not matter. */
static void named_parallel_edges(void **state) {
    (void)state;
    gjk_shape3 box = gjk_box3(gjk_v3(1, 1, 1));
    pair3 p = make_pair(box, box, identity33(), 1.9, 1.9, 0.5, 0);
    gjk_special3_result o = expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_EXACT, -0.1, 1, 0, 0);
    expect_point(o.pb, 0.9, 0.95, 0.25);
    expect_point(o.pa, 1, 0.95, 0.25);
    oracle_ok(&p, "parallel edges");
    p = make_pair(box, box, rot_axis(0, 0, 1, 1e-9), 1.9, 1.9, 0.5, 0);
    oracle_ok(&p, "nearly parallel edges");
    p = make_pair(box, gjk_box3(gjk_v3(0.5, 2, 0.25)), rot_axis(1, 2, 3, 1e-7), 1.4, 0.3, 0.2, 0);
    oracle_ok(&p, "nearly aligned boxes");
    p = make_pair(box, box, rot_axis(0, 0, 1, 0.7853981633974483), 2.3, 0.2, 0.1, 0); /* 45 deg: edge on face */
    oracle_ok(&p, "box edge on a face");
}

/* A capsule through a box along an axis: the segment is level with the nearest face (the whole segment is the
   deepest feature, clipped to the face), in both orders. */
static void named_capsule_through_box(void **state) {
    (void)state;
    gjk_shape3 box = gjk_box3(gjk_v3(1, 1, 1)), cap = gjk_capsule3(GJK_R(0.1), 3);
    pair3 p = make_pair(box, cap, identity33(), 0.2, 0.1, 0, 0.1);
    gjk_special3_result o = expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_EXACT, -0.8, 1, 0, 0);
    expect_point(o.pb, 0.2, 0.1, 0);
    expect_point(o.pa, 1, 0.1, 0);
    expect(&p, GJK_MODE_BOOLEAN, GJK_SPECIAL_OVERLAP, 0, 0, 0, 0);
    expect(&p, GJK_MODE_DISTANCE, GJK_SPECIAL_EXACT, -0.8, 1, 0, 0);
    oracle_ok(&p, "capsule through a box");
    p = make_pair(cap, box, identity33(), -0.2, -0.1, 0, 0.1); /* B is the box: the normal flips */
    expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_EXACT, -0.8, -1, 0, 0);
    oracle_ok(&p, "box around a capsule");
    p = make_pair(box, cap, rot_axis(1, 1, 0, 0.9553166181245093), 0.05, -0.02, 0.01, 0.1); /* along a diagonal */
    oracle_ok(&p, "capsule through a box, diagonal");
    p = make_pair(box, cap, rot_axis(0, 1, 0, 1.5707963267948966), 0, 0, 1.5, 0.1); /* resting across the top */
    oracle_ok(&p, "capsule across a face");
}

/* Capsule and box apart by less than R: no axis decides, the exact segment-box distance does. Beside a vertical edge
   every axis shows 0.3 while the distance is 0.3 sqrt2: with R = 0.35 the shapes are apart, which an axis test alone
   would have called overlapping. */
static void named_capsule_box_within_radius(void **state) {
    (void)state;
    gjk_shape3 box = gjk_box3(gjk_v3(1, 1, 1)), cap = gjk_capsule3(GJK_R(0.1), 1);
    pair3 p = make_pair(box, cap, rot_axis(0, 1, 0, 1.5707963267948966), 0.3, 0.2, 1.05, 0.1); /* lying on top */
    gjk_special3_result o = expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_EXACT, 0.05, 0, 0, 1);
    expect_point(o.pb, o.pa.x, o.pa.y, 1.05);
    expect(&p, GJK_MODE_DISTANCE, GJK_SPECIAL_EXACT, 0.05, 0, 0, 1);
    expect(&p, GJK_MODE_BOOLEAN, GJK_SPECIAL_OVERLAP, 0, 0, 0, 0);
    oracle_ok(&p, "capsule lying on a box");
    p = make_pair(box, gjk_capsule3(GJK_R(0.1), GJK_R(0.5)), identity33(), 1.3, 1.3, 0, 0.35); /* beside an edge */
    const double d = 0.42426406871192851;
    expect(&p, GJK_MODE_BOOLEAN, GJK_SPECIAL_SEPARATED, d, 0.70710678118654752, 0.70710678118654752, 0);
    o = expect(&p, GJK_MODE_SEPARATED, GJK_SPECIAL_EXACT, d, 0.70710678118654752, 0.70710678118654752, 0);
    expect_point(o.pa, 1, 1, o.pa.z); /* on the edge; any height along it is closest */
    oracle_ok(&p, "capsule beside a box edge");
    p.R = GJK_R(0.45);
    expect(&p, GJK_MODE_BOOLEAN, GJK_SPECIAL_OVERLAP, 0, 0, 0, 0);
    p = make_pair(cap, box, rot_axis(1, 0, 0, 0.3), -0.5, 0.4, -1.6, 0.1); /* B is the box, apart */
    oracle_ok(&p, "capsule above a rotated box");
    /* the capsule's axis leaves the box's corner along the diagonal: touching, every axis shows 0 up to rounding,
       and the distance vector (if any) is all rounding */
    const double k = 0.57735026918962576;
    gjk_vec3 z = gjk_v3(0, 0, 1), diag = gjk_v3((gjk_real)k, (gjk_real)k, (gjk_real)k);
    gjk_vec3 axis = gjk_cross3(z, diag);
    p = make_pair(box, cap, rot_axis(axis.x, axis.y, axis.z, acos(k)), 1 + k, 1 + k, 1 + k, 0.1);
    oracle_ok(&p, "capsule tip on a box corner");
    p = make_pair(cap, box, rot_axis(axis.x, axis.y, axis.z, -acos(k)), -(1 + k) * k * 3, 0, 0, 0.1);
    oracle_ok(&p, "capsule tip on a box corner, B the box");
}

/* Far from the world origin: the pair as the queries build it (B into A's frame) keeps its digits. */
static void named_far(void **state) {
    (void)state;
    gjk_shape3 box = gjk_box3(gjk_v3(1, 1, 1)), cap = gjk_capsule3(GJK_R(0.25), 1);
    gjk_quat qa = gjk_quat_from_axis_angle(gjk_v3(1, 2, 3), GJK_R(0.3));
    gjk_quat qb = gjk_quat_from_axis_angle(gjk_v3(-1, 0, 2), GJK_R(1.1));
    gjk_vec3 wa = gjk_v3((gjk_real)FAR, (gjk_real)FAR, (gjk_real)-FAR);
    gjk_vec3 wb = gjk_add3(wa, gjk_v3(GJK_R(1.5), GJK_R(0.25), GJK_R(0.5)));
    gjk_shape3 shapes[3] = {box, cap, gjk_sphere3(GJK_R(0.5))};
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            pair3 p = make_pair(shapes[i], shapes[j], identity33(), 0, 0, 0, 0);
            sp3_m_from_world(&p.m, wa, qa, wb, qb);
            p.R = gjk_core3_radius(&p.a) + gjk_core3_radius(&p.b);
            oracle_ok(&p, "far pair");
        }
}

/* The sphere-box queries that skip the generic preparation (gjk_special3_quick): every query, both orders, points
   and spheres, margins, rotations of any length, at sizes from 2^-345 to 2^450 times 1 (2^-30 to 2^54 in float),
   across the lower end of the sizes the quick path takes (SP_QUICK_MIN, below which the generic path answers) and
   up to the largest coordinates the API accepts, against a long double reference computed here: the
   centre in the box's frame, clamped to the box, or the nearest face from inside. Distances to rounding of the
   size, normals where unique, witnesses on their surfaces and point_b = point_a + distance * normal, the intersect
   flag away from the touching band, and the same answer from the debug query. */
static long double ld_dot(const long double a[3], const long double b[3]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
static void quick_sphere_box(void **state) {
    (void)state;
    test_rng r = {20261127};
    const int lo = GJK_USE_FLOAT ? -30 : -345, hi = GJK_USE_FLOAT ? 54 : 450;
    const double eps = GJK_REAL_EPSILON;
    long checked = 0;
    for (int it = 0; it < 6000; ++it) {
        int e = (int)floor(test_uniform(&r, lo, hi + 1));
        double k = ldexp(1.0, e);
        bool box_first = it % 2 == 0, point = it % 7 == 3;
        gjk_real mb = it % 5 == 1 ? (gjk_real)(k * test_uniform(&r, 0, 0.3)) : 0;
        gjk_real ms = it % 3 == 1 ? (gjk_real)(k * test_uniform(&r, 0, 0.3)) : 0;
        gjk_shape3 box = gjk_box3(test_vec3(&r, 0.2 * k, 1.5 * k));
        gjk_shape3 ball = point ? gjk_point3() : gjk_sphere3((gjk_real)(k * test_uniform(&r, 0.1, 1.0)));
        box.margin = mb;
        ball.margin = ms;
        gjk_quat q = test_quat(&r);
        gjk_real len = (gjk_real)test_uniform(&r, 0.5, 2.0); /* any length: the conversion divides it out */
        q.w *= len, q.x *= len, q.y *= len, q.z *= len;
        gjk_vec3 o = test_vec3(&r, -2 * k, 2 * k), c = gjk_add3(o, test_vec3(&r, -3 * k, 3 * k));
        gjk_pose3 pose_box = gjk_pose3_make(o, q), pose_ball = gjk_pose3_make(c, test_quat(&r));
        gjk_pair3 pair = {box_first ? &box : &ball, box_first ? pose_box : pose_ball, box_first ? &ball : &box,
                          box_first ? pose_ball : pose_box};
        /* The reference, long double. */
        long double qq[4] = {q.w, q.x, q.y, q.z}, l2 = 0, d[3] = {(long double)c.x - o.x, (long double)c.y - o.y,
                                                                   (long double)c.z - o.z};
        for (int i = 0; i < 4; ++i) l2 += qq[i] * qq[i];
        long double w = qq[0], x = qq[1], y = qq[2], z = qq[3], s2 = 2 / l2;
        long double R[3][3] = {{1 - s2 * (y * y + z * z), s2 * (x * y - w * z), s2 * (x * z + w * y)},
                               {s2 * (x * y + w * z), 1 - s2 * (x * x + z * z), s2 * (y * z - w * x)},
                               {s2 * (x * z - w * y), s2 * (y * z + w * x), 1 - s2 * (x * x + y * y)}};
        long double p[3], h[3] = {box.box.half_extents.x, box.box.half_extents.y, box.box.half_extents.z}, cl[3];
        for (int i = 0; i < 3; ++i) p[i] = R[0][i] * d[0] + R[1][i] * d[1] + R[2][i] * d[2];
        long double out2 = 0, core, nl[3] = {0, 0, 0};
        for (int i = 0; i < 3; ++i) {
            cl[i] = p[i] < -h[i] ? -h[i] : (p[i] > h[i] ? h[i] : p[i]);
            out2 += (p[i] - cl[i]) * (p[i] - cl[i]);
        }
        int face = 0;
        if (out2 > 0) {
            core = sqrtl(out2);
            for (int i = 0; i < 3; ++i) nl[i] = (p[i] - cl[i]) / core;
        } else {
            for (int i = 1; i < 3; ++i)
                if (h[i] - fabsl(p[i]) < h[face] - fabsl(p[face])) face = i;
            core = -(h[face] - fabsl(p[face]));
            nl[face] = p[face] >= 0 ? 1 : -1;
        }
        long double radius = (long double)mb + ms + (point ? 0 : ball.sphere.radius), want = core - radius;
        long double nw[3]; /* world normal from the box to the centre, then from A to B */
        for (int i = 0; i < 3; ++i) nw[i] = (R[i][0] * nl[0] + R[i][1] * nl[1] + R[i][2] * nl[2]) * (box_first ? 1 : -1);
        double size = sqrt((double)ld_dot(d, d)) + (double)(h[0] + h[1] + h[2]) + (double)radius;
        /* A unique normal: apart from the box, or inside with one nearest face by a margin. */
        bool unique = out2 > 0 ? core > 1e-6 * size : true;
        if (out2 == 0)
            for (int i = 0; i < 3; ++i)
                if (i != face && (h[i] - fabsl(p[i])) - (h[face] - fabsl(p[face])) < 1e-6 * size) unique = false;
        double tol = 64 * eps * size;
        bool clear = fabs((double)want) > 1e3 * eps * size; /* away from the touching band */
        const gjk_query_kind kinds[4] = {GJK_QUERY_INTERSECT, GJK_QUERY_DISTANCE, GJK_QUERY_PENETRATION,
                                         GJK_QUERY_SIGNED_DISTANCE};
        for (int qk = 0; qk < 4; ++qk) {
            gjk_result3 g = qk == 0 ? gjk_intersect3(&pair, NULL)
                            : qk == 1 ? gjk_distance3(&pair, NULL)
                            : qk == 2 ? gjk_penetration3(&pair, NULL)
                                      : gjk_signed_distance3(&pair, NULL);
            gjk_debug3 dbg;
            memset(&dbg, 0, sizeof dbg);
            gjk_result3 gd = gjk_query3_debug(kinds[qk], &pair, NULL, &dbg);
            assert_int_equal(g.status, GJK_OK);
            assert_true(memcmp(&g.distance, &gd.distance, sizeof g.distance) == 0 && g.intersect == gd.intersect);
            if (clear && g.intersect != (want <= 0))
                print_message("pair %d (2^%d, query %d): want %.9Lg, got %.9g\n", it, e, qk, want, (double)g.distance);
            if (clear) assert_int_equal(g.intersect, want <= 0);
            if (qk == 0 && g.intersect) continue;
            if (qk == 1 && want <= 0) { /* overlapping: distance 0 and a common point */
                if (clear) EXPECT_NEAR(g.distance, 0, 0);
                continue;
            }
            EXPECT_NEAR(g.distance, (double)want, tol);
            if (unique && clear) {
                EXPECT_NEAR(g.normal.x, (double)nw[0], 1e3 * eps);
                EXPECT_NEAR(g.normal.y, (double)nw[1], 1e3 * eps);
                EXPECT_NEAR(g.normal.z, (double)nw[2], 1e3 * eps);
            }
            if (qk == 0) continue;
            gjk_vec3 gap = gjk_sub3(g.point_b, gjk_add3(g.point_a, gjk_scale3(g.normal, g.distance)));
            assert_true(gjk_len3(gap) <= tol);
            /* the ball's witness at its radius from the centre */
            gjk_vec3 on_ball = box_first ? g.point_b : g.point_a;
            EXPECT_NEAR(gjk_len3(gjk_sub3(on_ball, c)), (double)(point ? ms : ball.sphere.radius + ms), tol);
            ++checked;
        }
    }
    assert_true(checked > 10000);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(named_parallel_segments),
        cmocka_unit_test(named_zero_length),
        cmocka_unit_test(named_intersecting_segments),
        cmocka_unit_test(named_sphere_box),
        cmocka_unit_test(named_boxes_touching),
        cmocka_unit_test(quick_sphere_box),
        cmocka_unit_test(named_identical_boxes),
        cmocka_unit_test(named_edge_edge),
        cmocka_unit_test(named_parallel_edges),
        cmocka_unit_test(named_capsule_through_box),
        cmocka_unit_test(named_capsule_box_within_radius),
        cmocka_unit_test(named_far),
        cmocka_unit_test(family_sphere_sphere),
        cmocka_unit_test(family_sphere_capsule),
        cmocka_unit_test(family_capsule_capsule),
        cmocka_unit_test(family_sphere_box),
        cmocka_unit_test(family_box_box),
        cmocka_unit_test(family_capsule_box),
        cmocka_unit_test(family_far),
        cmocka_unit_test(family_sizes),
        cmocka_unit_test(named_extremes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
