// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/// @file gjk/math.h
/// Small value types of gjk: the real type, 2D and 3D vectors, rotations and poses, with `static inline` helpers
/// that take and return values (`gjk_vec3 c = gjk_add3(a, b)`).
///
/// Precision: `gjk_real` is `double` unless the library was built with `-DGJK_USE_FLOAT=ON`; write literals with
/// `GJK_R(0.5)` so that they take the build's precision.
#ifndef GJK_MATH_H
#define GJK_MATH_H

#include <float.h>
#include <math.h>

#include "gjk/config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The reference documents the double build; the float build's definitions mirror these one for one. */
#if GJK_USE_FLOAT
typedef float gjk_real;
#define GJK_R(x) x##f
#define GJK_REAL_EPSILON FLT_EPSILON
#define GJK_REAL_MAX FLT_MAX
#define GJK_REAL_TINY2 GJK_R(2e-31) /* FLT_MIN * 2^24 */
#define GJK_SQRT sqrtf
#define GJK_ABS fabsf
#define GJK_SIN sinf
#define GJK_COS cosf
#else
/// The real type of every coordinate, size and answer: `double`, or `float` in a library built with the CMake
/// option `-DGJK_USE_FLOAT=ON` (GJK_USE_FLOAT in gjk/config.h).
typedef double gjk_real;
/// A floating literal in the build's precision: `GJK_R(0.5)` is `0.5` in double and `0.5f` in float.
#define GJK_R(x) x
/// Machine epsilon of gjk_real (DBL_EPSILON, or FLT_EPSILON in float).
#define GJK_REAL_EPSILON DBL_EPSILON
/// Largest finite gjk_real (DBL_MAX, or FLT_MAX in float).
#define GJK_REAL_MAX DBL_MAX
/// Squared lengths below this have lost digits to underflow (about DBL_MIN * 2^53; float FLT_MIN * 2^24):
/// gjk_normalize3() and gjk_normalize2() rescale such vectors before normalising them.
#define GJK_REAL_TINY2 2e-292
/// Square root in the build's precision (sqrt, or sqrtf in float).
#define GJK_SQRT sqrt
/// Absolute value in the build's precision (fabs, or fabsf in float).
#define GJK_ABS fabs
/// Sine in the build's precision (sin, or sinf in float); the argument in radians.
#define GJK_SIN sin
/// Cosine in the build's precision (cos, or cosf in float); the argument in radians.
#define GJK_COS cos
#endif

/// A 2D vector or point.
typedef struct gjk_vec2 {
    gjk_real x; ///< first coordinate (the frame is the user's: see each field that holds one)
    gjk_real y; ///< second coordinate
} gjk_vec2;

/// A 3D vector or point.
typedef struct gjk_vec3 {
    gjk_real x; ///< first coordinate (the frame is the user's: see each field that holds one)
    gjk_real y; ///< second coordinate
    gjk_real z; ///< third coordinate
} gjk_vec3;

/// A 3D rotation as a quaternion w + xi + yj + zk. It need not be unit: queries accept any quaternion whose squared
/// length w^2 + x^2 + y^2 + z^2 lies in [1e-150, 1e150] (float builds: [1e-18, 1e18]) and rotate by its unit version.
/// A zero, tiny, huge or non-finite quaternion is GJK_INVALID_INPUT. The scalar part comes first: the order is
/// (w, x, y, z), as in the CLI's `"rotation": [w, x, y, z]`.
typedef struct gjk_quat {
    gjk_real w; ///< scalar part: cos(angle / 2) for a unit quaternion
    gjk_real x; ///< vector part, x: axis.x * sin(angle / 2) for a unit quaternion
    gjk_real y; ///< vector part, y
    gjk_real z; ///< vector part, z
} gjk_quat;

/// A 2D rotation as cosine and sine of the angle; build one with gjk_rot2_from_angle(). Queries accept (c, s) of any
/// finite non-zero length and rotate by its unit version; a zero or non-finite (c, s) (as from a NaN or infinite
/// angle) is GJK_INVALID_INPUT.
typedef struct gjk_rot2 {
    gjk_real c; ///< cosine of the angle (counter-clockwise, radians)
    gjk_real s; ///< sine of the angle
} gjk_rot2;

