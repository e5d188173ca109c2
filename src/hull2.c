// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Convex hull of a 2D point cloud: gjk_hull2_create() / gjk_hull2_destroy().

   Algorithm: Andrew's monotone chain (A. M. Andrew, "Another efficient algorithm for convex hulls in two
   dimensions", Information Processing Letters 9(5), 1979): sort the points, then build the lower and the upper
   chain with a stack, popping every point that does not turn left. It needs only orientation signs and its output
   is always a closed sequence of distinct input points, so rounding in those signs cannot break it; it only leaves
   nearly collinear vertices (errors of a few ULP).

   A second pass then applies the tolerance, relative to the points' magnitude: runs of edges whose vertices lie
   within tol of the line of the run's longest edge become one edge. Seeding at the longest edge and measuring
   against one fixed line means a long, slightly curved chain cannot be flattened by small steps that each look
   collinear (the drift of removing vertices one at a time against their current neighbours).

   Work is done on a copy scaled by a power of two (exact) to magnitudes below 1, so no product overflows. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Tolerance in units of GJK_REAL_EPSILON times the sum of the largest absolute coordinates per axis: the same
   rule as gjk_hull3_create(). */
#define HULL_TOL_ULPS 128
/* Working coordinates smaller than 2^HULL_FLUSH_EXP (the largest is in [0.5, 1)) are flushed to zero. */
#define HULL_FLUSH_EXP (-60)

typedef struct pt_key {
    gjk_real x, y;
    int i;
} pt_key;

typedef struct edge_key {
    gjk_real len;
    int i;
} edge_key;

static int pt_cmp(const void *p, const void *q) {
    const pt_key *a = (const pt_key *)p, *b = (const pt_key *)q;
    if (a->x != b->x) return a->x < b->x ? -1 : 1;
    if (a->y != b->y) return a->y < b->y ? -1 : 1;
    return (a->i > b->i) - (a->i < b->i);
}

static int edge_cmp(const void *p, const void *q) {
    const edge_key *a = (const edge_key *)p, *b = (const edge_key *)q;
    if (a->len != b->len) return a->len > b->len ? -1 : 1;
    return (a->i > b->i) - (a->i < b->i);
}

/* Twice the signed area of (a, b, c): positive when c is left of a -> b. */
static gjk_real turn(gjk_vec2 a, gjk_vec2 b, gjk_vec2 c) { return gjk_cross2(gjk_sub2(b, a), gjk_sub2(c, a)); }

/* Scale by a power of two so the largest magnitude is in [0.5, 1), flushing tiny coordinates; returns the shift. */
static int scale_points2(const gjk_vec2 *in, int n, gjk_vec2 *out) {
    gjk_real m = 0;
    int e = 0;
    const double tiny = ldexp(1.0, HULL_FLUSH_EXP);
    for (int i = 0; i < n; i++) m = gjk_maxr(m, gjk_maxr(GJK_ABS(in[i].x), GJK_ABS(in[i].y)));
    if (m > 0) (void)frexp((double)m, &e);
    for (int i = 0; i < n; i++) {
        double x = ldexp((double)in[i].x, -e), y = ldexp((double)in[i].y, -e);
        out[i] = gjk_v2((gjk_real)(fabs(x) < tiny ? 0.0 : x), (gjk_real)(fabs(y) < tiny ? 0.0 : y));
    }
    return -e;
}

static gjk_vec2 key_point(const pt_key *k, int j) { return gjk_v2(k[j].x, k[j].y); }

/* Monotone chain over the sorted keys; ring receives the hull's point indices counter-clockwise, starting at the
   lowest (x, y). A point kept in the lower chain is skipped by the upper one: exactly it could not be there, and
   with rounded signs this keeps the ring free of repeats. mark has room for n flags. */
static int chain(const pt_key *k, int n, int *ring, unsigned char *mark) {
    int h = 0, lower;
    memset(mark, 0, (size_t)n);
    for (int j = 0; j < n; j++) {
        while (h >= 2 && turn(key_point(k, ring[h - 2]), key_point(k, ring[h - 1]), key_point(k, j)) <= 0) h--;
        ring[h++] = j;
    }
    for (int j = 1; j < h - 1; j++) mark[ring[j]] = 1;
    lower = h + 1;
    for (int j = n - 2; j >= 0; j--) {
        if (mark[j]) continue;
        while (h >= lower && turn(key_point(k, ring[h - 2]), key_point(k, ring[h - 1]), key_point(k, j)) <= 0) h--;
        ring[h++] = j;
    }
    return h - 1; /* the last entry repeats the first */
}

