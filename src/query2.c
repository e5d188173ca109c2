// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The 2D queries: input checks, the change to A's local frame, the choice of algorithm, the analytic radii, and the
   results.

   Every query works in A's local frame (docs/numerics.md, "Far from the origin"): B's pose is expressed relative to A
   once, so the support points GJK subtracts are small numbers even when the pair stands far from the world origin,
   and the results are mapped back to the world at the end.

   Radii (docs/numerics.md, "Rounded shapes"): the algorithms work on the cores and the total radius R = rA + rB is
   applied analytically. Core distance d > R: separated, gap d - R. 0 < d <= R: shallow overlap, depth R - d with
   the core direction, exact. When the cores themselves overlap, the depth is the core depth plus R, exact for convex
   sets because the depth of K + disc(R) is depth(K) + R (the support function of a set rounded by R is its own plus
   R in every direction).

   Algorithms, fastest first: closed forms for point and segment cores and for a point against a box or polygon
   (special2.c); for penetration of box and polygon cores the separating axis theorem (sat2.c), which also exits at
   the first separating axis; otherwise GJK (gjk2.c), with EPA (epa2.c) for the depth of overlapping cores that are
   not polygons (user shapes). Every path fills the same gjk2_core answer, turned into results here. */
#include <string.h>

#include "internal2.h"
#include "rescale.h"

static gjk_result2 zero_result(gjk_status status) {
    gjk_result2 r;
    r.status = status;
    r.intersect = false;
    r.distance = 0;
    r.normal = gjk_v2(0, 0);
    r.point_a = gjk_v2(0, 0);
    r.point_b = gjk_v2(0, 0);
    r.iterations = 0;
    r.epa_iterations = 0;
    /* (zeroed for invalid input, as every other field; otherwise unbounded until an answer bounds it) */
    r.lower = status == GJK_INVALID_INPUT ? 0 : -GJK_REAL_MAX;
    r.upper = status == GJK_INVALID_INPUT ? 0 : GJK_REAL_MAX;
    return r;
}

/* World transform of A, kept to map results back. */
typedef struct frame2 {
    gjk_rot2 rot;
    gjk_vec2 pos;
} frame2;

/* Check the inputs (O(1)) and place both shapes in A's local frame. `dbg`: a debug query's record (gjk/debug.h),
   NULL for the plain queries. */
static bool setup(const gjk_pair2 *pair, const gjk_limits *lim, gjk2_ctx *ctx, frame2 *fa, gjk_debug2 *dbg) {
    ctx->lim = lim;
    if (pair == NULL || !gjk2_body_init(&ctx->a, pair->a) || !gjk2_body_init(&ctx->b, pair->b)) return false;
    gjk_rot2 qa, qb;
    if (!gjk2_unit_rotation(pair->pose_a.rotation, &qa) || !gjk2_unit_rotation(pair->pose_b.rotation, &qb)) return false;
    if (!gjk_bounded2(pair->pose_a.position) || !gjk_bounded2(pair->pose_b.position)) return false;
    fa->rot = qa;
    fa->pos = pair->pose_a.position;
    ctx->support_calls = 0;
    ctx->bad = false;
    ctx->a.rot = gjk_rot2_identity();
    ctx->a.pos = gjk_v2(0, 0);
    /* B relative to A: rotation qa^-1 qb, position qa^-1 (pb - pa), finite since both positions are bounded by
       GJK_MAX_COORD; so is the sum of the radii, each checked finite by gjk2_body_init. */
    ctx->b.rot.c = qa.c * qb.c + qa.s * qb.s;
    ctx->b.rot.s = qa.c * qb.s - qa.s * qb.c;
    ctx->b.pos = gjk_inv_rotate2(qa, gjk_sub2(pair->pose_b.position, pair->pose_a.position));
    ctx->radius = ctx->a.radius + ctx->b.radius;
    if (ctx->a.kind == GJK2_USER || ctx->b.kind == GJK2_USER) {
        /* A user callback answering NaN for the centre is an invalid input too. */
        if (ctx->a.kind == GJK2_USER) ctx->a.centre = gjk2_user_centre(pair->a);
        if (ctx->b.kind == GJK2_USER) ctx->b.centre = gjk2_user_centre(pair->b);
        if (!gjk_bounded2(ctx->a.centre) || !gjk_bounded2(ctx->b.centre)) return false;
    }
    ctx->b.centre = gjk_add2(gjk_rotate2(ctx->b.rot, ctx->b.centre), ctx->b.pos);
    /* The length scale bounds every coordinate of A's points (query frame) and of B's (its own frame and the query
       frame); a shape of unknown extent (user callback) grows it with its support points instead. */
    ctx->grow = ctx->a.extent < 0 || ctx->b.extent < 0;
    ctx->special = gjk2_special_applies(ctx);
    ctx->polygons = gjk2_sat_applies(ctx);
    ctx->size = gjk_maxr(ctx->radius, gjk_maxr(gjk_maxr(ctx->a.extent, 0),
                                               gjk2_norm_inf(ctx->b.pos) + gjk_maxr(ctx->b.extent, 0)));
    ctx->rec = NULL;
    if (dbg) {
        ctx->recorder.out = dbg;
        ctx->recorder.rot = fa->rot;
        ctx->recorder.pos = fa->pos;
        ctx->rec = &ctx->recorder;
        dbg->radius_a = ctx->a.radius;
        dbg->radius_b = ctx->b.radius;
        if (dbg->skip_closed_forms) ctx->special = ctx->polygons = false;
    }
    return true;
}

