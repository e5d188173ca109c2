// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Independent references for the ray-cast tests, in long double: exact signed distances and closest points of
   every 3D and 2D shape kind with a closed form (written from the geometry, not from the library's code), the
   first hit of a ray by bisection on the signed distance along it (a convex function of the ray parameter for a
   convex shape), and the ray families the tests draw (aimed, grazing, from the surface, from inside, parallel to
   faces, through edges). */
#ifndef GJK_TEST_RAY_REF_H
#define GJK_TEST_RAY_REF_H

#include <stdbool.h>

#include "testutil.h"

typedef long double ld;
typedef struct lv3 {
    ld x, y, z;
} lv3;
typedef struct lv2 {
    ld x, y;
} lv2;

static inline lv3 lv3_of(gjk_vec3 v) {
    lv3 r = {v.x, v.y, v.z};
    return r;
}
static inline lv3 lv3_make(ld x, ld y, ld z) {
    lv3 r = {x, y, z};
    return r;
}
static inline lv3 lv3_add(lv3 a, lv3 b) { return lv3_make(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline lv3 lv3_sub(lv3 a, lv3 b) { return lv3_make(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline lv3 lv3_scale(lv3 a, ld s) { return lv3_make(a.x * s, a.y * s, a.z * s); }
static inline lv3 lv3_mad(lv3 a, ld s, lv3 b) { return lv3_make(a.x + s * b.x, a.y + s * b.y, a.z + s * b.z); }
static inline ld lv3_dot(lv3 a, lv3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline ld lv3_len(lv3 a) { return sqrtl(lv3_dot(a, a)); }
static inline lv3 lv3_cross(lv3 a, lv3 b) {
    return lv3_make(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static inline lv2 lv2_of(gjk_vec2 v) {
    lv2 r = {v.x, v.y};
    return r;
}
static inline lv2 lv2_make(ld x, ld y) {
    lv2 r = {x, y};
    return r;
}
static inline lv2 lv2_sub(lv2 a, lv2 b) { return lv2_make(a.x - b.x, a.y - b.y); }
static inline lv2 lv2_mad(lv2 a, ld s, lv2 b) { return lv2_make(a.x + s * b.x, a.y + s * b.y); }
static inline ld lv2_dot(lv2 a, lv2 b) { return a.x * b.x + a.y * b.y; }
static inline ld lv2_len(lv2 a) { return sqrtl(lv2_dot(a, a)); }

/* A pose in long double: world = R local + p (R from the quaternion normalised in long double). */
typedef struct ref_pose3 {
    ld m[3][3];
    lv3 p;
} ref_pose3;
ref_pose3 ref_pose3_of(gjk_pose3 pose);
lv3 ref_to_local3(const ref_pose3 *f, lv3 world);
lv3 ref_dir_to_world3(const ref_pose3 *f, lv3 local);
typedef struct ref_pose2 {
    ld c, s;
    lv2 p;
} ref_pose2;
ref_pose2 ref_pose2_of(gjk_pose2 pose);
lv2 ref_to_local2(const ref_pose2 *f, lv2 world);
lv2 ref_dir_to_world2(const ref_pose2 *f, lv2 local);

/* Signed distance of a local point to the shape (> 0 outside), and for points outside (or on) the closest point of
   the shape. User shapes are referred to the shape `user_ref` (the shape whose support their callback returns).
   Ellipsoids: exact outside; inside a negative stand-in of the right sign. */
ld ref_sdf3(const gjk_shape3 *s, lv3 p, lv3 *closest);
ld ref_sdf2(const gjk_shape2 *s, lv2 p, lv2 *closest);
/* The user shapes of the tests: their callback returns the support of the shape pointed to by data. */
gjk_vec3 ref_user_support3(gjk_vec3 d, const void *data);
gjk_vec2 ref_user_support2(gjk_vec2 d, const void *data);

/* The first hit of the ray origin + t translation (world, t in [0, tmax]) with a function f(t) convex in t whose
   zero set is the surface: 0 when f(0) <= 0; otherwise the root on [0, argmin] when min f <= 0; -1 for none.
   *fmin: the minimum of f over [0, tmax] (how clear a miss or a hit is). */
typedef ld ref_fn(ld t, const void *ctx);
ld ref_first_root(ref_fn *f, const void *ctx, ld tmax, ld *fmin);

/* A 3D problem: shape, pose and ray, with the reference's view of it. */
typedef struct ref_ray3 {
    const gjk_shape3 *shape;
    ref_pose3 pose;
    lv3 o, d; /* world origin and translation, long double */
} ref_ray3;
ld ref_ray3_sdf(ld t, const void *ctx); /* sdf at origin + t translation */
/* The local point at t: R^T ((origin - position) + t translation), the difference first (exact for a ray near a
   far pose, where origin + t translation would round at the scale of the position). */
lv3 ref_ray3_local(const ref_ray3 *r, ld t);
typedef struct ref_ray2 {
    const gjk_shape2 *shape;
    ref_pose2 pose;
    lv2 o, d;
} ref_ray2;
ld ref_ray2_sdf(ld t, const void *ctx);
lv2 ref_ray2_local(const ref_ray2 *r, ld t);

/* A local centre and bounding radius of a shape (the ray families aim at the ball). */
void ref_bounds3(const gjk_shape3 *s, gjk_vec3 *centre, gjk_real *radius);
void ref_bounds2(const gjk_shape2 *s, gjk_vec2 *centre, gjk_real *radius);

/* Ray families in the shape's local frame: origin o and translation d (local), max fraction. */
enum {
    FAM_AIM = 0,  /* from 1.5 to 4 radii away at a point of the bounding ball (hits and misses) */
    FAM_GRAZE,    /* tangent to the surface at a support point, offset 0, +-1e-7 or +-1e-3 radii */
    FAM_SURFACE,  /* from a support point of the surface, any direction */
    FAM_INSIDE,   /* from near the centre */
    FAM_ZERO,     /* zero translation anywhere near */
    FAM_SHORT,    /* aimed, max_fraction in [0, 1) */
    FAM_PARALLEL, /* along a face (box and hull faces, cylinder caps), in its plane or just off it */
    FAM_EDGE,     /* at a box edge or corner, or a hull vertex */
    FAM_COUNT
};
extern const char *const ref_family_name[FAM_COUNT];
void ref_family3(test_rng *rng, int fam, const gjk_shape3 *s, gjk_vec3 *o, gjk_vec3 *d, gjk_real *max_fraction);
void ref_family2(test_rng *rng, int fam, const gjk_shape2 *s, gjk_vec2 *o, gjk_vec2 *d, gjk_real *max_fraction);

#endif
