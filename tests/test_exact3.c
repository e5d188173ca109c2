// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Exact-answer tests of the 3D queries: random pairs of convex shapes, each checked against answers computed
 * independently of the library (oracle3.c: qhull on the Minkowski difference, and closed forms), in double.
 *
 * Every family prints its pair count and its largest errors (run `ctest -V -R test_exact3` to read them).
 * GJK_TEST_SCALE (environment, default 1) scales the pair counts, e.g. 0.1 under sanitizers.
 *
 * This executable: hulls of 8 and 64 points and boxes. test_exact3_more: rounded hulls, pairs far from the origin,
 * axis-aligned exact contacts, capsules, spheres, sphere-box, flat hulls (two executables so that ctest -j runs
 * them side by side). */
#define ORACLE3_HARNESS 1
#include "oracle3.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>

#include <cmocka.h>

#define PAIRS x3_pair_count(10000, 200)

static int make_hull8(x3_rng *rng, long index, x3_body *a, x3_body *b, x3_placement *place) {
    double c[3];
    (void)index;
    x3_random_position(rng, 2.0, c);
    return x3_make_hull_pair(rng, 8, a, b, 0.0, 0.0, c, place);
}

static int make_hull64(x3_rng *rng, long index, x3_body *a, x3_body *b, x3_placement *place) {
    double c[3];
    (void)index;
    x3_random_position(rng, 2.0, c);
    return x3_make_hull_pair(rng, 64, a, b, 0.0, 0.0, c, place);
}

static int make_boxes(x3_rng *rng, long index, x3_body *a, x3_body *b, x3_placement *place) {
    double c[3];
    (void)index;
    x3_random_position(rng, 2.0, c);
    return x3_make_random_box(rng, a, 0.0) && x3_make_random_box(rng, b, 0.0) &&
           x3_place_random(rng, a, b, c, 0.6, 1.4, place);
}

static void run(const char *name, uint64_t seed, x3_make_fn *make) {
    x3_family f = {name, PAIRS, seed, make, NULL, x3_default_tol(), 0};
    x3_run_family(&f);
}

static void family_hull8(void **state) {
    (void)state;
    run("hull8", 0x1001, make_hull8);
}
static void family_hull64(void **state) {
    (void)state;
    run("hull64", 0x1002, make_hull64);
}
static void family_box(void **state) {
    (void)state;
    run("box", 0x1003, make_boxes);
}
int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(family_hull8),
        cmocka_unit_test(family_hull64),
        cmocka_unit_test(family_box),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
