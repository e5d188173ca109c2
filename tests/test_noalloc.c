// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* No heap allocation inside any query. The test is linked with -Wl,--wrap=malloc (calloc, realloc, free): every
   call to them from the library's objects, linked statically here, goes through the counters below, so a query
   that allocates, directly or through the allocator hook, is caught. Hull creation is the only allocating call,
   and the allocator hook must see all of its memory freed again. */
#include "testutil.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void __real_free(void *p);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
void __wrap_free(void *p);

static long g_allocs;
void *__wrap_malloc(size_t size) {
    ++g_allocs;
    return __real_malloc(size);
}
void *__wrap_calloc(size_t n, size_t size) {
    ++g_allocs;
    return __real_calloc(n, size);
}
void *__wrap_realloc(void *p, size_t size) {
    ++g_allocs;
    return __real_realloc(p, size);
}
void __wrap_free(void *p) { __real_free(p); }

static long hook_allocs, hook_frees;
static void *count_alloc(size_t size, void *user) {
    (void)user;
    ++hook_allocs;
    return __real_malloc(size);
}
static void count_free(void *p, void *user) {
    (void)user;
    ++hook_frees;
    __real_free(p);
}

static void test_queries_do_not_allocate(void **st) {
    (void)st;
    gjk_set_allocator(count_alloc, count_free, NULL);
    test_rng r = {31};
    gjk_vec3 pts[200];
    for (int i = 0; i < 200; ++i) pts[i] = test_vec3(&r, -1, 1);
    gjk_hull3 *hull = gjk_hull3_create(pts, 200, NULL);
    assert_non_null(hull);
    gjk_vec2 pts2[50];
    for (int i = 0; i < 50; ++i) pts2[i] = gjk_v2((gjk_real)test_uniform(&r, -1, 1), (gjk_real)test_uniform(&r, -1, 1));
    gjk_hull2 *poly = gjk_hull2_create(pts2, 50, NULL);
    assert_non_null(poly);
    assert_true(hook_allocs > 0);

    gjk_shape3 s3[6] = {gjk_hull_shape3(hull), gjk_box3(gjk_v3(1, 1, 1)), gjk_cylinder3(0.5, 1),
                        gjk_rounded3(gjk_cone3(0.5, 1), 0.1), gjk_ellipsoid3(gjk_v3(1, 0.5, 0.3)), gjk_capsule3(0.3, 1)};
    gjk_shape2 s2[4] = {gjk_polygon2(poly), gjk_box2(gjk_v2(1, 1)), gjk_circle2(0.5), gjk_capsule2(0.2, 0.7)};
    long before = g_allocs, hook_before = hook_allocs;
    for (int i = 0; i < 2000; ++i) {
        gjk_pair3 p = {&s3[i % 6], gjk_pose3_make(test_vec3(&r, -1, 1), test_quat(&r)), &s3[(i / 6) % 6],
                       gjk_pose3_make(test_vec3(&r, -1, 1), test_quat(&r))};
        gjk_cache3 c = {0};
        gjk_intersect3(&p, &c);
        gjk_distance3(&p, &c);
        gjk_penetration3(&p, &c);
        gjk_signed_distance3(&p, &c);
        gjk_pair2 q = {&s2[i % 4], gjk_pose2_make(gjk_v2(0, 0), (gjk_real)i), &s2[(i / 4) % 4],
                       gjk_pose2_make(gjk_v2((gjk_real)test_uniform(&r, -2, 2), (gjk_real)test_uniform(&r, -2, 2)),
                                      (gjk_real)test_uniform(&r, -3, 3))};
        gjk_cache2 c2 = {0};
        gjk_intersect2(&q, &c2);
        gjk_distance2(&q, &c2);
        gjk_penetration2(&q, &c2);
        gjk_signed_distance2(&q, &c2);
        /* The contact queries (gjk/manifold.h, ray.h, cast.h): manifolds, ray casts, linear and turning casts. */
        gjk_collide3(&p, (gjk_real)0.1, &c);
        gjk_collide2(&q, (gjk_real)0.1, &c2);
        gjk_ray3 ray3 = {test_vec3(&r, -3, 3), test_vec3(&r, -4, 4), 1};
        gjk_raycast3(p.a, p.pose_a, &ray3);
        gjk_ray2 ray2 = {q.pose_b.position, gjk_v2((gjk_real)test_uniform(&r, -4, 4), (gjk_real)test_uniform(&r, -4, 4)), 1};
        gjk_raycast2(q.a, q.pose_a, &ray2);
        gjk_cast_input3 in3 = {0};
        in3.pair = p;
        in3.motion_b.translation = test_vec3(&r, -3, 3);
        if (i % 2) in3.motion_a.rotation = test_vec3(&r, -2, 2);
        gjk_shape_cast3(&in3);
        gjk_cast_input2 in2 = {0};
        in2.pair = q;
        in2.motion_b.translation = gjk_v2((gjk_real)test_uniform(&r, -3, 3), (gjk_real)test_uniform(&r, -3, 3));
        if (i % 2) in2.motion_b.rotation = (gjk_real)test_uniform(&r, -2, 2);
        gjk_shape_cast2(&in2);
        /* The batches (gjk/batch.h) over the same pairs. */
        gjk_batch3 b3 = {p.a, &p.pose_a, p.b, &p.pose_b, 0, 0, 0, 0, NULL, 0};
        gjk_batch2 b2 = {q.a, &q.pose_a, q.b, &q.pose_b, 0, 0, 0, 0, NULL, 0};
        gjk_result3 br3[2];
        gjk_result2 br2[2];
        gjk_manifold3 bm3[2];
        gjk_manifold2 bm2[2];
        gjk_batch_query3(GJK_QUERY_SIGNED_DISTANCE, &b3, NULL, NULL, 0, 2, br3);
        gjk_batch_query2(GJK_QUERY_SIGNED_DISTANCE, &b2, NULL, NULL, 0, 2, br2);
        gjk_batch_collide3(&b3, (gjk_real)0.1, NULL, 0, 2, bm3);
        gjk_batch_collide2(&b2, (gjk_real)0.1, NULL, 0, 2, bm2);
        gjk_batch_casts3 bc3 = {b3, &in3.motion_a, &in3.motion_b, 0, 0, 0, 0, false};
        gjk_cast_result3 bcr3[2];
        gjk_batch_shape_cast3(&bc3, 0, 2, bcr3);
    }
    assert_int_equal(g_allocs, before);
    assert_int_equal(hook_allocs, hook_before);
    gjk_hull3_destroy(hull);
    gjk_hull2_destroy(poly);
    assert_int_equal(hook_allocs, hook_frees);
    gjk_set_allocator(NULL, NULL, NULL);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_queries_do_not_allocate)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
