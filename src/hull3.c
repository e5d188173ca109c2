// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Convex hull of a 3D point cloud: gjk_hull3_create() / gjk_hull3_destroy().

   Algorithm: quickhull (Barber, Dobkin, Huhdanpaa, "The Quickhull algorithm for convex hulls", ACM TOMS 22(4),
   1996) on a triangulated hull, in two layers that keep robustness and tolerance apart:

   1. Combinatorics are decided by an exact orientation predicate: a floating-point filter, backed by Shewchuk's
      expansion arithmetic ("Adaptive precision floating-point arithmetic and fast robust geometric predicates",
      Discrete Comput. Geom. 18, 1997) when the filter cannot decide. A point joins an outside set only when strictly
      above a triangle, so every step is the exact beneath-beyond step: the visible region is a disc, its horizon a
      simple loop, and the triangulation always the exact hull of the points seen so far. Duplicate, coplanar and
      collinear points simply never become "outside" once the hull covers them.
   2. A tolerance tol relative to the points' magnitude then decides what the caller sees: the dimension (0 to 3);
      points within tol of another are one point; triangles whose vertices lie within tol of the plane of the
      largest among them become one polygonal face, as long as its boundary stays a simple loop convex within tol;
      vertices left on fewer than three faces (inside a face, or on a straight edge) are dropped. Face planes are
      those of exact hull triangles, computed in double-double, so they support the whole set even for slivers.

   All work is done on a copy scaled by a power of two (exact) to magnitudes below 1 with tiny coordinates flushed to
   zero, so the expansions neither overflow nor underflow. The error-free transformations below need IEEE double
   arithmetic without fused multiply-add contraction (the build passes -ffp-contract=off). Flat sets are projected
   on their plane and built by gjk_hull2_create(). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hull3_internal.h"
#include "internal3.h"

/* Tolerance: this many units of GJK_REAL_EPSILON times the sum of the largest absolute coordinates per axis (about
   a few hundred ULP of the largest coordinate): the rounding error of points that came out of arithmetic. */
#define HULL_TOL_ULPS 128
/* Working coordinates smaller than 2^HULL_FLUSH_EXP (the largest is in [0.5, 1)) are flushed to zero. */
#define HULL_FLUSH_EXP (-60)

/* Twice the area vector of triangle abc, crossing the two shortest edges (at the vertex opposite the longest one),
   which is the most accurate choice for thin triangles. */
gjk_vec3 gjk_tri_cross(gjk_vec3 a, gjk_vec3 b, gjk_vec3 c) {
    gjk_vec3 ab = gjk_sub3(b, a), bc = gjk_sub3(c, b), ca = gjk_sub3(a, c);
    gjk_real lab = gjk_len_sq3(ab), lbc = gjk_len_sq3(bc), lca = gjk_len_sq3(ca);
    if (lab >= lbc && lab >= lca) return gjk_cross3(bc, ca);
    if (lbc >= lca) return gjk_cross3(ca, ab);
    return gjk_cross3(ab, bc);
}

/* Scale by a power of two (exact) so the largest magnitude is in [0.5, 1), flushing tiny coordinates to zero.
   Returns the exponent applied. */
static int scale_points(const gjk_vec3 *in, int n, gjk_vec3 *out) {
    gjk_real m = 0;
    int e = 0;
    const double tiny = ldexp(1.0, HULL_FLUSH_EXP);
    for (int i = 0; i < n; i++)
        m = gjk_maxr(m, gjk_maxr(GJK_ABS(in[i].x), gjk_maxr(GJK_ABS(in[i].y), GJK_ABS(in[i].z))));
    if (m > 0) (void)frexp((double)m, &e);
    for (int i = 0; i < n; i++) {
        double s[3] = {ldexp((double)in[i].x, -e), ldexp((double)in[i].y, -e), ldexp((double)in[i].z, -e)};
        for (int k = 0; k < 3; k++)
            if (fabs(s[k]) < tiny) s[k] = 0.0;
        out[i] = gjk_v3((gjk_real)s[0], (gjk_real)s[1], (gjk_real)s[2]);
    }
    return -e;
}

