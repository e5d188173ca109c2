// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Ray casts in 2D (gjk/ray.h): input checks, the change to the shape's local frame, the closed forms first
   (ray_closed2.c), and the GJK ray cast for rounded polygons, bare points and segments and user shapes. The
   algorithm, its radius handling and its termination are those of ray_gjk3.c (van den Bergen 2004), with the 2D
   simplex: the closest point of a segment or triangle to the origin by signed lengths and areas (Montanari et al.
   2017, as in gjk2.c), always over every sub-simplex, since once x has moved the origin need not lie beyond the
   old simplex as seen from the newest point. */
#include <float.h>
#include <string.h>

#include "ray_internal.h"

#if GJK_USE_FLOAT
#define RAY_REAL_MIN FLT_MIN
#else
#define RAY_REAL_MIN DBL_MIN
#endif

static gjk_real l1_norm2(gjk_vec2 v) { return GJK_ABS(v.x) + GJK_ABS(v.y); }

typedef struct cast2 {
    gjk2_body body;
    gjk_ray_local2 ray;
    gjk_real smax, R, size, far; /* as in ray3.c */
    bool bad;
} cast2;

static gjk_vec2 core_support2(cast2 *c, gjk_vec2 d) {
    gjk_vec2 p = gjk2_local_support(&c->body, d);
    if (c->body.kind != GJK2_USER) return p;
    if (!gjk_bounded2(p)) {
        c->bad = true;
        return gjk_v2(0, 0);
    }
    c->size = gjk_maxr(c->size, l1_norm2(p) + c->R);
    return p;
}

/* The simplex: core points a[i] and w[i] = x - a[i]. */
typedef struct simplex2 {
    gjk_vec2 a[3], w[3];
    int count;
} simplex2;

/* Closest point of segment w[i] .. w[j] to the origin: which end points it needs (*keep: 1 or 2 indices). */
static gjk_vec2 segment_closest(const simplex2 *s, int i, int j, int *keep, int *k0, int *k1) {
    gjk_vec2 p = s->w[i], q = s->w[j], e = gjk_sub2(q, p);
    gjk_real lq = -gjk_dot2(p, e), lp = gjk_dot2(q, e);
    if (!(lq > 0)) {
        *keep = 1, *k0 = i;
        return p;
    }
    if (!(lp > 0)) {
        *keep = 1, *k0 = j;
        return q;
    }
    *keep = 2, *k0 = i, *k1 = j;
    gjk_real k = 1 / (lp + lq);
    return gjk_add2(gjk_scale2(p, lp * k), gjk_scale2(q, lq * k));
}

static gjk_vec2 closest2(simplex2 *s) {
    int keep = 1, k0 = 0, k1 = 0;
    gjk_vec2 v = s->w[0];
    if (s->count == 2) {
        v = segment_closest(s, 0, 1, &keep, &k0, &k1);
    } else if (s->count == 3) {
        gjk_real c[3] = {gjk_cross2(s->w[1], s->w[2]), gjk_cross2(s->w[2], s->w[0]), gjk_cross2(s->w[0], s->w[1])};
        gjk_real area = c[0] + c[1] + c[2];
        if (c[0] * area > 0 && c[1] * area > 0 && c[2] * area > 0) return gjk_v2(0, 0); /* inside: keep all */
        /* The closest point lies on an edge the origin is beyond (the sub-area opposite has the wrong sign); a flat
           triangle tries all three. */
        gjk_real best = GJK_REAL_MAX;
        for (int i = 0; i < 3; ++i) {
            if (area != 0 && c[i] * area > 0) continue;
            int kk, a0, a1 = 0;
            gjk_vec2 e = segment_closest(s, (i + 1) % 3, (i + 2) % 3, &kk, &a0, &a1);
            gjk_real d = gjk_len_sq2(e);
            if (d < best) best = d, v = e, keep = kk, k0 = a0, k1 = a1;
        }
    }
    simplex2 t = *s;
    s->count = keep;
    s->a[0] = t.a[k0], s->w[0] = t.w[k0];
    if (keep == 2) s->a[1] = t.a[k1], s->w[1] = t.w[k1];
    return v;
}

