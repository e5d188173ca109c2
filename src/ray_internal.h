// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Private declarations of the ray casts (gjk/ray.h): ray3.c and ray2.c (input checks, frames), ray_gjk3.c and
   ray_gjk2.c (the GJK ray casts, which the linear shape casts share), ray_closed3.c and ray_closed2.c (closed
   forms). Not installed.

   Every cast works in the shape's local frame, along a unit direction u: the ray is o + s u for the distance s in
   [0, smax], and the public fraction is s / |translation|. Distances rather than fractions keep the tolerances in
   length units (the same touching band as the queries) and make a tiny or huge translation harmless. */
#ifndef GJK_RAY_INTERNAL_H
#define GJK_RAY_INTERNAL_H

#include "internal2.h"
#include "internal3.h"

/* A ray the ray casts accept (gjk/ray.h): origin and translation within GJK's range, and 0 <= max_fraction, finite
   (every comparison with a NaN fails). The world's scene queries refuse the same rays. */
static inline bool gjk_ray3_valid(const gjk_ray3 *ray) {
    return ray && gjk_bounded3(ray->origin) && gjk_bounded3(ray->translation) && ray->max_fraction >= 0 &&
           ray->max_fraction <= GJK_REAL_MAX;
}

static inline bool gjk_ray2_valid(const gjk_ray2 *ray) {
    return ray && gjk_bounded2(ray->origin) && gjk_bounded2(ray->translation) && ray->max_fraction >= 0 &&
           ray->max_fraction <= GJK_REAL_MAX;
}

/* What a closed form found. UNDECIDED: no closed form for this case (a rounded cylinder, a direction whose squares
   underflow) or the origin lies in the touching band where a plane test cannot tell the Euclidean distance (hull
   edges): the GJK ray cast decides. */
typedef enum gjk_ray_outcome {
    GJK_RAY_MISS = 0,
    GJK_RAY_HIT,    /* *s >= 0 the first hit, *n the outward unit normal there (local frame) */
    GJK_RAY_INSIDE, /* the origin is inside, or outside by at most tol */
    GJK_RAY_UNDECIDED
} gjk_ray_outcome;

/* A ray in a shape's local frame. */
typedef struct gjk_ray_local3 {
    gjk_vec3 o;    /* origin */
    gjk_vec3 u;    /* unit direction (components below the smallest normal number flushed to zero); zero for a zero
                      translation */
    gjk_real tol;  /* touching band at the origin: GJK_TOL_TOUCH * the problem's size */
} gjk_ray_local3;

typedef struct gjk_ray_local2 {
    gjk_vec2 o, u;
    gjk_real tol;
} gjk_ray_local2;

/* Cyrus-Beck clipping of the ray's segment t in [0, hi] against half-spaces n . x <= d (ray_closed3.c's hull(),
   ray_closed2.c's polygon(), ray2.c's polygon fast path): feed every plane's signed distance of the origin
   (n . o - d) and the direction's rate across it (n . u), then read the outcome. The largest entering t is the hit
   (*plane: the index fed with it), provided the smallest leaving one does not come before it; t = -dist / den is
   divided out only when it improves a bound (Box2D's economy: den < 0 improves lo exactly when -dist < lo den, den > 0
   improves hi when -dist < hi den; a product that overflows compares the same way). The largest plane distance
   tells inside (<= 0) from outside; between 0 and tol the Euclidean distance may be inside the band or not (a point
   beyond a sharp edge is farther from the solid than from either plane): UNDECIDED. */
typedef struct gjk_ray_clip {
    gjk_real lo, hi, maxd;
    int best;
} gjk_ray_clip;

static inline gjk_ray_clip gjk_ray_clip_start(gjk_real hi) {
    gjk_ray_clip c = {0, hi, -GJK_REAL_MAX, -1};
    return c;
}

/* Feed one plane; true when the bounds have just crossed while the origin is outside the band (a miss whatever
   planes follow: lo only grows, hi only shrinks, maxd only grows). The test runs only where a bound moved, so a loop
   that stops on it pays nothing for it on the planes that move neither. */
static inline bool gjk_ray_clip_plane(gjk_ray_clip *c, gjk_real dist, gjk_real den, int index, gjk_real tol) {
    c->maxd = gjk_maxr(c->maxd, dist);
    if (den < 0) {
        if (-dist < c->lo * den) {
            c->lo = -dist / den, c->best = index;
            return c->hi < c->lo && c->maxd > tol;
        }
    } else if (den > 0) {
        if (-dist < c->hi * den) {
            c->hi = -dist / den;
            return c->hi < c->lo && c->maxd > tol;
        }
    } else if (dist > 0) {
        c->hi = -1; /* parallel to the plane and outside it: no t, and hi below lo says so (hi only shrinks) */
        return c->maxd > tol;
    }
    return false;
}

static inline gjk_ray_outcome gjk_ray_clip_end(const gjk_ray_clip *c, gjk_real tol, gjk_real *s, int *plane) {
    if (c->maxd <= 0) return GJK_RAY_INSIDE;
    if (c->maxd <= tol) return GJK_RAY_UNDECIDED;
    if (c->best < 0 || c->lo > c->hi) return GJK_RAY_MISS;
    *s = c->lo;
    *plane = c->best;
    return GJK_RAY_HIT;
}

