// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The normal of a 3D answer to the precision of gjk_real (docs/numerics.md, "Normals from geometry").

   GJK and EPA stop on a duality gap: the distance is then known to the gap e, but the direction only to about
   sqrt(e / size), so a normal taken as the direction of GJK's closest point v = sum lambda_i w_i, or of EPA's final
   face on a curved core, is much worse than the distance. Two remedies, both in double whatever gjk_real is (the
   support points are exact gjk_real values, so their differences are exact in double):

   - Polytope features: GJK stops when the distance stops improving in gjk_real, and near the answer the distance
     is quadratically flat, so its last simplex may be a neighbour of the closest feature of D = A - B. A few more
     GJK steps in double (the closest point of each simplex found by trying all its faces, edges and vertices) end
     on the closest feature itself, whose normal comes from its geometry (the face's cross product, the edge's
     perpendicular, relative to a vertex): no barycentric weights in it, so it rounds by eps x the feature's size
     over its extent, not by eps x size over the distance.
   - Curved cores (cylinders, cones, ellipsoids, user shapes): the normal n is where the support point s(n) of D is
     parallel to n, and where the support value n . s(n) is least over unit n (it is minus the distance for cores
     apart, the depth for overlapping ones). Near the answer s(n0 + t) = s0 + J t on the tangent plane of n0, J
     the (symmetric, positive semi-definite) radii of curvature of D, so the tangential part of s(n) vanishes at
     t = (mu I - J)^-1 s0_t, mu = n0 . s0: a Newton step, with J from central differences of the support. Where a
     segment of D holds the support (a line of a cylinder's or cone's side) the support function has a kink; the
     answer is then normal to the segment, and the same Newton step runs on the foot of the origin on the
     segment's line instead of on s(n). A step is kept only when it does not raise the support value beyond its
     rounding, and the whole refinement stays within a small angle of the normal it started from.
   - Cylinders and cones against one point of the other core (a sphere's centre, a corner, a segment's end): the
     closed form of that point against the flat part (cap, base, side line) near the answer, certified by the
     other core's support along the new normal (gjk_normal3_snap). */
#include "dvec3.h"
#include "internal3.h"

/* Finite-difference steps of the curvature estimate (radians), first and least: large enough that the support
   points' rounding (eps x size) stays small next to h x size, and the first about as large as the error of GJK's
   and EPA's normals on curved cores (a relative gap e leaves about sqrt(e)); REACH: how far the refinement may
   move a normal in all. */
#if GJK_USE_FLOAT
#define GJK_NORMAL3_FD_START 3e-2
#define GJK_NORMAL3_FD_MIN 1e-4
#define GJK_NORMAL3_REACH 3e-2
#else
#define GJK_NORMAL3_FD_START 1e-4
#define GJK_NORMAL3_FD_MIN 1e-7
#define GJK_NORMAL3_REACH 1e-3
#endif
#define GJK_NORMAL3_STEPS 3
/* Largest angle between GJK's direction and its polytope feature's normal that the feature's normal may correct. */
#if GJK_USE_FLOAT
#define GJK_NORMAL3_AGREE GJK_R(2e-2)
#else
#define GJK_NORMAL3_AGREE GJK_R(1e-5)
#endif
#define GJK_NORMAL3_POLISH 8

static gjk_dvec3 gjk_normal3_unit(gjk_dvec3 v) {
    double l = gjk_dlen3(v);
    return l > 0 ? gjk_dscale3(v, 1.0 / l) : v;
}

/* The unit vector along u in gjk_real: scaled by its largest component first, so that a vector whose squares
   underflow (features 1e-157 from the origin) still normalises exactly (gjk_normalize3 rescales the rest). */
static gjk_vec3 gjk_normal3_to_unit(gjk_dvec3 u) {
    double big = fmax(fabs(u.x), fmax(fabs(u.y), fabs(u.z)));
    if (!(big > 0) || !isfinite(big)) return gjk_v3(0, 0, 0);
    return gjk_normalize3(gjk_from_dv3(gjk_dscale3(u, 1.0 / big)));
}

/* The support point of D along n, in double. */
static gjk_dvec3 gjk_normal3_support(const gjk_minkowski3 *m, gjk_dvec3 n) {
    return gjk_to_dv3(gjk_minkowski3_support(m, gjk_from_dv3(n)).w);
}

static double gjk_normal3_volume(gjk_dvec3 a, gjk_dvec3 b, gjk_dvec3 c, gjk_dvec3 d) {
    return gjk_ddot3(gjk_dsub3(b, a), gjk_dcross3(gjk_dsub3(c, a), gjk_dsub3(d, a)));
}

/* The closest point to the origin of the hull of p[0 .. n-1] (n <= 4), in double: every face, edge and vertex is
   tried (15 at most) and the nearest projection of the origin that falls inside its feature wins. Returns the
   feature's vertex mask, 0 when the origin is inside the tetrahedron (or nothing qualifies). */
