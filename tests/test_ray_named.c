// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* gjk_raycast3 / gjk_raycast2: the contract case by case (exact values worked out by hand), one named test per
   hazard met while writing the casts (the failure it caught in a comment), and every kind of bad input. */
#include <string.h>

#include "test_ray_ref.h"

static gjk_ray3 ray3(gjk_vec3 o, gjk_vec3 d, gjk_real mf) {
    gjk_ray3 r = {o, d, mf};
    return r;
}
static gjk_ray2 ray2(gjk_vec2 o, gjk_vec2 d, gjk_real mf) {
    gjk_ray2 r = {o, d, mf};
    return r;
}
#define EXPECT_V3(v, ex, ey, ez, tol)                                                                              \
    do {                                                                                                           \
        EXPECT_NEAR((v).x, ex, tol);                                                                               \
        EXPECT_NEAR((v).y, ey, tol);                                                                               \
        EXPECT_NEAR((v).z, ez, tol);                                                                               \
    } while (0)

static gjk_ray_result3 cast3(const gjk_shape3 *s, gjk_ray3 r) { return gjk_raycast3(s, gjk_pose3_identity(), &r); }

/* ---- the contract ---------------------------------------------------------------------------------------------- */

static void sphere_head_on(void **state) {
    (void)state;
    gjk_shape3 s = gjk_sphere3(1);
    gjk_ray_result3 r = gjk_raycast3(&s, gjk_pose3_make(gjk_v3(10, 0, 0), gjk_quat_identity()),
                                     &(gjk_ray3){{6, 0, 0}, {4, 0, 0}, 1});
    assert_true(r.status == GJK_OK && r.hit && !r.inside && r.iterations == 0);
    EXPECT_NEAR(r.fraction, 0.75, TU(1e-16));
    EXPECT_V3(r.point, 9, 0, 0, TU(1e-15));
    EXPECT_V3(r.normal, -1, 0, 0, TU(1e-16));
    /* max_fraction: short of the hit misses (all zero), beyond 1 reaches farther. */
    r = gjk_raycast3(&s, gjk_pose3_make(gjk_v3(10, 0, 0), gjk_quat_identity()), &(gjk_ray3){{6, 0, 0}, {4, 0, 0}, GJK_R(0.7)});
    assert_true(r.status == GJK_OK && !r.hit && r.fraction == 0 && r.normal.x == 0);
    r = cast3(&s, ray3(gjk_v3(-5, 0, 0), gjk_v3(1, 0, 0), 10));
    assert_true(r.hit);
    EXPECT_NEAR(r.fraction, 4, TU(1e-15));
    /* A ray away from the sphere, and one passing beside it. */
    assert_false(cast3(&s, ray3(gjk_v3(-5, 0, 0), gjk_v3(-1, 0, 0), 100)).hit);
    assert_false(cast3(&s, ray3(gjk_v3(-5, GJK_R(1.01), 0), gjk_v3(10, 0, 0), 1)).hit);
}

/* Inside or on the surface within the touching band: hit, inside, fraction 0, point = origin, normal = back along
   the ray (zero for a zero translation). The band is the queries': a point there intersects per gjk_intersect3. */
