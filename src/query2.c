/* The 2D queries: input checks, the change to A's local frame, the analytic radii, and the results.

   Every query works in A's local frame (NUMERICS.md, "Far from the origin"): B's pose is expressed relative to A
   once, so the support points GJK subtracts are small numbers even when the pair stands far from the world origin,
   and the results are mapped back to the world at the end.

   Radii (NUMERICS.md, "Rounded shapes"): GJK runs on the cores and the total radius R = rA + rB is applied
   analytically. Core distance d > R: separated, gap d - R. 0 < d <= R: shallow overlap, depth R - d with the core
   direction, exact. Only when the cores themselves overlap does EPA run, on the cores, and the depth is the core
   depth plus R, exact for convex sets because the depth of K + disc(R) is depth(K) + R (the support function of a
   set rounded by R is its own plus R in every direction). */
#include "internal2.h"

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
    return r;
}

/* A rotation scaled to unit length; false when zero or not finite. Dividing by the larger component first keeps
   the squares from overflowing or underflowing. */
static bool unit_rotation(gjk_rot2 q, gjk_rot2 *out) {
    if (!gjk_finite(q.c) || !gjk_finite(q.s)) return false;
    gjk_real m = gjk_maxr(GJK_ABS(q.c), GJK_ABS(q.s));
    if (!(m > 0)) return false;
    gjk_real c = q.c / m, s = q.s / m;
    gjk_real l = GJK_SQRT(c * c + s * s);
    out->c = c / l;
    out->s = s / l;
    return true;
}

/* World transform of A, kept to map results back. */
typedef struct frame2 {
    gjk_rot2 rot;
    gjk_vec2 pos;
} frame2;

/* Check the inputs and place both shapes in A's local frame. */
static bool setup(const gjk_pair2 *pair, gjk2_ctx *ctx, frame2 *fa) {
    if (pair == NULL || gjk_shape2_validate(pair->a) != GJK_OK || gjk_shape2_validate(pair->b) != GJK_OK) return false;
    gjk_rot2 qa, qb;
    if (!unit_rotation(pair->pose_a.rotation, &qa) || !unit_rotation(pair->pose_b.rotation, &qb)) return false;
    if (!gjk_finite2(pair->pose_a.position) || !gjk_finite2(pair->pose_b.position)) return false;
    fa->rot = qa;
    fa->pos = pair->pose_a.position;

    ctx->support_calls = 0;
    ctx->bad = false;
    ctx->a.shape = pair->a;
    ctx->a.rot = gjk_rot2_identity();
    ctx->a.pos = gjk_v2(0, 0);
    ctx->a.radius = gjk2_core_radius(pair->a);
    ctx->a.centre = gjk2_core_centre(pair->a);

    /* B relative to A: rotation qa^-1 qb, position qa^-1 (pb - pa). */
    ctx->b.shape = pair->b;
    ctx->b.rot.c = qa.c * qb.c + qa.s * qb.s;
    ctx->b.rot.s = qa.c * qb.s - qa.s * qb.c;
    ctx->b.pos = gjk_inv_rotate2(qa, gjk_sub2(pair->pose_b.position, pair->pose_a.position));
    ctx->b.radius = gjk2_core_radius(pair->b);
    ctx->b.centre = gjk_add2(gjk_rotate2(ctx->b.rot, gjk2_core_centre(pair->b)), ctx->b.pos);
    ctx->radius = ctx->a.radius + ctx->b.radius;
    /* Overflowing sums and a user callback answering NaN for the centre are invalid inputs too. */
    return gjk_finite2(ctx->b.pos) && gjk_finite2(ctx->a.centre) && gjk_finite2(ctx->b.centre) &&
           gjk_finite(ctx->radius);
}

/* v / |v| scaled first by its largest component, so that tiny or huge finite vectors neither underflow nor
   overflow; `fallback` for a zero or non-finite v. */
static gjk_vec2 unit_or(gjk_vec2 v, gjk_vec2 fallback) {
    gjk_real m = gjk_maxr(GJK_ABS(v.x), GJK_ABS(v.y));
    if (!(m > 0) || !gjk_finite(m)) return fallback;
    return gjk_normalize2(gjk_scale2(v, GJK_R(1.0) / m));
}

/* First search direction (unit): the cached axis (A's frame) when there is one, else the line of centres. s_D(d)
   with d from A towards B pairs A's point facing B with B's point facing A, a good first guess of the closest
   point. A zeroed cache means a cold start. */
