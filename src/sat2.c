// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Exact penetration depth of two convex polygons (boxes, polygon hulls, and segments: the cores of capsules) by the
   separating axis theorem.

   In 2D the edges of the Minkowski difference D = A - B have exactly the edge normals of A and the negated edge
   normals of B (Minkowski sums of convex polygons merge their edge sequences by slope; e.g. de Berg, van Kreveld,
   Overmars, Schwarzkopf, "Computational Geometry", 2nd ed., section 13.3; a segment is a polygon of two edges with
   normals +-n, and its ring walk still ends on the minimum). D is the intersection of the
   half-planes of its edges, so the distance from the origin to D's boundary, the penetration depth, is the least
   over those normals n of h_A(n) + h_B(-n) (h the support value), and the largest separation
   min_B(n.b) - max_A(n.a) is positive exactly when the polygons are disjoint. That is exact, with no iteration,
   where EPA would converge edge by edge.

   Cost O(nA + nB): along A's counter-clockwise edge normals the vertex of B that is deepest along each (B's
   support along -n) moves counter-clockwise around B, so one forward walk serves all of A's axes (the merge of
   the two slope sequences; rotating calipers, Toussaint, "Solving geometric problems with the rotating calipers",
   IEEE MELECON 1983); the same for B's axes against A. A's own support along its edge normal n_i is its vertex i.
   Small polygons test every axis against every vertex instead (branch-free minima beat the walk's data-dependent
   branches there). B is moved into A's frame once when it fits on the stack.

   Contact points: the deepest axis n belongs to a reference edge (of A or B); the other polygon's deepest feature
   along it is a vertex, or an edge parallel to the reference edge within the tolerance. The point returned is the
   middle of the overlap of the two features along the edge's direction, on the reference edge, and the point on
   the other polygon is that point moved by the depth along n: both lie on their polygons (exactly in exact
   arithmetic: the origin's projection on D's nearest edge lies inside that edge, which is the Minkowski difference
   of the two features). */
#include "internal2.h"

GJK2_INLINE void view(const gjk2_body *b, gjk2_poly *pv) {
    if (b->kind == GJK2_SEGMENT) {
        /* Edges p -> q and q -> p, outward normals right of each. */
        gjk_vec2 e = gjk_sub2(b->q, b->p);
        gjk_real m = gjk2_norm_inf(e);
        gjk_vec2 n = gjk_normalize2(gjk2_div(gjk_v2(e.y, -e.x), m));
        pv->bv[0] = b->p;
        pv->bv[1] = b->q;
        pv->bn[0] = n;
        pv->bn[1] = gjk_neg2(n);
        pv->v = pv->bv;
        pv->n = pv->bn;
        pv->count = 2;
    } else if (b->kind == GJK2_BOX) {
        gjk_real x = b->p.x, y = b->p.y;
        pv->bv[0] = gjk_v2(-x, -y);
        pv->bv[1] = gjk_v2(x, -y);
        pv->bv[2] = gjk_v2(x, y);
        pv->bv[3] = gjk_v2(-x, y);
        pv->bn[0] = gjk_v2(0, -1);
        pv->bn[1] = gjk_v2(1, 0);
        pv->bn[2] = gjk_v2(0, 1);
        pv->bn[3] = gjk_v2(-1, 0);
        pv->v = pv->bv;
        pv->n = pv->bn;
        pv->count = 4;
    } else {
        pv->v = b->verts;
        pv->n = b->normals;
        pv->count = b->count;
    }
}

static int next_of(int i, int n) { return i + 1 == n ? 0 : i + 1; }
static int prev_of(int i, int n) { return i == 0 ? n - 1 : i - 1; }

/* Index of the first vertex of v[0..n) with the least d.v (selects, not branches: the winner is data). */
static int argmin_dot(const gjk_vec2 *v, int n, gjk_vec2 d) {
    int best = 0;
    gjk_real m = gjk_dot2(v[0], d);
    for (int i = 1; i < n; i++) {
        gjk_real t = gjk_dot2(v[i], d);
        best = t < m ? i : best;
        m = t < m ? t : m;
    }
    return best;
}

/* From vertex j, walk forward while the next vertex is not worse along d (a plateau is an edge perpendicular to d,
   crossed to its far end, which is where the following axis's walk must start); returns the vertex reached and its
   value in *value. Bounded by n steps. */
