// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The debug queries (gjk/debug.h): what they record is checked against the answer and against the shapes, and
   they change nothing about the answer.
   - Without skip_closed_forms, every debug query returns the plain query's result bit for bit (the intersect
     query: the same intersect flag), for random pairs of every shape kind, 3D and 2D.
   - With it, GJK (and EPA) answer every pair, and agree with the plain query within the accuracy tolerances.
   - Every recorded vertex has w = a - b, and a and b lie on the shapes (world frame): a wrong frame, a missing
     translation or a swapped witness fails here.
   - A separated pair's last step has its closest point at the core distance (|v| = distance + radius_a +
     radius_b); an overlapping pair's EPA polytope holds the origin, is convex, and its answer face lies at the
     core depth. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

static gjk_debug3 dbg3; /* (33 and 17 KB: not on the stack) */
static gjk_debug2 dbg2;

static int same_bits3(const gjk_result3 *x, const gjk_result3 *y) {
    return x->status == y->status && x->intersect == y->intersect && x->iterations == y->iterations &&
           x->epa_iterations == y->epa_iterations && memcmp(&x->distance, &y->distance, sizeof x->distance) == 0 &&
           memcmp(&x->normal, &y->normal, sizeof x->normal) == 0 &&
           memcmp(&x->point_a, &y->point_a, sizeof x->point_a) == 0 &&
           memcmp(&x->point_b, &y->point_b, sizeof x->point_b) == 0;
}

/* The distance from a world point to a posed shape (0 inside). */
static double off3(const gjk_shape3 *s, gjk_pose3 pose, gjk_vec3 x) {
    gjk_shape3 pt = gjk_point3();
    gjk_pair3 p = {s, pose, &pt, gjk_pose3_make(x, gjk_quat_identity())};
    return gjk_distance3(&p, NULL).distance;
}

static void check_vertex3(const gjk_debug_vertex3 *v, const gjk_pair3 *p, double tol) {
    gjk_vec3 d = gjk_sub3(gjk_sub3(v->a, v->b), v->w);
    assert_true(gjk_len3(d) <= tol);
    /* Core points lie in the shapes (cores are inside their rounded shapes). */
    assert_true(off3(p->a, p->pose_a, v->a) <= tol);
    assert_true(off3(p->b, p->pose_b, v->b) <= tol);
}

static void check_record3(const gjk_debug3 *d, const gjk_pair3 *p, const gjk_result3 *r, double tol) {
    assert_true(d->step_count >= 1 && d->step_count <= GJK_DEBUG_MAX_STEPS);
    assert_true(d->step_count <= r->iterations + 2);
    for (int i = 0; i < d->step_count; ++i) {
        const gjk_debug_step3 *st = &d->steps[i];
        assert_true(st->count >= 1 && st->count <= 4);
        for (int k = 0; k < st->count; ++k) check_vertex3(&st->vertices[k], p, tol);
    }
    const gjk_debug_step3 *last = &d->steps[d->step_count - 1];
    gjk_real R = d->radius_a + d->radius_b;
    if (d->path == GJK_PATH_GJK && !r->intersect) {
        /* |v| is the core distance: the shapes' distance plus both radii. */
        EXPECT_NEAR(gjk_len3(last->closest), r->distance + R, tol);
    }
    if (d->path == GJK_PATH_GJK_EPA && d->epa_vertex_count > 0) {
        assert_true(d->epa_vertex_count >= 4 && d->epa_vertex_count <= GJK_EPA_MAX_VERTICES);
        assert_true(d->epa_face_count >= 4 && d->epa_best_face >= -1 && d->epa_best_face < d->epa_face_count);
        for (int i = 0; i < d->epa_vertex_count; ++i) check_vertex3(&d->epa_vertices[i], p, tol);
        double best = 1e300, answer = 1e300;
        for (int f = 0; f < d->epa_face_count; ++f) {
            const int *fi = d->epa_faces[f];
            for (int k = 0; k < 3; ++k) assert_true(fi[k] >= 0 && fi[k] < d->epa_vertex_count);
            gjk_vec3 a = d->epa_vertices[fi[0]].w, b = d->epa_vertices[fi[1]].w, c = d->epa_vertices[fi[2]].w;
            gjk_vec3 n = gjk_cross3(gjk_sub3(b, a), gjk_sub3(c, a));
            double l = gjk_len3(n);
            /* Slivers have no meaningful plane (in float, the rotation to the world frame rounds the vertices by
               1e-7 of their size, which tilts a small face's plane by that over its edge length). */
            if (!(l > (GJK_USE_FLOAT ? 1e-2 : 1e-6))) continue;
            n = gjk_scale3(n, (gjk_real)(1 / l));
            /* Outward and convex: the origin and every vertex lie behind the plane. */
            double dist = gjk_dot3(n, a);
            assert_true(dist >= -tol);
            for (int i = 0; i < d->epa_vertex_count; ++i) {
                double out = gjk_dot3(n, d->epa_vertices[i].w) - dist;
                if (!(out <= tol)) fail_msg("vertex %d is %g outside face %d (twice its area %g)", i, out, f, l);
            }
            if (dist < best) best = dist;
            if (f == d->epa_best_face) answer = dist;
        }
        /* The depth is the answer face's distance plus the radii, and no face is nearer (EPA stops where its
           bounds meet; 1e-6: the relative convergence tolerance of curved cores). */
        if (r->status == GJK_OK) {
            assert_true(best + R >= -r->distance - 1e-6 - tol);
            if (answer < 1e300) EXPECT_NEAR(answer + R, -r->distance, 1e-6 + tol);
        }
    }
}

