// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* GJK distance in 2D on the cores of two shapes (Gilbert, Johnson, Keerthi, "A fast procedure for computing the
   distance between complex objects in three-dimensional space", IEEE J. Robotics and Automation 4(2), 1988).

   The closest point of the simplex to the origin is found by simplex2.h: the signed-volume sub-algorithm of
   Montanari, Petrinic and Barbieri (ACM TOG 36(1), 2017) in the plane, which needs no epsilon to pick a region and
   cannot cycle.

   Termination (docs/numerics.md, "GJK termination"): the Frank-Wolfe duality gap |v| - (lower bound from the new
   support point), with a relative tolerance and an absolute floor proportional to the size of the pair; a repeated
   support point (finite convergence on polygons); |v| not decreasing (stagnation); and the iteration cap
   GJK_MAX_GJK_ITERATIONS.

   Speed: the loop is instantiated per pair of support kinds (no dispatch per support point), works on squared
   lengths and unnormalised directions (support functions ignore the length of the direction) so that it takes no
   square root, keeps no barycentric coordinates (they are computed once, for the final simplex, by
   gjk_simplex2_witness), and changes the simplex only when a step makes progress. */
#include "simplex2.h"

gjk_real gjk2_tolerance(const gjk2_ctx *ctx) { return GJK_TOL_ABS * ctx->size; }

gjk_real gjk2_touch_tolerance(const gjk2_ctx *ctx) { return GJK_TOL_TOUCH * ctx->size; }

/* Search direction from the simplex towards the origin, not normalised. For a segment it is the segment's normal,
   oriented by the side of the origin, rather than -v: when the origin is close to the segment's line, v is a small
   difference of large numbers and its direction has a large relative error, while the segment's normal keeps full
   precision (Box2D v3 does the same). Near the line a wrong direction would make the next support point repeat a
   vertex and stop GJK early. */
GJK2_INLINE gjk_vec2 search_direction(const gjk2_simplex *s, gjk_vec2 v) {
    if (s->count == 2) {
        gjk_vec2 e = gjk_sub2(s->p[1].w, s->p[0].w);
        gjk_real side = gjk_cross2(s->p[0].w, e); /* = cross(e, -p0) */
        if (side > 0) return gjk_perp2(e);
        if (side < 0) return gjk_neg2(gjk_perp2(e));
    }
    return gjk_neg2(v);
}

/* Unit version of search_direction for the results, scaled first so that tiny or huge vectors neither underflow
   nor overflow. */
gjk_vec2 gjk2_direction(const gjk2_state *state) {
    gjk_vec2 d = state->simplex.count == 3 ? gjk_v2(0, 0) : search_direction(&state->simplex, state->v);
    gjk_real m = gjk2_norm_inf(d);
    if (!(m > 0) || !gjk_finite(m)) return gjk_v2(0, 0);
    return gjk_normalize2(gjk2_div(d, m));
}

/* The search starts along `direction` (from A towards B is a good guess); the first support point is taken by the
   first gjk2_run, whose loop is specialised to the pair's support kinds. */
void gjk2_init(gjk2_state *state, gjk2_ctx *ctx, gjk_vec2 direction) {
    state->simplex.count = 0;
    state->v = direction;
    state->sep = gjk_v2(0, 0);
    state->lower_bound = 0;
    state->iterations = 0;
    state->exit = ctx->bad ? GJK2_BAD_SUPPORT : GJK2_RUNNING;
    state->lim = &gjk_default_limits;
}

void gjk2_init_warm(gjk2_state *state, gjk2_ctx *ctx, const gjk2_simplex *warm) {
    gjk2_init(state, ctx, gjk_v2(1, 0));
    gjk2_simplex *s = &state->simplex;
    *s = *warm;
    gjk_subsimplex2 sub;
    gjk_simplex2_closest(s->p, s->count, gjk2_tolerance(ctx), &sub);
    gjk_simplex2_commit(s, &sub);
    state->v = sub.v; /* a triangle holding the origin: v = 0, and the next run reports the overlap at once */
    if (ctx->rec) gjk_debug2_step(ctx->rec, s, sub.v);
}

