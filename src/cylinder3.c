// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* A starting point for GJK on two cylinders: the closest points of their boundary features, found by Newton's method.

   GJK converges only linearly on curved cores (docs/numerics.md, "GJK termination"): on two cylinders whose closest
   points lie on a rim (a circle) against a side (a ruled surface) or another rim, each step gains about half a
   decimal digit, and the relative duality gap of 1e-13 takes 25 to 30 steps. The features themselves are simple
   curves, though: a rim is a circle, and a side is the set of points at the radius from the axis, so the distance
   from a point to it is the distance to the axis minus the radius. The closest points of two such curves (circle
   and circle, circle and axis, axis and axis) minimise a smooth function of two parameters, which Newton's method
   solves to rounding in a few steps. The closest points of a rim and a cap (a disc) are closed: the rim's point
   deepest along the cap's normal, when its foot lies in the disc.

   Nothing here is trusted: a candidate becomes GJK's first simplex (one vertex, a point of D = A - B made of a
   point of each core) only when GJK's own duality-gap test accepts it, and GJK then repeats that test in its first
   step and stops. Where no candidate passes (the closest features were others, e.g. a cap against a cap, or the
   cores touch or overlap), GJK starts cold, as it would without this file.

   The computation runs in double on coordinates scaled by a power of two (exact) to the pair's size, so that no
   square underflows or overflows at any scale the queries accept. */
#include "dvec3.h"
#include "special3.h"
#include "tolerance.h"

/* A feature curve: a circle c + R (cos e1 + sin e2), its angle carried as the unit pair (cs, sn) so that no
   trigonometric function is needed, or a line c + t e1 (the axis of a side, |t| <= len, the side at radius R). */
typedef struct cyl3_curve {
    gjk_dvec3 c, e1, e2;
    double R, len;
    bool line;
} cyl3_curve;

typedef struct cyl3_param {
    double cs, sn, t;
} cyl3_param;

/* Point, first and second derivative of the curve at its parameter (for a circle, with respect to the angle). */
static void cyl3_eval(const cyl3_curve *k, const cyl3_param *q, gjk_dvec3 *p, gjk_dvec3 *d1, gjk_dvec3 *d2) {
    if (k->line) {
        *p = gjk_dadd3(k->c, gjk_dscale3(k->e1, q->t));
        *d1 = k->e1;
        *d2 = gjk_dv3(0, 0, 0);
        return;
    }
    gjk_dvec3 radial = gjk_dadd3(gjk_dscale3(k->e1, k->R * q->cs), gjk_dscale3(k->e2, k->R * q->sn));
    *p = gjk_dadd3(k->c, radial);
    *d1 = gjk_dadd3(gjk_dscale3(k->e1, -k->R * q->sn), gjk_dscale3(k->e2, k->R * q->cs));
    *d2 = gjk_dscale3(radial, -1.0);
}

/* Move the parameter by `step` (an angle for a circle: the unit pair is turned and renormalised, which follows the
   circle to second order and exactly in the limit of Newton's small final steps). */
static void cyl3_move(const cyl3_curve *k, cyl3_param *q, double step) {
    if (k->line) {
        q->t += step;
        return;
    }
    double cs = q->cs - q->sn * step, sn = q->sn + q->cs * step, l = sqrt(cs * cs + sn * sn);
    q->cs = cs / l;
    q->sn = sn / l;
}

/* The parameter of the curve nearest the direction `towards` seen from its centre (the foot of `towards` on a line,
   clamped to the segment). */
static void cyl3_aim(const cyl3_curve *k, gjk_dvec3 towards, cyl3_param *q) {
    gjk_dvec3 d = gjk_dsub3(towards, k->c);
    if (k->line) {
        double t = gjk_ddot3(d, k->e1);
        q->t = t > k->len ? k->len : (t < -k->len ? -k->len : t);
        return;
    }
    double x = gjk_ddot3(d, k->e1), y = gjk_ddot3(d, k->e2), l = sqrt(x * x + y * y);
    q->cs = l > 0 ? x / l : 1;
    q->sn = l > 0 ? y / l : 0;
}

/* Local minimum of |P(s) - Q(t)|^2 / 2 over the two curves' parameters by damped Newton steps from the given
   parameters; false when it does not settle (a singular or indefinite Hessian: parallel lines, concentric
   circles) or ends outside a line's segment. */
