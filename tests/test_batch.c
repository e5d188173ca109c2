// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Batches (gjk/batch.h) and gjk_parallel_for (gjk/threads.h):
   - every batch function answers each item as the single-pair call does, bit for bit (field by field, so that
     padding does not count), in every addressing mode: one entry per item, one shape or pose for all (stride 0),
     a scene of bodies with index pairs, and a stride of 2;
   - a batch split into ranges of any size gives the same answers, writes only its own range, and returns how many
     items are not GJK_OK;
   - warm-start caches per item: the same answers and cache contents as single calls with the same caches;
   - bad addressing (an index outside the limit, a negative stride, NULL arrays) gives GJK_INVALID_INPUT items with
     everything else zero, and bad ranges write nothing;
   - gjk_parallel_for on 1, 2, 3 and 8 threads and several grains: the same bits as one thread, every item once. */
#include <stdio.h>
#include <string.h>

#include "gjk/threads.h"
#include "testutil.h"

enum { N = 400, BODIES = 40 };

typedef test_rng rng;
static double uniform(rng *g, double lo, double hi) { return test_uniform(g, lo, hi); }
static gjk_real R(double x) { return (gjk_real)x; }

/* ---- random shapes and poses ------------------------------------------------------------------------------------ */

static gjk_hull3 *hull3;
static gjk_hull2 *hull2;

static gjk_shape3 shape3(rng *g) {
    gjk_shape3 s;
    switch ((int)uniform(g, 0, 8)) {
    case 0: s = gjk_sphere3(R(uniform(g, 0.2, 1))); break;
    case 1: s = gjk_box3(gjk_v3(R(uniform(g, 0.2, 1)), R(uniform(g, 0.2, 1)), R(uniform(g, 0.2, 1)))); break;
    case 2: s = gjk_capsule3(R(uniform(g, 0.1, 0.6)), R(uniform(g, 0.1, 1))); break;
    case 3: s = gjk_cylinder3(R(uniform(g, 0.2, 1)), R(uniform(g, 0.2, 1))); break;
    case 4: s = gjk_cone3(R(uniform(g, 0.2, 1)), R(uniform(g, 0.2, 1))); break;
    case 5: s = gjk_ellipsoid3(gjk_v3(R(uniform(g, 0.2, 1)), R(uniform(g, 0.2, 1)), R(uniform(g, 0.2, 1)))); break;
    default: s = gjk_hull_shape3(hull3); break;
    }
    if (uniform(g, 0, 1) < 0.25) s.margin = R(uniform(g, 0.01, 0.2));
    return s;
}
static gjk_pose3 pose3(rng *g) {
    gjk_quat q = {R(uniform(g, -1, 1)), R(uniform(g, -1, 1)), R(uniform(g, -1, 1)), R(uniform(g, -1, 1))};
    return gjk_pose3_make(gjk_v3(R(uniform(g, -2, 2)), R(uniform(g, -2, 2)), R(uniform(g, -2, 2))), q);
}
static gjk_shape2 shape2(rng *g) {
    gjk_shape2 s;
    switch ((int)uniform(g, 0, 4)) {
    case 0: s = gjk_circle2(R(uniform(g, 0.2, 1))); break;
    case 1: s = gjk_box2(gjk_v2(R(uniform(g, 0.2, 1)), R(uniform(g, 0.2, 1)))); break;
    case 2: s = gjk_capsule2(R(uniform(g, 0.1, 0.6)), R(uniform(g, 0.1, 1))); break;
    default: s = gjk_polygon2(hull2); break;
    }
    if (uniform(g, 0, 1) < 0.25) s.margin = R(uniform(g, 0.01, 0.2));
    return s;
}
static gjk_pose2 pose2(rng *g) {
    return gjk_pose2_make(gjk_v2(R(uniform(g, -2, 2)), R(uniform(g, -2, 2))), R(uniform(g, -3.2, 3.2)));
}

