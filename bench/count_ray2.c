/* Instruction-count driver for the 2D ray-cast and shape-cast cells: 1000 random convex polygons (as the
   benchmark's poly-N scenes: N jittered angles on a circle of radius 0.5 to 2, recentred), 10 rounds of one query.
   Argument: "ray4", "ray8", "ray32" (gjk_raycast2 from 1.1 to 3 radii away, aimed within 2.4 mean radii of the
   centre, running twice as far as the aim: about half hit) or "cast4", "cast8", "cast32" (linear gjk_shape_cast2
   of B, starting 1.1 to 2 times the sum of the radii away, towards an aim point as for the rays: about half hit).
     gcc -O2 -Iinclude -IBUILD/include bench/count_ray2.c BUILD/libgjk.a -lm -o count_ray2
     valgrind --tool=callgrind --toggle-collect=gjk_raycast2 ./count_ray2 ray4
     valgrind --tool=callgrind --toggle-collect=gjk_shape_cast2 ./count_ray2 cast4 */
#include <gjk/gjk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "count_rng.h"
static gjk_vec2 dir(void) {
    double a = range(-3.141592653589793, 3.141592653589793);
    return gjk_v2(cos(a), sin(a));
}
static gjk_hull2 *polygon(int n, double *radius) {
    gjk_vec2 v[64], mean = gjk_v2(0, 0);
    double r = range(0.5, 2.0), phase = range(0, 6.283185307179586);
    for (int i = 0; i < n; ++i) {
        double a = phase + 6.283185307179586 * (i + range(0.2, 0.8)) / n;
        v[i] = gjk_v2(r * cos(a), r * sin(a));
        mean = gjk_add2(mean, v[i]);
    }
    mean = gjk_scale2(mean, 1.0 / n);
    for (int i = 0; i < n; ++i) v[i] = gjk_sub2(v[i], mean);
    *radius = r;
    return gjk_hull2_create(v, n, NULL);
}
int main(int argc, char **argv) {
    enum { N = 1000 };
    const char *scene = argc > 1 ? argv[1] : "ray4";
    int cast = strncmp(scene, "cast", 4) == 0, n = atoi(scene + (cast ? 4 : 3));
    if (n < 3 || n > 64) n = 4;
    static gjk_hull2 *h[2 * N];
    static gjk_shape2 sh[2 * N];
    static gjk_ray2 rays[N];
    static gjk_cast_input2 casts[N];
    static gjk_pose2 poses[N];
    for (int i = 0; i < N; ++i) {
        double ra, rb;
        h[2 * i] = polygon(n, &ra);
        h[2 * i + 1] = polygon(n, &rb);
        sh[2 * i] = gjk_polygon2(h[2 * i]);
        sh[2 * i + 1] = gjk_polygon2(h[2 * i + 1]);
        gjk_vec2 pa = gjk_v2(range(-2, 2), range(-2, 2));
        poses[i] = gjk_pose2_make(pa, range(-3.14, 3.14));
        gjk_vec2 o = gjk_mad2(pa, ra * range(1.1, 3.0), dir());
        gjk_vec2 aim = gjk_mad2(pa, 0.8 * ra * 2.4 * sqrt(u()), dir());
        rays[i].origin = o;
        rays[i].translation = gjk_scale2(gjk_sub2(aim, o), 2);
        rays[i].max_fraction = 1;
        gjk_cast_input2 *c = &casts[i];
        memset(c, 0, sizeof *c);
        c->pair.a = &sh[2 * i];
        c->pair.b = &sh[2 * i + 1];
        c->pair.pose_a = poses[i];
        gjk_vec2 pb = gjk_mad2(pa, (ra + rb) * range(1.1, 2.0), dir());
        c->pair.pose_b = gjk_pose2_make(pb, range(-3.14, 3.14));
        gjk_vec2 aim_b = gjk_mad2(pa, 0.8 * (ra + rb) * 2.4 * sqrt(u()), dir());
        c->motion_b.translation = gjk_scale2(gjk_sub2(aim_b, pb), 2);
    }
    double sum = 0;
    int hits = 0;
    for (int round = 0; round < 10; ++round)
        for (int i = 0; i < N; ++i) {
            if (cast) {
                gjk_cast_result2 r = gjk_shape_cast2(&casts[i]);
                hits += r.hit;
                sum += r.t + r.normal.x;
            } else {
                gjk_ray_result2 r = gjk_raycast2(&sh[2 * i], poses[i], &rays[i]);
                hits += r.hit;
                sum += r.fraction + r.normal.x;
            }
        }
    printf("%s: %d hits of %d, sum %.17g\n", scene, hits, 10 * N, sum);
    for (int i = 0; i < 2 * N; ++i) gjk_hull2_destroy(h[i]);
    return 0;
}