static gjk_real unscale(gjk_real x, int shift) { return (gjk_real)ldexp((double)x, -shift); }

static size_t place(size_t *size, size_t count, size_t elem, size_t align) {
    size_t at = (*size + align - 1) / align * align;
    *size = at + count * elem;
    return at;
}

/* The hull and all its arrays in one allocation, so that gjk_hull3_destroy() is one gjk_free(). */
gjk_hull3 *gjk_hull3_alloc(int nv, int nf, int ni, int na) {
    size_t size = sizeof(gjk_hull3);
    size_t ov = place(&size, (size_t)nv, sizeof(gjk_vec3), GJK_ALIGNOF(gjk_vec3));
    size_t on = place(&size, (size_t)nf, sizeof(gjk_vec3), GJK_ALIGNOF(gjk_vec3));
    size_t od = place(&size, (size_t)nf, sizeof(gjk_real), GJK_ALIGNOF(gjk_real));
    size_t off = place(&size, (size_t)nf + 1, sizeof(int), GJK_ALIGNOF(int));
    size_t ofi = place(&size, (size_t)ni, sizeof(int), GJK_ALIGNOF(int));
    size_t ovf = place(&size, (size_t)nv + 1, sizeof(int), GJK_ALIGNOF(int));
    size_t ova = place(&size, (size_t)na, sizeof(int), GJK_ALIGNOF(int));
    size_t ovff = place(&size, (size_t)nv + 1, sizeof(int), GJK_ALIGNOF(int));
    size_t ovfs = place(&size, (size_t)ni, sizeof(int), GJK_ALIGNOF(int));
    int grid = gjk_hull3_grid_size(nv);
    size_t osc = place(&size, (size_t)(6 * grid * grid), sizeof(int), GJK_ALIGNOF(int));
    int stride = grid > 0 ? 0 : (nv + 3) / 4 * 4;
    size_t osoa = place(&size, 3 * (size_t)stride, sizeof(gjk_real), 16);
    unsigned char *mem = (unsigned char *)gjk_alloc(size);
    gjk_hull3 *h = (gjk_hull3 *)mem;
    if (!mem) return NULL;
    memset(mem, 0, size);
    h->vertex_count = nv;
    h->face_count = nf;
    h->vertices = (gjk_vec3 *)(mem + ov);
    h->face_normals = (gjk_vec3 *)(mem + on);
    h->face_offsets = (gjk_real *)(mem + od);
    h->face_first = (int *)(mem + off);
    h->face_indices = (int *)(mem + ofi);
    h->vertex_first = (int *)(mem + ovf);
    h->vertex_adjacency = (int *)(mem + ova);
    h->vertex_face_first = (int *)(mem + ovff);
    h->vertex_faces = (int *)(mem + ovfs);
    h->support_grid = grid;
    h->support_cells = grid > 0 ? (int *)(mem + osc) : NULL;
    h->vertex_soa = stride > 0 ? (gjk_real *)(mem + osoa) : NULL;
    h->vertex_soa_stride = stride;
    return h;
}

/* Vertices from the input by index, and centroid and radius computed on the scaled copy (no overflow). */
void gjk_hull3_vertices(gjk_hull3 *h, const gjk_vec3 *points, const gjk_vec3 *wp, const int *ids, int shift) {
    gjk_vec3 c = gjk_v3(0, 0, 0);
    gjk_real r = 0, k = GJK_R(1.0) / (gjk_real)h->vertex_count;
    for (int i = 0; i < h->vertex_count; i++) {
        h->vertices[i] = points[ids[i]];
        c = gjk_mad3(c, k, wp[ids[i]]);
    }
    for (int i = 0; i < h->vertex_count; i++) r = gjk_maxr(r, gjk_len3(gjk_sub3(wp[ids[i]], c)));
    h->centroid = gjk_v3(unscale(c.x, shift), unscale(c.y, shift), unscale(c.z, shift));
    h->radius = unscale(r, shift);
}

