// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Determinism: the same input gives bit-identical output, whichever thread runs it and in whatever order.
 *
 * The main thread answers every query on a fixed set of 2D and 3D pairs (every shape kind, separated, touching and
 * overlapping, cold and with a warm cache carried along a short motion; a manifold, a ray cast and two shape casts
 * per pair); then four threads answer the same pairs at
 * once, each starting at a different pair, and every field of every result must have the same bits. A query that
 * read global or uninitialised state, or kept anything between calls besides the caller's cache, would show here.
 *
 * Run with an argument, the executable prints a hash of all the answers instead: tests/determinism_runs.cmake runs
 * it twice and compares the hashes (bit-identical across runs, address-space layout notwithstanding).
 *
 * What determinism assumes of the build is in docs/numerics.md ("Determinism and fp-contract"): the same binary always gives the same
 * bits; across compilers and machines, IEEE arithmetic without contraction (-ffp-contract=off, which CMakeLists.txt
 * sets) and without -ffast-math. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#define PAIRS3 600
#define PAIRS2 400
#define STEPS 4 /* warm-started frames per pair */
#define THREADS 4
#define QUERIES 4

typedef struct case3 {
    gjk_shape3 a, b;
    gjk_pose3 pa, pb;
} case3;
typedef struct case2 {
    gjk_shape2 a, b;
    gjk_pose2 pa, pb;
} case2;

/* Every answer of one pair: four cold queries, then STEPS warm signed distances along a motion; and a digest of
   the contact queries' answers (manifold, ray cast, linear and turning shape casts: every meaningful field). */
typedef struct answers3 {
    gjk_result3 r[QUERIES + STEPS];
    uint64_t contacts;
} answers3;
typedef struct answers2 {
    gjk_result2 r[QUERIES + STEPS];
    uint64_t contacts;
} answers2;

/* FNV-1a over the meaningful bytes of every answer. */
static uint64_t fnv(uint64_t h, const void *p, size_t n) {
    const unsigned char *c = p;
    for (size_t i = 0; i < n; ++i) h = (h ^ c[i]) * 0x100000001b3ULL;
    return h;
}
#define HASH(f) h = fnv(h, &r->f, sizeof r->f)
static uint64_t hash_manifold3(uint64_t h, const gjk_manifold3 *r) {
    HASH(status), HASH(normal), HASH(count), HASH(iterations);
    for (int k = 0; k < r->count; ++k) HASH(points[k].point_a), HASH(points[k].point_b), HASH(points[k].separation),
        HASH(points[k].id);
    return h;
}
static uint64_t hash_manifold2(uint64_t h, const gjk_manifold2 *r) {
    HASH(status), HASH(normal), HASH(count), HASH(iterations);
    for (int k = 0; k < r->count; ++k) HASH(points[k].point_a), HASH(points[k].point_b), HASH(points[k].separation),
        HASH(points[k].id);
    return h;
}
static uint64_t hash_ray3(uint64_t h, const gjk_ray_result3 *r) {
    HASH(status), HASH(hit), HASH(inside), HASH(fraction), HASH(point), HASH(normal), HASH(iterations);
    return h;
}
static uint64_t hash_ray2(uint64_t h, const gjk_ray_result2 *r) {
    HASH(status), HASH(hit), HASH(inside), HASH(fraction), HASH(point), HASH(normal), HASH(iterations);
    return h;
}
static uint64_t hash_cast3(uint64_t h, const gjk_cast_result3 *r) {
    HASH(status), HASH(state), HASH(hit), HASH(t), HASH(normal), HASH(point_a), HASH(point_b), HASH(point);
    HASH(iterations);
    return h;
}
static uint64_t hash_cast2(uint64_t h, const gjk_cast_result2 *r) {
    HASH(status), HASH(state), HASH(hit), HASH(t), HASH(normal), HASH(point_a), HASH(point_b), HASH(point);
    HASH(iterations);
    return h;
}
#undef HASH

