// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Private declarations shared by the library's .c files. Not installed. */
#ifndef GJK_INTERNAL_H
#define GJK_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "gjk/gjk.h"
#include "tolerance.h"

/* Programmer errors (broken invariants) go through GJK_ASSERT: on in debug builds or with GJK_ENABLE_ASSERT, off in
   release. Numeric outcomes are never asserted: they are reported through gjk_status. */
void gjk_assert_fail(const char *condition, const char *file, int line);
#if !defined(NDEBUG) || defined(GJK_ENABLE_ASSERT)
#define GJK_ASSERT(c) ((c) ? (void)0 : gjk_assert_fail(#c, __FILE__, __LINE__))
#else
#define GJK_ASSERT(c) ((void)0)
#endif

/* The allocator hook (gjk_set_allocator). Only shape creation calls these; queries never do. */
void *gjk_alloc(size_t size);
void gjk_free(void *ptr);

/* predicates.c: exact sign of the volume (p - a) . ((b - a) x (c - a)) (+1 when p is above the counter-clockwise
   triangle abc), computed in double whatever gjk_real is. */
/* Error-free transformations (Knuth, Dekker): x + y == a + b, a - b, a * b exactly, in IEEE double. */
void gjk_two_sum(double a, double b, double *x, double *y);
void gjk_two_diff(double a, double b, double *x, double *y);
void gjk_two_product(double a, double b, double *x, double *y);
int gjk_orient3d(gjk_vec3 a, gjk_vec3 b, gjk_vec3 c, gjk_vec3 p);
/* In-place heapsort (qsort may malloc behind the allocator hook); elements of at most 32 bytes. */
void gjk_heap_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));
/* Room for `need` elements through the allocator hook: a bigger copy, or NULL (old array untouched). */
void *gjk_grow(void *arr, int *cap, int need, size_t size);

/* The implementation also compiles as C++ (the single header), where _Alignof is spelt alignof. */
#ifdef __cplusplus
#define GJK_ALIGNOF(type) alignof(type)
#else
#define GJK_ALIGNOF(type) _Alignof(type)
#endif

static inline bool gjk_finite(gjk_real x) { return isfinite(x) != 0; }
static inline bool gjk_finite3(gjk_vec3 v) { return gjk_finite(v.x) && gjk_finite(v.y) && gjk_finite(v.z); }
static inline bool gjk_finite2(gjk_vec2 v) { return gjk_finite(v.x) && gjk_finite(v.y); }
/* Branch-free sign transfer: |h| with the sign of d (a support function's vertex choice; random signs would
   mispredict a branch half of the time). */
#if GJK_USE_FLOAT
#define GJK_COPYSIGN copysignf
#else
#define GJK_COPYSIGN copysign
#endif
/* Largest coordinate or size the queries accept: squares of differences of such numbers stay finite (1e150 in
   double, 1e18 in float); beyond it an input is GJK_INVALID_INPUT rather than an overflow into NaN. */
#if GJK_USE_FLOAT
#define GJK_MAX_COORD GJK_R(1e18)
#else
#define GJK_MAX_COORD GJK_R(1e150)
#endif
static inline bool gjk_bounded(gjk_real x) { return GJK_ABS(x) <= GJK_MAX_COORD; }
static inline bool gjk_bounded3(gjk_vec3 v) { return gjk_bounded(v.x) && gjk_bounded(v.y) && gjk_bounded(v.z); }
static inline bool gjk_bounded2(gjk_vec2 v) { return gjk_bounded(v.x) && gjk_bounded(v.y); }
/* A rotation the 3D queries, ray casts and shape casts accept: finite, of a length whose square, and the product of
   two such squares, stay in the normal range (any such length is fine: gjk_mat33_from_any_quat divides it out). */
#if GJK_USE_FLOAT
#define GJK_QUAT_LEN2_MIN GJK_R(1e-18)
#else
#define GJK_QUAT_LEN2_MIN GJK_R(1e-150)
#endif
static inline bool gjk_quat_usable(gjk_quat q) {
    gjk_real l2 = q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z;
    return l2 >= GJK_QUAT_LEN2_MIN && l2 <= 1 / GJK_QUAT_LEN2_MIN;
}
static inline gjk_real gjk_maxr(gjk_real a, gjk_real b) { return a > b ? a : b; }
/* The largest |component|: the scale that divides a vector into the range where its square is safe. */
static inline gjk_real gjk_max_abs3(gjk_vec3 v) { return gjk_maxr(gjk_maxr(GJK_ABS(v.x), GJK_ABS(v.y)), GJK_ABS(v.z)); }
/* |v| without the underflow of its square: a bound's length taken from points 1e-26 from the origin came out 0 in
   float (below a lower bound of 6.3e-28). Scaled by the largest component, by division, when the square leaves the
   normal range. */
static inline gjk_real gjk_len3_safe(gjk_vec3 v) {
    gjk_real l2 = v.x * v.x + v.y * v.y + v.z * v.z;
    if (l2 >= GJK_REAL_TINY2 && l2 <= GJK_REAL_MAX) return GJK_SQRT(l2);
    gjk_real m = gjk_max_abs3(v);
    if (!(m > 0) || !(m <= GJK_REAL_MAX)) return m;
    gjk_real x = v.x / m, y = v.y / m, z = v.z / m;
    return m * GJK_SQRT(x * x + y * y + z * z);
}

/* A query's stopping rules, from its gjk_options (core.c, gjk_limits_from): `tol` is the caller's relative
   tolerance (0: the defaults of tolerance.h only), and the iteration caps are resolved (never 0). The algorithms
   take NULL for the defaults. */
typedef struct gjk_limits {
    gjk_real tol;
    int max_gjk;
    int max_epa;
} gjk_limits;
/* max_epa when the caller sets none: each EPA stops at its own capacity. */
#define GJK_EPA_ITERATIONS_NONE 0x40000000
/* The defaults (for NULL options) */
extern const gjk_limits gjk_default_limits;
/* false for invalid options (negative or non-finite tolerance, negative caps). */
bool gjk_limits_from(const gjk_options *options, gjk_limits *out);
/* The less certain of two statuses (the enum is ordered from GJK_OK up). */
static inline gjk_status gjk_worse_status(gjk_status a, gjk_status b) { return a > b ? a : b; }
static inline gjk_real gjk_minr(gjk_real a, gjk_real b) { return a < b ? a : b; }

#endif
