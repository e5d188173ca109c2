// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Shape casts in 3D (gjk/cast.h): input checks, frames and tolerances, the linear cast, and the results.

   Linear motion (neither shape turns, or only shapes that look the same in every orientation): B moves by d
   relative to A, so the Minkowski difference at time t is D(t) = D(0) - t d, and the shapes first come within the
   target distance when the ray t d from the origin first comes within R = rA + rB + target of the core difference
   D(0): the GJK ray cast of ray_gjk3.c (van den Bergen 2004), the radius entering as a shift of each support plane
   as in Box2D's b2ShapeCast. Every plane that advances lambda is a lower bound of the time of contact, so the
   answer is never late, and for polytopes the last plane is the face the ray enters, which makes the answer exact
   to rounding. Unlike Box2D, the simplex is kept when lambda advances (its points are still points of D(0)). */
#include <string.h>

#include "cast3.h"
#include "ray_internal.h"
#include "rescale.h"
#include "special3.h"


/* ---- input -------------------------------------------------------------------------------------------------- */

/* q scaled to unit length, when the queries accept it (internal.h). */
static bool unit_quat(gjk_quat q, gjk_quat *out) {
    if (!gjk_quat_usable(q)) return false;
    *out = gjk_quat_normalize(q);
    return true;
}

/* A motion the cast accepts: finite, bounded, and leaving the pose's position bounded at t = 1 (so that the
   queries the cast makes at t = 1 accept the pair). */
static bool usable_motion(const gjk_motion3 *m, gjk_vec3 position) {
    return gjk_bounded3(m->translation) && gjk_bounded3(m->rotation) &&
           gjk_bounded3(gjk_add3(position, m->translation));
}

/* A bound on |x| over the points x of a core (local frame): how far a point of the core can be from the shape's
   origin, about which it turns. The rounding ball needs none: it looks the same in every orientation. Hulls: the
   centroid's distance plus the hull's radius about it (O(1)); user shapes: the corner of the bounding box of six
   supports (a convex set lies inside the box of its extreme points). */
static gjk_real core_reach(const gjk_shape3 *s) {
    switch (s->type) {
    case GJK_SHAPE3_SEGMENT: return gjk_maxr(gjk_len3(s->segment.a), gjk_len3(s->segment.b));
    case GJK_SHAPE3_TRIANGLE:
        return gjk_maxr(gjk_len3(s->triangle.a), gjk_maxr(gjk_len3(s->triangle.b), gjk_len3(s->triangle.c)));
    case GJK_SHAPE3_BOX: return gjk_len3(s->box.half_extents);
    case GJK_SHAPE3_CAPSULE: return s->capsule.half_height;
    case GJK_SHAPE3_CYLINDER:
    case GJK_SHAPE3_CONE: /* the base rim is the farthest: sqrt(r^2 + h^2) >= h, the apex */
        return gjk_len3(gjk_v3(s->cylinder.radius, s->cylinder.half_height, 0));
    case GJK_SHAPE3_ELLIPSOID:
        return gjk_maxr(s->ellipsoid.radii.x, gjk_maxr(s->ellipsoid.radii.y, s->ellipsoid.radii.z));
    case GJK_SHAPE3_HULL: return gjk_len3(s->hull.hull->centroid) + s->hull.hull->radius;
    case GJK_SHAPE3_USER: {
        gjk_vec3 e = gjk_v3(0, 0, 0);
        static const gjk_vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        gjk_real m[3];
        for (int i = 0; i < 3; ++i) {
            gjk_real hi = gjk_dot3(axes[i], gjk_core3_support(s, axes[i]));
            gjk_real lo = gjk_dot3(axes[i], gjk_core3_support(s, gjk_neg3(axes[i])));
            m[i] = gjk_maxr(GJK_ABS(hi), GJK_ABS(lo));
        }
        e = gjk_v3(m[0], m[1], m[2]);
        return gjk_len3(e);
    }
    default: return 0; /* point, sphere */
    }
}

