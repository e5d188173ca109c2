// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Closed forms for 3D core pairs, tried before GJK: points and segments (sphere, capsule and segment shapes), and a
   point against a box (sphere-box). Box-box and segment-box are in special3_box.c. See special3.h for the contract.

   Numerics (docs/numerics.md, "Closed forms"): every answer here is a few dozen flops on the inputs, so it is exact to
   rounding; the hazards are the degenerate configurations (parallel or zero-length segments, segments that cross, a
   sphere centre inside the box or on its surface, coincident centres), where a normal built by normalising a difference
   would be 0/0. Each has its own deterministic branch below. */
#include "special3.h"

#include <float.h>
#include <string.h>

#if GJK_USE_FLOAT
#define SP_REAL_MIN FLT_MIN
#else
#define SP_REAL_MIN DBL_MIN
#endif
/* A squared length above this normalises to full precision (no subnormal on the way). */
#define SP_TINY2 (SP_REAL_MIN / (GJK_REAL_EPSILON * GJK_REAL_EPSILON))
/* A difference of witnesses shorter than this times the coordinates' size (a 1-norm bound) is rounding noise. */
#define SP_NOISE (GJK_R(4.0) * GJK_REAL_EPSILON)

/* Clamp to [0, 1]; NaN (only from overflow with absurd coordinates) goes to 0, so it cannot spread. */
static gjk_real clamp01(gjk_real x) { return x > 0 ? (x < 1 ? x : 1) : 0; }

static gjk_real clampr(gjk_real x, gjk_real h) { return x < -h ? -h : (x > h ? h : x); }

/* A unit vector perpendicular to d != 0, deterministic: d crossed with the axis of its smallest component. */
static gjk_vec3 unit_perp(gjk_vec3 d) {
    gjk_real ax = GJK_ABS(d.x), ay = GJK_ABS(d.y), az = GJK_ABS(d.z);
    gjk_vec3 e = ax <= ay && ax <= az ? gjk_v3(1, 0, 0) : (ay <= az ? gjk_v3(0, 1, 0) : gjk_v3(0, 0, 1));
    gjk_vec3 p = gjk_normalize3(gjk_cross3(d, e));
    return gjk_len_sq3(p) > 0 ? p : e; /* d so small that the cross product underflowed */
}

/* a b - c d with one rounding of the true value (not of the two products): the cross product of nearly parallel
   vectors is all cancellation, and its plain evaluation errs by eps |a b|, i.e. by eps / sin(angle) relatively.
   Float: the products are exact in double. Double: Dekker's exact product by splitting (Dekker, "A floating-point
   technique for extending the available precision", Numer. Math. 18, 1971), no fused multiply-add needed. */
#if GJK_USE_FLOAT
static gjk_real diff_of_products(gjk_real a, gjk_real b, gjk_real c, gjk_real d) {
    return (gjk_real)((double)a * (double)b - (double)c * (double)d);
}
#else
static void two_product(double a, double b, double *p, double *e) {
    const double split = 134217729.0; /* 2^27 + 1 */
    double t = split * a, ah = t - (t - a), al = a - ah;
    t = split * b;
    double bh = t - (t - b), bl = b - bh;
    *p = a * b;
    *e = ((ah * bh - *p) + ah * bl + al * bh) + al * bl;
}
static double diff_of_products(double a, double b, double c, double d) {
    double p, ep, q, eq;
    two_product(a, b, &p, &ep);
    two_product(c, d, &q, &eq);
    return (p - q) + (ep - eq);
}
#endif

/* The cross product, accurate to rounding of the result even for nearly parallel vectors. */
static gjk_vec3 cross_accurate(gjk_vec3 a, gjk_vec3 b) {
    return gjk_v3(diff_of_products(a.y, b.z, a.z, b.y), diff_of_products(a.z, b.x, a.x, b.z),
                  diff_of_products(a.x, b.y, a.y, b.x));
}