/* A debug query's record of the algorithm that answered. */
static void note_path2(const gjk2_ctx *ctx, gjk_debug_path path) {
    if (ctx->rec) ctx->rec->out->path = path;
}

/* v when it is a usable direction, scaled to a largest component of 1 when it is tiny or huge (a user callback may
   square it); `fallback` for a zero or non-finite v. */
static gjk_vec2 usable(gjk_vec2 v, gjk_vec2 fallback) {
    gjk_real m = gjk2_norm_inf(v);
    if (!(m > 0) || !gjk_finite(m)) return fallback;
    if (m < GJK_R(1e-15) || m > GJK_R(1e15)) v = gjk2_div(v, m);
    return v;
}

/* The cache was last filled by this pair of shapes (gjk_cache2). Another pair's cache is ignored, then re-owned:
   its points would not be points of this pair's Minkowski difference, and a distance from them could come out too
   small. */
static bool cache_fits(const gjk_cache2 *cache, const gjk_pair2 *pair) {
    return cache != NULL && cache->a == pair->a && cache->b == pair->b;
}

/* First search direction: the cached axis (A's frame) when there is one, else the line of centres. s_D(d) with d
   from A towards B pairs A's point facing B with B's point facing A, a good first guess of the closest point. A
   zeroed cache means a cold start. */
static gjk_vec2 initial_direction(const gjk2_ctx *ctx, const gjk_pair2 *pair, const gjk_cache2 *cache) {
    gjk_vec2 d = usable(gjk_sub2(ctx->b.centre, ctx->a.centre), gjk_v2(1, 0));
    return cache_fits(cache, pair) ? usable(cache->axis, d) : d;
}

/* Start GJK from the cache's simplex placed at the current poses when it holds one for this pair (points of the two
   cores in their own frames are points of D wherever the shapes now stand: a pair that moved a little starts next
   to its answer), else along `direction`. A cache point that is not finite or beyond the input bound means a
   corrupt cache: cold start. */
static void start_gjk(gjk2_state *st, gjk2_ctx *ctx, const gjk_pair2 *pair, const gjk_cache2 *cache,
                      gjk_vec2 direction) {
    int n = cache_fits(cache, pair) && cache->count >= 1 && cache->count <= 3 ? cache->count : 0;
    gjk2_simplex warm;
    for (int i = 0; i < n; i++) {
        gjk2_vertex *v = &warm.p[i];
        v->a = cache->point_a[i];
        v->b = gjk_add2(gjk_rotate2(ctx->b.rot, cache->point_b[i]), ctx->b.pos);
        v->w = gjk_sub2(v->a, v->b);
        if (!gjk_bounded2(v->a) || !gjk_bounded2(cache->point_b[i]) || !gjk_finite2(v->w)) {
            n = 0;
            break;
        }
        gjk2_check_support(ctx, v, cache->point_b[i]); /* user shapes: the size grows with the points */
    }
    warm.count = n;
    if (n > 0)
        gjk2_init_warm(st, ctx, &warm);
    else
        gjk2_init(st, ctx, direction);
    st->lim = ctx->lim;
}

/* Keep the axis (A's frame, from A towards B) and, when GJK ran, its final simplex for the next query on this pair:
   B's points go back to B's own frame. */