static gjk_pose3 random_pose3(test_rng *r, double spread) {
    gjk_vec3 p = test_vec3(r, -spread, spread);
    return gjk_pose3_make(p, test_quat(r));
}

static void test_debug3_random(void **st) {
    (void)st;
    test_rng r = {20261125};
    int paths[4] = {0, 0, 0, 0};
    for (int it = 0; it < 3000; ++it) {
        gjk_hull3 *ha = NULL, *hb = NULL;
        gjk_shape3 a = test_shape3(&r, it % TEST_SHAPE3_KINDS, &ha), b = test_shape3(&r, -1, &hb);
        gjk_pair3 p = {&a, random_pose3(&r, 0.3), &b, random_pose3(&r, 1.8)};
        const double tol = GJK_USE_FLOAT ? 2e-4 : 1e-8;
        const gjk_query_kind kinds[4] = {GJK_QUERY_INTERSECT, GJK_QUERY_DISTANCE, GJK_QUERY_PENETRATION,
                                         GJK_QUERY_SIGNED_DISTANCE};
        for (int k = 0; k < 4; ++k) {
            gjk_result3 plain;
            switch (kinds[k]) {
            case GJK_QUERY_INTERSECT: plain = gjk_intersect3(&p, NULL); break;
            case GJK_QUERY_DISTANCE: plain = gjk_distance3(&p, NULL); break;
            case GJK_QUERY_PENETRATION: plain = gjk_penetration3(&p, NULL); break;
            default: plain = gjk_signed_distance3(&p, NULL); break;
            }
            dbg3.skip_closed_forms = false;
            gjk_result3 same = gjk_query3_debug(kinds[k], &p, NULL, &dbg3);
            if (kinds[k] == GJK_QUERY_INTERSECT) assert_int_equal(same.intersect, plain.intersect);
            else assert_true(same_bits3(&same, &plain));
            assert_false(dbg3.skip_closed_forms);
            if (dbg3.path == GJK_PATH_CLOSED_FORM) assert_int_equal(dbg3.step_count, 0);
            dbg3.skip_closed_forms = true;
            gjk_result3 g = gjk_query3_debug(kinds[k], &p, NULL, &dbg3);
            assert_true(dbg3.skip_closed_forms);
            assert_true(dbg3.path == GJK_PATH_GJK || dbg3.path == GJK_PATH_GJK_EPA);
            ++paths[dbg3.path];
            assert_int_equal(g.intersect, plain.intersect);
            if (kinds[k] == GJK_QUERY_SIGNED_DISTANCE) {
                EXPECT_NEAR(g.distance, plain.distance, tol);
                check_record3(&dbg3, &p, &g, tol);
            }
        }
        /* A cache: the warm-started record starts from the cached simplex. */
        gjk_cache3 cache = {0};
        (void)gjk_signed_distance3(&p, &cache);
        dbg3.skip_closed_forms = true;
        gjk_result3 w = gjk_query3_debug(GJK_QUERY_SIGNED_DISTANCE, &p, &cache, &dbg3);
        check_record3(&dbg3, &p, &w, tol);
        gjk_hull3_destroy(ha);
        gjk_hull3_destroy(hb);
    }
    /* Both GJK alone and GJK + EPA were exercised. */
    assert_true(paths[GJK_PATH_GJK] > 1000 && paths[GJK_PATH_GJK_EPA] > 1000);
}