/* Closest points of two segments: Ericson, "Real-Time Collision Detection", 2005, 5.1.9 (clamp s, the best t for it,
   and if t had to be clamped the best s for that t), with one change: the unclamped s of the two lines comes from
   the common perpendicular n = d1 x d2, s = ((p2 - p1) x d2) . n / |n|^2, instead of (b f - c e) / (a e - b^2).
   Both lose digits for nearly parallel segments (a e - b^2 = |n|^2 is all cancellation), but n can be computed to
   full relative accuracy (cross_accurate, used when the angle is below about 0.1 rad), and then s errs by only
   eps / sin(angle) relatively, along the nearly flat valley of the distance: with t re-optimised for that s, the
   squared distance errs by a sin^2 * (eps / sin)^2 = eps^2 a, i.e. the distance by about eps |d1|, at any angle.
   Exactly parallel segments (n = 0) take s = 0, then the clamping steps find the right pair, as in the book. */
bool gjk_special3_segments(gjk_vec3 p1, gjk_vec3 d1, gjk_vec3 p2, gjk_vec3 d2, gjk_real *ps, gjk_real *pt,
                           gjk_vec3 *pn, gjk_real *pln) {
    gjk_vec3 w = gjk_sub3(p2, p1);
    gjk_real a = gjk_dot3(d1, d1), e = gjk_dot3(d2, d2), wd1 = gjk_dot3(w, d1), wd2 = gjk_dot3(w, d2);
    *pn = gjk_v3(0, 0, 0);
    *pln = 0;
    if (!(a > 0)) { /* A is a point */
        *ps = 0;
        *pt = e > 0 ? clamp01(-wd2 / e) : 0;
        return false;
    }
    if (!(e > 0)) { /* B is a point */
        *pt = 0;
        *ps = clamp01(wd1 / a);
        return false;
    }
    /* Independent divisions first, so that they overlap the dependent chain below. */
    gjk_real b = gjk_dot3(d1, d2), inv_a = GJK_R(1.0) / a, inv_e = GJK_R(1.0) / e;
    gjk_vec3 n = gjk_cross3(d1, d2);
    gjk_real nn = gjk_dot3(n, n);
    if (nn < GJK_R(0.01) * a * e) { /* within about 0.1 rad of parallel */
        n = cross_accurate(d1, d2);
        nn = gjk_dot3(n, n);
    }
    bool interior = false;
    gjk_real s = 0;
    if (nn > SP_TINY2) {
        /* (a degree-4 ratio: with absurd float coordinates (~1e9) num and nn overflow, and clamp01 maps the
           resulting inf or NaN to an end, never spreading it) */
        gjk_real ln = GJK_SQRT(nn), s0 = gjk_dot3(gjk_cross3(w, d2), n) / nn;
        interior = s0 >= 0 && s0 <= 1;
        s = clamp01(s0);
        *pn = gjk_scale3(n, GJK_R(1.0) / ln);
        *pln = ln;
    }
    /* the best t for s; if it had to be clamped, the best s for that t (branch-free: random pairs mispredict) */
    gjk_real t0 = (s * b - wd2) * inv_e, t = clamp01(t0);
    gjk_real s1 = clamp01((wd1 + t * b) * inv_a);
    bool clamped = t != t0;
    *ps = clamped ? s1 : s;
    *pt = t;
    return interior && !clamped;
}