#define CYL3_NEWTON_STEPS 12
static bool cyl3_closest(const cyl3_curve *ka, const cyl3_curve *kb, cyl3_param *qa, cyl3_param *qb) {
    for (int it = 0; it < CYL3_NEWTON_STEPS; ++it) {
        gjk_dvec3 p, p1, p2, q, q1, q2;
        cyl3_eval(ka, qa, &p, &p1, &p2);
        cyl3_eval(kb, qb, &q, &q1, &q2);
        gjk_dvec3 r = gjk_dsub3(p, q);
        double ga = gjk_ddot3(r, p1), gb = -gjk_ddot3(r, q1);
        double haa = gjk_ddot3(p1, p1) + gjk_ddot3(r, p2), hbb = gjk_ddot3(q1, q1) - gjk_ddot3(r, q2);
        double hab = -gjk_ddot3(p1, q1);
        double det = haa * hbb - hab * hab;
        /* Away from a minimum the Hessian may be indefinite: a step along the gradient scaled by a positive
           diagonal bound of the Hessian still descends. */
        double sa, sb;
        bool newton = haa > 0 && det > 1e-12 * haa * hbb;
        if (newton) {
            sa = -(hbb * ga - hab * gb) / det;
            sb = -(haa * gb - hab * ga) / det;
        } else {
            double da = fabs(haa) + fabs(hab), db = fabs(hbb) + fabs(hab);
            if (!(da > 0) || !(db > 0)) return false;
            sa = -ga / da;
            sb = -gb / db;
        }
        /* Steps of more than a radian (or the segment's length) are cut back: the model holds only nearby. */
        double lim_a = ka->line ? 2 * ka->len + 1 : 1, lim_b = kb->line ? 2 * kb->len + 1 : 1;
        double big = fabs(sa) / lim_a > fabs(sb) / lim_b ? fabs(sa) / lim_a : fabs(sb) / lim_b;
        if (big > 1) {
            sa /= big;
            sb /= big;
            newton = false;
        }
        if (!isfinite(sa) || !isfinite(sb)) return false;
        cyl3_move(ka, qa, sa);
        cyl3_move(kb, qb, sb);
        /* Converged: Newton's error after a step of length e is of the order of e^2, so a full step below 1e-8 of
           the (unit) size leaves the points within rounding of the minimum. */
        double moved = fabs(sa) * (ka->line ? 1 : ka->R) + fabs(sb) * (kb->line ? 1 : kb->R);
        if (newton ? moved < 1e-8 : moved < 1e-15) break;
    }
    if (ka->line && !(fabs(qa->t) <= ka->len)) return false;
    if (kb->line && !(fabs(qb->t) <= kb->len)) return false;
    return true;
}

/* A candidate pair: points on the two cores (A's frame, scaled) and their distance. */
typedef struct cyl3_candidate {
    gjk_dvec3 pa, pb;
    gjk_dvec3 n; /* the unit normal of the pair there, A to B, from the features' geometry (see cyl3_try_curves) */
    cyl3_param qa, qb; /* the curves' parameters there (curve pairs) */
    double dist;
    double min; /* nearer candidates are not offered (CYL3_MIN_DIST for GJK's start, 0 for the casts) */
    bool any;   /* gjk_cylinder3_closest's `any` */
} cyl3_candidate;

/* Candidates nearer than this (the pair scaled to a size of 1/2 to 1) are not offered: the cores touch or overlap
   there, and a one-vertex simplex at the origin would end GJK at once with nothing for EPA to grow from (two
   identical cylinders at the same pose: the candidate is a rim point on the other's side, and EPA seeded from it
   alone ends at its cap in float, its witnesses 0.41 off). */
#define CYL3_MIN_DIST 1e-6

/* True when the pair becomes the best (its normal is then the caller's to set). */
static bool cyl3_offer(cyl3_candidate *best, gjk_dvec3 pa, gjk_dvec3 pb) {
    double d = gjk_dlen3(gjk_dsub3(pa, pb));
    if (d > best->min && d < best->dist) {
        best->pa = pa;
        best->pb = pb;
        best->dist = d;
        return true;
    }
    return false;
}