static int setup(void **state) {
    (void)state;
    rng g = {7};
    gjk_vec3 p3[24];
    gjk_vec2 p2[9];
    for (int i = 0; i < 24; ++i) p3[i] = gjk_v3(R(uniform(&g, -1, 1)), R(uniform(&g, -1, 1)), R(uniform(&g, -1, 1)));
    for (int i = 0; i < 9; ++i) p2[i] = gjk_v2(R(uniform(&g, -1, 1)), R(uniform(&g, -1, 1)));
    gjk_status st;
    hull3 = gjk_hull3_create(p3, 24, &st);
    hull2 = gjk_hull2_create(p2, 9, &st);
    return hull3 && hull2 ? 0 : -1;
}
static int teardown(void **state) {
    (void)state;
    gjk_hull3_destroy(hull3);
    gjk_hull2_destroy(hull2);
    return 0;
}

/* ---- field-by-field equality (bits: -0 and NaN payloads count) ---------------------------------------------------- */

#define SAME(a, b, f) (memcmp(&(a).f, &(b).f, sizeof((a).f)) == 0)

static int same_result3(const gjk_result3 *a, const gjk_result3 *b) {
    return SAME(*a, *b, status) && SAME(*a, *b, intersect) && SAME(*a, *b, distance) && SAME(*a, *b, normal) &&
           SAME(*a, *b, point_a) && SAME(*a, *b, point_b) && SAME(*a, *b, iterations) &&
           SAME(*a, *b, epa_iterations) && SAME(*a, *b, lower) && SAME(*a, *b, upper);
}
static int same_result2(const gjk_result2 *a, const gjk_result2 *b) {
    return SAME(*a, *b, status) && SAME(*a, *b, intersect) && SAME(*a, *b, distance) && SAME(*a, *b, normal) &&
           SAME(*a, *b, point_a) && SAME(*a, *b, point_b) && SAME(*a, *b, iterations) &&
           SAME(*a, *b, epa_iterations) && SAME(*a, *b, lower) && SAME(*a, *b, upper);
}
static int same_manifold3(const gjk_manifold3 *a, const gjk_manifold3 *b) {
    if (!(SAME(*a, *b, status) && SAME(*a, *b, normal) && SAME(*a, *b, count) && SAME(*a, *b, iterations))) return 0;
    for (int i = 0; i < GJK_MANIFOLD_MAX_POINTS3; ++i)
        if (!(SAME(a->points[i], b->points[i], point_a) && SAME(a->points[i], b->points[i], point_b) &&
              SAME(a->points[i], b->points[i], separation) && SAME(a->points[i], b->points[i], id)))
            return 0;
    return 1;
}
static int same_manifold2(const gjk_manifold2 *a, const gjk_manifold2 *b) {
    if (!(SAME(*a, *b, status) && SAME(*a, *b, normal) && SAME(*a, *b, count) && SAME(*a, *b, iterations))) return 0;
    for (int i = 0; i < GJK_MANIFOLD_MAX_POINTS2; ++i)
        if (!(SAME(a->points[i], b->points[i], point_a) && SAME(a->points[i], b->points[i], point_b) &&
              SAME(a->points[i], b->points[i], separation) && SAME(a->points[i], b->points[i], id)))
            return 0;
    return 1;
}
static int same_ray3(const gjk_ray_result3 *a, const gjk_ray_result3 *b) {
    return SAME(*a, *b, status) && SAME(*a, *b, hit) && SAME(*a, *b, inside) && SAME(*a, *b, fraction) &&
           SAME(*a, *b, point) && SAME(*a, *b, normal) && SAME(*a, *b, iterations);
}
static int same_ray2(const gjk_ray_result2 *a, const gjk_ray_result2 *b) {
    return SAME(*a, *b, status) && SAME(*a, *b, hit) && SAME(*a, *b, inside) && SAME(*a, *b, fraction) &&
           SAME(*a, *b, point) && SAME(*a, *b, normal) && SAME(*a, *b, iterations);
}
static int same_cast3(const gjk_cast_result3 *a, const gjk_cast_result3 *b) {
    return SAME(*a, *b, status) && SAME(*a, *b, state) && SAME(*a, *b, hit) && SAME(*a, *b, t) &&
           SAME(*a, *b, normal) && SAME(*a, *b, point_a) && SAME(*a, *b, point_b) && SAME(*a, *b, point) &&
           SAME(*a, *b, iterations);
}
static int same_cast2(const gjk_cast_result2 *a, const gjk_cast_result2 *b) {
    return SAME(*a, *b, status) && SAME(*a, *b, state) && SAME(*a, *b, hit) && SAME(*a, *b, t) &&
           SAME(*a, *b, normal) && SAME(*a, *b, point_a) && SAME(*a, *b, point_b) && SAME(*a, *b, point) &&
           SAME(*a, *b, iterations);
}
static int same_cache3(const gjk_cache3 *a, const gjk_cache3 *b) {
    return SAME(*a, *b, axis) && SAME(*a, *b, count) && SAME(*a, *b, point_a) && SAME(*a, *b, point_b) &&
           SAME(*a, *b, a) && SAME(*a, *b, b);
}

