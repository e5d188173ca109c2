// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Closest point of a 2D simplex (1 to 3 points of D = A - B) to the origin, for every 2D caller: GJK (gjk2.c) and
   the GJK ray cast that the ray casts and the linear shape casts share (ray_gjk2.c). The signed-volume sub-algorithm
   of Montanari, Petrinic, Barbieri ("Improving the GJK algorithm for faster and more reliable distance queries
   between convex objects", ACM TOG 36(1), 2017) in the plane: a triangle is decided by the signs of the signed
   areas of the sub-triangles made with the origin, a segment by the signs of the signed lengths of the
   sub-segments cut by the origin's projection. Unlike Johnson's sub-algorithm it needs no epsilon to pick a region
   and cannot cycle. One flatness rule: a triangle whose height over its longest edge is within the caller's
   distance tolerance (a few ulps of the problem's size) is flat, and its three edges decide.

   The mirror of simplex3.c (gjk_simplex2_closest / _commit / _witness), with two differences that the speed of the
   2D queries asks for: the functions are inline here, because GJK's loop is instantiated per pair of support kinds
   and the solver is most of its body; and the loop keeps no barycentric coordinates (gjk_simplex2_witness computes
   them once, for the final simplex, the way the loop computed v). Not installed. */
#ifndef GJK_SIMPLEX2_H
#define GJK_SIMPLEX2_H

#include "internal2.h"

/* The sub-simplex holding the closest point: how many vertices, which (in order), and the point. */
typedef struct gjk_subsimplex2 {
    int count;
    int idx[2]; /* the kept vertices when count < 3 (a triangle keeps all three) */
    gjk_vec2 v;
} gjk_subsimplex2;

/* Closest point of segment [p, q] to the origin. As in the signed-volume method (Montanari et al. 2017, S1D) the
   region is decided by the signs of the two signed lengths of the sub-segments cut by the origin's projection, with
   no epsilon, and those lengths give the barycentric coordinates. They are measured along the segment, each from
   the opposite endpoint: lambda_p = q.e / e.e and lambda_q = -p.e / e.e. Computing lambda_p as 1 - lambda_q instead
   would lose all relative precision of the small coordinate when the origin projects next to q and p is far away
   (a long edge of a big shape against a small one): lambda_p * p would then carry an error of eps * |p|.
   Returns 0 (p alone), 1 (q alone) or 2 (inside; *lp, *lq are the coordinates times |e|^2). */
GJK2_INLINE int gjk_simplex2_segment(gjk_vec2 p, gjk_vec2 q, gjk_real *lp, gjk_real *lq) {
    gjk_vec2 e = gjk_sub2(q, p);
    *lp = gjk_dot2(q, e);
    *lq = -gjk_dot2(p, e);
    if (!(*lq > 0)) return 0; /* the origin projects before p (or the segment has no length) */
    if (!(*lp > 0)) return 1; /* beyond q */
    return 2;
}

/* The point lp p + lq q, normalised by lp + lq (= |e|^2, so that the coordinates add up to 1). */
GJK2_INLINE gjk_vec2 gjk_simplex2_segment_point(gjk_vec2 p, gjk_vec2 q, gjk_real lp, gjk_real lq) {
    gjk_real k = GJK_R(1.0) / (lp + lq);
    return gjk_add2(gjk_scale2(p, lp * k), gjk_scale2(q, lq * k));
}

/* Twice the area of triangle (a, b, c), from the two shortest edges: their cross product has the smallest
   rounding error (E. Catto, "troublesome triangle", box2d.org; Jolt's ClosestPoint does the same). Also returns
   the squared length of the longest edge. */
GJK2_INLINE gjk_real gjk_simplex2_area(gjk_vec2 a, gjk_vec2 b, gjk_vec2 c, gjk_real *longest_sq) {
    gjk_vec2 ab = gjk_sub2(b, a), bc = gjk_sub2(c, b), ca = gjk_sub2(a, c);
    gjk_real lab = gjk_len_sq2(ab), lbc = gjk_len_sq2(bc), lca = gjk_len_sq2(ca);
    if (lab >= lbc && lab >= lca) {
        *longest_sq = lab;
        return gjk_cross2(bc, ca); /* longest edge ab: use the edges at c */
    }
    if (lbc >= lca) {
        *longest_sq = lbc;
        return gjk_cross2(ca, ab);
    }
    *longest_sq = lca;
    return gjk_cross2(ab, bc);
}

/* The signed areas C_i of the triangles made by the origin with the edge opposite vertex i and their sum n (the
   triangle's signed area, Montanari et al. 2017, S2D in the plane); returns whether the triangle counts as flat:
   height over the longest edge within the distance tolerance tol. */
GJK2_INLINE bool gjk_simplex2_areas(const gjk2_vertex *p, gjk_real tol, gjk_real *c, gjk_real *n) {
    c[0] = gjk_cross2(p[1].w, p[2].w);
    c[1] = gjk_cross2(p[2].w, p[0].w);
    c[2] = gjk_cross2(p[0].w, p[1].w);
    *n = c[0] + c[1] + c[2];
    gjk_real longest_sq;
    gjk_real area = gjk_simplex2_area(p[0].w, p[1].w, p[2].w, &longest_sq);
    return !(area * area > tol * tol * longest_sq) || !(GJK_ABS(*n) > 0) || (*n > 0) != (area > 0);
}

/* Closest point to the origin of triangle p[0..2]: the origin is inside exactly when every C_i has the triangle's
   sign (the triangle is kept, v = 0); otherwise the closest point lies on an edge whose C_i disagrees, and all such
   edges are tried (a flat triangle: all three). Returns the kept count (1, 2 or 3), the indices of the kept
   vertices in keep[], in order, and the point in *v. */
GJK2_INLINE int gjk_simplex2_triangle(const gjk2_vertex *p, gjk_real tol, int *keep, gjk_vec2 *v) {
    gjk_real c[3], n;
    bool flat = gjk_simplex2_areas(p, tol, c, &n);
    if (!flat && (n > 0 ? (c[0] > 0 && c[1] > 0 && c[2] > 0) : (c[0] < 0 && c[1] < 0 && c[2] < 0))) {
        *v = gjk_v2(0, 0);
        return 3;
    }
    /* Some C_i always disagrees when the origin is not inside; the default only guards against NaN input. */
    gjk_real best_sq = GJK_REAL_MAX;
    int count = 1;
    keep[0] = 2;
    *v = p[2].w;
    for (int i = 0; i < 3; i++) {
        if (!flat && (n > 0 ? c[i] > 0 : c[i] < 0)) continue;
        int j = i == 2 ? 0 : i + 1, k = j == 2 ? 0 : j + 1;
        gjk_real lp, lq;
        int r = gjk_simplex2_segment(p[j].w, p[k].w, &lp, &lq);
        gjk_vec2 cand = r == 0 ? p[j].w : r == 1 ? p[k].w : gjk_simplex2_segment_point(p[j].w, p[k].w, lp, lq);
        gjk_real d = gjk_len_sq2(cand);
        if (d < best_sq) {
            best_sq = d;
            *v = cand;
            count = r == 2 ? 2 : 1;
            keep[0] = r == 1 ? k : j;
            keep[1] = k;
        }
    }
    return count;
}

/* The closest point of the n points p[0 .. n-1] (p[n-1] the newest); tol: the flatness tolerance, a distance. */
GJK2_INLINE void gjk_simplex2_closest(const gjk2_vertex *p, int n, gjk_real tol, gjk_subsimplex2 *out) {
    out->idx[0] = 0;
    out->idx[1] = 1;
    if (n == 1) {
        out->count = 1;
        out->v = p[0].w;
    } else if (n == 2) {
        gjk_real lp, lq;
        int r = gjk_simplex2_segment(p[0].w, p[1].w, &lp, &lq);
        out->count = r == 2 ? 2 : 1;
        out->idx[0] = r == 1 ? 1 : 0;
        out->v = r == 0 ? p[0].w : r == 1 ? p[1].w : gjk_simplex2_segment_point(p[0].w, p[1].w, lp, lq);
    } else {
        out->count = gjk_simplex2_triangle(p, tol, out->idx, &out->v);
    }
}

/* Keep only the sub-simplex's vertices, in order, at the front. */
GJK2_INLINE void gjk_simplex2_commit(gjk2_simplex *s, const gjk_subsimplex2 *sub) {
    if (sub->count < 3 && (sub->idx[0] != 0 || (sub->count == 2 && sub->idx[1] != 1))) {
        gjk2_vertex p0 = s->p[sub->idx[0]], p1 = s->p[sub->idx[1]];
        s->p[0] = p0;
        s->p[1] = p1;
    }
    s->count = sub->count;
}

/* The witnesses of the simplex's closest point: its barycentric coordinates (computed here, once, the way
   gjk_simplex2_closest computed the point) applied to the vertices' points on A and on B. */
GJK2_INLINE void gjk_simplex2_witness(const gjk2_simplex *s, gjk_vec2 *a, gjk_vec2 *b) {
    const gjk2_vertex *p = s->p;
    if (s->count == 2) {
        gjk_real lp, lq;
        if (gjk_simplex2_segment(p[0].w, p[1].w, &lp, &lq) == 2) {
            *a = gjk_simplex2_segment_point(p[0].a, p[1].a, lp, lq);
            *b = gjk_simplex2_segment_point(p[0].b, p[1].b, lp, lq);
            return;
        }
    } else if (s->count == 3) {
        gjk_real c[3], n;
        (void)gjk_simplex2_areas(p, 0, c, &n);
        if (GJK_ABS(n) > 0) {
            gjk_vec2 pa = gjk_v2(0, 0), pb = gjk_v2(0, 0);
            for (int i = 0; i < 3; i++) {
                pa = gjk_mad2(pa, c[i] / n, p[i].a);
                pb = gjk_mad2(pb, c[i] / n, p[i].b);
            }
            *a = pa;
            *b = pb;
            return;
        }
    }
    *a = p[0].a;
    *b = p[0].b;
}

#endif
