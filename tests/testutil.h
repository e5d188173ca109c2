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

#endif
