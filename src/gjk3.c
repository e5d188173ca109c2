// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* GJK in 3D: the closest point of the Minkowski difference D = A - B of two cores to the origin.

   Gilbert, Johnson, Keerthi, "A fast procedure for computing the distance between complex objects in
   three-dimensional space", IEEE J. Robotics and Automation 4(2), 1988; the termination tests follow
   van den Bergen, "A fast and robust GJK implementation for collision detection of convex objects", J. Graphics
   Tools 4(2), 1999, and the sub-algorithm is Montanari et al. 2017 (simplex3.c).

   Termination, in order of the hazards it guards against (docs/numerics.md, "GJK termination"):
   - the Frank-Wolfe duality gap |v|^2 - v.w: a relative tolerance ends smooth shapes, and for polytopes it reaches
     zero exactly (finite convergence);
   - a support point that repeats a simplex vertex: no progress is possible (Box2D v3 checks the same);
   - |v| that fails to decrease: rounding has taken over; keep the previous, better simplex (unless the duality
     gap is still wide: then the simplex is a sliver and a few more steps from the new one get out of it);
   - an iteration cap with a status, never an endless loop. */
#include "dvec3.h"
#include "internal3.h"

/* The size that rounding is relative to, squared: the coordinates w = a - b was computed from, not |w| itself. Two
   shapes touching at a vertex can give w = 0 exactly, and a scale of |w| would then shrink the touching tolerance
   to nothing (a hull tip touching a hull tip would come out 1.1e-16 apart, not touching). */
static inline gjk_real vertex_scale2(const gjk_vertex3 *v) {
    return gjk_maxr(gjk_maxr(gjk_len_sq3(v->a), gjk_len_sq3(gjk_sub3(v->a, v->w))), gjk_len_sq3(v->w));
}

/* Steps without visible progress allowed while the duality gap stays wide (see the loop). */
#define GJK_MAX_STALLS 4

static bool repeats(const gjk_simplex3 *s, gjk_vec3 w) {
    for (int i = 0; i < s->count; ++i) {
        gjk_vec3 d = gjk_sub3(s->v[i].w, w);
        if (d.x == 0 && d.y == 0 && d.z == 0) return true;
    }
    return false;
}

/* sum lambda_i w_i, the simplex's point that the barycentric coordinates name: a point of D whatever their
   rounding (they are >= 0 and sum to 1), unlike v, which the solver computes its own way and which on a sliver can
   lie off the simplex by more than rounding (1e4 eps of the size on cylinder rims). Its length is the certified
   upper bound of the core distance. */
static gjk_vec3 combination(const gjk_simplex3 *s) {
    gjk_vec3 c = gjk_scale3(s->v[0].w, s->lambda[0]);
    for (int i = 1; i < s->count; ++i) c = gjk_mad3(c, s->lambda[i], s->v[i].w);
    return c;
}

/* The larger coordinate magnitude of a vector. */
static inline double dmax_abs3(gjk_dvec3 a) {
    double x = fabs(a.x), y = fabs(a.y), z = fabs(a.z), m = x > y ? x : y;
    return m > z ? m : z;
}

#if !GJK_USE_FLOAT
/* det(q - p, r - p, -p): positive when the origin lies on the side of triangle (p, q, r) that its normal
   (q - p) x (r - p) points to. */
static inline double origin_orient(gjk_dvec3 p, gjk_dvec3 q, gjk_dvec3 r) {
    return -gjk_ddot3(gjk_dcross3(gjk_dsub3(q, p), gjk_dsub3(r, p)), p);
}

/* The rounding bound of the side tests of a tetrahedron whose coordinates are all within s: each det(u, v, w), u
   and v rounded differences of the points and w a point, rounds by less than 30 eps |u| |v| |w| in max-norms (the
   two differences, six products and their sums), and the differences are within 2s. */
static inline double side_bound(gjk_dvec3 a, gjk_dvec3 b, gjk_dvec3 c, gjk_dvec3 e) {
    double s = dmax_abs3(a), sb = dmax_abs3(b), sc = dmax_abs3(c), se = dmax_abs3(e);
    s = s > sb ? s : sb;
    s = s > sc ? s : sc;
    s = s > se ? s : se;
    return 256.0 * GJK_DREAL_EPSILON * s * s * s;
}
#endif

