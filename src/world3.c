// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The 3D world of bodies (gjk/world.h): boxes of posed shapes, and conversions to the shared core of world.c. */
#include <string.h>

#include "compound_internal.h"
#include "internal3.h"
#include "world_internal.h"

/* Widens a box outwards by a few units of rounding at its magnitude: the closed forms' terms (products of the
   rotation with sizes, square roots) and the supports' rotation into the world are each off by a few ulps, so that
   the exact box may poke out of the computed one by that much; 8 ulps of the larger end covers them. */
static gjk_aabb3 world3_pad(gjk_vec3 lo, gjk_vec3 hi) {
    gjk_real l[3] = {lo.x, lo.y, lo.z}, h[3] = {hi.x, hi.y, hi.z};
    for (int k = 0; k < 3; ++k) {
        gjk_real pad = gjk_maxr(GJK_ABS(l[k]), GJK_ABS(h[k])) * (8 * GJK_REAL_EPSILON);
        l[k] -= pad;
        h[k] += pad;
    }
    gjk_aabb3 out;
    out.lower = gjk_v3(l[0], l[1], l[2]);
    out.upper = gjk_v3(h[0], h[1], h[2]);
    return out;
}

static gjk_vec3 world3_abs(gjk_vec3 v) { return gjk_v3(GJK_ABS(v.x), GJK_ABS(v.y), GJK_ABS(v.z)); }
static gjk_vec3 world3_min(gjk_vec3 a, gjk_vec3 b) {
    return gjk_v3(gjk_minr(a.x, b.x), gjk_minr(a.y, b.y), gjk_minr(a.z, b.z));
}
static gjk_vec3 world3_max(gjk_vec3 a, gjk_vec3 b) {
    return gjk_v3(gjk_maxr(a.x, b.x), gjk_maxr(a.y, b.y), gjk_maxr(a.z, b.z));
}
/* sqrt(1 - a^2) per component: the half width of a unit disc about axis a seen along each world axis. */
static gjk_vec3 world3_disc(gjk_vec3 a) {
    return gjk_v3(GJK_SQRT(gjk_maxr(0, 1 - a.x * a.x)), GJK_SQRT(gjk_maxr(0, 1 - a.y * a.y)),
                  GJK_SQRT(gjk_maxr(0, 1 - a.z * a.z)));
}

