// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* State the web demo's C files share (demo_api.c: buffers, shapes, poses, queries; demo_contacts.c: manifolds, rays,
   shape casts; demo_geometry.c: outlines, wireframes, Minkowski differences; demo_world.c: the world view), and the functions they export to JavaScript. Nothing here is part of the
   library. */
#ifndef GJK_DEMO_API_H
#define GJK_DEMO_API_H

#include "gjk/gjk.h"

#define DEMO_SLOTS 4             /* shapes per dimension: 0, 1 for the page's A and B, 2, 3 for the browser test */
#define DEMO_GEOMETRY_SIZE 65536 /* doubles in the geometry buffer */
#define PI 3.14159265358979323846

extern double demo_geometry_buf[DEMO_GEOMETRY_SIZE];
extern gjk_shape2 demo_shapes2[DEMO_SLOTS];
extern gjk_pose2 demo_poses2[DEMO_SLOTS];
extern gjk_shape3 demo_shapes3[DEMO_SLOTS];
extern gjk_pose3 demo_poses3[DEMO_SLOTS];

/* 1 when slot is not a valid slot index. */
int demo_bad_slot(int slot);

/* The functions JavaScript calls (exported by build.sh; gjk_api.js wraps them). demo_api.c: buffers, shapes, poses,
   queries. */
double *demo_input(void);
double *demo_result(void);
double *demo_geometry(void);
int demo_input_size(void);
int demo_geometry_size(void);
int demo_slots(void);
int demo_real_is_float(void);
int demo2_set_polygon(int slot, int count, double margin);
int demo2_set_box(int slot, double hx, double hy, double margin);
int demo2_set_circle(int slot, double radius, double margin);
int demo2_set_capsule(int slot, double radius, double half_height, double margin);
int demo2_set_segment(int slot, double ax, double ay, double bx, double by, double margin);
int demo2_set_point(int slot, double margin);
void demo2_set_pose(int slot, double x, double y, double angle);
int demo2_query(int ia, int ib, int kind, int mode);
int demo3_set_hull(int slot, int count, double margin);
int demo3_set_box(int slot, double hx, double hy, double hz, double margin);
int demo3_set_sphere(int slot, double radius, double margin);
int demo3_set_capsule(int slot, double radius, double half_height, double margin);
int demo3_set_cylinder(int slot, double radius, double half_height, double margin);
int demo3_set_cone(int slot, double radius, double half_height, double margin);
int demo3_set_ellipsoid(int slot, double rx, double ry, double rz, double margin);
void demo3_set_pose(int slot, double x, double y, double z, double qw, double qx, double qy, double qz);
int demo3_query(int ia, int ib, int kind, int mode);
/* demo_contacts.c: manifolds, ray casts and shape casts (B moving, A still) */
double *demo_contacts(void);
int demo2_collide(int ia, int ib, double speculative);
int demo3_collide(int ia, int ib, double speculative);
int demo2_raycast(int slot, double ox, double oy, double tx, double ty, double max_fraction);
int demo3_raycast(int slot, double ox, double oy, double oz, double tx, double ty, double tz, double max_fraction);
int demo2_cast(int ia, int ib, double vx, double vy, double w);
int demo3_cast(int ia, int ib, double vx, double vy, double vz, double wx, double wy, double wz);
/* demo_geometry.c: drawing geometry */
int demo2_outline(int slot, int arc_segments);
int demo2_minkowski(int ia, int ib, int count, int core);
int demo3_wireframe(int slot, int segments);
int demo3_minkowski(int ia, int ib, int count, int core);
/* demo_world.c: the world view (a gjk_world2 of many moving bodies) */
double *demo_world_poses(void);
double *demo_world_stats(void);
double *demo_world_contacts(void);
double *demo_world_nodes(void);
int demo_world_max(void);
int demo_world_contact_stride(void);
int demo_world_reset(double fat_margin);
int demo_world_add(int kind, double a, double b, int count, double x, double y, double angle);
int demo_world_step(void);
int demo_world_read(void);

#endif