/* Closed forms answer box pairs without steps; skipping them records GJK and EPA; a known pair's numbers. */
static void test_debug3_known(void **st) {
    (void)st;
    gjk_shape3 a = gjk_box3(gjk_v3(1, 1, 1)), b = gjk_sphere3((gjk_real)0.5);
    gjk_quat q = gjk_quat_from_axis_angle(gjk_v3(0, 0, 1), (gjk_real)0.3);
    gjk_pair3 p = {&a, gjk_pose3_make(gjk_v3(10, 20, 30), q), &b,
                   gjk_pose3_make(gjk_add3(gjk_v3(10, 20, 30), gjk_quat_rotate(q, gjk_v3(2, 0, 0))), q)};
    dbg3.skip_closed_forms = false;
    gjk_result3 r = gjk_query3_debug(GJK_QUERY_SIGNED_DISTANCE, &p, NULL, &dbg3);
    assert_int_equal(dbg3.path, GJK_PATH_CLOSED_FORM);
    assert_int_equal(dbg3.step_count, 0);
    EXPECT_NEAR(r.distance, 0.5, TU(1e-14));
    dbg3.skip_closed_forms = true;
    r = gjk_query3_debug(GJK_QUERY_SIGNED_DISTANCE, &p, NULL, &dbg3);
    assert_int_equal(dbg3.path, GJK_PATH_GJK);
    EXPECT_NEAR(r.distance, 0.5, TU(1e-12));
    EXPECT_NEAR(dbg3.radius_a, 0, 0);
    EXPECT_NEAR(dbg3.radius_b, 0.5, 0);
    /* The sphere's core is its centre: every b is the centre, in world coordinates. */
    gjk_vec3 centre = p.pose_b.position;
    for (int i = 0; i < dbg3.step_count; ++i)
        for (int k = 0; k < dbg3.steps[i].count; ++k)
            assert_true(gjk_len3(gjk_sub3(dbg3.steps[i].vertices[k].b, centre)) <= TU(1e-13) * 40);
    /* Overlap: EPA runs and records its polytope. */
    p.pose_b.position = gjk_add3(gjk_v3(10, 20, 30), gjk_quat_rotate(q, gjk_v3((gjk_real)0.8, 0, 0)));
    r = gjk_query3_debug(GJK_QUERY_SIGNED_DISTANCE, &p, NULL, &dbg3);
    assert_int_equal(dbg3.path, GJK_PATH_GJK_EPA);
    EXPECT_NEAR(r.distance, -0.7, TU(1e-12) * 10);
    assert_true(dbg3.epa_vertex_count >= 4 && dbg3.epa_best_face >= 0);
    check_record3(&dbg3, &p, &r, TU(1e-12) * 100);
    /* Invalid input: nothing recorded, the input flag kept. */
    gjk_shape3 bad = gjk_sphere3(-1);
    gjk_pair3 pb = {&a, p.pose_a, &bad, p.pose_b};
    r = gjk_query3_debug(GJK_QUERY_SIGNED_DISTANCE, &pb, NULL, &dbg3);
    assert_int_equal(r.status, GJK_INVALID_INPUT);
    assert_int_equal(dbg3.path, GJK_PATH_NONE);
    assert_int_equal(dbg3.step_count, 0);
    assert_true(dbg3.skip_closed_forms);
    /* NULL debug: the plain query. */
    r = gjk_query3_debug(GJK_QUERY_DISTANCE, &p, NULL, NULL);
    gjk_result3 plain = gjk_distance3(&p, NULL);
    assert_true(same_bits3(&r, &plain));
}

static int same_bits2(const gjk_result2 *x, const gjk_result2 *y) {
    return x->status == y->status && x->intersect == y->intersect && x->iterations == y->iterations &&
           x->epa_iterations == y->epa_iterations && memcmp(&x->distance, &y->distance, sizeof x->distance) == 0 &&
           memcmp(&x->normal, &y->normal, sizeof x->normal) == 0 &&
           memcmp(&x->point_a, &y->point_a, sizeof x->point_a) == 0 &&
           memcmp(&x->point_b, &y->point_b, sizeof x->point_b) == 0;
}

static double off2(const gjk_shape2 *s, gjk_pose2 pose, gjk_vec2 x) {
    gjk_shape2 pt = gjk_point2();
    gjk_pair2 p = {s, pose, &pt, gjk_pose2_make(x, 0)};
    return gjk_distance2(&p, NULL).distance;
}

static void check_vertex2(const gjk_debug_vertex2 *v, const gjk_pair2 *p, double tol) {
    gjk_vec2 d = gjk_sub2(gjk_sub2(v->a, v->b), v->w);
    assert_true(gjk_len2(d) <= tol);
    assert_true(off2(p->a, p->pose_a, v->a) <= tol);
    assert_true(off2(p->b, p->pose_b, v->b) <= tol);
}

