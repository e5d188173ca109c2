// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The C side of python/bench/batch_bench.py: the same signed distances as the Python batch call, as a plain loop
   of gjk_signed_distance3 on one thread, from the same pose file. Prints the best of `rounds` in ns per query and
   a checksum of the distances (which the Python side compares with its own, to the bit).
   Usage: loop SCENE POSES ROUNDS   (SCENE: box or hull32; POSES: raw float64 rows of 14: pose A, pose B;
   hull32 reads the two hulls' 32 points each (raw float64, 64 x 3: A's then B's) from POSES.hull) */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#define GJK_IMPLEMENTATION
#include "gjk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc != 4) return 2;
    FILE *f = fopen(argv[2], "rb");
    if (!f) return 2;
    fseek(f, 0, SEEK_END);
    long bytes = ftell(f);
    fseek(f, 0, SEEK_SET);
    long n = bytes / (long)(14 * sizeof(double));
    gjk_pose3 *pa = malloc(sizeof *pa * (size_t)n), *pb = malloc(sizeof *pb * (size_t)n);
    double row[14];
    for (long k = 0; k < n; ++k) {
        if (fread(row, sizeof row, 1, f) != 1) return 2;
        gjk_quat qa = {row[3], row[4], row[5], row[6]}, qb = {row[10], row[11], row[12], row[13]};
        pa[k] = gjk_pose3_make(gjk_v3(row[0], row[1], row[2]), qa);
        pb[k] = gjk_pose3_make(gjk_v3(row[7], row[8], row[9]), qb);
    }
    fclose(f);
    gjk_shape3 a = gjk_box3(gjk_v3(0.5, 0.4, 0.3)), b;
    gjk_hull3 *hull = NULL, *hull_b = NULL;
    if (!strcmp(argv[1], "hull32")) {
        char path[4096];
        snprintf(path, sizeof path, "%s.hull", argv[2]);
        gjk_vec3 pts[64];
        FILE *h = fopen(path, "rb");
        if (!h || fread(pts, sizeof pts, 1, h) != 1) return 2;
        fclose(h);
        hull = gjk_hull3_create(pts, 32, NULL);
        hull_b = gjk_hull3_create(pts + 32, 32, NULL);
        a = gjk_hull_shape3(hull);
        b = gjk_hull_shape3(hull_b);
    } else {
        b = gjk_box3(gjk_v3(0.3, 0.6, 0.2));
    }
    double best = 1e300, sum = 0;
    for (int r = 0; r < atoi(argv[3]); ++r) {
        double t0 = now();
        sum = 0;
        for (long k = 0; k < n; ++k) {
            gjk_pair3 p = {&a, pa[k], &b, pb[k]};
            sum += gjk_signed_distance3(&p, NULL).distance;
        }
        double t = now() - t0;
        if (t < best) best = t;
    }
    printf("%.3f %a\n", best / (double)n * 1e9, sum);
    gjk_hull3_destroy(hull);
    gjk_hull3_destroy(hull_b);
    free(pa);
    free(pb);
    return 0;
}
