// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The web demo's world view (demo_api.h): a gjk_world2 of up to DEMO_WORLD_MAX bodies that JavaScript adds once
   (demo_world_add), then moves every frame by writing each body's pose (x, y, angle) into demo_world_poses() and
   calling demo_world_step(); demo_world_read() then copies what the page draws into static double buffers that
   gjk_api.js reads through HEAPF64. Layouts (gjk_api.js mirrors them):
   - stats: bodies, candidate pairs, contacts, contacts written, tree height, area cost, tree nodes written,
     begin events, end events, then the last step's parts in ms: the poses set and gjk_world2_step_begin (the tree
     updated, the candidate pairs gathered), gjk_world2_step_range (the narrow phase), gjk_world2_step_end;
   - contacts, DEMO_WORLD_CONTACT_STRIDE per contact: a, b, count, normal (2), then per point point_a (2),
     point_b (2), separation;
   - nodes, 6 per node in the order of gjk_tree2_visit_nodes: lower (2), upper (2), depth, leaf.
   Bodies are numbered in the order they were added (a fresh world hands out 0, 1, 2, ...). Only the public headers
   are used. */
#include <math.h>
#include <string.h>

#include <emscripten.h>

#include "demo_api.h"
#include "gjk/gjk.h"

#define DEMO_WORLD_MAX 4096
#define DEMO_WORLD_CONTACTS 16384
#define DEMO_WORLD_CONTACT_STRIDE (5 + 5 * GJK_MANIFOLD_MAX_POINTS2)
#define DEMO_WORLD_STATS 12

static gjk_world2 *world;
/* the bodies' shapes, borrowed by the world: they stay here until the next reset */
static gjk_shape2 world_shapes[DEMO_WORLD_MAX];
static gjk_hull2 *world_hulls[DEMO_WORLD_MAX];
static int world_count;
static double world_poses[3 * DEMO_WORLD_MAX];
static double world_stats[DEMO_WORLD_STATS];
static double world_contacts[DEMO_WORLD_CONTACTS * DEMO_WORLD_CONTACT_STRIDE];
static double world_nodes[6 * 2 * DEMO_WORLD_MAX];
static double world_times[3]; /* the last step's parts, ms (stats 9 to 11) */

EMSCRIPTEN_KEEPALIVE double *demo_world_poses(void) { return world_poses; }
EMSCRIPTEN_KEEPALIVE double *demo_world_stats(void) { return world_stats; }
EMSCRIPTEN_KEEPALIVE double *demo_world_contacts(void) { return world_contacts; }
EMSCRIPTEN_KEEPALIVE double *demo_world_nodes(void) { return world_nodes; }
EMSCRIPTEN_KEEPALIVE int demo_world_max(void) { return DEMO_WORLD_MAX; }
EMSCRIPTEN_KEEPALIVE int demo_world_contact_stride(void) { return DEMO_WORLD_CONTACT_STRIDE; }

static gjk_pose2 world_pose(double x, double y, double angle) {
    gjk_pose2 p;
    p.position = gjk_v2((gjk_real)x, (gjk_real)y);
    p.rotation.c = (gjk_real)cos(angle); /* as demo2_set_pose: the browser test's reference queries build the same */
    p.rotation.s = (gjk_real)sin(angle);
    return p;
}

/* Removes every body and starts an empty world whose tree boxes are fattened by fat_margin (world units). Returns
   0, or GJK_OUT_OF_MEMORY. */
EMSCRIPTEN_KEEPALIVE int demo_world_reset(double fat_margin) {
    gjk_world_def def;
    gjk_world2_destroy(world);
    for (int i = 0; i < world_count; ++i) gjk_hull2_destroy(world_hulls[i]);
    memset(world_hulls, 0, sizeof world_hulls);
    memset(world_stats, 0, sizeof world_stats);
    world_count = 0;
    memset(&def, 0, sizeof def);
    def.fat_margin = (gjk_real)fat_margin;
    world = gjk_world2_create(&def);
    return world ? 0 : GJK_OUT_OF_MEMORY;
}

/* A body at (x, y, angle): kind 0 a box (half extents a, b), 1 a circle (radius a), 2 a capsule (radius a, half
   height b), 3 a polygon, the hull of the `count` points in demo_input() (x, y pairs). Returns its id, or -1. */