/* Segment [p1, p1 + d1] of A against [p2, p2 + d2] of B (either may be a point), A's frame. */
static void segment_segment(gjk_vec3 p1, gjk_vec3 d1, gjk_vec3 p2, gjk_vec3 d2, gjk_special3_result *out) {
    gjk_real s, t, ln;
    gjk_vec3 n;
    bool interior = gjk_special3_segments(p1, d1, p2, d2, &s, &t, &n, &ln);
    gjk_vec3 w = gjk_sub3(p2, p1);
    gjk_real l1a = gjk_special3_l1(d1), l1b = gjk_special3_l1(d2);
    gjk_real S = gjk_special3_l1(w) + l1a + l1b;
    gjk_real C = S + gjk_special3_l1(p1); /* size of the coordinates: what rounding is relative to */
    gjk_vec3 pa = gjk_mad3(p1, s, d1), pb = gjk_mad3(p2, t, d2), diff = gjk_sub3(pb, pa);
    out->scale = S;
    out->pa = pa;
    out->pb = pb;
    if (interior) {
        /* Closest points inside both segments: the normal is exactly the common perpendicular, known to rounding
           (also when the segments cross and pb - pa has no direction at all). */
        gjk_vec3 u = n;
        gjk_real du = gjk_dot3(diff, u);
        gjk_real side = du != 0 ? du : gjk_dot3(w, u); /* exactly crossing: by the lines' offset, then +n */
        out->normal = side >= 0 ? u : gjk_neg3(u);
        out->core_dist = GJK_ABS(du);
        return;
    }
    /* A closest point inside one segment: pb - pa is perpendicular to it, exactly; remove the rounding noise along it
       (that noise over a small distance would tilt the normal off the segment, and the witness off B's support). */
    gjk_real a = gjk_dot3(d1, d1), e = gjk_dot3(d2, d2);
    if (s > 0 && s < 1 && a > 0) diff = gjk_mad3(diff, -gjk_dot3(diff, d1) / a, d1);
    if (t > 0 && t < 1 && e > 0) diff = gjk_mad3(diff, -gjk_dot3(diff, d2) / e, d2);
    gjk_real dd = gjk_dot3(diff, diff), dl = GJK_SQRT(dd);
    out->core_dist = dl;
    if (dl > SP_NOISE * C && (dd > SP_TINY2 || diff.x != 0 || diff.y != 0 || diff.z != 0)) {
        out->normal = dd > SP_TINY2 ? gjk_scale3(diff, GJK_R(1.0) / dl) : gjk_normalize3(diff);
        return;
    }
    /* Touching within rounding: pb - pa has no reliable direction. Any normal is then right for the depth R the
       caller adds; pick one perpendicular to both segments when they are not parallel, else perpendicular to the one
       that is a segment, else (two points: coincident sphere centres) A's +x axis. */
    if (ln > 0) {
        out->normal = gjk_dot3(w, n) >= 0 ? n : gjk_neg3(n);
    } else if (l1a > 0) {
        out->normal = unit_perp(d1);
    } else if (l1b > 0) {
        out->normal = unit_perp(d2);
    } else {
        out->normal = gjk_v3(1, 0, 0);
    }
}

/* Point p against the box of half extents h centred at the origin, in the box's frame: returns the signed distance
   and sets the box's witness *q and the normal (unit, from the box towards the point) as *dir times *k (the caller
   rotates dir while the division is in flight). Outside: the clamped point, exact (p - clamp(p) has no cancellation
   worth the name: Sterbenz). Inside or on the surface: the nearest face; ties (the centre of a cube, a point on an
   edge) go to the lowest axis, and a zero coordinate to the + face. */
static gjk_real point_box_local(gjk_vec3 h, gjk_vec3 p, gjk_vec3 *dir, gjk_real *k, gjk_vec3 *q) {
    gjk_vec3 c = gjk_v3(clampr(p.x, h.x), clampr(p.y, h.y), clampr(p.z, h.z));
    gjk_vec3 diff = gjk_sub3(p, c);
    gjk_real dd = gjk_dot3(diff, diff);
    if (dd > SP_TINY2) {
        gjk_real l = GJK_SQRT(dd);
        *dir = diff;
        *k = GJK_R(1.0) / l;
        *q = c;
        return l;
    }
    /* Inside, on the surface, or outside by less than the square root of the smallest normal number (then the
       face of the axis that sticks out most is the answer to rounding). */
    gjk_real gx = h.x - GJK_ABS(p.x), gy = h.y - GJK_ABS(p.y), gz = h.z - GJK_ABS(p.z);
    *q = p;
    *k = 1;
    if (gx <= gy && gx <= gz) {
        gjk_real s = p.x >= 0 ? 1 : -1;
        q->x = s * h.x;
        *dir = gjk_v3(s, 0, 0);
        return 0 - gx; /* 0 - 0 is +0: no negative zero */
    }
    if (gy <= gz) {
        gjk_real s = p.y >= 0 ? 1 : -1;
        q->y = s * h.y;
        *dir = gjk_v3(0, s, 0);
        return 0 - gy;
    }
    gjk_real s = p.z >= 0 ? 1 : -1;
    q->z = s * h.z;
    *dir = gjk_v3(0, 0, s);
    return 0 - gz;
}

