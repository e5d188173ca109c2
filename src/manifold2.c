// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Contact manifolds in 2D (gjk/manifold.h): up to 2 points.

   As in 3D (manifold3.c), the signed distance gives the normal n, and each core presents its supporting feature
   along n (A) and -n (B) within a small angular tolerance: an edge of a box or polygon, a capsule's or segment's
   side, or else a vertex. Two edges give the reference/incident clipping of Box2D (Catto, "Contact Manifolds",
   GDC 2007; b2ClipPolygons in Box2D v3): the incident edge is clipped to the reference edge's extent across n,
   and each end is paired with the point of the reference edge on its line along n, so the separation there is
   exact and the pair differs by separation * n. Anything else (a circle, a vertex, a user shape) is one point: the
   query's witnesses. Radii (circles, capsules, margins) shift the points along n onto the rounded surfaces. */
#include <string.h>

#include "feature3.h"
#include "internal2.h"
#include "rescale.h"

/* The angular tolerance for an edge facing n (GJK_FEATURE_SIN) is the 3D one: feature3.h explains it. */

/* Feature codes of the ids: kind << 14 | index, kind 0 vertex, 1 edge (numbered by its first vertex). */
static uint16_t code2(unsigned kind, int index) { return (uint16_t)((kind << 14) | ((unsigned)index & 0x3FFFu)); }

typedef struct feature2 {
    int count;       /* 1: a point (the witness is used), 2: the edge p[0] -> p[1] */
    bool aligned;    /* the edge faces d within the tolerance (else it is only a candidate incident edge) */
    gjk_vec2 p[2];   /* edge ends */
    gjk_vec2 normal; /* edge: outward unit normal */
    uint16_t vid[2]; /* edge ends' codes */
    uint16_t code;   /* the vertex (count 1) or the edge */
    uint16_t vcode;  /* the vertex farthest along d (a point's own code): the feature when the edge is not aligned */
} feature2;

static void point2(feature2 *f, int vertex) {
    f->count = 1;
    f->aligned = false;
    f->code = f->vcode = code2(0, vertex);
}

static void edge2(feature2 *f, gjk_vec2 p, int vp, gjk_vec2 q, int vq, gjk_vec2 normal, int edge) {
    f->count = 2;
    f->p[0] = p;
    f->p[1] = q;
    f->vid[0] = code2(0, vp);
    f->vid[1] = code2(0, vq);
    f->normal = normal;
    f->code = code2(1, edge);
}

/* A segment a -> b: its side facing d (edge 0 is a -> b with the normal on its right, edge 1 the way back), aligned
   when it is perpendicular to d within the tolerance; its end farther along d is vcode. A segment of no length is
   a point. */
static void segment2(feature2 *f, gjk_vec2 a, gjk_vec2 b, gjk_vec2 d) {
    gjk_vec2 e = gjk_sub2(b, a);
    gjk_real l = gjk_len2(e), s = gjk_dot2(e, d);
    if (!(l > 0)) {
        point2(f, 0);
        return;
    }
    gjk_vec2 nrm = gjk_scale2(gjk_v2(e.y, -e.x), 1 / l);
    if (gjk_dot2(nrm, d) >= 0)
        edge2(f, a, 0, b, 1, nrm, 0);
    else
        edge2(f, b, 1, a, 0, gjk_neg2(nrm), 1);
    f->aligned = GJK_ABS(s) <= GJK_FEATURE_SIN * l;
    f->vcode = code2(0, s > 0 ? 1 : 0);
}

/* Of a convex polygon's outward unit edge normals nr, the one most aligned with d; *c its dot product with d. */
GJK2_INLINE int facing_edge2(const gjk_vec2 *nr, int n, gjk_vec2 d, gjk_real *c) {
    int best = 0;
    gjk_real m = gjk_dot2(nr[0], d);
    for (int i = 1; i < n; ++i) { /* (selects, not branches: the winner is data) */
        gjk_real t = gjk_dot2(nr[i], d);
        best = t > m ? i : best;
        m = t > m ? t : m;
    }
    *c = m;
    return best;
}

/* Edge `best` of a convex polygon (counter-clockwise vertices v, normals nr of edges v[i] -> v[i+1]) as the feature
   facing d (c = nr[best].d), aligned when within the tolerance; its end farther along d is vcode. */
