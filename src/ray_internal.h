/* Private declarations of the ray casts (gjk/ray.h): ray3.c and ray2.c (input checks, frames, the GJK ray cast),
   ray_closed3.c and ray_closed2.c (closed forms). Not installed.

   Every cast works in the shape's local frame, along a unit direction u: the ray is o + s u for the distance s in
   [0, smax], and the public fraction is s / |translation|. Distances rather than fractions keep the tolerances in
   length units (the same touching band as the queries) and make a tiny or huge translation harmless. */
#ifndef GJK_RAY_INTERNAL_H
#define GJK_RAY_INTERNAL_H

#include "internal2.h"
#include "internal3.h"

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
