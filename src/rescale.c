// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Rescaling a pair by a power of two into the range where the algorithms' products neither under- nor overflow:
   the decision, the scaled copies and the way back (see rescale.h and docs/numerics.md, "Scale range"). */
#include <math.h>
#include <string.h>

#include "rescale.h"
#include "tolerance.h"

#if GJK_USE_FLOAT
#define RESCALE_LDEXP ldexpf
#define RESCALE_FREXP frexpf
#define RESCALE_TRUE_MIN GJK_R(1.40129846e-45) /* the smallest subnormal float */
#else
#define RESCALE_LDEXP ldexp
#define RESCALE_FREXP frexp
#define RESCALE_TRUE_MIN 4.9406564584124654e-324 /* the smallest subnormal double */
#endif

gjk_real gjk_rescale_length(gjk_real x, int shift) { return RESCALE_LDEXP(x, -shift); }

/* A positive size stays positive: one far below the pair's size may underflow, and the smallest subnormal stands
   for it (a change below 2^-1074, float 2^-149, of a pair of size 1). */
static gjk_real rescale_size(gjk_real x, int shift) {
    gjk_real y = RESCALE_LDEXP(x, shift);
    return x > 0 && !(y > 0) ? RESCALE_TRUE_MIN : y;
}
static gjk_vec3 rescale_vec3(gjk_vec3 v, int shift) {
    return gjk_v3(RESCALE_LDEXP(v.x, shift), RESCALE_LDEXP(v.y, shift), RESCALE_LDEXP(v.z, shift));
}
static gjk_vec3 rescale_size3(gjk_vec3 v, int shift) {
    return gjk_v3(rescale_size(v.x, shift), rescale_size(v.y, shift), rescale_size(v.z, shift));
}
static gjk_vec2 rescale_vec2(gjk_vec2 v, int shift) {
    return gjk_v2(RESCALE_LDEXP(v.x, shift), RESCALE_LDEXP(v.y, shift));
}

/* The shift that brings a size m > 0 into [1/2, 1). */
static int rescale_shift(gjk_real m) {
    int e = 0;
    (void)RESCALE_FREXP(m, &e);
    return -e;
}

/* ---- 3D ---------------------------------------------------------------------------------------------------- */