static gjk_vec2 initial_direction(const gjk2_ctx *ctx, const gjk_cache2 *cache) {
    gjk_vec2 d = unit_or(gjk_sub2(ctx->b.centre, ctx->a.centre), gjk_v2(1, 0));
    return cache != NULL ? unit_or(cache->axis, d) : d;
}

static void store_axis(gjk_cache2 *cache, gjk_vec2 axis) {
    if (cache != NULL && (axis.x != 0 || axis.y != 0)) cache->axis = axis;
}

static gjk_status gjk_exit_status(const gjk2_state *st) {
    return st->exit == GJK2_MAX_ITERATIONS ? GJK_MAX_ITERATIONS : GJK_OK;
}

/* Map a query-frame result to the world; a non-finite value (overflow of huge finite input) becomes a zeroed
   GJK_DEGENERATE result rather than a NaN. */
static gjk_result2 to_world(gjk_result2 r, const frame2 *fa) {
    r.normal = gjk_rotate2(fa->rot, r.normal);
    r.point_a = gjk_add2(gjk_rotate2(fa->rot, r.point_a), fa->pos);
    r.point_b = gjk_add2(gjk_rotate2(fa->rot, r.point_b), fa->pos);
    if (!gjk_finite(r.distance) || !gjk_finite2(r.normal) || !gjk_finite2(r.point_a) || !gjk_finite2(r.point_b)) {
        gjk_result2 z = zero_result(GJK_DEGENERATE);
        z.iterations = r.iterations;
        z.epa_iterations = r.epa_iterations;
        return z;
    }
    return r;
}

/* Separated cores at distance |v| > 0 (query frame): gap, normal and closest points of the rounded shapes. */
static void separated_answer(const gjk2_state *st, const gjk2_ctx *ctx, gjk_result2 *r) {
    gjk_real d = gjk_len2(st->v);
    gjk_vec2 n = st->dir;
    gjk_vec2 ca, cb;
    gjk2_witnesses(st, &ca, &cb);
    r->distance = d - ctx->radius;
    r->normal = n;
    r->point_a = gjk_mad2(ca, ctx->a.radius, n);
    /* point_b = core_b - rB n in theory; written from point_a so that point_b = point_a + distance * normal holds
       to rounding whatever the error of the witnesses. */
    r->point_b = gjk_mad2(r->point_a, r->distance, n);
    r->intersect = r->distance <= gjk2_touch_tolerance(st);
}

/* Continue GJK to the full signed distance, with EPA when the cores overlap. Query frame. */
static void signed_distance_from(gjk2_state *st, gjk2_ctx *ctx, gjk_result2 *r) {
    gjk2_run(st, ctx, false, false);
    r->iterations = st->iterations;
    if (st->exit == GJK2_BAD_SUPPORT) return;
    r->status = gjk_exit_status(st);
    if (st->exit != GJK2_OVERLAP) {
        separated_answer(st, ctx, r);
        return;
    }
    gjk2_epa_result e;
    gjk2_epa(ctx, st, &e);
    r->epa_iterations = e.iterations;
    if (ctx->bad) return;
    if (e.status != GJK_OK) r->status = e.status;
    /* Cores touching within the tolerance may give a core depth a hair below zero; the rounded depth is clamped
       at zero (touching), which is within the tolerance. */
    gjk_real depth = gjk_maxr(e.depth + ctx->radius, 0);
    r->intersect = true;
    r->distance = -depth;
    r->normal = e.normal;
    r->point_a = gjk_mad2(e.a, ctx->a.radius, e.normal);
    r->point_b = gjk_mad2(r->point_a, r->distance, e.normal);
}

/* Result of a boolean phase that did not find the shapes overlapping (query frame). */
static bool boolean_separated(const gjk2_state *st, const gjk2_ctx *ctx, gjk_result2 *r) {
    if (st->exit == GJK2_SEPARATED) {
        r->intersect = false;
        r->distance = st->lower_bound - ctx->radius;
        r->normal = st->dir;
        return true;
    }
    if (st->exit == GJK2_CONVERGED || st->exit == GJK2_MAX_ITERATIONS) {
        /* GJK converged before a support point proved the gap: |v| is then the distance within tolerance. */
        gjk_real d = gjk_len2(st->v);
        if (d - ctx->radius > gjk2_touch_tolerance(st)) {
            r->intersect = false;
            r->distance = d - ctx->radius;
            r->normal = st->dir;
            return true;
        }
    }
    return false;
}

