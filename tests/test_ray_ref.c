// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Long-double references for the ray-cast tests (see test_ray_ref.h). Written from the geometry of each shape: the
   signed distance of a box from its per-axis excess, of a capsule from the closest point of its segment, of a cylinder
   and a cone from the 2D section through the axis, of an ellipsoid from the Lagrange condition of the closest point
   (solved by bisection), of a hull from its face polygons. None of it shares code or method with the library's
   casts, which clip slabs and planes and solve quadratics (closed forms) or run GJK. */
#include "test_ray_ref.h"

#include <float.h>

const char *const ref_family_name[FAM_COUNT] = {"aimed",  "grazing", "from surface", "from inside",
                                                "zero",   "short",   "parallel",     "edge"};

/* ---- poses -------------------------------------------------------------------------------------------------- */

ref_pose3 ref_pose3_of(gjk_pose3 pose) {
    ld w = pose.rotation.w, x = pose.rotation.x, y = pose.rotation.y, z = pose.rotation.z;
    ld l = sqrtl(w * w + x * x + y * y + z * z);
    w /= l, x /= l, y /= l, z /= l;
    ref_pose3 f;
    f.m[0][0] = 1 - 2 * (y * y + z * z), f.m[0][1] = 2 * (x * y - w * z), f.m[0][2] = 2 * (x * z + w * y);
    f.m[1][0] = 2 * (x * y + w * z), f.m[1][1] = 1 - 2 * (x * x + z * z), f.m[1][2] = 2 * (y * z - w * x);
    f.m[2][0] = 2 * (x * z - w * y), f.m[2][1] = 2 * (y * z + w * x), f.m[2][2] = 1 - 2 * (x * x + y * y);
    f.p = lv3_of(pose.position);
    return f;
}
lv3 ref_to_local3(const ref_pose3 *f, lv3 world) {
    lv3 d = lv3_sub(world, f->p);
    return lv3_make(f->m[0][0] * d.x + f->m[1][0] * d.y + f->m[2][0] * d.z,
                    f->m[0][1] * d.x + f->m[1][1] * d.y + f->m[2][1] * d.z,
                    f->m[0][2] * d.x + f->m[1][2] * d.y + f->m[2][2] * d.z);
}
lv3 ref_dir_to_world3(const ref_pose3 *f, lv3 v) {
    return lv3_make(f->m[0][0] * v.x + f->m[0][1] * v.y + f->m[0][2] * v.z,
                    f->m[1][0] * v.x + f->m[1][1] * v.y + f->m[1][2] * v.z,
                    f->m[2][0] * v.x + f->m[2][1] * v.y + f->m[2][2] * v.z);
}
ref_pose2 ref_pose2_of(gjk_pose2 pose) {
    ld c = pose.rotation.c, s = pose.rotation.s, l = sqrtl(c * c + s * s);
    ref_pose2 f = {c / l, s / l, lv2_of(pose.position)};
    return f;
}
lv2 ref_to_local2(const ref_pose2 *f, lv2 world) {
    lv2 d = lv2_sub(world, f->p);
    return lv2_make(f->c * d.x + f->s * d.y, -f->s * d.x + f->c * d.y);
}
lv2 ref_dir_to_world2(const ref_pose2 *f, lv2 v) { return lv2_make(f->c * v.x - f->s * v.y, f->s * v.x + f->c * v.y); }

/* ---- 3D distances ----------------------------------------------------------------------------------------------- */

static ld clampl(ld x, ld lo, ld hi) { return x < lo ? lo : (x > hi ? hi : x); }

static lv3 seg_closest(lv3 p, lv3 a, lv3 b) {
    lv3 ab = lv3_sub(b, a);
    ld l2 = lv3_dot(ab, ab);
    if (!(l2 > 0)) return a;
    return lv3_mad(a, clampl(lv3_dot(lv3_sub(p, a), ab) / l2, 0, 1), ab);
}