static int gjk_normal3_closest(const gjk_dvec3 *p, int n, double *best2) {
    int best = 0;
    *best2 = INFINITY;
    for (int mask = 1; mask < (1 << n); ++mask) {
        int idx[4], k = 0;
        for (int i = 0; i < n; ++i)
            if (mask >> i & 1) idx[k++] = i;
        gjk_dvec3 q;
        if (k == 1) {
            q = p[idx[0]];
        } else if (k == 2) {
            gjk_dvec3 e = gjk_dsub3(p[idx[1]], p[idx[0]]);
            double ee = gjk_dlen_sq3(e), t = -gjk_ddot3(p[idx[0]], e);
            if (!(ee > 0 && t > 0 && t < ee)) continue;
            q = gjk_dadd3(p[idx[0]], gjk_dscale3(e, t / ee));
        } else if (k == 3) {
            gjk_dvec3 a = p[idx[0]], b = p[idx[1]], c = p[idx[2]];
            gjk_dvec3 nrm = gjk_dcross3(gjk_dsub3(b, a), gjk_dsub3(c, a));
            double nn = gjk_dlen_sq3(nrm);
            if (!(nn > 0)) continue;
            q = gjk_dscale3(nrm, gjk_ddot3(nrm, a) / nn);
            /* barycentric coordinates of q by the signed areas of the sub-triangles */
            double la = gjk_ddot3(nrm, gjk_dcross3(gjk_dsub3(b, q), gjk_dsub3(c, q)));
            double lb = gjk_ddot3(nrm, gjk_dcross3(gjk_dsub3(c, q), gjk_dsub3(a, q)));
            double lc = gjk_ddot3(nrm, gjk_dcross3(gjk_dsub3(a, q), gjk_dsub3(b, q)));
            if (!(la > 0 && lb > 0 && lc > 0)) continue;
        } else {
            /* the origin strictly inside the tetrahedron: replacing any vertex by it keeps the volume's sign */
            double v = gjk_normal3_volume(p[0], p[1], p[2], p[3]);
            gjk_dvec3 o = gjk_dv3(0, 0, 0);
            double v0 = gjk_normal3_volume(o, p[1], p[2], p[3]), v1 = gjk_normal3_volume(p[0], o, p[2], p[3]);
            double v2 = gjk_normal3_volume(p[0], p[1], o, p[3]), v3 = gjk_normal3_volume(p[0], p[1], p[2], o);
            if (v0 * v > 0 && v1 * v > 0 && v2 * v > 0 && v3 * v > 0) return 0;
            continue;
        }
        double d2 = gjk_dlen_sq3(q);
        if (d2 < *best2) *best2 = d2, best = mask;
    }
    return best;
}

/* The direction from the origin to the feature p[mask], from its geometry: the vertex, the foot of the
   perpendicular on the edge's line (e x (p0 x e)), or the face's normal turned towards the feature. */
static gjk_dvec3 gjk_normal3_feature(const gjk_dvec3 *p, int mask) {
    gjk_dvec3 q[3];
    int k = 0;
    for (int i = 0; i < 4; ++i)
        if (mask >> i & 1) q[k++] = p[i];
    if (k == 1) return q[0];
    if (k == 2) {
        gjk_dvec3 e = gjk_dsub3(q[1], q[0]);
        return gjk_dcross3(e, gjk_dcross3(q[0], e));
    }
    gjk_dvec3 n = gjk_dcross3(gjk_dsub3(q[1], q[0]), gjk_dsub3(q[2], q[0]));
    return gjk_dscale3(n, gjk_ddot3(n, q[0]) < 0 ? -1.0 : 1.0);
}

/* Barycentric coordinates of the origin's projection on the feature p[mask] (its vertices in order). */
static int gjk_normal3_weights(const gjk_dvec3 *p, int mask, int *idx, double *lambda) {
    int k = 0;
    for (int i = 0; i < 4; ++i)
        if (mask >> i & 1) idx[k++] = i;
    if (k == 1) {
        lambda[0] = 1;
    } else if (k == 2) {
        gjk_dvec3 e = gjk_dsub3(p[idx[1]], p[idx[0]]);
        double t = -gjk_ddot3(p[idx[0]], e) / gjk_dlen_sq3(e);
        lambda[0] = 1 - t, lambda[1] = t;
    } else {
        gjk_dvec3 a = p[idx[0]], b = p[idx[1]], c = p[idx[2]];
        gjk_dvec3 nrm = gjk_dcross3(gjk_dsub3(b, a), gjk_dsub3(c, a));
        gjk_dvec3 q = gjk_dscale3(nrm, gjk_ddot3(nrm, a) / gjk_dlen_sq3(nrm));
        double la = gjk_ddot3(nrm, gjk_dcross3(gjk_dsub3(b, q), gjk_dsub3(c, q)));
        double lb = gjk_ddot3(nrm, gjk_dcross3(gjk_dsub3(c, q), gjk_dsub3(a, q)));
        double lc = gjk_ddot3(nrm, gjk_dcross3(gjk_dsub3(a, q), gjk_dsub3(b, q))), sum = la + lb + lc;
        lambda[0] = la / sum, lambda[1] = lb / sum, lambda[2] = lc / sum;
    }
    return k;
}

