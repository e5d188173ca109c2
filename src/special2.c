// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Closed forms for 2D pairs whose cores are points and segments (circles, capsules, points, segments, hulls of one
   or two points), and for a point core against a box or polygon core (circle-box, circle-polygon). Exact distance,
   normal, closest points and core depth with no iteration; query2.c adds the radii as for every other pair.

   Distances: between a point and a segment, the clamped projection; between two segments that do not cross, the
   least of the four endpoint-to-segment distances (in the plane the minimum over two disjoint segments is always
   reached at an endpoint; Ericson, "Real-Time Collision Detection", 2005, section 5.1.9, solves the general case).
   Where the closest point is inside a segment, the distance and normal come from the segment's own normal (a cross
   product) rather than from the difference of the two points: near zero distance that difference is mostly
   rounding, its direction meaningless, while the segment's normal keeps full precision (the same reason GJK
   searches along a segment's normal, gjk2.c).

   Cores that touch or cross (distance 0): the core depth is the separating-axis depth of D = A - B, a
   parallelogram whose edges are normal to the segments, as in sat2.c. A point against a polygon: the edge of
   largest separation n.(p - v) decides (Box2D's circle-polygon manifold uses the same rule): when it is <= 0 the
   point is inside and minus it is the depth; else the closest point is on that edge or one of its two ends (for p
   in a vertex's normal cone the edges at that vertex are the ones of largest separation). */
#include "internal2.h"

/* |d| and d / |d| (zero for a zero d), scaled first so that tiny or huge vectors neither underflow nor overflow. */
static gjk_real unit_len(gjk_vec2 d, gjk_vec2 *u) {
    gjk_real dd = gjk_len_sq2(d);
    if (dd > GJK_R(1e-30) && dd < GJK_R(1e30)) {
        gjk_real l = GJK_SQRT(dd);
        *u = gjk_scale2(d, GJK_R(1.0) / l);
        return l;
    }
    gjk_real m = gjk2_norm_inf(d);
    if (!(m > 0) || !gjk_finite(m)) {
        *u = gjk_v2(0, 0);
        return gjk_finite(m) ? 0 : m;
    }
    gjk_vec2 s = gjk2_div(d, m);
    gjk_real l = GJK_SQRT(gjk_len_sq2(s));
    *u = gjk_scale2(s, GJK_R(1.0) / l);
    return l * m;
}

/* Closest point c of segment [q0, q1] to p: returns |c - p| and the unit direction from p towards the segment
   (zero when p is on it). */
static gjk_real point_segment(gjk_vec2 p, gjk_vec2 q0, gjk_vec2 q1, gjk_vec2 *c, gjk_vec2 *dir) {
    gjk_vec2 e = gjk_sub2(q1, q0);
    gjk_real u0 = gjk_dot2(gjk_sub2(p, q0), e); /* p's projection from q0, times |e|^2 */
    gjk_real u1 = gjk_dot2(gjk_sub2(q1, p), e); /* from q1 */
    if (u0 > 0 && u1 > 0) {
        /* Inside the segment's slab: distance along its normal. */
        gjk_vec2 n;
        gjk_real len = unit_len(e, &n);
        gjk_real side = gjk_cross2(n, gjk_sub2(p, q0)); /* > 0: p left of q0 -> q1 */
        gjk_vec2 left = gjk_perp2(n);
        if (len > 0) {
            *dir = side > 0 ? gjk_neg2(left) : side < 0 ? left : gjk_v2(0, 0);
            gjk_real d = GJK_ABS(side);
            *c = gjk_mad2(p, d, *dir);
            return d;
        }
    }
    *c = u0 > 0 ? q1 : q0;
    return unit_len(gjk_sub2(*c, p), dir);
}

/* Squared distance from p to segment [q0, q1], only to choose among candidates; *interior: the closest point is
   inside the segment (its direction is then the segment's normal). */
static gjk_real dist2_point_segment(gjk_vec2 p, gjk_vec2 q0, gjk_vec2 q1, bool *interior) {
    gjk_vec2 e = gjk_sub2(q1, q0), w0 = gjk_sub2(p, q0);
    gjk_real u0 = gjk_dot2(w0, e), ee = gjk_len_sq2(e);
    *interior = false;
    if (!(u0 > 0)) return gjk_len_sq2(w0);
    if (!(u0 < ee)) return gjk_len_sq2(gjk_sub2(p, q1));
    gjk_real c = gjk_cross2(e, w0);
    *interior = true;
    return c * c / ee;
}

/* Candidate (d2, interior) beats the best so far: closer, or as close within rounding and interior. Near a tie an
   endpoint-to-endpoint candidate's direction is not a separating axis of the segments (the true closest pair is
   the endpoint whose foot falls just inside the other segment, at a distance that differs only in the square of
   the foot's offset), while an interior candidate's normal is the segment's own: exact and separating. */
static bool better(gjk_real d2, bool interior, gjk_real best_sq, bool best_interior, gjk_real tol) {
    if (interior && !best_interior) return d2 <= best_sq * (1 + 16 * GJK_REAL_EPSILON) + tol * tol;
    if (!interior && best_interior) return d2 < best_sq * (1 - 16 * GJK_REAL_EPSILON) - tol * tol;
    return d2 < best_sq;
}

/* The cores as one or two points each (query frame). */
typedef struct small_core {
    gjk_vec2 p[2];
    int n; /* 1: a point; 2: a segment (possibly of zero length) */
} small_core;

static void small_of(const gjk2_body *b, small_core *s) {
    s->p[0] = gjk_add2(gjk_rotate2(b->rot, b->p), b->pos);
    s->n = b->kind == GJK2_SEGMENT ? 2 : 1;
    s->p[1] = s->n == 2 ? gjk_add2(gjk_rotate2(b->rot, b->q), b->pos) : s->p[0];
}

/* Support value of a small core along n: max over its points. */
static gjk_real small_h(const small_core *s, gjk_vec2 n) {
    return gjk_maxr(gjk_dot2(n, s->p[0]), gjk_dot2(n, s->p[1]));
}

/* Depth of touching or crossing small cores: the least overlap h_A(n) + h_B(-n) over the normals of both segments,
   both signs (ties: the normal along which B's centre lies from A's), with contact points as in sat2.c: on the
   reference segment, at the middle of the overlap of the two deepest features along it. */
static void small_depth(const gjk2_ctx *ctx, const small_core *A, const small_core *B, gjk2_core *out) {
    gjk_vec2 towards_b = gjk_sub2(ctx->b.centre, ctx->a.centre);
    gjk_real best = GJK_REAL_MAX, best_lean = 0, tol = GJK_R(4.0) * gjk2_tolerance(ctx);
    int best_side = -1;
    gjk_vec2 best_n = gjk_v2(1, 0);
    for (int side = 0; side < 2; side++) {
        const small_core *s = side == 0 ? A : B;
        gjk_vec2 n;
        if (s->n < 2 || !(unit_len(gjk_perp2(gjk_sub2(s->p[1], s->p[0])), &n) > 0)) continue;
        for (int sign = 0; sign < 2; sign++, n = gjk_neg2(n)) {
            gjk_real overlap = small_h(A, n) + small_h(B, gjk_neg2(n)), lean = gjk_dot2(n, towards_b);
            if (overlap < best || (overlap == best && lean > best_lean)) {
                best = overlap;
                best_lean = lean;
                best_side = side;
                best_n = n;
            }
        }
    }
    out->normal = best_n;
    if (best_side < 0) {
        /* Two points: coincident (the distance was 0). Any normal; the line of centres when there is one. */
        gjk_vec2 u;
        if (unit_len(towards_b, &u) > 0) out->normal = u;
        out->dist = 0;
        out->a = out->b = out->common = A->p[0];
        return;
    }
    /* Reference segment r (its normal is +-n), other core o; o's deepest points along the outward direction of
       r's side. */
    best = gjk_maxr(best, 0); /* the cores touch or cross: no overlap is negative but by rounding */
    const small_core *r = best_side == 0 ? A : B, *o = best_side == 0 ? B : A;
    gjk_vec2 n = best_side == 0 ? best_n : gjk_neg2(best_n); /* r's outward normal towards o */
    gjk_vec2 t = gjk_perp2(n);
    gjk_real d0 = gjk_dot2(n, o->p[0]), d1 = gjk_dot2(n, o->p[1]);
    gjk_real lo = d0 <= d1 ? gjk_dot2(t, o->p[0]) : gjk_dot2(t, o->p[1]), hi = lo;
    if (GJK_ABS(d0 - d1) <= tol) {
        lo = gjk_minr(gjk_dot2(t, o->p[0]), gjk_dot2(t, o->p[1]));
        hi = gjk_maxr(gjk_dot2(t, o->p[0]), gjk_dot2(t, o->p[1]));
    }
    gjk_real t0 = gjk_dot2(t, r->p[0]), t1 = gjk_dot2(t, r->p[1]);
    gjk_real a = gjk_maxr(gjk_minr(t0, t1), lo), b = gjk_minr(gjk_maxr(t0, t1), hi);
    gjk_vec2 on_r = gjk_mad2(r->p[0], GJK_R(0.5) * (a + b) - t0, t);
    out->dist = -best;
    if (best_side == 0) {
        out->a = on_r;
        out->b = gjk_mad2(on_r, out->dist, best_n);
    } else {
        out->b = on_r;
        out->a = gjk_mad2(on_r, -out->dist, best_n);
    }
}

/* Point p (query frame) against a box or polygon core `poly` (its local frame through body), as core A
   (p_is_b) or B. */
static void point_polygon(const gjk2_body *poly, gjk_vec2 p, bool p_is_b, gjk_real tol, gjk2_core *out) {
    gjk_vec2 q = gjk_inv_rotate2(poly->rot, gjk_sub2(p, poly->pos)); /* p in the polygon's frame */
    gjk_real sep;
    gjk_vec2 n, c; /* outward normal (or direction from the polygon to p) and closest point, polygon frame */
    if (poly->kind == GJK2_BOX) {
        gjk_vec2 h = poly->p;
        gjk_real sx = GJK_ABS(q.x) - h.x, sy = GJK_ABS(q.y) - h.y;
        gjk_real cx = q.x >= 0 ? h.x : -h.x, cy = q.y >= 0 ? h.y : -h.y;
        if (sx <= 0 && sy <= 0) {
            bool x = sx >= sy;
            sep = x ? sx : sy;
            n = x ? gjk_v2(q.x >= 0 ? 1 : -1, 0) : gjk_v2(0, q.y >= 0 ? 1 : -1);
            c = x ? gjk_v2(cx, q.y) : gjk_v2(q.x, cy);
        } else if (sy <= 0) {
            sep = sx;
            n = gjk_v2(q.x >= 0 ? 1 : -1, 0);
            c = gjk_v2(cx, q.y);
        } else if (sx <= 0) {
            sep = sy;
            n = gjk_v2(0, q.y >= 0 ? 1 : -1);
            c = gjk_v2(q.x, cy);
        } else {
            c = gjk_v2(cx, cy);
            sep = unit_len(gjk_sub2(q, c), &n);
            if (!(sep > tol)) n = gjk_v2(sx >= sy ? (q.x >= 0 ? 1 : -1) : 0, sx >= sy ? 0 : (q.y >= 0 ? 1 : -1));
        }
    } else {
        const gjk_vec2 *v = poly->verts, *nn = poly->normals;
        const int count = poly->count;
        int best = 0;
        sep = gjk_dot2(nn[0], gjk_sub2(q, v[0]));
        for (int i = 1; i < count; i++) {
            gjk_real s = gjk_dot2(nn[i], gjk_sub2(q, v[i]));
            if (s > sep) {
                sep = s;
                best = i;
            }
        }
        n = nn[best];
        c = gjk_mad2(q, -sep, n);
        if (sep > 0) {
            /* Outside: the edge, or the end the projection falls beyond. */
            gjk_vec2 t = gjk_perp2(n), v0 = v[best], v1 = v[best + 1 == count ? 0 : best + 1];
            gjk_real tq = gjk_dot2(t, q);
            if (tq < gjk_dot2(t, v0) || tq > gjk_dot2(t, v1)) {
                /* Within rounding of the vertex the direction from it is noise: keep the edge's normal, which is
                   in the vertex's normal cone. */
                gjk_vec2 u;
                c = tq < gjk_dot2(t, v0) ? v0 : v1;
                gjk_real d = unit_len(gjk_sub2(q, c), &u);
                if (d > tol) {
                    sep = d;
                    n = u;
                }
            }
        }
    }
    /* Back to the query frame; the normal from A to B is n when the polygon is A, -n when it is B. */
    gjk_vec2 nq = gjk_rotate2(poly->rot, n), cq = gjk_add2(gjk_rotate2(poly->rot, c), poly->pos);
    if (n.x == 0 && n.y == 0) nq = gjk_v2(1, 0); /* p exactly at a vertex: any direction of its normal cone */
    out->dist = sep;
    out->normal = p_is_b ? nq : gjk_neg2(nq);
    out->a = p_is_b ? cq : p;
    out->b = p_is_b ? p : cq;
    /* Inside (or on the boundary): the deepest points are p and its projection on the nearest edge, and p is
       common to both cores. */
    out->common = p;
}

void gjk2_special(const gjk2_ctx *ctx, gjk2_core *out) {
    if (ctx->a.kind == GJK2_POINT && ctx->b.kind == GJK2_POINT) {
        /* Two points (circles): any direction is exact for coincident ones. */
        gjk_vec2 pa = ctx->a.p, pb = gjk_add2(gjk_rotate2(ctx->b.rot, ctx->b.p), ctx->b.pos);
        out->dist = unit_len(gjk_sub2(pb, pa), &out->normal);
        if (!(out->dist > 0)) out->normal = gjk_v2(1, 0);
        out->a = out->common = pa;
        out->b = pb;
        return;
    }
    if (ctx->a.kind != GJK2_POINT && ctx->a.kind != GJK2_SEGMENT) {
        point_polygon(&ctx->a, gjk_add2(gjk_rotate2(ctx->b.rot, ctx->b.p), ctx->b.pos), true, gjk2_tolerance(ctx), out);
        return;
    }
    if (ctx->b.kind != GJK2_POINT && ctx->b.kind != GJK2_SEGMENT) {
        point_polygon(&ctx->b, ctx->a.p, false, gjk2_tolerance(ctx), out);
        return;
    }
    small_core A, B;
    small_of(&ctx->a, &A);
    small_of(&ctx->b, &B);
    /* Crossing segments: the cores overlap. */
    if (A.n == 2 && B.n == 2) {
        gjk_vec2 ea = gjk_sub2(A.p[1], A.p[0]), eb = gjk_sub2(B.p[1], B.p[0]);
        gjk_real o1 = gjk_cross2(ea, gjk_sub2(B.p[0], A.p[0])), o2 = gjk_cross2(ea, gjk_sub2(B.p[1], A.p[0]));
        gjk_real o3 = gjk_cross2(eb, gjk_sub2(A.p[0], B.p[0])), o4 = gjk_cross2(eb, gjk_sub2(A.p[1], B.p[0]));
        if (((o1 < 0 && o2 > 0) || (o1 > 0 && o2 < 0)) && ((o3 < 0 && o4 > 0) || (o3 > 0 && o4 < 0))) {
            small_depth(ctx, &A, &B, out);
            out->common = gjk_mad2(A.p[0], o3 / (o3 - o4), ea); /* where A crosses B's line */
            return;
        }
    }
    /* Least endpoint-to-core distance (point-point when both are points): the candidate pair is chosen on squared
       distances, and only the winner's distance, normal and points are computed. */
    const gjk_real tol = gjk2_tolerance(ctx);
    gjk_real best_sq = GJK_REAL_MAX;
    bool best_interior = false, interior;
    int pick = A.n == 1 ? 0 : 2; /* 0..1: A's endpoint against B; 2..3: B's endpoint against A */
    for (int k = 0; A.n == 2 && B.n == 2 && k < 4; k++) {
        /* (a point against a segment is its own one candidate) */
        gjk_real d2 = k < 2 ? dist2_point_segment(A.p[k], B.p[0], B.p[1], &interior)
                            : dist2_point_segment(B.p[k - 2], A.p[0], A.p[1], &interior);
        if (better(d2, interior, best_sq, best_interior, tol)) {
            best_sq = d2;
            best_interior = interior;
            pick = k;
        }
    }
    gjk_vec2 c, dir;
    gjk_real best;
    if (pick < 2) {
        best = point_segment(A.p[pick], B.p[0], B.p[1], &c, &dir);
        out->a = A.p[pick];
        out->b = c;
        out->normal = dir;
    } else {
        best = point_segment(B.p[pick - 2], A.p[0], A.p[1], &c, &dir);
        out->a = c;
        out->b = B.p[pick - 2];
        out->normal = gjk_neg2(dir);
    }
    out->dist = best;
    if (!(best > tol)) {
        /* Touching cores (within rounding, as GJK counts them): the direction between two points that close is
           mostly rounding, so depth 0 and the normal and contact points of the separating-axis rule instead. */
        gjk_vec2 common = out->a;
        small_depth(ctx, &A, &B, out);
        out->common = common;
    }
}
