// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Closest point of a simplex (1 to 4 points) to the origin: the signed-volume sub-algorithm of
   Montanari, Petrinic, Barbieri, "Improving the GJK algorithm for faster and more reliable distance queries between
   convex objects", ACM Trans. Graph. 36(1), 2017.

   Johnson's original sub-algorithm decides Voronoi regions from differences of dot products and, near degenerate
   simplices, cycles or picks a region that does not hold the closest point (docs/numerics.md, "The signed-volume
   simplex solver"). The signed-volume method instead computes barycentric coordinates as ratios of signed volumes
   (areas, lengths) measured in the coordinate plane (axis) where the simplex is largest, and decides regions only by
   comparing signs. A simplex whose volume is zero (or negligible next to its size) simply fails every sign test and
   falls through to its faces, so degenerate simplices reduce naturally instead of dividing by ~0. */
#include "internal3.h"

/* True when a and b are both strictly positive or both strictly negative. */
static inline bool same_sign(gjk_real a, gjk_real b) { return (a > 0 && b > 0) || (a < 0 && b < 0); }

static void point_result(const gjk_vec3 *p, int i, gjk_subsimplex3 *r) {
    r->count = 1;
    r->idx[0] = i;
    r->lambda[0] = 1;
    r->v = p[i];
    r->dist2 = gjk_len_sq3(p[i]);
}

/* Segment p[i]..p[j]. */
static void solve1(const gjk_vec3 *p, int i, int j, gjk_subsimplex3 *r) {
    gjk_vec3 a = p[i], b = p[j];
    gjk_vec3 t = gjk_sub3(b, a);
    gjk_real tt = gjk_len_sq3(t);
    if (tt > 0) {
        /* Project the origin on the line, then measure the two sub-lengths along the axis where the segment is
           longest: their signs against the whole length decide whether the projection lies inside. */
        gjk_vec3 q = gjk_mad3(a, -gjk_dot3(a, t) / tt, t);
        gjk_real mu = t.x, qa = q.x - a.x, bq = b.x - q.x;
        if (GJK_ABS(t.y) > GJK_ABS(mu)) mu = t.y, qa = q.y - a.y, bq = b.y - q.y;
        if (GJK_ABS(t.z) > GJK_ABS(mu)) mu = t.z, qa = q.z - a.z, bq = b.z - q.z;
        if (same_sign(mu, bq) && same_sign(mu, qa)) {
            r->count = 2;
            r->idx[0] = i;
            r->idx[1] = j;
            /* (over their sum, not mu: rounding can make them disagree, see solve2) */
            gjk_real sum = bq + qa;
            r->lambda[0] = bq / sum;
            r->lambda[1] = qa / sum;
            r->v = gjk_add3(gjk_scale3(a, r->lambda[0]), gjk_scale3(b, r->lambda[1]));
            r->dist2 = gjk_len_sq3(r->v);
            return;
        }
    }
    /* Outside (or zero length): the nearer end point. */
    point_result(p, gjk_len_sq3(a) <= gjk_len_sq3(b) ? i : j, r);
}

/* Twice the signed area of triangle (p, q, r) in coordinates (x, y) = components (k1, k2). */
static inline gjk_real area2(gjk_real px, gjk_real py, gjk_real qx, gjk_real qy, gjk_real rx, gjk_real ry) {
    return (qx - px) * (ry - py) - (qy - py) * (rx - px);
}

/* The two coordinates of v other than axis ax, in cyclic order (so that areas keep the sign of n's component). */
static inline void drop_axis(gjk_vec3 v, int ax, gjk_real *x, gjk_real *y) {
    if (ax == 0) *x = v.y, *y = v.z;
    else if (ax == 1) *x = v.z, *y = v.x;
    else *x = v.x, *y = v.y;
}

static void keep_nearer(gjk_subsimplex3 *best, const gjk_subsimplex3 *s) {
    if (s->dist2 < best->dist2) *best = *s;
}

/* Triangle p[i], p[j], p[k]; `nw` is the index of the vertex GJK just added (-1: none). The closest point of the
   grown simplex lies on a sub-simplex holding the new vertex (the origin is on the far side of the old simplex
   from it: Gilbert, Johnson, Keerthi 1988), so an edge without it is not examined when the triangle's own
   region fails. Rounding may break that premise only in degenerate cases, which GJK's no-progress test ends. */
static void solve2(const gjk_vec3 *p, int i, int j, int k, int nw, gjk_subsimplex3 *r) {
    gjk_vec3 a = p[i], b = p[j], c = p[k];
    gjk_vec3 ab = gjk_sub3(b, a), ac = gjk_sub3(c, a);
    gjk_vec3 n = gjk_cross3(ab, ac);
    gjk_real nn = gjk_len_sq3(n);
    /* A triangle whose area is negligible next to its edges is treated as degenerate: its edges decide. */
    gjk_real e = gjk_len_sq3(ab) * gjk_len_sq3(ac);
    if (nn > GJK_REAL_EPSILON * GJK_REAL_EPSILON * e && nn > 0) {
        gjk_vec3 q = gjk_scale3(n, gjk_dot3(a, n) / nn); /* projection of the origin on the plane */
        /* Project along the normal's largest axis; mu is then twice the projected area of (a, b, c), signed. */
        gjk_real nx = GJK_ABS(n.x), ny = GJK_ABS(n.y), nz = GJK_ABS(n.z);
        int ax = nx >= ny ? (nx >= nz ? 0 : 2) : (ny >= nz ? 1 : 2);
        gjk_real mu = ax == 0 ? n.x : (ax == 1 ? n.y : n.z);
        gjk_real ax1, ay, bx, by, cx, cy, qx, qy;
        drop_axis(a, ax, &ax1, &ay);
        drop_axis(b, ax, &bx, &by);
        drop_axis(c, ax, &cx, &cy);
        drop_axis(q, ax, &qx, &qy);
        gjk_real C0 = area2(qx, qy, bx, by, cx, cy), C1 = area2(ax1, ay, qx, qy, cx, cy);
        gjk_real C2 = area2(ax1, ay, bx, by, qx, qy);
        bool s0 = same_sign(mu, C0), s1 = same_sign(mu, C1), s2 = same_sign(mu, C2);
        if (s0 && s1 && s2) {
            r->count = 3;
            r->idx[0] = i;
            r->idx[1] = j;
            r->idx[2] = k;
            /* The sub-areas sum to mu in exact arithmetic; on a sliver (two vertices 5e-12 apart, the third 4 away)
               they can miss it by 8.8e-7 relative, and coordinates that do not sum to 1 scale every witness: a box
               corner shared by all three vertices would come out 3.5e-6 off the box (regression seed
               regression_lambda_sum).
               Dividing by their own sum keeps the weights a convex combination. */
            gjk_real sum = C0 + C1 + C2;
            r->lambda[0] = C0 / sum;
            r->lambda[1] = C1 / sum;
            r->lambda[2] = C2 / sum;
            /* The point itself is the plane projection: its direction is the face normal, accurate even when
               the distance is tiny (a barycentric sum would lose it to cancellation). */
            r->v = q;
            r->dist2 = gjk_len_sq3(q);
            return;
        }
        /* The origin is outside the edges opposite the vertices whose sub-area has the wrong sign: only those
           edges can hold the closest point. */
        gjk_subsimplex3 s;
        r->dist2 = GJK_REAL_MAX;
        r->count = 0;
        if (!s0 && i != nw) solve1(p, j, k, r);
        if (!s1 && j != nw) {
            solve1(p, k, i, &s);
            keep_nearer(r, &s);
        }
        if (!s2 && k != nw) {
            solve1(p, i, j, &s);
            keep_nearer(r, &s);
        }
        if (r->count > 0) return;
    }
    gjk_subsimplex3 s;
    solve1(p, i, j, r);
    solve1(p, j, k, &s);
    keep_nearer(r, &s);
    solve1(p, k, i, &s);
    keep_nearer(r, &s);
}

static inline gjk_real det3(gjk_vec3 a, gjk_vec3 b, gjk_vec3 c) { return gjk_dot3(a, gjk_cross3(b, c)); }

/* Tetrahedron p[0..3], p[3] the new vertex: only the faces through it are examined (see solve2), unless `whole`:
   then every face, each searched whole. */
static void solve3(const gjk_vec3 *p, bool whole, gjk_subsimplex3 *r) {
    gjk_vec3 a = p[0], b = p[1], c = p[2], d = p[3];
    /* Signed volumes of the tetrahedra with the origin in place of each vertex; they sum to the whole volume. */
    gjk_real C[4] = {det3(b, c, d), -det3(a, c, d), det3(a, b, d), -det3(a, b, c)};
    gjk_real mu = C[0] + C[1] + C[2] + C[3];
    gjk_vec3 e1 = gjk_sub3(b, a), e2 = gjk_sub3(c, a), e3 = gjk_sub3(d, a);
    gjk_real size = gjk_len3(e1) * gjk_len3(e2) * gjk_len3(e3);
    bool solid = GJK_ABS(mu) > GJK_R(16.0) * GJK_REAL_EPSILON * size;
    bool in[4];
    for (int m = 0; m < 4; ++m) in[m] = solid && same_sign(mu, C[m]);
    if (in[0] && in[1] && in[2] && in[3]) {
        r->count = 4;
        for (int m = 0; m < 4; ++m) {
            r->idx[m] = m;
            r->lambda[m] = C[m] / mu;
        }
        r->v = gjk_v3(0, 0, 0);
        r->dist2 = 0;
        return;
    }
    static const int face[4][3] = {{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}};
    gjk_subsimplex3 s;
    r->dist2 = GJK_REAL_MAX;
    r->count = 0;
    if (whole) {
        for (int m = 0; m < 4; ++m) {
            solve2(p, face[m][0], face[m][1], face[m][2], -1, &s);
            keep_nearer(r, &s);
        }
        return;
    }
    for (int m = 0; m < 3; ++m) {
        if (in[m]) continue;
        solve2(p, face[m][0], face[m][1], face[m][2], 3, &s);
        keep_nearer(r, &s);
    }
    if (r->count == 0) solve2(p, 0, 1, 2, -1, r);
}

/* The closest point of s->v[0 .. n-1]; `whole`: every sub-simplex searched (gjk_simplex3_closest_whole). */
static void simplex3_closest(const gjk_simplex3 *s, int n, bool whole, gjk_subsimplex3 *out) {
    gjk_vec3 p[4];
    for (int i = 0; i < n; ++i) p[i] = s->v[i].w;
    switch (n) {
    case 1: point_result(p, 0, out); break;
    case 2: solve1(p, 0, 1, out); break;
    case 3: solve2(p, 0, 1, 2, !whole && n - 1 == s->count ? 2 : -1, out); break;
    default: solve3(p, whole, out); break;
    }
}

void gjk_simplex3_closest(const gjk_simplex3 *s, int n, gjk_subsimplex3 *out) { simplex3_closest(s, n, false, out); }

void gjk_simplex3_closest_whole(const gjk_simplex3 *s, int n, gjk_subsimplex3 *out) {
    simplex3_closest(s, n, true, out);
}

void gjk_simplex3_commit(gjk_simplex3 *s, const gjk_subsimplex3 *sub) {
    gjk_vertex3 kept[4];
    for (int i = 0; i < sub->count; ++i) kept[i] = s->v[sub->idx[i]];
    for (int i = 0; i < sub->count; ++i) {
        s->v[i] = kept[i];
        s->lambda[i] = sub->lambda[i];
    }
    s->count = sub->count;
}

gjk_vec3 gjk_simplex3_solve(gjk_simplex3 *s) {
    gjk_subsimplex3 sub;
    gjk_simplex3_closest(s, s->count, &sub);
    gjk_simplex3_commit(s, &sub);
    return sub.v;
}

/* Barycentric coordinates of a point in a sliver triangle are ill-conditioned: the closest point v itself is the
   plane projection (solve2) and is accurate, but sum(lambda_i w_i) may miss it by far more than rounding (a sphere
   against a cylinder's rim: 1e-4 at size 3, enough to put the sphere's witness off the sphere once the two are
   re-centred on the normal). A weight error moves each shape's witness in proportion to how far apart that shape's
   vertices are, so the mismatch with the target is charged to the shapes in that proportion: a shape whose
   vertices coincide (a point core, a vertex of a box) keeps its exact witness, and pa - pb = target. */
void gjk_witness3_combine(const gjk_vertex3 *const *v, const gjk_real *lambda, int n, const gjk_minkowski3 *m,
                          gjk_vec3 *pa, gjk_vec3 *pb) {
    gjk_vec3 a = gjk_v3(0, 0, 0), b = gjk_v3(0, 0, 0);
    for (int i = 0; i < n; ++i) {
        a = gjk_mad3(a, lambda[i], v[i]->a);
        b = gjk_mad3(b, lambda[i], v[i]->bl);
    }
    *pa = a;
    *pb = gjk_minkowski3_b_to_a(m, b); /* the combination in B's frame, then one transform */
}

void gjk_witness3(const gjk_vertex3 *const *v, const gjk_real *lambda, int n, const gjk_minkowski3 *m,
                  gjk_vec3 target, gjk_vec3 *pa, gjk_vec3 *pb) {
    gjk_vec3 a, b;
    gjk_witness3_combine(v, lambda, n, m, &a, &b);
    gjk_real sa = 0, sb = 0;
    for (int i = 0; i < n; ++i) {
        sa = gjk_maxr(sa, gjk_len_sq3(gjk_sub3(v[i]->a, v[0]->a)));
        sb = gjk_maxr(sb, gjk_len_sq3(gjk_sub3(v[i]->bl, v[0]->bl)));
    }
    sa = GJK_SQRT(sa);
    sb = GJK_SQRT(sb);
    if (sa + sb > 0) {
        gjk_vec3 e = gjk_sub3(gjk_sub3(a, b), target);
        gjk_real fa = sa / (sa + sb);
        a = gjk_mad3(a, -fa, e);
        b = gjk_mad3(b, 1 - fa, e);
    }
    *pa = a;
    *pb = b;
}

void gjk_simplex3_witness(const gjk_simplex3 *s, const gjk_minkowski3 *m, gjk_vec3 target, gjk_vec3 *pa,
                          gjk_vec3 *pb) {
    const gjk_vertex3 *v[4] = {&s->v[0], &s->v[1], &s->v[2], &s->v[3]};
    gjk_witness3(v, s->lambda, s->count, m, target, pa, pb);
}