/* The point of a side (its axis point a at parameter t) nearest along the unit direction u: a + R u where the axis
   point lies inside the segment, as u is then perpendicular to the axis. At an end of the segment u need not be, and
   a + R u would leave the cylinder beyond its cap (by up to R): the point is then the rim's, along u's part across
   the axis (the cap's centre when there is none), so that the candidate stays a point of the core whatever it is
   offered as (a segment 1.0145 from a cylinder's rim: the point off the cap made GJK accept a distance of 1.0131,
   below the true one, as certified). */
static gjk_dvec3 cyl3_side_point(const cyl3_curve *k, gjk_dvec3 a, gjk_dvec3 u, double t, bool *end) {
    if (fabs(t) < k->len) return gjk_dadd3(a, gjk_dscale3(u, k->R));
    *end = true;
    gjk_dvec3 across = gjk_dsub3(u, gjk_dscale3(k->e1, gjk_ddot3(u, k->e1)));
    double l = gjk_dlen3(across);
    return l > 0 ? gjk_dadd3(a, gjk_dscale3(across, k->R / l)) : a;
}

/* Curve against curve (a side stands for its axis: its point is the axis point moved by the radius towards the other
   point). */
static void cyl3_try_curves(const cyl3_curve *ka, const cyl3_curve *kb, const cyl3_param *start_a,
                            const cyl3_param *start_b, cyl3_candidate *best) {
    cyl3_param qa, qb;
    if (start_a) {
        qa = *start_a;
        qb = *start_b;
    } else {
        cyl3_aim(ka, kb->c, &qa);
        cyl3_aim(kb, ka->c, &qb);
    }
    if (!cyl3_closest(ka, kb, &qa, &qb)) return;
    gjk_dvec3 p, q, ta, tb, t2;
    cyl3_eval(ka, &qa, &p, &ta, &t2);
    cyl3_eval(kb, &qb, &q, &tb, &t2);
    gjk_dvec3 r = gjk_dsub3(q, p);
    double l = gjk_dlen3(r), reach = (ka->line ? ka->R : 0) + (kb->line ? kb->R : 0);
    /* A rim inside the other's side: the cores overlap there, or another feature is closer. (For the casts, which
       only come within rounding of touching, the pair is offered as long as u is defined: its points, on the
       cores, are what they need.) */
    if (!(l > reach) && !(best->any && l > 0)) return;
    gjk_dvec3 u = gjk_dscale3(r, 1.0 / l);
    bool end = false;
    if (ka->line) p = cyl3_side_point(ka, p, u, qa.t, &end);
    if (kb->line) q = cyl3_side_point(kb, q, gjk_dscale3(u, -1.0), qb.t, &end);
    if (!cyl3_offer(best, p, q)) return;
    best->qa = qa;
    best->qb = qb;
    /* The normal: with a side involved, u (from an axis, at least the radius long, so defined however close the
       surfaces are). Rim against rim: r is perpendicular to both tangents at the minimum, so their cross product
       gives its direction to rounding even where the rims nearly touch and r itself is all rounding. */
    best->n = u;
    if (end) {
        gjk_dvec3 pq = gjk_dsub3(q, p);
        best->n = gjk_dscale3(pq, 1.0 / gjk_dlen3(pq));
    } else if (!ka->line && !kb->line) {
        gjk_dvec3 c = gjk_dcross3(ta, tb);
        double cl = gjk_dlen3(c);
        if (cl > 0.125 * gjk_dlen3(ta) * gjk_dlen3(tb))
            best->n = gjk_dscale3(c, (gjk_ddot3(c, r) >= 0 ? 1.0 : -1.0) / cl);
    }
}

/* A rim against a cap (the disc of radius R at c, outward normal n): the rim's point deepest along -n, when it lies
   outside the cap's plane and its foot in the disc. */