/* ---- the GJK ray cast in 3D (ray_gjk3.c) -------------------------------------------------------------------------
   One GJK ray cast (van den Bergen, "Ray Casting against General Convex Objects with Application to Continuous
   Collision Detection", 2004) for every caller: gjk_raycast3 casts the point o along u against one shape's core;
   the linear gjk_shape_cast3 casts the origin along B's motion relative to A against the core difference A - B at
   t = 0 (a shape moving against another is a point moving against their difference). The caller fills the body
   (a support function), the ray, the radius and the tolerances, and keeps its own specifics: closed forms, frames,
   what a hit means for its output. The kernel keeps x = o + lambda u and a simplex of body points p[i], with
   w = x - p[i] (the simplex of x - C) in s. */
typedef struct gjk_ray_gjk3 gjk_ray_gjk3;
/* The body's support point along d (not unit, not zero); `out` receives the caller's witnesses with it (a, bl;
   w is the kernel's). A callback that meets a bad point sets k->bad and returns any finite point. It may also grow
   k->size as it learns the body's extent. */
typedef gjk_vec3 gjk_ray_gjk3_support_fn(gjk_ray_gjk3 *k, gjk_vec3 d, gjk_vertex3 *out);

struct gjk_ray_gjk3 {
    /* Input. */
    gjk_ray_gjk3_support_fn *support;
    void *data;        /* the caller's, for the support function */
    gjk_vec3 o, u;     /* the ray x = o + lambda u (u need not be unit: lambda is in units of |u|) */
    gjk_real smax;     /* no hit beyond lambda = smax */
    gjk_real R;        /* radius around the body: the ray hits where x comes within R of it */
    gjk_real touch;    /* relative band: within R + tol + touch * size (at o, touch * max(|o|_1, size)) */
    gjk_real tol;      /* absolute band */
    gjk_real noise;    /* once x has moved, a plane advances x only when it is more than R + noise from x */
    gjk_real gap_rel;  /* relative duality gap that counts as converged (0 for polytopes: they converge exactly) */
    gjk_real size;     /* bound of the 1-norm of the body's points (the support function may grow it) */
    int max_iterations;
    bool refine;       /* the ray casts' accuracy: once x is within the band of a body with R > 0, iterate on until
                          GJK has converged, so that v's direction is the rounded surface's normal; and search every
                          face of the simplex at every step */
    bool bad;          /* set by the support function: the answer is void */
    /* Output. */
    gjk_simplex3 s;    /* w = x - p, barycentric coordinates of v, the caller's witnesses */
    gjk_vec3 p[4];     /* the body points of the simplex */
    gjk_vec3 x, v, n;  /* where x stopped, the simplex's closest point to x (from the body towards x) and the
                          last plane that advanced x (its normal, not unit; zero when x never moved) */
    gjk_real lambda;
    int iterations;
    bool capped;       /* max_iterations reached: the estimate so far (never past the hit) */
};

/* Run the cast from x = o; v0 = o minus a point of the body (the first search direction; zero: o is in the body).
   HIT: x = o + lambda u is within the band of the body, lambda > 0; INSIDE: o is; MISS: the ray never comes within
   R of the body up to smax, or the support function set k->bad. */
gjk_ray_outcome gjk_ray_gjk3_run(gjk_ray_gjk3 *k, gjk_vec3 v0);

/* ---- the GJK ray cast in 2D (ray_gjk2.c) -------------------------------------------------------------------------
   The mirror of gjk_ray_gjk3, for gjk_raycast2 and the linear gjk_shape_cast2. The body is given by its support
   function as a pair of points (a, b) standing for the body point a - b: the ray casts give a shape's core point
   and b = 0, the shape casts A's and B's points at t = 0, which their contact needs. The simplex's w = x - (a - b);
   its closest point comes from simplex2.h. */
typedef struct gjk_ray_gjk2 gjk_ray_gjk2;
typedef void gjk_ray_gjk2_support_fn(gjk_ray_gjk2 *k, gjk_vec2 d, gjk2_vertex *out);

struct gjk_ray_gjk2 {
    /* Input, as in gjk_ray_gjk3. */
    gjk_ray_gjk2_support_fn *support;
    void *data;
    gjk_vec2 o, u;
    gjk_real smax, R, touch, tol, noise, gap_rel, size;
    int max_iterations;
    bool refine; /* iterate on, once x is within the band of a body with R > 0, until GJK has converged */
    bool bad;
    /* Output. */
    gjk2_simplex s;
    gjk_vec2 x, v, n;
    gjk_real lambda;
    int iterations;
    bool capped;
};

gjk_ray_outcome gjk_ray_gjk2_run(gjk_ray_gjk2 *k, gjk_vec2 v0);

/* Closed forms in 3D (ray_closed3.c): the shape's own, or UNDECIDED. They ignore smax: the caller compares. */
gjk_ray_outcome gjk_ray3_closed(const gjk_shape3 *shape, const gjk_ray_local3 *ray, gjk_real *s, gjk_vec3 *n);
/* The normal of a hull hit that GJK found at x (a hull with at most the faces the closed form takes): the face
   whose plane is farthest out at x, i.e. one x lies on. False for other shapes. */
bool gjk_ray3_hull_normal(const gjk_shape3 *shape, gjk_vec3 x, gjk_vec3 *n);
/* A bound on the 1-norm of every point of the shape's core (0 for a user shape: unknown). */
gjk_real gjk_ray3_core_bound(const gjk_shape3 *shape);

/* Closed forms in 2D (ray_closed2.c) on a body made by gjk2_body_init (its kind, points and total radius). */
gjk_ray_outcome gjk_ray2_closed(const gjk2_body *body, const gjk_ray_local2 *ray, gjk_real *s, gjk_vec2 *n);

#endif
