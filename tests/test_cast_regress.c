// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Named regression tests for the shape casts: each hazard met while writing them, with the input written out (hex
   literals: the exact values of the random case that showed it) and the failure explained. */
#include <string.h>

#include "cast_check.h"

/* Rotating cast, a turning box's face meeting a turning triangle's vertex. The first bound measured the gap along a
   world-fixed axis: as the face turns, its far corners tilt towards the triangle at first order in the step, so the
   certified steps only shrank the gap by a constant factor: 58 steps to the tolerance (a cap of 64 failed
   similar pairs). The bound along an axis fixed in the turning shape has no such term: 8 steps. */
static void regression_rotating_face_axis(void **state) {
    (void)state;
    gjk_shape3 tri = gjk_triangle3(
        gjk_v3((gjk_real)0x1.d4bf33d6bcae8p-3, (gjk_real)0x1.49a5d6efb517p-4, (gjk_real)-0x1.39f8514471f4cp-1),
        gjk_v3((gjk_real)-0x1.c8d46cdf8ee2ap-1, (gjk_real)-0x1.1bd59a53f91d4p-1, (gjk_real)-0x1.168c6421f1b98p-3),
        gjk_v3((gjk_real)-0x1.6f51512147de4p-2, (gjk_real)-0x1.66440db5c8706p-1, (gjk_real)0x1.10b0bd9e13cf8p-3));
    gjk_shape3 box =
        gjk_box3(gjk_v3((gjk_real)0x1.c7b60907517bap-4, (gjk_real)0x1.6df2ee7399f1p+0, (gjk_real)0x1.07adf0aa5a896p+0));
    gjk_cast_input3 in;
    memset(&in, 0, sizeof in);
    gjk_quat qa = {(gjk_real)0x1.a5dbf388814dbp-2, (gjk_real)-0x1.84e5c99459ea2p-3, (gjk_real)-0x1.b86650f5f32b1p-1,
                   (gjk_real)-0x1.dd76d285a377p-3};
    gjk_quat qb = {(gjk_real)0x1.1b38390bbf9f9p-2, (gjk_real)0x1.2d0a078f1976ap-1, (gjk_real)0x1.5cb2f7137c758p-1,
                   (gjk_real)0x1.59b017ddcabbdp-2};
    in.pair = (gjk_pair3){&tri,
                          gjk_pose3_make(gjk_v3((gjk_real)0x1.406a855b26932p+0, (gjk_real)0x1.189f29346631ap+0,
                                                (gjk_real)-0x1.cabef9c0ad8ccp+0),
                                         qa),
                          &box,
                          gjk_pose3_make(gjk_v3((gjk_real)0x1.e80e4ae951996p+0, (gjk_real)0x1.8a1cbb9414dc8p-2,
                                                (gjk_real)-0x1.4213fdb1ae458p-2),
                                         qb)};
    in.motion_a.translation =
        gjk_v3((gjk_real)-0x1.553d5da113626p-2, (gjk_real)-0x1.ac244975d88cep-2, (gjk_real)0x1.1ab0f4a9113d4p-3);
    in.motion_a.rotation =
        gjk_v3((gjk_real)-0x1.b3510a2eb9895p-1, (gjk_real)0x1.fcd0a32956417p-1, (gjk_real)0x1.468ddceeeb935p-3);
    in.motion_b.translation =
        gjk_v3((gjk_real)-0x1.718d35a042a88p-1, (gjk_real)0x1.54003ddfd15b2p+0, (gjk_real)-0x1.2be694e11c2e4p+1);
    in.motion_b.rotation =
        gjk_v3((gjk_real)-0x1.00d25726057b2p+1, (gjk_real)-0x1.69a7eec924189p-3, (gjk_real)-0x1.656b4b871e976p-1);
    gjk_cast_result3 r = gjk_shape_cast3(&in);
    assert_int_equal(r.state, GJK_CAST_HIT);
    assert_true(r.iterations <= 12); /* measured: 8 (double), 7 (float) */
    EXPECT_NEAR(r.t, 0.30126617512996917, CT(1e-9, 1e-4));
    EXPECT_NEAR(cast_sd3(&in, (double)r.t), 0, CT(1e-8, 1e-4));
    for (int i = 0; i < 1000; ++i) assert_true(cast_sd3(&in, (double)r.t * i / 1000) >= -CT(1e-9, 1e-5));
}