static void inside_and_touching_band(void **state) {
    (void)state;
    gjk_shape3 s = gjk_sphere3(1), pt = gjk_point3();
    gjk_ray_result3 r = cast3(&s, ray3(gjk_v3(GJK_R(0.3), 0, 0), gjk_v3(0, 2, 0), 1));
    assert_true(r.hit && r.inside && r.fraction == 0 && r.point.x == (gjk_real)GJK_R(0.3));
    EXPECT_V3(r.normal, 0, -1, 0, 0);
    r = cast3(&s, ray3(gjk_v3(GJK_R(0.3), 0, 0), gjk_v3(0, 0, 0), 1));
    assert_true(r.hit && r.inside && r.normal.x == 0 && r.normal.y == 0 && r.normal.z == 0);
    /* On the surface, leaving: still inside (touching), whatever max_fraction. */
    r = cast3(&s, ray3(gjk_v3(1, 0, 0), gjk_v3(1, 0, 0), 0));
    assert_true(r.hit && r.inside);
    const double eps = GJK_REAL_EPSILON;
    gjk_real near = (gjk_real)(1 + 4 * eps), far = (gjk_real)(1 + 4096 * eps); /* band: 128 eps x size */
    assert_true(cast3(&s, ray3(gjk_v3(near, 0, 0), gjk_v3(1, 0, 0), 1)).inside);
    r = cast3(&s, ray3(gjk_v3(far, 0, 0), gjk_v3(1, 0, 0), 1));
    assert_true(!r.hit && !r.inside);
    /* The queries agree on both points. */
    gjk_pair3 pair = {&s, gjk_pose3_identity(), &pt, gjk_pose3_make(gjk_v3(near, 0, 0), gjk_quat_identity())};
    assert_true(gjk_intersect3(&pair, NULL).intersect);
    pair.pose_b.position.x = far;
    assert_false(gjk_intersect3(&pair, NULL).intersect);
    /* Outside, zero translation or max_fraction 0: a miss. */
    assert_false(cast3(&s, ray3(gjk_v3(2, 0, 0), gjk_v3(0, 0, 0), 1)).hit);
    assert_false(cast3(&s, ray3(gjk_v3(2, 0, 0), gjk_v3(-1, 0, 0), 0)).hit);
    /* The GJK path (a user sphere) draws the line at the same band. */
    gjk_shape3 u = gjk_user3(ref_user_support3, &s);
    assert_true(cast3(&u, ray3(gjk_v3(near, 0, 0), gjk_v3(1, 0, 0), 1)).inside);
    r = cast3(&u, ray3(gjk_v3(far, 0, 0), gjk_v3(1, 0, 0), 1));
    assert_true(!r.hit && !r.inside);
}

static void box_and_rounded_box(void **state) {
    (void)state;
    gjk_shape3 b = gjk_box3(gjk_v3(1, 2, 3));
    gjk_ray_result3 r = cast3(&b, ray3(gjk_v3(GJK_R(0.5), -5, 1), gjk_v3(0, 6, 0), 1));
    assert_true(r.hit);
    EXPECT_NEAR(r.fraction, 0.5, TU(1e-16));
    EXPECT_V3(r.normal, 0, -1, 0, 0);
    /* Sliding along a face in its plane (z = 3): touches where it meets the side face y = 2. */
    r = cast3(&b, ray3(gjk_v3(0, 3, 3), gjk_v3(0, -4, 0), 1));
    assert_true(r.hit);
    EXPECT_NEAR(r.fraction, 0.25, TU(1e-16));
    /* Rounded by 0.5: through the corner region the hit is on the corner's sphere, along the diagonal. */
    gjk_shape3 rb = gjk_rounded3(gjk_box3(gjk_v3(1, 1, 1)), GJK_R(0.5));
    r = cast3(&rb, ray3(gjk_v3(3, 3, 3), gjk_v3(-1, -1, -1), 4));
    assert_true(r.hit);
    double s3 = sqrt(3.0);
    EXPECT_NEAR(r.fraction * s3, 2 * s3 - 0.5, TU(1e-15));
    EXPECT_V3(r.normal, 1 / s3, 1 / s3, 1 / s3, TU(1e-15));
    /* Edge region: the capsule around the edge x = y = 1. */
    r = cast3(&rb, ray3(gjk_v3(3, 3, GJK_R(0.25)), gjk_v3(-1, -1, 0), 4));
    assert_true(r.hit);
    EXPECT_NEAR(r.fraction * sqrt(2.0), 2 * sqrt(2.0) - 0.5, TU(1e-15));
    EXPECT_V3(r.normal, 1 / sqrt(2.0), 1 / sqrt(2.0), 0, TU(1e-15));
    /* Face region: flat. */
    r = cast3(&rb, ray3(gjk_v3(GJK_R(0.25), GJK_R(0.5), 5), gjk_v3(0, 0, -1), 10));
    EXPECT_NEAR(r.fraction, 3.5, TU(1e-15));
    /* The corner region missed: a ray within the grown box's corner but outside the corner sphere. */
    assert_false(cast3(&rb, ray3(gjk_v3(GJK_R(1.45), GJK_R(1.45), 3), gjk_v3(0, 0, -1), 2)).hit);
}

