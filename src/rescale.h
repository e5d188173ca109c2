// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Exact rescaling of a pair by a power of two (docs/numerics.md, "Scale range"). GJK's bounds, the signed-volume
   solver and EPA multiply up to four lengths, which under- or overflows long before the coordinates themselves do.
   Every entry point (queries, manifolds, ray casts, shape casts) asks gjk_rescale3_pair / gjk_rescale2_pair first:
   a pair whose size (the largest local coordinate of either shape, margin included, and the offset between them)
   lies in the window below goes on untouched, at the cost of a few comparisons; any other pair is copied with every
   length multiplied by 2^shift so that its size lands in [1/2, 1), answered there, and its answer multiplied back
   by 2^-shift. Multiplying by a power of two is exact (barring underflow of lengths far below the pair's size,
   which move by less than the smallest subnormal relative to 1), so the answer is the one the pair has at a
   comfortable scale.

   Value shapes are copied with scaled sizes. Hulls, polygons and user callbacks cannot be copied cheaply: they
   are wrapped as user shapes whose support multiplies the original support point by 2^shift (so a hull on this
   path converges as a curved shape does, to GJK_TOL_REL and GJK_TOL_CURVED, instead of exactly). The rescaled
   pair's A stands at the origin and B at their scaled offset, so that positions far from the origin cannot
   overflow; answers add A's position back. Caches hold points in the shapes' local frames at their true scale:
   the rescaled path neither reads nor writes them (a cold start). Debug queries never rescale. */
#ifndef GJK_RESCALE_H
#define GJK_RESCALE_H

#include "internal.h"

#if GJK_USE_FLOAT
/* Float: the fourth powers of the signed volumes stay normal between 2^-16 and 2^24 (measured: answers drift from
   2^-22 and 2^28 on). */
#define GJK_RESCALE_LOW GJK_R(1.52587890625e-05) /* 2^-16 */
#define GJK_RESCALE_HIGH GJK_R(16777216.0)       /* 2^24 */
#else
/* Double: measured right from 2^-230 to 2^250; the window keeps 30 bits of margin on both sides. */
#define GJK_RESCALE_LOW 6.2230152778611417e-61 /* 2^-200 */
#define GJK_RESCALE_HIGH 1.6069380442589903e+60 /* 2^200 */
#endif

/* A hull, polygon or user shape seen through its support, scaled by 2^shift (ldexp per coordinate: the factor
   itself may not be representable). */
typedef struct gjk_rescaled_support3 {
    gjk_shape3 core; /* the original shape without its margin */
    int shift;
} gjk_rescaled_support3;
typedef struct gjk_rescaled_support2 {
    gjk_shape2 core;
    int shift;
} gjk_rescaled_support2;

/* A rescaled 3D pair: `pair` refers to `shape` (and `shape` to `wrap` for hulls and user shapes). */
typedef struct gjk_rescaled3 {
    gjk_pair3 pair;
    gjk_shape3 shape[2];
    gjk_rescaled_support3 wrap[2];
    gjk_vec3 origin; /* A's world position, added back to every answer point */
    int shift;       /* lengths were multiplied by 2^shift */
} gjk_rescaled3;
typedef struct gjk_rescaled2 {
    gjk_pair2 pair;
    gjk_shape2 shape[2];
    gjk_rescaled_support2 wrap[2];
    gjk_vec2 origin;
    int shift;
} gjk_rescaled2;

/* Bound on every local coordinate of a shape (its core's and the margin): exact for value shapes, from the hull's
   centroid and radius, and from six axis supports for user shapes. NaN for a shape whose fields are unusable
   (validation then rejects the pair on the ordinary path). The frequent kinds inline: the check runs on every call. */
gjk_real gjk_rescale3_extent(const gjk_shape3 *s);
gjk_real gjk_rescale2_extent(const gjk_shape2 *s);
static inline gjk_real gjk_rescale3_extent_inline(const gjk_shape3 *s) {
    switch (s->type) {
    case GJK_SHAPE3_SPHERE: return s->sphere.radius + s->margin;
    case GJK_SHAPE3_BOX: return gjk_max_abs3(s->box.half_extents) + s->margin;
    case GJK_SHAPE3_CAPSULE:
    case GJK_SHAPE3_CYLINDER:
    case GJK_SHAPE3_CONE: return gjk_maxr(s->capsule.radius, s->capsule.half_height) + s->margin;
    case GJK_SHAPE3_HULL:
        if (s->hull.hull) return s->hull.hull->radius + gjk_max_abs3(s->hull.hull->centroid) + s->margin;
        return gjk_rescale3_extent(s);
    default: return gjk_rescale3_extent(s);
    }
}
static inline gjk_real gjk_rescale2_extent_inline(const gjk_shape2 *s) {
    switch (s->type) {
    case GJK_SHAPE2_CIRCLE: return s->circle.radius + s->margin;
    case GJK_SHAPE2_BOX: return gjk_maxr(GJK_ABS(s->box.half_extents.x), GJK_ABS(s->box.half_extents.y)) + s->margin;
    case GJK_SHAPE2_CAPSULE: return gjk_maxr(s->capsule.radius, s->capsule.half_height) + s->margin;
    case GJK_SHAPE2_POLYGON:
        if (s->polygon.hull) {
            gjk_vec2 c = s->polygon.hull->centroid;
            return s->polygon.hull->radius + gjk_maxr(GJK_ABS(c.x), GJK_ABS(c.y)) + s->margin;
        }
        return gjk_rescale2_extent(s);
    default: return gjk_rescale2_extent(s);
    }
}

