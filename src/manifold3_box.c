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
   misses the deepest point, sizes far from 1) is left to the general path, which then answers as before. The cost
   on two resting boxes: about a fifth of the general path's (bench/count_box_manifold.c counts it). */
#include "manifold3_internal.h"

/* A face of a box seen along n: the box_feature ring (feature3.c), its edges and the projected quantities. */
typedef struct box_face3 {
    int ax, u, v;         /* the face's axis; the two axes across it, in the ring's order (ax + 1, ax + 2) */
    gjk_real s;           /* the face's side, +1 or -1 along ax */
    gjk_real h[3];        /* the box's half extents */
    gjk_real nu, nv, nax; /* n (either sign) in the box's frame: across the face, and along its axis */
    gjk_real cu[4], cv[4]; /* ring corners across the face */
    gjk_real eu[4], ev[4]; /* ring edges: corner k to corner k + 1 */
    gjk_real en[4], ee[4]; /* an edge's component along n, and its squared length seen along n */
    uint16_t code, vid[4], eid[4];
} box_face3;

static gjk_real comp3(gjk_vec3 v, int k) { return k == 0 ? v.x : (k == 1 ? v.y : v.z); }

/* The face of box h on axis ax, side s, as box_feature lays it out (counter-clockwise seen from outside), seen along
   the normal d (the box's frame). Returns its shortest edge seen along d, squared. */
static gjk_real box_face(box_face3 *f, gjk_vec3 h, int ax, gjk_real s, gjk_vec3 d) {
    static const int su[4] = {0, 1, 1, 0}, sw[4] = {0, 0, 1, 1};
    int pos = s > 0, u = ax == 2 ? 0 : ax + 1, v = ax == 0 ? 2 : (ax == 1 ? 0 : 1), ring[4];
    f->ax = ax, f->u = u, f->v = v, f->s = s;
    f->h[0] = h.x, f->h[1] = h.y, f->h[2] = h.z;
    f->nu = comp3(d, u), f->nv = comp3(d, v), f->nax = comp3(d, ax);
    f->code = gjk_code(GJK_CODE_FACE, 2 * ax + pos);
    for (int k = 0; k < 4; ++k) {
        int kk = pos ? k : 3 - k;
        ring[k] = (pos << ax) | (su[kk] << u) | (sw[kk] << v);
        f->cu[k] = su[kk] ? f->h[u] : -f->h[u];
        f->cv[k] = sw[kk] ? f->h[v] : -f->h[v];
        f->vid[k] = gjk_code(GJK_CODE_VERTEX, ring[k]);
    }
    gjk_real m2 = GJK_REAL_MAX;
    for (int k = 0; k < 4; ++k) {
        int j = (k + 1) & 3, lo = ring[k] < ring[j] ? ring[k] : ring[j], bit = ring[k] ^ ring[j];
        f->eid[k] = gjk_code(GJK_CODE_EDGE, 3 * lo + (bit == 1 ? 0 : (bit == 2 ? 1 : 2)));
        f->eu[k] = f->cu[j] - f->cu[k];
        f->ev[k] = f->cv[j] - f->cv[k];
        f->en[k] = f->eu[k] * f->nu + f->ev[k] * f->nv;
        f->ee[k] = f->eu[k] * f->eu[k] + f->ev[k] * f->ev[k] - f->en[k] * f->en[k];
        m2 = gjk_minr(m2, f->ee[k]);
    }
    return m2;
}

/* The feature of face f that the point (x, y) across it lies on, seen along n: polygon_name (manifold3.c) for a
   rectangle. `edge` receives the ring index of a named edge, else -1. */