static void capsule_cylinder_along_axis(void **state) {
    (void)state;
    gjk_shape3 c = gjk_capsule3(GJK_R(0.5), 1);
    /* Along the axis, within the radius: the end sphere. */
    gjk_ray_result3 r = cast3(&c, ray3(gjk_v3(GJK_R(0.3), 0, 5), gjk_v3(0, 0, -5), 1));
    assert_true(r.hit);
    EXPECT_NEAR(r.fraction * 5, 4 - sqrt(0.25 - 0.09), TU(1e-15));
    EXPECT_V3(r.normal, 0.6, 0, 0.8, TU(1e-15));
    gjk_shape3 y = gjk_cylinder3(GJK_R(0.5), 1);
    r = cast3(&y, ray3(gjk_v3(GJK_R(0.3), 0, 5), gjk_v3(0, 0, -5), 1));
    EXPECT_NEAR(r.fraction, 0.8, TU(1e-16));
    EXPECT_V3(r.normal, 0, 0, 1, 0);
    /* In the cap's plane, sliding across it: touches the rim. */
    r = cast3(&y, ray3(gjk_v3(-2, 0, 1), gjk_v3(4, 0, 0), 1));
    assert_true(r.hit);
    EXPECT_NEAR(r.fraction, 0.375, TU(1e-16));
    /* The side, head on. */
    r = cast3(&y, ray3(gjk_v3(-2, 0, GJK_R(0.5)), gjk_v3(4, 0, 0), 1));
    EXPECT_NEAR(r.fraction, 0.375, TU(1e-16));
    EXPECT_V3(r.normal, -1, 0, 0, TU(1e-16));
}

static void hull_faces(void **state) {
    (void)state;
    gjk_vec3 p[8];
    for (int i = 0; i < 8; ++i) p[i] = gjk_v3(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1);
    gjk_hull3 *h = gjk_hull3_create(p, 8, NULL);
    assert_non_null(h);
    gjk_shape3 s = gjk_hull_shape3(h);
    gjk_ray_result3 r = cast3(&s, ray3(gjk_v3(GJK_R(0.2), GJK_R(0.3), 4), gjk_v3(GJK_R(0.1), 0, -6), 1));
    assert_true(r.hit && r.iterations == 0);
    EXPECT_NEAR(r.fraction, 0.5, TU(1e-16));
    EXPECT_V3(r.normal, 0, 0, 1, TU(1e-16));
    /* Just outside a face, within the band: inside (the plane test hands the band to GJK, which agrees). */
    r = cast3(&s, ray3(gjk_v3(0, 0, (gjk_real)(1 + 8 * GJK_REAL_EPSILON)), gjk_v3(0, 0, 1), 1));
    assert_true(r.inside);
    /* Rounded: GJK with the radius as the target distance; a face hit is still exact. */
    gjk_shape3 rs = gjk_rounded3(s, GJK_R(0.25));
    r = cast3(&rs, ray3(gjk_v3(GJK_R(0.2), GJK_R(0.3), 4), gjk_v3(0, 0, -6), 1));
    EXPECT_NEAR(r.fraction * 6, 2.75, TU(1e-14));
    EXPECT_V3(r.normal, 0, 0, 1, TU(1e-14));
    gjk_hull3_destroy(h);
}

/* A 1e-300 and a 1e140 translation find the same distance (the cast works along a unit direction). */
static void tiny_and_huge_translation(void **state) {
    (void)state;
    gjk_shape3 s = gjk_sphere3(1);
#if GJK_USE_FLOAT
    const gjk_real tiny = 1e-30f, huge = 1e17f;
#else
    const gjk_real tiny = 1e-300, huge = 1e140;
#endif
    gjk_ray_result3 a = cast3(&s, ray3(gjk_v3(-3, GJK_R(0.5), 0), gjk_v3(tiny, 0, 0), GJK_REAL_MAX));
    gjk_ray_result3 b = cast3(&s, ray3(gjk_v3(-3, GJK_R(0.5), 0), gjk_v3(huge, 0, 0), 1));
    assert_true(a.hit && b.hit);
    double want = 3 - sqrt(0.75);
    EXPECT_NEAR(a.fraction * tiny, want, TU(1e-15));
    EXPECT_NEAR(b.fraction * huge, want, TU(1e-15));
    EXPECT_V3(a.point, -sqrt(0.75), 0.5, 0, TU(1e-15));
    /* And the GJK path (a user sphere). */
    gjk_shape3 u = gjk_user3(ref_user_support3, &s);
    a = cast3(&u, ray3(gjk_v3(-3, GJK_R(0.5), 0), gjk_v3(tiny, 0, 0), GJK_REAL_MAX));
    assert_true(a.hit && a.status == GJK_OK);
    EXPECT_NEAR(a.fraction * tiny, want, TU(1e-13));
}