GJK2_INLINE void polygon_edge2(feature2 *f, const gjk_vec2 *v, const gjk_vec2 *nr, int n, int best, gjk_real c,
                          gjk_vec2 d) {
    int j = best + 1 == n ? 0 : best + 1;
    edge2(f, v[best], best, v[j], j, nr[best], best);
    f->aligned = c >= GJK_FEATURE_COS;
    f->vcode = code2(0, gjk_dot2(v[j], d) > gjk_dot2(v[best], d) ? j : best);
}

/* A convex polygon's edge whose normal is most aligned with d (in 2D it always holds the support vertex). */
static void polygon2(feature2 *f, const gjk_vec2 *v, const gjk_vec2 *nr, int n, gjk_vec2 d) {
    gjk_real c;
    int best = facing_edge2(nr, n, d, &c);
    polygon_edge2(f, v, nr, n, best, c, d);
}

/* The feature of shape s (its local frame) facing d: for a shape with edges, its edge facing d the most, aligned or
   not (a tilted one is the incident edge of a reference edge on the other shape: Box2D's rule, so that a box sunk
   into another at a small tilt keeps both corners within reach, not only the deepest), with the vertex farthest
   along d; else a point. */
static void find2(const gjk_shape2 *s, gjk_vec2 d, feature2 *f) {
    switch (s->type) {
    case GJK_SHAPE2_SEGMENT: segment2(f, s->segment.a, s->segment.b, d); return;
    case GJK_SHAPE2_CAPSULE:
        if (s->capsule.half_height > 0)
            segment2(f, gjk_v2(0, -s->capsule.half_height), gjk_v2(0, s->capsule.half_height), d);
        else
            point2(f, 0);
        return;
    case GJK_SHAPE2_BOX: {
        gjk_real x = s->box.half_extents.x, y = s->box.half_extents.y;
        const gjk_vec2 v[4] = {{-x, -y}, {x, -y}, {x, y}, {-x, y}}, nr[4] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
        polygon2(f, v, nr, 4, d);
        return;
    }
    case GJK_SHAPE2_POLYGON: {
        const gjk_hull2 *h = s->polygon.hull;
        if (h->vertex_count >= 3 && h->dimension == 2 && h->normals)
            polygon2(f, h->vertices, h->normals, h->vertex_count, d);
        else if (h->vertex_count == 2)
            segment2(f, h->vertices[0], h->vertices[1], d);
        else
            point2(f, 0); /* a point, or a hand-made polygon without normals: one point */
        return;
    }
    default: point2(f, 0); return; /* point, circle, user shape */
    }
}

typedef struct contact2 {
    gjk_vec2 pa, pb; /* on the rounded surfaces, A's frame */
    gjk_real sep;
    uint32_t id;
} contact2;

/* How far below q (a point of the incident edge f, its core), along -n, the incident shape's rounded surface lies:
   the largest s with q - s n within r of the edge. The lowest point of the union of discs along the edge is either
   on the offset of the edge's line (s = r / cos, cos between the edge's normal and -n, where the foot lands inside
   the edge) or on the disc at an end (the larger root of |q - v - s n| = r). r for an edge square to n; more for a
   tilted one, whose rounded side lies lower than q - r n. */
GJK2_INLINE gjk_real incident_drop(gjk_vec2 q, const feature2 *f, gjk_vec2 n, gjk_real r) {
    if (!(r > 0)) return 0;
    gjk_real s = r; /* q is on the core: the disc at q reaches r below it */
    for (int k = 0; k < 2; ++k) {
        gjk_vec2 w = gjk_sub2(q, f->p[k]);
        gjk_real wn = gjk_dot2(w, n), disc = wn * wn - gjk_len_sq2(w) + r * r;
        if (disc >= 0) s = gjk_maxr(s, wn + GJK_SQRT(disc));
    }
    gjk_real c = -gjk_dot2(f->normal, n);
    if (c > GJK_R(0.01)) {
        gjk_real se = r / c;
        gjk_vec2 e = gjk_sub2(f->p[1], f->p[0]), foot = gjk_mad2(gjk_mad2(q, -se, n), -r, f->normal);
        gjk_real t = gjk_dot2(gjk_sub2(foot, f->p[0]), e);
        if (t >= 0 && t <= gjk_len_sq2(e)) s = gjk_maxr(s, se);
    }
    return s;
}