/* Linear cast of a point against a 25-vertex hull 1e3 from the origin, B moving 9.9 (a float case of
   test_cast3_exact). The ray cast stopped once |v| was within GJK's touching band, 128 ulps of the cast's largest
   length (here the motion): in float that is 1.4e-4, so t came out 1.4e-5 early and the normal, from the plane of an
   earlier step, 0.13 off the entry facet's. Polytope casts now stop only at rounding (4 ulps), and t is exact. The
   expected values are qhull's (tests/oracle3.c) on the same numbers. */
static void regression_far_point_hull_floor(void **state) {
    (void)state;
    static const gjk_real v[25][3] = {
        {-0x1.414892p+0f, -0x1.06c4eap+0f, -0x1.d543e4p-3f}, {0x1.1f6b0ap+0f, 0x1.960fb2p-2f, -0x1.8ed07ep-2f},
        {0x1.b6881p-1f, -0x1.694bb4p-1f, -0x1.44f6c8p-1f},   {0x1.9fe5cep-1f, -0x1.36ceecp+0f, -0x1.21553p-1f},
        {0x1.e3d394p-1f, -0x1.3e14fap+0f, 0x1.ae4a14p-2f},   {0x1.f794b6p-3f, 0x1.933d18p-1f, -0x1.fc2da4p-1f},
        {-0x1.647a06p-1f, 0x1.625e04p+0f, -0x1.fa337ep-1f},  {0x1.e62066p-1f, -0x1.b8ddc4p-1f, 0x1.687464p+0f},
        {0x1.a7eedap-2f, -0x1.6d57ccp+0f, -0x1.d3112ep-4f},  {0x1.2b8fe8p-2f, 0x1.6f2cfcp+0f, 0x1.b23914p-1f},
        {-0x1.606d6ep-1f, -0x1.667336p-1f, 0x1.db24bp-2f},   {0x1.20e40cp-2f, -0x1.29c098p-8f, 0x1.f469dp-1f},
        {0x1.ee8374p-2f, 0x1.2b70c4p+0f, -0x1.5f5f34p+0f},   {-0x1.5aef1cp-1f, 0x1.36e24p-3f, -0x1.18d202p-3f},
        {-0x1.0140bp+0f, -0x1.37bc7cp-2f, -0x1.110a72p+0f},  {0x1.5f9dccp+0f, 0x1.c0cb5cp-5f, 0x1.6ffaf8p-2f},
        {0x1.ec34b2p-1f, -0x1.8567d8p-2f, 0x1.38fdap+0f},    {0x1.3bbe66p-2f, -0x1.758458p+0f, 0x1.06e4ap+0f},
        {-0x1.723444p+0f, -0x1.788f36p-1f, -0x1.dadaf4p-1f}, {0x1.0f732ap+0f, 0x1.8b7f06p-1f, 0x1.62e492p+0f},
        {-0x1.d5a822p-1f, 0x1.4dc314p+0f, -0x1.528724p-1f},  {0x1.7dcaf4p-1f, 0x1.694adp-1f, 0x1.8dbaf2p-2f},
        {-0x1.07f9cep+0f, 0x1.5f9d26p+0f, 0x1.996a14p-2f},   {-0x1.6e346ep-1f, -0x1.69123cp-2f, -0x1.7ee582p-3f},
        {0x1.75c2c6p-2f, -0x1.13391ep-1f, 0x1.6bbb6p+0f}};
    gjk_vec3 pts[25];
    for (int i = 0; i < 25; ++i) pts[i] = gjk_v3(v[i][0], v[i][1], v[i][2]);
    gjk_hull3 *h = gjk_hull3_create(pts, 25, NULL);
    assert_non_null(h);
    gjk_shape3 point = gjk_point3(), hull = gjk_hull_shape3(h);
    gjk_quat qa = {0x1.21583cp-1f, 0x1.3ca3ap-1f, 0x1.0e9a84p-1f, -0x1.190e2p-3f};
    gjk_quat qb = {-0x1.7e6a06p-2f, 0x1.13c9f6p-2f, 0x1.49f8e6p-1f, 0x1.388cb6p-1f};
    gjk_cast_input3 in;
    memset(&in, 0, sizeof in);
    in.pair = (gjk_pair3){&point, gjk_pose3_make(gjk_v3(0x1.f4p+9f, -0x1.f4p+8f, 0x1.f4p+7f), qa), &hull,
                          gjk_pose3_make(gjk_v3(0x1.f3416cp+9f, -0x1.efc9a6p+8f, 0x1.f505eep+7f), qb)};
    in.motion_a.translation = gjk_v3(0x1.36bddap-3f, 0x1.4d2bap-4f, 0x1.3f890ap-4f);
    in.motion_b.translation = gjk_v3(0x1.4952c8p+1f, -0x1.2e4c9ep+3f, -0x1.fcdda2p+0f);
    gjk_cast_result3 r = gjk_shape_cast3(&in);
    assert_int_equal(r.state, GJK_CAST_HIT);
    /* Measured: double 2.8e-17 (t), 1.1e-16 (normal); float 3.0e-8, 1.5e-7. */
    EXPECT_NEAR(r.t, 0.32149033241538161, CT(1e-14, 1e-6));
    EXPECT_NEAR(r.normal.x, -0.39146402113371387, CT(1e-12, 2e-6));
    EXPECT_NEAR(r.normal.y, 0.89759261999740425, CT(1e-12, 2e-6));
    EXPECT_NEAR(r.normal.z, 0.20269042573347829, CT(1e-12, 2e-6));
    gjk_hull3_destroy(h);
}

