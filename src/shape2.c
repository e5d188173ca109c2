/* 2D shapes: constructors, validation, support functions of the cores and of the whole rounded shapes, and the
   support function of the Minkowski difference used by GJK and EPA.

   A support function s_K(d) returns a point of K farthest along d; it is all GJK needs of a convex set (Gilbert,
   Johnson, Keerthi, IEEE J. Robotics and Automation 4(2), 1988). Every shape is a core plus a radius: the support
   of the rounded shape is s_core(d) + r * d / |d|, and queries add the radius analytically, which is exact. */
#include "internal2.h"

/* ---- constructors ----------------------------------------------------------------------------------------- */

static gjk_shape2 make2(gjk_shape2_type type) {
    gjk_shape2 s = {0};
    s.type = type;
    s.margin = 0;
    return s;
}

gjk_shape2 gjk_point2(void) { return make2(GJK_SHAPE2_POINT); }

gjk_shape2 gjk_segment2(gjk_vec2 a, gjk_vec2 b) {
    gjk_shape2 s = make2(GJK_SHAPE2_SEGMENT);
    s.segment.a = a;
    s.segment.b = b;
    return s;
}

gjk_shape2 gjk_circle2(gjk_real radius) {
    gjk_shape2 s = make2(GJK_SHAPE2_CIRCLE);
    s.circle.radius = radius;
    return s;
}

gjk_shape2 gjk_box2(gjk_vec2 half_extents) {
    gjk_shape2 s = make2(GJK_SHAPE2_BOX);
    s.box.half_extents = half_extents;
    return s;
}

gjk_shape2 gjk_capsule2(gjk_real radius, gjk_real half_height) {
    gjk_shape2 s = make2(GJK_SHAPE2_CAPSULE);
    s.capsule.radius = radius;
    s.capsule.half_height = half_height;
    return s;
}

gjk_shape2 gjk_polygon2(const gjk_hull2 *hull) {
    gjk_shape2 s = make2(GJK_SHAPE2_POLYGON);
    s.polygon.hull = hull;
    return s;
}

gjk_shape2 gjk_user2(gjk_support2_fn *support, const void *data) {
    gjk_shape2 s = make2(GJK_SHAPE2_USER);
    s.user.support = support;
    s.user.data = data;
    return s;
}

gjk_shape2 gjk_rounded2(gjk_shape2 shape, gjk_real margin) {
    shape.margin = margin;
    return shape;
}

/* ---- validation ------------------------------------------------------------------------------------------- */

static bool positive(gjk_real x) { return gjk_finite(x) && x > 0; }
static bool non_negative(gjk_real x) { return gjk_finite(x) && x >= 0; }

gjk_status gjk_shape2_validate(const gjk_shape2 *shape) {
    if (shape == NULL || !non_negative(shape->margin)) return GJK_INVALID_INPUT;
    bool ok = false;
    switch (shape->type) {
    case GJK_SHAPE2_POINT: ok = true; break;
    case GJK_SHAPE2_SEGMENT: ok = gjk_finite2(shape->segment.a) && gjk_finite2(shape->segment.b); break;
    case GJK_SHAPE2_CIRCLE: ok = positive(shape->circle.radius); break;
    case GJK_SHAPE2_BOX: ok = positive(shape->box.half_extents.x) && positive(shape->box.half_extents.y); break;
    case GJK_SHAPE2_CAPSULE:
        ok = non_negative(shape->capsule.radius) && non_negative(shape->capsule.half_height);
        break;
    case GJK_SHAPE2_POLYGON: {
        /* The hull's vertices are checked finite by gjk_hull2_create(); checking them here would make every query
           O(n) before it starts. The header fields are cheap to check. */
        const gjk_hull2 *h = shape->polygon.hull;
        ok = h != NULL && h->vertices != NULL && h->vertex_count >= 1 && h->vertex_count <= GJK_HULL_MAX_POINTS &&
             h->dimension >= 0 && h->dimension <= 2 && gjk_finite2(h->centroid);
        break;
    }
    case GJK_SHAPE2_USER: ok = shape->user.support != NULL; break;
    case GJK_SHAPE2_TYPE_COUNT: ok = false; break;
    }
    return ok ? GJK_OK : GJK_INVALID_INPUT;
}

/* ---- supports ----------------------------------------------------------------------------------------------- */

/* Brute force over the hull's vertices: exact, deterministic (first vertex wins ties), and as fast as hill climbing
   for the small polygons 2D scenes use. */
static gjk_vec2 polygon_support(const gjk_hull2 *hull, gjk_vec2 d) {
    const gjk_vec2 *v = hull->vertices;
    int best = 0;
    gjk_real best_dot = gjk_dot2(v[0], d);
    for (int i = 1; i < hull->vertex_count; i++) {
        gjk_real t = gjk_dot2(v[i], d);
        if (t > best_dot) {
            best_dot = t;
            best = i;
        }
    }
    return v[best];
}

/* Support of the core (the shape without its radius and margin), shape-local frame. `direction` is finite and
   non-zero (a user callback may rely on that). Zero components pick the positive side, so the answer is a
   deterministic function of the direction. */
