// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The geometry of gjk render (tools/render.c writes the SVG): each shape of a scene as the outline its support
   function gives in the picture plane (2D: the world; 3D: the screen of a fixed orthographic view), where its label
   goes, its depth for the painting order and, for 3D boxes and hulls, its edges. Only support functions and the
   shapes' own vertices are used, as the queries see them.

   Outlines: the support point of a body along a direction of the picture plane, projected onto the plane, is the
   support point of its projection (in 2D the plane is the world). SAMPLES directions around the circle give the
   outline's points in order. Where two consecutive samples skipped a vertex, the support point along their chord's
   normal lies beyond the chord and is inserted (recursively): polygons, boxes and hulls keep every vertex that shows,
   as the support function returns it; curves get SAMPLES points per turn (chords within 8e-5 radius of the curve). */
#ifndef GJK_TOOLS_OUTLINE_H
#define GJK_TOOLS_OUTLINE_H

#include <stdbool.h>

#include "gjk/gjk.h"
#include "scene.h"

#define OUTLINE_MAX 4096 /* most points of one outline */

/* The 3D view: orthographic, seen from this direction (normalised) toward the origin, world z up on the screen. */
extern const double view_from[3];

/* A point (or direction) of the picture plane, in length units. */
typedef struct pt {
    double x, y;
} pt;

/* The picture plane of a scene. */
typedef struct view {
    const scene *s;
    double right[3], up[3], toward[3]; /* 3D: the screen's x and y axes and the direction to the camera (world) */
} view;

/* One shape's outline. */
typedef struct outline {
    pt *points;       /* [OUTLINE_MAX], the caller's */
    int count;
    double tol, same; /* refinement threshold, coincident points (length units) */
} outline;

/* The view of scene s: in 3D, the camera's axes from view_from. */
void view_init(view *v, const scene *s);

/* A world point (dim components) in the picture plane. */
pt view_project(const view *v, const gjk_real *w);

/* Painting order in 3D, farthest first: the mid-depth of shape i toward the camera (0 in 2D). */
double view_depth(const view *v, int i);

/* Fill o->points with the outline of shape i: counter-clockwise, without repeated points (one point for a point,
   two for a segment seen along its length). */
void outline_trace(outline *o, const view *v, int i);

/* The same for shape i at time t (0 to 1) of its motion over the step ("velocity" and "angular", gjk/cast.h). */
void outline_trace_at(outline *o, const view *v, int i, double t);

/* Whether shape i has a motion (a non-zero "velocity" or "angular"). */
bool scene_moves(const scene *s, int i);

/* Its pose at time t of the step, as gjk_shape_cast3 / gjk_shape_cast2 move it: the position advanced by t times the
   velocity, the rotation turned by t times the rotation vector (angle) about the position, in the world frame. */
gjk_pose3 scene_pose3_at(const scene *s, int i, double t);
gjk_pose2 scene_pose2_at(const scene *s, int i, double t);

/* Where the label of the outline goes: its centroid, or the mean of its points when it has no area. */
pt outline_label(const outline *o);

/* Whether 3D shape i has edges drawn over its silhouette: a box or a hull without margin (not past a few thousand
   corners, where the lines would only grey the silhouette). */
bool outline_has_edges(const view *v, int i);

/* The edges of such a shape, as a path in the picture plane: `to` is called with 'M' (start) or 'L' (line to) and a
   point, or with 'Z' (close; the point means nothing). A hull's faces list each edge twice. */
typedef void outline_path_fn(void *context, char command, pt p);
void outline_edges(const view *v, int i, outline_path_fn *to, void *context);

#endif
