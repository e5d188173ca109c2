/* Instruction-count driver for the box-box manifold (gjk_collide3): 1000 pairs of one kind, 10 rounds. Timing on this
   shared machine is noisy (docs/benchmarks.md); instructions under callgrind are not:
     gcc -O2 -Iinclude -IBUILD/include bench/count_box_manifold.c BUILD/libgjk.a -lm -o count_box_manifold
     valgrind --tool=callgrind --toggle-collect=gjk_collide3 ./count_box_manifold KIND
   KIND: rest (unit cubes stacked, B nudged by up to 1e-3 and turned by up to 1e-3 rad, sunk 1e-3), yaw (a box
   resting on another at a random yaw, tilted below 0.3 degrees, as the benchmark's rest-box), tilt (a box sunk into
   another on an edge or corner, tilted 2 to 30 degrees: an incident face) or random (random sizes and rotations,
   placed at 0.6 to 1.4 times a touching distance, as the benchmark's box-box). Prints how many manifolds have
   0 to 4 points. */
#include <gjk/gjk.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
static uint64_t s = 42;
static double u(void) {
    s += 0x9e3779b97f4a7c15ULL;
    uint64_t z = s;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return (double)(z >> 11) / 9007199254740992.0;
}
static double range(double lo, double hi) { return lo + (hi - lo) * u(); }
static gjk_vec3 unit(void) {
    for (;;) {
        double x = 2 * u() - 1, y = 2 * u() - 1, z = 2 * u() - 1, l = sqrt(x * x + y * y + z * z);
        if (l > 0.1 && l <= 1) return gjk_v3(x / l, y / l, z / l);
    }
}
static gjk_quat axis_angle(gjk_vec3 a, double t) { return gjk_quat_from_axis_angle(a, t); }
/* How far box h turned by q reaches below its centre along z. */
static double down(gjk_quat q, gjk_vec3 h) {
    return fabs(gjk_quat_rotate(q, gjk_v3(h.x, 0, 0)).z) + fabs(gjk_quat_rotate(q, gjk_v3(0, h.y, 0)).z) +
           fabs(gjk_quat_rotate(q, gjk_v3(0, 0, h.z)).z);
}
int main(int argc, char **argv) {
    enum { N = 1000 };
    static gjk_shape3 sh[2 * N];
    static gjk_pair3 p[N];
    const char *kind = argc > 1 ? argv[1] : "rest";
    for (int i = 0; i < N; ++i) {
        gjk_vec3 ha, hb, pos;
        gjk_quat q;
        if (!strcmp(kind, "random")) {
            ha = gjk_v3(range(0.2, 1.5), range(0.2, 1.5), range(0.2, 1.5));
            hb = gjk_v3(range(0.2, 1.5), range(0.2, 1.5), range(0.2, 1.5));
            q = axis_angle(unit(), range(0, 6.28));
            pos = gjk_scale3(unit(), range(0.6, 1.4) * (gjk_len3(ha) + gjk_len3(hb)) * 0.6);
        } else if (!strcmp(kind, "yaw")) {
            ha = gjk_v3(range(0.3, 1.5), range(0.3, 1.5), range(0.2, 1.0));
            hb = gjk_v3(range(0.2, 1.0), range(0.2, 1.0), range(0.2, 1.0));
            double a = range(0, 6.28), t = range(0, 5e-3);
            q = gjk_quat_mul(axis_angle(gjk_v3(cos(a), sin(a), 0), t), axis_angle(gjk_v3(0, 0, 1), range(-3.14, 3.14)));
            pos = gjk_v3(range(-0.5, 0.5) * ha.x, range(-0.5, 0.5) * ha.y, ha.z + down(q, hb) - 1e-3 * hb.z);
        } else if (!strcmp(kind, "tilt")) {
            ha = gjk_v3(range(0.5, 1.5), range(0.5, 1.5), range(0.2, 1.0));
            hb = gjk_v3(range(0.2, 0.5), range(0.2, 0.5), range(0.2, 0.5));
            double a = range(0, 6.28), t = range(0.035, 0.5);
            q = gjk_quat_mul(axis_angle(gjk_v3(cos(a), sin(a), 0), t), axis_angle(gjk_v3(0, 0, 1), range(-3.14, 3.14)));
            pos = gjk_v3(range(-0.3, 0.3) * ha.x, range(-0.3, 0.3) * ha.y, ha.z + down(q, hb) - 0.01);
        } else {
            ha = hb = gjk_v3(0.5, 0.5, 0.5);
            q = axis_angle(unit(), range(-1e-3, 1e-3));
            pos = gjk_v3(range(-1e-3, 1e-3), range(-1e-3, 1e-3), 0.999);
        }
        sh[2 * i] = gjk_box3(ha);
        sh[2 * i + 1] = gjk_box3(hb);
        p[i].a = &sh[2 * i];
        p[i].b = &sh[2 * i + 1];
        gjk_quat qa = axis_angle(unit(), range(0, 6.28));
        p[i].pose_a = gjk_pose3_make(gjk_v3(range(-2, 2), range(-2, 2), range(-2, 2)), qa);
        p[i].pose_b = gjk_pose3_make(gjk_pose3_apply(p[i].pose_a, pos), gjk_quat_mul(qa, q));
    }
    long hist[GJK_MANIFOLD_MAX_POINTS3 + 1] = {0};
    for (int r = 0; r < 10; ++r)
        for (int i = 0; i < N; ++i) ++hist[gjk_collide3(&p[i], 0.02, NULL).count];
    printf("%s: manifolds of 0-4 points: %ld %ld %ld %ld %ld\n", kind, hist[0], hist[1], hist[2], hist[3], hist[4]);
    return 0;
}
