// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Helpers shared by the shape-cast tests (test_cast3.c, test_cast2.c): poses along a motion computed in double
   independently of the library, the library's own signed distance sampled along the motion (a different algorithm
   from the cast's), and the statistics the tests print. Header-only, static inline. */
#ifndef GJK_TESTS_CAST_CHECK_H
#define GJK_TESTS_CAST_CHECK_H

#include <stdio.h>
#include <string.h>

#include "testutil.h"

#if GJK_USE_FLOAT
#define CT(d, f) (f)
#else
#define CT(d, f) (d)
#endif

/* The pose of a shape at time t of its motion: position + t translation, rotation exp(t w / 2) q0 (world-frame
   rotation vector), in double. */
static inline gjk_pose3 cast_pose3(gjk_pose3 p, gjk_motion3 m, double t) {
    double x = t * (double)m.rotation.x, y = t * (double)m.rotation.y, z = t * (double)m.rotation.z;
    double a = sqrt(x * x + y * y + z * z), w = 1, s = 0;
    if (a > 0) w = cos(0.5 * a), s = sin(0.5 * a) / a;
    double qx = x * s, qy = y * s, qz = z * s;
    double bw = p.rotation.w, bx = p.rotation.x, by = p.rotation.y, bz = p.rotation.z;
    double rw = w * bw - qx * bx - qy * by - qz * bz, rx = w * bx + qx * bw + qy * bz - qz * by;
    double ry = w * by - qx * bz + qy * bw + qz * bx, rz = w * bz + qx * by - qy * bx + qz * bw;
    double l = sqrt(rw * rw + rx * rx + ry * ry + rz * rz);
    gjk_pose3 out;
    out.position = gjk_v3((gjk_real)((double)p.position.x + t * (double)m.translation.x),
                          (gjk_real)((double)p.position.y + t * (double)m.translation.y),
                          (gjk_real)((double)p.position.z + t * (double)m.translation.z));
    out.rotation.w = (gjk_real)(rw / l);
    out.rotation.x = (gjk_real)(rx / l);
    out.rotation.y = (gjk_real)(ry / l);
    out.rotation.z = (gjk_real)(rz / l);
    return out;
}

static inline double cast_sd3(const gjk_cast_input3 *in, double t) {
    gjk_pair3 p = in->pair;
    p.pose_a = cast_pose3(in->pair.pose_a, in->motion_a, t);
    p.pose_b = cast_pose3(in->pair.pose_b, in->motion_b, t);
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_true(r.status != GJK_INVALID_INPUT); /* (an EPA estimate near touching may say GJK_DEGENERATE) */
    return (double)r.distance;
}

static inline gjk_pose2 cast_pose2(gjk_pose2 p, gjk_motion2 m, double t) {
    double a = t * (double)m.rotation, c = cos(a), s = sin(a);
    double pc = p.rotation.c, ps = p.rotation.s, l = sqrt(pc * pc + ps * ps);
    gjk_pose2 out;
    out.position = gjk_v2((gjk_real)((double)p.position.x + t * (double)m.translation.x),
                          (gjk_real)((double)p.position.y + t * (double)m.translation.y));
    out.rotation.c = (gjk_real)((c * pc - s * ps) / l);
    out.rotation.s = (gjk_real)((s * pc + c * ps) / l);
    return out;
}

static inline double cast_sd2(const gjk_cast_input2 *in, double t) {
    gjk_pair2 p = in->pair;
    p.pose_a = cast_pose2(in->pair.pose_a, in->motion_a, t);
    p.pose_b = cast_pose2(in->pair.pose_b, in->motion_b, t);
    gjk_result2 r = gjk_signed_distance2(&p, NULL);
    assert_true(r.status != GJK_INVALID_INPUT);
    return (double)r.distance;
}

/* What a family of random casts measured. */
typedef struct cast_stats {
    const char *name;
    long cases, hits, separated, overlapped, failed;
    double worst_late;  /* largest (target - distance) at or before the reported t, over the pair's size */
    double worst_early; /* largest (distance - target) at a reported hit, over the pair's size */
    int max_iterations;
    long iterations;
} cast_stats;

static inline cast_stats cast_stats_make(const char *name) {
    cast_stats s;
    memset(&s, 0, sizeof s);
    s.name = name;
    return s;
}

static inline void cast_stats_print(const cast_stats *s) {
    printf("%s: %ld casts (%ld hits, %ld separated, %ld overlapped, %ld failed); worst distance below the target "
           "at or before t: %.3g, worst distance above the target at a hit: %.3g (x size); iterations mean %.2f, "
           "max %d\n",
           s->name, s->cases, s->hits, s->separated, s->overlapped, s->failed, s->worst_late, s->worst_early,
           s->cases ? (double)s->iterations / (double)s->cases : 0.0, s->max_iterations);
}

#endif