/* The incident edge (B's) clipped to the reference edge's (A's) extent across n, each end paired with the point of
   A's edge on its line along n. Returns the number of points within the speculative distance. A is the reference:
   both edges are within the tolerance of n, so either would give the same points, and a fixed choice keeps the ids
   from flipping with rounding.

   Each point is named by the reference edge's end on its side and the incident edge's end on its side, whether it is
   that end itself or the other edge clipped there (the naming of Box2D v3's b2ClipPolygons). An id that recorded the
   clipping's outcome (an end over an edge, or an edge cut at an end) flips with rounding when the edges' ends are
   flush, and one read from the point's position (an end within a snap distance, else the edge) changes as soon as a
   sliding edge passes the snap: either way an engine that carries warm-start impulses only between points of equal
   id (Box2D) loses them, a resting stack of boxes sinks and never sleeps, a leaning one shears further and topples
   earlier. Named by the ends, the two points keep their ids as long as the same two edges touch. */
GJK2_INLINE int clip_edges(const feature2 *fa, const feature2 *fb, gjk_vec2 n, gjk_real ra, gjk_real rb, gjk_real spec,
                      contact2 out[2]) {
    gjk_vec2 t = gjk_perp2(n);
    gjk_real s0 = gjk_dot2(t, fa->p[0]), s1 = gjk_dot2(t, fa->p[1]);
    gjk_real u0 = gjk_dot2(t, fb->p[0]), u1 = gjk_dot2(t, fb->p[1]);
    if (u1 == u0) return 0;
    int kmin = s0 <= s1 ? 0 : 1;
    gjk_real smin = kmin ? s1 : s0, smax = kmin ? s0 : s1;
    gjk_real ta = (smin - u0) / (u1 - u0), tb = (smax - u0) / (u1 - u0);
    /* the lower end (from the incident edge's p[0]) lies on the side of the reference end at smin when the incident
       edge runs towards +t (ta < tb), else on the side of the end at smax */
    int klo = ta < tb ? kmin : 1 - kmin;
    gjk_real lo = gjk_maxr(0, gjk_minr(ta, tb)), hi = gjk_minr(1, gjk_maxr(ta, tb));
    if (!(lo <= hi)) return 0;
    int k = 0;
    gjk_vec2 e = gjk_sub2(fb->p[1], fb->p[0]);
    /* The reference edge faces n within the tolerance, so its cosine is near 1: one reciprocal, off the chain of
       each point's arithmetic (a division there would wait for the clipping). */
    const gjk_real inv_cos = 1 / gjk_dot2(fa->normal, n);
    for (int end = 0; end < 2; ++end) {
        if (end == 1 && hi == lo) break;
        gjk_real tau = end ? hi : lo;
        bool own = end ? hi == 1 : lo == 0; /* the incident edge's own end */
        gjk_vec2 q = gjk_mad2(fb->p[0], tau, e);
        q.x = own ? fb->p[end].x : q.x; /* (selects: whether an end is clipped is data) */
        q.y = own ? fb->p[end].y : q.y;
        /* q's height above the reference edge's line along n; p is the foot on that line */
        gjk_real h = gjk_dot2(fa->normal, gjk_sub2(q, fa->p[0])) * inv_cos;
        gjk_vec2 p = gjk_mad2(q, -h, n);
        gjk_real drop = incident_drop(q, fb, n, rb);
        gjk_real sep = h - ra - drop;
        if (!(sep <= spec)) continue;
        out[k].pa = gjk_mad2(p, ra, n);
        out[k].pb = gjk_mad2(q, -drop, n);
        out[k].sep = sep;
        out[k].id = (uint32_t)fa->vid[end ? 1 - klo : klo] << 16 | fb->vid[end];
        ++k;
    }
    return k;
}

/* The manifold's points in A's frame from the features facing n on A (fa) and -n on B (fb), both in A's frame:
   returns the number of points (0: one point, the query's witnesses, named *id). The reference edge is the one
   facing n within the tolerance (A's when both do, so that ids do not flip with rounding); the other shape's edge
   facing it most is the incident edge, tilted or not. Neither aligned: one point, named by the vertices. */
