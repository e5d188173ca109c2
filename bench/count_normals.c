/* Instruction-count driver for the cells the normal's refinement touches (src/normal3.c): hull-8, hull-32 and
   cylinder pairs, distance or penetration, 1000 random pairs (random rotations, centres 0 to 3 apart: about half
   overlap), 10 rounds. Instructions under callgrind are deterministic where timings on this machine are not:
     gcc -O2 -Iinclude -IBUILD/include bench/count_normals.c BUILD/libgjk.a -lm -o count_normals
     valgrind --tool=callgrind --toggle-collect=gjk_distance3 ./count_normals hull8 distance
     valgrind --tool=callgrind --toggle-collect=gjk_penetration3 ./count_normals cyl penetration
   (scenes: hull8, hull32, cyl; queries: distance, penetration) */
#include <gjk/gjk.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "count_rng.h"

static gjk_vec3 unit(void) {
    for (;;) {
        double x = 2 * u() - 1, y = 2 * u() - 1, z = 2 * u() - 1, l = sqrt(x * x + y * y + z * z);
        if (l > 0.1 && l <= 1) return gjk_v3((gjk_real)(x / l), (gjk_real)(y / l), (gjk_real)(z / l));
    }
}
static gjk_quat quat(void) {
    gjk_vec3 a = unit();
    return gjk_quat_from_axis_angle(a, (gjk_real)(6.283185307179586 * u()));
}
int main(int argc, char **argv) {
    enum { N = 1000 };
    static gjk_hull3 *h[2 * N];
    static gjk_shape3 sh[2 * N];
    static gjk_pair3 p[N];
    const char *scene = argc > 1 ? argv[1] : "hull8", *query = argc > 2 ? argv[2] : "distance";
    int n = strcmp(scene, "hull32") == 0 ? 32 : 8, cyl = strcmp(scene, "cyl") == 0;
    for (int i = 0; i < 2 * N; ++i) {
        if (cyl) {
            double r = range(0.3, 1.0);
            sh[i] = gjk_cylinder3((gjk_real)r, (gjk_real)range(0.3, 1.0));
            continue;
        }
        gjk_vec3 pts[32];
        double sc = range(0.5, 1.5);
        for (int k = 0; k < n; ++k) pts[k] = gjk_scale3(unit(), (gjk_real)sc);
        h[i] = gjk_hull3_create(pts, n, NULL);
        sh[i] = gjk_hull_shape3(h[i]);
    }
    for (int i = 0; i < N; ++i) {
        gjk_vec3 d = gjk_scale3(unit(), (gjk_real)(3.0 * u()));
        gjk_pose3 pa = {{0, 0, 0}, quat()}, pb = {d, quat()};
        p[i].a = &sh[2 * i];
        p[i].pose_a = pa;
        p[i].b = &sh[2 * i + 1];
        p[i].pose_b = pb;
    }
    double sum = 0;
    int pen = strcmp(query, "penetration") == 0;
    for (int round = 0; round < 10; ++round)
        for (int i = 0; i < N; ++i) {
            gjk_result3 r = pen ? gjk_penetration3(&p[i], NULL) : gjk_distance3(&p[i], NULL);
            sum += (double)r.distance + (double)r.normal.x;
        }
    printf("%s %s checksum %.9g\n", scene, query, sum);
    for (int i = 0; i < 2 * N; ++i) gjk_hull3_destroy(h[i]);
    return 0;
}