gjk_vec3 gjk_normal3_apart_witness(const gjk_minkowski3 *m, const gjk_gjk_result3 *g, gjk_vec3 *pa, gjk_vec3 *pb) {
    /* (gjk_normalize3, not v / |v|: below 1e-154 |v|^2 is subnormal and |v| from it inexact.) */
    gjk_vec3 fallback = gjk_normalize3(gjk_neg3(g->v));
    const gjk_simplex3 *s = &g->simplex;
    /* (Curved cores: GJK's triangles there are slivers of nearby points of a rim, whose planes are worse than v;
       their normal is refined along the support function instead.) */
    if (s->count < 1 || s->count > 3 || !gjk_core3_is_polytope(m->a) || !gjk_core3_is_polytope(m->b))
        return fallback;
    gjk_dvec3 p[4];
    gjk_vertex3 vx[4];
    int n = s->count;
    for (int i = 0; i < n; ++i) vx[i] = s->v[i], p[i] = gjk_to_dv3(s->v[i].w);
    /* GJK's simplex is the sub-simplex holding its closest point (every weight positive): the feature itself */
    int mask = (1 << n) - 1;
    gjk_dvec3 u0 = gjk_normal3_feature(p, mask);
    double uu = gjk_dlen_sq3(u0), up = gjk_ddot3(u0, p[0]);
    if (!(uu > 0)) return fallback;
    double d2 = up * up / uu; /* (its distance in double: the float |v|^2 differs by float rounding) */
    /* GJK leaves its last support point (along -v) in the slot after the simplex when it ends on a closed gap or a
       repeat (gjk3.c computes it before either test). A repeat is exact convergence: the feature is final, and
       the extra support below is not needed. */
    bool converged = false;
    if (g->status != GJK_OK) return fallback; /* (a loop cut short leaves no last support point behind) */
    {
        gjk_vec3 last = s->v[n].w;
        for (int i = 0; i < n; ++i) {
            gjk_vec3 d = gjk_sub3(last, s->v[i].w);
            converged = converged || (d.x == 0 && d.y == 0 && d.z == 0);
        }
    }
    /* GJK stops when the distance stops improving in gjk_real, which near the answer is quadratically flat: a
       simplex whose point lies 2e-4 x size along the true face from the closest point is within float rounding of
       the distance. A few more steps in double end on the true feature (a support point that repeats a vertex). */
    /* (Curved cores gain little from more GJK steps: their normal is refined along the support function.) */
    int polish = !converged && gjk_core3_is_polytope(m->a) && gjk_core3_is_polytope(m->b) ? GJK_NORMAL3_POLISH : 0;
    bool changed = false;
    for (int it = 0; it < polish; ++it) {
        /* (the first candidate is GJK's own last support point) */
        gjk_vertex3 wv = it == 0 ? s->v[n]
                                 : gjk_minkowski3_support(m, gjk_from_dv3(gjk_dscale3(gjk_normal3_feature(p, mask), -1.0)));
        gjk_dvec3 w = gjk_to_dv3(wv.w), q[4];
        gjk_vertex3 qv[4];
        int k = 0;
        bool repeat = false;
        for (int i = 0; i < n; ++i)
            if (mask >> i & 1) {
                qv[k] = vx[i];
                q[k++] = p[i];
                repeat = repeat || (p[i].x == w.x && p[i].y == w.y && p[i].z == w.z);
            }
        if (repeat) break;
        qv[k] = wv;
        q[k++] = w;
        double e2;
        int me = gjk_normal3_closest(q, k, &e2);
        /* progress beyond the rounding of the squared distances (coordinates of gjk_real, products in double) */
        if (!me || !(e2 < d2 - 64.0 * DBL_EPSILON * (double)g->scale * sqrt(d2))) break;
        for (int i = 0; i < k; ++i) p[i] = q[i], vx[i] = qv[i];
        n = k, mask = me, d2 = e2, changed = true;
    }
    /* (a vertex is v itself) */
    if ((mask & (mask - 1)) == 0 && !changed) return fallback;
    gjk_vec3 un = gjk_normal3_to_unit(gjk_normal3_feature(p, mask));
    /* A feature too thin for its normal (a sliver face, a nearly repeated vertex) is no better than v: keep v's
       direction when the two disagree by more than GJK's stopping rule lets v err (sqrt of its relative gap). */
    gjk_real cosine = -gjk_dot3(un, fallback), agree = GJK_R(1.0) - GJK_R(0.5) * GJK_NORMAL3_AGREE * GJK_NORMAL3_AGREE;
    if (!(cosine > agree)) return fallback;
    /* The witnesses of a new feature: the same weights on each shape's points. GJK's own feature keeps GJK's
       witnesses, whose weights it computes with more care on slivers. */
    if (!changed) return gjk_neg3(un);
    int idx[3];
    double lambda[3];
    int k = gjk_normal3_weights(p, mask, idx, lambda);
    gjk_dvec3 wa = gjk_dv3(0, 0, 0), wb = gjk_dv3(0, 0, 0);
    for (int i = 0; i < k; ++i) {
        wa = gjk_dadd3(wa, gjk_dscale3(gjk_to_dv3(vx[idx[i]].a), lambda[i]));
        wb = gjk_dadd3(wb, gjk_dscale3(gjk_to_dv3(gjk_minkowski3_b_to_a(m, vx[idx[i]].bl)), lambda[i]));
    }
    if (gjk_finite3(gjk_from_dv3(wa)) && gjk_finite3(gjk_from_dv3(wb))) *pa = gjk_from_dv3(wa), *pb = gjk_from_dv3(wb);
    return gjk_neg3(un);
}

/* One Newton step for the minimum of the support value over unit n, in the tangent directions t[0 .. k-1] of n
   (orthonormal): the gradient is the tangential part of s0, the Hessian J - mu I with J from central differences
   (sp, sm: the supports at n + h t and n - h t). Returns false when the model has no minimum (not a regular
   answer) or would step too far for it to hold. */
