/* Instruction-count driver for one benchmark cell, hull-32 distance: 1000 random pairs of 32-point hulls, 10 rounds
   of gjk_distance3. Timing on this shared machine is noisy (docs/benchmarks.md); instructions under callgrind are not,
   so small changes to the hot path are compared with it, between two builds of the library:
     gcc -O2 -Iinclude -IBUILD/include bench/count_hull32.c BUILD/libgjk.a -lm -o count_hull32
     valgrind --tool=callgrind --toggle-collect=gjk_distance3 ./count_hull32
   (The debug recording of gjk/debug.h was measured this way: +0.56% instructions when not requested.) */
#include <gjk/gjk.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
static uint64_t s = 42;
static double u(void) {
    s += 0x9e3779b97f4a7c15ULL;
    uint64_t z = s;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return (double)(z >> 11) / 9007199254740992.0;
}
static gjk_vec3 unit(void) {
    for (;;) {
        double x = 2 * u() - 1, y = 2 * u() - 1, z = 2 * u() - 1, l = sqrt(x * x + y * y + z * z);
        if (l > 0.1 && l <= 1)
            return gjk_v3(x / l, y / l, z / l);
    }
}
int main(void) {
    enum { N = 1000 };
    static gjk_hull3 *h[2 * N];
    static gjk_shape3 sh[2 * N];
    static gjk_pair3 p[N];
    for (int i = 0; i < 2 * N; ++i) {
        gjk_vec3 pts[32];
        double sc = 0.5 + 1.5 * u();
        for (int k = 0; k < 32; ++k)
            pts[k] = gjk_scale3(unit(), sc);
        h[i] = gjk_hull3_create(pts, 32, NULL);
        sh[i] = gjk_hull_shape3(h[i]);
    }
    for (int i = 0; i < N; ++i) {
        gjk_vec3 q = unit();
        gjk_quat qa = {q.x, q.y, q.z, u()};
        gjk_vec3 q2 = unit();
        gjk_quat qb = {q2.x, q2.y, q2.z, u()};
        p[i].a = &sh[2 * i];
        p[i].b = &sh[2 * i + 1];
        p[i].pose_a = gjk_pose3_make(gjk_v3(0, 0, 0), qa);
        p[i].pose_b = gjk_pose3_make(gjk_scale3(unit(), 0.5 + 3.5 * u()), qb);
    }
    double acc = 0;
    for (int r = 0; r < 10; ++r)
        for (int i = 0; i < N; ++i)
            acc += gjk_distance3(&p[i], NULL).distance;
    printf("%.17g\n", acc);
    return 0;
}