/* A core distance d >= 0 with closest core point c, rounded by m: the shape's distance and closest point. */
static ld rounded(lv3 p, lv3 c, ld d, ld m, lv3 *closest) {
    if (closest) *closest = d > 0 ? lv3_mad(c, m / d, lv3_sub(p, c)) : p;
    return d - m;
}

/* Closest point of a convex polygon (vertices in order, normal n) to p. */
static lv3 polygon_closest(lv3 p, const lv3 *v, int k, lv3 n) {
    lv3 q = lv3_mad(p, -lv3_dot(lv3_sub(p, v[0]), n), n);
    bool in = true;
    for (int i = 0; i < k && in; ++i) in = lv3_dot(lv3_cross(lv3_sub(v[(i + 1) % k], v[i]), lv3_sub(q, v[i])), n) >= 0;
    if (in) return q;
    lv3 best = v[0];
    ld bd = LDBL_MAX;
    for (int i = 0; i < k; ++i) {
        lv3 c = seg_closest(p, v[i], v[(i + 1) % k]);
        ld d = lv3_len(lv3_sub(p, c));
        if (d < bd) bd = d, best = c;
    }
    return best;
}

static ld hull_sdf(const gjk_hull3 *h, lv3 p, lv3 *closest) {
    ld maxd = -LDBL_MAX;
    for (int f = 0; f < h->face_count; ++f) {
        ld d = lv3_dot(lv3_of(h->face_normals[f]), p) - (ld)h->face_offsets[f];
        if (d > maxd) maxd = d;
    }
    if (h->face_count > 0 && maxd <= 0) {
        if (closest) *closest = p;
        return maxd;
    }
    lv3 best = lv3_of(h->vertices[0]), v[512];
    ld bd = LDBL_MAX;
    for (int f = 0; f < h->face_count; ++f) {
        /* Only faces whose plane has p in front can hold the closest point: p - closest lies in the normal cone
           there, so some face through the closest point has p strictly in front of it. */
        if (!(lv3_dot(lv3_of(h->face_normals[f]), p) - (ld)h->face_offsets[f] > 0)) continue;
        int k = 0;
        for (int j = h->face_first[f]; j < h->face_first[f + 1] && k < 512; ++j) v[k++] = lv3_of(h->vertices[h->face_indices[j]]);
        lv3 c = polygon_closest(p, v, k, lv3_of(h->face_normals[f]));
        ld d = lv3_len(lv3_sub(p, c));
        if (d < bd) bd = d, best = c;
    }
    if (h->face_count == 0) { /* a segment or a point */
        best = h->vertex_count > 1 ? seg_closest(p, lv3_of(h->vertices[0]), lv3_of(h->vertices[1])) : best;
        bd = lv3_len(lv3_sub(p, best));
    }
    if (closest) *closest = best;
    return bd;
}

/* The closest point of an ellipsoid with radii r to an outside point p: x_i = r_i^2 p_i / (r_i^2 + t) with
   sum (x_i / r_i)^2 = 1, a decreasing function of t >= 0, by bisection. */
static lv3 ellipsoid_closest(lv3 p, lv3 r) {
    ld rr[3] = {r.x * r.x, r.y * r.y, r.z * r.z}, pp[3] = {p.x, p.y, p.z}, rv[3] = {r.x, r.y, r.z};
    ld lo = 0, hi = fmaxl(r.x, fmaxl(r.y, r.z)) * lv3_len(p) + 1e-30L;
    for (int it = 0; it < 400; ++it) {
        ld t = 0.5L * (lo + hi), f = -1;
        if (t == lo || t == hi) break; /* the bracket is down to adjacent long doubles */
        for (int i = 0; i < 3; ++i) f += (rv[i] * pp[i] / (rr[i] + t)) * (rv[i] * pp[i] / (rr[i] + t));
        if (f > 0) lo = t;
        else hi = t;
    }
    ld t = 0.5L * (lo + hi);
    return lv3_make(rr[0] * pp[0] / (rr[0] + t), rr[1] * pp[1] / (rr[1] + t), rr[2] * pp[2] / (rr[2] + t));
}

