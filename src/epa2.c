// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* EPA in 2D: penetration depth of overlapping cores (van den Bergen, "Proximity queries and penetration depth
   computation on 3D game objects", GDC 2001; "Collision Detection in Interactive 3D Environments", 2003).

   The depth of the origin in D = A - B is min over unit n of s_D(n).n. EPA keeps a convex polygon P inside D
   whose vertices are support points of D (with witnesses), and repeatedly splits the edge of P closest to the
   origin with the support point along that edge's outward normal. The edge distance is a lower bound of the
   depth restricted to that direction, the support value an upper bound; EPA stops when they agree within a
   tolerance relative to the size of the pair, or when the support point repeats a vertex (exact convergence for
   polygonal cores).

   Robustness choices (docs/numerics.md, "EPA"):
   - Edge normals come from the edge geometry and point out of the polygon, never from the origin, and edge
     distances are signed: an origin exactly on an edge gives depth 0, and an origin slightly outside the seed
     polygon (touching or nearly touching cores) is handled by the same loop, which then grows P towards it.
   - The seed is grown from GJK's simplex by supports along both normals of a segment, and a flat D (zero area,
     e.g. two collinear segments) is detected and answered directly: the origin is then on D's boundary.
   - Fixed capacity GJK_EPA_MAX_VERTICES2 on the stack; overflow returns the best edge with GJK_MAX_ITERATIONS. */
#include "internal2.h"

typedef struct epa_polygon {
    gjk2_vertex v[GJK_EPA_MAX_VERTICES2];   /* counter-clockwise */
    gjk_vec2 normal[GJK_EPA_MAX_VERTICES2]; /* outward unit normal of edge (v[i], v[i + 1]) */
    gjk_real dist[GJK_EPA_MAX_VERTICES2];   /* signed distance of that edge's line from the origin (>= 0 inside) */
    int count;
} epa_polygon;

static void update_edge(epa_polygon *p, int i) {
    int j = i + 1 == p->count ? 0 : i + 1;
    gjk_vec2 e = gjk_sub2(p->v[j].w, p->v[i].w);
    gjk_real len = gjk_len2(e);
    if (!(len > 0)) {
        /* Cannot happen for the polygons built here (new vertices are farther than a tolerance from the edge they
           split); an edge without a direction must never be chosen. */
        p->normal[i] = gjk_v2(0, 0);
        p->dist[i] = GJK_REAL_MAX;
        return;
    }
    /* Right-hand normal of a counter-clockwise edge points out of the polygon. */
    gjk_vec2 n = gjk_scale2(gjk_v2(e.y, -e.x), GJK_R(1.0) / len);
    p->normal[i] = n;
    p->dist[i] = gjk_dot2(n, p->v[i].w);
}

static void update_all(epa_polygon *p) {
    for (int i = 0; i < p->count; i++) update_edge(p, i);
}

/* Contact points on the cores for edge i: the barycentric coordinate of the origin's projection on the edge,
   clamped to it, applied to the stored witnesses. */
static void edge_witnesses(const gjk2_vertex *p, const gjk2_vertex *q, gjk_vec2 *a, gjk_vec2 *b) {
    /* Each coordinate from the opposite endpoint, so that the small one keeps its relative precision (see
       solve_segment in gjk2.c). */
    gjk_vec2 e = gjk_sub2(q->w, p->w);
    gjk_real lp = gjk_maxr(gjk_dot2(q->w, e), 0);
    gjk_real lq = gjk_maxr(-gjk_dot2(p->w, e), 0);
    gjk_real sum = lp + lq;
    if (!(sum > 0)) {
        lp = 1;
        lq = 0;
        sum = 1;
    }
    lp /= sum;
    lq /= sum;
    *a = gjk_add2(gjk_scale2(p->a, lp), gjk_scale2(q->a, lq));
    *b = gjk_add2(gjk_scale2(p->b, lp), gjk_scale2(q->b, lq));
}

