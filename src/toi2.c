// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The rotating shape cast in 2D: conservative advancement with a second-order bound, the mirror of toi3.c (whose
   comment gives the method and the sources). In the plane every rotation commutes: a shape turning at w, seen
   along an axis turning at wf, turns at w - wf, and its direction n turned by h (wf - w) is
   n + h (wf - w) perp(n) within h^2/2 (wf - w)^2. So, for an axis fixed in the world (wf = 0), in A (wf = wa) or in
   B (wf = wb),
       F(h) = n.dc + h (n.vrel + wf perp(n).dc) + min_B (n + h uB).r - max_A (n + h uA).r - rA - rB - h^2 k / 2,
   uX = (wf - wX) perp(n), k = 2 |wf perp(n).vrel| + wf^2 (|dc| + H |vrel|) + (wf - wa)^2 reach_A
   + (wf - wb)^2 reach_B, bounds the gap along the axis from below over a step h <= H, is concave, and is exact to
   first order; the step is the largest h found with F(h) >= target (Newton from the right, chords from the left),
   the largest over the three axes. */
#include "cast2.h"
#include "toi_root.h"

#define TOI_MAX_STEPS 64

typedef struct toi2 {
    gjk_cast2 *c;
    gjk_real t;
    gjk_rot2 rot_a, rot_b;
    gjk_vec2 ca, cb; /* origins at t, cast frame */
    gjk2_state st;   /* GJK at t, A's frame */
    gjk_vec2 n;      /* unit normal at t, world (A to B) */
    gjk_real dist;   /* distance of the rounded shapes at t */
    bool overlap;
} toi2;

typedef struct axis2 {
    gjk_vec2 n, ua, ub, la, lb; /* la, lb: ua, ub in A's and B's local frames at t */
    gjk_real base, slope, k, mu;
} axis2;

static void place2(toi2 *s, gjk_real t) {
    gjk_cast2 *c = s->c;
    s->t = t;
    s->rot_a = gjk_cast2_rotation(c->wa, t, c->qa);
    s->rot_b = gjk_cast2_rotation(c->wb, t, c->qb);
    s->ca = gjk_scale2(c->va, t);
    s->cb = gjk_mad2(c->p0, t, c->vb);
    gjk_cast2_place(c, s->rot_a, s->rot_b, gjk_sub2(s->cb, s->ca));
}

/* GJK on the cores at s->t, started along the last normal (A's frame). */
static void measure2(toi2 *s, bool first) {
    gjk_cast2 *c = s->c;
    gjk2_ctx *x = &c->ctx;
    gjk_vec2 dir = first ? gjk_sub2(x->b.centre, x->a.centre) : gjk_inv_rotate2(s->rot_a, s->n);
    if (!(gjk_len_sq2(dir) > 0)) dir = gjk_v2(1, 0);
    gjk2_init(&s->st, x, dir);
    gjk2_run(&s->st, x, false, false);
    s->overlap = s->st.exit == GJK2_OVERLAP;
    if (!s->overlap) {
        s->n = gjk_rotate2(s->rot_a, gjk2_direction(&s->st));
        s->dist = gjk_len2(s->st.v) - (c->ra + c->rb);
    } else {
        s->dist = -(c->ra + c->rb);
    }
}

static void make_axis2(const toi2 *s, gjk_real wf, gjk_real H, axis2 *x) {
    const gjk_cast2 *c = s->c;
    gjk_vec2 dc = gjk_sub2(s->cb, s->ca), vrel = gjk_sub2(c->vb, c->va), pn = gjk_perp2(s->n);
    x->n = s->n;
    x->ua = gjk_scale2(pn, wf - c->wa);
    x->ub = gjk_scale2(pn, wf - c->wb);
    x->la = gjk_inv_rotate2(s->rot_a, x->ua);
    x->lb = gjk_inv_rotate2(s->rot_b, x->ub);
    x->base = gjk_dot2(x->n, dc) - (c->ra + c->rb);
    x->slope = gjk_dot2(x->n, vrel) + wf * gjk_dot2(pn, dc);
    gjk_real da = wf - c->wa, db = wf - c->wb;
    gjk_real centre = 2 * GJK_ABS(wf * gjk_dot2(pn, vrel)) + wf * wf * (gjk_len2(dc) + H * gjk_len2(vrel));
    x->k = gjk_toi_clamp(centre + da * da * c->reach_a + db * db * c->reach_b);
    x->mu = wf == 0 ? gjk_toi_clamp(-x->slope + GJK_ABS(da) * c->reach_a + GJK_ABS(db) * c->reach_b) : GJK_REAL_MAX;
}