gjk_vec2 gjk2_core_support(const gjk_shape2 *shape, gjk_vec2 d) {
    switch (shape->type) {
    case GJK_SHAPE2_SEGMENT:
        return gjk_dot2(gjk_sub2(shape->segment.b, shape->segment.a), d) > 0 ? shape->segment.b : shape->segment.a;
    case GJK_SHAPE2_BOX: {
        gjk_vec2 h = shape->box.half_extents;
        return gjk_v2(d.x >= 0 ? h.x : -h.x, d.y >= 0 ? h.y : -h.y);
    }
    case GJK_SHAPE2_CAPSULE: return gjk_v2(0, d.y >= 0 ? shape->capsule.half_height : -shape->capsule.half_height);
    case GJK_SHAPE2_POLYGON: return polygon_support(shape->polygon.hull, d);
    case GJK_SHAPE2_USER: return shape->user.support(d, shape->user.data);
    case GJK_SHAPE2_POINT:
    case GJK_SHAPE2_CIRCLE:
    case GJK_SHAPE2_TYPE_COUNT: break;
    }
    return gjk_v2(0, 0);
}

/* Radius of the rounding that turns the core into the shape, margin included. */
gjk_real gjk2_core_radius(const gjk_shape2 *shape) {
    gjk_real r = shape->margin;
    if (shape->type == GJK_SHAPE2_CIRCLE) r += shape->circle.radius;
    if (shape->type == GJK_SHAPE2_CAPSULE) r += shape->capsule.radius;
    return r;
}

/* A point inside the core, shape-local frame: used for the first search direction and to orient the normal when
   the Minkowski difference is flat. */
gjk_vec2 gjk2_core_centre(const gjk_shape2 *shape) {
    switch (shape->type) {
    case GJK_SHAPE2_SEGMENT: return gjk_scale2(gjk_add2(shape->segment.a, shape->segment.b), GJK_R(0.5));
    case GJK_SHAPE2_POLYGON: return shape->polygon.hull->centroid;
    case GJK_SHAPE2_USER: {
        /* The mean of four axis supports lies inside the convex core. */
        gjk_vec2 c = gjk_v2(0, 0);
        c = gjk_add2(c, gjk2_core_support(shape, gjk_v2(1, 0)));
        c = gjk_add2(c, gjk2_core_support(shape, gjk_v2(-1, 0)));
        c = gjk_add2(c, gjk2_core_support(shape, gjk_v2(0, 1)));
        c = gjk_add2(c, gjk2_core_support(shape, gjk_v2(0, -1)));
        return gjk_scale2(c, GJK_R(0.25));
    }
    case GJK_SHAPE2_POINT:
    case GJK_SHAPE2_CIRCLE:
    case GJK_SHAPE2_BOX:
    case GJK_SHAPE2_CAPSULE:
    case GJK_SHAPE2_TYPE_COUNT: break;
    }
    return gjk_v2(0, 0);
}

gjk_vec2 gjk_shape2_support(const gjk_shape2 *shape, gjk_vec2 direction) {
    if (gjk_shape2_validate(shape) != GJK_OK) return gjk_v2(0, 0);
    gjk_vec2 d = gjk_finite2(direction) ? direction : gjk_v2(0, 0);
    /* Scale the direction so that its largest component is 1: the sign pattern and the ordering of dot products
       are unchanged, and squaring it below can neither overflow nor underflow to zero. */
    gjk_real m = gjk_maxr(GJK_ABS(d.x), GJK_ABS(d.y));
    if (!(m > 0)) {
        /* Zero direction: any point of the shape will do; a core point is one (the core lies inside the shape). */
        gjk_vec2 p = gjk2_core_support(shape, gjk_v2(1, 0));
        return gjk_finite2(p) ? p : gjk_v2(0, 0);
    }
    d = gjk_scale2(d, GJK_R(1.0) / m);
    gjk_vec2 p = gjk2_core_support(shape, d);
    if (!gjk_finite2(p)) return gjk_v2(0, 0);
    return gjk_mad2(p, gjk2_core_radius(shape), gjk_normalize2(d));
}

/* Support of the core difference D = A - B in the query frame: s_D(d) = s_A(d) - s_B(-d), with witnesses. The
   direction is rotated into each shape's local frame (A's rotation is the identity in the query frame). */
void gjk2_support(gjk2_ctx *ctx, gjk_vec2 d, gjk2_vertex *out) {
    gjk_vec2 pa = gjk2_core_support(ctx->a.shape, gjk_inv_rotate2(ctx->a.rot, d));
    gjk_vec2 pb = gjk2_core_support(ctx->b.shape, gjk_inv_rotate2(ctx->b.rot, gjk_neg2(d)));
    out->a = gjk_add2(gjk_rotate2(ctx->a.rot, pa), ctx->a.pos);
    out->b = gjk_add2(gjk_rotate2(ctx->b.rot, pb), ctx->b.pos);
    out->w = gjk_sub2(out->a, out->b);
    ctx->support_calls++;
    if (!gjk_finite2(out->w)) {
        /* A user callback returned NaN or infinity (or the pair overflows): remember it and hand back a finite
           point so that no NaN reaches the arithmetic; the query reports GJK_INVALID_INPUT. */
        ctx->bad = true;
        out->a = out->b = out->w = gjk_v2(0, 0);
    }
}
