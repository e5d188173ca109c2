// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Ray casts in 2D (gjk/ray.h): input checks, the change to the shape's local frame, the closed forms first
   (ray_closed2.c), and the GJK ray cast (ray_gjk2.c) for rounded polygons, bare points and segments and user
   shapes, with the tolerances of ray3.c. */
#include <float.h>
#include <string.h>

#include "ray_internal.h"
#include "rescale.h"

#if GJK_USE_FLOAT
#define RAY_REAL_MIN FLT_MIN
#else
#define RAY_REAL_MIN DBL_MIN
#endif

static gjk_real l1_norm2(gjk_vec2 v) { return GJK_ABS(v.x) + GJK_ABS(v.y); }

/* The ray's view of the shape, for the kernel's support function. */
typedef struct ray_body2 {
    gjk2_body body;
} ray_body2;

/* The core's support point (b = 0: the body point is a); a user shape's answer is checked as the queries check
   it, and grows the kernel's size. */
static void ray_support2(gjk_ray_gjk2 *k, gjk_vec2 d, gjk2_vertex *out) {
    ray_body2 *rb = (ray_body2 *)k->data;
    gjk_vec2 p = gjk2_local_support(&rb->body, d);
    if (rb->body.kind == GJK2_USER) {
        if (!gjk_bounded2(p)) {
            k->bad = true;
            p = gjk_v2(0, 0);
        }
        k->size = gjk_maxr(k->size, l1_norm2(p) + k->R);
    }
    out->a = p;
    out->b = gjk_v2(0, 0);
}

/* The GJK ray cast (ray_gjk2.c) on the ray set up in k, with the queries' bands (see ray3.c). */
static gjk_ray_outcome gjk_cast_2d(gjk_ray_gjk2 *k, ray_body2 *rb, const gjk_shape2 *shape, gjk_real *ps,
                                   gjk_vec2 *pn, int *iters, gjk_status *status) {
    gjk_vec2 centre = rb->body.centre;
    if (rb->body.kind == GJK2_USER) {
        centre = gjk2_user_centre(shape);
        if (!gjk_bounded2(centre)) {
            k->bad = true;
            return GJK_RAY_MISS;
        }
    }
    k->gap_rel = rb->body.kind == GJK2_USER ? GJK_TOL_REL : 0;
    k->touch = GJK_TOL_TOUCH;
    k->tol = k->noise = 0;
    k->max_iterations = GJK_RAY_MAX_ITERATIONS;
    k->refine = true;
    gjk_ray_outcome out = gjk_ray_gjk2_run(k, gjk_sub2(k->o, centre));
    *iters = k->iterations;
    *status = k->capped ? GJK_MAX_ITERATIONS : GJK_OK;
    if (out != GJK_RAY_HIT) return out;
    *ps = k->lambda;
    *pn = gjk_normalize2(k->R > 0 && gjk_len_sq2(k->v) > 0 ? k->v : k->n);
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
static bool polygon_fast(const gjk_shape2 *shape, gjk_pose2 pose, const gjk_ray2 *ray, gjk_ray_result2 *out) {
    static const gjk_vec2 box_normals[4] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
    const gjk_vec2 *v, *nr;
    gjk_vec2 corners[4];
    int count;
    gjk_real size;
    const gjk_rot2 q = pose.rotation;
    const gjk_vec2 pos = pose.position;
    /* The input checks of gjk_raycast2 for the common case, in a few comparisons: a unit rotation (as
       gjk2_unit_rotation takes it as it is) and a usable max_fraction here, the coordinates' bound below, on the
       ray in the local frame. Anything else goes to the general path, which checks each. */
    if (!ray || !shape || shape->margin != 0) return false;
    if (!(GJK_ABS(q.c * q.c + q.s * q.s - 1) <= GJK_R(4.0) * GJK_REAL_EPSILON && ray->max_fraction >= 0 &&
          ray->max_fraction <= GJK_REAL_MAX))
        return false;
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
            !h->normals)
            return false;
        size = gjk2_norm1(h->centroid) + GJK_R(1.5) * h->radius; /* (as gjk2_body_init's extent) */
        /* The centroid and the radius bounded (and no NaN) in one comparison of their sum. */
        if (!(h->radius >= 0 && size <= GJK_MAX_COORD)) return false;
        v = h->vertices;
        nr = h->normals;
        count = h->vertex_count;
    } else {
        return false;
    }
    gjk_vec2 o = gjk_inv_rotate2(q, gjk_sub2(ray->origin, pos)), d = gjk_inv_rotate2(q, ray->translation);
    const gjk_real far = gjk2_norm1(o);
    /* Every coordinate of the pose and the ray within GJK_MAX_COORD, from the 1-norm the band takes anyway: o and d
       are origin - pos and the translation turned by a unit rotation, which keeps their 2-norms, and a 1-norm is at
       least the 2-norm, so |pos|_1 + |o|_1 + |d|_1 bounds every coordinate of pos, origin and translation (half the
       limit: room for the rounding of o and d). A NaN or an infinity anywhere fails the comparison. */
    if (!(l1_norm2(pos) + far + l1_norm2(d) <= GJK_R(0.5) * GJK_MAX_COORD)) return false;
    const gjk_real band = GJK_TOL_TOUCH * gjk_maxr(far, size);
    /* Beyond 4 vertices, the bounding circle first (about half the rays of a scene pass a polygon by, most of them
       outside its circle; a quadrilateral fills too little of its circle to pay for the test): an origin outside it
       by more than the band whose line stays farther than that from its centre misses; cross(oc, d)^2 > rb^2 |d|^2 is
       that test without a division (an overflow to infinity on the left is a far line, a miss; on both sides, no
       decision). */
    if (count > 4) {
        const gjk_hull2 *h = shape->polygon.hull;
        gjk_vec2 oc = gjk_sub2(o, h->centroid);
        gjk_real rb = h->radius + band, rr = rb * rb;
        if (gjk_len_sq2(oc) > rr) {
            gjk_real cr = gjk_cross2(oc, d);
            if (!(gjk_dot2(oc, d) < 0) || cr * cr > rr * gjk_len_sq2(d)) {
                *out = zero_ray2(GJK_OK);
                return true;
            }
        }
    }
    /* The segment t in [0, max_fraction], in the ray's own fraction units. */
    gjk_ray_clip c = gjk_ray_clip_start(ray->max_fraction);
    for (int i = 0; i < count; ++i)
        if (gjk_ray_clip_plane(&c, gjk_dot2(nr[i], gjk_sub2(o, v[i])), gjk_dot2(nr[i], d), i, band)) break;
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