static bool gjk_normal3_newton(const gjk_dvec3 *t, int k, gjk_dvec3 s0, double mu, const gjk_dvec3 *sp,
                               const gjk_dvec3 *sm, double h, double *x) {
    double j[2][2] = {{0, 0}, {0, 0}}, g[2];
    for (int a = 0; a < k; ++a) {
        g[a] = gjk_ddot3(t[a], s0);
        for (int b = 0; b < k; ++b) j[a][b] = gjk_ddot3(t[a], gjk_dsub3(sp[b], sm[b])) / (2 * h);
    }
    /* mu I - J is negative definite at a regular answer: mu = -distance < 0 for cores apart, and for overlapping
       ones the depth is below D's radii of curvature there (else the point is no nearest one) */
    if (k == 1) {
        double m11 = mu - j[0][0];
        if (!(m11 < 0)) return false;
        x[0] = g[0] / m11, x[1] = 0;
    } else {
        double m11 = mu - j[0][0], m22 = mu - j[1][1], m12 = -0.5 * (j[0][1] + j[1][0]), det = m11 * m22 - m12 * m12;
        if (!(det > 0 && m11 + m22 < 0)) return false;
        x[0] = (m22 * g[0] - m12 * g[1]) / det, x[1] = (m11 * g[1] - m12 * g[0]) / det;
    }
    return x[0] * x[0] + x[1] * x[1] < 1e-2;
}

/* The foot of the origin's perpendicular on the line through the two ends of a segment of D's boundary near
   direction n: the supports at n tilted by delta either way across the segment (direction seg). */
static gjk_dvec3 gjk_normal3_foot(const gjk_minkowski3 *m, gjk_dvec3 n, gjk_dvec3 seg, double delta) {
    gjk_dvec3 u = gjk_normal3_unit(gjk_dsub3(seg, gjk_dscale3(n, gjk_ddot3(n, seg))));
    gjk_dvec3 a = gjk_normal3_support(m, gjk_dadd3(n, gjk_dscale3(u, delta)));
    gjk_dvec3 b = gjk_normal3_support(m, gjk_dsub3(n, gjk_dscale3(u, delta)));
    gjk_dvec3 e = gjk_dsub3(b, a);
    double ee = gjk_dlen_sq3(e);
    return ee > 0 ? gjk_dsub3(a, gjk_dscale3(e, gjk_ddot3(a, e) / ee)) : a;
}

/* Smooth, the support moves alike on both sides of n (sp, sm: the supports at n + h t and n - h t); at a kink of
   the support function it stays on one side and jumps on the other. */
static bool gjk_normal3_kink(gjk_dvec3 s0, gjk_dvec3 sp, gjk_dvec3 sm, double tiny) {
    gjk_dvec3 fwd = gjk_dsub3(sp, s0), bwd = gjk_dsub3(s0, sm);
    return gjk_dlen3(gjk_dsub3(fwd, bwd)) > 0.5 * (gjk_dlen3(fwd) + gjk_dlen3(bwd)) + tiny;
}

static void gjk_normal3_basis(gjk_dvec3 n, gjk_dvec3 *t) {
    gjk_dvec3 a = fabs(n.x) < 0.577 ? gjk_dv3(1, 0, 0) : gjk_dv3(0, 1, 0);
    t[0] = gjk_normal3_unit(gjk_dcross3(n, a));
    t[1] = gjk_dcross3(n, t[0]);
}

