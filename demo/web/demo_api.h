/* State the web demo's two C files share (demo_api.c: buffers, shapes, poses, queries; demo_geometry.c: outlines,
   wireframes, Minkowski differences). Nothing here is part of the library. */
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

#endif
