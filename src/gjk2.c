/* GJK distance in 2D on the cores of two shapes (Gilbert, Johnson, Keerthi, "A fast procedure for computing the
   distance between complex objects in three-dimensional space", IEEE J. Robotics and Automation 4(2), 1988).

   The closest point of the simplex to the origin is found with the signed-volume sub-algorithm of Montanari,
   Petrinic, Barbieri ("Improving the GJK algorithm for faster and more reliable distance queries between convex
   objects", ACM TOG 36(1), 2017), reduced to 2D: a triangle is decided by the signs of the signed areas of the
   sub-triangles made with the origin, a segment by the signs of the signed lengths of the sub-segments cut by the
   origin's projection. Unlike Johnson's sub-algorithm it needs no epsilon to pick a region and cannot cycle.

   Termination (NUMERICS.md, "GJK distance"): the Frank-Wolfe duality gap |v| - (lower bound from the new support
   point), with a relative tolerance and an absolute floor proportional to the size of the pair; a repeated support
   point (finite convergence on polygons); |v| not decreasing (stagnation); and the iteration cap
   GJK_MAX_GJK_ITERATIONS. */
#include "internal2.h"

gjk_real gjk2_tolerance(const gjk2_state *state) { return GJK2_TOL_ABS * state->size; }

gjk_real gjk2_touch_tolerance(const gjk2_state *state) { return GJK2_TOL_TOUCH * state->size; }

static gjk_real norm_inf(gjk_vec2 p) { return gjk_maxr(GJK_ABS(p.x), GJK_ABS(p.y)); }

/* Grow the length scale with a new support point: the rounding error of every quantity GJK and EPA compute is a
   few ulps of the largest coordinate involved. That includes B's support point in B's own frame (|b - pos|), whose
   rotation into A's frame rounds at its scale even when b itself lands near A's origin. */
static void grow_size(gjk2_state *s, const gjk2_ctx *ctx, const gjk2_vertex *p) {
    gjk_real m = gjk_maxr(norm_inf(p->w), gjk_maxr(norm_inf(p->a), norm_inf(p->b)));
    s->size = gjk_maxr(s->size, gjk_maxr(m, norm_inf(gjk_sub2(p->b, ctx->b.pos))));
}

static gjk_vec2 simplex_point(const gjk2_simplex *s) {
    gjk_vec2 v = gjk_v2(0, 0);
    for (int i = 0; i < s->count; i++) v = gjk_mad2(v, s->lambda[i], s->p[i].w);
    return v;
}

static void set_vertex(gjk2_simplex *out, const gjk2_vertex *p) {
    out->p[0] = *p;
    out->lambda[0] = 1;
    out->count = 1;
}

/* Closest point of segment [p, q] to the origin. As in the signed-volume method (Montanari et al. 2017, S1D) the
   region is decided by the signs of the two signed lengths of the sub-segments cut by the origin's projection, with
   no epsilon, and those lengths give the barycentric coordinates. They are measured along the segment, each from
   the opposite endpoint: lambda_p = q.e / e.e and lambda_q = -p.e / e.e. Computing lambda_p as 1 - lambda_q instead
   would lose all relative precision of the small coordinate when the origin projects next to q and p is far away
   (a long edge of a big shape against a small one): lambda_p * p would then carry an error of eps * |p|. */
static void solve_segment(const gjk2_vertex *p, const gjk2_vertex *q, gjk2_simplex *out) {
    gjk_vec2 e = gjk_sub2(q->w, p->w);
    gjk_real lp = gjk_dot2(q->w, e);  /* lambda_p * |e|^2 */
    gjk_real lq = -gjk_dot2(p->w, e); /* lambda_q * |e|^2 */
    if (!(lq > 0)) {
        set_vertex(out, p); /* the origin projects before p (or the segment has no length) */
    } else if (!(lp > 0)) {
        set_vertex(out, q); /* the origin projects beyond q */
    } else {
        gjk_real sum = lp + lq; /* = |e|^2; the sum makes the coordinates add up to 1 */
        out->p[0] = *p;
        out->p[1] = *q;
        out->lambda[0] = lp / sum;
        out->lambda[1] = lq / sum;
        out->count = 2;
    }
}

/* Twice the area of triangle (a, b, c), from the two shortest edges: their cross product has the smallest
   rounding error (E. Catto, "troublesome triangle", box2d.org; Jolt's ClosestPoint does the same). Also returns
   the squared length of the longest edge. */