static void store_cache2(gjk_cache2 *cache, const gjk_pair2 *pair, const gjk2_ctx *ctx, gjk_vec2 axis,
                        const gjk2_state *st) {
    if (cache == NULL) return;
    if (!cache_fits(cache, pair)) {
        cache->count = 0;
        cache->axis = gjk_v2(0, 0);
        cache->a = pair->a;
        cache->b = pair->b;
    }
    if (axis.x != 0 || axis.y != 0) cache->axis = axis;
    if (st == NULL || st->simplex.count <= 0 || st->exit == GJK2_BAD_SUPPORT) return;
    cache->count = st->simplex.count;
    for (int i = 0; i < st->simplex.count; i++) {
        cache->point_a[i] = st->simplex.p[i].a;
        cache->point_b[i] = gjk_inv_rotate2(ctx->b.rot, gjk_sub2(st->simplex.p[i].b, ctx->b.pos));
    }
}

static gjk_status gjk_exit_status(const gjk2_state *st) {
    return st->exit == GJK2_MAX_ITERATIONS ? GJK_MAX_ITERATIONS : GJK_OK;
}

/* Map a query-frame result to the world (its points only when `points`); a non-finite value (overflow of huge
   finite input) becomes a zeroed GJK_DEGENERATE result rather than a NaN. One test covers every value: a sum is
   finite only when all its terms are (an infinity or NaN propagates), and it overflows only for values near the
   largest finite number, which are no answer either. */
static gjk_result2 to_world2(gjk_result2 *r, const frame2 *fa, bool points) {
    r->normal = gjk_rotate2(fa->rot, r->normal);
    gjk_real sum = r->distance + (r->normal.x + r->normal.y);
    if (points) {
        r->point_a = gjk_add2(gjk_rotate2(fa->rot, r->point_a), fa->pos);
        r->point_b = gjk_add2(gjk_rotate2(fa->rot, r->point_b), fa->pos);
        /* (a tree, not a chain: the test ends the query) */
        sum += (r->point_a.x + r->point_a.y) + (r->point_b.x + r->point_b.y);
    }
    if (!gjk_finite(sum)) {
        int it = r->iterations, epa = r->epa_iterations;
        *r = zero_result(GJK_DEGENERATE);
        r->iterations = it;
        r->epa_iterations = epa;
    }
    return *r;
}

/* The certified interval of the signed distance from bounds lo <= signed core distance <= hi (GJK_REAL_MAX in
   magnitude: unbounded on that side). The allowance covers the rounding of the supports, of B's move into A's frame
   and of the bounds themselves, a few eps of the coordinates each: the touching band, which is sized for the same
   errors, as in 3D. */
static void set_bounds2(const gjk2_ctx *ctx, gjk_result2 *r, gjk_real lo, gjk_real hi) {
    /* (An unbounded end stays +-GJK_REAL_MAX: R and the pad, at most 2e150 (float 2e18), are below half its ulp.) */
    gjk_real R = ctx->radius, pad = GJK_TOL_TOUCH * (ctx->size + R);
    r->lower = lo - (R + pad);
    r->upper = hi - (R - pad);
}

/* The closed forms (special2.c) are exact: their answer bounds itself on both sides. */
static void special_core(const gjk2_ctx *ctx, gjk2_core *c) {
    gjk2_special(ctx, c);
    c->lower = c->upper = c->dist;
}

/* gjk2_sat with the bounds of the cores' answer in `out` (when given): a separation along any axis bounds the
   distance from below, and a CONTACT answer is exact. */
static gjk2_sat_result sat_core(gjk2_ctx *ctx, gjk_real stop, gjk2_core *out, gjk_real *separation, gjk_vec2 *axis) {
    gjk2_sat_result res = gjk2_sat(ctx, stop, out, separation, axis);
    if (out) {
        out->lower = *separation;
        out->upper = res == GJK2_SAT_CONTACT ? *separation : GJK_REAL_MAX;
    }
    return res;
}

/* Signed-distance result of the rounded shapes from the cores' answer (query frame). `overlap`: the answer comes
   from a depth computation on cores GJK found overlapping, which may leave a core depth a hair below zero; the
   rounded depth is then clamped at zero (touching), which is within the tolerance. */
static void core_result(const gjk2_ctx *ctx, const gjk2_core *c, bool overlap, gjk_result2 *r) {
    gjk_real d = c->dist - ctx->radius;
    r->distance = overlap ? gjk_minr(d, 0) : d;
    r->intersect = overlap || d <= gjk2_touch_tolerance(ctx);
    r->normal = c->normal;
    r->point_a = gjk_mad2(c->a, ctx->a.radius, c->normal);
    /* point_b = core_b - rB n in theory; written from point_a so that point_b = point_a + distance * normal holds
       to rounding whatever the error of the witnesses. */
    r->point_b = gjk_mad2(r->point_a, r->distance, c->normal);
    /* The interval, widened to hold the answer (it still holds the true distance). */
    set_bounds2(ctx, r, c->lower, c->upper);
    r->lower = gjk_minr(r->lower, r->distance);
    r->upper = gjk_maxr(r->upper, r->distance);
}