/* Validate and set up, run the first GJK phase (boolean or distance), and start the result with its status and
   iterations. False when the input (or a user support callback) is invalid. */
static bool first_phase(const gjk_pair2 *pair, gjk_cache2 *cache, bool boolean, gjk2_ctx *ctx, frame2 *fa,
                        gjk2_state *st, gjk_result2 *r) {
    if (!setup(pair, ctx, fa)) return false;
    gjk2_init(st, ctx, initial_direction(ctx, cache));
    gjk2_run(st, ctx, boolean, true);
    if (ctx->bad) return false;
    *r = zero_result(gjk_exit_status(st));
    r->iterations = st->iterations;
    return true;
}

gjk_result2 gjk_intersect2(const gjk_pair2 *pair, gjk_cache2 *cache) {
    gjk2_ctx ctx;
    frame2 fa;
    gjk2_state st;
    gjk_result2 r;
    if (!first_phase(pair, cache, true, &ctx, &fa, &st, &r)) return zero_result(GJK_INVALID_INPUT);
    if (!boolean_separated(&st, &ctx, &r)) r.intersect = true;
    store_axis(cache, r.intersect ? st.dir : r.normal);
    return to_world(r, &fa);
}

gjk_result2 gjk_distance2(const gjk_pair2 *pair, gjk_cache2 *cache) {
    gjk2_ctx ctx;
    frame2 fa;
    gjk2_state st;
    gjk_result2 r;
    if (!first_phase(pair, cache, false, &ctx, &fa, &st, &r)) return zero_result(GJK_INVALID_INPUT);
    gjk_real d = gjk_len2(st.v);
    if (st.exit != GJK2_OVERLAP) {
        separated_answer(&st, &ctx, &r);
        store_axis(cache, r.normal);
        if (!r.intersect) return to_world(r, &fa);
    }
    /* Overlapping or touching: distance 0 and a point common to both shapes. With the cores apart (0 < d <= R),
       the point at s along the segment from core witness a to core witness b (length d) is in disc(a, rA) when
       |s| <= rA and in disc(b, rB) when |s - d| <= rB; the middle of the intersection of those ranges is in both.
       With the cores overlapping, the midpoint of the two core witnesses (equal within tolerance) is. */
    gjk_vec2 ca, cb, common;
    gjk2_witnesses(&st, &ca, &cb);
    if (st.exit != GJK2_OVERLAP && d > 0) {
        gjk_real lo = gjk_maxr(d - ctx.b.radius, -ctx.a.radius);
        gjk_real hi = gjk_minr(d + ctx.b.radius, ctx.a.radius);
        common = gjk_mad2(ca, GJK_R(0.5) * (lo + hi), r.normal);
    } else {
        common = gjk_scale2(gjk_add2(ca, cb), GJK_R(0.5));
    }
    r.intersect = true;
    r.distance = 0;
    r.normal = gjk_v2(0, 0);
    r.point_a = common;
    r.point_b = common;
    return to_world(r, &fa);
}

gjk_result2 gjk_penetration2(const gjk_pair2 *pair, gjk_cache2 *cache) {
    gjk2_ctx ctx;
    frame2 fa;
    gjk2_state st;
    gjk_result2 r;
    if (!first_phase(pair, cache, true, &ctx, &fa, &st, &r)) return zero_result(GJK_INVALID_INPUT);
    if (boolean_separated(&st, &ctx, &r)) {
        store_axis(cache, r.normal);
        return to_world(r, &fa);
    }
    signed_distance_from(&st, &ctx, &r);
    if (ctx.bad) return zero_result(GJK_INVALID_INPUT);
    store_axis(cache, r.normal);
    return to_world(r, &fa);
}

gjk_result2 gjk_signed_distance2(const gjk_pair2 *pair, gjk_cache2 *cache) {
    gjk2_ctx ctx;
    frame2 fa;
    if (!setup(pair, &ctx, &fa)) return zero_result(GJK_INVALID_INPUT);
    gjk2_state st;
    gjk2_init(&st, &ctx, initial_direction(&ctx, cache));
    gjk_result2 r = zero_result(GJK_OK);
    signed_distance_from(&st, &ctx, &r);
    if (ctx.bad) return zero_result(GJK_INVALID_INPUT);
    store_axis(cache, r.normal);
    return to_world(r, &fa);
}