/* Where the origin lies with respect to tetrahedron (a, b, c, e) of points as computed, from its four side tests in
   double (the points are exact there in float builds): 1 certainly inside (strictly inside every face beyond
   rounding), -1 certainly outside by more than `gap` (beyond a face's plane by that much, so at least that far from
   the tetrahedron), 0 otherwise. Seen from one side, the four faces' tests share the sign of the volume (their sum)
   when the origin is inside, and a test divided by its face's |normal| is the origin's distance from that plane.
   GJK's own tests run in gjk_real on cross products of edges, whose direction is only good to eps over the sine
   of the edges' angle: on a sliver tetrahedron 6e4 long (a float hull 1.5e5 across against a cylinder 5 wide) the
   signed-volume solver and the boolean loop both called the origin inside when D lay 0.49 and 0.52 away, 53 eps of
   the size and beyond the touching band. An origin inside the tetrahedron of the points as computed is within
   their rounding of D (it is a convex combination of them), so a verdict of 1 is certified.
   Where rounding leaves the tests undecided, exact orientations (predicates.c) settle them for the points as
   computed: 1 when the origin is strictly inside, -2 when it lies strictly beyond face *beyond (an index into
   tetra_face; how far is not known), 0 when it lies on the boundary or the tetrahedron is flat. The bounds of a
   needle's long faces grow with its length cubed: a cylinder 3.3e10 long and 10 wide left a face 1.4 from the
   origin undecided, 7e5 times the touching band. */
/* The faces, each seen from the same side: (b, c, e) and the reversed (a, b, c), (a, c, e), (a, e, b). */
static const int tetra_face[4][3] = {{1, 2, 3}, {0, 2, 1}, {0, 3, 2}, {0, 1, 3}};

/* The exact verdict (see origin_in_tetrahedron), out of line: it runs only when rounding cannot decide. */
static int origin_in_tetrahedron_exact(const gjk_vec3 P[4], int *beyond) {
    const gjk_vec3 o = gjk_v3(0, 0, 0);
    /* The volume's sign is face 1's test seen from the vertex off it (the other three faces pass through it). */
    int vol = gjk_orient3d(P[0], P[2], P[1], P[3]), on = 0;
    if (vol == 0) return 0;
    for (int i = 0; i < 4; ++i) {
        int side = gjk_orient3d(P[tetra_face[i][0]], P[tetra_face[i][1]], P[tetra_face[i][2]], o);
        if (side == -vol) {
            *beyond = i;
            return -2;
        }
        on += side == 0;
    }
    return on ? 0 : 1;
}

static int origin_in_tetrahedron(gjk_vec3 a, gjk_vec3 b, gjk_vec3 c, gjk_vec3 e, double gap, int *beyond) {
    const gjk_dvec3 P[4] = {gjk_to_dv3(a), gjk_to_dv3(b), gjk_to_dv3(c), gjk_to_dv3(e)};
    const int (*face)[3] = tetra_face;
    gjk_dvec3 normal[4];
    double d[4], bound[4], vol = 0;
    int pos = 0, neg = 0;
    for (int i = 0; i < 4; ++i) {
        gjk_dvec3 p = P[face[i][0]], u = gjk_dsub3(P[face[i][1]], p), v = gjk_dsub3(P[face[i][2]], p);
        normal[i] = gjk_dcross3(u, v);
        d[i] = -gjk_ddot3(normal[i], p);
        /* Each face's own bound (see side_bound): a sliver's faces differ in size by 1e10, and one bound for all
           left a face 1.5 beyond the origin undecided. */
        bound[i] = 64.0 * GJK_DREAL_EPSILON * dmax_abs3(u) * dmax_abs3(v) * dmax_abs3(p);
        pos += d[i] > bound[i], neg += d[i] < -bound[i];
        vol += d[i];
    }
    if (pos == 4 || neg == 4) return 1;
    for (int i = 0; i < 4 && vol != 0; ++i) {
        double out = vol > 0 ? -d[i] : d[i];
        if (out > bound[i] && out > gap * gjk_dlen3(normal[i])) return -1;
    }
    const gjk_vec3 Q[4] = {a, b, c, e};
    return origin_in_tetrahedron_exact(Q, beyond);
}

