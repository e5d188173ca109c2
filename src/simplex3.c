/* Closest point of a simplex (1 to 4 points) to the origin: the signed-volume sub-algorithm of
   Montanari, Petrinic, Barbieri, "Improving the GJK algorithm for faster and more reliable distance queries between
   convex objects", ACM Trans. Graph. 36(1), 2017.

   Johnson's original sub-algorithm decides Voronoi regions from differences of dot products and, near degenerate
   simplices, cycles or picks a region that does not hold the closest point (NUMERICS.md). The signed-volume method
   instead computes barycentric coordinates as ratios of signed volumes (areas, lengths) measured in the coordinate
   plane (axis) where the simplex is largest, and decides regions only by comparing signs. A simplex whose volume is
   zero (or negligible next to its size) simply fails every sign test and falls through to its faces, so
   degenerate simplices reduce naturally instead of dividing by ~0. */
#include "internal3.h"

/* True when a and b are both strictly positive or both strictly negative. */
static bool same_sign(gjk_real a, gjk_real b) { return (a > 0 && b > 0) || (a < 0 && b < 0); }

typedef struct sub_result {
    gjk_real lambda[4];
    int idx[4]; /* which input vertices are kept */
    int count;
    gjk_vec3 v;
    gjk_real dist2;
} sub_result;

static sub_result point_result(const gjk_vec3 *p, int i) {
    sub_result r;
    r.count = 1;
    r.idx[0] = i;
    r.lambda[0] = 1;
    r.v = p[i];
    r.dist2 = gjk_len_sq3(p[i]);
    return r;
}

/* Segment p[i]..p[j]. */
static sub_result solve1(const gjk_vec3 *p, int i, int j) {
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
            sub_result r;
            r.count = 2;
            r.idx[0] = i;
            r.idx[1] = j;
            r.lambda[0] = bq / mu;
            r.lambda[1] = qa / mu;
            r.v = gjk_add3(gjk_scale3(a, r.lambda[0]), gjk_scale3(b, r.lambda[1]));
            r.dist2 = gjk_len_sq3(r.v);
            return r;
        }
    }
    /* Outside (or zero length): the nearer end point. */
    return gjk_len_sq3(a) <= gjk_len_sq3(b) ? point_result(p, i) : point_result(p, j);
}

/* Twice the signed area of triangle (p, q, r) in coordinates (x, y) = components (k1, k2). */
static gjk_real area2(gjk_real px, gjk_real py, gjk_real qx, gjk_real qy, gjk_real rx, gjk_real ry) {
    return (qx - px) * (ry - py) - (qy - py) * (rx - px);
}

static gjk_real comp(gjk_vec3 v, int k) { return k == 0 ? v.x : (k == 1 ? v.y : v.z); }

/* Triangle p[i], p[j], p[k]. */
static sub_result solve2(const gjk_vec3 *p, int i, int j, int k) {
    const int id[3] = {i, j, k};
    gjk_vec3 a = p[i], b = p[j], c = p[k];
    gjk_vec3 n = gjk_cross3(gjk_sub3(b, a), gjk_sub3(c, a));
    gjk_real nn = gjk_len_sq3(n);
    /* A triangle whose area is negligible next to its edges is treated as degenerate: its edges decide. */
    gjk_real e = gjk_len_sq3(gjk_sub3(b, a)) * gjk_len_sq3(gjk_sub3(c, a));
    if (nn > GJK_REAL_EPSILON * GJK_REAL_EPSILON * e && nn > 0) {
        gjk_vec3 q = gjk_scale3(n, gjk_dot3(a, n) / nn); /* projection of the origin on the plane */
        int ax = 0;                                       /* project along the normal's largest axis */
        if (GJK_ABS(n.y) > GJK_ABS(comp(n, ax))) ax = 1;
        if (GJK_ABS(n.z) > GJK_ABS(comp(n, ax))) ax = 2;
        int k1 = (ax + 1) % 3, k2 = (ax + 2) % 3;
        gjk_real mu = comp(n, ax); /* = twice the projected area of (a, b, c), with its sign */
        gjk_real ax1 = comp(a, k1), ay = comp(a, k2), bx = comp(b, k1), by = comp(b, k2);
        gjk_real cx = comp(c, k1), cy = comp(c, k2), qx = comp(q, k1), qy = comp(q, k2);
        gjk_real C[3] = {area2(qx, qy, bx, by, cx, cy), area2(ax1, ay, qx, qy, cx, cy), area2(ax1, ay, bx, by, qx, qy)};
        if (same_sign(mu, C[0]) && same_sign(mu, C[1]) && same_sign(mu, C[2])) {
            sub_result r;
            r.count = 3;
            for (int m = 0; m < 3; ++m) {
                r.idx[m] = id[m];
                r.lambda[m] = C[m] / mu;
            }
            /* The point itself is the plane projection: its direction is the face normal, accurate even when
               the distance is tiny (a barycentric sum would lose it to cancellation). */
            r.v = q;
            r.dist2 = gjk_len_sq3(q);
            return r;
        }
        sub_result best;
        best.dist2 = GJK_REAL_MAX;
        best.count = 0;
        for (int m = 0; m < 3; ++m) {
            if (same_sign(mu, C[m])) continue; /* the origin is on the inner side of the edge opposite m */
            sub_result s = solve1(p, id[(m + 1) % 3], id[(m + 2) % 3]);
            if (s.dist2 < best.dist2) best = s;
        }
        if (best.count > 0) return best;
    }
    sub_result best = solve1(p, i, j), s = solve1(p, j, k);
    if (s.dist2 < best.dist2) best = s;
    s = solve1(p, k, i);
    if (s.dist2 < best.dist2) best = s;
    return best;
}