/* D is flat (its points within the tolerance of a line through s and t, or of the point s when t is NULL): the
   origin lies on its boundary, the core depth is 0, and any normal of the line is a penetration direction. Pick the
   one along which B's centre lies from A's, so that separating along it moves B away from A. */
static void flat_answer(const gjk2_ctx *ctx, const gjk2_vertex *s, const gjk2_vertex *t, gjk2_epa_result *out) {
    gjk_vec2 towards_b = gjk_sub2(ctx->b.centre, ctx->a.centre);
    gjk_vec2 n;
    if (t != NULL) {
        n = gjk_normalize2(gjk_perp2(gjk_sub2(t->w, s->w)));
        if (gjk_dot2(n, towards_b) < 0) n = gjk_neg2(n);
        edge_witnesses(s, t, &out->a, &out->b);
    } else {
        n = gjk_normalize2(towards_b);
        out->a = s->a;
        out->b = s->b;
    }
    if (n.x == 0 && n.y == 0) n = gjk_v2(1, 0);
    out->normal = n;
    out->depth = 0;
}

/* Build a counter-clockwise polygon around (or within the tolerance of) the origin from GJK's final simplex.
   Returns false, with *out filled, when D turns out to be flat. */
static bool seed2(gjk2_ctx *ctx, const gjk2_state *state, gjk_real tol, epa_polygon *poly, gjk2_epa_result *out) {
    const gjk2_simplex *s = &state->simplex;
    if (s->count == 3) {
        /* GJK only keeps a triangle when the origin is inside it and it is not flat. */
        poly->count = 3;
        poly->v[0] = s->p[0];
        bool ccw = gjk_cross2(gjk_sub2(s->p[1].w, s->p[0].w), gjk_sub2(s->p[2].w, s->p[0].w)) > 0;
        poly->v[1] = ccw ? s->p[1] : s->p[2];
        poly->v[2] = ccw ? s->p[2] : s->p[1];
        return true;
    }
    gjk2_vertex p0 = s->p[0], p1;
    if (s->count == 2) {
        p1 = s->p[1];
    } else {
        /* The origin is (within tol) the vertex p0: find a second point of D far enough from it, first along the
           line of centres, then across it. */
        gjk_vec2 u = gjk_normalize2(gjk_sub2(ctx->b.centre, ctx->a.centre));
        if (u.x == 0 && u.y == 0) u = gjk_v2(1, 0);
        bool found = false;
        for (int k = 0; k < 2 && !found; k++) {
            gjk_vec2 dir = k == 0 ? u : gjk_perp2(u);
            gjk2_vertex q1, q2;
            gjk2_support(ctx, dir, &q1);
            gjk2_support(ctx, gjk_neg2(dir), &q2);
            gjk_real d1 = gjk_len2(gjk_sub2(q1.w, p0.w)), d2 = gjk_len2(gjk_sub2(q2.w, p0.w));
            if (gjk_maxr(d1, d2) > tol) {
                p1 = d1 >= d2 ? q1 : q2;
                found = true;
            }
        }
        if (!found) {
            flat_answer(ctx, &p0, NULL, out); /* D is a single point (two points, or two concentric circles) */
            return false;
        }
    }
    gjk_vec2 n = gjk_normalize2(gjk_perp2(gjk_sub2(p1.w, p0.w))); /* left of p0 -> p1 */
    gjk2_vertex up, down;
    gjk2_support(ctx, n, &up);
    gjk2_support(ctx, gjk_neg2(n), &down);
    gjk_real h_up = gjk_dot2(gjk_sub2(up.w, p0.w), n);
    gjk_real h_down = -gjk_dot2(gjk_sub2(down.w, p0.w), n);
    if (!(h_up > tol) && !(h_down > tol)) {
        flat_answer(ctx, &p0, &p1, out);
        return false;
    }
    /* p0, down, p1, up is counter-clockwise: down lies right of p0 -> p1 and up left of it. A side without
       extent is left out; the edge p0 -> p1 (or p1 -> p0) then passes within tol of the origin. */
    int c = 0;
    poly->v[c++] = p0;
    if (h_down > tol) poly->v[c++] = down;
    poly->v[c++] = p1;
    if (h_up > tol) poly->v[c++] = up;
    poly->count = c;
    return true;
}

