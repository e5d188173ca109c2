// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Double-precision 3D vectors for EPA's polytope, in every build.

   EPA decides which faces a new support point sees and which face is closest from plane equations of its own
   vertices. In float those planes round by about 1e-7 of the polytope's size, and on a polytope with long thin
   faces (shapes 1e5 long touching by 1) the rounding flips visibility tests: the polytope stops being convex and
   EPA ends on a face whose projection of the origin lies far outside it (in float: contact points 6e4 and 8e4 off
   both shapes). The vertices themselves are exact floats, so computing on them in double removes the problem at
   its source: differences of floats are exact in double and a cross product of them rounds by 1e-16. In double
   builds these are the ordinary vectors. */
#ifndef GJK_DVEC3_H
#define GJK_DVEC3_H

#include <float.h>
#include <math.h>

#include <gjk/math.h>

typedef struct gjk_dvec3 {
    double x, y, z;
} gjk_dvec3;

#define GJK_DREAL_EPSILON DBL_EPSILON

static inline gjk_dvec3 gjk_dv3(double x, double y, double z) {
    gjk_dvec3 r = {x, y, z};
    return r;
}
static inline gjk_dvec3 gjk_to_dv3(gjk_vec3 v) { return gjk_dv3(v.x, v.y, v.z); }
static inline gjk_vec3 gjk_from_dv3(gjk_dvec3 v) { return gjk_v3((gjk_real)v.x, (gjk_real)v.y, (gjk_real)v.z); }
static inline gjk_dvec3 gjk_dadd3(gjk_dvec3 a, gjk_dvec3 b) { return gjk_dv3(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline gjk_dvec3 gjk_dsub3(gjk_dvec3 a, gjk_dvec3 b) { return gjk_dv3(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline gjk_dvec3 gjk_dscale3(gjk_dvec3 a, double s) { return gjk_dv3(a.x * s, a.y * s, a.z * s); }
static inline double gjk_ddot3(gjk_dvec3 a, gjk_dvec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline gjk_dvec3 gjk_dcross3(gjk_dvec3 a, gjk_dvec3 b) {
    return gjk_dv3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static inline double gjk_dlen_sq3(gjk_dvec3 a) { return gjk_ddot3(a, a); }
static inline double gjk_dlen3(gjk_dvec3 a) { return sqrt(gjk_ddot3(a, a)); }

#endif