/* Distance-query result: as core_result for separated shapes; for overlapping or touching ones distance 0 and a
   point common to both. With the cores apart (0 < d <= R), the point at s along the segment from core point a to
   core point b (length d) is in disc(a, rA) when |s| <= rA and in disc(b, rB) when |s - d| <= rB; the middle of
   the intersection of those ranges is in both. With the cores overlapping, a common point of the cores is. */
static void distance_result(const gjk2_ctx *ctx, const gjk2_core *c, gjk_result2 *r) {
    core_result(ctx, c, false, r);
    if (!r->intersect) return;
    gjk_vec2 common = c->common;
    if (c->dist > 0) {
        gjk_real lo = gjk_maxr(c->dist - ctx->b.radius, -ctx->a.radius);
        gjk_real hi = gjk_minr(c->dist + ctx->b.radius, ctx->a.radius);
        common = gjk_mad2(c->a, GJK_R(0.5) * (lo + hi), c->normal);
    }
    r->distance = 0;
    r->normal = gjk_v2(0, 0);
    r->point_a = r->point_b = common;
}

/* A boolean query's answer for separated shapes: a separating axis and a lower bound of the gap. */
static void separated_result(const gjk2_ctx *ctx, gjk_real lower, gjk_vec2 axis, gjk_result2 *r) {
    r->intersect = false;
    r->distance = lower - ctx->radius;
    r->normal = axis;
}

/* The cores' answer at the end of a GJK run that did not find them overlapping: |v|, its direction, and the
   closest points; for an overlap, distance 0 and the common point of the witnesses (equal within tolerance). */
static void gjk_core(gjk2_ctx *ctx, const gjk2_state *st, gjk2_core *c) {
    gjk2_witnesses(st, &c->a, &c->b);
    /* v is a point of D: |v| bounds the distance from above; a support point bounds it from below. */
    c->lower = gjk2_lower(st, ctx);
    c->upper = gjk_len2(st->v);
    if (st->exit == GJK2_OVERLAP) {
        c->dist = 0;
        c->normal = gjk_v2(0, 0);
        c->common = gjk_scale2(gjk_add2(c->a, c->b), GJK_R(0.5));
        return;
    }
    c->dist = c->upper;
    c->normal = gjk2_direction(st);
    c->common = c->a;
}

/* Depth of cores that GJK found overlapping: SAT for polygons, else EPA. */
static void overlap_core(gjk2_ctx *ctx, const gjk2_state *st, gjk2_core *c, gjk_result2 *r) {
    gjk_real gjk_upper = gjk_len2(st->v);
    if (ctx->polygons) {
        note_path2(ctx, GJK_PATH_CLOSED_FORM);
        gjk_real sep;
        gjk_vec2 axis;
        (void)sat_core(ctx, GJK_REAL_MAX, c, &sep, &axis);
        c->upper = gjk_minr(c->upper, gjk_maxr(gjk_upper, c->lower)); /* (cores apart within GJK's tolerance) */
        return;
    }
    gjk2_epa_result e;
    note_path2(ctx, GJK_PATH_GJK_EPA);
    gjk2_epa(ctx, st, &e);
    r->epa_iterations = e.iterations;
    if (e.status != GJK_OK) r->status = e.status;
    c->dist = -e.depth;
    c->normal = e.normal;
    c->a = e.a;
    c->b = e.b;
    c->common = e.a;
    /* Any support value bounds the depth from above (so the signed distance from below), EPA's polygon from below,
       and GJK's point of D bounds the distance from above. */
    c->lower = gjk_maxr(gjk2_lower(st, ctx), e.upper < GJK_REAL_MAX ? -e.upper : -GJK_REAL_MAX);
    c->upper = e.lower > -GJK_REAL_MAX ? gjk_minr(gjk_upper, -e.lower) : gjk_upper;
}

/* GJK to the full signed distance, from the state's current simplex, then the depth when the cores overlap. */
static void signed_distance_from(gjk2_state *st, gjk2_ctx *ctx, gjk_result2 *r) {
    note_path2(ctx, GJK_PATH_GJK);
    gjk2_run(st, ctx, false, false);
    r->iterations = st->iterations;
    if (st->exit == GJK2_BAD_SUPPORT) return;
    r->status = gjk_exit_status(st);
    gjk2_core c;
    if (st->exit != GJK2_OVERLAP) {
        gjk_core(ctx, st, &c);
        core_result(ctx, &c, false, r);
        return;
    }
    overlap_core(ctx, st, &c, r);
    if (!ctx->bad) core_result(ctx, &c, true, r);
}