GJK2_INLINE int clip_features2(feature2 *fa, feature2 *fb, gjk_vec2 n, gjk_real ra, gjk_real rb, gjk_real spec,
                          contact2 c[2], uint32_t *id) {
    bool edges = fa->count == 2 && fb->count == 2 && (fa->aligned || fb->aligned), swap = edges && !fa->aligned;
    uint16_t code_a = fa->count == 2 && fa->aligned ? fa->code : fa->vcode;
    uint16_t code_b = fb->count == 2 && fb->aligned ? fb->code : fb->vcode;
    *id = (uint32_t)code_a << 16 | code_b;
    if (!edges) return 0;
    if (!swap) return clip_edges(fa, fb, n, ra, rb, spec, c);
    /* B's edge is the reference: clip A's against it along -n, then give each point back its roles. */
    int k = clip_edges(fb, fa, gjk_neg2(n), rb, ra, spec, c);
    for (int i = 0; i < k; ++i) {
        gjk_vec2 t = c[i].pa;
        c[i].pa = c[i].pb;
        c[i].pb = t;
        c[i].id = c[i].id << 16 | c[i].id >> 16;
    }
    return k;
}

/* The k clipped points (A's frame) into the world; a non-finite value (overflow of huge, if bounded, inputs) leaves
   no point and GJK_DEGENERATE rather than a NaN, as the queries (query2.c). */
GJK2_INLINE void world_points2(gjk_manifold2 *m, gjk_rot2 qa, gjk_vec2 pos_a, const contact2 *c, int k) {
    gjk_real sum = 0;
    for (int i = 0; i < k; ++i) {
        gjk_manifold_point2 *p = &m->points[i];
        p->point_a = gjk_add2(gjk_rotate2(qa, c[i].pa), pos_a);
        p->point_b = gjk_add2(gjk_rotate2(qa, c[i].pb), pos_a);
        p->separation = c[i].sep + 0; /* no negative zero (-0 + 0 is +0) */
        p->id = c[i].id;
        /* (summed as a tree, not a chain: the test ends the call, and a chain of ten additions would be its
           longest latency) */
        sum += ((p->point_a.x + p->point_a.y) + (p->point_b.x + p->point_b.y)) + p->separation;
    }
    m->count = k;
    if (!gjk_finite(sum)) {
        memset(m->points, 0, sizeof m->points);
        m->count = 0;
        m->status = GJK_DEGENERATE;
    }
}

/* The manifold's normal into the world from n (A's frame); false, with no normal and GJK_DEGENERATE, when it or the
   signed distance overflowed (huge, if bounded, inputs). */
GJK2_INLINE bool world_normal2(gjk_manifold2 *m, gjk_rot2 qa, gjk_vec2 n, gjk_real distance) {
    m->normal = gjk_rotate2(qa, n);
    if (gjk_finite(distance + m->normal.x + m->normal.y)) return true;
    m->normal = gjk_v2(0, 0);
    m->status = GJK_DEGENERATE;
    return false;
}

/* The manifold from the signed distance r (A's frame, the context and A's rotation as query2.c left them): the
   features facing its normal, clipped. */
static void manifold_from2(const gjk_pair2 *pair, const gjk2_ctx *ctx, gjk_rot2 qa, const gjk_result2 *r,
                           gjk_real spec, gjk_manifold2 *m) {
    m->status = r->status;
    m->iterations = r->iterations + r->epa_iterations;
    gjk_vec2 n = r->normal;
    if (!world_normal2(m, qa, n, r->distance)) return;
    if (!(r->distance <= spec) || !(gjk_len_sq2(n) > GJK_R(0.5))) return;
    feature2 fa, fb;
    find2(pair->a, n, &fa);
    find2(pair->b, gjk_inv_rotate2(ctx->b.rot, gjk_neg2(n)), &fb); /* -n in B's frame */
    if (fb.count == 2) { /* B's edge into A's frame */
        fb.p[0] = gjk_add2(gjk_rotate2(ctx->b.rot, fb.p[0]), ctx->b.pos);
        fb.p[1] = gjk_add2(gjk_rotate2(ctx->b.rot, fb.p[1]), ctx->b.pos);
        fb.normal = gjk_rotate2(ctx->b.rot, fb.normal);
    }
    contact2 c[2];
    uint32_t id;
    int k = clip_features2(&fa, &fb, n, ctx->a.radius, ctx->b.radius, spec, c, &id);
    if (k == 0) {
        /* One point, or rounding left no clipped end within reach: the query's witnesses. */
        c[0].pa = r->point_a;
        c[0].pb = r->point_b;
        c[0].sep = r->distance;
        c[0].id = id;
        k = 1;
    }
    world_points2(m, qa, pair->pose_a.position, c, k);
}

