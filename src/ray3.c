// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Ray casts in 3D (gjk/ray.h): input checks, the change to the shape's local frame, the closed forms first
   (ray_closed3.c), and the GJK ray cast for every other shape and case.

   The GJK ray cast (van den Bergen, "Ray Casting against General Convex Objects with Application to Continuous
   Collision Detection", 2004; "Collision Detection in Interactive 3D Environments", 2003, sec. 4.3.5) keeps a point
   x = o + lambda u of the ray and a simplex of points of the core C. Each step takes the support point p of C along
   v (v: the point of conv(x - simplex) closest to the origin, i.e. from the simplex towards x); the plane through p
   normal to v has all of C behind it, so the distance from x to C is at least v.(x - p) / |v|. When that bound
   exceeds the radius R around the core, no point of the ray before the plane's crossing can be within R of C, and
   x jumps there; otherwise p joins the simplex and v improves. The answer is never past the true hit: x only ever
   moves to points that are provably at least R from the core.

   Rounded shapes: R (the sphere, capsule and margin radii) is the target distance from the core, not part of the
   support function. Casting against the rounded support s_C(v) + R v / |v| would turn every polytope into a curved
   shape, for which GJK converges only linearly and ends on a tolerance; with R as a target distance the advance
   is (v.w - R |v|) / -(v.u) and a polytope core still converges in finitely many steps, the last v giving the exact
   normal of the rounded surface (Jolt's GJKClosestPoint::CastShape treats convex radii the same way).

   Termination: x within R + band of the core (|v| <= R + band, |v| >= the true distance); the duality gap
   |v|^2 - v.w closed (a curved core: relative GJK_TOL_REL); a support point already in the simplex with no advance;
   or GJK_RAY_MAX_ITERATIONS steps (GJK_MAX_ITERATIONS, the estimate so far, never past the hit). A ray within
   1e-7 of tangency to a curved core converges only linearly (the distance along the ray has a double root there)
   and takes up to about 200 steps on the tests' rays, hence a larger cap than the queries'. At lambda = 0 the
   band is the queries' touching band and x only leaves the origin on a lower bound beyond it, so "inside" here
   means what it means in the closed forms: the origin within the touching tolerance of the shape. */
#include <float.h>
#include <string.h>

#include "ray_internal.h"

#if GJK_USE_FLOAT
#define RAY_REAL_MIN FLT_MIN
#else
#define RAY_REAL_MIN DBL_MIN
#endif

static gjk_real l1(gjk_vec3 v) { return GJK_ABS(v.x) + GJK_ABS(v.y) + GJK_ABS(v.z); }

typedef struct cast3 {
    const gjk_shape3 *shape;
    gjk_ray_local3 ray;
    gjk_real smax; /* no hit beyond this distance along u (max_fraction, and the reach of the shape) */
    gjk_real R;    /* radius around the core */
    gjk_real size; /* bound of the core's points (1-norm) + R; grows with a user shape's support points */
    gjk_real far;  /* 1-norm of the origin (local frame): the rounding of x = o + lambda u is relative to it */
    bool user;
    bool bad; /* a user callback answered a non-finite point or one beyond GJK_MAX_COORD */
} cast3;

/* The core's support point. A user callback gets a direction scaled to a largest component of 1 (it may square
   it), and its answer is checked as the queries check it. */
static gjk_vec3 core_support(cast3 *c, gjk_vec3 d) {
    if (!c->user) return gjk_core3_support_inline(c->shape, d);
    gjk_real m = gjk_maxr(GJK_ABS(d.x), gjk_maxr(GJK_ABS(d.y), GJK_ABS(d.z)));
    d = m > 0 ? gjk_v3(d.x / m, d.y / m, d.z / m) : gjk_v3(1, 0, 0);
    gjk_vec3 p = c->shape->user.support(d, c->shape->user.data);
    if (!gjk_bounded3(p)) {
        c->bad = true;
        return gjk_v3(0, 0, 0);
    }
    c->size = gjk_maxr(c->size, l1(p) + c->R);
    return p;
}

static bool ray_repeats(const gjk_simplex3 *s, gjk_vec3 p) {
    for (int i = 0; i < s->count; ++i)
        if (s->v[i].a.x == p.x && s->v[i].a.y == p.y && s->v[i].a.z == p.z) return true;
    return false;
}

/* Reduce the simplex (w = x - core point) to the sub-simplex nearest the origin and return that nearest point.
   GJK's sub-algorithm may skip the faces without the newest vertex, because in plain GJK the origin lies beyond
   the old simplex as seen from it; once x has moved that premise is gone, so every face is examined here. */
static gjk_vec3 closest(gjk_simplex3 *s) {
    gjk_subsimplex3 sub;
    gjk_simplex3_closest(s, s->count, &sub); /* (count == n: triangles get the full search) */
    if (s->count == 4 && sub.count < 4) {
        static const int face[4][3] = {{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}};
        sub.dist2 = GJK_REAL_MAX;
        for (int f = 0; f < 4; ++f) {
            gjk_simplex3 t;
            gjk_subsimplex3 ts;
            t.count = 3;
            for (int k = 0; k < 3; ++k) t.v[k] = s->v[face[f][k]];
            gjk_simplex3_closest(&t, 3, &ts);
            if (!(ts.dist2 < sub.dist2)) continue;
            sub = ts;
            for (int k = 0; k < ts.count; ++k) sub.idx[k] = face[f][ts.idx[k]];
        }
    }
    gjk_simplex3_commit(s, &sub);
    return sub.v;
}

/* The GJK ray cast (see the top of the file). *s and *n as for the closed forms; *iters, *status. */
static gjk_ray_outcome gjk_cast(cast3 *c, gjk_real *ps, gjk_vec3 *pn, int *iters, gjk_status *status) {
    const gjk_vec3 o = c->ray.o, u = c->ray.u;
    const gjk_real R = c->R;
    /* Polytopes converge exactly (a support point repeats); curved cores stop on the relative gap. */
    const gjk_real gap_rel = gjk_core3_is_polytope(c->shape) ? 0 : GJK_TOL_REL;
    gjk_simplex3 s;
    s.count = 0;
    gjk_vec3 x = o, n = gjk_v3(0, 0, 0), centre;
    if (c->user) {
        gjk_vec3 p = core_support(c, gjk_v3(1, 0, 0)), q = core_support(c, gjk_v3(-1, 0, 0));
        centre = gjk_scale3(gjk_add3(p, q), GJK_R(0.5));
    } else {
        centre = gjk_core3_center(c->shape);
    }
    gjk_vec3 v = gjk_sub3(x, centre); /* a point of x - C */
    gjk_real lambda = 0;
    bool moved = false, stalled = false;
    int it = 0;
    *status = GJK_OK;
    while (!c->bad) {
        gjk_real vv = gjk_len_sq3(v);
        /* The band: at the origin the queries' touching tolerance; once moved, the rounding of x (eps |o|) and of
           the support points (the shape's size) is all that must be allowed for. */
        gjk_real band = moved ? GJK_TOL_TOUCH * c->size + 16 * GJK_REAL_EPSILON * c->far
                              : GJK_TOL_TOUCH * gjk_maxr(c->far, c->size);
        gjk_real lim = R + band;
        /* Within the band: the hit (or, at the origin, inside). A rounded shape's normal is v's direction, which
           is only as good as the simplex's fit of the core near the closest point (an error of about sqrt(2 band /
           R), 1e-2 in float), so once x has moved the iterations go on until GJK has converged on v as well. */
        if (vv <= lim * lim && (!moved || !(R > 0))) break;
        if (it >= GJK_RAY_MAX_ITERATIONS) {
            *status = GJK_MAX_ITERATIONS;
            break;
        }
        ++it;
        gjk_vec3 p = core_support(c, v);
        gjk_real vl = GJK_SQRT(vv), vw = gjk_dot3(v, gjk_sub3(x, p));
        /* GJK has converged when the duality gap |v|^2 - v.w is closed, the support point is already in the
           simplex, or the last step did not shorten v (rounding: stalled). v is then the closest point of the core
           to the simplex's accuracy, which errs by eps / sin of a sliver's angle (a cone's apex with two rim points
           1e-4 apart: 1e-12 of the size), and without a certified plane. Once x has moved, it is at the surface to
           that accuracy: a hit. At the origin, |v| beyond the band is the distance to go and stands in for the
           bound (stopping there instead would call a point 2e-12 off a cone's rim inside, where the queries
           measure 2e-12; stalling after a tiny advance would loop to the iteration cap on 9% of the rays grazing a
           cone). */
        bool known = ray_repeats(&s, p);
        if (!(vw > (moved ? R : lim) * vl)) {
            gjk_real floor = 8 * GJK_REAL_EPSILON * gjk_maxr(l1(x), c->size) * vl;
            if (vv - vw <= gap_rel * vv + floor || known || stalled) {
                /* Moved: a hit at x, unless the ray leaves along v (the distance, convex along the ray, has the
                   slope v.u / |v| here: a grazing miss of a triangle by 7e-12 of its size ends here) and the
                   support is on x's side (v.w > 0). Otherwise x may have crossed the surface by the rounding of a
                   sliver's plane (1e-13 into a rounded cone wrapped as a user shape), and v, from the simplex to x,
                   points inward: that is a hit, not a ray leaving. */
                if (moved) {
                    if (!(gjk_dot3(v, u) < 0) && vw > 0) return GJK_RAY_MISS;
                    break;
                }
                vw = vv;
            }
        }
        bool advanced = false;
        if (vw > (moved ? R : lim) * vl) {
            /* The plane through p keeps x farther than R (at the origin: beyond the band) from the core. */
            gjk_real vu = gjk_dot3(v, u);
            if (!(vu < 0)) return GJK_RAY_MISS; /* the ray never comes closer to the plane */
            gjk_real next = lambda + (vw - R * vl) / -vu;
            if (!(next <= c->smax)) return GJK_RAY_MISS;
            if (next == lambda) break; /* an advance below the rounding of lambda: as close as it gets */
            lambda = next;
            x = gjk_mad3(o, lambda, u);
            n = v;
            moved = advanced = true;
            for (int i = 0; i < s.count; ++i) s.v[i].w = gjk_sub3(x, s.v[i].a);
        }
        /* (The first v, towards the core's centre, is no simplex's point: |v| may grow from it.) */
        bool first = s.count == 0;
        if (!known) {
            s.v[s.count].a = p;
            s.v[s.count].w = gjk_sub3(x, p);
            ++s.count;
        }
        v = closest(&s); /* zero when x is in a tetrahedron of the core: inside (rounding only, once moved) */
        stalled = !advanced && !first && !(gjk_len_sq3(v) < vv);
    }
    *iters = it;
    if (c->bad) return GJK_RAY_MISS;
    if (!moved) return GJK_RAY_INSIDE;
    *ps = lambda;
    /* Rounded: v points from the core's closest point to the hit, the rounded surface's normal there. Without a
       radius v vanishes at the hit, and the plane that stopped x gives the normal: a supporting plane of C
       through the hit (at an edge or vertex one of its normals). */
    *pn = gjk_normalize3(R > 0 && gjk_len_sq3(v) > 0 ? v : n);
    /* A hull's own face normal where it is at hand (an origin in the band went to GJK): the plane GJK stopped on
       may belong to a vertex of the hull 1e-11 away. */
    gjk_ray3_hull_normal(c->shape, x, pn);
    return GJK_RAY_HIT;
}

static gjk_ray_result3 zero_ray3(gjk_status status) {
    gjk_ray_result3 r;
    memset(&r, 0, sizeof r);
    r.status = status;
    return r;
}

gjk_ray_result3 gjk_raycast3(const gjk_shape3 *shape, gjk_pose3 pose, const gjk_ray3 *ray) {
    if (!ray || gjk_shape3_validate(shape) != GJK_OK || !gjk_quat_usable(pose.rotation) || !gjk_bounded3(pose.position) ||
        !gjk_bounded3(ray->origin) || !gjk_bounded3(ray->translation) ||
        !(ray->max_fraction >= 0 && ray->max_fraction <= GJK_REAL_MAX))
        return zero_ray3(GJK_INVALID_INPUT);
    cast3 c;
    c.shape = shape;
    c.user = shape->type == GJK_SHAPE3_USER;
    c.bad = false;
    c.R = gjk_core3_radius(shape);
    /* Unit direction and length of the translation (gjk_normalize3 rescales tiny and huge ones). */
    gjk_vec3 uw = gjk_normalize3(ray->translation);
    gjk_real len = gjk_dot3(uw, ray->translation);
    /* The shape's local frame: one rotation of the origin's offset and of the direction (docs/numerics.md, "Far from
       the origin": the pose's position is subtracted before anything else). A point core looks the same in every
       orientation, so spheres skip the rotation. */
    bool turn = !gjk_core3_is_origin(shape);
    gjk_mat33 rot = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    gjk_vec3 rel = gjk_sub3(ray->origin, pose.position);
    c.ray.o = rel;
    c.ray.u = uw;
    if (turn) {
        rot = gjk_mat33_from_any_quat(pose.rotation);
        c.ray.o = gjk_mat33_tmul(rot, rel);
        c.ray.u = gjk_mat33_tmul(rot, uw);
    }
    /* Components below the smallest normal number go to zero: 1 / u_i stays finite in the slab tests, and such a
       component moves the ray by less than 1e-308 of its length (far below any tolerance). */
    if (GJK_ABS(c.ray.u.x) < RAY_REAL_MIN) c.ray.u.x = 0;
    if (GJK_ABS(c.ray.u.y) < RAY_REAL_MIN) c.ray.u.y = 0;
    if (GJK_ABS(c.ray.u.z) < RAY_REAL_MIN) c.ray.u.z = 0;
    gjk_real bound = gjk_ray3_core_bound(shape);
    c.far = l1(c.ray.o);
    c.size = bound + c.R;
    c.ray.tol = GJK_TOL_TOUCH * gjk_maxr(c.far, c.size);
    /* Every point of the shape is within bound + R of the local origin (a user shape's within 2 GJK_MAX_COORD), so
       a hit lies within `reach` of the ray's origin: x never goes farther, and squares of it stay finite. */
    gjk_real reach = (c.far + (c.user ? 2 * GJK_MAX_COORD : bound) + c.R + c.ray.tol) * GJK_R(1.0625);
    c.smax = gjk_minr(ray->max_fraction * len, reach);

    gjk_real s = 0;
    gjk_vec3 n = gjk_v3(0, 0, 0);
    int iters = 0;
    gjk_status status = GJK_OK;
    gjk_ray_outcome out = gjk_ray3_closed(shape, &c.ray, &s, &n);
    /* A closed form's normal from a radius whose square underflows (a capsule of radius 1e-317) comes out
       zero; GJK, whose last support plane gives a normal whatever the radius, decides instead. */
    if (out == GJK_RAY_HIT && !(gjk_len_sq3(n) > 0)) out = GJK_RAY_UNDECIDED;
    if (out == GJK_RAY_UNDECIDED) out = gjk_cast(&c, &s, &n, &iters, &status);
    if (out == GJK_RAY_HIT && !(gjk_len_sq3(n) > 0)) n = gjk_neg3(c.ray.u); /* (the way back: never zero) */
    if (c.bad) return zero_ray3(GJK_INVALID_INPUT);
    gjk_ray_result3 r = zero_ray3(status);
    r.iterations = iters;
    if (out == GJK_RAY_INSIDE) {
        r.hit = r.inside = true;
        r.point = ray->origin;
        r.normal = gjk_neg3(uw);
        return r;
    }
    if (out != GJK_RAY_HIT || !(s <= c.smax) || !(len > 0)) return r;
    r.hit = true;
    r.fraction = gjk_minr(s / len, ray->max_fraction);
    r.point = gjk_mad3(ray->origin, r.fraction, ray->translation);
    r.normal = turn ? gjk_normalize3(gjk_mat33_mul(rot, n)) : n;
    /* Never a NaN (docs/numerics.md, "Never a NaN"): bounded inputs keep every step finite, but an answer that is not
       is withheld. */
    if (!gjk_finite(r.fraction + r.point.x + r.point.y + r.point.z + r.normal.x + r.normal.y + r.normal.z)) {
        r = zero_ray3(GJK_DEGENERATE);
        r.iterations = iters;
    }
    return r;
}
