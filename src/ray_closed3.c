// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Closed forms of the 3D ray cast, in the shape's local frame: spheres (and rounded points), capsules (and rounded
   segments), boxes (plain and rounded), cylinders, ellipsoids and hulls (by their face planes). Everything else,
   and every case a closed form cannot settle, goes to the GJK ray cast (ray_gjk3.c) as GJK_RAY_UNDECIDED.

   Each form first decides whether the origin is inside the shape or within the touching band `tol` of it, from the
   exact distance (or, for hulls and ellipsoids, from a bound that hands the band itself to GJK), then finds the
   first hit of a ray from outside. The numerical hazards (docs/numerics.md, "Closed forms"):
   - quadratics: the root nearest the origin is c / (-b + sqrt(disc)) (no cancellation when the origin is near the
     surface), and the discriminant comes from the foot of the perpendicular from the centre, |q|^2, computed as a
     vector (Haines, Guenther, Akenine-Moller, "Precision Improvements for Ray/Sphere Intersection", Ray Tracing
     Gems, 2019, ch. 7): b^2 - a c loses every digit for a ray from far away;
   - slabs: Kay and Kajiya's slab method ("Ray tracing complex scenes", SIGGRAPH 1986) with the direction's components
     below the smallest normal number flushed to zero by the caller, so 1 / u is finite and (h - o) / u is never 0 * inf
     (Williams, Barrus, Morley, Shirley, "An Efficient and Robust Ray-Box Intersection Algorithm", JGT 10(1), 2005, rely
     on IEEE infinities instead, which gives NaN for an origin on a slab plane);
   - a direction with a radial part whose square underflows (nearly along a capsule's or cylinder's axis) is left to
     GJK rather than divided by. */
#include "ray_internal.h"

#define RAY_MAX GJK_REAL_MAX

/* The first hit of a sphere of radius R centred at the local origin, o relative to the centre. */
static gjk_ray_outcome sphere(gjk_vec3 o, gjk_vec3 u, gjk_real R, gjk_real tol, gjk_real *s, gjk_vec3 *n) {
    gjk_real oo = gjk_len_sq3(o), lim = R + tol;
    if (oo <= lim * lim) return GJK_RAY_INSIDE;
    gjk_real b = gjk_dot3(o, u);
    if (!(b < 0)) return GJK_RAY_MISS; /* outside and not approaching (or a zero direction) */
    gjk_vec3 q = gjk_mad3(o, -b, u);    /* the foot of the perpendicular from the centre */
    gjk_real disc = R * R - gjk_len_sq3(q);
    if (disc < 0) return GJK_RAY_MISS;
    gjk_real root = GJK_SQRT(disc);
    *s = (oo - R * R) / (root - b);
    /* The hit point relative to the centre, from the foot (no second cancellation of o against s u). */
    *n = gjk_normalize3(gjk_mad3(q, -root, u));
    return GJK_RAY_HIT;
}

/* A capsule: the segment c +- hl a (a unit) rounded by R > 0, with o relative to c. The side is the infinite
   cylinder about the axis; a ray that meets it beyond an end (or starts within R of the axis line beyond an end)
   can only meet the capsule on that end's sphere: the disc where the cylinder meets the end lies inside the sphere,
   so the ray cannot reach the side without passing through it. */