GJK2_INLINE int walk_min(const gjk_vec2 *v, int n, gjk_vec2 d, int j, gjk_real *value) {
    gjk_real cur = gjk_dot2(v[j], d);
    for (int k = 0; k < n; k++) {
        int nx = j + 1 == n ? 0 : j + 1;
        gjk_real t = gjk_dot2(v[nx], d);
        if (!(t <= cur)) break;
        j = nx;
        cur = t;
    }
    *value = cur;
    return j;
}

/* The largest separation min_j n_i.q_j - n_i.p_i over the edges i of polygon P (vertices pv, normals pn) against
   the vertices of Q, both in one frame, by the walk. Stops as soon as one exceeds `stop` (returns false). *best,
   *edge, *vertex (Q's deepest vertex) are updated when an edge beats *best. */
GJK2_INLINE bool edges_against(const gjk_vec2 *pv, const gjk_vec2 *pn, int np, const gjk_vec2 *qv, int nq,
                               gjk_real stop, gjk_real *best, int *edge, int *vertex) {
    int j = argmin_dot(qv, nq, pn[0]);
    for (int i = 0; i < np; i++) {
        gjk_vec2 n = pn[i];
        gjk_real m;
        j = walk_min(qv, nq, n, j, &m);
        gjk_real sep = m - gjk_dot2(n, pv[i]);
        if (sep > *best) {
            *best = sep;
            *edge = i;
            *vertex = j;
            if (sep > stop) return false;
        }
    }
    return true;
}

/* Least d.v over v[0..n), branch-free (quadrilaterals unrolled into two independent minima). */
GJK2_INLINE gjk_real min_dot(const gjk_vec2 *v, int n, gjk_vec2 d) {
    if (n == 4) {
        gjk_real t0 = gjk_dot2(v[0], d), t1 = gjk_dot2(v[1], d), t2 = gjk_dot2(v[2], d), t3 = gjk_dot2(v[3], d);
        t0 = t1 < t0 ? t1 : t0;
        t2 = t3 < t2 ? t3 : t2;
        return t2 < t0 ? t2 : t0;
    }
    gjk_real m = gjk_dot2(v[0], d);
    for (int k = 1; k < n; k++) {
        gjk_real t = gjk_dot2(v[k], d);
        m = t < m ? t : m;
    }
    return m;
}

/* Small polygons, all in one frame: every edge of P against every vertex of Q. Returns the largest separation
   (the first above `stop` ends the pass) and its edge in *edge. */
GJK2_INLINE gjk_real brute_pass(const gjk_vec2 *pv, const gjk_vec2 *pn, int np, const gjk_vec2 *qv, int nq,
                                gjk_real stop, int *edge) {
    gjk_real best = -GJK_REAL_MAX;
    int e = 0;
    for (int i = 0; i < np; i++) {
        gjk_real sep = min_dot(qv, nq, pn[i]) - gjk_dot2(pn[i], pv[i]);
        e = sep > best ? i : e;
        best = sep > best ? sep : best;
        if (sep > stop) break;
    }
    *edge = e;
    return best;
}

/* Range along the unit tangent t of the deepest feature of a polygon along n: vertex p, and each neighbour (q_prev,
   q_next) whose depth is within tol of it. All in the query frame. */
static void feature_range(gjk_vec2 p, gjk_vec2 q_prev, gjk_vec2 q_next, gjk_vec2 n, gjk_vec2 t, gjk_real tol,
                          gjk_real *lo, gjk_real *hi) {
    /* (selects, not branches: whether a neighbour is as deep is data) */
    gjk_real d = gjk_dot2(n, p), s = gjk_dot2(t, p);
    gjk_real sp = gjk_dot2(t, q_prev), sn = gjk_dot2(t, q_next);
    sp = gjk_dot2(n, q_prev) - d <= tol ? sp : s;
    sn = gjk_dot2(n, q_next) - d <= tol ? sn : s;
    *lo = gjk_minr(s, gjk_minr(sp, sn));
    *hi = gjk_maxr(s, gjk_maxr(sp, sn));
}