/* ---- the batch's data: per-item arrays and a scene of bodies ------------------------------------------------------ */

static gjk_shape3 sa3[N], sb3[N], body3[BODIES];
static gjk_pose3 pa3[N], pb3[N], bpose3[BODIES];
static gjk_motion3 ma3[N], mb3[N];
static gjk_ray3 rays3[N];
static gjk_shape2 sa2[N], sb2[N], body2[BODIES];
static gjk_pose2 pa2[N], pb2[N], bpose2[BODIES];
static gjk_motion2 ma2[N], mb2[N];
static gjk_ray2 rays2[N];
static int pairs[2 * N];

static void fill(uint64_t seed) {
    rng g = {seed};
    for (int k = 0; k < N; ++k) {
        sa3[k] = shape3(&g), sb3[k] = shape3(&g), pa3[k] = pose3(&g), pb3[k] = pose3(&g);
        sa2[k] = shape2(&g), sb2[k] = shape2(&g), pa2[k] = pose2(&g), pb2[k] = pose2(&g);
        ma3[k].translation = gjk_v3(R(uniform(&g, -3, 3)), R(uniform(&g, -3, 3)), R(uniform(&g, -3, 3)));
        ma3[k].rotation = k % 3 ? gjk_v3(0, 0, 0) : gjk_v3(R(uniform(&g, -1, 1)), 0, R(uniform(&g, -1, 1)));
        /* B heads for A (or for A's fixed pose) */
        gjk_vec3 to3 = gjk_sub3(pa3[k % 2 ? k : 0].position, pb3[k].position);
        mb3[k].translation = gjk_add3(gjk_scale3(to3, 2), gjk_v3(R(uniform(&g, -1, 1)), 0, R(uniform(&g, -1, 1))));
        mb3[k].rotation = gjk_v3(0, 0, 0);
        ma2[k].translation = gjk_v2(R(uniform(&g, -3, 3)), R(uniform(&g, -3, 3)));
        ma2[k].rotation = k % 3 ? 0 : R(uniform(&g, -1, 1));
        gjk_vec2 to2 = gjk_sub2(pa2[k % 2 ? k : 0].position, pb2[k].position);
        mb2[k].translation = gjk_add2(gjk_scale2(to2, 2), gjk_v2(R(uniform(&g, -1, 1)), 0));
        mb2[k].rotation = 0;
        rays3[k].origin = gjk_v3(R(uniform(&g, -4, 4)), R(uniform(&g, -4, 4)), R(uniform(&g, -4, 4)));
        /* aimed at the shape of item k (or at the one of item 0, which stride 0 uses for all) */
        rays3[k].translation = gjk_scale3(gjk_sub3(pa3[k % 2 ? k : 0].position, rays3[k].origin), 2);
        rays3[k].max_fraction = 1;
        rays2[k].origin = gjk_v2(R(uniform(&g, -4, 4)), R(uniform(&g, -4, 4)));
        rays2[k].translation = gjk_scale2(gjk_sub2(pa2[k % 2 ? k : 0].position, rays2[k].origin), 2);
        rays2[k].max_fraction = 1;
        pairs[2 * k] = (int)uniform(&g, 0, BODIES);
        pairs[2 * k + 1] = (int)uniform(&g, 0, BODIES);
    }
    for (int i = 0; i < BODIES; ++i)
        body3[i] = shape3(&g), bpose3[i] = pose3(&g), body2[i] = shape2(&g), bpose2[i] = pose2(&g);
}