static gjk_ray_outcome capsule(gjk_vec3 o, gjk_vec3 u, gjk_vec3 a, gjk_real hl, gjk_real R, gjk_real tol,
                               gjk_real *s, gjk_vec3 *n) {
    gjk_real oz = gjk_dot3(o, a), cz = oz < -hl ? -hl : (oz > hl ? hl : oz), lim = R + tol;
    if (gjk_len_sq3(gjk_mad3(o, -cz, a)) <= lim * lim) return GJK_RAY_INSIDE;
    gjk_vec3 op = gjk_mad3(o, -oz, a);
    gjk_real c = gjk_len_sq3(op) - R * R;
    if (c <= 0) return sphere(gjk_mad3(o, oz > 0 ? -hl : hl, a), u, R, tol, s, n);
    gjk_real uz = gjk_dot3(u, a);
    gjk_vec3 up = gjk_mad3(u, -uz, a);
    gjk_real aa = gjk_len_sq3(up), b = gjk_dot3(op, up);
    if (!(b < 0)) return GJK_RAY_MISS; /* radially outside and not approaching the axis */
    if (!(aa >= GJK_REAL_TINY2)) return GJK_RAY_UNDECIDED;
    gjk_vec3 q = gjk_mad3(op, -b / aa, up); /* the foot of the perpendicular from the axis, across it */
    gjk_real disc = R * R - gjk_len_sq3(q);
    if (disc < 0) return GJK_RAY_MISS;
    gjk_real t = c / (GJK_SQRT(aa * disc) - b), z = oz + t * uz;
    if (z > hl) return sphere(gjk_mad3(o, -hl, a), u, R, tol, s, n);
    if (z < -hl) return sphere(gjk_mad3(o, hl, a), u, R, tol, s, n);
    *s = t;
    *n = gjk_normalize3(gjk_mad3(q, -GJK_SQRT(disc / aa), up));
    return GJK_RAY_HIT;
}

