// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The demo's scene: two 2D shapes, their poses, and the last debug query (gjk/debug.h). No SDL here: the scene is
   plain state plus the library calls; render.c draws it and main.c feeds it input. */
#ifndef GJK_SDL_SCENE_H
#define GJK_SDL_SCENE_H

#include <stdbool.h>

#include <gjk/gjk.h>

/* The shapes either body can take, in the order of the keys 1-6. */
typedef enum demo_kind {
    DEMO_POLYGON = 0,
    DEMO_BOX,
    DEMO_CIRCLE,
    DEMO_CAPSULE,
    DEMO_SEGMENT,
    DEMO_ROUNDED,
    DEMO_KIND_COUNT
} demo_kind;

/* One body: its shape, the shape's core (what GJK runs on: a circle's centre, a capsule's segment, a rounded
   polygon without its margin) and where it stands (world units, y up, angle in radians). */
typedef struct demo_body {
    demo_kind kind;
    gjk_real size;         /* scale of this body's shapes */
    gjk_hull2 *polygon;    /* hulls owned by the body, made once */
    gjk_hull2 *rounded;
    gjk_shape2 shape;
    gjk_shape2 core;
    gjk_vec2 position;
    gjk_real angle;
} demo_body;

typedef struct demo_scene {
    demo_body a, b;
    bool skip_closed_forms; /* force GJK/EPA (gjk_debug2.skip_closed_forms) */
    int step_view;          /* GJK step shown: -1 the final simplex, else an index into debug->steps */
    gjk_result2 result;     /* the last signed-distance query */
    gjk_debug2 *debug;      /* its record (about 17 KB, on the heap) */
} demo_scene;

/* Make the scene: A a polygon at the origin, B a smaller polygon at (3.5, 2). False when out of memory. */
bool demo_scene_init(demo_scene *s);
void demo_scene_free(demo_scene *s);

/* Give a body another shape. */
void demo_set_kind(demo_body *body, demo_kind kind);

/* Run the signed-distance debug query on the current poses (fills result and debug). */
void demo_scene_query(demo_scene *s);

/* The body's pose, for the queries and for drawing. */
gjk_pose2 demo_body_pose(const demo_body *body);

/* A short lowercase name: "polygon", "box", "circle", "capsule", "segment", "rounded". */
const char *demo_kind_name(demo_kind kind);

/* "closed form", "gjk", "gjk+epa" or "none". */
const char *demo_path_name(gjk_debug_path path);

/* The GJK step to draw (the one chosen with step_view, else the last); NULL when GJK did not run. */
const gjk_debug_step2 *demo_shown_step(const demo_scene *s);

/* A one-line summary: shapes, distance or depth, path, iterations. */
void demo_scene_summary(const demo_scene *s, char *out, int size);

#endif