/* The point on the reference edge p0 -> p1 (query frame, unit tangent t) at the middle of the overlap of its range
   along t with [lo, hi] (the other feature's range; when they are disjoint, the middle of the gap). *inside: they
   overlap. */
static gjk_vec2 on_edge(gjk_vec2 p0, gjk_vec2 p1, gjk_vec2 t, gjk_real lo, gjk_real hi, bool *inside) {
    gjk_real t0 = gjk_dot2(t, p0), t1 = gjk_dot2(t, p1);
    gjk_real a = gjk_maxr(gjk_minr(t0, t1), lo), b = gjk_minr(gjk_maxr(t0, t1), hi);
    *inside = a <= b;
    return gjk_mad2(p0, GJK_R(0.5) * (a + b) - t0, t);
}

/* B's vertex i in the query frame, for B too big to be moved whole. */
static gjk_vec2 b_vertex(const gjk2_body *b, const gjk2_poly *B, int i) {
    return gjk_add2(gjk_rotate2(b->rot, B->v[i]), b->pos);
}

/* Huge B: the walks in B's own frame, A's normals rotated into it (and B's into the query frame) one at a time. */
static bool walk_local(const gjk2_body *bb, const gjk2_poly *A, const gjk2_poly *B, gjk_real stop, gjk_real *best,
                       int *side, int *edge, int *vertex) {
    const gjk_rot2 rb = bb->rot;
    const gjk_vec2 tb = bb->pos;
    int j = argmin_dot(B->v, B->count, gjk_inv_rotate2(rb, A->n[0]));
    for (int i = 0; i < A->count; i++) {
        gjk_vec2 n = A->n[i];
        gjk_real mb;
        j = walk_min(B->v, B->count, gjk_inv_rotate2(rb, n), j, &mb);
        gjk_real sep = mb + gjk_dot2(n, tb) - gjk_dot2(n, A->v[i]);
        if (sep > *best) {
            *best = sep;
            *side = 0;
            *edge = i;
            *vertex = j;
            if (sep > stop) return false;
        }
    }
    int k = argmin_dot(A->v, A->count, gjk_rotate2(rb, B->n[0]));
    for (int jb = 0; jb < B->count; jb++) {
        gjk_vec2 mq = gjk_rotate2(rb, B->n[jb]);
        gjk_real ma;
        k = walk_min(A->v, A->count, mq, k, &ma);
        gjk_real sep = ma - gjk_dot2(B->n[jb], B->v[jb]) - gjk_dot2(mq, tb);
        if (sep > *best) {
            *best = sep;
            *side = 1;
            *edge = jb;
            *vertex = k;
            if (sep > stop) return false;
        }
    }
    return true;
}

void gjk2_sat_pass(gjk2_ctx *ctx, gjk_real stop, bool points, gjk2_sat_axes *s) {
    gjk2_poly *A = &s->A, *B = &s->B;
    view(&ctx->a, A);
    view(&ctx->b, B);
    const gjk2_body *bb = &ctx->b;
    const int small = points ? GJK2_SAT_SMALL : GJK2_SAT_BOOLEAN;
    const bool brute = A->count <= small && B->count <= small;
    gjk_vec2 *bv = s->bv, *bn = s->bn;
    gjk_real best = -GJK_REAL_MAX;
    int side = 0, edge = 0, vertex = 0;
    bool all;
    s->moved = B->count <= GJK2_SAT_STACK;
    s->brute = brute;
    if (s->moved) {
        for (int j = 0; j < B->count; j++) {
            bv[j] = gjk_add2(gjk_rotate2(bb->rot, B->v[j]), bb->pos);
            bn[j] = gjk_rotate2(bb->rot, B->n[j]);
        }
        if (brute) {
            int e1;
            best = brute_pass(A->v, A->n, A->count, bv, B->count, stop, &edge);
            all = best <= stop;
            if (all) {
                gjk_real b1 = brute_pass(bv, bn, B->count, A->v, A->count, stop, &e1);
                all = b1 <= stop;
                side = b1 > best;
                edge = side ? e1 : edge;
                best = side ? b1 : best;
            }
        } else {
            all = edges_against(A->v, A->n, A->count, bv, B->count, stop, &best, &edge, &vertex);
            if (all) {
                int e1 = -1, v1 = 0;
                gjk_real b0 = best;
                all = edges_against(bv, bn, B->count, A->v, A->count, stop, &best, &e1, &v1);
                if (best > b0) {
                    side = 1;
                    edge = e1;
                    vertex = v1;
                }
            }
        }
    } else {
        all = walk_local(bb, A, B, stop, &best, &side, &edge, &vertex);
    }
    s->all = all;
    s->best = best;
    s->side = side;
    s->edge = edge;
    s->vertex = vertex;
    /* The axis from A to B: A's normal, or minus B's. */
    s->axis = side == 0 ? A->n[edge] : gjk_neg2(s->moved ? bn[edge] : gjk_rotate2(bb->rot, B->n[edge]));
}

