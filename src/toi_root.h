// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The root finder of the rotating shape casts (toi3.c, toi2.c), shared by both dimensions: along one axis the gap
   F(h) - goal is a concave function of the step h (a second-order Taylor model of the motion bounds it from below,
   Zhang et al. 2007), and a step is certified safe when F stays >= goal up to it. Private; not installed. */
#ifndef GJK_TOI_ROOT_H
#define GJK_TOI_ROOT_H

#include "internal.h"

/* A bound that may have overflowed, clamped to the largest finite value (GJK_REAL_MAX stands for "no bound"). */
static inline gjk_real gjk_toi_clamp(gjk_real x) { return x < GJK_REAL_MAX ? x : GJK_REAL_MAX; }

/* Newton and chord rounds at most per step: each is one support pair on both shapes. */
#define GJK_TOI_ROOT_ROUNDS 8

/* F(h) along an axis, and a supergradient of F at h in *grad. `s` and `x` are the caller's state and axis. */
typedef gjk_real gjk_toi_eval_fn(const void *s, const void *x, gjk_real h, gjk_real *grad);

/* The largest step h in [0, H] found with F >= goal on [0, h], or a step no larger than `beat` (one another axis
   certified) when this axis cannot beat it. mu: the axis's first-order bound on the approach speed (a step of
   (F(0) - goal) / mu is safe whatever F does further on; GJK_REAL_MAX when there is none). Static inline with a
   constant `eval`, so that the compiler inlines the evaluation into each caller. */
static inline gjk_real gjk_toi_safe_step(gjk_toi_eval_fn *eval, const void *s, const void *x, gjk_real mu, gjk_real H,
                                         gjk_real goal, gjk_real beat) {
    gjk_real g0, gx;
    gjk_real f0 = eval(s, x, 0, &g0) - goal;
    if (!(f0 > 0)) return 0;
    gjk_real ca = mu > 0 ? f0 / mu : H;
    if (!(ca < H)) return H;
    /* The tangent at 0 lies above the concave F: its root is a right end of the bracket, usually a close one. */
    gjk_real r = g0 < 0 && f0 < -g0 * H ? f0 / -g0 : H;
    if (!(beat < r)) return ca; /* (this axis cannot beat the other's step) */
    gjk_real l = 0, fl = f0, gr, fr = eval(s, x, r, &gr) - goal;
    if (fr >= 0) return r; /* all of [0, H], or the tangent's root itself */
    if (beat > 0) {
        /* Below the goal at `beat`, F's root comes before it, and this axis cannot do better either. */
        gjk_real gb;
        fl = eval(s, x, beat, &gb) - goal;
        if (!(fl >= 0)) return ca;
        l = beat;
    }
    for (int i = 0; i < GJK_TOI_ROOT_ROUNDS; ++i) {
        /* Newton from the right end: never left of the root (concavity); falls back on bisection. */
        gjk_real xn = r - fr / gr;
        if (!(gr < 0) || !(xn > l && xn < r)) xn = GJK_R(0.5) * (l + r);
        gjk_real fx = eval(s, x, xn, &gx) - goal;
        if (fx >= 0) {
            l = xn;
            fl = fx;
        } else {
            r = xn;
            fr = fx;
            gr = gx;
        }
        /* Chord from the left end: never right of the root. */
        gjk_real xc = l + fl * ((r - l) / (fl - fr));
        if (xc > l && xc < r) {
            fx = eval(s, x, xc, &gx) - goal;
            if (fx >= 0) {
                l = xc;
                fl = fx;
            } else {
                r = xc;
                fr = fx;
                gr = gx;
            }
        }
        /* Close enough: the root is bracketed within 1%, or what is left of the gap at l is a small part of what
           there was (the bound is only a model of the motion: a more precise root buys little). */
        if (fl <= GJK_R(0.01) * f0 || r - l <= GJK_R(0.01) * r) break;
    }
    return gjk_maxr(l, ca);
}

#endif
