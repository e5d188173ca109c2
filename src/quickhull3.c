// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Quickhull in 3D on the working (scaled) points: the exact triangulated hull, then its triangles merged into
   polygonal faces within the hull tolerance. See hull3.c for the overall design (exact predicates decide the
   combinatorics, a tolerance only what the caller sees).

   Barber, Dobkin, Huhdanpaa, "The Quickhull algorithm for convex hulls", ACM TOMS 22(4), 1996. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "hull3_internal.h"

/* ---- quickhull ----------------------------------------------------------------------------------------------- */



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
        qh_face *g = (qh_face *)gjk_grow(q->f, &q->fcap, q->fcount + 1, sizeof(qh_face));
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
                    q->list = (int *)g;
                    q->list[nvis++] = w;
                }
            }
            if (!q->f[w].visible) {
                qh_edge h;
                if (!(g = gjk_grow(q->hz, &q->hz_cap, nhz + 1, sizeof(qh_edge)))) return GJK_OUT_OF_MEMORY;
                q->hz = (qh_edge *)g;
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
    q->nf = (int *)g;
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
gjk_status gjk_qh_build(qhull *q, int n, const int *s) {
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
    q->list = (int *)g;
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
    const seed_key *a = (const seed_key *)x, *b = (const seed_key *)y;
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
    gjk_vec3 av = gjk_hull3_area_vector(q->p, NULL, f->v, 3);
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
    if (!(gjk_dot3(gjk_hull3_area_vector(q->p, NULL, v, len), n) > 0)) return false;
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
gjk_hull3 *gjk_qh_output(qhull *q, const gjk_vec3 *points, int n, int shift, gjk_status *st) {
    int m = 0, nreg = 0, nl = 0, nv = 0, nf = 0, ni = 0, *first, *len, *len0, *lv, *rl, *vid, *ids = q->vmap;
    int *cnt = q->next;
    seed_key *keys;
    gjk_vec3 *rn; /* [m] merged faces' normals: their seed's, a supporting plane of the exact hull */
    gjk_hull3 *h = NULL;
    void *g, *block;
    for (int t = 0; t < q->fcount; t++) m += q->f[t].alive;
    block = gjk_alloc((size_t)m * (sizeof(seed_key) + sizeof(gjk_vec3) + 10 * sizeof(int)));
    if (!block || !(g = gjk_grow(q->list, &q->list_cap, m, sizeof(int)))) goto oom;
    q->list = (int *)g;
    if (!(g = gjk_grow(q->hz, &q->hz_cap, 3 * m, sizeof(qh_edge)))) goto oom;
    q->hz = (qh_edge *)g;
    rn = (gjk_vec3 *)block;
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
    if (!(h = gjk_hull3_alloc(nv, nf, ni, ni))) goto oom;
    nv = 0;
    for (int i = 0; i < n; i++)
        if (cnt[i] >= 3 || q->flag[i]) {
            ids[i] = nv;
            vid[nv++] = i;
        }
    h->dimension = 3;
    gjk_hull3_vertices(h, points, q->p, vid, shift);
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
        gjk_hull3_face_plane(h, nf - 1, rn[r]);
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