gjk2_sat_result gjk2_sat_points(gjk2_ctx *ctx, gjk2_sat_axes *s, gjk2_core *out) {
    const gjk2_body *bb = &ctx->b;
    const gjk2_poly *A = &s->A, *B = &s->B;
    const gjk_real best = s->best;
    const int side = s->side, edge = s->edge;
    int vertex = s->vertex;
    /* Contact points on the deepest axis; for apart cores, whether they are the closest points. The reference
       polygon R (the axis's owner, outward normal m) and the incident one I are chosen by pointer, so that both
       cases run the same code. */
    gjk_real tol = GJK_R(4.0) * gjk2_tolerance(ctx), lo, hi;
    bool inside;
    const gjk_vec2 n = s->axis, m = side == 0 ? n : gjk_neg2(n), t = gjk_perp2(m);
    gjk_vec2 r0, r1, i0, i1, i2; /* reference edge; incident deepest vertex and its neighbours */
    if (s->moved) {
        const gjk_vec2 *rv = side == 0 ? A->v : s->bv, *iv = side == 0 ? s->bv : A->v;
        const int rn = side == 0 ? A->count : B->count, in = side == 0 ? B->count : A->count;
        if (s->brute) vertex = argmin_dot(iv, in, m);
        r0 = rv[edge];
        r1 = rv[next_of(edge, rn)];
        i0 = iv[vertex];
        i1 = iv[prev_of(vertex, in)];
        i2 = iv[next_of(vertex, in)];
    } else if (side == 0) {
        r0 = A->v[edge];
        r1 = A->v[next_of(edge, A->count)];
        i0 = b_vertex(bb, B, vertex);
        i1 = b_vertex(bb, B, prev_of(vertex, B->count));
        i2 = b_vertex(bb, B, next_of(vertex, B->count));
    } else {
        r0 = b_vertex(bb, B, edge);
        r1 = b_vertex(bb, B, next_of(edge, B->count));
        i0 = A->v[vertex];
        i1 = A->v[prev_of(vertex, A->count)];
        i2 = A->v[next_of(vertex, A->count)];
    }
    feature_range(i0, i1, i2, m, t, tol, &lo, &hi);
    gjk_vec2 on_r = on_edge(r0, r1, t, lo, hi, &inside), on_i = gjk_mad2(on_r, best, m);
    /* a on A, b on B: b = a + dist * normal. */
    out->a.x = side == 0 ? on_r.x : on_i.x; /* (selects per component: the side is data) */
    out->a.y = side == 0 ? on_r.y : on_i.y;
    out->b.x = side == 0 ? on_i.x : on_r.x;
    out->b.y = side == 0 ? on_i.y : on_r.y;
    out->normal = n;
    out->dist = best;
    out->common = out->a;
    /* Apart, with the deepest feature facing the reference edge: a vertex (or edge) of one polygon at distance
       `best` from the other's edge, and no pair is closer than a separation: the distance is exact. */
    return best <= 0 || inside ? GJK2_SAT_CONTACT : GJK2_SAT_APART;
}

gjk2_sat_result gjk2_sat(gjk2_ctx *ctx, gjk_real stop, gjk2_core *out, gjk_real *separation, gjk_vec2 *axis) {
    gjk2_sat_axes s;
    gjk2_sat_pass(ctx, stop, out != NULL, &s);
    *axis = s.axis;
    *separation = s.best;
    if (!s.all) return GJK2_SAT_SEPARATED;
    if (out == NULL) return s.best > 0 ? GJK2_SAT_APART : GJK2_SAT_CONTACT;
    return gjk2_sat_points(ctx, &s, out);
}