/* Result of a boolean phase that did not find the shapes overlapping (query frame), with GJK's bounds whatever it
   found. */
static bool boolean_separated(const gjk2_state *st, gjk2_ctx *ctx, gjk_result2 *r) {
    set_bounds2(ctx, r, gjk2_lower(st, ctx), gjk_len2(st->v));
    if (st->exit == GJK2_SEPARATED) {
        gjk_real m = gjk2_norm_inf(st->sep);
        separated_result(ctx, st->lower_bound, gjk_normalize2(gjk2_div(st->sep, m)), r);
        return true;
    }
    if (st->exit == GJK2_CONVERGED || st->exit == GJK2_MAX_ITERATIONS) {
        /* GJK converged before a support point proved the gap: |v| is then the distance within tolerance. */
        gjk_real d = gjk_len2(st->v);
        if (d - ctx->radius > gjk2_touch_tolerance(ctx)) {
            separated_result(ctx, d, gjk2_direction(st), r);
            return true;
        }
    }
    return false;
}

/* Run a GJK phase (boolean: stop at a separating axis; both: stop once the rounded shapes touch) from the warm
   cache's simplex or else `direction`, and start the result with its status and iterations. False when a user
   support callback failed. */
static bool gjk_phase(gjk2_ctx *ctx, const gjk_pair2 *pair, const gjk_cache2 *warm, gjk_vec2 direction, bool boolean,
                      gjk2_state *st, gjk_result2 *r) {
    note_path2(ctx, GJK_PATH_GJK);
    start_gjk(st, ctx, pair, warm, direction);
    gjk2_run(st, ctx, boolean, true);
    if (ctx->bad) return false;
    r->status = gjk_exit_status(st);
    r->iterations = st->iterations;
    return true;
}

/* The separating axes (sat2.c) pay off for the boolean and distance queries only while all of them cost less than
   a few GJK iterations; penetration depths of polygons always come from them. */
static bool small_polygons(const gjk2_ctx *ctx) {
    return ctx->polygons && ctx->a.count <= GJK2_SAT_BOOLEAN && ctx->b.count <= GJK2_SAT_BOOLEAN;
}

static gjk_result2 intersect2_impl(const gjk_pair2 *pair, const gjk_limits *lim, gjk_cache2 *cache,
                                   gjk_debug2 *dbg) {
    gjk2_ctx ctx;
    frame2 fa;
    gjk2_state st;
    gjk2_core c;
    gjk_result2 r = zero_result(GJK_OK);
    if (!setup(pair, lim, &ctx, &fa, dbg)) return zero_result(GJK_INVALID_INPUT);
    const gjk_real reach = ctx.radius + gjk2_touch_tolerance(&ctx);
    if (ctx.special) {
        note_path2(&ctx, GJK_PATH_CLOSED_FORM);
        special_core(&ctx, &c);
        set_bounds2(&ctx, &r, c.dist, c.dist);
        if (c.dist > reach)
            separated_result(&ctx, c.dist, c.normal, &r);
        else
            r.intersect = true;
        store_cache2(cache, pair, &ctx, c.normal, NULL);
        return to_world2(&r, &fa, false);
    }
    gjk_vec2 start;
    const gjk_cache2 *warm = NULL;
    if (!small_polygons(&ctx)) {
        start = initial_direction(&ctx, pair, cache);
        warm = cache;
    } else {
        /* The first separating axis proves a gap; none at all, an overlap of the cores. */
        gjk_real sep;
        gjk_vec2 axis;
        note_path2(&ctx, GJK_PATH_CLOSED_FORM);
        gjk2_sat_result res = gjk2_sat(&ctx, reach, ctx.radius > 0 ? &c : NULL, &sep, &axis);
        store_cache2(cache, pair, &ctx, axis, NULL);
        if (res == GJK2_SAT_SEPARATED) {
            separated_result(&ctx, sep, axis, &r);
            set_bounds2(&ctx, &r, sep, GJK_REAL_MAX);
            return to_world2(&r, &fa, false);
        }
        if (res == GJK2_SAT_CONTACT) {
            set_bounds2(&ctx, &r, sep, sep); /* (every axis tried: the largest separation is exact) */
            r.intersect = true;
            if (ctx.radius > 0 && c.dist > reach) separated_result(&ctx, c.dist, c.normal, &r);
            return to_world2(&r, &fa, false);
        }
        start = axis; /* apart by at most the radii: the cores' distance decides */
    }
    if (!gjk_phase(&ctx, pair, warm, start, true, &st, &r)) return zero_result(GJK_INVALID_INPUT);
    if (!boolean_separated(&st, &ctx, &r)) r.intersect = true;
    store_cache2(cache, pair, &ctx, r.intersect ? gjk_neg2(st.v) : r.normal, &st);
    return to_world2(&r, &fa, false);
}

