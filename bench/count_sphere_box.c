/* Instruction-count driver for the closed-form cells of the benchmark: sphere-box, capsule-box and box-box pairs
   drawn as bench/scenes.cpp draws them (box half extents in [0.2, 1.5], sphere radius in [0.2, 1], capsule radius in
   [0.2, 1] and half height in [0.2, 1.5], A at a point of [-2, 2]^3, both rotations uniformly random, B along a
   random direction at 0.6 to 1.4 times the offset where the two touch), 10 rounds over 1000 pairs of one query. As in
   the bench, intersect runs on every pair, distance on the pairs apart, penetration on the overlapping ones.
   Arguments: the scene (sphere-box, capsule-box, box-box) and the query (intersect, distance, penetration).
     gcc -O2 -Iinclude -IBUILD/include bench/count_sphere_box.c BUILD/libgjk.a -lm -o count_sphere_box
     valgrind --tool=callgrind --toggle-collect=count_round ./count_sphere_box sphere-box distance
     callgrind_annotate --inclusive=yes callgrind.out.PID      (the split by function)
   Instructions per call: the total of count_round divided by the number of calls the program prints. */
#include <gjk/gjk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "count_rng.h"

enum { N = 1000, ROUNDS = 10 };

static gjk_vec3 dir(void) {
    double z = range(-1, 1), a = range(-3.141592653589793, 3.141592653589793), r = sqrt(1 - z * z);
    return gjk_v3(r * cos(a), r * sin(a), z);
}
/* A uniformly random unit quaternion (Shoemake's subgroup method). */
static gjk_quat rotation(void) {
    double u1 = u(), a = 6.283185307179586 * u(), b = 6.283185307179586 * u();
    double s1 = sqrt(1 - u1), s2 = sqrt(u1);
    gjk_quat q = {s1 * sin(a), s1 * cos(a), s2 * sin(b), s2 * cos(b)};
    return q;
}
static gjk_shape3 make(char kind) {
    if (kind == 's') return gjk_sphere3(range(0.2, 1.0));
    if (kind == 'c') {
        double r = range(0.2, 1.0);
        return gjk_capsule3(r, range(0.2, 1.5));
    }
    return gjk_box3(gjk_v3(range(0.2, 1.5), range(0.2, 1.5), range(0.2, 1.5)));
}

static gjk_shape3 shapes[2 * N];
static gjk_pair3 pairs[N];
static int selected[N], nsel;

#ifndef COUNT_SPHERE_BOX_NO_MAIN
/* One round of the query over the selected pairs (the function callgrind counts). */
__attribute__((noinline)) static double count_round(int q) {
    double acc = 0;
    for (int k = 0; k < nsel; ++k) {
        const gjk_pair3 *p = &pairs[selected[k]];
        gjk_result3 r = q == 0 ? gjk_intersect3(p, NULL) : q == 1 ? gjk_distance3(p, NULL) : gjk_penetration3(p, NULL);
        acc += (double)r.distance + (double)r.intersect + (double)r.point_a.x;
    }
    return acc;
}
#endif

/* The scene's pairs, and the ones the query runs on; returns the query's number (0 intersect, 1 distance, 2
   penetration), or -1 for an unknown scene. */
static int make_pairs(const char *scene, const char *query) {
    char ka = strcmp(scene, "sphere-box") == 0 ? 's' : strcmp(scene, "capsule-box") == 0 ? 'c' : 'b';
    int q = strcmp(query, "intersect") == 0 ? 0 : strcmp(query, "distance") == 0 ? 1 : 2;
    if (strcmp(scene, "box-box") != 0 && ka == 'b') return -1;
    for (int i = 0; i < N; ++i) {
        shapes[2 * i] = make(ka);
        shapes[2 * i + 1] = make('b');
        gjk_pair3 *p = &pairs[i];
        p->a = &shapes[2 * i];
        p->b = &shapes[2 * i + 1];
        p->pose_a = gjk_pose3_make(gjk_v3(range(-2, 2), range(-2, 2), range(-2, 2)), rotation());
        p->pose_b = gjk_pose3_make(p->pose_a.position, rotation());
        gjk_vec3 d = dir();
        double f = range(0.6, 1.4), lo = 0, hi = 10;
        for (int it = 0; it < 60; ++it) { /* the touching offset, by bisection */
            double mid = 0.5 * (lo + hi);
            p->pose_b.position = gjk_mad3(p->pose_a.position, mid, d);
            if (gjk_intersect3(p, NULL).intersect) lo = mid;
            else hi = mid;
        }
        p->pose_b.position = gjk_mad3(p->pose_a.position, f * 0.5 * (lo + hi), d);
        if (q == 0 || (q == 1) == (f >= 1.0)) selected[nsel++] = i;
    }
    return q;
}

#ifndef COUNT_SPHERE_BOX_NO_MAIN
int main(int argc, char **argv) {
    const char *scene = argc > 1 ? argv[1] : "sphere-box", *query = argc > 2 ? argv[2] : "distance";
    int q = make_pairs(scene, query);
    if (q < 0) {
        fprintf(stderr, "usage: count_sphere_box sphere-box|capsule-box|box-box intersect|distance|penetration\n");
        return 2;
    }
    double acc = 0;
    for (int r = 0; r < ROUNDS; ++r) acc += count_round(q);
    printf("%s %s: %d calls, checksum %.17g\n", scene, query, ROUNDS * nsel, acc);
    return 0;
}
#endif