/* 2D linear cast, box against a 9-gon, whose simplex solver reduced a triangle to the edge (2, 0): compacting the
   kept points to the front in that order overwrote point 0 with point 2 before point 0 was copied, and the ray
   went on from a wrong segment: t 0.17256 instead of 0.17933 (oracle2's first root; test_cast2's exact suite
   caught it too). */
static void regression_2d_simplex_order(void **state) {
    (void)state;
    static const double v[9][2] = {
        {-0x1.fcf88b494b27cp-1, 0x1.358a494554a7cp-2}, {-0x1.d7db9b8e506c2p-1, -0x1.be68fdbbde202p-1},
        {0x1.b3dda387f8b6cp-2, -0x1.f500c8a8b0974p-1}, {0x1.50b8044e7cc6ap-1, -0x1.66e76f3f168bep-1},
        {0x1.74a272acdc102p-1, 0x1.e27159e46d4p-5},    {0x1.422794b1766bp-1, 0x1.4769192411ec8p-3},
        {-0x1.f567f32360f08p-2, 0x1.5c39bcff77e86p-1}, {-0x1.82094f89b3884p-1, 0x1.93beedbd0cc8cp-1},
        {-0x1.d969c7c43aebep-1, 0x1.80544b6a2ed6ep-1}};
    gjk_vec2 pts[9];
    for (int i = 0; i < 9; ++i) pts[i] = gjk_v2((gjk_real)v[i][0], (gjk_real)v[i][1]);
    gjk_hull2 *h = gjk_hull2_create(pts, 9, NULL);
    assert_non_null(h);
    gjk_shape2 box = gjk_box2(gjk_v2((gjk_real)0x1.1def5954e6ea4p-2, (gjk_real)0x1.6f266ff4c395fp+0)),
               poly = gjk_polygon2(h);
    gjk_cast_input2 in;
    memset(&in, 0, sizeof in);
    in.pair = (gjk_pair2){&box, gjk_pose2_identity(), &poly, gjk_pose2_identity()};
    in.pair.pose_a.rotation = (gjk_rot2){(gjk_real)-0x1.ce138d7884804p-1, (gjk_real)0x1.b90aa5c2e272dp-2};
    in.pair.pose_b.position = gjk_v2((gjk_real)0x1.2ec19e072d01fp+1, (gjk_real)0x1.80720886886f6p+1);
    in.pair.pose_b.rotation = (gjk_rot2){(gjk_real)0x1.fff24f11cffd4p-1, (gjk_real)0x1.d99b75068b779p-7};
    in.motion_a.translation = gjk_v2((gjk_real)-0x1.9902101d181a2p-2, (gjk_real)-0x1.4c36c12b544d6p-2);
    in.motion_b.translation = gjk_v2((gjk_real)-0x1.d2f1fe708e63ep+1, (gjk_real)-0x1.7901e0cbf4b36p+2);
    gjk_cast_result2 r = gjk_shape_cast2(&in);
    assert_int_equal(r.state, GJK_CAST_HIT);
    EXPECT_NEAR(r.t, 0.17932701357504344, CT(1e-13, 2e-6)); /* (float: the inputs round to other shapes) */
    EXPECT_NEAR(cast_sd2(&in, (double)r.t), 0, CT(1e-13, 2e-6));
    gjk_hull2_destroy(h);
}

