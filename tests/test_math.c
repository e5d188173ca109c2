// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Math helpers, poses and status names. */
#include "testutil.h"

static void test_quat_rotation_matches_axis_angle(void **state) {
    (void)state;
    gjk_quat q = gjk_quat_from_axis_angle(gjk_v3(0, 0, 2), (gjk_real)(3.14159265358979323846 / 2));
    gjk_vec3 v = gjk_quat_rotate(q, gjk_v3(1, 0, 0));
    EXPECT_NEAR(v.x, 0, TU(1e-15));
    EXPECT_NEAR(v.y, 1, TU(1e-15));
    EXPECT_NEAR(v.z, 0, TU(1e-15));
    gjk_vec3 back = gjk_quat_inv_rotate(q, v);
    EXPECT_NEAR(back.x, 1, TU(1e-15));
    /* A zero axis gives the identity rather than NaN. */
    gjk_quat id = gjk_quat_from_axis_angle(gjk_v3(0, 0, 0), 1);
    assert_true(id.w == 1 && id.x == 0 && id.y == 0 && id.z == 0);
}

static void test_quat_compose_and_normalize(void **state) {
    (void)state;
    test_rng r = {7};
    for (int i = 0; i < 1000; ++i) {
        gjk_quat a = test_quat(&r), b = test_quat(&r);
        gjk_vec3 v = test_vec3(&r, -3, 3);
        gjk_vec3 x = gjk_quat_rotate(gjk_quat_mul(a, b), v);
        gjk_vec3 y = gjk_quat_rotate(a, gjk_quat_rotate(b, v));
        EXPECT_NEAR(x.x, y.x, TU(1e-14));
        EXPECT_NEAR(x.y, y.y, TU(1e-14));
        EXPECT_NEAR(x.z, y.z, TU(1e-14));
        EXPECT_NEAR(gjk_len3(x), gjk_len3(v), TU(1e-14));
        gjk_quat s = {a.w * 3, a.x * 3, a.y * 3, a.z * 3};
        gjk_quat n = gjk_quat_normalize(s);
        EXPECT_NEAR(n.w, a.w, TU(1e-15));
    }
    gjk_quat z = {0, 0, 0, 0};
    assert_true(gjk_quat_normalize(z).w == 1);
}

static void test_normalize_zero_is_zero(void **state) {
    (void)state;
    gjk_vec3 z = gjk_normalize3(gjk_v3(0, 0, 0));
    assert_true(z.x == 0 && z.y == 0 && z.z == 0);
    gjk_vec2 z2 = gjk_normalize2(gjk_v2(0, 0));
    assert_true(z2.x == 0 && z2.y == 0);
}

static void test_pose_roundtrip(void **state) {
    (void)state;
    test_rng r = {11};
    for (int i = 0; i < 100; ++i) {
        gjk_pose3 p = gjk_pose3_make(test_vec3(&r, -100, 100), test_quat(&r));
        gjk_vec3 v = test_vec3(&r, -5, 5);
        gjk_vec3 w = gjk_pose3_inv_apply(p, gjk_pose3_apply(p, v));
        EXPECT_NEAR(w.x, v.x, TU(1e-13));
        EXPECT_NEAR(w.y, v.y, TU(1e-13));
        EXPECT_NEAR(w.z, v.z, TU(1e-13));
        gjk_pose2 q = gjk_pose2_make(gjk_v2(v.x, v.y), (gjk_real)test_uniform(&r, -7, 7));
        gjk_vec2 u = gjk_v2(v.z, v.x);
        gjk_vec2 u2 = gjk_pose2_inv_apply(q, gjk_pose2_apply(q, u));
        EXPECT_NEAR(u2.x, u.x, TU(1e-14));
        EXPECT_NEAR(u2.y, u.y, TU(1e-14));
    }
}

static void test_status_strings(void **state) {
    (void)state;
    assert_string_equal(gjk_status_string(GJK_OK), "ok");
    assert_string_equal(gjk_status_string(GJK_MAX_ITERATIONS), "max_iterations");
    assert_string_equal(gjk_status_string(GJK_DEGENERATE), "degenerate");
    assert_string_equal(gjk_status_string(GJK_INVALID_INPUT), "invalid_input");
    assert_string_equal(gjk_status_string(GJK_OUT_OF_MEMORY), "out_of_memory");
    assert_string_equal(gjk_status_string((gjk_status)99), "unknown");
}

static void test_precision_matches_config(void **state) {
    (void)state;
#if GJK_USE_FLOAT
    assert_int_equal(sizeof(gjk_real), sizeof(float));
#else
    assert_int_equal(sizeof(gjk_real), sizeof(double));
#endif
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quat_rotation_matches_axis_angle), cmocka_unit_test(test_quat_compose_and_normalize),
        cmocka_unit_test(test_normalize_zero_is_zero),           cmocka_unit_test(test_pose_roundtrip),
        cmocka_unit_test(test_status_strings),                   cmocka_unit_test(test_precision_matches_config),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
