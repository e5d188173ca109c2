// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The README's example: signed distance between a box and a capsule. */
#include <stdio.h>

#include <gjk/gjk.h>

int main(void) {
    gjk_shape3 box = gjk_box3(gjk_v3(1, 1, 1));           /* half extents */
    gjk_shape3 capsule = gjk_capsule3(0.5, 1.0);          /* radius, half height along local z */
    gjk_pair3 pair = {
        &box, gjk_pose3_identity(),
        &capsule, gjk_pose3_make(gjk_v3(0, 0, 2.2), gjk_quat_from_axis_angle(gjk_v3(1, 0, 0), 1.5707963f)),
    };
    gjk_result3 r = gjk_signed_distance3(&pair, NULL);
    if (r.status != GJK_OK) {
        fprintf(stderr, "query failed: %s\n", gjk_status_string(r.status));
        return 1;
    }
    printf("%s, signed distance %.6f\n", r.intersect ? "overlapping" : "separated", (double)r.distance);
    printf("normal (A to B) %.3f %.3f %.3f\n", (double)r.normal.x, (double)r.normal.y, (double)r.normal.z);
    printf("on box     %.3f %.3f %.3f\n", (double)r.point_a.x, (double)r.point_a.y, (double)r.point_a.z);
    printf("on capsule %.3f %.3f %.3f\n", (double)r.point_b.x, (double)r.point_b.y, (double)r.point_b.z);
    return 0;
}
