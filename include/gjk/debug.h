// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/// @file gjk/debug.h
/// What a query did, step by step: the GJK simplex after every iteration and the final EPA polytope, for drawing
/// (the web and desktop demos use it) and for debugging a shape of your own.
///
/// ```c
/// gjk_debug3 *dbg = calloc(1, sizeof *dbg);   // 33 KB in double (18 KB float): keep it off small stacks
/// dbg->skip_closed_forms = true;              // show GJK/EPA even for boxes and spheres
/// gjk_result3 r = gjk_query3_debug(GJK_QUERY_SIGNED_DISTANCE, &pair, NULL, dbg);
/// for (int i = 0; i < dbg->step_count; ++i) draw_simplex(dbg->steps[i].vertices, dbg->steps[i].count);
/// draw_polytope(dbg->epa_vertices, dbg->epa_vertex_count, dbg->epa_faces, dbg->epa_face_count);
/// ```
///
/// The algorithms run on the shapes' *cores*: a sphere is its centre, a capsule its segment, a rounded shape the
/// shape without its margin (`radius_a` and `radius_b` below are what the query adds back). Every recorded point is
/// a point of a core, in the world frame:
/// - `a`, `b`: the support points on A's and B's cores (world coordinates);
/// - `w = a - b`: the matching point of the Minkowski difference of the cores, D = A - B, whose distance from the
///   origin is the core distance (D's points are differences of world points: world axes, origin at the origin).
///
/// The plain queries (gjk/query.h) record nothing and pay nothing for this: the only cost is one predictable
/// branch per GJK iteration. Recording writes only into the caller's struct, so debug queries stay thread-safe
/// (one struct per thread).
#ifndef GJK_DEBUG_H
#define GJK_DEBUG_H

#include <stdbool.h>

#include "gjk/math.h"
#include "gjk/query.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The algorithm that produced the answer.
typedef enum gjk_debug_path {
    GJK_PATH_NONE = 0,    ///< no answer: invalid input
    GJK_PATH_CLOSED_FORM, ///< a closed form or a separating-axis test (spheres, capsules, boxes; 2D polygons): no steps
    GJK_PATH_GJK,         ///< GJK alone (separated cores, or overlap decided without a depth)
    GJK_PATH_GJK_EPA      ///< GJK, then EPA for the depth of overlapping cores
} gjk_debug_path;

/// Most GJK steps recorded: the starting simplex plus one per iteration.
#define GJK_DEBUG_MAX_STEPS (GJK_MAX_GJK_ITERATIONS + 1)

/// A point of D = A - B with its support points (world frame, length units).
typedef struct gjk_debug_vertex3 {
    gjk_vec3 w; ///< a - b
    gjk_vec3 a; ///< on A's core, world frame
    gjk_vec3 b; ///< on B's core, world frame
} gjk_debug_vertex3;

/// The GJK simplex after one step.
typedef struct gjk_debug_step3 {
    int count;                      ///< vertices, 1 to 4 (4: a tetrahedron holding the origin)
    gjk_debug_vertex3 vertices[4];  ///< the simplex
    gjk_vec3 closest;               ///< its closest point to the origin (a point of D); zero when count is 4
} gjk_debug_step3;

/// Everything gjk_query3_debug() records. Set the inputs, the call fills the rest (zeroing it first).
typedef struct gjk_debug3 {
    /* in */
    bool skip_closed_forms;   ///< in: run GJK (and EPA) even where a closed form would answer, to see them work
    /* out */
    gjk_debug_path path;      ///< which algorithm answered
    gjk_real radius_a;        ///< A's core radius plus margin (length units), added to the core answer
    gjk_real radius_b;        ///< B's core radius plus margin
    int step_count;           ///< entries of steps[] in use (0 when GJK did not run)
    gjk_debug_step3 steps[GJK_DEBUG_MAX_STEPS]; ///< the simplex after each GJK step, the first at steps[0]
    int epa_vertex_count;     ///< vertices of the final EPA polytope (0 when EPA did not run or D was flat)
    gjk_debug_vertex3 epa_vertices[GJK_EPA_MAX_VERTICES]; ///< its vertices, points of D with support points
    int epa_face_count;       ///< its triangles
    int epa_faces[2 * GJK_EPA_MAX_VERTICES][3]; ///< vertex indices, counter-clockwise seen from outside
    int epa_best_face;        ///< the face the answer came from (index into epa_faces), -1 if none
} gjk_debug3;

/// Run query `kind` on the pair, as gjk_intersect3() etc. would, recording its steps into *debug (which may be NULL:
/// then this is the plain query; the caller owns it, and the call keeps no pointer to it). With skip_closed_forms
/// false the result is the plain query's, bit for bit, except for GJK_QUERY_INTERSECT, which runs the GJK that keeps
/// support points instead of the leaner boolean one (same intersect answer; for separated pairs a possibly different
/// separating axis and lower bound). Debug queries never
/// rescale: a pair beyond 2^±200 (float 2^-16 and 2^24), which the plain queries answer as a rescaled copy
/// (docs/numerics.md, "Scale range"), is recorded and answered at its own scale.
GJK_API gjk_result3 gjk_query3_debug(gjk_query_kind kind, const gjk_pair3 *pair, gjk_cache3 *cache, gjk_debug3 *debug);

/// A 2D point of D = A - B with its support points (world frame).
typedef struct gjk_debug_vertex2 {
    gjk_vec2 w; ///< a - b
    gjk_vec2 a; ///< on A's core, world frame
    gjk_vec2 b; ///< on B's core, world frame
} gjk_debug_vertex2;

/// The 2D GJK simplex after one step.
typedef struct gjk_debug_step2 {
    int count;                      ///< vertices, 1 to 3 (3: a triangle holding the origin)
    gjk_debug_vertex2 vertices[3];  ///< the simplex
    gjk_vec2 closest;               ///< its closest point to the origin; zero when count is 3
} gjk_debug_step2;

/// Everything gjk_query2_debug() records; the 2D EPA polytope is a convex polygon.
typedef struct gjk_debug2 {
    bool skip_closed_forms;   ///< in: run GJK (and EPA) even where a closed form or separating axes would answer
    gjk_debug_path path;      ///< which algorithm answered
    gjk_real radius_a;        ///< A's core radius plus margin
    gjk_real radius_b;        ///< B's core radius plus margin
    int step_count;           ///< entries of steps[] in use
    gjk_debug_step2 steps[GJK_DEBUG_MAX_STEPS]; ///< the simplex after each GJK step
    int epa_vertex_count;     ///< vertices of the final EPA polygon, counter-clockwise (0 when EPA did not run)
    gjk_debug_vertex2 epa_vertices[GJK_EPA_MAX_VERTICES2]; ///< its vertices
    int epa_best_edge;        ///< the edge (epa_vertices[i], epa_vertices[i + 1]) the answer came from, -1 if none
} gjk_debug2;

/// The 2D mirror of gjk_query3_debug().
GJK_API gjk_result2 gjk_query2_debug(gjk_query_kind kind, const gjk_pair2 *pair, gjk_cache2 *cache, gjk_debug2 *debug);

#ifdef __cplusplus
}
#endif

#endif