/* A point core (x, A's frame) against a box core; box_is_a tells which is which. */
static void point_box(const gjk_minkowski3 *m, gjk_vec3 x, bool box_is_a, gjk_special3_result *out) {
    gjk_vec3 dir, q;
    gjk_real k;
    if (box_is_a) {
        gjk_vec3 h = m->a->box.half_extents;
        out->core_dist = point_box_local(h, x, &dir, &k, &q);
        out->normal = gjk_scale3(dir, k);
        out->pa = q;
        out->pb = x;
        out->scale = gjk_special3_l1(x) + gjk_special3_l1(h);
        return;
    }
    gjk_vec3 h = m->b->box.half_extents;
    gjk_vec3 p = gjk_mat33_tmul(m->rot, gjk_sub3(x, m->pos)); /* the point in B's frame */
    out->core_dist = point_box_local(h, p, &dir, &k, &q);
    out->normal = gjk_scale3(gjk_mat33_mul(m->rot, dir), -k); /* dir points from B to A */
    out->pa = x;
    out->pb = gjk_add3(gjk_mat33_mul(m->rot, q), m->pos);
    out->scale = gjk_special3_l1(p) + gjk_special3_l1(h);
}

enum { CORE_OTHER, CORE_POINT, CORE_SEGMENT, CORE_BOX };

/* What closed form a core admits, and for points and segments the core as centre +- half (local frame). */
static int core_kind(const gjk_shape3 *s, gjk_vec3 *c, gjk_vec3 *u) {
    *c = *u = gjk_v3(0, 0, 0);
    switch (s->type) {
    case GJK_SHAPE3_POINT:
    case GJK_SHAPE3_SPHERE: return CORE_POINT;
    case GJK_SHAPE3_CAPSULE:
        u->z = s->capsule.half_height;
        return u->z > 0 ? CORE_SEGMENT : CORE_POINT;
    case GJK_SHAPE3_SEGMENT: {
        gjk_vec3 a = s->segment.a, b = s->segment.b;
        if (a.x == b.x && a.y == b.y && a.z == b.z) {
            *c = a;
            return CORE_POINT;
        }
        *c = gjk_scale3(gjk_add3(a, b), GJK_R(0.5));
        *u = gjk_scale3(gjk_sub3(b, a), GJK_R(0.5));
        return CORE_SEGMENT;
    }
    case GJK_SHAPE3_BOX: return CORE_BOX;
    default: return CORE_OTHER;
    }
}

/* Two point cores at their shapes' origins (sphere-sphere): B's centre is m->pos. */
static void point_point(gjk_vec3 p, gjk_special3_result *out) {
    gjk_real dd = gjk_dot3(p, p), d = GJK_SQRT(dd);
    out->core_dist = d;
    out->pa = gjk_v3(0, 0, 0);
    out->pb = p;
    out->scale = gjk_special3_l1(p);
    /* p is the exact difference (no rounding made it): its direction is right however short it is. Below SP_TINY2
       its square loses digits, and gjk_normalize3 rescales first (without that, centres 2.3e-142 apart would get
       A's +x axis as the normal; regression seed regression_tiny_centres). */
    if (dd > SP_TINY2) out->normal = gjk_scale3(p, GJK_R(1.0) / d);
    else if (p.x != 0 || p.y != 0 || p.z != 0) out->normal = gjk_normalize3(p);
    else out->normal = gjk_v3(1, 0, 0);
}