/// Where a 3D shape stands: world point = rotation * local point + position.
typedef struct gjk_pose3 {
    gjk_vec3 position; ///< world frame, length units
    gjk_quat rotation; ///< local-to-world rotation
} gjk_pose3;

/// Where a 2D shape stands: world point = rotation * local point + position.
typedef struct gjk_pose2 {
    gjk_vec2 position; ///< world frame, length units
    gjk_rot2 rotation; ///< local-to-world rotation
} gjk_pose2;

/* ---- 3D vectors ---------------------------------------------------------------------------------------------- */

/// The vector (x, y, z).
static inline gjk_vec3 gjk_v3(gjk_real x, gjk_real y, gjk_real z) {
    gjk_vec3 r = {x, y, z};
    return r;
}
/// a + b
static inline gjk_vec3 gjk_add3(gjk_vec3 a, gjk_vec3 b) { return gjk_v3(a.x + b.x, a.y + b.y, a.z + b.z); }
/// a - b
static inline gjk_vec3 gjk_sub3(gjk_vec3 a, gjk_vec3 b) { return gjk_v3(a.x - b.x, a.y - b.y, a.z - b.z); }
/// -a
static inline gjk_vec3 gjk_neg3(gjk_vec3 a) { return gjk_v3(-a.x, -a.y, -a.z); }
/// s * a
static inline gjk_vec3 gjk_scale3(gjk_vec3 a, gjk_real s) { return gjk_v3(a.x * s, a.y * s, a.z * s); }
/// a + s * b
static inline gjk_vec3 gjk_mad3(gjk_vec3 a, gjk_real s, gjk_vec3 b) {
    return gjk_v3(a.x + s * b.x, a.y + s * b.y, a.z + s * b.z);
}
/// Dot product a . b
static inline gjk_real gjk_dot3(gjk_vec3 a, gjk_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
/// Cross product a x b (right-handed).
static inline gjk_vec3 gjk_cross3(gjk_vec3 a, gjk_vec3 b) {
    return gjk_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
/// Squared length |a|^2.
static inline gjk_real gjk_len_sq3(gjk_vec3 a) { return gjk_dot3(a, a); }
/// Length |a| (computed from the squares: it under- or overflows for components beyond about 1e154 or below
/// 1e-154 in double, 1e19 and 1e-19 in float).
static inline gjk_real gjk_len3(gjk_vec3 a) { return GJK_SQRT(gjk_dot3(a, a)); }
/// Unit vector along a, or the zero vector when a is zero (or not finite): never NaN.
static inline gjk_vec3 gjk_normalize3(gjk_vec3 a) {
    gjk_real l2 = gjk_len_sq3(a);
    if (!(l2 >= GJK_REAL_TINY2 && l2 <= GJK_REAL_MAX)) {
        /* The squares underflowed (to subnormals, or zero) or overflowed: |a| from them is wrong, zero or
           infinite for a finite non-zero a. Divide by the largest component first (exact enough: no square is
           formed), then normalise. */
        gjk_real m = GJK_ABS(a.x) > GJK_ABS(a.y) ? GJK_ABS(a.x) : GJK_ABS(a.y);
        m = GJK_ABS(a.z) > m ? GJK_ABS(a.z) : m;
        if (!(m > GJK_R(0.0) && m <= GJK_REAL_MAX)) return gjk_v3(0, 0, 0); /* zero, infinite or NaN */
        a = gjk_v3(a.x / m, a.y / m, a.z / m);
        l2 = gjk_len_sq3(a);
    }
    return gjk_scale3(a, GJK_R(1.0) / GJK_SQRT(l2));
}
/// Component-wise product.
static inline gjk_vec3 gjk_mul3(gjk_vec3 a, gjk_vec3 b) { return gjk_v3(a.x * b.x, a.y * b.y, a.z * b.z); }

/* ---- quaternions and 3D poses -------------------------------------------------------------------------------- */

/// The identity rotation (1, 0, 0, 0).
static inline gjk_quat gjk_quat_identity(void) {
    gjk_quat q = {1, 0, 0, 0};
    return q;
}
/// Rotation by `angle` radians about `axis` (need not be unit; a zero axis gives the identity).
static inline gjk_quat gjk_quat_from_axis_angle(gjk_vec3 axis, gjk_real angle) {
    gjk_vec3 n = gjk_normalize3(axis);
    gjk_real s = GJK_SIN(GJK_R(0.5) * angle);
    gjk_quat q = {GJK_COS(GJK_R(0.5) * angle), n.x * s, n.y * s, n.z * s};
    if (n.x == 0 && n.y == 0 && n.z == 0) q = gjk_quat_identity();
    return q;
}
/// q scaled to unit length; the identity for a zero quaternion.
static inline gjk_quat gjk_quat_normalize(gjk_quat q) {
    gjk_real l = GJK_SQRT(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    if (!(l > GJK_R(0.0))) return gjk_quat_identity();
    gjk_real k = GJK_R(1.0) / l;
    gjk_quat r = {q.w * k, q.x * k, q.y * k, q.z * k};
    return r;
}
/// Hamilton product a * b (apply b, then a).
static inline gjk_quat gjk_quat_mul(gjk_quat a, gjk_quat b) {
    gjk_quat r = {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z, a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
                  a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x, a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
    return r;
}
/// Conjugate (w, -x, -y, -z): the inverse rotation of a unit quaternion.
static inline gjk_quat gjk_quat_conj(gjk_quat q) {
    gjk_quat r = {q.w, -q.x, -q.y, -q.z};
    return r;
}
/// Rotate v by the unit quaternion q.
static inline gjk_vec3 gjk_quat_rotate(gjk_quat q, gjk_vec3 v) {
    gjk_vec3 u = gjk_v3(q.x, q.y, q.z);
    gjk_vec3 t = gjk_scale3(gjk_cross3(u, v), GJK_R(2.0));
    return gjk_add3(gjk_mad3(v, q.w, t), gjk_cross3(u, t));
}
/// Rotate v by the inverse of the unit quaternion q.
static inline gjk_vec3 gjk_quat_inv_rotate(gjk_quat q, gjk_vec3 v) { return gjk_quat_rotate(gjk_quat_conj(q), v); }

/// The pose at the world origin, unrotated: local and world coordinates coincide.
static inline gjk_pose3 gjk_pose3_identity(void) {
    gjk_pose3 p = {{0, 0, 0}, {1, 0, 0, 0}};
    return p;
}
/// The pose with the given world `position` and local-to-world `rotation`.
static inline gjk_pose3 gjk_pose3_make(gjk_vec3 position, gjk_quat rotation) {
    gjk_pose3 p;
    p.position = position;
    p.rotation = rotation;
    return p;
}
/// Local point to world point.
static inline gjk_vec3 gjk_pose3_apply(gjk_pose3 p, gjk_vec3 local) {
    return gjk_add3(gjk_quat_rotate(p.rotation, local), p.position);
}
/// World point to local point.
static inline gjk_vec3 gjk_pose3_inv_apply(gjk_pose3 p, gjk_vec3 world) {
    return gjk_quat_inv_rotate(p.rotation, gjk_sub3(world, p.position));
}

/* ---- 2D vectors, rotations and poses ------------------------------------------------------------------------- */

/// The vector (x, y).
static inline gjk_vec2 gjk_v2(gjk_real x, gjk_real y) {
    gjk_vec2 r = {x, y};
    return r;
}
/// a + b
static inline gjk_vec2 gjk_add2(gjk_vec2 a, gjk_vec2 b) { return gjk_v2(a.x + b.x, a.y + b.y); }
/// a - b
static inline gjk_vec2 gjk_sub2(gjk_vec2 a, gjk_vec2 b) { return gjk_v2(a.x - b.x, a.y - b.y); }
/// -a
static inline gjk_vec2 gjk_neg2(gjk_vec2 a) { return gjk_v2(-a.x, -a.y); }
/// s * a
static inline gjk_vec2 gjk_scale2(gjk_vec2 a, gjk_real s) { return gjk_v2(a.x * s, a.y * s); }
/// a + s * b
static inline gjk_vec2 gjk_mad2(gjk_vec2 a, gjk_real s, gjk_vec2 b) { return gjk_v2(a.x + s * b.x, a.y + s * b.y); }
/// Dot product a . b
static inline gjk_real gjk_dot2(gjk_vec2 a, gjk_vec2 b) { return a.x * b.x + a.y * b.y; }
/// z component of the 3D cross product: twice the signed area of (0, a, b).
static inline gjk_real gjk_cross2(gjk_vec2 a, gjk_vec2 b) { return a.x * b.y - a.y * b.x; }
/// a rotated by +90 degrees.
static inline gjk_vec2 gjk_perp2(gjk_vec2 a) { return gjk_v2(-a.y, a.x); }
/// Squared length |a|^2.
static inline gjk_real gjk_len_sq2(gjk_vec2 a) { return gjk_dot2(a, a); }
/// Length |a| (from the squares, as gjk_len3()).
static inline gjk_real gjk_len2(gjk_vec2 a) { return GJK_SQRT(gjk_dot2(a, a)); }
/// Unit vector along a, or the zero vector when a is zero (or not finite): never NaN.
static inline gjk_vec2 gjk_normalize2(gjk_vec2 a) {
    gjk_real l2 = a.x * a.x + a.y * a.y;
    if (!(l2 >= GJK_REAL_TINY2 && l2 <= GJK_REAL_MAX)) { /* under- or overflowed squares: as gjk_normalize3 */
        gjk_real m = GJK_ABS(a.x) > GJK_ABS(a.y) ? GJK_ABS(a.x) : GJK_ABS(a.y);
        if (!(m > GJK_R(0.0) && m <= GJK_REAL_MAX)) return gjk_v2(0, 0);
        a = gjk_v2(a.x / m, a.y / m);
        l2 = a.x * a.x + a.y * a.y;
    }
    return gjk_scale2(a, GJK_R(1.0) / GJK_SQRT(l2));
}

/// The identity rotation (c, s) = (1, 0).
static inline gjk_rot2 gjk_rot2_identity(void) {
    gjk_rot2 r = {1, 0};
    return r;
}
/// Rotation by `angle` radians, counter-clockwise.
static inline gjk_rot2 gjk_rot2_from_angle(gjk_real angle) {
    gjk_rot2 r = {GJK_COS(angle), GJK_SIN(angle)};
    return r;
}
/// Rotate v by the unit rotation q (counter-clockwise by its angle).
static inline gjk_vec2 gjk_rotate2(gjk_rot2 q, gjk_vec2 v) {
    return gjk_v2(q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y);
}
/// Rotate v by the inverse of the unit rotation q (clockwise by its angle).
static inline gjk_vec2 gjk_inv_rotate2(gjk_rot2 q, gjk_vec2 v) {
    return gjk_v2(q.c * v.x + q.s * v.y, -q.s * v.x + q.c * v.y);
}

/// The pose at the world origin, unrotated.
static inline gjk_pose2 gjk_pose2_identity(void) {
    gjk_pose2 p = {{0, 0}, {1, 0}};
    return p;
}
/// The pose with the given world `position`, turned counter-clockwise by `angle` radians.
static inline gjk_pose2 gjk_pose2_make(gjk_vec2 position, gjk_real angle) {
    gjk_pose2 p;
    p.position = position;
    p.rotation = gjk_rot2_from_angle(angle);
    return p;
}
/// Local point to world point.
static inline gjk_vec2 gjk_pose2_apply(gjk_pose2 p, gjk_vec2 local) {
    return gjk_add2(gjk_rotate2(p.rotation, local), p.position);
}
/// World point to local point.
static inline gjk_vec2 gjk_pose2_inv_apply(gjk_pose2 p, gjk_vec2 world) {
    return gjk_inv_rotate2(p.rotation, gjk_sub2(world, p.position));
}

#ifdef __cplusplus
}
#endif

#endif
