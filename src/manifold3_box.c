// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Box-box contact manifolds, the pairs physics engines spend their time on (boxes resting on boxes): the same points,
   separations and ids as the general construction of manifold3.c, which reaches them through features, polygons in
   A's frame and a basis across the normal, computed in the reference box's own frame, where its face is axis-aligned:

   - the reference face (A's when it faces n within GJK_FEATURE_SIN, else B's) and the incident face of the other box
     (its face turned most against the reference: Box2D's, Bullet's and the general path's incident face) are read
     off the normal's components in each box's frame;
   - the incident quad is moved along n onto the reference face's plane, and clipped there against the face's
     rectangle: the side planes of the general path contain n, so their signed distances are the projected points'
     coordinates against the half extents, scaled by |n . face normal| (comparisons instead of dot products). Each
     clipped point carries its height above the plane along n (its separation) and its coordinates on the incident
     face (where it is named), interpolated with it;
   - each point is named on each face as name_points does (manifold3.c), with the quantities it measures seen along n
     written out for an axis-aligned rectangle: for vectors d, e in the face's plane, the cross product seen along n is
     (d x e) . n and the dot product d . e - (d . n)(e . n);
   - the candidates are ordered and reduced to 4 with gjk_manifold3_reduce, the general path's rule.

   Anything else (rounded boxes, edge-edge and edge-vertex contacts, no point within reach, an incident face that
   misses the deepest point, sizes far from 1) is left to the general path, which then answers as before; where
   neither box presents a face (edges crossing, corners), the general path's answer is the query's witnesses named by
   the two features, which this file gives directly.

   For overlapping boxes gjk_collide3 does not call the query at all (gjk_manifold3_boxes): it validates the pair,
   computes the frames once and runs the separating axes of special3_box.c for their answer alone, leaving out the
   witnesses where a face axis wins clearly (the manifold does not use them, and they would pass the query's check:
   gjk_special3_box_box_overlap); the normal, status, iterations and cache are the query's to the bit. Separated
   pairs (whose distance the axes only bound) and every pair the manifold leaves to the general path take the query
   as before. Instructions per call: bench/count_box_manifold.c. */
#include <string.h>

#include "manifold3_internal.h"
#include "special3.h"

/* A face of a box seen along n: the box_feature ring (feature3.c), its edges and the projected quantities. */
typedef struct box_face3 {
    int ax, u, v;          /* the face's axis; the two axes across it, in the ring's order (ax + 1, ax + 2) */
    gjk_real s;            /* the face's side, +1 or -1 along ax */
    gjk_real h[3];         /* the box's half extents */
    gjk_real nu, nv;       /* n (either sign) in the box's frame, across the face */
    gjk_real cu[4], cv[4]; /* ring corners across the face */
    gjk_real eu[4], ev[4]; /* ring edges: corner k to corner k + 1 (each along u or v) */
    gjk_real en[4], ee[4]; /* an edge's component along n, and its squared length seen along n */
    gjk_real band2[4];     /* how far (squared) across its line a point may lie to be near edge k: the snap seen along n */
    int side_u[2], side_v[2]; /* the ring edges on the sides u = -h, +h (running along v) and v = -h, +h */
    const uint16_t *vid, *eid;
    uint16_t code;
} box_face3;

/* The face of box h on axis ax, side s, seen along the unit normal d (the box's frame), snap2 not yet known.
   Returns its shortest edge seen along d, squared. */
static gjk_real box_face(box_face3 *f, const gjk_real h[3], int ax, gjk_real s, const gjk_real d[3]) {
    int pos = s > 0, u = ax == 2 ? 0 : ax + 1, v = ax == 0 ? 2 : (ax == 1 ? 0 : 1), face = 2 * ax + pos;
    f->ax = ax, f->u = u, f->v = v, f->s = s;
    f->h[0] = h[0], f->h[1] = h[1], f->h[2] = h[2];
    f->nu = d[u], f->nv = d[v];
    f->code = (uint16_t)(0x8000 | face);
    f->vid = gjk_box_face_vid[face];
    f->eid = gjk_box_face_eid[face];
    /* An edge along u runs from (x, y) to (-x, y): (-2x, 0), whose component along n is -2x nu and whose squared
       length seen along n, (2 hu)^2 - (2 hu nu)^2, is the same for both such edges; likewise along v. */
    gjk_real hu = h[u], hv = h[v], lu = 2 * hu, lv = 2 * hv, nlu = lu * d[u], nlv = lv * d[v];
    gjk_real eeu = lu * lu - nlu * nlu, eev = lv * lv - nlv * nlv;
    for (int k = 0; k < 4; ++k) { /* the ring of box_feature (feature3.c): a corner's code is its sign bits */
        unsigned corner = f->vid[k], next = f->vid[(k + 1) & 3];
        gjk_real x = corner >> u & 1 ? hu : -hu, y = corner >> v & 1 ? hv : -hv;
        f->cu[k] = x, f->cv[k] = y;
        if ((corner ^ next) >> u & 1) { /* along u: the side at v = y */
            f->eu[k] = -2 * x, f->ev[k] = 0, f->en[k] = -2 * x * d[u], f->ee[k] = eeu;
            f->side_v[y > 0] = k;
        } else {
            f->eu[k] = 0, f->ev[k] = -2 * y, f->en[k] = -2 * y * d[v], f->ee[k] = eev;
            f->side_u[x > 0] = k;
        }
    }
    return gjk_minr(eeu, eev);
}

/* The bands of face f for the snap (squared): a point (x, y) is near edge k's line when its cross product with the
   edge seen along n, (p x e) . n = (pu ev - pv eu) nax, is within the snap times the edge's length seen along n; the
   edge runs along u or v, so that is the other coordinate within band. */
static void box_face_bands(box_face3 *f, gjk_real nax, gjk_real snap2) {
    /* ee / (l nax)^2 = (1 - n_along^2) / nax^2 for an edge of length l along u or v */
    gjk_real k = snap2 / (nax * nax), bu = k * (1 - f->nu * f->nu), bv = k * (1 - f->nv * f->nv);
    for (int e = 0; e < 4; ++e) f->band2[e] = f->ev[e] == 0 ? bu : bv;
}

/* Whether the point (x, y) across face f, within the band of its ring edge k's line (box_face_name), is within the
   snap of that edge seen along n as a segment: the ends for points beyond them (polygon_name in manifold3.c). */
static inline bool box_near_edge(const box_face3 *f, int k, gjk_real x, gjk_real y, gjk_real snap2) {
    gjk_real pu = x - f->cu[k], pv = y - f->cv[k];
    gjk_real pn = pu * f->nu + pv * f->nv, t = pu * f->eu[k] + pv * f->ev[k] - pn * f->en[k];
    if (t < 0) return pu * pu + pv * pv - pn * pn <= snap2;
    if (t > f->ee[k]) {
        gjk_real qu = pu - f->eu[k], qv = pv - f->ev[k], qn = pn - f->en[k];
        return qu * qu + qv * qv - qn * qn <= snap2;
    }
    return true;
}

/* The feature of face f that the point (x, y) across it lies on, seen along n: polygon_name (manifold3.c) for a
   rectangle, a vertex when near two edges, else an edge, else the face. Only the side of each direction on the
   point's side can be near: the opposite one is a whole edge away, a thousand snaps (the snap is 1e-3 of the
   shortest edge seen along n). `edge` receives the ring index of a named edge, else -1. */
static inline uint16_t box_face_name(const box_face3 *f, gjk_real x, gjk_real y, gjk_real snap2, int *edge) {
    int ku = f->side_u[x > 0], kv = f->side_v[y > 0];
    /* the bands first: the side u = +-h (edge ku) fixes u, so x is the offset across its line; likewise y for kv */
    gjk_real du = x - f->cu[ku], dv = y - f->cv[kv];
    bool near_u = du * du <= f->band2[ku] && box_near_edge(f, ku, x, y, snap2);
    bool near_v = dv * dv <= f->band2[kv] && box_near_edge(f, kv, x, y, snap2);
    *edge = -1;
    if (near_u && near_v) return f->vid[kv == ((ku + 1) & 3) ? kv : ku]; /* their shared corner: the later's start */
    if (!near_u && !near_v) return f->code;
    *edge = near_u ? ku : kv;
    return f->eid[*edge];
}

/* A ring edge of face f as a vector of its box's frame. */
static gjk_vec3 face_edge(const box_face3 *f, int k) {
    gjk_real e[3] = {0, 0, 0};
    e[f->u] = f->eu[k];
    e[f->v] = f->ev[k];
    return gjk_v3(e[0], e[1], e[2]);
}

/* A clipped point: across the reference face (its projection along n onto the face's plane), its separation along n,
   and its coordinates across the incident face. */
typedef struct clip_point3 {
    gjk_real x, y, sep, a, b;
    int corner; /* the incident corner (ring index) it is, or -1 for a point where a side cut an edge */
} clip_point3;

static clip_point3 clip_lerp(const clip_point3 *p, const clip_point3 *q, gjk_real f) {
    clip_point3 r;
    r.x = p->x + f * (q->x - p->x);
    r.y = p->y + f * (q->y - p->y);
    r.sep = p->sep + f * (q->sep - p->sep);
    r.a = p->a + f * (q->a - p->a);
    r.b = p->b + f * (q->b - p->b);
    r.corner = -1;
    return r;
}

/* The candidates' order (order_key in manifold3.c): by the smaller code, then the larger. */
static uint32_t box_order_key(uint32_t id) {
    uint32_t hi = id >> 16, lo = id & 0xFFFFu;
    return hi < lo ? hi << 16 | lo : lo << 16 | hi;
}

/* The feature box_feature (feature3.c) finds along d when no face faces it: the edge through the support corner
   square to d within GJK_FEATURE_SIN (its axis in *axis), else the corner (*axis -1); returns its code. */
static uint16_t box_edge_or_corner(const gjk_real d[3], int *axis) {
    int sv = (d[0] >= 0) | (d[1] >= 0) << 1 | (d[2] >= 0) << 2, ex = 0;
    for (int k = 1; k < 3; ++k)
        if (GJK_ABS(d[k]) < GJK_ABS(d[ex])) ex = k;
    *axis = -1;
    if (!(GJK_ABS(d[ex]) <= GJK_FEATURE_SIN)) return gjk_code(GJK_CODE_VERTEX, sv);
    *axis = ex;
    return gjk_code(GJK_CODE_EDGE, 3 * (sv & ~(1 << ex)) + ex);
}

/* Neither box presents a face: edges crossing, or a corner against an edge or a corner. The general path finds no
   lateral overlap there and answers the query's witnesses as the one point, named by the two features; only two
   edges parallel within the tolerance give a segment of contact (left to it). */
static bool box_corner_contact(const gjk_real n[3], const gjk_real nb[3], const gjk_mat33 *rot_ab, const gjk_result3 *r,
                               gjk_manifold3 *out) {
    int ea, eb;
    uint16_t ca = box_edge_or_corner(n, &ea), cb = box_edge_or_corner(nb, &eb);
    if (ea >= 0 && eb >= 0) {
        /* B's edge direction in A's frame is column eb of rot_ab; parallel to A's axis ea when the other two
           components vanish (seg_seg in manifold3.c: |u x e_b| <= GJK_FEATURE_SIN |e_b|) */
        gjk_vec3 col = eb == 0 ? gjk_v3(rot_ab->r0.x, rot_ab->r1.x, rot_ab->r2.x)
                               : (eb == 1 ? gjk_v3(rot_ab->r0.y, rot_ab->r1.y, rot_ab->r2.y)
                                          : gjk_v3(rot_ab->r0.z, rot_ab->r1.z, rot_ab->r2.z));
        gjk_real along = ea == 0 ? col.x : (ea == 1 ? col.y : col.z);
        if (!(gjk_len_sq3(col) - along * along > GJK_FEATURE_SIN * GJK_FEATURE_SIN * gjk_len_sq3(col))) return false;
    }
    out->count = 1;
    out->points[0].point_a = r->point_a;
    out->points[0].point_b = r->point_b;
    out->points[0].separation = r->distance;
    out->points[0].id = (uint32_t)ca << 16 | cb;
    return true;
}

static void box_arr(gjk_vec3 v, gjk_real a[3]) { a[0] = v.x, a[1] = v.y, a[2] = v.z; }

/* The manifold from the frames (A's, and B's in A's: rot_ab, pos_ab, as query3.c computes them) and the unit normal
   nv in A's frame; r is the query's answer (its distance, and its witnesses for corner contacts). */
static bool box_manifold(const gjk_pair3 *pair, const gjk_mat33 *rot_a_p, const gjk_mat33 *rot_ab_p, gjk_vec3 pos_ab,
                         gjk_vec3 nv, const gjk_result3 *r, gjk_real spec, gjk_manifold3 *out) {
    const gjk_shape3 *sa = pair->a, *sb = pair->b;
    const gjk_mat33 rot_a = *rot_a_p, rot_ab = *rot_ab_p;
    gjk_real ha[3], hb[3];
    box_arr(sa->box.half_extents, ha);
    box_arr(sb->box.half_extents, hb);
    /* Sizes near 1, where the general path does not rescale (unit_scale in manifold3.c). */
    gjk_real big = gjk_maxr(GJK_ABS(pos_ab.x), gjk_maxr(GJK_ABS(pos_ab.y), GJK_ABS(pos_ab.z))) + hb[0] + hb[1] + hb[2];
    gjk_real top_a = gjk_maxr(ha[0], gjk_maxr(ha[1], ha[2]));
    if (!(gjk_maxr(big, top_a) < GJK_R(16384.0)) || !(top_a > GJK_R(1.0) / 32768)) return false;

    gjk_real n[3], nb[3];
    box_arr(nv, n);
    box_arr(gjk_mat33_tmul(rot_ab, gjk_neg3(nv)), nb); /* -n in B's frame */
    /* Each box's face axis along its direction (box_feature: the largest component, ties to the lower axis). */
    int ax_a = 0, ax_b = 0;
    for (int k = 1; k < 3; ++k) {
        if (GJK_ABS(n[k]) > GJK_ABS(n[ax_a])) ax_a = k;
        if (GJK_ABS(nb[k]) > GJK_ABS(nb[ax_b])) ax_b = k;
    }
    bool face_a = GJK_ABS(n[ax_a]) >= GJK_FEATURE_COS, face_b = GJK_ABS(nb[ax_b]) >= GJK_FEATURE_COS;
    if (!face_a && !face_b) return box_corner_contact(n, nb, &rot_ab, r, out);
    bool ref_a = face_a, incident = !(face_a && face_b);

    /* The reference box's frame: the incident box at x_ref = R x_inc + t, the reference face's outward direction o
       (n or -n), the incident box's direction d = -o. */
    gjk_mat33 R;
    gjk_vec3 t;
    const gjk_real *o = ref_a ? n : nb, *d = ref_a ? nb : n;
    if (ref_a) {
        R = rot_ab, t = pos_ab;
    } else {
        R.r0 = gjk_v3(rot_ab.r0.x, rot_ab.r1.x, rot_ab.r2.x);
        R.r1 = gjk_v3(rot_ab.r0.y, rot_ab.r1.y, rot_ab.r2.y);
        R.r2 = gjk_v3(rot_ab.r0.z, rot_ab.r1.z, rot_ab.r2.z);
        t = gjk_neg3(gjk_mat33_mul(R, pos_ab));
    }
    int ax_r = ref_a ? ax_a : ax_b, ax_i = ref_a ? ax_b : ax_a;
    box_face3 fr, fi;
    gjk_real size2 = box_face(&fr, ref_a ? ha : hb, ax_r, o[ax_r] >= 0 ? 1 : -1, o);
    size2 = gjk_minr(size2, box_face(&fi, ref_a ? hb : ha, ax_i, d[ax_i] >= 0 ? 1 : -1, d));
    gjk_real snap = GJK_FEATURE_SNAP * GJK_SQRT(size2), snap2 = snap * snap;
    box_face_bands(&fr, o[ax_r], snap2);
    box_face_bands(&fi, d[ax_i], snap2);

    /* The incident quad: corners x = t + R c (c on the incident face), moved along o onto the reference plane
       (x_ax = s h_ax): the separation along n is the height above it over |o_ax|. */
    gjk_real ou = o[fr.u], ov = o[fr.v], inv = 1 / GJK_ABS(o[ax_r]), top = fr.s * fr.h[ax_r];
    gjk_real col[3][3] = {{R.r0.x, R.r1.x, R.r2.x}, {R.r0.y, R.r1.y, R.r2.y}, {R.r0.z, R.r1.z, R.r2.z}};
    gjk_real cen[3], tt[3];
    box_arr(t, tt);
    gjk_real hf = fi.s * fi.h[ax_i];
    for (int k = 0; k < 3; ++k) cen[k] = tt[k] + hf * col[ax_i][k];
    clip_point3 buf[2][8];
    for (int k = 0; k < 4; ++k) {
        gjk_real x[3];
        for (int c = 0; c < 3; ++c) x[c] = cen[c] + fi.cu[k] * col[fi.u][c] + fi.cv[k] * col[fi.v][c];
        gjk_real sep = (x[ax_r] - top) * fr.s * inv;
        clip_point3 *p = &buf[0][k];
        p->x = x[fr.u] - sep * ou;
        p->y = x[fr.v] - sep * ov;
        p->sep = sep;
        p->a = fi.cu[k];
        p->b = fi.cv[k];
        p->corner = k;
    }
    /* Sutherland-Hodgman against the face's sides in ring order: ring edge j lies on the side where its running
       coordinate is fixed, at that corner's value. */
    int cnt = 4, cur = 0;
    for (int j = 0; j < 4 && cnt > 0; ++j) {
        bool along_u = fr.ev[j] == 0; /* the edge runs along u: the side fixes v */
        gjk_real lim = along_u ? fr.cv[j] : fr.cu[j], sg = lim > 0 ? 1 : -1, hl = sg * lim;
        const clip_point3 *in = buf[cur];
        clip_point3 *outp = buf[1 - cur];
        gjk_real dist[8], most = -GJK_REAL_MAX;
        for (int i = 0; i < cnt; ++i) {
            dist[i] = sg * (along_u ? in[i].y : in[i].x) - hl;
            most = gjk_maxr(most, dist[i]);
        }
        if (most <= 0) continue; /* all inside this side: kept as they are */
        int k = 0;
        for (int i = 0; i < cnt; ++i) {
            int q = i + 1 == cnt ? 0 : i + 1;
            gjk_real dp = dist[i], dq = dist[q];
            if (dp <= 0 && k < 8) outp[k++] = in[i];
            if (((dp < 0 && dq > 0) || (dp > 0 && dq < 0)) && k < 8) outp[k++] = clip_lerp(&in[i], &in[q], dp / (dp - dq));
        }
        cnt = k;
        cur = 1 - cur;
    }

    /* Named, merged by name (the deepest stands for a name) and ordered by name, as name_points does: slot j holds
       the clipped point at[j] with the name id[j]. */
    uint32_t ids[8], keys[8];
    int at[8], count = 0;
    const clip_point3 *cp = buf[cur];
    for (int i = 0; i < cnt; ++i) {
        if (!(cp[i].sep <= spec)) continue;
        int er, ei;
        uint16_t nr = box_face_name(&fr, cp[i].x, cp[i].y, snap2, &er);
        /* (An incident corner lies on its two edges exactly: box_face_name names it that corner.) */
        uint16_t ni = cp[i].corner >= 0 ? fi.vid[cp[i].corner] : box_face_name(&fi, cp[i].a, cp[i].b, snap2, &ei);
        if (cp[i].corner >= 0) ei = -1;
        if (er >= 0 && ei >= 0) { /* flush sides (flush_edges in manifold3.c): their crossing is no corner */
            gjk_vec3 ov3 = gjk_v3(o[0], o[1], o[2]);
            gjk_vec3 e1 = face_edge(&fr, er), e2 = gjk_mat33_mul(R, face_edge(&fi, ei));
            gjk_real cr = gjk_dot3(gjk_cross3(e1, e2), ov3), dot = gjk_dot3(e1, e2) - gjk_dot3(e1, ov3) * gjk_dot3(e2, ov3);
            if (dot < 0 && cr * cr <= GJK_FEATURE_SNAP * GJK_FEATURE_SNAP * fr.ee[er] * fi.ee[ei]) continue;
        }
        uint32_t id = ref_a ? (uint32_t)nr << 16 | ni : (uint32_t)ni << 16 | nr, key = box_order_key(id);
        int j = 0;
        while (j < count && ids[j] != id) ++j;
        if (j < count) {
            if (cp[i].sep < cp[at[j]].sep) at[j] = i;
            continue;
        }
        ids[count] = id, keys[count] = key, at[count] = i;
        ++count;
    }
    if (count == 0) return false;
    /* Ordered by name, names of equal key in the order they came (a stable insertion sort by swaps: shifting the
       slots instead compiles to calls of memmove, which cost more than these few swaps). */
    for (int a = 1; a < count; ++a)
        for (int b = a; b > 0 && keys[b - 1] > keys[b]; --b) {
            uint32_t ti = ids[b], tk = keys[b];
            int ta = at[b];
            ids[b] = ids[b - 1], keys[b] = keys[b - 1], at[b] = at[b - 1];
            ids[b - 1] = ti, keys[b - 1] = tk, at[b - 1] = ta;
        }
    if (incident) { /* the incident face's points must reproduce the query's depth (manifold_points) */
        gjk_real deepest = GJK_REAL_MAX;
        for (int i = 0; i < count; ++i) deepest = gjk_minr(deepest, cp[at[i]].sep);
        if (!(GJK_ABS(deepest - r->distance) <= GJK_MANIFOLD_DEEPEST_SLACK * (1 + GJK_ABS(r->distance)))) return false;
    }
    /* The points in the reference frame: on the reference face, and sep along o from there on the incident one. */
    gjk_contact3 c[8];
    for (int i = 0; i < count; ++i) {
        const clip_point3 *q = &cp[at[i]];
        gjk_real p[3];
        p[ax_r] = top;
        p[fr.u] = q->x;
        p[fr.v] = q->y;
        c[i].pa = gjk_v3(p[0], p[1], p[2]);
        c[i].pb = gjk_v3(p[0] + q->sep * o[0], p[1] + q->sep * o[1], p[2] + q->sep * o[2]);
        c[i].sep = q->sep;
        c[i].id = ids[i];
    }
    int keep[4], k = gjk_manifold3_reduce(c, count, gjk_v3(o[0], o[1], o[2]), 0, 4, false, keep);
    gjk_mat33 rot = rot_a;
    gjk_vec3 pos = pair->pose_a.position;
    if (!ref_a) {
        rot = gjk_mat33_from_any_quat(pair->pose_b.rotation);
        pos = pair->pose_b.position;
    }
    gjk_manifold_point3 *pts = out->points; /* (entries from count on stay zero: out is cleared by the caller) */
    gjk_real sum = 0;
    for (int i = 0; i < k; ++i) {
        const gjk_contact3 *ci = &c[keep[i]];
        gjk_manifold_point3 *p = &pts[i];
        gjk_vec3 on_ref = gjk_add3(gjk_mat33_mul(rot, ci->pa), pos), on_inc = gjk_add3(gjk_mat33_mul(rot, ci->pb), pos);
        p->point_a = ref_a ? on_ref : on_inc;
        p->point_b = ref_a ? on_inc : on_ref;
        p->separation = ci->sep;
        if (p->separation == 0) p->separation = 0; /* no negative zero */
        p->id = ci->id;
        sum += p->separation + p->point_a.x + p->point_a.y + p->point_a.z + p->point_b.x + p->point_b.y + p->point_b.z;
    }
    if (!gjk_finite(sum)) {
        memset(out->points, 0, sizeof out->points);
        return false;
    }
    out->count = k;
    return true;
}

bool gjk_manifold3_box(const gjk_pair3 *pair, const gjk_result3 *r, gjk_real spec, gjk_manifold3 *out) {
    const gjk_shape3 *sa = pair->a, *sb = pair->b;
    if (sa->type != GJK_SHAPE3_BOX || sb->type != GJK_SHAPE3_BOX || sa->margin > 0 || sb->margin > 0) return false;
    gjk_quat qa = pair->pose_a.rotation;
    gjk_mat33 rot_a = gjk_mat33_from_any_quat(qa);
    gjk_mat33 rot_ab = gjk_mat33_from_any_quat(gjk_quat_mul(gjk_quat_conj(qa), pair->pose_b.rotation));
    gjk_vec3 pos_ab = gjk_mat33_tmul(rot_a, gjk_sub3(pair->pose_b.position, pair->pose_a.position));
    gjk_vec3 nv = gjk_normalize3(gjk_mat33_tmul(rot_a, r->normal));
    return box_manifold(pair, &rot_a, &rot_ab, pos_ab, nv, r, spec, out);
}

bool gjk_manifold3_boxes(const gjk_pair3 *pair, gjk_real spec, gjk_cache3 *cache, gjk_manifold3 *out, bool *apart) {
    *apart = false;
    if (!pair || !pair->a || !pair->b) return false;
    const gjk_shape3 *sa = pair->a, *sb = pair->b;
    if (sa->type != GJK_SHAPE3_BOX || sb->type != GJK_SHAPE3_BOX || sa->margin != 0 || sb->margin != 0) return false;
    /* The query's validation (query3.c prepare), which the fallback repeats to report bad input. */
    if (gjk_shape3_validate(sa) != GJK_OK || gjk_shape3_validate(sb) != GJK_OK) return false;
    if (!gjk_quat_usable(pair->pose_a.rotation) || !gjk_quat_usable(pair->pose_b.rotation)) return false;
    if (!gjk_bounded3(pair->pose_a.position) || !gjk_bounded3(pair->pose_b.position)) return false;
    /* The frames as query3.c computes them, once for the axes and the manifold. */
    gjk_minkowski3 m;
    gjk_quat qa = pair->pose_a.rotation;
    gjk_mat33 rot_a = gjk_mat33_from_any_quat(qa);
    m.a = sa, m.b = sb, m.rec = NULL;
    m.rot = gjk_mat33_from_any_quat(gjk_quat_mul(gjk_quat_conj(qa), pair->pose_b.rotation));
    m.pos = gjk_mat33_tmul(rot_a, gjk_sub3(pair->pose_b.position, pair->pose_a.position));
    gjk_special3_result s;
    bool witnesses;
    if (!gjk_special3_box_box_overlap(&m, &s, &witnesses, apart)) return false;
    /* The query's answer (query3.c finish); without witnesses when the axes leave them out (a face contact, which
       does not use them). */
    gjk_result3 r;
    memset(&r, 0, sizeof r);
    r.status = GJK_OK;
    r.intersect = true;
    r.distance = s.core_dist;
    r.normal = gjk_mat33_mul(rot_a, s.normal);
    if (witnesses) { /* rebuilt symmetrically about their midpoint, as finish does */
        gjk_vec3 mid = gjk_scale3(gjk_add3(s.pa, s.pb), GJK_R(0.5));
        gjk_vec3 ca = gjk_mad3(mid, -GJK_R(0.5) * s.core_dist, s.normal);
        gjk_vec3 cb = gjk_mad3(mid, GJK_R(0.5) * s.core_dist, s.normal);
        r.point_a = gjk_add3(gjk_mat33_mul(rot_a, gjk_mad3(ca, 0, s.normal)), pair->pose_a.position); /* (radii 0) */
        r.point_b = gjk_add3(gjk_mat33_mul(rot_a, gjk_mad3(cb, 0, s.normal)), pair->pose_a.position);
    }
    if (!box_manifold(pair, &rot_a, &m.rot, m.pos, s.normal, &r, spec, out)) return false;
    out->status = GJK_OK;
    out->iterations = 0;
    out->normal = r.normal;
    if (cache) { /* what the query keeps (query3.c store_cache): the axis, for the next query on this pair */
        if (cache->a != pair->a || cache->b != pair->b) {
            cache->count = 0;
            cache->a = pair->a;
            cache->b = pair->b;
        }
        cache->axis = gjk_neg3(s.normal);
    }
    return true;
}