/* The GJK ray cast (ray_gjk3.c in 2D). */
static gjk_ray_outcome gjk_cast_2d(cast2 *c, const gjk_shape2 *shape, gjk_real *ps, gjk_vec2 *pn, int *iters,
                                gjk_status *status) {
    const gjk_vec2 o = c->ray.o, u = c->ray.u;
    const gjk_real R = c->R;
    const gjk_real gap_rel = c->body.kind == GJK2_USER ? GJK2_TOL_REL : 0;
    simplex2 s;
    s.count = 0;
    gjk_vec2 centre = c->body.centre;
    if (c->body.kind == GJK2_USER) {
        centre = gjk2_user_centre(shape);
        if (!gjk_bounded2(centre)) c->bad = true;
    }
    gjk_vec2 x = o, n = gjk_v2(0, 0), v = gjk_sub2(x, centre);
    gjk_real lambda = 0;
    bool moved = false, stalled = false;
    int it = 0;
    *status = GJK_OK;
    while (!c->bad) {
        gjk_real vv = gjk_len_sq2(v);
        gjk_real band = moved ? GJK2_TOL_TOUCH * c->size + 16 * GJK_REAL_EPSILON * c->far
                              : GJK2_TOL_TOUCH * gjk_maxr(c->far, c->size);
        gjk_real lim = R + band;
        if (vv <= lim * lim && (!moved || !(R > 0))) break; /* (see ray_gjk3.c) */
        if (it >= GJK_RAY_MAX_ITERATIONS) {
            *status = GJK_MAX_ITERATIONS;
            break;
        }
        ++it;
        gjk_vec2 p = core_support2(c, v);
        gjk_real vl = GJK_SQRT(vv), vw = gjk_dot2(v, gjk_sub2(x, p));
        bool known = false;
        for (int i = 0; i < s.count; ++i) known = known || (s.a[i].x == p.x && s.a[i].y == p.y);
        /* Converged (gap closed, support known, or stalled): see ray_gjk3.c. */
        if (!(vw > (moved ? R : lim) * vl)) {
            gjk_real floor = 8 * GJK_REAL_EPSILON * gjk_maxr(l1_norm2(x), c->size) * vl;
            if (vv - vw <= gap_rel * vv + floor || known || stalled) {
                if (moved) {
                    if (!(gjk_dot2(v, u) < 0) && vw > 0) return GJK_RAY_MISS;
                    break;
                }
                vw = vv;
            }
        }
        bool advanced = false;
        if (vw > (moved ? R : lim) * vl) {
            gjk_real vu = gjk_dot2(v, u);
            if (!(vu < 0)) return GJK_RAY_MISS;
            gjk_real next = lambda + (vw - R * vl) / -vu;
            if (!(next <= c->smax)) return GJK_RAY_MISS;
            if (next == lambda) break;
            lambda = next;
            x = gjk_mad2(o, lambda, u);
            n = v;
            moved = advanced = true;
            for (int i = 0; i < s.count; ++i) s.w[i] = gjk_sub2(x, s.a[i]);
        }
        bool first = s.count == 0;
        if (!known) {
            s.a[s.count] = p;
            s.w[s.count] = gjk_sub2(x, p);
            ++s.count;
        }
        v = closest2(&s);
        stalled = !advanced && !first && !(gjk_len_sq2(v) < vv);
    }
    *iters = it;
    if (c->bad) return GJK_RAY_MISS;
    if (!moved) return GJK_RAY_INSIDE;
    *ps = lambda;
    *pn = gjk_normalize2(R > 0 && gjk_len_sq2(v) > 0 ? v : n);
    return GJK_RAY_HIT;
}

