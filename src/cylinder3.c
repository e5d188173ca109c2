// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* A starting point for GJK on two cylinders, or a capsule and a cylinder: the closest points of their boundary
   features, found by Newton's method.

   GJK converges only linearly on curved cores (docs/numerics.md, "GJK termination"): on two cylinders whose closest
   points lie on a rim (a circle) against a side (a ruled surface) or another rim, each step gains about half a
   decimal digit, and the relative duality gap of 1e-13 takes 25 to 30 steps. The features themselves are simple
   curves, though: a rim is a circle, and a side is the set of points at the radius from the axis, so the distance
   from a point to it is the distance to the axis minus the radius; a capsule's core is a segment, a side of radius
   0 with two ends. The closest points of two such curves (circle and circle, circle and axis, axis and axis)
   minimise a smooth function of two parameters, which Newton's method solves to rounding in a few steps. The
   closest points of a rim and a cap (a disc), or of a segment's end and any feature, are closed: the rim's point
   deepest along the cap's normal, when its foot lies in the disc; the feature's point nearest the end.

   Nothing here is trusted: the best candidate only becomes GJK's first simplex (one vertex, a point of D = A - B
   made of a point of each core), and GJK's own duality gap decides. When the candidate is the closest pair, GJK's
   first support along it certifies it and GJK stops after one step; when it is not (the closest features were
   others, e.g. a cap against a cap, or the cores overlap), GJK goes on from a point of D at least as close as a
   cold start's first one would typically be.

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
    double dist;
} cyl3_candidate;

/* Candidates nearer than this (the pair scaled to a size of 1/2 to 1) are not offered: the cores touch or overlap
   there, and a one-vertex simplex at the origin would end GJK at once with nothing for EPA to grow from (two
   identical cylinders at the same pose: the candidate is a rim point on the other's side, and EPA seeded from it
   alone ends at its cap in float, its witnesses 0.41 off). GJK's cold start handles such pairs as before. */
#define CYL3_MIN_DIST 1e-6

static void cyl3_offer(cyl3_candidate *best, gjk_dvec3 pa, gjk_dvec3 pb) {
    double d = gjk_dlen3(gjk_dsub3(pa, pb));
    if (d > CYL3_MIN_DIST && d < best->dist) {
        best->pa = pa;
        best->pb = pb;
        best->dist = d;
    }
}

/* Curve against curve (a side stands for its axis: its point is the axis point moved by the radius towards the other
   point). */
static void cyl3_try_curves(const cyl3_curve *ka, const cyl3_curve *kb, cyl3_candidate *best) {
    cyl3_param qa, qb;
    cyl3_aim(ka, kb->c, &qa);
    cyl3_aim(kb, ka->c, &qb);
    if (!cyl3_closest(ka, kb, &qa, &qb)) return;
    gjk_dvec3 p, q, t1, t2;
    cyl3_eval(ka, &qa, &p, &t1, &t2);
    cyl3_eval(kb, &qb, &q, &t1, &t2);
    gjk_dvec3 r = gjk_dsub3(q, p);
    double l = gjk_dlen3(r), reach = (ka->line ? ka->R : 0) + (kb->line ? kb->R : 0);
    if (!(l > reach)) return; /* a rim inside the other's side: the cores overlap there, or another feature is closer */
    gjk_dvec3 u = gjk_dscale3(r, 1.0 / l);
    if (ka->line) p = gjk_dadd3(p, gjk_dscale3(u, ka->R));
    if (kb->line) q = gjk_dsub3(q, gjk_dscale3(u, kb->R));
    cyl3_offer(best, p, q);
}

/* A point (a segment's end) against a rim or a side: the feature's point nearest it, in closed form. */
static void cyl3_try_point(gjk_dvec3 p, const cyl3_curve *k, bool point_is_a, cyl3_candidate *best) {
    gjk_dvec3 d = gjk_dsub3(p, k->c), q;
    if (k->line) {
        double t = gjk_ddot3(d, k->e1);
        if (!(fabs(t) <= k->len)) return; /* beyond the side: a rim or a cap is nearer */
        gjk_dvec3 foot = gjk_dadd3(k->c, gjk_dscale3(k->e1, t)), r = gjk_dsub3(p, foot);
        double l = gjk_dlen3(r);
        if (!(l > k->R)) return;
        q = gjk_dadd3(foot, gjk_dscale3(r, k->R / l));
    } else {
        double x = gjk_ddot3(d, k->e1), y = gjk_ddot3(d, k->e2), l = sqrt(x * x + y * y);
        if (!(l > 0)) return; /* on the rim's axis: every rim point is as near */
        q = gjk_dadd3(k->c, gjk_dadd3(gjk_dscale3(k->e1, k->R * x / l), gjk_dscale3(k->e2, k->R * y / l)));
    }
    if (point_is_a) cyl3_offer(best, p, q);
    else cyl3_offer(best, q, p);
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
    if (rim_is_a) cyl3_offer(best, p, foot);
    else cyl3_offer(best, foot, p);
}