/* Merge runs of nearly collinear edges (see the file comment). ring holds h point indices into p; run and keys
   have room for h entries. Returns the number of vertices kept, compacted at the front of ring. */
static int merge_runs(const gjk_vec2 *p, int *ring, int h, gjk_real tol, int *run, edge_key *keys) {
    int kept = 0;
    for (int i = 0; i < h; i++) {
        keys[i].len = gjk_len2(gjk_sub2(p[ring[(i + 1) % h]], p[ring[i]]));
        keys[i].i = i;
        run[i] = -1;
    }
    gjk_heap_sort(keys, (size_t)h, sizeof(edge_key), edge_cmp);
    for (int k = 0; k < h; k++) {
        int i = keys[k].i, j;
        gjk_vec2 a = p[ring[i]], m;
        gjk_real c;
        if (run[i] >= 0) continue;
        m = gjk_normalize2(gjk_perp2(gjk_sub2(p[ring[(i + 1) % h]], a)));
        c = gjk_dot2(m, a);
        run[i] = i;
        for (j = (i + 1) % h; run[j] < 0 && GJK_ABS(gjk_dot2(m, p[ring[(j + 1) % h]]) - c) <= tol; j = (j + 1) % h)
            run[j] = i;
        for (j = (i + h - 1) % h; run[j] < 0 && GJK_ABS(gjk_dot2(m, p[ring[j]]) - c) <= tol; j = (j + h - 1) % h)
            run[j] = i;
    }
    /* Vertex i survives when its incoming and outgoing edges belong to different runs (compacted in place, in the
       ring's order). */
    for (int i = 0; i < h; i++)
        if (run[(i + h - 1) % h] != run[i]) ring[kept++] = ring[i];
    return kept;
}

static gjk_hull2 *hull2_alloc(int nv) {
    size_t size = sizeof(gjk_hull2), at = (size + GJK_ALIGNOF(gjk_vec2) - 1) / GJK_ALIGNOF(gjk_vec2) * GJK_ALIGNOF(gjk_vec2);
    unsigned char *mem = (unsigned char *)gjk_alloc(at + 2 * sizeof(gjk_vec2) * (size_t)nv);
    gjk_hull2 *h = (gjk_hull2 *)mem;
    if (!mem) return NULL;
    memset(mem, 0, at + 2 * sizeof(gjk_vec2) * (size_t)nv);
    h->vertex_count = nv;
    h->vertices = (gjk_vec2 *)(mem + at);
    h->normals = h->vertices + nv;
    return h;
}

/* Vertices from the input by index, edge normals (dimension 2), centroid and radius from the scaled copy. */
static gjk_hull2 *hull2_make(const gjk_vec2 *points, const gjk_vec2 *wp, const int *ids, int nv, int dim,
                             int shift) {
    gjk_hull2 *h = hull2_alloc(nv);
    gjk_vec2 c = gjk_v2(0, 0);
    gjk_real r = 0, k = GJK_R(1.0) / (gjk_real)nv;
    if (!h) return NULL;
    h->dimension = dim;
    for (int i = 0; i < nv; i++) {
        h->vertices[i] = points[ids[i]];
        c = gjk_mad2(c, k, wp[ids[i]]);
        if (dim == 2) /* outward: the right-hand side of a counter-clockwise edge */
            h->normals[i] = gjk_normalize2(gjk_neg2(gjk_perp2(gjk_sub2(wp[ids[(i + 1) % nv]], wp[ids[i]]))));
    }
    for (int i = 0; i < nv; i++) r = gjk_maxr(r, gjk_len2(gjk_sub2(wp[ids[i]], c)));
    h->centroid = gjk_v2((gjk_real)ldexp((double)c.x, -shift), (gjk_real)ldexp((double)c.y, -shift));
    h->radius = (gjk_real)ldexp((double)r, -shift);
    return h;
}

