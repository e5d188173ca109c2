/* GJK in 3D: the closest point of the Minkowski difference D = A - B of two cores to the origin.

   Gilbert, Johnson, Keerthi, "A fast procedure for computing the distance between complex objects in
   three-dimensional space", IEEE J. Robotics and Automation 4(2), 1988; the termination tests follow
   van den Bergen, "A fast and robust GJK implementation for collision detection of convex objects", J. Graphics
   Tools 4(2), 1999, and the sub-algorithm is Montanari et al. 2017 (simplex3.c).

   Termination, in order of the hazards it guards against (NUMERICS.md):
   - the Frank-Wolfe duality gap |v|^2 - v.w: a relative tolerance ends smooth shapes, and for polytopes it reaches
     zero exactly (finite convergence);
   - a support point that repeats a simplex vertex: no progress is possible (Box2D v3 checks the same);
   - |v| that fails to decrease: rounding has taken over; keep the previous, better simplex;
   - an iteration cap with a status, never an endless loop. */
#include "internal3.h"

static bool repeats(const gjk_simplex3 *s, gjk_vec3 w) {
    for (int i = 0; i < s->count; ++i) {
        gjk_vec3 d = gjk_sub3(s->v[i].w, w);
        if (d.x == 0 && d.y == 0 && d.z == 0) return true;
    }
    return false;
}

void gjk_gjk3(gjk_minkowski3 *m, gjk_vec3 initial_dir, gjk_real radius, gjk_gjk_mode mode, gjk_gjk_result3 *r) {
    r->status = GJK_OK;
    r->overlap = false;
    r->separated = false;
    r->iterations = 0;
    r->lower = 0;
    r->axis = gjk_v3(0, 0, 0);

    gjk_simplex3 *s = &r->simplex;
    gjk_vec3 d = initial_dir;
    if (!(gjk_len_sq3(d) > 0)) d = gjk_v3(1, 0, 0);
    /* First vertex: the support along -d, so that v starts as a point of D. */
    s->v[0] = gjk_minkowski3_support(m, gjk_neg3(d));
    s->lambda[0] = 1;
    s->count = 1;
    gjk_vec3 v = s->v[0].w;
    gjk_real vv = gjk_len_sq3(v);
    gjk_real scale2 = vv;
    gjk_real radius2 = radius * radius;
    /* Polytopes converge exactly (the support repeats a vertex), so only the rounding floor applies to them: a
       relative gap of e lets the normal err by up to sqrt(e). Curved cores need the relative gap. */
    gjk_real tol_rel = gjk_core3_is_polytope(m->a) && gjk_core3_is_polytope(m->b) ? 0 : GJK_TOL_REL;
    gjk_real lower2 = 0; /* squared best lower bound, times vv of its axis: compared without square roots */

    for (;;) {
        gjk_real touch2 = GJK_TOL_TOUCH * GJK_TOL_TOUCH * scale2;
        if (vv <= touch2) {
            r->overlap = true;
            break;
        }
        if (mode == GJK_MODE_BOOLEAN && vv <= radius2) break; /* cores within the radii: intersect */
        if (r->iterations >= GJK_MAX_GJK_ITERATIONS) {
            r->status = GJK_MAX_ITERATIONS;
            break;
        }
        ++r->iterations;
        /* The new vertex goes straight into the free slot; it joins the simplex only if it makes progress. */
        gjk_vertex3 *nw = &s->v[s->count];
        *nw = gjk_minkowski3_support(m, gjk_neg3(v));
        gjk_vec3 w = nw->w;
        scale2 = gjk_maxr(scale2, gjk_len_sq3(w));
        gjk_real vw = gjk_dot3(v, w);
        /* v.w / |v| is a lower bound of the core distance: the plane through w normal to v separates D from the
           origin. Keep the best one; it is the boolean query's early exit. */
        if (vw > 0 && vw * vw > lower2 * vv) {
            lower2 = vw * vw / vv;
            r->axis = v;
        }
        if (mode != GJK_MODE_DISTANCE && vw > 0 && vw * vw > radius2 * vv) {
            r->separated = true;
            break;
        }
        /* Duality gap closed, relative to |v|^2, with a floor for the rounding of w (eps * scale * |v|). */
        gjk_real floor = GJK_R(8.0) * GJK_REAL_EPSILON * GJK_SQRT(scale2 * vv);
        if (vv - vw <= tol_rel * vv + floor || repeats(s, w)) break;
        gjk_subsimplex3 sub;
        gjk_simplex3_closest(s, s->count + 1, &sub);
        /* No progress: rounding dominates, and the current simplex is at least as close. */
        if (sub.dist2 >= vv && sub.count < 4) break;
        gjk_simplex3_commit(s, &sub);
        v = sub.v;
        vv = sub.dist2;
        if (s->count == 4) { /* the origin is inside a solid tetrahedron */
            r->overlap = true;
            vv = 0;
            v = gjk_v3(0, 0, 0);
            break;
        }
    }
    r->lower = GJK_SQRT(lower2);
    r->v = r->overlap ? gjk_v3(0, 0, 0) : v;
    r->scale = GJK_SQRT(scale2);
}