static lv2 seg2_closest(lv2 p, lv2 a, lv2 b) {
    lv2 ab = lv2_sub(b, a);
    ld l2 = lv2_dot(ab, ab);
    if (!(l2 > 0)) return a;
    return lv2_mad(a, clampl(lv2_dot(lv2_sub(p, a), ab) / l2, 0, 1), ab);
}

ld ref_sdf3(const gjk_shape3 *s, lv3 p, lv3 *closest) {
    const ld m = s->margin;
    lv3 o = lv3_make(0, 0, 0), c;
    switch (s->type) {
    case GJK_SHAPE3_POINT: return rounded(p, o, lv3_len(p), m, closest);
    case GJK_SHAPE3_SPHERE: return rounded(p, o, lv3_len(p), m + s->sphere.radius, closest);
    case GJK_SHAPE3_SEGMENT:
        c = seg_closest(p, lv3_of(s->segment.a), lv3_of(s->segment.b));
        return rounded(p, c, lv3_len(lv3_sub(p, c)), m, closest);
    case GJK_SHAPE3_CAPSULE: {
        ld h = s->capsule.half_height;
        c = seg_closest(p, lv3_make(0, 0, -h), lv3_make(0, 0, h));
        return rounded(p, c, lv3_len(lv3_sub(p, c)), m + s->capsule.radius, closest);
    }
    case GJK_SHAPE3_TRIANGLE: {
        lv3 v[3] = {lv3_of(s->triangle.a), lv3_of(s->triangle.b), lv3_of(s->triangle.c)};
        lv3 n = lv3_cross(lv3_sub(v[1], v[0]), lv3_sub(v[2], v[0]));
        ld nl = lv3_len(n);
        if (nl > 0) c = polygon_closest(p, v, 3, lv3_scale(n, 1 / nl));
        else c = seg_closest(p, v[0], v[1]); /* (not drawn by the tests) */
        return rounded(p, c, lv3_len(lv3_sub(p, c)), m, closest);
    }
    case GJK_SHAPE3_BOX: {
        lv3 h = lv3_of(s->box.half_extents);
        ld qx = fabsl(p.x) - h.x, qy = fabsl(p.y) - h.y, qz = fabsl(p.z) - h.z;
        ld in = fminl(fmaxl(qx, fmaxl(qy, qz)), 0);
        c = lv3_make(clampl(p.x, -h.x, h.x), clampl(p.y, -h.y, h.y), clampl(p.z, -h.z, h.z));
        return rounded(p, c, lv3_len(lv3_sub(p, c)), m, closest) + in;
    }
    case GJK_SHAPE3_CYLINDER: {
        ld r = s->cylinder.radius, h = s->cylinder.half_height, rho = sqrtl(p.x * p.x + p.y * p.y);
        ld dr = rho - r, dz = fabsl(p.z) - h, in = fminl(fmaxl(dr, dz), 0);
        ld k = rho > r ? r / rho : 1;
        c = lv3_make(p.x * k, p.y * k, clampl(p.z, -h, h));
        return rounded(p, c, lv3_len(lv3_sub(p, c)), m, closest) + in;
    }
    case GJK_SHAPE3_CONE: {
        /* The section through the axis: the triangle apex A = (0, h), rim B = (r, -h), base centre (0, -h); its
           boundary in the half-plane rho >= 0 is AB and BC (AC is the axis). */
        ld r = s->cone.radius, h = s->cone.half_height, rho = sqrtl(p.x * p.x + p.y * p.y);
        lv2 q = lv2_make(rho, p.z), A = lv2_make(0, h), B = lv2_make(r, -h), C = lv2_make(0, -h);
        lv2 c1 = seg2_closest(q, A, B), c2 = seg2_closest(q, B, C);
        ld d1 = lv2_len(lv2_sub(q, c1)), d2 = lv2_len(lv2_sub(q, c2));
        lv2 cc = d1 <= d2 ? c1 : c2;
        ld d = fminl(d1, d2);
        bool inside = p.z >= -h && p.z <= h && rho * 2 * h <= r * (h - p.z);
        ld ux = rho > 0 ? p.x / rho : 1, uy = rho > 0 ? p.y / rho : 0;
        c = lv3_make(cc.x * ux, cc.x * uy, cc.y);
        if (inside) {
            if (closest) *closest = p;
            return -d - m;
        }
        return rounded(p, c, d, m, closest);
    }
    case GJK_SHAPE3_ELLIPSOID: {
        lv3 r = lv3_of(s->ellipsoid.radii);
        ld k = sqrtl((p.x / r.x) * (p.x / r.x) + (p.y / r.y) * (p.y / r.y) + (p.z / r.z) * (p.z / r.z));
        if (k <= 1) { /* a stand-in of the right sign inside */
            if (closest) *closest = p;
            return (k - 1) * fminl(r.x, fminl(r.y, r.z)) - m;
        }
        c = ellipsoid_closest(p, r);
        return rounded(p, c, lv3_len(lv3_sub(p, c)), m, closest);
    }
    case GJK_SHAPE3_HULL: {
        ld d = hull_sdf(s->hull.hull, p, &c);
        if (d <= 0) {
            if (closest) *closest = p;
            return d - m;
        }
        return rounded(p, c, d, m, closest);
    }
    case GJK_SHAPE3_USER: {
        ld d = ref_sdf3((const gjk_shape3 *)s->user.data, p, &c);
        if (d <= 0) {
            if (closest) *closest = p;
            return d - m;
        }
        return rounded(p, c, d, m, closest);
    }
    default: break;
    }
    return 0;
}