/* Check the input and fill c; false for invalid input. */
static bool cast_setup3(const gjk_cast_input3 *in, gjk_cast3 *c) {
    if (!in) return false;
    const gjk_pair3 *p = &in->pair;
    if (gjk_shape3_validate(p->a) != GJK_OK || gjk_shape3_validate(p->b) != GJK_OK) return false;
    if (!unit_quat(p->pose_a.rotation, &c->qa) || !unit_quat(p->pose_b.rotation, &c->qb)) return false;
    if (!gjk_bounded3(p->pose_a.position) || !gjk_bounded3(p->pose_b.position)) return false;
    if (!usable_motion(&in->motion_a, p->pose_a.position) || !usable_motion(&in->motion_b, p->pose_b.position))
        return false;
    if (!(in->target_distance >= 0 && in->target_distance <= GJK_MAX_COORD)) return false;
    if (!gjk_finite(in->tolerance) || !gjk_bounded(in->tolerance)) return false;
    c->in = in;
    c->bad = false;
    c->a = gjk_user3_guard(p->a, &c->user[0], &c->guard[0], &c->bad);
    c->b = gjk_user3_guard(p->b, &c->user[1], &c->guard[1], &c->bad);
    c->pa = p->pose_a.position;
    c->p0 = gjk_sub3(p->pose_b.position, p->pose_a.position);
    c->va = in->motion_a.translation;
    c->vb = in->motion_b.translation;
    /* A core that is its shape's origin (sphere, point) looks the same in every orientation: its turning does
       not matter, and a pair with no other turning is a linear cast (exact). */
    c->wa = gjk_core3_is_origin(c->a) ? gjk_v3(0, 0, 0) : in->motion_a.rotation;
    c->wb = gjk_core3_is_origin(c->b) ? gjk_v3(0, 0, 0) : in->motion_b.rotation;
    c->ra = gjk_core3_radius(c->a);
    c->rb = gjk_core3_radius(c->b);
    c->reach_a = core_reach(c->a);
    c->reach_b = core_reach(c->b);
    c->target = in->target_distance;
    gjk_real size = c->reach_a + c->ra + c->reach_b + c->rb;
    gjk_real motion = gjk_len3(gjk_sub3(c->vb, c->va));
    c->scale = gjk_maxr(gjk_maxr(size, c->target), gjk_maxr(gjk_len3(c->p0), motion));
    /* The rounding of a distance the cast computes: w = a - (b + t d) rounds at a few ulps of the largest of the
       terms, not of the (small) result; floor / 8 is about that, floor a safe multiple (the least tolerance). */
    c->floor = GJK_R(32.0) * GJK_REAL_EPSILON * c->scale;
    c->tol = in->tolerance > 0 ? in->tolerance : GJK_TOL_CAST * size;
    c->tol = gjk_maxr(c->tol, c->floor);
    return !c->bad;
}

/* ---- results ------------------------------------------------------------------------------------------------ */

gjk_quat gjk_cast3_rotation(gjk_vec3 rotation_vector, gjk_real t, gjk_quat q0) {
    gjk_vec3 theta = gjk_scale3(rotation_vector, t);
    gjk_real angle = gjk_len3(theta);
    if (!(angle > 0)) return q0;
    gjk_real s = GJK_SIN(GJK_R(0.5) * angle) / angle;
    gjk_quat q = {GJK_COS(GJK_R(0.5) * angle), theta.x * s, theta.y * s, theta.z * s};
    return gjk_quat_normalize(gjk_quat_mul(q, q0));
}

/* World-frame normal and points from the contact in A's frame at t (rotation rot_a, origin pa + t va). The core
   witnesses are rebuilt symmetrically about their midpoint along n, as the queries do (query3.c, finish), so that
   point_b - point_a = (distance at t) n to rounding. */