/* Support of a core along d, local frame, for a kind known where the function is inlined (the switch folds away);
   `kind` < 0 dispatches on the body's kind at run time. */
GJK2_INLINE gjk_vec2 support_of(gjk2_body *b, gjk_vec2 d, int kind) {
    if (kind < 0) kind = (int)b->kind;
    switch (kind) {
    case GJK2_POINT: return b->p;
    case GJK2_SEGMENT: return gjk_dot2(gjk_sub2(b->q, b->p), d) >= 0 ? b->q : b->p;
    case GJK2_BOX: return gjk_v2(d.x >= 0 ? b->p.x : -b->p.x, d.y >= 0 ? b->p.y : -b->p.y);
    case GJK2_POLYGON: return b->verts[gjk2_polygon_support(b, d)]; /* scans small polygons, climbs the rest */
    default: break;
    }
    return b->shape->user.support(d, b->shape->user.data);
}

/* Support point of D along d with its witnesses (see gjk2_support in shape2.c), for known kinds. */
GJK2_INLINE void support_pair(gjk2_ctx *ctx, gjk_vec2 d, gjk2_vertex *out, int ka, int kb) {
    gjk_vec2 pa = support_of(&ctx->a, d, ka);
    gjk_vec2 pb = support_of(&ctx->b, gjk_inv_rotate2(ctx->b.rot, gjk_neg2(d)), kb);
    out->a = pa;
    out->b = gjk_add2(gjk_rotate2(ctx->b.rot, pb), ctx->b.pos);
    out->w = gjk_sub2(out->a, out->b);
    ctx->support_calls++;
    if (ka < 0 || kb < 0) gjk2_check_support(ctx, out, pb); /* a no-op unless ctx->grow */
}

/* -w.d / |d| from wd = w.d for the support point w along d: every point x of D has x.d <= w.d, so the signed
   distance of the origin is at least that. Scaled first when |d|^2 would underflow (a tiny segment's normal). */
GJK2_NOINLINE gjk_real support_bound_scaled(gjk_real wd, gjk_vec2 d) {
    gjk_real m = gjk2_norm_inf(d);
    if (!(m > 0) || !gjk_finite(m)) return -GJK_REAL_MAX;
    return -(wd / m) / gjk_len2(gjk2_div(d, m));
}
GJK2_INLINE gjk_real support_bound(gjk_real wd, gjk_vec2 d) {
    gjk_real dd = gjk_len_sq2(d);
    if (dd >= GJK_R(1e-30) && dd <= GJK_R(1e30)) return -wd / GJK_SQRT(dd);
    return support_bound_scaled(wd, d);
}

/* A converged run's exit: the support point that ended it bounds the distance from below (gjk2_lower). */
GJK2_INLINE gjk2_exit converged(gjk2_state *state, gjk_real wd, gjk_vec2 d) {
    state->lower_bound = support_bound(wd, d);
    return GJK2_CONVERGED;
}

gjk_real gjk2_lower_capped(const gjk2_state *state, gjk2_ctx *ctx) {
    const gjk2_simplex *s = &state->simplex;
    if (s->count == 3) return -GJK_REAL_MAX;
    /* Stopped by the cap (the caller's or the default) before testing its last simplex: one more support point, not
       counted as an iteration, gives the bound. A callback that fails on it leaves the bound out, not the answer. */
    gjk_vec2 d = search_direction(s, state->v);
    gjk2_vertex w;
    bool bad = ctx->bad;
    gjk2_support(ctx, d, &w);
    if (ctx->bad && !bad) {
        ctx->bad = false;
        return -GJK_REAL_MAX;
    }
    return support_bound(gjk_dot2(w.w, d), d);
}