static void cyl3_try_cap(const cyl3_curve *rim, gjk_dvec3 c, gjk_dvec3 n, double R, bool rim_is_a,
                         cyl3_candidate *best) {
    double x = -gjk_ddot3(n, rim->e1), y = -gjk_ddot3(n, rim->e2), l = sqrt(x * x + y * y);
    if (!(l > 0)) return; /* parallel planes: a continuum of closest points, GJK's case */
    cyl3_param q = {x / l, y / l, 0};
    gjk_dvec3 p, t1, t2;
    cyl3_eval(rim, &q, &p, &t1, &t2);
    double h = gjk_ddot3(n, gjk_dsub3(p, c));
    if (!(h > 0)) return;
    gjk_dvec3 foot = gjk_dsub3(p, gjk_dscale3(n, h));
    if (!(gjk_dlen_sq3(gjk_dsub3(foot, c)) <= R * R)) return;
    /* (The normal A to B is the cap's, turned to point from the rim's cylinder to the cap's.) */
    if (rim_is_a ? cyl3_offer(best, p, foot) : cyl3_offer(best, foot, p)) best->n = rim_is_a ? gjk_dscale3(n, -1.0) : n;
}

/* The candidate as a vertex of D at the pair's scale (B's point in B's frame, as its support function gives it), and
   whether GJK's duality-gap test (gjk3.c) already accepts it: the support of D along -v lies within the relative gap
   of v's own plane. */
static bool cyl3_vertex(const gjk_minkowski3 *m, const cyl3_candidate *c, double unscale, gjk_vertex3 *v,
                        gjk_vertex3 *support) {
    v->a = gjk_from_dv3(gjk_dscale3(c->pa, unscale));
    v->bl = gjk_mat33_tmul(m->rot, gjk_sub3(gjk_from_dv3(gjk_dscale3(c->pb, unscale)), m->pos));
    v->w = gjk_sub3(v->a, gjk_minkowski3_b_to_a(m, v->bl));
    gjk_real vv = gjk_len_sq3(v->w);
    if (!(vv > 0) || !gjk_finite(vv)) return false;
    *support = gjk_minkowski3_support(m, gjk_neg3(v->w));
    gjk_vec3 w = support->w;
    gjk_real scale2 = gjk_maxr(gjk_maxr(gjk_len_sq3(v->a), gjk_len_sq3(gjk_sub3(v->a, v->w))), vv);
    return vv - gjk_dot3(v->w, w) <= GJK_TOL_REL * vv + GJK_R(8.0) * GJK_REAL_EPSILON * GJK_SQRT(scale2 * vv);
}