gjk_vec3 ref_user_support3(gjk_vec3 d, const void *data) { return gjk_shape3_support((const gjk_shape3 *)data, d); }
gjk_vec2 ref_user_support2(gjk_vec2 d, const void *data) { return gjk_shape2_support((const gjk_shape2 *)data, d); }

/* ---- 2D distances ----------------------------------------------------------------------------------------------- */

static ld rounded2(lv2 p, lv2 c, ld d, ld m, lv2 *closest) {
    if (closest) *closest = d > 0 ? lv2_mad(c, m / d, lv2_sub(p, c)) : p;
    return d - m;
}

ld ref_sdf2(const gjk_shape2 *s, lv2 p, lv2 *closest) {
    const ld m = s->margin;
    lv2 c;
    switch (s->type) {
    case GJK_SHAPE2_POINT: return rounded2(p, lv2_make(0, 0), lv2_len(p), m, closest);
    case GJK_SHAPE2_CIRCLE: return rounded2(p, lv2_make(0, 0), lv2_len(p), m + s->circle.radius, closest);
    case GJK_SHAPE2_SEGMENT:
        c = seg2_closest(p, lv2_of(s->segment.a), lv2_of(s->segment.b));
        return rounded2(p, c, lv2_len(lv2_sub(p, c)), m, closest);
    case GJK_SHAPE2_CAPSULE: {
        ld h = s->capsule.half_height;
        c = seg2_closest(p, lv2_make(0, -h), lv2_make(0, h));
        return rounded2(p, c, lv2_len(lv2_sub(p, c)), m + s->capsule.radius, closest);
    }
    case GJK_SHAPE2_BOX: {
        lv2 h = lv2_of(s->box.half_extents);
        ld in = fminl(fmaxl(fabsl(p.x) - h.x, fabsl(p.y) - h.y), 0);
        c = lv2_make(clampl(p.x, -h.x, h.x), clampl(p.y, -h.y, h.y));
        return rounded2(p, c, lv2_len(lv2_sub(p, c)), m, closest) + in;
    }
    case GJK_SHAPE2_POLYGON: {
        const gjk_hull2 *h = s->polygon.hull;
        int n = h->vertex_count;
        if (n == 1) c = lv2_of(h->vertices[0]);
        else if (n == 2) c = seg2_closest(p, lv2_of(h->vertices[0]), lv2_of(h->vertices[1]));
        if (n <= 2) return rounded2(p, c, lv2_len(lv2_sub(p, c)), m, closest);
        ld maxd = -LDBL_MAX, bd = LDBL_MAX;
        for (int i = 0; i < n; ++i) {
            lv2 a = lv2_of(h->vertices[i]), b = lv2_of(h->vertices[(i + 1) % n]), e = lv2_sub(b, a);
            /* outward normal of a counter-clockwise edge: (e.y, -e.x) */
            maxd = fmaxl(maxd, (e.y * (p.x - a.x) - e.x * (p.y - a.y)) / lv2_len(e));
            lv2 q = seg2_closest(p, a, b);
            ld d = lv2_len(lv2_sub(p, q));
            if (d < bd) bd = d, c = q;
        }
        if (maxd <= 0) {
            if (closest) *closest = p;
            return maxd - m;
        }
        return rounded2(p, c, bd, m, closest);
    }
    case GJK_SHAPE2_USER: {
        ld d = ref_sdf2((const gjk_shape2 *)s->user.data, p, &c);
        if (d <= 0) {
            if (closest) *closest = p;
            return d - m;
        }
        return rounded2(p, c, d, m, closest);
    }
    default: break;
    }
    return 0;
}