void gjk_cast3_finish(const gjk_cast3 *c, gjk_real t, gjk_mat33 rot_a, const gjk_cast3_contact *k,
                      gjk_cast_result3 *r) {
    gjk_vec3 mid = gjk_scale3(gjk_add3(k->pa, k->pb), GJK_R(0.5));
    gjk_vec3 qa = gjk_mad3(mid, -GJK_R(0.5) * k->core_dist + c->ra, k->n);
    gjk_vec3 qb = gjk_mad3(mid, GJK_R(0.5) * k->core_dist - c->rb, k->n);
    gjk_vec3 origin = gjk_add3(c->pa, gjk_scale3(c->va, t));
    r->normal = gjk_normalize3(gjk_mat33_mul(rot_a, k->n));
    r->point_a = gjk_add3(origin, gjk_mat33_mul(rot_a, qa));
    r->point_b = gjk_add3(origin, gjk_mat33_mul(rot_a, qb));
    r->point = gjk_scale3(gjk_add3(r->point_a, r->point_b), GJK_R(0.5));
}

/* The pair at time t (linear motion, rotations of the shapes included for the record). */
static gjk_pair3 pair_at(const gjk_cast3 *c, gjk_real t) {
    const gjk_cast_input3 *in = c->in;
    gjk_pair3 p = in->pair;
    p.pose_a.position = gjk_add3(p.pose_a.position, gjk_scale3(in->motion_a.translation, t));
    p.pose_b.position = gjk_add3(p.pose_b.position, gjk_scale3(in->motion_b.translation, t));
    p.pose_a.rotation = gjk_cast3_rotation(in->motion_a.rotation, t, c->qa);
    p.pose_b.rotation = gjk_cast3_rotation(in->motion_b.rotation, t, c->qb);
    return p;
}

/* Normal and points from the signed distance of the pair at time t (t = 0: an overlapped start; t = 1: a miss of
   the linear cast). False when the query failed (a user callback's bad answer). */
static bool answer_from_query(const gjk_cast3 *c, gjk_real t, gjk_cast_result3 *r) {
    gjk_pair3 p = pair_at(c, t);
    gjk_result3 q = gjk_signed_distance3(&p, NULL);
    if (q.status == GJK_INVALID_INPUT) return false;
    if (q.status != GJK_OK && r->status == GJK_OK) r->status = q.status;
    r->normal = q.normal;
    r->point_a = q.point_a;
    r->point_b = q.point_b;
    r->point = gjk_scale3(gjk_add3(q.point_a, q.point_b), GJK_R(0.5));
    return true;
}

/* ignore_separating: does the motion take an overlapped pair apart? The velocity of B's contact point relative to
   A's along the normal (A to B), rotation included, > 0. */
static bool separating(const gjk_cast3 *c, const gjk_cast_result3 *r) {
    const gjk_cast_input3 *in = c->in;
    gjk_vec3 ra = gjk_sub3(r->point, in->pair.pose_a.position), rb = gjk_sub3(r->point, in->pair.pose_b.position);
    gjk_vec3 va = gjk_add3(in->motion_a.translation, gjk_cross3(in->motion_a.rotation, ra));
    gjk_vec3 vb = gjk_add3(in->motion_b.translation, gjk_cross3(in->motion_b.rotation, rb));
    return gjk_dot3(gjk_sub3(vb, va), r->normal) > 0;
}

/* ---- the linear cast ---------------------------------------------------------------------------------------- */

/* The kernel's body: the core difference D(0) = A - B at t = 0 in A's frame, with the two witnesses. A user shape's
   bad answer (its guard sets c->bad) ends the cast. */
static gjk_vec3 cast_support3(gjk_ray_gjk3 *k, gjk_vec3 d, gjk_vertex3 *out) {
    const gjk_cast3_body *b = (const gjk_cast3_body *)k->data;
    *out = gjk_minkowski3_support(&b->m, d);
    if (b->c->bad) k->bad = true;
    return out->w;
}

/* The contact where the ray arrived: the closest points of the simplex at lambda, and the normal from v when it is
   well above rounding (rounded shapes: |v| is about R there), else from the last advancing plane. The kernel's v
   points from D(0) towards x = lambda d, i.e. from A towards B. */