/* The addressing modes: per item, A fixed (stride 0), a scene with index pairs, stride 2 (every other element). */
enum { MODES = 4 };
static gjk_batch3 batch3(int mode) {
    gjk_batch3 b;
    memset(&b, 0, sizeof b);
    b.shapes_a = sa3, b.poses_a = pa3, b.shapes_b = sb3, b.poses_b = pb3;
    b.shape_a_stride = b.pose_a_stride = b.shape_b_stride = b.pose_b_stride = 1;
    if (mode == 1) b.shape_a_stride = b.pose_a_stride = 0;
    if (mode == 2) {
        b.shapes_a = b.shapes_b = body3, b.poses_a = b.poses_b = bpose3;
        b.pairs = pairs, b.index_limit = BODIES;
    }
    if (mode == 3) b.shape_a_stride = b.pose_b_stride = 2;
    return b;
}
static gjk_batch2 batch2(int mode) {
    gjk_batch2 b;
    memset(&b, 0, sizeof b);
    b.shapes_a = sa2, b.poses_a = pa2, b.shapes_b = sb2, b.poses_b = pb2;
    b.shape_a_stride = b.pose_a_stride = b.shape_b_stride = b.pose_b_stride = 1;
    if (mode == 1) b.shape_a_stride = b.pose_a_stride = 0;
    if (mode == 2) {
        b.shapes_a = b.shapes_b = body2, b.poses_a = b.poses_b = bpose2;
        b.pairs = pairs, b.index_limit = BODIES;
    }
    if (mode == 3) b.shape_a_stride = b.pose_b_stride = 2;
    return b;
}
/* Items a mode can address: stride 2 reads N / 2 items' worth of the per-item arrays. */
static int items(int mode) { return mode == 3 ? N / 2 : N; }

/* Item k's pair as the batch sees it, written out independently of src/batch.c. */
static gjk_pair3 pair3_of(const gjk_batch3 *b, int k, int *ia, int *ib) {
    *ia = b->pairs ? b->pairs[2 * k] : k;
    *ib = b->pairs ? b->pairs[2 * k + 1] : k;
    gjk_pair3 p = {&b->shapes_a[*ia * b->shape_a_stride], b->poses_a[*ia * b->pose_a_stride],
                   &b->shapes_b[*ib * b->shape_b_stride], b->poses_b[*ib * b->pose_b_stride]};
    return p;
}
static gjk_pair2 pair2_of(const gjk_batch2 *b, int k, int *ia, int *ib) {
    *ia = b->pairs ? b->pairs[2 * k] : k;
    *ib = b->pairs ? b->pairs[2 * k + 1] : k;
    gjk_pair2 p = {&b->shapes_a[*ia * b->shape_a_stride], b->poses_a[*ia * b->pose_a_stride],
                   &b->shapes_b[*ib * b->shape_b_stride], b->poses_b[*ib * b->pose_b_stride]};
    return p;
}

/* Ranges that split [0, n) unevenly: 1, 2, 3, ... items, so that every boundary case shows. */
static int next_end(int begin, int n, int step) { return begin + step < n ? begin + step : n; }

/* ---- queries -------------------------------------------------------------------------------------------------- */

static gjk_result3 r3[N], e3[N];
static gjk_result2 r2[N], e2[N];