static void remove_vertex(epa_polygon *p, int i) {
    for (int j = i; j + 1 < p->count; j++) {
        p->v[j] = p->v[j + 1];
        p->normal[j] = p->normal[j + 1];
        p->dist[j] = p->dist[j + 1];
    }
    p->count--;
}

/* After w was inserted at index k: drop the neighbours that w left reflex or flat, as an incremental convex hull
   does (the 2D form of removing the faces a new point sees in 3D EPA). Seeds from GJK are support points and w
   never makes them reflex; but a warm-started GJK (gjk_cache2) hands over its old simplex at the new poses, whose
   points are interior points of D: an edge ending at one would stay closer than D's boundary for ever, and EPA
   would only keep splitting the edges next to it until the cap (a user ellipse against a 16-gon: 126 iterations,
   depth off by 2e-5). Returns w's index after the removals; the caller updates the two edges at w. */
static int keep_convex(epa_polygon *p, int k) {
    while (p->count > 3) {
        int prev = k == 0 ? p->count - 1 : k - 1, pp = prev == 0 ? p->count - 1 : prev - 1;
        gjk_vec2 a = p->v[pp].w, b = p->v[prev].w, c = p->v[k].w;
        if (gjk_cross2(gjk_sub2(b, a), gjk_sub2(c, b)) > 0) break;
        remove_vertex(p, prev);
        if (prev < k) k--;
    }
    while (p->count > 3) {
        int next = k + 1 == p->count ? 0 : k + 1, nn = next + 1 == p->count ? 0 : next + 1;
        gjk_vec2 a = p->v[k].w, b = p->v[next].w, c = p->v[nn].w;
        if (gjk_cross2(gjk_sub2(b, a), gjk_sub2(c, b)) > 0) break;
        remove_vertex(p, next);
        if (next < k) k--;
    }
    return k;
}

/* Ties in the shapes' support functions (a box's zero direction components, parallel faces) can leave extra
   vertices in the middle of an edge of D, so that the closest edge found is one collinear piece of D's edge and the
   origin projects outside it. The witnesses are only right on the piece that holds the projection: walk to it
   through neighbours that lie on the same line (within tol). */
static int settle_edge(const epa_polygon *p, int best, gjk_real tol) {
    for (int k = 0; k < p->count; k++) {
        int next = best + 1 == p->count ? 0 : best + 1;
        gjk_vec2 e = gjk_sub2(p->v[next].w, p->v[best].w);
        gjk_real t = -gjk_dot2(p->v[best].w, e); /* projection before v[best] when < 0 */
        gjk_real u = gjk_dot2(p->v[next].w, e);  /* projection beyond v[next] when < 0 */
        int cand, far;
        if (t < 0) {
            cand = best == 0 ? p->count - 1 : best - 1;
            far = cand;
        } else if (u < 0) {
            cand = next;
            far = next + 1 == p->count ? 0 : next + 1;
        } else {
            break;
        }
        if (!(GJK_ABS(gjk_dot2(p->normal[best], p->v[far].w) - p->dist[best]) <= tol)) break;
        best = cand;
    }
    return best;
}

/* gjk_query2_debug: the final polygon into the caller's record (world frame); `answer` is the edge the result came
   from (-1: none). */
static void record_polygon(const gjk2_ctx *ctx, const epa_polygon *p, int answer) {
    gjk_debug2 *d = ctx->rec->out;
    gjk_debug2_vertices(ctx->rec, p->v, p->count, d->epa_vertices);
    d->epa_vertex_count = p->count;
    d->epa_best_edge = answer;
}

