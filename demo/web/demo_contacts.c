// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The web demo's contact queries (demo_api.h): contact manifolds (gjk_collide2/3), ray casts (gjk_raycast2/3) and
   shape casts (gjk_shape_cast2/3) on the demo's shape slots, each answer written to a small static double buffer
   (demo_contacts()) that gjk_api.js reads through HEAPF64. Vectors are 3 numbers, z = 0 in 2D, as in demo_api.c.
   Layouts (gjk_api.js mirrors them):
   - manifold: status, count, iterations, normal (3), then per point at 8 + 8 k: point_a (3), point_b (3),
     separation, id;
   - ray: status, hit, inside, fraction, point (3), normal (3), iterations;
   - cast: status, state, hit, t, normal (3), point_a (3), point_b (3), point (3), iterations.
   Only the public headers are used. */
#include <string.h>

#include <emscripten.h>

#include "demo_api.h"
#include "gjk/gjk.h"

#define CONTACT_SIZE 64

static double contact_buf[CONTACT_SIZE];

EMSCRIPTEN_KEEPALIVE double *demo_contacts(void) { return contact_buf; }

static void put(int at, gjk_real x, gjk_real y, gjk_real z) {
    contact_buf[at] = x;
    contact_buf[at + 1] = y;
    contact_buf[at + 2] = z;
}

static int bad_pair(int ia, int ib) {
    memset(contact_buf, 0, sizeof contact_buf);
    if (!demo_bad_slot(ia) && !demo_bad_slot(ib)) return 0;
    contact_buf[0] = GJK_INVALID_INPUT;
    return 1;
}

_Static_assert(8 + 8 * GJK_MANIFOLD_MAX_POINTS3 <= CONTACT_SIZE, "a manifold fits the buffer");

/* The manifold of slots ia (A) and ib (B): points up to `speculative` apart. Returns the status. */
EMSCRIPTEN_KEEPALIVE int demo2_collide(int ia, int ib, double speculative) {
    if (bad_pair(ia, ib)) return GJK_INVALID_INPUT;
    gjk_pair2 pair = {&demo_shapes2[ia], demo_poses2[ia], &demo_shapes2[ib], demo_poses2[ib]};
    gjk_manifold2 m = gjk_collide2(&pair, (gjk_real)speculative, NULL);
    contact_buf[0] = m.status;
    contact_buf[1] = m.count;
    contact_buf[2] = m.iterations;
    put(3, m.normal.x, m.normal.y, 0);
    for (int k = 0; k < m.count; ++k) {
        const gjk_manifold_point2 *p = &m.points[k];
        put(8 + 8 * k, p->point_a.x, p->point_a.y, 0);
        put(11 + 8 * k, p->point_b.x, p->point_b.y, 0);
        contact_buf[14 + 8 * k] = p->separation;
        contact_buf[15 + 8 * k] = p->id;
    }
    return m.status;
}

EMSCRIPTEN_KEEPALIVE int demo3_collide(int ia, int ib, double speculative) {
    if (bad_pair(ia, ib)) return GJK_INVALID_INPUT;
    gjk_pair3 pair = {&demo_shapes3[ia], demo_poses3[ia], &demo_shapes3[ib], demo_poses3[ib]};
    gjk_manifold3 m = gjk_collide3(&pair, (gjk_real)speculative, NULL);
    contact_buf[0] = m.status;
    contact_buf[1] = m.count;
    contact_buf[2] = m.iterations;
    put(3, m.normal.x, m.normal.y, m.normal.z);
    for (int k = 0; k < m.count; ++k) {
        const gjk_manifold_point3 *p = &m.points[k];
        put(8 + 8 * k, p->point_a.x, p->point_a.y, p->point_a.z);
        put(11 + 8 * k, p->point_b.x, p->point_b.y, p->point_b.z);
        contact_buf[14 + 8 * k] = p->separation;
        contact_buf[15 + 8 * k] = p->id;
    }
    return m.status;
}