/* True when a pair of size m (a NaN size, from bad input, stays on the ordinary path, which rejects it) lies
   outside the window. */
static inline bool gjk_rescale_outside(gjk_real m) { return m < GJK_RESCALE_LOW || m > GJK_RESCALE_HIGH; }

/* The rescaling of a pair whose size m lies outside the window: fills `out` and returns true; false for a pair
   that needs none or is invalid input (the ordinary path then answers or rejects it). */
bool gjk_rescale3_build(const gjk_pair3 *pair, gjk_real m, gjk_rescaled3 *out);
bool gjk_rescale2_build(const gjk_pair2 *pair, gjk_real m, gjk_rescaled2 *out);

/* The common path: a few comparisons, then gjk_rescale3_build only outside the window. `extra` is any further
   length of the entry point (a cast's translations, a speculative distance), 0 for none. */
static inline bool gjk_rescale3_pair(const gjk_pair3 *pair, gjk_real extra, gjk_rescaled3 *out) {
    if (!pair || !pair->a || !pair->b) return false;
    gjk_real m = gjk_maxr(gjk_rescale3_extent_inline(pair->a), gjk_rescale3_extent_inline(pair->b));
    m = gjk_maxr(gjk_maxr(m, extra), gjk_max_abs3(gjk_sub3(pair->pose_b.position, pair->pose_a.position)));
    return gjk_rescale_outside(m) && gjk_rescale3_build(pair, m, out);
}
static inline bool gjk_rescale2_pair(const gjk_pair2 *pair, gjk_real extra, gjk_rescaled2 *out) {
    if (!pair || !pair->a || !pair->b) return false;
    gjk_real m = gjk_maxr(gjk_maxr(gjk_rescale2_extent_inline(pair->a), gjk_rescale2_extent_inline(pair->b)), extra);
    gjk_vec2 d = gjk_sub2(pair->pose_b.position, pair->pose_a.position);
    m = gjk_maxr(m, gjk_maxr(GJK_ABS(d.x), GJK_ABS(d.y)));
    return gjk_rescale_outside(m) && gjk_rescale2_build(pair, m, out);
}

static inline bool gjk_rescale3_nonzero(gjk_vec3 v) { return v.x != 0 || v.y != 0 || v.z != 0; }
static inline bool gjk_rescale2_nonzero(gjk_vec2 v) { return v.x != 0 || v.y != 0; }

/* Lengths back to the caller's scale, and points back to the world frame. */
gjk_real gjk_rescale_length(gjk_real x, int shift);
gjk_vec3 gjk_rescale3_point(const gjk_rescaled3 *s, gjk_vec3 p);
gjk_vec2 gjk_rescale2_point(const gjk_rescaled2 *s, gjk_vec2 p);
/* A query's answer back to the caller's scale, its points only when the query computed them (`points`: the
   intersect queries and separated penetration queries leave them zero). A zeroed GJK_INVALID_INPUT result stays
   zeroed. */
gjk_result3 gjk_rescale3_result(const gjk_rescaled3 *s, gjk_result3 r, bool points);
gjk_result2 gjk_rescale2_result(const gjk_rescaled2 *s, gjk_result2 r, bool points);

/* The other entry points, each answered through the same rescaling when its lengths lie outside the window:
   true with *out the answer at the caller's scale, false for the ordinary path. A ray is the pair (shape, the point
   at the ray's origin). */
bool gjk_rescale3_collide(const gjk_pair3 *pair, gjk_real speculative_distance, gjk_manifold3 *out);
bool gjk_rescale2_collide(const gjk_pair2 *pair, gjk_real speculative_distance, gjk_manifold2 *out);
bool gjk_rescale3_raycast_slow(const gjk_shape3 *shape, gjk_pose3 pose, const gjk_ray3 *ray, gjk_ray_result3 *out);
bool gjk_rescale2_raycast_slow(const gjk_shape2 *shape, gjk_pose2 pose, const gjk_ray2 *ray, gjk_ray_result2 *out);
static inline bool gjk_rescale3_raycast(const gjk_shape3 *shape, gjk_pose3 pose, const gjk_ray3 *ray,
                                        gjk_ray_result3 *out) {
    if (!ray || !shape) return false;
    gjk_real m = gjk_maxr(gjk_rescale3_extent_inline(shape), gjk_max_abs3(ray->translation));
    m = gjk_maxr(m, gjk_max_abs3(gjk_sub3(ray->origin, pose.position)));
    return gjk_rescale_outside(m) && gjk_rescale3_raycast_slow(shape, pose, ray, out);
}
static inline bool gjk_rescale2_raycast(const gjk_shape2 *shape, gjk_pose2 pose, const gjk_ray2 *ray,
                                        gjk_ray_result2 *out) {
    if (!ray || !shape) return false;
    gjk_vec2 o = gjk_sub2(ray->origin, pose.position), t = ray->translation;
    gjk_real m = gjk_maxr(gjk_maxr(GJK_ABS(o.x), GJK_ABS(o.y)), gjk_maxr(GJK_ABS(t.x), GJK_ABS(t.y)));
    m = gjk_maxr(m, gjk_rescale2_extent_inline(shape));
    return gjk_rescale_outside(m) && gjk_rescale2_raycast_slow(shape, pose, ray, out);
}
bool gjk_rescale3_cast(const gjk_cast_input3 *input, gjk_cast_result3 *out);
bool gjk_rescale2_cast(const gjk_cast_input2 *input, gjk_cast_result2 *out);

#endif