/* (hi, lo) += a * b + c, with a * b exact (double-double accumulation). */
static void dd_add(double *hi, double *lo, double a, double b, double c) {
    double p, e, s, t;
    gjk_two_product(a, b, &p, &e);
    gjk_two_sum(*hi, p, &s, &t);
    *hi = s;
    *lo += t + e + c;
}

/* Twice the area vector of the polygon p[ids[loop[0]]], ... (ids may be NULL): the fan sum of (v_j - v_0) x
   (v_j+1 - v_0) in double-double, differences and products exact. A thin triangle's normal computed plainly is
   off by about eps |x| / height, which tilts its plane by more than tol across its length; this one is the plane of
   the exact points to within rounding, so even a sliver of the exact hull gets a supporting plane. */
gjk_vec3 gjk_hull3_area_vector(const gjk_vec3 *p, const int *ids, const int *loop, int len) {
    double hi[3] = {0, 0, 0}, lo[3] = {0, 0, 0}, o[3], yh[3], yl[3], zh[3], zl[3];
    gjk_vec3 v = p[ids ? ids[loop[0]] : loop[0]];
    o[0] = v.x, o[1] = v.y, o[2] = v.z;
    for (int j = 1; j + 1 < len; j++) {
        gjk_vec3 a = p[ids ? ids[loop[j]] : loop[j]], b = p[ids ? ids[loop[j + 1]] : loop[j + 1]];
        const double y[3] = {a.x, a.y, a.z}, z[3] = {b.x, b.y, b.z};
        for (int k = 0; k < 3; k++) {
            gjk_two_diff(y[k], o[k], &yh[k], &yl[k]);
            gjk_two_diff(z[k], o[k], &zh[k], &zl[k]);
        }
        for (int k = 0; k < 3; k++) {
            int i = (k + 1) % 3, l = (k + 2) % 3;
            dd_add(&hi[k], &lo[k], yh[i], zh[l], yh[i] * zl[l] + yl[i] * zh[l]);
            dd_add(&hi[k], &lo[k], -yh[l], zh[i], -(yh[l] * zl[i] + yl[l] * zh[i]));
        }
    }
    return gjk_v3((gjk_real)(hi[0] + lo[0]), (gjk_real)(hi[1] + lo[1]), (gjk_real)(hi[2] + lo[2]));
}

/* Plane of output face f with unit normal nrm: the offset is the largest n . x over the face's vertices, so that
   the plane holds the whole face. */
void gjk_hull3_face_plane(gjk_hull3 *h, int f, gjk_vec3 nrm) {
    gjk_real d = -GJK_REAL_MAX;
    for (int j = h->face_first[f]; j < h->face_first[f + 1]; j++)
        d = gjk_maxr(d, gjk_dot3(nrm, h->vertices[h->face_indices[j]]));
    h->face_normals[f] = nrm;
    h->face_offsets[f] = d;
}

/* ---- near-duplicates ----------------------------------------------------------------------------------------- */

/* Grid coordinates often share their low bits (scaled inputs are multiples of powers of two), so mix the high bits
   down before the table index takes the low ones (splitmix64's finaliser). */
static uint64_t cell_hash(int64_t x, int64_t y, int64_t z) {
    uint64_t h = (uint64_t)x * 0x9E3779B97F4A7C15ull + (uint64_t)y * 0xC2B2AE3D27D4EB4Full + (uint64_t)z;
    h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ull;
    h = (h ^ (h >> 27)) * 0x94D049BB133111EBull;
    return h ^ (h >> 31);
}