/* ---- first hit ----------------------------------------------------------------------------------------------- */

ld ref_first_root(ref_fn *f, const void *ctx, ld tmax, ld *fmin) {
    ld f0 = f(0, ctx);
    *fmin = f0;
    if (f0 <= 0) return 0;
    /* Golden-section search for the minimum of the convex f on [0, tmax]. */
    const ld g = (sqrtl(5.0L) - 1) / 2;
    ld a = 0, b = tmax, c = b - g * (b - a), d = a + g * (b - a), fc = f(c, ctx), fd = f(d, ctx);
    for (int it = 0; it < 160 && c != d; ++it) { /* until the two probes meet in long double */
        if (fc <= fd) {
            b = d, d = c, fd = fc, c = b - g * (b - a), fc = f(c, ctx);
        } else {
            a = c, c = d, fc = fd, d = a + g * (b - a), fd = f(d, ctx);
        }
    }
    ld tm = 0.5L * (a + b), fm = f(tm, ctx), fe = f(tmax, ctx);
    if (fe < fm) tm = tmax, fm = fe;
    *fmin = fm;
    if (fm > 0) return -1;
    ld lo = 0, hi = tm; /* f(lo) > 0 >= f(hi): bisect */
    for (int it = 0; it < 160; ++it) {
        ld mid = 0.5L * (lo + hi);
        if (mid == lo || mid == hi) break; /* adjacent long doubles */
        if (f(mid, ctx) > 0) lo = mid;
        else hi = mid;
    }
    return hi;
}

lv3 ref_ray3_local(const ref_ray3 *r, ld t) {
    ref_pose3 at_zero = r->pose;
    at_zero.p = lv3_make(0, 0, 0);
    return ref_to_local3(&at_zero, lv3_mad(lv3_sub(r->o, r->pose.p), t, r->d));
}
lv2 ref_ray2_local(const ref_ray2 *r, ld t) {
    ref_pose2 at_zero = r->pose;
    at_zero.p = lv2_make(0, 0);
    return ref_to_local2(&at_zero, lv2_mad(lv2_sub(r->o, r->pose.p), t, r->d));
}
ld ref_ray3_sdf(ld t, const void *ctx) {
    const ref_ray3 *r = ctx;
    return ref_sdf3(r->shape, ref_ray3_local(r, t), NULL);
}
ld ref_ray2_sdf(ld t, const void *ctx) {
    const ref_ray2 *r = ctx;
    return ref_sdf2(r->shape, ref_ray2_local(r, t), NULL);
}

/* ---- bounds and ray families ---------------------------------------------------------------------------------- */