static case3 cases3[PAIRS3];
static case2 cases2[PAIRS2];
static gjk_hull3 *hulls3[PAIRS3 * 2];
static gjk_hull2 *hulls2[PAIRS2 * 2];
static answers3 ref3[PAIRS3];
static answers2 ref2[PAIRS2];

static void make_cases(void) {
    test_rng r = {20261122};
    for (int i = 0; i < PAIRS3; ++i) {
        case3 *c = &cases3[i];
        c->a = test_shape3(&r, -1, &hulls3[2 * i]);
        c->b = test_shape3(&r, -1, &hulls3[2 * i + 1]);
        c->pa = gjk_pose3_make(test_vec3(&r, -0.5, 0.5), test_quat(&r));
        gjk_vec3 d = gjk_scale3(test_unit3(&r), (gjk_real)test_uniform(&r, 0, 3.5));
        c->pb = gjk_pose3_make(gjk_add3(c->pa.position, d), test_quat(&r));
    }
    for (int i = 0; i < PAIRS2; ++i) {
        case2 *c = &cases2[i];
        c->a = test_shape2(&r, -1, &hulls2[2 * i]);
        c->b = test_shape2(&r, -1, &hulls2[2 * i + 1]);
        gjk_real x = (gjk_real)test_uniform(&r, -0.5, 0.5), y = (gjk_real)test_uniform(&r, -0.5, 0.5);
        c->pa = gjk_pose2_make(gjk_v2(x, y), (gjk_real)test_uniform(&r, -3.2, 3.2));
        gjk_real ang = (gjk_real)test_uniform(&r, -3.2, 3.2), len = (gjk_real)test_uniform(&r, 0, 3.5);
        gjk_vec2 d = gjk_v2(len * GJK_COS(ang), len * GJK_SIN(ang));
        c->pb = gjk_pose2_make(gjk_add2(c->pa.position, d), (gjk_real)test_uniform(&r, -3.2, 3.2));
    }
}

/* The answers of pair i; the motion is a function of the step only, so every thread sees the same poses. */
static void answer3(int i, answers3 *out) {
    const case3 *c = &cases3[i];
    gjk_pair3 p = {&c->a, c->pa, &c->b, c->pb};
    out->r[0] = gjk_intersect3(&p, NULL);
    out->r[1] = gjk_distance3(&p, NULL);
    out->r[2] = gjk_penetration3(&p, NULL);
    out->r[3] = gjk_signed_distance3(&p, NULL);
    gjk_cache3 cache = {0};
    for (int s = 0; s < STEPS; ++s) {
        gjk_pair3 q = p;
        q.pose_b.position = gjk_add3(p.pose_b.position, gjk_v3((gjk_real)(0.05 * s), (gjk_real)(-0.03 * s), 0));
        out->r[QUERIES + s] = gjk_signed_distance3(&q, &cache);
    }
    gjk_manifold3 m = gjk_collide3(&p, (gjk_real)0.05, NULL);
    uint64_t h = hash_manifold3(0xcbf29ce484222325ULL, &m);
    gjk_ray3 ray = {c->pb.position, gjk_scale3(gjk_sub3(c->pa.position, c->pb.position), 2), 1};
    gjk_ray_result3 rr = gjk_raycast3(&c->a, c->pa, &ray);
    h = hash_ray3(h, &rr);
    gjk_cast_input3 in = {0};
    in.pair = p;
    in.motion_b.translation = gjk_sub3(c->pa.position, c->pb.position);
    gjk_cast_result3 lin = gjk_shape_cast3(&in);
    in.motion_b.rotation = gjk_v3(1, -0.5f, 0.25f);
    gjk_cast_result3 turn = gjk_shape_cast3(&in);
    out->contacts = hash_cast3(hash_cast3(h, &lin), &turn);
}