/* Drop every point within tol of a point kept before it (the simplex s[0..3] is kept first), so that no two hull
   vertices are closer than tol and no face is smaller than the tolerance. Candidates come from a hash grid of cells
   2 tol wide: a point within tol of x lies in one of the 8 cells around the cell corner nearest to x. chain has room
   for n ints. */
static bool drop_duplicates(const gjk_vec3 *p, int n, gjk_real tol, const int *s, unsigned char *drop, int *chain) {
    size_t size = 1;
    int *head;
    const double w = 2.0 * (double)tol;
    while (size < 2 * (size_t)n) size *= 2;
    if (!(head = (int *)gjk_alloc(size * sizeof(int)))) return false;
    for (size_t i = 0; i < size; i++) head[i] = -1;
    memset(drop, 0, (size_t)n);
    for (int j = -4; j < n; j++) {
        int i = j < 0 ? s[j + 4] : j;
        const double c[3] = {p[i].x / w, p[i].y / w, p[i].z / w};
        int64_t b[3], st[3];
        if (j >= 0 && (i == s[0] || i == s[1] || i == s[2] || i == s[3])) continue;
        for (int k = 0; k < 3; k++) {
            b[k] = (int64_t)floor(c[k]);
            st[k] = c[k] - (double)b[k] < 0.5 ? -1 : 1;
        }
        for (int m = 0; m < 8 && !drop[i]; m++) {
            uint64_t h = cell_hash(b[0] + (m & 1 ? st[0] : 0), b[1] + (m & 2 ? st[1] : 0), b[2] + (m & 4 ? st[2] : 0));
            for (int k = head[h & (size - 1)]; k >= 0 && !drop[i]; k = chain[k])
                drop[i] = gjk_len_sq3(gjk_sub3(p[k], p[i])) <= tol * tol;
        }
        if (!drop[i]) {
            uint64_t h = cell_hash(b[0], b[1], b[2]) & (size - 1);
            chain[i] = head[h];
            head[h] = i;
        }
    }
    gjk_free(head);
    return true;
}

/* ---- flat, collinear and single-point sets ------------------------------------------------------------------- */

typedef struct plane_key {
    gjk_real u, v;
    int i;
} plane_key;

static int plane_cmp(const void *x, const void *y) {
    const plane_key *a = (const plane_key *)x, *b = (const plane_key *)y;
    if (a->u != b->u) return a->u < b->u ? -1 : 1;
    if (a->v != b->v) return a->v < b->v ? -1 : 1;
    return (a->i > b->i) - (a->i < b->i);
}

/* Dimension 0 (one vertex) or 1 (the two extreme points along dir). */
static gjk_hull3 *hull3_low(const gjk_vec3 *points, const gjk_vec3 *wp, int n, int i0, gjk_vec3 dir, int dim,
                            int shift, gjk_status *st) {
    int ids[2] = {i0, i0};
    gjk_real lo = GJK_REAL_MAX, hi = -GJK_REAL_MAX;
    gjk_hull3 *h = gjk_hull3_alloc(dim + 1, 0, 0, 2 * dim);
    if (!h) {
        *st = GJK_OUT_OF_MEMORY;
        return NULL;
    }
    for (int i = 0; dim == 1 && i < n; i++) {
        gjk_real s = gjk_dot3(dir, wp[i]);
        if (s < lo) {
            lo = s;
            ids[0] = i;
        }
        if (s > hi) {
            hi = s;
            ids[1] = i;
        }
    }
    h->dimension = dim;
    gjk_hull3_vertices(h, points, wp, ids, shift);
    h->vertex_first[1] = dim;
    if (dim == 1) {
        h->vertex_first[2] = 2;
        h->vertex_adjacency[0] = 1;
        h->vertex_adjacency[1] = 0;
    }
    return h;
}

/* A flat set: project it on its plane (basis e1, e2, normal e1 x e2), build the polygon with gjk_hull2_create(), and
   find each polygon vertex's point again by binary search on the projections. NULL with *st == GJK_OK when the
   projection turns out collinear. */