void ref_bounds3(const gjk_shape3 *s, gjk_vec3 *centre, gjk_real *radius) {
    gjk_vec3 hi = gjk_v3(gjk_shape3_support(s, gjk_v3(1, 0, 0)).x, gjk_shape3_support(s, gjk_v3(0, 1, 0)).y,
                         gjk_shape3_support(s, gjk_v3(0, 0, 1)).z);
    gjk_vec3 lo = gjk_v3(gjk_shape3_support(s, gjk_v3(-1, 0, 0)).x, gjk_shape3_support(s, gjk_v3(0, -1, 0)).y,
                         gjk_shape3_support(s, gjk_v3(0, 0, -1)).z);
    *centre = gjk_scale3(gjk_add3(hi, lo), GJK_R(0.5));
    *radius = GJK_R(0.5) * gjk_len3(gjk_sub3(hi, lo));
}
void ref_bounds2(const gjk_shape2 *s, gjk_vec2 *centre, gjk_real *radius) {
    gjk_vec2 hi = gjk_v2(gjk_shape2_support(s, gjk_v2(1, 0)).x, gjk_shape2_support(s, gjk_v2(0, 1)).y);
    gjk_vec2 lo = gjk_v2(gjk_shape2_support(s, gjk_v2(-1, 0)).x, gjk_shape2_support(s, gjk_v2(0, -1)).y);
    *centre = gjk_scale2(gjk_add2(hi, lo), GJK_R(0.5));
    *radius = GJK_R(0.5) * gjk_len2(gjk_sub2(hi, lo));
}

static gjk_real unif(test_rng *r, double lo, double hi) { return (gjk_real)test_uniform(r, lo, hi); }
static gjk_vec3 perp3(test_rng *r, gjk_vec3 n) {
    gjk_vec3 t = test_unit3(r);
    return gjk_normalize3(gjk_mad3(t, -gjk_dot3(t, n), n));
}
static gjk_real offset_of(test_rng *r, gjk_real radius) {
    static const double k[5] = {0, 1e-7, -1e-7, 1e-3, -1e-3};
    return (gjk_real)(k[test_next(r) % 5] * radius);
}