/* The boolean loop's overlap verdict, certified (origin_in_tetrahedron): an uncertain one is left to the distance
   GJK. `t` holds the loop's tests of the faces through a, oriented outward by the sign of `vol` (all <= 0 here):
   in double builds they are three of the four side tests already, and only the face opposite a is added (seen
   from the same side as the others, its test has the sign of -vol). Float builds recompute all four in double. */
static bool certainly_inside(gjk_vec3 a, gjk_vec3 b, gjk_vec3 c, gjk_vec3 e, gjk_real vol, const gjk_real t[3]) {
#if GJK_USE_FLOAT
    (void)t, (void)vol;
    int beyond;
    return origin_in_tetrahedron(a, b, c, e, 0, &beyond) > 0;
#else
    gjk_dvec3 B = gjk_to_dv3(b), C = gjk_to_dv3(c), E = gjk_to_dv3(e);
    const double bound = side_bound(gjk_to_dv3(a), B, C, E);
    double r4 = origin_orient(B, C, E);
    return t[0] < -bound && t[1] < -bound && t[2] < -bound && (vol > 0 ? r4 < -bound : r4 > bound);
#endif
}

/* The closest point of face `f` (tetra_face) of the tetrahedron s->v[0 .. 3], as a sub-simplex of s. */
static void face_step(const gjk_simplex3 *s, int f, gjk_subsimplex3 *sub) {
    gjk_simplex3 t;
    for (int k = 0; k < 3; ++k) t.v[k] = s->v[tetra_face[f][k]];
    t.count = 3;
    gjk_simplex3_closest_whole(&t, 3, sub);
    for (int k = 0; k < sub->count; ++k) sub->idx[k] = tetra_face[f][sub->idx[k]];
}

