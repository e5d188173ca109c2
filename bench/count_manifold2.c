/* Instruction-count driver for the 2D polygon cells: 1000 pairs, 10 rounds of one query, in one of four scenes
   (first argument): "rest" (the default), boxes as 4-gon polygons resting on each other as in the benchmark's
   rest-box2 scene (half of them stacks of equal boxes, aligned within 1e-3 rad, half a smaller box at a random
   quarter turn and a tilt below 5e-3 rad), sunk 1e-4 to 1e-2 of the thinner box; "box", the same pairs as gjk_box2
   boxes; "poly8" and "poly4", random 8-gons and 4-gons placed to overlap a little or be apart by up to 0.02 (for
   the distance query apart by 0.01 to 0.5, for penetration overlapping by up to 0.3, as in the benchmark's
   poly-n scenes). The second argument is the query: "manifold" (the default: gjk_collide2, speculative distance
   0.02), "penetration", "distance" or "intersect".
     gcc -O2 -Iinclude -IBUILD/include bench/count_manifold2.c BUILD/libgjk.a -lm -o count_manifold2
     valgrind --tool=callgrind --toggle-collect=gjk_collide2 ./count_manifold2 rest
     valgrind --tool=callgrind --toggle-collect=gjk_penetration2 ./count_manifold2 poly4 penetration */
#include <gjk/gjk.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
/* A 64-bit linear congruential sequence (Knuth's MMIX constants), its top 53 bits as a double in [0, 1). */
static uint64_t s = 42;
static double u(void) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(s >> 11) / 9007199254740992.0;
}
static double range(double lo, double hi) { return lo + (hi - lo) * u(); }
static gjk_pose2 pose(gjk_vec2 position, gjk_rot2 rotation) {
    gjk_pose2 p;
    p.position = position;
    p.rotation = rotation;
    return p;
}
static gjk_shape2 box_shape(double hx, double hy, int as_box, gjk_hull2 **keep) {
    if (as_box) return gjk_box2(gjk_v2(hx, hy));
    gjk_vec2 p[4] = {{-hx, -hy}, {hx, -hy}, {hx, hy}, {-hx, hy}};
    *keep = gjk_hull2_create(p, 4, NULL);
    return gjk_polygon2(*keep);
}
int main(int argc, char **argv) {
    enum { N = 1000 };
    const double pi = 3.141592653589793;
    const char *scene = argc > 1 ? argv[1] : "rest";
    static gjk_hull2 *h[2 * N];
    static gjk_shape2 sh[2 * N];
    static gjk_pair2 pr[N];
    const char *query = argc > 2 ? argv[2] : "manifold";
    int as_box = strcmp(scene, "box") == 0, poly = strcmp(scene, "poly8") == 0 ? 8 : strcmp(scene, "poly4") == 0 ? 4 : 0;
    double lo = -0.05, hi = 0.02;
    if (strcmp(query, "distance") == 0) lo = 0.01, hi = 0.5;
    if (strcmp(query, "penetration") == 0) lo = -0.3, hi = 0;
    for (int i = 0; i < N; ++i) {
        gjk_pair2 *p = &pr[i];
        if (poly) {
            for (int k = 0; k < 2; ++k) {
                gjk_vec2 v[8];
                double r = range(0.5, 1.5), a0 = range(0, 2 * pi);
                for (int j = 0; j < poly; ++j) {
                    double a = a0 + 2 * pi * (j + range(-0.3, 0.3)) / poly;
                    v[j] = gjk_v2(r * cos(a), r * sin(a));
                }
                h[2 * i + k] = gjk_hull2_create(v, poly, NULL);
                sh[2 * i + k] = gjk_polygon2(h[2 * i + k]);
            }
            p->a = &sh[2 * i];
            p->b = &sh[2 * i + 1];
            p->pose_a = pose(gjk_v2(range(-2, 2), range(-2, 2)), gjk_rot2_from_angle(range(-pi, pi)));
            double dir = range(-pi, pi);
            gjk_vec2 d = gjk_v2(cos(dir), sin(dir));
            /* slide B in along d until the signed distance is in [-0.05, 0.02] */
            p->pose_b = pose(gjk_add2(p->pose_a.position, gjk_scale2(d, 4)), gjk_rot2_from_angle(range(-pi, pi)));
            gjk_result2 r = gjk_signed_distance2(p, NULL);
            double want = range(lo, hi);
            p->pose_b.position = gjk_add2(p->pose_b.position, gjk_scale2(r.normal, want - r.distance));
            continue;
        }
        int stack = u() < 0.5;
        double hax = range(0.3, 1.5), hay = range(0.2, 1.0);
        double hbx = stack ? hax : range(0.2, 1.0), hby = stack ? hay : range(0.2, 1.0);
        double lim = stack ? 0.02 : 0.8, tilt = stack ? 1e-3 : 5e-3;
        double rel = range(-tilt, tilt) + (stack ? 0 : (u() < 0.5 ? 0 : pi / 2));
        double down = fabs(sin(rel)) * hbx + fabs(cos(rel)) * hby;
        double sink = range(1e-4, 1e-2) * fmin(hay, hby);
        double off = range(-lim, lim) * hax, angle = range(-pi, pi);
        sh[2 * i] = box_shape(hax, hay, as_box, &h[2 * i]);
        sh[2 * i + 1] = box_shape(hbx, hby, as_box, &h[2 * i + 1]);
        p->a = &sh[2 * i];
        p->b = &sh[2 * i + 1];
        gjk_rot2 qa = gjk_rot2_from_angle(angle);
        p->pose_a = pose(gjk_v2(range(-2, 2), range(-2, 2)), qa);
        p->pose_b = pose(gjk_add2(p->pose_a.position, gjk_rotate2(qa, gjk_v2(off, hay + down - sink))),
                              gjk_rot2_from_angle(angle + rel));
    }
    double sum = 0;
    int points = 0;
    const int q = strcmp(query, "manifold") == 0      ? 0
                  : strcmp(query, "penetration") == 0 ? 1
                  : strcmp(query, "distance") == 0    ? 2
                                                      : 3;
    for (int round = 0; round < 10; ++round)
        for (int i = 0; i < N; ++i) {
            if (q == 0) {
                gjk_manifold2 m = gjk_collide2(&pr[i], 0.02, NULL);
                points += m.count;
                for (int k = 0; k < m.count; ++k) sum += m.points[k].separation;
                continue;
            }
            gjk_result2 r = q == 1   ? gjk_penetration2(&pr[i], NULL)
                            : q == 2 ? gjk_distance2(&pr[i], NULL)
                                     : gjk_intersect2(&pr[i], NULL);
            points += r.intersect;
            sum += r.distance + r.point_a.x + r.point_b.y;
        }
    printf("%s %s: %d points (or intersecting), sum %.17g\n", scene, query, points, sum);
    for (int i = 0; i < 2 * N; ++i) gjk_hull2_destroy(h[i]);
    return 0;
}
