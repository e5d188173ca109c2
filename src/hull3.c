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

#include "internal.h"

/* Tolerance: this many units of GJK_REAL_EPSILON times the sum of the largest absolute coordinates per axis (about
   a few hundred ULP of the largest coordinate): the rounding error of points that came out of arithmetic. */
#define HULL_TOL_ULPS 128
/* Working coordinates smaller than 2^HULL_FLUSH_EXP (the largest is in [0.5, 1)) are flushed to zero. */
#define HULL_FLUSH_EXP (-60)

/* Twice the area vector of triangle abc, crossing the two shortest edges (at the vertex opposite the longest one),
   which is the most accurate choice for thin triangles. */
static gjk_vec3 tri_cross(gjk_vec3 a, gjk_vec3 b, gjk_vec3 c) {
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
static gjk_hull3 *hull3_alloc(int nv, int nf, int ni, int na) {
    size_t size = sizeof(gjk_hull3);
    size_t ov = place(&size, (size_t)nv, sizeof(gjk_vec3), _Alignof(gjk_vec3));
    size_t on = place(&size, (size_t)nf, sizeof(gjk_vec3), _Alignof(gjk_vec3));
    size_t od = place(&size, (size_t)nf, sizeof(gjk_real), _Alignof(gjk_real));
    size_t off = place(&size, (size_t)nf + 1, sizeof(int), _Alignof(int));
    size_t ofi = place(&size, (size_t)ni, sizeof(int), _Alignof(int));
    size_t ovf = place(&size, (size_t)nv + 1, sizeof(int), _Alignof(int));
    size_t ova = place(&size, (size_t)na, sizeof(int), _Alignof(int));
    unsigned char *mem = gjk_alloc(size);
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
    return h;
}

/* Vertices from the input by index, and centroid and radius computed on the scaled copy (no overflow). */
static void hull3_vertices(gjk_hull3 *h, const gjk_vec3 *points, const gjk_vec3 *wp, const int *ids, int shift) {
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
static gjk_vec3 area_vector(const gjk_vec3 *p, const int *ids, const int *loop, int len) {
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
static void face_plane_out(gjk_hull3 *h, int f, gjk_vec3 nrm) {
    gjk_real d = -GJK_REAL_MAX;
    for (int j = h->face_first[f]; j < h->face_first[f + 1]; j++)
        d = gjk_maxr(d, gjk_dot3(nrm, h->vertices[h->face_indices[j]]));
    h->face_normals[f] = nrm;
    h->face_offsets[f] = d;
}

/* ---- quickhull ----------------------------------------------------------------------------------------------- */

typedef struct qh_face {
    int v[3];   /* counter-clockwise seen from outside */
    int adj[3]; /* adj[i]: face across edge (v[i], v[i+1]) */
    int mark, label; /* visibility stamp; merged face index */
    unsigned char alive, visible;
    unsigned char thin, longest; /* merging: height within tol (a sliver), and which edge is the longest */
    union {         /* the building and the merging fields never live at once: a smaller face, fewer cache misses */
        struct {
            double cross[3], perm[3]; /* orient3's minors for this triangle and their permanents, computed once */
            double far_vol;           /* filtered volume of far_pt over the face: ranks the outside points */
            int head, far_pt;         /* outside set (linked through qhull.next), its farthest point; -1: empty */
            int prev, next;           /* pending list (faces with an outside set), or free list */
        };
        struct {
            gjk_vec3 n;       /* precise unit normal (tri_shape) */
            gjk_real d, area; /* n . x on the plane; twice the area */
        };
    };
} qh_face;

typedef struct qh_edge {
    int a, b;  /* edge a -> b as seen from the face that owns it */
    int w, ew; /* quickhull: the hidden face across it and the edge's index there */
} qh_edge;

typedef struct qhull {
    const gjk_vec3 *p; /* scaled points */
    unsigned char *flag; /* [n] building: points within tol of another one, left out; output: vertices kept */
    int *next;         /* [n] outside-set links; vertex face counts after the build */
    int *vmap;         /* [n] scratch per point, -1 between uses */
    gjk_real tol;
    qh_face *f;
    int fcap, fcount, free_list, pending, stamp;
    int *list, list_cap; /* visible faces, then a merged region's triangles */
    qh_edge *hz;
    int hz_cap;
    int *nf, nf_cap; /* horizon order, then the new faces */
} qhull;

static int edge_index(const qh_face *f, int a, int b) {
    for (int j = 0; j < 3; j++)
        if (f->v[j] == a && f->v[(j + 1) % 3] == b) return j;
    return 0;
}

/* gjk_orient3d(face t, point i) > 0, with the face's minors cached: the same operations, so the same filter. Returns
   the filtered volume (positive when above, or DBL_MIN when only the exact test says so), else 0. */
static double above(const qhull *q, int t, int i) {
    const qh_face *f = &q->f[t];
    const gjk_vec3 a = q->p[f->v[0]], p = q->p[i];
    const double x[3] = {(double)p.x - a.x, (double)p.y - a.y, (double)p.z - a.z}, e = DBL_EPSILON * 0.5;
    double det = x[0] * f->cross[0] + x[1] * f->cross[1] + x[2] * f->cross[2];
    double bound = (8.0 + 64.0 * e) * e * (fabs(x[0]) * f->perm[0] + fabs(x[1]) * f->perm[1] + fabs(x[2]) * f->perm[2]);
    if (det > bound) return det;
    if (det < -bound) return 0;
    return gjk_orient3d(a, q->p[f->v[1]], q->p[f->v[2]], p) > 0 ? DBL_MIN : 0;
}

static int face_new(qhull *q, int a, int b, int c) {
    const gjk_vec3 pa = q->p[a], pb = q->p[b], pc = q->p[c];
    const double y[3] = {(double)pb.x - pa.x, (double)pb.y - pa.y, (double)pb.z - pa.z};
    const double z[3] = {(double)pc.x - pa.x, (double)pc.y - pa.y, (double)pc.z - pa.z};
    int t = q->free_list;
    qh_face *f;
    if (t >= 0) {
        q->free_list = q->f[t].next;
    } else {
        qh_face *g = gjk_grow(q->f, &q->fcap, q->fcount + 1, sizeof(qh_face));
        if (!g) return -1;
        q->f = g;
        t = q->fcount++;
    }
    f = &q->f[t];
    memset(f, 0, sizeof *f);
    f->v[0] = a;
    f->v[1] = b;
    f->v[2] = c;
    f->adj[0] = f->adj[1] = f->adj[2] = -1;
    f->head = f->far_pt = f->prev = f->next = f->label = -1;
    f->alive = 1;
    for (int k = 0; k < 3; k++) { /* exactly as orient3 computes them */
        int i = (k + 1) % 3, j = (k + 2) % 3;
        double u = y[i] * z[j], w = y[j] * z[i];
        f->cross[k] = u - w;
        f->perm[k] = fabs(u) + fabs(w);
    }
    return t;
}

static void pending_unlink(qhull *q, int t) {
    qh_face *f = &q->f[t];
    if (f->prev >= 0) q->f[f->prev].next = f->next;
    else q->pending = f->next;
    if (f->next >= 0) q->f[f->next].prev = f->prev;
    f->prev = f->next = -1;
}

static void outside_add(qhull *q, int t, int i, double vol) {
    qh_face *f = &q->f[t];
    if (f->head < 0) { /* first point: the face becomes pending */
        f->prev = -1;
        f->next = q->pending;
        if (q->pending >= 0) q->f[q->pending].prev = t;
        q->pending = t;
    }
    if (f->head < 0 || vol > f->far_vol) {
        f->far_pt = i;
        f->far_vol = vol;
    }
    q->next[i] = f->head;
    f->head = i;
}

/* Put point i in the outside set of the first listed face it is strictly above; drop it when there is none (it is
   inside or on the hull: Barber et al. show a point above a deleted face is above a new face or inside). */
static void assign(qhull *q, const int *faces, int count, int i) {
    for (int k = 0; k < count; k++) {
        double vol = above(q, faces[k], i);
        if (vol > 0) {
            outside_add(q, faces[k], i, vol);
            return;
        }
    }
}

/* One quickhull step: add the farthest point of the first pending face. */
static gjk_status qh_step(qhull *q) {
    const int t0 = q->pending, apex = q->f[t0].far_pt;
    int nvis = 1, nhz = 0, k;
    bool simple = true;
    void *g;
    q->stamp++;
    /* Visible faces: strictly below the apex, grown across edges from t0 (exactly: a disc). */
    q->list[0] = t0;
    q->f[t0].mark = q->stamp;
    q->f[t0].visible = 1;
    for (int j = 0; j < nvis; j++) {
        int u = q->list[j];
        for (int e = 0; e < 3; e++) {
            int w = q->f[u].adj[e];
            if (q->f[w].mark != q->stamp) {
                q->f[w].mark = q->stamp;
                q->f[w].visible = above(q, w, apex) > 0;
                if (q->f[w].visible) {
                    if (!(g = gjk_grow(q->list, &q->list_cap, nvis + 1, sizeof(int)))) return GJK_OUT_OF_MEMORY;
                    q->list = g;
                    q->list[nvis++] = w;
                }
            }
            if (!q->f[w].visible) {
                qh_edge h;
                if (!(g = gjk_grow(q->hz, &q->hz_cap, nhz + 1, sizeof(qh_edge)))) return GJK_OUT_OF_MEMORY;
                q->hz = g;
                h.a = q->f[u].v[e];
                h.b = q->f[u].v[(e + 1) % 3];
                h.w = w;
                h.ew = edge_index(&q->f[w], h.b, h.a);
                q->hz[nhz++] = h;
            }
        }
    }
    /* Order the horizon into its loop, following each edge's end to the edge that starts there. */
    if (!(g = gjk_grow(q->nf, &q->nf_cap, nhz, sizeof(int)))) return GJK_OUT_OF_MEMORY;
    q->nf = g;
    for (int j = 0; j < nhz; j++) {
        if (q->vmap[q->hz[j].a] >= 0) simple = false;
        else q->vmap[q->hz[j].a] = j;
    }
    k = 0;
    for (int s = 0; s < nhz && simple; s++) {
        if (k < 0 || (s > 0 && k == 0)) simple = false;
        else {
            q->nf[s] = k;
            k = q->vmap[q->hz[k].b];
        }
    }
    for (int j = 0; j < nhz; j++) q->vmap[q->hz[j].a] = -1;
    GJK_ASSERT(simple && k == 0); /* exact predicates make this impossible */
    if (!simple || k != 0) return GJK_DEGENERATE;
    /* The cone of new faces from the horizon to the apex (the visible faces stay allocated for now). */
    for (int s = 0; s < nhz; s++) {
        qh_edge h = q->hz[q->nf[s]];
        int t = face_new(q, h.a, h.b, apex);
        if (t < 0) return GJK_OUT_OF_MEMORY;
        q->f[t].adj[0] = h.w;
        q->f[h.w].adj[h.ew] = t;
        q->nf[s] = t;
    }
    for (int s = 0; s < nhz; s++) {
        q->f[q->nf[s]].adj[1] = q->nf[(s + 1) % nhz];
        q->f[q->nf[s]].adj[2] = q->nf[(s + nhz - 1) % nhz];
    }
    /* Hand the visible faces' outside points to the new faces, then free the visible faces. */
    for (int j = 0; j < nvis; j++) {
        int u = q->list[j];
        if (q->f[u].head >= 0) pending_unlink(q, u);
        for (int i = q->f[u].head, nx; i >= 0; i = nx) {
            nx = q->next[i];
            if (i != apex) assign(q, q->nf, nhz, i);
        }
        q->f[u].head = -1;
        q->f[u].alive = 0;
        q->f[u].next = q->free_list;
        q->free_list = u;
    }
    return GJK_OK;
}

/* Build the exact triangulated hull from the initial tetrahedron s[0..3] (not coplanar). */
static gjk_status qh_build(qhull *q, int n, const int *s) {
    int a = s[0], b = s[1], c = s[2], d = s[3], t[4];
    void *g;
    if (gjk_orient3d(q->p[a], q->p[b], q->p[c], q->p[d]) > 0) {
        b = s[2];
        c = s[1];
    }
    /* d is below abc: these four are counter-clockwise seen from outside. */
    t[0] = face_new(q, a, b, c);
    t[1] = face_new(q, a, d, b);
    t[2] = face_new(q, a, c, d);
    t[3] = face_new(q, b, d, c);
    if (t[0] < 0 || t[1] < 0 || t[2] < 0 || t[3] < 0) return GJK_OUT_OF_MEMORY;
    for (int i = 0; i < 4; i++)
        for (int e = 0; e < 3; e++)
            for (int j = 0; j < 4; j++)
                if (j != i && q->f[t[i]].adj[e] < 0) {
                    int ea = q->f[t[i]].v[e], eb = q->f[t[i]].v[(e + 1) % 3], k = edge_index(&q->f[t[j]], eb, ea);
                    if (q->f[t[j]].v[k] == eb && q->f[t[j]].v[(k + 1) % 3] == ea) q->f[t[i]].adj[e] = t[j];
                }
    if (!(g = gjk_grow(q->list, &q->list_cap, 1, sizeof(int)))) return GJK_OUT_OF_MEMORY;
    q->list = g;
    for (int i = 0; i < n; i++)
        if (i != a && i != b && i != c && i != d && !q->flag[i]) assign(q, t, 4, i);
    while (q->pending >= 0) {
        gjk_status st = qh_step(q);
        if (st != GJK_OK) return st;
    }
    return GJK_OK;
}

/* ---- merging triangles into faces ---------------------------------------------------------------------------- */

typedef struct seed_key {
    gjk_real area;
    int t;
} seed_key;

static int seed_cmp(const void *x, const void *y) {
    const seed_key *a = x, *b = y;
    if (a->area != b->area) return a->area > b->area ? -1 : 1;
    return (a->t > b->t) - (a->t < b->t);
}

static void set_plane(qhull *q, int t, gjk_vec3 n) {
    qh_face *f = &q->f[t];
    f->n = n;
    f->d = (gjk_dot3(n, q->p[f->v[0]]) + gjk_dot3(n, q->p[f->v[1]]) + gjk_dot3(n, q->p[f->v[2]])) / 3;
}

/* Triangle t's precise plane, twice its area, its longest edge and whether it is a sliver (height within tol). */
static void tri_shape(qhull *q, int t) {
    qh_face *f = &q->f[t];
    gjk_vec3 av = area_vector(q->p, NULL, f->v, 3);
    gjk_real l[3];
    for (int e = 0; e < 3; e++) l[e] = gjk_len_sq3(gjk_sub3(q->p[f->v[(e + 1) % 3]], q->p[f->v[e]]));
    f->longest = (unsigned char)(l[0] >= l[1] && l[0] >= l[2] ? 0 : (l[1] >= l[2] ? 1 : 2));
    f->area = gjk_len3(av);
    f->thin = f->area <= q->tol * GJK_SQRT(l[f->longest]);
    set_plane(q, t, gjk_normalize3(av));
}

/* Is vertex y a neighbour of vertex x? Walks the fan of triangles around x, starting at triangle t. */
static bool linked(const qhull *q, int t, int x, int y) {
    int u = t;
    do {
        const qh_face *f = &q->f[u];
        if (f->v[0] == y || f->v[1] == y || f->v[2] == y) return true;
        u = f->adj[f->v[0] == x ? 0 : (f->v[1] == x ? 1 : 2)];
    } while (u != t);
    return false;
}

/* Two slivers sharing their longest edge (a "lens": four nearly collinear points, as rounding leaves along a crease
   of the hull) can be merged into neither neighbour, since each joins only across its longest edge. Flip the shared
   edge: the two new slivers have their longest edges on the outside. Each flip shortens an edge, so this ends. The
   new slivers are no faces of the exact hull and their own planes mean nothing: they get the mean of the two old
   planes, both supporting planes along the same crease, so a supporting plane too. */
static void unlens(qhull *q) {
    for (int pass = 0, flips = 1; flips && pass < 64; pass++) {
        flips = 0;
        for (int t = 0; t < q->fcount; t++) {
            qh_face *f = &q->f[t], *g;
            int k = f->longest, u = f->adj[k], k2, a, b, x, y, nbx, nxa, nay, nyb;
            gjk_vec3 nn;
            if (!f->alive || !f->thin || !q->f[u].thin || q->f[u].adj[q->f[u].longest] != t) continue;
            g = &q->f[u]; /* f = (a, b, x) and g = (b, a, y), sharing a -> b */
            k2 = g->longest;
            a = f->v[k];
            b = f->v[(k + 1) % 3];
            x = f->v[(k + 2) % 3];
            y = g->v[(k2 + 2) % 3];
            if (linked(q, t, x, y)) continue; /* the new edge exists already: flipping would duplicate it */
            nn = gjk_normalize3(gjk_add3(f->n, g->n));
            nbx = f->adj[(k + 1) % 3];
            nxa = f->adj[(k + 2) % 3];
            nay = g->adj[(k2 + 1) % 3];
            nyb = g->adj[(k2 + 2) % 3];
            /* now f = (x, a, y) and g = (y, b, x), sharing y -> x */
            f->v[0] = x;
            f->v[1] = a;
            f->v[2] = y;
            g->v[0] = y;
            g->v[1] = b;
            g->v[2] = x;
            f->adj[0] = nxa;
            f->adj[1] = nay;
            f->adj[2] = u;
            g->adj[0] = nyb;
            g->adj[1] = nbx;
            g->adj[2] = t;
            q->f[nay].adj[edge_index(&q->f[nay], y, a)] = t;
            q->f[nbx].adj[edge_index(&q->f[nbx], x, b)] = u;
            tri_shape(q, t);
            tri_shape(q, u);
            set_plane(q, t, nn);
            set_plane(q, u, nn);
            flips++;
        }
    }
}

/* Grow merged face r from seed s across edges: triangle w joins when its third vertex is within tol of the seed's
   plane (the seed is the largest triangle left, so its plane is the most accurate) and it faces the same way; a
   sliver (height within tol, its normal meaningless) joins only across its longest edge, which merely puts a nearly
   collinear vertex on that edge instead of folding the boundary back on itself. */
static int region_grow(qhull *q, int s, int r) {
    const gjk_vec3 n = q->f[s].n;
    const gjk_real d = q->f[s].d;
    int cnt = 1;
    q->list[0] = s;
    q->f[s].label = r;
    for (int j = 0; j < cnt; j++)
        for (int e = 0; e < 3; e++) {
            int u = q->list[j], w = q->f[u].adj[e], k;
            if (q->f[w].label >= 0) continue;
            k = edge_index(&q->f[w], q->f[u].v[(e + 1) % 3], q->f[u].v[e]);
            if (q->f[w].thin ? q->f[w].longest != k : gjk_dot3(q->f[w].n, n) <= 0) continue;
            if (GJK_ABS(gjk_dot3(n, q->p[q->f[w].v[(k + 2) % 3]]) - d) > q->tol) continue;
            q->f[w].label = r;
            q->list[cnt++] = w;
        }
    return cnt;
}

/* Is iq a convex corner (within tol) between ip and ir on a loop counter-clockwise about n? A nearly straight corner
   must still go forward (iq between ip and ir), not turn back in a spike. */
static bool corner_ok(const qhull *q, gjk_vec3 n, int ip, int iq, int ir) {
    gjk_vec3 p = q->p[ip], e = gjk_sub3(q->p[ir], p), pq = gjk_sub3(q->p[iq], p);
    gjk_real l2 = gjk_len_sq3(e), d;
    if (!(l2 > 0)) return false;
    d = gjk_dot3(gjk_cross3(pq, e), n) / GJK_SQRT(l2); /* > 0: iq outside the chord ip -> ir */
    if (d < -q->tol) return false;
    return d > q->tol || (gjk_dot3(pq, e) > 0 && gjk_dot3(pq, e) < l2);
}

/* Boundary of region r (its cnt triangles in q->list) as one vertex loop in out. Returns its length, or -1 with
   *bad set to a vertex to peel when it is not one simple loop or not convex within tol there. */
static int region_loop(qhull *q, int cnt, int r, gjk_vec3 n, int *out, int *bad) {
    int nb = 0, k = 0, s;
    *bad = -1;
    for (int j = 0; j < cnt; j++) {
        const qh_face *f = &q->f[q->list[j]];
        for (int e = 0; e < 3; e++)
            if (q->f[f->adj[e]].label != r) {
                q->hz[nb].a = f->v[e];
                q->hz[nb++].b = f->v[(e + 1) % 3];
            }
    }
    for (int j = 0; j < nb; j++) {
        q->hz[j].w = 0;
        if (q->vmap[q->hz[j].a] >= 0 && *bad < 0) *bad = q->hz[j].a; /* pinched */
        else q->vmap[q->hz[j].a] = j;
    }
    for (s = 0; s < nb && *bad < 0 && !q->hz[k].w; s++) {
        out[s] = q->hz[k].a;
        q->hz[k].w = 1;
        k = q->vmap[q->hz[k].b];
    }
    for (int j = 0; j < nb; j++) {
        if (!q->hz[j].w && *bad < 0) *bad = q->hz[j].a; /* more than one loop */
        q->vmap[q->hz[j].a] = -1;
    }
    for (int j = 0; j < nb && *bad < 0; j++)
        if (!corner_ok(q, n, out[(j + nb - 1) % nb], out[j], out[(j + 1) % nb])) *bad = out[j];
    return *bad < 0 ? nb : -1;
}

/* Region r from seed s with its loop in out: grow, then while the loop is not simple and convex, peel the offending
   vertex (drop the region's triangles there, except the seed, and keep what is still connected to the seed). A seed
   that cannot be helped (a sliver) stays alone. Returns the loop length. */
static int region_build(qhull *q, int s, int r, int *out) {
    const gjk_vec3 n = q->f[s].n;
    int cnt = region_grow(q, s, r), bad, nb;
    while ((nb = region_loop(q, cnt, r, n, out, &bad)) < 0) {
        int stamp = ++q->stamp, old = cnt;
        for (int j = 1; j < old; j++) {
            qh_face *f = &q->f[q->list[j]];
            f->label = -1;
            if (f->v[0] != bad && f->v[1] != bad && f->v[2] != bad) f->mark = stamp;
        }
        cnt = 1; /* what is still connected to the seed */
        for (int j = 0; j < cnt; j++)
            for (int e = 0; e < 3; e++) {
                int w = q->f[q->list[j]].adj[e];
                if (q->f[w].mark == stamp && q->f[w].label < 0) {
                    q->f[w].label = r;
                    q->list[cnt++] = w;
                }
            }
        if (cnt == old) {
            for (int j = 1; j < cnt; j++) q->f[q->list[j]].label = -1;
            for (int e = 0; e < 3; e++) out[e] = q->f[s].v[e];
            return 3;
        }
    }
    return nb;
}

/* Is the loop a polygon convex within tol about n (counter-clockwise, every corner passing corner_ok)? */
static bool loop_ok(const qhull *q, const int *v, int len, gjk_vec3 n) {
    if (!(gjk_dot3(area_vector(q->p, NULL, v, len), n) > 0)) return false;
    for (int j = 0; j < len; j++)
        if (!corner_ok(q, n, v[(j + len - 1) % len], v[j], v[(j + 1) % len])) return false;
    return true;
}

/* Drop the vertices on fewer than three faces: inside a merged face, or on a straight edge between two. Face r keeps
   the subsequence rl[first[r]..] (len[r] of them, 0 when it collapsed) of its loop lv[first[r]..] (len0[r]).
   Dropping can collapse a face to an edge, which takes a face from its other vertices: repeat until nothing
   changes. Where tol is large against the features, a shortened loop may no longer be convex about the face's
   normal: that face keeps all its vertices (q->flag) and everything starts again. On return cnt[v] >= 3 or
   q->flag[v] tells the vertices kept. */
static void drop_vertices(qhull *q, int n, int nreg, const int *first, const int *len0, const int *lv, int *len,
                          int *rl, const gjk_vec3 *rn, int *cnt) {
    memset(q->flag, 0, (size_t)n);
    for (bool again = true; again;) {
        again = false;
        memset(cnt, 0, sizeof(int) * (size_t)n);
        for (int r = 0; r < nreg; r++) {
            len[r] = len0[r];
            for (int j = 0; j < len0[r]; j++) cnt[lv[first[r] + j]]++;
        }
        for (bool changed = true; changed;) {
            changed = false;
            for (int r = 0; r < nreg; r++) {
                int k = 0, *out = rl + first[r];
                if (len[r] == 0) continue;
                for (int j = 0; j < len0[r]; j++) {
                    int v = lv[first[r] + j];
                    if (cnt[v] >= 3 || q->flag[v]) out[k++] = v;
                }
                if (k < 3) { /* collapsed */
                    for (int j = 0; j < k; j++) cnt[out[j]]--;
                    changed = true;
                    k = 0;
                }
                len[r] = k;
            }
        }
        for (int r = 0; r < nreg; r++) {
            if (len[r] == 0 || len[r] == len0[r] || loop_ok(q, rl + first[r], len[r], rn[r])) continue;
            for (int j = 0; j < len0[r]; j++) {
                again = again || !q->flag[lv[first[r] + j]];
                q->flag[lv[first[r] + j]] = 1;
            }
        }
    }
}

/* Merge the triangulated hull into polygonal faces, drop the vertices left on fewer than three faces, and write the
   result. NULL with *st untouched when fewer than four faces are left: the set is flat within tolerance. */
static gjk_hull3 *qh_output(qhull *q, const gjk_vec3 *points, int n, int shift, gjk_status *st) {
    int m = 0, nreg = 0, nl = 0, nv = 0, nf = 0, ni = 0, *first, *len, *len0, *lv, *rl, *vid, *ids = q->vmap;
    int *cnt = q->next;
    seed_key *keys;
    gjk_vec3 *rn; /* [m] merged faces' normals: their seed's, a supporting plane of the exact hull */
    gjk_hull3 *h = NULL;
    void *g, *block;
    for (int t = 0; t < q->fcount; t++) m += q->f[t].alive;
    block = gjk_alloc((size_t)m * (sizeof(seed_key) + sizeof(gjk_vec3) + 10 * sizeof(int)));
    if (!block || !(g = gjk_grow(q->list, &q->list_cap, m, sizeof(int)))) goto oom;
    q->list = g;
    if (!(g = gjk_grow(q->hz, &q->hz_cap, 3 * m, sizeof(qh_edge)))) goto oom;
    q->hz = g;
    rn = block;
    keys = (seed_key *)(rn + m);
    first = (int *)(keys + m);
    len = first + m;
    len0 = len + m;
    lv = len0 + m;
    rl = lv + 3 * m;
    vid = rl + 3 * m;
    for (int t = 0; t < q->fcount; t++)
        if (q->f[t].alive) tri_shape(q, t);
    unlens(q);
    m = 0;
    for (int t = 0; t < q->fcount; t++)
        if (q->f[t].alive) {
            keys[m].area = q->f[t].area;
            keys[m++].t = t;
        }
    gjk_heap_sort(keys, (size_t)m, sizeof(seed_key), seed_cmp);
    for (int k = 0; k < m; k++) {
        int s = keys[k].t;
        if (q->f[s].label >= 0) continue;
        first[nreg] = nl;
        len0[nreg] = region_build(q, s, nreg, lv + nl);
        rn[nreg] = q->f[s].n;
        nl += len0[nreg++];
    }
    drop_vertices(q, n, nreg, first, len0, lv, len, rl, rn, cnt);
    for (int r = 0; r < nreg; r++)
        if (len[r] > 0) {
            nf++;
            ni += len[r];
        }
    for (int i = 0; i < n; i++) ids[i] = -1;
    for (int i = 0; i < n; i++)
        if (cnt[i] >= 3 || q->flag[i]) nv++;
    if (nf < 4) { /* a slab within about 2 tol: its two sides took every vertex, so it is flat after all */
        gjk_free(block);
        return NULL; /* with *st still GJK_OK */
    }
    if (!(h = hull3_alloc(nv, nf, ni, ni))) goto oom;
    nv = 0;
    for (int i = 0; i < n; i++)
        if (cnt[i] >= 3 || q->flag[i]) {
            ids[i] = nv;
            vid[nv++] = i;
        }
    h->dimension = 3;
    hull3_vertices(h, points, q->p, vid, shift);
    /* Faces in region order; vertex adjacency from each face's directed edges (every hull edge appears once in each
       direction, so each neighbour once). */
    ni = 0;
    nf = 0;
    memset(cnt, 0, sizeof(int) * (size_t)(nv + 1));
    for (int r = 0; r < nreg; r++) {
        if (len[r] == 0) continue;
        h->face_first[nf] = ni;
        for (int j = 0; j < len[r]; j++) {
            h->face_indices[ni++] = ids[rl[first[r] + j]];
            cnt[ids[rl[first[r] + j]] + 1]++;
        }
        h->face_first[++nf] = ni;
        face_plane_out(h, nf - 1, rn[r]);
    }
    for (int i = 0; i < nv; i++) cnt[i + 1] += cnt[i];
    memcpy(h->vertex_first, cnt, sizeof(int) * (size_t)(nv + 1));
    for (int f = 0; f < nf; f++) {
        int a = h->face_first[f], b = h->face_first[f + 1];
        for (int j = a; j < b; j++)
            h->vertex_adjacency[cnt[h->face_indices[j]]++] = h->face_indices[j + 1 < b ? j + 1 : a];
    }
    gjk_free(block);
    return h;
oom:
    gjk_free(block);
    *st = GJK_OUT_OF_MEMORY;
    return NULL;
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
    if (!(head = gjk_alloc(size * sizeof(int)))) return false;
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
    const plane_key *a = x, *b = y;
    if (a->u != b->u) return a->u < b->u ? -1 : 1;
    if (a->v != b->v) return a->v < b->v ? -1 : 1;
    return (a->i > b->i) - (a->i < b->i);
}

/* Dimension 0 (one vertex) or 1 (the two extreme points along dir). */
static gjk_hull3 *hull3_low(const gjk_vec3 *points, const gjk_vec3 *wp, int n, int i0, gjk_vec3 dir, int dim,
                            int shift, gjk_status *st) {
    int ids[2] = {i0, i0};
    gjk_real lo = GJK_REAL_MAX, hi = -GJK_REAL_MAX;
    gjk_hull3 *h = hull3_alloc(dim + 1, 0, 0, 2 * dim);
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
    hull3_vertices(h, points, wp, ids, shift);
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
    gjk_vec3 nrm = gjk_normalize3(tri_cross(wp[s[0]], wp[s[1]], wp[s[2]]));
    gjk_vec3 e1 = gjk_normalize3(gjk_sub3(wp[s[1]], wp[s[0]])), e2 = gjk_cross3(nrm, e1);
    gjk_vec2 *proj = gjk_alloc(sizeof(gjk_vec2) * (size_t)n);
    plane_key *keys = gjk_alloc(sizeof(plane_key) * (size_t)n);
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
    if (!(h = hull3_alloc(k, 2, 2 * k, 2 * k))) goto oom;
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
    hull3_vertices(h, points, wp, ids, shift);
    h->face_first[1] = k;
    h->face_first[2] = 2 * k;
    for (int j = 0; j < k; j++) {
        h->face_indices[j] = j;
        h->face_indices[2 * k - 1 - j] = j;
    }
    face_plane_out(h, 0, gjk_normalize3(area_vector(wp, ids, h->face_indices, k)));
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
    nrm = gjk_normalize3(tri_cross(wp[s[0]], wp[s[1]], wp[s[2]]));
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
    q.p = wp = block;
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
        else st = qh_build(&q, n, s);
        if (st == GJK_OK) h = qh_output(&q, points, n, shift, &st);
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
    if (status) *status = h ? GJK_OK : st;
    return h;
}

void gjk_hull3_destroy(gjk_hull3 *hull) { gjk_free(hull); }
