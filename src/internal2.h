/* Private declarations shared by the 2D files (shape2.c, gjk2.c, epa2.c, query2.c). Not installed.

   Design (the same as the 3D side): every shape is a core plus a radius (a circle is a point core, a capsule a
   segment core, every other shape its own core; the shape's margin adds to the radius). GJK and EPA run on the
   cores of A and B, in A's local frame ("query frame"); the total radius R = rA + rB is added analytically by
   query2.c. The configuration space object is the Minkowski difference D = A - B of the cores, and every simplex or
   polygon vertex keeps its two witness points (on A and on B) so that closest and contact points can be
   recovered from barycentric coordinates (Gilbert, Johnson, Keerthi 1988). */
#ifndef GJK_INTERNAL2_H
#define GJK_INTERNAL2_H

#include "internal.h"

/* Tolerances, as multiples of the machine epsilon of gjk_real, times a length scale of the query (the largest
   coordinate of any support point seen, see gjk2_state.size). Thresholds relative to the size of the pair are what
   keeps GJK/EPA working at any scale and in float (NUMERICS.md, "Float and determinism"). */
/* Numerical floor: absolute part of every convergence test, flatness of triangles and of D, and the distance below
   which the cores count as overlapping (EPA then runs). A few ulps of the largest coordinate: the rounding of a
   dot product or of a barycentric combination. */
#define GJK2_TOL_ABS (GJK_R(4.0) * GJK_REAL_EPSILON)
/* Contact classification: shapes closer than this count as touching (intersect = true), and the boolean queries
   only report a separation larger than it. Wider than GJK2_TOL_ABS because it must also cover the rounding of the
   change to A's frame (a rotation and a translation of B), so that shapes touching exactly in the world are
   reported as intersecting. */
#define GJK2_TOL_TOUCH (GJK_R(32.0) * GJK_REAL_EPSILON)
/* Relative duality gap at which GJK and EPA stop: (upper - lower) <= GJK2_TOL_REL * upper + GJK2_TOL_ABS * size.
   The absolute floor already covers the rounding of the gap itself, so the relative part only has to stop curved
   cores once the answer is as good as the precision allows. */
#define GJK2_TOL_REL (GJK_R(8.0) * GJK_REAL_EPSILON)

/* One shape placed in the query frame: query point = rotate(rot, local point) + pos. */
typedef struct gjk2_body {
    const gjk_shape2 *shape;
    gjk_rot2 rot;    /* shape-local to query frame, unit */
    gjk_vec2 pos;    /* shape-local origin in the query frame */
    gjk_real radius; /* core radius + margin */
    gjk_vec2 centre; /* a point inside the core, query frame */
} gjk2_body;

/* The two bodies of a query, in A's local frame (A's rotation is the identity there). */
typedef struct gjk2_ctx {
    gjk2_body a, b;
    gjk_real radius;   /* rA + rB */
    int support_calls; /* number of support evaluations of D */
    bool bad;          /* a support function (user callback) returned a non-finite point */
} gjk2_ctx;

/* A point of D with its witnesses: w = a - b, a on A's core, b on B's core (query frame). */
typedef struct gjk2_vertex {
    gjk_vec2 w, a, b;
} gjk2_vertex;

/* A GJK simplex: 1 to 3 vertices and the barycentric coordinates of v, the point closest to the origin. */
typedef struct gjk2_simplex {
    gjk2_vertex p[3];
    gjk_real lambda[3];
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
    gjk_vec2 dir;         /* unit direction from the simplex to the origin (A to B); zero when v is zero */
    gjk_real size;        /* length scale: largest |coordinate| of R, B's offset, and every support point and witness
                             seen (B's also in its own frame), see grow_size in gjk2.c */
    gjk_real lower_bound; /* lower bound of the core distance along dir, > R (SEPARATED only) */
    int iterations;
    gjk2_exit exit;
} gjk2_state;

/* Result of EPA on the cores. */
typedef struct gjk2_epa_result {
    gjk_status status;
    gjk_vec2 normal; /* unit, query frame, from A to B: moving B by depth * normal makes the cores touch */
    gjk_real depth;  /* core penetration depth (>= -tolerance: slightly negative when the cores nearly touch) */
    gjk_vec2 a, b;   /* deepest points of the cores, query frame */
    int iterations;
} gjk2_epa_result;

/* shape2.c */
gjk_vec2 gjk2_core_support(const gjk_shape2 *shape, gjk_vec2 direction);
gjk_real gjk2_core_radius(const gjk_shape2 *shape);
gjk_vec2 gjk2_core_centre(const gjk_shape2 *shape);
void gjk2_support(gjk2_ctx *ctx, gjk_vec2 direction, gjk2_vertex *out);

/* gjk2.c */
gjk_real gjk2_tolerance(const gjk2_state *state);
gjk_real gjk2_touch_tolerance(const gjk2_state *state);
void gjk2_init(gjk2_state *state, gjk2_ctx *ctx, gjk_vec2 direction);
void gjk2_run(gjk2_state *state, gjk2_ctx *ctx, bool stop_on_separation, bool stop_within_radius);
void gjk2_witnesses(const gjk2_state *state, gjk_vec2 *a, gjk_vec2 *b);

/* epa2.c */
void gjk2_epa(gjk2_ctx *ctx, const gjk2_state *state, gjk2_epa_result *out);

#endif