/* The refinement; *smooth tells whether every step kept was a smooth one (no flat side of D near the answer). */
static gjk_vec3 gjk_normal3_refine_impl(const gjk_minkowski3 *m, gjk_vec3 normal, gjk_real scale, bool *smooth) {
    gjk_dvec3 n = gjk_normal3_unit(gjk_to_dv3(normal)), n_in = n;
    if (!(gjk_dlen_sq3(n) > 0)) return normal;
    gjk_dvec3 s0 = gjk_normal3_support(m, n);
    double h0 = gjk_ddot3(n, s0), h = GJK_NORMAL3_FD_START, h_in = h0;
    *smooth = true;
    /* Already there: the support point lies along n to within 16 eps of the angle (a smooth answer that GJK
       converged on, or one of the two cores a sphere). */
    if (gjk_dlen3(gjk_dsub3(s0, gjk_dscale3(n, h0))) <= 16.0 * GJK_REAL_EPSILON * fabs(h0)) return normal;
    /* the support value rounds by a few eps x the size of the coordinates it came from */
    const double slack = 8.0 * GJK_REAL_EPSILON * (double)scale, tiny = 64.0 * GJK_REAL_EPSILON * (double)scale;
    bool turned = false;
    for (int step = 0; step < GJK_NORMAL3_STEPS; ++step) {
        gjk_dvec3 t[2], sp[2], sm[2], e[2], nn;
        bool kink[2];
        double x[2];
        gjk_normal3_basis(n, t);
        for (int i = 0; i < 2; ++i) {
            sp[i] = gjk_normal3_support(m, gjk_dadd3(n, gjk_dscale3(t[i], h)));
            sm[i] = gjk_normal3_support(m, gjk_dsub3(n, gjk_dscale3(t[i], h)));
            e[i] = gjk_dsub3(sp[i], sm[i]);
            kink[i] = gjk_normal3_kink(s0, sp[i], sm[i], tiny);
        }
        bool flat = kink[0] || kink[1];
        if (!flat) {
            if (!gjk_normal3_newton(t, 2, s0, h0, sp, sm, h, x)) break;
            nn = gjk_normal3_unit(gjk_dadd3(n, gjk_dadd3(gjk_dscale3(t[0], x[0]), gjk_dscale3(t[1], x[1]))));
        } else {
            /* A flat side of D holds the support near n: a segment (a line of a cylinder's or a cone's side) or a
               face (a cap, a polytope's face). A tilt across a segment swings the support from one end to the
               other; tilting along the tangential part of that swing keeps the rest of the support still, so its
               swing is the segment itself (twice: a tilt partly across the segment's neighbours swings the support
               by a little of them too). The tilt at right angles to it swings again, in another direction, only
               for a face: GJK's and EPA's own faces give that normal already (from three points of the face), and
               a face guessed from two swings is no better, so a face ends the refinement. */
            gjk_dvec3 tk[1], tq[1], spk[1], smk[1], qp[1], qm[1];
            gjk_dvec3 big = gjk_dlen_sq3(e[0]) >= gjk_dlen_sq3(e[1]) || !kink[1] ? e[0] : e[1];
            for (int round = 0; round < 2; ++round) {
                tk[0] = gjk_normal3_unit(gjk_dsub3(big, gjk_dscale3(n, gjk_ddot3(n, big))));
                spk[0] = gjk_normal3_support(m, gjk_dadd3(n, gjk_dscale3(tk[0], h)));
                smk[0] = gjk_normal3_support(m, gjk_dsub3(n, gjk_dscale3(tk[0], h)));
                big = gjk_dsub3(spk[0], smk[0]);
            }
            tq[0] = gjk_dcross3(n, tk[0]);
            qp[0] = gjk_normal3_support(m, gjk_dadd3(n, gjk_dscale3(tq[0], h)));
            qm[0] = gjk_normal3_support(m, gjk_dsub3(n, gjk_dscale3(tq[0], h)));
            gjk_dvec3 seg = gjk_normal3_unit(gjk_dsub3(spk[0], smk[0]));
            gjk_dvec3 other = gjk_normal3_unit(gjk_dsub3(qp[0], qm[0]));
            if (gjk_normal3_kink(s0, qp[0], qm[0], tiny) && gjk_dlen3(gjk_dcross3(seg, other)) > 0.1) break;
            {
                /* The answer is normal to the segment and smooth about it: the foot q(n) of the origin on the
                   segment's line (its ends forced by tilts across it) is parallel to n there. Newton on the
                   tangential part of q(n), its Jacobian by differences (the tangent basis turns too: -n . q). */
                gjk_dvec3 q0 = gjk_normal3_foot(m, n, seg, 2 * h), qj[2];
                double jac[2][2], g[2];
                for (int j = 0; j < 2; ++j) qj[j] = gjk_normal3_foot(m, gjk_dadd3(n, gjk_dscale3(t[j], h)), seg, 2 * h);
                for (int i = 0; i < 2; ++i) {
                    g[i] = gjk_ddot3(t[i], q0);
                    for (int j = 0; j < 2; ++j)
                        jac[i][j] = gjk_ddot3(t[i], gjk_dsub3(qj[j], q0)) / h - (i == j ? gjk_ddot3(n, qj[j]) : 0);
                }
                double det = jac[0][0] * jac[1][1] - jac[0][1] * jac[1][0];
                if (!(fabs(det) > 0)) break;
                x[0] = (jac[1][1] * -g[0] - jac[0][1] * -g[1]) / det;
                x[1] = (jac[0][0] * -g[1] - jac[1][0] * -g[0]) / det;
                nn = gjk_normal3_unit(gjk_dadd3(n, gjk_dadd3(gjk_dscale3(t[0], x[0]), gjk_dscale3(t[1], x[1]))));
            }
        }
        gjk_dvec3 sn = gjk_normal3_support(m, nn);
        double hn = gjk_ddot3(nn, sn), moved = gjk_dlen3(gjk_dsub3(nn, n));
        /* (On a flat side a step that lands a hair off the side's normal raises the value by the side's length
           times that hair: the last, short steps may raise it by a little of their length.) */
        double allow = slack + (moved < GJK_NORMAL3_FD_MIN ? 1e-2 * moved * (double)scale : 0.0);
        if (!(hn <= h0 + allow) || !(gjk_dlen3(gjk_dsub3(nn, n_in)) < GJK_NORMAL3_REACH)) {
            /* no better: the model did not hold over h; try a smaller one */
            if (h <= GJK_NORMAL3_FD_MIN) break;
            h = fmax(h / 16, GJK_NORMAL3_FD_MIN);
            continue;
        }
        n = nn, s0 = sn, h0 = hn, turned = true;
        *smooth = *smooth && !flat;
        if (moved < 4.0 * GJK_REAL_EPSILON) break;
        /* the next differences over about the distance still to go */
        h = fmax(fmin(h, 4.0 * moved), GJK_NORMAL3_FD_MIN);
    }
    /* A turn near a flat side is kept only when the support value came down (a wrong turn off the side raises it
       at first order); smooth Newton steps, whose gain may hide under rounding, are kept. */
    return turned && (h0 < h_in || *smooth) ? gjk_normal3_to_unit(n) : normal;
}

gjk_vec3 gjk_normal3_refine(const gjk_minkowski3 *m, gjk_vec3 normal, gjk_real scale) {
    bool smooth;
    return gjk_normal3_refine_impl(m, normal, scale, &smooth);
}

static bool gjk_normal3_curved(const gjk_minkowski3 *m) {
    return !gjk_core3_is_polytope(m->a) || !gjk_core3_is_polytope(m->b);
}

static bool gjk_normal3_round(const gjk_shape3 *s) {
    return s->type == GJK_SHAPE3_POINT || s->type == GJK_SHAPE3_SPHERE || s->type == GJK_SHAPE3_ELLIPSOID ||
           s->type == GJK_SHAPE3_USER;
}

/* ---- cylinders and cones: the answer from the features ------------------------------------------------------ */

