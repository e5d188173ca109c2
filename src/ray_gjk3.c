// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The GJK ray cast in 3D, the one kernel behind gjk_raycast3 (ray3.c) and the linear gjk_shape_cast3 (cast3.c).

   Van den Bergen, "Ray Casting against General Convex Objects with Application to Continuous Collision
   Detection", 2004; "Collision Detection in Interactive 3D Environments", 2003, sec. 4.3.5. The kernel keeps a
   point x = o + lambda u of the ray and a simplex of points of the body C. Each step takes the support point p of
   C along v (v: the point of conv(x - simplex) closest to the origin, i.e. from the simplex towards x); the plane
   through p normal to v has all of C behind it, so the distance from x to C is at least v.(x - p) / |v|. When that
   bound exceeds the radius R around the body, no point of the ray before the plane's crossing can be within R of
   C, and x jumps there; otherwise p joins the simplex and v improves. The answer is never past the true hit: x
   only ever moves to points that are provably at least R from the body. A shape cast is the same problem: B
   moving by d against A first comes within R of it when the ray lambda d from the origin first comes within R of
   the core difference A - B at t = 0 (Box2D's b2ShapeCast likewise reuses its ray-cast machinery).

   The radius is a target distance, not part of the support function: casting against the rounded support
   s_C(v) + R v / |v| would turn every polytope into a curved body, for which GJK converges only linearly and ends
   on a tolerance; with R as a target distance the advance is (v.w - R |v|) / -(v.u) and a polytope converges in
   finitely many steps, the last v giving the exact normal of the rounded surface (Jolt's
   GJKClosestPoint::CastShape treats convex radii the same way).

   The simplex is kept when x advances: its points are still points of C, only w = x - p moves. But the
   signed-volume solver's shortcut (the closest point lies on a face holding the newest vertex) relies on the
   origin lying beyond the old simplex as seen from the newest point, which a moved x breaks; every face that can
   hold the closest point is searched instead.

   Termination: x within R + band of the body (|v| <= R + band, |v| >= the true distance); the duality gap
   |v|^2 - v.w closed (relative gap_rel, plus rounding); a support point already in the simplex with no advance; no
   decrease of |v| (rounding: stalled); or max_iterations steps (the estimate so far, never past the hit). At
   lambda = 0 the band is the caller's inside band and x only leaves o on a lower bound beyond it, so "inside"
   means what it means in the callers' closed forms and queries: o within the touching tolerance of the body. */
#include "ray_internal.h"

static gjk_real ray_gjk3_l1(gjk_vec3 v) { return GJK_ABS(v.x) + GJK_ABS(v.y) + GJK_ABS(v.z); }

static bool ray_gjk3_known(const gjk_ray_gjk3 *k, gjk_vec3 p) {
    for (int i = 0; i < k->s.count; ++i)
        if (k->p[i].x == p.x && k->p[i].y == p.y && k->p[i].z == p.z) return true;
    return false;
}

/* Reduce the simplex s->v[0 .. n-1] (n: s->count, or s->count + 1 with a new point waiting in slot s->count) to
   the sub-simplex nearest the origin and return that point. At a fixed x this is GJK's step, and the solver's
   shortcut holds: the closest point lies on a sub-simplex holding the new point, the origin being beyond the old
   simplex as seen from it. Once x has moved (`moved`) that premise is gone and more is searched (see the top of
   the file): a triangle whole, and a tetrahedron's faces through the newest point plus the face without it. The
   solver's tetrahedron case also skips the faces whose plane has the origin on the inner side, a sign test that
   near-flat tetrahedra of a curved body get wrong; the ray casts (refine), which take the rounded surface's normal
   from v, search all four faces whole at every step (rounded ellipsoids far from the origin ended with normals
   1e-5 off otherwise). */
static gjk_vec3 ray_gjk3_closest(gjk_ray_gjk3 *k, int n, bool moved) {
    gjk_simplex3 *s = &k->s;
    gjk_subsimplex3 sub;
    if (k->refine) {
        gjk_simplex3_closest_whole(s, n, &sub);
    } else {
        if (moved) s->count = n; /* (no newest point: a triangle is searched whole) */
        gjk_simplex3_closest(s, n, &sub);
        if (moved && n == 4 && sub.count < 4) {
            gjk_subsimplex3 f;
            gjk_simplex3_closest(s, 3, &f);
            if (f.dist2 < sub.dist2) sub = f;
        }
    }
    bool same = true; /* (the commonest outcome: every point kept in place) */
    for (int i = 0; i < sub.count; ++i) same = same && sub.idx[i] == i;
    if (same) {
        for (int i = 0; i < sub.count; ++i) s->lambda[i] = sub.lambda[i];
        s->count = sub.count;
        return sub.v;
    }
    gjk_vec3 kept[4];
    for (int i = 0; i < sub.count; ++i) kept[i] = k->p[sub.idx[i]];
    for (int i = 0; i < sub.count; ++i) k->p[i] = kept[i];
    gjk_simplex3_commit(s, &sub);
    return sub.v;
}

gjk_ray_outcome gjk_ray_gjk3_run(gjk_ray_gjk3 *k, gjk_vec3 v) {
    const gjk_vec3 o = k->o, u = k->u;
    const gjk_real R = k->R, far = ray_gjk3_l1(o);
    gjk_simplex3 *s = &k->s;
    s->count = 0;
    gjk_vec3 x = o, n = gjk_v3(0, 0, 0);
    gjk_real lambda = 0;
    bool moved = false, stalled = false;
    gjk_ray_outcome out = GJK_RAY_HIT;
    int it = 0;
    k->bad = k->capped = false;
    while (!k->bad) {
        gjk_real vv = gjk_len_sq3(v);
        /* The band: at o the inside band; once moved, the rounding of x (eps |o|) and of the support points (the
           body's size) is all that must be allowed for. */
        gjk_real band = k->tol + (moved ? k->touch * k->size + 16 * GJK_REAL_EPSILON * far
                                        : k->touch * gjk_maxr(far, k->size));
        gjk_real lim = R + band;
        /* Within the band: the hit (or, at o, inside). A rounded body's normal is v's direction, which is only as
           good as the simplex's fit of the body near the closest point (an error of about sqrt(2 band / R), 1e-2
           in float), so a caller that wants that normal has the iterations go on until GJK has converged. */
        if (vv <= lim * lim && (!moved || !(R > 0) || !k->refine)) break;
        if (it >= k->max_iterations) {
            k->capped = true;
            break;
        }
        ++it;
        gjk_vertex3 nv;
        gjk_vec3 p = k->support(k, v, &nv);
        gjk_real vl = GJK_SQRT(vv), vw = gjk_dot3(v, gjk_sub3(x, p));
        gjk_real reach = moved ? R + k->noise : lim;
        /* GJK has converged when the duality gap |v|^2 - v.w is closed, the support point is already in the
           simplex, or the last step did not shorten v (rounding: stalled). v is then the closest point of the body
           to the simplex's accuracy, which errs by eps / sin of a sliver's angle (a cone's apex with two rim points
           1e-4 apart: 1e-12 of the size), and without a certified plane. Once x has moved, it is at the surface to
           that accuracy: a hit. At o, |v| beyond the band is the distance to go and stands in for the bound
           (stopping there instead would call a point 2e-12 off a cone's rim inside, where the queries measure
           2e-12; stalling after a tiny advance would loop to the iteration cap on 9% of the rays grazing a cone). */
        bool known = ray_gjk3_known(k, p);
        if (!(vw > reach * vl)) {
            gjk_real floor = 8 * GJK_REAL_EPSILON * gjk_maxr(ray_gjk3_l1(x), k->size) * vl;
            if (vv - vw <= k->gap_rel * vv + floor || known || stalled) {
                /* Moved: a hit at x, unless the ray leaves along v (the distance, convex along the ray, has the
                   slope v.u / |v| here: a grazing miss of a triangle by 7e-12 of its size ends here) and the
                   support is on x's side (v.w > 0). Otherwise x may have crossed the surface by the rounding of a
                   sliver's plane (1e-13 into a rounded cone wrapped as a user shape), and v, from the simplex to x,
                   points inward: that is a hit, not a ray leaving. */
                if (moved) {
                    if (!(gjk_dot3(v, u) < 0) && vw > 0) out = GJK_RAY_MISS;
                    break;
                }
                vw = vv;
            }
        }
        bool advanced = false;
        if (vw > reach * vl) {
            /* The plane through p keeps x farther than R (at o: beyond the band) from the body. */
            gjk_real vu = gjk_dot3(v, u);
            gjk_real next = lambda + (vw - R * vl) / -vu;
            if (!(vu < 0) || !(next <= k->smax)) { /* the ray never comes closer to the plane, or not in time */
                out = GJK_RAY_MISS;
                break;
            }
            if (next == lambda) break; /* an advance below the rounding of lambda: as close as it gets */
            lambda = next;
            x = gjk_mad3(o, lambda, u);
            n = v;
            moved = advanced = true;
            for (int i = 0; i < s->count; ++i) s->v[i].w = gjk_sub3(x, k->p[i]);
        }
        /* (The first v, towards the body's centre, is no simplex's point: |v| may grow from it.) */
        bool first = s->count == 0;
        int count = s->count;
        if (!known) {
            nv.w = gjk_sub3(x, p);
            k->p[count] = p;
            s->v[count++] = nv;
        }
        if (first) { /* (one point: its own closest point) */
            s->count = 1;
            s->lambda[0] = 1;
            v = s->v[0].w;
        } else {
            /* (Zero when x is in a tetrahedron of the body: inside; rounding only, once moved.) */
            v = ray_gjk3_closest(k, count, advanced || known);
        }
        stalled = !advanced && !first && !(gjk_len_sq3(v) < vv);
    }
    k->iterations = it;
    k->x = x;
    k->v = v;
    k->n = n;
    k->lambda = lambda;
    if (k->bad) return GJK_RAY_MISS;
    if (out == GJK_RAY_MISS) return out;
    return moved ? GJK_RAY_HIT : GJK_RAY_INSIDE;
}