static gjk_result2 distance2_impl(const gjk_pair2 *pair, const gjk_limits *lim, gjk_cache2 *cache,
                                  gjk_debug2 *dbg) {
    gjk2_ctx ctx;
    frame2 fa;
    gjk2_state st;
    gjk_result2 r = zero_result(GJK_OK);
    gjk2_core c;
    if (!setup(pair, lim, &ctx, &fa, dbg)) return zero_result(GJK_INVALID_INPUT);
    gjk_vec2 start = gjk_v2(0, 0);
    const gjk_cache2 *warm = NULL;
    bool done = false;
    if (ctx.special) {
        note_path2(&ctx, GJK_PATH_CLOSED_FORM);
        special_core(&ctx, &c);
        done = true;
    } else if (!small_polygons(&ctx)) {
        start = initial_direction(&ctx, pair, cache);
        warm = cache;
    } else {
        /* Polygons apart whose closest features face each other: the largest separation is the distance. Other
           pairs (overlapping ones need a common point) go on with GJK along the axis found. */
        gjk_real sep;
        gjk_vec2 axis;
        note_path2(&ctx, GJK_PATH_CLOSED_FORM);
        done = sat_core(&ctx, GJK_REAL_MAX, &c, &sep, &axis) == GJK2_SAT_CONTACT && c.dist > 0;
        start = axis;
    }
    if (!done) {
        if (!gjk_phase(&ctx, pair, warm, start, false, &st, &r)) return zero_result(GJK_INVALID_INPUT);
        gjk_core(&ctx, &st, &c);
    }
    distance_result(&ctx, &c, &r);
    store_cache2(cache, pair, &ctx, c.normal, done ? NULL : &st);
    return to_world2(&r, &fa, true);
}

static gjk_result2 penetration2_impl(const gjk_pair2 *pair, const gjk_limits *lim, gjk_cache2 *cache,
                                     gjk_debug2 *dbg) {
    gjk2_ctx ctx;
    frame2 fa;
    gjk2_state st;
    gjk2_core c;
    gjk_result2 r = zero_result(GJK_OK);
    if (!setup(pair, lim, &ctx, &fa, dbg)) return zero_result(GJK_INVALID_INPUT);
    const gjk_real reach = ctx.radius + gjk2_touch_tolerance(&ctx);
    if (ctx.special) {
        note_path2(&ctx, GJK_PATH_CLOSED_FORM);
        special_core(&ctx, &c);
        if (c.dist > reach) {
            separated_result(&ctx, c.dist, c.normal, &r);
            set_bounds2(&ctx, &r, c.dist, c.dist);
        } else {
            core_result(&ctx, &c, false, &r);
        }
        store_cache2(cache, pair, &ctx, c.normal, NULL);
        return to_world2(&r, &fa, r.intersect);
    }
    if (ctx.polygons) {
        /* Polygons: the separating axes decide, and give the depth when the cores overlap. */
        gjk_real sep;
        gjk_vec2 axis;
        note_path2(&ctx, GJK_PATH_CLOSED_FORM);
        gjk2_sat_result res = sat_core(&ctx, reach, &c, &sep, &axis);
        store_cache2(cache, pair, &ctx, axis, NULL);
        if (res == GJK2_SAT_SEPARATED) {
            separated_result(&ctx, sep, axis, &r);
            set_bounds2(&ctx, &r, sep, GJK_REAL_MAX);
            return to_world2(&r, &fa, false);
        }
        if (res == GJK2_SAT_CONTACT) {
            core_result(&ctx, &c, false, &r);
            if (!r.intersect) {
                r.point_a = r.point_b = gjk_v2(0, 0);
                separated_result(&ctx, c.dist, c.normal, &r);
            }
            return to_world2(&r, &fa, r.intersect);
        }
        /* Apart but within the radii (or touching): the cores' distance decides, GJK along the axis. */
        gjk2_init(&st, &ctx, axis);
        st.lim = ctx.lim;
    } else {
        if (!gjk_phase(&ctx, pair, cache, initial_direction(&ctx, pair, cache), true, &st, &r))
            return zero_result(GJK_INVALID_INPUT);
        if (boolean_separated(&st, &ctx, &r)) {
            store_cache2(cache, pair, &ctx, r.normal, &st);
            return to_world2(&r, &fa, false);
        }
    }
    signed_distance_from(&st, &ctx, &r);
    if (ctx.bad) return zero_result(GJK_INVALID_INPUT);
    store_cache2(cache, pair, &ctx, r.normal, &st);
    return to_world2(&r, &fa, true);
}

