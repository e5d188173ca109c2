// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Bad input through the public API (issue 4): every query in 3D and 2D, and the shape, support and hull functions,
   fed NULL pointers, NaN and infinities in every number field, zero and negative sizes, values beyond the bounds,
   absurdly scaled rotations, broken hulls and misbehaving user callbacks. Each must give its named status with a
   zeroed result (GJK_INVALID_INPUT; see gjk/base.h and gjk/query.h for the rules), never a crash, a hang or a NaN.
   The valid extremes next to each bad value (zero-length capsules, sizes and coordinates at the bound, scaled
   quaternions at the edge of the accepted range) must be accepted, so that the checks cannot pass by rejecting
   everything. Runs with asserts on in the sanitizer build: none of these is a programmer error that may assert.

   This file: NULL pointers, every number field of every shape, unknown shape types, poses and quaternion scale.
   Hulls, user callbacks, support functions and caches: test_badinput_hulls.c; the shared checks:
   badinput_check.c. */
#include <stdio.h>
#include <string.h>

#include "badinput_check.h"

#include "internal.h" /* GJK_MAX_COORD: the documented bound on 3D coordinates and sizes */

/* Scale factors k (q = k * unit) at the ends of the accepted range of |q|^2 = k^2: [1e-150, 1e150] (float
   [1e-18, 1e18]). The tests go just inside and just outside them. */
#if GJK_USE_FLOAT
#define QUAT_K_MIN 1e-9
#define QUAT_K_MAX 1e9
#else
#define QUAT_K_MIN 1e-75
#define QUAT_K_MAX 1e75
#endif

/* ---- NULL pointers ----------------------------------------------------------------------------------------------- */