gjk_special_kind gjk_special3(const gjk_minkowski3 *m, gjk_real R, gjk_gjk_mode mode, gjk_special3_result *out) {
    /* The common pairs first, without the general classification. */
    if (gjk_core3_is_origin(m->a)) {
        if (gjk_core3_is_origin(m->b)) {
            point_point(m->pos, out);
            return GJK_SPECIAL_EXACT;
        }
        if (m->b->type == GJK_SHAPE3_BOX) {
            point_box(m, gjk_v3(0, 0, 0), false, out);
            return GJK_SPECIAL_EXACT;
        }
    } else if (m->a->type == GJK_SHAPE3_BOX) {
        if (gjk_core3_is_origin(m->b)) {
            point_box(m, m->pos, true, out);
            return GJK_SPECIAL_EXACT;
        }
        if (m->b->type == GJK_SHAPE3_BOX) return gjk_special3_box_box(m, R, mode, out);
    }
    gjk_vec3 ca, ua, cb, ub;
    int ka = core_kind(m->a, &ca, &ua), kb = core_kind(m->b, &cb, &ub);
    if (ka == CORE_OTHER || kb == CORE_OTHER) return GJK_SPECIAL_NONE;
    if (kb != CORE_BOX) { /* B's point or segment into A's frame */
        cb = gjk_add3(gjk_mat33_mul(m->rot, cb), m->pos);
        ub = gjk_mat33_mul(m->rot, ub);
    }
    if (ka != CORE_BOX && kb != CORE_BOX) {
        segment_segment(gjk_sub3(ca, ua), gjk_scale3(ua, 2), gjk_sub3(cb, ub), gjk_scale3(ub, 2), out);
        return GJK_SPECIAL_EXACT;
    }
    if (ka == CORE_BOX && kb == CORE_BOX) return gjk_special3_box_box(m, R, mode, out);
    if (ka == CORE_BOX) {
        if (kb == CORE_POINT) {
            point_box(m, cb, true, out);
            return GJK_SPECIAL_EXACT;
        }
        return gjk_special3_segment_box(m, cb, ub, false, R, mode, out);
    }
    if (ka == CORE_POINT) {
        point_box(m, ca, false, out);
        return GJK_SPECIAL_EXACT;
    }
    return gjk_special3_segment_box(m, ca, ua, true, R, mode, out);
}

/* ---- sphere-box queries straight from the pair ------------------------------------------------------------------ */

/* The range of sizes (a 1-norm of the offset, the half extents and the radii) where the point-box closed form needs
   no rescaling. Below it a gap of rounding size would fall under sqrt(SP_TINY2), which point_box_local takes for
   touching; there the generic path, whose preparation handles any scale the API accepts, answers. The top is the
   largest coordinate the API accepts, whose squares do not overflow. */
#if GJK_USE_FLOAT
#define SP_QUICK_MIN GJK_R(1e-4)
#else
#define SP_QUICK_MIN GJK_R(1e-100)
#endif
#define SP_QUICK_MAX GJK_MAX_COORD

/* The squared length of a rotation if gjk_quat_usable accepts it, else 0 (NaN included). */
static gjk_real quick_quat_len2(gjk_quat q) {
    gjk_real l2 = q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z;
    return l2 >= GJK_QUAT_LEN2_MIN && l2 <= 1 / GJK_QUAT_LEN2_MIN ? l2 : 0;
}