/* The point of an axial core (cylinder or cone, local frame) nearest to p: for p outside the core (deep false), the
   closest point a and the unit normal n from a towards p; for p inside (deep true), the foot a on the face whose
   outward normal n lies nearest to the direction hint (the depth of a point is its distance to one face: a cap, the
   base or the side). The normal of a flat part is that part's own (the axis, a side line's radial direction),
   exact to the rounding of a few products; only at a rim or a cone's apex, a point of the core, does it come from
   the difference p - a, and those answers are given only when rims is true (the other core a point or sphere: a
   corner or a segment's end next to a rim lies within the manifold's tolerance of the cap, whose clipping wants
   the normal the cap's neighbourhood gives). Returns false when no answer applies (p on the axis where a side or
   rim would hold it, p inside when apart, outside when deep, a rim or apex without rims). */
static bool gjk_normal3_axial(const gjk_shape3 *s, gjk_dvec3 p, bool deep, bool rims, gjk_dvec3 hint,
                              gjk_dvec3 *a, gjk_dvec3 *n) {
    double r = (double)s->cylinder.radius, h = (double)s->cylinder.half_height, rho = sqrt(p.x * p.x + p.y * p.y);
    gjk_dvec3 u = rho > 0 ? gjk_dv3(p.x / rho, p.y / rho, 0) : gjk_dv3(0, 0, 0);
    if (s->type == GJK_SHAPE3_CYLINDER) {
        double ex = rho - r, ez = fabs(p.z) - h, sz = p.z < 0 ? -1.0 : 1.0;
        bool cap;
        if (deep) {
            if (!(ex < 0 && ez < 0)) return false;
            cap = hint.z * sz > gjk_ddot3(hint, u);
        } else {
            if (!(ex > 0 || ez > 0)) return false;
            cap = !(ex > 0);
        }
        if (cap) {
            *a = gjk_dv3(p.x, p.y, sz * h), *n = gjk_dv3(0, 0, sz);
            return true;
        }
        if (!(rho > 0)) return false;
        if (deep || !(ez > 0)) {
            *a = gjk_dv3(r * u.x, r * u.y, p.z), *n = u;
            return true;
        }
        if (!rims) return false;
        *a = gjk_dv3(r * u.x, r * u.y, sz * h);
        *n = gjk_normal3_unit(gjk_dsub3(p, *a));
        return true;
    }
    /* Cone: base disc of radius r at z = -h, apex (0, 0, h). In the meridian half-plane (rho, z) of p the side is
       the segment from the rim (r, -h) to the apex (0, h), its outward normal (2h, r) / |(2h, r)|. */
    double len = sqrt(4 * h * h + r * r), s0 = 2 * h / len, s1 = r / len;
    double side = (rho - r) * s0 + (p.z + h) * s1, base = -h - p.z;
    if (deep) {
        if (!(side < 0 && base < 0)) return false;
        if (-hint.z > gjk_ddot3(hint, u) * s0 + hint.z * s1) {
            *a = gjk_dv3(p.x, p.y, -h), *n = gjk_dv3(0, 0, -1);
            return true;
        }
        double ra = rho - side * s0;
        if (!(rho > 0 && ra > 0 && ra < r)) return false;
        *a = gjk_dv3(ra * u.x, ra * u.y, p.z - side * s1), *n = gjk_dv3(s0 * u.x, s0 * u.y, s1);
        return true;
    }
    if (!(side > 0 || base > 0)) return false;
    if (base > 0 && rho <= r) { /* (the base is nearest: p lies below the disc) */
        *a = gjk_dv3(p.x, p.y, -h), *n = gjk_dv3(0, 0, -1);
        return true;
    }
    /* the side segment, its parameter t from the rim (0) to the apex (1) */
    double t = (-(rho - r) * r + (p.z + h) * 2 * h) / (len * len);
    if (t >= 1) {
        *a = gjk_dv3(0, 0, h);
    } else {
        if (!(rho > 0)) return false;
        if (t > 0 && side > 0) {
            double ra = rho - side * s0;
            *a = gjk_dv3(ra * u.x, ra * u.y, p.z - side * s1), *n = gjk_dv3(s0 * u.x, s0 * u.y, s1);
            return true;
        }
        *a = gjk_dv3(r * u.x, r * u.y, -h);
    }
    if (!rims) return false;
    *n = gjk_normal3_unit(gjk_dsub3(p, *a));
    return true;
}

static bool gjk_normal3_axial_kind(const gjk_shape3 *s) {
    return s->type == GJK_SHAPE3_CYLINDER || s->type == GJK_SHAPE3_CONE;
}

/* Rows of B's rotation into A's frame times v (B's frame to A's), and its transpose, in double. */
static gjk_dvec3 gjk_normal3_rot(const gjk_mat33 *r, gjk_dvec3 v) {
    return gjk_dv3(gjk_ddot3(gjk_to_dv3(r->r0), v), gjk_ddot3(gjk_to_dv3(r->r1), v), gjk_ddot3(gjk_to_dv3(r->r2), v));
}
static gjk_dvec3 gjk_normal3_rot_t(const gjk_mat33 *r, gjk_dvec3 v) {
    return gjk_dadd3(gjk_dadd3(gjk_dscale3(gjk_to_dv3(r->r0), v.x), gjk_dscale3(gjk_to_dv3(r->r1), v.y)),
                     gjk_dscale3(gjk_to_dv3(r->r2), v.z));
}

static bool gjk_normal3_same(gjk_vec3 p, gjk_vec3 q) { return p.x == q.x && p.y == q.y && p.z == q.z; }