gjk_aabb3 gjk_shape3_aabb(const gjk_shape3 *shape, gjk_pose3 pose) {
    gjk_vec3 p = pose.position, lo, hi, e = gjk_v3(0, 0, 0);
    if (!gjk_finite3(p)) p = gjk_v3(0, 0, 0);
    if (gjk_shape3_validate(shape) != GJK_OK || !gjk_quat_usable(pose.rotation)) {
        gjk_aabb3 point;
        point.lower = point.upper = p;
        return point;
    }
    gjk_mat33 m = gjk_mat33_from_any_quat(pose.rotation);
    /* Column k of m: local axis k in the world; |m| times a local half-size vector is the world half-size. */
    gjk_vec3 ax = gjk_v3(m.r0.z, m.r1.z, m.r2.z);
    gjk_mat33 am;
    am.r0 = world3_abs(m.r0), am.r1 = world3_abs(m.r1), am.r2 = world3_abs(m.r2);
    switch (shape->type) {
    case GJK_SHAPE3_SEGMENT:
    case GJK_SHAPE3_TRIANGLE: {
        bool tri = shape->type == GJK_SHAPE3_TRIANGLE;
        gjk_vec3 a = gjk_mat33_mul(m, tri ? shape->triangle.a : shape->segment.a);
        gjk_vec3 b = gjk_mat33_mul(m, tri ? shape->triangle.b : shape->segment.b);
        lo = world3_min(a, b), hi = world3_max(a, b);
        if (tri) {
            gjk_vec3 c = gjk_mat33_mul(m, shape->triangle.c);
            lo = world3_min(lo, c), hi = world3_max(hi, c);
        }
        e = gjk_v3(shape->margin, shape->margin, shape->margin);
        return world3_pad(gjk_sub3(gjk_add3(p, lo), e), gjk_add3(gjk_add3(p, hi), e));
    }
    case GJK_SHAPE3_BOX: e = gjk_mat33_mul(am, shape->box.half_extents); break;
    case GJK_SHAPE3_SPHERE: e = gjk_v3(shape->sphere.radius, shape->sphere.radius, shape->sphere.radius); break;
    case GJK_SHAPE3_CAPSULE: {
        gjk_real r = shape->capsule.radius;
        e = gjk_add3(gjk_scale3(world3_abs(ax), shape->capsule.half_height), gjk_v3(r, r, r));
        break;
    }
    case GJK_SHAPE3_CYLINDER:
        e = gjk_add3(gjk_scale3(world3_abs(ax), shape->cylinder.half_height),
                     gjk_scale3(world3_disc(ax), shape->cylinder.radius));
        break;
    case GJK_SHAPE3_CONE: {
        /* The apex and the base disc: the box of the two. */
        gjk_vec3 apex = gjk_scale3(ax, shape->cone.half_height), d = gjk_scale3(world3_disc(ax), shape->cone.radius);
        gjk_vec3 base = gjk_neg3(apex);
        lo = world3_min(apex, gjk_sub3(base, d)), hi = world3_max(apex, gjk_add3(base, d));
        e = gjk_v3(shape->margin, shape->margin, shape->margin);
        return world3_pad(gjk_sub3(gjk_add3(p, lo), e), gjk_add3(gjk_add3(p, hi), e));
    }
    case GJK_SHAPE3_ELLIPSOID: {
        /* The support along world axis k is |M^T e_k| with M = m diag(radii): the length of row k scaled. */
        gjk_vec3 r = shape->ellipsoid.radii;
        e = gjk_v3(gjk_len3(gjk_mul3(m.r0, r)), gjk_len3(gjk_mul3(m.r1, r)), gjk_len3(gjk_mul3(m.r2, r)));
        break;
    }
    case GJK_SHAPE3_HULL:
    case GJK_SHAPE3_USER: {
        /* The support (margin included) along each world axis, turned into the local frame: row k of m. */
        const gjk_vec3 *rows[3] = {&m.r0, &m.r1, &m.r2};
        gjk_real l[3], h[3];
        for (int k = 0; k < 3; ++k) {
            h[k] = gjk_dot3(*rows[k], gjk_shape3_support(shape, *rows[k]));
            l[k] = gjk_dot3(*rows[k], gjk_shape3_support(shape, gjk_neg3(*rows[k])));
        }
        return world3_pad(gjk_add3(p, gjk_v3(l[0], l[1], l[2])), gjk_add3(p, gjk_v3(h[0], h[1], h[2])));
    }
    default: break; /* a point: its margin only */
    }
    e = gjk_add3(e, gjk_v3(shape->margin, shape->margin, shape->margin));
    return world3_pad(gjk_sub3(p, e), gjk_add3(p, e));
}

bool gjk_world3_valid(const gjk_shape3 *shape, gjk_pose3 pose) {
    return gjk_shape3_validate(shape) == GJK_OK && gjk_pose3_valid(pose);
}

/* The box of a body at `pose` (valid), shape or compound. */
static gjk_tree_box world3_body_box(const gjk_world_body *b, gjk_pose3 pose) {
    return gjk_tree_box3(b->compound ? gjk_compound3_aabb((const gjk_compound3 *)b->shape, pose)
                                  : gjk_shape3_aabb((const gjk_shape3 *)b->shape, pose));
}

gjk_world3 *gjk_world3_create(const gjk_world_def *def) {
    gjk_world3 *w = (gjk_world3 *)gjk_alloc(sizeof *w);
    if (w && !gjk_world_init(&w->core, def, false)) {
        gjk_free(w);
        return NULL;
    }
    return w;
}

void gjk_world3_destroy(gjk_world3 *world) {
    if (!world) return;
    gjk_world_release(&world->core);
    gjk_free(world);
}