static gjk_ray_result2 zero_ray2(gjk_status status) {
    gjk_ray_result2 r;
    memset(&r, 0, sizeof r);
    r.status = status;
    return r;
}

/* Polygons and boxes without margin, the commonest 2D ray casts (Box2D's b2RayCastPolygon is the yardstick):
   Cyrus-Beck clipping (gjk_ray_clip) in the ray's own fraction units, with no normalisation and no body set-up;
   the distances to the edge lines stay in length units (the normals are unit), so the touching band is the general
   path's. False, with *out untouched, for what it does not settle: other shapes, hand-made hulls without normals,
   and an origin outside the edges by at most the band (the general path's GJK measures its Euclidean distance). */
static bool polygon_fast(const gjk_shape2 *shape, gjk_rot2 q, gjk_vec2 pos, const gjk_ray2 *ray,
                         gjk_ray_result2 *out) {
    static const gjk_vec2 box_normals[4] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
    const gjk_vec2 *v, *nr;
    gjk_vec2 corners[4];
    int count;
    gjk_real size;
    if (shape->margin != 0) return false;
    if (shape->type == GJK_SHAPE2_BOX) {
        gjk_real x = shape->box.half_extents.x, y = shape->box.half_extents.y;
        if (!(x > 0 && y > 0 && x <= GJK_MAX_COORD && y <= GJK_MAX_COORD)) return false;
        corners[0] = gjk_v2(-x, -y);
        corners[1] = gjk_v2(x, -y);
        corners[2] = gjk_v2(x, y);
        corners[3] = gjk_v2(-x, y);
        v = corners;
        nr = box_normals;
        count = 4;
        size = x + y;
    } else if (shape->type == GJK_SHAPE2_POLYGON) {
        const gjk_hull2 *h = shape->polygon.hull;
        if (!h || h->dimension != 2 || h->vertex_count < 3 || h->vertex_count > GJK_HULL_MAX_POINTS || !h->vertices ||
            !h->normals || !(h->radius >= 0 && h->radius <= GJK_MAX_COORD) || !gjk_bounded2(h->centroid))
            return false;
        v = h->vertices;
        nr = h->normals;
        count = h->vertex_count;
        size = gjk2_norm1(h->centroid) + GJK_R(1.5) * h->radius; /* (as gjk2_body_init's extent) */
    } else {
        return false;
    }
    gjk_vec2 o = gjk_inv_rotate2(q, gjk_sub2(ray->origin, pos)), d = gjk_inv_rotate2(q, ray->translation);
    const gjk_real band = GJK2_TOL_TOUCH * gjk_maxr(gjk2_norm1(o), size);
    /* The segment t in [0, max_fraction], in the ray's own fraction units. */
    gjk_ray_clip c = gjk_ray_clip_start(ray->max_fraction);
    for (int i = 0; i < count && !gjk_ray_clip_missed(&c, band); ++i)
        gjk_ray_clip_plane(&c, gjk_dot2(nr[i], gjk_sub2(o, v[i])), gjk_dot2(nr[i], d), i);
    gjk_real t = 0;
    int edge = 0;
    gjk_ray_outcome hit = gjk_ray_clip_end(&c, band, &t, &edge);
    if (hit == GJK_RAY_UNDECIDED) return false; /* outside, but within the band: GJK measures it */
    *out = zero_ray2(GJK_OK);
    if (hit == GJK_RAY_INSIDE) {
        out->hit = out->inside = true;
        out->point = ray->origin;
        out->normal = gjk_neg2(gjk_normalize2(ray->translation));
    } else if (hit == GJK_RAY_HIT) {
        out->hit = true;
        out->fraction = t;
        out->point = gjk_mad2(ray->origin, t, ray->translation);
        out->normal = gjk_rotate2(q, nr[edge]);
        if (!gjk_finite(out->point.x + out->point.y)) *out = zero_ray2(GJK_DEGENERATE);
    }
    return true;
}