/* A cylinder or cone X against a point y of the other core Y that holds Y's support near the answer (a sphere's or
   point's centre, a vertex of a box, hull or segment, a cone's apex, a point of a cap facing a flat side): the
   answer is then X's closed form for the point y (gjk_normal3_axial), and it is certified when Y's support along
   the new normal is y again. Cores apart: X lies behind the plane through a normal to X's closest point a, and Y
   beyond the parallel plane through y, at the distance |a - y|, which a and y attain: the exact answer. Cores
   overlapping: the depth along the new normal is |a - y| (the supports a and y), no more than along EPA's normal,
   and a face's normal with y's foot inside the face is a local minimum of the support value (EPA's normal lies
   within a small angle of it). A point y that moves with the normal (a rim, a curved side) is left to the other
   refinements. On success *dist is the distance or depth |a - y|, exact to rounding. Returns false with nothing
   changed when it does not apply. */
static bool gjk_normal3_snap(const gjk_minkowski3 *m, gjk_vec3 normal, bool deep, gjk_real scale, gjk_vec3 *out,
                             gjk_vec3 *pa, gjk_vec3 *pb, gjk_real *dist) {
    gjk_dvec3 n0 = gjk_normal3_unit(gjk_to_dv3(normal)), pos = gjk_to_dv3(m->pos);
    if (!(gjk_dlen_sq3(n0) > 0)) return false;
    gjk_vertex3 v0;
    v0.w = v0.a = v0.bl = gjk_v3(0, 0, 0);
    bool have_v0 = false;
    for (int side = 0; side < 2; ++side) {
        const gjk_shape3 *x = side == 0 ? m->a : m->b, *other = side == 0 ? m->b : m->a;
        if (!gjk_normal3_axial_kind(x)) continue;
        /* Which flat part of X the normal lies near (within 0.1 rad): its cap or base, its side, or neither (a rim,
           answered only for points and spheres). A point of a curved core (a rim, an ellipsoid) moves with the
           normal, so only a cap, whose normal does not depend on the point, can hold it still. */
        gjk_dvec3 hint = side == 0 ? n0 : gjk_normal3_rot_t(&m->rot, gjk_dscale3(n0, -1.0)), flat = gjk_dv3(0, 0, 0);
        bool cap = false, near_side;
        if (x->type == GJK_SHAPE3_CYLINDER) {
            cap = fabs(hint.z) > 0.995;
            near_side = fabs(hint.z) < 0.1;
            flat = gjk_dv3(0, 0, hint.z < 0 ? -1.0 : 1.0);
        } else {
            double h = (double)x->cone.half_height, r = (double)x->cone.radius, len = sqrt(4 * h * h + r * r);
            cap = -hint.z > 0.995;
            near_side = sqrt(hint.x * hint.x + hint.y * hint.y) * (2 * h / len) + hint.z * (r / len) > 0.995;
            flat = gjk_dv3(0, 0, -1);
        }
        if (!(cap || (near_side && gjk_core3_is_polytope(other)) || gjk_core3_is_origin(other))) continue;
        gjk_vertex3 v;
        gjk_vec3 n;
        if (cap) {
            /* (start on the cap's normal: a point under the cap then holds at once) */
            n = gjk_normal3_to_unit(side == 0 ? flat : gjk_dscale3(gjk_normal3_rot(&m->rot, flat), -1.0));
            v = gjk_minkowski3_support(m, n);
        } else {
            if (!have_v0) v0 = gjk_minkowski3_support(m, normal), have_v0 = true;
            n = normal, v = v0;
        }
        for (int it = 0; it < 2; ++it) {
            /* y and the direction out of X, in X's frame */
            gjk_dvec3 y, a, nl;
            if (side == 0) {
                y = gjk_dadd3(gjk_normal3_rot(&m->rot, gjk_to_dv3(v.bl)), pos);
                hint = gjk_to_dv3(n);
            } else {
                y = gjk_normal3_rot_t(&m->rot, gjk_dsub3(gjk_to_dv3(v.a), pos));
                hint = gjk_normal3_rot_t(&m->rot, gjk_dscale3(gjk_to_dv3(n), -1.0));
            }
            if (!gjk_normal3_axial(x, y, deep, gjk_core3_is_origin(other), hint, &a, &nl)) break;
            gjk_dvec3 na = side == 0 ? nl : gjk_dscale3(gjk_normal3_rot(&m->rot, nl), -1.0);
            /* (within a small angle of GJK's or EPA's normal: the answer they converged to, not another) */
            if (!(gjk_ddot3(na, n0) > 0.995)) break;
            gjk_vec3 nr = gjk_normal3_to_unit(na);
            if (!gjk_normal3_same(nr, n)) {
                gjk_vertex3 w = gjk_minkowski3_support(m, nr);
                if (!(side == 0 ? gjk_normal3_same(w.bl, v.bl) : gjk_normal3_same(w.a, v.a))) {
                    v = w, n = nr;
                    continue;
                }
            }
            if (deep) {
                /* any support value bounds the depth from above: the new one may not exceed EPA's beyond rounding */
                if (!have_v0) v0 = gjk_minkowski3_support(m, normal), have_v0 = true;
                gjk_dvec3 b0 = gjk_dadd3(gjk_normal3_rot(&m->rot, gjk_to_dv3(v0.bl)), pos);
                double h0 = gjk_ddot3(n0, gjk_dsub3(gjk_to_dv3(v0.a), b0));
                if (!(gjk_dlen3(gjk_dsub3(a, y)) <= h0 + 64.0 * GJK_REAL_EPSILON * (double)scale)) break;
            }
            gjk_dvec3 wa = side == 0 ? a : gjk_to_dv3(v.a);
            gjk_dvec3 wb = side == 0 ? y : gjk_dadd3(gjk_normal3_rot(&m->rot, a), pos);
            if (!gjk_finite3(gjk_from_dv3(wa)) || !gjk_finite3(gjk_from_dv3(wb))) break;
            *pa = gjk_from_dv3(wa), *pb = gjk_from_dv3(wb), *out = nr;
            *dist = (gjk_real)gjk_dlen3(gjk_dsub3(a, y));
            return true;
        }
    }
    return false;
}