/* ---- hazards ----------------------------------------------------------------------------------------------------- */

/* A ray passing 1e-9 below a cone's apex: the quadratic from the ray's origin lost the whole discriminant (the ray
   entered the cone by 4e-12 and was called a miss); it is now solved from the ray's point nearest the apex. */
static void regression_cone_apex(void **state) {
    (void)state;
    gjk_shape3 c = gjk_cone3(1, 1); /* apex (0, 0, 1); radius (1 - z) / 2 */
    gjk_real dz = (gjk_real)(GJK_USE_FLOAT ? 1e-4 : 1e-9);
    gjk_ray_result3 r = cast3(&c, ray3(gjk_v3(-2, 0, 1 - dz), gjk_v3(4, 0, 0), 1));
    assert_true(r.hit);
    EXPECT_NEAR(r.fraction * 4, 2 - 0.5 * (double)dz, TU(1e-15));
    assert_false(cast3(&c, ray3(gjk_v3(-2, 0, 1 + dz), gjk_v3(4, 0, 0), 1)).hit);
}

/* A ray going up through a cone's apex at a slope outside the cone's aperture touches the cone at the apex only.
   The closed form took every upward line through the apex for one leaving the lower nappe there, and so entering
   it through the base plane: this float ray, which passes 1e-7 from the apex and is rounded onto it, was reported
   hitting the base plane 1.96 before the apex, at a point 1.27 from the cone (found by clang ASan float,
   test_ray3). In double it passes beside the apex; either way it may only hit at the apex. */
static void regression_cone_apex_upward(void **state) {
    (void)state;
    gjk_shape3 c = gjk_cone3((gjk_real)0.30971038341522217, (gjk_real)0.58618974685668945);
    gjk_quat q = {(gjk_real)-0.23002910614013672, (gjk_real)0.62715065479278564, (gjk_real)-0.61223626136779785,
                  (gjk_real)0.42300763726234436};
    gjk_pose3 pose = gjk_pose3_make(
        gjk_v3((gjk_real)0.78321677446365356, (gjk_real)-1.2415434122085571, (gjk_real)1.2471338510513306), q);
    gjk_ray3 ray = {gjk_v3((gjk_real)-0.089734256267547607, (gjk_real)0.064198851585388184,
                           (gjk_real)0.51778382062911987),
                    gjk_v3((gjk_real)1.8947212696075439, (gjk_real)-2.02274489402771, (gjk_real)0.58281391859054565), 1};
    gjk_ray_result3 r = gjk_raycast3(&c, pose, &ray);
    assert_int_equal(r.status, GJK_OK);
    if (!r.hit) return;
    gjk_vec3 apex = gjk_pose3_apply(pose, gjk_v3(0, 0, c.cone.half_height));
    assert_true(gjk_len3(gjk_sub3(r.point, apex)) <= 1e-5);
    EXPECT_NEAR(r.fraction, 0.712020038, 1e-5);
}

/* A capsule whose radius is subnormal (1e-317; the fuzzer's contact checks, seed regression_subnormal_capsule_ray):
   the closed form's normal, built from vectors the size of the radius, underflowed to zero and a hit came back with
   normal (0, 0, 0). A zero closed-form normal now hands the ray to GJK, whose support planes give one, and the way
   back along the ray stands in if even that fails: a hit always has a unit normal. */