static void check_record2(const gjk_debug2 *d, const gjk_pair2 *p, const gjk_result2 *r, double tol) {
    assert_true(d->step_count >= 1 && d->step_count <= GJK_DEBUG_MAX_STEPS);
    for (int i = 0; i < d->step_count; ++i) {
        assert_true(d->steps[i].count >= 1 && d->steps[i].count <= 3);
        for (int k = 0; k < d->steps[i].count; ++k) check_vertex2(&d->steps[i].vertices[k], p, tol);
    }
    gjk_real R = d->radius_a + d->radius_b;
    const gjk_debug_step2 *last = &d->steps[d->step_count - 1];
    if (d->path == GJK_PATH_GJK && !r->intersect) EXPECT_NEAR(gjk_len2(last->closest), r->distance + R, tol);
    if (d->path == GJK_PATH_GJK_EPA && d->epa_vertex_count > 0) {
        int n = d->epa_vertex_count;
        assert_true(n >= 3 && d->epa_best_edge >= 0 && d->epa_best_edge < n);
        double best = 1e300;
        for (int i = 0; i < n; ++i) {
            check_vertex2(&d->epa_vertices[i], p, tol);
            gjk_vec2 a = d->epa_vertices[i].w, b = d->epa_vertices[(i + 1) % n].w;
            gjk_vec2 e = gjk_sub2(b, a);
            double l = gjk_len2(e);
            if (!(l > 1e-6)) continue;
            gjk_vec2 nrm = gjk_v2((gjk_real)(e.y / l), (gjk_real)(-e.x / l)); /* outward for counter-clockwise */
            double dist = gjk_dot2(nrm, a);
            assert_true(dist >= -tol);
            for (int j = 0; j < n; ++j) assert_true(gjk_dot2(nrm, d->epa_vertices[j].w) <= dist + tol);
            if (dist < best) best = dist;
        }
        if (r->status == GJK_OK) EXPECT_NEAR(best + R, -r->distance, 1e-6 + tol);
    }
}

static void test_debug2_random(void **st) {
    (void)st;
    test_rng r = {1125};
    int paths[4] = {0, 0, 0, 0};
    for (int it = 0; it < 3000; ++it) {
        gjk_hull2 *ha = NULL, *hb = NULL;
        gjk_shape2 a = test_shape2(&r, it % TEST_SHAPE2_KINDS, &ha), b = test_shape2(&r, -1, &hb);
        gjk_real x = (gjk_real)test_uniform(&r, -2, 2), y = (gjk_real)test_uniform(&r, -2, 2);
        gjk_real ang = (gjk_real)test_uniform(&r, -3, 3), ang2 = (gjk_real)test_uniform(&r, -3, 3);
        gjk_pair2 p = {&a, gjk_pose2_make(gjk_v2(1, -2), ang), &b,
                       gjk_pose2_make(gjk_v2(1 + x, -2 + y), ang2)};
        const double tol = GJK_USE_FLOAT ? 2e-4 : 1e-8;
        const gjk_query_kind kinds[4] = {GJK_QUERY_INTERSECT, GJK_QUERY_DISTANCE, GJK_QUERY_PENETRATION,
                                         GJK_QUERY_SIGNED_DISTANCE};
        for (int k = 0; k < 4; ++k) {
            gjk_result2 plain;
            switch (kinds[k]) {
            case GJK_QUERY_INTERSECT: plain = gjk_intersect2(&p, NULL); break;
            case GJK_QUERY_DISTANCE: plain = gjk_distance2(&p, NULL); break;
            case GJK_QUERY_PENETRATION: plain = gjk_penetration2(&p, NULL); break;
            default: plain = gjk_signed_distance2(&p, NULL); break;
            }
            dbg2.skip_closed_forms = false;
            gjk_result2 same = gjk_query2_debug(kinds[k], &p, NULL, &dbg2);
            assert_true(same_bits2(&same, &plain));
            dbg2.skip_closed_forms = true;
            gjk_result2 g = gjk_query2_debug(kinds[k], &p, NULL, &dbg2);
            assert_true(dbg2.path == GJK_PATH_GJK || dbg2.path == GJK_PATH_GJK_EPA);
            ++paths[dbg2.path];
            assert_int_equal(g.intersect, plain.intersect);
            if (kinds[k] == GJK_QUERY_SIGNED_DISTANCE) {
                EXPECT_NEAR(g.distance, plain.distance, tol);
                check_record2(&dbg2, &p, &g, tol);
            }
        }
        gjk_hull2_destroy(ha);
        gjk_hull2_destroy(hb);
    }
    assert_true(paths[GJK_PATH_GJK] > 1000 && paths[GJK_PATH_GJK_EPA] > 1000);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_debug3_known),
        cmocka_unit_test(test_debug3_random),
        cmocka_unit_test(test_debug2_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