/* One core's features, A's frame, scaled: a cylinder's facing rim, side and cap, or a segment (a capsule's core) as
   a side of radius 0 and its facing end. */
typedef struct cyl3_core {
    cyl3_curve rim, side;
    gjk_dvec3 cap_n; /* the facing cap's outward normal (cylinder) */
    bool segment;
} cyl3_core;

/* A point (a segment's end) against a cylinder's cap: its foot, when it lies in the disc and the point outside. */
static void cyl3_try_endcap(gjk_dvec3 p, const cyl3_core *cyl, bool point_is_a, cyl3_candidate *best) {
    double h = gjk_ddot3(cyl->cap_n, gjk_dsub3(p, cyl->rim.c));
    if (!(h > 0)) return;
    gjk_dvec3 foot = gjk_dsub3(p, gjk_dscale3(cyl->cap_n, h));
    if (!(gjk_dlen_sq3(gjk_dsub3(foot, cyl->rim.c)) <= cyl->rim.R * cyl->rim.R)) return;
    if (point_is_a) cyl3_offer(best, p, foot);
    else cyl3_offer(best, foot, p);
}

/* The candidate as a vertex of D at the pair's scale (B's point in B's frame, as its support function gives it), and
   whether GJK's duality-gap test (gjk3.c) already accepts it: the support of D along -v lies within the relative gap
   of v's own plane. */
static bool cyl3_vertex(const gjk_minkowski3 *m, const cyl3_candidate *c, double unscale, gjk_vertex3 *v) {
    v->a = gjk_from_dv3(gjk_dscale3(c->pa, unscale));
    v->bl = gjk_mat33_tmul(m->rot, gjk_sub3(gjk_from_dv3(gjk_dscale3(c->pb, unscale)), m->pos));
    v->w = gjk_sub3(v->a, gjk_minkowski3_b_to_a(m, v->bl));
    gjk_real vv = gjk_len_sq3(v->w);
    if (!(vv > 0) || !gjk_finite(vv)) return false;
    gjk_vec3 w = gjk_minkowski3_support(m, gjk_neg3(v->w)).w;
    gjk_real scale2 = gjk_maxr(gjk_maxr(gjk_len_sq3(v->a), gjk_len_sq3(gjk_sub3(v->a, v->w))), vv);
    return vv - gjk_dot3(v->w, w) <= GJK_TOL_REL * vv + GJK_R(8.0) * GJK_REAL_EPSILON * GJK_SQRT(scale2 * vv);
}

/* `other`: the other core's centre, which picks the facing rim or end. */
static bool cyl3_core_make(const gjk_shape3 *s, gjk_dvec3 c, gjk_dvec3 ax, gjk_dvec3 e1, gjk_dvec3 e2, double k,
                           gjk_dvec3 other, cyl3_core *f) {
    double r, h;
    if (s->type == GJK_SHAPE3_CYLINDER) {
        r = s->cylinder.radius * k, h = s->cylinder.half_height * k;
        f->segment = false;
    } else if (s->type == GJK_SHAPE3_CAPSULE) {
        r = 0, h = s->capsule.half_height * k;
        f->segment = true;
    } else {
        return false;
    }
    double sign = gjk_ddot3(ax, gjk_dsub3(other, c)) >= 0 ? 1 : -1;
    f->cap_n = gjk_dscale3(ax, sign);
    cyl3_curve rim = {gjk_dadd3(c, gjk_dscale3(ax, sign * h)), e1, e2, r, 0, false};
    cyl3_curve side = {c, ax, e1, r, h, true};
    f->rim = rim;
    f->side = side;
    return true;
}