/* Circles (and spheres) far apart with a long motion: the same early stop as regression_far_point_hull_floor, seen
   first in float as a distance 3.3e-5 above the target at the reported t. Point cores converge exactly (each plane
   step is a Newton step on |p + t d| - R). */
static void regression_long_motion_floor(void **state) {
    (void)state;
    gjk_shape2 c = gjk_circle2(0.5f);
    gjk_cast_input2 in;
    memset(&in, 0, sizeof in);
    in.pair = (gjk_pair2){&c, gjk_pose2_identity(), &c, gjk_pose2_make(gjk_v2(0.25f, 20), 0)};
    in.motion_b.translation = gjk_v2(0, -40);
    gjk_cast_result2 r = gjk_shape_cast2(&in);
    double t = (20 - sqrt(1 - 0.0625)) / 40; /* |(0.25, 20 - 40 t)| = 1 */
    EXPECT_NEAR(r.t, t, CT(1e-15, 1e-7));
    gjk_shape3 s = gjk_sphere3(0.5f);
    gjk_cast_input3 in3;
    memset(&in3, 0, sizeof in3);
    in3.pair = (gjk_pair3){&s, gjk_pose3_identity(), &s, gjk_pose3_make(gjk_v3(0.25f, 0, 20), gjk_quat_identity())};
    in3.motion_b.translation = gjk_v3(0, 0, -40);
    gjk_cast_result3 r3 = gjk_shape_cast3(&in3);
    EXPECT_NEAR(r3.t, t, CT(1e-15, 1e-7));
}

/* Rotating cast, a triangle against an ellipsoid, in float: GJK stopped on the curved core with its last direction
   measuring a gap (along that axis, by supports) 3.5e-5 below its distance, more than the tolerance, so no axis
   certified a step and the cast gave up (FAILED) at t 0.3717 with the shapes still 6.5e-5 apart. GJK's best
   separating axis, behind its lower bound, now takes the step. */
