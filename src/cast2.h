// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Private declarations of the 2D shape casts (gjk/cast.h): cast2.c checks the input, sets up the frames and runs
   the linear cast (a GJK ray cast); toi2.c runs the rotating cast (conservative advancement). The mirror of
   cast3.h. Not installed. */
#ifndef GJK_CAST2_H
#define GJK_CAST2_H

#include "internal2.h"

/* Most support points of the linear ray cast. */
#define GJK_CAST2_MAX_RAY_ITERATIONS 128

/* Everything the two algorithms share. The cast frame has the world's axes and its origin at A's position at
   t = 0. The GJK context works in A's local frame at the time being looked at: A's body stays at the origin with
   no rotation, B's body is placed by gjk_cast2_place. */
typedef struct gjk_cast2 {
    const gjk_cast_input2 *in;
    gjk2_ctx ctx;            /* the two bodies (ctx.bad: a user callback answered a bad point) */
    gjk_vec2 centre_b;       /* a point inside B's core, B's local frame */
    gjk_rot2 qa, qb;         /* rotations at t = 0, unit */
    gjk_vec2 pa;             /* A's position at t = 0, world: the cast frame's origin */
    gjk_vec2 p0;             /* B's position at t = 0 in the cast frame */
    gjk_vec2 va, vb;         /* translations over the step */
    gjk_real wa, wb;         /* rotation angles over the step (zero for a shape whose core is its origin) */
    gjk_real ra, rb;         /* radii swept around the cores */
    gjk_real reach_a, reach_b; /* bounds on the distance of a core point from its shape's origin */
    gjk_real target, tol, floor, scale; /* as in gjk_cast3 */
} gjk_cast2;

typedef struct gjk_cast2_contact {
    gjk_vec2 pa, pb, n; /* core witnesses and the unit normal (A to B), A's local frame at t */
    gjk_real core_dist;
} gjk_cast2_contact;

/* A shape's rotation at time t: rot0 turned by t * angle. */
gjk_rot2 gjk_cast2_rotation(gjk_real angle, gjk_real t, gjk_rot2 rot0);
/* Put B's body at the pose relative to A (rotation rot_a of A, B's rotation rot_b, B's origin minus A's in the cast
   frame) into the GJK context. */
void gjk_cast2_place(gjk_cast2 *c, gjk_rot2 rot_a, gjk_rot2 rot_b, gjk_vec2 offset);
/* Support of a core in its local frame (polygons hill-climb from the body's last vertex). */
gjk_vec2 gjk_cast2_support(gjk_cast2 *c, gjk2_body *b, gjk_vec2 d);
void gjk_cast2_finish(const gjk_cast2 *c, gjk_real t, gjk_rot2 rot_a, const gjk_cast2_contact *k,
                      gjk_cast_result2 *r);
void gjk_cast2_rotating(gjk_cast2 *c, gjk_cast_result2 *r);

#endif