static gjk_real eval2(toi2 *s, const axis2 *x, gjk_real h, gjk_real *grad) {
    gjk_cast2 *c = s->c;
    gjk_vec2 ea = gjk_inv_rotate2(s->rot_a, gjk_mad2(x->n, h, x->ua));
    gjk_vec2 eb = gjk_inv_rotate2(s->rot_b, gjk_mad2(x->n, h, x->ub));
    gjk_vec2 pa = gjk_cast2_support(c, &c->ctx.a, ea), pb = gjk_cast2_support(c, &c->ctx.b, gjk_neg2(eb));
    gjk_real hk = h > 0 ? h * x->k : 0;
    *grad = x->slope + gjk_dot2(x->lb, pb) - gjk_dot2(x->la, pa) - hk;
    return x->base + h * x->slope + gjk_dot2(eb, pb) - gjk_dot2(ea, pa) - GJK_R(0.5) * h * hk;
}

/* The shared root finder (toi_root.h) on this axis. */
static gjk_real eval_cb2(const void *s, const void *x, gjk_real h, gjk_real *grad) {
    return eval2((toi2 *)s, (const axis2 *)x, h, grad);
}
static gjk_real safe_step2(toi2 *s, const axis2 *x, gjk_real H, gjk_real goal, gjk_real beat) {
    return gjk_toi_safe_step(eval_cb2, s, x, x->mu, H, goal, beat);
}

static void finish2(toi2 *s, gjk_cast_state state, gjk_cast_result2 *r) {
    gjk_cast2_contact k;
    r->state = state;
    r->t = s->t;
    gjk2_witnesses(&s->st, &k.pa, &k.pb);
    k.n = gjk_inv_rotate2(s->rot_a, s->n); /* (cores touching: the last separating axis) */
    k.core_dist = s->overlap ? 0 : gjk_len2(s->st.v);
    gjk_cast2_finish(s->c, s->t, s->rot_a, &k, r);
}

void gjk_cast2_rotating(gjk_cast2 *c, gjk_cast_result2 *r) {
    toi2 s;
    s.c = c;
    s.n = gjk_v2(1, 0);
    place2(&s, 0);
    measure2(&s, true);
    if (c->ctx.bad) return;
    if (s.overlap || s.dist - c->target <= c->tol) {
        r->state = GJK_CAST_OVERLAPPED;
        return;
    }
    const gjk_real goal = c->target + GJK_R(8.0) * GJK_REAL_EPSILON * c->scale;
    const gjk_real frames[3] = {0, c->wa, c->wb};
    int winner = 0; /* the axis that certified the last step: tried first */
    for (;;) {
        if (r->iterations >= TOI_MAX_STEPS) {
            r->status = GJK_MAX_ITERATIONS;
            finish2(&s, GJK_CAST_FAILED, r);
            return;
        }
        ++r->iterations;
        gjk_real H = 1 - s.t, h = 0;
        bool skip[3] = {false, c->wa == 0, c->wb == 0 || c->wa == c->wb};
        for (int k = 0; k < 3 && h < H; ++k) {
            int f = (winner + k) % 3;
            if (skip[f]) continue;
            axis2 x;
            make_axis2(&s, frames[f], H, &x);
            gjk_real hf = safe_step2(&s, &x, H, goal, h);
            if (hf > h) h = hf, winner = f;
        }
        if (c->ctx.bad) return;
        gjk_real next = h >= H ? 1 : s.t + h;
        if (!(next > s.t)) { /* no certified step above the resolution of t (see toi3.c): the last safe time */
            r->status = GJK_MAX_ITERATIONS;
            finish2(&s, GJK_CAST_FAILED, r);
            return;
        }
        place2(&s, next);
        measure2(&s, false);
        if (c->ctx.bad) return;
        if (s.overlap || s.dist - c->target <= c->tol) {
            finish2(&s, GJK_CAST_HIT, r);
            return;
        }
        if (next == 1) {
            finish2(&s, GJK_CAST_SEPARATED, r);
            return;
        }
    }
}
