// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* 2D shapes: constructors, validation, support functions of the cores and of the whole rounded shapes, and the
   support function of the Minkowski difference used by GJK and EPA.

   A support function s_K(d) returns a point of K farthest along d; it is all GJK needs of a convex set (Gilbert,
   Johnson, Keerthi, IEEE J. Robotics and Automation 4(2), 1988). Every shape is a core plus a radius: the support
   of the rounded shape is s_core(d) + r * d / |d|, and queries add the radius analytically, which is exact. */
#include "internal2.h"

/* ---- constructors ----------------------------------------------------------------------------------------- */

static gjk_shape2 make2(gjk_shape2_type type) {
    gjk_shape2 s;
    s.type = type;
    s.margin = 0;
    s.segment.a = s.segment.b = gjk_v2(0, 0);
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

/* ---- validation and bodies ------------------------------------------------------------------------------- */


gjk_status gjk_shape2_validate(const gjk_shape2 *shape) {
    gjk2_body b;
    return gjk2_body_init(&b, shape) ? GJK_OK : GJK_INVALID_INPUT;
}

/* ---- supports ----------------------------------------------------------------------------------------------- */

/* Index of a vertex of a polygon farthest along d. Below GJK2_HILL_CLIMB_MIN vertices a brute-force loop (exact, first
   vertex wins ties); above it hill climbing around the counter-clockwise ring from the previous support vertex of the
   same body: on a convex polygon v.d is unimodal along the ring, so walking while a neighbour is strictly better ends
   on a maximum, and successive GJK directions are close, so the walk is short (docs/numerics.md, "Support functions").
   The walk is bounded by the vertex count. */
int gjk2_polygon_support(gjk2_body *b, gjk_vec2 d) {
    const gjk_vec2 *v = b->verts;
    const int n = b->count;
    int best = 0;
    if (!b->climb) {
        gjk_real best_dot = gjk_dot2(v[0], d);
        for (int i = 1; i < n; i++) {
            gjk_real t = gjk_dot2(v[i], d);
            if (t > best_dot) {
                best_dot = t;
                best = i;
            }
        }
        return best;
    }
    best = b->last;
    gjk_real best_dot = gjk_dot2(v[best], d);
    int next = best + 1 == n ? 0 : best + 1;
    gjk_real t = gjk_dot2(v[next], d);
    int step = 1;
    if (!(t > best_dot)) {
        next = best == 0 ? n - 1 : best - 1;
        t = gjk_dot2(v[next], d);
        step = n - 1; /* backwards: + (n - 1) mod n */
    }
    for (int k = 0; k < n && t > best_dot; k++) {
        best = next;
        best_dot = t;
        next += step;
        if (next >= n) next -= n;
        t = gjk_dot2(v[next], d);
    }
    b->last = best;
    return best;
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
    case GJK_SHAPE2_POLYGON: {
        const gjk_hull2 *h = shape->polygon.hull;
        int best = 0;
        for (int i = 1; i < h->vertex_count; i++)
            if (gjk_dot2(h->vertices[i], d) > gjk_dot2(h->vertices[best], d)) best = i;
        return h->vertices[best];
    }
    case GJK_SHAPE2_USER: return shape->user.support(gjk2_tame(d), shape->user.data);
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
    d = gjk_v2(d.x / m, d.y / m); /* (1 / m overflows for a subnormal m) */
    gjk_vec2 p = gjk2_core_support(shape, d);
    if (!gjk_finite2(p)) return gjk_v2(0, 0);
    return gjk_mad2(p, gjk2_core_radius(shape), gjk_normalize2(d));
}

/* A point inside a user core, local frame: the mean of four axis supports lies inside the convex core. */
gjk_vec2 gjk2_user_centre(const gjk_shape2 *shape) {
    gjk_vec2 c = gjk_v2(0, 0);
    c = gjk_add2(c, shape->user.support(gjk_v2(1, 0), shape->user.data));
    c = gjk_add2(c, shape->user.support(gjk_v2(-1, 0), shape->user.data));
    c = gjk_add2(c, shape->user.support(gjk_v2(0, 1), shape->user.data));
    c = gjk_add2(c, shape->user.support(gjk_v2(0, -1), shape->user.data));
    return gjk_scale2(c, GJK_R(0.25));
}

void gjk2_check_support(gjk2_ctx *ctx, gjk2_vertex *v, gjk_vec2 b_local) {
    if (!ctx->grow) return;
    if (!gjk_bounded2(v->a) || !gjk_bounded2(b_local) || !gjk_finite2(v->w)) { /* (bounded as every input) */
        ctx->bad = true;
        v->a = v->b = v->w = gjk_v2(0, 0);
        return;
    }
    gjk_real m = gjk_maxr(gjk2_norm_inf(v->w), gjk_maxr(gjk2_norm_inf(v->a), gjk2_norm_inf(v->b)));
    ctx->size = gjk_maxr(ctx->size, gjk_maxr(m, gjk2_norm_inf(b_local)));
}

void gjk2_support(gjk2_ctx *ctx, gjk_vec2 d, gjk2_vertex *out) {
    gjk_vec2 pa = gjk2_local_support(&ctx->a, d);
    gjk_vec2 pb = gjk2_local_support(&ctx->b, gjk_inv_rotate2(ctx->b.rot, gjk_neg2(d)));
    out->a = pa;
    out->b = gjk_add2(gjk_rotate2(ctx->b.rot, pb), ctx->b.pos);
    out->w = gjk_sub2(out->a, out->b);
    ctx->support_calls++;
    gjk2_check_support(ctx, out, pb);
}
