/* Instruction-count driver for the 2D queries that take GJK (and EPA): 1000 pairs, 10 rounds of one query, in one
   of four scenes (first argument): "poly16", random 16-gons (past the separating axes' size, so GJK answers the
   boolean, distance and signed-distance queries); "capsule", capsules against random 16-gons; "user", user-callback
   16-gons against user circles (GJK, and EPA for the depth); "mixed", all three. Half the pairs overlap by up to 0.3,
   half are apart by up to 0.5. The second argument is the query: "signed" (the default), "distance",
   "penetration" or "intersect"; a third argument "loose" runs it through gjk_query2 at tolerance 1e-3 instead.
     gcc -O2 -Iinclude -IBUILD/include bench/count_query2.c BUILD/libgjk.a -lm -o count_query2
     valgrind --tool=callgrind --toggle-collect=gjk_signed_distance2 ./count_query2 poly16
     valgrind --tool=callgrind --toggle-collect=gjk_query2 ./count_query2 user signed loose */
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
static gjk_vec2 user_polygon(gjk_vec2 d, const void *data) {
    const gjk_hull2 *h = data;
    int best = 0;
    gjk_real bd = h->vertices[0].x * d.x + h->vertices[0].y * d.y;
    for (int i = 1; i < h->vertex_count; i++) {
        gjk_real t = h->vertices[i].x * d.x + h->vertices[i].y * d.y;
        if (t > bd) {
            bd = t;
            best = i;
        }
    }
    return h->vertices[best];
}
static gjk_vec2 user_circle(gjk_vec2 d, const void *data) { return gjk_scale2(gjk_normalize2(d), *(const gjk_real *)data); }
int main(int argc, char **argv) {
    enum { N = 1000 };
    const double pi = 3.141592653589793;
    const char *scene = argc > 1 ? argv[1] : "poly16";
    const char *query = argc > 2 ? argv[2] : "signed";
    const int loose = argc > 3 && strcmp(argv[3], "loose") == 0;
    static gjk_hull2 *h[2 * N];
    static gjk_shape2 sh[2 * N];
    static gjk_real radius[2 * N];
    static gjk_pair2 pr[N];
    for (int i = 0; i < N; ++i) {
        int kind = strcmp(scene, "poly16") == 0 ? 0 : strcmp(scene, "capsule") == 0 ? 1 : strcmp(scene, "user") == 0 ? 2 : i % 3;
        for (int k = 0; k < 2; ++k) {
            gjk_vec2 v[16];
            double r = range(0.5, 1.5), a0 = range(0, 2 * pi);
            for (int j = 0; j < 16; ++j) {
                double a = a0 + 2 * pi * (j + range(-0.3, 0.3)) / 16;
                v[j] = gjk_v2((gjk_real)(r * cos(a)), (gjk_real)(r * sin(a)));
            }
            h[2 * i + k] = gjk_hull2_create(v, 16, NULL);
            radius[2 * i + k] = (gjk_real)r;
            sh[2 * i + k] = kind == 2 ? gjk_user2(user_polygon, h[2 * i + k]) : gjk_polygon2(h[2 * i + k]);
        }
        if (kind == 1) sh[2 * i + 1] = gjk_capsule2((gjk_real)range(0.1, 0.5), (gjk_real)range(0.2, 1));
        if (kind == 2) sh[2 * i + 1] = gjk_user2(user_circle, &radius[2 * i + 1]);
        gjk_pair2 *p = &pr[i];
        p->a = &sh[2 * i];
        p->b = &sh[2 * i + 1];
        p->pose_a.position = gjk_v2((gjk_real)range(-2, 2), (gjk_real)range(-2, 2));
        p->pose_a.rotation = gjk_rot2_from_angle((gjk_real)range(-pi, pi));
        double dir = range(-pi, pi);
        gjk_vec2 d = gjk_v2((gjk_real)cos(dir), (gjk_real)sin(dir));
        p->pose_b.position = gjk_add2(p->pose_a.position, gjk_scale2(d, 4));
        p->pose_b.rotation = gjk_rot2_from_angle((gjk_real)range(-pi, pi));
        /* slide B in along the normal until the signed distance is in [-0.3, 0.5] */
        gjk_result2 r = gjk_signed_distance2(p, NULL);
        double want = i % 2 ? range(-0.3, 0) : range(0, 0.5);
        p->pose_b.position = gjk_add2(p->pose_b.position, gjk_scale2(r.normal, (gjk_real)(want - r.distance)));
    }
    const gjk_query_kind kind = strcmp(query, "distance") == 0      ? GJK_QUERY_DISTANCE
                                : strcmp(query, "penetration") == 0 ? GJK_QUERY_PENETRATION
                                : strcmp(query, "intersect") == 0   ? GJK_QUERY_INTERSECT
                                                                    : GJK_QUERY_SIGNED_DISTANCE;
    const gjk_options opt = {(gjk_real)1e-3, 0, 0};
    double sum = 0;
    long iterations = 0;
    for (int round = 0; round < 10; ++round)
        for (int i = 0; i < N; ++i) {
            gjk_result2 r;
            if (loose) r = gjk_query2(kind, &pr[i], &opt, NULL);
            else if (kind == GJK_QUERY_DISTANCE) r = gjk_distance2(&pr[i], NULL);
            else if (kind == GJK_QUERY_PENETRATION) r = gjk_penetration2(&pr[i], NULL);
            else if (kind == GJK_QUERY_INTERSECT) r = gjk_intersect2(&pr[i], NULL);
            else r = gjk_signed_distance2(&pr[i], NULL);
            iterations += r.iterations + r.epa_iterations;
            sum += r.distance + r.point_a.x + r.point_b.y;
        }
    printf("%s %s%s: %ld iterations, sum %.17g\n", scene, query, loose ? " (tolerance 1e-3)" : "", iterations, sum);
    for (int i = 0; i < 2 * N; ++i) gjk_hull2_destroy(h[i]);
    return 0;
}
