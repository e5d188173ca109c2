// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Shared checks of the 2D query tests: tolerances, error statistics, and check_pair(), which runs the four queries
   on one pair and checks them against the oracle's exact answer and the result invariants. */
#ifndef GJK_TESTS_CHECK2_H
#define GJK_TESTS_CHECK2_H

#include <stdbool.h>

#include "gjk/gjk.h"
#include "oracle2.h"

/* Tolerances, relative to L (the size of the pair, see pair_scale). Every test prints the worst errors it measured
   per family (run the test binary, or ctest -V).

   Double: the brief's bounds (distance 1e-9, depth 1e-7, normals 1e-6); measured worst cases are ~1e-15 for every
   family near the origin (up to ~3e-13 for normals; 1e-13 for the tiny segments of test_sat2's degenerate closed
   forms, L = 1e-2, where the oracle's own rounding dominates; 1.4e-8 for normals of the segment-tie regression,
   where the oracle itself takes the near-tie candidate), ~4e-12 (normals 2e-10) for the pairs at 1e4, which is the
   rounding of world coordinates at 1e4 (1.8e-12) that bounds the oracle's own world-frame answer as well, and 0 for
   the dyadic axis-aligned boxes.

   Float (eps 1.2e-7): measured worst cases over all families are 5e-7 L for distances and depths of random pairs,
   8e-7 L for pairs nudged 1e-6 L from touching and for the size-disparity regression (a 1e-3 box at the corner of
   a 1e2 box, whose coordinates near 141 carry ulps of 1.5e-5), 2e-7 for point_b - point_a - distance * normal,
   1.4e-6 for curved user cores (GJK/EPA stop at their tolerance there) and for witness points on the surfaces, and
   normals up to 4e-4 for pairs whose closest features are only 1e-3 L apart (the direction of a short vector of
   rounded coordinates: eps L / d). The bounds leave a margin of about 4x. */
#if GJK_USE_FLOAT
#define TOL_DIST 5e-6
#define TOL_DEPTH 5e-6
#define TOL_NORMAL 1.5e-3
#define TOL_UNIT 1e-6
#define TOL_INV 2e-6
#define TOL_EXACT 5e-7
#else
#define TOL_DIST 1e-9
#define TOL_DEPTH 1e-7
#define TOL_NORMAL 1e-6
#define TOL_UNIT 1e-12
#define TOL_INV 1e-12
#define TOL_EXACT 1e-13
#endif
/* Pairs whose exact signed distance is within this band (times L) of zero may be reported either way by the
   boolean answers. */
#define TOL_ZERO (4 * TOL_DIST)

/* The relative tolerance check_pair() gives gjk_query2() to test the certified bounds of early answers. */
#define LOOSE_TOLERANCE 1e-3

/* Worst errors seen by one family, relative to L (see check_pair); `width` and `loose` are the widest certified
   interval [lower, upper] of the signed distance, relative to L, with the default options and with the tolerance
   LOOSE_TOLERANCE. */
typedef struct stats {
    const char *name;
    int pairs;
    double dist, depth, normal, inv, surface, move;
    double width, loose;
} stats;

void report(const stats *s);
gjk_vec2 v2(double x, double y);
gjk_pose2 pose(double x, double y, double angle);
double ulen(gjk_vec2 v);
bool finite_result(const gjk_result2 *r);
double track(double *slot, double value);
/* Size of the pair: the largest distance from A's position of a vertex (plus radius) of either shape. */
double pair_scale(const o2_shape *a, const o2_shape *b, gjk_vec2 origin_a);

/* Run gjk_signed_distance2, gjk_distance2, gjk_penetration2 and gjk_intersect2 (and a warm-started call) on the
   pair and check them against `ref`, the exact answer for the oracle shapes oa, ob; then the four through
   gjk_query2() at the tolerance LOOSE_TOLERANCE. Every result's certified interval must hold the exact answer.
   `exact` tightens the distance bound to TOL_EXACT (closed forms on dyadic data). */
void check_pair(stats *st, const gjk_pair2 *pair, const o2_shape *oa, const o2_shape *ob, o2_answer ref, bool exact);
/* check_pair with the oracle's answer for built-in shapes. */
void check_generic(stats *st, const gjk_shape2 *a, gjk_pose2 pa, const gjk_shape2 *b, gjk_pose2 pb);
/* The certified interval of one result against the exact signed distance sd, with `slack` for the oracle's own
   rounding (see check_pair); `inside`: the answer must lie in its own interval too (the signed distance, and the
   depth of an intersecting penetration). The widest interval relative to L goes to *width (may be NULL). True when
   every check passed. */
bool bounds_hold(const gjk_result2 *r, double sd, double L, double slack, bool inside, double *width);

#endif