static void cast_contact3(const gjk_ray_gjk3 *k, gjk_minkowski3 *m, gjk_vec3 pos0, gjk_real scale,
                          gjk_cast3_contact *c) {
    m->pos = gjk_mad3(pos0, k->lambda, k->u);
    gjk_simplex3_witness(&k->s, m, gjk_neg3(k->v), &c->pa, &c->pb);
    gjk_real vl = gjk_len3(k->v);
    bool plane = gjk_len_sq3(k->n) > 0 && !(vl > GJK_SQRT(GJK_REAL_EPSILON) * scale);
    c->n = gjk_normalize3(plane ? k->n : k->v);
    if (!(gjk_len_sq3(c->n) > 0)) c->n = gjk_normalize3(k->u);
    if (!(gjk_len_sq3(c->n) > 0)) c->n = gjk_v3(1, 0, 0);
    c->core_dist = plane ? gjk_maxr(gjk_dot3(k->v, c->n), 0) : vl;
}

/* Two cylinders: conservative advancement on the closest points of their facing features (cylinder3.c). The GJK ray
   cast gains about half a digit a step on a cylinder's rims (linear convergence, 20 to 40 steps to 1e-9), because
   each advance leaves its simplex behind; the features' closest points are exact at every time, and the plane of
   the support point that certifies them bounds D(t) from below, so the advance to that plane is never past the hit
   and, the plane being tangent to D there, it is a Newton step on the distance along the motion: quadratic
   convergence, 3 to 5 steps. Returns 1 for a hit at *lambda with the contact filled, 0 for "no hit before the
   motion ends" (the plane proves it), and -1 where the features' search declines (caps face to face, cores that
   touch or overlap at the start): the GJK ray cast then carries on from *lambda, which is never past the hit. */
#define CAST_CYL_STEPS 12
static int cast_cylinders3(const gjk_ray_gjk3 *k, gjk_cast3_body *b, gjk_vec3 pos0, gjk_real *lambda,
                           gjk_cast3_contact *ct, int *steps) {
    const gjk_real lim = k->R + k->tol;
    gjk_real t = 0;
    gjk_vec3 axis = gjk_v3(0, 0, 0); /* the last advancing plane's normal, A to B */
    int out = -1;
    gjk_cylinder3_memo memo;
    memo.pair = -1;
    *steps = 0;
    while (*steps < CAST_CYL_STEPS) {
        b->m.pos = gjk_mad3(pos0, t, k->u);
        gjk_vertex3 v;
        gjk_vertex3 sv;
        gjk_vec3 n;
        bool recalled = memo.pair >= 0;
        if (!gjk_cylinder3_closest(&b->m, true, &memo, &v, &sv, &n)) break;
        ++*steps;
        /* v.w is the point a - b of D(t) from a point of each core: |v.w| bounds the core distance from above. */
        gjk_real vv = gjk_len_sq3(v.w), vl = GJK_SQRT(vv);
        /* The features' normal, A to B: rim against rim, the features fix its line, but which way it points
           only a gap well above rounding tells: the last plane's axis once there is one (at the start the gap is
           wide). */
        if (gjk_dot3(n, t > 0 ? axis : gjk_neg3(v.w)) < 0) n = gjk_neg3(n);
        if (vv <= lim * lim && t == 0) break; /* within reach at the start: the ray cast's inside test decides */
        /* A plane normal to an axis e (A to B) through D's support point along e: every point p of D(t) has
           -e.p >= lower. The axis is v's direction, whose plane the search already has (sv), unless that plane
           falls short of |v| by more than 1/64: then also the features' normal n, and the better of the two (near
           contact v is the difference of two points that each round, and D's support function has kinks across a
           rim, so a direction 1e-7 off there loses 1e-7 of the bound; n has no such error). D(t + s) = D(t) - s u:
           the distance stays beyond R while lower + s e.u > R. */
        gjk_vec3 e = gjk_scale3(v.w, -1 / vl);
        gjk_real lower = gjk_dot3(v.w, sv.w) / vl;
        /* (Within reach, the hit below wants the plane that meets v best.) */
        const gjk_real tight = 8 * k->noise + GJK_TOL_REL * vl;
        bool reach = vv <= lim * lim;
        if (!(lower > (1 - GJK_R(1.0) / 64) * vl) || (reach && !(vl - lower <= tight))) {
            gjk_real lower_n = -gjk_dot3(n, gjk_minkowski3_support(&b->m, n).w);
            if (lower_n > lower || !(lower == lower)) {
                lower = lower_n;
                e = n;
            }
        }
        gjk_real rate = -gjk_dot3(e, k->u);
        if (reach) {
            /* Within reach: the hit, provided the plane meets v to rounding, i.e. these are the closest features.
               Otherwise another pair of features is about as close (within the tolerance, e.g. a rim against a rim
               and the same rim against a side): their normals differ by up to the square root of the tolerance
               (9e-3 in float), so the others are searched for, and failing them the ray cast decides. */
            if (vl - lower <= tight) {
                ct->pa = v.a;
                ct->pb = gjk_sub3(v.a, v.w);
                ct->n = n;
                ct->core_dist = gjk_maxr(-gjk_dot3(v.w, n), 0);
                out = 1;
                break;
            }
            if (!recalled) break;
            memo.pair = -1;
            continue;
        }
        /* The recalled features' plane falls short of |v| by more than half (the closest features changed):
           search them all again at this pose. */
        if (recalled && !(lower > GJK_R(0.5) * vl)) {
            memo.pair = -1;
            continue;
        }
        /* (As in the ray cast: the plane must clear the reach by more than the rounding of the support points.) */
        if (!(lower > k->R + k->noise)) break; /* the ray cast decides */
        gjk_real next = t + (lower - k->R) / rate;
        if (!(rate > 0) || !(next <= k->smax)) {
            out = 0;
            break;
        }
        if (!(next > t)) break; /* below the rounding of t: the ray cast decides */
        t = next;
        axis = e;
    }
    *lambda = t;
    b->m.pos = gjk_mad3(pos0, t, k->u);
    return out;
}