static gjk_hull3 *hull3_flat(const gjk_vec3 *points, const gjk_vec3 *wp, int n, const int *s, int shift,
                             gjk_status *st) {
    gjk_vec3 nrm = gjk_normalize3(gjk_tri_cross(wp[s[0]], wp[s[1]], wp[s[2]]));
    gjk_vec3 e1 = gjk_normalize3(gjk_sub3(wp[s[1]], wp[s[0]])), e2 = gjk_cross3(nrm, e1);
    gjk_vec2 *proj = (gjk_vec2 *)gjk_alloc(sizeof(gjk_vec2) * (size_t)n);
    plane_key *keys = (plane_key *)gjk_alloc(sizeof(plane_key) * (size_t)n);
    gjk_hull2 *poly = NULL;
    gjk_hull3 *h = NULL;
    int k = 0, *ids = NULL;
    if (!proj || !keys) goto oom;
    for (int i = 0; i < n; i++) {
        proj[i] = gjk_v2(gjk_dot3(wp[i], e1), gjk_dot3(wp[i], e2));
        keys[i].u = proj[i].x;
        keys[i].v = proj[i].y;
        keys[i].i = i;
    }
    if (!(poly = gjk_hull2_create(proj, n, st))) goto done; /* out of memory: *st says so */
    if (poly->dimension < 2) goto done;
    k = poly->vertex_count;
    gjk_heap_sort(keys, (size_t)n, sizeof(plane_key), plane_cmp);
    if (!(h = gjk_hull3_alloc(k, 2, 2 * k, 2 * k))) goto oom;
    ids = h->vertex_adjacency + k; /* scratch until the adjacency is written */
    for (int j = 0; j < k; j++) {
        plane_key key = {poly->vertices[j].x, poly->vertices[j].y, -1};
        int lo = 0, hi = n - 1;
        while (lo < hi) { /* first key not below (u, v, -1): the lowest point index with these projections */
            int mid = lo + (hi - lo) / 2;
            if (plane_cmp(&keys[mid], &key) < 0) lo = mid + 1;
            else hi = mid;
        }
        ids[j] = keys[lo].i;
    }
    h->dimension = 2;
    gjk_hull3_vertices(h, points, wp, ids, shift);
    h->face_first[1] = k;
    h->face_first[2] = 2 * k;
    for (int j = 0; j < k; j++) {
        h->face_indices[j] = j;
        h->face_indices[2 * k - 1 - j] = j;
    }
    gjk_hull3_face_plane(h, 0, gjk_normalize3(gjk_hull3_area_vector(wp, ids, h->face_indices, k)));
    h->face_normals[1] = gjk_neg3(h->face_normals[0]);
    h->face_offsets[1] = -GJK_REAL_MAX;
    for (int j = 0; j < k; j++)
        h->face_offsets[1] = gjk_maxr(h->face_offsets[1], gjk_dot3(h->face_normals[1], h->vertices[j]));
    for (int j = 0; j < k; j++) { /* the polygon ring */
        h->vertex_first[j] = 2 * j;
        h->vertex_adjacency[2 * j] = (j + k - 1) % k;
        h->vertex_adjacency[2 * j + 1] = (j + 1) % k;
    }
    h->vertex_first[k] = 2 * k;
    goto done;
oom:
    *st = GJK_OUT_OF_MEMORY;
done:
    gjk_hull2_destroy(poly);
    gjk_free(proj);
    gjk_free(keys);
    return h;
}

/* ---- public -------------------------------------------------------------------------------------------------- */

static gjk_hull3 *hull3_fail(gjk_status *status, gjk_status st) {
    if (status) *status = st;
    return NULL;
}

/* Initial simplex s[0..3], which also tells the dimension (returned): the farthest pair of axis extremes, the point
   farthest from their line (direction *u), the point farthest from the plane of the three, each compared with tol. */