/* A body of a valid shape or compound at a valid pose. */
static int world3_add_body(gjk_world3 *world, const void *shape, bool compound, gjk_pose3 pose, uint64_t user) {
    gjk_world_body probe;
    probe.shape = shape;
    probe.compound = compound;
    gjk_tree_box box = world3_body_box(&probe, pose);
    gjk_real position[3] = {pose.position.x, pose.position.y, pose.position.z};
    int id = gjk_world_add(&world->core, shape, compound, &box, position, user);
    if (id >= 0) world->core.bodies[id].pose.p3 = pose;
    return id;
}

int gjk_world3_add(gjk_world3 *world, const gjk_shape3 *shape, gjk_pose3 pose, uint64_t user) {
    if (!gjk_world3_valid(shape, pose)) return -1;
    return world3_add_body(world, shape, false, pose, user);
}

int gjk_world3_add_compound(gjk_world3 *world, const gjk_compound3 *compound, gjk_pose3 pose, uint64_t user) {
    if (!compound || !gjk_pose3_valid(pose)) return -1;
    return world3_add_body(world, compound, true, pose, user);
}

void gjk_world3_remove(gjk_world3 *world, int body) { gjk_world_remove(&world->core, body); }

bool gjk_world3_set_pose(gjk_world3 *world, int body, gjk_pose3 pose) {
    gjk_world_body *b = gjk_world_live(&world->core, body);
    if (!b || !gjk_pose3_valid(pose)) return false;
    gjk_tree_box box = world3_body_box(b, pose);
    if (!gjk_world_set_box(&world->core, body, &box)) return false;
    b->pose.p3 = pose;
    return true;
}

gjk_pose3 gjk_world3_pose(const gjk_world3 *world, int body) {
    const gjk_world_body *b = gjk_world_live(&world->core, body);
    return b ? b->pose.p3 : gjk_pose3_identity();
}

const gjk_shape3 *gjk_world3_shape(const gjk_world3 *world, int body) {
    const gjk_world_body *b = gjk_world_live(&world->core, body);
    return b && !b->compound ? (const gjk_shape3 *)b->shape : NULL;
}

const gjk_compound3 *gjk_world3_compound(const gjk_world3 *world, int body) {
    const gjk_world_body *b = gjk_world_live(&world->core, body);
    return b && b->compound ? (const gjk_compound3 *)b->shape : NULL;
}

uint64_t gjk_world3_user(const gjk_world3 *world, int body) {
    const gjk_world_body *b = gjk_world_live(&world->core, body);
    return b ? b->user : 0;
}

const gjk_tree3 *gjk_world3_tree(const gjk_world3 *world) { return (const gjk_tree3 *)(const void *)&world->core.tree; }

gjk_status gjk_world3_step(gjk_world3 *world) {
    int n = gjk_world_step_begin(&world->core);
    if (n < 0) return GJK_OUT_OF_MEMORY;
    gjk_world_step_range(&world->core, 0, n);
    return gjk_world_step_end(&world->core);
}

int gjk_world3_step_begin(gjk_world3 *world) { return gjk_world_step_begin(&world->core); }
void gjk_world3_step_range(gjk_world3 *world, int begin, int end) { gjk_world_step_range(&world->core, begin, end); }
gjk_status gjk_world3_step_end(gjk_world3 *world) { return gjk_world_step_end(&world->core); }

const gjk_world_contact3 *gjk_world3_contacts(const gjk_world3 *world, int *count) {
    *count = world->core.contact_count;
    return (const gjk_world_contact3 *)world->core.contacts;
}
const gjk_world_pair *gjk_world3_begin_events(const gjk_world3 *world, int *count) {
    *count = world->core.begin_count;
    return world->core.begins;
}
const gjk_world_pair *gjk_world3_end_events(const gjk_world3 *world, int *count) {
    *count = world->core.end_count;
    return world->core.ends;
}
int gjk_world3_body_count(const gjk_world3 *world) { return world->core.body_count; }
int gjk_world3_pair_count(const gjk_world3 *world) { return world->core.cand_count; }
