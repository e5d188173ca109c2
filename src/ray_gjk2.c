// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The GJK ray cast in 2D, the one kernel behind gjk_raycast2 (ray2.c) and the linear gjk_shape_cast2 (cast2.c): the
   mirror of ray_gjk3.c, whose comment explains the method (van den Bergen 2004), the radius as a target distance
   and the termination. The simplex's closest point comes from simplex2.h, which examines every edge that can hold
   it, so a moved x needs no other search; the flatness tolerance is its usual one, a few ulps of the body's size. */
#include "ray_internal.h"
#include "simplex2.h"

static gjk_real ray_gjk2_l1(gjk_vec2 v) { return GJK_ABS(v.x) + GJK_ABS(v.y); }

gjk_ray_outcome gjk_ray_gjk2_run(gjk_ray_gjk2 *k, gjk_vec2 v) {
    const gjk_vec2 o = k->o, u = k->u;
    const gjk_real R = k->R, far = ray_gjk2_l1(o);
    gjk2_simplex *s = &k->s;
    s->count = 0;
    gjk_vec2 x = o, n = gjk_v2(0, 0);
    gjk_real lambda = 0;
    bool moved = false, stalled = false;
    gjk_ray_outcome out = GJK_RAY_HIT;
    int it = 0;
    gjk_real size = -1, band0 = 0, band1 = 0, flat = 0;
    k->bad = k->capped = false;
    while (!k->bad) {
        if (k->size != size) { /* (the bands follow a user shape's size as its support points reveal it) */
            size = k->size;
            band0 = k->tol + k->touch * gjk_maxr(far, size);
            band1 = k->tol + k->touch * size + 16 * GJK_REAL_EPSILON * far;
            flat = GJK_TOL_ABS * gjk_maxr(far, size);
        }
        gjk_real vv = gjk_len_sq2(v);
        gjk_real lim = R + (moved ? band1 : band0);
        if (vv <= lim * lim && (!moved || !(R > 0) || !k->refine)) break; /* (see ray_gjk3.c) */
        if (it >= k->max_iterations) {
            k->capped = true;
            break;
        }
        ++it;
        gjk2_vertex nv;
        k->support(k, v, &nv);
        gjk_vec2 p = gjk_sub2(nv.a, nv.b);
        nv.w = gjk_sub2(x, p);
        gjk_real vl = GJK_SQRT(vv), vw = gjk_dot2(v, nv.w);
        gjk_real reach = moved ? R + k->noise : lim;
        bool known = false; /* (a point of the simplex again: the same w at the same x) */
        for (int i = 0; i < s->count; ++i) {
            if (s->p[i].w.x == nv.w.x && s->p[i].w.y == nv.w.y) {
                known = true;
                break;
            }
        }
        /* Converged (gap closed, support known, or stalled): see ray_gjk3.c. */
        if (!(vw > reach * vl)) {
            gjk_real floor = 8 * GJK_REAL_EPSILON * gjk_maxr(ray_gjk2_l1(x), size) * vl;
            if (vv - vw <= k->gap_rel * vv + floor || known || stalled) {
                if (moved) {
                    if (!(gjk_dot2(v, u) < 0) && vw > 0) out = GJK_RAY_MISS;
                    break;
                }
                vw = vv;
            }
        }
        bool advanced = false;
        if (vw > reach * vl) {
            gjk_real vu = gjk_dot2(v, u);
            gjk_real next = lambda + (vw - R * vl) / -vu;
            if (!(vu < 0) || !(next <= k->smax)) {
                out = GJK_RAY_MISS;
                break;
            }
            if (next == lambda) break;
            lambda = next;
            x = gjk_mad2(o, lambda, u);
            n = v;
            moved = advanced = true;
            for (int i = 0; i < s->count; ++i) s->p[i].w = gjk_sub2(x, gjk_sub2(s->p[i].a, s->p[i].b));
        }
        bool first = s->count == 0;
        int count = s->count;
        if (!known && count < 3) {
            if (advanced) nv.w = gjk_sub2(x, p);
            s->p[count++] = nv;
        }
        gjk_subsimplex2 sub;
        gjk_simplex2_closest(s->p, count, flat, &sub);
        gjk_simplex2_commit(s, &sub);
        v = sub.v;
        if (sub.count == 2) {
            /* The foot of the origin on the segment, computed along the segment's normal: its direction stays
               accurate when v is tiny next to the segment (the barycentric combination's is off by eps |w| / |v|,
               and a curved body's next support point turns with it: GJK then stalls short of the surface). gjk2.c
               searches along the same normal for the same reason. */
            gjk_vec2 e = gjk_sub2(s->p[1].w, s->p[0].w);
            v = gjk_scale2(gjk_perp2(e), gjk_cross2(e, s->p[0].w) / gjk_len_sq2(e));
        }
        stalled = !advanced && !first && !(gjk_len_sq2(v) < vv);
    }
    k->iterations = it;
    k->x = x;
    k->v = v;
    k->n = n;
    k->lambda = lambda;
    if (k->bad) return GJK_RAY_MISS;
    if (out == GJK_RAY_MISS) return out;
    return moved ? GJK_RAY_HIT : GJK_RAY_INSIDE;
}
