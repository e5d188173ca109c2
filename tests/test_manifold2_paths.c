// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The two paths of gjk_collide2 agree: boxes and polygons of up to 8 vertices take the manifold straight from the
   separating axes' pass (manifold2.c, collide2_polygons), every other pair the general path (the signed distance,
   then the features facing its normal: gjk2_collide_general). On thousands of box and polygon pairs (4- and 8-gons,
   gjk_box2 boxes and boxes as 4-gons, sharp and rounded; resting flush, nudged and turned at the rounding level,
   tilted, random overlaps and gaps within the speculative distance) both must give the same status, normal (to the
   bit: both are the signed distance's), count and ids, and points and separations within a few ulps of the
   coordinates. 32-gons take the general path in both calls and must agree to the bit.

   Measured (gcc -O2, x86-64, printed by ctest -V): the two paths agree to the bit in double and float, since they
   compute the same quantities in the same frame; the bound leaves room for a path that rounds differently (a
   perturbation of 1e-15 in one separation shows as 2.4e-16 of the size). */
#include "testutil.h"

#include <stdio.h>

#include "internal2.h"

#define PI 3.14159265358979323846
#define ULPS (8 * (double)GJK_REAL_EPSILON)

typedef struct paths_stats {
    long pairs, points, two;
    double worst;
} paths_stats;

static gjk_pose2 pose2(double x, double y, double angle) {
    gjk_pose2 p;
    p.position = gjk_v2((gjk_real)x, (gjk_real)y);
    p.rotation = gjk_rot2_from_angle((gjk_real)angle);
    return p;
}

static void compare(const gjk_pair2 *p, double spec, paths_stats *st, const char *label) {
    gjk_manifold2 f = gjk_collide2(p, (gjk_real)spec, NULL);
    gjk_manifold2 g = gjk2_collide_general(p, (gjk_real)spec, NULL);
    double coord = 4 + fmax(gjk_len2(p->pose_a.position), gjk_len2(p->pose_b.position));
    st->pairs++;
    if (f.status != g.status || f.count != g.count || f.normal.x != g.normal.x || f.normal.y != g.normal.y)
        fail_msg("%s (pair %ld): status %d/%d, count %d/%d, normal (%.17g %.17g)/(%.17g %.17g)", label, st->pairs,
                 f.status, g.status, f.count, g.count, f.normal.x, f.normal.y, g.normal.x, g.normal.y);
    st->points += f.count;
    st->two += f.count == 2;
    for (int i = 0; i < f.count; ++i) {
        const gjk_manifold_point2 *a = &f.points[i], *b = &g.points[i];
        if (a->id != b->id) fail_msg("%s (pair %ld): point %d id %08x, general %08x", label, st->pairs, i, a->id, b->id);
        double d = fabs(a->separation - b->separation);
        d = fmax(d, gjk_len2(gjk_sub2(a->point_a, b->point_a)));
        d = fmax(d, gjk_len2(gjk_sub2(a->point_b, b->point_b)));
        st->worst = fmax(st->worst, d / coord);
        if (d > ULPS * coord)
            fail_msg("%s (pair %ld): point %d differs by %.3g (separation %.17g, general %.17g)", label, st->pairs, i,
                     d, a->separation, b->separation);
    }
}

/* A convex n-gon of radius about r, its vertices at jittered angles. */
static gjk_hull2 *random_polygon(test_rng *rng, int n, double r) {
    gjk_vec2 v[32];
    double a0 = test_uniform(rng, 0, 2 * PI);
    for (int j = 0; j < n; ++j) {
        double a = a0 + 2 * PI * (j + test_uniform(rng, -0.3, 0.3)) / n;
        v[j] = gjk_v2((gjk_real)(r * cos(a)), (gjk_real)(r * sin(a)));
    }
    gjk_hull2 *h = gjk_hull2_create(v, n, NULL);
    assert_non_null(h);
    return h;
}

static gjk_hull2 *box_polygon(double hx, double hy) {
    gjk_vec2 v[4] = {{(gjk_real)-hx, (gjk_real)-hy}, {(gjk_real)hx, (gjk_real)-hy}, {(gjk_real)hx, (gjk_real)hy},
                     {(gjk_real)-hx, (gjk_real)hy}};
    gjk_hull2 *h = gjk_hull2_create(v, 4, NULL);
    assert_non_null(h);
    return h;
}

/* Boxes resting on each other, as gjk_box2 boxes and as 4-gons, sharp and rounded: stacks of equal boxes flush,
   nudged sideways and turned at the rounding level, and smaller boxes tilted anywhere over the lower one's top. */
static void test_resting_boxes(void **state) {
    (void)state;
    test_rng rng = {7};
    paths_stats st = {0, 0, 0, 0};
    const double nudges[] = {0, 1e-6, -1e-6, 1e-9, -1e-9};
    for (int i = 0; i < 3000; ++i) {
        bool stack = i % 2 == 0, as_box = i % 4 < 2;
        double hax = test_uniform(&rng, 0.3, 1.5), hay = test_uniform(&rng, 0.2, 1.0);
        double hbx = stack ? hax : test_uniform(&rng, 0.2, 1.0), hby = stack ? hay : test_uniform(&rng, 0.2, 1.0);
        double margin = i % 3 == 0 ? test_uniform(&rng, 0, 0.05) : 0;
        double nudge = nudges[i % 5], turn = stack ? nudges[(i / 5) % 5] * 10 : test_uniform(&rng, -5e-3, 5e-3);
        double rel = turn + (stack || test_uniform(&rng, 0, 1) < 0.5 ? 0 : PI / 2);
        double off = stack ? nudge : test_uniform(&rng, -0.8, 0.8) * hax;
        double down = fabs(sin(rel)) * hbx + fabs(cos(rel)) * hby;
        double sink = test_uniform(&rng, -0.5, 1.0) * 1e-2 * fmin(hay, hby), angle = test_uniform(&rng, -PI, PI);
        gjk_hull2 *ha = NULL, *hb = NULL;
        gjk_shape2 sa, sb;
        if (as_box) {
            sa = gjk_box2(gjk_v2((gjk_real)hax, (gjk_real)hay));
            sb = gjk_box2(gjk_v2((gjk_real)hbx, (gjk_real)hby));
        } else {
            sa = gjk_polygon2(ha = box_polygon(hax, hay));
            sb = gjk_polygon2(hb = box_polygon(hbx, hby));
        }
        sa.margin = sb.margin = (gjk_real)margin;
        gjk_pose2 pa = pose2(test_uniform(&rng, -2, 2), test_uniform(&rng, -2, 2), angle);
        double ly = hay + down + 2 * margin - sink, c = cos(angle), s = sin(angle);
        gjk_pose2 pb = pose2(pa.position.x + c * off - s * ly, pa.position.y + s * off + c * ly, angle + rel);
        gjk_pair2 p = {&sa, pa, &sb, pb};
        compare(&p, 0.02, &st, "resting");
        gjk_pair2 q = {&sb, pb, &sa, pa}; /* roles exchanged */
        compare(&q, 0.02, &st, "resting, exchanged");
        gjk_hull2_destroy(ha);
        gjk_hull2_destroy(hb);
    }
    printf("resting  pairs %6ld, points %6ld (2-point manifolds %5ld); worst difference / size %.2g\n", st.pairs,
           st.points, st.two, st.worst);
    assert_true(st.two > st.pairs / 2); /* the cases meant: mostly two edges clipped */
}

/* Random 4-, 8- and 32-gons and boxes, sharp and rounded, at random poses, moved along the normal to signed
   distances from -0.05 to 0.03 (some beyond the speculative distance 0.02). */
static void test_random_polygons(void **state) {
    (void)state;
    test_rng rng = {11};
    paths_stats st = {0, 0, 0, 0};
    const int sizes[] = {4, 8, 32, 0}; /* 0: a gjk_box2 box */
    for (int i = 0; i < 6000; ++i) {
        gjk_hull2 *h[2] = {NULL, NULL};
        gjk_shape2 s[2];
        for (int k = 0; k < 2; ++k) {
            int n = sizes[test_next(&rng) % 4];
            if (n == 0)
                s[k] = gjk_box2(gjk_v2((gjk_real)test_uniform(&rng, 0.2, 1.2), (gjk_real)test_uniform(&rng, 0.2, 1.2)));
            else
                s[k] = gjk_polygon2(h[k] = random_polygon(&rng, n, test_uniform(&rng, 0.5, 1.5)));
            s[k].margin = (gjk_real)(test_next(&rng) % 3 == 0 ? test_uniform(&rng, 0, 0.05) : 0);
        }
        gjk_pose2 pa = pose2(test_uniform(&rng, -2, 2), test_uniform(&rng, -2, 2), test_uniform(&rng, -PI, PI));
        double dir = test_uniform(&rng, -PI, PI);
        gjk_pose2 pb = pose2(pa.position.x + 4 * cos(dir), pa.position.y + 4 * sin(dir), test_uniform(&rng, -PI, PI));
        gjk_pair2 p = {&s[0], pa, &s[1], pb};
        gjk_result2 r = gjk_signed_distance2(&p, NULL);
        p.pose_b.position = gjk_mad2(pb.position, (gjk_real)(test_uniform(&rng, -0.05, 0.03) - r.distance), r.normal);
        compare(&p, 0.02, &st, "random");
        gjk_hull2_destroy(h[0]);
        gjk_hull2_destroy(h[1]);
    }
    printf("random   pairs %6ld, points %6ld (2-point manifolds %5ld); worst difference / size %.2g\n", st.pairs,
           st.points, st.two, st.worst);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_resting_boxes),
        cmocka_unit_test(test_random_polygons),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