static void test_null_pointers(void **st) {
    (void)st;
    gjk_shape3 box3 = gjk_box3(gjk_v3(1, 1, 1));
    gjk_pair3 p3 = {&box3, gjk_pose3_identity(), &box3, pose3_near()};
    gjk_shape2 box2 = gjk_box2(gjk_v2(1, 1));
    gjk_pair2 p2 = {&box2, gjk_pose2_identity(), &box2, pose2_near()};
    for (int q = 0; q < 4; ++q) {
        gjk_cache3 c3 = {0};
        gjk_cache2 c2 = {0};
        gjk_result3 r3 = queries3[q](NULL, NULL);
        check_invalid3(&r3, "NULL pair", q);
        r3 = queries3[q](NULL, &c3);
        check_invalid3(&r3, "NULL pair with a cache", q);
        gjk_result2 r2 = queries2[q](NULL, NULL);
        check_invalid2(&r2, "NULL pair", q);
        r2 = queries2[q](NULL, &c2);
        check_invalid2(&r2, "NULL pair with a cache", q);
        /* NULL cache: allowed, the same answer as a zeroed one. */
        gjk_cache3 z3 = {0};
        gjk_cache2 z2 = {0};
        gjk_result3 a3 = queries3[q](&p3, NULL), b3 = queries3[q](&p3, &z3);
        assert_int_equal(a3.status, GJK_OK);
        assert_true(a3.distance == b3.distance && a3.intersect == b3.intersect);
        gjk_result2 a2 = queries2[q](&p2, NULL), b2 = queries2[q](&p2, &z2);
        assert_int_equal(a2.status, GJK_OK);
        assert_true(a2.distance == b2.distance && a2.intersect == b2.intersect);
    }
    gjk_pair3 n3 = p3;
    n3.a = NULL;
    expect_invalid3(&n3, "3D shape A NULL");
    n3 = p3;
    n3.b = NULL;
    expect_invalid3(&n3, "3D shape B NULL");
    n3.a = NULL;
    expect_invalid3(&n3, "3D both shapes NULL");
    gjk_pair2 n2 = p2;
    n2.a = NULL;
    expect_invalid2(&n2, "2D shape A NULL");
    n2 = p2;
    n2.b = NULL;
    expect_invalid2(&n2, "2D shape B NULL");
    n2.a = NULL;
    expect_invalid2(&n2, "2D both shapes NULL");

    assert_int_equal(gjk_shape3_validate(NULL), GJK_INVALID_INPUT);
    assert_int_equal(gjk_shape2_validate(NULL), GJK_INVALID_INPUT);
    assert_true(zero3(gjk_shape3_support(NULL, gjk_v3(1, 0, 0))));
    assert_true(zero2(gjk_shape2_support(NULL, gjk_v2(1, 0))));
    /* Hull creation: NULL points, with and without a status to write. */
    gjk_status status = GJK_OK;
    assert_null(gjk_hull3_create(NULL, 4, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    assert_null(gjk_hull3_create(NULL, 4, NULL));
    status = GJK_OK;
    assert_null(gjk_hull2_create(NULL, 4, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    assert_null(gjk_hull2_create(NULL, 4, NULL));
    gjk_hull3_destroy(NULL);
    gjk_hull2_destroy(NULL);
    /* A hull shape without its hull. */
    gjk_shape3 h3 = gjk_hull_shape3(NULL);
    gjk_shape2 h2 = gjk_polygon2(NULL);
    assert_int_equal(gjk_shape3_validate(&h3), GJK_INVALID_INPUT);
    assert_int_equal(gjk_shape2_validate(&h2), GJK_INVALID_INPUT);
    each_pair3(&h3, expect_invalid3, "3D hull shape with a NULL hull");
    each_pair2(&h2, expect_invalid2, "2D polygon with a NULL hull");
    assert_true(zero3(gjk_shape3_support(&h3, gjk_v3(1, 0, 0))));
    assert_true(zero2(gjk_shape2_support(&h2, gjk_v2(1, 0))));
    /* A user shape without its callback. */
    gjk_shape3 u3 = gjk_user3(NULL, NULL);
    gjk_shape2 u2 = gjk_user2(NULL, NULL);
    assert_int_equal(gjk_shape3_validate(&u3), GJK_INVALID_INPUT);
    assert_int_equal(gjk_shape2_validate(&u2), GJK_INVALID_INPUT);
    each_pair3(&u3, expect_invalid3, "3D user shape with a NULL callback");
    each_pair2(&u2, expect_invalid2, "2D user shape with a NULL callback");
    assert_true(zero3(gjk_shape3_support(&u3, gjk_v3(1, 0, 0))));
    assert_true(zero2(gjk_shape2_support(&u2, gjk_v2(1, 0))));
}

/* ---- every number field of every shape --------------------------------------------------------------------------- */

typedef enum field_kind {
    COORD,       /* a coordinate: any value within the bound */
    POSITIVE,    /* a size > 0 */
    NON_NEGATIVE /* a size >= 0 (capsule sizes, margins) */
} field_kind;

/* One number of a shape, by its offset in the shape struct. */
typedef struct field {
    const char *name;
    size_t offset;
    field_kind kind;
} field;

#define FIELD3(member, kind) {#member, offsetof(gjk_shape3, member), kind}
#define FIELD2(member, kind) {#member, offsetof(gjk_shape2, member), kind}

/* Values every field rejects; values each kind rejects; values each kind accepts. 2D and 3D bound every coordinate
   and size by GJK_MAX_COORD (gjk/query.h). */
static int bad_values(field_kind kind, bool three_d, gjk_real *out) {
    int n = 0;
    out[n++] = nan_r;
    out[n++] = -nan_r;
    out[n++] = inf_r;
    out[n++] = -inf_r;
    (void)three_d;
    out[n++] = GJK_MAX_COORD * 2;
    out[n++] = -GJK_MAX_COORD * 2;
    out[n++] = GJK_REAL_MAX;
    out[n++] = -GJK_REAL_MAX;
    if (kind == POSITIVE) {
        out[n++] = 0;
        out[n++] = -GJK_R(0.0);
        out[n++] = -1;
        out[n++] = -GJK_REAL_MAX;
    }
    if (kind == NON_NEGATIVE) {
        out[n++] = -1;
        out[n++] = -GJK_REAL_EPSILON;
        out[n++] = -GJK_REAL_MAX;
    }
    return n;
}
static int good_values(field_kind kind, gjk_real *out) {
    int n = 0;
    out[n++] = 1;
    out[n++] = GJK_R(1e-6);
    out[n++] = GJK_MAX_COORD;
    if (kind != POSITIVE) {
        out[n++] = 0;
        out[n++] = -GJK_R(0.0);
    }
    if (kind == COORD) {
        out[n++] = -1;
        out[n++] = -GJK_MAX_COORD;
    }
    return n;
}

static void test_shape3_fields(void **st) {
    (void)st;
    const gjk_vec3 a = gjk_v3(-1, GJK_R(0.5), GJK_R(0.25)), b = gjk_v3(1, GJK_R(-0.5), GJK_R(0.75));
    const gjk_vec3 c = gjk_v3(GJK_R(0.1), 1, GJK_R(-0.3)), h = gjk_v3(1, GJK_R(0.5), GJK_R(0.75));
    const struct {
        gjk_shape3 shape;
        field fields[9];
        int count;
    } shapes[] = {
        {gjk_point3(), {{0}}, 0},
        {gjk_segment3(a, b),
         {FIELD3(segment.a.x, COORD), FIELD3(segment.a.y, COORD), FIELD3(segment.a.z, COORD),
          FIELD3(segment.b.x, COORD), FIELD3(segment.b.y, COORD), FIELD3(segment.b.z, COORD)},
         6},
        {gjk_triangle3(a, b, c),
         {FIELD3(triangle.a.x, COORD), FIELD3(triangle.a.y, COORD), FIELD3(triangle.a.z, COORD),
          FIELD3(triangle.b.x, COORD), FIELD3(triangle.b.y, COORD), FIELD3(triangle.b.z, COORD),
          FIELD3(triangle.c.x, COORD), FIELD3(triangle.c.y, COORD), FIELD3(triangle.c.z, COORD)},
         9},
        {gjk_box3(h),
         {FIELD3(box.half_extents.x, POSITIVE), FIELD3(box.half_extents.y, POSITIVE),
          FIELD3(box.half_extents.z, POSITIVE)},
         3},
        {gjk_sphere3(GJK_R(0.8)), {FIELD3(sphere.radius, POSITIVE)}, 1},
        {gjk_capsule3(GJK_R(0.5), GJK_R(0.7)),
         {FIELD3(capsule.radius, NON_NEGATIVE), FIELD3(capsule.half_height, NON_NEGATIVE)},
         2},
        {gjk_cylinder3(GJK_R(0.5), GJK_R(0.7)),
         {FIELD3(cylinder.radius, POSITIVE), FIELD3(cylinder.half_height, POSITIVE)},
         2},
        {gjk_cone3(GJK_R(0.5), GJK_R(0.7)), {FIELD3(cone.radius, POSITIVE), FIELD3(cone.half_height, POSITIVE)}, 2},
        {gjk_ellipsoid3(h),
         {FIELD3(ellipsoid.radii.x, POSITIVE), FIELD3(ellipsoid.radii.y, POSITIVE),
          FIELD3(ellipsoid.radii.z, POSITIVE)},
         3},
    };
    const field margin = FIELD3(margin, NON_NEGATIVE);
    char what[160];
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; ++i) {
        assert_int_equal(gjk_shape3_validate(&shapes[i].shape), GJK_OK);
        for (int f = -1; f < shapes[i].count; ++f) {
            const field *fd = f < 0 ? &margin : &shapes[i].fields[f];
            gjk_real v[16];
            int n = bad_values(fd->kind, true, v);
            for (int k = 0; k < n; ++k) {
                gjk_shape3 s = shapes[i].shape;
                set_field(&s, fd->offset, v[k]);
                snprintf(what, sizeof what, "3D type %d, %s = %g", (int)s.type, fd->name, (double)v[k]);
                if (gjk_shape3_validate(&s) != GJK_INVALID_INPUT) fail_msg("%s: validate accepted it", what);
                each_pair3(&s, expect_invalid3, what);
                /* The support function of an invalid shape: a finite point (the origin). */
                assert_true(zero3(gjk_shape3_support(&s, gjk_v3(1, 2, 3))));
            }
            n = good_values(fd->kind, v);
            for (int k = 0; k < n; ++k) {
                gjk_shape3 s = shapes[i].shape;
                set_field(&s, fd->offset, v[k]);
                snprintf(what, sizeof what, "3D type %d, %s = %g", (int)s.type, fd->name, (double)v[k]);
                if (gjk_shape3_validate(&s) != GJK_OK) fail_msg("%s: validate rejected it", what);
                each_pair3(&s, expect_usable3, what);
                assert_true(test_finite3(gjk_shape3_support(&s, gjk_v3(1, 2, 3))));
            }
        }
    }
}

static void test_shape2_fields(void **st) {
    (void)st;
    const struct {
        gjk_shape2 shape;
        field fields[4];
        int count;
    } shapes[] = {
        {gjk_point2(), {{0}}, 0},
        {gjk_segment2(gjk_v2(-1, GJK_R(0.5)), gjk_v2(1, GJK_R(-0.25))),
         {FIELD2(segment.a.x, COORD), FIELD2(segment.a.y, COORD), FIELD2(segment.b.x, COORD),
          FIELD2(segment.b.y, COORD)},
         4},
        {gjk_circle2(GJK_R(0.8)), {FIELD2(circle.radius, POSITIVE)}, 1},
        {gjk_box2(gjk_v2(1, GJK_R(0.5))), {FIELD2(box.half_extents.x, POSITIVE), FIELD2(box.half_extents.y, POSITIVE)},
         2},
        {gjk_capsule2(GJK_R(0.5), GJK_R(0.7)),
         {FIELD2(capsule.radius, NON_NEGATIVE), FIELD2(capsule.half_height, NON_NEGATIVE)},
         2},
    };
    const field margin = FIELD2(margin, NON_NEGATIVE);
    char what[160];
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; ++i) {
        assert_int_equal(gjk_shape2_validate(&shapes[i].shape), GJK_OK);
        for (int f = -1; f < shapes[i].count; ++f) {
            const field *fd = f < 0 ? &margin : &shapes[i].fields[f];
            gjk_real v[16];
            int n = bad_values(fd->kind, false, v);
            for (int k = 0; k < n; ++k) {
                gjk_shape2 s = shapes[i].shape;
                set_field(&s, fd->offset, v[k]);
                snprintf(what, sizeof what, "2D type %d, %s = %g", (int)s.type, fd->name, (double)v[k]);
                if (gjk_shape2_validate(&s) != GJK_INVALID_INPUT) fail_msg("%s: validate accepted it", what);
                each_pair2(&s, expect_invalid2, what);
                assert_true(zero2(gjk_shape2_support(&s, gjk_v2(1, 2))));
            }
            n = good_values(fd->kind, v);
            for (int k = 0; k < n; ++k) {
                gjk_shape2 s = shapes[i].shape;
                set_field(&s, fd->offset, v[k]);
                snprintf(what, sizeof what, "2D type %d, %s = %g", (int)s.type, fd->name, (double)v[k]);
                if (gjk_shape2_validate(&s) != GJK_OK) fail_msg("%s: validate rejected it", what);
                each_pair2(&s, expect_usable2, what);
                assert_true(finite2(gjk_shape2_support(&s, gjk_v2(1, 2))));
            }
        }
    }
}

/* Shape types outside the enum. */
static void test_unknown_types(void **st) {
    (void)st;
    const int types[] = {GJK_SHAPE3_TYPE_COUNT, GJK_SHAPE3_TYPE_COUNT + 1, 1000, -1};
    for (int i = 0; i < 4; ++i) {
        gjk_shape3 s3 = gjk_box3(gjk_v3(1, 1, 1));
        s3.type = (gjk_shape3_type)types[i];
        assert_int_equal(gjk_shape3_validate(&s3), GJK_INVALID_INPUT);
        each_pair3(&s3, expect_invalid3, "3D unknown type");
        assert_true(zero3(gjk_shape3_support(&s3, gjk_v3(1, 0, 0))));
        gjk_shape2 s2 = gjk_box2(gjk_v2(1, 1));
        int t2 = i == 0 ? GJK_SHAPE2_TYPE_COUNT : types[i];
        s2.type = (gjk_shape2_type)t2;
        assert_int_equal(gjk_shape2_validate(&s2), GJK_INVALID_INPUT);
        each_pair2(&s2, expect_invalid2, "2D unknown type");
        assert_true(zero2(gjk_shape2_support(&s2, gjk_v2(1, 0))));
    }
}

/* ---- poses ------------------------------------------------------------------------------------------------------- */

static void test_pose3_fields(void **st) {
    (void)st;
    gjk_shape3 box = gjk_box3(gjk_v3(1, GJK_R(0.5), GJK_R(0.75))), sphere = gjk_sphere3(GJK_R(0.5));
    const field fields[7] = {
        {"position.x", offsetof(gjk_pose3, position.x), COORD}, {"position.y", offsetof(gjk_pose3, position.y), COORD},
        {"position.z", offsetof(gjk_pose3, position.z), COORD}, {"rotation.w", offsetof(gjk_pose3, rotation.w), COORD},
        {"rotation.x", offsetof(gjk_pose3, rotation.x), COORD}, {"rotation.y", offsetof(gjk_pose3, rotation.y), COORD},
        {"rotation.z", offsetof(gjk_pose3, rotation.z), COORD}};
    const gjk_real bad[] = {nan_r, -nan_r, inf_r, -inf_r, GJK_MAX_COORD * 2, -GJK_MAX_COORD * 2, GJK_REAL_MAX};
    char what[160];
    /* Both shapes of every kind of core: the sphere's frame is skipped by the queries, its pose must still be
       checked. */
    const gjk_shape3 *shapes[2] = {&box, &sphere};
    for (int sa = 0; sa < 2; ++sa)
        for (int side = 0; side < 2; ++side)
            for (int f = 0; f < 7; ++f)
                for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
                    /* Huge rotation components are covered by the scale tests below. */
                    if (f >= 3 && isfinite(bad[k])) continue;
                    gjk_pair3 p = {shapes[sa], pose3_near(), shapes[1 - sa], gjk_pose3_identity()};
                    set_field(side ? &p.pose_b : &p.pose_a, fields[f].offset, bad[k]);
                    snprintf(what, sizeof what, "3D pose_%c.%s = %g (A type %d)", side ? 'b' : 'a', fields[f].name,
                             (double)bad[k], (int)p.a->type);
                    expect_invalid3(&p, what);
                }
    /* Positions at the bound are valid. */
    for (int side = 0; side < 2; ++side)
        for (int f = 0; f < 3; ++f) {
            gjk_pair3 p = {&box, pose3_near(), &sphere, gjk_pose3_identity()};
            set_field(side ? &p.pose_b : &p.pose_a, fields[f].offset, f == 1 ? -GJK_MAX_COORD : GJK_MAX_COORD);
            expect_usable3(&p, "3D position at the bound");
        }
}

/* The documented rule (gjk/math.h): a quaternion of any length k whose square is within [1e-150, 1e150] (float
   [1e-18, 1e18]) rotates like its unit version; zero, tiny, huge or non-finite ones are invalid input. */
static void test_quaternion_scale(void **st) {
    (void)st;
    gjk_shape3 box = gjk_box3(gjk_v3(1, GJK_R(0.5), GJK_R(0.25))), cap = gjk_capsule3(GJK_R(0.3), GJK_R(0.8));
    gjk_quat u = gjk_quat_from_axis_angle(gjk_v3(1, 2, 3), GJK_R(0.7));
    gjk_pair3 unit = {&box, gjk_pose3_identity(), &cap, gjk_pose3_make(gjk_v3(GJK_R(1.2), GJK_R(0.1), 0), u)};
    gjk_result3 want = gjk_signed_distance3(&unit, NULL);
    assert_int_equal(want.status, GJK_OK);
    const double ok_scales[] = {1.01 * QUAT_K_MIN, 1e-3, 7, 1e3, 0.99 * QUAT_K_MAX};
    const double bad_scales[] = {0.99 * QUAT_K_MIN, 0.99 * QUAT_K_MIN * 1e-3, 1.01 * QUAT_K_MAX, 1.01e3 * QUAT_K_MAX};
    char what[120];
    for (int side = 0; side < 2; ++side) {
        for (size_t i = 0; i < sizeof ok_scales / sizeof ok_scales[0]; ++i) {
            gjk_pair3 p = unit;
            gjk_quat *q = side ? &p.pose_b.rotation : &p.pose_a.rotation;
            gjk_real k = (gjk_real)ok_scales[i];
            q->w *= k, q->x *= k, q->y *= k, q->z *= k;
            snprintf(what, sizeof what, "quaternion of pose_%c scaled by %g", side ? 'b' : 'a', ok_scales[i]);
            expect_usable3(&p, what);
            gjk_result3 r = gjk_signed_distance3(&p, NULL);
            EXPECT_NEAR(r.distance, want.distance, TU(1e-13));
            EXPECT_NEAR(r.normal.x, want.normal.x, TU(1e-12));
            EXPECT_NEAR(r.normal.y, want.normal.y, TU(1e-12));
            EXPECT_NEAR(r.normal.z, want.normal.z, TU(1e-12));
        }
        for (size_t i = 0; i < sizeof bad_scales / sizeof bad_scales[0]; ++i) {
            gjk_pair3 p = unit;
            gjk_quat *q = side ? &p.pose_b.rotation : &p.pose_a.rotation;
            gjk_real k = (gjk_real)bad_scales[i];
            q->w *= k, q->x *= k, q->y *= k, q->z *= k;
            snprintf(what, sizeof what, "quaternion of pose_%c scaled by %g", side ? 'b' : 'a', bad_scales[i]);
            expect_invalid3(&p, what);
        }
        /* Zero, and a subnormal whose square is zero. */
        gjk_pair3 p = unit;
        gjk_quat zero = {0, 0, 0, 0}, sub = {REAL_MIN / 4, 0, 0, 0}, neg_zero = {-GJK_R(0.0), 0, -GJK_R(0.0), 0};
        gjk_quat *q = side ? &p.pose_b.rotation : &p.pose_a.rotation;
        *q = zero;
        expect_invalid3(&p, "zero quaternion");
        *q = neg_zero;
        expect_invalid3(&p, "negative zero quaternion");
        *q = sub;
        expect_invalid3(&p, "subnormal quaternion");
        /* A single huge component among finite ones. */
        *q = u;
        q->y = GJK_REAL_MAX;
        expect_invalid3(&p, "quaternion component at the largest float");
    }
}

static void test_pose2_fields(void **st) {
    (void)st;
    gjk_shape2 box = gjk_box2(gjk_v2(1, GJK_R(0.5))), circle = gjk_circle2(GJK_R(0.5));
    const field fields[4] = {{"position.x", offsetof(gjk_pose2, position.x), COORD},
                             {"position.y", offsetof(gjk_pose2, position.y), COORD},
                             {"rotation.c", offsetof(gjk_pose2, rotation.c), COORD},
                             {"rotation.s", offsetof(gjk_pose2, rotation.s), COORD}};
    const gjk_real bad[] = {nan_r, -nan_r, inf_r, -inf_r};
    const gjk_shape2 *shapes[2] = {&box, &circle};
    char what[160];
    for (int sa = 0; sa < 2; ++sa)
        for (int side = 0; side < 2; ++side)
            for (int f = 0; f < 4; ++f)
                for (int k = 0; k < 4; ++k) {
                    gjk_pair2 p = {shapes[sa], pose2_near(), shapes[1 - sa], gjk_pose2_identity()};
                    set_field(side ? &p.pose_b : &p.pose_a, fields[f].offset, bad[k]);
                    snprintf(what, sizeof what, "2D pose_%c.%s = %g (A type %d)", side ? 'b' : 'a', fields[f].name,
                             (double)bad[k], (int)p.a->type);
                    expect_invalid2(&p, what);
                }
    gjk_pair2 unit = {&box, gjk_pose2_identity(), &circle, pose2_near()};
    gjk_result2 want = gjk_signed_distance2(&unit, NULL);
    for (int side = 0; side < 2; ++side) {
        gjk_pair2 p = unit;
        gjk_pose2 *pose = side ? &p.pose_b : &p.pose_a;
        /* Angles: NaN and infinite ones make a NaN rotation. */
        *pose = gjk_pose2_make(pose->position, nan_r);
        expect_invalid2(&p, "2D angle NaN");
        *pose = gjk_pose2_make(pose->position, inf_r);
        expect_invalid2(&p, "2D angle +inf");
        *pose = gjk_pose2_make(pose->position, -inf_r);
        expect_invalid2(&p, "2D angle -inf");
        /* A zero rotation. */
        p = unit;
        pose = side ? &p.pose_b : &p.pose_a;
        pose->rotation.c = pose->rotation.s = 0;
        expect_invalid2(&p, "2D zero rotation");
        pose->rotation.c = -GJK_R(0.0);
        expect_invalid2(&p, "2D negative zero rotation");
        /* (c, s) of any finite non-zero length is normalised (documented in gjk/math.h), down to subnormals. */
        const gjk_real scales[] = {GJK_REAL_MAX / 2, GJK_R(1e30), GJK_R(1e-30), REAL_MIN, REAL_MIN / 1024};
        for (int k = 0; k < 5; ++k) {
            p = unit;
            pose = side ? &p.pose_b : &p.pose_a;
            gjk_real c = pose->rotation.c, s = pose->rotation.s;
            /* (Scaled by a power of two where the sum of squares would overflow or underflow: exact.) */
            pose->rotation.c = c * scales[k];
            pose->rotation.s = s * scales[k];
            snprintf(what, sizeof what, "2D rotation of pose_%c scaled by %g", side ? 'b' : 'a', (double)scales[k]);
            expect_usable2(&p, what);
            gjk_result2 r = gjk_signed_distance2(&p, NULL);
            /* The subnormal scale loses the rotation's low bits. */
            EXPECT_NEAR(r.distance, want.distance, k == 4 ? TU(1e-3) : TU(1e-13));
        }
    }
    /* Positions beyond GJK_MAX_COORD are invalid in 2D as in 3D; at the bound they are fine. */
    const gjk_real huge[] = {GJK_REAL_MAX, -GJK_REAL_MAX, GJK_MAX_COORD * 2};
    for (int side = 0; side < 2; ++side)
        for (int f = 0; f < 2; ++f) {
            for (int k = 0; k < 3; ++k) {
                gjk_pair2 p = unit;
                set_field(side ? &p.pose_b : &p.pose_a, fields[f].offset, huge[k]);
                expect_invalid2(&p, "2D position beyond the bound");
            }
            gjk_pair2 p = unit;
            set_field(side ? &p.pose_b : &p.pose_a, fields[f].offset, GJK_MAX_COORD);
            expect_sane2(&p, "2D position at the bound");
        }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_null_pointers),
        cmocka_unit_test(test_shape3_fields),
        cmocka_unit_test(test_shape2_fields),
        cmocka_unit_test(test_unknown_types),
        cmocka_unit_test(test_pose3_fields),
        cmocka_unit_test(test_quaternion_scale),
        cmocka_unit_test(test_pose2_fields),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