void ref_family3(test_rng *rng, int fam, const gjk_shape3 *s, gjk_vec3 *o, gjk_vec3 *d, gjk_real *mf) {
    gjk_vec3 c;
    gjk_real r;
    ref_bounds3(s, &c, &r);
    *mf = 1;
    gjk_vec3 dir = test_unit3(rng);
    if (fam == FAM_PARALLEL && s->type == GJK_SHAPE3_BOX) {
        int ax = (int)(test_next(rng) % 3);
        gjk_real sg = test_next(rng) % 2 ? 1 : -1, h[3] = {s->box.half_extents.x, s->box.half_extents.y,
                                                            s->box.half_extents.z};
        gjk_real p[3] = {unif(rng, -1, 1) * h[0], unif(rng, -1, 1) * h[1], unif(rng, -1, 1) * h[2]};
        p[ax] = sg * (h[ax] + s->margin) + offset_of(rng, r);
        gjk_vec3 n = gjk_v3(ax == 0, ax == 1, ax == 2);
        *d = gjk_scale3(perp3(rng, n), 4 * r);
        *o = gjk_mad3(gjk_v3(p[0], p[1], p[2]), GJK_R(-0.5), *d);
        return;
    }
    if (fam == FAM_PARALLEL && s->type == GJK_SHAPE3_HULL && s->hull.hull->face_count > 0) {
        const gjk_hull3 *h = s->hull.hull;
        int f = (int)(test_next(rng) % (uint64_t)h->face_count), k = 0;
        gjk_vec3 fc = gjk_v3(0, 0, 0), n = h->face_normals[f];
        for (int j = h->face_first[f]; j < h->face_first[f + 1]; ++j, ++k) fc = gjk_add3(fc, h->vertices[h->face_indices[j]]);
        fc = gjk_scale3(fc, 1 / (gjk_real)k);
        fc = gjk_mad3(fc, s->margin + offset_of(rng, r), n);
        *d = gjk_scale3(perp3(rng, n), 4 * r);
        *o = gjk_mad3(fc, GJK_R(-0.5), *d);
        return;
    }
    if (fam == FAM_PARALLEL && s->type == GJK_SHAPE3_CYLINDER) {
        gjk_real sg = test_next(rng) % 2 ? 1 : -1, a = unif(rng, 0, 6.283), q = unif(rng, 0, 0.9);
        gjk_vec3 p = gjk_v3(q * s->cylinder.radius * GJK_COS(a), q * s->cylinder.radius * GJK_SIN(a),
                            sg * (s->cylinder.half_height + s->margin) + offset_of(rng, r));
        *d = gjk_scale3(perp3(rng, gjk_v3(0, 0, 1)), 4 * r);
        *o = gjk_mad3(p, GJK_R(-0.5), *d);
        return;
    }
    if (fam == FAM_EDGE && s->type == GJK_SHAPE3_BOX) {
        gjk_vec3 h = s->box.half_extents;
        gjk_vec3 p = gjk_v3(test_next(rng) % 2 ? h.x : -h.x, test_next(rng) % 2 ? h.y : -h.y,
                            test_next(rng) % 2 ? h.z : -h.z);
        int ax = (int)(test_next(rng) % 4); /* 3: a corner */
        if (ax == 0) p.x = unif(rng, -1, 1) * h.x;
        if (ax == 1) p.y = unif(rng, -1, 1) * h.y;
        if (ax == 2) p.z = unif(rng, -1, 1) * h.z;
        *o = gjk_mad3(p, unif(rng, 1, 3) * r, dir);
        *d = gjk_scale3(gjk_sub3(p, *o), unif(rng, 1.05, 2));
        return;
    }
    if (fam == FAM_EDGE && s->type == GJK_SHAPE3_HULL) {
        const gjk_hull3 *h = s->hull.hull;
        gjk_vec3 p = h->vertices[test_next(rng) % (uint64_t)h->vertex_count];
        *o = gjk_mad3(p, unif(rng, 1, 3) * r, dir);
        *d = gjk_scale3(gjk_sub3(p, *o), unif(rng, 1.05, 2));
        return;
    }
    switch (fam) {
    case FAM_GRAZE:
    case FAM_PARALLEL: {
        gjk_vec3 sp = gjk_shape3_support(s, dir), t = perp3(rng, dir);
        *d = gjk_scale3(t, 4 * r);
        *o = gjk_mad3(gjk_mad3(sp, offset_of(rng, r), dir), GJK_R(-0.5), *d);
        return;
    }
    case FAM_SURFACE:
        *o = gjk_shape3_support(s, dir);
        *d = gjk_scale3(test_unit3(rng), unif(rng, 0.5, 3) * r);
        return;
    case FAM_INSIDE:
        *o = gjk_mad3(c, unif(rng, 0, 0.05) * r, dir);
        *d = gjk_scale3(test_unit3(rng), unif(rng, 0.5, 3) * r);
        return;
    case FAM_ZERO:
        *o = gjk_mad3(c, unif(rng, 0, 1.5) * r, dir);
        *d = gjk_v3(0, 0, 0);
        return;
    case FAM_EDGE: {
        gjk_vec3 p = gjk_shape3_support(s, test_unit3(rng));
        *o = gjk_mad3(p, unif(rng, 1, 3) * r, dir);
        *d = gjk_scale3(gjk_sub3(p, *o), unif(rng, 1.05, 2));
        return;
    }
    default: break;
    }
    *o = gjk_mad3(c, unif(rng, 1.5, 4) * r, dir);
    gjk_vec3 target = gjk_mad3(c, unif(rng, 0, 1.1) * r, test_unit3(rng));
    *d = gjk_scale3(gjk_sub3(target, *o), unif(rng, 0.6, 1.6));
    if (fam == FAM_SHORT) *mf = unif(rng, 0, 1);
}

static gjk_vec2 unit2(test_rng *r) {
    gjk_real a = unif(r, 0, 6.283185307179586);
    return gjk_v2(GJK_COS(a), GJK_SIN(a));
}

