// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The rotating shape cast in 3D: conservative advancement with a second-order bound.

   Conservative advancement (Mirtich, "Impulse-based dynamic simulation of rigid body systems", PhD thesis, UC
   Berkeley 1996; Catto, "Continuous Collision", GDC 2013): at time t the shapes are d apart along the unit normal
   n; no point of either shape approaches the plane normal to n faster than
   mu = -(vb - va).n + |wa x n| reach_a + |wb x n| reach_b (a point at r from its shape's origin turning at w moves
   along n at (w x r).n = r.(n x w)), so the gap along n, and with it the distance, stays above the target for
   (d - target) / mu. The bound holds for any motion but is loose when the turning term dominates, and the steps
   then shrink geometrically: tens of steps for a spinning bar.

   Here the gap along the axis n is bounded to second order instead (a Taylor model of the motion, as in Zhang,
   Redon, Lee, Kim, "Continuous collision detection for articulated models using Taylor models and temporal
   culling", ACM TOG 26(3), 2007). For a point of B at r = p - cb(t), turning at constant w_b (world frame) about
   B's origin, and a world-fixed n,
       n.p(t + h) = n.cb(t) + h n.vb + n.exp(h [w_b]) r >= n.cb(t) + h n.vb + (n + h u_b).r - h^2/2 |u_b| |w_b| |r|
   with u_b = n x w_b (the second derivative of n.exp(h [w]) r is (n x w).(w x r')). Taking the least over B's core,
   and the greatest over A's, gives a lower bound of the gap along n over the step h,
       F(h) = n.(cb - ca) + h n.(vb - va) + min_B (n + h u_b).r - max_A (n + h u_a).r - rA - rB
              - h^2/2 (|u_a| |w_a| reach_a + |u_b| |w_b| reach_b),
   exact to first order at h = 0 (the support in the direction n + h u is a support point's envelope) and
   evaluated exactly by two support calls. The rounding balls are subtracted with |n| = 1: they look the same in
   every orientation, so only the cores' reach enters the bound. F is concave (minus a maximum of linear functions,
   minus a square), so F(h) >= target at one h certifies the whole of [0, h]: the step is the largest h found with
   F(h) >= target, by Newton steps from the right (the tangent of a concave function lies above it, so they never
   cross the root) and chords from the left (the chord lies below it, so they never cross it either).

   The axis may also turn, at any constant rate (make_axis gives the general bound), and the one that certifies the
   longest step wins: fixed in the world; fixed in A or in B, which follows a face's normal (on a world-fixed axis
   the far corners of a turning face tilt towards the other shape at first order, and the steps shrink only
   geometrically: a triangle meeting a turning box's face takes 58 steps on the world axis alone, 8 with the
   box's); turning with two edges that meet
   (edge_frame). Near a contact the step is then within O(d^2) of the true one, the advancement converges
   quadratically instead of geometrically, in a handful of steps, and each step is certified, never past the
   contact. Curved cores meeting edge on edge (a cylinder's rim) still converge geometrically; the cap of 64 steps
   then answers FAILED with the last safe t.

   Box2D's b2TimeOfImpact (Catto 2013) root-finds a separating function with bisection and secants, which is fast
   but checks the function only at sample times: a shape that turns through the other between two samples is
   missed. The bound above is what makes every step safe, at the cost of one GJK per step (warm-started) and a few
   support calls per axis. */
#include "cast3.h"
#include "toi_root.h"

/* Most advancement steps. */
#define TOI_MAX_STEPS 64

typedef struct toi3 {
    gjk_cast3 *c;
    gjk_real t;
    gjk_mat33 rot_a, rot_b; /* the shapes' rotations at t, local to world */
    gjk_vec3 ca, cb;        /* their origins at t, cast frame */
    gjk_minkowski3 m;       /* the pair at t, A's local frame */
    gjk_gjk_result3 g;      /* GJK at t */
    bool measured;          /* g holds a previous time's simplex (warm start) */
    gjk_vec3 n;             /* unit normal at t, world (A to B) */
    gjk_real dist;          /* distance of the rounded shapes at t (GJK's, an upper bound within its tolerance) */
} toi3;

/* The bound at t along n: F(h) = base + h slope + min_B (n + h ub).r - max_A (n + h ua).r - h^2 k / 2. */
typedef struct axis3 {
    gjk_vec3 n, ua, ub;
    gjk_vec3 la, lb; /* ua, ub in A's and B's local frames at t */
    gjk_real base, slope, k;
    gjk_real mu; /* first-order rate bound: F(h) >= F(0) - mu h as well */
} axis3;

static void place3(toi3 *s, gjk_real t) {
    const gjk_cast3 *c = s->c;
    gjk_quat qa = gjk_cast3_rotation(c->wa, t, c->qa), qb = gjk_cast3_rotation(c->wb, t, c->qb);
    s->t = t;
    s->rot_a = gjk_mat33_from_quat(qa);
    s->rot_b = gjk_mat33_from_quat(qb);
    s->ca = gjk_scale3(c->va, t);
    s->cb = gjk_mad3(c->p0, t, c->vb);
    s->m.rot = gjk_mat33_from_quat(gjk_quat_mul(gjk_quat_conj(qa), qb));
    s->m.pos = gjk_mat33_tmul(s->rot_a, gjk_sub3(s->cb, s->ca));
}

/* GJK on the cores at s->t, warm-started from the previous time's simplex: its points are points of the two
   cores in their own frames, so placed at the new poses they are still points of D (as gjk_cache3 does). GJK runs
   to the closest points although the first axis that proves the shapes apart is all the advancement needs: the
   poorer axes cost more steps than the shorter GJK runs save (25% more instructions for boxes and hulls, though
   15% fewer for cylinders). */
static void measure(toi3 *s) {
    const gjk_cast3 *c = s->c;
    gjk_simplex3 warm;
    warm.count = 0;
    gjk_vec3 dir;
    if (s->measured) {
        warm = s->g.simplex;
        for (int i = 0; i < warm.count; ++i)
            warm.v[i].w = gjk_sub3(warm.v[i].a, gjk_minkowski3_b_to_a(&s->m, warm.v[i].bl));
        dir = gjk_mat33_tmul(s->rot_a, gjk_neg3(s->n));
    } else {
        dir = gjk_sub3(gjk_core3_center(c->a), gjk_minkowski3_b_to_a(&s->m, gjk_core3_center(c->b)));
    }
    gjk_gjk3(&s->m, dir, c->ra + c->rb, GJK_MODE_DISTANCE, &warm, NULL, &s->g);
    s->measured = true;
    if (!s->g.overlap) {
        s->n = gjk_mat33_mul(s->rot_a, gjk_normalize3(gjk_neg3(s->g.v)));
        s->dist = gjk_len3(s->g.v) - (c->ra + c->rb);
    } else {
        s->dist = -(c->ra + c->rb); /* cores touching: n stays the last one (the last separating axis) */
    }
}

/* The bound along the axis n at s->t, the axis turning with angular velocity wf (world; zero for a world-fixed
   axis, A's or B's for an axis fixed in that shape), valid for steps up to H. See the top of the file for the
   derivation; in a turning frame the centres' term is expanded too: with m(h) = exp(h [wf]) n,
       m(h).(dc + h vrel) >= n.dc + h (n.vrel + (wf x n).dc) - h^2 |(wf x n).vrel|
                             - h^2/2 |wf| |wf x n| (|dc| + H |vrel|),
   and each shape's direction exp(-h [w]) exp(h [wf]) n is n + h n x (w - wf) within h^2/2 |wf - w| (|w| + |wf|)
   (h^2/2 |w| |n x w| when wf is zero). Every second-order term is taken with the sign that lowers F, which keeps F
   concave. */
static void make_axis(const toi3 *s, gjk_vec3 n, gjk_vec3 wf, gjk_real H, axis3 *x) {
    const gjk_cast3 *c = s->c;
    gjk_vec3 dc = gjk_sub3(s->cb, s->ca), vrel = gjk_sub3(c->vb, c->va), wfn = gjk_cross3(wf, n);
    bool world = gjk_len_sq3(wf) == 0;
    x->n = n;
    x->ua = gjk_cross3(x->n, gjk_sub3(c->wa, wf));
    x->ub = gjk_cross3(x->n, gjk_sub3(c->wb, wf));
    x->la = gjk_mat33_tmul(s->rot_a, x->ua);
    x->lb = gjk_mat33_tmul(s->rot_b, x->ub);
    x->base = gjk_dot3(x->n, dc) - (c->ra + c->rb);
    x->slope = gjk_dot3(x->n, vrel) + gjk_dot3(wfn, dc);
    gjk_real lwf = gjk_len3(wf), lwa = gjk_len3(c->wa), lwb = gjk_len3(c->wb);
    gjk_real ua = gjk_len3(x->ua), ub = gjk_len3(x->ub);
    gjk_real ca = world ? lwa * ua : gjk_len3(gjk_sub3(wf, c->wa)) * (lwa + lwf);
    gjk_real cb = world ? lwb * ub : gjk_len3(gjk_sub3(wf, c->wb)) * (lwb + lwf);
    gjk_real centre = 2 * GJK_ABS(gjk_dot3(wfn, vrel)) + lwf * gjk_len3(wfn) * (gjk_len3(dc) + H * gjk_len3(vrel));
    x->k = gjk_toi_clamp(centre + ca * c->reach_a + cb * c->reach_b);
    /* The first-order advancement (world axis only): no point approaches along n faster than mu. */
    x->mu = world ? gjk_toi_clamp(-x->slope + ua * c->reach_a + ub * c->reach_b) : GJK_REAL_MAX;
}

/* F(h), and a supergradient of F at h in *grad. */
static gjk_real eval(const toi3 *s, const axis3 *x, gjk_real h, gjk_real *grad) {
    const gjk_cast3 *c = s->c;
    gjk_vec3 ea = gjk_mat33_tmul(s->rot_a, gjk_mad3(x->n, h, x->ua));
    gjk_vec3 eb = gjk_mat33_tmul(s->rot_b, gjk_mad3(x->n, h, x->ub));
    gjk_vec3 pa = gjk_core3_support_inline(c->a, ea), pb = gjk_core3_support_inline(c->b, gjk_neg3(eb));
    gjk_real hk = h > 0 ? h * x->k : 0;
    *grad = x->slope + gjk_dot3(x->lb, pb) - gjk_dot3(x->la, pa) - hk;
    return x->base + h * x->slope + gjk_dot3(eb, pb) - gjk_dot3(ea, pa) - GJK_R(0.5) * h * hk;
}

/* The shared root finder (toi_root.h) on this axis. */
static gjk_real eval_cb(const void *s, const void *x, gjk_real h, gjk_real *grad) {
    return eval((const toi3 *)s, (const axis3 *)x, h, grad);
}
static gjk_real safe_step(const toi3 *s, const axis3 *x, gjk_real H, gjk_real goal, gjk_real beat) {
    return gjk_toi_safe_step(eval_cb, s, x, x->mu, H, goal, beat);
}

/* Edge against edge (the final simplex has two points on each core: a face of D), neither frame stops the tilt:
   in A's frame B's edge turns, its far end approaching along the axis at first order, though the distance, measured
   between the edges' middles, does not. An axis turning at w with (w - wa).(n x eA) = 0 and (w - wb).(n x eB) = 0
   keeps both edges square to it to first order (the derivative of n.e is (w - wX).(n x e)). With cA = n x eA,
   cB = n x eB in the plane normal to n, w = (bA (cB x n) + bB (n x cA)) / (n.(cA x cB)), bX = wX.cX. False when
   the contact is not edge on edge, or the edges are near parallel (a face of D, and the frames above do). */
static bool same3(gjk_vec3 p, gjk_vec3 q) { return p.x == q.x && p.y == q.y && p.z == q.z; }

static bool edge_frame(const toi3 *s, gjk_vec3 *w) {
    const gjk_cast3 *c = s->c;
    const gjk_simplex3 *x = &s->g.simplex;
    if (s->g.overlap || x->count < 2) return false;
    int ia = -1, ib = -1, na = 1, nb = 1; /* a second distinct point on each core, and how many distinct */
    for (int i = 1; i < x->count; ++i) {
        if (!same3(x->v[i].a, x->v[0].a)) {
            if (ia < 0) ia = i, na = 2;
            else if (!same3(x->v[i].a, x->v[ia].a)) na = 3;
        }
        if (!same3(x->v[i].bl, x->v[0].bl)) {
            if (ib < 0) ib = i, nb = 2;
            else if (!same3(x->v[i].bl, x->v[ib].bl)) nb = 3;
        }
    }
    if (na != 2 || nb != 2) return false;
    gjk_vec3 n = s->n;
    gjk_vec3 ea = gjk_normalize3(gjk_mat33_mul(s->rot_a, gjk_sub3(x->v[ia].a, x->v[0].a)));
    gjk_vec3 eb = gjk_normalize3(gjk_mat33_mul(s->rot_b, gjk_sub3(x->v[ib].bl, x->v[0].bl)));
    gjk_vec3 ca = gjk_cross3(n, ea), cb = gjk_cross3(n, eb);
    gjk_real det = gjk_dot3(n, gjk_cross3(ca, cb));
    if (!(GJK_ABS(det) > GJK_R(1e-3))) return false;
    gjk_real ba = gjk_dot3(c->wa, ca), bb = gjk_dot3(c->wb, cb);
    *w = gjk_scale3(gjk_add3(gjk_scale3(gjk_cross3(cb, n), ba), gjk_scale3(gjk_cross3(n, ca), bb)), 1 / det);
    return gjk_finite3(*w);
}

/* The contact at s->t, A's local frame at t. */
static void contact(const toi3 *s, gjk_cast3_contact *k) {
    const gjk_gjk_result3 *g = &s->g;
    if (!g->overlap) {
        k->n = gjk_normalize3(gjk_neg3(g->v));
        k->core_dist = gjk_len3(g->v);
        gjk_simplex3_witness(&g->simplex, &s->m, g->v, &k->pa, &k->pb);
    } else {
        k->n = gjk_mat33_tmul(s->rot_a, s->n);
        k->core_dist = 0;
        gjk_simplex3_witness(&g->simplex, &s->m, g->closest, &k->pa, &k->pb);
    }
}

static void finish3(const toi3 *s, gjk_cast_state state, gjk_cast_result3 *r) {
    gjk_cast3_contact k;
    r->state = state;
    r->t = s->t;
    contact(s, &k);
    gjk_cast3_finish(s->c, s->t, s->rot_a, &k, r);
}

void gjk_cast3_rotating(gjk_cast3 *c, gjk_cast_result3 *r) {
    toi3 s;
    s.c = c;
    s.m.a = c->a;
    s.m.b = c->b;
    s.m.rec = NULL;
    s.measured = false;
    s.n = gjk_v3(1, 0, 0);
    place3(&s, 0);
    measure(&s);
    if (c->bad) return;
    if (s.g.overlap || s.dist - c->target <= c->tol) {
        r->state = GJK_CAST_OVERLAPPED;
        return;
    }
    /* F is computed from a few dot products of numbers up to the cast's scale: ask a few ulps more than the
       target of it, so that its rounding cannot certify a step that is not safe. */
    const gjk_real goal = c->target + GJK_R(8.0) * GJK_REAL_EPSILON * c->scale;
    int winner = 0;
    for (;;) {
        if (r->iterations >= TOI_MAX_STEPS) {
            r->status = GJK_MAX_ITERATIONS;
            finish3(&s, GJK_CAST_FAILED, r);
            return;
        }
        ++r->iterations;
        /* The axis fixed in the world, in A, in B, or turning with the edges that meet: a face's normal turns
           with its shape, and in that shape's frame its far corners do not tilt towards the other shape (which
           would cost the world axis a term of first order); the largest certified step wins. The last winner
           goes first, and the others then cost one evaluation each unless they beat it. */
        gjk_real H = 1 - s.t, h = 0;
        gjk_vec3 frames[4] = {{0, 0, 0}, c->wa, c->wb, {0, 0, 0}};
        bool b_as_a = gjk_len_sq3(c->wb) == 0 || gjk_len_sq3(gjk_sub3(c->wa, c->wb)) == 0;
        bool skip[4] = {false, gjk_len_sq3(c->wa) == 0, b_as_a, !edge_frame(&s, &frames[3])};
        for (int k = 0; k < 4 && h < H; ++k) {
            int f = (winner + k) % 4;
            if (skip[f]) continue;
            axis3 x;
            make_axis(&s, s.n, frames[f], H, &x);
            gjk_real hf = safe_step(&s, &x, H, goal, h);
            if (hf > h) h = hf, winner = f;
        }
        if (!(h > 0) && !s.g.overlap && gjk_len_sq3(s.g.axis) > 0) {
            /* GJK's last direction may measure a gap below its distance by more than the tolerance (a curved core
               in float, where GJK stops at a relative gap of 4e-6): its best separating axis, the one behind its
               lower bound, then goes on. */
            axis3 x;
            make_axis(&s, gjk_mat33_mul(s.rot_a, gjk_normalize3(gjk_neg3(s.g.axis))), frames[0], H, &x);
            h = safe_step(&s, &x, H, goal, 0);
        }
        gjk_real next = h >= H ? 1 : s.t + h;
        if (!(next > s.t)) {
            /* Rounding allows no step although the distance is above the tolerance (a turning so fast that the
               steps fall below the resolution of t): the last safe time is all there is. */
            r->status = GJK_MAX_ITERATIONS;
            finish3(&s, GJK_CAST_FAILED, r);
            return;
        }
        place3(&s, next);
        measure(&s);
        if (c->bad) return;
        if (s.g.overlap || s.dist - c->target <= c->tol) {
            finish3(&s, GJK_CAST_HIT, r);
            return;
        }
        if (next == 1) {
            finish3(&s, GJK_CAST_SEPARATED, r);
            return;
        }
    }
}