/* Two boxes or polygons whose signed distance the separating axes certify (query2.c): the features come from the
   axes' pass, which already holds B's vertices and normals in A's frame and the edge of the deepest axis (it faces
   n exactly), and the cores' answer is never turned into a public result and back. The same points and ids as the
   general path (gjk2_collide_general), to rounding. False when that path must answer. */
GJK2_INLINE bool collide2_polygons(const gjk_pair2 *pair, gjk_real spec, gjk_cache2 *cache, gjk_manifold2 *m) {
    gjk2_ctx ctx;
    gjk2_sat_axes s;
    gjk2_core core;
    gjk_result2 r;
    gjk_rot2 qa;
    int got = gjk2_sat_signed_distance(pair, cache, &ctx, &qa, &s, &core, &r);
    if (got == 0) return false;
    if (got < 0) {
        m->status = GJK_INVALID_INPUT;
        return true;
    }
    if (got == 2) {
        manifold_from2(pair, &ctx, qa, &r, spec, m);
        return true;
    }
    gjk_real dist = s.best - ctx.radius;
    gjk_vec2 n = s.axis, nb = gjk_neg2(n);
    if (!world_normal2(m, qa, n, dist)) return true;
    if (!(dist <= spec)) return true;
    feature2 fa, fb;
    gjk_real ca, cb;
    /* Both shapes' edges facing the axis, the deepest axis's own edge kept for its shape: selects, since which
       shape gives the axis is data (and, for a resting pair, a coin toss at the rounding level). */
    int ea = facing_edge2(s.A.n, s.A.count, n, &ca), eb = facing_edge2(s.bn, s.B.count, nb, &cb);
    ea = s.side == 0 ? s.edge : ea;
    eb = s.side == 1 ? s.edge : eb;
    ca = gjk_dot2(s.A.n[ea], n);
    cb = gjk_dot2(s.bn[eb], nb);
    polygon_edge2(&fa, s.A.v, s.A.n, s.A.count, ea, ca, n);
    polygon_edge2(&fb, s.bv, s.bn, s.B.count, eb, cb, nb);
    contact2 c[2];
    uint32_t id;
    int k = clip_features2(&fa, &fb, n, ctx.a.radius, ctx.b.radius, spec, c, &id);
    if (k == 0) {
        /* One point, or rounding left no clipped end within reach: the cores' answer on the rounded surfaces. */
        if (s.best <= 0) (void)gjk2_sat_points(&ctx, &s, &core);
        c[0].pa = gjk_mad2(core.a, ctx.a.radius, n);
        c[0].pb = gjk_mad2(c[0].pa, dist, n);
        c[0].sep = dist;
        c[0].id = id;
        k = 1;
    }
    world_points2(m, qa, pair->pose_a.position, c, k);
    return true;
}

gjk_manifold2 gjk2_collide_general(const gjk_pair2 *pair, gjk_real speculative_distance, gjk_cache2 *cache) {
    gjk_manifold2 m;
    memset(&m, 0, sizeof m);
    gjk2_ctx ctx;
    gjk_rot2 qa;
    gjk_result2 r;
    if (!(speculative_distance >= 0 && speculative_distance <= GJK_MAX_COORD) ||
        !gjk2_signed_distance_local(pair, cache, &ctx, &qa, &r)) {
        m.status = GJK_INVALID_INPUT;
        return m;
    }
    /* The signed distance stays in A's frame, where the features are clipped: only the manifold goes to the world. */
    manifold_from2(pair, &ctx, qa, &r, speculative_distance, &m);
    return m;
}

gjk_manifold2 gjk_collide2(const gjk_pair2 *pair, gjk_real speculative_distance, gjk_cache2 *cache) {
    gjk_manifold2 scaled; /* (a pair outside the comfortable scale range, answered rescaled: rescale.h) */
    if (gjk_rescale2_collide(pair, speculative_distance, &scaled)) return scaled;
    bool polygons = pair != NULL && pair->a != NULL && pair->b != NULL &&
                    (pair->a->type == GJK_SHAPE2_BOX || pair->a->type == GJK_SHAPE2_POLYGON) &&
                    (pair->b->type == GJK_SHAPE2_BOX || pair->b->type == GJK_SHAPE2_POLYGON);
    if (polygons && speculative_distance >= 0 && speculative_distance <= GJK_MAX_COORD) {
        gjk_manifold2 m;
        memset(&m, 0, sizeof m);
        if (collide2_polygons(pair, speculative_distance, cache, &m)) return m;
    }
    return gjk2_collide_general(pair, speculative_distance, cache);
}
