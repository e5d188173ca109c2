// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Private declarations of the 3D shape casts (gjk/cast.h): cast3.c checks the input, sets up the frames and runs
   the linear cast (a GJK ray cast); toi3.c runs the rotating cast (conservative advancement). Not installed. */
#ifndef GJK_CAST3_H
#define GJK_CAST3_H

#include "internal3.h"

/* Most support points of the linear cast's GJK ray cast (curved cores need up to about 50 at the default
   tolerance). */
#define GJK_CAST3_MAX_RAY_ITERATIONS 128

/* Everything the two algorithms share. The cast frame has the world's axes and its origin at A's position at t = 0
   (docs/numerics.md, "Far from the origin": the shapes' positions are subtracted once, here). */
typedef struct gjk_cast3 {
    const gjk_cast_input3 *in;
    const gjk_shape3 *a, *b; /* the shapes; user shapes are the guarded copies below */
    gjk_shape3 user[2];      /* (gjk_user3_guard) */
    gjk_user_guard3 guard[2];
    bool bad;               /* a user callback answered a non-finite or unbounded point */
    gjk_quat qa, qb;        /* rotations at t = 0, unit */
    gjk_vec3 pa;            /* A's position at t = 0, world: the cast frame's origin */
    gjk_vec3 p0;            /* B's position at t = 0 in the cast frame */
    gjk_vec3 va, vb;        /* translations over the step */
    gjk_vec3 wa, wb;        /* rotation vectors over the step (zero for a shape whose core is its origin) */
    gjk_real ra, rb;        /* radii swept around the cores (sphere, capsule radius plus margin) */
    gjk_real reach_a, reach_b; /* bounds on the distance of a core point from its shape's origin */
    gjk_real target;        /* target_distance */
    gjk_real tol;           /* the cast stops once the distance is within tol of the target */
    gjk_real floor;         /* rounding of a distance computed in the cast frame (a few ulps of `scale`) */
    gjk_real scale;         /* largest length the cast computes with: sizes, offset, motion */
} gjk_cast3;

/* The linear cast's body for the GJK ray-cast kernel: the core difference at t = 0, A's frame. */
typedef struct gjk_cast3_body {
    gjk_minkowski3 m;
    const gjk_cast3 *c;
} gjk_cast3_body;

/* The answer's geometry at time t, in A's local frame at t: core witnesses pa, pb, the unit normal n (A to B) and
   the distance of the cores along it. gjk_cast3_finish turns it into the result's world-frame fields. */
typedef struct gjk_cast3_contact {
    gjk_vec3 pa, pb, n;
    gjk_real core_dist;
} gjk_cast3_contact;

/* A's rotation at time t as a unit quaternion: exp(t * wa / 2) qa (the rotation vector is in the world frame). */
gjk_quat gjk_cast3_rotation(gjk_vec3 rotation_vector, gjk_real t, gjk_quat q0);
void gjk_cast3_finish(const gjk_cast3 *c, gjk_real t, gjk_mat33 rot_a, const gjk_cast3_contact *k,
                      gjk_cast_result3 *r);

/* toi3.c: the rotating cast. Fills state, t, iterations, status and (through gjk_cast3_finish) the geometry; an
   OVERLAPPED answer leaves the geometry to the caller (the signed distance at t = 0). */
void gjk_cast3_rotating(gjk_cast3 *c, gjk_cast_result3 *r);

#endif