/* Every other ray cast, and the polygons' that the fast path leaves: the input checked item by item, the closed
   forms, then GJK. */
static gjk_ray_result2 raycast2_general(const gjk_shape2 *shape, gjk_pose2 pose, const gjk_ray2 *ray) {
    gjk_ray_gjk2 k;
    ray_body2 rb;
    gjk_ray_local2 lr;
    gjk_rot2 q;
    if (!gjk_ray2_valid(ray) || !shape || !gjk2_unit_rotation(pose.rotation, &q) || !gjk_bounded2(pose.position))
        return zero_ray2(GJK_INVALID_INPUT);
    if (!gjk2_body_init(&rb.body, shape)) return zero_ray2(GJK_INVALID_INPUT);
    k.support = ray_support2;
    k.data = &rb;
    k.bad = false;
    k.R = rb.body.radius;
    gjk_vec2 uw = gjk_normalize2(ray->translation);
    gjk_real len = gjk_dot2(uw, ray->translation);
    lr.o = gjk_inv_rotate2(q, gjk_sub2(ray->origin, pose.position));
    lr.u = gjk_inv_rotate2(q, uw);
    if (GJK_ABS(lr.u.x) < RAY_REAL_MIN) lr.u.x = 0;
    if (GJK_ABS(lr.u.y) < RAY_REAL_MIN) lr.u.y = 0;
    k.o = lr.o;
    k.u = lr.u;
    /* The body's extent bounds |x| + |y| of its core points (-1: unknown, a user shape or a hull with a bad radius;
       its support points are bounded by GJK_MAX_COORD). */
    bool known = rb.body.extent >= 0;
    gjk_real bound = known ? rb.body.extent : 0, far = l1_norm2(lr.o);
    k.size = bound + k.R;
    lr.tol = GJK_TOL_TOUCH * gjk_maxr(far, k.size);
    gjk_real reach = (far + (known ? bound : 2 * GJK_MAX_COORD) + k.R + lr.tol) * GJK_R(1.0625);
    k.smax = gjk_minr(ray->max_fraction * len, reach);

    gjk_real s = 0;
    gjk_vec2 n = gjk_v2(0, 0);
    int iters = 0;
    gjk_status status = GJK_OK;
    gjk_ray_outcome out = gjk_ray2_closed(&rb.body, &lr, &s, &n);
    /* A zero normal from a radius whose square underflows: GJK decides, and the way back stands in last (ray3.c). */
    if (out == GJK_RAY_HIT && !(gjk_len_sq2(n) > 0)) out = GJK_RAY_UNDECIDED;
    if (out == GJK_RAY_UNDECIDED) out = gjk_cast_2d(&k, &rb, shape, &s, &n, &iters, &status);
    if (out == GJK_RAY_HIT && !(gjk_len_sq2(n) > 0)) n = gjk_neg2(lr.u);
    if (k.bad) return zero_ray2(GJK_INVALID_INPUT);
    gjk_ray_result2 r = zero_ray2(status);
    r.iterations = iters;
    if (out == GJK_RAY_INSIDE) {
        r.hit = r.inside = true;
        r.point = ray->origin;
        r.normal = gjk_neg2(uw);
        return r;
    }
    if (out != GJK_RAY_HIT || !(s <= k.smax) || !(len > 0)) return r;
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

gjk_ray_result2 gjk_raycast2(const gjk_shape2 *shape, gjk_pose2 pose, const gjk_ray2 *ray) {
    gjk_ray_result2 r;
    if (gjk_rescale2_raycast(shape, pose, ray, &r)) return r; /* (outside the comfortable scale range: rescale.h) */
    if (polygon_fast(shape, pose, ray, &r)) return r;
    return raycast2_general(shape, pose, ray);
}