/* Run GJK until one of its exits. The support point w along the direction d (towards the origin) bounds the core
   distance from below: every point x of D has x.d <= w.d, so the origin is at least -w.d / |d| away from D. With
   stop_on_separation (boolean queries) GJK stops as soon as that bound exceeds R + the touching tolerance. With
   stop_within_radius it stops as soon as |v| <= R + tolerance: the rounded shapes then overlap or touch. A state
   that stopped for GJK2_WITHIN_RADIUS may be run again with other flags. Every test compares squares. The body is
   inlined once per pair of support kinds (ka, kb; -1: any). */
GJK2_INLINE void run_kinds(gjk2_state *state, gjk2_ctx *ctx, bool stop_on_separation, bool stop_within_radius,
                           int ka, int kb) {
    gjk2_simplex *s = &state->simplex;
    const gjk_real R = ctx->radius;
    gjk_real tol = gjk2_tolerance(ctx), reach = R + gjk2_touch_tolerance(ctx);
    /* Only user shapes may be curved; polygon, segment and point cores converge exactly (as in gjk3.c). */
    const gjk_real tol_rel = ctx->a.kind == GJK2_USER || ctx->b.kind == GJK2_USER ? GJK_TOL_REL : 0;
    /* The caller's tolerance: the gap test below multiplies its floor by |d|_1 <= sqrt(2) |d|, so a floor of
       tol + tolerance x size / sqrt(2) stops once the interval [lower, upper] is at most tolerance x size wide
       (plus the numerical floor). */
    const gjk_real loose = GJK_R(0.70710678) * state->lim->tol;
    const int max_it = state->lim->max_gjk;
    gjk_real floor = tol + loose * ctx->size;
    gjk_vec2 v = state->v;
    gjk2_exit exit = GJK2_RUNNING;
    int it = state->iterations;
    if (s->count == 0) {
        support_pair(ctx, v, &s->p[0], ka, kb);
        s->count = 1;
        v = s->p[0].w;
        if (ctx->rec) gjk_debug2_step(ctx->rec, s, v);
    }
    while (!ctx->bad) {
        gjk_real vv = gjk_len_sq2(v);
        if (s->count == 3 || vv <= tol * tol) {
            exit = GJK2_OVERLAP;
            break;
        }
        if (stop_within_radius && vv <= reach * reach) {
            exit = GJK2_WITHIN_RADIUS;
            break;
        }
        if (it >= max_it) {
            exit = GJK2_MAX_ITERATIONS;
            break;
        }
        it++;
        gjk_vec2 d = search_direction(s, v);
        gjk2_vertex *w = &s->p[s->count];
        support_pair(ctx, d, w, ka, kb);
        if (ctx->grow) {
            if (ctx->bad) break;
            tol = gjk2_tolerance(ctx);
            reach = R + gjk2_touch_tolerance(ctx);
            floor = tol + loose * ctx->size;
        }
        gjk_real wd = gjk_dot2(w->w, d);
        if (stop_on_separation && wd < 0 && wd * wd > reach * reach * gjk_len_sq2(d)) {
            state->sep = d;
            state->lower_bound = -wd / gjk_len2(d);
            exit = GJK2_SEPARATED;
            break;
        }
        /* Duality gap (Frank-Wolfe): |v| minus the lower bound -w.d / |d| bounds the error of |v| as the distance.
           Relative tolerance plus an absolute floor proportional to the size of the pair, which covers the rounding
           of the bound. Measured along d, not v: near a segment's line v is mostly rounding (see search_direction)
           and w.v would be noise; -v.d stands for |v| |d| (d is along -v). Multiplied by |d|, with |d| <= |d|_1 in
           the floor, so that no square root is needed. */
        if (gjk_dot2(gjk_sub2(w->w, v), d) <= -tol_rel * gjk_dot2(v, d) + floor * gjk2_norm1(d)) {
            exit = converged(state, wd, d);
            break;
        }
        /* A repeated support point cannot improve v (finite convergence on polygons; Box2D v3 compares support
           indices the same way, without an epsilon). */
        bool repeated = s->p[0].w.x == w->w.x && s->p[0].w.y == w->w.y;
        if (s->count == 2) repeated = repeated || (s->p[1].w.x == w->w.x && s->p[1].w.y == w->w.y);
        if (repeated) {
            exit = converged(state, wd, d);
            break;
        }
        /* The closest point of the simplex with w, and the vertices it keeps (committed only on progress). */
        gjk_subsimplex2 sub;
        gjk_simplex2_closest(s->p, s->count + 1, tol, &sub);
        if (!(gjk_len_sq2(sub.v) < vv)) {
            /* |v| must decrease strictly; when rounding stops it, the previous simplex is the best answer. */
            exit = converged(state, wd, d);
            break;
        }
        gjk_simplex2_commit(s, &sub);
        v = sub.v;
        if (ctx->rec) gjk_debug2_step(ctx->rec, s, v);
    }
    if (ctx->bad) exit = GJK2_BAD_SUPPORT;
    state->v = v;
    state->iterations = it;
    state->exit = exit;
}

