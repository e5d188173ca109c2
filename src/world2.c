// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The 2D world of bodies (gjk/world.h): boxes of posed shapes, and conversions to the shared core of world.c,
   which keeps z at 0. */
#include <string.h>

#include "compound_internal.h"
#include "internal2.h"
#include "world_internal.h"

/* As world3_pad (world3.c): outwards by 8 ulps of the larger end, for the rounding of the terms. */
static gjk_aabb2 world2_pad(gjk_vec2 lo, gjk_vec2 hi) {
    gjk_real px = gjk_maxr(GJK_ABS(lo.x), GJK_ABS(hi.x)) * (8 * GJK_REAL_EPSILON);
    gjk_real py = gjk_maxr(GJK_ABS(lo.y), GJK_ABS(hi.y)) * (8 * GJK_REAL_EPSILON);
    gjk_aabb2 out;
    out.lower = gjk_v2(lo.x - px, lo.y - py);
    out.upper = gjk_v2(hi.x + px, hi.y + py);
    return out;
}

gjk_aabb2 gjk_shape2_aabb(const gjk_shape2 *shape, gjk_pose2 pose) {
    gjk_vec2 p = pose.position, e = gjk_v2(0, 0);
    gjk_rot2 q;
    if (!gjk_finite2(p)) p = gjk_v2(0, 0);
    if (gjk_shape2_validate(shape) != GJK_OK || !gjk2_unit_rotation(pose.rotation, &q)) {
        gjk_aabb2 point;
        point.lower = point.upper = p;
        return point;
    }
    gjk_real c = GJK_ABS(q.c), s = GJK_ABS(q.s), r = shape->margin;
    switch (shape->type) {
    case GJK_SHAPE2_SEGMENT: {
        gjk_vec2 a = gjk_rotate2(q, shape->segment.a), b = gjk_rotate2(q, shape->segment.b);
        gjk_vec2 lo = gjk_v2(gjk_minr(a.x, b.x) - r, gjk_minr(a.y, b.y) - r);
        gjk_vec2 hi = gjk_v2(gjk_maxr(a.x, b.x) + r, gjk_maxr(a.y, b.y) + r);
        return world2_pad(gjk_add2(p, lo), gjk_add2(p, hi));
    }
    case GJK_SHAPE2_CIRCLE: e = gjk_v2(shape->circle.radius, shape->circle.radius); break;
    case GJK_SHAPE2_BOX: {
        gjk_vec2 h = shape->box.half_extents;
        e = gjk_v2(c * h.x + s * h.y, s * h.x + c * h.y);
        break;
    }
    case GJK_SHAPE2_CAPSULE: {
        /* The segment lies on local y, which the rotation turns to (-s, c). */
        gjk_real hh = shape->capsule.half_height, cr = shape->capsule.radius;
        e = gjk_v2(s * hh + cr, c * hh + cr);
        break;
    }
    case GJK_SHAPE2_POLYGON:
    case GJK_SHAPE2_USER: {
        /* The supports (margin included) along the world axes, turned into the local frame. */
        gjk_vec2 ux = gjk_v2(q.c, -q.s), uy = gjk_v2(q.s, q.c);
        gjk_vec2 lo = gjk_v2(gjk_dot2(ux, gjk_shape2_support(shape, gjk_neg2(ux))),
                             gjk_dot2(uy, gjk_shape2_support(shape, gjk_neg2(uy))));
        gjk_vec2 hi = gjk_v2(gjk_dot2(ux, gjk_shape2_support(shape, ux)), gjk_dot2(uy, gjk_shape2_support(shape, uy)));
        return world2_pad(gjk_add2(p, lo), gjk_add2(p, hi));
    }
    default: break; /* a point: its margin only */
    }
    e = gjk_add2(e, gjk_v2(r, r));
    return world2_pad(gjk_sub2(p, e), gjk_add2(p, e));
}

bool gjk_world2_valid(const gjk_shape2 *shape, gjk_pose2 pose) {
    return gjk_shape2_validate(shape) == GJK_OK && gjk2_pose_valid(pose);
}

/* The box of a body at `pose` (valid), shape or compound. */
static gjk_tree_box world2_body_box(const gjk_world_body *b, gjk_pose2 pose) {
    return gjk_tree_box2(b->compound ? gjk_compound2_aabb((const gjk_compound2 *)b->shape, pose)
                                  : gjk_shape2_aabb((const gjk_shape2 *)b->shape, pose));
}

