// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The shared checks of test_badinput.c and test_badinput_hulls.c (declared in badinput_check.h). */
#include <string.h>

#include "badinput_check.h"

query3_fn *const queries3[4] = {gjk_intersect3, gjk_distance3, gjk_penetration3, gjk_signed_distance3};
query2_fn *const queries2[4] = {gjk_intersect2, gjk_distance2, gjk_penetration2, gjk_signed_distance2};
const char *const query_names[4] = {"intersect", "distance", "penetration", "signed_distance"};

/* ---- result checks ---------------------------------------------------------------------------------------------- */

bool zero3(gjk_vec3 v) { return v.x == 0 && v.y == 0 && v.z == 0; }
bool zero2(gjk_vec2 v) { return v.x == 0 && v.y == 0; }
bool finite2(gjk_vec2 v) { return isfinite(v.x) && isfinite(v.y); }
static bool finite_result3(const gjk_result3 *r) {
    return isfinite(r->distance) && test_finite3(r->normal) && test_finite3(r->point_a) && test_finite3(r->point_b);
}
static bool finite_result2(const gjk_result2 *r) {
    return isfinite(r->distance) && finite2(r->normal) && finite2(r->point_a) && finite2(r->point_b);
}

/* An invalid-input result: the status and every other field zero. */
void check_invalid3(const gjk_result3 *r, const char *what, int q) {
    if (r->status != GJK_INVALID_INPUT || r->intersect || r->distance != 0 || !zero3(r->normal) ||
        !zero3(r->point_a) || !zero3(r->point_b) || r->iterations != 0 || r->epa_iterations != 0)
        fail_msg("%s: %s gave status %s, distance %g, iterations %d (expected a zeroed invalid_input)", what,
                 query_names[q], gjk_status_string(r->status), (double)r->distance, r->iterations);
}
void check_invalid2(const gjk_result2 *r, const char *what, int q) {
    if (r->status != GJK_INVALID_INPUT || r->intersect || r->distance != 0 || !zero2(r->normal) ||
        !zero2(r->point_a) || !zero2(r->point_b) || r->iterations != 0 || r->epa_iterations != 0)
        fail_msg("%s: %s gave status %s, distance %g, iterations %d (expected a zeroed invalid_input)", what,
                 query_names[q], gjk_status_string(r->status), (double)r->distance, r->iterations);
}

/* Any answer that is not NaN: finite fields, a known status, bounded iterations. */
void check_sane3(const gjk_result3 *r, const char *what, int q) {
    if (!finite_result3(r) || (unsigned)r->status > GJK_OUT_OF_MEMORY || r->iterations < 0 ||
        r->iterations > GJK_MAX_GJK_ITERATIONS || r->epa_iterations < 0 || r->epa_iterations > 4 * GJK_EPA_MAX_VERTICES)
        fail_msg("%s: %s gave status %d, distance %g, iterations %d + %d", what, query_names[q], (int)r->status,
                 (double)r->distance, r->iterations, r->epa_iterations);
    if (r->status == GJK_INVALID_INPUT) check_invalid3(r, what, q);
}
void check_sane2(const gjk_result2 *r, const char *what, int q) {
    if (!finite_result2(r) || (unsigned)r->status > GJK_OUT_OF_MEMORY || r->iterations < 0 ||
        r->iterations > GJK_MAX_GJK_ITERATIONS || r->epa_iterations < 0 ||
        r->epa_iterations > 4 * GJK_EPA_MAX_VERTICES2)
        fail_msg("%s: %s gave status %d, distance %g, iterations %d + %d", what, query_names[q], (int)r->status,
                 (double)r->distance, r->iterations, r->epa_iterations);
    if (r->status == GJK_INVALID_INPUT) check_invalid2(r, what, q);
}