static void regression_float_curved_axis(void **state) {
    (void)state;
    gjk_shape3 tri = gjk_triangle3(gjk_v3(-0x1.93f0e4p-2f, -0x1.d5e7acp-2f, -0x1.e8d256p-1f),
                                   gjk_v3(-0x1.b4e764p-2f, -0x1.1103a8p-5f, -0x1.fda26ep-1f),
                                   gjk_v3(0x1.1b0ffcp-1f, 0x1.df8ce8p-1f, 0x1.1e78b4p-2f));
    gjk_shape3 ell = gjk_ellipsoid3(gjk_v3(0x1.48e2e4p+0f, 0x1.1a8a8p+0f, 0x1.79fd82p+0f));
    gjk_quat qa = {-0x1.62acb2p-1f, -0x1.551518p-1f, 0x1.18c5bap-2f, -0x1.172f26p-5f};
    gjk_quat qb = {0x1.6f8ea6p-1f, -0x1.58c3e8p-1f, 0x1.676336p-3f, -0x1.4fd572p-6f};
    gjk_cast_input3 in;
    memset(&in, 0, sizeof in);
    in.pair = (gjk_pair3){&tri, gjk_pose3_make(gjk_v3(0x1.7f134p+0f, -0x1.41b496p-2f, 0x1.4af978p+0f), qa), &ell,
                          gjk_pose3_make(gjk_v3(-0x1.0c12c8p+0f, -0x1.0cb28ep+1f, -0x1.9e2dep-4f), qb)};
    in.motion_a.translation = gjk_v3(0x1.f53704p-2f, -0x1.3006d4p-2f, 0x1.0a7d02p-2f);
    in.motion_a.rotation = gjk_v3(0x1.85817cp-1f, 0x1.4a8be6p-5f, 0x1.09d532p+0f);
    in.motion_b.translation = gjk_v3(0x1.7138dp+2f, 0x1.701e9cp+1f, 0x1.67aa38p+1f);
    in.motion_b.rotation = gjk_v3(-0x1.4aa2d2p-1f, 0x1.4ef9dp+1f, -0x1.8cc062p-1f);
    in.target_distance = 0x1.9f9ec8p-5f;
    gjk_cast_result3 r = gjk_shape_cast3(&in);
    assert_int_equal(r.state, GJK_CAST_HIT);
    assert_int_equal(r.status, GJK_OK);
    EXPECT_NEAR(r.t, 0.37173933, CT(1e-8, 1e-5)); /* measured: float 2.1e-6 early (its tolerance: 1e-5 x size) */
    EXPECT_NEAR(cast_sd3(&in, (double)r.t), (double)in.target_distance, CT(1e-8, 1e-4));
    for (int i = 0; i < 500; ++i)
        assert_true(cast_sd3(&in, (double)r.t * i / 500) >= (double)in.target_distance - CT(1e-9, 2e-5));
}

/* 2D casts between user shapes: the GJK tolerance scale of a 2D cast grows with the user shapes' support answers
   from its starting value, which was never set, so the tolerances came from whatever the stack held and answers
   changed from run to run (seen as a single-header build disagreeing with the library). The stack is filled with
   large values before each cast so that an unset scale shows; a turning disc keeps the contact time of a still one. */
static gjk_vec2 user_disc_support(gjk_vec2 d, const void *data) {
    gjk_real r = *(const gjk_real *)data, len = gjk_len2(d);
    return len > 0 ? gjk_scale2(d, r / len) : gjk_v2(r, 0);
}
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void fill_stack(unsigned char value) {
    volatile unsigned char junk[1 << 16];
    for (size_t i = 0; i < sizeof junk; ++i) junk[i] = value;
}
static void regression_2d_user_cast_scale(void **state) {
    (void)state;
    gjk_real radius = GJK_R(0.5);
    gjk_shape2 a = gjk_user2(user_disc_support, &radius), b = gjk_user2(user_disc_support, &radius);
    gjk_cast_input2 in;
    memset(&in, 0, sizeof in);
    in.pair = (gjk_pair2){&a, gjk_pose2_identity(), &b, gjk_pose2_make(gjk_v2(10, 0), 0)};
    in.motion_b.translation = gjk_v2(-20, 0);
    for (int k = 0; k < 4; ++k) {
        in.motion_b.rotation = k < 2 ? 0 : GJK_R(3.0);
        fill_stack(k % 2 == 0 ? 0x7e : 0x41);
        gjk_cast_result2 r = gjk_shape_cast2(&in);
        assert_int_equal(r.state, GJK_CAST_HIT);
        EXPECT_NEAR(r.t, 0.45, CT(1e-9, 1e-5)); /* the discs touch when B's centre is at x = 1 */
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(regression_rotating_face_axis),
        cmocka_unit_test(regression_far_point_hull_floor),
        cmocka_unit_test(regression_2d_simplex_order),
        cmocka_unit_test(regression_long_motion_floor),
        cmocka_unit_test(regression_float_curved_axis),
        cmocka_unit_test(regression_2d_user_cast_scale),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