void gjk_gjk3(const gjk_minkowski3 *m, gjk_vec3 initial_dir, gjk_real radius, gjk_gjk_mode mode, const gjk_simplex3 *warm,
              const gjk_limits *lim, gjk_gjk_result3 *r) {
    if (!lim) lim = &gjk_default_limits;
    r->status = GJK_OK;
    r->overlap = false;
    r->separated = false;
    r->iterations = 0;
    r->lower = 0;
    r->lower_signed = -GJK_REAL_MAX;
    r->axis = gjk_v3(0, 0, 0);

    gjk_simplex3 *s = &r->simplex;
    gjk_vec3 v;
    gjk_real vv, scale2 = 0;
    bool cold = !(warm && warm->count > 0);
    if (!cold) {
        /* Warm start: the closest point of the given simplex (its points are points of D, so v is one too). */
        *s = *warm;
        for (int i = 0; i < s->count; ++i) scale2 = gjk_maxr(scale2, vertex_scale2(&s->v[i]));
        gjk_subsimplex3 sub;
        gjk_simplex3_closest(s, s->count, &sub);
        gjk_simplex3_commit(s, &sub);
        v = sub.v;
        vv = sub.dist2;
        if (m->rec) gjk_debug3_step(m, s, v);
        /* The origin is still inside the cached tetrahedron, unless the solver's verdict is rounding: then the
           search starts afresh. */
        int beyond;
        if (s->count == 4 && origin_in_tetrahedron(s->v[0].w, s->v[1].w, s->v[2].w, s->v[3].w,
                                                   GJK_TOL_TOUCH * GJK_SQRT(scale2), &beyond) >= 0) {
            r->overlap = true;
            r->v = r->closest = gjk_v3(0, 0, 0);
            r->scale = GJK_SQRT(scale2);
            r->upper = 0;
            return;
        }
        cold = s->count == 4;
    }
    if (cold) {
        gjk_vec3 d = initial_dir;
        if (!(gjk_len_sq3(d) > 0)) d = gjk_v3(1, 0, 0);
        /* First vertex: the support along -d, so that v starts as a point of D. */
        s->v[0] = gjk_minkowski3_support(m, gjk_neg3(d));
        s->lambda[0] = 1;
        s->count = 1;
        v = s->v[0].w;
        vv = gjk_len_sq3(v);
        scale2 = vertex_scale2(&s->v[0]);
        if (m->rec) gjk_debug3_step(m, s, v);
    }
    gjk_real radius2 = radius * radius;
    /* Polytopes converge exactly (the support repeats a vertex), so only the rounding floor applies to them: a
       relative gap of e lets the normal err by up to sqrt(e). Curved cores need the relative gap. */
    gjk_real tol_rel = gjk_core3_is_polytope(m->a) && gjk_core3_is_polytope(m->b) ? 0 : GJK_TOL_REL;
    gjk_real lower2 = 0; /* squared best lower bound, times vv of its axis: compared without square roots */
    gjk_real neg2 = GJK_REAL_MAX; /* while no bound is positive: the least (v.w)^2 / |v|^2 of those <= 0 */
    /* v.w and |v|^2 of the bound kept: the certified bound is v.w / |v| from these, because (v.w)^2 is a fourth
       power of the lengths and underflows for gaps below 1e-80 (1e-10 in float) even in a pair of unit size (a
       sphere 3e-81 from a unit segment: lower2 came out 1.2% above |v|^2). */
    gjk_real bound_vw = 0, bound_vv = 0;
    int stalls = 0;      /* steps taken without rounding-visible progress (see below) */
    gjk_simplex3 kept;   /* the simplex before the first of them, and its closest point */
    gjk_vec3 kept_v = v;
    gjk_real kept_vv = vv;

    for (;;) {
        gjk_real touch2 = GJK_TOL_TOUCH * GJK_TOL_TOUCH * scale2;
        if (vv <= touch2) {
            r->overlap = true;
            break;
        }
        /* Cores within the radii plus the touching band: the shapes intersect or touch (the same rule as the
           answer's, so that the queries agree on pairs in the band). */
        if (mode == GJK_MODE_BOOLEAN && vv <= radius2) break;
        if (mode == GJK_MODE_BOOLEAN && radius > 0) {
            gjk_real band = radius + GJK_TOL_TOUCH * GJK_SQRT(scale2);
            if (vv <= band * band) break;
        }
        if (r->iterations >= lim->max_gjk) {
            r->status = GJK_MAX_ITERATIONS;
            break;
        }
        ++r->iterations;
        /* The new vertex goes straight into the free slot; it joins the simplex only if it makes progress. */
        gjk_vertex3 *nw = &s->v[s->count];
        *nw = gjk_minkowski3_support(m, gjk_neg3(v));
        gjk_vec3 w = nw->w;
        scale2 = gjk_maxr(scale2, vertex_scale2(nw));
        gjk_real vw = gjk_dot3(v, w);
        /* v.w / |v| is a lower bound of the core distance: the plane through w normal to v separates D from the
           origin. Keep the best one; it is the boolean query's early exit. */
        if (vw > 0 && vw * vw > lower2 * vv) {
            lower2 = vw * vw / vv;
            r->axis = v;
            bound_vw = vw;
            bound_vv = vv;
        } else if (vw <= 0 && lower2 == 0 && vw * vw <= neg2 * vv) {
            neg2 = vw * vw / vv;
            bound_vw = vw;
            bound_vv = vv;
        }
        /* Separated: the lower bound exceeds the radii by more than the touching band (a gap inside the band
           counts as touching: without it the queries disagree on rounded pairs in the band). */
        if (mode != GJK_MODE_DISTANCE && vw > 0 && vw * vw > radius2 * vv) {
            gjk_real band = radius + GJK_TOL_TOUCH * GJK_SQRT(scale2);
            if (vw * vw > band * band * vv) {
                r->separated = true;
                break;
            }
        }
        /* Duality gap closed, relative to |v|^2, with a floor for the rounding of w (eps * scale * |v|); the caller's
           tolerance is relative to the scale: (|v|^2 - v.w) / |v| is the width of the interval [lower, upper]. */
        gjk_real sv = GJK_SQRT(scale2 * vv);
        gjk_real floor = (GJK_R(8.0) * GJK_REAL_EPSILON + lim->tol) * sv;
        if (vv - vw <= tol_rel * vv + floor || repeats(s, w)) break;
        gjk_subsimplex3 sub;
        gjk_simplex3_closest(s, s->count + 1, &sub);
        /* A tetrahedron the solver says holds the origin while it certainly lies beyond the touching band (a sliver,
           whose signed volumes are rounding): no progress that rounding lets GJK see, and the simplex before
           stands. When the origin lies beyond a face by an amount rounding hides, that face is the step. And an
           overlap verdict (a tetrahedron, or a point within the band) that a plane met on the way refutes is dropped
           too: a best lower bound beyond the band is certified, the verdict is not (a needle 3e10 long and 10 wide,
           0.9 from a segment: the solver's point of a sliver triangle came out 1.2e-4 from the origin). */
        if (sub.count == 4) {
            int beyond = 0, verdict = origin_in_tetrahedron(s->v[0].w, s->v[1].w, s->v[2].w, s->v[3].w,
                                                            GJK_TOL_TOUCH * GJK_SQRT(scale2), &beyond);
            if (verdict == -1) break;
            /* Beyond a face by an unknown amount: the face's closest point is the step instead. */
            if (verdict == -2) face_step(s, beyond, &sub);
        }
        if ((sub.count == 4 || sub.dist2 <= touch2) && lower2 > touch2) break;
        /* No progress: rounding dominates, and the current simplex is at least as close. Unless the duality gap is
           still wide (w's plane less than half as far as v): then the simplex is the trouble, not the distance. A
           sliver of D (a tetrahedron 2 long and 1e-5 wide) improves on v by less than rounding in exact arithmetic
           too, but its new sub-simplex turns the next search direction; stopping there would leave two triangles
           sharing a vertex 6.7e-7 apart (regression seed regression_sliver_stall). A few such steps are allowed, and
           the best
           simplex is kept in case they lead nowhere. */
        if (sub.dist2 >= vv && sub.count < 4) {
            if (!(vw < GJK_R(0.5) * vv) || stalls >= GJK_MAX_STALLS) break;
            if (stalls++ == 0 || vv < kept_vv) {
                kept = *s;
                kept_v = v;
                kept_vv = vv;
            }
        }
        gjk_simplex3_commit(s, &sub);
        v = sub.v;
        vv = sub.dist2;
        if (m->rec) gjk_debug3_step(m, s, s->count == 4 ? gjk_v3(0, 0, 0) : v);
        if (s->count == 4) { /* the origin is inside a solid tetrahedron */
            r->overlap = true;
            vv = 0;
            v = gjk_v3(0, 0, 0);
            break;
        }
    }
    if (stalls > 0 && !r->overlap && kept_vv < vv) {
        *s = kept;
        v = kept_v;
        if (m->rec) gjk_debug3_step(m, s, v); /* the answer's simplex is the kept one */
    }
    r->lower = GJK_SQRT(lower2);
    r->lower_signed = bound_vv > 0 ? bound_vw / GJK_SQRT(bound_vv) : -GJK_REAL_MAX;
    r->closest = s->count == 4 ? gjk_v3(0, 0, 0) : v;
    r->upper = s->count == 4 ? 0 : gjk_len3_safe(combination(s));
    r->v = r->overlap ? gjk_v3(0, 0, 0) : v;
    r->scale = GJK_SQRT(scale2);
}