/* Every query rejects the pair, with and without a cache, and leaves the cache untouched. */
void expect_invalid3(const gjk_pair3 *p, const char *what) {
    static const gjk_cache3 zero_cache;
    for (int q = 0; q < 4; ++q) {
        gjk_result3 r = queries3[q](p, NULL);
        check_invalid3(&r, what, q);
        gjk_cache3 c = zero_cache;
        r = queries3[q](p, &c);
        check_invalid3(&r, what, q);
        if (memcmp(&c, &zero_cache, sizeof c) != 0) fail_msg("%s: %s wrote the cache", what, query_names[q]);
    }
}
void expect_invalid2(const gjk_pair2 *p, const char *what) {
    for (int q = 0; q < 4; ++q) {
        gjk_result2 r = queries2[q](p, NULL);
        check_invalid2(&r, what, q);
        gjk_cache2 c = {0};
        r = queries2[q](p, &c);
        check_invalid2(&r, what, q);
        if (c.axis.x != 0 || c.axis.y != 0) fail_msg("%s: %s wrote the cache", what, query_names[q]);
    }
}

/* Every query accepts the pair (a status other than invalid_input) and answers with finite numbers, cold and warm. */
void expect_usable3(const gjk_pair3 *p, const char *what) {
    for (int q = 0; q < 4; ++q) {
        gjk_cache3 c = {0};
        for (int pass = 0; pass < 3; ++pass) {
            gjk_result3 r = queries3[q](p, pass == 0 ? NULL : &c);
            check_sane3(&r, what, q);
            if (r.status == GJK_INVALID_INPUT) fail_msg("%s: %s rejected a valid pair", what, query_names[q]);
        }
    }
}
void expect_usable2(const gjk_pair2 *p, const char *what) {
    for (int q = 0; q < 4; ++q) {
        gjk_cache2 c = {0};
        for (int pass = 0; pass < 3; ++pass) {
            gjk_result2 r = queries2[q](p, pass == 0 ? NULL : &c);
            check_sane2(&r, what, q);
            if (r.status == GJK_INVALID_INPUT) fail_msg("%s: %s rejected a valid pair", what, query_names[q]);
        }
    }
}

/* Whatever the status, no NaN (2D inputs whose combination overflows, user callbacks failing part way). */
void expect_sane2(const gjk_pair2 *p, const char *what) {
    for (int q = 0; q < 4; ++q) {
        gjk_cache2 c = {0};
        for (int pass = 0; pass < 3; ++pass) {
            gjk_result2 r = queries2[q](p, pass == 0 ? NULL : &c);
            check_sane2(&r, what, q);
        }
    }
}

/* ---- the pairs the bad shapes and poses are put in --------------------------------------------------------------- */

gjk_pose3 pose3_near(void) {
    return gjk_pose3_make(gjk_v3(GJK_R(1.5), GJK_R(0.25), GJK_R(-0.5)),
                          gjk_quat_from_axis_angle(gjk_v3(1, 2, 3), GJK_R(0.7)));
}
gjk_pose2 pose2_near(void) { return gjk_pose2_make(gjk_v2(GJK_R(1.5), GJK_R(0.25)), GJK_R(0.7)); }

/* The shape as A and as B against a unit box (overlapping it), and against itself. */
void each_pair3(const gjk_shape3 *s, void (*check)(const gjk_pair3 *, const char *), const char *what) {
    gjk_shape3 box = gjk_box3(gjk_v3(1, 1, 1));
    gjk_pair3 p = {s, gjk_pose3_identity(), &box, pose3_near()};
    check(&p, what);
    p = (gjk_pair3){&box, gjk_pose3_identity(), s, pose3_near()};
    check(&p, what);
    p = (gjk_pair3){s, gjk_pose3_identity(), s, pose3_near()};
    check(&p, what);
}
void each_pair2(const gjk_shape2 *s, void (*check)(const gjk_pair2 *, const char *), const char *what) {
    gjk_shape2 box = gjk_box2(gjk_v2(1, 1));
    gjk_pair2 p = {s, gjk_pose2_identity(), &box, pose2_near()};
    check(&p, what);
    p = (gjk_pair2){&box, gjk_pose2_identity(), s, pose2_near()};
    check(&p, what);
    p = (gjk_pair2){s, gjk_pose2_identity(), s, pose2_near()};
    check(&p, what);
}

void set_field(void *shape, size_t offset, gjk_real v) { memcpy((char *)shape + offset, &v, sizeof v); }