gjk_hull2 *gjk_hull2_create(const gjk_vec2 *points, int count, gjk_status *status) {
    const int n = count;
    gjk_hull2 *h = NULL;
    gjk_vec2 *wp, m = gjk_v2(0, 0), u;
    gjk_real best = -1, tol, lo = GJK_REAL_MAX, hi = -GJK_REAL_MAX;
    int ext[4] = {0, 0, 0, 0}, s[2] = {0, 0}, shift, nv, *ring, *run;
    pt_key *keys;
    edge_key *ekeys;
    void *block;
    if (!points || count < 1 || count > GJK_HULL_MAX_POINTS) {
        if (status) *status = GJK_INVALID_INPUT;
        return NULL;
    }
    for (int i = 0; i < n; i++)
        if (!gjk_finite2(points[i])) {
            if (status) *status = GJK_INVALID_INPUT;
            return NULL;
        }
    /* Scratch: scaled points, sort keys, the ring (n + 1), run labels and edge keys (n each), chain marks. */
    block = gjk_alloc((sizeof(gjk_vec2) + sizeof(pt_key) + sizeof(edge_key) + 2 * sizeof(int) + 1) * (size_t)n +
                      sizeof(int));
    if (!block) {
        if (status) *status = GJK_OUT_OF_MEMORY;
        return NULL;
    }
    wp = (gjk_vec2 *)block;
    keys = (pt_key *)(wp + n);
    ekeys = (edge_key *)(keys + n);
    ring = (int *)(ekeys + n);
    run = ring + n + 1;
    shift = scale_points2(points, n, wp);
    for (int i = 0; i < n; i++) {
        m = gjk_v2(gjk_maxr(m.x, GJK_ABS(wp[i].x)), gjk_maxr(m.y, GJK_ABS(wp[i].y)));
        if (wp[i].x < wp[ext[0]].x) ext[0] = i;
        if (wp[i].x > wp[ext[1]].x) ext[1] = i;
        if (wp[i].y < wp[ext[2]].y) ext[2] = i;
        if (wp[i].y > wp[ext[3]].y) ext[3] = i;
    }
    tol = HULL_TOL_ULPS * GJK_REAL_EPSILON * (m.x + m.y);
    /* Dimension: the farthest pair of axis extremes, then the point farthest from their line. */
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            gjk_real d = gjk_len2(gjk_sub2(wp[ext[j]], wp[ext[i]]));
            if (d > best) {
                best = d;
                s[0] = ext[i];
                s[1] = ext[j];
            }
        }
    if (best <= tol) {
        h = hull2_make(points, wp, s, 1, 0, shift);
        goto done;
    }
    u = gjk_normalize2(gjk_sub2(wp[s[1]], wp[s[0]]));
    best = -1;
    for (int i = 0; i < n; i++) best = gjk_maxr(best, GJK_ABS(gjk_cross2(u, gjk_sub2(wp[i], wp[s[0]]))));
    nv = 0;
    if (best > tol) {
        for (int i = 0; i < n; i++) {
            keys[i].x = wp[i].x;
            keys[i].y = wp[i].y;
            keys[i].i = i;
        }
        gjk_heap_sort(keys, (size_t)n, sizeof(pt_key), pt_cmp);
        nv = chain(keys, n, ring, (unsigned char *)(run + n));
        for (int i = 0; i < nv; i++) ring[i] = keys[ring[i]].i;
        nv = merge_runs(wp, ring, nv, tol, run, ekeys);
    }
    if (nv >= 3) {
        h = hull2_make(points, wp, ring, nv, 2, shift);
        goto done;
    }
    /* Collinear within tol: the two extreme points along the line. */
    for (int i = 0; i < n; i++) {
        gjk_real d = gjk_dot2(u, wp[i]);
        if (d < lo) {
            lo = d;
            s[0] = i;
        }
        if (d > hi) {
            hi = d;
            s[1] = i;
        }
    }
    h = hull2_make(points, wp, s, 2, 1, shift);
done:
    gjk_free(block);
    if (status) *status = h ? GJK_OK : GJK_OUT_OF_MEMORY;
    return h;
}

void gjk_hull2_destroy(gjk_hull2 *hull) { gjk_free(hull); }