static void queries3(void **state) {
    (void)state;
    fill(11);
    const gjk_options loose = {R(1e-3), 0, 0};
    long checked = 0;
    for (int mode = 0; mode < MODES; ++mode)
        for (int kind = GJK_QUERY_INTERSECT; kind <= GJK_QUERY_SIGNED_DISTANCE; ++kind)
            for (int opt = 0; opt < 2; ++opt) {
                gjk_batch3 b = batch3(mode);
                int n = items(mode), expect_bad = 0, bad = 0;
                const gjk_options *o = opt ? &loose : NULL;
                for (int k = 0; k < n; ++k) {
                    int ia, ib;
                    gjk_pair3 p = pair3_of(&b, k, &ia, &ib);
                    e3[k] = gjk_query3((gjk_query_kind)kind, &p, o, NULL);
                    expect_bad += e3[k].status != GJK_OK;
                }
                memset(r3, 0x5a, sizeof r3);
                for (int begin = 0, step = 1; begin < n; begin = next_end(begin, n, step), ++step)
                    bad += gjk_batch_query3((gjk_query_kind)kind, &b, o, NULL, begin, next_end(begin, n, step), r3);
                assert_int_equal(bad, expect_bad);
                for (int k = 0; k < n; ++k) {
                    if (!same_result3(&r3[k], &e3[k]))
                        fail_msg("3D mode %d kind %d options %d item %d differs from the single call", mode, kind,
                                 opt, k);
                    ++checked;
                }
                /* nothing beyond the items written */
                if (n < N) {
                    unsigned char guard[sizeof r3[0]];
                    memset(guard, 0x5a, sizeof guard);
                    assert_memory_equal(&r3[n], guard, sizeof guard);
                }
            }
    print_message("[batch] 3D queries: %ld items equal to single calls\n", checked);
}

static void queries2(void **state) {
    (void)state;
    fill(12);
    long checked = 0;
    for (int mode = 0; mode < MODES; ++mode)
        for (int kind = GJK_QUERY_INTERSECT; kind <= GJK_QUERY_SIGNED_DISTANCE; ++kind) {
            gjk_batch2 b = batch2(mode);
            int n = items(mode), expect_bad = 0, bad = 0;
            for (int k = 0; k < n; ++k) {
                int ia, ib;
                gjk_pair2 p = pair2_of(&b, k, &ia, &ib);
                e2[k] = gjk_query2((gjk_query_kind)kind, &p, NULL, NULL);
                expect_bad += e2[k].status != GJK_OK;
            }
            for (int begin = 0, step = 7; begin < n; begin = next_end(begin, n, step), step += 5)
                bad += gjk_batch_query2((gjk_query_kind)kind, &b, NULL, NULL, begin, next_end(begin, n, step), r2);
            assert_int_equal(bad, expect_bad);
            for (int k = 0; k < n; ++k, ++checked)
                if (!same_result2(&r2[k], &e2[k]))
                    fail_msg("2D mode %d kind %d item %d differs from the single call", mode, kind, k);
        }
    print_message("[batch] 2D queries: %ld items equal to single calls\n", checked);
}

/* Caches per item, over two frames: the batch's caches and answers equal those of single calls with their own. */
static gjk_cache3 cb[N], cs[N];
static void warm3(void **state) {
    (void)state;
    fill(13);
    memset(cb, 0, sizeof cb);
    memset(cs, 0, sizeof cs);
    gjk_batch3 b = batch3(0);
    int warm_iterations = 0, cold_iterations = 0;
    for (int frame = 0; frame < 2; ++frame) {
        for (int k = 0; k < N; ++k) {
            int ia, ib;
            gjk_pair3 p = pair3_of(&b, k, &ia, &ib);
            e3[k] = gjk_signed_distance3(&p, &cs[k]);
        }
        gjk_batch_query3(GJK_QUERY_SIGNED_DISTANCE, &b, NULL, cb, 0, N, r3);
        for (int k = 0; k < N; ++k) {
            if (!same_result3(&r3[k], &e3[k]) || !same_cache3(&cb[k], &cs[k]))
                fail_msg("warm batch frame %d item %d differs from the single call", frame, k);
            if (frame) warm_iterations += r3[k].iterations;
            else cold_iterations += r3[k].iterations;
        }
        for (int k = 0; k < N; ++k) pb3[k].position.x += R(1e-3); /* the next frame: B moved a little */
    }
    print_message("[batch] warm start: GJK iterations %d cold, %d warm\n", cold_iterations, warm_iterations);
    assert_true(warm_iterations < cold_iterations);
}

/* ---- manifolds, ray casts, shape casts ------------------------------------------------------------------------- */