/* The GJK ray cast (ray_gjk3.c) of the origin along B's motion relative to A, d, against D(0) swept by
   R = rA + rB + target: where lambda d first comes within R of D(0), D(lambda) = D(0) - lambda d first comes within
   R of the origin. The tolerances are the cast's own, in length units: polytopes (and point and segment cores:
   spheres, capsules) converge exactly, and a repeated support point ends the search anyway, so only rounding
   bounds their stop and t is exact to rounding; curved cores stop at the cast's tolerance. */
static void linear(gjk_cast3 *c, gjk_cast_result3 *r) {
    gjk_cast3_body b;
    gjk_ray_gjk3 k;
    gjk_mat33 rot_a = gjk_mat33_from_quat(c->qa);
    b.c = c;
    b.m.a = c->a;
    b.m.b = c->b;
    b.m.rec = NULL;
    b.m.rot = gjk_mat33_from_quat(gjk_quat_mul(gjk_quat_conj(c->qa), c->qb));
    gjk_vec3 pos0 = b.m.pos = gjk_mat33_tmul(rot_a, c->p0);
    bool flat = gjk_core3_is_polytope(c->a) && gjk_core3_is_polytope(c->b);
    k.support = cast_support3;
    k.data = &b;
    k.o = gjk_v3(0, 0, 0);
    k.u = gjk_mat33_tmul(rot_a, gjk_sub3(c->vb, c->va));
    k.smax = 1;
    k.R = c->ra + c->rb + c->target;
    k.touch = 0;
    k.noise = c->floor / 8;
    k.tol = flat ? k.noise : c->tol;
    k.gap_rel = flat ? 0 : GJK_TOL_REL;
    k.size = c->scale;
    k.max_iterations = GJK_CAST3_MAX_RAY_ITERATIONS;
    k.refine = false;
    gjk_cast3_contact ct;
    /* Two cylinders: the features' advancement first; the ray cast goes on from where it stopped (t0), against
       D(t0), for the rest of the motion. */
    gjk_real t0 = 0;
    int steps = 0;
    if (c->a->type == GJK_SHAPE3_CYLINDER && c->b->type == GJK_SHAPE3_CYLINDER) {
        int got = cast_cylinders3(&k, &b, pos0, &t0, &ct, &steps);
        r->iterations = steps;
        if (got == 0) {
            r->state = GJK_CAST_SEPARATED;
            r->t = 1;
            return;
        }
        if (got == 1) {
            r->state = GJK_CAST_HIT;
            r->t = t0;
            gjk_cast3_finish(c, t0, rot_a, &ct, r);
            return;
        }
        k.smax = 1 - t0;
        k.max_iterations -= steps; /* (the documented cap counts both) */
    }
    gjk_vec3 pos_t0 = b.m.pos;
    /* The first direction: from A's centre towards B's, the origin minus a point of D(t0). */
    gjk_vec3 v0 = gjk_sub3(gjk_minkowski3_b_to_a(&b.m, gjk_core3_center(c->b)), gjk_core3_center(c->a));
    gjk_ray_outcome e = gjk_ray_gjk3_run(&k, v0);
    r->iterations = steps + k.iterations;
    if (c->bad) return;
    if (e == GJK_RAY_MISS) {
        r->state = GJK_CAST_SEPARATED;
        r->t = 1;
        return;
    }
    /* (Inside at t0 > 0: the advancement stopped within rounding of the hit, which is there.) */
    if (e == GJK_RAY_INSIDE && !k.capped && t0 == 0) {
        r->state = GJK_CAST_OVERLAPPED;
        return;
    }
    r->state = k.capped ? GJK_CAST_FAILED : GJK_CAST_HIT;
    if (k.capped) r->status = GJK_MAX_ITERATIONS;
    r->t = t0 + k.lambda;
    cast_contact3(&k, &b.m, pos_t0, c->scale, &ct);
    gjk_cast3_finish(c, r->t, rot_a, &ct, r);
}