static void regression_subnormal_capsule_ray(void **state) {
    (void)state;
#if GJK_USE_FLOAT
    const gjk_real tiny = (gjk_real)1e-44;
#else
    const gjk_real tiny = (gjk_real)1.2964277606217851e-317;
#endif
    gjk_shape3 c = gjk_capsule3(tiny, 4);
    gjk_quat q = {-4, -4, -4, -4};
    gjk_pose3 pose = gjk_pose3_make(gjk_v3((gjk_real)-1.36, (gjk_real)-1.36, -4), q);
    gjk_ray3 ray = {gjk_v3((gjk_real)-1.28, (gjk_real)-1.36, (gjk_real)-1.36), gjk_v3((gjk_real)-1.36, 0, -4), 4};
    gjk_ray_result3 r = gjk_raycast3(&c, pose, &ray);
    assert_int_equal(r.status, GJK_OK);
    if (r.hit) EXPECT_NEAR(gjk_len3(r.normal), 1, 1e-6);
    /* A ray square to the capsule's axis through it hits; its normal is unit too. */
    gjk_ray3 across = {gjk_v3(-1, 0, 0), gjk_v3(2, 0, 0), 1};
    r = gjk_raycast3(&c, gjk_pose3_identity(), &across);
    assert_true(r.hit);
    EXPECT_NEAR(r.fraction, 0.5, 1e-6);
    EXPECT_NEAR(gjk_len3(r.normal), 1, 1e-6);
    gjk_shape2 c2 = gjk_capsule2(tiny, 4);
    gjk_ray2 across2 = {gjk_v2(-1, 0), gjk_v2(2, 0), 1};
    gjk_ray_result2 r2 = gjk_raycast2(&c2, gjk_pose2_identity(), &across2);
    assert_true(r2.hit);
    EXPECT_NEAR(gjk_len2(r2.normal), 1, 1e-6);
}

/* A cone grazed near its apex through the GJK path (a user cone): the supports alternate between the apex and rim
   points 1e-4 apart, a sliver whose closest point errs by 1e-12; an advance below the rounding of lambda then
   repeated forever, and 9% of such rays ended at the iteration cap. Now a stalled step is convergence. */
static void regression_gjk_stall_cone(void **state) {
    (void)state;
    gjk_shape3 cone = gjk_cone3(1.4193246665099635f, 0.33254506073691981f), u = gjk_user3(ref_user_support3, &cone);
    gjk_pose3 pose = {{1.4128181090107925f, 1.8080850295970432f, 0.87339514939172336f},
                      {0.49929588263942254f, 0.20864520362730699f, 0.79564526687677795f, -0.27224880142843638f}};
    gjk_ray3 ray = {{3.0781752276596626f, -1.8879490812738262f, -0.20834220925989522f},
                    {-2.9292670395776939f, 4.5424994844339492f, 0.80793232889367061f}, 1};
    gjk_ray_result3 a = gjk_raycast3(&u, pose, &ray), b = gjk_raycast3(&cone, pose, &ray);
    assert_true(a.hit && b.hit && a.status == GJK_OK && a.iterations < 64);
    EXPECT_NEAR(a.fraction, b.fraction, TU(1e-12));
    assert_true(a.fraction <= b.fraction + TU(1e-13)); /* never past */
}

/* An origin 2e-12 off a cone's rim (GJK path): GJK stopped on a repeated support point with |v| = 2e-12 and called
   it inside, where the queries measure 2e-12; |v| beyond the band now stands in for the bound. */
static void regression_rim_not_inside(void **state) {
    (void)state;
    gjk_shape3 cone = gjk_cone3(1, GJK_R(0.5)), u = gjk_user3(ref_user_support3, &cone), pt = gjk_point3();
    gjk_real off = (gjk_real)(GJK_USE_FLOAT ? 1e-4 : 1e-10);
    gjk_vec3 o = gjk_v3(1 + off, 0, -GJK_R(0.5) - off);
    gjk_ray_result3 r = cast3(&u, ray3(o, gjk_v3(1, 2, 3), 1));
    assert_false(r.inside);
    gjk_pair3 pair = {&cone, gjk_pose3_identity(), &pt, gjk_pose3_make(o, gjk_quat_identity())};
    assert_false(gjk_intersect3(&pair, NULL).intersect);
}

/* A user shape wrapping a rounded cone: the last advance crossed the surface by 1e-13 (a sliver's plane), v then
   pointed from the simplex into the core, and "v.u >= 0: the ray leaves" called a ray that goes 0.17 deep a
   miss. Found by the query-consistency test (test_ray3_shapes, user kind). */