bool gjk_cylinder3_closest(const gjk_minkowski3 *m, bool any, gjk_cylinder3_memo *memo, gjk_vertex3 *v,
                           gjk_vertex3 *support, gjk_vec3 *normal) {
    if (m->a->type != GJK_SHAPE3_CYLINDER || m->b->type != GJK_SHAPE3_CYLINDER) return false;
    double ra = m->a->cylinder.radius, ha = m->a->cylinder.half_height;
    double rb = m->b->cylinder.radius, hb = m->b->cylinder.half_height;
    gjk_dvec3 pos = gjk_to_dv3(m->pos);
    double size = fabs(pos.x) + fabs(pos.y) + fabs(pos.z) + ra + ha + rb + hb;
    int e;
    if (!(size > 0) || !isfinite(size)) return false;
    frexp(size, &e);
    double k = ldexp(1.0, -e); /* exact: the pair scaled to a size of 1/2 to 1 */
    ra *= k, ha *= k, rb *= k, hb *= k;
    pos = gjk_dscale3(pos, k);
    /* B's axes in A's frame: the columns of the rotation. */
    gjk_dvec3 bx = gjk_dv3(m->rot.r0.x, m->rot.r1.x, m->rot.r2.x);
    gjk_dvec3 by = gjk_dv3(m->rot.r0.y, m->rot.r1.y, m->rot.r2.y);
    gjk_dvec3 bz = gjk_dv3(m->rot.r0.z, m->rot.r1.z, m->rot.r2.z);
    gjk_dvec3 ex = gjk_dv3(1, 0, 0), ey = gjk_dv3(0, 1, 0), ez = gjk_dv3(0, 0, 1);
    /* The rims that face the other cylinder's centre (the other two are farther in all but contrived poses, and
       GJK settles those). */
    double sa = pos.z >= 0 ? 1 : -1, sb = gjk_ddot3(bz, pos) <= 0 ? 1 : -1;
    cyl3_curve rim_a = {gjk_dv3(0, 0, sa * ha), ex, ey, ra, 0, false};
    cyl3_curve rim_b = {gjk_dadd3(pos, gjk_dscale3(bz, sb * hb)), bx, by, rb, 0, false};
    cyl3_curve side_a = {gjk_dv3(0, 0, 0), ez, ex, ra, ha, true};
    cyl3_curve side_b = {pos, bz, bx, rb, hb, true};
    cyl3_candidate best;
    best.dist = DBL_MAX;
    best.min = any ? 0 : CYL3_MIN_DIST;
    best.any = any;
    /* Most likely first (a rim against a side, then rim against rim, side against side, rim against cap over the
       benchmark's random poses), and stop at the first candidate that GJK's own test certifies. A memo of the
       previous answer on a nearby pose (the same facing rims and scaling) puts its feature pair first, started
       from its parameters: Newton's method then settles in a step or two. */
    bool certified = false;
    const cyl3_curve *curve_a[4] = {&rim_a, &side_a, &rim_a, &side_a}, *curve_b[4] = {&side_b, &rim_b, &rim_b, &side_b};
    int best_i = -1;
    if (memo && memo->pair >= 0 && memo->exponent == e && memo->sa == sa && memo->sb == sb) {
        int i = memo->pair;
        if (i < 4) {
            cyl3_param qa = {memo->qa[0], memo->qa[1], memo->qa[2]}, qb = {memo->qb[0], memo->qb[1], memo->qb[2]};
            cyl3_try_curves(curve_a[i], curve_b[i], &qa, &qb, &best);
        } else if (i == 4) {
            cyl3_try_cap(&rim_a, rim_b.c, gjk_dscale3(bz, sb), rb, true, &best);
        } else {
            cyl3_try_cap(&rim_b, rim_a.c, gjk_dv3(0, 0, sa), ra, false, &best);
        }
        if (best.dist < DBL_MAX) {
            best_i = i;
            certified = cyl3_vertex(m, &best, 1.0 / k, v, support);
            /* (With `any`, the recalled pair's answer is taken as it is: the caller judges it by its plane.) */
            if (any && !certified) {
                gjk_real vv = gjk_len_sq3(v->w);
                certified = vv > 0 && gjk_finite(vv);
            }
        }
    }
    for (int i = 0; i < 6 && !certified; ++i) {
        double before = best.dist;
        switch (i) {
        case 4: cyl3_try_cap(&rim_a, rim_b.c, gjk_dscale3(bz, sb), rb, true, &best); break;
        case 5: cyl3_try_cap(&rim_b, rim_a.c, gjk_dv3(0, 0, sa), ra, false, &best); break;
        default: cyl3_try_curves(curve_a[i], curve_b[i], NULL, NULL, &best); break;
        }
        if (best.dist < before) {
            best_i = i;
            certified = cyl3_vertex(m, &best, 1.0 / k, v, support);
        }
    }
    /* Only a certified candidate is handed on: where none is, GJK's cold start runs as it would without this file
       (a candidate that is not the closest pair, or cores that overlap, would only change the simplex GJK and EPA
       end on, and EPA's seed with it). */
    /* (An uncertified best candidate, when asked for, is taken again: the last one tried may be another.) */
    if (!certified && any && best.dist < DBL_MAX) {
        /* (The test's own check that v.w is non-zero and finite is what sets the support point.) */
        gjk_real vv;
        certified = cyl3_vertex(m, &best, 1.0 / k, v, support) || ((vv = gjk_len_sq3(v->w)) > 0 && gjk_finite(vv));
    }
    if (!certified || !gjk_finite3(v->w) || !gjk_finite3(support->w)) return false;
    *normal = gjk_from_dv3(best.n);
    if (memo) {
        memo->pair = best_i;
        memo->exponent = e;
        memo->sa = sa;
        memo->sb = sb;
        memo->qa[0] = best.qa.cs, memo->qa[1] = best.qa.sn, memo->qa[2] = best.qa.t;
        memo->qb[0] = best.qb.cs, memo->qb[1] = best.qb.sn, memo->qb[2] = best.qb.t;
    }
    return true;
}

bool gjk_cylinder3_start(const gjk_minkowski3 *m, gjk_simplex3 *warm) {
    gjk_vertex3 support;
    gjk_vec3 normal;
    if (!gjk_cylinder3_closest(m, false, NULL, &warm->v[0], &support, &normal)) return false;
    warm->lambda[0] = 1;
    warm->count = 1;
    return true;
}