/* ---- entry -------------------------------------------------------------------------------------------------- */

static gjk_cast_result3 invalid(void) {
    gjk_cast_result3 r;
    memset(&r, 0, sizeof r);
    r.status = GJK_INVALID_INPUT;
    return r;
}

gjk_cast_result3 gjk_shape_cast3(const gjk_cast_input3 *input) {
    gjk_cast3 c;
    gjk_cast_result3 r;
    if (gjk_rescale3_cast(input, &r)) return r; /* (outside the comfortable scale range: rescale.h) */
    memset(&r, 0, sizeof r);
    r.status = GJK_OK;
    if (!cast_setup3(input, &c)) return invalid();
    bool rotating = gjk_len_sq3(c.wa) > 0 || gjk_len_sq3(c.wb) > 0;
    if (rotating) gjk_cast3_rotating(&c, &r);
    else linear(&c, &r);
    if (c.bad) return invalid();
    bool ok = true;
    if (r.state == GJK_CAST_OVERLAPPED) {
        r.t = 0;
        ok = answer_from_query(&c, 0, &r);
        r.hit = !(input->ignore_separating && separating(&c, &r));
    } else if (r.state == GJK_CAST_SEPARATED && !rotating) {
        ok = answer_from_query(&c, 1, &r);
    } else {
        r.hit = r.state == GJK_CAST_HIT;
    }
    if (!ok) return invalid();
    /* Never a NaN (docs/numerics.md, "Never a NaN"): an answer that still came out non-finite is zeroed with
       GJK_DEGENERATE. */
    gjk_real sum = r.t + r.normal.x + r.normal.y + r.normal.z + r.point_a.x + r.point_a.y + r.point_a.z +
                   r.point_b.x + r.point_b.y + r.point_b.z + r.point.x + r.point.y + r.point.z;
    if (!gjk_finite(sum)) {
        int it = r.iterations;
        gjk_cast_state st = r.state;
        memset(&r, 0, sizeof r);
        r.status = GJK_DEGENERATE;
        r.state = st == GJK_CAST_SEPARATED ? st : GJK_CAST_FAILED;
        r.iterations = it;
    }
    return r;
}