static void answer2(int i, answers2 *out) {
    const case2 *c = &cases2[i];
    gjk_pair2 p = {&c->a, c->pa, &c->b, c->pb};
    out->r[0] = gjk_intersect2(&p, NULL);
    out->r[1] = gjk_distance2(&p, NULL);
    out->r[2] = gjk_penetration2(&p, NULL);
    out->r[3] = gjk_signed_distance2(&p, NULL);
    gjk_cache2 cache = {0};
    for (int s = 0; s < STEPS; ++s) {
        gjk_pair2 q = p;
        q.pose_b.position = gjk_add2(p.pose_b.position, gjk_v2((gjk_real)(0.05 * s), (gjk_real)(-0.03 * s)));
        out->r[QUERIES + s] = gjk_signed_distance2(&q, &cache);
    }
    gjk_manifold2 m = gjk_collide2(&p, (gjk_real)0.05, NULL);
    uint64_t h = hash_manifold2(0xcbf29ce484222325ULL, &m);
    gjk_ray2 ray = {c->pb.position, gjk_scale2(gjk_sub2(c->pa.position, c->pb.position), 2), 1};
    gjk_ray_result2 rr = gjk_raycast2(&c->a, c->pa, &ray);
    h = hash_ray2(h, &rr);
    gjk_cast_input2 in = {0};
    in.pair = p;
    in.motion_b.translation = gjk_sub2(c->pa.position, c->pb.position);
    gjk_cast_result2 lin = gjk_shape_cast2(&in);
    in.motion_b.rotation = 1.5f;
    gjk_cast_result2 turn = gjk_shape_cast2(&in);
    out->contacts = hash_cast2(hash_cast2(h, &lin), &turn);
}

/* Field by field (the structs have padding, whose bytes mean nothing). */
static bool same_bits(const void *x, const void *y, size_t n) { return memcmp(x, y, n) == 0; }
#define SAME(f) same_bits(&a->f, &b->f, sizeof a->f)
static bool same3(const gjk_result3 *a, const gjk_result3 *b) {
    return SAME(status) && SAME(intersect) && SAME(distance) && SAME(normal) && SAME(point_a) && SAME(point_b) &&
           SAME(iterations) && SAME(epa_iterations);
}
static bool same2(const gjk_result2 *a, const gjk_result2 *b) {
    return SAME(status) && SAME(intersect) && SAME(distance) && SAME(normal) && SAME(point_a) && SAME(point_b) &&
           SAME(iterations) && SAME(epa_iterations);
}
#undef SAME

typedef struct worker {
    int index;
    int mismatches;
    int first_bad; /* pair index of the first mismatch (3D pairs first, then 2D), -1: none */
} worker;

static void *run_worker(void *arg) {
    worker *w = arg;
    w->mismatches = 0;
    w->first_bad = -1;
    /* Each thread starts at its own place, so that the threads answer different pairs at the same moment. */
    for (int k = 0; k < PAIRS3; ++k) {
        int i = (k + w->index * PAIRS3 / THREADS) % PAIRS3;
        answers3 got;
        answer3(i, &got);
        for (int q = 0; q <= QUERIES + STEPS; ++q)
            if (q == QUERIES + STEPS ? got.contacts != ref3[i].contacts : !same3(&got.r[q], &ref3[i].r[q])) {
                if (w->first_bad < 0) w->first_bad = i;
                ++w->mismatches;
            }
    }
    for (int k = 0; k < PAIRS2; ++k) {
        int i = (k + w->index * PAIRS2 / THREADS) % PAIRS2;
        answers2 got;
        answer2(i, &got);
        for (int q = 0; q <= QUERIES + STEPS; ++q)
            if (q == QUERIES + STEPS ? got.contacts != ref2[i].contacts : !same2(&got.r[q], &ref2[i].r[q])) {
                if (w->first_bad < 0) w->first_bad = PAIRS3 + i;
                ++w->mismatches;
            }
    }
    return NULL;
}