gjk_real gjk_rescale3_extent(const gjk_shape3 *s) {
    gjk_real e;
    switch (s->type) {
    case GJK_SHAPE3_POINT: e = 0; break;
    case GJK_SHAPE3_SEGMENT: e = gjk_maxr(gjk_max_abs3(s->segment.a), gjk_max_abs3(s->segment.b)); break;
    case GJK_SHAPE3_TRIANGLE:
        e = gjk_maxr(gjk_maxr(gjk_max_abs3(s->triangle.a), gjk_max_abs3(s->triangle.b)),
                     gjk_max_abs3(s->triangle.c));
        break;
    case GJK_SHAPE3_BOX: e = gjk_max_abs3(s->box.half_extents); break;
    case GJK_SHAPE3_SPHERE: e = s->sphere.radius; break;
    case GJK_SHAPE3_CAPSULE:
    case GJK_SHAPE3_CYLINDER:
    case GJK_SHAPE3_CONE: e = gjk_maxr(s->capsule.radius, s->capsule.half_height); break;
    case GJK_SHAPE3_ELLIPSOID: e = gjk_max_abs3(s->ellipsoid.radii); break;
    case GJK_SHAPE3_HULL:
        if (!s->hull.hull) return NAN;
        e = s->hull.hull->radius + gjk_max_abs3(s->hull.hull->centroid);
        break;
    case GJK_SHAPE3_USER: {
        /* Six axis supports: a shape of any extent is wide along some axis, and one of them reaches it. */
        if (!s->user.support) return NAN;
        static const gjk_real axes[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
        e = 0;
        for (int i = 0; i < 6; ++i) {
            gjk_vec3 p = s->user.support(gjk_v3(axes[i][0], axes[i][1], axes[i][2]), s->user.data);
            gjk_real a = gjk_max_abs3(p);
            if (!(a <= GJK_MAX_COORD)) return NAN;
            e = gjk_maxr(e, a);
        }
        break;
    }
    default: return NAN;
    }
    return e + s->margin;
}

static gjk_vec3 rescaled_support3(gjk_vec3 d, const void *data) {
    const gjk_rescaled_support3 *w = (const gjk_rescaled_support3 *)data;
    if (w->core.type != GJK_SHAPE3_USER) return rescale_vec3(gjk_shape3_support(&w->core, d), w->shift);
    /* An unbounded answer of the user's callback is invalid input at any scale: NaN makes the query's guard say so.
       (A hull's points are the validated shape's own, and stay accepted beyond the coordinate limit: its centroid
       and radius are what the validation bounds, so a vertex may reach twice the limit, as the unscaled path
       takes it. Rejecting it here made the plain and the debug query disagree on validity.) */
    gjk_vec3 p = w->core.user.support(d, w->core.user.data);
    if (!gjk_bounded3(p)) return gjk_v3(NAN, NAN, NAN);
    return rescale_vec3(p, w->shift);
}

static void rescale_shape3(const gjk_shape3 *s, int shift, gjk_shape3 *out, gjk_rescaled_support3 *wrap) {
    *out = *s;
    out->margin = RESCALE_LDEXP(s->margin, shift);
    switch (s->type) {
    case GJK_SHAPE3_SEGMENT:
        out->segment.a = rescale_vec3(s->segment.a, shift);
        out->segment.b = rescale_vec3(s->segment.b, shift);
        break;
    case GJK_SHAPE3_TRIANGLE:
        out->triangle.a = rescale_vec3(s->triangle.a, shift);
        out->triangle.b = rescale_vec3(s->triangle.b, shift);
        out->triangle.c = rescale_vec3(s->triangle.c, shift);
        break;
    case GJK_SHAPE3_BOX: out->box.half_extents = rescale_size3(s->box.half_extents, shift); break;
    case GJK_SHAPE3_SPHERE: out->sphere.radius = rescale_size(s->sphere.radius, shift); break;
    case GJK_SHAPE3_CAPSULE:
        out->capsule.radius = RESCALE_LDEXP(s->capsule.radius, shift);
        out->capsule.half_height = RESCALE_LDEXP(s->capsule.half_height, shift);
        break;
    case GJK_SHAPE3_CYLINDER:
    case GJK_SHAPE3_CONE:
        out->cylinder.radius = rescale_size(s->cylinder.radius, shift);
        out->cylinder.half_height = rescale_size(s->cylinder.half_height, shift);
        break;
    case GJK_SHAPE3_ELLIPSOID: out->ellipsoid.radii = rescale_size3(s->ellipsoid.radii, shift); break;
    case GJK_SHAPE3_HULL:
    case GJK_SHAPE3_USER:
        wrap->core = *s;
        wrap->core.margin = 0;
        wrap->shift = shift;
        *out = gjk_user3(rescaled_support3, wrap);
        out->margin = RESCALE_LDEXP(s->margin, shift);
        break;
    default: break;
    }
}

/* The allowance a wrapped shape adds to the interval's ends at the rescaled size. The query sees a wrapped hull or
   user shape as a callback of unknown extent, so its interval allows only for the rounding of the support points it
   met; but a support compares every vertex, and misjudging a far one by the rounding of its dot product lets a
   plane's bound pass the true distance (a 2D segment 1e16 long, 7.6e-6 from a point at its near end: float bounds
   1.1e-8 above the distance). The rescaled pair is smaller than 1, so a touching band at size 1 covers every vertex. */
static gjk_real rescale_wrapped_pad3(const gjk_rescaled3 *s) {
    return s->shape[0].type == GJK_SHAPE3_USER || s->shape[1].type == GJK_SHAPE3_USER ? GJK_TOL_TOUCH : 0;
}
static gjk_real rescale_wrapped_pad2(const gjk_rescaled2 *s) {
    return s->shape[0].type == GJK_SHAPE2_USER || s->shape[1].type == GJK_SHAPE2_USER ? GJK_TOL_TOUCH : 0;
}

bool gjk_rescale3_build(const gjk_pair3 *pair, gjk_real m, gjk_rescaled3 *out) {
    /* Invalid input stays on the ordinary path, which names it (scaling could make an oversized shape look
       valid). */
    if (!(m > 0) || gjk_shape3_validate(pair->a) != GJK_OK || gjk_shape3_validate(pair->b) != GJK_OK ||
        !gjk_bounded3(pair->pose_a.position) || !gjk_bounded3(pair->pose_b.position))
        return false;
    int shift = rescale_shift(m);
    out->shift = shift;
    out->origin = pair->pose_a.position;
    out->pair = *pair;
    rescale_shape3(pair->a, shift, &out->shape[0], &out->wrap[0]);
    rescale_shape3(pair->b, shift, &out->shape[1], &out->wrap[1]);
    out->pair.a = &out->shape[0];
    out->pair.b = &out->shape[1];
    out->pair.pose_a.position = gjk_v3(0, 0, 0);
    out->pair.pose_b.position = rescale_vec3(gjk_sub3(pair->pose_b.position, pair->pose_a.position), shift);
    return true;
}

gjk_vec3 gjk_rescale3_point(const gjk_rescaled3 *s, gjk_vec3 p) {
    return gjk_add3(rescale_vec3(p, -s->shift), s->origin);
}

gjk_result3 gjk_rescale3_result(const gjk_rescaled3 *s, gjk_result3 r, bool points) {
    if (r.status == GJK_INVALID_INPUT) return r;
    r.distance = RESCALE_LDEXP(r.distance, -s->shift);
    /* (an unbounded end, +-GJK_REAL_MAX, stays unbounded) */
    gjk_real pad = rescale_wrapped_pad3(s);
    if (GJK_ABS(r.lower) < GJK_REAL_MAX) r.lower = RESCALE_LDEXP(r.lower - pad, -s->shift);
    if (GJK_ABS(r.upper) < GJK_REAL_MAX) r.upper = RESCALE_LDEXP(r.upper + pad, -s->shift);
    if (!points) return r;
    r.point_a = gjk_rescale3_point(s, r.point_a);
    r.point_b = gjk_rescale3_point(s, r.point_b);
    return r;
}

/* ---- 2D ---------------------------------------------------------------------------------------------------- */

static gjk_real rescale_max_abs2(gjk_vec2 v) { return gjk_maxr(GJK_ABS(v.x), GJK_ABS(v.y)); }

gjk_real gjk_rescale2_extent(const gjk_shape2 *s) {
    gjk_real e;
    switch (s->type) {
    case GJK_SHAPE2_POINT: e = 0; break;
    case GJK_SHAPE2_SEGMENT: e = gjk_maxr(rescale_max_abs2(s->segment.a), rescale_max_abs2(s->segment.b)); break;
    case GJK_SHAPE2_CIRCLE: e = s->circle.radius; break;
    case GJK_SHAPE2_BOX: e = rescale_max_abs2(s->box.half_extents); break;
    case GJK_SHAPE2_CAPSULE: e = gjk_maxr(s->capsule.radius, s->capsule.half_height); break;
    case GJK_SHAPE2_POLYGON:
        if (!s->polygon.hull) return NAN;
        e = s->polygon.hull->radius + rescale_max_abs2(s->polygon.hull->centroid);
        break;
    case GJK_SHAPE2_USER: {
        if (!s->user.support) return NAN;
        static const gjk_real axes2[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        e = 0;
        for (int i = 0; i < 4; ++i) {
            gjk_real a = rescale_max_abs2(s->user.support(gjk_v2(axes2[i][0], axes2[i][1]), s->user.data));
            if (!(a <= GJK_MAX_COORD)) return NAN;
            e = gjk_maxr(e, a);
        }
        break;
    }
    default: return NAN;
    }
    return e + s->margin;
}

static gjk_vec2 rescaled_support2(gjk_vec2 d, const void *data) {
    const gjk_rescaled_support2 *w = (const gjk_rescaled_support2 *)data;
    if (w->core.type != GJK_SHAPE2_USER) return rescale_vec2(gjk_shape2_support(&w->core, d), w->shift);
    gjk_vec2 p = w->core.user.support(d, w->core.user.data); /* (as in 3D) */
    if (!gjk_bounded2(p)) return gjk_v2(NAN, NAN);
    return rescale_vec2(p, w->shift);
}

static void rescale_shape2(const gjk_shape2 *s, int shift, gjk_shape2 *out, gjk_rescaled_support2 *wrap) {
    *out = *s;
    out->margin = RESCALE_LDEXP(s->margin, shift);
    switch (s->type) {
    case GJK_SHAPE2_SEGMENT:
        out->segment.a = rescale_vec2(s->segment.a, shift);
        out->segment.b = rescale_vec2(s->segment.b, shift);
        break;
    case GJK_SHAPE2_CIRCLE: out->circle.radius = rescale_size(s->circle.radius, shift); break;
    case GJK_SHAPE2_BOX:
        out->box.half_extents =
            gjk_v2(rescale_size(s->box.half_extents.x, shift), rescale_size(s->box.half_extents.y, shift));
        break;
    case GJK_SHAPE2_CAPSULE:
        out->capsule.radius = RESCALE_LDEXP(s->capsule.radius, shift);
        out->capsule.half_height = RESCALE_LDEXP(s->capsule.half_height, shift);
        break;
    case GJK_SHAPE2_POLYGON:
    case GJK_SHAPE2_USER:
        wrap->core = *s;
        wrap->core.margin = 0;
        wrap->shift = shift;
        *out = gjk_user2(rescaled_support2, wrap);
        out->margin = RESCALE_LDEXP(s->margin, shift);
        break;
    default: break;
    }
}

bool gjk_rescale2_build(const gjk_pair2 *pair, gjk_real m, gjk_rescaled2 *out) {
    if (!(m > 0) || gjk_shape2_validate(pair->a) != GJK_OK || gjk_shape2_validate(pair->b) != GJK_OK ||
        !gjk_bounded2(pair->pose_a.position) || !gjk_bounded2(pair->pose_b.position))
        return false;
    int shift = rescale_shift(m);
    out->shift = shift;
    out->origin = pair->pose_a.position;
    out->pair = *pair;
    rescale_shape2(pair->a, shift, &out->shape[0], &out->wrap[0]);
    rescale_shape2(pair->b, shift, &out->shape[1], &out->wrap[1]);
    out->pair.a = &out->shape[0];
    out->pair.b = &out->shape[1];
    out->pair.pose_a.position = gjk_v2(0, 0);
    out->pair.pose_b.position = rescale_vec2(gjk_sub2(pair->pose_b.position, pair->pose_a.position), shift);
    return true;
}

gjk_vec2 gjk_rescale2_point(const gjk_rescaled2 *s, gjk_vec2 p) {
    return gjk_add2(rescale_vec2(p, -s->shift), s->origin);
}

gjk_result2 gjk_rescale2_result(const gjk_rescaled2 *s, gjk_result2 r, bool points) {
    if (r.status == GJK_INVALID_INPUT) return r;
    r.distance = RESCALE_LDEXP(r.distance, -s->shift);
    /* (an unbounded end, +-GJK_REAL_MAX, stays unbounded) */
    gjk_real pad = rescale_wrapped_pad2(s);
    if (GJK_ABS(r.lower) < GJK_REAL_MAX) r.lower = RESCALE_LDEXP(r.lower - pad, -s->shift);
    if (GJK_ABS(r.upper) < GJK_REAL_MAX) r.upper = RESCALE_LDEXP(r.upper + pad, -s->shift);
    if (!points) return r;
    r.point_a = gjk_rescale2_point(s, r.point_a);
    r.point_b = gjk_rescale2_point(s, r.point_b);
    return r;
}

/* ---- manifolds, ray casts and shape casts -------------------------------------------------------------------- */

/* A length given with the input (speculative distance, target, tolerance) at the rescaled size; one too large for
   it stays within the coordinate bound, where it still covers the whole pair. Invalid values pass unchanged so that
   the entry point rejects them. */
static gjk_real rescale_input_length(gjk_real x, int shift) {
    if (!(x >= 0 && x <= GJK_MAX_COORD)) return x;
    return gjk_minr(RESCALE_LDEXP(x, shift), GJK_MAX_COORD);
}
/* The largest absolute value a length input contributes to the pair's size (0 for an invalid one). */
static gjk_real rescale_extra(gjk_real x) { return x >= 0 && x <= GJK_MAX_COORD ? x : 0; }

bool gjk_rescale3_collide(const gjk_pair3 *pair, gjk_real speculative_distance, gjk_manifold3 *out) {
    gjk_rescaled3 rs;
    /* A hull keeps its faces on the ordinary path: its signed distance goes through the rescaled query, and the
       manifold's features rescale themselves (manifold3.c), where the wrapped hull would have none. */
    if (pair && pair->a && pair->b && (pair->a->type == GJK_SHAPE3_HULL || pair->b->type == GJK_SHAPE3_HULL))
        return false;
    if (!gjk_rescale3_pair(pair, rescale_extra(speculative_distance), &rs)) return false;
    *out = gjk_collide3(&rs.pair, rescale_input_length(speculative_distance, rs.shift), NULL);
    for (int i = 0; i < out->count; ++i) {
        out->points[i].point_a = gjk_rescale3_point(&rs, out->points[i].point_a);
        out->points[i].point_b = gjk_rescale3_point(&rs, out->points[i].point_b);
        out->points[i].separation = RESCALE_LDEXP(out->points[i].separation, -rs.shift);
    }
    return true;
}

bool gjk_rescale2_collide(const gjk_pair2 *pair, gjk_real speculative_distance, gjk_manifold2 *out) {
    gjk_rescaled2 rs;
    if (!gjk_rescale2_pair(pair, rescale_extra(speculative_distance), &rs)) return false;
    *out = gjk_collide2(&rs.pair, rescale_input_length(speculative_distance, rs.shift), NULL);
    for (int i = 0; i < out->count; ++i) {
        out->points[i].point_a = gjk_rescale2_point(&rs, out->points[i].point_a);
        out->points[i].point_b = gjk_rescale2_point(&rs, out->points[i].point_b);
        out->points[i].separation = RESCALE_LDEXP(out->points[i].separation, -rs.shift);
    }
    return true;
}

bool gjk_rescale3_raycast_slow(const gjk_shape3 *shape, gjk_pose3 pose, const gjk_ray3 *ray, gjk_ray_result3 *out) {
    /* A sharp hull's ray clips its face planes (ray_closed3.c), which multiplies no more than two lengths: exact at
       every accepted scale, and exact only on the ordinary path. */
    if (!ray || !shape || (shape->type == GJK_SHAPE3_HULL && shape->margin == 0)) return false;
    gjk_shape3 origin = gjk_point3();
    gjk_pair3 pair;
    memset(&pair, 0, sizeof pair);
    pair.a = shape;
    pair.pose_a = pose;
    pair.b = &origin;
    pair.pose_b.position = ray->origin;
    pair.pose_b.rotation = pose.rotation;
    gjk_rescaled3 rs;
    gjk_real t = gjk_max_abs3(ray->translation);
    if (!gjk_bounded3(ray->origin) || !(t <= GJK_MAX_COORD) || !gjk_rescale3_pair(&pair, t, &rs)) return false;
    gjk_ray3 scaled = *ray;
    scaled.origin = rs.pair.pose_b.position;
    scaled.translation = rescale_vec3(ray->translation, rs.shift);
    *out = gjk_raycast3(rs.pair.a, rs.pair.pose_a, &scaled);
    if (out->hit) out->point = gjk_rescale3_point(&rs, out->point); /* (a miss has none) */
    return true;
}

bool gjk_rescale2_raycast_slow(const gjk_shape2 *shape, gjk_pose2 pose, const gjk_ray2 *ray, gjk_ray_result2 *out) {
    if (!ray || !shape || (shape->type == GJK_SHAPE2_POLYGON && shape->margin == 0)) return false; /* (as in 3D) */
    gjk_shape2 origin = gjk_point2();
    gjk_pair2 pair;
    memset(&pair, 0, sizeof pair);
    pair.a = shape;
    pair.pose_a = pose;
    pair.b = &origin;
    pair.pose_b.position = ray->origin;
    pair.pose_b.rotation = pose.rotation;
    gjk_rescaled2 rs;
    gjk_real t = rescale_max_abs2(ray->translation);
    if (!gjk_bounded2(ray->origin) || !(t <= GJK_MAX_COORD) || !gjk_rescale2_pair(&pair, t, &rs)) return false;
    gjk_ray2 scaled = *ray;
    scaled.origin = rs.pair.pose_b.position;
    scaled.translation = rescale_vec2(ray->translation, rs.shift);
    *out = gjk_raycast2(rs.pair.a, rs.pair.pose_a, &scaled);
    if (out->hit) out->point = gjk_rescale2_point(&rs, out->point); /* (a miss has none) */
    return true;
}

bool gjk_rescale3_cast(const gjk_cast_input3 *input, gjk_cast_result3 *out) {
    if (!input) return false;
    gjk_real t = gjk_maxr(gjk_max_abs3(input->motion_a.translation),
                          gjk_max_abs3(input->motion_b.translation));
    if (!(t <= GJK_MAX_COORD)) return false;
    t = gjk_maxr(t, rescale_extra(input->target_distance));
    gjk_rescaled3 rs;
    if (!gjk_rescale3_pair(&input->pair, t, &rs)) return false;
    gjk_cast_input3 scaled = *input;
    scaled.pair = rs.pair;
    scaled.motion_a.translation = rescale_vec3(input->motion_a.translation, rs.shift);
    scaled.motion_b.translation = rescale_vec3(input->motion_b.translation, rs.shift);
    scaled.target_distance = rescale_input_length(input->target_distance, rs.shift);
    if (input->tolerance > 0) scaled.tolerance = rescale_input_length(input->tolerance, rs.shift);
    *out = gjk_shape_cast3(&scaled);
    if (out->status != GJK_INVALID_INPUT) {
        out->point_a = gjk_rescale3_point(&rs, out->point_a);
        out->point_b = gjk_rescale3_point(&rs, out->point_b);
        out->point = gjk_rescale3_point(&rs, out->point);
    }
    return true;
}

bool gjk_rescale2_cast(const gjk_cast_input2 *input, gjk_cast_result2 *out) {
    if (!input) return false;
    gjk_real t = gjk_maxr(rescale_max_abs2(input->motion_a.translation), rescale_max_abs2(input->motion_b.translation));
    if (!(t <= GJK_MAX_COORD)) return false;
    t = gjk_maxr(t, rescale_extra(input->target_distance));
    gjk_rescaled2 rs;
    if (!gjk_rescale2_pair(&input->pair, t, &rs)) return false;
    gjk_cast_input2 scaled = *input;
    scaled.pair = rs.pair;
    scaled.motion_a.translation = rescale_vec2(input->motion_a.translation, rs.shift);
    scaled.motion_b.translation = rescale_vec2(input->motion_b.translation, rs.shift);
    scaled.target_distance = rescale_input_length(input->target_distance, rs.shift);
    if (input->tolerance > 0) scaled.tolerance = rescale_input_length(input->tolerance, rs.shift);
    *out = gjk_shape_cast2(&scaled);
    if (out->status != GJK_INVALID_INPUT) {
        out->point_a = gjk_rescale2_point(&rs, out->point_a);
        out->point_b = gjk_rescale2_point(&rs, out->point_b);
        out->point = gjk_rescale2_point(&rs, out->point);
    }
    return true;
}