/* The signed distance by GJK (and the depth of overlapping cores) from the warm cache's simplex or else `start`, in
   A's frame; false when a user callback failed. */
static bool signed_distance_gjk(gjk2_ctx *ctx, const gjk_pair2 *pair, gjk_cache2 *cache, const gjk_cache2 *warm,
                                gjk_vec2 start, gjk_result2 *r) {
    gjk2_state st;
    start_gjk(&st, ctx, pair, warm, start);
    signed_distance_from(&st, ctx, r);
    if (ctx->bad) return false;
    store_cache2(cache, pair, ctx, r->normal, &st);
    return true;
}

/* The signed distance in A's frame (the context and A's frame filled for the caller); false for invalid input. */
static bool signed_distance2_local(const gjk_pair2 *pair, const gjk_limits *lim, gjk_cache2 *cache, gjk_debug2 *dbg,
                                   gjk2_ctx *ctx, frame2 *fa, gjk_result2 *r) {
    gjk2_core c;
    *r = zero_result(GJK_OK);
    if (!setup(pair, lim, ctx, fa, dbg)) return false;
    if (ctx->special) {
        note_path2(ctx, GJK_PATH_CLOSED_FORM);
        special_core(ctx, &c);
        core_result(ctx, &c, false, r);
        store_cache2(cache, pair, ctx, c.normal, NULL);
        return true;
    }
    gjk_vec2 start;
    const gjk_cache2 *warm = NULL;
    if (!small_polygons(ctx)) {
        start = initial_direction(ctx, pair, cache);
        warm = cache;
    } else {
        /* Polygons: exact depth, or exact distance when the closest features face each other. Bigger ones run GJK
           first and the separating axes only when the cores overlap. */
        gjk_real sep;
        gjk_vec2 axis;
        note_path2(ctx, GJK_PATH_CLOSED_FORM);
        if (sat_core(ctx, GJK_REAL_MAX, &c, &sep, &axis) == GJK2_SAT_CONTACT) {
            core_result(ctx, &c, false, r);
            store_cache2(cache, pair, ctx, c.normal, NULL);
            return true;
        }
        start = axis;
    }
    return signed_distance_gjk(ctx, pair, cache, warm, start, r);
}

static gjk_result2 signed_distance2_impl(const gjk_pair2 *pair, const gjk_limits *lim, gjk_cache2 *cache,
                                         gjk_debug2 *dbg) {
    gjk2_ctx ctx;
    frame2 fa;
    gjk_result2 r;
    if (!signed_distance2_local(pair, lim, cache, dbg, &ctx, &fa, &r)) return zero_result(GJK_INVALID_INPUT);
    return to_world2(&r, &fa, true);
}

bool gjk2_signed_distance_local(const gjk_pair2 *pair, gjk_cache2 *cache, gjk2_ctx *ctx, gjk_rot2 *rot_a,
                                gjk_result2 *r) {
    frame2 fa;
    if (!signed_distance2_local(pair, &gjk_default_limits, cache, NULL, ctx, &fa, r)) return false;
    *rot_a = fa.rot;
    return true;
}

int gjk2_sat_signed_distance(const gjk_pair2 *pair, gjk_cache2 *cache, gjk2_ctx *ctx, gjk_rot2 *rot_a,
                             gjk2_sat_axes *s, gjk2_core *c, gjk_result2 *r) {
    frame2 fa;
    if (!setup(pair, &gjk_default_limits, ctx, &fa, NULL)) return -1;
    /* Bigger polygons take GJK's normal in gjk_signed_distance2 (small_polygons), which the manifold keeps. */
    if (ctx->special || !small_polygons(ctx) || ctx->a.kind == GJK2_SEGMENT || ctx->b.kind == GJK2_SEGMENT) return 0;
    *rot_a = fa.rot;
    gjk2_sat_pass(ctx, GJK_REAL_MAX, true, s);
    /* Overlapping cores need no points to certify the depth: the caller asks for them if it needs them. */
    if (s->best > 0 && gjk2_sat_points(ctx, s, c) != GJK2_SAT_CONTACT) {
        /* Closest features that do not face each other: GJK along the axis, as gjk_signed_distance2. */
        *r = zero_result(GJK_OK);
        return signed_distance_gjk(ctx, pair, cache, NULL, s->axis, r) ? 2 : -1;
    }
    store_cache2(cache, pair, ctx, s->axis, NULL);
    return 1;
}

