// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The named tolerances of the queries, one set for 2D and 3D. Each is a multiple of the machine epsilon of gjk_real
   (or a fixed fraction) that the caller multiplies by a length scale of the query: an absolute threshold breaks at
   large and small sizes (docs/numerics.md, "Scale-relative tolerances"). The scale is the size of the numbers the
   query computes with: in 3D the largest coordinate a support point was computed from, in 2D a bound on every
   coordinate GJK, EPA and the separating axes use. Both are bounds on the coordinates, not |w|, so that a pair
   touching at a vertex (w = 0) keeps a touching band. */
#ifndef GJK_TOLERANCE_H
#define GJK_TOLERANCE_H

#include "gjk/gjk.h"

/* Numerical floor: a few ulps of the scale, the rounding of a dot product or of a barycentric combination; the
   absolute part of the 2D convergence tests and of the flatness of triangles. */
#define GJK_TOL_ABS (GJK_R(4.0) * GJK_REAL_EPSILON)
/* Contact classification: cores closer than GJK_TOL_TOUCH * scale touch (intersect is true, EPA runs), and the
   boolean queries only report a separation beyond it. It covers the rounding of the distance and of the change
   into A's frame (a rotation and a translation of B), so that shapes touching exactly in the world are reported as
   intersecting in either dimension. */
#define GJK_TOL_TOUCH (GJK_R(32.0) * GJK_REAL_EPSILON)
/* Relative duality gap at which GJK and EPA stop on curved cores and user shapes: (upper - lower) <= GJK_TOL_REL *
   upper + floor. Polytopes converge exactly (a repeated support point ends the loop), so this mostly stops curved
   cores once the answer is as good as the precision allows; in float it has to stay above the rounding of a
   support dot product. */
#if GJK_USE_FLOAT
#define GJK_TOL_REL (GJK_R(32.0) * GJK_REAL_EPSILON)
#else
#define GJK_TOL_REL (GJK_R(1000.0) * GJK_REAL_EPSILON)
#endif
/* EPA on curved cores (3D cylinders, cones, ellipsoids, user shapes) converges only linearly to the true face: it
   stops at this relative gap instead. 2D has no curved core but user shapes, which GJK_TOL_REL stops. */
#if GJK_USE_FLOAT
#define GJK_TOL_CURVED GJK_R(1e-5)
#else
#define GJK_TOL_CURVED GJK_R(1e-9)
#endif
/* Shape casts' default stopping tolerance, relative to the pair's size (gjk/cast.h, gjk_cast_input3::tolerance);
   the compound casts' pruning widens its bound by it. */
#if GJK_USE_FLOAT
#define GJK_TOL_CAST GJK_R(1e-5)
#else
#define GJK_TOL_CAST GJK_R(1e-9)
#endif

/* Merging the part pairs' manifolds of two bodies (compound_merge.c): two manifolds share a contact direction when
   their normals are within 5 degrees (this cosine). Normals of parts resting on one face agree to the rounding, a
   part rounded by a margin or tilted by a few degrees still joins, and a floor and a ramp of 10 degrees stay apart;
   Jolt Physics merges its sub-shapes' manifolds within the same angle. An angle, not a multiple of epsilon: it is a
   modelling choice, the same in float. */
#define GJK_MERGE_NORMAL_COS GJK_R(0.99619469809174553)

#endif