/* The ray origin + s * translation, 0 <= s <= max_fraction, against the shape in `slot`. Returns the status. */
EMSCRIPTEN_KEEPALIVE int demo2_raycast(int slot, double ox, double oy, double tx, double ty, double max_fraction) {
    if (bad_pair(slot, slot)) return GJK_INVALID_INPUT;
    gjk_ray2 ray = {gjk_v2((gjk_real)ox, (gjk_real)oy), gjk_v2((gjk_real)tx, (gjk_real)ty), (gjk_real)max_fraction};
    gjk_ray_result2 r = gjk_raycast2(&demo_shapes2[slot], demo_poses2[slot], &ray);
    contact_buf[0] = r.status;
    contact_buf[1] = r.hit;
    contact_buf[2] = r.inside;
    contact_buf[3] = r.fraction;
    put(4, r.point.x, r.point.y, 0);
    put(7, r.normal.x, r.normal.y, 0);
    contact_buf[10] = r.iterations;
    return r.status;
}

EMSCRIPTEN_KEEPALIVE int demo3_raycast(int slot, double ox, double oy, double oz, double tx, double ty, double tz,
                                       double max_fraction) {
    if (bad_pair(slot, slot)) return GJK_INVALID_INPUT;
    gjk_ray3 ray = {gjk_v3((gjk_real)ox, (gjk_real)oy, (gjk_real)oz), gjk_v3((gjk_real)tx, (gjk_real)ty, (gjk_real)tz),
                    (gjk_real)max_fraction};
    gjk_ray_result3 r = gjk_raycast3(&demo_shapes3[slot], demo_poses3[slot], &ray);
    contact_buf[0] = r.status;
    contact_buf[1] = r.hit;
    contact_buf[2] = r.inside;
    contact_buf[3] = r.fraction;
    put(4, r.point.x, r.point.y, r.point.z);
    put(7, r.normal.x, r.normal.y, r.normal.z);
    contact_buf[10] = r.iterations;
    return r.status;
}

/* B (slot ib) moving by (vx, vy) and turning by w radians over the step, A (slot ia) standing still, as `gjk cast`
   casts a pair whose B has "velocity" and "angular". Returns the status. */
EMSCRIPTEN_KEEPALIVE int demo2_cast(int ia, int ib, double vx, double vy, double w) {
    if (bad_pair(ia, ib)) return GJK_INVALID_INPUT;
    gjk_cast_input2 in;
    memset(&in, 0, sizeof in);
    in.pair = (gjk_pair2){&demo_shapes2[ia], demo_poses2[ia], &demo_shapes2[ib], demo_poses2[ib]};
    in.motion_b.translation = gjk_v2((gjk_real)vx, (gjk_real)vy);
    in.motion_b.rotation = (gjk_real)w;
    gjk_cast_result2 r = gjk_shape_cast2(&in);
    contact_buf[0] = r.status;
    contact_buf[1] = r.state;
    contact_buf[2] = r.hit;
    contact_buf[3] = r.t;
    put(4, r.normal.x, r.normal.y, 0);
    put(7, r.point_a.x, r.point_a.y, 0);
    put(10, r.point_b.x, r.point_b.y, 0);
    put(13, r.point.x, r.point.y, 0);
    contact_buf[16] = r.iterations;
    return r.status;
}

/* The 3D mirror: B's translation (vx, vy, vz) and rotation vector (wx, wy, wz) over the step, world frame. */
EMSCRIPTEN_KEEPALIVE int demo3_cast(int ia, int ib, double vx, double vy, double vz, double wx, double wy, double wz) {
    if (bad_pair(ia, ib)) return GJK_INVALID_INPUT;
    gjk_cast_input3 in;
    memset(&in, 0, sizeof in);
    in.pair = (gjk_pair3){&demo_shapes3[ia], demo_poses3[ia], &demo_shapes3[ib], demo_poses3[ib]};
    in.motion_b.translation = gjk_v3((gjk_real)vx, (gjk_real)vy, (gjk_real)vz);
    in.motion_b.rotation = gjk_v3((gjk_real)wx, (gjk_real)wy, (gjk_real)wz);
    gjk_cast_result3 r = gjk_shape_cast3(&in);
    contact_buf[0] = r.status;
    contact_buf[1] = r.state;
    contact_buf[2] = r.hit;
    contact_buf[3] = r.t;
    put(4, r.normal.x, r.normal.y, r.normal.z);
    put(7, r.point_a.x, r.point_a.y, r.point_a.z);
    put(10, r.point_b.x, r.point_b.y, r.point_b.z);
    put(13, r.point.x, r.point.y, r.point.z);
    contact_buf[16] = r.iterations;
    return r.status;
}