void ref_family2(test_rng *rng, int fam, const gjk_shape2 *s, gjk_vec2 *o, gjk_vec2 *d, gjk_real *mf) {
    gjk_vec2 c;
    gjk_real r;
    ref_bounds2(s, &c, &r);
    *mf = 1;
    gjk_vec2 dir = unit2(rng);
    if (fam == FAM_PARALLEL && (s->type == GJK_SHAPE2_BOX || s->type == GJK_SHAPE2_POLYGON)) {
        /* Along an edge: a box side or a polygon edge, in its line or just off it. */
        gjk_vec2 a, b, n;
        if (s->type == GJK_SHAPE2_BOX) {
            gjk_vec2 h = s->box.half_extents;
            static const gjk_real sx[4] = {1, -1, -1, 1}, sy[4] = {1, 1, -1, -1};
            int k = (int)(test_next(rng) % 4);
            a = gjk_v2(sx[k] * h.x, sy[k] * h.y);
            b = gjk_v2(sx[(k + 1) % 4] * h.x, sy[(k + 1) % 4] * h.y);
        } else {
            const gjk_hull2 *h = s->polygon.hull;
            int k = (int)(test_next(rng) % (uint64_t)h->vertex_count);
            a = h->vertices[k];
            b = h->vertices[(k + 1) % h->vertex_count];
        }
        n = gjk_normalize2(gjk_v2(b.y - a.y, a.x - b.x));
        gjk_vec2 p = gjk_mad2(gjk_scale2(gjk_add2(a, b), GJK_R(0.5)), s->margin + offset_of(rng, r), n);
        *d = gjk_scale2(gjk_perp2(n), (test_next(rng) % 2 ? 4 : -4) * r);
        *o = gjk_mad2(p, GJK_R(-0.5), *d);
        return;
    }
    if (fam == FAM_EDGE && (s->type == GJK_SHAPE2_BOX || s->type == GJK_SHAPE2_POLYGON)) {
        gjk_vec2 p;
        if (s->type == GJK_SHAPE2_BOX)
            p = gjk_v2(test_next(rng) % 2 ? s->box.half_extents.x : -s->box.half_extents.x,
                       test_next(rng) % 2 ? s->box.half_extents.y : -s->box.half_extents.y);
        else
            p = s->polygon.hull->vertices[test_next(rng) % (uint64_t)s->polygon.hull->vertex_count];
        *o = gjk_mad2(p, unif(rng, 1, 3) * r, dir);
        *d = gjk_scale2(gjk_sub2(p, *o), unif(rng, 1.05, 2));
        return;
    }
    switch (fam) {
    case FAM_GRAZE:
    case FAM_PARALLEL: {
        gjk_vec2 sp = gjk_shape2_support(s, dir);
        *d = gjk_scale2(gjk_perp2(dir), (test_next(rng) % 2 ? 4 : -4) * r);
        *o = gjk_mad2(gjk_mad2(sp, offset_of(rng, r), dir), GJK_R(-0.5), *d);
        return;
    }
    case FAM_SURFACE:
        *o = gjk_shape2_support(s, dir);
        *d = gjk_scale2(unit2(rng), unif(rng, 0.5, 3) * r);
        return;
    case FAM_INSIDE:
        *o = gjk_mad2(c, unif(rng, 0, 0.05) * r, dir);
        *d = gjk_scale2(unit2(rng), unif(rng, 0.5, 3) * r);
        return;
    case FAM_ZERO:
        *o = gjk_mad2(c, unif(rng, 0, 1.5) * r, dir);
        *d = gjk_v2(0, 0);
        return;
    case FAM_EDGE: {
        gjk_vec2 p = gjk_shape2_support(s, unit2(rng));
        *o = gjk_mad2(p, unif(rng, 1, 3) * r, dir);
        *d = gjk_scale2(gjk_sub2(p, *o), unif(rng, 1.05, 2));
        return;
    }
    default: break;
    }
    *o = gjk_mad2(c, unif(rng, 1.5, 4) * r, dir);
    gjk_vec2 target = gjk_mad2(c, unif(rng, 0, 1.1) * r, unit2(rng));
    *d = gjk_scale2(gjk_sub2(target, *o), unif(rng, 0.6, 1.6));
    if (fam == FAM_SHORT) *mf = unif(rng, 0, 1);
}
