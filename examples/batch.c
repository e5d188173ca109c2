// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* A batch: the README's box against 100,000 poses of its capsule (the first one the README's pose, the others
   along a line and turned), signed distances on two threads through gjk_parallel_for (library gjk_threads). */
#include <stdio.h>
#include <stdlib.h>

#include <gjk/gjk.h>
#include <gjk/threads.h>

typedef struct job {
    const gjk_batch3 *batch;
    gjk_result3 *results;
} job;

/* One range of the batch: gjk_parallel_for hands these out to its threads. */
static int run(int begin, int end, void *context) {
    const job *j = (const job *)context;
    return gjk_batch_query3(GJK_QUERY_SIGNED_DISTANCE, j->batch, NULL, NULL, begin, end, j->results);
}

int main(void) {
    enum { COUNT = 100000 };
    gjk_shape3 box = gjk_box3(gjk_v3(1, 1, 1));
    gjk_shape3 capsule = gjk_capsule3(0.5, 1.0);
    gjk_pose3 box_pose = gjk_pose3_identity();
    gjk_pose3 *poses = (gjk_pose3 *)malloc(COUNT * sizeof *poses);
    gjk_result3 *results = (gjk_result3 *)malloc(COUNT * sizeof *results);
    if (!poses || !results) return 1;
    for (int k = 0; k < COUNT; ++k) {
        gjk_real s = (gjk_real)k / COUNT;
        poses[k] = gjk_pose3_make(gjk_v3(3 * s, 0, 2.2f - 2 * s),
                                  gjk_quat_from_axis_angle(gjk_v3(1, 0, 0), 1.5707963f + 3 * s));
    }
    /* one box and one pose for A (stride 0), one capsule for all (stride 0), B's pose per item (stride 1) */
    gjk_batch3 batch = {&box, &box_pose, &capsule, poses, 0, 0, 0, 1, NULL, 0};
    job j = {&batch, results};
    int not_ok = gjk_parallel_for(COUNT, 2, 0, run, &j);
    int overlapping = 0;
    for (int k = 0; k < COUNT; ++k) overlapping += results[k].distance < 0;
    printf("first pose: signed distance %.6f\n", (double)results[0].distance);
    printf("%d poses, %d overlapping, %d not ok\n", COUNT, overlapping, not_ok);
    free(poses);
    free(results);
    return not_ok != 0;
}
