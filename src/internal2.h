// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Private declarations shared by the 2D files (shape2.c, gjk2.c, epa2.c, sat2.c, special2.c, query2.c). Not
   installed.

   Design (the same as the 3D side): every shape is a core plus a radius (a circle is a point core, a capsule a
   segment core, every other shape its own core; the shape's margin adds to the radius). GJK and EPA run on the
   cores of A and B, in A's local frame ("query frame"); the total radius R = rA + rB is added analytically by
   query2.c. The configuration space object is the Minkowski difference D = A - B of the cores, and every simplex or
   polygon vertex keeps its two witness points (on A and on B) so that closest and contact points can be
   recovered from barycentric coordinates (Gilbert, Johnson, Keerthi 1988).

   Speed: a query turns each shape into a gjk2_body once (an O(1) check and a support kind), so the GJK loop calls
   an inlined support per kind with no further dispatch on the public shape, B's rotation into A's frame is applied
   to one direction and one point per support (8 multiplications), and polygon supports hill-climb from the
   previous support vertex. Polygon pairs get exact penetration depths (and most distances) from the separating
   axis theorem (sat2.c), circles and capsules closed forms (special2.c). */
#ifndef GJK_INTERNAL2_H
#define GJK_INTERNAL2_H

#include "internal.h"

/* A direction handed to a user support, scaled by its largest component when that lies outside 1e-100 .. 1e100
   (float 1e-12 .. 1e12): the callback may square it (the same promise as in 3D, see shape3.c). */
static inline gjk_vec2 gjk2_tame(gjk_vec2 d) {
#if GJK_USE_FLOAT
    const gjk_real lo = GJK_R(1e-12), hi = GJK_R(1e12);
#else
    const gjk_real lo = 1e-100, hi = 1e100;
#endif
    gjk_real m = gjk_maxr(GJK_ABS(d.x), GJK_ABS(d.y));
    if ((m >= lo && m <= hi) || !(m > 0) || !(m <= GJK_REAL_MAX)) return d;
    return gjk_v2(d.x / m, d.y / m); /* (1 / m overflows for a subnormal m) */
}

/* Polygons with at least this many vertices (every convex ring) find their support point by hill climbing around
   the ring, warm started from the previous support vertex of the same shape in the same query, instead of a
   brute-force loop. Measured (gcc -O2, x86-64, GJK on polygons of 4 to 32 vertices against capsules and polygons):
   the warm-started walk takes one or two steps and wins at every size, 10-25% at 4 to 8 vertices, 2x at 32. */
#define GJK2_HILL_CLIMB_MIN 3
/* Polygon pairs with at most GJK2_SAT_SMALL vertices each test every separating axis against every vertex in the
   full separating-axis pass (sat2.c); larger ones walk the two vertex rings in step (at 8 vertices the walk is 15%
   faster). The boolean query uses the all-against-all pass, which exits at the first separating axis, up to
   GJK2_SAT_BOOLEAN vertices each and GJK above (at 32 vertices GJK is 2x faster); the distance and signed-distance
   queries try the separating axes first up to that size too (at 8 vertices GJK alone takes 35% fewer instructions
   for the distance of separated pairs, yet 10-20% more time: the axes' pass has no data-dependent branch). Measured
   crossovers (gcc -O2, x86-64). */
#define GJK2_SAT_SMALL 4
#define GJK2_SAT_BOOLEAN 8

/* Support kinds of a core. */
typedef enum gjk2_kind {
    GJK2_POINT = 0, /* the point p (circle, point, one-vertex hull) */
    GJK2_SEGMENT,   /* p .. q (capsule, segment, two-vertex hull) */
    GJK2_BOX,       /* centred box, half extents p */
    GJK2_POLYGON,   /* verts[count], counter-clockwise, count >= 3 */
    GJK2_USER       /* shape->user.support */
} gjk2_kind;

/* One core placed in the query frame: query point = rotate(rot, local point) + pos. */
typedef struct gjk2_body {
    gjk2_kind kind;
    int count;               /* polygon: number of vertices */
    int last;                /* polygon: previous support vertex (hill-climbing warm start) */
    bool climb;              /* polygon: support by hill climbing (a convex ring, see GJK2_HILL_CLIMB_MIN) */
    const gjk_vec2 *verts;   /* polygon: vertices, local frame */
    const gjk_vec2 *normals; /* polygon: outward unit edge normals, local frame (NULL: not available) */
    gjk_vec2 p, q;           /* point, segment ends, box half extents (p), local frame */
    const gjk_shape2 *shape;
    gjk_rot2 rot;     /* shape-local to query frame, unit */
    gjk_vec2 pos;     /* shape-local origin in the query frame */
    gjk_real radius;  /* core radius + margin */
    gjk_real extent;  /* bound on |x| + |y| of every local core point; -1 unknown (user shapes: the query grows its
                         length scale with their answers instead) */
    gjk_vec2 centre;  /* a point inside the core: local frame from gjk2_body_init, query frame after the setup */
} gjk2_body;

/* gjk_query2_debug's recorder (debug.c): the caller's record and A's local-to-world transform. */
typedef struct gjk_recorder2 {
    gjk_debug2 *out;
    gjk_rot2 rot;
    gjk_vec2 pos;
} gjk_recorder2;
/* The two bodies of a query, in A's local frame (A's rotation is the identity there). */
typedef struct gjk2_ctx {
    gjk2_body a, b;
    gjk_real radius;   /* rA + rB */
    gjk_real size;     /* length scale of the tolerances, see above */
    int support_calls; /* number of support evaluations of D */
    bool grow;         /* a core's extent is unknown (user callback): check its answers, grow size with them */
    bool special;      /* gjk2_special_applies */
    bool polygons;     /* gjk2_sat_applies */
    bool bad;          /* a support function (user callback) returned a non-finite point */
    const gjk_limits *lim; /* the query's stopping rules (query2.c only: other users of the context leave it unset) */
    const gjk_recorder2 *rec; /* debug queries only (points at recorder); NULL for the plain ones */
    gjk_recorder2 recorder;
} gjk2_ctx;

/* A point of D with its witnesses: w = a - b, a on A's core, b on B's core (query frame). */
typedef struct gjk2_vertex {
    gjk_vec2 w, a, b;
} gjk2_vertex;

/* A GJK simplex: 1 to 3 vertices (0 before the first support point). */
typedef struct gjk2_simplex {
    gjk2_vertex p[3];
    int count;
} gjk2_simplex;

/* Why gjk2_run stopped. */
typedef enum gjk2_exit {
    GJK2_RUNNING = 0,
    GJK2_CONVERGED,      /* duality gap closed, vertex repeated or |v| stagnated: v is the closest point of D */
    GJK2_OVERLAP,        /* |v| <= tolerance: the cores touch or overlap */
    GJK2_WITHIN_RADIUS,  /* |v| <= R + tolerance (only when asked): the rounded shapes touch or overlap */
    GJK2_SEPARATED,      /* a separating axis proves core distance > R + tolerance (only when asked) */
    GJK2_MAX_ITERATIONS, /* GJK_MAX_GJK_ITERATIONS reached: v is the best estimate */
    GJK2_BAD_SUPPORT     /* a support function returned a non-finite point */
} gjk2_exit;

/* GJK state, resumable: a boolean phase may stop at GJK2_WITHIN_RADIUS and a distance phase continue from there. */
typedef struct gjk2_state {
    gjk2_simplex simplex;
    gjk_vec2 v;           /* closest point of the simplex to the origin */
    gjk_vec2 sep;         /* SEPARATED: the separating direction (not unit) */
    gjk_real lower_bound; /* SEPARATED: lower bound of the core distance along sep, > R; CONVERGED: the same from
                             the last support point (gjk2_lower) */
    int iterations;
    gjk2_exit exit;
    const gjk_limits *lim; /* stopping rules: the defaults from gjk2_init, the caller's options set by query2.c */
} gjk2_state;

/* Result of EPA on the cores. */
typedef struct gjk2_epa_result {
    gjk_status status;
    gjk_vec2 normal; /* unit, query frame, from A to B: moving B by depth * normal makes the cores touch */
    gjk_real depth;  /* core penetration depth (>= -tolerance: slightly negative when the cores nearly touch) */
    gjk_vec2 a, b;   /* deepest points of the cores, query frame */
    int iterations;
    gjk_real lower, upper; /* bounds of the core depth found (before rounding allowances): lower is the nearest edge
                              of a polygon inside D that holds the origin (-GJK_REAL_MAX when none does), upper the
                              least support value n . support(n) met (GJK_REAL_MAX when none) */
} gjk2_epa_result;

/* debug.c: world-frame copies of n vertices, and the simplex s with its closest point v as the next GJK step. */
void gjk_debug2_vertices(const gjk_recorder2 *rec, const gjk2_vertex *v, int n, gjk_debug_vertex2 *out);
void gjk_debug2_step(const gjk_recorder2 *rec, const gjk2_simplex *s, gjk_vec2 v);
/* shape2.c */
gjk_vec2 gjk2_core_support(const gjk_shape2 *shape, gjk_vec2 direction);
gjk_real gjk2_core_radius(const gjk_shape2 *shape);
int gjk2_polygon_support(gjk2_body *body, gjk_vec2 direction);
gjk_vec2 gjk2_user_centre(const gjk_shape2 *shape);

/* Functions the compiler must inline: the GJK loop is instantiated per pair of support kinds. */
#if defined(__GNUC__) || defined(__clang__)
#define GJK2_INLINE static inline __attribute__((always_inline))
#define GJK2_NOINLINE static __attribute__((noinline))
#else
#define GJK2_INLINE static inline
#define GJK2_NOINLINE static
#endif

/* Support point of a body's core along d (its local frame); a user callback gets d tamed (gjk2_tame) and its
   answer is not checked here. */
GJK2_INLINE gjk_vec2 gjk2_local_support(gjk2_body *b, gjk_vec2 d) {
    switch (b->kind) {
    case GJK2_POINT: return b->p;
    case GJK2_SEGMENT: return gjk_dot2(gjk_sub2(b->q, b->p), d) >= 0 ? b->q : b->p;
    case GJK2_BOX: return gjk_v2(d.x >= 0 ? b->p.x : -b->p.x, d.y >= 0 ? b->p.y : -b->p.y);
    case GJK2_POLYGON: return b->verts[gjk2_polygon_support(b, d)];
    case GJK2_USER: break;
    }
    return b->shape->user.support(gjk2_tame(d), b->shape->user.data);
}

/* A rotation scaled to unit length; false when zero or not finite. A rotation already unit within rounding (any
   made by gjk_rot2_from_angle) is taken as it is: normalising it would only move it by an ulp. Otherwise dividing
   by the larger component first keeps the squares from overflowing or underflowing. The queries, ray casts and
   shape casts all take rotations by this rule. */
GJK2_INLINE bool gjk2_unit_rotation(gjk_rot2 q, gjk_rot2 *out) {
    gjk_real l2 = q.c * q.c + q.s * q.s;
    if (GJK_ABS(l2 - 1) <= GJK_R(4.0) * GJK_REAL_EPSILON) {
        *out = q;
        return true;
    }
    if (!gjk_finite(q.c) || !gjk_finite(q.s)) return false;
    gjk_real m = gjk_maxr(GJK_ABS(q.c), GJK_ABS(q.s));
    if (!(m > 0)) return false;
    gjk_real c = q.c / m, s = q.s / m;
    gjk_real l = GJK_SQRT(c * c + s * s);
    out->c = c / l;
    out->s = s / l;
    return true;
}

/* A pose the 2D entry points accept: the position within GJK's range, the rotation usable (gjk2_unit_rotation). */
GJK2_INLINE bool gjk2_pose_valid(gjk_pose2 pose) {
    gjk_rot2 q;
    return gjk_bounded2(pose.position) && gjk2_unit_rotation(pose.rotation, &q);
}

static inline gjk_real gjk2_norm_inf(gjk_vec2 p) { return gjk_maxr(GJK_ABS(p.x), GJK_ABS(p.y)); }
/* v / m for m > 0, typically v's largest component: by division, since 1 / m overflows for a subnormal m (a
   point 8e-315 from another: the unit offset came out NaN). */
static inline gjk_vec2 gjk2_div(gjk_vec2 v, gjk_real m) { return gjk_v2(v.x / m, v.y / m); }
static inline gjk_real gjk2_norm1(gjk_vec2 p) { return GJK_ABS(p.x) + GJK_ABS(p.y); }
/* x > 0 (>= 0) and finite, in one or two comparisons (NaN fails them). */
/* Sizes and coordinates are bounded by GJK_MAX_COORD as in 3D: squares of differences of such numbers stay finite
   (beyond them a segment at 7e240 comes out overlapping a polygon near the origin once |v|^2 overflows). */
static inline bool gjk2_positive(gjk_real x) { return x > 0 && x <= GJK_MAX_COORD; }
static inline bool gjk2_non_negative(gjk_real x) { return x >= 0 && x <= GJK_MAX_COORD; }

/* Check a shape and fill the body's shape-dependent fields (kind, points, radius, extent, local centre); false when
   the shape is invalid. One switch, O(1): a polygon's vertices were checked finite by gjk_hull2_create(), and
   checking them per query would make every query O(n) before it starts. Inlined in the queries' setup;
   gjk_shape2_validate() is it too. */
GJK2_INLINE bool gjk2_body_init(gjk2_body *b, const gjk_shape2 *shape) {
    if (shape == NULL || !gjk2_non_negative(shape->margin)) return false;
    b->shape = shape;
    b->radius = shape->margin;
    b->centre = gjk_v2(0, 0);
    b->count = 1;
    switch (shape->type) {
    case GJK_SHAPE2_POINT:
        b->kind = GJK2_POINT;
        b->p = gjk_v2(0, 0);
        b->extent = 0;
        return true;
    case GJK_SHAPE2_CIRCLE:
        b->kind = GJK2_POINT;
        b->p = gjk_v2(0, 0);
        b->extent = 0;
        b->radius += shape->circle.radius;
        return gjk2_positive(shape->circle.radius) && gjk_finite(b->radius);
    case GJK_SHAPE2_SEGMENT:
        b->kind = GJK2_SEGMENT;
        b->count = 2;
        b->p = shape->segment.a;
        b->q = shape->segment.b;
        b->extent = gjk_maxr(gjk2_norm1(b->p), gjk2_norm1(b->q));
        b->centre = gjk_scale2(gjk_add2(b->p, b->q), GJK_R(0.5));
        return gjk_bounded2(b->p) && gjk_bounded2(b->q) && gjk_finite(b->extent);
    case GJK_SHAPE2_CAPSULE:
        b->kind = GJK2_SEGMENT;
        b->count = 2;
        b->p = gjk_v2(0, -shape->capsule.half_height);
        b->q = gjk_v2(0, shape->capsule.half_height);
        b->radius += shape->capsule.radius;
        b->extent = shape->capsule.half_height;
        return gjk2_non_negative(shape->capsule.radius) && gjk2_non_negative(shape->capsule.half_height) &&
               gjk_finite(b->radius);
    case GJK_SHAPE2_BOX:
        b->kind = GJK2_BOX;
        b->count = 4;
        b->p = shape->box.half_extents;
        b->extent = b->p.x + b->p.y; /* (finite: both are at most GJK_MAX_COORD) */
        return gjk2_positive(b->p.x) && gjk2_positive(b->p.y);
    case GJK_SHAPE2_POLYGON: {
        const gjk_hull2 *h = shape->polygon.hull;
        if (h == NULL || h->vertices == NULL) return false;
        const int n = h->vertex_count;
        /* (one unsigned comparison per range: a count below 1 or a negative dimension wraps to a huge value) */
        if ((unsigned)n - 1u >= (unsigned)GJK_HULL_MAX_POINTS || (unsigned)h->dimension > 2u ||
            !gjk_bounded2(h->centroid) || h->radius > GJK_MAX_COORD)
            return false;
        b->verts = h->vertices;
        b->count = n;
        b->last = 0;
        b->centre = h->centroid;
        b->kind = GJK2_POLYGON;
        if (n <= 2) {
            b->p = h->vertices[0];
            b->q = h->vertices[n - 1];
            b->kind = n == 1 ? GJK2_POINT : GJK2_SEGMENT;
        }
        /* Edge normals for the separating-axis depth, only when the hull says it has them; hill climbing needs
           the convex counter-clockwise ring that dimension 2 promises. */
        b->normals = h->dimension == 2 && n >= 3 ? h->normals : NULL;
        b->climb = h->dimension == 2 && n >= GJK2_HILL_CLIMB_MIN;
        /* |x| + |y| <= |c|_1 + sqrt(2) |x - c|; a hull filled by hand with a bad radius leaves the extent unknown
           (-1): the query then measures the size from the support points, as for user shapes. */
        b->extent = gjk2_norm1(h->centroid) + GJK_R(1.5) * h->radius;
        if (!(h->radius >= 0 && b->extent <= GJK_REAL_MAX)) b->extent = -1;
        return true;
    }
    case GJK_SHAPE2_USER:
        /* The centre (a point inside the core) costs four calls of the callback: the query asks for it. */
        b->kind = GJK2_USER;
        b->extent = -1;
        return shape->user.support != NULL;
    case GJK_SHAPE2_TYPE_COUNT: break;
    }
    return false;
}

/* Support of D = A - B along d (query frame), with witnesses: s_D(d) = s_A(d) - s_B(-d). The direction is rotated
   into B's frame (A's frame is the query frame). */
void gjk2_support(gjk2_ctx *ctx, gjk_vec2 direction, gjk2_vertex *out);
/* For cores of unknown extent (user callbacks): a non-finite support point sets ctx->bad and is replaced by a
   finite one so that no NaN reaches the arithmetic (the query then reports GJK_INVALID_INPUT), and the length scale
   grows with it: the rounding of every quantity computed from a support point is a few ulps of its largest
   coordinate, B's in its own frame (`b_local`) included, since its rotation rounds at that scale. */
void gjk2_check_support(gjk2_ctx *ctx, gjk2_vertex *v, gjk_vec2 b_local);

/* gjk2.c */
gjk_real gjk2_tolerance(const gjk2_ctx *ctx);
gjk_real gjk2_touch_tolerance(const gjk2_ctx *ctx);
void gjk2_init(gjk2_state *state, gjk2_ctx *ctx, gjk_vec2 direction);
/* Start from a warm simplex instead (points of D: a cache's points at the current poses, 1 to 3 of them): reduced to
   the sub-simplex closest to the origin, whose point is the first v. */
void gjk2_init_warm(gjk2_state *state, gjk2_ctx *ctx, const gjk2_simplex *warm);
void gjk2_run(gjk2_state *state, gjk2_ctx *ctx, bool stop_on_separation, bool stop_within_radius);
void gjk2_witnesses(const gjk2_state *state, gjk_vec2 *a, gjk_vec2 *b);
/* Unit direction from the simplex towards the origin (A to B); zero when v is zero. */
gjk_vec2 gjk2_direction(const gjk2_state *state);
/* gjk2_lower after the iteration cap: one more support point. */
gjk_real gjk2_lower_capped(const gjk2_state *state, gjk2_ctx *ctx);

/* epa2.c */
void gjk2_epa(gjk2_ctx *ctx, const gjk2_state *state, gjk2_epa_result *out);

/* A lower bound of the signed core distance where GJK stopped (the support value along any unit u bounds minus the
   signed distance from above): the separating axis, the support point that ended a converged run, or after the
   iteration cap one more support point; -GJK_REAL_MAX after the other exits (overlap, within the radii). */
static inline gjk_real gjk2_lower(const gjk2_state *state, gjk2_ctx *ctx) {
    if (state->exit == GJK2_SEPARATED || state->exit == GJK2_CONVERGED) return state->lower_bound;
    return state->exit == GJK2_MAX_ITERATIONS ? gjk2_lower_capped(state, ctx) : -GJK_REAL_MAX;
}

/* The answer for the cores, whichever algorithm found it; query2.c adds the radii and builds the results. */
typedef struct gjk2_core {
    gjk_real dist;   /* signed distance of the cores: > 0 gap, <= 0 minus the core depth */
    gjk_vec2 normal; /* unit, query frame, from A to B */
    gjk_vec2 a, b;   /* closest (dist > 0) or deepest (dist <= 0) points of the cores; b = a + dist * normal */
    gjk_vec2 common; /* dist <= 0: a point of both cores (closed forms and GJK; sat2.c does not provide one) */
    gjk_real lower, upper; /* bounds of the true signed core distance, before rounding allowances (query2.c fills
                              them: dist itself for the exact answers) */
} gjk2_core;

/* A box, a polygon with its edge normals, or a segment of some length (a 2-vertex polygon whose two edges have
   normals +-n): what the separating axes (sat2.c) need. */
static inline bool gjk2_polygonal(const gjk2_body *b) {
    return b->kind == GJK2_BOX || (b->kind == GJK2_POLYGON && b->normals != NULL) ||
           (b->kind == GJK2_SEGMENT && (b->p.x != b->q.x || b->p.y != b->q.y));
}

/* sat2.c: exact penetration of two polygonal cores (boxes, polygons, segments) by the separating axis theorem. */
static inline bool gjk2_sat_applies(const gjk2_ctx *ctx) {
    return gjk2_polygonal(&ctx->a) && gjk2_polygonal(&ctx->b);
}
typedef enum gjk2_sat_result {
    GJK2_SAT_SEPARATED, /* an axis separates the cores by more than `stop`: *axis (unit, A to B), *separation */
    GJK2_SAT_CONTACT,   /* exact answer in `out` (when not NULL): overlapping cores (out->dist = -depth <= 0), or
                           cores apart whose closest features face each other (out->dist = distance > 0) */
    GJK2_SAT_APART      /* the cores are apart by at least *separation > 0 (<= stop) along *axis; the distance is
                           for GJK to find */
} gjk2_sat_result;
/* Every axis until one separates the cores by more than `stop`. Without `out` the contact classification is only
   by the sign of the largest separation (CONTACT: <= 0). */
gjk2_sat_result gjk2_sat(gjk2_ctx *ctx, gjk_real stop, gjk2_core *out, gjk_real *separation, gjk_vec2 *axis);
/* Its two halves, for the manifold (manifold2.c), which builds its points from the axes' polygons. */
/* A box, polygon or segment core as counter-clockwise vertices and outward unit edge normals (edge i: v[i] ->
   v[i + 1]), its own frame. Boxes and segments are written out into bv, bn (v and n then point there). */
typedef struct gjk2_poly {
    const gjk_vec2 *v, *n;
    int count;
    gjk_vec2 bv[4], bn[4];
} gjk2_poly;
/* Most vertices of B moved into A's frame on the stack; bigger polygons are walked in their own frame. */
#define GJK2_SAT_STACK 64
/* The axes' pass: the largest separation and whose edge gives it. */
typedef struct gjk2_sat_axes {
    gjk2_poly A, B;
    gjk_vec2 bv[GJK2_SAT_STACK], bn[GJK2_SAT_STACK]; /* moved: B's vertices and normals in the query frame */
    bool moved, brute;
    bool all;      /* no axis separates the cores by more than `stop` */
    gjk_real best; /* the largest separation found */
    int side;      /* 0: A's edge, 1: B's */
    int edge;      /* that edge (its first vertex) */
    int vertex;    /* the other polygon's deepest vertex along it (not for the all-against-all pass) */
    gjk_vec2 axis; /* unit, query frame, from A to B */
} gjk2_sat_axes;
/* `points`: the answer's points will be asked for (gjk2_sat_points), which picks the pass as gjk2_sat with `out`. */
void gjk2_sat_pass(gjk2_ctx *ctx, gjk_real stop, bool points, gjk2_sat_axes *s);
/* After a pass where every axis was tried (s->all): the answer, CONTACT or APART as gjk2_sat's. */
gjk2_sat_result gjk2_sat_points(gjk2_ctx *ctx, gjk2_sat_axes *s, gjk2_core *out);

/* query2.c, for the manifold (manifold2.c): gjk_signed_distance2's answer left in A's frame, where the manifold is
   built, with the context (B's pose relative to A, the radii) and A's unit rotation; false for invalid input. */
bool gjk2_signed_distance_local(const gjk_pair2 *pair, gjk_cache2 *cache, gjk2_ctx *ctx, gjk_rot2 *rot_a,
                                gjk_result2 *r);

/* query2.c, for the manifold of two boxes or polygons (manifold2.c): their signed distance in A's frame, as
   gjk_signed_distance2 finds it. 1 where the separating axes certify it (overlapping cores, or closest features
   that face each other), with the context, A's unit rotation and the axes' pass (B's vertices and normals in A's
   frame; the cores' answer is s->best along s->axis, its points in `c` only when the cores are apart, else from
   gjk2_sat_points); 2 where GJK had to finish it (closest features that do not face each other), its answer in `r`;
   the cache kept as that query keeps it. 0 where the general path must answer (other shapes, polygons of more than
   GJK2_SAT_BOOLEAN vertices); -1 for invalid input. */
int gjk2_sat_signed_distance(const gjk_pair2 *pair, gjk_cache2 *cache, gjk2_ctx *ctx, gjk_rot2 *rot_a,
                             gjk2_sat_axes *s, gjk2_core *c, gjk_result2 *r);

/* manifold2.c: gjk_collide2 by the general path (the signed distance, then the features facing its normal), which
   gjk_collide2 takes for every pair but boxes and polygons; the tests compare the two. */
gjk_manifold2 gjk2_collide_general(const gjk_pair2 *pair, gjk_real speculative_distance, gjk_cache2 *cache);

/* special2.c: closed forms for pairs of point and segment cores (circles, capsules, points, segments) and for a
   point core against a box or polygon core. Exact distance, normal, witnesses and depth. */
static inline bool gjk2_special_applies(const gjk2_ctx *ctx) {
    gjk2_kind a = ctx->a.kind, b = ctx->b.kind;
    bool small_a = a == GJK2_POINT || a == GJK2_SEGMENT, small_b = b == GJK2_POINT || b == GJK2_SEGMENT;
    return (small_a && small_b) || (a == GJK2_POINT && gjk2_polygonal(&ctx->b)) ||
           (b == GJK2_POINT && gjk2_polygonal(&ctx->a));
}
void gjk2_special(const gjk2_ctx *ctx, gjk2_core *out);

#endif