int gjk_special3_quick(const gjk_pair3 *pair, gjk_query_kind kind, gjk_result3 *r, gjk_vec3 *axis) {
    const gjk_shape3 *a = pair->a, *b = pair->b; /* (the kinds are gjk_special3_quick_kinds's) */
    bool box_is_a = a->type == GJK_SHAPE3_BOX;
    const gjk_shape3 *box = box_is_a ? a : b, *pt = box_is_a ? b : a;
    const gjk_pose3 *pb = box_is_a ? &pair->pose_a : &pair->pose_b, *pp = box_is_a ? &pair->pose_b : &pair->pose_a;
    /* Validation (gjk_shape3_validate and the query's pose checks) folded into a few comparisons, stricter than the
       generic ones where that is cheaper: one bound on a sum of magnitudes bounds both positions, and the bound on
       the size S below bounds the half extents, the radii and the margins. Whatever fails them, NaN included, goes
       to the generic path, which answers it or rejects it with its status. */
    gjk_vec3 h = box->box.half_extents, c = pp->position, o = pb->position;
    gjk_real rp = pt->type == GJK_SHAPE3_SPHERE ? pt->sphere.radius : 1; /* (a point has no radius to check) */
    gjk_quat qb = pb->rotation;
    gjk_real l2 = quick_quat_len2(qb);
    if (!(h.x > 0 && h.y > 0 && h.z > 0 && rp > 0 && box->margin >= 0 && pt->margin >= 0 &&
          gjk_special3_l1(c) + gjk_special3_l1(o) <= GJK_MAX_COORD && l2 > 0 && quick_quat_len2(pp->rotation) > 0))
        return 0;
    if (pt->type != GJK_SHAPE3_SPHERE) rp = 0;
    gjk_real rbox = box->margin, rpt = rp + pt->margin, R = rbox + rpt;

    /* The centre in the box's frame, the closed form there (point_box_local; the outside case written out), and
       its normal (box to point) back in the world. */
    gjk_mat33 rot = gjk_mat33_from_any_quat(qb); /* (its squared length is l2's, computed once) */
    gjk_vec3 p = gjk_mat33_tmul(rot, gjk_sub3(c, o)), dir, q;
    gjk_real scale = gjk_special3_l1(p) + (h.x + h.y + h.z), S = scale + R;
    if (!(S >= SP_QUICK_MIN && S <= SP_QUICK_MAX)) return 0;
    gjk_vec3 diff = gjk_sub3(p, gjk_v3(clampr(p.x, h.x), clampr(p.y, h.y), clampr(p.z, h.z)));
    gjk_real k = 0, core, dd = gjk_dot3(diff, diff); /* k: dir's scaling to unit length, 0 for 1 / core */
    if (dd > SP_TINY2) {
        core = GJK_SQRT(dd);
        dir = diff; /* (the division waits until the normal is needed) */
    } else {
        core = point_box_local(h, p, &dir, &k, &q);
    }
    gjk_real dist = core - R; /* (never -0: core is not -0) */
    bool touching = dist <= GJK_TOL_TOUCH * scale;
    gjk_real sg = box_is_a ? 1 : -1; /* n points from the box to the point; the answer's normal from A to B */
    memset(r, 0, sizeof *r);
    r->status = GJK_OK;
    r->intersect = touching;
    /* The exact signed distance, whatever the query returns: its certified interval is the rounding of the centre's
       move into the box's frame (a difference of world positions) and of the closed form (query3.c's allowance). */
    gjk_real pad = GJK_TOL_TOUCH * (S + gjk_special3_l1(c) + gjk_special3_l1(o));
    r->lower = dist - pad;
    r->upper = dist + pad;
    if (kind == GJK_QUERY_INTERSECT && touching) return 2; /* (a closed form's overlap leaves the cache alone) */
    gjk_vec3 n = gjk_scale3(gjk_mat33_mul(rot, dir), k > 0 ? k : GJK_R(1.0) / core);
    *axis = gjk_scale3(n, -sg); /* the cache's axis, from B to A */
    if (kind == GJK_QUERY_INTERSECT) {
        r->distance = dist;
        r->normal = gjk_scale3(n, sg);
        return 1;
    }
    /* Witnesses from the centre: the box's core point is c - core n (exactly so for the clamped point, and for the
       nearest face from inside), so the surface points are c - (core - rbox) n on the box and c - rpt n on the
       sphere, apart by exactly dist along n. */
    if (kind == GJK_QUERY_DISTANCE && touching) {
        /* Overlap within the radii: the point at core * rA / R from A's core towards B's lies in both shapes (with
           no radii, the midpoint of a gap below the tolerance). */
        gjk_real t = R > 0 ? gjk_minr(core, R) * (box_is_a ? rbox : rpt) / R : GJK_R(0.5) * core;
        gjk_real from_c = core < 0 ? 0 : box_is_a ? core - t : t; /* (a centre inside the box: the centre) */
        r->distance = 0;
        r->point_a = r->point_b = gjk_mad3(c, -from_c, n);
        return 1;
    }
    gjk_vec3 on_box = gjk_mad3(c, rbox - core, n), on_pt = gjk_mad3(c, -rpt, n);
    r->distance = dist;
    r->normal = gjk_scale3(n, sg);
    r->point_a = box_is_a ? on_box : on_pt;
    r->point_b = box_is_a ? on_pt : on_box;
    return 1;
}