/* Slabs |x_i| <= h_i: the entering distance and the axis it came from (-1 for no entering slab). */
static gjk_ray_outcome slabs(gjk_vec3 o, gjk_vec3 u, gjk_vec3 h, gjk_real *s, int *axis) {
    const gjk_real oc[3] = {o.x, o.y, o.z}, uc[3] = {u.x, u.y, u.z}, hc[3] = {h.x, h.y, h.z};
    gjk_real lo = -RAY_MAX, hi = RAY_MAX;
    int ax = -1;
    for (int i = 0; i < 3; ++i) {
        if (uc[i] == 0) {
            if (GJK_ABS(oc[i]) > hc[i]) return GJK_RAY_MISS; /* parallel to the slab and outside it */
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
    *axis = ax;
    return GJK_RAY_HIT;
}

static gjk_real comp(gjk_vec3 v, int i) { return i == 0 ? v.x : (i == 1 ? v.y : v.z); }
static gjk_vec3 unit_axis(int i, gjk_real sign) {
    return gjk_v3(i == 0 ? sign : 0, i == 1 ? sign : 0, i == 2 ? sign : 0);
}

/* A box of half extents h rounded by m >= 0. Rounded: the slabs of the box grown by m give the entry point p; where
   p lies beyond the core box on one axis only, p is on a flat face of the rounded box (its distance to the core is
   m) and is the hit. Beyond it on two axes p is in an edge's region, and the first hit is that of the capsule
   around the edge; on three axes, the first of the three capsules through the corner (the argument of Ericson,
   "Real-Time Collision Detection", 2005, 5.5.7, for a moving sphere against a box: within the grown box the rounded
   box and the union of those capsules have the same boundary before the ray leaves the region). Exact. */
static gjk_ray_outcome box(gjk_vec3 o, gjk_vec3 u, gjk_vec3 h, gjk_real m, gjk_real tol, gjk_real *s, gjk_vec3 *n) {
    gjk_vec3 e = gjk_v3(gjk_maxr(GJK_ABS(o.x) - h.x, 0), gjk_maxr(GJK_ABS(o.y) - h.y, 0),
                        gjk_maxr(GJK_ABS(o.z) - h.z, 0));
    gjk_real lim = m + tol;
    if (gjk_len_sq3(e) <= lim * lim) return GJK_RAY_INSIDE;
    gjk_real t;
    int ax;
    if (slabs(o, u, gjk_v3(h.x + m, h.y + m, h.z + m), &t, &ax) == GJK_RAY_MISS) return GJK_RAY_MISS;
    *s = t;
    *n = unit_axis(ax, comp(u, ax) > 0 ? -1 : 1);
    if (m == 0) return GJK_RAY_HIT;
    gjk_vec3 p = gjk_mad3(o, t, u);
    bool out[3];
    int count = 0;
    for (int i = 0; i < 3; ++i) {
        out[i] = GJK_ABS(comp(p, i)) > comp(h, i);
        count += out[i];
    }
    if (count <= 1) return GJK_RAY_HIT;
    gjk_vec3 corner = gjk_v3(GJK_COPYSIGN(h.x, p.x), GJK_COPYSIGN(h.y, p.y), GJK_COPYSIGN(h.z, p.z));
    gjk_real best = RAY_MAX;
    for (int k = 0; k < 3; ++k) {
        if (count == 2 && out[k]) continue; /* an edge region: only the edge along the axis p is within */
        gjk_vec3 c = gjk_v3(k == 0 ? 0 : corner.x, k == 1 ? 0 : corner.y, k == 2 ? 0 : corner.z), nk;
        gjk_real sk;
        gjk_ray_outcome r = capsule(gjk_sub3(o, c), u, unit_axis(k, 1), comp(h, k), m, tol, &sk, &nk);
        if (r == GJK_RAY_INSIDE || r == GJK_RAY_UNDECIDED) return GJK_RAY_UNDECIDED; /* (rounding only) */
        if (r == GJK_RAY_HIT && sk < best) best = sk, *n = nk;
    }
    if (best == RAY_MAX) return GJK_RAY_MISS;
    *s = best;
    return GJK_RAY_HIT;
}

/* A cylinder of radius r about local z, |z| <= hh: the slab of the caps and the infinite side, intersected. */
static gjk_ray_outcome cylinder(gjk_vec3 o, gjk_vec3 u, gjk_real r, gjk_real hh, gjk_real tol, gjk_real *s,
                                gjk_vec3 *n) {
    gjk_real rr = o.x * o.x + o.y * o.y;
    gjk_real dr = gjk_maxr(GJK_SQRT(rr) - r, 0), dz = gjk_maxr(GJK_ABS(o.z) - hh, 0);
    if (dr * dr + dz * dz <= tol * tol) return GJK_RAY_INSIDE;
    gjk_real lo = -RAY_MAX, hi = RAY_MAX;
    bool cap = false;
    if (u.z == 0) {
        if (GJK_ABS(o.z) > hh) return GJK_RAY_MISS;
    } else {
        gjk_real inv = 1 / u.z, t1 = (-hh - o.z) * inv, t2 = (hh - o.z) * inv;
        lo = gjk_minr(t1, t2);
        hi = gjk_maxr(t1, t2);
        cap = true;
    }
    gjk_real a = u.x * u.x + u.y * u.y, b = o.x * u.x + o.y * u.y, c = rr - r * r;
    gjk_real qx = 0, qy = 0, back = 0;
    if (c > 0) {
        if (!(b < 0)) return GJK_RAY_MISS;
        if (!(a >= GJK_REAL_TINY2)) return GJK_RAY_UNDECIDED;
        qx = o.x - b / a * u.x;
        qy = o.y - b / a * u.y;
        gjk_real disc = r * r - (qx * qx + qy * qy);
        if (disc < 0) return GJK_RAY_MISS;
        gjk_real root = GJK_SQRT(a * disc), t_in = c / (root - b);
        back = GJK_SQRT(disc / a);
        if (t_in > lo) lo = t_in, cap = false;
        hi = gjk_minr(hi, (root - b) / a);
    } else if (a >= GJK_REAL_TINY2) {
        /* Within the side already: only its exit matters (the far root, written without cancellation). */
        gjk_real root = GJK_SQRT(b * b - a * c);
        hi = gjk_minr(hi, b > 0 ? -c / (b + root) : (root - b) / a);
    } else if (a > 0) {
        return GJK_RAY_UNDECIDED; /* nearly along the axis: the exit is too far out to compute */
    }
    if (lo > hi || hi < 0) return GJK_RAY_MISS;
    if (lo == -RAY_MAX) return GJK_RAY_UNDECIDED; /* no entering surface: inside by rounding only */
    *s = gjk_maxr(lo, 0);
    if (cap) *n = gjk_v3(0, 0, u.z > 0 ? -1 : 1);
    else *n = gjk_normalize3(gjk_v3(qx - back * u.x, qy - back * u.y, 0));
    return GJK_RAY_HIT;
}

/* Distance from q to the segment a..b in the plane. */
static gjk_real seg_dist2(gjk_real qx, gjk_real qy, gjk_real ax, gjk_real ay, gjk_real bx, gjk_real by) {
    gjk_real ex = bx - ax, ey = by - ay, t = ((qx - ax) * ex + (qy - ay) * ey) / (ex * ex + ey * ey);
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
    gjk_real dx = qx - ax - t * ex, dy = qy - ay - t * ey;
    return GJK_SQRT(dx * dx + dy * dy);
}

/* A cone: apex (0, 0, h), base disc of radius r at z = -h. The solid is the half-space z >= -h intersected with K =
   {rho <= k (h - z)}, k = r / 2h; along the ray, g(s) = rho(s) - k (h - z(s)) is convex, so K's part of the ray is the
   interval between the roots of g on the lower nappe (rho^2 = k^2 (h - z)^2 with h - z >= 0; roots on the upper nappe
   are spurious). GJK converges only linearly near the apex, where the supports alternate between the apex and rim
   points (1% of the rays grazing a cone hit its iteration cap), so cones get their own form. Accuracy
   (docs/numerics.md, "Closed forms"): the quadratic is homogeneous in the offset from the apex, so it is solved from
   the ray's point nearest the apex (from the origin, a ray passing 1e-8 of the size from the apex loses the whole
   discriminant and misses a cone it enters by 4e-12), and its side root is polished by Newton's method on g from the
   point itself. The distance for the touching band comes from the section through the axis: the triangle apex, rim,
   base centre, whose boundary is the side and the base. */
static gjk_ray_outcome cone(gjk_vec3 o, gjk_vec3 u, gjk_real r, gjk_real h, gjk_real tol, gjk_real *s, gjk_vec3 *n) {
    const gjk_real k = r / (2 * h);
    gjk_real rho = GJK_SQRT(o.x * o.x + o.y * o.y);
    if (o.z >= -h && rho <= k * (h - o.z)) return GJK_RAY_INSIDE;
    gjk_real d = gjk_minr(seg_dist2(rho, o.z, 0, h, r, -h), seg_dist2(rho, o.z, r, -h, 0, -h));
    if (d <= tol) return GJK_RAY_INSIDE;
    /* From here o is the ray's point nearest the apex, and distances are from it (sf: where it is). */
    gjk_vec3 apex = gjk_v3(0, 0, h);
    gjk_real sf = -gjk_dot3(gjk_sub3(o, apex), u);
    o = gjk_mad3(o, sf, u);
    gjk_real al = k * (h - o.z), be = -k * u.z; /* k (h - z(t)) = al + be t */
    gjk_real a = u.x * u.x + u.y * u.y - be * be, b = o.x * u.x + o.y * u.y - al * be;
    rho = GJK_SQRT(o.x * o.x + o.y * o.y);
    gjk_real c = (rho - al) * (rho + al), disc = b * b - a * c;
    gjk_real lo = -RAY_MAX, hi = RAY_MAX;
    if (disc < 0) {
        if (c > 0) return GJK_RAY_MISS;
        return GJK_RAY_UNDECIDED; /* (no line lies in a pointed cone: rounding) */
    }
    gjk_real q = -(b + GJK_COPYSIGN(GJK_SQRT(disc), b));
    if (q == 0) {
        /* Through the apex. A direction outside the cone's aperture (a >= 0) meets the cone there only: a touching
           hit. Inside it the line runs through the lower nappe: entering at the apex when going down, leaving
           there when going up (taking that for every upward line would make a float ray that only grazes the
           apex, rounded onto it, enter through the base 1.96 before it). */
        if (a >= 0) lo = hi = 0;
        else if (u.z < 0) lo = 0;
        else hi = 0;
    } else {
        gjk_real roots[2] = {q / a, c / q}, root = 0;
        int valid = 0;
        for (int i = 0; i < 2; ++i) {
            if (!(GJK_ABS(roots[i]) <= RAY_MAX) || al + be * roots[i] < 0) continue; /* (q / 0 when a = 0) */
            if (valid) lo = gjk_minr(root, roots[i]), hi = gjk_maxr(root, roots[i]);
            root = roots[i];
            ++valid;
        }
        if (valid == 1) {
            /* One crossing of the lower nappe: entering K there when the ray goes against the side's normal
               (x / rho, y / rho, k) at it; the apex itself (rho 0) has +z among its normals. */
            gjk_vec3 p = gjk_mad3(o, root, u);
            gjk_real pr = GJK_SQRT(p.x * p.x + p.y * p.y);
            gjk_real dn = pr > 0 ? (p.x * u.x + p.y * u.y) / pr + k * u.z : u.z;
            if (dn < 0) lo = root;
            else hi = root;
        } else if (valid == 0) {
            return rho > al ? GJK_RAY_MISS : GJK_RAY_UNDECIDED;
        }
    }
    bool base = false;
    if (u.z == 0) {
        if (o.z < -h) return GJK_RAY_MISS;
    } else {
        gjk_real t = (-h - o.z) / u.z;
        if (u.z > 0 && t > lo) lo = t, base = true;
        if (u.z < 0) hi = gjk_minr(hi, t);
    }
    if (lo > hi || hi < -sf) return GJK_RAY_MISS;
    /* The origin is outside, so an entry at or before it is the quadratic's rounding (a ray within 1e-8 of
       tangency in float can lose the discriminant and come out entering behind the origin): GJK decides. */
    if (lo <= -sf) return GJK_RAY_UNDECIDED;
    /* Polish a side root by Newton's method on g, computed from the point itself. g is convex, so a step from
       either side of the root lands at or before it, and from before it the steps approach monotonically: the
       answer is never past the surface. */
    for (int i = 0; i < 3 && !base; ++i) {
        gjk_vec3 p = gjk_mad3(o, lo, u);
        gjk_real pr = GJK_SQRT(p.x * p.x + p.y * p.y);
        gjk_real g = pr - k * (h - p.z), gd = pr > 0 ? (p.x * u.x + p.y * u.y) / pr + k * u.z : 0;
        if (!(gd < 0)) break;
        gjk_real next = lo - g / gd;
        if (next == lo) break;
        lo = next;
    }
    lo = gjk_maxr(lo, -sf);
    *s = sf + lo;
    if (base) {
        *n = gjk_v3(0, 0, -1);
    } else {
        gjk_vec3 p = gjk_mad3(o, lo, u);
        gjk_real pr = GJK_SQRT(p.x * p.x + p.y * p.y);
        *n = pr > 0 ? gjk_normalize3(gjk_v3(p.x / pr, p.y / pr, k)) : gjk_v3(0, 0, 1);
    }
    return GJK_RAY_HIT;
}

/* An ellipsoid with radii r: the unit sphere in coordinates x / r. The direction is scaled by r / max(r) instead of
   r so that its squared length stays near 1 (the distance s is then sigma * max(r)). Whether an origin just outside
   is within the touching band needs the Euclidean distance, which has no closed form: such origins (first-order
   distance estimate below 4 tol) go to GJK. */
static gjk_ray_outcome ellipsoid(gjk_vec3 o, gjk_vec3 u, gjk_vec3 r, gjk_real tol, gjk_real *s, gjk_vec3 *n) {
    gjk_real k = gjk_maxr(r.x, gjk_maxr(r.y, r.z));
    gjk_vec3 rn = gjk_v3(r.x / k, r.y / k, r.z / k);
    gjk_vec3 O = gjk_v3(o.x / r.x, o.y / r.y, o.z / r.z), U = gjk_v3(u.x / rn.x, u.y / rn.y, u.z / rn.z);
    gjk_real oo = gjk_len_sq3(O);
    if (oo <= 1) return GJK_RAY_INSIDE;
    /* f = |O|^2 - 1 over |grad f| = 2 |O / r|: the distance to first order. */
    gjk_vec3 g = gjk_v3(O.x / r.x, O.y / r.y, O.z / r.z);
    gjk_real est = (oo - 1) / (2 * gjk_len3(g));
    if (!(est > 4 * tol)) return GJK_RAY_UNDECIDED;
    gjk_real A = gjk_len_sq3(U), B = gjk_dot3(O, U);
    if (!(B < 0)) return GJK_RAY_MISS;
    if (!(A >= 1 && A <= RAY_MAX)) return GJK_RAY_UNDECIDED; /* (radii 1e300 apart) */
    gjk_vec3 Q = gjk_mad3(O, -B / A, U);
    gjk_real disc = 1 - gjk_len_sq3(Q);
    if (disc < 0) return GJK_RAY_MISS;
    gjk_real root = GJK_SQRT(A * disc), sigma = (oo - 1) / (root - B);
    *s = sigma * k;
    /* The normal is the gradient P / r at the hit P on the unit sphere; P / rn has its direction. */
    gjk_vec3 P = gjk_mad3(Q, -root / A, U);
    *n = gjk_normalize3(gjk_v3(P.x / rn.x, P.y / rn.y, P.z / rn.z));
    if (!gjk_finite(*s) || gjk_len_sq3(*n) == 0) return GJK_RAY_UNDECIDED;
    return GJK_RAY_HIT;
}

/* A solid hull by its face planes n . x <= d (Cyrus and Beck, "Generalized two- and three-dimensional clipping",
   Computers & Graphics 3(1), 1978; Box2D's b2RayCastPolygon in 2D; gjk_ray_clip in ray_internal.h), the hit's
   normal its entering plane's. A bounding-sphere test first rejects most misses in a few flops. An origin outside
   the planes by at most tol goes to GJK. */
static gjk_ray_outcome hull(const gjk_hull3 *h, gjk_vec3 o, gjk_vec3 u, gjk_real tol, gjk_real *s, gjk_vec3 *n) {
    gjk_vec3 oc = gjk_sub3(o, h->centroid);
    gjk_real rb = h->radius + tol, occ = gjk_len_sq3(oc);
    if (occ > rb * rb) {
        gjk_real b = gjk_dot3(oc, u);
        if (!(b < 0) || gjk_len_sq3(gjk_mad3(oc, -b, u)) > rb * rb) return GJK_RAY_MISS;
    }
    const gjk_vec3 *nf = h->face_normals;
    const gjk_real *df = h->face_offsets;
    gjk_ray_clip c = gjk_ray_clip_start(RAY_MAX);
    for (int f = 0; f < h->face_count; ++f)
        if (gjk_ray_clip_plane(&c, gjk_dot3(nf[f], o) - df[f], gjk_dot3(nf[f], u), f, tol)) break;
    int face = 0;
    gjk_ray_outcome out = gjk_ray_clip_end(&c, tol, s, &face);
    if (out == GJK_RAY_HIT) *n = nf[face];
    return out;
}

/* Hulls with more faces than this are cast by GJK: its hill-climbing supports cost a few dot products each, while
   the planes cost two per face (a measured crossover). */
#define HULL_PLANES_MAX 128

bool gjk_ray3_hull_normal(const gjk_shape3 *sh, gjk_vec3 x, gjk_vec3 *n) {
    const gjk_hull3 *h = sh->hull.hull;
    if (sh->type != GJK_SHAPE3_HULL || sh->margin > 0 || h->dimension != 3 || h->face_count < 4 ||
        h->face_count > HULL_PLANES_MAX || !h->face_normals || !h->face_offsets)
        return false;
    int best = 0;
    gjk_real bd = -RAY_MAX;
    for (int f = 0; f < h->face_count; ++f) {
        gjk_real d = gjk_dot3(h->face_normals[f], x) - h->face_offsets[f];
        if (d > bd) bd = d, best = f;
    }
    *n = h->face_normals[best];
    return true;
}

gjk_ray_outcome gjk_ray3_closed(const gjk_shape3 *sh, const gjk_ray_local3 *r, gjk_real *s, gjk_vec3 *n) {
    const gjk_real m = sh->margin, tol = r->tol;
    switch (sh->type) {
    case GJK_SHAPE3_SPHERE: return sphere(r->o, r->u, sh->sphere.radius + m, tol, s, n);
    case GJK_SHAPE3_POINT: return m > 0 ? sphere(r->o, r->u, m, tol, s, n) : GJK_RAY_UNDECIDED;
    case GJK_SHAPE3_CAPSULE: {
        gjk_real R = sh->capsule.radius + m;
        if (!(R > 0)) return GJK_RAY_UNDECIDED; /* a bare segment (or point) */
        return capsule(r->o, r->u, gjk_v3(0, 0, 1), sh->capsule.half_height, R, tol, s, n);
    }
    case GJK_SHAPE3_SEGMENT: {
        if (!(m > 0)) return GJK_RAY_UNDECIDED;
        gjk_vec3 d = gjk_sub3(sh->segment.b, sh->segment.a), a = gjk_normalize3(d);
        gjk_real len = gjk_dot3(d, a);
        if (!(len > 0)) return sphere(gjk_sub3(r->o, sh->segment.a), r->u, m, tol, s, n);
        gjk_vec3 c = gjk_scale3(gjk_add3(sh->segment.a, sh->segment.b), GJK_R(0.5));
        return capsule(gjk_sub3(r->o, c), r->u, a, GJK_R(0.5) * len, m, tol, s, n);
    }
    case GJK_SHAPE3_BOX: return box(r->o, r->u, sh->box.half_extents, m, tol, s, n);
    case GJK_SHAPE3_CYLINDER:
        if (m > 0) return GJK_RAY_UNDECIDED; /* the rounded rim is a torus: GJK */
        return cylinder(r->o, r->u, sh->cylinder.radius, sh->cylinder.half_height, tol, s, n);
    case GJK_SHAPE3_CONE:
        if (m > 0) return GJK_RAY_UNDECIDED;
        return cone(r->o, r->u, sh->cone.radius, sh->cone.half_height, tol, s, n);
    case GJK_SHAPE3_ELLIPSOID:
        if (m > 0) return GJK_RAY_UNDECIDED;
        return ellipsoid(r->o, r->u, sh->ellipsoid.radii, tol, s, n);
    case GJK_SHAPE3_HULL: {
        const gjk_hull3 *h = sh->hull.hull;
        if (m > 0 || h->dimension != 3 || h->face_count < 4 || h->face_count > HULL_PLANES_MAX ||
            !h->face_normals || !h->face_offsets)
            return GJK_RAY_UNDECIDED;
        return hull(h, r->o, r->u, tol, s, n);
    }
    default: return GJK_RAY_UNDECIDED;
    }
}

static gjk_real l1_norm3(gjk_vec3 v) { return GJK_ABS(v.x) + GJK_ABS(v.y) + GJK_ABS(v.z); }

gjk_real gjk_ray3_core_bound(const gjk_shape3 *sh) {
    switch (sh->type) {
    case GJK_SHAPE3_SEGMENT: return gjk_maxr(l1_norm3(sh->segment.a), l1_norm3(sh->segment.b));
    case GJK_SHAPE3_TRIANGLE:
        return gjk_maxr(l1_norm3(sh->triangle.a), gjk_maxr(l1_norm3(sh->triangle.b), l1_norm3(sh->triangle.c)));
    case GJK_SHAPE3_BOX: return l1_norm3(sh->box.half_extents);
    case GJK_SHAPE3_CAPSULE: return sh->capsule.half_height;
    case GJK_SHAPE3_CYLINDER:
    case GJK_SHAPE3_CONE: return GJK_R(1.5) * sh->cylinder.radius + sh->cylinder.half_height;
    case GJK_SHAPE3_ELLIPSOID: return l1_norm3(sh->ellipsoid.radii);
    case GJK_SHAPE3_HULL: return l1_norm3(sh->hull.hull->centroid) + GJK_R(1.75) * sh->hull.hull->radius;
    default: return 0;
    }
}