static gjk_manifold3 m3[N], f3[N];
static gjk_manifold2 m2[N], f2[N];
static void manifolds(void **state) {
    (void)state;
    fill(14);
    for (int mode = 0; mode < MODES; ++mode) {
        gjk_batch3 b = batch3(mode);
        gjk_batch2 c = batch2(mode);
        int n = items(mode);
        for (int k = 0; k < n; ++k) {
            int ia, ib;
            gjk_pair3 p = pair3_of(&b, k, &ia, &ib);
            gjk_pair2 q = pair2_of(&c, k, &ia, &ib);
            f3[k] = gjk_collide3(&p, R(0.05), NULL);
            f2[k] = gjk_collide2(&q, R(0.05), NULL);
        }
        gjk_batch_collide3(&b, R(0.05), NULL, 0, n / 3, m3);
        gjk_batch_collide3(&b, R(0.05), NULL, n / 3, n, m3);
        gjk_batch_collide2(&c, R(0.05), NULL, 0, n, m2);
        for (int k = 0; k < n; ++k) {
            if (!same_manifold3(&m3[k], &f3[k])) fail_msg("3D manifold mode %d item %d", mode, k);
            if (!same_manifold2(&m2[k], &f2[k])) fail_msg("2D manifold mode %d item %d", mode, k);
        }
    }
}

static gjk_ray_result3 y3[N], z3[N];
static gjk_ray_result2 y2[N], z2[N];
static void raycasts(void **state) {
    (void)state;
    fill(15);
    for (int mode = 0; mode < 3; ++mode) {
        /* per item; one shape and pose for all rays; every other shape */
        gjk_batch_rays3 b = {sa3, pa3, rays3, mode == 1 ? 0 : mode == 2 ? 2 : 1, mode == 1 ? 0 : 1, 1};
        gjk_batch_rays2 c = {sa2, pa2, rays2, mode == 1 ? 0 : mode == 2 ? 2 : 1, mode == 1 ? 0 : 1, 1};
        int n = mode == 2 ? N / 2 : N, hits = 0;
        for (int k = 0; k < n; ++k) {
            z3[k] = gjk_raycast3(&sa3[k * b.shape_stride], pa3[k * b.pose_stride], &rays3[k]);
            z2[k] = gjk_raycast2(&sa2[k * c.shape_stride], pa2[k * c.pose_stride], &rays2[k]);
            hits += z3[k].hit + z2[k].hit;
        }
        print_message("[batch] rays mode %d: %d hits of %d\n", mode, hits, 2 * n);
        assert_true(hits > n / 5);
        for (int begin = 0; begin < n; begin += 37) {
            gjk_batch_raycast3(&b, begin, next_end(begin, n, 37), y3);
            gjk_batch_raycast2(&c, begin, next_end(begin, n, 37), y2);
        }
        for (int k = 0; k < n; ++k) {
            if (!same_ray3(&y3[k], &z3[k])) fail_msg("3D ray mode %d item %d", mode, k);
            if (!same_ray2(&y2[k], &z2[k])) fail_msg("2D ray mode %d item %d", mode, k);
        }
    }
}

static gjk_cast_result3 c3[N], d3[N];
static gjk_cast_result2 c2[N], d2[N];
static void casts(void **state) {
    (void)state;
    fill(16);
    for (int mode = 0; mode < MODES; ++mode) {
        gjk_batch_casts3 b;
        gjk_batch_casts2 c;
        memset(&b, 0, sizeof b);
        memset(&c, 0, sizeof c);
        b.pairs = batch3(mode), c.pairs = batch2(mode);
        b.motions_a = ma3, b.motions_b = mb3, c.motions_a = ma2, c.motions_b = mb2;
        b.motion_a_stride = b.motion_b_stride = c.motion_a_stride = c.motion_b_stride = 1;
        if (mode == 1) b.motions_a = NULL, c.motion_b_stride = 0; /* A stands still; one motion of B for all */
        b.target_distance = c.target_distance = R(mode == 3 ? 0.01 : 0);
        b.ignore_separating = c.ignore_separating = mode == 2;
        int n = mode == 3 ? N / 2 : N, hits = 0;
        for (int k = 0; k < n; ++k) {
            int ia, ib;
            gjk_cast_input3 in;
            gjk_cast_input2 in2;
            memset(&in, 0, sizeof in);
            memset(&in2, 0, sizeof in2);
            in.pair = pair3_of(&b.pairs, k, &ia, &ib);
            if (b.motions_a) in.motion_a = ma3[ia * b.motion_a_stride];
            in.motion_b = mb3[ib * b.motion_b_stride];
            in.target_distance = b.target_distance, in.ignore_separating = b.ignore_separating;
            d3[k] = gjk_shape_cast3(&in);
            in2.pair = pair2_of(&c.pairs, k, &ia, &ib);
            in2.motion_a = ma2[ia * c.motion_a_stride];
            in2.motion_b = mb2[ib * c.motion_b_stride];
            in2.target_distance = c.target_distance, in2.ignore_separating = c.ignore_separating;
            d2[k] = gjk_shape_cast2(&in2);
            hits += d3[k].state == GJK_CAST_HIT;
        }
        print_message("[batch] casts mode %d: %d 3D hits of %d\n", mode, hits, n);
        assert_true(hits > n / 20); /* (the scene's bodies move at random: fewer hits) */
        gjk_batch_shape_cast3(&b, 0, n, c3);
        gjk_batch_shape_cast2(&c, 0, 1, c2);
        gjk_batch_shape_cast2(&c, 1, n, c2);
        for (int k = 0; k < n; ++k) {
            if (!same_cast3(&c3[k], &d3[k])) fail_msg("3D cast mode %d item %d", mode, k);
            if (!same_cast2(&c2[k], &d2[k])) fail_msg("2D cast mode %d item %d", mode, k);
        }
    }
}

