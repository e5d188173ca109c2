// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Closed forms of the 2D ray cast, in the shape's local frame, on the body gjk2_body_init made: circles (and rounded
   points), capsules (and rounded segments), boxes (plain and rounded) and polygons (by their edge planes, as Box2D's
   b2RayCastPolygon does). Rounded polygons, bare points and segments and user shapes go to the GJK ray cast
   (ray2.c) as GJK_RAY_UNDECIDED. The numerical care is that of ray_closed3.c; in 2D a capsule's side is a slab, so
   it needs no square root at all. */
#include "ray_internal.h"

#define RAY_MAX GJK_REAL_MAX

/* A circle of radius R centred at the local origin, o relative to the centre (see sphere() in ray_closed3.c). */
static gjk_ray_outcome circle(gjk_vec2 o, gjk_vec2 u, gjk_real R, gjk_real tol, gjk_real *s, gjk_vec2 *n) {
    gjk_real oo = gjk_len_sq2(o), lim = R + tol;
    if (oo <= lim * lim) return GJK_RAY_INSIDE;
    gjk_real b = gjk_dot2(o, u);
    if (!(b < 0)) return GJK_RAY_MISS;
    gjk_vec2 q = gjk_mad2(o, -b, u);
    gjk_real disc = R * R - gjk_len_sq2(q);
    if (disc < 0) return GJK_RAY_MISS;
    gjk_real root = GJK_SQRT(disc);
    *s = (oo - R * R) / (root - b);
    *n = gjk_normalize2(gjk_mad2(q, -root, u));
    return GJK_RAY_HIT;
}

/* A capsule: the segment c +- hl a (a unit) rounded by R > 0, o relative to c. Its side is the slab within R of
   the axis line; a ray that enters the slab beyond an end (or starts in it beyond an end) meets the capsule first on
   that end's circle, if at all (the chord where the slab meets the end lies inside the circle). */
static gjk_ray_outcome capsule2(gjk_vec2 o, gjk_vec2 u, gjk_vec2 a, gjk_real hl, gjk_real R, gjk_real tol,
                               gjk_real *s, gjk_vec2 *n) {
    gjk_real oz = gjk_dot2(o, a), cz = oz < -hl ? -hl : (oz > hl ? hl : oz), lim = R + tol;
    if (gjk_len_sq2(gjk_mad2(o, -cz, a)) <= lim * lim) return GJK_RAY_INSIDE;
    gjk_vec2 side = gjk_perp2(a);
    gjk_real oy = gjk_dot2(o, side), uy = gjk_dot2(u, side);
    if (GJK_ABS(oy) <= R) return circle(gjk_mad2(o, oz > 0 ? -hl : hl, a), u, R, tol, s, n);
    if (oy < 0) {
        side = gjk_neg2(side);
        oy = -oy;
        uy = -uy;
    }
    if (!(uy < 0)) return GJK_RAY_MISS; /* not approaching the slab */
    gjk_real t = (oy - R) / -uy, z = oz + t * gjk_dot2(u, a);
    if (z > hl) return circle(gjk_mad2(o, -hl, a), u, R, tol, s, n);
    if (z < -hl) return circle(gjk_mad2(o, hl, a), u, R, tol, s, n);
    *s = t;
    *n = side;
    return GJK_RAY_HIT;
}

/* A box of half extents h rounded by m >= 0: the slabs of the box grown by m; an entry point beyond the core box
   on both axes is in a corner's region, where the rounded box is the corner's circle (the 2D case of Ericson,
   "Real-Time Collision Detection", 2005, 5.5.7). Exact. */