static void regression_inward_v(void **state) {
    (void)state;
    gjk_shape3 inner = gjk_rounded3(gjk_cone3(0.79411499832623567f, 0.61890471870378216f), 0.041061491902304244f);
    gjk_shape3 u = gjk_user3(ref_user_support3, &inner);
    gjk_pose3 pose = {{(gjk_real)-199958.93459943146, (gjk_real)-704903.81382347364, (gjk_real)-263689.14797402371},
                      {0.31871176733658679f, 0.6898279949411189f, 0.16151892777652938f, 0.62966005330386443f}};
    gjk_ray3 ray = {{(gjk_real)-199958.13466747897, (gjk_real)-704899.31619551091, (gjk_real)-263688.55455536779},
                    {-1.0575020565558093f, -4.885004401524256f, -0.25873055809978274f}, 1};
    gjk_ray_result3 a = gjk_raycast3(&u, pose, &ray), b = gjk_raycast3(&inner, pose, &ray);
    assert_true(a.hit && b.hit);
    EXPECT_NEAR(a.fraction, b.fraction, TU(1e-9));
}

/* ---- bad input ---------------------------------------------------------------------------------------------------- */

static gjk_vec3 nan_support(gjk_vec3 d, const void *data) {
    (void)d, (void)data;
    return gjk_v3(NAN, 0, 0);
}
static gjk_vec3 huge_support(gjk_vec3 d, const void *data) {
    (void)d, (void)data;
    return gjk_v3(GJK_REAL_MAX, 0, 0);
}
static gjk_vec2 nan_support2(gjk_vec2 d, const void *data) {
    (void)d, (void)data;
    return gjk_v2(0, NAN);
}

static void expect_invalid3(const gjk_shape3 *s, gjk_pose3 pose, const gjk_ray3 *ray) {
    gjk_ray_result3 r = gjk_raycast3(s, pose, ray), z;
    memset(&z, 0, sizeof z);
    assert_int_equal(r.status, GJK_INVALID_INPUT);
    assert_true(!r.hit && !r.inside && r.fraction == 0 && r.iterations == 0);
    assert_true(r.point.x == 0 && r.point.y == 0 && r.point.z == 0 && r.normal.x == 0 && r.normal.y == 0 &&
                r.normal.z == 0);
}

static void bad_input3(void **state) {
    (void)state;
    gjk_shape3 s = gjk_sphere3(1), bad = gjk_sphere3(-1), nanbox = gjk_box3(gjk_v3(1, NAN, 1));
    gjk_shape3 nohull = gjk_hull_shape3(NULL), u1 = gjk_user3(nan_support, NULL), u2 = gjk_user3(huge_support, NULL);
    gjk_pose3 id = gjk_pose3_identity();
    gjk_ray3 ok = {{-3, 0, 0}, {6, 0, 0}, 1};
    expect_invalid3(NULL, id, &ok);
    expect_invalid3(&s, id, NULL);
    expect_invalid3(&bad, id, &ok);
    expect_invalid3(&nanbox, id, &ok);
    expect_invalid3(&nohull, id, &ok);
    expect_invalid3(&u1, id, &ok);
    expect_invalid3(&u2, id, &ok);
    gjk_pose3 p = id;
    p.rotation.w = 0;
    expect_invalid3(&s, p, &ok); /* zero quaternion */
    p.rotation.w = NAN;
    expect_invalid3(&s, p, &ok);
    p = id;
    p.position.y = (gjk_real)(GJK_USE_FLOAT ? 1e19 : 1e151); /* beyond GJK_MAX_COORD */
    expect_invalid3(&s, p, &ok);
    p.position.y = INFINITY;
    expect_invalid3(&s, p, &ok);
    gjk_ray3 r = ok;
    r.origin.z = NAN;
    expect_invalid3(&s, id, &r);
    r = ok;
    r.translation.x = INFINITY;
    expect_invalid3(&s, id, &r);
    r = ok;
    r.origin.x = (gjk_real)(GJK_USE_FLOAT ? 1e19 : 1e151);
    expect_invalid3(&s, id, &r);
    r = ok;
    r.max_fraction = -1;
    expect_invalid3(&s, id, &r);
    r.max_fraction = NAN;
    expect_invalid3(&s, id, &r);
    r.max_fraction = INFINITY;
    expect_invalid3(&s, id, &r);
    /* The accepted extremes stay finite: a quaternion of length 1e-6, coordinates at the bound. */
    p = id;
    p.rotation.w = (gjk_real)1e-6;
    assert_int_equal(gjk_raycast3(&s, p, &ok).status, GJK_OK);
    r = ok;
    r.origin.x = -(gjk_real)(GJK_USE_FLOAT ? 1e18 : 1e150);
    r.translation.x = (gjk_real)(GJK_USE_FLOAT ? 1e18 : 1e150);
    r.max_fraction = GJK_REAL_MAX;
    gjk_ray_result3 res = gjk_raycast3(&s, id, &r);
    assert_true(res.status == GJK_OK && res.hit && isfinite(res.fraction) && isfinite(res.point.x));
}