static gjk_real det3(gjk_vec3 a, gjk_vec3 b, gjk_vec3 c) { return gjk_dot3(a, gjk_cross3(b, c)); }

/* Tetrahedron p[0..3]. */
static sub_result solve3(const gjk_vec3 *p) {
    gjk_vec3 a = p[0], b = p[1], c = p[2], d = p[3];
    /* Signed volumes of the tetrahedra with the origin in place of each vertex; they sum to the whole volume. */
    gjk_real C[4] = {det3(b, c, d), -det3(a, c, d), det3(a, b, d), -det3(a, b, c)};
    gjk_real mu = C[0] + C[1] + C[2] + C[3];
    gjk_vec3 e1 = gjk_sub3(b, a), e2 = gjk_sub3(c, a), e3 = gjk_sub3(d, a);
    gjk_real size = gjk_len3(e1) * gjk_len3(e2) * gjk_len3(e3);
    bool solid = GJK_ABS(mu) > GJK_R(16.0) * GJK_REAL_EPSILON * size;
    if (solid && same_sign(mu, C[0]) && same_sign(mu, C[1]) && same_sign(mu, C[2]) && same_sign(mu, C[3])) {
        sub_result r;
        r.count = 4;
        for (int m = 0; m < 4; ++m) {
            r.idx[m] = m;
            r.lambda[m] = C[m] / mu;
        }
        r.v = gjk_v3(0, 0, 0);
        r.dist2 = 0;
        return r;
    }
    static const int face[4][3] = {{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}};
    sub_result best;
    best.dist2 = GJK_REAL_MAX;
    best.count = 0;
    for (int m = 0; m < 4; ++m) {
        if (solid && same_sign(mu, C[m])) continue;
        sub_result s = solve2(p, face[m][0], face[m][1], face[m][2]);
        if (s.dist2 < best.dist2) best = s;
    }
    if (best.count == 0) best = solve2(p, 0, 1, 2);
    return best;
}

gjk_vec3 gjk_simplex3_solve(gjk_simplex3 *s) {
    gjk_vec3 p[4];
    for (int i = 0; i < s->count; ++i) p[i] = s->v[i].w;
    sub_result r;
    switch (s->count) {
    case 1: r = point_result(p, 0); break;
    case 2: r = solve1(p, 0, 1); break;
    case 3: r = solve2(p, 0, 1, 2); break;
    default: r = solve3(p); break;
    }
    gjk_vertex3 kept[4];
    for (int i = 0; i < r.count; ++i) kept[i] = s->v[r.idx[i]];
    for (int i = 0; i < r.count; ++i) {
        s->v[i] = kept[i];
        s->lambda[i] = r.lambda[i];
    }
    s->count = r.count;
    return r.v;
}

void gjk_simplex3_witness(const gjk_simplex3 *s, gjk_vec3 *pa, gjk_vec3 *pb) {
    gjk_vec3 a = gjk_v3(0, 0, 0), b = gjk_v3(0, 0, 0);
    for (int i = 0; i < s->count; ++i) {
        a = gjk_mad3(a, s->lambda[i], s->v[i].a);
        b = gjk_mad3(b, s->lambda[i], s->v[i].b);
    }
    *pa = a;
    *pb = b;
}