/* Candidate i of the pair (false: none of that kind for these cores). */
static bool cyl3_try(int i, const cyl3_core *a, const cyl3_core *b, cyl3_candidate *best) {
    switch (i) {
    case 0: /* a rim against a side (a segment is a side of radius 0) */
        cyl3_try_curves(a->segment ? &a->side : &a->rim, &b->side, best);
        return true;
    case 1:
        cyl3_try_curves(&a->side, b->segment ? &b->side : &b->rim, best);
        return true;
    case 2: /* rim against rim, or an end against a rim */
        if (a->segment && b->segment) return false;
        if (a->segment) cyl3_try_point(a->rim.c, &b->rim, true, best);
        else if (b->segment) cyl3_try_point(b->rim.c, &a->rim, false, best);
        else cyl3_try_curves(&a->rim, &b->rim, best);
        return true;
    case 3: /* side against side (done above for a segment), or an end against a side */
        if (a->segment) cyl3_try_point(a->rim.c, &b->side, true, best);
        else if (b->segment) cyl3_try_point(b->rim.c, &a->side, false, best);
        else cyl3_try_curves(&a->side, &b->side, best);
        return true;
    case 4: /* a rim or an end against the other's cap */
        if (b->segment) return false;
        if (a->segment) cyl3_try_endcap(a->rim.c, b, true, best);
        else cyl3_try_cap(&a->rim, b->rim.c, b->cap_n, b->rim.R, true, best);
        return true;
    default:
        if (a->segment) return false;
        if (b->segment) cyl3_try_endcap(b->rim.c, a, false, best);
        else cyl3_try_cap(&b->rim, a->rim.c, a->cap_n, a->rim.R, false, best);
        return true;
    }
}

bool gjk_cylinder3_start(const gjk_minkowski3 *m, gjk_simplex3 *warm) {
    const gjk_shape3 *sa = m->a, *sb = m->b;
    bool cyl_a = sa->type == GJK_SHAPE3_CYLINDER, cyl_b = sb->type == GJK_SHAPE3_CYLINDER;
    bool cap_a = sa->type == GJK_SHAPE3_CAPSULE, cap_b = sb->type == GJK_SHAPE3_CAPSULE;
    /* Two cylinders, or a cylinder and a capsule (two capsules have their closed form in special3.c). */
    if (!((cyl_a && (cyl_b || cap_b)) || (cap_a && cyl_b))) return false;
    double ea = cyl_a ? sa->cylinder.radius + sa->cylinder.half_height : sa->capsule.half_height;
    double eb = cyl_b ? sb->cylinder.radius + sb->cylinder.half_height : sb->capsule.half_height;
    gjk_dvec3 pos = gjk_to_dv3(m->pos);
    double size = fabs(pos.x) + fabs(pos.y) + fabs(pos.z) + ea + eb;
    int e;
    if (!(size > 0) || !isfinite(size)) return false;
    frexp(size, &e);
    double k = ldexp(1.0, -e); /* exact: the pair scaled to a size of 1/2 to 1 */
    pos = gjk_dscale3(pos, k);
    /* B's axes in A's frame: the columns of the rotation. */
    gjk_dvec3 bx = gjk_dv3(m->rot.r0.x, m->rot.r1.x, m->rot.r2.x);
    gjk_dvec3 by = gjk_dv3(m->rot.r0.y, m->rot.r1.y, m->rot.r2.y);
    gjk_dvec3 bz = gjk_dv3(m->rot.r0.z, m->rot.r1.z, m->rot.r2.z);
    gjk_dvec3 o = gjk_dv3(0, 0, 0);
    cyl3_core a, b;
    /* The rims that face the other core's centre (the other two are farther in all but contrived poses, and GJK
       settles those). */
    cyl3_core_make(sa, o, gjk_dv3(0, 0, 1), gjk_dv3(1, 0, 0), gjk_dv3(0, 1, 0), k, pos, &a);
    cyl3_core_make(sb, pos, bz, bx, by, k, o, &b);
    cyl3_candidate best;
    best.dist = DBL_MAX;
    /* Most likely first (a rim against a side, then rim against rim, side against side, rim against cap over the
       benchmark's random poses), and stop at the first candidate that GJK's own test certifies. */
    for (int i = 0; i < 6; ++i) {
        double before = best.dist;
        if (!cyl3_try(i, &a, &b, &best)) continue;
        if (best.dist < before && cyl3_vertex(m, &best, 1.0 / k, &warm->v[0])) break;
    }
    /* (warm->v[0] holds the best candidate: each improvement was written there, certified or not.) */
    if (!(best.dist < DBL_MAX) || !gjk_finite3(warm->v[0].w)) return false;
    warm->lambda[0] = 1;
    warm->count = 1;
    return true;
}