/* ---- bad addressing and ranges ---------------------------------------------------------------------------------- */

static int zero_but_status(const void *p, size_t size, size_t status_size) {
    const unsigned char *c = p;
    for (size_t i = status_size; i < size; ++i)
        if (c[i]) return 0;
    return 1;
}

static void bad_input(void **state) {
    (void)state;
    fill(17);
    static int bad_pairs[2 * N];
    memcpy(bad_pairs, pairs, sizeof bad_pairs);
    bad_pairs[2 * 3] = BODIES;      /* item 3: A's index one past the limit */
    bad_pairs[2 * 5 + 1] = -1;      /* item 5: B's index negative */
    gjk_batch3 b = batch3(2);
    b.pairs = bad_pairs;
    memset(r3, 0x5a, sizeof r3);
    int bad = gjk_batch_query3(GJK_QUERY_DISTANCE, &b, NULL, NULL, 0, 8, r3);
    assert_true(bad >= 2);
    for (int k = 0; k < 8; ++k) {
        if (k == 3 || k == 5) {
            assert_int_equal(r3[k].status, GJK_INVALID_INPUT);
            assert_true(r3[k].distance == 0 && r3[k].lower == 0 && r3[k].upper == 0 && r3[k].iterations == 0);
        } else {
            int ia, ib;
            gjk_pair3 p = pair3_of(&b, k, &ia, &ib);
            e3[k] = gjk_distance3(&p, NULL);
            assert_true(same_result3(&r3[k], &e3[k]));
        }
    }
    /* a negative stride: every item invalid; NULL arrays likewise */
    b = batch3(0);
    b.pose_b_stride = -1;
    assert_int_equal(gjk_batch_query3(GJK_QUERY_DISTANCE, &b, NULL, NULL, 0, 4, r3), 4);
    for (int k = 0; k < 4; ++k) assert_int_equal(r3[k].status, GJK_INVALID_INPUT);
    b = batch3(0);
    b.poses_b = NULL;
    assert_int_equal(gjk_batch_query3(GJK_QUERY_DISTANCE, &b, NULL, NULL, 0, 4, r3), 4);
    gjk_batch_casts3 cb3;
    memset(&cb3, 0, sizeof cb3);
    cb3.pairs = batch3(0);
    cb3.motion_b_stride = -2;
    assert_int_equal(gjk_batch_shape_cast3(&cb3, 0, 3, c3), 3);
    for (int k = 0; k < 3; ++k) {
        assert_int_equal(c3[k].status, GJK_INVALID_INPUT);
        assert_true(zero_but_status(&c3[k].t, sizeof c3[k].t, 0) && c3[k].iterations == 0 && !c3[k].hit);
    }
    gjk_batch_rays3 rb = {sa3, NULL, rays3, 1, 1, 1};
    assert_int_equal(gjk_batch_raycast3(&rb, 0, 2, y3), 2);
    assert_int_equal(y3[1].status, GJK_INVALID_INPUT);
    /* an item whose shape is bad input: as the single call */
    b = batch3(0);
    sa3[0].margin = R(-1);
    gjk_batch_query3(GJK_QUERY_SIGNED_DISTANCE, &b, NULL, NULL, 0, 1, r3);
    assert_int_equal(r3[0].status, GJK_INVALID_INPUT);
    /* bad ranges and NULL arguments write nothing and return 0 */
    b = batch3(0);
    memset(r3, 0x5a, sizeof r3);
    assert_int_equal(gjk_batch_query3(GJK_QUERY_DISTANCE, &b, NULL, NULL, 5, 5, r3), 0);
    assert_int_equal(gjk_batch_query3(GJK_QUERY_DISTANCE, &b, NULL, NULL, 6, 2, r3), 0);
    assert_int_equal(gjk_batch_query3(GJK_QUERY_DISTANCE, &b, NULL, NULL, -1, 2, r3), 0);
    assert_int_equal(gjk_batch_query3(GJK_QUERY_DISTANCE, NULL, NULL, NULL, 0, 2, r3), 0);
    assert_int_equal(gjk_batch_query3(GJK_QUERY_DISTANCE, &b, NULL, NULL, 0, 2, NULL), 0);
    unsigned char guard[sizeof r3[0]];
    memset(guard, 0x5a, sizeof guard);
    for (int k = 0; k < 8; ++k) assert_memory_equal(&r3[k], guard, sizeof guard);
    /* an unknown kind or bad options: every item invalid, as the single call */
    const gjk_options neg = {R(-1), 0, 0};
    assert_int_equal(gjk_batch_query3(GJK_QUERY_DISTANCE, &b, &neg, NULL, 0, 3, r3), 3);
    assert_int_equal(gjk_batch_query3((gjk_query_kind)99, &b, NULL, NULL, 0, 3, r3), 3);
}

