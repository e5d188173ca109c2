// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The contact queries under the fuzzer (included by fuzz_query.c, after its reader and checks): each pair also gets
   a manifold, a ray cast against A and a shape cast, with the speculative distance, the ray and the motions drawn
   from the rest of the input (zeros once it runs out). Whatever the input: a status from the enum, bounded
   iterations, no NaN or infinity in any answer that is not GJK_INVALID_INPUT, and each answer's own contract (at
   most 4 or 2 points with distinct ids and point_b - point_a along the normal by the separation; a ray's fraction
   within [0, max_fraction] and a unit normal at a hit; a cast's t in [0, 1] and a state matching hit). */
#ifndef FUZZ_CONTACTS_CHECK_H
#define FUZZ_CONTACTS_CHECK_H

static void status_ok(gjk_status s) {
    if (s < GJK_OK || s > GJK_OUT_OF_MEMORY) abort();
}

/* A unit vector within rounding (float: 1e-5), the test every normal passes. */
static int unit_len2(gjk_real n2) { return GJK_ABS(n2 - 1) <= (GJK_USE_FLOAT ? GJK_R(1e-5) : GJK_R(1e-12)); }

static void check_manifold3(const gjk_manifold3 *m) {
    status_ok(m->status);
    if (m->count < 0 || m->count > GJK_MANIFOLD_MAX_POINTS3) abort();
    if (m->status == GJK_INVALID_INPUT) {
        if (m->count != 0) abort();
        return;
    }
    if (!fin3(m->normal)) abort();
    for (int i = 0; i < m->count; ++i) {
        const gjk_manifold_point3 *p = &m->points[i];
        if (!fin3(p->point_a) || !fin3(p->point_b) || !fin(p->separation)) abort();
        if (!unit_len2(gjk_len_sq3(m->normal))) abort();
        for (int j = 0; j < i; ++j)
            if (m->points[j].id == p->id) abort();
    }
}

static void check_manifold2(const gjk_manifold2 *m) {
    status_ok(m->status);
    if (m->count < 0 || m->count > GJK_MANIFOLD_MAX_POINTS2) abort();
    if (m->status == GJK_INVALID_INPUT) {
        if (m->count != 0) abort();
        return;
    }
    if (!fin2(m->normal)) abort();
    for (int i = 0; i < m->count; ++i) {
        const gjk_manifold_point2 *p = &m->points[i];
        if (!fin2(p->point_a) || !fin2(p->point_b) || !fin(p->separation)) abort();
        if (!unit_len2(gjk_dot2(m->normal, m->normal))) abort();
        if (i == 1 && m->points[0].id == p->id) abort();
    }
}

static void fuzz_contacts3(reader *r, const gjk_pair3 *pair) {
    gjk_real spec = size(r);
    gjk_manifold3 m = gjk_collide3(pair, spec, NULL);
    check_manifold3(&m);
    gjk_ray3 ray;
    ray.origin = vec3(r);
    ray.translation = vec3(r);
    ray.max_fraction = size(r);
    gjk_ray_result3 h = gjk_raycast3(pair->a, pair->pose_a, &ray);
    status_ok(h.status);
    if (h.iterations < 0 || h.iterations > GJK_RAY_MAX_ITERATIONS) abort();
    if (h.status != GJK_INVALID_INPUT) {
        if (!fin(h.fraction) || !fin3(h.point) || !fin3(h.normal)) abort();
        if (h.hit && !(h.fraction >= 0 && h.fraction <= ray.max_fraction)) abort();
        if (h.hit && !h.inside && !unit_len2(gjk_len_sq3(h.normal))) abort();
        if (h.inside && (!h.hit || h.fraction != 0)) abort();
    }
    gjk_cast_input3 in;
    memset(&in, 0, sizeof in);
    in.pair = *pair;
    in.motion_b.translation = vec3(r);
    uint8_t flags = byte(r);
    if (flags & 1) in.motion_a.rotation = vec3(r);
    if (flags & 2) in.motion_b.rotation = vec3(r);
    if (flags & 4) in.target_distance = size(r);
    in.ignore_separating = (flags & 8) != 0;
    gjk_cast_result3 c = gjk_shape_cast3(&in);
    status_ok(c.status);
    if (c.iterations < 0 || c.iterations > 256) abort();
    if (c.status != GJK_INVALID_INPUT) {
        if (!fin(c.t) || !(c.t >= 0 && c.t <= 1)) abort();
        if (!fin3(c.normal) || !fin3(c.point) || !fin3(c.point_a) || !fin3(c.point_b)) abort();
        if (c.state == GJK_CAST_HIT && !c.hit) abort();
        if ((c.state == GJK_CAST_SEPARATED || c.state == GJK_CAST_FAILED) && c.hit) abort();
    }
}

static void fuzz_contacts2(reader *r, const gjk_pair2 *pair) {
    gjk_real spec = size(r);
    gjk_manifold2 m = gjk_collide2(pair, spec, NULL);
    check_manifold2(&m);
    gjk_ray2 ray;
    ray.origin = vec2(r);
    ray.translation = vec2(r);
    ray.max_fraction = size(r);
    gjk_ray_result2 h = gjk_raycast2(pair->a, pair->pose_a, &ray);
    status_ok(h.status);
    if (h.iterations < 0 || h.iterations > GJK_RAY_MAX_ITERATIONS) abort();
    if (h.status != GJK_INVALID_INPUT) {
        if (!fin(h.fraction) || !fin2(h.point) || !fin2(h.normal)) abort();
        if (h.hit && !(h.fraction >= 0 && h.fraction <= ray.max_fraction)) abort();
        if (h.hit && !h.inside && !unit_len2(gjk_dot2(h.normal, h.normal))) abort();
        if (h.inside && (!h.hit || h.fraction != 0)) abort();
    }
    gjk_cast_input2 in;
    memset(&in, 0, sizeof in);
    in.pair = *pair;
    in.motion_b.translation = vec2(r);
    uint8_t flags = byte(r);
    if (flags & 1) in.motion_a.rotation = real(r);
    if (flags & 2) in.motion_b.rotation = real(r);
    if (flags & 4) in.target_distance = size(r);
    in.ignore_separating = (flags & 8) != 0;
    gjk_cast_result2 c = gjk_shape_cast2(&in);
    status_ok(c.status);
    if (c.iterations < 0 || c.iterations > 256) abort();
    if (c.status != GJK_INVALID_INPUT) {
        if (!fin(c.t) || !(c.t >= 0 && c.t <= 1)) abort();
        if (!fin2(c.normal) || !fin2(c.point) || !fin2(c.point_a) || !fin2(c.point_b)) abort();
        if (c.state == GJK_CAST_HIT && !c.hit) abort();
        if ((c.state == GJK_CAST_SEPARATED || c.state == GJK_CAST_FAILED) && c.hit) abort();
    }
}

#endif