/* Support of a polygon core (local frame): hill climbing for big ones, else brute force. */
GJK2_INLINE gjk_vec2 polygon_support(gjk2_body *b, gjk_vec2 d) {
    if (b->climb) return b->verts[gjk2_polygon_support(b, d)];
    const gjk_vec2 *v = b->verts;
    const int n = b->count;
    int best = 0;
    gjk_real best_dot = v[0].x * d.x + v[0].y * d.y;
    for (int i = 1; i < n; i++) {
        gjk_real t = v[i].x * d.x + v[i].y * d.y;
        if (t > best_dot) {
            best_dot = t;
            best = i;
        }
    }
    return v[best];
}

/* run_kinds for two polygon cores, written out with the state in locals: the commonest pair, and the one whose
   loop is worth the duplication (the generic instance spills most of its state to the stack). */
GJK2_NOINLINE void run_polygons(gjk2_state *state, gjk2_ctx *ctx, bool stop_on_separation, bool stop_within_radius) {
    gjk2_body *A = &ctx->a, *B = &ctx->b;
    const gjk_rot2 q = B->rot;
    const gjk_vec2 t = B->pos;
    const gjk_real tol = gjk2_tolerance(ctx), reach = ctx->radius + gjk2_touch_tolerance(ctx);
    const gjk_real floor = tol + GJK_R(0.70710678) * state->lim->tol * ctx->size; /* (see run_kinds) */
    const int max_it = state->lim->max_gjk;
    gjk2_simplex *s = &state->simplex;
    gjk2_vertex *p = s->p;
    int count = s->count, it = state->iterations;
    gjk_vec2 v = state->v;
    gjk2_exit exit;
    if (count == 0) {
        p[0].a = polygon_support(A, v);
        p[0].b = gjk_add2(gjk_rotate2(q, polygon_support(B, gjk_inv_rotate2(q, gjk_neg2(v)))), t);
        p[0].w = gjk_sub2(p[0].a, p[0].b);
        count = 1;
        v = p[0].w;
        if (ctx->rec) {
            s->count = count;
            gjk_debug2_step(ctx->rec, s, v);
        }
    }
    for (;;) {
        gjk_real vv = gjk_len_sq2(v);
        if (count == 3 || vv <= tol * tol) {
            exit = GJK2_OVERLAP;
            break;
        }
        if (stop_within_radius && vv <= reach * reach) {
            exit = GJK2_WITHIN_RADIUS;
            break;
        }
        if (it >= max_it) {
            exit = GJK2_MAX_ITERATIONS;
            break;
        }
        it++;
        gjk_vec2 d = gjk_neg2(v);
        if (count == 2) {
            gjk_vec2 e = gjk_sub2(p[1].w, p[0].w);
            gjk_real side = gjk_cross2(p[0].w, e);
            if (side > 0) d = gjk_perp2(e);
            if (side < 0) d = gjk_neg2(gjk_perp2(e));
        }
        gjk2_vertex *w = &p[count];
        w->a = polygon_support(A, d);
        w->b = gjk_add2(gjk_rotate2(q, polygon_support(B, gjk_inv_rotate2(q, gjk_neg2(d)))), t);
        w->w = gjk_sub2(w->a, w->b);
        gjk_real wd = gjk_dot2(w->w, d);
        if (stop_on_separation && wd < 0 && wd * wd > reach * reach * gjk_len_sq2(d)) {
            state->sep = d;
            state->lower_bound = -wd / gjk_len2(d);
            exit = GJK2_SEPARATED;
            break;
        }
        if (gjk_dot2(gjk_sub2(w->w, v), d) <= floor * gjk2_norm1(d)) {
            exit = converged(state, wd, d); /* duality gap, as in run_kinds (polygons: no relative part) */
            break;
        }
        if ((p[0].w.x == w->w.x && p[0].w.y == w->w.y) ||
            (count == 2 && p[1].w.x == w->w.x && p[1].w.y == w->w.y)) {
            exit = converged(state, wd, d);
            break;
        }
        gjk_subsimplex2 sub;
        gjk_simplex2_closest(p, count + 1, tol, &sub);
        if (!(gjk_len_sq2(sub.v) < vv)) {
            exit = converged(state, wd, d);
            break;
        }
        gjk_simplex2_commit(s, &sub);
        count = sub.count;
        v = sub.v;
        if (ctx->rec) {
            s->count = count;
            gjk_debug2_step(ctx->rec, s, v);
        }
    }
    ctx->support_calls += it + 1 - state->iterations;
    s->count = count;
    state->v = v;
    state->iterations = it;
    state->exit = exit;
}

