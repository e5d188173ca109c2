/* Instruction-count driver for the curved-core cells: 1000 random pairs, 10 rounds of one query, with the
   benchmark's distributions (bench/scenes.cpp): cylinders of radius 0.2 to 1 and half height 0.2 to 1.5 at random
   rotations, A's centre in [-2, 2]^3, B along a random direction at 0.6 to 1.4 times the offset where the two
   touch (found by bisection on gjk_intersect3), so about half the pairs overlap. The intersect rounds run on every
   pair, distance on the separated ones, penetration on the overlapping ones, as the bench selects them.
   Arguments: the query (intersect, distance, penetration, signed) and the scene: cylcyl (default), conecone,
   ellell (ellipsoids), capcyl (a capsule and a cylinder), cylbox (a cylinder and a box).
     gcc -O2 -Iinclude -IBUILD/include bench/count_cylinder.c BUILD/libgjk.a -lm -o count_cylinder
     valgrind --tool=callgrind --toggle-collect=count_rounds ./count_cylinder penetration cylcyl
   (count_rounds holds the timed rounds only: the set-up's bisection calls gjk_intersect3 too.)
   It also prints the mean GJK and EPA iterations, the largest of each, and how many answers were not GJK_OK. */
#include <gjk/gjk.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "count_rng.h"
static gjk_vec3 dir(void) {
    double z = range(-1, 1), a = range(-3.141592653589793, 3.141592653589793), r = sqrt(1 - z * z);
    return gjk_v3(r * cos(a), r * sin(a), z);
}
static gjk_quat turn(void) { return gjk_quat_from_axis_angle(dir(), range(-3.14, 3.14)); }
/* A shape of the scene's kind for side a (0) or b (1), and the radius of a ball about its origin holding it. */
static gjk_shape3 make(const char *scene, int side, double *size) {
    double r = range(0.2, 1.0), hh = range(0.2, 1.5);
    *size = sqrt(r * r + hh * hh);
    if (strcmp(scene, "conecone") == 0) return gjk_cone3(r, hh);
    if (strcmp(scene, "ellell") == 0) {
        gjk_vec3 e = gjk_v3(r, hh, range(0.2, 1.5));
        *size = fmax(fmax(e.x, e.y), e.z);
        return gjk_ellipsoid3(e);
    }
    if (strcmp(scene, "capcyl") == 0 && side == 0) {
        *size = r + hh;
        return gjk_capsule3(r, hh);
    }
    if (strcmp(scene, "cylbox") == 0 && side == 1) {
        gjk_vec3 h = gjk_v3(range(0.2, 1.5), range(0.2, 1.5), range(0.2, 1.5));
        *size = gjk_len3(h);
        return gjk_box3(h);
    }
    return gjk_cylinder3(r, hh);
}
enum { N = 1000 };
static gjk_shape3 sh[2 * N];
static gjk_pair3 p[N];
static int overlap[N];
static double sum;
static long it, epa, calls;
static int it_max, epa_max, notok;
__attribute__((noinline)) static void count_rounds(const char *query) {
    for (int round = 0; round < 10; ++round)
        for (int i = 0; i < N; ++i) {
            gjk_result3 r;
            if (strcmp(query, "intersect") == 0) {
                r = gjk_intersect3(&p[i], NULL);
                sum += r.intersect;
            } else if (strcmp(query, "signed") == 0) {
                r = gjk_signed_distance3(&p[i], NULL);
                sum += r.distance;
            } else if (strcmp(query, "penetration") == 0) {
                if (!overlap[i]) continue;
                r = gjk_penetration3(&p[i], NULL);
                sum += r.distance + r.normal.x;
            } else {
                if (overlap[i]) continue;
                r = gjk_distance3(&p[i], NULL);
                sum += r.distance + r.normal.x;
            }
            ++calls;
            it += r.iterations;
            epa += r.epa_iterations;
            it_max = r.iterations > it_max ? r.iterations : it_max;
            epa_max = r.epa_iterations > epa_max ? r.epa_iterations : epa_max;
            notok += r.status != GJK_OK;
        }
}
int main(int argc, char **argv) {
    const char *query = argc > 1 ? argv[1] : "distance";
    const char *scene = argc > 2 ? argv[2] : "cylcyl";
    count_rng_state = 16;
    for (int i = 0; i < N; ++i) {
        double sa, sb;
        sh[2 * i] = make(scene, 0, &sa);
        sh[2 * i + 1] = make(scene, 1, &sb);
        gjk_pair3 *q = &p[i];
        memset(q, 0, sizeof *q);
        q->a = &sh[2 * i];
        q->b = &sh[2 * i + 1];
        gjk_vec3 pa = gjk_v3(range(-2, 2), range(-2, 2), range(-2, 2));
        q->pose_a = gjk_pose3_make(pa, turn());
        gjk_quat qb = turn();
        gjk_vec3 dv = dir();
        double f = range(0.6, 1.4), lo = 0, hi = sa + sb + 1e-3;
        for (int it = 0; it < 64 && hi - lo > 1e-15 * hi; ++it) {
            double mid = 0.5 * (lo + hi);
            q->pose_b = gjk_pose3_make(gjk_mad3(pa, mid, dv), qb);
            if (gjk_intersect3(q, NULL).intersect) lo = mid;
            else hi = mid;
        }
        q->pose_b = gjk_pose3_make(gjk_mad3(pa, f * 0.5 * (lo + hi), dv), qb);
        overlap[i] = f < 1.0;
    }
    count_rounds(query);
    printf("%s %s: %ld calls, GJK iterations %.2f (max %d), EPA %.2f (max %d), %d not OK, sum %.17g\n", query, scene,
           calls, (double)it / (double)calls, it_max, (double)epa / (double)calls, epa_max, notok, sum);
    return 0;
}