static int simplex(const gjk_vec3 *wp, int n, gjk_real tol, int *s, gjk_vec3 *u) {
    int ext[6] = {0, 0, 0, 0, 0, 0};
    gjk_real best = -1;
    gjk_vec3 nrm;
    for (int i = 0; i < n; i++) {
        if (wp[i].x < wp[ext[0]].x) ext[0] = i;
        if (wp[i].x > wp[ext[1]].x) ext[1] = i;
        if (wp[i].y < wp[ext[2]].y) ext[2] = i;
        if (wp[i].y > wp[ext[3]].y) ext[3] = i;
        if (wp[i].z < wp[ext[4]].z) ext[4] = i;
        if (wp[i].z > wp[ext[5]].z) ext[5] = i;
    }
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 6; j++) {
            gjk_real d = gjk_len3(gjk_sub3(wp[ext[j]], wp[ext[i]]));
            if (d > best) {
                best = d;
                s[0] = ext[i];
                s[1] = ext[j];
            }
        }
    *u = gjk_normalize3(gjk_sub3(wp[s[1]], wp[s[0]]));
    if (best <= tol) return 0;
    best = -1;
    for (int i = 0; i < n; i++) {
        gjk_real d = gjk_len3(gjk_cross3(gjk_sub3(wp[i], wp[s[0]]), *u));
        if (d > best) {
            best = d;
            s[2] = i;
        }
    }
    if (best <= tol) return 1;
    nrm = gjk_normalize3(gjk_tri_cross(wp[s[0]], wp[s[1]], wp[s[2]]));
    best = -1;
    for (int i = 0; i < n; i++) {
        gjk_real d = GJK_ABS(gjk_dot3(gjk_sub3(wp[i], wp[s[0]]), nrm));
        if (d > best) {
            best = d;
            s[3] = i;
        }
    }
    return best <= tol || gjk_orient3d(wp[s[0]], wp[s[1]], wp[s[2]], wp[s[3]]) == 0 ? 2 : 3;
}

/* The support lookup (see gjk_hull3.support_cells): directions are binned by the cube face their major axis points
   at and by the two other coordinates divided by the major one, k x k cells per face. Each cell stores the support
   vertex of its centre direction, found by hill climbing from the previous cell's answer (neighbouring cells have
   close directions, so each climb is a step or two and the whole table costs O(cells)). */
static void build_support_cells(gjk_hull3 *h) {
    int k = h->support_grid, start = 0;
    for (int face = 0; face < 6; face++) {
        int axis = face / 2;
        gjk_real sign = face % 2 ? -1 : 1;
        for (int i = 0; i < k; i++)
            for (int j = 0; j < k; j++) {
                gjk_real u = (gjk_real)(2 * i + 1) / (gjk_real)k - 1, w = (gjk_real)(2 * j + 1) / (gjk_real)k - 1;
                gjk_vec3 d = axis == 0 ? gjk_v3(sign, u, w) : (axis == 1 ? gjk_v3(w, sign, u) : gjk_v3(u, w, sign));
                start = gjk_hull3_climb(h, d, start);
                h->support_cells[(face * k + i) * k + j] = start;
            }
    }
}

/* The rows of gjk_hull3.vertex_soa, once the vertices are final. */
static void fill_vertex_soa(gjk_hull3 *h) {
    int n = h->vertex_count, stride = h->vertex_soa_stride;
    gjk_real *x = h->vertex_soa, *y = x + stride, *z = y + stride;
    for (int i = 0; i < stride; i++) {
        gjk_vec3 v = h->vertices[i < n ? i : 0];
        x[i] = v.x;
        y[i] = v.y;
        z[i] = v.z;
    }
}

/* The faces around each vertex (counting sort of the face-vertex incidences, faces in increasing order), which the
   contact manifolds read to find the faces that reach a support plane without scanning them all. */