/* One out-of-line function per instance, so that each gets its own register allocation. */
GJK2_NOINLINE void run_any(gjk2_state *st, gjk2_ctx *ctx, bool sep, bool within) {
    run_kinds(st, ctx, sep, within, -1, -1);
}
GJK2_NOINLINE void run_boxes(gjk2_state *st, gjk2_ctx *ctx, bool sep, bool within) {
    run_kinds(st, ctx, sep, within, GJK2_BOX, GJK2_BOX);
}
GJK2_NOINLINE void run_polygon_box(gjk2_state *st, gjk2_ctx *ctx, bool sep, bool within) {
    run_kinds(st, ctx, sep, within, GJK2_POLYGON, GJK2_BOX);
}
GJK2_NOINLINE void run_box_polygon(gjk2_state *st, gjk2_ctx *ctx, bool sep, bool within) {
    run_kinds(st, ctx, sep, within, GJK2_BOX, GJK2_POLYGON);
}

void gjk2_run(gjk2_state *state, gjk2_ctx *ctx, bool stop_on_separation, bool stop_within_radius) {
    if (state->exit != GJK2_RUNNING && state->exit != GJK2_WITHIN_RADIUS) return;
    const int ka = (int)ctx->a.kind, kb = (int)ctx->b.kind;
    const bool sep = stop_on_separation, within = stop_within_radius;
    if (ctx->grow)
        run_any(state, ctx, sep, within);
    else if (ka == GJK2_POLYGON && kb == GJK2_POLYGON)
        run_polygons(state, ctx, sep, within);
    else if (ka == GJK2_BOX && kb == GJK2_BOX)
        run_boxes(state, ctx, sep, within);
    else if (ka == GJK2_POLYGON && kb == GJK2_BOX)
        run_polygon_box(state, ctx, sep, within);
    else if (ka == GJK2_BOX && kb == GJK2_POLYGON)
        run_box_polygon(state, ctx, sep, within);
    else
        run_any(state, ctx, sep, within);
}

/* The closest points of the cores, from the final simplex. */
void gjk2_witnesses(const gjk2_state *state, gjk_vec2 *a, gjk_vec2 *b) { gjk_simplex2_witness(&state->simplex, a, b); }
