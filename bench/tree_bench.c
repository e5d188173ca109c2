// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Micro benchmark of the dynamic AABB tree (gjk/world.h): N boxes (0.5 to 1.5 wide) in a uniform field (a cube,
   or a square in 2D, of side giving about 2 neighbours per box), each moving at its own constant velocity and
   bouncing off the field's walls. One step moves every proxy (gjk_tree3_move with a margin of 0.1 and four steps'
   displacement as prediction, the settings of Box2D 2.4's broad phase, for comparison), collects the moved pairs
   and clears the moved marks; the time per step of those calls is reported with the pair counts and the area cost
   before and after the run and after a rebuild.
   Times are the thread's CPU time (less sensitive to a loaded machine than the wall clock), and vary still: not a
   test (DEVELOPERS.md, "Measuring speed").
     gcc -O2 -DNDEBUG -Iinclude -IBUILD/include bench/tree_bench.c BUILD/libgjk.a -lm -o tree_bench
     ./tree_bench [N [STEPS [DIM]]]     (default: 10000 and 100000 boxes, 3D then 2D, 100 and 20 steps) */
#include <gjk/gjk.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "count_rng.h"

typedef struct body {
    double lo[3], hi[3], v[3];
    int proxy;
} body;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static gjk_aabb3 box3(const body *b) {
    gjk_aabb3 a;
    a.lower = gjk_v3((gjk_real)b->lo[0], (gjk_real)b->lo[1], (gjk_real)b->lo[2]);
    a.upper = gjk_v3((gjk_real)b->hi[0], (gjk_real)b->hi[1], (gjk_real)b->hi[2]);
    return a;
}

static gjk_aabb2 box2(const body *b) {
    gjk_aabb2 a;
    a.lower = gjk_v2((gjk_real)b->lo[0], (gjk_real)b->lo[1]);
    a.upper = gjk_v2((gjk_real)b->hi[0], (gjk_real)b->hi[1]);
    return a;
}

/* One step of motion: displacement v dt, reflected at the walls [0, side]. */
static void advance(body *b, int dim, double side, double dt) {
    for (int k = 0; k < dim; ++k) {
        double d = b->v[k] * dt;
        if (b->lo[k] + d < 0 || b->hi[k] + d > side) {
            b->v[k] = -b->v[k];
            d = -d;
        }
        b->lo[k] += d;
        b->hi[k] += d;
    }
}

static int run(int n, int steps, int dim) {
    const double dt = 1.0 / 60, margin = 0.1;
    double side = dim == 3 ? cbrt(n * 8.0) : sqrt(n * 4.0), t_move = 0, t_pairs = 0;
    body *bodies = (body *)malloc((size_t)n * sizeof *bodies);
    int capacity = 8 * n, *pairs = (int *)malloc(2 * (size_t)capacity * sizeof *pairs);
    long moved_pairs = 0, moved_proxies = 0;
    gjk_tree3 *t3 = dim == 3 ? gjk_tree3_create() : NULL;
    gjk_tree2 *t2 = dim == 2 ? gjk_tree2_create() : NULL;
    if (!bodies || !pairs || (!t3 && !t2)) return 1;
    count_rng_state = 7;
    for (int i = 0; i < n; ++i) {
        body *b = &bodies[i];
        for (int k = 0; k < 3; ++k) {
            double w = range(0.5, 1.5), c = range(w, side - w);
            b->lo[k] = k < dim ? c - w / 2 : 0;
            b->hi[k] = k < dim ? c + w / 2 : 0;
            b->v[k] = k < dim ? range(-2, 2) : 0;
        }
        b->proxy = t3 ? gjk_tree3_insert(t3, box3(b), (gjk_real)margin, (uint64_t)i)
                      : gjk_tree2_insert(t2, box2(b), (gjk_real)margin, (uint64_t)i);
    }
    double cost0 = t3 ? gjk_tree3_area_cost(t3) : gjk_tree2_area_cost(t2);
    int all0 = t3 ? gjk_tree3_pairs(t3, false, pairs, capacity) : gjk_tree2_pairs(t2, false, pairs, capacity);
    if (t3) gjk_tree3_clear_moved(t3);
    else gjk_tree2_clear_moved(t2);
    for (int s = 0; s < steps; ++s) {
        double t0 = now(), t1;
        int found;
        for (int i = 0; i < n; ++i) {
            body *b = &bodies[i];
            double p = 4 * dt; /* prediction: four steps of motion */
            gjk_vec3 d = gjk_v3((gjk_real)(p * b->v[0]), (gjk_real)(p * b->v[1]), (gjk_real)(p * b->v[2]));
            advance(b, dim, side, dt);
            moved_proxies += t3 ? gjk_tree3_move(t3, b->proxy, box3(b), (gjk_real)margin, d)
                                : gjk_tree2_move(t2, b->proxy, box2(b), (gjk_real)margin, gjk_v2(d.x, d.y));
        }
        t1 = now();
        found = t3 ? gjk_tree3_pairs(t3, true, pairs, capacity) : gjk_tree2_pairs(t2, true, pairs, capacity);
        if (t3) gjk_tree3_clear_moved(t3);
        else gjk_tree2_clear_moved(t2);
        t_move += t1 - t0;
        t_pairs += now() - t1;
        moved_pairs += found;
    }
    double cost1 = t3 ? gjk_tree3_area_cost(t3) : gjk_tree2_area_cost(t2);
    int height = t3 ? gjk_tree3_height(t3) : gjk_tree2_height(t2);
    int all1 = t3 ? gjk_tree3_pairs(t3, false, pairs, capacity) : gjk_tree2_pairs(t2, false, pairs, capacity);
    double t_rebuild = now();
    if (t3) gjk_tree3_rebuild(t3);
    else gjk_tree2_rebuild(t2);
    t_rebuild = now() - t_rebuild;
    double cost2 = t3 ? gjk_tree3_area_cost(t3) : gjk_tree2_area_cost(t2);
    printf("%dD %6d boxes, %d steps: %.3f ms/step (move %.3f, pairs %.3f); %.0f re-inserted and %.0f moved pairs "
           "per step; all pairs %d at start, %d at end; area cost %.1f at start, %.1f at end (height %d), %.1f "
           "rebuilt (%.1f ms)\n",
           dim, n, steps, 1e3 * (t_move + t_pairs) / steps, 1e3 * t_move / steps, 1e3 * t_pairs / steps,
           (double)moved_proxies / steps, (double)moved_pairs / steps, all0, all1, cost0, cost1, height, cost2,
           1e3 * t_rebuild);
    gjk_tree3_destroy(t3);
    gjk_tree2_destroy(t2);
    free(bodies);
    free(pairs);
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1) {
        int n = atoi(argv[1]), steps = argc > 2 ? atoi(argv[2]) : 50, dim = argc > 3 ? atoi(argv[3]) : 3;
        if (n < 1 || steps < 1 || (dim != 2 && dim != 3)) {
            fprintf(stderr, "usage: tree_bench [N [STEPS [DIM]]]\n");
            return 2;
        }
        return run(n, steps, dim);
    }
    return run(10000, 100, 3) || run(100000, 20, 3) || run(10000, 100, 2) || run(100000, 20, 2);
}