gjk_ray_result2 gjk_raycast2(const gjk_shape2 *shape, gjk_pose2 pose, const gjk_ray2 *ray) {
    cast2 c;
    gjk_rot2 q;
    if (!ray || !shape || !gjk2_unit_rotation(pose.rotation, &q) || !gjk_bounded2(pose.position) ||
        !gjk_bounded2(ray->origin) || !gjk_bounded2(ray->translation) ||
        !(ray->max_fraction >= 0 && ray->max_fraction <= GJK_REAL_MAX))
        return zero_ray2(GJK_INVALID_INPUT);
    gjk_ray_result2 fast;
    if (polygon_fast(shape, q, pose.position, ray, &fast)) return fast;
    if (!gjk2_body_init(&c.body, shape)) return zero_ray2(GJK_INVALID_INPUT);
    c.bad = false;
    c.R = c.body.radius;
    gjk_vec2 uw = gjk_normalize2(ray->translation);
    gjk_real len = gjk_dot2(uw, ray->translation);
    c.ray.o = gjk_inv_rotate2(q, gjk_sub2(ray->origin, pose.position));
    c.ray.u = gjk_inv_rotate2(q, uw);
    if (GJK_ABS(c.ray.u.x) < RAY_REAL_MIN) c.ray.u.x = 0;
    if (GJK_ABS(c.ray.u.y) < RAY_REAL_MIN) c.ray.u.y = 0;
    /* The body's extent bounds |x| + |y| of its core points (-1: unknown, a user shape or a hull with a bad radius;
       its support points are bounded by GJK_MAX_COORD). */
    bool known = c.body.extent >= 0;
    gjk_real bound = known ? c.body.extent : 0;
    c.far = l1_norm2(c.ray.o);
    c.size = bound + c.R;
    c.ray.tol = GJK2_TOL_TOUCH * gjk_maxr(c.far, c.size);
    gjk_real reach = (c.far + (known ? bound : 2 * GJK_MAX_COORD) + c.R + c.ray.tol) * GJK_R(1.0625);
    c.smax = gjk_minr(ray->max_fraction * len, reach);

    gjk_real s = 0;
    gjk_vec2 n = gjk_v2(0, 0);
    int iters = 0;
    gjk_status status = GJK_OK;
    gjk_ray_outcome out = gjk_ray2_closed(&c.body, &c.ray, &s, &n);
    /* A zero normal from a radius whose square underflows: GJK decides, and the way back stands in last (ray3.c). */
    if (out == GJK_RAY_HIT && !(gjk_len_sq2(n) > 0)) out = GJK_RAY_UNDECIDED;
    if (out == GJK_RAY_UNDECIDED) out = gjk_cast_2d(&c, shape, &s, &n, &iters, &status);
    if (out == GJK_RAY_HIT && !(gjk_len_sq2(n) > 0)) n = gjk_neg2(c.ray.u);
    if (c.bad) return zero_ray2(GJK_INVALID_INPUT);
    gjk_ray_result2 r = zero_ray2(status);
    r.iterations = iters;
    if (out == GJK_RAY_INSIDE) {
        r.hit = r.inside = true;
        r.point = ray->origin;
        r.normal = gjk_neg2(uw);
        return r;
    }
    if (out != GJK_RAY_HIT || !(s <= c.smax) || !(len > 0)) return r;
    r.hit = true;
    r.fraction = gjk_minr(s / len, ray->max_fraction);
    r.point = gjk_mad2(ray->origin, r.fraction, ray->translation);
    r.normal = gjk_rotate2(q, n);
    if (!gjk_finite(r.fraction + r.point.x + r.point.y + r.normal.x + r.normal.y)) {
        r = zero_ray2(GJK_DEGENERATE);
        r.iterations = iters;
    }
    return r;
}