static gjk_real robust_area2(gjk_vec2 a, gjk_vec2 b, gjk_vec2 c, gjk_real *longest_sq) {
    gjk_vec2 ab = gjk_sub2(b, a), bc = gjk_sub2(c, b), ca = gjk_sub2(a, c);
    gjk_real lab = gjk_len_sq2(ab), lbc = gjk_len_sq2(bc), lca = gjk_len_sq2(ca);
    gjk_real area;
    if (lab >= lbc && lab >= lca) {
        area = gjk_cross2(bc, ca); /* longest edge ab: use the edges at c */
        *longest_sq = lab;
    } else if (lbc >= lca) {
        area = gjk_cross2(ca, ab);
        *longest_sq = lbc;
    } else {
        area = gjk_cross2(ab, bc);
        *longest_sq = lca;
    }
    return area;
}

/* Closest point of triangle (p0, p1, p2) to the origin (Montanari et al. 2017, S2D/S3D in the plane): the signed
   areas C_i of the triangles made by the origin with the edge opposite vertex i sum to the signed area of the
   triangle; the origin is inside exactly when every C_i has the triangle's sign, and the C_i / area are then its
   barycentric coordinates. Otherwise the closest point lies on an edge whose C_i disagrees; all such edges are
   tried and the closest kept. A flat triangle (area within rounding of zero) is treated as its three edges. */
static void solve_triangle(const gjk2_simplex *in, gjk2_simplex *out, gjk_real tol) {
    const gjk2_vertex *p = in->p;
    gjk_real c[3];
    c[0] = gjk_cross2(p[1].w, p[2].w);
    c[1] = gjk_cross2(p[2].w, p[0].w);
    c[2] = gjk_cross2(p[0].w, p[1].w);
    gjk_real n = c[0] + c[1] + c[2];
    gjk_real longest_sq;
    gjk_real area = robust_area2(p[0].w, p[1].w, p[2].w, &longest_sq);
    /* Flat when the height over the longest edge is below the distance tolerance. */
    bool flat = !(GJK_ABS(area) > tol * GJK_SQRT(longest_sq)) || !(GJK_ABS(n) > 0) || (n > 0) != (area > 0);
    if (!flat && (n > 0 ? (c[0] > 0 && c[1] > 0 && c[2] > 0) : (c[0] < 0 && c[1] < 0 && c[2] < 0))) {
        *out = *in;
        for (int i = 0; i < 3; i++) out->lambda[i] = c[i] / n;
        return;
    }
    gjk_real best_sq = GJK_REAL_MAX;
    bool any = false;
    for (int i = 0; i < 3; i++) {
        bool outside = flat || (n > 0 ? !(c[i] > 0) : !(c[i] < 0));
        if (!outside) continue;
        gjk2_simplex cand = {0};
        solve_segment(&p[(i + 1) % 3], &p[(i + 2) % 3], &cand);
        gjk_real d = gjk_len_sq2(simplex_point(&cand));
        if (!any || d < best_sq) {
            *out = cand;
            best_sq = d;
            any = true;
        }
    }
    /* Some C_i always disagrees when the origin is not inside; the fallback only guards against NaN input. */
    GJK_ASSERT(any);
    if (!any) set_vertex(out, &p[0]);
}

/* Reduce the simplex to the smallest sub-simplex holding its closest point to the origin, with barycentric
   coordinates, and return that point. */
static gjk_vec2 solve(gjk2_simplex *s, gjk_real tol) {
    gjk2_simplex r;
    if (s->count == 3) {
        solve_triangle(s, &r, tol);
        *s = r;
    } else if (s->count == 2) {
        solve_segment(&s->p[0], &s->p[1], &r);
        *s = r;
    } else {
        s->lambda[0] = 1;
    }
    if (s->count == 3) return gjk_v2(0, 0); /* the origin is inside the triangle: the cores overlap */
    return simplex_point(s);
}

/* Unit direction from the simplex towards the origin: the search direction of the next support point, and the
   separating normal from A to B. For a segment it is the segment's normal, oriented by the side of the origin,
   rather than -v / |v|: when the origin is close to the segment's line, v is a small difference of large numbers
   and its direction has a large relative error, while the segment's normal keeps full precision (Box2D v3 does the
   same). Near the line a wrong direction would make the next support point repeat a vertex and stop GJK early. */
static gjk_vec2 search_direction(const gjk2_simplex *s, gjk_vec2 v) {
    if (s->count == 2) {
        gjk_vec2 e = gjk_sub2(s->p[1].w, s->p[0].w);
        gjk_real side = gjk_cross2(e, gjk_neg2(s->p[0].w));
        gjk_vec2 n = gjk_normalize2(gjk_perp2(e));
        if (side > 0 && (n.x != 0 || n.y != 0)) return n;
        if (side < 0 && (n.x != 0 || n.y != 0)) return gjk_neg2(n);
    }
    return gjk_normalize2(gjk_neg2(v));
}

