// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Reducing a 3D contact manifold's candidate points to at most 4 (gjk/manifold.h; the candidates come from
   manifold3.c): keep the deepest, then the largest area, with near-ties broken towards a fixed order so that
   resting bodies keep their points and ids from frame to frame. */
#include "manifold3_internal.h"

/* ---- reduction to 4 points ------------------------------------------------------------------------------------- */

/* Twice the signed area of the candidates i, j, k seen along n, from their coordinates (x, y) across n. */
static gjk_real area(const gjk_real *x, const gjk_real *y, int i, int j, int k) {
    return (x[j] - x[i]) * (y[k] - y[i]) - (y[j] - y[i]) * (x[k] - x[i]);
}

#define TIE GJK_MANIFOLD_TIE

/* The first candidate whose value v[i] (maximised) is within TIE of the best; -1 when none is positive. */
static int first_best(const gjk_real *v, int n) {
    gjk_real best = 0;
    for (int i = 0; i < n; ++i) best = gjk_maxr(best, v[i]);
    if (!(best > 0)) return -1;
    for (int i = 0; i < n; ++i)
        if (v[i] >= best * (1 - TIE)) return i;
    return -1;
}

/* Indices of at most `limit` (2 or 4) candidates, in candidate order (ordered by their names: name_points,
   manifold3.c): all of them when they fit, else the deepest (so the manifold's deepest separation is the pair's, up
   to a tie within GJK_MANIFOLD_DEPTH_TIE of the contact's width), the farthest from it across n, and with a limit of
   4 the one making the largest triangle with those and the one adding the most area outside that triangle
   (Gregorius, GDC 2015). With `spread`, the deepest is then taken again among the points tied for deepest: the one
   farthest from the second pick, so that a flat contact keeps its outer corners whatever point comes first. Points
   in the same place (within rounding) are kept once. */
int gjk_manifold3_reduce(const gjk_contact3 *c, int count, gjk_vec3 n, gjk_real radii, int limit, bool spread,
                         int keep[4]) {
    int k = 0;
    GJK_ASSERT(limit == 2 || limit == 4);
    limit = limit > 2 ? 4 : 2; /* (so that the compiler sees the candidates below fill the arrays) */
    if (count <= limit) {
        for (int i = 0; i < count; ++i) keep[k++] = i;
    } else {
        /* Seen along n: coordinates in a basis (u, w) across it (u x w = n, so areas keep their sign), relative to
           the first candidate. */
        gjk_vec3 t = GJK_ABS(n.x) < GJK_R(0.57) ? gjk_v3(1, 0, 0) : gjk_v3(0, 1, 0);
        gjk_vec3 u = gjk_normalize3(gjk_cross3(n, t)), w = gjk_cross3(n, u);
        gjk_real v[GJK_MANIFOLD_MAX_CAND], x[GJK_MANIFOLD_MAX_CAND], y[GJK_MANIFOLD_MAX_CAND], lo = c[0].sep, width2 = 0, reach = radii;
        for (int i = 0; i < count; ++i) {
            gjk_vec3 d = gjk_sub3(c[i].pa, c[0].pa);
            x[i] = gjk_dot3(d, u);
            y[i] = gjk_dot3(d, w);
            width2 = gjk_maxr(width2, x[i] * x[i] + y[i] * y[i]);
            lo = gjk_minr(lo, c[i].sep);
            reach = gjk_maxr(reach, GJK_ABS(c[i].pa.x) + GJK_ABS(c[i].pa.y) + GJK_ABS(c[i].pa.z));
        }
        /* Depths tie within GJK_MANIFOLD_DEPTH_TIE of the width, and within their own rounding (from the coordinates
           and the separation's size: a tiny contact far apart within a large speculative distance, in float). */
        gjk_real slop = GJK_MANIFOLD_DEPTH_TIE * GJK_SQRT(width2) + 64 * GJK_REAL_EPSILON * (GJK_ABS(lo) + reach);
        int i0 = 0;
        while (c[i0].sep > lo + slop) ++i0; /* (the minimum itself qualifies: bounded) */
        for (int i = 0; i < count; ++i) {
            gjk_real dx = x[i] - x[i0], dy = y[i] - y[i0];
            v[i] = dx * dx + dy * dy;
        }
        int i1 = first_best(v, count), i2 = -1, i3 = -1;
        if (spread && i1 >= 0) { /* of the points tied for deepest, the one farthest from i1 */
            for (int i = 0; i < count; ++i) {
                gjk_real dx = x[i] - x[i1], dy = y[i] - y[i1];
                v[i] = c[i].sep <= lo + slop ? dx * dx + dy * dy : 0;
            }
            i0 = first_best(v, count); /* (i0 itself qualifies, apart from i1: found) */
        }
        /* (The triangle's edges are taken out of the loops: the same products as area(), in the same order.) */
        gjk_real ax = 0, ay = 0;
        if (i1 >= 0 && limit > 2) {
            ax = x[i1] - x[i0], ay = y[i1] - y[i0];
            for (int i = 0; i < count; ++i) v[i] = GJK_ABS(ax * (y[i] - y[i0]) - ay * (x[i] - x[i0]));
            i2 = first_best(v, count);
        }
        if (i2 >= 0) {
            gjk_real sg = area(x, y, i0, i1, i2) > 0 ? 1 : -1;
            gjk_real bx = x[i2] - x[i1], by = y[i2] - y[i1], cx = x[i0] - x[i2], cy = y[i0] - y[i2];
            for (int i = 0; i < count; ++i) {
                gjk_real a0 = ax * (y[i] - y[i0]) - ay * (x[i] - x[i0]), a1 = bx * (y[i] - y[i1]) - by * (x[i] - x[i1]);
                gjk_real a2 = cx * (y[i] - y[i2]) - cy * (x[i] - x[i2]);
                v[i] = -gjk_minr(gjk_minr(sg * a0, sg * a1), sg * a2);
            }
            i3 = first_best(v, count);
        }
        int pick[4] = {i0, i1, i2, i3};
        for (int j = 0; j < 4; ++j) /* ascending insertion of the valid picks */
            if (pick[j] >= 0) {
                int at = k++;
                while (at > 0 && keep[at - 1] > pick[j]) keep[at] = keep[at - 1], --at;
                keep[at] = pick[j];
            }
    }
    /* Coincident points (a polygon vertex on the rim, a vertex on a side plane): keep the deeper. */
    gjk_real scale = radii;
    for (int i = 0; i < k; ++i) {
        gjk_vec3 p = c[keep[i]].pa;
        scale = gjk_maxr(scale, GJK_ABS(p.x) + GJK_ABS(p.y) + GJK_ABS(p.z));
    }
    gjk_real tol2 = (64 * GJK_REAL_EPSILON * scale) * (64 * GJK_REAL_EPSILON * scale);
    for (int i = 0; i < k; ++i)
        for (int j = i + 1; j < k; ++j)
            if (gjk_len_sq3(gjk_sub3(c[keep[i]].pa, c[keep[j]].pa)) <= tol2 &&
                gjk_len_sq3(gjk_sub3(c[keep[i]].pb, c[keep[j]].pb)) <= tol2) {
                if (c[keep[j]].sep < c[keep[i]].sep) keep[i] = keep[j];
                for (int t = j + 1; t < k; ++t) keep[t - 1] = keep[t];
                --k;
                --j;
            }
    return k;
}