/* ---- boolean GJK for cores without radii ------------------------------------------------------------------------
   When only "do the cores overlap?" is asked (gjk_intersect3 on shapes without radii), the closest point of each
   simplex is not needed: any direction from the simplex towards the origin will do. This loop keeps only the
   points of D and finds that direction with cross products (the Voronoi-region tests of Ericson, "Real-Time
   Collision Detection", 2005, sec. 9.5, restricted to the features that hold the newest point), with no division
   or square root. Its two answers are certified:
   - separated: a support point w along d with d.w < 0 proves the plane through w normal to d separates D from the
     origin by -d.w / |d|; it is only claimed when that gap exceeds the touching tolerance;
   - overlapping: the origin strictly inside a tetrahedron of points of D (rounding can only blur this within the
     touching tolerance, which counts as intersecting anyway).
   Anything else (no progress, a degenerate simplex, the origin within rounding of D's boundary, the iteration cap)
   returns false, and the caller runs the distance GJK above, which settles every case. */
static inline gjk_vec3 triple(gjk_vec3 a, gjk_vec3 b, gjk_vec3 c) { return gjk_cross3(gjk_cross3(a, b), c); }

/* The support point of D along d and the growth of the rounding scale (vertex_scale2), inlined: the boolean loop
   needs no witnesses, and the out-of-line Minkowski support returned all three points through memory. */