static gjk_ray_outcome box2(gjk_vec2 o, gjk_vec2 u, gjk_vec2 h, gjk_real m, gjk_real tol, gjk_real *s, gjk_vec2 *n) {
    gjk_vec2 e = gjk_v2(gjk_maxr(GJK_ABS(o.x) - h.x, 0), gjk_maxr(GJK_ABS(o.y) - h.y, 0));
    gjk_real lim = m + tol;
    if (gjk_len_sq2(e) <= lim * lim) return GJK_RAY_INSIDE;
    const gjk_real oc[2] = {o.x, o.y}, uc[2] = {u.x, u.y}, hc[2] = {h.x + m, h.y + m};
    gjk_real lo = -RAY_MAX, hi = RAY_MAX;
    int ax = -1;
    for (int i = 0; i < 2; ++i) {
        if (uc[i] == 0) {
            if (GJK_ABS(oc[i]) > hc[i]) return GJK_RAY_MISS;
            continue;
        }
        gjk_real inv = 1 / uc[i], t1 = (-hc[i] - oc[i]) * inv, t2 = (hc[i] - oc[i]) * inv;
        if (t1 > t2) {
            gjk_real t = t1;
            t1 = t2;
            t2 = t;
        }
        if (t1 > lo) lo = t1, ax = i;
        if (t2 < hi) hi = t2;
    }
    if (ax < 0 || lo > hi || hi < 0) return GJK_RAY_MISS;
    *s = gjk_maxr(lo, 0);
    *n = ax == 0 ? gjk_v2(u.x > 0 ? -1 : 1, 0) : gjk_v2(0, u.y > 0 ? -1 : 1);
    if (m == 0) return GJK_RAY_HIT;
    gjk_vec2 p = gjk_mad2(o, *s, u);
    if (!(GJK_ABS(p.x) > h.x && GJK_ABS(p.y) > h.y)) return GJK_RAY_HIT;
    gjk_vec2 corner = gjk_v2(GJK_COPYSIGN(h.x, p.x), GJK_COPYSIGN(h.y, p.y));
    gjk_ray_outcome r = circle(gjk_sub2(o, corner), u, m, tol, s, n);
    return r == GJK_RAY_INSIDE ? GJK_RAY_UNDECIDED : r; /* (inside the corner circle: rounding only) */
}

/* A polygon by its edge planes (Cyrus-Beck clipping, as in ray_closed3.c's hull()), after a bounding-circle test. An
   origin outside the planes by at most tol goes to GJK, which measures its Euclidean distance. */
static gjk_ray_outcome polygon(const gjk2_body *b, gjk_vec2 o, gjk_vec2 u, gjk_real tol, gjk_real *s, gjk_vec2 *n) {
    const gjk_hull2 *h = b->shape->polygon.hull;
    if (b->extent >= 0) { /* (a hull with a usable radius) */
        gjk_vec2 oc = gjk_sub2(o, h->centroid);
        gjk_real rb = h->radius + tol;
        if (gjk_len_sq2(oc) > rb * rb) {
            gjk_real d = gjk_dot2(oc, u);
            if (!(d < 0) || gjk_len_sq2(gjk_mad2(oc, -d, u)) > rb * rb) return GJK_RAY_MISS;
        }
    }
    const gjk_vec2 *v = b->verts, *nrm = b->normals;
    gjk_ray_clip c = gjk_ray_clip_start(RAY_MAX);
    for (int i = 0; i < b->count; ++i)
        if (gjk_ray_clip_plane(&c, gjk_dot2(nrm[i], gjk_sub2(o, v[i])), gjk_dot2(nrm[i], u), i, tol)) break;
    int edge = 0;
    gjk_ray_outcome out = gjk_ray_clip_end(&c, tol, s, &edge);
    if (out == GJK_RAY_HIT) *n = nrm[edge];
    return out;
}

gjk_ray_outcome gjk_ray2_closed(const gjk2_body *b, const gjk_ray_local2 *r, gjk_real *s, gjk_vec2 *n) {
    const gjk_real R = b->radius, tol = r->tol;
    switch (b->kind) {
    case GJK2_POINT: return R > 0 ? circle(gjk_sub2(r->o, b->p), r->u, R, tol, s, n) : GJK_RAY_UNDECIDED;
    case GJK2_SEGMENT: {
        if (!(R > 0)) return GJK_RAY_UNDECIDED;
        gjk_vec2 d = gjk_sub2(b->q, b->p), a = gjk_normalize2(d);
        gjk_real len = gjk_dot2(d, a);
        if (!(len > 0)) return circle(gjk_sub2(r->o, b->p), r->u, R, tol, s, n);
        gjk_vec2 c = gjk_scale2(gjk_add2(b->p, b->q), GJK_R(0.5));
        return capsule2(gjk_sub2(r->o, c), r->u, a, GJK_R(0.5) * len, R, tol, s, n);
    }
    case GJK2_BOX: return box2(r->o, r->u, b->p, R, tol, s, n);
    case GJK2_POLYGON:
        if (R > 0 || !b->normals) return GJK_RAY_UNDECIDED;
        return polygon(b, r->o, r->u, tol, s, n);
    case GJK2_USER: break;
    }
    return GJK_RAY_UNDECIDED;
}