EMSCRIPTEN_KEEPALIVE int demo_world_add(int kind, double a, double b, int count, double x, double y, double angle) {
    gjk_shape2 *s;
    int id;
    if (!world || world_count >= DEMO_WORLD_MAX) return -1;
    s = &world_shapes[world_count];
    if (kind == 0) {
        *s = gjk_box2(gjk_v2((gjk_real)a, (gjk_real)b));
    } else if (kind == 1) {
        *s = gjk_circle2((gjk_real)a);
    } else if (kind == 2) {
        *s = gjk_capsule2((gjk_real)a, (gjk_real)b);
    } else if (kind == 3) {
        const double *in = demo_input();
        gjk_vec2 pts[64];
        gjk_status st = GJK_OK;
        if (count < 1 || count > 64) return -1;
        for (int i = 0; i < count; ++i) pts[i] = gjk_v2((gjk_real)in[2 * i], (gjk_real)in[2 * i + 1]);
        world_hulls[world_count] = gjk_hull2_create(pts, count, &st);
        if (!world_hulls[world_count]) return -1;
        *s = gjk_polygon2(world_hulls[world_count]);
    } else {
        return -1;
    }
    id = gjk_world2_add(world, s, world_pose(x, y, angle), 0);
    if (id < 0) {
        gjk_hull2_destroy(world_hulls[world_count]);
        world_hulls[world_count] = NULL;
        return -1;
    }
    world_poses[3 * id] = x;
    world_poses[3 * id + 1] = y;
    world_poses[3 * id + 2] = angle;
    ++world_count;
    return id;
}

/* One step: every body to its pose in demo_world_poses(), then gjk_world2_step()'s three parts, each timed.
   Returns the step's status (or GJK_INVALID_INPUT without a world, or when a pose is rejected). */
EMSCRIPTEN_KEEPALIVE int demo_world_step(void) {
    int bad = 0, items;
    gjk_status end;
    double t0, t1, t2, t3;
    if (!world) return GJK_INVALID_INPUT;
    t0 = emscripten_get_now();
    for (int i = 0; i < world_count; ++i) {
        const double *p = &world_poses[3 * i];
        if (!gjk_world2_set_pose(world, i, world_pose(p[0], p[1], p[2]))) bad = 1;
    }
    items = gjk_world2_step_begin(world);
    t1 = emscripten_get_now();
    if (items < 0) return GJK_OUT_OF_MEMORY;
    gjk_world2_step_range(world, 0, items);
    t2 = emscripten_get_now();
    end = gjk_world2_step_end(world);
    t3 = emscripten_get_now();
    world_times[0] = t1 - t0;
    world_times[1] = t2 - t1;
    world_times[2] = t3 - t2;
    return end != GJK_OK ? (int)end : bad ? GJK_INVALID_INPUT : GJK_OK;
}

typedef struct demo_world_walk {
    int count;
} demo_world_walk;

static bool world_node(gjk_aabb2 box, int depth, bool leaf, void *context) {
    demo_world_walk *w = (demo_world_walk *)context;
    double *o;
    if (w->count >= 2 * DEMO_WORLD_MAX) return false;
    o = &world_nodes[6 * w->count++];
    o[0] = box.lower.x;
    o[1] = box.lower.y;
    o[2] = box.upper.x;
    o[3] = box.upper.y;
    o[4] = depth;
    o[5] = leaf ? 1 : 0;
    return true;
}

/* The last step's numbers, contacts and the tree's nodes into their buffers. Returns the contacts written. */
EMSCRIPTEN_KEEPALIVE int demo_world_read(void) {
    int n = 0, written, begins = 0, ends = 0;
    const gjk_world_contact2 *c;
    const gjk_tree2 *tree;
    demo_world_walk walk = {0};
    memset(world_stats, 0, sizeof world_stats);
    if (!world) return 0;
    c = gjk_world2_contacts(world, &n);
    written = n < DEMO_WORLD_CONTACTS ? n : DEMO_WORLD_CONTACTS;
    for (int k = 0; k < written; ++k) {
        const gjk_manifold2 *m = &c[k].manifold;
        double *o = &world_contacts[k * DEMO_WORLD_CONTACT_STRIDE];
        memset(o, 0, DEMO_WORLD_CONTACT_STRIDE * sizeof *o);
        o[0] = c[k].a;
        o[1] = c[k].b;
        o[2] = m->count;
        o[3] = m->normal.x;
        o[4] = m->normal.y;
        for (int j = 0; j < m->count; ++j) {
            double *q = &o[5 + 5 * j];
            q[0] = m->points[j].point_a.x;
            q[1] = m->points[j].point_a.y;
            q[2] = m->points[j].point_b.x;
            q[3] = m->points[j].point_b.y;
            q[4] = m->points[j].separation;
        }
    }
    tree = gjk_world2_tree(world);
    gjk_tree2_visit_nodes(tree, world_node, &walk);
    gjk_world2_begin_events(world, &begins);
    gjk_world2_end_events(world, &ends);
    world_stats[0] = gjk_world2_body_count(world);
    world_stats[1] = gjk_world2_pair_count(world);
    world_stats[2] = n;
    world_stats[3] = written;
    world_stats[4] = gjk_tree2_height(tree);
    world_stats[5] = gjk_tree2_area_cost(tree);
    world_stats[6] = walk.count;
    world_stats[7] = begins;
    world_stats[8] = ends;
    world_stats[9] = world_times[0];
    world_stats[10] = world_times[1];
    world_stats[11] = world_times[2];
    return written;
}