/* One entry for every query (but the debug one). Pairs outside the comfortable scale range are answered rescaled
   by a power of two, without their cache (rescale.h). */
static gjk_result2 run2(gjk_query_kind kind, const gjk_pair2 *pair, const gjk_limits *lim, gjk_cache2 *cache) {
    gjk_rescaled2 rs;
    if (gjk_rescale2_pair(pair, 0, &rs)) {
        gjk_result2 x = run2(kind, &rs.pair, lim, NULL);
        /* Points when the query computed them: intersect never does, penetration of a separated pair not either
           (a separated answer with points has two distinct ones). */
        bool points = kind == GJK_QUERY_DISTANCE || kind == GJK_QUERY_SIGNED_DISTANCE ||
                      (kind == GJK_QUERY_PENETRATION &&
                       (x.intersect || gjk_rescale2_nonzero(x.point_a) || gjk_rescale2_nonzero(x.point_b)));
        return gjk_rescale2_result(&rs, x, points);
    }
    switch (kind) {
    case GJK_QUERY_INTERSECT: return intersect2_impl(pair, lim, cache, NULL);
    case GJK_QUERY_DISTANCE: return distance2_impl(pair, lim, cache, NULL);
    case GJK_QUERY_PENETRATION: return penetration2_impl(pair, lim, cache, NULL);
    case GJK_QUERY_SIGNED_DISTANCE: return signed_distance2_impl(pair, lim, cache, NULL);
    default: return zero_result(GJK_INVALID_INPUT);
    }
}

gjk_result2 gjk_intersect2(const gjk_pair2 *pair, gjk_cache2 *cache) {
    return run2(GJK_QUERY_INTERSECT, pair, &gjk_default_limits, cache);
}
gjk_result2 gjk_distance2(const gjk_pair2 *pair, gjk_cache2 *cache) {
    return run2(GJK_QUERY_DISTANCE, pair, &gjk_default_limits, cache);
}
gjk_result2 gjk_penetration2(const gjk_pair2 *pair, gjk_cache2 *cache) {
    return run2(GJK_QUERY_PENETRATION, pair, &gjk_default_limits, cache);
}
gjk_result2 gjk_signed_distance2(const gjk_pair2 *pair, gjk_cache2 *cache) {
    return run2(GJK_QUERY_SIGNED_DISTANCE, pair, &gjk_default_limits, cache);
}

gjk_result2 gjk_query2(gjk_query_kind kind, const gjk_pair2 *pair, const gjk_options *options, gjk_cache2 *cache) {
    gjk_limits lim;
    if (!gjk_limits_from(options, &lim)) return zero_result(GJK_INVALID_INPUT);
    return run2(kind, pair, &lim, cache);
}

/* A debug record starts empty, keeping only its inputs. */
static void reset_debug2(gjk_debug2 *debug) {
    if (!debug) return;
    bool skip = debug->skip_closed_forms;
    memset(debug, 0, sizeof *debug);
    debug->skip_closed_forms = skip;
    debug->epa_best_edge = -1;
}

gjk_result2 gjk_query2_debug(gjk_query_kind kind, const gjk_pair2 *pair, gjk_cache2 *cache, gjk_debug2 *debug) {
    reset_debug2(debug);
    gjk_result2 r;
    switch (kind) {
    case GJK_QUERY_INTERSECT: r = intersect2_impl(pair, &gjk_default_limits, cache, debug); break;
    case GJK_QUERY_DISTANCE: r = distance2_impl(pair, &gjk_default_limits, cache, debug); break;
    case GJK_QUERY_PENETRATION: r = penetration2_impl(pair, &gjk_default_limits, cache, debug); break;
    case GJK_QUERY_SIGNED_DISTANCE: r = signed_distance2_impl(pair, &gjk_default_limits, cache, debug); break;
    default: return zero_result(GJK_INVALID_INPUT);
    }
    if (r.status == GJK_INVALID_INPUT) reset_debug2(debug); /* (a callback may fail after steps were recorded) */
    return r;
}
