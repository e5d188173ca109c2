// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Shared helpers for the tests: a deterministic PRNG, random directions and rotations, and tolerances that follow
   the build's precision. Header-only so every test stays one executable. */
#ifndef GJK_TESTUTIL_H
#define GJK_TESTUTIL_H

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
/* cmocka needs the headers above first. */
#include <cmocka.h>

#include <gjk/gjk.h>

/* Relative tolerance scale: 1 in double, ~5e8 in float, so a bound written as TU(1e-12) is 1e-12 in double and
   about 6e-5 in float (float bounds were measured, see each test). */
#if GJK_USE_FLOAT
#define TU(x) ((double)(x) * 5e8)
#else
#define TU(x) ((double)(x))
#endif

typedef struct test_rng {
    uint64_t s;
} test_rng;

/* splitmix64: tiny, deterministic on every platform. */
static inline uint64_t test_next(test_rng *r) {
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
/* Uniform in [lo, hi). */
static inline double test_uniform(test_rng *r, double lo, double hi) {
    return lo + (hi - lo) * (double)(test_next(r) >> 11) * (1.0 / 9007199254740992.0);
}
static inline gjk_vec3 test_unit3(test_rng *r) {
    for (;;) {
        double x = test_uniform(r, -1, 1), y = test_uniform(r, -1, 1), z = test_uniform(r, -1, 1);
        double l = sqrt(x * x + y * y + z * z);
        if (l > 0.1 && l <= 1) return gjk_v3((gjk_real)(x / l), (gjk_real)(y / l), (gjk_real)(z / l));
    }
}
static inline gjk_quat test_quat(test_rng *r) {
    for (;;) {
        double w = test_uniform(r, -1, 1), x = test_uniform(r, -1, 1), y = test_uniform(r, -1, 1);
        double z = test_uniform(r, -1, 1);
        double l = sqrt(w * w + x * x + y * y + z * z);
        if (l > 0.1 && l <= 1) {
            gjk_quat q = {(gjk_real)(w / l), (gjk_real)(x / l), (gjk_real)(y / l), (gjk_real)(z / l)};
            return q;
        }
    }
}
/* Each draw in its own statement: argument evaluation order differs between compilers (gcc vs clang), and the
   random pairs must be the same everywhere. */
static inline gjk_vec3 test_vec3(test_rng *r, double lo, double hi) {
    gjk_real x = (gjk_real)test_uniform(r, lo, hi);
    gjk_real y = (gjk_real)test_uniform(r, lo, hi);
    gjk_real z = (gjk_real)test_uniform(r, lo, hi);
    return gjk_v3(x, y, z);
}

/* Fail with a message when |got - want| > tol. */
#define EXPECT_NEAR(got, want, tol)                                                                                 \
    do {                                                                                                           \
        double g_ = (double)(got), w_ = (double)(want), t_ = (double)(tol);                                        \
        if (!(fabs(g_ - w_) <= t_)) fail_msg("%s = %.17g, expected %.17g (tol %.3g) at %s:%d", #got, g_, w_, t_, \
                                             __FILE__, __LINE__);                                                   \
    } while (0)

static inline int test_finite3(gjk_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

/* Invariants every 3D signed-distance result must satisfy. */
static inline void check_result3(const gjk_result3 *r, double scale) {
    assert_true(isfinite(r->distance));
    assert_true(test_finite3(r->normal) && test_finite3(r->point_a) && test_finite3(r->point_b));
    EXPECT_NEAR(gjk_len3(r->normal), 1.0, TU(1e-12));
    gjk_vec3 pb = gjk_mad3(r->point_a, r->distance, r->normal);
    EXPECT_NEAR(pb.x, r->point_b.x, TU(1e-12) * scale);
    EXPECT_NEAR(pb.y, r->point_b.y, TU(1e-12) * scale);
    EXPECT_NEAR(pb.z, r->point_b.z, TU(1e-12) * scale);
    /* Touching within the library's tolerance (128 eps x size) counts as intersecting. */
    if (r->distance <= 0) assert_true(r->intersect);
    if (r->intersect) assert_true(r->distance <= 128 * GJK_REAL_EPSILON * 8 * scale);
}

/* The 2D mirror of check_result3. */
static inline void check_result2(const gjk_result2 *r, double scale) {
    assert_true(isfinite(r->distance));
    assert_true(isfinite(r->normal.x) && isfinite(r->normal.y) && isfinite(r->point_a.x) && isfinite(r->point_a.y) &&
                isfinite(r->point_b.x) && isfinite(r->point_b.y));
    EXPECT_NEAR(gjk_len2(r->normal), 1.0, TU(1e-12));
    gjk_vec2 pb = gjk_mad2(r->point_a, r->distance, r->normal);
    EXPECT_NEAR(pb.x, r->point_b.x, TU(1e-12) * scale);
    EXPECT_NEAR(pb.y, r->point_b.y, TU(1e-12) * scale);
    if (r->distance <= 0) assert_true(r->intersect);
    if (r->intersect) assert_true(r->distance <= 128 * GJK_REAL_EPSILON * 8 * scale);
}

/* A random shape of every kind the library has (kind 0 .. TEST_SHAPE*_KINDS - 1, or -1 for a random kind; hulls and
   polygons are more likely than the rest), a quarter of them rounded, sizes 0.1 to 1.5. A hull is created into
   *hull, for the caller to destroy. */
#define TEST_SHAPE3_KINDS 11
#define TEST_SHAPE2_KINDS 7
static inline gjk_shape3 test_shape3(test_rng *r, int kind, gjk_hull3 **hull) {
    gjk_shape3 s;
    if (kind < 0) kind = (int)(test_next(r) % TEST_SHAPE3_KINDS);
    gjk_real a = (gjk_real)test_uniform(r, 0.2, 1.5), b = (gjk_real)test_uniform(r, 0.2, 1.5);
    switch (kind) {
    case 0: s = gjk_point3(); break;
    case 1: {
        gjk_vec3 p = test_vec3(r, -1, 1);
        s = gjk_segment3(p, test_vec3(r, -1, 1));
        break;
    }
    case 2: {
        gjk_vec3 p = test_vec3(r, -1, 1), q = test_vec3(r, -1, 1);
        s = gjk_triangle3(p, q, test_vec3(r, -1, 1));
        break;
    }
    case 3: s = gjk_box3(test_vec3(r, 0.1, 1.5)); break;
    case 4: s = gjk_sphere3(a); break;
    case 5: s = gjk_capsule3(a, b); break;
    case 6: s = gjk_cylinder3(a, b); break;
    case 7: s = gjk_cone3(a, b); break;
    case 8: s = gjk_ellipsoid3(test_vec3(r, 0.2, 1.5)); break;
    default: {
        gjk_vec3 pts[40];
        int n = 4 + (int)(test_next(r) % 37);
        for (int i = 0; i < n; ++i) pts[i] = test_vec3(r, -1, 1);
        *hull = gjk_hull3_create(pts, n, NULL);
        assert_non_null(*hull);
        s = gjk_hull_shape3(*hull);
        break;
    }
    }
    if (test_next(r) % 4 == 0) s = gjk_rounded3(s, (gjk_real)test_uniform(r, 0.01, 0.3));
    return s;
}

static inline gjk_shape2 test_shape2(test_rng *r, int kind, gjk_hull2 **hull) {
    gjk_shape2 s;
    if (kind < 0) kind = (int)(test_next(r) % TEST_SHAPE2_KINDS);
    gjk_real a = (gjk_real)test_uniform(r, 0.2, 1.5), b = (gjk_real)test_uniform(r, 0.2, 1.5);
    switch (kind) {
    case 0: s = gjk_point2(); break;
    case 1: {
        gjk_real x0 = (gjk_real)test_uniform(r, -1, 1), y0 = (gjk_real)test_uniform(r, -1, 1);
        gjk_real x1 = (gjk_real)test_uniform(r, -1, 1), y1 = (gjk_real)test_uniform(r, -1, 1);
        s = gjk_segment2(gjk_v2(x0, y0), gjk_v2(x1, y1));
        break;
    }
    case 2: s = gjk_circle2(a); break;
    case 3: s = gjk_box2(gjk_v2(a, b)); break;
    case 4: s = gjk_capsule2(a, b); break;
    default: {
        gjk_vec2 pts[24];
        int n = 3 + (int)(test_next(r) % 22);
        for (int i = 0; i < n; ++i) {
            gjk_real x = (gjk_real)test_uniform(r, -1, 1);
            pts[i] = gjk_v2(x, (gjk_real)test_uniform(r, -1, 1));
        }
        *hull = gjk_hull2_create(pts, n, NULL);
        assert_non_null(*hull);
        s = gjk_polygon2(*hull);
        break;
    }
    }
    if (test_next(r) % 4 == 0) s = gjk_rounded2(s, (gjk_real)test_uniform(r, 0.01, 0.3));
    return s;
}

/* A counting allocator for the allocation tests (gjk_set_allocator(test_count_alloc, test_count_free, NULL)): every
   allocation and every free of a non-NULL pointer counted; with test_fail_after >= 0, the allocations from that count
   on fail (return NULL) without being counted. */
static long test_allocs, test_frees, test_fail_after = -1;
static inline void *test_count_alloc(size_t size, void *user) {
    (void)user;
    if (test_fail_after >= 0 && test_allocs >= test_fail_after) return NULL;
    ++test_allocs;
    return malloc(size);
}
static inline void test_count_free(void *p, void *user) {
    (void)user;
    if (p) ++test_frees;
    free(p);
}

#endif