gjk_world2 *gjk_world2_create(const gjk_world_def *def) {
    gjk_world2 *w = (gjk_world2 *)gjk_alloc(sizeof *w);
    if (w && !gjk_world_init(&w->core, def, true)) {
        gjk_free(w);
        return NULL;
    }
    return w;
}

void gjk_world2_destroy(gjk_world2 *world) {
    if (!world) return;
    gjk_world_release(&world->core);
    gjk_free(world);
}

/* A body of a valid shape or compound at a valid pose. */
static int world2_add_body(gjk_world2 *world, const void *shape, bool compound, gjk_pose2 pose, uint64_t user) {
    gjk_world_body probe;
    probe.shape = shape;
    probe.compound = compound;
    gjk_tree_box box = world2_body_box(&probe, pose);
    gjk_real position[3] = {pose.position.x, pose.position.y, 0};
    int id = gjk_world_add(&world->core, shape, compound, &box, position, user);
    if (id >= 0) world->core.bodies[id].pose.p2 = pose;
    return id;
}

int gjk_world2_add(gjk_world2 *world, const gjk_shape2 *shape, gjk_pose2 pose, uint64_t user) {
    if (!gjk_world2_valid(shape, pose)) return -1;
    return world2_add_body(world, shape, false, pose, user);
}

int gjk_world2_add_compound(gjk_world2 *world, const gjk_compound2 *compound, gjk_pose2 pose, uint64_t user) {
    if (!compound || !gjk2_pose_valid(pose)) return -1;
    return world2_add_body(world, compound, true, pose, user);
}

void gjk_world2_remove(gjk_world2 *world, int body) { gjk_world_remove(&world->core, body); }

bool gjk_world2_set_pose(gjk_world2 *world, int body, gjk_pose2 pose) {
    gjk_world_body *b = gjk_world_live(&world->core, body);
    if (!b || !gjk2_pose_valid(pose)) return false;
    gjk_tree_box box = world2_body_box(b, pose);
    if (!gjk_world_set_box(&world->core, body, &box)) return false;
    b->pose.p2 = pose;
    return true;
}

gjk_pose2 gjk_world2_pose(const gjk_world2 *world, int body) {
    const gjk_world_body *b = gjk_world_live(&world->core, body);
    return b ? b->pose.p2 : gjk_pose2_identity();
}

const gjk_shape2 *gjk_world2_shape(const gjk_world2 *world, int body) {
    const gjk_world_body *b = gjk_world_live(&world->core, body);
    return b && !b->compound ? (const gjk_shape2 *)b->shape : NULL;
}

const gjk_compound2 *gjk_world2_compound(const gjk_world2 *world, int body) {
    const gjk_world_body *b = gjk_world_live(&world->core, body);
    return b && b->compound ? (const gjk_compound2 *)b->shape : NULL;
}

uint64_t gjk_world2_user(const gjk_world2 *world, int body) {
    const gjk_world_body *b = gjk_world_live(&world->core, body);
    return b ? b->user : 0;
}

const gjk_tree2 *gjk_world2_tree(const gjk_world2 *world) { return (const gjk_tree2 *)(const void *)&world->core.tree; }

gjk_status gjk_world2_step(gjk_world2 *world) {
    int n = gjk_world_step_begin(&world->core);
    if (n < 0) return GJK_OUT_OF_MEMORY;
    gjk_world_step_range(&world->core, 0, n);
    return gjk_world_step_end(&world->core);
}

int gjk_world2_step_begin(gjk_world2 *world) { return gjk_world_step_begin(&world->core); }
void gjk_world2_step_range(gjk_world2 *world, int begin, int end) { gjk_world_step_range(&world->core, begin, end); }
gjk_status gjk_world2_step_end(gjk_world2 *world) { return gjk_world_step_end(&world->core); }

const gjk_world_contact2 *gjk_world2_contacts(const gjk_world2 *world, int *count) {
    *count = world->core.contact_count;
    return (const gjk_world_contact2 *)world->core.contacts;
}
const gjk_world_pair *gjk_world2_begin_events(const gjk_world2 *world, int *count) {
    *count = world->core.begin_count;
    return world->core.begins;
}
const gjk_world_pair *gjk_world2_end_events(const gjk_world2 *world, int *count) {
    *count = world->core.end_count;
    return world->core.ends;
}
int gjk_world2_body_count(const gjk_world2 *world) { return world->core.body_count; }
int gjk_world2_pair_count(const gjk_world2 *world) { return world->core.cand_count; }