static uint16_t box_face_name(const box_face3 *f, gjk_real x, gjk_real y, gjk_real snap2, int *edge) {
    int first = -1;
    bool near0 = false, prev = false;
    *edge = -1;
    for (int i = 0; i < 4; ++i) {
        gjk_real pu = x - f->cu[i], pv = y - f->cv[i], cr = (pu * f->ev[i] - pv * f->eu[i]) * f->nax;
        bool near = cr * cr <= snap2 * f->ee[i];
        if (near) {
            gjk_real pn = pu * f->nu + pv * f->nv, t = pu * f->eu[i] + pv * f->ev[i] - pn * f->en[i];
            if (t < 0) {
                near = pu * pu + pv * pv - pn * pn <= snap2;
            } else if (t > f->ee[i]) {
                gjk_real qu = pu - f->eu[i], qv = pv - f->ev[i], qn = pn - f->en[i];
                near = qu * qu + qv * qv - qn * qn <= snap2;
            }
        }
        if (!near) {
            prev = false;
            continue;
        }
        if (prev) return f->vid[i];
        if (i == 0) near0 = true;
        if (first < 0) first = i;
        prev = true;
    }
    if (prev && near0) return f->vid[0];
    *edge = first;
    return first < 0 ? f->code : f->eid[first];
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
} clip_point3;

static clip_point3 clip_lerp(const clip_point3 *p, const clip_point3 *q, gjk_real f) {
    clip_point3 r;
    r.x = p->x + f * (q->x - p->x);
    r.y = p->y + f * (q->y - p->y);
    r.sep = p->sep + f * (q->sep - p->sep);
    r.a = p->a + f * (q->a - p->a);
    r.b = p->b + f * (q->b - p->b);
    return r;
}

/* The candidates' order (order_key in manifold3.c): by the smaller code, then the larger. */
static uint32_t box_order_key(uint32_t id) {
    uint32_t hi = id >> 16, lo = id & 0xFFFFu;
    return hi < lo ? hi << 16 | lo : lo << 16 | hi;
}