static void compute_reference(void) {
    for (int i = 0; i < PAIRS3; ++i) answer3(i, &ref3[i]);
    for (int i = 0; i < PAIRS2; ++i) answer2(i, &ref2[i]);
}

static void free_cases(void) {
    for (int i = 0; i < 2 * PAIRS3; ++i) gjk_hull3_destroy(hulls3[i]);
    for (int i = 0; i < 2 * PAIRS2; ++i) gjk_hull2_destroy(hulls2[i]);
}

/* The set must exercise what it claims to: overlapping and separated pairs, EPA, and warm starts. */
static void test_cases_cover_the_paths(void **st) {
    (void)st;
    int overlap = 0, apart = 0, epa = 0;
    for (int i = 0; i < PAIRS3; ++i) {
        const gjk_result3 *r = &ref3[i].r[3];
        assert_true(r->status != GJK_INVALID_INPUT);
        overlap += r->distance < 0;
        apart += r->distance > 0;
        epa += r->epa_iterations > 0;
    }
    assert_true(overlap > PAIRS3 / 5 && apart > PAIRS3 / 5 && epa > PAIRS3 / 20);
    int overlap2 = 0;
    for (int i = 0; i < PAIRS2; ++i) overlap2 += ref2[i].r[3].distance < 0;
    assert_true(overlap2 > PAIRS2 / 5 && overlap2 < PAIRS2 * 4 / 5);
}

static void test_bit_identical_on_four_threads(void **st) {
    (void)st;
    pthread_t t[THREADS];
    worker w[THREADS];
    for (int i = 0; i < THREADS; ++i) {
        w[i].index = i;
        assert_int_equal(pthread_create(&t[i], NULL, run_worker, &w[i]), 0);
    }
    for (int i = 0; i < THREADS; ++i) assert_int_equal(pthread_join(t[i], NULL), 0);
    for (int i = 0; i < THREADS; ++i) {
        if (w[i].mismatches) fprintf(stderr, "thread %d: %d answers differ, first at pair %d\n", i, w[i].mismatches,
                                     w[i].first_bad);
        assert_int_equal(w[i].mismatches, 0);
    }
}

/* The same on the main thread again, after the threads: nothing a query did left state behind. */
static void test_bit_identical_when_repeated(void **st) {
    (void)st;
    worker w = {0, 0, -1};
    run_worker(&w);
    assert_int_equal(w.mismatches, 0);
}

#define HASH(f) h = fnv(h, &r->f, sizeof r->f)
static uint64_t hash_all(void) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int i = 0; i < PAIRS3; ++i)
        for (int q = 0; q < QUERIES + STEPS; ++q) {
            const gjk_result3 *r = &ref3[i].r[q];
            HASH(status), HASH(intersect), HASH(distance), HASH(normal), HASH(point_a), HASH(point_b);
            HASH(iterations), HASH(epa_iterations);
        }
    for (int i = 0; i < PAIRS3; ++i) h = fnv(h, &ref3[i].contacts, sizeof ref3[i].contacts);
    for (int i = 0; i < PAIRS2; ++i) h = fnv(h, &ref2[i].contacts, sizeof ref2[i].contacts);
    for (int i = 0; i < PAIRS2; ++i)
        for (int q = 0; q < QUERIES + STEPS; ++q) {
            const gjk_result2 *r = &ref2[i].r[q];
            HASH(status), HASH(intersect), HASH(distance), HASH(normal), HASH(point_a), HASH(point_b);
            HASH(iterations), HASH(epa_iterations);
        }
    return h;
}
#undef HASH

int main(int argc, char **argv) {
    (void)argv;
    make_cases();
    compute_reference();
    if (argc > 1) { /* hash mode, for the across-runs check */
        printf("%016llx\n", (unsigned long long)hash_all());
        free_cases();
        return 0;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases_cover_the_paths),
        cmocka_unit_test(test_bit_identical_on_four_threads),
        cmocka_unit_test(test_bit_identical_when_repeated),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    free_cases();
    return failed;
}