/* ---- threads ---------------------------------------------------------------------------------------------------- */

typedef struct job3 {
    const gjk_batch3 *batch;
    gjk_result3 *out;
    int *seen; /* how often each item ran (written by its one range) */
} job3;

static int run_job3(int begin, int end, void *context) {
    job3 *j = context;
    for (int k = begin; k < end; ++k) j->seen[k]++;
    return gjk_batch_query3(GJK_QUERY_SIGNED_DISTANCE, j->batch, NULL, NULL, begin, end, j->out);
}

static void threads(void **state) {
    (void)state;
    fill(18);
    static int seen[N];
    gjk_batch3 b = batch3(0);
    int expect_bad = gjk_batch_query3(GJK_QUERY_SIGNED_DISTANCE, &b, NULL, NULL, 0, N, e3);
    const int thread_counts[] = {1, 2, 3, 8, 0, -4, 1000}, grains[] = {0, 1, 7, 1000};
    for (size_t t = 0; t < sizeof thread_counts / sizeof thread_counts[0]; ++t)
        for (size_t g = 0; g < sizeof grains / sizeof grains[0]; ++g) {
            memset(seen, 0, sizeof seen);
            memset(r3, 0x5a, sizeof r3);
            job3 j = {&b, r3, seen};
            int bad = gjk_parallel_for(N, thread_counts[t], grains[g], run_job3, &j);
            assert_int_equal(bad, expect_bad);
            for (int k = 0; k < N; ++k) {
                assert_int_equal(seen[k], 1);
                if (!same_result3(&r3[k], &e3[k]))
                    fail_msg("%d threads, grain %d: item %d differs from one thread", thread_counts[t], grains[g], k);
            }
        }
    assert_int_equal(gjk_parallel_for(0, 4, 0, run_job3, NULL), 0);
    assert_int_equal(gjk_parallel_for(10, 4, 0, NULL, NULL), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(queries3), cmocka_unit_test(queries2), cmocka_unit_test(warm3),
        cmocka_unit_test(manifolds), cmocka_unit_test(raycasts), cmocka_unit_test(casts),
        cmocka_unit_test(bad_input), cmocka_unit_test(threads),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