#if defined(__GNUC__) || defined(__clang__)
#define GJK3_BOOL_INLINE static inline __attribute__((always_inline))
#else
#define GJK3_BOOL_INLINE static inline
#endif
GJK3_BOOL_INLINE gjk_vec3 bool_support(const gjk_minkowski3 *m, gjk_vec3 d, gjk_real *scale2) {
    gjk_vec3 a = gjk_core3_support_inline(m->a, d);
    gjk_vec3 b = gjk_minkowski3_b_to_a(m, gjk_core3_support_inline(m->b, gjk_mat33_tmul(m->rot, gjk_neg3(d))));
    gjk_vec3 w = gjk_sub3(a, b);
    *scale2 = gjk_maxr(*scale2, gjk_maxr(gjk_maxr(gjk_len_sq3(a), gjk_len_sq3(gjk_sub3(a, w))), gjk_len_sq3(w)));
    return w;
}

/* Triangle (a newest, b, c): the direction towards the origin from the feature of the triangle nearest to it that
   holds a; the simplex is reduced to that feature. */
static gjk_vec3 bool_triangle(gjk_vec3 *W, int *n) {
    gjk_vec3 a = W[0], b = W[1], c = W[2];
    gjk_vec3 ab = gjk_sub3(b, a), ac = gjk_sub3(c, a), ao = gjk_neg3(a);
    gjk_vec3 abc = gjk_cross3(ab, ac);
    if (gjk_dot3(gjk_cross3(abc, ac), ao) > 0) { /* beyond edge ac */
        if (gjk_dot3(ac, ao) > 0) {
            W[1] = c;
            *n = 2;
            return triple(ac, ao, ac);
        }
    } else if (gjk_dot3(gjk_cross3(ab, abc), ao) <= 0) { /* within both edges: above or below the face */
        if (gjk_dot3(abc, ao) > 0) return abc;
        W[1] = c; /* below: flip the winding so that the face normal points at the origin */
        W[2] = b;
        return gjk_neg3(abc);
    }
    if (gjk_dot3(ab, ao) > 0) { /* beyond edge ab */
        *n = 2;
        return triple(ab, ao, ab);
    }
    *n = 1; /* only a itself */
    return ao;
}