static void vertex_faces(gjk_hull3 *h) {
    int *first = h->vertex_face_first, nv = h->vertex_count;
    for (int v = 0; v <= nv; v++) first[v] = 0;
    int ni = h->face_count > 0 ? h->face_first[h->face_count] : 0;
    for (int j = 0; j < ni; j++) first[h->face_indices[j] + 1]++;
    for (int v = 0; v < nv; v++) first[v + 1] += first[v];
    for (int f = 0; f < h->face_count; f++)
        for (int j = h->face_first[f]; j < h->face_first[f + 1]; j++) h->vertex_faces[first[h->face_indices[j]]++] = f;
    for (int v = nv; v > 0; v--) first[v] = first[v - 1]; /* (the fill advanced each start to the next's) */
    first[0] = 0;
}

gjk_hull3 *gjk_hull3_create(const gjk_vec3 *points, int count, gjk_status *status) {
    const int n = count;
    gjk_status st = GJK_OK;
    gjk_hull3 *h = NULL;
    gjk_vec3 *wp, m = gjk_v3(0, 0, 0), u;
    int s[4] = {0, 0, 0, 0}, shift, dim;
    qhull q;
    void *block;
    if (!points || count < 1 || count > GJK_HULL_MAX_POINTS) return hull3_fail(status, GJK_INVALID_INPUT);
    for (int i = 0; i < n; i++)
        if (!gjk_finite3(points[i])) return hull3_fail(status, GJK_INVALID_INPUT);
    /* Scratch: scaled points; per point an outside-set link (+1 for counts), a scratch index and a flag. */
    block = gjk_alloc(sizeof(gjk_vec3) * (size_t)n + sizeof(int) * (2 * (size_t)n + 1) + (size_t)n);
    if (!block) return hull3_fail(status, GJK_OUT_OF_MEMORY);
    memset(&q, 0, sizeof q);
    q.p = wp = (gjk_vec3 *)block;
    q.next = (int *)(wp + n);
    q.vmap = q.next + n + 1;
    q.flag = (unsigned char *)(q.vmap + n);
    q.free_list = q.pending = -1;
    for (int i = 0; i < n; i++) q.vmap[i] = -1;
    shift = scale_points(points, n, wp);
    for (int i = 0; i < n; i++)
        m = gjk_v3(gjk_maxr(m.x, GJK_ABS(wp[i].x)), gjk_maxr(m.y, GJK_ABS(wp[i].y)), gjk_maxr(m.z, GJK_ABS(wp[i].z)));
    q.tol = HULL_TOL_ULPS * GJK_REAL_EPSILON * (m.x + m.y + m.z);
    dim = simplex(wp, n, q.tol, s, &u);
    if (dim == 3) {
        if (!drop_duplicates(wp, n, q.tol, s, q.flag, q.next)) st = GJK_OUT_OF_MEMORY;
        else st = gjk_qh_build(&q, n, s);
        if (st == GJK_OK) h = gjk_qh_output(&q, points, n, shift, &st);
        if (!h && st == GJK_OK) dim = 2;
    }
    if (dim == 2) {
        h = hull3_flat(points, wp, n, s, shift, &st);
        if (!h && st == GJK_OK) dim = 1; /* collinear after all, within gjk_hull2_create()'s tolerance */
    }
    if (dim < 2) h = hull3_low(points, wp, n, s[0], u, dim, shift, &st);
    gjk_free(q.f);
    gjk_free(q.list);
    gjk_free(q.hz);
    gjk_free(q.nf);
    gjk_free(block);
    if (h && h->support_grid > 0) build_support_cells(h);
    if (h && h->vertex_soa) fill_vertex_soa(h);
    if (h) vertex_faces(h);
    if (status) *status = h ? GJK_OK : st;
    return h;
}

void gjk_hull3_destroy(gjk_hull3 *hull) { gjk_free(hull); }