static void expect_invalid2(const gjk_shape2 *s, gjk_pose2 pose, const gjk_ray2 *ray) {
    gjk_ray_result2 r = gjk_raycast2(s, pose, ray);
    assert_int_equal(r.status, GJK_INVALID_INPUT);
    assert_true(!r.hit && !r.inside && r.fraction == 0 && r.point.x == 0 && r.point.y == 0 && r.normal.x == 0 &&
                r.normal.y == 0 && r.iterations == 0);
}

/* The sharp polygons' ray cast checks its input in a few comparisons on the ray turned into the shape's frame (the
   coordinates' bound from the 1-norms of the pose's position and of the local ray): bad input must still be
   refused with every field zero, including a pose and an origin both beyond the bound that cancel in the local
   frame, and input at the bound accepted. */
static void bad_input2_polygons(void **state) {
    (void)state;
    const gjk_real big = (gjk_real)(GJK_USE_FLOAT ? 1e19 : 1e151), edge = (gjk_real)(GJK_USE_FLOAT ? 1e18 : 1e150);
    const gjk_vec2 square[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    gjk_hull2 *h = gjk_hull2_create(square, 4, NULL);
    assert_non_null(h);
    gjk_shape2 shapes[2] = {gjk_box2(gjk_v2(1, 1)), gjk_polygon2(h)};
    for (int k = 0; k < 2; ++k) {
        const gjk_shape2 *s = &shapes[k];
        gjk_pose2 id = gjk_pose2_identity(), p = id;
        gjk_ray2 ok = {{-3, 0}, {6, 0}, 1}, r = ok;
        gjk_ray_result2 res = gjk_raycast2(s, id, &ok);
        assert_true(res.status == GJK_OK && res.hit && res.fraction == GJK_R(1.0) / 3);
        p.position = gjk_v2(big, -big); /* the pose and the ray far beyond the bound, together */
        r.origin = gjk_add2(ok.origin, p.position);
        expect_invalid2(s, p, &r);
        p = id;
        p.position.y = big;
        expect_invalid2(s, p, &ok);
        p.position.y = -INFINITY;
        expect_invalid2(s, p, &ok);
        p = id;
        p.rotation.s = NAN;
        expect_invalid2(s, p, &ok);
        p.rotation.s = 0;
        p.rotation.c = INFINITY;
        expect_invalid2(s, p, &ok);
        r = ok;
        r.origin.x = -big;
        expect_invalid2(s, id, &r);
        r = ok;
        r.origin.y = NAN;
        expect_invalid2(s, id, &r);
        r = ok;
        r.translation.x = big;
        expect_invalid2(s, id, &r);
        r = ok;
        r.translation.y = -INFINITY;
        expect_invalid2(s, id, &r);
        r = ok;
        r.max_fraction = NAN;
        expect_invalid2(s, id, &r);
        /* At the bound: accepted (by the general path where the fast one's margin for rounding declines it). */
        r = ok;
        r.origin.x = -edge;
        r.translation.x = edge;
        r.max_fraction = GJK_REAL_MAX;
        res = gjk_raycast2(s, id, &r);
        assert_true(res.status == GJK_OK && res.hit && isfinite(res.fraction) && isfinite(res.point.x));
        assert_true(res.normal.x == -1 && res.normal.y == 0);
    }
    gjk_hull2_destroy(h);
}

static void bad_input2(void **state) {
    (void)state;
    gjk_shape2 s = gjk_circle2(1), bad = gjk_box2(gjk_v2(0, 1)), nopoly = gjk_polygon2(NULL);
    gjk_shape2 u = gjk_user2(nan_support2, NULL);
    gjk_pose2 id = gjk_pose2_identity();
    gjk_ray2 ok = {{-3, 0}, {6, 0}, 1};
    expect_invalid2(NULL, id, &ok);
    expect_invalid2(&s, id, NULL);
    expect_invalid2(&bad, id, &ok);
    expect_invalid2(&nopoly, id, &ok);
    expect_invalid2(&u, id, &ok);
    gjk_pose2 p = id;
    p.rotation.c = 0;
    p.rotation.s = 0;
    expect_invalid2(&s, p, &ok);
    p = id;
    p.position.x = NAN;
    expect_invalid2(&s, p, &ok);
    gjk_ray2 r = ok;
    r.translation.y = NAN;
    expect_invalid2(&s, id, &r);
    r = ok;
    r.max_fraction = -GJK_R(0.5);
    expect_invalid2(&s, id, &r);
    r.max_fraction = INFINITY;
    expect_invalid2(&s, id, &r);
}

/* ---- 2D ------------------------------------------------------------------------------------------------------------ */

static void named_2d(void **state) {
    (void)state;
    gjk_pose2 id = gjk_pose2_identity();
    gjk_shape2 c = gjk_circle2(1);
    gjk_ray2 r = ray2(gjk_v2(-3, GJK_R(0.6)), gjk_v2(4, 0), 1);
    gjk_ray_result2 h = gjk_raycast2(&c, id, &r);
    assert_true(h.hit && !h.inside);
    EXPECT_NEAR(h.fraction * 4, 3 - 0.8, TU(1e-15));
    EXPECT_NEAR(h.normal.x, -0.8, TU(1e-15));
    EXPECT_NEAR(h.normal.y, 0.6, TU(1e-15));
    /* A rounded box's corner: the corner's circle. */
    gjk_shape2 rb = gjk_rounded2(gjk_box2(gjk_v2(1, 1)), GJK_R(0.5));
    r = ray2(gjk_v2(3, 3), gjk_v2(-1, -1), 4);
    h = gjk_raycast2(&rb, id, &r);
    EXPECT_NEAR(h.fraction * sqrt(2.0), 2 * sqrt(2.0) - 0.5, TU(1e-15));
    /* A polygon: the edge's normal; sliding along an edge's line touches at its end. */
    gjk_vec2 tri[3] = {{0, 0}, {2, 0}, {0, 2}};
    gjk_hull2 *hull = gjk_hull2_create(tri, 3, NULL);
    gjk_shape2 poly = gjk_polygon2(hull);
    r = ray2(gjk_v2(GJK_R(0.5), -2), gjk_v2(0, 4), 1);
    h = gjk_raycast2(&poly, id, &r);
    EXPECT_NEAR(h.fraction, 0.5, TU(1e-16));
    EXPECT_NEAR(h.normal.y, -1, TU(1e-16));
    r = ray2(gjk_v2(-1, 0), gjk_v2(4, 0), 1);
    h = gjk_raycast2(&poly, id, &r);
    assert_true(h.hit);
    EXPECT_NEAR(h.fraction, 0.25, TU(1e-16));
    /* A bare segment, crossed: the crossing, through GJK. */
    gjk_shape2 seg = gjk_segment2(gjk_v2(1, -1), gjk_v2(1, 1));
    r = ray2(gjk_v2(-1, GJK_R(0.25)), gjk_v2(4, 0), 1);
    h = gjk_raycast2(&seg, id, &r);
    assert_true(h.hit && h.status == GJK_OK);
    EXPECT_NEAR(h.fraction, 0.5, TU(1e-15));
    EXPECT_NEAR(h.normal.x, -1, TU(1e-15));
    /* Inside, and the band. */
    r = ray2(gjk_v2(GJK_R(0.5), GJK_R(0.5)), gjk_v2(0, 0), 1);
    h = gjk_raycast2(&poly, id, &r);
    assert_true(h.hit && h.inside && h.normal.x == 0);
    gjk_hull2_destroy(hull);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sphere_head_on),
        cmocka_unit_test(inside_and_touching_band),
        cmocka_unit_test(box_and_rounded_box),
        cmocka_unit_test(capsule_cylinder_along_axis),
        cmocka_unit_test(hull_faces),
        cmocka_unit_test(tiny_and_huge_translation),
        cmocka_unit_test(regression_cone_apex),
        cmocka_unit_test(regression_cone_apex_upward),
        cmocka_unit_test(regression_subnormal_capsule_ray),
        cmocka_unit_test(regression_gjk_stall_cone),
        cmocka_unit_test(regression_rim_not_inside),
        cmocka_unit_test(regression_inward_v),
        cmocka_unit_test(bad_input3),
        cmocka_unit_test(bad_input2),
        cmocka_unit_test(bad_input2_polygons),
        cmocka_unit_test(named_2d),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