void gjk2_epa(gjk2_ctx *ctx, const gjk2_state *state, gjk2_epa_result *out) {
    epa_polygon poly;
    int calls0 = ctx->support_calls;
    out->status = GJK_OK;
    out->iterations = 0;
    out->lower = -GJK_REAL_MAX;
    out->upper = GJK_REAL_MAX;
    gjk_real tol = gjk2_tolerance(ctx);
    if (!seed2(ctx, state, tol, &poly, out)) {
        out->iterations = ctx->support_calls - calls0;
        out->lower = out->upper = 0; /* flat to the tolerance: no depth beyond the caller's allowance */
        return;
    }
    /* The caller's options: the gap may close to tolerance x size, and at most max_epa support points are taken,
       the seed's included (a cap below the seed's count answers from the seed's polygon). */
    const gjk_real stop = tol + state->lim->tol * ctx->size;
    const int max_calls = state->lim->max_epa;
    update_all(&poly);
    int best = 0;
    gjk2_vertex w, upper_w = poly.v[0];
    gjk_real upper = GJK_REAL_MAX;
    gjk_vec2 upper_n = poly.normal[0];
    for (;;) {
        best = 0;
        for (int i = 1; i < poly.count; i++) {
            if (poly.dist[i] < poly.dist[best]) best = i;
        }
        if (ctx->bad) break;
        if (ctx->support_calls - calls0 >= max_calls) {
            out->status = GJK_MAX_ITERATIONS;
            break;
        }
        int next = best + 1 == poly.count ? 0 : best + 1;
        gjk_vec2 n = poly.normal[best];
        gjk2_support(ctx, n, &w);
        if (ctx->bad) break;
        /* Upper bound s_D(n).n minus lower bound (the edge's distance). */
        gjk_real h = gjk_dot2(w.w, n);
        if (h < upper) {
            upper = h;
            upper_n = n;
            upper_w = w;
        }
        gjk_real gap = h - poly.dist[best];
        if (gap <= gjk_maxr(GJK_TOL_REL * GJK_ABS(poly.dist[best]), stop)) break;
        if ((w.w.x == poly.v[best].w.x && w.w.y == poly.v[best].w.y) ||
            (w.w.x == poly.v[next].w.x && w.w.y == poly.v[next].w.y))
            break;
        if (poly.count == GJK_EPA_MAX_VERTICES2) {
            out->status = GJK_MAX_ITERATIONS;
            break;
        }
        /* Split edge best at w. w is farther than tol beyond the edge's line, so both new edges have a length. */
        for (int i = poly.count; i > best + 1; i--) poly.v[i] = poly.v[i - 1];
        for (int i = poly.count; i > best + 1; i--) {
            poly.normal[i] = poly.normal[i - 1];
            poly.dist[i] = poly.dist[i - 1];
        }
        poly.v[best + 1] = w;
        poly.count++;
        int k = keep_convex(&poly, best + 1);
        update_edge(&poly, k == 0 ? poly.count - 1 : k - 1);
        update_edge(&poly, k);
    }
    out->iterations = ctx->support_calls - calls0;
    /* The nearest edge of a polygon inside D that holds the origin bounds the depth from below. */
    if (poly.dist[best] >= 0) out->lower = poly.dist[best];
    out->upper = upper;
    if (out->status == GJK_MAX_ITERATIONS && upper < GJK_REAL_MAX) {
        /* Out of room before the bounds met (a curved core, e.g. two round user shapes nearly concentric, where
           every edge is about as close as every other): report the least upper bound s_D(n).n seen, with its
           normal and support point. Translating B by s_D(n).n along any unit n makes the cores touch, so the answer
           stays a valid separating motion, only possibly not the shortest. */
        out->normal = upper_n;
        out->depth = upper;
        out->a = upper_w.a;
        out->b = upper_w.b;
        if (ctx->rec) record_polygon(ctx, &poly, -1);
        return;
    }
    best = settle_edge(&poly, best, tol);
    if (ctx->rec) record_polygon(ctx, &poly, best);
    int next = best + 1 == poly.count ? 0 : best + 1;
    out->normal = poly.normal[best];
    out->depth = poly.dist[best];
    edge_witnesses(&poly.v[best], &poly.v[next], &out->a, &out->b);
}
