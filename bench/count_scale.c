/* Instruction-count driver for the cost of the scale check every entry point makes before its work (src/rescale.h):
   the cheapest cells, where a few comparisons show most. 1000 random pairs of size near 1, 10 rounds of one call.
   Argument: "sphere" (gjk_distance3 of two spheres), "box" (gjk_signed_distance3 of two boxes), "capbox"
   (gjk_penetration3 of a capsule and a box), "user" (gjk_distance3 of two user ellipsoids), "circle"
   (gjk_distance2 of two circles), "poly" (gjk_penetration2 of two 6-gons), "ray" (gjk_raycast3 against a box).
     gcc -O2 -Iinclude -IBUILD/include bench/count_scale.c BUILD/libgjk.a -lm -o count_scale
     valgrind --tool=callgrind --toggle-collect=gjk_distance3 ./count_scale sphere
   (toggle gjk_signed_distance3 for box, gjk_penetration3 for capbox, gjk_distance2 for circle, gjk_penetration2
   for poly, gjk_raycast3 for ray). */
#include <gjk/gjk.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "count_rng.h"

static gjk_vec3 user_support(gjk_vec3 d, const void *data) {
    const gjk_vec3 *r = (const gjk_vec3 *)data;
    gjk_vec3 e = gjk_v3(r->x * r->x * d.x, r->y * r->y * d.y, r->z * r->z * d.z);
    double l = sqrt(e.x * d.x + e.y * d.y + e.z * d.z);
    return l > 0 ? gjk_scale3(e, (gjk_real)(1 / l)) : gjk_v3(0, 0, 0);
}

static gjk_quat turn(void) {
    gjk_quat q = {(gjk_real)range(-1, 1), (gjk_real)range(-1, 1), (gjk_real)range(-1, 1), (gjk_real)range(-1, 1)};
    return q;
}
static gjk_vec3 place(void) {
    return gjk_v3((gjk_real)range(-1.5, 1.5), (gjk_real)range(-1.5, 1.5), (gjk_real)range(-1.5, 1.5));
}

int main(int argc, char **argv) {
    const char *cell = argc > 1 ? argv[1] : "sphere";
    enum { N = 1000 };
    static gjk_shape3 a3[N], b3[N];
    static gjk_pair3 p3[N];
    static gjk_shape2 a2[N], b2[N];
    static gjk_pair2 p2[N];
    static gjk_vec3 radii[2 * N];
    static gjk_hull2 *hulls[2 * N];
    static gjk_ray3 rays[N];
    bool two = !strcmp(cell, "circle") || !strcmp(cell, "poly");
    for (int i = 0; i < N; ++i) {
        if (two) {
            if (!strcmp(cell, "circle")) {
                a2[i] = gjk_circle2((gjk_real)range(0.5, 1));
                b2[i] = gjk_circle2((gjk_real)range(0.5, 1));
            } else {
                for (int s = 0; s < 2; ++s) {
                    gjk_vec2 v[6];
                    double r = range(0.5, 1), t0 = range(0, 1);
                    for (int k = 0; k < 6; ++k)
                        v[k] = gjk_v2((gjk_real)(r * cos(t0 + k * 1.047)), (gjk_real)(r * sin(t0 + k * 1.047)));
                    hulls[2 * i + s] = gjk_hull2_create(v, 6, NULL);
                }
                a2[i] = gjk_polygon2(hulls[2 * i]);
                b2[i] = gjk_polygon2(hulls[2 * i + 1]);
            }
            p2[i].a = &a2[i];
            p2[i].b = &b2[i];
            p2[i].pose_a = gjk_pose2_make(gjk_v2(0, 0), (gjk_real)range(-3, 3));
            p2[i].pose_b = gjk_pose2_make(gjk_v2((gjk_real)range(-1.5, 1.5), (gjk_real)range(-1.5, 1.5)),
                                          (gjk_real)range(-3, 3));
            continue;
        }
        if (!strcmp(cell, "sphere")) {
            a3[i] = gjk_sphere3((gjk_real)range(0.5, 1));
            b3[i] = gjk_sphere3((gjk_real)range(0.5, 1));
        } else if (!strcmp(cell, "box") || !strcmp(cell, "ray")) {
            a3[i] = gjk_box3(gjk_v3((gjk_real)range(0.3, 1), (gjk_real)range(0.3, 1), (gjk_real)range(0.3, 1)));
            b3[i] = gjk_box3(gjk_v3((gjk_real)range(0.3, 1), (gjk_real)range(0.3, 1), (gjk_real)range(0.3, 1)));
        } else if (!strcmp(cell, "capbox")) {
            a3[i] = gjk_capsule3((gjk_real)range(0.2, 0.6), (gjk_real)range(0.2, 1));
            b3[i] = gjk_box3(gjk_v3((gjk_real)range(0.3, 1), (gjk_real)range(0.3, 1), (gjk_real)range(0.3, 1)));
        } else {
            radii[2 * i] = gjk_v3((gjk_real)range(0.3, 1), (gjk_real)range(0.3, 1), (gjk_real)range(0.3, 1));
            radii[2 * i + 1] = gjk_v3((gjk_real)range(0.3, 1), (gjk_real)range(0.3, 1), (gjk_real)range(0.3, 1));
            a3[i] = gjk_user3(user_support, &radii[2 * i]);
            b3[i] = gjk_user3(user_support, &radii[2 * i + 1]);
        }
        p3[i].a = &a3[i];
        p3[i].b = &b3[i];
        p3[i].pose_a = gjk_pose3_make(gjk_v3(0, 0, 0), turn());
        p3[i].pose_b = gjk_pose3_make(place(), turn());
        rays[i].origin = gjk_add3(place(), gjk_v3(3, 0, 0));
        rays[i].translation = gjk_v3(-6, (gjk_real)range(-1, 1), (gjk_real)range(-1, 1));
        rays[i].max_fraction = 1;
    }
    double sum = 0;
    for (int round = 0; round < 10; ++round)
        for (int i = 0; i < N; ++i) {
            if (!strcmp(cell, "sphere") || !strcmp(cell, "user")) sum += gjk_distance3(&p3[i], NULL).distance;
            else if (!strcmp(cell, "box")) sum += gjk_signed_distance3(&p3[i], NULL).distance;
            else if (!strcmp(cell, "capbox")) sum += gjk_penetration3(&p3[i], NULL).distance;
            else if (!strcmp(cell, "ray")) sum += gjk_raycast3(&a3[i], p3[i].pose_a, &rays[i]).fraction;
            else if (!strcmp(cell, "circle")) sum += gjk_distance2(&p2[i], NULL).distance;
            else sum += gjk_penetration2(&p2[i], NULL).distance;
        }
    printf("%s %.17g\n", cell, sum);
    for (int i = 0; i < 2 * N; ++i) gjk_hull2_destroy(hulls[i]);
    return 0;
}