bool gjk_manifold3_box(const gjk_pair3 *pair, const gjk_result3 *r, gjk_real spec, gjk_manifold3 *out) {
    const gjk_shape3 *sa = pair->a, *sb = pair->b;
    if (sa->type != GJK_SHAPE3_BOX || sb->type != GJK_SHAPE3_BOX || sa->margin > 0 || sb->margin > 0) return false;
    gjk_quat qa = pair->pose_a.rotation;
    gjk_mat33 rot_a = gjk_mat33_from_any_quat(qa);
    gjk_mat33 rot_ab = gjk_mat33_from_any_quat(gjk_quat_mul(gjk_quat_conj(qa), pair->pose_b.rotation));
    gjk_vec3 pos_ab = gjk_mat33_tmul(rot_a, gjk_sub3(pair->pose_b.position, pair->pose_a.position));
    gjk_vec3 ha = sa->box.half_extents, hb = sb->box.half_extents;
    /* Sizes near 1, where the general path does not rescale (unit_scale in manifold3.c). */
    gjk_real big = gjk_maxr(GJK_ABS(pos_ab.x), gjk_maxr(GJK_ABS(pos_ab.y), GJK_ABS(pos_ab.z))) + hb.x + hb.y + hb.z;
    big = gjk_maxr(big, gjk_maxr(ha.x, gjk_maxr(ha.y, ha.z)));
    if (!(big < GJK_R(16384.0)) || !(gjk_maxr(ha.x, gjk_maxr(ha.y, ha.z)) > GJK_R(1.0) / 32768)) return false;

    gjk_vec3 n = gjk_normalize3(gjk_mat33_tmul(rot_a, r->normal));
    gjk_vec3 nb = gjk_mat33_tmul(rot_ab, gjk_neg3(n)); /* -n in B's frame */
    /* Each box's face axis along its direction (box_feature: the largest component, ties to the lower axis). */
    int ax_a = 0, ax_b = 0;
    for (int k = 1; k < 3; ++k) {
        if (GJK_ABS(comp3(n, k)) > GJK_ABS(comp3(n, ax_a))) ax_a = k;
        if (GJK_ABS(comp3(nb, k)) > GJK_ABS(comp3(nb, ax_b))) ax_b = k;
    }
    bool face_a = GJK_ABS(comp3(n, ax_a)) >= GJK_FEATURE_COS, face_b = GJK_ABS(comp3(nb, ax_b)) >= GJK_FEATURE_COS;
    if (!face_a && !face_b) return false;
    bool ref_a = face_a, incident = !(face_a && face_b);

    /* The reference box's frame: the incident box at x_ref = R x_inc + t, the reference face's outward direction o
       (n or -n), the incident box's direction d_inc = -o. */
    gjk_mat33 R;
    gjk_vec3 t, o, d_inc;
    if (ref_a) {
        R = rot_ab, t = pos_ab, o = n, d_inc = nb;
    } else {
        R.r0 = gjk_v3(rot_ab.r0.x, rot_ab.r1.x, rot_ab.r2.x);
        R.r1 = gjk_v3(rot_ab.r0.y, rot_ab.r1.y, rot_ab.r2.y);
        R.r2 = gjk_v3(rot_ab.r0.z, rot_ab.r1.z, rot_ab.r2.z);
        t = gjk_neg3(gjk_mat33_mul(R, pos_ab));
        o = nb, d_inc = n;
    }
    int ax_r = ref_a ? ax_a : ax_b, ax_i = ref_a ? ax_b : ax_a;
    box_face3 fr, fi;
    gjk_real size2 = box_face(&fr, ref_a ? ha : hb, ax_r, comp3(o, ax_r) >= 0 ? 1 : -1, o);
    size2 = gjk_minr(size2, box_face(&fi, ref_a ? hb : ha, ax_i, comp3(d_inc, ax_i) >= 0 ? 1 : -1, d_inc));
    gjk_real snap = GJK_FEATURE_SNAP * GJK_SQRT(size2), snap2 = snap * snap;

    /* The incident quad: corners x = t + R c, moved along o onto the reference plane (x_ax = s h_ax). */
    gjk_real ou = comp3(o, fr.u), ov = comp3(o, fr.v), inv = 1 / GJK_ABS(comp3(o, ax_r)), top = fr.s * fr.h[ax_r];
    clip_point3 buf[2][8];
    for (int k = 0; k < 4; ++k) {
        gjk_real c[3];
        c[fi.ax] = fi.s * fi.h[fi.ax];
        c[fi.u] = fi.cu[k];
        c[fi.v] = fi.cv[k];
        gjk_vec3 x = gjk_add3(gjk_mat33_mul(R, gjk_v3(c[0], c[1], c[2])), t);
        gjk_real sep = (comp3(x, ax_r) - top) * fr.s * inv;
        clip_point3 *p = &buf[0][k];
        p->x = comp3(x, fr.u) - sep * ou;
        p->y = comp3(x, fr.v) - sep * ov;
        p->sep = sep;
        p->a = fi.cu[k];
        p->b = fi.cv[k];
    }
    /* Sutherland-Hodgman against the face's sides in ring order: ring edge j lies on the side where its running
       coordinate is fixed, at that corner's value. */
    int cnt = 4, cur = 0;
    for (int j = 0; j < 4 && cnt > 0; ++j) {
        bool along_u = fr.ev[j] == 0; /* the edge runs along u: the side fixes v */
        gjk_real lim = along_u ? fr.cv[j] : fr.cu[j], sg = lim > 0 ? 1 : -1, hl = sg * lim;
        const clip_point3 *in = buf[cur];
        clip_point3 *outp = buf[1 - cur];
        gjk_real dist[8];
        for (int i = 0; i < cnt; ++i) dist[i] = sg * (along_u ? in[i].y : in[i].x) - hl;
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

    /* Named, merged by name (the deepest stands for a name) and ordered by name, as name_points does. */
    clip_point3 pts[8];
    uint32_t ids[8];
    int count = 0;
    for (int i = 0; i < cnt; ++i) {
        clip_point3 c = buf[cur][i];
        if (!(c.sep <= spec)) continue;
        int er, ei;
        uint16_t nr = box_face_name(&fr, c.x, c.y, snap2, &er), ni = box_face_name(&fi, c.a, c.b, snap2, &ei);
        if (er >= 0 && ei >= 0) { /* flush sides (flush_edges in manifold3.c): their crossing is no corner */
            gjk_vec3 e1 = face_edge(&fr, er), e2 = gjk_mat33_mul(R, face_edge(&fi, ei));
            gjk_real cr = gjk_dot3(gjk_cross3(e1, e2), o), dot = gjk_dot3(e1, e2) - gjk_dot3(e1, o) * gjk_dot3(e2, o);
            if (dot < 0 && cr * cr <= GJK_FEATURE_SNAP * GJK_FEATURE_SNAP * fr.ee[er] * fi.ee[ei]) continue;
        }
        uint32_t id = ref_a ? (uint32_t)nr << 16 | ni : (uint32_t)ni << 16 | nr, key = box_order_key(id);
        int j = 0;
        while (j < count && box_order_key(ids[j]) < key) ++j;
        while (j < count && ids[j] != id && box_order_key(ids[j]) == key) ++j;
        if (j < count && ids[j] == id) {
            if (c.sep < pts[j].sep) pts[j] = c;
            continue;
        }
        for (int s = count; s > j; --s) pts[s] = pts[s - 1], ids[s] = ids[s - 1];
        pts[j] = c;
        ids[j] = id;
        ++count;
    }
    if (count == 0) return false;
    if (incident) { /* the incident face's points must reproduce the query's depth (manifold_points) */
        gjk_real deepest = GJK_REAL_MAX;
        for (int i = 0; i < count; ++i) deepest = gjk_minr(deepest, pts[i].sep);
        if (!(GJK_ABS(deepest - r->distance) <= GJK_MANIFOLD_DEEPEST_SLACK * (1 + GJK_ABS(r->distance)))) return false;
    }

    /* The points in the reference frame: on the reference face, and that plus sep along o on the incident one. */
    contact3 c[8];
    for (int i = 0; i < count; ++i) {
        gjk_real p[3];
        p[ax_r] = top;
        p[fr.u] = pts[i].x;
        p[fr.v] = pts[i].y;
        c[i].pa = gjk_v3(p[0], p[1], p[2]);
        c[i].pb = gjk_mad3(c[i].pa, pts[i].sep, o);
        c[i].da = c[i].db = 0;
        c[i].sep = pts[i].sep;
        c[i].id = ids[i];
    }
    int keep[4], k = gjk_manifold3_reduce(c, count, o, 0, keep);
    gjk_mat33 rot = rot_a;
    gjk_vec3 pos = pair->pose_a.position;
    if (!ref_a) {
        rot = gjk_mat33_from_any_quat(pair->pose_b.rotation);
        pos = pair->pose_b.position;
    }
    gjk_manifold3 m = *out;
    gjk_real sum = 0;
    for (int i = 0; i < k; ++i) {
        const contact3 *ci = &c[keep[i]];
        gjk_manifold_point3 *p = &m.points[i];
        gjk_vec3 on_ref = gjk_add3(gjk_mat33_mul(rot, ci->pa), pos), on_inc = gjk_add3(gjk_mat33_mul(rot, ci->pb), pos);
        p->point_a = ref_a ? on_ref : on_inc;
        p->point_b = ref_a ? on_inc : on_ref;
        p->separation = ci->sep;
        if (p->separation == 0) p->separation = 0; /* no negative zero */
        p->id = ci->id;
        sum += p->separation + p->point_a.x + p->point_a.y + p->point_a.z + p->point_b.x + p->point_b.y + p->point_b.z;
    }
    if (!gjk_finite(sum)) return false;
    m.count = k;
    *out = m;
    return true;
}