void gjk2_init(gjk2_state *state, gjk2_ctx *ctx, gjk_vec2 direction) {
    gjk2_vertex p;
    gjk2_support(ctx, direction, &p);
    set_vertex(&state->simplex, &p);
    state->v = p.w;
    state->dir = search_direction(&state->simplex, state->v);
    /* The scale starts at the radii and at B's offset from A, whose change of frame rounds at that scale. */
    state->size = gjk_maxr(ctx->radius, norm_inf(ctx->b.pos));
    grow_size(state, ctx, &p);
    state->lower_bound = 0;
    state->iterations = 0;
    state->exit = ctx->bad ? GJK2_BAD_SUPPORT : GJK2_RUNNING;
}

/* Run GJK until one of its exits. The support point w along the unit direction d (towards the origin) bounds the
   core distance from below: every point x of D has x.d <= w.d, so the origin is at least -w.d away from D. With
   stop_on_separation (boolean queries) GJK stops as soon as that bound exceeds R. With stop_within_radius it stops
   as soon as |v| <= R + tol: the rounded shapes then overlap or touch. A state that stopped for
   GJK2_WITHIN_RADIUS may be run again with other flags. */
void gjk2_run(gjk2_state *state, gjk2_ctx *ctx, bool stop_on_separation, bool stop_within_radius) {
    if (state->exit != GJK2_RUNNING && state->exit != GJK2_WITHIN_RADIUS) return;
    state->exit = GJK2_RUNNING;
    gjk_real R = ctx->radius;
    while (state->exit == GJK2_RUNNING) {
        gjk_real tol = gjk2_tolerance(state);
        gjk_real vv = gjk_len_sq2(state->v);
        gjk_real vlen = GJK_SQRT(vv);
        if (vlen <= tol || (state->dir.x == 0 && state->dir.y == 0)) {
            state->exit = GJK2_OVERLAP;
            break;
        }
        if (stop_within_radius && vlen <= R + gjk2_touch_tolerance(state)) {
            state->exit = GJK2_WITHIN_RADIUS;
            break;
        }
        if (state->iterations >= GJK_MAX_GJK_ITERATIONS) {
            state->exit = GJK2_MAX_ITERATIONS;
            break;
        }
        state->iterations++;
        gjk2_vertex w;
        gjk2_support(ctx, state->dir, &w);
        if (ctx->bad) {
            state->exit = GJK2_BAD_SUPPORT;
            break;
        }
        grow_size(state, ctx, &w);
        tol = gjk2_tolerance(state);
        gjk_real lower = -gjk_dot2(w.w, state->dir);
        if (stop_on_separation && lower > R + gjk2_touch_tolerance(state)) {
            state->lower_bound = lower;
            state->exit = GJK2_SEPARATED;
            break;
        }
        /* Duality gap (Frank-Wolfe): |v| - lower bounds the error of |v| as the distance. Relative tolerance plus
           an absolute floor proportional to the size of the pair, which covers the rounding of the bound. */
        if (vlen - lower <= GJK2_TOL_REL * vlen + tol) {
            state->exit = GJK2_CONVERGED;
            break;
        }
        /* A repeated support point cannot improve v (finite convergence on polygons; Box2D v3 compares support
           indices the same way, without an epsilon). */
        bool repeated = false;
        for (int i = 0; i < state->simplex.count; i++) {
            if (state->simplex.p[i].w.x == w.w.x && state->simplex.p[i].w.y == w.w.y) repeated = true;
        }
        if (repeated) {
            state->exit = GJK2_CONVERGED;
            break;
        }
        gjk2_simplex next = state->simplex;
        next.p[next.count++] = w;
        gjk_vec2 v = solve(&next, tol);
        if (!(gjk_len_sq2(v) < vv)) {
            /* |v| must decrease strictly; when rounding stops it, the previous simplex is the best answer. */
            state->exit = GJK2_CONVERGED;
            break;
        }
        state->simplex = next;
        state->v = v;
        state->dir = next.count == 3 ? gjk_v2(0, 0) : search_direction(&next, v);
    }
}

/* The closest points of the cores: the barycentric coordinates of v applied to the stored witnesses. */
void gjk2_witnesses(const gjk2_state *state, gjk_vec2 *a, gjk_vec2 *b) {
    const gjk2_simplex *s = &state->simplex;
    gjk_vec2 pa = gjk_v2(0, 0), pb = gjk_v2(0, 0);
    for (int i = 0; i < s->count; i++) {
        pa = gjk_mad2(pa, s->lambda[i], s->p[i].a);
        pb = gjk_mad2(pb, s->lambda[i], s->p[i].b);
    }
    *a = pa;
    *b = pb;
}
