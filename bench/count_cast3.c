/* Instruction-count driver for the 3D linear shape casts and the 3D ray casts that take the GJK ray cast (the
   kernel in ray_gjk3.c): 1000 random pairs or rays, 10 rounds of one query.
   Argument: "cylcyl" (two cylinders), "capbox" (a capsule cast against a box), "hull32" (two hulls of 32 points on
   a sphere) for linear gjk_shape_cast3 of B, starting 1.1 to 2 times the sum of the radii away, moving twice as far
   as an aim point near A's centre (nearly all hit, most after several GJK steps on curved rims); "cone", "rcyl" (a
   rounded cylinder) for gjk_raycast3 from 1.1 to 3 radii away, aimed the same way (8 and 10 in 10 hit).
     gcc -O2 -Iinclude -IBUILD/include bench/count_cast3.c BUILD/libgjk.a -lm -o count_cast3
     valgrind --tool=callgrind --toggle-collect=gjk_shape_cast3 ./count_cast3 cylcyl
     valgrind --tool=callgrind --toggle-collect=gjk_raycast3 ./count_cast3 cone */
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
static gjk_quat turn(void) { return gjk_quat_from_axis_angle(dir(), range(-3.14, 3.14)); }
static gjk_hull3 *hulls[2000];
static int nhulls;
/* A shape of the scene's kind for side a (0) or b (1), and the radius of a ball about its origin holding it. */
static gjk_shape3 make(const char *scene, int side, double *radius) {
    if (strcmp(scene, "hull32") == 0) {
        gjk_vec3 p[32];
        double r = range(0.5, 2.0);
        for (int i = 0; i < 32; ++i) p[i] = gjk_scale3(dir(), r);
        hulls[nhulls] = gjk_hull3_create(p, 32, NULL);
        *radius = r;
        return gjk_hull_shape3(hulls[nhulls++]);
    }
    if (strcmp(scene, "capbox") == 0 && side == 0) {
        gjk_vec3 h = gjk_v3(range(0.3, 1.5), range(0.3, 1.5), range(0.3, 1.5));
        *radius = gjk_len3(h);
        return gjk_box3(h);
    }
    if (strcmp(scene, "capbox") == 0) {
        double r = range(0.2, 0.8), hh = range(0.3, 1.2);
        *radius = r + hh;
        return gjk_capsule3(r, hh);
    }
    if (strcmp(scene, "cone") == 0) {
        double r = range(0.3, 1.5), hh = range(0.3, 1.5);
        *radius = sqrt(r * r + hh * hh);
        return gjk_cone3(r, hh);
    }
    double r = range(0.3, 1.5), hh = range(0.3, 1.5), m = strcmp(scene, "rcyl") == 0 ? range(0.05, 0.3) : 0;
    *radius = sqrt(r * r + hh * hh) + m;
    gjk_shape3 c = gjk_cylinder3(r, hh);
    return m > 0 ? gjk_rounded3(c, m) : c;
}
int main(int argc, char **argv) {
    enum { N = 1000 };
    const char *scene = argc > 1 ? argv[1] : "cylcyl";
    count_rng_state = 11;
    int ray = strcmp(scene, "cone") == 0 || strcmp(scene, "rcyl") == 0;
    static gjk_shape3 sh[2 * N];
    static gjk_ray3 rays[N];
    static gjk_cast_input3 casts[N];
    static gjk_pose3 poses[N];
    for (int i = 0; i < N; ++i) {
        double ra, rb = 0;
        sh[2 * i] = make(scene, 0, &ra);
        if (!ray) sh[2 * i + 1] = make(scene, 1, &rb);
        gjk_vec3 pa = gjk_v3(range(-2, 2), range(-2, 2), range(-2, 2));
        poses[i] = gjk_pose3_make(pa, turn());
        gjk_vec3 o = gjk_mad3(pa, ra * range(1.1, 3.0), dir());
        gjk_vec3 aim = gjk_mad3(pa, 0.5 * ra * sqrt(u()), dir());
        rays[i].origin = o;
        rays[i].translation = gjk_scale3(gjk_sub3(aim, o), 2);
        rays[i].max_fraction = 1;
        gjk_cast_input3 *c = &casts[i];
        memset(c, 0, sizeof *c);
        c->pair.a = &sh[2 * i];
        c->pair.b = &sh[2 * i + 1];
        c->pair.pose_a = poses[i];
        gjk_vec3 pb = gjk_mad3(pa, (ra + rb) * range(1.1, 2.0), dir());
        c->pair.pose_b = gjk_pose3_make(pb, turn());
        gjk_vec3 aim_b = gjk_mad3(pa, 0.5 * (ra + rb) * sqrt(u()), dir());
        c->motion_b.translation = gjk_scale3(gjk_sub3(aim_b, pb), 2);
    }
    double sum = 0;
    int hits = 0;
    for (int round = 0; round < 10; ++round)
        for (int i = 0; i < N; ++i) {
            if (ray) {
                gjk_ray_result3 r = gjk_raycast3(&sh[2 * i], poses[i], &rays[i]);
                hits += r.hit;
                sum += r.fraction + r.normal.x;
            } else {
                gjk_cast_result3 r = gjk_shape_cast3(&casts[i]);
                hits += r.hit;
                sum += r.t + r.normal.x;
            }
        }
    printf("%s: %d hits of %d, sum %.17g\n", scene, hits, 10 * N, sum);
    for (int i = 0; i < nhulls; ++i) gjk_hull3_destroy(hulls[i]);
    return 0;
}