bool gjk_boolean3(const gjk_minkowski3 *m, gjk_vec3 initial_dir, const gjk_limits *lim, gjk_gjk_result3 *r) {
    if (!lim) lim = &gjk_default_limits;
    r->status = GJK_OK;
    r->overlap = r->separated = false;
    r->iterations = 0;
    r->lower = 0;
    r->lower_signed = -GJK_REAL_MAX;
    r->axis = gjk_v3(0, 0, 0);
    gjk_vec3 d = initial_dir;
    if (!(gjk_len_sq3(d) > 0)) d = gjk_v3(1, 0, 0);
    gjk_vec3 W[4];
    gjk_real scale2 = 0;
    W[0] = bool_support(m, gjk_neg3(d), &scale2);
    int n = 1;
    const gjk_real touch2 = GJK_TOL_TOUCH * GJK_TOL_TOUCH;
    /* The first support already separates when the initial direction does (a warm start's cached axis, or the
       line between the centres): D lies behind the plane through W[0] normal to it. */
    gjk_real dw0 = gjk_dot3(d, W[0]), dd0 = gjk_len_sq3(d);
    if (dw0 > 0 && dw0 * dw0 > touch2 * scale2 * dd0) {
        r->separated = true;
        r->axis = d;
        r->lower = r->lower_signed = dw0 / GJK_SQRT(dd0);
        r->upper = gjk_len3_safe(W[0]);
        r->iterations = 1;
        r->scale = GJK_SQRT(scale2);
        r->v = r->closest = gjk_v3(0, 0, 0);
        r->simplex.count = 0;
        return true;
    }
    d = gjk_neg3(W[0]);
    while (r->iterations < lim->max_gjk) {
        gjk_real dd = gjk_len_sq3(d);
        /* The origin on the simplex (d vanished or under/overflowed): the distance GJK decides. */
        if (!(dd > 0) || !gjk_finite(dd)) break;
        ++r->iterations;
        gjk_vec3 w = bool_support(m, d, &scale2);
        gjk_real dw = gjk_dot3(d, w);
        if (dw < 0) {
            /* Separated by -dw / |d| at least: claim it only beyond the touching tolerance. */
            if (dw * dw > touch2 * scale2 * dd) {
                r->separated = true;
                r->axis = gjk_neg3(d);
                r->lower = r->lower_signed = -dw / GJK_SQRT(dd);
                r->upper = gjk_len3_safe(w);
            }
            break; /* within the tolerance: let the distance GJK decide */
        }
        /* No progress past the simplex along d: rounding or touching, the distance GJK decides. */
        if (dw <= gjk_dot3(d, W[0])) break;
        W[3] = W[2];
        W[2] = W[1];
        W[1] = W[0];
        W[0] = w;
        ++n;
        if (n == 2) {
            gjk_vec3 ab = gjk_sub3(W[1], W[0]), ao = gjk_neg3(W[0]);
            if (gjk_dot3(ab, ao) > 0) {
                d = triple(ab, ao, ab);
            } else {
                n = 1;
                d = ao;
            }
        } else if (n == 3) {
            d = bool_triangle(W, &n);
        } else {
            /* Tetrahedron a (newest), b, c, d0: the origin is on the inner side of the old face b c d0 (it was
               the direction of search); test the three faces through a, each oriented away from the fourth
               vertex. Outside one of them: continue with that triangle. */
            gjk_vec3 a = W[0], b = W[1], c = W[2], e = W[3], ao = gjk_neg3(a);
            gjk_vec3 ab = gjk_sub3(b, a), ac = gjk_sub3(c, a), ae = gjk_sub3(e, a);
            gjk_vec3 nabc = gjk_cross3(ab, ac), nace = gjk_cross3(ac, ae), naeb = gjk_cross3(ae, ab);
            /* Orient outward: the volume sign tells on which side the fourth vertex lies. */
            gjk_real vol = gjk_dot3(nabc, ae);
            if (vol == 0) break; /* flat tetrahedron: degenerate, the distance GJK decides */
            if (vol > 0) {
                nabc = gjk_neg3(nabc);
                nace = gjk_neg3(nace);
                naeb = gjk_neg3(naeb);
            }
            const gjk_real t[3] = {gjk_dot3(nabc, ao), gjk_dot3(nace, ao), gjk_dot3(naeb, ao)};
            if (t[0] > 0) {
                n = 3; /* a, b, c */
            } else if (t[1] > 0) {
                W[1] = c;
                W[2] = e;
                n = 3;
            } else if (t[2] > 0) {
                W[1] = e;
                W[2] = b;
                n = 3;
            } else {
                /* Inside all four faces, when rounding did not decide it: else the distance GJK does. */
                r->overlap = certainly_inside(a, b, c, e, vol, t);
                break;
            }
            d = bool_triangle(W, &n);
        }
    }
    r->scale = GJK_SQRT(scale2);
    r->v = r->closest = gjk_v3(0, 0, 0);
    r->simplex.count = 0;
    if (r->overlap) r->upper = 0;
    return r->overlap || r->separated;
}
