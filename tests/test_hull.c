// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Hull construction (src/hull3.c, src/hull2.c) checked against qhull (libqhull_r) as the independent oracle, plus
   structural invariants (Euler, planarity, convexity, orientation, adjacency), degenerate sets, invalid input and
   the allocator hook. Runs in double and float builds; tolerances scale with GJK_REAL_EPSILON and the points'
   magnitude, as the library's own do. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include <cmocka.h>
#include <libqhull_r/qhull_ra.h>

#include "gjk/gjk.h"

/* ---- deterministic random numbers (splitmix64) --------------------------------------------------------------- */

static uint64_t g_rng = 0x9E3779B97F4A7C15ull;

static double rnd(void) { /* [0, 1) */
    uint64_t z = (g_rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (double)(z >> 11) * (1.0 / 9007199254740992.0);
}

static double rnd_range(double a, double b) {
    double u = rnd();
    return a + (b - a) * u;
}

static gjk_vec3 rnd_in_ball(void) {
    for (;;) {
        double x = rnd_range(-1, 1), y = rnd_range(-1, 1), z = rnd_range(-1, 1);
        if (x * x + y * y + z * z <= 1.0) return gjk_v3((gjk_real)x, (gjk_real)y, (gjk_real)z);
    }
}

static gjk_vec3 rnd_on_sphere(void) {
    for (;;) {
        double x = rnd_range(-1, 1), y = rnd_range(-1, 1), z = rnd_range(-1, 1), l = sqrt(x * x + y * y + z * z);
        if (l > 0.1 && l <= 1.0) return gjk_v3((gjk_real)(x / l), (gjk_real)(y / l), (gjk_real)(z / l));
    }
}

static gjk_quat rnd_rotation(void) {
    gjk_vec3 axis = rnd_on_sphere();
    double angle = rnd_range(0.1, 3.0);
    return gjk_quat_from_axis_angle(axis, (gjk_real)angle);
}

/* n points: the 8 corners of [-1, 1]^3, then points on faces, on edges and inside (exactly coplanar/collinear). */
static void box_cloud(gjk_vec3 *p, int n) {
    for (int i = 0; i < n; i++) {
        gjk_real c[3];
        int kind = i < 8 ? 0 : (int)(rnd() * 3) + 1;
        for (int k = 0; k < 3; k++) c[k] = (gjk_real)rnd_range(-1, 1);
        if (kind == 0)
            for (int k = 0; k < 3; k++) c[k] = (i >> k) & 1 ? 1 : -1;
        if (kind == 1) c[(int)(rnd() * 3)] = rnd() < 0.5 ? -1 : 1; /* on a face */
        if (kind == 2) {                                              /* on an edge */
            int k = (int)(rnd() * 3);
            c[k] = rnd() < 0.5 ? -1 : 1;
            c[(k + 1) % 3] = rnd() < 0.5 ? -1 : 1;
        }
        p[i] = gjk_v3(c[0], c[1], c[2]);
    }
}

/* ---- allocator hook: counts, and fails on request ------------------------------------------------------------ */

typedef struct alloc_stats {
    long allocs, frees, fail_at; /* fail the allocation numbered fail_at (0-based); -1: never */
} alloc_stats;

static void *count_alloc(size_t size, void *user) {
    alloc_stats *s = user;
    if (s->fail_at >= 0 && s->allocs == s->fail_at) {
        s->fail_at = -2; /* fail once; count it as not allocated */
        return NULL;
    }
    s->allocs++;
    return malloc(size);
}

static void count_free(void *ptr, void *user) {
    alloc_stats *s = user;
    s->frees++;
    free(ptr);
}

/* ---- tolerances ---------------------------------------------------------------------------------------------- */

/* 8x the library's tolerance: 1024 ULP of the sum of the largest magnitudes per axis. */
static gjk_real tol3(const gjk_vec3 *p, int n) {
    gjk_real m[3] = {0, 0, 0};
    for (int i = 0; i < n; i++) {
        m[0] = fmax(m[0], GJK_ABS(p[i].x));
        m[1] = fmax(m[1], GJK_ABS(p[i].y));
        m[2] = fmax(m[2], GJK_ABS(p[i].z));
    }
    return 1024 * GJK_REAL_EPSILON * (m[0] + m[1] + m[2]);
}

static gjk_real tol2(const gjk_vec2 *p, int n) {
    gjk_real m[2] = {0, 0};
    for (int i = 0; i < n; i++) {
        m[0] = fmax(m[0], GJK_ABS(p[i].x));
        m[1] = fmax(m[1], GJK_ABS(p[i].y));
    }
    return 1024 * GJK_REAL_EPSILON * (m[0] + m[1]);
}

static bool same3(gjk_vec3 a, gjk_vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

/* Which input points coincide with a hull vertex: sort the points' indices by coordinates, look each vertex up.
   Returns flags[n] (1: equal to some vertex); fails the test when a vertex is not an input point. dim is 2 or 3;
   pts and verts are arrays of dim reals per point. */
static const gjk_real *g_sort_pts;
static int g_sort_dim;

static int coord_cmp(const gjk_real *a, const gjk_real *b) {
    for (int k = 0; k < g_sort_dim; k++)
        if (a[k] != b[k]) return a[k] < b[k] ? -1 : 1;
    return 0;
}

static int index_cmp(const void *x, const void *y) {
    return coord_cmp(g_sort_pts + g_sort_dim * *(const int *)x, g_sort_pts + g_sort_dim * *(const int *)y);
}

static unsigned char *vertex_flags(const gjk_real *pts, int n, const gjk_real *verts, int nv, int dim) {
    int *order = malloc(sizeof(int) * (size_t)n);
    unsigned char *flags = calloc((size_t)n, 1);
    for (int i = 0; i < n; i++) order[i] = i;
    g_sort_pts = pts;
    g_sort_dim = dim;
    qsort(order, (size_t)n, sizeof(int), index_cmp);
    for (int v = 0; v < nv; v++) {
        int lo = 0, hi = n;
        while (lo < hi) {
            int mid = lo + (hi - lo) / 2;
            if (coord_cmp(pts + dim * order[mid], verts + dim * v) < 0) lo = mid + 1;
            else hi = mid;
        }
        assert_true(lo < n && coord_cmp(pts + dim * order[lo], verts + dim * v) == 0);
        for (; lo < n && coord_cmp(pts + dim * order[lo], verts + dim * v) == 0; lo++) flags[order[lo]] = 1;
    }
    free(order);
    order = malloc(sizeof(int) * (size_t)nv); /* and the vertices are distinct */
    for (int v = 0; v < nv; v++) order[v] = v;
    g_sort_pts = verts;
    qsort(order, (size_t)nv, sizeof(int), index_cmp);
    for (int v = 1; v < nv; v++) assert_true(coord_cmp(verts + dim * order[v - 1], verts + dim * order[v]) < 0);
    free(order);
    return flags;
}

/* ---- qhull --------------------------------------------------------------------------------------------------- */

typedef struct qh_result {
    int ok;
    unsigned char *is_vertex; /* [n] */
    double *planes;           /* [nplanes][dim + 1]: normal, offset; inside when normal . x + offset <= 0 */
    int nplanes;
} qh_result;

static qh_result run_qhull(const double *coords, int dim, int n) {
    qh_result r = {0, calloc((size_t)n, 1), NULL, 0};
    qhT qh_qh, *qh = &qh_qh;
    int curlong, totlong;
    QHULL_LIB_CHECK
    qh_zero(qh, stderr);
    if (!qh_new_qhull(qh, dim, n, (coordT *)coords, False, (char *)"qhull", NULL, stderr)) {
        vertexT *vertex;
        facetT *facet;
        r.ok = 1;
        FORALLvertices r.is_vertex[qh_pointid(qh, vertex->point)] = 1;
        FORALLfacets r.nplanes++;
        r.planes = malloc(sizeof(double) * (size_t)(r.nplanes * (dim + 1)));
        r.nplanes = 0;
        FORALLfacets {
            for (int k = 0; k < dim; k++) r.planes[r.nplanes * (dim + 1) + k] = facet->normal[k];
            r.planes[r.nplanes * (dim + 1) + dim] = facet->offset;
            r.nplanes++;
        }
    }
    qh_freeqhull(qh, !qh_ALL);
    qh_memfreeshort(qh, &curlong, &totlong);
    return r;
}

static void qh_result_free(qh_result *r) {
    free(r->is_vertex);
    free(r->planes);
}

/* Largest signed distance of x to the qhull facets: about 0 on the boundary, negative inside. */
static double qh_depth(const qh_result *r, const double *x, int dim) {
    double best = -1e300;
    for (int f = 0; f < r->nplanes; f++) {
        const double *pl = r->planes + f * (dim + 1);
        double d = pl[dim];
        for (int k = 0; k < dim; k++) d += pl[k] * x[k];
        best = fmax(best, d);
    }
    return best;
}

/* ---- 3D checks ----------------------------------------------------------------------------------------------- */

static gjk_real hull3_depth(const gjk_hull3 *h, gjk_vec3 x) {
    gjk_real best = -GJK_REAL_MAX;
    for (int f = 0; f < h->face_count; f++) best = fmax(best, gjk_dot3(h->face_normals[f], x) - h->face_offsets[f]);
    return best;
}

static int edge_cmp(const void *a, const void *b) {
    const int *x = a, *y = b;
    if (x[0] != y[0]) return x[0] < y[0] ? -1 : 1;
    return (x[1] > y[1]) - (x[1] < y[1]);
}

/* Vertex set, centroid and radius; every vertex an input point, all distinct. */
static void check_vertices3(const gjk_hull3 *h, const gjk_vec3 *p, int n, gjk_real tol) {
    gjk_vec3 c = gjk_v3(0, 0, 0);
    gjk_real r = 0;
    assert_true(h->vertex_count >= 1);
    free(vertex_flags(&p[0].x, n, &h->vertices[0].x, h->vertex_count, 3));
    for (int i = 0; i < h->vertex_count; i++) c = gjk_add3(c, h->vertices[i]);
    c = gjk_scale3(c, GJK_R(1.0) / (gjk_real)h->vertex_count);
    for (int i = 0; i < h->vertex_count; i++) r = fmax(r, gjk_len3(gjk_sub3(h->vertices[i], c)));
    assert_true(gjk_len3(gjk_sub3(c, h->centroid)) <= tol);
    assert_true(GJK_ABS(r - h->radius) <= tol);
    assert_int_equal(h->vertex_first[0], 0);
    for (int i = 0; i < h->vertex_count; i++) assert_true(h->vertex_first[i + 1] >= h->vertex_first[i]);
}

/* Face f is a convex polygon within tol, counter-clockwise about its normal: projected on its plane, every corner
   lies outside the chord of its neighbours or within tol of it, the loop turns once around its vertex average (no
   edge runs backwards within tol), and the area it lacks to its convex hull is at most 2 tol times its perimeter. */
static double g_px[1 << 12], g_py[1 << 12];
static int pt2_cmp(const void *x, const void *y) {
    int i = *(const int *)x, j = *(const int *)y;
    if (g_px[i] != g_px[j]) return g_px[i] < g_px[j] ? -1 : 1;
    return (g_py[i] > g_py[j]) - (g_py[i] < g_py[j]);
}

static double turn2(int i, int j, int k) {
    return (g_px[j] - g_px[i]) * (g_py[k] - g_py[i]) - (g_py[j] - g_py[i]) * (g_px[k] - g_px[i]);
}

static void check_face_convex(const gjk_hull3 *h, int f, gjk_real tol) {
    const int *v = h->face_indices + h->face_first[f];
    int len = h->face_first[f + 1] - h->face_first[f], order[1 << 12], ch[(1 << 12) + 1], k = 0;
    gjk_vec3 nf = h->face_normals[f], o = h->vertices[v[0]];
    gjk_vec3 u = gjk_normalize3(gjk_cross3(nf, GJK_ABS(nf.x) < 0.6 ? gjk_v3(1, 0, 0) : gjk_v3(0, 1, 0)));
    gjk_vec3 w = gjk_cross3(nf, u);
    double area = 0, hull = 0, perim = 0, cx = 0, cy = 0;
    assert_true(len <= (1 << 12));
    for (int j = 0; j < len; j++) {
        gjk_vec3 d = gjk_sub3(h->vertices[v[j]], o);
        g_px[j] = gjk_dot3(d, u);
        g_py[j] = gjk_dot3(d, w);
        order[j] = j;
    }
    for (int j = 0; j < len; j++) {
        cx += g_px[j] / len;
        cy += g_py[j] / len;
    }
    for (int j = 0; j < len; j++) {
        int p = (j + len - 1) % len, r = (j + 1) % len;
        double edge = hypot(g_px[r] - g_px[j], g_py[r] - g_py[j]);
        assert_true(-turn2(p, r, j) >= -tol * hypot(g_px[r] - g_px[p], g_py[r] - g_py[p])); /* corner */
        /* turns once about the vertex average (cx, cy): no edge runs backwards, as in a zigzag */
        assert_true((g_px[j] - cx) * (g_py[r] - cy) - (g_py[j] - cy) * (g_px[r] - cx) >=
                    -tol * (hypot(g_px[j] - cx, g_py[j] - cy) + hypot(g_px[r] - cx, g_py[r] - cy)));
        area += turn2(0, j, r);
        perim += edge;
    }
    assert_true(area > 0); /* counter-clockwise seen from outside */
    qsort(order, (size_t)len, sizeof(int), pt2_cmp);
    for (int j = 0; j < len; j++) { /* Andrew's monotone chain on the projected vertices */
        while (k >= 2 && turn2(ch[k - 2], ch[k - 1], order[j]) <= 0) k--;
        ch[k++] = order[j];
    }
    for (int j = len - 2, lower = k + 1; j >= 0; j--) {
        while (k >= lower && turn2(ch[k - 2], ch[k - 1], order[j]) <= 0) k--;
        ch[k++] = order[j];
    }
    for (int j = 1; j + 1 < k - 1; j++) hull += turn2(ch[0], ch[j], ch[j + 1]);
    assert_true(hull - area <= 2 * tol * perim);
}

/* A solid hull: faces planar, convex, counter-clockwise from outside with unit outward normals; a closed
   2-manifold (each directed edge once, its reverse once) with V - E + F = 2; adjacency equal to the edges; every
   point (or every `stride`-th) inside every face plane within tol. */
static void check_solid(const gjk_hull3 *h, const gjk_vec3 *p, int n, gjk_real tol, int stride) {
    int ne = h->face_first[h->face_count], *edges, *deg;
    assert_int_equal(h->dimension, 3);
    assert_true(h->vertex_count >= 4);
    assert_true(h->face_count >= 4);
    check_vertices3(h, p, n, tol);
    assert_int_equal(h->face_first[0], 0);
    assert_true(hull3_depth(h, h->centroid) < 0);
    edges = malloc(sizeof(int) * 2 * (size_t)ne);
    deg = calloc((size_t)h->vertex_count, sizeof(int));
    for (int f = 0; f < h->face_count; f++) {
        int a = h->face_first[f], b = h->face_first[f + 1], len = b - a;
        gjk_vec3 nf = h->face_normals[f];
        assert_true(len >= 3);
        assert_true(GJK_ABS(gjk_len3(nf) - 1) <= 64 * GJK_REAL_EPSILON);
        for (int j = 0; j < len; j++) {
            int i0 = h->face_indices[a + j], i1 = h->face_indices[a + (j + 1) % len];
            assert_true(i0 >= 0 && i0 < h->vertex_count);
            assert_true(GJK_ABS(gjk_dot3(nf, h->vertices[i0]) - h->face_offsets[f]) <= tol); /* planar */
            edges[2 * (a + j)] = i0;
            edges[2 * (a + j) + 1] = i1;
            deg[i0]++;
        }
        check_face_convex(h, f, tol);
    }
    qsort(edges, (size_t)ne, 2 * sizeof(int), edge_cmp);
    for (int e = 0; e < ne; e++) {
        int rev[2] = {edges[2 * e + 1], edges[2 * e]};
        if (e > 0) assert_true(edge_cmp(edges + 2 * e - 2, edges + 2 * e) < 0);
        assert_non_null(bsearch(rev, edges, (size_t)ne, 2 * sizeof(int), edge_cmp));
    }
    assert_int_equal(h->vertex_count - ne / 2 + h->face_count, 2); /* Euler */
    for (int v = 0; v < h->vertex_count; v++) {
        assert_true(deg[v] >= 2); /* 2: kept on a straight edge where dropping it would bend a face */
        assert_int_equal(h->vertex_first[v + 1] - h->vertex_first[v], deg[v]);
        for (int j = h->vertex_first[v]; j < h->vertex_first[v + 1]; j++) {
            int e[2] = {v, h->vertex_adjacency[j]};
            assert_non_null(bsearch(e, edges, (size_t)ne, 2 * sizeof(int), edge_cmp));
        }
    }
    for (int i = 0; i < n; i += stride) assert_true(hull3_depth(h, p[i]) <= tol);
    free(edges);
    free(deg);
}

/* Vertex sets equal up to tolerance: each of ours is a qhull vertex or on qhull's boundary; each qhull vertex is
   ours or on our boundary (merged near-coplanar points may be kept by one and dropped by the other). */
static int compare_qhull3(const gjk_hull3 *h, const gjk_vec3 *p, int n, gjk_real tol) {
    double *c = malloc(sizeof(double) * 3 * (size_t)n);
    unsigned char *mine = vertex_flags(&p[0].x, n, &h->vertices[0].x, h->vertex_count, 3);
    int differ = 0;
    qh_result r;
    for (int i = 0; i < n; i++) {
        c[3 * i] = p[i].x;
        c[3 * i + 1] = p[i].y;
        c[3 * i + 2] = p[i].z;
    }
    r = run_qhull(c, 3, n);
    assert_true(r.ok);
    for (int i = 0; i < n; i++) {
        if (mine[i] && !r.is_vertex[i]) assert_true(qh_depth(&r, c + 3 * i, 3) >= -tol);
        if (r.is_vertex[i] && !mine[i]) assert_true(hull3_depth(h, p[i]) >= -tol);
        differ += mine[i] != r.is_vertex[i];
    }
    free(mine);
    qh_result_free(&r);
    free(c);
    return differ; /* points that are a vertex of one hull only */
}

static gjk_hull3 *make3(const gjk_vec3 *p, int n) {
    gjk_status st = GJK_INVALID_INPUT;
    gjk_hull3 *h = gjk_hull3_create(p, n, &st);
    assert_non_null(h);
    assert_int_equal(st, GJK_OK);
    return h;
}

/* ---- 3D tests ------------------------------------------------------------------------------------------------ */

static void cloud_vs_qhull(int kind, int n, bool rotate) {
    gjk_vec3 *p = malloc(sizeof(gjk_vec3) * (size_t)n);
    gjk_quat q = rnd_rotation();
    gjk_hull3 *h;
    gjk_real tol;
    int differ;
    if (kind == 2) box_cloud(p, n);
    for (int i = 0; i < n && kind != 2; i++) p[i] = kind == 0 ? rnd_in_ball() : rnd_on_sphere();
    for (int i = 0; i < n && rotate; i++) p[i] = gjk_quat_rotate(q, p[i]);
    tol = tol3(p, n);
    h = make3(p, n);
    check_solid(h, p, n, tol, 1);
    differ = compare_qhull3(h, p, n, tol);
    /* random points in double: none is within the tolerance of a plane of others, so the very same vertices */
    if (kind < 2 && sizeof(gjk_real) == sizeof(double)) assert_int_equal(differ, 0);
    if (kind == 2) { /* a box, exact or rotated (rounded): corners only, six quads */
        assert_int_equal(h->vertex_count, 8);
        assert_int_equal(h->face_count, 6);
        for (int f = 0; f < 6; f++) assert_int_equal(h->face_first[f + 1] - h->face_first[f], 4);
    }
    gjk_hull3_destroy(h);
    free(p);
}

static void test_random_clouds(void **state) {
    static const int sizes[] = {8, 64, 1000};
    (void)state;
    for (int kind = 0; kind < 3; kind++)
        for (int s = 0; s < 3; s++)
            for (int rep = 0; rep < 6; rep++) cloud_vs_qhull(kind, kind == 2 ? sizes[s] + 8 : sizes[s], rep % 2 == 1);
}

/* Exactly coplanar and collinear points on a grid: a cube and, rotated (rounded coordinates), still a cube. */
static void test_grid_cube(void **state) {
    gjk_vec3 p[216];
    (void)state;
    for (int rot = 0; rot < 4; rot++) {
        gjk_quat q = rnd_rotation();
        gjk_hull3 *h;
        for (int i = 0; i < 216; i++) {
            gjk_vec3 v = gjk_v3((gjk_real)(i % 6), (gjk_real)(i / 6 % 6), (gjk_real)(i / 36));
            p[i] = rot ? gjk_quat_rotate(q, v) : v;
        }
        h = make3(p, 216);
        check_solid(h, p, 216, tol3(p, 216), 1);
        compare_qhull3(h, p, 216, tol3(p, 216));
        assert_int_equal(h->vertex_count, 8);
        assert_int_equal(h->face_count, 6);
        gjk_hull3_destroy(h);
    }
}

/* Coplanar circles: a prism with two polygonal caps and quads on the side. */
static void test_prism(void **state) {
    enum { K = 24 };
    gjk_vec3 p[2 * K + 40];
    gjk_hull3 *h;
    (void)state;
    for (int i = 0; i < K; i++) {
        gjk_real a = (gjk_real)(6.283185307179586 * i / K);
        p[i] = gjk_v3(GJK_COS(a), GJK_SIN(a), 1);
        p[K + i] = gjk_v3(GJK_COS(a), GJK_SIN(a), -1);
    }
    for (int i = 2 * K; i < 2 * K + 40; i++) p[i] = gjk_v3((gjk_real)rnd_range(-0.5, 0.5), (gjk_real)rnd_range(-0.5, 0.5),
                                                           rnd() < 0.5 ? 1 : -1); /* on the caps */
    h = make3(p, 2 * K + 40);
    check_solid(h, p, 2 * K + 40, tol3(p, 2 * K + 40), 1);
    assert_int_equal(h->vertex_count, 2 * K);
    assert_int_equal(h->face_count, K + 2);
    gjk_hull3_destroy(h);
}

static void test_duplicates(void **state) {
    gjk_vec3 p[8 * 7 + 5];
    gjk_hull3 *h;
    (void)state;
    for (int i = 0; i < 8 * 7; i++) p[i] = gjk_v3(i & 1 ? 2 : -1, i & 2 ? 3 : 0, i & 4 ? 1 : -5);
    for (int i = 8 * 7; i < 8 * 7 + 5; i++) p[i] = gjk_v3(0, 1, 0); /* interior, repeated */
    h = make3(p, 8 * 7 + 5);
    check_solid(h, p, 8 * 7 + 5, tol3(p, 61), 1);
    assert_int_equal(h->vertex_count, 8);
    assert_int_equal(h->face_count, 6);
    gjk_hull3_destroy(h);
    /* a tetrahedron, then a tetrahedron with its points repeated */
    p[0] = gjk_v3(0, 0, 0);
    p[1] = gjk_v3(1, 0, 0);
    p[2] = gjk_v3(0, 1, 0);
    p[3] = gjk_v3(0, 0, 1);
    for (int i = 4; i < 40; i++) p[i] = p[i % 4];
    for (int n = 4; n <= 40; n += 36) {
        h = make3(p, n);
        check_solid(h, p, n, tol3(p, n), 1);
        assert_int_equal(h->vertex_count, 4);
        assert_int_equal(h->face_count, 4);
        gjk_hull3_destroy(h);
    }
}

static void test_point_and_identical(void **state) {
    gjk_vec3 p[50];
    (void)state;
    for (int n = 1; n <= 50; n += 49) {
        gjk_hull3 *h;
        for (int i = 0; i < n; i++) p[i] = gjk_v3(GJK_R(1.5), GJK_R(-2.25), GJK_R(1e3));
        h = make3(p, n);
        assert_int_equal(h->dimension, 0);
        assert_int_equal(h->vertex_count, 1);
        assert_int_equal(h->face_count, 0);
        assert_true(same3(h->vertices[0], p[0]));
        assert_true(same3(h->centroid, p[0]));
        assert_true(h->radius == 0);
        assert_int_equal(h->vertex_first[1], 0);
        gjk_hull3_destroy(h);
    }
}

static void test_collinear(void **state) {
    enum { N = 200 };
    gjk_vec3 p[N];
    (void)state;
    for (int rep = 0; rep < 10; rep++) {
        gjk_vec3 o = gjk_scale3(rnd_in_ball(), 10), d = rnd_on_sphere();
        int lo = 0, hi = 0, n = rep == 0 ? 2 : N;
        gjk_real tl[N];
        gjk_hull3 *h;
        for (int i = 0; i < n; i++) {
            tl[i] = (gjk_real)(rnd_range(-3, 3));
            if (i > 2 && rnd() < 0.2) tl[i] = tl[i / 2]; /* duplicates */
            p[i] = gjk_mad3(o, tl[i], d);
            if (tl[i] < tl[lo]) lo = i;
            if (tl[i] > tl[hi]) hi = i;
        }
        h = make3(p, n);
        assert_int_equal(h->dimension, 1);
        assert_int_equal(h->vertex_count, 2);
        assert_int_equal(h->face_count, 0);
        check_vertices3(h, p, n, tol3(p, n));
        assert_true((same3(h->vertices[0], p[lo]) && same3(h->vertices[1], p[hi])) ||
                    (same3(h->vertices[1], p[lo]) && same3(h->vertices[0], p[hi])));
        assert_int_equal(h->vertex_first[2], 2);
        assert_int_equal(h->vertex_adjacency[0], 1);
        assert_int_equal(h->vertex_adjacency[1], 0);
        gjk_hull3_destroy(h);
    }
}

/* Largest signed distance of x to the polygon's edges (face 0 of a flat hull), measured in its plane. */
static gjk_real polygon_depth(const gjk_hull3 *h, gjk_vec3 x) {
    gjk_real best = -GJK_REAL_MAX;
    int k = h->vertex_count;
    for (int j = 0; j < k; j++) {
        gjk_vec3 a = h->vertices[j], b = h->vertices[(j + 1) % k];
        gjk_vec3 out = gjk_normalize3(gjk_cross3(gjk_sub3(b, a), h->face_normals[0]));
        best = fmax(best, gjk_dot3(out, gjk_sub3(x, a)));
    }
    return best;
}

/* Points in a rotated, shifted plane (coordinates rounded, so only nearly coplanar): a polygon with two faces. */
static void flat_case(const gjk_vec2 *q, int n, bool square) {
    gjk_vec3 *p = malloc(sizeof(gjk_vec3) * (size_t)n), o = gjk_scale3(rnd_in_ball(), 3);
    gjk_quat rot = rnd_rotation();
    gjk_vec3 e1 = gjk_quat_rotate(rot, gjk_v3(1, 0, 0)), e2 = gjk_quat_rotate(rot, gjk_v3(0, 1, 0));
    double *c = malloc(sizeof(double) * 2 * (size_t)n);
    gjk_hull3 *h;
    gjk_real tol;
    int k;
    unsigned char *mine;
    qh_result r;
    for (int i = 0; i < n; i++) {
        p[i] = gjk_add3(o, gjk_add3(gjk_scale3(e1, q[i].x), gjk_scale3(e2, q[i].y)));
        c[2 * i] = q[i].x;
        c[2 * i + 1] = q[i].y;
    }
    tol = tol3(p, n);
    h = make3(p, n);
    k = h->vertex_count;
    assert_int_equal(h->dimension, 2);
    assert_int_equal(h->face_count, 2);
    assert_true(k >= 3);
    check_vertices3(h, p, n, tol);
    assert_int_equal(h->face_first[1], k);
    assert_int_equal(h->face_first[2], 2 * k);
    assert_true(GJK_ABS(gjk_len3(h->face_normals[0]) - 1) <= 64 * GJK_REAL_EPSILON);
    assert_true(same3(h->face_normals[1], gjk_neg3(h->face_normals[0])));
    assert_true(GJK_ABS(GJK_ABS(gjk_dot3(h->face_normals[0], gjk_cross3(e1, e2))) - 1) <= tol);
    for (int j = 0; j < k; j++) {
        gjk_vec3 a = h->vertices[j], b = h->vertices[(j + 1) % k], d = h->vertices[(j + 2) % k];
        assert_int_equal(h->face_indices[j], j);
        assert_int_equal(h->face_indices[2 * k - 1 - j], j);
        assert_true(gjk_dot3(gjk_cross3(gjk_sub3(b, a), gjk_sub3(d, b)), h->face_normals[0]) > 0); /* CCW, convex */
        assert_int_equal(h->vertex_first[j], 2 * j);
        assert_int_equal(h->vertex_adjacency[2 * j], (j + k - 1) % k);
        assert_int_equal(h->vertex_adjacency[2 * j + 1], (j + 1) % k);
    }
    for (int i = 0; i < n; i++) {
        assert_true(gjk_dot3(h->face_normals[0], p[i]) - h->face_offsets[0] <= tol);
        assert_true(gjk_dot3(h->face_normals[1], p[i]) - h->face_offsets[1] <= tol);
        assert_true(gjk_dot3(h->face_normals[0], p[i]) - h->face_offsets[0] >= -tol);
        assert_true(polygon_depth(h, p[i]) <= tol);
    }
    r = run_qhull(c, 2, n);
    assert_true(r.ok);
    mine = vertex_flags(&p[0].x, n, &h->vertices[0].x, k, 3);
    for (int i = 0; i < n; i++) {
        if (r.is_vertex[i] && !mine[i]) assert_true(polygon_depth(h, p[i]) >= -tol);
        if (mine[i] && !r.is_vertex[i]) assert_true(qh_depth(&r, c + 2 * i, 2) >= -tol);
    }
    free(mine);
    if (square) assert_int_equal(k, 4);
    qh_result_free(&r);
    gjk_hull3_destroy(h);
    free(p);
    free(c);
}

static void test_coplanar(void **state) {
    gjk_vec2 q[500];
    (void)state;
    for (int rep = 0; rep < 12; rep++) {
        int n = rep < 4 ? 500 : (rep < 8 ? 40 : 3 + rep % 4);
        for (int i = 0; i < n; i++) q[i] = gjk_v2((gjk_real)rnd_range(-1, 1), (gjk_real)rnd_range(-2, 2));
        flat_case(q, n, false);
    }
    for (int rep = 0; rep < 4; rep++) { /* a square grid: exactly collinear edges, only 4 vertices */
        for (int i = 0; i < 100; i++) q[i] = gjk_v2((gjk_real)(i % 10), (gjk_real)(i / 10));
        flat_case(q, 100, true);
    }
}

/* Power-of-two scaling is exact: the same hull (vertex count) at any magnitude, and an offset cloud. */
static void test_scale_and_offset(void **state) {
    enum { N = 300 };
    gjk_vec3 p[N], s[N];
    gjk_hull3 *h0, *h;
    (void)state;
    for (int i = 0; i < N; i++) p[i] = rnd_on_sphere();
    h0 = make3(p, N);
    for (int e = -60; e <= 60; e += 30) {
        for (int i = 0; i < N; i++) s[i] = gjk_scale3(p[i], (gjk_real)ldexp(1.0, e));
        h = make3(s, N);
        check_solid(h, s, N, tol3(s, N), 1);
        assert_int_equal(h->vertex_count, h0->vertex_count);
        assert_int_equal(h->face_count, h0->face_count);
        gjk_hull3_destroy(h);
    }
    gjk_hull3_destroy(h0);
    for (int i = 0; i < N; i++) s[i] = gjk_add3(gjk_v3(1000, -2000, 500), rnd_in_ball());
    h = make3(s, N);
    check_solid(h, s, N, tol3(s, N), 1);
    compare_qhull3(h, s, N, tol3(s, N));
    gjk_hull3_destroy(h);
    for (int i = 0; i < N; i++) s[i] = gjk_mul3(rnd_in_ball(), gjk_v3(1, 1, GJK_R(1e-3))); /* thin */
    h = make3(s, N);
    check_solid(h, s, N, tol3(s, N), 1);
    compare_qhull3(h, s, N, tol3(s, N));
    gjk_hull3_destroy(h);
}

/* Slabs from far below to far above the tolerance in thickness, rotated: dimension 2 or 3, valid either way (a
   slab within about twice the tolerance may come out flat once its sides merge). */
static void test_thin_slabs(void **state) {
    enum { N = 400 };
    gjk_vec3 p[N];
    (void)state;
    for (int rep = 0; rep < 48; rep++) {
        gjk_quat q = rnd_rotation();
        double lib_tol = 128 * GJK_REAL_EPSILON * 3, th = lib_tol * pow(2, rep % 12 - 2);
        gjk_hull3 *h;
        for (int i = 0; i < N; i++) {
            gjk_vec3 b = rnd_in_ball();
            b.z = (gjk_real)(rep % 2 ? th * rnd_range(-1, 1) : (rnd() < 0.5 ? -th : th));
            p[i] = gjk_quat_rotate(q, b);
        }
        h = make3(p, N);
        assert_true(h->dimension >= 2);
        if (h->dimension == 3) check_solid(h, p, N, tol3(p, N), 1);
        for (int i = 0; h->dimension == 2 && i < N; i++) {
            assert_true(GJK_ABS(gjk_dot3(h->face_normals[0], p[i]) - h->face_offsets[0]) <= tol3(p, N));
            assert_true(polygon_depth(h, p[i]) <= tol3(p, N));
        }
        if (th > 8 * lib_tol) assert_int_equal(h->dimension, 3);
        gjk_hull3_destroy(h);
    }
}

static void test_large(void **state) {
    enum { N = 100000 };
    gjk_vec3 *p = malloc(sizeof(gjk_vec3) * N);
    (void)state;
    for (int kind = 0; kind < 3; kind++) {
        gjk_hull3 *h;
        if (kind == 2) box_cloud(p, N);
        for (int i = 0; i < N && kind < 2; i++) p[i] = kind == 0 ? rnd_in_ball() : rnd_on_sphere();
        h = make3(p, N);
        check_solid(h, p, N, tol3(p, N), 97);
        if (kind == 2) assert_int_equal(h->vertex_count, 8);
        gjk_hull3_destroy(h);
    }
    free(p);
}

static void test_max_points(void **state) {
    const int n = GJK_HULL_MAX_POINTS;
    gjk_vec3 *p = malloc(sizeof(gjk_vec3) * (size_t)n);
    gjk_hull3 *h;
    (void)state;
    box_cloud(p, n);
    h = make3(p, n);
    assert_int_equal(h->vertex_count, 8);
    assert_int_equal(h->face_count, 6);
    gjk_hull3_destroy(h);
    free(p);
}

static void test_deterministic(void **state) {
    enum { N = 2000 };
    gjk_vec3 p[N];
    gjk_hull3 *a, *b;
    (void)state;
    for (int i = 0; i < N; i++) p[i] = i % 3 ? rnd_on_sphere() : rnd_in_ball();
    a = make3(p, N);
    b = make3(p, N);
    assert_int_equal(a->vertex_count, b->vertex_count);
    assert_int_equal(a->face_count, b->face_count);
    assert_memory_equal(a->vertices, b->vertices, sizeof(gjk_vec3) * (size_t)a->vertex_count);
    assert_memory_equal(a->face_normals, b->face_normals, sizeof(gjk_vec3) * (size_t)a->face_count);
    assert_memory_equal(a->face_indices, b->face_indices, sizeof(int) * (size_t)a->face_first[a->face_count]);
    assert_memory_equal(a->vertex_adjacency, b->vertex_adjacency,
                        sizeof(int) * (size_t)a->vertex_first[a->vertex_count]);
    gjk_hull3_destroy(a);
    gjk_hull3_destroy(b);
}

/* ---- 2D ------------------------------------------------------------------------------------------------------ */

static bool same2(gjk_vec2 a, gjk_vec2 b) { return a.x == b.x && a.y == b.y; }

static gjk_real poly2_depth(const gjk_hull2 *h, gjk_vec2 x) {
    gjk_real best = -GJK_REAL_MAX;
    for (int j = 0; j < h->vertex_count; j++) best = fmax(best, gjk_dot2(h->normals[j], gjk_sub2(x, h->vertices[j])));
    return best;
}

/* A polygon: counter-clockwise and strictly convex, unit outward edge normals, every point inside within tol, the
   vertex set equal to qhull's up to tolerance. */
static void check_poly2(const gjk_hull2 *h, const gjk_vec2 *p, int n) {
    gjk_real tol = tol2(p, n), r = 0;
    int k = h->vertex_count;
    gjk_vec2 c = gjk_v2(0, 0);
    double *xy = malloc(sizeof(double) * 2 * (size_t)n);
    unsigned char *mine = vertex_flags(&p[0].x, n, &h->vertices[0].x, k, 2);
    qh_result q;
    assert_int_equal(h->dimension, 2);
    assert_true(k >= 3);
    for (int j = 0; j < k; j++) {
        gjk_vec2 a = h->vertices[j], b = h->vertices[(j + 1) % k], d = h->vertices[(j + 2) % k];
        assert_true(gjk_cross2(gjk_sub2(b, a), gjk_sub2(d, b)) > 0);
        assert_true(GJK_ABS(gjk_len2(h->normals[j]) - 1) <= 64 * GJK_REAL_EPSILON);
        assert_true(GJK_ABS(gjk_dot2(h->normals[j], gjk_normalize2(gjk_sub2(b, a)))) <= 64 * GJK_REAL_EPSILON);
        assert_true(gjk_dot2(h->normals[j], gjk_sub2(d, a)) < 0);
        c = gjk_add2(c, a);
    }
    c = gjk_scale2(c, GJK_R(1.0) / (gjk_real)k);
    for (int j = 0; j < k; j++) r = fmax(r, gjk_len2(gjk_sub2(h->vertices[j], c)));
    assert_true(gjk_len2(gjk_sub2(c, h->centroid)) <= tol);
    assert_true(GJK_ABS(r - h->radius) <= tol);
    for (int i = 0; i < n; i++) {
        assert_true(poly2_depth(h, p[i]) <= tol);
        xy[2 * i] = p[i].x;
        xy[2 * i + 1] = p[i].y;
    }
    q = run_qhull(xy, 2, n);
    assert_true(q.ok);
    for (int i = 0; i < n; i++) {
        if (q.is_vertex[i] && !mine[i]) assert_true(poly2_depth(h, p[i]) >= -tol);
        if (mine[i] && !q.is_vertex[i]) assert_true(qh_depth(&q, xy + 2 * i, 2) >= -tol);
    }
    free(mine);
    qh_result_free(&q);
    free(xy);
}

static gjk_hull2 *make2(const gjk_vec2 *p, int n) {
    gjk_status st = GJK_INVALID_INPUT;
    gjk_hull2 *h = gjk_hull2_create(p, n, &st);
    assert_non_null(h);
    assert_int_equal(st, GJK_OK);
    return h;
}

static void test_hull2_random(void **state) {
    static const int sizes[] = {3, 8, 64, 1000, 5000};
    gjk_vec2 *p = malloc(sizeof(gjk_vec2) * 5000);
    (void)state;
    for (int kind = 0; kind < 4; kind++)
        for (int s = 0; s < 5; s++)
            for (int rep = 0; rep < 4; rep++) {
                int n = sizes[s];
                gjk_hull2 *h;
                gjk_real a0 = (gjk_real)rnd_range(0, 6);
                for (int i = 0; i < n; i++) {
                    gjk_vec3 b = rnd_in_ball();
                    gjk_real a = (gjk_real)rnd_range(0, 6.283185307179586);
                    if (kind == 0) p[i] = gjk_v2(b.x, b.y);                                     /* in a disc */
                    if (kind == 1) p[i] = gjk_v2(GJK_COS(a), GJK_SIN(a));                       /* on a circle */
                    if (kind == 2) p[i] = gjk_v2((gjk_real)rnd_range(-1, 1), (gjk_real)rnd_range(-1, 1));
                    if (kind == 2 && i < 4) p[i] = gjk_v2(i & 1 ? 1 : -1, i & 2 ? 1 : -1);     /* square corners */
                    if (kind == 2 && i % 3 == 1) p[i].x = i % 2 ? 1 : -1;                       /* on edges */
                    if (kind == 3) p[i] = gjk_v2(GJK_COS(a0 + i % 5), GJK_SIN(a0 + i % 5)); /* a pentagon, repeated */
                    if (rep % 2) p[i] = gjk_add2(gjk_scale2(p[i], 100), gjk_v2(1e4, -3e3));
                }
                if (kind == 3 && n < 5) continue;
                h = make2(p, n);
                check_poly2(h, p, n);
                if (kind == 2 && rep % 2 == 0 && n >= 8) assert_int_equal(h->vertex_count, 4);
                if (kind == 3) assert_int_equal(h->vertex_count, 5);
                gjk_hull2_destroy(h);
            }
    free(p);
}

static void test_hull2_degenerate(void **state) {
    gjk_vec2 p[300];
    gjk_hull2 *h;
    (void)state;
    for (int n = 1; n <= 300; n += 299) { /* one point, identical points */
        for (int i = 0; i < n; i++) p[i] = gjk_v2(GJK_R(-7.5), GJK_R(0.125));
        h = make2(p, n);
        assert_int_equal(h->dimension, 0);
        assert_int_equal(h->vertex_count, 1);
        assert_true(same2(h->vertices[0], p[0]) && same2(h->centroid, p[0]) && h->radius == 0);
        assert_true(h->normals[0].x == 0 && h->normals[0].y == 0);
        gjk_hull2_destroy(h);
    }
    for (int rep = 0; rep < 10; rep++) { /* collinear, with duplicates; two points */
        gjk_vec2 o = gjk_v2((gjk_real)rnd_range(-5, 5), (gjk_real)rnd_range(-5, 5)), d;
        gjk_real a = (gjk_real)rnd_range(0, 6.3), t, tlo = GJK_REAL_MAX, thi = -GJK_REAL_MAX;
        int n = rep == 0 ? 2 : 300, lo = 0, hi = 0;
        d = gjk_v2(GJK_COS(a), GJK_SIN(a));
        for (int i = 0; i < n; i++) {
            t = (gjk_real)rnd_range(-2, 2);
            p[i] = i > 3 && rnd() < 0.3 ? p[i / 2] : gjk_mad2(o, t, d);
            t = gjk_dot2(gjk_sub2(p[i], o), d);
            if (t < tlo) tlo = t, lo = i;
            if (t > thi) thi = t, hi = i;
        }
        h = make2(p, n);
        assert_int_equal(h->dimension, 1);
        assert_int_equal(h->vertex_count, 2);
        assert_true((same2(h->vertices[0], p[lo]) && same2(h->vertices[1], p[hi])) ||
                    (same2(h->vertices[1], p[lo]) && same2(h->vertices[0], p[hi])));
        gjk_hull2_destroy(h);
    }
    /* a triangle with points on its edges and inside, every point repeated: 3 vertices */
    for (int i = 0; i < 300; i++) {
        gjk_real t = (gjk_real)(i % 50) / 50;
        gjk_vec2 c[3] = {{0, 0}, {4, 0}, {0, 3}};
        p[i] = i % 50 == 0 ? c[i / 100] : gjk_add2(gjk_scale2(c[i % 3], 1 - t), gjk_scale2(c[(i + 1) % 3], t));
        if (i % 7 == 0) p[i] = gjk_v2(1, 1);
    }
    h = make2(p, 300);
    check_poly2(h, p, 300);
    assert_int_equal(h->vertex_count, 3);
    gjk_hull2_destroy(h);
}

/* ---- invalid input and the allocator hook -------------------------------------------------------------------- */

static void test_invalid(void **state) {
    gjk_vec3 p3[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    gjk_vec2 p2[3] = {{0, 0}, {1, 0}, {0, 1}};
    gjk_status st;
    (void)state;
    const int counts[] = {0, -1, GJK_HULL_MAX_POINTS + 1, -2147483647 - 1};
    for (int i = 0; i < 4; i++) {
        st = GJK_OK;
        assert_null(gjk_hull3_create(p3, counts[i], &st));
        assert_int_equal(st, GJK_INVALID_INPUT);
        st = GJK_OK;
        assert_null(gjk_hull2_create(p2, counts[i], &st));
        assert_int_equal(st, GJK_INVALID_INPUT);
    }
    st = GJK_OK;
    assert_null(gjk_hull3_create(NULL, 4, &st));
    assert_int_equal(st, GJK_INVALID_INPUT);
    st = GJK_OK;
    assert_null(gjk_hull2_create(NULL, 3, &st));
    assert_int_equal(st, GJK_INVALID_INPUT);
    assert_null(gjk_hull3_create(NULL, 4, NULL));
    assert_null(gjk_hull2_create(p2, 0, NULL));
    for (int k = 0; k < 9; k++) { /* NaN or infinity in any coordinate */
        gjk_vec3 q3[4];
        gjk_vec2 q2[3];
        gjk_real bad = k % 3 == 0 ? (gjk_real)NAN : (k % 3 == 1 ? (gjk_real)INFINITY : -(gjk_real)INFINITY);
        memcpy(q3, p3, sizeof q3);
        memcpy(q2, p2, sizeof q2);
        ((gjk_real *)q3)[k % 12 + (k > 5)] = bad;
        ((gjk_real *)q2)[k % 6] = bad;
        st = GJK_OK;
        assert_null(gjk_hull3_create(q3, 4, &st));
        assert_int_equal(st, GJK_INVALID_INPUT);
        st = GJK_OK;
        assert_null(gjk_hull2_create(q2, 3, &st));
        assert_int_equal(st, GJK_INVALID_INPUT);
    }
    gjk_hull3_destroy(NULL);
    gjk_hull2_destroy(NULL);
}

/* Every allocation freed, both when creation succeeds and when any one allocation fails. */
static void alloc_case(int kind) {
    enum { N = 3000 };
    static gjk_vec3 p[N];
    static gjk_vec2 q[N];
    alloc_stats s = {0, 0, -1};
    int n = N;
    for (int i = 0; i < N; i++) {
        p[i] = rnd_on_sphere();
        q[i] = gjk_v2(p[i].x, p[i].y);
        if (kind == 1) p[i].z = p[i].x + p[i].y; /* flat: the 2D builder inside */
        if (kind == 2) p[i] = gjk_scale3(gjk_v3(1, 2, 3), p[i].x); /* collinear */
    }
    gjk_set_allocator(count_alloc, count_free, &s);
    for (long fail = 0;; fail++) {
        gjk_status st = GJK_OK;
        void *h;
        s.allocs = s.frees = 0;
        s.fail_at = fail;
        h = kind == 3 ? (void *)gjk_hull2_create(q, n, &st) : (void *)gjk_hull3_create(p, n, &st);
        if (h) {
            assert_int_equal(st, GJK_OK);
            assert_true(s.fail_at == -1 || s.fail_at >= s.allocs); /* no allocation left to fail */
            assert_true(s.allocs == s.frees + 1);                  /* only the hull is left */
            if (kind == 3) gjk_hull2_destroy(h);
            else gjk_hull3_destroy(h);
            assert_true(s.allocs == s.frees);
            break;
        }
        assert_int_equal(st, GJK_OUT_OF_MEMORY);
        assert_true(s.allocs == s.frees);
    }
    gjk_set_allocator(NULL, NULL, NULL);
}

static void test_allocator(void **state) {
    (void)state;
    for (int kind = 0; kind < 4; kind++) alloc_case(kind);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_clouds),
        cmocka_unit_test(test_grid_cube),
        cmocka_unit_test(test_prism),
        cmocka_unit_test(test_duplicates),
        cmocka_unit_test(test_point_and_identical),
        cmocka_unit_test(test_collinear),
        cmocka_unit_test(test_coplanar),
        cmocka_unit_test(test_scale_and_offset),
        cmocka_unit_test(test_thin_slabs),
        cmocka_unit_test(test_large),
        cmocka_unit_test(test_max_points),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_hull2_random),
        cmocka_unit_test(test_hull2_degenerate),
        cmocka_unit_test(test_invalid),
        cmocka_unit_test(test_allocator),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