/* The part of a witness pair's offset across `n`: zero when point_b - point_a lies along the normal, as it does at
   the exact normal. A turned normal's supports on a core of large curvature radius slide by the turn's error
   times that radius (the pole of an ellipsoid 1.1e-5 thick and 8 wide: 2.9e6), and the rebuild that makes
   point_b = point_a + distance * normal would then carry the other core's witness off its core by half the slide
   (a box corner 7e-4 off the box, after a turn of 5e-9). */
static gjk_real across(gjk_vec3 pa, gjk_vec3 pb, gjk_vec3 n) {
    gjk_vec3 d = gjk_sub3(pb, pa);
    return gjk_len3(gjk_mad3(d, -gjk_dot3(d, n), n));
}

gjk_vec3 gjk_normal3_apart(const gjk_minkowski3 *m, const gjk_gjk_result3 *g, gjk_vec3 *pa, gjk_vec3 *pb,
                           gjk_real *dist) {
    gjk_vec3 n = gjk_normal3_apart_witness(m, g, pa, pb), snapped;
    if ((gjk_normal3_axial_kind(m->a) || gjk_normal3_axial_kind(m->b)) &&
        gjk_normal3_snap(m, n, false, g->scale, &snapped, pa, pb, dist))
        return snapped;
    /* Cores apart are refined only where no flat part can hold the answer (points, spheres, ellipsoids, user
       shapes): next to a cylinder's cap or side or a polytope's face, where pairs rest on each other, GJK's
       direction already comes from that flat part, and a turn across its edge would tilt a whole contact face. */
    if (!gjk_normal3_curved(m) || !gjk_normal3_round(m->a) || !gjk_normal3_round(m->b)) return n;
    bool smooth;
    gjk_vec3 r = gjk_normal3_refine_impl(m, n, g->scale, &smooth);
    /* (Cores apart near a flat side, where pairs rest on each other, keep GJK's normal: a turn across a side's
       edge there tilts a whole contact face.) */
    if (!smooth) return n;
    if (r.x == n.x && r.y == n.y && r.z == n.z) return r;
    /* A normal turned on smooth surfaces takes the witnesses along it: the supports of the cores, where they are
       GJK's points moved along the surfaces, not a jump. */
    gjk_vertex3 w = gjk_minkowski3_support(m, r);
    gjk_vec3 wa = w.a, wb = gjk_minkowski3_b_to_a(m, w.bl);
    gjk_real within = GJK_R(1e-3) * g->scale;
    if (!(gjk_len3(gjk_sub3(wa, *pa)) <= within && gjk_len3(gjk_sub3(wb, *pb)) <= within)) return r;
    /* (Not when they would lie farther across the turned normal than GJK's across its own: see across().) */
    if (across(wa, wb, r) <= gjk_maxr(across(*pa, *pb, n), GJK_TOL_TOUCH * g->scale)) *pa = wa, *pb = wb;
    return r;
}

gjk_vec3 gjk_normal3_deep(const gjk_minkowski3 *m, gjk_vec3 normal, gjk_real scale, gjk_vec3 *pa, gjk_vec3 *pb,
                          gjk_real *depth) {
    gjk_vec3 snapped;
    if ((gjk_normal3_axial_kind(m->a) || gjk_normal3_axial_kind(m->b)) &&
        gjk_normal3_snap(m, normal, true, scale, &snapped, pa, pb, depth))
        return snapped;
    /* Only where no flat part can hold the contact (points, spheres, ellipsoids, user shapes), as for cores apart:
       next to a cylinder's or cone's flat part the turned normal's supports jump, and the depth along it no longer
       matches EPA's witnesses (a capsule 0.84 deep in a cylinder came out 1.7e-5 off the capsule). */
    if (!gjk_normal3_curved(m) || !gjk_normal3_round(m->a) || !gjk_normal3_round(m->b)) return normal;
    gjk_vec3 r = gjk_normal3_refine(m, normal, scale);
    if (r.x == normal.x && r.y == normal.y && r.z == normal.z) return r;
    /* The witnesses follow a turned normal: the deepest points of the cores along it, when they are EPA's points
       moved along the surfaces; otherwise the turn is dropped. */
    gjk_vertex3 w = gjk_minkowski3_support(m, r);
    gjk_vec3 wa = w.a, wb = gjk_minkowski3_b_to_a(m, w.bl);
    gjk_real within = GJK_R(1e-2) * scale;
    if (!(gjk_len3(gjk_sub3(wa, *pa)) <= within && gjk_len3(gjk_sub3(wb, *pb)) <= within)) return normal;
    /* Nor when they lie farther across the turned normal than EPA's across its own (see across()). */
    if (across(wa, wb, r) > gjk_maxr(across(*pa, *pb, normal), GJK_TOL_TOUCH * scale)) return normal;
    *pa = wa;
    *pb = wb;
    return r;
}
