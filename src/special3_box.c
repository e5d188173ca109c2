// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Separating-axis closed forms for box-box and segment-box cores (see special3.h for the contract).

   Box-box: the 15 axes of Gottschalk, Lin, Manocha ("OBBTree: a hierarchical structure for rapid interference
   detection", SIGGRAPH 1996; Ericson, "Real-Time Collision Detection", 2005, 4.4.1): the 3 face normals of A, the 3 of
   B and the 9 cross products of their edge directions. The Minkowski difference D = A - B of two boxes is a polytope
   whose facet normals are all among these axes (a facet of a Minkowski sum is a facet of one operand or the sum of an
   edge of each, whose normal is their cross product). So the largest gap over the axes is positive exactly when the
   boxes are apart, and when they overlap the smallest overlap over the axes IS the penetration depth: the depth is min
   over D's facets of the facet plane's distance to the origin, every facet appears among the axes, and the overlap
   along any other direction can only be larger.

   Segment-box: D = box + (-segment) is a box swept along the segment; its facets are the box's faces and the
   parallelograms spanned by a box edge and the segment, with normals e_k x u. 3 + 3 axes, same argument. When the
   axes show the cores apart but none by more than R, the exact segment-box distance decides
   (closest_on_segment_to_box), so this pair never needs GJK.

   Numerics (docs/numerics.md, "Closed forms"):
   - Cross axes are never approximated from |R| with an epsilon added (Ericson's remedy for nearly parallel edges):
     L = e_i x c_j has components that ARE entries of the rotation (exact), |L|^2 = R_i1j^2 + R_i2j^2 has no
     cancellation, and B's extent along L uses c_k . L = (c_j x c_k)_i computed from the rotation's entries, which is
     accurate relative to |L| however small. So every axis gap is accurate to rounding of the coordinates, and a
     nearly parallel edge pair gives a valid (if redundant) axis: the overlap along any direction is >= the depth, so
     an extra axis never spoils the minimum. Only pairs parallel within rounding (|L| <= eps) are skipped.
   - Cross axes are compared as g / |L| against a bound q through squares (g^2 vs q^2 |L|^2, signs apart): no square
     root but one per improvement.
   - The box-box test is written with scalars and branch-free where it can: random poses make per-axis branches
     unpredictable, and arrays filled from the structs then read in pairs stall the compiler's vectorised loads on
     store forwarding (half as slow again per overlapping pair).
   - Ties: face axes of A, then of B, then cross axes, each kept unless beaten; a cross axis must beat the best face
     by EDGE_MARGIN * scale (the rounding of two gaps), so that rounding does not swap a face contact for an edge
     contact in the same plane (a cross axis parallel to a face normal, e.g. boxes at right angles). As a second
     guard, the supporting edges of a winning cross axis must cross inside both edges, as they do when the axis is
     the normal of a facet of D at the minimum; otherwise it is a tie and the best face axis answers.
   - Witnesses: a face axis clips the other box's deepest feature against the face (Sutherland-Hodgman) and takes
     the centre of the clipped polygon; a cross axis takes the closest points of the two supporting edges. */
#include "special3.h"

/* A cross axis must beat the best face axis by this times the scale (rounding of the gaps is a few eps * scale). */
#define EDGE_MARGIN (GJK_R(4.0) * GJK_REAL_EPSILON)
/* A cross axis whose features do not meet is a tie with the best face only within this times the scale; beyond
   it the face would overstate the depth, and GJK + EPA answer instead. */
#define TIE_MARGIN (GJK_R(64.0) * GJK_REAL_EPSILON)
/* A face axis is the clear winner (gjk_special3_box_box_overlap) when every other axis overlaps more by this times the
   scale: then it is the facet of D nearest the origin whatever the rounding, the origin's projection onto it lies
   at least this far inside it, and the witnesses that contact_witnesses would clip out are on both boxes. */
#define CLEAR_MARGIN (GJK_R(64.0) * GJK_REAL_EPSILON)
/* An incident edge whose ends differ in depth by less than this times the scale is level (rounding of a rotation). */
#define FEATURE_TOL (GJK_R(8.0) * GJK_REAL_EPSILON)
#define PARALLEL2 (GJK_REAL_EPSILON * GJK_REAL_EPSILON)
/* A segment-box distance below this times the scale is rounding: its difference vector has no direction. */
#define TOUCH_NOISE (GJK_R(64.0) * GJK_REAL_EPSILON)

static const int NEXT[3] = {1, 2, 0};

static gjk_real sgn(gjk_real x) { return x >= 0 ? 1 : -1; }
static gjk_vec3 vec(const gjk_real a[3]) { return gjk_v3(a[0], a[1], a[2]); }
static void arr(gjk_vec3 v, gjk_real a[3]) {
    a[0] = v.x;
    a[1] = v.y;
    a[2] = v.z;
}

/* A separating axis with gap g > R + tolerance: SEPARATED, except in DISTANCE mode, where GJK gives the distance. */
static gjk_special_kind separated(gjk_special3_result *out, gjk_gjk_mode mode, gjk_real g, gjk_vec3 n) {
    if (mode == GJK_MODE_DISTANCE) return GJK_SPECIAL_NONE;
    out->core_dist = g;
    out->normal = n;
    return GJK_SPECIAL_SEPARATED;
}

#define MAXPOLY 16

/* Keep the part of poly (n points) with sign * x_j <= h (Sutherland-Hodgman; a 1- or 2-point "polygon" is a point or
   a segment traversed both ways, which the same loop handles). */
static int clip_slab(gjk_real (*in)[3], int n, gjk_real (*out)[3], int j, gjk_real sign, gjk_real h) {
    int m = 0;
    for (int k = 0; k < n; ++k) {
        const gjk_real *p = in[k], *q = in[k + 1 < n ? k + 1 : 0];
        gjk_real dp = sign * p[j] - h, dq = sign * q[j] - h;
        if (dp <= 0 && m < MAXPOLY) {
            out[m][0] = p[0], out[m][1] = p[1], out[m][2] = p[2];
            ++m;
        }
        if (((dp < 0 && dq > 0) || (dp > 0 && dq < 0)) && m < MAXPOLY) {
            gjk_real f = dp / (dp - dq); /* opposite strict signs: in (0, 1) */
            for (int c = 0; c < 3; ++c) out[m][c] = p[c] + f * (q[c] - p[c]);
            ++m;
        }
    }
    return m;
}

/* The part of a feature (n <= 4 points, reference-box frame) above the reference face i, i.e. with |x_j| <= h_j for
   j != i, into out; returns its point count, 0 when rounding leaves nothing. */
static int clip_above(gjk_real (*poly)[3], int n, const gjk_real h[3], int i, gjk_real (*out)[3]) {
    gjk_real buf[2][MAXPOLY][3];
    int m = n, cur = 0;
    for (int k = 0; k < n; ++k)
        for (int d = 0; d < 3; ++d) buf[0][k][d] = poly[k][d];
    for (int j = 0; j < 3; ++j) {
        if (j == i) continue;
        for (int side = 0; side < 2 && m > 0; ++side) {
            m = clip_slab(buf[cur], m, buf[1 - cur], j, side ? -1 : 1, h[j]);
            cur = 1 - cur;
        }
    }
    for (int k = 0; k < m; ++k)
        for (int d = 0; d < 3; ++d) out[k][d] = buf[cur][k][d];
    return m;
}

/* The centre of the part of a feature above the reference face i (clip_above). If rounding leaves nothing, the
   feature's centre clamped to the face's rectangle. */
static gjk_vec3 clip_centre(gjk_real (*poly)[3], int n, const gjk_real h[3], int i) {
    gjk_real kept[MAXPOLY][3];
    int m = clip_above(poly, n, h, i, kept);
    gjk_real c[3] = {0, 0, 0};
    gjk_real(*src)[3] = m > 0 ? kept : poly;
    int cnt = m > 0 ? m : n;
    for (int k = 0; k < cnt; ++k)
        for (int d = 0; d < 3; ++d) c[d] += src[k][d];
    for (int d = 0; d < 3; ++d) c[d] /= (gjk_real)cnt;
    if (m == 0)
        for (int j = 0; j < 3; ++j)
            if (j != i) c[j] = c[j] < -h[j] ? -h[j] : (c[j] > h[j] ? h[j] : c[j]);
    return vec(c);
}

/* Contact on the reference box's face i, side s (outward normal s e_i, towards the incident box), reference frame.
   The incident box has half extents hi and stands at x_ref = M x_inc + u. Its feature deepest along -s e_i (a
   vertex, an edge, or a face when level within tau) is clipped to the face; returns the centre of what remains (a
   point of the incident box). */
static gjk_vec3 face_contact(const gjk_real hr[3], int i, gjk_real s, const gjk_real hi[3], const gjk_real M[3][3],
                             const gjk_real u[3], gjk_real tau) {
    /* Along incident axis k the depth changes by 2 hi_k |M_ik| from one end to the other; the axis with the largest
       change is never free (the row of a rotation is unit, so that is the deepest direction). */
    gjk_real w[3];
    int kmax = 0;
    for (int k = 0; k < 3; ++k) {
        w[k] = 2 * hi[k] * GJK_ABS(M[i][k]);
        if (w[k] > w[kmax]) kmax = k;
    }
    gjk_real base[3] = {u[0], u[1], u[2]};
    int freed[2], nf = 0;
    for (int k = 0; k < 3; ++k) {
        if (k != kmax && w[k] <= tau) {
            freed[nf++] = k;
            continue;
        }
        gjk_real x = -s * sgn(M[i][k]) * hi[k]; /* support along -s e_i */
        for (int d = 0; d < 3; ++d) base[d] += x * M[d][k];
    }
    gjk_real poly[4][3];
    static const gjk_real corner[4][2] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
    int n = nf == 0 ? 1 : (nf == 1 ? 2 : 4);
    for (int v = 0; v < n; ++v)
        for (int d = 0; d < 3; ++d) {
            gjk_real x = base[d];
            if (nf >= 1) x += (nf == 1 ? (v ? 1 : -1) : corner[v][0]) * hi[freed[0]] * M[d][freed[0]];
            if (nf == 2) x += corner[v][1] * hi[freed[1]] * M[d][freed[1]];
            poly[v][d] = x;
        }
    return clip_centre(poly, n, hr, i);
}

/* Edge-edge contact on axis e_i x c_j (ij = 3 i + j, orientation bsign, normalised gap best <= 0): the supporting
   edge of A along n and of B along -n, and their closest points. False when these do not cross inside both edges
   (the axis only tied with the true one). */
static bool edge_contact(const gjk_real a[3], const gjk_real b[3], const gjk_real t[3], const gjk_real r[3][3],
                         const gjk_real k[3][3], int ij, gjk_real bsign, gjk_real best, gjk_special3_result *out) {
    int i = ij / 3, j = ij % 3;
    int i1 = NEXT[i], i2 = NEXT[i1], j1 = NEXT[j], j2 = NEXT[j1];
    gjk_real inv = bsign / GJK_SQRT(r[i1][j] * r[i1][j] + r[i2][j] * r[i2][j]), n[3];
    n[i] = 0, n[i1] = -r[i2][j] * inv, n[i2] = r[i1][j] * inv;
    gjk_real p1[3], d1[3] = {0, 0, 0};
    p1[i] = -a[i], p1[i1] = sgn(n[i1]) * a[i1], p1[i2] = sgn(n[i2]) * a[i2];
    d1[i] = 2 * a[i];
    /* B's axes along n: c_j1 . n ~ bsign * k[i][j2], c_j2 . n ~ -bsign * k[i][j1]; B's support along -n. */
    gjk_real sj1 = -sgn(bsign * k[i][j2]) * b[j1], sj2 = sgn(bsign * k[i][j1]) * b[j2];
    gjk_real p2[3], d2[3];
    for (int d = 0; d < 3; ++d) {
        p2[d] = t[d] + sj1 * r[d][j1] + sj2 * r[d][j2] - b[j] * r[d][j];
        d2[d] = 2 * b[j] * r[d][j];
    }
    gjk_real s, tt, ln;
    gjk_vec3 nn;
    if (!gjk_special3_segments(vec(p1), vec(d1), vec(p2), vec(d2), &s, &tt, &nn, &ln)) return false;
    out->core_dist = best == 0 ? 0 : best;
    out->normal = vec(n);
    out->pa = gjk_mad3(vec(p1), s, vec(d1));
    out->pb = gjk_mad3(vec(p2), tt, vec(d2));
    return true;
}

/* The rotation as rows r[i][j] (column j is B's axis j in A's frame). */
static void rows(const gjk_minkowski3 *m, gjk_real r[3][3]) {
    arr(m->rot.r0, r[0]);
    arr(m->rot.r1, r[1]);
    arr(m->rot.r2, r[2]);
}

/* k[i][l]: component i of c_{l+1} x c_{l+2}, which is c_l for an exact rotation; c_k . (e_i x c_j) is one of these
   up to sign, computed from entries that are small together with |e_i x c_j|. */
static void cofactors(const gjk_real r[3][3], gjk_real k[3][3]) {
    /* (written out: constant indices, no table lookups) */
#define COFACTOR(i, l)                                                                                                 \
    k[i][l] = r[((i) + 1) % 3][((l) + 1) % 3] * r[((i) + 2) % 3][((l) + 2) % 3] -                                      \
              r[((i) + 2) % 3][((l) + 1) % 3] * r[((i) + 1) % 3][((l) + 2) % 3]
    COFACTOR(0, 0);
    COFACTOR(1, 0);
    COFACTOR(2, 0);
    COFACTOR(0, 1);
    COFACTOR(1, 1);
    COFACTOR(2, 1);
    COFACTOR(0, 2);
    COFACTOR(1, 2);
    COFACTOR(2, 2);
#undef COFACTOR
}

/* Separated along e_i x c_j (signed offset se, gap numerator g > 0, |L|^2 = ll). */
static gjk_special_kind separated_cross(const gjk_minkowski3 *m, gjk_special3_result *out, gjk_gjk_mode mode, int i,
                                        int j, gjk_real se, gjk_real g, gjk_real ll) {
    gjk_real r[3][3], n[3];
    rows(m, r);
    int i1 = NEXT[i], i2 = NEXT[i1];
    gjk_real inv = sgn(se) / GJK_SQRT(ll);
    n[i] = 0, n[i1] = -r[i2][j] * inv, n[i2] = r[i1][j] * inv;
    return separated(out, mode, GJK_ABS(g * inv), vec(n));
}

/* The pair as arrays: half extents a, b, B's centre t and the rotation's rows r (A's frame). */
static void box_pair_arrays(const gjk_minkowski3 *m, gjk_real a[3], gjk_real b[3], gjk_real t[3], gjk_real r[3][3]) {
    arr(m->a->box.half_extents, a);
    arr(m->b->box.half_extents, b);
    arr(m->pos, t);
    rows(m, r);
}

/* Witnesses of the overlapping boxes on axis `axis` (0-2 A's faces, 3-5 B's, 6 + 3 i + j cross axes) with
   orientation bsign and normalised gap best <= 0; face_* is the best face axis, the fallback of a cross axis. */
static gjk_special_kind contact_witnesses(const gjk_minkowski3 *m, int axis, gjk_real bsign, gjk_real best,
                                        int face_axis, gjk_real face_sign, gjk_real face_best, gjk_real S,
                                        gjk_special3_result *out) {
    gjk_real a[3], b[3], t[3], r[3][3], k[3][3];
    box_pair_arrays(m, a, b, t, r);
    if (axis >= 6) {
        cofactors((const gjk_real(*)[3])r, k);
        if (edge_contact(a, b, t, (const gjk_real(*)[3])r, (const gjk_real(*)[3])k, axis - 6, bsign, best, out))
            return GJK_SPECIAL_EXACT;
        /* The supporting edges do not cross. Only a tie (within rounding) lets the best face answer; a cross axis
           clearly better than every face bounds the depth below the face's, so the face would overstate it
           (nearly aligned boxes touching along an edge: face depth 0.107, true depth 0). The
           exact answer is then GJK + EPA's. */
        if (best - face_best > TIE_MARGIN * S) return GJK_SPECIAL_NONE;
        best = face_best, axis = face_axis, bsign = face_sign; /* a tie after all: the face answers */
    }
    gjk_real depth = -best, tau = FEATURE_TOL * S;
    out->core_dist = best == 0 ? 0 : best;
    if (axis < 3) { /* A's face: B is the incident box */
        int i = axis;
        gjk_vec3 pb = face_contact(a, i, bsign, b, (const gjk_real(*)[3])r, t, tau);
        gjk_real n[3] = {0, 0, 0};
        n[i] = bsign;
        out->normal = vec(n);
        out->pb = pb;
        out->pa = gjk_mad3(pb, depth, out->normal);
        return GJK_SPECIAL_EXACT;
    }
    /* B's face: A is the incident box, in B's frame (x_B = r^T x_A - r^T t) */
    int j = axis - 3;
    gjk_real rt[3][3], u[3];
    for (int i = 0; i < 3; ++i)
        for (int l = 0; l < 3; ++l) rt[i][l] = r[l][i];
    for (int i = 0; i < 3; ++i) u[i] = -(rt[i][0] * t[0] + rt[i][1] * t[1] + rt[i][2] * t[2]);
    gjk_vec3 pa_b = face_contact(b, j, -bsign, a, (const gjk_real(*)[3])rt, u, tau);
    out->normal = gjk_v3(bsign * r[0][j], bsign * r[1][j], bsign * r[2][j]);
    out->pa = gjk_add3(gjk_mat33_mul(m->rot, pa_b), m->pos);
    out->pb = gjk_mad3(out->pa, best, out->normal);
    return GJK_SPECIAL_EXACT;
}

/* True when p (A's frame) lies in the box of half extents h at B's pose (or A's when at_b is false), within tol. */
static bool in_box(const gjk_minkowski3 *m, gjk_vec3 p, gjk_vec3 h, bool at_b, gjk_real tol) {
    gjk_vec3 q = at_b ? gjk_mat33_tmul(m->rot, gjk_sub3(p, m->pos)) : p;
    return GJK_ABS(q.x) <= h.x + tol && GJK_ABS(q.y) <= h.y + tol && GJK_ABS(q.z) <= h.z + tol;
}

/* box_box_contact with the witnesses held to `within` * eps * S of their boxes. */
static gjk_special_kind box_box_contact_within(const gjk_minkowski3 *m, int axis, gjk_real bsign, gjk_real best,
                                               int face_axis, gjk_real face_sign, gjk_real face_best, gjk_real S,
                                               gjk_real within, gjk_special3_result *out) {
    gjk_special_kind k = contact_witnesses(m, axis, bsign, best, face_axis, face_sign, face_best, S, out);
    gjk_real tol = within * GJK_REAL_EPSILON * S;
    if (k == GJK_SPECIAL_EXACT &&
        (!in_box(m, out->pa, m->a->box.half_extents, false, tol) || !in_box(m, out->pb, m->b->box.half_extents, true, tol)))
        return GJK_SPECIAL_NONE;
    return k;
}

/* The witnesses, checked: each must lie on its box. When a face axis ties with the true contact axis and the
   incident box's deepest vertex hangs beyond the reference face, the clipped-and-clamped centre is not a point of
   the incident box (it can be off A by the depth; regression seed regression_box_edge_tie). Depth and
   normal are still exact, but rather than return a wrong contact point the pair goes to GJK + EPA (NONE). */
static gjk_special_kind box_box_contact(const gjk_minkowski3 *m, int axis, gjk_real bsign, gjk_real best,
                                        int face_axis, gjk_real face_sign, gjk_real face_best, gjk_real S,
                                        gjk_special3_result *out) {
    return box_box_contact_within(m, axis, bsign, best, face_axis, face_sign, face_best, S, GJK_R(64.0), out);
}

/* What the axes found for overlapping cores: the best axis (numbered as in contact_witnesses), its orientation and
   normalised gap, the best face axis (a cross axis' fallback), the scale, and with `clear` whether any other axis
   came within CLEAR_MARGIN of the best face's gap (near). */
typedef struct box_axes3 {
    int axis, face_axis;
    gjk_real bsign, best, face_sign, face_best, S;
    bool near;
} box_axes3;

/* The separating-axis test, written out with scalars (see the top of the file): SEPARATED (or NONE in DISTANCE
   mode) for a gap above the limit, NONE for cores apart within it, OVERLAP for overlapping cores (BOOLEAN mode and
   any other: then *ax says which axis is best). `clear` is a constant at each call, so the check it adds (inlined)
   costs the queries nothing. */
static inline gjk_special_kind box_box_axes(const gjk_minkowski3 *m, gjk_real R, gjk_gjk_mode mode,
                                            gjk_special3_result *out, bool clear, box_axes3 *ax) {
    const gjk_vec3 ha = m->a->box.half_extents, hb = m->b->box.half_extents, tv = m->pos;
    const gjk_real a0 = ha.x, a1 = ha.y, a2 = ha.z, b0 = hb.x, b1 = hb.y, b2 = hb.z, t0 = tv.x, t1 = tv.y, t2 = tv.z;
    const gjk_real r00 = m->rot.r0.x, r01 = m->rot.r0.y, r02 = m->rot.r0.z;
    const gjk_real r10 = m->rot.r1.x, r11 = m->rot.r1.y, r12 = m->rot.r1.z;
    const gjk_real r20 = m->rot.r2.x, r21 = m->rot.r2.y, r22 = m->rot.r2.z;
    const gjk_real q00 = GJK_ABS(r00), q01 = GJK_ABS(r01), q02 = GJK_ABS(r02);
    const gjk_real q10 = GJK_ABS(r10), q11 = GJK_ABS(r11), q12 = GJK_ABS(r12);
    const gjk_real q20 = GJK_ABS(r20), q21 = GJK_ABS(r21), q22 = GJK_ABS(r22);
    const gjk_real S = gjk_special3_l1(tv) + gjk_special3_l1(ha) + gjk_special3_l1(hb);
    out->scale = S;
    const gjk_real lim = mode == GJK_MODE_DISTANCE ? 0 : R + GJK_TOL_TOUCH * S;

    /* The six face axes, branch-free (random poses make per-axis branches unpredictable), then one test. */
    const gjk_real s0 = t0 * r00 + t1 * r10 + t2 * r20, s1 = t0 * r01 + t1 * r11 + t2 * r21,
                   s2 = t0 * r02 + t1 * r12 + t2 * r22; /* t along B's axes */
    const gjk_real g0 = GJK_ABS(t0) - a0 - (b0 * q00 + b1 * q01 + b2 * q02);
    const gjk_real g1 = GJK_ABS(t1) - a1 - (b0 * q10 + b1 * q11 + b2 * q12);
    const gjk_real g2 = GJK_ABS(t2) - a2 - (b0 * q20 + b1 * q21 + b2 * q22);
    const gjk_real g3 = GJK_ABS(s0) - (a0 * q00 + a1 * q10 + a2 * q20) - b0;
    const gjk_real g4 = GJK_ABS(s1) - (a0 * q01 + a1 * q11 + a2 * q21) - b1;
    const gjk_real g5 = GJK_ABS(s2) - (a0 * q02 + a1 * q12 + a2 * q22) - b2;
    gjk_real best = g0, off = t0;
    int axis = 0;
    if (g1 > best) best = g1, off = t1, axis = 1;
    if (g2 > best) best = g2, off = t2, axis = 2;
    if (g3 > best) best = g3, off = s0, axis = 3;
    if (g4 > best) best = g4, off = s1, axis = 4;
    if (g5 > best) best = g5, off = s2, axis = 5;
    gjk_real bsign = sgn(off);
    ax->face_axis = axis, ax->face_sign = bsign, ax->face_best = best, ax->S = S; /* (for box_box_apart) */
    if (best > lim) {
        gjk_real n[3] = {0, 0, 0};
        if (axis < 3) {
            n[axis] = bsign;
        } else {
            gjk_real r[3][3];
            rows(m, r);
            for (int d = 0; d < 3; ++d) n[d] = bsign * r[d][axis - 3];
        }
        return separated(out, mode, best, vec(n));
    }
    const gjk_real face_best = best, face_sign = bsign;
    const int face_axis = axis;
    /* With `clear`: every other axis must overlap more than the best face by CLEAR_MARGIN * S (g below near). */
    const gjk_real near = best - CLEAR_MARGIN * S, near2 = near < 0 ? near * near : 0;
    bool close = false;
    if (clear)
        close = (axis != 0 && g0 > near) || (axis != 1 && g1 > near) || (axis != 2 && g2 > near) ||
                (axis != 3 && g3 > near) || (axis != 4 && g4 > near) || (axis != 5 && g5 > near);

    /* Cofactors k_il (see cofactors()), then the nine cross axes L = e_i x c_j: L_i = 0, L_i1 = -r_i2j,
       L_i2 = r_i1j, gap numerator g over |L|, |L|^2 = ll; pairs parallel within rounding (|L| <= eps) are skipped.
       A cross axis replaces the best one when g / |L| > bar: bar starts at the best face plus the margin (see the top
       of the file); BOOLEAN mode only needs signs (bar2 = 0 never selects). */
    const gjk_real k00 = r11 * r22 - r21 * r12, k10 = r21 * r02 - r01 * r22, k20 = r01 * r12 - r11 * r02;
    const gjk_real k01 = r12 * r20 - r22 * r10, k11 = r22 * r00 - r02 * r20, k21 = r02 * r10 - r12 * r00;
    const gjk_real k02 = r10 * r21 - r20 * r11, k12 = r20 * r01 - r00 * r21, k22 = r00 * r11 - r10 * r01;
    const gjk_real lim2 = lim * lim;
    gjk_real bar = best + EDGE_MARGIN * S;
    bar = bar < 0 ? bar : 0;
    gjk_real bar2 = mode == GJK_MODE_BOOLEAN || best > 0 ? 0 : bar * bar;
    bool positive = best > 0;
#define CROSS_AXIS(i, i1, i2, j, j1, j2)                                                                               \
    do {                                                                                                               \
        gjk_real ll = r##i1##j * r##i1##j + r##i2##j * r##i2##j;                                                       \
        if (ll > PARALLEL2) {                                                                                          \
            gjk_real se = t##i2 * r##i1##j - t##i1 * r##i2##j;                                                         \
            gjk_real g = GJK_ABS(se) - (a##i1 * q##i2##j + a##i2 * q##i1##j) -                                         \
                         (b##j1 * GJK_ABS(k##i##j2) + b##j2 * GJK_ABS(k##i##j1));                                      \
            if (g > 0) {                                                                                               \
                if (g * g > lim2 * ll) return separated_cross(m, out, mode, i, j, se, g, ll);                          \
                positive = true;                                                                                       \
            } else {                                                                                                   \
                if (clear && g * g < near2 * ll) close = true;                                                         \
                if (g * g < bar2 * ll) {                                                                               \
                    best = g / GJK_SQRT(ll);                                                                           \
                    bar2 = best * best;                                                                                \
                    axis = 6 + 3 * (i) + (j);                                                                          \
                    bsign = sgn(se);                                                                                   \
                }                                                                                                      \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)
    CROSS_AXIS(0, 1, 2, 0, 1, 2);
    CROSS_AXIS(0, 1, 2, 1, 2, 0);
    CROSS_AXIS(0, 1, 2, 2, 0, 1);
    CROSS_AXIS(1, 2, 0, 0, 1, 2);
    CROSS_AXIS(1, 2, 0, 1, 2, 0);
    CROSS_AXIS(1, 2, 0, 2, 0, 1);
    CROSS_AXIS(2, 0, 1, 0, 1, 2);
    CROSS_AXIS(2, 0, 1, 1, 2, 0);
    CROSS_AXIS(2, 0, 1, 2, 0, 1);
#undef CROSS_AXIS
    if (positive) return GJK_SPECIAL_NONE; /* apart by at most R + tolerance: GJK sizes the gap */
    ax->axis = axis, ax->face_axis = face_axis;
    ax->bsign = bsign, ax->best = best, ax->face_sign = face_sign, ax->face_best = face_best, ax->S = S;
    ax->near = close;
    return GJK_SPECIAL_OVERLAP;
}

/* Boxes apart (DISTANCE mode): the distance is at least the largest gap over the 15 axes, and where that axis'
   features are the closest ones it is exactly that gap. A face axis: the other box's deepest feature clipped to the
   face lies at the gap above it (face_contact), and the point below it on the face is on the box; a cross axis: the
   supporting edges meet their common perpendicular inside both (edge_contact). Then points of the two boxes stand
   the gap apart, which bounds the distance from above as well: EXACT. The witnesses are checked as for overlapping
   boxes (box_box_contact); where the closest features are no such pair (a vertex or an edge against an edge or a
   vertex off every axis, or an axis tied with another), and within the touching band (a gap of at most R + tol, as
   in the other modes), the answer is NONE and GJK measures the distance. */
static gjk_special_kind box_box_apart(const gjk_minkowski3 *m, gjk_real R, const box_axes3 *ax,
                                      gjk_special3_result *out) {
    gjk_real a[3], b[3], t[3], r[3][3], k[3][3];
    box_pair_arrays(m, a, b, t, r);
    cofactors((const gjk_real(*)[3])r, k);
    /* The cross axes, compared through squares as in box_box_axes (the best so far is bg / sqrt(bll), one square
       root at the end); one must beat the best face by EDGE_MARGIN * S. */
    const gjk_real S = ax->S;
    gjk_real bg = ax->face_best + EDGE_MARGIN * S, bll = 1, bsign = ax->face_sign, best = ax->face_best;
    int axis = ax->face_axis;
#define APART_CROSS(i, j)                                                                                              \
    do {                                                                                                               \
        const int i1 = ((i) + 1) % 3, i2 = ((i) + 2) % 3, j1 = ((j) + 1) % 3, j2 = ((j) + 2) % 3;                      \
        gjk_real ll = r[i1][j] * r[i1][j] + r[i2][j] * r[i2][j];                                                       \
        gjk_real se = t[i2] * r[i1][j] - t[i1] * r[i2][j];                                                             \
        gjk_real gc = GJK_ABS(se) - (a[i1] * GJK_ABS(r[i2][j]) + a[i2] * GJK_ABS(r[i1][j])) -                          \
                      (b[j1] * GJK_ABS(k[i][j2]) + b[j2] * GJK_ABS(k[i][j1]));                                         \
        if (ll > PARALLEL2 && gc > 0 && (bg <= 0 || gc * gc * bll > bg * bg * ll)) {                                   \
            bg = gc, bll = ll;                                                                                         \
            axis = 6 + 3 * (i) + (j);                                                                                  \
            bsign = sgn(se);                                                                                           \
        }                                                                                                              \
    } while (0)
    APART_CROSS(0, 0);
    APART_CROSS(0, 1);
    APART_CROSS(0, 2);
    APART_CROSS(1, 0);
    APART_CROSS(1, 1);
    APART_CROSS(1, 2);
    APART_CROSS(2, 0);
    APART_CROSS(2, 1);
    APART_CROSS(2, 2);
#undef APART_CROSS
    if (axis >= 6) best = bg / GJK_SQRT(bll);
    /* Within the touching band GJK decides, as in the other modes, so that every query classifies the pair alike. */
    if (!(best > R + GJK_TOL_TOUCH * S)) return GJK_SPECIAL_NONE;
    /* The witnesses held to 8 eps * S of their boxes, not 64: a vertex that hangs off the face by more than
       rounding leaves the clip empty and its clamped stand-in off the box; the closest features are then a vertex
       and an edge, whose normal leans off the face's by that overhang over the distance. */
    gjk_special_kind kind = box_box_contact_within(m, axis, bsign, best, ax->face_axis, ax->face_sign,
                                                   ax->face_best, S, GJK_R(8.0), out);
    if (kind == GJK_SPECIAL_EXACT && axis >= 6) {
        /* Edges at an angle a: the axis e_i x c_j, from rotation entries, errs by about eps / sin a, while the
           witnesses (accurate closest points of the two edges) give the direction to eps * S / distance: take them
           where that is the better of the two (edges 1e-3 rad apart in float: the axis is 1.3e-4 off, and witnesses
           rebuilt along it by the caller end up 6e-5 off B). */
        gjk_vec3 diff = gjk_sub3(out->pb, out->pa);
        gjk_real d = gjk_len3(diff);
        if (d > GJK_SQRT(bll) * S) {
            out->normal = gjk_scale3(diff, GJK_R(1.0) / d);
            out->core_dist = d;
        }
    }
    return kind;
}

gjk_special_kind gjk_special3_box_box(const gjk_minkowski3 *m, gjk_real R, gjk_gjk_mode mode,
                                      gjk_special3_result *out) {
    box_axes3 ax;
    gjk_special_kind k = box_box_axes(m, R, mode, out, false, &ax);
    if (k == GJK_SPECIAL_NONE && mode == GJK_MODE_DISTANCE) return box_box_apart(m, R, &ax, out);
    if (k != GJK_SPECIAL_OVERLAP || mode == GJK_MODE_BOOLEAN) return k;
    return box_box_contact(m, ax.axis, ax.bsign, ax.best, ax.face_axis, ax.face_sign, ax.face_best, ax.S, out);
}

bool gjk_special3_box_box_overlap(const gjk_minkowski3 *m, gjk_special3_result *out, bool *witnesses, bool *apart) {
    box_axes3 ax;
    if (box_box_axes(m, 0, GJK_MODE_DISTANCE, out, true, &ax) != GJK_SPECIAL_OVERLAP) {
        /* Apart: GJK answers where the closed form for boxes apart leaves them to it. */
        *apart = box_box_apart(m, 0, &ax, out) == GJK_SPECIAL_NONE;
        return false;
    }
    *apart = false;
    *witnesses = ax.axis >= 6 || ax.near;
    if (*witnesses)
        return box_box_contact(m, ax.axis, ax.bsign, ax.best, ax.face_axis, ax.face_sign, ax.face_best, ax.S, out) ==
               GJK_SPECIAL_EXACT;
    gjk_real n[3] = {0, 0, 0};
    if (ax.axis < 3) {
        n[ax.axis] = ax.bsign;
    } else {
        gjk_real r[3][3];
        rows(m, r);
        for (int d = 0; d < 3; ++d) n[d] = ax.bsign * r[d][ax.axis - 3];
    }
    out->normal = vec(n);
    out->core_dist = ax.best == 0 ? 0 : ax.best;
    out->scale = ax.S;
    return true;
}

/* Exact distance from the segment c + t u, t in [-1, 1], to the box |x_k| <= h_k (box frame); sets *tp to the
   closest parameter. The squared distance f(t) = sum_k (|c_k + t u_k| - h_k)_+^2 is convex and piecewise quadratic,
   smooth between the (at most 6) parameters where the point crosses a slab plane x_k = +-h_k; f'/2 =
   sum_k u_k (x_k - clamp(x_k)) is piecewise linear and nondecreasing. So the minimum is at an end when f' has one
   sign on [-1, 1], else on the piece where f' changes sign: walk the sorted breakpoints to that piece, where f' is
   linear with the piece's clamped axes, and solve. */
static gjk_real slope(const gjk_real h[3], const gjk_real c[3], const gjk_real u[3], gjk_real t) {
    gjk_real d = 0;
    for (int k = 0; k < 3; ++k) {
        gjk_real x = c[k] + t * u[k];
        d += u[k] * (x - (x < -h[k] ? -h[k] : (x > h[k] ? h[k] : x)));
    }
    return d;
}

static gjk_real closest_on_segment_to_box(const gjk_real h[3], const gjk_real c[3], const gjk_real u[3]) {
    if (slope(h, c, u, -1) >= 0) return -1;
    if (slope(h, c, u, 1) <= 0) return 1;
    gjk_real bp[6], lo = -1, hi = 1;
    int n = 0;
    for (int k = 0; k < 3; ++k)
        for (int side = -1; side <= 1 && u[k] != 0; side += 2) {
            gjk_real t = (side * h[k] - c[k]) / u[k];
            if (t > -1 && t < 1) {
                int i = n++;
                for (; i > 0 && bp[i - 1] > t; --i) bp[i] = bp[i - 1]; /* insertion sort */
                bp[i] = t;
            }
        }
    for (int i = 0; i < n; ++i) {
        if (slope(h, c, u, bp[i]) >= 0) {
            hi = bp[i];
            break;
        }
        lo = bp[i];
    }
    /* On (lo, hi) the clamped axes are those outside their slab at the midpoint: f'/2 = sum (c_k - side h_k) u_k +
       t sum u_k^2 over them. */
    gjk_real mid = GJK_R(0.5) * (lo + hi), num = 0, den = 0;
    for (int k = 0; k < 3; ++k) {
        gjk_real x = c[k] + mid * u[k];
        if (x > h[k] || x < -h[k]) {
            num += u[k] * (c[k] - (x > h[k] ? h[k] : -h[k]));
            den += u[k] * u[k];
        }
    }
    gjk_real t = den > 0 ? -num / den : mid;
    return t > lo ? (t < hi ? t : hi) : lo; /* NaN (overflowed coordinates) goes to lo */
}

/* Segment c +- u against a box: seg_is_a false means A is the box; otherwise c, u are A's segment and B is the box.
   Works in the box's frame with the box at the origin, then maps back. Cores overlapping (every axis shows an
   overlap): EXACT depth from the axes, BOOLEAN: OVERLAP. Apart: an axis with a gap above R + tolerance gives
   SEPARATED in BOOLEAN and SEPARATED modes; otherwise the exact distance (closest_on_segment_to_box), EXACT, or in
   BOOLEAN mode OVERLAP / SEPARATED by comparing it with R + tolerance. NONE only for overlapping cores whose best
   axis is an edge-segment cross axis whose features do not meet (GJK and EPA answer then). */
gjk_special_kind gjk_special3_segment_box(const gjk_minkowski3 *m, gjk_vec3 cv, gjk_vec3 uv, bool seg_is_a, gjk_real R,
                                          gjk_gjk_mode mode, gjk_special3_result *out) {
    const gjk_shape3 *box = seg_is_a ? m->b : m->a;
    if (seg_is_a) { /* into B's frame */
        cv = gjk_mat33_tmul(m->rot, gjk_sub3(cv, m->pos));
        uv = gjk_mat33_tmul(m->rot, uv);
    }
    gjk_real h[3], c[3], u[3];
    arr(box->box.half_extents, h);
    arr(cv, c);
    arr(uv, u);
    gjk_real S = gjk_special3_l1(cv) + gjk_special3_l1(uv) + gjk_special3_l1(box->box.half_extents);
    out->scale = S;
    gjk_real lim = mode == GJK_MODE_DISTANCE ? GJK_REAL_MAX : R + GJK_TOL_TOUCH * S;
    gjk_real n[3] = {0, 0, 0}; /* box frame, from the box to the segment */

    gjk_real g[3];
    for (int k = 0; k < 3; ++k) g[k] = GJK_ABS(c[k]) - h[k] - GJK_ABS(u[k]); /* the box's faces */
    int axis = g[1] > g[0] ? 1 : 0;
    axis = g[2] > g[axis] ? 2 : axis;
    gjk_real best = g[axis], bsign = sgn(c[axis]);
    if (best > lim) {
        n[axis] = bsign;
        return separated(out, mode, best, seg_is_a ? gjk_neg3(gjk_mat33_mul(m->rot, vec(n))) : vec(n));
    }
    const gjk_real face_best = best, face_sign = bsign;
    const int face_axis = axis;
    gjk_real uu = u[0] * u[0] + u[1] * u[1] + u[2] * u[2], lim2 = lim * lim;
    gjk_real bar = best + EDGE_MARGIN * S;
    bar = bar < 0 ? bar : 0;
    gjk_real bar2 = mode == GJK_MODE_BOOLEAN || best > 0 ? 0 : bar * bar;
    bool positive = best > 0;
    gjk_real top = best, top_n[3] = {0, 0, 0}; /* the axis with the largest gap (box frame), for touching pairs */
    top_n[axis] = bsign;
    for (int k = 0; k < 3; ++k) { /* e_k x u: L_k1 = -u_k2, L_k2 = u_k1 */
        int k1 = NEXT[k], k2 = NEXT[k1];
        gjk_real ll = u[k1] * u[k1] + u[k2] * u[k2];
        if (!(ll > PARALLEL2 * uu)) continue;
        gjk_real sl = c[k2] * u[k1] - c[k1] * u[k2];
        gjk_real ge = GJK_ABS(sl) - (h[k1] * GJK_ABS(u[k2]) + h[k2] * GJK_ABS(u[k1]));
        if (ge > 0) {
            gjk_real inv = sgn(sl) / GJK_SQRT(ll);
            if (ge * ge > lim2 * ll) {
                n[k1] = -u[k2] * inv, n[k2] = u[k1] * inv;
                return separated(out, mode, GJK_ABS(ge * inv),
                                 seg_is_a ? gjk_neg3(gjk_mat33_mul(m->rot, vec(n))) : vec(n));
            }
            positive = true;
            if (GJK_ABS(ge * inv) > top) {
                top = GJK_ABS(ge * inv);
                top_n[k] = 0, top_n[k1] = -u[k2] * inv, top_n[k2] = u[k1] * inv;
            }
        } else if (ge * ge < bar2 * ll) {
            best = ge / GJK_SQRT(ll);
            bar2 = best * best;
            axis = 3 + k;
            bsign = sgn(sl);
        }
    }

    gjk_vec3 p_box, p_seg;
    gjk_special_kind kind = GJK_SPECIAL_EXACT;
    if (positive) { /* apart: the exact distance */
        gjk_real t = closest_on_segment_to_box(h, c, u), p[3], q[3], d[3], uc[3], ucc = 0, small = TOUCH_NOISE * S;
        for (int k = 0; k < 3; ++k) {
            p[k] = c[k] + t * u[k];
            q[k] = p[k] < -h[k] ? -h[k] : (p[k] > h[k] ? h[k] : p[k]);
            d[k] = p[k] - q[k]; /* 0 inside the slab, exact near its plane (Sterbenz) */
            /* the axes where the box point is on a face: clamped, or on the slab's plane to rounding */
            uc[k] = d[k] != 0 || GJK_ABS(GJK_ABS(p[k]) - h[k]) <= small ? u[k] : 0;
            ucc += uc[k] * uc[k];
        }
        /* Closest point inside the segment: f is C1, so f'(t) / 2 = d . u = 0 there, d is perpendicular to the
           segment, and d lies in the span of those axes (the box's normal cone at q). Rounding of t leaves a little
           of d along u, which over a small distance would tilt the normal off the segment: remove it within those
           axes, so that the normal stays in the box's cone too. (A correction above rounding means the premise
           failed; then d stays as computed.) */
        gjk_real du = d[0] * uc[0] + d[1] * uc[1] + d[2] * uc[2];
        if (t > -1 && t < 1 && ucc > 0 && du * du <= small * small * ucc)
            for (int k = 0; k < 3; ++k) d[k] -= du / ucc * uc[k];
        gjk_real dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2], dist = GJK_SQRT(dd);
        if (dist > TOUCH_NOISE * S && dist <= GJK_REAL_MAX) {
            for (int k = 0; k < 3; ++k) n[k] = d[k] / dist;
        } else { /* touching to rounding: d has no direction; the axis with the largest gap is a normal of D */
            for (int k = 0; k < 3; ++k) n[k] = top_n[k];
        }
        best = dist;
        p_box = vec(q);
        p_seg = vec(p);
        if (mode == GJK_MODE_BOOLEAN) {
            if (dist <= lim) return GJK_SPECIAL_OVERLAP;
            kind = GJK_SPECIAL_SEPARATED;
        }
    } else {
        if (mode == GJK_MODE_BOOLEAN) return GJK_SPECIAL_OVERLAP;
        if (axis >= 3) { /* e_k x u: the box's supporting edge along e_k and the segment */
            int k = axis - 3, k1 = NEXT[k], k2 = NEXT[k1];
            gjk_real inv = bsign / GJK_SQRT(u[k1] * u[k1] + u[k2] * u[k2]);
            n[k1] = -u[k2] * inv, n[k2] = u[k1] * inv;
            gjk_real p1[3], d1[3] = {0, 0, 0}, s, t, ln;
            p1[k] = -h[k], p1[k1] = sgn(n[k1]) * h[k1], p1[k2] = sgn(n[k2]) * h[k2];
            d1[k] = 2 * h[k];
            gjk_vec3 nn, p2 = gjk_sub3(cv, uv), d2 = gjk_scale3(uv, 2);
            if (gjk_special3_segments(vec(p1), vec(d1), p2, d2, &s, &t, &nn, &ln)) {
                p_box = gjk_mad3(vec(p1), s, vec(d1));
                p_seg = gjk_mad3(p2, t, d2);
            } else {
                /* Not crossing inside both. A cross axis clearly better than every face still bounds the depth
                   below the face's (a segment through a box corner: depth 0 on the cross axis, 0.587 on the best
                   face), so the face would overstate it: GJK and EPA answer, as for box-box.
                   Otherwise it is a tie within rounding, and the face answers. */
                if (best - face_best > TIE_MARGIN * S) return GJK_SPECIAL_NONE;
                best = face_best, axis = face_axis, bsign = face_sign;
                n[0] = n[1] = n[2] = 0;
            }
        }
        if (axis < 3) { /* a box face: the part of the segment above it; its centre when level, else its deepest point */
            int k = axis;
            gjk_real poly[2][3], kept[MAXPOLY][3];
            for (int d = 0; d < 3; ++d) poly[0][d] = c[d] - u[d], poly[1][d] = c[d] + u[d];
            int np;
            if (2 * GJK_ABS(u[k]) <= FEATURE_TOL * S) {
                p_seg = clip_centre(poly, 2, h, k);
            } else if ((np = clip_above(poly, 2, h, k, kept)) > 0) {
                /* Not level: the deepest end of the part above the face. A deepest end beyond the face's rectangle
                   happens only when the face ties with a cross axis to rounding (the segment nearly level); that
                   end clamped to the rectangle would leave the segment. */
                int deepest = 0;
                for (int q = 1; q < np; ++q)
                    if (bsign * kept[q][k] < bsign * kept[deepest][k]) deepest = q;
                p_seg = vec(kept[deepest]);
            } else { /* rounding left nothing above the face: the deeper end, clamped to the rectangle */
                p_seg = clip_centre(poly + (bsign * u[k] > 0 ? 0 : 1), 1, h, k);
            }
            n[k] = bsign;
            p_box = gjk_mad3(p_seg, -best, vec(n));
        }
    }
    out->core_dist = best == 0 ? 0 : best;
    if (!seg_is_a) {
        out->normal = vec(n);
        out->pa = p_box;
        out->pb = p_seg;
    } else {
        out->normal = gjk_neg3(gjk_mat33_mul(m->rot, vec(n)));
        out->pa = gjk_add3(gjk_mat33_mul(m->rot, p_seg), m->pos);
        out->pb = gjk_add3(gjk_mat33_mul(m->rot, p_box), m->pos);
    }
    return kind;
}
