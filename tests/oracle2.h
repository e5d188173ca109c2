// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Brute-force 2D oracle for the query tests, in double whatever gjk_real is: shapes as world-space convex vertex
   lists (a point, a segment or a counter-clockwise polygon) plus a rounding radius, and exact answers from
   vertex-edge distances (separated) and the separating axis theorem over every edge normal (overlapping). Written
   independently of the library's GJK/EPA code. */
#ifndef GJK_TESTS_ORACLE2_H
#define GJK_TESTS_ORACLE2_H

#include <stdbool.h>
#include <stdint.h>

#include "gjk/gjk.h"

#define O2_MAX_VERTICES 64

typedef struct o2_vec {
    double x, y;
} o2_vec;

/* A convex core (1 vertex: point, 2: segment, >= 3: counter-clockwise polygon) rounded by r. */
typedef struct o2_shape {
    int n;
    o2_vec v[O2_MAX_VERTICES];
    double r;
} o2_shape;

/* The exact answer for a pair of rounded shapes. */
typedef struct o2_answer {
    double signed_distance; /* > 0 gap, < 0 minus the depth */
    double core_distance;   /* distance between the cores (0 when they overlap) */
    double core_depth;      /* SAT depth of the cores (> 0 only when they overlap) */
    o2_vec normal;          /* unit, A to B: closest direction (separated cores) or SAT axis (overlapping) */
    bool normal_unique;     /* the normal is unique (separated cores, or a single best SAT axis) */
} o2_answer;

o2_vec o2_v(double x, double y);
o2_vec o2_of(gjk_vec2 v);

/* World-space oracle shape of a library shape (every type but USER) standing at `pose`. */
o2_shape o2_from_shape(const gjk_shape2 *shape, gjk_pose2 pose);
o2_shape o2_translated(const o2_shape *s, o2_vec t);
/* Support value max over the rounded shape of n.x, for a unit n. */
double o2_support_value(const o2_shape *s, o2_vec n);

o2_answer o2_query(const o2_shape *a, const o2_shape *b);
/* Signed distance of a point to a rounded shape (< 0 inside). */
double o2_point_signed_distance(o2_vec p, const o2_shape *s);
/* Distance between two segments [p0, p1] and [q0, q1]: 0 when they cross, else the least of the four
   point-segment distances. */
double o2_segment_distance(o2_vec p0, o2_vec p1, o2_vec q0, o2_vec q1);

/* Small deterministic generator (splitmix64). */
typedef struct o2_rng {
    uint64_t s;
} o2_rng;
double o2_uniform(o2_rng *g, double lo, double hi);
int o2_int(o2_rng *g, int lo, int hi); /* lo..hi inclusive */

/* Random convex polygon: `count` points on an ellipse with radii (rx, ry) at sorted random angles (at least a
   small gap apart), counter-clockwise, as a hull filled by hand (vertices, edge normals, centroid, radius).
   `storage_v` and `storage_n` hold `count` elements. */
void o2_random_polygon(o2_rng *g, int count, double rx, double ry, gjk_hull2 *hull, gjk_vec2 *storage_v,
                       gjk_vec2 *storage_n);

#endif
