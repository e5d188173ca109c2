/* Instruction-count driver for the hull cells of the benchmark: 1000 random pairs of hulls of N points on spheres of
   radius 0.5 to 2 (as bench/scenes.cpp makes them), B placed at up to 1.2 times the sum of the radii from A so that
   about half the pairs overlap, 10 rounds of one query. Arguments: the query ("intersect", "distance",
   "penetration" or "signed"), N (default 32) and the number of rounds (default 10; more for timing by hand).
     gcc -O2 -Iinclude -IBUILD/include bench/count_hull.c BUILD/libgjk.a -lm -o count_hull
     valgrind --tool=callgrind --toggle-collect=gjk_penetration3 ./count_hull penetration 8
   The sum of the answers it prints changes only when an answer does. */
#include <gjk/gjk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "count_rng.h"
static gjk_vec3 dir(void) {
    double z = range(-1, 1), a = range(-3.141592653589793, 3.141592653589793), r = sqrt(1 - z * z);
    return gjk_v3(r * cos(a), r * sin(a), z);
}
int main(int argc, char **argv) {
    enum { N = 1000 };
    static gjk_hull3 *h[2 * N];
    static gjk_shape3 sh[2 * N];
    static double rad[2 * N];
    static gjk_pair3 p[N];
    const char *q = argc > 1 ? argv[1] : "penetration";
    int n = argc > 2 ? atoi(argv[2]) : 32, rounds = argc > 3 ? atoi(argv[3]) : 10;
    if (n < 4 || n > 4096 || rounds < 1) return 2;
    gjk_vec3 *pts = (gjk_vec3 *)malloc(sizeof(gjk_vec3) * (size_t)n);
    for (int i = 0; i < 2 * N; ++i) {
        rad[i] = range(0.5, 2.0);
        for (int k = 0; k < n; ++k) pts[k] = gjk_scale3(dir(), rad[i]);
        h[i] = gjk_hull3_create(pts, n, NULL);
        sh[i] = gjk_hull_shape3(h[i]);
    }
    for (int i = 0; i < N; ++i) {
        memset(&p[i], 0, sizeof p[i]);
        p[i].a = &sh[2 * i];
        p[i].b = &sh[2 * i + 1];
        p[i].pose_a = gjk_pose3_make(gjk_v3(0, 0, 0), gjk_quat_from_axis_angle(dir(), range(-3.14, 3.14)));
        p[i].pose_b = gjk_pose3_make(gjk_scale3(dir(), range(0, 1.2) * (rad[2 * i] + rad[2 * i + 1])),
                                     gjk_quat_from_axis_angle(dir(), range(-3.14, 3.14)));
    }
    double acc = 0;
    for (int r = 0; r < rounds; ++r)
        for (int i = 0; i < N; ++i) {
            gjk_result3 res;
            if (strcmp(q, "intersect") == 0) res = gjk_intersect3(&p[i], NULL);
            else if (strcmp(q, "distance") == 0) res = gjk_distance3(&p[i], NULL);
            else if (strcmp(q, "signed") == 0) res = gjk_signed_distance3(&p[i], NULL);
            else res = gjk_penetration3(&p[i], NULL);
            acc += res.distance + res.intersect;
        }
    printf("%.17g\n", acc);
    for (int i = 0; i < 2 * N; ++i) gjk_hull3_destroy(h[i]);
    free(pts);
    return 0;
}
